"""Read a scenario (format `payplan/1`) from JSON or YAML into frozen values.

The format is the public contract in `shared/spec/scenario-format.md`; `engine.dump` writes it
back. Reading checks everything it can without planning: every problem found is collected and
reported at once as a `ScenarioError`, one line per problem, each line starting with the path of
the bad value (`state.you.runes[3].domain: unknown domain 'firey' (did you mean 'fury'?)`). No
other exception escapes for any input, and a scenario is returned only when nothing is wrong.

Conventions the reader follows throughout:
- A `null` value for an optional key means the key is absent (YAML writes `hand:` as null).
- Whole numbers are ints (a boolean or a float is never a number); amounts are never negative,
  and a single amount above 1000 (1,000,000 for XP, cards played and objective values) is
  rejected as absurd.
- `c` in a Power map is `[C]`: the domain of the card whose text it is (`any` with no domain or
  several). In `play.play_for` and `play.discounts` it is the played card; in the pool and in
  sources there is no card and `c` is an error.
- Ids the file leaves out are generated: rune `r{n}` (1-based position, or map order for the
  `{fury: 3}` shorthand), object `hand[0]`, `trash[2]`, ... Ids generated for the opponent get the
  prefix `opponent.` so that the two players' generated ids never clash.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from types import MappingProxyType
from typing import Iterable, Sequence

import yaml

from engine.cards import (
    CARD_TYPES,
    COMPONENTS,
    CONDITION_KINDS,
    TIMINGS,
    AdditionalCost,
    Amount,
    Card,
    Condition,
    CountOf,
    Discount,
    Grant,
    Increase,
    Keywords,
    MaxMight,
    PerPlayed,
)
from engine.cost import (
    ANY,
    DOMAINS,
    NO_POWER,
    OTHER_KINDS,
    POWER_KEYS,
    Cost,
    Filter,
    OtherCost,
    Power,
)
from engine.scenario import (
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
from engine.state import (
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

__all__ = ["ScenarioError", "load_file", "load_text", "scenario_from_data"]

MAX_AMOUNT = 1000
MAX_TOTAL = 1_000_000

TOP_KEYS = ("format", "cards", "state", "play", "objective")
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
)
KEYWORD_KEYS = ("flow", "accelerate", "repeat", "deflect")
ADDITIONAL_COST_KEYS = ("id", "mandatory", "cost", "unlocks")
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
)
DISCOUNT_KEYS = ("id", "energy", "power", "minimum", "component", "choice", "if")
BRANCH_KEYS = ("energy", "power")
MINIMUM_KEYS = ("energy", "power")
INCREASE_KEYS = ("id", "energy", "power", "if")
GRANT_KEYS = ("discount", "increase", "ignore_deflect", "applies_to", "while")
STATE_KEYS = ("phase", "turn", "flags", "played_this_turn", "you", "opponent")
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
)
RUNE_KEYS = ("id", "domain", "exhausted", "value")
OBJECT_KEYS = ("id", "card", "value", "location", "might", "exhausted", "buffs")
SOURCE_KEYS = ("id", "adds", "costs", "only_for")
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
)
LEAVES_CHAIN_KEYS = ("by", "to", "instructed_by")
OBJECTIVE_KEYS = ("weights", "benefits")
MAX_MIGHT_KEYS = ("max", "of")
COUNT_OF_KEYS = ("count", "zone", "times")
PER_PLAYED_KEYS = ("per", "times")

BASES = ("auto", "printed", "play_for")
PLAY_ZONES = ("hand", "trash")
COUNT_ZONES = ("board", "hand", "trash")
OBJECT_ZONES = ("hand", "trash", "board", "banishment")
KEYWORDS = KEYWORD_KEYS
LEAVES_BY = ("resolution", "counter", "effect")
LEAVES_TO = ("hand", "trash", "banishment", "board")
INSTRUCTED_BY = ("self", "other")
CONDITION_BASES = ("flow",)

_REPEAT_NAME = re.compile(r"repeat\.([0-9]+)")
# Suggestions for unknown ids compare against every id of that kind: cheap for one mistake,
# not for thousands. After this many, the remaining problems are reported without one.
_SUGGESTION_BUDGET = 50


class ScenarioError(Exception):
    """A malformed scenario: `problems` holds one "PATH: message" line per problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: list[str] = list(problems)
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        return "\n".join(self.problems)


# --- Entry points -------------------------------------------------------------------------------


def load_file(path: str | Path) -> Scenario:
    """Read a scenario file: JSON if its name ends in `.json`, else YAML (which also reads JSON)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ScenarioError([f"{path}: cannot read the file: {reason}"]) from None
    return scenario_from_data(_parse(text, str(path), as_json=path.suffix.lower() == ".json"))


def load_text(text: str, name: str = "<input>") -> Scenario:
    """Read a scenario from YAML or JSON text; `name` is used in syntax error messages."""
    return scenario_from_data(_parse(text, name, as_json=name.lower().endswith(".json")))


def scenario_from_data(data: object, require_play: bool = False) -> Scenario:
    """Build a scenario from already-parsed data (dicts, lists, strings, ints, bools, None).

    With `require_play`, a missing `play` is a problem too (the commands that plan one play).
    """
    reader = _Reader()
    scenario = reader.scenario(data, require_play)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario


def _parse(text: str, name: str, *, as_json: bool) -> object:
    """Parse JSON or YAML text; any syntax error becomes one `NAME:LINE:COL: ...` problem."""
    if as_json:
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError([f"{name}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}"]) from None
        except (ValueError, RecursionError) as exc:  # too deep, or a number too long to read
            raise ScenarioError([f"{name}: invalid JSON: {_exc_text(exc)}"]) from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        what = exc.problem or exc.context or "syntax error"
        raise ScenarioError([f"{name}{where}: invalid YAML: {what}"]) from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError) as exc:
        # The YAML constructors raise plain ValueErrors (a date like 2024-13-45, a huge int).
        raise ScenarioError([f"{name}: invalid YAML: {_exc_text(exc)}"]) from None


def _exc_text(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


# --- Small helpers ------------------------------------------------------------------------------


def _join(path: str, key: object) -> str:
    text = key if isinstance(key, str) else _show(key)
    if len(text) > 80:
        text = text[:77] + "..."
    return f"{path}.{text}" if path else text


def _index(path: str, i: int) -> str:
    return f"{path}[{i}]"


def _show(value: object) -> str:
    """A short, safe description of any value (no huge reprs, no int-to-str limits)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(10**18) < value < 10**18 else "a huge number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:57] + "..."
        return repr(text)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a value of type {type(value).__name__}"


def _kind(value: object) -> str:
    """What a value is, for "expected X, got Y" messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({_show(value)})"
    if isinstance(value, (int, float)):
        return f"the number {_show(value)}"
    if isinstance(value, str):
        return f"the string {_show(value)}"
    return _show(value)


def _options(options: Iterable[str]) -> str:
    return ", ".join(options)


# --- The reader ---------------------------------------------------------------------------------


class _Reader:
    """Reads one scenario, collecting problems instead of stopping at the first.

    Every method returns a usable value even when the input is bad (a default in place of the bad
    part), so that reading can go on and find the other problems; `scenario_from_data` raises as
    soon as any problem was recorded, so such placeholder values never escape.
    """

    def __init__(self) -> None:
        self.problems: list[str] = []
        self._suggestions_left = _SUGGESTION_BUDGET
        self.cards: dict[str, Card] = {}
        self.bad_cards: set[str] = set()
        self.ids = _Ids()

    # --- problems and suggestions

    def problem(self, path: str, message: str) -> None:
        self.problems.append(f"{path or '(top level)'}: {message}")

    def suggest(self, word: object, candidates: Iterable[str]) -> str:
        """` (did you mean 'x'?)` for the nearest candidate, or ``."""
        if not isinstance(word, str) or self._suggestions_left <= 0:
            return ""
        pool = list(candidates)
        if len(pool) > 20:
            self._suggestions_left -= 1
        close = difflib.get_close_matches(word[:200], pool, n=1, cutoff=0.6)
        return f" (did you mean {close[0]!r}?)" if close else ""

    def unknown(self, path: str, what: str, value: object, options: Sequence[str]) -> None:
        """`unknown domain 'firey' (did you mean 'fury'?)`, listing the options if none is near."""
        hint = self.suggest(value, options)
        if not hint and len(options) <= 12:
            hint = f" (expected one of: {_options(options)})"
        shown = _show(value) if isinstance(value, str) else _kind(value)
        self.problem(path, f"unknown {what} {shown}{hint}")

    # --- shapes

    def mapping(self, value: object, path: str, keys: Sequence[str]) -> dict[str, object]:
        """The known keys of a mapping whose values are not null; unknown keys are problems."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping, got {_kind(value)}")
            return {}
        out: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str) or key not in keys:
                hint = self.suggest(key, keys)
                if not hint and len(keys) <= 12:
                    hint = f" (expected one of: {_options(keys)})"
                self.problem(_join(path, key), f"unknown key {_show(key)}{hint}")
            elif item is not None:
                out[key] = item
        return out

    def items(self, value: object, path: str) -> list[object]:
        if not isinstance(value, list):
            self.problem(path, f"expected a list, got {_kind(value)}")
            return []
        return value

    def integer(self, value: object, path: str, limit: int = MAX_AMOUNT) -> int:
        """A whole number from 0 to `limit`."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(path, f"expected a whole number, got {_kind(value)}")
            return 0
        if value < 0:
            self.problem(path, f"must not be negative, got {_show(value)}")
            return 0
        if value > limit:
            self.problem(path, f"absurd amount {_show(value)} (at most {limit:,})")
            return 0
        return value

    def boolean(self, value: object, path: str) -> bool:
        if not isinstance(value, bool):
            self.problem(path, f"expected true or false, got {_kind(value)}")
            return False
        return value

    def string(self, value: object, path: str) -> str:
        """A non-empty string (an id, a name, a flag)."""
        if not isinstance(value, str):
            hint = " (quote it to make it a string)" if isinstance(value, (int, float)) else ""
            self.problem(path, f"expected a string, got {_kind(value)}{hint}")
            return ""
        if not value:
            self.problem(path, "must not be empty")
        return value

    def one_of(self, value: object, path: str, options: Sequence[str], what: str) -> str:
        """One of a fixed set of words; returns the first option on error."""
        if isinstance(value, str) and value in options:
            return value
        self.unknown(path, what, value, options)
        return options[0]

    def strings(self, value: object, path: str) -> tuple[str, ...]:
        """A list of strings; a single string is a one-item list."""
        if isinstance(value, str):
            return (self.string(value, path),)
        return tuple(self.string(v, _index(path, i)) for i, v in enumerate(self.items(value, path)))

    def words(self, value: object, path: str, options: Sequence[str], what: str) -> tuple[str, ...]:
        """A list of words from a fixed set; a single word is a one-item list."""
        if isinstance(value, str):
            return (self.one_of(value, path, options, what),)
        return tuple(
            self.one_of(v, _index(path, i), options, what)
            for i, v in enumerate(self.items(value, path))
        )

    # --- costs

    def power(self, value: object, path: str, c: str | None) -> Power:
        """A `{domain: count}` map; `any` is [A] and `c` is [C], resolved to the domain `c`."""
        keys = POWER_KEYS + ("c",)
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of domain to count, got {_kind(value)}")
            return NO_POWER
        pips = [0] * len(POWER_KEYS)
        for key, item in value.items():
            where = _join(path, key)
            if key == "c":
                if c is None:
                    self.problem(where, "`c` ([C]) is the domain of a card, and there is no card here")
                    continue
                slot = POWER_KEYS.index(c)
            elif isinstance(key, str) and key in POWER_KEYS:
                slot = POWER_KEYS.index(key)
            else:
                self.unknown(where, "domain", key, keys)
                continue
            if item is not None:
                pips[slot] += self.integer(item, where)
        return tuple(pips)

    def cost(self, value: object, path: str, c: str | None, *, other: bool = True) -> Cost:
        """A Cost mapping; with `other=False` only Energy and Power are allowed."""
        fields = self.mapping(value, path, COST_KEYS)
        energy = self.integer(fields["energy"], _join(path, "energy")) if "energy" in fields else 0
        power = self.power(fields["power"], _join(path, "power"), c) if "power" in fields else NO_POWER
        others: tuple[OtherCost, ...] = ()
        if "other" in fields:
            if other:
                others = self.other_costs(fields["other"], _join(path, "other"))
            else:
                self.problem(_join(path, "other"), "only Energy and Power are allowed here")
        return Cost(energy, power, others)

    def other_costs(self, value: object, path: str) -> tuple[OtherCost, ...]:
        out: list[OtherCost] = []
        for i, entry in enumerate(self.items(value, path)):
            where = _index(path, i)
            if not isinstance(entry, dict) or not entry:
                self.problem(
                    where,
                    f"expected a non-standard cost such as {{discard: 1}}, got {_kind(entry)}",
                )
                continue
            for kind, spec in entry.items():
                at = _join(where, kind)
                if not isinstance(kind, str) or kind not in OTHER_KINDS:
                    self.unknown(at, "non-standard cost", kind, OTHER_KINDS)
                    continue
                if isinstance(spec, dict):
                    fields = self.mapping(spec, at, OTHER_LONG_KEYS)
                    count = self.integer(fields["count"], _join(at, "count")) if "count" in fields else 1
                    f = self.filter(fields["filter"], _join(at, "filter")) if "filter" in fields else Filter()
                    out.append(OtherCost(kind, count, f))
                else:
                    out.append(OtherCost(kind, self.integer(spec, at)))
        return tuple(out)

    def cost_list(self, value: object, path: str, c: str | None) -> tuple[Cost, ...]:
        """A list of Costs; a single Cost mapping is a one-item list."""
        if isinstance(value, dict):
            return (self.cost(value, path, c),)
        return tuple(self.cost(v, _index(path, i), c) for i, v in enumerate(self.items(value, path)))

    # --- filters, amounts, conditions

    def filter(self, value: object, path: str) -> Filter:
        fields = self.mapping(value, path, FILTER_KEYS)

        def word(key: str, options: Sequence[str], what: str) -> str | None:
            if key not in fields:
                return None
            return self.one_of(fields[key], _join(path, key), options, what)

        def whole(key: str) -> int | None:
            return self.integer(fields[key], _join(path, key)) if key in fields else None

        return Filter(
            type=self.words(fields["type"], _join(path, "type"), CARD_TYPES, "card type")
            if "type" in fields
            else (),
            tags=self.strings(fields["tags"], _join(path, "tags")) if "tags" in fields else (),
            domain=word("domain", DOMAINS, "domain"),
            name=self.string(fields["name"], _join(path, "name")) if "name" in fields else None,
            max_might=whole("max_might"),
            min_might=whole("min_might"),
            location=word("location", LOCATIONS, "location"),
            controller=word("controller", PLAYERS, "controller"),
            from_zone=word("from", PLAY_ZONES, "zone"),
            keyword=word("keyword", KEYWORDS, "keyword"),
        )

    def amount(self, value: object, path: str) -> Amount:
        """A number or an amount expression: `{max: might, of}`, `{count, zone, times}`, `{per}`."""
        if not isinstance(value, dict):
            return self.integer(value, path)
        if "max" in value:
            fields = self.mapping(value, path, MAX_MIGHT_KEYS)
            if "max" in fields and fields["max"] != "might":
                self.unknown(_join(path, "max"), "amount", fields["max"], ("might",))
            of = self.filter(fields["of"], _join(path, "of")) if "of" in fields else Filter()
            return MaxMight(of)
        if "count" in value:
            fields = self.mapping(value, path, COUNT_OF_KEYS)
            of = self.filter(fields["count"], _join(path, "count")) if "count" in fields else Filter()
            zone = (
                self.one_of(fields["zone"], _join(path, "zone"), COUNT_ZONES, "zone")
                if "zone" in fields
                else "board"
            )
            times = self.integer(fields["times"], _join(path, "times")) if "times" in fields else 1
            return CountOf(of, zone, times)
        if "per" in value:
            fields = self.mapping(value, path, PER_PLAYED_KEYS)
            if "per" in fields and fields["per"] != "played_this_turn":
                self.unknown(_join(path, "per"), "amount", fields["per"], ("played_this_turn",))
            times = self.integer(fields["times"], _join(path, "times")) if "times" in fields else 1
            return PerPlayed(times)
        self.problem(
            path,
            "expected a number or an amount expression "
            "({max: might, of: ...}, {count: ..., zone: ..., times: ...}, {per: played_this_turn})",
        )
        return 0

    def conditions(self, value: object, path: str, c: str | None) -> tuple[Condition, ...]:
        """A condition mapping (several keys: several conditions) or a list of them."""
        if isinstance(value, list):
            out: list[Condition] = []
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    out.extend(self.conditions(item, _index(path, i), c))
                else:
                    self.problem(_index(path, i), f"expected a condition mapping, got {_kind(item)}")
            return tuple(out)
        fields = self.mapping(value, path, CONDITION_KINDS)
        return tuple(self.condition(kind, item, _join(path, kind), c) for kind, item in fields.items())

    def condition(self, kind: str, value: object, path: str, c: str | None) -> Condition:
        if kind in ("from", "not_from"):
            return Condition(kind, self.one_of(value, path, PLAY_ZONES, "zone"))
        if kind == "base":
            return Condition(kind, self.one_of(value, path, CONDITION_BASES, "base"))
        if kind == "printed_at_least":
            return Condition(kind, self.cost(value, path, c, other=False))
        if kind == "flag":
            return Condition(kind, self.string(value, path))
        if kind == "phase":
            return Condition(kind, self.one_of(value, path, PHASES, "phase"))
        if kind == "at":
            return Condition(kind, self.one_of(value, path, LOCATIONS, "location"))
        return Condition(kind, self.filter(value, path))  # targets

    # --- discounts, increases, grants

    def discount(self, value: object, path: str, c: str | None) -> Discount:
        fields = self.mapping(value, path, DISCOUNT_KEYS)
        energy: Amount = self.amount(fields["energy"], _join(path, "energy")) if "energy" in fields else 0
        power = self.power(fields["power"], _join(path, "power"), c) if "power" in fields else NO_POWER
        min_energy: Amount = 0
        min_power = 0
        if "minimum" in fields:
            where = _join(path, "minimum")
            minimum = self.mapping(fields["minimum"], where, MINIMUM_KEYS)
            if "energy" in minimum:
                min_energy = self.amount(minimum["energy"], _join(where, "energy"))
            if "power" in minimum:
                min_power = self.integer(minimum["power"], _join(where, "power"))
        component = (
            self.one_of(fields["component"], _join(path, "component"), COMPONENTS, "component")
            if "component" in fields
            else "total"
        )
        choice: tuple[Discount, ...] = ()
        if "choice" in fields:
            where = _join(path, "choice")
            choice = tuple(
                self.branch(item, _index(where, i), c)
                for i, item in enumerate(self.items(fields["choice"], where))
            )
            if "energy" in fields or "power" in fields:
                self.problem(
                    where,
                    "a discount with `choice` takes its amounts from its branches: "
                    "leave out `energy` and `power`",
                )
        conditions = self.conditions(fields["if"], _join(path, "if"), c) if "if" in fields else ()
        ident = self.string(fields["id"], _join(path, "id")) if "id" in fields else None
        return Discount(ident, energy, power, min_energy, min_power, component, choice, conditions)

    def branch(self, value: object, path: str, c: str | None) -> Discount:
        fields = self.mapping(value, path, BRANCH_KEYS)
        energy: Amount = self.amount(fields["energy"], _join(path, "energy")) if "energy" in fields else 0
        power = self.power(fields["power"], _join(path, "power"), c) if "power" in fields else NO_POWER
        return Discount(energy=energy, power=power)

    def discounts(self, value: object, path: str, c: str | None) -> tuple[Discount, ...]:
        return tuple(
            self.discount(item, _index(path, i), c) for i, item in enumerate(self.items(value, path))
        )

    def increase(self, value: object, path: str, c: str | None) -> Increase:
        fields = self.mapping(value, path, INCREASE_KEYS)
        energy: Amount = self.amount(fields["energy"], _join(path, "energy")) if "energy" in fields else 0
        power = self.power(fields["power"], _join(path, "power"), c) if "power" in fields else NO_POWER
        conditions = self.conditions(fields["if"], _join(path, "if"), c) if "if" in fields else ()
        ident = self.string(fields["id"], _join(path, "id")) if "id" in fields else None
        return Increase(ident, energy, power, conditions)

    def grant(self, value: object, path: str, c: str | None) -> Grant:
        fields = self.mapping(value, path, GRANT_KEYS)
        discount = (
            self.discount(fields["discount"], _join(path, "discount"), c)
            if "discount" in fields
            else None
        )
        increase = (
            self.increase(fields["increase"], _join(path, "increase"), c)
            if "increase" in fields
            else None
        )
        ignore = (
            self.boolean(fields["ignore_deflect"], _join(path, "ignore_deflect"))
            if "ignore_deflect" in fields
            else False
        )
        given = (discount is not None) + (increase is not None) + ignore
        if isinstance(value, dict) and given != 1:
            self.problem(
                path,
                "a grant gives exactly one of `discount`, `increase`, `ignore_deflect: true`"
                + (f"; this one gives {given}" if given else ""),
            )
        applies_to = (
            self.filter(fields["applies_to"], _join(path, "applies_to"))
            if "applies_to" in fields
            else Filter()
        )
        while_ = self.conditions(fields["while"], _join(path, "while"), c) if "while" in fields else ()
        return Grant(discount, increase, ignore, applies_to, while_)

    # --- cards

    def card_library(self, value: object, path: str) -> None:
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

    def card(self, card_id: str, value: object, path: str) -> Card:
        fields = self.mapping(value, path, CARD_KEYS)
        if isinstance(value, dict) and "type" not in fields:
            self.problem(_join(path, "type"), f"missing (one of: {_options(CARD_TYPES)})")
        card_type = (
            self.one_of(fields["type"], _join(path, "type"), CARD_TYPES, "card type")
            if "type" in fields
            else CARD_TYPES[0]
        )
        domains: tuple[str, ...] = ()
        if "domains" in fields:
            where = _join(path, "domains")
            domains = self.words(fields["domains"], where, DOMAINS, "domain")
            if len(set(domains)) != len(domains):
                self.problem(where, "a domain is listed twice")
        c = domains[0] if len(domains) == 1 else ANY
        name = self.string(fields["name"], _join(path, "name")) if "name" in fields else card_id
        cost = self.cost(fields["cost"], _join(path, "cost"), c) if "cost" in fields else Cost()
        timing = (
            self.one_of(fields["timing"], _join(path, "timing"), TIMINGS, "timing")
            if "timing" in fields
            else "normal"
        )
        might = self.integer(fields["might"], _join(path, "might")) if "might" in fields else None
        tags = self.strings(fields["tags"], _join(path, "tags")) if "tags" in fields else ()
        keywords = (
            self.keywords(fields["keywords"], _join(path, "keywords"), c)
            if "keywords" in fields
            else Keywords()
        )
        additional = (
            self.additional_costs(fields["additional_costs"], _join(path, "additional_costs"), c)
            if "additional_costs" in fields
            else ()
        )
        discounts = (
            self.discounts(fields["discounts"], _join(path, "discounts"), c)
            if "discounts" in fields
            else ()
        )
        grants: tuple[Grant, ...] = ()
        if "grants" in fields:
            where = _join(path, "grants")
            grants = tuple(
                self.grant(item, _index(where, i), c)
                for i, item in enumerate(self.items(fields["grants"], where))
            )
        return Card(
            card_id, name, card_type, domains, cost, timing, might, tags, keywords, additional,
            discounts, grants,
        )  # fmt: skip

    def keywords(self, value: object, path: str, c: str) -> Keywords:
        fields = self.mapping(value, path, KEYWORD_KEYS)
        flow = self.cost_list(fields["flow"], _join(path, "flow"), c) if "flow" in fields else ()
        repeat = self.cost_list(fields["repeat"], _join(path, "repeat"), c) if "repeat" in fields else ()
        deflect = self.integer(fields["deflect"], _join(path, "deflect")) if "deflect" in fields else 0
        accelerate: Cost | None = None
        if "accelerate" in fields:
            item = fields["accelerate"]
            where = _join(path, "accelerate")
            if item is True:
                accelerate = Cost.of(energy=1, power={c: 1})
            elif isinstance(item, dict):
                accelerate = self.cost(item, where, c)
            elif item is not False:
                self.problem(where, f"expected true, false or a Cost, got {_kind(item)}")
        return Keywords(flow, accelerate, repeat, deflect)

    def additional_costs(self, value: object, path: str, c: str) -> tuple[AdditionalCost, ...]:
        out: list[AdditionalCost] = []
        seen: set[str] = set()
        for i, item in enumerate(self.items(value, path)):
            where = _index(path, i)
            fields = self.mapping(item, where, ADDITIONAL_COST_KEYS)
            ident = ""
            if "id" in fields:
                ident = self.string(fields["id"], _join(where, "id"))
                if ident in ("accelerate", "repeat") or _REPEAT_NAME.fullmatch(ident):
                    self.problem(_join(where, "id"), f"{ident!r} is the name of a keyword's cost")
                elif ident in seen:
                    self.problem(_join(where, "id"), f"duplicate additional cost id {ident!r}")
                seen.add(ident)
            elif isinstance(item, dict):
                self.problem(_join(where, "id"), "missing (an additional cost needs an id)")
            mandatory = (
                self.boolean(fields["mandatory"], _join(where, "mandatory"))
                if "mandatory" in fields
                else True
            )
            cost = self.cost(fields["cost"], _join(where, "cost"), c) if "cost" in fields else Cost()
            unlocks = (
                self.discounts(fields["unlocks"], _join(where, "unlocks"), c)
                if "unlocks" in fields
                else ()
            )
            out.append(AdditionalCost(ident, mandatory, cost, unlocks))
        return tuple(out)

    # --- state

    def state(self, value: object, path: str) -> State:
        fields = self.mapping(value, path, STATE_KEYS)
        phase = (
            self.one_of(fields["phase"], _join(path, "phase"), PHASES, "phase")
            if "phase" in fields
            else "main"
        )
        turn = (
            self.one_of(fields["turn"], _join(path, "turn"), PLAYERS, "player")
            if "turn" in fields
            else "you"
        )
        flags = self.strings(fields["flags"], _join(path, "flags")) if "flags" in fields else ()
        played = (
            self.integer(fields["played_this_turn"], _join(path, "played_this_turn"), MAX_TOTAL)
            if "played_this_turn" in fields
            else 0
        )
        ids = self.ids
        players: dict[str, PlayerState] = {}
        raw_sources: dict[str, object] = {}
        for who in PLAYERS:
            if who in fields:
                players[who], sources = self.player(fields[who], _join(path, who), who, ids)
                if sources is not None:
                    raw_sources[who] = sources
            else:
                players[who] = PlayerState()
        # Sources name objects: read them once every id of both players is known.
        for who, sources in raw_sources.items():
            where = _join(_join(path, who), "sources")
            players[who] = _replace_sources(players[who], self.sources(sources, where, who, ids))
        return State(phase, turn, flags, played, players["you"], players["opponent"])

    def player(
        self, value: object, path: str, who: str, ids: _Ids
    ) -> tuple[PlayerState, object | None]:
        fields = self.mapping(value, path, PLAYER_KEYS)
        prefix = "" if who == "you" else "opponent."
        runes: tuple[Rune, ...] = ()
        if "runes" in fields:
            runes = self.runes(fields["runes"], _join(path, "runes"), who, ids, prefix, "r{n}")
        rune_deck: tuple[Rune, ...] = ()
        if "rune_deck" in fields:
            where = _join(path, "rune_deck")
            if isinstance(fields["rune_deck"], dict):
                self.problem(where, "expected a list of runes, got a mapping")
            else:
                rune_deck = self.runes(fields["rune_deck"], where, who, ids, prefix, "rune_deck[{i}]")
        pool = (
            self.cost(fields["pool"], _join(path, "pool"), None, other=False)
            if "pool" in fields
            else Cost()
        )
        zones: dict[str, tuple[GameObject, ...]] = {}
        for zone in OBJECT_ZONES:
            zones[zone] = (
                self.objects(fields[zone], _join(path, zone), zone, who, ids, prefix)
                if zone in fields
                else ()
            )
        xp = self.integer(fields["xp"], _join(path, "xp"), MAX_TOTAL) if "xp" in fields else 0
        state = PlayerState(
            runes=runes,
            pool=pool,
            hand=zones["hand"],
            trash=zones["trash"],
            board=zones["board"],
            xp=xp,
            banishment=zones["banishment"],
            rune_deck=rune_deck,
        )
        return state, fields.get("sources")

    def runes(
        self, value: object, path: str, who: str, ids: _Ids, prefix: str, pattern: str
    ) -> tuple[Rune, ...]:
        out: list[Rune] = []
        if isinstance(value, dict):  # shorthand {fury: 3, calm: 2}: ids r1.. in map order
            for key, count in value.items():
                where = _join(path, key)
                if not isinstance(key, str) or key not in DOMAINS:
                    self.unknown(where, "domain", key, DOMAINS)
                    continue
                for _ in range(self.integer(count, where)):
                    ident = prefix + f"r{len(out) + 1}"
                    ids.add(self, ident, who, "rune", where)
                    out.append(Rune(ident, key))
            return tuple(out)
        for i, item in enumerate(self.items(value, path)):
            where = _index(path, i)
            fields = self.mapping(item, where, RUNE_KEYS)
            if "id" in fields:
                ident = self.string(fields["id"], _join(where, "id"))
            else:
                ident = prefix + pattern.format(n=i + 1, i=i)
            ids.add(self, ident, who, "rune", where)
            if isinstance(item, dict) and "domain" not in fields:
                self.problem(_join(where, "domain"), f"missing (one of: {_options(DOMAINS)})")
            domain = (
                self.one_of(fields["domain"], _join(where, "domain"), DOMAINS, "domain")
                if "domain" in fields
                else DOMAINS[0]
            )
            exhausted = (
                self.boolean(fields["exhausted"], _join(where, "exhausted"))
                if "exhausted" in fields
                else False
            )
            rune_value = self.integer(fields["value"], _join(where, "value")) if "value" in fields else None
            out.append(Rune(ident, domain, exhausted, rune_value))
        return tuple(out)

    def objects(
        self, value: object, path: str, zone: str, who: str, ids: _Ids, prefix: str
    ) -> tuple[GameObject, ...]:
        out: list[GameObject] = []
        for i, item in enumerate(self.items(value, path)):
            where = _index(path, i)
            if isinstance(item, str):  # shorthand: a card id
                ident = prefix + f"{zone}[{i}]"
                ids.add(self, ident, who, zone, where)
                out.append(GameObject(ident, self.card_ref(item, where)))
                continue
            fields = self.mapping(item, where, OBJECT_KEYS)
            if "id" in fields:
                ident = self.string(fields["id"], _join(where, "id"))
            else:
                ident = prefix + f"{zone}[{i}]"
            ids.add(self, ident, who, zone, where)
            card = ""
            if "card" in fields:
                card = self.card_ref(fields["card"], _join(where, "card"))
            elif isinstance(item, dict):
                self.problem(_join(where, "card"), "missing (the id of the object's card)")

            def whole(key: str) -> int | None:
                return self.integer(fields[key], _join(where, key)) if key in fields else None

            location = (
                self.one_of(fields["location"], _join(where, "location"), LOCATIONS, "location")
                if "location" in fields
                else None
            )
            exhausted = (
                self.boolean(fields["exhausted"], _join(where, "exhausted"))
                if "exhausted" in fields
                else False
            )
            out.append(
                GameObject(
                    ident,
                    card,
                    value=whole("value"),
                    location=location,
                    might=whole("might"),
                    exhausted=exhausted,
                    buffs=whole("buffs") or 0,
                )
            )
        return tuple(out)

    def card_ref(self, value: object, path: str) -> str:
        """The id of a card in the library."""
        if not isinstance(value, str):
            return self.string(value, path)
        if value not in self.cards:
            self.problem(path, f"unknown card {value!r}{self.suggest(value, self.cards)}")
        return value

    def sources(self, value: object, path: str, who: str, ids: _Ids) -> tuple[Source, ...]:
        out: list[Source] = []
        for i, item in enumerate(self.items(value, path)):
            where = _index(path, i)
            fields = self.mapping(item, where, SOURCE_KEYS)
            ident = ""
            if "id" in fields:
                ident = self.string(fields["id"], _join(where, "id"))
                if ident:
                    self.owned(ident, _join(where, "id"), who, ids, "a source")
            elif isinstance(item, dict):
                self.problem(_join(where, "id"), "missing (the object or rune with the ability)")
            adds = Cost()
            if "adds" in fields:
                adds = self.cost(fields["adds"], _join(where, "adds"), None, other=False)
            elif isinstance(item, dict):
                self.problem(_join(where, "adds"), "missing (what one activation adds)")
            costs: tuple[str | Cost, ...] = ("exhaust",)
            if "costs" in fields:
                at = _join(where, "costs")
                costs = tuple(
                    self.cost(entry, _index(at, j), None, other=False)
                    if isinstance(entry, dict)
                    else self.one_of(entry, _index(at, j), SOURCE_COSTS, "source cost")
                    for j, entry in enumerate(self.items(fields["costs"], at))
                )
            only_for = (
                self.filter(fields["only_for"], _join(where, "only_for"))
                if "only_for" in fields
                else None
            )
            out.append(Source(ident, adds, costs, only_for))
        return tuple(out)

    def owned(self, ident: str, path: str, who: str, ids: _Ids, what: str) -> str | None:
        """Check that `ident` is an object or rune of `who`; its zone (or "rune") if so."""
        found = ids.where.get(ident)
        if found is None:
            candidates = (k for k, v in ids.where.items() if v[0] == who)
            self.problem(path, f"unknown object {ident!r}{self.suggest(ident, candidates)}")
            return None
        owner, zone = found
        if owner != who:
            mine, theirs = ("yours", "the opponent's") if who == "you" else ("the opponent's", "yours")
            self.problem(path, f"{what} must be {mine}, and {ident!r} is {theirs}")
            return None
        return zone

    # --- the play

    def play(self, value: object, path: str, state: State) -> Play:
        fields = self.mapping(value, path, PLAY_KEYS)
        you = state.you
        from_zone = (
            self.one_of(fields["from"], _join(path, "from"), PLAY_ZONES, "zone")
            if "from" in fields
            else None
        )
        obj: GameObject | None = None
        zone = from_zone or "hand"
        object_id = ""
        if "object" in fields:
            where = _join(path, "object")
            object_id = self.string(fields["object"], where)
            found = you.find(object_id) if object_id else None
            if found is None and object_id:
                self.missing_object(object_id, where, state)
            elif found is not None:
                obj_zone, obj = found
                if obj_zone not in PLAY_ZONES:
                    self.problem(
                        where,
                        f"{object_id!r} is in your {obj_zone}; only cards in your hand or trash "
                        "can be played",
                    )
                    obj = None
                elif from_zone is not None and from_zone != obj_zone:
                    self.problem(
                        _join(path, "from"),
                        f"{object_id!r} is in your {obj_zone}, not your {from_zone}",
                    )
                zone = obj_zone
        if "card" in fields:
            where = _join(path, "card")
            card_id = self.card_ref(fields["card"], where)
            if obj is not None:
                if obj.card != card_id:
                    self.problem(where, f"{object_id!r} is a {obj.card!r}, not a {card_id!r}")
            elif "object" not in fields and card_id:
                zones = (from_zone,) if from_zone else PLAY_ZONES
                for z in zones:
                    obj = next((o for o in you.zone(z) if o.card == card_id), None)
                    if obj is not None:
                        zone, object_id = z, obj.id
                        break
                if obj is None and card_id in self.cards:
                    self.problem(
                        where, f"no {card_id!r} in your {' or '.join(zones)} to play"
                    )
        if isinstance(value, dict) and "object" not in fields and "card" not in fields:
            self.problem(path, "the play names no object: give `object` (an id) or `card`")
        card = self.cards.get(obj.card) if obj is not None else None
        if card is not None and card.id in self.bad_cards:
            card = None  # its definition has problems already: don't pile more on
        c = card.own_domain if card is not None else ANY

        base: str | tuple[str, int] = "auto"
        if "base" in fields:
            base = self.base(fields["base"], _join(path, "base"), card)
        ignore = (
            self.one_of(fields["ignore"], _join(path, "ignore"), IGNORES, "ignore")
            if "ignore" in fields
            else None
        )
        play_for = (
            self.cost(fields["play_for"], _join(path, "play_for"), c)
            if "play_for" in fields
            else None
        )
        if base == "play_for" and play_for is None:
            self.problem(_join(path, "base"), "`base: play_for` needs `play_for` (the cost)")
        targets: tuple[str, ...] = ()
        if "targets" in fields:
            targets = self.targets(fields["targets"], _join(path, "targets"), state)
        optional = (
            self.optional(fields["optional"], _join(path, "optional"), card)
            if "optional" in fields
            else ()
        )
        discounts = (
            self.discounts(fields["discounts"], _join(path, "discounts"), c)
            if "discounts" in fields
            else ()
        )
        permit = self.boolean(fields["permit"], _join(path, "permit")) if "permit" in fields else False
        leaves = (
            self.leaves_chain(fields["leaves_chain"], _join(path, "leaves_chain"))
            if "leaves_chain" in fields
            else LeavesChain()
        )
        return Play(
            object_id, zone, base, ignore, play_for, targets, optional, discounts, permit, leaves
        )

    def missing_object(self, ident: str, path: str, state: State) -> None:
        found = self.ids.where.get(ident)
        if found is not None and found[0] == "opponent":
            self.problem(path, f"{ident!r} is the opponent's; you can only play your own cards")
        elif found is not None:
            self.problem(path, f"{ident!r} is a rune, not a card")
        else:
            ids = [o.id for z in PLAY_ZONES for o in state.you.zone(z)]
            self.problem(path, f"unknown object {ident!r}{self.suggest(ident, ids)}")

    def base(self, value: object, path: str, card: Card | None) -> str | tuple[str, int]:
        if isinstance(value, str):
            return self.one_of(value, path, BASES, "base")
        if not isinstance(value, dict):
            self.problem(path, f"expected auto, printed, play_for or {{flow: N}}, got {_kind(value)}")
            return "auto"
        fields = self.mapping(value, path, ("flow",))
        if "flow" not in fields:
            self.problem(path, "expected {flow: N} (N: which Flow instance, from 0)")
            return "auto"
        where = _join(path, "flow")
        before = len(self.problems)
        index = self.integer(fields["flow"], where)
        if card is not None and len(self.problems) == before and index >= len(card.keywords.flow):
            have = len(card.keywords.flow)
            self.problem(
                where,
                f"no Flow instance {index}: {card.id!r} has "
                + (f"{have} (0 to {have - 1})" if have else "no Flow"),
            )
        return ("flow", index)

    def targets(self, value: object, path: str, state: State) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else self.items(value, path)
        out: list[str] = []
        for i, item in enumerate(items):
            where = path if isinstance(value, str) else _index(path, i)
            ident = self.string(item, where)
            if ident and ident not in self.ids.where:
                every = [o.id for p in (state.you, state.opponent) for z in OBJECT_ZONES for o in p.zone(z)]
                self.problem(where, f"unknown object {ident!r}{self.suggest(ident, every)}")
            out.append(ident)
        return tuple(out)

    def optional(self, value: object, path: str, card: Card | None) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to yes/no/auto, got {_kind(value)}")
            return ()
        names = optional_names(card) if card is not None else None
        out: dict[str, str] = {}
        for key, choice in value.items():
            where = _join(path, key)
            if not isinstance(key, str):
                self.problem(where, f"an optional cost name must be a string, got {_kind(key)}")
                continue
            name = normalise_optional(key)
            if card is not None and names is not None and name not in names:
                mandatory = any(a.id == name and a.mandatory for a in card.additional_costs)
                if mandatory:
                    self.problem(where, f"{key!r} is a mandatory cost of {card.id!r}, not optional")
                else:
                    have = f" (it has: {_options(names)})" if names else " (it has none)"
                    hint = self.suggest(key, names)
                    self.problem(
                        where, f"{card.id!r} has no optional cost {key!r}{hint or have}"
                    )
                continue
            if name in out:
                self.problem(where, f"{key!r} is listed twice (as {name!r})")
                continue
            if choice is True:
                out[name] = "yes"
            elif choice is False:
                out[name] = "no"
            else:
                out[name] = self.one_of(choice, where, OPTIONAL_CHOICES, "choice")
        return tuple(out.items())

    def leaves_chain(self, value: object, path: str) -> LeavesChain:
        fields = self.mapping(value, path, LEAVES_CHAIN_KEYS)
        by = (
            self.one_of(fields["by"], _join(path, "by"), LEAVES_BY, "way to leave the Chain")
            if "by" in fields
            else "resolution"
        )
        to = self.one_of(fields["to"], _join(path, "to"), LEAVES_TO, "zone") if "to" in fields else None
        instructed_by = (
            self.one_of(fields["instructed_by"], _join(path, "instructed_by"), INSTRUCTED_BY, "instructor")
            if "instructed_by" in fields
            else "other"
        )
        return LeavesChain(by, to, instructed_by)

    # --- the objective

    def objective(self, value: object, path: str) -> Objective:
        fields = self.mapping(value, path, OBJECTIVE_KEYS)
        weights = DEFAULT_WEIGHTS
        if "weights" in fields:
            where = _join(path, "weights")
            given = self.mapping(fields["weights"], where, tuple(DEFAULT_WEIGHTS))
            if given:
                merged = dict(DEFAULT_WEIGHTS)
                for key, item in given.items():
                    merged[key] = self.integer(item, _join(where, key), MAX_TOTAL)
                weights = MappingProxyType(merged)
        benefits = DEFAULT_BENEFITS
        if "benefits" in fields:
            where = _join(path, "benefits")
            raw = fields["benefits"]
            if not isinstance(raw, dict):
                self.problem(where, f"expected a mapping of optional cost to value, got {_kind(raw)}")
            elif raw:
                known = ["accelerate", "repeat"] + [
                    a.id for card in self.cards.values() for a in card.additional_costs
                    if not a.mandatory
                ]  # fmt: skip
                known_set = set(known)
                merged = dict(DEFAULT_BENEFITS)
                for key, item in raw.items():
                    at = _join(where, key)
                    name = normalise_optional(key) if isinstance(key, str) else ""
                    if name not in known_set and not _REPEAT_NAME.fullmatch(name):
                        hint = self.suggest(key, known)
                        self.problem(at, f"unknown optional cost {_show(key)}{hint}")
                        continue
                    if item is not None:
                        merged[name] = self.integer(item, at, MAX_TOTAL)
                benefits = MappingProxyType(merged)
        return Objective(weights, benefits)

    # --- the whole scenario

    def scenario(self, data: object, require_play: bool) -> Scenario:
        if not isinstance(data, dict):
            what = "an empty file" if data is None else _kind(data)
            self.problem(
                "", f"expected a mapping with the keys {_options(TOP_KEYS)}, got {what}"
            )
            return Scenario()
        fields = self.mapping(data, "", TOP_KEYS)
        if "format" not in fields:
            self.problem("format", f"missing (required: {FORMAT})")
        elif fields["format"] != FORMAT:
            self.problem("format", f"unknown format {_show(fields['format'])} (expected {FORMAT!r})")
        if "cards" in fields:
            self.card_library(fields["cards"], "cards")
        state = self.state(fields["state"], "state") if "state" in fields else State()
        play: Play | None = None
        if "play" in fields:
            play = self.play(fields["play"], "play", state)
        elif require_play:
            self.problem("play", "missing (this command plans one play)")
        objective = self.objective(fields["objective"], "objective") if "objective" in fields else Objective()
        return Scenario(MappingProxyType(dict(self.cards)), state, play, objective)


# --- Ids ----------------------------------------------------------------------------------------


class _Ids:
    """Every object and rune id in the state, with its owner and zone, for one-pass checks."""

    def __init__(self) -> None:
        self.where: dict[str, tuple[str, str]] = {}
        self.paths: dict[str, str] = {}

    def add(self, reader: _Reader, ident: str, who: str, zone: str, path: str) -> None:
        if not ident:
            return
        if ident in self.where:
            reader.problem(path, f"duplicate id {ident!r} (also at {self.paths[ident]})")
            return
        self.where[ident] = (who, zone)
        self.paths[ident] = path


def _replace_sources(player: PlayerState, sources: tuple[Source, ...]) -> PlayerState:
    return PlayerState(
        player.runes, player.pool, player.hand, player.trash, player.board, player.xp, sources,
        player.banishment, player.rune_deck,
    )  # fmt: skip


# --- Optional cost names ------------------------------------------------------------------------


def normalise_optional(name: str) -> str:
    """`repeat.0` is `repeat`; `repeat.01` is `repeat.1`; other names are unchanged."""
    match = _REPEAT_NAME.fullmatch(name)
    if match is None:
        return name
    n = int(match.group(1)) if len(match.group(1)) < 10 else 10**9
    return "repeat" if n == 0 else f"repeat.{n}"


def optional_names(card: Card) -> tuple[str, ...]:
    """The names `play.optional` may use for this card, in canonical order."""
    names: list[str] = []
    if card.keywords.accelerate is not None:
        names.append("accelerate")
    names.extend("repeat" if i == 0 else f"repeat.{i}" for i in range(len(card.keywords.repeat)))
    names.extend(a.id for a in card.additional_costs if not a.mandatory)
    return tuple(names)
