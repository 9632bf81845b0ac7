"""An exact shortcut for the common case: a play paid only from runes and the pool.

When no option has a non-standard cost and no source is usable, the CP-SAT model reduces to a
small problem this module solves exactly, without the solver:

- the pool is free, so it pays first: its Energy, its domain Power on pips of that domain, the
  rest of its domain Power on `[A]` pips; its `[A]` Power (`flexible`) goes where runes lack;
- within one domain, runes of equal readiness differ only in their recycle charge, so the
  cheapest are recycled first; what remains is how many exhausted and how many ready runes of
  each domain to recycle;
- a ready rune that is recycled may also give its Energy; the Energy still missing comes from
  exhausting other ready runes, each charged the (uniform) exhaust weight.

A dynamic programme over the domains, on (runes recycled, ready runes recycled, flexible Power
used), finds the cheapest choice for each option; the best option is then chosen by the model's
own `ranking` (objective, total size, score, actions, option order). The tests
check it against the CP-SAT model and the brute force.
"""

from __future__ import annotations

from payplan.engine.cost import ANY_INDEX, DOMAINS
from payplan.engine.options import CostOption
from payplan.engine.payment import Resources, score
from payplan.engine.scenario import Scenario
from payplan.planner.model import Solution, ranking

MAX_PIPS = 30
MAX_ENERGY = 100


def applies(options: tuple[CostOption, ...], res: Resources) -> bool:
    """Whether the shortcut is exact here: no non-standard cost, no usable source."""
    if res.sources:
        return False
    if len({g.exhaust_charge for g in res.runes}) > 1:
        return False
    # Its table grows with the Energy and pips to pay: huge totals go to the model instead.
    return all(not o.total.other and o.total.pips <= MAX_PIPS and o.total.energy <= MAX_ENERGY
               for o in options)


def solve_fast(scenario: Scenario, options: tuple[CostOption, ...], benefits: tuple[int, ...],
               res: Resources) -> Solution | None:
    best: tuple[list[int], Solution] | None = None
    classes = _alike_domains(res)
    tried: set[tuple[object, ...]] = set()
    for index, option in enumerate(options):
        # An option whose pips are those of an earlier one with domains of one class swapped
        # pays the same (score and actions) and comes later: it never wins (`_alike_domains`).
        power = option.total.power
        alike = (option.total.energy, power[ANY_INDEX], benefits[index],
                 tuple(tuple(sorted(power[d] for d in members)) for members in classes))
        if alike in tried:
            continue
        tried.add(alike)
        found = _pay(option, res)
        if found is None:
            continue
        actions, exhaust, recycle = found
        solution = Solution(index, exhaust, recycle, (), (), True)
        # The DP minimised the runes' charges; the score is the one scorer's over its counts.
        charged = score(scenario, option.total, res, solution)
        key = ranking(charged, benefits[index], option.total.size, actions, index)
        if best is None or key < best[0]:
            best = (key, solution)
    return best[1] if best else None


def _alike_domains(res: Resources) -> list[tuple[int, ...]]:
    """The domains in classes of the same pool Power and the same runes (readiness and charges,
    counted): swapping two domains of one class maps every payment of a total onto a payment of
    the swapped total with the same charges and actions (`_pay` reads a domain only through its
    pool Power and its runes' readiness and charges, and sums over the domains), so the least
    charge and actions `_pay` finds for the two totals are equal, and so is the score (the
    scorer's sum of those charges over its counts); with the same benefit and size, the ranking
    then prefers the earlier option."""
    profile: dict[tuple[object, ...], list[int]] = {}
    for d in range(len(DOMAINS)):
        runes = sorted((g.ready, g.recycle_charge, g.exhaust_charge, len(g.ids))
                       for g in res.runes if g.domain == d)
        profile.setdefault((res.pool_power[d], tuple(runes)), []).append(d)
    return [tuple(members) for members in profile.values()]


def _pay(option: CostOption, res: Resources) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """The cheapest runes for the option, in counts: (actions, exhausted only and recycled per
    rune group), or None when the runes and the pool can't pay it."""
    total = option.total
    energy = max(0, total.energy - res.pool_energy)
    need = []
    leftover_pool = 0
    for d in range(len(DOMAINS)):
        need.append(max(0, total.power[d] - res.pool_power[d]))
        leftover_pool += max(0, res.pool_power[d] - total.power[d])
    any_need = max(0, total.power[ANY_INDEX] - leftover_pool)
    flexible = res.pool_power[ANY_INDEX]
    ready_total = sum(len(g.ids) for g in res.runes if g.ready)
    if energy > ready_total:
        return None
    pips = sum(need) + any_need
    ex = res.runes[0].exhaust_charge if res.runes else 0

    # Per domain: the candidate (exhausted recycled, ready recycled) counts with their cost.
    # dp maps (recycled, ready recycled, flexible used) -> (cost, actions, choices per domain).
    dp: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {(0, 0, 0): (0, ())}
    for d in range(len(DOMAINS)):
        tired = sorted((g.recycled_charge, gi) for gi, g in enumerate(res.runes)
                       if g.domain == d and not g.ready for _ in g.ids)
        fresh = sorted((g.recycled_charge, gi) for gi, g in enumerate(res.runes)
                       if g.domain == d and g.ready for _ in g.ids)
        tired_cost = _prefix([c for c, _ in tired])
        fresh_cost = _prefix([c for c, _ in fresh])
        nxt: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}
        cap = need[d] + any_need
        for (rec, ready_rec, flex), (cost, picks) in dp.items():
            for x in range(min(len(tired), cap) + 1):
                for y in range(min(len(fresh), cap - x) + 1):
                    short = max(0, need[d] - x - y)
                    if flex + short > flexible:
                        continue
                    key = (min(rec + x + y, pips), min(ready_rec + y, energy), flex + short)
                    value = (cost + tired_cost[x] + fresh_cost[y], picks + ((x, y),))
                    old = nxt.get(key)
                    if old is None or value[0] < old[0]:
                        nxt[key] = value
        dp = nxt
    best: tuple[int, int, tuple[tuple[int, int], ...]] | None = None
    for (rec, ready_rec, flex), (cost, picks) in dp.items():
        if rec + flexible < pips:
            continue
        score = cost + ex * (energy - ready_rec)
        actions = sum(x + y for x, y in picks) + (energy - ready_rec)
        if best is None or (score, actions) < (best[0], best[1]):
            best = (score, actions, picks)
    if best is None:
        return None
    _, actions, picks = best
    exhaust = [0] * len(res.runes)
    recycle = [0] * len(res.runes)
    ready_recycled = 0
    for d, (x, y) in enumerate(picks):
        for count, ready in ((x, False), (y, True)):
            groups = sorted((g.recycle_charge, gi) for gi, g in enumerate(res.runes)
                            if g.domain == d and g.ready == ready)
            for _, gi in groups:
                take = min(count, len(res.runes[gi].ids))
                recycle[gi] += take
                count -= take
        ready_recycled += y
    missing = energy - min(ready_recycled, energy)
    for gi, g in enumerate(res.runes):
        if g.ready and missing:
            take = min(missing, len(g.ids) - recycle[gi])
            exhaust[gi] += take
            missing -= take
    return actions, tuple(exhaust), tuple(recycle)


def _prefix(costs: list[int]) -> list[int]:
    out = [0]
    for c in costs:
        out.append(out[-1] + c)
    return out
