"""Whether a play may be made at all: zone, timing, base cost permissions, targets.

Rules notes: a normal card needs your turn, your main phase and an empty Chain; an Action card may
also be played in a showdown; a Reaction card whenever you have priority, the Chain included.
From the trash a card needs a Flow instance (used as its base cost), "play it for [cost]", or a
permission; Flow never changes timing (seed 000). Only one alternate base cost applies (353.1).
"""

from __future__ import annotations

from payplan.engine.total_cost import BaseChoice, PlayContext, base_cost, target_controller


def timing_reasons(ctx: PlayContext) -> list[str]:
    state = ctx.scenario.state
    timing = ctx.card.timing
    name = ctx.card.name
    if timing == "reaction":
        return []
    own_main = state.turn == "you" and state.phase == "main"
    if timing == "action":
        if own_main or state.phase == "showdown":
            return []
        return [f"timing: {name} is an Action card: it needs your main phase with an empty Chain, "
                f"or a showdown (now: {state.turn}'s turn, phase {state.phase})"]
    if own_main:
        return []
    why = "the Chain is not empty" if state.phase == "closed" else f"phase {state.phase}, {state.turn}'s turn"
    flow = " (Flow does not change timing)" if ctx.zone == "trash" and ctx.card.keywords.flow else ""
    return [f"timing: {name} has normal timing: it needs your main phase with an empty Chain, "
            f"but {why}{flow}"]


def base_choices(ctx: PlayContext) -> tuple[list[BaseChoice], list[str]]:
    """The base costs this play may use, and why none may where the list is empty."""
    play = ctx.play
    card = ctx.card
    printed_ok = ctx.zone == "hand" or play.permit
    candidates: list[BaseChoice] = []
    if printed_ok:
        candidates.append(base_cost(card, "printed", None, play.ignore, None))
    if ctx.zone == "trash":
        for i in range(len(card.keywords.flow)):
            candidates.append(base_cost(card, "flow", i, play.ignore, None))
    if play.play_for is not None:
        candidates.append(base_cost(card, "play_for", None, play.ignore, play.play_for))
    if play.base == "auto":
        chosen = candidates
    elif play.base == "printed":
        chosen = [b for b in candidates if b.kind in ("printed", "ignore")]
    elif play.base == "play_for":
        chosen = [b for b in candidates if b.kind == "play_for"]
    else:
        index = play.base[1]
        chosen = [b for b in candidates if b.kind == "flow" and b.index == index]
    if chosen:
        return chosen, []
    if not candidates:
        return [], [f"zone: {card.name} is in the trash: playing it from there needs Flow, "
                    f"a \"play it for\" effect or a permission (permit)"]
    if play.base == "printed":
        return [], [f"zone: {card.name} is in the trash: its printed cost needs a permission (permit)"]
    if play.base == "play_for":
        return [], ["base: play_for was asked for but the play gives no play_for cost"]
    if ctx.zone != "trash":
        return [], [f"base: Flow is used only when playing from the trash; {card.name} is in {ctx.zone}"]
    return [], [f"base: {card.name} has no Flow instance {play.base[1]}"]


def reasons(ctx: PlayContext) -> list[str]:
    """Every reason the play is illegal; empty when it is legal."""
    out: list[str] = []
    play = ctx.play
    if ctx.zone not in ("hand", "trash"):
        out.append(f"zone: {play.object} is in {ctx.zone}: only cards in hand or trash can be played")
        return out
    if play.from_zone != ctx.zone:
        out.append(f"zone: {play.object} is in {ctx.zone}, not in {play.from_zone}")
        return out
    out.extend(timing_reasons(ctx))
    _, base_reasons = base_choices(ctx)
    out.extend(base_reasons)
    for target_id in play.targets:
        if target_controller(ctx.scenario, target_id) is None:
            out.append(f"targets: {target_id} does not exist")
    return out
