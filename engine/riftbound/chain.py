"""The card after it is paid: paying, executions and leaving the Chain (the rulings on
Flow and Repeat; the rules notes on resources and paying; core rules 109, 147.1, 403, 414, 415,
731).

- Repeat paid adds an execution per instance; it is not another play, and the total is paid once.
  A countered card executes 0 times (its effect did not execute; its costs stay paid).
- A spell leaving the Chain goes to the trash; a unit or gear goes to the board.
- Flow: once a Flow play is finalized, the card is banished whenever it leaves the Chain (after
  resolving, when countered, when an outside effect tries to send it elsewhere), unless its own
  execution directs the move (it returns itself to hand, or sends itself to the trash): then
  that instruction is followed. A Flow card never reaches the trash otherwise.

`apply_payment` makes one play happen: it re-checks the play (`engine.legality.reasons`),
re-prices it with the one pricing function (`engine.total_cost.price`), checks that the payment
pays exactly that total by the paying rules (`engine.payment`), and returns the new state. A stale
or tampered payment is refused with `PlanRefused` and nothing is applied; the old state is a frozen
value and never changes. What the new state shows:

- runes exhausted for Energy are exhausted; recycled runes leave the board to the bottom of the
  rune deck, ready (403); the Rune Pool loses what was used and keeps what a source added beyond it;
- discarded cards and killed objects go to their owner's trash (409, 415), returned objects to
  their owner's hand; a token (type `token`, or tagged `token`) that leaves the board ceases to
  exist instead (183.1); a card recycled from the trash goes to the bottom of the main deck,
  which the state does not hold: it leaves the trash;
- buffs and XP are spent; objects exhausted to pay are exhausted; sources are exhausted or killed
  as their costs say, and a source whose object left its zone is gone with it;
- an object that changes zone is a new object (109): its buffs, damage-like Might, location and
  exhaustion are not carried over (its id, card and value are);
- `played_this_turn` grows by 1 (Repeat adds executions, not plays);
- each unit that dies in the play (killed as a cost, by a source's cost, or by the card's
  effect; 415) adds 1 to its owner's `units_died_this_turn`;
- when the card resolves (not countered), once whatever Repeat adds: what its `effect` adds
  goes to the pool, the effects it creates join `effects`, `kill: targets` kills the play's
  targets that are on a board, `score: N` adds N to your score (at most 1,000);
- the played card leaves hand or trash for the Chain and, when it leaves the Chain, goes where
  `destination` says: trash, hand, banishment, or the board at your base (a Hidden card played
  from facedown at the battlefield where it was hidden, 811.1.d.1). A unit enters exhausted
  unless Accelerate was paid (731); gear enters ready (147.1). A card with `source` that
  reaches the board brings its source (its object's id) to the end of `sources`. Costs stay
  paid when countered.

The payment's Energy and Power are accounted exactly: what the pool gives, each rune exhausted (1
Energy), each rune recycled (1 Power of its domain) and each source activated (what it adds) must
cover the total plus the sources' own costs. Resources go through the Rune Pool, so whatever the
payment makes beyond that (a source that adds more than is needed, a rune recycled whose Power
pays nothing) stays in the pool, as the rules notes say floating resources do.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..discounts import Power
from ..objective import cost_family
from ..reading import MAX_AMOUNT, MAX_TOTAL
from .abilities import HIDE, find_ability
from .cards import Card, Effect
from .cost import ANY, DOMAINS, POWER_KEYS, Cost, OtherCost, power_add
from .legality import base_choices, reasons
from .payment import (
    LOSES_OBJECT,
    PAYS_FROM,
    ObjectGroup,
    Payment,
    TooManyOrders,
    eligible,
    paid_in_order,
    pay_power,
    resources,
    source_adds,
)
from .scenario import LeavesChain, Scenario
from .state import GameObject, PlayerState, Rune, Source, State
from .total_cost import Choices, PlayContext, context, effects_reaching, granted, optional_costs, price

__all__ = ["Applied", "PlanRefused", "apply_payment", "destination", "executions", "is_token"]


def executions(paid_optional: tuple[str, ...], leaves: LeavesChain) -> int:
    """1, plus one per Repeat instance paid; 0 when the card is countered (a countered
    spell's "effect did not execute", whatever Repeat added; its paid costs stay paid)."""
    if leaves.by == "counter":
        return 0
    return 1 + sum(1 for name in paid_optional if cost_family(name) == "repeat")


def destination(card: Card, base_kind: str, leaves: LeavesChain) -> str:
    """Where the card goes when it leaves the Chain: trash, hand, banishment or board.

    When the card's own execution directs its departure (`instructed_by: self`, not countered:
    a countered card does not execute), that instruction is followed, with or without Flow.
    Otherwise a Flow play is banished whatever tried to move it, so a Flow card reaches the trash
    only when its own execution sends it there; a card without Flow goes where `to` sends it,
    whatever `by` says (an accepted option is never dropped), or by default to the trash (a
    spell) or the board (a permanent).
    """
    if leaves.to is not None and leaves.instructed_by == "self" and leaves.by != "counter":
        return leaves.to
    if base_kind == "flow":
        return "banishment"
    if leaves.to is not None:  # an outside effect moves it (on resolution, counter or effect)
        return leaves.to
    if leaves.by == "counter":
        return "trash"
    return "trash" if card.type == "spell" else "board"


def is_token(card: Card) -> bool:
    """Whether the card is a token: of type `token`, or a unit or gear tagged `token` (a Gold
    token is a gear with the tag). A token that leaves the board ceases to exist (183.1)."""
    return card.type == "token" or "token" in card.tags


# --- The input ----------------------------------------------------------------------------------


class PlanRefused(Exception):
    """A payment that can't be applied to this scenario (stale or tampered): `reason` says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Applied:
    """One play as decided: the choices that price it, the total claimed, and the payment (the
    planner's own `Payment` value; of the pip each recycled rune pays, only that its Power can
    pay it is checked, a pip of its domain or [A] (or `unused`): the engine matches the Power
    itself)."""

    object: str
    choices: Choices
    total: Cost
    payment: Payment = Payment()

    @property
    def base_kind(self) -> str:
        return self.choices.base.kind

    @property
    def paid_optional(self) -> tuple[str, ...]:
        return self.choices.optional


# --- Applying -----------------------------------------------------------------------------------


def apply_payment(scenario: Scenario, applied: Applied) -> State:
    """The state after the scenario's play is paid as `applied` says and has left the Chain.

    Raises `PlanRefused` (and changes nothing) when the play is illegal now, when the choices
    don't price to the claimed total, or when the payment doesn't pay it by the paying rules.
    """
    ctx = _checked_context(scenario, applied)
    _check_total(ctx, applied)
    used_sources = _check_resources(ctx, applied)
    _check_other(ctx, applied, used_sources)
    return _after(ctx, applied, used_sources)


def apply_unchecked(scenario: Scenario, applied: Applied) -> State:
    """The state after the play, as `apply_payment` gives it, without checking the play's
    legality, its price or its payment: for a caller that made the payment itself from the
    engine's options and checks the plays it keeps with `apply_payment` (the turn planner).
    Sources are not applied: a payment that activates one goes through `apply_payment`."""
    if applied.payment.sources:
        return apply_payment(scenario, applied)
    return _after(context(scenario), applied, ())


def _checked_context(scenario: Scenario, applied: Applied) -> PlayContext:
    play = scenario.play
    if play is None:
        raise PlanRefused("the scenario has no play")
    if play.object != applied.object:
        raise PlanRefused(f"the plan plays {applied.object!r}, the scenario plays {play.object!r}")
    if scenario.state.you.find(play.object) is None:
        raise PlanRefused(f"{play.object!r} is not one of your objects")
    ctx = context(scenario)
    why = reasons(ctx)
    if why:
        raise PlanRefused("the play is illegal now: " + "; ".join(why))
    return ctx


def _check_total(ctx: PlayContext, applied: Applied) -> None:
    """353: the base and optional costs are ones the play may choose, and price to the total."""
    choices = applied.choices
    bases, _ = base_choices(ctx)
    if choices.base not in bases:
        allowed = ", ".join(b.text() for b in bases)
        raise PlanRefused(f"base cost {choices.base.text()} is not one this play may use "
                          f"(it may use: {allowed})")
    names = [name for name, _ in optional_costs(ctx.card)]
    for name in choices.optional:
        if name not in names:
            raise PlanRefused(f"{ctx.card.name} has no optional cost {name!r}")
    if len(set(choices.optional)) != len(choices.optional):
        raise PlanRefused("an optional cost is paid twice")
    for name in names if ctx.play.ignore != "all" else ():  # all: no additional cost is paid
        wanted = ctx.play.optional_choice(name)
        if wanted.isdigit() and choices.count(name) != int(wanted):
            raise PlanRefused(f"the play pays optional cost {name} {wanted} times, the plan "
                              f"{choices.count(name)}")
        if wanted == "yes" and name not in choices.optional:
            raise PlanRefused(f"the play says optional cost {name} is paid, the plan doesn't pay it")
        if wanted == "no" and name in choices.optional:
            raise PlanRefused(f"the plan pays optional cost {name}, which the play says not to pay")
    priced = price(ctx, choices)
    if priced.total != applied.total:
        raise PlanRefused(f"total {applied.total} does not match the price of these choices, "
                          f"{priced.total} (rule 353)")


def _check_resources(ctx: PlayContext, applied: Applied) -> tuple[Source, ...]:
    """Pool, runes and sources: each exists and may be used; together they cover the Energy and
    Power. Returns the sources activated."""
    you = ctx.scenario.state.you
    pay = applied.payment

    # The pool: what the plan takes from it must be there.
    if pay.pool_energy < 0 or any(n < 0 for n in pay.pool_power):
        raise PlanRefused("payment: a negative amount taken from the pool")
    if pay.pool_energy > you.pool.energy:
        raise PlanRefused(f"payment: takes {pay.pool_energy} Energy from the pool, "
                          f"which holds {you.pool.energy}")
    for key, took, held in zip(POWER_KEYS, pay.pool_power, you.pool.power):
        if took > held:
            raise PlanRefused(f"payment: takes {took} {_power_name(key)} from the pool, "
                              f"which holds {held}")

    # Runes: exhausted ones must be on the board and ready; recycled ones on the board; once each.
    runes = {rune.id: rune for rune in you.runes}
    for listed, what in ((pay.exhaust, "exhausted"), (pay.recycled, "recycled")):
        seen: set[str] = set()
        for rune_id in listed:
            if rune_id in seen:
                raise PlanRefused(f"payment: rune {rune_id} is {what} twice")
            seen.add(rune_id)
            rune = runes.get(rune_id)
            if rune is None:
                raise PlanRefused(f"payment: no rune {rune_id} on your board")
            if what == "exhausted" and rune.exhausted:
                raise PlanRefused(f"payment: rune {rune_id} is already exhausted: "
                                  "it can't be exhausted for Energy")
    # A recycled rune adds Power of its domain (403), which pays a pip of that domain or [A]:
    # the pip its entry names must be one of those (or `unused`).
    for rune_id, pays in pay.recycle:
        domain = runes[rune_id].domain
        if pays not in (domain, ANY, "unused"):
            raise PlanRefused(f"payment: rune {rune_id} is a {domain} rune: recycled, its Power "
                              f"can't pay a [{pays}] pip (it pays [{domain}] or [A])")

    # Sources: each usable here (engine.payment decides), activated once, its object on the board.
    as_played = ctx.card if ctx.play.ability is not None else None
    offers = {offer.id: offer for offer in resources(ctx.scenario, ctx.obj, as_played).sources}
    by_id = {source.id: source for source in you.sources}
    used: list[Source] = []
    for source_id in pay.sources:
        if source_id not in by_id:
            raise PlanRefused(f"payment: no source {source_id}")
        if any(s.id == source_id for s in used) and not by_id[source_id].repeatable:
            raise PlanRefused(f"payment: source {source_id} is activated twice")
        if source_id not in offers:
            raise PlanRefused(f"payment: source {source_id} can't pay for this play "
                              "(exhausted, missing, or restricted to other plays)")
        source = by_id[source_id]
        if any(c in ("exhaust", "kill") for c in source.costs) and _on_board(you, source_id) is None:
            raise PlanRefused(f"payment: source {source_id} needs its object on your board")
        used.append(source)

    # Energy and Power: what the payment gives covers the total and the sources' own costs.
    supply = _Supply.of(ctx.scenario, pay, runes, tuple(used))
    need = _need(applied.total, tuple(used))
    if _leftover(supply, need) is None:
        raise PlanRefused(f"payment: does not cover {need}: it gives "
                          f"{Cost(supply.energy, supply.power)}")
    _check_order(ctx.scenario, supply, applied.total, tuple(used))
    return tuple(used)


def _check_order(scenario: Scenario, supply: _Supply, total: Cost, used: tuple[Source, ...]) -> None:
    """A source's own cost is paid from what the pool holds before it is activated
    (`engine.payment.paid_in_order`): no activation pays for itself."""
    steps = [(_need(Cost(), (s,)), source_adds(scenario, s)) for s in used]
    costly = [step for step in steps if step[0].energy or any(step[0].power)]
    if not costly:
        return
    # What the pool holds first: the supply less what the costly activations add.
    start = Cost(supply.energy - sum(adds.energy for _, adds in costly),
                 tuple(n - sum(adds.power[slot] for _, adds in costly)
                       for slot, n in enumerate(supply.power)))
    try:
        ordered = paid_in_order(start, costly, Cost(total.energy, total.power))
    except TooManyOrders:
        raise PlanRefused("payment: its sources can be activated in too many orders to check "
                          "that each one's cost is paid before it adds") from None
    if not ordered:
        raise PlanRefused("payment: no order of its sources pays each one's own cost from what "
                          "the pool holds before it is activated (a source can't pay for itself)")


@dataclass(frozen=True, slots=True)
class _Supply:
    """The Energy and Power a payment gives: the pool's part, the runes', the sources'."""

    energy: int
    power: Power

    @staticmethod
    def of(scenario: Scenario, pay: Payment, runes: dict[str, Rune],
           used: tuple[Source, ...]) -> _Supply:
        counts = [0] * len(POWER_KEYS)
        for rune_id in pay.recycled:
            counts[DOMAINS.index(runes[rune_id].domain)] += 1
        power = power_add(pay.pool_power, tuple(counts))
        adds = [source_adds(scenario, s) for s in used]
        for a in adds:
            power = power_add(power, a.power)
        return _Supply(pay.pool_energy + len(pay.exhaust) + sum(a.energy for a in adds), power)


def _check_other(ctx: PlayContext, applied: Applied, used_sources: tuple[Source, ...]) -> None:
    """Non-standard costs (rules notes): distinct matching objects, never the played card, no
    object paying for two things; enough buffs on each buff holder; enough XP."""
    total_other = applied.total.other
    if len(applied.payment.other) != len(total_other):
        raise PlanRefused(f"payment: {len(applied.payment.other)} non-standard payments for "
                          f"{len(total_other)} non-standard costs")
    state = ctx.scenario.state
    # 357.1.a then 357.2: an object that added Energy or Power by its own ability may still pay
    # a non-standard cost, but not one that asks for a ready object once its source exhausted it,
    # and none once its source killed it (it is gone).
    killed = {s.id: f"source {s.id}" for s in used_sources if "kill" in s.costs}
    exhausted = {s.id: f"source {s.id}" for s in used_sources if "exhaust" in s.costs}
    killed.update(_check_source_kills(ctx, applied, used_sources))
    taken: dict[str, str] = {}
    buffs: dict[str, int] = {}
    xp = 0
    for (kind, ids), need in zip(applied.payment.other, total_other):
        label = str(need)
        if kind != need.kind:
            raise PlanRefused(f"payment: pays {kind} where the total asks for {label}")
        if kind == "spend_xp":
            xp += need.count
            continue
        if len(ids) != need.count:
            raise PlanRefused(f"payment: {label} needs {need.count}, the payment gives {len(ids)}")
        owner = need.filter.controller or "you"
        if kind != "spend_buff" and len(set(ids)) != len(ids):
            raise PlanRefused(f"payment: {label} uses one object twice")
        for object_id in ids:
            if object_id == ctx.obj.id and ctx.zone != "board":
                raise PlanRefused(f"payment: {label} can't use the card being played ({object_id})")
            found = state.player(owner).find(object_id)
            if found is None:
                whose = "your" if owner == "you" else "the opponent's"
                raise PlanRefused(f"payment: {label}: {object_id} is not one of {whose} objects")
            zone, obj = found
            if not eligible(ctx.scenario, ObjectGroup(zone, owner, (object_id,), obj), need):
                raise PlanRefused(f"payment: {label}: {object_id} ({obj.card}, in {zone}"
                                  f"{', exhausted' if obj.exhausted else ''}) can't pay it")
            if object_id in killed or (kind == "exhaust" and object_id in exhausted):
                gave = killed.get(object_id) or exhausted[object_id]
                raise PlanRefused(f"payment: {object_id} pays for {label} and for {gave}, "
                                  f"which {'kills' if object_id in killed else 'exhausts'} it")
            if kind == "spend_buff":
                if object_id in killed:
                    raise PlanRefused(f"payment: {object_id} pays for {label} and for "
                                      f"{killed[object_id]}, which kills it")
                buffs[object_id] = buffs.get(object_id, 0) + 1
                if buffs[object_id] > obj.buffs:
                    raise PlanRefused(f"payment: {object_id} has {obj.buffs} buff(s) to spend, "
                                      f"the payment spends {buffs[object_id]}")
                continue
            if object_id in taken:
                raise PlanRefused(f"payment: {object_id} pays for {label} and for {taken[object_id]}")
            taken[object_id] = label
    if xp > state.you.xp:
        raise PlanRefused(f"payment: spends {xp} XP, you have {state.you.xp}")
    _check_targets_kept(ctx, applied, set(taken) | set(killed))


def _check_source_kills(ctx: PlayContext, applied: Applied,
                        used_sources: tuple[Source, ...]) -> dict[str, str]:
    """The objects the sources' `{kill: ...}` costs kill (`Payment.source_kills`): per
    activation of such a source, its count of distinct objects of yours on the board matching
    each atom's filter (in the atoms' order), none of them paying anything else: not the
    object of any source activated but the killing source's own (and not that one where the
    source's bare `kill` kills it already), nor killed twice. Returns each victim with what
    killed it."""
    pay = applied.payment
    wanted = [s for s in used_sources if any(isinstance(c, OtherCost) for c in s.costs)]
    listed = [source_id for source_id, _ in pay.source_kills]
    if sorted(listed) != sorted(s.id for s in wanted):
        raise PlanRefused(f"payment: source_kills names {sorted(listed)}, the sources activated "
                          f"that kill other objects are {sorted(s.id for s in wanted)}")
    you = ctx.scenario.state.you
    activated = {s.id for s in used_sources}
    victims: dict[str, str] = {}
    for source_id, ids in pay.source_kills:
        source = next(s for s in wanted if s.id == source_id)
        atoms = [c for c in source.costs if isinstance(c, OtherCost)]
        label = f"source {source_id}"
        if len(ids) != sum(a.count for a in atoms):
            raise PlanRefused(f"payment: {label} kills {sum(a.count for a in atoms)} "
                              f"object(s), the payment names {len(ids)}")
        rest = list(ids)
        for atom in atoms:
            for object_id in rest[:atom.count]:
                obj = _on_board(you, object_id)
                if obj is None:
                    raise PlanRefused(f"payment: {label} kills {object_id}, which is not on "
                                      "your board")
                if not eligible(ctx.scenario, ObjectGroup("board", "you", (object_id,), obj), atom):
                    raise PlanRefused(f"payment: {label}: {object_id} ({obj.card}) doesn't "
                                      f"match its kill cost {atom}")
                if object_id in victims:
                    raise PlanRefused(f"payment: {object_id} is killed by {victims[object_id]} "
                                      f"and by {label}")
                itself = object_id == source_id and "kill" not in source.costs
                if object_id in activated and not itself:
                    raise PlanRefused(f"payment: {label} kills {object_id}, whose source "
                                      "this payment uses (a killed object pays nothing else)")
                victims[object_id] = label
            rest = rest[atom.count:]
    return victims


def _check_targets_kept(ctx: PlayContext, applied: Applied, used: set[str]) -> None:
    """357.3: a player may not pay costs that will make later choices illegal unless there is
    no other choice. A cost that takes one of the play's targets from its zone while an object
    it could take instead is left unused had another choice (take that one): refused."""
    targets = set(ctx.play.targets)
    if not targets:
        return
    by_id = {source.id: source for source in ctx.scenario.state.you.sources}
    for source_id, ids in applied.payment.source_kills:
        atoms = [c for c in by_id[source_id].costs if isinstance(c, OtherCost)]
        for atom in atoms:
            if not targets & set(ids):
                break
            for obj in ctx.scenario.state.you.board:
                if (obj.id in targets or obj.id in used or obj.id in applied.payment.sources
                        or not eligible(ctx.scenario, ObjectGroup("board", "you", (obj.id,), obj),
                                        atom)):
                    continue
                lost = sorted(targets & set(ids))[0]
                raise PlanRefused(f"payment: source {source_id} kills {lost}, a target of the "
                                  f"play, while {obj.id} could be killed instead (357.3: no "
                                  f"cost may make a later choice illegal unless there is no "
                                  f"other choice)")
    for (kind, ids), need in zip(applied.payment.other, applied.total.other):
        if kind not in LOSES_OBJECT or not targets & set(ids):
            continue
        owner = need.filter.controller or "you"
        zone = PAYS_FROM.get(kind, "board")
        for obj in ctx.scenario.state.player(owner).zone(zone):
            if (obj.id in targets or obj.id in used or (obj.id == ctx.obj.id and ctx.zone != "board")
                    or not eligible(ctx.scenario, ObjectGroup(zone, owner, (obj.id,), obj), need)):
                continue
            lost = sorted(targets & set(ids))[0]
            raise PlanRefused(f"payment: {need} takes {lost}, a target of the play, while {obj.id} "
                              f"could pay it (357.3: no cost may make a later choice illegal "
                              f"unless there is no other choice)")


# --- The new state ------------------------------------------------------------------------------


def _after(ctx: PlayContext, applied: Applied, used_sources: tuple[Source, ...]) -> State:
    scenario = ctx.scenario
    you = scenario.state.you
    players = {"you": _Player.of(scenario.state.you), "opponent": _Player.of(scenario.state.opponent)}
    me = players["you"]

    # The played card leaves hand, trash or facedown for the Chain; an ability's object stays.
    if ctx.play.ability is None:
        me.take(ctx.zone, ctx.obj.id)

    # Runes: exhausted for Energy, then recycled to the bottom of the rune deck, ready (403).
    pay = applied.payment
    exhausted = set(pay.exhaust)
    recycled = set(pay.recycled)
    me.runes = [replace(r, exhausted=True) if r.id in exhausted else r for r in me.runes]
    me.rune_deck += [replace(r, exhausted=False) for r in me.runes if r.id in recycled]
    me.runes = [r for r in me.runes if r.id not in recycled]

    # The pool: what the payment took from it goes; what it made beyond the need stays.
    runes = {rune.id: rune for rune in you.runes}
    supply = _Supply.of(scenario, pay, runes, used_sources)
    leftover = _leftover(supply, _need(applied.total, used_sources))
    assert leftover is not None  # checked in _check_resources
    kept = tuple(held - took for held, took in zip(you.pool.power, pay.pool_power))
    me.pool = Cost(you.pool.energy - pay.pool_energy + leftover.energy,
                   power_add(kept, leftover.power))

    # Non-standard costs, in the total's order.
    for (kind, ids), part in zip(pay.other, applied.total.other):
        owner = players[part.filter.controller or "you"]
        if kind == "spend_xp":
            me.xp -= part.count
        elif kind == "spend_buff":
            # A buff is +1 Might: a Might the state gives (the current Might) loses it too.
            for object_id in ids:
                owner.change(object_id, lambda o: replace(
                    o, buffs=o.buffs - 1, might=None if o.might is None else max(0, o.might - 1)))
        elif kind == "exhaust":
            for object_id in ids:
                owner.change(object_id, lambda o: replace(o, exhausted=True))
        elif kind == "discard":
            for object_id in ids:
                owner.move(scenario, object_id, "hand", "trash")
        elif kind == "kill":
            for object_id in ids:
                owner.kill(scenario, object_id)
        elif kind == "return_to_hand":
            for object_id in ids:
                owner.move(scenario, object_id, "board", "hand")
        elif kind in ("recycle_from_trash", "recycle_self"):
            for object_id in ids:
                zone = "trash" if kind == "recycle_from_trash" else "board"
                owner.take(zone, object_id)  # to the bottom of the main deck, not held here
                owner.gone.add(object_id)
        elif kind == "banish_self":
            for object_id in ids:
                owner.move(scenario, object_id, "board", "banishment")
        elif kind == "disempower_self":
            for object_id in ids:
                owner.change(object_id, lambda o: replace(o, empowered=o.empowered - 1))

    # Sources: the objects their `{kill: ...}` costs kill, then their own objects exhausted or
    # killed as their costs say.
    for _, ids in pay.source_kills:
        for object_id in ids:
            me.kill(scenario, object_id)
    for source in used_sources:
        if source.id in me.gone:
            continue
        if "kill" in source.costs:
            me.kill(scenario, source.id)
        elif "exhaust" in source.costs:
            me.change(source.id, lambda o: replace(o, exhausted=True))

    # Once-per-turn grants that applied are used for this turn.
    for _, _, grant in granted(ctx):
        if grant.once_per_turn and grant.ident is not None:
            me.used_this_turn.append(grant.ident)
    # Effects that last for the turn: each one that reaches the play is used once,
    # whatever it took off; one used up is dropped (`uses: turn` stays).
    reaching = {e.id for e in effects_reaching(ctx)}
    me.effects = [e if e.id not in reaching or e.uses is None else replace(e, uses=e.uses - 1)
                  for e in me.effects]
    me.effects = [e for e in me.effects if e.uses is None or e.uses > 0]
    if ctx.play.ability is not None:
        return _after_ability(ctx, me, players)

    # The played card resolves (unless countered): what its effect adds goes to the pool, for
    # the plays after it (the turn planner's Dark Ritual-like cards).
    adds = ctx.card.effect_adds
    if adds is not None and ctx.play.leaves_chain.by != "counter":
        me.pool = Cost(me.pool.energy + adds.energy, power_add(me.pool.power, adds.power))
    # What its resolution creates that lasts for the turn: after the play used the
    # effects that reached it, so it is not reached by its own; none when it is countered.
    if ctx.play.leaves_chain.by != "counter":
        me.effects += created(scenario.state, ctx.card.effect_creates)
        _resolve_kill_and_score(ctx, players)

    # The played card leaves the Chain.
    where = destination(ctx.card, applied.base_kind, ctx.play.leaves_chain)
    fresh = GameObject(ctx.obj.id, ctx.obj.card, value=ctx.obj.value)
    if where == "board":
        enters_exhausted = ctx.card.type == "unit" and "accelerate" not in applied.paid_optional
        # 811.1.d.1: a Hidden card played from facedown is played to the battlefield where it
        # was hidden; any other permanent enters at your base.
        at = ctx.obj.location if ctx.zone == "facedown" and ctx.obj.location else "base"
        me.board.append(replace(fresh, location=at, exhausted=enters_exhausted))
    elif where == "trash" and is_token(ctx.card):
        pass  # a token that would leave the board ceases to exist (183.1)
    else:
        me.zone(where).append(fresh)

    # A source goes with its object: the played card, and objects that changed zone or ceased.
    moved = set(me.gone) | set(players["opponent"].gone) | {ctx.obj.id} | recycled
    new_you = me.build(moved)
    new_opponent = players["opponent"].build(moved)
    if where == "board" and ctx.card.source is not None:
        # The card's source is its new object's (an entry for that id went with the old one).
        new_you = replace(new_you, sources=new_you.sources + (replace(ctx.card.source,
                                                                       id=ctx.obj.id),))
    return replace(scenario.state, played_this_turn=scenario.state.played_this_turn + 1,
                   you=new_you, opponent=new_opponent)


def _resolve_kill_and_score(ctx: PlayContext, players: dict[str, _Player]) -> None:
    """The card's resolution: `effect: {kill: targets}` kills each of the play's targets that
    is on a board now (415: to its owner's trash; once each), then `effect: {score: N}` adds N
    to your score (at most the state's limit)."""
    if ctx.card.effect_kill:
        for object_id in dict.fromkeys(ctx.play.targets):
            for owner in players.values():
                if any(o.id == object_id for o in owner.board):
                    owner.kill(ctx.scenario, object_id)
    if ctx.card.effect_score:
        me = players["you"]
        me.score = min(MAX_AMOUNT, me.score + ctx.card.effect_score)


def _after_ability(ctx: PlayContext, me: _Player, players: dict[str, _Player]) -> State:
    """An ability play: Empower counts on its object; an ability used a limited number of times
    a turn is recorded in `used_this_turn`; hiding puts the card facedown (hidden this turn).
    Its effect is not followed (it is not a cost)."""
    scenario = ctx.scenario
    play = ctx.play
    if play.ability == HIDE:
        me.take("hand", ctx.obj.id)
        me.facedown.append(GameObject(ctx.obj.id, ctx.obj.card, value=ctx.obj.value,
                                      location="battlefield", hidden_turn="this"))
    else:
        ability = find_ability(scenario.card(ctx.obj.card), play.ability or "")
        if ability is not None and ability.kind == "empower":
            me.change(ctx.obj.id, lambda o: replace(o, empowered=o.empowered + 1))
        elif ability is not None and ability.times is not None:
            me.used_this_turn.append(f"{ctx.obj.id}.{ability.id}")
    moved = set(me.gone) | set(players["opponent"].gone)
    return replace(scenario.state, you=me.build(moved), opponent=players["opponent"].build(moved))


class _Player:
    """A player's zones as lists while the new state is built (the old state is never touched)."""

    def __init__(self, p: PlayerState) -> None:
        self.runes = list(p.runes)
        self.rune_deck = list(p.rune_deck)
        self.pool = p.pool
        self.hand = list(p.hand)
        self.trash = list(p.trash)
        self.board = list(p.board)
        self.banishment = list(p.banishment)
        self.xp = p.xp
        self.sources = p.sources
        self.facedown = list(p.facedown)
        self.used_this_turn = list(p.used_this_turn)
        self.score = p.score
        self.effects = list(p.effects)
        self.units_died = p.units_died_this_turn
        self.gone: set[str] = set()  # ids that changed zone or ceased to exist

    @staticmethod
    def of(p: PlayerState) -> _Player:
        return _Player(p)

    def zone(self, name: str) -> list[GameObject]:
        return {"hand": self.hand, "trash": self.trash, "board": self.board,
                "banishment": self.banishment, "facedown": self.facedown}[name]

    def take(self, zone: str, object_id: str) -> GameObject:
        objects = self.zone(zone)
        index = next(i for i, o in enumerate(objects) if o.id == object_id)
        return objects.pop(index)

    def change(self, object_id: str, how: Callable[[GameObject], GameObject]) -> None:
        """Change an object on the board in place (exhausted, a buff spent)."""
        self.board = [how(o) if o.id == object_id else o for o in self.board]

    def move(self, scenario: Scenario, object_id: str, origin: str, to: str) -> None:
        """Move an object to another zone as a new object (109); a token leaving the board
        ceases to exist."""
        obj = self.take(origin, object_id)
        self.gone.add(object_id)
        card = scenario.cards.get(obj.card)
        if card is not None and is_token(card):
            return  # 183.1: a token that leaves the board ceases to exist
        self.zone(to).append(GameObject(obj.id, obj.card, value=obj.value))

    def kill(self, scenario: Scenario, object_id: str) -> None:
        """Kill an object of the board (415): to its owner's trash, or to no zone for a
        token; a unit that dies is counted in `units_died_this_turn`."""
        obj = next(o for o in self.board if o.id == object_id)
        card = scenario.cards.get(obj.card)
        if card is not None and card.type == "unit":
            self.units_died = min(MAX_TOTAL, self.units_died + 1)
        self.move(scenario, object_id, "board", "trash")

    def build(self, moved: set[str]) -> PlayerState:
        return PlayerState(
            runes=tuple(self.runes),
            pool=self.pool,
            hand=tuple(self.hand),
            trash=tuple(self.trash),
            board=tuple(self.board),
            xp=self.xp,
            sources=tuple(s for s in self.sources if s.id not in moved),
            banishment=tuple(self.banishment),
            rune_deck=tuple(self.rune_deck),
            facedown=tuple(self.facedown),
            used_this_turn=tuple(self.used_this_turn),
            score=self.score,
            effects=tuple(self.effects),
            units_died_this_turn=self.units_died,
        )


# --- Small helpers ------------------------------------------------------------------------------


def created(state: State, effects: tuple[Effect, ...]) -> list[Effect]:
    """The card's effects as its resolution creates them, in order, each with the next id
    `effectN` (the first N no effect of either player holds)."""
    taken = {e.id for who in ("you", "opponent") for e in state.player(who).effects}
    out = []
    n = 0
    for effect in effects:
        n += 1
        while f"effect{n}" in taken:
            n += 1
        taken.add(f"effect{n}")
        out.append(replace(effect, id=f"effect{n}"))
    return out


def _need(total: Cost, used: tuple[Source, ...]) -> Cost:
    """The Energy and Power to pay: the total's, plus the activation costs of the sources used."""
    need = Cost(total.energy, total.power)
    for cost in (c for s in used for c in s.costs if isinstance(c, Cost)):
        need = need + Cost(cost.energy, cost.power)
    return need


def _on_board(p: PlayerState, object_id: str) -> GameObject | None:
    return next((o for o in p.board if o.id == object_id), None)


def _leftover(supply: _Supply, need: Cost) -> Cost | None:
    """What is left of a supply after paying a need (`engine.payment.pay_power` matches the
    Power), or None when it can't be paid."""
    if supply.energy < need.energy or any(n < 0 for n in supply.power):
        return None
    paid = pay_power(need.power, [(slot, None, n) for slot, n in enumerate(supply.power)])
    if paid is None:
        return None
    return Cost(supply.energy - need.energy, paid[1])


def _power_name(key: str) -> str:
    return "Power of any domain" if key == "any" else f"{key.title()} Power"
