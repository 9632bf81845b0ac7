"""`payplan play` on an `mtg/1` file: cast the `play` (or each of the `plays`, in order), each
planned on the state the one before it left and resolved (`engine.mtg.stack.resolve`); the run
stops at the first cast that can't be made, saying which and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...engine.mtg import FORMAT
from ...engine.mtg.cards import MtgScenario
from ...engine.mtg.dump import state_to_data
from ...engine.mtg.loader import mtg_from_data
from ...engine.mtg.mana import mana_text
from ...engine.mtg.stack import Resolved, resolve
from .. import answers
from ..config import DEFAULT_CONFIG, SolverConfig
from .plan import MtgPlan, plan_mtg


@dataclass(frozen=True, slots=True)
class MtgPlayOutcome(answers.PlayResult):
    """The casts made (`steps`: each one's plan), the scenario they leave, and where and why the
    run stopped, if it did."""

    FORMAT = FORMAT

    steps: tuple[MtgPlan, ...]
    after: MtgScenario
    sequence: bool  # the file gave `plays` (else one `play`)
    stopped_at: int | None = None
    reason: str | None = None

    @property
    def plans(self) -> tuple[MtgPlan, ...]:
        return self.steps

    def to_json(self) -> dict[str, object]:
        state = state_to_data(self.after.state)
        if not self.sequence:
            body = self.steps[0].to_json()
            body["state"] = state
            return body
        return {"format": FORMAT, "plays": [p.to_json() for p in self.steps], "state": state,
                "stopped_at": self.stopped_at, "reason": self.reason}

    def render(self) -> str:
        out: list[str] = []
        for p in self.steps:
            out.append(p.render())
            out.append("")
        you = self.after.state.you
        out.append(f"After: life {you.life}, library {you.library}, pool "
                   f"{mana_text(you.mana_pool, '(empty)')}; battlefield "
                   f"{' '.join(o.id + ('(T)' if o.tapped else '') for o in you.battlefield) or '(empty)'}")
        return "\n".join(out)


def resolved_of(p: MtgPlan) -> Resolved:
    """The engine's view of an ok plan: what was cast, where it goes, its payment."""
    if p.status != "ok" or p.payment is None:
        raise ValueError(f"only an ok plan can be applied (this one is {p.status})")
    return Resolved(p.play["object"], p.destination, p.payment, p.left_in_pool)


def play_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG) -> MtgPlayOutcome:
    """Cast the file's `play` (or each of its `plays`); a ScenarioError for a bad file."""
    scenario = mtg_from_data(data, require_play=True)
    return run_play(scenario, config)


def run_play(scenario: MtgScenario, config: SolverConfig = DEFAULT_CONFIG) -> MtgPlayOutcome:
    """Each play in order, planned on the state the one before it left, until one can't be
    made."""
    sequence = bool(scenario.plays)
    plays = list(scenario.plays) or ([scenario.play] if scenario.play is not None else [])
    out: list[MtgPlan] = []
    for i, play in enumerate(plays):
        if scenario.state.you.find(play.object) is None:
            p = MtgPlan("illegal", {"object": play.object, "card": "", "from": play.zone},
                        reasons=(f"{play.object} is no longer in your {play.zone}",))
        else:
            p = plan_mtg(scenario, config, play)
        out.append(p)
        if p.status != "ok":
            what = f"({p.play['card']} {p.play['object']})"
            reason = f"{what} is {p.status}: " + "; ".join(p.reasons)
            return MtgPlayOutcome(tuple(out), scenario, sequence, i,
                                  f"plays[{i}] {reason}" if sequence else reason)
        scenario = resolve(scenario, resolved_of(p))
    return MtgPlayOutcome(tuple(out), scenario, sequence)


__all__ = ["MtgPlayOutcome", "play_data", "resolved_of", "run_play"]
