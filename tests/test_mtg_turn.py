"""The turn planner on mtg/1 (shared/spec/turn-format.md), turns worked by hand: which casts and
land plays, in which order, paid together from one pool; the state carried between plays (mana
left in the pool, a land played, a ritual's mana, a creature summoning sick, a Treasure gone);
values, max_plays, the reasons of what is not played; the answer's shape; `payplan play` with
`plays` paid together; bad input.

Every answer here is also checked three ways: its shape (the turn schema), each play's payment
by the independent reference's payment check (benchmarks/mtg/reference/payment.py, which reads
only the plan's JSON and the raw scenario of the state the play meets), and the two modes of the
planner against each other (the deferred mode's joint payment, and every payment as a move).
Charges (the spec's defaults): tap a land 1, a creature 2, an artifact 1; sacrifice 5; life 1.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rulesets import check_shape

from payplan.benchmarks.mtg.reference.payment import check_payment
from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.mtg.mana import parse_plain
from payplan.engine.mtg.payment import Payment as MtgPayment
from payplan.engine.mtg.payment import SourceUse
from payplan.engine.mtg.stack import Resolved, resolve
from payplan.engine.problems import ScenarioError
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig
from payplan.planner.kernel import deadline
from payplan.planner.mtg.moves import Moves as MtgMoves
from payplan.planner.mtg.plan import plan as plan_mtg
from payplan.planner.mtg.play import play_data
from payplan.planner.mtg.ruleset import RULESET, turn_refused
from payplan.planner.turn import plan_turn, turn_of

CONFIG = SolverConfig(time_limit=60)

CARDS: dict[str, Any] = {
    "forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
    "swamp": {"types": ["land"], "mana": [{"adds": "{B}"}]},
    "mountain": {"types": ["land"], "mana": [{"adds": "{R}"}]},
    "island": {"types": ["land"], "mana": [{"adds": "{U}"}]},
    "tapped-forest": {"types": ["land"], "enters_tapped": True, "mana": [{"adds": "{G}"}]},
    "treasure": {"types": ["artifact"], "tags": ["treasure", "token"],
                 "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]},
    "bear-cub": {"name": "Bear Cub", "types": ["creature"], "cost": "{1}{G}"},
    "ogre": {"types": ["creature"], "cost": "{2}{G}"},
    "elves": {"name": "Llanowar Elves", "types": ["creature"], "cost": "{G}",
              "mana": [{"adds": "{G}"}]},
    "rock": {"name": "Mana Rock", "types": ["artifact"], "cost": "{1}", "mana": [{"adds": "{C}"}]},
    "ritual": {"name": "Dark Ritual", "types": ["instant"], "cost": "{B}",
               "effect": {"adds": "{B}{B}{B}"}},
    "horror": {"types": ["creature"], "cost": "{2}{B}"},
    "bolt": {"types": ["instant"], "cost": "{R}"},
    "fireball": {"types": ["sorcery"], "cost": "{X}{R}"},
    "think-twice": {"name": "Think Twice", "types": ["instant"], "cost": "{1}{U}",
                    "flashback": "{2}{U}"},
    "tinker": {"types": ["sorcery"], "cost": "{U}",
               "additional": [{"id": "discard", "mandatory": True, "other": [{"discard": 1}]}]},
    "convoker": {"name": "Stoke", "types": ["instant"], "cost": "{3}{G}", "convoke": True},
}


def scenario(you: dict[str, Any], spec: dict[str, Any] | None = None, **state: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "mtg/1", "cards": copy.deepcopy(CARDS),
                            "state": {"you": you, **state}}
    data["turn"] = spec if spec is not None else {}
    return data


def turn(data: dict[str, Any]) -> dict[str, Any]:
    """The answer of `payplan turn` on `data`, checked three ways (the module docstring)."""
    out = answer("turn", data, CONFIG).to_json()
    check_shape("turn", out)
    assert out["score"] == sum(p["score"] for p in out["plays"])
    assert out["objective"] == sum(p["objective"] for p in out["plays"])
    check_payments(data, out)
    # The other mode: every payment a move of its own (no mana left for the end).
    s = mtg_from_data(data)
    explicit = plan_turn(MtgMoves(s, CONFIG, turn_of(s, turn_refused).candidates, deferred=False), s,
                         turn_of(s, turn_refused), "mtg/1", deadline(CONFIG)).to_json()
    assert (explicit["value"], explicit["objective"]) == (out["value"], out["objective"])
    check_payments(data, explicit)
    return out


def check_payments(data: dict[str, Any], out: dict[str, Any]) -> None:
    """Each play's payment, checked by the reference on the raw state it meets (the states in
    between made by the engine's own resolution of each plan, as `payplan play` applies it)."""
    s = mtg_from_data(data)
    s = replace(s, turn=None)
    assert len(out["after"]) == len(out["plays"])
    for i, p in enumerate(out["plays"]):
        if i:
            assert out["after"][i - 1] == _left(s), i - 1
        here = scenario_to_data(s)
        play: dict[str, Any] = {"object": p["play"]["object"], "from": p["play"]["from"]}
        if "ability" in p["play"]:
            play = {"ability": {"object": p["play"]["object"], "id": p["play"]["ability"]}}
        if p.get("land"):
            assert p["status"] == "ok" and p["score"] == 0 and p["total"]["mana"] == "{0}"
            from payplan.engine.mtg.lands import play_land
            s = play_land(s, p["play"]["object"])
            continue
        here["play"] = play
        assert check_payment(here, p) == [], (p["play"], check_payment(here, p))
        single = mtg_from_data(here, require_play=True)
        plan = plan_mtg(single, CONFIG)
        assert plan.ok and plan.x == p["x"]  # the same X `plan` chooses on that state
        s = resolve(s, _resolved(p))
    if out["plays"]:
        assert out["after"][-1] == _left(s)


def _left(s: Any) -> dict[str, Any]:
    """What the turn's `after` says of a state: the untapped permanents with a mana ability (a
    sick creature's tapping ones can't be activated) and the mana pool."""
    you = scenario_to_data(s)["state"]["you"]
    untapped = []
    for obj in you.get("battlefield", []):
        card = s.cards[obj["card"]]
        sick = obj.get("sick", False) and "creature" in card.types
        if not obj.get("tapped", False) and any(not (a.tap and sick) for a in card.mana):
            untapped.append(obj["id"])
    return {"untapped": untapped, "mana_pool": you.get("mana_pool", "")}


def _resolved(p: dict[str, Any]) -> Resolved:
    """The engine's view of a plan printed as JSON (what `payplan play` resolves)."""
    pay = p["payment"]
    used = []
    for src in pay["sources"]:
        took = tuple((c.split()[0], tuple(c.split()[1:])) for c in src["costs"]
                     if c.split()[0] in ("sacrifice", "return_to_hand", "discard", "tap_untapped",
                                         "exile_from_hand", "exile_from_graveyard"))
        used.append(SourceUse(src["id"], parse_plain(src["adds"]), tuple(src["costs"]),
                              taps="tap" in src["costs"],
                              sacrifices_self="sacrifice_self" in src["costs"], took=took))
    other = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in pay["other"].items())
    payment = MtgPayment(parse_plain(pay["pool"]), tuple(used),
                         tuple((c["id"], c["pays"]) for c in pay["convoke"]), tuple(pay["delve"]),
                         tuple(pay["improvise"]), pay["life"], other)
    return Resolved(p["play"]["object"], p["destination"], payment, parse_plain(p["left_in_pool"]))


def sources(p: dict[str, Any]) -> list[str]:
    return [s["id"] for s in p["payment"]["sources"]]


def lands(*cards: str, prefix: str = "l") -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i + 1}", "card": c} for i, c in enumerate(cards)]


# --- Forge's testKeepColorsOpen, and `payplan play` with `plays` ------------------------------


def test_keep_colors_open_casts_both_cubs() -> None:
    """Forge's `testKeepColorsOpen`: two Forests, two Swamps, two Bear Cubs ({1}{G}). Each cub
    alone may take both Forests (a tie); together each takes a Forest and a Swamp. Value 2,
    objective 4 (four lands tapped)."""
    you = {"battlefield": lands("forest", "forest", "swamp", "swamp"),
           "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "bear-cub"}]}
    out = turn(scenario(you))
    assert out["value"] == 2 and out["objective"] == 4 and out["optimal"]
    assert out["order"] == ["h1", "h2"]
    for p in out["plays"]:
        taken = {s["id"]: s["adds"] for s in p["payment"]["sources"]}
        assert sorted(taken.values()) == ["{B}", "{G}"]
    assert out["not_played"] == []


def test_each_cub_alone_can_strand_the_other() -> None:
    """What the test above guards against: a payment of the first cub alone, cheapest and tied,
    that taps both Forests leaves the second unpayable (the planner's moves include it)."""
    you = {"battlefield": lands("forest", "forest", "swamp", "swamp"),
           "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "bear-cub"}]}
    s = mtg_from_data(scenario(you))
    moves = MtgMoves(s, CONFIG, None, deferred=False)
    state = moves.begin(s)
    first = next(c for c in moves.candidates(state, turn_of(s, turn_refused)) if c.key == "h1")
    both_forests = [m for m in moves.moves(state, first, deadline(CONFIG))
                    if sorted(sources(m.plan.to_json())) == ["l1", "l2"]]
    assert both_forests and both_forests[0].objective == 2
    second = next(c for c in moves.candidates(both_forests[0].after, turn_of(s, turn_refused)) if c.key == "h2")
    assert moves.moves(both_forests[0].after, second, deadline(CONFIG)) == []


def test_plays_are_paid_together() -> None:
    """`payplan play` with `plays`: both cubs are cast, each with a Forest and a Swamp."""
    data = scenario({"battlefield": lands("forest", "forest", "swamp", "swamp"),
                     "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "bear-cub"}]})
    del data["turn"]
    data["plays"] = [{"object": "h1"}, {"object": "h2"}]
    played = play_data(data, CONFIG)
    out = played.to_json()
    check_shape("play", out)
    assert out["stopped_at"] is None and [p["status"] for p in out["plays"]] == ["ok", "ok"]
    for p in out["plays"]:
        assert sorted(s["adds"] for s in p["payment"]["sources"]) == ["{B}", "{G}"]
    assert all(o.get("tapped") for o in out["state"]["you"]["battlefield"] if o["id"][0] == "l")


def test_plays_stop_at_the_longest_prefix_paid_together() -> None:
    """Three cubs and four lands: the first two are paid together, the third can't be:
    `stopped_at` 2, with the reason `plan` gives on the state after the two."""
    data = scenario({"battlefield": lands("forest", "forest", "swamp", "swamp"),
                     "hand": [{"id": f"h{i}", "card": "bear-cub"} for i in (1, 2, 3)]})
    del data["turn"]
    data["plays"] = [{"object": "h1"}, {"object": "h2"}, {"object": "h3"}]
    out = play_data(data, CONFIG).to_json()
    check_shape("play", out)
    assert out["stopped_at"] == 2
    assert [p["status"] for p in out["plays"]] == ["ok", "ok", "unpayable"]
    assert out["reason"].startswith("plays[2] (bear-cub h3) is unpayable")
    assert [o["id"] for o in out["state"]["you"]["hand"]] == ["h3"]


def test_plays_take_a_land_play() -> None:
    """A land in hand listed in `plays` is played (305), and pays the cast after it."""
    data = scenario({"battlefield": lands("forest"),
                     "hand": [{"id": "h1", "card": "forest"}, {"id": "h2", "card": "bear-cub"}]})
    del data["turn"]
    data["plays"] = [{"object": "h1"}, {"object": "h2"}]
    out = play_data(data, CONFIG).to_json()
    check_shape("play", out)
    assert out["stopped_at"] is None and out["plays"][0]["land"] is True
    assert sorted(sources(out["plays"][1])) == ["h1", "l1"]
    assert out["state"]["lands_played_this_turn"] == 1


# --- The state carried between plays --------------------------------------------------------------


def test_dark_ritual_pays_the_spell_after_it() -> None:
    """One Swamp: Dark Ritual ({B}) adds {B}{B}{B}, which pays the {2}{B} Horror after it from
    the pool: objective 1 (the Swamp). Without the Ritual first, the Horror can't be cast."""
    you = {"battlefield": lands("swamp"),
           "hand": [{"id": "h1", "card": "horror"}, {"id": "h2", "card": "ritual"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h2", "h1"] and out["value"] == 2 and out["objective"] == 1
    ritual, horror = out["plays"]
    assert sources(ritual) == ["l1"] and ritual["left_in_pool"] == ""
    assert horror["payment"]["pool"] == "{B}{B}{B}" and horror["payment"]["sources"] == []
    assert out["state"]["you"]["mana_pool"] == ""


def test_ritual_mana_left_in_the_pool_stays() -> None:
    """Dark Ritual and then a Bolt from a Mountain: the Ritual's {B}{B}{B} stays in the pool
    (nothing spends it); the state after the turn says so."""
    you = {"battlefield": lands("swamp", "mountain"),
           "hand": [{"id": "h1", "card": "ritual"}, {"id": "h2", "card": "bolt"}]}
    out = turn(scenario(you))
    assert out["value"] == 2 and out["objective"] == 2
    assert out["state"]["you"]["mana_pool"] == "{B}{B}{B}"


def test_a_land_played_then_tapped() -> None:
    """One Forest; a Forest in hand and a Bear Cub: the land is played (no cost, `land: true`,
    score 0), then both Forests pay the cub. A second land in hand can't be played (305.2)."""
    you = {"battlefield": lands("forest"),
           "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "forest"},
                    {"id": "h3", "card": "swamp"}]}
    out = turn(scenario(you))
    assert out["value"] == 2 and out["objective"] == 2
    assert out["order"] in (["h2", "h1"], ["h3", "h1"])
    land, cub = out["plays"]
    assert land["land"] is True and land["status"] == "ok" and land["score"] == 0
    assert land["total"] == {"mana": "{0}", "life": 0, "other": []}
    assert land["payment"]["sources"] == [] and land["play"]["from"] == "hand"
    assert sorted(sources(cub)) == sorted(["l1", out["order"][0]])
    assert out["state"]["lands_played_this_turn"] == 1
    (why,) = [n["reason"] for n in out["not_played"]]
    assert "305.2" in why


def test_a_land_that_enters_tapped_pays_nothing() -> None:
    """The land in hand enters tapped: played (value 1), it can't pay for the cub; the cub is
    not played, and `not_played` says it can't be paid."""
    you = {"battlefield": lands("forest"),
           "hand": [{"id": "h1", "card": "tapped-forest"}, {"id": "h2", "card": "bear-cub"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h1"] and out["value"] == 1
    assert out["state"]["you"]["battlefield"][-1] == {"id": "h1", "card": "tapped-forest",
                                                      "tapped": True}
    (not_played,) = out["not_played"]
    assert not_played["play"] == "h2" and "needs" in not_played["reason"]


def test_no_land_after_one_was_played_this_turn() -> None:
    """`state.lands_played_this_turn: 1`: the land in hand can't be played."""
    you = {"battlefield": lands("forest"),
           "hand": [{"id": "h1", "card": "forest"}, {"id": "h2", "card": "bear-cub"}]}
    out = turn(scenario(you, lands_played_this_turn=1))
    assert out["value"] == 0 and out["order"] == []
    reasons = {n["play"]: n["reason"] for n in out["not_played"]}
    assert "305.2" in reasons["h1"]


def test_summoning_sick_creatures_do_not_tap_for_mana() -> None:
    """Two Forests; Llanowar Elves ({G}, taps for {G}) and an Ogre ({2}{G}). The Elves enter
    summoning sick: they can't tap for the Ogre, so only one of the two is cast. A Mana Rock
    ({1}, an artifact tapping for {C}) is not summoning sick: the Rock, then a Bear Cub from the
    Rock's {C} and a Forest."""
    you = {"battlefield": lands("forest", "forest", "forest"),
           "hand": [{"id": "h1", "card": "elves"}, {"id": "h2", "card": "ogre"}]}
    out = turn(scenario(you))
    assert out["value"] == 1
    creatures = [o for o in out["state"]["you"]["battlefield"] if o["card"] in ("elves", "ogre")]
    assert all(o.get("sick") for o in creatures)
    you = {"battlefield": lands("forest", "forest"),
           "hand": [{"id": "h1", "card": "rock"}, {"id": "h2", "card": "bear-cub"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h1", "h2"] and out["value"] == 2 and out["objective"] == 3
    assert sorted(sources(out["plays"][1])) == ["h1", "l2"]


def test_a_treasure_sacrificed_is_gone() -> None:
    """One Treasure, two Bolts: the Treasure pays one (sacrifice 5) and is gone; the other is
    not played."""
    you = {"battlefield": [{"id": "t1", "card": "treasure"}],
           "hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bolt"}]}
    out = turn(scenario(you))
    assert out["value"] == 1 and out["objective"] == 5
    assert out["state"]["you"]["battlefield"] == []


def test_a_creature_cast_first_convokes_the_next_spell() -> None:
    """Four Forests: Llanowar Elves (a Forest), then Stoke ({3}{G}, convoke) from three Forests
    and the Elves convoked, summoning sick or not (702.51): both cast. The Elves' own mana
    ability can't pay (sick); convoke can. Objective 1 + 3 + 2."""
    you = {"battlefield": lands("forest", "forest", "forest", "forest"),
           "hand": [{"id": "h1", "card": "convoker"}, {"id": "h2", "card": "elves"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h2", "h1"] and out["value"] == 2 and out["objective"] == 6
    stoke = out["plays"][1]
    assert [c["id"] for c in stoke["payment"]["convoke"]] == ["h2"]


# --- Graveyard casts --------------------------------------------------------------------------------


def test_a_flashback_card_is_cast_from_the_graveyard() -> None:
    """Think Twice in the graveyard, three Islands: cast by flashback ({2}{U}), exiled."""
    you = {"battlefield": lands("island", "island", "island"),
           "graveyard": [{"id": "g1", "card": "think-twice"}]}
    out = turn(scenario(you))
    assert out["order"] == ["g1"] and out["plays"][0]["cast"] == "flashback"
    assert out["plays"][0]["destination"] == "exile"
    assert [o["id"] for o in out["state"]["you"]["exile"]] == ["g1"]


def test_a_card_is_played_once_from_each_zone() -> None:
    """Think Twice in hand and five Islands: cast from hand ({1}{U}) it goes to the graveyard,
    where it is a new object (400.7) with flashback ({2}{U}): both casts, five Islands (the
    spec: a card is played at most once from each zone it is in). With four Islands, once."""
    you = {"battlefield": lands(*["island"] * 5), "hand": [{"id": "h1", "card": "think-twice"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h1", "h1"] and out["value"] == 2
    assert [p["play"]["from"] for p in out["plays"]] == ["hand", "graveyard"]
    assert out["plays"][1]["cast"] == "flashback" and out["objective"] == 5
    you = {"battlefield": lands(*["island"] * 4), "hand": [{"id": "h1", "card": "think-twice"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h1"] and out["value"] == 1


def test_a_card_discarded_by_a_cost_is_cast_by_flashback() -> None:
    """Tinker ({U}, discard a card) discards Think Twice, which is then cast from the graveyard
    by flashback: both (value 2). Discard charges 4: 1 + 4 + 3 = 8."""
    you = {"battlefield": lands(*["island"] * 4),
           "hand": [{"id": "h1", "card": "tinker"}, {"id": "h2", "card": "think-twice"}]}
    out = turn(scenario(you, None))
    assert out["value"] == 2
    assert out["order"] == ["h1", "h2"]
    assert out["plays"][0]["payment"]["other"] == {"discard": ["h2"]}
    assert out["plays"][1]["cast"] == "flashback" and out["plays"][1]["play"]["from"] == "graveyard"
    assert out["objective"] == 8


# --- X ---------------------------------------------------------------------------------------------


def test_an_x_spell_after_another_spell() -> None:
    """Four Mountains, Fireball ({X}{R}) and a Bolt. X is the largest payable on the state the
    Fireball meets: first, X = 3 takes every Mountain and the Bolt is stranded; after the Bolt,
    X = 2. Both: the Bolt, then Fireball X = 2 (objective 1 + 3)."""
    you = {"battlefield": lands(*["mountain"] * 4),
           "hand": [{"id": "h1", "card": "fireball"}, {"id": "h2", "card": "bolt"}]}
    out = turn(scenario(you))
    assert out["order"] == ["h2", "h1"] and out["value"] == 2 and out["objective"] == 4
    assert out["plays"][1]["x"] == 2 and out["plays"][1]["total"]["mana"] == "{2}{R}"


def test_an_x_spell_first_when_nothing_follows() -> None:
    """Fireball alone: X is as large as the lands allow (3 of four Mountains and the {R})."""
    you = {"battlefield": lands(*["mountain"] * 4), "hand": [{"id": "h1", "card": "fireball"}]}
    out = turn(scenario(you))
    assert out["plays"][0]["x"] == 3 and out["objective"] == 4


# --- values, max_plays, reasons -------------------------------------------------------------------


def test_values_choose_the_play_worth_most() -> None:
    """Three Forests: the Ogre ({2}{G}, worth 3) against a Bear Cub and Elves (1 each, together
    2): the Ogre."""
    you = {"battlefield": lands("forest", "forest", "forest"),
           "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "elves"},
                    {"id": "h3", "card": "ogre"}]}
    out = turn(scenario(you, {"values": {"h3": 3}}))
    assert out["order"] == ["h3"] and out["value"] == 3
    out = turn(scenario(you))  # each worth 1: the two cheaper ones
    assert sorted(out["order"]) == ["h1", "h2"] and out["value"] == 2


def test_a_play_worth_nothing_is_not_made() -> None:
    """A Bolt worth 0 would only add to the objective: not played, and `not_played` says so."""
    you = {"battlefield": lands("mountain"), "hand": [{"id": "h1", "card": "bolt"}]}
    out = turn(scenario(you, {"values": {"h1": 0}}))
    assert out["order"] == [] and out["value"] == 0
    assert out["not_played"][0]["reason"].startswith("it could be played, but its value is 0")


def test_max_plays_counts_land_plays() -> None:
    """`max_plays: 2` with a land in hand and two Bolts: the land counts as a play."""
    you = {"battlefield": lands("mountain"),
           "hand": [{"id": "h1", "card": "mountain"}, {"id": "h2", "card": "bolt"},
                    {"id": "h3", "card": "bolt"}]}
    out = turn(scenario(you, {"max_plays": 2}))
    assert out["value"] == 2 and len(out["order"]) == 2
    assert out["not_played"][0]["reason"] == "the turn makes at most 2 plays"
    out = turn(scenario(you))
    assert out["value"] == 3


def test_not_played_says_why() -> None:
    """Not your main phase: the sorcery-speed Ogre is illegal, the land can't be played; the
    Bolt (an instant) is cast. Each reason is what `plan` (or rule 305) says."""
    you = {"battlefield": lands("forest", "mountain", "forest"),
           "hand": [{"id": "h1", "card": "ogre"}, {"id": "h2", "card": "bolt"},
                    {"id": "h3", "card": "forest"}]}
    out = turn(scenario(you, phase="combat"))
    assert out["order"] == ["h2"]
    reasons = {n["play"]: n["reason"] for n in out["not_played"]}
    assert "sorcery speed" in reasons["h1"] and "305.1" in reasons["h3"]


def test_an_explicit_list_of_candidates() -> None:
    """`candidates` as a list: only those, each at most once, in the list's order (rule 4)."""
    you = {"battlefield": lands("forest", "forest", "swamp", "swamp"),
           "hand": [{"id": "h1", "card": "bear-cub"}, {"id": "h2", "card": "bear-cub"},
                    {"id": "h3", "card": "forest"}]}
    out = turn(scenario(you, {"candidates": [{"object": "h2"}, {"object": "h3"}]}))
    assert out["order"] == ["h2", "h3"] and out["value"] == 2
    assert out["not_played"] == []


# --- bad input --------------------------------------------------------------------------------------


def test_a_value_naming_no_candidate_is_an_error_at_its_path() -> None:
    you = {"battlefield": lands("forest"), "hand": [{"id": "h1", "card": "bear-cub"}]}
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(scenario(you, {"values": {"h9": 2, "h1": -1}}))
    text = str(err.value)
    assert "turn.values.h9: names no candidate of the turn" in text
    assert "turn.values.h1: must not be negative" in text
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(scenario(you, {"values": {"l1": 2}}))  # a land on the battlefield
    assert "turn.values.l1" in str(err.value)


def test_turn_and_play_together_is_an_error() -> None:
    you = {"battlefield": lands("forest"), "hand": [{"id": "h1", "card": "bear-cub"}]}
    for key, value in (("play", {"object": "h1"}), ("plays", [{"object": "h1"}])):
        data = scenario(you)
        data[key] = value
        with pytest.raises(ScenarioError) as err:
            mtg_from_data(data)
        assert f"give either `{key}` or `turn`, not both" in str(err.value)


def test_bad_effect_and_enters_tapped() -> None:
    data = scenario({"hand": [{"id": "h1", "card": "bolt"}]})
    data["cards"]["bolt"]["enters_tapped"] = True
    data["cards"]["forest"]["effect"] = {"adds": "{G}"}
    data["cards"]["ritual"]["effect"] = {"adds": "{2}"}
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(data)
    text = str(err.value)
    assert "cards.bolt.enters_tapped: enters_tapped is read for lands" in text
    assert "cards.forest.effect: a land is played, not cast" in text
    assert "cards.ritual.effect.adds[0]: {2} is not a kind of mana" in text


def test_the_new_keys_round_trip() -> None:
    you = {"battlefield": lands("forest"), "hand": [{"id": "h1", "card": "tapped-forest"}]}
    s = mtg_from_data(scenario(you, {"values": {"h1": 2}, "max_plays": 3},
                               lands_played_this_turn=0))
    assert mtg_from_data(scenario_to_data(s)) == s
    s = mtg_from_data(scenario(you, {"candidates": [{"object": "h1"}]},
                               lands_played_this_turn=1))
    assert mtg_from_data(scenario_to_data(s)) == s
    assert scenario_to_data(s)["state"]["lands_played_this_turn"] == 1
    assert scenario_to_data(s)["cards"]["ritual"]["effect"] == {"adds": "{B}{B}{B}"}


def test_the_same_answer_byte_for_byte() -> None:
    you = {"battlefield": lands("forest", "swamp", "swamp", "mountain"),
           "hand": [{"id": "h1", "card": "ritual"}, {"id": "h2", "card": "bear-cub"},
                    {"id": "h3", "card": "horror"}, {"id": "h4", "card": "forest"}]}
    first = json.dumps(answer("turn", scenario(you), CONFIG).to_json())
    again = json.dumps(answer("turn", scenario(you), CONFIG).to_json())
    assert first == again


@pytest.mark.slow
def test_the_turn_from_the_cli_serve_batch_and_python() -> None:
    """examples/turns/02 (Forge's testKeepColorsOpen) answered the same by `payplan turn --json`,
    `serve`, `batch` and `plan_turn` in Python: both cubs, each with a Forest and a Swamp."""
    import io
    import subprocess
    import sys
    from pathlib import Path

    import yaml

    from payplan import load_file
    from payplan import plan_turn as python_plan_turn
    from payplan.planner.serve import serve

    path = Path(__file__).resolve().parent.parent / "examples" / "turns" / "02-keep-colors-open.yaml"
    want = turn(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert (want["value"], want["objective"], want["order"]) == (2, 4, ["c1", "c2"])
    assert [sorted(sources(p)) for p in want["plays"]] == [["f1", "s1"], ["f2", "s2"]]
    assert python_plan_turn(load_file(path)).to_json() == want
    cli = subprocess.run([sys.executable, "-m", "payplan.cli", "turn", str(path), "--json"],
                         capture_output=True, timeout=120)
    assert cli.returncode == 0, cli.stderr.decode()
    assert json.loads(cli.stdout) == want
    line = json.dumps({"id": 1, "command": "turn",
                       "scenario": yaml.safe_load(path.read_text(encoding="utf-8"))})
    out = io.StringIO()
    assert serve(io.StringIO(line + "\n"), out, CONFIG) == 0
    assert json.loads(out.getvalue()) == {"id": 1, "ok": True, "result": want}
    batch = subprocess.run([sys.executable, "-m", "payplan.cli", "batch", "--jobs", "1", "-", "-"],
                           input=(line + "\n").encode(), capture_output=True, timeout=120)
    assert batch.returncode == 0, batch.stderr.decode()
    assert json.loads(batch.stdout) == {"id": 1, "ok": True, "result": want}


def test_the_bench_baselines_strand_a_cub_where_the_planner_casts_both() -> None:
    """`payplan bench --suite turn`'s baselines on mtg/1 (each play paid alone at its cheapest):
    on Forge's testKeepColorsOpen both tap the two Forests for the first cub (the tie broken by
    state order) and cast one cub; the planner casts two."""
    from pathlib import Path

    import yaml

    from payplan.benchmarks.turns import baseline

    path = Path(__file__).resolve().parent.parent / "examples" / "turns" / "02-keep-colors-open.yaml"
    s = RULESET.load(yaml.safe_load(path.read_text(encoding="utf-8")))
    for pick in ("greedy", "listed"):
        assert baseline(RULESET, s, pick, CONFIG) == {"value": 1, "objective": 2, "order": ["c1"]}
    assert RULESET.turn(s, CONFIG).to_json()["value"] == 2


def test_the_turn_bench_covers_mtg_turns() -> None:
    """The turn suite measures mtg/1 turns beside payplan/1's, both baselines on each, each
    format against its own typical plan."""
    from payplan.benchmarks.turns import markdown, run_turns

    results = run_turns((4,), 1, SolverConfig(time_limit=10))
    assert {c["format"] for c in results["cases"]} == {"payplan/1", "mtg/1"}
    assert set(results["typical_plan_ms_by_format"]) == {"payplan/1", "mtg/1"}
    for case in results["cases"]:
        assert set(case) >= {"planner", "greedy", "listed"}
        for pick in ("greedy", "listed"):
            assert case[pick]["value"] <= case["planner"]["value"]
    assert "| mtg/1 | 4 | 1 |" in markdown(results)


def test_the_schema_knows_a_land_play() -> None:
    """A land play's plan (`land: true`) is in the plan schema: it costs nothing and scores 0;
    one that says otherwise is not the documented shape."""
    from jsonschema import ValidationError

    you = {"battlefield": lands("forest"),
           "hand": [{"id": "h1", "card": "forest"}, {"id": "h2", "card": "bear-cub"}]}
    land = turn(scenario(you))["plays"][0]
    assert land["land"] is True
    check_shape("plan", land)
    for key, wrong in (("land", False), ("score", 1), ("status", "unpayable")):
        with pytest.raises(ValidationError):
            check_shape("plan", {**land, key: wrong})


# --- the two modes and the prunings, on generated turns ------------------------------------------


SMALL = ["forest", "swamp", "mountain", "dual", "treasure", "elves"]
SMALL_HAND = ["bear-cub", "ogre", "elves", "rock", "ritual", "horror", "bolt", "think-twice",
              "forest", "swamp", "tapped-forest", "fireball", "hybrid", "phyrexian", "kicked",
              "tinker", "convoker", "sol-ring"]
EXTRA: dict[str, Any] = {
    "dual": {"types": ["land"], "mana": [{"adds": "{B}|{R}"}]},
    "hybrid": {"types": ["creature"], "cost": "{B/G}{B/G}"},
    "phyrexian": {"types": ["sorcery"], "cost": "{1}{B/P}"},
    "kicked": {"types": ["sorcery"], "cost": "{R}", "kicker": ["{1}"]},
    "sol-ring": {"types": ["artifact"], "cost": "{1}", "mana": [{"adds": "{C}{C}"}]},
}


def small_turn(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    battlefield = [{"id": f"b{i}", "card": rng.choice(SMALL)} for i in range(rng.randint(2, 4))]
    for o in battlefield:
        if o["card"] == "elves" and rng.random() < 0.5:
            o["sick"] = True
    hand = [{"id": f"h{i}", "card": rng.choice(SMALL_HAND)} for i in range(rng.randint(2, 4))]
    you: dict[str, Any] = {"battlefield": battlefield, "hand": hand, "life": rng.choice([2, 20]),
                           "library": 5, "mana_pool": rng.choice(["", "", "{B}", "{G}"])}
    if rng.random() < 0.3:
        you["graveyard"] = [{"id": "g1", "card": "think-twice"}]
    spec: dict[str, Any] = {}
    values = {o["id"]: rng.randint(0, 3) for o in hand if rng.random() < 0.4}
    if values:
        spec["values"] = values
    data = scenario(you, spec)
    data["cards"].update(copy.deepcopy(EXTRA))
    return data


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_modes_and_prunings_agree_on_generated_turns(seed: int) -> None:
    """On small generated turns, the answer's value and objective are the same with the
    deferred mode (where it applies), with every payment a move of its own, and with no
    pruning at all: every payment, minimal or not, and every twin and land order tried. The
    minimality argument, the twin rule and the land rule could each be refuted here."""
    data = small_turn(seed)
    s = mtg_from_data(data)
    found = set()
    # The unpruned search takes up to ~7 s of CPU on these turns: on a loaded machine that is
    # more than a minute of wall clock, so the limit here is far past it (a cut is not a proof).
    config = SolverConfig(time_limit=900)
    for deferred, prune in ((None, True), (False, True), (False, False)):
        moves = MtgMoves(s, config, turn_of(s, turn_refused).candidates, deferred=deferred, prune=prune)
        out = plan_turn(moves, s, turn_of(s, turn_refused), "mtg/1", deadline(config)).to_json()
        assert out["optimal"], f"cut by the time limit: deferred={deferred}, prune={prune}"
        found.add((out["value"], out["objective"]))
        check_payments(data, out)
    assert len(found) == 1, found


@pytest.mark.parametrize("seed", range(4))
def test_generated_turns_have_the_documented_shape(seed: int) -> None:
    """The `mtg-turn` family (the bench's turns): 7 cards, 10-12 lands; answers in shape, the
    payments checked by the reference."""
    data = RULESET.generate("mtg-turn", 7, seed)
    out = answer("turn", data, SolverConfig(time_limit=30)).to_json()
    check_shape("turn", out)
    check_payments(data, out)


@pytest.mark.parametrize("name", ["remover-feeds-its-victim", "remover-after-its-victim"])
def test_a_turn_orders_a_remover_after_what_it_removes(name: str) -> None:
    """The campaign's order cycle (tests/mtg_reference/cases/) in the turn's own payments
    (`planner.mtg.moves`): a bounce land's cost returns the Mystic Gate whose {W/U} its {U}
    paid; the one play's payment must be one the single-cast reference finds legal and
    optimal, whichever of the two cases."""
    from pathlib import Path

    import yaml

    from payplan.benchmarks.mtg.reference.compare import judge

    data = yaml.safe_load((Path(__file__).parent / "mtg_reference" / "cases" / f"{name}.yaml")
                          .read_text(encoding="utf-8"))
    turn = {k: v for k, v in data.items() if k != "play"} | {"turn": {"candidates": [data["play"]]}}
    out = answer("turn", turn, CONFIG).to_json()
    assert out["order"] == [data["play"]["object"]]
    verdict = judge(data, {"turn": (0, out["plays"][0], "")})
    assert not verdict.problems, "; ".join(verdict.problems)


def test_after_each_play_the_untapped_sources_and_pool_left() -> None:
    """examples/turns/03: the land drop h1 leaves s1 and h1 untapped and no mana; Dark Ritual
    taps s1 for its {B} and adds {B}{B}{B}: h1 untapped, {B}{B}{B} in the pool; the Horror
    ({3}{B}) takes the pool's three and taps h1: nothing left. Both modes (each payment on its
    own, or the mana paid together at the end) walk to the same."""
    path = Path(__file__).resolve().parent.parent / "examples" / "turns" / "03-land-drop-ritual.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = turn(data)
    assert out["order"] == ["h1", "h2", "h3"]
    want = [{"untapped": ["s1", "h1"], "mana_pool": ""},
            {"untapped": ["h1"], "mana_pool": "{B}{B}{B}"},
            {"untapped": [], "mana_pool": ""}]
    assert out["after"] == want
    s = mtg_from_data(data)
    explicit = plan_turn(MtgMoves(s, CONFIG, turn_of(s, turn_refused).candidates, deferred=False),
                         s, turn_of(s, turn_refused), "mtg/1", deadline(CONFIG)).to_json()
    assert explicit["after"] == want


def test_a_summoning_sick_creature_is_no_untapped_source() -> None:
    """A mana creature cast this turn can't tap for mana (rule 302.6): it is not among the
    untapped sources after it, while the land that paid for it is tapped."""
    cards = {"forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
             "elf": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}"}]}}
    data = {"format": "mtg/1", "cards": cards, "turn": {},
            "state": {"you": {"battlefield": [{"id": "f1", "card": "forest"},
                                              {"id": "f2", "card": "forest"}],
                              "hand": [{"id": "h1", "card": "elf"}]}}}
    out = turn(data)
    assert out["order"] == ["h1"]
    assert out["after"] == [{"untapped": ["f2"], "mana_pool": ""}]
