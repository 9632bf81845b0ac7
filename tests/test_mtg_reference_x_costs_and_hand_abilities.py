"""The mtg/1 brute force (benchmarks/mtg/reference) on costs beyond mana, each case worked by hand
from docs/mtg-format.md and the rules, without payplan's engine: X in a non-mana cost
(`{pay_life: X}`, Toxic Deluge) and abilities activated from the hand (cycling, `discard_self`,
`ability: cycling`, Fluctuator)."""

from __future__ import annotations

from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

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


def test_x_life_in_an_optional_cost_is_refused() -> None:
    """An optional extra "pay X life" is a bad scenario (the README: X would be announced for a
    cost that may not be paid)."""
    spell = {"types": ["instant"], "cost": "{B}",
             "additional": [{"id": "x-life", "mandatory": False, "other": [{"pay_life": "X"}]}]}
    data = scenario(spell, [("swamp", SWAMP)], x=4, optional={"x-life": "yes"})
    with pytest.raises(BadScenario):
        solve(data)


def test_x_life_in_flashback() -> None:
    """A flashback cost "{1}{B}, pay X life" from the graveyard, x: 2: two Swamps and 2 life
    (score 4), exiled."""
    spell = {"types": ["sorcery"], "cost": "{B}", "flashback": {"cost": "{1}{B}", "other": [{"pay_life": "X"}]}}
    data = scenario(spell, [("swamp", SWAMP)] * 2, x=2)
    you = data["state"]["you"]
    you["graveyard"], you["hand"] = you["hand"], []
    got = solve(data)
    assert (got.score, got.totals, got.casts, got.destinations) == (4, {("{1}{B}", 2)}, {"flashback"}, {"exile"})


def test_x_life_in_an_ability() -> None:
    """An activated ability "{1}, pay X life": x: auto with 5 life and an Island is X = 5
    (score 1 + 5)."""
    relic = {"types": ["artifact"], "abilities": [{"id": "act", "costs": ["{1}", {"pay_life": "X"}]}]}
    data = scenario({"types": ["instant"], "cost": "{U}"}, [("island", ISLAND), ("relic", relic)],
                    life=5)
    data["play"] = {"ability": {"object": "l1", "id": "act"}, "x": "auto"}
    got = solve(data)
    assert (got.status, got.x, got.score, got.totals) == ("ok", 5, 6, {("{1}", 5)})


# --- Part 2: abilities activated from the hand (cycling) -----------------------------------------

FLUCTUATOR = {"name": "Fluctuator", "types": ["artifact"],
              "grants": [{"reduction": {"generic": 2}, "applies_to": {"ability": "cycling"}}]}


def cycler(costs: list[Any], lands: list[tuple[str, dict[str, Any]]], cycling: bool = True,
           **ability: Any) -> dict[str, Any]:
    """A creature card in hand (h1) with a hand ability `cycle` of these costs."""
    card = {"types": ["creature"], "cost": "{4}{U}",
            "abilities": [{"id": "cycle", "zone": "hand", "costs": costs, **ability}]}
    if cycling:
        card["abilities"][0]["cycling"] = True
    data = scenario(card, lands)
    data["play"] = {"ability": {"object": "h1", "id": "cycle"}}
    return data


def with_permanent(data: dict[str, Any], name: str, card: dict[str, Any]) -> dict[str, Any]:
    data["cards"][name] = card
    data["state"]["you"]["battlefield"].append({"id": name, "card": name})
    return data


def test_cycling_two() -> None:
    """Cycling {2} with two Islands: the Islands (2) and the card discarded (discard 4): 6."""
    got = solve(cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2))
    assert (got.status, got.score, got.totals, got.x) == ("ok", 6, {("{2}", 0)}, None)
    assert got.casts == {"ability"} and got.destinations == {None}


def test_cycling_discard_charged_by_value_and_weight() -> None:
    """The card's `value` replaces the discard weight (value 1: score 3); the discard weight
    prices it otherwise (weight 0: score 2)."""
    data = cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2)
    data["state"]["you"]["hand"][0]["value"] = 1
    assert solve(data).score == 3
    data = cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2)
    data["objective"] = {"weights": {"discard": 0}}
    assert solve(data).score == 2


def test_cycling_with_no_mana_cannot_pay() -> None:
    assert solve(cycler(["{2}", "discard_self"], [("island", ISLAND)])).status == "unpayable"


def test_fluctuator_takes_the_whole_two() -> None:
    """Fluctuator: cycling {2} costs nothing but the discard (4), with no land at all."""
    data = with_permanent(cycler(["{2}", "discard_self"], []), "fluctuator", FLUCTUATOR)
    got = solve(data)
    assert (got.status, got.score, got.totals) == ("ok", 4, {("", 0)})


def test_fluctuator_leaves_colored_pips() -> None:
    """Cycling {1}{U} under Fluctuator is {U} (a generic reduction takes no colored pip)."""
    data = with_permanent(cycler(["{1}{U}", "discard_self"], [("island", ISLAND)]),
                          "fluctuator", FLUCTUATOR)
    got = solve(data)
    assert (got.score, got.totals) == (5, {("{U}", 0)})


def test_street_wraith_pays_life() -> None:
    """Street Wraith: "Cycling--Pay 2 life": 2 life and the discard: 6; Fluctuator changes
    nothing (no generic mana)."""
    data = cycler([{"pay_life": 2}, "discard_self"], [])
    got = solve(data)
    assert (got.score, got.totals) == (6, {("", 2)})
    with_permanent(data, "fluctuator", FLUCTUATOR)
    assert solve(data).totals == {("", 2)}


def test_cycling_grant_skips_other_hand_abilities_and_spells() -> None:
    """`ability: cycling` is no reduction for a hand ability that is not cycling (channel), nor
    for the card cast as a spell."""
    channel = with_permanent(cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2, cycling=False),
                             "fluctuator", FLUCTUATOR)
    assert solve(channel).totals == {("{2}", 0)}
    spell = with_permanent(scenario({"types": ["instant"], "cost": "{2}"}, [("island", ISLAND)] * 2),
                           "fluctuator", FLUCTUATOR)
    assert solve(spell).totals == {("{2}", 0)}


def test_activated_grants_reach_cycling() -> None:
    """A cycling ability is an activated ability: "activated abilities cost {1} more" makes
    cycling {2} cost {3} (three Islands: 3 + 4)."""
    tax = {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"ability": "activated"}}]}
    data = with_permanent(cycler(["{2}", "discard_self"], [("island", ISLAND)] * 3), "tax", tax)
    got = solve(data)
    assert (got.score, got.totals) == (7, {("{3}", 0)})


def test_cycling_grant_does_not_reach_battlefield_abilities() -> None:
    """An ability of a permanent that is not cycling gets no Fluctuator reduction."""
    relic = {"types": ["artifact"], "abilities": [{"id": "act", "costs": ["{2}"]}]}
    data = scenario({"types": ["instant"], "cost": "{U}"},
                    [("island", ISLAND), ("island", ISLAND), ("relic", relic), ("fluctuator", FLUCTUATOR)])
    data["play"] = {"ability": {"object": "l2", "id": "act"}}
    assert solve(data).totals == {("{2}", 0)}


def test_hand_ability_from_the_wrong_zone() -> None:
    """A hand ability of a permanent, and a battlefield ability of a card in hand, can't be
    activated."""
    data = cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2)
    data["state"]["you"]["battlefield"].append({"id": "b1", "card": "spell"})
    data["play"] = {"ability": {"object": "b1", "id": "cycle"}}
    assert solve(data).status == "illegal"
    data = cycler(["{2}"], [("island", ISLAND)] * 2, cycling=False)
    del data["cards"]["spell"]["abilities"][0]["zone"]
    assert solve(data).status == "illegal"


def test_discard_self_is_not_another_discard() -> None:
    """"{1}, discard this card and another card": the card itself pays `discard_self` only; with
    no other card in hand it can't be paid; with one (value 2) the score is 1 + 4 + 2."""
    data = cycler(["{1}", "discard_self", {"discard": 1}], [("island", ISLAND)])
    assert solve(data).status == "unpayable"
    data["cards"]["chaff"] = {"types": ["instant"], "cost": "{U}"}
    data["state"]["you"]["hand"].append({"id": "h2", "card": "chaff", "value": 2})
    assert solve(data).score == 7


def test_hand_ability_sorcery_timing() -> None:
    """A hand ability with `timing: sorcery` on the opponent's turn is illegal; cycling at
    instant speed is fine then."""
    data = cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2, timing="sorcery")
    data["state"]["turn"] = "opponent"
    assert solve(data).status == "illegal"
    data = cycler(["{2}", "discard_self"], [("island", ISLAND)] * 2)
    data["state"]["turn"] = "opponent"
    assert solve(data).status == "ok"


def test_cycling_mana_restricted_to_abilities() -> None:
    """Mana `only_for: {ability: activated}` pays a cycling cost; `only_for: {ability: cycling}`
    too, but not a battlefield ability."""
    pillar = {"types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"ability": "cycling"}}]}
    data = cycler(["{2}", "discard_self"], [("pillar", pillar)])
    assert solve(data).score == 5
    relic = {"types": ["artifact"], "abilities": [{"id": "act", "costs": ["{2}"]}]}
    data = scenario({"types": ["instant"], "cost": "{U}"}, [("pillar", pillar), ("relic", relic)])
    data["play"] = {"ability": {"object": "l1", "id": "act"}}
    assert solve(data).status == "unpayable"


def test_a_flashback_cost_with_x_life_keeps_x() -> None:
    """{X}{B} with flashback "{B}, pay X life" cast from the graveyard with x: 2: the flashback
    cost has X of its own (X life), so X stays 2 (107.3b sets X to 0 only when the cost paid has
    no X at all): 2 life and a Swamp, score 3. The reference once set X to 0 under every
    alternative cost without {X} (a fresh-cast disagreement, cast 3912539900)."""
    spell = {"types": ["instant"], "cost": "{X}{B}",
             "flashback": {"cost": "{B}", "other": [{"pay_life": "X"}]}}
    data = scenario(spell, [("swamp", SWAMP)], object="g1", x=2, **{"from": "graveyard"})
    data["state"]["you"]["graveyard"] = [{"id": "g1", "card": "spell"}]
    data["state"]["you"]["hand"] = []
    got = solve(data)
    assert (got.status, got.x, got.score) == ("ok", 2, 3)
    assert got.totals == {("{B}", 2)}
