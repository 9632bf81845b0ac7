"""mtg/1's Aura attached to a player (Infectious Curse: "Enchant player. Spells you cast that
target enchanted player cost {1} less to cast."): object key `attached_to: you | opponent` and
the targets filter's `player: enchanted` (examples/mtg/143); every command (`plan` with the fast
path on and off, `hand`, `orders`, `check`, `play`; `turn` refuses `attached_to`), the dump and
the loader's refusals. Answers worked by hand (a land tapped 1)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def curse(target: str = "opponent", on: str | None = "opponent") -> dict[str, Any]:
    data = copy.deepcopy(example("143"))
    data["play"]["targets"] = [target]
    if on is None:
        del data["state"]["you"]["battlefield"][0]["attached_to"]
    else:
        data["state"]["you"]["battlefield"][0]["attached_to"] = on
    return data


def mana(data: dict[str, Any]) -> str:
    p = plan(data)
    assert p["status"] == "ok", p
    got: str = p["total"]["mana"]
    return got


def test_spells_at_the_enchanted_player_cost_less() -> None:
    p = plan(curse())
    assert p["total"]["mana"] == "{3}{R}" and p["score"] == 4
    assert mana(curse("you")) == "{4}{R}"
    assert mana(curse("you", on="you")) == "{3}{R}"  # the curse on you: the other way round
    assert mana(curse("opponent", on="you")) == "{4}{R}"
    assert mana(curse("opponent", on=None)) == "{4}{R}"  # attached to nothing
    assert mana(curse("opponent", on="m1")) == "{4}{R}"  # attached to a permanent, no player
    data = curse("m2")  # an object target is no player target
    assert mana(data) == "{4}{R}"


def test_the_opponents_curse_changes_none_of_your_casts() -> None:
    data = curse("you", on="you")
    data["state"]["opponent"] = {"battlefield": [data["state"]["you"]["battlefield"].pop(0)]}
    assert mana(data) == "{4}{R}"


def test_check_orders_hand_and_play() -> None:
    data = curse()
    p = plan(data)
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal and back.score == 4, back.problems
    assert play_data(data).to_json()["status"] == "ok"
    done = run("orders", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    assert [t["total"]["mana"] for t in json.loads(done.stdout)["orders"]] == ["{3}{R}"]
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]  # hand names no target: no reduction
    assert [(q["play"]["object"], q["total"]["mana"]) for q in plays] == [("h1", "{4}{R}")]
    data["turn"] = {}
    done = run("turn", "-", stdin=json.dumps(data))
    assert done.returncode == 2 and "attached_to" in done.stderr, done.stderr


def test_the_dump_and_the_refusals() -> None:
    round_trips(curse())
    round_trips(curse("you", on="you"))
    data = curse()
    data["cards"]["curse"]["types"] = ["artifact"]
    problems = _problems(data)
    assert problems == ["state.you.battlefield[0].attached_to: only an Aura is attached to a "
                        "player: 'curse' is not an enchantment"], problems
    data = curse()
    data["cards"]["axe"]["reductions"] = [{"generic": {"count_targets": {"player": "enchanted"}}}]
    problems = _problems(data)
    assert len(problems) == 1 and "count_targets.player" in problems[0], problems
    assert "only in a permanent's grant" in problems[0]
