"""payplan/1's resource relaxation (`planner/riftbound/bound.py`), built to break it.

- The table (`knapsack2`) is the most of whole plays within both totals and the fractions
  (`turn_bound.fractional_knapsack`) at least that, by brute force over every subset.
- On generated plain turns (spells, runes some exhausted, a pool with Energy, Power of a domain
  and of any domain, values 0-3): at every state the search meets, the relaxation is at least
  the exact best value on from that state (searched again, with no relaxation); and the turn
  the planner answers is the turn brute force's (`benchmarks/riftbound/reference/turn.py`,
  which has no such bound), value, objective and size. The generator draws turns where the
  bound is tight (it equals the best value at the start) on purpose: most of them.
- Where only rests worth the need asked can beat the best so far, the least objective the runes
  add for such a rest and its least size (`cover`, checked against every subset): at every
  state asked, at most the exact best path's when that path is worth the need.
- Each way of making it a little too strong (the pool's Energy not counted, the pool's
  any-domain Power not counted, the peak spent counted twice, the rest's objective or size one
  more) is caught on one of those turns.
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any, Callable

import pytest

import payplan.planner.riftbound.bound as bound
from payplan.benchmarks.riftbound.reference import turn as ref_turn
from payplan.engine.discounts import Deadline
from payplan.planner.riftbound.ruleset import FORMAT
from payplan.planner.rulesets import for_data
from payplan.planner.turn import _Search
from payplan.planner.turn_bound import fractional_knapsack

DOMAINS = ("fury", "calm", "mind")


@pytest.mark.parametrize("seed", range(40))
def test_the_cover_against_every_subset(seed: int) -> None:
    rng = random.Random(seed)
    items = [(rng.randint(1, 4), rng.randint(0, 3)) for _ in range(rng.randint(0, 7))]
    need = rng.randint(1, 8)
    worth = [sum(w for _, w in chosen) for r in range(len(items) + 1)
             for chosen in itertools.combinations(items, r) if sum(v for v, _ in chosen) >= need]
    assert bound.cover([v for v, _ in items], [w for _, w in items], need) == (
        min(worth) if worth else None)


@pytest.mark.parametrize("seed", range(40))
def test_the_table_and_the_fractions_against_every_subset(seed: int) -> None:
    rng = random.Random(seed)
    items = [(rng.randint(0, 4), rng.randint(0, 3), rng.randint(0, 3))
             for _ in range(rng.randint(0, 7))]
    energy, power = rng.randint(0, 6), rng.randint(0, 6)
    best = max(sum(v for v, _, _ in chosen)
               for r in range(len(items) + 1) for chosen in itertools.combinations(items, r)
               if sum(e for _, e, _ in chosen) <= energy and sum(p for _, _, p in chosen) <= power)
    assert bound.knapsack2(items, energy, power) == best
    assert fractional_knapsack([(v, e) for v, e, _ in items], energy) >= best
    assert fractional_knapsack([(v, p) for v, _, p in items], power) >= best


def plain_turn(rng: random.Random) -> dict[str, Any]:
    """A plain payplan/1 turn: 2-5 spells, 1-4 runes, maybe a pool; values 0-3."""
    cards: dict[str, Any] = {}
    hand = []
    for i in range(rng.randint(2, 5)):
        cost: dict[str, Any] = {"energy": rng.randint(0, 3)}
        power = {d: 1 for d in rng.sample((*DOMAINS, "any"), rng.randint(0, 2))}
        if power:
            cost["power"] = power
        cards[f"c{i}"] = {"type": "spell", "cost": cost}
        hand.append({"id": f"h{i}", "card": f"c{i}"})
    runes = [{"id": f"r{j}", "domain": rng.choice(DOMAINS), "exhausted": rng.random() < 0.2}
             for j in range(rng.randint(1, 4))]
    you: dict[str, Any] = {"runes": runes, "hand": hand}
    if rng.random() < 0.5:
        you["pool"] = {"energy": rng.randint(0, 2),
                       "power": {rng.choice((*DOMAINS, "any")): rng.randint(1, 2)}}
    values = {h["id"]: rng.randint(0, 3) for h in hand if rng.random() < 0.6}
    return {"format": FORMAT, "cards": cards, "state": {"you": you}, "turn": {"values": values}}


def _violations(data: dict[str, Any]) -> tuple[int, bool]:
    """How many states the search meets where the relaxation is stronger than the exact best
    path on from there (its value bound below that path's value; or, where that path is worth
    exactly the need asked, its objective or size bound above that path's), and whether the
    value bound is tight at the start."""
    ruleset = for_data(data)
    scenario = ruleset.load(copy.deepcopy(data))
    moves = ruleset.turn_moves(scenario)
    relax = bound.relaxation(scenario, moves.rune_cost)
    assert relax is not None
    first = moves.begin(scenario)
    turn = scenario.turn
    search = _Search(moves, turn, Deadline(), start=first, relax=relax)
    met: list[tuple[Any, ...]] = []
    real = relax.most

    def recorded(state: Any, plays: Any, items: Any, need: int = 0) -> Any:
        out = real(state, plays, items, need)
        met.append((state, plays, out))
        return out
    relax.most = recorded  # type: ignore[method-assign]
    asked: list[tuple[Any, ...]] = []
    real_least = relax.least

    def recorded_least(state: Any, plays: Any, items: Any, need: int) -> Any:
        out = real_least(state, plays, items, need)
        asked.append((state, plays, need, out))
        return out
    relax.least = recorded_least  # type: ignore[method-assign]
    search.best(first, frozenset(), frozenset(), 0)
    bad = 0
    tight = False

    def exact(state: Any, played: Any, used: Any) -> Any:
        found = _Search(moves, turn, Deadline(), start=first).best(state, played, used,
                                                                    len(played))
        assert found is not None
        return found
    for state, (played, used, _), most in met[:150]:
        if most is None:
            continue
        best = exact(state, played, used)
        if most < best.value:
            bad += 1
        if not played and most == best.value:
            tight = True
    for state, (played, used, _), need, out in asked[:150]:
        best = exact(state, played, used)
        if out is not None and best.value == need and (out[0] > best.objective
                                                       or out[1] > best.size):
            bad += 1
    return bad, tight


TURNS = [plain_turn(random.Random(7000 + i)) for i in range(60)]


def test_the_relaxation_holds_at_every_state_and_is_often_tight() -> None:
    tight = 0
    for data in TURNS:
        bad, is_tight = _violations(data)
        assert bad == 0, data
        tight += is_tight
    assert tight >= len(TURNS) // 2


def test_the_planner_is_the_brute_forces_turn_on_plain_turns() -> None:
    for data in TURNS:
        assert ref_turn.compare(copy.deepcopy(data),
                                ref_turn.best_turn(copy.deepcopy(data))) == [], data


def _no_pool_energy(mp: pytest.MonkeyPatch) -> None:
    real = bound.Relaxation.__init__

    def init(self: Any, scenario: Any, *rest: Any) -> None:
        real(self, scenario, *rest)
        self.energy -= scenario.state.you.pool.energy
    mp.setattr(bound.Relaxation, "__init__", init)


def _no_wild_power(mp: pytest.MonkeyPatch) -> None:
    real = bound.Relaxation.__init__

    def init(self: Any, scenario: Any, *rest: Any) -> None:
        real(self, scenario, *rest)
        self.power -= self.wild
        self.wild = 0
    mp.setattr(bound.Relaxation, "__init__", init)


def _peak_twice(mp: pytest.MonkeyPatch) -> None:
    real = bound.Relaxation.left

    def left(self: Any, state: Any) -> Any:
        out = real(self, state)
        return None if out is None else (out[0] - state.peak, out[1], out[2])
    mp.setattr(bound.Relaxation, "left", left)


def _dearer_rest(mp: pytest.MonkeyPatch) -> None:
    real = bound.Relaxation._least

    def least(self: Any, *args: Any) -> Any:
        out = real(self, *args)
        return None if out is None else (out[0] + 1, out[1])
    mp.setattr(bound.Relaxation, "_least", least)


def _larger_rest(mp: pytest.MonkeyPatch) -> None:
    real = bound.Relaxation._least

    def least(self: Any, *args: Any) -> Any:
        out = real(self, *args)
        return None if out is None else (out[0], out[1] + 1)
    mp.setattr(bound.Relaxation, "_least", least)


TOO_STRONG: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "the rest's objective one more": _dearer_rest,
    "the rest's size one more": _larger_rest,
    "the pool's Energy not counted": _no_pool_energy,
    "the pool's any-domain Power not counted": _no_wild_power,
    "the Energy spent counted twice": _peak_twice,
}


@pytest.mark.parametrize("name", sorted(TOO_STRONG))
def test_a_too_strong_relaxation_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    TOO_STRONG[name](monkeypatch)
    assert any(_violations(data)[0] for data in TURNS)
