"""Shared card library and a scenario builder for the `mtg/1` tests (cards of the spec page)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import MTG_EXAMPLES, example_data, payplan_cli

from payplan import ScenarioError
from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.planner.config import SolverConfig
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.plan import plan as plan_mtg
from payplan.planner.mtg.plan import render_plan as render_mtg

EXAMPLES = MTG_EXAMPLES


def example(name: str) -> dict[str, Any]:
    """The raw data of examples/mtg/NAME-*.yaml (NAME its number)."""
    data: dict[str, Any] = example_data(f"{name}-", EXAMPLES)
    return data


def plan(data: dict[str, Any]) -> dict[str, Any]:
    """`payplan plan`'s JSON answer on `data`, made with the fast path on and off: both must agree
    (status, score, objective, total, X, what is cast and paid), and the text form renders."""
    s = mtg_from_data(data, require_play=True)
    fast = plan_mtg(s).to_json()
    slow = plan_mtg(s, SolverConfig(fast_path=False)).to_json()
    for key in ("status", "score", "objective", "total", "x", "cast", "paid"):
        assert fast[key] == slow[key], key
    render_mtg(plan_mtg(s))  # the text form never crashes
    return fast


def checked_payment(data: dict[str, Any], payment: dict[str, Any]) -> dict[str, Any]:
    """`payplan check` of `payment` (a plan's `payment`) on a copy of `data`."""
    out: dict[str, Any] = check_data({**copy.deepcopy(data), "payment": payment}).to_json()
    return out


def checked_sources(data: dict[str, Any], sources: list[dict[str, Any]]) -> Any:
    """`payplan check` of a payment of these `sources` alone on `data`."""
    return check_data({**data, "payment": {"sources": sources}})


def round_trips(data: dict[str, Any]) -> None:
    """`data` loads, and its dump loads as the same scenario."""
    s = mtg_from_data(data, require_play=True)
    assert mtg_from_data(scenario_to_data(s), require_play=True) == s


def problems(data: dict[str, Any], require_play: bool = True) -> list[str]:
    """The loader's refusals of `data`, one line each (it must refuse)."""
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(data, require_play=require_play)
    return [str(p) for p in err.value.problems]


LIBRARY: dict[str, Any] = {
    "plains": {"types": ["land"], "mana": [{"adds": "{W}"}]},
    "island": {"types": ["land"], "mana": [{"adds": "{U}"}]},
    "swamp": {"types": ["land"], "mana": [{"adds": "{B}"}]},
    "mountain": {"types": ["land"], "mana": [{"adds": "{R}"}]},
    "forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
    "wastes": {"types": ["land"], "mana": [{"adds": "{C}"}]},
    "city-of-brass": {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                                   "costs": ["tap", {"pay_life": 1}]}]},
    "mystic-gate": {"types": ["land"], "mana": [{"adds": "{C}"},
                                                {"adds": "{W}{W}|{W}{U}|{U}{U}", "costs": ["tap", "{W/U}"]}]},
    "sol-ring": {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]},
    "thought-vessel": {"types": ["artifact"], "mana": [{"adds": "{C}"}]},
    "llanowar-elves": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}"}]},
    "noble-hierarch": {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}|{W}|{U}"}]},
    "treasure": {"types": ["artifact"], "tags": ["treasure", "token"],
                 "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]},
    "phyrexian-altar": {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [
        {"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]},
    "eldrazi-temple": {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{C}{C}", "only_for": {
        "type": "creature", "tags": ["eldrazi"]}}]},
    "bear": {"types": ["creature"], "cost": "{1}{G}"},
    "goblin": {"types": ["creature"], "cost": "{R}"},
    "ornithopter": {"types": ["artifact", "creature"], "cost": "{0}"},
    "spellbomb": {"types": ["artifact"], "cost": "{1}"},
    "thalia": {"types": ["creature"], "cost": "{1}{W}",
               "grants": [{"increase": "{1}", "applies_to": {"not_type": "creature"}}]},
    "goblin-electromancer": {"types": ["creature"], "cost": "{R}",
                             "grants": [{"reduction": {"generic": 1}, "applies_to": {"type": ["instant", "sorcery"]}}]},
    "trinisphere": {"types": ["artifact"], "cost": "{3}",
                    "grants": [{"at_least": 3, "applies_to": {"controller": "any"}}]},
    "think-twice": {"name": "Think Twice", "types": ["instant"], "cost": "{1}{U}", "flashback": "{2}{U}"},
    "lava-dart-like": {"types": ["sorcery"], "cost": "{R}", "flashback": "{1}{R}"},
    "fireball": {"types": ["sorcery"], "cost": "{X}{R}"},
    "burst-lightning": {"types": ["instant"], "cost": "{R}", "kicker": ["{4}"]},
    "everflowing-chalice": {"types": ["artifact"], "cost": "{0}", "multikicker": "{2}"},
    "gigadrowse": {"types": ["instant"], "cost": "{U}", "replicate": "{U}"},
    "stoke-the-flames": {"types": ["instant"], "cost": "{2}{R}{R}", "convoke": True},
    "treasure-cruise": {"types": ["sorcery"], "cost": "{7}{U}", "delve": True},
    "improviser": {"types": ["creature"], "cost": "{1}{R}", "improvise": True},
    "force-of-will": {"types": ["instant"], "cost": "{3}{U}{U}", "alternative": [
        {"id": "pitch", "cost": "", "other": [{"pay_life": 1},
                                              {"exile_from_hand": {"count": 1, "filter": {"color": "blue"}}}]}]},
    "mulldrifter": {"types": ["creature"], "cost": "{4}{U}", "alternative": [{"id": "evoke", "cost": "{2}{U}"}]},
    "village-rites": {"types": ["instant"], "cost": "{B}", "additional": [
        {"id": "sac", "mandatory": True, "other": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]},
    "forge-abomination-like": {"types": ["instant"], "cost": "{3}{R}", "buyback": "{3}"},
    "frogmite": {"types": ["artifact", "creature"], "cost": "{4}",
                 "reductions": [{"generic": {"count": {"type": "artifact"}}}]},
    "dismember": {"types": ["instant"], "cost": "{1}{B/P}{B/P}"},
    "reaper-king": {"types": ["artifact", "creature"], "cost": "{2/W}{2/U}{2/B}{2/R}{2/G}"},
    "kitchen-finks": {"types": ["creature"], "cost": "{1}{G/W}{G/W}"},
    "counterspell": {"types": ["instant"], "cost": "{U}{U}"},
    "brainstorm": {"types": ["instant"], "cost": "{U}"},
    "eldrazi-spawnling": {"types": ["creature"], "tags": ["eldrazi"], "cost": "{2}{C}"},
}


def scenario(battlefield: list[Any] | None = None, play: dict[str, Any] | None = None,
             hand: list[Any] | None = None, graveyard: list[Any] | None = None,
             cards: dict[str, Any] | None = None, **you: Any) -> dict[str, Any]:
    """Scenario data: the spec's cards (plus `cards`), your zones, and the play."""
    library = copy.deepcopy(LIBRARY)
    library.update(cards or {})
    state: dict[str, Any] = {"you": {"battlefield": battlefield or [], "hand": hand or [],
                                     "graveyard": graveyard or []}}
    extra_state = {k: you.pop(k) for k in ("phase", "stack", "turn", "opponent") if k in you}
    if "opponent" in extra_state:
        state["opponent"] = extra_state.pop("opponent")
    state.update(extra_state)
    state["you"].update(you)
    data: dict[str, Any] = {"format": "mtg/1", "cards": library, "state": state}
    if play is not None:
        data["play"] = play
    return data


def turn_and_plays_refuse(data: dict[str, Any], line: str, tmp_path: Path) -> None:
    """`payplan turn` on the file's state (its `play` taken off) and `payplan play` with its
    object as `plays` each exit 2 with `line` alone."""
    data = copy.deepcopy(data)
    plays = [{"object": data.pop("play")["object"]}]
    path = tmp_path / "turn.yaml"
    for command, extra in (("turn", {}), ("play", {"plays": plays})):
        path.write_text(yaml.safe_dump({**data, **extra}), encoding="utf-8")
        out = payplan_cli(command, str(path))
        assert out.returncode == 2 and out.stderr.strip().splitlines() == [line], out.stderr


def on_battlefield(data: dict[str, Any], field: list[dict[str, Any]],
                   others: tuple[tuple[str, dict[str, Any]], ...]) -> dict[str, Any]:
    """`data` with your battlefield `field` and then `others` (id, card), each card named by its
    id without the digits (added to `cards` unless there)."""
    for ident, card in others:
        name = ident.rstrip("0123456789")
        data["cards"].setdefault(name, card)
        field.append({"id": ident, "card": name})
    data["state"]["you"]["battlefield"] = field
    return data
