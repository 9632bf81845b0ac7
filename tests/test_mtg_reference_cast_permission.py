"""The mtg/1 brute force (benchmarks/mtg/reference) on permission to cast granted by another
permanent (a grant's `cast_from`: Karador, Ghost Chieftain's "During each of your turns, you may
cast one creature card from your graveyard"), each case worked by hand from the contract's
reading, without payplan's engine. Default weights: a land tapped 1."""

from __future__ import annotations

from typing import Any

from payplan.benchmarks.mtg.reference.brute import solve

KARADOR = {"name": "Karador, Ghost Chieftain", "types": ["creature"], "cost": "{5}{W}{B}{G}",
           "grants": [{"cast_from": "graveyard", "applies_to": {"type": "creature"},
                       "turn": "caster"}]}
FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}


def board(card: dict[str, Any], grants: bool = True, zone: str = "graveyard") -> dict[str, Any]:
    """`card` (g1) in your `zone`; Karador (when `grants`), a Forest and a Wastes."""
    field = [{"id": "f1", "card": "forest"}, {"id": "w1", "card": "wastes"}]
    if grants:
        field.insert(0, {"id": "k1", "card": "karador"})
    return {"format": "mtg/1",
            "cards": {"karador": KARADOR, "forest": FOREST, "wastes": WASTES, "spell": card},
            "state": {"you": {"battlefield": field, zone: [{"id": "g1", "card": "spell"}]}},
            "play": {"object": "g1"}}


WALL = {"types": ["creature"], "cost": "{1}{G}"}


def test_karador_lets_a_creature_card_be_cast_from_the_graveyard() -> None:
    got = solve(board(WALL))
    assert (got.status, got.score) == ("ok", 2)
    assert solve(board(WALL, grants=False)).status == "illegal"


def test_only_what_it_matches_only_on_your_turn_only_from_that_zone() -> None:
    assert solve(board({"types": ["instant"], "cost": "{1}{G}"})).status == "illegal"
    theirs = board(WALL)
    theirs["state"]["turn"] = "opponent"
    assert solve(theirs).status == "illegal"
    assert solve(board(WALL, zone="exile")).status == "illegal"


def test_an_alternative_without_a_zone_is_a_way_from_there_too() -> None:
    """Evoke-like {G} (no zone of its own): cast from the graveyard with it, score 1."""
    got = solve(board({**WALL, "alternative": [{"id": "evoke", "cost": "{G}"}]}))
    assert (got.status, got.score) == ("ok", 1)
