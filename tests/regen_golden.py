"""Regenerate the golden CLI transcripts in tests/golden/ (run it from anywhere):

    python tests/regen_golden.py

Every registered ruleset has its examples (`EXAMPLE_FOLDERS`: payplan/1's `examples/`, mtg/1's
`examples/mtg/`, the tests' own toy/1 in `tests/toy/`) and its transcripts: the stdout of
`payplan COMMAND FILE` and of the same with `--json` for each of its `COMMANDS`, and of `payplan
demo` and `payplan demo --json`; each in its own file, `STEM.COMMAND.txt` or `STEM.COMMAND.json`
(in `tests/golden/` for payplan/1, `tests/golden/mtg/` and `tests/golden/toy/` for the others),
and every exit code in `exit-codes.json`. The CLI runs as a separate process (`python -m
payplan`), from the project's root, as a user runs it; the toy ruleset is registered through
`PAYPLAN_RULESETS`. tests/test_golden.py runs the same commands and compares their output line
by line.

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
# Per format: where its examples are, where their transcripts go, and which commands (with text
# and JSON output, or JSON only).
EXAMPLE_FOLDERS = {"payplan/1": "examples", "mtg/1": "examples/mtg", "toy/1": "tests/toy"}
GOLDEN_FOLDERS = {"payplan/1": "", "mtg/1": "mtg", "toy/1": "toy"}
COMMANDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "payplan/1": (("plan", True), ("hand", True), ("orders", True)),
    "mtg/1": (("plan", True), ("hand", False), ("orders", False), ("play", True)),
    "toy/1": (("plan", True), ("hand", True), ("orders", True), ("play", True)),
}
TOY_ENV = {"PAYPLAN_RULESETS": "toy_ruleset:RULESET"}


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
    for fmt, folder in EXAMPLE_FOLDERS.items():
        prefix = GOLDEN_FOLDERS[fmt] + "/" if GOLDEN_FOLDERS[fmt] else ""
        for path in sorted((ROOT / folder).glob("*.yaml")):
            rel = path.relative_to(ROOT).as_posix()
            for command, text in COMMANDS[fmt]:
                if text:
                    out.append(Case(f"{prefix}{path.stem}.{command}.txt", (command, rel)))
                out.append(Case(f"{prefix}{path.stem}.{command}.json", (command, rel, "--json")))
    out.append(Case("demo.txt", ("demo",)))
    out.append(Case("demo.json", ("demo", "--json")))
    return out


def run(case: Case) -> Outcome:
    env = {**os.environ, **TOY_ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests"),
                                         env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-m", "payplan", *case.args], capture_output=True,
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
    for sub in GOLDEN_FOLDERS.values():
        (GOLDEN / sub).mkdir(parents=True, exist_ok=True)
    wanted = {c.name for c in selected} | {EXIT_CODES}
    files = [p for p in GOLDEN.rglob("*") if p.is_file()]
    for stale in sorted(p for p in files if p.relative_to(GOLDEN).as_posix() not in wanted):
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
