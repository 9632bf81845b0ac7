"""Cards, mana abilities, cost changers, the state and the play of `mtg/1` (rules 601.2, 605, 118).

Frozen values only; `engine.mtg.loader` builds them from a file and checks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..objective import Objective
from ..turn import Turn
from .mana import NO_MANA, Mana, ManaCost

CARD_TYPES: tuple[str, ...] = ("land", "creature", "artifact", "enchantment", "planeswalker",
                               "instant", "sorcery", "battle", "kindred")
PERMANENT_TYPES = ("land", "creature", "artifact", "enchantment", "planeswalker", "battle")

# Non-mana cost kinds (the `other` list of a cost), each with a count and an optional filter.
OTHER_KINDS: tuple[str, ...] = ("sacrifice", "discard", "mill", "pay_life", "exile_from_graveyard",
                                "exile_from_hand", "tap_untapped", "return_to_hand")
ZONE_OF_KIND: dict[str, str] = {
    "sacrifice": "battlefield", "discard": "hand", "exile_from_graveyard": "graveyard",
    "exile_from_hand": "hand", "tap_untapped": "battlefield", "return_to_hand": "battlefield",
}

DEFAULT_WEIGHTS: Mapping[str, int] = MappingProxyType({
    "tap_land": 1, "tap_creature": 2, "tap_artifact": 1, "tap_other": 1, "sacrifice": 5,
    "discard": 4, "mill": 1, "exile_from_graveyard": 1, "exile_from_hand": 4, "life": 1,
    "return_to_hand": 3, "counter": 1, "untap": 1,
})
DEFAULT_BENEFITS: Mapping[str, int] = MappingProxyType({"kicker": 0, "buyback": 0})


@dataclass(frozen=True, slots=True)
class Filter:
    """Conditions an object or a spell must all meet; defaults do not constrain."""

    type: tuple[str, ...] = ()  # any of these types
    not_type: tuple[str, ...] = ()  # none of these types
    all_types: tuple[str, ...] = ()  # every one of these types (an artifact creature)
    tags: tuple[str, ...] = ()  # all of these tags
    color: tuple[str, ...] = ()  # any of these colors (W U B R G)
    name: str | None = None
    controller: str | None = None  # you | opponent | any (grants: relative to the granter)
    ability: str | None = None  # `activated`: the grant changes activated abilities' costs
    object: str | None = None  # only this object (an ability's own {T} / sacrifice cost)
    multicolored: bool | None = None  # two or more colors (True) or fewer (False)
    colorless: bool | None = None  # no color (True) or some (False)
    attacking: bool | None = None  # a permanent's combat state (a spell is not attacking)
    chosen_type: bool = False  # has the chosen type of the object holding the filter
    targets: "Filter | None" = None  # a spell with at least one target matching this
    player: str | None = None  # inside `targets`: a player target (you | opponent)
    itself: bool = False  # inside `targets` (`self: true`): the object holding the filter
    # In a mana effect's `sources` only: the permanent the effect's own permanent is attached
    # to (`Obj.attached_to`; none when it is attached to nothing).
    attached: bool = False
    # Read on the spell or ability played: its mana cost (a spell's printed `cost`, an
    # ability's mana cost) has an {X} in it (True) or not (False).
    x_cost: bool | None = None


@dataclass(frozen=True, slots=True)
class OtherCost:
    """A non-mana cost: `count` objects (or cards, or life) of one kind, matching `filter`."""

    kind: str
    count: int
    filter: Filter = Filter()
    x: bool = False  # `{pay_life: X}`: X life, X the announced X (`count` is then 0)
    any: bool = False  # `count: any`: as many as the play chooses (`count` is then 0)

    def to_json(self) -> dict[str, int | str]:
        return {self.kind: "X" if self.x else self.count}

    @property
    def text(self) -> str:
        """How a step names it: `pay_life 2`, `pay_life X`, `sacrifice any`."""
        return f"{self.kind} {'X' if self.x else 'any' if self.any else self.count}"


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost as a card prints it: mana symbols and non-mana parts."""

    mana: ManaCost = ManaCost()
    other: tuple[OtherCost, ...] = ()

    @property
    def x_life(self) -> int:
        """How many `{pay_life: X}` parts it has: each pays X life."""
        return sum(1 for o in self.other if o.x)

    @property
    def has_x(self) -> bool:
        """Whether paying it needs an X announced: an {X} symbol or an X life cost."""
        return bool(self.mana.x_count or self.x_life)

    @property
    def any_part(self) -> OtherCost | None:
        """Its `count: any` part (Torgaar's "sacrifice any number of creatures"), if any."""
        return next((o for o in self.other if o.any), None)

    def taking(self, n: int) -> Cost:
        """This cost with its `count: any` part taking `n` objects."""
        return Cost(self.mana, tuple(OtherCost(o.kind, n, o.filter) if o.any else o
                                     for o in self.other))


def life_of(other: tuple[OtherCost, ...] | list[OtherCost], x: int) -> int:
    """The life the `pay_life` parts of `other` pay with X announced as `x`."""
    return sum(x if o.x else o.count for o in other if o.kind == "pay_life")


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """One mana ability (rule 605): adds one of `adds`; costs `tap`, `sacrifice_self`, life,
    mana (a filter land) and other non-mana costs; `only_for` restricts the mana it adds."""

    adds: tuple[Mana, ...]
    tap: bool = True
    sacrifice_self: bool = False
    life: int = 0
    mana: ManaCost = ManaCost()
    other: tuple[OtherCost, ...] = ()
    only_for: Filter | None = None
    per: PerAmount | None = None  # `per`: `adds` is multiplied by an amount of the state
    # `{remove_counters: {kind, count: N}}` costs: N counters of each kind removed from its own
    # permanent per activation (Druids' Repository).
    remove: tuple[tuple[str, int], ...] = ()
    # Set only on the offers `engine.mtg.resources.resources` builds under mana effects
    # (`mana_effects`): what each possible activation makes, its `adds` the folded options.
    made: tuple[Made, ...] = ()
    # `per: removed` with `{remove_counters: {kind: KIND, count: X}}` (a storage land): activated
    # at most once, X counters of this kind removed, each option of `adds` (one mana each) once
    # per counter, chosen independently; the model sees one activation per mana made.
    removed: str | None = None
    # `{untap: {count: N, filter: FILTER}}` costs (Benthic Explorers): N distinct tapped
    # permanents of the opponent's, matching FILTER, untapped per activation (the choices are
    # `engine.mtg.produce.untap_choices`; the plan's words name them: `untap ID`).
    untap: tuple[tuple[int, Filter], ...] = ()
    # `adds: untapped` (one mana of a type the permanent untapped could produce, 106.7) or
    # `adds: milled` (the milled card's colored mana symbols, Charmed Pendant): `adds` is then
    # () as printed; each usable choice is an `Offer` of its own (`engine.mtg.produce`).
    reads: str | None = None
    # `adds: any_type | any_color` (`reads`): the permanents whose types it reads (106.7), its
    # `controller` relative to the ability's permanent's controller (default you).
    of: Filter | None = None

    def cost_words(self) -> tuple[str, ...]:
        out = ["tap"] if self.tap else []
        if self.sacrifice_self:
            out.append("sacrifice_self")
        if self.life:
            out.append(f"pay_life {self.life}")
        if self.mana.symbols:
            out.append(str(self.mana))
        out.extend(f"{o.kind} {o.count}" for o in self.other)
        out.extend(f"remove_counters {kind} {n}" for kind, n in self.remove)
        return tuple(out)

    def removes(self, kind: str) -> int:
        """The counters of `kind` one activation removes (a `per: removed` one: per mana)."""
        return sum(n for k, n in self.remove if k == kind) + (self.removed == kind)

    def counter_kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([k for k, _ in self.remove]
                                   + ([self.removed] if self.removed else [])))


@dataclass(frozen=True, slots=True)
class Made:
    """One way an activation of a mana ability goes under the mana effects that reach it: the
    ability's own output after replacement (`own`; 614.1a), the output before any (`was`), the
    permanent whose replacement was applied last (`by`, None when none was), and the mana each
    triggered mana ability added (`triggered`: (the trigger's permanent, mana), 605.4a). The
    activation adds `own` and every triggered mana together: `folded`."""

    own: Mana
    was: Mana
    by: str | None = None
    triggered: tuple[tuple[str, Mana], ...] = ()

    @property
    def folded(self) -> Mana:
        out = self.own
        for _, m in self.triggered:
            out = (out[0] + m[0], out[1] + m[1], out[2] + m[2], out[3] + m[3], out[4] + m[4],
                   out[5] + m[5], out[6] + m[6])
        return out


@dataclass(frozen=True, slots=True)
class ManaEffect:
    """A permanent's `mana_effects` entry: `replace` (614.1a, Damping Sphere): an
    activation of a {T} mana ability of a permanent matching `sources` that would make
    `at_least` mana or more in all makes `adds[0]` instead; `trigger` (605.1b, Crypt Ghast,
    Market Festival): such an activation also adds one option of `adds`, at once (605.4a).
    `sources`' controller is relative to the effect's permanent's controller."""

    kind: str  # replace | trigger
    sources: Filter
    adds: tuple[Mana, ...]
    at_least: int = 2  # replace only
    # trigger only, `adds: produced` (Dictate of Karametra): one mana of a type the activation
    # produced (its output after replacement), `adds` then ().
    produced: bool = False
    # replace only, `times: N` (Mana Reflection 2): the output N times over, `adds` then () and
    # `at_least` 1 (any mana).
    times: int = 0


@dataclass(frozen=True, slots=True)
class PerAmount:
    """A mana ability's `per`: each option of its `adds` is multiplied by the number of your
    permanents matching `count` (Gaea's Cradle, Cabal Coffers), or, for `devotion`, by your
    devotion to the option's color (Nykthos, rule 700.5), both counted from the state when the
    cast begins (mana abilities are activated before costs are paid, 601.2g-h)."""

    devotion: bool = False
    count: Filter | None = None
    counters: str | None = None  # once per counter of this kind on its own permanent (Chalice)
    # `per: power`: once per point of its own permanent's power (Marwyn, the Nurturer; 208.3),
    # none at 0 or less (107.1b)
    power: bool = False
    # `per: {greatest_power: FILTER}`: once per point of the greatest power among your
    # permanents matching FILTER (Bighorner Rancher), none at 0 or less
    greatest_power: Filter | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """A whole number, or the count of your permanents matching `count` (affinity)."""

    fixed: int = 0
    count: Filter | None = None
    count_targets: Filter | None = None  # the spell's targets matching this, each once
    per_paid: str | None = None  # `{per_paid: ID, each: N}`: N per object the additional
    # cost ID took (Torgaar), known once the count is announced (601.2b); beside a count, the
    # counters or the targets: N per unit counted (The Cauldron of Eternity's {2} per card)
    each: int = 1
    zone: str = "battlefield"  # `count`'s zone: your cards there (Karador's graveyard)
    counters: str | None = None  # the counters of this kind on the granting permanent (Animar)
    player_counters: str | None = None  # `experience`: the reduction's player's (Mizzix)


@dataclass(frozen=True, slots=True)
class Reduction:
    """`{generic: N, minimum: M}` (generic mana less, never below M mana in all) or
    `{mana: "{W}"}` (colored mana less: a pip of that color, else generic, rule 118.7c).
    `colored_counts`: a color key counted from the state (`{G: {count: FILTER}}`, Khalni
    Hydra): that many more of that color less, the count taken as the cast begins."""

    label: str
    generic: Amount = Amount()
    minimum: int = 0
    colored: Mana = NO_MANA
    colored_counts: tuple[tuple[str, Filter], ...] = ()  # (color letter, filter), per color key
    # `color_only: true` (the Defilers' "reduces only the amount of green mana you pay"): the
    # colored part takes only pips of its colors, never generic mana (no 118.7c fallback).
    color_only: bool = False


@dataclass(frozen=True, slots=True)
class Grant:
    """A cost changer a permanent grants: an increase, a reduction or a floor (Trinisphere)."""

    applies_to: Filter
    increase: ManaCost | None = None
    reduction: Reduction | None = None
    at_least: int | None = None
    turn: str | None = None  # caster | not_caster: only during (or outside) the caster's turn
    keyword: str | None = None  # convoke | delve | improvise: the spells it applies to have it
    flashback: bool = False  # `flashback: mana_cost`: graveyard cards it applies to have
    # flashback, its cost their mana cost (Lier, Disciple of the Drowned)
    loyalty: int | None = None  # loyalty abilities it applies to cost this much more (Carth)
    haste: bool = False  # `haste: true`: your creatures it applies to have haste (702.10)
    # `cast_from: graveyard | exile`: the cards of yours there it applies to may be cast from
    # there as from the hand (Karador, Ghost Chieftain; Muldrotha)
    cast_from: str | None = None
    # `additional: {id, cost, other}`: an optional additional cost the spells it applies to may
    # be cast with (the Defilers' "you may pay 2 life"), named `OBJECT.ID` in a play; the
    # grant's `reduction` then applies only to a spell cast paying it (601.2b, 601.2f).
    additional: Additional | None = None


@dataclass(frozen=True, slots=True)
class TurnEffect:
    """An effect lasting for the turn (`state.you.effects`, or made by a card's `effect.grants`
    at its resolution): a reduction of each spell of yours `applies_to` matches, used once by
    each such spell cast; `uses` None: every one this turn (`turn`)."""

    id: str
    reduction: Reduction
    applies_to: Filter = Filter()
    uses: int | None = 1


def free_effect_id(taken: set[str] | frozenset[str], start: int = 1) -> str:
    """`effectN`: `effect{start}` when it is free, else the least N >= 1 that is."""
    if f"effect{start}" not in taken:
        return f"effect{start}"
    n = 1
    while f"effect{n}" in taken:
        n += 1
    return f"effect{n}"


@dataclass(frozen=True, slots=True)
class CardEffect:
    """What a card's resolution leaves besides `effect.adds`: tokens created (card id, count),
    permanents of yours untapped (`untap`: up to N matching), effects lasting for the turn
    (their `id` is given as they are made)."""

    tokens: tuple[tuple[str, int], ...] = ()
    untap: tuple[int, Filter] | None = None
    grants: tuple[TurnEffect, ...] = ()


@dataclass(frozen=True, slots=True)
class Alternative:
    """An alternative cost (118.9): evoke, a pitch cost, ...; `zone` restricts where from."""

    id: str
    cost: Cost
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class Additional:
    """An additional cost (118.8): optional unless `mandatory`."""

    id: str
    cost: Cost
    mandatory: bool = False


@dataclass(frozen=True, slots=True)
class Activated:
    """An activated ability (602) of a permanent: `{id, costs: [...], timing}` in a card's
    `abilities`. Its cost is mana and non-mana parts as a spell's, plus `tap` ({T}: the
    permanent taps, so not while tapped or, for a creature, summoning sick, 302.6) and
    `sacrifice_self`; `sorcery`: activate only as a sorcery (602.5d). `zone: hand`: activated
    from the hand (cycling, 702.29), its costs may discard its own card (`discard_self`) and
    never tap or sacrifice it."""

    id: str
    cost: Cost = Cost()
    tap: bool = False
    sacrifice_self: bool = False
    sorcery: bool = False
    zone: str = "battlefield"  # where its object is when activated: battlefield | hand
    discard_self: bool = False  # "discard this card" (from the hand; 702.29a)
    cycling: bool = False  # a cycling ability (702.29): what `ability: cycling` filters read
    remove: tuple[tuple[str, int], ...] = ()  # counters its cost removes from its permanent
    loyalty: int | None = None  # a loyalty ability (606): its printed loyalty cost, signed


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    types: tuple[str, ...]
    cost: ManaCost = ManaCost()
    colors: tuple[str, ...] | None = None  # a color indicator / token colors
    tags: tuple[str, ...] = ()
    flash: bool = False
    flashback: Cost | None = None
    kicker: tuple[Cost, ...] = ()
    multikicker: Cost | None = None
    replicate: Cost | None = None
    buyback: Cost | None = None
    alternative: tuple[Alternative, ...] = ()
    additional: tuple[Additional, ...] = ()
    per_mode: ManaCost | None = None  # escalate: for each mode chosen beyond the first
    per_target: ManaCost | None = None  # strive: for each target beyond the first
    per_target_life: int = 0  # Phyrexian Purge: this much life more for each target
    mode_costs: Mapping[str, ManaCost] = field(default_factory=lambda: MappingProxyType({}))
    convoke: bool = False
    delve: bool = False
    improvise: bool = False
    reductions: tuple[Reduction, ...] = ()
    mana: tuple[ManaAbility, ...] = ()
    grants: tuple[Grant, ...] = ()
    abilities: tuple[Activated, ...] = ()
    # Set only on the stand-in `ability_card` builds: the activation's whole cost. A card with
    # it is an ability being activated, not a spell: grants reach it only through
    # `applies_to: {ability: activated}` (602.2b applies 601.2f to abilities).
    activation: Cost | None = None
    effect_adds: Mana | None = None  # `effect: {adds: MANA}`: its resolution adds this (Dark Ritual)
    effect: CardEffect | None = None  # `effect:`'s tokens, untap and grants
    haste: bool = False  # 702.10: a creature with haste is never summoning sick (302.6)
    power: int | None = None  # the printed power (read by a `per: power` mana ability)
    enters_tapped: bool = False  # a land that enters the battlefield tapped when played (305)
    ability_id: str | None = None  # the stand-in's ability (its `title` names it)
    ability_zone: str = "battlefield"  # the stand-in's ability: where it is activated from
    cycling: bool = False  # the stand-in's ability is a cycling ability (702.29)
    remove: tuple[tuple[str, int], ...] = ()  # the stand-in's ability: counters its cost removes
    loyalty: int | None = None  # the stand-in's ability is a loyalty ability: its printed cost
    # `spend_only: FILTER` (Myr Superion, Imperiosaur): only mana made by a permanent matching
    # it may be spent on casting this card, however cast (its activated abilities are not
    # restricted: `ability_card` leaves it out).
    spend_only: Filter | None = None
    snow: bool = False  # the snow supertype (205.4f): its mana is snow mana, which pays {S}
    mana_effects: tuple[ManaEffect, ...] = ()  # replacement and triggered mana (614.1a, 605.1b)
    # `life_for: {B: 2}` (K'rrik, Son of Yawgmoth): while this permanent is on your battlefield,
    # each pip of a color named in the total of your cast or activation may be paid with that
    # much life instead of the mana (601.2h); (color letter, life) in W U B R G order.
    life_for: tuple[tuple[str, int], ...] = ()
    morph: ManaCost | None = None  # 702.37: cast face down for {3}, turned face up for this
    # A face-down card's stand-in (`face_down_card`): the id of the card it hides.
    face_down_of: str | None = None
    # The stand-in of turning a face-down permanent face up (`turn_face_up_card`): a special
    # action (116.2b), no spell and no ability: no cost changer applies to it.
    special: bool = False

    @property
    def title(self) -> str:
        """The name the texts use: the card's, or for an ability's stand-in "NAME: ID"."""
        return self.name if self.ability_id is None else f"{self.name}: {self.ability_id}"

    def has_snow(self) -> bool:
        """Whether a cost of the card has {S} (snow mana, 107.4h)."""
        costs = [self.cost, *(a.cost.mana for a in self.alternative),
                 *(a.cost.mana for a in self.additional), *(k.mana for k in self.kicker),
                 *(c.mana for c in (self.flashback, self.multikicker, self.replicate,
                                    self.buyback) if c is not None),
                 *(m for m in (self.per_mode, self.per_target) if m is not None),
                 *self.mode_costs.values(), *(a.cost.mana for a in self.abilities)]
        if self.activation is not None:
            costs.append(self.activation.mana)
        return any(c.snow for c in costs)

    def card_colors(self) -> tuple[str, ...]:
        return self.colors if self.colors is not None else self.cost.colors()

    @property
    def permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    def has_x(self) -> bool:
        """Whether a play of it may announce X: {X} in its mana cost, its flashback or an
        alternative cost, or X life in a cost's other parts (Toxic Deluge)."""
        costs = [Cost(self.cost), *(a.cost for a in self.alternative),
                 *(a.cost for a in self.additional if a.mandatory)]
        if self.flashback is not None:
            costs.append(self.flashback)
        if self.activation is not None:
            costs.append(self.activation)
        return any(c.has_x for c in costs)

    def shows_x(self) -> bool:
        """Whether a plan names its X: {X} in its mana cost or flashback cost, or an X life
        cost (the plan's `x` is null otherwise)."""
        costs = [*(a.cost for a in self.additional if a.mandatory), *(a.cost for a in self.alternative)]
        if self.flashback is not None:
            costs.append(self.flashback)
        if self.activation is not None:
            costs.append(self.activation)
        return bool(self.cost.x_count or any(c.x_life for c in costs) or (
            self.flashback is not None and self.flashback.mana.x_count))

    def shown(self) -> str:
        """The card as a reason names it: its name, or for a face-down spell (which has none,
        708.2) the card it hides, as its player knows it: `face-down akroma`."""
        return self.name or f"face-down {self.face_down_of or self.id}"

    def optional_names(self) -> tuple[str, ...]:
        """The names `play.optional` may use, in canonical order."""
        names = ["kicker" if i == 0 else f"kicker.{i}" for i in range(len(self.kicker))]
        if self.multikicker is not None:
            names.append("multikicker")
        if self.replicate is not None:
            names.append("replicate")
        if self.buyback is not None:
            names.append("buyback")
        names.extend(a.id for a in self.additional if not a.mandatory)
        return tuple(names)

    def counted(self, name: str) -> bool:
        """Whether an optional cost is paid a chosen number of times (multikicker, replicate),
        or takes a chosen number of objects (an additional cost with a `count: any` part)."""
        return name in ("multikicker", "replicate") or self.takes_any(name)

    def takes_any(self, name: str) -> bool:
        """Whether `name` is an optional additional cost with a `count: any` part."""
        return any(a.id == name and not a.mandatory and a.cost.any_part is not None
                   for a in self.additional)

    def optional_cost(self, name: str) -> Cost:
        if name.startswith("kicker"):
            index = 0 if name == "kicker" else int(name.split(".")[1])
            return self.kicker[index]
        if name == "multikicker" and self.multikicker is not None:
            return self.multikicker
        if name == "replicate" and self.replicate is not None:
            return self.replicate
        if name == "buyback" and self.buyback is not None:
            return self.buyback
        return next(a.cost for a in self.additional if a.id == name)


def ability_card(card: Card, ability: Activated, obj_id: str) -> Card:
    """The stand-in the total cost and the payment see for activating `ability` of object
    `obj_id` (a `card`): its name, types, colors and tags (what `applies_to` filters read), the
    ability's mana cost, instant timing unless `sorcery`, and the whole cost as `activation`,
    where {T} is a tap_untapped, "sacrifice this" a sacrifice and "discard this card" a discard
    of that one object."""
    own = Filter(object=obj_id)
    other = ability.cost.other
    if ability.tap:
        other += (OtherCost("tap_untapped", 1, own),)
    if ability.sacrifice_self:
        other += (OtherCost("sacrifice", 1, own),)
    if ability.discard_self:
        other += (OtherCost("discard", 1, own),)
    # Its name is its permanent's: a filter's `name` ("activated abilities of permanents named
    # Relic") reads the name of the ability's source (602.2b applies 601.2f to the ability).
    return Card(id=card.id, name=card.name, types=card.types,
                cost=ability.cost.mana, colors=card.card_colors(), tags=card.tags,
                flash=not ability.sorcery, activation=Cost(ability.cost.mana, other),
                ability_id=ability.id, ability_zone=ability.zone, cycling=ability.cycling,
                remove=ability.remove, loyalty=ability.loyalty)


FACE_DOWN = "face-down:"  # the id prefix of a face-down card's stand-in (`face_down_card`)
TURN_FACE_UP = "turn_face_up"  # a play's `cast` (and stand-in's ability id) turning one face up


def face_down_card(card: Card) -> Card:
    """What a card with morph is face down (702.37a, 708.2): a 2/2 creature with no name, no
    colors, no tags, no mana cost (mana value 0) and no abilities; cast face down, its cost
    is {3}, an alternative cost (`cast: face_down`)."""
    return Card(id=FACE_DOWN + card.id, name="", types=("creature",), colors=(),
                alternative=(Alternative("face_down", Cost(ManaCost.parse("{3}")), "hand"),),
                face_down_of=card.id)


def turn_face_up_card(card: Card) -> Card:
    """The stand-in for turning a face-down `card` face up (702.37e, 116.2b): its morph cost,
    at any time, no cost changer (`special`)."""
    assert card.morph is not None
    return Card(id=card.id, name=card.name, types=card.types, cost=card.morph,
                colors=card.card_colors(), tags=card.tags, flash=True,
                activation=Cost(card.morph), ability_id=TURN_FACE_UP, special=True)


@dataclass(frozen=True, slots=True)
class Obj:
    """An object in a zone; `card` names its card."""

    id: str
    card: str
    tapped: bool = False
    sick: bool = False
    value: int | None = None  # what losing it charges, instead of the weight
    commander_casts: int = 0  # in the command zone: casts from there this game (903.8)
    attacking: bool = False  # a creature on the battlefield that is attacking
    chosen_type: str | None = None  # the creature type chosen as it entered (a tag)
    counters: tuple[tuple[str, int], ...] = ()  # on the battlefield: counters by kind, sorted
    loyalty_activated: bool = False  # a loyalty ability of it was activated this turn (606.3)
    attached_to: str | None = None  # an Aura on the battlefield: the permanent it enchants
    # On the battlefield: its power now (counters and effects applied; the file states it),
    # standing for its card's `power` (read by `per: power`).
    power: int | None = None

    def counter(self, kind: str) -> int:
        return sum(n for k, n in self.counters if k == kind)

    @property
    def face_down(self) -> bool:
        """A face-down permanent (702.37): its `card` is the stand-in `face_down_card`."""
        return self.card.startswith(FACE_DOWN)


@dataclass(frozen=True, slots=True)
class RestrictedMana:
    """Mana in the pool that may be spent only on what `only_for` admits (106.6): a spell, or
    an activated ability when the filter has `ability`."""

    mana: Mana
    only_for: Filter


@dataclass(frozen=True, slots=True)
class Player:
    life: int = 20
    library: int = 0
    hand: tuple[Obj, ...] = ()
    graveyard: tuple[Obj, ...] = ()
    exile: tuple[Obj, ...] = ()
    command: tuple[Obj, ...] = ()
    battlefield: tuple[Obj, ...] = ()
    mana_pool: Mana = NO_MANA
    snow_pool: Mana = NO_MANA  # the part of `mana_pool` snow sources made (pays {S})
    library_top: tuple[str, ...] = ()  # the cards known on top of the library, top first
    effects: tuple[TurnEffect, ...] = ()  # effects lasting for the turn (`TurnEffect`)
    # Chromatic Orrery's permission: mana spent as though it were mana of any color (a colored
    # pip, the spell's or a filter's own, takes mana of any type; {C} and {S} pips as before).
    spend_as_any_color: bool = False
    experience: int = 0  # experience counters (a player's counters: Mizzix)
    # Restricted mana in the pool (106.6), apart from `mana_pool`: each entry pays only what
    # its `only_for` admits.
    restricted_pool: tuple["RestrictedMana", ...] = ()

    def zone(self, name: str) -> tuple[Obj, ...]:
        zones: dict[str, tuple[Obj, ...]] = {
            "hand": self.hand, "graveyard": self.graveyard, "exile": self.exile,
            "command": self.command, "battlefield": self.battlefield}
        return zones[name]

    def find(self, ident: str) -> tuple[str, Obj] | None:
        for zone in ZONES:
            for obj in self.zone(zone):
                if obj.id == ident:
                    return zone, obj
        return None


ZONES: tuple[str, ...] = ("hand", "graveyard", "exile", "command", "battlefield")


@dataclass(frozen=True, slots=True)
class State:
    phase: str = "main"
    stack: str = "empty"
    turn: str = "you"
    you: Player = Player()
    opponent: Player = Player()
    lands_played_this_turn: int = 0  # rule 305.2: one land a turn

    @property
    def sorcery_speed(self) -> bool:
        return self.phase == "main" and self.stack == "empty" and self.turn == "you"

    def played(self, ident: str) -> tuple[str, Obj] | None:
        """The zone and object a play names: yours, else the opponent's (a legal file and an
        illegal play: you cast only your own cards, and `engine.mtg.options` says so)."""
        return self.you.find(ident) or self.opponent.find(ident)


@dataclass(frozen=True, slots=True)
class Play:
    object: str
    zone: str  # where the object is
    cast: str = "auto"
    x: int | None = None  # None: auto
    optional: Mapping[str, str | int] = field(default_factory=lambda: MappingProxyType({}))
    targets: tuple[str, ...] = ()
    modes: tuple[str, ...] = ()
    ability: str | None = None  # activate this ability of `object` (on your battlefield)
    # Whether the file named the zone (`from`): a turn makes a listed play that does not from
    # where its object is when it is played. Not compared: a dump writes `from` always.
    from_given: bool = field(default=False, compare=False)


def mtg_objective(weights: Mapping[str, int] = DEFAULT_WEIGHTS,
                  benefits: Mapping[str, int] = DEFAULT_BENEFITS) -> Objective:
    """payplan/1's Objective with mtg/1's default weights (the one definition is
    `engine.scenario.Objective`; `benefit` reads `kicker.1`, else `kicker`, else 0)."""
    return Objective(weights, benefits, DEFAULT_WEIGHTS)


@dataclass(frozen=True, slots=True)
class Scenario:
    cards: Mapping[str, Card]
    state: State
    play: Play | None
    objective: Objective = field(default_factory=mtg_objective)
    plays: tuple[Play, ...] = ()  # `plays:` for payplan play, in order
    turn: Turn[Play] | None = None  # `payplan turn`'s `turn:` (docs/turns.md)

    format: str = "mtg/1"

    def printed_card(self, play: Play) -> Card:
        """The card `play` plays as printed: the object's card, or for `play.ability` the
        stand-in of that activated ability (`ability_card`). What the play prices and pays for
        is `engine.mtg.total_cost.played_card`: this, with what other permanents grant it."""
        found = self.state.played(play.object)
        assert found is not None, "the loader checked the played object"
        card = self.cards[found[1].card]
        if play.cast == "face_down":
            return self.cards[FACE_DOWN + card.id]
        if play.cast == TURN_FACE_UP:
            return turn_face_up_card(self.cards[card.face_down_of or card.id])
        if play.ability is None:
            return card
        ability = next(a for a in card.abilities if a.id == play.ability)
        return ability_card(card, ability, found[1].id)
