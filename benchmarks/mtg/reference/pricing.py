"""Every total cost the cast can have (601.2b-f): each way to cast the card (normal,
flashback 702.34, alternative costs 118.9, without paying 118.9d), the announced X (107.3) and
optional counts, every announcement of hybrid and Phyrexian pips (107.4, 601.2f), the cost
increases, the reductions in every order, the floors last (Trinisphere), and the commander tax
(903.8).
"""

from __future__ import annotations

import itertools
import json
from typing import TYPE_CHECKING, Any

from . import knobs
from .board import board, potential_mana
from .counters import _loyalty_illegal
from .grants import (
    _choices,
    _grants,
    _optional_setting,
    _reduced,
    _reduction,
    granted_cast_from,
    granted_flashback,
)
from .mana import ZERO, Symbol, Vec, announcements, parse_symbols, vec_add
from .objects import (
    BENEFITS,
    REPEAT_CAP,
    BadScenario,
    Priced,
    _as_list,
    _find,
    _full,
    _objects,
    _parts,
    _units,
    is_x_life,
)
from .spells import FACE_DOWN_COST, FACE_DOWN_SPELL, ability_of, morph_card

if TYPE_CHECKING:
    from .objects import Obj


def _methods(card: dict[str, Any], zone: str, requested: str) -> list[tuple[str, str, list[Any]]]:
    """(cast name, mana cost text, other costs) of each method the zone allows: the mana cost
    from the hand or the command zone, flashback from the graveyard, an alternative cost from
    its `zone` (default hand and command)."""
    out: list[tuple[str, str, list[Any]]] = []
    # A permission to cast from this zone (`_cast_from`, a grant's) makes it as the hand.
    home = ("hand", "command", card["_cast_from"]) if card.get("_cast_from") else ("hand", "command")
    if zone in home:
        out.append(("normal", card.get("cost") or "", []))
    if zone == "graveyard" and card.get("flashback") is not None:
        text, other = _full(card["flashback"])
        out.append(("flashback", text, other))
    for alt in card.get("alternative") or []:
        zones = [alt["zone"]] if alt.get("zone") is not None else list(home)
        if zone in zones:
            out.append((str(alt["id"]), alt.get("cost") or "", list(alt.get("other") or [])))
    if requested == "without_paying":
        # An effect lets the card be cast without paying its mana cost, from where it is.
        return [("without_paying", "", [])]
    if requested != "auto":
        return [m for m in out if m[0] == requested]
    return out


def _sorcery_speed(state: dict[str, Any]) -> bool:
    return bool(state.get("phase", "main") == "main" and state.get("turn", "you") == "you"
                and state.get("stack", "empty") == "empty")


def _sorcery_speed_ok(state: dict[str, Any], card: dict[str, Any]) -> bool:
    types = set(card.get("types") or [])
    if "instant" in types or card.get("flash"):
        return True
    return _sorcery_speed(state)


def priced_casts(data: dict[str, Any], x_value: int | None, room: int | None = None
                 ) -> tuple[list[Priced], list[str]]:
    """Every total cost the cast can have with X = x_value (None: the card's X is not asked).
    `room`: potential_mana(data), worked out here when None and a counted cost is `auto`."""
    cards = data["cards"]
    state = data.get("state") or {}
    you_p = state.get("you") or {}
    play = data["play"]
    you = _objects(you_p, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    obj = _find(data)
    card = cards[obj.card]
    if "ability" in play:
        return _priced_ability(data, obj, x_value)
    if "turn_face_up" in play:
        return _priced_face_up(data, obj, x_value)
    if play.get("cast") == "face_down":
        return _priced_face_down(data, obj, card)
    if "land" in (card.get("types") or []):
        return [], ["a land is played, not cast"]
    card = granted_cast_from(data, granted_flashback(data, card, obj), obj)
    if play.get("from") is not None and play["from"] != obj.zone:
        return [], [f"{obj.id} is in the {obj.zone}, not the {play['from']}"]
    if not _sorcery_speed_ok(state, card):
        return [], ["timing: not sorcery speed"]
    requested = str(play.get("cast", "auto"))
    methods = _methods(card, obj.zone, requested)
    if not methods:
        return [], [f"no way to cast it from the {obj.zone} ({requested})"]

    grants = _grants(data, you, opp, card, obj.id, obj.card, obj)
    increases = [parse_symbols(g) if isinstance(g, str) else parse_symbols(g.get("mana", ""))
                 for kind, g, _ in grants if kind == "increase"]
    granted = [_reduction(data, you, g, holder) for kind, g, holder in grants if kind == "reduction"]
    floors = [int(g) for kind, g, _ in grants if kind == "at_least"]
    any_parts = any_costs(card)

    def reductions_for(paid: dict[str, int]) -> list[tuple[int, list[str], int]]:
        """The grants' reductions and the card's own, `per_paid` read on `paid`."""
        return granted + [_reduction(data, you, r, None, paid) for r in card.get("reductions") or []]

    _check_per_paid(card, any_parts)
    reductions = reductions_for({})

    # Additional costs (601.2b, 601.2f): (name, mana per copy, other per copy, counted?)
    optional_costs: list[tuple[str, str, list[Any], bool]] = []
    for i, k in enumerate(_as_list(card["kicker"]) if card.get("kicker") is not None else []):
        optional_costs.append(("kicker" if i == 0 else f"kicker.{i}", *_full(k), False))
    for name in ("multikicker", "replicate", "buyback"):
        if card.get(name) is not None:
            optional_costs.append((name, *_full(card[name]), name != "buyback"))
    # Optional additional costs granted by a permanent (the Defilers), named OBJECT.ID; the
    # grant's reduction goes with paying it. One named but not granted is an illegal play.
    offered = {f"{holder.id}.{g['additional']['id']}": (g, holder) for kind, g, holder in grants
               if kind == "additional"}
    for name, setting in (play.get("optional") or {}).items():
        if ("." in str(name) and not str(name).startswith("kicker.") and str(name) not in offered
                and setting not in ("no", False, 0, None)):
            return [], [f"has no optional cost {name}"]
    for name, (g, _) in offered.items():
        add = g["additional"]
        optional_costs.append((name, str(add.get("cost") or ""), list(add.get("other") or []), False))
    mandatory: list[tuple[str, list[Any]]] = []
    for add in card.get("additional") or []:
        if add.get("mandatory", False):
            mandatory.append((add.get("cost") or "", list(add.get("other") or [])))
        else:
            name = str(add["id"])
            optional_costs.append((name, add.get("cost") or "", list(add.get("other") or []),
                                   name in any_parts))
    for name, _, oth, _ in optional_costs:
        if any(is_x_life(item) for item in oth):
            # docs/mtg-format.md: X would be announced for a cost that may not be paid.
            raise BadScenario(f"{{pay_life: X}} in the optional cost {name}")
    # Per-mode and per-target costs: escalate beyond the first mode, spree for each mode chosen,
    # strive beyond the first target.
    modes = [str(m) for m in play.get("modes") or []]
    targets = list(play.get("targets") or [])
    if card.get("per_mode"):
        mandatory += [(str(card["per_mode"]), [])] * max(0, len(modes) - 1)
    for m in modes:
        if m in (card.get("modes") or {}):
            mandatory.append((str(card["modes"][m]), []))
    if card.get("per_target"):
        mandatory += [(str(card["per_target"]), [])] * max(0, len(targets) - 1)
    if card.get("per_target_life"):   # Phyrexian Purge: N life for every target
        mandatory += [("", [{"pay_life": int(card["per_target_life"])}])] * len(targets)
    tax = commander_tax(obj)
    if tax:
        mandatory.append((f"{{{tax}}}", []))
    benefits = {**BENEFITS, **((data.get("objective") or {}).get("benefits") or {})}
    # `auto` on a counted cost tries every count the resources could pay, at most REPEAT_CAP.
    if room is None and any(counted and _optional_setting(play, name) == "auto"
                            for name, _, _, counted in optional_costs):
        room = potential_mana(data)
    most_paid = {name: board(data).available(kind, flt) for name, (_, kind, flt) in any_parts.items()}
    room = ((room or 0) + sum(r[0] + len(r[1]) for r in reductions_for(most_paid))
            + int(you_p.get("life", 20)) // 2)

    def bound(text: str, other: list[Any], name: str = "") -> int:
        if name in any_parts:           # count: any: at most what matches
            cap = most_paid[name]
            return min(cap, 1) if "count_any_capped_at_one" in knobs.MISREADINGS else cap
        k = REPEAT_CAP
        if _units(text):
            k = min(k, room // _units(text))
        parts, life = _parts(other, x_value or 0)
        if parts or life:
            b = board(data)
            for kind, n, fj in parts:
                k = min(k, b.available(kind, json.loads(fj)) // n)
            if life:
                k = min(k, b.life_total // life)
        return k

    out: list[Priced] = []
    for cast, cost_text, cast_other in methods:
        per_optional = []
        for name, text, oth, counted in optional_costs:
            setting = _optional_setting(play, name)
            choices = _choices(setting, counted,
                               bound(text, oth, name) if counted and setting == "auto" else 0)
            if name in any_parts and "count_any_capped_at_one" in knobs.MISREADINGS:
                choices = [(min(n, 1), auto) for n, auto in choices]
            per_optional.append(choices)
        for picks in itertools.product(*per_optional):
            symbols: list[Symbol] = list(parse_symbols(cost_text))
            other: list[Any] = list(cast_other)
            benefit = 0
            buyback = False
            chosen: list[tuple[str, int]] = []
            for (name, text, oth, _), (n, auto) in zip(optional_costs, picks):
                buyback = buyback or (name == "buyback" and n > 0)
                if name in any_parts:
                    # N objects; the cost (its mana, its other parts) is paid once when N > 0.
                    if n:
                        symbols += parse_symbols(text)
                        other += with_count(oth, n)
                else:
                    symbols += parse_symbols(text) * n
                    other += oth * n
                if n:
                    chosen.append((name, n))
                if auto:
                    base_name = name.split(".")[0]
                    benefit += int(benefits.get(name, benefits.get(base_name, 0))) * n
            for text, oth in mandatory:
                symbols += parse_symbols(text)
                other += oth
            for inc in increases:
                symbols += inc
            x_count = sum(1 for s in symbols if s[0] == "x")
            uses_x = bool(x_count) or any(is_x_life(item) for item in other)
            # 107.3b: X is 0 when a card with {X} in its mana cost is cast paying neither its
            # mana cost nor an alternative cost that includes X (without paying it, evoke or
            # flashback with no {X} and no X life of its own: no X life either, docs/mtg-format.md's
            # Bond of Agony; a flashback cost with "pay X life" keeps X); a card whose
            # X is only in a non-mana cost (Toxic Deluge) still announces its X.
            x = (0 if cast != "normal" and mana_cost_has_x(card)
                 and not any(s[0] == "x" for s in parse_symbols(cost_text))
                 and not any(is_x_life(item) for item in cast_other) else x_value)
            if uses_x and x is None:
                continue
            fixed = ZERO
            if x_count:
                fixed = vec_add(fixed, {"generic": x_count * int(x or 0)})
            parts, life_costs = _parts(other, x)
            paid_here = reductions if not any_parts else reductions_for(
                {name: n for name, n in chosen if name in any_parts})
            paid_here = paid_here + [_reduction(data, you, g["reduction"], holder)
                                     for name, n in chosen if name in offered
                                     for g, holder in [offered[name]] if "reduction" in g]
            for mana, life in _announced(fixed, life_costs, symbols):
                # 601.2f: reductions in every order the player may choose; floors last.
                for v in sorted(_reduced(mana, paid_here, floors)):
                    out.append(Priced(cast, x if uses_x else None, v, life, tuple(parts),
                                      benefit, buyback, tuple(chosen)))
    return out, []


def any_costs(card: dict[str, Any]) -> dict[str, tuple[int, str, Any]]:
    """Each optional additional cost (no `mandatory: true`) with a `count: any`
    part: id -> (the part's index in `other`, its kind, its filter). The player chooses how many
    objects it takes (0 or more, at most what matches); 0 is the cost not paid, N > 0 pays the
    cost once with N objects (its mana and other parts once). A kind without a filter, or two
    such parts in one cost, is a bad scenario."""
    out: dict[str, tuple[int, str, Any]] = {}
    for add in card.get("additional") or []:
        for i, item in enumerate(add.get("other") or []):
            if not (isinstance(item, dict) and len(item) == 1):
                continue
            (kind, body), = item.items()
            if not (isinstance(body, dict) and body.get("count") == "any"):
                continue
            if add.get("mandatory", False):
                raise BadScenario(f"count: any in the mandatory cost {add.get('id')}")
            if kind not in ("sacrifice", "exile_from_graveyard", "exile_from_hand", "tap_untapped",
                            "return_to_hand"):
                raise BadScenario(f"count: any on {kind}")
            if str(add["id"]) in out:
                raise BadScenario(f"two count: any parts in {add['id']}")
            out[str(add["id"])] = (i, str(kind), body.get("filter"))
    return out


def with_count(other: list[Any], n: int) -> list[Any]:
    """An `other` list with its `count: any` part taking `n` objects."""
    out: list[Any] = []
    for item in other:
        (kind, body), = item.items()
        if isinstance(body, dict) and body.get("count") == "any":
            item = {kind: {**body, "count": n}}
        out.append(item)
    return out


def _check_per_paid(card: dict[str, Any], any_parts: dict[str, Any]) -> None:
    """`{per_paid: ID}` names an optional additional cost of the card with a `count: any` part."""
    for red in card.get("reductions") or []:
        amount = red.get("generic") if isinstance(red, dict) else None
        if isinstance(amount, dict) and "per_paid" in amount and str(amount["per_paid"]) not in any_parts:
            raise BadScenario(f"per_paid: {amount['per_paid']!r} names no count: any cost")


def mana_cost_has_x(card: dict[str, Any]) -> bool:
    return any(kind == "x" for kind, _ in parse_symbols(str(card.get("cost") or "")))


def commander_tax(obj: Obj) -> int:
    """903.8: a card cast from the command zone costs {2} more for each time it was cast from
    there before this game (`commander_casts`). An additional cost (601.2f): it goes in with the
    other additional costs, before increases, reductions (a generic reduction takes it off) and
    floors (Trinisphere counts it), whatever the method, "without paying its mana cost" included
    (118.9d); never for a cast from another zone, never for an ability (priced elsewhere)."""
    return 2 * obj.commander_casts if obj.zone == "command" else 0


def _announced(fixed: Vec, life: int, symbols: list[Symbol]) -> list[tuple[Vec, int]]:
    """601.2b: every (mana, life) the announcements of the symbols reach (X already in `fixed`),
    built symbol by symbol so that equal sums are one."""
    reached = {(fixed, life)}
    for s in symbols:
        if s[0] != "x":
            reached = {(vec_add(m, counts), life + extra) for m, life in reached
                       for counts, extra in announcements(s)}
    return sorted(reached)


def _priced_face_down(data: dict[str, Any], obj: Obj, card: dict[str, Any]
                      ) -> tuple[list[Priced], list[str]]:
    """702.37c / 708.4: a card with morph cast face down from the hand, a 2/2 creature spell
    with no name, colors or mana cost for {3} (an alternative cost, 118.9): sorcery timing, no
    kicker or other additional cost (it has no abilities), the grants that match such a spell
    (its increases, reductions, floors)."""
    state = data.get("state") or {}
    if card.get("morph") is None:
        return [], ["face_down: the card has no morph"]
    if obj.zone != "hand":
        return [], [f"face_down: cast from the hand only, not the {obj.zone}"]
    if not _sorcery_speed(state):
        return [], ["timing: a face-down spell is cast at sorcery speed"]
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    face = dict(FACE_DOWN_SPELL)
    grants = _grants(data, you, opp, face, obj.id, "", obj)
    symbols: list[Symbol] = list(parse_symbols(FACE_DOWN_COST))
    for kind, g, _ in grants:
        if kind == "increase":
            symbols += parse_symbols(g) if isinstance(g, str) else parse_symbols(g.get("mana", ""))
    reductions = [_reduction(data, you, g, holder) for kind, g, holder in grants if kind == "reduction"]
    floors = [int(g) for kind, g, _ in grants if kind == "at_least"]
    out: list[Priced] = []
    for mana, life in _announced(ZERO, 0, symbols):
        for v in sorted(_reduced(mana, reductions, floors)):
            out.append(Priced("face_down", None, v, life, (), 0))
    return out, []


def _priced_face_up(data: dict[str, Any], obj: Obj, x_value: int | None) -> tuple[list[Priced], list[str]]:
    """116.2b / 702.37e: turning a face-down permanent of yours face up, a special action at any
    time, for its morph cost: no cost changer applies (neither a spell nor an ability)."""
    morph = morph_card(data, obj).get("morph")
    if obj.zone != "battlefield" or morph is None:
        return [], [f"turn_face_up: {obj.id} is no face-down permanent of yours with morph"]
    symbols = list(parse_symbols(morph))
    x_count = sum(1 for s in symbols if s[0] == "x")
    if x_count and x_value is None:
        return [], []
    fixed = vec_add(ZERO, {"generic": x_count * int(x_value or 0)}) if x_count else ZERO
    out = [Priced("turn_face_up", x_value if x_count else None, mana, life, (), 0)
           for mana, life in _announced(fixed, 0, symbols)]
    return out, []


def _priced_ability(data: dict[str, Any], obj: Obj, x_value: int | None) -> tuple[list[Priced], list[str]]:
    """Every total an activated ability's cost can have (602.2b: announce, then 601.2b-f)."""
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    ab = ability_of(data, obj)
    if obj.zone != ab["_zone"]:
        return [], [f"the ability is activated from the {ab['_zone']}, not the {obj.zone}"]
    why = _loyalty_illegal(data, obj, ab)
    if why:
        return [], [why]
    if (ab["_sorcery"] or ab["_loyalty"] is not None) and not _sorcery_speed(state):
        return [], ["timing: activate only as a sorcery"]
    if ab["_taps"] and (obj.zone != "battlefield" or obj.tapped
                        or (obj.sick and "creature" in ab["types"])):
        return [], ["{T}: tapped, or a summoning-sick creature (302.6)"]
    grants = _grants(data, you, opp, ab, obj.id, obj.card, obj)
    increases = [parse_symbols(g) if isinstance(g, str) else parse_symbols(g.get("mana", ""))
                 for kind, g, _ in grants if kind == "increase"]
    reductions = [_reduction(data, you, g, holder) for kind, g, holder in grants if kind == "reduction"]
    floors = [int(g) for kind, g, _ in grants if kind == "at_least"]
    symbols: list[Symbol] = list(parse_symbols(ab["cost"]))
    for inc in increases:
        symbols += inc
    x_count = sum(1 for s in symbols if s[0] == "x")
    uses_x = bool(x_count) or any(is_x_life(item) for item in ab["_other"])
    if uses_x and x_value is None:
        return [], []
    fixed = vec_add(ZERO, {"generic": x_count * int(x_value or 0)}) if x_count else ZERO
    parts, life_costs = _parts(ab["_other"], x_value)
    out: list[Priced] = []
    seen: set[tuple[Vec, int]] = set()
    for mana, life in _announced(fixed, life_costs, symbols):
        for v in sorted(_reduced(mana, reductions, floors)):
            if (v, life) in seen:
                continue
            seen.add((v, life))
            out.append(Priced("ability", x_value if uses_x else None, v, life, tuple(parts), 0))
    return out, []


def _x_life_anywhere(data: dict[str, Any]) -> bool:
    """Whether some `other` list of the played card (or the ability's costs) holds `{pay_life:
    X}`: the play then announces an X."""
    obj = _find(data)
    if "turn_face_up" in data["play"] or data["play"].get("cast") == "face_down":
        return False
    if "ability" in data["play"]:
        return any(is_x_life(item) for item in ability_of(data, obj)["_other"])
    card = data["cards"][obj.card]
    others: list[Any] = []
    for key in ("flashback", "multikicker", "replicate", "buyback"):
        if card.get(key) is not None:
            others += _full(card[key])[1]
    for k in _as_list(card["kicker"]) if card.get("kicker") is not None else []:
        others += _full(k)[1]
    for a in (card.get("alternative") or []) + (card.get("additional") or []):
        others += list(a.get("other") or [])
    return any(is_x_life(item) for item in others)


def _cost_texts(data: dict[str, Any]) -> list[str]:
    """Every mana text of the played card or ability that a cast could pay (for X)."""
    obj = _find(data)
    if "turn_face_up" in data["play"]:
        return [str(morph_card(data, obj).get("morph") or "")]
    if data["play"].get("cast") == "face_down":
        return [FACE_DOWN_COST]
    if "ability" in data["play"]:
        return [ability_of(data, obj)["cost"]]
    card = data["cards"][obj.card]
    texts = [str(card.get("cost") or "")]
    for key in ("flashback", "multikicker", "replicate", "buyback"):
        if card.get(key) is not None:
            texts.append(_full(card[key])[0])
    texts += [_full(k)[0] for k in (_as_list(card["kicker"]) if card.get("kicker") is not None else [])]
    texts += [str(a.get("cost") or "")
              for a in (card.get("alternative") or []) + (card.get("additional") or [])]
    return texts
