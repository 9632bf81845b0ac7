"""Every command on an `mtg/1` file: plan, hand, orders, play, serve (exit codes and JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import payplan_cli as run

from tests.mtg_cases import scenario


def write(tmp_path: Path, data: dict[str, Any], name: str = "cast.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def flashback_file(tmp_path: Path) -> Path:
    data = scenario([{"id": "l1", "card": "island"}, {"id": "l2", "card": "island"},
                     {"id": "l3", "card": "forest"}],
                    {"object": "g1", "from": "graveyard"},
                    hand=[{"id": "h1", "card": "brainstorm"}, {"id": "h2", "card": "forest"}],
                    graveyard=[{"id": "g1", "card": "think-twice"}], mana_pool="{R}")
    return write(tmp_path, data)


def test_plan_json_has_the_spec_keys(tmp_path: Path) -> None:
    done = run("plan", str(flashback_file(tmp_path)), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    for key in ("status", "play", "cast", "x", "announced", "total", "mana_value", "payment",
                "spent", "left_in_pool", "steps", "score", "reasons", "destination", "optimal"):
        assert key in out
    assert set(out["payment"]) == {"pool", "sources", "convoke", "delve", "improvise", "life", "other"}
    assert out["cast"] == "flashback" and out["destination"] == "exile"
    assert out["total"] == {"mana": "{2}{U}", "life": 0, "other": []}
    assert out["spent"] == {"mana": 3, "convoke": 0, "improvise": 0, "delve": 0, "life": 0,
                            "life_for": 0} and out["payment"]["pool"] == "{R}"
    assert out["steps"][0]["rule"] == "601.2b"


def test_plan_text_and_yaml(tmp_path: Path) -> None:
    path = tmp_path / "cast.yaml"
    path.write_text("format: mtg/1\ncards:\n  forest: {types: [land], mana: [{adds: '{G}'}]}\n"
                    "  bear: {types: [creature], cost: '{1}{G}'}\nstate:\n  you:\n"
                    "    hand: [bear]\n    battlefield: [forest, forest]\nplay: {card: bear}\n",
                    encoding="utf-8")
    done = run("plan", str(path))
    assert done.returncode == 0, done.stderr
    assert "bear (hand[0], from hand): ok" in done.stdout
    assert "battlefield[0]" in done.stdout and "Score 2" in done.stdout


def test_unpayable_exits_1_with_reasons(tmp_path: Path) -> None:
    data = scenario([{"id": "l1", "card": "forest"}], {"object": "h1"},
                    hand=[{"id": "h1", "card": "counterspell"}])
    done = run("plan", str(write(tmp_path, data)), "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["status"] == "unpayable" and out["reasons"] == [
        "needs {U}{U}: no blue source",
        "needs 2 mana in all ({U}{U}): at most 1 can be made (untapped sources, the pool)"]


def test_bad_file_exits_2_one_line_per_problem(tmp_path: Path) -> None:
    data = scenario([{"id": "l1", "card": "forest"}], {"object": "h1"},
                    hand=[{"id": "h1", "card": "king"}],
                    cards={"king": {"types": ["creature"], "cost": "{2/W}{2/U}{2/B}{2/Q}"}})
    done = run("plan", str(write(tmp_path, data)))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["cards.king.cost[3]: unknown mana symbol '{2/Q}'"]


def test_hand(tmp_path: Path) -> None:
    done = run("hand", str(flashback_file(tmp_path)), "--json")
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(p["play"]["object"], p["status"]) for p in plays] == [("h1", "ok"), ("g1", "ok")]
    text = run("hand", str(flashback_file(tmp_path))).stdout
    assert "think-twice" in text and "brainstorm" in text


def test_hand_lists_the_command_zone_with_its_tax() -> None:
    """A commander is cast from the command zone: `hand` lists it after the hand's cards, planned
    as `plan` plans it (the tax in its total), and plays nothing from the exile."""
    example = Path(__file__).parent.parent / "examples" / "mtg" / "40-commander-tax-medallion.yaml"
    data = yaml.safe_load(example.read_text())
    you = data["state"]["you"]
    you["hand"] = [{"id": "h1", "card": "forest"}, {"id": "h2", "card": "sol-ring"}]
    you["exile"] = [{"id": "x1", "card": "atraxa"}]
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = json.loads(done.stdout)["plays"]
    assert [(p["play"]["object"], p["play"]["from"]) for p in plays] == [("h2", "hand"),
                                                                        ("a1", "command")]
    alone = json.loads(run("plan", str(example), "--json").stdout)
    assert plays[1]["total"] == alone["total"] and plays[1]["score"] == alone["score"]
    assert any(step["rule"] == "903.8" for step in plays[1]["steps"])


def test_orders(tmp_path: Path) -> None:
    cards = {"heartstone": {"types": ["artifact"], "grants": [
                 {"reduction": {"generic": 1, "minimum": 1}, "applies_to": {}}]},
             "big-cut": {"types": ["artifact"], "grants": [{"reduction": {"generic": 2}, "applies_to": {}}]},
             "hart": {"types": ["instant"], "cost": "{3}"}}
    data = scenario([{"id": "b", "card": "big-cut"}, {"id": "h", "card": "heartstone"}],
                    {"object": "h1"}, hand=[{"id": "h1", "card": "hart"}], cards=cards)
    done = run("orders", str(write(tmp_path, data)), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [(t["total"], t["count"]) for t in out["orders"]] == [({"mana": "{0}"}, 1),
                                                                  ({"mana": "{1}"}, 1)]
    assert out["orders"][0]["order"][0].startswith("heartstone")
    assert "before reductions: {3}" in run("orders", str(write(tmp_path, data))).stdout


def test_play_applies_the_payment(tmp_path: Path) -> None:
    done = run("play", str(flashback_file(tmp_path)), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    you = out["state"]["you"]
    assert [o["id"] for o in you["exile"]] == ["g1"]
    assert sum(1 for o in you["battlefield"] if o.get("tapped")) == 2
    assert you["mana_pool"] == ""


def test_plays_in_sequence(tmp_path: Path) -> None:
    data = scenario([{"id": "l1", "card": "island"}, {"id": "l2", "card": "island"}], None,
                    hand=[{"id": "h1", "card": "brainstorm"}, {"id": "h2", "card": "brainstorm"},
                          {"id": "h3", "card": "brainstorm"}])
    data["plays"] = [{"object": "h1"}, {"object": "h2"}, {"object": "h3"}]
    done = run("play", str(write(tmp_path, data)), "--json")
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert [p["status"] for p in out["plays"]] == ["ok", "ok", "unpayable"]
    assert [o["id"] for o in out["state"]["you"]["graveyard"]] == ["h1", "h2"]


@pytest.mark.slow
def test_serve_answers_mtg_requests() -> None:
    good = scenario([{"id": "l1", "card": "island"}], {"object": "h1"},
                    hand=[{"id": "h1", "card": "brainstorm"}])
    bad = scenario([], {"object": "h1"}, hand=[{"id": "h1", "card": "x"}],
                   cards={"x": {"types": ["instant"], "cost": "{U/U}"}})
    lines = [json.dumps({"id": 1, "command": "plan", "scenario": good}),
             json.dumps({"id": 2, "command": "hand", "scenario": good}),
             json.dumps({"id": 3, "command": "orders", "scenario": good}),
             json.dumps({"id": 4, "command": "plan", "scenario": bad})]
    done = run("serve", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3, 4]
    assert answers[0]["ok"] and answers[0]["result"]["total"]["mana"] == "{U}"
    assert answers[1]["ok"] and answers[1]["result"]["plays"][0]["status"] == "ok"
    assert answers[2]["ok"]
    assert answers[3] == {"id": 4, "ok": False,
                          "errors": ["scenario.cards.x.cost[0]: unknown mana symbol '{U/U}'"]}


@pytest.mark.slow
def test_gen_mtg_writes_a_plannable_board(tmp_path: Path) -> None:
    done = run("gen", "mtg", "--size", "12", "--seed", "4")
    assert done.returncode == 0, done.stderr
    path = tmp_path / "board.yaml"
    path.write_text(done.stdout, encoding="utf-8")
    planned = run("plan", str(path), "--json")
    assert planned.returncode in (0, 1), planned.stderr
    assert json.loads(planned.stdout)["status"] in ("ok", "unpayable")
    assert run("gen", "mtg", "--size", "12", "--seed", "4").stdout == done.stdout


def test_greedy_never_beats_the_planner() -> None:
    from payplan.benchmarks.mtg.bench import greedy_plan as greedy_mtg
    from payplan.engine.mtg.generate import generate_mtg
    from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
    from payplan.planner.mtg.plan import plan as plan_mtg

    for size in (5, 10, 20):
        for seed in range(6):
            s = mtg_from_data(generate_mtg(size, seed), require_play=True)
            best, greedy = plan_mtg(s), greedy_mtg(s)
            if greedy.status == "ok":
                assert best.status == "ok"
                assert best.objective is not None and greedy.objective is not None
                assert best.objective <= greedy.objective


@pytest.mark.slow
def test_bench_mtg_suite_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "bench"
    done = run("bench", "--suite", "mtg", "--cases", "1", "--repeats", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert set(results["families"]) == {"mtg"}
    assert sorted(int(s) for s in results["families"]["mtg"]["sizes"]) == [5, 10, 20, 40, 60]
    checks = results["checks"]
    assert checks["errors"] == [] and checks["planner_vs_brute_disagree"] == []
    assert checks["greedy_better_than_optimum"] == []


def ability_file(tmp_path: Path) -> Path:
    cards = {"hart": {"types": ["artifact", "creature"], "cost": "{3}",
                      "abilities": [{"id": "search", "costs": ["{3}", "sacrifice_self"]}]},
             "heartstone": {"types": ["artifact"], "grants": [
                 {"reduction": {"generic": 1, "minimum": 1},
                  "applies_to": {"ability": "activated", "type": "creature"}}]},
             "pinger": {"types": ["creature"], "abilities": [{"id": "ping", "costs": ["{R}", "tap"]}]}}
    data = scenario([{"id": "h1", "card": "hart"}, {"id": "a1", "card": "heartstone"},
                     {"id": "a2", "card": "heartstone"}, {"id": "p1", "card": "pinger"},
                     {"id": "l1", "card": "mountain"}, {"id": "l2", "card": "mountain"}],
                    None, hand=[{"id": "h2", "card": "hart"}], cards=cards)
    data["plays"] = [{"ability": {"object": "h1", "id": "search"}},
                     {"ability": {"object": "p1", "id": "ping"}}]
    return write(tmp_path, data)


@pytest.mark.slow
def test_ability_plays_on_every_command(tmp_path: Path) -> None:
    path = ability_file(tmp_path)
    done = run("play", str(path), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [p["total"]["mana"] for p in out["plays"]] == ["{1}", "{R}"]
    you = out["state"]["you"]
    assert [o["id"] for o in you["graveyard"]] == ["h1"]  # sacrificed by its own cost
    assert {o["id"] for o in you["battlefield"] if o.get("tapped")} == {"p1", "l1", "l2"}
    assert [o["id"] for o in you["hand"]] == ["h2"]
    hand = run("hand", str(path), "--json")
    assert hand.returncode == 0, hand.stderr
    rows = [(p["play"]["object"], p["play"].get("ability"), p["status"])
            for p in json.loads(hand.stdout)["plays"]]
    # The Hart spell costs {3} (Heartstone changes abilities only): two Mountains fall short.
    assert rows == [("h2", None, "unpayable"), ("h1", "search", "ok"), ("p1", "ping", "ok")]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["play"] = data.pop("plays")[0]
    single = write(tmp_path, data, "one.json")
    orders = run("orders", str(single), "--json")
    assert orders.returncode == 0, orders.stderr
    assert [t["total"] for t in json.loads(orders.stdout)["orders"]] == [{"mana": "{1}"}]
    text = run("plan", str(single))
    assert text.returncode == 0 and "hart (h1), ability search: ok" in text.stdout
