"""The turn's `bound` (`docs/turns.md`): the most value any turn from the start could reach, so
that an answer cut by the time limit says how far it may be from the best.

A proved turn's bound is its value. A cut turn's is the larger of its value and the search's
bound on the value of any path from the start state (`_Search.bound` asked with every path
allowed): that bound is at least the value of every path (its argument is in `_Search`'s
docstring), so at least the best turn's.
"""

from __future__ import annotations


def at_least(value: int, most: int) -> int:
    """The bound of a cut turn worth `value`, where no path from the start is worth more than
    `most`."""
    return max(value, most)


__all__ = ["at_least"]
