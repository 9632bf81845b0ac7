"""Restricted mana in the pool (106.6: "spend this mana only on ..."): what a play may spend of
it, and what is left of each restriction after the play.

A restriction is a filter read on the spell or ability played (`only_for`, as a mana ability's):
mana restricted by it pays that play when the play meets it, and nothing otherwise (it stays in
the pool, as it was). It never pays a mana ability's cost (a filter land's {1}: that is not the
spell).

What a play leaves follows one fixed rule, so that the pool after a play is the same whichever
solver named its payment: of each type, the play spends its restricted mana first (the pool's
entries it meets in their order, then the mana its restricted mana abilities made), then the
unrestricted mana. Unrestricted mana of a type can do whatever restricted mana of that type can,
so spending the restricted first never leaves a later play less to pay with. Entries with the
same restriction merge.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..problems import DataPath
from .cards import ZONES, Card, Filter, ManaAbility, RestrictedMana, Scenario
from .mana import NO_MANA, TYPES, Mana, add
from .total_cost import spell_matches

if TYPE_CHECKING:
    from .payment import Payment


def meets(only_for: Filter, card: Card) -> bool:
    """Whether the spell or ability played (`card`, an ability's stand-in) meets `only_for`."""
    return spell_matches(only_for, card)


def spendable(scenario: Scenario, card: Card) -> Mana:
    """The pool's mana the play of `card` may spend: the unrestricted pool and every restricted
    entry it meets."""
    you = scenario.state.you
    pool = you.mana_pool
    for entry in you.restricted_pool:
        if meets(entry.only_for, card):
            pool = add(pool, entry.mana)
    return pool


def _ability(scenario: Scenario, source_id: str, adds: Mana) -> list[ManaAbility]:
    """The mana abilities of the permanent `source_id` whose options list `adds`."""
    obj = next((o for o in scenario.state.you.battlefield if o.id == source_id), None)
    if obj is None:
        return []
    return [m for m in scenario.cards[obj.card].mana if adds in m.adds]


def kept(scenario: Scenario, pool: Mana) -> Mana:
    """The pool's restricted mana a play may not spend, `pool` being what it may spend of the
    pool (`spendable`): it stays in the pool as it was."""
    you = scenario.state.you
    if not you.restricted_pool:
        return NO_MANA
    held = functools.reduce(add, (e.mana for e in you.restricted_pool), you.mana_pool)
    return _mana([max(0, h - p) for h, p in zip(held, pool)])


def made_restricted(scenario: Scenario, payment: Payment) -> list[RestrictedMana]:
    """The mana the payment's restricted mana abilities made, each with its restriction, in the
    payment's order. A source's ability is the one of its card whose options list the mana it
    added; when an unrestricted one does, the mana is read as unrestricted."""
    out = []
    for source in payment.sources:
        abilities = _ability(scenario, source.id, source.adds)
        if abilities and all(m.only_for is not None for m in abilities):
            only = abilities[0].only_for
            assert only is not None
            out.append(RestrictedMana(source.adds, only))
    return out


def _ability_costs(scenario: Scenario, payment: Payment) -> list[int]:
    """For each type, the most of it the mana costs of the payment's mana abilities (a filter
    land's) could have taken: restricted mana paid none of it."""
    out = [0] * 7
    for source in payment.sources:
        for ability in _ability(scenario, source.id, source.adds)[:1]:
            for symbol in ability.mana.symbols:
                n = max(symbol.amount, 1)
                for t in range(1, 7):
                    if symbol.kind in ("generic", "monohybrid") or TYPES[t - 1] in symbol.colors:
                        out[t] += n
    return out


def pool_after(scenario: Scenario, payment: Payment, card: Card | None,
               left: Mana) -> tuple[Mana, tuple[RestrictedMana, ...]]:
    """The pool after the play of `card` (None: a play no entry of the pool is known to meet),
    paid by `payment`, that left `left` of what it could spend (`spendable` and the mana made):
    its unrestricted mana and its restricted entries (module docstring). Where a filter land's
    cost was paid too, the mana it took is read as the most it could have been, so the mana
    left is read as restricted where it might be (never as free where it is not)."""
    you = scenario.state.you
    entries = list(you.restricted_pool)
    met = [i for i, e in enumerate(entries)
           if card is not None and meets(e.only_for, card)]
    made = made_restricted(scenario, payment)
    if not met and not made:
        return left, tuple(entries)
    supply = [entries[i] for i in met] + made  # restricted mana this play could spend
    available = spendable(scenario, card) if card is not None else you.mana_pool
    for source in payment.sources:
        available = add(available, source.adds)
    costs = _ability_costs(scenario, payment)
    plain = list(left)
    kept: list[list[int]] = [[0] * 7 for _ in supply]
    for t in range(1, 7):
        # What the play spent of type t on itself, restricted mana first, earlier first.
        # No more restricted mana is left than is left of type t.
        spent = max(0, available[t] - left[t] - costs[t],
                    sum(s.mana[t] for s in supply) - left[t])
        for j, s in enumerate(supply):
            took = min(spent, s.mana[t])
            spent -= took
            kept[j][t] = s.mana[t] - took
        plain[t] -= sum(k[t] for k in kept)
    after: list[RestrictedMana] = []
    carried = {i: kept[j] for j, i in enumerate(met)}
    for i, e in enumerate(entries):
        after.append(RestrictedMana(_mana(carried[i]), e.only_for) if i in carried else e)
    after += [RestrictedMana(_mana(kept[len(met) + j]), m.only_for) for j, m in enumerate(made)]
    return _mana(plain), merge(after)


def merge(entries: list[RestrictedMana]) -> tuple[RestrictedMana, ...]:
    """The entries with mana, those with the same restriction as one (in the first's place)."""
    out: dict[Filter, Mana] = {}
    for e in entries:
        if any(e.mana):
            out[e.only_for] = add(out.get(e.only_for, NO_MANA), e.mana)
    return tuple(RestrictedMana(m, f) for f, m in out.items())


def refusals(scenario: Scenario) -> list[tuple[DataPath, str]]:
    """Where restricted mana meets what the payments do not build (one line each): restricted
    mana in the pool, or (for `payplan turn` and `plays`, which carry it) made by a mana
    ability, beside a mana ability with a mana cost (a filter land: its cost is paid from the
    pool, which restricted mana never pays). Only your cards are read (your objects', and the
    tokens their effects make): no other card's ability is ever activated by you."""
    mine = _your_cards(scenario)
    filters = [(card_id, j) for card_id in mine
               for j, m in enumerate(scenario.cards[card_id].mana) if m.mana.symbols]
    if not filters:
        return []
    card_id, j = filters[0]
    beside = (f"beside a mana ability with a mana cost (cards.{card_id}.mana[{j}]) is not built: "
              f"the pool pays a filter's cost, restricted mana never does")
    if scenario.state.you.restricted_pool:
        return [(("state", "you", "restricted_pool"), f"restricted mana in the pool {beside}")]
    if scenario.turn is None and not scenario.plays:
        return []
    for cid in mine:
        for i, m in enumerate(scenario.cards[cid].mana):
            if m.only_for is not None:
                return [(("cards", cid, "mana", i, "only_for"),
                         f"restricted mana carried between plays {beside} (`payplan turn`, "
                         f"`plays`: plan each play with `payplan plan` or `play`)")]
    return []


def _your_cards(scenario: Scenario) -> list[str]:
    """The cards of your objects (every zone) and of the tokens their effects make, each once,
    in state order."""
    you = scenario.state.you
    ids = dict.fromkeys(o.card for z in ZONES for o in you.zone(z))
    for card_id in list(ids):
        card = scenario.cards.get(card_id)  # an unknown card is a problem of its own already
        effect = card.effect if card is not None else None
        if effect is not None:
            ids.update(dict.fromkeys(token for token, _ in effect.tokens))
    return [i for i in ids if i in scenario.cards]


def _mana(v: list[int]) -> Mana:
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6])


__all__ = ["kept", "made_restricted", "meets", "merge", "pool_after", "refusals", "spendable"]
