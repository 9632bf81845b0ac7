"""mtg/1's reductions counted from the board: a colored reduction counted from the state (Khalni
Hydra, examples/mtg/66) and "sacrifice any number" with a reduction per object (Torgaar,
examples/mtg/67, 68). Each key hand-worked through plan, check, play, orders and dump, the
loader's refusals, and a pair of files differing only in the key. Answers worked by hand from
the cards' Oracle wording and the objective of docs/mtg-format.md (tap a land 1, a creature 2;
sacrifice 5). Every plan is made with the fast path on and off (`tests.test_mtg.plan`), and must
agree."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from helpers import answer_json as run
from mtg_cases import example, plan

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.riftbound.loader import ScenarioError


def checked(data: dict[str, Any], payment: dict[str, Any], **choices: Any) -> dict[str, Any]:
    """`payplan check` of `payment` (a plan's `payment`) with the choices named beside it."""
    return run("check", {**copy.deepcopy(data), "payment": payment, **choices})


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(data, require_play=True)
    return [str(p) for p in err.value.problems]


def round_trips(data: dict[str, Any]) -> dict[str, Any]:
    s = mtg_from_data(data, require_play=True)
    out = scenario_to_data(s)
    assert mtg_from_data(out, require_play=True) == s
    return out


# --- B1: Khalni Hydra (examples/mtg/66) --------------------------------------------------------


def test_khalni_hydra_counts_green_creatures() -> None:
    data = example("66")
    p = plan(data)
    assert (p["total"]["mana"], p["score"], p["mana_value"]) == ("{G}{G}{G}{G}{G}", 6, 8)
    step = p["steps"][-1]["text"]
    assert step == "Khalni Hydra (reductions[0]): costs {G}{G}{G} less: took {G}{G}{G} (118.7)"
    # The Bears leave: two green creatures, {G} less twice; six {G} from the Forests and both
    # Elves: 4 + 2 + 2.
    data["state"]["you"]["battlefield"].pop(2)
    p = plan(data)
    assert (p["total"]["mana"], p["score"]) == ("{G}{G}{G}{G}{G}{G}", 8)
    # The Ornithopter painted green counts: {G} less three times again.
    data["cards"]["ornithopter"]["colors"] = ["green"]
    assert plan(data)["total"]["mana"] == "{G}{G}{G}{G}{G}"


def test_the_counted_pips_act_as_fixed_ones() -> None:
    """A counted {G} reduction is a fixed one of that many: on a hybrid pip's announced {G}
    half, and on generic mana when no {G} pip is left (118.7c)."""
    data = example("66")
    data["cards"]["khalni-hydra"]["cost"] = "{2}{G/U}"
    p = plan(data)  # announce {G} and take it, then {G} less twice more takes {2}: free
    assert (p["total"]["mana"], p["score"]) == ("{0}", 0)
    data["cards"]["khalni-hydra"]["cost"] = "{5}{U}"
    assert plan(data)["total"]["mana"] == "{2}{U}"
    # The same reduction written as a number gives the same totals.
    fixed = copy.deepcopy(data)
    fixed["cards"]["khalni-hydra"]["reductions"] = [{"G": 3}]
    assert plan(fixed)["total"] == plan(data)["total"]


def test_a_grant_counts_on_its_controllers_battlefield() -> None:
    """The key in a grant's reduction: the opponent's permanent granting `{G: {count}}` to your
    spells (`controller: opponent`) counts the opponent's green creatures, not yours."""
    data = example("66")
    hydra = data["cards"]["khalni-hydra"]
    del hydra["reductions"]
    data["cards"]["totem"] = {"types": ["artifact"], "grants": [
        {"reduction": {"G": {"count": {"type": "creature", "color": "green"}}},
         "applies_to": {"controller": "opponent"}}]}
    data["state"]["opponent"] = {"battlefield": [{"id": "t1", "card": "totem"},
                                                 {"id": "x1", "card": "grizzly-bears"}]}
    assert plan(data)["status"] == "unpayable"  # {G} less once: seven {G}, six sources
    data["state"]["opponent"]["battlefield"].append({"id": "x2", "card": "grizzly-bears"})
    assert plan(data)["total"]["mana"] == "{G}{G}{G}{G}{G}{G}"


def test_khalni_hydra_check_play_orders_dump() -> None:
    data = example("66")
    p = plan(data)
    ok = checked(data, p["payment"])
    assert ok["legal"] and ok["score"] == 6 and ok["total"]["mana"] == "{G}{G}{G}{G}{G}"
    short = dict(p["payment"], sources=p["payment"]["sources"][1:])  # one {G} short
    bad = checked(data, short)
    assert not bad["legal"] and "{G}{G}{G}{G}" in bad["problems"][0]
    after = run("play", data)["state"]["you"]
    assert [o["id"] for o in after["battlefield"] if o["card"] == "khalni-hydra"] == ["h1"]
    orders = run("orders", data)
    assert [o["total"]["mana"] for o in orders["orders"]] == ["{G}{G}{G}{G}{G}"]
    dumped = round_trips(data)
    assert dumped["cards"]["khalni-hydra"]["reductions"] == [
        {"G": {"count": {"type": ["creature"], "color": ["G"]}}}]


def test_the_counted_color_key_changes_the_answer() -> None:
    """The pair: the same file with the count on green creatures and on red ones."""
    data = example("66")
    assert plan(data)["status"] == "ok"
    data["cards"]["khalni-hydra"]["reductions"][0]["G"]["count"]["color"] = "red"
    assert plan(data)["status"] == "unpayable"


def test_the_loader_refuses_what_a_colored_count_cant_be() -> None:
    data = example("66")
    bad = copy.deepcopy(data)
    bad["cards"]["khalni-hydra"]["reductions"] = [{"G": {"count_targets": {"type": "creature"}}}]
    assert problems(bad) == ["cards.khalni-hydra.reductions[0].G.count_targets: count_targets "
                             "is not taken in a color key: a colored count is {count: FILTER} "
                             "(your permanents)"]
    bad["cards"]["khalni-hydra"]["reductions"] = [{"C": {"count": {"type": "creature"}}}]
    assert problems(bad) == ["cards.khalni-hydra.reductions[0].C: C takes a number: a count is "
                             "read in the color keys W U B R G"]
    bad["cards"]["khalni-hydra"]["reductions"] = [{"G": {}}]
    assert problems(bad) == ["cards.khalni-hydra.reductions[0].G.count: missing (a filter of "
                             "your permanents to count)"]
    bad["cards"]["khalni-hydra"]["reductions"] = [{"G": {"count": {"colour": "green"}}}]
    assert len(problems(bad)) == 1 and "G.count.colour" in problems(bad)[0]


def test_the_turn_counts_on_the_state_each_cast_meets() -> None:
    """`payplan turn`: Grizzly Bears cast first is a fourth green creature when the Hydra is
    cast: {G}{G}{G}{G}, both paid (2 + 4 mana from the six green sources: two Elves, four
    Forests), where the Hydra alone first would leave {1}{G} for one source."""
    data = example("66")
    del data["play"]
    data["state"]["you"]["hand"].append({"id": "h2", "card": "grizzly-bears"})
    data["turn"] = {}
    out = run("turn", data)
    assert out["order"] == ["h2", "h1"]
    assert [p["total"]["mana"] for p in out["plays"]] == ["{1}{G}", "{G}{G}{G}{G}"]


# --- B2: Torgaar (examples/mtg/67, 68) -----------------------------------------------------------


def test_torgaar_auto_sacrifices_the_cheapest_count() -> None:
    data = example("67")
    p = plan(data)
    assert (p["paid"], p["total"]["mana"], p["score"]) == ({"sacrifice": 2}, "{2}{B}{B}", 6)
    assert sorted(p["payment"]["other"]["sacrifice"]) == ["t1", "t2"]
    assert p["total"]["other"] == [{"sacrifice": 2}] and p["mana_value"] == 8
    assert p["steps"][-1]["text"] == ("Torgaar, Famine Incarnate (reductions[0]): costs {4} "
                                      "less: 4 generic taken")
    # A fifth Swamp: one Goblin would do ({4}{B}{B}: six mana, but five Swamps: no), so still
    # two Goblins, {2}{B}{B}: four Swamps and the Goblins, 4 + 2 = 6.
    data["state"]["you"]["battlefield"].insert(0, {"id": "s5", "card": "swamp"})
    p = plan(data)
    assert (p["paid"], p["score"]) == ({"sacrifice": 2}, 6)
    # The Goblins worth 5 each (a sacrifice's weight): with eight Swamps none goes.
    for obj in data["state"]["you"]["battlefield"]:
        obj.pop("value", None)
    data["state"]["you"]["battlefield"] += [{"id": f"x{i}", "card": "swamp"} for i in range(3)]
    p = plan(data)
    assert (p["paid"], p["total"]["mana"], p["score"]) == ({}, "{6}{B}{B}", 8)


def test_torgaar_benefits_count_per_object() -> None:
    """`benefits: {sacrifice: B}` is B per object: at 6 each, every creature goes (each saves
    {2} and earns 6 against its 5), all three: {B}{B}, 2 + 1 + 1 + 5 - 18 = -9."""
    data = example("67")
    data["objective"] = {"benefits": {"sacrifice": 6}}
    p = plan(data)
    assert (p["paid"], p["total"]["mana"], p["score"], p["objective"]) == (
        {"sacrifice": 3}, "{B}{B}", 9, -9)


def test_torgaar_named_counts() -> None:
    data = example("68")
    p = plan(data)
    assert (p["paid"], p["total"]["mana"], p["score"]) == ({"sacrifice": 1}, "{4}{B}{B}", 10)
    assert p["payment"]["other"]["sacrifice"] == ["e1"]
    assert "e1" in [s["id"] for s in p["payment"]["sources"]]  # tapped for {G}, then sacrificed
    data["play"]["optional"] = {"sacrifice": 0}
    assert plan(data)["status"] == "unpayable"
    data["play"]["optional"] = {"sacrifice": "no"}
    assert plan(data)["total"]["mana"] == "{6}{B}{B}"
    data["play"]["optional"] = {"sacrifice": "yes"}  # yes is one
    assert plan(data)["total"]["mana"] == "{4}{B}{B}"
    data["play"]["optional"] = {"sacrifice": 2}  # one creature only
    p = plan(data)
    assert p["status"] == "unpayable" and p["total"]["mana"] == "{2}{B}{B}"
    assert p["reasons"] == ["needs 2 creatures to sacrifice: 1 you control"]


def test_torgaar_check_play_orders_dump() -> None:
    data = example("67")
    p = plan(data)
    ok = checked(data, p["payment"])
    assert ok["legal"] and ok["choices"]["paid"] == {"sacrifice": 2} and ok["score"] == 6
    # The Bears for a Goblin: legal, not optimal (4 + 1 + 5).
    worse = dict(p["payment"], other={"sacrifice": ["t1", "b1"]})
    got = checked(data, worse)
    assert got["legal"] and got["score"] == 10 and got["gap"] == 4
    short = dict(p["payment"], other={"sacrifice": ["t1"]})  # one creature: {4}{B}{B}
    assert not checked(data, short)["legal"]
    named = checked(data, p["payment"], paid={"sacrifice": 3})  # two objects named, not three
    assert not named["legal"] and any("sacrifice 3" in q for q in named["problems"])
    after = run("play", data)["state"]["you"]
    assert sorted(o["id"] for o in after["battlefield"]) == ["b1", "h1", "s1", "s2", "s3", "s4"]
    orders = run("orders", data)
    assert [o["total"]["mana"] for o in orders["orders"]] == ["{2}{B}{B}"]
    dumped = round_trips(data)["cards"]["torgaar"]
    assert dumped["additional"] == [{"id": "sacrifice", "other": [
        {"sacrifice": {"count": "any", "filter": {"type": ["creature"]}}}]}]
    assert dumped["reductions"] == [{"generic": {"per_paid": "sacrifice", "each": 2}}]


def test_per_paid_and_count_any_pairs() -> None:
    """The pairs: `each: 2` against `each: 1`, and `count: any` against `count: 1`."""
    data = example("67")
    data["cards"]["torgaar"]["reductions"][0]["generic"]["each"] = 1
    p = plan(data)  # {1} per creature: at best all three, {3}{B}{B}: five mana, four Swamps
    assert p["status"] == "unpayable"
    data = example("67")
    data["cards"]["torgaar"]["additional"][0]["other"][0]["sacrifice"]["count"] = 1
    del data["cards"]["torgaar"]["reductions"]
    assert plan(data)["status"] == "unpayable"  # no reduction: eight mana, four Swamps


def test_turn_prices_count_any_as_plan_does() -> None:
    """A turn takes every count of a `count: any` part as a way to cast (was refused): the
    turn of Torgaar alone is `plan`'s cast (score 6), and the creatures sacrificed are gone."""
    data = example("67")
    del data["play"]
    data["turn"] = {}
    out = run("turn", data)
    assert (out["value"], out["objective"], out["order"]) == (1, 6, ["h1"])
    assert out["plays"][0]["paid"] == plan(example("67"))["paid"] == {"sacrifice": 2}


def test_the_loader_refuses_what_count_any_and_per_paid_cant_be() -> None:
    data = example("67")
    torgaar = ["cards", "torgaar"]

    def refused(*edits: tuple[list[Any], Any]) -> list[str]:
        bad = copy.deepcopy(data)
        for path, value in edits:
            here = bad
            for step in path[:-1]:
                here = here[step]
            here[path[-1]] = value
        return problems(bad)

    any_part = {"sacrifice": {"count": "any", "filter": {"type": "creature"}}}
    where = "count: any (as many as the play chooses) is read only in an optional additional cost"
    mandatory = refused(([*torgaar, "additional", 0, "mandatory"], True))
    assert len(mandatory) == 2 and where in mandatory[0]  # and per_paid names no such cost
    assert "per_paid names an optional additional cost" in mandatory[1]
    for key in ("kicker", "multikicker", "buyback"):
        got = refused(([*torgaar, key], {"cost": "{1}", "other": [any_part]}))
        assert len(got) == 1 and got[0].startswith(f"cards.torgaar.{key}.other[0].sacrifice"
                                                   f".count: {where}")
    got = refused(([*torgaar, "alternative"], [{"id": "alt", "other": [any_part]}]))
    assert len(got) == 1 and where in got[0]
    got = refused(([*torgaar, "abilities"], [{"id": "act", "costs": [any_part]}]))
    assert len(got) == 1 and where in got[0]
    got = refused(([*torgaar, "mana"], [{"adds": "{B}", "costs": [any_part]}]))
    assert len(got) == 1 and where in got[0]
    for kind in ("discard", "mill", "pay_life"):
        got = refused(([*torgaar, "additional", 0, "other"], [{kind: {"count": "any"}}]))
        assert got[0] == (f"cards.torgaar.additional[0].other[0].{kind}.count: count: any "
                          f"chooses objects by a filter; {kind} takes a number")
    got = refused(([*torgaar, "additional", 0, "other"], [any_part, any_part]))
    assert got == ["cards.torgaar.additional[0].other: at most one part of an additional cost "
                   "says count: any"]
    got = refused(([*torgaar, "reductions", 0, "generic", "per_paid"], "kicker"))
    assert got == ["cards.torgaar.reductions[0].generic.per_paid: per_paid names an optional "
                   "additional cost of this card with a count: any part; 'kicker' is none (it "
                   "has: sacrifice)"]
    got = refused(([*torgaar, "reductions", 0, "generic"], {"each": 2}))
    assert len(got) == 1 and "one of them" in got[0]  # `each` goes with any counted amount
    data["cards"]["altar"] = {"types": ["artifact"], "grants": [
        {"reduction": {"generic": {"per_paid": "sacrifice"}}}]}
    got = problems(data)
    assert got == ["cards.altar.grants[0].reduction.generic.per_paid: per_paid counts what this "
                   "card's own additional cost took: only in a card's own reductions, not a "
                   "grant's"]


# --- B3. morph: cast face down, turned face up (702.37) ------------------------------------------


def test_akroma_cast_face_down() -> None:
    data = example("62")
    p = plan(data)
    assert (p["cast"], p["total"]["mana"], p["mana_value"], p["destination"], p["score"]) == (
        "face_down", "{3}", 0, "battlefield", 3)
    assert p["play"] == {"object": "h1", "card": "akroma", "from": "hand"}
    assert not any(s["rule"] == "601.2f" for s in p["steps"])  # neither red nor a Goblin
    after = run("play", data)["state"]["you"]["battlefield"]
    assert {"id": "h1", "card": "akroma", "face_down": True, "sick": True} in after
    # A reduction for creature spells reaches the face-down spell.
    data["cards"]["goblin-warchief"]["grants"] = [{"reduction": {"generic": 1},
                                                    "applies_to": {"type": "creature"}}]
    assert plan(data)["total"]["mana"] == "{2}"
    data["play"]["cast"] = "auto"  # auto never casts face down: {R}{R}{R} with Forests
    assert plan(data)["status"] == "unpayable"
    data["play"]["cast"] = "face_down"
    data["state"]["stack"] = "nonempty"  # sorcery timing: a face-down spell has no flash
    assert plan(data)["status"] == "illegal"
    round_trips(example("62"))


@pytest.mark.parametrize("restricted", [{"ability": "activated"}, {"type": "creature"}])
def test_restricted_mana_never_turns_a_card_face_up(restricted: dict[str, Any]) -> None:
    """Turning a face-down permanent face up is a special action (116.2b), neither a spell nor
    an ability: mana only for activated abilities (or only for creature spells) can't pay its
    morph cost. Found by the mtg campaign (casts 2533008042 and 2533008077 of seed 2533): the
    planner tapped a Pillar-like land's {G}{G} "spend only on activated abilities"."""
    data = {"format": "mtg/1", "cards": {
        "morpher": {"name": "Morpher", "types": ["creature"], "cost": "{3}{G}", "morph": "{2}"},
        "pillar": {"types": ["land"], "mana": [{"adds": "{G}{G}", "only_for": restricted},
                                               {"adds": "{C}"}]},
        "mountain": {"types": ["land"], "mana": [{"adds": "{R}"}]}},
        "state": {"you": {"battlefield": [{"id": "m", "card": "morpher", "face_down": True},
                                          {"id": "p", "card": "pillar"},
                                          {"id": "r", "card": "mountain"}]}},
        "play": {"turn_face_up": "m"}}
    p = plan(data)
    assert (p["status"], p["score"]) == ("ok", 2)  # the Pillar's {C} and the Mountain
    assert sorted(s["adds"] for s in p["payment"]["sources"]) == ["{C}", "{R}"]
    data["state"]["you"]["battlefield"].pop()  # no Mountain: the {G}{G} alone can't pay
    assert plan(data)["status"] == "unpayable"


def test_exalted_angel_turned_face_up() -> None:
    data = example("63")
    p = plan(data)
    assert (p["cast"], p["total"]["mana"], p["mana_value"], p["destination"], p["score"]) == (
        "turn_face_up", "{2}{W}{W}", None, None, 4)
    assert p["play"] == {"object": "a1", "card": "exalted-angel", "from": "battlefield"}
    after = run("play", data)["state"]["you"]["battlefield"]
    assert {"id": "a1", "card": "exalted-angel"} in after  # face up: face_down is gone
    check = checked(data, p["payment"], cast="turn_face_up")
    assert (check["legal"], check["score"], check["gap"]) == (True, 4, 0)
    round_trips(data)
    hand = run("hand", {k: v for k, v in data.items() if k != "play"})["plays"]
    assert [(h["play"]["object"], h["cast"], h["score"]) for h in hand] == [
        ("a1", "turn_face_up", 4)]


def test_face_down_permanents_have_no_abilities() -> None:
    # A face-down K'rrik has no abilities: no life pays {B}. Face up, 2 life does.
    data = yaml.safe_load("""
format: mtg/1
cards:
  krrik: {name: "K'rrik, Son of Yawgmoth", types: [creature], cost: "{4}{B/P}{B/P}{B/P}",
          life_for: {B: 2}, morph: "{B}{B}"}
  spell: {name: Spell, types: [instant], cost: "{B}"}
state:
  you:
    hand: [{id: h1, card: spell}]
    battlefield: [{id: k1, card: krrik, face_down: true}]
play: {object: h1}
""")
    assert plan(data)["status"] == "unpayable"
    data["play"] = {"turn_face_up": "k1"}  # nor its own morph cost: it is face down then
    assert plan(data)["status"] == "unpayable"
    del data["state"]["you"]["battlefield"][0]["face_down"]
    data["play"] = {"object": "h1"}
    p = plan(data)
    assert (p["payment"]["life_for"], p["score"]) == ({"{B}": 1}, 2)


def test_morph_refusals() -> None:
    data = example("62")
    data["play"]["optional"] = {"kicker": "yes"}
    assert problems(data)[0].startswith("play.optional: a card cast face down has no abilities")
    data = example("62")  # a land card with morph (Zoetic Cavern) is no longer refused (issue 38)
    data["cards"]["forest"]["morph"] = "{1}"
    assert plan(data)["status"] == "ok"
    data = example("62")
    data["cards"]["akroma"]["morph"] = "{X}{R}"
    assert problems(data)[0].startswith("cards.akroma.morph: {X} in a morph cost")
    data = example("62")
    data["state"]["you"]["battlefield"][2]["face_down"] = True  # a Forest has no morph
    assert problems(data) == ["state.you.battlefield[2].face_down: face_down is read on a card "
                              "with morph; 'forest' has none"]
    data = example("63")
    data["play"] = {"turn_face_up": "p1"}
    assert problems(data) == ["play.turn_face_up: 'p1' is not a face-down permanent on your "
                              "battlefield"]
    data = example("63")
    data["play"] = {"turn_face_up": "a1", "cast": "normal"}
    assert len(problems(data)) == 1
    data = example("62")
    data["play"]["cast"] = "face_down"
    data["cards"]["ruby-medallion"]["alternative"] = [{"id": "face_down", "cost": "{1}"}]
    assert problems(data)[0].startswith("cards.ruby-medallion.alternative[0].id: ")
    data = example("63")
    del data["play"]
    data["turn"] = {}
    with pytest.raises(ScenarioError) as err:
        run("turn", data)
    assert str(err.value.problems[0]).startswith("cards.exalted-angel.morph: morph is not "
                                                 "supported by `payplan turn`")
