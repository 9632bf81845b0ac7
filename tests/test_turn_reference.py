"""The turn brute force (`benchmarks/riftbound/reference/turn.py`, written apart from the planner) on
turns worked by hand, then against `payplan turn` on turns drawn fresh each run
(`tests/reference/turn_strategies.py`); the campaign is `python -m tests.reference.turn_campaign
N` (README).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from reference import features, fresh
from reference.turn_strategies import drawn_kinds, turn_data
from reference.vocabulary import used
from test_turn_plays_again import QUARTERMASTER_TURN

from payplan.benchmarks.riftbound.reference import turn as ref_turn
from payplan.benchmarks.riftbound.reference.pricing import Unsupported
from payplan.planner.commands import answer


def turn(cards: dict[str, Any], you: dict[str, Any], spec: dict[str, Any] | None = None,
         **state: Any) -> dict[str, Any]:
    return {"format": "payplan/1", "cards": cards, "state": {"you": you, **state},
            "turn": spec or {}}


GRUNT = {"type": "unit", "cost": {"energy": 2}, "might": 2}

# (turn, (value, objective, size)), each worked by hand (default weights: exhaust 1, recycle 3,
# discard 4).
HAND_WORKED: dict[str, tuple[dict[str, Any], tuple[int, int, int]]] = {
    # [A] spell then a [fury] spell on a fury and a calm rune: the [A] pip must take the calm
    # rune; both recycled ready runes: (1 + 3) * 2.
    "any-then-fury": (turn(
        {"wild": {"type": "spell", "cost": {"power": {"any": 1}}},
         "fire": {"type": "spell", "cost": {"power": {"fury": 1}}}},
        {"runes": [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": "calm"}],
         "hand": [{"id": "h1", "card": "wild"}, {"id": "h2", "card": "fire"}]}), (2, 8, 2)),
    # Apprentice ([1], spells [1] less) first: Bolt [2] costs [1]; 1 + 1 runes exhausted.
    "apprentice-first": (turn(
        {"apprentice": {"type": "unit", "cost": {"energy": 1}, "might": 1,
                        "grants": [{"discount": {"energy": 1}, "applies_to": {"type": "spell"}}]},
         "bolt": {"type": "spell", "cost": {"energy": 2}}},
        {"runes": {"fury": 3}, "hand": [{"id": "h1", "card": "bolt"},
                                        {"id": "h2", "card": "apprentice"}]}), (2, 2, 2)),
    # Legion: [3] less [2] once a card was played; two runes: Sage then Legion, [1] + [1].
    "legion": (turn(
        {"sage": {"type": "unit", "cost": {"energy": 1}, "might": 1},
         "legion": {"type": "unit", "cost": {"energy": 3}, "might": 3,
                    "discounts": [{"energy": 2, "if": {"played_this_turn_at_least": 1}}]}},
        {"runes": {"calm": 2}, "hand": [{"id": "h1", "card": "legion"},
                                        {"id": "h2", "card": "sage"}]}), (2, 2, 2)),
    # Offering ([1], discard 1) discards Echo, played from the trash by Flow [1]: 1 + 4 + 1.
    "discard-feeds-flow": (turn(
        {"offering": {"type": "spell", "cost": {"energy": 1},
                      "additional_costs": [{"id": "toss", "mandatory": True,
                                            "cost": {"other": [{"discard": 1}]}}]},
         "echo": {"type": "spell", "cost": {"energy": 5}, "keywords": {"flow": [{"energy": 1}]}}},
        {"runes": {"mind": 2}, "hand": [{"id": "h1", "card": "offering"},
                                        {"id": "h2", "card": "echo"}]}), (2, 6, 2)),
    # Ritual ([1], adds [3]) first pays a Grunt and most of the other: two runes, size 1+2+2.
    "ritual": (turn(
        {"grunt": GRUNT, "ritual": {"type": "spell", "cost": {"energy": 1},
                                    "effect": {"adds": {"energy": 3}}}},
        {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "grunt"},
                                        {"id": "h2", "card": "ritual"},
                                        {"id": "h3", "card": "grunt"}]}), (3, 2, 5)),
    # A Fury-adding spell ([1]) then a [fury] spell from the pool: one rune exhausted (1); the
    # [fury] spell alone would recycle a rune (4), both the other way round 1 + 4 = 5.
    "power-from-an-effect": (turn(
        {"spark": {"type": "spell", "cost": {"energy": 1}, "effect": {"adds": {"power": {"fury": 1}}}},
         "fire": {"type": "spell", "cost": {"power": {"fury": 1}}}},
        {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "fire"},
                                        {"id": "h2", "card": "spark"}]}), (2, 1, 2)),
    # What a recycled rune makes beyond its play floats: [fury] then [1] on one ready rune:
    # recycle it (exhaust 1 + recycle 3), its Energy pays the [1] of the next play.
    "leftover-energy-floats": (turn(
        {"fire": {"type": "spell", "cost": {"power": {"fury": 1}}},
         "tap": {"type": "spell", "cost": {"energy": 1}}},
        {"runes": [{"id": "r1", "domain": "fury"}],
         "hand": [{"id": "h1", "card": "fire"}, {"id": "h2", "card": "tap"}]}), (2, 4, 2)),
    # Values and max_plays: three Grunts on four runes, at most two plays, h3 worth 5.
    "values-max-plays": (turn(
        {"grunt": GRUNT},
        {"runes": {"fury": 4}, "hand": [{"id": f"h{i}", "card": "grunt"} for i in (1, 2, 3)]},
        {"values": {"h3": 5}, "max_plays": 2}), (6, 4, 4)),
    # An explicit list: only h2, worth 3.
    "explicit-list": (turn(
        {"grunt": GRUNT},
        {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "grunt"},
                                        {"id": "h2", "card": "grunt"}]},
        {"candidates": [{"object": "h2"}], "values": {"h2": 3}}), (3, 2, 2)),
    # Accelerate paid (benefit 5 under `auto`): [1] + [1][fury] on two ready runes, one of them
    # recycled: 1 + 4 - 5 = 0, less than the 1 of not paying it.
    "accelerate-benefit": (dict(turn(
        {"rusher": {"type": "unit", "cost": {"energy": 1}, "might": 1, "domains": ["fury"],
                    "keywords": {"accelerate": True}}},
        {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "rusher"}]}),
        objective={"benefits": {"accelerate": 5}}), (1, 0, 3)),
    # Echo ([2], Flow [1]) played from the hand goes to the trash, where its Flow plays it
    # again (a card is played at most once from each zone it is in): 2 + 1 runes exhausted.
    "flow-again": (turn(
        {"echo": {"type": "spell", "cost": {"energy": 2}, "keywords": {"flow": [{"energy": 1}]}}},
        {"runes": {"mind": 3}, "hand": [{"id": "h1", "card": "echo"}]}), (2, 3, 3)),
    # A gear source exhausted for [fury] the Quartermaster does not need, then returned to hand
    # as its cost: the [fury] pays Flare next (Legion: [1] less). Rune 1 + gear 1 + return 2.
    "returned-source": (QUARTERMASTER_TURN, (2, 4, 2)),
    # Nothing payable: value 0.
    "nothing": (turn({"grunt": GRUNT}, {"runes": {"fury": 1},
                                        "hand": [{"id": "h1", "card": "grunt"}]}), (0, 0, 0)),
}


@pytest.mark.parametrize("name", sorted(HAND_WORKED))
def test_the_brute_force_answers_turns_worked_by_hand(name: str) -> None:
    data, want = HAND_WORKED[name]
    assert ref_turn.best_turn(data) == want


@pytest.mark.parametrize("name", sorted(HAND_WORKED))
def test_the_minimal_mode_answers_them_too(name: str) -> None:
    data, want = HAND_WORKED[name]
    assert ref_turn.best_turn(data, minimal=True) == want


@pytest.mark.parametrize("name", sorted(HAND_WORKED))
def test_the_planner_agrees_on_the_hand_worked_turns(name: str) -> None:
    data, _ = HAND_WORKED[name]
    assert ref_turn.compare(data) == []


def test_a_domain_pip_takes_the_pools_domain_power_before_its_any_power() -> None:
    """A Power unit of any domain in the pool and a calm unit a ritual adds: the [calm] spell
    after the ritual takes the calm unit, and the turn ends with the flexible unit in the pool
    (the paying rule, as `plan` alone pays it; the brute force's state after). The planner's
    explicit payments once took the `any` unit (the same value and objective, a weaker pool:
    found by the 5,000-turn campaign, seed 2301)."""
    data = turn({"ritual": {"type": "unit", "domains": ["calm"], "cost": {"energy": 1},
                            "might": 1, "effect": {"adds": {"power": {"calm": 1}}}},
                 "word": {"type": "spell", "domains": ["calm"], "cost": {"power": {"calm": 1}}}},
                {"runes": [{"id": "r1", "domain": "fury"}],
                 "hand": [{"id": "h1", "card": "ritual"}, {"id": "h2", "card": "word"}],
                 "pool": {"power": {"any": 1}}})
    got = answer("turn", copy.deepcopy(data)).to_json()
    assert (got["value"], got["objective"], got["order"]) == (2, 1, ["h1", "h2"])
    assert got["state"]["you"]["pool"] == {"power": {"any": 1}}
    assert ref_turn.compare(data) == []


def restricted_seal(hand: list[str]) -> dict[str, Any]:
    """A gear on the board whose `[exhaust]: add [A][A]` pays units only, no runes, and the
    hand `hand` of units and spells costing [A] each."""
    return turn({"seal": {"type": "gear", "cost": {"energy": 1}},
                 "unit": {"type": "unit", "might": 1, "cost": {"power": {"any": 1}}},
                 "spell": {"type": "spell", "cost": {"power": {"any": 1}}}},
                {"board": [{"id": "g1", "card": "seal"}],
                 "sources": [{"id": "g1", "adds": {"power": {"any": 2}},
                              "only_for": {"type": "unit"}}],
                 "hand": [{"id": f"h{i + 1}", "card": c} for i, c in enumerate(hand)]})


def test_restricted_power_left_in_the_pool_stays_restricted() -> None:
    """The Seal's [A][A] for units, exhausted for the unit's [A] (exhaust 1): the [A] left in
    the pool pays a second unit, never the spell (the restriction binds the Power while it
    floats; the rules notes: a restriction on a source). The brute force once carried it to
    the spell as free Power (the 1,000-turn campaign, seed 12: a Seal's unit-only Power spent
    by a spell's Repeat, objective -6 for -3)."""
    for minimal in (False, True):
        assert ref_turn.best_turn(restricted_seal(["unit", "spell"]), minimal) == (1, 1, 1)
        assert ref_turn.best_turn(restricted_seal(["spell", "unit"]), minimal) == (1, 1, 1)
        assert ref_turn.best_turn(restricted_seal(["unit", "unit"]), minimal) == (2, 1, 2)
    assert ref_turn.compare(restricted_seal(["unit", "unit"])) == []


@pytest.mark.xfail(strict=True, reason="the planner carries a restricted source's Power left "
                   "in the pool to the plays after it as free Power")
def test_the_planner_keeps_restricted_power_restricted() -> None:
    assert ref_turn.compare(restricted_seal(["unit", "spell"])) == []


def test_the_replay_refuses_a_wrong_claim() -> None:
    """The replay itself: the planner's answer with a play's payment taking an exhausted rune,
    a score it does not make, or a summed objective not its plays' is refused."""
    data, _ = HAND_WORKED["apprentice-first"]
    got = answer("turn", copy.deepcopy(data)).to_json()
    assert ref_turn.replay(data, got) == []
    first = got["plays"][0]["payment"]["exhaust"][0]
    bad = copy.deepcopy(got)
    bad["plays"][1]["payment"]["exhaust"] = [first]
    assert any("not open" in p for p in ref_turn.replay(data, bad))
    bad = copy.deepcopy(got)
    bad["plays"][1]["score"] += 1
    assert any("scores" in p for p in ref_turn.replay(data, bad))
    bad = copy.deepcopy(got)
    bad["objective"] -= 1
    assert any(p.startswith("objective") for p in ref_turn.replay(data, bad))


def test_what_the_model_does_not_cover_is_refused() -> None:
    data = turn({"seal": {"type": "gear", "cost": {"energy": 1},
                          "abilities": [{"id": "tap", "kind": "activated",
                                         "cost": {"energy": 1}}]}},
                {"runes": {"fury": 1}, "board": [{"id": "b1", "card": "seal"}]})
    with pytest.raises(Unsupported):
        ref_turn.best_turn(data)


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(turn_data())
def test_fresh_turns_against_the_planner(data: dict[str, Any]) -> None:
    """The brute force over minimal payments (the exhaustive one agrees with it: the next
    test), so that the slice stays small in time."""
    problems = ref_turn.compare(data, ref_turn.best_turn(data, minimal=True))
    assert problems == []


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(turn_data())
def test_the_minimal_payments_lose_nothing(data: dict[str, Any]) -> None:
    """The campaign's `--minimal` mode against the exhaustive one (turn.payments' argument)."""
    assert ref_turn.best_turn(data, minimal=True) == ref_turn.best_turn(data)


def test_the_generator_draws_every_turn_key_and_makes_turns_worth_playing() -> None:
    turns = fresh.turns()
    drawn = used(list(turns))
    for record in [("keys", "TOP_KEYS", "turn"), ("keys", "TURN_KEYS", "candidates"),
                   ("keys", "TURN_KEYS", "max_plays"), ("keys", "TURN_KEYS", "values"),
                   ("keys", "CARD_KEYS", "effect"), ("keys", "EFFECT_KEYS", "adds")]:
        assert record in drawn, record
    names = {name.split("-")[0] for data in turns for name in data["cards"]}
    # Hypothesis's draws are not uniform (a run may stay near some corner for a while): a kind
    # missed is looked for in another batch of fresh turns before the test fails.
    if not set(drawn_kinds()) <= names:
        names |= {name.split("-")[0] for data in fresh.turns(1) for name in data["cards"]}
    assert set(drawn_kinds()) <= names
    listed = [d for d in turns if isinstance(d["turn"].get("candidates"), list)]
    assert listed and any(d["turn"].get("candidates") == "auto" for d in turns)
    # Most turns have a payable play (the planner plays something), over two batches' first
    # turns (one batch's first 40 may hold a run of turns that ban every play).
    sample = list(turns[:40]) + list(fresh.turns(1)[:40])
    played = sum(1 for d in sample if answer("turn", copy.deepcopy(d)).to_json()["order"])
    assert played >= 60, played


# Found by the campaign (seed 200, then cut down by hand to what still fails): the planner
# raises PlanRefused ("total [0] does not match the price of these choices, [1] (rule 353)")
# on this valid turn instead of answering it. Two ready runes (calm, fury); in hand a unit [1]
# granting units [1] less to a minimum of [1], a unit [2] with Accelerate, and a unit [1]
# granting every card [1] less. Every turn file must get an answer (the spec: status ok, exit 0).
# The cause: the search merged states whose boards differ only in order, and reused a move whose
# choices name discounts by their granting object's place on the board (planner.moves.canonical).
PLANNER_RAISES = {
    "format": "payplan/1",
    "cards": {
        "granter-0": {"type": "unit", "domains": ["calm"], "cost": {"energy": 1}, "might": 2,
                      "grants": [{"discount": {"energy": 1, "minimum": {"energy": 1},
                                               "id": "grant-calm"},
                                  "applies_to": {"type": "unit"}}]},
        "accelerate-1": {"type": "unit", "domains": ["calm"], "cost": {"energy": 2},
                         "keywords": {"accelerate": True}, "might": 3},
        "granter-3": {"type": "unit", "domains": ["fury"], "cost": {"energy": 1}, "might": 1,
                      "grants": [{"discount": {"energy": 1, "id": "grant-fury"},
                                  "applies_to": {}}]},
    },
    "state": {"you": {"runes": [{"id": "r3", "domain": "calm"}, {"id": "r4", "domain": "fury"}],
                      "hand": [{"id": "h1", "card": "granter-0"},
                               {"id": "h2", "card": "accelerate-1"},
                               {"id": "h4", "card": "granter-3"}]}},
    "turn": {"candidates": "auto"},
}


def test_the_planner_answers_two_discounting_units_and_an_accelerate_unit() -> None:
    assert ref_turn.compare(PLANNER_RAISES) == []


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(turn_data())
def test_after_each_play_follows_the_payments(data: dict[str, Any]) -> None:
    """The turn's `after` on fresh turns, against the answer's own payments: the runes ready
    after play i are the start's ready runes less those any play up to i exhausted or recycled
    (in the start's rune order), and the last entry is what the answer's `state` holds."""
    got = answer("turn", copy.deepcopy(data)).to_json()
    assert len(got["after"]) == len(got["plays"])
    runes = data["state"]["you"].get("runes") or []
    if isinstance(runes, dict):  # the short form: {domain: count} (no id to follow)
        return
    ready = [r["id"] for r in runes if not r.get("exhausted")]
    for after, p in zip(got["after"], got["plays"]):
        pay = p.get("payment") or {}
        gone = {str(r) for r in pay.get("exhaust") or []} | {
            str(r["rune"]) for r in pay.get("recycle") or []}
        ready = [r for r in ready if r not in gone]
        assert after["ready"] == ready, (p["play"], after, ready)
    if got["plays"]:
        you = got["state"]["you"]
        last = got["after"][-1]
        assert {"ready": last["ready"], "pool": last["pool"]} == {
            "ready": [r["id"] for r in you.get("runes") or [] if not r.get("exhausted")],
            "pool": you.get("pool", {})}  # (`sources`: checked by the replay, `compare`)


# What a play leaves behind (docs/turns.md): a card played this turn with `source` becomes a
# source, a kill or a score of its `effect` makes the conditions of this turn true, a unit killed
# as a cost counts as a death. Each worked by hand (default weights), with the turn mutant that
# loses it, and the planner held to it where it reads the key (`reference.features`).
SEAL = {"type": "gear", "domains": ["calm"], "cost": {"power": {"calm": 1}},
        "source": {"adds": {"power": {"calm": 1}}}}
CALM_WORD = {"type": "spell", "domains": ["calm"], "cost": {"power": {"calm": 1}}}
LEFT_BEHIND: dict[str, tuple[dict[str, Any], tuple[int, int, int], str, str]] = {
    # Calm Seal: recycle the one Calm rune for it (1 + 3); it enters ready and its source pays
    # the [calm] spell (exhaust 1, source 0). Without the source: the Seal alone.
    "seal-pays-next": (turn({"calm-seal": SEAL, "word": CALM_WORD},
                            {"runes": [{"id": "r1", "domain": "calm"}],
                             "hand": [{"id": "h1", "card": "calm-seal"},
                                      {"id": "h2", "card": "word"}]}),
                       (2, 5, 2), "played_sources_ignored", "source"),
    # A unit with a source enters exhausted: it pays nothing this turn (one rune: one play).
    "unit-source-exhausted": (turn(
        {"seer": {"type": "unit", "might": 1, "cost": {"energy": 1},
                  "source": {"adds": {"energy": 1}}},
         "bolt": {"type": "spell", "cost": {"energy": 1}}},
        {"runes": [{"id": "r1", "domain": "fury"}],
         "hand": [{"id": "h1", "card": "seer"}, {"id": "h2", "card": "bolt"}]}),
        (1, 1, 1), "", "source"),
    # Score 5 of 8: the scoring spell [1] first makes 6, within 2 of victory, so the [3] spell
    # costs [1]: two runes exhausted.
    "score-then-closer": (turn(
        {"scorer": {"type": "spell", "cost": {"energy": 1}, "effect": {"score": 1}},
         "closer": {"type": "spell", "cost": {"energy": 3},
                    "discounts": [{"energy": 2, "if": {"within_of_victory": 2}}]}},
        {"runes": {"fury": 3}, "score": 5,
         "hand": [{"id": "h1", "card": "scorer"}, {"id": "h2", "card": "closer"}]}),
        (2, 2, 2), "score_not_kept", "score"),
    # The kill spell [2] kills the enemy unit it targets; Spoils of War [4][fury] then costs
    # [2][fury]: two runes exhausted, then two more and one of them recycled (2 + 5).
    "kill-then-spoils": (turn(
        {"kill": {"type": "spell", "cost": {"energy": 2}, "effect": {"kill": "targets"}},
         "spoils": {"type": "spell", "domains": ["fury"], "cost": {"energy": 4,
                                                                    "power": {"fury": 1}},
                    "discounts": [{"id": "spoils", "energy": 2,
                                   "if": {"opponent_units_died_at_least": 1}}]},
         "enemy": {"type": "unit", "might": 2, "cost": {"energy": 2}}},
        {"runes": {"fury": 5}, "hand": [{"id": "h1", "card": "kill"},
                                        {"id": "h2", "card": "spoils"}]},
        {"candidates": [{"object": "h1", "targets": ["o1"]}, {"object": "h2"}]},
        opponent={"board": [{"id": "o1", "card": "enemy"}]}),
        (2, 7, 5), "effect_kills_nothing", "kill"),
    # Cruel Patron-like [0] kills a friendly unit as its cost (5): a unit died this turn, so the
    # [3] spell costs [1] on the one rune.
    "cost-kill-counts": (turn(
        {"patron": {"type": "unit", "might": 3, "cost": {"energy": 0},
                    "additional_costs": [{"id": "sacrifice", "mandatory": True, "cost": {
                        "other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}}]},
         "avenger": {"type": "spell", "cost": {"energy": 3},
                     "discounts": [{"energy": 2, "if": {"units_died_at_least": 1}}]},
         "minion": {"type": "unit", "might": 1, "cost": {"energy": 1}}},
        {"runes": {"fury": 1}, "board": [{"id": "b1", "card": "minion"}],
         "hand": [{"id": "h1", "card": "patron"}, {"id": "h2", "card": "avenger"}]}),
        (2, 6, 1), "", "deaths"),
}


@pytest.mark.parametrize("name", sorted(LEFT_BEHIND))
def test_what_a_play_leaves_behind_by_hand(name: str) -> None:
    data, want, mutant, _ = LEFT_BEHIND[name]
    assert ref_turn.best_turn(data) == want
    assert ref_turn.best_turn(data, minimal=True) == want
    if mutant:
        assert ref_turn.best_turn(data, mutants=[mutant]) != want


@pytest.mark.parametrize("name", sorted(LEFT_BEHIND))
def test_the_planner_agrees_on_what_a_play_leaves_behind(name: str) -> None:
    data, _, _, key = LEFT_BEHIND[name]
    if not features.has(key):
        pytest.skip(f"the loader does not read `{key}` on this tree")
    assert ref_turn.compare(data) == []


def test_a_token_returned_to_hand_ceases_to_exist() -> None:
    """A Quartermaster [0] returning a gear to hand as its cost (2) may return a Gold token
    (tagged `token`): it ceases to exist (183.1), so it is no candidate after (value 1, not 2).
    Found by the turn campaign (seed 1): the brute force had put it in the hand."""
    data = turn({"quartermaster": {"type": "unit", "might": 2, "cost": {"energy": 0},
                                   "additional_costs": [{"id": "return-gear", "mandatory": True,
                                                         "cost": {"other": [{"return_to_hand": {
                                                             "count": 1,
                                                             "filter": {"type": "gear"}}}]}}]},
                 "gold": {"type": "gear", "tags": ["token"], "cost": {"energy": 0}}},
                {"runes": {"fury": 1}, "board": [{"id": "b9", "card": "gold"}],
                 "hand": [{"id": "h1", "card": "quartermaster"}]})
    assert ref_turn.best_turn(data) == (1, 2, 0)
    assert ref_turn.best_turn(data, mutants=["tokens_kept"]) == (2, 2, 0)
    assert ref_turn.compare(data) == []


def _left_behind_differs(mutant: str) -> Any:
    def differs(data: dict[str, Any]) -> bool:
        try:
            return bool(ref_turn.best_turn(data, True) != ref_turn.best_turn(data, True,
                                                                             [mutant]))
        except Unsupported:
            return False
    return differs


@pytest.mark.slow
@pytest.mark.parametrize("mutant", ref_turn.LEFT_BEHIND_MUTANTS)
def test_the_turn_generator_reaches_each_wrong_reading_of_what_a_play_leaves(
        mutant: str) -> None:
    """A played card's source ignored, an effect's kill killing nothing, its score not kept, a
    token returned to hand kept: each changes the best turn of a generated turn (where the
    loader reads the key the reading needs)."""
    need = {"played_sources_ignored": "source", "effect_kills_nothing": "kill",
            "score_not_kept": "score", "tokens_kept": "deaths"}[mutant]
    if not features.has(need):
        pytest.skip(f"the loader does not read `{need}` on this tree")
    found = find(turn_data(), _left_behind_differs(mutant),
                 settings=settings(max_examples=1500, database=None, phases=[Phase.generate],
                                   suppress_health_check=list(HealthCheck)))
    assert _left_behind_differs(mutant)(found)
