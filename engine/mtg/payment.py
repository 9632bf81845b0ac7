"""Paying a total in `mtg/1` (601.2g-h, 605, 702.51 convoke, 702.66 delve, 702.126 improvise):
what your permanents, cards, life and pool can give, and what each use costs (the one scorer).

- The pool is spent first and free; mana left in it stays there (and is reported).
- Each permanent activates at most one of its mana abilities, once. A {T} ability needs the
  permanent untapped, and a creature not summoning sick (302.6); it pays the ability's other
  costs: life, sacrificing itself, mana from other sources (a filter land), non-mana costs such
  as sacrificing another creature to an altar. Restricted mana (`only_for`) can be made only when
  the spell is what it is restricted to, and then pays only the spell.
- Convoke taps an untapped creature (summoning sick or not) to pay {1} or one mana of one of its
  colors; improvise taps an untapped artifact to pay {1}; delve exiles a card from your graveyard
  to pay {1}. They pay the spell's total only, never a mana ability's cost.
- Non-mana costs take distinct objects matching their filter: sacrifice / return_to_hand /
  tap_untapped from your battlefield, discard / exile_from_hand from your hand (not the card
  being cast), exile_from_graveyard from your graveyard; mill takes cards from the library, never
  more than it holds; life only while the life total is at least the amount (to 0 is allowed).
- Order within the payment (601.2g then 601.2h): a permanent tapped for mana may then be
  sacrificed or returned by a cost; one sacrificed for mana (its own ability, or an altar's) is
  gone before convoke, improvise or a tap cost could tap it.

Charges (the objective): each object tapped by its type (a land that is also a creature is a
land), each object sacrificed / exiled / discarded / returned the weight of that, or its
`value`, once (tapping it too adds nothing), each life point and each card milled their weight.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Filter, ManaAbility, MtgScenario, Obj, OtherCost
from .mana import COLORS, Mana, total
from .total_cost import object_matches, spell_matches

LEAVES = ("sacrifice", "return_to_hand")  # what takes a permanent away in 601.2h


@dataclass(frozen=True, slots=True)
class Offer:
    """One usable mana ability of a permanent: index in the card's `mana` list."""

    index: int
    ability: ManaAbility
    restricted: bool  # its mana pays the spell only


@dataclass(frozen=True, slots=True)
class Permanent:
    """One of your permanents, as the payment sees it."""

    obj: Obj
    card: Card
    position: int  # state order
    offers: tuple[Offer, ...]
    tap_charge: int
    can_tap: bool  # untapped (for convoke, improvise, tap costs)
    convoke: tuple[str, ...]  # colors it can pay by convoke ({1} always); () and not convoker: no
    convoker: bool
    improviser: bool


@dataclass(frozen=True, slots=True)
class CardInZone:
    obj: Obj
    card: Card
    zone: str  # hand | graveyard
    position: int


@dataclass(frozen=True, slots=True)
class Resources:
    pool: Mana
    permanents: tuple[Permanent, ...]
    cards: tuple[CardInZone, ...]
    life: int
    library: int
    delve: bool

    def mana_cap(self) -> int:
        """The most the resources could ever pay toward a total (for X and counts)."""
        out = total(self.pool)
        for p in self.permanents:
            best = max((max(total(m) for m in o.ability.adds) for o in p.offers), default=0)
            out += max(best, 1 if (p.convoker or p.improviser) else 0)
        if self.delve:
            out += sum(1 for c in self.cards if c.zone == "graveyard")
        return out


def tap_weight_key(card: Card) -> str:
    if "land" in card.types:
        return "tap_land"
    if "creature" in card.types:
        return "tap_creature"
    if "artifact" in card.types:
        return "tap_artifact"
    return "tap_other"


def resources(scenario: MtgScenario, spell: Card, spell_id: str) -> Resources:
    """Everything that can pay for casting `spell` (object `spell_id`, which pays nothing)."""
    you = scenario.state.you
    objective = scenario.objective
    permanents = []
    for pos, obj in enumerate(you.battlefield):
        card = scenario.cards[obj.card]
        offers = []
        for i, ability in enumerate(card.mana):
            if ability.tap and (obj.tapped or (obj.sick and "creature" in card.types)):
                continue
            restricted = ability.only_for is not None
            if ability.only_for is not None and not spell_matches(ability.only_for, spell):
                continue
            offers.append(Offer(i, ability, restricted))
        convoker = spell.convoke and "creature" in card.types and not obj.tapped
        permanents.append(Permanent(
            obj, card, pos, tuple(offers), objective.weight(tap_weight_key(card)),
            not obj.tapped, card.card_colors() if convoker else (), convoker,
            spell.improvise and "artifact" in card.types and not obj.tapped))
    cards = []
    for zone in ("hand", "graveyard"):
        for pos, obj in enumerate(you.zone(zone)):
            if obj.id != spell_id:
                cards.append(CardInZone(obj, scenario.cards[obj.card], zone, pos))
    return Resources(you.mana_pool, tuple(permanents), tuple(cards), you.life, you.library,
                     spell.delve)


def can_pay_with(scenario: MtgScenario, need: OtherCost, obj: Obj, zone: str) -> bool:
    """Whether `obj` (yours, in `zone`) can pay one of the non-mana cost `need`."""
    wanted = {"sacrifice": "battlefield", "return_to_hand": "battlefield",
              "tap_untapped": "battlefield", "discard": "hand", "exile_from_hand": "hand",
              "exile_from_graveyard": "graveyard"}.get(need.kind)
    if wanted != zone:
        return False
    if need.filter.controller == "opponent":
        return False
    f = need.filter
    return object_matches(scenario, Filter(f.type, f.not_type, f.tags, f.color, f.name,
                                           object=f.object), obj)


def leave_charge(scenario: MtgScenario, kind: str, obj: Obj) -> int:
    """What losing `obj` to a cost of `kind` charges: its value, else the weight."""
    if obj.value is not None and kind != "tap_untapped":
        return obj.value
    key = "sacrifice" if kind == "sacrifice_self" else kind
    return scenario.objective.weight(key)


def convoke_colors(p: Permanent) -> tuple[str, ...]:
    return tuple(c for c in COLORS if c in p.convoke)
