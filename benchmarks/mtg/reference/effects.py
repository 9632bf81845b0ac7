"""Mana effects (106.12, 605.1b, 605.4a, 614.1a, 616.1): replacements of the mana a
permanent makes (Damping Sphere) and triggers that add mana when a permanent is tapped for mana
(Crypt Ghast, Market Festival), as they reach each activation.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import knobs
from .mana import MANA, produced_options
from .objects import PERMANENT_TYPES, BadScenario, _fj, _matches_obj, _objects, _relative

if TYPE_CHECKING:
    from .activation import Activation
    from .board import Board
    from .objects import Obj


# --- Mana effects (Damping Sphere, Crypt Ghast, Market Festival) -------------
#
# Read from docs/mtg-format.md and rules 106.12, 605.1b, 605.4a, 614.1a
# and 616.1 as a player knows them, never from payplan's engine:
# - `mana_effects: [{replace: {sources, at_least, adds}} | {trigger: {sources, adds}}]` on a
#   permanent card works while the permanent is on either battlefield. Only your mana matters
#   (you cast everything here), so an effect reaches the activations of your permanents.
# - "Tapped for mana" (106.12): an activation of a mana ability of the permanent with `tap` in
#   its costs (the default costs are [tap]). Convoke, improvise, a tap cost, Springleaf Drum's
#   tapped creature are not; a mana ability without {T} (an altar, a storage land's X) neither.
# - `replace` (614.1a): such an activation whose output (after `per`; one option of `adds`) is at
#   least `at_least` (default 2) mana makes exactly `adds` instead; its `only_for` and its source
#   (snow, spend_only) stay the tapped permanent's ability's. Several (616.1): applied one after
#   another, each once, each only while the output so far has its own `at_least`; every order
#   is tried (the player picks the best), and one applies while any can (a replacement is not
#   optional). The last applied is `replaced.by`, the first output `replaced.was`.
# - `trigger` (605.1b, 605.4a): every such activation that produces mana (106.12a: an
#   activation making none, Gaea's Cradle with no creature, fires nothing; replaced or not,
#   its mana needed or not) adds one option of `adds` per trigger reaching it, at once:
#   unrestricted, never replaced, never counted toward `at_least`; snow and spend_only read the
#   trigger's permanent.
# - `sources` is a filter (`controller` relative to the effect's permanent's controller, default
#   `you`; `attached: true` the permanent the effect's permanent is `attached_to`, none when it is
#   attached to nothing; `attached` is refused anywhere else, as are `ability`, `chosen_type` and
#   `targets` in `sources`, and `attached: false`).
# - `attached_to: ID` on a battlefield object names a permanent on either battlefield, not itself;
#   `you` or `opponent` (an enchantment's only: a Curse) the player it enchants.
# - Refused (not built, the contract's common part): a file with a `replace` effect beside an
#   `adds: untapped` mana ability.
# - A trigger's `adds: produced` (Dictate of Karametra, "an additional one mana of any type that
#   land produced", 106.12a, 605.1b): one mana of one type among those of the activation's own
#   output after the replacements (an Underground Sea tapped for {U} gives {U}, never {B}); each
#   such trigger chooses apart, never reading another trigger's mana. Refused in a `replace`.
# - A replacement's `times: N` (Mana Reflection, Nyxbloom Ancient: "it produces N times as much
#   of that mana instead", 614.1a) in place of `adds` and `at_least`: an output of some mana
#   becomes N of each of its mana; it applies whenever the output so far is some mana, with the
#   others in every order until none applies (616.1e); none made stays none.
PRODUCED = ("*",)       # a `produced` trigger's one option until the activation's output is known

@dataclass(frozen=True, slots=True)
class ManaEffect:
    kind: str                               # replace | trigger
    holder: Obj                             # the permanent with the effect
    sources: str                            # its filter as JSON
    at_least: int                           # replace only (`times`: 1, any mana)
    options: tuple[tuple[str, ...], ...]    # replace: one option; trigger: `adds`' options
    times: int = 0                          # replace: `times: N` in place of `adds` (0: none)

EFFECT_KEYS = {"replace": {"sources", "at_least", "adds", "times"}, "trigger": {"sources", "adds"}}


def _effect_options(text: Any, where: str, one: bool) -> tuple[tuple[str, ...], ...]:
    if text == "produced" and not one:
        return (PRODUCED,)
    if not isinstance(text, str) or not text.strip():
        raise BadScenario(f"{where}.adds: a mana string")
    if one and "|" in text:
        raise BadScenario(f"{where}.adds: one mana string, no |")
    try:
        options = produced_options(text)
    except ValueError as bad:
        raise BadScenario(f"{where}.adds: {bad}") from None
    if any(not o for o in options):
        raise BadScenario(f"{where}.adds: an option with no mana")
    return tuple(options)


def _effects_of(card: dict[str, Any], cid: str) -> list[tuple[str, dict[str, Any]]]:
    """A card's `mana_effects`, checked: (kind, body) each."""
    raw = card.get("mana_effects")
    if raw is None:
        return []
    where = f"cards.{cid}.mana_effects"
    if not isinstance(raw, list):
        raise BadScenario(f"{where}: a list")
    if not set(card.get("types") or []) & PERMANENT_TYPES:
        raise BadScenario(f"{where}: on a card that is no permanent")
    out = []
    for i, effect in enumerate(raw):
        if not isinstance(effect, dict) or len(effect) != 1 or next(iter(effect)) not in EFFECT_KEYS:
            raise BadScenario(f"{where}[{i}]: one of replace, trigger")
        (kind, body), = effect.items()
        if not isinstance(body, dict) or not set(body) <= EFFECT_KEYS[kind] or "sources" not in body:
            raise BadScenario(f"{where}[{i}].{kind}: keys {sorted(EFFECT_KEYS[kind])}, sources required")
        flt = body["sources"]
        if not isinstance(flt, dict):
            raise BadScenario(f"{where}[{i}].{kind}.sources: a filter")
        for key in ("ability", "chosen_type", "targets"):
            if key in flt or flt.get("attached", True) is not True:
                raise BadScenario(f"{where}[{i}].{kind}.sources.{key}: refused in a mana effect")
        if flt.get("controller", "you") not in ("you", "opponent", "any"):
            raise BadScenario(f"{where}[{i}].{kind}.sources.controller: you, opponent or any")
        least = body.get("at_least", 2)
        if isinstance(least, bool) or not isinstance(least, int) or not 1 <= least <= 100:
            raise BadScenario(f"{where}[{i}].{kind}.at_least: 1 to 100")
        if "times" in body:
            times = body["times"]
            if "adds" in body or "at_least" in body:
                raise BadScenario(f"{where}[{i}].{kind}: times in place of adds and at_least")
            if isinstance(times, bool) or not isinstance(times, int) or not 2 <= times <= 10:
                raise BadScenario(f"{where}[{i}].{kind}.times: a whole number 2 to 10")
            out.append((str(kind), body))
            continue
        _effect_options(body.get("adds"), f"{where}[{i}].{kind}", kind == "replace")
        out.append((str(kind), body))
    return out


def read_mana_effects(data: dict[str, Any]) -> tuple[ManaEffect, ...]:
    """Every mana effect on both battlefields, yours first, in the objects' order (the order of a
    source's `triggered`); every card's `mana_effects` and every `attached_to` checked."""
    cards = data["cards"]
    state = data.get("state") or {}
    replaces = False
    for cid, card in cards.items():
        replaces = replaces or any(k == "replace" for k, _ in _effects_of(card, str(cid)))
    if replaces and '"untapped"' in json.dumps([c.get("mana") for c in cards.values()]):
        raise BadScenario("adds: untapped beside a replace mana effect: not built")
    field = (_objects(state.get("you") or {}, "battlefield", "you")
             + _objects(state.get("opponent") or {}, "battlefield", "opponent"))
    if any(_effects_of(card, str(cid)) for cid, card in cards.items()) and any(
            isinstance(a, dict) and a.get("per") == "removed" and "tap" in (a.get("costs") or [])
            for o in field if o.controller == "you" for a in cards[o.card].get("mana") or []):
        raise BadScenario("per: removed with tap beside a mana effect: not built")
    ids = {o.id for o in field}
    out: list[ManaEffect] = []
    for o in field:
        if o.attached_to in ("you", "opponent"):         # an Aura on a player (Curses, 303.4)
            if "enchantment" not in (cards[o.card].get("types") or []):
                raise BadScenario(f"{o.id}.attached_to: only an Aura (an enchantment) enchants a player")
        elif o.attached_to is not None and (o.attached_to not in ids or o.attached_to == o.id):
            raise BadScenario(f"{o.id}.attached_to: {o.attached_to!r} names no other permanent")
        if o.controller == "opponent" and "opponent_effects_ignored" in knobs.MISREADINGS:
            continue
        for kind, body in _effects_of(cards[o.card], o.card):
            if "times" in body:
                out.append(ManaEffect(kind, o, _fj(body["sources"]), 1, (), int(body["times"])))
                continue
            out.append(ManaEffect(kind, o, _fj(body["sources"]), int(body.get("at_least", 2)),
                                  _effect_options(body["adds"], o.card, kind == "replace")))
    return tuple(out)


def reaches(cards: dict[str, Any], e: ManaEffect, o: Obj) -> bool:
    """Whether effect `e`'s `sources` matches the permanent `o`: `controller` relative to the
    effect's permanent's controller (default you), `attached` that permanent's `attached_to`."""
    flt = dict(json.loads(e.sources))
    controller = flt.pop("controller", "you")
    if "controller_ignored" in knobs.MISREADINGS:
        controller = "any"
    if controller != "any" and _relative(o.controller, e.holder.controller) != controller:
        return False
    if "attached" in flt:
        attached = flt.pop("attached")
        on_it = e.holder.attached_to is not None and e.holder.attached_to == o.id
        if bool(attached) != on_it and "attached_ignored" not in knobs.MISREADINGS:
            return False
    return _matches_obj(cards, o, flt)


def replacement_outcomes(adds: tuple[str, ...], reps: list[ManaEffect]
                         ) -> set[tuple[tuple[str, ...], str | None]]:
    """616.1: every (output, the replacement applied last) the replacements `reps` reach from
    `adds`, in every order: each once, each while the output so far has its `at_least`, one
    applied while any can."""
    out: set[tuple[tuple[str, ...], str | None]] = set()
    least_ignored = "at_least_ignored" in knobs.MISREADINGS

    def go(current: tuple[str, ...], used: frozenset[int], last: str | None) -> None:
        can = [k for k, e in enumerate(reps)
               if k not in used and (len(current) >= e.at_least or (least_ignored and current))]
        if not can or (last is not None and "one_replacement" in knobs.MISREADINGS):
            out.add((current, last))
            return
        for k in can:
            e = reps[k]
            made = tuple(c for c in current for _ in range(e.times)) if e.times else e.options[0]
            go(made, used | {k}, e.holder.id)

    go(adds, frozenset(), None)
    return out


def affected_activations(b: Board, obj: Obj, acts: list[Activation], labels: bool) -> list[Activation]:
    """Each activation of `obj` (yours) as the mana effects make it: one that taps `obj` for
    mana gives one activation for each output the replacements reach and each choice of each
    trigger's option (with `labels`: which replacement came last, the output before, each
    trigger's permanent; else equal mana is one activation)."""
    if obj.controller != "you":
        return acts
    reps = [e for e in b.effects if e.kind == "replace" and reaches(b.cards, e, obj)]
    trigs = [e for e in b.effects if e.kind == "trigger" and reaches(b.cards, e, obj)]
    if not reps and not trigs:
        return acts
    out: list[Activation] = []
    for a in acts:
        if not a.taps:
            out.append(a)
            continue
        for picks in itertools.product(*(e.options for e in trigs)):
            fired = tuple((e.holder.id, pick, bool(b.cards[e.holder.card].get("snow")),
                           b.spend_only is None or _matches_obj(b.cards, e.holder, b.spend_only))
                          for e, pick in zip(trigs, picks))
            base = a
            if fired and ("replace_triggered" in knobs.MISREADINGS
                          or ("trigger_keeps_only_for" in knobs.MISREADINGS and a.restricted is not None)):
                # wrong: the triggered mana is part of the ability's output
                base = replace(a, adds=a.adds + sum((a.adds[:1] if f[1] == PRODUCED else f[1]
                                                     for f in fired), ()))
                fired = ()
            for adds, last in sorted(replacement_outcomes(base.adds, reps), key=repr):
                # 106.12a: "tapped for mana" triggers when the ability produces mana: an
                # activation that makes none (Gaea's Cradle with no creature) fires nothing.
                triggers = fired if adds or "trigger_on_no_mana" in knobs.MISREADINGS else ()
                if last is not None and "trigger_not_under_replace" in knobs.MISREADINGS:
                    triggers = ()
                restricted = a.restricted
                if last is not None and "replaced_loses_only_for" in knobs.MISREADINGS:
                    restricted = None
                for chosen in _produced(triggers, adds):
                    v = replace(a, adds=adds, triggers=chosen, restricted=restricted)
                    if labels:
                        v = replace(v, replaced_by=last, was=a.adds if last is not None else ())
                    else:
                        v = replace(v, triggers=tuple(("", m, s, e) for _, m, s, e in chosen))
                    if v not in out:
                        out.append(v)
    return out


Fired = tuple[tuple[str, tuple[str, ...], bool, bool], ...]


def _produced(triggers: Fired, adds: tuple[str, ...]) -> list[Fired]:
    """The fired triggers with each `produced` one given one mana of each type in `adds` (the
    activation's output after the replacements), every combination; none when it made none."""
    kinds = [c for c in MANA if c in adds]
    slots = [[(c,) for c in kinds] if m == PRODUCED else [m] for _, m, _, _ in triggers]
    return [tuple((h, pick, s, e) for (h, _, s, e), pick in zip(triggers, picks))
            for picks in itertools.product(*slots)]
