"""Reading the cards of `mtg/1`: a card's keys, its mana abilities (their costs, counters removed,
untap costs, read mana, `per` amounts), the mana effects of its permanents (614.1a, 605.1b), its
spell effect, its activated abilities (loyalty, 606) and the grants it gives."""

from __future__ import annotations

import re
from types import MappingProxyType

from ..problems import DataPath, path_text
from ..reading import Fields as _Fields
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import show as _show
from .cards import (
    CARD_TYPES,
    FACE_DOWN,
    PERMANENT_TYPES,
    TURN_FACE_UP,
    Activated,
    Card,
    CardEffect,
    Cost,
    Filter,
    Grant,
    ManaAbility,
    ManaEffect,
    OtherCost,
    PerAmount,
    Reduction,
    TurnEffect,
    face_down_card,
)
from .cost_keys import CostReader
from .keys import (
    ABILITY_KEYS,
    ABILITY_WORDS,
    ACTIVATED_KEYS,
    ACTIVATED_TIMINGS,
    ACTIVATED_ZONES,
    CARD_KEYS,
    CAST_FROM_ZONES,
    COUNTER_KIND,
    EFFECT_FILTER_KEYS,
    EFFECT_GRANT_KEYS,
    EFFECT_KEYS,
    FILTER_KEYS,
    GRANT_KEYS,
    GRANT_KEYWORDS,
    GRANT_TURNS,
    MANA_EFFECT_KINDS,
    MAX_AT_LEAST,
    MAX_COUNTERS,
    MAX_EFFECT_USES,
    MAX_LOYALTY_COST,
    MAX_POWER,
    MAX_TIMES,
    MAX_TOKENS,
    MAX_UNTAP,
    PER_KEYS,
    READ_ADDS,
    REFLECT_ADDS,
    REMOVE_KEYS,
    REPLACE_KEYS,
    STATE_EFFECT_KEYS,
    TOKEN_KEYS,
    TRIGGER_ADDS,
    TRIGGER_KEYS,
    UNTAP_KEYS,
)
from .mana import COLORS, Mana, ManaCost


class CardReader(CostReader):
    """The costs' reader, reading the `mtg/1` cards too."""

    def __init__(self) -> None:
        super().__init__()
        # The token cards the cards' effects name, with their paths (`token_cards_known`).
        self.token_refs: list[tuple[DataPath, str]] = []

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
                self.problem(where, f"a card id starting {_show(FACE_DOWN)} names a face-down card's "
                                    f"stand-in: use `face_down: true` on the object")
                continue
            before = len(self.problems)
            self.mtg_cards[card_id] = self.mtg_card(card_id, body, where)
            if len(self.problems) != before:
                self.bad_cards.add(card_id)
        for card in [c for c in self.mtg_cards.values() if c.morph is not None]:
            self.mtg_cards[FACE_DOWN + card.id] = face_down_card(card)  # 702.37: its face down
        self.token_cards_known()

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
                             f"alternative id {_show(name)} is reserved or used twice")
        adds, effect = f.read("effect", (None, None), self.effect)
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
            per_target_life=f.read("per_target_life", 0, self.large),
            mode_costs=f.read("modes", MappingProxyType({}), self.mode_costs),
            convoke=f.read("convoke", False, self.boolean),
            delve=f.read("delve", False, self.boolean),
            improvise=f.read("improvise", False, self.boolean),
            reductions=f.read("reductions", (), self.reductions),
            mana=f.read("mana", (), self.abilities),
            grants=f.read("grants", (), self.mtg_grants),
            abilities=f.read("abilities", (), self.activated),
            effect_adds=adds,
            effect=effect,
            haste=f.read("haste", False, self.true_only),
            enters_tapped=f.read("enters_tapped", False, self.boolean),
            spend_only=f.read("spend_only", None, self.spend_only),
            snow=f.read("snow", False, self.boolean),
            life_for=f.read("life_for", (), self.life_for),
            morph=f.read("morph", None, self.mana_cost),
            mana_effects=f.read("mana_effects", (), self.mana_effects),
            power=f.read("power", None, self.power_value),
        )
        self.power_read_without_power(card, f)
        if card.mana_effects and not card.permanent:
            self.problem(f.at("mana_effects"), "a mana effect is a permanent's (it acts while "
                                               "the permanent is on a battlefield); this card's "
                                               "types have no permanent type")
        # A land card with morph (Zoetic Cavern) is cast face down as any other (702.37c): the
        # face-down spell is a creature, no land (708.2).
        if card.morph is not None and any(s.kind == "x" for s in card.morph.symbols):
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
        self.counted_and_removed(card, f)
        for i, r in enumerate(card.reductions):
            named = r.generic.per_paid
            if named is not None and not card.takes_any(named):
                takes = [a.id for a in card.additional if card.takes_any(a.id)]
                self.problem((*f.at("reductions"), i, "generic", "per_paid"),
                             f"per_paid names an optional additional cost of this card with a "
                             f"count: any part; {_show(named)} is none (it has: "
                             f"{', '.join(takes) or 'none'})")
        if (card.effect_adds is not None or card.effect is not None) and "land" in card.types:
            self.problem(f.at("effect"), "a land is played, not cast: it has no resolution to "
                                         "add mana (its mana abilities do)")
        if card.haste and "creature" not in card.types:
            self.problem(f.at("haste"), "haste is a creature's (302.6): this card is not a "
                                        "creature")
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
            # (`ability` is refused by `filter`: it is read only on the play.)
            for key, why in (("controller", "the mana you spend is made by your permanents"),):
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
        times = 0
        if kind == "replace" and "times" in f:  # Mana Reflection: the output N times over
            times = self.replace_times(f, path)
        if isinstance(value, dict):
            for key, what in (("sources", "a filter of the permanents whose mana it changes, "
                                          "like {type: land, controller: any}"),
                              ("adds", "the mana it makes, like \"{C}\"")):
                if key not in f and not (key == "adds" and "times" in f):
                    f.require(key, what)
        sources = f.read("sources", Filter(), self.effect_filter)
        produced = "adds" in f and f["adds"] in TRIGGER_ADDS
        if produced and kind == "replace":
            self.problem(f.at("adds"), "adds: produced is read in a trigger only (a replacement "
                                       "makes one mana string, like \"{C}\")")
        adds = f.read("adds", (), self.adds) if not produced else ()
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
        if times:
            at_least = 1
        return ManaEffect(kind, sources, adds, at_least, produced and kind == "trigger", times)

    def replace_times(self, f: _Fields, path: DataPath) -> int:
        """A replacement's `times: N` (2 to 10; Mana Reflection), alone: not beside `adds` or
        `at_least` (it multiplies whatever the activation makes)."""
        for key in ("adds", "at_least"):
            if key in f:
                self.problem(path, f"times multiplies the mana made: no {key} beside it")
                return 0
        before = len(self.problems)
        n = f.read("times", 0, self.integer, MAX_TIMES)
        if n < 2 and len(self.problems) == before:
            self.problem(f.at("times"), f"times is 2 to {MAX_TIMES} (the mana made that many "
                                        f"times over)")
            return 0
        return n

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

    def true_only(self, value: object, path: DataPath) -> bool:
        """A key that is `true` or left out (`haste`)."""
        if value is not True:
            self.problem(path, "is `true` or left out")
            return False
        return True

    def effect(self, value: object, path: DataPath) -> tuple[Mana | None, CardEffect | None]:
        """`effect: {adds, tokens, untap, grants}`: what the card's resolution does for the casts
        after it in a turn: the mana it adds to your pool (Dark Ritual), and the rest (`None`
        when it has only `adds`)."""
        f = self.fields(value, path, EFFECT_KEYS)
        if isinstance(value, dict) and not any(k in f for k in EFFECT_KEYS):
            self.problem(path, "effect needs one of adds, tokens, untap, grants")
        adds = f.read("adds", None, self.plain_mana)
        tokens = f.read("tokens", (), self.effect_tokens)
        untap = f.read("untap", None, self.effect_untap)
        grants = f.read("grants", (), self.effect_grants)
        if not tokens and untap is None and not grants:
            return adds, None
        return adds, CardEffect(tokens, untap, grants)

    def effect_tokens(self, value: object, path: DataPath) -> tuple[tuple[str, int], ...]:
        """`tokens: [{card: CARD_ID, count: N}]` (N 1 to 100, default 1); the card ids are
        checked once every card is read (`token_cards_known`)."""
        out = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, TOKEN_KEYS)
            if isinstance(item, dict) and "card" not in f:
                f.require("card", "the id of the token's card in `cards`")
            card = f.read("card", "", self.string)
            count = f.read("count", 1, self.integer, MAX_TOKENS)
            if count < 1:
                self.problem(f.at("count"), f"count is a whole number from 1 to {MAX_TOKENS}")
            if card:
                self.token_refs.append((f.at("card"), card))
                out.append((card, max(count, 1)))
        return tuple(out)

    def token_cards_known(self) -> None:
        """Each token card an effect names is a card of the file, a permanent, tagged `token`."""
        for where, card_id in self.token_refs:
            card = self.mtg_cards.get(card_id)
            if card is None:
                self.problem(where, f"{_show(card_id)} names no card of the file")
            elif not any(t in PERMANENT_TYPES for t in card.types):
                self.problem(where, "a token is a permanent: this card has no permanent type")
            elif "token" not in card.tags:
                self.problem(where, "a token's card has the tag token (a token that leaves the "
                                    "battlefield ceases to exist, 111.7)")

    def effect_untap(self, value: object, path: DataPath) -> tuple[int, Filter]:
        """`untap: {count: N, filter: FILTER}`: up to N (1 to 10) of your permanents matching
        FILTER untapped (Frantic Search)."""
        f = self.fields(value, path, UNTAP_KEYS)
        if isinstance(value, dict) and "count" not in f:
            f.require("count", "how many permanents it untaps at most, 1 to 10")
        count = f.read("count", 1, self.integer, MAX_UNTAP)
        if count < 1:
            self.problem(f.at("count"), f"count is a whole number from 1 to {MAX_UNTAP}")
        return max(count, 1), f.read("filter", Filter(), self.untap_filter)

    def untap_filter(self, value: object, path: DataPath) -> Filter:
        """An untap effect's filter, read on your permanents (`object_matches`): card
        conditions only."""
        return self.filter(self.card_conditions(value, path, "an untap effect's filter"), path)

    def effect_applies_to(self, value: object, path: DataPath) -> Filter:
        """An effect's `applies_to`, read on your spells (`spell_matches`): card conditions
        only."""
        return self.filter(self.card_conditions(value, path, "an effect's applies_to"), path)

    def card_conditions(self, value: object, path: DataPath, what: str) -> object:
        """`value` without the filter keys an effect does not read, each refused at its path."""
        if not isinstance(value, dict):
            return value
        for key in value:
            if key in FILTER_KEYS and key not in EFFECT_FILTER_KEYS:
                self.problem(_join(path, key), f"{key} is not read in {what}")
        return {k: v for k, v in value.items() if k not in FILTER_KEYS or k in EFFECT_FILTER_KEYS}

    def effect_grants(self, value: object, path: DataPath) -> tuple[TurnEffect, ...]:
        """`grants: [{reduction, applies_to, uses}]`: effects lasting for the turn (their ids are
        given when the resolution makes them)."""
        return tuple(self.turn_effect(item, where, "") for where, item in self.each(value, path))

    def turn_effect(self, value: object, path: DataPath, ident: str,
                    in_state: bool = False) -> TurnEffect:
        """An effect lasting for the turn: `{reduction, applies_to, uses}` (and `id` in a
        state's `effects`, `in_state`: read by the caller)."""
        f = (self.fields(value, path, STATE_EFFECT_KEYS) if in_state
             else self.fields(value, path, EFFECT_GRANT_KEYS))
        if isinstance(value, dict) and "reduction" not in f:
            f.require("reduction", "a grant of an effect needs reduction")
        reduction = (self.effect_reduction(f["reduction"], f.at("reduction"))
                     if "reduction" in f else Reduction(""))
        uses: int | None = 1
        if "uses" in f:
            if f["uses"] == "turn":
                uses = None
            else:
                uses = f.read("uses", 1, self.integer, MAX_EFFECT_USES)
                if uses < 1:
                    self.problem(f.at("uses"), f"uses is a whole number from 1 to "
                                               f"{MAX_EFFECT_USES}, or turn")
        return TurnEffect(ident, reduction,
                          f.read("applies_to", Filter(), self.effect_applies_to), uses)

    def effect_reduction(self, value: object, path: DataPath) -> Reduction:
        """An effect's reduction: mtg/1's shape with numbers only (no count)."""
        if isinstance(value, dict):
            for key, v in value.items():
                if isinstance(v, dict) and key in ("generic", "W", "U", "B", "R", "G"):
                    self.problem(_join(path, key), "an effect's reduction is a number")
            value = {k: v for k, v in value.items() if not isinstance(v, dict)}
        return self.reduction(value, path, "")

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
            if reads == "sacrificed":
                self.sacrificed_alone(f, tap or sac or bool(manas) or bool(remove or removed)
                                      or bool(untap), paid)
            of = self.reflected_of(f, reads)
            out.append(ManaAbility(
                adds=adds, tap=tap, sacrifice_self=sac, per=per, remove=remove, removed=removed,
                life=sum(o.count for o in paid if o.kind == "pay_life"),
                mana=manas[-1] if manas else ManaCost(),  # the last mana cost given stands
                other=tuple(o for o in paid if o.kind != "pay_life"),
                only_for=f.read("only_for", None, self.held_filter),
                untap=untap, reads=reads, of=of))
        return tuple(out)

    def reflected_of(self, f: _Fields, reads: str | None) -> Filter | None:
        """`of: FILTER` (the permanents whose types of mana `adds: any_type | any_color` reads,
        106.7): required with those words, refused without them."""
        if reads in REFLECT_ADDS:
            if "of" not in f:
                f.require("of", "the permanents whose types of mana it reads, like {type: land}")
                return None
            return f.read("of", Filter(), self.filter)
        if "of" in f:
            self.problem(f.at("of"), "of is read only with adds: any_type or adds: any_color (the "
                                     "permanents whose types of mana it adds)")
        return None

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
            read_from = {"untapped": "permanent untapped", "milled": "card milled",
                         "sacrificed": "permanent sacrificed"}.get(
                reads, "permanents its `of` matches")
            self.problem(f.at("per"), f"per is not read with adds: {reads} (its mana is read "
                                      f"from the {read_from})")
        if reads in REFLECT_ADDS and (untap or any(o.kind == "mill" for o in paid)):
            self.problem(at, f"adds: {reads} reads the permanents its `of` matches: an untap or "
                             f"mill cost beside it is not built")
        if reads == "untapped" and [n for n, _ in untap] != [1]:
            self.problem(at, "adds: untapped reads the permanent its cost untaps: its costs have "
                             "exactly one {untap: {count: 1, filter: FILTER}}")
        mills = [o.count for o in paid if o.kind == "mill"]
        if reads == "milled" and mills != [1]:
            self.problem(at, "adds: milled reads the card its cost mills: its costs have exactly "
                             "one {mill: 1}")

    def sacrificed_alone(self, f: _Fields, more: bool, paid: list[OtherCost]) -> None:
        """The refusal of `adds: sacrificed` (Squandered Resources) whose costs are not exactly
        one `{sacrifice: {count: 1, filter: FILTER}}` (`more`: a tap, sacrifice_self, mana,
        counter or untap cost beside it; `paid`: its other costs, life included)."""
        if more or [(o.kind, o.count) for o in paid] != [("sacrifice", 1)]:
            self.problem(f.at("adds"), "adds: sacrificed reads the permanent its cost "
                                       "sacrifices: its costs are exactly one {sacrifice: "
                                       "{count: 1, filter: FILTER}} (other costs beside it are "
                                       "not built)")

    def counted_and_removed(self, card: Card, f: _Fields) -> None:
        """Refuse (not built) a mana ability's `per: {counters: KIND}` on a card whose abilities
        also remove KIND counters as a cost: the order of the removal and the count would
        decide the mana. One line, at that `per`."""
        removed = {k for m in card.mana for k in m.counter_kinds()}
        removed |= {k for a in card.abilities for k, _ in a.remove}
        for i, m in enumerate(card.mana):
            if m.per is not None and m.per.counters in removed:
                self.problem((*f.at("mana"), i, "per"),
                             f"per: {{counters: {m.per.counters}}} beside a cost removing "
                             f"{m.per.counters} counters from it is not built (the removal's "
                             f"order would decide the count)")

    def power_value(self, value: object, path: DataPath) -> int:
        """A power (a card's `power`, a permanent's): a whole number, -1000 to 1000."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(path, f"expected a power, a whole number, got {_kind(value)}")
            return 0
        if not -MAX_POWER <= value <= MAX_POWER:
            self.problem(path, f"a power is -{MAX_POWER} to {MAX_POWER}, got {value}")
            return 0
        return value

    def power_read_without_power(self, card: Card, f: _Fields) -> None:
        """Refuse a `per: power` mana ability on a card with no `power` (the amount reads it)."""
        for i, m in enumerate(card.mana):
            if m.per is not None and m.per.power and card.power is None:
                self.problem((*f.at("mana"), i, "per"),
                             "per: power reads this card's power: give the card `power: N` (its "
                             "printed power; a permanent's `power` says its power now)")

    def per_amount(self, value: object, path: DataPath, adds: tuple[Mana, ...]) -> PerAmount | None:
        """`per: devotion`, `per: power` or `per: {count | counters | greatest_power: ...}` (a mana
        ability's amount from the state; `per: removed` is read by the caller)."""
        if value == "power":
            return PerAmount(power=True)
        if value == "devotion":
            if any(sum(m[1:6]) != 1 or sum(m) != 1 for m in adds):
                self.problem(path, "devotion adds one colored mana per devotion to its "
                                   "color: each option of `adds` must be one of {W} {U} {B} {R} {G}")
            return PerAmount(devotion=True)
        if not isinstance(value, dict):
            self.problem(path, f"expected `devotion`, `power`, `removed`, {{count: FILTER}}, "
                               f"{{counters: KIND}} or {{greatest_power: FILTER}}, got "
                               f"{_kind(value)}")
            return None
        f = self.fields(value, path, PER_KEYS)
        if sum(key in f for key in PER_KEYS) > 1:
            self.problem(path, "per takes one of count (your permanents), counters (on this "
                               "permanent) and greatest_power (among your permanents)")
            return None
        if "greatest_power" in f:  # Bighorner Rancher
            return PerAmount(greatest_power=f.read("greatest_power", Filter(), self.count_filter,
                                                   True))
        if "counters" in f:
            kind = f.read("counters", None, self.string)
            if kind is not None and not COUNTER_KIND.fullmatch(kind):
                self.problem(f.at("counters"), f"a counter kind is a lowercase word (a-z and _), "
                                               f"got {_show(kind)}")
            return PerAmount(counters=kind)
        if "count" not in f:
            f.require("count", "a filter of your permanents to count")
            return None
        return PerAmount(count=f.read("count", Filter(), self.count_filter, True))

    def ability_costs(self, value: object, path: DataPath, what: str, plain_mana: bool = False
                      ) -> tuple[bool, bool, bool, list[ManaCost], list[OtherCost]]:
        """An ability's `costs` list (a mana ability's or an activated ability's): whether it
        taps, whether it sacrifices its permanent, whether it discards its card (`discard_self`),
        its mana costs and its other costs, each in order. `plain_mana`: a mana cost may hold
        plain, generic and hybrid symbols only."""
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
        if word and not COUNTER_KIND.fullmatch(word):
            self.problem(path, f"a kind of counter is a lowercase word like charge or storage, "
                               f"got {_show(word)}")
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
            if sac or other or fixed:
                self.problem(where, "per: removed is not supported with sacrifice_self, life or "
                                    "other non-mana costs (only tap, a mana cost and the X "
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
                self.problem(f.at("id"), f"duplicate ability id {_show(ident)}")
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
                                 "loyalty", "haste", "cast_from") if k in f]
            if "additional" in f and kinds not in ([], ["reduction"]):
                self.problem(f.at("additional"), "a granted additional cost goes alone or with "
                                                 "the reduction paying it gives, not with "
                                                 + ", ".join(k for k in kinds if k != "reduction"))
            elif isinstance(item, dict) and len(kinds) != 1 and "additional" not in f:
                self.problem(where, "a grant has exactly one of: increase, reduction, at_least, "
                                    "keyword, flashback, loyalty, haste, cast_from")
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
                haste=f.read("haste", False, self.true_only),
                cast_from=f.word("cast_from", None, CAST_FROM_ZONES, "zone to cast from"),
                additional=f.read("additional", None, self.granted_additional),
            ))
            made = out[-1]
            if made.additional is not None and (made.applies_to.ability is not None
                                                or made.applies_to.targets is not None):
                self.problem(f.at("applies_to"), "a granted additional cost is a spell's, "
                                                 "chosen before its targets: its applies_to "
                                                 "names no `ability` or `targets`")
            if made.haste and (made.applies_to.ability is not None
                               or made.applies_to.targets is not None):
                self.problem(f.at("applies_to"), "a haste grant reaches creatures on the "
                                                 "battlefield: its applies_to names no `ability` "
                                                 "or `targets`")
            if ((made.keyword is not None or made.flashback or made.cast_from is not None)
                    and made.applies_to.ability is not None):
                self.problem(f.at("applies_to"), "a granted keyword, flashback or cast_from is a "
                                                 "spell's: its applies_to names no `ability`")
            if made.loyalty is not None and made.applies_to.ability not in ("loyalty", "activated"):
                self.problem(f.at("loyalty"), "a loyalty cost change reaches loyalty abilities: "
                                              "its applies_to says ability: loyalty")
        return tuple(out)
