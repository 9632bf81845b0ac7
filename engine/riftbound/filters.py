"""Filters, amount expressions and conditions, read against the state (rules 353.4, 360).

These are the three small languages the format uses to say which objects or plays a modifier
concerns, how large it is, and when it applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cards import (
    Amount,
    Card,
    Condition,
    CountOf,
    MaxMight,
    MightOfTarget,
    PerPlayed,
    PrintedOf,
    UnitsAt,
)
from .cost import Cost, Filter, Player
from .scenario import Scenario
from .state import PLAYERS, GameObject, location_kind


def object_might(scenario: Scenario, obj: GameObject) -> int:
    """The object's current Might (rules notes, settled from the core rules): its `might` where
    the state gives it (that is its current Might, buffs included), else its card's printed
    Might plus its buffs (a buff is +1 Might); 0 for a card that prints none."""
    if obj.might is not None:
        return obj.might
    card = scenario.cards.get(obj.card)
    printed = card.might if card is not None and card.might is not None else 0
    return printed + obj.buffs


def has_might(scenario: Scenario, obj: GameObject) -> bool:
    """Whether the object has a Might: the state gives it one, or its card prints one."""
    if obj.might is not None:
        return True
    card = scenario.cards.get(obj.card)
    return card is not None and card.might is not None


def card_matches(
    f: Filter,
    card: Card,
    *,
    might: int | None = None,
    location: str | None = None,
    from_zone: str | None = None,
    stunned: bool = False,
    timing: str | None = None,
) -> bool:
    """Whether a card (as an object with this Might and location, or as a play) meets `f`.

    `controller` is not read here: it is relative to who asks and the caller checks it; nor is
    `id` (an object's: `object_matches` and `play_matches` read it). A filter with `ability` matches only the
    plays of abilities of that kind (`any`: every kind; `activated`: Equip and Empower too, as
    818.1 makes them activated abilities), and one without matches only cards;
    `or_card` matches both the cards and their equip/empower/activated abilities (Ornn's "gear
    or gear abilities"). No filter matches a `payment` (an effect's "pay X" is not a play).
    """
    if card.ability_kind == "payment":
        return False
    if f.ability is None:
        if card.ability_kind is not None:
            return False
    elif f.ability == "or_card":
        if card.ability_kind == "hide":
            return False
    elif card.ability_kind is None or not (
            f.ability in ("any", card.ability_kind)
            # Equip and Empower are activated abilities (818.1): "activated abilities" reach
            # them (Piltovan Forge), never hiding.
            or (f.ability == "activated" and card.ability_kind in ("equip", "empower"))):
        return False
    if f.printed_energy is not None and card.cost.energy != f.printed_energy:
        return False
    if f.printed_power is not None and card.cost.pips != f.printed_power:
        return False
    if f.type and card.type not in f.type:
        return False
    if f.tags and not set(f.tags) <= set(card.tags):
        return False
    if f.any_tags and not set(f.any_tags) & set(card.tags):
        return False
    if f.domain is not None and f.domain not in card.domains:
        return False
    if f.name is not None and f.name not in (card.name, card.id):
        return False
    if f.max_might is not None or f.min_might is not None:
        value = might if might is not None else card.might
        if value is None:
            return False
        if f.max_might is not None and value > f.max_might:
            return False
        if f.min_might is not None and value < f.min_might:
            return False
    if f.location is not None and location_kind(location) != f.location:
        return False
    if f.from_zone is not None and from_zone != f.from_zone:
        return False
    if f.keyword is not None and f.keyword not in card.keyword_names():
        return False
    if f.stunned is not None and stunned != f.stunned:
        return False
    if f.timing is not None and (timing or card.timing) != f.timing:
        return False
    return True


def object_matches(scenario: Scenario, f: Filter, obj: GameObject) -> bool:
    """Whether an object meets `f` (its current Might, its location, its id); `controller` is
    the caller's (`target_matches` reads it for what a play chooses)."""
    card = scenario.cards.get(obj.card)
    if card is None or (f.id is not None and obj.id != f.id):
        return False
    location = obj.location if f.location is None else placed_location(scenario, obj)
    # An object with no Might (a gear: its card prints none, the state gives none) meets no
    # Might filter, as its card doesn't (`card_matches`); `object_might`'s 0 is for amounts.
    might = object_might(scenario, obj) if has_might(scenario, obj) else None
    return card_matches(f, card, might=might, location=location, stunned=obj.stunned)


def placed_location(scenario: Scenario, obj: GameObject) -> str | None:
    """Where the object is: its `location`, or, when it is on a board or facedown and the file
    names none, its base (every object on the board is at a location, a unit is played to its
    base: `engine.chain`); None for an object in no such zone."""
    if obj.location is not None:
        return obj.location
    for who in ("you", "opponent"):
        player = scenario.state.player(who)
        if any(o.id == obj.id for o in (*player.board, *player.facedown)):
            return "base"
    return None


def play_matches(scenario: Scenario, f: Filter, card: Card, zone: str,
                 obj: GameObject | None) -> bool:
    """Whether a play meets `f` (a grant's `applies_to`, a source's `only_for`): `card` is the
    card as played (an ability's stands-in `Card`), `zone` where it is played from, `obj` the
    object played. Its `location` and Might are the object's where it is placed: an ability's
    object on the board, a card played from facedown (it is played where it was hidden,
    811.1.d.1); a card played from hand or trash is at no location and has its printed Might.
    Its `id` is the object played's (the card's object, or the object whose ability it is): a
    grant for one object reaches no other copy of its card."""
    if f.id is not None and (obj is None or obj.id != f.id):
        return False
    placed = obj is not None and zone in ("board", "facedown")
    # A Hidden card played from facedown has Reaction timing (hiding itself is an ability play
    # of normal timing, its stand-in card's).
    timing = "reaction" if zone == "facedown" and card.ability_kind is None else card.timing
    return card_matches(f, card, timing=timing,
                        might=object_might(scenario, obj) if placed and obj is not None else None,
                        location=(obj.location or "base") if placed and obj is not None else None,
                        from_zone=zone,
                        stunned=placed and obj is not None and obj.stunned)


def controller_of(scenario: Scenario, object_id: str) -> Player | None:
    """Who controls the object (or rune) with this id, relative to you; None if no one does."""
    for who in PLAYERS:
        if scenario.state.player(who).find(object_id) is not None:
            return who
    return None


def target_matches(scenario: Scenario, f: Filter, obj: GameObject) -> bool:
    """Whether an object a play chooses meets `f`, its `controller` included (`you` or
    `opponent`, relative to you; unset: either): a `targets` filter of an ability, and the
    targets a `{targets: FILTER}` condition reads."""
    if f.controller is not None and controller_of(scenario, obj.id) != f.controller:
        return False
    return object_matches(scenario, f, obj)


def evaluate(amount: Amount, scenario: Scenario, played: str | None = None, *,
             targets: tuple[GameObject, ...] = (),
             victims: Mapping[str, Cost] | None = None) -> int:
    """The value of an amount expression in this state, from your point of view.

    `played` is the id of the card being played: it is on the Chain when the total is found
    (it left its zone first, rule 351), so a count never includes it ("[1] less for
    each spell in your hand" does not count the spell being played; a Flow card counting the
    cards in your trash does not count itself).

    `targets` are the play's chosen objects (`{might_of: target}` reads the first); `victims`
    the printed cost of the object paid for each additional cost, by id (`printed_*_of`)."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, MightOfTarget):
        return object_might(scenario, targets[0]) if targets else 0
    if isinstance(amount, PrintedOf):
        printed = (victims or {}).get(amount.cost)
        if printed is None:
            return 0
        return printed.energy if amount.part == "energy" else printed.pips
    you = scenario.state.you
    if isinstance(amount, MaxMight):
        mights = [
            object_might(scenario, obj)
            for obj in you.board
            if obj.id != played
            and obj.card in scenario.cards
            and scenario.cards[obj.card].type == "unit"
            and object_matches(scenario, amount.of, obj)
        ]
        return max(mights, default=0)
    if isinstance(amount, CountOf):
        if amount.zone == "runes":
            return amount.times * sum(1 for rune in you.runes
                                      if amount.of.domain in (None, rune.domain))
        zone = you.zone(amount.zone)
        return amount.times * sum(1 for obj in zone
                                  if obj.id != played and object_matches(scenario, amount.of, obj))
    if isinstance(amount, PerPlayed):
        return amount.times * scenario.state.played_this_turn
    raise TypeError(f"not an amount: {amount!r}")


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What conditions may ask about one play: where it comes from, its base, its targets."""

    card: Card
    from_zone: str
    base_kind: str
    targets: tuple[GameObject, ...]


def holds(
    conditions: tuple[Condition, ...],
    scenario: Scenario,
    facts: PlayFacts,
    source: GameObject | None = None,
    player: Player = "you",
) -> bool:
    """Whether every condition holds for this play; `source` is the granting object, if any.

    `player` is whose level, board and runes `level_at_least`, `controls` and `runes_at_most`
    read: you, but for a Deflect grant the granting object's controller (Master Yi -
    Tempered's "[Level 6] I have [Deflect]" reads its controller's XP)."""
    return all(_holds(c, scenario, facts, source, player) for c in conditions)


def units_at(scenario: Scenario, battlefield_id: str) -> int:
    """The units of both players at this named battlefield."""
    state = scenario.state
    return sum(1 for who in PLAYERS for o in state.player(who).board
               if o.location == battlefield_id and o.card in scenario.cards
               and scenario.cards[o.card].type == "unit")


def _battlefields_for(scenario: Scenario, wanted: UnitsAt,
                      source: GameObject | None) -> tuple[GameObject, ...]:
    """The battlefields a `units_at` reads: every named one (`any`), or (`here`) the granting
    battlefield, or the one the granting object is at; none for an object elsewhere."""
    state = scenario.state
    if wanted.where == "any":
        return state.battlefields
    if source is None:
        return ()
    here = state.battlefield(source.id) or state.battlefield(source.location)
    return (here,) if here is not None else ()


def perspective(scenario: Scenario, source: GameObject | None) -> Player:
    """Whose point of view a condition reads: the player making the play
    (you), or for a grant, a source or an ability the controller of its object; an object no
    player controls (a battlefield) reads the player making the play."""
    if source is None:
        return "you"
    return controller_of(scenario, source.id) or "you"


def _other(who: Player) -> Player:
    return "opponent" if who == "you" else "you"


def _holds(
    c: Condition, scenario: Scenario, facts: PlayFacts, source: GameObject | None,
    player: Player = "you",
) -> bool:
    state = scenario.state
    mine = state.player(player)
    if c.kind in ("units_died_at_least", "opponent_units_died_at_least"):
        # Read for the same player as the score conditions: the units of that player (or of
        # the other one) that died this turn.
        who = perspective(scenario, source)
        whose = who if c.kind == "units_died_at_least" else _other(who)
        assert isinstance(c.value, int)
        return state.player(whose).units_died_this_turn >= c.value
    if c.kind in ("score_at_least", "opponent_score_at_least", "within_of_victory",
                  "opponent_controls"):
        who = perspective(scenario, source)
        if c.kind == "opponent_controls":
            f = c.value
            assert isinstance(f, Filter)
            return any(object_matches(scenario, f, o) for o in state.player(_other(who)).board)
        assert isinstance(c.value, int)
        if c.kind == "opponent_score_at_least":
            return state.player(_other(who)).score >= c.value
        score = state.player(who).score
        if c.kind == "score_at_least":
            return score >= c.value
        return score >= state.victory_score - c.value
    if c.kind == "from":
        return facts.from_zone == c.value
    if c.kind == "not_from":
        return facts.from_zone != c.value
    if c.kind == "base":
        return facts.base_kind == c.value
    if c.kind == "printed_at_least":
        printed = facts.card.cost
        need = c.value
        assert isinstance(need, Cost)
        return printed.energy >= need.energy and printed.pips >= need.pips
    if c.kind == "flag":
        return c.value in state.flags
    if c.kind == "phase":
        return state.phase == c.value
    if c.kind == "at":
        return source is not None and location_kind(placed_location(scenario, source)) == c.value
    if c.kind == "here":
        return (source is not None and state.battlefield(source.id) is not None
                and state.showdown_at == source.id)
    if c.kind == "in_showdown":
        return (source is not None and state.showdown_at is not None
                and placed_location(scenario, source) == state.showdown_at)
    if c.kind == "units_at":
        wanted = c.value
        assert isinstance(wanted, UnitsAt)
        holder = (None if wanted.controller is None else perspective(scenario, source)
                  if wanted.controller == "you" else _other(perspective(scenario, source)))
        return any(units_at(scenario, b.id) == wanted.count
                   for b in _battlefields_for(scenario, wanted, source)
                   if holder is None or b.controller == holder)
    if c.kind == "level_at_least":
        assert isinstance(c.value, int)
        return mine.xp >= c.value
    if c.kind == "controls":
        f = c.value
        assert isinstance(f, Filter)
        return any(object_matches(scenario, f, o) for o in mine.board)
    if c.kind == "played_this_turn_at_least":
        assert isinstance(c.value, int)
        return state.played_this_turn >= c.value
    if c.kind == "runes_at_most":
        assert isinstance(c.value, int)
        return len(mine.runes) <= c.value
    if c.kind == "empowered_at_least":
        assert isinstance(c.value, int)
        return source is not None and source.empowered >= c.value
    if c.kind == "might_at_least":
        # An object with no Might (a gear: its card prints none, the state gives none) is never
        # "at least N", N = 0 included, as it meets no Might filter (`object_matches`).
        assert isinstance(c.value, int)
        return source is not None and has_might(scenario, source) \
            and object_might(scenario, source) >= c.value
    if c.kind == "targets":
        # `self`: the chosen object is the granting object itself ("spells that choose me":
        # of two copies on the board, only the chosen one's grant applies).
        f = c.value
        assert isinstance(f, Filter)
        return any(target_matches(scenario, f, t) for t in facts.targets
                   if not f.self_ or (source is not None and t.id == source.id))
    raise ValueError(f"unknown condition {c.kind!r}")
