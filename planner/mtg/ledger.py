"""The turn's mana paid together (the deferred mode of the turn planner's moves for `mtg/1`,
`planner.mtg.moves`): when it applies, its units, the ledger of the turn's mana, and the
cheapest assignment of that mana to the casts.

Where every mana ability that can be used this turn is a *unit* (it taps for one mana of one of
its kinds, sacrificing its permanent or not, with no other cost, no restriction, no life: basic
and dual lands, mana creatures that are not sick, Treasures), nothing but the payment touches
those permanents (no convoke, improvise or delve, no cost that taps, sacrifices or returns a
permanent with a mana ability, no amount counting permanents where a unit leaves when used), and
no candidate has `x: auto` (X is chosen on the state each cast meets, which the deferred mode
leaves open), a unit is one mana that can be made at any time of the turn after its permanent is
there, at its charge, and the whole turn's mana is one assignment of units and free mana (the
start pool, what a Dark Ritual adds) to the pips of the casts: a unit or free mana pays only casts
after it arrived (a land played, a mana artifact that entered, a ritual that resolved). The search
then leaves the mana out of its states: a state is the scenario with every unit untouched and an
empty pool, and a `Ledger` of the turn's mana so far (per *epoch*, the stretch between two
arrivals: what arrived and the mana the casts in it need). A move's objective is its non-mana part
plus what its mana adds to the cheapest assignment of the ledger (`cheapest`, exact: the
assignments are the bases of a transversal matroid, and taking units in order of charge, each kept
while the chosen ones still match, is a least-charge basis), so a path's summed objective is its
non-mana charges plus the cheapest payment of all its mana; a move whose mana can't be assigned is
not made. The moves' `realize` pays the best path from the real permanents: that cheapest
assignment, split over the casts in order, each cast's payment named, scored and resolved.

**What a cast leaves** (`engine.mtg.effects`). A permanent that enters as a cast resolves (the
card cast, a token its `effect.tokens` makes) and is a unit then, and a creature of yours that
becomes one when a haste grant's permanent enters (302.6, 702.10: a creature with haste is never
summoning sick), *arrives* there, like a land played or a ritual's mana: it begins the next
epoch, so it pays only the casts after it. Exact for the same reason as a land: from then on it
can make its one mana at any time, and nothing but a payment touches it. An effect lasting for
the turn (`state.you.effects`, `effect.grants`) changes only a cast's total, which the moves
price on the state the cast meets (it is part of what a price reads). Where the ledger can't say
what a cast leaves, `deferrable` is False and every payment is a move of its own: an
`effect.untap` (which permanents it can untap is which ones the casts before it tapped, which a
deferred state leaves open), a token that sacrifices itself for mana (a Treasure: a token used
ceases to exist, so the ids of the tokens made after it, the least free, depend on which were
used), and a haste grant on a permanent whose mana ability sacrifices it (its creatures would
lose haste when it is used).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ...engine.mtg.cards import Card, Obj, OtherCost, Play, Reduction, Scenario
from ...engine.mtg.mana import NO_MANA, Mana, add, total
from ...engine.mtg.resources import leave_charge, tap_weight_key
from ...engine.mtg.total_cost import summoning_sick
from ..turn import evolve
from .flow import Net
from .payments import GENERIC, KINDS

# --- The ledger ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class UnitClass:
    """Mana units that are one and the same to a payment: the kinds one of them can make, and
    what making it charges (its tap, or its sacrifice for a Treasure)."""

    charge: int
    kinds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Epoch:
    """A stretch of the turn between two arrivals of mana (the deferred mode): what arrived as it
    began (free mana: the start pool, a ritual's; unit sources: their class and object), and the
    mana the casts made in it need (generic first, then W U B R G C)."""

    free: Mana = NO_MANA
    units: tuple[tuple[UnitClass, str], ...] = ()
    demand: Mana = NO_MANA


class Ledger:
    """The turn's mana so far (the deferred mode): its epochs, in order. Hashed once (the
    search looks it up often)."""

    __slots__ = ("epochs", "_hash")

    def __init__(self, epochs: tuple[Epoch, ...]) -> None:
        self.epochs = epochs
        self._hash = hash(epochs)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ledger) and self._hash == other._hash
                and self.epochs == other.epochs)

    def __repr__(self) -> str:
        return f"Ledger({self.epochs!r})"

    def need(self, mana: Mana) -> Ledger:
        last = self.epochs[-1]
        return Ledger(self.epochs[:-1] + (evolve(last, demand=add(last.demand, mana)),))

    def arrive(self, free: Mana, units: tuple[tuple[UnitClass, str], ...]) -> Ledger:
        if free == NO_MANA and not units:
            return self
        last = self.epochs[-1]
        if last.demand == NO_MANA:  # nothing was cast since the last arrival: the same epoch
            merged = evolve(last, free=add(last.free, free),
                             units=tuple(sorted(last.units + units)))
            return Ledger(self.epochs[:-1] + (merged,))
        return Ledger(self.epochs + (Epoch(free, tuple(sorted(units))),))


# --- The deferred mode: when it applies, and its units -------------------------------------------

TAKES_PERMANENT = ("sacrifice", "return_to_hand", "tap_untapped")


def _simple(ability: Any) -> bool:
    """A unit's mana ability: {T} (and sacrificing itself, or not) for one mana of one of its
    kinds, nothing else."""
    return (ability.tap and not ability.life and not ability.mana.symbols and not ability.other
            and ability.only_for is None and ability.per is None
            and all(total(m) == 1 for m in ability.adds))


def unit_class(scenario: Scenario, obj: Obj) -> UnitClass | None:
    """The unit `obj` (a permanent of yours) is now, or None when none of its mana abilities can
    be activated (tapped, or a summoning-sick creature) or it has none."""
    card = scenario.cards[obj.card]
    sick = summoning_sick(scenario, obj)
    usable = [a for a in card.mana if not (a.tap and (obj.tapped or sick))]
    if not usable:
        return None
    assert all(_simple(a) for a in usable), "the deferred mode takes units only"
    charges = {leave_charge(scenario, "sacrifice", obj) if a.sacrifice_self
               else scenario.objective.weight(tap_weight_key(card)) for a in usable}
    assert len(charges) == 1, "the deferred mode takes units of one charge only"
    kinds = sorted({k for a in usable for m in a.adds for k in KINDS if m[k]})
    return UnitClass(charges.pop(), tuple(kinds))


def costs_of(card: Card) -> Iterator[OtherCost]:
    """Every non-mana cost part the card can ask for, as a spell or through its abilities."""
    for cost in (card.flashback, card.multikicker, card.replicate, card.buyback, *card.kicker,
                 *(a.cost for a in card.alternative), *(a.cost for a in card.additional)):
        if cost is not None:
            yield from cost.other
    for ability in card.abilities:
        yield from ability.cost.other


def made_tokens(scenario: Scenario) -> list[Card]:
    """The cards of the tokens the effects of your cards can make this turn, each once."""
    you = scenario.state.you
    ids = dict.fromkeys(token for o in (*you.hand, *you.graveyard, *you.exile, *you.command)
                        for e in (scenario.cards[o.card].effect,) if e is not None
                        for token, _ in e.tokens)
    return [scenario.cards[i] for i in ids]


def token_units(scenario: Scenario, card: Card) -> int:
    """The most units `card`'s resolution brings as tokens (each token with a mana ability)."""
    if card.effect is None:
        return 0
    return sum(n for token, n in card.effect.tokens if scenario.cards[token].mana)


def deferrable(scenario: Scenario, listed: Sequence[Play] | None) -> bool:
    """Whether the turn's mana can be paid together (the module docstring's deferred mode)."""
    you = scenario.state.you
    mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
    on_board = {o.id for o in you.battlefield}
    units_leave = False
    counts = False
    # A creature may have haste this turn: its card's, or a grant's of any card of the file.
    hasty = any(g.haste for c in scenario.cards.values() for g in c.grants)
    tokens = made_tokens(scenario)
    if you.restricted_pool:
        return False  # restricted mana (106.6) pays only the casts it admits: not one ledger
    if any(a.sacrifice_self for t in tokens for a in t.mana):
        return False  # a token used leaves no trace: the ids of the tokens made after it differ
    if any(c.effect is not None and c.effect.untap is not None
           for c in (scenario.cards[o.card] for o in mine)):
        return False  # what an untap can untap is what the casts before it tapped
    if any(a.sacrifice_self for c in scenario.cards.values() if any(g.haste for g in c.grants)
           for a in c.mana):
        return False  # a haste grant's permanent used for mana would leave
    for obj, card in [(o, scenario.cards[o.card]) for o in mine] + [(None, t) for t in tokens]:
        if card.convoke or card.delve or card.improvise:
            return False
        if any(o.kind in TAKES_PERMANENT for o in costs_of(card)):
            return False
        if card.mana and any(a.tap or a.sacrifice_self for a in card.abilities):
            return False  # its own {T} or sacrifice would compete with its mana
        # A creature's {T} abilities are dead this turn unless it is on the battlefield and
        # not summoning sick (one that enters is sick), or it may have haste.
        dead = "creature" in card.types and not (card.haste or hasty) and (
            obj is None or obj.id not in on_board or obj.sick)
        live = [a for a in card.mana if not (a.tap and dead)]
        if not all(_simple(a) for a in live):
            return False
        if len({a.sacrifice_self for a in live}) > 1:
            return False
        units_leave = units_leave or any(a.sacrifice_self for a in live)
        counts = counts or any(_counted(r) for r in card.reductions) or any(
            g.reduction is not None and _counted(g.reduction) for g in card.grants)
    if units_leave and counts:
        return False  # a Treasure used would leave the count it is in
    return not x_auto(scenario, listed)  # X is chosen on the state the play meets


def _counted(r: Reduction) -> bool:
    """Whether a reduction's amount counts objects (of the board, or the spell's targets): its
    generic amount or a counted color key (Khalni Hydra)."""
    return r.generic.count is not None or r.generic.count_targets is not None or bool(
        r.colored_counts)


def x_auto(scenario: Scenario, listed: Sequence[Play] | None) -> bool:
    """Whether a candidate may have `x: auto` and an {X} to choose."""
    you = scenario.state.you
    mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
    # Any ability of a card of yours may be played (`auto`: it may enter this turn first).
    plays = listed if listed is not None else [Play(o.id, "hand") for o in mine] + [
        Play(o.id, a.zone, ability=a.id) for o in mine
        for a in scenario.cards[o.card].abilities]
    for play in plays:
        found = you.find(play.object)
        if found is None or play.x is not None:
            continue
        card = scenario.cards[found[1].card]
        if play.ability is not None:
            ability = next((a for a in card.abilities if a.id == play.ability), None)
            if ability is not None and ability.cost.has_x:
                return True
        elif card.has_x():
            return True
    return False


# --- The deferred mode: the cheapest assignment of the turn's mana --------------------------------


@dataclass(frozen=True, slots=True)
class _Source:
    """Mana of one kind that arrived in one epoch for free, or units of one class that did."""

    epoch: int
    charge: int
    kinds: tuple[int, ...]
    count: int
    objects: tuple[str, ...] = ()  # a unit class: its permanents (none: free mana)


@dataclass(frozen=True, slots=True)
class Assignment:
    """The cheapest assignment of a ledger's mana: its charge, the sources, and how much each
    source pays of each (epoch, kind) demand (kind 0: generic)."""

    cost: int
    sources: tuple[_Source, ...]
    flows: tuple[tuple[int, int, int, int], ...]  # (source, epoch, kind, amount)


def cheapest(ledger: Ledger) -> Assignment | None:
    """The least-charge assignment of units and free mana to the ledger's demands, a source
    paying only demands of its epoch or later; None when there is none.

    Exact: the sets of sources that can be matched into the demands are the independent sets
    of a transversal matroid, and an assignment covers the demands exactly when its sources are
    a basis of the demands' size. Sources taken cheapest first (free mana, then units by
    charge), each kept as far as the matched ones stay matched (max-flow augmenting: a source
    once matched stays matched), give a least-charge basis: the matroid greedy."""
    sources: list[_Source] = []
    for e, epoch in enumerate(ledger.epochs):
        for k in KINDS:
            if epoch.free[k]:
                sources.append(_Source(e, 0, (k,), epoch.free[k]))
        by_class: dict[UnitClass, list[str]] = {}
        for cls, obj in epoch.units:
            by_class.setdefault(cls, []).append(obj)
        for cls, objects in by_class.items():
            sources.append(_Source(e, cls.charge, cls.kinds, len(objects), tuple(objects)))
    sources.sort(key=lambda s: (s.charge, s.epoch, s.kinds))
    net = Net()
    source, sink = net.node(), net.node()
    demand_nodes: list[tuple[int, int, int]] = []  # (epoch, kind, node)
    need = 0
    for e, epoch in enumerate(ledger.epochs):
        for k in range(7):
            if epoch.demand[k]:
                node = net.node()
                net.edge(node, sink, epoch.demand[k])
                demand_nodes.append((e, k, node))
                need += epoch.demand[k]
    cost = 0
    flowed = 0
    edges: list[tuple[int, int, int, int]] = []  # (source, epoch, kind, edge)
    for i, src in enumerate(sources):
        if flowed == need:
            break
        node = net.node()
        net.edge(source, node, src.count)
        for e, k, d in demand_nodes:
            if e >= src.epoch and (k == GENERIC or k in src.kinds):
                edges.append((i, e, k, net.edge(node, d, src.count)))
        more = net.flow(source, sink)
        flowed += more
        cost += more * src.charge
    if flowed < need:
        return None
    flows = tuple((i, e, k, net.base[edge] - net.cap[edge]) for i, e, k, edge in edges
                  if net.base[edge] > net.cap[edge])
    return Assignment(cost, tuple(sources), flows)
