"""The least Energy and Power a payplan/1 card play can cost on a turn with discounts (rules
353.1-353.4: a play's total is its base cost, plus its additional costs and increases, less its
discounts), for the turn search's resource bound (`planner/riftbound/bound.py`) on the turns
that are not plain.

**What is counted, and why each play costs at least its least need.** A card play's total
Energy is its base cost's, plus what its additional costs, optional costs, increases and
Deflect add (each only adds), less what its discounts take off. A card whose own text may pay
less another way (an alternative or Flow or Hidden base cost, a hybrid pip, an optional cost
that ignores a part of the cost or unlocks a discount, an own discount that may take Power or
an amount that varies) is given no least need: 0 Energy, no Power. Otherwise its discounts are
its own (each a fixed Energy amount: at most that much off), and the grants of objects on a
board. A grant reaches only plays its `applies_to` matches; of that filter only the type and
whether it matches abilities are read (both fixed by the card), so a grant that may reach a
play is counted as reaching it. A grant that may reach it and lowers the cost otherwise than
by a fixed amount of Energy (a base cost to pay instead, Flow, a part ignored, Power, an
amount that varies), or an effect (one of the start, or one a card's resolution may create,
any number of times) that may reach it, gives the play no least need either. Increases,
Deflect and Repeat grants only add, and are not read.

Each fixed Energy discount a grant gives takes at most its amount off each play it reaches
while its object is on a board; no play makes a new object (objects only move), so the
objects that may ever grant are the state's. A grant that is once per turn (`once_per_turn`:
its id is used by the first play it reaches) takes its amount off one play of the turn at
most: it is not taken off any play's need but added, once per id, to the Energy the plays may
spend (`Prices.bonus`). So a play's total Energy is at least its printed Energy less its own
discounts and those of the grants that may reach it, never below 0, and the summed Energy of
the plays of a rest at least the sum of those less the bonus. Its Power pips are its printed
ones (no discount counted takes Power, and nothing else lowers them).

**Granters still in hand.** A grant counts only while its object is on a board: an object in
your hand (a unit or gear whose card grants, which only a play of it can put on the board, and
which has no second way to be played: no Flow of its own and none any grant or effect may
give) grants to a rest only if that rest plays it. `Prices.needs(active)` prices the plays with
the grants of such granters `active` only (every other object's grants always count); the
bound (`bound.py`) takes the most over the sets of such granters a rest plays, each set's
plays forced in and the others left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator

from ...engine.discounts import NO_POWER
from ...engine.riftbound.cards import Card, Discount, Grant
from ...engine.riftbound.scenario import Scenario
from ...engine.riftbound.state import ZONES
from ..turn import played_mark
from .hand import flow_granted_anywhere

MAX_GRANTERS = 4  # granters in hand priced apart, at most (past it they are counted as played)


@dataclass(frozen=True, slots=True)
class Need:
    """A card play's least Energy and Power, by domain (`any` included), and the most Energy
    its effect adds to the pool."""

    energy: int
    power: tuple[tuple[str, int], ...]
    pips: int  # the power's pips in all
    adds: int = 0


def lowers(card: Card) -> bool:
    """Whether the card's own text may make a play of it from the hand or the board pay less
    otherwise than by a fixed Energy discount (see the module docstring)."""
    k = card.keywords
    return bool(card.alternatives or card.hybrid or k.hidden
                or any(a.unlocks or a.ignore is not None for a in card.additional_costs)
                or any(energy_off(d) is None for d in card.discounts))


def energy_off(discount: Discount) -> int | None:
    """The most Energy a discount takes off a play, where it takes only a fixed amount of
    Energy (None: it may take Power, an amount that varies, or has branches or tiers)."""
    d = discount
    if (d.choice or d.tiers or d.power != NO_POWER or d.power_amounts or d.per_payment
            or isinstance(d.energy, bool) or not isinstance(d.energy, int)):
        return None
    return max(0, d.energy)


def grant_lowers(grant: Grant) -> bool:
    """Whether a grant may make a play it reaches cost less: anything but an increase, Deflect,
    Deflect ignored (Deflect only adds), or a Repeat instance (an optional cost: it only adds)."""
    return (grant.increase is None and not grant.deflect and not grant.ignore_deflect
            and grant.repeat is None)


def may_reach(grant: Grant, card: Card) -> bool:
    """Whether the grant's `applies_to` may match a play of the card: only its type and its
    being an ability's are read (both fixed by the card); every other field may match."""
    f = grant.applies_to
    if f.ability is not None and f.ability != "or_card":
        return False  # ability plays only
    return not (f.type and card.type not in f.type)


class Prices:
    """Each card play's least need on a turn (see the module docstring), by its mark
    (`planner.turn.played_mark`: a play from the hand or the board at its card's printed cost
    less the discounts counted, one from the trash at none), with
    the grants of the granters in hand (`granters`, by object id) counted only when active."""

    def __init__(self, scenario: Scenario) -> None:
        state = scenario.state
        you = state.you
        cards = scenario.cards
        self.scenario = scenario
        objects = [*state.battlefields] + [obj for p in (state.you, state.opponent)
                                           for zone in ZONES for obj in p.zone(zone)]
        flow = flow_granted_anywhere(scenario)
        in_hand = {obj.id for obj in you.hand}
        # Of each object that grants: its lowering grants.
        self.grants: dict[str, tuple[Grant, ...]] = {}
        for obj in objects:
            card = cards.get(obj.card)
            found = tuple(g for g in card.grants if grant_lowers(g)) if card is not None else ()
            if found:
                self.grants[obj.id] = found
        granters = [o for o in self.grants if o in in_hand and not flow
                    and not cards[next(x.card for x in you.hand if x.id == o)].keywords.flow]
        self.granters: tuple[str, ...] = tuple(granters[:MAX_GRANTERS])
        effects = [e.grant for p in (state.you, state.opponent) for e in p.effects]
        effects += [e.grant for obj in objects if obj.card in cards
                    for e in cards[obj.card].effect_creates]
        self.effects = tuple(g for g in effects if grant_lowers(g))
        self.priced: dict[frozenset[str], tuple[dict[str, Need], int]] = {}

    def needs(self, active: frozenset[str]) -> tuple[dict[str, Need], int]:
        """Each of your card plays' least need with the granters in hand `active` on the
        board (and every other object's grants counted), and the bonus Energy of the
        once-per-turn grants counted."""
        found = self.priced.get(active)
        if found is None:
            found = self.priced[active] = self._needs(active)
        return found

    def _needs(self, active: frozenset[str]) -> tuple[dict[str, Need], int]:
        you = self.scenario.state.you
        grants = [g for o, gs in self.grants.items() if o not in self.granters or o in active
                  for g in gs]
        once: dict[str | None, int] = {}
        for g in grants:
            off = None if g.discount is None else energy_off(g.discount)
            if g.once_per_turn and off is not None:
                once[g.ident] = max(once.get(g.ident, 0), off)
        needs: dict[str, Need] = {}
        for zone in ("hand", "trash", "board"):
            for obj in you.zone(zone):
                card = self.scenario.cards.get(obj.card)
                if card is None:
                    continue
                adds = card.effect_adds.energy if card.effect_adds is not None else 0
                need = Need(0, (), 0, adds) if zone == "trash" else self._need(card, grants)
                needs[played_mark(zone, obj.id)] = need
                # From the trash (Flow, its own or granted: a base cost of its own), no least.
                needs[played_mark("trash", obj.id)] = Need(0, (), 0, adds)
        return needs, sum(once.values())

    def _need(self, card: Card, grants: list[Grant]) -> Need:
        adds = card.effect_adds.energy if card.effect_adds is not None else 0
        reaching = [g for g in grants if may_reach(g, card)]
        offs = [energy_off(d) for d in card.discounts]
        offs += [None if g.discount is None else energy_off(g.discount)
                 for g in reaching if not (g.once_per_turn and g.discount is not None
                                           and energy_off(g.discount) is not None)]
        if lowers(card) or None in offs or any(may_reach(g, card) for g in self.effects):
            return Need(0, (), 0, adds)
        energy = max(0, card.cost.energy - sum(off for off in offs if off is not None))
        power = tuple(sorted(card.cost.power_map().items()))
        return Need(energy, power, sum(n for _, n in power), adds)

    def choices(self, unplayed: frozenset[str]) -> Iterator[tuple[frozenset[str], frozenset[str]]]:
        """Each set of the granters in hand a rest may play, with the granters it leaves out:
        of those still `unplayed` (by object id) any subset; one played already is on the board
        (active in every set)."""
        played = frozenset(o for o in self.granters if o not in unplayed)
        open_ = [o for o in self.granters if o in unplayed]
        for n in range(len(open_) + 1):
            for chosen in combinations(open_, n):
                yield played | frozenset(chosen), frozenset(open_) - frozenset(chosen)


def least_prices(scenario: Scenario) -> Prices | None:
    """The prices of a turn that is not plain, None where the bound does not apply: a listed
    turn (a listed play may ignore a part of its cost), an object facedown, a rune with a value
    of its own, an ability anywhere (an ability play is no card play, and may add)."""
    you = scenario.state.you
    turn = scenario.turn
    if (turn is not None and turn.candidates is not None) or you.facedown or any(
            r.value is not None for r in you.runes):
        return None
    if any(card.abilities for card in scenario.cards.values()):
        return None
    return Prices(scenario)


__all__ = ["Need", "Prices", "energy_off", "grant_lowers", "least_prices", "lowers",
           "may_reach"]
