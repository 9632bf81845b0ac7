"""The rulesets: every game payplan plans, registered under the `format` its files say.

A ruleset is one game: how to read its files, plan a play, list every play of a hand, count the
orders of its discounts, run a sequence of plays, check a payment the player chose, plan a turn,
apply a plan to the state and write a state back. It is an object with the methods of
`Ruleset`, typed by its scenario and plan types (`Ruleset[Scenario, Plan]`); the command line,
`serve`, `batch`, `bench`, `gen` and the Python API ask this registry for the ruleset of a file
(`for_data`, by its `format`) or of a loaded scenario (`of`), and never compare a format string
themselves. A ruleset that generates benchmark scenarios also has the attributes of `Bench`
(`payplan gen` and `payplan bench` use those: `benches`); one whose planner is slow to import
may name the modules `serve`'s and `batch`'s workers import ahead (`preload`, read by
`preloads`).

Two rulesets ship: `payplan/1` (`planner.riftbound.ruleset.RULESET`) and `mtg/1`
(`planner.mtg.ruleset.RULESET`). A third game is one package with a `Ruleset` object, plus one
registration, in any of three ways:

- `register(ruleset)` from Python (this process only);
- an entry point in the group `payplan.rulesets` of an installed distribution, naming the object
  (`mygame = "mygame.rules:RULESET"`): every process finds it, serve's and batch's workers too;
- the environment variable `PAYPLAN_RULESETS`, a comma-separated list of `module:attribute`
  import paths, read by every process that starts with it (workers inherit it): the way to add a
  ruleset without installing anything, as the tests do.
"""

from __future__ import annotations

import difflib
import importlib
import os
import threading
from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING, Any, Mapping, Protocol, TypeVar, runtime_checkable

from ..engine.problems import Problem, ScenarioError
from .answers import Answer, Check, Hand, Orders, Plan, PlayResult
from .config import SolverConfig

if TYPE_CHECKING:
    from .turn import Moves

ENTRY_POINTS = "payplan.rulesets"
ENVIRONMENT = "PAYPLAN_RULESETS"
BUILT_IN = ("payplan.planner.riftbound.ruleset:RULESET", "payplan.planner.mtg.ruleset:RULESET")

S = TypeVar("S")  # a ruleset's scenario value (what its `load` returns)
P_co = TypeVar("P_co", bound=Plan, covariant=True)  # its plan (what its `plan` returns)


@dataclass(frozen=True, slots=True)
class Family:
    """A family of seeded benchmark scenarios: its name, default size, the sizes the suites
    sweep, and a few words on what SIZE means."""

    name: str
    default: int
    sizes: tuple[int, ...]
    about: str


@runtime_checkable
class Ruleset(Protocol[S, P_co]):
    """One game, over its scenario values `S` and its plans `P_co`. `load` reads a file's parsed
    data into its scenario value (a `ScenarioError` lists every problem, each at its path); the
    commands take that value."""

    @property
    def format(self) -> str:
        """What its files say in `format:`."""

    @property
    def title(self) -> str:
        """A few words for a person: "Riftbound-style card plays (rule 353)"."""

    def owns(self, scenario: object) -> bool:
        """Whether `scenario` is a scenario value of this ruleset (what `load` returns)."""

    def load(self, data: object, *, require_play: bool = False) -> S:
        """The scenario of parsed data; with `require_play`, a missing `play` is a problem."""

    def plan(self, scenario: S, config: SolverConfig) -> P_co:
        """The cheapest plan for the scenario's play."""

    def hand(self, scenario: S, config: SolverConfig) -> Hand:
        """Every play that could be made now, planned."""

    def orders(self, scenario: S, config: SolverConfig) -> Orders:
        """Each total the orders of the play's discounts reach."""

    def play(self, data: Mapping[str, object], config: SolverConfig) -> PlayResult:
        """Plan and apply the file's `play` (or each of its `plays`); raises `ScenarioError`
        for a bad file."""

    def check(self, data: Mapping[str, object], config: SolverConfig,
              scenario: S | None = None) -> Check:
        """Check the payment a file holds at its top level (`payment`, in the shape of the
        plan's JSON) for its `play`, with the choices it names beside it (in the plan's shape;
        one left out is the one `plan` would make for that payment): legal or not (each problem
        `path: message`), its score, and the best plan's (`planner.check`). Given a loaded
        `scenario` (the Python API), `data` holds the payment and the choices only. Raises
        `ScenarioError` for a bad file (the other commands' loaders refuse `payment`)."""

    def turn(self, scenario: S, config: SolverConfig) -> Answer:
        """The best turn (`docs/turns.md`): the plays to make, in order, paid together
        (`planner.turn`)."""

    def turn_moves(self, scenario: S, defer: bool = True) -> Moves[Any]:
        """The turn planner's `planner.turn.Moves` for this scenario (`defer=False`: every state
        holds everything, no part of the payment settled at the end: the baselines' view)."""

    def apply_play(self, scenario: S, plan: Plan) -> S:
        """The scenario after `plan` (an ok plan of `scenario`'s play, as `plan` returned it) is
        paid and resolved: its state is the state after, and it has no play (a TypeError for
        another ruleset's plan)."""

    def dump(self, scenario: S) -> dict[str, object]:
        """The scenario as data in its format (`load(dump(s))` is `s`)."""


@runtime_checkable
class Bench(Ruleset[S, P_co], Protocol[S, P_co]):
    """A ruleset with benchmark hooks (`payplan gen`, `payplan bench`); the built-in rulesets
    have them."""

    @property
    def families(self) -> tuple[Family, ...]:
        """The benchmark generator's families."""

    @property
    def bench(self) -> str | None:
        """The import path of a module with the ruleset's benchmark parts for `payplan bench`
        (`benchmarks/parts.py` lists what it holds: `measure`, `shape`, its suites, its cliffs
        knobs, its typical plan); None: it has none."""

    def generate(self, family: str, size: int, seed: int) -> dict[str, object]:
        """A seeded benchmark scenario of one of `families`, as data."""


R = TypeVar("R", bound=Ruleset[Any, Plan])

_REGISTRY: dict[str, Ruleset[Any, Plan]] = {}
_LOADING = threading.RLock()  # held while the registry is filled (re-entrant: an import may ask)
_LOADED = False  # the built-in rulesets and PAYPLAN_RULESETS are registered
_SCANNED = False  # the installed entry points are too (only looked at when a format is missing)


def register(ruleset: R) -> R:
    """Add a ruleset (replacing one of the same format); returns it."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"{ruleset!r} does not have the methods of a Ruleset")
    _REGISTRY[ruleset.format] = ruleset
    return ruleset


def unregister(format_: str) -> None:
    """Take the ruleset of `format_` out of this process's registry (a test's own ruleset)."""
    _load_all()
    _REGISTRY.pop(format_, None)


def _load_all(scan: bool = False) -> None:
    """The built-in rulesets and `PAYPLAN_RULESETS`, once; with `scan`, the installed entry
    points too (reading every installed distribution's metadata costs start-up time, so it is
    done only when a format is not found otherwise)."""
    with _LOADING:  # threads (serve's and web's warm-up) must not see a half-filled registry
        _load_locked(scan)


def _load_locked(scan: bool) -> None:
    global _LOADED, _SCANNED
    paths: list[str] = []
    if not _LOADED:
        _LOADED = True
        paths += BUILT_IN
        paths += [p.strip() for p in os.environ.get(ENVIRONMENT, "").split(",") if p.strip()]
    if scan and not _SCANNED:
        _SCANNED = True
        paths += [entry.value for entry in metadata.entry_points(group=ENTRY_POINTS)]
    for path in paths:
        module, _, attribute = path.partition(":")
        try:
            value = getattr(importlib.import_module(module), attribute or "RULESET")
        except Exception as exc:  # no such module or attribute, an empty or relative name
            raise RulesetError(f"{ENVIRONMENT} or entry point {path!r}: can't import the "
                               f"ruleset: {exc}") from None
        if not isinstance(value, Ruleset):
            raise RulesetError(f"{ENVIRONMENT} or entry point {path!r}: not a ruleset (it "
                               f"lacks a Ruleset's attributes: format, load, plan, ...)")
        if value.format not in _REGISTRY:  # one registered by hand keeps its place
            register(value)


class RulesetError(RuntimeError):
    """A registered ruleset can't be imported (a bad entry point or `PAYPLAN_RULESETS`)."""


def formats() -> tuple[str, ...]:
    """Every registered format, sorted."""
    _load_all(scan=True)
    return tuple(sorted(_REGISTRY))


def find(format_: str) -> Ruleset[Any, Plan] | None:
    """The ruleset registered under `format_`, or None."""
    _load_all()
    if format_ not in _REGISTRY:
        _load_all(scan=True)
    return _REGISTRY.get(format_)


def for_data(data: object) -> Ruleset[Any, Plan]:
    """The ruleset of a file's parsed data, by its `format`; a `ScenarioError` at `format` when
    it names none (a file that is not a mapping at all goes to the first built-in ruleset,
    whose loader says what a file must hold)."""
    _load_all()
    if not isinstance(data, dict):
        return next(iter(_REGISTRY.values()))
    if "format" not in data:
        raise ScenarioError([Problem(("format",), f"missing (required: one of "
                                                  f"{', '.join(formats())})")])
    word = data["format"]
    found = find(word) if isinstance(word, str) else None
    if found is None:
        known = formats()
        shown = repr(word[:60]) if isinstance(word, str) else f"a value of type {type(word).__name__}"
        close = difflib.get_close_matches(word[:200], known, n=1) if isinstance(word, str) else []
        hint = f" (did you mean {close[0]!r}?)" if close else f" (expected one of: {', '.join(known)})"
        raise ScenarioError([Problem(("format",), f"unknown format {shown}{hint}")])
    return found


def of(scenario: object) -> Ruleset[Any, Plan]:
    """The ruleset whose `load` made `scenario`; a TypeError for anything else."""
    _load_all()
    for scan in (False, True):
        _load_all(scan=scan)
        for ruleset in _REGISTRY.values():
            if ruleset.owns(scenario):
                return ruleset
    raise TypeError(f"not a scenario of any registered ruleset: {type(scenario).__name__}")


def benches() -> tuple[Bench[Any, Plan], ...]:
    """Every registered ruleset that has benchmark hooks, in the order of `formats`."""
    out: list[Bench[Any, Plan]] = []
    for format_ in formats():
        ruleset = _REGISTRY[format_]
        if isinstance(ruleset, Bench):
            out.append(ruleset)
    return tuple(out)


def preloads() -> tuple[str, ...]:
    """The modules the registered rulesets ask a worker process to import before its first
    request (each ruleset's optional `preload`: a tuple of module names, such as its planner
    and the solver it imports), in registry order, each once."""
    _load_all()
    out: list[str] = []
    for ruleset in _REGISTRY.values():
        names: object = getattr(ruleset, "preload", ())
        if not (isinstance(names, tuple) and all(isinstance(n, str) for n in names)):
            raise RulesetError(f"the {ruleset.format} ruleset's preload is not a tuple of "
                               f"module names: {names!r}")
        out += [name for name in names if name not in out]
    return tuple(out)


__all__ = ["Bench", "ENTRY_POINTS", "ENVIRONMENT", "Family", "Ruleset", "RulesetError", "benches",
           "find", "for_data", "formats", "of", "preloads", "register", "unregister"]
