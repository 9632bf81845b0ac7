"""payplan/1 turns: what a play leaves behind for the plays after it (docs/turns.md,
docs/payplan-format.md): a card played this turn that becomes a source (card key `source`), a
card whose resolution kills its targets (`effect: {kill: targets}`) or scores (`effect: {score:
N}`), and the units that died this turn (`units_died_this_turn`, the conditions
`units_died_at_least` / `opponent_units_died_at_least`).

Each answer here is worked by hand in its test. Every test failed before these keys existed (the
loader refused them: "unknown key"), and the two pruning tests fail when the turn's payments
drop the activation they keep (checked by hand, cutting `_last_chances` back to the costs)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig
from payplan.planner.kernel import deadline
from payplan.planner.riftbound.moves import Moves
from payplan.planner.riftbound.ruleset import RULESET, turn_refused
from payplan.planner.turn import plan_turn, turn_of

CONFIG = SolverConfig(time_limit=60)

SEAL: dict[str, Any] = {"name": "Calm Seal", "type": "gear", "domains": ["calm"],
                        "cost": {"power": {"calm": 1}},
                        "source": {"adds": {"power": {"calm": 1}}}}
WORD: dict[str, Any] = {"name": "Calm Word", "type": "spell", "domains": ["calm"],
                        "cost": {"power": {"calm": 1}}}
GRUNT: dict[str, Any] = {"name": "Grunt", "type": "unit", "domains": ["fury"],
                         "cost": {"energy": 1}, "might": 2}
SPOILS: dict[str, Any] = {
    "name": "Spoils of War", "type": "spell", "domains": ["fury"], "timing": "reaction",
    "cost": {"energy": 4, "power": {"fury": 1}},
    "discounts": [{"id": "spoils", "energy": 2, "if": {"opponent_units_died_at_least": 1}}]}
KILL: dict[str, Any] = {"name": "Kill Spell", "type": "spell", "domains": ["fury"],
                        "cost": {"energy": 2}, "effect": {"kill": "targets"}}


def run(command: str, data: dict[str, Any]) -> dict[str, Any]:
    return answer(command, copy.deepcopy(data), CONFIG).to_json()


def turn(cards: dict[str, Any], you: dict[str, Any], candidates: Any = "auto",
         **state: Any) -> dict[str, Any]:
    return {"format": "payplan/1", "cards": cards, "state": {"you": you, **state},
            "turn": {"candidates": candidates}}


# --- A card played this turn becomes a source --------------------------------------------------


def test_a_seal_played_this_turn_pays_for_the_spell_after_it() -> None:
    """One ready Calm rune; the Seal ([calm]) and a [calm] spell. The Seal recycles the rune
    (exhaust 1 + recycle 3 = 4: a ready rune recycled is charged its exhaustion too) and
    enters ready (a gear, 147.1) with its source; the spell exhausts it (1, source weight 0).
    Value 2, objective 5. Without the source the spell can't follow: value 1."""
    out = run("turn", turn({"calm-seal": SEAL, "calm-word": WORD},
                           {"runes": {"calm": 1},
                            "hand": [{"id": "h1", "card": "calm-seal"},
                                     {"id": "h2", "card": "calm-word"}]}))
    assert (out["value"], out["objective"], out["order"]) == (2, 5, ["h1", "h2"])
    assert out["plays"][1]["payment"]["sources"] == ["h1"]
    you = out["state"]["you"]
    assert you["sources"] == [{"id": "h1", "adds": {"power": {"calm": 1}}, "costs": ["exhaust"]}]
    assert you["board"] == [{"id": "h1", "card": "calm-seal", "location": "base",
                             "exhausted": True}]


def test_a_unit_source_enters_exhausted_unless_accelerated() -> None:
    """A unit whose source exhausts it ("[Exhaust]: add [3]" here) enters exhausted (731): with
    three Calm runes, the unit ([1]) and a [3] spell can't both be made (two runes left).
    With Accelerate ([1][calm] more) paid, it enters ready: the unit takes all three runes
    (one exhausted and recycled for [1][calm], two more for [2]) and its [3] pays the spell."""
    sage = {"name": "Sage", "type": "unit", "domains": ["calm"], "cost": {"energy": 1},
            "might": 1, "source": {"adds": {"energy": 3}}}
    bolt = {"name": "Bolt", "type": "spell", "domains": ["calm"], "cost": {"energy": 3}}
    you = {"runes": {"calm": 3}, "hand": [{"id": "h1", "card": "sage"},
                                          {"id": "h2", "card": "bolt"}]}
    assert run("turn", turn({"sage": sage, "bolt": bolt}, you))["value"] == 1
    sage["keywords"] = {"accelerate": True}
    out = run("turn", turn({"sage": sage, "bolt": bolt}, you))
    assert (out["value"], out["order"]) == (2, ["h1", "h2"])
    assert out["plays"][0]["paid_optional"] == ["accelerate"]
    assert out["plays"][1]["payment"]["sources"] == ["h1"]


def test_a_countered_or_spell_card_makes_no_source() -> None:
    """A spell with `source` goes to the trash: no source; a countered gear too."""
    spell_seal = dict(SEAL, type="spell")
    out = run("play", {"format": "payplan/1", "cards": {"s": spell_seal},
                       "state": {"you": {"runes": {"calm": 1}, "hand": [{"id": "h1", "card": "s"}]}},
                       "play": {"object": "h1"}})
    assert "sources" not in out["state"]["you"]
    out = run("play", {"format": "payplan/1", "cards": {"s": SEAL},
                       "state": {"you": {"runes": {"calm": 1}, "hand": [{"id": "h1", "card": "s"}]}},
                       "play": {"object": "h1", "leaves_chain": {"by": "counter"}}})
    assert "sources" not in out["state"]["you"]
    assert out["state"]["you"]["trash"] == [{"id": "h1", "card": "s"}]


# --- Kills and deaths ---------------------------------------------------------------------------


def kill_then_spoils(runes: int, effect: bool = True) -> dict[str, Any]:
    cards = {"kill-spell": dict(KILL) if effect else {k: v for k, v in KILL.items()
                                                       if k != "effect"},
             "spoils-of-war": SPOILS, "grunt": GRUNT}
    return {"format": "payplan/1", "cards": cards,
            "state": {"you": {"runes": {"fury": runes},
                              "hand": [{"id": "h1", "card": "kill-spell"},
                                       {"id": "h2", "card": "spoils-of-war"}]},
                      "opponent": {"board": [{"id": "o1", "card": "grunt"}]}},
            "plays": [{"object": "h1", "targets": ["o1"]}, {"object": "h2"}]}


def test_a_kill_makes_spoils_of_war_cheaper() -> None:
    """Five Fury runes. The kill spell ([2], two runes exhausted: 2) kills o1: it goes to the
    opponent's trash and `units_died_this_turn` is 1. Spoils of War then costs [2][fury]
    (two runes exhausted and one recycled: 5, as examples/cards/55 pays it). Without the kill
    effect it costs [4][fury] and the three runes left can't pay it: `stopped_at: 1`."""
    out = run("play", kill_then_spoils(5))
    assert out["stopped_at"] is None
    assert [p["score"] for p in out["plays"]] == [2, 5]
    assert out["plays"][1]["total"] == {"energy": 2, "power": {"fury": 1}}
    opponent = out["state"]["opponent"]
    assert opponent == {"trash": [{"id": "o1", "card": "grunt"}], "units_died_this_turn": 1}
    out = run("play", kill_then_spoils(5, effect=False))
    assert out["stopped_at"] == 1


def test_the_turn_kills_then_plays_spoils() -> None:
    """The same as a turn with the kill listed (a card play's targets are the listing's)."""
    data = kill_then_spoils(5)
    data["turn"] = {"candidates": data.pop("plays")}
    out = run("turn", data)
    assert (out["value"], out["objective"], out["order"]) == (2, 7, ["h1", "h2"])


def test_a_countered_kill_kills_nothing_and_a_token_ceases() -> None:
    data = kill_then_spoils(5)
    data["plays"] = [{"object": "h1", "targets": ["o1"], "leaves_chain": {"by": "counter"}}]
    out = run("play", data)
    assert out["state"]["opponent"] == {"board": [{"id": "o1", "card": "grunt"}]}
    data = kill_then_spoils(5)
    data["cards"]["grunt"] = dict(GRUNT, tags=["token"])
    data["plays"] = data["plays"][:1]
    out = run("play", data)
    assert out["state"]["opponent"] == {"units_died_this_turn": 1}


def test_a_unit_killed_as_a_cost_died_and_a_gear_did_not() -> None:
    """Cruel Patron's "kill a friendly unit" as an additional cost: your unit died this turn;
    a gear killed the same way is no unit."""
    patron = {"name": "Cruel Patron", "type": "unit", "cost": {
        "energy": 0, "other": [{"kill": {"count": 1, "filter": {}}}]}, "might": 3}
    for victim, died in (("grunt", 1), ("gear", 0)):
        data = {"format": "payplan/1",
                "cards": {"patron": patron, "grunt": GRUNT, "gear": {"type": "gear"}},
                "state": {"you": {"hand": [{"id": "h1", "card": "patron"}],
                                  "board": [{"id": "b1", "card": victim}]}},
                "play": {"object": "h1"}}
        out = run("play", data)
        assert out["state"]["you"].get("units_died_this_turn", 0) == died


def test_a_source_a_play_kills_may_pay_more_than_it_needs() -> None:
    """Built to break the minimal payments: a spell ([1]) that kills its target, your own Calm
    Seal; then a [calm] spell. The only [calm] is the Seal's, and the Seal is gone after the
    first play: the first play's payment must exhaust it too (floating [calm]), a payment
    that pays more than the play needs. Value 2: the kill spell (rune 1 + Seal 1), the word
    from the pool (0)."""
    gear_kill = dict(KILL, cost={"energy": 1})
    data = {"format": "payplan/1",
            "cards": {"kill-spell": gear_kill, "calm-word": WORD, "calm-seal": SEAL},
            "state": {"you": {"runes": {"fury": 1}, "hand": [{"id": "h1", "card": "kill-spell"},
                                                             {"id": "h2", "card": "calm-word"}],
                              "board": [{"id": "g1", "card": "calm-seal"}],
                              "sources": [{"id": "g1", "adds": {"power": {"calm": 1}}}]}},
            "turn": {"candidates": [{"object": "h1", "targets": ["g1"]}, {"object": "h2"}]}}
    out = run("turn", data)
    assert (out["value"], out["objective"], out["order"]) == (2, 2, ["h1", "h2"])
    assert out["plays"][0]["payment"]["sources"] == ["g1"]
    assert out["state"]["you"]["trash"] == [{"id": "g1", "card": "calm-seal"},
                                            {"id": "h1", "card": "kill-spell"},
                                            {"id": "h2", "card": "calm-word"}]


def test_a_unit_killed_for_its_source_sooner_makes_a_death_condition_true() -> None:
    """Built to break the minimal payments where deaths are read: a free spell first, then a
    [3] spell that costs [2] less if a unit of yours died this turn. A unit whose source kills
    it adds [1]. Paying the free spell needs nothing; activating the unit there anyway (its
    [1] floats, its death counts) makes the second spell [1], paid from the pool. Priced
    after a minimal first play, the second costs [3]: one rune and the unit give 2. Value 2."""
    cards = {"free": {"type": "spell", "cost": {}},
             "rally": {"type": "spell", "cost": {"energy": 3},
                       "discounts": [{"energy": 2, "if": {"units_died_at_least": 1}}]},
             "grunt": GRUNT}
    data = {"format": "payplan/1", "cards": cards,
            "state": {"you": {"runes": {"fury": 1},
                              "hand": [{"id": "h1", "card": "free"}, {"id": "h2", "card": "rally"}],
                              "board": [{"id": "u1", "card": "grunt"}],
                              "sources": [{"id": "u1", "adds": {"energy": 1}, "costs": ["kill"]}]}},
            "turn": {"candidates": "auto"}}
    out = run("turn", data)
    assert (out["value"], out["order"]) == (2, ["h1", "h2"])
    assert out["state"]["you"]["units_died_this_turn"] == 1


# --- Scores -------------------------------------------------------------------------------------


def test_a_score_makes_a_within_of_victory_discount_hold() -> None:
    """Your score 5, victory 8. h1 [1] scores 1 (6); h2 [3] costs [2] less within 2 of victory
    (6 >= 8 - 2). Three runes: h1 then h2, one rune each: value 2, objective 2. h2 first costs
    [3] and nothing is left for h1."""
    cards = {"point": {"type": "spell", "cost": {"energy": 1}, "effect": {"score": 1}},
             "finisher": {"type": "spell", "cost": {"energy": 3},
                          "discounts": [{"energy": 2, "if": {"within_of_victory": 2}}]}}
    data = turn(cards, {"runes": {"fury": 3}, "score": 5,
                        "hand": [{"id": "h2", "card": "finisher"}, {"id": "h1", "card": "point"}]})
    out = run("turn", data)
    assert (out["value"], out["objective"], out["order"]) == (2, 2, ["h1", "h2"])
    assert out["state"]["you"]["score"] == 6


def test_a_score_stops_at_the_limit() -> None:
    data = {"format": "payplan/1",
            "cards": {"point": {"type": "spell", "effect": {"score": 5}}},
            "state": {"you": {"score": 998, "hand": [{"id": "h1", "card": "point"}]}},
            "play": {"object": "h1"}}
    assert run("play", data)["state"]["you"]["score"] == 1000


# --- The format ---------------------------------------------------------------------------------


def test_the_keys_round_trip() -> None:
    data = {"format": "payplan/1",
            "cards": {"s": dict(SEAL, source={"adds": {"energy": 1}, "costs": ["kill", "exhaust"],
                                              "only_for": {"type": "spell"},
                                              "bonus": {"adds": {"energy": 1}}}),
                      "k": dict(KILL, effect={"kill": "targets", "score": 2, "adds": {"energy": 1}})},
            "state": {"you": {"units_died_this_turn": 2, "hand": [{"id": "h1", "card": "s"}]},
                      "opponent": {"units_died_this_turn": 1}},
            "play": {"object": "h1"}}
    once = scenario_to_data(scenario_from_data(data))
    assert scenario_to_data(scenario_from_data(once)) == once
    assert once["cards"]["s"]["source"]["costs"] == ["kill", "exhaust"]
    assert once["cards"]["k"]["effect"]["kill"] == "targets"
    assert once["state"]["you"]["units_died_this_turn"] == 2


@pytest.mark.parametrize(("where", "value", "line"), [
    ("cards.s.source", {"id": "x", "adds": {"energy": 1}},
     "cards.s.source.id: a card's source is its object's: no `id`"),
    ("cards.s.source", {"adds": {"energy": 1}, "costs": [{"kill": 1}]},
     "cards.s.source.costs[0]: a card's source kills no other object"),
    ("cards.s.source", {"costs": ["exhaust"]}, "cards.s.source.adds: missing"),
    ("cards.s.effect", {"kill": "all"}, "cards.s.effect.kill: "),
    ("cards.s.effect", {"score": 0}, "cards.s.effect.score: a score effect scores at least 1"),
    ("state.you.units_died_this_turn", -1, "state.you.units_died_this_turn: must not be negative"),
    ("cards.s.discounts", [{"energy": 1, "if": {"units_died_at_least": "x"}}],
     "cards.s.discounts[0].if.units_died_at_least: expected a whole number"),
])
def test_bad_keys_are_one_line_at_their_path(where: str, value: Any, line: str) -> None:
    data: dict[str, Any] = {"format": "payplan/1", "cards": {"s": dict(SEAL)},
                            "state": {"you": {"hand": [{"id": "h1", "card": "s"}]}},
                            "play": {"object": "h1"}}
    holder = data
    steps = where.split(".")
    for step in steps[:-1]:
        holder = holder[step]
    holder[steps[-1]] = value
    with pytest.raises(ScenarioError) as caught:
        scenario_from_data(data)
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith(line), problems


def test_two_states_that_differ_only_in_the_deaths_are_two_futures() -> None:
    """Built to break the search's memo: a token unit with two abilities ([1] each) that take it
    off the board, one banishing it (a token ceases: no death), one killing it (a death). Both
    leave the same state but for `units_died_this_turn`; a [3] spell then costs [2] less if a
    unit of yours died. Two runes: the kill and the spell (1 + 1) is the only turn of value 2.
    A memo that merged the two states would answer the banish's future for the kill's."""
    cards = {"imp": {"name": "Imp", "type": "unit", "tags": ["token"], "might": 1,
                     "abilities": [{"id": "vanish", "cost": {"energy": 1, "other": ["banish_self"]}},
                                   {"id": "perish", "cost": {"energy": 1, "other": ["kill_self"]}}]},
             "rally": {"type": "spell", "cost": {"energy": 3},
                       "discounts": [{"energy": 2, "if": {"units_died_at_least": 1}}]}}
    data = turn(cards, {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "rally"}],
                        "board": [{"id": "u1", "card": "imp"}]})
    out = run("turn", data)
    assert (out["value"], out["order"]) == (2, ["u1.perish", "h1"])
    assert out["state"]["you"]["units_died_this_turn"] == 1


def test_a_death_paid_as_a_cost_counts_when_the_runes_are_paid_together() -> None:
    """Cruel Patron ([1] here, "kill a friendly unit" as an additional cost) kills the grunt; a
    [3] spell then costs [2] less because a unit of yours died. Nothing reads the runes, so the
    turn pays them together at the end (the deferred mode, which carries the deaths from move
    to move): two runes pay [1] + [1]. The same answer with every play paid on its own."""
    patron = {"name": "Cruel Patron", "type": "unit", "might": 3, "cost": {
        "energy": 1, "other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}}
    cards = {"patron": patron, "grunt": GRUNT,
             "rally": {"type": "spell", "cost": {"energy": 3},
                       "discounts": [{"energy": 2, "if": {"units_died_at_least": 1}}]}}
    data = turn(cards, {"runes": {"fury": 2},
                        "hand": [{"id": "h1", "card": "rally"}, {"id": "h2", "card": "patron"}],
                        "board": [{"id": "u1", "card": "grunt"}]})
    out = run("turn", data)
    assert (out["value"], out["objective"], out["order"]) == (2, 7, ["h2", "h1"])
    assert Moves(scenario_from_data(copy.deepcopy(data))).deferred
    s = scenario_from_data(copy.deepcopy(data))
    explicit = plan_turn(RULESET.turn_moves(s, defer=False), s, turn_of(s, turn_refused),
                         "payplan/1", deadline(CONFIG)).to_json()
    assert explicit["order"] == out["order"] and explicit["objective"] == out["objective"]


# --- Random turns: the deferred mode against every play paid on its own -------------------------


DRAWN: dict[str, Any] = {
    "grunt": GRUNT,
    "imp": {"type": "unit", "tags": ["token"], "might": 1, "cost": {"energy": 1}},
    "kill-spell": dict(KILL, cost={"energy": 1}),
    "point": {"type": "spell", "cost": {"energy": 1}, "effect": {"score": 1}},
    "rally": {"type": "spell", "cost": {"energy": 3},
              "discounts": [{"energy": 2, "if": {"units_died_at_least": 1}}]},
    "spoils": dict(SPOILS, cost={"energy": 3}),
    "patron": {"type": "unit", "might": 3, "cost": {
        "energy": 1, "other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}},
    "finisher": {"type": "spell", "cost": {"energy": 3},
                 "discounts": [{"energy": 2, "if": {"within_of_victory": 2}}]},
}


def drawn_turn(seed: int) -> dict[str, Any]:
    import random

    rng = random.Random(seed)
    names = sorted(DRAWN)
    hand = [{"id": f"h{i}", "card": rng.choice(names)} for i in range(rng.randint(2, 4))]
    board = [{"id": f"u{i}", "card": rng.choice(["grunt", "imp"])} for i in range(rng.randint(0, 2))]
    enemy = [{"id": f"o{i}", "card": rng.choice(["grunt", "imp"])} for i in range(rng.randint(0, 2))]
    targets = [o["id"] for o in board + enemy]
    listed: list[dict[str, Any]] = []
    for h in hand:
        entry: dict[str, Any] = {"object": h["id"]}
        if h["card"] == "kill-spell" and targets:
            entry["targets"] = [rng.choice(targets)]
        listed.append(entry)
    rng.shuffle(listed)
    return {"format": "payplan/1", "cards": DRAWN,
            "state": {"you": {"runes": {"fury": rng.randint(1, 5)}, "score": rng.randint(4, 7),
                              "hand": hand, "board": board},
                      "opponent": {"board": enemy}},
            "turn": {"candidates": listed}}


@pytest.mark.parametrize("seed", range(40))
def test_drawn_turns_answer_the_same_in_both_modes(seed: int) -> None:
    """Kills, deaths (costs and effects, tokens among them) and scores on drawn turns: the
    deferred mode (runes paid together, moves made again from a cache on states with the same
    signature) answers what paying every play on its own answers."""
    data = drawn_turn(seed)
    out = run("turn", data)
    s = scenario_from_data(copy.deepcopy(data))
    assert Moves(s).deferred
    explicit = plan_turn(RULESET.turn_moves(s, defer=False), s, turn_of(s, turn_refused),
                         "payplan/1", deadline(CONFIG)).to_json()
    assert (explicit["value"], explicit["objective"]) == (out["value"], out["objective"])
    if explicit["order"] == out["order"]:
        assert explicit["state"] == out["state"]
