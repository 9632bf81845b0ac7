"""`payplan play` on an `mtg/1` file: cast the `play`, or the `plays` in their order, paid
together (`docs/turns.md`): among the payments of every play that make all of
them payable, each on the state the ones before it left and resolved
(`engine.mtg.stack.resolve`), the one with the smallest summed objective (then total size, then
each play's payment as `plan` breaks ties), so that no play spends the land a later play needs
when some payment pays them all (`planner.turn.pay_together` over `planner.mtg.moves`). When no
payment pays them all, the longest prefix that can be paid together, paid together; the run
stops at the first play not made, saying which and why (`stopped_at`, `reason`). A play of a
land in hand (`{object: ID}`) in `plays` is a land play (305), as in a turn's list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Mapping

from ...engine.mtg import FORMAT
from ...engine.mtg.cards import TURN_FACE_UP, Scenario
from ...engine.mtg.dump import filter_to_data, state_to_data
from ...engine.mtg.loader import scenario_from_data
from ...engine.mtg.mana import mana_text
from ...engine.mtg.stack import Resolved, resolve
from ...engine.mtg.total_cost import played_card
from .. import answers
from ..config import DEFAULT_CONFIG, SolverConfig
from ..render import readable
from .plan import Plan, plan


@dataclass(frozen=True, slots=True)
class PlayOutcome(answers.PlayResult):
    """The casts made (`steps`: each one's plan), the scenario they leave, and where and why the
    run stopped, if it did."""

    FORMAT = FORMAT

    steps: tuple[Plan, ...]
    after: Scenario
    sequence: bool  # the file gave `plays` (else one `play`)
    stopped_at: int | None = None
    reason: str | None = None

    @property
    def plans(self) -> tuple[Plan, ...]:
        return self.steps

    def _state_json(self) -> dict[str, object]:
        return state_to_data(self.after.state)

    def render(self) -> str:
        out: list[str] = []
        for p in self.steps:
            out.append(p.render())
            out.append("")
        you = self.after.state.you
        restricted = "".join(f" + {mana_text(e.mana)} only for "
                             f"{json.dumps(filter_to_data(e.only_for), separators=(', ', ': '))}"
                             for e in you.restricted_pool)  # 106.6: still restricted
        out.append(f"After: life {you.life}, library {you.library}, pool "
                   f"{mana_text(you.mana_pool, '(empty)')}{restricted}; battlefield "
                   f"{' '.join(o.id + ('(T)' if o.tapped else '') for o in you.battlefield) or '(empty)'}")
        return readable("\n".join(out))


def resolved_of(p: Plan) -> Resolved:
    """The engine's view of an ok plan: what was cast, where it goes, its payment."""
    if p.status != "ok" or p.payment is None:
        raise ValueError(f"only an ok plan can be applied (this one is {p.status})")
    option = p.option
    return Resolved(p.play["object"], p.destination, p.payment, p.left_in_pool,
                    option.counters if option is not None else (),
                    option.loyalty if option is not None else None, p.total_snow,
                    p.cast if p.cast in ("face_down", TURN_FACE_UP) else "")


def play_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG) -> PlayOutcome:
    """Cast the file's `play` (or each of its `plays`); a ScenarioError for a bad file."""
    scenario = scenario_from_data(data, require_play=True)
    return run_play(scenario, config)


def run_play(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG) -> PlayOutcome:
    """The file's `play`, or its `plays` paid together (the module docstring)."""
    if scenario.plays:
        return _together(scenario, config)
    plays = [scenario.play] if scenario.play is not None else []
    sequence = False
    out: list[Plan] = []
    for i, play in enumerate(plays):
        if scenario.state.played(play.object) is None:
            p = Plan("illegal", {"object": play.object, "card": "", "from": play.zone},
                        reasons=(f"{play.object} is no longer in your {play.zone}",))
        else:
            p = plan(scenario, config, play)
        out.append(p)
        if p.status != "ok":
            what = f"({p.play['card']} {p.play['object']})"
            reason = f"{what} is {p.status}: " + "; ".join(p.reasons)
            return PlayOutcome(tuple(out), scenario, sequence, i,
                                  f"plays[{i}] {reason}" if sequence else reason)
        scenario = resolve(scenario, replace(resolved_of(p), card=played_card(scenario, play)))
    return PlayOutcome(tuple(out), scenario, sequence)


def _together(scenario: Scenario, config: SolverConfig) -> PlayOutcome:
    from ...engine.mtg.lands import land_play_reasons
    from ...engine.turn import candidate_key
    from ..kernel import deadline
    from ..turn import Candidate, pay_together
    from .moves import Moves

    plays = list(scenario.plays)
    start = replace(scenario, play=None, plays=())
    moves = Moves(start, config, listed=plays)
    sequence = [Candidate(candidate_key(p.object, p.ability), (i,), (p,),
                          p.object if p.ability is None else None, i)
                for i, p in enumerate(plays)]
    together = pay_together(moves, start, sequence, deadline(config))
    out = [p for p in together.plans if isinstance(p, Plan)]
    after = together.after
    assert isinstance(after, Scenario)
    if len(out) == len(plays):
        return PlayOutcome(tuple(out), after, True)
    i = len(out)
    play = plays[i]
    found = after.state.you.find(play.object)
    if found is None:
        p = Plan("illegal", {"object": play.object, "card": "", "from": play.zone},
                    reasons=(f"{play.object} is no longer in your {play.zone}",))
    elif play.ability is None and "land" in after.cards[found[1].card].types:
        card = after.cards[found[1].card]
        header = {"object": play.object, "card": card.id, "from": found[0]}
        p = Plan("illegal", header, reasons=land_play_reasons(after, play.object)
                    or ("it can't be played with the plays before it",))
    else:
        p = plan(after, config, play)
        if p.ok:  # only when the search was cut by the time limit
            p = replace(p, status="unpayable", reasons=(
                "it could not be paid together with the plays before it in the time limit",))
    out.append(p)
    what = f"({p.play['card']} {p.play['object']})"
    reason = f"plays[{i}] {what} is {p.status}: " + "; ".join(p.reasons)
    return PlayOutcome(tuple(out), after, True, i, reason)


__all__ = ["PlayOutcome", "play_data", "resolved_of", "run_play"]
