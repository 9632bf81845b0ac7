"""`payplan check` on an `mtg/1` cast: is a payment the player chose legal, what does it score,
and how far is it from the best plan? `planner.check` holds the steps; this module gives
`mtg/1`'s hooks.

The payment and the choices named beside it are read by `engine.mtg.loader.check_from_data`.
The options those choices allow are the engine's (`engine.mtg.options.chosen_casts`: every
total of the cast, narrowed to the way cast, X, the optional costs and the announcements
named). The engine checks the payment against each (`engine.mtg.payment.check_payment`, by the
paying rules of `engine.mtg.payment`) and `name_payment` scores it with the one scorer's
charges. Of the options it pays, the one `plan` would make for that payment is taken: the
plan's objective (`planner.mtg.model`) on a fixed payment, so with `x: auto` the largest X,
then the least score less benefits, then the least mana, then the option's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...engine.mtg import FORMAT
from ...engine.mtg.cards import Scenario
from ...engine.mtg.checker import check_payment
from ...engine.mtg.loader import check_from_data, payment_from_data
from ...engine.mtg.options import CastOptions, Chosen, TooManyChoices, chosen_casts
from ...engine.mtg.payment import Payment, name_payment
from ...engine.mtg.resources import Resources, resources
from ...engine.mtg.total_cost import Priced, played_card
from ...engine.problems import ScenarioError
from .. import check as spine
from ..answers import Check
from ..config import DEFAULT_CONFIG, SolverConfig
from .plan import Plan, _other_counts, plan

NO_CHOICES = Chosen()


def check_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG,
               scenario: Scenario | None = None) -> Check:
    """Check the payment of a file's parsed data (`payment`, and the choices beside it), or,
    given the `scenario`, of data holding only those; a ScenarioError for a bad file."""
    loaded, payment, chosen = spine.read(data, scenario, check_from_data, payment_from_data)
    return check(loaded, payment, chosen, config)


def check(scenario: Scenario, payment: Payment, chosen: Chosen = NO_CHOICES,
          config: SolverConfig = DEFAULT_CONFIG) -> Check:
    """Whether `payment` (with the choices `chosen`) pays the scenario's cast, its score, and
    the best plan's score (`plan`, with `config`)."""
    best = plan(scenario, config)
    play = scenario.play
    assert play is not None, "the loader requires a play"
    card = played_card(scenario, play)
    # A mana ability restricted to what this spell is not may be activated (its mana floats).
    res = resources(scenario, card, play.object if play.ability is None else "", floating=True,
                    holder=play.object if play.ability is not None else "")
    try:
        opts, wrong = chosen_casts(scenario, play, res.cast_cap(), chosen)
    except TooManyChoices as err:
        raise ScenarioError.at(("cards", card.id, "cost"), str(err)) from None
    allowed = spine.Allowed(opts.options, "play: no way to cast it", opts.reasons,
                            tuple(str(problem) for problem in wrong), not opts.cut)
    return spine.check(FORMAT, best, allowed,
                       lambda: Payments(scenario, payment, best, res, opts, card.shows_x()))


@dataclass(frozen=True, slots=True)
class Payments:
    """`planner.check`'s hooks for one payment of the cast (the resources `res`, the options
    `opts`; `x_in_cost`: the cost shows {X})."""

    scenario: Scenario
    payment: Payment
    best: Plan
    res: Resources
    opts: CastOptions
    x_in_cost: bool

    def pay(self, index: int, option: Priced) -> spine.Paid | tuple[str, ...]:
        usage, problems = check_payment(self.scenario, option, self.res, self.payment)
        if usage is None:
            return problems
        _, _, charged = name_payment(self.scenario, option, self.res, usage)
        benefit = sum(self.scenario.objective.benefit(n) * k for n, k in option.choices.optional
                      if n in self.opts.auto)
        rank = ((-option.choices.x,) if self.opts.x_auto else ()) + (charged - benefit,
                                                                      option.size, index)
        return spine.Paid(rank, charged, benefit)

    def spent(self, option: Priced) -> dict[str, object]:
        return dict(self.payment.spent(option.size))

    def planned(self, option: Priced) -> bool:
        chose = self.best.option
        return chose is not None and ((option.mana, option.life, option.other, option.choices)
                                      == (chose.mana, chose.life, chose.other, chose.choices))

    def choices(self, option: Priced) -> dict[str, object]:
        """In the plan's shape (`x` null when the cost has no {X})."""
        return {"cast": option.choices.cast, "x": option.choices.x if self.x_in_cost else None,
                "paid": {name: n for name, n in option.choices.optional},
                "announced": {"hybrid": [h for s, h in option.announced
                                         if s.kind != "phyrexian"],
                              "phyrexian": [h for s, h in option.announced
                                            if s.kind == "phyrexian"]}}

    def total(self, option: Priced) -> dict[str, object]:
        out: dict[str, object] = {"mana": option.text, "life": option.life,
                                  "other": [{kind: n} for kind, n in _other_counts(option)]}
        if option.counters:  # an activation's own counters removed, and its loyalty change
            out["counters"] = dict(option.counters)
        if option.loyalty is not None:
            out["loyalty"] = option.loyalty
        return out

    def summary(self, option: Priced) -> str:
        c = option.choices
        out = option.text + (f" + {option.life} life" if option.life else "")
        out += "".join(f" + {k} {n}" for k, n in _other_counts(option))
        out += f" (cast: {c.cast}" + (f"; X = {c.x}" if c.x else "")
        if c.optional:
            out += f"; optional: {', '.join(f'{n} x{k}' for n, k in c.optional)}"
        if option.announced:
            out += "; announced: " + ", ".join(f"{s.text} as {h}" for s, h in option.announced)
        return "total " + out + ")"


__all__ = ["check", "check_data"]
