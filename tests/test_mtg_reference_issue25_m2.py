"""The mtg/1 brute force (benchmarks/mtg_reference) on issue 25's "costs the format can't say"
(spec25 M2 parts 1 and 2), each case worked by hand from the README and the rules, without
payplan's engine: X in a non-mana cost (`{pay_life: X}`, Toxic Deluge) and abilities activated
from the hand (cycling, `discard_self`, `ability: cycling`, Fluctuator)."""

from __future__ import annotations

from typing import Any

from payplan.benchmarks.mtg_reference.brute import solve

SWAMP = {"types": ["land"], "mana": [{"adds": "{B}"}]}
ISLAND = {"types": ["land"], "mana": [{"adds": "{U}"}]}


def scenario(spell: dict[str, Any], lands: list[tuple[str, dict[str, Any]]], life: int = 20,
             **play: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {"spell": spell}
    battlefield = []
    for i, (name, card) in enumerate(lands):
        cards[name] = card
        battlefield.append({"id": f"l{i}", "card": name})
    return {"format": "mtg/1", "cards": cards,
            "state": {"you": {"life": life, "library": 40, "battlefield": battlefield,
                              "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1", **play}}


def toxic_deluge(**play: Any) -> dict[str, Any]:
    deluge = {"name": "Toxic Deluge", "types": ["sorcery"], "cost": "{2}{B}",
              "additional": [{"id": "pay-x-life", "mandatory": True, "other": [{"pay_life": "X"}]}]}
    return scenario(deluge, [("swamp", SWAMP)] * 3, **play)


# --- Part 1: X in a non-mana cost ----------------------------------------------------------------

def test_x_life_auto_is_the_whole_life_total() -> None:
    """Toxic Deluge, 7 life, three Swamps, x: auto: the mana is {2}{B} whatever X is (score 3);
    X life may take the total to exactly 0, so X = 7: score 3 + 7 = 10."""
    data = toxic_deluge(x="auto")
    data["state"]["you"]["life"] = 7
    got = solve(data)
    assert (got.status, got.x, got.score) == ("ok", 7, 10)
    assert got.totals == {("{2}{B}", 7)}


def test_x_life_named() -> None:
    """x: 3 pays 3 life (score 6); x: 8 with 7 life can't be paid."""
    data = toxic_deluge(x=3)
    data["state"]["you"]["life"] = 7
    got = solve(data)
    assert (got.status, got.x, got.score, got.totals) == ("ok", 3, 6, {("{2}{B}", 3)})
    data["play"]["x"] = 8
    assert solve(data).status == "unpayable"


def test_x_life_at_zero_life() -> None:
    """With 0 life only X = 0 is payable: x: auto gives 0 (score 3)."""
    data = toxic_deluge(x="auto")
    data["state"]["you"]["life"] = 0
    got = solve(data)
    assert (got.status, got.x, got.score) == ("ok", 0, 3)


def test_x_life_above_the_mana_cap() -> None:
    """X life is bounded by the life total alone: 40 life, x: auto is 40 (above the 30 that
    bounds a mana X)."""
    data = toxic_deluge(x="auto")
    data["state"]["you"]["life"] = 40
    got = solve(data)
    assert (got.x, got.score) == (40, 43)


def test_x_life_life_weight() -> None:
    """The life weight prices each point: weight 3, x: 2 costs 3 + 6 = 9."""
    data = toxic_deluge(x=2)
    data["objective"] = {"weights": {"life": 3}}
    assert solve(data).score == 9


def test_x_shared_with_the_mana_cost() -> None:
    """{X}{B} with "pay X life" too: X = 2 is {2}{B} and 2 life. Three Swamps, 20 life,
    x: auto: the largest X the mana pays is 2 (score 3 + 2 = 5)."""
    spell = {"types": ["sorcery"], "cost": "{X}{B}",
             "additional": [{"id": "x-life", "mandatory": True, "other": [{"pay_life": "X"}]}]}
    got = solve(scenario(spell, [("swamp", SWAMP)] * 3, x="auto"))
    assert (got.x, got.totals, got.score) == (2, {("{2}{B}", 2)}, 5)


def test_x_life_without_paying_the_mana_cost() -> None:
    """107.3b forces X to 0 only for {X} in the mana cost: Toxic Deluge cast without paying its
    mana cost still announces X and pays X life (7 life: X = 7, no mana, score 7)."""
    data = toxic_deluge(x="auto", cast="without_paying")
    data["state"]["you"]["life"] = 7
    got = solve(data)
    assert (got.x, got.totals, got.score) == (7, {("", 7)}, 7)


def test_x_life_in_an_optional_cost() -> None:
    """An optional extra "pay X life" (x: 4): `yes` pays 4 life (score 1 + 4), `no` none (1);
    the announced X is the play's either way."""
    spell = {"types": ["instant"], "cost": "{B}",
             "additional": [{"id": "x-life", "mandatory": False, "other": [{"pay_life": "X"}]}]}
    data = scenario(spell, [("swamp", SWAMP)], x=4, optional={"x-life": "yes"})
    assert solve(data).score == 5
    data["play"]["optional"]["x-life"] = "no"
    assert solve(data).score == 1


def test_x_life_in_an_ability() -> None:
    """An activated ability "{1}, pay X life": x: auto with 5 life and an Island is X = 5
    (score 1 + 5)."""
    relic = {"types": ["artifact"], "abilities": [{"id": "act", "costs": ["{1}", {"pay_life": "X"}]}]}
    data = scenario({"types": ["instant"], "cost": "{U}"}, [("island", ISLAND), ("relic", relic)],
                    life=5)
    data["play"] = {"ability": {"object": "l1", "id": "act"}, "x": "auto"}
    got = solve(data)
    assert (got.status, got.x, got.score, got.totals) == ("ok", 5, 6, {("{1}", 5)})
