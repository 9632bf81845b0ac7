"""The readable text of `payplan turn` and mtg/1's `payplan hand`, and mtg/1's unpayable reasons:
a turn starts with a one-line summary (its plays by card name, its value, what is left in the
pool); mtg/1's hand names the lands in hand and gives the reason on every unpayable row, as
payplan/1's does; an unpayable cast's reasons never say it lacks nothing after naming what it
lacks. JSON answers are not touched (the golden transcripts and the snapshot compare them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
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


HAND_WITH_LANDS = {
    "format": "mtg/1",
    "cards": {
        "swamp": {"name": "Swamp", "types": ["land"], "mana": [{"adds": "{B}"}]},
        "island": {"name": "Island", "types": ["land"], "mana": [{"adds": "{U}"}]},
        "duress": {"name": "Duress", "types": ["sorcery"], "cost": "{B}"},
        "counterspell": {"name": "Counterspell", "types": ["instant"], "cost": "{U}{U}"},
    },
    "state": {"phase": "main", "you": {
        "battlefield": [{"id": "s1", "card": "swamp"}],
        "hand": [{"id": "h1", "card": "island"}, {"id": "h2", "card": "duress"},
                 {"id": "h3", "card": "counterspell"}, {"id": "h4", "card": "swamp"}]}},
}


def test_mtg_hand_lists_the_lands_in_hand_and_why_each_unpayable_row_is(tmp_path: Path) -> None:
    """mtg/1's hand: each land in hand on a line of its own (a land drop, or why not now), and
    every unpayable row's reasons below the table, as payplan/1's hand gives them."""
    done = cli("hand", scenario_file(tmp_path, HAND_WITH_LANDS))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "\nNot playable now:\n  counterspell (h3, from hand): unpayable\n    - needs {U}{U}: " \
           "no blue source\n" in text
    assert text.rstrip("\n").endswith(
        "Lands in hand (played, not cast: 305.1):\n"
        "  island (h1): playable: this turn's land drop\n"
        "  swamp (h4): playable: this turn's land drop")
    landed = dict(HAND_WITH_LANDS, state={**HAND_WITH_LANDS["state"],  # type: ignore[dict-item]
                                          "lands_played_this_turn": 1})
    done = cli("hand", scenario_file(tmp_path, landed))
    assert "  island (h1): not now: you have already played a land this turn (305.2: 1 a turn)" \
        in done.stdout.splitlines()


def test_mtg_hand_json_is_unchanged_by_the_lands(tmp_path: Path) -> None:
    """The lands are in the text only: the JSON plays are the nonland cards', as before."""
    import json

    done = cli("hand", scenario_file(tmp_path, HAND_WITH_LANDS), "--json")
    assert [p["play"]["object"] for p in json.loads(done.stdout)["plays"]] == ["h2", "h3"]


def test_mtg_unpayable_text_never_says_it_lacks_nothing_after_naming_a_lack() -> None:
    """A filter land that can't pay for itself: the reason names the missing {B}, and the text
    does not then claim the state lacks nothing part by part."""
    done = cli("plan", str(EXAMPLES / "mtg" / "32-filter-land-cant-pay-itself.yaml"))
    assert done.returncode == 1
    assert "  - needs {B}: no black source, and the filter land c1 needs {B/R} from another " \
           "source" in done.stdout.splitlines()
    assert "lacks nothing" not in done.stdout
    assert "Cheapest total: {B}" in done.stdout.splitlines()


def test_mtg_parts_that_compete_still_say_the_state_lacks_nothing_part_by_part() -> None:
    """Where no reason names a lack (the parts compete), the line that says so stays."""
    done = cli("plan", str(EXAMPLES / "mtg" / "17-tap-cost-unpayable.yaml"))
    assert "the state lacks nothing part by part" in done.stdout


def _renamed(data: object, old: str, new: str) -> Any:
    """`data` with every string `old` in it (an id, a card key) renamed `new`."""
    return json.loads(json.dumps(data).replace(json.dumps(old), json.dumps(new)))


ESCAPES = "\x1b]8;;x\x07\x1b[31m\u202e"  # an OSC link, a BEL, a colour, a bidi override


@pytest.mark.parametrize("example, old", [("examples/01-sky-splitter-order.yaml", "sky-splitter"),
                                          ("examples/mtg/20-flashback-from-graveyard.yaml",
                                           "think-twice")])
def test_render_from_python_escapes_what_a_scenario_holds(example: str, old: str) -> None:
    """`payplan plan` escaped every control character of an id, `.render()` from Python did
    not: a game AI printing it sent the terminal what the file held. Every answer's render
    now writes them as escapes, as the command line does."""
    import payplan

    root = Path(__file__).resolve().parent.parent
    text = (root / example).read_text(encoding="utf-8")
    assert old in text
    data = _renamed(yaml.safe_load(text), old, old + ESCAPES)
    scenario = payplan.load_data(data)
    rendered = {
        "plan": payplan.plan(scenario).render(),
        "orders": payplan.orders(scenario).render(),
        "hand": "\n".join(p.render() for p in payplan.plan_hand(scenario)),
    }
    turn_data = {k: v for k, v in data.items() if k != "play"}
    turn_data["turn"] = {"candidates": "auto"}
    rendered["turn"] = payplan.plan_turn(payplan.load_data(turn_data)).render()
    for name, out in rendered.items():
        assert not any(ch in out for ch in ESCAPES if not ch.isprintable()), name
    assert "\\x1b" in rendered["plan"]
