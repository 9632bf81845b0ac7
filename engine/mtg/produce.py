"""Mana read from another object (rules 106.7, 605.1a, 701.13 mill): a mana ability whose cost
untaps an opponent's permanent and adds one mana of a type that permanent could produce
(Benthic Explorers), one whose cost mills your library's top card and adds its colored mana
symbols (Charmed Pendant), and one adding one mana of any type (or color) that a permanent
matching its `of` filter could produce (Reflecting Pool, Exotic Orchard; `reflected`), and one
whose cost sacrifices a permanent of yours and adds one mana of a type that permanent could
produce (Squandered Resources, `adds: sacrificed`).

The payment sees each usable choice of such an ability as an offer of its own
(`engine.mtg.resources.Offer`): for an `untap` cost, each set of distinct tapped opponent
permanents it could untap (`untap_choices`), the offer naming them (`Offer.untaps`); for
`adds: milled`, each card known on top of your library (`library_top`) that an activation could
mill, by its position (`Offer.milled_at`); for `adds: sacrificed`, each permanent of yours its
sacrifice cost could take, the cost bound to it (`Filter.object`). A choice whose mana nobody
knows (a card past `library_top`) or that names no type (a permanent that could produce none)
is no offer: the planner never activates it.

- 106.7: the types a permanent "could produce" are the types named by the options of its mana
  abilities (`{C}` included, costs ignored); a `per` ability whose amount is 0 now names no type
  (its count read from its controller's battlefield); `adds: untapped`, `adds: milled` or
  `adds: sacrificed` names none; `adds: any_type | any_color` names what the permanents its
  `of` matches could produce, the least fixed point over both battlefields (each starts naming
  nothing: two Reflecting Pools alone make nothing), `any_color` never {C}. An ability naming
  no type makes no mana and is no offer.
- A milled card adds, per colored symbol of its mana cost, one mana of that color: {W/U} one of
  either (the payment's choice), {2/W} and {W/P} one {W}, {G/W/P} one of G or W; generic, {C},
  {X} and {S} nothing; a card with no cost nothing.
- Several activations mill the known cards in turn (601.2g, in the order the player activates
  them): which activation took which card is the payment's choice; all the mana abilities'
  mills together take the top cards, so a card at position j is milled only when they mill more
  than j cards (the model's `milled_within`).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from .cards import Card, ManaAbility, Obj, Player, Scenario
from .keys import REFLECT_ADDS
from .mana import COLORS, NO_MANA, TYPES, Mana
from .total_cost import object_matches

# What an offer reads, beside its ability: the opponent permanents it untaps, the position of
# the known card it mills (None: it mills none it reads).
Choice = tuple[ManaAbility, tuple[str, ...], int | None]


def could_produce(scenario: Scenario, obj: Obj, controller: Player,
                  known: dict[str, frozenset[str]] | None = None) -> tuple[str, ...]:
    """The types of mana (W U B R G C) `obj`, a permanent of `controller`, could produce
    (106.7): those its mana abilities' options name, each ability as its controller would
    activate it now (costs ignored; a `per` amount counted on `controller`'s battlefield; an
    untap, mill or sacrifice read names none; `adds: any_type | any_color` what `known` says, by default
    `reflected`'s fixed point)."""
    card = scenario.cards.get(obj.card)
    named: set[int] = set()
    for ability in card.mana if card is not None else ():
        if ability.reads in REFLECT_ADDS:
            if known is None:
                known = reflected(scenario)
            named |= {1 + TYPES.index(t) for t in known.get(obj.id, frozenset())}
            continue
        if ability.reads is not None:
            continue
        for option in ability.adds:
            if ability.per is not None and not _per_amount(scenario, ability, option, obj,
                                                           controller):
                continue
            named |= {i for i in range(1, 7) if option[i]}
    return tuple(TYPES[i - 1] for i in sorted(named))


def _per_amount(scenario: Scenario, ability: ManaAbility, option: Mana, holder: Obj,
                controller: Player) -> int:
    """A `per` ability's multiplier for `option`, as `controller` would read it now: its
    devotion to the option's color, or the count of its permanents matching the filter."""
    per = ability.per
    assert per is not None
    mine = [o for o in controller.battlefield if o.card in scenario.cards]
    if per.counters is not None:
        return holder.counter(per.counters)
    if per.power:  # its own power, none at 0 or less (107.1b)
        return _power(scenario, holder)
    if per.greatest_power is not None:  # the greatest among `controller`'s matching permanents
        return max((_power(scenario, o) for o in mine
                    if object_matches(scenario, per.greatest_power, o, holder.chosen_type)),
                   default=0)
    if per.devotion:
        color = next((c for i, c in enumerate(COLORS) if option[1 + i]), None)
        return sum(1 for o in mine for s in scenario.cards[o.card].cost.symbols
                   if color in s.colors)
    assert per.count is not None
    return sum(1 for o in mine if object_matches(scenario, per.count, o, holder.chosen_type))


def _power(scenario: Scenario, obj: Obj) -> int:
    """`obj`'s power (its `power`, else its card's), 0 when 0 or less (107.1b)."""
    card = scenario.cards.get(obj.card)
    power = obj.power if obj.power is not None else card.power if card is not None else None
    return max(0, power or 0)


def _reflecting(scenario: Scenario) -> list[tuple[Obj, Player, Player]]:
    """The permanents with an `adds: any_type | any_color` ability, both battlefields, yours
    first: each with its controller and that player's opponent."""
    you, opponent = scenario.state.you, scenario.state.opponent
    return [(o, mine, theirs) for mine, theirs in ((you, opponent), (opponent, you))
            for o in mine.battlefield if o.card in scenario.cards
            and any(m.reads in REFLECT_ADDS for m in scenario.cards[o.card].mana)]


def reflected(scenario: Scenario) -> dict[str, frozenset[str]]:
    """Per permanent with an `adds: any_type | any_color` ability (by id): the types its such
    abilities could add (106.7), the least fixed point: every such ability starts naming
    nothing, and each round adds the types the permanents its `of` matches could produce
    (`controller` relative to its own controller, default you; `any_color` leaves out C) until
    no set grows."""
    holders = _reflecting(scenario)
    known: dict[str, frozenset[str]] = {o.id: frozenset() for o, _, _ in holders}
    grown = bool(holders)
    while grown:
        grown = False
        for obj, mine, theirs in holders:
            names: set[str] = set()
            for ability in scenario.cards[obj.card].mana:
                if ability.reads in REFLECT_ADDS and ability.of is not None:
                    names |= _seen_types(scenario, ability, mine, theirs, known)
            if not names <= known[obj.id]:
                known[obj.id] = known[obj.id] | names
                grown = True
    return known


def _seen_types(scenario: Scenario, ability: ManaAbility, mine: Player, theirs: Player,
                known: dict[str, frozenset[str]]) -> set[str]:
    """The types the permanents `ability.of` matches could produce, as `known` reads the
    reflecting ones (colors only for `any_color`)."""
    of = ability.of
    assert of is not None
    side = of.controller or "you"
    players = [p for p, on in ((mine, side != "opponent"), (theirs, side != "you")) if on]
    out: set[str] = set()
    for player in players:
        for o in player.battlefield:
            if object_matches(scenario, of, o):
                out.update(could_produce(scenario, o, player, known))
    if ability.reads == "any_color":
        out.discard("C")
    return out


def one_of_each(types: tuple[str, ...]) -> tuple[Mana, ...]:
    """One mana of each type, as a mana ability's options (`adds: untapped`)."""
    out: list[Mana] = []
    for t in types:
        made = [0] * 7
        made[1 + TYPES.index(t)] = 1
        out.append((made[0], made[1], made[2], made[3], made[4], made[5], made[6]))
    return tuple(out)


def untap_choices(scenario: Scenario, ability: ManaAbility) -> list[Choice]:
    """The offers of a mana ability with `untap` costs: for each way to pick its untapped
    permanents (per cost, `count` distinct tapped opponent permanents matching its filter, no
    permanent twice; in the opponent's battlefield order), the ability with what it adds (for
    `adds: untapped`, one option per type the permanent could produce; none: no offer)."""
    opponent = scenario.state.opponent
    pools = [[o.id for o in opponent.battlefield if o.tapped
              and object_matches(scenario, filt, o)] for _, filt in ability.untap]
    by_id = {o.id: o for o in opponent.battlefield}
    out: list[Choice] = []
    for picked in itertools.product(*(itertools.combinations(pool, n)
                                      for pool, (n, _) in zip(pools, ability.untap))):
        ids = tuple(i for group in picked for i in group)
        if len(set(ids)) != len(ids):
            continue
        if ability.reads == "untapped":
            adds = one_of_each(could_produce(scenario, by_id[ids[0]], opponent))
            if not adds:
                continue  # it could produce no type: the activation makes no mana
            out.append((replace(ability, adds=adds), ids, None))
        else:
            out.append((ability, ids, None))
    return out


def reflected_types(scenario: Scenario, ability: ManaAbility) -> tuple[str, ...]:
    """The types (W U B R G C order) one `adds: any_type | any_color` ability of yours could add:
    what the permanents its `of` matches could produce, with `reflected`'s fixed point."""
    you, opponent = scenario.state.you, scenario.state.opponent
    seen = _seen_types(scenario, ability, you, opponent, reflected(scenario))
    return tuple(t for t in TYPES if t in seen)


def milled_mana(card: Card | None) -> tuple[Mana, ...]:
    """What a milled card adds (Charmed Pendant): one mana per colored symbol of its mana cost,
    a symbol of two colors either (each distinct total once, W before U ...); nothing (one
    option, no mana) for a card with no colored symbol or no cost."""
    choices: list[tuple[str, ...]] = []
    for s in card.cost.symbols if card is not None else ():
        colors = tuple(c for c in s.colors if c in COLORS)
        if s.kind in ("color", "hybrid", "monohybrid", "phyrexian") and colors:
            choices.append(colors)
    out: list[Mana] = []
    for pick in itertools.product(*choices):
        made = [0] * 7
        for c in pick:
            made[1 + COLORS.index(c)] += 1
        mana: Mana = (made[0], made[1], made[2], made[3], made[4], made[5], made[6])
        if mana not in out:
            out.append(mana)
    return tuple(out) if out else (NO_MANA,)


def milled_choices(scenario: Scenario, ability: ManaAbility) -> list[Choice]:
    """The offers of an `adds: milled` ability: one per card known on top of your library
    (`library_top`, by position), adding what that card's mana cost says."""
    top = scenario.state.you.library_top
    return [(replace(ability, adds=milled_mana(scenario.cards.get(card))), (), j)
            for j, card in enumerate(top)]


def sacrificed_choices(scenario: Scenario, ability: ManaAbility) -> list[Choice]:
    """The offers of an `adds: sacrificed` ability (Squandered Resources): one per permanent of
    yours its sacrifice cost could take (battlefield order), the cost bound to that permanent
    (`Filter.object`) and the ability adding one mana of each type it could produce, read as
    the cast begins (106.7); a permanent that could produce none is no offer."""
    you = scenario.state.you
    part = ability.other[0]
    out: list[Choice] = []
    for obj in you.battlefield:
        if obj.card not in scenario.cards or not object_matches(scenario, part.filter, obj):
            continue
        adds = one_of_each(could_produce(scenario, obj, you))
        if adds:
            bound = replace(part, filter=replace(part.filter, object=obj.id))
            out.append((replace(ability, adds=adds, reads=None, other=(bound,)), (), None))
    return out


def choices(scenario: Scenario, ability: ManaAbility) -> list[Choice]:
    """The offers one printed mana ability makes: itself, or for an `untap` cost,
    `adds: milled` or `adds: sacrificed`, each of its choices (`untap_choices`,
    `milled_choices`, `sacrificed_choices`)."""
    if ability.reads == "milled":
        return milled_choices(scenario, ability)
    if ability.reads == "sacrificed":
        return sacrificed_choices(scenario, ability)
    if ability.reads in REFLECT_ADDS:
        adds = one_of_each(reflected_types(scenario, ability))
        # An ordinary ability once its types are known; one naming none makes no mana (no offer).
        return [(replace(ability, adds=adds, reads=None, of=None), (), None)] if adds else []
    if ability.untap:
        return untap_choices(scenario, ability)
    return [(ability, (), None)]


def unplanned_mana_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first mana ability the joint payments of `payplan turn` (and of `play`'s `plays`) do
    not plan, its path and the one line, or None: an `adds: sacrificed` ability (Squandered
    Resources: which permanent each activation takes and what it could produce) or a storage
    ability's `per: removed` beside `tap` (Sand Silos: X units and one {T})."""
    for card_id, card in scenario.cards.items():
        for i, m in enumerate(card.mana):
            if m.reads == "sacrificed":
                return ("cards", card_id, "mana", i, "adds"), (
                    "adds: sacrificed is not supported by `payplan turn` (nor `plays` paid "
                    "together): plan each cast with `payplan plan` or `play`")
            if m.removed is not None and m.tap:
                return ("cards", card_id, "mana", i, "per"), (
                    "per: removed with tap is not supported by `payplan turn` (nor `plays` paid "
                    "together): plan each play with `payplan plan` or `play`")
    return None


def hidden_mill(scenario: Scenario, millers: int, other_mills: int) -> bool:
    """Whether an `adds: milled` activation could meet a card nobody knows: your library holds
    cards past `library_top` and the mana abilities could mill past it (`millers` activations
    reading the card, `other_mills` cards the other mana abilities could mill first)."""
    you = scenario.state.you
    known = len(you.library_top)
    return millers > 0 and you.library > known and millers + other_mills > known


__all__ = ["Choice", "choices", "could_produce", "hidden_mill", "milled_mana", "one_of_each",
           "reflected", "reflected_types", "sacrificed_choices", "unplanned_mana_keys",
           "untap_choices"]
