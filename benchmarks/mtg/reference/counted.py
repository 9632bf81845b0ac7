"""The cards rewritten for the battlefield as the cast begins (601.2g: every mana ability can
be activated before a cost is paid): mana counted per permanent, per devotion (700.5), per
counter (122), and a chosen type (Cavern of Souls) written into each permanent's own card.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .mana import parse_symbols, produced_options
from .objects import BadScenario, _matches_obj, object_power

if TYPE_CHECKING:
    from .objects import Obj


def devotion_to(cards: dict[str, Any], you: list[Obj], color: str) -> int:
    """700.5: the symbols of `color` in the mana costs of your permanents (a hybrid symbol
    counts for each of its colors, a Phyrexian or a {2/C} symbol for its color)."""
    n = 0
    for o in you:
        for kind, arg in parse_symbols(cards[o.card].get("cost") or ""):
            if kind in ("mana", "phyrexian"):
                n += arg == color
            elif kind in ("hybrid", "hphyrexian"):
                n += color in arg
            elif kind == "mono":
                n += arg[1] == color
    return n


def _resolve_chosen(flt: Any, chosen: str | None) -> Any:
    if not isinstance(flt, dict) or "chosen_type" not in flt:
        return flt
    out = {k: v for k, v in flt.items() if k != "chosen_type"}
    out["_chosen" if flt["chosen_type"] else "_not_chosen"] = chosen
    return out


def holders(cards: dict[str, Any], field: list[Obj]) -> tuple[dict[str, Any], list[Obj]]:
    """A permanent whose mana abilities read `chosen_type` (Cavern of Souls' `only_for`, a
    `per` count) gets a card of its own (`CARD#ID`, its name kept) with that permanent's
    chosen type written in: two Caverns may have chosen two types."""
    out = dict(cards)
    objs: list[Obj] = []
    for o in field:
        card = cards[o.card]
        if "chosen_type" not in json.dumps(card.get("mana") or []):
            objs.append(o)
            continue
        abilities = []
        for a in card.get("mana") or []:
            a = dict(a)
            if "only_for" in a:
                a["only_for"] = _resolve_chosen(a["only_for"], o.chosen_type)
            if isinstance(a.get("per"), dict) and "count" in a["per"]:
                a["per"] = {**a["per"], "count": _resolve_chosen(a["per"]["count"], o.chosen_type)}
            abilities.append(a)
        key = f"{o.card}#{o.id}"
        out[key] = {**card, "name": card.get("name", o.card), "mana": abilities}
        objs.append(replace(o, card=key))
    return out, objs


def counter_holders(cards: dict[str, Any], field: list[Obj]) -> tuple[dict[str, Any], list[Obj]]:
    """A permanent with a mana ability `per: {counters: KIND}` (Everflowing Chalice) gets a card
    of its own (`CARD#ID`, its name kept) with that ability's options each repeated once per
    KIND counter on it (`_nothing` when none); a card also removing KIND counters as a cost is
    refused (not built: the removal's order would decide the count)."""
    out = dict(cards)
    objs: list[Obj] = []
    for o in field:
        card = cards[o.card]
        kinds = [a["per"]["counters"] for a in card.get("mana") or []
                 if isinstance(a, dict) and isinstance(a.get("per"), dict) and "counters" in a["per"]]
        if not kinds:
            objs.append(o)
            continue
        text = json.dumps([card.get("mana"), card.get("abilities")])
        if any(f'"kind": "{k}"' in text for k in kinds):
            raise BadScenario(f"cards.{o.card}: per counters beside a removal of those counters")
        have = dict(o.counters)
        abilities = [_repeated(a, have.get(str(a["per"]["counters"]), 0))
                     if isinstance(a, dict) and isinstance(a.get("per"), dict) and "counters" in a["per"]
                     else a for a in card.get("mana") or []]
        out[f"{o.card}#{o.id}"] = {**card, "name": card.get("name", o.card), "mana": abilities}
        objs.append(replace(o, card=f"{o.card}#{o.id}"))
    return out, objs


def _repeated(a: dict[str, Any], n: int) -> dict[str, Any]:
    """Mana ability `a` without its `per`, each option of `adds` repeated `n` times (`n` 0: an
    ability that makes nothing, `_nothing`: never activated)."""
    options = ["".join("{" + c + "}" for c in opt) * n for opt in produced_options(a["adds"])]
    made = {"adds": "|".join(dict.fromkeys(options))} if n else {"adds": "{C}", "_nothing": True}
    return {k: v for k, v in a.items() if k != "per"} | made


def power_holders(cards: dict[str, Any], field: list[Obj]) -> tuple[dict[str, Any], list[Obj]]:
    """A permanent with a mana ability `per: power` (Marwyn, the Nurturer: "{T}: Add an amount
    of {G} equal to Marwyn's power") gets a card of its own (`CARD#ID`, its name kept) with each
    option of that ability repeated once per point of its power (`object_power`, read as the
    cast begins, 601.2g); a power of 0 or less makes no mana (107.1b): never activated
    (`_nothing`)."""
    out = dict(cards)
    objs: list[Obj] = []
    for o in field:
        card = cards[o.card]
        if not any(isinstance(a, dict) and a.get("per") == "power" for a in card.get("mana") or []):
            objs.append(o)
            continue
        n = max(0, object_power(cards, o))
        abilities = [_repeated(a, n) if isinstance(a, dict) and a.get("per") == "power" else a
                     for a in card.get("mana") or []]
        out[f"{o.card}#{o.id}"] = {**card, "name": card.get("name", o.card), "mana": abilities}
        objs.append(replace(o, card=f"{o.card}#{o.id}"))
    return out, objs


def greatest_power(cards: dict[str, Any], you: list[Obj], flt: dict[str, Any]) -> int:
    """Bighorner Rancher's amount: the greatest power among your permanents matching `flt`
    (each its object `power`, else its card's; one with neither counts 0), read as the cast
    begins; none matching, or 0 or less: no mana (107.1b)."""
    powers = [object_power(cards, o) if o.power is not None or "power" in cards[o.card] else 0
              for o in you if _matches_obj(cards, o, flt)]
    return max([0, *powers])


def counted_cards(cards: dict[str, Any], you: list[Obj]) -> dict[str, Any]:
    """The cards with each mana ability's `per` worked out on your battlefield as the cast
    begins (every mana ability can be activated before a cost is paid, 601.2g-h): `per:
    {count: FILTER}` repeats each option's mana once per permanent of yours matching FILTER,
    `per: devotion` an option of one colored mana once per devotion to that color. An option
    that comes to no mana adds nothing."""
    out = dict(cards)
    for cid, card in cards.items():
        if not any(isinstance(a, dict) and "per" in a for a in card.get("mana") or []):
            continue
        abilities = []
        for a in card.get("mana") or []:
            if (not isinstance(a, dict) or "per" not in a or a["per"] in ("removed", "power")
                    or a.get("adds") in ("untapped", "milled")
                    or (isinstance(a["per"], dict) and "counters" in a["per"])):
                abilities.append(a)        # `per: removed`: counter_options(); power: power_holders()
                continue
            options = []
            for opt in produced_options(a["adds"]):
                if a["per"] == "devotion":
                    (color,) = opt
                    times = devotion_to(cards, you, color)
                elif "greatest_power" in a["per"]:
                    times = greatest_power(cards, you, a["per"]["greatest_power"])
                else:
                    times = sum(1 for o in you if _matches_obj(cards, o, a["per"]["count"]))
                options.append("".join("{" + c + "}" for c in opt) * times)
            abilities.append({k: v for k, v in a.items() if k != "per"} | {"adds": "|".join(options)})
        out[cid] = {**card, "mana": abilities}
    return out
