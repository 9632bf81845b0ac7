"""Rule 305: playing a land. A land is played, not cast (305.1, 116.2a): it uses no stack and
costs nothing. You may play one land a turn (305.2, `state.lands_played_this_turn`), on your
turn, in your main phase, with an empty stack (305.1). The land comes from your hand onto the
battlefield, untapped unless its card says `enters_tapped: true`; a land that is also a creature
is summoning sick (302.6), so its {T} mana abilities wait.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import Scenario

LANDS_PER_TURN = 1  # 305.2


def land_play_reasons(scenario: Scenario, object_id: str) -> tuple[str, ...]:
    """Why the land `object_id` can't be played now (empty: it can)."""
    found = scenario.state.you.find(object_id)
    if found is None:
        return (f"{object_id} is no longer in your zones",)
    zone, obj = found
    card = scenario.cards[obj.card]
    if "land" not in card.types:
        return (f"{card.name} is not a land: it is cast, not played (305.1)",)
    reasons = []
    if zone != "hand":
        reasons.append(f"{obj.id} is in your {zone}: a land is played from your hand (305.1)")
    if not scenario.state.sorcery_speed:
        reasons.append(f"a land is played on your turn, in your main phase, with an empty stack "
                       f"(305.1); {card.name} can't be played now")
    if scenario.state.lands_played_this_turn >= LANDS_PER_TURN:
        reasons.append(f"you have already played a land this turn (305.2: "
                       f"{LANDS_PER_TURN} a turn)")
    return tuple(reasons)


def play_land(scenario: Scenario, object_id: str) -> Scenario:
    """The scenario after the land `object_id` is played (the caller checked
    `land_play_reasons`): on the battlefield, tapped if its card enters tapped, sick if it is a
    creature; one more land played this turn."""
    you = scenario.state.you
    obj = next(o for o in you.hand if o.id == object_id)
    card = scenario.cards[obj.card]
    entered = replace(obj, tapped=card.enters_tapped, sick="creature" in card.types)
    you_after = replace(you, hand=tuple(o for o in you.hand if o.id != object_id),
                        battlefield=you.battlefield + (entered,))
    state = replace(scenario.state, you=you_after,
                    lands_played_this_turn=scenario.state.lands_played_this_turn + 1)
    return replace(scenario, state=state, play=None)


__all__ = ["LANDS_PER_TURN", "land_play_reasons", "play_land"]
