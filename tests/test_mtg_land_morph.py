"""mtg/1's morph on a land card (Zoetic Cavern: Land, "{T}: Add {C}.", "Morph {2}"; 702.37c,
708.2): cast face down as any morph card, turned face up for its morph cost, still played as a
land from the hand (never cast normally). The other side of examples/mtg/96, every command, the dump. Answers worked by
hand (a land tapped 1)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from mtg_cases import example, plan

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def test_the_cavern_is_cast_face_down_for_three() -> None:
    p = plan(example("96"))
    assert (p["status"], p["cast"], p["score"], p["total"]["mana"]) == ("ok", "face_down", 3,
                                                                        "{3}")
    data = example("96")
    data["state"]["you"]["battlefield"].pop()
    assert plan(data)["status"] == "unpayable"


def test_play_puts_it_face_down_and_it_is_no_land_play() -> None:
    out = play_data(example("96")).to_json()
    assert out["status"] == "ok"
    you = out["state"]["you"]
    cavern = [o for o in you["battlefield"] if o["id"] == "h1"]
    assert cavern and cavern[0].get("face_down") is True
    assert not out["state"].get("lands_played_this_turn")


def test_turned_face_up_for_its_morph_cost() -> None:
    data: dict[str, Any] = example("96")
    you = data["state"]["you"]
    you["battlefield"] = you["battlefield"][:2] + [{"id": "z1", "card": "zoetic-cavern",
                                                    "face_down": True}]
    del you["hand"]
    data["play"] = {"turn_face_up": "z1"}
    p = plan(data)
    assert (p["status"], p["score"], p["total"]["mana"]) == ("ok", 2, "{2}")
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal, back.problems


def test_cast_normally_it_is_still_a_land() -> None:
    """Not face down, the Cavern is a land card: played, never cast (305.1)."""
    data = example("96")
    data["play"] = {"object": "h1"}
    p = plan(data)
    assert p["status"] == "illegal" and any("land" in r for r in p["reasons"]), p


def test_check_hand_and_the_dump() -> None:
    data = example("96")
    p = plan(data)
    back = check_data({**data, "payment": p["payment"], "cast": "face_down"})
    assert back.legal and back.score == 3, back.problems
    s = mtg_from_data(data, require_play=True)
    assert mtg_from_data(scenario_to_data(s), require_play=True) == s
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
