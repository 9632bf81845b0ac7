"""`payplan check` on a `payplan/1` play: is a payment the player chose legal, what does it
score, and how far is it from the best plan? `planner.check` holds the steps; this module gives
`payplan/1`'s hooks.

The payment and the choices named beside it are read by `engine.riftbound.loader`'s
`check_from_data`. The options those choices allow are the engine's
(`engine.riftbound.options.chosen_options`: the play's cost options, narrowed to the base,
optional costs, counts and discount order named). The engine checks the payment against each
(`engine.riftbound.chain.apply_payment`: the play legal now, the choices priced by rule 353, the
payment paying that total by the paying rules). Of the options it pays, the one `plan` would
make for that payment is taken: the plan's ranking (`planner.riftbound.model.ranking`) of a
fixed payment, so the least score less benefits, then the smallest total, then the option's
place (what the payment takes from the board, 357.3 and the keep-on-board tie-break, is the
payment's, the same for each). The score is the one scorer's (`engine.riftbound.payment.score`,
on the payment read back in group counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...engine.riftbound.chain import Applied, PlanRefused, apply_payment
from ...engine.riftbound.loader import check_from_data, payment_from_data
from ...engine.riftbound.options import Chosen, CostOption, chosen_options
from ...engine.riftbound.payment import Payment, Resources, counts_of, losses, name_payment, resources, score
from ...engine.riftbound.scenario import FORMAT, Scenario
from .. import check as spine
from ..answers import Check
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import deadline
from .model import ranking
from .plan import Plan, _spent_json, plan

NO_CHOICES = Chosen()


def check_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG,
               scenario: Scenario | None = None) -> Check:
    """Check the payment of a file's parsed data (`payment`, and the choices beside it), or,
    given the `scenario`, of data holding only those; a ScenarioError for a bad file."""
    loaded, payment, chosen = spine.read(data, scenario, check_from_data, payment_from_data)
    return check(loaded, payment, chosen, config)


def check(scenario: Scenario, payment: Payment, chosen: Chosen = NO_CHOICES,
          config: SolverConfig = DEFAULT_CONFIG) -> Check:
    """Whether `payment` (with the choices `chosen`) pays the scenario's play, its score, and
    the best plan's score (`plan`, with `config`)."""
    best = plan(scenario, config)
    opts, problems = chosen_options(scenario, chosen, deadline(config))
    allowed = spine.Allowed(opts.options, "play: no cost option: the play has no base cost it "
                            "may use", opts.reasons, tuple(str(p) for p in problems), opts.exact)
    ctx = opts.ctx

    def payments() -> Payments:
        res = resources(scenario, ctx.obj, ctx.card if ctx.play.ability is not None else None,
                        targets=ctx.play.targets)
        return Payments(scenario, payment, best, ctx.obj.id, opts.auto, res)

    return spine.check(FORMAT, best, allowed, payments)


@dataclass(frozen=True, slots=True)
class Payments:
    """`planner.check`'s hooks for one payment of the play of `obj` (the resources `res`)."""

    scenario: Scenario
    payment: Payment
    best: Plan
    obj: str
    auto: tuple[str, ...]  # the optional costs `auto`: their benefits count in the objective
    res: Resources

    def pay(self, index: int, option: CostOption) -> spine.Paid | tuple[str, ...]:
        try:
            apply_payment(self.scenario, Applied(self.obj, option.choices, option.total,
                                                 self.payment))
        except PlanRefused as refusal:
            return (refusal.reason,)
        counts = counts_of(option.total, self.res, self.payment)
        assert counts is not None, "a payment the engine accepts names what the resources hold"
        charged = score(self.scenario, option.total, self.res, counts)
        benefit = sum(self.scenario.objective.benefit(n) for n in option.paid_optional
                      if n in self.auto)
        targets, kept = losses(self.res, counts)
        return spine.Paid(tuple(ranking(targets, charged, benefit, kept, option.total.size, 0,
                                        index)), charged, benefit)

    def spent(self, option: CostOption) -> dict[str, object]:
        counts = counts_of(option.total, self.res, self.payment)
        assert counts is not None
        _, spent, _ = name_payment(self.scenario, option.total, self.res, counts)
        return _spent_json(spent)

    def planned(self, option: CostOption) -> bool:
        return self.best.ok and ((option.base, option.paid, option.total)
                                 == (self.best.base, self.best.paid, self.best.total))

    def choices(self, option: CostOption) -> dict[str, object]:
        return {"base": option.base.to_json(), "paid_optional": list(option.paid_optional),
                "paid": dict(option.paid), "discount_order": list(option.discount_order)}

    def total(self, option: CostOption) -> dict[str, object]:
        return option.total.to_json()

    def summary(self, option: CostOption) -> str:
        out = f"total {option.total} (base: {option.base.text()}"
        if option.paid_optional:
            out += f"; optional: {', '.join(f'{n} x{k}' for n, k in option.paid)}"
        if option.discount_order:
            out += f"; discounts: {' -> '.join(option.discount_order)}"
        return out + ")"


__all__ = ["check", "check_data"]
