"""The repository itself: nothing in it names a path of the machine it was written on, and the
installed package is one import name with its type information."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# An absolute path under a folder that holds one machine's files: /work/..., /home/..., ...
MACHINE_PATH = re.compile(r"(^|[^A-Za-z0-9_.~-])/(work|root|home|opt|tmp|Users|mnt|srv)/[A-Za-z]")


def tracked_text_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True, timeout=30).stdout.decode().split("\0")
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout")
    files = [ROOT / name for name in listed if name]
    return [f for f in files if f.suffix not in {".png", ".json"} and f.is_file()]


def test_no_tracked_file_names_a_machine_path() -> None:
    found = []
    for path in tracked_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            # This file's own pattern is the one line allowed to spell the folders out.
            if path.name == "test_repository.py" and "MACHINE_PATH = " in line:
                continue
            if MACHINE_PATH.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "absolute paths of one machine:\n" + "\n".join(found)


def test_the_pattern_catches_what_broke_ci_before() -> None:
    # Built from parts, so that this file does not itself name such a path.
    root = "/"
    assert MACHINE_PATH.search(f'PAYPLAN = "{root}work/venv/bin/payplan"')
    assert MACHINE_PATH.search(f"{root}home/me/payplan/tests")
    assert not MACHINE_PATH.search("see https://example.org/home/page and ./work/x")


def test_every_package_ships_py_typed() -> None:
    for folder in ("payplan", "engine", "planner", "benchmarks"):
        assert (ROOT / folder / "py.typed").is_file(), folder


# The project's own history (issue and stop numbers, the shared folder of rules documents) in
# a shipped module: code says what it does, the commits say why it changed.
HISTORY = re.compile(r"\b([Ii]ssue|[Ss]top)[- ]#?\d+|\bshared/(seeds|spec|research)\b")


def test_no_shipped_module_names_the_projects_history() -> None:
    found = []
    for folder in ("payplan", "engine", "planner", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if HISTORY.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "history in shipped code:\n" + "\n".join(found)


def test_the_history_pattern_catches_what_slipped_before() -> None:
    assert HISTORY.search("# Of issue 38's other keys: a granted Repeat's fixed cost")
    assert HISTORY.search("merged at stop 32") and HISTORY.search("see ../shared/spec/x.md")
    assert not HISTORY.search("an issue of the chain; stop the search at 3")
