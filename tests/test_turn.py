"""The turn planner on payplan/1 (shared/spec/turn-format.md), turns worked by hand: the order of
plays and their joint payment, the state carried between plays, the answer's shape, bad input.
(The brute force written apart checks it on generated turns: tests/test_turn_reference.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_rulesets import check_shape

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig
from payplan.planner.kernel import deadline
from payplan.planner.riftbound.play import play_data
from payplan.planner.riftbound.ruleset import RULESET, turn_refused
from payplan.planner.turn import plan_turn, turn_of

CONFIG = SolverConfig()


def turn(cards: dict[str, Any], you: dict[str, Any], spec: dict[str, Any] | None = None,
         **state: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": {"you": you, **state}}
    if spec is not None:
        data["turn"] = spec
    out = answer("turn", data, CONFIG).to_json()
    check_shape("turn", out)
    return out


SPELLS = {
    "any-spell": {"type": "spell", "cost": {"power": {"any": 1}}},
    "grunt": {"type": "unit", "cost": {"energy": 2}, "might": 2},
}


@pytest.mark.parametrize("other", ["calm", "mind", "body", "chaos", "order"])
def test_an_any_spell_takes_the_rune_the_domain_spell_does_not_need(other: str) -> None:
    """Two runes, a fury one and one of another domain; an [A] spell and a [fury] spell. Each
    play planned alone may recycle the fury rune for the [A] pip (it did, in 3 of 5 domain
    pairs); the turn pays the [A] pip with the other rune and both are played."""
    cards = {**SPELLS, "fury-spell": {"type": "spell", "cost": {"power": {"fury": 1}}}}
    you = {"runes": [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": other}],
           "hand": [{"id": "h1", "card": "any-spell"}, {"id": "h2", "card": "fury-spell"}]}
    out = turn(cards, you)
    assert out["value"] == 2 and out["order"] == ["h1", "h2"] and out["optimal"]
    first, second = out["plays"]
    assert [r["rune"] for r in first["payment"]["recycle"]] == ["r2"]
    assert [r["rune"] for r in second["payment"]["recycle"]] == ["r1"]
    # Each recycled rune was ready: exhaust 1 + recycle 3, twice.
    assert out["objective"] == 8 and out["score"] == 8
    # `payplan play` with `plays` pays them together too, in the listed order.
    played = play_data({"format": "payplan/1", "cards": cards, "state": {"you": you},
                        "plays": [{"object": "h1"}, {"object": "h2"}]})
    assert played.ok and [s.plan.status for s in played.steps] == ["ok", "ok"]
    check_shape("play", played.to_json())


def test_a_unit_that_discounts_spells_is_played_first() -> None:
    """Apprentice (a unit, [1]) grants spells [1] less; Bolt costs [2]. Three ready runes: the
    Apprentice first, then Bolt for [1]: 1 + 1 = 2 runes exhausted, objective 2. Bolt first
    would take [2] and the Apprentice [1]: 3."""
    cards = {
        "apprentice": {"type": "unit", "cost": {"energy": 1}, "might": 1,
                       "grants": [{"discount": {"energy": 1}, "applies_to": {"type": "spell"}}]},
        "bolt": {"type": "spell", "cost": {"energy": 2}},
    }
    you = {"runes": {"fury": 3}, "hand": [{"id": "h1", "card": "bolt"},
                                          {"id": "h2", "card": "apprentice"}]}
    out = turn(cards, you)
    assert out["order"] == ["h2", "h1"] and out["objective"] == 2 and out["value"] == 2
    assert out["plays"][1]["total"] == {"energy": 1}


def test_legion_counts_the_plays_before_it() -> None:
    """Legion-like: [2] less once a card was played this turn. With three runes, Sage ([1])
    then the Legion card ([3] - [2] = [1]): both, objective 2; the other way round the Legion
    card costs [3] and Sage does not fit (value 1)."""
    cards = {
        "sage": {"type": "unit", "cost": {"energy": 1}, "might": 1},
        "legion": {"type": "unit", "cost": {"energy": 3}, "might": 3,
                   "discounts": [{"energy": 2, "if": {"played_this_turn_at_least": 1}}]},
    }
    you = {"runes": {"calm": 2}, "hand": [{"id": "h1", "card": "legion"},
                                          {"id": "h2", "card": "sage"}]}
    out = turn(cards, you)
    assert out["order"] == ["h2", "h1"] and out["value"] == 2 and out["objective"] == 2


def test_a_discard_feeds_a_flow_card_played_from_the_trash() -> None:
    """Offering ([1], discard a card as an additional cost) puts Echo (Flow [1]) in the trash;
    Echo is then played from there for [1]. Two runes: both plays, the discard charged 4."""
    cards = {
        "offering": {"type": "spell", "cost": {"energy": 1},
                     "additional_costs": [{"id": "toss", "mandatory": True,
                                           "cost": {"other": [{"discard": 1}]}}]},
        "echo": {"type": "spell", "cost": {"energy": 5}, "keywords": {"flow": [{"energy": 1}]}},
    }
    you = {"runes": {"mind": 2}, "hand": [{"id": "h1", "card": "offering"},
                                          {"id": "h2", "card": "echo"}]}
    out = turn(cards, you)
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    assert out["plays"][0]["payment"]["other"] == [{"discard": ["h2"]}]
    assert out["plays"][1]["play"]["from"] == "trash"
    assert out["plays"][1]["base"]["kind"] == "flow"
    assert out["objective"] == 1 + 4 + 1
    assert out["state"]["you"]["banishment"] == [{"id": "h2", "card": "echo"}]  # Flow


def test_a_listed_play_without_from_is_played_from_where_its_card_is_then() -> None:
    """The same turn as a list: Echo's entry names no zone, so once Offering discarded it, it
    is played from the trash (turn-format.md: what an entry leaves out is chosen as for
    `auto`); an entry that says `from: hand` can't be, and only Offering is made."""
    cards = {
        "offering": {"type": "spell", "cost": {"energy": 1},
                     "additional_costs": [{"id": "toss", "mandatory": True,
                                           "cost": {"other": [{"discard": 1}]}}]},
        "echo": {"type": "spell", "cost": {"energy": 5}, "keywords": {"flow": [{"energy": 1}]}},
    }
    you = {"runes": {"mind": 2}, "hand": [{"id": "h1", "card": "offering"},
                                          {"id": "h2", "card": "echo"}]}
    out = turn(cards, you, {"candidates": [{"object": "h1"}, {"object": "h2"}]})
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    assert out["plays"][1]["play"]["from"] == "trash"
    pinned = turn(cards, you, {"candidates": [{"object": "h1"}, {"object": "h2", "from": "hand"}]})
    assert pinned["order"] == ["h1"] and pinned["value"] == 1


def test_a_listed_play_leaves_its_optional_costs_to_the_planner() -> None:
    """An entry that names no optional cost has them `auto` (turn-format.md: what it leaves
    out is chosen as for `auto`): Offering ([2], may discard a spell for [1] less) pays its
    discard of Echo, and Echo is then played from the trash by Flow for [1]: two runes, both
    plays (found by the turn brute force's campaign: the planner left the discard unpaid)."""
    cards = {
        "offering": {"type": "spell", "cost": {"energy": 2},
                     "additional_costs": [{"id": "toss", "mandatory": False,
                                           "cost": {"other": [{"discard": 1}]},
                                           "unlocks": [{"energy": 1}]}]},
        "echo": {"type": "spell", "cost": {"energy": 3}, "keywords": {"flow": [{"energy": 1}]}},
    }
    you = {"runes": {"mind": 2}, "hand": [{"id": "h1", "card": "offering"},
                                          {"id": "h2", "card": "echo"}]}
    out = turn(cards, you, {"candidates": [{"object": "h1"}, {"object": "h2"}]})
    assert out["order"] == ["h1", "h2"] and out["value"] == 2
    assert out["plays"][0]["paid_optional"] == ["toss"]
    unpaid = turn(cards, you, {"candidates": [{"object": "h1", "optional": {"toss": "no"}},
                                              {"object": "h2"}]})
    assert unpaid["order"] == ["h1"] and unpaid["value"] == 1


def test_a_play_that_adds_energy_pays_the_plays_after_it() -> None:
    """Ritual ([1]) adds [3] when it resolves; two Grunts ([2] each); two runes. Ritual first
    (one rune), a Grunt from the pool's [3], the other from the pool's last [1] and the second
    rune: all three, two runes exhausted. Without Ritual first only one Grunt fits."""
    cards = {**SPELLS, "ritual": {"type": "spell", "cost": {"energy": 1},
                                  "effect": {"adds": {"energy": 3}}}}
    you = {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "grunt"},
                                          {"id": "h2", "card": "ritual"},
                                          {"id": "h3", "card": "grunt"}]}
    out = turn(cards, you)
    assert out["value"] == 3 and out["order"][0] == "h2"
    assert out["objective"] == 2  # Ritual's rune, and one more for the second Grunt
    assert "pool" not in out["state"]["you"]  # spent to the last Energy (an empty pool is left out)


def test_values_max_plays_and_the_reasons_left() -> None:
    cards = SPELLS
    you = {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "grunt"},
                                          {"id": "h2", "card": "grunt"},
                                          {"id": "h3", "card": "grunt"}]}
    out = turn(cards, you, {"values": {"h3": 5}, "max_plays": 2})
    assert out["value"] == 6 and out["order"] == ["h1", "h3"]
    assert out["not_played"] == [{"play": "h2", "reason": "the turn makes at most 2 plays"}]
    poor = turn(cards, {"runes": {"fury": 1}, "hand": [{"id": "h1", "card": "grunt"}]})
    assert poor["value"] == 0 and poor["order"] == [] and poor["plays"] == []
    assert poor["not_played"][0]["play"] == "h1"
    assert "Energy" in poor["not_played"][0]["reason"]
    zero = turn(cards, you, {"values": {"h1": 0, "h2": 0, "h3": 0}})
    assert zero["value"] == 0 and zero["order"] == [] and zero["objective"] == 0


def test_an_explicit_list_is_tried_as_given() -> None:
    cards = SPELLS
    you = {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "grunt"},
                                          {"id": "h2", "card": "grunt"}]}
    out = turn(cards, you, {"candidates": [{"object": "h2"}], "values": {"h2": 3}})
    assert out["order"] == ["h2"] and out["value"] == 3
    assert [n["play"] for n in out["not_played"]] == []


def test_bad_turns_are_one_line_each_at_their_path() -> None:
    base = {"format": "payplan/1", "cards": SPELLS,
            "state": {"you": {"hand": [{"id": "h1", "card": "grunt"}]}}}
    with pytest.raises(ScenarioError) as unknown:
        scenario_from_data({**base, "turn": {"values": {"h9": 2, "h1": -1}}})
    assert [str(p) for p in unknown.value.problems] == [
        "turn.values.h9: names no candidate of the turn (did you mean 'h1'?)",
        "turn.values.h1: must not be negative, got -1"]
    with pytest.raises(ScenarioError) as both:
        scenario_from_data({**base, "turn": {}, "play": {"object": "h1"}})
    assert any(p.path == ("turn",) for p in both.value.problems)


def test_the_same_turn_gives_the_same_answer_byte_for_byte() -> None:
    from payplan.engine.riftbound.generate import generate

    data = generate("typical", 7, 4)
    data.pop("play")
    first = json.dumps(answer("turn", data, CONFIG).to_json())
    assert json.dumps(answer("turn", data, CONFIG).to_json()) == first


TURNS = sorted((Path(__file__).resolve().parent.parent / "examples" / "turns").glob("*.yaml"))


@pytest.mark.parametrize("path", TURNS, ids=[p.name for p in TURNS])
def test_turn_examples_give_their_hand_worked_answers(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("# expect:")
    block = [line[2:] for line in lines[start + 1:] if line.startswith("#   ")]
    expect = yaml.safe_load("\n".join(block))
    got = answer("turn", yaml.safe_load(path.read_text(encoding="utf-8")), CONFIG).to_json()
    check_shape("turn", got)
    derived = {  # the expect block's keys read from the answer rather than copied from it
        "sources": lambda: [[s["id"] for s in p["payment"]["sources"]] for p in got["plays"]],
        "after_untapped": lambda: [a["untapped"] for a in got["after"]],
        "effects": lambda: [e["id"] for e in got["state"]["you"].get("effects", [])],
    }
    for key, value in expect.items():
        assert (derived[key]() if key in derived else got[key]) == value, key


def _after_both_modes(data: dict[str, Any]) -> list[Any]:
    """The turn's `after`, checked equal when every play is paid on its own (the runes not
    deferred to the end): both walks of the same plays leave the same runes and pool."""
    out = answer("turn", data, CONFIG).to_json()
    check_shape("turn", out)
    assert len(out["after"]) == len(out["plays"])
    s = scenario_from_data(data)
    explicit = plan_turn(RULESET.turn_moves(s, defer=False), s, turn_of(s, turn_refused),
                         "payplan/1", deadline(CONFIG)).to_json()
    if explicit["order"] == out["order"]:
        assert explicit["after"] == out["after"]
    return list(out["after"])


def test_after_each_play_the_ready_runes_left() -> None:
    """examples/turns/01: the Apprentice exhausts r1 and r2 (its [2]), Wild Bolt recycles the
    Mind rune r4 (its [A], its Energy pays the [1]), Calm Word the Calm rune r3: the runes
    still ready are r3 and r4, then r3, then none; no pool at any point."""
    path = Path(__file__).resolve().parent.parent / "examples" / "turns" / "01-apprentice-first.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert _after_both_modes(data) == [{"ready": ["r3", "r4"], "pool": {}},
                                       {"ready": ["r3"], "pool": {}},
                                       {"ready": [], "pool": {}}]


def test_after_each_play_the_pool_left() -> None:
    """A pool of [2] and one Calm Power, one ready Fury rune: the [1] spell is paid from the
    pool's Energy (free; a rune would cost), leaving [1] and the Calm Power; the unit's Calm
    pip takes the Calm Power, leaving [1]. The rune stays ready throughout."""
    cards = {"spark": {"type": "spell", "cost": {"energy": 1}},
             "sage": {"type": "unit", "cost": {"power": {"calm": 1}}, "might": 1}}
    you = {"runes": [{"id": "r1", "domain": "fury"}],
           "pool": {"energy": 2, "power": {"calm": 1}},
           "hand": [{"id": "h1", "card": "spark"}, {"id": "h2", "card": "sage"}]}
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": {"you": you}}
    out = answer("turn", data, CONFIG).to_json()
    assert out["order"] == ["h1", "h2"], out["order"]
    assert _after_both_modes(data) == [{"ready": ["r1"], "pool": {"energy": 1, "power": {"calm": 1}}},
                                       {"ready": ["r1"], "pool": {"energy": 1}}]
