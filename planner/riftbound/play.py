"""`payplan play`: plan a play (or a sequence of plays), apply it, and report the state after.

A scenario holds one `play`, or `plays: [PLAY, ...]`. One play is planned (`planner.plan.plan`)
and applied by `engine.chain.apply_payment`, which re-checks its legality, re-prices it (rule
353) and checks the payment before it builds the new state (the rulings on where the card goes when
it leaves the Chain; Repeat adds executions, not plays). `plays` are paid together
(`play_together`): each on the state the ones before it left, the payments chosen jointly so
that no play spends what a later one needs; the run stops at the first play that can't be made
with the ones before it (illegal, unpayable, or refused), saying which and why.

`plays` is this module's key: it is taken out of the data before the loader (which knows only
the five keys of `payplan/1`) reads the rest. Each entry is checked up front by loading the
scenario with `play` set to it, problems reported at `plays[i]...`. Where a later play's object
is only in the wrong zone (it may get there through an earlier play: a gear returned to hand),
that check waits for its turn: the play is then loaded against the state of that moment.

The JSON (`PlayOutcome.to_json`) is the plan's JSON with `state` (the state after, in the
scenario format, so it can be fed back in) for one `play`; for `plays`,
`{"plays": [PLAN, ...], "state": STATE, "stopped_at": INDEX or null, "reason": TEXT or null}`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ...engine.problems import NOT_IN_ZONE, Problem, ScenarioError
from ...engine.riftbound.chain import Applied, PlanRefused, apply_payment
from ...engine.riftbound.cost import Cost
from ...engine.riftbound.dump import state_to_data
from ...engine.riftbound.loader import read_data, scenario_from_data
from ...engine.riftbound.scenario import FORMAT, Scenario
from ...engine.riftbound.state import GameObject, PlayerState, State
from .. import answers
from ..config import DEFAULT_CONFIG, SolverConfig
from ..render import readable
from .plan import Plan, plan, render_plan

__all__ = ["PlayOutcome", "PlayStep", "applied_of", "play_data", "play_file", "render_play"]

Data = dict[str, object]


@dataclass(frozen=True, slots=True)
class PlayStep:
    """One play of the run: its plan, the state it was planned on, the state after it (None
    when it was not made), and why it was refused where the engine refused its plan."""

    plan: Plan
    before: State
    after: State | None = None
    refused: str | None = None


@dataclass(frozen=True, slots=True)
class PlayOutcome(answers.PlayResult):
    """The plays made, the state they leave, and where and why the run stopped (if it did)."""

    FORMAT = FORMAT

    steps: tuple[PlayStep, ...]
    state: State
    sequence: bool  # the file gave `plays` (else one `play`)
    stopped_at: int | None = None
    reason: str | None = None

    @property
    def plans(self) -> tuple[Plan, ...]:
        return tuple(step.plan for step in self.steps)

    def _state_json(self) -> dict[str, object]:
        return state_to_data(self.state)

    def _refused_json(self) -> dict[str, object]:
        refused = self.steps[0].refused
        return {} if refused is None else {"refused": refused}

    def render(self) -> str:
        return readable(render_play(self))


# --- Running ------------------------------------------------------------------------------------


def play_file(path: str | Path, config: SolverConfig = DEFAULT_CONFIG) -> PlayOutcome:
    """Read a scenario file (YAML, or JSON by its name) and run its play or plays."""
    data = read_data(path)
    if not isinstance(data, dict):
        scenario_from_data(data)  # the loader's own error for a file that is not a mapping
        raise ScenarioError.at((), "expected a mapping")  # not reached: the loader raised
    return play_data(data, config)


def play_data(data: dict[str, object], config: SolverConfig = DEFAULT_CONFIG) -> PlayOutcome:
    """Run the play (or `plays`) of already-parsed scenario data; `data` is not changed.

    Raises `ScenarioError` for a malformed scenario (exit 2); an illegal, unpayable or refused
    play is an answer (`ok` false), not an error.
    """
    base = dict(data)
    if "plays" not in base:
        if "play" not in base:
            problems = [Problem(("play",), "missing (give `play`, or `plays`: a list of plays)")]
            try:
                scenario_from_data(base)
            except ScenarioError as err:
                problems += err.problems
            raise ScenarioError(problems)
        scenario = scenario_from_data(base, require_play=True)
        step = _play_one(scenario, config)
        failed = _failure(step)
        return PlayOutcome(
            (step,), step.after if step.after is not None else scenario.state, sequence=False,
            stopped_at=None if failed is None else 0, reason=failed,
        )

    entries = _check_plays(base)
    del base["plays"]
    start = scenario_from_data(base)
    return play_together(base, start, entries, config)


def play_together(base: Data, start: Scenario, entries: list[object],
                  config: SolverConfig) -> PlayOutcome:
    """The listed plays, in their order, paid together (`docs/turns.md`, "payplan play with
    plays"): among the payments of every play that make all of them payable, the smallest
    summed objective (then size, then each play's payment as `plan` breaks ties); when none
    pays them all, the longest prefix that can be paid together, with `stopped_at`. Planning
    each play alone could spend the rune a later play needs; this never does when a joint
    payment exists (`planner.turn.pay_together`)."""
    from ..kernel import deadline
    from ..turn import Candidate, pay_together
    from .moves import Entry, Moves

    sequence = [Candidate(f"plays[{i}]", (i,), (Entry(base, entry),), None, i)
                for i, entry in enumerate(entries)]
    together = pay_together(Moves(start), start, sequence, deadline(config))
    steps: list[PlayStep] = []
    scenario = start
    for p, play in zip(together.plans, together.plays):
        assert isinstance(p, Plan)
        here = replace(scenario, play=play)
        after = apply_payment(here, applied_of(p))
        steps.append(PlayStep(p, scenario.state, after))
        scenario = replace(scenario, state=after, play=None)
    made = len(steps)
    if made == len(entries):
        return PlayOutcome(tuple(steps), scenario.state, True)
    # The first play not made: why, on the state the others left.
    try:
        next_scenario = _scenario_for(base, entries[made], scenario.state, first=made == 0)
    except ScenarioError as err:
        reason = f"plays[{made}] can't be made now: " + "; ".join(
            str(_in_plays(problem, made)) for problem in err.problems)
        return PlayOutcome(tuple(steps), scenario.state, True, made, reason)
    step = _play_one(next_scenario, config)
    failed = _failure(step)
    if failed is None:  # payable alone on this state, but not with the plays before it
        failed = (f"({step.plan.play['card']} {step.plan.play['object']}) can't be paid "
                  "together with the plays before it")
        step = PlayStep(replace(step.plan, status="unpayable", reasons=(failed,)), step.before)
    steps.append(step)
    return PlayOutcome(tuple(steps), scenario.state, True, made, f"plays[{made}] {failed}")


def _play_one(scenario: Scenario, config: SolverConfig) -> PlayStep:
    p = plan(scenario, config)
    if p.status != "ok":
        return PlayStep(p, scenario.state)
    try:
        after = apply_payment(scenario, applied_of(p))
    except PlanRefused as refused:
        return PlayStep(p, scenario.state, refused=refused.reason)
    return PlayStep(p, scenario.state, after)


def _failure(step: PlayStep) -> str | None:
    """Why the play was not made, or None."""
    p = step.plan
    what = f"({p.play['card']} {p.play['object']})"
    if p.status != "ok":
        return f"{what} is {p.status}: " + "; ".join(p.reasons)
    if step.refused is not None:
        return f"{what} was refused: {step.refused}"
    return None


def applied_of(p: Plan) -> Applied:
    """The engine's view of an `ok` plan: its choices, its total and its payment."""
    if p.status != "ok" or p.option is None or p.payment is None or p.total is None:
        raise ValueError(f"only an ok plan can be applied (this one is {p.status})")
    return Applied(p.play["object"], p.option.choices, p.total, p.payment)


# --- `plays`: checking the entries and loading each in its turn --------------------------------

def _check_plays(data: Data) -> list[object]:
    """The entries of `plays`, each checked against the file's state; every problem at once."""
    plays = data["plays"]
    problems: list[Problem] = []
    rest = {k: v for k, v in data.items() if k != "plays"}
    if "play" in rest:
        problems.append(Problem(("plays",), "give either `play` or `plays`, not both"))
        rest.pop("play")
    try:
        scenario_from_data(rest)
    except ScenarioError as err:
        problems += err.problems
    if not isinstance(plays, list) or not plays:
        problems.append(Problem(("plays",), "expected a non-empty list of plays"))
        raise ScenarioError(problems)
    for i, entry in enumerate(plays):
        try:
            scenario_from_data({**rest, "play": entry})
        except ScenarioError as err:
            for problem in err.problems:
                if problem.path[:1] != ("play",):
                    continue  # a problem outside the play: reported once, above
                if i > 0 and _waits_for_its_turn(problem):
                    continue
                problems.append(_in_plays(problem, i))
    if problems:
        raise ScenarioError(problems)
    return list(plays)


def _waits_for_its_turn(problem: Problem) -> bool:
    """A later play's card may reach hand or trash through an earlier play: "not in the zone"
    waits for its turn (the play is then loaded against the state of that moment)."""
    return problem.code == NOT_IN_ZONE


def _in_plays(problem: Problem, i: int) -> Problem:
    """A loader problem about `play` as one about `plays[i]`."""
    return problem.moved(("play",), ("plays", i))


def _scenario_for(data: Data, entry: object, state: State, *, first: bool) -> Scenario:
    """The scenario of one play of the sequence, on the state the plays before it left."""
    current: Data = {**data, "play": entry}
    if not first:
        current["state"] = state_to_data(state)
    return scenario_from_data(current, require_play=True)


# --- Text ---------------------------------------------------------------------------------------


def render_play(outcome: PlayOutcome) -> str:
    """Each play's plan, then what it changed in the state; where the run stopped, why."""
    out: list[str] = []
    count = len(outcome.steps)
    for i, step in enumerate(outcome.steps):
        if outcome.sequence:
            out.append(f"=== plays[{i}] ===")
        out.append(render_plan(step.plan))
        if step.refused is not None:
            out.append(f"\nRefused by the engine: {step.refused}")
        if step.after is not None:
            out.append("")
            out.append("State changes:")
            out.extend(f"  - {line}" for line in state_changes(step.before, step.after))
        if i + 1 < count:
            out.append("")
    if outcome.stopped_at is not None:
        out.append("")
        out.append(f"Stopped: {outcome.reason}" if outcome.sequence
                   else f"Not played: {outcome.reason}")
    elif outcome.sequence:
        out.append("")
        out.append(f"All {count} plays made.")
    return "\n".join(out)


def state_changes(before: State, after: State) -> list[str]:
    """What differs between two states, in words: runes, pool, objects by zone, XP, counters."""
    lines: list[str] = []
    for who in ("you", "opponent"):
        lines += _player_changes(who, before.player(who), after.player(who))
    if before.played_this_turn != after.played_this_turn:
        lines.append(f"cards played this turn: {before.played_this_turn} -> {after.played_this_turn}")
    return lines or ["nothing changed"]


def _player_changes(who: str, old: PlayerState, new: PlayerState) -> list[str]:
    mine = "" if who == "you" else "opponent's "
    lines: list[str] = []
    new_runes = {r.id: r for r in new.runes}
    deck = {r.id for r in new.rune_deck}
    exhausted = [r.id for r in old.runes if r.id in new_runes and new_runes[r.id].exhausted
                 and not r.exhausted]
    recycled = [r.id for r in old.runes if r.id not in new_runes and r.id in deck]
    if exhausted:
        lines.append(f"{mine}runes exhausted: {' '.join(exhausted)}")
    if recycled:
        lines.append(f"{mine}runes recycled to the bottom of the rune deck: {' '.join(recycled)}")
    if old.pool != new.pool:
        lines.append(f"{mine}Rune Pool: {_pool(old.pool)} -> {_pool(new.pool)}")
    old_where = _places(old)
    new_where = _places(new)
    for object_id, (zone, obj) in old_where.items():
        label = f"{mine}{object_id} ({obj.card})"
        if object_id not in new_where:
            gone = ("the bottom of the main deck (not held in the state)" if zone == "trash"
                    else "nowhere: it ceased to exist (a token)")
            lines.append(f"{label}: {zone} -> {gone}")
            continue
        new_zone, new_obj = new_where[object_id]
        if new_zone != zone:
            state = ""
            if new_zone == "board":
                readiness = "exhausted" if new_obj.exhausted else "ready"
                state = f" ({readiness}{', at ' + new_obj.location if new_obj.location else ''})"
            lines.append(f"{label}: {zone} -> {new_zone}{state}")
            continue
        if new_obj.exhausted and not obj.exhausted:
            lines.append(f"{label}: exhausted")
        if new_obj.buffs != obj.buffs:
            lines.append(f"{label}: buffs {obj.buffs} -> {new_obj.buffs}")
    if old.xp != new.xp:
        lines.append(f"{mine}XP: {old.xp} -> {new.xp}")
    gone_sources = [s.id for s in old.sources if s.id not in {t.id for t in new.sources}]
    if gone_sources:
        lines.append(f"{mine}sources gone with their objects: {' '.join(gone_sources)}")
    return lines


def _places(p: PlayerState) -> dict[str, tuple[str, GameObject]]:
    return {obj.id: (zone, obj) for zone in ("hand", "trash", "board", "banishment")
            for obj in p.zone(zone)}


def _pool(pool: Cost) -> str:
    return "empty" if pool == Cost() else str(pool)
