"""Read a scenario of format `mtg/1` (`docs/mtg-format.md`) into frozen values.

It is `engine.reading.Reader` with the words of `mtg/1`: the same problems-with-paths
machinery (every problem collected, one line each, starting with the path of the bad value), the
same YAML/JSON parsing and the same `ScenarioError`. Mana strings are parsed strictly; a bad
symbol names its position: `cards.king.cost[3]: unknown mana symbol '{2/Q}'`.

Ids the file leaves out are generated as in `payplan/1`: `hand[0]`, `battlefield[2]`, ... and
`opponent.battlefield[0]` for the opponent.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..objective import Objective
from ..problems import DataPath, ScenarioError, path_text
from ..reading import Fields as _Fields
from ..reading import Reader
from ..reading import index as _index
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from ..turn import Turn, candidate_key
from .cards import (
    CARD_TYPES,
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FACE_DOWN,
    OTHER_KINDS,
    TURN_FACE_UP,
    Activated,
    Additional,
    Alternative,
    Amount,
    Card,
    Cost,
    Filter,
    Grant,
    ManaAbility,
    ManaEffect,
    Obj,
    OtherCost,
    PerAmount,
    Play,
    Player,
    Reduction,
    Scenario,
    State,
    face_down_card,
    mtg_objective,
)
from .effects import effect_reaches, mana_effects
from .mana import (
    COLORS,
    NAME_COLORS,
    NO_MANA,
    TYPES,
    Mana,
    ManaCost,
    ManaError,
    mana_text,
    parse_options,
    parse_plain,
)
from .options import Chosen
from .payment import LifePaid, Payment, SourceUse

TOP_KEYS = ("format", "cards", "state", "play", "plays", "objective", "turn")
# `payplan check` reads these beside the scenario: the payment, and the choices it names.
CHOICE_KEYS = ("cast", "x", "paid", "announced")
CHECK_KEYS = ("payment",) + CHOICE_KEYS
CHECK_ONLY = {
    "payment": "a payment is read by `payplan check` only; this command plans the payment itself",
    **{key: "a choice of the payment `payplan check` reads; this command makes its own (the "
            "play's own choices are in `play`)" for key in CHOICE_KEYS},
}
PAYMENT_KEYS = ("pool", "sources", "convoke", "delve", "improvise", "life", "other", "life_for")
LIFE_FOR_PIPS = tuple(f"{{{c}}}" for c in COLORS)  # a payment's `life_for` keys
PAID_KINDS = tuple(k for k in OTHER_KINDS if k != "pay_life")  # life is the payment's `life`
CONVOKE_PAYS = ("{1}",) + tuple(f"{{{c}}}" for c in COLORS)
CARD_KEYS = ("name", "types", "cost", "colors", "tags", "flash", "flashback", "kicker",
             "multikicker", "replicate", "buyback", "alternative", "additional", "per_mode",
             "per_target", "modes", "convoke", "delve", "improvise", "reductions", "mana",
             "grants", "abilities", "effect", "enters_tapped", "spend_only", "snow",
             "mana_effects", "life_for", "morph")
# Mana effects (`mana_effects: [{replace: {...}} | {trigger: {...}}]`).
MANA_EFFECT_KINDS = ("replace", "trigger")
REPLACE_KEYS = ("sources", "at_least", "adds")
TRIGGER_KEYS = ("sources", "adds")
MANA_EFFECT_KEYS = {"replace": REPLACE_KEYS, "trigger": TRIGGER_KEYS}
MAX_AT_LEAST = 100
EFFECT_KEYS = ("adds",)
COST_KEYS = ("cost", "other")
ALTERNATIVE_KEYS = ("id", "cost", "other", "zone")
ADDITIONAL_KEYS = ("id", "mandatory", "cost", "other")
OTHER_LONG_KEYS = ("count", "filter")
ANY_REFUSED = ("discard", "mill", "pay_life")  # kinds without a filter take no `count: any`
FILTER_KEYS = ("type", "not_type", "tags", "color", "name", "controller", "ability",
               "multicolored", "colorless", "attacking", "chosen_type", "targets", "attached")
# A spell's targets' filter: an object's conditions (no `ability`, no nested `targets`), or a
# player's (`player`), `self` the object holding the filter.
TARGET_FILTER_KEYS = ("type", "not_type", "tags", "color", "name", "controller", "multicolored",
                      "colorless", "attacking", "chosen_type", "player", "self")
REDUCTION_KEYS = ("id", "generic", "minimum", "mana", "W", "U", "B", "R", "G", "C")
AMOUNT_KEYS = ("count", "count_targets", "per_paid", "each")
ABILITY_KEYS = ("adds", "costs", "only_for", "per")
PER_KEYS = ("count",)
ABILITY_WORDS = ("tap", "sacrifice_self", "discard_self")
ACTIVATED_KEYS = ("id", "costs", "timing", "zone", "cycling", "loyalty")
ACTIVATED_ZONES = ("battlefield", "hand")
ABILITY_KINDS = ("activated", "cycling", "loyalty")  # a filter's `ability`
ACTIVATED_TIMINGS = ("instant", "sorcery")
ABILITY_PLAY_KEYS = ("object", "id")
GRANT_KEYS = ("increase", "reduction", "at_least", "keyword", "flashback", "applies_to", "turn",
              "loyalty")
GRANT_KEYWORDS = ("convoke", "delve", "improvise")
GRANT_TURNS = ("caster", "not_caster")
STATE_KEYS = ("phase", "stack", "turn", "you", "opponent", "lands_played_this_turn")
PLAYER_KEYS = ("life", "library", "hand", "graveyard", "exile", "command", "battlefield",
               "mana_pool", "snow_pool", "library_top")
OBJECT_KEYS = ("id", "card", "tapped", "sick", "value", "commander_casts", "attacking",
               "chosen_type", "counters", "loyalty_activated", "face_down", "attached_to")
REMOVE_KEYS = ("kind", "count")  # `{remove_counters: {kind: KIND, count: N or X}}`
UNTAP_KEYS = ("count", "filter")  # `{untap: {count: N, filter: FILTER}}` (Benthic Explorers)
MAX_UNTAP = 10
READ_ADDS = ("untapped", "milled")  # `adds:` words: the mana is read from another object
MAX_COUNTERS = 1000  # counters of one kind on an object
MAX_LOYALTY_COST = 20  # a loyalty ability's cost, -20 to +20
_COUNTER_KIND = re.compile(r"[a-z][a-z_]*")
PLAY_KEYS = ("object", "card", "from", "cast", "x", "optional", "targets", "modes", "ability",
             "turn_face_up")
OBJECTIVE_KEYS = ("weights", "benefits")
PLAY_ZONES = ("hand", "graveyard", "exile", "command")
OBJECT_ZONES = ("hand", "graveyard", "exile", "command", "battlefield")
STACKS = ("empty", "nonempty")
PLAYERS = ("you", "opponent")
CONTROLLERS = ("you", "opponent", "any")
CHOICES = ("yes", "no", "auto")
CASTS = ("auto", "normal", "flashback", "without_paying")
MAX_LIFE = 1_000_000
_KICKER = re.compile(r"kicker\.([0-9]+)")


class _Reader(Reader):
    """`engine.reading.Reader`, reading the `mtg/1` keys."""

    def __init__(self) -> None:
        super().__init__()
        self.mtg_cards: dict[str, Card] = {}

    # --- mana and costs

    def mana_cost(self, value: object, path: DataPath) -> ManaCost:
        if not isinstance(value, str):
            self.problem(path, f"expected a mana cost like \"{{2}}{{W}}\", got {_kind(value)}")
            return ManaCost()
        try:
            return ManaCost.parse(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return ManaCost()

    def plain_mana(self, value: object, path: DataPath) -> Mana:
        if not isinstance(value, str):
            self.problem(path, f"expected mana like \"{{R}}{{R}}\", got {_kind(value)}")
            return NO_MANA
        try:
            return parse_plain(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return NO_MANA

    def adds(self, value: object, path: DataPath) -> tuple[Mana, ...]:
        if not isinstance(value, str):
            self.problem(path, f"expected mana like \"{{W}}|{{U}}\" or \"{{C}}{{C}}\", got {_kind(value)}")
            return ()
        try:
            return parse_options(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return ()

    def full_cost(self, value: object, path: DataPath) -> Cost:
        """A mana string, or `{cost: MANA, other: [...]}`."""
        if isinstance(value, str):
            return Cost(self.mana_cost(value, path))
        f = self.fields(value, path, COST_KEYS)
        return Cost(f.read("cost", ManaCost(), self.mana_cost),
                    f.read("other", (), self.mtg_other_costs))

    def mtg_other_costs(self, value: object, path: DataPath, any_ok: bool = False
                        ) -> tuple[OtherCost, ...]:
        out: list[OtherCost] = []
        for where, item in self.each(value, path):
            one = self.mtg_other_cost(item, where, any_ok)
            if one is not None:
                out.append(one)
        return tuple(out)

    def mtg_other_cost(self, item: object, where: DataPath, any_ok: bool = False
                       ) -> OtherCost | None:
        """One non-mana cost (`{discard: 1}`, `{sacrifice: {count, filter}}`); None if it
        is bad (a problem is noted) or counts 0. `any_ok`: `count: any` may be read (an
        optional additional cost's part; Torgaar)."""
        if not isinstance(item, dict) or len(item) != 1:
            self.problem(where, f"expected one non-mana cost like {{discard: 1}} or "
                                f"{{sacrifice: {{count: 1, filter: ...}}}}, got {_kind(item)}")
            return None
        (kind, body), = item.items()
        at = _join(where, kind)
        if kind not in OTHER_KINDS:
            self.unknown(at, "cost kind", kind, OTHER_KINDS)
            return None
        if body == "X":
            if kind != "pay_life":
                self.problem(at, f"only pay_life takes X (X life, X the announced X); {kind} "
                                 f"takes a number")
                return None
            return OtherCost(kind, 0, x=True)
        if isinstance(body, dict) and body.get("count") == "any":
            f = self.fields(body, at, OTHER_LONG_KEYS)
            if kind in ANY_REFUSED:
                self.problem(f.at("count"), f"count: any chooses objects by a filter; {kind} "
                                            f"takes a number")
                return None
            if not any_ok:
                self.problem(f.at("count"), "count: any (as many as the play chooses) is read "
                                            "only in an optional additional cost (an "
                                            "`additional` entry without mandatory: true)")
                return None
            return OtherCost(kind, 0, f.read("filter", Filter(), self.filter), any=True)
        if isinstance(body, dict):
            f = self.fields(body, at, OTHER_LONG_KEYS)
            count = f.read("count", 1, self.integer)
            filt = f.read("filter", Filter(), self.filter)
        else:
            count, filt = self.integer(body, at), Filter()
        if kind in ("pay_life", "mill") and filt != Filter():
            self.problem(at, f"{kind} takes a number, not a filter")
        return OtherCost(kind, count, filt) if count else None

    def no_x_life(self, cost: Cost | None, path: DataPath, what: str) -> None:
        """Refuse `{pay_life: X}` in a cost where no X is announced for it."""
        if cost is not None and cost.x_life:
            self.problem(path, f"{{pay_life: X}} in {what}: X life is paid only in a spell's "
                               f"cost, its mandatory additional costs or an activated "
                               f"ability's cost, where the play announces X")

    def filter(self, value: object, path: DataPath, held: bool = False,
               inside: bool = False, grant: bool = False, effect: bool = False) -> Filter:
        """A filter. `held`: it belongs to an object on the battlefield (a grant's `applies_to`
        and its reduction's count, a mana ability's `only_for` and `per` count), the only
        places `chosen_type` (that object's chosen creature type) can be read. `grant`: a
        grant's `applies_to`, the one place `targets` (the spell's targets) is read. `inside`:
        the filter of a spell's targets (`player`, `self`)."""
        f = (self.fields(value, path, TARGET_FILTER_KEYS) if inside
             else self.fields(value, path, FILTER_KEYS))
        if "chosen_type" in f and not held:
            self.problem(f.at("chosen_type"), "chosen_type reads the chosen type of the object "
                                              "holding the filter: only in a grant's applies_to "
                                              "or count, or a mana ability's only_for or per")
        if "attached" in f and not effect:
            self.problem(f.at("attached"), "attached reads the permanent a mana effect's own "
                                           "permanent is attached to: only in a mana effect's "
                                           "sources")
        if "targets" in f and not grant:
            self.problem(f.at("targets"), "targets reads the targets of the spell being cast: "
                                          "only in a grant's applies_to (a count of them is a "
                                          "reduction's {count_targets: FILTER})")
        for key in ("chosen_type", "self", "attached"):
            if f.read(key, True, self.boolean) is False:
                self.problem(f.at(key), f"`{key}` is `true` or left out (`false` would be "
                                        "nothing to check)")
        chosen = f.read("chosen_type", False, self.boolean)
        targets = f.read("targets", None, self.target_filter, held) if grant else None
        player = f.word("player", None, PLAYERS, "player")
        itself = f.read("self", False, self.boolean)
        if player is not None and len(f.values) > 1:
            self.problem(f.at("player"), "a player target has no other conditions: `player` "
                                         "stands alone in a targets filter")
        return Filter(
            type=f.read("type", (), self.words, CARD_TYPES, "card type"),
            not_type=f.read("not_type", (), self.words, CARD_TYPES, "card type"),
            tags=f.read("tags", (), self.strings),
            color=f.read("color", (), self.colors),
            name=f.read("name", None, self.string),
            controller=f.word("controller", None, CONTROLLERS, "controller"),
            ability=f.word("ability", None, ABILITY_KINDS, "ability kind"),
            multicolored=f.read("multicolored", None, self.boolean),
            colorless=f.read("colorless", None, self.boolean),
            attacking=f.read("attacking", None, self.boolean),
            chosen_type=chosen and held,
            targets=targets,
            player=player,
            itself=itself and held,
            attached=f.read("attached", False, self.boolean) and effect,
        )

    def target_filter(self, value: object, path: DataPath, held: bool) -> Filter:
        """The filter of a spell's targets: an object's (`self: true` the holder itself, which
        only a permanent's filter has) or a player's (`player: you | opponent`)."""
        f = self.filter(value, path, held, inside=True)
        if isinstance(value, dict) and value.get("self") is True and not held:
            self.problem(_join(path, "self"), "self is the object holding the filter: only in a "
                                              "permanent's grant")
        return f

    def grant_filter(self, value: object, path: DataPath) -> Filter:
        """`filter` for a grant's `applies_to` (`chosen_type` and `targets` readable)."""
        return self.filter(value, path, True, grant=True)

    def held_filter(self, value: object, path: DataPath) -> Filter:
        """`filter` for a filter an object on the battlefield holds (`chosen_type` readable)."""
        return self.filter(value, path, True)

    def colors(self, value: object, path: DataPath) -> tuple[str, ...]:
        """Colors by letter (W) or name (white)."""
        names = tuple(NAME_COLORS) + COLORS
        words = self.words(value, path, names, "color")
        return tuple(NAME_COLORS.get(w, w) for w in words)

    # --- cards

    def mtg_card_library(self, value: object, path: DataPath) -> None:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of card id to card, got {_kind(value)}")
            return
        for card_id, body in value.items():
            where = _join(path, card_id)
            if not isinstance(card_id, str) or not card_id:
                self.problem(where, "a card id must be a non-empty string")
                continue
            if card_id.startswith(FACE_DOWN):
                self.problem(where, f"a card id starting {FACE_DOWN!r} names a face-down card's "
                                    f"stand-in: use `face_down: true` on the object")
                continue
            before = len(self.problems)
            self.mtg_cards[card_id] = self.mtg_card(card_id, body, where)
            if len(self.problems) != before:
                self.bad_cards.add(card_id)
        for card in [c for c in self.mtg_cards.values() if c.morph is not None]:
            self.mtg_cards[FACE_DOWN + card.id] = face_down_card(card)  # 702.37: its face down

    def mtg_card(self, card_id: str, value: object, path: DataPath) -> Card:
        f = self.fields(value, path, CARD_KEYS)
        if isinstance(value, dict) and "types" not in f:
            f.require("types", "a list such as [instant] or [artifact, creature]")
        kicker: tuple[Cost, ...] = ()
        if "kicker" in f:
            raw = f["kicker"]
            kicker = (tuple(self.full_cost(item, where) for where, item in self.each(raw, f.at("kicker")))
                      if isinstance(raw, list) else (self.full_cost(raw, f.at("kicker")),))
        alternative = f.read("alternative", (), self.alternatives)
        additional = f.read("additional", (), self.additionals)
        ids = [a.id for a in alternative]
        for i, name in enumerate(ids):
            if name in ("normal", "flashback", "without_paying", "auto", "face_down",
                        TURN_FACE_UP) or name in ids[:i]:
                self.problem((*f.at("alternative"), i, "id"),
                             f"alternative id {name!r} is reserved or used twice")
        card = Card(
            id=card_id,
            name=f.read("name", card_id, self.string),
            types=f.read("types", (), self.words, CARD_TYPES, "card type"),
            cost=f.read("cost", ManaCost(), self.mana_cost),
            colors=f.read("colors", None, self.colors),
            tags=f.read("tags", (), self.strings),
            flash=f.read("flash", False, self.boolean),
            flashback=f.read("flashback", None, self.full_cost),
            kicker=kicker,
            multikicker=f.read("multikicker", None, self.full_cost),
            replicate=f.read("replicate", None, self.full_cost),
            buyback=f.read("buyback", None, self.full_cost),
            alternative=alternative,
            additional=additional,
            per_mode=f.read("per_mode", None, self.mana_cost),
            per_target=f.read("per_target", None, self.mana_cost),
            mode_costs=f.read("modes", MappingProxyType({}), self.mode_costs),
            convoke=f.read("convoke", False, self.boolean),
            delve=f.read("delve", False, self.boolean),
            improvise=f.read("improvise", False, self.boolean),
            reductions=f.read("reductions", (), self.reductions),
            mana=f.read("mana", (), self.abilities),
            grants=f.read("grants", (), self.mtg_grants),
            abilities=f.read("abilities", (), self.activated),
            effect_adds=f.read("effect", None, self.effect),
            enters_tapped=f.read("enters_tapped", False, self.boolean),
            spend_only=f.read("spend_only", None, self.spend_only),
            snow=f.read("snow", False, self.boolean),
            life_for=f.read("life_for", (), self.life_for),
            morph=f.read("morph", None, self.mana_cost),
            mana_effects=f.read("mana_effects", (), self.mana_effects),
        )
        if card.mana_effects and not card.permanent:
            self.problem(f.at("mana_effects"), "a mana effect is a permanent's (it acts while "
                                               "the permanent is on a battlefield); this card's "
                                               "types have no permanent type")
        if card.morph is not None and "land" in card.types:
            self.problem(f.at("morph"), "a land is played, not cast: it is never cast face down "
                                        "(702.37)")
        elif card.morph is not None and any(s.kind == "x" for s in card.morph.symbols):
            self.problem(f.at("morph"), "{X} in a morph cost: no X is announced for turning a "
                                        "permanent face up (a special action)")
        if card.spend_only is not None and card.has_snow():
            self.problem(f.at("spend_only"), "spend_only is not supported with {S} (snow mana) "
                                             "in the card's costs")
        for key, cost in (("multikicker", card.multikicker), ("replicate", card.replicate),
                          ("buyback", card.buyback)):
            self.no_x_life(cost, f.at(key), f"an optional cost ({key})")
        for i, cost in enumerate(card.kicker):
            self.no_x_life(cost, f.at("kicker") if not isinstance(f["kicker"], list)
                           else (*f.at("kicker"), i), "an optional cost (kicker)")
        for i, a in enumerate(card.additional):
            if not a.mandatory:
                self.no_x_life(a.cost, (*f.at("additional"), i, "other"),
                               "an optional additional cost")
        for i, r in enumerate(card.reductions):
            named = r.generic.per_paid
            if named is not None and not card.takes_any(named):
                takes = [a.id for a in card.additional if card.takes_any(a.id)]
                self.problem((*f.at("reductions"), i, "generic", "per_paid"),
                             f"per_paid names an optional additional cost of this card with a "
                             f"count: any part; {named!r} is none (it has: "
                             f"{', '.join(takes) or 'none'})")
        if card.effect_adds is not None and "land" in card.types:
            self.problem(f.at("effect"), "a land is played, not cast: it has no resolution to "
                                         "add mana (its mana abilities do)")
        for i, act in enumerate(card.abilities):
            if act.loyalty is not None and "planeswalker" not in card.types:
                self.problem((*f.at("abilities"), i, "loyalty"), "a loyalty ability is a "
                             "planeswalker's (606.3): this card's types have no planeswalker")
        if card.spend_only is not None and "land" in card.types:
            self.problem(f.at("spend_only"), "spend_only restricts the mana spent to cast a "
                                             "spell; a land is played, not cast")
        if card.enters_tapped and "land" not in card.types:
            self.problem(f.at("enters_tapped"), "enters_tapped is read for lands (a land played "
                                                "enters tapped, 305); this card is not a land")
        return card

    def life_for(self, value: object, path: DataPath) -> tuple[tuple[str, int], ...]:
        """`life_for: {B: 2}` (K'rrik): a color letter W U B R G to the life, 1 to 20, that
        pays each pip of that color (in W U B R G order)."""
        if not isinstance(value, dict) or not value:
            self.problem(path, f"expected a mapping of a color letter W U B R G to the life "
                               f"each pip of that color costs, like {{B: 2}}, got "
                               f"{_kind(value) if value != {} else 'an empty mapping'}")
            return ()
        out: dict[str, int] = {}
        for key, n in value.items():
            where = _join(path, key)
            if not isinstance(key, str) or key not in COLORS:
                self.unknown(where, "color letter", key, COLORS)
                continue
            if isinstance(n, int) and not isinstance(n, bool) and not 1 <= n <= 20:
                self.problem(where, f"life paid for a pip is 1 to 20, got {n}")
                continue
            life = self.integer(n, where, 20)
            if life:
                out[key] = life
        return tuple((c, out[c]) for c in COLORS if c in out)

    def spend_only(self, value: object, path: DataPath) -> Filter:
        """`spend_only: FILTER`: the permanents whose mana may be spent on the card (read on
        each of your permanents that makes mana, as an object: no `ability`, `controller`,
        `chosen_type` or `targets`)."""
        if isinstance(value, dict):
            for key, why in (("ability", "an ability kind is read on a spell, and spend_only "
                                         "reads the permanent that made the mana"),
                             ("controller", "the mana you spend is made by your permanents")):
                if key in value:
                    self.problem(_join(path, key), f"{key} is not read in spend_only: {why}")
        return self.filter(value, path)

    def mana_effects(self, value: object, path: DataPath) -> tuple[ManaEffect, ...]:
        """`mana_effects: [EFFECT, ...]`, EFFECT `{replace: {sources: FILTER, at_least: N,
        adds: MANA}}` (Damping Sphere) or `{trigger: {sources: FILTER, adds: OPTIONS}}` (Crypt
        Ghast, Market Festival)."""
        out: list[ManaEffect] = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, MANA_EFFECT_KINDS)
            if isinstance(item, dict) and len(f.values) != 1:
                self.problem(where, "a mana effect is one of `replace: {...}` or "
                                    "`trigger: {...}`")
                continue
            for kind in f.values:
                out.append(self.mana_effect(kind, f[kind], f.at(kind)))
        return tuple(out)

    def mana_effect(self, kind: str, value: object, path: DataPath) -> ManaEffect:
        f = (self.fields(value, path, REPLACE_KEYS) if kind == "replace"
             else self.fields(value, path, TRIGGER_KEYS))
        if isinstance(value, dict):
            for key, what in (("sources", "a filter of the permanents whose mana it changes, "
                                          "like {type: land, controller: any}"),
                              ("adds", "the mana it makes, like \"{C}\"")):
                if key not in f:
                    f.require(key, what)
        sources = f.read("sources", Filter(), self.effect_filter)
        adds = f.read("adds", (), self.adds)
        at_least = 2
        if kind == "replace":
            at_least = f.read("at_least", 2, self.integer, MAX_AT_LEAST)
            if "at_least" in f and f["at_least"] == 0 and not isinstance(f["at_least"], bool):
                self.problem(f.at("at_least"), "at_least is 1 to 100 (the mana an activation "
                                               "would make for the replacement to apply)")
                at_least = 1
            if len(adds) > 1:
                self.problem(f.at("adds"), "a replacement makes exactly one mana string "
                                           "(no `|` options), like \"{C}\"")
                adds = adds[:1]
        return ManaEffect(kind, sources, adds, at_least)

    def effect_filter(self, value: object, path: DataPath) -> Filter:
        """A mana effect's `sources`: the existing filter (controller relative to the effect's
        permanent's controller) and `attached: true`; `ability`, `chosen_type` and `targets`
        are not read there."""
        if isinstance(value, dict):
            for key in ("ability", "chosen_type", "targets"):
                if key in value:
                    self.problem(_join(path, key), f"{key} is not read in a mana effect's "
                                                   f"sources (it filters permanents tapped for "
                                                   f"mana)")
            value = {k: v for k, v in value.items()
                     if k not in ("ability", "chosen_type", "targets")}
        return self.filter(value, path, effect=True)

    def effect(self, value: object, path: DataPath) -> Mana | None:
        """`effect: {adds: "{B}{B}{B}"}`: the mana the card's resolution adds to your pool
        (Dark Ritual), for the casts after it in a turn."""
        f = self.fields(value, path, EFFECT_KEYS)
        if isinstance(value, dict) and "adds" not in f:
            f.require("adds", "the mana its resolution adds, like \"{B}{B}{B}\"")
        return f.read("adds", None, self.plain_mana)

    def alternatives(self, value: object, path: DataPath) -> tuple[Alternative, ...]:
        out = []
        for i, (where, item) in enumerate(self.each(value, path)):
            f = self.fields(item, where, ALTERNATIVE_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a name for this alternative cost, such as evoke")
            out.append(Alternative(
                id=f.read("id", f"alternative{i}", self.string),
                cost=Cost(f.read("cost", ManaCost(), self.mana_cost), f.read("other", (), self.mtg_other_costs)),
                zone=f.word("zone", None, PLAY_ZONES, "zone"),
            ))
        return tuple(out)

    def additionals(self, value: object, path: DataPath) -> tuple[Additional, ...]:
        out = []
        for i, (where, item) in enumerate(self.each(value, path)):
            f = self.fields(item, where, ADDITIONAL_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a name for this additional cost")
            mandatory = f.read("mandatory", False, self.boolean)
            out.append(Additional(
                id=f.read("id", f"additional{i}", self.string),
                cost=Cost(f.read("cost", ManaCost(), self.mana_cost),
                          f.read("other", (), self.mtg_other_costs, not mandatory)),
                mandatory=mandatory,
            ))
            if sum(o.any for o in out[-1].cost.other) > 1:
                self.problem(f.at("other"), "at most one part of an additional cost says "
                                            "count: any")
        return tuple(out)

    def mode_costs(self, value: object, path: DataPath) -> Mapping[str, ManaCost]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of mode to its cost, got {_kind(value)}")
            return MappingProxyType({})
        return MappingProxyType({str(k): self.mana_cost(v, _join(path, k)) for k, v in value.items()})

    def amount_of(self, value: object, path: DataPath, held: bool = False) -> Amount:
        if isinstance(value, dict):
            f = self.fields(value, path, AMOUNT_KEYS)
            if sum(k in f for k in ("count", "count_targets", "per_paid")) != 1:
                self.problem(path, "an amount is a number, {count: FILTER} (your permanents), "
                                   "{count_targets: FILTER} (the spell's targets) or {per_paid: "
                                   "ID, each: N} (per object a cost took): one of them")
            if "each" in f and "per_paid" not in f:
                self.problem(f.at("each"), "each is the amount per object of a per_paid "
                                           "amount")
            if "per_paid" in f:
                if held:
                    self.problem(f.at("per_paid"), "per_paid counts what this card's own "
                                                   "additional cost took: only in a card's own "
                                                   "reductions, not a grant's")
                return Amount(per_paid=f.read("per_paid", None, self.string),
                              each=f.read("each", 1, self.integer))
            if "count_targets" in f:
                return Amount(count_targets=f.read("count_targets", Filter(), self.target_filter,
                                                   held))
            return Amount(count=f.read("count", Filter(), self.filter, held))
        return Amount(fixed=self.integer(value, path))

    def reduction(self, value: object, path: DataPath, label: str, held: bool = False
                  ) -> Reduction:
        f = self.fields(value, path, REDUCTION_KEYS)
        colors = [t for t in TYPES if t in f]
        if isinstance(value, dict) and "generic" not in f and "mana" not in f and not colors:
            self.problem(path, "a reduction needs `generic` (a number or {count: FILTER}), `mana` "
                               "(\"{W}\") or a count per color (W: 1)")
        if "minimum" in f and "generic" not in f and ("mana" in f or colors):
            # It was accepted and bound nothing (the brute force bound it: ref-b's finding).
            self.problem(f.at("minimum"), "a minimum binds a reduction's generic part only "
                                          "(\"can't reduce to less than N mana\"): a colored "
                                          "reduction has none")
        colored = f.read("mana", NO_MANA, self.plain_mana)
        counted: list[tuple[str, Filter]] = []
        for t in colors:
            if isinstance(f[t], dict):
                counted.append((t, self.colored_count(f[t], f.at(t), t, held)))
                continue
            i = 1 + TYPES.index(t)
            n = f.read(t, 0, self.integer)
            colored = colored[:i] + (colored[i] + n,) + colored[i + 1:]  # type: ignore[assignment]
        return Reduction(
            label=f.read("id", label, self.string),
            generic=f.read("generic", Amount(), self.amount_of, held),
            minimum=f.read("minimum", 0, self.integer),
            colored=colored,
            colored_counts=tuple(counted),
        )

    def colored_count(self, value: object, path: DataPath, color: str, held: bool) -> Filter:
        """A color key's `{count: FILTER}` (Khalni Hydra's `G`): one of that color less per
        permanent of yours matching FILTER. {C} and the spell's targets are not counted."""
        f = self.fields(value, path, AMOUNT_KEYS)
        if color == "C":
            self.problem(path, "C takes a number: a count is read in the color keys W U B R G")
        elif "count_targets" in f:
            self.problem(f.at("count_targets"), "count_targets is not taken in a color key: a "
                                                "colored count is {count: FILTER} (your "
                                                "permanents)")
        elif "count" not in f:
            f.require("count", "a filter of your permanents to count")
        return f.read("count", Filter(), self.filter, held)

    def reductions(self, value: object, path: DataPath) -> tuple[Reduction, ...]:
        return tuple(self.reduction(item, where, path_text(where).rsplit(".", 1)[-1])
                     for where, item in self.each(value, path))

    def abilities(self, value: object, path: DataPath) -> tuple[ManaAbility, ...]:
        out = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, ABILITY_KEYS)
            if isinstance(item, dict) and "adds" not in f:
                f.require("adds", "the mana one activation adds, like \"{G}\" or \"{W}|{U}\"")
            costs = f["costs"] if "costs" in f else ["tap"]
            tap, sac, disc, manas, paid = self.ability_costs(costs, f.at("costs"),
                                                             "mana ability cost", plain_mana=True)
            if disc:
                self.problem(f.at("costs"), "discard_self in a mana ability's costs: mana "
                                            "abilities are activated from the battlefield here")
            if any(o.x for o in paid):
                self.problem(f.at("costs"), "{pay_life: X} in a mana ability's costs: no X is "
                                            "announced for a mana ability")
                paid = [o for o in paid if not o.x]
            reads = f["adds"] if "adds" in f and f["adds"] in READ_ADDS else None
            adds = f.read("adds", (), self.adds) if reads is None else ()
            per_word = f["per"] if "per" in f else None
            remove, removed = self.mana_counters(costs, f.at("costs"), per_word, adds, tap, sac,
                                                 paid)
            per = (f.read("per", None, self.per_amount, adds) if per_word != "removed"
                   else None)
            untap = tuple((n, filt) for _, n, filt in self.untap_costs(costs, f.at("costs")))
            if isinstance(reads, str):
                self.read_adds(reads, f, untap, paid, per_word)
            out.append(ManaAbility(
                adds=adds, tap=tap, sacrifice_self=sac, per=per, remove=remove, removed=removed,
                life=sum(o.count for o in paid if o.kind == "pay_life"),
                mana=manas[-1] if manas else ManaCost(),  # the last mana cost given stands
                other=tuple(o for o in paid if o.kind != "pay_life"),
                only_for=f.read("only_for", None, self.held_filter),
                untap=untap, reads=reads))
        return tuple(out)

    def untap_costs(self, value: object, path: DataPath) -> list[tuple[DataPath, int, Filter]]:
        """The `{untap: {count: N, filter: FILTER}}` atoms of a mana ability's `costs` (N 1 to
        10, default 1): each at its path, with its count and filter. FILTER must say
        `controller: opponent` (untapping your own permanents in a payment is not built)."""
        out: list[tuple[DataPath, int, Filter]] = []
        if not isinstance(value, list):
            return out
        for at, c in self.each(value, path):
            if not isinstance(c, dict) or "untap" not in c:
                continue
            if len(c) != 1:
                self.problem(at, "an untap cost stands alone: {untap: {count: N, filter: "
                                 "FILTER}}")
                continue
            where = _join(at, "untap")
            f = self.fields(c["untap"], where, UNTAP_KEYS)
            before = len(self.problems)
            count = f.read("count", 1, self.integer, MAX_UNTAP)
            if isinstance(c["untap"], dict) and count < 1 and len(self.problems) == before:
                self.problem(f.at("count"), f"untaps 1 to {MAX_UNTAP} permanents")
            if isinstance(c["untap"], dict) and "filter" not in f:
                f.require("filter", "the permanents it untaps, with controller: opponent")
            filt = f.read("filter", Filter(), self.filter)
            if "filter" in f and filt.controller != "opponent":
                self.problem(_join(f.at("filter"), "controller"),
                             "an untap cost untaps the opponent's permanents: its filter says "
                             "controller: opponent (untapping your own in a payment is not "
                             "built)")
            # A bad atom is kept as one of count 1 (the file is refused already): `read_adds`
            # says nothing more about it.
            out.append((where, count if len(self.problems) == before else 1, filt))
        return out

    def read_adds(self, reads: str, f: _Fields, untap: tuple[tuple[int, Filter], ...],
                  paid: list[OtherCost], per: object) -> None:
        """The refusals of `adds: untapped` (its costs untap exactly one permanent: one untap
        atom with count 1) and `adds: milled` (its costs mill exactly one card: {mill: 1})."""
        at = f.at("adds")
        if per is not None:
            self.problem(f.at("per"), f"per is not read with adds: {reads} (its mana is read "
                                      f"from the {'permanent untapped' if reads == 'untapped' else 'card milled'})")
        if reads == "untapped" and [n for n, _ in untap] != [1]:
            self.problem(at, "adds: untapped reads the permanent its cost untaps: its costs have "
                             "exactly one {untap: {count: 1, filter: FILTER}}")
        mills = [o.count for o in paid if o.kind == "mill"]
        if reads == "milled" and mills != [1]:
            self.problem(at, "adds: milled reads the card its cost mills: its costs have exactly "
                             "one {mill: 1}")

    def per_amount(self, value: object, path: DataPath, adds: tuple[Mana, ...]) -> PerAmount | None:
        """`per: devotion` or `per: {count: FILTER}` (a mana ability's amount from the state)."""
        if value == "devotion":
            if any(sum(m[1:6]) != 1 or sum(m) != 1 for m in adds):
                self.problem(path, "devotion adds one colored mana per devotion to its "
                                   "color: each option of `adds` must be one of {W} {U} {B} {R} {G}")
            return PerAmount(devotion=True)
        if not isinstance(value, dict):
            self.problem(path, f"expected `devotion` or {{count: FILTER}} (your permanents to "
                               f"count), got {_kind(value)}")
            return None
        f = self.fields(value, path, PER_KEYS)
        if "count" not in f:
            f.require("count", "a filter of your permanents to count")
            return None
        return PerAmount(count=f.read("count", Filter(), self.held_filter))

    def ability_costs(self, value: object, path: DataPath, what: str, plain_mana: bool = False
                      ) -> tuple[bool, bool, bool, list[ManaCost], list[OtherCost]]:
        """An ability's `costs` list (a mana ability's or an activated ability's): whether it
        taps, whether it sacrifices its permanent, whether it discards its card (`discard_self`),
        its mana costs and its other costs, each in order. `plain_mana`: a mana cost may hold plain, generic and hybrid symbols only."""
        tap, sac, disc = False, False, False
        manas: list[ManaCost] = []
        other: list[OtherCost] = []
        for at, c in self.each(value, path):
            if isinstance(c, str) and c.startswith("{"):
                mana_cost = self.mana_cost(c, at)
                if plain_mana and any(s.kind in ("x", "phyrexian", "snow")
                                      for s in mana_cost.symbols):
                    self.problem(at, "a mana ability's mana cost takes plain, generic and "
                                     "hybrid symbols only (no {X}, Phyrexian or {S})")
                manas.append(mana_cost)
            elif isinstance(c, str):
                word = self.one_of(c, at, ABILITY_WORDS, what)
                tap = tap or word == "tap"
                sac = sac or word == "sacrifice_self"
                disc = disc or word == "discard_self"
            elif isinstance(c, dict) and ("remove_counters" in c or "untap" in c):
                continue  # read by `counter_costs`, `untap_costs`
            else:
                one = self.mtg_other_cost(c, at)
                if one is not None:
                    other.append(one)
        return tap, sac, disc, manas, other

    def counter_costs(self, value: object, path: DataPath) -> list[tuple[DataPath, str, int | None]]:
        """The `{remove_counters: {kind: KIND, count: N}}` atoms of an ability's `costs`: each
        at its path, with its kind and count (None for `count: X`)."""
        out: list[tuple[DataPath, str, int | None]] = []
        if not isinstance(value, list):
            return out
        for at, c in self.each(value, path):
            if not isinstance(c, dict) or "remove_counters" not in c:
                continue
            if len(c) != 1:
                self.problem(at, "a remove_counters cost stands alone: {remove_counters: {kind: "
                                 "KIND, count: N}}")
                continue
            where = _join(at, "remove_counters")
            f = self.fields(c["remove_counters"], where, REMOVE_KEYS)
            if isinstance(c["remove_counters"], dict):
                for key, what in (("kind", "the kind of counter removed, like charge or storage"),
                                  ("count", "how many (1 or more), or X (a mana ability with "
                                            "per: removed)")):
                    if key not in f:
                        f.require(key, what)
            kind = f.read("kind", "", self.counter_kind)
            raw = f["count"] if "count" in f else 1
            if raw == "X":
                count: int | None = None
            else:
                count = f.read("count", 1, self.integer, MAX_COUNTERS)
                if count < 1:
                    self.problem(f.at("count"), "removes 1 counter or more (or X)")
            if kind:
                out.append((where, kind, count))
        return out

    def counter_kind(self, value: object, path: DataPath) -> str:
        """A kind of counter: a lowercase word (charge, storage, loyalty)."""
        word = self.string(value, path)
        if word and not _COUNTER_KIND.fullmatch(word):
            self.problem(path, f"a kind of counter is a lowercase word like charge or storage, "
                               f"got {word!r}")
            return ""
        return word

    def counters(self, value: object, path: DataPath) -> tuple[tuple[str, int], ...]:
        """An object's `counters: {KIND: N}` (N 0 to 1,000), sorted by kind."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of counter kind to count like {{charge: 3}}, "
                               f"got {_kind(value)}")
            return ()
        out: dict[str, int] = {}
        for key, n in value.items():
            at = _join(path, str(key))
            kind = self.counter_kind(key, at)
            count = self.integer(n, at, MAX_COUNTERS)
            if kind:
                out[kind] = count
        return tuple(sorted(out.items()))

    def loyalty_cost(self, value: object, path: DataPath) -> int:
        """A loyalty cost: an integer -20 to +20, or the string "+N" / "-N" / "N" (606.4)."""
        n: object = value
        if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,3}", value):
            n = int(value)
        if isinstance(n, bool) or not isinstance(n, int):
            self.problem(path, f"expected a loyalty cost like +1, 0 or -2, got {_kind(value)}")
            return 0
        if not -MAX_LOYALTY_COST <= n <= MAX_LOYALTY_COST:
            self.problem(path, f"a loyalty cost is -{MAX_LOYALTY_COST} to +{MAX_LOYALTY_COST}, "
                               f"got {n}")
            return 0
        return n

    def mana_counters(self, costs: object, path: DataPath, per: object, adds: tuple[Mana, ...],
                      tap: bool, sac: bool, other: list[OtherCost]
                      ) -> tuple[tuple[tuple[str, int], ...], str | None]:
        """A mana ability's counter costs: the fixed removals, and the kind of `per: removed`'s
        X (a storage land), with their refusals."""
        fixed: dict[str, int] = {}
        removed: str | None = None
        for at, kind, count in self.counter_costs(costs, path):
            if count is None and per != "removed":
                self.problem(_join(at, "count"), "count: X is read only in a mana ability with "
                                                 "per: removed (X counters, X mana)")
            elif count is None and removed is not None:
                self.problem(at, "one remove_counters with count: X per ability")
            elif count is None:
                removed = kind
            else:
                fixed[kind] = fixed.get(kind, 0) + count
        if per == "removed":
            where = _join(path[:-1] if path else path, "per")
            if removed is None:
                self.problem(where, "per: removed needs a {remove_counters: {kind: KIND, "
                                    "count: X}} cost (the counters removed)")
            if tap or sac or other or fixed:
                self.problem(where, "per: removed is not supported with tap, sacrifice_self, "
                                    "life or other non-mana costs (only a mana cost and the X "
                                    "counters)")
            if any(sum(m) != 1 for m in adds):
                self.problem(where, "per: removed adds one mana per counter removed: each "
                                    "option of `adds` must be one mana, like {W}|{U}")
        return tuple(sorted(fixed.items())), removed

    def activated(self, value: object, path: DataPath) -> tuple[Activated, ...]:
        """`abilities: [{id, costs: [tap, sacrifice_self, "{3}", {pay_life: 2}, ...], timing}]`:
        activated abilities (602), their costs written as a mana ability's."""
        out: list[Activated] = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, ACTIVATED_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a name for the ability, for `play.ability.id`")
            ident = f.read("id", "", self.string)
            if ident and any(a.id == ident for a in out):
                self.problem(f.at("id"), f"duplicate ability id {ident!r}")
            tap, sac, disc, manas, other = self.ability_costs(
                f["costs"] if "costs" in f else [], f.at("costs"), "ability cost")
            mana_cost = ManaCost(tuple(s for m in manas for s in m.symbols))  # all, in order
            sorcery = f.word("timing", "instant", ACTIVATED_TIMINGS, "timing") == "sorcery"
            zone = f.word("zone", "battlefield", ACTIVATED_ZONES, "zone")
            cycling = f.read("cycling", False, self.boolean)
            if zone == "hand" and (tap or sac):
                self.problem(f.at("costs"), "an ability activated from the hand can't tap or "
                                            "sacrifice its card (it is no permanent there): no "
                                            "tap or sacrifice_self")
            if zone != "hand" and disc:
                self.problem(f.at("costs"), "discard_self discards the card from your hand: "
                                            "only in an ability with zone: hand")
            if cycling and (zone != "hand" or not disc):
                self.problem(f.at("cycling"), "cycling is activated from the hand and its cost "
                                              "discards the card (702.29a): zone: hand and "
                                              "discard_self in its costs")
            for at, c in self.each(f["costs"], f.at("costs")) if isinstance(
                    f["costs"] if "costs" in f else None, list) else ():
                if isinstance(c, dict) and "untap" in c:
                    self.problem(_join(at, "untap"), "an untap cost is read in a mana ability's "
                                                     "costs only (not built in an activated "
                                                     "ability's)")
            remove: dict[str, int] = {}
            for at, kind, count in self.counter_costs(f["costs"] if "costs" in f else [],
                                                      f.at("costs")):
                if count is None:
                    self.problem(_join(at, "count"), "count: X is read only in a mana ability "
                                                     "with per: removed")
                else:
                    remove[kind] = remove.get(kind, 0) + count
            loyalty = f.read("loyalty", None, self.loyalty_cost)
            if loyalty is not None:
                sorcery = True  # 606.3: a loyalty ability is activated as a sorcery
                if zone == "hand":
                    self.problem(f.at("loyalty"), "a loyalty ability is a permanent's (606.3): "
                                                  "not with zone: hand")
                if "loyalty" in remove:
                    self.problem(f.at("costs"), "remove_counters of kind loyalty is not "
                                                "supported with loyalty: N (its loyalty cost "
                                                "says the loyalty counters)")
            out.append(Activated(ident, Cost(mana_cost, tuple(other)), tap, sac, sorcery,
                                 zone, disc, cycling, tuple(sorted(remove.items())), loyalty))
        return tuple(out)

    def mtg_grants(self, value: object, path: DataPath) -> tuple[Grant, ...]:
        out = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, GRANT_KEYS)
            kinds = [k for k in ("increase", "reduction", "at_least", "keyword", "flashback",
                                 "loyalty") if k in f]
            if isinstance(item, dict) and len(kinds) != 1:
                self.problem(where, "a grant has exactly one of: increase, reduction, at_least, "
                                    "keyword, flashback, loyalty")
            label = path_text(where).rsplit(".", 1)[-1]
            out.append(Grant(
                applies_to=f.read("applies_to", Filter(), self.grant_filter),
                increase=f.read("increase", None, self.mana_cost),
                reduction=(self.reduction(f["reduction"], f.at("reduction"), label, True)
                           if "reduction" in f else None),
                at_least=f.read("at_least", None, self.integer),
                turn=f.word("turn", None, GRANT_TURNS, "turn"),
                keyword=f.word("keyword", None, GRANT_KEYWORDS, "granted keyword"),
                flashback=f.word("flashback", None, ("mana_cost",), "flashback cost") is not None,
                loyalty=f.read("loyalty", None, self.loyalty_cost),
            ))
            made = out[-1]
            if (made.keyword is not None or made.flashback) and made.applies_to.ability is not None:
                self.problem(f.at("applies_to"), "a granted keyword or flashback is a spell's: "
                                                 "its applies_to names no `ability`")
            if made.loyalty is not None and made.applies_to.ability not in ("loyalty", "activated"):
                self.problem(f.at("loyalty"), "a loyalty cost change reaches loyalty abilities: "
                                              "its applies_to says ability: loyalty")
        return tuple(out)

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
        )

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
                                                    f"{card_id!r} has none")
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
            self.problem(path, f"unknown card {value!r}{self.suggest(value, self.mtg_cards)}")
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
                self.problem(f.at("x"), f"{card.id!r} has no {{X}} in its cost")
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
            self.problem(f.at("turn_face_up"), f"{ident!r} is not a face-down permanent on your "
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
                self.problem(a.at("object"), f"{ident!r} is the opponent's; you can only "
                                             f"activate your own abilities")
            elif found is None:
                mine = (k for k, (who, _) in self.ids.where.items() if who == "you")
                self.problem(a.at("object"), f"unknown object {ident!r}{self.suggest(ident, mine)}")
            elif found[0] not in ACTIVATED_ZONES:
                self.problem(a.at("object"), f"{ident!r} is in your {found[0]}: activated "
                                             f"abilities are played from the battlefield (or, "
                                             f"with zone: hand, the hand)")
            else:
                card = self.mtg_cards.get(found[1].card)
        zone = "battlefield"
        if card is not None and card.id not in self.bad_cards and ability_id and all(
                x.id != ability_id for x in card.abilities):
            names = [x.id for x in card.abilities]
            has = f" (it has: {_options(names)})" if names else " (it has none)"
            self.problem(a.at("id"), f"{card.id!r} has no ability {ability_id!r}"
                                     f"{self.suggest(ability_id, names) or has}")
            card = None
        elif card is not None and card.id not in self.bad_cards and ability_id:
            ability = next(x for x in card.abilities if x.id == ability_id)
            found = state.you.find(ident)
            assert found is not None
            zone = found[0]
            if ability.zone != zone:
                self.problem(a.at("object"), f"{ident!r} is in your {zone}: {card.id!r}'s "
                                             f"ability {ability_id!r} is activated from the "
                                             f"{ability.zone}")
        x: int | None = None
        if "x" in f:
            raw = f["x"]
            x = None if raw == "auto" else self.integer(raw, f.at("x"))
            if card is not None and not any(a.id == ability_id and a.cost.has_x
                                            for a in card.abilities):
                self.problem(f.at("x"), f"{card.id!r}'s ability {ability_id!r} has no {{X}} "
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
                self.problem(where, f"unknown object {ident!r} (a target is an object id or "
                                    f"{_options(PLAYERS)}){self.suggest(ident, self.ids.where)}")
            out.append(ident)
        return tuple(out)

    def mtg_played(self, f: _Fields, state: State,
                   from_zone: str | None) -> tuple[str, str, Card | None]:
        you = state.you
        object_id = f.read("object", "", self.string)
        card_id = f.read("card", "", self.mtg_card_ref)
        found = you.find(object_id) if object_id else None
        if object_id and found is None:
            where = self.ids.where.get(object_id)
            if where is not None and where[0] == "opponent":
                self.problem(f.at("object"), f"{object_id!r} is the opponent's; you can only cast your own cards")
            else:
                mine = (k for k, (who, _) in self.ids.where.items() if who == "you")
                self.problem(f.at("object"), f"unknown object {object_id!r}{self.suggest(object_id, mine)}")
        if found is None and card_id and not object_id and card_id in self.mtg_cards:
            zones = (from_zone,) if from_zone else PLAY_ZONES
            found = next(((z, o) for z in zones for o in you.zone(z) if o.card == card_id), None)
            if found is None:
                self.problem(f.at("card"), f"no {card_id!r} in your {' or '.join(zones)} to cast")
        if found is None:
            return from_zone or "hand", "", None
        zone, obj = found
        if card_id and obj.card != card_id:
            self.problem(f.at("card"), f"{obj.id!r} is a {obj.card!r}, not a {card_id!r}")
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
            self.problem(path, f"{card.id!r} has no flashback")
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
                m = _KICKER.fullmatch(key)
                if m is not None:
                    n = int(m.group(1)) if len(m.group(1)) < 9 else 10**9
                    name = "kicker" if n == 0 else f"kicker.{n}"
            if not isinstance(name, str):
                self.problem(where, f"an optional cost name must be a string, got {_kind(key)}")
                continue
            if card is not None and names is not None and name not in names:
                if any(a.id == name and a.mandatory for a in card.additional):
                    self.problem(where, f"{name!r} is a mandatory cost of {card.id!r}, not optional")
                else:
                    has = f" (it has: {_options(names)})" if names else " (it has none)"
                    self.problem(where, f"{card.id!r} has no optional cost {_show(key)}"
                                        f"{self.suggest(name, names) or has}")
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

    # --- a payment to check, and the choices named beside it (`payplan check`)

    def submitted(self, data: object) -> tuple[Payment, Chosen]:
        if not isinstance(data, dict):
            return Payment(), Chosen()  # the scenario's reading says what a file must hold
        payment = Payment()
        if data.get("payment") is None:
            self.problem(("payment",), "missing (the payment to check, in the shape "
                                       "`payplan plan --json` prints it)")
        else:
            payment = self.mtg_payment(data["payment"], ("payment",))
        return payment, self.mtg_chosen(data)

    def mtg_payment(self, value: object, path: DataPath) -> Payment:
        """A payment in the plan's JSON shape (`Payment.to_json`); a key left out is empty.
        Each source's `costs` are its words as the plan lists them (`tap`, `sacrifice c2`):
        `check_payment` reads them against the ability."""
        f = self.fields(value, path, PAYMENT_KEYS)
        sources: list[SourceUse] = []
        for where, entry in self.each(f["sources"], f.at("sources")) if "sources" in f else ():
            g = self.fields(entry, where, ("id", "adds", "costs", "counters_removed", "replaced",
                                           "triggered", "untapped", "milled"))
            for key, what in (("id", "the permanent whose mana ability is activated"),
                              ("adds", "the mana it adds, like \"{G}\""),
                              ("costs", "its costs as the plan lists them, like [tap]")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            sources.append(SourceUse(g.read("id", "", self.string),
                                     g.read("adds", NO_MANA, self.plain_mana),
                                     g.read("costs", (), self.cost_words),
                                     counters_removed=g.read("counters_removed", (), self.counters),
                                     replaced=g.read("replaced", None, self.replaced_entry),
                                     triggered=g.read("triggered", (), self.triggered_entries),
                                     untapped=g.read("untapped", (), self.strings),
                                     milled=g.read("milled", (), self.strings)))
        convoke: list[tuple[str, str]] = []
        for where, entry in self.each(f["convoke"], f.at("convoke")) if "convoke" in f else ():
            g = self.fields(entry, where, ("id", "pays"))
            for key, what in (("id", "the creature tapped"), ("pays", "{1} or one of its colors")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            convoke.append((g.read("id", "", self.string),
                            g.word("pays", "{1}", CONVOKE_PAYS, "convoke payment")))
        other: list[tuple[str, tuple[str, ...] | int]] = []
        if "other" in f:
            if not isinstance(f["other"], dict):
                self.problem(f.at("other"), f"expected a mapping of non-mana cost to the objects "
                                            f"that pay it, like {{sacrifice: [c1]}}, got "
                                            f"{_kind(f['other'])}")
            else:
                for kind, ids in f["other"].items():
                    at = _join(f.at("other"), kind)
                    if not isinstance(kind, str) or kind not in PAID_KINDS:
                        self.unknown(at, "non-mana cost", kind, PAID_KINDS)
                    elif kind == "mill":
                        other.append((kind, self.integer(ids, at)))
                    else:
                        other.append((kind, self.strings(ids, at) if ids is not None else ()))
        return Payment(pool=f.read("pool", NO_MANA, self.plain_mana), sources=tuple(sources),
                          convoke=tuple(convoke), delve=f.read("delve", (), self.strings),
                          improvise=f.read("improvise", (), self.strings),
                          life=f.read("life", 0, self.integer, MAX_LIFE), other=tuple(other),
                          life_for=f.read("life_for", (), self.paid_life_for))

    def paid_life_for(self, value: object, path: DataPath) -> tuple[LifePaid, ...]:
        """A payment's `life_for: {"{B}": 2}`: pips of a color paid with life (K'rrik)."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of a pip to how many such pips life paid, "
                               f"like {{\"{{B}}\": 2}}, got {_kind(value)}")
            return ()
        counts: dict[str, int] = {}
        for pip, n in value.items():
            where = _join(path, pip)
            if not isinstance(pip, str) or pip not in LIFE_FOR_PIPS:
                self.unknown(where, "pip", pip, LIFE_FOR_PIPS)
                continue
            counts[pip[1]] = self.integer(n, where)
        return tuple(LifePaid(c, counts[c]) for c in COLORS if counts.get(c))

    def replaced_entry(self, value: object, path: DataPath) -> tuple[str, Mana]:
        """A source's `replaced: {by: ID, was: MANA}` (the plan's words; `check` reads the
        source's `adds` against the mana effects, not this)."""
        g = self.fields(value, path, ("by", "was"))
        return g.read("by", "", self.string), g.read("was", NO_MANA, self.plain_mana)

    def triggered_entries(self, value: object, path: DataPath) -> tuple[tuple[str, Mana], ...]:
        """A source's `triggered: [{id: ID, adds: MANA}, ...]`: the mana triggered mana
        abilities added on its activation (605.4a)."""
        out: list[tuple[str, Mana]] = []
        for where, entry in self.each(value, path):
            g = self.fields(entry, where, ("id", "adds"))
            for key, what in (("id", "the permanent whose triggered mana ability added it"),
                              ("adds", "the mana it added, like \"{B}\"")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            out.append((g.read("id", "", self.string), g.read("adds", NO_MANA, self.plain_mana)))
        return tuple(out)

    def cost_words(self, value: object, path: DataPath) -> tuple[str, ...]:
        return tuple(" ".join(word.split()) for word in self.strings(value, path))

    def mtg_chosen(self, data: dict[object, object]) -> Chosen:
        """The choices named beside a payment; each key left out (or null) is left open."""
        f = _Fields(self, {k: v for k, v in data.items()
                           if isinstance(k, str) and k in CHOICE_KEYS and v is not None}, ())
        cast = f.read("cast", None, self.string)
        x = f.read("x", None, self.integer)
        paid: tuple[tuple[str, int], ...] | None = None
        if "paid" in f:
            if not isinstance(f["paid"], dict):
                self.problem(f.at("paid"), f"expected a mapping of optional cost to times paid, "
                                           f"got {_kind(f['paid'])}")
            else:
                counts: dict[str, int] = {}
                for key, n in f["paid"].items():
                    at = _join(f.at("paid"), key)
                    name = self.string(key, at)
                    m = _KICKER.fullmatch(name)
                    if m is not None:
                        k = int(m.group(1)) if len(m.group(1)) < 9 else 10**9
                        name = "kicker" if k == 0 else f"kicker.{k}"
                    if name in counts:
                        self.problem(at, "names an optional cost twice")
                    counts[name] = self.integer(n, at, 100)
                    if counts[name] < 1:
                        self.problem(at, "an optional cost listed is paid at least once")
                paid = tuple(counts.items())
        hybrid: tuple[str, ...] | None = None
        phyrexian: tuple[str, ...] | None = None
        if "announced" in f:
            a = self.fields(f["announced"], f.at("announced"), ("hybrid", "phyrexian"))
            hybrid = a.read("hybrid", None, self.strings)
            phyrexian = a.read("phyrexian", None, self.strings)
        return Chosen(cast, x, paid, hybrid, phyrexian)

    # --- the whole scenario

    def mtg_scenario(self, data: object, require_play: bool, check: bool = False) -> Scenario:
        if not isinstance(data, dict):
            self.problem((), f"expected a mapping with the keys {_options(TOP_KEYS)}, got {_kind(data)}")
            return Scenario(MappingProxyType({}), State(), None)
        if not check:  # payplan check's keys: say which command reads them
            for key in (k for k in CHECK_KEYS if k in data):
                self.problem((key,), CHECK_ONLY[key])
        data = {k: v for k, v in data.items() if k not in CHECK_KEYS}
        f = self.fields(data, (), TOP_KEYS)
        if "cards" in f:
            self.mtg_card_library(f["cards"], ("cards",))
        state = f.read("state", State(), self.mtg_state)
        self.life_for_filters(state)
        play = f.read("play", None, self.mtg_play, state)
        plays: tuple[Play, ...] = ()
        if "plays" in f:
            plays = tuple(self.mtg_play(item, where, state) for where, item in self.each(f["plays"], ("plays",)))
        turn = f.read("turn", None, self.turn, state)
        if turn is not None:
            for other in ("play", "plays"):
                if other in f:
                    self.problem(("turn",), f"give either `{other}` or `turn`, not both "
                                            f"(`payplan turn` plans the turn; `payplan play` "
                                            f"the `{other}`)")
        if play is None and not plays and require_play:
            f.require("play", "this command plans one play")
        objective = f.read("objective", mtg_objective(), self.mtg_objective)
        scenario = Scenario(MappingProxyType(dict(self.mtg_cards)), state, play, objective,
                               plays, turn=turn)
        if not self.problems:
            self.mana_effect_checks(scenario)
        self.milled_beside_graveyard(scenario)
        self.milled_beside_milling_filter(scenario)
        return scenario

    def mana_effect_checks(self, scenario: Scenario) -> None:
        """The mana effects on a whole scenario: each `attached_to` names another
        permanent on a battlefield; the meetings not built are refused, one line each."""
        state = scenario.state
        ids = {o.id for o in (*state.you.battlefield, *state.opponent.battlefield)}
        for side, player in (("you", state.you), ("opponent", state.opponent)):
            for i, obj in enumerate(player.battlefield):
                if obj.attached_to is None:
                    continue
                at = ("state", side, "battlefield", i, "attached_to")
                if obj.attached_to == obj.id:
                    self.problem(at, f"{obj.id} can't be attached to itself (303.4d)")
                elif obj.attached_to not in ids:
                    self.problem(at, f"{obj.attached_to!r} is not a permanent on a battlefield "
                                     f"(an Aura is attached to one: 303.4)")
        for path, why in mana_effect_refusals(scenario):
            self.problem(path, why)

    def milled_beside_milling_filter(self, scenario: Scenario) -> None:
        """Refuse (not built) a mana ability of yours with both a mana cost and a mill beside an
        `adds: milled` ability of yours: the order of the mills (which card the Pendant reads)
        and the order of the filters (whose mana pays whose cost) would be one order, which the
        planner does not couple. One line, at the first such filter's costs."""
        if self.problems:
            return
        mine = [(o.card, scenario.cards[o.card]) for o in scenario.state.you.battlefield
                if o.card in scenario.cards]
        if not any(m.reads == "milled" for _, card in mine for m in card.mana):
            return
        for card_id, card in mine:
            for i, m in enumerate(card.mana):
                if m.mana.symbols and any(o.kind == "mill" for o in m.other):
                    self.problem(("cards", card_id, "mana", i, "costs"),
                                 "a mana ability with a mana cost and a mill beside an adds: "
                                 "milled ability is not built (the order of the mills and of the "
                                 "filters' costs would be one order)")
                    return

    def milled_beside_graveyard(self, scenario: Scenario) -> None:
        """Refuse (not built) an `adds: milled` ability of a permanent of yours beside a played
        card with delve or an exile_from_graveyard cost: a card milled in 601.2g could feed
        them. One line, at the first such ability (read on a file with no other problem)."""
        if self.problems:
            return
        you = scenario.state.you
        feeds = False
        for play in (scenario.play, *scenario.plays):
            found = you.find(play.object) if play is not None else None
            if play is None or found is None or found[1].card not in scenario.cards:
                continue
            card = scenario.printed_card(play)
            costs = [Cost(), *(a.cost for a in card.alternative),
                     *(a.cost for a in card.additional), *card.kicker,
                     *(c for c in (card.flashback, card.multikicker, card.replicate,
                                   card.buyback, card.activation) if c is not None)]
            feeds = feeds or card.delve or any(o.kind == "exile_from_graveyard"
                                               for c in costs for o in c.other)
        feeds = feeds or any(g.keyword == "delve" for o in you.battlefield
                             if o.card in scenario.cards for g in scenario.cards[o.card].grants)
        if not feeds:
            return
        for obj in you.battlefield:
            mine = scenario.cards.get(obj.card)
            for i, ability in enumerate(mine.mana if mine is not None else ()):
                if ability.reads == "milled":
                    self.problem(("cards", obj.card, "mana", i, "adds"),
                                 "adds: milled beside a played card with delve or an "
                                 "exile_from_graveyard cost is not built (a card milled for "
                                 "mana could be exiled to pay it)")
                    return

    def life_for_filters(self, state: State) -> None:
        """A mana ability's own cost paid with life is not built: a permanent of yours with
        `life_for` a color beside a mana ability of a permanent of yours with a pip of that
        color in its costs is refused (one line, at the ability's costs)."""
        mine = [self.mtg_cards[o.card] for o in state.you.battlefield if o.card in self.mtg_cards]
        colors = {c: card.name for card in mine for c, _ in card.life_for}
        if not colors:
            return
        for card in dict.fromkeys(c.id for c in mine):
            for i, ability in enumerate(self.mtg_cards[card].mana):
                pips = [c for s in ability.mana.symbols for c in s.colors if c in colors]
                if pips:
                    self.problem(("cards", card, "mana", i, "costs"),
                                 f"a {{{pips[0]}}} pip in a mana ability's costs is not supported "
                                 f"with life_for {pips[0]} ({colors[pips[0]]} on your "
                                 f"battlefield): a mana ability's own cost is never paid with "
                                 f"life here")

    def turn(self, value: object, path: DataPath, state: State) -> Turn[Play]:
        """`turn: {candidates: auto | [PLAY, ...], values: {KEY: N}, max_plays: N}`
        (`docs/turns.md`). A value's key names a candidate: for `auto` a card of
        yours in hand or graveyard (a cast or a land play) or `OBJECT.ABILITY` (an activated
        ability of a card of yours in hand, graveyard or on the battlefield: it may be played
        this turn and then activated); for a list, one of its plays. A land play in a list is
        `{object: ID}` for a land in hand."""
        def auto_keys() -> set[str]:
            you = state.you
            keys = {o.id for o in you.hand}
            for o in you.graveyard:
                card = self.mtg_cards.get(o.card)
                if card is not None and (card.flashback is not None or self.grants_flashback()
                                         or any(alt.zone == "graveyard" for alt in card.alternative)):
                    keys.add(o.id)  # a card cast from the graveyard (702.34, an alternative)
            for o in (*you.hand, *you.graveyard, *you.battlefield):
                card = self.mtg_cards.get(o.card)
                if card is not None:
                    keys |= {candidate_key(o.id, a.id) for a in card.abilities}
            return keys

        return self.read_turn(value, path, lambda entry, where: self.mtg_play(entry, where, state),
                              lambda p: candidate_key(p.object, p.ability), auto_keys)


def mana_effect_refusals(scenario: Scenario) -> list[tuple[DataPath, str]]:
    """Where mana effects meet what the payment does not build (one line each):
    triggered mana reaching an `only_for` ability, a {S} payment where the tapped permanent's
    snow and the trigger's differ, or a spell's `spend_only` (the triggered mana has its own
    source and no restriction; the payment counts it with the activation's)."""
    effects = mana_effects(scenario)
    if not effects:
        return []
    out: list[tuple[DataPath, str]] = []
    snowy = bool(any(scenario.state.you.snow_pool)) or any(c.has_snow()
                                                           for c in scenario.cards.values())
    for obj in scenario.state.you.battlefield:
        card = scenario.cards[obj.card]
        for j, ability in enumerate(card.mana):
            if not ability.tap:
                continue
            for at in effects:
                if not effect_reaches(scenario, at, obj):
                    continue
                holder, _, effect = at
                where: DataPath = ("cards", obj.card, "mana", j)
                if effect.kind == "trigger" and ability.only_for is not None:
                    out.append(((*where, "only_for"), f"triggered mana ({holder.id}) on an "
                                                      f"only_for ability is not built"))
                elif (effect.kind == "trigger" and snowy
                      and scenario.cards[holder.card].snow != card.snow):
                    out.append((where, f"triggered mana ({holder.id}) whose snow differs from "
                                       f"{obj.id}'s, in a file with snow mana, is not built"))
    for obj in scenario.state.you.battlefield:  # untap costs and milled reads: not beside them
        for j, ability in enumerate(scenario.cards[obj.card].mana):
            if ability.reads is not None or ability.untap:
                what = f"adds: {ability.reads}" if ability.reads else "an untap cost"
                out.append((("cards", obj.card, "mana", j),
                            f"{what} beside a mana effect ({effects[0][0].id}) is not built"))
    if any(e.kind == "trigger" for _, _, e in effects):
        for card_id, card in scenario.cards.items():
            if card.spend_only is not None:
                out.append((("cards", card_id, "spend_only"), "spend_only beside a trigger mana "
                                                              "effect is not built"))
    return list(dict.fromkeys(out))


def scenario_from_data(data: object, require_play: bool = False) -> Scenario:
    """Build an `mtg/1` scenario from parsed data; a ScenarioError lists every problem. The
    keys of `payplan check` (`CHECK_KEYS`) are problems here: `check_from_data` reads them."""
    reader = _Reader()
    scenario = reader.mtg_scenario(data, require_play)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario


def check_from_data(data: object) -> tuple[Scenario, Payment, Chosen]:
    """A scenario with a payment to check (`payplan check`): the scenario (its `play`
    required), its top-level `payment` in the shape `payplan plan --json` prints it, and the
    choices named beside it (`cast`, `x`, `paid`, `announced`, also in the plan's shape; each
    one left out, or null, is left open). Every problem at once, as a ScenarioError: a payment
    of the wrong shape is a bad file; one that names objects that are not there, or does not
    pay, is a payment `engine.mtg.payment.check_payment` refuses."""
    reader = _Reader()
    scenario = reader.mtg_scenario(data, True, check=True)
    payment, chosen = reader.submitted(data)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario, payment, chosen


def payment_from_data(data: object) -> tuple[Payment, Chosen]:
    """`check_from_data` for the payment and the choices alone (a mapping of the keys
    `CHECK_KEYS`), for a scenario already loaded."""
    reader = _Reader()
    payment, chosen = reader.submitted(data)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return payment, chosen
