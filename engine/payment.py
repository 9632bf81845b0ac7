"""Paying a total: what the player's resources can give, what each use costs, how a payment is
named and which Power pays which pip (rules notes: resources and paying; the objective of
`payplan/1`).

This module holds the rules of paying. The CP-SAT model (`planner.model`), the fast path
(`planner.fastpath`), explanations (`planner.explain`), the plan's naming (`planner.plan`) and
the engine's check of a payment (`engine.chain`) all read them here:

- the Rune Pool, spent first and free;
- runes: a ready rune may be exhausted for 1 Energy and recycled for 1 Power of its domain, both
  in one payment; an exhausted rune may only be recycled;
- sources ("add" abilities of other objects), each activated at most once, with their own costs
  and `only_for` restrictions; an `exhaust` or `kill` cost needs the object on your board (ready,
  to exhaust it);
- non-standard costs, each paid with distinct objects that match its filter, never the card
  being played; an object pays for one thing once;
- Power (`pay_power`): a domain pip takes Power of its domain, else Power of any domain; an `[A]`
  pip takes what is left, domain Power first.

What each use costs (the one scorer) is `RuneGroup.exhaust_charge` / `recycled_charge`,
`SourceOffer.charge` and `object_charge`: the objective's weight, or an object's `value` where
it loses the object. Interchangeable runes and objects are grouped, so a 1,000-card hand is a
handful of groups. A chosen payment is one `Payment` value, from the planner to the engine's
check (`engine.chain.apply_payment`) to the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Sequence, TypeVar

from payplan.engine.cards import Card
from payplan.engine.cost import ANY_INDEX, DOMAINS, NO_POWER, POWER_KEYS, Cost, OtherCost, Power, power_to_map
from payplan.engine.filters import PlayFacts, card_matches, holds, object_matches
from payplan.engine.scenario import Scenario
from payplan.engine.state import GameObject, Source

LOSES_OBJECT = {"discard", "kill", "recycle_from_trash", "return_to_hand", "banish_self",
                "recycle_self"}
# The self atoms an ability names that keep their own kind (the object itself, on the board).
SELF_ONLY: tuple[str, ...] = ("banish_self", "disempower_self", "recycle_self")
# The objective weight of each kind, where it is not the kind's own name.
WEIGHT_OF = {"exhaust": "exhaust_unit", "banish_self": "banish", "recycle_self": "banish",
             "disempower_self": "disempower"}


@dataclass(frozen=True, slots=True)
class RuneGroup:
    """Runes of one domain, readiness and value, in state order."""

    domain: int  # index into DOMAINS
    ready: bool
    ids: tuple[str, ...]
    exhaust_charge: int  # charged once for a ready rune that is exhausted and/or recycled
    recycle_charge: int  # the recycle weight, or the runes' value

    @property
    def recycled_charge(self) -> int:
        """What recycling one rune of the group charges: its recycle charge, plus the exhaust
        charge of a ready rune (recycling uses it up)."""
        return self.recycle_charge + (self.exhaust_charge if self.ready else 0)

    def charge(self, exhausted_only: int, recycled: int) -> int:
        """What using runes of the group charges: `exhausted_only` exhausted for Energy and not
        recycled, `recycled` recycled (a ready one may also give its Energy)."""
        return exhausted_only * self.exhaust_charge + recycled * self.recycled_charge


@dataclass(frozen=True, slots=True)
class SourceOffer:
    """One usable source: activating it adds `adds`, needs `needs` paid, and charges `charge`."""

    id: str
    adds: Cost
    needs: Cost
    charge: int
    uses_object: bool  # exhausting or killing its object uses it up for other costs


@dataclass(frozen=True, slots=True)
class ObjectGroup:
    """Interchangeable objects (same zone, card, value, Might, location, readiness, buffs)."""

    zone: str
    owner: str
    ids: tuple[str, ...]
    sample: GameObject


@dataclass(frozen=True, slots=True)
class Resources:
    pool_energy: int
    pool_power: Power
    runes: tuple[RuneGroup, ...]
    sources: tuple[SourceOffer, ...]
    objects: tuple[ObjectGroup, ...]
    xp: int


def resources(scenario: Scenario, played: GameObject | None, card: Card | None = None,
              leave_out: bool = True) -> Resources:
    """Everything that can pay for a play of `played` (None: for no card in particular).

    `card` is the card as played when it is not the object's own (an ability play: `only_for`
    and a source's `while` read it). An object whose ability is played stays among the objects
    (it may pay its own `exhaust_self` / `kill_self`), in a group of its own. `leave_out=False`
    keeps the played object among the objects (`planner.hand` takes each played object out of
    one gathering)."""
    you = scenario.state.you
    objective = scenario.objective
    groups: dict[tuple[int, bool, int | None], list[str]] = {}
    for rune in you.runes:
        groups.setdefault((DOMAINS.index(rune.domain), not rune.exhausted, rune.value), []).append(rune.id)
    runes = tuple(
        RuneGroup(domain, ready, tuple(ids), objective.weight("exhaust"),
                  value if value is not None else objective.weight("recycle"))
        for (domain, ready, value), ids in groups.items()
    )

    source_objects: set[str] = set()
    offers = []
    played_card = card if card is not None else (
        scenario.cards.get(played.card) if played is not None else None)
    played_zone = _zone_of(scenario, played)
    on_board = played is not None and played_zone == "board"
    if on_board and played is not None:
        source_objects.add(played.id)
    for source in you.sources:
        obj = next((o for o in you.board if o.id == source.id), None)
        if source.only_for is not None:
            if played_card is None or not card_matches(source.only_for, played_card, from_zone=played_zone):
                continue
        if source.while_:
            if played_card is None:
                continue
            facts = PlayFacts(played_card, played_zone or "hand", "printed", ())
            if not holds(source.while_, scenario, facts, obj):
                continue
        charge = objective.weight("source")
        needs = Cost()
        uses = False
        usable = True
        for c in source.costs:
            if c == "exhaust":
                if obj is None or obj.exhausted:
                    usable = False
                charge += objective.weight("exhaust")
                uses = True
            elif c == "kill":
                if obj is None:
                    usable = False
                charge += obj.value if obj is not None and obj.value is not None else objective.weight("kill")
                uses = True
            elif isinstance(c, Cost):
                needs = needs + c
        if usable:
            offer = SourceOffer(source.id, source_adds(scenario, source), needs, charge, uses)
            # A converter (`repeatable`) is one offer per activation it could make: n identical
            # 0/1 choices are exactly a count from 0 to n. More than `converter_bound` can't be
            # paid: each activation needs at least one unit of Energy or Power.
            offers.extend([offer] * (converter_bound(scenario, source) if source.repeatable else 1))
            if uses:
                source_objects.add(source.id)

    objects: dict[tuple[object, ...], list[GameObject]] = {}
    owners: dict[tuple[object, ...], tuple[str, str]] = {}
    for owner in ("you", "opponent"):
        player = scenario.state.player(owner)
        for zone in ("hand", "trash", "board"):
            if owner == "opponent" and zone != "board":
                continue
            for obj in player.zone(zone):
                if leave_out and played is not None and obj.id == played.id and not on_board:
                    continue
                object_key = (owner, zone, obj.card, obj.value, obj.might, obj.location, obj.exhausted,
                       obj.buffs, obj.empowered, obj.id if obj.id in source_objects else None)
                objects.setdefault(object_key, []).append(obj)
                owners[object_key] = (owner, zone)
    object_groups = tuple(
        ObjectGroup(owners[key][1], owners[key][0], tuple(o.id for o in objs), objs[0])
        for key, objs in objects.items()
    )
    return Resources(you.pool.energy, you.pool.power, runes, tuple(offers), object_groups, you.xp)


def converter_bound(scenario: Scenario, source: Source) -> int:
    """How many times a repeatable source could be activated at most: the units of Energy and
    Power everything else could give (each rune 2, the pool, the other sources, and what the
    converter itself adds, which may feed another activation of another converter), divided by
    what one activation costs."""
    you = scenario.state.you
    cost = sum(c.size for c in source.costs if isinstance(c, Cost))
    if cost <= 0:
        return 1
    units = 2 * len(you.runes) + you.pool.size + sum(
        source_adds(scenario, s).size for s in you.sources if not s.repeatable)
    return units // cost


def source_adds(scenario: Scenario, source: Source) -> Cost:
    """What one activation adds: `adds`, plus `bonus` while its conditions hold (Renata Glasc:
    your Gold adds an extra [1] while you control her)."""
    if source.bonus is None:
        return source.adds
    obj = next((o for o in scenario.state.you.board if o.id == source.id), None)
    facts = PlayFacts(Card("", "", "unit"), "hand", "printed", ())
    if holds(source.bonus_while, scenario, facts, obj):
        return source.adds + source.bonus
    return source.adds


def _zone_of(scenario: Scenario, played: GameObject | None) -> str | None:
    if played is None:
        return None
    found = scenario.state.you.find(played.id)
    return found[0] if found is not None else None


def eligible(scenario: Scenario, group: ObjectGroup, need: OtherCost) -> bool:
    """Whether objects of `group` can pay the non-standard cost `need`."""
    wanted_owner = need.filter.controller or "you"
    if group.owner != wanted_owner:
        return False
    kind = need.kind
    if kind == "discard" and group.zone != "hand":
        return False
    if kind == "recycle_from_trash" and group.zone != "trash":
        return False
    if kind in ("kill", "exhaust", "return_to_hand", "spend_buff") + SELF_ONLY and group.zone != "board":
        return False
    if kind == "disempower_self" and group.sample.empowered <= 0:
        return False
    if kind == "exhaust" and group.sample.exhausted:
        return False
    if kind == "spend_buff" and group.sample.buffs <= 0:
        return False
    return object_matches(scenario, need.filter, group.sample)


def object_charge(scenario: Scenario, group: ObjectGroup, kind: str) -> int:
    """What paying `kind` with one object of the group charges (per buff for spend_buff)."""
    weight = scenario.objective.weight(WEIGHT_OF.get(kind, kind))
    if kind in LOSES_OBJECT and group.sample.value is not None:
        return group.sample.value
    return weight


def need_key(need: OtherCost) -> tuple[str, object]:
    """Non-standard costs with the same kind and filter draw on the same objects."""
    return (need.kind, need.filter)


# --- Power: which supply pays which pip ---------------------------------------------------------

H = TypeVar("H")


@dataclass(frozen=True, slots=True)
class Take(Generic[H]):
    """`count` Power of slot `slot` (a domain index, or `ANY_INDEX`) from `holder`, paying pips of
    slot `pays` (the domain of a domain pip, or `ANY_INDEX` for `[A]` pips)."""

    holder: H
    slot: int
    pays: int
    count: int


def pay_power(need: Power, supply: Sequence[tuple[int, H, int]]) -> tuple[list[Take[H]], Power] | None:
    """Match the pips of `need` to `supply` (entries `(slot, holder, amount)`, taken in the order
    given within a slot); return what each holder paid and the Power left per slot, or None
    when the supply can't pay.

    A domain pip takes Power of its domain, else Power of any domain (the `any` slot); an `[A]`
    pip takes domain Power first, in domain order, keeping the flexible Power for last. This
    greedy is exact: a domain pip has no other choice, and what remains for `[A]` pips is
    interchangeable.
    """
    left = [amount for _, _, amount in supply]
    takes: list[Take[H]] = []

    def take(slot: int, pays: int, count: int) -> int:
        paid = 0
        for i, (at, holder, _) in enumerate(supply):
            if at == slot and paid < count and left[i]:
                n = min(count - paid, left[i])
                left[i] -= n
                paid += n
                takes.append(Take(holder, slot, pays, n))
        return paid

    for d in range(len(DOMAINS)):
        short = need[d] - take(d, d, need[d])
        if take(ANY_INDEX, d, short) < short:
            return None
    wanted = need[ANY_INDEX]
    for slot in range(len(POWER_KEYS)):
        wanted -= take(slot, ANY_INDEX, wanted)
    if wanted:
        return None
    rest = [0] * len(POWER_KEYS)
    for (slot, _, _), amount in zip(supply, left):
        rest[slot] += amount
    return takes, tuple(rest)


# --- The payment --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment:
    """One chosen payment, as the planner makes it, the engine checks and applies it, and the
    JSON shows it.

    `exhaust`: runes exhausted for Energy; `recycle`: runes recycled, each with the pip it pays
    (a domain, `any`, or `unused`); a rune may be in both (exhausted, then recycled). `other`:
    per entry of the total's non-standard costs, in order, its kind and the ids of the objects
    that pay it (for `spend_buff` one id per buff, an id repeated for several buffs; for
    `spend_xp` the amount as text, `"3 XP"`: XP is not an object).
    """

    pool_energy: int = 0
    pool_power: Power = NO_POWER
    exhaust: tuple[str, ...] = ()
    recycle: tuple[tuple[str, str], ...] = ()
    sources: tuple[str, ...] = ()
    other: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def recycled(self) -> tuple[str, ...]:
        """The ids of the runes recycled."""
        return tuple(rune for rune, _ in self.recycle)

    def to_json(self) -> dict[str, object]:
        return {
            "pool": {"energy": self.pool_energy, "power": power_to_map(self.pool_power)},
            "exhaust": list(self.exhaust),
            "recycle": [{"rune": r, "pays": pays} for r, pays in self.recycle],
            "sources": list(self.sources),
            "other": [{kind: list(ids)} for kind, ids in self.other],
        }
