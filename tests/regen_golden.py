"""Regenerate the golden CLI transcripts in tests/golden/ (run it from anywhere):

    python tests/regen_golden.py

For every file in examples/, the stdout of `payplan plan|hand|orders FILE` and of the same with
`--json`, and of `payplan demo` and `payplan demo --json`; each in its own file, named
`STEM.COMMAND.txt` or `STEM.COMMAND.json`, and every exit code in `exit-codes.json`. The CLI runs
as a separate process (`python -m payplan.planner.cli`), from the project's root, as a user runs it.
tests/test_golden.py runs the same commands and compares their output line by line.

Regenerate only when a change of output is intended, and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
EXIT_CODES = "exit-codes.json"
COMMANDS = ("plan", "hand", "orders")


@dataclass(frozen=True, slots=True)
class Case:
    """One CLI run: the golden file that holds its stdout, and the `payplan` arguments."""

    name: str
    args: tuple[str, ...]

    @property
    def command_line(self) -> str:
        return "payplan " + " ".join(self.args)


@dataclass(frozen=True, slots=True)
class Outcome:
    exit_code: int
    stdout: str
    stderr: str


def cases() -> list[Case]:
    """Every transcript, in a fixed order."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        rel = path.relative_to(ROOT).as_posix()
        for command in COMMANDS:
            out.append(Case(f"{path.stem}.{command}.txt", (command, rel)))
            out.append(Case(f"{path.stem}.{command}.json", (command, rel, "--json")))
    out.append(Case("demo.txt", ("demo",)))
    out.append(Case("demo.json", ("demo", "--json")))
    return out


def run(case: Case) -> Outcome:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-m", "payplan.planner.cli", *case.args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=600)
    return Outcome(done.returncode, done.stdout, done.stderr)


def run_all(selected: list[Case]) -> dict[str, Outcome]:
    """Run the cases side by side (each is mostly start-up time)."""
    workers = max(2, min(8, 2 * (os.cpu_count() or 1)))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip((c.name for c in selected), pool.map(run, selected)))


def main() -> int:
    selected = cases()
    outcomes = run_all(selected)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    wanted = {c.name for c in selected} | {EXIT_CODES}
    for stale in sorted(p for p in GOLDEN.iterdir() if p.is_file() and p.name not in wanted):
        stale.unlink()
        print(f"removed {stale.relative_to(ROOT)}")
    changed = 0
    for case in selected:
        outcome = outcomes[case.name]
        if outcome.stderr:
            print(f"{case.command_line}: stderr:\n{outcome.stderr}", file=sys.stderr)
        path = GOLDEN / case.name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != outcome.stdout:
            path.write_text(outcome.stdout, encoding="utf-8", newline="\n")
            changed += 1
            print(f"wrote {path.relative_to(ROOT)}  ({case.command_line}, exit {outcome.exit_code})")
    codes = {c.name: outcomes[c.name].exit_code for c in selected}
    (GOLDEN / EXIT_CODES).write_text(json.dumps(codes, indent=2) + "\n", encoding="utf-8",
                                     newline="\n")
    print(f"{len(selected)} transcripts, {changed} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
