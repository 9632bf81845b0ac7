"""mtg/1's reductions counted in a zone (Karador, Ghost Chieftain: "costs {1} less to cast for each
creature card in your graveyard") or from the counters on the granting permanent (Animar, Soul of
Elements: "for each +1/+1 counter on Animar"): the other side of examples/mtg/92-93, every command
(`plan` with the fast path on and off, `hand`, `orders`, `check`, `play`, `turn`), the dump and
the loader's refusals. Answers worked by hand (a land tapped 1)."""

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


def test_karador_counts_creature_cards_in_your_graveyard() -> None:
    p = plan(example("92"))
    assert p["status"] == "ok" and p["total"]["mana"] == "{3}{W}{B}{G}" and p["score"] == 6
    data = example("92")
    data["state"]["you"]["graveyard"].pop(0)  # one creature card left: {4}{W}{B}{G}
    assert plan(data)["status"] == "unpayable"


def test_the_card_cast_never_counts_itself() -> None:
    """Karador cast from the graveyard (an alternative cost from there, the same mana): on the
    stack at 601.2f, it does not count itself: two creature cards beside it, {2} less, still
    score 6 (counting itself it would be {2}{W}{B}{G}, five lands)."""
    data = example("92")
    data["cards"]["karador"]["alternative"] = [{"id": "rise", "cost": "{5}{W}{B}{G}",
                                                "zone": "graveyard"}]
    you = data["state"]["you"]
    you["hand"] = []
    you["graveyard"].append({"id": "h1", "card": "karador"})
    p = plan(data)
    assert p["status"] == "ok" and p["total"]["mana"] == "{3}{W}{B}{G}" and p["score"] == 6


def test_other_zones_and_the_opponents_grant() -> None:
    """`zone: hand` counts the cards in your hand but the one cast; an opponent's grant counts
    the opponent's graveyard."""
    data = example("92")
    red = data["cards"]["karador"]["reductions"][0]["generic"]
    red["zone"] = "hand"
    data["state"]["you"]["hand"] += [{"id": "h2", "card": "llanowar-elves"},
                                     {"id": "h3", "card": "wall-of-roots"}]
    assert plan(data)["total"]["mana"] == "{3}{W}{B}{G}"
    theirs = example("92")
    theirs["cards"]["karador"].pop("reductions")
    theirs["cards"]["lord"] = {"types": ["creature"], "grants": [
        {"reduction": {"generic": {"count": {"type": "creature"}, "zone": "graveyard"}},
         "applies_to": {"controller": "opponent"}}]}
    theirs["state"]["opponent"] = {
        "battlefield": [{"id": "o1", "card": "lord"}],
        "graveyard": [{"id": "og1", "card": "llanowar-elves"}]}
    assert plan(theirs)["total"]["mana"] == "{4}{W}{B}{G}"


def test_animar_reads_its_own_counters() -> None:
    p = plan(example("93"))
    assert p["status"] == "ok" and p["total"]["mana"] == "{1}{G}" and p["score"] == 2
    data = example("93")
    data["state"]["you"]["battlefield"][0].pop("counters")
    assert plan(data)["status"] == "unpayable"
    data = example("93")
    data["cards"]["thragtusk"]["types"] = ["instant"]
    assert plan(data)["total"]["mana"] == "{4}{G}"


def test_check_orders_hand_and_play(tmp_path: Path) -> None:
    for name in ("92", "93"):
        data = example(name)
        p = plan(data)
        back = check_data({**data, "payment": p["payment"]})
        assert back.legal and back.score == p["score"], back.problems
        assert play_data(data).to_json()["status"] == "ok"
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        done = run("orders", str(path), "--json")
        assert done.returncode == 0, done.stderr
        orders = json.loads(done.stdout)["orders"]
        assert [t["total"]["mana"] for t in orders] == [p["total"]["mana"]]
        del data["play"]
        done = run("hand", "-", "--json", stdin=json.dumps(data))
        assert done.returncode == 0, done.stderr
        plays = json.loads(done.stdout)["plays"]
        assert [(q["play"]["object"], q["total"]["mana"]) for q in plays] == [
            ("h1", p["total"]["mana"])]


def test_turn_reads_the_count_on_each_state(tmp_path: Path) -> None:
    """`payplan turn` prices Karador with the graveyard as the turn finds it (the count is read
    on the state each cast meets)."""
    data = example("92")
    del data["play"]
    data["turn"] = {}
    path = tmp_path / "92.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = run("turn", str(path), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [s["play"]["object"] for s in out["plays"]] == ["h1"], out


def test_the_examples_dump_and_load_back() -> None:
    for name in ("92", "93"):
        s = mtg_from_data(example(name), require_play=True)
        assert mtg_from_data(scenario_to_data(s), require_play=True) == s


def test_the_loader_refuses_what_cant_be() -> None:
    def karador(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d["cards"]["karador"]["reductions"][0]["generic"]
        return got

    def animar(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d["cards"]["animar"]["grants"][0]["reduction"]["generic"]
        return got
    cases: list[tuple[str, Any, str, str]] = [
        ("92", lambda d: karador(d).update(zone="library"), "generic.zone", "zone"),
        ("92", lambda d: d["cards"]["karador"]["reductions"][0].update(generic={"zone": "hand"}),
         "reductions[0].generic", "one of them"),
        ("92", lambda d: d["cards"]["karador"]["reductions"][0].update(
            generic={"counters": "plus_one"}), "generic.counters", "only in a grant"),
        ("92", lambda d: d["cards"]["karador"]["reductions"][0].update(
            G={"count": {"type": "creature"}, "zone": "graveyard"}), "G.zone", "color key"),
        ("93", lambda d: animar(d).update(counters="+1/+1"), "generic.counters", "lowercase"),
        ("93", lambda d: animar(d).update(count={"type": "land"}), "reduction.generic",
         "one of them"),
    ]
    for name, change, where, words in cases:
        data = example(name)
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems
