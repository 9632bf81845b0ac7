"""A turn (`docs/turns.md`): which plays to consider, what each is worth, how many.

`turn:` at the top of a scenario file, in either ruleset: `candidates` (`auto`: listed again on
every state the turn reaches; or a list of plays, each tried at most once), `values` (what a
candidate is worth, by its key: an object id for a card or land play, `OBJECT.ABILITY` for an
ability; default 1) and `max_plays`. Each ruleset's loader reads it into this value, with its
own plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, TypeVar

P = TypeVar("P")

TURN_KEYS = ("candidates", "values", "max_plays")
MAX_TURN_PLAYS = 16  # plays in one turn without `max_plays`: a bound on unlimited abilities


@dataclass(frozen=True, slots=True)
class Turn(Generic[P]):
    """The turn to plan: `candidates` None means `auto`; `values` by candidate key."""

    candidates: tuple[P, ...] | None = None
    values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    max_plays: int | None = None

    def value(self, key: str) -> int:
        return self.values.get(key, 1)

    @property
    def play_limit(self) -> int:
        return self.max_plays if self.max_plays is not None else MAX_TURN_PLAYS


def candidate_key(object_id: str, ability: str | None) -> str:
    """A candidate's key: the object's id for a card (or land) play, `OBJECT.ABILITY` for an
    ability play."""
    return object_id if ability is None else f"{object_id}.{ability}"


def turn_to_data(turn: Turn[P], play_to_data: Callable[[P], dict[str, Any]]) -> dict[str, Any]:
    """The `turn:` mapping of a file (either ruleset's dump, each writing its own plays)."""
    out: dict[str, Any] = {"candidates": "auto" if turn.candidates is None
                           else [play_to_data(p) for p in turn.candidates]}
    if turn.values:
        out["values"] = dict(turn.values)
    if turn.max_plays is not None:
        out["max_plays"] = turn.max_plays
    return out


__all__ = ["MAX_TURN_PLAYS", "TURN_KEYS", "Turn", "candidate_key", "turn_to_data"]
