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
- when every live discount is Energy-only, applying them by descending minimum is optimal
  (exchange argument; checked against every order in the tests), so the rest is one sequence;
- when the live discounts split into Energy-only and Power-only groups, the two parts are
  independent and are searched apart;
- states are memoised on (discounts left, Energy, Power) and keep only their Pareto-best results.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from engine.cost import ANY_INDEX, NO_POWER, POWER_KEYS, Power

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

    @property
    def shape(self) -> tuple[object, ...]:
        """Everything but the label: two discounts of one shape are interchangeable."""
        return (self.energy, self.power, self.min_energy, self.min_power,
                tuple(b.shape for b in self.branches))

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
    for i in range(ANY_INDEX):
        take = min(mod.power[i], out[i], room)
        out[i] -= take
        room -= take
    return tuple(out), room


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
            if branch.power[ANY_INDEX] and sum(power):
                return True
            if any(branch.power[i] and power[i] for i in range(ANY_INDEX)):
                return True
    return False


def energy_sequence(mods: list[tuple[int, Mod]]) -> list[tuple[int, Mod]]:
    """Energy-only discounts in the order that leaves the least Energy: descending minimum
    (ties keep their listed order; discounts of equal minimum commute)."""
    return sorted(mods, key=lambda im: (-im[1].min_energy, im[0]))


def pareto_front(start: Pair, mods: list[Mod]) -> list[tuple[Pair, tuple[Application, ...]]]:
    """Every Pareto-best result of applying all `mods` in some order with some choices.

    Each result comes with the full sequence of applications (every discount exactly once) that
    reaches it. Results come in a deterministic order: cheapest (Energy + pips) first.
    """
    memo: dict[tuple[int, Pair], list[tuple[Pair, tuple[Application, ...]]]] = {}
    full = (1 << len(mods)) - 1

    def search(left: int, pair: Pair) -> list[tuple[Pair, tuple[Application, ...]]]:
        key = (left, pair)
        found = memo.get(key)
        if found is not None:
            return found
        live = [(i, mods[i]) for i in _bits(left) if is_live(pair, mods[i])]
        dead = tuple(Application(i) for i in _bits(left) if not is_live(pair, mods[i]))
        if not live:
            result = [(pair, dead)]
        elif all(m.energy_only for _, m in live):
            result = [_run(pair, energy_sequence(live), dead)]
        elif all(m.energy_only or m.power_only for _, m in live) and any(
            m.energy_only for _, m in live
        ):
            result = _split(left, pair, live, dead)
        else:
            candidates: list[tuple[Pair, tuple[Application, ...]]] = []
            seen_shapes: set[tuple[object, ...]] = set()
            for i, mod in live:
                if mod.shape in seen_shapes:
                    continue
                seen_shapes.add(mod.shape)
                for after, app in outcomes(pair, mod, i):
                    for final, path in search(left & ~(1 << i), after):
                        candidates.append((final, (app,) + path))
            result = pareto(candidates)
        memo[key] = result
        return result

    def _split(left: int, pair: Pair, live: list[tuple[int, Mod]],
               dead: tuple[Application, ...]) -> list[tuple[Pair, tuple[Application, ...]]]:
        energy_mods = [im for im in live if im[1].energy_only]
        (energy, _), energy_path = _run(pair, energy_sequence(energy_mods), ())
        power_left = left
        for i, _ in energy_mods:
            power_left &= ~(1 << i)
        out = []
        for (_, power), path in search(power_left, (pair[0], pair[1])):
            out.append(((energy, power), energy_path + path))
        return out

    results = search(full, start)
    return sorted(results, key=lambda r: (r[0][0] + sum(r[0][1]), r[0][0], r[0][1]))


def _run(pair: Pair, sequence: list[tuple[int, Mod]],
         tail: tuple[Application, ...]) -> tuple[Pair, tuple[Application, ...]]:
    path = []
    for i, mod in sequence:
        pair, removed = apply_mod(pair, mod)
        path.append(Application(i, -1, removed if any(removed) else None))
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


def describe_power(power: Power) -> str:
    return "".join(("[A]" if k == "any" else f"[{k}]") * n for k, n in zip(POWER_KEYS, power))
