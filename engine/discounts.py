"""Rule 353.4: applying discounts, and searching the orders and choices the player has.

A discount is applied to the Energy and Power of one part of a cost. Its minimum binds only
itself (353.4.c): Energy becomes `max(E - amount, min(E, minimum))`, and Power pips are removed
while the pip count stays at or above the Power minimum. A discount always takes as much as it can;
"[A] less" removes pips of the player's choice, and "[1] or [A] less" lets the player pick one
branch. Rule 353.5: nothing goes below 0.

The search (`pareto_front`) finds, exactly, every result that no other reachable result beats,
with one sequence of applications reaching each. It never walks all n! orders:

- a discount that changes nothing now changes nothing later (Energy and pips only fall, and a
  minimum that binds keeps binding), so only *live* discounts are branched on and the dead ones
  are appended at the end;
- identical discounts are interchangeable, so only the first of each identical group is tried;
- Energy-only discounts need only be tried in descending order of minimum among themselves
  (an exchange argument for adjacent ones; checked against every order in the tests, with
  other discounts between them), so at each state only one of them is branched on, and when
  every live discount is Energy-only the rest is one sequence;
- when the live discounts split into Energy-only and Power-only groups, the two parts are
  independent and are searched apart;
- states are memoised on (discounts left, Energy, Power) and keep only their Pareto-best
  results; a state with the same discounts left and the same pips as one already reached with
  less Energy is dropped (Energy is monotone and the pips don't depend on it).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from payplan.engine.cost import ANY_INDEX, NO_POWER, Power

Pair = tuple[int, Power]  # (Energy, Power pips)


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


def pareto(items: list[tuple[Pair, tuple[Application, ...]]]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """Keep the results no other result dominates; first found wins among equals."""
    kept: list[tuple[Pair, tuple[Application, ...]]] = []
    for pair, path in items:
        if any(dominates(k, pair) for k, _ in kept):
            continue
        kept = [(k, p) for k, p in kept if not dominates(pair, k)]
        kept.append((pair, path))
    return kept


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


def pareto_front(start: Pair, mods: list[Mod]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """Every Pareto-best result of applying all `mods` in some order with some choices.

    Each result comes with the full sequence of applications (every discount exactly once) that
    reaches it. Results come in a deterministic order: cheapest (Energy + pips) first.

    The branches of "[1] or [A]" discounts are chosen first (the sequences of orders and
    choices are the same, enumerated in another order): identical discounts are interchangeable,
    so only how many of each kind take each branch matters. Each assignment leaves discounts
    without choices, which the search below settles much faster.
    """
    if any(m.any_only for m in mods):
        # Only-[A] discounts (Weaponmaster): the general search, which applies each discount
        # through `outcomes` and so reads `any_only`; the split search assumes [A] is flexible.
        return _front_plain(start, mods)
    choosers = [i for i, m in enumerate(mods) if m.branches]
    if not choosers:
        return _front_split(start, mods)
    classes: dict[tuple[object, ...], list[int]] = {}
    for i in choosers:
        classes.setdefault(mods[i].shape, []).append(i)
    per_class = []
    for members in classes.values():
        n_branches = len(mods[members[0]].branches)
        splits = [c for c in itertools.product(range(n_branches), repeat=len(members))
                  if list(c) == sorted(c)]
        per_class.append([(members, split) for split in splits])
    found: list[tuple[Pair, tuple[Application, ...]]] = []
    for assignment in itertools.product(*per_class):
        branch_of: dict[int, int] = {}
        for members, split in assignment:
            branch_of.update(zip(members, split))
        plain = [m.branches[branch_of[i]] if i in branch_of else m for i, m in enumerate(mods)]
        for pair, path in _front_split(start, plain):
            fixed = tuple(Application(a.index, branch_of.get(a.index, -1), a.removed) for a in path)
            found.append((pair, fixed))
    return _ranked(found)


MAX_MIXED = 6  # beyond this many discounts with both parts, the general search takes over


def _front_split(start: Pair, mods: list[Mod]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """`pareto_front` for discounts without choices, by splitting Energy from Power.

    Only discounts with both an Energy and a Power part ("mixed") tie the two together. Once
    the order of the mixed ones among themselves is fixed, where the Energy-only discounts go
    changes only the Energy, and where the Power-only ones go only the pips; any pair of such
    placements is one order. So, per order of the mixed discounts: the least Energy, by a merge
    of the Energy-only discounts (by descending minimum) into the mixed ones' Energy parts; and
    the Pareto-best pips, by a search over the Power-only discounts and the mixed ones' Power
    parts, with no Energy in its states.
    """
    mixed = [i for i, m in enumerate(mods) if m.energy and any(m.power)]
    last = [i for i, m in enumerate(mods) if _goes_last(m)]
    found: list[tuple[Pair, tuple[Application, ...]]] = []
    if len(mixed) > MAX_MIXED:
        quiet = [Mod(m.label) if i in last else m for i, m in enumerate(mods)]
        for (energy, pips), path in _front_plain(start, quiet):
            path = tuple(app for app in path if app.index not in last)
            for final, tail in _take_last(pips, mods, last):
                found.append(((energy, final), path + tail))
        return _ranked(found)
    energy_side = [i for i, m in enumerate(mods) if not any(m.power)]
    power_side = [i for i, m in enumerate(mods) if any(m.power) and not m.energy and i not in last]
    energy_side.sort(key=lambda i: (-mods[i].min_energy, i))
    seen_orders: set[tuple[object, ...]] = set()
    power = _PowerSide(mods, power_side, mixed)
    for order in itertools.permutations(mixed):
        shapes = tuple(mods[i].shape for i in order)
        if shapes in seen_orders:
            continue
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

    def __init__(self, mods: list[Mod], singles: list[int], mixed: list[int]) -> None:
        self.singles = singles
        self.parts = {i: Mod(mods[i].label, 0, mods[i].power, 0, mods[i].min_power)
                      for i in singles + mixed}
        self.memo: dict[tuple[int, tuple[int, ...], Power],
                        list[tuple[Power, tuple[Application, ...]]]] = {}

    def front(self, pips: Power, order: tuple[int, ...]) -> list[tuple[Power, tuple[Application, ...]]]:
        return self._search((1 << len(self.singles)) - 1, order, pips)

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
            result = [(p[1], path) for p, path in pareto(candidates)]
        self.memo[key] = result
        return result


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


def _front_plain(start: Pair, mods: list[Mod]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """`pareto_front` for discounts with or without choices, searching choices as it goes."""
    memo: dict[tuple[int, Pair], list[tuple[Pair, tuple[Application, ...]]]] = {}
    least_energy: dict[tuple[int, Power], int] = {}
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
            (energy, _), energy_path = _run(pair, energy_sequence(energy_only), ())
            power_left = left
            for i, _, _ in energy_only:
                power_left &= ~(1 << i)
            result = [((energy, power), energy_path + path)
                      for (_, power), path in search(power_left, pair)]
        else:
            candidates: list[tuple[Pair, tuple[Application, ...]]] = []
            seen_shapes: set[tuple[object, ...]] = set()
            tried = [i for i in groups if i not in {e[0] for e in energy_only}]
            tried += [e[0] for e in energy_sequence(energy_only)[:1]]
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
            result = pareto(candidates)
        memo[key] = result
        return result

    return _ranked(search(full, start))


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


def all_results(start: Pair, mods: list[Mod]) -> dict[Pair, tuple[int, tuple[Application, ...]]]:
    """Every distinct result that some order of `mods` reaches, how many orders reach it, and
    one sequence that does (for `payplan orders`).

    An order is a permutation of the discounts; where discounts offer choices ("[1] or [A]",
    "[A] less"), each distinct sequence of choice outcomes counts as an order of its own. Counted over states memoised on
    (discounts left, Energy, Power), with dead discounts counted as k! orders at once, so 10
    discounts (3,628,800 orders) are counted without walking them.
    """
    memo: dict[tuple[int, Pair], dict[Pair, tuple[int, tuple[Application, ...]]]] = {}

    def search(left: int, pair: Pair) -> dict[Pair, tuple[int, tuple[Application, ...]]]:
        key = (left, pair)
        found = memo.get(key)
        if found is not None:
            return found
        indices = _bits(left)
        live = [i for i in indices if is_live(pair, mods[i])]
        if not live:
            ways = _factorial(len(indices))
            result = {pair: (ways, tuple(Application(i) for i in indices))}
        else:
            result = {}
            for i in indices:
                reach: dict[Pair, tuple[int, tuple[Application, ...]]] = {}
                for after, app in outcomes(pair, mods[i], i):
                    for final, (count, path) in search(left & ~(1 << i), after).items():
                        old = reach.get(final)
                        reach[final] = (count + (old[0] if old else 0),
                                        old[1] if old else (app,) + path)
                for final, (count, path) in reach.items():
                    old = result.get(final)
                    result[final] = (count + (old[0] if old else 0), old[1] if old else path)
        memo[key] = result
        return result

    return search((1 << len(mods)) - 1, start)


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out
