"""What is put on the stack when the play is not a card's front face: an activated ability
read as a spell-like card (602.2), loyalty abilities (606), and morph (702.37, 708): a face-down
2/2 with no name, colors or mana cost, and the special action that turns it face up (116.2b).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import knobs
from .counters import _is_remove_counters, _loyalty_value, _remove_counters
from .objects import BadScenario, card_colors

if TYPE_CHECKING:
    from .objects import Obj


def ability_of(data: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """The activated ability the play names, as a pseudo-spell: the source's name, types, colors
    and tags (what grants filter on), its `costs` split into mana text, {T}, "sacrifice this" and
    the other parts, and `_ability` set (no convoke, delve or improvise: those are spells')."""
    card = data["cards"][obj.card]
    wanted = str(data["play"]["ability"]["id"])
    ability = next(a for a in card.get("abilities") or [] if str(a.get("id")) == wanted)
    mana, other, taps, sac, discard = "", [], False, False, False
    removes: list[tuple[str, int]] = []
    for c in ability.get("costs") or []:
        if isinstance(c, str) and c.startswith("{"):
            mana += c
        elif c == "tap":
            taps = True
        elif c == "sacrifice_self":
            sac = True
        elif c == "discard_self":
            discard = True
        elif _is_remove_counters(c):
            removes.append(_remove_counters(c))
        else:
            other.append(c)
    if taps:
        other.append({"tap_untapped": {"count": 1, "filter": {"object": obj.id}}})
    if sac:
        other.append({"sacrifice": {"count": 1, "filter": {"object": obj.id}}})
    if discard:      # "discard this card" (cycling), a discard of the card itself
        other.append({"discard": {"count": 1, "filter": {"object": obj.id}}})
    colors = sorted(card_colors(card))
    name = str(card.get("name", obj.card))
    if knobs.DIAGNOSE_ABILITY_STAND_IN_NAME:
        name = f"{name}: {wanted}"
    return {"name": name, "types": list(card.get("types") or []),
            "tags": list(card.get("tags") or []), "colors": colors, "cost": mana, "_other": other,
            "_taps": taps, "_sorcery": ability.get("timing") == "sorcery", "_ability": True,
            "_zone": str(ability.get("zone") or "battlefield"), "_cycling": bool(ability.get("cycling")),
            "_removes": removes, "_loyalty": _loyalty_value(ability)}


# --- Morph (702.37) ----------------------------------------------------------------

FACE_DOWN = "_face-down 2/2"                     # the card a face-down permanent is (708.2)
FACE_DOWN_CARD: dict[str, Any] = {"types": ["creature"], "colors": [], "name": ""}
FACE_DOWN_SPELL: dict[str, Any] = {"types": ["creature"], "colors": [], "name": "", "cost": ""}
FACE_DOWN_COST = "{3}"
TURN_FACE_UP: dict[str, Any] = {"types": [], "colors": [], "name": "", "cost": "", "_special": True}


def face_down_view(data: dict[str, Any]) -> dict[str, Any]:
    """The scenario as the rules see it (708.2): every battlefield object with `face_down: true`
    is a 2/2 creature with no name, colors, tags, mana cost or abilities (its card's `morph` is
    kept aside, `_morph`, for turning it face up). A scenario with none is returned as it is."""
    state = data.get("state") or {}
    if "face_down" not in json.dumps(state):
        return data
    data = json.loads(json.dumps(data))
    cards = data["cards"]
    morphs: dict[str, str] = {}
    for who in ("you", "opponent"):
        for entry in (data["state"].get(who) or {}).get("battlefield") or []:
            if isinstance(entry, dict) and entry.get("face_down"):
                card = cards[str(entry["card"])]
                if card.get("morph") is None:
                    raise BadScenario(f"{entry.get('id')}: face_down on a card without morph")
                if who == "you":
                    morphs[str(entry.get("id"))] = str(card["morph"])
                entry["card"] = FACE_DOWN
    cards[FACE_DOWN] = dict(FACE_DOWN_CARD)
    data["_morph"] = morphs
    return data


def morph_card(data: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """What turning `obj` face up costs: `{morph: MANA}` (none when it isn't face down)."""
    morph = (data.get("_morph") or {}).get(obj.id)
    return {} if morph is None else {"morph": morph}
