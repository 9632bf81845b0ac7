"""payplan/1's whole-turn model (`planner/turn.py`'s `aim`): on a plain turn (`bound.py`: no
play can cost less than its printed cost, and only the runes and the pool pay), the plays do not
interact beyond what the runes and the pool give (rules 353.1-353.3: a ready rune exhausted
gives one Energy, a rune recycled one Power of its domain; the pool pays what it holds), so the
most value a turn can reach is one CP-SAT model over the whole turn: which candidates are played
(each card at most once, at most `max_plays` of them), the Energy they need within the ready
runes and the pool's Energy, their Power within the runes and the pool's: each domain's pips
from that domain's runes and pool and, past those, the pool's any-domain Power; the any-domain
pips from whatever is left. (That is the whole of what a set of plain plays needs: what a rune
or the pool gives beyond one play floats to the next, so their order does not matter.)

**Why the turn stays exact whatever it answers.** The model only picks the plays of the
search's first incumbent (`planner/turn.py`'s `_aimed`: those plays in candidate order, each
with its first move, a real turn); the search then answers the best turn ranked before it, or
the incumbent when none is, which is the turn it answers without one. A model that picks too
much (plays the runes can't pay together) gives no incumbent; one stopped before its optimum
gives a weaker one. Neither changes the answer, only how soon it is proved. Where the plays
commute (`Moves.deferred`: the runes paid together), the ruleset also asks for the ordered
search (`planner/turn.py`'s `_Search`): a plain play is offered with the same payments on any
state its card is still in hand, and a set of them needs the same Energy and Power, so adds
the same to the runes' cheapest payment, in any order.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Sequence

from ...engine.riftbound.cost import ANY
from ...engine.riftbound.scenario import Scenario
from ...engine.turn import Turn
from ..turn import Candidate
from ..whole_turn import solve, too_late
from .bound import plain

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:
    from ..kernel import cp_model


class WholeTurn:
    """The model's data from the start scenario: each object's printed Energy and Power (by
    domain, `any` included), the Energy and each domain's Power the runes and the pool give,
    and the pool's any-domain Power."""

    def __init__(self, scenario: Scenario, turn: Turn[object]) -> None:
        self.turn = turn
        you = scenario.state.you
        self.energy = sum(1 for r in you.runes if not r.exhausted) + you.pool.energy
        supply: dict[str, int] = {}
        for r in you.runes:
            supply[r.domain] = supply.get(r.domain, 0) + 1
        pool = you.pool.power_map()
        for key, n in pool.items():
            if key != ANY:
                supply[key] = supply.get(key, 0) + n
        self.supply = supply
        self.wild = pool.get(ANY, 0)
        self.costs: dict[str, tuple[int, dict[str, int]]] = {}
        for zone in (you.hand, you.trash, you.board):
            for obj in zone:
                card = scenario.cards.get(obj.card)
                if card is not None:
                    self.costs[obj.id] = (card.cost.energy, card.cost.power_map())

    def aim(self, candidates: Sequence[Candidate], seconds: float) -> list[int] | None:
        """The indices of the candidates the model plays: the most value it finds within
        `seconds` (building it included; one worker), then the least printed Energy and
        Power; None when a candidate is not a card play of the start or the time or the
        solver found nothing."""
        model = cp_model.CpModel()  # CP-SAT imported on first use: not in the budget
        until = time.monotonic() + seconds
        chosen: list[tuple[int, int, tuple[int, dict[str, int]], cp_model.IntVar]] = []
        by_object: dict[str, list[cp_model.IntVar]] = {}
        for i, c in enumerate(candidates):
            if too_late(i, until):
                return None
            cost = self.costs.get(c.object_id) if c.object_id is not None else None
            if cost is None:
                return None
            value = self.turn.value(c.key)
            if value <= 0:
                continue
            play = model.new_bool_var("")
            chosen.append((i, value, cost, play))
            by_object.setdefault(c.card_object or c.key, []).append(play)
        if not chosen:
            return None
        plays = [play for *_, play in chosen]
        for same in by_object.values():
            if len(same) > 1:
                model.add(cp_model.LinearExpr.sum(same) <= 1)
        model.add(cp_model.LinearExpr.sum(plays) <= self.turn.play_limit)
        model.add(cp_model.LinearExpr.weighted_sum(plays, [e for _, _, (e, _), _ in chosen])
                  <= self.energy)
        domains = sorted({d for _, _, (_, power), _ in chosen for d in power if d != ANY})
        borrowed = []
        for d in domains:
            domain = cp_model.LinearExpr.weighted_sum(
                plays, [power.get(d, 0) for _, _, (_, power), _ in chosen])
            wild = model.new_int_var(0, self.wild, f"wild_{d}")
            model.add(domain <= self.supply.get(d, 0) + wild)
            borrowed.append(wild)
        model.add(cp_model.LinearExpr.sum(borrowed) <= self.wild)
        pips = [sum(power.values()) for _, _, (_, power), _ in chosen]
        model.add(cp_model.LinearExpr.weighted_sum(plays, pips)
                  <= sum(self.supply.values()) + self.wild)
        sizes = [e + p for (_, _, (e, _), _), p in zip(chosen, pips)]
        weight = sum(sizes) + 1  # the value first, then the least size
        model.maximize(cp_model.LinearExpr.weighted_sum(
            plays, [value * weight - size for size, (_, value, _, _) in zip(sizes, chosen)]))
        return solve(model, plays, [i for i, *_ in chosen], until)


def whole_turn(scenario: Scenario, turn: Turn[object]) -> WholeTurn | None:
    """The whole-turn model of a plain turn's scenario, None for any other."""
    return WholeTurn(scenario, turn) if plain(scenario) else None


__all__ = ["WholeTurn", "whole_turn"]
