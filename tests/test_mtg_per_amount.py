"""mtg/1 mana abilities whose amount comes from the state (issue 25): `per: devotion`
(Nykthos, Shrine to Nyx, rule 700.5) and `per: {count: FILTER}` (Gaea's Cradle, Cabal Coffers),
counted when the cast begins. The fast path and the CP-SAT model must agree on every answer."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.riftbound.loader import ScenarioError
from payplan.planner.config import SolverConfig
from payplan.planner.mtg.plan import plan as plan_mtg

CARDS: dict[str, Any] = {
    "cradle": {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]},
    "coffers": {"types": ["land"],
                "mana": [{"adds": "{B}", "costs": ["{2}", "tap"], "per": {"count": {"tags": ["swamp"]}}}]},
    "nykthos": {"types": ["land"], "mana": [
        {"adds": "{C}"}, {"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "{2}"], "per": "devotion"}]},
    "swamp": {"types": ["land"], "tags": ["swamp"], "mana": [{"adds": "{B}"}]},
    "forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
    "bear": {"types": ["creature"], "cost": "{1}{G}"},
    "emissary": {"types": ["creature"], "cost": "{R/G}{R/G}"},
    "gitaxian": {"types": ["creature"], "cost": "{B/P}{2/B}"},
    "spell": {"types": ["sorcery"], "cost": "{X}{G}"},
    "black-spell": {"types": ["sorcery"], "cost": "{X}{B}"},
}


def both(data: dict[str, Any]) -> dict[str, Any]:
    s = mtg_from_data(data, require_play=True)
    fast = plan_mtg(s).to_json()
    slow = plan_mtg(s, SolverConfig(fast_path=False)).to_json()
    for key in ("status", "score", "objective", "total", "x", "cast", "paid"):
        assert fast.get(key) == slow.get(key), (key, fast.get(key), slow.get(key))
    return fast


def scenario(battlefield: list[Any], spell: str = "spell", x: int | str = "auto",
             pool: str = "") -> dict[str, Any]:
    return {"format": "mtg/1", "cards": CARDS,
            "state": {"you": {"battlefield": battlefield, "hand": [{"id": "h1", "card": spell}],
                              "mana_pool": pool}},
            "play": {"object": "h1", "x": x}}


def test_cradle_counts_every_creature_you_control_sick_or_tapped() -> None:
    board = [{"id": "g", "card": "cradle"}, {"card": "bear", "sick": True},
             {"card": "bear", "tapped": True}, "bear"]
    out = both(scenario(board))
    assert out["x"] == 2 and out["total"]["mana"] == "{2}{G}"       # three {G} from one land
    assert [s["adds"] for s in out["payment"]["sources"]] == ["{G}{G}{G}"]


def test_cradle_with_no_creature_adds_nothing() -> None:
    out = both(scenario([{"id": "g", "card": "cradle"}], x=0))
    assert out["status"] != "ok"


def test_devotion_counts_hybrid_for_each_color_and_phyrexian_and_mono_hybrid() -> None:
    # devotion to black: {B/P} 1 + {2/B} 1 = 2; to green: {R/G}{R/G} 2 + two bears' {G} = 4
    board = ["nykthos", "forest", "forest", "emissary", "gitaxian", "bear", "bear"]
    out = both(scenario(board, spell="black-spell", x=1))
    assert out["status"] == "ok"
    assert [s["adds"] for s in out["payment"]["sources"] if s["id"] == "battlefield[0]"] == ["{B}{B}"]
    out = both(scenario(board, x=3))  # {3}{G}: only Nykthos for green (4) makes four mana
    assert [s["adds"] for s in out["payment"]["sources"] if s["id"] == "battlefield[0]"] == ["{G}{G}{G}{G}"]
    assert out["left_in_pool"] == ""
    assert both(scenario(board, x=4))["status"] != "ok"


def test_coffers_counts_swamps_when_the_cast_begins() -> None:
    board = ["coffers", "swamp", "swamp", "swamp", "swamp"]
    out = both(scenario(board, spell="black-spell"))
    assert out["x"] == 5  # two Swamps pay {2}, the Coffers add 4, two Swamps add 2: {5}{B}


@pytest.mark.parametrize(("per", "line"), [
    ("devotion", "cards.c.mana[0].per: devotion adds one colored mana per devotion to its "
                 "color: each option of `adds` must be one of {W} {U} {B} {R} {G}"),
    (3, "cards.c.mana[0].per: expected `devotion`, `power`, `removed`, {count: FILTER}, "
        "{counters: KIND} or {greatest_power: FILTER}, got the number 3"),
    ({}, "cards.c.mana[0].per.count: missing (a filter of your permanents to count)"),
])
def test_bad_per_is_one_line_naming_its_path(per: object, line: str) -> None:
    data = scenario(["c"])
    data["cards"] = {**CARDS, "c": {"types": ["land"], "mana": [{"adds": "{C}{C}|{G}", "per": per}]}}
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(data, require_play=True)
    assert list(err.value.lines) == [line]


def test_per_survives_the_dump() -> None:
    s = mtg_from_data(scenario(["cradle", "coffers", "nykthos"]), require_play=True)
    again = mtg_from_data(scenario_to_data(s), require_play=True)
    assert again.cards["cradle"].mana == s.cards["cradle"].mana
    assert again.cards["nykthos"].mana == s.cards["nykthos"].mana
    assert again.cards["coffers"].mana == s.cards["coffers"].mana


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["cradle", "coffers", "nykthos", "swamp", "forest", "bear",
                                 "emissary", "gitaxian"]), min_size=1, max_size=7),
       st.sampled_from(["spell", "black-spell"]), st.integers(0, 5),
       st.sets(st.integers(0, 6)), st.sets(st.integers(0, 6)))
def test_fast_path_and_model_agree_on_counted_mana(cards: list[str], spell: str, x: int,
                                                    tapped: set[int], sick: set[int]) -> None:
    board = [{"card": c, "tapped": i in tapped, "sick": i in sick} for i, c in enumerate(cards)]
    both(scenario(board, spell=spell, x=x))


def test_the_turn_counts_too() -> None:
    """`payplan turn` pays with the counted mana: Gaea's Cradle with three creatures pays a
    three-mana creature (its deferred mode, which pools one-mana units, must not take the Cradle
    for one {G})."""
    from payplan.planner.commands import answer

    data: dict[str, Any] = {
        "format": "mtg/1", "cards": {**CARDS, "ogre": {"types": ["creature"], "cost": "{2}{G}"}},
        "state": {"you": {"battlefield": ["cradle", "bear", "bear", "bear"],
                          "hand": [{"id": "h1", "card": "ogre"}]}},
        "turn": {"values": {"h1": 5}}}
    out = answer("turn", data, SolverConfig(time_limit=60)).to_json()
    assert out["value"] == 5, out
