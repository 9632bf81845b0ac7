"""`payplan orders`: every total the orders of a play's discounts on the total reach (rule 353.4).

Discounts on the total apply in the order the player chooses, and a discount's minimum binds only
that discount (353.4.c), so the order can change the total. For the file's play this lists each
distinct total some order reaches, one order that reaches it (with the running cost after each
discount) and how many orders reach it, cheapest first (Energy plus pips, then Energy).

What is ordered: the discounts on the total for one base cost and one set of optional costs. They
are those of the cheapest plan (`planner.plan`) when the play can be paid, else those of the first
cost option the engine lists. The running total before the discounts on the total (base,
additional costs, component discounts, increases) is priced once by `engine.total_cost.price`
with no total discount; `engine.discounts.all_results` then counts the orders without walking
them (16 generated discounts, over 10^12 orders, in about 0.5 s of CPU time). The count
shares the plan's time limit (`--time-limit`), and its memory is bounded
(`engine.discounts.MAX_COUNT_STATES`): it is exact or not given. Cut by either, the answer
lists the Pareto-best totals the discount search found, each with one order, `count: null`,
`total_orders: null` and `"counted": false` (the key is there only then).

An order is a permutation of the discounts; where a discount offers a choice ("[1] or [A]
less", which pips "[A] less" takes), each distinct sequence of outcomes counts as an order of
its own, as `all_results` documents. Each listed order is priced again by `price`, the one
function that prices a play, for its steps.

A sentence says why the cheapest total wins: which minimum binds in a costlier order (the listed
order when it is costlier, else the costliest) and not in the cheapest one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...engine.discounts import Application, CountCut, Pair, all_results, pareto_front
from ...engine.riftbound.cost import Cost
from ...engine.riftbound.options import CostOption, play_options
from ...engine.riftbound.scenario import FORMAT, Scenario
from ...engine.riftbound.total_cost import BaseChoice, Modifiers, PlayContext, modifiers, price
from .. import answers
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import deadline
from ..render import readable, table
from .plan import plan_options

__all__ = ["OrderStep", "OrderTotal", "OrdersResult", "discount_orders", "render_orders"]


@dataclass(frozen=True, slots=True)
class OrderStep:
    """One discount of an order applied: its label, what it did, the running total after it."""

    discount: str
    text: str
    total: Cost

    def to_json(self) -> dict[str, object]:
        return {"discount": self.discount, "rule": "353.4", "text": self.text,
                "total": self.total.to_json()}


@dataclass(frozen=True, slots=True)
class OrderTotal:
    """One distinct total: an order reaching it, step by step, and how many orders reach it
    (None: not counted, the time limit or the count's bound cut it)."""

    total: Cost
    order: tuple[str, ...]
    count: int | None
    steps: tuple[OrderStep, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "total": self.total.to_json(),
            "order": list(self.order),
            "count": self.count,
            "steps": [s.to_json() for s in self.steps],
        }


@dataclass(frozen=True, slots=True)
class OrdersResult(answers.Orders):
    """The answer of `payplan orders`. Illegal plays have `reasons` and no orders."""

    FORMAT = FORMAT

    play: dict[str, str]
    reasons: tuple[str, ...] = ()
    base: BaseChoice | None = None
    paid_optional: tuple[str, ...] = ()
    payable: bool = False
    start: Cost | None = None
    orders: tuple[OrderTotal, ...] = ()
    why: str = ""
    labels: tuple[str, ...] = ()
    counted: bool = True  # False: the time limit or the state bound cut the count (no count)

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def status(self) -> answers.Status:
        """The status of the play's plan: ok, unpayable (legal, no payment), or illegal."""
        return "ok" if self.payable else "unpayable" if self.legal else "illegal"

    @property
    def total_orders(self) -> int | None:
        if not self.counted:
            return None
        return sum(o.count or 0 for o in self.orders)

    # The JSON is `answers.Orders.to_json` with these keys: the base and optional costs
    # ordered for, the start, the explanation, and `counted: false` when the count was cut.

    def _chosen_json(self) -> dict[str, object]:
        return {"base": self.base.to_json() if self.base is not None else None,
                "paid_optional": list(self.paid_optional)}

    def _start_json(self) -> object:
        return self.start.to_json() if self.start is not None else None

    def _why_json(self) -> dict[str, object]:
        return {"why": self.why}

    def _marks_json(self) -> dict[str, object]:
        return {} if self.counted else {"counted": False}

    def render(self) -> str:
        return readable(render_orders(self))


def discount_orders(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG) -> OrdersResult:
    """Each distinct total the orders of the play's discounts on the total reach, cheapest first."""
    limit = deadline(config)
    opts = play_options(scenario, limit)
    ctx = opts.ctx
    header = {"object": ctx.obj.id, "card": ctx.card.id, "from": ctx.zone}
    if not opts.legal:
        return OrdersResult(header, reasons=opts.reasons)
    if not opts.options:  # not expected: a legal play has a base cost
        return OrdersResult(header, reasons=("no cost option: the play has no base cost it may use",))
    chosen = plan_options(scenario, opts, config, limit=limit)
    payable = chosen.status == "ok" and chosen.option is not None
    option = chosen.option if payable and chosen.option is not None else opts.options[0]

    ch = option.choices
    mods = modifiers(ctx, option.base, option.paid_optional, ch.counts, ch.victims)
    before = price(ctx, replace(ch, total=()), replace(mods, total=()))
    start: Pair = (before.total.energy, before.total.power)
    try:
        found: dict[Pair, tuple[int | None, tuple[Application, ...]]] = dict(
            all_results(start, list(mods.total), limit))
        counted = True
        cut: CountCut | None = None
    except CountCut as stop:
        # Past the time limit (or the count's memory bound): no count, and the totals the
        # discount search reaches (past the time limit it follows one move per state, so it
        # answers at once).
        found = {pair: (None, path) for pair, path in pareto_front(start, list(mods.total), limit)}
        counted = False
        cut = stop
    totals = []
    for pair, (count, path) in found.items():
        priced = price(ctx, replace(ch, total=path), mods)
        steps = tuple(OrderStep(step.label, step.detail, step.total)
                      for step in priced.steps if step.kind == "discount")
        totals.append((pair, OrderTotal(priced.total, priced.discount_order, count, steps), path))
    totals.sort(key=lambda t: (t[0][0] + sum(t[0][1]), t[0][0], t[0][1]))
    why = _why(ctx, option, mods, [(pair, path) for pair, _, path in totals])
    if cut is not None:
        stopped = (f"the time limit of {config.time_limit:g} s passed" if cut.bound is None else
                   f"the count reached its bound of {cut.bound:,} states (its memory)")
        why = (f"Not counted: {stopped} while counting the orders; these are the best totals "
               f"the discount search found. {why}")
    return OrdersResult(
        play=header,
        base=option.base,
        paid_optional=option.paid_optional,
        payable=payable,
        start=before.total,
        orders=tuple(t for _, t, _ in totals),
        why=why,
        labels=tuple(m.label for m in mods.total),
        counted=counted,
    )


# --- Why the cheapest wins ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Binding:
    """A discount whose minimum held the running total up, in some order."""

    index: int
    minimum: str
    after: tuple[int, ...]  # indices of the discounts applied before it


def _bindings(ctx: PlayContext, option: CostOption, mods: Modifiers,
              path: tuple[Application, ...]) -> list[_Binding]:
    """Where, along `path`, a discount's minimum held the total up: the steps `price` marks
    (`Step.binds`), with the discounts applied before each."""
    priced = price(ctx, replace(option.choices, total=path), mods)
    out = []
    done: list[int] = []
    for app, step in zip(path, [s for s in priced.steps if s.kind == "discount"]):
        if step.binds is not None:
            out.append(_Binding(app.index, step.binds, tuple(done)))
        done.append(app.index)
    return out


def _name(ctx: PlayContext, label: str) -> str:
    """A discount's card name where its label is a card id, else the label."""
    card = ctx.scenario.cards.get(label)
    return card.name if card is not None else label


def _names(ctx: PlayContext, labels: list[str]) -> str:
    """`A`, `A and B`, `A, B and C`, `A, B and 5 others`."""
    names = [_name(ctx, label) for label in labels]
    if len(names) > 3:
        names = names[:2] + [f"{len(names) - 2} others"]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _why(ctx: PlayContext, option: CostOption, mods: Modifiers,
         totals: list[tuple[Pair, tuple[Application, ...]]]) -> str:
    n = len(mods.total)
    if n == 0:
        return "No discount applies to the total: there is no order to choose."
    if len(totals) == 1:
        return "Every order reaches the same total: the order does not matter here."
    listed = tuple(Application(i) for i in range(n))
    listed_total = price(ctx, replace(option.choices, total=listed), mods).total
    best_pair, best_path = totals[0]
    labels = [m.label for m in mods.total]
    best_order = " -> ".join(labels[a.index] for a in best_path)
    best_cost = Cost(best_pair[0], best_pair[1])
    if (listed_total.energy, listed_total.power) != best_pair:
        other_path = listed
        other_total = Cost(listed_total.energy, listed_total.power)
        other_name = f"the listed order ({' -> '.join(labels)})"
    else:
        other_pair, other_path = totals[-1]
        other_total = Cost(other_pair[0], other_pair[1])
        other_name = f"the order {' -> '.join(labels[a.index] for a in other_path)}"
    avoided = {b.index for b in _bindings(ctx, option, mods, best_path)}
    for b in _bindings(ctx, option, mods, other_path):
        if b.index in avoided:
            continue
        who = _name(ctx, labels[b.index])
        if b.after:
            first = [labels[i] for i in b.after]
            goes = "goes" if len(first) == 1 else "go"
            when = f"if {_names(ctx, first)} {goes} first"
        else:
            when = "when it goes first"
        return (f"{who}'s minimum {b.minimum} binds {when}: {other_name} reaches {other_total}; "
                f"{best_order} avoids it and reaches {best_cost}.")
    if tuple(a.index for a in other_path) == tuple(a.index for a in best_path):
        return (f"The choices decide it, not the order: {best_order} reaches {best_cost} with "
                f"the choices listed step by step, the first choice of each reaches "
                f"{other_total}.")
    return (f"{best_order} reaches {best_cost} and {other_name} {other_total}: no minimum binds "
            f"in one and not the other, the choices of \"[1] or [A]\" and \"[A] less\" differ.")


# --- Text ---------------------------------------------------------------------------------------


def render_orders(result: OrdersResult) -> str:
    """The totals as a table, the explanation, and the cheapest order step by step."""
    p = result.play
    head = f"{p['card']} ({p['object']}, from {p['from']})"
    if not result.legal:
        return "\n".join([f"{head}: illegal"] + [f"  - {r}" for r in result.reasons])
    assert result.base is not None and result.start is not None
    out = [f"{head}: orders of the discounts on the total", ""]
    paid = f", paying {', '.join(result.paid_optional)}" if result.paid_optional else ""
    source = "the cheapest plan" if result.payable else "the first cost option (no plan can pay it)"
    out.append(f"Base {result.base.text()}{paid} (as in {source}).")
    out.append(f"Before the discounts on the total: {result.start}.")
    n = len(result.labels)
    count = result.total_orders
    line = f"{n} discount{'s' * (n != 1)} on the total, {math.factorial(n):,} order{'s' * (n > 1)}"
    if count is None:
        line += "; not counted (the time limit passed)"
    elif count != math.factorial(n):
        line += f"; {count:,} counting each outcome of their choices"
    out.append(line + ".")
    out.append("")
    rows = [(o.total, "?" if o.count is None else f"{o.count:,}", " -> ".join(o.order) or "(none)")
            for o in result.orders]
    out.append(table(["total", "orders", "one order reaching it"], rows))
    out.append("")
    out.append(f"Why: {result.why}")
    best = result.orders[0]
    if best.steps:
        out.append("")
        out.append("The cheapest order, step by step:")
        out.append(table(["discount", "applies", "total"],
                         [(s.discount, s.text, s.total) for s in best.steps]))
    return "\n".join(out)

