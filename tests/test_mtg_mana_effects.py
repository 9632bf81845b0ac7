"""mtg/1's mana effects: a `replace` mana effect (Damping Sphere, 614.1a) and a `trigger` one
(Crypt Ghast, Market Festival; 605.1b, 605.4a), the object key `attached_to` and the filter key
`attached`. Each worked by hand through plan (fast path on and off: `tests.test_mtg.plan`),
check, play and dump, with the loader's refusals and the other side of each example
(examples/mtg/69-72)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import command_on_file as run
from mtg_cases import checked_payment as checked
from mtg_cases import example, plan, problems, round_trips

from payplan.planner.mtg.play import play_data

SPHERE = {"replace": {"sources": {"type": "land", "controller": "any"}, "at_least": 2,
                      "adds": "{C}"}}
GHAST = {"trigger": {"sources": {"type": "land", "tags": ["swamp"]}, "adds": "{B}"}}


def sources(p: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = p["payment"]["sources"]
    return out


def scenario(battlefield: list[dict[str, Any]], cost: str, *, cards: dict[str, Any] | None = None,
             opponent: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A cast of a sorcery costing `cost` with these permanents (cards: Swamp, Forest, Ancient
    Tomb, the Sphere and the Ghast, and `cards`)."""
    return {"format": "mtg/1", "cards": {
        "swamp": {"types": ["land"], "tags": ["basic", "swamp"], "mana": [{"adds": "{B}"}]},
        "forest": {"types": ["land"], "tags": ["basic", "forest"], "mana": [{"adds": "{G}"}]},
        "tomb": {"types": ["land"], "mana": [{"adds": "{C}{C}", "costs": ["tap", {"pay_life": 2}]}]},
        "sphere": {"types": ["artifact"], "mana_effects": [copy.deepcopy(SPHERE)]},
        "ghast": {"types": ["creature"], "mana_effects": [copy.deepcopy(GHAST)]},
        "spell": {"types": ["sorcery"], "cost": cost}, **(cards or {})},
        "state": {"you": {"battlefield": battlefield, "hand": [{"id": "h1", "card": "spell"}]},
                  "opponent": {"battlefield": opponent or []}},
        "play": {"object": "h1"}}


# --- 1. replace (Damping Sphere) -----------------------------------------------------------------


def test_damping_sphere_replaces_two_or_more_mana() -> None:
    data = example("69")
    p = plan(data)
    assert [(s["id"], s["adds"], s.get("replaced")) for s in sources(p)] == [
        ("t1", "{C}", {"by": "ds1", "was": "{C}{C}"}),
        ("g1", "{C}", {"by": "ds1", "was": "{G}{G}{G}"}),
        ("f1", "{G}", None), ("f2", "{G}", None)]
    assert (p["score"], p["payment"]["life"], p["left_in_pool"]) == (6, 2, "")
    assert [s["rule"] for s in p["steps"]] == ["601.2b", "614.1a", "614.1a"]
    assert "ds1 replaces the mana t1 is tapped for: {C}{C} becomes {C}" in p["steps"][1]["text"]
    data["state"]["opponent"]["battlefield"] = []  # the other side: no Sphere
    p = plan(data)
    assert (p["score"], [s["id"] for s in sources(p)]) == (2, ["g1", "f1"])
    assert all("replaced" not in s for s in sources(p))
    round_trips(example("69"))


def test_fewer_than_at_least_is_unchanged() -> None:
    # The Cradle with one creature makes {G}: 1 mana, not replaced; with at_least 1 it is.
    data = example("69")
    data["state"]["you"]["battlefield"] = [o for o in data["state"]["you"]["battlefield"]
                                           if o["id"] not in ("q2", "q3")]
    data["cards"]["garruk-wildspeaker"]["cost"] = "{G}{G}"
    p = plan(data)
    assert (p["score"], [(s["id"], s.get("replaced")) for s in sources(p)]) == (
        2, [("g1", None), ("f1", None)])
    data["cards"]["damping-sphere"]["mana_effects"][0]["replace"]["at_least"] = 1
    p = plan(data)  # now each land makes {C}: no {G}
    assert p["status"] == "unpayable"


def test_the_sphere_reads_controller_relative_to_its_own() -> None:
    # On the opponent's battlefield, `controller` left out (the Sphere's controller) reaches
    # only the opponent's lands: your Tomb makes {C}{C}.
    data = scenario([{"id": "t1", "card": "tomb"}], "{2}", opponent=[{"id": "ds1", "card": "sphere"}])
    assert plan(data)["status"] == "unpayable"
    data["cards"]["sphere"]["mana_effects"][0]["replace"]["sources"].pop("controller")
    p = plan(data)
    assert (p["status"], sources(p)[0]["adds"], "replaced" in sources(p)[0]) == ("ok", "{C}{C}", False)
    data["state"] = {"you": {"battlefield": [{"id": "t1", "card": "tomb"},
                                             {"id": "ds1", "card": "sphere"}],
                             "hand": [{"id": "h1", "card": "spell"}]}}
    assert plan(data)["status"] == "unpayable"  # on your battlefield it reaches your Tomb


def test_several_replacements_in_the_best_order() -> None:
    # Two effects on the Tomb's {C}{C}, each of 2 mana or more: to {G}{G} (a1) and to {R}{R}
    # (a2). Either order applies both (616.1): a2 then a1 makes {G}{G}, a1 then a2 {R}{R}; the
    # payment picks the order its spell needs, `by` the last applied.
    cards = {"to-green": {"types": ["artifact"], "mana_effects": [
                 {"replace": {"sources": {"type": "land"}, "adds": "{G}{G}"}}]},
             "to-red": {"types": ["artifact"], "mana_effects": [
                 {"replace": {"sources": {"type": "land"}, "adds": "{R}{R}"}}]}}
    board = [{"id": "t1", "card": "tomb"}, {"id": "a1", "card": "to-green"},
             {"id": "a2", "card": "to-red"}]
    for cost, by in (("{G}{G}", "a1"), ("{R}{R}", "a2")):
        p = plan(scenario(board, cost, cards=cards))
        assert sources(p) == [{"id": "t1", "adds": cost, "costs": ["tap", "pay_life 2"],
                               "replaced": {"by": by, "was": "{C}{C}"}}]
    assert plan(scenario(board, "{C}{C}", cards=cards))["status"] == "unpayable"


def test_check_refuses_the_unreplaced_mana_naming_the_sphere() -> None:
    data = example("69")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][1] = {"id": "g1", "adds": "{G}{G}{G}", "costs": ["tap"]}
    out = checked(data, bad)
    assert not out["legal"]
    assert any("ds1" in r and "614.1a" in r for r in out["problems"]), out["problems"]
    wrong = copy.deepcopy(good)
    wrong["sources"][1]["replaced"] = {"by": "ds1", "was": "{G}{G}"}
    assert not checked(data, wrong)["legal"]
    del good["sources"][1]["replaced"]  # `replaced` may be left out: `adds` is what is checked
    assert checked(data, good)["legal"]


# --- 2. trigger (Crypt Ghast, Market Festival) ---------------------------------------------------


def test_crypt_ghast_adds_b_per_swamp() -> None:
    data = example("70")
    p = plan(data)
    assert [(s["id"], s["adds"], s.get("triggered")) for s in sources(p)] == [
        ("s1", "{B}", [{"id": "cg1", "adds": "{B}"}]),
        ("s2", "{B}", [{"id": "cg1", "adds": "{B}"}]), ("m1", "{R}", None)]
    assert (p["score"], p["left_in_pool"]) == (3, "")
    assert [s["rule"] for s in p["steps"]].count("605.4a") == 2
    del data["cards"]["crypt-ghast"]["mana_effects"]
    assert plan(data)["status"] == "unpayable"
    round_trips(example("70"))


def test_the_trigger_fires_when_the_mana_is_not_needed() -> None:
    data = scenario([{"id": "s1", "card": "swamp"}, {"id": "g1", "card": "ghast"}], "{B}")
    p = plan(data)
    assert (p["score"], p["left_in_pool"]) == (1, "{B}")
    after = play_data(data).to_json()["state"]["you"]
    assert after["mana_pool"] == "{B}"
    assert after["battlefield"][0] == {"id": "s1", "card": "swamp", "tapped": True}


def test_a_trigger_on_the_opponents_battlefield() -> None:
    # The opponent's Ghast: its `sources` (controller: its controller) reach the opponent's
    # Swamps, not yours; `controller: any` reaches yours too.
    data = scenario([{"id": "s1", "card": "swamp"}], "{B}{B}",
                    opponent=[{"id": "g1", "card": "ghast"}])
    assert plan(data)["status"] == "unpayable"
    data["cards"]["ghast"]["mana_effects"][0]["trigger"]["sources"]["controller"] = "any"
    p = plan(data)
    assert sources(p) == [{"id": "s1", "adds": "{B}", "costs": ["tap"],
                           "triggered": [{"id": "g1", "adds": "{B}"}]}]


def test_triggers_are_listed_in_battlefield_order_and_never_replaced() -> None:
    # Two Ghasts (yours, the opponent's with controller: any) and the Sphere: the Swamp's {B}
    # is 1 mana (the triggered {B}{B} never counts toward at_least): no replacement.
    data = scenario([{"id": "g2", "card": "ghast"}, {"id": "s1", "card": "swamp"}], "{B}{B}{B}",
                    opponent=[{"id": "ds1", "card": "sphere"}, {"id": "g1", "card": "ghast"}])
    data["cards"]["opp-ghast"] = copy.deepcopy(data["cards"]["ghast"])
    data["cards"]["opp-ghast"]["mana_effects"][0]["trigger"]["sources"]["controller"] = "any"
    data["state"]["opponent"]["battlefield"][1]["card"] = "opp-ghast"
    p = plan(data)
    assert sources(p) == [{"id": "s1", "adds": "{B}", "costs": ["tap"], "triggered": [
        {"id": "g2", "adds": "{B}"}, {"id": "g1", "adds": "{B}"}]}]


def test_market_festival_on_the_enchanted_land() -> None:
    data = example("71")
    p = plan(data)
    assert sources(p) == [
        {"id": "f2", "adds": "{G}", "costs": ["tap"], "triggered": [{"id": "mf1", "adds": "{U}{R}"}]},
        {"id": "p1", "adds": "{W}", "costs": ["tap"]}]
    assert (p["score"], p["left_in_pool"]) == (2, "{G}")
    after = play_data(data).to_json()["state"]["you"]
    assert after["mana_pool"] == "{G}"
    assert {"id": "mf1", "card": "market-festival", "attached_to": "f2"} in after["battlefield"]
    del data["state"]["you"]["battlefield"][3]["attached_to"]  # attached to nothing: no trigger
    assert plan(data)["status"] == "unpayable"
    round_trips(example("71"))


def test_a_festival_on_the_opponents_land_gives_its_controller_nothing_of_yours() -> None:
    # The Festival (yours) enchants the opponent's Forest: your Forests are not it.
    data = example("71")
    data["state"]["opponent"] = {"battlefield": [{"id": "of1", "card": "forest"}]}
    data["state"]["you"]["battlefield"][3]["attached_to"] = "of1"
    assert plan(data)["status"] == "unpayable"


def test_a_land_adding_nothing_fires_no_trigger() -> None:
    # Gaea's Cradle with no creature makes no mana, and a "tapped for mana" trigger fires only
    # when the ability produces mana (106.12a): the Festival on it adds nothing. With one
    # creature the Cradle makes {G} and the Festival its two.
    data = example("71")
    data["cards"]["gaeas-cradle"] = {"types": ["land"], "mana": [
        {"adds": "{G}", "per": {"count": {"type": "creature"}}}]}
    data["state"]["you"]["battlefield"] = [{"id": "g1", "card": "gaeas-cradle"},
                                           {"id": "mf1", "card": "market-festival",
                                            "attached_to": "g1"}]
    data["cards"]["mantis-rider"]["cost"] = "{W}{U}"
    assert plan(data)["status"] == "unpayable"
    data["cards"]["mantis-rider"]["cost"] = "{W}{U}{G}"
    data["cards"]["bear"] = {"types": ["creature"], "cost": "{1}{G}"}
    data["state"]["you"]["battlefield"].append({"id": "b1", "card": "bear"})
    p = plan(data)
    assert sources(p) == [{"id": "g1", "adds": "{G}", "costs": ["tap"],
                           "triggered": [{"id": "mf1", "adds": "{W}{U}"}]}]
    assert checked(data, p["payment"])["legal"]


def test_sphere_and_ghast_together() -> None:
    data = example("72")
    p = plan(data)
    assert [(s["id"], s["adds"], s.get("replaced"), s.get("triggered")) for s in sources(p)] == [
        ("s1", "{B}", None, [{"id": "cg1", "adds": "{B}"}]),
        ("s2", "{B}", None, [{"id": "cg1", "adds": "{B}"}]),
        ("t1", "{C}", {"by": "ds1", "was": "{C}{C}"}, None)]
    assert (p["score"], p["left_in_pool"]) == (5, "")
    data["state"]["opponent"]["battlefield"] = []
    p = plan(data)
    assert (p["score"], p["left_in_pool"]) == (5, "{C}")
    round_trips(example("72"))


def test_check_reads_triggered_mana() -> None:
    data = example("71")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    left_out = copy.deepcopy(good)
    del left_out["sources"][0]["triggered"]  # added anyway (605.4a), any of its options
    assert checked(data, left_out)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][0]["triggered"][0]["adds"] = "{C}{C}"
    out = checked(data, bad)
    assert not out["legal"] and "mf1" in out["problems"][0], out["problems"]
    stranger = copy.deepcopy(good)
    stranger["sources"][1]["triggered"] = [{"id": "mf1", "adds": "{U}{R}"}]  # p1 is not enchanted
    assert not checked(data, stranger)["legal"]


def test_check_adds_the_ghasts_mana_left_out() -> None:
    data = example("70")
    payment = {"sources": [{"id": "s1", "adds": "{B}", "costs": ["tap"]},
                           {"id": "s2", "adds": "{B}", "costs": ["tap"]},
                           {"id": "m1", "adds": "{R}", "costs": ["tap"]}]}
    assert checked(data, payment)["legal"]
    payment["sources"].pop()  # four mana for five: illegal
    assert not checked(data, payment)["legal"]


# --- The loader's refusals and payplan turn ------------------------------------------------------


def test_loader_refusals() -> None:
    data = example("71")
    data["state"]["you"]["battlefield"][3]["attached_to"] = "mf1"
    assert problems(data) == ["state.you.battlefield[3].attached_to: mf1 can't be attached to "
                              "itself (303.4d)"]
    data["state"]["you"]["battlefield"][3]["attached_to"] = "x9"
    assert len(problems(data)) == 1 and "x9" in problems(data)[0]
    data = example("71")
    data["state"]["you"]["hand"][0]["attached_to"] = "f1"
    assert problems(data) == ["state.you.hand[0].attached_to: only a permanent on the "
                              "battlefield has `attached_to`"]
    data = example("69")
    data["cards"]["garruk-wildspeaker"]["reductions"] = [
        {"generic": {"count": {"type": "land", "attached": True}}}]
    (line,) = problems(data)
    assert line.startswith("cards.garruk-wildspeaker.reductions[0].generic.count.attached:")
    effect = example("69")["cards"]["damping-sphere"]["mana_effects"][0]["replace"]
    for key, value in (("adds", "{C}|{W}"), ("at_least", 0), ("at_least", 101)):
        data = example("69")
        data["cards"]["damping-sphere"]["mana_effects"][0]["replace"] = {**effect, key: value}
        (line,) = problems(data)
        assert line.startswith(f"cards.damping-sphere.mana_effects[0].replace.{key}"), line
    for key, value in (("ability", "activated"), ("chosen_type", True),
                       ("targets", {"type": "creature"})):
        data = example("69")
        data["cards"]["damping-sphere"]["mana_effects"][0]["replace"]["sources"][key] = value
        (line,) = problems(data)
        assert line.startswith(f"cards.damping-sphere.mana_effects[0].replace.sources.{key}:")
    data = example("69")
    data["cards"]["damping-sphere"]["mana_effects"] = [{**SPHERE, **GHAST}]
    assert problems(data) == ["cards.damping-sphere.mana_effects[0]: a mana effect is one of "
                              "`replace: {...}` or `trigger: {...}`"]
    data["cards"]["damping-sphere"]["mana_effects"] = [SPHERE]
    data["cards"]["damping-sphere"]["types"] = ["instant"]
    (line,) = problems(data)
    assert line.startswith("cards.damping-sphere.mana_effects:")


def test_meetings_not_built_are_refused() -> None:
    data = scenario([{"id": "s1", "card": "swamp"}, {"id": "g1", "card": "ghast"}], "{B}")
    data["cards"]["swamp"]["mana"][0]["only_for"] = {"type": "creature"}
    (line,) = problems(data)
    assert line.startswith("cards.swamp.mana[0].only_for:") and "not built" in line
    data = scenario([{"id": "s1", "card": "swamp"}, {"id": "g1", "card": "ghast"}], "{B}")
    data["cards"]["spell"]["spend_only"] = {"type": "land"}
    (line,) = problems(data)
    assert line.startswith("cards.spell.spend_only:") and "not built" in line
    data = scenario([{"id": "s1", "card": "swamp"}, {"id": "g1", "card": "ghast"}], "{S}")
    data["cards"]["swamp"]["snow"] = True
    (line,) = problems(data)
    assert line.startswith("cards.swamp.mana[0]:") and "snow" in line
    data["cards"]["spell"]["cost"] = "{B}"  # no {S} in the file: the snow does not matter
    assert plan(data)["status"] == "ok"


@pytest.mark.slow
def test_turn_and_plays_refuse_the_keys(tmp_path: Path) -> None:
    data = example("70")
    turn = {k: v for k, v in data.items() if k != "play"}
    out = run("turn", turn, tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "cards.crypt-ghast.mana_effects: mana_effects is not supported by `payplan turn` (nor "
        "`plays` paid together): mana effects are planned one play at a time (`payplan plan`, "
        "`play`)"]
    plays = {**turn, "plays": [{"object": "h1"}]}
    assert run("play", plays, tmp_path).returncode == 2
    data = example("71")
    data["cards"]["market-festival"].pop("mana_effects")
    turn = {k: v for k, v in data.items() if k != "play"}
    out = run("turn", turn, tmp_path)
    assert out.returncode == 2 and "attached_to" in out.stderr
    assert json.loads(run("plan", example("71"), tmp_path).stdout)["status"] == "ok"
