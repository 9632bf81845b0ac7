"""`plan(scenario)`: the cheapest way to make one play, as a typed value with its JSON form.

The engine lists the cost options and the resources; the CP-SAT model (`planner.model`) or the
fast path (`planner.fastpath`) picks the option and the payment in group counts;
`engine.payment.name_payment` names the runes and objects it uses (in state order, so equal inputs
give equal plans byte for byte) and scores it; `planner.explain` says what can't be paid.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...engine.discounts import NO_DEADLINE, Deadline
from ...engine.riftbound.abilities import triggers_set_off
from ...engine.riftbound.chain import Applied, PlanRefused, apply_payment, destination, executions
from ...engine.riftbound.cost import Cost, power_to_map
from ...engine.riftbound.options import CostOption, PlayOptions, play_options, with_free
from ...engine.riftbound.payment import Payment, Resources, name_payment, resources, shortfall
from ...engine.riftbound.scenario import FORMAT, Scenario
from ...engine.riftbound.total_cost import BaseChoice, Step
from .. import answers
from ..answers import Status
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import deadline, solver_config
from ..render import readable, table
from .explain import unpayable_reasons
from .fastpath import applies, incumbent, solve_fast
from .model import Free, Solution, SolverStopped, solve


@dataclass(frozen=True, slots=True)
class Plan(answers.Plan):
    """A `payplan/1` plan: the base cost, optional costs and discount order chosen, the total
    (a Cost), its steps (rule 353), and the payment of runes, pool, sources and objects."""

    FORMAT = FORMAT

    status: Status
    play: dict[str, str]
    base: BaseChoice | None = None
    paid_optional: tuple[str, ...] = ()
    total: Cost | None = None
    steps: tuple[Step, ...] = ()
    discount_order: tuple[str, ...] = ()
    payment: Payment | None = None
    spent: Cost | None = None
    score: int | None = None
    objective: int | None = None
    executions: int = 1
    destination: str | None = None
    reasons: tuple[str, ...] = ()
    optimal: bool = True
    option: CostOption | None = field(default=None, compare=False)
    paid: tuple[tuple[str, int], ...] = ()  # optional costs paid, with how many times
    # An unpayable play: what the state lacks to pay `total` (then the cheapest total the
    # options reach: `cheapest`), per resource (`engine.payment.shortfall`).
    shortfall: Cost | None = None

    # The plan's JSON is `answers.Plan.to_json` with these keys. Only what is true of the
    # answer: a play with no plan (illegal, unpayable) has `executions` null, and `optimal` null
    # too unless a time limit cut the search short (`false`): there is no plan to be optimal.
    # An unpayable play has the cheapest total its options reach as `total`, `shortfall` after.

    def _paid_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "base": self.base.to_json() if self.base else None,
            "paid_optional": list(self.paid_optional),
            "paid": dict(self.paid),
            "total": self.total.to_json() if self.total is not None else None,
        }
        if self.status == "unpayable":
            out["shortfall"] = self.shortfall.to_json() if self.shortfall is not None else None
        return out | {
            "steps": [s.to_json() for s in self.steps],
            "discount_order": list(self.discount_order),
            "payment": self.payment.to_json() if self.payment else None,
            "spent": _spent_json(self.spent) if self.spent is not None else None,
        }

    def _resolved_json(self) -> dict[str, object]:
        return {"executions": self.executions if self.ok else None}

    def _optimal_json(self) -> bool | None:
        return self.optimal if self.ok or not self.optimal else None

    def render(self) -> str:

        return readable(render_plan(self))

    @property
    def size(self) -> int:
        return self.total.size if self.ok and self.total is not None else 0


def lacking(shortfall: Cost) -> str:
    """What a shortfall says in words (`[A]` there is Power of any domain)."""
    if shortfall == Cost():
        return ("nothing part by part: each part could be paid alone; they compete for the same "
                "runes, sources or objects")
    return str(shortfall)


def cheapest(options: tuple[CostOption, ...]) -> CostOption | None:
    """The option whose total has the fewest Energy plus Power pips, the first of them in the
    options' order (the plan's last tie-break); None when there is none."""
    return min(options, key=lambda o: o.total.size, default=None)


def _spent_json(spent: Cost) -> dict[str, object]:
    return {"energy": spent.energy, "power": power_to_map(spent.power)}


def plan(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG) -> Plan:
    """The cheapest plan for the scenario's play (see the objective in the format spec).
    `config.time_limit` bounds the whole plan, the option search included (`deadline`).
    Many `auto` optional costs are chosen by the model (`engine.options.free_costs`)."""
    limit = deadline(config)
    opts = play_options(scenario, limit, free=True)
    return plan_options(scenario, opts, config, limit=limit)


def plan_options(scenario: Scenario, opts: PlayOptions, config: SolverConfig = DEFAULT_CONFIG,
                 res: Resources | None = None, limit: Deadline | None = None) -> Plan:
    ctx = opts.ctx
    header = {"object": ctx.obj.id, "card": ctx.card.id, "from": ctx.zone}
    if ctx.play.ability is not None:  # an ability play (real cards): which, and on what
        header["ability"] = ctx.play.ability
        if ctx.play.targets:
            header["targets"] = " ".join(ctx.play.targets)
    elif ctx.card.targets is not None and ctx.play.targets:  # a card that chooses: on what
        header["targets"] = " ".join(ctx.play.targets)
    if not opts.legal:
        return Plan("illegal", header, reasons=opts.reasons)
    if res is None:  # objects only where an option has a non-standard cost (free costs have none)
        res = resources(scenario, ctx.obj, ctx.card if ctx.play.ability is not None else None,
                        objects=any(o.total.other for o in opts.options),
                        targets=ctx.play.targets)

    def unpayable(reasons: tuple[str, ...], optimal: bool = True) -> Plan:
        """Not paid: the cheapest total the options reach and what the state lacks to pay it."""
        least = cheapest(opts.options)
        if least is None:
            return Plan("unpayable", header, reasons=reasons, optimal=optimal)
        return Plan("unpayable", header, total=least.total, reasons=reasons, optimal=optimal,
                    shortfall=shortfall(scenario, least.total, res))

    benefits = tuple(
        sum(scenario.objective.benefit(n) for n in o.paid_optional if n in opts.auto)
        for o in opts.options
    )
    free = Free(opts.free, tuple(scenario.objective.benefit(c.name) for c in opts.free),
                opts.groups)
    if not opts.options:
        solution = None
    elif config.fast_path and not opts.free and applies(opts.options, res):
        solution = solve_fast(scenario, opts.options, benefits, res)
    else:
        try:
            solution = solve(scenario, opts.options, benefits, res, solver_config(config, limit),
                             free, _incumbent(scenario, opts, res))
        except SolverStopped as stopped:
            # Not proved unpayable: said so, with `optimal: false`.
            return unpayable((str(stopped),), optimal=False)
    if solution is None and not opts.exact:
        # The time limit cut the option search: the options left out may be payable.
        return unpayable((
            f"time limit: no payment found within {config.time_limit:g} s among the cost "
            f"options searched, and none was proved impossible (raise --time-limit)",),
            optimal=False)
    if solution is None and opts.free:
        # The reasons name the option that came closest among every set: list them.
        opts = play_options(scenario, limit if limit is not None else NO_DEADLINE)
    if solution is None:
        return unpayable(tuple(unpayable_reasons(scenario, opts, res)))
    option = opts.options[solution.option]
    benefit = benefits[solution.option]
    if opts.free:
        option = with_free(ctx, option, tuple(c for c, p in zip(opts.free, solution.paid) if p))
        benefit += sum(b for b, p in zip(free.benefits, solution.paid) if p)
        if config.fast_path and applies((option,), res):
            # The payment the fast path gives this option, as when every set is listed: it
            # pays each option on its own, and the model chose the option it would choose.
            paid = solve_fast(scenario, (option,), (benefit,), res)
            assert paid is not None  # the model paid it
            solution = replace(paid, optimal=solution.optimal)
    payment, spent, score = name_payment(scenario, option.total, res, solution)
    triggers = triggers_set_off(scenario, ctx.zone, ctx.obj, ctx.play.ability)
    if triggers:  # "when you play ..." on your board (Lux): no cost; a play made sets them off
        header["triggers"] = " ".join(triggers)
    return Plan(
        status="ok",
        play=header,
        base=option.base,
        paid_optional=option.paid_optional,
        paid=option.paid,
        total=option.total,
        steps=option.steps,
        discount_order=option.discount_order,
        payment=payment,
        spent=spent,
        score=score,
        objective=score - benefit,
        executions=executions(option.paid_optional, ctx.play.leaves_chain),
        # An ability play moves no card (hiding one is applied by `payplan play`): no destination.
        destination=(destination(ctx.card, option.base.kind, ctx.play.leaves_chain)
                     if ctx.play.ability is None else None),
        optimal=solution.optimal and opts.exact,
        option=option,
    )


def _incumbent(scenario: Scenario, opts: PlayOptions, res: Resources) -> Solution | None:
    """A payment of one option found without search (`planner.fastpath.incumbent`), named
    and checked by the engine as `payplan play` checks a plan (`engine.chain.apply_payment`:
    the choices price to the total, the payment pays it by the paying rules), for CP-SAT to
    start from; None when there is none or the engine refuses it. The free optional costs
    (`PlayOptions.free`) are left unpaid: each option is listed without them."""
    found = incumbent(scenario, opts.options, res)
    if found is None:
        return None
    option = opts.options[found.option]
    payment, _, _ = name_payment(scenario, option.total, res, found)
    try:
        apply_payment(scenario, Applied(opts.ctx.obj.id, option.choices, option.total, payment))
    except PlanRefused:
        return None
    return replace(found, paid=(False,) * len(opts.free))



def render_plan(p: Plan) -> str:
    head = f"{p.play['card']} ({p.play['object']}, from {p.play['from']}): {p.status}"
    if p.status != "ok":
        lines = [head] + [f"  - {r}" for r in p.reasons]
        if p.status == "unpayable" and p.total is not None and p.shortfall is not None:
            lines.append(f"Cheapest total: {p.total}; the state lacks {lacking(p.shortfall)}")
        return "\n".join(lines)
    assert p.total is not None and p.payment is not None and p.base is not None
    out = [head, ""]
    out.append(table(["rule", "step", "total"], [(s.rule, s.text, s.total) for s in p.steps]))
    out.append("")
    out.append(f"Total: {p.total}" + (f"   paid optional: {', '.join(p.paid_optional)}"
                                       if p.paid_optional else ""))
    if p.discount_order:
        out.append(f"Discount order: {' -> '.join(p.discount_order)}")
    out.append("")
    pay = p.payment
    rows: list[tuple[str, str]] = []
    if pay.pool_energy or any(pay.pool_power):
        rows.append(("from the pool", str(Cost(pay.pool_energy, pay.pool_power))))
    if pay.exhaust:
        rows.append(("exhaust (Energy)", " ".join(pay.exhaust)))
    if pay.recycle:
        rows.append(("recycle (Power)", " ".join(f"{r}->{pays}" for r, pays in pay.recycle)))
    if pay.sources:
        rows.append(("use sources", " ".join(pay.sources)))
    for source, ids in pay.source_kills:
        rows.append((f"kill for {source}", " ".join(ids)))
    for kind, ids in pay.other:
        rows.append((kind.replace("_", " "), " ".join(ids)))
    if not rows:
        rows.append(("nothing to pay", ""))
    out.append(table(["pay with", "what"], rows))
    out.append("")
    tail = f"Score {p.score}"
    if p.objective != p.score:
        tail += f" (objective {p.objective} after benefits)"
    tail += f"; executions {p.executions}"
    if p.destination is not None:
        tail += f"; leaves the Chain to: {p.destination}"
    if not p.optimal:
        tail += "; NOT proven optimal (time limit)"
    out.append(tail)
    return "\n".join(out)


__all__ = ["Plan", "cheapest", "plan", "plan_options", "render_plan"]
