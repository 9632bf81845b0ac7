"""The one form of a written effect (`state.*.effects` after a play): payplan/1 leaves a
discount's empty maps and lists out (`minimum: {}` binds nothing and is not written), as a
card's discount is written, and an empty `applies_to`. `payplan play`'s state after and the
independent reference's writer of it (`pricing.effects_after`) write that same form, so a
fresh play whose effect says `minimum: {}` is no disagreement.

The play: Raging Firebrand (examples/cards/155-raging-firebrand-effect-next-spell.yaml, "the
next spell you play this turn costs [5] less") from hand, with its effect's discount and two
effects already in the state written with `minimum: {}`: the one for units reaches the play
and loses a use, the one for spells is carried as it is, the card's own is created
(`effect1`). Seven Fury runes pay [6][fury] less the [1] of the unit effect.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from helpers import payplan_cli

from payplan.benchmarks.riftbound.reference.compare import check_play
from payplan.benchmarks.riftbound.reference.pricing import (
    effects_after,
    reference_totals,
    written_effect,
)
from payplan.engine.riftbound.dump import scenario_to_data
from payplan.engine.riftbound.loader import scenario_from_data

ROOT = Path(__file__).resolve().parents[1]
FIREBRAND = ROOT / "examples" / "cards" / "155-raging-firebrand-effect-next-spell.yaml"

# The state after, in the one form: no `minimum` where it was empty.
WANT = [{"id": "fx0", "discount": {"energy": 1, "if": {"level_at_least": 2}},
         "applies_to": {"type": "spell"}, "uses": 2},
        {"id": "fx1", "discount": {"energy": 1}, "applies_to": {"type": "unit"}, "uses": 1},
        {"id": "effect1", "discount": {"energy": 5}, "applies_to": {"type": "spell"},
         "uses": 1}]


def firebrand_play() -> dict[str, Any]:
    data = yaml.safe_load(FIREBRAND.read_text(encoding="utf-8"))
    firebrand = data["cards"]["raging-firebrand"]
    firebrand["effect"]["discounts"][0]["discount"]["minimum"] = {}
    data["state"]["you"] = {
        "runes": {"fury": 7},
        "hand": [{"id": "h1", "card": "raging-firebrand"}],
        "effects": [{"id": "fx0", "discount": {"energy": 1, "minimum": {},
                                               "if": {"level_at_least": 2}},
                     "applies_to": {"type": "spell"}, "uses": 2},
                    {"id": "fx1", "discount": {"energy": 1, "minimum": {}},
                     "applies_to": {"type": "unit"}, "uses": 2}]}
    data["play"] = {"object": "h1"}
    return data


def played(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "firebrand.json"
    path.write_text(json.dumps(firebrand_play()), encoding="utf-8")
    done = payplan_cli("play", str(path), "--json", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["status"] == "ok"
    assert isinstance(got, dict)
    return got


def test_payplan_play_writes_effects_without_empty_minimum(tmp_path: Path) -> None:
    got = played(tmp_path)
    assert got["state"]["you"]["effects"] == WANT
    assert '"minimum"' not in json.dumps(got["state"])


def test_the_reference_writes_the_same_effects(tmp_path: Path) -> None:
    data = firebrand_play()
    ref = reference_totals(data)
    created = data["cards"]["raging-firebrand"]["effect"]
    want = effects_after(data["state"]["you"]["effects"], ref.effects_used, created)
    assert want == WANT
    got = played(tmp_path)
    assert got["state"]["you"]["effects"] == want
    assert check_play(data, got) == []


def test_the_dump_writes_an_effect_as_the_reference_does() -> None:
    data = firebrand_play()
    dumped = scenario_to_data(scenario_from_data(data))
    assert isinstance(dumped, dict)
    effects = dumped["state"]["you"]["effects"]
    assert effects == [written_effect(e) for e in data["state"]["you"]["effects"]]
    assert dumped["cards"]["raging-firebrand"]["effect"]["discounts"][0]["discount"] == {
        "energy": 5}


def test_written_effect_leaves_out_only_what_is_empty() -> None:
    effect = {"id": "e", "applies_to": {}, "uses": "turn",
              "discount": {"energy": 2, "power": {}, "minimum": {}, "choice": [], "if": [],
                           "tiers": [{"energy": 1, "minimum": {}},
                                     {"energy": 2, "minimum": {"energy": 1}}]}}
    assert written_effect(effect) == {
        "id": "e", "uses": "turn",
        "discount": {"energy": 2, "tiers": [{"energy": 1},
                                            {"energy": 2, "minimum": {"energy": 1}}]}}
    kept = {"id": "k", "discount": {"power": {"any": 1}, "minimum": {"power": 1}}, "uses": 1}
    assert written_effect(kept) == kept
