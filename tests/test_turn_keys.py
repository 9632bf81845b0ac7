"""The turn search's state keys (`planner/turn.py` memoises `best` on them): states with one key
must have one future, move for move. payplan/1's deferred mode keys each board in id order with
its granting objects' order kept, where no card reads a board (`planner.moves.canonical`).

- At every pair of states a search meets with one key, the candidates are the same, in the same
  order, and each candidate's moves are the same plans (as `payplan plan --json` prints them),
  options and plays (what `realize` applies), objectives, sizes and ranks: on generated turns
  (the bench's `turn` family) and on a turn where two granting units are played in either
  order before a third unit they both discount.
- The key made too strong (the granting objects' order left out too) is caught by that check
  on that turn: the third unit's discounts are named by their granting object's place, so
  its moves on the two orders differ.
- The answers with the merged key and with the board's order kept in full are the same, byte
  for byte, and the merged key searches no more states.
"""

from __future__ import annotations

import copy
import json
from collections import defaultdict
from typing import Any, Hashable

import pytest

import payplan.planner.riftbound.moves as rift_moves
from payplan.benchmarks.generate import generate
from payplan.planner.commands import answer
from payplan.planner.config import SolverConfig
from payplan.planner.turn import _Search

CONFIG = SolverConfig(time_limit=120)

# Five ready runes; in hand a unit [0] granting units [1] less to a minimum of [1], a unit [2],
# a unit [0] and a unit [0] granting every card [1] less; a unit [0] on the board. Both
# granting units played in either order cost the same, so the two orders meet with one key
# when the granting order is left out (the turn the brute-force campaign found when a key
# merged board orders in full, cut down: tests/test_turn_reference.py, PLANNER_RAISES).
TWO_GRANTERS: dict[str, Any] = {
    "format": "payplan/1",
    "cards": {
        "granter-0": {"type": "unit", "domains": ["calm"], "cost": {"energy": 0}, "might": 2,
                      "grants": [{"discount": {"energy": 1, "minimum": {"energy": 1},
                                               "id": "grant-calm"},
                                  "applies_to": {"type": "unit"}}]},
        "unit-1": {"type": "unit", "domains": ["calm"], "cost": {"energy": 2}, "might": 3},
        "granter-3": {"type": "unit", "domains": ["fury"], "cost": {"energy": 0}, "might": 1,
                      "grants": [{"discount": {"energy": 1, "id": "grant-fury"},
                                  "applies_to": {}}]},
        "plain": {"type": "unit", "domains": ["fury"], "cost": {"energy": 0}, "might": 1},
    },
    "state": {"you": {"runes": [{"id": "r1", "domain": "calm"}, {"id": "r2", "domain": "fury"},
                                {"id": "r3", "domain": "fury"}, {"id": "r4", "domain": "calm"},
                                {"id": "r5", "domain": "fury"}],
                      "hand": [{"id": "h1", "card": "granter-0"},
                               {"id": "h2", "card": "unit-1"},
                               {"id": "h3", "card": "plain"},
                               {"id": "h4", "card": "granter-3"}],
                      "board": [{"id": "b1", "card": "plain"}]}},
    "turn": {"candidates": "auto"},
}


def _searched(data: dict[str, Any]) -> tuple[dict[str, object], _Search[Any]]:
    """The turn's answer and its search (the first `_Search` made)."""
    searches: list[_Search[Any]] = []
    made = _Search.__init__

    def record(self: _Search[Any], *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        searches.append(self)

    _Search.__init__ = record  # type: ignore[method-assign]
    try:
        out = answer("turn", copy.deepcopy(data), CONFIG).to_json()
    finally:
        _Search.__init__ = made  # type: ignore[method-assign]
    return out, searches[0]


def _states_by_key(data: dict[str, Any]) -> tuple[_Search[Any], dict[Hashable, list[Any]]]:
    """Every state the turn's search meets, grouped by its memo key."""
    met: dict[Hashable, list[Any]] = defaultdict(list)
    best = _Search.best

    def record(self: _Search[Any], state: Any, played: Any, used: Any, count: int,
               *rest: Any) -> Any:
        key = (self.moves.key(state), played, used, count)
        if all(other is not state for other in met[key]):
            met[key].append(state)
        return best(self, state, played, used, count, *rest)

    _Search.best = record  # type: ignore[method-assign]
    try:
        _, search = _searched(data)
    finally:
        _Search.best = best  # type: ignore[method-assign]
    return search, met


def _future(search: _Search[Any], state: Any) -> list[Any]:
    """What a state offers the search: each candidate and its moves, as printed, with the
    option and play `realize` applies (a discount is named by its place there)."""
    out = []
    for candidate in search.moves.candidates(state, search.turn):
        moves = search.moves.moves(state, candidate, search.limit)
        out.append((candidate.key, candidate.order, [
            (json.dumps(m.plan.to_json(), sort_keys=True), repr(m.plan.option), repr(m.play),
             m.objective, m.size, m.rank)
            for m in moves]))
    return out


def _one_future_per_key(data: dict[str, Any]) -> tuple[int, int]:
    """(pairs of distinct states with one key, pairs whose futures differ)."""
    search, met = _states_by_key(data)
    pairs = differ = 0
    for states in met.values():
        first = _future(search, states[0])
        for other in states[1:]:
            pairs += 1
            differ += _future(search, other) != first
    return pairs, differ


@pytest.mark.parametrize("size,seed", [(4, 0), (4, 3), (7, 2), (7, 6), (7, 9)])
def test_states_with_one_key_have_one_future_on_generated_turns(size: int, seed: int) -> None:
    pairs, differ = _one_future_per_key(generate("turn", size, seed))
    assert differ == 0


def test_two_granters_in_either_order_keep_their_futures_apart() -> None:
    pairs, differ = _one_future_per_key(TWO_GRANTERS)
    assert pairs > 0  # the plain units' orders were merged
    assert differ == 0


def test_a_key_without_the_granting_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    made = rift_moves.Moves.__init__

    def too_strong(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        self.board_granters = frozenset()

    monkeypatch.setattr(rift_moves.Moves, "__init__", too_strong)
    pairs, differ = _one_future_per_key(TWO_GRANTERS)
    assert differ > 0


@pytest.mark.parametrize("data", [TWO_GRANTERS, *(generate("turn", 7, s) for s in (1, 5, 8))],
                         ids=["two-granters", "turn-7-1", "turn-7-5", "turn-7-8"])
def test_the_merged_key_answers_as_the_full_board_order(
        data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    merged, merged_search = _searched(data)
    made = rift_moves.Moves.__init__

    def full_order(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        self.board_unread = False

    monkeypatch.setattr(rift_moves.Moves, "__init__", full_order)
    kept, kept_search = _searched(data)
    assert merged["optimal"] and kept["optimal"]
    assert json.dumps(merged, sort_keys=True) == json.dumps(kept, sort_keys=True)
    assert len(merged_search.memo) <= len(kept_search.memo)
