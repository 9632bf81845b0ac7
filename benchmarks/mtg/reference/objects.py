"""What the brute force reads from a scenario (the objects of each zone, 400, 110, 111) and
the filters over them (the card's types, colors, tags and name; 105, 205), the targets a play
names (115), the weights of what a payment loses, and the shape of one priced cast (601.2b-f).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .mana import COLOR_NAMES, COLORS, Vec, parse_symbols

WEIGHTS = {"tap_land": 1, "tap_creature": 2, "tap_artifact": 1, "tap_other": 1, "sacrifice": 5,
           "discard": 4, "mill": 1, "exile_from_graveyard": 1, "exile_from_hand": 4, "life": 1,
           "return_to_hand": 3, "counter": 1, "untap": 1}
BENEFITS = {"kicker": 0, "buyback": 0}
REPEAT_CAP = 20     # multikicker / replicate under `auto`, and a mana ability only mana bounds, at most
X_CAP = 30          # x: auto never tries an X above this
OTHER_KINDS = ("sacrifice", "discard", "mill", "pay_life", "exile_from_graveyard",
               "exile_from_hand", "tap_untapped", "return_to_hand")
REMOVALS = ("sacrifice", "return_to_hand")
HAND_KINDS = ("discard", "exile_from_hand")
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "planeswalker", "battle", "land"}


class BadScenario(ValueError):
    pass


# --- Reading -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Obj:
    id: str
    card: str
    zone: str
    controller: str            # you | opponent
    tapped: bool = False
    sick: bool = False
    value: int | None = None
    commander_casts: int = 0   # casts from the command zone this game (903.8), command zone only
    attacking: bool = False    # a creature on the battlefield, attacking
    chosen_type: str | None = None   # the creature type chosen as it entered (a permanent's tag)
    counters: tuple[tuple[str, int], ...] = ()   # `counters: {KIND: N}`, sorted
    loyalty_activated: bool = False  # A loyalty ability of it was activated this turn
    attached_to: str | None = None   # The permanent this Aura is attached to
    power: int | None = None         # its power now (`power` on a battlefield object), else None


def _objects(player: dict[str, Any], zone: str, controller: str) -> list[Obj]:
    out = []
    for i, entry in enumerate(player.get(zone) or []):
        if isinstance(entry, str):
            entry = {"card": entry}
        prefix = "" if controller == "you" else "opponent."
        oid = str(entry.get("id", f"{prefix}{zone}[{i}]"))
        casts = entry.get("commander_casts", 0)
        if "commander_casts" in entry and zone != "command":
            raise BadScenario(f"{oid}: commander_casts on an object outside the command zone")
        if isinstance(casts, bool) or not isinstance(casts, int) or casts < 0:
            raise BadScenario(f"{oid}: commander_casts must be an integer, 0 or more: {casts!r}")
        out.append(Obj(id=oid, card=str(entry["card"]),
                       zone=zone, controller=controller, tapped=bool(entry.get("tapped", False)),
                       sick=bool(entry.get("sick", False)),
                       value=None if entry.get("value") is None else int(entry["value"]),
                       commander_casts=casts,
                       attacking=zone == "battlefield" and bool(entry.get("attacking", False)),
                       chosen_type=(None if zone != "battlefield" or entry.get("chosen_type") is None
                                    else str(entry["chosen_type"])),
                       attached_to=_attached_to(entry, zone, oid),
                       power=_power(entry, zone, oid),
                       **_counter_state(entry, zone, oid)))
    return out


def _power(entry: dict[str, Any], zone: str, oid: str) -> int | None:
    """An object's `power` (its power now, every effect applied): a battlefield object's only."""
    if "power" not in entry:
        return None
    if zone != "battlefield":
        raise BadScenario(f"{oid}.power: only on a battlefield object")
    return power_value(entry["power"], f"{oid}.power")


def power_value(value: Any, where: str) -> int:
    """A power, as the format takes it: an integer from -1000 to 1000."""
    if isinstance(value, bool) or not isinstance(value, int) or not -1000 <= value <= 1000:
        raise BadScenario(f"{where}: an integer from -1000 to 1000")
    return value


def object_power(cards: dict[str, Any], o: Obj) -> int:
    """The power of a permanent (208.3): its object `power`, else its card's printed `power`
    (`per: power` on a card with none is refused)."""
    if o.power is not None:
        return o.power
    card = cards[o.card]
    if "power" not in card:
        raise BadScenario(f"cards.{o.card}: per: power on a card with no power")
    return power_value(card["power"], f"cards.{o.card}.power")


def card_colors(card: dict[str, Any]) -> set[str]:
    if card.get("colors") is not None:
        return {COLOR_NAMES.get(str(c).lower(), str(c).upper()) for c in card["colors"]}
    colors: set[str] = set()
    for kind, arg in parse_symbols(card.get("cost") or ""):
        if kind in ("mana", "phyrexian") and arg in COLORS:
            colors.add(arg)
        elif kind in ("hybrid", "hphyrexian"):
            colors.update(arg)
        elif kind == "mono":
            colors.add(arg[1])
    return colors


def _as_list(v: Any) -> list[Any]:
    return list(v) if isinstance(v, (list, tuple)) else [v]


def matches(card: dict[str, Any], flt: dict[str, Any] | None, obj_id: str = "",
            card_id: str = "", obj: Obj | None = None, holder: Obj | None = None) -> bool:
    """A filter on a card: type (any of), not_type (none of), color (any of), tags (all of),
    name (the card's name, else its id), multicolored (two colors or more) and colorless (none),
    a card's colors as `card_colors` reads them; `attacking` the state of `obj` (a permanent; a
    spell or a card in another zone is never attacking); `chosen_type: true` the card has among
    its tags the type `holder` (the permanent whose grant or mana ability holds the filter)
    chose, none when it chose none (`false`: the card doesn't have it). `ability`, `targets` and
    a grant's `controller` are read by the grant code; anywhere else the object is yours, so
    `controller: opponent` there matches nothing. `all_types` (every one of its types, 205.2a);
    `x_cost` whether the mana cost being paid for (a spell's printed `cost`, an ability's mana
    costs: the pseudo-spell's `cost`) has {X}, read on what is played only."""
    if not flt:
        return True
    if "attached" in flt:      # Read in a mana effect's `sources` only (`reaches`)
        raise BadScenario("filter key attached outside a mana effect's sources")
    types = set(card.get("types") or [])
    if "type" in flt and not types & set(_as_list(flt["type"])):
        return False
    if "all_types" in flt:
        every = set(_as_list(flt["all_types"]))
        if every & set(_as_list(flt.get("not_type") or [])):
            raise BadScenario("filter: a type in both all_types and not_type matches nothing")
        if not every <= types:
            return False
    if "not_type" in flt and types & set(_as_list(flt["not_type"])):
        return False
    if "x_cost" in flt and _has_x(card) != bool(flt["x_cost"]):
        return False
    if "color" in flt:
        wanted = {COLOR_NAMES.get(str(c).lower(), str(c).upper()) for c in _as_list(flt["color"])}
        if not card_colors(card) & wanted:
            return False
    if "multicolored" in flt and (len(card_colors(card)) >= 2) != bool(flt["multicolored"]):
        return False
    if "colorless" in flt and (not card_colors(card)) != bool(flt["colorless"]):
        return False
    if "attacking" in flt:
        attacking = obj is not None and obj.zone == "battlefield" and obj.attacking
        if attacking != bool(flt["attacking"]):
            return False
    if "chosen_type" in flt:
        chosen = holder.chosen_type if holder is not None else None
        has = chosen is not None and chosen in set(card.get("tags") or [])
        if flt["chosen_type"] and not has:
            return False
        if not flt["chosen_type"] and has:
            return False
    if "_chosen" in flt:       # chosen_type resolved on a mana ability's permanent (board())
        if flt["_chosen"] is None or flt["_chosen"] not in set(card.get("tags") or []):
            return False
    if ("_not_chosen" in flt and flt["_not_chosen"] is not None
            and flt["_not_chosen"] in set(card.get("tags") or [])):
        return False
    if "tags" in flt and not set(_as_list(flt["tags"])) <= set(card.get("tags") or []):
        return False
    if "name" in flt and str(flt["name"]) != str(card.get("name", card_id)):
        return False
    if flt.get("controller") == "opponent":
        return False
    if "_ids" in flt and obj_id not in flt["_ids"]:     # this reference's own key (`adds: sacrificed`)
        return False
    if "object" in flt and obj_id != flt["object"]:      # this reference's own key: {T} / "sacrifice
        return False                                     # this" of an activated ability's object
    return True


def _has_x(card: dict[str, Any]) -> bool:
    """The mana cost `card` stands for has {X} (a spell's printed `cost`; an activated ability's
    pseudo-spell holds its mana costs there)."""
    cost = card.get("cost")
    return isinstance(cost, str) and any(kind == "x" for kind, _ in parse_symbols(cost))


def _matches_obj(cards: dict[str, Any], o: Obj, flt: dict[str, Any] | None,
                 holder: Obj | None = None) -> bool:
    return matches(cards[o.card], flt, o.id, o.card, o, holder)


def is_x_life(item: Any) -> bool:
    """`{pay_life: X}`: X life, X the announced X (the only non-mana cost with X)."""
    return isinstance(item, dict) and len(item) == 1 and str(item.get("pay_life")).upper() == "X"


def _cost_part(item: Any, x: int | None = None) -> tuple[str, int, Any]:
    """One non-mana cost: (kind, count, filter), from `{kind: N}` or `{kind: {count, filter}}`;
    `{pay_life: X}` pays `x` life (X announced; no X here is a bad scenario)."""
    if not isinstance(item, dict) or len(item) != 1:
        raise BadScenario(f"not a non-mana cost: {item!r}")
    (kind, body), = item.items()
    if kind not in OTHER_KINDS:
        raise BadScenario(f"unknown cost {kind!r}")
    if is_x_life(item):
        if x is None:
            raise BadScenario("{pay_life: X} where no X is announced")
        return "pay_life", int(x), None
    if isinstance(body, dict):
        if body.get("count") == "any":
            # Read only in an optional additional cost (`_any_part`).
            raise BadScenario(f"count: any outside an optional additional cost: {item!r}")
        return str(kind), int(body.get("count", 1)), body.get("filter")
    return str(kind), int(body), None


def _fj(flt: Any) -> str:
    """A filter as hashable text (json.loads gives it back)."""
    return json.dumps(flt, sort_keys=True)


Part = tuple[str, int, str]          # (kind, count, filter as JSON): a non-mana, non-life cost


def _parts(other: list[Any], x: int | None = None) -> tuple[list[Part], int]:
    """A cost's `other` list as parts and the life it pays (`{pay_life: X}`: `x` life); a part
    of count 0 is no cost."""
    parts: list[Part] = []
    life = 0
    for item in other:
        kind, n, flt = _cost_part(item, x)
        if kind == "pay_life":
            life += n
        elif n:
            parts.append((kind, n, _fj(flt)))
    return parts, life


def _full(v: Any) -> tuple[str, list[Any]]:
    """A cost written as a mana string or as `{cost: MANA, other: [...]}`."""
    if isinstance(v, dict):
        return str(v.get("cost") or ""), list(v.get("other") or [])
    return str(v or ""), []


@dataclass(frozen=True, slots=True)
class Priced:
    cast: str
    x: int | None
    mana: Vec                   # after announcement, reductions and floors
    life: int                   # Phyrexian life + pay_life costs
    other: tuple[Part, ...]
    benefit: int
    buyback: bool = False
    optional: tuple[tuple[str, int], ...] = ()   # each optional cost paid, and how many times


Target = tuple[str, Any]     # ("player", "you" | "opponent"), ("object", Obj) or ("unknown", id)


def play_targets(data: dict[str, Any]) -> list[Target]:
    """`play.targets`, each target once (one named twice is one target): the words `you` and
    `opponent` are players (relative to you), any other entry an object of either player in
    any zone."""
    state = data.get("state") or {}
    objects: dict[str, Obj] = {}
    for who in ("you", "opponent"):
        for zone in ("battlefield", "hand", "graveyard", "exile", "command"):
            for o in _objects(state.get(who) or {}, zone, who):
                objects.setdefault(o.id, o)
    out: list[Target] = []
    seen: set[str] = set()
    for entry in data["play"].get("targets") or []:
        name = str(entry)
        if name in seen:
            continue
        seen.add(name)
        if name in ("you", "opponent"):
            out.append(("player", name))
        elif name in objects:
            out.append(("object", objects[name]))
        else:
            out.append(("unknown", name))
    return out


def _relative(player: str, viewer: str) -> str:
    """`player` (you | opponent, from your side) as `viewer` (you | opponent) names it."""
    if viewer == "you":
        return player
    return "opponent" if player == "you" else "you"


def target_matches(cards: dict[str, Any], t: Target, flt: dict[str, Any],
                   grantor: Obj | None) -> bool:
    """A target filter (a grant's `applies_to.targets`, a `count_targets`): `player: you |
    opponent` alone matches a player target, anything else an object target: `controller` (you
    | opponent | any, default any) and `player` relative to the granting permanent's
    controller (to you with no grantor, a card's own reduction), `self: true` the granting
    permanent itself (false: any other object), the rest an object's conditions (`chosen_type`
    the granting permanent's type)."""
    viewer = grantor.controller if grantor is not None else "you"
    if flt.get("player") == "enchanted":
        # A Curse's "spells that target enchanted player" (303.4): the player the granting
        # Aura is attached to (`attached_to: you | opponent`, relative to you as targets are).
        if grantor is None:
            raise BadScenario("player: enchanted outside a permanent's grant")
        return t[0] == "player" and grantor.attached_to == str(t[1])
    if "player" in flt:
        return t[0] == "player" and _relative(str(t[1]), viewer) == flt["player"]
    if t[0] != "object":
        return False
    o: Obj = t[1]
    rest = dict(flt)
    controller = rest.pop("controller", "any")
    if controller != "any" and _relative(o.controller, viewer) != controller:
        return False
    if "self" in rest:
        is_self = grantor is not None and o.id == grantor.id and o.controller == grantor.controller
        if is_self != bool(rest.pop("self")):
            return False
    return matches(cards[o.card], rest, o.id, o.card, o, grantor)


def _units(text: str) -> int:
    """The least a copy of a cost text takes (X as 0), each unit one mana or, for a Phyrexian
    pip, two life."""
    units = 0
    for kind, arg in parse_symbols(text):
        if kind == "generic":
            units += arg
        elif kind != "x":
            units += 1
    return units


PLAY_ZONES = ("hand", "graveyard", "exile", "command")


def _find(data: dict[str, Any]) -> Obj:
    state = data.get("state") or {}
    you_p = state.get("you") or {}
    play = data["play"]
    objects = [o for zone in ("hand", "graveyard", "exile", "command", "battlefield")
               for o in _objects(you_p, zone, "you")]
    if "ability" in play:
        for o in objects:
            if o.id == str(play["ability"]["object"]):
                return o
        raise BadScenario("play.ability.object: no such object")
    if "turn_face_up" in play:
        for o in objects:
            if o.id == str(play["turn_face_up"]):
                return o
        raise BadScenario("play.turn_face_up: no such object")
    if "object" in play:
        for o in objects:
            if o.id == str(play["object"]):
                return o
        raise BadScenario(f"play.object: no object {play['object']!r}")
    zones = [play["from"]] if play.get("from") else list(PLAY_ZONES)
    for zone in zones:                       # `card:` names the first such card, zone by zone
        for o in _objects(you_p, zone, "you"):
            if o.card == play.get("card"):
                return o
    raise BadScenario("play: names no object")


def _counter_state(entry: dict[str, Any], zone: str, oid: str) -> dict[str, Any]:
    """An object's `counters` (a battlefield object only) and `loyalty_activated`."""
    raw = entry.get("counters")
    if raw is not None and zone != "battlefield":
        raise BadScenario(f"{oid}: counters on an object outside the battlefield")
    counters: dict[str, int] = {}
    for kind, n in (raw or {}).items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise BadScenario(f"{oid}: counters.{kind} must be 0 to 1,000: {n!r}")
        if n:
            counters[str(kind)] = n
    return {"counters": tuple(sorted(counters.items())),
            "loyalty_activated": zone == "battlefield" and bool(entry.get("loyalty_activated", False))}


def _attached_to(entry: dict[str, Any], zone: str, oid: str) -> str | None:
    """A battlefield object's `attached_to` (checked against the battlefields by `read_mana_effects`)."""
    if entry.get("attached_to") is None:
        return None
    if zone != "battlefield":
        raise BadScenario(f"{oid}: attached_to on an object outside the battlefield")
    return str(entry["attached_to"])
