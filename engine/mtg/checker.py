"""Checking a payment the player chose in `mtg/1` (`payplan check`): whether it pays a total by
the paying rules (601.2g-h, 605, 702.51 convoke, 702.66 delve, 702.126 improvise, 119.4 life,
701.13 mill), each problem named with its path inside the payment.

`check_payment` runs one named step per part of the payment (the pool, the mana abilities, convoke,
improvise, delve, the pips paid with life, the non-mana costs, the life, each object used once,
the mana) and gathers what each step finds in a `_Ledger`. Reading one source's words is
`engine.mtg.check_sources`; whether the mana pays, in some order of the filter abilities, is
`engine.mtg.check_mana`. A payment that passes comes back in indices into `Resources` (`Paid`),
the shape `name_payment` scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import OtherCost, Scenario
from .check_mana import best_options, kept_off
from .check_sources import (
    ZONE_WORDS,
    NeedKey,
    Ref,
    filter_words,
    matching,
    milled_position,
    offer_of,
    read_elsewhere,
    ref_of,
    storage_of,
    untap_words,
    with_removal_words,
)
from .mana import COLOR_NAMES, COLORS, TYPES, mana_text
from .payment import Payment, SourceUse
from .resources import Permanent, Resources, convoke_colors, repeatable
from .total_cost import Priced

Took = list[tuple[OtherCost, list[Ref]]]  # (the non-mana cost, the objects it took)


@dataclass(frozen=True, slots=True)
class Paid:
    """A checked payment in indices into `Resources` (a `Usage`, the shape of the planner's
    solutions), so that `name_payment` scores it with the one scorer's charges."""

    activations: tuple[tuple[int, int, int], ...]
    convoke: tuple[tuple[int, str], ...]
    improvise: tuple[int, ...]
    delve: tuple[int, ...]
    uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...]
    life_for: tuple[tuple[str, int], ...] = ()  # (color, pips paid with life: K'rrik)


@dataclass(slots=True)
class _Ledger:
    """What the steps of one check gather (filled as they run, in the order they run): every
    problem found, the life paid, and what used each object: a permanent tapped by its own mana
    ability (601.2g) or by convoke, improvise or a tap cost (601.2h), sacrificed or returned by
    a mana ability (601.2g) or by the spell's cost (601.2h), and each card used. A mana
    ability's tap cost (Springleaf Drum's "tap an untapped creature") is 601.2g's: it may tap a
    permanent another mana ability then sacrifices (the player orders the mana abilities)."""

    life: int
    problems: list[str] = field(default_factory=list)
    tap_mana: dict[int, list[str]] = field(default_factory=dict)
    tap_cost: dict[int, list[str]] = field(default_factory=dict)
    lost_mana: dict[int, list[str]] = field(default_factory=dict)
    lost_cost: dict[int, list[str]] = field(default_factory=dict)
    cards_used: dict[int, list[str]] = field(default_factory=dict)

    def used(self, ref: Ref, kind: str, what: str, lost: dict[int, list[str]],
             tapped: dict[int, list[str]]) -> None:
        """`ref` taken by a non-mana cost of `kind` (`what`, in words): a card used, a
        permanent tapped (a tap cost, into `tapped`) or lost (into `lost`)."""
        if ref[0] == "c":
            self.cards_used.setdefault(ref[1], []).append(what)
        elif kind == "tap_untapped":
            tapped.setdefault(ref[1], []).append(what)
        else:
            lost.setdefault(ref[1], []).append(what)


@dataclass(slots=True)
class _Activated:
    """The payment's mana abilities read back (filled source by source): the activations
    (permanent, offer, add option), the options of the triggers a source leaves out (by
    activation index), the objects their non-mana costs took, the cards they mill, and what is
    checked across sources: each permanent's activations of abilities that tap or sacrifice it,
    the counters removed, the storage abilities seen, the opponent's permanents untapped, the
    known cards read and the blocks milled (701.13a). `ok`: each source was read."""

    activations: list[tuple[int, int, int]] = field(default_factory=list)
    open_options: dict[int, list[int]] = field(default_factory=dict)
    uses: dict[NeedKey, list[Ref]] = field(default_factory=dict)
    mill: int = 0
    ok: bool = True
    once: dict[tuple[int, int], int] = field(default_factory=dict)  # (permanent, ability)
    removing: dict[tuple[int, str], int] = field(default_factory=dict)
    storage_seen: set[tuple[int, int]] = field(default_factory=set)
    untapped_by: dict[str, list[str]] = field(default_factory=dict)
    milled_taken: list[int] = field(default_factory=list)
    blocks: list[int] = field(default_factory=list)

    def fail(self, led: _Ledger, problem: str) -> None:
        """A source that could not be read: its problem, and the mana is not checked."""
        led.problems.append(problem)
        self.ok = False


def check_payment(scenario: Scenario, option: Priced, res: Resources,
                  payment: Payment) -> tuple[Paid | None, tuple[str, ...]]:
    """Whether `payment` (named, as the plan's JSON names one) pays the total of `option` by the
    paying rules: the payment read back in indices (`Paid`), or None and every problem found
    (`path: message`, the path inside the payment).

    What it checks: the pool spent is there; each source is a permanent whose usable mana
    ability (`resources`' offers: untapped for {T}, not a summoning-sick creature; with
    `floating`, one whose `only_for` the spell does not meet too, its mana paying nothing) adds
    that mana at those costs, the objects its own non-mana costs name can pay them, and an
    ability that taps or sacrifices its permanent is activated once (one that does neither,
    again: `repeatable`; two such abilities of one permanent, as its costs allow: Eye of Ramos
    taps, then is sacrificed); convoke taps an untapped creature of the spell with convoke for {1} or
    one of its colors, improvise an untapped artifact, delve exiles a card from your graveyard,
    each for a pip the total has; the total's non-mana costs take exactly their counts of
    distinct objects, matched one for one to their filters (`can_pay_with`; a tap cost an
    untapped permanent), mill what the library holds; the life paid is the total's and the mana
    abilities', at most your life total; no permanent is tapped twice or lost twice, nor tapped
    by convoke, improvise or a tap cost (601.2h) after a mana ability sacrificed it (601.2g); no
    card pays twice; and the mana (the pool spent and what the abilities add) pays the total's
    pips left after convoke, improvise and delve and every filter ability's own mana cost, in
    some order of the filter abilities (one's mana pays another's cost only if it was activated
    first; mana restricted to the spell pays the spell only). Mana beyond that stays in the
    pool."""
    led = _Ledger(life=option.life)
    perm_at = {p.obj.id: i for i, p in enumerate(res.permanents)}
    card_at = {c.obj.id: i for i, c in enumerate(res.cards)}
    _check_pool(res, payment, led)
    act = _check_sources(scenario, res, payment, perm_at, card_at, led)
    need = list(option.mana)
    convoke = _check_convoke(res, payment, perm_at, need, led)
    improvise = _check_improvise(res, payment, perm_at, need, led)
    delve = _check_delve(res, payment, card_at, need, led)
    _check_overpaid(option, need, led)
    by_life = _check_life_for(res, option, payment, need, led)
    spell_uses = _check_other(scenario, res, option, payment, act.mill, perm_at, card_at, led)
    _check_life(res, payment, bool(by_life), led)
    _check_once(res, led)
    activations = act.activations
    if act.ok and min(need) >= 0:
        activations, short = best_options(res, payment, activations, act.open_options, need,
                                          option.snow)
        if short is not None:
            led.problems.append(f"payment: its mana does not pay {short}"
                                + kept_off(res, payment, activations))
    if led.problems:
        return None, tuple(led.problems)
    uses = {**{k: tuple(v) for k, v in spell_uses.items()},
            **{k: tuple(v) for k, v in act.uses.items()}}
    return Paid(tuple(sorted(activations)), tuple(sorted(convoke)), tuple(sorted(improvise)),
                tuple(sorted(delve)), tuple(uses.items()), tuple(sorted(
                    by_life, key=lambda c: COLORS.index(c[0])))), ()


def _check_pool(res: Resources, payment: Payment, led: _Ledger) -> None:
    """The pool spent is in the pool."""
    for i, t in enumerate(TYPES):
        if payment.pool[1 + i] > res.pool[1 + i]:
            led.problems.append(f"payment.pool: takes {'{' + t + '}'} x{payment.pool[1 + i]} "
                                f"from the pool, which holds {mana_text(res.pool, 'nothing')}")


# --- The mana abilities ------------------------------------------------------------------------


def _check_sources(scenario: Scenario, res: Resources, payment: Payment, perm_at: dict[str, int],
                   card_at: dict[str, int], led: _Ledger) -> _Activated:
    """Each source: which ability of which permanent, and what its own costs took; then what is
    checked across them (untaps, cards read, counters removed)."""
    act = _Activated()
    for n, use in enumerate(payment.sources):
        _check_source(scenario, res, f"payment.sources[{n}]", use, perm_at, card_at, led, act)
    led.problems += read_elsewhere(scenario, act.untapped_by,
                                   act.milled_taken if act.ok else [], act.blocks)
    perms = res.permanents
    for (p, kind), n in act.removing.items():
        have = dict(perms[p].counters).get(kind, 0)
        if n > have:
            led.problems.append(f"payment.sources: the mana abilities of {perms[p].obj.id} remove "
                                f"{n} {kind} counter{'s' * (n != 1)}; it has {have} to remove")
    return act


def _check_source(scenario: Scenario, res: Resources, at: str, use: SourceUse,
                  perm_at: dict[str, int], card_at: dict[str, int], led: _Ledger,
                  act: _Activated) -> None:
    """One source: its permanent, the ability its words name (a storage land's, or one that
    untaps or mills what it says), recorded in `act`."""
    p = perm_at.get(use.id)
    if p is None:
        act.fail(led, f"{at}.id: {use.id} is not a permanent on your battlefield")
        return
    perm = res.permanents[p]
    use = with_removal_words(use)
    stored = storage_of(perm, use)
    if isinstance(stored, str):
        act.fail(led, f"{at}: {stored}")
        return
    if stored is not None:
        _record_storage(at, p, perm, use.id, stored, led, act)
        return
    use, untaps = untap_words(use)
    milled_at: int | None = None
    if use.milled or (any(m.reads == "milled" for m in perm.card.mana) and not any(
            o.milled_at is None and use.adds in o.ability.adds for o in perm.offers)):
        position = milled_position(scenario, use, act.milled_taken)
        if isinstance(position, str):
            act.fail(led, f"{at}: {position}")
            return
        milled_at = position
    for ident in untaps:
        act.untapped_by.setdefault(ident, []).append(use.id)
    found = offer_of(scenario, res, perm, use, card_at, untaps, milled_at)
    if isinstance(found, str):
        act.fail(led, f"{at}: {found}")
        return
    _record_activation(at, p, perm, use.id, found, led, act)


def _record_storage(at: str, p: int, perm: Permanent, ident: str, stored: tuple[int, list[int]],
                    led: _Ledger, act: _Activated) -> None:
    """A storage land's `per: removed` activation: one per permanent and ability (X is chosen
    once), a unit per mana it made."""
    a, units = stored
    if (p, a) in act.storage_seen:
        led.problems.append(f"{at}: {ident} activates its per: removed ability again (X is "
                            f"chosen once: one activation)")
    act.storage_seen.add((p, a))
    act.activations.extend((p, a, k) for k in units)
    if perm.offers[a].ability.tap:  # Sand Silos: its {T}, once
        led.tap_mana.setdefault(p, []).append("its mana ability")
    for kind in perm.offers[a].ability.counter_kinds():
        act.removing[(p, kind)] = act.removing.get((p, kind), 0) + len(units)


def _record_activation(at: str, p: int, perm: Permanent, ident: str,
                       found: tuple[int, list[int], Took], led: _Ledger, act: _Activated) -> None:
    """An activation read: its offer and options, the counters it removes, once per ability
    if it taps or sacrifices its permanent (the permanent's taps and losses are counted for
    `_check_once`), the life it costs, what it mills and the objects it took."""
    a, ks, took = found
    ability = perm.offers[a].ability
    if len(ks) > 1:  # a trigger it leaves out: any of its options (605.4a)
        act.open_options[len(act.activations)] = ks
    act.activations.append((p, a, ks[0]))
    for kind in ability.counter_kinds():
        act.removing[(p, kind)] = act.removing.get((p, kind), 0) + ability.removes(kind)
    if not repeatable(ability):
        act.once[(p, a)] = act.once.get((p, a), 0) + 1
        if act.once[(p, a)] == 2:
            led.problems.append(f"{at}: {ident} activates a mana ability again (one that taps "
                                f"or sacrifices its permanent is activated once)")
    if ability.tap:
        led.tap_mana.setdefault(p, []).append("its mana ability")
    if ability.sacrifice_self:
        led.lost_mana.setdefault(p, []).append("its own mana ability")
    led.life += ability.life
    mills = [part.count for part, _ in took if part.kind == "mill"]
    act.mill += sum(mills)
    if perm.offers[a].milled_at is None and mills:
        act.blocks.append(sum(mills))
    for part, refs in took:
        act.uses.setdefault(("ability", part.kind, part.filter), []).extend(refs)
        for ref in refs:
            led.used(ref, part.kind, f"the mana ability of {ident} ({part.kind})", led.lost_mana,
                     led.tap_mana)


# --- Convoke, improvise, delve, life: each pays one pip of the total ---------------------------


def _check_convoke(res: Resources, payment: Payment, perm_at: dict[str, int], need: list[int],
                   led: _Ledger) -> list[tuple[int, str]]:
    """Each creature convoked: an untapped creature, with the spell's convoke, paying {1} or
    one of its colors (702.51a); taken off `need`."""
    perms = res.permanents
    convoke: list[tuple[int, str]] = []
    for n, (ident, pays) in enumerate(payment.convoke):
        at = f"payment.convoke[{n}]"
        p = perm_at.get(ident)
        if p is None or not perms[p].convoker:
            why = ("the spell has no convoke" if not any(q.convoker for q in perms) and p is not None
                   and "creature" in perms[p].card.types and perms[p].can_tap
                   else f"{ident} is not an untapped creature on your battlefield"
                   if p is None or not perms[p].can_tap or "creature" not in perms[p].card.types
                   else "the spell has no convoke")
            led.problems.append(f"{at}: {why}")
            continue
        color = pays.strip("{}")
        if color != "1" and color not in convoke_colors(perms[p]):
            led.problems.append(f"{at}.pays: {ident} is not {COLOR_NAMES.get(color, color)}: "
                                f"convoke pays {{1}} or one mana of the creature's colors "
                                f"(702.51a)")
            continue
        convoke.append((p, color))
        led.tap_cost.setdefault(p, []).append("convoke")
        need[0 if color == "1" else 1 + TYPES.index(color)] -= 1
    return convoke


def _check_improvise(res: Resources, payment: Payment, perm_at: dict[str, int], need: list[int],
                     led: _Ledger) -> list[int]:
    """Each artifact improvised: an untapped artifact, with the spell's improvise, paying {1}."""
    perms = res.permanents
    improvise: list[int] = []
    for n, ident in enumerate(payment.improvise):
        p = perm_at.get(ident)
        if p is None or not perms[p].improviser:
            led.problems.append(f"payment.improvise[{n}]: "
                                + (f"{ident} is not an untapped artifact on your battlefield"
                                   if p is None or not perms[p].can_tap
                                   or "artifact" not in perms[p].card.types
                                   else "the spell has no improvise"))
            continue
        improvise.append(p)
        led.tap_cost.setdefault(p, []).append("improvise")
        need[0] -= 1
    return improvise


def _check_delve(res: Resources, payment: Payment, card_at: dict[str, int], need: list[int],
                 led: _Ledger) -> list[int]:
    """Each card delved: a card in your graveyard, with the spell's delve, paying {1}."""
    delve: list[int] = []
    for n, ident in enumerate(payment.delve):
        c = card_at.get(ident)
        if not res.delve:
            led.problems.append(f"payment.delve[{n}]: the spell has no delve")
            continue
        if c is None or res.cards[c].zone != "graveyard":
            led.problems.append(f"payment.delve[{n}]: {ident} is not a card in your graveyard")
            continue
        delve.append(c)
        led.cards_used.setdefault(c, []).append("delve")
        need[0] -= 1
    return delve


def _check_overpaid(option: Priced, need: list[int], led: _Ledger) -> None:
    """Convoke, improvise and delve pay no more of a kind than the total has."""
    if need[0] < 0:
        led.problems.append(f"payment: convoke, improvise and delve pay {-need[0]} more generic "
                            f"mana than the total {mana_text(option.mana)} has")
    for i, t in enumerate(TYPES):
        if need[1 + i] < 0:
            led.problems.append(f"payment.convoke: pays {-need[1 + i]} more {{{t}}} than the "
                                f"total {mana_text(option.mana)} has")


def _check_life_for(res: Resources, option: Priced, payment: Payment, need: list[int],
                    led: _Ledger) -> list[tuple[str, int]]:
    """K'rrik: pips of the total paid with life, each the least amount your permanents ask."""
    by_life: list[tuple[str, int]] = []
    for paid_life in payment.life_for:
        at = f"payment.life_for.{paid_life.pip}"
        t = paid_life.color
        each = res.life_for_of(t)
        if not each:
            led.problems.append(f"{at}: no permanent on your battlefield lets a {paid_life.pip} "
                                f"pip be paid with life (life_for {t})")
            continue
        if paid_life.count > need[1 + TYPES.index(t)]:
            led.problems.append(f"{at}: pays {paid_life.count} {paid_life.pip} pip"
                                f"{'s' * (paid_life.count != 1)} with life; the total "
                                f"{mana_text(option.mana)} has {need[1 + TYPES.index(t)]} left "
                                f"to pay")
            continue
        need[1 + TYPES.index(t)] -= paid_life.count
        led.life += paid_life.count * each
        by_life.append((t, paid_life.count))
    return by_life


# --- The total's non-mana costs ----------------------------------------------------------------


def _check_other(scenario: Scenario, res: Resources, option: Priced, payment: Payment,
                 ability_mill: int, perm_at: dict[str, int], card_at: dict[str, int],
                 led: _Ledger) -> dict[NeedKey, list[Ref]]:
    """The total's non-mana costs: their counts of distinct objects, matched to their filters;
    mill within the library (with what the mana abilities mill, 701.13b)."""
    spell_uses: dict[NeedKey, list[Ref]] = {}
    given = dict(payment.other)
    kinds = list(dict.fromkeys(o.kind for o in option.other))
    for kind, paid_with in given.items():
        if kind not in kinds and paid_with not in ((), 0):  # an empty entry pays nothing
            led.problems.append(f"payment.other.{kind}: the total has no {kind} cost")
    if "mill" not in kinds and ability_mill > res.library:
        led.problems.append(f"payment.sources: the mana abilities mill {ability_mill}; your "
                            f"library has {res.library} card{'s' * (res.library != 1)} "
                            f"(701.13b)")
    for kind in kinds:
        at = f"payment.other.{kind}"
        paid = given.get(kind, () if kind != "mill" else 0)
        if kind == "mill":
            count = sum(o.count for o in option.other if o.kind == kind)
            _check_mill(res, at, paid, count, ability_mill, led)
            continue
        ids = paid if isinstance(paid, tuple) else ()
        _check_objects(scenario, res, option, kind, ids, perm_at, card_at, led, spell_uses)
    return spell_uses


def _check_mill(res: Resources, at: str, paid: tuple[str, ...] | int, count: int,
                ability_mill: int, led: _Ledger) -> None:
    """The total's mill: its count, within the library with the mana abilities' (701.13b)."""
    n = paid if isinstance(paid, int) else len(paid)
    if n != count:
        led.problems.append(f"{at}: mills {n}; the total mills {count}")
    elif count + ability_mill > res.library:
        also = f" (and the mana abilities {ability_mill} more)" if ability_mill else ""
        led.problems.append(f"{at}: mills {count}{also}; your library has {res.library} "
                            f"card{'s' * (res.library != 1)} (701.13b)")


def _check_objects(scenario: Scenario, res: Resources, option: Priced, kind: str,
                   ids: tuple[str, ...], perm_at: dict[str, int], card_at: dict[str, int],
                   led: _Ledger, spell_uses: dict[NeedKey, list[Ref]]) -> None:
    """The objects given to the total's costs of one kind: their count, distinct, each where
    that kind takes it from, matched one for one to the costs' filters; recorded as used."""
    at = f"payment.other.{kind}"
    parts = [o for o in option.other if o.kind == kind]
    count = sum(o.count for o in parts)
    if len(ids) != count:
        led.problems.append(f"{at}: {len(ids)} object{'s' * (len(ids) != 1)} for the total's "
                            f"{kind} {count}")
        return
    if len(set(ids)) != len(ids):
        led.problems.append(f"{at}: names an object twice")
        return
    located = [ref_of(res, kind, ident, perm_at, card_at) for ident in ids]
    refs = [r for r in located if r is not None]
    if len(refs) != len(located):
        bad = next(i for i, r in zip(ids, located) if r is None)
        led.problems.append(f"{at}: {bad} is not {ZONE_WORDS[kind]}")
        return
    matched = matching(scenario, res, parts, refs)
    if matched is None:
        led.problems.append(f"{at}: {' '.join(ids)} can't pay "
                            + ", ".join(f"{o.kind} {o.count}{filter_words(o)}" for o in parts)
                            + " one for one")
        return
    for part, got in matched:
        spell_uses.setdefault(("spell", part.kind, part.filter), []).extend(got)
        for ref in got:
            led.used(ref, kind, f"the total's {kind}", led.lost_cost, led.tap_cost)


# --- Life, and each object used once ------------------------------------------------------------


def _check_life(res: Resources, payment: Payment, with_life_for: bool, led: _Ledger) -> None:
    """The life paid: the total's and the mana abilities', only while the life total is at
    least that (119.4)."""
    if payment.life != led.life:
        led.problems.append(f"payment.life: pays {payment.life} life; the total and the mana "
                            f"abilities ask for {led.life}"
                            + (" (the pips paid with life_for included)" if with_life_for
                               else ""))
    elif led.life > res.life:
        led.problems.append(f"payment.life: you have {res.life} life (life is paid only while "
                            f"your life total is at least the amount, 119.4)")


def _check_once(res: Resources, led: _Ledger) -> None:
    """Each permanent tapped once and lost once, and not tapped after a mana ability lost it
    (601.2g before 601.2h); each card used once."""
    for p, perm in enumerate(res.permanents):
        tapped = led.tap_mana.get(p, []) + led.tap_cost.get(p, [])
        lost = led.lost_mana.get(p, []) + led.lost_cost.get(p, [])
        if len(tapped) > 1:
            led.problems.append(f"payment: {perm.obj.id} is tapped twice ({' and '.join(tapped)})")
        if len(lost) > 1:
            led.problems.append(f"payment: {perm.obj.id} leaves the battlefield twice "
                                f"({' and '.join(lost)})")
        if led.tap_cost.get(p) and led.lost_mana.get(p):
            led.problems.append(f"payment: {perm.obj.id} is sacrificed for mana "
                                f"({led.lost_mana[p][0]}, 601.2g) before {led.tap_cost[p][0]} "
                                f"could tap it (601.2h)")
    for c, used in led.cards_used.items():
        if len(used) > 1:
            led.problems.append(f"payment: {res.cards[c].obj.id} pays twice "
                                f"({' and '.join(used)})")
