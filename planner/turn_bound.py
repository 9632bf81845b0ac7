"""The turn's `bound` (`docs/turns.md`): the most value any turn from the start could reach, so
that an answer cut by the time limit says how far it may be from the best.

A proved turn's bound is its value. A cut turn's is the larger of its value and the search's
bound on the value of any path from the start state (`_Search.bound` asked with every path
allowed: the universe's values, the largest first, as many as plays remain, and, where the game
gives one, its `Relaxation` of what the resources can pay): each is at least the value of every
path (their arguments are in `_Search`'s docstring and the game's module), so at least the best
turn's.
"""

from __future__ import annotations

from typing import Any, Hashable, Protocol, Sequence


class Relaxation(Protocol):
    """A game's bound on what the resources of a search state can still pay for
    (`planner/riftbound/bound.py`): the most value of the plays `items` (value, object id of a
    card play, None for another) any rest from `state` could make, or None where the game
    can't say. `plays` names the items: equal for equal items, so an answer may be kept. It
    must be at least the value of every rest of the turn from the state (where it is below
    `need`, the value the search asks whether a rest can reach, it may be any such bound); the
    search takes the smaller of it and its own bound."""

    def most(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
             need: int = 0) -> int | None:
        ...

    def least(self, state: Any, plays: Hashable, items: Sequence[tuple[int, str | None]],
              need: int) -> tuple[int, int] | None:
        """The least objective and size of any rest from `state` worth at least `need` (the
        game's argument says why), or None where the game can't say."""
        ...


def fractional_knapsack(items: Sequence[tuple[int, int]], supply: int) -> int:
    """The most value of plays (value, weight) whose weights (what each takes of the supply,
    less what it adds) add up to at most `supply`, relaxed to fractions of a play and rounded
    down (so at least the most of whole plays): every play of weight 0 or less (it adds as much
    as it takes, or more), then the others by value per unit of weight, the last one in part."""
    most = 0
    heavy = []
    for value, weight in items:
        if weight <= 0:
            most += value
            supply -= weight
        elif value > 0:
            heavy.append((value, weight))
    heavy.sort(key=lambda vw: vw[0] / vw[1], reverse=True)
    for value, weight in heavy:
        if supply <= 0:
            break
        if weight <= supply:
            most += value
            supply -= weight
        else:
            return most + value * supply // weight
    return most


def at_least(value: int, most: int) -> int:
    """The bound of a cut turn worth `value`, where no path from the start is worth more than
    `most`."""
    return max(value, most)


__all__ = ["Relaxation", "at_least", "fractional_knapsack"]
