"""Which of the newest `payplan/1` keys the loader reads (test code: it asks the loader, which
the generators and the references never import).

The generators draw a key of this list only where the planner under test reads it: each is
probed once per process by loading the smallest file that uses it (a loader that refuses the
key, exit 2, is one that does not read it yet), so the same generators serve a tree without
the key (they draw around it) and one with it (they draw it, and `tests/test_reference_keys.py`
holds them to it).

- `source`: a card's `source` (a card played this turn becomes a source);
- `kill`: a card's `effect: {kill: targets}`; `score`: `effect: {score: N}`;
- `deaths`: `state.PLAYER.units_died_this_turn` and the conditions `units_died_at_least`,
  `opponent_units_died_at_least` (a kill paid as a cost counted as a death);
- `bans`: `state.bans` (play bans);
- `repeat_cost`: a grant's `keyword: {repeat: COST}` (a Repeat of a fixed cost, Syndra);
  `in_showdown`: the condition `{in_showdown: true}`;
- `control`: `state.battlefields[].controller` and `units_at.controller` (Keeper of Law);
- `triggered`: `abilities[].kind: triggered` (a trigger that chooses, and owes Deflect).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


def _file(card: dict[str, Any] | None = None, you: dict[str, Any] | None = None,
          state: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": "payplan/1",
            "cards": {"c": {"type": "spell", "cost": {"energy": 1}, **(card or {})}},
            "state": {"you": {"runes": [{"id": "r1", "domain": "fury"}],
                              "hand": [{"id": "h1", "card": "c"}], **(you or {})},
                      **(state or {})},
            "play": {"object": "h1"}}


PROBES: dict[str, dict[str, Any]] = {
    "source": _file(card={"type": "gear", "source": {"adds": {"energy": 1}}}),
    "kill": _file(card={"effect": {"kill": "targets"}}),
    "score": _file(card={"effect": {"score": 1}}),
    "deaths": _file(card={"discounts": [{"energy": 1, "if": {"units_died_at_least": 1}}]},
                    you={"units_died_this_turn": 1}),
    "bans": _file(state={"bans": [{"applies_to": {"type": "unit"}}]}),
    "repeat_cost": _file(you={"effects": []}, card={"grants": [
        {"keyword": {"repeat": {"energy": 2}}, "applies_to": {"type": "spell"}}]}),
    "in_showdown": _file(card={"discounts": [{"energy": 1, "if": {"in_showdown": True}}]}),
    "control": {**_file(card={"discounts": [{"energy": 1, "if": {"units_at": {
        "count": 0, "controller": "you"}}}]},
        state={"battlefields": [{"id": "bf1", "card": "field", "controller": "you"}]}),
        "cards": {"c": {"type": "spell", "cost": {"energy": 1}, "discounts": [
            {"energy": 1, "if": {"units_at": {"count": 0, "controller": "you"}}}]},
            "field": {"type": "battlefield"}}},
    "triggered": _file(card={"abilities": [{"id": "t", "kind": "triggered",
                                            "targets": {"type": "unit"}}]}),
}


@lru_cache(maxsize=None)
def supported() -> frozenset[str]:
    """The keys of `PROBES` the loader reads."""
    from payplan.engine.riftbound.loader import scenario_from_data

    out = set()
    for name, data in PROBES.items():
        try:
            scenario_from_data(data)
        except Exception:  # refused: the key is not read yet
            continue
        out.add(name)
    return frozenset(out)


def has(name: str) -> bool:
    assert name in PROBES, name
    return name in supported()
