"""The readable text of `payplan turn` and mtg/1's `payplan hand`, and mtg/1's unpayable reasons:
a turn starts with a one-line summary (its plays by card name, its value, what is left in the
pool); mtg/1's hand names the lands in hand and gives the reason on every unpayable row, as
payplan/1's does; an unpayable cast's reasons never say it lacks nothing after naming what it
lacks. JSON answers are not touched (the golden transcripts and the snapshot compare them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, timeout=300)


def scenario_file(tmp_path: Path, data: object) -> str:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


RITUAL_TURN = {
    "format": "mtg/1",
    "cards": {
        "swamp": {"name": "Swamp", "types": ["land"], "mana": [{"adds": "{B}"}]},
        "dark-ritual": {"name": "Dark Ritual", "types": ["instant"], "cost": "{B}",
                        "effect": {"adds": "{B}{B}{B}"}},
    },
    "state": {"phase": "main", "you": {"battlefield": [{"id": "s1", "card": "swamp"}],
                                       "hand": [{"id": "h1", "card": "swamp"},
                                                {"id": "h2", "card": "dark-ritual"}]}},
    "turn": {"candidates": "auto"},
}


def test_turn_text_starts_with_its_plays_by_name_value_and_pool_left() -> None:
    """payplan/1: the plays in order by their cards' names, the value, and the pool (empty)."""
    done = cli("turn", str(EXAMPLES / "turns" / "01-apprentice-first.yaml"))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()[:2]
    assert first == ("Turn: Eager Apprentice -> Wild Bolt -> Calm Word; value 3; "
                     "left in pool: nothing")
    assert second == "Objective 10, score 10"


def test_turn_summary_tells_the_pool_the_last_play_leaves(tmp_path: Path) -> None:
    """mtg/1: a ritual played last leaves its mana in the pool, and the summary says so (the
    pool after the turn, not what the ritual's payment left)."""
    done = cli("turn", scenario_file(tmp_path, RITUAL_TURN))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "Turn: Swamp -> Dark Ritual; value 2; left in pool: {B}{B}{B}")


def test_turn_summary_of_a_payplan_turn_with_energy_left(tmp_path: Path) -> None:
    """payplan/1: Power of a domain no play needs stays in the pool, and the summary says so."""
    data = {
        "format": "payplan/1",
        "cards": {"bolt": {"name": "Wild Bolt", "type": "spell", "domains": ["fury"],
                           "cost": {"energy": 1}}},
        "state": {"you": {"runes": [{"id": "r1", "domain": "fury"}],
                          "pool": {"power": {"calm": 1}},
                          "hand": [{"id": "h1", "card": "bolt"}]}},
        "turn": {"candidates": "auto"},
    }
    done = cli("turn", scenario_file(tmp_path, data))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Turn: Wild Bolt; value 1; left in pool: [calm]"


def test_turn_summary_of_no_play(tmp_path: Path) -> None:
    data = dict(RITUAL_TURN, state={"phase": "main", "you": {"mana_pool": "{R}"}})
    done = cli("turn", scenario_file(tmp_path, data))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == ["Turn: no play; value 0; left in pool: {R}",
                                            "Objective 0, score 0", "No play is made."]
