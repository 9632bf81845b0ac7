"""mtg/1's experience counters (Mizzix of the Izmagnus: "Instant and sorcery spells you cast cost
{1} less to cast for each experience counter you have."): the player key `state.you.experience`
read by a reduction amount `{player_counters: experience}`. The other side of examples/mtg/99:
`plan` (fast path on and off), `check`, the dump, the loader and the brute force, worked by hand
(a land tapped 1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from mtg_cases import checked_payment, example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.benchmarks.mtg.reference.brute import solve


def mizzix(experience: int) -> dict[str, Any]:
    data = copy.deepcopy(example("99"))
    data["state"]["you"]["experience"] = experience
    return data


@pytest.mark.parametrize(("experience", "want"), [(2, ("ok", 2, "{1}{R}")), (5, ("ok", 1, "{R}")),
                                                  (0, ("unpayable", None, "{3}{R}"))])
def test_each_counter_takes_one_generic(experience: int, want: tuple[Any, ...]) -> None:
    p = plan(mizzix(experience))
    assert (p["status"], p["score"], p["total"]["mana"]) == want
    ref = solve(mizzix(experience))
    assert (ref.status, ref.score) == want[:2]


def test_an_opponents_counters_do_not_count() -> None:
    """Experience on the opponent, none on you: Mizzix is yours, the total stays {3}{R}."""
    data = mizzix(0)
    data["state"]["opponent"] = {"experience": 3}
    assert plan(data)["status"] == "unpayable"
    assert solve(data).status == "unpayable"


def test_check_dump_and_refusals() -> None:
    data = mizzix(2)
    back = checked_payment(data, plan(data)["payment"])
    assert back["legal"] and back["score"] == 2, back
    round_trips(data)
    bad = mizzix(2)
    bad["cards"]["mizzix"]["grants"][0]["reduction"]["generic"] = {"player_counters": "poison"}
    problems = _problems(bad)
    assert len(problems) == 1 and "player_counters" in problems[0], problems
    bad = mizzix(-1)
    problems = _problems(bad)
    assert len(problems) == 1 and "state.you.experience" in problems[0], problems
