"""mtg/1's permission to cast granted by another permanent (a grant's `cast_from`: Karador, Ghost
Chieftain, "During each of your turns, you may cast one creature card from your graveyard"): the
other side of examples/mtg/94, every command (`plan` with the fast path on and off, `hand`,
`orders`, `check`, `play`), the dump and the loader's refusals. Answers worked by hand (a land
tapped 1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mtg_cases import example, plan
from mtg_cases import problems as _problems

from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def test_karador_lets_the_wall_be_cast_from_the_graveyard() -> None:
    p = plan(example("94"))
    assert (p["status"], p["cast"], p["score"], p["destination"]) == ("ok", "normal", 2,
                                                                      "battlefield")
    data = example("94")
    data["state"]["you"]["battlefield"].pop(0)  # no Karador: no way from the graveyard
    assert plan(data)["status"] == "illegal"


def test_what_the_grant_reads() -> None:
    """Its turn: only during your turns (`turn: caster`); its `applies_to`: creature cards only;
    its zone: the graveyard, not exile."""
    theirs = example("94")
    theirs["state"]["turn"] = "opponent"
    theirs["cards"]["wall-of-roots"]["flash"] = True  # timing aside: the permission is gone
    assert plan(theirs)["status"] == "illegal"
    instant = example("94")
    instant["cards"]["wall-of-roots"]["types"] = ["instant"]
    assert plan(instant)["status"] == "illegal"
    exiled = example("94")
    exiled["state"]["you"]["exile"] = exiled["state"]["you"].pop("graveyard")
    exiled["play"]["from"] = "exile"
    assert plan(exiled)["status"] == "illegal"
    exiled["cards"]["karador"]["grants"][0]["cast_from"] = "exile"
    assert plan(exiled)["status"] == "ok"


def test_an_alternative_cost_without_a_zone_is_a_way_too() -> None:
    data = example("94")
    data["cards"]["wall-of-roots"]["alternative"] = [{"id": "evoke", "cost": "{G}"}]
    p = plan(data)
    assert (p["status"], p["cast"], p["score"]) == ("ok", "evoke", 1)


def test_every_command(tmp_path: Path) -> None:
    data = example("94")
    p = plan(data)
    back = check_data({**data, "payment": p["payment"]})
    assert back.legal and back.score == 2, back.problems
    out = play_data(data).to_json()
    assert out["status"] == "ok"
    you = out["state"]["you"]
    assert "g1" in [o["id"] for o in you["battlefield"]] and not you.get("graveyard")
    path = tmp_path / "94.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert run("orders", str(path), "--json").returncode == 0
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(q["play"]["object"], q["status"], q["score"]) for q in plays] == [("g1", "ok", 2)]


def test_the_example_dumps_and_loads_back() -> None:
    s = mtg_from_data(example("94"), require_play=True)
    assert mtg_from_data(scenario_to_data(s), require_play=True) == s


def test_the_loader_refuses_what_cant_be() -> None:
    def grant(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d["cards"]["karador"]["grants"][0]
        return got
    cases: list[tuple[Any, str, str]] = [
        (lambda d: grant(d).update(cast_from="library"), "grants[0].cast_from", "zone"),
        (lambda d: grant(d).update(keyword="convoke"), "grants[0]", "exactly one of"),
        (lambda d: grant(d)["applies_to"].update(ability="activated"), "grants[0].applies_to",
         "cast_from"),
    ]
    for change, where, words in cases:
        data = example("94")
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
