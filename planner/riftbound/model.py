"""The CP-SAT model: pick one cost option and the cheapest way to pay it, all at once.

The engine supplies the options (`engine.options`) and what the resources can give and cost
(`engine.payment`); this module only turns them into variables, constraints and one objective,
and reads the answer back. It holds no game rule. `solve` reads as the OR-Tools samples do:
variables, constraints, objective, solve, check the status, read back.

Variables (held in dicts keyed by the engine objects they stand for, named after them):
- `choose[o]`: option o is the one played (exactly one);
- `exhaust[r1]`, `recycle[r1]`: how many runes of the rune group starting with r1 are exhausted
  only, and recycled (a ready recycled rune may also give its Energy);
- `activate[s]`: source s is used;
- `use[kind,h1]`: how many objects of the object group starting with h1 pay the non-standard
  need (a kind and filter); for `spend_buff`, how many buffs;
- `deficit[fury]`: pips of that domain paid by Power of any domain;
- `step[t,id]`, `pool[t,k]`, `take[...]`: where sources cost Energy or Power, which one is
  activated at step t and what the pool holds after it (`_in_order`: a source's cost is paid
  from what the pool held before it, never from its own output);
- `pay[name]`: the free optional cost `name` is paid (`Free`: the engine leaves the choice of
  those optional costs to the model, each adding its own part to the total of any option).

Objective, lexicographic (`ranking`): the fewest of the play's targets taken from the board
(357.3), then the score minus the benefits of the optional costs paid, then the fewest of the
played object and the targets taken from the board, then the smaller total (Energy plus pips),
then the smaller score (no optional cost paid for a benefit that only equals its cost), then
fewer actions, then the earlier option (with free optional costs: in the engine's order of the
options they would make, `_rank`). The shared solver kernel (`planner.kernel`) folds the terms
into exact weighted sums and solves them in stages.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from ...engine.discounts import ANY_INDEX
from ...engine.riftbound.cost import DOMAINS, Cost, OtherCost
from ...engine.riftbound.options import CostOption, FreeCost
from ...engine.riftbound.payment import (
    NeedKey,
    Resources,
    TooManyOrders,
    board_losses,
    capacity,
    charged,
    eligible,
    need_key,
    needs_of,
    paid_in_order,
    source_eligible,
    source_kills,
)
from ...engine.riftbound.scenario import Scenario
from .. import kernel
from ..config import SolverConfig
from ..kernel import ModelInvalid, SolverStopped, Term

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:
    from ..kernel import cp_model

N = TypeVar("N", int, "cp_model.LinearExpr")  # a number, or a linear expression over variables


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's choice, in group counts; `planner.plan` turns it into named objects."""

    option: int
    exhaust: tuple[int, ...]  # per rune group: exhausted only
    recycle: tuple[int, ...]  # per rune group: recycled
    activate: tuple[bool, ...]  # per source
    use: tuple[tuple[tuple[str, object], tuple[int, ...]], ...]  # per need key: per object group
    optimal: bool
    paid: tuple[bool, ...] = ()  # per free optional cost (`Free`): paid


@dataclass(frozen=True, slots=True)
class Free:
    """Optional costs the model chooses (`engine.options.PlayOptions.free`): each adds its own
    part to the chosen option's total and its benefit to the option's; `groups` gives each
    option's base (options are listed base by base), for the order of the options."""

    costs: tuple[FreeCost, ...] = ()
    benefits: tuple[int, ...] = ()
    groups: tuple[int, ...] = ()


NO_FREE = Free()
HINT_FROM = 1_000  # model variables from which the incumbent is hinted to CP-SAT (see `solve`)


@dataclass(slots=True)
class _Variables:
    """The model's decision variables, keyed by what they stand for (see the module docstring)."""

    choose: dict[int, cp_model.IntVar]
    exhaust: dict[int, cp_model.IntVar]
    recycle: dict[int, cp_model.IntVar]
    activate: dict[int, cp_model.IntVar]
    use: dict[tuple[tuple[str, object], int], cp_model.IntVar]
    pay: dict[int, cp_model.IntVar]  # per free optional cost
    needs: dict[tuple[str, object], OtherCost]  # one sample need per kind and filter
    demand: dict[tuple[str, object], cp_model.LinearExpr]  # per need key: what the option asks
    kills: list[tuple[int, NeedKey, OtherCost]]  # the sources' kill needs (offer, key, need)


def solve(
    scenario: Scenario,
    options: tuple[CostOption, ...],
    benefits: tuple[int, ...],
    res: Resources,
    config: SolverConfig,
    free: Free = NO_FREE,
    incumbent: Solution | None = None,
) -> Solution | None:
    """The best (option, payment, free optional costs paid), or None when no option can be
    paid (INFEASIBLE).

    `incumbent` is a feasible payment known before the solve (`planner.fastpath.incumbent`,
    checked by the engine): CP-SAT starts from it, and it is the answer (`optimal` false) when
    the time limit stops CP-SAT before it finds one. Raises `SolverStopped` when the time limit
    ran out before either was known (and no incumbent was given), and `ModelInvalid` (with
    CP-SAT's validation message) when the model itself is rejected.

    Where a source costs Energy or Power, the model first pays it by the sums alone (a source
    could then pay its own cost); an answer whose activations have an order that pays each
    cost first (`engine.payment.paid_in_order`) is the answer, since the sums ask less than
    the order does. Only otherwise is the model solved again with the order (`_in_order`), in
    the time left."""
    started = time.monotonic()
    found = _solve(scenario, options, benefits, res, config, free, incumbent, False)
    if found is None or _in_some_order(options, res, free, found):
        return found
    left = max(kernel.MIN_SOLVE, config.time_limit - (time.monotonic() - started))
    return _solve(scenario, options, benefits, res,
                  replace(config, time_limit=min(config.time_limit, left)), free, incumbent, True)


def _solve(scenario: Scenario, options: tuple[CostOption, ...], benefits: tuple[int, ...],
           res: Resources, config: SolverConfig, free: Free, incumbent: Solution | None,
           ordered: bool) -> Solution | None:
    """One solve of the model (`solve`), with the sources' order (`_in_order`) or by sums."""
    model = cp_model.CpModel()
    v = _variables(model, scenario, options, res, free)
    _constraints(model, v, options, res, free)
    if ordered:
        _in_order(model, v, options, res, free)
    terms = [Term(t) for t in _ranked_terms(scenario, v, options, benefits, res, free)]
    # The incumbent answers if CP-SAT finds nothing in time; it is hinted only to a model past
    # `HINT_FROM` variables: a smaller one is solved in milliseconds, and a hint would only
    # change which of several equally cheap payments CP-SAT returns first.
    known = None if incumbent is None else kernel.Incumbent(
        replace(incumbent, optimal=False),
        _hint(v, incumbent) if len(_all(v)) >= HINT_FROM else ())
    solved = kernel.solve(model, terms, config, lambda solver: _read_back(solver, v, res), _all(v),
                          known)
    if solved is None:
        return None
    return replace(solved.value, optimal=solved.optimal)


# --- Variables ----------------------------------------------------------------------------------


def _variables(model: cp_model.CpModel, scenario: Scenario, options: tuple[CostOption, ...],
               res: Resources, free: Free) -> _Variables:
    # One option is played.
    choose = {o: model.new_bool_var(f"choose[{o}]") for o in range(len(options))}

    # Runes: how many of each group are exhausted only (ready groups), and recycled.
    exhaust = {g: model.new_int_var(0, len(group.ids), f"exhaust[{group.ids[0]}]")
               for g, group in enumerate(res.runes) if group.ready}
    recycle = {g: model.new_int_var(0, len(group.ids), f"recycle[{group.ids[0]}]")
               for g, group in enumerate(res.runes)}

    # Sources: each activated at most once.
    activate = {s: model.new_bool_var(f"activate[{offer.id}]") for s, offer in enumerate(res.sources)}
    # A converter's later activations within its one exhaustion (`SourceOffer.follows`).
    for s, offer in enumerate(res.sources):
        if offer.follows:
            model.add(activate[s] <= activate[s - 1])

    # Non-standard needs: per kind and filter, how many objects (buffs) of each eligible group.
    needs: dict[tuple[str, object], OtherCost] = {}
    for option in options:
        for need in option.total.other:
            needs.setdefault(need_key(need), need)
    option_needs = [needs_of(option.total) for option in options]
    demand = {key: _dot(choose.values(), (counts.get(key, 0) for counts in option_needs))
              for key in needs}
    use = {}
    for key, need in needs.items():
        if need.kind == "spend_xp":
            continue
        for g, objects in enumerate(res.objects):
            if eligible(scenario, objects, need):
                use[(key, g)] = model.new_int_var(0, capacity(objects, need.kind),
                                                  f"use[{need.kind},{objects.ids[0]}]")
    # The sources' kill needs (Malzahar - Fanatic): per source and filter, how many objects of
    # each group it may kill.
    kills = list(source_kills(res))
    for s, key, need in kills:
        offer = res.sources[s]
        for g, objects in enumerate(res.objects):
            if source_eligible(scenario, offer, objects, need):
                use[(key, g)] = model.new_int_var(0, capacity(objects, need.kind),
                                                  f"use[kill,{offer.id},{objects.ids[0]}]")
    pay = {i: model.new_bool_var(f"pay[{cost.name}]") for i, cost in enumerate(free.costs)}
    return _Variables(choose, exhaust, recycle, activate, use, pay, needs, demand, kills)


def _dot(variables: Iterable[cp_model.IntVar], coefficients: Iterable[int]) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.weighted_sum(list(variables), list(coefficients))


def _actions(v: _Variables) -> list[cp_model.IntVar]:
    """The variables that count actions (runes, sources, objects)."""
    return [*v.exhaust.values(), *v.recycle.values(), *v.activate.values(), *v.use.values()]


def _all(v: _Variables) -> list[cp_model.IntVar]:
    return [*v.choose.values(), *_actions(v), *v.pay.values()]


# --- Constraints --------------------------------------------------------------------------------


def _constraints(model: cp_model.CpModel, v: _Variables, options: tuple[CostOption, ...],
                 res: Resources, free: Free) -> None:
    choose, exhaust, recycle, activate, pay = v.choose, v.exhaust, v.recycle, v.activate, v.pay

    def need_of(part: int) -> cp_model.LinearExpr:
        """The option's (with the free costs paid) and the sources' own need of one Power slot
        (domain index or any)."""
        return (_dot(choose.values(), (o.total.power[part] for o in options))
                + _dot(pay.values(), (cost.adds.power[part] for cost in free.costs))
                + _dot(activate.values(), (offer.needs.power[part] for offer in res.sources)))

    def source_adds(part: int) -> cp_model.LinearExpr:
        return _dot(activate.values(), (offer.adds.power[part] for offer in res.sources))

    # Exactly one option is played.
    model.add_exactly_one(choose.values())

    # A ready rune is exhausted only, recycled (and maybe exhausted too), or untouched.
    for g, var in exhaust.items():
        model.add(var + recycle[g] <= len(res.runes[g].ids))

    # Energy: the option and the sources' own Energy costs, from the pool, runes and sources.
    energy_need = (_dot(choose.values(), (o.total.energy for o in options))
                   + _dot(pay.values(), (cost.adds.energy for cost in free.costs))
                   + _dot(activate.values(), (offer.needs.energy for offer in res.sources)))
    energy_supply = (res.pool_energy + cp_model.LinearExpr.sum([*exhaust.values()])
                     + cp_model.LinearExpr.sum([recycle[g] for g in exhaust])
                     + _dot(activate.values(), (offer.adds.energy for offer in res.sources)))
    model.add(energy_need <= energy_supply)

    # Power: a domain pip takes its domain, else flexible Power (the `deficit`); [A] pips take
    # whatever is left, so all needs together fit in all supply.
    flexible = res.pool_power[ANY_INDEX] + source_adds(ANY_INDEX)
    deficits = []
    supply_all: list[cp_model.LinearExpr] = [flexible]
    for d, domain in enumerate(DOMAINS):
        supply_d = (source_adds(d) + res.pool_power[d] + cp_model.LinearExpr.sum(
            [recycle[g] for g, group in enumerate(res.runes) if group.domain == d]))
        bound = max((o.total.power[d] for o in options), default=0) + sum(
            offer.needs.power[d] for offer in res.sources) + sum(
            cost.adds.power[d] for cost in free.costs)
        deficit = model.new_int_var(0, bound, f"deficit[{domain}]")
        model.add(deficit >= need_of(d) - supply_d)
        deficits.append(deficit)
        supply_all.append(supply_d)
    model.add(cp_model.LinearExpr.sum(deficits) <= flexible)
    model.add(cp_model.LinearExpr.sum([need_of(part) for part in range(len(DOMAINS) + 1)])
              <= cp_model.LinearExpr.sum(supply_all))

    # The `use` variables by need key and by object group, each list in `v.use`'s order (one
    # pass: filtering `v.use` per key or group would be quadratic in thousands of objects).
    by_key: dict[tuple[str, object], list[cp_model.IntVar]] = {}
    by_group: dict[int, list[tuple[tuple[str, object], cp_model.IntVar]]] = {}
    for (key, g), var in v.use.items():
        by_key.setdefault(key, []).append(var)
        by_group.setdefault(g, []).append((key, var))

    # Non-standard costs: each need is met by distinct eligible objects (XP from the pile).
    for key, need in v.needs.items():
        if need.kind == "spend_xp":
            model.add(v.demand[key] <= res.xp)
        else:
            model.add(sum(by_key.get(key, [])) == v.demand[key])

    # A source that kills other objects kills its count of them with each activation.
    for s, key, need in v.kills:
        model.add(sum(by_key.get(key, [])) == need.count * activate[s])

    # A buff is spent once: every `spend_buff` need taking buffs of one group shares its buffs.
    for g, objects in enumerate(res.objects):
        buffs = [var for key, var in by_group.get(g, []) if key[0] == "spend_buff"]
        if len(buffs) > 1:
            model.add(sum(buffs) <= capacity(objects, "spend_buff"))

    # An object pays for one thing once: the non-standard costs share it.
    for g, objects in enumerate(res.objects):
        users = [var for key, var in by_group.get(g, []) if key[0] != "spend_buff"]
        if len(users) > 1:
            model.add(sum(users) <= len(objects.ids))

    # A source that used its object to add Energy or Power leaves it to the non-standard costs
    # (`engine.payment.SourceOffer`): none once it killed it (its buffs neither), and none that
    # needs it ready once it exhausted it.
    source_of = {offer.id: s for s, offer in enumerate(res.sources) if offer.uses_object}
    for g, objects in enumerate(res.objects):
        for s in (source_of[i] for i in objects.ids if i in source_of):
            offer = res.sources[s]
            taking = [var for key, var in by_group.get(g, [])
                      if (key[0] != "spend_buff" if offer.kills else key[0] == "exhaust")]
            if taking:
                model.add(sum(taking) + activate[s] <= len(objects.ids))
            buffs = [var for key, var in by_group.get(g, []) if key[0] == "spend_buff"]
            if offer.kills and buffs:
                held = capacity(objects, "spend_buff")
                model.add(sum(buffs) + held * activate[s] <= held)

    # An object a source kills as its cost (`engine.payment.SourceOffer.kill_needs`) pays
    # nothing else: no buff of it is spent, and no other source of it is activated (its own
    # kill need may take it: `engine.payment.source_eligible`).
    killers = {key: res.sources[s].id for s, key, _ in v.kills}
    for g, objects in enumerate(res.objects):
        killed = [(key, var) for key, var in by_group.get(g, []) if key in killers]
        if not killed:
            continue
        buffs = [var for key, var in by_group.get(g, []) if key[0] == "spend_buff"]
        if buffs and objects.sample.buffs:
            model.add(sum(buffs) + objects.sample.buffs * sum(var for _, var in killed)
                      <= capacity(objects, "spend_buff"))
        for s, offer in enumerate(res.sources):
            if offer.id in objects.ids:
                others = [var for key, var in killed if killers[key] != offer.id]
                if others:
                    model.add(sum(others) + activate[s] <= len(objects.ids))


# --- Sources paid in order ----------------------------------------------------------------------


def _costly(res: Resources) -> list[int]:
    """The source offers with an Energy or Power cost of their own."""
    return [s for s, offer in enumerate(res.sources) if offer.needs.energy or any(offer.needs.power)]


def _in_some_order(options: tuple[CostOption, ...], res: Resources, free: Free,
                   found: Solution) -> bool:
    """Whether the activations of a solution by sums have an order that pays each source's
    own cost from what the pool holds before it (`engine.payment.paid_in_order`); true where
    no source activated has such a cost."""
    costly = [s for s in _costly(res) if found.activate[s]]
    if not costly:
        return True
    power = list(res.pool_power)
    energy = res.pool_energy
    for g, group in enumerate(res.runes):
        energy += found.exhaust[g] + (found.recycle[g] if group.ready else 0)
        power[group.domain] += found.recycle[g]
    start = Cost(energy, tuple(power))
    for s, offer in enumerate(res.sources):
        if found.activate[s] and s not in costly:
            start = start + offer.adds
    total = options[found.option].total
    for cost, paid in zip(free.costs, found.paid):
        if paid:
            total = total + cost.adds
    try:
        return paid_in_order(start, [(res.sources[s].needs, res.sources[s].adds) for s in costly],
                             Cost(total.energy, total.power))
    except TooManyOrders:
        return False


def _in_order(model: cp_model.CpModel, v: _Variables, options: tuple[CostOption, ...],
              res: Resources, free: Free) -> None:
    """A source's own Energy or Power cost is paid from what the pool holds before it is
    activated (the runes' and the pool's, and what sources activated earlier added): no
    activation pays for itself, and no two pay for each other. The sums of `_constraints` let
    a source pay its own cost; here the activations with such a cost take steps, one at a
    time, and the pool is followed from step to step.

    The pool starts with everything the runes and the pool give and what the free sources (no
    Energy or Power cost) add: those come first, adding only. At step t at most one source is
    activated (`step[t,id]`, the steps used first): its Energy from the pool's Energy, each
    domain pip from Power of its domain or of any domain, each [A] pip from any Power (`take`),
    never more than the pool holds before the step; then it adds. The total is paid last, from
    what the pool holds after the last step."""
    costly: dict[str, list[int]] = {}
    for s in _costly(res):
        costly.setdefault(res.sources[s].id, []).append(s)
    if not costly:
        return
    kinds = len(DOMAINS) + 2  # Energy, each domain's Power, Power of any domain
    flex = len(DOMAINS) + 1

    def adds_of(offer_adds: Cost) -> list[int]:
        return [offer_adds.energy, *offer_adds.power[:len(DOMAINS)], offer_adds.power[ANY_INDEX]]

    free_offers = [s for s, offer in enumerate(res.sources) if offer.id not in costly]
    ready = [g for g in v.exhaust]
    pool: list[cp_model.LinearExpr] = [
        res.pool_energy + cp_model.LinearExpr.sum([*v.exhaust.values()])
        + cp_model.LinearExpr.sum([v.recycle[g] for g in ready])
        + _dot([v.activate[s] for s in free_offers], (res.sources[s].adds.energy for s in free_offers))]
    for d in range(len(DOMAINS)):
        pool.append(res.pool_power[d] + cp_model.LinearExpr.sum(
            [v.recycle[g] for g, group in enumerate(res.runes) if group.domain == d])
            + _dot([v.activate[s] for s in free_offers],
                   (res.sources[s].adds.power[d] for s in free_offers)))
    pool.append(res.pool_power[ANY_INDEX] + _dot(
        [v.activate[s] for s in free_offers], (res.sources[s].adds.power[ANY_INDEX] for s in free_offers)))
    bound = (res.pool_energy + sum(res.pool_power) + 2 * sum(len(g.ids) for g in res.runes)
             + sum(offer.adds.size for offer in res.sources))

    ids = list(costly)
    needs = [res.sources[costly[i][0]].needs for i in ids]
    adds = [adds_of(res.sources[costly[i][0]].adds) for i in ids]
    steps = sum(len(offers) for offers in costly.values())
    step = [[model.new_bool_var(f"step[{t},{i}]") for i in ids] for t in range(steps)]
    for t in range(steps):
        model.add(sum(step[t]) <= 1)
        if t:
            model.add(sum(step[t]) <= sum(step[t - 1]))
    for j, i in enumerate(ids):
        model.add(sum(step[t][j] for t in range(steps))
                  == sum(v.activate[s] for s in costly[i]))
    for t in range(steps):
        row = step[t]
        need = [_dot(row, (cost.power[part] for cost in needs)) for part in range(ANY_INDEX + 1)]
        before = pool
        energy = _dot(row, (cost.energy for cost in needs))
        model.add(before[0] >= energy)
        spent: list[cp_model.LinearExpr] = [energy]
        from_any: list[cp_model.IntVar] = []
        any_pips = [model.new_int_var(0, bound, f"take[{t},A,{k}]") for k in range(1, kinds)]
        model.add(sum(any_pips) == need[ANY_INDEX])
        for d in range(len(DOMAINS)):
            by_any = model.new_int_var(0, bound, f"take[{t},{DOMAINS[d]},any]")
            model.add(by_any <= need[d])
            from_any.append(by_any)
            spent.append(need[d] - by_any + any_pips[d])
        spent.append(cp_model.LinearExpr.sum(from_any) + any_pips[flex - 1])
        pool = []
        for k in range(kinds):
            model.add(before[k] >= spent[k])
            after = model.new_int_var(0, bound, f"pool[{t},{k}]")
            model.add(after == before[k] - spent[k] + _dot(row, (a[k] for a in adds)))
            pool.append(after)

    # The total (the option's and the free optional costs'), from the pool after the last step.
    def total(part: int) -> cp_model.LinearExpr:
        return (_dot(v.choose.values(), (o.total.power[part] for o in options))
                + _dot(v.pay.values(), (cost.adds.power[part] for cost in free.costs)))

    model.add(pool[0] >= _dot(v.choose.values(), (o.total.energy for o in options))
              + _dot(v.pay.values(), (cost.adds.energy for cost in free.costs)))
    deficits = []
    for d in range(len(DOMAINS)):
        deficit = model.new_int_var(0, bound, f"last_deficit[{DOMAINS[d]}]")
        model.add(deficit >= total(d) - pool[1 + d])
        deficits.append(deficit)
    model.add(cp_model.LinearExpr.sum(deficits) <= pool[flex])
    model.add(cp_model.LinearExpr.sum([total(part) for part in range(len(DOMAINS) + 1)])
              <= cp_model.LinearExpr.sum(pool[1:]))


# --- Objective ----------------------------------------------------------------------------------


def _ranked_terms(scenario: Scenario, v: _Variables, options: tuple[CostOption, ...],
                  benefits: tuple[int, ...], res: Resources,
                  free: Free) -> list[cp_model.LinearExpr]:
    """The objective's terms, most important first (see the module docstring)."""
    choose = v.choose
    # The score, by the one scorer (`engine.payment.charged`) over the variables.
    xp = [v.demand[key] for key, need in v.needs.items() if need.kind == "spend_xp"]
    terms = charged(scenario, res, v.exhaust, v.recycle, v.activate, v.use, xp)
    score = cp_model.LinearExpr.sum([var * charge for var, charge in terms])
    benefit = (cp_model.LinearExpr.sum([choose[o] * benefits[o] for o in choose])
               + _dot(v.pay.values(), free.benefits))
    size = (cp_model.LinearExpr.sum([choose[o] * options[o].total.size for o in choose])
            + _dot(v.pay.values(), (cost.adds.size for cost in free.costs)))
    actions = cp_model.LinearExpr.sum(_actions(v))
    # What the payment takes from the board that the play keeps (`engine.payment.board_losses`).
    targets, kept = board_losses(res, v.use, v.activate)
    ranked = ranking(cp_model.LinearExpr.sum(targets), score, benefit,
                     cp_model.LinearExpr.sum(kept), size, actions, _rank(v, free))
    # A term over no variable (no target, no own object any cost could take) ranks nothing.
    varying = [term for term in ranked if cp_model.FlatIntExpr(term).vars]
    return varying or ranked[:1]


def _rank(v: _Variables, free: Free) -> cp_model.LinearExpr:
    """The place of the chosen option in the engine's list (`engine.options.play_options`).

    With free optional costs, the option the engine would list for the chosen option and set:
    it lists by base, then optional set (fewer costs first, then by the first index where two
    sets of one size differ, the set holding the earlier cost first), then the option's place
    within its set, which is its place within the base's options listed without the free
    costs (`engine.options.free_costs`). Among sets of one size, the set holding the earlier
    cost where two differ is the one whose bits, cost 0 the most significant, read as the
    larger binary number; so `size * 2^n - binary` orders the sets of one base (it is in
    [0, (n + 1) * 2^n)), and `(group * (n + 1) * 2^n + size * 2^n - binary) * per_group +
    place in group` the options (`per_group`: the most options a base has)."""
    choose = v.choose
    if not free.costs:
        return cp_model.LinearExpr.sum([choose[o] * o for o in choose])
    n = len(free.costs)
    per_group = max(Counter(free.groups).values())
    place: list[int] = []
    seen: Counter[int] = Counter()
    for group in free.groups:
        place.append(seen[group])
        seen[group] += 1
    sets = 2 ** n
    option_weights = [group * (n + 1) * sets * per_group + k
                      for group, k in zip(free.groups, place)]
    # per free cost: `sets` for its size part, less its bit (cost 0 the most significant)
    set_weights = [(sets - 2 ** (n - 1 - i)) * per_group for i in range(n)]
    return _dot([*choose.values(), *v.pay.values()], [*option_weights, *set_weights])


def ranking(targets: N, score: N, benefit: N, kept: N, size: N, actions: N, option: N) -> list[N]:
    """The objective's terms, most important first; the model minimises them over variables,
    the fast path compares them over numbers, so both rank every payment the same way:

    1. `targets`: the play's targets its costs take from their zone (rule 357.3: no cost may
       make a later choice illegal unless there is no other choice, so a payment that keeps
       them, where one exists, is the only legal one; `engine.payment.board_losses`);
    2. the score minus the benefits of the optional costs paid (`objective`);
    3. `kept`: the played object (for an ability, its own object) and the targets taken from
       the board (`payplan/1`: among plans of equal score, the one that keeps them wins);
    4. the total's size (Energy plus pips);
    5. the benefit (with the second term equal, the smaller score);
    6. the number of actions;
    7. the option's place in the engine's list."""
    return [targets, score - benefit, kept, size, benefit, actions, option]


def _hint(v: _Variables, known: Solution) -> list[tuple[cp_model.IntVar, int]]:
    """The model's decision variables set as the payment `known` makes them (the deficits and
    the constraints' own sums are CP-SAT's to complete)."""
    hint = [(var, int(o == known.option)) for o, var in v.choose.items()]
    hint += [(var, known.exhaust[g]) for g, var in v.exhaust.items()]
    hint += [(var, known.recycle[g]) for g, var in v.recycle.items()]
    hint += [(var, int(known.activate[s])) for s, var in v.activate.items()]
    counts = dict(known.use)
    hint += [(var, counts[key][g] if key in counts else 0) for (key, g), var in v.use.items()]
    hint += [(var, int(i < len(known.paid) and known.paid[i])) for i, var in v.pay.items()]
    return hint


# --- Reading the answer back --------------------------------------------------------------------


def _read_back(solver: cp_model.CpSolver, v: _Variables, res: Resources) -> Solution:
    def value(var: cp_model.IntVar | None) -> int:
        return 0 if var is None else int(solver.value(var))

    return Solution(
        option=next(o for o, var in v.choose.items() if value(var)),
        exhaust=tuple(value(v.exhaust.get(g)) for g in range(len(res.runes))),
        recycle=tuple(value(v.recycle[g]) for g in range(len(res.runes))),
        activate=tuple(bool(value(var)) for var in v.activate.values()),
        use=tuple((key, tuple(value(v.use.get((key, g))) for g in range(len(res.objects))))
                  for key in [*v.needs, *(key for _, key, _ in v.kills)]),
        optimal=True,
        paid=tuple(bool(value(var)) for var in v.pay.values()),
    )


__all__ = ["Free", "ModelInvalid", "NO_FREE", "Solution", "SolverStopped", "ranking", "solve"]
