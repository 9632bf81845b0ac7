"""Reading a `payplan/1` scenario, part one: the card library's keys (`cards:`) and the words
every part of the file shares with it: costs and Power maps, filters, amounts, conditions,
discounts, increases, grants, effects that last for the turn, abilities, keywords and
additional costs (`docs/payplan-format.md`).

`CardReader` is the base of the loader's reader (`engine.riftbound.loader`); the state's keys
(`state_keys`), the payment's (`check_keys`) and the play's (`loader`) build on it. The
conventions it follows are the loader's (see its docstring).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Literal

from ..discounts import NO_POWER, Power
from ..problems import DataPath
from ..reading import Reader
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from .cards import (
    ABILITY_KINDS,
    CARD_TYPES,
    COMPONENTS,
    CONDITION_KINDS,
    TIMINGS,
    TRIGGERED,
    UNITS_AT_WHERE,
    Ability,
    AdditionalCost,
    Amount,
    Card,
    Condition,
    CountOf,
    Discount,
    Effect,
    Grant,
    Increase,
    Keywords,
    MaxMight,
    MightOfTarget,
    PerPlayed,
    PrintedOf,
    Trigger,
    UnitsAt,
    repeat_name,
)
from .cost import ANY, DOMAINS, OTHER_KINDS, POWER_KEYS, SELF_KINDS, Cost, Filter, OtherCost, Zone
from .state import LOCATIONS, PHASES, PLAYERS, SOURCE_COSTS, Source
from .total_cost import optional_costs

MAX_PIPS = 20  # Power pips in one Power map, and Deflect: printed cards carry a handful
CARD_KEYS = (
    "name",
    "type",
    "domains",
    "cost",
    "timing",
    "might",
    "tags",
    "keywords",
    "additional_costs",
    "discounts",
    "grants",
    "abilities",
    "ignore_deflect",
    "effect",
    "hybrid",
    "source",
    "targets",
    "triggers",
)
TRIGGER_KEYS = ("id", "applies_to", "energy_at_least")
EFFECT_KEYS = ("adds", "discounts", "grants", "kill", "score")
EFFECT_KILLS = ("targets",)  # `effect: {kill: targets}`: the play's targets
# A card's `source`: a `state.*.sources` entry without its `id` (the object's, once played).
CARD_SOURCE_KEYS = ("adds", "costs", "only_for", "while", "bonus", "repeatable")
CARD_SOURCE_BONUS_KEYS = ("adds", "while")
# An effect that lasts for the turn: an entry of a card's `effect.discounts`
# (`discount`) or `effect.grants` (`keyword`, `ignore_deflect`), and of `state.*.effects`.
EFFECT_ENTRY_KEYS = ("discount", "keyword", "ignore_deflect", "ignore", "applies_to", "uses")
STATE_EFFECT_KEYS = ("id",) + EFFECT_ENTRY_KEYS
USES_WORDS = ("turn",)  # `uses: turn`: every matching play this turn
KEYWORD_KEYS = ("flow", "accelerate", "repeat", "deflect", "hidden")
ADDITIONAL_COST_KEYS = ("id", "mandatory", "cost", "unlocks", "repeatable", "max", "ignore")
# What paying an optional cost may have the play ignore (Wallop: "ignore this spell's cost").
PAID_IGNORES = ("cost", "energy", "power")
ABILITY_KEYS = ("id", "kind", "cost", "timing", "targets", "times", "discounts", "while",
                "alternatives")
COST_KEYS = ("energy", "power", "other")
OTHER_LONG_KEYS = ("count", "filter")
FILTER_KEYS = (
    "type",
    "tags",
    "domain",
    "name",
    "max_might",
    "min_might",
    "location",
    "controller",
    "from",
    "keyword",
    "ability",
    "id",
    "printed_energy",
    "printed_power",
    "any_tags",
    "self",
    "stunned",
    "timing",
)
# A filter can't name `payment` (nothing modifies an effect's payment); `or_card`: the cards
# the rest of the filter matches and the equip/empower/activated abilities of such cards.
FILTER_ABILITIES = tuple(k for k in ABILITY_KINDS if k != "payment") + ("hide", "any", "or_card")
DISCOUNT_KEYS = ("id", "energy", "power", "minimum", "component", "choice", "if", "tiers",
                 "per_payment", "only_any_pips")
BRANCH_KEYS = ("energy", "power")
MINIMUM_KEYS = ("energy", "power")
INCREASE_KEYS = ("id", "energy", "power", "if", "tiers")
GRANT_KEYS = ("discount", "increase", "ignore_deflect", "applies_to", "while", "id",
              "once_per_turn", "keyword", "alternative", "deflect", "only_here")
UNITS_AT_KEYS = ("count", "where", "controller")
MAX_MIGHT_KEYS = ("max", "of")
COUNT_OF_KEYS = ("count", "zone", "times")
PER_PLAYED_KEYS = ("per", "times")
PRINTED_OF_KEYS = ("printed_energy_of", "printed_power_of", "cost")
MIGHT_OF_KEYS = ("might_of",)
PLAY_ZONES: tuple[Zone, ...] = ("hand", "trash", "facedown")
COUNT_ZONES: tuple[Zone | Literal["runes"], ...] = ("board", "hand", "trash", "runes")
CONDITION_BASES = ("flow",)
REPEAT_NAME = re.compile(r"repeat\.([0-9]+)")
# A card's `effect`, read: what it adds, the effects it creates, whether it kills the play's
# targets, the points it scores.
_CardEffect = tuple[Cost | None, tuple[Effect, ...], bool, int]


class CardReader(Reader):
    """`Reader` with the card words of `payplan/1`: costs, modifiers, cards and their abilities.

    Every method returns a usable value even when the input is bad (a default in place of the bad
    part), so that reading can go on and find the other problems; the loader raises as soon as
    any problem was recorded, so such placeholder values never escape.
    """

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, Card] = {}
        self.state_effects: tuple[Effect, ...] = ()  # `state.you.effects`, once read
        self.printed_refs: list[tuple[str, DataPath]] = []  # (cost id, path) of printed_*_of amounts
        self.here_refs: list[DataPath] = []  # paths of `here` conditions, checked per card
        self.granting = 0  # > 0 while a grant is read: its `targets` conditions may say `self`

    # --- costs

    def power(self, value: object, path: DataPath, c: str | None) -> Power:
        """A `{domain: count}` map; `any` is [A] and `c` is [C], resolved to the domain `c`."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of domain to count, got {_kind(value)}")
            return NO_POWER
        pips = [0] * len(POWER_KEYS)
        for key, item in value.items():
            where = _join(path, key)
            if key == "c":
                if c is None:
                    self.problem(where, "`c` ([C]) is the domain of a card; there is no card here")
                    continue
                slot = POWER_KEYS.index(c)
            elif isinstance(key, str) and key in POWER_KEYS:
                slot = POWER_KEYS.index(key)
            else:
                self.unknown(where, "domain", key, POWER_KEYS + ("c",))
                continue
            if item is not None:
                pips[slot] += self.integer(item, where)
        if sum(pips) > MAX_PIPS:
            self.problem(path, f"absurd amount: {sum(pips)} Power pips (at most {MAX_PIPS})")
        return tuple(pips)

    def cost(self, value: object, path: DataPath, c: str | None, other: bool = True) -> Cost:
        """A Cost mapping; with `other=False` only Energy and Power are allowed."""
        f = self.fields(value, path, COST_KEYS)
        others: tuple[OtherCost, ...] = ()
        if "other" in f and not other:
            self.problem(f.at("other"), "only Energy and Power are allowed here")
        elif "other" in f:
            others = self.other_costs(f["other"], f.at("other"))
        energy = f.read("energy", 0, self.integer)
        return Cost(energy, f.read("power", NO_POWER, self.power, c), others)

    def plain_cost(self, value: object, path: DataPath) -> Cost:
        """Energy and Power only, and no card for `c` (the pool, sources)."""
        return self.cost(value, path, None, False)

    def other_costs(self, value: object, path: DataPath) -> tuple[OtherCost, ...]:
        """`[{discard: 1}, {kill: {count: 1, filter: ...}}]`; several keys are several costs."""
        out: list[OtherCost] = []
        for where, entry in self.each(value, path):
            if isinstance(entry, str) and entry in SELF_KINDS:
                out.append(OtherCost(entry, 1))
                continue
            if not isinstance(entry, dict) or not entry:
                self.problem(where, f"expected a cost such as {{discard: 1}}, got {_kind(entry)}")
                continue
            for kind, spec in entry.items():
                at = _join(where, kind)
                if isinstance(kind, str) and kind in SELF_KINDS:
                    if self.integer(spec, at) != 1:
                        self.problem(at, f"{kind} names one object: its count is 1")
                    out.append(OtherCost(kind, 1))
                elif not isinstance(kind, str) or kind not in OTHER_KINDS:
                    self.unknown(at, "non-standard cost", kind, OTHER_KINDS + SELF_KINDS)
                elif isinstance(spec, dict):
                    f = self.fields(spec, at, OTHER_LONG_KEYS)
                    count = f.read("count", 1, self.integer)
                    out.append(OtherCost(kind, count, f.read("filter", Filter(), self.filter)))
                else:
                    out.append(OtherCost(kind, self.integer(spec, at)))
        return tuple(out)

    def cost_list(self, value: object, path: DataPath, c: str) -> tuple[Cost, ...]:
        """A list of Costs; a single Cost mapping is a one-item list."""
        if isinstance(value, dict):
            return (self.cost(value, path, c),)
        return tuple(self.cost(item, where, c) for where, item in self.each(value, path))

    # --- filters, amounts, conditions

    def held_filter(self, value: object, path: DataPath) -> Filter:
        """A filter on the objects one player holds (`controls`, `opponent_controls`, an amount's
        count or Might): `controller` is refused, the place it is read says whose they are."""
        if isinstance(value, dict) and "controller" in value:
            self.problem(_join(path, "controller"), "this filter reads one player's objects (the "
                                                    "condition or amount says whose): controller "
                                                    "is not read here")
        return self.filter(value, path)

    def filter(self, value: object, path: DataPath, role: str = "") -> Filter:
        """A filter; `self: true` (the granting object) only in a grant's `applies_to` (`role`
        `applies_to`: the play is the granting object's own) and in a `targets` condition of a
        grant (`role` `targets`: the play chooses the granting object, Irelia - Graceful's
        "spells that choose me")."""
        f = self.fields(value, path, FILTER_KEYS)
        itself = False
        if "self" in f:
            if not (role == "applies_to" or (role == "targets" and self.granting)):
                self.problem(f.at("self"), "`self` names the granting object: it is read only "
                                           "in a grant's `applies_to` and in a grant's "
                                           "`{targets: FILTER}` condition")
            elif f["self"] is not True:
                self.problem(f.at("self"), f"expected true (the granting object itself), got "
                                           f"{_kind(f['self'])}")
            else:
                itself = True
        return Filter(
            type=f.read("type", (), self.words, CARD_TYPES, "card type"),
            tags=f.read("tags", (), self.strings),
            any_tags=f.read("any_tags", (), self.strings),
            domain=f.word("domain", None, DOMAINS, "domain"),
            name=f.read("name", None, self.string),
            max_might=f.read("max_might", None, self.integer),
            min_might=f.read("min_might", None, self.integer),
            location=f.word("location", None, LOCATIONS, "location"),
            controller=f.word("controller", None, PLAYERS, "controller"),
            from_zone=f.word("from", None, PLAY_ZONES, "zone"),
            keyword=f.word("keyword", None, KEYWORD_KEYS, "keyword"),
            ability=f.word("ability", None, FILTER_ABILITIES, "ability kind"),
            id=f.read("id", None, self.string),
            printed_energy=f.read("printed_energy", None, self.integer),
            printed_power=f.read("printed_power", None, self.integer),
            self_=itself,
            stunned=f.read("stunned", None, self.boolean),
            timing=f.word("timing", None, TIMINGS, "timing"),
        )

    def amount(self, value: object, path: DataPath) -> Amount:
        """A number, or `{max: might, of}`, `{count: FILTER, zone, times}`, `{per, times}`."""
        if not isinstance(value, dict):
            return self.integer(value, path)
        if "max" in value:
            f = self.fields(value, path, MAX_MIGHT_KEYS)
            f.word("max", None, ("might",), "amount")
            return MaxMight(f.read("of", Filter(), self.held_filter))
        if "count" in value:
            f = self.fields(value, path, COUNT_OF_KEYS)
            counted = CountOf(
                f.read("count", Filter(), self.held_filter),
                f.word("zone", "board", COUNT_ZONES, "zone"),
                f.read("times", 1, self.integer),
            )
            if counted.zone == "runes" and replace(counted.of, domain=None) != Filter():
                self.problem(f.at("count"), "a count of runes may filter on `domain` only")
            return counted
        if "per" in value:
            f = self.fields(value, path, PER_PLAYED_KEYS)
            f.word("per", None, ("played_this_turn",), "amount")
            return PerPlayed(f.read("times", 1, self.integer))
        for part in ("energy", "power"):
            key = f"printed_{part}_of"
            if key in value:
                f = self.fields(value, path, PRINTED_OF_KEYS)
                f.word(key, None, ("paid",), "amount")
                if "cost" not in f:
                    f.require("cost", "the id of the additional cost whose object is read")
                ident = f.read("cost", "", self.string)
                self.printed_refs.append((ident, f.at("cost")))
                return PrintedOf(part, ident)
        if "might_of" in value:
            f = self.fields(value, path, MIGHT_OF_KEYS)
            f.word("might_of", None, ("target",), "amount")
            return MightOfTarget()
        self.problem(
            path,
            "expected a number or an amount expression ({max: might, of: FILTER}, "
            "{count: FILTER, zone: ZONE, times: N}, {per: played_this_turn, times: N}, "
            "{printed_energy_of: paid, cost: ID}, {printed_power_of: paid, cost: ID} or "
            "{might_of: target})",
        )
        return 0

    def conditions(self, value: object, path: DataPath, c: str | None) -> tuple[Condition, ...]:
        """A condition mapping (several keys: several conditions) or a list of them."""
        if isinstance(value, list):
            out: list[Condition] = []
            for where, item in self.each(value, path):
                if isinstance(item, dict):
                    out.extend(self.conditions(item, where, c))
                else:
                    self.problem(where, f"expected a condition mapping, got {_kind(item)}")
            return tuple(out)
        f = self.fields(value, path, CONDITION_KINDS)
        return tuple(self.condition(kind, item, f.at(kind), c) for kind, item in f.values.items())

    def condition(self, kind: str, value: object, path: DataPath, c: str | None) -> Condition:
        read: dict[str, Callable[[], object]] = {
            "from": lambda: self.one_of(value, path, PLAY_ZONES, "zone"),
            "not_from": lambda: self.one_of(value, path, PLAY_ZONES, "zone"),
            "base": lambda: self.one_of(value, path, CONDITION_BASES, "base"),
            "printed_at_least": lambda: self.cost(value, path, c, False),
            "flag": lambda: self.string(value, path),
            "phase": lambda: self.one_of(value, path, PHASES, "phase"),
            "at": lambda: self.one_of(value, path, LOCATIONS, "location"),
            "targets": lambda: self.filter(value, path, "targets"),
            "level_at_least": lambda: self.large(value, path),
            "played_this_turn_at_least": lambda: self.large(value, path),
            "controls": lambda: self.held_filter(value, path),
            "runes_at_most": lambda: self.large(value, path),
            "empowered_at_least": lambda: self.large(value, path),
            "might_at_least": lambda: self.integer(value, path),
            "score_at_least": lambda: self.integer(value, path),
            "opponent_score_at_least": lambda: self.integer(value, path),
            "within_of_victory": lambda: self.integer(value, path),
            "opponent_controls": lambda: self.held_filter(value, path),
            "units_at": lambda: self.units_at(value, path),
            "here": lambda: self.here(value, path),
            "units_died_at_least": lambda: self.large(value, path),
            "opponent_units_died_at_least": lambda: self.large(value, path),
            "in_showdown": lambda: self.true(value, path, "the granting object is at the "
                                                          "showdown's battlefield"),
        }
        return Condition(kind, read[kind]())

    def units_at(self, value: object, path: DataPath) -> UnitsAt:
        """`{count: N, where: here|any}` (where: default `any`)."""
        f = self.fields(value, path, UNITS_AT_KEYS)
        if isinstance(value, dict) and "count" not in f:
            f.require("count", "how many units the battlefield has, exactly")
        return UnitsAt(f.read("count", 0, self.integer),
                       f.word("where", "any", UNITS_AT_WHERE, "battlefield"),
                       f.word("controller", None, PLAYERS, "player"))

    def true(self, value: object, path: DataPath, meaning: str) -> bool:
        """A condition whose one value is `true`."""
        if value is not True:
            self.problem(path, f"expected true ({meaning}), got {_kind(value)}")
        return True

    def here(self, value: object, path: DataPath) -> bool:
        """`here: true`, a battlefield's word: recorded to check it is on a battlefield."""
        if value is not True:
            self.problem(path, f"expected true (the showdown is at this battlefield), got "
                               f"{_kind(value)}")
        self.here_refs.append(path)
        return True

    # --- discounts, increases, grants

    def discount(self, value: object, path: DataPath, c: str | None) -> Discount:
        f = self.fields(value, path, DISCOUNT_KEYS)
        minimum = self.fields(f["minimum"] if "minimum" in f else {}, f.at("minimum"), MINIMUM_KEYS)
        choice: tuple[Discount, ...] = ()
        if "choice" in f:
            branches = self.each(f["choice"], f.at("choice"))
            choice = tuple(self.branch(item, where, c) for where, item in branches)
            if "energy" in f or "power" in f:
                self.problem(
                    f.at("choice"),
                    "a discount with `choice` takes its amounts from its branches: "
                    "leave out `energy` and `power`",
                )
        power, power_amounts = f.read("power", (NO_POWER, ()), self.power_amounts, c)
        return Discount(
            id=f.read("id", None, self.string),
            energy=f.read("energy", 0, self.amount),
            power=power,
            min_energy=minimum.read("energy", 0, self.amount),
            min_power=minimum.read("power", 0, self.integer),
            component=f.word("component", "total", COMPONENTS, "component"),
            choice=choice,
            conditions=f.read("if", (), self.conditions, c),
            tiers=f.read("tiers", (), self.discounts, c),
            per_payment=f.read("per_payment", False, self.boolean),
            only_any_pips=f.read("only_any_pips", False, self.boolean),
            power_amounts=power_amounts,
        )

    def power_amounts(self, value: object, path: DataPath,
                      c: str | None) -> tuple[Power, tuple[tuple[int, Amount], ...]]:
        """A discount's Power map, where a domain's entry may be an amount expression."""
        if not isinstance(value, dict):
            return self.power(value, path, c), ()
        plain = {k: v for k, v in value.items() if not isinstance(v, dict)}
        amounts: list[tuple[int, Amount]] = []
        for key, item in value.items():
            if not isinstance(item, dict):
                continue
            where = _join(path, key)
            if key == "c" and c is not None:
                slot = POWER_KEYS.index(c)
            elif isinstance(key, str) and key in POWER_KEYS:
                slot = POWER_KEYS.index(key)
            else:
                self.unknown(where, "domain", key, POWER_KEYS + ("c",))
                continue
            amounts.append((slot, self.amount(item, where)))
        return self.power(plain, path, c), tuple(amounts)

    def branch(self, value: object, path: DataPath, c: str | None) -> Discount:
        """One branch of a discount's `choice`: Energy and Power only."""
        f = self.fields(value, path, BRANCH_KEYS)
        return Discount(
            energy=f.read("energy", 0, self.amount), power=f.read("power", NO_POWER, self.power, c)
        )

    def discounts(self, value: object, path: DataPath, c: str | None) -> tuple[Discount, ...]:
        return tuple(self.discount(item, where, c) for where, item in self.each(value, path))

    def increase(self, value: object, path: DataPath, c: str | None) -> Increase:
        f = self.fields(value, path, INCREASE_KEYS)
        return Increase(
            id=f.read("id", None, self.string),
            energy=f.read("energy", 0, self.amount),
            power=f.read("power", NO_POWER, self.power, c),
            conditions=f.read("if", (), self.conditions, c),
            tiers=tuple(self.increase(item, where, c)
                        for where, item in self.each(f["tiers"], f.at("tiers")))
            if "tiers" in f else (),
        )

    def grants(self, value: object, path: DataPath, c: str) -> tuple[Grant, ...]:
        return tuple(self.grant(item, where, c) for where, item in self.each(value, path))

    def grant(self, value: object, path: DataPath, c: str) -> Grant:
        self.granting += 1
        try:
            return self.grant_fields(value, path, c)
        finally:
            self.granting -= 1

    def grant_fields(self, value: object, path: DataPath, c: str) -> Grant:
        f = self.fields(value, path, GRANT_KEYS)
        grant = Grant(
            discount=f.read("discount", None, self.discount, c),
            increase=f.read("increase", None, self.increase, c),
            ignore_deflect=f.read("ignore_deflect", False, self.boolean),
            applies_to=f.read("applies_to", Filter(), self.filter, "applies_to"),
            while_=f.read("while", (), self.conditions, c),
            id=f.read("id", None, self.string),
            once_per_turn=f.read("once_per_turn", False, self.boolean),
            alternative=f.read("alternative", None, self.cost, None),
            deflect=f.read("deflect", 0, self.granted_deflect),
            only_here=f.read("only_here", False, self.boolean),
        )
        if grant.only_here and not grant.ignore_deflect:
            self.problem(f.at("only_here"), "`only_here` goes with `ignore_deflect: true` (Heisho: "
                                            "the Deflect of what is chosen here)")
        keyword = f.read("keyword", None, self.grant_keyword)
        if keyword is not None:
            grant = replace(grant, flow_printed=keyword == "flow",
                            repeat=None if keyword == "flow" else keyword)
        gives = ((grant.discount is not None) + (grant.increase is not None) + grant.ignore_deflect
                 + grant.flow_printed + (grant.repeat is not None)
                 + (grant.alternative is not None) + ("deflect" in f))
        if isinstance(value, dict) and gives != 1:
            self.problem(
                path,
                "a grant gives exactly one of `discount`, `increase`, `ignore_deflect: true`, "
                "`keyword: {flow: printed}` / `{repeat: printed|base}`, `alternative`, "
                "`deflect`"
                + (f"; this one gives {gives}" if gives else ""),
            )
        if "deflect" in f and grant.once_per_turn:
            self.problem(f.at("once_per_turn"), "a `deflect` grant is no play's modifier: it is "
                                                "not used up, so it takes no `once_per_turn`")
        return grant

    def grant_keyword(self, value: object, path: DataPath) -> str | Cost | None:
        """A grant's `keyword`: what `granted_keyword` reads, or `{repeat: COST}`, a Repeat
        instance of that fixed cost (Syndra, Transcendent's "[Repeat] [2][chaos]"; its
        `c` refused: there is no card to read [C] from)."""
        if isinstance(value, dict) and list(value) == ["repeat"] and isinstance(
                value["repeat"], dict):
            cost: Cost = self.cost(value["repeat"], _join(path, "repeat"), None)
            return cost
        return self.granted_keyword(value, path)  # any other form, its problems included

    def granted_deflect(self, value: object, path: DataPath) -> int:
        """`deflect: N` on a grant: Deflect N more, 1 to 20."""
        n = self.integer(value, path, MAX_PIPS)
        if n == 0 and value == 0 and not isinstance(value, bool):
            self.problem(path, "a granted Deflect is at least 1 (leave the grant out for none)")
        return n

    def granted_repeats(self) -> int:
        """How many grants of the file's cards and effects (the cards' `effect.grants` and
        the state's effects, read by then) give a Repeat instance (`keyword: {repeat: ...}`):
        the most instances a play may gain beyond its card's own."""
        grants = [g for card in self.cards.values()
                  for g in card.grants + tuple(e.grant for e in card.effect_creates)]
        grants += [e.grant for e in self.state_effects]
        return sum(1 for g in grants if g.repeat is not None)

    def granted_keyword(self, value: object, path: DataPath) -> str | None:
        """`{flow: printed}` (Flow equal to the printed cost: `flow`), or `{repeat: printed}` /
        `{repeat: base}` (a Repeat instance equal to the printed cost or to the base cost in
        use: `printed` / `base`); exactly one of the two keys."""
        f = self.fields(value, path, ("flow", "repeat"))
        given = [k for k in ("flow", "repeat") if k in f]
        if len(given) != 1:
            if given:
                self.problem(path, "a granted keyword is one of `flow` or `repeat`, not both")
            else:
                self.problem(path, "missing: give `flow: printed` or `repeat: printed|base`")
            return None
        if given[0] == "flow":
            f.word("flow", None, ("printed",), "granted Flow")
            return "flow"
        return f.word("repeat", None, ("printed", "base"), "granted Repeat")

    # --- cards

    def card_library(self, value: object, path: DataPath) -> None:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of card id to card, got {_kind(value)}")
            return
        for key, definition in value.items():
            where = _join(path, key)
            if not isinstance(key, str) or not key:
                self.problem(where, f"a card id must be a non-empty string, got {_kind(key)}")
                continue
            before = len(self.problems)
            self.cards[key] = self.card(key, definition, where)
            if len(self.problems) > before:
                self.bad_cards.add(key)

    def card(self, card_id: str, value: object, path: DataPath) -> Card:
        refs = len(self.printed_refs)
        heres = len(self.here_refs)
        card = self.card_fields(card_id, value, path)
        if card.type != "battlefield":
            for where in self.here_refs[heres:]:
                self.problem(where, f"`here` is a battlefield's condition (a showdown there); "
                                    f"{_show(card_id)} is a {card.type}")
            for i, g in enumerate(card.grants):
                if g.only_here:
                    self.problem(_join((*_join(path, "grants"), i), "only_here"),
                                 f"`only_here` is on a battlefield's grant; {_show(card_id)} is a "
                                 f"{card.type}")
        else:
            for i, g in enumerate(card.grants):
                at = (*_join(path, "grants"), i)
                reach = _join(at, "applies_to")
                if g.applies_to.controller == "opponent":
                    self.problem(_join(reach, "controller"),
                                 "a battlefield has no controller: its grants reach the plays of "
                                 "everyone (or `you`, the player making the play), never "
                                 "`opponent`")
                if g.applies_to.self_:
                    self.problem(_join(reach, "self"),
                                 "a battlefield is no object a play can name: `self: true` in "
                                 "its grant's `applies_to` would match nothing")
                if g.deflect:
                    self.problem(_join(at, "deflect"),
                                 "a battlefield grants no Deflect: a `deflect` grant is a board "
                                 "object's, reaching the objects its controller's `applies_to` "
                                 "names")
        del self.here_refs[heres:]
        extra = {a.id for a in card.additional_costs}
        for ident, where in self.printed_refs[refs:]:
            if ident and ident not in extra:
                self.problem(where, f"{_show(card_id)} has no additional cost {_show(ident)}"
                             f"{self.suggest(ident, extra)}")
        del self.printed_refs[refs:]
        return card

    def card_fields(self, card_id: str, value: object, path: DataPath) -> Card:
        f = self.fields(value, path, CARD_KEYS)
        if isinstance(value, dict) and "type" not in f:
            f.require("type", f"one of: {_options(CARD_TYPES)}")
        domains: tuple[str, ...] = f.read("domains", (), self.words, DOMAINS, "domain")
        if len(set(domains)) != len(domains):
            self.problem(f.at("domains"), "a domain is listed twice")
        c = domains[0] if len(domains) == 1 else ANY  # what [C] means on this card
        effect: _CardEffect = f.read("effect", (None, (), False, 0), self.effect, c)
        return Card(
            id=card_id,
            name=f.read("name", card_id, self.string),
            type=f.word("type", CARD_TYPES[0], CARD_TYPES, "card type"),
            domains=domains,
            cost=f.read("cost", Cost(), self.cost, c),
            timing=f.word("timing", "normal", TIMINGS, "timing"),
            might=f.read("might", None, self.integer),
            tags=f.read("tags", (), self.strings),
            keywords=f.read("keywords", Keywords(), self.keywords, c),
            additional_costs=f.read("additional_costs", (), self.additional_costs, c),
            discounts=f.read("discounts", (), self.discounts, c),
            grants=f.read("grants", (), self.grants, c),
            abilities=f.read("abilities", (), self.card_abilities, c),
            ignore_deflect=f.read("ignore_deflect", False, self.boolean),
            effect_adds=effect[0],
            effect_creates=effect[1],
            effect_kill=effect[2],
            effect_score=effect[3],
            hybrid=f.read("hybrid", (), self.hybrid),
            source=f.read("source", None, self.card_source),
            targets=f.read("targets", None, self.filter),
            triggers=f.read("triggers", (), self.card_triggers),
        )

    def card_triggers(self, value: object, path: DataPath) -> tuple[Trigger, ...]:
        """`triggers: [{id, applies_to, energy_at_least}]`: "when you play ..." (Lux); ids
        required, unique on the card."""
        out: list[Trigger] = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, TRIGGER_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a trigger needs an id")
            trigger = Trigger(
                id=f.read("id", "", self.string),
                applies_to=f.read("applies_to", Filter(), self.filter),
                energy_at_least=f.read("energy_at_least", None, self.integer),
            )
            if trigger.applies_to.controller is not None:
                self.problem(_join(f.at("applies_to"), "controller"),
                             "a trigger reads your own plays: no `controller`")
            if trigger.id and any(t.id == trigger.id for t in out):
                self.problem(_join(where, "id"), f"trigger id {_show(trigger.id)} is used twice")
            out.append(trigger)
        return tuple(out)

    def hybrid(self, value: object, path: DataPath) -> tuple[tuple[str, str], ...]:
        """`hybrid: [[D1, D2], ...]`: one pip each, payable by either of two domains."""
        out: list[tuple[str, str]] = []
        for where, item in self.each(value, path):
            pair = self.words(item, where, DOMAINS, "domain")
            if len(pair) != 2 or pair[0] == pair[1]:
                self.problem(where, "a hybrid pip names two different domains, as [fury, chaos]")
                continue
            out.append((pair[0], pair[1]))
        if len(out) > MAX_PIPS:
            self.problem(path, f"more than {MAX_PIPS} hybrid pips")
        return tuple(out)

    def effect(self, value: object, path: DataPath, c: str) -> _CardEffect:
        """`effect: {adds: COST, discounts: [...], grants: [...], kill: targets, score: N}`:
        what the card's resolution adds to your pool (Energy and Power; the turn planner's later
        plays may spend it), the effects that last for the turn it creates (each `discounts`
        entry `{discount, applies_to, uses}`, each `grants` entry `{discount | keyword |
        ignore_deflect, applies_to, uses}`), whether it kills the play's targets, and the
        points it scores."""
        f = self.fields(value, path, EFFECT_KEYS)
        adds = f.read("adds", None, self.cost, c, False)
        creates: list[Effect] = []
        for key in ("discounts", "grants"):
            if key in f:
                for where, item in self.each(f[key], f.at(key)):
                    creates.append(self.effect_entry(item, where, c, key))
        kill = "kill" in f and bool(f.word("kill", "targets", EFFECT_KILLS, "kill effect"))
        score = f.read("score", 0, self.integer)
        if "score" in f and f["score"] == 0 and not isinstance(f["score"], bool):
            self.problem(f.at("score"), "a score effect scores at least 1 point")
        return adds, tuple(creates), kill, score

    def card_source(self, value: object, path: DataPath) -> Source:
        """`source: {adds, costs, only_for, while, bonus, repeatable}`: the source the card's
        object has once a play puts it on your board, as a `state.*.sources` entry whose `id`
        is the object's. Its costs are `exhaust`, `kill` (its own object) or an Energy/Power
        Cost: a source that kills other objects (Malzahar) is listed in the state."""
        if isinstance(value, dict) and "id" in value:
            self.problem(_join(path, "id"), "a card's source is its object's: no `id`")
            value = {k: v for k, v in value.items() if k != "id"}
        f = self.fields(value, path, CARD_SOURCE_KEYS)
        if isinstance(value, dict) and "adds" not in f:
            f.require("adds", "what one activation adds")
        bonus = self.fields(f["bonus"] if "bonus" in f else {}, f.at("bonus"),
                            CARD_SOURCE_BONUS_KEYS)
        if "bonus" in f and "adds" not in bonus:
            bonus.require("adds", "what the bonus adds")
        source = Source(
            id="",
            adds=f.read("adds", Cost(), self.plain_cost),
            costs=f.read("costs", ("exhaust",), self.card_source_costs),
            only_for=f.read("only_for", None, self.filter),
            while_=f.read("while", (), self.conditions, None),
            bonus=bonus.read("adds", None, self.plain_cost),
            bonus_while=bonus.read("while", (), self.conditions, None),
            repeatable=f.read("repeatable", False, self.boolean),
        )
        if source.repeatable and ("kill" in source.costs or not any(
                isinstance(c, Cost) and c.size for c in source.costs)):
            self.problem(f.at("repeatable"), "a repeatable source (a converter) pays an Energy "
                         "or Power cost per activation, and does not kill its object")
        return source

    def card_source_costs(self, value: object, path: DataPath) -> tuple[str | Cost, ...]:
        """A card's source costs: `exhaust`, `kill` or an Energy/Power Cost, per item."""
        out: list[str | Cost] = []
        for where, item in self.each(value, path):
            if isinstance(item, dict) and "kill" in item:
                self.problem(where, "a card's source kills no other object: list such a source "
                                    "in `state.you.sources`")
            elif isinstance(item, dict):
                out.append(self.plain_cost(item, where))
            else:
                out.append(self.one_of(item, where, SOURCE_COSTS, "source cost"))
        return tuple(out)

    def effect_entry(self, value: object, path: DataPath, c: str, kind: str,
                     ident: str = "") -> Effect:
        """One effect: a discount (`kind` `discounts`), a grant (`grants`: `keyword`,
        `ignore_deflect`) or either (`state`, with an `id`), with `applies_to` and `uses`."""
        if kind == "state":
            f = self.fields(value, path, STATE_EFFECT_KEYS)
        else:
            f = self.fields(value, path, EFFECT_ENTRY_KEYS)
        keyword = f.read("keyword", None, self.granted_keyword)
        grant = Grant(
            discount=f.read("discount", None, self.discount, c),
            ignore_deflect=f.read("ignore_deflect", False, self.boolean),
            applies_to=f.read("applies_to", Filter(), self.filter),
            flow_printed=keyword == "flow",
            repeat=keyword if keyword in ("printed", "base") else None,
            ignore=f.word("ignore", None, PAID_IGNORES, "ignored part"),
        )
        if grant.applies_to.controller is not None:
            self.problem(_join(f.at("applies_to"), "controller"),
                         "an effect reaches only its own player's plays: no `controller`")
        if grant.discount is not None and grant.discount.component != "total":
            self.problem(_join(f.at("discount"), "component"),
                         "an effect's discount is a discount of the total")
        if isinstance(value, dict):
            gives = [k for k in ("discount", "keyword", "ignore_deflect", "ignore") if k in f]
            # A grant giving a discount is that discount as an effect (the same entry).
            wanted = {"discounts": ("discount",),
                      "grants": ("discount", "keyword", "ignore_deflect", "ignore"),
                      "state": ("discount", "keyword", "ignore_deflect", "ignore")}[kind]
            if len(gives) != 1 or gives[0] not in wanted:
                named = " or ".join(f"`{k}`" for k in wanted)
                self.problem(path, f"an effect of `{kind}` gives exactly one of {named}"
                             + (f"; this one gives {', '.join(gives)}" if gives else ""))
        uses: int | None = 1
        if "uses" in f:
            raw = f["uses"]
            if isinstance(raw, str):
                self.one_of(raw, f.at("uses"), USES_WORDS, "number of uses")
                uses = None
            else:
                uses = self.integer(raw, f.at("uses"))
                if uses < 1:
                    self.problem(f.at("uses"), "an effect is used at least once (or `turn`)")
        return Effect(grant, uses, f.read("id", ident, self.string) if kind == "state" else "")

    def effects(self, value: object, path: DataPath, prefix: str) -> tuple[Effect, ...]:
        """`state.*.effects`: ids `effect1`, `effect2`, ... (by place, among those not given)
        unless given; ids unique among the player's effects."""
        out: list[Effect] = []
        given = {item["id"] for item in value if isinstance(item, dict)
                 and isinstance(item.get("id"), str)} if isinstance(value, list) else set()
        n = 0
        for where, item in self.each(value, path):
            n += 1
            while f"{prefix}effect{n}" in given:
                n += 1
            effect = self.effect_entry(item, where, ANY, "state", f"{prefix}effect{n}")
            if any(e.id == effect.id for e in out):
                self.problem(_join(where, "id"), f"effect id {_show(effect.id)} is used twice")
            out.append(effect)
        return tuple(out)

    def card_abilities(self, value: object, path: DataPath, c: str) -> tuple[Ability, ...]:
        out: list[Ability] = []
        seen: set[str] = set()
        for where, item in self.each(value, path):
            f = self.fields(item, where, ABILITY_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "an ability needs an id")
            ident = f.read("id", "", self.string)
            if ident in seen:
                self.problem(f.at("id"), f"duplicate ability id {_show(ident)}")
            seen.add(ident)
            kind = f.word("kind", "activated", ABILITY_KINDS + (TRIGGERED,), "ability kind")
            triggered = kind == TRIGGERED
            if triggered:
                # A trigger that chooses: a payment (no play the player starts) owing the
                # Deflect of what it chooses.
                kind = "payment"
                for key in ("discounts", "timing", "times", "while", "alternatives"):
                    if key in f:
                        self.problem(f.at(key), f"a triggered ability takes no `{key}`: it goes "
                                                "on the Chain when it triggers, priced as it is")
                if isinstance(item, dict) and "targets" not in f:
                    f.require("targets", "what the triggered ability chooses (without a "
                                         "choice it is `kind: payment`)")
            default_timing = "reaction" if kind in ("activated", "payment") else "normal"
            if kind == "payment" and not triggered:
                # An effect's "you may pay X": rule 353 does not price it and it chooses nothing.
                for key in ("discounts", "targets", "timing", "times", "while", "alternatives"):
                    if key in f:
                        self.problem(f.at(key), f"a payment ability takes no `{key}`: it is paid "
                                                "as the effect asks, no modifier applies")
            out.append(Ability(
                id=ident,
                kind=kind,
                cost=f.read("cost", Cost(), self.cost, c),
                timing=f.word("timing", default_timing, TIMINGS, "timing"),
                targets=f.read("targets", None, self.filter),
                times=f.read("times", 1 if kind == "empower" else None, self.integer),
                discounts=f.read("discounts", (), self.discounts, c),
                while_=f.read("while", (), self.conditions, c),
                alternatives=f.read("alternatives", (), self.cost_list, c),
                triggered=triggered,
            ))
        return tuple(out)

    def keywords(self, value: object, path: DataPath, c: str) -> Keywords:
        f = self.fields(value, path, KEYWORD_KEYS)
        return Keywords(
            flow=f.read("flow", (), self.cost_list, c),
            accelerate=f.read("accelerate", None, self.accelerate, c),
            repeat=f.read("repeat", (), self.cost_list, c),
            deflect=f.read("deflect", 0, lambda v, at: self.integer(v, at, MAX_PIPS)),
            hidden=f.read("hidden", False, self.boolean),
        )

    def accelerate(self, value: object, path: DataPath, c: str) -> Cost | None:
        """`true` is [1] plus one Power of the card's domain ([A] with none or several)."""
        if value is True:
            return Cost.of(energy=1, power={c: 1})
        if isinstance(value, dict):
            return self.cost(value, path, c)
        if value is not False:
            self.problem(path, f"expected true, false or a Cost, got {_kind(value)}")
        return None

    def additional_costs(self, value: object, path: DataPath, c: str) -> tuple[AdditionalCost, ...]:
        out: list[AdditionalCost] = []
        seen: set[str] = set()
        for where, item in self.each(value, path):
            f = self.fields(item, where, ADDITIONAL_COST_KEYS)
            ident = f.read("id", "", self.string)
            if ident in ("accelerate", "repeat") or REPEAT_NAME.fullmatch(ident):
                self.problem(f.at("id"), f"{_show(ident)} is the name of a keyword's cost")
            elif ident in seen:
                self.problem(f.at("id"), f"duplicate additional cost id {_show(ident)}")
            elif isinstance(item, dict) and "id" not in f:
                f.require("id", "an additional cost needs an id")
            seen.add(ident)
            out.append(
                AdditionalCost(
                    id=ident,
                    mandatory=f.read("mandatory", True, self.boolean),
                    cost=f.read("cost", Cost(), self.cost, c),
                    unlocks=f.read("unlocks", (), self.discounts, c),
                    repeatable=f.read("repeatable", False, self.boolean),
                    max=f.read("max", None, self.integer),
                    ignore=f.word("ignore", None, PAID_IGNORES, "ignored part"),
                )
            )
            made = out[-1]
            if made.ignore is not None and made.mandatory:
                self.problem(f.at("ignore"), "`ignore` is on an optional cost (`mandatory: "
                             "false`): paying it has the play ignore its base cost")
            elif made.ignore is not None and made.repeatable:
                self.problem(f.at("ignore"), "`ignore` is on a cost paid once, not a repeatable one")
        return tuple(out)


# --- Optional cost names ------------------------------------------------------------------------


def normalise_optional(name: str) -> str:
    """`repeat.0` is `repeat`; `repeat.01` is `repeat.1`; other names are unchanged."""
    match = REPEAT_NAME.fullmatch(name)
    if match is None:
        return name
    n = int(match.group(1)) if len(match.group(1)) < 10 else 10**9
    return repeat_name(n)


def optional_names(card: Card) -> tuple[str, ...]:
    """The names `play.optional` may use for this card, in canonical order (those of
    `engine.total_cost.optional_costs`)."""
    return tuple(name for name, _ in optional_costs(card))
