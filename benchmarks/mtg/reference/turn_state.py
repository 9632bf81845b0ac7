"""The state a `mtg/1` turn move leaves, for the turn brute force (`turn.py`), on raw data.

Written from the turn format (docs/turns.md) and the comprehensive rules, apart from payplan's
planner: what paid is tapped, sacrificed (to the graveyard; a token ceases to exist, 111.7),
returned, discarded, exiled, milled; counters removed or put on (a loyalty ability, 606.4); the
pool left, restricted mana apart (106.6), its snow part apart (107.4h); then a cast uses the
effects of `state.you.effects` that reach it, goes to its destination and its card's `effect`
resolves in order (608.2): `adds`, `tokens`, `untap`, `grants`. States are canonical JSON
(`key`).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any, Iterator

from . import objects
from .activation import Activation
from .mana import MANA, parse_symbols

ZONES = ("hand", "graveyard", "exile", "command", "battlefield")
# What an object has only on the battlefield: it is a new object elsewhere (400.7).
BATTLEFIELD_ONLY = ("counters", "loyalty_activated", "attacking", "chosen_type", "attached_to",
                    "face_down")


def read_effects(raw: list[Any]) -> list[dict[str, Any]]:
    """`state.you.effects` written out: {id, reduction, applies_to, uses}; a missing id is
    effectN (N the entry's position, 1-based, or the least free number when that is taken)."""
    given = {str(e["id"]) for e in raw if e.get("id") is not None}
    out = []
    for i, e in enumerate(raw):
        eid = e.get("id")
        if eid is None:
            eid = f"effect{i + 1}" if f"effect{i + 1}" not in given else _fresh(given, "effect")
            given.add(eid)
        out.append({"id": str(eid), "reduction": e["reduction"],
                    "applies_to": e.get("applies_to") or {}, "uses": e.get("uses", 1)})
    return out


def pool_of(text: str) -> tuple[int, ...]:
    pool = [0] * 6
    for kind, arg in parse_symbols(text):
        if kind != "mana":
            raise objects.BadScenario("a mana pool holds plain mana")
        pool[MANA.index(arg)] += 1
    return tuple(pool)


def pool_text(pool: tuple[int, ...]) -> str:
    return "".join(f"{{{c}}}" * pool[i] for i, c in enumerate(MANA))


@dataclass(frozen=True, slots=True)
class Candidate:
    key: str                    # the object id, or OBJECT.ABILITY
    kind: str                   # cast | land | ability
    object: str
    zone: str
    ability: str | None = None


def state_key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def effect_reaches(cards: dict[str, Any], effect: dict[str, Any], card_id: str, oid: str) -> bool:
    return objects.matches(cards[card_id], effect.get("applies_to") or {}, oid, card_id)


Restricted = tuple[tuple[str, str], ...]     # restricted mana: (only_for filter JSON, color), sorted


def _token(cards: dict[str, Any], card: str) -> bool:
    return "token" in (cards[card].get("tags") or [])


def apply(here: dict[str, Any], c: Candidate, tapped: set[str], removed: dict[str, str],
          lost: dict[str, str], exiled: set[str], mill: int, life: int, left: tuple[int, ...],
          dest: str | None, change: dict[str, dict[str, int]] | None = None,
          loyalty_used: bool = False, untap_choice: set[str] | None = None,
          opp_untapped: set[str] | None = None, restricted: Restricted = (),
          snow: tuple[int, ...] = ()) -> list[str]:
    """Each state after a cast or an ability resolves, as canonical JSON (608.2n, 601.2h):
    `removed` battlefield ids (sacrifice | return_to_hand), `lost` hand ids (discard |
    exile_from_hand), `exiled` graveyard ids, the pool `left` (W U B R G C), the counters
    `change`d, `snow` the part of `left` snow sources made (`snow_pool`); a cast uses the
    effects that reach it, goes to `dest`, then its card's
    `effect` resolves (`_resolution`: one state per choice of the permanents it untaps, or
    `untap_choice`'s)."""
    cards = here["cards"]
    state = dict(here["state"])             # object dicts are never changed in place: new
    you = dict(state["you"])                # ones replace them
    state["you"] = you
    if opp_untapped:
        opp = dict(state["opponent"])
        opp["battlefield"] = [{**o, "tapped": False}
                              if isinstance(o, dict) and str(o.get("id")) in opp_untapped else o
                              for o in opp["battlefield"]]
        state["opponent"] = opp
    moved: dict[str, list[dict[str, Any]]] = {z: [] for z in ZONES}
    card_obj: dict[str, Any] | None = None
    if c.kind == "cast":
        zone, card_obj = _obj(here, c.object)
        you[zone] = [o for o in you[zone] if o["id"] != c.object]
    battlefield = []
    for o in you["battlefield"]:
        o = _counted(o, (change or {}).get(o["id"]))
        if loyalty_used and o["id"] == c.object:
            o = {**o, "loyalty_activated": True}
        if o["id"] in removed:
            if not _token(cards, o["card"]):
                to = "graveyard" if removed[o["id"]] == "sacrifice" else "hand"
                moved[to].append({**{k: v for k, v in o.items() if k not in BATTLEFIELD_ONLY},
                                  "tapped": False, "sick": False})
            continue
        battlefield.append({**o, "tapped": True} if o["id"] in tapped else o)
    you["battlefield"] = battlefield
    hand = []
    for o in you["hand"]:
        if o["id"] in lost:
            moved["graveyard" if lost[o["id"]] == "discard" else "exile"].append(o)
            continue
        hand.append(o)
    you["hand"] = hand
    grave = []
    for o in you["graveyard"]:
        if o["id"] in exiled:
            moved["exile"].append(o)
            continue
        grave.append(o)
    you["graveyard"] = grave
    for zone, objs in moved.items():
        you[zone] = you[zone] + objs
    _milled(state, mill)
    you["mana_pool"] = pool_text(left)
    you.pop("snow_pool", None)
    if any(snow):
        you["snow_pool"] = pool_text(snow)
    you.pop("_restricted", None)
    if restricted:
        you["_restricted"] = [list(r) for r in restricted]
    you["life"] = int(you.get("life", 20)) - life
    you["library"] = int(you.get("library", 0)) - mill
    if card_obj is None:
        return [state_key(state)]
    _use_effects(cards, you, card_obj)
    if dest is not None:
        you[dest] = you[dest] + [{**card_obj, "tapped": False, "sick": dest == "battlefield"}]
    return _resolution(cards, state, cards[card_obj["card"]].get("effect") or {}, untap_choice)


def _milled(state: dict[str, Any], mill: int) -> None:
    """The cards milled (701.13a) leave the top of `library_top`, in order, for your graveyard,
    each a new object `CARD-milled` (`CARD-milled-N`, N from 2, when that id is taken), before
    the spell resolves; a card past what is known leaves the library unseen."""
    you = state["you"]
    top = list(you.get("library_top") or [])
    if not mill or not top:
        return
    for card_id in top[:mill]:
        used = _ids(state)
        oid = f"{card_id}-milled"
        n = 2
        while oid in used:
            oid, n = f"{card_id}-milled-{n}", n + 1
        you["graveyard"] = you["graveyard"] + [{"id": oid, "card": card_id, "tapped": False,
                                                "sick": False}]
    you["library_top"] = top[mill:]


def _use_effects(cards: dict[str, Any], you: dict[str, Any], card_obj: dict[str, Any]) -> None:
    """A spell an effect's `applies_to` matches uses it once as it is cast, whatever it took
    off: `uses` one less, gone at 0 (`uses: turn` stays)."""
    effects = []
    for e in you.get("effects") or []:
        if effect_reaches(cards, e, card_obj["card"], card_obj["id"]) and e["uses"] != "turn":
            if int(e["uses"]) <= 1:
                continue
            e = {**e, "uses": int(e["uses"]) - 1}
        effects.append(e)
    you.pop("effects", None)
    if effects:
        you["effects"] = effects


def _resolution(cards: dict[str, Any], state: dict[str, Any], effect: dict[str, Any],
                untap_choice: set[str] | None) -> list[str]:
    """608.2: the spell's `effect` in order: `adds` to the pool; `tokens` onto your battlefield
    (untapped, a creature token summoning sick; id CARD-token-N, N the least no object of
    either player has); `untap` up to N of your tapped permanents matching its filter (as many
    as there are, up to N: every choice of which); `grants` to the end of `state.you.effects`
    (id effectN, N the least free)."""
    you = state["you"]
    if effect.get("adds"):
        pool = list(pool_of(you["mana_pool"]))
        for _kind, arg in parse_symbols(str(effect["adds"])):
            pool[MANA.index(arg)] += 1
        you["mana_pool"] = pool_text(tuple(pool))
    for entry in effect.get("tokens") or []:
        card_id = str(entry["card"])
        for _ in range(int(entry.get("count", 1))):
            oid = _fresh(_ids(state), f"{card_id}-token-")
            sick = "creature" in (cards[card_id].get("types") or [])
            you["battlefield"] = you["battlefield"] + [
                {"id": oid, "card": card_id, "tapped": False, "sick": sick}]
    for g in effect.get("grants") or []:
        eid = _fresh({str(e["id"]) for e in you.get("effects") or []}, "effect")
        you["effects"] = list(you.get("effects") or []) + [
            {"id": eid, "reduction": g["reduction"], "applies_to": g.get("applies_to") or {},
             "uses": g.get("uses", 1)}]
    untap = effect.get("untap")
    if not untap:
        return [state_key(state)]
    flt = untap.get("filter") or {}
    tapped = [o["id"] for o in you["battlefield"]
              if o["tapped"] and objects.matches(cards[o["card"]], flt, o["id"], o["card"])]
    n = min(int(untap.get("count", 1)), len(tapped))
    picks = ([set(untap_choice)] if untap_choice is not None
             else [set(pick) for pick in itertools.combinations(tapped, n)])
    out = []
    for pick in picks:
        field_now = [{**o, "tapped": False} if o["id"] in pick else o for o in you["battlefield"]]
        out.append(state_key({**state, "you": {**you, "battlefield": field_now}}))
    return out


def _ids(state: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for side in ("you", "opponent"):
        player = state.get(side) or {}
        for zone in ZONES:
            for i, o in enumerate(player.get(zone) or []):
                if isinstance(o, dict):
                    out.add(str(o.get("id", f"{zone}[{i}]")))
    return out


def _fresh(used: set[str], prefix: str) -> str:
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def _counted(o: dict[str, Any], change: dict[str, int] | None) -> dict[str, Any]:
    """A battlefield object with its counters changed (a kind at 0 is gone, no kind left: no
    `counters`)."""
    if not change:
        return o
    have = dict(o.get("counters") or {})
    for kind, n in change.items():
        have[kind] = have.get(kind, 0) + n
    have = {k: n for k, n in sorted(have.items()) if n}
    out = {k: v for k, v in o.items() if k != "counters"}
    if have:
        out["counters"] = have
    return out

def _obj(data: dict[str, Any], oid: str) -> tuple[str, dict[str, Any]]:
    for zone in ZONES:
        for o in data["state"]["you"][zone]:
            if o["id"] == oid:
                return zone, o
    raise KeyError(oid)


# --- Snow (107.4h) -----------------------------------------------------------------------------

def snow_made(here: dict[str, Any], acts: list[Activation]) -> tuple[int, ...]:
    """The snow mana the payment may spend on {S} (107.4h): the pool's snow part (`snow_pool`)
    and what the mana abilities of snow permanents make (unrestricted)."""
    snow = list(pool_of(str(here["state"]["you"].get("snow_pool") or "")))
    for a in acts:
        if a.snow and a.restricted is None:
            for col in a.adds:
                snow[MANA.index(col)] += 1
    return tuple(snow)


def snow_takes(total: tuple[int, ...], plain: tuple[int, ...], snow: tuple[int, ...]
                ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every way to pay the total's {S} (its last slot) with snow mana of any type (107.4h:
    never convoke, delve or improvise): (the pool left for the rest, the snow mana left, the
    total without its {S})."""
    n = total[7] if len(total) > 7 else 0
    if not n:
        yield plain, snow, total
        return
    rest = total[:7] + (0,) + total[8:]
    caps = tuple(min(s, q) for s, q in zip(snow, plain))
    for take in sorted(set(takes(caps, list(range(6)), n))):
        used = tuple(c - t for c, t in zip(caps, take))
        yield (tuple(q - u for q, u in zip(plain, used)),
               tuple(s - u for s, u in zip(snow, used)), rest)


def snow_left(snow: tuple[int, ...], left: tuple[int, ...]) -> tuple[int, ...]:
    """The snow part of the pool left: of each type, the non-snow mana is spent first (snow
    mana can pay all that the other can, and {S} besides)."""
    return tuple(min(s, q) for s, q in zip(snow, left))


def takes(counts: tuple[int, ...], idxs: list[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every way to take n units from the slots `idxs` of `counts`."""
    if n == 0:
        yield counts
        return
    if not idxs or sum(counts[i] for i in idxs) < n:
        return
    i, rest = idxs[0], idxs[1:]
    for k in range(min(counts[i], n) + 1):
        yield from takes(counts[:i] + (counts[i] - k,) + counts[i + 1:], rest, n - k)
