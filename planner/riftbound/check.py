"""`payplan check` on a `payplan/1` play: is a payment the player chose legal, what does it
score, and how far is it from the best plan?

The payment and the choices named beside it are read by `engine.loader.check_from_data`. The
options those choices allow are the engine's (`engine.options.chosen_options`: the play's cost
options, narrowed to the base, optional costs, counts and discount order named; a choice left
out is left open). The engine checks the payment against each (`engine.chain.apply_payment`:
the play legal now, the choices priced by rule 353, the payment paying that total by the paying
rules); no second checker lives here. Of the options it pays, the one `plan` would make for that
payment is taken: the plan's ranking (`planner.model.ranking`) of a fixed payment, so the least
score less benefits, then the smallest total, then the option's place (what the payment takes
from the board, 357.3 and the keep-on-board tie-break, is the payment's, the same for each). The score is the one
scorer's (`engine.payment.score`, on the payment read back in group counts).
"""

from __future__ import annotations

from typing import Mapping

from ...engine.riftbound.chain import Applied, PlanRefused, apply_payment
from ...engine.riftbound.loader import check_from_data, payment_from_data
from ...engine.riftbound.options import Chosen, CostOption, chosen_options
from ...engine.riftbound.payment import Payment, counts_of, losses, name_payment, resources, score
from ...engine.riftbound.scenario import FORMAT, Scenario
from ..answers import Check
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import deadline
from .model import ranking
from .plan import Plan, _spent_json, plan


def check_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG,
               scenario: Scenario | None = None) -> Check:
    """Check the payment of a file's parsed data (`payment`, and the choices beside it), or,
    given the `scenario`, of data holding only those; a ScenarioError for a bad file."""
    if scenario is None:
        scenario, payment, chosen = check_from_data(dict(data))
    else:
        payment, chosen = payment_from_data(dict(data))
    return check(scenario, payment, chosen, config)


def check(scenario: Scenario, payment: Payment, chosen: Chosen = Chosen(),
          config: SolverConfig = DEFAULT_CONFIG) -> Check:
    """Whether `payment` (with the choices `chosen`) pays the scenario's play, its score, and
    the best plan's score (`plan`, with `config`)."""
    best = plan(scenario, config)
    known = best.status == "ok"
    base = Check(FORMAT, dict(best.play), False,
                 optimal_score=best.score if known else None,
                 optimal_objective=best.objective if known else None,
                 optimal=best.optimal if known else None)
    opts, problems = chosen_options(scenario, chosen, deadline(config))
    if not opts.legal:
        return _with(base, problems=tuple(f"play: {reason}" for reason in opts.reasons))
    if problems:
        return _with(base, problems=tuple(str(problem) for problem in problems))
    if not opts.options:
        return _with(base, problems=("play: no cost option: the play has no base cost it may use",))
    ctx = opts.ctx
    res = resources(scenario, ctx.obj, ctx.card if ctx.play.ability is not None else None,
                    targets=ctx.play.targets)
    refused: list[str] = []
    paid: list[tuple[list[int], int, int, int]] = []  # (rank, option, score, benefit)
    for i, option in enumerate(opts.options):
        try:
            apply_payment(scenario, Applied(ctx.obj.id, option.choices, option.total, payment))
        except PlanRefused as refusal:
            refused.append(refusal.reason)
            continue
        refused.append("")
        counts = counts_of(option.total, res, payment)
        assert counts is not None, "a payment the engine accepts names what the resources hold"
        charged = score(scenario, option.total, res, counts)
        benefit = sum(scenario.objective.benefit(n) for n in option.paid_optional if n in opts.auto)
        targets, kept = losses(res, counts)
        paid.append((ranking(targets, charged, benefit, kept, option.total.size, 0, i), i,
                     charged, benefit))
    if not paid:
        i = _closest(opts.options, best)
        why = [refused[i]]
        if not opts.exact:
            why.append("play: the time limit stopped the search of cost options: the choices "
                       "this payment pays may not have been tried (raise --time-limit)")
        return _with(base, problems=tuple(why), choices=_choices(opts.options[i]),
                     total=opts.options[i].total.to_json(), summary=_summary(opts.options[i]))
    _, i, charged, benefit = min(paid)
    option = opts.options[i]
    counts = counts_of(option.total, res, payment)
    assert counts is not None
    _, spent, _ = name_payment(scenario, option.total, res, counts)
    return _with(base, legal=True, choices=_choices(option), total=option.total.to_json(),
                 spent=_spent_json(spent), score=charged, objective=charged - benefit,
                 summary=_summary(option))


def _with(check: Check, **changes: object) -> Check:
    from dataclasses import replace

    return replace(check, **changes)  # type: ignore[arg-type]


def _choices(option: CostOption) -> dict[str, object]:
    """The choices of an option, in the plan's shape."""
    return {"base": option.base.to_json(), "paid_optional": list(option.paid_optional),
            "paid": dict(option.paid), "discount_order": list(option.discount_order)}


def _summary(option: CostOption) -> str:
    """The total and the choices of an option, in words."""
    out = f"total {option.total} (base: {option.base.text()}"
    if option.paid_optional:
        out += f"; optional: {', '.join(f'{n} x{k}' for n, k in option.paid)}"
    if option.discount_order:
        out += f"; discounts: {' -> '.join(option.discount_order)}"
    return out + ")"


def _closest(options: tuple[CostOption, ...], best: Plan) -> int:
    """The option whose refusal is reported when the payment pays none: the one the plan chose,
    if the choices allow it, else the first."""
    if best.status == "ok":
        for i, option in enumerate(options):
            if (option.base, option.paid, option.total) == (best.base, best.paid, best.total):
                return i
    return 0


__all__ = ["check", "check_data"]
