"""The turn planner (`shared/spec/turn-format.md`): which plays to make, in which order, each paid
on the state the plays before it left, with the payments of all of them chosen together.

A ruleset supplies its `Moves` (payplan/1 `planner/moves.py`, mtg/1 `planner/mtg/moves.py`):
the candidates a state offers, and every *move* of a candidate on a state, a move being one
play with one payment and the state it leaves. This module searches the sequences of moves.

**What is searched, and why it is exact.** A turn's answer ranks sequences by (1) the largest
summed value, (2) the smallest summed objective (each play's score on the state it meets, less
the benefits of the `auto` optional costs it pays), (3) the smallest summed total size, (4) the
first list of candidate-order positions (a shorter list that is a prefix comes first), then each
play's payment as `plan` breaks ties, in play order. Every sequence is a path of moves from the
start state; `best(state)` is the best way to go on from a state, and it depends only on that
state, on which objects were already played as cards (each at most once a turn), on which
listed candidates were used, and on how many plays were made (for `max_plays`): the four ranks
of a path are its first move's plus the rest's, compared the same way whatever came before
(the position lists too: two paths with the same first move compare as their rests do). So
`best` is memoised on exactly that key (`Moves.key` is the state up to the names of
interchangeable runes and objects, which the moves name canonically: the first ones in state
order), and it tries every candidate and every move of it: nothing is pruned but equal states.
The moves of a candidate are every payment of it (the ruleset's `Moves.moves` says which, and
argues there why no other payment can do better), sorted as `plan` breaks ties, so the first
of equal rank wins.

**The time limit.** The search shares the file's time limit (`--time-limit`); past it, each
state still open takes its first candidate's first move, so the answer is a valid turn, found
fast, and says `optimal: false`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar

from ..engine.discounts import Deadline
from ..engine.turn import Turn
from . import answers
from .answers import EXIT_OK

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate of a state: its key (`h1`, `g1.equip`), its place in the candidate order
    (compared as tuples), the plays to try (one per choice of targets), the object it plays as a
    card (each object at most once a turn; None for an ability), and its index in the file's
    list (None for `auto`)."""

    key: str
    order: tuple[int, ...]
    plays: tuple[Any, ...]
    card_object: str | None
    listed: int | None = None


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


class Moves(Protocol[S]):
    """What a ruleset tells the turn planner. The search runs on the ruleset's own search states
    (`begin` makes the first from the scenario; they may leave out what the ruleset settles at
    the end, such as payplan/1's runes, paid together by `realize`)."""

    def begin(self, scenario: Any) -> S:
        """The search state of the start scenario."""

    def realize(self, start: Any, steps: Sequence[tuple[Candidate, Move[S]]]
                ) -> tuple[Sequence[answers.Plan], Any]:
        """The plays of the best path as `payplan plan` prints them, each with its payment on
        the scenario it meets, and the scenario after the last one."""

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

    def reason(self, scenario: Any, candidate: Candidate) -> str:
        """Why `candidate` can't be played on this scenario (what `plan` says)."""

    def state_json(self, scenario: Any) -> dict[str, object]:
        """The scenario's state, in the ruleset's format (what `payplan play` prints)."""


@dataclass(frozen=True, slots=True)
class _Path:
    """The best way on from a state: its summed ranks and its moves."""

    value: int = 0
    objective: int = 0
    size: int = 0
    positions: tuple[tuple[int, ...], ...] = ()
    steps: tuple[tuple[Candidate, Move[Any]], ...] = ()

    def rank(self) -> tuple[int, int, int, tuple[tuple[int, ...], ...]]:
        return (-self.value, self.objective, self.size, self.positions)


@dataclass(frozen=True, slots=True)
class TurnPlan(answers.Answer):
    """The answer of `payplan turn`: the plays made, in order, and what is left."""

    format: str
    value: int
    objective: int
    score: int
    optimal: bool
    order: tuple[str, ...]
    plays: tuple[answers.Plan, ...]
    not_played: tuple[tuple[str, str], ...]
    state: dict[str, object] = field(compare=False)

    def to_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "status": "ok",
            "value": self.value,
            "objective": self.objective,
            "score": self.score,
            "optimal": self.optimal,
            "order": list(self.order),
            "plays": [p.to_json() for p in self.plays],
            "not_played": [{"play": key, "reason": reason} for key, reason in self.not_played],
            "state": self.state,
        }

    def render(self) -> str:
        lines = [f"Turn: value {self.value}, objective {self.objective}, score {self.score}"
                 + ("" if self.optimal else "; NOT proven optimal (time limit)")]
        if not self.plays:
            lines.append("No play is made.")
        for i, (key, plan) in enumerate(zip(self.order, self.plays), 1):
            lines.append("")
            lines.append(f"=== {i}. {key} ===")
            lines.append(plan.render())
        if self.not_played:
            lines.append("")
            lines.append("Not played:")
            lines.extend(f"  - {key}: {reason}" for key, reason in self.not_played)
        return "\n".join(lines)

    @property
    def exit_code(self) -> int:
        return EXIT_OK


class _Search(Generic[S]):
    """The memoised search of the module docstring, with a bound on the value.

    **The bound.** The incumbent is the most value a complete path found so far makes. A path
    from a state can add at most the values of the candidates the turn could still offer
    (`Moves.universe`: each card not yet played once, each ability once per play left, the
    largest first, as many as plays remain); where that can't bring the path to the incumbent,
    the path can't be the answer (the answer has the most value) and the state is not searched.
    A state's best is memoised with the value its search had to reach (`need`): where the best
    found reaches it, no state left out could have done better (each could only reach less),
    so the best is exact and serves any later visit; where it doesn't, the state is known not
    to reach that value, which answers a later visit needing at least as much, and a visit
    needing less searches it again. **Twins** (`Moves.twin`): of interchangeable candidates only
    the first not yet played is tried."""

    def __init__(self, moves: Moves[S], turn: Turn[Any], limit: Deadline,
                 fixed: Sequence[Candidate] | None = None, start: S | None = None) -> None:
        self.moves = moves
        self.turn = turn
        self.limit = limit
        self.fixed = fixed  # `payplan play` with `plays`: this sequence, no other
        self.memo: dict[Hashable, tuple[int, _Path]] = {}
        self.cut = False
        self.incumbent = 0
        self.universe: list[Candidate] = (
            list(fixed) if fixed is not None else
            moves.universe(start, turn) if start is not None else [])

    def late(self) -> bool:
        if not self.cut and self.limit.at is not None and time.monotonic() > self.limit.at:
            self.cut = True
        return self.cut

    def bound(self, played: frozenset[str], used: frozenset[int], count: int) -> int:
        """The most value the plays left could add (see the class docstring)."""
        left = self.turn.play_limit - count
        if left <= 0:
            return 0
        values: list[int] = []
        for c in self.universe:
            value = self.turn.value(c.key) if self.fixed is None else 1
            if c.listed is not None:
                if c.listed not in used:
                    values.append(value)
            elif c.card_object is not None:
                if c.card_object not in played:
                    values.append(value)
            else:
                values.extend([value] * left)
        values.sort(reverse=True)
        return sum(values[:left])

    def best(self, state: S, played: frozenset[str], used: frozenset[int], count: int,
             gained: int = 0) -> _Path | None:
        """The best path on from `state`, or None when none reaches the incumbent's value."""
        need = self.incumbent - gained
        key = (self.moves.key(state), played, used, count)
        found = self.memo.get(key)
        if found is not None:
            reached, path = found
            if path.value >= reached:  # exact
                return path if path.value >= need else None
            if need >= reached:  # known not to reach `reached`, so not `need` either
                return None
        if self.bound(played, used, count) < need:
            return None
        best = _Path()
        if count < self.turn.play_limit:
            twins: set[Hashable] = set()
            for candidate in self._candidates(state, count):
                if candidate.card_object is not None and candidate.card_object in played:
                    continue
                if candidate.listed is not None and candidate.listed in used:
                    continue
                if self.fixed is None:
                    twin = self.moves.twin(state, candidate)
                    if twin is not None:
                        if twin in twins:
                            continue
                        twins.add(twin)
                value = self.turn.value(candidate.key) if self.fixed is None else 1
                for move in self.moves.moves(state, candidate, self.limit):
                    rest = self.best(
                        move.after,
                        played | {candidate.card_object} if candidate.card_object else played,
                        used | {candidate.listed} if candidate.listed is not None else used,
                        count + 1, gained + value)
                    if rest is None:
                        continue
                    path = _Path(value + rest.value, move.objective + rest.objective,
                                 move.size + rest.size, (candidate.order,) + rest.positions,
                                 ((candidate, move),) + rest.steps)
                    if path.rank() < best.rank():
                        best = path
                        if gained + best.value > self.incumbent:
                            self.incumbent = gained + best.value
                    if self.late():
                        break  # past the time limit: the first move, no other
                if self.late() and best.steps:
                    break
        self.memo[key] = (need, best)
        return best if best.value >= need else None

    def _candidates(self, state: S, count: int) -> list[Candidate]:
        if self.fixed is not None:
            return [self.fixed[count]] if count < len(self.fixed) else []
        return self.moves.candidates(state, self.turn)


def plan_turn(moves: Moves[Any], start: Any, turn: Turn[Any], fmt: str,
              limit: Deadline) -> TurnPlan:
    """The best turn from `start` (see the module docstring)."""
    first = moves.begin(start)
    search = _Search(moves, turn, limit, start=first)
    path = search.best(first, frozenset(), frozenset(), 0)
    assert path is not None  # the start needs nothing: the empty turn reaches it
    plans, final = moves.realize(start, path.steps)
    objective = sum(p.objective or 0 for p in plans)
    if objective != path.objective:  # the ruleset's moves and its realisation disagree: a bug
        raise RuntimeError(f"the turn's plays add up to objective {objective}, the search "
                           f"found {path.objective}")
    made = {candidate.key for candidate, _ in path.steps}
    not_played = []
    for candidate in moves.candidates(first, turn):
        if candidate.key in made:
            continue
        not_played.append((candidate.key, _why_not(moves, final, candidate, turn, len(path.steps))))
    return TurnPlan(
        format=fmt,
        value=path.value,
        objective=path.objective,
        score=sum(p.score or 0 for p in plans),
        optimal=not search.cut,
        order=tuple(candidate.key for candidate, _ in path.steps),
        plays=tuple(plans),
        not_played=tuple(not_played),
        state=moves.state_json(final),
    )


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
    plans, final = moves.realize(start, path.steps)
    return Together(tuple(plans), tuple(move.play for _, move in path.steps), final,
                    not search.cut)


__all__ = ["Candidate", "Move", "Moves", "Together", "TurnPlan", "pay_together", "plan_turn"]
