"""Every minimal payment of one `mtg/1` cost option, for the turn planner's moves
(`planner.mtg.moves`): the mana abilities activated (601.2g), the mana and the objects paid
(601.2h: convoke, improvise, delve, and the objects the non-mana costs take).

A cast's payments are every *minimal* payment of the option's total, named canonically (the first
objects of each group of interchangeable ones, in state order: same card, tapped, sick, value,
counters and the same eligibility for the costs; an object that is itself a candidate, a card in hand or a
permanent with an activated ability, is a group of its own): every choice of the objects the
non-mana costs take, and every set of mana abilities activated (with the add option), creatures
convoked (each with the pip it pays), artifacts improvised and cards delved, with every split of
what is left in the pool, such that

  no mana ability activated could be left out with the rest paying the same spending: its
  mana would have been left over in full (for a one-mana ability: another unit of the same
  kind floats and could take its place).

Why no other payment can do better. Mana stays in the pool between the plays of a turn, and a
mana ability charges the same whenever it is activated; what a permanent can do only shrinks
during a turn (it is tapped or leaves, never untaps; summoning sickness does not end). So take
any turn and a payment in it that activates an ability whose mana is all left over: activate
it instead within the first later payment that would run short without that mana (or never:
then the turn is cheaper), where the permanent is still untapped and there (nothing used it
in between: it was tapped), and the pools in between hold what they held less that mana,
which nothing in between spent. Every payment then has the same charges, the same plays are
legal, and the turn ranks the same or better; repeating this ends with minimal payments only.
Five exceptions are kept as moves, because the argument fails for them: an ability of a
permanent this payment also loses (sacrificed or returned by a cost, or sacrificed by its own
mana ability after its {T} ability, 605.3a: tapping it first is its last chance, 601.2g before
601.2h, and costs nothing more when it is free; such a pair is kept whole, as the tap is free
only with the sacrifice in the same payment; likewise an ability whose tap cost taps an object
the spell's costs then take, 601.2g-h: Seton tapping the bear the spell sacrifices, that tap
free only here; a repeatable ability, no {T}, of such a permanent or tapping such an object,
as often as it can be activated, not only as often as the total's mana asks: Ashnod's Altar
activated before the spell sacrifices it, its mana floating), an ability whose
mana is restricted (`only_for`: it is made only in a payment it may pay, and what is left of
it stays restricted in the pool), every convoke, improvise and
delve use (these are not mana: a creature convoked is not a unit that floats; paying with the
pool instead can strand a later play), an `adds: milled` read (activated later, it would mill
another card: the mills in between move the top), and a storage land's `per: removed`
activation (one activation pays its cost once for all its X: two later ones pay it twice);
and, beside these five, an `adds: any_type | any_color` activation (106.7: the types it could
add are read on the state, and a permanent its `of` matches may leave later in the turn).
The argument holds for the other costs that change the state: counters only go down in a
turn (a mana ability's `remove_counters`; a loyalty ability's +N only adds), and an
opponent's permanent an `untap` cost untapped stays untapped (no later cost untaps it again,
so the permanent it read is still tapped where the activation moves). Offers that untap or
mill are named each with its own choice, and a payment's are checked together
(`_reads_agree`). Under the spell's `spend_only` the pool and the offers of permanents its
filter bars pay filter abilities' costs only. Under `spend_as_any_color` a colored pip
takes mana of any type (convoke still pays only its own color). Under K'rrik's `life_for`
every count of the total's pips of that color paid with life is tried, each a payment of its
own (the argument above moves mana abilities only: the life each payment pays is unchanged).
Mana already in the pool is never "left out": which of its kinds pays generic mana is a
choice of its own, every split kept (paying {1} with the pool's {G} can strand a later {G}).
The non-mana costs are paid as the option says, with every choice of objects up to
interchangeable ones.

With `mana=False` (the deferred mode, `planner.mtg.ledger`) a `Payer` pays the non-mana costs
only: the mana is the ledger's, assigned over the whole turn. The mana of one payment is matched
to its pips by a small max flow (`planner.mtg.flow`).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, replace
from typing import Hashable, Iterator, Sequence

from ...engine.mtg.cards import ManaAbility, OtherCost, Scenario
from ...engine.mtg.keys import REFLECT_ADDS
from ...engine.mtg.mana import NO_MANA, TYPES, Mana, add, total
from ...engine.mtg.payment import Payment
from ...engine.mtg.resources import (
    Offer,
    Permanent,
    Resources,
    ability_scope,
    can_pay_with,
    per_counter,
    removers,
    repeatable,
)
from ...engine.mtg.stack import Resolved
from ...engine.mtg.total_cost import Priced
from .flow import Net

KINDS = tuple(range(1, 7))  # W U B R G C as indices into Mana
COLORLESS = 6
GENERIC = 0
NeedKey = tuple[str, str, object]  # (spell | ability, kind, filter), as the model's
Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index), into Resources


def as_mana(values: Sequence[int]) -> Mana:
    return (values[0], values[1], values[2], values[3], values[4], values[5], values[6])


@dataclass(frozen=True, slots=True)
class Usage:
    """A payment in indices into `Resources` (the shape of `engine.mtg.payment.Usage`, what the
    model and the fast path answer), for `name_payment`."""

    activations: tuple[tuple[int, int, int], ...] = ()
    convoke: tuple[tuple[int, str], ...] = ()
    improvise: tuple[int, ...] = ()
    delve: tuple[int, ...] = ()
    uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...] = ()
    life_for: tuple[tuple[str, int], ...] = ()  # (color, pips of the total paid with life)
    snow_pool: Mana | None = None  # the snow part of the mana left (`Payer` with `snow`)


def resolved(object_id: str, dest: str | None, payment: Payment, left: Mana,
             option: Priced | None, snow_pool: Mana | None = None) -> Resolved:
    """The cast as `engine.mtg.stack.resolve` applies it: with the counters an activation's
    cost removes from its own permanent and a loyalty ability's loyalty change (606.4; it is
    then activated this turn, 606.3), as `payplan play` applies the plan; `snow_pool`, the
    snow part of the mana left where the payer says it (`Usage.snow_pool`)."""
    if option is None:
        return Resolved(object_id, dest, payment, left, snow_pool=snow_pool)
    return Resolved(object_id, dest, payment, left, option.counters, option.loyalty, option.snow,
                    snow_pool=snow_pool)


def _made(res: Resources, usage: Usage) -> Mana:
    out = NO_MANA
    for p, a, k in usage.activations:
        out = add(out, res.permanents[p].offers[a].ability.adds[k])
    return out


def pool_spent(res: Resources, usage: Usage, left: Mana) -> Mana:
    """What the payment took from the pool: of each kind consumed, the pool's first (as
    `name_payment` reports it), for the mana `left` over; under the spell's `spend_only`, only
    up to what the filter abilities' costs take (the pool never pays that spell)."""
    made = _made(res, usage)
    spent = [min(p, p + m - lft) if i else 0
             for i, (p, m, lft) in enumerate(zip(res.pool, made, left))]
    if not res.pool_spendable:
        room = sum(sym.amount if sym.kind == "generic" else 1
                   for ability in _activated(res, usage) for sym in ability.mana.symbols)
        for i in range(7):
            spent[i] = min(spent[i], room)
            room -= spent[i]
    return as_mana(spent)


def _activated(res: Resources, usage: Usage) -> list[ManaAbility]:
    """The mana abilities the payment activates, one a activation (a `per: removed` ability's
    units are one activation)."""
    out, seen = [], set()
    for p, a, _ in usage.activations:
        ability = res.permanents[p].offers[a].ability
        if per_counter(ability):
            if (p, a) in seen:
                continue
            seen.add((p, a))
        out.append(ability)
    return out


def _refs(usage: Usage) -> tuple[set[int], set[int]]:
    perms = {p for p, _, _ in usage.activations} | {p for p, _ in usage.convoke}
    perms |= set(usage.improvise)
    cards = set(usage.delve)
    for _, refs in usage.uses:
        for kind, i in refs:
            (perms if kind == "p" else cards).add(i)
    return perms, cards


def usage_rank(res: Resources, usage: Usage) -> tuple[int, int]:
    """`plan`'s last tie-breaks: the objects used, and their state-order positions summed."""
    perms, cards = _refs(usage)
    position = sum(res.permanents[p].position for p in perms)
    position += sum(len(res.permanents) + res.cards[c].position for c in cards)
    return len(perms) + len(cards), position


def ref_id(res: Resources, ref: Ref) -> str:
    kind, i = ref
    return res.permanents[i].obj.id if kind == "p" else res.cards[i].obj.id


# --- Payments: every minimal payment of one option ------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Need:
    """A non-mana cost to pay with objects: the spell's (a fixed count) or a mana ability's (its
    activations decide how many); whether it taps its objects (else it takes them)."""

    key: NeedKey
    part: OtherCost
    count: int | None
    tap: bool


@dataclass(frozen=True, slots=True)
class _Profile:
    """What one object does in a payment. A permanent: the mana ability it activates (one
    (offer, option), or several alternatives of one cost when `wild`: a one-mana ability whose
    kind the flow picks), what else taps it (convoke with the pip it pays, improvise, a tap
    cost), the cost that takes it, and its repeatable abilities' activations. A card: delved
    (`taph`) or taken by a cost."""

    mana: tuple[tuple[int, int], ...] = ()
    wild: bool = False
    taph: tuple[str, object] | None = None
    lose: int | None = None
    repeats: tuple[tuple[int, int, int], ...] = ()  # (offer, option or -1: wild, times)
    # A `sacrifice_self` mana ability without {T} (offer, option), activated after `mana`'s {T}
    # ability (605.3a, 601.2g: Eye of Ramos tapped for {U}, then sacrificed for {U}).
    last: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class _Supply:
    """Mana made at once: the pool, or one explicit activation (`times` over)."""

    made: Mana
    restricted: bool = False
    activation: tuple[int, int, int] | None = None  # (permanent, offer, option)
    times: int = 1
    exempt: bool = True  # never left out (the pool; an object lost to the payment; restricted)
    # Ordered: its ability costs mana, or it is a remover (`Payer.removers`): its mana pays
    # later filters' costs only.
    filter: bool = False
    # A `per: removed` ability's units: one activation with its other kinds' supplies (the
    # first of them owns its cost, which none of them can pay).
    merged: bool = False
    # Its mana may pay the spell (not under the spell's `spend_only`: the pool's never, an
    # offer's when its permanent matches); else only filter abilities' costs.
    spendable: bool = True


@dataclass(frozen=True, slots=True)
class _Unit:
    """A supply that pays one pip: a one-mana ability (`kinds`), convoke, improvise, delve."""

    use: str  # wild | convoke | improvise | delve
    ref: int  # permanent (or card, for delve) index
    kinds: tuple[int, ...] = ()  # wild: what it can make; convoke: its pip's kind (() for {1})
    alternatives: tuple[tuple[int, int], ...] = ()
    spendable: bool = True  # its mana may pay the spell (the spell's `spend_only`)


@dataclass(frozen=True, slots=True)
class _Demand:
    """Mana to pay: the spell's pips of one kind or its generic mana (`owner` -1), or part of a
    filter ability's cost (`owner`: the supply index); `accepts` None: any kind."""

    owner: int
    accepts: frozenset[int] | None
    count: int
    # The pip's own kinds where `accepts` is wider (`spend_as_any_color`): what convoke pays and
    # what a one-mana ability is named for first. None: `accepts`.
    own: frozenset[int] | None = None

    def pip(self) -> frozenset[int] | None:
        return self.accepts if self.own is None else self.own


class Payer:
    """Every minimal payment of one option from `res` (the module docstring), or with
    `mana=False` (the deferred mode) every way to pay its non-mana costs only."""

    def __init__(self, scenario: Scenario, option: Priced, res: Resources,
                 alone: frozenset[str], mana: bool, minimal: bool = True,
                 snow: bool = False) -> None:
        """`snow`: the turn has {S} somewhere, so each payment says which mana it leaves is
        snow (`Usage.snow_pool`), its snow permanents' abilities named with their kind."""
        self.scenario = scenario
        self.minimal = minimal
        self.snowy = snow or option.snow > 0
        self.option = option
        self.res = res
        self.with_mana = mana
        self.mill = sum(o.count for o in option.other if o.kind == "mill")
        needs: dict[NeedKey, _Need] = {}
        for o in option.other:
            if o.kind == "mill":
                continue
            key: NeedKey = ("spell", o.kind, o.filter)
            had = needs.get(key)
            needs[key] = _Need(key, o, (had.count or 0) + o.count if had else o.count,
                               o.kind == "tap_untapped")
        # A remover (`engine.mtg.payment.removers`) takes its objects under a need of its own
        # (`ability_scope`, as in the model): its mana is an ordered supply, after every
        # ordered supply of what it removes (601.2g).
        self.removers = removers(scenario, res) if mana else frozenset()
        if mana:
            for p, perm in enumerate(res.permanents):
                for a, offer in enumerate(perm.offers):
                    for part in offer.ability.other:
                        key = (ability_scope(p, a) if (p, a) in self.removers else "ability",
                               part.kind, part.filter)
                        if key not in needs and part.kind != "mill":
                            needs[key] = _Need(key, part, None, part.kind == "tap_untapped")
        self.needs = list(needs.values())
        self.index = {n.key: i for i, n in enumerate(self.needs)}
        self.budget = total(option.mana) + option.snow + sum(
            max([len(o.ability.mana.symbols) + total(o.ability.mana.plain())
                 for o in perm.offers] + [0]) * max([1, *(o.repeats for o in perm.offers
                                                          if repeatable(o.ability))])
            for perm in res.permanents)
        if not minimal:
            self.budget = 10**6  # every payment: as many mana abilities as there are
        # Groups of interchangeable objects, each with what one of them may do.
        groups: dict[Hashable, list[tuple[str, int]]] = {}
        sign: Hashable
        for p, perm in enumerate(res.permanents):
            eligible = tuple(self._eligible_perm(perm, n) for n in self.needs)
            sign = ("p", perm.obj.card, perm.obj.tapped, perm.obj.sick, perm.obj.value,
                    perm.obj.counters, tuple(o.spendable for o in perm.offers), eligible,
                    perm.obj.id if perm.obj.id in alone else None)
            groups.setdefault(sign, []).append(("p", p))
        for c, held in enumerate(res.cards):
            eligible = tuple(can_pay_with(scenario, n.part, held.obj, held.zone) for n in self.needs)
            sign = ("c", held.zone, held.obj.card, held.obj.value, eligible,
                    held.obj.id if held.obj.id in alone else None)
            groups.setdefault(sign, []).append(("c", c))
        self.groups: list[tuple[list[tuple[str, int]], list[_Profile]]] = []
        for members in groups.values():
            kind, first = members[0]
            profiles = (self._perm_profiles(first) if kind == "p" else self._card_profiles(first))
            if profiles:
                self.groups.append((members, profiles + [_Profile()]))  # the idle one last

    def _eligible_perm(self, perm: Permanent, need: _Need) -> bool:
        if not can_pay_with(self.scenario, need.part, perm.obj, "battlefield"):
            return False
        return perm.can_tap if need.tap else True

    def _perm_profiles(self, p: int) -> list[_Profile]:
        perm = self.res.permanents[p]
        mana: list[tuple[tuple[tuple[int, int], ...], bool]] = [((), False)]
        repeat_keys: list[tuple[int, int]] = []  # (offer, option or -1: one mana, kind open)
        lasts: list[tuple[tuple[int, int], tuple[int, int]]] = []
        if self.with_mana:
            wild: dict[tuple[object, ...], list[tuple[int, int]]] = {}
            for a, offer in enumerate(perm.offers):
                ab = offer.ability
                one = (all(total(m) == 1 for m in ab.adds) and not ab.mana.symbols
                       and not offer.restricted and (p, a) not in self.removers
                       and not offer.reads_other  # its untap, mill or types are its own
                       and not _reflects(perm, offer) and not self._snow_perm(perm))
                if repeatable(ab):
                    repeat_keys += [(a, -1)] if one else [(a, k) for k in range(len(ab.adds))]
                    continue
                if one:
                    wild.setdefault((ab.tap, ab.sacrifice_self, ab.life, ab.other), []).extend(
                        (a, k) for k in range(len(ab.adds)))
                mana += [(((a, k),), False) for k in range(len(ab.adds))]
            mana += [(tuple(alts), True) for alts in wild.values()]
            lasts = self._tap_then_sacrifice(perm)
        taps: list[tuple[str, object] | None] = [None]
        if self.with_mana and perm.convoker:
            taps += [("convoke", c) for c in (*[c for c in "WUBRG" if c in perm.convoke], "1")]
        if self.with_mana and perm.improviser:
            taps.append(("improvise", None))
        loses: list[int | None] = [None]
        for i, need in enumerate(self.needs):
            if need.part.kind in ("discard", "exile_from_hand", "exile_from_graveyard"):
                continue
            if not self._eligible_perm(perm, need):
                continue
            if need.tap:
                taps.append(("tap", i))
            else:
                loses.append(i)
        repeats: list[tuple[tuple[int, int, int], ...]] = [()]
        if repeat_keys:
            top = max(perm.offers[a].repeats for a, _ in repeat_keys)
            for counts in _compositions(len(repeat_keys), top):
                if sum(counts):
                    repeats.append(tuple((a, k, n) for (a, k), n in zip(repeat_keys, counts) if n))
        out = []
        for (alts, is_wild), taph, lose, rep in itertools.product(mana, taps, loses, repeats):
            profile = _Profile(alts, is_wild, taph, lose, rep)
            if profile != _Profile() and self._valid(perm, profile):
                out.append(profile)
        if self.with_mana:
            out += [_Profile((first,), last=second) for first, second in lasts]
        return out

    def _tap_then_sacrifice(self, perm: Permanent) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The pairs of a {T} mana ability and a `sacrifice_self` one without {T} of one
        permanent, both activated in this payment (the first, then the second). Neither is
        ever left out: the permanent is lost to the payment, so its {T} is charged nothing,
        and the sacrifice moved to a later payment would charge that tap here."""
        taps = [(a, k) for a, o in enumerate(perm.offers) if o.ability.tap
                and not o.ability.sacrifice_self and not repeatable(o.ability)
                for k in range(len(o.ability.adds))]
        sacs = [(a, k) for a, o in enumerate(perm.offers) if o.ability.sacrifice_self
                and not o.ability.tap and not repeatable(o.ability)
                for k in range(len(o.ability.adds))]
        return [(t, s) for t in taps for s in sacs] if perm.can_tap else []

    def _valid(self, perm: Permanent, profile: _Profile) -> bool:
        """The model's rules for one permanent (`planner.mtg.model`): tapped at most once, lost
        at most once, not tapped in 601.2h after a mana ability sacrificed it; a one-mana
        ability named with its kind only where it is never left out."""
        lost_for_mana = (profile.lose is not None
                         and self.needs[profile.lose].key[0].startswith("ability"))
        if profile.mana:
            offer = perm.offers[profile.mana[0][0]]
            ab = offer.ability
            if ab.tap and profile.taph is not None:
                return False
            if ab.sacrifice_self and (profile.lose is not None or profile.taph is not None):
                return False
            if self.minimal and not profile.wild and not offer.restricted and (
                    profile.lose is None) and all(total(m) == 1 for m in ab.adds) and (
                    not ab.mana.symbols) and not offer.reads_other and not _reflects(perm, offer) and (
                    not self._snow_perm(perm)):
                return False  # the wild profile pays it; named only when kept though unused
        if lost_for_mana and profile.taph is not None:
            return False
        if profile.wild and profile.lose is not None:
            return False  # named with its kind: its mana may be left over (the docstring)
        return True

    def _card_profiles(self, c: int) -> list[_Profile]:
        held = self.res.cards[c]
        out = []
        if self.with_mana and self.res.delve and held.zone == "graveyard":
            out.append(_Profile(taph=("delve", None)))
        for i, need in enumerate(self.needs):
            if can_pay_with(self.scenario, need.part, held.obj, held.zone):
                out.append(_Profile(lose=i))
        return out

    # --- the search over profiles

    def _paying(self, p: int | None, profile: _Profile) -> int:
        """How many pips this profile must pay at least (each use not left out pays one; a
        read of a milled card, a `per: removed` ability and an ability whose cost taps other
        permanents (`Payer._free_tap`) may be left over in full)."""
        n = 0
        if profile.mana and p is not None:
            offer = self.res.permanents[p].offers[profile.mana[0][0]]
            if (profile.lose is None and profile.last is None and not offer.restricted
                    and offer.milled_at is None and not _reflects(self.res.permanents[p], offer)
                    and not _taps_other(offer.ability)):
                n += 1
        if profile.taph is not None and profile.taph[0] in ("convoke", "improvise", "delve"):
            n += 1
        if p is None or profile.lose is not None:  # its repeats: a permanent the payment loses
            return n
        offers = self.res.permanents[p].offers
        return n + sum(times for a, _, times in profile.repeats
                       if not per_counter(offers[a].ability) and not _taps_other(offers[a].ability))

    def payments(self) -> Iterator[tuple[Usage, Mana]]:
        if self.mill > self.res.library:
            return
        spell_counts = [n.count if n.count is not None else -1 for n in self.needs]
        chosen: list[list[tuple[tuple[str, int], _Profile]]] = []

        def go(g: int, filled: list[int], paying: int) -> Iterator[tuple[Usage, Mana]]:
            if g == len(self.groups):
                if all(c < 0 or f == c for f, c in zip(filled, spell_counts)):
                    yield from self._leaf([x for part in chosen for x in part])
                return
            members, profiles = self.groups[g]
            idle = len(profiles) - 1
            kind = members[0][0]
            for combo in itertools.combinations_with_replacement(range(len(profiles)), len(members)):
                used = [(members[j], profiles[i]) for j, i in enumerate(combo) if i != idle]
                more = sum(self._paying(ref[1] if kind == "p" else None, prof)
                           for ref, prof in used)
                if paying + more > self.budget:
                    continue
                now = list(filled)
                for _, prof in used:
                    if prof.lose is not None:
                        now[prof.lose] += 1
                    if prof.taph is not None and prof.taph[0] == "tap":
                        now[int(prof.taph[1])] += 1  # type: ignore[call-overload]
                if any(c >= 0 and f > c for f, c in zip(now, spell_counts)):
                    continue
                chosen.append(used)
                yield from go(g + 1, now, paying + more)
                chosen.pop()

        yield from go(0, [0] * len(self.needs), 0)

    def _leaf(self, used: list[tuple[tuple[str, int], _Profile]]) -> Iterator[tuple[Usage, Mana]]:
        res = self.res
        # The abilities' non-mana costs: exactly what the activations ask for.
        asked = [0] * len(self.needs)
        life = self.option.life
        for (kind, i), prof in used:
            if kind != "p":
                continue
            perm = res.permanents[i]
            acts = [(a, 1) for a, _ in prof.mana[:1]] + [(a, n) for a, _, n in prof.repeats]
            acts += [(prof.last[0], 1)] if prof.last is not None else []
            for a, times in acts:
                ab = perm.offers[a].ability
                life += ab.life * times
                scope = ability_scope(i, a) if (i, a) in self.removers else "ability"
                for part in ab.other:
                    if part.kind != "mill":
                        asked[self.index[(scope, part.kind, part.filter)]] += part.count * times
        filled = [0] * len(self.needs)
        for _, prof in used:
            if prof.lose is not None:
                filled[prof.lose] += 1
            if prof.taph is not None and prof.taph[0] == "tap":
                filled[int(prof.taph[1])] += 1  # type: ignore[call-overload]
        for i, need in enumerate(self.needs):
            if need.count is None and filled[i] != asked[i]:
                return
        if life > res.life or not self._reads_agree(used):
            return
        uses = self._uses(used)
        if not self.with_mana:
            yield Usage(uses=uses), NO_MANA
            return
        yield from self._mana(used, uses, life)

    def _reads_agree(self, used: list[tuple[tuple[str, int], _Profile]]) -> bool:
        """Whether the offers that read other objects can be activated together (601.2g, in
        some order), as the model has it (`planner.mtg.model._read_elsewhere_bound`): no
        opponent permanent untapped twice, and each `adds: milled` offer reads a distinct card
        of `library_top`, the cards above the last one read milled exactly by the reads and
        whole mills of the payment's other milling mana abilities (701.13a: a mill of N is a
        block of N)."""
        untapped: list[str] = []
        read: list[int] = []
        blocks: list[int] = []
        for (kind, i), prof in used:
            if kind != "p":
                continue
            perm = self.res.permanents[i]
            lasts = [(*prof.last, 1)] if prof.last is not None else []
            for a, _, times in [(a, k, 1) for a, k in prof.mana[:1]] + list(prof.repeats) + lasts:
                offer = perm.offers[a]
                untapped += list(offer.untaps) * times
                if offer.milled_at is not None:
                    read += [offer.milled_at] * times
                else:
                    size = sum(o.count for o in offer.ability.other if o.kind == "mill")
                    blocks += [size] * times if size else []
        if len(set(untapped)) != len(untapped) or len(set(read)) != len(read):
            return False
        gaps = []  # the runs of cards above the last read that no read takes
        start = 0
        for j in sorted(read):
            if j > start:
                gaps.append(j - start)
            start = j + 1
        return _tiled(tuple(gaps), tuple(sorted(blocks)))

    def _uses(self, used: list[tuple[tuple[str, int], _Profile]]
              ) -> tuple[tuple[NeedKey, tuple[Ref, ...]], ...]:
        out = []
        for i, need in enumerate(self.needs):
            refs: list[Ref] = []
            for ref, prof in used:
                if prof.lose == i or prof.taph == ("tap", i):
                    refs.append(ref)
            if refs or need.count is not None:
                out.append((need.key, tuple(sorted(refs))))
        return tuple(out)

    # --- the mana

    def _mana(self, used: list[tuple[tuple[str, int], _Profile]],
              uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...], life: int
              ) -> Iterator[tuple[Usage, Mana]]:
        res = self.res
        supplies = [_Supply(res.pool, spendable=res.pool_spendable)]
        units: list[_Unit] = []
        free_tap = self._free_tap(used)
        for (kind, i), prof in used:
            if kind == "c":
                if prof.taph is not None:
                    units.append(_Unit("delve", i))
                continue
            perm = res.permanents[i]
            if prof.mana and prof.wild:
                kinds = sorted({k for a, o in prof.mana for k in KINDS
                                if perm.offers[a].ability.adds[o][k]})
                offer = perm.offers[prof.mana[0][0]]
                if free_tap and _taps_other(offer.ability) and len(kinds) == 1:
                    # Its tap may be free here: its mana may float (a supply, never left out).
                    (a, o) = prof.mana[0]
                    supplies.append(_Supply(offer.ability.adds[o], False, (i, a, o), 1,
                                            spendable=offer.spendable,
                                            filter=(i, a) in self.removers))
                else:
                    units.append(_Unit("wild", i, tuple(kinds), prof.mana, offer.spendable))
            elif prof.mana:
                (a, o), = prof.mana
                offer = perm.offers[a]
                supplies.append(_Supply(offer.ability.adds[o], offer.restricted, (i, a, o), 1,
                                        exempt=offer.restricted or prof.lose is not None
                                        or prof.last is not None or offer.milled_at is not None
                                        or _reflects(perm, offer)
                                        or (free_tap and _taps_other(offer.ability)),
                                        spendable=offer.spendable,
                                        filter=bool(offer.ability.mana.symbols)
                                        or (i, a) in self.removers))
            if prof.last is not None:
                a, o = prof.last
                offer = perm.offers[a]
                supplies.append(_Supply(offer.ability.adds[o], offer.restricted, (i, a, o), 1,
                                        exempt=True, spendable=offer.spendable,
                                        filter=bool(offer.ability.mana.symbols)
                                        or (i, a) in self.removers))
            for a, o, times in prof.repeats:
                offer = perm.offers[a]
                if o < 0:  # one mana a time, its kind open: a unit per activation
                    alts = tuple((a, k) for k in range(len(offer.ability.adds)))
                    made = tuple(sorted({k for m in offer.ability.adds for k in KINDS if m[k]}))
                    if free_tap and _taps_other(offer.ability) and len(made) == 1:
                        # Its tap may be free here: its mana may float (a supply, never left out).
                        supplies.append(_Supply(offer.ability.adds[0], False, (i, a, 0), times,
                                                spendable=offer.spendable,
                                                filter=(i, a) in self.removers))
                        continue
                    units += [_Unit("wild", i, made, alts, offer.spendable)] * times
                    continue
                # A `per: removed` ability is never left out in part: its one activation pays
                # its cost once for all its X, so mana left over from it can be cheaper than a
                # second activation later.
                supplies.append(_Supply(offer.ability.adds[o], offer.restricted, (i, a, o), times,
                                        exempt=offer.restricted or per_counter(offer.ability)
                                        or prof.lose is not None
                                        or (free_tap and _taps_other(offer.ability)),
                                        merged=per_counter(offer.ability),
                                        spendable=offer.spendable,
                                        filter=bool(offer.ability.mana.symbols)
                                        or (i, a) in self.removers))
            if prof.taph is not None and prof.taph[0] == "convoke":
                c = str(prof.taph[1])
                units.append(_Unit("convoke", i, () if c == "1" else (1 + TYPES.index(c),)))
            if prof.taph is not None and prof.taph[0] == "improvise":
                units.append(_Unit("improvise", i))
        filters = [j for j, sup in enumerate(supplies) if sup.filter]
        orders = list(itertools.permutations(filters)) if len(filters) > 1 else [tuple(filters)]
        if self.removers:
            pairs = self._removals(supplies, used)
            orders = [o for o in orders if all(o.index(v) < o.index(r) for v, r in pairs)]
            if not orders:
                return
        for by_life in self._life_choices(life):
            yield from self._spent(supplies, units, orders, uses, by_life)

    def _life_choices(self, life: int) -> Iterator[Mana]:
        """K'rrik (`Resources.life_for`): every count of the total's pips of each such color
        paid with life instead of mana (601.2h), the payment's life (`life` before these) within
        your life total, as `plan` allows; none paid with life first."""
        colors = [(1 + TYPES.index(c), n) for c, n, _ in self.res.life_for
                  if self.option.mana[1 + TYPES.index(c)]]
        room = self.res.life - life
        ranges = [range(min(self.option.mana[k], room // n) + 1) for k, n in colors]
        for counts in itertools.product(*ranges):
            if sum(c * n for c, (_, n) in zip(counts, colors)) > room:
                continue
            paid = [0] * 7
            for c, (k, _) in zip(counts, colors):
                paid[k] = c
            yield as_mana(paid)

    def _spent(self, supplies: list[_Supply], units: list[_Unit], orders: list[tuple[int, ...]],
               uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...], by_life: Mana
               ) -> Iterator[tuple[Usage, Mana]]:
        """Every split of the supplies' mana paying the demands (the pips `by_life` paid with
        life left out), and what is left over: minimal ones only unless `minimal` is off."""
        free = [0] * 7
        for sup in supplies:
            for k in KINDS:
                free[k] += sup.made[k] * sup.times
        demands = self._demands(supplies, by_life)
        need = sum(d.count for d in demands) + self.option.snow  # {S}: paid apart (`_snow`)
        spend = need - len(units)
        if spend < 0 or spend > sum(free):
            return
        snow = self._snow_made(supplies)
        for left in _leftovers(free, sum(free) - spend):
            caps = [f - lft for f, lft in zip(free, left)]
            seen: set[Mana | None] = set()
            for by_snow, snow_left in self._snow(snow, caps, left):
                if snow_left in seen:
                    continue
                cut = [c - n for c, n in zip(caps, by_snow)]  # the rest pays the other pips
                flows = None
                for order in orders:
                    flows = _pays(supplies, units, demands, cut, order, True)
                    if flows is not None:
                        break
                if flows is None or (self.minimal and self._removable(
                        supplies, units, left, cut, orders, by_life, snow, by_snow)):
                    continue
                seen.add(snow_left)
                usage = self._usage(supplies, units, flows, uses, by_life)
                yield replace(usage, snow_pool=snow_left, life_for=tuple(
                    (TYPES[k - 1], by_life[k]) for k in KINDS if by_life[k])), as_mana(left)

    def _snow_perm(self, perm: Permanent) -> bool:
        """Whether the permanent's mana is snow mana the payment must tell apart (`snow`)."""
        return self.snowy and perm.card.snow

    def _snow_made(self, supplies: list[_Supply]) -> list[int]:
        """The snow mana of each kind the payment has: the pool's snow part and what its snow
        permanents' activations make (each named with its kind: `_snow_perm`)."""
        out = list(self.res.snow_pool)
        for sup in supplies:
            if sup.activation is not None and self._snow_perm(self.res.permanents[sup.activation[0]]):
                for k in KINDS:
                    out[k] += sup.made[k] * sup.times
        return out

    def _snow(self, snow: list[int], caps: Sequence[int], left: Sequence[int]
              ) -> Iterator[tuple[tuple[int, ...], Mana | None]]:
        """Each way the {S} of the total takes snow mana (107.4h) out of the mana spent (`caps`:
        per kind), and the snow part of the mana `left` after it: the other pips take the
        mana that is not snow first (snow mana pays all it pays, and {S} too), so of each kind
        the snow left is the snow not spent on {S}, up to what is left. Without `snow`
        tracking: nothing apart, None."""
        if not self.snowy:
            yield (0,) * 7, None
            return
        tops = [min(snow[k], caps[k]) if k in KINDS else 0 for k in range(7)]
        for by_snow in _bounded_sums(self.option.snow, tops):
            yield by_snow, as_mana([0, *(min(snow[k] - by_snow[k], left[k]) for k in KINDS)])

    def _free_tap(self, used: list[tuple[tuple[str, int], _Profile]]) -> bool:
        """Whether a mana ability's tap cost takes a permanent the spell's costs also take
        (601.2g, then 601.2h: Seton taps the bear the spell then sacrifices): that tap is
        charged nothing, and the ability moved to a later payment would tap another."""
        return any(prof.taph is not None and prof.taph[0] == "tap" and prof.lose is not None
                   and self.needs[int(prof.taph[1])].key[0].startswith("ability")  # type: ignore[call-overload]
                   for (kind, _), prof in used if kind == "p")

    def _removals(self, supplies: list[_Supply], used: list[tuple[tuple[str, int], _Profile]]
                  ) -> list[tuple[int, int]]:
        """The (victim, remover) pairs of ordered supplies an order must keep: each remover's
        supplies after the ordered supplies of each permanent its cost removes (a permanent
        gone can't be activated, 601.2g)."""
        ordered = {j: (sup.activation[0], ability_scope(*sup.activation[:2]))
                   for j, sup in enumerate(supplies) if sup.filter and sup.activation is not None}
        pairs = []
        for ref, prof in used:
            if ref[0] != "p" or prof.lose is None:
                continue
            scope = self.needs[prof.lose].key[0]
            victims = [j for j, (p, _) in ordered.items() if p == ref[1]]
            pairs += [(v, r) for r, (_, s) in ordered.items() if s == scope
                      for v in victims if v != r]
        return pairs

    def _demands(self, supplies: list[_Supply], by_life: Mana = NO_MANA) -> list[_Demand]:
        mana = self.option.mana
        out = [_Demand(-1, self._accepts(frozenset({k})), mana[k] - by_life[k], frozenset({k}))
               for k in KINDS if mana[k] - by_life[k]]
        if self.option.mana[GENERIC]:
            out.append(_Demand(-1, None, self.option.mana[GENERIC]))
        once: set[tuple[int, int]] = set()  # a `per: removed` ability's cost, paid once
        for j, sup in enumerate(supplies):
            if not sup.filter or sup.activation is None:
                continue
            p, a, _ = sup.activation
            ability = self.res.permanents[p].offers[a].ability
            times = sup.times
            if per_counter(ability):  # one activation, however many units its X makes
                if (p, a) in once:
                    continue
                once.add((p, a))
                times = 1
            parts: dict[frozenset[int] | None, int] = {}
            for sym in ability.mana.symbols:
                if sym.kind == "generic":
                    parts[None] = parts.get(None, 0) + sym.amount * times
                else:
                    accepts = frozenset(1 + TYPES.index(c) for c in sym.colors)
                    parts[accepts] = parts.get(accepts, 0) + times
            out += [_Demand(j, self._accepts(accepts), n, accepts) if accepts is not None
                    else _Demand(j, None, n) for accepts, n in parts.items() if n]
        return out

    def _accepts(self, kinds: frozenset[int]) -> frozenset[int]:
        """The kinds of mana that pay a pip of `kinds`: those, or under `spend_as_any_color`
        (Mycosynth Lattice) any kind for a colored pip ({C} stays colorless only)."""
        if self.res.any_color and kinds != frozenset({COLORLESS}):
            return frozenset(KINDS)
        return kinds

    def _removable(self, supplies: list[_Supply], units: list[_Unit], left: Sequence[int],
                   caps: Sequence[int], orders: list[tuple[int, ...]], by_life: Mana,
                   snow: Sequence[int], by_snow: Sequence[int]) -> bool:
        """Whether a mana ability of the payment could be left out, the rest paying the same
        spending with its mana left over (the minimality of the module docstring; `caps` less
        the snow mana `by_snow` spent on {S}, which the rest must still have)."""
        for j, sup in enumerate(supplies):
            if sup.exempt or any(left[k] < sup.made[k] for k in KINDS):
                continue
            if sup.activation is not None and self._snow_perm(
                    self.res.permanents[sup.activation[0]]) and any(
                    snow[k] - sup.made[k] < by_snow[k] for k in KINDS):
                continue
            fewer = list(supplies)
            if sup.times > 1:
                fewer[j] = replace(sup, times=sup.times - 1)
                rest = fewer
            else:
                rest = fewer[:j] + fewer[j + 1:]
            demands = self._demands(rest, by_life)
            kept = [tuple(x if x < j else x - 1 for x in o if x != j) if sup.times == 1 else o
                    for o in orders]
            if any(_pays(rest, units, demands, caps, order, False) is not None
                   for order in dict.fromkeys(kept)):
                return True
        for u, unit in enumerate(units):
            if unit.use != "wild":
                continue
            rest_units = units[:u] + units[u + 1:]
            demands = self._demands(supplies, by_life)
            for k in unit.kinds:
                if left[k] < 1:
                    continue
                more = list(caps)
                more[k] += 1
                if any(_pays(supplies, rest_units, demands, more, order, False) is not None
                       for order in orders):
                    return True
        return False

    def _usage(self, supplies: list[_Supply], units: list[_Unit],
               flows: dict[int, tuple[int, ...]], uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...],
               by_life: Mana) -> Usage:
        res = self.res
        activations: list[tuple[int, int, int]] = []
        for sup in supplies:
            if sup.activation is not None:
                activations += [sup.activation] * sup.times
        convoke, improvise, delve = [], [], []
        demands = self._demands(supplies, by_life)
        for u, unit in enumerate(units):
            if unit.use == "wild":
                d = demands[flows[u][0]]
                kinds = [k for k in unit.kinds if d.accepts is None or k in d.accepts]
                own = d.pip()
                kind = next((k for k in kinds if own is not None and k in own), kinds[0])
                perm = res.permanents[unit.ref]
                a, o = next((a, o) for a, o in unit.alternatives
                            if perm.offers[a].ability.adds[o][kind])
                activations.append((unit.ref, a, o))
            elif unit.use == "convoke":
                convoke.append((unit.ref, "1" if not unit.kinds else TYPES[unit.kinds[0] - 1]))
            elif unit.use == "improvise":
                improvise.append(unit.ref)
            else:
                delve.append(unit.ref)
        return Usage(tuple(sorted(activations)), tuple(sorted(convoke)), tuple(sorted(improvise)),
                      tuple(sorted(delve)), uses)


def _reflects(perm: Permanent, offer: Offer) -> bool:
    """Whether the offer is an `adds: any_type | any_color` ability (Reflecting Pool, Exotic
    Orchard, 106.7): the types it could add are read on the state, and a permanent that leaves
    later in the turn (sacrificed, returned) can take one away, so its activation is never
    moved to a later payment (it is kept whole, each type named, as a milled read is)."""
    return perm.card.mana[offer.index].reads in REFLECT_ADDS


def _taps_other(ability: ManaAbility) -> bool:
    """Whether the mana ability's costs tap other permanents (a `tap_untapped` not its own {T})."""
    return any(part.kind == "tap_untapped" for part in ability.other)


def _tiled(gaps: tuple[int, ...], blocks: tuple[int, ...]) -> bool:
    """Whether each gap is exactly the sum of some of the blocks, each block used at most once
    (the others are milled after the last card read)."""
    if not gaps:
        return True
    first, rest = gaps[0], gaps[1:]

    def fill(left: int, i: int, avail: tuple[int, ...]) -> bool:
        if left == 0:
            return _tiled(rest, avail)
        for n in range(i, len(avail)):
            if avail[n] <= left and (n == i or avail[n] != avail[n - 1]):
                if fill(left - avail[n], n, avail[:n] + avail[n + 1:]):
                    return True
        return False

    return fill(first, 0, blocks)


def _bounded_sums(amount: int, tops: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every vector at most `tops` (each place) whose places sum to `amount`, in a fixed order."""
    def go(i: int, rest: int) -> Iterator[list[int]]:
        if i == len(tops):
            if rest == 0:
                yield []
            return
        for n in range(min(rest, tops[i]) + 1):
            for tail in go(i + 1, rest - n):
                yield [n, *tail]

    for vector in go(0, amount):
        yield tuple(vector)


def _compositions(parts: int, top: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of `parts` counts summing to at most `top`."""
    if parts == 0:
        yield ()
        return
    for first in range(top + 1):
        for rest in _compositions(parts - 1, top - first):
            yield (first, *rest)


def _leftovers(free: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every vector of mana kinds within `free` of `size` units in all (generic 0)."""
    def go(k: int, room: int) -> Iterator[list[int]]:
        if k == 7:
            if room == 0:
                yield []
            return
        rest = sum(free[k + 1:])
        for n in range(min(free[k], room), -1, -1):
            if room - n <= rest:
                for tail in go(k + 1, room - n):
                    yield [n, *tail]

    for tail in go(1, size):
        yield (0, *tail)


def _pays(supplies: Sequence[_Supply], units: Sequence[_Unit], demands: Sequence[_Demand],
          caps: Sequence[int], order: tuple[int, ...], exact: bool
          ) -> dict[int, tuple[int, ...]] | None:
    """Whether the supplies pay every demand, spending at most `caps[k]` of each kind of their
    mana (`exact`: exactly, every unit used), filters fed only by earlier ones in `order`; the
    demands each unit paid (by index), or None."""
    first: dict[object, int] = {}
    owners = [first.setdefault(s.activation[:2], j) if s.merged and s.activation else j
              for j, s in enumerate(supplies)]
    found = _pays_shaped(tuple((s.made, s.times, s.restricted, s.filter, own, s.spendable)
                               for s, own in zip(supplies, owners)),
                         tuple((u.use, u.kinds, u.spendable) for u in units), tuple(demands), tuple(caps),
                         order, exact)
    return None if found is None else dict(enumerate(found))


@functools.lru_cache(maxsize=1 << 16)
def _pays_shaped(supplies: tuple[tuple[Mana, int, bool, bool, int, bool], ...],
                 units: tuple[tuple[str, tuple[int, ...], bool], ...], demands: tuple[_Demand, ...],
                 caps: tuple[int, ...], order: tuple[int, ...], exact: bool
                 ) -> tuple[tuple[int, ...], ...] | None:
    """`_pays` on what decides it (which objects they are does not): memoised, as many
    payments of a turn have the same shape."""
    rank = {j: r for r, j in enumerate(order)}
    net = Net()
    source, sink = net.node(), net.node()
    kind_node = {}
    for k in KINDS:
        if caps[k] > 0:
            kind_node[k] = net.node()
            net.edge(source, kind_node[k], caps[k])
    demand_node = [net.node() for _ in demands]
    for d, dem in enumerate(demands):
        net.edge(demand_node[d], sink, dem.count)
    for j, (made, times, restricted, is_filter, own, spendable) in enumerate(supplies):
        for k in KINDS:
            amount = made[k] * times
            if not amount or k not in kind_node:
                continue
            node = net.node()
            net.edge(kind_node[k], node, amount)
            for d, dem in enumerate(demands):
                if dem.accepts is not None and k not in dem.accepts:
                    continue
                if dem.owner < 0 and not spendable:
                    continue  # the spell's `spend_only` bars it
                if dem.owner >= 0:
                    if restricted or dem.owner == own:
                        continue
                    if is_filter and not rank.get(j, -1) < rank.get(dem.owner, -1):
                        continue
                net.edge(node, demand_node[d], amount)
    unit_edges: list[list[tuple[int, int]]] = []
    for use, kinds, spendable in units:
        node = net.node()
        net.edge(source, node, 1)
        mine = []
        for d, dem in enumerate(demands):
            if use == "wild":
                ok = (dem.accepts is None or bool(set(kinds) & dem.accepts)) and (
                    spendable or dem.owner >= 0)
            elif use == "convoke" and kinds:
                ok = dem.owner < 0 and dem.pip() == frozenset(kinds)
            else:  # convoke for {1}, improvise, delve: the spell's generic mana
                ok = dem.owner < 0 and dem.accepts is None
            if ok:
                mine.append((d, net.edge(node, demand_node[d], 1)))
        unit_edges.append(mine)
    need = sum(dem.count for dem in demands)
    if net.flow(source, sink) != need:
        return None
    out: list[tuple[int, ...]] = []
    for mine in unit_edges:
        paid = tuple(d for d, e in mine if net.used(e))
        if exact and not paid:
            return None
        out.append(paid)
    return tuple(out)
