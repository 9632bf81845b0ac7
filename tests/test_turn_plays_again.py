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


# --- payplan/1: Flow an effect gives makes a trash card a candidate ------------------------------

FLOW_EFFECT = {"keyword": {"flow": "printed"}, "applies_to": {"type": "spell"}, "uses": 1}
ECHOLESS = {"name": "Lost Verse", "type": "spell", "domains": ["mind"], "cost": {"energy": 2}}


def test_flow_from_an_effect_makes_the_trash_spell_a_candidate() -> None:
    """An effect in `state.you.effects` gives the next spell Flow equal to its printed cost:
    the spell in the trash is a candidate of the turn and of `payplan hand` (candidates read
    grants from the board and battlefields only, and missed it)."""
    data = {"format": "payplan/1", "cards": {"verse": ECHOLESS},
            "state": {"you": {"runes": {"mind": 2}, "trash": [{"id": "t1", "card": "verse"}],
                              "effects": [FLOW_EFFECT]}}}
    out = run(data)
    assert out["order"] == ["t1"] and out["plays"][0]["play"]["from"] == "trash"
    assert out["plays"][0]["base"]["kind"] == "flow"
    assert out["state"]["you"].get("effects", []) == []  # used up
    hand = answer("hand", copy.deepcopy(data), CONFIG).to_json()
    assert [p["play"]["object"] for p in hand["plays"]] == ["t1"]


def test_flow_from_an_effect_a_play_creates_makes_the_trash_spell_a_candidate() -> None:
    """A spell whose resolution gives the next spell Flow (`effect: {grants}`), then the
    spell in the trash (worth 3) played by that Flow: both plays, on three runes. (The
    spell's own card, in the trash after it, could take the Flow too: worth 1, it does not.)"""
    cards = {"verse": ECHOLESS,
             "call": {"name": "Call", "type": "spell", "domains": ["mind"],
                      "cost": {"energy": 1},
                      "effect": {"grants": [{k: v for k, v in FLOW_EFFECT.items()}]}}}
    data = {"format": "payplan/1", "cards": cards,
            "state": {"you": {"runes": {"mind": 3}, "hand": [{"id": "h1", "card": "call"}],
                              "trash": [{"id": "t1", "card": "verse"}]}},
            "turn": {"values": {"t1": 3}}}
    out = run(data)
    assert out["order"] == ["h1", "t1"] and out["value"] == 4
    assert out["plays"][1]["base"]["kind"] == "flow"


# --- payplan/1: a payment that removes its own source keeps what the source made ------------------

QUARTERMASTER_TURN: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "quartermaster": {"name": "Legion Quartermaster", "type": "unit", "domains": ["order"],
                          "cost": {"energy": 1}, "might": 2,
                          "additional_costs": [{"id": "return-gear", "mandatory": True, "cost": {
                              "other": [{"return_to_hand": {"count": 1,
                                                            "filter": {"type": "gear"}}}]}}]},
        "flare": {"name": "Flare", "type": "spell", "domains": ["fury"],
                  "cost": {"energy": 1, "power": {"fury": 1}},
                  "discounts": [{"energy": 1, "if": {"played_this_turn_at_least": 1}}]},
        "fury-seal": {"name": "Fury Seal", "type": "gear", "domains": ["fury"],
                      "cost": {"energy": 9}},
    },
    "state": {"you": {"runes": [{"id": "r1", "domain": "order"}],
                      "hand": [{"id": "h1", "card": "quartermaster"},
                               {"id": "h2", "card": "flare"}],
                      "board": [{"id": "g1", "card": "fury-seal"}],
                      "sources": [{"id": "g1", "adds": {"power": {"fury": 1}},
                                   "costs": ["exhaust"]}]}},
}


def test_a_payment_that_returns_its_source_keeps_the_power_it_made() -> None:
    """One Order rune and a Fury Seal (exhaust: add [fury]). The Quartermaster ([1], return a
    gear to hand) first: the rune pays [1], and the Seal, exhausted for [fury] it does not
    need, is then returned as its cost (357: a source may pay a non-standard cost); the [fury]
    stays in the pool for Flare ([1][fury], [1] less once a card was played: [fury]). The
    minimal payment leaves the Seal unused, and once it is returned no later play can make
    that [fury]: the pruning must keep this payment. Flare first would take the rune and the
    Seal, and the Quartermaster could not be paid: value 1."""
    out = run(QUARTERMASTER_TURN)
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    first, second = out["plays"]
    assert first["payment"]["sources"] == ["g1"]
    assert first["payment"]["other"] == [{"return_to_hand": ["g1"]}]
    assert second["payment"]["pool"]["power"] == {"fury": 1}
    # `payplan play` with `plays:` pays them together the same way.
    played = answer("play", {**copy.deepcopy(QUARTERMASTER_TURN),
                             "plays": [{"object": "h1"}, {"object": "h2"}]}, CONFIG).to_json()
    assert [p["status"] for p in played["plays"]] == ["ok", "ok"]


# --- X the largest the turn can give ---------------------------------------------------------------


def test_x_auto_is_the_largest_the_turn_can_give() -> None:
    """Three Mountains and, in hand, a Mountain and Fireball ({X}{R}, `x: auto`). Fireball
    before the land drop is X = 2 (three lands tapped, objective 3); after it X = 3 (four,
    objective 4). Both turns make both plays: the larger summed X ranks first (it was the
    cheaper objective, X = 2)."""
    cards = {"mountain": {"name": "Mountain", "types": ["land"], "mana": [{"adds": "{R}"}]},
             "fireball": {"name": "Fireball", "types": ["sorcery"], "cost": "{X}{R}"}}
    data = {"format": "mtg/1", "cards": cards,
            "state": {"you": {"battlefield": [{"id": f"m{k}", "card": "mountain"}
                                              for k in range(3)],
                              "hand": [{"id": "h1", "card": "fireball"},
                                       {"id": "h2", "card": "mountain"}]}}}
    out = run(data)
    assert out["order"] == ["h2", "h1"] and out["value"] == 2
    assert out["plays"][1]["x"] == 3 and out["objective"] == 4
    # An X the file fixes is not the planner's: the cheaper order is first again.
    data["turn"] = {"candidates": [{"object": "h1", "x": 2}, {"object": "h2"}]}
    fixed = run(data)
    assert fixed["order"] == ["h1", "h2"] and fixed["objective"] == 3
    # Left out of a listed play, X is the planner's.
    data["turn"] = {"candidates": [{"object": "h1"}, {"object": "h2"}]}
    listed = run(data)
    assert listed["order"] == ["h2", "h1"] and listed["plays"][1]["x"] == 3


# --- A card played again from a new zone ----------------------------------------------------------


def test_a_spell_given_flow_after_it_reached_the_trash_is_played_again() -> None:
    """Lost Verse ([2], no Flow, worth 3) played from the hand goes to the trash; Call ([1])
    then gives the next spell Flow equal to its printed cost, and the Verse is played again
    from the trash for [2] (a card is played at most once from each zone it is in): five
    runes, value 3 + 1 + 3 (it was played once a turn: value 4). `max_plays: 2` bounds the
    turn, the play again included: value 4."""
    cards = {"verse": ECHOLESS,
             "call": {"name": "Call", "type": "spell", "domains": ["mind"],
                      "cost": {"energy": 1},
                      "effect": {"grants": [dict(FLOW_EFFECT)]}}}
    data = {"format": "payplan/1", "cards": cards,
            "state": {"you": {"runes": {"mind": 5}, "hand": [{"id": "h1", "card": "call"},
                                                            {"id": "h2", "card": "verse"}]}},
            "turn": {"values": {"h2": 3}}}
    out = run(data)
    assert out["order"] == ["h2", "h1", "h2"] and out["value"] == 7
    assert [p["play"]["from"] for p in out["plays"]] == ["hand", "hand", "trash"]
    assert out["plays"][2]["base"]["kind"] == "flow"
    assert out["state"]["you"]["banishment"] == [{"id": "h2", "card": "verse"}]
    # `max_plays` bounds the turn, the plays again included.
    data["turn"]["max_plays"] = 2
    assert run(data)["value"] == 4
