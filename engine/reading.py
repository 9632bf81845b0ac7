"""Reading a scenario file, whatever its format: the bounded reader, YAML and JSON parsing, and
the problems-with-paths machinery every ruleset's loader builds on.

- `read_data(path)` / `parse_text(text, name)` / `parse_json(line, ...)`: parsed, not yet checked
  data, within the size limits (`Limits`: bytes, then values as they are parsed, so a huge or
  hostile input is refused before it is read whole). A syntax error is one
  `NAME:LINE:COL: message` problem; a key repeated in one mapping, or a number too long to
  read, is an error at its path. YAML is read by YAML 1.2's core schema (the values JSON
  gives: `yes` is a word, `1:30` a string, `010` ten); a leading byte-order mark is dropped, in
  a file, a text, a `serve` line alike.
- `plain_data(data)`: data built in Python (tuples, numpy integers) as the parsers give it.
- `Reader`: reads one scenario, collecting every problem (`Problem(path, message)`) instead of
  stopping at the first, each naming the path of the bad value and suggesting the nearest known
  word. `engine.loader` (`payplan/1`) and `engine.mtg.loader` (`mtg/1`) subclass it with their
  formats' words.
"""

from __future__ import annotations

import difflib
import json
import numbers
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, Callable, Iterable, Iterator, Mapping, Sequence, TypeVar

import yaml

from .problems import DataPath, Problem, ScenarioError, exception_line, path_text
from .turn import TURN_KEYS, Turn

__all__ = ["Fields", "Ids", "Limits", "MAX_AMOUNT", "MAX_TOTAL", "Reader", "STDIN_NAME",
           "bounded_lines", "index", "join", "kind", "options_text", "parse_json", "parse_text",
           "plain_data", "read_data", "show"]

MAX_AMOUNT = 1000
MAX_TOTAL = 1_000_000

# Suggestions for unknown ids compare against every id of that kind: cheap for one mistake,
# not for thousands. After this many, the remaining problems are reported without one.
_SUGGESTION_BUDGET = 50

T = TypeVar("T")
D = TypeVar("D")
W = TypeVar("W", bound=str)  # one word of a fixed set (a Literal alias: Domain, Zone, ...)


def read_data(path: str | Path, limits: Limits | None = None,
              stdin: IO[bytes] | None = None) -> object:
    """The parsed, not yet checked, data of a scenario file (`-`: standard input, `stdin` or
    this process's); a ScenarioError if it can't be read or parsed (the file, line and column of
    a syntax error), or is over the size limits (checked before the file is read whole: its
    size, then its values as they are parsed). Any stream works (a pipe, `/dev/stdin`, a
    device): it is read once, at most one byte past the limit."""
    limits = limits if limits is not None else Limits.from_env()
    name = STDIN_NAME if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            raw = _read_at_most(stdin if stdin is not None else sys.stdin.buffer,
                                limits.max_bytes + 1)
        else:
            with Path(path).open("rb") as stream:
                raw = _read_at_most(stream, limits.max_bytes + 1)
        if len(raw) > limits.max_bytes:
            raise ScenarioError([limits.too_big(name, "the file")])
        text = raw.decode("utf-8")  # a leading byte-order mark: `parse_text` drops it
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ScenarioError([_at(name, f"cannot read the file: {reason}")]) from None
    except MemoryError:
        raise ScenarioError([_at(name, "not enough memory to read the file (lower "
                                       "PAYPLAN_MAX_BYTES)")]) from None
    del raw
    as_json = name != STDIN_NAME and Path(path).suffix.lower() == ".json"
    try:
        return parse_text(text, name, as_json=as_json, limits=limits)
    except MemoryError:
        raise ScenarioError([_at(name, "not enough memory to parse the file (lower "
                                       "PAYPLAN_MAX_BYTES or PAYPLAN_MAX_VALUES)")]) from None


def _read_at_most(stream: IO[bytes], size: int) -> bytearray:
    """At most `size` bytes of `stream`, read in pieces (one `read(size)` would allocate `size`
    bytes up front, whatever the file holds)."""
    data = bytearray()
    while len(data) < size:
        part = stream.read(min(size - len(data), 1 << 20))
        if not part:
            break
        data += part
    return data


STDIN_NAME = "<stdin>"
"""The name standard input goes by in problems (`<stdin>:3:1: invalid YAML: ...`)."""

Line = TypeVar("Line", str, bytes)


def bounded_lines(readline: Callable[[int], Line], max_bytes: int
                  ) -> Iterator[tuple[int, Line | None]]:
    """Numbered lines (from 1) of a stream, as `readline(size)` reads it, each at most
    `max_bytes` long plus its line break. A longer line is yielded as None as soon as it is
    known to be too long, before the rest of it is read: the rest is read past in pieces, never
    held whole, when the next line is asked for (so an endless line, `/dev/zero`, is refused at
    once and costs no memory)."""
    number = 0
    while True:
        raw = readline(max_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_bytes and not _ends_line(raw):
            yield number, None
            while raw and not _ends_line(raw):
                raw = readline(1 << 16)
        else:
            yield number, raw


def _ends_line(raw: str | bytes) -> bool:
    return raw.endswith(b"\n") if isinstance(raw, bytes) else raw.endswith("\n")

# --- Size limits and parsing --------------------------------------------------------------------

MAX_BYTES = 8 * 1024 * 1024
"""Default size limit of a file or a `serve` request line, in bytes (env PAYPLAN_MAX_BYTES)."""
MAX_VALUES = 500_000
"""Default limit on the values in one file or request (env PAYPLAN_MAX_VALUES): every mapping,
list, key and scalar counts one, and a YAML alias counts every value it repeats."""


@dataclass(frozen=True, slots=True)
class Limits:
    """How big an input may be. A real scenario is a few kilobytes; the limits stop a huge or
    hostile input (a YAML alias bomb) before it costs seconds and gigabytes."""

    max_bytes: int = MAX_BYTES
    max_values: int = MAX_VALUES

    @classmethod
    def from_env(cls) -> Limits:
        """The limits, with `PAYPLAN_MAX_BYTES` / `PAYPLAN_MAX_VALUES` where they are set (to
        a whole number from 1 to 2^62; `_` may group digits, blank is unset). Any other value
        is a ScenarioError naming the variable (`PAYPLAN_MAX_BYTES: expected ...`), never
        ignored: a limit the user meant to set but mistyped would otherwise silently hold."""
        problems: list[Problem] = []
        max_bytes = _env_int("PAYPLAN_MAX_BYTES", MAX_BYTES, problems)
        max_values = _env_int("PAYPLAN_MAX_VALUES", MAX_VALUES, problems)
        if problems:
            raise ScenarioError(problems)
        return cls(max_bytes, max_values)

    def too_big(self, name: str, what: str) -> Problem:
        return _at(name, f"{what} is over the size limit of {self.max_bytes:,} bytes "
                         f"(raise it with the environment variable PAYPLAN_MAX_BYTES)")

    def too_many(self, name: str, what: str) -> Problem:
        return _at(name, f"{what} has more than {self.max_values:,} values (raise the limit with "
                         f"the environment variable PAYPLAN_MAX_VALUES)")


MAX_LIMIT = 2**62  # beyond any memory: a limit past it is a typo
VALUE_BYTES = 100
"""The least memory one value of a file takes once the loader has read it (a Python object and
its place in a container): a file whose values, an alias counting every value it repeats, would
take more than the available memory is refused before it is built, whatever the limits say."""


def available_mb() -> int | None:
    """The memory available for new work, in MB: `MemAvailable` of /proc/meminfo, else the free
    pages `os.sysconf` counts; None where neither says."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // (1024 * 1024)
    except (AttributeError, ValueError, OSError):
        return None


def _env_int(name: str, default: int, problems: list[Problem]) -> int:
    text = os.environ.get(name, "")
    if not text.strip():
        return default
    digits = text.strip()
    if digits.isascii() and digits.replace("_", "").isdigit() and "__" not in digits and \
            not digits.startswith("_") and not digits.endswith("_") and len(digits) < 30:
        value = int(digits.replace("_", ""))
        if 1 <= value <= MAX_LIMIT:
            return value
    problems.append(_at(name, f"expected a whole number from 1 to 2^62 (this environment "
                              f"variable is a size limit), got {show(text)}"))
    return default


def _at(source: str, message: str) -> Problem:
    """A problem with the text itself (no data path): `source` is the file or `NAME:LINE:COL`."""
    return Problem((), message, source=source)


def parse_text(text: str, name: str, *, as_json: bool, limits: Limits | None = None) -> object:
    """Parse JSON or YAML text within the limits; a syntax error becomes one `NAME:LINE:COL: ...`
    problem, a duplicate key one problem at its path, a size over the limits one problem. A
    leading byte-order mark (U+FEFF) is dropped; YAML is read by the core schema of YAML 1.2,
    the same values JSON gives."""
    limits = limits if limits is not None else Limits.from_env()
    text = _without_bom(text)
    if len(text) > limits.max_bytes and len(text.encode("utf-8")) > limits.max_bytes:
        raise ScenarioError([limits.too_big(name, "the text")])
    if as_json or text.lstrip().startswith("{"):
        # JSON is (nearly) YAML, and reading it as JSON is many times faster on big states.
        try:
            return parse_json(text, name, limits)
        except ScenarioError:
            if as_json:
                raise
        # not JSON after all: YAML says what is wrong with it
    return _parse_yaml(text, name, limits)


def parse_json(text: str, name: str, limits: Limits | None = None,
               line: int | None = None) -> object:
    """JSON text as data: NaN and Infinity are not numbers, a key may appear once per object, and
    the values are counted (a text within the byte limit can't be slow to parse; what it holds
    is counted before the reader walks it). `line`: the text is that line of `name` (a `serve`
    request), and positions are `NAME:LINE:COLUMN`. A leading byte-order mark is dropped."""
    limits = limits if limits is not None else Limits.from_env()
    text = _without_bom(text)
    duplicates: dict[int, list[str]] = {}

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        out = dict(items)
        if len(out) != len(items):
            seen: set[str] = set()
            duplicates[id(out)] = [k for k, _ in items if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
        return out

    def load(parse_int: Callable[[str], object] | None) -> object:
        duplicates.clear()
        return json.loads(text, object_pairs_hook=pairs, parse_constant=_no_constant,
                          parse_int=parse_int)

    try:
        try:
            data = load(None)
        except json.JSONDecodeError:
            raise
        except ValueError:  # a number too long to convert (read again to say where it is)
            data = load(_decimal)
    except json.JSONDecodeError as exc:
        where = f"{name}:{exc.lineno}" if line is None else f"{name}:{line}"
        raise ScenarioError([_at(f"{where}:{exc.colno}", f"invalid JSON: {exc.msg}")]) from None
    except (ValueError, RecursionError) as exc:  # too deep
        where = name if line is None else f"{name}:{line}"
        raise ScenarioError([_at(where, f"invalid JSON: {exception_line(exc)}")]) from None
    _check_values(data, name if line is None else f"{name}:{line}", limits, duplicates)
    return data


def _without_bom(text: str) -> str:
    """The text without its leading byte-order mark, if it has one (an editor's UTF-8 BOM)."""
    return text[1:] if text.startswith("\ufeff") else text


def _no_constant(word: str) -> object:
    raise ValueError(f"{word} is not a JSON number")


def _check_values(data: object, name: str, limits: Limits,
                  duplicates: Mapping[int, Sequence[object]]) -> None:
    """Count the values of parsed data (stopping past the limit: shared or self-containing YAML
    nodes are counted as often as the reader would walk them) and report duplicate keys and
    numbers too long to read (`LongNumber`), each at its path."""
    count = 0
    problems: list[Problem] = []
    # Each value with a link to its parent's (parent link, key): paths are built only for the
    # duplicates, so a deep or self-containing input costs one step per value, not its depth.
    Link = tuple[object, object] | None
    stack: list[tuple[object, Link]] = [(data, None)]
    while stack:
        value, link = stack.pop()
        count += 1
        if count > limits.max_values:
            raise ScenarioError([limits.too_many(name, "the data")])
        if isinstance(value, LongNumber):
            problems.append(Problem(_unlink(link), str(value)))
        elif isinstance(value, dict):
            for key in duplicates.get(id(value), ()):
                problems.append(Problem(join(_unlink(link), key),
                                        f"duplicate key {show(key)} (a key may appear once)"))
            problems.extend(Problem(_unlink(link), f"a key is {key}")
                            for key in value if isinstance(key, LongNumber))
            count += len(value)
            stack.extend((item, (link, key if isinstance(key, str) else show(key)))
                         for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, (link, i)) for i, item in reversed(list(enumerate(value))))
    if problems:
        raise ScenarioError(problems)


def _unlink(link: object) -> DataPath:
    """The path a chain of (parent link, key) pairs stands for."""
    keys: list[object] = []
    while isinstance(link, tuple):
        link, key = link
        keys.append(key)
    path: DataPath = ()
    for key in reversed(keys):
        path = index(path, key) if isinstance(key, int) else join(path, key)
    return path


# --- YAML 1.2 --------------------------------------------------------------------------------
# A scalar without quotes is read by the core schema of YAML 1.2, as JSON reads the same text:
# `true`/`false` are the only booleans (`yes`, `no`, `on`, `off` are words), an integer is
# decimal (`010` is ten; `1:30` is a string, not ninety), or `0o17`/`0x1F`; a float is
# `1.5`, `1e3`, `.inf`, `.nan`; no dates, no `=`. PyYAML's own resolvers are YAML 1.1's, which
# read `energy: 1:30` as 90 and `optional: no` as false: a file must mean what it says.

_CORE_INT = re.compile(r"[-+]?[0-9]+\Z")
_CORE_OCTAL = re.compile(r"0o[0-7]+\Z")
_CORE_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_CORE_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_CORE_SPECIAL_FLOAT = {**{f"{sign}.{inf}": float(f"{sign}inf")
                          for sign in ("", "+", "-") for inf in ("inf", "Inf", "INF")},
                       ".nan": float("nan"), ".NaN": float("nan"), ".NAN": float("nan")}
_CORE_BOOL = {"true": True, "True": True, "TRUE": True,
              "false": False, "False": False, "FALSE": False}


@dataclass(frozen=True, eq=False, slots=True)
class LongNumber:
    """An integer with more digits than Python converts from text (`sys.get_int_max_str_digits`),
    in parsed data in place of the number: `_check_values` refuses it at its path."""

    digits: int

    def __str__(self) -> str:
        return f"a number of more than {self.digits:,} digits"


def _max_digits() -> int:
    """How many decimal digits an int may have to be read from text (0: no limit)."""
    limit: int = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    return limit


def _decimal(text: str) -> int | LongNumber:
    """A decimal integer's value, or a LongNumber for one too long to convert."""
    limit = _max_digits()
    if limit and len(text.lstrip("+-")) > limit:
        return LongNumber(limit)
    return int(text)


class _YamlLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe YAML loader with the core schema of YAML 1.2, recording the keys a mapping
    repeats (PyYAML keeps the last)."""

    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: dict[int, list[object]] = {}

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[object, object]:
        written = list(node.value)  # before merge keys are flattened into it
        mapping: dict[object, object] = super().construct_mapping(node, deep=deep)
        if len(mapping) < len(node.value):
            seen: list[object] = []
            repeated: list[object] = []
            for key_node, _ in written:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # `<<: *base` merges keys that the mapping may then override
                key = self.construct_object(key_node, deep=True)
                (repeated if key in seen else seen).append(key)
            if repeated:
                self.duplicates.setdefault(id(mapping), []).extend(repeated)
        return mapping

    def construct_yaml_map(self, node: yaml.MappingNode) -> Iterator[dict[object, object]]:
        data: dict[object, object] = {}
        yield data
        value = self.construct_mapping(node)
        data.update(value)
        if id(value) in self.duplicates:
            self.duplicates[id(data)] = self.duplicates.pop(id(value))

    def construct_core_bool(self, node: yaml.ScalarNode) -> bool:
        text = self.construct_scalar(node)
        if text not in _CORE_BOOL:
            raise self._not_core(node, "boolean (true or false)")
        return _CORE_BOOL[text]

    def construct_core_int(self, node: yaml.ScalarNode) -> int | LongNumber:
        text = self.construct_scalar(node)
        if _CORE_INT.match(text):
            return _decimal(text)
        if _CORE_OCTAL.match(text) or _CORE_HEX.match(text):
            return int(text[2:], 8 if text[1] == "o" else 16)
        raise self._not_core(node, "integer (decimal digits, 0o octal or 0x hexadecimal)")

    def construct_core_float(self, node: yaml.ScalarNode) -> float:
        text = self.construct_scalar(node)
        if text in _CORE_SPECIAL_FLOAT:
            return _CORE_SPECIAL_FLOAT[text]
        if not _CORE_FLOAT.match(text):
            raise self._not_core(node, "float (digits with a point or an exponent, .inf or .nan)")
        return float(text)

    @staticmethod
    def _not_core(node: yaml.ScalarNode, what: str) -> yaml.constructor.ConstructorError:
        """`!!int 1:30`: a value its explicit tag does not read, by YAML 1.2's rules."""
        return yaml.constructor.ConstructorError(
            None, None, f"{show(node.value)} is not a YAML 1.2 {what}", node.start_mark)


for _tag, _pattern, _first in (
        ("tag:yaml.org,2002:null", r"(?:~|null|Null|NULL|)\Z", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:bool", r"(?:true|True|TRUE|false|False|FALSE)\Z", list("tTfF")),
        ("tag:yaml.org,2002:int", r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z",
         list("-+0123456789")),
        ("tag:yaml.org,2002:float", r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                                    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z",
         list("-+.0123456789")),
        ("tag:yaml.org,2002:merge", r"<<\Z", ["<"])):  # `<<: *base`, as PyYAML reads it
    _YamlLoader.add_implicit_resolver(_tag, re.compile(_pattern), _first)
_YamlLoader.add_constructor("tag:yaml.org,2002:map", _YamlLoader.construct_yaml_map)

# YAML 1.1's other booleans and numbers, strings by YAML 1.2: where a boolean or a whole number
# is expected, the problem says why it is a string.
_YAML11_BOOLS = frozenset(("yes", "no", "on", "off", "y", "n"))
_YAML11_NUMBER = re.compile(r"[-+]?(0b[01_]+|[0-9][0-9_]*(:[0-5]?[0-9])+|[0-9]+(_+[0-9]+)+)\Z")
_YAML_BOOL_HINT = " (write true or false: YAML 1.2 reads yes, no, on and off as words)"
_YAML_NUMBER_HINT = (" (write the number in decimal digits: YAML 1.2 reads 1:30, 1_000 and 0b11 "
                     "as text)")
_YamlLoader.add_constructor("tag:yaml.org,2002:bool", _YamlLoader.construct_core_bool)
_YamlLoader.add_constructor("tag:yaml.org,2002:int", _YamlLoader.construct_core_int)
_YamlLoader.add_constructor("tag:yaml.org,2002:float", _YamlLoader.construct_core_float)


def _parse_yaml(text: str, name: str, limits: Limits) -> object:
    try:
        _count_yaml(text, name, limits)
        loader = _YamlLoader(text)
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except ScenarioError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        what = exc.problem or exc.context or "syntax error"
        raise ScenarioError([_at(f"{name}{where}", f"invalid YAML: {what}")]) from None
    except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError) as exc:
        # The YAML constructors raise plain ValueErrors (a date like 2024-13-45, a huge int).
        raise ScenarioError([_at(name, f"invalid YAML: {exception_line(exc)}")]) from None
    _check_values(data, name, limits, loader.duplicates)
    return data


def _count_yaml(text: str, name: str, limits: Limits) -> None:
    """Count the values of YAML text from its event stream, before anything is built: an alias
    counts every value of the node it repeats, so an alias bomb is refused in its first lines.
    An alias inside the node its anchor names (`a: &c {x: *c}`) would build a value that
    contains itself, endless to walk: it is refused at the alias, whatever the limits; and
    values (aliases counted whole) that would not fit in the available memory are refused too,
    whatever `PAYPLAN_MAX_VALUES` allows (an alias bomb under a limit raised to 2^62)."""
    size: dict[str, int] = {}  # anchor -> values in its node
    open_nodes: list[tuple[str | None, int]] = []  # (anchor, count before the node)
    count = 0
    available = available_mb()
    fits = limits.max_values if available is None else available * 1024 * 1024 // VALUE_BYTES
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            if any(anchor == event.anchor for anchor, _ in open_nodes):
                raise ScenarioError([_self_alias(name, event)])
            count += size.get(event.anchor or "", 1)
        elif isinstance(event, yaml.ScalarEvent):
            count += 1
            if event.anchor is not None:
                size[event.anchor] = 1
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            open_nodes.append((event.anchor, count))
            count += 1
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, before = open_nodes.pop()
            if anchor is not None:
                size[anchor] = count - before
        if count > limits.max_values:
            raise ScenarioError([limits.too_many(name, "the text")])
        if count > fits:
            raise ScenarioError([_at(name, f"the text has more than {fits:,} values, more than "
                                           f"the available memory ({available:,} MB) holds at "
                                           f"{VALUE_BYTES} bytes a value")])


def _self_alias(name: str, event: yaml.AliasEvent) -> Problem:
    mark = event.start_mark
    where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
    return _at(f"{name}{where}", f"invalid YAML: the alias *{event.anchor} is inside the node "
                                 f"&{event.anchor} it repeats, so that node contains itself "
                                 f"(a cycle)")


# --- Small helpers ------------------------------------------------------------------------------


def join(path: DataPath, key: object) -> DataPath:
    """The path of a mapping's value; a key that is not a string is named by its text."""
    return (*path, key if isinstance(key, str) else show(key))


def index(path: DataPath, i: int) -> DataPath:
    return (*path, i)


_SHOWN = 60  # a string longer than this is cut in messages


def show(value: object) -> str:
    """A short, safe description of any value (no huge reprs, no int-to-str limits)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(10**18) < value < 10**18 else "a huge number"
    if isinstance(value, LongNumber):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        text = value if len(value) <= _SHOWN else value[:_SHOWN - 3] + "..."
        return repr(text)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a value of type {type(value).__name__}"


def kind(value: object) -> str:
    """What a value is, for "expected X, got Y" messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({show(value)})"
    if isinstance(value, (int, float)):
        return f"the number {show(value)}"
    if isinstance(value, str):
        return f"the string {show(value)}"
    return show(value)


def plain_data(data: object) -> object:
    """Data from Python as the parsers give it: any mapping a dict, any sequence (not a string
    or bytes) a list, any integral number (`numbers.Integral`: numpy's integers too) an int,
    a subclass of float or str its plain value; anything else as it is (a bool stays a bool, so
    it is refused where a number is expected; a key that is not a scalar stays as it is). Shared
    and self-containing parts stay so; nested to any depth."""
    made: dict[int, tuple[object, dict[Any, Any] | list[Any]]] = {}  # id -> (source, copy)
    todo: list[tuple[Mapping[Any, Any] | Sequence[Any], dict[Any, Any] | list[Any]]] = []

    def plain(value: object) -> object:
        if isinstance(value, (Mapping, Sequence)) and \
                not isinstance(value, (str, bytes, bytearray, memoryview)):
            if id(value) not in made:  # the source is kept, so its id is not reused
                made[id(value)] = (value, {} if isinstance(value, Mapping) else [])
                todo.append((value, made[id(value)][1]))
            return made[id(value)][1]
        return scalar(value)

    def scalar(value: object) -> object:
        if isinstance(value, bool):
            return value
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, float):
            return float(value)
        return str(value) if isinstance(value, str) else value

    top = plain(data)
    while todo:
        source, out = todo.pop()
        if isinstance(source, Mapping) and isinstance(out, dict):
            out.update((scalar(key), plain(item)) for key, item in source.items())
        elif isinstance(out, list):
            out.extend(plain(item) for item in source)
    return top


def options_text(options: Iterable[str]) -> str:
    """Words or ids, comma-separated, each cut as `show` cuts a string."""
    return ", ".join(option if len(option) <= _SHOWN else option[:_SHOWN - 3] + "..."
                     for option in options)

# --- The reader ---------------------------------------------------------------------------------


class Fields:
    """The known, non-null keys of one mapping, with its path, for reading optional keys tersely.

    `f.read("energy", 0, reader.integer)` is `reader.integer(value, "PATH.energy")` when the key
    is there and `0` when it is not.
    """

    def __init__(self, reader: Reader, values: dict[str, object], path: DataPath) -> None:
        self.reader = reader
        self.values = values
        self.path = path

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def __getitem__(self, key: str) -> object:
        return self.values[key]

    def at(self, key: str) -> DataPath:
        return join(self.path, key)

    def read(self, key: str, default: D, read: Callable[..., T], *args: object) -> T | D:
        if key not in self.values:
            return default
        return read(self.values[key], self.at(key), *args)

    def word(self, key: str, default: D, options: Sequence[W], what: str) -> W | D:
        if key not in self.values:
            return default
        return self.reader.one_of(self.values[key], self.at(key), options, what)

    def require(self, key: str, what: str) -> None:
        """Report `key` missing (the mapping itself was read, so the key is what is wrong)."""
        self.reader.problem(self.at(key), f"missing ({what})")

    def require_play(self) -> None:
        """Report the top level's `play` missing for a command that plans one play, pointing a
        file that has a `turn` to `payplan turn`."""
        turn = " (this file has a `turn`: plan it with `payplan turn`)" if "turn" in self else ""
        self.reader.problem(self.at("play"), f"missing (this command plans one play){turn}")

class Reader:
    """Reads one scenario, collecting problems instead of stopping at the first.

    Every method returns a usable value even when the input is bad (a default in place of the bad
    part), so that reading can go on and find the other problems; `scenario_from_data` raises as
    soon as any problem was recorded, so such placeholder values never escape.
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self._suggestions_left = _SUGGESTION_BUDGET
        self.bad_cards: set[str] = set()  # card ids whose definitions have problems
        self.ids = Ids()

    # --- problems and suggestions

    def problem(self, path: DataPath, message: str) -> None:
        self.problems.append(Problem(path, message))

    def suggest(self, word: object, candidates: Iterable[str]) -> str:
        """` (did you mean 'x'?)` for the nearest candidate, or ``."""
        if not isinstance(word, str) or self._suggestions_left <= 0:
            return ""
        pool = list(candidates)
        if len(pool) > 20:
            self._suggestions_left -= 1
        # Short ids (`h2` for `h1`) share less, so they get a lower bar.
        cutoff = 0.5 if len(word) <= 4 else 0.6
        close = difflib.get_close_matches(word[:200], pool, n=1, cutoff=cutoff)
        return f" (did you mean {show(close[0])}?)" if close else ""

    def unknown(self, path: DataPath, what: str, value: object, options: Sequence[str]) -> None:
        """`unknown domain 'firey' (did you mean 'fury'?)`, listing the options if none is near."""
        if not isinstance(value, str):
            expected = f"one of: {options_text(options)}" if len(options) <= 12 else f"a {what}"
            self.problem(path, f"expected {expected}; got {kind(value)}")
            return
        hint = self.suggest(value, options)
        if not hint and len(options) <= 12:
            hint = f" (expected one of: {options_text(options)})"
        self.problem(path, f"unknown {what} {show(value)}{hint}")

    # --- shapes

    def fields(self, value: object, path: DataPath, keys: Sequence[str]) -> Fields:
        """The known keys of a mapping whose values are not null; unknown keys are problems."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping, got {kind(value)}")
            return Fields(self, {}, path)
        out: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str) or key not in keys:
                hint = self.suggest(key, keys)
                if not hint and len(keys) <= 12:
                    hint = f" (expected one of: {options_text(keys)})"
                self.problem(join(path, key), f"unknown key {show(key)}{hint}")
            elif item is not None:
                out[key] = item
        return Fields(self, out, path)

    def items(self, value: object, path: DataPath) -> list[object]:
        if not isinstance(value, list):
            self.problem(path, f"expected a list, got {kind(value)}")
            return []
        return value

    def each(self, value: object, path: DataPath) -> Iterator[tuple[DataPath, object]]:
        """The items of a list, each with its path."""
        for i, item in enumerate(self.items(value, path)):
            yield index(path, i), item

    def integer(self, value: object, path: DataPath, limit: int = MAX_AMOUNT) -> int:
        """A whole number from 0 to `limit`."""
        if isinstance(value, bool) or not isinstance(value, int):
            hint = _YAML_NUMBER_HINT if isinstance(value, str) and _YAML11_NUMBER.match(value) else ""
            self.problem(path, f"expected a whole number, got {kind(value)}{hint}")
            return 0
        if value < 0:
            self.problem(path, f"must not be negative, got {show(value)}")
            return 0
        if value > limit:
            self.problem(path, f"absurd amount {show(value)} (at most {limit:,})")
            return 0
        return value

    def large(self, value: object, path: DataPath) -> int:
        """A whole number from 0 to 1,000,000 (XP, cards played, objective values)."""
        return self.integer(value, path, MAX_TOTAL)

    def read_turn(self, value: object, path: DataPath,
                  play: Callable[[object, DataPath], T], key: Callable[[T], str],
                  auto_keys: Callable[[], set[str]]) -> Turn[T]:
        """`turn: {candidates: auto | [PLAY, ...], values: {KEY: N}, max_plays: N}`
        (`docs/turns.md`), for either ruleset: its loader reads each listed play
        (`play`), names its candidate (`key`) and says which keys `auto` offers (`auto_keys`).
        A value's key must name a candidate of the turn."""
        f = self.fields(value, path, TURN_KEYS)
        candidates = f["candidates"] if "candidates" in f else "auto"
        listed: tuple[T, ...] | None = None
        keys: set[str] | None = None  # None: the candidates are bad, so no name is checked
        if candidates == "auto":
            keys = auto_keys()
        elif isinstance(candidates, list):
            listed = tuple(play(entry, where)
                           for where, entry in self.each(candidates, f.at("candidates")))
            keys = {key(p) for p in listed}
        else:
            self.problem(f.at("candidates"), f"expected a list of candidates or auto, got "
                                             f"{kind(candidates)}")
        values: dict[str, int] = {}
        if "values" in f:
            raw = f["values"]
            if not isinstance(raw, dict):
                self.problem(f.at("values"), f"expected a mapping of candidate to value, got "
                                             f"{kind(raw)}")
            else:
                for name, n in raw.items():
                    where = join(f.at("values"), name)
                    if keys is not None and (not isinstance(name, str) or name not in keys):
                        self.problem(where, f"names no candidate of the turn"
                                            f"{self.suggest(name, sorted(keys))}")
                        continue
                    values[str(name)] = self.large(n, where)
        max_plays = f.read("max_plays", None, self.large)
        return Turn(listed, MappingProxyType(values), max_plays)

    def boolean(self, value: object, path: DataPath) -> bool:
        if not isinstance(value, bool):
            hint = _YAML_BOOL_HINT if isinstance(value, str) and value.lower() in _YAML11_BOOLS else ""
            self.problem(path, f"expected true or false, got {kind(value)}{hint}")
            return False
        return value

    def string(self, value: object, path: DataPath) -> str:
        """A non-empty string (an id, a name, a flag)."""
        if not isinstance(value, str):
            hint = " (quote it to make it a string)" if isinstance(value, (int, float)) else ""
            self.problem(path, f"expected a string, got {kind(value)}{hint}")
            return ""
        if not value:
            self.problem(path, "must not be empty")
        return value

    def one_of(self, value: object, path: DataPath, options: Sequence[W], what: str) -> W:
        """One of a fixed set of words (typed as the set's own words); the first option on error."""
        for option in options:
            if value == option:
                return option
        self.unknown(path, what, value, options)
        return options[0]

    def strings(self, value: object, path: DataPath) -> tuple[str, ...]:
        """A list of strings; a single string is a one-item list."""
        if isinstance(value, str):
            return (self.string(value, path),)
        return tuple(self.string(item, where) for where, item in self.each(value, path))

    def words(
        self, value: object, path: DataPath, options: Sequence[str], what: str
    ) -> tuple[str, ...]:
        """A list of words from a fixed set; a single word is a one-item list."""
        if isinstance(value, str):
            return (self.one_of(value, path, options, what),)
        listed = self.each(value, path)
        return tuple(self.one_of(item, where, options, what) for where, item in listed)

# --- Ids ----------------------------------------------------------------------------------------


class Ids:
    """Every object and rune id in the state, with its owner and zone, for one-pass checks."""

    def __init__(self) -> None:
        self.where: dict[str, tuple[str, str]] = {}
        self.paths: dict[str, DataPath] = {}

    def add(self, reader: Reader, ident: str, who: str, zone: str, path: DataPath) -> None:
        if not ident:
            return
        if ident in self.where:
            reader.problem(path, f"duplicate id {show(ident)} (also at "
                                 f"{path_text(self.paths[ident])})")
            return
        self.where[ident] = (who, zone)
        self.paths[ident] = path
