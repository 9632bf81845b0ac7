"""An exact shortcut for the common case: a play paid without sources.

When no source is usable, the CP-SAT model reduces to two small problems this module solves
exactly, without the solver.
The non-standard costs and the runes share no variable and no constraint (only sources tie
objects to Energy and Power), and their charges add up, so each part is solved on its own:

- the non-standard costs (`_pay_other`): a minimum-cost flow from the needs to the objects;
- the runes and the pool (`_pay`), as follows.

For the runes and the pool:
- the pool is free, so it pays first: its Energy, its domain Power on pips of that domain, the
  rest of its domain Power on `[A]` pips; its `[A]` Power (`flexible`) goes where runes lack;
- within one domain, runes of equal readiness differ only in their recycle charge, so the
  cheapest are recycled first; what remains is how many exhausted and how many ready runes of
  each domain to recycle;
- a ready rune that is recycled may also give its Energy; the Energy still missing comes from
  exhausting other ready runes, each charged the (uniform) exhaust weight.

A dynamic programme over the domains, on (runes recycled, ready runes recycled, flexible Power
used), finds the cheapest choice for each option; the best option is then chosen by the model's
own `ranking` (objective, total size, score, actions, option order), over the score of both
parts and their actions (a non-standard need's objects and buffs count one action each, as the
model's `use` variables do). The tests check it against the CP-SAT model and the brute force.
"""

from __future__ import annotations

from typing import NamedTuple

from payplan.engine.cost import ANY_INDEX, DOMAINS, Cost, OtherCost
from payplan.engine.options import CostOption
from payplan.engine.payment import (NeedKey, Resources, capacity, eligible, need_key,
                                    object_charge, score)
from payplan.engine.scenario import Scenario
from payplan.planner.model import Solution, ranking

MAX_PIPS = 30
MAX_ENERGY = 100


def applies(options: tuple[CostOption, ...], res: Resources) -> bool:
    """Whether the shortcut is exact here: no usable source and one exhaust charge for all runes."""
    if res.sources:
        return False
    if len({g.exhaust_charge for g in res.runes}) > 1:
        return False
    # Its table grows with the Energy and pips to pay: huge totals go to the model instead.
    return all(o.total.pips <= MAX_PIPS and o.total.energy <= MAX_ENERGY for o in options)


def _pay_other(scenario: Scenario, total: Cost,
               res: Resources) -> tuple[int, tuple[tuple[NeedKey, tuple[int, ...]], ...]] | None:
    """The cheapest objects for the total's non-standard needs: (objects and buffs used, per need
    key, in the total's order, the count per object group), or None when they can't be paid.

    This is the model's part for them, alone: per need key (kind and filter) its count from
    the eligible groups, at the groups' charges; a group's buffs shared by the `spend_buff`
    needs, its objects by all other needs (`spend_xp` draws on the XP pile). The two sharings
    are two separate transportation problems, each solved exactly as a minimum-cost flow
    (`min_cost_flow`)."""
    needs: dict[NeedKey, tuple[OtherCost, int]] = {}
    for entry in total.other:
        sample, count = needs.get(need_key(entry), (entry, 0))
        needs[need_key(entry)] = (sample, count + entry.count)
    counts = {key: [0] * len(res.objects) for key in needs}
    used = 0
    for buffs in (False, True):
        keys = [key for key, (sample, _) in needs.items()
                if sample.kind != "spend_xp" and (sample.kind == "spend_buff") == buffs]
        if not keys:
            continue
        arcs = [{g: object_charge(scenario, group, key[0])
                 for g, group in enumerate(res.objects) if eligible(scenario, group, needs[key][0])}
                for key in keys]
        caps = [capacity(group, "spend_buff") if buffs else len(group.ids) for group in res.objects]
        flow = min_cost_flow([needs[key][1] for key in keys], arcs, caps)
        if flow is None:
            return None
        for (k, g), n in flow.items():
            counts[keys[k]][g] = n
        used += sum(needs[key][1] for key in keys)
    xp = sum(n for sample, n in needs.values() if sample.kind == "spend_xp")
    if xp > res.xp:
        return None
    return used, tuple((key, tuple(c)) for key, c in counts.items())


def min_cost_flow(demands: list[int], arcs: list[dict[int, int]],
                  caps: list[int]) -> dict[tuple[int, int], int] | None:
    """The cheapest way for needs k to take `demands[k]` units from groups g it has an arc to
    (`arcs[k][g]`: the charge of one unit), at most `caps[g]` units from group g over all
    needs: units per (need, group), or None when the demands can't all be met.

    Successive shortest paths: from the source to every need (capacity its demand), need to
    group along its arcs, group to the sink (capacity its cap); while some demand is unmet,
    push along a cheapest path of the residual graph (Bellman-Ford: the reverse arcs of used
    units carry negative charges). Each push keeps the flow the cheapest of its size (the
    residual graph of a cheapest flow has no negative cycle, and a cheapest path keeps it so),
    so the flow that meets every demand is a cheapest one; when no path is left, the demands
    exceed what the groups can give (max-flow min-cut). Ties go to the earlier need and
    group (relaxations improve only strictly, in index order), so the answer is
    deterministic."""
    n_needs, n_groups = len(demands), len(caps)
    source, sink = n_needs + n_groups, n_needs + n_groups + 1
    flow: dict[tuple[int, int], int] = {}
    taken = [0] * n_groups
    met = [0] * n_needs
    want = sum(demands)
    while want:
        # Residual arcs: source->need (room), need->group (any), group->need (units held),
        # group->sink (room). Distances by Bellman-Ford over the nodes in index order.
        dist: list[float] = [float("inf")] * (n_needs + n_groups + 2)
        back: list[int] = [-1] * len(dist)
        dist[source] = 0
        for k in range(n_needs):
            if met[k] < demands[k]:
                dist[k], back[k] = 0, source
        changed = True
        while changed:
            changed = False
            for k in range(n_needs):
                if dist[k] == float("inf"):
                    continue
                for g, charge in arcs[k].items():
                    if dist[k] + charge < dist[n_needs + g]:
                        dist[n_needs + g], back[n_needs + g] = dist[k] + charge, k
                        changed = True
            for (k, g), units in flow.items():
                if units and dist[n_needs + g] - arcs[k][g] < dist[k]:
                    dist[k], back[k] = dist[n_needs + g] - arcs[k][g], n_needs + g
                    changed = True
        ends = [g for g in range(n_groups) if taken[g] < caps[g] and dist[n_needs + g] < float("inf")]
        if not ends:
            return None
        end = min(ends, key=lambda g: (dist[n_needs + g], g))
        # The path back from the group to a need with room; push what fits all along it.
        path: list[tuple[int, int, int]] = []  # (need, group, +1 forward / -1 reverse)
        node = n_needs + end
        while node != source:
            prev = back[node]
            if prev == source:
                break
            if node >= n_needs:
                path.append((prev, node - n_needs, 1))
            else:
                path.append((node, prev - n_needs, -1))
            node = prev
        first = node  # the need the path starts from
        push = min(want, caps[end] - taken[end], demands[first] - met[first],
                   *(flow.get((k, g), 0) for k, g, sign in path if sign < 0))
        for k, g, sign in path:
            flow[(k, g)] = flow.get((k, g), 0) + sign * push
        taken[end] += push
        met[first] += push
        want -= push
    return {arc: n for arc, n in flow.items() if n}


def solve_fast(scenario: Scenario, options: tuple[CostOption, ...], benefits: tuple[int, ...],
               res: Resources) -> Solution | None:
    best: tuple[list[int], Solution] | None = None
    classes = _alike_domains(res) if len(options) > 1 else []
    domains = _domains(res)
    tried: set[tuple[object, ...]] = set()
    for index, option in enumerate(options):
        # An option whose pips are those of an earlier one with domains of one class swapped
        # pays the same (score and actions) and comes later: it never wins (`_alike_domains`).
        power = option.total.power
        alike = (option.total.energy, power[ANY_INDEX], benefits[index], option.total.other,
                 tuple(tuple(sorted(power[d] for d in members)) for members in classes))
        if alike in tried:
            continue
        tried.add(alike)
        other = _pay_other(scenario, option.total, res) if option.total.other else (0, ())
        if other is None:
            continue
        found = _pay(option, res, domains)
        if found is None:
            continue
        actions, exhaust, recycle = found
        used, use = other
        actions += used
        solution = Solution(index, exhaust, recycle, (), use, True)
        if len(options) == 1:  # nothing to rank it against
            return solution
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


class _Domain(NamedTuple):
    """One domain's runes as `_pay` reads them: exhausted and ready runes, each list cheapest
    recycle first (group index per rune), and the prefix sums of their recycle charges."""

    tired: tuple[int, ...]
    fresh: tuple[int, ...]
    tired_cost: tuple[int, ...]
    fresh_cost: tuple[int, ...]


def _domains(res: Resources) -> list[_Domain]:
    """The runes by domain, read once for every option (`_pay`)."""
    runes: list[list[list[tuple[int, int]]]] = [[[], []] for _ in DOMAINS]  # [tired, fresh]
    for gi, g in enumerate(res.runes):
        runes[g.domain][g.ready].extend([(g.recycled_charge, gi)] * len(g.ids))
    out = []
    for tired, fresh in runes:
        if not tired and not fresh:
            out.append(_NO_RUNES)
            continue
        tired.sort()
        fresh.sort()
        out.append(_Domain(tuple(gi for _, gi in tired), tuple(gi for _, gi in fresh),
                           _prefix([c for c, _ in tired]), _prefix([c for c, _ in fresh])))
    return out


_NO_RUNES = _Domain((), (), (0,), (0,))


def _pay(option: CostOption, res: Resources,
         domains: list[_Domain]) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
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
    # A domain without runes has one choice, (0, 0), its pips all paid by flexible Power: it
    # starts the flexible count instead of taking a step (the same keys and costs).
    bare = sum(need[d] for d in range(len(DOMAINS)) if not domains[d].tired and not domains[d].fresh)
    if bare > flexible:
        return None
    picks0 = tuple((0, 0) for _ in range(len(DOMAINS)))
    dp: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {(0, 0, bare): (0, picks0)}
    for d, runes in enumerate(domains):
        if not runes.tired and not runes.fresh:
            continue
        tired_cost, fresh_cost = runes.tired_cost, runes.fresh_cost
        n_tired, n_fresh = len(runes.tired), len(runes.fresh)
        nxt: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}
        cap = need[d] + any_need
        for (rec, ready_rec, flex), (cost, picks) in dp.items():
            for x in range(min(n_tired, cap) + 1):
                for y in range(min(n_fresh, cap - x) + 1):
                    short = max(0, need[d] - x - y)
                    if flex + short > flexible:
                        continue
                    key = (min(rec + x + y, pips), min(ready_rec + y, energy), flex + short)
                    value = cost + tired_cost[x] + fresh_cost[y]
                    old = nxt.get(key)
                    if old is None or value < old[0]:
                        nxt[key] = (value, picks[:d] + ((x, y),) + picks[d + 1:])
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
        runes = domains[d]
        for gi in runes.tired[:x] + runes.fresh[:y]:
            recycle[gi] += 1
        ready_recycled += y
    missing = energy - min(ready_recycled, energy)
    for gi, g in enumerate(res.runes):
        if g.ready and missing:
            take = min(missing, len(g.ids) - recycle[gi])
            exhaust[gi] += take
            missing -= take
    return actions, tuple(exhaust), tuple(recycle)


def _prefix(costs: list[int]) -> tuple[int, ...]:
    out = [0]
    for c in costs:
        out.append(out[-1] + c)
    return tuple(out)
