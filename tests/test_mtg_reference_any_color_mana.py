"""The mtg/1 brute force (benchmarks/mtg/reference) on `state.you.spend_as_any_color` (Mycosynth
Lattice: "Players may spend mana as though it were mana of any color."), each case worked by hand
from the contract's reading, without payplan's engine. A land tapped 1, a creature 2."""

from __future__ import annotations

from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
FILTER = {"types": ["land"], "mana": [{"adds": "{R}{R}", "costs": ["tap", "{B}"]}]}


def board(cost: str, mine: dict[str, dict[str, Any]], on: Any = True, **spell: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {"spell": {"types": ["instant"], "cost": cost, **spell}}
    you: dict[str, Any] = {"battlefield": [], "hand": [{"id": "h1", "card": "spell"}]}
    if on is not None:
        you["spend_as_any_color"] = on
    for ident, body in mine.items():
        name = ident.rstrip("0123456789")
        cards[name] = body
        you["battlefield"].append({"id": ident, "card": name})
    return {"format": "mtg/1", "cards": cards, "state": {"you": you}, "play": {"object": "h1"}}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score


def test_the_contracts_worked_example() -> None:
    three = {"w1": WASTES, "w2": WASTES, "w3": WASTES}
    assert answer(board("{1}{R}{R}", three)) == ("ok", 3)
    assert solve(board("{1}{R}{R}", three, on=False)).status == "unpayable"
    mixed = {"forest1": FOREST, "forest2": FOREST, "wastes1": WASTES}
    assert solve(board("{C}{C}{G}", mixed)).status == "unpayable"
    assert answer(board("{C}{G}{G}", mixed)) == ("ok", 3)


def test_a_filters_colored_cost() -> None:
    field = {"filter1": FILTER, "wastes1": WASTES}
    assert answer(board("{R}{R}", field)) == ("ok", 2)
    assert solve(board("{R}{R}", field, on=False)).status == "unpayable"


def test_convoke_keeps_its_color() -> None:
    """A green creature convokes {G} or {1}, never {R}: {R}{R} with one Wastes and the creature
    is unpayable (the Wastes pays one {R}); {R}{G} is paid by both (land 1 + creature 2 = 3)."""
    elf = {"types": ["creature"], "colors": ["green"]}
    field = {"elf1": elf, "wastes1": WASTES}
    assert solve(board("{R}{R}", field, convoke=True)).status == "unpayable"
    assert answer(board("{R}{G}", field, convoke=True)) == ("ok", 3)


def test_not_a_boolean_is_refused() -> None:
    with pytest.raises(BadScenario):
        solve(board("{R}", {"w1": WASTES}, on="yes"))
