"""The turn search's bounds (`planner/turn.py`, `_Search`), each against what it must never be
stronger than, and each shown able to lose a best turn when made too strong.

- The thresholds: a move then a rest is below a threshold exactly when the rest is below the
  shifted one (`_shift`), on random ranks (a wrong shift prunes a path that is better, or keeps
  equal ones the order of the moves would have lost).
- The relaxations: `fractional_knapsack` is at least the most value of whole plays within the supply,
  `_cover` at most the least use of whole plays worth the need, by brute force over subsets.
- mtg/1's bounds at every state the search meets on generated turns (the bench's `mtg-turn`
  family), against the exact best path on from that state; and each bound made a little too
  strong (a ritual's mana not counted, the free mana not counted, a unit charged one more than
  it can be) is caught on one of those turns, so the check can refute it. The objective floor
  of an optional cost's benefit: a floor of 0 loses the best turn of a reference turn with a
  kicker (against the brute force, benchmarks/mtg/reference/turn.py).
"""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import replace
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import payplan.planner.mtg.moves as mtg_moves
from payplan.benchmarks.generate import families, generate
from payplan.benchmarks.mtg.reference.turn import compare, planner_answer
from payplan.engine.mtg.cards import Play
from payplan.engine.turn import Turn
from payplan.planner.config import SolverConfig
from payplan.planner.kernel import deadline
from payplan.planner.turn import (
    TOP,
    Move,
    _below,
    _cover,
    _Path,
    _Search,
    _shift,
    evolve,
    played_mark,
)
from payplan.planner.turn_bound import fractional_knapsack

# --- Thresholds ---------------------------------------------------------------------------------

position = st.tuples(st.integers(0, 1), st.integers(0, 3))
positions = st.lists(position, max_size=3).map(tuple)
paths = st.builds(_Path, st.integers(0, 4), st.integers(-3, 6), st.integers(0, 6), positions,
                  st.just(()), st.integers(0, 3))


def thresholds() -> st.SearchStrategy[Any]:
    ranked = st.builds(lambda p: (-p.value, -p.x, p.objective, p.size, (1, p.positions)), paths)
    return st.one_of(st.just(TOP), ranked,
                     st.tuples(st.integers(-4, 1), st.integers(-4, 0), st.integers(-3, 6),
                               st.integers(0, 6), st.sampled_from([(0,), (2,)])))


@settings(max_examples=500, deadline=None)
@given(thresholds(), st.integers(0, 3), st.integers(-3, 4), st.integers(0, 4), position, paths,
       st.integers(0, 2))
def test_a_rest_is_below_the_shifted_threshold_exactly_when_the_path_is(
        threshold: Any, value: int, objective: int, size: int, first: tuple[int, int],
        rest: _Path, x: int) -> None:
    move: Move[Any] = Move(None, None, objective, size, x=x)  # type: ignore[arg-type]
    whole = _Path(value + rest.value, objective + rest.objective, size + rest.size,
                  (first,) + rest.positions, x=x + rest.x)
    assert _below(rest, _shift(threshold, value, move, first)) == _below(whole, threshold)


# --- The relaxations ----------------------------------------------------------------------------

items = st.lists(st.tuples(st.integers(0, 4), st.integers(-3, 5)), max_size=6)


@settings(max_examples=300, deadline=None)
@given(items, st.integers(-2, 8))
def test_the_knapsack_is_at_least_the_most_of_whole_plays(plays: list[tuple[int, int]],
                                                          supply: int) -> None:
    most = max((sum(v for v, _ in chosen) for k in range(len(plays) + 1)
                for chosen in itertools.combinations(plays, k)
                if sum(w for _, w in chosen) <= supply), default=None)
    if most is not None:
        assert fractional_knapsack(plays, supply) >= most


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5)), max_size=6), st.integers(1, 8))
def test_the_cover_is_at_most_the_least_use_of_whole_plays(plays: list[tuple[int, int]],
                                                           need: int) -> None:
    least = min((sum(u for _, u in chosen) for k in range(len(plays) + 1)
                 for chosen in itertools.combinations(plays, k)
                 if sum(v for v, _ in chosen) >= need), default=None)
    if least is not None:
        assert _cover(plays, need) <= least


def test_evolve_is_replace() -> None:
    play = Play("h1", "hand", optional={"kicker": "auto"})
    assert evolve(play, zone="graveyard") == replace(play, zone="graveyard")
    assert evolve(play) == play and evolve(play) is not play


# --- mtg/1's supply bounds on turns that can refute them ----------------------------------------

Patch = Callable[[pytest.MonkeyPatch], None]


def _floor_zero(mp: pytest.MonkeyPatch) -> None:
    real = mtg_moves.Moves.floor
    mp.setattr(mtg_moves.Moves, "floor",
               lambda self, c: None if real(self, c) is None else 0)


def _no_adds(mp: pytest.MonkeyPatch) -> None:
    real = mtg_moves.Moves.usage

    def usage(self: Any, c: Any) -> Any:
        u = real(self, c)
        return None if u is None else (u[0], 0, 0)
    mp.setattr(mtg_moves.Moves, "usage", usage)


def _no_free(mp: pytest.MonkeyPatch) -> None:
    real = mtg_moves.Moves.spend

    def spend(self: Any, s: Any) -> Any:
        u = real(self, s)
        return None if u is None else (0, u[1])
    mp.setattr(mtg_moves.Moves, "spend", spend)


def _dearer_units(mp: pytest.MonkeyPatch) -> None:
    real = mtg_moves.Moves.spend

    def spend(self: Any, s: Any) -> Any:
        u = real(self, s)
        return None if u is None else (u[0], u[1] + 1)
    mp.setattr(mtg_moves.Moves, "spend", spend)


def _violations(data: dict[str, Any], states: int = 120, family: str = "mtg-turn") -> int:
    """How many states the search meets where its bound is stronger than the exact best path
    on from there (searched again, with no threshold): a value bound below that path's value,
    or, where only paths worth the bound's value can be below the threshold and that path is
    one, an objective or size bound above its objective or size."""
    ruleset = families()[family][0]
    scenario = ruleset.load(data)
    turn = scenario.turn
    moves = ruleset.turn_moves(scenario)
    first = moves.begin(scenario)
    limit = deadline(SolverConfig(time_limit=60))
    search = _Search(moves, turn, limit, start=first)
    met: list[tuple[Any, ...]] = []
    bound = search.bound

    def recorded(state: Any, played: Any, used: Any, count: int, threshold: Any,
                 after: Any = None) -> Any:
        out = bound(state, played, used, count, threshold, after)
        met.append((state, played, used, count, threshold, out))
        return out
    search.bound = recorded  # type: ignore[method-assign]
    search.best(first, frozenset(), frozenset(), 0)
    bad = 0
    for state, played, used, count, threshold, (most, least, size) in met[:states]:
        exact = _Search(moves, turn, limit, start=first).best(state, played, used, count)
        assert exact is not None
        if most < exact.value:
            bad += 1
        elif exact.value == most == -threshold[0] and least is not None and (
                least > exact.objective or size > exact.size):
            bad += 1
    return bad


@pytest.mark.parametrize("size,seed", [(4, s) for s in range(8)] + [(5, 0), (5, 5)])
def test_the_bounds_hold_at_every_state_met(size: int, seed: int) -> None:
    assert _violations(generate("mtg-turn", size, seed)) == 0


# Each bound made a little too strong, and a generated turn where that is stronger than the best
# path on from some state: the test above would catch it there.
TOO_STRONG: dict[str, tuple[Patch, int, int]] = {
    "a ritual's mana not counted": (_no_adds, 4, 1),
    "the free mana not counted": (_no_free, 4, 2),
    "a unit charged one more": (_dearer_units, 4, 9),
}


@pytest.mark.parametrize("name", sorted(TOO_STRONG))
def test_a_too_strong_bound_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    patch, size, seed = TOO_STRONG[name]
    patch(monkeypatch)
    assert _violations(generate("mtg-turn", size, seed)) > 0


def test_the_kicker_floor_keeps_the_best_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reference turn (kicker with a benefit) whose best turn a floor of 0 loses: the
    brute force finds a lower objective; with the real floors the planner agrees with it."""
    data = _turn(22)
    assert compare(data, planner_answer(data)) == []
    _floor_zero(monkeypatch)
    assert compare(data, planner_answer(data)) != []


def _turn(seed: int) -> dict[str, Any]:
    from tests.mtg_reference.turn_strategies import random_turn

    return random_turn(random.Random(seed))


@pytest.mark.parametrize("size,seed", [(4, s) for s in range(6)])
def test_payplan_bounds_hold_at_every_state_met(size: int, seed: int) -> None:
    assert _violations(generate("turn", size, seed), family="turn") == 0


def test_payplan_floor_takes_off_the_auto_benefits() -> None:
    """An Accelerate card's floor is minus its benefit (its score is at least 0); a card with
    no optional cost and an ability play have 0; a repeatable optional cost with a benefit
    has none (paid a chosen number of times)."""
    from payplan.planner.riftbound.moves import Moves as RiftboundMoves
    from payplan.planner.turn import Candidate

    data = copy.deepcopy(generate("turn", 4, 0))
    first = data["state"]["you"]["hand"][0]
    fast = first["card"]
    data["cards"][fast].setdefault("keywords", {})["accelerate"] = True
    data["objective"] = {"benefits": {"accelerate": 3}}
    benefit = 3
    fast_cards = {fast}
    scenario = families()["turn"][0].load(data)
    moves = RiftboundMoves(scenario)
    floors = {obj.id: moves.floor(Candidate(obj.id, (0,), (), played_mark("hand", obj.id)))
              for obj in scenario.state.you.hand}
    for obj in scenario.state.you.hand:
        assert floors[obj.id] == (-benefit if obj.card in fast_cards else 0)
    assert moves.floor(Candidate("x.ability", (1,), (), None)) == 0


# --- The ordered search (`_Search`'s `ordered`): only where the plays commute. On a turn where
# the order of the plays matters (a discounting unit after the spells it discounts), the
# search forced into candidate order loses the best turn: the ruleset's guard (plain turns in
# the deferred mode only) is what keeps it exact, and comparing the two searches catches one
# applied too widely (`tests/test_turn_relaxation.py` compares them on plain turns).


def _payplan_turn(data: dict[str, Any], ordered: bool) -> dict[str, Any]:
    from payplan.engine.discounts import Deadline
    from payplan.planner.riftbound.bound import relaxation
    from payplan.planner.riftbound.ruleset import FORMAT
    from payplan.planner.rulesets import for_data
    from payplan.planner.turn import plan_turn, turn_of

    ruleset = for_data(data)
    scenario = ruleset.load(copy.deepcopy(data))
    moves = ruleset.turn_moves(scenario)
    return plan_turn(moves, scenario, turn_of(scenario), FORMAT, Deadline(),
                     relax=relaxation(scenario, moves.rune_cost), ordered=ordered).to_json()


APPRENTICE_LAST = {
    # examples/turns/01-apprentice-first.yaml with the hand in the other order: the Apprentice
    # (spells cost [1] less, to [1]) must be played before the spells, after them in the hand.
    "format": "payplan/1",
    "cards": {
        "apprentice": {"type": "unit", "cost": {"energy": 2}, "grants": [{
            "discount": {"id": "eager-apprentice", "energy": 1, "minimum": {"energy": 1}},
            "applies_to": {"type": "spell"}}]},
        "wild-bolt": {"type": "spell", "cost": {"energy": 1, "power": {"any": 1}}},
        "calm-word": {"type": "spell", "cost": {"energy": 2, "power": {"calm": 1}}}},
    "state": {"you": {
        "runes": [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": "fury"},
                  {"id": "r3", "domain": "calm"}, {"id": "r4", "domain": "mind"}],
        "hand": [{"id": "h1", "card": "calm-word"}, {"id": "h2", "card": "wild-bolt"},
                 {"id": "h3", "card": "apprentice"}]}},
    "turn": {"candidates": "auto"}}


def test_the_ordered_search_forced_where_order_matters_loses_the_best_turn() -> None:
    plain = _payplan_turn(APPRENTICE_LAST, False)
    assert (plain["value"], plain["objective"], plain["order"]) == (3, 10, ["h2", "h3", "h1"])
    assert _payplan_turn(APPRENTICE_LAST, True)["value"] < 3
    from payplan.planner.riftbound.whole_turn import whole_turn
    from payplan.planner.rulesets import for_data

    assert whole_turn(for_data(APPRENTICE_LAST).load(copy.deepcopy(APPRENTICE_LAST)),
                      Turn()) is None  # a discount: not a plain turn, so never ordered


# --- mtg/1's plain turns (`planner/mtg/whole_turn.py`): instants and sorceries over basic
# lands. The ordered search and the whole-turn model's incumbent (any incumbent) leave every
# answer byte for byte the plain search's, which is the brute force's
# (benchmarks/mtg/reference/turn.py, which neither orders nor seeds its search).

BASIC = {"W": "plains", "R": "mountain", "G": "forest"}


def plain_mtg_turn(rng: random.Random) -> dict[str, Any]:
    """2-5 instants or sorceries ({0}-{2} and 0-2 pips), 1-4 basic lands some tapped, now and
    then a pool; values 0-3, now and then `max_plays`."""
    colors = rng.sample(sorted(BASIC), 2)
    cards: dict[str, Any] = {BASIC[c]: {"types": ["land"], "mana": [{"adds": f"{{{c}}}"}]}
                             for c in colors}
    hand = []
    for i in range(rng.randint(2, 5)):
        generic = rng.randint(0, 2)
        pips = "".join(f"{{{rng.choice(colors)}}}" for _ in range(rng.randint(0, 2)))
        cards[f"s{i}"] = {"types": [rng.choice(("instant", "sorcery"))],
                          "cost": (f"{{{generic}}}" if generic or not pips else "") + pips}
        hand.append({"id": f"h{i}", "card": f"s{i}"})
    lands = [{"id": f"l{j}", "card": BASIC[rng.choice(colors)], "tapped": rng.random() < 0.2}
             for j in range(rng.randint(1, 4))]
    you: dict[str, Any] = {"battlefield": lands, "hand": hand}
    if rng.random() < 0.3:
        you["mana_pool"] = f"{{{rng.choice(colors)}}}"
    turn: dict[str, Any] = {"values": {h["id"]: rng.randint(0, 3) for h in hand
                                       if rng.random() < 0.7}}
    if rng.random() < 0.2:
        turn["max_plays"] = rng.randint(1, 3)
    return {"format": "mtg/1", "cards": cards, "state": {"phase": "main", "you": you},
            "turn": turn}


MTG_PLAIN = [plain_mtg_turn(random.Random(3600 + i)) for i in range(40)]


def _mtg_turn(data: dict[str, Any], ordered: bool, aim: Any) -> dict[str, Any]:
    from payplan.engine.discounts import Deadline
    from payplan.planner.mtg.moves import Moves
    from payplan.planner.mtg.ruleset import FORMAT
    from payplan.planner.rulesets import for_data
    from payplan.planner.turn import plan_turn, turn_of

    scenario = for_data(data).load(copy.deepcopy(data))
    turn = turn_of(scenario)
    return plan_turn(Moves(scenario, SolverConfig(), turn.candidates), scenario, turn, FORMAT,
                     Deadline(), aim=aim, ordered=ordered).to_json()


def _mtg_model(data: dict[str, Any]) -> Any:
    from payplan.planner.mtg.moves import Moves
    from payplan.planner.mtg.whole_turn import whole_turn
    from payplan.planner.rulesets import for_data
    from payplan.planner.turn import turn_of

    scenario = for_data(data).load(copy.deepcopy(data))
    turn = turn_of(scenario)
    return whole_turn(scenario, turn, Moves(scenario, SolverConfig(), turn.candidates).deferred)


def test_mtg_plain_turns_are_the_brute_forces_searched_in_order_from_any_incumbent() -> None:
    rng = random.Random(36)
    for data in MTG_PLAIN:
        model = _mtg_model(data)
        assert model is not None, data  # every card plain: the ruleset orders and seeds it
        plain = _mtg_turn(data, False, None)
        assert compare(copy.deepcopy(data), plain) == [], data
        assert planner_answer(copy.deepcopy(data)) == plain, data
        assert _mtg_turn(data, True, None) == plain, data

        def random_aim(candidates: Any, seconds: float) -> list[int]:
            return [i for i in range(len(candidates)) if rng.random() < 0.5]
        assert _mtg_turn(data, True, random_aim) == plain, data


def test_mtg_turns_that_are_not_plain_are_neither_ordered_nor_seeded() -> None:
    data = copy.deepcopy(MTG_PLAIN[0])
    assert _mtg_model(data) is not None
    land_in_hand = copy.deepcopy(data)  # a land play adds mana during the turn
    land_in_hand["state"]["you"]["hand"].append({"id": "h9", "card": "plains"})
    land_in_hand["cards"]["plains"] = {"types": ["land"], "mana": [{"adds": "{W}"}]}
    kicker = copy.deepcopy(data)  # what a cast pays may differ from its printed cost
    kicker["cards"]["s0"]["kicker"] = "{1}"
    ritual = copy.deepcopy(data)  # adds mana during the turn
    ritual["cards"]["s0"]["effect"] = {"adds": "{R}{R}"}
    x_spell = copy.deepcopy(data)  # X is chosen on the state the cast meets
    x_spell["cards"]["s0"]["cost"] = "{X}{R}"
    for changed in (land_in_hand, kicker, ritual, x_spell):
        assert _mtg_model(changed) is None, changed


def test_the_mtg_ordered_search_forced_with_a_land_in_hand_loses_the_best_turn() -> None:
    data = {"format": "mtg/1",
            "cards": {"forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
                      "growth": {"types": ["instant"], "cost": "{1}{G}"}},
            "state": {"phase": "main", "you": {
                "battlefield": [{"id": "l1", "card": "forest"}],
                "hand": [{"id": "h1", "card": "growth"}, {"id": "h2", "card": "forest"}]}},
            "turn": {"values": {"h1": 2, "h2": 0}}}
    plain = _mtg_turn(data, False, None)
    assert (plain["value"], plain["order"]) == (2, ["h2", "h1"])
    assert _mtg_turn(data, True, None)["value"] == 0
    assert _mtg_model(data) is None
