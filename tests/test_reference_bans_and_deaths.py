"""The one-play reference (`benchmarks/riftbound/reference/pricing.py`) on play bans
(`state.bans`: "opponents can't play cards this turn", Brynhir Thundersong) and on the units that
died this turn (`state.PLAYER.units_died_this_turn`, the conditions `units_died_at_least` and
`opponent_units_died_at_least`: Spoils of War), each worked by hand; the planner held to the
same answers where the loader reads the key (`reference.features`), and the generators shown
to reach the wrong readings (`pricing.POOL_MUTANTS`).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from reference import features
from reference.strategies import real_scenario_data, scenario_data

from payplan.benchmarks.riftbound.reference.compare import check, reference_answer
from payplan.benchmarks.riftbound.reference.pricing import (
    POOL_MUTANTS,
    Unsupported,
    reference_totals,
)

CARDS: dict[str, Any] = {
    "bolt": {"type": "spell", "domains": ["fury"], "cost": {"energy": 1}},
    "brute": {"type": "unit", "domains": ["calm"], "cost": {"energy": 2}, "might": 3},
    "spoils": {"type": "spell", "domains": ["fury"], "cost": {"energy": 4},
               "discounts": [{"id": "spoils", "energy": 2,
                              "if": {"opponent_units_died_at_least": 1}}]},
    "patron-kin": {"type": "spell", "cost": {"energy": 3},
                   "discounts": [{"energy": 1, "if": {"units_died_at_least": 2}}]},
    "sword": {"type": "gear", "cost": {"energy": 1},
              "abilities": [{"id": "equip", "kind": "equip", "cost": {"energy": 1},
                             "targets": {"type": "unit"}}]},
    "spoiler": {"type": "gear", "cost": {"energy": 1},
                "grants": [{"discount": {"energy": 1},
                            "applies_to": {"type": "spell"},
                            "while": {"opponent_units_died_at_least": 1}}]},
}


def play(obj: str, state: dict[str, Any] | None = None, **play_keys: Any) -> dict[str, Any]:
    you = {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "bolt"},
                                          {"id": "h2", "card": "brute"},
                                          {"id": "h3", "card": "spoils"},
                                          {"id": "h4", "card": "patron-kin"}],
           "board": [{"id": "g1", "card": "sword"}, {"id": "u1", "card": "brute"}]}
    st = copy.deepcopy(state or {})
    st["you"] = {**you, **st.get("you", {})}
    return {"format": "payplan/1", "cards": copy.deepcopy(CARDS), "state": st,
            "play": {"object": obj, **play_keys} if obj != "equip" else {
                "ability": {"object": "g1", "id": "equip"}, "targets": ["u1"]}}


def totals(data: dict[str, Any], mutant: str | None = None) -> set[str] | None:
    """The reference's totals, None when the play is illegal."""
    ref = reference_totals(data, mutant)
    return {o.total.text() for o in ref.options} if ref.legal else None


# (play, totals or None for illegal), worked by hand.
WORKED: dict[str, tuple[dict[str, Any], set[str] | None, str]] = {
    "spells banned: bolt": (play("h1", {"bans": [{"applies_to": {"type": "spell"}}]}), None,
                            "bans"),
    "spells banned: the unit plays": (play("h2", {"bans": [{"applies_to": {"type": "spell"}}]}),
                                      {"[2]"}, "bans"),
    "every card banned": (play("h2", {"bans": [{}]}), None, "bans"),
    "an empty ban leaves abilities": (play("equip", {"bans": [{}]}), {"[1]"}, "bans"),
    "abilities banned": (play("equip", {"bans": [{"applies_to": {"ability": "any"}}]}), None,
                         "bans"),
    "abilities banned, cards play": (play("h1", {"bans": [{"applies_to": {"ability": "any"}}]}),
                                     {"[1]"}, "bans"),
    "an enemy unit died: Spoils [2]": (play("h3", {"opponent": {"units_died_this_turn": 1}}),
                                       {"[2]"}, "deaths"),
    "only a friendly unit died: Spoils [4]": (play("h3", {"you": {"units_died_this_turn": 1}}),
                                              {"[4]"}, "deaths"),
    "two friendly deaths: [2]": (play("h4", {"you": {"units_died_this_turn": 2}}), {"[2]"},
                                 "deaths"),
    # An opponent's grant reads its controller's "opponent": you. Your unit died: it holds.
    "an opponent's grant reads its own opponent": (play("h1", {
        "you": {"units_died_this_turn": 1},
        "opponent": {"board": [{"id": "o1", "card": "spoiler"}]}}), {"[1]"}, "deaths"),
    "your grant reads the enemy's deaths": (play("h1", {
        "opponent": {"units_died_this_turn": 1},
        "you": {"board": [{"id": "g2", "card": "spoiler"}]}}), {"[0]"}, "deaths"),
}


@pytest.mark.parametrize("name", sorted(WORKED))
def test_the_reference_answers_bans_and_deaths_worked_by_hand(name: str) -> None:
    data, want, _ = WORKED[name]
    assert totals(data) == want


def test_a_ban_or_a_death_read_wrong_answers_otherwise() -> None:
    data, want, _ = WORKED["spells banned: bolt"]
    assert totals(data, "bans_ignored") == {"[1]"} != want
    data, want, _ = WORKED["an enemy unit died: Spoils [2]"]
    assert totals(data, "deaths_never_read") == {"[4]"} != want


@pytest.mark.parametrize("name", sorted(WORKED))
def test_the_planner_agrees_on_them(name: str) -> None:
    data, _, key = WORKED[name]
    if not features.has(key):
        pytest.skip(f"the loader does not read `{key}` on this tree")
    assert check(data) == []


def _differs(mutant: str) -> Any:
    def differs(data: dict[str, Any]) -> bool:
        try:
            right = reference_answer(data, reference_totals(data))
            wrong = reference_answer(data, reference_totals(data, mutant))
        except Unsupported:
            return False
        return right != wrong
    return differs


@pytest.mark.slow
@pytest.mark.parametrize("family", ["classic", "real"])
@pytest.mark.parametrize("mutant", POOL_MUTANTS[:2])
def test_the_generators_reach_each_wrong_reading(mutant: str, family: str) -> None:
    """The play bans ignored, the deaths never read: each told apart on a generated play (the
    other `POOL_MUTANTS` are told apart on the hand-worked plays of
    tests/test_reference_repeat_control_triggers.py)."""
    need = {"bans_ignored": "bans", "deaths_never_read": "deaths"}[mutant]
    if not features.has(need):
        pytest.skip(f"the loader does not read `{need}` on this tree")
    if family == "classic" and mutant == "deaths_never_read":
        pytest.skip("the classic family draws no board condition")
    strategy = real_scenario_data() if family == "real" else scenario_data()
    found = find(strategy, _differs(mutant),
                 settings=settings(max_examples=5000, database=None, phases=[Phase.generate],
                                   suppress_health_check=list(HealthCheck)))
    assert _differs(mutant)(found)
