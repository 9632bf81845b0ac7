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
own `ranking` (targets taken, objective, played object and targets taken, total size, score,
actions, option order), over the score of both parts, what the flow takes from the board and
their actions (a non-standard need's objects and buffs count one action each, as the model's
`use` variables do; the flow ranks a unit as `ranking` does, `_Ranked`). The tests check it
against the CP-SAT model and the brute force.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import NamedTuple

from ...engine.discounts import ANY_INDEX
from ...engine.riftbound.cost import DOMAINS, Cost, OtherCost
from ...engine.riftbound.options import CostOption
from ...engine.riftbound.payment import (
    NeedKey,
    ObjectGroup,
    Resources,
    board_losses,
    capacity,
    eligible,
    losses,
    need_key,
    needs_of,
    object_charge,
    score,
)
from ...engine.riftbound.scenario import Scenario
from .model import Solution, ranking

MAX_PIPS = 30
MAX_ENERGY = 100
MAX_FLOW = 100_000  # objects and buffs to take times object groups (about 50 ms of flow)


def applies(options: tuple[CostOption, ...], res: Resources) -> bool:
    """Whether the shortcut is exact here: no usable source and one exhaust charge for all runes;
    and whether it is quick: its table grows with the Energy and pips to pay, its flow with the
    units the non-standard costs take times the object groups (each unit one shortest-path
    search over the groups, about 0.5 us per unit and group measured), so huge totals go to the
    model, which the time limit bounds, instead."""
    if res.sources:
        return False
    if len({g.exhaust_charge for g in res.runes}) > 1:
        return False
    return all(o.total.pips <= MAX_PIPS and o.total.energy <= MAX_ENERGY
               and (not o.total.other
                    or sum(n.count for n in o.total.other if n.kind != "spend_xp")
                    * len(res.objects) <= MAX_FLOW)
               for o in options)


def _pay_other(scenario: Scenario, total: Cost,
               res: Resources) -> tuple[int, tuple[tuple[NeedKey, tuple[int, ...]], ...]] | None:
    """The cheapest objects for the total's non-standard needs: (objects and buffs used, per need
    key, in the total's order, the count per object group), or None when they can't be paid.

    This is the model's part for them, alone: per need key (kind and filter) its count from
    the eligible groups, at the groups' charges; a group's buffs shared by the `spend_buff`
    needs, its objects by all other needs (`spend_xp` draws on the XP pile). The two sharings
    are two separate transportation problems, each solved exactly as a minimum-cost flow
    (`min_cost_flow`)."""
    needs = needs_of(total)
    samples: dict[NeedKey, OtherCost] = {}
    for entry in total.other:
        samples.setdefault(need_key(entry), entry)
    counts = {key: [0] * len(res.objects) for key in needs}
    used = 0
    for buffs in (False, True):
        keys = [key for key in needs if key[0] != "spend_xp" and (key[0] == "spend_buff") == buffs]
        if not keys:
            continue
        charges = [{g: object_charge(scenario, group, key[0]) for g, group in enumerate(res.objects)
                    if eligible(scenario, group, samples[key])} for key in keys]
        ranked = _Ranked(res, sum(needs[key] for key in keys),
                         max((c for arc in charges for c in arc.values()), default=0))
        arcs = [{g: ranked.charge(key, g, c) for g, c in arc.items()}
                for key, arc in zip(keys, charges)]
        caps = [capacity(group, "spend_buff") if buffs else len(group.ids) for group in res.objects]
        flow = min_cost_flow([needs[key] for key in keys], arcs, caps)
        if flow is None:
            return None
        for (k, g), n in flow.items():
            counts[keys[k]][g] = n
        used += sum(needs[key] for key in keys)
    if sum(n for key, n in needs.items() if key[0] == "spend_xp") > res.xp:
        return None
    return used, tuple((key, tuple(c)) for key, c in counts.items())


class _Ranked:
    """A unit of a need from a group, charged as the model ranks it (`ranking`): the targets it
    takes from the board first (357.3), then its charge, then the played object or target it
    takes (`engine.payment.board_losses`), in one number. Each part's weight exceeds what the
    parts after it add up to over the `units` a flow takes (charges at most `top`), so the
    cheapest flow in this charge is the cheapest in that order."""

    def __init__(self, res: Resources, units: int, top: int) -> None:
        self.res = res
        self.kept_weight = units + 1
        self.target_weight = (units * top + 1) * self.kept_weight

    def charge(self, key: NeedKey, g: int, charge: int) -> int:
        targets, kept = board_losses(self.res, {(key, g): 1}, {})
        return sum(targets) * self.target_weight + charge * self.kept_weight + sum(kept)


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
    source = n_needs + n_groups  # the nodes: needs, then groups, then the source
    flow: dict[tuple[int, int], int] = {}
    taken = [0] * n_groups
    met = [0] * n_needs
    want = sum(demands)
    while want:
        # Residual arcs: source->need (room), need->group (any), group->need (units held);
        # a group with room reaches the sink. Distances by Bellman-Ford, nodes in index order.
        dist: list[float] = [float("inf")] * (n_needs + n_groups + 1)
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
    runes = _Runes(res)
    classes: list[tuple[int, ...]] = []
    tried: set[tuple[object, ...]] | None = None  # the `alike` keys of the options tried
    earlier: list[int] = []  # the options tried, before `tried` is needed

    def alike(index: int) -> tuple[object, ...]:
        power = options[index].total.power
        return (options[index].total.energy, power[ANY_INDEX], benefits[index],
                options[index].total.other,
                tuple(tuple(sorted(power[d] for d in members)) for members in classes))

    for index, option in enumerate(options):
        if best is not None and (0, _least_score(option, res, runes) - benefits[index]) > (
                best[0][0], best[0][1]):
            continue  # it can't reach the best found's first ranks (`_least_score`)
        # An option whose pips are those of an earlier one with domains of one class swapped
        # pays the same (score and actions) and comes later: it never wins (`_alike_domains`).
        # (An option skipped above has an alike one's bound: it is skipped either way.)
        if earlier:
            if tried is None:  # a second option to try: the classes are worth working out
                classes = _alike_domains(res)
                tried = {alike(k) for k in earlier}
            twin = alike(index)
            if twin in tried:
                continue
            tried.add(twin)
        earlier.append(index)
        other = _pay_other(scenario, option.total, res) if option.total.other else (0, ())
        if other is None:
            continue
        found = _pay(option, res, runes)
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
        targets, kept = losses(res, solution)
        rank = ranking(targets, charged, benefits[index], kept, option.total.size, actions, index)
        if best is None or rank < best[0]:
            best = (rank, solution)
    return best[1] if best else None


def _least_score(option: CostOption, res: Resources, runes: _Runes) -> float:
    """A score no payment of the option goes under (-inf where none is claimed).

    Without non-standard costs and with no negative charge, the score is the runes' charges:
    the Energy the pool does not give comes from ready runes, each charging at least the
    exhaust charge (exhausted: that; recycled: its recycle charge more); the pips the pool can't
    pay (`_pay`'s `pips` less the pool's flexible Power) come from recycled runes, each charging
    at least the least recycle charge. A ready rune recycled for both pays one of each and
    charges both. So the score is at least their sum, and an option whose bound less its
    benefit exceeds the best found's score rank can't win where that one takes no target (it
    takes none: it has no non-standard cost; `ranking` ranks targets first): `solve_fast`
    skips it."""
    if option.total.other or not runes.present:
        return -math.inf
    least = min(g.recycle_charge for g in res.runes)
    if least < 0 or runes.exhaust_charge < 0:
        return -math.inf
    energy = max(0, option.total.energy - res.pool_energy)
    need, any_need = _past_pool(option.total, res)
    pips = sum(need) + any_need - res.pool_power[ANY_INDEX]
    return runes.exhaust_charge * energy + least * max(0, pips)


def _past_pool(total: Cost, res: Resources) -> tuple[list[int], int]:
    """The pips the pool's domain Power leaves to pay: per domain, and `[A]` pips (the pool's
    domain Power left after its own domain's pips pays `[A]` pips first; its flexible Power is
    the caller's to place)."""
    power, pool = total.power, res.pool_power
    need = [p - q if p > q else 0 for p, q in zip(power[:ANY_INDEX], pool)]
    leftover = sum(q - p for p, q in zip(power[:ANY_INDEX], pool) if q > p)
    return need, max(0, power[ANY_INDEX] - leftover)


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


class _Runes:
    """The runes as `_pay` reads them, once for every option of a play: the domains that have
    runes (`present`, in domain order), each domain's `_Domain` (worked out when an option first
    needs its runes for pips), how many runes are ready, the (uniform) exhaust charge."""

    __slots__ = ("res", "present", "ready", "exhaust_charge", "_groups", "_tables")

    def __init__(self, res: Resources) -> None:
        groups: dict[int, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}
        ready = 0
        for gi, g in enumerate(res.runes):
            lists = groups.get(g.domain)
            if lists is None:
                lists = groups[g.domain] = ([], [])
            lists[g.ready].append((g.recycled_charge, gi))
            if g.ready:
                ready += len(g.ids)
        self.res = res
        self.present = tuple(sorted(groups))
        self.ready = ready
        self.exhaust_charge = res.runes[0].exhaust_charge if res.runes else 0
        self._groups = groups
        self._tables: dict[int, _Domain] = {}

    def domain(self, d: int) -> _Domain:
        table = self._tables.get(d)
        if table is None:
            tired, tired_cost = _table(self.res, self._groups[d][0])
            fresh, fresh_cost = _table(self.res, self._groups[d][1])
            table = self._tables[d] = _Domain(tired, fresh, tired_cost, fresh_cost)
        return table


def _table(res: Resources,
           groups: list[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The runes of the groups (charge, group index), cheapest first then by group: the group
    index once per rune, and what recycling the first n runes charges, for every n."""
    if len(groups) < 2:  # (the common case: every rune of the domain and readiness alike)
        if not groups:
            return (), (0,)
        charge, gi = groups[0]
        n = len(res.runes[gi].ids)
        return (gi,) * n, tuple(charge * k for k in range(n + 1))
    groups.sort()
    each: list[int] = []
    costs = [0]
    for charge, gi in groups:
        for _ in res.runes[gi].ids:
            each.append(gi)
            costs.append(costs[-1] + charge)
    return tuple(each), tuple(costs)


def _pay(option: CostOption, res: Resources,
         runes: _Runes) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
    """The cheapest runes for the option, in counts: (actions, exhausted only and recycled per
    rune group), or None when the runes and the pool can't pay it."""
    total = option.total
    energy = max(0, total.energy - res.pool_energy)
    if energy > runes.ready:
        return None
    need, any_need = _past_pool(total, res)
    flexible = res.pool_power[ANY_INDEX]
    pips = sum(need) + any_need

    # dp maps (recycled, ready recycled, flexible used) -> (cost, choices per domain with runes).
    # A domain without runes has one choice, (0, 0), its pips all paid by flexible Power: it
    # starts the flexible count instead of taking a step (the same keys and costs); so does a
    # domain with runes and nothing to pay (its one choice, (0, 0), leaves every state as it is).
    none = tuple((0, 0) for _ in runes.present)
    if not pips:  # nothing to recycle: the DP below would take no step
        return (energy, *_counts(res, runes, energy, none))
    bare = sum(need) - sum(need[d] for d in runes.present)
    if bare > flexible:
        return None
    dp: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {(0, 0, bare): (0, none)}
    for k, d in enumerate(runes.present):
        cap = need[d] + any_need
        if not cap:
            continue
        domain = runes.domain(d)
        tired_cost, fresh_cost = domain.tired_cost, domain.fresh_cost
        n_tired, n_fresh = len(domain.tired), len(domain.fresh)
        nxt: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}
        need_d = need[d]
        for (rec, ready_rec, flex), (cost, picks) in dp.items():
            for x in range(min(n_tired, cap) + 1):
                cost_x = cost + tired_cost[x]
                for y in range(min(n_fresh, cap - x) + 1):
                    short = need_d - x - y
                    if short < 0:
                        short = 0
                    elif flex + short > flexible:
                        continue
                    key = (min(rec + x + y, pips), min(ready_rec + y, energy), flex + short)
                    value = cost_x + fresh_cost[y]
                    old = nxt.get(key)
                    if old is None or value < old[0]:
                        nxt[key] = (value, picks[:k] + ((x, y),) + picks[k + 1:])
        dp = nxt
    ex = runes.exhaust_charge
    best: tuple[int, int, tuple[tuple[int, int], ...]] | None = None
    for (rec, ready_rec, _flex), (cost, picks) in dp.items():
        if rec + flexible < pips:
            continue
        score = cost + ex * (energy - ready_rec)
        actions = _recycled(picks) + (energy - ready_rec)
        if best is None or (score, actions) < (best[0], best[1]):
            best = (score, actions, picks)
    if best is None:
        return None
    _, actions, picks = best
    return (actions, *_counts(res, runes, energy, picks))


class _Bare(NamedTuple):
    total: Cost


def pay_runes(total: Cost, res: Resources,
              runes: _Runes | None = None) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The cheapest runes and pool for a bare Energy and Power total (no non-standard part, no
    source), in counts per rune group (exhausted only, recycled), or None when they can't pay
    it: `_pay`'s exact programme, for callers with a total and no option (the turn planner)."""
    found = _pay(_Bare(total), res, runes if runes is not None else _Runes(res))  # type: ignore[arg-type]
    return None if found is None else (found[1], found[2])


def runes_of(res: Resources) -> _Runes:
    """The rune tables `pay_runes` reads, to be built once for many totals."""
    return _Runes(res)


def _counts(res: Resources, runes: _Runes, energy: int,
            picks: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The runes `_pay` chose, per rune group: exhausted only, and recycled (per domain with
    runes, the cheapest `x` exhausted and `y` ready ones); the Energy the recycled ready runes
    don't give comes from exhausting the first ready runes left, in group order."""
    exhaust = [0] * len(res.runes)
    recycle = [0] * len(res.runes)
    ready_recycled = 0
    for d, (x, y) in zip(runes.present, picks):
        if x or y:
            domain = runes.domain(d)
            for gi in domain.tired[:x] + domain.fresh[:y]:
                recycle[gi] += 1
            ready_recycled += y
    missing = energy - min(ready_recycled, energy)
    for gi, g in enumerate(res.runes):
        if g.ready and missing:
            take = min(missing, len(g.ids) - recycle[gi])
            exhaust[gi] += take
            missing -= take
    return tuple(exhaust), tuple(recycle)


def _recycled(picks: tuple[tuple[int, int], ...]) -> int:
    """How many runes the choices recycle."""
    return sum(x + y for x, y in picks)


# --- An incumbent for the model -------------------------------------------------------------------

MAX_TRIES = 2_000  # options tried for an incumbent before the model goes on without one


def incumbent(scenario: Scenario, options: tuple[CostOption, ...],
              res: Resources) -> Solution | None:
    """A payment of one of the options, found without search, for the model to start from
    (`planner.kernel.Incumbent`): the first option, in list order, that the runes, the pool
    and a set of sources pay, or None. Not the cheapest: only feasible.

    Sources are tried as sets, each activated once and none with an Energy or Power cost of
    its own (a fixed-order greedy payer uses no other): none; those whose object no
    non-standard need of the option could take; all of them. A set's sources add to the pool
    (the model counts their Energy and Power as it counts the pool's) and take their objects
    out of the object groups; then `_pay` (the runes and the pool, exact) and `_pay_other`
    (the objects, exact) decide. So whatever a greedy with one of those sets pays, this pays,
    and each part it returns satisfies the model's constraints: the Energy and Power it gives
    cover the option's, and no object pays twice."""
    # (A source that kills other objects is never tried: its victims are the model's to choose.)
    free = [s for s, offer in enumerate(res.sources)
            if offer.needs == Cost() and not offer.kill_needs]
    tries = 0
    for index, option in enumerate(options):
        total = option.total
        if total.pips > 2 * MAX_PIPS or total.energy > 10 * MAX_ENERGY:
            continue
        wanted = [need for need in total.other if need.kind != "spend_xp"]
        if sum(n.count for n in wanted) * len(res.objects) > MAX_FLOW:
            continue
        quiet = [s for s in free if not res.sources[s].uses_object or not any(
            eligible(scenario, res.objects[g], need) for need in wanted
            for g, group in enumerate(res.objects) if res.sources[s].id in group.ids)]
        tried: list[list[int]] = []
        for chosen in ([], quiet, free):
            if chosen in tried:
                continue
            tried.append(chosen)
            tries += 1
            if tries > MAX_TRIES:
                return None
            found = _pay_with(scenario, option, res, chosen)
            if found is not None:
                exhaust, recycle, use = found
                activate = tuple(s in chosen for s in range(len(res.sources)))
                return Solution(index, exhaust, recycle, activate, use, False)
    return None


def _pay_with(scenario: Scenario, option: CostOption, res: Resources, chosen: list[int]
              ) -> tuple[tuple[int, ...], tuple[int, ...],
                         tuple[tuple[NeedKey, tuple[int, ...]], ...]] | None:
    """The runes and objects that pay `option` with the sources `chosen` activated (their
    adds as pool, their objects taken out), or None."""
    offers = [res.sources[s] for s in chosen]
    gone = {offer.id for offer in offers if offer.uses_object}
    groups = tuple(ObjectGroup(g.zone, g.owner, tuple(i for i in g.ids if i not in gone), g.sample)
                   if gone.intersection(g.ids) else g for g in res.objects)
    pooled = replace(
        res, sources=(), objects=groups,
        pool_energy=res.pool_energy + sum(o.adds.energy for o in offers),
        pool_power=tuple(p + sum(o.adds.power[k] for o in offers)
                         for k, p in enumerate(res.pool_power)))
    other = _pay_other(scenario, option.total, pooled) if option.total.other else (0, ())
    if other is None:
        return None
    paid = _pay(option, pooled, _Runes(pooled))
    if paid is None:
        return None
    return paid[1], paid[2], other[1]
