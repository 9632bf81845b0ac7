"""Plays through the Chain (engine.chain.apply_payment, planner.play): paying, leaving the Chain.

- The worked sequences of seed 000 (Flow): a Flow spell countered while an outside effect tries
  to return it to hand is banished and never reaches hand; its own execution returning it to hand
  is followed; plain resolution banishes it. A spell without Flow goes to the trash; a unit with
  Accelerate paid enters ready (rule 731), without it exhausted; gear enters ready (147.1).
- Each example's plan applied gives the state changes its payment says.
- A stale or tampered plan is refused with a reason, and nothing is applied.
- States produced by applying plans round-trip through the scenario format (Hypothesis).
- `plays` sequences: each play on the state the one before left; the first that can't be made
  stops the run with its index and why. `payplan play FILE --json` end to end.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import helpers
import pytest
import yaml
from helpers import example, payplan_cli
from hypothesis import HealthCheck, given, settings
from strategies import scenarios

from payplan.engine.riftbound.chain import Applied, PlanRefused, apply_payment
from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.dump import scenario_to_data, state_to_data
from payplan.engine.riftbound.loader import ScenarioError, load_file, scenario_from_data
from payplan.engine.riftbound.scenario import LeavesChain, Objective, Scenario
from payplan.engine.riftbound.state import GameObject, PlayerState, State
from payplan.engine.riftbound.total_cost import BaseChoice
from payplan.planner.riftbound.plan import Plan, plan
from payplan.planner.riftbound.play import applied_of, play_data, play_file, render_play, state_changes

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def example_data(stem: str) -> dict[str, Any]:
    data = helpers.example_data(stem)
    assert isinstance(data, dict)
    return data


def planned(scenario: Scenario) -> tuple[Plan, Applied]:
    p = plan(scenario)
    assert p.status == "ok", p.reasons
    return p, applied_of(p)


def paid(applied: Applied, **changes: Any) -> Applied:
    """The plan with its payment changed (a tampered or stale payment)."""
    return replace(applied, payment=replace(applied.payment, **changes))


def played(scenario: Scenario) -> State:
    return apply_payment(scenario, planned(scenario)[1])


def where(p: PlayerState, object_id: str) -> str | None:
    found = p.find(object_id)
    return found[0] if found is not None else None


def obj(p: PlayerState, object_id: str) -> GameObject:
    found = p.find(object_id)
    assert found is not None, object_id
    return found[1]


def with_leaves(scenario: Scenario, leaves: LeavesChain) -> Scenario:
    assert scenario.play is not None
    return replace(scenario, play=replace(scenario.play, leaves_chain=leaves))


# --- Seed 000: where the card goes when it leaves the Chain -------------------------------------


def test_flow_countered_and_sent_to_hand_by_an_outside_effect_is_banished() -> None:
    """Seed 000, worked sequence: Abandon counters the Flow spell and tries to return it to hand;
    Flow replaces that departure with banishment. The spell never reaches hand; costs stay paid."""
    scenario = example("07")
    after = played(scenario)
    assert where(after.you, "t1") == "banishment"
    assert all(o.id != "t1" for o in after.you.hand)
    assert sum(r.exhausted for r in after.you.runes) == 2  # the paid costs stay paid
    assert after.played_this_turn == 1


def test_flow_spell_returning_itself_to_hand_goes_to_hand() -> None:
    """Seed 000, compare: its own execution directs the move, so that instruction is followed."""
    scenario = with_leaves(example("07"), LeavesChain("effect", "hand", "self"))
    after = played(scenario)
    assert where(after.you, "t1") == "hand"
    assert obj(after.you, "t1") == GameObject("t1", "dredge-up")


@pytest.mark.parametrize("leaves", [
    LeavesChain(),                                  # plain resolution
    LeavesChain("effect", "hand", "other"),         # Abandon directing it back to hand
    LeavesChain("counter", None, "other"),          # countered
    LeavesChain("counter", "hand", "self"),         # countering is never its own execution
])
def test_flow_spell_is_banished_whenever_else_it_leaves(leaves: LeavesChain) -> None:
    after = played(with_leaves(example("04"), leaves))
    assert where(after.you, "t1") == "banishment"


def test_spell_without_flow_goes_to_the_trash() -> None:
    after = played(example("01"))
    assert where(after.you, "h1") == "trash"
    assert after.you.banishment == ()


def test_spell_without_flow_returned_to_hand_by_an_effect_goes_to_hand() -> None:
    after = played(with_leaves(example("01"), LeavesChain("effect", "hand", "other")))
    assert where(after.you, "h1") == "hand"


def test_unit_with_accelerate_paid_enters_ready_at_base() -> None:
    after = played(example("02"))
    assert obj(after.you, "h1") == GameObject("h1", "legion-rearguard", location="base")


def test_unit_without_accelerate_enters_exhausted() -> None:
    scenario = example("02")
    assert scenario.play is not None
    no_accelerate = replace(scenario, play=replace(scenario.play, optional=(("accelerate", "no"),)))
    p, applied = planned(no_accelerate)
    assert p.total == Cost() and p.paid_optional == ()
    after = apply_payment(no_accelerate, applied)
    assert obj(after.you, "h1") == GameObject("h1", "legion-rearguard", location="base",
                                              exhausted=True)
    assert after.you.runes == scenario.state.you.runes  # a free play touches no rune


def test_countered_unit_goes_to_the_trash() -> None:
    after = played(with_leaves(example("03"), LeavesChain("counter", None, "other")))
    assert where(after.you, "h1") == "trash"


GEAR_AND_COSTS = """
format: payplan/1
cards:
  seal: {type: gear, domains: [calm], cost: {energy: 1}}
  grunt: {type: unit, domains: [fury], cost: {energy: 1}, might: 2}
  gold: {type: token}
  ritual:
    type: spell
    domains: [calm]
    cost: {energy: 1}
    additional_costs:
      - id: offering
        mandatory: true
        cost:
          other:
            - kill: {count: 1, filter: {type: token}}
            - kill: {count: 1, filter: {type: unit}}
            - exhaust: {count: 1, filter: {type: unit}}
            - return_to_hand: {count: 1, filter: {type: gear}}
            - recycle_from_trash: 1
            - spend_buff: 2
            - spend_xp: 2
            - discard: 1
state:
  phase: main
  turn: you
  you:
    runes: {calm: 2}
    pool: {energy: 1, power: {fury: 1}}
    hand: [{id: h1, card: seal}, {id: h2, card: ritual}, {id: h3, card: grunt}]
    trash: [{id: t1, card: grunt}]
    board:
      - {id: u1, card: grunt, location: battlefield, buffs: 2, might: 4}
      - {id: u2, card: grunt, location: base, buffs: 1}
      - {id: g1, card: seal, location: base, exhausted: true}
      - {id: k1, card: gold, location: base}
    xp: 3
    sources:
      - {id: g1, adds: {power: {calm: 1}}, costs: [exhaust]}
play:
  object: h1
"""


def gear_scenario(**play: object) -> Scenario:
    data = yaml.safe_load(GEAR_AND_COSTS)
    data["play"] = play or {"object": "h1"}
    return scenario_from_data(data)


def test_gear_enters_ready() -> None:
    scenario = gear_scenario()
    p, applied = planned(scenario)
    assert applied.payment.pool_energy == 1 and applied.payment.exhaust == ()  # the pool is spent first, free
    after = apply_payment(scenario, applied)
    assert obj(after.you, "h1") == GameObject("h1", "seal", location="base")
    assert after.you.pool == Cost.of(0, {"fury": 1})


def test_every_non_standard_cost_changes_the_state() -> None:
    """Killed objects to the trash (a token ceases to exist), exhausted units exhausted, a gear
    returned to hand (its source goes with it), a card recycled from the trash leaves it (bottom
    of the deck), buffs and XP spent, a card discarded; the zone changes make new objects (109)."""
    scenario = gear_scenario(object="h2")
    p, applied = planned(scenario)
    after = apply_payment(scenario, applied)
    you = after.you
    paid: dict[str, list[str]] = {}
    for kind, ids in applied.payment.other:
        paid.setdefault(kind, []).extend(ids)
    assert sorted(paid["kill"])[0] == "k1"  # the only token
    killed_unit = sorted(paid["kill"])[1]
    assert you.find("k1") is None  # the Gold token ceased to exist
    assert where(you, killed_unit) == "trash"
    assert obj(you, killed_unit) == GameObject(killed_unit, "grunt")  # buffs, Might, place gone
    assert where(you, "g1") == "hand" and obj(you, "g1") == GameObject("g1", "seal")
    assert you.sources == ()  # g1's ability left the board with it
    assert you.find("t1") is None  # recycled from the trash: bottom of the deck
    assert you.xp == 1
    (exhausted_unit,) = paid["exhaust"]
    assert exhausted_unit != killed_unit and obj(you, exhausted_unit).exhausted
    for holder in set(paid["spend_buff"]):
        if where(you, holder) == "board":
            spent = paid["spend_buff"].count(holder)
            assert obj(you, holder).buffs == obj(scenario.state.you, holder).buffs - spent
    (discarded,) = paid["discard"]
    assert where(you, discarded) == "trash"
    assert {o.id for o in you.hand} == {"g1"} | ({"h1", "h3"} - {discarded})
    assert where(you, "h2") == "trash"
    assert after.played_this_turn == 1
    # And the state is the scenario format's: it loads back equal.
    data = scenario_to_data(replace(scenario, state=after, play=None))
    assert scenario_from_data(data).state == after


SOURCES_AND_OPPONENT = """
format: payplan/1
cards:
  seal: {type: gear, domains: [calm], cost: {energy: 1}}
  gold: {type: token}
  grunt: {type: unit, domains: [fury], cost: {energy: 1}, might: 2}
  tithe: {type: spell, cost: {power: {calm: 1, any: 1}}}
  spite:
    type: spell
    cost: {other: [{kill: {count: 1, filter: {controller: opponent, type: unit}}}]}
state:
  phase: main
  turn: you
  you:
    hand: [{id: h1, card: tithe}, {id: h2, card: spite}]
    board: [{id: g1, card: seal, location: base}, {id: k1, card: gold, location: base}]
    sources:
      - {id: g1, adds: {power: {calm: 1}}, costs: [exhaust]}
      - {id: k1, adds: {power: {any: 1}}, costs: [exhaust, kill]}
  opponent:
    board: [{id: e1, card: grunt, location: battlefield, buffs: 1}]
play: {object: h1}
"""


def test_sources_are_exhausted_or_killed_as_their_costs_say() -> None:
    scenario = scenario_from_data(yaml.safe_load(SOURCES_AND_OPPONENT))
    p, applied = planned(scenario)
    assert sorted(applied.payment.sources) == ["g1", "k1"]
    after = apply_payment(scenario, applied)
    assert obj(after.you, "g1").exhausted and after.you.find("k1") is None
    assert [s.id for s in after.you.sources] == ["g1"]  # the Gold token's ability is gone with it
    assert after.you.pool == Cost()
    # Exhausted now, the Seal can't pay again: a second plan using it is refused.
    again = replace(scenario, state=replace(after, you=replace(
        after.you, hand=scenario.state.you.hand)))
    assert "can't pay for this play" in refused(again, paid(applied, sources=("g1",)))


def test_killing_an_opponents_object_puts_it_in_their_trash() -> None:
    data = yaml.safe_load(SOURCES_AND_OPPONENT)
    data["play"] = {"object": "h2"}
    scenario = scenario_from_data(data)
    p, applied = planned(scenario)
    assert applied.payment.other == (("kill", ("e1",)),)
    after = apply_payment(scenario, applied)
    assert after.opponent.board == () and after.opponent.trash == (GameObject("e1", "grunt"),)
    assert "opponent's e1 (grunt): board -> trash" in state_changes(scenario.state, after)
    mine = paid(applied, other=(("kill", ("g1",)),))
    assert "not one of the opponent's objects" in refused(scenario, mine)


# --- Each example, applied ----------------------------------------------------------------------


def rune_ids(p: PlayerState) -> set[str]:
    return {r.id for r in p.runes} | {r.id for r in p.rune_deck}


# stem -> (exhausted runes left on the board, runes recycled, where the played card goes)
EXAMPLE_CHANGES = {
    "01": (0, 1, ("h1", "trash")),     # the exhausted r1 is recycled: it leaves the board
    "02": (0, 1, ("h1", "board")),
    "03": (2, 0, ("h1", "board")),
    "04": (2, 0, ("t1", "banishment")),
    "05": (1, 2, ("t1", "banishment")),
    "06": (1, 0, ("t1", "banishment")),
    "07": (2, 0, ("t1", "banishment")),
}


@pytest.mark.parametrize("stem", sorted(EXAMPLE_CHANGES))
def test_each_example_applied(stem: str) -> None:
    scenario = example(stem)
    before = scenario.state
    p, applied = planned(scenario)
    after = apply_payment(scenario, applied)
    exhausted, recycled, (played_id, zone) = EXAMPLE_CHANGES[stem]

    assert scenario.state == before  # the old state never changes
    assert rune_ids(after.you) == rune_ids(before.you)
    assert sum(r.exhausted for r in after.you.runes) == exhausted
    assert len(after.you.rune_deck) == recycled
    assert {r.id for r in after.you.rune_deck} == {r for r, _ in p.payment.recycle}  # type: ignore[union-attr]
    assert all(not r.exhausted for r in after.you.rune_deck)
    for rune_id in applied.payment.exhaust:
        if rune_id not in applied.payment.recycled:
            assert next(r for r in after.you.runes if r.id == rune_id).exhausted
    assert where(after.you, played_id) == zone == p.destination
    assert after.played_this_turn == before.played_this_turn + 1
    assert after.you.pool == before.you.pool == Cost()
    assert after.opponent == before.opponent
    if stem == "06":
        assert where(after.you, "h1") == "trash" and after.you.hand == ()


def test_repeat_adds_executions_not_plays() -> None:
    scenario = example("05")
    p, applied = planned(scenario)
    assert p.executions == 2
    assert apply_payment(scenario, applied).played_this_turn == 1


# --- Stale and tampered plans -------------------------------------------------------------------


def refused(scenario: Scenario, applied: Applied) -> str:
    """The reason a plan is refused; checks that the scenario is unchanged."""
    before = scenario_to_data(scenario)
    with pytest.raises(PlanRefused) as info:
        apply_payment(scenario, applied)
    assert scenario_to_data(scenario) == before
    assert info.value.reason == str(info.value)
    return info.value.reason


def test_refuses_a_missing_rune() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    tampered = paid(applied, exhaust=(applied.payment.exhaust[0], "r9"))
    assert "no rune r9" in refused(scenario, tampered)


def test_refuses_an_exhausted_rune() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    (spare,) = {"r1", "r2", "r3"} - set(applied.payment.exhaust)
    you = scenario.state.you
    tired = replace(you, runes=tuple(replace(r, exhausted=r.id == applied.payment.exhaust[0])
                                     for r in you.runes))
    stale = replace(scenario, state=replace(scenario.state, you=tired))
    reason = refused(stale, applied)
    assert applied.payment.exhaust[0] in reason and "already exhausted" in reason
    # The same play replanned on that state uses the spare rune instead.
    assert spare in planned(stale)[1].payment.exhaust


def test_refuses_a_rune_exhausted_twice() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    tampered = paid(applied, exhaust=(applied.payment.exhaust[0], applied.payment.exhaust[0]))
    assert "twice" in refused(scenario, tampered)


def test_refuses_an_edited_total() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    reason = refused(scenario, replace(applied, total=Cost(1)))
    assert "does not match" in reason and "[2]" in reason


def test_refuses_an_edited_base_cost() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    cheap = replace(applied.choices, base=BaseChoice("flow", Cost(0), 0))
    assert "base cost" in refused(scenario, replace(applied, choices=cheap, total=Cost()))
    printed = replace(applied.choices, base=BaseChoice("printed", Cost.parse("[3][mind]")))
    assert "base cost" in refused(scenario, replace(applied, choices=printed))


def test_refuses_a_payment_short_of_the_total() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    assert "does not cover" in refused(scenario, paid(applied, exhaust=applied.payment.exhaust[:1]))


def test_what_a_payment_makes_beyond_the_total_stays_in_the_pool() -> None:
    """Resources go through the Rune Pool: a rune exhausted or recycled beyond the need is not a
    refusal (the planner may recycle a rune whose Power pays nothing); what it made floats."""
    scenario = example("04")
    _, applied = planned(scenario)
    after = apply_payment(scenario, paid(applied, exhaust=("r1", "r2", "r3")))
    assert after.you.pool == Cost(1)
    after = apply_payment(scenario, paid(applied, recycle=(("r3", "unused"),)))
    assert after.you.pool == Cost.of(0, {"mind": 1}) and after.you.rune_deck[0].id == "r3"


def test_refuses_pool_resources_that_are_not_there() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    reason = refused(scenario, paid(applied, pool_energy=2, exhaust=()))
    assert "from the pool" in reason


def test_refuses_bad_objects_for_non_standard_costs() -> None:
    scenario = example("06")
    _, applied = planned(scenario)
    assert applied.payment.other == (("discard", ("h1",)),)
    assert "not one of your objects" in refused(scenario, paid(applied, other=(("discard", ("h9",)),)))
    assert "card being played" in refused(scenario, paid(applied, other=(("discard", ("t1",)),)))
    assert "needs 1" in refused(scenario, paid(applied, other=(("discard", ()),)))
    assert "pays kill" in refused(scenario, paid(applied, other=(("kill", ("h1",)),)))


def test_refuses_an_object_that_pays_twice_and_too_much_xp() -> None:
    scenario = gear_scenario(object="h2")
    _, applied = planned(scenario)
    by_kind = dict(applied.payment.other)
    twice = tuple((k, by_kind["kill"] if k == "exhaust" else ids) for k, ids in applied.payment.other)
    assert "pays for" in refused(scenario, paid(applied, other=twice))
    poor = replace(scenario, state=replace(scenario.state, you=replace(scenario.state.you, xp=1)))
    assert "XP" in refused(poor, applied)


def test_refuses_a_plan_for_another_play_or_an_illegal_one() -> None:
    scenario = example("04")
    _, applied = planned(scenario)
    assert "plays 'h7'" in refused(scenario, replace(applied, object="h7"))
    closed = replace(scenario, state=replace(scenario.state, phase="closed"))
    assert "illegal now" in refused(closed, applied)


def test_refuses_a_stale_plan_after_the_runes_were_spent() -> None:
    """The same runes can't pay twice: a plan made before the first play is refused after it."""
    scenario = scenario_from_data(yaml.safe_load(TWO_SPELLS))
    assert scenario.play is not None
    _, first = planned(scenario)
    second_play = replace(scenario.play, object="h2")
    _, second = planned(replace(scenario, play=second_play))
    after = apply_payment(scenario, first)
    reason = refused(replace(scenario, state=after, play=second_play), second)
    assert "already exhausted" in reason


# --- Round trips (Hypothesis) -------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_states_after_plans_round_trip(scenario: Scenario) -> None:
    """For every ok plan: the engine accepts it, the state after keeps every rune and every
    object but those a token or the deck took, and it reads back equal through the format."""
    p = plan(scenario)
    if p.status != "ok":
        return
    applied = applied_of(p)
    after = apply_payment(scenario, applied)
    before = scenario.state
    assert after.played_this_turn == before.played_this_turn + 1
    assert rune_ids(after.you) == rune_ids(before.you)
    assert {r.id for r in after.you.rune_deck} - {r.id for r in before.you.rune_deck} == set(applied.payment.recycled)
    assert p.destination is not None
    assert where(after.you, "p") == p.destination or (
        p.destination == "trash" and scenario.cards["played"].type == "token")
    # Energy is conserved: what the pool held and the payment gave, less what the play cost.
    sources = {s.id: s for s in before.you.sources}
    used = [sources[i] for i in applied.payment.sources]
    gave = len(applied.payment.exhaust) + sum(s.adds.energy for s in used)
    costs = sum(c.energy for s in used for c in s.costs if isinstance(c, Cost))
    assert after.you.pool.energy == before.you.pool.energy + gave - costs - applied.total.energy

    # The state through the format (the generated objective may name optional costs the cards
    # lack, which the loader rightly rejects: it is not what is tested here).
    data = scenario_to_data(replace(scenario, state=after, play=None, objective=Objective()))
    assert scenario_from_data(json.loads(json.dumps(data))).state == after


# --- `plays` sequences --------------------------------------------------------------------------

TWO_SPELLS = """
format: payplan/1
cards:
  insight: {type: spell, domains: [mind], cost: {energy: 2}}
state:
  phase: main
  turn: you
  you:
    runes: {mind: 2}
    hand: [{id: h1, card: insight}, {id: h2, card: insight}]
play: {object: h1}
"""


def two_spells(runes: int = 2) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(TWO_SPELLS)
    data["state"]["you"]["runes"] = {"mind": runes}
    data["plays"] = [data.pop("play"), {"card": "insight"}]
    return data


def test_plays_spending_the_same_runes_twice_stop_at_the_second() -> None:
    data = two_spells(2)
    original = json.dumps(data)
    outcome = play_data(data)
    assert json.dumps(data) == original  # the caller's data is not changed
    assert not outcome.ok and outcome.stopped_at == 1
    assert outcome.reason is not None and "plays[1]" in outcome.reason
    assert "unpayable" in outcome.reason and "Energy" in outcome.reason
    out = outcome.to_json()
    assert out["stopped_at"] == 1 and out["reason"] == outcome.reason
    plays = out["plays"]
    assert isinstance(plays, list) and [p["status"] for p in plays] == ["ok", "unpayable"]
    # The state is the one the first play left: both runes exhausted, h1 in the trash.
    state = outcome.state
    assert all(r.exhausted for r in state.you.runes)
    assert where(state.you, "h1") == "trash" and where(state.you, "h2") == "hand"
    assert out["state"] == state_to_data(state)
    assert "Stopped: plays[1] (insight h2) is unpayable" in render_play(outcome)


def test_plays_each_on_the_state_the_one_before_left() -> None:
    outcome = play_data(two_spells(4))
    assert outcome.ok and outcome.stopped_at is None
    state = outcome.state
    assert state.played_this_turn == 2
    assert all(r.exhausted for r in state.you.runes)
    assert where(state.you, "h1") == "trash" and where(state.you, "h2") == "trash"
    assert outcome.to_json()["stopped_at"] is None
    # `card: insight` was read against the state after the first play: it is h2 then.
    assert [s.plan.play["object"] for s in outcome.steps] == ["h1", "h2"]


def test_plays_may_use_an_object_an_earlier_play_put_in_hand() -> None:
    data = yaml.safe_load(GEAR_AND_COSTS)
    data["cards"]["recall"] = {"type": "spell", "cost": {
        "energy": 1, "other": [{"return_to_hand": {"count": 1, "filter": {"type": "gear"}}}]}}
    data["state"]["you"]["hand"].append({"id": "h4", "card": "recall"})
    del data["play"]
    data["plays"] = [{"object": "h4"}, {"object": "g1"}]
    outcome = play_data(data)
    assert outcome.ok, outcome.reason
    assert obj(outcome.state.you, "g1") == GameObject("g1", "seal", location="base")


def test_plays_stop_when_a_later_object_is_gone() -> None:
    data = two_spells(4)
    data["plays"] = [{"object": "h1"}, {"object": "h1"}]
    outcome = play_data(data)
    assert outcome.stopped_at == 1 and outcome.steps[1].plan.status == "illegal"
    assert outcome.reason is not None and outcome.reason.startswith("plays[1]")
    assert "trash" in outcome.reason
    # A `from` the object is no longer in: an illegal play, stopped with the zone as reason.
    data["plays"] = [{"object": "h1"}, {"object": "h1", "from": "hand"}]
    outcome = play_data(data)
    assert outcome.stopped_at == 1 and outcome.steps[1].plan.status == "illegal"
    assert outcome.reason is not None and outcome.reason.startswith("plays[1]")
    assert "zone: h1 is in trash, not in hand" in outcome.reason


def test_bad_plays_are_reported_at_their_path() -> None:
    data = two_spells()
    data["plays"][1] = {"object": "h2", "optional": {"accelerate": "yes"}, "bogus": 1}
    with pytest.raises(ScenarioError) as info:
        play_data(data)
    assert all(line.startswith("plays[1].") for line in info.value.lines), info.value.lines
    assert any(line.startswith("plays[1].bogus:") for line in info.value.lines)

    both = two_spells()
    both["play"] = {"object": "h1"}
    with pytest.raises(ScenarioError) as info:
        play_data(both)
    assert "plays: give either `play` or `plays`, not both" in info.value.lines

    empty = two_spells()
    empty["plays"] = []
    with pytest.raises(ScenarioError) as info:
        play_data(empty)
    assert info.value.lines == ("plays: expected a non-empty list of plays",)

    typo = two_spells()
    typo["plays"][1] = {"object": "h9"}
    with pytest.raises(ScenarioError) as info:
        play_data(typo)
    assert info.value.lines[0].startswith("plays[1].object: unknown object 'h9'")

    neither = two_spells()
    del neither["plays"]
    with pytest.raises(ScenarioError) as info:
        play_data(neither)
    assert info.value.lines[0].startswith("play: missing")


def test_single_play_outcome() -> None:
    outcome = play_file(EXAMPLES / "07-flow-countered.yaml")
    assert outcome.ok
    out = outcome.to_json()
    assert out["status"] == "ok" and out["destination"] == "banishment"
    assert out["state"] == state_to_data(outcome.state)
    text = render_play(outcome)
    assert "State changes:" in text and "t1 (dredge-up): trash -> banishment" in text

    illegal = play_file(EXAMPLES / "08-flow-keeps-timing.yaml")
    assert not illegal.ok and illegal.stopped_at == 0
    assert illegal.to_json()["status"] == "illegal"
    assert illegal.state == load_file(EXAMPLES / "08-flow-keeps-timing.yaml").state


# --- The command line ---------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return payplan_cli(*args, cwd=ROOT)


def test_cli_play_json_state_feeds_back_in(tmp_path: Path) -> None:
    done = run("play", str(EXAMPLES / "05-flow-repeat-deflect.yaml"), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "ok" and out["executions"] == 2
    assert out["state"]["played_this_turn"] == 1
    assert out["state"]["you"]["banishment"] == [{"id": "t1", "card": "arc-volley"}]

    data = example_data("05")
    data["state"] = out["state"]
    del data["play"]
    again = tmp_path / "after.json"
    again.write_text(json.dumps(data), encoding="utf-8")
    scenario = load_file(again)
    assert scenario.state == apply_payment(example("05"), planned(example("05"))[1])
    # Fed back in with a play: the banished card can't be played.
    data["play"] = {"object": "t1"}
    again.write_text(json.dumps(data), encoding="utf-8")
    bad = run("play", str(again), "--json")
    assert bad.returncode == 1 and json.loads(bad.stdout)["status"] == "illegal"
    assert "zone: t1 is in banishment" in bad.stdout


@pytest.mark.slow
def test_cli_plays_and_exit_codes(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(yaml.safe_dump(two_spells(2)), encoding="utf-8")
    done = run("play", str(path), "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["stopped_at"] == 1 and "plays[1]" in out["reason"]
    fed_back = {"format": "payplan/1", "cards": two_spells()["cards"], "state": out["state"]}
    assert scenario_from_data(fed_back).state.played_this_turn == 1

    text = run("play", str(path))
    assert text.returncode == 1 and "Stopped: plays[1]" in text.stdout

    path.write_text(yaml.safe_dump(two_spells(4)), encoding="utf-8")
    assert run("play", str(path), "--json").returncode == 0

    broken = two_spells()
    broken["plays"][0] = {"object": "h1", "base": "sideways"}
    path.write_text(yaml.safe_dump(broken), encoding="utf-8")
    bad = run("play", str(path))
    assert bad.returncode == 2 and bad.stderr.startswith("plays[0].base:")
    assert "Traceback" not in bad.stderr
