"""payplan/1's resource relaxation for the turn search (`planner/turn_bound.py`): the most value
the card plays still open could add from a search state, given what the runes and the pool can
still pay (rules 353.1-353.3: a ready rune exhausted gives one Energy, a rune recycled one
Power of its domain; the pool pays what it holds).

**When it applies.** Only on *plain* turns, where no play's cost can fall below its printed
cost and nothing but the runes and the pool can pay: no card of the scenario (held by anyone,
anywhere) has a keyword, an additional cost, a discount, a grant, an ability, an effect, a
hybrid pip, an alternative cost, a source of its own, or targets (a play that chooses a unit
could find it gone, so plays would not commute); no cost has a non-standard part; you have no
sources, no effects that last for the turn, no facedown cards, and no rune with a value of its
own. Then a
play's total is at least its card's printed cost (Deflect and the like only add), and the
Energy and Power the plays of a turn spend come from the runes and the pool only. Elsewhere
(and on a search state that is not the deferred mode's) it says None: no bound.

**Why it never cuts the optimum.** From a deferred state (`Deferred`: the Energy `peak` and the
Power `demand` the plays so far need from the runes and the pool), any rest of the turn plays
a set of the cards still open whose printed Energy adds up to at most the Energy left (the
ready runes and the pool's Energy, less the peak so far: on a plain turn nothing adds Energy,
so the peak is the Energy spent) and whose Power pips add up to at most the Power left (every
rune's one Power and the pool's, less the demand so far); and each domain's pips of one card
to at most that domain's runes and pool plus the pool's Power of any domain. The rest's value
is the summed value of such a set. `most` answers the largest summed value of any set meeting
the two totals (a 0/1 knapsack in two dimensions, solved exactly by a table, or, where the
table would be large, the smaller of the two one-dimension knapsacks relaxed to fractions,
each at least it), with the cards that can't meet their own domains' supply left out. The
joint per-domain limits are dropped: a relaxation, so at least every rest's value.

**The least objective and size of a rest worth `need`** (`least`: the search asks it where
only such rests can beat the best so far). Such a rest plays cards worth at least `need`, so
its printed Energy adds up to at least `cover`'s least Energy of cards worth `need` (exact, a
table over the value), and its pips to at least the least pips of such cards; its size (Energy
plus pips of each total) is at least the sum of the two. Its objective is the summed scores of
its moves with the pool open, never below 0 (weights are never negative, and a plain card has
no optional cost with a benefit), plus what it adds to the runes' cheapest payment: the moves
add, one after the other, the cheapest payment of the need after less that of the need before,
so together that of the final need less that of the state's. The final need has the state's
peak plus the rest's Energy and the state's Power plus the rest's pips, each pip of a domain or
any; the need with the least Energy and the least pips (as pips of any domain) is at most it
part by part, and a pip of any domain is never dearer to pay than a pip of one (any rune pays
it). The cheapest payment of a need is never less than that of a need at most it part by part
(a payment of the larger pays the smaller: what a rune gives beyond a play floats). So the rest
adds at least the cheapest payment of that least need less the state's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from ...engine.riftbound.cost import ANY, Cost, power_add, power_from_map
from ...engine.riftbound.scenario import Scenario
from ..turn_bound import fractional_knapsack
from .moves import Deferred

TABLE_LIMIT = 200_000  # cells of the exact table (plays x Energy x Power), past it the fractions


@dataclass(frozen=True, slots=True)
class Need:
    """A card play's least Energy and Power (its printed cost), by domain (`any` included)."""

    energy: int
    power: tuple[tuple[str, int], ...]
    pips: int  # the power's pips in all


def plain(scenario: Scenario) -> bool:
    """Whether the scenario's turn is plain (see the module docstring's "When it applies")."""
    you = scenario.state.you
    if you.sources or you.effects or you.facedown or any(r.value is not None for r in you.runes):
        return False
    for card in scenario.cards.values():
        k = card.keywords
        if (k.flow or k.accelerate is not None or k.repeat or k.deflect or k.hidden
                or card.additional_costs or card.discounts or card.grants or card.abilities
                or card.effect_adds is not None or card.effect_creates or card.hybrid
                or card.alternatives or card.cost.other or card.source is not None
                or card.effect_kill or card.effect_score or card.targets is not None):
            return False
    return True


class Relaxation:
    """What the runes and the pool of the start can pay, and each object's least need;
    `rune_cost` is the turn's cheapest payment of a need by the runes and the pool
    (`Moves.rune_cost`, None: they can't pay it)."""

    def __init__(self, scenario: Scenario,
                 rune_cost: Callable[[Cost], int | None] | None = None) -> None:
        self.rune_cost = rune_cost
        you = scenario.state.you
        self.energy = sum(1 for r in you.runes if not r.exhausted) + you.pool.energy
        pool = you.pool.power_map()
        domains: dict[str, int] = {}
        for r in you.runes:
            domains[r.domain] = domains.get(r.domain, 0) + 1
        for key, n in pool.items():
            if key != ANY:
                domains[key] = domains.get(key, 0) + n
        self.domains = domains
        self.wild = pool.get(ANY, 0)
        self.power = sum(domains.values()) + self.wild
        self.known: dict[Hashable, tuple[int | None, int | None]] = {}
        self.known_least: dict[Hashable, tuple[int, int] | None] = {}
        self.needs: dict[str, Need] = {}
        for zone in (you.hand, you.trash, you.board):
            for obj in zone:
                card = scenario.cards.get(obj.card)
                if card is not None:
                    power = tuple(sorted(card.cost.power_map().items()))
                    self.needs[obj.id] = Need(card.cost.energy, power, sum(n for _, n in power))

    def left(self, state: Any) -> tuple[int, int, dict[str, int]] | None:
        """The Energy, the Power and each domain's Power (the pool's any-domain Power not in
        it) still to pay with, from a deferred state; None from any other."""
        if not isinstance(state, Deferred):
            return None
        demand: Cost = state.demand
        spent = demand.power_map()
        domains = {d: n - spent.get(d, 0) for d, n in self.domains.items()}
        return self.energy - state.peak, self.power - sum(spent.values()), domains

    def most(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
             need: int = 0) -> int | None:
        """The most value of the plays `items` (value, the card play's mark `zone:id`; None: not a card play)
        the state's supply could still pay for (see the module docstring); None where it does
        not apply. `plays` names the items (equal for equal items): the answer is kept. Where
        the fractions' bound is below `need`, that bound (also at least every rest's value:
        the search only asks whether `need` can be reached), else the table's."""
        left = self.left(state)
        if left is None:
            return None
        key = (plays, left[0], left[1], tuple(sorted(left[2].items())))
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._most(*left, items)
        if found[1] is not None and found[1] >= need and found[0] is None:
            energy, power, domains = left
            chosen = self._affordable(energy, power, domains, items)
            assert chosen is not None
            found = self.known[key] = (knapsack2(chosen, energy, power), found[1])
        return found[0] if found[0] is not None else found[1]

    def least(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
              need: int) -> tuple[int, int] | None:
        """The least objective and the least size of any rest from the state worth at least
        `need`, from what its plays must spend (see the module docstring); None where it
        does not apply."""
        left = self.left(state)
        if left is None or self.rune_cost is None or need <= 0:
            return None
        key = (plays, need, state.peak, state.demand)
        if key not in self.known_least:
            self.known_least[key] = self._least(state, *left, items, need)
        return self.known_least[key]

    def _least(self, state: Deferred, energy: int, power: int, domains: dict[str, int],
               items: Sequence[tuple[int, str | None]], need: int) -> tuple[int, int] | None:
        chosen = self._affordable(energy, power, domains, items)
        if chosen is None or self.rune_cost is None:
            return None
        values = [v for v, _, _ in chosen]
        more_energy = cover(values, [e for _, e, _ in chosen], need)
        more_pips = cover(values, [p for _, _, p in chosen], need)
        if more_energy is None or more_pips is None:
            return None  # no rest is worth `need`: the value bound cuts it
        now = self.rune_cost(state.need)
        then = self.rune_cost(Cost(state.peak + more_energy,
                                   power_add(state.demand.power, power_from_map({ANY: more_pips}))))
        extra = 0 if now is None or then is None else max(0, then - now)
        return extra, more_energy + more_pips

    def _affordable(self, energy: int, power: int, domains: dict[str, int],
                    items: Sequence[tuple[int, str | None]]) -> list[tuple[int, int, int]] | None:
        """The plays of `items` (value, the card play's mark) each of which alone fits what is
        left: (value, Energy, pips); None when one is not a card play of the start."""
        chosen: list[tuple[int, int, int]] = []
        for value, mark in items:  # a mark is `zone:id` (the search's record of a card play)
            need = self.needs.get(mark.split(":", 1)[-1]) if mark is not None else None
            if need is None:
                return None
            if value <= 0 or need.energy > energy or need.pips > power:
                continue
            if any(d != ANY and n > domains.get(d, 0) + self.wild for d, n in need.power):
                continue
            chosen.append((value, need.energy, need.pips))
        return chosen

    def _most(self, energy: int, power: int, domains: dict[str, int],
              items: Sequence[tuple[int, str | None]]) -> tuple[int | None, int | None]:
        """The table's bound (None: not worked out yet, or too large to work out) and the
        fractions' (None: the relaxation does not apply)."""
        if energy < 0 or power < 0:
            return 0, 0
        chosen = self._affordable(energy, power, domains, items)
        if chosen is None:
            return None, None
        fractions = min(fractional_knapsack([(v, e) for v, e, _ in chosen], energy),
                        fractional_knapsack([(v, p) for v, _, p in chosen], power))
        small = len(chosen) * (energy + 1) * (power + 1) <= TABLE_LIMIT
        return (None if small else fractions), fractions


def knapsack2(items: Sequence[tuple[int, int, int]], energy: int, power: int) -> int:
    """The most summed value of items (value, energy, power) within both totals, exactly."""
    width = power + 1
    best = [0] * ((energy + 1) * width)
    for value, e, p in items:
        for i in range(energy, e - 1, -1):
            row, back = i * width, (i - e) * width
            for j in range(power, p - 1, -1):
                got = best[back + j - p] + value
                if got > best[row + j]:
                    best[row + j] = got
    return best[-1]


def cover(values: Sequence[int], weights: Sequence[int], need: int) -> int | None:
    """The least summed weight of items worth at least `need` together, exactly (a table over
    the value, capped at `need`); None when all together are worth less."""
    best: list[int | None] = [0] + [None] * need
    for value, weight in zip(values, weights):
        for got in range(need, -1, -1):
            here = best[got]
            if here is None:
                continue
            to = min(need, got + value)
            if best[to] is None or here + weight < best[to]:  # type: ignore[operator]
                best[to] = here + weight
    return best[need]


def relaxation(scenario: Scenario, rune_cost: Callable[[Cost], int | None] | None = None
               ) -> Relaxation | None:
    """The relaxation of a plain turn's scenario, None for any other."""
    return Relaxation(scenario, rune_cost) if plain(scenario) else None


__all__ = ["Relaxation", "cover", "knapsack2", "plain", "relaxation"]
