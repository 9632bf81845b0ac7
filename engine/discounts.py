"""Rule 353.4: applying discounts, and searching the orders and choices the player has.

A discount is applied to the Energy and Power of one part of a cost. Its minimum binds only
itself (353.4.c): Energy becomes `max(E - amount, min(E, minimum))`, and Power pips are removed
while the pip count stays at or above the Power minimum. A discount always takes as much as it can;
"[A] less" removes pips of the player's choice, and "[1] or [A] less" lets the player pick one
branch. Rule 353.5: nothing goes below 0.

The search (`pareto_front`) finds, exactly, every result that no other reachable result beats,
with one sequence of applications reaching each. It never walks all n! orders. Each pruning is
a claim that what it skips is beaten by, or equal to, a result it keeps; the tests check every
one against a brute force over every order and choice, and against a plain memoised search:

- Dead discounts: one that changes nothing now changes nothing later (Energy and pips only
  fall, and a minimum that binds keeps binding), so only live ones are branched on, and the
  dead ones go at the end. Their dead parts are stripped (`effective`) for the same reason.
- Identical discounts (after stripping) are interchangeable: only the first is tried.
- Energy-only discounts: for a fixed order of the others and fixed choices the pips are fixed
  (Energy never reads them), and over every placement of the Energy-only discounts among the
  others the least Energy is reached with them by descending minimum (every map
  `apply_energy` is non-decreasing; checked against every order in the tests, with other
  discounts between them). So one of them is branched on per state, and when every live
  discount is Energy-only the rest is one sequence.
- Live discounts all Energy-only or Power-only: the two sides don't meet, so the Energy-only
  ones are applied first (by descending minimum) and the Power-only ones are searched from
  the state that leaves, which is reachable, so what holds of states holds of it.
- Memo: a state is (discounts left, Energy, pips); its Pareto-best results stand for all it
  reaches (the best of a union is the best of the parts' best).
- Less Energy: a state with the same discounts left and the same pips as one already reached
  with less Energy is dropped: each order and choice leaves the same pips from both, and no
  more Energy from the smaller (every Energy map is non-decreasing).
- Bound (`_floor`, `_beaten`): a state whose lower bound on every result it can reach (the
  Energy and pip counts of every part applied at once, by descending minimum) is already met
  by a result found is dropped: each result below it is beaten by or equal to that one. The
  bound is a bound only of a real state's Energy: hence the rule above.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

Power = tuple[int, ...]
"""Power pips: a fixed-length tuple of counts, one slot per typed pip and a last slot for pips of
any type (`[A]`). A game maps its own pip kinds onto the typed slots (payplan/1: its six domains;
mtg/1 prices generic mana as Energy and passes no pips)."""
ANY_INDEX = 6  # the slot of pips of any type
NO_POWER: Power = (0,) * (ANY_INDEX + 1)

Pair = tuple[int, Power]  # (Energy, Power pips)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Mod:
    """A discount with its amounts evaluated: what the search and the pricing apply."""

    label: str
    energy: int = 0
    power: Power = NO_POWER
    min_energy: int = 0
    min_power: int = 0
    branches: tuple[Mod, ...] = ()
    any_only: bool = False  # its [A] part takes [A] pips only (Weaponmaster, 747.1.c.3)

    @property
    def shape(self) -> tuple[object, ...]:
        """Everything but the label: two discounts of one shape are interchangeable."""
        return (self.energy, self.power, self.min_energy, self.min_power,
                tuple(b.shape for b in self.branches), self.any_only)

    @property
    def energy_only(self) -> bool:
        return not self.branches and not any(self.power)

    @property
    def power_only(self) -> bool:
        return not self.branches and self.energy == 0


@dataclass(frozen=True, slots=True)
class Application:
    """One discount applied: its index in the list, the branch taken, the pips "[A] less" took."""

    index: int
    branch: int = -1
    removed: Power | None = None


def apply_energy(energy: int, mod: Mod) -> int:
    return max(energy - mod.energy, min(energy, mod.min_energy))


def power_room(power: Power, mod: Mod) -> int:
    """How many pips this discount may still take before its Power minimum binds."""
    total = sum(power)
    return max(0, total - mod.min_power)


def apply_specific(power: Power, mod: Mod) -> tuple[Power, int]:
    """Remove the domain-specific pips; return the new Power and the room left for "[A] less"."""
    room = power_room(power, mod)
    out = list(power)
    for i in range(ANY_INDEX + 1 if mod.any_only else ANY_INDEX):
        take = min(mod.power[i], out[i], room)
        out[i] -= take
        room -= take
    return tuple(out), 0 if mod.any_only else room


def any_removals(power: Power, count: int) -> list[Power]:
    """Every distinct multiset of `count` pips that can be taken from `power`."""
    return [tuple(r) for r in _removals(power, count)]


@lru_cache(maxsize=65536)
def _removals(power: Power, count: int) -> tuple[Power, ...]:
    if count == 0:
        return (NO_POWER,)
    ranges = [range(min(n, count) + 1) for n in power]
    out = [combo for combo in itertools.product(*ranges) if sum(combo) == count]
    return tuple(tuple(c) for c in out)


def apply_mod(pair: Pair, mod: Mod, removed: Power | None = None) -> tuple[Pair, Power]:
    """Apply one branch-free discount; `removed` picks the "[A] less" pips (default: canonical).

    Returns the new pair and the "[A] less" pips actually removed. A `removed` that does not
    fit (wrong count, pips not there) is replaced by the canonical choice: the discount still
    takes as much as it can.
    """
    energy, power = pair
    energy = apply_energy(energy, mod)
    power, room = apply_specific(power, mod)
    take = min(mod.power[ANY_INDEX], room, sum(power))
    if take == 0:
        return (energy, power), NO_POWER
    if removed is None or sum(removed) != take or any(r > p for r, p in zip(removed, power)):
        removed = _canonical_removal(power, take)
    return (energy, tuple(p - r for p, r in zip(power, removed))), removed


def _canonical_removal(power: Power, take: int) -> Power:
    """`[A]` pips first, then domain pips in domain order."""
    out = [0] * len(power)
    for i in [ANY_INDEX] + list(range(ANY_INDEX)):
        step = min(power[i], take)
        out[i] = step
        take -= step
    return tuple(out)


def outcomes(pair: Pair, mod: Mod, index: int) -> list[tuple[Pair, Application]]:
    """Every distinct result of applying discount `index` to `pair`, with how to reach it."""
    results: dict[Pair, Application] = {}
    branches = list(enumerate(mod.branches)) if mod.branches else [(-1, mod)]
    for b, branch in branches:
        energy = apply_energy(pair[0], branch)
        power, room = apply_specific(pair[1], branch)
        take = min(branch.power[ANY_INDEX], room, sum(power))
        for removed in any_removals(power, take):
            after = (energy, tuple(p - r for p, r in zip(power, removed)))
            if after not in results:
                results[after] = Application(index, b, removed if take else None)
    return list(results.items())


def dominates(a: Pair, b: Pair) -> bool:
    """`a` is at least as easy to pay as `b`: no more Energy, no more pips of any domain, no
    more pips in all (an `[A]` pip can be paid by whatever paid a domain pip)."""
    if a[0] > b[0] or sum(a[1]) > sum(b[1]):
        return False
    return all(x <= y for x, y in zip(a[1][:ANY_INDEX], b[1][:ANY_INDEX]))


def pareto(items: list[tuple[Pair, T]]) -> list[tuple[Pair, T]]:
    """Keep the results no other result dominates; first found wins among equals; kept results
    stay in the order they were first found.

    Not all pairs: a result `a` that dominates a different result `b` has no more Energy, no
    more pips and no more domain pips in all than `b`, and not all three equal (equal Energy,
    equal pip count and domain pips each no more with an equal domain sum would make them the
    same result). So the results are bucketed on (Energy, pips, domain pips) and each is checked
    only against the buckets strictly below its own on all three; the many results an "[A] less"
    leaves (one per choice of domain pips, all with the same three numbers) never meet.
    """
    first: dict[Pair, T] = {}
    for pair, path in items:
        if pair not in first:
            first[pair] = path
    buckets: dict[tuple[int, int, int], list[Power]] = {}
    for energy, power in first:
        buckets.setdefault(_bucket((energy, power)), []).append(power[:ANY_INDEX])
    keys = list(buckets)
    kept = []
    for pair, path in first.items():
        mine = _bucket(pair)
        below = [k for k in keys if k != mine and k[0] <= mine[0] and k[1] <= mine[1]
                 and k[2] <= mine[2]]
        domains = pair[1][:ANY_INDEX]
        if any(all(x <= y for x, y in zip(other, domains)) for k in below for other in buckets[k]):
            continue
        kept.append((pair, path))
    return kept


def _bucket(pair: Pair) -> tuple[int, int, int]:
    return (pair[0], sum(pair[1]), sum(pair[1][:ANY_INDEX]))


def is_live(pair: Pair, mod: Mod) -> bool:
    """Whether applying `mod` can change `pair` (some branch takes something)."""
    energy, power = pair
    for branch in mod.branches or (mod,):
        if branch.energy and energy > branch.min_energy:
            return True
        if any(branch.power) and power_room(power, branch) > 0:
            if branch.any_only and branch.power[ANY_INDEX] and power[ANY_INDEX]:
                return True
            if branch.power[ANY_INDEX] and sum(power) and not branch.any_only:
                return True
            if any(branch.power[i] and power[i] for i in range(ANY_INDEX)):
                return True
    return False


def energy_sequence(mods: list[tuple[int, int, Mod]]) -> list[tuple[int, int, Mod]]:
    """Energy-only discounts in the order that leaves the least Energy: descending minimum
    (ties keep their listed order; discounts of equal minimum commute)."""
    return sorted(mods, key=lambda e: (-e[2].min_energy, e[0]))


def effective(pair: Pair, mod: Mod) -> list[tuple[int, Mod]]:
    """The live branches of `mod` at `pair` (branch index, -1 for no choice), each with its
    dead part stripped. A dead part stays dead (Energy and pips only fall), so from here on the
    discount behaves exactly as these branches."""
    out = []
    for b, branch in (enumerate(mod.branches) if mod.branches else [(-1, mod)]):
        energy_live = branch.energy > 0 and pair[0] > branch.min_energy
        power_live = any(branch.power) and is_live((0, pair[1]), Mod("", 0, branch.power, 0,
                                                                   branch.min_power,
                                                                   any_only=branch.any_only))
        if not energy_live and not power_live:
            continue
        out.append((b, Mod(branch.label,
                           branch.energy if energy_live else 0, branch.power if power_live else NO_POWER,
                           branch.min_energy if energy_live else 0,
                           branch.min_power if power_live else 0,
                           any_only=branch.any_only and power_live)))
    return out


Live = tuple[int, int, Mod]  # (index, branch, stripped branch-free discount)


class Deadline:
    """When the exact searches must stop (a `time.monotonic()` instant, or never), and whether
    one had to. Past it, each search state follows one move and one outcome only, so every
    result it still returns is reached by a full, valid sequence, but the set may miss some of
    the Pareto-best results: whoever passed the deadline reads `cut` and says the answer is
    not proved optimal."""

    __slots__ = ("at", "cut")

    def __init__(self, at: float | None = None) -> None:
        self.at = at
        self.cut = False

    def passed(self) -> bool:
        if not self.cut and self.at is not None and time.monotonic() >= self.at:
            self.cut = True
        return self.cut


NO_DEADLINE = Deadline()


def pareto_front(start: Pair, mods: list[Mod],
                 deadline: Deadline = NO_DEADLINE) -> list[tuple[Pair, tuple[Application, ...]]]:
    """Every Pareto-best result of applying all `mods` in some order with some choices.

    Each result comes with the full sequence of applications (every discount exactly once) that
    reaches it. Results come in a deterministic order: cheapest (Energy + pips) first.

    The branches of "[1] or [A]" discounts are chosen first (the sequences of orders and
    choices are the same, enumerated in another order): identical discounts are interchangeable,
    so only how many of each kind take each branch matters. Each assignment leaves discounts
    without choices, which the search below settles much faster. Where every choice is between
    an Energy-only and a Power-only branch and no discount has both parts, `_choices_by_count`
    finds the assignments worth searching without enumerating them.
    """
    if any(m.any_only for m in mods):
        # Only-[A] discounts (Weaponmaster): the general search, which applies each discount
        # through `outcomes` and so reads `any_only`; the split search assumes [A] is flexible.
        return _front_plain(start, mods)
    choosers = [i for i, m in enumerate(mods) if m.branches]
    if not choosers:
        return _front_split(start, mods, deadline)
    counted = _choices_by_count(start, mods, choosers)
    assignments = iter(counted) if counted is not None else _all_assignments(mods, choosers)
    found: list[tuple[Pair, tuple[Application, ...]]] = []
    for branch_of in assignments:
        plain = [m.branches[branch_of[i]] if i in branch_of else m for i, m in enumerate(mods)]
        for pair, path in _front_split(start, plain, deadline):
            fixed = tuple(Application(a.index, branch_of.get(a.index, -1), a.removed) for a in path)
            found.append((pair, fixed))
        if deadline.passed():
            break
    return _ranked(found)


def _all_assignments(mods: list[Mod], choosers: list[int]) -> Iterator[dict[int, int]]:
    """Every assignment of branches to the choosers, identical choosers merged."""
    classes: dict[tuple[object, ...], list[int]] = {}
    for i in choosers:
        classes.setdefault(mods[i].shape, []).append(i)
    per_class = []
    for members in classes.values():
        n_branches = len(mods[members[0]].branches)
        # Identical discounts are interchangeable: only how many take each branch matters,
        # one non-decreasing tuple per split (k+1 of them for two branches, not 2^k).
        splits = itertools.combinations_with_replacement(range(n_branches), len(members))
        per_class.append([(members, split) for split in splits])
    for assignment in itertools.product(*per_class):
        branch_of: dict[int, int] = {}
        for members, split in assignment:
            branch_of.update(zip(members, split))
        yield branch_of


def _choices_by_count(start: Pair, mods: list[Mod], choosers: list[int]) -> list[dict[int, int]] | None:
    """The branch assignments worth searching when every chooser picks between one Energy-only
    and one Power-only branch and no discount has both an Energy and a Power part; None when
    that is not the case.

    Why it is exact: with no discount having both parts, the Energy that an assignment leaves
    depends only on which Energy parts it applies (the least is reached by applying them by
    descending minimum, the exchange argument `energy_sequence` rests on), and the pips only on
    the Power parts it applies; Power branches of one shape are interchangeable, so the pips an
    assignment can reach depend only on how many choosers take each Power shape (its count
    vector). Among the assignments with one count vector, the one leaving the least Energy
    reaches every pip result any of them reaches, with no more Energy: the others add nothing.
    The least Energy per count vector comes from one pass over the Energy parts by descending
    minimum, keeping per count vector the least Energy so far (applying a discount to less
    Energy never leaves more: `apply_energy` is non-decreasing in the Energy).
    """
    if any(m.energy and any(m.power) for m in mods if not m.branches):
        return None
    energy_branch: dict[int, int] = {}
    power_branch: dict[int, int] = {}
    for i in choosers:
        branches = mods[i].branches
        if len(branches) != 2:
            return None
        kinds = [bool(any(b.power)) for b in branches]
        if kinds[0] == kinds[1] or any(b.energy and any(b.power) for b in branches):
            return None
        power_branch[i] = kinds.index(True)
        energy_branch[i] = kinds.index(False)
    # A Power branch is its pips and its Power minimum (its Energy minimum binds nothing).
    shapes: list[tuple[object, ...]] = []
    for i in choosers:
        branch = mods[i].branches[power_branch[i]]
        if (branch.power, branch.min_power) not in shapes:
            shapes.append((branch.power, branch.min_power))
    slot = {i: shapes.index((mods[i].branches[power_branch[i]].power,
                             mods[i].branches[power_branch[i]].min_power)) for i in choosers}
    items = [(i, mods[i]) for i, m in enumerate(mods) if not m.branches and not any(m.power)]
    items += [(i, mods[i].branches[energy_branch[i]]) for i in choosers]
    items.sort(key=lambda item: (-item[1].min_energy, item[0]))
    Counts = tuple[int, ...]
    # count vector -> (least Energy, the choosers that took their Power branch)
    best: dict[Counts, tuple[int, tuple[int, ...]]] = {(0,) * len(shapes): (start[0], ())}
    for i, mod in items:
        nxt: dict[Counts, tuple[int, tuple[int, ...]]] = {}
        for counts, (energy, powered) in best.items():
            offers = [(counts, apply_energy(energy, mod), powered)]
            if mods[i].branches:
                more = list(counts)
                more[slot[i]] += 1
                offers.append((tuple(more), energy, powered + (i,)))
            for key, least, took in offers:
                old = nxt.get(key)
                if old is None or least < old[0]:
                    nxt[key] = (least, took)
        best = nxt
    return [{i: power_branch[i] if i in powered else energy_branch[i] for i in choosers}
            for _, powered in best.values()]


MAX_MIXED = 6  # beyond this many discounts with both parts, the general search takes over


def _front_split(start: Pair, mods: list[Mod],
                 deadline: Deadline = NO_DEADLINE) -> list[tuple[Pair, tuple[Application, ...]]]:
    """`pareto_front` for discounts without choices, by splitting Energy from Power.

    Only discounts with both an Energy and a Power part ("mixed") tie the two together. Once
    the order of the mixed ones among themselves is fixed, where the Energy-only discounts go
    changes only the Energy, and where the Power-only ones go only the pips; any pair of such
    placements is one order. So, per order of the mixed discounts: the least Energy, by a merge
    of the Energy-only discounts (by descending minimum) into the mixed ones' Energy parts; and
    the Pareto-best pips, by a search over the Power-only discounts and the mixed ones' Power
    parts, with no Energy in its states.
    """
    if not any(any(m.power) for m in mods):
        # Energy only (the common case): no mixed discount, no Power side, nothing goes last,
        # so what follows reduces to the Energy merge of every discount, its one result.
        merged = sorted(range(len(mods)), key=lambda i: (-mods[i].min_energy, i))
        energy, tokens = _merge_energy(start[0], mods, merged, [])
        return [((energy, start[1]), tuple(Application(i) for i in tokens))]
    mixed = [i for i, m in enumerate(mods) if m.energy and any(m.power)]
    last = [i for i, m in enumerate(mods) if _goes_last(m)]
    found: list[tuple[Pair, tuple[Application, ...]]] = []
    if len(mixed) > MAX_MIXED:
        quiet = [Mod(m.label) if i in last else m for i, m in enumerate(mods)]
        for (energy, pips), path in _front_plain(start, quiet, deadline):
            path = tuple(app for app in path if app.index not in last)
            for final, tail in _take_last(pips, mods, last):
                found.append(((energy, final), path + tail))
        return _ranked(found)
    energy_side = [i for i, m in enumerate(mods) if not any(m.power)]
    power_side = [i for i, m in enumerate(mods) if any(m.power) and not m.energy and i not in last]
    energy_side.sort(key=lambda i: (-mods[i].min_energy, i))
    seen_orders: set[tuple[object, ...]] = set()
    power = _PowerSide(mods, power_side, mixed, deadline)
    for order in itertools.permutations(mixed):
        shapes = tuple(mods[i].shape for i in order)
        if shapes in seen_orders:
            continue
        if seen_orders and deadline.passed():
            break
        seen_orders.add(shapes)
        energy, energy_tokens = _merge_energy(start[0], mods, energy_side, list(order))
        for pips, power_tokens in power.front(start[1], order):
            path = _interleave(energy_tokens, power_tokens)
            for final, tail in _take_last(pips, mods, last):
                found.append(((energy, final), path + tail))
    return _ranked(found)


def _ranked(found: list[tuple[Pair, tuple[Application, ...]]]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """The Pareto-best results, cheapest (Energy + pips, then Energy, then pips) first."""
    return pareto(sorted(found, key=lambda r: (r[0][0] + sum(r[0][1]), r[0][0], r[0][1])))


def _goes_last(mod: Mod) -> bool:
    """"[A] less" with no minimum and nothing else: applying it after every other discount with
    a Power part is never worse (the others see more pips and may take more; it then takes
    what the player picks of what is left). Checked against every order in the tests."""
    return (not mod.branches and not mod.energy and not mod.min_power
            and any(mod.power) and not any(mod.power[:ANY_INDEX]))


def _take_last(pips: Power, mods: list[Mod], last: list[int]) -> list[tuple[Power, tuple[Application, ...]]]:
    """The Pareto-best pips after the "[A] less" discounts that go last, and how they take them.
    No discount naming a domain follows, so taking a domain pip beats taking an `[A]` pip;
    domains are not comparable, so every choice among them is kept."""
    if not last:
        return [(pips, ())]
    take = min(sum(mods[i].power[ANY_INDEX] for i in last), sum(pips))
    domain_pips = sum(pips[:ANY_INDEX])
    if domain_pips >= take:
        domain_only = pips[:ANY_INDEX] + (0,)
        choices = any_removals(domain_only, take)
    else:
        choices = [pips[:ANY_INDEX] + (take - domain_pips,)]
    out = []
    for removed in choices:
        left = list(removed)
        apps = []
        for i in last:
            share = [0] * len(left)
            want = mods[i].power[ANY_INDEX]
            for k in range(len(left)):
                step = min(want, left[k])
                share[k] = step
                left[k] -= step
                want -= step
            apps.append(Application(i, -1, tuple(share) if any(share) else None))
        out.append((tuple(p - r for p, r in zip(pips, removed)), tuple(apps)))
    return out


def _merge_energy(energy: int, mods: list[Mod], singles: list[int],
                  mixed: list[int]) -> tuple[int, list[int]]:
    """The least Energy over every merge of `singles` (kept in their order) into `mixed`, and
    the merge reaching it, as a list of indices. Energy is monotone, so the least Energy in each
    cell of the merge table is all the next cells need."""
    n, k = len(singles), len(mixed)
    best: dict[tuple[int, int], tuple[int, tuple[int, int] | None]] = {(0, 0): (energy, None)}
    for a in range(n + 1):
        for b in range(k + 1):
            if (a, b) == (0, 0):
                continue
            options = []
            if a and (a - 1, b) in best:
                options.append((apply_energy(best[(a - 1, b)][0], mods[singles[a - 1]]), (a - 1, b)))
            if b and (a, b - 1) in best:
                options.append((apply_energy(best[(a, b - 1)][0], mods[mixed[b - 1]]), (a, b - 1)))
            best[(a, b)] = min(options)
    tokens = []
    cell: tuple[int, int] | None = (n, k)
    while cell is not None and cell != (0, 0):
        prev = best[cell][1]
        assert prev is not None
        tokens.append(singles[cell[0] - 1] if prev[0] != cell[0] else mixed[cell[1] - 1])
        cell = prev
    return best[(n, k)][0], tokens[::-1]


class _PowerSide:
    """The Pareto-best pips over every placement of the Power-only discounts among the mixed
    ones' Power parts (in a given order), with every "[A] less" choice; each with the
    applications of the Power side in order. Memoised on (Power-only discounts left, mixed
    discounts left in order, pips), so orders of the mixed discounts share their suffixes."""

    def __init__(self, mods: list[Mod], singles: list[int], mixed: list[int],
                 deadline: Deadline = NO_DEADLINE) -> None:
        self.deadline = deadline
        self.singles = singles
        self.parts = {i: Mod(mods[i].label, 0, mods[i].power, 0, mods[i].min_power)
                      for i in singles + mixed}
        self.memo: dict[tuple[int, tuple[int, ...], Power],
                        list[tuple[Power, tuple[Application, ...]]]] = {}

    def front(self, pips: Power, order: tuple[int, ...]) -> list[tuple[Power, tuple[Application, ...]]]:
        if not order and self.singles and all(
                not any(self.parts[i].power[:ANY_INDEX]) for i in self.singles):
            return self._any_only(pips)
        return self._search((1 << len(self.singles)) - 1, order, pips)

    def _any_only(self, pips: Power) -> list[tuple[Power, tuple[Application, ...]]]:
        """`_search`'s answer when every discount of the side is "[A] less" (each with its own
        Power minimum, none naming a domain) and no mixed one is left, without the search:
        the same results, in the same order, each with the same applications.

        The results. Such a discount sees only the pip count n: it takes min(amount, n - its
        minimum) pips (none once n is at its minimum), so n goes as Energy goes under an
        Energy discount, and the least count any order reaches, c*, is that of descending
        minimum (`energy_sequence`'s argument). The pips each one takes are the player's
        choice among those left, so every Q <= pips with |Q| = c* is reached, and one with
        more pips is beaten by one of them (take the extra pips off too). Of those, taking an
        `[A]` pip while a domain pip is left is beaten (an `[A]` pip left can be paid by
        anything that pays a domain pip): the results are the pips with k = |pips| - c*
        removed, domain pips first, in every way (`any_removals`).

        Their order and applications. `_search` walks moves (the live discounts by index, the
        first of each shape) and their outcomes (`outcomes`, in `any_removals`' order), and
        keeps the first sequence reaching each result, results in the order first reached:
        its first sequence to Q takes, step by step, the first move and outcome from which Q
        is still reachable. From pips P with discounts L left, Q is reachable exactly when
        Q <= P and the least count L reach from |P| is c* (then the pips above Q can come off
        at each step: any removal is allowed). So each result's sequence is built step by step
        with that test, the outcome being the first removal r (ascending, first domain
        slowest) with P - r >= Q that `_wasted_any` keeps (it drops an outcome that takes an
        `[A]` pip while a domain pip is left: no domain is named later); and the results are
        sorted by their sequences, as the walk reaches them. Checked against `_search` in
        tests/test_discount_orders.py."""
        singles, parts = self.singles, self.parts
        count = sum(pips)

        def least(left: list[int], n: int) -> int:
            for i in sorted(left, key=lambda i: -parts[singles[i]].min_power):
                part = parts[singles[i]]
                n = max(n - part.power[ANY_INDEX], min(n, part.min_power))
            return n

        everyone = list(range(len(singles)))
        k = count - least(everyone, count)
        domain = sum(pips[:ANY_INDEX])
        if k <= domain:
            goals = [tuple(p - r for p, r in zip(pips, removed))
                     for removed in any_removals(pips[:ANY_INDEX] + (0,), k)]
        else:
            goals = [(0,) * ANY_INDEX + (pips[ANY_INDEX] - (k - domain),)]
        target = count - k
        found = []
        for goal in goals:
            left, here = everyone, pips
            steps: list[tuple[int, Power]] = []
            path: list[Application] = []
            while True:
                live, shapes = [], set()
                for i in left:
                    part = parts[singles[i]]
                    if is_live((0, here), part) and part.shape not in shapes:
                        shapes.add(part.shape)
                        live.append(i)
                if not live:
                    path += [Application(singles[i]) for i in left]
                    break
                n = sum(here)
                for i in live:
                    part = parts[singles[i]]
                    take = min(part.power[ANY_INDEX], max(0, n - part.min_power), n)
                    rest = [j for j in left if j != i]
                    if least(rest, n - take) != target:
                        continue
                    removed = _first_removal(here, goal, take)
                    if removed is not None:
                        break
                else:  # not expected: the goal is reachable, so some move keeps it so
                    raise AssertionError(f"no move keeps {goal} reachable from {here}")
                steps.append((i, removed))
                path.append(Application(singles[i], -1, removed if take else None))
                here = tuple(p - r for p, r in zip(here, removed))
                left = rest
            found.append((tuple(steps), goal, tuple(path)))
        found.sort(key=lambda item: item[0])
        return [(goal, path) for _, goal, path in found]

    def _search(self, left: int, rest: tuple[int, ...],
                pips: Power) -> list[tuple[Power, tuple[Application, ...]]]:
        key = (left, rest, pips)
        found = self.memo.get(key)
        if found is not None:
            return found
        singles, parts = self.singles, self.parts
        moves: list[int] = []
        shapes: set[tuple[object, ...]] = set()
        for i in _bits(left):
            part = parts[singles[i]]
            if is_live((0, pips), part) and part.shape not in shapes:
                shapes.add(part.shape)
                moves.append(i)
        if rest:
            moves.append(-1)
        hurry = self.deadline.passed()
        if hurry:  # past the deadline: one move, one outcome (see `Deadline`)
            moves = moves[-1:]
        if not moves:
            result = [(pips, tuple(Application(singles[i]) for i in _bits(left)))]
        else:
            candidates: list[tuple[Pair, tuple[Application, ...]]] = []
            for move in moves:
                index = rest[0] if move < 0 else singles[move]
                nxt_left = left if move < 0 else left & ~(1 << move)
                nxt_rest = rest[1:] if move < 0 else rest
                targeted = {d for i in _bits(nxt_left) for d in range(ANY_INDEX)
                            if parts[singles[i]].power[d]}
                targeted |= {d for i in nxt_rest for d in range(ANY_INDEX) if parts[i].power[d]}
                for (_, after), app in outcomes((0, pips), parts[index], index):
                    if _wasted_any(pips, after, targeted):
                        continue
                    for final, path in self._search(nxt_left, nxt_rest, after):
                        candidates.append(((0, final), (app,) + path))
                    if hurry:
                        break
            result = [(p[1], path) for p, path in pareto(candidates)]
        self.memo[key] = result
        return result


def _first_removal(pips: Power, goal: Power, take: int) -> Power | None:
    """The first of `any_removals(pips, take)` (ascending, the first slot slowest) leaving at
    least `goal` that `_wasted_any` keeps with no domain named later (it takes an `[A]` pip
    only with no domain pip left), or None."""
    room = [p - g for p, g in zip(pips, goal)]
    if any(r < 0 for r in room):
        return None
    domain = sum(pips[:ANY_INDEX])
    if take > domain:  # every domain pip, then `[A]` pips
        if take - domain > room[ANY_INDEX] or any(room[d] < pips[d] for d in range(ANY_INDEX)):
            return None
        return pips[:ANY_INDEX] + (take - domain,)
    if sum(room[:ANY_INDEX]) < take:
        return None
    # Domain pips only (taking an `[A]` pip would leave one): each slot as few as the later
    # slots leave it to take, so the earliest slots are smallest.
    out = [0] * len(pips)
    left = take
    for d in range(ANY_INDEX):
        later = sum(room[d + 1:ANY_INDEX])
        out[d] = max(0, left - later)
        left -= out[d]
    return tuple(out)


def _wasted_any(before: Power, after: Power, targeted: set[int]) -> bool:
    """Whether an "[A] less" took an `[A]` pip while a domain pip no later discount can name
    was left: taking that domain pip instead is never worse (every later "[A] less" can mirror
    the choices, ending with one domain pip fewer and the same count), so this outcome can be
    skipped."""
    if after[ANY_INDEX] == before[ANY_INDEX]:
        return False
    return any(after[d] and d not in targeted for d in range(ANY_INDEX))


def _interleave(energy_tokens: list[int], power_side: tuple[Application, ...]) -> tuple[Application, ...]:
    """One order of every discount from the Energy side's order and the Power side's
    applications, which agree on the order of the mixed discounts."""
    removed = {app.index: app.removed for app in power_side}
    power_order = [app.index for app in power_side]
    mixed = [i for i in energy_tokens if i in removed]
    out: list[Application] = []
    e = p = 0
    for m in mixed + [None]:
        while e < len(energy_tokens) and energy_tokens[e] != m:
            out.append(Application(energy_tokens[e]))
            e += 1
        while p < len(power_order) and power_order[p] != m:
            out.append(Application(power_order[p], -1, removed[power_order[p]]))
            p += 1
        if m is not None:
            out.append(Application(m, -1, removed[m]))
            e += 1
            p += 1
    return tuple(out)


def _front_plain(start: Pair, mods: list[Mod],
                 deadline: Deadline = NO_DEADLINE) -> list[tuple[Pair, tuple[Application, ...]]]:
    """`pareto_front` for discounts with or without choices, searching choices as it goes."""
    memo: dict[tuple[int, Pair], list[tuple[Pair, tuple[Application, ...]]]] = {}
    least_energy: dict[tuple[int, Power], int] = {}
    finals: list[Pair] = []  # the Pareto-best complete results found so far
    full = (1 << len(mods)) - 1

    def search(left: int, pair: Pair) -> list[tuple[Pair, tuple[Application, ...]]]:
        key = (left, pair)
        found = memo.get(key)
        if found is not None:
            return found
        # With the same discounts left and the same pips, less Energy is never worse: every
        # choice open here is open there, ending with the same pips and no more Energy. A
        # state already beaten so adds nothing the search does not find through the other.
        seen = least_energy.get((left, pair[1]))
        if seen is not None and seen < pair[0]:
            memo[key] = []
            return []
        least_energy[(left, pair[1])] = pair[0]
        if finals and _beaten(finals, _floor(pair, [mods[i] for i in _bits(left)])):
            memo[key] = []
            return []
        groups: dict[int, list[tuple[int, Mod]]] = {}
        dead = []
        for i in _bits(left):
            branches = effective(pair, mods[i])
            if branches:
                groups[i] = branches
            else:
                dead.append(Application(i))
        single = {i: g[0] for i, g in groups.items() if len(g) == 1}
        energy_only = [(i, b, m) for i, (b, m) in single.items() if not any(m.power)]
        power_only = [(i, b, m) for i, (b, m) in single.items() if m.energy == 0]
        if not groups:
            result = [(pair, tuple(dead))]
        elif len(energy_only) == len(groups):
            result = [_run(pair, energy_sequence(energy_only), tuple(dead))]
        elif energy_only and len(energy_only) + len(power_only) == len(groups):
            # The Energy-only discounts first (they leave the pips as they are), then the
            # Power-only ones from the state that leaves: a real state, with its real Energy,
            # so its memo, its Energy record and its bound (`_floor`) hold for it. (Searched
            # from the Energy before them, with those discounts gone from `left`, the bound
            # saw more Energy than any result below has and pruned best results.)
            (energy, _), energy_path = _run(pair, energy_sequence(energy_only), ())
            power_left = left
            for i, _, _ in energy_only:
                power_left &= ~(1 << i)
            result = [(final, energy_path + path)
                      for final, path in search(power_left, (energy, pair[1]))]
        else:
            candidates: list[tuple[Pair, tuple[Application, ...]]] = []
            seen_shapes: set[tuple[object, ...]] = set()
            tried = [i for i in groups if i not in {e[0] for e in energy_only}]
            tried += [e[0] for e in energy_sequence(energy_only)[:1]]
            hurry = deadline.passed()
            if hurry:  # past the deadline: one move, one outcome (see `Deadline`)
                tried = tried[:1]
            for i in tried:
                shape = tuple(m.shape for _, m in groups[i])
                if shape in seen_shapes:
                    continue
                seen_shapes.add(shape)
                seen_after: set[Pair] = set()
                for b, m in groups[i]:
                    for after, app in outcomes(pair, m, i):
                        if after in seen_after:
                            continue
                        seen_after.add(after)
                        app = Application(i, b, app.removed)
                        for final, path in search(left & ~(1 << i), after):
                            candidates.append((final, (app,) + path))
                        if hurry:
                            break
                    if hurry:
                        break
            result = pareto(candidates)
        memo[key] = result
        for final, _ in result:
            _keep(finals, final)
        return result

    return _ranked(search(full, start))


def _floor(pair: Pair, left: list[Mod]) -> tuple[int, int, Power]:
    """Lower bounds on every result the discounts `left` can reach from `pair`, in any order
    with any choices: (Energy, pips in all, pips per domain).

    - Energy: every Energy part of every branch, applied by descending minimum. Applying one
      more discount anywhere never leaves more Energy (it only lowers the Energy, and each
      later discount is non-decreasing in it), so all branches at once leave no more than any
      one choice, and descending minimum is the least over orders (`energy_sequence`).
    - Pips in all: the same with each Power part as a count of pips that may come from any
      domain: it takes at least as many pips as the real discount at the same count, the map
      is non-decreasing in the count, and the minimum binds it as an Energy minimum binds.
    - Pips of domain d: at most the discounts' pips of d and their `[A]` pips come off it.
    """
    parts = [b for m in left for b in (m.branches or (m,))]
    energy = pair[0]
    for part in sorted(parts, key=lambda b: -b.min_energy):
        energy = apply_energy(energy, part)
    count = sum(pair[1])
    for part in sorted(parts, key=lambda b: -b.min_power):
        count = max(count - sum(part.power), min(count, part.min_power))
    power = tuple(max(0, pair[1][d] - sum(b.power[d] + b.power[ANY_INDEX] for b in parts))
                  for d in range(ANY_INDEX))
    any_left = max(0, pair[1][ANY_INDEX] - sum(b.power[ANY_INDEX] for b in parts))
    return energy, max(count, sum(power) + any_left), power


def _beaten(finals: list[Pair], floor: tuple[int, int, Power]) -> bool:
    """Whether a result already found is no worse than every result under `floor` could be:
    then nothing under it is worth searching (it is dominated, or equal to one found)."""
    energy, count, power = floor
    return any(f[0] <= energy and sum(f[1]) <= count
               and all(x <= y for x, y in zip(f[1][:ANY_INDEX], power)) for f in finals)


def _keep(finals: list[Pair], pair: Pair) -> None:
    """Add `pair` to the Pareto-best results found so far."""
    if any(dominates(f, pair) for f in finals):
        return
    finals[:] = [f for f in finals if not dominates(pair, f)] + [pair]


def _run(pair: Pair, sequence: list[Live],
         tail: tuple[Application, ...]) -> tuple[Pair, tuple[Application, ...]]:
    path = []
    for i, b, mod in sequence:
        pair, removed = apply_mod(pair, mod)
        path.append(Application(i, b, removed if any(removed) else None))
    return pair, tuple(path) + tail


def _bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


MAX_COUNT_STATES = 200_000
"""States `all_results` expands at most. Each holds about 1 to 1.2 KB while the count runs (its
children, its count, its reach mask and the memos), so this bounds the count's memory whatever
the time limit (`payplan orders` on 28 generated discounts: 274 MB peak RSS, the whole process,
cut at this bound); past it the count is cut, as by the deadline. Generated discounts (the
`modifiers` family) take 17,283 states at 16, 60,568 at 20 and 223,853 at 24."""


class CountCut(Exception):
    """`all_results` stopped at its deadline or at its `bound` of states (`MAX_COUNT_STATES`):
    the orders were not all counted."""

    def __init__(self, states: int, bound: int | None = None) -> None:
        why = "the time limit" if bound is None else f"the bound of {bound:,} states"
        super().__init__(f"counted {states:,} states before {why}")
        self.states = states
        self.bound = bound  # None: the deadline cut the count


def all_results(start: Pair, mods: list[Mod], deadline: Deadline = NO_DEADLINE
                ) -> dict[Pair, tuple[int, tuple[Application, ...]]]:
    """Every distinct result that some order of `mods` reaches, how many orders reach it, and
    the first sequence that does (for `payplan orders`). Raises `CountCut` once `deadline` has
    passed or past `MAX_COUNT_STATES` states: a count is exact or not given.

    An order is a permutation of the discounts; where discounts offer choices ("[1] or [A]",
    "[A] less"), each distinct sequence of choice outcomes counts as an order of its own (a
    step's outcomes are the distinct results `outcomes` lists). The sequence kept per result is
    the first in the order that lists discounts by index and each discount's outcomes as
    `outcomes` lists them.

    Never walks the orders: `_OrderCount` counts forward over states (running result, what the
    discounts left still do), merged as its docstring argues, then marks which results each
    state can still reach; the first sequence to a result then takes, step by step, the first
    step from which that result is still reachable. The work grows with those states, not with
    the orders: 16 generated discounts (`benchmarks/cliffs.py`, `orders`: 17,283 states) take
    about 0.4 s of CPU time. It is no polynomial bound: discounts that stay live and different for long (16
    different discounts with both an Energy and a Power part) make exponentially many states,
    which is what the deadline is for.
    """
    counter = _OrderCount(mods, deadline)
    counts = counter.forward(start)
    paths = counter.first_sequences(start, list(counts))
    return {pair: (counts[pair], paths[pair]) for pair in counts}


Behaviour = int  # an interned behaviour: what a discount still does from some result on
Bag = tuple[tuple[Behaviour, int], ...]  # a multiset of behaviours: (behaviour, copies), sorted


class _OrderCount:
    """Counting the orders of `mods` forward over states, without walking them.

    A state is (running result, the discounts left as they still act). A discount left is
    replaced by its *behaviour* at the running result: each of its branches (the discount itself
    when it has no choice) with its dead parts stripped, a part being dead when it takes
    nothing there (an Energy part whose minimum binds or with no amount; a Power part with no
    room or no pip it may take). Each merge rests on one fact, the one `effective` and the
    module docstring use: Energy and pips only fall as discounts apply, so a part dead at a
    result is dead at every later one, and from there on a discount has exactly its
    behaviour's outcomes (the same distinct results, branch by branch: a stripped part does
    nothing, as the part it replaces would have done nothing).

    - States alike in result and multiset of behaviours left have the same futures, outcome
      for outcome, so their counts add up in one state. Discounts of one behaviour are
      interchangeable: a step applies one of each behaviour and counts as many orders as that
      behaviour has copies (each copy first gives the same results and leaves the same rest).
    - A discount that is dead (no branch takes anything: one outcome, the same result, here and
      at every later result) leaves the state: with k discounts dying among the r left after a
      step, each order of the r - k live ones is r!/(r-k)! orders of all r (the dead ones
      placed anywhere, in any order), each reaching the same result. A state with nothing live
      left is final: its result is reached.
    """

    def __init__(self, mods: list[Mod], deadline: Deadline) -> None:
        self.mods = mods
        self.deadline = deadline
        self.max_states = MAX_COUNT_STATES
        self.ids: dict[tuple[object, ...], Behaviour] = {}
        self.acting: list[Mod] = []  # behaviour -> a discount acting as it (for `outcomes`)
        self.at: dict[tuple[Behaviour, int], Behaviour | None] = {}  # (b, result) -> b there
        self.pair_ids: dict[Pair, int] = {}
        self.pairs: list[Pair] = []
        self.bag_ids: dict[Bag, int] = {}
        self.bag_list: list[Bag] = []
        self.reach: dict[int, int] = {}  # state -> a bit per final result it can reach
        self.bit: dict[Pair, int] = {}  # final result -> its bit
        self.own = [self._intern(mod.branches or (mod,)) for mod in mods]

    def _intern(self, branches: tuple[Mod, ...]) -> Behaviour:
        parts = {b.shape: Mod("", b.energy, b.power, b.min_energy, b.min_power,
                              any_only=b.any_only) for b in branches}
        key = tuple(sorted(parts, key=repr))
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.acting)
            unique = [parts[shape] for shape in key]
            self.acting.append(unique[0] if len(unique) == 1 else Mod("", branches=tuple(unique)))
        return found

    def behaviour(self, b: Behaviour, pair: Pair) -> Behaviour | None:
        """What behaviour `b` still does at `pair` (None: nothing, there or later)."""
        mod = self.acting[b]
        live = []
        for branch in mod.branches or (mod,):
            energy_live = branch.energy > 0 and pair[0] > branch.min_energy
            power_live = any(branch.power) and is_live((0, pair[1]), Mod(
                "", 0, branch.power, 0, branch.min_power, any_only=branch.any_only))
            live.append(Mod("", branch.energy if energy_live else 0,
                            branch.power if power_live else NO_POWER,
                            branch.min_energy if energy_live else 0,
                            branch.min_power if power_live else 0,
                            any_only=branch.any_only and power_live))
        if all(not m.energy and not any(m.power) for m in live):
            return None
        return self._intern(tuple(live))

    def bag(self, pair: Pair, left: Bag) -> tuple[Bag, int]:
        """The behaviours `left` at `pair`: the live ones as a bag, and how many are dead."""
        live: dict[Behaviour, int] = {}
        dead = 0
        pid = self._pid(pair)
        at = self.at
        for b, copies in left:
            now = at.get((b, pid), -1)
            if now == -1:
                now = self.behaviour(b, pair)
                at[(b, pid)] = now
            if now is None:
                dead += copies
            else:
                live[now] = live.get(now, 0) + copies
        return tuple(sorted(live.items())), dead

    def own_bag(self, indices: tuple[int, ...]) -> Bag:
        bag: dict[Behaviour, int] = {}
        for i in indices:
            bag[self.own[i]] = bag.get(self.own[i], 0) + 1
        return tuple(sorted(bag.items()))

    def state(self, pair: Pair, left: Bag) -> tuple[int, int]:
        """The state of the discounts `left` at `pair` (as a number: see `forward`), and how
        many of them are dead there (`settled`: with their Energy parts settled)."""
        live, dead = self.bag(pair, left)
        pair, live, more = self.settled(pair, live)
        return self._state(pair, live), dead + more

    def settled(self, pair: Pair, live: Bag) -> tuple[Pair, Bag, int]:
        """`pair` and the live behaviours with their Energy parts applied at once, where every
        order applies each of them as a plain subtraction: the pair the Energy parts leave,
        the behaviours without them, and how many of those are then dead. Else as given.

        When that holds: the Energy parts left take S in all, and E - S is at least every one's
        minimum and 0. In any order, before a part of amount a is applied the Energy is at
        least E - (S - a) (each earlier part took at most its amount), so after it at least
        E - S, at or above its minimum: `apply_energy` subtracts a in full, and so does every
        part, whatever the order. Every order then ends at E - S, and Energy never reads the
        pips, so the Energy parts no longer tell orders apart: the discounts left act as their
        Power parts, with the Energy settled (a discount with a choice keeps its Energy:
        whether it is taken is the choice's). Once it holds it holds on: a later part taken in
        full leaves E - S as it was. So discounts differing only in their Energy parts become
        one behaviour here, and their orders are counted as copies (`forward`)."""
        spend = floor = 0
        for b, copies in live:
            mod = self.acting[b]
            if mod.branches:
                if any(branch.energy for branch in mod.branches):
                    return pair, live, 0
            elif mod.energy:
                spend += mod.energy * copies
                floor = max(floor, mod.min_energy)
        if not spend or pair[0] - spend < floor:
            return pair, live, 0
        kept: dict[Behaviour, int] = {}
        dead = 0
        for b, copies in live:
            mod = self.acting[b]
            if mod.branches or not mod.energy:
                kept[b] = kept.get(b, 0) + copies
            elif not any(mod.power):
                dead += copies
            else:
                power = self._intern((Mod("", 0, mod.power, 0, mod.min_power,
                                          any_only=mod.any_only),))
                kept[power] = kept.get(power, 0) + copies
        return (pair[0] - spend, pair[1]), tuple(sorted(kept.items())), dead

    def _pid(self, pair: Pair) -> int:
        pid = self.pair_ids.setdefault(pair, len(self.pair_ids))
        if pid == len(self.pairs):
            self.pairs.append(pair)
        return pid

    def _state(self, pair: Pair, live: Bag) -> int:
        pid = self._pid(pair)
        bid = self.bag_ids.setdefault(live, len(self.bag_ids))
        if bid == len(self.bag_list):
            self.bag_list.append(live)
        return (bid << 32) | pid

    def forward(self, start: Pair) -> dict[Pair, int]:
        """Final result -> how many orders reach it; fills `reach`.

        States are numbered `(bag << 32) | result`, bags and results interned, so that the
        loop hashes small numbers; each state is expanded once, after every state with more
        live discounts (a step leaves fewer), so its count is complete when it is expanded.
        """
        n = len(self.mods)
        first, dead = self.state(start, self.own_bag(tuple(range(n))))
        perm = [[math.perm(r, k) for k in range(r + 1)] for r in range(n + 1)]
        layers: list[dict[int, int]] = [{} for _ in range(n + 1)]
        layers[n - dead][first] = perm[n][dead]
        steps: dict[int, list[tuple[Behaviour, int, int]]] = {}  # bag -> (behaviour, copies, rest)
        moves: dict[tuple[Behaviour, int], list[int]] = {}  # (behaviour, result) -> results
        after_bag: dict[tuple[int, int], tuple[int, int]] = {}  # (result, rest) -> (state, dead)
        counts: dict[Pair, int] = {}
        order: list[int] = []
        children: dict[int, list[int]] = {}
        low = (1 << 32) - 1
        for size in range(n - dead, -1, -1):
            rows = perm[size - 1] if size else []
            for state, count in layers[size].items():
                order.append(state)
                if len(order) % 512 == 0:
                    if self.deadline.passed():
                        raise CountCut(len(order))
                    if len(order) > self.max_states:
                        raise CountCut(len(order), self.max_states)
                bid, pid = state >> 32, state & low
                if size == 0:
                    pair = self.pairs[pid]
                    counts[pair] = counts.get(pair, 0) + count
                    continue
                kids = children[state] = []
                todo = steps.get(bid)
                if todo is None:
                    todo = steps[bid] = []
                    left = self.bag_list[bid]
                    for slot, (b, copies) in enumerate(left):
                        rest = (left[:slot] + ((b, copies - 1),) + left[slot + 1:] if copies > 1
                                else left[:slot] + left[slot + 1:])
                        rid = self.bag_ids.setdefault(rest, len(self.bag_ids))
                        if rid == len(self.bag_list):
                            self.bag_list.append(rest)
                        todo.append((b, copies, rid))
                for b, copies, rid in todo:
                    afters = moves.get((b, pid))
                    if afters is None:
                        pair = self.pairs[pid]
                        afters = moves[(b, pid)] = [
                            self._pid(after) for after, _ in outcomes(pair, self.acting[b], 0)]
                    for after in afters:
                        found = after_bag.get((after, rid))
                        if found is None:
                            found = after_bag[(after, rid)] = self.state(
                                self.pairs[after], self.bag_list[rid])
                        child, died = found
                        into = layers[size - 1 - died]
                        into[child] = into.get(child, 0) + count * copies * rows[died]
                        kids.append(child)
        bit = self.bit = {pair: 1 << k for k, pair in enumerate(counts)}
        reach = self.reach
        for state in reversed(order):  # children before parents
            below = children.get(state)
            if below is None:
                reach[state] = bit[self.pairs[state & low]]
            else:
                mask = 0
                for kid in below:
                    mask |= reach[kid]
                reach[state] = mask
        return counts

    def first_sequences(self, start: Pair, targets: list[Pair]) -> dict[Pair, tuple[Application, ...]]:
        """For each result in `targets`, the first sequence reaching it (as `all_results` says).

        Sequences are compared step by step on (discount index, outcome position in
        `outcomes`), so the first to reach a result takes, at each step, the first step after
        which the result is still reachable (`reach` says where it is). Of identical discounts
        the lowest index left goes first: a later copy first gives the same results by a later
        sequence. When every discount left is dead (no outcome but the same result, there and
        later), the rest is those discounts by index, each applied as `Application(i)`.
        """
        shapes: dict[tuple[object, ...], int] = {}
        shape_of = [shapes.setdefault(m.shape, len(shapes)) for m in self.mods]
        out: dict[Pair, tuple[Application, ...]] = {}

        def follow(pair: Pair, left: tuple[int, ...], wanted: int,
                   before: tuple[Application, ...]) -> None:
            live = self.bag(pair, self.own_bag(left))[0]
            if not live:
                out[pair] = before + tuple(Application(i) for i in left)
                return
            if not self.settled(pair, live)[1]:
                # Energy parts only, each subtracting in full whatever the order: every order
                # reaches the one result, and the first takes them by index, each its first
                # outcome (until those left are dead, as above).
                after, app = outcomes(pair, self.mods[left[0]], left[0])[0]
                follow(after, left[1:], wanted, before + (app,))
                return
            tried: set[int] = set()
            for i in left:
                if shape_of[i] in tried:
                    continue
                tried.add(shape_of[i])
                rest = tuple(j for j in left if j != i)
                for after, app in outcomes(pair, self.mods[i], i):
                    state, _ = self.state(after, self.own_bag(rest))
                    now = self.reach[state] & wanted
                    if now:
                        follow(after, rest, now, before + (app,))
                        wanted &= ~now
                        if not wanted:
                            return

        wanted = 0
        for target in targets:
            wanted |= self.bit[target]
        follow(start, tuple(range(len(self.mods))), wanted, ())
        return out
