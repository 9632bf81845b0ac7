"""Paying a total: what the player's resources can give, what each use costs, how a chosen
payment is named and checked, and which Power pays which pip (rules notes: resources and paying;
the objective of `payplan/1`).

This module holds the rules of paying. The CP-SAT model (`planner.model`), the fast path
(`planner.fastpath`), explanations (`planner.explain`), the plan (`planner.plan`) and the engine's
check of a payment (`engine.chain`) all read them here:

- the Rune Pool, spent first and free;
- runes: a ready rune may be exhausted for 1 Energy and recycled for 1 Power of its domain, both
  in one payment; an exhausted rune may only be recycled;
- sources ("add" abilities of other objects), each activated at most once, with their own costs
  and `only_for` restrictions; an `exhaust` or `kill` cost needs the object on your board (ready,
  to exhaust it); a source's Energy/Power cost is paid from what the pool holds before it is
  activated, not from what it adds (`paid_in_order`: no Energy from nothing);
- non-standard costs (`eligible`, `capacity`), each paid with distinct objects that match its
  filter, never the card being played; an object pays for one non-standard cost once, and after
  a source used it (357.1.a, then 357.2) any but `exhaust` where the source exhausted it, none
  where the source killed it (`SourceOffer`);
- what a payment takes from the board that the play keeps (`board_losses`): the play's targets
  (357.3: taken only where no payment can keep them) and, among payments of equal score, the
  object whose ability is played;
- Power (`pay_power`, `unpaid_power`): a domain pip takes Power of its domain, else Power of any
  domain; an `[A]` pip takes what is left, domain Power first.

What each use costs is the one scorer, `charged` (`score` over numbers, the model's objective
over its variables), from `RuneGroup.exhaust_charge` / `recycled_charge`, `SourceOffer.charge`
and `object_charge`: the objective's weight, or an object's `value` where it loses the object.
Interchangeable runes and objects are grouped, so a 1,000-card hand is a handful of groups. A
payment chosen in group counts (`Usage`) is named by `name_payment` as one `Payment` value, from
the planner to the engine's check (`engine.chain.apply_payment`) to the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Iterator, Mapping, Protocol, Sequence, TypeVar

from ..discounts import ANY_INDEX, NO_POWER, Power
from .cards import Card
from .cost import DOMAIN_AT, DOMAINS, POWER_KEYS, Cost, Filter, OtherCost, Player, Zone, power_to_map
from .filters import PlayFacts, holds, object_matches, play_matches
from .scenario import Scenario
from .state import PLAYERS, GameObject, Source

LOSES_OBJECT = {"discard", "kill", "recycle_from_trash", "return_to_hand", "banish_self",
                "recycle_self"}
# The self atoms an ability names that keep their own kind (the object itself, on the board).
SELF_ONLY: tuple[str, ...] = ("banish_self", "disempower_self", "recycle_self")
# The zone each non-standard cost takes its objects from (XP is not an object).
PAYS_FROM: Mapping[str, Zone] = {
    "discard": "hand", "recycle_from_trash": "trash", "kill": "board", "exhaust": "board",
    "return_to_hand": "board", "spend_buff": "board", **{kind: "board" for kind in SELF_ONLY}}
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


@dataclass(frozen=True, slots=True)
class SourceOffer:
    """One usable source: activating it adds `adds`, needs `needs` paid, and charges `charge`.

    `uses_object`: it exhausts or kills its object. An object that added Energy or Power by its
    own ability may still pay a non-standard cost of the same play (357.1.a, then 357.2), but
    not one that asks for a ready object (`exhaust`) once the source has exhausted it, and none
    once the source has killed it (`kills`: the object is gone)."""

    id: str
    adds: Cost
    needs: Cost
    charge: int
    uses_object: bool  # it exhausts or kills its object
    kills: bool = False  # it kills its object: the object pays nothing else
    # A later activation of a converter that exhausts its object ("[E]: pay any amount ..."):
    # it converts within the one exhaustion the offer before it (of the same source) charges,
    # so it is activated only with that one.
    follows: bool = False
    # The other objects of yours one activation kills (a `{kill: {count, filter}}` cost,
    # Malzahar - Fanatic), one need per filter: each paid by objects on your board as a `kill`
    # of an additional cost is (`source_eligible`, `source_need_key`), and such an object pays
    # nothing else (no exhaust, no other source, no other cost; the activation's own costs
    # aside: Malzahar may exhaust and kill himself).
    kill_needs: tuple[OtherCost, ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectGroup:
    """Interchangeable objects (same zone, card, value, Might, location, readiness, buffs)."""

    zone: Zone
    owner: Player
    ids: tuple[str, ...]
    sample: GameObject


@dataclass(frozen=True, slots=True)
class Resources:
    """What can pay for one play. `targets` are the play's chosen objects and `own` the object
    whose ability is played: each is in an object group of its own, so that a payment's counts
    say whether it takes one of them from the board (`board_losses`)."""

    pool_energy: int
    pool_power: Power
    runes: tuple[RuneGroup, ...]
    sources: tuple[SourceOffer, ...]
    objects: tuple[ObjectGroup, ...]
    xp: int
    targets: frozenset[str] = frozenset()
    own: str | None = None

    @property
    def ready_runes(self) -> int:
        """How many runes are ready (each could be exhausted for 1 Energy)."""
        return sum(len(group.ids) for group in self.runes if group.ready)


def resources(scenario: Scenario, played: GameObject | None, card: Card | None = None,
              leave_out: bool = True, objects: bool = True,
              targets: tuple[str, ...] = ()) -> Resources:
    """Everything that can pay for a play of `played` (None: for no card in particular).

    `card` is the card as played when it is not the object's own (an ability play: `only_for`
    and a source's `while` read it). An object whose ability is played stays among the objects
    (it may pay its own `exhaust_self` / `kill_self`), in a group of its own, and so does each
    of the play's `targets`. `leave_out=False` keeps the played object among the objects
    (`planner.hand` takes each played object out of one gathering). `objects=False` leaves the
    objects out (`Resources.objects` is empty): only non-standard costs take objects, so a play
    whose options have none never reads them."""
    you = scenario.state.you
    objective = scenario.objective
    groups: dict[tuple[int, bool, int | None], list[str]] = {}
    for rune in you.runes:
        groups.setdefault((DOMAIN_AT[rune.domain], not rune.exhausted, rune.value), []).append(rune.id)
    exhaust, recycle = objective.weight("exhaust"), objective.weight("recycle")
    runes = tuple(
        RuneGroup(domain, ready, tuple(ids), exhaust, value if value is not None else recycle)
        for (domain, ready, value), ids in groups.items()
    )

    if not you.sources and not objects:  # runes and the pool only: nothing below to gather
        return Resources(you.pool.energy, you.pool.power, runes, (), (), you.xp)
    source_objects: set[str] = set(targets)  # (objects singled out in groups of their own)
    if any(isinstance(c, OtherCost) for source in you.sources for c in source.costs):
        # A source may kill other objects: it takes them from the board, so they are gathered,
        # and every source's object is in a group of its own (a victim activates no source).
        objects = True
        source_objects.update(source.id for source in you.sources)
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
            if played_card is None or not play_matches(scenario, source.only_for, played_card,
                                                       played_zone or "hand", played):
                continue
        if source.while_:
            if played_card is None:
                continue
            facts = PlayFacts(played_card, played_zone or "hand", "printed", ())
            if not holds(source.while_, scenario, facts, obj):
                continue
        charge = objective.weight("source")
        needs = Cost()
        uses = kills = False
        usable = True
        kill_needs: dict[object, int] = {}
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
                uses = kills = True
            elif isinstance(c, Cost):
                needs = needs + c
            elif isinstance(c, OtherCost):
                kill_needs[c.filter] = kill_needs.get(c.filter, 0) + c.count
        if usable:
            offer = SourceOffer(source.id, source_adds(scenario, source), needs, charge, uses,
                                kills, kill_needs=tuple(
                                    OtherCost("kill", n, f) for f, n in kill_needs.items()
                                    if isinstance(f, Filter)))
            # A converter (`repeatable`) is one offer per activation it could make: n identical
            # 0/1 choices are exactly a count from 0 to n. More than `converter_bound` can't be
            # paid: each activation needs at least one unit of Energy or Power. One that
            # exhausts its object ("[E]: pay any amount of ...") exhausts it once: its
            # first offer charges the exhaustion, the others follow it (`follows`), charging
            # only the `source` weight, and are activated only with it.
            count = converter_bound(scenario, source) if source.repeatable else 1
            offers.append(offer)
            if count > 1:
                rest = offer if not uses else SourceOffer(
                    source.id, offer.adds, needs, objective.weight("source"), False, False, True)
                offers.extend([rest] * (count - 1))
            if uses:
                source_objects.add(source.id)

    objects_by: dict[tuple[object, ...], list[GameObject]] = {}
    owners: dict[tuple[object, ...], tuple[Player, Zone]] = {}
    for owner, zone, obj in paying_objects(scenario) if objects else ():
        if leave_out and played is not None and obj.id == played.id and not on_board:
            continue
        object_key = (owner, zone, obj.card, obj.value, obj.might, obj.location, obj.exhausted,
                      obj.buffs, obj.empowered, obj.stunned,
                      obj.id if obj.id in source_objects else None)
        objects_by.setdefault(object_key, []).append(obj)
        owners[object_key] = (owner, zone)
    object_groups = tuple(
        ObjectGroup(owners[key][1], owners[key][0], tuple(o.id for o in objs), objs[0])
        for key, objs in objects_by.items()
    )
    return Resources(you.pool.energy, you.pool.power, runes, tuple(offers), object_groups, you.xp,
                     frozenset(targets), played.id if on_board and played is not None else None)


def paying_objects(scenario: Scenario) -> Iterator[tuple[Player, Zone, GameObject]]:
    """The objects a non-standard cost can take, in the order `resources` groups them: your
    hand, trash and board, then the opponent's board."""
    for owner in PLAYERS:
        player = scenario.state.player(owner)
        for zone in ("hand", "trash", "board"):
            if owner == "you" or zone == "board":
                for obj in player.zone(zone):
                    yield owner, zone, obj


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
    if kind in PAYS_FROM and group.zone != PAYS_FROM[kind]:
        return False
    if kind == "disempower_self" and group.sample.empowered <= 0:
        return False
    if kind == "exhaust" and group.sample.exhausted:
        return False
    if kind == "spend_buff" and group.sample.buffs <= 0:
        return False
    return object_matches(scenario, need.filter, group.sample)


def source_eligible(scenario: Scenario, offer: SourceOffer, group: ObjectGroup,
                    need: OtherCost) -> bool:
    """Whether objects of `group` can pay the kill need `need` of source `offer`: as an
    additional cost's `kill`; the source's own object (in a group of its own) where the filter
    matches it, unless the source's bare `kill` kills it already (exhausting it by the same
    activation is no other part of the payment: Gold's `[exhaust, kill]` does both too)."""
    if offer.kills and offer.id in group.ids:
        return False
    return eligible(scenario, group, need)


def source_need_key(offer: SourceOffer, need: OtherCost) -> NeedKey:
    """The need key of a source's kill need: kind `kill` (charged and taken from the board as
    an additional cost's kill), apart from the total's needs and other sources' by the source."""
    return (need.kind, (offer.id, need.filter))


def source_kills(res: Resources) -> Iterator[tuple[int, NeedKey, OtherCost]]:
    """Every kill need of every source offer: (offer index, need key, need)."""
    for s, offer in enumerate(res.sources):
        for need in offer.kill_needs:
            yield s, source_need_key(offer, need), need


def object_charge(scenario: Scenario, group: ObjectGroup, kind: str) -> int:
    """What paying `kind` with one object of the group charges (per buff for spend_buff)."""
    weight = scenario.objective.weight(WEIGHT_OF.get(kind, kind))
    if kind in LOSES_OBJECT and group.sample.value is not None:
        return group.sample.value
    return weight


NeedKey = tuple[str, object]


def need_key(need: OtherCost) -> NeedKey:
    """Non-standard costs with the same kind and filter draw on the same objects."""
    return (need.kind, need.filter)


def needs_of(total: Cost) -> dict[NeedKey, int]:
    """The non-standard needs of a total, summed by kind and filter, in the total's order."""
    out: dict[NeedKey, int] = {}
    for need in total.other:
        out[need_key(need)] = out.get(need_key(need), 0) + need.count
    return out


def capacity(group: ObjectGroup, kind: str) -> int:
    """How much of a non-standard cost of `kind` the group can pay: one per object, or for
    `spend_buff` every buff its objects hold (buffs are counters: spending them keeps the object)."""
    return len(group.ids) * (group.sample.buffs if kind == "spend_buff" else 1)


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
    takes, rest, unpaid = match_power(need, supply)
    return None if unpaid else (takes, rest)


def unpaid_power(need: Power, supply: Sequence[tuple[int, H, int]]) -> int:
    """How many pips of `need` the supply leaves unpaid by the paying rule (0: it pays)."""
    return match_power(need, supply)[2]


def match_power(need: Power, supply: Sequence[tuple[int, H, int]]) -> tuple[list[Take[H]], Power, int]:
    """`pay_power`'s greedy, carried on past a pip it can't pay: what each holder paid, the
    Power left per slot, and how many pips stayed unpaid."""
    left = [amount for _, _, amount in supply]
    takes: list[Take[H]] = []
    in_slot: list[list[int]] = [[] for _ in POWER_KEYS]  # per slot, its supply entries in order
    for i, (at, _, amount) in enumerate(supply):
        if amount:
            in_slot[at].append(i)

    def take(slot: int, pays: int, count: int) -> int:
        paid = 0
        for i in in_slot[slot]:
            if paid == count:
                break
            if left[i]:
                n = min(count - paid, left[i])
                left[i] -= n
                paid += n
                takes.append(Take(supply[i][1], slot, pays, n))
        return paid

    unpaid = 0
    for d in range(len(DOMAINS)):
        if need[d]:  # (taking 0 takes nothing)
            short = need[d] - take(d, d, need[d])
            if short:
                unpaid += short - take(ANY_INDEX, d, short)
    wanted = need[ANY_INDEX]
    for slot in range(len(POWER_KEYS)):
        if not wanted:
            break
        wanted -= take(slot, ANY_INDEX, wanted)
    unpaid += wanted
    rest = [0] * len(POWER_KEYS)
    for (slot, _, _), amount in zip(supply, left):
        rest[slot] += amount
    return takes, tuple(rest), unpaid


# --- Sources activated in order -----------------------------------------------------------------

ORDER_STATES = 200_000  # the most pool states `paid_in_order` visits before it gives up
Pool = tuple[int, ...]  # Energy, then Power per slot (each domain, then any domain)


class TooManyOrders(Exception):
    """`paid_in_order` would visit more than `ORDER_STATES` pool states."""


def paid_in_order(start: Cost, activations: Sequence[tuple[Cost, Cost]], total: Cost) -> bool:
    """Whether the activations (each `(needs, adds)`: a source's own Energy/Power cost and what
    it adds) can be made one after another, each paying its cost from what the pool holds
    then (`start`, plus what the activations before it added, less what they paid), with the
    total paid after the last one. A source's cost is paid before it adds anything: no
    activation pays for itself, and no two pay for each other.

    First the plain case: the pool before any activation pays all their costs together. Else a
    search over the activations still to make and the pool, each state once. A domain pip
    takes Power of its domain before Power of any domain, and an [A] pip domain Power before
    Power of any domain (the flexible Power pays whatever the other would, so keeping it is
    never worse); which domain pays an [A] pip is a branch. Raises `TooManyOrders` past
    `ORDER_STATES` states."""
    # Where the pool pays every activation's cost at once before any adds, any order does.
    every = sum((needs for needs, _ in activations), Cost())
    first = _paid_from((start.energy, *start.power), every)
    if first is not None:
        added = sum((adds for _, adds in activations), Cost())
        if _paid_from(tuple(a + b for a, b in zip(first, (added.energy, *added.power))),
                      total) is not None:
            return True
    kinds: dict[tuple[Cost, Cost], int] = {}
    for needs, adds in activations:
        kinds[(needs, adds)] = kinds.get((needs, adds), 0) + 1
    steps = list(kinds)
    seen: set[tuple[tuple[int, ...], Pool]] = set()
    stack: list[tuple[tuple[int, ...], Pool]] = [(tuple(kinds.values()), (start.energy, *start.power))]
    while stack:
        left, pool = stack.pop()
        if (left, pool) in seen:
            continue
        seen.add((left, pool))
        if len(seen) > ORDER_STATES:
            raise TooManyOrders
        if not any(left):
            if _paid_from(pool, total) is not None:
                return True
            continue
        for k, (needs, adds) in enumerate(steps):
            if left[k]:
                rest = tuple(n - (i == k) for i, n in enumerate(left))
                for after in _pools_after(pool, needs):
                    stack.append((rest, tuple(a + b for a, b in zip(after, (adds.energy, *adds.power)))))
    return False


def _paid_from(pool: Pool, need: Cost) -> Pool | None:
    """The pool after paying `need` by the paying rule (`pay_power`), or None."""
    if pool[0] < need.energy:
        return None
    paid = pay_power(need.power, [(slot, None, n) for slot, n in enumerate(pool[1:])])
    return None if paid is None else (pool[0] - need.energy, *paid[1])


def _pools_after(pool: Pool, needs: Cost) -> Iterator[Pool]:
    """Every pool left after paying `needs` from `pool` that is not plainly worse than another:
    domain pips from their domain first, then Power of any domain; [A] pips from the domains in
    every split, then Power of any domain."""
    if pool[0] < needs.energy:
        return
    power = list(pool[1:])
    for d in range(len(DOMAINS)):
        own = min(power[d], needs.power[d])
        power[d] -= own
        power[ANY_INDEX] -= needs.power[d] - own
    if power[ANY_INDEX] < 0:
        return

    def splits(d: int, wanted: int, taken: list[int]) -> Iterator[list[int]]:
        if d == len(DOMAINS):
            if wanted <= power[ANY_INDEX]:
                yield [*taken, wanted]
            return
        for n in range(min(wanted, power[d]), -1, -1):
            yield from splits(d + 1, wanted - n, [*taken, n])

    for split in splits(0, needs.power[ANY_INDEX], []):
        yield (pool[0] - needs.energy, *(p - n for p, n in zip(power, split)))


# --- The most the resources could give ---------------------------------------------------------


def most_energy(res: Resources) -> int:
    """The most Energy the resources could give, each part alone: the pool, every ready rune
    exhausted, every usable source activated (its own costs left aside)."""
    return res.pool_energy + res.ready_runes + sum(s.adds.energy for s in res.sources)


def most_power(res: Resources) -> list[tuple[int, str, int]]:
    """The most Power the resources could give, each part alone, as `pay_power`'s supply: the
    pool, every rune recycled, every usable source activated (its own costs left aside)."""
    return [*((slot, "pool", n) for slot, n in enumerate(res.pool_power)),
            *((group.domain, "rune", len(group.ids)) for group in res.runes),
            *((slot, "source", n) for offer in res.sources for slot, n in enumerate(offer.adds.power))]


# --- The score: what a payment charges ---------------------------------------------------------

C = TypeVar("C")


class Usage(Protocol):
    """A payment chosen in group counts (the planner's `Solution`): per rune group how many
    runes are exhausted only and how many recycled, per source whether it is activated, per
    need key how many objects (for `spend_buff`, buffs) of each object group."""

    @property
    def exhaust(self) -> tuple[int, ...]: ...

    @property
    def recycle(self) -> tuple[int, ...]: ...

    @property
    def activate(self) -> tuple[bool, ...]: ...

    @property
    def use(self) -> tuple[tuple[NeedKey, tuple[int, ...]], ...]: ...


def charged(scenario: Scenario, res: Resources, exhaust: Mapping[int, C], recycle: Mapping[int, C],
            activate: Mapping[int, C], use: Mapping[tuple[NeedKey, int], C],
            xp: Sequence[C]) -> list[tuple[C, int]]:
    """The score of a payment (the objective's first part, before benefits), as pairs (how many,
    what one charges): it is the sum of their products. The counts are numbers (`score`) or
    the CP-SAT model's variables (its objective), keyed as `Usage` holds them: per rune group
    exhausted only and recycled, per source activated, per (need key, object group) used; `xp`
    the XP each `spend_xp` need spends. A rune group or source missing from its mapping is not
    counted."""
    terms: list[tuple[C, int]] = []
    for g, group in enumerate(res.runes):
        if g in recycle:
            terms.append((recycle[g], group.recycled_charge))
        if g in exhaust:
            terms.append((exhaust[g], group.exhaust_charge))
    terms += [(activate[s], offer.charge) for s, offer in enumerate(res.sources) if s in activate]
    terms += [(n, object_charge(scenario, res.objects[g], key[0])) for (key, g), n in use.items()]
    xp_weight = scenario.objective.weight("spend_xp")
    terms += [(n, xp_weight) for n in xp]
    return terms


def board_losses(res: Resources, use: Mapping[tuple[NeedKey, int], C],
                 activate: Mapping[int, C]) -> tuple[list[C], list[C]]:
    """What a payment takes from where the play still wants it, as counts to add up (numbers,
    or the model's variables, keyed as `charged` takes them): the uses of a non-standard cost
    that takes its object from its zone (`LOSES_OBJECT`) and the sources that kill their object.

    First, those that take one of the play's targets: rule 357.3, a player may not pay costs
    that will make later choices illegal unless there is no other choice (a "kill a unit" cost
    kills a unit other than the play's own target when one exists). Second, those that take the
    object whose ability is played, or a target: among payments of equal score, the one that
    keeps them on the board wins (`payplan/1`'s objective)."""
    targets: list[C] = []
    kept: list[C] = []
    for (key, g), n in use.items():
        if key[0] in LOSES_OBJECT and res.objects[g].ids:  # an emptied group pays nothing
            held = res.objects[g].ids[0]  # a target or the own object is in a group of its own
            if held in res.targets:
                targets.append(n)
            if held in res.targets or held == res.own:
                kept.append(n)
    for s, n in activate.items():
        offer = res.sources[s]
        if offer.kills:
            if offer.id in res.targets:
                targets.append(n)
            if offer.id in res.targets or offer.id == res.own:
                kept.append(n)
    return targets, kept


def losses(res: Resources, usage: Usage) -> tuple[int, int]:
    """`board_losses` of a payment chosen in group counts, added up."""
    targets, kept = board_losses(
        res, {(key, g): n for key, counts in usage.use for g, n in enumerate(counts) if n},
        {s: 1 for s, used in enumerate(usage.activate) if used})
    return sum(targets), sum(kept)


def score(scenario: Scenario, total: Cost, res: Resources, usage: Usage) -> int:
    """What paying `total` as `usage` says charges (`charged` over its counts; a count of 0
    adds nothing and is left out)."""
    terms = charged(
        scenario, res, {g: n for g, n in enumerate(usage.exhaust) if n},
        {g: n for g, n in enumerate(usage.recycle) if n},
        {s: 1 for s, used in enumerate(usage.activate) if used},
        {(key, g): n for key, counts in usage.use for g, n in enumerate(counts) if n},
        [entry.count for entry in total.other if entry.kind == "spend_xp"])
    return sum(n * charge for n, charge in terms)


def name_payment(scenario: Scenario, total: Cost, res: Resources,
                 usage: Usage) -> tuple[Payment, Cost, int]:
    """Turn a payment chosen in group counts into named runes and objects, in state order;
    return the payment, what it spent on `total`, and its score (`score`).

    Energy comes from the pool, then the sources, then runes recycled anyway, then exhausted
    runes (the runes before the sources where a source costs Energy); Power is matched by
    `pay_power` over the pool, the recycled runes and the sources, in that order within each
    slot, where a source costs Power its cost first (`_costs_first`, else `_sources_last`), so
    that what pays a source's cost is named as taken before it adds; each non-standard entry
    of the total takes its objects in state order."""
    exhaust_only: list[str] = []
    recycled: list[tuple[str, int, bool]] = []  # (rune id, domain, was ready)
    for g, group in enumerate(res.runes):
        e, r = usage.exhaust[g], usage.recycle[g]
        if e:
            exhaust_only += group.ids[:e]
        if r:
            recycled += [(i, group.domain, group.ready) for i in group.ids[e:e + r]]
    used_sources = [offer for s, offer in enumerate(res.sources) if usage.activate[s]]

    # Energy: the pool, then the sources, then runes recycled anyway, then exhausted runes.
    energy_need = total.energy + sum(o.needs.energy for o in used_sources)
    # (Where a source costs Energy, the runes come before the sources: a source's cost is paid
    # before it adds, so what pays it is named.)
    from_pool = min(res.pool_energy, energy_need)
    left = energy_need - from_pool - (0 if any(o.needs.energy for o in used_sources)
                                      else sum(o.adds.energy for o in used_sources))
    energy_runes = [i for i, _, ready in recycled if ready][:max(0, left)]
    left -= len(energy_runes)
    energy_runes += exhaust_only[:max(0, left)]
    exhausted = {*energy_runes, *exhaust_only}
    exhaust = ([rune.id for rune in scenario.state.you.runes if rune.id in exhausted]
               if exhausted else [])

    # Power: the paying rule (`pay_power`) over the pool, the recycled runes and the sources, in
    # that order within each slot.
    need = total.power
    for o in used_sources:
        need = tuple(a + b for a, b in zip(need, o.needs.power))
    takes: list[Take[tuple[str, object]]] = []  # no pip to pay: nothing is taken
    if any(need):
        supply: list[tuple[int, tuple[str, object], int]] = [
            *((slot, ("pool", None), n) for slot, n in enumerate(res.pool_power) if n),
            *((d, ("rune", i), 1) for i, d, _ in recycled),
            *((slot, ("source", k), n) for k, o in enumerate(used_sources)
              for slot, n in enumerate(o.adds.power))]
        first = _costs_first(total.power, used_sources, supply)
        if first is None:
            first = _sources_last(need, supply)
        if first is None:
            matched = pay_power(need, supply)
            assert matched is not None  # the chosen counts pay
            first = matched[0]
        takes = first
    pool_used = [0] * len(POWER_KEYS)
    spent = [0] * len(POWER_KEYS)
    rune_pays: dict[str, str] = {}
    for take in takes:
        kind, which = take.holder
        if kind == "pool":
            pool_used[take.slot] += take.count
        elif kind == "rune":
            rune_pays[str(which)] = POWER_KEYS[take.pays]
        spent[take.pays if take.pays != ANY_INDEX else take.slot] += take.count
    recycle = tuple((rune_id, rune_pays.get(rune_id, "unused")) for rune_id, _, _ in recycled)

    other, killed = name_objects(total, res, usage.use, usage.activate)

    payment = Payment(
        pool_energy=from_pool,
        pool_power=tuple(pool_used),
        exhaust=tuple(exhaust),
        recycle=recycle,
        sources=tuple(o.id for o in used_sources),
        other=other,
        source_kills=killed,
    )
    spent_cost = Cost(total.energy, tuple(spent))
    return payment, spent_cost, score(scenario, total, res, usage)


def _costs_first(total: Power, used: Sequence[SourceOffer],
                 supply: Sequence[tuple[int, tuple[str, object], int]]
                 ) -> list[Take[tuple[str, object]]] | None:
    """The Power takes of a payment whose sources' own Power costs are paid first, from the
    pool, the runes and the sources that cost nothing (their cost is paid before they add:
    `paid_in_order`), then the total from what is left and what the others add; None where
    that does not pay (a source's cost paid by another's output: the plain match names it)."""
    costly = {k for k, o in enumerate(used) if o.needs.energy or any(o.needs.power)}
    if not any(any(used[k].needs.power) for k in costly):
        return None
    own = tuple(sum(used[k].needs.power[slot] for k in costly) for slot in range(len(total)))
    first = [(slot, holder, n) for slot, holder, n in supply
             if holder[0] != "source" or holder[1] not in costly]
    paid = pay_power(own, first)
    if paid is None:
        return None
    taken: dict[tuple[int, tuple[str, object]], int] = {}
    for take in paid[0]:
        taken[(take.slot, take.holder)] = taken.get((take.slot, take.holder), 0) + take.count
    rest = [(slot, holder, n - taken.get((slot, holder), 0)) for slot, holder, n in first]
    rest += [(slot, holder, n) for slot, holder, n in supply
             if holder[0] == "source" and holder[1] in costly]
    then = pay_power(total, [entry for entry in rest if entry[2]])
    return None if then is None else [*paid[0], *then[0]]


def _sources_last(need: Power, supply: Sequence[tuple[int, tuple[str, object], int]]
                  ) -> list[Take[tuple[str, object]]] | None:
    """The Power takes with the pool and the runes matched first and the sources' Power only
    for what they leave (a source's cost paid by another's output: what is taken from the pool
    is there before any source adds), or None where that does not pay."""
    own = [entry for entry in supply if entry[1][0] != "source"]
    takes, _, _ = match_power(need, own)
    left = list(need)
    for take in takes:
        left[take.pays] -= take.count
    rest = pay_power(tuple(left), [entry for entry in supply if entry[1][0] == "source"])
    return None if rest is None else [*takes, *rest[0]]


# --- The payment --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment:
    """One chosen payment, as the planner makes it, the engine checks and applies it, and the
    JSON shows it.

    `exhaust`: runes exhausted for Energy; `recycle`: runes recycled, each with the pip it pays
    (a domain, `any`, or `unused`); a rune may be in both (exhausted, then recycled). `other`:
    per entry of the total's non-standard costs, in order, its kind and the ids of the objects
    that pay it (for `spend_buff` one id per buff, an id repeated for several buffs; for
    `spend_xp` the amount as text, `"3 XP"`: XP is not an object). `source_kills`: per
    activation of a source whose costs kill other objects, in `sources` order, the source's
    id and the objects it kills (its `kill` atoms' in their order); JSON
    `[{"source": ID, "kill": [IDS]}]`, written only when a source killed.
    """

    pool_energy: int = 0
    pool_power: Power = NO_POWER
    exhaust: tuple[str, ...] = ()
    recycle: tuple[tuple[str, str], ...] = ()
    sources: tuple[str, ...] = ()
    other: tuple[tuple[str, tuple[str, ...]], ...] = ()
    source_kills: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def recycled(self) -> tuple[str, ...]:
        """The ids of the runes recycled."""
        return tuple(rune for rune, _ in self.recycle)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "pool": {"energy": self.pool_energy, "power": power_to_map(self.pool_power)},
            "exhaust": list(self.exhaust),
            "recycle": [{"rune": r, "pays": pays} for r, pays in self.recycle],
            "sources": list(self.sources),
            "other": [{kind: list(ids)} for kind, ids in self.other],
        }
        if self.source_kills:
            out["source_kills"] = [{"source": source, "kill": list(ids)}
                                   for source, ids in self.source_kills]
        return out


# --- A named payment back in group counts ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counts:
    """A payment in group counts (a `Usage`): what `name_payment` names, read back from a named
    `Payment` by `counts_of`, so that the one scorer (`score`) prices a payment the player chose."""

    exhaust: tuple[int, ...]
    recycle: tuple[int, ...]
    activate: tuple[bool, ...]
    use: tuple[tuple[NeedKey, tuple[int, ...]], ...]


def name_objects(total: Cost, res: Resources, use: Sequence[tuple[NeedKey, Sequence[int]]],
                 activate: Sequence[bool]) -> tuple[tuple[tuple[str, tuple[str, ...]], ...],
                                                    tuple[tuple[str, tuple[str, ...]], ...]]:
    """The objects each non-standard entry of `total` takes, and each activated source's kill
    needs (`Payment.source_kills`), named: `use` gives per need the count taken from each
    object group; the sources' victims are named first, then each entry takes the next objects
    of its groups in state order (buffs from the first holder with one left), XP by its count."""
    other: list[tuple[str, tuple[str, ...]]] = []
    remaining = {key: list(counts) for key, counts in use}
    taken: dict[int, int] = {}
    buffs_taken: dict[str, int] = {}
    killed: list[tuple[str, tuple[str, ...]]] = []
    for s, offer in enumerate(res.sources):
        if not offer.kill_needs or s >= len(activate) or not activate[s]:
            continue
        victims: list[str] = []
        for need in offer.kill_needs:
            counts = remaining.get(source_need_key(offer, need), [])
            for g, n in enumerate(counts):
                for _ in range(n):
                    k = taken.get(g, 0)
                    victims.append(res.objects[g].ids[k])
                    taken[g] = k + 1
        killed.append((offer.id, tuple(victims)))
    gone = {i for _, ids in killed for i in ids}  # a source's victim spends no buff
    for entry in total.other:
        if entry.kind == "spend_xp":
            other.append((entry.kind, (f"{entry.count} XP",)))
            continue
        counts = remaining[need_key(entry)]
        ids: list[str] = []
        want = entry.count
        for g in range(len(counts)):
            while want and counts[g]:
                objects = res.objects[g]
                if entry.kind == "spend_buff":
                    holder = next(i for i in objects.ids if i not in gone
                                  and buffs_taken.get(i, 0) < objects.sample.buffs)
                    buffs_taken[holder] = buffs_taken.get(holder, 0) + 1
                    ids.append(holder)
                else:
                    k = taken.get(g, 0)
                    ids.append(objects.ids[k])
                    taken[g] = k + 1
                counts[g] -= 1
                want -= 1
        other.append((entry.kind, tuple(ids)))
    return tuple(other), tuple(killed)


def counts_of(total: Cost, res: Resources, payment: Payment) -> Counts | None:
    """The group counts of a named payment of `total`: per rune group the runes exhausted only
    and the runes recycled (exhausted too or not), per source offer whether it is activated
    (a converter listed n times takes its first n offers), per need key the objects (for
    `spend_buff`, the buffs) of each object group. None when the payment names a rune, source or
    object the resources don't hold (`engine.chain.apply_payment` refuses such a payment first)."""
    rune_group = {rune_id: g for g, group in enumerate(res.runes) for rune_id in group.ids}
    recycled = set(payment.recycled)
    exhaust = [0] * len(res.runes)
    recycle = [0] * len(res.runes)
    for rune_id in payment.recycled:
        if rune_id not in rune_group:
            return None
        recycle[rune_group[rune_id]] += 1
    for rune_id in payment.exhaust:
        if rune_id not in rune_group:
            return None
        if rune_id not in recycled:
            exhaust[rune_group[rune_id]] += 1
    activate = [False] * len(res.sources)
    for source_id in payment.sources:
        free = next((s for s, offer in enumerate(res.sources)
                     if offer.id == source_id and not activate[s]), None)
        if free is None:
            return None
        activate[free] = True
    object_group = {(group.owner, object_id): g for g, group in enumerate(res.objects)
                    for object_id in group.ids}
    use: dict[NeedKey, list[int]] = {}
    # A source's victims, its kill atoms' in their order (`Payment.source_kills`).
    done: set[int] = set()
    for source_id, ids in payment.source_kills:
        s = next((s for s, offer in enumerate(res.sources) if offer.id == source_id
                  and offer.kill_needs and activate[s] and s not in done), None)
        if s is None:
            return None
        done.add(s)
        offer = res.sources[s]
        rest = list(ids)
        for need in offer.kill_needs:
            counts = use.setdefault(source_need_key(offer, need), [0] * len(res.objects))
            for object_id in rest[:need.count]:
                g = object_group.get(("you", object_id))
                if g is None:
                    return None
                counts[g] += 1
            rest = rest[need.count:]
    for (_kind, ids), need in zip(payment.other, total.other):
        if need.kind == "spend_xp":
            continue
        counts = use.setdefault(need_key(need), [0] * len(res.objects))
        for object_id in ids:
            g = object_group.get((need.filter.controller or "you", object_id))
            if g is None:
                return None
            counts[g] += 1
    return Counts(tuple(exhaust), tuple(recycle), tuple(activate),
                  tuple((key, tuple(counts)) for key, counts in use.items()))


# --- What the state lacks to pay a total -------------------------------------------------------


def shortfall(scenario: Scenario, total: Cost, res: Resources) -> Cost:
    """What the state lacks to pay `total`, per resource, each counted with everything that
    could supply it (the most the resources could give to that part alone: `most_energy`,
    `most_power`, every eligible object, your XP; a source's own costs aside):

    - Energy: the Energy beyond what the pool, every ready rune and every usable source give;
    - Power (from the pool, every rune recycled and every usable source, by the paying rule,
      `match_power`): per domain, the Power of that domain its pips lack alone; `any`, the
      Power of any domain the rest of the pips lack (`[A]` pips, and domain pips that competed
      for the pool's Power of any domain). Added to the pool, these pay every pip, and none
      fewer would: each unit added pays one pip;
    - each non-standard cost (its kind and filter, in the total's order): how many more
      objects (buffs, XP) it needs than the state holds that could pay it.

    A Cost (empty when nothing is short alone: then the parts compete for the same runes,
    sources or objects)."""
    energy = max(0, total.energy - most_energy(res))
    power = [0] * len(POWER_KEYS)
    if any(total.power):
        supply = most_power(res)
        for d in range(len(DOMAINS)):
            if total.power[d]:
                alone = tuple(total.power[d] if i == d else 0 for i in range(len(POWER_KEYS)))
                power[d] = unpaid_power(alone, supply)
        # What the paying rule leaves unpaid in all, less what the domains lack alone: a
        # domain's pips get no more in all than alone (they take only their domain's Power,
        # which no other pip takes before them, and Power of any domain, which other domains'
        # pips may), so the difference is never negative.
        power[ANY_INDEX] = max(0, unpaid_power(total.power, supply) - sum(power))
    other: list[OtherCost] = []
    samples = {need_key(need): need for need in total.other}
    for key, count in needs_of(total).items():
        need = samples[key]
        have = res.xp if need.kind == "spend_xp" else sum(
            capacity(group, need.kind) for group in res.objects if eligible(scenario, group, need))
        if count > have:
            other.append(OtherCost(need.kind, count - have, need.filter))
    return Cost(energy, tuple(power), tuple(other))
