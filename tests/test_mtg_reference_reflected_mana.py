"""The mtg/1 brute force (benchmarks/mtg/reference) on mana of any type (or color) that a
permanent could produce (106.7), each case worked by hand from the contract's reading, without
payplan's engine: Reflecting Pool ("{T}: Add one mana of any type that a land you control could
produce"), Exotic Orchard and Fellwar Stone ("... any color that a land an opponent controls could
produce"). Default weights: a land or an artifact tapped 1, a creature tapped 2."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import BadScenario, solve

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
