"""The mtg/1 brute force (tests/mtg_reference) on its own: every example's hand-worked answer,
and small cases worked by hand here. These run whether or not payplan supports mtg/1 yet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_reference import EXAMPLES, read_expect
from payplan.benchmarks.mtg_reference.brute import solve
from payplan.benchmarks.mtg_reference.mana import parse_plain, parse_symbols, vec_text

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_there_are_examples() -> None:
    assert len(EXAMPLE_FILES) >= 20


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_brute_force_finds_the_hand_worked_answer(path: Path) -> None:
    expect = read_expect(path)
    got = solve(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert got.status == expect["status"], got.reasons
    if "score" in expect:
        assert got.score == expect["score"]
    if "total" in expect:
        mana = vec_text(parse_plain(expect["total"]["mana"]))
        assert got.totals == {(mana, int(expect["total"].get("life", 0)))}
    if "x" in expect:
        assert got.x == expect["x"]
    if "cast" in expect:
        assert got.casts == {expect["cast"]}
    if "destination" in expect:
        assert got.destinations == {expect["destination"]}


def test_mana_strings() -> None:
    assert [k for k, _ in parse_symbols("{2}{W/U}{B/P}{X}{2/W}{G/W/P}{C}")] == [
        "generic", "hybrid", "phyrexian", "x", "mono", "hphyrexian", "mana"]
    for bad in ("{2/Q}", "{W/W}", "{Q}", "2{W}", "{W}x"):
        with pytest.raises(ValueError):
            parse_symbols(bad)
    assert vec_text(parse_plain("{U}{1}{W}{C}")) == "{1}{W}{U}{C}"


def cast(cost: str, lands: list[str], **card: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {"spell": {"types": ["instant"], "cost": cost, **card}}
    battlefield = []
    for i, color in enumerate(lands):
        cards[f"land-{color}"] = {"types": ["land"], "mana": [{"adds": f"{{{color}}}"}]}
        battlefield.append({"id": f"l{i}", "card": f"land-{color}"})
    return {"format": "mtg/1", "cards": cards,
            "state": {"you": {"battlefield": battlefield, "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1"}}


def test_colored_reduction_takes_the_hybrid_half() -> None:
    """{1}{W/U} with "{W} less" and one Plains: announce {W}, reduce it, the Plains pays {1}.
    (Announced {U}, the reduction finds no {W} and takes {1}: {U}, which a Plains can't pay.)"""
    data = cast("{1}{W/U}", ["W"])
    data["cards"]["helper"] = {"types": ["creature"], "grants": [{"reduction": {"mana": "{W}"}, "applies_to": {}}]}
    data["state"]["you"]["battlefield"].append({"id": "c1", "card": "helper"})
    got = solve(data)
    assert got.score == 1 and got.totals == {("{1}", 0)}


def test_generic_reduction_never_takes_a_colored_pip() -> None:
    data = cast("{G}{G}", ["G", "G"])
    data["cards"]["helper"] = {"types": ["creature"], "grants": [{"reduction": {"generic": 2}, "applies_to": {}}]}
    data["state"]["you"]["battlefield"].append({"id": "c1", "card": "helper"})
    assert solve(data).totals == {("{G}{G}", 0)}


def test_phyrexian_life_only_when_cheaper() -> None:
    """{B/P} with a Swamp: tapping (1) beats 2 life (2)."""
    assert solve(cast("{B/P}", ["B"])).totals == {("{B}", 0)}
    heavy = cast("{B/P}", ["B"])
    heavy["objective"] = {"weights": {"tap_land": 3}}
    assert solve(heavy).totals == {("", 2)}


def test_x_auto_takes_the_largest_x() -> None:
    got = solve({**cast("{X}{X}{R}", ["R"] * 6), "play": {"object": "h1", "x": "auto"}})
    assert got.x == 2 and got.totals == {("{4}{R}", 0)} and got.score == 5


def test_summoning_sick_creature_cant_tap_for_mana_but_can_convoke() -> None:
    data = cast("{G}", [])
    data["cards"]["elf"] = {"types": ["creature"], "colors": ["green"], "mana": [{"adds": "{G}"}]}
    data["state"]["you"]["battlefield"] = [{"id": "e1", "card": "elf", "sick": True}]
    assert solve(data).status == "unpayable"
    data["cards"]["spell"]["convoke"] = True
    got = solve(data)
    assert got.status == "ok" and got.score == 2


def test_improvise_pays_generic_only() -> None:
    data = cast("{1}{U}", ["U"], improvise=True)
    data["cards"]["rock"] = {"types": ["artifact"]}
    data["state"]["you"]["battlefield"].append({"id": "a1", "card": "rock"})
    assert solve(data).score == 2
    data = cast("{U}{U}", ["U"], improvise=True)
    data["cards"]["rock"] = {"types": ["artifact"]}
    data["state"]["you"]["battlefield"].append({"id": "a1", "card": "rock"})
    assert solve(data).status == "unpayable"


def test_pool_is_free_and_colorless_pips_need_colorless_mana() -> None:
    data = cast("{C}{R}", ["R"])
    data["state"]["you"]["mana_pool"] = "{R}"
    assert solve(data).status == "unpayable"
    data["state"]["you"]["mana_pool"] = "{C}"
    assert solve(data).score == 1


def test_sorcery_needs_sorcery_speed() -> None:
    data = cast("{R}", ["R"])
    data["cards"]["spell"]["types"] = ["sorcery"]
    data["state"]["stack"] = "nonempty"
    assert solve(data).status == "illegal"


def test_increase_before_reduction_with_minimum() -> None:
    """{1} spell, Thalia-like +{1}, a reduction of {2} that can't go below one mana: {2} -> {1}."""
    data = cast("{1}", ["C", "C"])
    data["cards"]["thalia"] = {"types": ["creature"], "grants": [{"increase": "{1}", "applies_to": {"not_type": "creature"}}]}
    data["cards"]["helper"] = {"types": ["creature"], "grants": [{"reduction": {"generic": 2, "minimum": 1}, "applies_to": {}}]}
    data["state"]["you"]["battlefield"] += [{"id": "t1", "card": "thalia"}, {"id": "c1", "card": "helper"}]
    assert solve(data).totals == {("{1}", 0)}


def test_generated_casts_cover_every_feature() -> None:
    """The generator reaches every feature the spec lists, and the brute force answers each cast."""
    from mtg_reference.strategies import casts

    seen: set[str] = set()
    statuses: set[str] = set()
    for _, data in casts(0, 400):
        spell = data["cards"]["spell"]
        text = str(data)
        for key in ("kicker", "multikicker", "replicate", "buyback", "flashback", "convoke", "delve",
                    "improvise", "reductions", "alternative", "additional"):
            if key in spell:
                seen.add(key)
        for needle in ("/P}", "{2/", "{X}", "minimum", "'mana': '{W}'", "increase", "at_least", "only_for",
                       "sacrifice_self", "pay_life", "'sick': True", "'tapped': True", "mana_pool",
                       "without_paying", "'mill'", "'discard'", "'sacrifice'", "tap_untapped",
                       "exile_from_hand", "exile_from_graveyard", "{W}{W}|", "{C}{C}", "'combat'"):
            if needle in text:
                seen.add(needle)
        statuses.add(solve(data).status)
    assert len(seen) == 34, sorted(seen)
    assert statuses == {"ok", "unpayable", "illegal"}


def test_brute_force_is_deterministic() -> None:
    from mtg_reference.strategies import casts

    for _, data in casts(5, 30):
        assert solve(data) == solve(data)


def test_one_more_land_never_hurts() -> None:
    """A property any exact optimum has and a buggy search easily breaks: an extra untapped basic
    land can't make a payable cast unpayable or dearer (X fixed: under x: auto a larger X may
    cost more)."""
    import copy

    from mtg_reference.strategies import casts

    checked = 0
    for _, data in casts(11, 250):
        if data["play"].get("x") == "auto":
            continue
        before = solve(data)
        if before.status != "ok":
            continue
        more = copy.deepcopy(data)
        color = "WUBRG"[checked % 5]
        more["cards"].setdefault(f"basic-{color}", {"types": ["land"], "mana": [{"adds": f"{{{color}}}"}]})
        more["state"]["you"]["battlefield"].append({"id": "extra", "card": f"basic-{color}"})
        after = solve(more)
        assert after.status == "ok" and after.objective is not None and before.objective is not None
        assert after.objective <= before.objective, (data, before, after)
        checked += 1
    assert checked > 50


def test_x_auto_prefers_the_largest_x_over_a_method_without_x() -> None:
    """x: auto makes X as large as any payment allows first (spec): {X} with three lands casts
    for X = 3 rather than for an evoke cost without X that would be cheaper."""
    data = cast("{X}", ["U", "B", "C"], alternative=[{"id": "evoke", "cost": "{U/P}"}])
    data["cards"]["spell"]["types"] = ["creature"]
    data["play"] = {"object": "h1", "x": "auto", "cast": "auto"}
    got = solve(data)
    assert got.x == 3 and got.casts == {"normal"} and got.score == 3
    data["play"]["x"] = 2          # a named X is only the play's X: evoke (1 land) is cheaper
    got = solve(data)
    assert got.casts == {"evoke"} and got.score == 1


def test_the_self_paying_diagnosis_is_a_different_reading() -> None:
    """The campaign explains disagreements with a reference that lets a filter land pay its own
    cost; on example 32 that reading must answer differently, or it would explain nothing."""
    import payplan.benchmarks.mtg_reference.brute as brute

    data = yaml.safe_load((EXAMPLES / "32-filter-land-cant-pay-itself.yaml").read_text(encoding="utf-8"))
    assert brute.DIAGNOSE_SELF_PAYING_FILTERS is False
    assert solve(data).status == "unpayable"
    brute.DIAGNOSE_SELF_PAYING_FILTERS = True
    try:
        assert solve(data).status == "ok"
    finally:
        brute.DIAGNOSE_SELF_PAYING_FILTERS = False
