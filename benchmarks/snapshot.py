"""Every command's answer on a fixed corpus, written down so that two commits can be compared.

    python -m payplan.benchmarks.snapshot write OUT.jsonl [--generated N]
    python -m payplan.benchmarks.snapshot compare OLD.jsonl NEW.jsonl [--renames FILE]

`write` runs `payplan plan|hand|orders|play --json` (in this process, through the command line's
own `main`) on every example file of the repository (`examples/`, `examples/cards/`,
`examples/mtg/`) and on generated scenarios of every family (`benchmarks.generate`: N seeds of
`typical`, and every size of the others with N // 20 seeds), and writes one line per (case,
command): the exit code and the JSON printed (or the error lines). `compare` prints every case
whose answer differs and exits 1 if any does. `--renames` names a JSON file of known key changes
(`{"drop": ["format"], "rename": {"optional": "paid"}}`), applied to the old answers first, so a
change of the answer's shape can be told from a change of the answer.

This is how a refactor shows it changed no plan: write at the commit before, write after,
compare.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from .generate import families, generate

COMMANDS = ("plan", "hand", "orders", "play", "turn")
ROOT = Path(__file__).resolve().parent.parent


def _cli() -> Callable[[list[str]], int]:
    """The command line's `main`."""
    from ..planner.cli import main

    return main


def _run(main: Callable[[list[str]], int], args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def cases(generated: int) -> Iterator[tuple[str, str]]:
    """(name, YAML text) of every case of the corpus, in a fixed order."""
    for folder in ("examples", "examples/cards", "examples/mtg"):
        for path in sorted((ROOT / folder).glob("*.yaml")):
            yield f"{folder}/{path.name}", path.read_text(encoding="utf-8")
    for family, (_, fam) in families().items():
        seeds = generated if family == "typical" else max(1, generated // 20)
        for size in fam.sizes:
            if family == "hand" and size > 200:
                continue  # minutes, not seconds, per case for `hand`
            for seed in range(seeds):
                data = generate(family, size, seed)
                yield f"gen/{family}-{size}-{seed}", yaml.safe_dump(data, sort_keys=False)


def write(out: Path, generated: int) -> int:
    main = _cli()
    with out.open("w", encoding="utf-8") as sink, tempfile.TemporaryDirectory() as scratch:
        for name, text in cases(generated):
            path = Path(scratch) / "case.yaml"
            path.write_text(text, encoding="utf-8")
            for command in COMMANDS:
                code, stdout, stderr = _run(main, [command, str(path), "--json"])
                try:
                    answer: Any = json.loads(stdout)
                except json.JSONDecodeError:
                    answer = None
                record = {"case": name, "command": command, "exit": code, "answer": answer,
                          "errors": stderr.replace(str(path), "FILE").splitlines()}
                sink.write(json.dumps(record, sort_keys=True) + "\n")
    return 0


def _renamed(value: Any, renames: dict[str, Any]) -> Any:
    drop = set(renames.get("drop", ()))
    rename: dict[str, str] = renames.get("rename", {})
    if isinstance(value, dict):
        return {rename.get(k, k): _renamed(v, renames) for k, v in value.items() if k not in drop}
    if isinstance(value, list):
        return [_renamed(v, renames) for v in value]
    return value


def compare(old: Path, new: Path, renames: dict[str, Any]) -> int:
    def read(path: Path) -> dict[tuple[str, str], Any]:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        return {(r["case"], r["command"]): r for r in records}

    before, after = read(old), read(new)
    differ = 0
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if a is not None and b is not None:
            a = {**a, "answer": _renamed(a["answer"], renames)}
            b = {**b, "answer": _renamed(b["answer"], renames)}
        if a != b:
            differ += 1
            if differ <= 20:
                print(f"differs: {key[0]} {key[1]}")
                print(f"  before: {json.dumps(a, sort_keys=True)[:600]}")
                print(f"  after:  {json.dumps(b, sort_keys=True)[:600]}")
    print(f"{len(set(before) | set(after))} answers compared, {differ} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m payplan.benchmarks.snapshot",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    w = sub.add_parser("write", help="write every answer of the corpus")
    w.add_argument("out")
    w.add_argument("--generated", type=int, default=200,
                   help="typical seeds (and a twentieth of it per size of the other families)")
    c = sub.add_parser("compare", help="compare two snapshots")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--renames", default=None, help="a JSON file of known key changes")
    args = parser.parse_args(argv)
    if args.verb == "write":
        return write(Path(args.out), args.generated)
    renames = json.loads(Path(args.renames).read_text()) if args.renames else {}
    return compare(Path(args.old), Path(args.new), renames)


if __name__ == "__main__":
    sys.exit(main())
