"""One activation of a mana ability (605, 106), what losing an object to a cost
is charged, and the pool: whether a set of activations, in an order the player chooses (601.2g),
pays a total cost with convoke (702.51), improvise (702.126), delve (702.66), snow mana
(107.4h) and restricted mana (106.6) (601.2h).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from . import knobs
from .mana import COLORS, MANA, Symbol, Vec, vec_add

if TYPE_CHECKING:
    from .objects import Obj, Part


# --- The payment (601.2g-h) --------------------------------------------------------------------

def tap_weight(card: dict[str, Any], w: dict[str, int]) -> int:
    types = set(card.get("types") or [])
    for t in ("land", "creature", "artifact"):
        if t in types:
            return w[f"tap_{t}"]
    return w["tap_other"]


def charge(obj: Obj, weight: int) -> int:
    """What losing `obj` costs: its `value`, else the weight of the way it is lost."""
    return obj.value if obj.value is not None else weight


@dataclass(frozen=True, slots=True)
class Activation:
    ability: int
    adds: tuple[str, ...]
    taps: bool
    sac_self: bool
    life: int
    mana_cost: tuple[Symbol, ...]            # paid from other mana (a filter land)
    parts: tuple[Part, ...]                  # the other non-mana costs (an altar's sacrifice)
    restricted: str | None                   # only_for filter as JSON, or None
    counters: tuple[tuple[str, int], ...] = ()   # Counters it removes from its own permanent
    have: tuple[tuple[str, int], ...] = ()       # the counters its permanent may spend on mana abilities
    once: bool = False                           # `per: removed`: X is chosen once, activated at most once
    snow: bool = False                       # made by a snow permanent
    eligible: bool = True                    # may be spent on a `spend_only` spell
    # The mana effects' part (`affected`): the replacement applied last (its
    # permanent's id) and the output before any (614.1a), and each trigger's mana (605.4a) as
    # (trigger permanent's id, mana, snow, eligible), unrestricted, never replaced.
    replaced_by: str | None = None
    was: tuple[str, ...] = ()
    triggers: tuple[tuple[str, tuple[str, ...], bool, bool], ...] = ()
    # `{untap: {count, filter}}` atoms as (count, filter JSON); `adds: untapped`:
    # the colors the untapped permanent must could-produce (one of); `adds: milled`: the
    # position in `library_top` of the card it mills (-1: none).
    untaps: tuple[tuple[int, str], ...] = ()
    untap_colors: frozenset[str] | None = None
    milled: int = -1

    @property
    def free(self) -> bool:
        """Neither taps nor sacrifices its permanent: activated as often as its costs allow."""
        return not self.taps and not self.sac_self


# Pools of mana (601.2g-h) are counted by kind: slot 4 * i + 2 * snow + eligible, i the index of
# the mana's type in W U B R G C, `snow` whether a snow source made it (tracked only while the
# total has {S}), `eligible` whether it may be spent on the spell (False only for mana a
# `spend_only` spell may not take: the pool's, another permanent's). A pool is a 24-tuple.
KINDS = 4
POOL_SIZE = 6 * KINDS
NO_POOL: tuple[int, ...] = (0,) * POOL_SIZE


def unit_slot(color: str, snow: bool, eligible: bool) -> int:
    return KINDS * MANA.index(color) + 2 * snow + eligible


_SLOTS = {(c, s, e): unit_slot(c, s, e) for c in MANA for s in (False, True) for e in (False, True)}
SNOW_SLOTS = tuple(KINDS * i + k for i in range(6) for k in (2, 3))


def pay_mana_cost(pool: tuple[int, ...], cost: tuple[Symbol, ...], any_color: bool = False
                  ) -> set[tuple[int, ...]]:
    """Every pool left after paying a mana ability's own cost from unrestricted mana (of any
    kind: a filter's cost is not spent on the spell, so neither snow nor `spend_only` binds).
    `any_color` (`spend_as_any_color`): a colored pip takes one mana of any type."""
    pools = {pool}

    def take(ps: set[tuple[int, ...]], slots: range | list[int]) -> set[tuple[int, ...]]:
        return {p[:i] + (p[i] - 1,) + p[i + 1:] for p in ps for i in slots if p[i] > 0}

    every = range(POOL_SIZE)
    for kind, arg in cost:
        if kind == "generic":
            for _ in range(arg):
                pools = take(pools, every)
            continue
        options = {"mana": lambda a: [a], "hybrid": lambda a: list(a), "phyrexian": lambda a: [a],
                   "hphyrexian": lambda a: list(a), "mono": lambda a: [a[1]]}[kind](arg)
        nxt: set[tuple[int, ...]] = set()
        for c in options:
            base = KINDS * MANA.index(c)
            nxt |= take(pools, list(every) if any_color and c in COLORS
                        else list(range(base, base + KINDS)))
        if kind == "mono":                    # {2/W}: two generic instead
            two = set(pools)
            for _ in range(arg[0]):
                two = take(two, every)
            nxt |= two
        pools = nxt
    return pools


def _add(pool: tuple[int, ...], adds: tuple[str, ...], snow: bool = False,
         eligible: bool = True) -> tuple[int, ...]:
    p = list(pool)
    for c in adds:
        p[_SLOTS[c, snow, eligible]] += 1
    return tuple(p)


def spell_can_pay(total: Vec, units: list[int], stuck: list[int], convoke: tuple[int, ...],
                  generic_only: int, left: tuple[int, ...] | None) -> bool:
    """601.2h: whether mana `units` (per slot; only the eligible slots spend) with the convoke
    creatures (by color) and `generic_only` generic payers pay `total`: each colored pip that
    color (or a convoke creature of it), each {C} pip colorless mana, each {S} one mana of any
    type a snow source made (never convoke, delve or improvise: 107.4h), generic anything. `stuck`
    (per type) is mana that can't be spent on it. With `left` (W U B R G C) exactly that much
    is left in the pool afterwards."""
    spare_snow = 0
    spare = generic_only
    consumed_total = 0
    for i in range(6):
        plain = units[KINDS * i + 1]
        snowy = units[KINDS * i + 3]
        pips = total[i + 1]
        conv = convoke[i] if i < 5 else 0
        spare += max(0, conv - pips)
        need = max(0, pips - conv)          # pips the mana pays
        if left is None:
            from_plain = min(plain, need)
            if need - from_plain > snowy:
                return False
            spare_snow += snowy - (need - from_plain)
            spare += plain - from_plain
            continue
        stays = stuck[i] + units[KINDS * i] + units[KINDS * i + 2]
        k = plain + snowy + stays - left[i]    # this type's mana spent on the spell
        if k < 0 or k > plain + snowy or k < need:
            return False
        consumed_total += k
        spare_snow += min(min(snowy, k), k - need)
    if left is not None:
        units_needed = sum(total) - sum(convoke) - generic_only
        return consumed_total == units_needed and spare_snow >= total[7]
    if "snow_convoke" in knobs.MISREADINGS:           # wrong: convoke, delve, improvise pay {S}
        free = generic_only + sum(max(0, convoke[i] - total[i + 1]) for i in range(5))
        return (spare_snow + free >= total[7]
                and spare_snow + spare - total[7] >= total[0])
    if spare_snow < total[7]:
        return False
    return spare_snow - total[7] + spare >= total[0]


def _spreads(n: int, parts: int) -> list[tuple[int, ...]]:
    """Every way of `n` pips among `parts` kinds."""
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _spreads(n - k, parts - 1)]


def any_color_can_pay(total: Vec, units: list[int], stuck: list[int], convoke: tuple[int, ...],
                      generic_only: int, left: tuple[int, ...] | None) -> bool:
    """`spend_as_any_color`: a colored pip convoke does not pay is paid by one mana of any type
    (W U B R G or C), tried as every spread of those pips over the six types (a pip spread to C
    wants colorless mana, as a {C} pip does); {C}, {S} and generic as `spell_can_pay`. Convoke
    pays its own color's pips first (as good as any use: generic is payable by more), the rest
    of it generic."""
    t = list(total)
    spare = 0
    for i in range(5):
        used = min(convoke[i], t[i + 1])
        spare += convoke[i] - used
        t[i + 1] -= used
    colored = sum(t[1:6])
    for spread in _spreads(colored, 6):
        trial = (t[0], *spread[:5], t[6] + spread[5], t[7])
        if spell_can_pay(trial, units, stuck, (0,) * 5, generic_only + spare, left):  # type: ignore[arg-type]
            return True
    return False


def mana_ok(total: Vec, acts: list[Activation], preds: list[frozenset[int]], pool0: tuple[int, ...],
            usable: Callable[[str], bool], convoke: tuple[int, ...] = (0,) * 5, generic_only: int = 0,
            left: tuple[int, ...] | None = None, any_color: bool = False,
            restricted0: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> bool:
    """Whether the mana abilities `acts` can be activated in some order (601.2g: act j after every
    act in preds[j]; a filter's mana cost from unrestricted mana made before it) and the total then
    paid (601.2h) from the pool `pool0` (by slot, `Board.units`), the restricted mana `usable`
    allows (a filter JSON -> bool), and convoke creatures (by color; each may pay {1} instead) and
    `generic_only` generic payers. With `left`, the mana left in the pool afterwards must be
    exactly `left` (W U B R G C). An ability's mana is snow when its permanent is (tracked only
    while the total has {S}) and spendable unless `spend_only` rules its permanent out.
    `restricted0`: the restricted mana already in the pool (`Board.restricted_units`): what the
    play may spend, and what it may not (left in the pool, counted in `left`)."""
    n = len(acts)
    seen: set[Any] = set()
    if "snow_any_mana" in knobs.MISREADINGS:          # wrong: {S} paid as generic mana
        total = vec_add(total, {"generic": total[7], "S": -total[7]})
    snow_on = total[7] > 0

    def final(pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]) -> bool:
        units = [pu[i] + pr[i] for i in range(POOL_SIZE)]
        stuck = [sum(dead[KINDS * i:KINDS * (i + 1)]) for i in range(6)]
        if any_color:
            return any_color_can_pay(total, units, stuck, convoke, generic_only, left)
        return spell_can_pay(total, units, stuck, convoke, generic_only, left)

    def made(a: Activation, pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]
             ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        snow = a.snow and snow_on
        for _, extra, extra_snow, extra_ok in a.triggers:    # triggered mana, unrestricted
            pu = _add(pu, extra, extra_snow and snow_on, extra_ok)
        if a.restricted is None:
            return _add(pu, a.adds, snow, a.eligible), pr, dead
        if usable(a.restricted):
            return pu, _add(pr, a.adds, snow, a.eligible), dead
        return pu, pr, _add(dead, a.adds, snow, a.eligible)

    def go(done: frozenset[int], pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]) -> bool:
        # Abilities with no mana cost are activated as soon as they may be (more mana never hurts).
        progress = True
        while progress:
            progress = False
            for j in range(n):
                if j not in done and not acts[j].mana_cost and preds[j] <= done:
                    done = done | {j}
                    pu, pr, dead = made(acts[j], pu, pr, dead)
                    progress = True
        if len(done) == n:
            return final(pu, pr, dead)
        key = (done, pu, pr, dead)
        if key in seen:
            return False
        seen.add(key)
        for j in range(n):
            a = acts[j]
            if j in done or not preds[j] <= done:
                continue
            self_paying = knobs.DIAGNOSE_SELF_PAYING_FILTERS and a.restricted is None
            start = _add(pu, a.adds, a.snow and snow_on, a.eligible) if self_paying else pu
            for paid in sorted(pay_mana_cost(start, a.mana_cost, any_color)):
                if self_paying:
                    if go(done | {j}, paid, pr, dead):
                        return True
                    continue
                npu, npr, nd = made(a, paid, pr, dead)
                if go(done | {j}, npu, npr, nd):
                    return True
        return False

    start = tuple(pool0)
    if not snow_on and any(start[k] for k in SNOW_SLOTS):
        start = _no_snow(start)
    pr0, dead0 = restricted0 or (NO_POOL, NO_POOL)
    return go(frozenset(), start, pr0, dead0)


def _no_snow(pool: tuple[int, ...]) -> tuple[int, ...]:
    """The pool with its snow mana counted as any other (the total has no {S})."""
    p = list(pool)
    for i in range(6):
        for e in (0, 1):
            p[KINDS * i + e] += p[KINDS * i + 2 + e]
            p[KINDS * i + 2 + e] = 0
    return tuple(p)


@dataclass(frozen=True, slots=True)
class _Use:
    """One object's part in a payment: at most one use that taps or sacrifices it (or, with
    `then`, a mana ability tapping it and then one sacrificing it), plus activations of its mana
    abilities that neither tap it nor sacrifice it (an altar)."""
    kind: str                    # none | mana | convoke | improvise | tapcost
    act: Activation | None = None
    color: str | None = None     # convoke: the color it pays (None: {1})
    req: int = -1                # tapcost: which tap_untapped cost
    repeats: tuple[Activation, ...] = ()
    then: Activation | None = None   # mana: an ability sacrificing it without tapping it

    @property
    def acts(self) -> tuple[Activation, ...]:
        return self.repeats + ((self.act,) if self.act is not None else ()) + (
            (self.then,) if self.then is not None else ())

    @property
    def taps(self) -> bool:
        return self.kind in ("convoke", "improvise", "tapcost") or (
            self.kind == "mana" and self.act is not None and self.act.taps)
