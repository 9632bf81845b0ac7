"""The one-play reference (`benchmarks/riftbound/reference/pricing.py`) on a granted Repeat of a
fixed cost with `in_showdown` (Syndra, Transcendent: "While I'm in a showdown, your spells have
[Repeat] [2][chaos]"), battlefield control read by `units_at` (Keeper of Law: "a battlefield you
control with exactly two units there") and triggered abilities that choose (Riptide Rex: the
Deflect its trigger owes), hiding where you control a battlefield without a facedown card,
each worked by hand; the planner held to the same answers where the
loader reads the key (`reference.features`).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from reference import features

from payplan.benchmarks.riftbound.reference.compare import check
from payplan.benchmarks.riftbound.reference.pricing import reference_totals

SYNDRA: dict[str, Any] = {
    "cards": {"syndra": {"type": "unit", "domains": ["chaos"], "might": 6,
                         "cost": {"energy": 6, "power": {"chaos": 1}},
                         "grants": [{"keyword": {"repeat": {"energy": 2, "power": {"chaos": 1}}},
                                     "applies_to": {"type": "spell"},
                                     "while": {"in_showdown": True}}]},
              "gust": {"type": "spell", "domains": ["chaos"], "cost": {"energy": 1},
                       "timing": "reaction"},
              "field": {"type": "battlefield"}},
    "state": {"phase": "showdown", "battlefields": [{"id": "b1", "card": "field"},
                                                    {"id": "b2", "card": "field"}],
              "showdown_at": "b1",
              "you": {"runes": {"chaos": 4}, "hand": [{"id": "h1", "card": "gust"}],
                      "board": [{"id": "u1", "card": "syndra", "location": "b1"}]}},
    "play": {"object": "h1", "optional": {"repeat": "yes"}},
}

KEEPER: dict[str, Any] = {
    "cards": {"keeper": {"type": "unit", "domains": ["order"], "might": 5,
                         "cost": {"energy": 5, "power": {"order": 1}},
                         "discounts": [{"energy": 2, "power": {"order": 1}, "if": {"units_at": {
                             "count": 2, "controller": "you"}}}]},
              "grunt": {"type": "unit", "cost": {"energy": 1}, "might": 1},
              "field": {"type": "battlefield"}},
    "state": {"battlefields": [{"id": "temple", "card": "field", "controller": "you"},
                               {"id": "camp", "card": "field", "controller": "opponent"}],
              "you": {"runes": {"order": 5}, "hand": [{"id": "h1", "card": "keeper"}],
                      "board": [{"id": "u1", "card": "grunt", "location": "temple"},
                                {"id": "u2", "card": "grunt", "location": "camp"}]},
              "opponent": {"board": [{"id": "e1", "card": "grunt", "location": "temple"},
                                     {"id": "e2", "card": "grunt", "location": "camp"},
                                     {"id": "e3", "card": "grunt", "location": "camp"}]}},
    "play": {"object": "h1"},
}

REX: dict[str, Any] = {
    "cards": {"rex": {"type": "unit", "cost": {"energy": 4}, "might": 4, "abilities": [
                  {"id": "splash", "kind": "triggered",
                   "targets": {"type": "unit", "controller": "opponent"}}]},
              "ornn": {"type": "unit", "cost": {"energy": 2}, "might": 2,
                       "keywords": {"deflect": 2}},
              "grunt": {"type": "unit", "cost": {"energy": 1}, "might": 1},
              "lens": {"type": "gear", "grants": [{"discount": {"power": {"any": 1}},
                                                   "applies_to": {"ability": "any"}}]}},
    "state": {"you": {"runes": {"fury": 2}, "board": [{"id": "u1", "card": "rex"},
                                                      {"id": "g1", "card": "lens"}]},
              "opponent": {"board": [{"id": "e1", "card": "ornn"},
                                     {"id": "e2", "card": "grunt"}]}},
    "play": {"ability": {"object": "u1", "id": "splash"}, "targets": ["e1"]},
}


HIDE: dict[str, Any] = {
    "cards": {"ambush": {"type": "unit", "cost": {"energy": 2}, "might": 2,
                         "keywords": {"hidden": True}},
              "field": {"type": "battlefield"}},
    "state": {"battlefields": [{"id": "temple", "card": "field", "controller": "you"},
                               {"id": "camp", "card": "field", "controller": "opponent"}],
              "you": {"runes": {"fury": 2}, "hand": [{"id": "h1", "card": "ambush"}]}},
    "play": {"hide": "h1"},
}


def variant(base: dict[str, Any], **paths: Any) -> dict[str, Any]:
    """`base` with the values at dotted paths set (`state.showdown_at="b2"`)."""
    data = copy.deepcopy(base)
    data["format"] = "payplan/1"
    for path, value in paths.items():
        *keys, last = path.split("__")
        at = data
        for k in keys:
            at = at[k]
        at[last] = value
    return data


def totals(data: dict[str, Any], mutant: str | None = None) -> set[str] | None:
    ref = reference_totals(data, mutant)
    return {o.total.text() for o in ref.options} if ref.legal else None


WORKED: dict[str, tuple[dict[str, Any], set[str] | None, str, str | None]] = {
    # Gust [1] and Syndra's Repeat [2][chaos] paid: [3][chaos].
    "syndra in the showdown": (variant(SYNDRA), {"[3][chaos]"}, "repeat_cost",
                               "repeat_cost_as_printed"),
    # Syndra at b1, the showdown at b2: no Repeat to pay, and saying yes to it is illegal.
    "syndra elsewhere": (variant(SYNDRA, state__showdown_at="b2"), None, "in_showdown",
                         "missing_optional_ignored"),
    "syndra elsewhere, not paid": (variant(SYNDRA, state__showdown_at="b2",
                                           play__optional={"repeat": "no"}), {"[1]"},
                                   "in_showdown", None),
    # Temple (yours) has two units: [5][order] - [2][order] = [3].
    "keeper, temple yours": (variant(KEEPER), {"[3]"}, "control", None),
    # Temple the opponent's, camp (yours) three units: no discount.
    "keeper, temple theirs": (variant(KEEPER, state__battlefields=[
        {"id": "temple", "card": "field", "controller": "opponent"},
        {"id": "camp", "card": "field", "controller": "you"}]), {"[5][order]"}, "control",
        "control_never_read"),
    # No one controls the temple: "a battlefield you control" does not hold.
    "keeper, no controller": (variant(KEEPER, state__battlefields=[
        {"id": "temple", "card": "field"}, {"id": "camp", "card": "field"}]), {"[5][order]"},
        "control", "control_never_read"),
    # Rex's trigger chooses Ornn (Deflect 2): [A][A]; the Lens's grant to abilities does not
    # reach a trigger.
    "rex chooses ornn": (variant(REX), {"[A][A]"}, "triggered", "trigger_deflect_free"),
    "rex chooses ornn twice": (variant(REX, play__targets=["e1", "e1"]), {"[A][A][A][A]"},
                               "triggered", None),
    "rex chooses a grunt": (variant(REX, play__targets=["e2"]), {"[0]"}, "triggered", None),
    "rex chooses nothing": (variant(REX, play__targets=[]), None, "triggered", None),
    "rex chooses his own": (variant(REX, play__targets=["u1"]), None, "triggered", None),
    # Hiding needs a battlefield you control with no facedown card: the temple, [A].
    "hide at the temple": (variant(HIDE), {"[A]"}, "control", None),
    "the temple taken": (variant(HIDE, state__opponent={"facedown": [
        {"id": "f1", "card": "ambush", "location": "temple"}]}), None, "control",
        "control_never_read"),
    "one of yours at the unnamed battlefield": (variant(HIDE, state__you={
        "runes": {"fury": 2}, "hand": [{"id": "h1", "card": "ambush"}],
        "facedown": [{"id": "f1", "card": "ambush", "location": "battlefield"}]}), None,
        "control", "control_never_read"),
    "no control stated": (variant(HIDE, state__battlefields=[
        {"id": "temple", "card": "field"}], state__opponent={"facedown": [
            {"id": "f1", "card": "ambush", "location": "temple"}]}), {"[A]"}, "control",
        None),
}


@pytest.mark.parametrize("name", sorted(WORKED))
def test_the_reference_answers_them_as_worked_by_hand(name: str) -> None:
    data, want, _, mutant = WORKED[name]
    assert totals(data) == want
    if mutant is not None:
        assert totals(data, mutant) != want


@pytest.mark.parametrize("name", sorted(WORKED))
def test_the_planner_agrees_on_them(name: str) -> None:
    data, _, key, _ = WORKED[name]
    if not features.has(key):
        pytest.skip(f"the loader does not read `{key}` on this tree")
    assert check(data) == []
