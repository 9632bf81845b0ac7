"""Effects in `mtg/1`: what a mana ability of your permanent makes when a `replace` or a
`trigger` effect reaches it (Damping Sphere, Crypt Ghast, Market Festival), and what a spell's
resolution leaves for the casts after it (608.2: `effect.tokens`, `effect.untap`,
`effect.grants`, the effects of `state.you.effects` a cast uses).

**A resolution** (`resolution`), in order: the cast uses each effect of `state.you.effects`
that reached it (`uses` less one, dropped at 0; `turn` stays); then, after the spell is where
it goes and `effect.adds` is in the pool: the tokens (111.1: each enters your battlefield,
untapped, a creature summoning sick, with the id `CARD-token-N`, N the least free), then
"untap up to N" of your tapped permanents matching the filter (the choice is the caller's:
`untap_choices` lists them, `default_untap` is the first ones in battlefield order), then the
effects it grants, appended with the ids `effectN` (the least free).

An activation of a {T} mana ability that a `replace` effect reaches makes the replacement's mana
when it would make its `at_least` or more (614.1a; several in every order, 616.1), and each
`trigger` effect reaching it adds one of its options at once (605.1b, 605.4a; `adds: produced`,
Dictate of Karametra: one mana of a type the activation produced, after replacement), when the
activation produces mana (106.12a: an ability making none, Gaea's Cradle with no creature, is
never activated, and fires nothing). Each way an activation can go is an option of the offer's
ability (`under_effects`, `Made`).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from .cards import (
    FACE_DOWN,
    Card,
    Made,
    ManaAbility,
    ManaEffect,
    Obj,
    Player,
    Scenario,
    TurnEffect,
    free_effect_id,
)
from .mana import Mana, total
from .total_cost import object_matches, reaching_effects

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
            go(replaced(mana, replacing[j][1]), replacing[j][0], used | {j})

    go(option, None, frozenset())
    return list(out)


def replaced(mana: Mana, effect: ManaEffect) -> Mana:
    """What the `replace` effect makes instead of `mana`: its `adds`, or `mana` `times` over
    (Mana Reflection)."""
    if effect.times:
        n = effect.times
        return (mana[0] * n, mana[1] * n, mana[2] * n, mana[3] * n, mana[4] * n, mana[5] * n,
                mana[6] * n)
    return effect.adds[0]


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
    triggering = [(h.id, e) for h, _, e in reaching if e.kind == "trigger"]
    if not replacing and not triggering:
        return ability
    made = [Made(own, option, by, combo)
            for option in ability.adds for own, by in replaced_outputs(option, replacing)
            for combo in itertools.product(*([(i, m) for m in trigger_options(e, own)]
                                              for i, e in triggering))]
    return replace(ability, adds=tuple(dict.fromkeys(m.folded for m in made)), made=tuple(made))


def trigger_options(effect: ManaEffect, own: Mana) -> tuple[Mana, ...]:
    """What a `trigger` effect may add on an activation that produced `own` (after
    replacement): its options, or for `adds: produced` (Dictate of Karametra) one mana of each
    type `own` holds, W U B R G C order."""
    if not effect.produced:
        return effect.adds
    out: list[Mana] = []
    for k in range(1, 7):
        if own[k]:
            one = [0] * 7
            one[k] = 1
            out.append((one[0], one[1], one[2], one[3], one[4], one[5], one[6]))
    return tuple(out)


def made_of(ability: ManaAbility, adds: Mana) -> Made | None:
    """How an activation of `ability` that added `adds` (folded) went, when mana effects reach
    it: the first way that adds it; None when none reaches it."""
    return next((m for m in ability.made if m.folded == adds), None)


# --- What a resolution leaves for the casts after it ---------------------------------------------


def spell_card(scenario: Scenario, object_id: str, face: str = "") -> Card | None:
    """The card of the spell `object_id` of yours being cast (a face-down cast: its stand-in);
    None when it is no object of yours."""
    found = scenario.state.you.find(object_id)
    if found is None:
        return None
    card = scenario.cards[found[1].card]
    return scenario.cards.get(FACE_DOWN + card.id, card) if face == "face_down" else card


def effects_used(scenario: Scenario, card: Card) -> tuple[TurnEffect, ...]:
    """`state.you.effects` after a spell of `card` is cast: each effect that reached it used
    once (`uses` less one, dropped at 0; `turn` stays)."""
    used = {e.id for e in reaching_effects(scenario, card)}
    out = []
    for e in scenario.state.you.effects:
        if e.id not in used or e.uses is None:
            out.append(e)
        elif e.uses > 1:
            out.append(replace(e, uses=e.uses - 1))
    return tuple(out)


def untap_choices(scenario: Scenario, card: Card) -> list[tuple[str, ...]]:
    """Every choice of the permanents `card`'s `effect.untap` untaps on `scenario` (the state
    as it resolves, tokens made): as many as it can of your tapped permanents matching its
    filter (untapping more never makes a cast costlier), in the order of their battlefield
    positions (the first choice is the first ones); `[()]` when it untaps nothing.

    Permanents alike (the same card and object keys, no activated ability: none of them is a
    candidate, so nothing reads which one it is) are one class: of a class only its first ones
    are taken, as many as the choice takes of it. Any other choice is the same state but for
    which of them is untapped, and its positions come later."""
    if card.effect is None or card.effect.untap is None:
        return [()]
    count, filt = card.effect.untap
    classes: dict[object, list[str]] = {}
    for o in scenario.state.you.battlefield:
        if o.tapped and object_matches(scenario, filt, o):
            alike = o.id if scenario.cards[o.card].abilities else replace(o, id="")
            classes.setdefault(alike, []).append(o.id)
    groups = list(classes.values())
    want = min(count, sum(len(g) for g in groups))
    place = {o.id: i for i, o in enumerate(scenario.state.you.battlefield)}
    out: list[tuple[str, ...]] = []

    def take(g: int, left: int, chosen: list[str]) -> None:
        if left == 0 or g == len(groups):
            if left == 0:
                out.append(tuple(sorted(chosen, key=place.__getitem__)))
            return
        rest = sum(len(h) for h in groups[g + 1:])
        for k in range(max(0, left - rest), min(left, len(groups[g])) + 1):
            take(g + 1, left - k, chosen + groups[g][:k])

    take(0, want, [])
    return sorted(out, key=lambda c: [place[i] for i in c])


def tokens_made(scenario: Scenario, card: Card) -> tuple[Obj, ...]:
    """The tokens `card`'s resolution makes on `scenario`, in order: `CARD-token-N` (N the least
    number no object of either player has), untapped, a creature summoning sick."""
    if card.effect is None or not card.effect.tokens:
        return ()
    state = scenario.state
    taken = {o.id for p in (state.you, state.opponent) for z in ZONES for o in p.zone(z)}
    out = []
    for token, count in card.effect.tokens:
        sick = "creature" in scenario.cards[token].types
        for _ in range(count):
            n = 1
            while f"{token}-token-{n}" in taken:
                n += 1
            taken.add(f"{token}-token-{n}")
            out.append(Obj(f"{token}-token-{n}", token, sick=sick))
    return tuple(out)


def resolution(scenario: Scenario, card: Card, you: Player,
               untap: tuple[str, ...] | None = None) -> Player:
    """`you` (your player after the spell of `card` resolved, its `adds` in the pool) with the
    rest of its effect: its tokens, its untap (`untap`: the ids chosen, one of
    `untap_choices`; None: `default_untap`) and the effects it grants."""
    effect = card.effect
    if effect is None:
        return you
    if effect.tokens:
        you = replace(you, battlefield=you.battlefield + tokens_made(
            replace(scenario, state=replace(scenario.state, you=you)), card))
    if effect.untap is not None:
        now = replace(scenario, state=replace(scenario.state, you=you))
        choices = untap_choices(now, card)
        you = untapped(you, choices[0] if untap is None else untap)
    if effect.grants:
        effects = list(you.effects)
        for g in effect.grants:
            effects.append(replace(g, id=free_effect_id({e.id for e in effects}, 1)))
        you = replace(you, effects=tuple(effects))
    return you


def untapped(you: Player, ids: tuple[str, ...]) -> Player:
    """`you` with the permanents `ids` (of `untap_choices`) untapped."""
    if not ids:
        return you
    chosen = set(ids)
    return replace(you, battlefield=tuple(replace(o, tapped=False) if o.id in chosen else o
                                          for o in you.battlefield))


ZONES = ("hand", "graveyard", "exile", "command", "battlefield")
