"""The fixed-order greedy payer the planner is measured against (besides the brute force).

The greedy payer does what the public Riftbound engines do, with no search and no choices:

- the first base cost the play may use (`engine.legality.base_choices`: printed from hand, else
  the first Flow instance), the optional costs marked `yes` and no others (`auto` is not paid);
- discounts applied in listing order with their first branch and canonical "[A] less" pips:
  `engine.total_cost.price` with `Choices` whose application lists are empty;
- Energy from the pool, then by exhausting the first ready runes in state order, then from the
  first usable sources that add Energy;
- Power pip by pip, domain pips first in domain order and `[A]` pips last: a domain pip from the
  pool's Power of that domain, else by recycling the first rune of that domain not yet recycled,
  else from the first usable source adding that domain, else from the pool's `[A]` Power, else a
  source adding `[A]`; an `[A]` pip from whatever the pool has left, else the first rune not yet
  recycled, else the first usable source adding Power. Sources whose own costs ask for Energy or
  Power are never used;
- non-standard costs with the first eligible objects in state order.

Its payment is the brute force's `Payment` (`benchmarks.brute_force`), scored with the brute
force's `charges` (the objective of `payplan/1`, written there apart from the planner), or it
reports that it failed. The suite checks every greedy payment with the brute force's
`payment_problems`. Which sources and objects it may use it asks the engine (`source_usable`,
`candidates` below, on the engine's play context): the greedy is a baseline, not a checker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ...engine.discounts import ANY_INDEX
from ...engine.riftbound.cost import DOMAINS, Cost, OtherCost, Zone
from ...engine.riftbound.filters import PlayFacts, card_matches, holds, object_matches
from ...engine.riftbound.legality import base_choices, reasons
from ...engine.riftbound.scenario import Scenario
from ...engine.riftbound.state import GameObject, PlayerState, Source
from ...engine.riftbound.total_cost import Choices, PlayContext, context, optional_costs, price
from .brute_force import Payment, charges


@dataclass(frozen=True, slots=True)
class GreedyResult:
    """`status` is `ok`, `failed` (the greedy found no payment) or `illegal`."""

    status: str
    total: Cost | None = None
    payment: Payment | None = None
    score: int | None = None
    objective: int | None = None
    reason: str = ""
    paid_optional: tuple[str, ...] = field(default=())


# --- The greedy payer ---------------------------------------------------------------------------


def greedy_plan(scenario: Scenario) -> GreedyResult:
    """Price the play in listed order and pay it greedily; see the module docstring."""
    ctx = context(scenario)
    if reasons(ctx):
        return GreedyResult("illegal", reason="; ".join(reasons(ctx)))
    bases, _ = base_choices(ctx)
    names = [name for name, _ in optional_costs(ctx.card)]
    optional = tuple(n for n in names if ctx.play.optional_choice(n) == "yes")
    total = price(ctx, Choices(bases[0], optional)).total
    payment, why = greedy_payment(ctx, total)
    if payment is None:
        return GreedyResult("failed", total, reason=why, paid_optional=optional)
    score = charges(scenario, payment)
    # The objective subtracts the benefits of `auto` optional costs paid; the greedy pays none.
    return GreedyResult("ok", total, payment, score, score, paid_optional=optional)


def greedy_payment(ctx: PlayContext, total: Cost) -> tuple[Payment | None, str]:
    """The fixed-order payment of `total`, or None and what ran short."""
    you = ctx.scenario.state.you
    used_objects: set[str] = set()
    activated: list[Source] = []
    usable = [s for s in you.sources if _source_usable(ctx, s)]

    def activate(want: Callable[[Source], bool]) -> Source | None:
        for source in usable:
            if source not in activated and source.id not in used_objects and want(source):
                activated.append(source)
                if gives_up_object(source):
                    used_objects.add(source.id)
                return source
        return None

    # Energy: the pool, the first ready runes, then sources adding Energy.
    energy = total.energy
    energy -= min(you.pool.energy, energy)
    exhaust: list[str] = []
    for rune in you.runes:
        if energy <= 0:
            break
        if not rune.exhausted:
            exhaust.append(rune.id)
            energy -= 1
    while energy > 0:
        source = activate(lambda s: s.adds.energy > 0)
        if source is None:
            return None, f"Energy: {energy} short"
        energy -= source.adds.energy

    # Power: pip by pip, domain pips in domain order, then [A] pips.
    pool = list(you.pool.power)
    recycled: list[str] = []
    source_power: list[list[int]] = [list(s.adds.power) for s in activated]

    def from_sources(slot: int | None) -> bool:
        """Take one pip of `slot` (None: any slot) from Power the sources already added."""
        for power in source_power:
            for i in range(len(power)) if slot is None else (slot,):
                if power[i]:
                    power[i] -= 1
                    return True
        return False

    def recycle_first(domain: str | None) -> bool:
        for rune in you.runes:
            if rune.id not in recycled and (domain is None or rune.domain == domain):
                recycled.append(rune.id)
                return True
        return False

    def new_source(slot: int | None) -> bool:
        def adds(s: Source) -> bool:
            return any(s.adds.power) if slot is None else s.adds.power[slot] > 0
        source = activate(adds)
        if source is None:
            return False
        power = list(source.adds.power)
        source_power.append(power)
        return from_sources(slot)

    for d, domain in enumerate(DOMAINS):
        for _ in range(total.power[d]):
            if pool[d]:
                pool[d] -= 1
            elif recycle_first(domain):
                pass
            elif from_sources(d) or new_source(d):
                pass
            elif pool[ANY_INDEX]:
                pool[ANY_INDEX] -= 1
            elif not (from_sources(ANY_INDEX) or new_source(ANY_INDEX)):
                return None, f"Power: no {domain.title()} Power left"
    for _ in range(total.power[ANY_INDEX]):
        slot = next((i for i, n in enumerate(pool) if n), None)
        if slot is not None:
            pool[slot] -= 1
        elif not (recycle_first(None) or from_sources(None) or new_source(None)):
            return None, "Power: no Power left for [A]"

    # Non-standard costs: the first eligible objects, in state order.
    other: list[tuple[str, tuple[str, ...]]] = []
    xp = 0
    buffs_spent: dict[str, int] = {}
    for need in total.other:
        if need.kind == "spend_xp":
            if xp + need.count > you.xp:
                return None, f"spend_xp: {need.count} XP needed"
            xp += need.count
            continue
        chosen: list[str] = []
        for obj in candidates(ctx, need):
            if len(chosen) == need.count:
                break
            if need.kind == "spend_buff":
                while len(chosen) < need.count and buffs_spent.get(obj.id, 0) < obj.buffs:
                    buffs_spent[obj.id] = buffs_spent.get(obj.id, 0) + 1
                    chosen.append(obj.id)
            elif obj.id not in used_objects:
                used_objects.add(obj.id)
                chosen.append(obj.id)
        if len(chosen) < need.count:
            return None, f"{need}: only {len(chosen)} eligible"
        other.append((need.kind, tuple(chosen)))

    payment = Payment(tuple(exhaust), tuple(recycled), tuple(s.id for s in activated),
                      tuple(other), xp)
    return payment, ""


def _source_usable(ctx: PlayContext, source: Source) -> bool:
    """Usable by the greedy: usable for this play (`source_usable`) with no Energy or Power of its
    own to pay."""
    return not any(isinstance(cost, Cost) for cost in source.costs) and source_usable(ctx, source)


# --- What the engine says may pay (the greedy's reading; the checkers have their own) -------


def source_usable(ctx: PlayContext, source: Source) -> bool:
    """Whether the source may be activated for this play on its own: `only_for` matches the
    played card (an ability play: the ability), its `while` holds, and its object can pay its
    `exhaust` / `kill` costs."""
    if source.only_for is not None and not card_matches(source.only_for, ctx.card,
                                                         from_zone=ctx.zone):
        return False
    if source.while_ and not holds(source.while_, ctx.scenario,
                                   PlayFacts(ctx.card, ctx.zone, "printed", ()),
                                   _board_object(ctx.scenario.state.you, source.id)):
        return False
    obj = _board_object(ctx.scenario.state.you, source.id)
    for cost in source.costs:
        if cost == "exhaust" and (obj is None or obj.exhausted):
            return False
        if cost == "kill" and obj is None:
            return False
        if isinstance(cost, Cost) and cost.other:
            raise NotImplementedError("a source whose cost has non-standard parts")
    return True


def gives_up_object(source: Source) -> bool:
    """Whether the source exhausts or kills its board object (which then serves nothing else)."""
    return "exhaust" in source.costs or "kill" in source.costs


def candidates(ctx: PlayContext, cost: OtherCost) -> list[GameObject]:
    """The objects one non-standard cost may choose, in state order (before objects used
    elsewhere)."""
    owner = ctx.scenario.state.player(cost.filter.controller or "you")
    zone = _OBJECT_ZONES.get(cost.kind, "board")
    out = []
    for obj in owner.zone(zone):
        # The card being played pays nothing; an object whose ability is played may pay its
        # own costs (exhaust_self, kill_self, ...).
        if (obj.id == ctx.obj.id and ctx.zone != "board") or not object_matches(
                ctx.scenario, cost.filter, obj):
            continue
        if cost.kind == "disempower_self" and obj.empowered <= 0:
            continue
        if cost.kind == "exhaust" and obj.exhausted:
            continue
        if cost.kind == "spend_buff" and obj.buffs <= 0:
            continue
        out.append(obj)
    return out


def _board_object(player: PlayerState, oid: str) -> GameObject | None:
    return next((o for o in player.board if o.id == oid), None)


# Kinds of non-standard cost that choose objects, and the zone they choose from.
_OBJECT_ZONES: Mapping[str, Zone] = {
    "discard": "hand",
    "recycle_from_trash": "trash",
    "kill": "board",
    "exhaust": "board",
    "return_to_hand": "board",
    "banish_self": "board",
    "disempower_self": "board",
    "recycle_self": "board",
}
