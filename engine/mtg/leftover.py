"""The mana a named `mtg/1` payment leaves in the pool (106.4): one fixed split of the mana made
over the costs, that some order of the mana abilities reaches (601.2g: a filter's cost is paid
from mana made before it), so that the plan is the same whichever solver found it.
"""

from __future__ import annotations

import itertools

from .cards import ManaAbility, Scenario
from .mana import TYPES, Mana
from .resources import Resources, Usage, merged


def left_in_pool(available: Mana, ability_mana: Mana, spell: Mana, scenario: Scenario,
                 solution: Usage, res: Resources, snow: int = 0,
                 activations: list[tuple[int, int, Mana, int]] | None = None) -> Mana:
    """What stays in the pool: pips of a kind take that kind; the hybrid pips of the abilities'
    costs each take one of their halves, then generic mana (the abilities' and the spell's)
    takes W U B R G C in that order.

    This is computed here, after the solve, on purpose: mana left in the pool is in no level of
    the objective, so every split of generic mana (and of a filter's hybrid pip) over the kinds
    made is the same payment to the model, and its flows pick one arbitrarily; the fast path
    has no flows at all. One fixed rule here makes the plan the same whichever found it. Each
    hybrid pip takes the kind most left over, and the generic mana W U B R G C in order. That
    split must be one some order of the mana abilities reaches (601.2g): a filter's cost is paid
    from mana made before it, never its own (the cost is paid as it is activated) nor restricted
    mana. When it is not (the greedy took a filter's own kind for its {1}), the mana left is the
    least W, then the least U, ..., that some order reaches (`_Reach`; one exists: the
    payment was feasible). Under `spend_as_any_color` a colored pip (the spell's, a filter's)
    takes any mana: it is split as generic mana is."""
    if res.any_color:
        spell, ability_mana = _colored_as_generic(spell), _colored_as_generic(ability_mana)
    left = list(available)
    for i in range(1, 7):
        left[i] -= spell[i] + ability_mana[i]
    if activations is None:  # (`name_payment` hands over the ones it merged)
        activations = merged(res, solution.activations)
    hybrids = [tuple(1 + TYPES.index(c) for c in s.colors)
               for p, a, _, _ in activations
               for s in res.permanents[p].offers[a].ability.mana.symbols if s.kind == "hybrid"]
    generic = spell[0] + ability_mana[0] + snow  # {S}: generic mana from a snow source
    if res.any_color:  # a hybrid of colors takes any mana too
        generic += len(hybrids)
        hybrids = []
    greedy = list(left)
    for kinds in hybrids:
        i = max(kinds, key=lambda j: (greedy[j], -j))
        greedy[i] -= 1
    if min(greedy[1:]) >= 0 or not hybrids:
        left = greedy
    else:
        for split in itertools.product(*hybrids):
            trial = list(left)
            for i in split:
                trial[i] -= 1
            if min(trial[1:]) >= 0 and sum(trial[1:]) >= generic:
                left = trial
                break
    for i in range(1, 7):
        take = min(left[i], generic)
        left[i] -= take
        generic -= take
    out: Mana = (0, left[1], left[2], left[3], left[4], left[5], left[6])
    filters = [(p, a) for p, a, _, _ in activations
               if res.permanents[p].offers[a].ability.mana.symbols]
    barred = not res.pool_spendable  # `spend_only`: some mana can't pay the spell
    if not filters and not barred and not snow:
        return out  # no cost is paid with made mana: every split is reached
    reach = _Reach(res, solution, spell, snow)
    if reach.fits({i: out[i] for i in range(1, 7)}) or not reach.fits({}):
        return out  # (no order tried fits at all: past MAX_ORDERS, the rule's split stands)
    fixed: dict[int, int] = {}
    for i in range(1, 7):
        fixed[i] = next((v for v in range(out[i] + sum(out[1:]) + 1)
                         if reach.fits({**fixed, i: v})), 0)
    return (0, fixed[1], fixed[2], fixed[3], fixed[4], fixed[5], fixed[6])


def _colored_as_generic(m: Mana) -> Mana:
    """`m` with its colored pips (W U B R G, not C) counted as generic."""
    return (m[0] + sum(m[1:6]), 0, 0, 0, 0, 0, m[6])


class _Reach:
    """Which mana left in the pool some order of the filter abilities reaches (601.2g): the
    pool and the mana of abilities that cost no mana are there from the start; a filter's
    cost (its pips, hybrid halves and generic mana) is paid from the start's mana and the
    mana of filters activated before it, never restricted mana; the spell's pips and generic
    mana and what is left take any mana, its {S} snow mana only. A max flow per order of the
    filters (orders of identical activations counted once, at most `MAX_ORDERS`). Under the
    spell's `spend_only` the pool's mana and the mana of the offers not `spendable` pay filters'
    costs or stay in the pool, never the spell."""

    MAX_ORDERS = 720

    def __init__(self, res: Resources, solution: Usage, spell: Mana, snow: int = 0) -> None:
        # The mana there before any filter: (stage: 0, or -1 restricted; barred; snow) -> kinds.
        self.start: dict[tuple[int, bool, bool], list[int]] = {}
        barred = not res.pool_spendable
        self._put((0, barred, False), tuple(p - s for p, s in zip(res.pool, res.snow_pool)))
        self._put((0, barred, True), res.snow_pool)
        self.filters: list[tuple[Mana, bool, ManaAbility, bool, bool]] = []
        activations = merged(res, solution.activations)
        for p, a, adds, _ in activations:
            perm = res.permanents[p]
            offer = perm.offers[a]
            if offer.ability.mana.symbols:
                self.filters.append((adds, offer.restricted, offer.ability, offer.spendable,
                                     perm.card.snow))
            else:
                self._put((-1 if offer.restricted else 0, not offer.spendable, perm.card.snow),
                          adds)
        self.spell = spell
        self.snow = snow
        self.any_color = res.any_color
        self.orders = _distinct_orders([(p, a, adds) for p, a, adds, _ in activations
                                        if res.permanents[p].offers[a].ability.mana.symbols],
                                       self.MAX_ORDERS)

    def fits(self, fixed: dict[int, int]) -> bool:
        """Whether some order leaves `fixed[i]` of each kind i listed (and the rest of what is
        left in the kinds not listed)."""
        return any(self._fits(order, fixed) for order in self.orders)

    def _put(self, key: tuple[int, bool, bool], m: tuple[int, ...]) -> None:
        bucket = self.start.setdefault(key, [0] * 7)
        for i in range(1, 7):
            bucket[i] += m[i]

    def _fits(self, order: tuple[int, ...], fixed: dict[int, int]) -> bool:
        # Supplies: (stage, kind, barred): stage 0 the start, 1.. the filters in this order, -1
        # the restricted mana (and restricted filters' mana); barred: it may not pay the spell
        # (`spend_only`). The spell's demands are at the stage after the last filter, what is
        # left in the pool one after that.
        supply: dict[tuple[int, int, bool, bool], int] = {}  # (stage, kind, barred, snow)
        for (stage, barred, snow), bucket in self.start.items():
            for i in range(1, 7):
                supply[(stage, i, barred, snow)] = bucket[i]
        # (stage that may be fed, kinds, n, snow mana only)
        demands: list[tuple[int, tuple[int, ...], int, bool]] = []
        everything = tuple(range(1, 7))
        for position, f in enumerate(order, start=1):
            adds, restricted, ability, spendable, snowy = self.filters[f]
            for i in range(1, 7):
                key = (-1 if restricted else position, i, not spendable, snowy)
                supply[key] = supply.get(key, 0) + adds[i]
            for s in ability.mana.symbols:
                if s.kind == "generic":
                    demands.append((position, everything, s.amount, False))
                else:
                    demands.append((position, everything if self.any_color
                                    else tuple(1 + TYPES.index(c) for c in s.colors), 1, False))
        last = len(order) + 1
        for i in range(1, 7):
            if self.spell[i]:
                demands.append((last, (i,), self.spell[i], False))
        if self.spell[0]:
            demands.append((last, everything, self.spell[0], False))
        if self.snow:
            demands.append((last, everything, self.snow, True))
        rest = sum(supply.values()) - sum(d[2] for d in demands)
        for i, n in fixed.items():
            demands.append((last + 1, (i,), n, False))
            rest -= n
        if rest < 0:
            return False
        if rest:
            demands.append((last + 1, tuple(i for i in everything if i not in fixed), rest,
                            False))
        return _max_flow(supply, demands, last) == sum(supply.values())


def _distinct_orders(items: list[tuple[int, int, Mana]], limit: int) -> list[tuple[int, ...]]:
    """The orders of `items` (as indices), identical items kept in their given order; at most
    `limit` of them."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], rest: list[int]) -> None:
        if len(out) >= limit:
            return
        if not rest:
            out.append(prefix)
            return
        seen: set[tuple[int, int, Mana]] = set()
        for j, i in enumerate(rest):
            if items[i] in seen:
                continue
            seen.add(items[i])
            extend(prefix + (i,), rest[:j] + rest[j + 1:])

    extend((), list(range(len(items))))
    return out


def _max_flow(supply: dict[tuple[int, int, bool, bool], int],
              demands: list[tuple[int, tuple[int, ...], int, bool]], spell: int) -> int:
    """The most mana the supplies give the demands: a supply (stage, kind, barred, snow) feeds
    a demand (stage, kinds, n, snow only) of a later stage that takes its kind (restricted
    mana, stage -1, feeds only the spell, at stage `spell`, and the pool after it; barred mana
    never the spell; a snow-only demand, {S}, snow mana only). Augmenting paths, small
    graphs."""
    sources = [key for key, n in supply.items() if n > 0]
    edges = {(si, di) for si, (st, kind, barred, snowy) in enumerate(sources)
             for di, (dst, kinds, _, snow_only) in enumerate(demands)
             if kind in kinds and (st < dst if st >= 0 else dst >= spell)
             and not (barred and dst == spell) and (snowy or not snow_only)}
    flow: dict[tuple[int, int], int] = {}
    out_left = [supply[key] for key in sources]
    in_left = [d[2] for d in demands]

    def augment(si: int, seen: set[int]) -> bool:
        for di in range(len(demands)):
            if (si, di) not in edges or di in seen:
                continue
            seen.add(di)
            if in_left[di] > 0:
                in_left[di] -= 1
                flow[(si, di)] = flow.get((si, di), 0) + 1
                return True
            for sj in range(len(sources)):
                if flow.get((sj, di), 0) > 0 and sj != si and augment(sj, seen):
                    flow[(sj, di)] -= 1
                    flow[(si, di)] = flow.get((si, di), 0) + 1
                    return True
        return False

    total_flow = 0
    for si in range(len(sources)):
        while out_left[si] > 0 and augment(si, set()):
            out_left[si] -= 1
            total_flow += 1
    return total_flow
