"""The mtg/1 turn planner against the turn brute force on generated turns.

    python -m tests.mtg_reference.turn_campaign N [--seed 0] [--out DIR] [--progress K]
        [--budget SECONDS]

Each turn (tests/mtg_reference/turn_strategies.py) is answered by `payplan turn` (the command
table's `turn`) and compared with the brute force (benchmarks/mtg/reference/turn.py): value,
objective and size equal, `optimal: true`, and the planner's sequence replayed by the reference
(each play a move the reference finds on the state it meets, each payment checked by the
single-cast reference, the sums as claimed). It prints the turns checked, the disagreements
(each saved as a YAML scenario in DIR with the problems in its header, for `payplan turn FILE
--json` to replay), the turns left undecided (a `--budget` in seconds per turn, checked by
SIGALRM: a turn over it is neither agreement nor disagreement, its seed listed), the turns
skipped (refused by the planner with a line the turn still keeps, `STILL_REFUSED`, by key) and
the wall time. Exit 1 when any turn disagrees, 2 when the planner has no mtg/1 turn yet.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from payplan.benchmarks.mtg.reference.turn import compare, planner_answer, solve_turn
from payplan.engine.problems import ScenarioError
from payplan.planner.config import SolverConfig

from .turn_strategies import TURN_KEYS, keys_drawn, still_refused, turns

NOT_BUILT = "the mtg/1 turn planner is not built yet"


# A loaded machine may stop the planner's default 10 s before it proves its turn: the campaign
# gives it longer (the answer is the same whenever it is proved).
CONFIG = SolverConfig(time_limit=120.0)


class OverBudget(Exception):
    """The turn took longer than `--budget`: undecided (neither agreeing nor disagreeing)."""


def check(data: dict[str, Any], budget: int = 0) -> tuple[list[str], dict[str, Any] | None]:
    """(problems, the planner's answer) for one turn; OverBudget past `budget` seconds (0: no
    budget)."""
    def over(*_: Any) -> None:
        raise OverBudget

    if budget:
        signal.signal(signal.SIGALRM, over)
        signal.alarm(budget)
    try:
        answer = planner_answer(data, CONFIG)
        return compare(data, answer), answer
    finally:
        if budget:
            signal.alarm(0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("turns", type=int, nargs="?", default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("mtg-turn-disagreements"))
    parser.add_argument("--progress", type=int, default=0, metavar="K",
                        help="print a line every K turns")
    parser.add_argument("--budget", type=int, default=0, metavar="SECONDS",
                        help="a turn answered and compared in more is undecided (0: no budget)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    disagreements = 0
    undecided: list[int] = []
    skipped: Counter[str] = Counter()
    drawn: Counter[str] = Counter()
    values: Counter[int] = Counter()
    lengths: Counter[int] = Counter()
    for n, (seed, data) in enumerate(turns(args.seed, args.turns), 1):
        if args.progress and n % args.progress == 0:
            print(f"{n} turns, {disagreements} disagreements, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
        drawn.update(keys_drawn(data))
        try:
            problems, answer = check(data, args.budget)
        except OverBudget:
            undecided.append(seed)
            print(f"turn {seed}: undecided (over {args.budget} s)", flush=True)
            continue
        except ScenarioError as bad:
            if still_refused(bad.problems):
                skipped.update(p.message.split(" ", 1)[0] for p in bad.problems)
                continue
            problems, answer = [f"refused: {p}" for p in bad.problems], None
        except Exception as bad:          # the planner's error, or the reference's
            if NOT_BUILT in str(bad):
                print(f"payplan: {NOT_BUILT}: nothing to compare", file=sys.stderr)
                return 2
            problems, answer = [f"raised {type(bad).__name__}: {bad}"], None
        if answer is not None:
            values[int(answer.get("value") or 0)] += 1
            lengths[len(answer.get("order") or [])] += 1
        if problems:
            disagreements += 1
            args.out.mkdir(parents=True, exist_ok=True)
            header = [f"# turn campaign seed {seed}: the planner and the turn brute force disagree"]
            header += [f"#   {p}" for p in problems]
            try:
                header.append(f"# reference: {solve_turn(data).as_dict()}")
            except Exception as bad:
                header.append(f"# reference raised {type(bad).__name__}: {bad}")
            if answer is not None:
                header.append(f"# planner: value {answer.get('value')}, objective "
                              f"{answer.get('objective')}, order {answer.get('order')}")
            (args.out / f"turn-{seed}.yaml").write_text(
                "\n".join(header) + "\n" + yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
            print(f"turn {seed}: " + "; ".join(problems), flush=True)
    wall = time.perf_counter() - start
    print(f"turns checked: {args.turns} (plays per turn: {dict(sorted(lengths.items()))})")
    print(f"disagreements: {disagreements}" + (f" (scenarios in {args.out})" if disagreements else ""))
    if undecided:
        print(f"undecided (over {args.budget} s): {len(undecided)}: seeds {undecided}")
    if skipped:
        print(f"skipped (a key the turn still refuses): {sum(skipped.values())}: {dict(skipped)}")
    missing = sorted(set(TURN_KEYS) - set(drawn))
    print(f"keys drawn: {len(TURN_KEYS) - len(missing)} of {len(TURN_KEYS)} (least: "
          + ", ".join(f"{k} {n}" for k, n in sorted(drawn.items(), key=lambda kv: kv[1])[:3])
          + (f"; never: {missing}" if missing else "") + ")")
    print(f"wall time: {wall:.1f} s")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
