"""The engine's public answers against the reference.

`check(data)` loads the raw scenario with the loader (`scenario_from_data`), asks
`payplan.plan(...).to_json()` and, for an ok plan, `payplan.orders(...).to_json()`, and returns
the disagreements in words (an empty list when they agree):

- status: `illegal` exactly when the reference finds the play illegal; `unpayable` exactly when
  it is legal and no reachable total can be paid (payer.cheapest);
- for `ok`: the plan's (base, paid optional set, total) is one the reference reaches; its score
  is the cheapest payment of that total; its objective (score minus the benefits of the `auto`
  optional costs paid) is the least over every reachable option; among the options of that
  objective, its total is the smallest (Energy plus pips); its destination and executions are
  the reference's for that option;
- orders: when the reference reaches one start (the running total before the discounts on the
  total) for the plan's base and optional set, the start and the set of distinct totals that
  `payplan orders` lists are the reference's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from payplan import orders, plan
from payplan.engine.loader import scenario_from_data

from .payer import cheapest
from .pricing import Option, Reference, Total, reference_totals, yaml_word


def _benefit(data: Mapping[str, Any], option: Option) -> int:
    play = data.get("play") or {}
    settings = play.get("optional") or {}
    benefits = (data.get("objective") or {}).get("benefits") or {}
    names = [name.split("*")[0] for name in option.paid]
    return sum(int(benefits.get(name, 0)) for name in names
               if yaml_word(settings.get(name)) == "auto")


def _paid(got: Mapping[str, Any], ref: Reference) -> frozenset[str]:
    """The plan's optional costs paid as the reference names them: a repeatable one with its
    count (`paid`), the others by name."""
    counts = got.get("paid")
    if counts is None:
        return frozenset(got["paid_optional"])
    return frozenset(n if n not in ref.repeatable else f"{n}*{c}" for n, c in counts.items())


def _matches(option: Option, base: Mapping[str, Any], paid: frozenset[str], total: Total,
             ignore: str | None) -> bool:
    """The engine's base JSON names the base of this option (`kind: ignore` names the base
    after ignoring, so any kind of ours matches it when the play ignores something)."""
    kind = base.get("kind")
    if kind == "ignore":
        if ignore is None:
            return False
    elif kind == "hidden" and option.base.kind == "hidden":
        pass
    elif kind != option.base.kind or (kind == "flow" and base.get("index") != option.base.index):
        return False
    return (Total.from_json(base.get("cost")) == option.base.cost and option.paid == paid
            and option.total == total)


@dataclass(frozen=True, slots=True)
class Answer:
    """What the reference expects of a plan: the status, the least objective, the smallest total
    (Energy plus pips) among the options of that objective, and the destinations and executions
    of those options. `priced` maps every payable option to its cheapest payment's score."""

    status: str
    objective: int | None = None
    size: int | None = None
    winners: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    destinations: frozenset[str] = frozenset()
    executions: frozenset[int] = frozenset()
    priced: Mapping[Option, int] = field(default_factory=dict, compare=False)


def reference_answer(data: Mapping[str, Any], ref: Reference) -> Answer:
    if not ref.legal:
        return Answer("illegal")
    priced: dict[Option, int] = {}
    cache: dict[Total, int | None] = {}
    for option in ref.options:
        if option.total not in cache:
            cache[option.total] = cheapest(data, option.total, ref)
        score = cache[option.total]
        if score is not None:
            priced[option] = score
    if not priced:
        return Answer("unpayable", priced=priced)
    best = min(s - _benefit(data, o) for o, s in priced.items())
    size = min(o.total.size for o, s in priced.items() if s - _benefit(data, o) == best)
    won = [o for o, s in priced.items() if s - _benefit(data, o) == best and o.total.size == size]
    winners = tuple(sorted({(o.base.key(), tuple(sorted(o.paid)), o.total.text()) for o in won}))
    return Answer("ok", best, size, winners, frozenset(ref.destination(o) for o in won),
                  frozenset(ref.executions(o) for o in won), priced)


def check(data: Mapping[str, Any], with_orders: bool = True,
          mutants: Iterable[str] = ()) -> list[str]:
    """The disagreements of the engine with the reference (with `mutants`: with a reference that
    re-creates those wrong answers, to name which one a disagreement is)."""
    ref = reference_totals(data, tuple(mutants))
    scenario = scenario_from_data(dict(data))
    got = plan(scenario).to_json()
    status = got["status"]
    expected = reference_answer(data, ref)
    if expected.status == "illegal":
        return [] if status == "illegal" else [f"engine {status}, reference illegal ({ref.reasons})"]
    if status == "illegal":
        return [f"engine illegal {got['reasons']}, reference legal"]
    if expected.status == "unpayable":
        if status == "unpayable":
            return []
        return [f"engine ok {got['total']} score {got['score']}, reference unpayable "
                f"(totals {sorted({o.total.text() for o in ref.options})})"]
    best, best_size, winners = expected.objective, expected.size, expected.winners
    if status != "ok":
        return [f"engine {status} {got['reasons']}, reference ok: objective {best} by {winners[:3]}"]
    if got.get("optimal") is False:
        return ["engine answer not proven optimal"]

    total = Total.from_json(got["total"])
    paid = _paid(got, ref)
    ignore = (data.get("play") or {}).get("ignore")
    mine = [o for o in ref.options if _matches(o, got["base"], paid, total, ignore)]
    problems = []
    if not mine:
        return [f"engine total {total.text()} (base {got['base']}, paid {sorted(paid)}) is not "
                f"reachable; reference best {best} by {winners[:3]}"]
    score = cheapest(data, total, ref)
    if got["score"] != score:
        problems.append(f"engine score {got['score']} for {total.text()}, reference payer {score}")
    objective = got["objective"] if got.get("objective") is not None else got["score"]
    if objective != best:
        problems.append(f"engine objective {objective} ({total.text()}, score {got['score']}), "
                        f"reference {best} by {winners[:3]}")
    elif total.size != best_size:
        problems.append(f"engine total {total.text()} is not the smallest of the best "
                        f"(reference {best_size}: {winners[:3]})")
    destinations = {ref.destination(o) for o in mine}
    if got["destination"] not in destinations:
        problems.append(f"engine destination {got['destination']}, reference {sorted(destinations)}")
    executions = {ref.executions(o) for o in mine}
    if got["executions"] not in executions:
        problems.append(f"engine executions {got['executions']}, reference {sorted(executions)}")
    if with_orders and not problems:
        problems += _check_orders(scenario, ref, mine)
    return problems


def _check_orders(scenario: Any, ref: Reference, mine: list[Option]) -> list[str]:
    """`payplan orders` for the plan's base and optional set, where that is a clean comparison:
    the reference reaches one start for them (no component choice changes it)."""
    got = orders(scenario).to_json()
    keys = {(o.base, o.paid) for o in mine}
    if len(keys) != 1:
        return []
    (key,) = keys
    by_start = ref.starts[key]
    if len(by_start) != 1:
        return []
    ((start, totals),) = by_start.items()
    problems = []
    if Total.from_json(got["start"]) != start:
        problems.append(f"orders start {got['start']}, reference {start.text()}")
    listed = {Total.from_json(o["total"]) for o in got["orders"]}
    if listed != set(totals):
        problems.append(f"orders totals {sorted(t.text() for t in listed)}, reference "
                        f"{sorted(t.text() for t in totals)}")
    return problems
