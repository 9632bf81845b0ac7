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
Energy and Power the plays of a turn spend come from the runes and the pool only.

**Turns that are not plain** (with `auto` candidates, no ability on any card, nothing facedown,
no rune with a value of its own: `least_cost.least_prices`). Each play's printed cost is
replaced by its least need (`least_cost.py` argues that every play of it costs at least that):
the Energy its effect adds counts for the rest (an item's Energy is its need less what it adds,
so it may be below 0: `fractional_knapsack` takes those first, `knapsack2` every one that takes
no Power), a once-per-turn discount is bonus Energy for the whole rest, and the rest's supply of
Energy is read from `net` (what the plays so far needed less what their effects added: the
final need's Energy, at most the ready runes and the pool's, is at least `net` plus the rest's
summed Energy less what it adds). A granter in hand counts only for a rest that plays it: for
each set of such granters the rest may play, that set's plays are forced in (their values
added, their needs taken off the supply) and the other granters left out, with the needs that
set's grants give; the bound is the most over the sets (every rest plays one of them), and the
least objective and size the least over them. Elsewhere (and on a search state that is not the
deferred mode's) it says None: no bound.

**Why it never cuts the optimum.** From a deferred state (`Deferred`: the Energy `peak` and the
Power `demand` the plays so far need from the runes and the pool), any rest of the turn plays
a set of the cards still open whose printed Energy adds up to at most the Energy left (the
ready runes and the pool's Energy, less `net`: on a plain turn nothing adds Energy, so `net`
is the peak, the Energy spent) and whose Power pips add up to at most the Power left (every
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
any (on a turn that is not plain: the larger of the state's peak and its `net` plus the rest's
least Energy less what it adds); the need with the least Energy and the least pips (as pips of
any domain) is at most it
part by part, and a pip of any domain is never dearer to pay than a pip of one (any rune pays
it). The cheapest payment of a need is never less than that of a need at most it part by part
(a payment of the larger pays the smaller: what a rune gives beyond a play floats). So the rest
adds at least the cheapest payment of that least need less the state's. `least` answers that
and the size; the search adds the floors of the plays left (`Moves.floor`: a move's objective
less what it adds to the runes' payment is at least its floor, never above 0), so on a turn
that is not plain, where an optional cost may have a benefit, the rest's objective is bounded
by their sum plus it.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from ...engine.riftbound.cost import ANY, Cost, power_add, power_from_map
from ...engine.riftbound.scenario import Scenario
from ..turn_bound import fractional_knapsack
from .least_cost import Need, Prices, least_prices
from .moves import Deferred

# Of a set of granters a rest may play: what they take together (value, Energy less what they
# add, pips, Energy), the other plays (each the same four), and the bonus Energy.
_Set = tuple[tuple[int, int, int, int], list[tuple[int, int, int, int]], int]

TABLE_LIMIT = 200_000  # cells of the exact table (plays x Energy x Power), past it the fractions


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
    """What the runes and the pool of the start can pay, and each object's least need: on a
    plain turn its printed cost, on another the `prices`' (`least_cost.py`), for each set of
    the granters in hand a rest may play; `rune_cost` is the turn's cheapest payment of a need
    by the runes and the pool (`Moves.rune_cost`, None: they can't pay it)."""

    def __init__(self, scenario: Scenario,
                 rune_cost: Callable[[Cost], int | None] | None = None,
                 prices: Prices | None = None) -> None:
        self.rune_cost = rune_cost
        self.prices = prices
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
        it) still to pay with, from a deferred state (the Energy less `net`, what the plays so
        far needed less what their effects added: the need's Energy, its peak, is at least
        that, and at most the ready runes and the pool's); None from any other."""
        if not isinstance(state, Deferred):
            return None
        demand: Cost = state.demand
        spent = demand.power_map()
        domains = {d: n - spent.get(d, 0) for d, n in self.domains.items()}
        return self.energy - state.net, self.power - sum(spent.values()), domains

    def most(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
             need: int = 0) -> int | None:
        """The most value of the plays `items` (value, the card play's mark `zone:id`; None:
        not a card play) the state's supply could still pay for (see the module docstring);
        None where it does not apply. `plays` names the items (equal for equal items): the
        answer is kept. Where the fractions' bound is below `need`, that bound (also at least
        every rest's value: the search only asks whether `need` can be reached), else the
        table's."""
        left = self.left(state)
        if left is None:
            return None
        return self._bounded((plays, left[0], left[1], tuple(sorted(left[2].items()))),
                             left, items, need)

    def _bounded(self, key: Hashable, left: tuple[int, int, dict[str, int]],
                 items: Sequence[tuple[int, str | None]], need: int) -> int | None:
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._most(*left, items, exact=False)
        if found[1] is not None and found[1] >= need and found[0] is None:
            found = self.known[key] = (self._most(*left, items, exact=True)[0], found[1])
        return found[0] if found[0] is not None else found[1]

    def least(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
              need: int) -> tuple[int, int] | None:
        """The least that any rest from the state worth at least `need` adds to the runes'
        cheapest payment, and its least size, from what its plays must spend (see the module
        docstring); None where it does not apply."""
        left = self.left(state)
        if left is None or self.rune_cost is None or need <= 0:
            return None
        key = (plays, need, state.peak, state.net, state.demand)
        if key not in self.known_least:
            self.known_least[key] = self._least(state, *left, items, need)
        return self.known_least[key]

    def _least(self, state: Deferred, energy: int, power: int, domains: dict[str, int],
               items: Sequence[tuple[int, str | None]], need: int) -> tuple[int, int] | None:
        sets = self._sets(energy, power, domains, items)
        if sets is None or self.rune_cost is None:
            return None
        now = self.rune_cost(state.need)
        extras: list[int] = []
        sizes: list[int] = []
        for forced, chosen, bonus in sets:
            values = [v for v, _, _, _ in chosen]
            want = max(0, need - forced[0])
            more_net = cover(values, [n for _, n, _, _ in chosen], want)
            more_energy = cover(values, [e for _, _, _, e in chosen], want)
            more_pips = cover(values, [p for _, _, p, _ in chosen], want)
            if more_net is None or more_energy is None or more_pips is None:
                continue  # no rest playing these granters is worth `need`
            net = forced[1] + more_net - bonus
            pips = forced[2] + more_pips
            then = self.rune_cost(Cost(max(state.peak, state.net + net),
                                       power_add(state.demand.power,
                                                 power_from_map({ANY: pips}))))
            extras.append(0 if now is None or then is None else max(0, then - now))
            sizes.append(max(0, forced[3] + more_energy - bonus) + pips)
        if not extras:
            return None  # no rest is worth `need`: the value bound cuts it
        return min(extras), min(sizes)

    def _sets(self, energy: int, power: int, domains: dict[str, int],
              items: Sequence[tuple[int, str | None]]) -> list[_Set] | None:
        """For each set of the granters in hand a rest may play (one set, none, on a plain
        turn): what its granters take together, forced in (value, Energy less what they add,
        pips, Energy), the other plays of `items` each of which alone fits what is left
        (value, Energy less what its effect adds, pips, Energy), and the bonus Energy of the
        once-per-turn grants. None when an item is not a card play of the start."""
        if any(mark is None for _, mark in items):
            return None
        if self.prices is None:  # a plain turn: each object's printed cost, wherever played
            marks = [(v, None if m is None else m.split(":", 1)[-1]) for v, m in items]
            chosen = self._affordable(energy, power, domains, marks, self.needs, 0)
            return None if chosen is None else [((0, 0, 0, 0), chosen, 0)]
        unplayed = frozenset(m.split(":", 1)[-1] for _, m in items if m is not None)
        out: list[_Set] = []
        for active, left_out in self.prices.choices(unplayed):
            needs, bonus = self.prices.needs(active)
            kept = [(v, m) for v, m in items if m is not None
                    and m.split(":", 1)[-1] not in left_out]
            chosen = self._affordable(energy, power, domains, kept, needs, bonus)
            if chosen is None:
                return None
            pick = [m is not None and m.split(":", 1)[-1] in active & unplayed for _, m in kept]
            forced = [c for c, p in zip(chosen, pick) if p]
            rest = [c for c, p in zip(chosen, pick) if not p]
            total = tuple(sum(c[i] for c in forced) for i in range(4))
            out.append(((total[0], total[1], total[2], total[3]), rest, bonus))
        return out

    def _affordable(self, energy: int, power: int, domains: dict[str, int],
                    marks: Sequence[tuple[int, str | None]], needs: dict[str, Need],
                    bonus: int) -> list[tuple[int, int, int, int]] | None:
        """The plays of `marks` (value, the key of its need: the object id on a plain turn, the
        card play's mark on another): (value, Energy less what its effect adds, pips, Energy),
        or, for one that alone can't be paid with what is left or is worth nothing and adds
        no more Energy than it takes, all 0 (kept in its place: it adds no value, and leaving
        its cost out only loosens a bound); None when one is not a card play of the start."""
        found: list[tuple[int, Need]] = []
        for value, obj in marks:
            need = needs.get(obj) if obj is not None else None
            if need is None:
                return None
            found.append((value, need))
        # A play can be paid with the Energy left, the bonus and what every other play's
        # effect adds.
        adds = sum(need.adds for _, need in found) + bonus
        chosen: list[tuple[int, int, int, int]] = []
        for value, need in found:
            if ((value <= 0 and need.adds <= need.energy) or need.energy > energy + adds
                    or need.pips > power
                    or any(d != ANY and n > domains.get(d, 0) + self.wild
                           for d, n in need.power)):
                chosen.append((0, 0, 0, 0))
                continue
            # A play worth nothing is kept when its effect adds more Energy than it takes.
            chosen.append((max(0, value), need.energy - need.adds, need.pips, need.energy))
        return chosen

    def _most(self, energy: int, power: int, domains: dict[str, int],
              items: Sequence[tuple[int, str | None]], exact: bool
              ) -> tuple[int | None, int | None]:
        """The table's bound (None: not asked, `exact` false; the fractions' where the table
        would be too large) and the fractions' (None: the relaxation does not apply), each the
        most over the sets of granters a rest may play."""
        if self.prices is None and (energy < 0 or power < 0):
            return 0, 0
        sets = self._sets(energy, power, domains, items)
        if sets is None:
            return None, None
        fractions = table = 0
        small = True
        for forced, chosen, bonus in sets:
            supply, pips = energy + bonus - forced[1], power - forced[2]
            fractions = max(fractions, forced[0] + min(
                fractional_knapsack([(v, n) for v, n, _, _ in chosen], supply),
                fractional_knapsack([(v, p) for v, _, p, _ in chosen], pips)))
            small = small and len(chosen) * (max(supply, 0) + 1) * (max(pips, 0) + 1) <= TABLE_LIMIT
            if exact and small:
                table = max(table, forced[0] + knapsack2(
                    [(v, n, p) for v, n, p, _ in chosen if v > 0 or n < 0], supply, pips))
        return (None if not exact else table if small else fractions), fractions


def knapsack2(items: Sequence[tuple[int, int, int]], energy: int, power: int) -> int:
    """The most summed value of items (value, energy, power) within both totals, exactly. An
    item that takes no power and gives Energy (energy below 0) is in every best set (adding it
    to a set keeps both totals met); one that takes power and gives Energy is counted as taking
    no Energy (so the answer is at least the exact one)."""
    free = [v for v, e, p in items if e <= 0 and p == 0]
    energy -= sum(e for _, e, p in items if e <= 0 and p == 0)
    if energy < 0 or power < 0:
        return sum(free)  # no set meets the totals: any value bounds none
    items = [(v, max(0, e), p) for v, e, p in items if not (e <= 0 and p == 0)]
    return sum(free) + _table(items, energy, power)


def _table(items: Sequence[tuple[int, int, int]], energy: int, power: int) -> int:
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
    """The relaxation of a turn's scenario: a plain turn's, or another's from its least
    prices (`least_cost.least_prices`); None where neither applies."""
    if plain(scenario):
        return Relaxation(scenario, rune_cost)
    prices = least_prices(scenario)
    return None if prices is None else Relaxation(scenario, rune_cost, prices)


__all__ = ["Relaxation", "cover", "knapsack2", "plain", "relaxation"]
