"""Whether a play may be made at all: zone, timing, base cost permissions, targets.

Rules notes: a normal card needs your turn, your main phase and an empty Chain; an Action card may
also be played in a showdown; a Reaction card whenever you have priority, the Chain included.
From the trash a card needs a Flow instance (used as its base cost), "play it for [cost]", or a
permission; Flow never changes timing. Only one alternate base cost applies (353.1).
"""

from __future__ import annotations

import json
from dataclasses import replace

from .abilities import HIDE, ability_reasons, accepts_target, find_ability
from .cards import Card
from .cost import Cost, power_from_map
from .dump import conditions_to_data
from .filters import PlayFacts, holds, play_matches, target_matches
from .total_cost import (
    BaseChoice,
    PlayContext,
    _ignoring,
    base_cost,
    effects_reaching,
    granted,
    optional_costs,
    target_controller,
)


def timing_reasons(ctx: PlayContext) -> list[str]:
    state = ctx.scenario.state
    timing = ctx.card.timing
    name = ctx.card.name
    if ctx.zone == "facedown":
        timing = "reaction"  # a hidden card is played with Reaction timing (811)
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


def hybrid_costs(card: Card) -> list[Cost]:
    """The printed cost with each hybrid pip paid as one of its domains: each distinct cost
    once, in the order of the first choice of halves reaching it when the choices are read in
    order (the first pip's first half first, as `itertools.product` lists them).

    The order of the pips does not change what they add, so the distinct costs are multisets
    of domains (at most a few thousand for the 20 pips a card may have), not the 2^N choices:
    the choices are walked depth first in that order, and a choice of the first i pips adding
    the same domains as one walked before is not walked again (it reaches the same costs)."""
    if not card.hybrid:
        return [card.cost]
    keys = sorted({d for pair in card.hybrid for d in pair})
    halves = [tuple(keys.index(d) for d in pair) for pair in card.hybrid]
    seen: set[tuple[int, tuple[int, ...]]] = set()
    found: dict[tuple[int, ...], None] = {}
    stack: list[tuple[int, tuple[int, ...]]] = [(0, (0,) * len(keys))]
    while stack:
        at, counts = stack.pop()
        if (at, counts) in seen:
            continue
        seen.add((at, counts))
        if at == len(halves):
            found.setdefault(counts, None)
            continue
        for half in reversed(halves[at]):  # the first half on top: walked first
            stack.append((at + 1, tuple(n + (k == half) for k, n in enumerate(counts))))
    return [card.cost + Cost(0, power_from_map(
        {keys[k]: n for k, n in enumerate(counts) if n})) for counts in found]


def card_target_reasons(ctx: PlayContext) -> list[str]:
    """A card with `targets` (what its play chooses): the play names one target at least, and
    each is an object the filter accepts (`controller` relative to you), as an ability's are."""
    wanted = ctx.card.targets
    if wanted is None:
        return []
    if not ctx.play.targets:
        return [f"targets: {ctx.card.name} chooses {wanted.text() or 'an object'}; "
                f"give play.targets"]
    out = []
    for target_id in ctx.play.targets:
        found = next((t for t in ctx.targets if t.id == target_id), None)
        if found is None or not target_matches(ctx.scenario, wanted, found):
            out.append(f"targets: {target_id} is not {wanted.text() or 'an object'}")
    return out


def ignoring(play_ignore: str | None, effect_ignores: list[str]) -> str | None:
    """What the play ignores of its base cost: `play.ignore` with each reaching effect's
    `ignore` added (Energy and Power together are its whole cost; `all` stays `all`)."""
    parts = {play_ignore} | set(effect_ignores) if play_ignore is not None else set(effect_ignores)
    if not parts:
        return None
    if "all" in parts:
        return "all"
    if "cost" in parts or {"energy", "power"} <= parts:
        return "cost"
    return parts.pop()


def base_choices(ctx: PlayContext) -> tuple[list[BaseChoice], list[str]]:
    """The base costs this play may use, and why none may where the list is empty. An effect
    in `state.you.effects` with `ignore` that reaches the play ignores as `play.ignore` does."""
    play = ctx.play
    effect_ignores = [e.grant.ignore for e in effects_reaching(ctx) if e.grant.ignore is not None]
    if effect_ignores:
        play = replace(play, ignore=ignoring(play.ignore, effect_ignores))
    card = ctx.card
    # An effect's "pay X" (a `payment` ability) is paid wherever its card is.
    printed_ok = ctx.zone in ("hand", "board") or play.permit or card.ability_kind == "payment"
    candidates: list[BaseChoice] = []
    if ctx.zone == "facedown":
        # Hidden (811): played from facedown ignoring its base cost, from a later turn only.
        if card.keywords.hidden and ctx.obj.hidden_turn != "this":
            ignore = "all" if play.ignore == "all" else None
            candidates.append(BaseChoice("hidden", _ignoring(Cost(other=card.cost.other), ignore),
                                         ignore=ignore))
    elif printed_ok:
        # A hybrid pip is announced as one of its halves: one printed base
        # per choice of halves, in order, the same cost once.
        printed_bases: dict[BaseChoice, None] = {}
        for printed in hybrid_costs(card):
            printed_bases.setdefault(
                base_cost(replace(card, cost=printed), "printed", None, play.ignore, None))
        candidates.extend(printed_bases)
        # An ability's own "[1] or [Body]" (Legion Marauder's Empower): each cost it
        # may pay instead of its cost is a base of its own.
        for alternative in card.alternatives:
            alt = base_cost(card, "play_for", None, play.ignore, alternative)
            candidates.append(BaseChoice("alternative", alt.cost, ignore=alt.ignore))
        # "Pay this instead of the base cost" granted by another object (Teemo's hide for [1]).
        for _, _, grant in granted(ctx):
            if grant.alternative is not None:
                alt = base_cost(card, "play_for", None, play.ignore, grant.alternative)
                candidates.append(BaseChoice("alternative", alt.cost, ignore=alt.ignore))
    if ctx.zone == "trash":
        for i in range(len(card.keywords.flow)):
            candidates.append(base_cost(card, "flow", i, play.ignore, None))
    if play.play_for is not None:
        candidates.append(base_cost(card, "play_for", None, play.ignore, play.play_for))
    if play.base == "auto":
        chosen = candidates
    elif play.base == "printed":
        chosen = [b for b in candidates if b.kind in ("printed", "ignore", "hidden")]
    elif play.base == "play_for":
        chosen = [b for b in candidates if b.kind == "play_for"]
    else:
        index = play.base[1]
        chosen = [b for b in candidates if b.kind == "flow" and b.index == index]
    if chosen:
        return chosen, []
    if not candidates and ctx.zone == "facedown":
        why = ("it was hidden this turn: it can be played from a later turn"
               if card.keywords.hidden else "it has no Hidden")
        return [], [f"zone: {card.name} is facedown: {why}"]
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


def ban_reasons(ctx: PlayContext) -> list[str]:
    """One reason per ban of `state.bans` whose `applies_to` matches the play, as a grant's
    filter matches a play (without `ability`: card plays; with it: those ability plays). An
    effect's payment is no play: no ban reaches it."""
    if ctx.card.ability_kind == "payment":
        return []
    out = []
    for ban in ctx.scenario.state.bans:
        if play_matches(ctx.scenario, ban.applies_to, ctx.card, ctx.zone, ctx.obj):
            what = ban.applies_to.text() or "every card"
            out.append(f"ban: {ban.id}: you can't make this play this turn ({what})")
    return out


def hide_place_reasons(ctx: PlayContext) -> list[str]:
    """Hiding puts the card facedown at a battlefield you control with no facedown card there.
    Read only where the file states control (a battlefield with a `controller`): a battlefield
    you control is taken by a facedown card (either player's) there, and each of your facedown
    cards at the unnamed `battlefield` takes one more (`payplan play` hides a card there)."""
    state = ctx.scenario.state
    if not any(b.controller is not None for b in state.battlefields):
        return []
    mine = {b.id for b in state.battlefields if b.controller == "you"}
    facedown = [o for who in ("you", "opponent") for o in state.player(who).facedown]
    taken = {o.location for o in facedown if o.location in mine}
    unnamed = sum(1 for o in state.you.facedown if o.location == "battlefield")
    if len(mine) - len(taken) - unnamed > 0:
        return []
    return ["hide: you control no battlefield without a facedown card (hiding puts the card "
            "facedown at one)"]


def reasons(ctx: PlayContext) -> list[str]:
    """Every reason the play is illegal; empty when it is legal."""
    return _reasons(ctx)[0]


def checked(ctx: PlayContext) -> tuple[list[str], list[BaseChoice]]:
    """`reasons`, and the base costs the play may use (`base_choices`): where the play is legal,
    both from one pass."""
    why, bases = _reasons(ctx)
    if why:
        return why, []
    return why, bases if bases is not None else base_choices(ctx)[0]


def _reasons(ctx: PlayContext) -> tuple[list[str], list[BaseChoice] | None]:
    """`reasons`, with the base choices where it worked them out (None where it did not)."""
    out: list[str] = []
    play = ctx.play
    if play.ability is not None:
        original = ctx.scenario.card(ctx.obj.card)
        ability = find_ability(original, play.ability)
        out.extend(ability_reasons(original, ability, play.ability, ctx.obj, ctx.zone,
                                   ctx.scenario.state.you.used_this_turn))
        if not out:
            out.extend(ban_reasons(ctx))
        if not out and play.ability == HIDE:
            out.extend(hide_place_reasons(ctx))
        if out:
            return out, None
        # "Use only while / if ..." (377.2.b): read with the ability's own object.
        if ability is not None and ability.while_ and not holds(
                ability.while_, ctx.scenario, PlayFacts(ctx.card, ctx.zone, "printed", ctx.targets),
                ctx.obj):
            wanted = json.dumps(conditions_to_data(ability.while_), sort_keys=True)
            return [f"while: {ability.id} of {ctx.obj.id} may be used only while {wanted} "
                    f"holds"], None
        out.extend(timing_reasons(ctx))
        if ability is not None and ability.targets is not None:
            if not play.targets:
                out.append(f"targets: {ability.id} chooses {ability.targets.text() or 'an object'}; "
                           f"give play.targets")
            for target_id in play.targets:
                found = next((t for t in ctx.targets if t.id == target_id), None)
                if found is None or not accepts_target(ctx.scenario, ability, found):
                    whose = target_controller(ctx.scenario, target_id)
                    if ability.kind == "equip" and whose == "opponent":
                        out.append(f"targets: {target_id} is the opponent's: Equip attaches to "
                                   f"a unit you control")
                    elif ability.kind == "equip":  # its filter's controller is the rule's: you
                        wanted = replace(ability.targets, controller=None).text()
                        out.append(f"targets: {target_id} is not {wanted or 'a unit'}")
                    else:
                        out.append(f"targets: {target_id} is not {ability.targets.text()}")
        return out, None
    if ctx.scenario.state.you.find(play.object) is None:
        out.append(f"zone: {play.object} is in the opponent's {ctx.zone}: you play only your "
                   f"own cards")
        return out, None
    if ctx.zone not in ("hand", "trash", "facedown"):
        out.append(f"zone: {play.object} is in {ctx.zone}: only cards in hand or trash can be played")
        return out, None
    if play.from_zone != ctx.zone:
        out.append(f"zone: {play.object} is in {ctx.zone}, not in {play.from_zone}")
        return out, None
    out.extend(ban_reasons(ctx))
    out.extend(timing_reasons(ctx))
    out.extend(card_target_reasons(ctx))
    bases, base_reasons = base_choices(ctx)
    out.extend(base_reasons)
    # An optional cost the card does not have, or a granted Repeat instance (`keyword: {repeat:
    # ...}`) the play says it pays where no grant reaches the play (the loader can't tell: the
    # grants are read on the state).
    has = {name for name, _ in optional_costs(ctx.card)}
    printed = [name for name, _ in optional_costs(ctx.scenario.card(ctx.obj.card))]
    for name, choice in play.optional:
        if name in has or choice == "no":
            continue
        if name.startswith("repeat") and name not in printed:
            if choice == "yes" or (choice.isdigit() and int(choice) > 0):
                out.append(f"optional: {ctx.card.name} has no optional cost {name} on this play "
                           f"(no grant gives it that Repeat instance here)")
        elif name not in printed:
            listed = f"it has: {', '.join(printed)}" if printed else "it has none"
            out.append(f"optional: {ctx.card.name} has no optional cost {name} ({listed})")
    for target_id in play.targets:
        if target_controller(ctx.scenario, target_id) is None:
            out.append(f"targets: {target_id} does not exist")
    return out, bases
