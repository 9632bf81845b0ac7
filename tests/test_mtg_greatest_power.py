"""mtg/1's mana equal to the greatest power among your creatures (Bighorner Rancher: "{T}: Add
an amount of {G} equal to the greatest power among creatures you control"): a mana ability's
`per: {greatest_power: FILTER}`. The other side of examples/mtg/135: `plan` (fast path on and
off), `check`, `turn`, the dump and the loader's refusal. Answers worked by hand (a land 1, a
creature 2)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from mtg_cases import checked_payment as checked
from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems


def rancher(wurm_power: int | None = None, cost: str = "{4}{G}{G}{G}") -> dict[str, Any]:
    data = example("135")
    data["cards"]["pelakka-wurm"]["cost"] = cost
    if wurm_power is not None:
        data["state"]["you"]["battlefield"][1]["power"] = wurm_power
    return data


def test_the_greatest_power_is_the_craw_wurms() -> None:
    p = plan(example("135"))
    assert (p["status"], p["score"], p["left_in_pool"]) == ("ok", 3, ""), p
    assert p["payment"]["sources"][0]["adds"] == "{G}" * 6


def test_a_smaller_wurm_leaves_it_short() -> None:
    assert plan(rancher(4))["status"] == "unpayable"
    # The Rancher's own 2 counts when it is the greatest: {G}{G} from it alone (2).
    assert plan(rancher(-1, "{G}{G}"))["score"] == 2


def test_no_match_makes_nothing() -> None:
    data = rancher(cost="{G}")
    data["cards"]["bighorner-rancher"]["mana"][0]["per"] = {"greatest_power": {"type": "artifact"}}
    p = plan(data)
    assert [s["id"] for s in p["payment"]["sources"]] == ["f1"], p


def test_check_reads_the_amount() -> None:
    data = example("135")
    good = plan(data)["payment"]
    assert checked(data, good)["legal"]
    bad = copy.deepcopy(good)
    bad["sources"][0]["adds"] = "{G}" * 7
    assert not checked(data, bad)["legal"]


def test_dump_and_refusal() -> None:
    round_trips(example("135"))
    data = example("135")
    data["cards"]["bighorner-rancher"]["mana"][0]["per"] = {
        "greatest_power": {"type": "creature"}, "count": {"type": "land"}}
    assert _problems(data) == [
        "cards.bighorner-rancher.mana[0].per: per takes one of count (your permanents), "
        "counters (on this permanent) and greatest_power (among your permanents)"]


def test_turn_reads_it(tmp_path: Path) -> None:
    """Pelakka Wurm and a {1}{G} card: seven mana make only the Wurm (six from the Rancher and
    the Forest's one): value 1."""
    data = example("135")
    del data["play"]
    data["cards"]["growth"] = {"types": ["instant"], "cost": "{1}{G}"}
    data["state"]["you"]["hand"].append({"id": "h2", "card": "growth"})
    data["turn"] = {"candidates": "auto"}
    path = tmp_path / "turn.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "payplan", "turn", str(path), "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["value"] == 1 and out["optimal"], out
