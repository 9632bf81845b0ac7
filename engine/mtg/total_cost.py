"""Rule 601.2f: determine the total cost of a spell, from the choices of 601.2b.

The total is the mana cost or the alternative cost (flashback, evoke, a pitch cost; nothing for
"without paying its mana cost"), plus the additional costs (kicker, multikicker, replicate,
buyback, mandatory extras, per-mode and per-target costs), with X and the announced halves of
hybrid and Phyrexian pips, plus increases, minus reductions, then floors (Trinisphere) last.

Reductions (118.7): the player applies them in any order. A generic reduction never touches a
colored pip, and its minimum ("can't reduce to less than one mana") binds only itself; the
order of the generic ones is `engine.discounts`' exact order search (the same rule as payplan/1's
Energy discounts: a minimum binds only its own discount). A colored reduction ({W} less) takes a
{W} pip, the announced {W} half of a hybrid pip included, and generic mana when there is no {W}
pip (118.7c). Colored reductions go after the generic ones: they never change generic mana while
a pip of their color is left, and a generic minimum counts the colored pips still there, so a
colored reduction first can only make a minimum bind harder. Floors raise the total mana last.
Mana never goes below 0.

`price` is the one pricing function: options, the planner, explanations and `play` call it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator

from ..discounts import NO_POWER, Mod, pareto_front
from .cards import (
    Additional,
    Amount,
    Card,
    Cost,
    Filter,
    Grant,
    Obj,
    OtherCost,
    Play,
    Reduction,
    Scenario,
    TurnEffect,
    life_of,
)
from .mana import (
    NO_MANA,
    TYPES,
    Mana,
    ManaCost,
    Symbol,
    add,
    mana_text,
    total,
    total_text,
)


@dataclass(frozen=True, slots=True)
class Step:
    rule: str
    text: str
    mana: Mana
    life: int
    snow: int = 0  # the {S} of the total so far

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text,
                "total": {"mana": total_text(self.mana, self.snow), "life": self.life}}


@dataclass(frozen=True, slots=True)
class Choices:
    """The announcements of 601.2b: how to cast, optional costs and counts, X, hybrid halves."""

    cast: str  # normal | flashback | without_paying | an alternative's id
    optional: tuple[tuple[str, int], ...] = ()  # (name, times paid), times >= 1
    x: int = 0
    halves: tuple[str, ...] = ()  # per announced symbol, in cost order: "{U}", "{2}", "life"


@dataclass(frozen=True, slots=True)
class Priced:
    """One priced set of choices: a cost option."""

    choices: Choices
    mana: Mana  # the total mana, every pip plain
    life: int  # Phyrexian life and life costs
    other: tuple[OtherCost, ...]
    steps: tuple[Step, ...]
    announced: tuple[tuple[Symbol, str], ...]  # each announced symbol and its half
    # An activation's counters on its own permanent: those its cost removes (kind, n), and a
    # loyalty ability's signed loyalty change after the cost changers (606.4; None: not one).
    counters: tuple[tuple[str, int], ...] = ()
    loyalty: int | None = None
    snow: int = 0  # {S} pips (107.4h): generic mana only snow mana pays, apart from `mana`

    @property
    def size(self) -> int:
        return total(self.mana) + self.snow

    @property
    def text(self) -> str:
        """The total mana's canonical text, {S} included."""
        return total_text(self.mana, self.snow)

    def removed(self, kind: str) -> int:
        """The counters of `kind` the activation's cost removes from its permanent (a negative
        loyalty cost's included)."""
        out = sum(n for k, n in self.counters if k == kind)
        if kind == "loyalty" and self.loyalty is not None:
            out += max(0, -self.loyalty)
        return out

    def counters_removed(self) -> int:
        """Every counter the activation's cost removes (each charged the `counter` weight)."""
        return sum(n for _, n in self.counters) + max(0, -(self.loyalty or 0))


@dataclass(frozen=True, slots=True)
class Changer:
    """A cost changer that applies to this spell: its source object and what it does."""

    source: str  # object id
    name: str
    increase: ManaCost | None = None
    generic: int = 0
    minimum: int = 0
    colored: Mana = NO_MANA
    at_least: int | None = None
    per_paid: str | None = None  # `generic` is `each` per object this additional cost took
    each: int = 0
    loyalty: int = 0  # a loyalty ability costs this much more (606.4; Carth the Lion)
    color_only: bool = False  # `colored` takes pips of its colors only, never generic mana
    if_paid: str | None = None  # applies only when this optional cost is paid (the Defilers)


def with_counts(changing: tuple[Changer, ...], optional: tuple[tuple[str, int], ...]
                ) -> tuple[Changer, ...]:
    """The changers with each `per_paid` reduction's amount for these announcements: `each`
    generic less per object its additional cost took (0 when it is not paid); a reduction that
    applies only when an optional cost is paid (`if_paid`) is dropped when it is not."""
    paid = dict(optional)
    return tuple(replace(c, generic=c.each * paid.get(c.per_paid, 0)) if c.per_paid else c
                 for c in changing if c.if_paid is None or paid.get(c.if_paid, 0))


def spell_matches(f: Filter, card: Card, chosen: str | None = None) -> bool:
    """Whether a spell of `card` meets `f` (controller is the caller's business). `chosen`: the
    creature type chosen for the object whose grant or ability holds `f` (`chosen_type`)."""
    if card.special:
        return False  # turning a card face up is neither a spell nor an ability (116.2b): no
        # grant reaches it and restricted mana (`only_for`, spells or abilities) can't pay it
    if f.ability != "any" and (f.ability is not None) != (card.activation is not None):
        return False  # a grant on activated abilities changes only theirs; others only spells'
    if f.ability == "cycling" and not card.cycling:
        return False  # "cycling abilities you activate" (Fluctuator): cycling ones only
    if f.ability == "loyalty" and card.loyalty is None:
        return False  # "loyalty abilities of planeswalkers you control" (Carth): those only
    if f.attacking:
        return False  # a spell is not attacking (only a permanent is)
    return card_matches(f, card, chosen)


def card_matches(f: Filter, card: Card, chosen: str | None = None) -> bool:
    """Whether `card` meets `f`'s card conditions: types (any of `type`, all of `all_types`,
    none of `not_type`), tags, colors, name, chosen type."""
    if f.type and not set(f.type) & set(card.types):
        return False
    if f.not_type and set(f.not_type) & set(card.types):
        return False
    if not set(f.all_types) <= set(card.types):
        return False
    if f.tags and not set(f.tags) <= set(card.tags):
        return False
    colors = card.card_colors()
    if f.color and not set(f.color) & set(colors):
        return False
    if f.multicolored is not None and (len(set(colors)) >= 2) != f.multicolored:
        return False
    if f.colorless is not None and (not colors) != f.colorless:
        return False
    if f.chosen_type and (chosen is None or chosen not in card.tags):
        return False  # 205.3m: a creature type is a tag here; no type chosen matches nothing
    if f.name is not None and f.name not in (card.name, card.id):
        return False
    mana_cost = card.activation.mana if card.activation is not None else card.cost
    if f.x_cost is not None and (mana_cost.x_count > 0) != f.x_cost:
        return False  # "costs that contain {X}" (Rosheen Meanderer), "without {X}" (Titans' Nest)
    return True


def object_matches(scenario: Scenario, f: Filter, obj: Obj, chosen: str | None = None) -> bool:
    """Whether the object `obj` (a permanent, or a card in a zone) meets `f`; `chosen` as for
    `spell_matches`."""
    card = scenario.cards.get(obj.card)
    if card is None:
        return False
    if f.object is not None and obj.id != f.object:
        return False
    if f.attacking is not None and obj.attacking != f.attacking:
        return False
    return card_matches(f, card, chosen)


def targeted(scenario: Scenario, f: Filter, targets: tuple[str, ...], holder: Obj | None,
             side: str) -> int:
    """How many of the spell's distinct `targets` match `f` (a `targets` filter): a player
    (`you`, `opponent`) matches `player:`, read from `side` (the holder's controller), or for
    `player: enchanted` the player `holder` is attached to (a Curse's, 303.4); an object (any
    zone, either player's) matches the rest, its `controller` also relative to `side` (default
    any), `self: true` only `holder` itself."""
    n = 0
    for t in dict.fromkeys(targets):
        if t in PLAYER_WORDS and f.player == "enchanted":
            n += holder is not None and holder.attached_to == t
            continue
        if t in PLAYER_WORDS:
            n += f.player is not None and (t == side) == (f.player == "you")
            continue
        if f.player is not None:
            continue
        for who in PLAYER_WORDS:
            found = scenario.state.you.find(t) if who == "you" else scenario.state.opponent.find(t)
            if found is None:
                continue
            if f.itself and (holder is None or found[1].id != holder.id):
                break
            if f.controller not in (None, "any") and (f.controller == "you") != (who == side):
                break
            n += object_matches(scenario, f, found[1], holder.chosen_type if holder else None)
            break
    return n


PLAYER_WORDS = ("you", "opponent")


def _amount(scenario: Scenario, a: Amount, pool: tuple[Obj, ...], targets: tuple[str, ...],
            holder: Obj | None, side: str, cast: str = "") -> int:
    """A reduction's amount: fixed, or `a.each` per unit counted (`_counted`)."""
    if a.fixed or a.per_paid is not None:
        return a.fixed  # a per_paid amount is known once the count is announced (`with_counts`)
    return a.each * _counted(scenario, a, pool, targets, holder, side, cast)


def _counted(scenario: Scenario, a: Amount, pool: tuple[Obj, ...], targets: tuple[str, ...],
             holder: Obj | None, side: str, cast: str = "") -> int:
    """What a counted amount counts: `pool`'s permanents (or the cards in a `zone` of `side`'s
    player, never the object `cast`: on the stack by 601.2f, 601.2a), the targets, the counters
    of a kind on `holder` (Animar) or the player's experience counters (Mizzix)."""
    if a.counters is not None:
        return dict(holder.counters).get(a.counters, 0) if holder is not None else 0
    if a.player_counters is not None:  # Mizzix: the reduction's player's experience counters
        return (scenario.state.you if side == "you" else scenario.state.opponent).experience
    if a.count is not None and a.zone != "battlefield":
        player = scenario.state.you if side == "you" else scenario.state.opponent
        chosen = holder.chosen_type if holder is not None else None
        return sum(1 for o in player.zone(a.zone)
                   if o.id != cast and object_matches(scenario, a.count, o, chosen))
    if a.count is not None:
        chosen = holder.chosen_type if holder is not None else None
        return sum(1 for o in pool if object_matches(scenario, a.count, o, chosen))
    if a.count_targets is not None:
        return targeted(scenario, a.count_targets, targets, holder, side)
    return 0


def _colored(scenario: Scenario, r: Reduction, pool: tuple[Obj, ...], holder: Obj | None
             ) -> Mana:
    """A reduction's colored mana: its fixed pips, and each counted color key (Khalni Hydra's
    `G: {count: FILTER}`) as that many pips of its color, counted on `pool` (the battlefield of
    the reduction's controller) as `generic: {count: FILTER}` is."""
    out = r.colored
    for t, f in r.colored_counts:
        n = _amount(scenario, Amount(count=f), pool, (), holder, "you")
        out = _plus(out, t, n)
    return out


def reaching_grants(scenario: Scenario, card: Card
                    ) -> Iterator[tuple[str, tuple[Obj, ...], Obj, Card, Grant]]:
    """Each grant of a permanent that reaches a cast of `card` by you, in state order (yours,
    then the opponent's): its `applies_to.controller` (relative to the granting permanent's
    controller, default the same player), its `turn` and its card conditions hold (the chosen
    type read from the granting permanent). Yields (its controller, that player's
    battlefield, the permanent, its card, the grant); `targets` is the caller's."""
    for who in ("you", "opponent"):
        player = scenario.state.you if who == "you" else scenario.state.opponent
        for obj in player.battlefield:
            source = scenario.cards.get(obj.card)
            if source is None:
                continue
            for g in source.grants:
                controller = g.applies_to.controller or "you"
                if controller != "any" and (controller == "you") != (who == "you"):
                    continue
                if g.turn is not None and (g.turn == "caster") != (scenario.state.turn == "you"):
                    continue  # you cast it: `caster` is your turn, `not_caster` the opponent's
                if spell_matches(g.applies_to, card, obj.chosen_type):
                    yield who, player.battlefield, obj, source, g


def keyword_grants(scenario: Scenario, card: Card, zone: str) -> tuple[frozenset[str], bool]:
    """The keywords permanents grant a card of yours in `zone` (`keyword`: convoke, delve,
    improvise; read on spells, so only outside the battlefield), and whether one grants it
    flashback (`flashback: mana_cost`, only in the graveyard), by the grants' `applies_to` read
    on the card (`reaching_grants`)."""
    if card.activation is not None or zone == "battlefield":
        return frozenset(), False
    keywords: set[str] = set()
    flashback = False
    for _, _, _, _, g in reaching_grants(scenario, card):
        if g.keyword is not None:
            keywords.add(g.keyword)
        flashback = flashback or (g.flashback and zone == "graveyard")
    return frozenset(keywords), flashback


def granted_additionals(scenario: Scenario, card: Card) -> tuple[Additional, ...]:
    """The optional additional costs permanents grant a spell of `card` (the Defilers' "you may
    pay 2 life"), each named `OBJECT.ID` after the permanent granting it, in state order."""
    if card.activation is not None:
        return ()
    return tuple(Additional(granted_name(obj, g.additional), g.additional.cost)
                 for _, _, obj, _, g in reaching_grants(scenario, card)
                 if g.additional is not None)


def granted_name(obj: Obj, additional: Additional) -> str:
    """How a play names the optional cost `obj`'s grant gives: `OBJECT.ID`."""
    return f"{obj.id}.{additional.id}"


def with_grants(scenario: Scenario, card: Card, zone: str) -> Card:
    """`card` (yours, in `zone`) with the keywords permanents grant it: convoke, delve,
    improvise (`keyword`), in the graveyard flashback for its mana cost (`flashback:
    mana_cost`; a card with a flashback cost of its own keeps it, 702.34), and the optional
    additional costs they grant (`granted_additionals`), after its own."""
    keywords, flashback = keyword_grants(scenario, card, zone)
    granted = granted_additionals(scenario, card) if zone != "battlefield" else ()
    if granted:
        card = replace(card, additional=card.additional + granted)
    if not keywords and not flashback:
        return card
    return replace(card, convoke=card.convoke or "convoke" in keywords,
                   delve=card.delve or "delve" in keywords,
                   improvise=card.improvise or "improvise" in keywords,
                   flashback=card.flashback if card.flashback is not None or not flashback
                   else Cost(card.cost))


def played_card(scenario: Scenario, play: Play) -> Card:
    """What `play` prices and pays for: the card as printed (`Scenario.printed_card`: an
    ability's stand-in for `play.ability`), a card with what other permanents grant it
    (`with_grants`)."""
    card = scenario.printed_card(play)
    if play.ability is not None:
        return card
    found = scenario.state.played(play.object)
    assert found is not None, "the loader checked the played object"
    return with_grants(scenario, card, found[0])


def changers(scenario: Scenario, card: Card, targets: tuple[str, ...] = (), cast: str = ""
             ) -> tuple[Changer, ...]:
    """The increases, reductions and floors that apply to casting `card` with these targets,
    in state order: the card's own reductions (affinity), then every permanent's grants.
    Turning a face-down permanent face up (`Card.special`) is neither a spell nor an ability:
    none applies."""
    out: list[Changer] = []
    if card.special:
        return ()
    for r in card.reductions:
        battlefield = scenario.state.you.battlefield
        amount = _amount(scenario, r.generic, battlefield, targets, None, "you", cast)
        out.append(Changer("", f"{card.name} ({r.label})", generic=amount, minimum=r.minimum,
                           colored=_colored(scenario, r, battlefield, None),
                           per_paid=r.generic.per_paid, each=r.generic.each,
                           color_only=r.color_only))
    for who, battlefield, obj, source, g in reaching_grants(scenario, card):
        if g.applies_to.targets is not None and not targeted(
                scenario, g.applies_to.targets, targets, obj, who):
            continue
        name = f"{source.name} ({obj.id})"
        if g.increase is not None:
            out.append(Changer(obj.id, name, increase=g.increase))
        elif g.reduction is not None:
            r = g.reduction
            amount = _amount(scenario, r.generic, battlefield, targets, obj, who, cast)
            out.append(Changer(obj.id, name, generic=amount, minimum=r.minimum,
                               colored=_colored(scenario, r, battlefield, obj),
                               color_only=r.color_only,
                               if_paid=(granted_name(obj, g.additional)
                                        if g.additional is not None else None)))
        elif g.at_least is not None:
            out.append(Changer(obj.id, name, at_least=g.at_least))
        elif g.loyalty is not None and card.loyalty is not None:
            out.append(Changer(obj.id, name, loyalty=g.loyalty))
    for e in reaching_effects(scenario, card):
        r = e.reduction
        label = f"effect {e.id}" + (f" ({r.label})" if r.label else "")
        out.append(Changer(e.id, label, generic=r.generic.fixed, minimum=r.minimum,
                           colored=r.colored, color_only=r.color_only))
    return tuple(out)


def reaching_effects(scenario: Scenario, card: Card) -> tuple[TurnEffect, ...]:
    """The effects lasting for the turn (`state.you.effects`) that reach a cast of `card` by you,
    in their order: a spell (never an ability, nor turning a card face up) their `applies_to`
    matches. Each is a reduction of its total, and the cast uses each once."""
    if card.activation is not None or card.special:
        return ()
    return tuple(e for e in scenario.state.you.effects if spell_matches(e.applies_to, card))


def has_haste(scenario: Scenario, obj: Obj) -> bool:
    """Whether your creature `obj` has haste (702.10): its card says `haste: true`, or a grant
    `haste: true` of a permanent on a battlefield reaches it (its `applies_to` read on the
    object, `controller` relative to the granting permanent's controller, default the same
    player; the granting permanent itself included)."""
    card = scenario.cards.get(obj.card)
    if card is None or "creature" not in card.types:
        return False
    if card.haste:
        return True
    for who in PLAYER_WORDS:
        player = scenario.state.you if who == "you" else scenario.state.opponent
        for holder in player.battlefield:
            source = scenario.cards.get(holder.card)
            if source is None:
                continue
            for g in source.grants:
                if not g.haste:
                    continue
                controller = g.applies_to.controller or "you"
                if controller != "any" and (controller == "you") != (who == "you"):
                    continue
                if object_matches(scenario, g.applies_to, obj, holder.chosen_type):
                    return True
    return False


def summoning_sick(scenario: Scenario, obj: Obj) -> bool:
    """Whether your permanent `obj` can't pay a {T} cost for summoning sickness (302.6): a
    creature that came under your control this turn (`sick`) and has no haste (702.10)."""
    if not obj.sick:
        return False
    card = scenario.cards.get(obj.card)
    return card is not None and "creature" in card.types and not has_haste(scenario, obj)


def base_cost(card: Card, cast: str) -> tuple[Cost, str]:
    """The cost 601.2f starts from, and the step's words."""
    if card.special:
        return card.activation or Cost(), (f"turn {card.name} face up: its morph cost "
                                           f"{card.cost or '{0}'} (702.37e, a special action)")
    if card.activation is not None:
        parts = [str(card.activation.mana)] if card.activation.mana.symbols else []
        for o in card.activation.other:
            if o.filter.object is not None:
                parts.append({"tap_untapped": "{T}", "sacrifice": "sacrifice it",
                              "discard": "discard it"}[o.kind])
            else:
                parts.append(o.text)
        parts += [f"remove {n} {kind} counter{'s' * (n != 1)}" for kind, n in card.remove]
        return card.activation, (f"activation cost of {card.title}: "
                                 f"{', '.join(parts) or '{0}'} (602.2b)")
    if cast == "normal":
        return Cost(card.cost), f"mana cost {card.cost or '(none)'}"
    if cast == "flashback" and card.flashback is not None:
        return card.flashback, f"flashback cost {card.flashback.mana or '{0}'} (702.34)"
    if cast == "without_paying":
        return Cost(), "without paying its mana cost (118.9)"
    alt = next(a for a in card.alternative if a.id == cast)
    return alt.cost, f"alternative cost {alt.id}: {alt.cost.mana or '(no mana)'}"


def additional_costs(card: Card, play: Play, choices: Choices) -> list[tuple[str, Cost]]:
    """The additional costs paid (601.2f), each with its name, in printed order."""
    out: list[tuple[str, Cost]] = []
    for a in card.additional:
        if a.mandatory:
            out.append((a.id, a.cost))
    paid = dict(choices.optional)
    for name in card.optional_names():
        cost = card.optional_cost(name)
        if cost.any_part is not None:  # paid once, its `count: any` part taking that many
            if paid.get(name, 0):
                out.append((name, cost.taking(paid[name])))
            continue
        for _ in range(paid.get(name, 0)):
            out.append((name, cost))
    if card.per_mode is not None and len(play.modes) > 1:
        for _ in range(len(play.modes) - 1):
            out.append(("per mode", Cost(card.per_mode)))
    for m in play.modes:
        if m in card.mode_costs:
            out.append((f"mode {m}", Cost(card.mode_costs[m])))
    if card.per_target is not None and len(play.targets) > 1:
        for _ in range(len(play.targets) - 1):
            out.append(("per target", Cost(card.per_target)))
    if card.per_target_life:  # Phyrexian Purge: life for each target, the first included
        for _ in play.targets:
            out.append(("life per target",
                        Cost(other=(OtherCost("pay_life", card.per_target_life),))))
    return out


def commander_casts(scenario: Scenario, play: Play) -> int:
    """How often the played object was cast from the command zone before (903.8), when this
    play casts it from there; else 0."""
    if play.zone != "command" or play.ability is not None:
        return 0
    return next((o.commander_casts for o in scenario.state.you.command if o.id == play.object), 0)


def assembled(card: Card, play: Play, cast: str, optional: tuple[tuple[str, int], ...],
              earlier_casts: int = 0
              ) -> tuple[tuple[Symbol, ...], tuple[OtherCost, ...], list[tuple[str, str]]]:
    """Every mana symbol and non-mana part of the cost before X, announcements and changers,
    with the steps that named them. `earlier_casts` (`commander_casts`): the commander tax,
    903.8, an additional {2} per earlier cast from the command zone; an additional cost
    (601.2f), so reductions and floors see it, whatever the way of casting (118.9d)."""
    base, words = base_cost(card, cast)
    symbols = list(base.mana.symbols)
    other = list(base.other)
    steps = [("601.2b", words)]
    if earlier_casts:
        symbols.append(Symbol("generic", amount=2 * earlier_casts))
        steps.append(("903.8", f"commander tax: {{{2 * earlier_casts}}} ({earlier_casts} earlier "
                               f"cast{'s' if earlier_casts > 1 else ''} from the command zone)"))
    for name, cost in additional_costs(card, play, Choices(cast, optional)):
        symbols.extend(cost.mana.symbols)
        other.extend(cost.other)
        parts = [str(cost.mana)] if cost.mana.symbols else []
        parts += [o.text for o in cost.other]
        steps.append(("601.2f", f"additional cost {name}: {' '.join(parts) or '(nothing)'}"))
    return tuple(symbols), tuple(other), steps


# What `price` works out from the way cast and the optional costs alone (`prepared`): the
# changers with their per-paid amounts, and the assembled symbols, non-mana parts and steps.
Prepared = tuple[tuple[Changer, ...],
                 tuple[tuple[Symbol, ...], tuple[OtherCost, ...], list[tuple[str, str]]]]


def prepared(scenario: Scenario, card: Card, play: Play, cast: str,
             optional: tuple[tuple[str, int], ...], changing: tuple[Changer, ...]) -> Prepared:
    """The part of `price` that depends on the way cast and the optional costs only (not on
    X nor the announcements): priced once for every X and announcement of them."""
    return (with_counts(changing, optional),
            assembled(card, play, cast, optional, commander_casts(scenario, play)))


def price(scenario: Scenario, card: Card, play: Play, choices: Choices,
          changing: tuple[Changer, ...] | None = None, ready: Prepared | None = None) -> Priced:
    """The total cost of casting `card` with these choices (601.2b, 601.2f). `ready`: what
    `prepared` gives for these choices' way and optional costs (and `changing`)."""
    if ready is None:
        if changing is None:
            changing = changers(scenario, card, play.targets, play.object)
        ready = prepared(scenario, card, play, choices.cast, choices.optional, changing)
    changing, (symbols, other_parts, named) = ready
    steps: list[Step] = []
    life = 0
    snow = 0  # {S}: never reduced (107.4h), counted in the total a floor compares
    announced: list[tuple[Symbol, str]] = []
    halves = iter(choices.halves)
    m = [0] * 7  # the symbols' mana, generic then W U B R G C (`Mana`), added up in place
    has_x = False
    for s in symbols:
        kind = s.kind
        if kind == "snow":
            snow += 1
        elif kind == "generic":
            m[0] += s.amount
        elif kind == "color":
            m[_KIND_INDEX[s.colors[0]]] += 1
        elif kind == "x":
            m[0] += choices.x
            has_x = True
        else:
            half = next(halves, None)
            if half is None:
                half = s.halves()[0]
            announced.append((s, half))
            if half == "life":
                life += 2
            else:
                body = half.strip("{}")
                if body.isdigit():
                    m[0] += int(body)
                else:
                    m[_KIND_INDEX[body]] += 1
    mana: Mana = (m[0], m[1], m[2], m[3], m[4], m[5], m[6])
    life += life_of(other_parts, choices.x)  # X life: the announced X (Toxic Deluge)
    other = tuple(o for o in other_parts if o.kind != "pay_life")
    for rule, words in named:
        steps.append(Step(rule, words, mana, life, snow))
    if has_x or any(o.x for o in other_parts):
        steps.append(Step("601.2b", f"announce X = {choices.x}", mana, life, snow))
    for s, half in announced:
        steps.append(Step("601.2b", f"announce {s.text} as {'2 life' if half == 'life' else half}",
                          mana, life, snow))
    # Increases first (601.2f: plus increases, then minus reductions).
    for c in changing:
        if c.increase is not None:
            mana = add(mana, c.increase.plain())
            snow += c.increase.snow
            steps.append(Step("601.2f", f"{c.name}: costs {c.increase} more", mana, life, snow))
    # Generic reductions, in the order that leaves the least generic mana: engine.discounts.
    # They never take {S} (107.4h), which a minimum counts as mana still there.
    generic = [c for c in changing if c.generic and c.increase is None and c.at_least is None]
    colored_total = total(mana) - mana[0] + snow
    if generic:
        mods = [Mod(c.name, energy=c.generic, min_energy=max(0, c.minimum - colored_total))
                for c in generic]
        front = pareto_front((mana[0], NO_POWER), mods)
        (left, _), path = front[0]
        for app in path:
            c = generic[app.index]
            before = mana[0]
            g = _apply_generic(before, mods[app.index])
            mana = (g,) + mana[1:]
            generic_taken = before - g
            limit = f" (can't reduce below {c.minimum} mana)" if c.minimum else ""
            steps.append(Step("601.2f", f"{c.name}: costs {{{c.generic}}} less{limit}: "
                                        f"{generic_taken} generic taken", mana, life, snow))
        assert mana[0] == left
    # Colored reductions last: a pip of the color, else generic mana (118.7c).
    for c in changing:
        if not any(c.colored) or c.at_least is not None:
            continue
        took: list[str] = []
        for t, n in zip(TYPES, c.colored[1:]):
            for _ in range(n):
                i = 1 + TYPES.index(t)
                if mana[i]:
                    mana = _plus(mana, t, -1)
                    took.append(f"{{{t}}}")
                elif mana[0] and not c.color_only:
                    mana = (mana[0] - 1,) + mana[1:]
                    took.append("{1}")
        if c.colored[0]:
            g = max(0, mana[0] - c.colored[0])
            took += ["{1}"] * (mana[0] - g)
            mana = (g,) + mana[1:]
        steps.append(Step("601.2f", f"{c.name}: costs {mana_text(c.colored)} less: took "
                                    f"{''.join(took) or 'nothing'} (118.7)", mana, life, snow))
    # Floors last: they add plain generic mana, comparing the total with its {S}.
    for c in changing:
        if c.at_least is not None and total(mana) + snow < c.at_least:
            mana = (mana[0] + c.at_least - total(mana) - snow,) + mana[1:]
            steps.append(Step("601.2f", f"{c.name}: costs at least {c.at_least} mana", mana, life,
                              snow))
        elif c.at_least is not None:
            steps.append(Step("601.2f", f"{c.name}: at least {c.at_least} mana (already)", mana,
                              life, snow))
    loyalty = _loyalty(card, changing, steps, mana, life, snow)
    return Priced(choices, mana, life, other, tuple(steps), tuple(announced), card.remove, loyalty,
                  snow)


def signed(n: int) -> str:
    """A loyalty cost as printed: +1, 0, -2."""
    return f"+{n}" if n > 0 else str(n)


def _loyalty(card: Card, changing: tuple[Changer, ...], steps: list[Step], mana: Mana,
             life: int, snow: int = 0) -> int | None:
    """A loyalty ability's loyalty cost (606.4) after the changers that add to it (Carth the
    Lion: "cost an additional [+1]"), with a step for each; None for any other play."""
    if card.loyalty is None:
        return None
    n = card.loyalty
    steps.append(Step("606.4", f"loyalty cost {signed(n)}", mana, life, snow))
    for c in changing:
        if c.loyalty:
            n += c.loyalty
            steps.append(Step("606.4", f"{c.name}: loyalty abilities cost an additional "
                                       f"[{signed(c.loyalty)}]: {signed(n)}", mana, life, snow))
    return n


def loyalty_cost(scenario: Scenario, card: Card, targets: tuple[str, ...] = ()) -> int | None:
    """The loyalty cost of the loyalty ability `card` stands in for, after its changers."""
    if card.loyalty is None:
        return None
    return card.loyalty + sum(c.loyalty for c in changers(scenario, card, targets))


def _apply_generic(generic: int, mod: Mod) -> int:
    return max(generic - mod.energy, min(generic, mod.min_energy))


_KIND_INDEX = {t: 1 + i for i, t in enumerate(TYPES)}  # a kind's index in `Mana`


def _plus(m: Mana, t: str, n: int) -> Mana:
    i = 1 + TYPES.index(t)
    out = list(m)
    out[i] += n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def destination(card: Card, cast: str, optional: tuple[tuple[str, int], ...]) -> str:
    """Where the card goes when it leaves the stack by resolving (702.34a: flashback exiles it
    wherever it would go; 702.27a: buyback returns it to hand)."""
    if cast == "flashback":
        return "exile"
    if card.permanent:
        return "battlefield"
    if any(name == "buyback" and n for name, n in optional):
        return "hand"
    return "graveyard"


def apply_reduction(mana: Mana, c: Changer, snow: int = 0) -> Mana:
    """One reduction applied on its own, as the rules say (118.7): generic mana less, never
    leaving less than its minimum of mana in all; colored mana less from a pip of that color,
    else from generic mana (118.7c). `payplan orders` walks every order with it."""
    out = list(mana)
    if c.generic:
        floor = max(0, c.minimum - (total(mana) - mana[0] + snow))  # {S} is mana still there
        out[0] = max(out[0] - c.generic, min(out[0], floor))
    for i in range(1, 7):
        for _ in range(c.colored[i]):
            if out[i]:
                out[i] -= 1
            elif out[0] and not c.color_only:
                out[0] -= 1
    if c.colored[0]:
        out[0] = max(0, out[0] - c.colored[0])
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def reductions_of(changing: tuple[Changer, ...]) -> tuple[Changer, ...]:
    return tuple(c for c in changing if c.increase is None and c.at_least is None
                 and (c.generic or any(c.colored)))
