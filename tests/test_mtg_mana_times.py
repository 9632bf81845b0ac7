"""mtg/1's replacement multiplying the mana an activation makes (614.1a, 616.1): Mana
Reflection's "If you tap a permanent for mana, it produces twice as much of that mana instead"
(Nyxbloom Ancient: three times), a `replace` mana effect with `times: N`. The other side of
examples/mtg/134: `plan` (fast path on and off), `check`, `play`, the dump, several
replacements in every order, and the loader's refusals. Answers worked by hand (a land 1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mtg_cases import checked_payment as checked
from mtg_cases import example, on_battlefield, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.play import play_data

SPHERE = {"name": "Damping Sphere", "types": ["artifact"], "mana_effects": [
    {"replace": {"sources": {"type": "land", "controller": "any"}, "at_least": 2, "adds": "{C}"}}]}
CRADLE = {"name": "Gaea's Cradle", "types": ["land"],
          "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}


def reflection(cost: str, *others: tuple[str, dict[str, Any]], times: int = 2,
               copies: int = 1) -> dict[str, Any]:
    """Example 134 with `copies` Reflections (`times` each) and a Forest, plus `others`."""
    data = example("134")
    data["cards"]["mystic-snake"]["cost"] = cost
    data["cards"]["mana-reflection"]["mana_effects"][0]["replace"]["times"] = times
    field: list[dict[str, Any]] = [{"id": f"mr{i + 1}", "card": "mana-reflection"}
                                   for i in range(copies)]
    field.append({"id": "f1", "card": "forest"})
    return on_battlefield(data, field, others)


def test_each_land_makes_twice_as_much() -> None:
    p = plan(example("134"))
    assert (p["status"], p["score"], p["left_in_pool"]) == ("ok", 2, ""), p
    without = example("134")
    without["state"]["you"]["battlefield"] = without["state"]["you"]["battlefield"][1:]
    assert plan(without)["status"] == "unpayable"


def test_three_times_and_two_reflections() -> None:
    """Nyxbloom's three times: {G}{G}{G} from one Forest (1). Two Reflections: {G} becomes
    {G}{G}, then {G}{G}{G}{G}: four {G} from one Forest; five is unpayable."""
    assert plan(reflection("{G}{G}{G}", times=3))["score"] == 1
    assert plan(reflection("{G}{G}{G}{G}", copies=2))["score"] == 1
    assert plan(reflection("{G}{G}{G}{G}{G}", copies=2))["status"] == "unpayable"


def test_beside_a_damping_sphere_both_apply_in_turn() -> None:
    """The opponent's Damping Sphere (2 or more becomes {C}) and a Reflection on a Forest: the
    Sphere does not apply to {G} (one mana); the Reflection makes {G}{G}, and then the Sphere
    applies (616.1e: until none applies): {C}. {G}{G} is unpayable, {C} paid by the Forest."""
    data = reflection("{G}{G}")
    data["cards"]["damping-sphere"] = SPHERE
    data["state"]["opponent"] = {"battlefield": [{"id": "ds1", "card": "damping-sphere"}]}
    assert plan(data)["status"] == "unpayable"
    data["cards"]["mystic-snake"]["cost"] = "{C}"
    p = plan(data)
    assert (p["status"], p["score"]) == ("ok", 1), p
    assert p["payment"]["sources"][0]["replaced"] == {"by": "ds1", "was": "{G}"}


def test_a_land_that_makes_nothing_stays_at_nothing() -> None:
    assert plan(reflection("{G}{G}{G}", ("cradle1", CRADLE)))["status"] == "unpayable"


def test_check_refuses_the_mana_as_it_was() -> None:
    data = example("134")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][0] = {"id": "f1", "adds": "{G}", "costs": ["tap"]}
    out = checked(data, bad)
    assert not out["legal"] and any("mr1" in r and "614.1a" in r for r in out["problems"]), out


def test_play_and_dump() -> None:
    out = play_data(example("134")).to_json()
    assert out["status"] == "ok" and out["left_in_pool"] == ""
    round_trips(example("134"))
    round_trips(reflection("{G}", times=10))


@pytest.mark.parametrize("body, line", [
    ({"sources": {}, "times": 2, "adds": "{C}"},
     "cards.mana-reflection.mana_effects[0].replace: times multiplies the mana made: no adds "
     "beside it"),
    ({"sources": {}, "times": 2, "at_least": 1},
     "cards.mana-reflection.mana_effects[0].replace: times multiplies the mana made: no "
     "at_least beside it"),
    ({"sources": {}, "times": 1},
     "cards.mana-reflection.mana_effects[0].replace.times: times is 2 to 10 (the mana made "
     "that many times over)"),
    ({"sources": {}, "times": 11},
     "cards.mana-reflection.mana_effects[0].replace.times: absurd amount 11 (at most 10)"),
])
def test_the_loader_refuses(body: dict[str, Any], line: str) -> None:
    data = example("134")
    data["cards"]["mana-reflection"]["mana_effects"] = [{"replace": body}]
    assert _problems(data) == [line]


def test_a_trigger_takes_no_times() -> None:
    data = example("134")
    data["cards"]["mana-reflection"]["mana_effects"] = [
        {"trigger": {"sources": {}, "adds": "{G}", "times": 2}}]
    problems = _problems(data)
    assert len(problems) == 1 and "mana_effects[0].trigger.times" in problems[0], problems
