"""The CP-SAT model: pick one cost option and the cheapest way to pay it, all at once.

The engine supplies the options (`engine.options`) and what the resources can give and cost
(`engine.payment`); this module only turns them into variables, constraints and one objective,
and reads the answer back. It holds no game rule.

Variables (held in dicts keyed by the engine objects they stand for):
- `choose[o]`: option o is the one played (exactly one);
- `exhaust[g]`, `recycle[g]`: how many runes of rune group g are exhausted only, and recycled
  (a ready recycled rune may also give its Energy);
- `activate[s]`: source s is used;
- `use[q, g]`: how many objects of object group g pay the non-standard need q (a kind and
  filter); for `spend_buff`, how many buffs;
- `deficit[d]`: domain-d pips paid by Power of any domain.

Objective, lexicographic through weights: the score minus the benefits of the optional costs
paid, then the smaller total (Energy plus pips), then the smaller score (no optional cost paid
for a benefit that only equals its cost), then fewer actions, then the earlier option.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from payplan.engine.cost import ANY_INDEX, DOMAINS, OtherCost
from payplan.engine.options import CostOption
from payplan.engine.payment import Resources, eligible, need_key, object_charge
from payplan.engine.scenario import Scenario
from payplan.planner.config import SolverConfig


class SolverStopped(Exception):
    """The time limit stopped CP-SAT before it found a payment or proved there is none."""

    def __init__(self, time_limit: float) -> None:
        super().__init__(f"time limit: no payment found within {time_limit:g} s, and none was "
                         f"proved impossible (raise --time-limit)")


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's choice, in group counts; `planner.plan` turns it into named objects."""

    option: int
    exhaust: tuple[int, ...]  # per rune group: exhausted only
    recycle: tuple[int, ...]  # per rune group: recycled
    activate: tuple[bool, ...]  # per source
    use: tuple[tuple[tuple[str, object], tuple[int, ...]], ...]  # per need key: per object group
    optimal: bool


def needs_of(option: CostOption) -> dict[tuple[str, object], int]:
    """The non-standard needs of an option, summed by kind and filter."""
    out: dict[tuple[str, object], int] = {}
    for need in option.total.other:
        out[need_key(need)] = out.get(need_key(need), 0) + need.count
    return out


def solve(
    scenario: Scenario,
    options: tuple[CostOption, ...],
    benefits: tuple[int, ...],
    res: Resources,
    config: SolverConfig,
) -> Solution | None:
    """The best (option, payment), or None when no option can be paid; SolverStopped when the
    time limit ran out before either was known."""
    m = cp_model.CpModel()
    n_opt = len(options)

    # One option is played.
    choose = {o: m.new_bool_var(f"choose[{o}]") for o in range(n_opt)}
    m.add_exactly_one(choose.values())

    # Runes: a ready group may be exhausted and/or recycled; an exhausted one only recycled.
    exhaust = {}
    recycle = {}
    for g, group in enumerate(res.runes):
        n = len(group.ids)
        recycle[g] = m.new_int_var(0, n, f"recycle[{g}]")
        if group.ready:
            exhaust[g] = m.new_int_var(0, n, f"exhaust[{g}]")
            m.add(exhaust[g] + recycle[g] <= n)

    # Sources: each activated at most once.
    activate = {s: m.new_bool_var(f"activate[{offer.id}]") for s, offer in enumerate(res.sources)}

    # Energy: the option and the sources' own Energy costs, from the pool, runes and sources.
    energy_need = sum(choose[o] * options[o].total.energy for o in range(n_opt)) + sum(
        activate[s] * offer.needs.energy for s, offer in enumerate(res.sources)
    )
    energy_supply = (
        res.pool_energy
        + sum(exhaust[g] + recycle[g] for g in exhaust)
        + sum(activate[s] * offer.adds.energy for s, offer in enumerate(res.sources))
    )
    m.add(energy_need <= energy_supply)

    # Power: domain pips need that domain or flexible Power; [A] pips take anything left.
    flexible = res.pool_power[ANY_INDEX] + sum(
        activate[s] * offer.adds.power[ANY_INDEX] for s, offer in enumerate(res.sources)
    )
    deficits = []
    need_all = []
    supply_all = [flexible]
    for d in range(len(DOMAINS)):
        need_d = sum(choose[o] * options[o].total.power[d] for o in range(n_opt)) + sum(
            activate[s] * offer.needs.power[d] for s, offer in enumerate(res.sources)
        )
        supply_d = (
            res.pool_power[d]
            + sum(recycle[g] for g, group in enumerate(res.runes) if group.domain == d)
            + sum(activate[s] * offer.adds.power[d] for s, offer in enumerate(res.sources))
        )
        bound = max((o.total.power[d] for o in options), default=0) + sum(
            offer.needs.power[d] for offer in res.sources
        )
        deficit = m.new_int_var(0, bound, f"deficit[{DOMAINS[d]}]")
        m.add(deficit >= need_d - supply_d)
        deficits.append(deficit)
        need_all.append(need_d)
        supply_all.append(supply_d)
    need_any = sum(choose[o] * options[o].total.power[ANY_INDEX] for o in range(n_opt)) + sum(
        activate[s] * offer.needs.power[ANY_INDEX] for s, offer in enumerate(res.sources)
    )
    m.add(sum(deficits) <= flexible)
    m.add(sum(need_all) + need_any <= sum(supply_all))

    # Non-standard costs: distinct eligible objects per need; an object pays for one thing once.
    demands: dict[tuple[str, object], cp_model.LinearExprT] = {}
    samples: dict[tuple[str, object], OtherCost] = {}
    for o, option in enumerate(options):
        for need in option.total.other:
            samples.setdefault(need_key(need), need)
    option_needs = [needs_of(option) for option in options]
    for key in samples:
        demands[key] = sum(choose[o] * option_needs[o].get(key, 0) for o in range(n_opt))
    use: dict[tuple[tuple[str, object], int], cp_model.IntVar] = {}
    charges: list[cp_model.LinearExprT] = []
    use_caps = 0
    for key, need in samples.items():
        kind = need.kind
        if kind == "spend_xp":
            m.add(demands[key] <= res.xp)
            continue
        terms = []
        for g, objects in enumerate(res.objects):
            if not eligible(scenario, objects, need):
                continue
            cap = len(objects.ids) * (objects.sample.buffs if kind == "spend_buff" else 1)
            var = m.new_int_var(0, cap, f"use[{kind},{objects.ids[0]}]")
            use[(key, g)] = var
            use_caps += cap
            terms.append(var)
            charges.append(var * object_charge(scenario, objects, kind))
        m.add(sum(terms) == demands[key])
    source_of = {offer.id: s for s, offer in enumerate(res.sources) if offer.uses_object}
    for g, objects in enumerate(res.objects):
        users = [var for (key, gg), var in use.items() if gg == g and key[0] != "spend_buff"]
        sources_here = [activate[source_of[i]] for i in objects.ids if i in source_of]
        if len(users) + len(sources_here) > 1 or (users and sources_here):
            m.add(sum(users) + sum(sources_here) <= len(objects.ids))

    # The score: every charge of the objective.
    for g, group in enumerate(res.runes):
        if group.ready:
            charges.append(exhaust[g] * group.exhaust_charge)
            charges.append(recycle[g] * (group.exhaust_charge + group.recycle_charge))
        else:
            charges.append(recycle[g] * group.recycle_charge)
    for s, offer in enumerate(res.sources):
        charges.append(activate[s] * offer.charge)
    xp_weight = scenario.objective.weight("spend_xp")
    for key, need in samples.items():
        if need.kind == "spend_xp":
            charges.append(demands[key] * xp_weight)

    score = cp_model.LinearExpr.sum(charges)
    objective = score - sum(choose[o] * benefits[o] for o in range(n_opt))
    size = sum(choose[o] * options[o].total.size for o in range(n_opt))
    actions = (
        sum(exhaust.values()) + sum(recycle.values()) + sum(activate.values()) + sum(use.values())
    )
    rank = sum(choose[o] * o for o in range(n_opt))
    max_actions = (
        2 * sum(len(g.ids) for g in res.runes) + len(res.sources)
        + use_caps + 1
    )
    max_size = max((o.total.size for o in options), default=0) + 1
    benefit = sum(choose[o] * benefits[o] for o in range(n_opt))
    w_rank = 1
    w_actions = n_opt
    w_benefit = w_actions * (max_actions + 1)
    w_size = w_benefit * (max(benefits, default=0) + 1)
    w_objective = w_size * (max_size + 1)
    m.minimize(cp_model.LinearExpr.weighted_sum(
        [objective, size, benefit, actions, rank],
        [w_objective, w_size, w_benefit, w_actions, w_rank],
    ))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = config.workers
    solver.parameters.max_time_in_seconds = config.time_limit
    solver.parameters.random_seed = config.seed
    status = solver.solve(m)
    if status == cp_model.UNKNOWN:
        raise SolverStopped(config.time_limit)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    chosen = next(o for o in range(n_opt) if solver.value(choose[o]))
    return Solution(
        option=chosen,
        exhaust=tuple(solver.value(exhaust[g]) if g in exhaust else 0 for g in range(len(res.runes))),
        recycle=tuple(solver.value(recycle[g]) for g in range(len(res.runes))),
        activate=tuple(bool(solver.value(activate[s])) for s in range(len(res.sources))),
        use=tuple(
            (key, tuple(solver.value(use[(key, g)]) if (key, g) in use else 0
                        for g in range(len(res.objects))))
            for key in samples
        ),
        optimal=status == cp_model.OPTIMAL,
    )

