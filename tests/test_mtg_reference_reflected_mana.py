"""The mtg/1 brute force (benchmarks/mtg/reference) on mana of any type (or color) that a
permanent could produce (106.7), each case worked by hand from the contract's reading, without
payplan's engine: Reflecting Pool ("{T}: Add one mana of any type that a land you control could
produce"), Exotic Orchard and Fellwar Stone ("... any color that a land an opponent controls could
produce"). Default weights: a land or an artifact tapped 1, a creature tapped 2."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

POOL = {"name": "Reflecting Pool", "types": ["land"], "mana": [{"adds": "any_type", "of": {"type": "land"}}]}
ORCHARD = {"name": "Exotic Orchard", "types": ["land"],
           "mana": [{"adds": "any_color", "of": {"type": "land", "controller": "opponent"}}]}
SEA = {"name": "Underground Sea", "types": ["land"], "mana": [{"adds": "{U}|{B}"}]}
FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
ISLAND = {"types": ["land"], "mana": [{"adds": "{U}"}]}
PLAINS = {"types": ["land"], "mana": [{"adds": "{W}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
CRADLE = {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}
FILTER_LAND = {"types": ["land"], "mana": [{"adds": "{R}{R}", "costs": ["tap", "{1}"]}]}
ELF = {"types": ["creature"], "mana": [{"adds": "{G}"}]}


def board(cost: str, mine: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]] | None = None
          ) -> dict[str, Any]:
    """An instant costing `cost` in hand (h1); object id -> card (card id: the id without its
    digits); an object's own keys under `_obj`."""
    cards: dict[str, Any] = {"spell": {"types": ["instant"], "cost": cost}}
    state: dict[str, Any] = {"you": {"battlefield": [], "hand": [{"id": "h1", "card": "spell"}]}}
    for who, objects in (("you", mine), ("opponent", theirs or {})):
        field = state.setdefault(who, {}).setdefault("battlefield", [])
        for ident, body in objects.items():
            body = copy.deepcopy(body)
            extra = body.pop("_obj", {})
            name = ident.rstrip("0123456789")
            cards[name] = body
            field.append({"id": ident, "card": name, **extra})
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1"}}


def tapped(card: dict[str, Any]) -> dict[str, Any]:
    return {**card, "_obj": {"tapped": True}}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score


def test_the_contracts_worked_example() -> None:
    """Pool, Sea, Forest: {B}{G}{U} paid by all three (score 3); without the Sea the Pool could
    produce G only: unpayable."""
    mine = {"pool1": POOL, "sea1": SEA, "forest1": FOREST}
    assert answer(board("{B}{G}{U}", mine)) == ("ok", 3)
    assert solve(board("{B}{G}", {"pool1": POOL, "forest1": FOREST})).status == "unpayable"
    assert answer(board("{G}{G}", {"pool1": POOL, "forest1": FOREST})) == ("ok", 2)


def test_tapped_lands_still_count() -> None:
    """A tapped Island of yours: the Pool could still produce {U} (costs ignored): score 1."""
    assert answer(board("{U}", {"pool1": POOL, "island1": tapped(ISLAND)})) == ("ok", 1)


def test_two_pools_alone_produce_nothing() -> None:
    """The least fixed point: two Pools and no other land name no type: even {1} is unpayable.
    With a Wastes beside them each could produce {C}: {C}{C}{C} takes all three."""
    assert solve(board("{1}", {"pool1": POOL, "pool2": POOL})).status == "unpayable"
    assert answer(board("{C}{C}{C}", {"pool1": POOL, "pool2": POOL, "wastes1": WASTES})) == ("ok", 3)


def test_orchard_reads_colors_of_the_opponents_lands() -> None:
    """The opponent's tapped Plains and Wastes: the Orchard adds {W} (score 2 with an Island for
    {U}); never {C}: {C}{U} is unpayable. Your own Forest is not the opponent's: {G}{G} (the Forest one) unpayable."""
    theirs = {"oplains1": tapped(PLAINS), "owastes1": tapped(WASTES)}
    mine = {"orchard1": ORCHARD, "island1": ISLAND}
    assert answer(board("{W}{U}", mine, theirs)) == ("ok", 2)
    assert solve(board("{C}{U}", mine, theirs)).status == "unpayable"
    assert solve(board("{G}{G}", {"orchard1": ORCHARD, "forest1": FOREST}, theirs)).status == "unpayable"


def test_per_and_filter_lands_seen_as_the_rules_read_them() -> None:
    """A Cradle-like land names G only while its controller has a creature; a filter land ({1},
    {T}: {R}{R}) names R though its cost is unpaid."""
    assert solve(board("{G}", {"pool1": POOL, "cradle1": tapped(CRADLE)})).status == "unpayable"
    assert answer(board("{G}", {"pool1": POOL, "cradle1": tapped(CRADLE), "elf1": tapped(ELF)})) == ("ok", 1)
    assert answer(board("{R}", {"pool1": POOL, "filterland1": tapped(FILTER_LAND)})) == ("ok", 1)


def test_chains_across_sides() -> None:
    """Your Pool sees your Orchard, which sees the opponent's Island: the Pool names U too
    ({U}{U}: both, score 2). The opponent's own Pool beside their Island names U: your Orchard
    adds {U} from either."""
    theirs = {"oisland1": tapped(ISLAND)}
    assert answer(board("{U}{U}", {"pool1": POOL, "orchard1": ORCHARD}, theirs)) == ("ok", 2)
    assert answer(board("{U}", {"orchard1": ORCHARD}, {"opool1": POOL, "oisland1": ISLAND})) == ("ok", 1)
    assert solve(board("{U}", {"orchard1": ORCHARD}, {"opool1": POOL})).status == "unpayable"


def test_beside_a_mana_effect_is_refused() -> None:
    data = board("{G}", {"pool1": POOL, "forest1": FOREST})
    data["cards"]["sphere"] = {"types": ["artifact"], "mana_effects": [
        {"replace": {"sources": {"type": "land", "controller": "any"}, "adds": "{C}"}}]}
    data["state"]["opponent"]["battlefield"].append({"id": "ds1", "card": "sphere"})
    with pytest.raises(BadScenario):
        solve(data)


# --- Section 2: reductions counted in a zone or from counters (Karador, Animar) -------------------

KARADOR = {"name": "Karador, Ghost Chieftain", "types": ["creature"], "cost": "{5}{W}{B}{G}",
           "reductions": [{"generic": {"count": {"type": "creature"}, "zone": "graveyard"}}]}
ANIMAR = {"name": "Animar, Soul of Elements", "types": ["creature"], "cost": "{U}{R}{G}",
          "grants": [{"reduction": {"generic": {"counters": "plus_one"}},
                      "applies_to": {"type": "creature"}}]}
BEAR = {"types": ["creature"], "cost": "{1}{G}"}
SHOCK = {"types": ["instant"], "cost": "{R}"}


def karador_board(graveyard: list[str], from_graveyard: bool = False) -> dict[str, Any]:
    data = board("{0}", {"plains1": {"types": ["land"], "mana": [{"adds": "{W}"}]},
                         "swamp1": {"types": ["land"], "mana": [{"adds": "{B}"}]},
                         "forest1": FOREST, "wastes1": WASTES, "wastes2": WASTES,
                         "wastes3": WASTES})
    data["cards"].update(karador=KARADOR, bear=BEAR, shock=SHOCK)
    you = data["state"]["you"]
    you["graveyard"] = [{"id": f"g{i}", "card": c} for i, c in enumerate(graveyard)]
    you["hand"] = [{"id": "k1", "card": "karador"}]
    data["play"] = {"object": "k1"}
    if from_graveyard:
        you["hand"] = []
        you["graveyard"].append({"id": "k1", "card": "karador"})
        data["play"] = {"object": "k1", "cast": "without_paying"}
    return data


def test_karador_counts_creature_cards_in_your_graveyard() -> None:
    """Two creature cards and an instant: {2} less, {3}{W}{B}{G} with six lands (score 6); one
    creature card: {4}{W}{B}{G}, seven mana, unpayable."""
    assert answer(karador_board(["bear", "bear", "shock"])) == ("ok", 6)
    assert solve(karador_board(["bear", "shock"])).status == "unpayable"


def test_the_card_cast_is_not_counted() -> None:
    """Karador cast from the graveyard (an alternative cost from there, {5}{W}{B}{G} again) is
    on the stack when the total is determined (601.2a before 601.2f): with one bear beside it
    the count is 1, {4}{W}{B}{G}, unpayable with six lands (counting itself it would be 6). A
    second Karador card in the graveyard does count: score 6."""
    data = karador_board(["bear"])
    data["cards"]["karador"]["alternative"] = [{"id": "rise", "cost": "{5}{W}{B}{G}",
                                                "zone": "graveyard"}]
    you = data["state"]["you"]
    you["hand"] = []
    you["graveyard"].append({"id": "k1", "card": "karador"})
    assert solve(data).status == "unpayable"
    you["graveyard"].append({"id": "k2", "card": "karador"})
    assert answer(data) == ("ok", 6)


def test_animar_reads_its_own_counters() -> None:
    """Animar with 3 +1/+1 counters: a creature costing {4}{G} costs {1}{G} (Forest and Wastes,
    score 2); an instant {2}{G}: no reduction, unpayable with two lands; no counters: {4}{G}
    unpayable."""
    mine = {"animar1": {**ANIMAR, "_obj": {"counters": {"plus_one": 3}}}, "forest1": FOREST,
            "wastes1": WASTES}
    data = board("{4}{G}", mine)
    data["cards"]["spell"]["types"] = ["creature"]
    assert answer(data) == ("ok", 2)
    data["cards"]["spell"] = {"types": ["instant"], "cost": "{2}{G}"}
    assert solve(data).status == "unpayable"
    bare = board("{4}{G}", {"animar1": ANIMAR, "forest1": FOREST, "wastes1": WASTES})
    bare["cards"]["spell"]["types"] = ["creature"]
    assert solve(bare).status == "unpayable"


def test_counters_on_a_cards_own_reduction_are_refused() -> None:
    data = karador_board(["bear"])
    data["cards"]["karador"]["reductions"] = [{"generic": {"counters": "plus_one"}}]
    with pytest.raises(BadScenario):
        solve(data)
