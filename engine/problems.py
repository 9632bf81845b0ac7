"""Refusals as values: one `Problem` per bad value, a `ScenarioError` carrying them.

A problem's `path` is where the bad value is in the data, as keys and list indices from the top
(`("state", "you", "runes", 3, "domain")`); its text form is the line every command prints,
`state.you.runes[3].domain: unknown domain 'firey' (did you mean 'fury'?)`. A problem with the
text itself rather than a value in it (a file that can't be read, a YAML syntax error, a file
over the size limit) has no data path: `source` says where it is (`f.yaml:4:1`) instead.

Code that moves problems around (the service adds `scenario` in front of every path, `payplan
play` files a problem about `play` under `plays[i]`) works on the tuple, never on the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["NOT_IN_ZONE", "DataPath", "Problem", "ScenarioError", "exception_line", "path_text"]

DataPath = tuple[str | int, ...]
"""Keys (str) and list indices (int) from the top of the data; () is the top level."""

NOT_IN_ZONE = "not_in_zone"
"""The code of "the played card is not in the zone": `payplan play` waits for a later play's turn
before it reports this (an earlier play may bring the card there)."""

MAX_KEY_TEXT = 80  # a key longer than this is shortened in messages
MAX_LINE = 1000
"""A problem's line is cut to this many characters: a value a message quotes is already cut
where it is quoted (`engine.reading.show`), so only a message that lists many long values
reaches it; a huge id never makes a huge line."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad value: where it is and what is wrong with it."""

    path: DataPath
    message: str
    source: str | None = None  # a place in the text (`NAME:LINE:COL`) when there is no path
    code: str | None = None  # a stable name for a problem code reacts to (NOT_IN_ZONE)

    def __str__(self) -> str:
        where = self.source if self.source is not None else path_text(self.path)
        line = f"{where}: {self.message}"
        return line if len(line) <= MAX_LINE else line[: MAX_LINE - 3] + "..."

    def under(self, *prefix: str | int) -> Problem:
        """The same problem, its path starting with `prefix` (data nested one level deeper)."""
        return Problem(prefix + self.path, self.message, self.source, self.code)

    def moved(self, old: DataPath, new: DataPath) -> Problem:
        """The same problem with the leading `old` of its path replaced by `new`."""
        if self.path[: len(old)] != old:
            return self
        return Problem(new + self.path[len(old):], self.message, self.source, self.code)


def path_text(path: DataPath) -> str:
    """`state.you.runes[3].domain`; `(top level)` for the empty path."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
            continue
        key = part if part.isprintable() else repr(part)  # a line break stays escaped: one line
        key = key if len(key) <= MAX_KEY_TEXT else key[: MAX_KEY_TEXT - 3] + "..."
        text = f"{text}.{key}" if text else key
    return text or "(top level)"


class ScenarioError(ValueError):
    """A scenario (or a request, or a command's input) that can't be used: `problems` holds one
    `Problem` per bad value, all found at once. Its text is one `path: message` line each.

    A `ValueError`, so that callers who only know "the input was bad" can catch that. Every
    public entry point (`load_file`, `load_text`, `plan`, `plan_hand`, `orders`, `apply_play`)
    raises it, never an AssertionError, for input it can't use.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(str(self))

    @classmethod
    def at(cls, path: DataPath, message: str) -> ScenarioError:
        """The error of one problem."""
        return cls([Problem(path, message)])

    @property
    def lines(self) -> tuple[str, ...]:
        """One `path: message` line per problem, as the commands print them."""
        return tuple(str(p) for p in self.problems)

    def __str__(self) -> str:
        return "\n".join(self.lines)


def exception_line(exc: BaseException) -> str:
    """An exception as one line of at most 200 characters: its message's first line, or its
    type's name when it has none."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."
