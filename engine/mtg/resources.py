"""What can pay a total in `mtg/1` (601.2g-h, 605, 702.51 convoke, 702.66 delve, 702.126
improvise): your permanents and their usable mana abilities (`Offer`, `Permanent`), your cards in
hand and graveyard, your life and your pool (`Resources`), and what each use charges.

- The pool is spent first and free; mana left in it stays there (and is reported).
- Each mana ability that taps or sacrifices its permanent is activated at most once, and a
  permanent taps once and leaves once, each cost its own: Eye of Ramos taps for {U}, then is
  sacrificed for another; two {T} abilities, or two that sacrifice it, never both (the second
  would find it tapped or gone). A mana ability that does neither (Ashnod's Altar,
  Phyrexian Altar, Seton's "tap an untapped Druid") may be activated again and again in the same
  payment, as long as each activation's costs can be paid (601.2g: the player activates the
  mana abilities they wish, 605; only a cost limits how often, and {T} or sacrificing the
  permanent can be paid once): `Offer.repeats` (`repeat_bound`). A {T} ability needs the
  permanent untapped, and a creature not summoning sick (302.6); it pays the ability's other
  costs: life, sacrificing itself, mana from other sources (a filter land), non-mana costs such
  as sacrificing another creature to an altar. Restricted mana (`only_for`) can be made only when
  the spell is what it is restricted to, and then pays only the spell; a payment the player
  chose may make it for another spell (`engine.mtg.checker`): it pays nothing and stays in the
  pool (106.6).
- Convoke taps an untapped creature (summoning sick or not) to pay {1} or one mana of one of its
  colors; improvise taps an untapped artifact to pay {1}; delve exiles a card from your graveyard
  to pay {1}. They pay the spell's total only, never a mana ability's cost.
- Non-mana costs take distinct objects matching their filter: sacrifice / return_to_hand /
  tap_untapped from your battlefield, discard / exile_from_hand from your hand (not the card
  being cast), exile_from_graveyard from your graveyard; mill takes cards from the library, never
  more than it holds; life only while the life total is at least the amount (to 0 is allowed).
- Mana effects (`engine.mtg.effects`): each way an activation under them can go is an option of
  the offer's ability: the pool math counts the triggered mana with the activation's.
- Order within the payment (601.2g then 601.2h): a permanent tapped for mana may then be
  sacrificed or returned by a cost; one sacrificed for mana (its own ability, or an altar's) is
  gone before convoke, improvise or a tap cost could tap it.

`Usage` is the shape of a payment the planner chose, in indices into `Resources`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Protocol

from .cards import Card, Filter, ManaAbility, Obj, OtherCost, Scenario
from .effects import mana_effects, under_effects
from .mana import COLORS, NO_MANA, TYPES, Mana, add, total
from .produce import choices as produced
from .produce import hidden_mill
from .restricted import spendable as spendable_pool
from .total_cost import Choices, Priced, loyalty_cost, object_matches, spell_matches, summoning_sick

LEAVES = ("sacrifice", "return_to_hand")  # what takes a permanent away in 601.2h
REPEAT = 20  # activations of a repeatable mana ability that no object, life or library bounds


def ability_scope(p: int, a: int) -> str:
    """The scope of the non-mana needs of permanent p's mana ability a when it takes its
    objects apart from the other abilities (`Usage.uses` keys; the model's removers)."""
    return f"ability {p} {a}"


def repeatable(ability: ManaAbility) -> bool:
    """Neither taps nor sacrifices its permanent: activated as often as its costs can be paid.
    (A `per: removed` ability is activated once, X chosen: the model and the payments count it
    one activation per mana it makes, `per_counter`, its {T} if any once: `taps_once`.)"""
    return (not ability.tap and not ability.sacrifice_self) or per_counter(ability)


def taps_once(ability: ManaAbility) -> bool:
    """A `per: removed` ability with {T} (Sand Silos): its units (one per mana) are one
    activation, which taps its permanent once (the model's `_once`)."""
    return per_counter(ability) and ability.tap


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
        """Whether it untaps an opponent's permanent or reads a milled card:
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
    # `Player.spend_as_any_color`: a colored pip (the spell's, a filter's cost's) takes mana of
    # any type.
    any_color: bool = False
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
        permanent its best ability that taps or sacrifices it, or one that only taps it and one
        that only sacrifices it (`once_most`), or convoke, improvise, plus
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
                best = once_most(p, lambda o: 0 if not o.pays or not o.spendable
                                 else storage_most(o) if per_counter(o.ability)
                                 else max(total(m) for m in o.ability.adds))
                most = max(best, 1 if (p.convoker or p.improviser) else 0)
                for o in p.offers:
                    if o.pays and o.spendable and per_counter(o.ability) and o.ability.tap:
                        continue  # taps it: one of `once_most`'s
                    if o.pays and o.spendable and per_counter(o.ability):
                        most += storage_most(o)  # once, X mana
                    elif o.pays and o.spendable and repeatable(o.ability):
                        gain = max(total(m) for m in o.ability.adds) - _mana_size(o.ability)
                        most += max(0, gain) * o.repeats
                each[key] = most
            out += each[key]
        if self.delve:
            out += sum(1 for c in self.cards if c.zone == "graveyard")
        return out


def once_most(p: Permanent, amount: Callable[[Offer], int]) -> int:
    """The most `amount` the permanent's abilities that tap or sacrifice it could give in one
    payment: one of them, or one that only taps it and then one that only sacrifices it (it
    taps once and leaves once: Eye of Ramos). A `per: removed` ability with {T} is one of them
    (`amount` says what its X gives)."""
    once = [(o.ability, amount(o)) for o in p.offers
            if not repeatable(o.ability) or taps_once(o.ability)]
    best = max((n for _, n in once), default=0)
    taps = [n for ab, n in once if ab.tap and not ab.sacrifice_self]
    goes = [n for ab, n in once if ab.sacrifice_self and not ab.tap]
    return max(best, max(taps) + max(goes)) if taps and goes else best


def storage_most(o: Offer) -> int:
    """The most a `per: removed` offer gives: X at most its counters, less its own mana cost."""
    return max(0, o.repeats - _mana_size(o.ability))


def _mana_size(ability: ManaAbility) -> int:
    """The mana a filter ability's own cost takes (a hybrid pip one)."""
    return sum(s.amount if s.kind == "generic" else 1 for s in ability.mana.symbols)


def repeat_bound(scenario: Scenario, ability: ManaAbility, permanents: tuple[Permanent, ...],
                 cards: tuple[CardInZone, ...], life: int, library: int,
                 counters: tuple[tuple[str, int], ...] = ()) -> int:
    """How many times a repeatable mana ability can be activated in one payment: each
    activation pays all its costs again (601.2g, 605), so at most the objects its non-mana costs can
    take (distinct objects: an untapped one for a tap cost) over the count each takes, the life
    total over its life (119.4), the library over its mill (701.13b: no cost mills more
    than the library holds). These bounds are the rules' own, however large (an altar and 60
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
            if ability.tap and (obj.tapped or summoning_sick(scenario, obj)):
                continue
            if not counters_allow(ability, counters):
                continue  # too few counters for even one activation
            restricted = ability.only_for is not None
            if ability.per is not None:
                ability = counted_ability(scenario, ability, obj)
                if not ability.adds:
                    # It would add nothing (601.2g): never part of a payment, and a "tapped for
                    # mana" trigger fires only when the ability produces mana (106.12a): Wild
                    # Growth on a Gaea's Cradle with no creature adds nothing either.
                    continue
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
    return Resources(spendable_pool(scenario, spell), perms, zone_cards, you.life, you.library, spell.delve,
                     barred, you.snow_pool, hidden, tuple(dict.fromkeys(idle)),
                     life_for(scenario), any_color=you.spend_as_any_color)


def _once_if(one_choice: bool, bound: int) -> int:
    """A repeatable offer's activations at most: `bound`, or at most 1 for an offer that is
    one choice (an opponent's permanent untapped, a known card milled)."""
    return min(1, bound) if one_choice else bound


class SharedResources:
    """`resources` for casting several spells of one state (`payplan hand`), the permanents
    worked out once per class of spells that see them alike. What `resources` makes of the
    permanents depends on the spell only through its `spend_only`, whether it has convoke and
    improvise, and, for each mana ability restricted by `only_for` and each restricted entry of
    the pool, whether the spell matches it; and through the cards in hand and graveyard (all
    but the spell) only where a mana ability repeats (`repeat_bound` counts them). So spells
    with no `spend_only`, the same two flags and the same matches share the permanents where no
    permanent's offer repeats; the cards (all but the spell) and `delve` are each spell's own.
    Abilities (a `holder`) and the rest get `resources` itself. The answer equals `resources`'
    (tests/test_mtg_shortcuts.py)."""

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
               tuple(spell_matches(only, spell, chosen) for chosen, only in self._restricted),
               tuple(spell_matches(e.only_for, spell) for e in self.scenario.state.you.restricted_pool))
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
    `holder`: the ability's permanent (a count's `chosen_type` reads its chosen type; `per:
    {counters: KIND}` its counters of that kind)."""
    per = ability.per
    assert per is not None
    options: list[Mana] = []
    for option in ability.adds:
        if per.devotion:
            n = devotion(scenario, next(c for i, c in enumerate(COLORS) if option[1 + i]))
        elif per.counters is not None:  # Everflowing Chalice: its own counters of that kind
            n = holder.counter(per.counters) if holder is not None else 0
        elif per.power:  # Marwyn, the Nurturer: its own power, none at 0 or less (107.1b)
            n = power_of(scenario, holder) if holder is not None else 0
        elif per.greatest_power is not None:  # Bighorner Rancher
            chosen = holder.chosen_type if holder is not None else None
            n = max((power_of(scenario, o) for o in scenario.state.you.battlefield
                     if object_matches(scenario, per.greatest_power, o, chosen)), default=0)
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


def power_of(scenario: Scenario, obj: Obj) -> int:
    """The mana a `per: power` ability of `obj` makes per option unit: its power (its `power`,
    else its card's), 0 when that is 0 or less (107.1b)."""
    card = scenario.cards.get(obj.card)
    power = obj.power if obj.power is not None else card.power if card is not None else None
    return max(0, power or 0)


def kind_of(perm: Permanent) -> tuple[object, ...]:
    """What identical permanents share: the same card, tapped and sick state and `value` (so
    the same usable abilities, tap charge, convoke colors and losses); they differ only in their
    position (state order)."""
    obj = perm.obj
    # The offers' mana too: a mana effect may reach one permanent of a card and not another
    # (Market Festival on one Plains).
    return (obj.card, obj.tapped, obj.sick, obj.value, obj.attacking, obj.chosen_type,
            obj.power, perm.counters, tuple(o.ability.adds for o in perm.offers))


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
    it), and all of them tap it or all sacrifice it, so each member is used at most one way.
    Any other permanent is a class of its own. Members differ only in their position (state
    order)."""
    classes: dict[tuple[object, ...], list[int]] = {}
    out: list[list[int]] = []
    for p, perm in enumerate(res.permanents):
        simple = all((o.ability.tap or o.ability.sacrifice_self) and not o.ability.mana.symbols
                     and not o.ability.other and not per_counter(o.ability)
                     for o in perm.offers)
        # ... and any two of its abilities share a cost (both tap it, or both sacrifice it):
        # one that only taps it and one that only sacrifices it may both be used (Eye of Ramos).
        simple = simple and (all(o.ability.tap for o in perm.offers)
                             or all(o.ability.sacrifice_self for o in perm.offers))
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
