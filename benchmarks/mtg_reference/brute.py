"""An independent brute force for `mtg/1` casts: the optimum by exhaustion.

Written from the contract (shared/spec/mtg-format.md), seed 003 and the comprehensive rules
(601.2b-h, 118, 107.3-4, 702), never from payplan's engine or planner. It reads the scenario's
raw data (the dict `yaml.safe_load` gives) and tries:

- every cast method the play allows (normal, each alternative id, flashback from the graveyard;
  `without_paying` only when the play names it), every optional count (kicker yes/no, multikicker
  and replicate 0..bound), every X (0..bound, or the one the play names);
- every announcement of every hybrid, mono-hybrid, Phyrexian and hybrid Phyrexian pip;
- every order of the reductions; the floors (Trinisphere) last;
- every plan of every permanent you control: each option of each mana ability (several colours,
  two mana, filter costs paid from other mana, Treasures, life), convoke with each of its
  colours, improvise, a tap cost, or nothing; every set of sacrificed, discarded, exiled, returned
  or delved objects; the pool.

Choices the spec leaves open, as this reference reads them (each also in a comment below):
- `cast: auto` compares normal, flashback and the card's alternative costs; "without paying its
  mana cost" needs an effect, so it is only tried when the play names it (X is then 0, 107.3b).
- Increases apply before the reductions (601.2f lists them first); a reduction's `minimum` is a
  floor on the whole mana of the cost at the time that reduction applies; floors go last.
- A colored reduction ({W} less) takes a {W} pip (an announced hybrid's W half included); when the
  cost has no {W} it reduces the generic part by one instead (118.7c as this reference reads it).
- An object tapped and removed by the same payment (a Treasure; a creature tapped for mana then
  sacrificed) is charged the removal once. Tapping is charged by the first of land, creature,
  artifact in the object's types, else `tap_other`.
- Mana abilities are activated in 601.2g, before costs are paid (601.2h): an object sacrificed to
  a mana ability can't also be tapped for convoke, improvise or a tap cost.
- A summoning-sick creature, a land creature included (302.6 restricts every creature's own
  {T} abilities, whatever its other types), can't use a {T} mana ability but can be tapped for
  convoke, improvise or a tap cost.
- Life: every point paid (Phyrexian, pay_life, a mana ability's life) comes out of one total that
  may reach exactly 0, never below.
- An activated ability (`play.ability`, a permanent's `abilities` entry, 602.2): its total is
  601.2f's with the grants whose `applies_to` says `ability: activated` (and no others, and no
  affinity); its {T} is a tap cost of that one object (so it can't also tap for mana, and a
  tapped or summoning-sick creature can't activate it), "sacrifice this" a sacrifice of it (it
  may tap for mana first, 601.2g before 601.2h); no convoke, delve or improvise; mana restricted
  with `ability: activated` pays abilities only, other restricted mana spells only.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Iterator

from .mana import (COLOR_NAMES, COLORS, MANA, SLOT, ZERO, Symbol, Vec, announcements,
                   parse_symbols, produced_options, vec_add, vec_text)

WEIGHTS = {"tap_land": 1, "tap_creature": 2, "tap_artifact": 1, "tap_other": 1, "sacrifice": 5,
           "discard": 4, "mill": 1, "exile_from_graveyard": 1, "exile_from_hand": 4, "life": 1,
           "return_to_hand": 3}
BENEFITS = {"kicker": 0, "buyback": 0}
MAX_COUNT = 4       # multikicker / replicate / repeated mana abilities under `auto`
X_CAP = 30          # x: auto never tries an X above this
# True lets a filter land pay its own cost with its own mana, which the rules forbid (the cost
# is paid on activation, before the mana exists): only to tell whether a disagreement with the
# planner is exactly that mistake (campaign --diagnose).
DIAGNOSE_SELF_PAYING_FILTERS = False


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


def _objects(player: dict[str, Any], zone: str, controller: str) -> list[Obj]:
    out = []
    for i, entry in enumerate(player.get(zone) or []):
        if isinstance(entry, str):
            entry = {"card": entry}
        prefix = "" if controller == "you" else "opponent."
        out.append(Obj(id=str(entry.get("id", f"{prefix}{zone}[{i}]")), card=str(entry["card"]),
                       zone=zone, controller=controller, tapped=bool(entry.get("tapped", False)),
                       sick=bool(entry.get("sick", False)),
                       value=None if entry.get("value") is None else int(entry["value"])))
    return out


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


def matches(card: dict[str, Any], flt: dict[str, Any] | None, card_id: str = "") -> bool:
    """A filter on a card: type (any of), not_type (none of), color (any of), tags (any of),
    card (its id). `controller` and `ability` are read by the grant code, not here."""
    if not flt:
        return True
    types = set(card.get("types") or [])
    if "type" in flt and not types & set(_as_list(flt["type"])):
        return False
    if "not_type" in flt and types & set(_as_list(flt["not_type"])):
        return False
    if "color" in flt:
        wanted = {COLOR_NAMES.get(str(c).lower(), str(c).upper()) for c in _as_list(flt["color"])}
        if not card_colors(card) & wanted:
            return False
    if "tags" in flt and not set(card.get("tags") or []) & set(_as_list(flt["tags"])):
        return False
    if "card" in flt and card_id not in _as_list(flt["card"]):
        return False
    if "object" in flt and card_id != flt["object"]:     # this reference's own key: {T} / "sacrifice
        return False                                     # this" of an activated ability's object
    return True


# --- Results -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    """The optimum in the spec's output terms. Where several plans tie on the objective and the
    total mana, every total / score / cast among them is listed (the planner may print any)."""
    status: str                                  # ok | unpayable | illegal
    score: int | None = None                     # the smallest score among the optimal plans
    objective: int | None = None
    totals: frozenset[tuple[str, int]] = frozenset()   # (total.mana canonical, total.life)
    scores: frozenset[int] = frozenset()
    casts: frozenset[str] = frozenset()
    destinations: frozenset[str | None] = frozenset()
    x: int | None = None
    reasons: tuple[str, ...] = ()
    plans_tried: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "objective": self.objective,
                "totals": sorted(self.totals), "scores": sorted(self.scores),
                "casts": sorted(self.casts), "destinations": sorted(self.destinations, key=str), "x": self.x, "reasons": list(self.reasons)}


@dataclass(slots=True)
class _Best:
    key: tuple[int, int, int] | None = None      # (-x, objective, total mana count)
    totals: set[tuple[str, int]] = field(default_factory=set)
    scores: set[int] = field(default_factory=set)
    casts: set[str] = field(default_factory=set)
    destinations: set[str | None] = field(default_factory=set)
    x: int | None = None
    objective: int | None = None

    def offer(self, key: tuple[int, int, int], total: tuple[str, int], score: int, cast: str,
              x: int | None, destination: str | None) -> None:
        if self.key is None or key < self.key:
            self.key, self.totals, self.scores, self.casts = key, set(), set(), set()
            self.destinations = set()
            self.x, self.objective = x, key[1]
        if key == self.key:
            self.totals.add(total)
            self.scores.add(score)
            self.casts.add(cast)
            self.destinations.add(destination)


# --- The cast: what the total cost can be (601.2b-f) -------------------------------------------

@dataclass(frozen=True, slots=True)
class Priced:
    cast: str
    x: int | None
    mana: Vec                   # after announcement, reductions and floors
    life: int                   # Phyrexian life + pay_life costs
    other: tuple[tuple[str, Any], ...]
    benefit: int
    buyback: bool = False


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


def _grants(data: dict[str, Any], you: list[Obj], opp: list[Obj], spell: dict[str, Any],
            spell_id: str) -> list[tuple[str, Any, Obj]]:
    """Every grant that applies to this spell: (kind, grant, granting object)."""
    cards = data["cards"]
    out = []
    for obj in you + opp:
        for grant in cards[obj.card].get("grants") or []:
            applies = dict(grant.get("applies_to") or {})
            controller = applies.pop("controller", "you")
            # `controller` is relative to the granting object's controller; the caster is `you`.
            caster_rel = "you" if obj.controller == "you" else "opponent"
            if controller != "any" and controller != caster_rel:
                continue
            # `ability: activated` grants change activated abilities' costs only, the others
            # spells' only (602.2b: an ability's total cost follows 601.2f).
            if (applies.pop("ability", None) is not None) != bool(spell.get("_ability")):
                continue
            if not matches(spell, applies, spell_id):
                continue
            for kind in ("increase", "reduction", "at_least"):
                if kind in grant:
                    out.append((kind, grant[kind], obj))
    return out


def _count(data: dict[str, Any], you: list[Obj], amount: Any) -> int:
    if isinstance(amount, dict):
        flt = amount.get("count", amount)
        return sum(1 for o in you if matches(data["cards"][o.card], flt, o.id))
    return int(amount)


def _reduction(data: dict[str, Any], you: list[Obj], red: Any) -> tuple[int, list[str], int]:
    """(generic amount, colored symbols, minimum) of one reduction."""
    if isinstance(red, str):
        amount, pips = 0, []
        for kind, arg in parse_symbols(red):
            if kind == "generic":
                amount += arg
            elif kind == "mana":
                pips.append(arg)
        return amount, pips, 0
    generic = _count(data, you, red.get("generic", 0))
    colored: list[str] = []
    for key, n in red.items():
        if isinstance(key, str) and key.upper() in MANA and key not in ("minimum",):
            colored += [key.upper()] * _count(data, you, n)
    if "mana" in red:
        g, c, _ = _reduction(data, you, str(red["mana"]))
        generic += g
        colored += c
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
    for c in colored:
        if room == 0:
            break
        if v[SLOT[c]] > 0:
            v[SLOT[c]] -= 1
            room -= 1
        elif v[0] > 0:                      # 118.7c as read here: no {c} pip, so {1} less
            v[0] -= 1
            room -= 1
    take = min(generic, v[0], room)
    v[0] -= take
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6])


def _methods(card: dict[str, Any], zone: str, requested: str) -> list[tuple[str, str, list[Any]]]:
    """(cast name, mana cost text, other costs) of each method the zone allows."""
    out: list[tuple[str, str, list[Any]]] = []
    if zone == "hand":
        out.append(("normal", card.get("cost") or "", []))
        for alt in card.get("alternative") or []:
            out.append((str(alt["id"]), alt.get("cost") or "", list(alt.get("other") or [])))
    if zone == "graveyard" and card.get("flashback") is not None:
        fb = card["flashback"]
        if isinstance(fb, dict):
            out.append(("flashback", fb.get("cost") or "", list(fb.get("other") or [])))
        else:
            out.append(("flashback", str(fb), []))
    if requested == "without_paying":
        # An effect lets the card be cast without paying its mana cost, from where it is.
        return [("without_paying", "", [])]
    if requested != "auto":
        return [m for m in out if m[0] == requested]
    return out


def _sorcery_speed_ok(state: dict[str, Any], card: dict[str, Any]) -> bool:
    types = set(card.get("types") or [])
    if "instant" in types or card.get("flash") or "flash" in (card.get("keywords") or []):
        return True
    return bool(state.get("phase", "main") == "main" and state.get("turn", "you") == "you"
                and state.get("stack", "empty") == "empty")


def priced_casts(data: dict[str, Any], x_value: int | None) -> tuple[list[Priced], list[str]]:
    """Every total cost the cast can have with X = x_value (None: the card's X is not asked)."""
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
    if "land" in (card.get("types") or []):
        return [], ["a land is played, not cast"]
    if play.get("from") is not None and play["from"] != obj.zone:
        return [], [f"{obj.id} is in the {obj.zone}, not the {play['from']}"]
    if not _sorcery_speed_ok(state, card):
        return [], ["timing: not sorcery speed"]
    requested = str(play.get("cast", "auto"))
    methods = _methods(card, obj.zone, requested)
    if not methods:
        return [], [f"no way to cast it from the {obj.zone} ({requested})"]

    grants = _grants(data, you, opp, card, obj.id)
    increases = [parse_symbols(g) if isinstance(g, str) else parse_symbols(g.get("mana", ""))
                 for kind, g, _ in grants if kind == "increase"]
    reductions = [_reduction(data, you, g) for kind, g, _ in grants if kind == "reduction"]
    reductions += [_reduction(data, you, r) for r in card.get("reductions") or []]
    floors = [int(g) for kind, g, _ in grants if kind == "at_least"]

    # Additional costs (601.2b, 601.2f): (name, symbols per copy, other per copy, counted?)
    optional_costs: list[tuple[str, str, list[Any], bool]] = []
    for i, k in enumerate(_as_list(card["kicker"]) if card.get("kicker") is not None else []):
        optional_costs.append(("kicker" if i == 0 else f"kicker.{i}", str(k), [], False))
    if card.get("multikicker") is not None:
        optional_costs.append(("multikicker", str(card["multikicker"]), [], True))
    if card.get("replicate") is not None:
        optional_costs.append(("replicate", str(card["replicate"]), [], True))
    if card.get("buyback") is not None:
        optional_costs.append(("buyback", str(card["buyback"]), [], False))
    mandatory: list[tuple[str, list[Any]]] = []
    for add in card.get("additional") or []:
        if add.get("mandatory", False):
            mandatory.append((add.get("cost") or "", list(add.get("other") or [])))
        else:
            optional_costs.append((str(add["id"]), add.get("cost") or "", list(add.get("other") or []), False))
    benefits = {**BENEFITS, **((data.get("objective") or {}).get("benefits") or {})}

    out: list[Priced] = []
    for cast, cost_text, cast_other in methods:
        per_optional = [_choices(_optional_setting(play, name), counted, MAX_COUNT)
                        for name, _, _, counted in optional_costs]
        for picks in itertools.product(*per_optional):
            symbols: list[Symbol] = list(parse_symbols(cost_text))
            other: list[Any] = list(cast_other)
            benefit = 0
            buyback = False
            for (name, text, oth, _), (n, auto) in zip(optional_costs, picks):
                buyback = buyback or (name == "buyback" and n > 0)
                symbols += parse_symbols(text) * n
                other += oth * n
                if auto:
                    base_name = name.split(".")[0]
                    benefit += int(benefits.get(name, benefits.get(base_name, 0))) * n
            for text, oth in mandatory:
                symbols += parse_symbols(text)
                other += oth
            for inc in increases:
                symbols += inc
            x_count = sum(1 for s in symbols if s[0] == "x")
            x = 0 if cast == "without_paying" else x_value   # 107.3b: X is 0 when not paying
            if x_count and x is None:
                continue
            fixed = ZERO
            if x_count:
                fixed = vec_add(fixed, {"generic": x_count * int(x or 0)})
            choices = [announcements(s) for s in symbols if s[0] != "x"]
            life_costs = sum(int(o["pay_life"]) for o in other if isinstance(o, dict) and "pay_life" in o)
            seen: set[tuple[Vec, int]] = set()
            for announced in itertools.product(*choices):
                mana, life = fixed, life_costs
                for counts, life_part in announced:
                    mana = vec_add(mana, counts)
                    life += life_part
                if (mana, life) in seen:
                    continue
                seen.add((mana, life))
                # 601.2f: reductions in every order the player may choose; floors last.
                for v in _reduced(mana, reductions, floors):
                    out.append(Priced(cast, x if x_count else None, v, life,
                                      tuple(_other_items(other)), benefit, buyback))
    return out, []


def ability_of(data: dict[str, Any], obj: Obj) -> dict[str, Any]:
    """The activated ability the play names, as a pseudo-spell: the source's types, colors and
    tags (what grants filter on), its `costs` split into mana text, {T}, "sacrifice this" and
    the other parts, and `_ability` set (no convoke, delve or improvise: those are spells')."""
    card = data["cards"][obj.card]
    wanted = str(data["play"]["ability"]["id"])
    ability = next(a for a in card.get("abilities") or [] if str(a.get("id")) == wanted)
    mana, other, taps, sac = "", [], False, False
    for c in ability.get("costs") or []:
        if isinstance(c, str) and c.startswith("{"):
            mana += c
        elif c == "tap":
            taps = True
        elif c == "sacrifice_self":
            sac = True
        else:
            other.append(c)
    if taps:
        other.append({"tap_untapped": {"count": 1, "filter": {"object": obj.id}}})
    if sac:
        other.append({"sacrifice": {"count": 1, "filter": {"object": obj.id}}})
    colors = sorted(card_colors(card))
    return {"types": list(card.get("types") or []), "tags": list(card.get("tags") or []),
            "colors": colors, "cost": mana, "_other": other, "_taps": taps,
            "_sorcery": ability.get("timing") == "sorcery", "_ability": True}


def _priced_ability(data: dict[str, Any], obj: Obj, x_value: int | None) -> tuple[list[Priced], list[str]]:
    """Every total an activated ability's cost can have (602.2b: announce, then 601.2b-f)."""
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    ab = ability_of(data, obj)
    if obj.zone != "battlefield":
        return [], ["an activated ability is played from the battlefield"]
    if ab["_sorcery"] and not (state.get("phase", "main") == "main" and state.get("turn", "you") == "you"
                               and state.get("stack", "empty") == "empty"):
        return [], ["timing: activate only as a sorcery"]
    if ab["_taps"] and (obj.tapped or (obj.sick and "creature" in ab["types"])):
        return [], ["{T}: tapped, or a summoning-sick creature (302.6)"]
    grants = _grants(data, you, opp, ab, obj.id)
    increases = [parse_symbols(g) if isinstance(g, str) else parse_symbols(g.get("mana", ""))
                 for kind, g, _ in grants if kind == "increase"]
    reductions = [_reduction(data, you, g) for kind, g, _ in grants if kind == "reduction"]
    floors = [int(g) for kind, g, _ in grants if kind == "at_least"]
    symbols: list[Symbol] = list(parse_symbols(ab["cost"]))
    for inc in increases:
        symbols += inc
    x_count = sum(1 for s in symbols if s[0] == "x")
    if x_count and x_value is None:
        return [], []
    fixed = vec_add(ZERO, {"generic": x_count * int(x_value or 0)}) if x_count else ZERO
    life_costs = sum(int(o["pay_life"]) for o in ab["_other"] if isinstance(o, dict) and "pay_life" in o)
    out: list[Priced] = []
    seen: set[tuple[Vec, int]] = set()
    for announced in itertools.product(*[announcements(s) for s in symbols if s[0] != "x"]):
        mana, life = fixed, life_costs
        for counts, life_part in announced:
            mana = vec_add(mana, counts)
            life += life_part
        for v in _reduced(mana, reductions, floors):
            if (v, life) in seen:
                continue
            seen.add((v, life))
            out.append(Priced("ability", x_value if x_count else None, v, life,
                              tuple(_other_items(ab["_other"])), 0))
    return out, []


def _other_items(other: list[Any]) -> Iterator[tuple[str, Any]]:
    for o in other:
        if isinstance(o, dict):
            for k, v in o.items():
                if k != "pay_life":
                    yield (k, _freeze(v))


def _freeze(v: Any) -> Any:
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple) and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in v):
        return {k: _thaw(x) for k, x in v}
    return v


def _find(data: dict[str, Any]) -> Obj:
    state = data.get("state") or {}
    you_p = state.get("you") or {}
    play = data["play"]
    objects = [o for zone in ("hand", "graveyard", "exile", "battlefield", "command")
               for o in _objects(you_p, zone, "you")]
    if "ability" in play:
        for o in objects:
            if o.id == str(play["ability"]["object"]):
                return o
        raise BadScenario("play.ability.object: no such object")
    if "object" in play:
        for o in objects:
            if o.id == str(play["object"]):
                return o
        raise BadScenario(f"play.object: no object {play['object']!r}")
    for o in objects:
        if o.card == play.get("card"):
            return o
    raise BadScenario("play: names no object")


# --- The payment (601.2g-h) --------------------------------------------------------------------

def _tap_weight(card: dict[str, Any], w: dict[str, int]) -> int:
    types = set(card.get("types") or [])
    for t in ("land", "creature", "artifact"):
        if t in types:
            return w[f"tap_{t}"]
    return w["tap_other"]


@dataclass(frozen=True, slots=True)
class Activation:
    ability: int
    adds: tuple[str, ...]
    taps: bool
    sac_self: bool
    life: int
    mana_cost: tuple[Symbol, ...]            # paid from other mana (a filter land)
    sacrifice: tuple[tuple[int, Any], ...]   # sacrifice other objects: (count, filter)
    restricted: Any                          # only_for filter or None


def _activations(card: dict[str, Any]) -> list[Activation]:
    out = []
    for i, ability in enumerate(card.get("mana") or []):
        costs = ability.get("costs", ["tap"])
        taps = "tap" in costs
        sac_self = "sacrifice_self" in costs
        life = 0
        mana_cost: list[Symbol] = []
        sacrifice: list[tuple[int, Any]] = []
        for c in costs:
            if isinstance(c, str) and c.startswith("{"):
                mana_cost += parse_symbols(c)
            elif isinstance(c, dict) and "pay_life" in c:
                life += int(c["pay_life"])
            elif isinstance(c, dict) and "sacrifice" in c:
                s = c["sacrifice"]
                sacrifice.append((int(s.get("count", 1)), s.get("filter")))
        for adds in produced_options(ability["adds"]):
            out.append(Activation(i, adds, taps, sac_self, life, tuple(mana_cost),
                                  tuple(sacrifice), ability.get("only_for")))
    return out


def _pay_mana_cost(pool: list[int], cost: tuple[Symbol, ...]) -> Iterator[list[int]]:
    """Every pool left after paying a mana ability's own cost from unrestricted mana."""
    if not cost:
        yield pool
        return
    (kind, arg), rest = cost[0], cost[1:]
    if kind == "generic":
        if arg == 0:
            yield from _pay_mana_cost(pool, rest)
            return
        for i in range(6):
            if pool[i] > 0:
                p = pool.copy()
                p[i] -= 1
                yield from _pay_mana_cost(p, (("generic", arg - 1),) + rest)
        return
    options = {"mana": lambda a: [a], "hybrid": lambda a: list(a), "phyrexian": lambda a: [a],
               "hphyrexian": lambda a: list(a), "mono": lambda a: [a[1]]}[kind](arg)
    for c in options:
        i = MANA.index(c)
        if pool[i] > 0:
            p = pool.copy()
            p[i] -= 1
            yield from _pay_mana_cost(p, rest)


def _can_pay(total: Vec, pool: list[int], filters: list[Activation], restricted: list[int],
             convoke: list[int], generic_only: int) -> bool:
    """Filter abilities in some order, each paid from mana already made (601.2g), then the
    total from what is left (601.2h)."""
    if filters:
        for k, f in enumerate(filters):
            rest = filters[:k] + filters[k + 1:]
            start = pool.copy()
            if DIAGNOSE_SELF_PAYING_FILTERS:          # a wrong reading, for diagnosis only
                for c in f.adds:
                    start[MANA.index(c)] += 1
            for p in _pay_mana_cost(start, f.mana_cost):
                p = p.copy()
                for c in f.adds if not DIAGNOSE_SELF_PAYING_FILTERS else ():
                    p[MANA.index(c)] += 1
                if _can_pay(total, p, rest, restricted, convoke, generic_only):
                    return True
        return False
    have = [pool[i] + restricted[i] for i in range(6)]
    for i in range(5):                      # colored pips: that color's mana or convoke creature
        if have[i] + convoke[i] < total[i + 1]:
            return False
    if have[5] < total[6]:                  # {C} pips: colorless mana only
        return False
    left = sum(have) + sum(convoke) + generic_only - sum(total[1:])
    return left >= total[0]


@dataclass(frozen=True, slots=True)
class _Use:
    """One object's part in a payment: at most one use that taps it, plus activations of its
    mana abilities that neither tap it nor sacrifice it (an altar), each any number of times."""
    kind: str                    # none | mana | convoke | improvise | tapcost
    act: Activation | None = None
    color: str | None = None     # convoke: the color it pays (None: {1})
    req: int = -1                # tapcost: which tap_untapped cost
    repeats: tuple[Activation, ...] = ()

    @property
    def acts(self) -> tuple[Activation, ...]:
        return ((self.act,) if self.act is not None else ()) + self.repeats


def _uses(obj: Obj, card: dict[str, Any], spell: dict[str, Any], tapcosts: list[tuple[int, Any]],
          cards: dict[str, Any]) -> list[_Use]:
    types = set(card.get("types") or [])
    sick = obj.sick and "creature" in types  # a land creature too (302.6: Dryad Arbor)
    once = [_Use("none")]
    free: list[Activation] = []
    for act in _activations(card):
        if not act.taps and not act.sac_self:
            free.append(act)
            continue
        if act.taps and (obj.tapped or sick):
            continue
        once.append(_Use("mana", act))
    if not obj.tapped:
        if spell.get("convoke") and "creature" in types:
            once.append(_Use("convoke"))
            for c in sorted(card_colors(card)):
                once.append(_Use("convoke", color=c))
        if spell.get("improvise") and "artifact" in types:
            once.append(_Use("improvise"))
        for i, (_, flt) in enumerate(tapcosts):
            if matches(card, flt, obj.id):
                once.append(_Use("tapcost", req=i))
    if not free:
        return once
    multisets = [m for k in range(MAX_COUNT + 1) for m in itertools.combinations_with_replacement(free, k)]
    return [_Use(u.kind, u.act, u.color, u.req, m) for u in once for m in multisets]


def _subsets(items: list[Any], k: int) -> Iterator[tuple[Any, ...]]:
    return itertools.combinations(items, k)


def solve(data: dict[str, Any]) -> Outcome:
    """The optimum of the cast in `data` by exhaustion."""
    cards = data["cards"]
    state = data.get("state") or {}
    you_p = state.get("you") or {}
    play = data["play"]
    obj = _find(data)
    spell = ability_of(data, obj) if "ability" in play else cards[obj.card]
    weights = {**WEIGHTS, **((data.get("objective") or {}).get("weights") or {})}
    life_total = int(you_p.get("life", 20))
    library = int(you_p.get("library", 0))
    battlefield = _objects(you_p, "battlefield", "you")
    hand = [o for o in _objects(you_p, "hand", "you") if o.id != obj.id]
    graveyard = [o for o in _objects(you_p, "graveyard", "you") if o.id != obj.id]
    pool0 = [0] * 6
    for kind, arg in parse_symbols(you_p.get("mana_pool") or ""):
        if kind != "mana":
            raise BadScenario("state.you.mana_pool: plain mana only")
        pool0[MANA.index(arg)] += 1

    has_x = any(s[0] == "x" for s in parse_symbols(spell.get("cost") or ""))
    has_x = has_x or any(s[0] == "x" for a in spell.get("alternative") or []
                         for s in parse_symbols(a.get("cost") or ""))
    x_setting = play.get("x", "auto")
    best = _Best()
    tried = 0
    cache: dict[Any, list[tuple[int, int]]] = {}

    # Every unit of mana any payment could bring: a total above it can't be paid (each symbol of
    # the total takes one unit), so larger X need not be tried.
    potential = sum(pool0) + len(graveyard) * bool(spell.get("delve"))
    for o in battlefield:
        card = cards[o.card]
        acts = _activations(card)
        most = max([len(a.adds) * (1 if a.taps or a.sac_self else MAX_COUNT) for a in acts] + [0])
        potential += max(most, 1 if (spell.get("convoke") or spell.get("improvise")) else 0)

    def xs() -> list[int | None]:
        if not has_x:
            return [None]
        if x_setting == "auto":
            return list(range(X_CAP, -1, -1))
        return [int(x_setting)]

    reasons: list[str] = []
    priced_any = False
    for x in xs():
        priced, why = priced_casts(data, x)
        if why:
            return Outcome("illegal", reasons=tuple(why))
        priced_any = priced_any or bool(priced)
        for p in priced:
            if sum(p.mana) > potential:
                continue
            key = (p.mana, p.life, p.other, p.cast == "without_paying")
            if key not in cache:
                cache[key] = _payments(p, spell, obj, cards, battlefield, hand, graveyard, pool0,
                                       weights, life_total, library)
            tried += 1
            for score, _objects_used in cache[key]:
                # Under x: auto the largest X comes first; a named X is just the play's X.
                most_x = -(p.x or 0) if x_setting == "auto" else 0
                best.offer((most_x, score - p.benefit, sum(p.mana)),
                           (vec_text(p.mana), p.life), score, p.cast, p.x, _destination(spell, p))
        if best.key is not None and has_x and x_setting == "auto" and best.key[0] == -(x or 0):
            # X as large as any payment allows comes first: a payment at this X ends the search
            # (a method without X, found on the way, ranks as X = 0 and doesn't).
            break
    if best.key is None:
        if not priced_any:
            return Outcome("illegal", reasons=("no cast method",))
        return Outcome("unpayable", reasons=tuple(reasons) or ("no payment",), plans_tried=tried)
    return Outcome("ok", score=min(best.scores), objective=best.objective,
                   totals=frozenset(best.totals), scores=frozenset(best.scores),
                   casts=frozenset(best.casts), destinations=frozenset(best.destinations),
                   x=best.x, plans_tried=tried)


PERMANENT_TYPES = {"artifact", "creature", "enchantment", "planeswalker", "battle", "land"}


def _destination(spell: dict[str, Any], p: Priced) -> str | None:
    """Where the card goes when it resolves: flashback exiles it (702.34a), buyback returns
    it to hand (702.27a), a permanent spell enters the battlefield, others go to the graveyard."""
    if p.cast == "ability":
        return None                         # an ability moves no card (its costs may)
    if p.cast == "flashback":
        return "exile"
    if set(spell.get("types") or []) & PERMANENT_TYPES:
        return "battlefield"
    return "hand" if p.buyback else "graveyard"


def _payments(p: Priced, spell: dict[str, Any], cast_obj: Obj, cards: dict[str, Any],
              battlefield: list[Obj], hand: list[Obj], graveyard: list[Obj], pool0: list[int],
              weights: dict[str, int], life_total: int, library: int) -> list[tuple[int, int]]:
    """The best (score, objects used) of paying the total `p`: [] when it can't be paid."""
    other = [(k, _thaw(v)) for k, v in p.other]
    tapcosts: list[tuple[int, Any]] = []
    sacrifices: list[tuple[int, Any]] = []
    returns: list[tuple[int, Any]] = []
    discard = 0
    mill = 0
    hand_exiles: list[tuple[int, Any]] = []
    grave_exiles: list[tuple[int, Any]] = []
    for k, v in other:
        spec = v if isinstance(v, dict) else {"count": v}
        n, flt = int(spec.get("count", 1)), spec.get("filter")
        if k == "tap_untapped":
            tapcosts.append((n, flt))
        elif k == "sacrifice":
            sacrifices.append((n, flt))
        elif k == "return_to_hand":
            returns.append((n, flt))
        elif k == "discard":
            discard += n
        elif k == "mill":
            mill += n
        elif k == "exile_from_hand":
            hand_exiles.append((n, flt))
        elif k == "exile_from_graveyard":
            grave_exiles.append((n, flt))
        else:
            raise BadScenario(f"unknown cost {k!r}")
    if mill > library or p.life > life_total:
        return []
    fixed_score = mill * weights["mill"]

    # Hand costs share nothing with the rest of the payment (no card in hand pays mana), so
    # their cheapest choice is found apart and added: exact, as the sum of independent minima.
    hand_best = _hand_best(hand, cards, discard, hand_exiles, weights)
    if hand_best is None:
        return []

    def restricted_ok(flt: Any) -> bool:
        # Mana `only_for` abilities (`ability: activated` in its filter) pays abilities only;
        # other restricted mana pays spells only.
        rest = dict(flt or {})
        if (rest.pop("ability", None) is not None) != bool(spell.get("_ability")):
            return False
        return matches(spell, rest, cast_obj.id)

    uses = [_uses(o, cards[o.card], spell, tapcosts, cards) for o in battlefield]
    best: tuple[int, int] | None = None
    delve_sets = [()] if not spell.get("delve") else [
        s for k in range(len(graveyard) + 1) for s in _subsets(graveyard, k)]
    for plan in itertools.product(*uses):
        # tap costs: exactly the count each asks for
        if any(sum(1 for u in plan if u.kind == "tapcost" and u.req == i) != n
               for i, (n, _) in enumerate(tapcosts)):
            continue
        pool = pool0.copy()
        restricted = [0] * 6
        convoke = [0] * 5
        generic_only = 0
        filters: list[Activation] = []
        life = p.life
        gone_in_mana: set[str] = set()
        mana_sacrifices: list[tuple[int, Any]] = []
        for o, u in zip(battlefield, plan):
            for a in u.acts:
                life += a.life
                if a.sac_self:
                    gone_in_mana.add(o.id)
                mana_sacrifices += list(a.sacrifice)
                if a.mana_cost:
                    filters.append(a)
                elif a.restricted is not None:
                    if restricted_ok(a.restricted):
                        for c in a.adds:
                            restricted[MANA.index(c)] += 1
                else:
                    for c in a.adds:
                        pool[MANA.index(c)] += 1
            if u.kind == "convoke":
                if u.color is None:
                    generic_only += 1
                else:
                    convoke[COLORS.index(u.color)] += 1
            elif u.kind == "improvise":
                generic_only += 1
        if life > life_total:
            continue
        tapped_later = {o.id for o, u in zip(battlefield, plan) if u.kind in ("convoke", "improvise", "tapcost")}
        # Objects sacrificed to mana abilities (601.2g): not Treasures already gone, nor those
        # tapped in 601.2h.
        for mana_sac in _assign(battlefield, cards, mana_sacrifices, gone_in_mana | tapped_later):
            gone = gone_in_mana | set(mana_sac)
            for spell_sac in _assign(battlefield, cards, sacrifices, gone):
                removed = gone | set(spell_sac)
                for returned in _assign(battlefield, cards, returns, removed):
                    left = removed | set(returned)
                    for delved in delve_sets:
                        delved_ids = {d.id for d in delved}
                        free_grave = [g for g in graveyard if g.id not in delved_ids]
                        grave_pick = _grave_best(free_grave, cards, grave_exiles, weights)
                        if grave_pick is None:
                            continue
                        if not _can_pay(p.mana, pool, filters, restricted, convoke,
                                        generic_only + len(delved)):
                            continue
                        score = fixed_score + hand_best[0] + grave_pick[0] + life * weights["life"]
                        used = hand_best[1] + grave_pick[1] + len(delved) + len(left)
                        for d in delved:
                            score += d.value if d.value is not None else weights["exile_from_graveyard"]
                        for o, u in zip(battlefield, plan):
                            if o.id in left:      # removed (or returned): charged once
                                kind = "return_to_hand" if o.id in returned else "sacrifice"
                                score += o.value if o.value is not None else weights[kind]
                            elif u.kind != "none" and (u.kind != "mana" or (u.act and u.act.taps)):
                                score += _tap_weight(cards[o.card], weights)
                                used += 1
                            elif u.acts:
                                used += 1
                        cand = (score, used)
                        if best is None or cand < best:
                            best = cand
    return [] if best is None else [best]


def _assign(battlefield: list[Obj], cards: dict[str, Any], reqs: list[tuple[int, Any]],
            taken: set[str]) -> Iterator[tuple[str, ...]]:
    """Every way to pick distinct objects for each (count, filter), avoiding `taken`."""
    if not reqs:
        yield ()
        return
    (n, flt), rest = reqs[0], reqs[1:]
    eligible = [o.id for o in battlefield if o.id not in taken and matches(cards[o.card], flt, o.id)]
    for pick in itertools.combinations(eligible, n):
        for more in _assign(battlefield, cards, rest, taken | set(pick)):
            yield pick + more


def _hand_best(hand: list[Obj], cards: dict[str, Any], discard: int,
               exiles: list[tuple[int, Any]], w: dict[str, int]) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None
    ids = [o.id for o in hand]
    by_id = {o.id: o for o in hand}

    def exile_ways(reqs: list[tuple[int, Any]], taken: set[str]) -> Iterator[tuple[str, ...]]:
        if not reqs:
            yield ()
            return
        (n, flt), rest = reqs[0], reqs[1:]
        eligible = [i for i in ids if i not in taken and matches(cards[by_id[i].card], flt, i)]
        for pick in itertools.combinations(eligible, n):
            for more in exile_ways(rest, taken | set(pick)):
                yield pick + more

    for exiled in exile_ways(exiles, set()):
        rest = [i for i in ids if i not in exiled]
        for discarded in itertools.combinations(rest, discard):
            s = sum(_charge(by_id[i], w["exile_from_hand"]) for i in exiled)
            s += sum(_charge(by_id[i], w["discard"]) for i in discarded)
            cand = (s, len(exiled) + len(discarded))
            if best is None or cand < best:
                best = cand
    return best


def _grave_best(grave: list[Obj], cards: dict[str, Any], reqs: list[tuple[int, Any]],
                w: dict[str, int]) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None

    def ways(reqs: list[tuple[int, Any]], taken: set[str]) -> Iterator[tuple[Obj, ...]]:
        if not reqs:
            yield ()
            return
        (n, flt), rest = reqs[0], reqs[1:]
        eligible = [g for g in grave if g.id not in taken and matches(cards[g.card], flt, g.id)]
        for pick in itertools.combinations(eligible, n):
            for more in ways(rest, taken | {g.id for g in pick}):
                yield pick + more

    for picked in ways(reqs, set()):
        s = sum(_charge(g, w["exile_from_graveyard"]) for g in picked)
        cand = (s, len(picked))
        if best is None or cand < best:
            best = cand
    return best


def _charge(obj: Obj, weight: int) -> int:
    """What losing `obj` costs: its `value`, else the weight of the way it is lost."""
    return obj.value if obj.value is not None else weight
