"""Reading a `payplan/1` scenario, part two: the state's keys (`state:`): the phase and turn,
battlefields, each player's runes, pool, zones and the objects in them, XP, score, the effects
that last for the turn, and the sources that add resources (`docs/payplan-format.md`).

`StateReader` builds on `CardReader` (`card_keys`): an object names a card of the library,
and a source's costs and conditions are read with the card's words.
"""

from __future__ import annotations

from dataclasses import replace

from ..problems import DataPath
from ..problems import path_text as _path_text
from ..reading import join as _join
from ..reading import options_text as _options
from ..reading import show as _show
from .card_keys import MAX_PIPS, OTHER_LONG_KEYS, CardReader
from .cost import DOMAINS, Cost, Filter, OtherCost, Zone
from .state import (
    DEFAULT_VICTORY_SCORE,
    HIDDEN_TURNS,
    LOCATIONS,
    PHASES,
    PLAYERS,
    SOURCE_COSTS,
    Ban,
    GameObject,
    PlayerState,
    Rune,
    Source,
    State,
)

STATE_KEYS = ("phase", "turn", "flags", "played_this_turn", "you", "opponent", "victory_score",
              "battlefields", "showdown_at", "bans")
BATTLEFIELD_KEYS = ("id", "card", "controller")
BAN_KEYS = ("id", "applies_to")
PLAYER_KEYS = (
    "runes",
    "pool",
    "hand",
    "trash",
    "board",
    "xp",
    "sources",
    "banishment",
    "rune_deck",
    "facedown",
    "used_this_turn",
    "score",
    "effects",
    "units_died_this_turn",
)
RUNE_KEYS = ("id", "domain", "exhausted", "value")
OBJECT_KEYS = ("id", "card", "value", "location", "might", "exhausted", "buffs", "empowered",
               "hidden_turn", "deflect", "stunned")
SOURCE_KEYS = ("id", "adds", "costs", "only_for", "while", "bonus", "repeatable")
SOURCE_KILL_KEYS = ("kill",)  # a source cost that kills other objects: {kill: {count, filter}}
BONUS_KEYS = ("adds", "while")
OBJECT_ZONES: tuple[Zone, ...] = ("hand", "trash", "board", "banishment", "facedown")


class StateReader(CardReader):
    """`CardReader` with the state's words: players, zones, objects, runes and sources."""

    def __init__(self) -> None:
        super().__init__()
        self.battlefield_ids: set[str] = set()

    def state(self, value: object, path: DataPath) -> State:
        f = self.fields(value, path, STATE_KEYS)
        phase = f.word("phase", "main", PHASES, "phase")
        turn = f.word("turn", "you", PLAYERS, "player")
        flags = f.read("flags", (), self.strings)
        played_this_turn = f.read("played_this_turn", 0, self.large)
        victory_score = f.read("victory_score", DEFAULT_VICTORY_SCORE, self.integer)
        if "victory_score" in f and victory_score < 1:
            self.problem(f.at("victory_score"), "the points to win are at least 1")
        # Battlefields first: objects' `location` may name one.
        battlefields = f.read("battlefields", (), self.battlefields)
        showdown_at = f.read("showdown_at", None, self.string)
        if showdown_at is not None and showdown_at not in self.battlefield_ids:
            self.problem(f.at("showdown_at"), f"no battlefield {_show(showdown_at)} in "
                         f"`state.battlefields`{self.suggest(showdown_at, self.battlefield_ids)}")
        elif showdown_at is not None and phase != "showdown":
            self.problem(f.at("showdown_at"), f"the showdown's battlefield is named only in phase "
                                              f"showdown (the phase is {phase})")
        players = {who: f.read(who, PlayerState(), self.player, who) for who in PLAYERS}
        # Sources name objects and runes: read them once every id of both players is known.
        for who in PLAYERS:
            raw = f.values.get(who)
            if isinstance(raw, dict) and raw.get("sources") is not None:
                where = _join(f.at(who), "sources")
                sources = self.sources(raw["sources"], where, who)
                players[who] = replace(players[who], sources=sources)
        bans = f.read("bans", (), self.bans)
        return State(phase, turn, flags, played_this_turn, players["you"], players["opponent"],
                     victory_score, battlefields, showdown_at, bans)

    def bans(self, value: object, path: DataPath) -> tuple[Ban, ...]:
        """`state.bans: [{id, applies_to}, ...]`: the plays you can't make this turn; ids
        `ban1`, `ban2`, ... (by place, among those not given) unless given, unique."""
        given = {item["id"] for item in value if isinstance(item, dict)
                 and isinstance(item.get("id"), str)} if isinstance(value, list) else set()
        out: list[Ban] = []
        seen: set[str] = set()
        n = 0
        for where, item in self.each(value, path):
            n += 1
            while f"ban{n}" in given:
                n += 1
            f = self.fields(item, where, BAN_KEYS)
            ban = Ban(f.read("id", f"ban{n}", self.string),
                      f.read("applies_to", Filter(), self.filter))
            if ban.applies_to.controller is not None:
                self.problem(_join(f.at("applies_to"), "controller"),
                             "a ban reaches the plays of the player it binds: no `controller`")
            if ban.applies_to.id is not None:
                self.problem(_join(f.at("applies_to"), "id"),
                             "a ban reaches plays by what is played (card, type, zone, ...), "
                             "not one object: no `id`")
            if ban.id in seen:
                self.problem(_join(where, "id"), f"ban id {_show(ban.id)} is used twice")
            seen.add(ban.id)
            out.append(ban)
        return tuple(out)

    def player(self, value: object, path: DataPath, who: str) -> PlayerState:
        """A player's state without `sources`, which `state` reads afterwards."""
        f = self.fields(value, path, PLAYER_KEYS)
        prefix = "" if who == "you" else "opponent."
        runes = f.read("runes", (), self.runes, who, prefix + "r{n}")
        rune_deck: tuple[Rune, ...] = ()
        if isinstance(f.values.get("rune_deck"), dict):
            self.problem(f.at("rune_deck"), "expected a list of runes, got a mapping")
        else:
            rune_deck = f.read("rune_deck", (), self.runes, who, prefix + "rune_deck[{i}]")
        zones = {zone: f.read(zone, (), self.objects, zone, who, prefix) for zone in OBJECT_ZONES}
        return PlayerState(
            runes=runes,
            pool=f.read("pool", Cost(), self.plain_cost),
            hand=zones["hand"],
            trash=zones["trash"],
            board=zones["board"],
            xp=f.read("xp", 0, self.large),
            banishment=zones["banishment"],
            rune_deck=rune_deck,
            facedown=zones["facedown"],
            used_this_turn=f.read("used_this_turn", (), self.strings),
            score=f.read("score", 0, self.integer),
            effects=f.read("effects", (), self.effects, prefix),
            units_died_this_turn=f.read("units_died_this_turn", 0, self.large),
        )

    def runes(self, value: object, path: DataPath, who: str, pattern: str) -> tuple[Rune, ...]:
        """Runes as a list (a missing id follows `pattern`) or as the `{fury: 3}` shorthand."""
        out: list[Rune] = []
        if isinstance(value, dict):  # shorthand {fury: 3, calm: 2}: ids r1.. in map order
            for key, count in value.items():
                where = _join(path, key)
                if not isinstance(key, str) or key not in DOMAINS:
                    self.unknown(where, "domain", key, DOMAINS)
                    continue
                for _ in range(self.integer(count, where)):
                    ident = pattern.format(n=len(out) + 1, i=len(out))
                    self.ids.add(self, ident, who, "rune", where)
                    out.append(Rune(ident, key))
            return tuple(out)
        for i, (where, item) in enumerate(self.each(value, path)):
            f = self.fields(item, where, RUNE_KEYS)
            if "id" in f:
                ident = self.string(f["id"], f.at("id"))
                self.ids.add(self, ident, who, "rune", f.at("id"))
            else:
                ident = pattern.format(n=i + 1, i=i)
                self.ids.add(self, ident, who, "rune", where)
            if isinstance(item, dict) and "domain" not in f:
                f.require("domain", f"one of: {_options(DOMAINS)}")
            out.append(
                Rune(
                    id=ident,
                    domain=f.word("domain", DOMAINS[0], DOMAINS, "domain"),
                    exhausted=f.read("exhausted", False, self.boolean),
                    value=f.read("value", None, self.integer),
                )
            )
        return tuple(out)

    def objects(
        self, value: object, path: DataPath, zone: str, who: str, prefix: str
    ) -> tuple[GameObject, ...]:
        """The objects of one zone; a string is the shorthand for `{card: ID}`."""
        out: list[GameObject] = []
        for i, (where, item) in enumerate(self.each(value, path)):
            generated = f"{prefix}{zone}[{i}]"
            if isinstance(item, str):
                self.ids.add(self, generated, who, zone, where)
                out.append(GameObject(generated, self.card_ref(item, where)))
                continue
            f = self.fields(item, where, OBJECT_KEYS)
            if "id" in f:
                ident = self.string(f["id"], f.at("id"))
                self.ids.add(self, ident, who, zone, f.at("id"))
            else:
                ident = generated
                self.ids.add(self, ident, who, zone, where)
            if isinstance(item, dict) and "card" not in f:
                f.require("card", "the id of the object's card")
            out.append(
                GameObject(
                    id=ident,
                    card=f.read("card", "", self.card_ref),
                    value=f.read("value", None, self.integer),
                    location=f.read("location", None, self.location),
                    might=f.read("might", None, self.integer),
                    exhausted=f.read("exhausted", False, self.boolean),
                    buffs=f.read("buffs", 0, self.integer),
                    empowered=f.read("empowered", 0, self.integer),
                    hidden_turn=f.word("hidden_turn", "earlier" if zone == "facedown" else None,
                                       HIDDEN_TURNS, "hidden turn"),
                    deflect=f.read("deflect", 0, lambda v, at: self.integer(v, at, MAX_PIPS)),
                    stunned=f.read("stunned", False, self.boolean),
                )
            )
            if "deflect" in f and zone != "board":
                self.problem(f.at("deflect"), "Deflect from an effect is a board object's: an "
                                              f"object in the {zone} has none")
            made = out[-1]
            if self.cards.get(made.card) is not None and self.cards[made.card].type == "battlefield":
                self.problem(f.at("card") if "card" in f else where,
                             f"{_show(made.card)} is a battlefield: it goes in `state.battlefields`")
            if zone != "board" and "stunned" in f:
                self.problem(f.at("stunned"), f"only an object on the board is stunned, not one "
                                              f"in the {zone}")
        return tuple(out)

    def location(self, value: object, path: DataPath) -> str:
        """`base`, `battlefield`, or the id of a battlefield of `state.battlefields`."""
        if isinstance(value, str) and value in self.battlefield_ids:
            return value
        if value in LOCATIONS or not self.battlefield_ids:
            return self.one_of(value, path, LOCATIONS, "location")
        self.unknown(path, "location", value, LOCATIONS + tuple(sorted(self.battlefield_ids)))
        return LOCATIONS[0]

    def battlefields(self, value: object, path: DataPath) -> tuple[GameObject, ...]:
        """`state.battlefields: [{id, card, controller}, ...]`: named battlefields, their cards
        of type `battlefield`, ids unique among all objects; `controller` (you, opponent) the
        player who controls it, none when left out."""
        out: list[GameObject] = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, BATTLEFIELD_KEYS)
            for key, what in (("id", "the battlefield's id"), ("card", "its card")):
                if isinstance(item, dict) and key not in f:
                    f.require(key, what)
            ident = f.read("id", "", self.string)
            self.ids.add(self, ident, "battlefield", "battlefields", f.at("id"))
            card = f.read("card", "", self.card_ref)
            known = self.cards.get(card)
            if known is not None and known.type != "battlefield":
                self.problem(f.at("card"), f"{_show(card)} is a {known.type}: a battlefield's card has "
                                           "`type: battlefield`")
            if ident:
                self.battlefield_ids.add(ident)
            controller = f.word("controller", None, PLAYERS, "player")
            out.append(GameObject(ident, card, controller=controller))
        return tuple(out)

    def card_ref(self, value: object, path: DataPath) -> str:
        """The id of a card in the library."""
        if not isinstance(value, str):
            return self.string(value, path)
        if value not in self.cards:
            self.problem(path, f"unknown card {_show(value)}{self.suggest(value, self.cards)}")
        return value

    def sources(self, value: object, path: DataPath, who: str) -> tuple[Source, ...]:
        """A player's sources; one object or rune has one source entry (listed twice, one
        object would be activated twice as if it were two)."""
        out: list[Source] = []
        seen: dict[str, DataPath] = {}
        for where, item in self.each(value, path):
            f = self.fields(item, where, SOURCE_KEYS)
            ident = f.read("id", "", self.string)
            if ident in seen:
                self.problem(f.at("id"), f"duplicate source id {_show(ident)} (also at "
                                         f"{_path_text(seen[ident])}): an object has one source "
                                         "entry")
            elif ident:
                seen[ident] = f.at("id")
                self.owned(ident, f.at("id"), who, "a source")
            elif isinstance(item, dict) and "id" not in f:
                f.require("id", "the object or rune with the ability")
            if isinstance(item, dict) and "adds" not in f:
                f.require("adds", "what one activation adds")
            bonus = self.fields(f["bonus"] if "bonus" in f else {}, f.at("bonus"), BONUS_KEYS)
            if "bonus" in f and "adds" not in bonus:
                bonus.require("adds", "what the bonus adds")
            out.append(
                Source(
                    id=ident,
                    adds=f.read("adds", Cost(), self.plain_cost),
                    costs=f.read("costs", ("exhaust",), self.source_costs),
                    only_for=f.read("only_for", None, self.filter),
                    while_=f.read("while", (), self.conditions, None),
                    bonus=bonus.read("adds", None, self.plain_cost),
                    bonus_while=bonus.read("while", (), self.conditions, None),
                    repeatable=f.read("repeatable", False, self.boolean),
                )
            )
            made = out[-1]
            if made.repeatable and any(isinstance(c, OtherCost) for c in made.costs):
                self.problem(f.at("repeatable"), "a repeatable source (a converter) may not kill: "
                             "its costs take no `{kill: ...}`")
            elif made.repeatable and ("kill" in made.costs
                                      or not any(isinstance(c, Cost) and c.size for c in made.costs)):
                self.problem(f.at("repeatable"), "a repeatable source (a converter) pays an Energy "
                             "or Power cost per activation, and does not kill its object")
        return tuple(out)

    def source_costs(self, value: object, path: DataPath) -> tuple[str | Cost | OtherCost, ...]:
        """`exhaust`, `kill`, `{kill: {count, filter}}` (kill other objects of
        yours: Malzahar - Fanatic) or an Energy/Power Cost, per item."""
        out: list[str | Cost | OtherCost] = []
        for where, item in self.each(value, path):
            if isinstance(item, dict) and "kill" in item:
                out.append(self.source_kill(item, where))
            elif isinstance(item, dict):
                out.append(self.plain_cost(item, where))
            else:
                out.append(self.one_of(item, where, SOURCE_COSTS, "source cost"))
        return tuple(out)

    def source_kill(self, item: dict[object, object], path: DataPath) -> OtherCost:
        """`{kill: N}` or `{kill: {count: N, filter: FILTER}}`: each activation kills N (>= 1,
        default 1) objects of yours on the board that match FILTER."""
        at = _join(path, "kill")
        fields = self.fields(item, path, SOURCE_KILL_KEYS)
        if "kill" not in fields:
            self.problem(at, "expected how many objects each activation kills, 1 or more, or "
                             "{count, filter}")
            return OtherCost("kill", 1)
        spec = fields["kill"]
        raw: object = spec
        count_at = at
        chosen = Filter()
        if isinstance(spec, dict):
            f = self.fields(spec, at, OTHER_LONG_KEYS)
            raw = spec.get("count", 1)
            count_at = f.at("count")
            count = f.read("count", 1, self.integer)
            chosen = f.read("filter", Filter(), self.filter)
            if chosen.controller == "opponent":
                self.problem(_join(_join(at, "filter"), "controller"), "a source's `kill` cost "
                             "kills objects of yours: the filter's controller is you")
        else:
            count = self.integer(spec, at)
        if raw == 0 and not isinstance(raw, bool):
            self.problem(count_at, "a `kill` source cost kills at least 1 object, got 0")
        return OtherCost("kill", count, chosen)

    def owned(self, ident: str, path: DataPath, who: str, what: str) -> None:
        """Check that `ident` is an object or rune of `who`."""
        found = self.ids.where.get(ident)
        if found is None:
            candidates = (k for k, v in self.ids.where.items() if v[0] == who)
            self.problem(path, f"unknown object {_show(ident)}{self.suggest(ident, candidates)}")
        elif found[0] == "battlefield":
            self.problem(path, f"{what} is an object or rune of a player, and {_show(ident)} is a "
                               "battlefield")
        elif found[0] != who:
            owners = ("yours", "the opponent's")
            mine, theirs = owners if who == "you" else owners[::-1]
            self.problem(path, f"{what} must be {mine}, and {_show(ident)} is {theirs}")
