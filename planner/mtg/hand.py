"""`payplan hand` on an `mtg/1` file: every card you could cast now, every activated ability
of your permanents and every ability of your cards in hand activated from there (cycling), and
turning each face-down permanent face up (morph), planned. Its text also says why each play
that can't be made can't, and whether each land in hand can be played now (rule 305: a land is
played, not cast, so it is no play of the JSON)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from ...engine.mtg.cards import TURN_FACE_UP, Play, Scenario
from ...engine.mtg.lands import land_play_reasons
from ...engine.mtg.mana import total_text
from ...engine.mtg.options import permitted
from ...engine.mtg.resources import SharedResources
from ...engine.mtg.total_cost import with_grants
from .. import answers
from ..config import DEFAULT_CONFIG, SolverConfig
from ..render import table
from .moves import castable_from_graveyard
from .plan import Plan, plan


def plan_hand(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG) -> list[Plan]:
    """Every nonland card in hand, every card in the graveyard with flashback (or an
    alternative cost from the graveyard, or a permanent's permission to cast it there), every
    card in the command zone (a commander, cast from there with its tax, 903.8), then every
    activated ability of your permanents, then every ability of your cards in hand activated
    from there (cycling, 702.29), planned with `cast: auto` and `x: auto`. The file's play
    settings carry over to that same object (and ability) only."""
    you = scenario.state.you
    out = []
    shared = SharedResources(scenario)  # the spells' resources, shared where exact
    for zone in ("hand", "graveyard", "command"):
        for obj in you.zone(zone):
            card = scenario.cards[obj.card]
            if "land" in card.types:
                continue
            if zone == "graveyard" and not castable_from_graveyard(
                    with_grants(scenario, card, zone)) and not permitted(scenario, card, zone):
                continue
            play = Play(obj.id, zone)
            if (scenario.play is not None and scenario.play.object == obj.id
                    and scenario.play.ability is None):
                play = replace(scenario.play, zone=zone)
            out.append(plan(scenario, config, play, shared))
    for zone in ("battlefield", "hand"):
        for obj in you.zone(zone):
            for ability in scenario.cards[obj.card].abilities:
                if ability.zone == zone:
                    out.append(_ability_plan(scenario, config, obj.id, zone, ability.id))
    for obj in you.battlefield:  # 702.37e: each face-down permanent turned face up
        if obj.face_down:
            out.append(plan(scenario, config, Play(obj.id, "battlefield", cast=TURN_FACE_UP,
                                                       ability=TURN_FACE_UP)))
    return out


def _ability_plan(scenario: Scenario, config: SolverConfig, object_id: str, zone: str,
                  ability_id: str) -> Plan:
    play = Play(object_id, zone, ability=ability_id)
    if (scenario.play is not None and scenario.play.object == object_id
            and scenario.play.ability == ability_id):
        play = scenario.play
    return plan(scenario, config, play)


def hand_table(scenario: Scenario) -> Callable[[Sequence[answers.Plan]], str]:
    """The text of the hand of `scenario`: `render_hand`, then the lands in hand."""
    lands = _lands_in_hand(scenario)
    return lambda plans: render_hand(plans) + ("\n\n" + lands if lands else "")


def _lands_in_hand(scenario: Scenario) -> str:
    """Each land in hand on a line: this turn's land drop, or why it can't be played now
    (305.1, 305.2); empty when there is none."""
    lines = []
    for obj in scenario.state.you.hand:
        if "land" in scenario.cards[obj.card].types:
            reasons = land_play_reasons(scenario, obj.id)
            lines.append(f"  {obj.card} ({obj.id}): " + (
                "not now: " + "; ".join(reasons) if reasons else "playable: this turn's land drop"))
    return "\n".join(["Lands in hand (played, not cast: 305.1):"] + lines) if lines else ""


def render_hand(plans: Sequence[answers.Plan]) -> str:
    """A table of every play, then why each that can't be made can't."""
    rows = []
    for p in plans:
        assert isinstance(p, Plan)
        total = (total_text(p.total_mana, p.total_snow)
                 + (f" + {p.total_life} life" if p.total_life else ""))
        card = p.play["card"] + (f" ({p.play['ability']})" if "ability" in p.play else "")
        rows.append((p.play["object"], card, p.play["from"], p.status,
                     p.cast or "", total if p.status == "ok" else "",
                     "" if p.score is None else p.score))
    out = [table(["object", "card", "from", "status", "cast", "total", "score"], rows)]
    blocked = [p for p in plans if p.status != "ok"]
    if blocked:
        out += ["", "Not playable now:"]
        for p in blocked:
            what = p.play["card"] + (f" ({p.play['object']}), ability {p.play['ability']}"
                                     if "ability" in p.play else
                                     f" ({p.play['object']}, from {p.play['from']})")
            out.append(f"  {what}: {p.status}")
            out += [f"    - {reason}" for reason in p.reasons]
    return "\n".join(out)


__all__ = ["hand_table", "plan_hand", "render_hand"]
