"""A turn's plays and what they leave for the plays after them: a candidate listed twice, grants
from the turn's effects, a payment that removes its own source, zones read when a play is made,
X the largest the turn can give, a card played again from a new zone (docs/turns.md)."""

from __future__ import annotations

import copy
from typing import Any

from test_rulesets import check_shape

from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig

CONFIG = SolverConfig(time_limit=60)


def run(data: dict[str, Any]) -> dict[str, Any]:
    out = answer("turn", copy.deepcopy(data), CONFIG).to_json()
    check_shape("turn", out)
    return out


RIFT_CARDS: dict[str, Any] = {
    "apprentice": {"name": "Eager Apprentice", "type": "unit", "cost": {"energy": 2}, "might": 1},
    "wild-bolt": {"name": "Wild Bolt", "type": "spell", "domains": ["fury"],
                  "cost": {"energy": 1, "power": {"any": 1}}},
}

MTG_CARDS: dict[str, Any] = {
    "swamp": {"name": "Swamp", "types": ["land"], "mana": [{"adds": "{B}"}]},
    "island": {"name": "Island", "types": ["land"], "mana": [{"adds": "{U}"}]},
    "ritual": {"name": "Dark Ritual", "types": ["instant"], "cost": "{B}",
               "effect": {"adds": "{B}{B}{B}"}},
    "horror": {"name": "Nightmare Horror", "types": ["creature"], "cost": "{3}{B}"},
    "think-twice": {"name": "Think Twice", "types": ["instant"], "cost": "{1}{U}",
                    "flashback": "{2}{U}"},
}


# --- A candidate listed twice ------------------------------------------------------------------


def test_a_candidate_listed_twice_is_answered_twice_payplan() -> None:
    """Wild Bolt listed twice: the first entry is played from the hand; the second meets the
    card in the trash with no way to be played from there, and is answered in `not_played`
    (each entry is one candidate; it was silently dropped)."""
    data = {"format": "payplan/1", "cards": RIFT_CARDS,
            "state": {"you": {"runes": {"fury": 4},
                              "hand": [{"id": "h1", "card": "apprentice"},
                                       {"id": "h2", "card": "wild-bolt"}]}},
            "turn": {"candidates": [{"object": "h1"}, {"object": "h2"}, {"object": "h2"}]}}
    out = run(data)
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    assert [n["play"] for n in out["not_played"]] == ["h2"]
    assert "trash" in out["not_played"][0]["reason"]


def test_a_candidate_listed_twice_is_answered_twice_mtg() -> None:
    """Dark Ritual listed twice: cast once from the hand; the second entry meets it in the
    graveyard (no flashback) and is answered in `not_played`."""
    data = {"format": "mtg/1", "cards": MTG_CARDS,
            "state": {"you": {"battlefield": [{"id": "s1", "card": "swamp"}],
                              "hand": [{"id": "h1", "card": "swamp"},
                                       {"id": "h2", "card": "ritual"},
                                       {"id": "h3", "card": "horror"}]}},
            "turn": {"candidates": [{"object": "h1"}, {"object": "h2"}, {"object": "h2"},
                                    {"object": "h3"}]}}
    out = run(data)
    assert out["order"] == ["h1", "h2", "h3"]
    assert [n["play"] for n in out["not_played"]] == ["h2"]
    assert "graveyard" in out["not_played"][0]["reason"]


# --- mtg/1: a listed card is cast from where it is when it is played -----------------------------


def test_a_listed_card_discarded_by_an_earlier_play_is_cast_by_flashback() -> None:
    """Tinker ({U}, discard a card as an additional cost) discards Think Twice, which the list
    then casts by flashback ({2}{U}) from the graveyard: its entry names no zone, so it is
    read where the card is when it is played (was refused: "in your graveyard, not your
    hand"). With `from: hand` it is only ever cast from the hand: one of the two plays."""
    cards = {**MTG_CARDS, "tinker": {"name": "Tinker", "types": ["sorcery"], "cost": "{U}",
                                     "additional": [{"id": "discard", "mandatory": True,
                                                     "other": [{"discard": 1}]}]}}
    you = {"battlefield": [{"id": f"i{k}", "card": "island"} for k in range(4)],
           "hand": [{"id": "h1", "card": "tinker"}, {"id": "h2", "card": "think-twice"}]}
    data = {"format": "mtg/1", "cards": cards, "state": {"you": you},
            "turn": {"candidates": [{"object": "h1"}, {"object": "h2"}]}}
    out = run(data)
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    assert out["plays"][0]["payment"]["other"] == {"discard": ["h2"]}
    assert out["plays"][1]["play"]["from"] == "graveyard"
    assert out["plays"][1]["cast"] == "flashback"
    data["turn"] = {"candidates": [{"object": "h1"}, {"object": "h2", "from": "hand"}]}
    pinned = run(data)
    assert pinned["value"] == 1 and pinned["order"] == ["h2"]  # {1}{U}: cheaper than Tinker
