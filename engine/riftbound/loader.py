"""Read a scenario (format `payplan/1`) from JSON or YAML into frozen values.

The format is the public contract in `shared/spec/scenario-format.md`; `engine.dump` writes it
back. Reading checks everything it can without planning: every problem found is collected and
reported at once as a `ScenarioError`, one line per problem, each line starting with the path of
the bad value (`state.you.runes[3].domain: unknown domain 'firey' (did you mean 'fury'?)`). No
other exception escapes for any input, and a scenario is returned only when nothing is wrong.

Conventions the reader follows throughout:
- A `null` value for an optional key means the key is absent (YAML writes `hand:` as null).
- Whole numbers are ints (a boolean or a float is never a number); amounts are never negative,
  and a single amount above 1000 (1,000,000 for XP, cards played and objective values; 20 Power
  pips in one Power map, and Deflect 20) is rejected as absurd.
- `c` in a Power map is `[C]`: the domain of the card whose text it is (`any` with no domain or
  several). In `play.play_for` and `play.discounts` it is the played card; in the pool and in
  sources there is no card and `c` is an error.
- Ids the file leaves out are generated: rune `r{n}` (1-based position, or map order for the
  `{fury: 3}` shorthand), object `hand[0]`, `trash[2]`, ... Ids generated for the opponent get the
  prefix `opponent.` so that the two players' generated ids never clash.
"""

from __future__ import annotations

import re
import typing
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Literal, Mapping

from ..problems import NOT_IN_ZONE, DataPath, Problem, ScenarioError
from ..reading import Fields, Limits, Reader, parse_json, parse_text, read_data
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from ..turn import Turn, candidate_key  # TURN_KEYS: read by engine.reading, listed here
from .cards import (
    ABILITY_KINDS,
    CARD_TYPES,
    COMPONENTS,
    CONDITION_KINDS,
    TIMINGS,
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
    UnitsAt,
    repeat_name,
)
from .cost import (
    ANY,
    DOMAINS,
    NO_POWER,
    OTHER_KINDS,
    POWER_KEYS,
    SELF_KINDS,
    Cost,
    Filter,
    OtherCost,
    Power,
    Zone,
)
from .options import Chosen, ChosenBase, cost_key
from .payment import SELF_ONLY, Payment
from .scenario import (
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FORMAT,
    IGNORES,
    OPTIONAL_CHOICES,
    LeavesChain,
    Objective,
    Play,
    Scenario,
)
from .state import (
    DEFAULT_VICTORY_SCORE,
    HIDDEN_TURNS,
    LOCATIONS,
    PHASES,
    PLAYERS,
    SOURCE_COSTS,
    GameObject,
    PlayerState,
    Rune,
    Source,
    State,
)
from .total_cost import BaseKind, optional_costs

__all__ = ["CHECK_KEYS", "Limits", "Problem", "ScenarioError", "check_from_data", "load_file",
           "load_text", "parse_json", "parse_text", "payment_from_data", "read_data",
           "scenario_from_data"]

MAX_PIPS = 20  # Power pips in one Power map, and Deflect: printed cards carry a handful

TOP_KEYS = ("format", "cards", "state", "play", "objective", "turn")
# `payplan check` reads these beside the scenario: the payment, and the choices it names.
CHOICE_KEYS = ("base", "paid_optional", "paid", "discount_order")
CHECK_KEYS = ("payment",) + CHOICE_KEYS
CHECK_ONLY = {
    "payment": "a payment is read by `payplan check` only; this command plans the payment itself",
    **{key: "a choice of the payment `payplan check` reads; this command makes its own"
       for key in CHOICE_KEYS},
}
PAYMENT_KEYS = ("pool", "exhaust", "recycle", "sources", "other", "source_kills")
PAID_KINDS = OTHER_KINDS + SELF_ONLY  # the kinds a payment's `other` names (as the plan's total)
BASE_KINDS = typing.get_args(BaseKind)
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
)
EFFECT_KEYS = ("adds", "discounts", "grants")
# An effect that lasts for the turn (issue 24, item 10): an entry of a card's `effect.discounts`
# (`discount`) or `effect.grants` (`keyword`, `ignore_deflect`), and of `state.*.effects`.
EFFECT_ENTRY_KEYS = ("discount", "keyword", "ignore_deflect", "applies_to", "uses")
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
STATE_KEYS = ("phase", "turn", "flags", "played_this_turn", "you", "opponent", "victory_score",
              "battlefields", "showdown_at")
BATTLEFIELD_KEYS = ("id", "card")
UNITS_AT_KEYS = ("count", "where")
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
)
RUNE_KEYS = ("id", "domain", "exhausted", "value")
OBJECT_KEYS = ("id", "card", "value", "location", "might", "exhausted", "buffs", "empowered",
               "hidden_turn", "deflect", "stunned")
SOURCE_KEYS = ("id", "adds", "costs", "only_for", "while", "bonus", "repeatable")
SOURCE_KILL_KEYS = ("kill",)  # a source cost that kills other objects: {kill: {count, filter}}
BONUS_KEYS = ("adds", "while")
PLAY_KEYS = (
    "object",
    "card",
    "from",
    "base",
    "ignore",
    "play_for",
    "targets",
    "optional",
    "discounts",
    "permit",
    "leaves_chain",
    "ability",
    "hide",
)
ABILITY_PLAY_KEYS = ("object", "id")
LEAVES_CHAIN_KEYS = ("by", "to", "instructed_by")
OBJECTIVE_KEYS = ("weights", "benefits")
MAX_MIGHT_KEYS = ("max", "of")
COUNT_OF_KEYS = ("count", "zone", "times")
PER_PLAYED_KEYS = ("per", "times")
PRINTED_OF_KEYS = ("printed_energy_of", "printed_power_of", "cost")
MIGHT_OF_KEYS = ("might_of",)

BASES = ("auto", "printed", "play_for")
PLAY_ZONES: tuple[Zone, ...] = ("hand", "trash", "facedown")
COUNT_ZONES: tuple[Zone | Literal["runes"], ...] = ("board", "hand", "trash", "runes")
OBJECT_ZONES: tuple[Zone, ...] = ("hand", "trash", "board", "banishment", "facedown")
LEAVES_BY = ("resolution", "counter", "effect")
LEAVES_TO = ("hand", "trash", "banishment", "board")
INSTRUCTED_BY = ("self", "other")
CONDITION_BASES = ("flow",)

_REPEAT_NAME = re.compile(r"repeat\.([0-9]+)")


# --- Entry points -------------------------------------------------------------------------------


def load_file(path: str | Path, limits: Limits | None = None) -> Scenario:
    """Read a scenario file: JSON if its name ends in `.json`, else YAML (which also reads JSON)."""
    return scenario_from_data(read_data(path, limits))



def load_text(text: str, name: str = "<input>", limits: Limits | None = None) -> Scenario:
    """Read a scenario from YAML or JSON text; `name` is used in syntax error messages."""
    as_json = name.lower().endswith(".json")
    return scenario_from_data(parse_text(text, name, as_json=as_json, limits=limits))


def scenario_from_data(data: object, require_play: bool = False) -> Scenario:
    """Build a scenario from already-parsed data (dicts, lists, strings, ints, bools, None).

    With `require_play`, a missing `play` is a problem too (the commands that plan one play).
    The keys of `payplan check` (`CHECK_KEYS`) are problems here: `check_from_data` reads them.
    """
    reader = _Reader()
    scenario = reader.scenario(data, require_play)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario


def check_from_data(data: object) -> tuple[Scenario, Payment, Chosen]:
    """A scenario with a payment to check (`payplan check`): the scenario (its `play`
    required), its top-level `payment` in the shape `payplan plan --json` prints it, and the
    choices named beside it (`base`, `paid_optional`, `paid`, `discount_order`, also in the
    plan's shape; each one left out is left open). Every problem at once, as a ScenarioError:
    a payment of the wrong shape is a bad file; one that names runes or objects that are not
    there, or does not pay, is a payment `engine.chain.apply_payment` refuses."""
    reader = _Reader()
    scenario = reader.scenario(data, True, check=True)
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





class _Reader(Reader):
    """`Reader` with the words of `payplan/1`: cards, costs, modifiers, the state and the play.

    Every method returns a usable value even when the input is bad (a default in place of the bad
    part), so that reading can go on and find the other problems; `scenario_from_data` raises as
    soon as any problem was recorded, so such placeholder values never escape.
    """

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, Card] = {}
        self.state_effects: tuple[Effect, ...] = ()  # `state.you.effects`, once read
        self.printed_refs: list[tuple[str, DataPath]] = []  # (cost id, path) of printed_*_of amounts
        self.here_refs: list[DataPath] = []  # paths of `here` conditions, checked per card
        self.battlefield_ids: set[str] = set()

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

    def filter(self, value: object, path: DataPath, allow_self: bool = False) -> Filter:
        """A filter; `self: true` (the granting object) only where `allow_self` (a grant's
        `applies_to`)."""
        f = self.fields(value, path, FILTER_KEYS)
        itself = False
        if "self" in f:
            if not allow_self:
                self.problem(f.at("self"), "`self` names the granting object: it is read only "
                                           "in a grant's `applies_to`")
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
            return MaxMight(f.read("of", Filter(), self.filter))
        if "count" in value:
            f = self.fields(value, path, COUNT_OF_KEYS)
            counted = CountOf(
                f.read("count", Filter(), self.filter),
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
            "targets": lambda: self.filter(value, path),
            "level_at_least": lambda: self.large(value, path),
            "played_this_turn_at_least": lambda: self.large(value, path),
            "controls": lambda: self.filter(value, path),
            "runes_at_most": lambda: self.large(value, path),
            "empowered_at_least": lambda: self.large(value, path),
            "might_at_least": lambda: self.integer(value, path),
            "score_at_least": lambda: self.integer(value, path),
            "opponent_score_at_least": lambda: self.integer(value, path),
            "within_of_victory": lambda: self.integer(value, path),
            "opponent_controls": lambda: self.filter(value, path),
            "units_at": lambda: self.units_at(value, path),
            "here": lambda: self.here(value, path),
        }
        return Condition(kind, read[kind]())

    def units_at(self, value: object, path: DataPath) -> UnitsAt:
        """`{count: N, where: here|any}` (where: default `any`)."""
        f = self.fields(value, path, UNITS_AT_KEYS)
        if isinstance(value, dict) and "count" not in f:
            f.require("count", "how many units the battlefield has, exactly")
        return UnitsAt(f.read("count", 0, self.integer),
                       f.word("where", "any", UNITS_AT_WHERE, "battlefield"))

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
        f = self.fields(value, path, GRANT_KEYS)
        grant = Grant(
            discount=f.read("discount", None, self.discount, c),
            increase=f.read("increase", None, self.increase, c),
            ignore_deflect=f.read("ignore_deflect", False, self.boolean),
            applies_to=f.read("applies_to", Filter(), self.filter, True),
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
        keyword = f.read("keyword", None, self.granted_keyword)
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
                                    f"{card_id!r} is a {card.type}")
            for i, g in enumerate(card.grants):
                if g.only_here:
                    self.problem(_join((*_join(path, "grants"), i), "only_here"),
                                 f"`only_here` is on a battlefield's grant; {card_id!r} is a "
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
                self.problem(where, f"{card_id!r} has no additional cost {ident!r}"
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
        effect: tuple[Cost | None, tuple[Effect, ...]] = f.read("effect", (None, ()),
                                                                self.effect, c)
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
            hybrid=f.read("hybrid", (), self.hybrid),
        )

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

    def effect(self, value: object, path: DataPath, c: str
               ) -> tuple[Cost | None, tuple[Effect, ...]]:
        """`effect: {adds: COST, discounts: [...], grants: [...]}`: what the card's resolution
        adds to your pool (Energy and Power; the turn planner's later plays may spend it), and
        the effects that last for the turn it creates (issue 24, item 10): each `discounts`
        entry `{discount, applies_to, uses}`, each `grants` entry `{discount | keyword |
        ignore_deflect, applies_to, uses}`."""
        f = self.fields(value, path, EFFECT_KEYS)
        adds = f.read("adds", None, self.cost, c, False)
        creates: list[Effect] = []
        for key in ("discounts", "grants"):
            if key in f:
                for where, item in self.each(f[key], f.at(key)):
                    creates.append(self.effect_entry(item, where, c, key))
        return adds, tuple(creates)

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
        )
        if grant.applies_to.controller is not None:
            self.problem(_join(f.at("applies_to"), "controller"),
                         "an effect reaches only its own player's plays: no `controller`")
        if grant.discount is not None and grant.discount.component != "total":
            self.problem(_join(f.at("discount"), "component"),
                         "an effect's discount is a discount of the total")
        if isinstance(value, dict):
            gives = [k for k in ("discount", "keyword", "ignore_deflect") if k in f]
            # A grant giving a discount is that discount as an effect (the same entry).
            wanted = {"discounts": ("discount",),
                      "grants": ("discount", "keyword", "ignore_deflect"),
                      "state": ("discount", "keyword", "ignore_deflect")}[kind]
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
                self.problem(_join(where, "id"), f"effect id {effect.id!r} is used twice")
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
                self.problem(f.at("id"), f"duplicate ability id {ident!r}")
            seen.add(ident)
            kind = f.word("kind", "activated", ABILITY_KINDS, "ability kind")
            default_timing = "reaction" if kind in ("activated", "payment") else "normal"
            if kind == "payment":
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
            if ident in ("accelerate", "repeat") or _REPEAT_NAME.fullmatch(ident):
                self.problem(f.at("id"), f"{ident!r} is the name of a keyword's cost")
            elif ident in seen:
                self.problem(f.at("id"), f"duplicate additional cost id {ident!r}")
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

    # --- state

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
            self.problem(f.at("showdown_at"), f"no battlefield {showdown_at!r} in "
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
        return State(phase, turn, flags, played_this_turn, players["you"], players["opponent"],
                     victory_score, battlefields, showdown_at)

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
                             f"{made.card!r} is a battlefield: it goes in `state.battlefields`")
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
        """`state.battlefields: [{id, card}, ...]`: named battlefields, their cards of type
        `battlefield`; ids unique among all objects."""
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
                self.problem(f.at("card"), f"{card!r} is a {known.type}: a battlefield's card has "
                                           "`type: battlefield`")
            if ident:
                self.battlefield_ids.add(ident)
            out.append(GameObject(ident, card))
        return tuple(out)

    def card_ref(self, value: object, path: DataPath) -> str:
        """The id of a card in the library."""
        if not isinstance(value, str):
            return self.string(value, path)
        if value not in self.cards:
            self.problem(path, f"unknown card {value!r}{self.suggest(value, self.cards)}")
        return value

    def sources(self, value: object, path: DataPath, who: str) -> tuple[Source, ...]:
        out: list[Source] = []
        for where, item in self.each(value, path):
            f = self.fields(item, where, SOURCE_KEYS)
            ident = f.read("id", "", self.string)
            if ident:
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
        """`exhaust`, `kill`, `{kill: {count, filter}}` (kill other objects of yours: issue 24,
        Malzahar - Fanatic) or an Energy/Power Cost, per item."""
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
            self.problem(path, f"unknown object {ident!r}{self.suggest(ident, candidates)}")
        elif found[0] == "battlefield":
            self.problem(path, f"{what} is an object or rune of a player, and {ident!r} is a "
                               "battlefield")
        elif found[0] != who:
            owners = ("yours", "the opponent's")
            mine, theirs = owners if who == "you" else owners[::-1]
            self.problem(path, f"{what} must be {mine}, and {ident!r} is {theirs}")

    # --- the play

    def play(self, value: object, path: DataPath, state: State) -> Play:
        f = self.fields(value, path, PLAY_KEYS)
        if "ability" in f or "hide" in f:
            return self.ability_play(f, path, state)
        from_zone = f.word("from", None, PLAY_ZONES, "zone")
        if isinstance(value, dict) and "object" not in f and "card" not in f:
            self.problem(path, "the play names no object: give `object` (an id) or `card`")
        found = self.played_object(f, state.you, from_zone)
        zone, obj = found if found is not None else (from_zone or "hand", None)
        zone = from_zone or zone
        card = self.cards.get(obj.card) if obj is not None else None
        if card is not None and card.id in self.bad_cards:
            card = None  # its definition has problems already: don't pile more on
        c = card.own_domain if card is not None else ANY  # `c` is the played card's domain
        base = f.read("base", "auto", self.base, card)
        play_for = f.read("play_for", None, self.cost, c)
        if base == "play_for" and play_for is None:
            self.problem(f.at("base"), "`base: play_for` needs `play_for` (the cost)")
        return Play(
            object=obj.id if obj is not None else "",
            from_zone=zone,
            base=base,
            ignore=f.word("ignore", None, IGNORES, "ignore"),
            play_for=play_for,
            targets=f.read("targets", (), self.targets),
            optional=f.read("optional", (), self.optional, card),
            discounts=f.read("discounts", (), self.discounts, c),
            permit=f.read("permit", False, self.boolean),
            leaves_chain=f.read("leaves_chain", LeavesChain(), self.leaves_chain),
            from_given=from_zone is not None,
        )

    def ability_play(self, f: Fields, path: DataPath, state: State) -> Play:
        """`ability: {object, id}` (an ability of an object on your board) or `hide: ID` (hide a
        Hidden card from your hand: an ability play of cost [A])."""
        for key in ("object", "card", "from", "base", "play_for"):
            if key in f:
                self.problem(f.at(key), "an ability play names its object in `ability` or `hide`")
        if "ability" in f and "hide" in f:
            self.problem(path, "a play is one of `ability` and `hide`, not both")
        obj: GameObject | None = None
        ability = ""
        zone = "board"
        if "ability" in f:
            a = self.fields(f["ability"], f.at("ability"), ABILITY_PLAY_KEYS)
            ident = a.read("object", "", self.string)
            ability = a.read("id", "", self.string)
            for key, what in (("object", "the object"), ("id", "the ability's id")):
                if isinstance(f["ability"], dict) and key not in a:
                    a.require(key, what)
            if ident:
                found = state.you.find(ident)
                if found is None:
                    self.missing_object(ident, a.at("object"))
                else:
                    zone, obj = found
            card = self.cards.get(obj.card) if obj is not None else None
            if card is not None and ability and all(x.id != ability for x in card.abilities):
                names = [x.id for x in card.abilities]
                has = f" (it has: {_options(names)})" if names else " (it has none)"
                self.problem(a.at("id"), f"{card.id!r} has no ability {ability!r}"
                             f"{self.suggest(ability, names) or has}")
            elif card is not None and "discounts" in f and any(
                    x.id == ability and x.kind == "payment" for x in card.abilities):
                self.problem(f.at("discounts"), f"{ability!r} is a payment an effect asks for, "
                                                "not a play: no discount applies to it")
        else:
            ident = f.read("hide", "", self.string)
            zone = "hand"
            if ident:
                found = state.you.find(ident)
                if found is None:
                    self.missing_object(ident, f.at("hide"))
                else:
                    zone, obj = found
            ability = "hide"
        card = self.cards.get(obj.card) if obj is not None else None
        c = card.own_domain if card is not None else ANY
        return Play(
            object=obj.id if obj is not None else "",
            from_zone=zone,
            ignore=f.word("ignore", None, IGNORES, "ignore"),
            targets=f.read("targets", (), self.targets),
            optional=f.read("optional", (), self.optional, None),
            discounts=f.read("discounts", (), self.discounts, c),
            permit=f.read("permit", False, self.boolean),
            ability=ability,
        )

    def played_object(
        self, f: Fields, you: PlayerState, from_zone: Zone | None
    ) -> tuple[Zone, GameObject] | None:
        """The zone and object `play.object` (or `play.card` + `play.from`) names, if any."""
        found: tuple[Zone, GameObject] | None = None
        card_id = f.read("card", "", self.card_ref)
        object_id = f.read("object", "", self.string)
        if object_id:
            found = you.find(object_id)
            if found is None:
                self.missing_object(object_id, f.at("object"))
            # An object on the board, or in another zone than `from` says, is a legal file
            # and an illegal play: engine.legality answers it with `illegal` and a reason.
        if not card_id or card_id not in self.cards:
            return found
        if found is not None:
            if found[1].card != card_id:
                is_a = found[1].card
                self.problem(f.at("card"), f"{object_id!r} is a {is_a!r}, not a {card_id!r}")
            return found
        if "object" in f:
            return None
        zones = (from_zone,) if from_zone else PLAY_ZONES
        for zone in zones:
            for obj in you.zone(zone):
                if obj.card == card_id:
                    return zone, obj
        self.problems.append(Problem(f.at("card"), f"no {card_id!r} in your {' or '.join(zones)} "
                                     "to play", code=NOT_IN_ZONE))
        return None

    def missing_object(self, ident: str, path: DataPath) -> None:
        found = self.ids.where.get(ident)
        if found is None:
            where = self.ids.where
            candidates = (k for k, (who, zone) in where.items() if who == "you" and zone in PLAY_ZONES)
            self.problem(path, f"unknown object {ident!r}{self.suggest(ident, candidates)}")
        elif found[0] == "opponent":
            self.problem(path, f"{ident!r} is the opponent's; you can only play your own cards")
        elif found[0] == "battlefield":
            self.problem(path, f"{ident!r} is a battlefield, not a card you can play")
        else:
            self.problem(path, f"{ident!r} is a rune, not a card")

    def base(self, value: object, path: DataPath, card: Card | None) -> str | tuple[str, int]:
        """`auto`, `printed`, `play_for` or `{flow: N}` (checked against the card's Flow)."""
        if isinstance(value, str):
            return self.one_of(value, path, BASES, "base")
        if not isinstance(value, dict):
            expected = "auto, printed, play_for or {flow: N}"
            self.problem(path, f"expected {expected}, got {_kind(value)}")
            return "auto"
        f = self.fields(value, path, ("flow",))
        if "flow" not in f:
            self.problem(path, "expected {flow: N} (N: which Flow instance, from 0)")
            return "auto"
        before = len(self.problems)
        index = self.integer(f["flow"], f.at("flow"))
        have = len(card.keywords.flow) if card is not None else index + 1
        if len(self.problems) == before and index >= have and card is not None:
            flows = f"{have} (0 to {have - 1})" if have else "no Flow"
            self.problem(f.at("flow"), f"no Flow instance {index}: {card.id!r} has {flows}")
        return ("flow", index)

    def targets(self, value: object, path: DataPath) -> tuple[str, ...]:
        """Object or rune ids of either player; one may be listed more than once."""
        listed = [(path, value)] if isinstance(value, str) else list(self.each(value, path))
        out: list[str] = []
        for where, item in listed:
            ident = self.string(item, where)
            if ident and ident not in self.ids.where:
                hint = self.suggest(ident, self.ids.where)
                self.problem(where, f"unknown object {ident!r}{hint}")
            out.append(ident)
        return tuple(out)

    def optional(
        self, value: object, path: DataPath, card: Card | None
    ) -> tuple[tuple[str, str], ...]:
        """Optional cost name -> yes/no/auto, checked against the card's optional costs."""
        if not isinstance(value, dict):
            expected = "a mapping of optional cost to yes/no/auto"
            self.problem(path, f"expected {expected}, got {_kind(value)}")
            return ()
        names = optional_names(card) if card is not None else None
        if card is not None and names is not None:
            # A Repeat instance a grant may give (`keyword: {repeat: ...}`) is named after the
            # card's own: whether the grant reaches the play is the planner's to read.
            own = len(card.keywords.repeat)
            names = names + tuple(repeat_name(own + k) for k in range(self.granted_repeats()))
        out: dict[str, str] = {}
        for key, choice in value.items():
            where = _join(path, key)
            if not isinstance(key, str):
                self.problem(where, f"an optional cost name must be a string, got {_kind(key)}")
                continue
            name = normalise_optional(key)
            if card is not None and names is not None and name not in names:
                if any(a.id == name and a.mandatory for a in card.additional_costs):
                    self.problem(where, f"{key!r} is a mandatory cost of {card.id!r}, not optional")
                else:
                    has = f" (it has: {_options(names)})" if names else " (it has none)"
                    hint = self.suggest(key, names) or has
                    self.problem(where, f"{card.id!r} has no optional cost {key!r}{hint}")
            elif name in out:
                self.problem(where, f"{key!r} is listed twice (as {name!r})")
            elif isinstance(choice, bool):  # YAML reads yes/no as booleans
                out[name] = "yes" if choice else "no"
            elif isinstance(choice, int):  # a repeatable cost: exactly that many times
                repeatable = card is not None and any(
                    a.id == name and a.repeatable for a in card.additional_costs)
                if card is not None and not repeatable:
                    self.problem(where, f"{key!r} is not repeatable: give yes, no or auto")
                out[name] = str(self.integer(choice, where))
            else:
                out[name] = self.one_of(choice, where, OPTIONAL_CHOICES, "choice")
        return tuple(out.items())

    def leaves_chain(self, value: object, path: DataPath) -> LeavesChain:
        f = self.fields(value, path, LEAVES_CHAIN_KEYS)
        return LeavesChain(
            by=f.word("by", "resolution", LEAVES_BY, "way to leave the Chain"),
            to=f.word("to", None, LEAVES_TO, "zone"),
            instructed_by=f.word("instructed_by", "other", INSTRUCTED_BY, "instructor"),
        )

    # --- the objective

    def objective(self, value: object, path: DataPath) -> Objective:
        f = self.fields(value, path, OBJECTIVE_KEYS)
        return Objective(
            weights=f.read("weights", DEFAULT_WEIGHTS, self.weights),
            benefits=f.read("benefits", DEFAULT_BENEFITS, self.benefits),
        )

    def weights(self, value: object, path: DataPath) -> Mapping[str, int]:
        """The default weights, with the ones given replaced."""
        f = self.fields(value, path, tuple(DEFAULT_WEIGHTS))
        if not f.values:
            return DEFAULT_WEIGHTS
        given = {key: self.large(item, f.at(key)) for key, item in f.values.items()}
        return MappingProxyType({**DEFAULT_WEIGHTS, **given})

    def benefits(self, value: object, path: DataPath) -> Mapping[str, int]:
        """The default benefits, with the ones given replaced; keys are optional cost names."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to value, got {_kind(value)}")
            return DEFAULT_BENEFITS
        known = ["accelerate", "repeat"]
        for card in self.cards.values():
            known += [a.id for a in card.additional_costs if not a.mandatory]
        known_set = set(known)
        merged = dict(DEFAULT_BENEFITS)
        for key, item in value.items():
            where = _join(path, key)
            name = normalise_optional(key) if isinstance(key, str) else ""
            if name not in known_set and not _REPEAT_NAME.fullmatch(name):
                self.problem(where, f"unknown optional cost {_show(key)}{self.suggest(key, known)}")
            elif item is not None:
                merged[name] = self.large(item, where)
        return MappingProxyType(merged) if merged != DEFAULT_BENEFITS else DEFAULT_BENEFITS

    # --- a payment to check, and the choices named beside it (`payplan check`)

    def submitted(self, data: object) -> tuple[Payment, Chosen]:
        if not isinstance(data, dict):
            return Payment(), Chosen()  # the scenario's reading says what a file must hold
        payment = Payment()
        if data.get("payment") is None:
            self.problem(("payment",), "missing (the payment to check, in the shape "
                                       "`payplan plan --json` prints it)")
        else:
            payment = self.payment(data["payment"], ("payment",))
        return payment, self.chosen(data)

    def payment(self, value: object, path: DataPath) -> Payment:
        """A payment in the plan's JSON shape (`Payment.to_json`); a key left out is empty."""
        f = self.fields(value, path, PAYMENT_KEYS)
        pool = f.read("pool", Cost(), self.plain_cost)
        recycle: list[tuple[str, str]] = []
        for where, entry in self.each(f["recycle"], f.at("recycle")) if "recycle" in f else ():
            g = self.fields(entry, where, ("rune", "pays"))
            if "rune" not in g:
                g.require("rune", "the id of the rune recycled")
            pays = g.word("pays", "unused", POWER_KEYS + ("unused",), "pip")
            recycle.append((g.read("rune", "", self.string), pays))
        other: list[tuple[str, tuple[str, ...]]] = []
        for where, entry in self.each(f["other"], f.at("other")) if "other" in f else ():
            if not isinstance(entry, dict) or len(entry) != 1:
                self.problem(where, "expected one non-standard cost and the objects that pay it, "
                                    f"like {{discard: [h2]}}, got {_kind(entry)}")
                continue
            ((kind, ids),) = entry.items()
            at = _join(where, kind)
            if not isinstance(kind, str) or kind not in PAID_KINDS:
                self.unknown(at, "non-standard cost", kind, PAID_KINDS)
                continue
            other.append((kind, self.strings(ids, at) if ids is not None else ()))
        killed: list[tuple[str, tuple[str, ...]]] = []
        for where, entry in (self.each(f["source_kills"], f.at("source_kills"))
                             if "source_kills" in f else ()):
            g = self.fields(entry, where, ("source", "kill"))
            if "source" not in g:
                g.require("source", "the id of the source whose cost kills")
            killed.append((g.read("source", "", self.string), g.read("kill", (), self.strings)))
        return Payment(pool.energy, pool.power, f.read("exhaust", (), self.strings),
                       tuple(recycle), f.read("sources", (), self.strings), tuple(other),
                       tuple(killed))

    def chosen(self, data: dict[object, object]) -> Chosen:
        """The choices named beside a payment; each key left out (or null) is left open."""
        f = Fields(self, {k: v for k, v in data.items()
                          if isinstance(k, str) and k in CHOICE_KEYS and v is not None}, ())
        base = f.read("base", None, self.chosen_base)
        optional = f.read("paid_optional", None, self.optional_names)
        counts = f.read("paid", None, self.paid_counts)
        if optional is not None and counts is not None and set(optional) != {n for n, _ in counts}:
            self.problem(("paid",), "names other optional costs than `paid_optional`")
        if optional is None and counts is not None:
            optional = tuple(name for name, _ in counts)
        order = f.read("discount_order", None, self.strings)
        if order is not None and len(set(order)) != len(order):
            self.problem(("discount_order",), "names a discount twice")
        return Chosen(base, optional, counts, order)

    def chosen_base(self, value: object, path: DataPath) -> ChosenBase:
        f = self.fields(value, path, ("kind", "index", "ignore", "cost"))
        if "cost" in f and not isinstance(f["cost"], dict):
            self.problem(f.at("cost"), f"expected a cost mapping as the plan writes it, got "
                                       f"{_kind(f['cost'])}")
        return ChosenBase(f.word("kind", None, BASE_KINDS, "base kind"),
                          f.read("index", None, self.integer),
                          f.word("ignore", None, IGNORES, "ignore"),
                          cost_key(f["cost"]) if "cost" in f else None)

    def optional_names(self, value: object, path: DataPath) -> tuple[str, ...]:
        names = tuple(normalise_optional(name) for name in self.strings(value, path))
        if len(set(names)) != len(names):
            self.problem(path, "names an optional cost twice")
        return names

    def paid_counts(self, value: object, path: DataPath) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to times paid, got "
                               f"{_kind(value)}")
            return ()
        out: dict[str, int] = {}
        for key, n in value.items():
            where = _join(path, key)
            name = normalise_optional(self.string(key, where))
            times = self.integer(n, where)
            if times < 1:
                self.problem(where, "an optional cost listed is paid at least once")
            if name in out:
                self.problem(where, "names an optional cost twice")
            out[name] = times
        return tuple(out.items())

    # --- the whole scenario

    def scenario(self, data: object, require_play: bool, check: bool = False) -> Scenario:
        if not isinstance(data, dict):
            what = "an empty file" if data is None else _kind(data)
            self.problem((), f"expected a mapping with the keys {_options(TOP_KEYS)}, got {what}")
            return Scenario()
        if "plays" in data:  # payplan play's key: say which command reads it
            self.problem(("plays",), "a list of plays is read by `payplan play` only; this "
                                     "command plans one `play`")
            data = {k: v for k, v in data.items() if k != "plays"}
        if not check and any(key in data for key in CHECK_KEYS):  # payplan check's keys
            for key in (k for k in CHECK_KEYS if k in data):
                self.problem((key,), CHECK_ONLY[key])
        data = {k: v for k, v in data.items() if k not in CHECK_KEYS}
        f = self.fields(data, (), TOP_KEYS)
        if "format" not in f:
            f.require("format", f"required: {FORMAT}")
        elif f["format"] != FORMAT:
            self.problem(("format",), f"unknown format {_show(f['format'])} (expected {FORMAT!r})")
        if "cards" in f:
            self.card_library(f["cards"], ("cards",))
        state = f.read("state", State(), self.state)
        self.state_effects = state.you.effects
        play = f.read("play", None, self.play, state)
        turn = f.read("turn", None, self.turn, state)
        if play is not None and turn is not None:
            self.problem(("turn",), "give either `play` or `turn`, not both (`payplan turn` plans "
                                    "the turn; the other commands one play)")
        if play is None and require_play:
            f.require("play", "this command plans one play")
        objective = f.read("objective", Objective(), self.objective)
        for where in self.here_refs:  # outside a card: a source's `while`, a play's discount
            self.problem(where, "`here` is a battlefield's condition (a showdown there), read on "
                                "a battlefield's grant")
        self.here_refs.clear()
        return Scenario(MappingProxyType(dict(self.cards)), state, play, objective, turn)

    def turn(self, value: object, path: DataPath, state: State) -> Turn[Play]:
        """`turn: {candidates: auto | [PLAY, ...], values: {KEY: N}, max_plays: N}`
        (`shared/spec/turn-format.md`). A value's key names a candidate: for `auto` an object
        of yours (a card play) or `OBJECT.ABILITY` (an ability of a card of yours), for a list
        one of its plays."""
        def auto_keys() -> set[str]:
            you = state.you
            mine = [*you.hand, *you.trash, *you.facedown, *you.board]
            keys = {o.id for o in mine}
            for o in mine:
                card = self.cards.get(o.card)
                if card is not None:
                    keys |= {candidate_key(o.id, a.id) for a in card.abilities
                             if a.kind != "payment"}
            return keys

        return self.read_turn(value, path, lambda entry, where: self.play(entry, where, state),
                              lambda p: candidate_key(p.object, p.ability), auto_keys)



# --- Optional cost names ------------------------------------------------------------------------


def normalise_optional(name: str) -> str:
    """`repeat.0` is `repeat`; `repeat.01` is `repeat.1`; other names are unchanged."""
    match = _REPEAT_NAME.fullmatch(name)
    if match is None:
        return name
    n = int(match.group(1)) if len(match.group(1)) < 10 else 10**9
    return repeat_name(n)


def optional_names(card: Card) -> tuple[str, ...]:
    """The names `play.optional` may use for this card, in canonical order (those of
    `engine.total_cost.optional_costs`)."""
    return tuple(name for name, _ in optional_costs(card))
