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

**Why the turn stays exact whatever it answers.** The model's value is only an *aim*: the search
first asks for the best path worth at least it (`_Search.best` with that threshold), and such a
path, when one is found, is the best path of all, since every better path is worth at least as
much and so is below the threshold too; where none is found (the model claimed too much), the
search is asked again with every path allowed. So an aim too high costs time, never the answer;
an aim too low (the solver stopped before its optimum) prunes less. The search's own bound
proves the answer, as without the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...engine.riftbound.cost import ANY
from ...engine.riftbound.scenario import Scenario
from ...engine.turn import Turn
from ..turn import Candidate
from .bound import _plain

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
        `seconds` (one worker), then the least printed Energy and Power; None when a
        candidate is not a card play of the start or the solver found nothing."""
        model = cp_model.CpModel()
        chosen: list[tuple[int, int, tuple[int, dict[str, int]], cp_model.IntVar]] = []
        by_object: dict[str, list[cp_model.IntVar]] = {}
        for i, c in enumerate(candidates):
            cost = self.costs.get(c.object_id) if c.object_id is not None else None
            if cost is None:
                return None
            value = self.turn.value(c.key)
            if value <= 0:
                continue
            play = model.NewBoolVar(f"play{i}")
            chosen.append((i, value, cost, play))
            by_object.setdefault(c.card_object or c.key, []).append(play)
        if not chosen:
            return None
        for plays in by_object.values():
            model.Add(sum(plays) <= 1)
        model.Add(sum(play for *_, play in chosen) <= self.turn.play_limit)
        model.Add(sum(e * play for _, _, (e, _), play in chosen) <= self.energy)
        domains = sorted({d for _, _, (_, power), _ in chosen for d in power if d != ANY})
        borrowed = []
        for d in domains:
            pips = sum(power.get(d, 0) * play for _, _, (_, power), play in chosen)
            wild = model.NewIntVar(0, self.wild, f"wild_{d}")
            model.Add(pips <= self.supply.get(d, 0) + wild)
            borrowed.append(wild)
        model.Add(sum(borrowed) <= self.wild)
        sizes = [e + sum(power.values()) for _, _, (e, power), _ in chosen]
        model.Add(sum(size * play for size, (*_, play) in zip(sizes, chosen))
                  <= sum(self.supply.values()) + self.wild + self.energy)
        model.Add(sum(sum(power.values()) * play for _, _, (_, power), play in chosen)
                  <= sum(self.supply.values()) + self.wild)
        weight = sum(sizes) + 1  # the value first, then the least size
        model.Maximize(sum((value * weight - size) * play
                           for size, (_, value, _, play) in zip(sizes, chosen)))
        solver = cp_model.CpSolver()
        solver.parameters.num_search_workers = 1
        solver.parameters.max_time_in_seconds = max(0.01, seconds)
        if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return [i for i, *_, play in chosen if solver.Value(play)]


def whole_turn(scenario: Scenario, turn: Turn[object]) -> WholeTurn | None:
    """The whole-turn model of a plain turn's scenario, None for any other."""
    return WholeTurn(scenario, turn) if _plain(scenario) else None


__all__ = ["WholeTurn", "whole_turn"]
