"""Reading the state and the play of `mtg/1`: the phase, the stack, each player's zones and
objects (ids the file leaves out generated as in `payplan/1`: `hand[0]`, `battlefield[2]`, ...
and `opponent.battlefield[0]`), the play (a cast, 601.2a-b: the card and its zone, the way cast,
X, optional costs, targets and modes; an ability played; a morph turned face up) and the
objective."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..objective import Objective
from ..problems import DataPath, path_text
from ..reading import Fields as _Fields
from ..reading import index as _index
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from .card_keys import CardReader
from .cards import (
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FACE_DOWN,
    TURN_FACE_UP,
    Card,
    Filter,
    Obj,
    Play,
    Player,
    RestrictedMana,
    State,
    TurnEffect,
    free_effect_id,
    mtg_objective,
)
from .keys import (
    ABILITY_PLAY_KEYS,
    ACTIVATED_ZONES,
    CASTS,
    CHOICES,
    KICKER,
    MAX_LIFE,
    OBJECT_KEYS,
    OBJECT_ZONES,
    OBJECTIVE_KEYS,
    PLAY_KEYS,
    PLAY_ZONES,
    PLAYER_KEYS,
    PLAYERS,
    RESTRICTED_POOL_KEYS,
    STACKS,
    STATE_KEYS,
)
from .mana import NO_MANA, mana_text


class StateReader(CardReader):
    """The cards' reader, reading the `mtg/1` state, play and objective too."""

    # --- state

    def mtg_state(self, value: object, path: DataPath) -> State:
        f = self.fields(value, path, STATE_KEYS)
        return State(
            phase=f.read("phase", "main", self.string),
            stack=f.word("stack", "empty", STACKS, "stack"),
            turn=f.word("turn", "you", PLAYERS, "player"),
            you=f.read("you", Player(), self.mtg_player, "you"),
            opponent=f.read("opponent", Player(), self.mtg_player, "opponent"),
            lands_played_this_turn=f.read("lands_played_this_turn", 0, self.large),
        )

    def mtg_player(self, value: object, path: DataPath, who: str) -> Player:
        f = self.fields(value, path, PLAYER_KEYS)
        prefix = "" if who == "you" else "opponent."
        zones = {z: f.read(z, (), self.mtg_objects, z, who, prefix) for z in OBJECT_ZONES}
        pool = f.read("mana_pool", NO_MANA, self.plain_mana)
        snow = f.read("snow_pool", NO_MANA, self.plain_mana)
        if any(s > p for s, p in zip(snow, pool)):
            self.problem(f.at("snow_pool"), f"{mana_text(snow, '')} is not part of the mana pool "
                                            f"{mana_text(pool, 'nothing')}: snow_pool is the part "
                                            f"of mana_pool snow sources made")
            snow = NO_MANA
        library = f.read("library", 0, self.large)
        top = f.read("library_top", (), self.library_top)
        if len(top) > library:
            self.problem(f.at("library_top"), f"{len(top)} cards known on top of a library of "
                                              f"{library}: `library` is at least as many")
        return Player(
            life=f.read("life", 20, self.integer, MAX_LIFE),
            library=library,
            library_top=top,
            hand=zones["hand"], graveyard=zones["graveyard"], exile=zones["exile"],
            command=zones["command"], battlefield=zones["battlefield"],
            mana_pool=pool,
            snow_pool=snow,
            effects=f.read("effects", (), self.turn_effects),
            spend_as_any_color=f.read("spend_as_any_color", False, self.boolean),
            experience=f.read("experience", 0, self.large),
            restricted_pool=f.read("restricted_pool", (), self.restricted_pool),
        )

    def restricted_pool(self, value: object, path: DataPath) -> tuple[RestrictedMana, ...]:
        """`restricted_pool: [{mana, only_for}]`: mana in the pool that may be spent only on
        what its `only_for` admits (106.6), apart from `mana_pool`."""
        out = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, RESTRICTED_POOL_KEYS)
            for key, what in (("mana", "the restricted mana"), ("only_for", "what it may pay")):
                if key not in f and isinstance(item, dict):
                    f.require(key, what)
            mana = f.read("mana", NO_MANA, self.plain_mana)
            if "mana" in f and mana == NO_MANA:
                self.problem(f.at("mana"), "no mana: an entry holds at least one mana")
            out.append(RestrictedMana(mana, f.read("only_for", Filter(), self.pool_filter)))
        return tuple(out)

    def turn_effects(self, value: object, path: DataPath) -> tuple[TurnEffect, ...]:
        """`effects: [{id, reduction, applies_to, uses}]`: the effects lasting for the turn (ids
        unique per player; one left out is `effectN`, N its place from 1, else the least free
        number)."""
        items = list(self.each(value, path))
        given: dict[str, DataPath] = {}
        for where, item in items:
            if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
                ident = item["id"]
                if ident in given:
                    self.problem(_join(where, "id"), f"id {_show(ident)} used twice (first at "
                                                     f"{path_text(given[ident])})")
                given.setdefault(ident, _join(where, "id"))
        taken = set(given)
        out = []
        for i, (where, item) in enumerate(items):
            ident = item.get("id") if isinstance(item, dict) else None
            if isinstance(ident, str) and ident:
                pass
            else:
                if isinstance(item, dict) and "id" in item:
                    self.string(item["id"], _join(where, "id"))
                ident = free_effect_id(taken, i + 1)
                taken.add(ident)
            out.append(self.turn_effect(item, where, ident, True))
        return tuple(out)

    def library_top(self, value: object, path: DataPath) -> tuple[str, ...]:
        """`library_top: [CARD_ID, ...]`: the cards known on top of the library, top first, each
        a key of `cards`."""
        if not isinstance(value, list):
            self.problem(path, f"expected a list of card ids, top first, got {_kind(value)}")
            return ()
        return tuple(self.mtg_card_ref(item, where) for where, item in self.each(value, path))

    def mtg_objects(self, value: object, path: DataPath, zone: str, who: str,
                    prefix: str) -> tuple[Obj, ...]:
        out: list[Obj] = []
        for i, (where, item) in enumerate(self.each(value, path)):
            generated = f"{prefix}{zone}[{i}]"
            if isinstance(item, dict) and item.get("attacking") is True:
                card = self.mtg_cards.get(str(item.get("card")))
                if card is not None and "creature" not in card.types:
                    self.problem(_join(where, "attacking"), "only a creature attacks (506.3)")
            if isinstance(item, str):
                self.ids.add(self, generated, who, zone, where)
                out.append(Obj(generated, self.mtg_card_ref(item, where)))
                continue
            f = self.fields(item, where, OBJECT_KEYS)
            ident = f.read("id", generated, self.string)
            self.ids.add(self, ident, who, zone, f.at("id") if "id" in f else where)
            if isinstance(item, dict) and "card" not in f:
                f.require("card", "the id of the object's card")
            card_id = f.read("card", "", self.mtg_card_ref)
            if self.battlefield_only(f, "face_down", zone, False, self.boolean):
                known = self.mtg_cards.get(card_id)
                if known is not None and known.morph is None:
                    self.problem(f.at("face_down"), f"face_down is read on a card with morph; "
                                                    f"{_show(card_id)} has none")
                elif known is not None:
                    card_id = FACE_DOWN + card_id
            out.append(Obj(
                id=ident,
                card=card_id,
                tapped=f.read("tapped", False, self.boolean),
                sick=f.read("sick", False, self.boolean),
                value=f.read("value", None, self.large),
                commander_casts=self.commander_casts(f, zone),
                attacking=self.battlefield_only(f, "attacking", zone, False, self.boolean),
                chosen_type=self.battlefield_only(f, "chosen_type", zone, None, self.string),
                counters=self.battlefield_only(f, "counters", zone, (), self.counters),
                loyalty_activated=self.battlefield_only(f, "loyalty_activated", zone, False,
                                                        self.boolean),
                attached_to=self.battlefield_only(f, "attached_to", zone, None, self.string),
                power=self.battlefield_only(f, "power", zone, None, self.power_value),
            ))
        return tuple(out)

    def battlefield_only(self, f: _Fields, key: str, zone: str, default: Any,
                         read: Callable[[object, DataPath], Any]) -> Any:
        """A key only a permanent has (`attacking`, `chosen_type`): refused in another zone."""
        if key in f and zone != "battlefield":
            self.problem(f.at(key), f"only a permanent on the battlefield has `{key}`")
            return default
        return f.read(key, default, read)

    def commander_casts(self, f: _Fields, zone: str) -> int:
        """`commander_casts`: only an object in the command zone has been cast from there."""
        if "commander_casts" in f and zone != "command":
            self.problem(f.at("commander_casts"), "only an object in the command zone counts its "
                                                  "casts from there (903.8's commander tax)")
            return 0
        return f.read("commander_casts", 0, self.integer)

    def mtg_card_ref(self, value: object, path: DataPath) -> str:
        if not isinstance(value, str):
            return self.string(value, path)
        if value not in self.mtg_cards or value.startswith(FACE_DOWN):
            self.problem(path, f"unknown card {_show(value)}{self.suggest(value, self.mtg_cards)}")
        return value

    # --- the play

    def mtg_play(self, value: object, path: DataPath, state: State) -> Play:
        f = self.fields(value, path, PLAY_KEYS)
        if "turn_face_up" in f:
            return self.mtg_turn_face_up(f, state)
        if "ability" in f:
            return self.mtg_ability_play(f, state)
        from_zone = f.word("from", None, PLAY_ZONES, "zone")
        if isinstance(value, dict) and "object" not in f and "card" not in f:
            self.problem(path, "the play names no object: give `object` (an id) or `card`")
        zone, ident, card = self.mtg_played(f, state, from_zone)
        cast = f.read("cast", "auto", self.cast, card)
        x: int | None = None
        if "x" in f:
            raw = f["x"]
            x = None if raw == "auto" else self.integer(raw, f.at("x"))
            if card is not None and not card.has_x() and card.id not in self.bad_cards:
                self.problem(f.at("x"), f"{_show(card.id)} has no {{X}} in its cost")
        if cast == "face_down":  # 702.37: a face-down spell has no abilities (nor X)
            for key in ("x", "optional", "modes"):
                if key in f:
                    self.problem(f.at(key), f"a card cast face down has no abilities and no mana "
                                            f"cost: no `{key}` (702.37)")
        return Play(
            object=ident,
            zone=from_zone or zone,
            cast=cast,
            x=x,
            optional=f.read("optional", MappingProxyType({}), self.mtg_optional, card),
            targets=f.read("targets", (), self.play_targets),
            modes=f.read("modes", (), self.modes, card),
            from_given=from_zone is not None,
        )

    def mtg_turn_face_up(self, f: _Fields, state: State) -> Play:
        """`turn_face_up: ID`: turn a face-down permanent of yours face up, paying its morph
        cost (702.37e): a special action (116.2b), any time, no cost changer."""
        for key in ("object", "card", "from", "cast", "x", "optional", "modes", "targets",
                    "ability"):
            if key in f:
                self.problem(f.at(key), "turn_face_up names the face-down permanent alone (a "
                                        "special action: no cast, X, optional costs, modes or "
                                        "targets)")
        ident = f.read("turn_face_up", "", self.string)
        found = state.you.find(ident) if ident else None
        if ident and (found is None or found[0] != "battlefield" or not found[1].face_down):
            self.problem(f.at("turn_face_up"), f"{_show(ident)} is not a face-down permanent on your "
                                               f"battlefield")
        return Play(object=ident, zone="battlefield", cast=TURN_FACE_UP, ability=TURN_FACE_UP)

    def mtg_ability_play(self, f: _Fields, state: State) -> Play:
        """`ability: {object: ID, id: ABILITY}`: activate an ability of a permanent on your
        battlefield, as payplan/1's ability plays (with `x` and `targets`)."""
        for key in ("object", "card", "from", "cast", "optional", "modes"):
            if key in f:
                self.problem(f.at(key), "an ability play names its object in `ability`; it has "
                                        "no cast, optional costs or modes")
        a = self.fields(f["ability"], f.at("ability"), ABILITY_PLAY_KEYS)
        for key, what in (("object", "the permanent with the ability"), ("id", "the ability's id")):
            if isinstance(f["ability"], dict) and key not in a:
                a.require(key, what)
        ident = a.read("object", "", self.string)
        ability_id = a.read("id", "", self.string)
        card: Card | None = None
        if ident:
            found = state.you.find(ident)
            where = self.ids.where.get(ident)
            if found is None and where is not None and where[0] == "opponent":
                self.problem(a.at("object"), f"{_show(ident)} is the opponent's; you can only "
                                             f"activate your own abilities")
            elif found is None:
                mine = (k for k, (who, _) in self.ids.where.items() if who == "you")
                self.problem(a.at("object"), f"unknown object {_show(ident)}{self.suggest(ident, mine)}")
            elif found[0] not in ACTIVATED_ZONES:
                self.problem(a.at("object"), f"{_show(ident)} is in your {found[0]}: activated "
                                             f"abilities are played from the battlefield (or, "
                                             f"with zone: hand, the hand)")
            else:
                card = self.mtg_cards.get(found[1].card)
        zone = "battlefield"
        if card is not None and card.id not in self.bad_cards and ability_id and all(
                x.id != ability_id for x in card.abilities):
            names = [x.id for x in card.abilities]
            has = f" (it has: {_options(names)})" if names else " (it has none)"
            self.problem(a.at("id"), f"{_show(card.id)} has no ability {_show(ability_id)}"
                                     f"{self.suggest(ability_id, names) or has}")
            card = None
        elif card is not None and card.id not in self.bad_cards and ability_id:
            ability = next(x for x in card.abilities if x.id == ability_id)
            found = state.you.find(ident)
            assert found is not None
            zone = found[0]
            if ability.zone != zone:
                self.problem(a.at("object"), f"{_show(ident)} is in your {zone}: {_show(card.id)}'s "
                                             f"ability {_show(ability_id)} is activated from the "
                                             f"{ability.zone}")
        x: int | None = None
        if "x" in f:
            raw = f["x"]
            x = None if raw == "auto" else self.integer(raw, f.at("x"))
            if card is not None and not any(a.id == ability_id and a.cost.has_x
                                            for a in card.abilities):
                self.problem(f.at("x"), f"{_show(card.id)}'s ability {_show(ability_id)} has no {{X}} "
                                        f"in its cost")
        return Play(object=ident, zone=zone, x=x,
                    targets=f.read("targets", (), self.play_targets), ability=ability_id)

    def play_targets(self, value: object, path: DataPath) -> tuple[str, ...]:
        """`play.targets`: object ids of either player (any zone) or the players `you` /
        `opponent`; an id naming nothing is refused (it would match no targets filter)."""
        listed = [(path, value)] if isinstance(value, str) else list(self.each(value, path))
        out: list[str] = []
        for where, item in listed:
            ident = self.string(item, where)
            if ident and ident not in PLAYERS and ident not in self.ids.where:
                self.problem(where, f"unknown object {_show(ident)} (a target is an object id or "
                                    f"{_options(PLAYERS)}){self.suggest(ident, self.ids.where)}")
            out.append(ident)
        return tuple(out)

    def mtg_played(self, f: _Fields, state: State,
                   from_zone: str | None) -> tuple[str, str, Card | None]:
        you = state.you
        object_id = f.read("object", "", self.string)
        card_id = f.read("card", "", self.mtg_card_ref)
        found = you.find(object_id) if object_id else None
        theirs = state.opponent.find(object_id) if object_id and found is None else None
        if theirs is not None and theirs[1].card in self.mtg_cards:
            found = theirs  # a legal file and an illegal play: engine.mtg.options answers it
        elif object_id and found is None:
            where = self.ids.where.get(object_id)
            if where is not None and where[0] == "opponent":
                self.problem(f.at("object"),
                             f"{_show(object_id)} is the opponent's; you can only cast your own cards")
            else:
                mine = (k for k, (who, _) in self.ids.where.items() if who == "you")
                self.problem(f.at("object"), f"unknown object {_show(object_id)}"
                                             f"{self.suggest(object_id, mine)}")
        if found is None and card_id and not object_id and card_id in self.mtg_cards:
            zones = (from_zone,) if from_zone else PLAY_ZONES
            found = next(((z, o) for z in zones for o in you.zone(z) if o.card == card_id), None)
            if found is None:
                self.problem(f.at("card"), f"no {_show(card_id)} in your {' or '.join(zones)} to cast")
        if found is None:
            return from_zone or "hand", "", None
        zone, obj = found
        if card_id and obj.card != card_id:
            self.problem(f.at("card"), f"{_show(obj.id)} is a {_show(obj.card)}, not a {_show(card_id)}")
        card = self.mtg_cards.get(obj.card)
        if card is not None and card.id in self.bad_cards:
            card = None
        return zone, obj.id, card

    def cast(self, value: object, path: DataPath, card: Card | None) -> str:
        names = CASTS + (tuple(a.id for a in card.alternative) if card is not None else ())
        names += ("face_down",) if card is not None and card.morph is not None else ()
        if card is None:
            return value if isinstance(value, str) else self.string(value, path)
        word = self.one_of(value, path, names, "way to cast")
        if word == "flashback" and card.flashback is None and not self.grants_flashback():
            self.problem(path, f"{_show(card.id)} has no flashback")
        return word

    def grants_flashback(self) -> bool:
        """Whether a card of the file grants flashback (`flashback: mana_cost`): then whether
        a graveyard card has it depends on the state, and the plan says (`options.casts`)."""
        return any(g.flashback for c in self.mtg_cards.values() for g in c.grants)

    def mtg_optional(self, value: object, path: DataPath, card: Card | None) -> Mapping[str, str | int]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to yes/no/auto or a count, "
                               f"got {_kind(value)}")
            return MappingProxyType({})
        names = card.optional_names() if card is not None else None
        out: dict[str, str | int] = {}
        for key, choice in value.items():
            where = _join(path, key)
            name = key
            if isinstance(key, str):
                m = KICKER.fullmatch(key)
                if m is not None:
                    n = int(m.group(1)) if len(m.group(1)) < 9 else 10**9
                    name = "kicker" if n == 0 else f"kicker.{n}"
            if not isinstance(name, str):
                self.problem(where, f"an optional cost name must be a string, got {_kind(key)}")
                continue
            if card is not None and names is not None and name not in names:
                # A cost the card does not have is a legal file and an illegal play
                # (engine.mtg.options answers it); a mandatory one named here is a bad file.
                if any(a.id == name and a.mandatory for a in card.additional):
                    self.problem(where, f"{_show(name)} is a mandatory cost of {_show(card.id)}, "
                                        f"not optional")
                    continue
            if name in out:
                self.problem(where, f"{_show(key)} is listed twice")
            elif isinstance(choice, bool):
                out[name] = "yes" if choice else "no"
            elif isinstance(choice, int) and card is not None and card.counted(name):
                out[name] = self.integer(choice, where, 100)
            else:
                out[name] = self.one_of(choice, where, CHOICES, "choice")
        return MappingProxyType(out)

    def modes(self, value: object, path: DataPath, card: Card | None) -> tuple[str, ...]:
        listed = self.strings(value, path)
        if card is not None and card.mode_costs:
            for i, m in enumerate(listed):
                if m not in card.mode_costs:
                    self.unknown(_index(path, i), "mode", m, tuple(card.mode_costs))
        return listed

    # --- objective

    def mtg_objective(self, value: object, path: DataPath) -> Objective:
        f = self.fields(value, path, OBJECTIVE_KEYS)
        return mtg_objective(
            weights=f.read("weights", DEFAULT_WEIGHTS, self.number_map, tuple(DEFAULT_WEIGHTS)),
            benefits=f.read("benefits", DEFAULT_BENEFITS, self.number_map, None),
        )

    def number_map(self, value: object, path: DataPath, keys: tuple[str, ...] | None) -> Mapping[str, int]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of name to number, got {_kind(value)}")
            return MappingProxyType({})
        out: dict[str, int] = {}
        for key, n in value.items():
            where = _join(path, key)
            if keys is not None and key not in keys:
                self.unknown(where, "weight", key, keys)
                continue
            out[str(key)] = self.large(n, where)
        return MappingProxyType(out)
