"""Paying a total in `mtg/1` (601.2g-h, 605, 702.51 convoke, 702.66 delve, 702.126 improvise):
what your permanents, cards, life and pool can give, and what each use costs (the one scorer).

- The pool is spent first and free; mana left in it stays there (and is reported).
- Each permanent activates at most one of its mana abilities that tap or sacrifice it, once (a
  second would find it tapped or gone). A mana ability that does neither (Ashnod's Altar,
  Phyrexian Altar, Seton's "tap an untapped Druid") may be activated again and again in the same
  payment, as long as each activation's costs can be paid (601.2g: the player activates the
  mana abilities they wish, 605; only a cost limits how often, and {T} or sacrificing the
  permanent can be paid once): `Offer.repeats` (`repeat_bound`). A {T} ability needs the permanent untapped, and a creature not summoning sick
  (302.6); it pays the ability's other costs: life, sacrificing itself, mana from other sources
  (a filter land), non-mana costs such as sacrificing another creature to an altar. Restricted mana (`only_for`) can be made only when
  the spell is what it is restricted to, and then pays only the spell; a payment the player
  chose may make it for another spell (`check_payment`): it pays nothing and stays in the pool
  (106.6).
- Convoke taps an untapped creature (summoning sick or not) to pay {1} or one mana of one of its
  colors; improvise taps an untapped artifact to pay {1}; delve exiles a card from your graveyard
  to pay {1}. They pay the spell's total only, never a mana ability's cost.
- Non-mana costs take distinct objects matching their filter: sacrifice / return_to_hand /
  tap_untapped from your battlefield, discard / exile_from_hand from your hand (not the card
  being cast), exile_from_graveyard from your graveyard; mill takes cards from the library, never
  more than it holds; life only while the life total is at least the amount (to 0 is allowed).
- Mana effects (issue 25): an activation of a {T} mana ability of your permanent that a
  `replace` effect reaches makes the replacement's mana when it would make its `at_least` or more
  (614.1a; several in every order, 616.1), and each `trigger` effect reaching it adds one of its
  options at once (605.4a). Each way an activation can go is an option of the offer's ability
  (`under_effects`): the pool math counts the triggered mana with the activation's.
- Order within the payment (601.2g then 601.2h): a permanent tapped for mana may then be
  sacrificed or returned by a cost; one sacrificed for mana (its own ability, or an altar's) is
  gone before convoke, improvise or a tap cost could tap it.

Charges (the objective): each object tapped by its type (a land that is also a creature is a
land), each object sacrificed / exiled / discarded / returned the weight of that, or its
`value`, once (tapping it too adds nothing), each life point and each card milled their weight.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Protocol

from .cards import ZONE_OF_KIND, Card, Filter, Made, ManaAbility, ManaEffect, Obj, OtherCost, Scenario
from .mana import COLOR_NAMES, COLORS, NO_MANA, TYPES, Mana, add, mana_text, total, total_text
from .produce import choices as produced
from .produce import hidden_mill
from .total_cost import Choices, Priced, loyalty_cost, object_matches, spell_matches

LEAVES = ("sacrifice", "return_to_hand")  # what takes a permanent away in 601.2h
REPEAT = 20  # activations of a repeatable mana ability that no object, life or library bounds


def ability_scope(p: int, a: int) -> str:
    """The scope of the non-mana needs of permanent p's mana ability a when it takes its
    objects apart from the other abilities (`Usage.uses` keys; the model's removers)."""
    return f"ability {p} {a}"


def repeatable(ability: ManaAbility) -> bool:
    """Neither taps nor sacrifices its permanent: activated as often as its costs can be paid.
    (A `per: removed` ability is activated once, X chosen: the model and the payments count it
    one activation per mana it makes, `per_counter`.)"""
    return not ability.tap and not ability.sacrifice_self


def per_counter(ability: ManaAbility) -> bool:
    """A storage land's `per: removed` ability: one activation, X counters removed, X mana; a
    payment lists it once per mana made (its mana cost paid once, `merged`)."""
    return ability.removed is not None


def available_counters(obj: Obj, played: Priced | None) -> tuple[tuple[str, int], ...]:
    """The counters on `obj` its mana abilities may remove: all of them, less what the cost of
    the ability being activated removes when `obj` is that ability's permanent (`played`)."""
    if played is None:
        return obj.counters
    return tuple((k, n - played.removed(k)) for k, n in obj.counters)


def counters_allow(ability: ManaAbility, counters: tuple[tuple[str, int], ...]) -> bool:
    """Whether the counters there pay one activation of `ability` (a `per: removed` one: X = 1)."""
    have = dict(counters)
    return all(have.get(k, 0) >= ability.removes(k) for k in ability.counter_kinds())


def merged(res: Resources, activations: tuple[tuple[int, int, int], ...] | list[tuple[int, int, int]]
           ) -> list[tuple[int, int, Mana, int]]:
    """The activations as the rules make them: (permanent, offer, the mana added, how many
    units): each listed one alone, but the units of a `per: removed` ability together, one
    activation adding all their mana (its X the count), where its first unit is."""
    out: list[tuple[int, int, Mana, int]] = []
    where: dict[tuple[int, int], int] = {}
    for p, a, k in activations:
        ability = res.permanents[p].offers[a].ability
        adds = ability.adds[k]
        if per_counter(ability) and (p, a) in where:
            i = where[(p, a)]
            q, b, made, n = out[i]
            out[i] = (q, b, add(made, adds), n + 1)
            continue
        if per_counter(ability):
            where[(p, a)] = len(out)
        out.append((p, a, adds, 1))
    return out


@dataclass(frozen=True, slots=True)
class Offer:
    """One usable mana ability of a permanent: index in the card's `mana` list."""

    index: int
    ability: ManaAbility
    restricted: bool  # its mana pays the spell only
    # False: restricted (`only_for`) to what this spell is not; only a payment the player chose
    # activates it (`resources(..., floating=True)`), and its mana stays in the pool.
    pays: bool = True
    repeats: int = 1  # activations at most in one payment (`repeat_bound`; 1 unless repeatable)
    # False: its permanent does not match the spell's `spend_only`: its mana may pay a filter
    # ability's cost, never the spell (`Resources.spend_only`).
    spendable: bool = True
    # An `untap` cost's choice (Benthic Explorers): the opponent permanents it untaps, each at
    # most once in a payment (`engine.mtg.produce`).
    untaps: tuple[str, ...] = ()
    # `adds: milled` (Charmed Pendant): the position in `library_top` of the card it mills,
    # each position at most once in a payment, milled only when the mana abilities mill more
    # than that many cards.
    milled_at: int | None = None

    @property
    def reads_other(self) -> bool:
        """Whether it untaps an opponent's permanent or reads a milled card (issue 25, G2):
        each of its choices is used once, and only the model pays with it."""
        return bool(self.untaps) or self.milled_at is not None


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
    counters: tuple[tuple[str, int], ...] = ()  # what its mana abilities may remove (by kind)


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
    # The spell's `spend_only` (Myr Superion): only the mana of the offers `spendable` may be
    # spent on it; the pool's (no known producer) may pay filter abilities' costs only.
    spend_only: Filter | None = None
    snow_pool: Mana = NO_MANA  # the pool's snow mana (`Player.snow_pool`): it pays {S}
    # Your permanents with a usable `adds: milled` ability that could meet a card past
    # `library_top` (never activated on it: nobody knows its mana).
    hidden_mills: tuple[str, ...] = ()
    # Your permanents with a usable mana ability whose `untap` cost finds nothing to untap (no
    # tapped opponent permanent matching, or none that could produce a type of mana).
    idle_untaps: tuple[str, ...] = ()
    # K'rrik (`Card.life_for`): (color, life, the permanent's id): each pip of that color in
    # the total may be paid with that much life, the least among your permanents (the first
    # in state order of those asking it); W U B R G order.
    life_for: tuple[tuple[str, int, str], ...] = ()
    # `mana_cap`'s answer once asked (a plan asks it for the options, the reasons and the
    # shortfall): a function of the fields above, and `replace` makes a fresh one.
    _cap: list[int] = field(default_factory=list, init=False, compare=False, repr=False)

    def life_for_of(self, color: str) -> int:
        """The life one pip of `color` costs paid with life; 0: it can't be."""
        return next((n for c, n, _ in self.life_for if c == color), 0)

    def life_pips(self, mana: Mana | None = None) -> int:
        """The most pips `life_for` could pay with your life alone: of `mana`'s pips of its
        colors (any number when None), as many as the life total pays at the least amount."""
        if not self.life_for:
            return 0
        most = self.life // min(n for _, n, _ in self.life_for)
        if mana is None:
            return most
        return min(most, sum(mana[1 + TYPES.index(c)] for c, _, _ in self.life_for))

    def cast_cap(self) -> int:
        """`mana_cap` and the pips life could pay instead (`life_pips`): what bounds X and the
        counts of the cast's options (`engine.mtg.options.cast_options`)."""
        return self.mana_cap() + self.life_pips()

    @property
    def pool_spendable(self) -> bool:
        """Whether the pool's mana may be spent on the spell (not under `spend_only`)."""
        return self.spend_only is None

    def mana_cap(self) -> int:
        """The most the resources could ever pay toward a total (for X and counts): per
        permanent its best ability that taps or sacrifices it (or convoke, improvise), plus
        every activation its repeatable abilities could make, each less the mana it costs.
        Permanents of one `kind_of` have the same offers (`resources`), so each such class is
        worked out once."""
        if not self._cap:
            self._cap.append(self._mana_cap())
        return self._cap[0]

    def _mana_cap(self) -> int:
        out = total(self.pool) if self.pool_spendable else 0
        each: dict[tuple[object, ...], int] = {}
        for p in self.permanents:
            if not p.offers and not p.convoker and not p.improviser:
                continue  # it gives nothing (a tapped land, a creature without convoke)
            key = kind_of(p)
            if key not in each:
                best = max((max(total(m) for m in o.ability.adds) for o in p.offers
                            if o.pays and o.spendable and not repeatable(o.ability)), default=0)
                most = max(best, 1 if (p.convoker or p.improviser) else 0)
                for o in p.offers:
                    if o.pays and o.spendable and per_counter(o.ability):
                        most += max(0, o.repeats - _mana_size(o.ability))  # once, X mana
                    elif o.pays and o.spendable and repeatable(o.ability):
                        gain = max(total(m) for m in o.ability.adds) - _mana_size(o.ability)
                        most += max(0, gain) * o.repeats
                each[key] = most
            out += each[key]
        if self.delve:
            out += sum(1 for c in self.cards if c.zone == "graveyard")
        return out


def _mana_size(ability: ManaAbility) -> int:
    """The mana a filter ability's own cost takes (a hybrid pip one)."""
    return sum(s.amount if s.kind == "generic" else 1 for s in ability.mana.symbols)


def repeat_bound(scenario: Scenario, ability: ManaAbility, permanents: tuple[Permanent, ...],
                 cards: tuple[CardInZone, ...], life: int, library: int,
                 counters: tuple[tuple[str, int], ...] = ()) -> int:
    """How many times a repeatable mana ability can be activated in one payment: each
    activation pays all its costs again (601.2g, 605), so at most the objects its non-mana costs can
    take (distinct objects: an untapped one for a tap cost) over the count each takes, the life
    total over its life (119.4), the library over its mill (seed 003: no cost mills more than
    the library holds). These bounds are the rules' own, however large (an altar and 60
    creatures: 60 activations); only an ability none of them bounds (its costs are mana at most)
    is cut at `REPEAT`, a documented limit of the planner."""
    bounds = []
    for part in ability.other:
        if part.kind == "mill":
            bounds.append(library // part.count)
            continue
        eligible = sum(1 for p in permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                       and (part.kind != "tap_untapped" or p.can_tap))
        eligible += sum(1 for c in cards if can_pay_with(scenario, part, c.obj, c.zone))
        bounds.append(eligible // part.count)
    if ability.life:
        bounds.append(life // ability.life)
    have = dict(counters)
    for kind in ability.counter_kinds():  # the counters on its permanent (Druids' Repository)
        bounds.append(have.get(kind, 0) // ability.removes(kind))
    return min(bounds) if bounds else REPEAT


def tap_weight_key(card: Card) -> str:
    if "land" in card.types:
        return "tap_land"
    if "creature" in card.types:
        return "tap_creature"
    if "artifact" in card.types:
        return "tap_artifact"
    return "tap_other"


def resources(scenario: Scenario, spell: Card, spell_id: str,
              floating: bool = False, holder: str = "") -> Resources:
    """Everything that can pay for casting `spell` (object `spell_id`, which pays nothing).
    With `floating` (`payplan check`: a payment the player chose), a mana ability restricted
    to what the spell is not is an offer too, whose mana pays nothing (`Offer.pays`): activating
    it while casting is legal (106.6: the restriction is on spending), the mana stays in the
    pool. `holder`: for an ability being activated, its permanent (the counters its cost
    removes are not there for that permanent's mana abilities)."""
    you = scenario.state.you
    objective = scenario.objective
    barred = spell.spend_only
    permanents = []
    millers: list[str] = []  # permanents with a usable `adds: milled` ability
    other_mills = 0  # cards the other usable mana abilities mill, one activation each
    idle: list[str] = []  # permanents whose untap cost finds nothing to untap
    played = _activation_price(scenario, spell) if holder else None
    effects = mana_effects(scenario)
    for pos, obj in enumerate(you.battlefield):
        card = scenario.cards[obj.card]
        spendable = barred is None or object_matches(scenario, barred, obj)
        offers = []
        counters = available_counters(obj, played if obj.id == holder else None)
        for i, ability in enumerate(card.mana):
            if ability.tap and (obj.tapped or (obj.sick and "creature" in card.types)):
                continue
            if not counters_allow(ability, counters):
                continue  # too few counters for even one activation
            restricted = ability.only_for is not None
            if ability.per is not None:
                ability = counted_ability(scenario, ability, obj)
                if not ability.adds:
                    if not (ability.tap and triggers_on(scenario, obj, effects)):
                        continue  # it would add nothing (601.2g): never part of a payment
                    # Tapped for mana all the same (106.12): the triggers it fires add theirs
                    # (Market Festival on a Gaea's Cradle with no creature).
                    ability = replace(ability, adds=(NO_MANA,))
            if effects:
                ability = under_effects(scenario, ability, obj, effects)
            if ability.reads == "milled":
                millers.append(obj.id)
            elif any(o.kind == "mill" for o in ability.other):
                other_mills += sum(o.count for o in ability.other if o.kind == "mill")
            made = produced(scenario, ability)
            if ability.untap and not made:
                idle.append(obj.id)
            for chosen, untaps, milled_at in made:
                if chosen.only_for is not None and (not spendable or not spell_matches(
                        chosen.only_for, spell, obj.chosen_type)):
                    # Restricted to what this spell is not, or to this spell but made by a
                    # permanent its `spend_only` bars: it pays nothing here.
                    if floating:
                        offers.append(Offer(i, chosen, True, pays=False, untaps=untaps,
                                            milled_at=milled_at))
                    continue
                offers.append(Offer(i, chosen, restricted, spendable=spendable, untaps=untaps,
                                    milled_at=milled_at))
        convoker = spell.convoke and "creature" in card.types and not obj.tapped
        permanents.append(Permanent(
            obj, card, pos, tuple(offers), objective.weight(tap_weight_key(card)),
            not obj.tapped, card.card_colors() if convoker else (), convoker,
            spell.improvise and "artifact" in card.types and not obj.tapped, counters))
    cards = []
    for zone in ("hand", "graveyard"):
        for pos, obj in enumerate(you.zone(zone)):
            if obj.id != spell_id:
                cards.append(CardInZone(obj, scenario.cards[obj.card], zone, pos))
    perms, zone_cards = tuple(permanents), tuple(cards)
    # A permanent with no repeatable offer is kept as it is (a copy would be equal). An offer
    # that untaps an opponent's permanent or mills a known card is one choice: at most once.
    perms = tuple(replace(p, offers=tuple(
        replace(o, repeats=_once_if(o.reads_other, repeat_bound(
            scenario, o.ability, perms, zone_cards, you.life, you.library, p.counters)))
        if repeatable(o.ability) else o for o in p.offers))
        if any(repeatable(o.ability) for o in p.offers) else p for p in perms)
    hidden = tuple(millers) if hidden_mill(scenario, len(millers), other_mills) else ()
    return Resources(you.mana_pool, perms, zone_cards, you.life, you.library, spell.delve,
                     barred, you.snow_pool, hidden, tuple(dict.fromkeys(idle)),
                     life_for(scenario))


def _once_if(one_choice: bool, bound: int) -> int:
    """A repeatable offer's activations at most: `bound`, or at most 1 for an offer that is
    one choice (an opponent's permanent untapped, a known card milled)."""
    return min(1, bound) if one_choice else bound


class SharedResources:
    """`resources` for casting several spells of one state (`payplan hand`), the permanents
    worked out once per class of spells that see them alike. What `resources` makes of the
    permanents depends on the spell only through its `spend_only`, whether it has convoke and
    improvise, and, for each mana ability restricted by `only_for`, whether the spell matches
    it; and through the cards in hand and graveyard (all but the spell) only where a mana
    ability repeats (`repeat_bound` counts them). So spells with no `spend_only`, the same two
    flags and the same matches share the permanents where no permanent's offer repeats; the
    cards (all but the spell) and `delve` are each spell's own. Abilities (a `holder`) and the
    rest get `resources` itself. The answer equals `resources`' (tests/test_mtg_shortcuts.py)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self._restricted = [(obj.chosen_type, only) for obj in scenario.state.you.battlefield
                            for ability in scenario.cards[obj.card].mana
                            if (only := ability.only_for) is not None]
        self._first: dict[tuple[object, ...], Resources | None] = {}

    def of(self, spell: Card, spell_id: str) -> Resources:
        """`resources(scenario, spell, spell_id)`."""
        if spell.spend_only is not None:
            return resources(self.scenario, spell, spell_id)
        key = (spell.convoke, spell.improvise,
               tuple(spell_matches(only, spell, chosen) for chosen, only in self._restricted))
        if key not in self._first:
            first = resources(self.scenario, spell, spell_id)
            repeats = any(repeatable(o.ability) for p in first.permanents for o in p.offers)
            self._first[key] = None if repeats else first
            return first
        shared = self._first[key]
        if shared is None:
            return resources(self.scenario, spell, spell_id)
        # The permanents and what they say of hidden mills and idle untaps are the spell's
        # class's; the cards (all but the spell) and delve its own.
        return replace(shared, cards=_zone_cards(self.scenario, spell_id), delve=spell.delve)


def _zone_cards(scenario: Scenario, spell_id: str) -> tuple[CardInZone, ...]:
    """Your cards in hand and graveyard but the spell's, as `resources` lists them."""
    you = scenario.state.you
    return tuple(CardInZone(obj, scenario.cards[obj.card], zone, pos)
                 for zone in ("hand", "graveyard")
                 for pos, obj in enumerate(you.zone(zone)) if obj.id != spell_id)


def life_for(scenario: Scenario) -> tuple[tuple[str, int, str], ...]:
    """What your permanents' `life_for` let pay with life (`Resources.life_for`): per color,
    the least life among them and the first permanent asking it. An opponent's helps only
    its controller (not you)."""
    best: dict[str, tuple[int, str]] = {}
    for obj in scenario.state.you.battlefield:
        card = scenario.cards.get(obj.card)
        for color, n in card.life_for if card is not None else ():
            if color not in best or n < best[color][0]:
                best[color] = (n, obj.id)
    return tuple((c, best[c][0], best[c][1]) for c in COLORS if c in best)


def _activation_price(scenario: Scenario, spell: Card) -> Priced | None:
    """What the cost of the ability `spell` stands in for removes from its permanent: its
    `remove_counters` and a negative loyalty cost after the cost changers (a `Priced` holding
    only those), or None when it removes none."""
    loyalty = loyalty_cost(scenario, spell)
    if not spell.remove and not loyalty:
        return None
    return Priced(Choices("ability"), NO_MANA, 0, (), (), (), spell.remove, loyalty)


def devotion(scenario: Scenario, color: str) -> int:
    """Your devotion to `color` (700.5): its mana symbols among the mana costs of your
    permanents; a hybrid symbol counts for each of its colors, a Phyrexian one for its own."""
    out = 0
    for obj in scenario.state.you.battlefield:
        card = scenario.cards.get(obj.card)
        if card is not None:
            out += sum(1 for s in card.cost.symbols if color in s.colors)
    return out


def counted_ability(scenario: Scenario, ability: ManaAbility, holder: Obj | None = None
                    ) -> ManaAbility:
    """A `per` mana ability with its amounts worked out from the state when the cast begins:
    each option of `adds` times its count (options that would add nothing are left out).
    `holder`: the ability's permanent (a count's `chosen_type` reads its chosen type)."""
    per = ability.per
    assert per is not None
    options: list[Mana] = []
    for option in ability.adds:
        if per.devotion:
            n = devotion(scenario, next(c for i, c in enumerate(COLORS) if option[1 + i]))
        else:
            assert per.count is not None
            chosen = holder.chosen_type if holder is not None else None
            n = sum(1 for o in scenario.state.you.battlefield
                    if object_matches(scenario, per.count, o, chosen))
        scaled: Mana = (option[0] * n, option[1] * n, option[2] * n, option[3] * n,
                        option[4] * n, option[5] * n, option[6] * n)
        if n and scaled not in options:
            options.append(scaled)
    return replace(ability, adds=tuple(options), per=None)


# --- Mana effects (issue 25: Damping Sphere 614.1a, Crypt Ghast and Market Festival 605.1b) ----

EffectAt = tuple[Obj, str, ManaEffect]  # the effect's permanent, its controller, the effect


def mana_effects(scenario: Scenario) -> tuple[EffectAt, ...]:
    """Every mana effect on a battlefield: yours, then the opponent's, each in state order (the
    order a payment lists triggered mana in)."""
    out: list[EffectAt] = []
    for side, player in (("you", scenario.state.you), ("opponent", scenario.state.opponent)):
        for obj in player.battlefield:
            card = scenario.cards.get(obj.card)
            if card is not None:
                out.extend((obj, side, e) for e in card.mana_effects)
    return tuple(out)


def effect_reaches(scenario: Scenario, at: EffectAt, obj: Obj) -> bool:
    """Whether the effect `at` reaches your permanent `obj`: its `sources`' controller read
    relative to the effect's permanent's controller (default that player), `attached: true`
    only the permanent the effect's permanent is attached to, the rest as any filter."""
    holder, side, effect = at
    f = effect.sources
    controller = f.controller or "you"
    if controller != "any" and (controller == "you") != (side == "you"):
        return False
    if f.attached and (holder.attached_to is None or obj.id != holder.attached_to):
        return False
    return object_matches(scenario, f, obj)


def triggers_on(scenario: Scenario, obj: Obj, effects: tuple[EffectAt, ...]) -> bool:
    """Whether a `trigger` mana effect reaches your permanent `obj` (tapping it for mana, even
    for no mana of its own, adds the trigger's)."""
    return any(at[2].kind == "trigger" and effect_reaches(scenario, at, obj) for at in effects)


def replaced_outputs(option: Mana, replacing: list[tuple[str, ManaEffect]]
                     ) -> list[tuple[Mana, str | None]]:
    """What an activation that would make `option` makes under the `replace` effects reaching
    it (614.1a, 616.1): each applied at most once, only while the output so far has at least
    its `at_least` mana, until none applies, in every order (the payment picks the best):
    each distinct (output, the permanent whose replacement was applied last)."""
    out: dict[tuple[Mana, str | None], None] = {}

    def go(mana: Mana, by: str | None, used: frozenset[int]) -> None:
        applicable = [j for j, (_, e) in enumerate(replacing)
                      if j not in used and total(mana) >= e.at_least]
        if not applicable:
            out[(mana, by)] = None
        for j in applicable:
            go(replacing[j][1].adds[0], replacing[j][0], used | {j})

    go(option, None, frozenset())
    return list(out)


def under_effects(scenario: Scenario, ability: ManaAbility, obj: Obj,
                  effects: tuple[EffectAt, ...]) -> ManaAbility:
    """`ability` of your permanent `obj` (its `per` already counted) under the mana effects
    that reach it: only an activation with {T} in its costs is one (tapped for mana). Each
    option of `adds` becomes every way the activation goes (`Made`: its output replaced, each
    trigger's option added), and `adds` their folded mana, each once: the payment counts the
    triggered mana with the activation's own (605.4a: added at once). Unchanged when no effect
    reaches it."""
    if not ability.tap:
        return ability
    reaching = [at for at in effects if effect_reaches(scenario, at, obj)]
    replacing = [(h.id, e) for h, _, e in reaching if e.kind == "replace"]
    triggering = [[(h.id, m) for m in e.adds] for h, _, e in reaching if e.kind == "trigger"]
    if not replacing and not triggering:
        return ability
    made = [Made(own, option, by, combo)
            for option in ability.adds for own, by in replaced_outputs(option, replacing)
            for combo in itertools.product(*triggering)]
    return replace(ability, adds=tuple(dict.fromkeys(m.folded for m in made)), made=tuple(made))


def made_of(ability: ManaAbility, adds: Mana) -> Made | None:
    """How an activation of `ability` that added `adds` (folded) went, when mana effects reach
    it: the first way that adds it; None when none reaches it."""
    return next((m for m in ability.made if m.folded == adds), None)


def kind_of(perm: Permanent) -> tuple[object, ...]:
    """What identical permanents share: the same card, tapped and sick state and `value` (so
    the same usable abilities, tap charge, convoke colors and losses); they differ only in their
    position (state order)."""
    obj = perm.obj
    # The offers' mana too: a mana effect may reach one permanent of a card and not another
    # (Market Festival on one Plains).
    return (obj.card, obj.tapped, obj.sick, obj.value, obj.attacking, obj.chosen_type,
            perm.counters, tuple(o.ability.adds for o in perm.offers))


def removers(scenario: Scenario, res: Resources) -> frozenset[tuple[int, int]]:
    """The mana abilities (permanent, offer) whose cost can take away (sacrifice, return) a
    permanent with a filter ability (a bounce land returning a Mystic Gate). 601.2g: every
    ability of a permanent is activated before the ability whose cost removes it, so a
    remover's mana can't have paid that permanent's filter: the model and the turn's payments
    order them after what they remove (`ability_scope` keys what each takes)."""
    filtering = [q.obj for q in res.permanents
                 if any(offer.ability.mana.symbols for offer in q.offers)]
    return frozenset(
        (p, a) for p, perm in enumerate(res.permanents) for a, offer in enumerate(perm.offers)
        if any(part.kind in LEAVES and any(can_pay_with(scenario, part, obj, "battlefield")
                                           for obj in filtering)
               for part in offer.ability.other))


def interchangeable(res: Resources) -> list[tuple[int, ...]]:
    """Your permanents as classes of ones that pay alike (indices, in state order): of one
    `kind_of`, where every use taps or sacrifices the permanent: each ability adds
    mana without costing mana or a non-mana cost and is not repeatable (it taps or sacrifices
    it), so each member is used at most one way. Any other permanent is a class of its own.
    Members differ only in their position (state order)."""
    classes: dict[tuple[object, ...], list[int]] = {}
    out: list[list[int]] = []
    for p, perm in enumerate(res.permanents):
        simple = all((o.ability.tap or o.ability.sacrifice_self) and not o.ability.mana.symbols
                     and not o.ability.other for o in perm.offers)
        if not simple:
            out.append([p])
            continue
        key = kind_of(perm)
        if key not in classes:
            classes[key] = []
            out.append(classes[key])
        classes[key].append(p)
    return [tuple(g) for g in out]


def can_pay_with(scenario: Scenario, need: OtherCost, obj: Obj, zone: str) -> bool:
    """Whether `obj` (yours, in `zone`) can pay one of the non-mana cost `need`."""
    wanted = {"sacrifice": "battlefield", "return_to_hand": "battlefield",
              "tap_untapped": "battlefield", "discard": "hand", "exile_from_hand": "hand",
              "exile_from_graveyard": "graveyard"}.get(need.kind)
    if wanted != zone:
        return False
    if need.filter.controller == "opponent":
        return False
    return object_matches(scenario, need.filter, obj)


def leave_charge(scenario: Scenario, kind: str, obj: Obj) -> int:
    """What losing `obj` to a cost of `kind` charges: its value, else the weight."""
    if obj.value is not None and kind != "tap_untapped":
        return obj.value
    key = "sacrifice" if kind == "sacrifice_self" else kind
    return scenario.objective.weight(key)


def convoke_colors(p: Permanent) -> tuple[str, ...]:
    return tuple(c for c in COLORS if c in p.convoke)


# --- Naming a payment ---------------------------------------------------------------------------


class Usage(Protocol):
    """A payment chosen by the planner, in indices into `Resources` (the model's and the fast
    path's solutions both have this shape): mana abilities activated (permanent, ability, the
    add option), creatures convoked (permanent, the color paid or "1"), artifacts improvised,
    graveyard cards delved, and the objects each non-mana need took."""

    @property
    def activations(self) -> tuple[tuple[int, int, int], ...]: ...

    @property
    def convoke(self) -> tuple[tuple[int, str], ...]: ...

    @property
    def improvise(self) -> tuple[int, ...]: ...

    @property
    def delve(self) -> tuple[int, ...]: ...

    @property
    def uses(self) -> tuple[tuple[tuple[str, str, object], tuple[tuple[str, int], ...]], ...]: ...

    @property
    def life_for(self) -> tuple[tuple[str, int], ...]: ...  # (color, pips paid with life)


@dataclass(frozen=True, slots=True)
class SourceUse:
    """One activation of a mana ability: the permanent, the mana it added, and what paid its
    costs: whether it tapped (`taps`) or sacrificed (`sacrifices_self`) its permanent, and the
    objects each of its non-mana costs took (`took`: (kind, ids), an altar's sacrifice).
    `costs` is the words the plan's JSON lists for it (`tap`, `sacrifice c2`, ...)."""

    id: str
    adds: Mana
    costs: tuple[str, ...]
    taps: bool = False
    sacrifices_self: bool = False
    took: tuple[tuple[str, tuple[str, ...]], ...] = ()
    mill: int = 0  # cards its cost milled
    counters_removed: tuple[tuple[str, int], ...] = ()  # counters its cost removed, by kind
    untapped: tuple[str, ...] = ()  # the opponent's permanents its `untap` cost untapped
    milled: tuple[str, ...] = ()  # `adds: milled`: the card (a card id) it milled and read
    # Mana effects (issue 25): `adds` is the ability's own output after replacement; `replaced`
    # (the permanent whose replacement was applied last, the output before any) and the mana
    # triggered mana abilities added on this activation ((their permanent, mana), 605.4a).
    replaced: tuple[str, Mana] | None = None
    triggered: tuple[tuple[str, Mana], ...] = ()

    @property
    def made(self) -> Mana:
        """All the mana this activation put in the pool: its own and the triggered."""
        out = self.adds
        for _, m in self.triggered:
            out = add(out, m)
        return out

    def to_json(self) -> dict[str, object]:
        # "" when it made no mana of its own (a Cradle counted to 0 tapped for its trigger).
        out: dict[str, object] = {"id": self.id, "adds": mana_text(self.adds, ""),
                                  "costs": list(self.costs)}
        if self.counters_removed:
            out["counters_removed"] = dict(self.counters_removed)
        if self.replaced is not None:
            out["replaced"] = {"by": self.replaced[0], "was": mana_text(self.replaced[1])}
        if self.triggered:
            out["triggered"] = [{"id": i, "adds": mana_text(m)} for i, m in self.triggered]
        if self.untapped:
            out["untapped"] = list(self.untapped)
        if self.milled:
            out["milled"] = list(self.milled)
        return out


@dataclass(frozen=True, slots=True)
class LifePaid:
    """Pips of one color of the total paid with life (K'rrik, `Resources.life_for`): how many,
    the life each, and the permanent whose `life_for` allowed it (id and name; empty in a
    payment read back from JSON, which names the pip and the count only)."""

    color: str
    count: int
    each: int = 0
    source: str = ""
    name: str = ""

    @property
    def pip(self) -> str:
        return f"{{{self.color}}}"


@dataclass(frozen=True, slots=True)
class Payment:
    """A named `mtg/1` payment: the pool spent, each mana ability activated (in order), the
    creatures convoked (each with the pip it paid), the cards delved, the artifacts improvised,
    the life paid, and the objects each non-mana cost took (`other`: kind -> ids; mill: a
    count)."""

    pool: Mana = NO_MANA
    sources: tuple[SourceUse, ...] = ()
    convoke: tuple[tuple[str, str], ...] = ()  # (creature id, "{G}" or "{1}")
    delve: tuple[str, ...] = ()
    improvise: tuple[str, ...] = ()
    life: int = 0
    other: tuple[tuple[str, tuple[str, ...] | int], ...] = ()  # kind -> ids (mill: a count)
    life_for: tuple[LifePaid, ...] = ()  # pips paid with life (in `life` too), W U B R G order

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "pool": mana_text(self.pool, ""),
            "sources": [s.to_json() for s in self.sources],
            "convoke": [{"id": i, "pays": pays} for i, pays in self.convoke],
            "delve": list(self.delve),
            "improvise": list(self.improvise),
            "life": self.life,
            "other": {kind: (list(ids) if isinstance(ids, tuple) else ids) for kind, ids in self.other},
        }
        if self.life_for:
            out["life_for"] = {p.pip: p.count for p in self.life_for}
        return out

    @property
    def life_pips(self) -> int:
        """The total's pips paid with life (`life_for`), not with mana."""
        return sum(p.count for p in self.life_for)


def name_payment(scenario: Scenario, option: Priced, res: Resources,
                 solution: Usage) -> tuple[Payment, Mana, int]:
    """Name what pays, in state order; return the payment, the mana left in the pool and the
    score (recomputed here from the one scorer's charges, never read from the solver)."""
    w = scenario.objective
    perms = res.permanents
    # The counters an activation's cost removes from its own permanent (a negative loyalty cost
    # included), each charged the `counter` weight; putting counters on charges nothing.
    score = w.weight("counter") * option.counters_removed()
    uses = dict(solution.uses)
    # Non-mana costs of mana abilities (an altar's sacrifice) take their objects in order.
    # A need of one ability's own (`ability_scope`) goes to that ability, the pooled ones
    # ("ability") to the abilities in activation order.
    ability_refs: dict[tuple[str, str, object], list[tuple[str, int]]] = {}
    for key, found in uses.items():
        if key[0].startswith("ability"):
            ability_refs[key] = list(found)
    made = NO_MANA
    ability_mana = NO_MANA
    sources: list[SourceUse] = []
    tapped: set[int] = set()
    lost: set[tuple[str, int]] = set()
    life = option.life
    activations = merged(res, solution.activations)
    for p, a, adds, units in activations:
        perm = perms[p]
        offer = perm.offers[a]
        ability = offer.ability
        made = add(made, adds)
        costs = list(ability.cost_words())
        if offer.untaps:  # each opponent permanent untapped is charged the `untap` weight
            costs.append(f"untap {' '.join(offer.untaps)}")
            score += w.weight("untap") * len(offer.untaps)
        removed = ability.remove
        if ability.removed is not None:  # a storage land: X counters for X mana, X = units
            removed = ((ability.removed, units),)
            costs.append(f"remove_counters {ability.removed} {units}")
        score += w.weight("counter") * sum(n for _, n in removed)
        took: list[tuple[str, tuple[str, ...]]] = []
        for part in ability.other:
            if part.kind == "mill":
                # Milling is charged per card, the mana ability's as the spell's (its words
                # keep the count: "mill 2").
                score += w.weight("mill") * part.count
                continue
            own = (ability_scope(p, a), part.kind, part.filter)
            need = own if own in ability_refs else ("ability", part.kind, part.filter)
            refs = ability_refs.get(need, [])
            taken = refs[:part.count]
            ability_refs[need] = refs[part.count:]
            taken_names = tuple(_ref_id(res, r) for r in taken)
            costs = [c for c in costs if not c.startswith(part.kind)]
            # Mill takes cards from the library, not objects: its word keeps its count.
            costs.append(f"mill {part.count}" if part.kind == "mill"
                         else f"{part.kind} {' '.join(taken_names)}")
            took.append((part.kind, taken_names))
            for r in taken:
                if part.kind == "tap_untapped":
                    # "Tap an untapped creature" taps it: charged its tap weight (mtg-format's
                    # objective: each object tapped is charged by its type; once, and nothing
                    # if the payment also removes it), not removed.
                    tapped.add(r[1])
                    continue
                lost.add(r)
                score += leave_charge(scenario, part.kind, _ref_obj(res, r))
        if ability.tap:
            tapped.add(p)
        if ability.sacrifice_self:
            lost.add(("p", p))
            score += leave_charge(scenario, "sacrifice", perm.obj)
        life += ability.life
        if ability.mana.symbols:  # a filter's cost
            ability_mana = add(ability_mana, ability.mana.plain())
        way = made_of(ability, adds)
        sources.append(SourceUse(perm.obj.id, adds if way is None else way.own, tuple(costs),
                                 taps=ability.tap, sacrifices_self=ability.sacrifice_self,
                                 took=tuple(took),
                                 mill=sum(o.count for o in ability.other if o.kind == "mill")
                                 if ability.other else 0, counters_removed=removed,
                                 replaced=None if way is None or way.by is None
                                 else (way.by, way.was),
                                 triggered=() if way is None else way.triggered,
                                 untapped=offer.untaps, milled=_milled_card(scenario, offer)))
    convoke = []
    for p, t in solution.convoke:
        tapped.add(p)
        convoke.append((perms[p].obj.id, "{1}" if t == "1" else f"{{{t}}}"))
    improvise = []
    for p in solution.improvise:
        tapped.add(p)
        improvise.append(perms[p].obj.id)
    delve = []
    for c in solution.delve:
        delve.append(res.cards[c].obj.id)
        score += leave_charge(scenario, "exile_from_graveyard", res.cards[c].obj)
    other: list[tuple[str, tuple[str, ...] | int]] = []
    for key, spell_refs in uses.items():
        if key[0] != "spell":
            continue
        kind = key[1]
        if kind == "tap_untapped":
            tapped.update(r[1] for r in spell_refs if r[0] == "p")
        else:
            for r in spell_refs:
                lost.add(r)
                score += leave_charge(scenario, kind, _ref_obj(res, r))
        ids = tuple(_ref_id(res, r) for r in spell_refs)
        previous = dict(other).get(kind)
        if isinstance(previous, tuple):
            other = [(k, v + ids if k == kind and isinstance(v, tuple) else v) for k, v in other]
        else:
            other.append((kind, ids))
    mill = sum(o.count for o in option.other if o.kind == "mill")
    if mill:
        other.append(("mill", mill))
        score += w.weight("mill") * mill
    for p in tapped:
        if ("p", p) not in lost:
            score += perms[p].tap_charge
    # K'rrik: pips of the total paid with life (601.2h), each the least amount asked.
    by_life = tuple(LifePaid(t, n, *_life_source(scenario, res, t))
                    for t, n in solution.life_for if n)
    life += sum(p.count * p.each for p in by_life)
    score += w.weight("life") * life
    # Mana: the pool and what the abilities made, minus the abilities' own costs and the
    # spell's mana (less what convoke, improvise, delve and life paid), is left in the pool.
    paid_other = _paid_without_mana(solution)
    spell = _minus_generic(option.mana, paid_other)
    spell = _minus_generic(spell, (0, {p.color: p.count for p in by_life}))
    available = add(res.pool, made)
    left = _left(available, ability_mana, spell, scenario, solution, res, option.snow,
                 activations)
    # The pool is spent first (it is free): what was consumed of a kind comes from it first.
    pool_spent = tuple(min(pool, pool + m - lft) for pool, m, lft in zip(res.pool, made, left))
    if not res.pool_spendable:
        # `spend_only`: the pool pays filter abilities' costs only (spent first, up to them).
        room = total(ability_mana)
        kept = list(pool_spent)
        for i in range(7):
            kept[i] = min(kept[i], room)
            room -= kept[i]
        pool_spent = tuple(kept)
    payment = Payment(
        pool=(pool_spent[0], pool_spent[1], pool_spent[2], pool_spent[3], pool_spent[4],
              pool_spent[5], pool_spent[6]),
        sources=tuple(sources),
        convoke=tuple(convoke),
        delve=tuple(delve),
        improvise=tuple(improvise),
        life=life,
        other=tuple(other),
        life_for=by_life,
    )
    return payment, left, score


def _milled_card(scenario: Scenario, offer: Offer) -> tuple[str, ...]:
    """The card an `adds: milled` offer mills (its card id in `library_top`), or ()."""
    if offer.milled_at is None:
        return ()
    return (scenario.state.you.library_top[offer.milled_at],)


def _life_source(scenario: Scenario, res: Resources, color: str) -> tuple[int, str, str]:
    """The life a pip of `color` costs paid with life, and the permanent allowing it."""
    for c, n, ident in res.life_for:
        if c == color:
            obj = next(o for o in scenario.state.you.battlefield if o.id == ident)
            return n, ident, scenario.cards[obj.card].name
    raise ValueError(f"no life_for {color} on your battlefield")


def _paid_without_mana(solution: Usage) -> tuple[int, dict[str, int]]:
    """What convoke, improvise and delve paid: generic count, and colored pips by color."""
    generic = len(solution.improvise) + len(solution.delve)
    colored: dict[str, int] = {}
    for _, t in solution.convoke:
        if t == "1":
            generic += 1
        else:
            colored[t] = colored.get(t, 0) + 1
    return generic, colored


def _minus_generic(m: Mana, paid: tuple[int, dict[str, int]]) -> Mana:
    generic, colored = paid
    out = list(m)
    out[0] -= generic
    for t, n in colored.items():
        out[1 + TYPES.index(t)] -= n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def _left(available: Mana, ability_mana: Mana, spell: Mana, scenario: Scenario,
          solution: Usage, res: Resources, snow: int = 0,
          activations: list[tuple[int, int, Mana, int]] | None = None) -> Mana:
    """What stays in the pool: pips of a kind take that kind; the hybrid pips of the abilities'
    costs each take one of their halves, then generic mana (the abilities' and the spell's)
    takes W U B R G C in that order.

    This is computed here, after the solve, on purpose: mana left in the pool is in no level of
    the objective, so every split of generic mana (and of a filter's hybrid pip) over the kinds
    made is the same payment to the model, and its flows pick one arbitrarily; the fast path
    has no flows at all. One fixed rule here makes the plan the same whichever found it. Each
    hybrid pip takes the kind most left over, and the generic mana W U B R G C in order. That
    split must be one some order of the mana abilities reaches (601.2g): a filter's cost is paid
    from mana made before it, never its own (the cost is paid as it is activated) nor restricted
    mana. When it is not (the greedy took a filter's own kind for its {1}), the mana left is the
    least W, then the least U, ..., that some order reaches (`_reachable`; one exists: the
    payment was feasible)."""
    left = list(available)
    for i in range(1, 7):
        left[i] -= spell[i] + ability_mana[i]
    if activations is None:  # (`name_payment` hands over the ones it merged)
        activations = merged(res, solution.activations)
    hybrids = [tuple(1 + TYPES.index(c) for c in s.colors)
               for p, a, _, _ in activations
               for s in res.permanents[p].offers[a].ability.mana.symbols if s.kind == "hybrid"]
    generic = spell[0] + ability_mana[0] + snow  # {S}: generic mana from a snow source
    greedy = list(left)
    for kinds in hybrids:
        i = max(kinds, key=lambda j: (greedy[j], -j))
        greedy[i] -= 1
    if min(greedy[1:]) >= 0 or not hybrids:
        left = greedy
    else:
        for split in itertools.product(*hybrids):
            trial = list(left)
            for i in split:
                trial[i] -= 1
            if min(trial[1:]) >= 0 and sum(trial[1:]) >= generic:
                left = trial
                break
    for i in range(1, 7):
        take = min(left[i], generic)
        left[i] -= take
        generic -= take
    out: Mana = (0, left[1], left[2], left[3], left[4], left[5], left[6])
    filters = [(p, a) for p, a, _, _ in activations
               if res.permanents[p].offers[a].ability.mana.symbols]
    barred = not res.pool_spendable  # `spend_only`: some mana can't pay the spell
    if not filters and not barred and not snow:
        return out  # no cost is paid with made mana: every split is reached
    reach = _Reach(res, solution, spell, snow)
    if reach.fits({i: out[i] for i in range(1, 7)}) or not reach.fits({}):
        return out  # (no order tried fits at all: past MAX_ORDERS, the rule's split stands)
    fixed: dict[int, int] = {}
    for i in range(1, 7):
        fixed[i] = next((v for v in range(out[i] + sum(out[1:]) + 1)
                         if reach.fits({**fixed, i: v})), 0)
    return (0, fixed[1], fixed[2], fixed[3], fixed[4], fixed[5], fixed[6])


class _Reach:
    """Which mana left in the pool some order of the filter abilities reaches (601.2g): the
    pool and the mana of abilities that cost no mana are there from the start; a filter's
    cost (its pips, hybrid halves and generic mana) is paid from the start's mana and the
    mana of filters activated before it, never restricted mana; the spell's pips and generic
    mana and what is left take any mana, its {S} snow mana only. A max flow per order of the filters (orders of
    identical activations counted once, at most `MAX_ORDERS`). Under the spell's `spend_only`
    the pool's mana and the mana of the offers not `spendable` pay filters' costs or stay in the
    pool, never the spell."""

    MAX_ORDERS = 720

    def __init__(self, res: Resources, solution: Usage, spell: Mana, snow: int = 0) -> None:
        # The mana there before any filter: (stage: 0, or -1 restricted; barred; snow) -> kinds.
        self.start: dict[tuple[int, bool, bool], list[int]] = {}
        barred = not res.pool_spendable
        self._put((0, barred, False), tuple(p - s for p, s in zip(res.pool, res.snow_pool)))
        self._put((0, barred, True), res.snow_pool)
        self.filters: list[tuple[Mana, bool, ManaAbility, bool, bool]] = []
        activations = merged(res, solution.activations)
        for p, a, adds, _ in activations:
            perm = res.permanents[p]
            offer = perm.offers[a]
            if offer.ability.mana.symbols:
                self.filters.append((adds, offer.restricted, offer.ability, offer.spendable,
                                     perm.card.snow))
            else:
                self._put((-1 if offer.restricted else 0, not offer.spendable, perm.card.snow),
                          adds)
        self.spell = spell
        self.snow = snow
        self.orders = _distinct_orders([(p, a, adds) for p, a, adds, _ in activations
                                        if res.permanents[p].offers[a].ability.mana.symbols],
                                       self.MAX_ORDERS)

    def fits(self, fixed: dict[int, int]) -> bool:
        """Whether some order leaves `fixed[i]` of each kind i listed (and the rest of what is
        left in the kinds not listed)."""
        return any(self._fits(order, fixed) for order in self.orders)

    def _put(self, key: tuple[int, bool, bool], m: tuple[int, ...]) -> None:
        bucket = self.start.setdefault(key, [0] * 7)
        for i in range(1, 7):
            bucket[i] += m[i]

    def _fits(self, order: tuple[int, ...], fixed: dict[int, int]) -> bool:
        # Supplies: (stage, kind, barred): stage 0 the start, 1.. the filters in this order, -1
        # the restricted mana (and restricted filters' mana); barred: it may not pay the spell
        # (`spend_only`). The spell's demands are at the stage after the last filter, what is
        # left in the pool one after that.
        supply: dict[tuple[int, int, bool, bool], int] = {}  # (stage, kind, barred, snow)
        for (stage, barred, snow), bucket in self.start.items():
            for i in range(1, 7):
                supply[(stage, i, barred, snow)] = bucket[i]
        # (stage that may be fed, kinds, n, snow mana only)
        demands: list[tuple[int, tuple[int, ...], int, bool]] = []
        everything = tuple(range(1, 7))
        for position, f in enumerate(order, start=1):
            adds, restricted, ability, spendable, snowy = self.filters[f]
            for i in range(1, 7):
                key = (-1 if restricted else position, i, not spendable, snowy)
                supply[key] = supply.get(key, 0) + adds[i]
            for s in ability.mana.symbols:
                if s.kind == "generic":
                    demands.append((position, everything, s.amount, False))
                else:
                    demands.append((position, tuple(1 + TYPES.index(c) for c in s.colors), 1,
                                    False))
        last = len(order) + 1
        for i in range(1, 7):
            if self.spell[i]:
                demands.append((last, (i,), self.spell[i], False))
        if self.spell[0]:
            demands.append((last, everything, self.spell[0], False))
        if self.snow:
            demands.append((last, everything, self.snow, True))
        rest = sum(supply.values()) - sum(d[2] for d in demands)
        for i, n in fixed.items():
            demands.append((last + 1, (i,), n, False))
            rest -= n
        if rest < 0:
            return False
        if rest:
            demands.append((last + 1, tuple(i for i in everything if i not in fixed), rest,
                            False))
        return _max_flow(supply, demands, last) == sum(supply.values())


def _distinct_orders(items: list[tuple[int, int, Mana]], limit: int) -> list[tuple[int, ...]]:
    """The orders of `items` (as indices), identical items kept in their given order; at most
    `limit` of them."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], rest: list[int]) -> None:
        if len(out) >= limit:
            return
        if not rest:
            out.append(prefix)
            return
        seen: set[tuple[int, int, Mana]] = set()
        for j, i in enumerate(rest):
            if items[i] in seen:
                continue
            seen.add(items[i])
            extend(prefix + (i,), rest[:j] + rest[j + 1:])

    extend((), list(range(len(items))))
    return out


def _max_flow(supply: dict[tuple[int, int, bool, bool], int],
              demands: list[tuple[int, tuple[int, ...], int, bool]], spell: int) -> int:
    """The most mana the supplies give the demands: a supply (stage, kind, barred, snow) feeds
    a demand (stage, kinds, n, snow only) of a later stage that takes its kind (restricted
    mana, stage -1, feeds only the spell, at stage `spell`, and the pool after it; barred mana
    never the spell; a snow-only demand, {S}, snow mana only). Augmenting paths, small
    graphs."""
    sources = [key for key, n in supply.items() if n > 0]
    edges = {(si, di) for si, (st, kind, barred, snowy) in enumerate(sources)
             for di, (dst, kinds, _, snow_only) in enumerate(demands)
             if kind in kinds and (st < dst if st >= 0 else dst >= spell)
             and not (barred and dst == spell) and (snowy or not snow_only)}
    flow: dict[tuple[int, int], int] = {}
    out_left = [supply[key] for key in sources]
    in_left = [d[2] for d in demands]

    def augment(si: int, seen: set[int]) -> bool:
        for di in range(len(demands)):
            if (si, di) not in edges or di in seen:
                continue
            seen.add(di)
            if in_left[di] > 0:
                in_left[di] -= 1
                flow[(si, di)] = flow.get((si, di), 0) + 1
                return True
            for sj in range(len(sources)):
                if flow.get((sj, di), 0) > 0 and sj != si and augment(sj, seen):
                    flow[(sj, di)] -= 1
                    flow[(si, di)] = flow.get((si, di), 0) + 1
                    return True
        return False

    total_flow = 0
    for si in range(len(sources)):
        while out_left[si] > 0 and augment(si, set()):
            out_left[si] -= 1
            total_flow += 1
    return total_flow


def _ref_obj(res: Resources, ref: tuple[str, int]) -> Obj:
    return res.permanents[ref[1]].obj if ref[0] == "p" else res.cards[ref[1]].obj


def _ref_id(res: Resources, ref: tuple[str, int]) -> str:
    obj = _ref_obj(res, ref)
    return str(obj.id)




# --- Checking a payment the player chose (`payplan check`) --------------------------------------

Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index), into `Resources`
NeedKey = tuple[str, str, object]  # (spell | ability, kind, filter), as `Usage.uses` keys them


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


def check_payment(scenario: Scenario, option: Priced, res: Resources,
                  payment: Payment) -> tuple[Paid | None, tuple[str, ...]]:
    """Whether `payment` (named, as the plan's JSON names one) pays the total of `option` by the
    paying rules of this module: the payment read back in indices (`Paid`), or None and every
    problem found (`path: message`, the path inside the payment).

    What it checks, as the module docstring says the rules are: the pool spent is there; each
    source is a permanent whose usable mana ability (`resources`' offers: untapped for {T}, not a
    summoning-sick creature; with `floating`, one whose `only_for` the spell does not meet too,
    its mana paying nothing) adds that mana at those costs, the objects its own
    non-mana costs name can pay them, and a permanent activates one such ability, once (an
    ability that neither taps nor sacrifices it, again: `repeatable`); convoke taps an untapped
    creature of the spell with convoke for {1} or one of its colors, improvise an untapped
    artifact, delve exiles a card from your graveyard, each for a pip the total has; the
    total's non-mana costs take exactly their counts of distinct objects, matched one for one to
    their filters (`can_pay_with`; a tap cost an untapped permanent), mill what the library
    holds; the life paid is the total's and the mana abilities', at most your life total; no
    permanent is tapped twice or lost twice, nor tapped by convoke, improvise or a tap cost
    (601.2h) after a mana ability sacrificed it (601.2g); no card pays twice; and the mana (the
    pool spent and what the abilities add) pays the total's pips left after convoke, improvise
    and delve and every filter ability's own mana cost, in some order of the filter abilities
    (one's mana pays another's cost only if it was activated first; mana restricted to the
    spell pays the spell only). Mana beyond that stays in the pool."""
    problems: list[str] = []
    perms = res.permanents
    perm_at = {p.obj.id: i for i, p in enumerate(perms)}
    card_at = {c.obj.id: i for i, c in enumerate(res.cards)}
    tap_mana: dict[int, list[str]] = {}  # 601.2g: tapped by its own mana ability
    tap_cost: dict[int, list[str]] = {}  # 601.2h: convoke, improvise, a tap cost
    lost_mana: dict[int, list[str]] = {}  # 601.2g: sacrificed (returned) by a mana ability
    lost_cost: dict[int, list[str]] = {}  # 601.2h: sacrificed or returned by the spell's cost
    cards_used: dict[int, list[str]] = {}

    for i, t in enumerate(TYPES):
        if payment.pool[1 + i] > res.pool[1 + i]:
            problems.append(f"payment.pool: takes {'{' + t + '}'} x{payment.pool[1 + i]} from "
                            f"the pool, which holds {mana_text(res.pool, 'nothing')}")

    # Mana abilities: which ability of which permanent, and what its own costs took.
    activations: list[tuple[int, int, int]] = []
    ability_uses: dict[NeedKey, list[Ref]] = {}
    once: dict[int, int] = {}
    life = option.life
    ability_mill = 0  # cards the mana abilities mill (from the same library as the spell's)
    sources_ok = True
    removing: dict[tuple[int, str], int] = {}  # counters the mana abilities remove
    storage_seen: set[tuple[int, int]] = set()
    open_options: dict[int, list[int]] = {}  # activation index -> the options it may be
    untapped_by: dict[str, list[str]] = {}  # opponent permanent -> the sources untapping it
    milled_taken: list[int] = []  # positions in `library_top` the `adds: milled` sources read
    blocks: list[int] = []  # the cards each other milling mana ability mills (701.13a: a block)
    for n, use in enumerate(payment.sources):
        at = f"payment.sources[{n}]"
        p = perm_at.get(use.id)
        if p is None:
            problems.append(f"{at}.id: {use.id} is not a permanent on your battlefield")
            sources_ok = False
            continue
        perm = perms[p]
        use = _with_removal_words(use)
        stored = _storage_of(perm, use)
        if isinstance(stored, str):
            problems.append(f"{at}: {stored}")
            sources_ok = False
            continue
        if stored is not None:
            a, units = stored
            if (p, a) in storage_seen:
                problems.append(f"{at}: {use.id} activates its per: removed ability again (X is "
                                f"chosen once: one activation)")
            storage_seen.add((p, a))
            activations.extend((p, a, k) for k in units)
            for kind in perm.offers[a].ability.counter_kinds():
                removing[(p, kind)] = removing.get((p, kind), 0) + len(units)
            continue
        use, untaps = _untap_words(use)
        milled_at: int | str | None = None
        if use.milled or (any(m.reads == "milled" for m in perm.card.mana) and not any(
                o.milled_at is None and use.adds in o.ability.adds for o in perm.offers)):
            milled_at = _milled_position(scenario, use, milled_taken)
            if isinstance(milled_at, str):
                problems.append(f"{at}: {milled_at}")
                sources_ok = False
                continue
        for ident in untaps:
            untapped_by.setdefault(ident, []).append(use.id)
        found = _offer_of(scenario, res, perm, use, card_at, untaps,
                          milled_at if isinstance(milled_at, int) else None)
        if isinstance(found, str):
            problems.append(f"{at}: {found}")
            sources_ok = False
            continue
        a, ks, took = found
        ability = perm.offers[a].ability
        if len(ks) > 1:  # a trigger it leaves out: any of its options (605.4a)
            open_options[len(activations)] = ks
        activations.append((p, a, ks[0]))
        for kind in ability.counter_kinds():
            removing[(p, kind)] = removing.get((p, kind), 0) + ability.removes(kind)
        if not repeatable(ability):
            once[p] = once.get(p, 0) + 1
            if once[p] == 2:
                problems.append(f"{at}: {use.id} activates a mana ability again (a permanent "
                                f"activates one of its mana abilities, once)")
        if ability.tap:
            tap_mana.setdefault(p, []).append("its mana ability")
        if ability.sacrifice_self:
            lost_mana.setdefault(p, []).append("its own mana ability")
        life += ability.life
        ability_mill += sum(part.count for part, _ in took if part.kind == "mill")
        if perm.offers[a].milled_at is None and any(part.kind == "mill" for part, _ in took):
            blocks.append(sum(part.count for part, _ in took if part.kind == "mill"))
        for part, refs in took:
            ability_uses.setdefault(("ability", part.kind, part.filter), []).extend(refs)
            for ref in refs:
                what = f"the mana ability of {use.id} ({part.kind})"
                if ref[0] == "c":
                    cards_used.setdefault(ref[1], []).append(what)
                elif part.kind == "tap_untapped":
                    tap_cost.setdefault(ref[1], []).append(what)
                else:
                    lost_mana.setdefault(ref[1], []).append(what)

    problems += _read_elsewhere(scenario, untapped_by, milled_taken if sources_ok else [],
                                blocks)
    for (p, kind), n in removing.items():
        have = dict(perms[p].counters).get(kind, 0)
        if n > have:
            problems.append(f"payment.sources: the mana abilities of {perms[p].obj.id} remove {n} "
                            f"{kind} counter{'s' * (n != 1)}; it has {have} to remove")

    # Convoke, improvise, delve: each pays one pip of the total.
    need = list(option.mana)
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
            problems.append(f"{at}: {why}")
            continue
        color = pays.strip("{}")
        if color != "1" and color not in convoke_colors(perms[p]):
            problems.append(f"{at}.pays: {ident} is not {COLOR_NAMES.get(color, color)}: convoke "
                            f"pays {{1}} or one mana of the creature's colors (702.51a)")
            continue
        convoke.append((p, color))
        tap_cost.setdefault(p, []).append("convoke")
        need[0 if color == "1" else 1 + TYPES.index(color)] -= 1
    improvise: list[int] = []
    for n, ident in enumerate(payment.improvise):
        p = perm_at.get(ident)
        if p is None or not perms[p].improviser:
            problems.append(f"payment.improvise[{n}]: "
                            + (f"{ident} is not an untapped artifact on your battlefield"
                               if p is None or not perms[p].can_tap
                               or "artifact" not in perms[p].card.types
                               else "the spell has no improvise"))
            continue
        improvise.append(p)
        tap_cost.setdefault(p, []).append("improvise")
        need[0] -= 1
    delve: list[int] = []
    for n, ident in enumerate(payment.delve):
        c = card_at.get(ident)
        if not res.delve:
            problems.append(f"payment.delve[{n}]: the spell has no delve")
            continue
        if c is None or res.cards[c].zone != "graveyard":
            problems.append(f"payment.delve[{n}]: {ident} is not a card in your graveyard")
            continue
        delve.append(c)
        cards_used.setdefault(c, []).append("delve")
        need[0] -= 1
    if need[0] < 0:
        problems.append(f"payment: convoke, improvise and delve pay {-need[0]} more generic mana "
                        f"than the total {mana_text(option.mana)} has")
    for i, t in enumerate(TYPES):
        if need[1 + i] < 0:
            problems.append(f"payment.convoke: pays {-need[1 + i]} more {{{t}}} than the total "
                            f"{mana_text(option.mana)} has")

    # K'rrik: pips of the total paid with life, each the least amount your permanents ask.
    by_life: list[tuple[str, int]] = []
    for paid_life in payment.life_for:
        at = f"payment.life_for.{paid_life.pip}"
        t = paid_life.color
        each = res.life_for_of(t)
        if not each:
            problems.append(f"{at}: no permanent on your battlefield lets a {paid_life.pip} pip "
                            f"be paid with life (life_for {t})")
            continue
        if paid_life.count > need[1 + TYPES.index(t)]:
            problems.append(f"{at}: pays {paid_life.count} {paid_life.pip} pip"
                            f"{'s' * (paid_life.count != 1)} with life; the total "
                            f"{mana_text(option.mana)} has {need[1 + TYPES.index(t)]} left to pay")
            continue
        need[1 + TYPES.index(t)] -= paid_life.count
        life += paid_life.count * each
        by_life.append((t, paid_life.count))

    # The total's non-mana costs: their counts of distinct objects, matched to their filters.
    spell_uses: dict[NeedKey, list[Ref]] = {}
    given = dict(payment.other)
    kinds = list(dict.fromkeys(o.kind for o in option.other))
    for kind, paid_with in given.items():
        if kind not in kinds and paid_with not in ((), 0):  # an empty entry pays nothing
            problems.append(f"payment.other.{kind}: the total has no {kind} cost")
    if "mill" not in kinds and ability_mill > res.library:
        problems.append(f"payment.sources: the mana abilities mill {ability_mill}; your library "
                        f"has {res.library} card{'s' * (res.library != 1)} (701.13b)")
    for kind in kinds:
        parts = [o for o in option.other if o.kind == kind]
        count = sum(o.count for o in parts)
        at = f"payment.other.{kind}"
        paid = given.get(kind, () if kind != "mill" else 0)
        if kind == "mill":
            n = paid if isinstance(paid, int) else len(paid)
            if n != count:
                problems.append(f"{at}: mills {n}; the total mills {count}")
            elif count + ability_mill > res.library:
                also = f" (and the mana abilities {ability_mill} more)" if ability_mill else ""
                problems.append(f"{at}: mills {count}{also}; your library has {res.library} "
                                f"card{'s' * (res.library != 1)} (701.13b)")
            continue
        ids = paid if isinstance(paid, tuple) else ()
        if len(ids) != count:
            problems.append(f"{at}: {len(ids)} object{'s' * (len(ids) != 1)} for the total's "
                            f"{kind} {count}")
            continue
        if len(set(ids)) != len(ids):
            problems.append(f"{at}: names an object twice")
            continue
        located = [_ref_of(res, kind, ident, perm_at, card_at) for ident in ids]
        refs = [r for r in located if r is not None]
        if len(refs) != len(located):
            bad = next(i for i, r in zip(ids, located) if r is None)
            problems.append(f"{at}: {bad} is not {_ZONE_WORDS[kind]}")
            continue
        matched = _matching(scenario, res, parts, refs)
        if matched is None:
            problems.append(f"{at}: {' '.join(ids)} can't pay "
                            + ", ".join(f"{o.kind} {o.count}{_filter_words(o)}" for o in parts)
                            + " one for one")
            continue
        for part, got in matched:
            spell_uses.setdefault(("spell", part.kind, part.filter), []).extend(got)
            for ref in got:
                what = f"the total's {kind}"
                if ref[0] == "c":
                    cards_used.setdefault(ref[1], []).append(what)
                elif kind == "tap_untapped":
                    tap_cost.setdefault(ref[1], []).append(what)
                else:
                    lost_cost.setdefault(ref[1], []).append(what)

    # Life: the total's and the mana abilities', only while the life total is at least that.
    if payment.life != life:
        problems.append(f"payment.life: pays {payment.life} life; the total and the mana "
                        f"abilities ask for {life}"
                        + (" (the pips paid with life_for included)" if by_life else ""))
    elif life > res.life:
        problems.append(f"payment.life: you have {res.life} life (life is paid only while your "
                        f"life total is at least the amount, 119.4)")

    # Each permanent tapped once and lost once, and not tapped after a mana ability lost it.
    for p, perm in enumerate(perms):
        tapped = tap_mana.get(p, []) + tap_cost.get(p, [])
        lost = lost_mana.get(p, []) + lost_cost.get(p, [])
        if len(tapped) > 1:
            problems.append(f"payment: {perm.obj.id} is tapped twice ({' and '.join(tapped)})")
        if len(lost) > 1:
            problems.append(f"payment: {perm.obj.id} leaves the battlefield twice "
                            f"({' and '.join(lost)})")
        if tap_cost.get(p) and lost_mana.get(p):
            problems.append(f"payment: {perm.obj.id} is sacrificed for mana ({lost_mana[p][0]}, "
                            f"601.2g) before {tap_cost[p][0]} could tap it (601.2h)")
    for c, used in cards_used.items():
        if len(used) > 1:
            problems.append(f"payment: {res.cards[c].obj.id} pays twice ({' and '.join(used)})")

    if sources_ok and min(need) >= 0:
        activations, short = _best_options(res, payment, activations, open_options, need,
                                           option.snow)
        if short is not None:
            problems.append(f"payment: its mana does not pay {short}" + _kept_off(res, payment,
                                                                                  activations))
    if problems:
        return None, tuple(problems)
    uses = {**{k: tuple(v) for k, v in spell_uses.items()},
            **{k: tuple(v) for k, v in ability_uses.items()}}
    return Paid(tuple(sorted(activations)), tuple(sorted(convoke)), tuple(sorted(improvise)),
                tuple(sorted(delve)), tuple(uses.items()), tuple(sorted(
                    by_life, key=lambda c: COLORS.index(c[0])))), ()


MAX_OPEN = 4096  # the ways of the triggers a checked payment leaves out that are tried


def _best_options(res: Resources, payment: Payment, activations: list[tuple[int, int, int]],
                  open_options: dict[int, list[int]], need: list[int], snow: int
                  ) -> tuple[list[tuple[int, int, int]], str | None]:
    """The activations with the options of the triggers the payment leaves out chosen so that
    its mana pays (the first way that does, of at most `MAX_OPEN`), and what it leaves unpaid
    (None: it pays)."""
    first = _mana_short(res, payment, activations, need, snow)
    if first is None or not open_options:
        return activations, first
    at = sorted(open_options)
    for n, ks in enumerate(itertools.product(*(open_options[i] for i in at))):
        if n >= MAX_OPEN:
            break
        trial = list(activations)
        for i, k in zip(at, ks):
            p, a, _ = trial[i]
            trial[i] = (p, a, k)
        if _mana_short(res, payment, trial, need, snow) is None:
            return trial, None
    return activations, first


def _kept_off(res: Resources, payment: Payment,
              activations: list[tuple[int, int, int]]) -> str:
    """Under the spell's `spend_only`, the sources of the payment whose mana may not be spent
    on it (the pool, the permanents it does not match), in words; else nothing."""
    if res.spend_only is None:
        return ""
    named = ["the pool"] if any(payment.pool) else []
    named += list(dict.fromkeys(res.permanents[p].obj.id for p, a, _ in activations
                                if not res.permanents[p].offers[a].spendable))
    if not named:
        return ""
    return (f"; the spell's spend_only lets only mana made by a permanent matching it be spent "
            f"on it, not the mana of {', '.join(named)}")


_ZONE_WORDS = {"sacrifice": "a permanent on your battlefield",
               "return_to_hand": "a permanent on your battlefield",
               "tap_untapped": "an untapped permanent on your battlefield",
               "discard": "a card in your hand (other than the one cast)",
               "exile_from_hand": "a card in your hand (other than the one cast)",
               "exile_from_graveyard": "a card in your graveyard"}


def _filter_words(o: OtherCost) -> str:
    f = o.filter
    parts = [*(f.type or ()), *(f"not {t}" for t in f.not_type), *f.tags, *f.color]
    if f.name is not None:
        parts.append(f.name)
    if f.object is not None:
        parts.append(f.object)
    return f" ({' '.join(parts)})" if parts else ""


def _ref_of(res: Resources, kind: str, ident: str, perm_at: dict[str, int],
            card_at: dict[str, int]) -> Ref | None:
    """Where an object a non-mana cost names is, for that kind of cost (None: not there)."""
    zone = ZONE_OF_KIND.get(kind)
    if zone == "battlefield" and ident in perm_at:
        p = perm_at[ident]
        return None if kind == "tap_untapped" and not res.permanents[p].can_tap else ("p", p)
    if zone in ("hand", "graveyard") and ident in card_at and res.cards[card_at[ident]].zone == zone:
        return ("c", card_at[ident])
    return None


def _matching(scenario: Scenario, res: Resources, parts: list[OtherCost], refs: list[Ref]
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


def _untap_words(use: SourceUse) -> tuple[SourceUse, tuple[str, ...]]:
    """A source without its `untap ID ...` cost words, and the opponent permanents it says it
    untapped (those words' ids, else its `untapped` list)."""
    words = [w for w in use.costs if w.split()[:1] == ["untap"]]
    ids = tuple(i for w in words for i in w.split()[1:]) or use.untapped
    return replace(use, costs=tuple(w for w in use.costs if w not in words)), ids


def _milled_position(scenario: Scenario, use: SourceUse, taken: list[int]) -> int | str:
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


def _read_elsewhere(scenario: Scenario, untapped_by: dict[str, list[str]],
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


def _offer_of(scenario: Scenario, res: Resources, perm: Permanent, use: SourceUse,
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
                  for k in claimed_options(offer.ability, use)]
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
        if ability.tap and perm.obj.sick and "creature" in perm.card.types:
            return f"{ident} is a summoning-sick creature: it can't tap for mana (302.6)"
        return f"{ident}'s mana that adds {mana_text(use.adds)} can't pay for this spell (only_for)"
    for a in dict.fromkeys(a for a, _ in candidates):
        ability = perm.offers[a].ability
        took = _took(scenario, res, ability, use.costs, card_at)
        if took is not None:
            return a, [k for b, k in candidates if b == a], took
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


def _with_removal_words(use: SourceUse) -> SourceUse:
    """A source whose `counters_removed` is given (the plan's JSON has it): its `remove_counters`
    cost words are those counts (the words it lists for them, if any, are not read)."""
    if not use.counters_removed:
        return use
    words = tuple(w for w in use.costs if not w.startswith("remove_counters"))
    words += tuple(f"remove_counters {kind} {n}" for kind, n in use.counters_removed)
    return replace(use, costs=words)


def _storage_of(perm: Permanent, use: SourceUse) -> tuple[int, list[int]] | str | None:
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
        expected = [str(ability.mana)] if ability.mana.symbols else []
        if sorted(use.costs) != sorted(expected + [word]):
            return (f"costs: {list(use.costs)} are not the costs of {perm.obj.id}'s per: removed "
                    f"ability adding {mana_text(use.adds)} (expected {expected + [word]}: X is "
                    f"the mana it adds)")
        units: list[int] = []
        for i in range(7):
            k = next((j for j, m in enumerate(ability.adds) if m[i]), None)
            if use.adds[i] and k is None:
                return (f"{perm.obj.id}'s per: removed ability adds no "
                        f"{mana_text(_seven([int(j == i) for j in range(7)]))}")
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
        found = [_ref_of(res, part.kind, i, perm_at, card_at) for i in ids]
        placed = [r for r in found if r is not None]
        if len(placed) != len(found):
            return None
        if _matching(scenario, res, [part], placed) is None:
            return None
        took.append((part, placed))
    # The fixed words: each given one is the ability's; each of the ability's is given, but a
    # word the plan leaves out where a non-mana cost of the same kind's word replaced it.
    if any(w not in fixed for w in left):
        return None
    if any(w not in left and not any(w.startswith(o.kind) for o in ability.other) for w in fixed):
        return None
    return took


def _mana_short(res: Resources, payment: Payment, activations: list[tuple[int, int, int]],
                spell: list[int], snow: int = 0) -> str | None:
    """None when the pool spent and the mana the abilities add pay the spell's pips `spell`
    (generic first, then W U B R G C) and each activated filter ability's own mana cost, in
    some order of the filter abilities; else what is left unpaid, in words.

    A transportation problem (mana of a kind at a node to the pips that take it), solved as a
    max flow; the order of the filter abilities is searched, each partial order first tried with
    the abilities not yet placed free to feed one another (a relaxation: if that fails, no order
    that extends it can pay)."""
    perms = res.permanents
    # A filter ability (permanent, offer); (-1, 0) the base, (-2, 0) restricted, (-4, 0) mana
    # that pays nothing here (`Offer.pays`: it stays in the pool).
    Node = tuple[int, int]
    base: Node = (-1, 0)
    restricted: Node = (-2, 0)
    spell_node: Node = (-3, 0)
    floating: Node = (-4, 0)
    barred: Node = (-5, 0)  # mana `spend_only` keeps off the spell: it pays filters' costs only
    base_snow: Node = (-6, 0)  # snow mana (the pool's snow part, snow permanents'): pays {S}
    restricted_snow: Node = (-7, 0)
    snow_owner: Node = (-8, 0)  # the spell's {S}: only snow mana feeds it
    # The pool spent: its snow part first (a choice that never pays less).
    snowy = [min(p, s) for p, s in zip(payment.pool, res.snow_pool)]
    plain = [p - s for p, s in zip(payment.pool, snowy)]
    made: dict[Node, list[int]] = {base: plain if res.pool_spendable else [0] * 7,
                                   base_snow: snowy if res.pool_spendable else [0] * 7,
                                   restricted: [0] * 7, restricted_snow: [0] * 7,
                                   barred: [0] * 7 if res.pool_spendable else list(payment.pool)}
    snow_nodes = {base_snow, restricted_snow}
    activated: dict[Node, int] = {}
    kept_off = {barred}  # the nodes whose mana may not pay the spell
    for p, a, k in activations:
        offer = perms[p].offers[a]
        node = (p, a)
        activated[node] = activated.get(node, 0) + 1
        if not offer.spendable and offer.ability.mana.symbols:
            kept_off.add(node)
        snowy_perm = perms[p].card.snow
        if snowy_perm and offer.ability.mana.symbols:
            snow_nodes.add(node)
        into = (floating if not offer.pays
                else (restricted_snow if snowy_perm else restricted) if offer.restricted
                else node if offer.ability.mana.symbols
                else (base_snow if snowy_perm else base) if offer.spendable
                else barred)
        bucket = made.setdefault(into, [0] * 7)
        for i in range(1, 7):
            bucket[i] += offer.ability.adds[k][i]
    # What must be paid: (who pays it: the spell or an ability, the kinds that may, how much).
    Demand = tuple[Node, tuple[int, ...], int]
    every = tuple(range(1, 7))
    demands: list[Demand] = [(spell_node, (i,), spell[i]) for i in range(1, 7) if spell[i]]
    if spell[0]:
        demands.append((spell_node, every, spell[0]))
    if snow:
        demands.append((snow_owner, every, snow))
    for node, times in activated.items():
        if per_counter(perms[node[0]].offers[node[1]].ability):
            times = 1  # a storage land's units are one activation: its cost is paid once
        for s in perms[node[0]].offers[node[1]].ability.mana.symbols:
            kinds = every if s.kind == "generic" else tuple(1 + TYPES.index(c) for c in s.colors)
            demands.append((node, kinds, (s.amount if s.kind == "generic" else 1) * times))
    filters = sorted(n for n in made if n[0] >= 0)
    restricted_costs = {n for n in activated if perms[n[0]].offers[n[1]].restricted}
    spell_only = {restricted, restricted_snow}

    def pays(placed: list[Node]) -> int:
        """How much of the demands the mana pays with this (partial) order of the filters."""
        def feeds(giver: Node, owner: Node) -> bool:
            if giver == floating:
                return False
            if owner == spell_node:
                return giver not in kept_off
            if owner == snow_owner:
                return giver in snow_nodes and giver not in kept_off
            if giver in spell_only or giver == owner:
                return False
            if giver in (base, barred, base_snow) or owner in restricted_costs:
                return True  # an ability whose mana pays the spell only may go last
            if giver in placed and owner in placed:
                return placed.index(giver) < placed.index(owner)
            return giver in placed or owner not in placed
        return _chosen_flow(made, demands, feeds)

    needed = sum(d[2] for d in demands)

    def search(placed: list[Node]) -> bool:
        if pays(placed) < needed:
            return False
        rest = [f for f in filters if f not in placed]
        return not rest or any(search(placed + [f]) for f in rest)

    if search([]):
        return None
    given = [sum(m[i] for n, m in made.items() if n != floating) for i in range(7)]
    idle = made.get(floating)
    return (f"{total_text(_seven(spell), snow)} (the total after convoke, improvise and delve"
            + (", its {S} only with mana from a snow source" if snow else "") + ") and its "
            f"mana abilities' own costs: it gives {mana_text(_seven(given), 'no mana')}"
            + (f" (and {mana_text(_seven(idle))} restricted to what this spell is not)"
               if idle and any(idle) else ""))


def _seven(m: list[int]) -> Mana:
    return (m[0], m[1], m[2], m[3], m[4], m[5], m[6])


def _chosen_flow(made: dict[tuple[int, int], list[int]],
                 demands: list[tuple[tuple[int, int], tuple[int, ...], int]],
                 feeds: object) -> int:
    """The most of the demands the mana made can pay: a max flow (augmenting paths) from the
    mana of each kind at each node to the demands whose kinds take it and whose owner that node
    `feeds`."""
    assert callable(feeds)
    supply = [(node, i, n) for node, bucket in made.items() for i, n in enumerate(bucket) if n]
    need = [d[2] for d in demands]
    edges = [[d for d, (owner, kinds, _) in enumerate(demands) if i in kinds and feeds(node, owner)]
             for node, i, _ in supply]
    left = [n for _, _, n in supply]
    flow: dict[tuple[int, int], int] = {}
    total_flow = 0
    while True:
        # Breadth-first: from supply with mana left, through demands, back along used edges.
        parent: dict[tuple[str, int], tuple[str, int] | None] = {}
        queue: list[tuple[str, int]] = []
        for s, n in enumerate(left):
            if n:
                parent[("s", s)] = None
                queue.append(("s", s))
        end: tuple[str, int] | None = None
        while queue and end is None:
            here = queue.pop(0)
            if here[0] == "s":
                for d in edges[here[1]]:
                    if ("d", d) not in parent:
                        parent[("d", d)] = here
                        if need[d]:
                            end = ("d", d)
                            break
                        queue.append(("d", d))
            else:
                for (s, d), f in flow.items():
                    if d == here[1] and f and ("s", s) not in parent:
                        parent[("s", s)] = here
                        queue.append(("s", s))
        if end is None:
            return total_flow
        path = [end]
        while parent[path[-1]] is not None:
            step = parent[path[-1]]
            assert step is not None
            path.append(step)
        path.reverse()
        amount = min([left[path[0][1]], need[end[1]]]
                     + [flow[(path[j + 1][1], path[j][1])] for j in range(1, len(path) - 1, 2)])
        left[path[0][1]] -= amount
        need[end[1]] -= amount
        for j in range(0, len(path) - 1):
            a, b = path[j], path[j + 1]
            if a[0] == "s":
                flow[(a[1], b[1])] = flow.get((a[1], b[1]), 0) + amount
            else:
                flow[(b[1], a[1])] -= amount
        total_flow += amount


# --- What the state lacks to pay a total -------------------------------------------------------


def shortfall(scenario: Scenario, option: Priced, res: Resources
              ) -> tuple[Mana, int, tuple[OtherCost, ...]]:
    """What the state lacks to pay `option`'s total, per resource, each counted with everything
    that could supply it alone (a mana ability's own costs aside, each permanent once):

    - mana of each kind (W U B R G C): the total's pips of that kind beyond what the pool holds
      of it, the most of it one activation of each permanent's usable mana abilities adds, and
      (a color) the creatures that could convoke for it;
    - generic mana: the mana in all beyond the most the resources could give
      (`Resources.mana_cap`: the pool, each permanent's best activation or a convoke or
      improvise tap, each card delve could exile), less what the kinds lack already;
    - life: beyond your life total (life is paid only while the total is at least the amount);
    - each non-mana cost (its kind and filter): objects beyond those that could pay it (mill:
      cards beyond the library).

    The mana (generic first, then W U B R G C), the life and the non-mana costs lacking (each
    with the count lacking); nothing at all when each part could be paid alone (then the parts
    compete for the same sources and objects)."""
    lack = [0] * 7
    for i, t in enumerate(TYPES):
        need = option.mana[1 + i]
        if not need:
            continue
        have = res.pool[1 + i] * res.pool_spendable + sum(
            max([max((adds[1 + i] * (offer.repeats if per_counter(offer.ability) else 1)
                      for offer in p.offers if offer.spendable
                      for adds in offer.ability.adds),
                     default=0), 1 if p.convoker and t in p.convoke else 0])
            for p in res.permanents)
        if res.life_for_of(t):  # K'rrik: life pays these pips too
            have += res.life // res.life_for_of(t)
        lack[1 + i] = max(0, need - have)
    lack[0] = max(0, total(option.mana) + option.snow - res.mana_cap()
                  - res.life_pips(option.mana) - sum(lack))
    life = max(0, option.life - res.life)
    other: list[OtherCost] = []
    counts: dict[tuple[str, Filter], int] = {}
    for part in option.other:
        counts[(part.kind, part.filter)] = counts.get((part.kind, part.filter), 0) + part.count
    for (kind, f), count in counts.items():
        part = OtherCost(kind, count, f)
        if kind == "mill":
            have = res.library
        else:
            have = sum(1 for p in res.permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                       and (kind != "tap_untapped" or p.can_tap))
            have += sum(1 for c in res.cards if can_pay_with(scenario, part, c.obj, c.zone))
        if count > have:
            other.append(OtherCost(kind, count - have, f))
    return (lack[0], lack[1], lack[2], lack[3], lack[4], lack[5], lack[6]), life, tuple(other)
