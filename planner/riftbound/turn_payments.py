"""Every payment of one `payplan/1` play's total, for the turn planner's moves
(`planner.riftbound.moves`), in counts (`Choice`) and named (`name`).

The payments are every *minimal* payment of the total, named canonically (the first runes and
objects of each interchangeable group, in state order):

- Energy: the pool's first (it is free: keeping pool Energy for a later play and exhausting a
  rune now instead costs the same or more, and nothing reads the pool), then the sources', then
  the recycled ready runes' (a recycled ready rune is always exhausted too: the score charges its
  Energy whether it is used or not, and what is not used stays in the pool), then as few
  exhausted runes as cover the rest, of every split among the ready groups.
- Power: every choice of how much of each kind of the pool's Power to take, of which sources to
  activate and how many runes of each group to recycle, such that they cover the pips
  (`engine.payment.pay_power`) and none could be left out. A payment that uses more than it
  needs (a rune exhausted or recycled, a source activated, pool Power taken beyond the need) is
  not tried: what it adds to the pool for a later play, that later play can make itself at the
  same charge (exhausting and recycling runes, activating sources charge the same whenever they
  are done, and nothing reads the runes' readiness, the pool or a rune recycled sooner rather
  than later), and a restricted source's output would leave its restriction behind. One
  exception is kept: a source activation whose object a non-standard cost of the same total
  may take off the board (a gear exhausted for [fury] and returned to hand as the play's
  additional cost, 357: a source may pay a non-standard cost). Its activation is then the
  last one it can make, so what it floats to a later play no later play could make itself;
  such an activation is never left out as unneeded (the payments that do not remove it are
  tried too: trying more payments loses nothing). The same holds for a source whose object the
  play's own resolution kills (a target of a card with `effect: {kill: targets}`): it is on
  the board while the play is paid and gone after it. Sources that a play puts on the board
  (a card with `source`) keep the argument: what one adds can only pay the plays after the one
  that brought it, and those can activate it themselves. And where a card reads the units that
  died this turn (`units_died_at_least`), a source whose activation may kill a unit (its own
  object a unit it kills, or other objects) is kept too: activated sooner than needed, the
  death it counts makes a condition of the plays in between true, which their own activation
  (paid after they are priced) could not.
- Non-standard costs: every split of each cost's count over the groups of objects that may pay
  it (one object paying one cost at most, buffs counted per object), and XP.

The deferred mode's payments (`open_payments`) take the Energy and Power from an open pool.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ...engine.discounts import ANY_INDEX
from ...engine.riftbound.cost import DOMAINS, POWER_KEYS, Cost, OtherCost
from ...engine.riftbound.payment import (
    NeedKey,
    Payment,
    Resources,
    capacity,
    eligible,
    name_objects,
    need_key,
    needs_of,
    pay_power,
    source_eligible,
    source_kills,
)
from ...engine.riftbound.scenario import Scenario


@dataclass(frozen=True, slots=True)
class Choice:
    """One payment, in counts: pool Power taken per slot, runes exhausted only and recycled per
    group, activations per source offer, objects per need key and group."""

    pool_power: tuple[int, ...]
    exhaust: tuple[int, ...]
    recycle: tuple[int, ...]
    activate: tuple[bool, ...]
    use: tuple[tuple[NeedKey, tuple[int, ...]], ...]

    @property
    def actions(self) -> int:
        return (sum(self.exhaust) + sum(self.recycle) + sum(self.activate)
                + sum(sum(c) for _, c in self.use))


def payments(scenario: Scenario, total: Cost, res: Resources, deaths: bool = False
             ) -> Iterator[Choice]:
    """Every minimal payment of `total` from `res`, in counts (see the module docstring);
    `deaths`: whether a card of the scenario reads the units that died this turn
    (`deaths_read`, worked out once by the caller)."""

    kept = _last_chances(scenario, total, res, deaths)
    for activate in _source_choices(res):
        used = [offer for offer, on in zip(res.sources, activate) if on]
        need_e, need_p = total.energy, total.power
        add_e, add_p = 0, (0,) * len(POWER_KEYS)
        for offer in used:
            need_e += offer.needs.energy
            need_p = tuple(a + b for a, b in zip(need_p, offer.needs.power))
            add_e += offer.adds.energy
            add_p = tuple(a + b for a, b in zip(add_p, offer.adds.power))
        units = sum(need_p) + need_e  # a recycle gives at least one unit the play needs
        pool_ranges = [range(min(n, sum(need_p)) + 1) for n in res.pool_power]
        rune_ranges = [range(min(len(g.ids), units) + 1) for g in res.runes]
        from_pool = min(res.pool_energy, max(0, need_e - add_e))
        for pool_power in itertools.product(*pool_ranges):
            if sum(pool_power) > sum(need_p):
                continue
            for recycle in itertools.product(*rune_ranges):
                if sum(recycle) > units:
                    continue
                if not _covers(need_p, _supply(pool_power, add_p, recycle, res)):
                    continue
                if _spends_any_first(pool_power, need_p, add_p, recycle, res):
                    continue
                left = need_e - from_pool - add_e - _ready(recycle, res)
                room = [len(g.ids) - recycle[i] if g.ready else 0 for i, g in enumerate(res.runes)]
                if sum(room) < left:
                    continue
                for exhaust in _splits(max(0, left), room):
                    if _removable(need_e, need_p, from_pool, used, activate, pool_power,
                                  recycle, exhaust, res, kept):
                        continue
                    for use in _object_choices(scenario, total, res, activate):
                        yield Choice(pool_power, exhaust, recycle, activate, use)



def open_payments(scenario: Scenario, total: Cost, res: Resources) -> Iterator[Choice]:
    """The deferred mode's payments: Energy and Power from the open pool (its flexible Power
    pays every pip), the non-standard costs every way `payments` splits them."""
    pool_power = (0,) * len(DOMAINS) + (sum(total.power),)
    no_runes = (0,) * len(res.runes)
    for use in _object_choices(scenario, total, res):
        yield Choice(pool_power, no_runes, no_runes, (False,) * len(res.sources), use)


def _source_choices(res: Resources) -> Iterator[tuple[bool, ...]]:
    """Which source offers to activate: identical offers in a row (a converter's activations)
    are a count, the first ones taken; an offer that follows the one before it (an exhausting
    converter's later activations) is part of that one's run, so it is never taken alone."""
    runs: list[tuple[int, int]] = []  # (first index, length) of each run of identical offers
    for i, offer in enumerate(res.sources):
        if runs and runs[-1][0] + runs[-1][1] == i and (
                res.sources[runs[-1][0]] == offer or offer.follows):
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((i, 1))
    for counts in itertools.product(*(range(length + 1) for _, length in runs)):
        flags = [False] * len(res.sources)
        for (first, _), count in zip(runs, counts):
            for k in range(count):
                flags[first + k] = True
        yield tuple(flags)


def _supply(pool_power: Sequence[int], added: Sequence[int], recycle: Sequence[int],
            res: Resources) -> list[tuple[int, object, int]]:
    out: list[tuple[int, object, int]] = []
    for slot, n in enumerate(pool_power):
        if n:
            out.append((slot, ("pool",), n))
    for g, n in enumerate(recycle):
        if n:
            out.append((res.runes[g].domain, ("rune", g), n))
    for slot, n in enumerate(added):
        if n:
            out.append((slot, ("source",), n))
    return out


def _spends_any_first(pool_power: Sequence[int], need_p: Sequence[int], added: Sequence[int],
                      recycle: Sequence[int], res: Resources) -> bool:
    """Whether the payment takes a unit of the pool's Power of any domain where a unit of the
    pool's Power of domain d, left in the pool, would pay as well (the same payment taking the d
    unit instead still covers the pips). That other payment has the same charges and leaves the
    same state but for the pool, which keeps the `any` unit instead of the d unit; an `any` unit
    pays every pip a d unit pays, so every continuation of this payment is one of the other's,
    for the same value and objective: this one is never better, and it is left out. It is also
    the paying rule's choice (`engine.payment.pay_power`: a domain pip takes its domain's Power
    first, the flexible Power last), so a turn leaves the pool a play alone would leave. Refuted
    if dropped: tests/test_turn_reference.py's pool case (the planner's state after differed
    from the brute force's)."""
    any_slot = len(DOMAINS)
    if not pool_power[any_slot]:
        return False
    for d in range(len(DOMAINS)):
        if res.pool_power[d] > pool_power[d]:
            swapped = list(pool_power)
            swapped[any_slot] -= 1
            swapped[d] += 1
            if _covers(need_p, _supply(swapped, added, recycle, res)):
                return True
    return False


def _covers(need: Sequence[int], supply: list[tuple[int, object, int]]) -> bool:
    return not any(need) or pay_power(tuple(need), supply) is not None


def _ready(recycle: Sequence[int], res: Resources) -> int:
    """The Energy the recycled ready runes give (each is exhausted too)."""
    return sum(n for g, n in enumerate(recycle) if res.runes[g].ready)


def _removable(need_e: int, need_p: Sequence[int], from_pool: int, used: list[Any],
               activate: Sequence[bool], pool_power: Sequence[int], recycle: Sequence[int],
               exhaust: Sequence[int], res: Resources, kept: frozenset[int] = frozenset()
               ) -> bool:
    """Whether one part of the payment could be left out with the rest still paying: a unit of
    pool Power, a recycled rune (with its Energy), an exhausted rune, a source activation (with
    its own costs; not one of `kept`, whose object the payment may remove)."""
    add_e = sum(o.adds.energy for o in used)
    add_p = tuple(sum(o.adds.power[s] for o in used) for s in range(len(POWER_KEYS)))
    energy = from_pool + add_e + _ready(recycle, res) + sum(exhaust)

    def pays(e: int, p: Sequence[int], pool: Sequence[int], rec: Sequence[int],
             added: Sequence[int], ne: int) -> bool:
        return e >= ne and _covers(p, _supply(pool, added, rec, res))

    for slot, n in enumerate(pool_power):
        if n:
            fewer = list(pool_power)
            fewer[slot] -= 1
            if pays(energy, need_p, fewer, recycle, add_p, need_e):
                return True
    for g, n in enumerate(recycle):
        if n:
            fewer = list(recycle)
            fewer[g] -= 1
            lost = 1 if res.runes[g].ready else 0
            if pays(energy - lost, need_p, pool_power, fewer, add_p, need_e):
                return True
    if sum(exhaust) and energy - 1 >= need_e:
        return True
    for k, offer in enumerate(res.sources):
        if not activate[k] or k in kept:
            continue
        less_p = tuple(a - b for a, b in zip(add_p, offer.adds.power))
        less_need = tuple(a - b for a, b in zip(need_p, offer.needs.power))
        if pays(energy - offer.adds.energy, less_need, pool_power, recycle, less_p,
                need_e - offer.needs.energy):
            return True
    return False


# The non-standard costs that take an object off the board.
REMOVES = frozenset({"kill", "return_to_hand", "kill_self", "banish_self", "recycle_self"})


def _last_chances(scenario: Scenario, total: Cost, res: Resources, deaths: bool
                  ) -> frozenset[int]:
    """The source offers whose object a non-standard cost of `total` may take off the board,
    or the play's own resolution kills (a target of a card with `effect: {kill: targets}`)
    (the module docstring's exception): a payment that activates one is never cut to leave it
    out."""
    out = set()
    killed = _killed_by_effect(scenario)
    for k, offer in enumerate(res.sources):
        if offer.id in killed or (deaths and _may_kill_a_unit(scenario, offer.id)):
            out.add(k)
        for need in total.other:
            if need.kind in REMOVES and any(
                    offer.id in group.ids and eligible(scenario, group, need)
                    for group in res.objects):
                out.add(k)
    return frozenset(out)


def deaths_read(scenario: Scenario) -> bool:
    """Whether a card of the scenario reads the units that died this turn (a condition
    `units_died_at_least` or `opponent_units_died_at_least`, anywhere in its definition)."""
    from ...engine.riftbound.dump import card_to_data

    return any("units_died_at_least" in repr(card_to_data(card))
               for card in scenario.cards.values())


def _may_kill_a_unit(scenario: Scenario, source_id: str) -> bool:
    """Whether activating this source may kill a unit: its own object is a unit it kills, or
    it kills other objects (`{kill: {count, filter}}`)."""
    source = next((s for s in scenario.state.you.sources if s.id == source_id), None)
    if source is None:
        return False
    if any(isinstance(c, OtherCost) for c in source.costs):
        return True
    found = scenario.state.you.find(source_id)
    card = scenario.cards.get(found[1].card) if found is not None else None
    return "kill" in source.costs and card is not None and card.type == "unit"


def _killed_by_effect(scenario: Scenario) -> frozenset[str]:
    """The targets the play's resolution kills (`effect: {kill: targets}`, not countered)."""
    play = scenario.play
    if play is None or play.ability is not None or play.leaves_chain.by == "counter":
        return frozenset()
    found = scenario.state.you.find(play.object)
    card = scenario.cards.get(found[1].card) if found is not None else None
    return frozenset(play.targets) if card is not None and card.effect_kill else frozenset()


def _splits(count: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put `count` units into bins of the given room, in order."""
    if not room:
        if count == 0:
            yield ()
        return
    for first in range(min(count, room[0]), -1, -1):
        for rest in _splits(count - first, room[1:]):
            yield (first, *rest)


def _object_choices(scenario: Scenario, total: Cost, res: Resources,
                    activate: Sequence[bool] = ()
                    ) -> Iterator[tuple[tuple[NeedKey, tuple[int, ...]], ...]]:
    """Every split of each non-standard cost, and of each kill need of the sources `activate`
    uses, over the groups that may pay it, one object paying one cost (buffs: counted per
    group), XP from the pile. Whether an object a source used may pay too is the engine's to
    say (`apply_payment` refuses what it may not)."""
    needs = needs_of(total)
    keys = [key for key in needs if key[0] != "spend_xp"]
    xp = sum(o.count for o in total.other if o.kind == "spend_xp")
    if xp > res.xp:
        return
    samples: dict[NeedKey, OtherCost] = {need_key(o): o for o in total.other}
    killers: dict[NeedKey, int] = {}
    for s, key, need in source_kills(res):
        if s < len(activate) and activate[s]:
            keys.append(key)
            needs[key] = need.count
            samples[key] = need
            killers[key] = s
    room = [capacity(g, "kill") for g in res.objects]
    buffs = [capacity(g, "spend_buff") for g in res.objects]

    def go(k: int) -> Iterator[list[tuple[NeedKey, tuple[int, ...]]]]:
        if k == len(keys):
            yield []
            return
        key = keys[k]
        need = samples[key]
        pot = buffs if need.kind == "spend_buff" else room
        if key in killers:
            offer = res.sources[killers[key]]
            bins = [pot[g] if source_eligible(scenario, offer, group, need) else 0
                    for g, group in enumerate(res.objects)]
        else:
            bins = [pot[g] if eligible(scenario, group, need) else 0
                    for g, group in enumerate(res.objects)]
        for split in _splits(needs[key], bins):
            for g, n in enumerate(split):
                pot[g] -= n
            for rest in go(k + 1):
                yield [(key, split), *rest]
            for g, n in enumerate(split):
                pot[g] += n

    for chosen in go(0):
        yield tuple(chosen)


def name(scenario: Scenario, total: Cost, res: Resources,
         choice: Choice) -> tuple[Payment, Cost]:
    """The payment of `choice`, named: the first runes and objects of each group in state
    order; and what it spent on the total, by domain."""
    exhaust_ids: set[str] = set()
    recycled: list[tuple[str, int]] = []  # (rune id, domain)
    for g, group in enumerate(res.runes):
        e, r = choice.exhaust[g], choice.recycle[g]
        exhaust_ids.update(group.ids[:e])
        for rune_id in group.ids[e:e + r]:
            recycled.append((rune_id, group.domain))
            if group.ready:
                exhaust_ids.add(rune_id)  # a recycled ready rune gives its Energy too
    used = [offer for offer, on in zip(res.sources, choice.activate) if on]
    need_power = total.power
    need_energy = total.energy
    for offer in used:
        need_power = tuple(a + b for a, b in zip(need_power, offer.needs.power))
        need_energy += offer.needs.energy
    added_energy = sum(o.adds.energy for o in used)
    from_pool = min(res.pool_energy, max(0, need_energy - added_energy))
    supply: list[tuple[int, tuple[str, object], int]] = [
        *((slot, ("pool", None), n) for slot, n in enumerate(choice.pool_power) if n),
        *((d, ("rune", i), 1) for i, d in recycled),
        *((slot, ("source", k), n) for k, o in enumerate(used) for slot, n in enumerate(o.adds.power) if n)]
    spent = [0] * len(POWER_KEYS)
    rune_pays: dict[str, str] = {}
    if any(need_power):
        matched = pay_power(need_power, supply)
        assert matched is not None  # the choice covers the pips
        for take in matched[0]:
            kind, which = take.holder
            if kind == "rune":
                rune_pays[str(which)] = POWER_KEYS[take.pays]
            spent[take.pays if take.pays != ANY_INDEX else take.slot] += take.count
    other, killed = name_objects(total, res, choice.use, choice.activate)
    order = [rune.id for rune in scenario.state.you.runes]
    payment = Payment(
        pool_energy=from_pool,
        pool_power=tuple(choice.pool_power),
        exhaust=tuple(i for i in order if i in exhaust_ids),
        recycle=tuple((i, rune_pays.get(i, "unused")) for i, _ in recycled),
        sources=tuple(o.id for o in used),
        other=other,
        source_kills=killed,
    )
    return payment, Cost(total.energy, tuple(spent))


__all__ = ["Choice", "name", "open_payments", "payments"]
