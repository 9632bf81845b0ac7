"""Reading the sources and objects a payment the player chose names (`engine.mtg.checker`): which
usable mana ability of a permanent a source is, from its words (`offer_of`: its costs, the
counters it removes, the opponent's permanents it untaps, the card it mills and reads, the mana
effects reaching it), and which objects can pay a non-mana cost (`ref_of`, `matching`).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from .cards import ZONE_OF_KIND, ManaAbility, OtherCost, Scenario
from .check_mana import seven
from .mana import Mana, mana_text, total
from .payment import SourceUse
from .resources import Permanent, Resources, can_pay_with, per_counter
from .total_cost import summoning_sick

Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index), into `Resources`
NeedKey = tuple[str, str, object]  # (spell | ability, kind, filter), as `Usage.uses` keys them


ZONE_WORDS = {"sacrifice": "a permanent on your battlefield",
              "return_to_hand": "a permanent on your battlefield",
              "tap_untapped": "an untapped permanent on your battlefield",
              "discard": "a card in your hand (other than the one cast)",
              "exile_from_hand": "a card in your hand (other than the one cast)",
              "exile_from_graveyard": "a card in your graveyard"}


def filter_words(o: OtherCost) -> str:
    f = o.filter
    parts = [*(f.type or ()), *(f"not {t}" for t in f.not_type), *f.tags, *f.color]
    if f.all_types:
        parts.append(" and ".join(f.all_types))
    if f.name is not None:
        parts.append(f.name)
    if f.object is not None:
        parts.append(f.object)
    return f" ({' '.join(parts)})" if parts else ""


def ref_of(res: Resources, kind: str, ident: str, perm_at: dict[str, int],
           card_at: dict[str, int]) -> Ref | None:
    """Where an object a non-mana cost names is, for that kind of cost (None: not there)."""
    zone = ZONE_OF_KIND.get(kind)
    if zone == "battlefield" and ident in perm_at:
        p = perm_at[ident]
        return None if kind == "tap_untapped" and not res.permanents[p].can_tap else ("p", p)
    if zone in ("hand", "graveyard") and ident in card_at and res.cards[card_at[ident]].zone == zone:
        return ("c", card_at[ident])
    return None


def matching(scenario: Scenario, res: Resources, parts: list[OtherCost], refs: list[Ref]
             ) -> list[tuple[OtherCost, list[Ref]]] | None:
    """The objects given to the non-mana costs of one kind, one for one, each to a cost whose
    filter it meets (a bipartite matching by augmenting paths); None when there is none."""
    slots = [k for k, part in enumerate(parts) for _ in range(part.count)]  # a part per unit

    def fits(slot: int, ref: Ref) -> bool:
        obj, zone = ((res.permanents[ref[1]].obj, "battlefield") if ref[0] == "p"
                     else (res.cards[ref[1]].obj, res.cards[ref[1]].zone))
        return can_pay_with(scenario, parts[slots[slot]], obj, zone)

    owner: dict[int, int] = {}  # slot -> index in refs

    def place(r: int, seen: set[int]) -> bool:
        for slot in range(len(slots)):
            if slot in seen or not fits(slot, refs[r]):
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = r
                return True
        return False

    for r in range(len(refs)):
        if not place(r, set()):
            return None
    out: list[tuple[OtherCost, list[Ref]]] = []
    for k, part in enumerate(parts):
        out.append((part, [refs[owner[s]] for s, slot in enumerate(slots) if slot == k]))
    return out


def untap_words(use: SourceUse) -> tuple[SourceUse, tuple[str, ...]]:
    """A source without its `untap ID ...` cost words, and the opponent permanents it says it
    untapped (those words' ids, else its `untapped` list)."""
    words = [w for w in use.costs if w.split()[:1] == ["untap"]]
    ids = tuple(i for w in words for i in w.split()[1:]) or use.untapped
    return replace(use, costs=tuple(w for w in use.costs if w not in words)), ids


def milled_position(scenario: Scenario, use: SourceUse, taken: list[int]) -> int | str:
    """The position in `library_top` of the card an `adds: milled` source names (the first not
    taken by an earlier source: cards of one id are alike), taken now; or why there is none."""
    top = scenario.state.you.library_top
    if len(use.milled) != 1:
        return (f"milled: an adds: milled activation mills one card and reads it: name it, like "
                f"milled: [{top[0] if top else 'CARD'}]" + ("" if top else
                                                            "; no card is known on top of your "
                                                            "library (library_top): the top card "
                                                            "is hidden"))
    j = next((j for j, card in enumerate(top) if card == use.milled[0] and j not in taken), None)
    if j is None:
        return (f"milled: {use.milled[0]} is not a card known on top of your library left to "
                f"mill (library_top: [{', '.join(top)}]; a card past it is hidden)")
    taken.append(j)
    return j


def read_elsewhere(scenario: Scenario, untapped_by: dict[str, list[str]],
                   milled_taken: list[int], blocks: list[int]) -> list[str]:
    """The problems of the sources reading other objects, together: an opponent's permanent
    untapped twice; known cards read that no order of the milling mana abilities reaches
    (`mills_fit`: each mill of N cards is one block of N, 701.13a)."""
    out = [f"payment.sources: {ident} is untapped twice ({' and '.join(by)}); an untap cost "
           f"untaps a tapped permanent" for ident, by in untapped_by.items() if len(by) > 1]
    top = scenario.state.you.library_top
    cards = [top[j] for j in milled_taken]
    if cards and not mills_fit(top, cards, blocks):
        out.append(f"payment.sources: no order of the mana abilities mills {', '.join(cards)} "
                   f"with the adds: milled sources (library_top: [{', '.join(top)}]; the other "
                   f"mana abilities mill blocks of {blocks or 'no cards'}, each a whole block, "
                   f"701.13a)")
    return out


def mills_fit(top: tuple[str, ...], cards: list[str], blocks: list[int]) -> bool:
    """Whether the `adds: milled` activations can read `cards` (card ids of `library_top`, one
    each) with the other milling mana abilities' blocks (`blocks`: the cards each mills) in some
    order (601.2g): each read card at a distinct position whose card it is, every position
    before the last read one milled by a read or inside a whole block; the blocks left over
    come after."""
    where = [[j for j, c in enumerate(top) if c == card] for card in cards]

    def fill(gaps: list[int], left: list[int]) -> bool:
        if not gaps:
            return True
        if gaps[0] == 0:
            return fill(gaps[1:], left)
        for i, n in enumerate(left):
            if n <= gaps[0] and (i == 0 or left[i - 1] != n) and fill(
                    [gaps[0] - n] + gaps[1:], left[:i] + left[i + 1:]):
                return True
        return False

    for picked in itertools.product(*where):
        if len(set(picked)) != len(picked):
            continue
        reads = sorted(picked)
        gaps = [b - a - 1 for a, b in zip([-1] + reads, reads)]
        if fill(gaps, sorted(blocks)):
            return True
    return False


def _sacrificed_mismatch(perm: Permanent, use: SourceUse) -> str | None:
    """Why a source naming `sacrifice ID` is no `adds: sacrificed` offer of `perm` (Squandered
    Resources): ID is not a permanent its cost may take, or could not produce the mana claimed
    (106.7); None when `perm` has no such ability or the words name no sacrifice."""
    if not any(m.reads == "sacrificed" for m in perm.card.mana):
        return None
    named = [w.split()[1] for w in use.costs if w.startswith("sacrifice ") and len(w.split()) == 2]
    if len(named) != 1:
        return None
    bound = [o for o in perm.offers if o.ability.other and o.ability.other[0].filter.object
             == named[0]]
    if not bound:
        return (f"costs: sacrifice {named[0]}: {perm.obj.id}'s adds: sacrificed ability can't "
                f"sacrifice it (not a permanent of yours its filter matches that could produce "
                f"a type of mana, 106.7)")
    read = sorted({mana_text(m) for o in bound for m in o.ability.adds})
    return (f"{perm.obj.id}'s mana ability sacrificing {named[0]} adds {' or '.join(read)} (a "
            f"type it could produce, 106.7), not {mana_text(use.adds)}")


def offer_of(scenario: Scenario, res: Resources, perm: Permanent, use: SourceUse,
             card_at: dict[str, int], untaps: tuple[str, ...] = (),
             milled_at: int | None = None
             ) -> tuple[int, list[int], list[tuple[OtherCost, list[Ref]]]] | str:
    """Which usable mana ability of `perm` a source of the payment is (the offer, the add
    options it may be: under a trigger the source leaves out, each of the trigger's), and the
    objects its own non-mana costs take, as its `costs` words name them (the
    plan's words: `tap`, `sacrifice_self`, `pay_life 1`, its mana cost, and `KIND ID ...` for
    each non-mana cost); or why it is none. `untaps`, `milled_at`: the opponent permanents it
    untaps and the known card it reads (`engine.mtg.produce`), which the offer must be."""
    ident = perm.obj.id
    if untaps and not any(sorted(o.untaps) == sorted(untaps) for o in perm.offers):
        return (f"untap {' '.join(untaps)}: no mana ability of {ident} untaps that (an untap "
                f"cost untaps distinct tapped permanents of the opponent's matching its filter)")
    candidates = [(a, k) for a, offer in enumerate(perm.offers)
                  if sorted(offer.untaps) == sorted(untaps) and offer.milled_at == milled_at
                  and not per_counter(offer.ability)  # named by its removal: `storage_of`
                  for k in claimed_options(offer.ability, use)]
    stored = next((o.ability for o in perm.offers if per_counter(o.ability)
                   and claimed_options(o.ability, use)), None)
    if not candidates and stored is not None:
        return (f"costs: {list(use.costs)} name no counters removed: {ident}'s per: removed "
                f"ability removes X {stored.removed} counters for its X mana (expected "
                f"{[str(stored.mana)] if stored.mana.symbols else []} and "
                f"'remove_counters {stored.removed} X', X the mana it adds)")
    if not candidates and (untaps or milled_at is not None):
        read = sorted({mana_text(m) for o in perm.offers if sorted(o.untaps) == sorted(untaps)
                       and o.milled_at == milled_at for m in o.ability.adds})
        what = (f"untapping {' '.join(untaps)} (a type it could produce, 106.7)" if untaps
                else f"milling {scenario.state.you.library_top[milled_at or 0]} (its colored "
                     f"mana symbols)")
        return (f"{ident}'s mana ability {what} adds {' or '.join(read) or 'no mana'}, not "
                f"{mana_text(use.adds)}")
    if not candidates:
        wrong = _effects_mismatch(perm, use)
        if wrong is not None:
            return wrong
        printed = [ability for ability in perm.card.mana if use.adds in ability.adds]
        if not perm.card.mana:
            return f"{ident} has no mana ability"
        if not printed:
            options = sorted({mana_text(m) for ability in perm.card.mana for m in ability.adds})
            return f"{ident} has no mana ability that adds {mana_text(use.adds)} (it adds " \
                   f"{' or '.join(options)})"
        ability = printed[0]
        if ability.tap and perm.obj.tapped:
            return f"{ident} is tapped: its mana ability costs {{T}}"
        if ability.tap and summoning_sick(scenario, perm.obj):
            return f"{ident} is a summoning-sick creature: it can't tap for mana (302.6)"
        return f"{ident}'s mana that adds {mana_text(use.adds)} can't pay for this spell (only_for)"
    for a in dict.fromkeys(a for a, _ in candidates):
        ability = perm.offers[a].ability
        took = _took(scenario, res, ability, use.costs, card_at)
        if took is not None:
            return a, [k for b, k in candidates if b == a], took
    wrong = _sacrificed_mismatch(perm, use)
    if wrong is not None:
        return wrong
    expected = [w for w in perm.offers[candidates[0][0]].ability.cost_words()]
    return (f"costs: {list(use.costs)} are not the costs of {ident}'s mana ability that adds "
            f"{mana_text(use.adds)} (expected {expected}, each non-mana cost as its kind and the "
            f"ids of the objects it takes, like 'sacrifice c2', that can pay it)")


def claimed_options(ability: ManaAbility, use: SourceUse) -> list[int]:
    """The options of `ability` (an offer's, its `adds` folded under mana effects) a source of
    a payment may be: its own output `use.adds` (after replacement; its `replaced`, when
    given, the last replacement's permanent and the output before any) and, under triggers, each
    triggered mana it lists among the activation's; a trigger it leaves out adds anyway
    (605.4a: not optional), any of its options."""
    if not ability.made:
        return ([] if use.triggered or use.replaced is not None
                else [k for k, m in enumerate(ability.adds) if m == use.adds])
    out: list[int] = []
    for way in ability.made:
        if way.own != use.adds or not _within(use.triggered, way.triggered):
            continue
        if use.replaced is not None and (way.by, way.was) != use.replaced:
            continue
        k = ability.adds.index(way.folded)
        if k not in out:
            out.append(k)
    return out


def _within(given: tuple[tuple[str, Mana], ...], made: tuple[tuple[str, Mana], ...]) -> bool:
    """Whether each entry of `given` is one of `made`, each of `made` taken once."""
    rest = list(made)
    for t in given:
        if t not in rest:
            return False
        rest.remove(t)
    return True


def _effects_mismatch(perm: Permanent, use: SourceUse) -> str | None:
    """Why a source's mana is not what its activation makes under the mana effects reaching
    it (a replaced output claimed as it was, a triggered mana that is not an option), or None."""
    ident = perm.obj.id
    ways = [w for o in perm.offers for w in o.ability.made]
    if use.triggered and not any(w.triggered for w in ways):
        return f"triggered: no triggered mana ability fires when {ident} is tapped for mana"
    # The ways making the source's own mana, when some does (a trigger's `adds: produced`
    # reads that output): a triggered mana is one of their options.
    ways = [w for w in ways if w.own == use.adds] or ways
    for t, (tid, mana) in enumerate(use.triggered):
        options = [m for w in ways for i, m in w.triggered if i == tid]
        if not options:
            return (f"triggered[{t}]: {tid} has no triggered mana ability that {ident}'s "
                    f"activation fires")
        if mana not in options:
            texts = " or ".join(dict.fromkeys(mana_text(m) for m in options))
            return (f"triggered[{t}].adds: {tid}'s triggered mana ability adds {texts}, not "
                    f"{mana_text(mana)} (605.1b)")
    for w in ways:
        if w.by is not None and w.was == use.adds and not any(v.own == use.adds for v in ways):
            return (f"adds: {ident}'s activation would make {mana_text(w.was)}, but {w.by}'s "
                    f"replacement makes {mana_text(w.own)} instead (614.1a)")
    if use.replaced is not None:
        done = [w for w in ways if w.by is not None and w.own == use.adds]
        if not done:
            return (f"replaced: no replacement makes {mana_text(use.adds)} when {ident} is "
                    f"tapped for mana")
        if not any((w.by, w.was) == use.replaced for w in done):
            return (f"replaced: {ident}'s {mana_text(use.adds)} is "
                    + " or ".join(dict.fromkeys(f"{w.by}'s replacement of {mana_text(w.was)}"
                                                for w in done)) + " (614.1a)")
    return None


def with_removal_words(use: SourceUse) -> SourceUse:
    """A source whose `counters_removed` is given (the plan's JSON has it): its `remove_counters`
    cost words are those counts (the words it lists for them, if any, are not read)."""
    if not use.counters_removed:
        return use
    words = tuple(w for w in use.costs if not w.startswith("remove_counters"))
    words += tuple(f"remove_counters {kind} {n}" for kind, n in use.counters_removed)
    return replace(use, costs=words)


def storage_of(perm: Permanent, use: SourceUse) -> tuple[int, list[int]] | str | None:
    """A source naming a `per: removed` ability of `perm` (its costs name `remove_counters KIND
    X`): that offer and the add option of each mana it made (X units), or why it can't be;
    None when the source names no such ability (another of `perm`'s abilities may be it)."""
    for a, offer in enumerate(perm.offers):
        ability = offer.ability
        if not per_counter(ability):
            continue
        x = total(use.adds)
        word = f"remove_counters {ability.removed} {x}"
        if not any(w.startswith(f"remove_counters {ability.removed} ") for w in use.costs):
            continue
        expected = ["tap"] if ability.tap else []  # Sand Silos: its {T}
        expected += [str(ability.mana)] if ability.mana.symbols else []
        if sorted(use.costs) != sorted(expected + [word]):
            return (f"costs: {list(use.costs)} are not the costs of {perm.obj.id}'s per: removed "
                    f"ability adding {mana_text(use.adds)} (expected {expected + [word]}: X is "
                    f"the mana it adds)")
        units: list[int] = []
        for i in range(7):
            k = next((j for j, m in enumerate(ability.adds) if m[i]), None)
            if use.adds[i] and k is None:
                return (f"{perm.obj.id}'s per: removed ability adds no "
                        f"{mana_text(seven([int(j == i) for j in range(7)]))}")
            units += [k] * use.adds[i] if k is not None else []
        if not units:
            return f"{perm.obj.id}'s per: removed ability removes 1 counter or more (X >= 1)"
        return a, units
    return None


def _took(scenario: Scenario, res: Resources, ability: ManaAbility, words: tuple[str, ...],
          card_at: dict[str, int]) -> list[tuple[OtherCost, list[Ref]]] | None:
    """The objects each non-mana cost of `ability` takes, read from the payment's words for it,
    or None when the words are not this ability's (or name objects that can't pay)."""
    left = list(words)
    fixed = [w for w in ability.cost_words()
             if not any(w == f"{o.kind} {o.count}" for o in ability.other)]
    took: list[tuple[OtherCost, list[Ref]]] = []
    perm_at = {p.obj.id: i for i, p in enumerate(res.permanents)}
    for part in ability.other:
        if part.kind == "mill":  # cards from the library, no object: the word is its count
            if f"mill {part.count}" not in left:
                return None
            left.remove(f"mill {part.count}")
            took.append((part, []))
            continue
        word = next((w for w in left if w.split()[:1] == [part.kind] and w not in fixed), None)
        if word is None:
            return None
        left.remove(word)
        ids = word.split()[1:]
        if len(ids) != part.count or len(set(ids)) != len(ids):
            return None
        found = [ref_of(res, part.kind, i, perm_at, card_at) for i in ids]
        placed = [r for r in found if r is not None]
        if len(placed) != len(found):
            return None
        if matching(scenario, res, [part], placed) is None:
            return None
        took.append((part, placed))
    # The fixed words: each given one is the ability's; each of the ability's is given, but a
    # word the plan leaves out where a non-mana cost of the same kind's word replaced it.
    if any(w not in fixed for w in left):
        return None
    if any(w not in left and not any(w.startswith(o.kind) for o in ability.other) for w in fixed):
        return None
    return took
