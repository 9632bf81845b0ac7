"""The fast path's search (`planner.mtg.fastpath` says when the fast path applies and why it is
exact): the options by a bound on their key, each option's combinations of the fixed sources'
modes by theirs, and nothing whose bound exceeds the best key found; each combination tried is
paid by the matroid greedy (`fastpath._pay`). The bounds only skip, never reorder, so a second
pass in the enumeration's own order names the first payment with the best key.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from ...engine.mtg.cards import Scenario
from ...engine.mtg.mana import Mana, total
from ...engine.mtg.resources import Resources
from ...engine.mtg.total_cost import Priced
from .fastpath import (
    KINDS,
    WIDE_WORK,
    Board,
    Demand,
    GaveUp,
    Mode,
    Reach,
    Signatures,
    Unit,
    Way,
    _adds,
    _factors,
    _hall,
    _mode_choices,
    _needs,
    _pay,
    _pips,
    _reach,
    _solution,
    _unit,
    fast_board,
    product_sums,
)
from .model import Solution


class Sums(NamedTuple):
    """What `solve_fast`'s bounds need of a combination of modes, summed once for all the options: the
    mana its modes add (in all and per kind), the pips of its active filters' costs, its
    charges, the units still free (an active fixed permanent is no unit), the positions."""

    made: int
    costs: int
    charge: int
    free: int
    kinds: tuple[int, ...]  # per kind in KINDS: its modes' mana of that kind at most
    position: int
    modes: int


# A payment found: the option's index, the modes, what each supply pays (`_solution` names it).
Found = tuple[int, tuple[Mode, ...], dict[tuple[str, int], tuple[Demand, Way]]]


def solve_fast(scenario: Scenario, options: tuple[Priced, ...], benefits: tuple[int, ...],
               res: Resources, x_auto: bool, board: Board | None = None) -> Solution | None:
    """The best (option, payment) by the matroid greedy (the module docstring), or None when no
    option can be paid; `GaveUp` when a wide board's search runs past `WIDE_WORK`."""
    board = board if board is not None else fast_board(scenario, options, res)
    assert board is not None, "fast_board said yes"
    search = _Search(scenario, options, benefits, res, x_auto, board)
    best = search.best()
    if best is None or board.wide:
        return _solution(*best[1], res) if best is not None else None
    return _solution(*search.first_with(best[0]), res)


class _Search:
    """One `solve_fast` search: options by their bound, each option's combinations of modes by
    theirs, and nothing whose bound exceeds the best key found; with what its bounds, Hall's
    check and its matchings keep (each worked out once, when first asked)."""

    def __init__(self, scenario: Scenario, options: tuple[Priced, ...], benefits: tuple[int, ...],
                 res: Resources, x_auto: bool, board: Board) -> None:
        self.options = options
        self.benefits = benefits
        self.res = res
        self.x_auto = x_auto
        self.board = board
        self.life_w = scenario.objective.weight("life")
        self.pool = [_unit(("pool", i), (Way((kind,), False, "mana"),), (0, 0, 0), 0)
                     for i, kind in enumerate(k for k in KINDS for _ in range(res.pool[k]))]
        self.n_opt = len(options)
        self.most_made = sum(max([_adds(res, m) for m in modes] + [1])
                             for _, modes, _ in board.fixed)
        self.supply_ub = len(self.pool) + len(board.units) + self.most_made
        # A lower bound on an option's score: its life, and each pip beyond the free mana (the
        # pool and the most the fixed sources could add) paid by a unit or a mode charging at
        # least the least charge there is.
        # (The units are sorted by weight: the first charges least.)
        self.cheapest = min(([board.units[0].weight[0]] if board.units else []) + [
            min([m.charge for m in modes] + ([unit.weight[0]] if unit else []))
            for _, modes, unit in board.fixed] + [
            0 if not board.units and not board.fixed else 1 << 60])
        self.sizes = [total(o.mana) for o in options]
        self.bounds = {o: self._bound(o) for o in range(self.n_opt)}
        self.work = 0
        self._everyone()
        self.combos = board.choices if board.wide else _mode_choices(board)
        self.combo_sums = self._combo_sums()
        self.lows: dict[int, list[tuple[int, ...]]] = {}
        # Charges below zero would let more units score less: then `tight` is not used.
        self.tight_ok = not self.everyone or self.all_charges[0] >= 0  # (the least is the first)
        self.free_sums: dict[int, tuple[list[int], list[int], list[Unit]]] = {}
        # `_hall` is asked only once some combination was not paid (until then every one tried
        # was, and the check would be all cost); it skips only what `_pay` would not pay.
        # (`reach` and `deltas` are made the first time it is asked.)
        self.reach: Reach | None = None
        self.deltas: list[dict[int, int]] = []
        self.needs: dict[Mana, tuple[tuple[int, int], ...]] = {}
        self.failed = False
        self.memo: dict[tuple[int, int], tuple[tuple[int, ...], Found] | None] = {}
        self.sigs: Signatures = {}
        self.candidates = [o for o in sorted(range(self.n_opt), key=lambda o: (self.bounds[o], o))
                           if options[o].life <= res.life and self.sizes[o] <= self.supply_ub]

    def _head(self, option: Priced) -> tuple[int, ...]:
        return (-option.choices.x,) if self.x_auto else ()

    def _bound(self, o: int) -> tuple[int, ...]:
        option = self.options[o]
        beyond = max(0, self.sizes[o] - len(self.pool) - self.most_made)
        return self._head(option) + (self.life_w * option.life + beyond * self.cheapest
                                     - self.benefits[o], self.sizes[o])

    def _everyone(self) -> None:
        """Every unit (the fixed permanents' too), by weight: its permanent (-1: a delve card),
        charge and position; the units that could pay a pip of each kind; the kinds each makes
        (by its key: its ways)."""
        self.everyone = everyone = list(self.board.everyone)
        self.owners = [u.ref[1] if u.ref[0] == "p" else -1 for u in everyone]
        self.all_charges = [u.weight[0] for u in everyone]
        self.all_positions = [u.weight[2] for u in everyone]
        self.units_of = dict.fromkeys(KINDS, 0)
        self.kinds_of: dict[tuple[object, ...], set[int]] = {}
        for key, (n, u) in _by_key(everyone).items():  # units of one key make the same kinds
            made_by = self.kinds_of[key] = {k for w in u.ways for k in w.kinds}
            for k in made_by:
                self.units_of[k] += n
        self.unit_cheapest = self.all_charges[0] if everyone else 1 << 60
        self.prefix = list(itertools.accumulate(sorted(self.all_positions), initial=0))

    def _combo_sums(self) -> list[Sums]:
        """Each combination's `Sums`. Per mode (the combinations share their mode objects): the
        mana it adds, its filter cost's pips, its charge, whether it takes a unit away (its
        permanent has one: a combination names each permanent once), its position, and the
        mana it adds per kind; a combination's sums add its modes' up."""
        res, board = self.res, self.board
        with_unit = {p for p, _, u in board.fixed if u is not None}
        each: dict[int, tuple[int, ...]] = {}

        def mode_sums(m: Mode) -> tuple[int, ...]:
            got = each.get(id(m))
            if got is None:
                adds = res.permanents[m.permanent].offers[m.offer].ability.adds
                kinds = tuple((m.size if k in m.flex else 0) if m.flex else adds[m.option][k]
                              for k in KINDS)
                got = each[id(m)] = (_adds(res, m), _pips(res, m) if m.filter else 0, m.charge,
                                     1 if m.permanent in with_unit else 0,
                                     res.permanents[m.permanent].position) + kinds
            return got

        everyone_free = len(board.units) + len(with_unit)
        last_kind = 5 + len(KINDS)

        def sums(v: tuple[int, ...]) -> Sums:  # (made, costs, charge, taken, position, kinds, modes)
            return Sums(v[0], v[1], v[2], everyone_free - v[3], v[5:last_kind], v[4], v[last_kind])

        return [sums(v) for v in product_sums(_factors(board), mode_sums, 6 + len(KINDS))]

    def lows_of(self, index: int) -> list[tuple[int, ...]]:
        """For each combination of the modes, a lower bound on the key of any payment of option
        `index` with it: every pip of the spell and of the active filters' costs that the pool
        and the modes' mana can't pay takes a unit of its own (`beyond` of them), so the score
        is at least the modes' charges, the option's life and `beyond` times the cheapest
        unit's charge; the objects at least the modes and `beyond`; the rank at least the
        modes' positions and the `beyond` earliest units'. A combination that can't pay it
        (its pips outnumber the units still free, or a kind's pips outnumber what the pool, the
        modes and every unit could make of that kind) has (1 << 60) after the X."""
        if index in self.lows:
            return self.lows[index]
        option = self.options[index]
        head = self._head(option)
        mana = option.mana
        base = self.sizes[index] - len(self.pool)
        score = self.life_w * option.life - self.benefits[index]
        # Per kind the option's pips of it less what the pool and every unit could make of it:
        # what the modes must make.
        # (A kind whose pips the pool and the units can make already asks nothing of them.)
        short = [(k - 1, n) for k in KINDS if mana[k]
                 and (n := mana[k] - self.res.pool[k] - self.units_of[k]) > 0]
        cant = head + (1 << 60,)
        size = self.sizes[index]  # (the option's size: its total mana)
        unit_cheapest, prefix, n_opt = self.unit_cheapest, self.prefix, self.n_opt
        out = []
        for at in self.combo_sums:
            beyond = base + at.costs - at.made
            if beyond < 0:
                beyond = 0
            if beyond > at.free or (short and any(at.kinds[i] < n for i, n in short)):
                out.append(cant)
            else:
                out.append(head + (score + at.charge + beyond * unit_cheapest, size,
                                   at.modes + beyond, (at.position + prefix[beyond]) * n_opt
                                   + index))
        self.lows[index] = out
        return out

    def tight(self, index: int, c: int) -> tuple[int, ...] | None:
        """A tighter bound, asked only before a matching would run (it skips, never reorders:
        the search tries what it tried before, in the same order, so the answers stay the
        same): a payment with these modes takes at least `beyond` of the units still free; one
        whose score and objects reach `lows_of`'s bound takes exactly `beyond`, of least total
        charge: every free unit charging less than the `beyond`-th (by weight: charge, then
        position) and the rest among those charging as much as it; so its rank is at least
        theirs, the earliest of that charge. And for each kind of the spell's pips, those the
        pool and the modes' mana can't make take units that make that kind: the earliest such
        set among those, or, when there is none, no payment reaches that score and objects
        (its rank bound is endless)."""
        at = self.combo_sums[c]
        beyond = self.sizes[index] - len(self.pool) + at.costs - at.made
        if beyond < 0:
            beyond = 0
        prefixes = self.free_sums.get(c)
        if prefixes is None:
            active = {m.permanent for m in self.combos[c]}
            kept = [p not in active for p in self.owners]
            prefixes = self.free_sums[c] = (
                list(itertools.accumulate(itertools.compress(self.all_charges, kept), initial=0)),
                list(itertools.accumulate(itertools.compress(self.all_positions, kept), initial=0)),
                list(itertools.compress(self.everyone, kept)))
        if beyond >= len(prefixes[0]):
            return None
        option = self.options[index]
        rank = prefixes[1][beyond]
        mana = option.mana
        short = [(k, n) for k in KINDS if mana[k]
                 and (n := mana[k] - self.res.pool[k] - at.kinds[k - 1]) > 0]
        if short and beyond:
            rank = max(rank, _least_rank(prefixes[2], beyond, rank, short, self.kinds_of, 1 << 60))
        return self._head(option) + (
            self.life_w * option.life - self.benefits[index] + at.charge + prefixes[0][beyond],
            self.sizes[index], at.modes + beyond, (at.position + rank) * self.n_opt + index)

    def beaten(self, index: int, c: int, key: tuple[int, ...], ties: bool = False) -> bool:
        """Whether every payment of option `index` with combination `c` has a key above `key`
        (`tight`), or (`ties`) at least `key`."""
        if not self.tight_ok:
            return False
        low = self.tight(index, c)
        return low is None or low > key or (ties and low == key)

    def hall(self, index: int, c: int) -> bool:
        if not self.failed:
            return True
        if self.reach is None:
            self.reach = _reach(self.board, self.res)
            self.deltas.extend({} for _ in self.combos)
        mana = self.options[index].mana
        if mana not in self.needs:
            self.needs[mana] = _needs(mana)
        return _hall(self.needs[mana], self.combos[c], self.reach, self.res, self.deltas[c])

    def run(self, index: int, c: int) -> tuple[tuple[int, ...], Found] | None:
        """The best payment of option `index` with combination `c` of the modes: its key and
        solution (each computed once: the second pass asks again)."""
        if (index, c) not in self.memo:
            self.memo[(index, c)] = self._run(index, self.combos[c])
            self.failed = self.failed or self.memo[(index, c)] is None
        return self.memo[(index, c)]

    def _run(self, index: int, chosen: tuple[Mode, ...]) -> tuple[tuple[int, ...], Found] | None:
        option = self.options[index]
        found = _pay(option, chosen, self.board, self.pool, self.res, self.sigs)
        if found is None:
            return None
        units, assignment = found
        # Charges include each ability's life; fast_board made sure life can't bind.
        charge = sum(u.weight[0] for u in units) + sum(m.charge for m in chosen)
        score = charge + self.life_w * option.life
        objects = sum(u.weight[1] for u in units) + len(chosen)
        rank = sum(u.weight[2] for u in units) + sum(self.res.permanents[m.permanent].position
                                                     for m in chosen)
        key = self._head(option) + (score - self.benefits[index], self.sizes[index], objects,
                                    rank * self.n_opt + index)
        return key, (index, chosen, assignment)  # its solution is made for the best alone

    def best(self) -> tuple[tuple[int, ...], Found] | None:
        """The best key and its payment: options by their bound, each option's combinations by
        their bound (`lows_of`), and nothing whose bound exceeds the best key found (every
        payment of it would be worse)."""
        bounds = self.bounds
        best: tuple[tuple[int, ...], Found] | None = None
        for index in self.candidates:
            if best is not None and bounds[index] > best[0][:len(bounds[index])]:
                continue  # every payment of it charges at least this much: it can't win
            bounds_here = self.lows_of(index)
            for c in sorted(range(len(self.combos)), key=bounds_here.__getitem__):
                bound_here = bounds_here[c]
                if bound_here[len(bound_here) - 1] >= 1 << 60 and len(bound_here) <= 2:
                    continue  # it can't be paid with these modes
                if best is not None and bound_here > best[0]:
                    break  # no payment with these modes, nor the later ones, can beat the best
                self.work += 1
                if self.board.wide and self.work > WIDE_WORK:
                    raise GaveUp
                if not self.hall(index, c):
                    continue  # it can't be paid with these modes (counted as work all the same)
                if best is not None and self.beaten(index, c, best[0], ties=True):
                    continue  # it can't beat the best, only tie (counted as work all the same)
                got = self.run(index, c)
                if got is not None and (best is None or got[0] < best[0]):
                    best = got
        return best

    def first_with(self, key: tuple[int, ...]) -> Found:
        """The plan the enumeration in its own order gives: the first payment there with the
        best key (options by bound, combinations in product order: what the fast path answered
        before the search was ordered by bounds), skipping all whose bound exceeds it."""
        for index in self.candidates:
            if self.bounds[index] > key[:len(self.bounds[index])]:
                continue
            bounds_here = self.lows_of(index)
            for c in range(len(self.combos)):
                if bounds_here[c] > key or not self.hall(index, c) or self.beaten(index, c, key):
                    continue
                got = self.run(index, c)
                if got is not None and got[0] == key:
                    return got[1]
        raise AssertionError("the best key found is not found again")


def _by_key(units: list[Unit]) -> dict[tuple[object, ...], tuple[int, Unit]]:
    """Per unit key (what decides what a unit can pay, `_unit`), how many units have it and
    the first of them."""
    out: dict[tuple[object, ...], tuple[int, Unit]] = {}
    for u in units:
        got = out.get(u.key)
        out[u.key] = (1, u) if got is None else (got[0] + 1, got[1])
    return out


def _least_rank(free: list[Unit], beyond: int, rank: int, short: list[tuple[int, int]],
                kinds_of: dict[tuple[object, ...], set[int]], endless: int) -> int:
    """`solve_fast`'s bound on the rank of a payment taking exactly `beyond` of the `free`
    units (in weight order), of least total charge: all that charge less than the
    `beyond`-th (`low` of them) and the rest from those charging as much (`free[low:high]`);
    `rank` is the positions of the first `beyond`. For each (kind, n) of `short`, at least n
    of them make that kind: where the first `beyond` hold fewer, the latest of the tied ones
    that don't make it give way to the earliest tied ones after them that do (the least rank
    with n of them, for that kind alone); `endless` where the tied ones can't make up n. The
    bound is the largest over the kinds."""
    charge = free[beyond - 1].weight[0]
    low = beyond - 1
    while low and free[low - 1].weight[0] == charge:
        low -= 1
    high = beyond
    while high < len(free) and free[high].weight[0] == charge:
        high += 1
    out = rank
    for kind, n in short:
        n -= sum(1 for u in free[:low] if kind in kinds_of[u.key])
        if n <= 0:
            continue
        tied = free[low:beyond]
        n -= sum(1 for u in tied if kind in kinds_of[u.key])
        if n <= 0:
            continue
        after = [u.weight[2] for u in free[beyond:high] if kind in kinds_of[u.key]][:n]
        before = [u.weight[2] for u in tied if kind not in kinds_of[u.key]][-n:]
        if len(after) < n or len(before) < n:
            return endless
        out = max(out, rank - sum(before) + sum(after))
    return out
