"""The game state seen from the player who is playing (rules 100s: zones, runes, the Rune Pool).

Frozen values: applying a plan (engine.chain) builds a new state and never changes the old one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Condition, Effect
from .cost import Cost, Domain, Filter, OtherCost, Player, Zone

ZONES: tuple[Zone, ...] = ("hand", "trash", "board", "banishment", "facedown")

PHASES: tuple[str, ...] = ("main", "showdown", "closed")
PLAYERS: tuple[Player, ...] = ("you", "opponent")
HIDDEN_TURNS: tuple[str, ...] = ("earlier", "this")
LOCATIONS: tuple[str, ...] = ("base", "battlefield")
SOURCE_COSTS: tuple[str, ...] = ("exhaust", "kill")
DEFAULT_VICTORY_SCORE = 8  # the points to win in a duel


@dataclass(frozen=True, slots=True)
class Rune:
    id: str
    domain: Domain
    exhausted: bool = False
    value: int | None = None


@dataclass(frozen=True, slots=True)
class GameObject:
    """A card (or token) in a zone. `might` is None where the card's printed Might applies."""

    id: str
    card: str
    value: int | None = None
    location: str | None = None
    might: int | None = None
    exhausted: bool = False
    buffs: int = 0
    empowered: int = 0  # how often it has been Empowered
    hidden_turn: str | None = None  # facedown: hidden on an `earlier` turn or `this` one
    deflect: int = 0  # Deflect gained from an effect (Kato the Arm's keywords, a Deflect token)
    stunned: bool = False  # a board object stunned
    controller: Player | None = None  # a named battlefield's controller (none: no player)


@dataclass(frozen=True, slots=True)
class Source:
    """An "add" ability usable while paying: one activation adds `adds`.

    `costs` holds "exhaust", "kill" (its own object) and/or Energy/Power Costs, and `kill`
    OtherCosts (each activation kills that many other objects of yours matching the filter:
    Malzahar - Fanatic); `only_for` restricts the plays it may pay for. A source activates at
    most once per payment.
    """

    id: str
    adds: Cost
    costs: tuple[str | Cost | OtherCost, ...] = ("exhaust",)
    only_for: Filter | None = None
    while_: tuple[Condition, ...] = ()  # usable only while all hold (Diana: showdowns only)
    bonus: Cost | None = None  # added to `adds` while `bonus_while` holds (Renata's Gold)
    bonus_while: tuple[Condition, ...] = ()
    repeatable: bool = False  # a converter: activates any number of times in one payment


@dataclass(frozen=True, slots=True)
class PlayerState:
    runes: tuple[Rune, ...] = ()
    pool: Cost = Cost()
    hand: tuple[GameObject, ...] = ()
    trash: tuple[GameObject, ...] = ()
    board: tuple[GameObject, ...] = ()
    xp: int = 0
    sources: tuple[Source, ...] = ()
    banishment: tuple[GameObject, ...] = ()
    rune_deck: tuple[Rune, ...] = ()
    facedown: tuple[GameObject, ...] = ()  # hidden cards (Hidden), with `hidden_turn`
    used_this_turn: tuple[str, ...] = ()  # once-per-turn grants and abilities used this turn
    score: int = 0  # the player's points
    effects: tuple[Effect, ...] = ()  # effects that last for the turn
    units_died_this_turn: int = 0  # units of this player that died this turn (415)

    def zone(self, name: Zone) -> tuple[GameObject, ...]:
        return {
            "hand": self.hand,
            "trash": self.trash,
            "board": self.board,
            "banishment": self.banishment,
            "facedown": self.facedown,
        }[name]

    def find(self, object_id: str) -> tuple[Zone, GameObject] | None:
        """The zone and object with this id among hand, trash, board, banishment, facedown."""
        for zone in ZONES:
            for obj in self.zone(zone):
                if obj.id == object_id:
                    return zone, obj
        return None


@dataclass(frozen=True, slots=True)
class Ban:
    """A restriction on your plays for the rest of the turn ("opponents can't play cards this
    turn", seen from the opponent: Brynhir Thundersong): a play `applies_to` matches is
    illegal (the play never starts, 351)."""

    id: str
    applies_to: Filter = field(default_factory=Filter)


@dataclass(frozen=True, slots=True)
class State:
    phase: str = "main"
    turn: str = "you"
    flags: tuple[str, ...] = ()
    played_this_turn: int = 0
    you: PlayerState = field(default_factory=PlayerState)
    opponent: PlayerState = field(default_factory=PlayerState)
    victory_score: int = DEFAULT_VICTORY_SCORE  # the points to win
    # Named battlefields (`{id, card}`; no controller, no zone) and the one of the current
    # showdown (only in phase showdown).
    battlefields: tuple[GameObject, ...] = ()
    showdown_at: str | None = None
    bans: tuple[Ban, ...] = ()  # the plays you can't make this turn

    def player(self, who: Player) -> PlayerState:
        return self.you if who == "you" else self.opponent

    def battlefield(self, object_id: str | None) -> GameObject | None:
        """The named battlefield with this id, if any."""
        return next((b for b in self.battlefields if b.id == object_id), None)


def location_kind(location: str | None) -> str | None:
    """What a location is for the filters and `at`: `base`, or `battlefield` for the word and
    for a named battlefield's id (an object there is at a battlefield)."""
    if location is None or location == "base":
        return location
    return "battlefield"
