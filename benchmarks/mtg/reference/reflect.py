"""Mana of any type or color another permanent could produce (106.7: Reflecting Pool,
Exotic Orchard, Fellwar Stone): what each permanent's mana abilities could produce, read on
the right battlefield, written into the reflecting permanent's own card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import knobs
from .counted import devotion_to, greatest_power
from .mana import MANA, produced_options
from .objects import BadScenario, _matches_obj, _objects, object_power

if TYPE_CHECKING:
    from .objects import Obj


def could_produce(data: dict[str, Any], obj: Obj,
                  reflected: dict[str, frozenset[str]] | None = None) -> frozenset[str]:
    """106.7: the types of mana `obj` could produce (its card's mana abilities' options, costs
    ignored; `per` on its controller's side, an amount 0 naming nothing; an `adds: any_type` /
    `any_color` ability what `reflected` says it names, by default the least fixed point of
    `reflecting`)."""
    cards = data["cards"]
    state = data.get("state") or {}
    side = _objects(state.get(obj.controller) or {}, "battlefield", obj.controller)
    out: set[str] = set()
    for a in cards[obj.card].get("mana") or []:
        if a.get("adds") in ("untapped", "milled", "sacrificed"):
            continue
        if a.get("adds") in REFLECT:
            if reflected is None:
                reflected = reflecting(data)
            out |= reflected.get(obj.id, frozenset())
            continue
        per = a.get("per")
        for option in produced_options(a["adds"]):
            times = 1
            if isinstance(per, dict) and "count" in per:
                times = sum(1 for o in side if _matches_obj(cards, o, per["count"], obj))
            elif isinstance(per, dict) and "counters" in per:
                times = dict(obj.counters).get(str(per["counters"]), 0)
            elif per == "devotion" and option:
                times = devotion_to(cards, side, option[0])
            elif per == "power":
                times = max(0, object_power(cards, obj))
            elif isinstance(per, dict) and "greatest_power" in per:
                times = greatest_power(cards, side, per["greatest_power"])  # side: its controller's
            if times:
                out.update(option)
    if "untap_no_colorless" in knobs.MISREADINGS:
        out.discard("C")
    return frozenset(out)


# Mana of any type (or color) that a permanent matching the ability's `of` filter could
# produce (106.7: Reflecting Pool, Exotic Orchard, Fellwar Stone), as the contract reads it.
REFLECT = ("any_type", "any_color")


def _field(data: dict[str, Any]) -> list[Obj]:
    state = data.get("state") or {}
    return (_objects(state.get("you") or {}, "battlefield", "you")
            + _objects(state.get("opponent") or {}, "battlefield", "opponent"))


def _seen_by(data: dict[str, Any], holder: Obj, of: dict[str, Any]) -> list[Obj]:
    """The permanents `of` matches for `holder`: `controller` (default you) relative to the
    holder's controller; the rest of the filter as any object filter."""
    side = of.get("controller", "you")
    rest = {k: v for k, v in of.items() if k != "controller"}
    out = []
    for o in _field(data):
        mine = o.controller == holder.controller
        if (side == "you" and not mine) or (side == "opponent" and mine):
            continue
        if _matches_obj(data["cards"], o, rest):
            out.append(o)
    return out


def reflecting(data: dict[str, Any]) -> dict[str, frozenset[str]]:
    """Per permanent with an `adds: any_type|any_color` ability: the types those abilities name,
    the least fixed point (every such ability starts naming nothing; repeat until no set grows):
    two Reflecting Pools alone name nothing."""
    cards = data["cards"]
    holders = [o for o in _field(data) if any(
        isinstance(a, dict) and a.get("adds") in REFLECT for a in cards[o.card].get("mana") or [])]
    known: dict[str, frozenset[str]] = {o.id: frozenset() for o in holders}
    while True:
        grown = False
        for o in holders:
            names: set[str] = set()
            for a in cards[o.card].get("mana") or []:
                if not isinstance(a, dict) or a.get("adds") not in REFLECT:
                    continue
                of = a.get("of")
                if not isinstance(of, dict):
                    raise BadScenario(f"cards.{o.card}: adds: {a.get('adds')} needs of: FILTER")
                seen: set[str] = set()
                for t in _seen_by(data, o, of):
                    seen |= could_produce(data, t, known)
                if a["adds"] == "any_color":
                    seen.discard("C")
                names |= seen
            if not names <= known[o.id]:
                known[o.id] = known[o.id] | names
                grown = True
        if not grown:
            return known


def reflect_cards(data: dict[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """Your cards with `adds: any_type|any_color` abilities, each such ability written as the
    mana string of one mana of each type it names for a permanent of yours (`_nothing` when it
    names none: never activated). Beside any mana effect: refused (not built)."""
    mine = [o for o in _field(data) if o.controller == "you"]
    if not any(isinstance(a, dict) and a.get("adds") in REFLECT
               for o in mine for a in cards[o.card].get("mana") or []):
        return cards
    if any(card.get("mana_effects") for card in data["cards"].values()):
        raise BadScenario("adds: any_type/any_color beside a mana effect: not built")
    known = reflecting(data)
    out = dict(cards)
    for o in mine:
        abilities = []
        for a in cards[o.card].get("mana") or []:
            if isinstance(a, dict) and a.get("adds") in REFLECT:
                if "per" in a:
                    raise BadScenario(f"cards.{o.card}: per beside adds: {a['adds']}")
                kinds = known.get(o.id, frozenset())
                if a["adds"] == "any_color":
                    kinds = kinds - {"C"}
                text = "|".join("{" + c + "}" for c in MANA if c in kinds)
                made = {"adds": text} if text else {"adds": "{C}", "_nothing": True}
                a = {k: v for k, v in a.items() if k != "of"} | made
            abilities.append(a)
        out[o.card] = {**cards[o.card], "mana": abilities}
    return out


def sacrificed_cards(data: dict[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """Your cards with `adds: sacrificed` (Squandered Resources: "Sacrifice a land: add one mana
    of any type that land could produce", 106.7), each such ability written as one ability per
    type T: "{T}", sacrificing one of your permanents matching its filter that could produce T
    (`_ids`, read on the board as the cast begins: every mana ability may be activated before
    anything it reads leaves, 601.2g). A type no permanent could produce is left out; none at
    all leaves the ability never activated (`_nothing`). Beside any mana effect: refused (not
    built), as `any_type` is."""
    mine = [o for o in _field(data) if o.controller == "you"]
    if not any(isinstance(a, dict) and a.get("adds") == "sacrificed"
               for o in mine for a in cards[o.card].get("mana") or []):
        return cards
    if any(card.get("mana_effects") for card in data["cards"].values()):
        raise BadScenario("adds: sacrificed beside a mana effect: not built")
    could = {o.id: could_produce(data, o) for o in mine}
    out = dict(cards)
    for o in mine:
        abilities = []
        for a in cards[o.card].get("mana") or []:
            if not (isinstance(a, dict) and a.get("adds") == "sacrificed"):
                abilities.append(a)
                continue
            flt = _sacrifice_filter(o.card, a)
            rest = {k: v for k, v in a.items() if k not in ("adds", "costs")}
            split = []
            for t in MANA:
                ids = [p.id for p in mine if t in could[p.id] and _matches_obj(data["cards"], p, flt)]
                if ids:
                    sacrifice = {"sacrifice": {"count": 1, "filter": {**flt, "_ids": ids}}}
                    split.append(rest | {"adds": "{" + t + "}", "costs": [sacrifice]})
            abilities += split or [rest | {"adds": "{C}", "_nothing": True}]
        out[o.card] = {**cards[o.card], "mana": abilities}
    return out


def _sacrifice_filter(card_id: str, a: dict[str, Any]) -> dict[str, Any]:
    """The filter of `adds: sacrificed`'s one cost, `{sacrifice: {count: 1, filter}}`."""
    costs = a.get("costs")
    if "per" in a or "of" in a or not (isinstance(costs, list) and len(costs) == 1
                                       and isinstance(costs[0], dict) and list(costs[0]) == ["sacrifice"]):
        raise BadScenario(f"cards.{card_id}: adds: sacrificed takes one sacrifice cost alone")
    body = costs[0]["sacrifice"]
    if not isinstance(body, dict) or body.get("count", 1) != 1:
        raise BadScenario(f"cards.{card_id}: adds: sacrificed sacrifices one permanent")
    flt = body.get("filter") or {}
    if not isinstance(flt, dict) or "controller" in flt:
        raise BadScenario(f"cards.{card_id}: adds: sacrificed's filter")
    return dict(flt)
