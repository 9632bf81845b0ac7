"""The cost changers of 601.2f: the grants of the permanents on either battlefield (whose
`applies_to` matches the spell or ability), the reductions of the card and of the grants (fixed,
counted from the board, colored, with a `minimum`), applied in every order (118.7, 601.2f), and
the optional costs a play sets (kicker, multikicker, replicate: 702.33, 702.56).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from . import knobs
from .mana import MANA, SLOT, Vec, parse_symbols, vec_add
from .objects import (
    BadScenario,
    _as_list,
    _find,
    _matches_obj,
    _objects,
    matches,
    play_targets,
    target_matches,
)

if TYPE_CHECKING:
    from .objects import Obj


# --- The cast: what the total cost can be (601.2b-f) -------------------------------------------



def _optional_setting(play: dict[str, Any], name: str) -> Any:
    return (play.get("optional") or {}).get(name, "no")


def _choices(setting: Any, counted: bool, bound: int) -> list[tuple[int, bool]]:
    """(count, chosen by auto) for one optional cost."""
    if setting is True or setting == "yes":
        return [(1, False)]
    if setting is False or setting == "no" or setting is None:
        return [(0, False)]
    if setting == "auto":
        return [(n, True) for n in range(bound + 1 if counted else 2)]
    if isinstance(setting, int):
        return [(setting, False)]
    raise BadScenario(f"play.optional: bad setting {setting!r}")


def _applying(data: dict[str, Any], you: list[Obj], opp: list[Obj], spell: dict[str, Any],
              spell_id: str, spell_card: str, spell_obj: Obj | None = None
              ) -> list[tuple[dict[str, Any], Obj]]:
    """Every grant of a permanent (yours or the opponent's) whose conditions this spell (or
    ability) meets: (grant, granting object). `controller` is relative to the granting
    object's controller (the caster is you); `turn: caster` only during your turn (you cast
    it), `not_caster` only outside it; `targets` at least one of the play's targets matching;
    `ability: activated` grants change activated abilities only, the others spells only
    (602.2b: an ability's total cost follows 601.2f)."""
    cards = data["cards"]
    your_turn = (data.get("state") or {}).get("turn", "you") == "you"
    targets = play_targets(data)
    out = []
    for obj in you + opp:
        for grant in cards[obj.card].get("grants") or []:
            applies = dict(grant.get("applies_to") or {})
            controller = applies.pop("controller", "you")
            caster_rel = "you" if obj.controller == "you" else "opponent"
            if controller != "any" and controller != caster_rel:
                continue
            turn = grant.get("turn")
            if (turn == "caster" and not your_turn) or (turn == "not_caster" and your_turn):
                continue
            if not ability_word_ok(applies.pop("ability", None), spell):
                continue
            wanted = applies.pop("targets", None)
            if wanted is not None and not any(target_matches(cards, t, wanted, obj) for t in targets):
                continue
            if not matches(spell, applies, spell_id, spell_card, spell_obj, obj):
                continue
            out.append((grant, obj))
    return out


def ability_word_ok(words: Any, spell: dict[str, Any]) -> bool:
    """A filter's `ability` word against the spell or ability being paid: none matches spells
    only; `activated` any activated ability (from the battlefield or the hand); `cycling` an
    ability marked `cycling: true` only; `any` (a mana ability's or a pool entry's `only_for`)
    a spell or any activated ability. A list matches when one of its words does."""
    if words is None:
        return not spell.get("_ability")
    if "any" in {str(w) for w in _as_list(words)}:
        return True
    if not spell.get("_ability"):
        return False
    wanted = {str(w) for w in _as_list(words)}
    return ("activated" in wanted or ("cycling" in wanted and bool(spell.get("_cycling")))
            or ("loyalty" in wanted and spell.get("_loyalty") is not None))


def _grants(data: dict[str, Any], you: list[Obj], opp: list[Obj], spell: dict[str, Any],
            spell_id: str, spell_card: str, spell_obj: Obj | None = None
            ) -> list[tuple[str, Any, Obj]]:
    """Every cost change granted to this spell: (kind, grant's change, granting object). A
    grant with `additional` (the Defilers: an optional additional cost, 118.8) is one change of
    kind `additional`, the whole grant: its reduction applies only to a cast paying that cost."""
    out: list[tuple[str, Any, Obj]] = []
    for grant, obj in _applying(data, you, opp, spell, spell_id, spell_card, spell_obj):
        if "additional" in grant:
            out.append(("additional", grant, obj))
            continue
        for kind in ("increase", "reduction", "at_least"):
            if kind in grant:
                out.append((kind, grant[kind], obj))
    return out


def granted_keywords(data: dict[str, Any], spell: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """The spell with the keywords other permanents grant it (`keyword: convoke | delve |
    improvise`, while it is cast); an activated ability gets none (they are spells')."""
    if spell.get("_ability") or spell.get("_special"):
        return spell
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    words = [str(g["keyword"]) for g, _ in _applying(data, you, opp, spell, obj.id, obj.card, obj)
             if "keyword" in g]
    return {**spell, **{w: True for w in words}} if words else spell


def granted_cast_from(data: dict[str, Any], card: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """A card of yours in the graveyard or exile matched by a grant `cast_from: ZONE` of that
    zone (Karador, Muldrotha; its `turn`, `controller` and `applies_to` read as any grant's): it
    may be cast from there as from the hand (`_cast_from`)."""
    if obj.zone not in ("graveyard", "exile"):
        return card
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    if any(g.get("cast_from") == obj.zone
           for g, _ in _applying(data, you, opp, card, obj.id, obj.card, obj)):
        return {**card, "_cast_from": obj.zone}
    return card


def granted_flashback(data: dict[str, Any], card: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """A card of yours in the graveyard with no flashback of its own, matched by a grant
    `flashback: mana_cost` (Lier): it has flashback, the cost its mana cost (its own
    flashback cost, when it has one, stands)."""
    if obj.zone != "graveyard" or card.get("flashback") is not None:
        return card
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    if any(g.get("flashback") == "mana_cost"
           for g, _ in _applying(data, you, opp, card, obj.id, obj.card, obj)):
        return {**card, "flashback": str(card.get("cost") or "")}
    return card


def _count(data: dict[str, Any], you: list[Obj], amount: Any, holder: Obj | None = None,
           paid: dict[str, int] | None = None) -> int:
    """A reduction's amount: a number, `{count: FILTER}` (your permanents matching, `holder`
    the permanent whose grant it is), `{count_targets: FILTER}` (the play's distinct targets
    matching, relative to the holder's controller, or to you on a card's own reduction) or
    `{per_paid: ID, each: N}` (N per object the optional cost ID took, `paid`). Any count takes
    `each: N` (The Cauldron of Eternity: {2} less per creature card in your graveyard): N per
    unit counted, default 1."""
    if isinstance(amount, dict) and "per_paid" not in amount and "each" in amount:
        each = amount["each"]
        if isinstance(each, bool) or not isinstance(each, int) or not 0 <= each <= 1000:
            raise BadScenario(f"each: a whole number 0 to 1000, not {each!r}")
        if set(amount) == {"each"}:
            raise BadScenario("each: beside a count")
        rest = {k: v for k, v in amount.items() if k != "each"}
        return each * _count(data, you, rest, holder, paid)
    if isinstance(amount, dict):
        if "per_paid" in amount:
            if paid is None:
                raise BadScenario("per_paid: only in the card's own reductions")
            each = 1 if "per_paid_ignores_each" in knobs.MISREADINGS else int(amount.get("each", 1))
            return paid.get(str(amount["per_paid"]), 0) * each
        if "count_targets" in amount:
            return sum(1 for t in play_targets(data)
                       if target_matches(data["cards"], t, amount["count_targets"], holder))
        if "counters" in amount:
            # Animar: the counters of that kind on the permanent whose grant it is.
            if holder is None:
                raise BadScenario("counters: in a grant's reduction only")
            return dict(holder.counters).get(str(amount["counters"]), 0)
        if "player_counters" in amount:
            # Mizzix: the experience counters of the reduction's player.
            owner = "opponent" if holder is not None and holder.controller == "opponent" else "you"
            if amount["player_counters"] != "experience":
                raise BadScenario("player_counters: experience only")
            return int(((data.get("state") or {}).get(owner) or {}).get("experience", 0))
        zone = str(amount.get("zone", "battlefield"))
        if zone != "battlefield":
            # Karador: the cards in that zone of the reduction's player; the card being cast is
            # on the stack by then (601.2a before 601.2f), never counted.
            owner = "opponent" if holder is not None and holder.controller == "opponent" else "you"
            state = data.get("state") or {}
            cast = _find(data).id
            return sum(1 for o in _objects(state.get(owner) or {}, zone, owner)
                       if o.id != cast and _matches_obj(data["cards"], o, amount["count"], holder))
        flt = amount.get("count", amount)
        if holder is not None and holder.controller == "opponent":
            # "for each ... you control" on the opponent's permanent: the opponent's permanents.
            state = data.get("state") or {}
            you = _objects(state.get("opponent") or {}, "battlefield", "opponent")
        return sum(1 for o in you if _matches_obj(data["cards"], o, flt, holder))
    return int(amount)


def _colored_amount(data: dict[str, Any], you: list[Obj], amount: Any, holder: Obj | None) -> int:
    """A reduction's color key: a number, or `{count: FILTER}`, your permanents
    matching FILTER counted as the cast begins, as `generic: {count: FILTER}` is (Khalni
    Hydra's `G: {count: {type: creature, color: green}}`); `count_targets` and `per_paid` are
    not read in a color key."""
    if not isinstance(amount, dict):
        return int(amount)
    if "count" not in amount or set(amount) != {"count"}:
        raise BadScenario(f"a color key of a reduction takes a number or {{count: FILTER}}: {amount!r}")
    if "color_count_opponent" in knobs.MISREADINGS:
        # Your permanents and the opponent's swapped, whoever holds the reduction.
        state = data.get("state") or {}
        theirs = _objects(state.get("opponent") or {}, "battlefield", "opponent")
        if holder is not None and holder.controller == "opponent":
            return sum(1 for o in you if _matches_obj(data["cards"], o, amount["count"], holder))
        you = theirs
    return _count(data, you, amount, holder)


def _reduction(data: dict[str, Any], you: list[Obj], red: Any, holder: Obj | None = None,
               paid: dict[str, int] | None = None) -> tuple[int, list[str], int]:
    """(generic amount, colored symbols, minimum) of one reduction (`id` is only its label);
    `paid`: the count each optional `count: any` cost took (a card's own reductions only).
    A counted color key acts exactly as a fixed one of that many."""
    if isinstance(red, str):
        amount, pips = 0, []
        for kind, arg in parse_symbols(red):
            if kind == "snow":
                raise BadScenario("a reduction's mana holds {S} (refused: {S} is never reduced)")
            if kind == "generic":
                amount += arg
            elif kind == "mana":
                pips.append(arg)
        return amount, pips, 0
    generic = _count(data, you, red.get("generic", 0), holder, paid)
    colored: list[str] = []
    for key, n in red.items():
        if isinstance(key, str) and key in MANA:
            many = _colored_amount(data, you, n, holder)
            if "color_count_as_generic" in knobs.MISREADINGS and isinstance(n, dict):
                generic += many
            else:
                colored += [key] * many
    if "mana" in red:
        g, c, _ = _reduction(data, you, str(red["mana"]))
        generic += g
        colored += c
    if red.get("color_only"):
        # Only pips of its colors (a Defiler's "reduces only the amount of green mana you pay"):
        # never {1} less when no such pip is left (`!`: no 118.7c fallback).
        if not colored or generic:
            raise BadScenario("color_only: on a colored reduction alone")
        colored = [c + "!" for c in colored]
    return generic, colored, int(red.get("minimum", 0))


def _reduced(mana: Vec, reductions: list[tuple[int, list[str], int]],
             floors: list[int]) -> set[Vec]:
    """601.2f: every total the reductions reach in an order the player may choose (all of
    them), each floor (Trinisphere) applied last."""
    finals: set[Vec] = set()
    for order in itertools.permutations(range(len(reductions))) if reductions else [()]:
        v = mana
        for i in order:
            v = _apply_reduction(v, *reductions[i])
        for f in floors:
            if sum(v) < f:
                v = vec_add(v, {"generic": f - sum(v)})
        finals.add(v)
    return finals


def _apply_reduction(mana: Vec, generic: int, colored: list[str], minimum: int) -> Vec:
    v = list(mana)
    room = max(0, sum(v) - minimum)         # the minimum binds this reduction only
    for mark in colored:
        c = mark.rstrip("!")
        if room == 0:
            break
        if v[SLOT[c]] > 0:
            v[SLOT[c]] -= 1
            room -= 1
        elif v[0] > 0 and not mark.endswith("!"):   # 118.7c as read here: no {c} pip, so {1} less
            v[0] -= 1
            room -= 1
    take = min(generic, v[0], room)
    v[0] -= take
    if "snow_reducible" in knobs.MISREADINGS:         # wrong: 107.4h keeps {S} out of every reduction
        more = min(generic - take, v[7], room - take)
        v[7] -= more
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
