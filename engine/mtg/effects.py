"""Mana effects in `mtg/1`: what a mana ability of your permanent makes when a `replace` or a
`trigger` effect reaches it (Damping Sphere, Crypt Ghast, Market Festival).

An activation of a {T} mana ability that a `replace` effect reaches makes the replacement's mana
when it would make its `at_least` or more (614.1a; several in every order, 616.1), and each
`trigger` effect reaching it adds one of its options at once (605.1b, 605.4a), when the
activation produces mana (106.12a: an ability making none, Gaea's Cradle with no creature, is
never activated, and fires nothing). Each way an activation can go is an option of the offer's
ability (`under_effects`, `Made`).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from .cards import Made, ManaAbility, ManaEffect, Obj, Scenario
from .mana import Mana, total
from .total_cost import object_matches

EffectAt = tuple[Obj, str, ManaEffect]  # the effect's permanent, its controller, the effect


def mana_effects(scenario: Scenario) -> tuple[EffectAt, ...]:
    """Every mana effect on a battlefield: yours, then the opponent's, each in state order (the
    order a payment lists triggered mana in)."""
    out: list[EffectAt] = []
    for side, player in (("you", scenario.state.you), ("opponent", scenario.state.opponent)):
        for obj in player.battlefield:
            card = scenario.cards.get(obj.card)
            if card is not None:
                out.extend((obj, side, e) for e in card.mana_effects)
    return tuple(out)


def effect_reaches(scenario: Scenario, at: EffectAt, obj: Obj) -> bool:
    """Whether the effect `at` reaches your permanent `obj`: its `sources`' controller read
    relative to the effect's permanent's controller (default that player), `attached: true`
    only the permanent the effect's permanent is attached to, the rest as any filter."""
    holder, side, effect = at
    f = effect.sources
    controller = f.controller or "you"
    if controller != "any" and (controller == "you") != (side == "you"):
        return False
    if f.attached and (holder.attached_to is None or obj.id != holder.attached_to):
        return False
    return object_matches(scenario, f, obj)


def replaced_outputs(option: Mana, replacing: list[tuple[str, ManaEffect]]
                     ) -> list[tuple[Mana, str | None]]:
    """What an activation that would make `option` makes under the `replace` effects reaching
    it (614.1a, 616.1): each applied at most once, only while the output so far has at least
    its `at_least` mana, until none applies, in every order (the payment picks the best):
    each distinct (output, the permanent whose replacement was applied last)."""
    out: dict[tuple[Mana, str | None], None] = {}

    def go(mana: Mana, by: str | None, used: frozenset[int]) -> None:
        applicable = [j for j, (_, e) in enumerate(replacing)
                      if j not in used and total(mana) >= e.at_least]
        if not applicable:
            out[(mana, by)] = None
        for j in applicable:
            go(replacing[j][1].adds[0], replacing[j][0], used | {j})

    go(option, None, frozenset())
    return list(out)


def under_effects(scenario: Scenario, ability: ManaAbility, obj: Obj,
                  effects: tuple[EffectAt, ...]) -> ManaAbility:
    """`ability` of your permanent `obj` (its `per` already counted) under the mana effects
    that reach it: only an activation with {T} in its costs is one (tapped for mana). Each
    option of `adds` becomes every way the activation goes (`Made`: its output replaced, each
    trigger's option added), and `adds` their folded mana, each once: the payment counts the
    triggered mana with the activation's own (605.4a: added at once). Unchanged when no effect
    reaches it."""
    if not ability.tap:
        return ability
    reaching = [at for at in effects if effect_reaches(scenario, at, obj)]
    replacing = [(h.id, e) for h, _, e in reaching if e.kind == "replace"]
    triggering = [[(h.id, m) for m in e.adds] for h, _, e in reaching if e.kind == "trigger"]
    if not replacing and not triggering:
        return ability
    made = [Made(own, option, by, combo)
            for option in ability.adds for own, by in replaced_outputs(option, replacing)
            for combo in itertools.product(*triggering)]
    return replace(ability, adds=tuple(dict.fromkeys(m.folded for m in made)), made=tuple(made))


def made_of(ability: ManaAbility, adds: Mana) -> Made | None:
    """How an activation of `ability` that added `adds` (folded) went, when mana effects reach
    it: the first way that adds it; None when none reaches it."""
    return next((m for m in ability.made if m.folded == adds), None)
