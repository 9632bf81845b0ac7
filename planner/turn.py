"""The turn planner (`docs/turns.md`): which plays to make, in which order, each paid on the
state the plays before it left, with the payments of all of them chosen together.

A ruleset supplies its `Moves` (`planner/riftbound/moves.py`, `planner/mtg/moves.py`): the
candidates a state offers, and every *move* of a candidate on a state, a move being one play
with one payment and the state it leaves. This module searches the sequences of moves. The
file's `turn` is read by `turn_of`, which refuses, with the game's hook, what the turn does not
plan (a `play` given; keys the game's turn payments do not build).

**What is searched, and why it is exact.** A turn's answer ranks sequences by (1) the largest
summed value, then the largest summed X of the plays whose X the planner chose (`x: auto`: the
most X the turn can give; `Move.x`), (2) the smallest summed objective (each play's score on
the state it meets, less the benefits of the `auto` optional costs it pays), (3) the smallest
summed total size, (4) the first list of candidate-order positions (a shorter list that is a
prefix comes first), then each play's payment as `plan` breaks ties, in play order. (`payplan
play` with `plays` leaves the X out: its rank is the plays made, then the objective.) Every
sequence is a path of moves from the start state; `best(state)` is the best way to go on from a
state, and it depends only on that state, on which cards were already played from which zones
(each at most once from each zone it is in: `played_mark`), on which listed candidates were
used, and on how many plays were made (for `max_plays`): the five ranks
of a path are its first move's plus the rest's, compared the same way whatever came before
(the position lists too: two paths with the same first move compare as their rests do). So
`best` is memoised on exactly that key (`Moves.key` is the state up to the names of
interchangeable runes and objects, which the moves name canonically: the first ones in state
order), and it tries every candidate and every move of it: nothing is pruned but equal states
and paths a bound proves can't beat the best found (`_Search`: the whole rank is bounded, value,
objective, size and positions, so the first of equal rank is still the one answered), and,
where the game says the plays commute, paths out of candidate order (`_Search`'s ordered
search); a game's whole-turn model may give the search its first incumbent (`_aimed`).
The moves of a candidate are every payment of it (the ruleset's `Moves.moves` says which, and
argues there why no other payment can do better), sorted as `plan` breaks ties, so the first
of equal rank wins.

**The time limit** (`--time-limit`) bounds the whole turn: the search reads the clock before
it prices each candidate and after each move. Past the limit each state still open takes the
first move it finds and returns its best so far (a valid turn, `optimal: false`); past the
limit plus its grace (`grace`: a tenth of the limit, at most a second) no state prices another
candidate, nor lists a state's candidates when the longest listing so far would end past
it, and the answer is written at once: the plays made, priced again on the states they meet,
and for the candidates not played the reason `plan` gives while the grace lasts, then
`NOT_TRIED`. What may still run past the grace is one candidate's pricing, already begun, a
listing longer than any before it, and the plans of the plays made. The objective floors
(`Moves.floor`) are read before the search only when, at the pace of the first ones, all are
read within a quarter of the limit (the bound is weaker without them, never wrong).
`bound` (`turn_bound.py`) says how far a cut answer may be from the best.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Hashable, Iterable, Protocol, Sequence, TypeVar

from ..engine.discounts import Deadline
from ..engine.problems import Problem, ScenarioError
from ..engine.turn import Turn
from . import answers, turn_bound
from .answers import EXIT_OK
from .render import cell, readable

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate of a state: its key (`h1`, `g1.equip`), its place in the candidate order
    (compared as tuples), the plays to try (one per choice of targets), the card play it makes
    (`played_mark`: the object and the zone it is played from; a card is played at most once
    from each zone it is in during the turn; None for an ability), and its index in the file's
    list (None for `auto`)."""

    key: str
    order: tuple[int, ...]
    plays: tuple[Any, ...]
    card_object: str | None
    listed: int | None = None

    @property
    def object_id(self) -> str | None:
        """The id of the object it plays as a card (None for an ability)."""
        return None if self.card_object is None else self.card_object.split(":", 1)[1]


def played_mark(zone: str, object_id: str) -> str:
    """A card play as the search records it (`Candidate.card_object`): the object and the zone
    it is played from. A card is played at most once from each zone it is in: one an earlier
    play moved to a zone with a way to play it from there (an instant flashed back from the
    graveyard after its cast from the hand: a new object, 400.7) is a candidate again there."""
    return f"{zone}:{object_id}"


@dataclass(frozen=True, slots=True)
class Move(Generic[S]):
    """One play made: its plan (with this payment, on the state it met), the state after it,
    its objective, the size of its total, its rank among the moves of the same candidate
    (`plan`'s tie-break: smaller first), and the play itself."""

    plan: answers.Plan
    after: S
    objective: int
    size: int
    rank: tuple[Any, ...] = ()
    play: Any = None  # the ruleset's play of this move (targets and choices as made)
    x: int = 0  # the X the planner chose for it (`x: auto`); 0 for an X the file fixed


class Moves(Protocol[S]):
    """What a ruleset tells the turn planner. The search runs on the ruleset's own search states
    (`begin` makes the first from the scenario; they may leave out what the ruleset settles at
    the end, such as payplan/1's runes, paid together by `realize`)."""

    def begin(self, scenario: Any) -> S:
        """The search state of the start scenario."""

    def realize(self, start: Any, steps: Sequence[tuple[Candidate, Move[S]]]
                ) -> tuple[Sequence[answers.Plan], Sequence[Any]]:
        """The plays of the best path as `payplan plan` prints them, each with its payment on
        the scenario it meets, and the scenario after each play (one a play, in order)."""

    def candidates(self, scenario: S, turn: Turn[Any]) -> list[Candidate]:
        """The candidates of this state, in candidate order (`auto`), or the file's list."""

    def moves(self, scenario: S, candidate: Candidate, limit: Deadline) -> list[Move[S]]:
        """Every move of `candidate` on this state (empty: illegal or unpayable), best first."""

    def key(self, scenario: S) -> Hashable:
        """The state, for memoising (equal keys: the same future)."""

    def twin(self, scenario: S, candidate: Candidate) -> Hashable:
        """Candidates with equal twin keys on a state are interchangeable: the same card in the
        same place and condition, worth the same (any sequence playing the later one could play
        the earlier instead, with the same ranks and an earlier position list); None for a
        candidate with no twin."""

    def universe(self, scenario: S, turn: Turn[Any]) -> list[Candidate]:
        """Every candidate the turn could ever offer from this start (for the bound on the value
        still to gain): each a card play at most once, each ability as often as plays remain."""

    def floor(self, candidate: Candidate) -> int | None:
        """The least objective any move of this candidate of the `universe` can have (a
        play's score is never below 0; the benefits of the `auto` optional costs it pays are
        taken off it), None when the ruleset can't say."""

    def supply(self, scenario: S) -> int | None:
        """What the plays on from this state can still spend, in units `weight` counts (mtg/1:
        mana), before what they add; None when the ruleset can't bound it."""

    def usage(self, candidate: Candidate) -> tuple[int, int, int] | None:
        """What any play of this `universe` candidate takes of `supply` at least, the free
        supply it adds at most (mtg/1: a ritual's mana) and the charged supply it brings at most
        (mtg/1: a unit); None when unknown (the supply bounds are then off)."""

    def spend(self, scenario: S) -> tuple[int, int] | None:
        """The free supply the turn has had by this state, and the least charge of any other
        unit of supply it can use: a path on from here that uses more than the free supply
        charges at least that for each unit more. None when unknown."""

    def reason(self, scenario: Any, candidate: Candidate) -> str:
        """Why `candidate` can't be played on this scenario (what `plan` says)."""

    def state_json(self, scenario: Any) -> dict[str, object]:
        """The scenario's state, in the ruleset's format (what `payplan play` prints)."""

    def card_name(self, scenario: Any, card: str) -> str:
        """The printed name of the card `card` (an id of the scenario's cards), for the turn's
        readable summary."""

    def left_json(self, scenario: Any) -> dict[str, object]:
        """What the scenario has left to pay with, in the ruleset's format (the turn's `after`:
        one a play, on the scenario after it)."""

    def pool_left(self, scenario: Any) -> str | None:
        """What is left in the scenario's pool, in the game's cost text (`""`: nothing), for
        the turn's readable summary; None for a game with no pool to tell of."""

    @property
    def chooses_x(self) -> bool:
        """Whether a play of the turn may have its X chosen by the planner (`x: auto`, or X
        left out of a listed play): its moves then carry that X (`Move.x`), ranked second."""


@dataclass(frozen=True, slots=True)
class _Path:
    """The best way on from a state: its summed ranks (value, objective, size, positions, and
    the X the planner chose, ranked second) and its moves."""

    value: int = 0
    objective: int = 0
    size: int = 0
    positions: tuple[tuple[int, ...], ...] = ()
    steps: tuple[tuple[Candidate, Move[Any]], ...] = ()
    x: int = 0

    def rank(self) -> tuple[int, int, int, int, tuple[tuple[int, ...], ...]]:
        return (-self.value, -self.x, self.objective, self.size, self.positions)


@dataclass(frozen=True, slots=True)
class TurnPlan(answers.Answer):
    """The answer of `payplan turn`: the plays made, in order, and what is left."""

    format: str
    value: int
    objective: int
    score: int
    optimal: bool
    bound: int  # the most value any turn could reach: `value` when proved (`turn_bound.py`)
    order: tuple[str, ...]
    plays: tuple[answers.Plan, ...]
    not_played: tuple[tuple[str, str], ...]
    state: dict[str, object] = field(compare=False)
    # What is left to pay with after each play, in order (`Moves.left_json`).
    after: tuple[dict[str, object], ...] = field(default=(), compare=False)
    # For the readable text only: each play's card name, and what is left in the pool after
    # the turn (None: the game tells of no pool).
    names: tuple[str, ...] = field(default=(), compare=False)
    pool_left: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "status": "ok",
            "value": self.value,
            "objective": self.objective,
            "score": self.score,
            "optimal": self.optimal,
            "bound": self.bound,
            "order": list(self.order),
            "plays": [p.to_json() for p in self.plays],
            "not_played": [{"play": key, "reason": reason} for key, reason in self.not_played],
            "state": self.state,
            "after": list(self.after),
        }

    def render(self) -> str:
        lines = [self.summary(),
                 f"Objective {self.objective}, score {self.score}"
                 + ("" if self.optimal else
                    f"; NOT proven optimal (time limit): no turn is worth more than {self.bound}")]
        if not self.plays:
            lines.append("No play is made.")
        for i, (key, plan) in enumerate(zip(self.order, self.plays), 1):
            lines.append("")
            targets = plan.play.get("targets")  # what a card that chooses chose
            if isinstance(targets, (list, tuple)):
                targets = " ".join(map(str, targets))
            lines.append(f"=== {i}. {key}{f' -> {targets}' if targets else ''} ===")
            lines.append(plan.render())
        if self.not_played:
            lines.append("")
            lines.append("Not played:")
            lines.extend(f"  - {key}: {reason}" for key, reason in self.not_played)
        return readable("\n".join(lines))

    def summary(self) -> str:
        """One line: the plays in order by card name (an ability's after its card's), the
        value, and what is left in the pool when the game tells of one."""
        made = []
        for i, plan in enumerate(self.plays):
            name = self.names[i] if i < len(self.names) else plan.play.get("card", "")
            ability = plan.play.get("ability")
            made.append(cell(f"{name} ({ability})" if ability else name))
        line = f"Turn: {' -> '.join(made) if made else 'no play'}; value {self.value}"
        if self.pool_left is not None:
            line += f"; left in pool: {cell(self.pool_left) or 'nothing'}"
        return line

    @property
    def exit_code(self) -> int:
        return EXIT_OK


_FIELDS: dict[type, tuple[str, ...]] = {}
V = TypeVar("V")


def evolve(value: V, **changes: Any) -> V:
    """`dataclasses.replace` for the frozen dataclasses the moves copy on every step (states,
    scenarios, moves), without `__init__`'s keyword handling: the same fields, the changed ones
    set (none of these classes has a `__post_init__`). About a third of a turn's time went to
    `replace`."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        assert not hasattr(cls, "__post_init__"), cls
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(value, name))
    return new


Clock = Callable[[], float]
SETUP_SHARE = 0.25  # of the time limit, at most, for reading the floors before the search


def grace(limit: float) -> float:
    """How long past the time limit a state still open may look for its first move: a tenth
    of the limit, at most a second."""
    return min(1.0, limit / 10)


# A search's threshold: a rank in the shape of `_Path.rank`, its positions wrapped so a
# threshold can also say "any positions" (`_ANY`) or "none" (`_NONE`): a path's rank is below a
# threshold when `_Path.rank` with its positions wrapped as `(1, positions)` compares less.
_NONE = (0,)
_ANY = (2,)
Threshold = tuple[int, int, int, int, tuple[Any, ...]]
TOP: Threshold = (1, 0, 0, 0, _ANY)  # every path is below it (values are never negative)


def _below(path: _Path, threshold: Threshold) -> bool:
    return (-path.value, -path.x, path.objective, path.size, (1, path.positions)) < threshold


def _shift(threshold: Threshold, value: int, move: Move[Any], position: tuple[int, ...]
           ) -> Threshold:
    """The threshold a rest must be below for `move` (worth `value`, at `position`) then the
    rest to be below `threshold`: the ranks add up part by part, and the first position of the
    path is `position`, so the rest's positions are compared with what follows it."""
    wrapped = threshold[4]
    if wrapped[0] != 1:  # any positions, or none
        rest = wrapped
    else:
        positions = wrapped[1]
        if not positions or positions[0] < position:  # every path from here compares greater
            rest = _NONE
        elif positions[0] > position:  # every path from here compares less
            rest = _ANY
        else:
            rest = (1, positions[1:])
    return (threshold[0] + value, threshold[1] + move.x, threshold[2] - move.objective,
            threshold[3] - move.size, rest)


def _cover(items: Sequence[tuple[int, int]], need: int) -> int:
    """The least summed use of plays (value, use) worth at least `need` together, relaxed to
    fractions of a play and rounded up (so at most the least of whole plays): the plays by use
    per unit of value, the last one in part."""
    spent = 0.0
    for value, use in sorted((vu for vu in items if vu[0] > 0), key=lambda vu: vu[1] / vu[0]):
        if value >= need:
            return math.ceil(spent + use * need / value - 1e-9)
        spent += use
        need -= value
    return math.ceil(spent - 1e-9)  # not worth `need` at all: the knapsack bound prunes it


def _after(candidate: Candidate, after: tuple[int, ...] | None) -> bool:
    """Whether a `universe` candidate may still be played in the ordered search after the
    play at position `after` (None: not ordered): a card play only when it comes later; any
    other is kept (a universe's ability may not carry its place, and keeping more only
    weakens the bound)."""
    return after is None or candidate.card_object is None or candidate.order > after


# Of the plays left: (value, weight) for `turn_bound.fractional_knapsack`, (value, use) for
# `_cover`, free supply added.
_Items = tuple[list[tuple[int, int]], list[tuple[int, int]], int]


class _Search(Generic[S]):
    """The memoised search of the module docstring, a branch and bound on the whole rank.

    **Thresholds.** `best(state, ..., threshold)` answers the best path on from the state when
    its rank (the four rules, then the order of the moves) is below `threshold`, and None when
    no path on from it is. The root asks with `TOP` (every path is below it). Once a state has
    a best path so far, the paths still to try there must beat it: the threshold of the rest
    after a move is the state's (the one it was asked with, or its best so far, whichever is
    lower) less that move's value, objective, size and position (`_shift`: the ranks of a path
    are its first move's plus its rest's, part by part, and the positions compare as the rest's
    once the first ones are equal). A path equal to the best so far is no better: it comes
    later in the order of the moves, and the first of equal rank wins, as without the bound.
    So what a state answers is what the search without thresholds answers, whenever it is
    below the threshold. It is memoised with the threshold it was asked: a path found is exact
    (every path left out was no better than it: each was not below a threshold that was at most
    it), and serves any later visit (when below that visit's threshold); None says no path is
    below that threshold, which answers a later visit with a threshold at most it, and a visit
    with a higher one searches the state again.

    **The bound.** A path on from a state is worth at most the values of the candidates the
    turn could still offer (`Moves.universe`: each card not yet played once, each ability once
    per play left, the largest first, as many as plays remain), and its objective is at least
    the least objectives those plays could have (`Moves.floor`: a play's score is never below
    0, weights are never negative, and only the benefits of the `auto` optional costs it pays
    can make it less; the most negative first, as many as plays remain); its size is at least
    0 and its positions at least the empty list. That optimistic rank is at most every path's
    rank, part by part, so at most in the order of the rules; where it is not below the
    threshold, no path on from the state is, and the state is not searched. Where a floor is
    unknown (`None`), or a play may have its X chosen (`Moves.chooses_x`: its X ranks before
    the objective, and no bound on it is kept), the objective bound is off (a floor of minus
    infinity) and only the value bounds.

    **The supply** (`Moves.supply`, `usage`, `spend`; mtg/1's deferred mode, where the mana
    is the ledger's): the plays on from a state spend at most what the state can still give
    plus what they add, each at least its least use (`usage`), so the plays' values are at
    most a knapsack's of weights use less adds within that supply
    (`turn_bound.fractional_knapsack`: relaxed to fractions, so at least the best of whole
    plays); and a path worth what the threshold asks
    (`need`, when that is the most it can be worth: only those can be below it) plays
    candidates worth `need` together, so it uses at least `_cover`'s least summed use (again
    relaxed); what it uses beyond all the free supply the turn has had and its plays add is a
    unit's each, charged at least `spend`'s least charge: the objective of its mana is at least
    that many charges more than the state's (the cheapest assignment of all the mana, less that
    of the state's mana, is at least the rest's units: take the whole turn's cheapest one, its
    part for the state's casts pays them), and its size at least that use (a play's size counts
    each unit of its mana). Only the rest's value, objective and size are bounded: every bound
    holds part by part, so the optimistic rank is still at most every path's.

    **Twins** (`Moves.twin`): of interchangeable candidates only the first not yet played is
    tried.

    **The ordered search** (`ordered`, where the game says the turn's plays *commute*: every
    candidate is offered on every state the search meets while its card is still to be
    played, with the same moves in the same order (the same payments, value, X and size; an
    objective may differ with the state, as payplan/1's share of the runes' cheapest payment
    does), and the summed value, X, objective and size of a set of moves do not depend on the
    order they are made in): only
    paths whose plays come in candidate order are searched, each state knowing the position
    of the last play made (`after`, in the memo's key) and trying and bounding only the
    candidates after it. Exact: a path's plays in candidate order, each with the move of the
    same place in its list, are a path too, with the same value, X, objective and size and
    positions at most its own (the same positions, sorted), so the best path is in candidate
    order, and the first of equal rank on it is the one the search without the order keeps
    (a move's place in its candidate's list is the same on every state)."""

    def __init__(self, moves: Moves[S], turn: Turn[Any], limit: Deadline,
                 fixed: Sequence[Candidate] | None = None, start: S | None = None,
                 clock: Clock = time.monotonic,
                 relax: turn_bound.Relaxation | None = None, ordered: bool = False) -> None:
        self.moves = moves
        self.relax = relax
        self.ordered = ordered
        self.turn = turn
        self.limit = limit
        self.clock = clock
        now = clock()
        left = None if limit.at is None else max(0.0, limit.at - now)
        self.stop = None if limit.at is None or left is None else limit.at + grace(left)
        self.fixed = fixed  # `payplan play` with `plays`: this sequence, no other
        self.memo: dict[Hashable, tuple[Threshold, _Path | None]] = {}
        self.plays_left: dict[Hashable, tuple[int, int | None, _Items]] = {}
        self.relax_items: dict[Hashable, list[tuple[int, str | None]]] = {}
        self.cut = False
        self.first: list[Candidate] | None = None  # the start state's candidates
        self.listing = 0.0  # the longest time a state's candidates took to list
        self.universe: list[Candidate] = (
            list(fixed) if fixed is not None else
            moves.universe(start, turn) if start is not None else [])
        setup = None if left is None else now + SETUP_SHARE * left
        self.floors: list[int] | None = None if fixed is not None else self._floors(setup)
        usages = [None if fixed is not None else moves.usage(c) for c in self.universe]
        self.usages: list[tuple[int, int, int]] | None = (
            None if any(u is None for u in usages) else [u for u in usages if u is not None])
        # Whether a move's X counts (the turn's rule 2; not `payplan play`'s, which ranks by
        # objective after the plays made) and a play may choose X (`Moves.chooses_x`, False
        # when the ruleset does not say): then only the value is bounded.
        self.chooses_x = fixed is None and bool(getattr(moves, "chooses_x", False))

    def _floors(self, until: float | None) -> list[int] | None:
        """Each universe candidate's floor, or None when one is unknown or, at the pace of
        those read so far, they would not all be read by `until` (the objective bound is then
        off: weaker, never wrong)."""
        floors = []
        begun = self.clock()
        for i, c in enumerate(self.universe):
            floor = self.moves.floor(c)
            if floor is None:
                return None
            floors.append(floor)
            now = self.clock()
            pace = (now - begun) / (i + 1)
            if until is not None and now + pace * (len(self.universe) - i - 1) > until:
                return None
        return floors

    def late(self) -> bool:
        if not self.cut and self.limit.at is not None and self.clock() > self.limit.at:
            self.cut = True
        return self.cut

    def no_time_to_list(self) -> bool:
        """A state is not opened when listing its candidates (as long as the longest listing
        so far) would end past the limit and its grace."""
        if self.stop is not None and self.clock() + self.listing > self.stop:
            self.cut = True
            return True
        return False

    def stopped(self) -> bool:
        """Past the limit and its grace: no state prices another candidate."""
        if self.stop is not None and self.clock() > self.stop:
            self.cut = True
            return True
        return False

    def bound(self, state: S, played: frozenset[str], used: frozenset[int], count: int,
              threshold: Threshold, after: tuple[int, ...] | None = None
              ) -> tuple[int, int | None, int]:
        """The most value the plays left could add, and the least objective (None: unknown)
        and size of those worth what `threshold` asks; see the class docstring. `after`: in
        the ordered search, the position of the last play made (only later ones are left)."""
        left = self.turn.play_limit - count
        if left <= 0:
            return 0, 0, 0
        # The part of the bound read from the universe alone depends only on what was played
        # and how many plays are left: worked out once for each.
        found = self.plays_left.get((played, used, count, after))
        if found is None:
            found = self.plays_left[(played, used, count, after)] = self._plays_left(
                played, used, left, after)
        most, least, items = found
        if self.relax is not None:
            cards = self._relax_cards(played, used, after)
            need = -threshold[0]
            relaxed = self.relax.most(state, (played, used, after), cards, need)
            if relaxed is not None:
                most = min(most, relaxed)
            spent = (self.relax.least(state, (played, used, after), cards, need)
                     if least is not None and most == need > 0 else None)
            if spent is not None:  # only rests worth `need` can be below the threshold
                # The rest's objective: its moves' parts other than the runes' (each at least
                # its floor, `least` their least sum, never above 0), plus what the rest adds to
                # the runes' payment (at least `spent[0]`).
                return most, (least or 0) + spent[0], spent[1]
        if least is None or self.usages is None:
            return most, least, 0
        supply = self.moves.supply(state)
        spend = self.moves.spend(state)
        if supply is None or spend is None:
            return most, least, 0
        weights, uses, adds = items
        most = min(most, turn_bound.fractional_knapsack(weights, supply))
        need = -threshold[0]
        if most == need > 0:  # only paths worth exactly `need` can be below the threshold
            free, charge = spend
            mana = _cover(uses, need)
            least += charge * max(0, mana - free - adds)
            return most, least, mana
        return most, least, 0

    def _relax_cards(self, played: frozenset[str], used: frozenset[int],
                     after: tuple[int, ...] | None) -> list[tuple[int, str | None]]:
        """The universe's plays still open, as the relaxation reads them (value, card play)."""
        cards = self.relax_items.get((played, used, after))
        if cards is None:
            cards = self.relax_items[(played, used, after)] = [
                (self.turn.value(c.key), c.card_object) for c in self.universe
                if (c.card_object is None or c.card_object not in played)
                and (c.listed is None or c.listed not in used)
                and _after(c, after)]
        return cards

    def _plays_left(self, played: frozenset[str], used: frozenset[int], left: int,
                    after: tuple[int, ...] | None = None) -> tuple[int, int | None, _Items]:
        """The most value and the least objective (None: unknown) of the universe's plays left,
        and of each play left (when the usages are known) its value and weight (what it takes
        of the supply less what it adds), its value and use, and the free supply all add."""
        values: list[int] = []
        floors: list[int] = []
        items: list[tuple[int, tuple[int, int, int]]] = []  # (value, usage) of each play left
        for i, c in enumerate(self.universe):
            if not _after(c, after):
                continue
            value = self.turn.value(c.key) if self.fixed is None else 1
            if c.listed is not None:
                times = 0 if c.listed in used else 1
            elif c.card_object is not None:
                times = 0 if c.card_object in played else 1
            else:
                times = left
            if not times:
                continue
            values.extend([value] * times)
            if self.floors is not None:
                floors.extend([self.floors[i]] * times)
            if self.usages is not None:
                items.extend([(value, self.usages[i])] * times)
        values.sort(reverse=True)
        most = sum(values[:left])
        parts = ([(v, u[0] - u[1] - u[2]) for v, u in items], [(v, u[0]) for v, u in items],
                 sum(u[1] for _, u in items))
        if self.floors is None:
            return most, None, parts
        floors.sort()
        return most, sum(floors[:left]), parts

    def best(self, state: S, played: frozenset[str], used: frozenset[int], count: int,
             threshold: Threshold = TOP, after: tuple[int, ...] | None = None) -> _Path | None:
        """The best path on from `state`, or None when it is not below `threshold`; in the
        ordered search, of the paths whose plays come after position `after` (None: any)."""
        key = (self.moves.key(state), played, used, count, after)
        found = self.memo.get(key)
        if found is not None:
            asked, path = found
            if path is not None:  # exact
                return path if _below(path, threshold) else None
            if threshold <= asked:  # no path below `asked`, so none below `threshold`
                return None
        most, least, size = self.bound(state, played, used, count, threshold, after)
        if least is None or self.chooses_x:  # the value alone is bounded
            if -most > threshold[0]:
                return None
        elif not (-most, 0, least, size, (1, ())) < threshold:
            return None
        best: _Path | None = None
        bar = threshold
        empty = _Path()
        if _below(empty, bar):
            best = empty
            bar = (0, 0, 0, 0, (1, ()))
        if count < self.turn.play_limit and not self.no_time_to_list():
            twins: set[Hashable] = set()
            for candidate in self._candidates(state, count):
                if self.stopped():
                    break
                if candidate.card_object is not None and candidate.card_object in played:
                    continue
                if candidate.listed is not None and candidate.listed in used:
                    continue
                if after is not None and candidate.order <= after:
                    continue
                if self.fixed is None:
                    twin = self.moves.twin(state, candidate)
                    if twin is not None:
                        if twin in twins:
                            continue
                        twins.add(twin)
                value = self.turn.value(candidate.key) if self.fixed is None else 1
                for move in self.moves.moves(state, candidate, self.limit):
                    if move.x and self.fixed is not None:
                        move = evolve(move, x=0)
                    rest = self.best(
                        move.after,
                        played | {candidate.card_object} if candidate.card_object else played,
                        used | {candidate.listed} if candidate.listed is not None else used,
                        count + 1, _shift(bar, value, move, candidate.order),
                        candidate.order if self.ordered else None)
                    if rest is not None:  # below the bar: the best so far
                        best = _Path(value + rest.value, move.objective + rest.objective,
                                     move.size + rest.size, (candidate.order,) + rest.positions,
                                     ((candidate, move),) + rest.steps, move.x + rest.x)
                        bar = (-best.value, -best.x, best.objective, best.size,
                               (1, best.positions))
                    if self.late():
                        break  # past the time limit: the first move, no other
                if self.late() and best is not None and best.steps:
                    break
        self.memo[key] = (threshold, best)
        return best

    def _candidates(self, state: S, count: int) -> list[Candidate]:
        if self.fixed is not None:
            return [self.fixed[count]] if count < len(self.fixed) else []
        if count == 0 and self.first is not None:  # the start's, listed once
            return self.first
        begun = self.clock()
        found = self.moves.candidates(state, self.turn)
        self.listing = max(self.listing, self.clock() - begun)
        if count == 0:  # the start state (the only one no play has been made on)
            self.first = found
        return found


NOT_TRIED = "not priced: the turn's time limit ran out first"
NOT_A_TURN = "`payplan turn` plans the file's `turn` (its candidates: auto by default), not "


def _nothing_refused(scenario: Any) -> Iterable[Problem]:
    return ()


def turn_of(scenario: Any, refused: Callable[[Any], Iterable[Problem]] = _nothing_refused
            ) -> Turn[Any]:
    """The scenario's `turn` (default: every candidate, each worth 1). The game's `refused`
    says, in order, what in the file the turn does not plan: the `play` (or `plays`) it gives
    (each problem's message `NOT_A_TURN` and the key), and any key its turn's payments do not
    build; the first raises a ScenarioError at its path."""
    for problem in refused(scenario):
        raise ScenarioError([problem])
    turn: Turn[Any] | None = scenario.turn
    return turn if turn is not None else Turn()


def plan_turn(moves: Moves[Any], start: Any, turn: Turn[Any], fmt: str,
              limit: Deadline, clock: Clock = time.monotonic,
              relax: turn_bound.Relaxation | None = None, aim: Aim | None = None,
              ordered: bool = False) -> TurnPlan:
    """The best turn from `start` (see the module docstring); `clock` is read for the limit,
    `relax` is the game's bound on what the resources can pay for (None: none), `aim` the
    game's whole-turn model of the plays to start from (None: none; see `_aimed`), `ordered`
    whether the game says the turn's plays commute (`_Search`'s ordered search)."""
    first = moves.begin(start)
    search = _Search(moves, turn, limit, start=first, clock=clock, relax=relax,
                     ordered=ordered)
    most = search.bound(first, frozenset(), frozenset(), 0, TOP)[0]
    path = _aimed(search, first, turn, aim) if aim is not None else None
    if path is None:
        path = search.best(first, frozenset(), frozenset(), 0)
    assert path is not None  # every path is below `TOP`: the empty turn is
    plans, states = moves.realize(start, path.steps)
    final = states[-1] if states else start
    objective = sum(p.objective or 0 for p in plans)
    if objective != path.objective:  # the ruleset's moves and its realisation disagree: a bug
        raise RuntimeError(f"the turn's plays add up to objective {objective}, the search "
                           f"found {path.objective}")
    optimal = not search.cut
    # A listed entry is one candidate (the same play listed twice is two); `auto`'s by key.
    made = {candidate.key if candidate.listed is None else candidate.listed
            for candidate, _ in path.steps}
    not_played = []
    listed = search.first if search.first is not None else moves.candidates(first, turn)
    for candidate in listed:
        if (candidate.key if candidate.listed is None else candidate.listed) in made:
            continue
        why = (NOT_TRIED if search.stopped() else
               _why_not(moves, final, candidate, turn, len(path.steps)))
        not_played.append((candidate.key, why))
    return TurnPlan(
        format=fmt,
        value=path.value,
        objective=path.objective,
        score=sum(p.score or 0 for p in plans),
        optimal=optimal,
        bound=path.value if optimal else turn_bound.at_least(path.value, most),
        order=tuple(candidate.key for candidate, _ in path.steps),
        plays=tuple(plans),
        not_played=tuple(not_played),
        state=moves.state_json(final),
        after=tuple(moves.left_json(s) for s in states),
        names=tuple(moves.card_name(start, p.play.get("card", "")) for p in plans),
        pool_left=moves.pool_left(final),
    )


# A game's whole-turn model: the start's candidates it would play (their indices), found within
# the seconds given; None when it can't say.
Aim = Callable[[Sequence[Candidate], float], "Sequence[int] | None"]
AIM_SHARE = 0.1  # of the time left once the start's candidates are listed, at most, for the model
AIM_SECONDS = 1.0  # and at most this


def _aimed(search: _Search[S], first: S, turn: Turn[Any], aim: Aim) -> _Path | None:
    """The best path, searched with the game's whole-turn model's plays as the incumbent: the
    path playing them in candidate order, each with its first move on the state it meets (None
    when the model says nothing or one of them has no move there: the search then runs
    without an incumbent).

    Exact whatever the model answers, since the incumbent is a path: the search is asked for
    the best path below the incumbent's rank. Where it finds one, that is the best of all
    (the best path is at most the incumbent, and below it when any path is); where it finds
    none, no path ranks below the incumbent, so the best has its rank, the same plays in the
    same order (the positions are ranked), and of the paths making them the incumbent is the
    one the search answers: the first move of each play on the state it meets is the first
    of its moves, and the search keeps the first of equal rank."""
    candidates = search._candidates(first, 0) if turn.play_limit > 0 else []
    left = None if search.limit.at is None else search.limit.at - search.clock()
    seconds = AIM_SECONDS if left is None else min(AIM_SECONDS, max(0.0, AIM_SHARE * left))
    # A model reads every candidate, as their listing did: where that took longer than the
    # model's share of the time, the time is the search's.
    chosen = (aim(candidates, seconds) if candidates and 0 < search.listing < seconds
              else None)
    if not chosen or len(chosen) > turn.play_limit:
        return None
    state, played, used = first, frozenset[str](), frozenset[int]()
    steps: list[tuple[Candidate, Move[Any]]] = []
    for index in sorted(chosen):
        if search.late():
            return None
        want = candidates[index]
        # Where the plays commute, a candidate is offered the same on every state its card
        # is still to be played on (the ordered search's condition): the start's listing.
        offered = candidates if search.ordered else search._candidates(state, len(steps))
        here = next((c for c in offered
                     if c.key == want.key and c.listed == want.listed
                     and c.card_object == want.card_object), None)
        found = ([] if here is None or here.card_object in played
                 else search.moves.moves(state, here, search.limit))
        if here is None or not found:
            return None
        steps.append((here, found[0]))
        state = found[0].after
        played = played | {here.card_object} if here.card_object else played
        used = used | {here.listed} if here.listed is not None else used
    incumbent = _Path(sum(turn.value(c.key) for c, _ in steps),
                      sum(m.objective for _, m in steps), sum(m.size for _, m in steps),
                      tuple(c.order for c, _ in steps), tuple(steps), sum(m.x for _, m in steps))
    better = search.best(first, frozenset(), frozenset(), 0,
                         (-incumbent.value, -incumbent.x, incumbent.objective, incumbent.size,
                          (1, incumbent.positions)))
    return incumbent if better is None else better


def _why_not(moves: Moves[S], state: Any, candidate: Candidate, turn: Turn[Any],
             made: int) -> str:
    if made >= turn.play_limit:
        return f"the turn makes at most {turn.play_limit} plays"
    reason = moves.reason(state, candidate)
    if reason:
        return reason
    value = turn.value(candidate.key)
    return (f"it could be played, but its value is {value} and paying it would add to the "
            f"objective" if value == 0 else
            "it could be played on the state after the others, but not with them: the plays "
            "made are worth more")


@dataclass(frozen=True, slots=True)
class Together:
    """`payplan play` with `plays`, paid together: the plans of the longest prefix of the
    sequence that can be paid together, the scenario after them, and whether that is proved."""

    plans: tuple[answers.Plan, ...]
    plays: tuple[Any, ...]  # the ruleset's play of each plan
    after: Any
    optimal: bool


def pay_together(moves: Moves[Any], start: Any, sequence: Sequence[Candidate],
                 limit: Deadline) -> Together:
    """The listed plays in their order, paid together: the longest prefix that can be paid
    (value 1 a play, in the search above with one candidate a step), then the smallest summed
    objective, then size, then each play's payment as `plan` breaks ties."""
    search = _Search(moves, Turn(max_plays=len(sequence)), limit, fixed=sequence)
    path = search.best(moves.begin(start), frozenset(), frozenset(), 0)
    assert path is not None
    plans, states = moves.realize(start, path.steps)
    final = states[-1] if states else start
    return Together(tuple(plans), tuple(move.play for _, move in path.steps), final,
                    not search.cut)


__all__ = ["Candidate", "Move", "Moves", "NOT_A_TURN", "NOT_TRIED", "Together", "TurnPlan",
           "evolve", "pay_together", "plan_turn", "played_mark", "turn_of"]
