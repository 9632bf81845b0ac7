"""mtg/1's triggered mana of a type the land produced (605.1b, 605.4a, 106.12a): Dictate of
Karametra's "Whenever a land is tapped for mana, its controller adds an additional one mana of
any type that land produced", a `mana_effects` trigger with `adds: produced`. The other side of
examples/mtg/131: `plan` (fast path on and off), `hand`, `check`, `play`, the dump, the
loader's refusal, and the trigger beside a replacement (Damping Sphere) and on a land that makes
nothing (Gaea's Cradle). Answers worked by hand (a land tapped 1, 2 life 2)."""

from __future__ import annotations

import copy
from typing import Any

from mtg_cases import checked_payment as checked
from mtg_cases import example, on_battlefield, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.play import play_data

SPHERE = {"name": "Damping Sphere", "types": ["artifact"], "mana_effects": [
    {"replace": {"sources": {"type": "land", "controller": "any"}, "at_least": 2, "adds": "{C}"}}]}
TOMB = {"name": "Ancient Tomb", "types": ["land"],
        "mana": [{"adds": "{C}{C}", "costs": ["tap", {"pay_life": 2}]}]}
CHANCERY = {"name": "Azorius Chancery", "types": ["land"], "mana": [{"adds": "{W}{U}"}]}
CRADLE = {"name": "Gaea's Cradle", "types": ["land"],
          "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}


def dictate(cost: str, *others: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """Example 131 with the Dictate and `others` (id, card) as your battlefield, the spell
    costing `cost`."""
    data = example("131")
    data["cards"]["mystic-snake"]["cost"] = cost
    field: list[dict[str, Any]] = [{"id": "d1", "card": "dictate-of-karametra"}]
    return on_battlefield(data, field, others)


def sources(p: dict[str, Any]) -> list[tuple[str, str, Any]]:
    return [(s["id"], s["adds"], s.get("triggered")) for s in p["payment"]["sources"]]


def test_the_sea_gives_the_type_it_produced() -> None:
    p = plan(example("131"))
    assert (p["status"], p["score"], p["left_in_pool"]) == ("ok", 2, ""), p
    assert sources(p) == [("us1", "{U}", [{"id": "d1", "adds": "{U}"}]),
                          ("f1", "{G}", [{"id": "d1", "adds": "{G}"}])]


def test_not_a_type_the_land_could_produce() -> None:
    """Sultai Charm ({B}{G}{U}): the Sea makes {U}{U} or {B}{B}, the Forest {G}{G}: unpayable."""
    data = example("131")
    data["cards"]["mystic-snake"]["cost"] = "{B}{G}{U}"
    assert plan(data)["status"] == "unpayable"


def test_one_mana_of_a_type_of_what_the_land_made() -> None:
    """A bounce land tapped for {W}{U} gives {W} or {U} (one, not both): {W}{U}{U} is paid by the
    Chancery alone (score 1); {W}{W}{U}{U} is not."""
    p = plan(dictate("{W}{U}{U}", ("chancery1", CHANCERY)))
    assert (p["status"], p["score"]) == ("ok", 1), p
    assert sources(p) == [("chancery1", "{W}{U}", [{"id": "d1", "adds": "{U}"}])]
    assert plan(dictate("{W}{W}{U}{U}", ("chancery1", CHANCERY)))["status"] == "unpayable"


def test_after_a_replacement_the_trigger_reads_the_replaced_mana() -> None:
    """Under the opponent's Damping Sphere, Ancient Tomb makes {C} (not {C}{C}); the Dictate adds
    {C}: {C}{C} paid by the Tomb alone (1 land + 2 life = 3); {C}{C}{C} unpayable."""
    data = dictate("{C}{C}", ("tomb1", TOMB))
    data["cards"]["damping-sphere"] = SPHERE
    data["state"]["opponent"] = {"battlefield": [{"id": "ds1", "card": "damping-sphere"}]}
    p = plan(data)
    assert (p["status"], p["score"]) == ("ok", 3), p
    assert p["payment"]["sources"][0]["triggered"] == [{"id": "d1", "adds": "{C}"}]
    data["cards"]["mystic-snake"]["cost"] = "{C}{C}{C}"
    assert plan(data)["status"] == "unpayable"


def test_two_dictates_each_add_one() -> None:
    """Two Dictates on one Forest: {G}{G}{G}, score 1."""
    data = dictate("{G}{G}{G}", ("forest1", example("131")["cards"]["forest"]))
    data["state"]["you"]["battlefield"].insert(1, {"id": "d2", "card": "dictate-of-karametra"})
    p = plan(data)
    assert (p["status"], p["score"]) == ("ok", 1), p
    assert sources(p) == [("forest1", "{G}", [{"id": "d1", "adds": "{G}"},
                                              {"id": "d2", "adds": "{G}"}])]


def test_a_land_that_makes_nothing_fires_nothing() -> None:
    """Gaea's Cradle with no creature makes no mana: the Dictate adds nothing (106.12a), {G}
    unpayable."""
    assert plan(dictate("{G}", ("cradle1", CRADLE)))["status"] == "unpayable"


def test_check_reads_the_produced_type() -> None:
    data = example("131")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][0]["triggered"][0]["adds"] = "{B}"  # the Sea produced {U}
    out = checked(data, bad)
    assert not out["legal"], out
    assert any("d1" in r and "not {B}" in r and "605.1b" in r for r in out["problems"]), \
        out["problems"]
    left_out = copy.deepcopy(good)
    for s in left_out["sources"]:
        del s["triggered"]  # added anyway (605.4a)
    assert checked(data, left_out)["legal"]


def test_play_taps_the_lands() -> None:
    out = play_data(example("131")).to_json()
    assert out["status"] == "ok"
    field = {o["id"]: o for o in out["state"]["you"]["battlefield"]}
    assert field["us1"]["tapped"] is True and field["f1"]["tapped"] is True


def test_the_example_dumps_and_loads_back() -> None:
    round_trips(example("131"))


def test_a_replacement_takes_no_produced() -> None:
    data = example("131")
    data["cards"]["dictate-of-karametra"]["mana_effects"] = [
        {"replace": {"sources": {"type": "land"}, "adds": "produced"}}]
    assert _problems(data) == [
        "cards.dictate-of-karametra.mana_effects[0].replace.adds: adds: produced is read in a "
        "trigger only (a replacement makes one mana string, like \"{C}\")"]
