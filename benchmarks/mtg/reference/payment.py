"""One mtg/1 payment the planner names, checked by the reference: read from the plan's JSON
(`total`, `payment`, `spent`, `left_in_pool`, `score`, `objective`), never from the engine's
objects, against the raw scenario.

`check_payment(data, plan)` lists what is wrong with the payment (nothing: it is legal, it pays
the total, and its score recomputed with the reference's own charges is the plan's):

- the total is one the reference prices for the plan's cast, X and optional costs;
- each source is a permanent you control, used as one of its mana abilities allows (the mana it
  adds, its costs: {T} only untapped and not summoning sick, sacrifice itself, life, a filter's
  mana, the objects its other costs name, each matching its filter);
- every object is tapped at most once (mana abilities, their tap costs, convoke, improvise, the
  spell's tap costs) and removed at most once; an object a mana ability removes (601.2g) is not
  tapped for convoke, improvise or a tap cost afterwards (601.2h); a card is discarded, exiled or
  delved once;
- convoke, improvise and delve only as the spell has them, on creatures, artifacts and cards in
  the graveyard; convoke pays {1} or one of the creature's colors, and only pips the total has;
- the spell's own non-mana costs take exactly the counts the total asks, each object matching;
- life paid (the total's and the mana abilities') is the payment's `life`, at most the life
  total; mill at most the library;
- some order of the mana abilities (601.2g: an object's activations before its removal, a
  filter's cost from mana made before it, never restricted mana) makes the mana that pays the rest
  of the total and leaves exactly `left_in_pool`; the pool spent is in the pool;
- `spent` is what the payment spends, each as the rules call it: the mana spent on the total
  (its symbols less those convoke, improvise, delve or `life_for` paid), each of those counts,
  and the life paid; the score is the reference's charge
  of every object tapped or lost, mill and life; the objective is the score less the benefits.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import effects, knobs, spells
from .activation import Activation, charge, mana_ok
from .board import Board, board
from .brute import precedence, score_of
from .counters import counters_charged, counters_fit
from .mana import COLORS, MANA, Vec, parse_plain, parse_symbols, vec_text
from .mana_abilities import activations
from .objects import OTHER_KINDS, Priced, _matches_obj, card_colors
from .pricing import priced_casts
from .untap_mill import chained, library_top, mill_orders, untap_candidate, untap_charge


def _slots_fit(ids: list[str], slots: list[Any], fits: Any) -> bool:
    """Whether the ids can be given one to each slot (a filter) that `fits(id, filter)`."""
    if len(ids) != len(slots):
        return False
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    for k, flt in enumerate(slots):
        if fits(first, flt) and _slots_fit(rest, slots[:k] + slots[k + 1:], fits):
            return True
    return False


def _costs_text(costs: list[Any]) -> tuple[bool, bool, int, str, dict[str, list[str]]]:
    """A source's `costs` as the plan prints them: ("tap", "sacrifice_self", "pay_life N", a mana
    string, "KIND ID ID ..."): (taps, sacrifices itself, life, mana, ids by kind)."""
    taps = sac = False
    life = 0
    mana = ""
    named: dict[str, list[str]] = {}
    for c in costs:
        words = str(c).split()
        if not words:
            continue
        if words[0].startswith("{"):
            mana += str(c).strip()
        elif words[0] == "tap":
            taps = True
        elif words[0] == "sacrifice_self":
            sac = True
        elif words[0] == "pay_life":
            life += int(words[1]) if len(words) > 1 else 0
        elif words[0] in OTHER_KINDS or words[0] == "untap":     # untap: an opponent's permanent
            named.setdefault(words[0], []).extend(words[1:])
        elif words[0].startswith("remove_counters"):
            continue            # `_removed` reads them
        else:
            raise ValueError(f"unknown cost {c!r}")
    return taps, sac, life, mana, named


def _removed(s: dict[str, Any]) -> dict[str, int]:
    """The counters a source's entry removes: its `counters_removed` when given, which stands
    for its costs' `remove_counters KIND N` words; else those words (a payment written by hand)."""
    if s.get("counters_removed"):
        return {str(k): int(v) for k, v in s["counters_removed"].items() if int(v)}
    removed: Counter[str] = Counter()
    for c in s.get("costs") or []:
        words = str(c).split()
        if words and words[0].startswith("remove_counters"):
            if len(words) != 3 or not words[2].isdigit():
                raise ValueError(f"unknown cost {c!r}")
            removed[words[1]] += int(words[2])
    return {k: n for k, n in removed.items() if n}


def _vec6(text: str) -> tuple[int, ...]:
    v = parse_plain(text or "")
    if v[7]:
        raise ValueError(f"{text!r}: pool mana is never {{S}}")
    return tuple(v[1:7])


def _plain_colors(text: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for kind, arg in parse_symbols(text or ""):
        if kind != "mana":
            raise ValueError(f"not plain mana: {text!r}")
        out[arg] += 1
    return out


def _matching_totals(data: dict[str, Any], plan: dict[str, Any]) -> list[Priced]:
    total = plan.get("total") or {}
    mana = vec_text(parse_plain(str(total.get("mana") or "")))
    life = int(total.get("life", 0))
    other: Counter[str] = Counter()
    for item in total.get("other") or []:
        for k, n in item.items():
            other[k] += int(n)
    # what the plan paid of its optional costs (`paid`; earlier answers called it `optional`)
    paid = plan["paid"] if "paid" in plan else plan.get("optional")
    optional = {k: int(v) for k, v in (paid or {}).items() if v}
    x = plan.get("x")
    found: list[Priced] = []
    for x_value in ([x] if x is not None else [None, 0]):
        priced, _ = priced_casts(data, x_value)
        for p in priced:
            kinds: Counter[str] = Counter()
            for k, n, _ in p.other:
                kinds[k] += n
            if (p.cast == plan.get("cast") and vec_text(p.mana) == mana and p.life == life
                    and kinds == other and dict(p.optional) == optional and p not in found):
                found.append(p)
    return found


def check_payment(data: dict[str, Any], plan: dict[str, Any], listed: bool = True) -> list[str]:
    """What is wrong with the plan's payment ([] when it is legal, pays the total and scores as
    the plan says). A plan that is not `ok` names no payment. `listed` (the plan JSON's reading):
    a source entry must name its replacement (`replaced`) and every trigger that fired
    (`triggered`); without it (the contract's `check` reading) an omitted trigger's mana is
    added anyway, any of its options (605.4a)."""
    data = spells.face_down_view(data)
    if plan.get("status") != "ok":
        return [] if plan.get("payment") is None else ["a plan that is not ok names a payment"]
    if not isinstance(plan.get("payment"), dict):
        return ["an ok plan names no payment"]
    candidates = _matching_totals(data, plan)
    if not candidates:
        return [f"total {plan.get('total')} (cast {plan.get('cast')}, x {plan.get('x')}, paid "
                f"{plan.get('paid', plan.get('optional'))}) is not a total the reference prices"]
    b = board(data)
    top = library_top(data)
    first: list[str] | None = None
    for p in candidates:
        try:
            problems = _check(b, p, plan, listed, top)
        except (KeyError, ValueError, TypeError, IndexError) as bad:
            problems = [f"payment: unreadable ({type(bad).__name__}: {bad})"]
        if not problems:
            return []
        first = problems if first is None else first
    return first or []


class _Ledger:
    """What the payment does to each object, with the problems found on the way."""

    def __init__(self, b: Board) -> None:
        self.b = b
        self.index = {o.id: i for i, o in enumerate(b.battlefield)}
        self.hand = {o.id: o for o in b.hand}
        self.grave = {o.id: o for o in b.graveyard}
        self.problems: list[str] = []
        self.tapped: dict[int, str] = {}          # by a use other than a mana ability's cost
        self.cost_tapped: dict[int, str] = {}     # by a mana ability's tap cost
        self.late_tapped: set[int] = set()        # tapped in 601.2h
        self.removed: dict[int, str] = {}         # object -> sacrifice | return_to_hand
        self.early_removed: set[int] = set()      # removed in 601.2g
        self.cards_used: dict[str, str] = {}      # card in hand or graveyard -> how
        self.charges = 0                          # hand and graveyard cards lost

    def permanent(self, oid: str, where: str) -> int | None:
        if oid not in self.index:
            self.problems.append(f"{where}: {oid!r} is not a permanent you control")
            return None
        return self.index[oid]

    def tap(self, i: int, how: str, by_cost: bool = False, late: bool = False) -> None:
        o = self.b.battlefield[i]
        if o.tapped:
            self.problems.append(f"{how}: {o.id} is tapped already")
        before = self.tapped.get(i) or self.cost_tapped.get(i)
        if before is not None:
            self.problems.append(f"{how}: {o.id} is tapped twice (also {before})")
        (self.cost_tapped if by_cost else self.tapped)[i] = how
        if late:
            self.late_tapped.add(i)

    def remove(self, i: int, kind: str, how: str, early: bool) -> None:
        o = self.b.battlefield[i]
        if i in self.removed:
            self.problems.append(f"{how}: {o.id} is removed twice")
        self.removed[i] = kind
        if early:
            self.early_removed.add(i)

    def card(self, cid: str, kind: str, how: str, flt: Any = None) -> None:
        zone = self.grave if kind in ("exile_from_graveyard", "delve") else self.hand
        if cid not in zone:
            self.problems.append(f"{how}: {cid!r} is not a card in your "
                                 f"{'graveyard' if zone is self.grave else 'hand'}")
            return
        if cid in self.cards_used:
            self.problems.append(f"{how}: {cid} is used twice (also {self.cards_used[cid]})")
        self.cards_used[cid] = how
        weight = "exile_from_graveyard" if kind == "delve" else kind
        self.charges += charge(zone[cid], self.b.weights[weight])


@dataclass
class _Sources:
    """The mana abilities the payment's sources activate (601.2g), as read so far."""

    acts: list[Activation] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)       # each activation's permanent
    removers: dict[int, int] = field(default_factory=dict)   # object -> the activation removing it
    tappers: dict[int, list[int]] = field(default_factory=dict)  # object -> activations tapping it
    life: int = 0                                          # life the abilities cost
    mill: int = 0                                          # cards milled, the spell's costs too
    ability_mill: int = 0                                  # of which by the abilities
    # Each source's activations its entry may name, differing only in the mana of triggers it
    # leaves out (read only without `listed`).
    alternatives: list[list[Activation]] = field(default_factory=list)
    # Activation index -> the readings of a card-revealing ability (a Pendant) that fit.
    pendant_alts: dict[int, list[Activation]] = field(default_factory=dict)
    untapped_by: dict[str, str] = field(default_factory=dict)  # opponent permanent -> the source


def _check(b: Board, p: Priced, plan: dict[str, Any], listed: bool = True,
           top: list[str] | None = None) -> list[str]:
    pay = plan["payment"]
    led = _Ledger(b)
    got = _Sources()
    for n, s in enumerate(pay.get("sources") or []):
        _check_source(b, led, got, f"payment.sources[{n}]", s, listed, top or [])
    _check_counters(b, led, got)
    convoke_colors, generic_paid = _check_late_costs(b, led, pay)
    _check_other_costs(b, led, got, p, pay)
    for i in sorted(led.early_removed & led.late_tapped):
        led.problems.append(f"{b.battlefield[i].id} is sacrificed or returned by a mana ability "
                            f"(601.2g) and then tapped to pay (601.2h)")
    life_for_life, life_for_pips = _check_life_for(b, led, p, pay)
    life = _check_life_and_mill(b, led, got, p, pay, life_for_life)
    _check_mana(b, led, got, p, plan, convoke_colors, generic_paid, life_for_pips)
    _check_spent(led, p, plan, life, life_for_pips)
    _check_score(b, led, got, p, plan, life)
    return led.problems


def _source_fits(b: Board, led: _Ledger, a: Activation, named: dict[str, list[str]]) -> bool:
    """Whether the objects a source's entry names fit the activation's other costs' filters."""
    cards = b.cards
    for kind in {k for k, _, _ in a.parts if k != "mill"}:
        slots = [json.loads(fj) for k, cnt, fj in a.parts if k == kind for _ in range(cnt)]
        ids = named.get(kind, [])
        if kind in ("discard", "exile_from_hand"):
            ok = _slots_fit(ids, slots, lambda c, f: c in led.hand and _matches_obj(cards, led.hand[c], f))
        elif kind == "exile_from_graveyard":
            ok = _slots_fit(ids, slots, lambda c, f: c in led.grave and _matches_obj(cards, led.grave[c], f))
        else:
            ok = _slots_fit(ids, slots, lambda c, f: c in led.index and _matches_obj(
                cards, b.battlefield[led.index[c]], f))
        if not ok:
            return False
    return True


def _by_costs(b: Board, o: Any, s: dict[str, Any], top: list[str], named: dict[str, list[str]],
              untap_ids: list[str], costs: tuple[bool, bool, int, str]) -> list[Activation]:
    """The activations of `o`'s mana abilities whose costs are those the entry says, whatever
    mana it names: {T}, sacrifice, life, mana, the kinds and counts of the objects named, the
    untaps, the card milled from the library's top and the counters removed."""
    taps, sac, life, mana = costs
    said_milled = [str(x) for x in s.get("milled") or []]
    mana_syms = Counter(parse_symbols(mana))
    removed = _removed(s)
    found: list[Activation] = []
    for a in b.flagged(o, activations(b.cards[o.card])):
        kinds: Counter[str] = Counter()
        for k, cnt, _ in a.parts:
            kinds[k] += cnt
        names_ok = set(named) <= set(kinds) and all(
            k == "mill" or len(named.get(k, [])) == cnt for k, cnt in kinds.items())
        untaps_ok = (sum(n for n, _ in a.untaps) == len(untap_ids)
                     and (a.milled >= 0) == bool(said_milled)
                     and (a.milled < 0 or (len(said_milled) == 1 and a.milled < len(top)
                                           and top[a.milled] == said_milled[0])))
        if (a.taps == taps and a.sac_self == sac and a.life == life and untaps_ok
                and Counter(a.mana_cost) == mana_syms and names_ok and dict(a.counters) == removed):
            found.append(a)
    return found


def _check_source(b: Board, led: _Ledger, got: _Sources, where: str, s: dict[str, Any],
                  listed: bool, top: list[str]) -> None:
    """601.2g: one source's activation, read from its entry and recorded in `got`."""
    i = led.permanent(str(s.get("id")), where)
    if i is None:
        return
    o = b.battlefield[i]
    adds = _plain_colors(str(s.get("adds") or ""))
    taps, sac, life, mana, named = _costs_text(list(s.get("costs") or []))
    untap_ids = named.pop("untap", [])
    said_untapped = [str(x) for x in s.get("untapped") or []]
    if sorted(untap_ids) != sorted(said_untapped):
        led.problems.append(f"{where}: costs untap {untap_ids}, but untapped says {said_untapped}")
    by_costs = _by_costs(b, o, s, top, named, untap_ids, (taps, sac, life, mana))
    labelled = b.affected(o, by_costs, labels=True)
    fitting = [a for a in labelled if Counter(a.adds) == adds]
    if not fitting and labelled is not by_costs:
        led.problems.append(_unreplaced(b, o, where, s, by_costs, labelled, adds))
        return
    if labelled is not by_costs:
        fitting, why = _labels_fit(s, fitting, where, listed)
        if not fitting:
            led.problems += why
            return
    chosen = next((a for a in fitting if _source_fits(b, led, a, named)), None)
    if chosen is None:
        led.problems.append(f"{where}: {o.id} ({o.card}) has no mana ability adding "
                            f"{s.get('adds')!r} for the costs {s.get('costs')}"
                            + (" with those objects" if fitting else ""))
        return
    got.alternatives.append([a for a in fitting if a.ability == chosen.ability
                             and _source_fits(b, led, a, named)])
    if chosen.milled >= 0:
        got.pendant_alts[len(got.acts)] = [b.flagged(o, [a])[0] for a in fitting
                                           if _source_fits(b, led, a, named)]
    if untap_ids:
        _untaps_ok(b, led, where, chosen, untap_ids, got.untapped_by)
    _record_source(b, led, got, where, i, chosen, named)


def _record_source(b: Board, led: _Ledger, got: _Sources, where: str, i: int,
                   chosen: Activation, named: dict[str, list[str]]) -> None:
    """The chosen activation of permanent `i`: what it taps, removes, mills and costs in life."""
    o = b.battlefield[i]
    j = len(got.acts)
    got.acts.append(chosen)
    got.owners.append(i)
    got.life += chosen.life
    if chosen.taps:
        if o.sick and "creature" in set(b.cards[o.card].get("types") or []):
            led.problems.append(f"{where}: {o.id} is a summoning-sick creature; its {{T}} "
                                f"ability can't be activated (302.6)")
        led.tap(i, f"{where} ({o.id}'s {{T}})")
    if chosen.sac_self:
        led.remove(i, "sacrifice", where, early=True)
        got.removers[i] = j
    for kind, cnt, _ in chosen.parts:
        if kind == "mill":
            got.mill += cnt
            got.ability_mill += cnt
    for kind, ids in named.items():
        for cid in ids:
            if kind == "mill":
                continue
            if kind in ("discard", "exile_from_hand", "exile_from_graveyard"):
                led.card(cid, kind, f"{where} ({kind})")
                continue
            t = led.permanent(cid, f"{where} ({kind})")
            if t is None:
                continue
            if kind == "tap_untapped":
                led.tap(t, f"{where} (tap cost)", by_cost=True)
                got.tappers.setdefault(t, []).append(j)
            else:
                led.remove(t, kind, f"{where} ({kind})", early=True)
                got.removers[t] = j


def _check_counters(b: Board, led: _Ledger, got: _Sources) -> None:
    """One permanent's mana abilities remove at most the counters it may spend; the activated
    ability's own counter cost (loyalty included) must be payable."""
    for i in sorted(set(got.owners)):
        if not counters_fit(tuple(a for a, owner in zip(got.acts, got.owners) if owner == i)):
            led.problems.append(f"payment.sources: {b.battlefield[i].id}'s mana abilities remove more "
                                f"counters than it has")
    if b.counters_short:
        led.problems.append("the ability's cost removes more counters than its permanent has")


def _check_late_costs(b: Board, led: _Ledger, pay: dict[str, Any]) -> tuple[Counter[str], int]:
    """601.2h: convoke, improvise, delve; the colors convoke pays and the generic mana they pay."""
    spell, cards = b.spell, b.cards
    convoke_colors: Counter[str] = Counter()
    generic_paid = 0
    for n, c in enumerate(pay.get("convoke") or []):
        where = f"payment.convoke[{n}]"
        if not spell.get("convoke") or spell.get("_ability"):
            led.problems.append(f"{where}: the spell has no convoke")
        i = led.permanent(str(c.get("id")), where)
        if i is None:
            continue
        o = b.battlefield[i]
        if "creature" not in set(cards[o.card].get("types") or []):
            led.problems.append(f"{where}: {o.id} is not a creature")
        led.tap(i, where, late=True)
        pays = str(c.get("pays"))
        if pays == "{1}":
            generic_paid += 1
        else:
            color = pays.strip("{}")
            if color not in COLORS or color not in card_colors(cards[o.card]):
                led.problems.append(f"{where}: {o.id} can't pay {pays} (its colors: "
                                    f"{sorted(card_colors(cards[o.card]))})")
            convoke_colors[color] += 1
    for n, oid in enumerate(pay.get("improvise") or []):
        where = f"payment.improvise[{n}]"
        if not spell.get("improvise") or spell.get("_ability"):
            led.problems.append(f"{where}: the spell has no improvise")
        i = led.permanent(str(oid), where)
        if i is None:
            continue
        if "artifact" not in set(cards[b.battlefield[i].card].get("types") or []):
            led.problems.append(f"{where}: {oid} is not an artifact")
        led.tap(i, where, late=True)
        generic_paid += 1
    for n, cid in enumerate(pay.get("delve") or []):
        where = f"payment.delve[{n}]"
        if not spell.get("delve") or spell.get("_ability"):
            led.problems.append(f"{where}: the spell has no delve")
        led.card(str(cid), "delve", where)
        generic_paid += 1
    return convoke_colors, generic_paid


def _check_other_costs(b: Board, led: _Ledger, got: _Sources, p: Priced,
                       pay: dict[str, Any]) -> None:
    """601.2h: the spell's own non-mana costs, exactly as the total asks."""
    cards = b.cards
    other = pay.get("other") or {}
    spell_kinds = {k for k, _, _ in p.other} | set(other)
    for kind in sorted(spell_kinds):
        where = f"payment.other.{kind}"
        wanted = [json.loads(fj) for k, cnt, fj in p.other if k == kind for _ in range(cnt)]
        if kind == "mill":
            if int(other.get("mill") or 0) != len(wanted):
                led.problems.append(f"{where}: {other.get('mill')}, the total mills {len(wanted)}")
            got.mill += len(wanted)
            continue
        ids = [str(x) for x in other.get(kind) or []]
        if kind in ("discard", "exile_from_hand", "exile_from_graveyard"):
            zone = led.grave if kind == "exile_from_graveyard" else led.hand
            fit = _slots_fit(ids, wanted, lambda c, f, zone=zone: c in zone
                             and _matches_obj(cards, zone[c], f))
            for cid in ids:
                led.card(cid, kind, where)
        else:
            fit = _slots_fit(ids, wanted, lambda c, f: c in led.index and _matches_obj(
                cards, b.battlefield[led.index[c]], f))
            for cid in ids:
                i = led.permanent(cid, where)
                if i is None:
                    continue
                if kind == "tap_untapped":
                    led.tap(i, where, late=True)
                else:
                    led.remove(i, kind, where, early=False)
        if not fit:
            led.problems.append(f"{where}: {ids} is not what the total asks ({len(wanted)} "
                                f"matching {wanted})")
        if kind not in OTHER_KINDS:
            led.problems.append(f"{where}: not a cost")


def _check_life_for(b: Board, led: _Ledger, p: Priced,
                    pay: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """Pips of the total paid with life instead (a K'rrik), at the least amount: the life they
    cost, and color -> pips so paid."""
    life_for_life = 0
    life_for_pips: dict[str, int] = {}
    for pip, count in (pay.get("life_for") or {}).items():
        where = f"payment.life_for.{pip}"
        color = str(pip).strip("{}")
        if color not in b.life_for:
            led.problems.append(f"{where}: no permanent of yours lets {pip} be paid with life")
            continue
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            led.problems.append(f"{where}: {count!r} is no count of pips")
            continue
        if count > p.mana[1 + MANA.index(color)]:
            led.problems.append(f"{where}: {count}, the total has {p.mana[1 + MANA.index(color)]}")
            continue
        life_for_pips[color] = count
        life_for_life += count * b.life_for[color]
    return life_for_life, life_for_pips


def _check_life_and_mill(b: Board, led: _Ledger, got: _Sources, p: Priced, pay: dict[str, Any],
                         life_for_life: int) -> int:
    """The payment's life (the total's, the mana abilities' and life_for's, at most the life
    total) and mill (at most the library); the life paid."""
    life = int(pay.get("life", 0))
    if life != p.life + got.life + life_for_life:
        led.problems.append(f"payment.life: {life}, but the total asks {p.life}, the mana "
                            f"abilities {got.life} and life_for {life_for_life}")
    if life > b.life_total:
        led.problems.append(f"payment.life: {life} is more than the life total {b.life_total}")
    if got.mill > b.library:
        led.problems.append(f"mill {got.mill}: the library has {b.library} cards")
    return life


def _check_mana(b: Board, led: _Ledger, got: _Sources, p: Priced, plan: dict[str, Any],
                convoke_colors: Counter[str], generic_paid: int,
                life_for_pips: dict[str, int]) -> None:
    """The mana: the rest of the total, from the pool and the abilities in some order, leaving
    left_in_pool; the pool spent is mana the pool had."""
    pay = plan["payment"]
    rest: list[int] = list(p.mana)
    for color, count in convoke_colors.items():
        if color in COLORS:
            rest[1 + MANA.index(color)] -= count
    rest[0] -= generic_paid
    for color, count in life_for_pips.items():
        rest[1 + MANA.index(color)] -= count
    if min(rest) < 0:
        led.problems.append(f"convoke, improvise and delve pay more than the total "
                            f"{vec_text(p.mana)} has of some kind")
    left = _vec6(str(plan.get("left_in_pool") or ""))
    if min(rest) >= 0:
        rest_vec: Vec = (rest[0], rest[1], rest[2], rest[3], rest[4], rest[5], rest[6], rest[7])
        preds = precedence(got.owners, got.removers, got.tappers)
        spell_mill = got.mill - got.ability_mill
        # (the trigger choices and the Pendant readings never meet: the two are refused
        # together, and only one is drawn per cast)
        if not any(mana_ok(rest_vec, variant, chained(preds, order), b.units(), b.usable, left=left,
                           any_color=b.any_color, restricted0=b.restricted_units())
                   for choice in _trigger_choices(got.alternatives, got.acts)
                   for variant in _pendant_variants(list(choice), got.pendant_alts)
                   for order in mill_orders(variant, spell_mill)):
            pool_vec: Vec = (0, *b.pool0[:6], 0)  # type: ignore[assignment]
            led.problems.append(f"mana: the pool {vec_text(pool_vec)!r} and the sources can't "
                                f"pay {vec_text(rest_vec)!r} (and the filters' costs) leaving "
                                f"{plan.get('left_in_pool')!r} in the pool, in any order (601.2g)")
    made = [0] * 6
    for a in got.acts:
        for c in a.adds + sum((t[1] for t in a.triggers), ()):
            made[MANA.index(c)] += 1
    spent_pool = _vec6(str(pay.get("pool") or ""))
    # The restricted mana already in the pool: all of it stays there but what the play spends
    # (left_in_pool is all the pool holds after the play), and the play may spend the entries
    # it meets.
    held, admitted = [0] * 6, [0] * 6
    for fj, mana in b.restricted_pool:
        held = [h + m for h, m in zip(held, mana)]
        if b.usable(fj):
            admitted = [a + m for a, m in zip(admitted, mana)]
    for i in range(6):
        if (spent_pool[i] > b.pool0[i] + admitted[i]
                or spent_pool[i] > b.pool0[i] + held[i] + made[i] - left[i]):
            led.problems.append(f"payment.pool: {pay.get('pool')!r} is not mana the pool had and "
                                f"the payment spent")
            break


def _check_spent(led: _Ledger, p: Priced, plan: dict[str, Any], life: int,
                 life_for_pips: dict[str, int]) -> None:
    """`spent`, each part as the rules call it spent (601.2h): the mana spent on the total is
    its symbols less those a creature convoked (702.51a), an artifact improvised (702.126a) or a
    card delved (702.66a) paid, and those life paid instead (`life_for`, K'rrik); each of those
    counted in a field of its own; `life` all the life the payment pays."""
    spent = plan.get("spent") or {}
    pay = plan.get("payment") or {}
    convoke, improvise, delve = (len(pay.get(k) or []) for k in ("convoke", "improvise", "delve"))
    by_life = sum(life_for_pips.values())
    want = {"mana": sum(p.mana) - convoke - improvise - delve - by_life, "convoke": convoke,
            "improvise": improvise, "delve": delve, "life": life, "life_for": by_life}
    if spent != want:
        led.problems.append(f"spent: {spent}, but the payment spends {want}")


def _check_score(b: Board, led: _Ledger, got: _Sources, p: Priced, plan: dict[str, Any],
                 life: int) -> None:
    """The score, with the reference's own charges, and the objective: the score less the
    benefits."""
    score = (score_of(b, dict(led.removed), set(led.tapped), set(led.cost_tapped)) + led.charges
             + (got.mill - got.ability_mill * knobs.DIAGNOSE_FREE_MANA_MILL) * b.weights["mill"]
             + life * b.weights["life"] + counters_charged(b, got.acts)
             + untap_charge(b, got.acts))
    if plan.get("score") != score:
        led.problems.append(f"score: the plan says {plan.get('score')}, the reference's charges "
                            f"of this payment come to {score}")
    elif plan.get("objective") is not None and plan.get("objective") != score - p.benefit:
        led.problems.append(f"objective: the plan says {plan.get('objective')}, the score less "
                            f"the benefits is {score - p.benefit}")


def _unreplaced(b: Board, o: Any, where: str, s: dict[str, Any], by_costs: list[Activation],
                labelled: list[Activation], adds: Counter[str]) -> str:
    """Why no activation of `o` makes the entry's mana under the mana effects: the mana
    claimed is what a replacement takes away (naming the effect's permanents), or none at all."""
    if any(Counter(a.adds) == adds for a in by_costs):
        outputs = sorted({"".join(f"{{{c}}}" for c in a.adds) for a in labelled
                          if a.replaced_by is not None and Counter(a.was) == adds})
        by = sorted({e.holder.id for e in b.effects if e.kind == "replace"
                     and effects.reaches(b.cards, e, o) and sum(adds.values()) >= e.at_least})
        return (f"{where}: {o.id}'s {s.get('adds')!r} is replaced by the effect of "
                f"{', '.join(by)} (614.1a): it makes {' or '.join(outputs) or 'other mana'}")
    return (f"{where}: {o.id} ({o.card}) has no mana ability adding {s.get('adds')!r} for the "
            f"costs {s.get('costs')} under the mana effects")


def _labels_fit(s: dict[str, Any], fitting: list[Activation], where: str, listed: bool
                ) -> tuple[list[Activation], list[str]]:
    """The activations whose replacement and triggers the entry's `replaced` and `triggered`
    name, else the problems of the first: `replaced` is {by: the replacement applied last,
    was: the output before any}, present only when one applied (needed with `listed`);
    `triggered` lists each trigger that fired, once, in the effects' order, with one of its
    options (with `listed` none left out; else a trigger left out adds any of its options)."""
    replaced = s.get("replaced")
    listed_triggers = list(s.get("triggered") or [])
    first: list[str] | None = None
    out: list[Activation] = []
    for a in fitting:
        why: list[str] = []
        if a.replaced_by is None and replaced is not None:
            why.append(f"{where}.replaced: no replacement applies to it")
        elif a.replaced_by is not None and replaced is None:
            if listed:
                why.append(f"{where}: made {s.get('adds')!r} by {a.replaced_by}'s replacement "
                           f"and names no `replaced`")
        elif a.replaced_by is not None and isinstance(replaced, dict):
            try:
                was = _plain_colors(str(replaced.get("was") or ""))
            except ValueError:
                was = Counter()
            if str(replaced.get("by")) != a.replaced_by or was != Counter(a.was):
                why.append(f"{where}.replaced: {replaced}, not by {a.replaced_by} from "
                           f"{''.join('{' + c + '}' for c in a.was)}")
        fired = [t[0] for t in a.triggers]
        named = [str(t.get("id")) if isinstance(t, dict) else "" for t in listed_triggers]
        for k, t in enumerate(listed_triggers):
            tid = named[k]
            if tid not in fired:
                why.append(f"{where}.triggered[{k}]: no trigger of {tid!r} fires for it")
                continue
            if named.count(tid) > 1:
                why.append(f"{where}.triggered[{k}]: {tid}'s trigger fires once")
                continue
            try:
                mana = _plain_colors(str(t.get("adds") or ""))
            except ValueError:
                mana = Counter()
            theirs = next(m for i, m, _, _ in a.triggers if i == tid)
            if mana != Counter(theirs):
                why.append(f"{where}.triggered[{k}]: {tid}'s trigger adds "
                           f"{''.join('{' + c + '}' for c in theirs)} here, not {t.get('adds')!r}")
        in_order = [i for i in fired if i in named]
        if [i for i in named if i in fired] != in_order:
            why.append(f"{where}.triggered: not in the order of the battlefield objects ({fired})")
        if listed and set(fired) - set(named):
            why.append(f"{where}.triggered: leaves out the trigger of "
                       f"{', '.join(sorted(set(fired) - set(named)))} (605.4a: it always adds)")
        if not why:
            out.append(a)
        elif first is None:
            first = why
    return out, ([] if out else first or [])


def _trigger_choices(alternatives: list[list[Activation]], acts: list[Activation]
                     ) -> list[tuple[Activation, ...]]:
    """The sources' activations with every choice of the mana of the triggers the entries left
    out (`check_payment` without `listed`; one choice otherwise), at most 4,096."""
    if all(len(alts) <= 1 for alts in alternatives):
        return [tuple(acts)]
    return list(itertools.islice(itertools.product(*alternatives), 4096))


def _untaps_ok(b: Board, led: _Ledger, where: str, a: Activation, ids: list[str],
               untapped_by: dict[str, str]) -> None:
    """The source's untap cost names distinct permanents of the opponent, each
    tapped and matching its atom's filter (for `adds: untapped`, one that could produce the
    mana the entry adds), none untapped by another source too."""
    opp = {o.id: o for o in b.opp_field}
    slots = [(fj, a.untap_colors) for n, fj in a.untaps for _ in range(n)]
    for oid in ids:
        if oid not in opp:
            led.problems.append(f"{where}: untap {oid!r} is not a permanent the opponent controls")
        elif oid in untapped_by:
            led.problems.append(f"{where}: {oid} is untapped twice (also {untapped_by[oid]})")
        untapped_by.setdefault(oid, where)
    if len(set(ids)) != len(ids):
        led.problems.append(f"{where}: untap names one permanent twice")
    if all(oid in opp for oid in ids) and not _slots_fit(
            ids, slots, lambda oid, slot: untap_candidate(b, opp[oid], slot[0], slot[1])):
        led.problems.append(f"{where}: untap {ids}: not tapped permanents of the opponent its "
                            f"cost matches (or none could produce {''.join(a.adds)}, 106.7)")


def _pendant_variants(acts: list[Activation], alts: dict[int, list[Activation]]
                      ) -> list[list[Activation]]:
    """Each reading of the Pendants' positions (a card named twice in library_top may be either)."""
    if not alts:
        return [acts]
    keys = sorted(alts)
    out: list[list[Activation]] = []
    for combo in itertools.product(*(alts[k] for k in keys)):
        variant = list(acts)
        for k, a in zip(keys, combo):
            variant[k] = a
        out.append(variant)
    return out


__all__ = ["check_payment"]
