"""Every cost option a play has (rule 352 announcements, 353 total cost).

For each legal base cost, each set of optional costs the play allows (a cost marked `auto` is
tried paid and unpaid), and each Pareto-best total that the orders and choices of its discounts
reach, one `CostOption` with the order and choices that reach it. A total that another total of
the same base and optional set beats on every component is left out: it can never be cheaper to
pay. Options come out in a deterministic order: by base (as `legality.base_choices` lists them),
then optional set (fewer first, in canonical name order), then total (smallest first).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from payplan.engine.cost import Cost
from payplan.engine.discounts import dominates, pareto_front
from payplan.engine.legality import base_choices, reasons
from payplan.engine.scenario import Scenario
from payplan.engine.total_cost import (
    BaseChoice,
    Choices,
    PlayContext,
    Priced,
    best_components,
    context,
    modifiers,
    optional_costs,
    price,
)


CostOption = Priced  # one option: a priced set of choices (base, optional costs, orders)


@dataclass(frozen=True, slots=True)
class PlayOptions:
    ctx: PlayContext
    reasons: tuple[str, ...]
    options: tuple[CostOption, ...]
    auto: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.reasons


def optional_sets(ctx: PlayContext) -> list[tuple[str, ...]]:
    """The sets of optional costs the play may pay: `yes` always, `auto` either way."""
    names = [name for name, _ in optional_costs(ctx.card)]
    required = [n for n in names if ctx.play.optional_choice(n) == "yes"]
    auto = [n for n in names if ctx.play.optional_choice(n) == "auto"]
    sets = []
    for k in range(len(auto) + 1):
        for subset in itertools.combinations(auto, k):
            chosen = set(required) | set(subset)
            sets.append(tuple(n for n in names if n in chosen))
    return sets


def play_options(scenario: Scenario) -> PlayOptions:
    """All cost options of the scenario's play, or the reasons it is illegal."""
    ctx = context(scenario)
    why = reasons(ctx)
    names = [name for name, _ in optional_costs(ctx.card)]
    auto = tuple(n for n in names if ctx.play.optional_choice(n) == "auto")
    if why:
        return PlayOptions(ctx, tuple(why), (), auto)
    bases, _ = base_choices(ctx)
    options: list[CostOption] = []
    for base in bases:
        for optional in optional_sets(ctx):
            options.extend(_options_for(ctx, base, optional))
    return PlayOptions(ctx, (), tuple(options), auto)


def _options_for(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...]) -> list[CostOption]:
    mods = modifiers(ctx, base, optional)
    found: dict[Cost, CostOption] = {}
    for components in best_components(ctx, optional, mods):
        # Price once without total discounts to learn where they start from.
        start = price(ctx, Choices(base, optional, components), replace(mods, total=()))
        pair = (start.total.energy, start.total.power)
        for _, path in pareto_front(pair, list(mods.total)):
            choices = Choices(base, optional, components, path)
            priced = price(ctx, choices, mods)
            if priced.total not in found:
                found[priced.total] = priced
    ranked = sorted(found.values(), key=lambda o: (o.total.size, o.total.energy, o.total.power))
    return _pareto_options(ranked)


def _pareto_options(options: list[CostOption]) -> list[CostOption]:
    kept: list[CostOption] = []
    for option in options:
        pair = (option.total.energy, option.total.power)
        if any(dominates((k.total.energy, k.total.power), pair) for k in kept):
            continue
        kept.append(option)
    return kept
