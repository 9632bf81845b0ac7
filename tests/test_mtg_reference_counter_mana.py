"""The mtg/1 brute force (benchmarks/mtg/reference) on mana amounts read from the permanent's own
counters (`per: {counters: KIND}`: Everflowing Chalice, "{T}: Add {C} for each charge counter";
Empowered Autogenerator, "X mana of any one color, X its charge counters"), each case worked by
hand from the contract's reading, without payplan's engine. Weights: a land or an artifact
tapped 1."""

from __future__ import annotations

from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

CHALICE = {"name": "Everflowing Chalice", "types": ["artifact"], "cost": "{0}",
           "mana": [{"adds": "{C}", "per": {"counters": "charge"}}]}
AUTOGEN = {"name": "Empowered Autogenerator", "types": ["artifact"], "cost": "{4}",
           "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "per": {"counters": "charge"}}]}
FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}


def board(cost: str, source: dict[str, Any], counters: int | None) -> dict[str, Any]:
    obj: dict[str, Any] = {"id": "a1", "card": "source"}
    if counters is not None:
        obj["counters"] = {"charge": counters}
    return {"format": "mtg/1",
            "cards": {"source": source, "forest": FOREST, "spell": {"types": ["instant"], "cost": cost}},
            "state": {"you": {"battlefield": [obj, {"id": "f1", "card": "forest"}],
                              "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1"}}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score


def test_chalice_adds_one_colorless_per_charge_counter() -> None:
    assert answer(board("{2}{G}", CHALICE, 2)) == ("ok", 2)
    assert solve(board("{2}{G}", CHALICE, 1)).status == "unpayable"
    assert solve(board("{1}{G}", CHALICE, None)).status == "unpayable"


def test_autogenerator_adds_x_of_one_color() -> None:
    assert answer(board("{R}{R}{R}", AUTOGEN, 3)) == ("ok", 1)
    assert solve(board("{R}{U}{G}", AUTOGEN, 3)).status == "unpayable"  # one color: R R R or U U U


def test_a_removal_of_those_counters_beside_it_is_refused() -> None:
    source = {**CHALICE, "abilities": [{"id": "zap", "costs": [
        {"remove_counters": {"kind": "charge", "count": 1}}]}]}
    with pytest.raises(BadScenario):
        solve(board("{G}", source, 2))


# --- Section 5: morph on a land card (Zoetic Cavern) ---------------------------------------------

CAVERN = {"name": "Zoetic Cavern", "types": ["land"], "mana": [{"adds": "{C}"}], "morph": "{2}"}


def cavern_board(wastes: int, face_down: bool = False) -> dict[str, Any]:
    field: list[dict[str, Any]] = [{"id": f"w{i}", "card": "wastes"} for i in range(wastes)]
    you: dict[str, Any] = {"battlefield": field}
    if face_down:
        field.append({"id": "z1", "card": "cavern", "face_down": True})
        play: dict[str, Any] = {"turn_face_up": "z1"}
    else:
        you["hand"] = [{"id": "z1", "card": "cavern"}]
        play = {"object": "z1", "cast": "face_down"}
    return {"format": "mtg/1", "cards": {"cavern": CAVERN, "wastes": {"types": ["land"], "mana": [
        {"adds": "{C}"}]}}, "state": {"you": you}, "play": play}


def test_a_land_card_with_morph_is_cast_face_down() -> None:
    assert answer(cavern_board(3)) == ("ok", 3)
    assert solve(cavern_board(2)).status == "unpayable"


def test_turning_the_cavern_face_up_costs_its_morph() -> None:
    assert answer(cavern_board(2, face_down=True)) == ("ok", 2)
