"""Seeded benchmark scenarios of every ruleset, and `payplan gen`.

Each ruleset generates its own families (`Bench.families`, `Bench.generate`, each game's in its
engine package); this module finds the ruleset of a family through the registry, names cases,
and writes them.

`payplan gen FAMILY [--size N] [--seed S] [--count K] [--out DIR] [--format yaml|json]` writes
`FAMILY-SIZE-SEED.yaml` files (seeds S .. S+K-1), or prints one scenario to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

from ..planner import rulesets
from ..planner.answers import Plan
from ..planner.arguments import whole_number
from ..planner.output import flushed
from ..planner.rulesets import Bench, Family

Data = dict[str, Any]

# What `payplan gen` accepts: a size past these is a typo, not a benchmark (the largest cliff
# scenario of the cliffs suite holds 1,000 cards).
MAX_SIZE = 100_000
MAX_COUNT = 1_000_000


def families() -> dict[str, tuple[Bench[Any, Plan], Family]]:
    """Every family of every registered ruleset, with its ruleset, in registry order."""
    out: dict[str, tuple[Bench[Any, Plan], Family]] = {}
    for ruleset in rulesets.benches():
        for family in ruleset.families:
            out.setdefault(family.name, (ruleset, family))
    return out


def family(name: str) -> Family:
    """One family by name; a ValueError naming the known ones."""
    found = families().get(name)
    if found is None:
        raise ValueError(f"unknown family {name!r} (one of: {', '.join(families())})")
    return found[1]


def generate(name: str, size: int | None = None, seed: int = 0) -> Data:
    """One scenario of the family `name` at `size` (its default when None), as plain data."""
    found = families().get(name)
    if found is None:
        raise ValueError(f"unknown family {name!r} (one of: {', '.join(families())})")
    ruleset, fam = found
    return ruleset.generate(name, fam.default if size is None else size, seed)


def case_name(family: str, size: int, seed: int) -> str:
    return f"{family}-{size}-{seed}"


def dumps(data: Data, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data, indent=1) + "\n"
    return str(yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`payplan gen`'s own options (the parser already has --workers, --time-limit, --seed;
    --seed is the generator's first seed here)."""
    known = families()
    parser.add_argument("family", choices=tuple(known), help="which kind of scenario ("
                        + "; ".join(f"{name}: {fam.about} ({ruleset.format})"
                                    for name, (ruleset, fam) in known.items()) + ")")
    parser.add_argument("--size", type=whole_number(0, MAX_SIZE), default=None, metavar="N",
                        help="the family's size (hand size, discount count, rune count); "
                             f"defaults: {', '.join(f'{k} {f.default}' for k, (_, f) in known.items())}")
    parser.add_argument("--count", type=whole_number(1, MAX_COUNT), default=1, metavar="K",
                        help="how many scenarios, with seeds SEED .. SEED+COUNT-1 (default 1)")
    parser.add_argument("--out", default=None,
                        help="write FAMILY-SIZE-SEED.yaml files into this directory "
                             "(default: print the scenario to stdout)")
    parser.add_argument("--format", choices=("yaml", "json"), default="yaml", dest="fmt",
                        help="file format (default yaml)")


def main(args: argparse.Namespace) -> int:
    """Run `payplan gen`: 0 on success, 2 on bad options."""
    name: str = args.family
    size: int = args.size if args.size is not None else family(name).default
    count: int = args.count
    seeds = range(args.seed, args.seed + count)
    if args.out is None:
        if count != 1:
            print("gen: --count above 1 needs --out DIR", file=sys.stderr)
            return 2
        flushed(sys.stdout, dumps(generate(name, size, args.seed), args.fmt), "stdout")
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        path = out / f"{case_name(name, size, seed)}.{args.fmt}"
        path.write_text(dumps(generate(name, size, seed), args.fmt), encoding="utf-8")
    print(f"wrote {count} {name} scenario{'s' * (count != 1)} (size {size}) to {out}",
          file=sys.stderr)
    return 0


__all__ = ["MAX_COUNT", "MAX_SIZE", "case_name", "dumps", "families", "family", "generate"]
