"""An independent brute force for `mtg/1` casts: the optimum by exhaustion.

Written from the format's documentation (docs/mtg-format.md) and the comprehensive rules
(601.2b-h, 118, 107.3-4, 605, 702), never from payplan's engine or planner. It reads the
scenario's raw data (the dict `yaml.safe_load` gives) and tries:

- every cast method the play allows (normal, each alternative id, flashback from the graveyard;
  `without_paying` only when the play names it), every optional count (kicker yes/no, multikicker
  and replicate 0..bound), every X (0..bound, or the one the play names);
- every announcement of every hybrid, mono-hybrid, Phyrexian and hybrid Phyrexian pip;
- every order of the reductions; the floors (Trinisphere) last;
- every plan of every permanent you control: each option of each mana ability (several colours,
  two mana, filter costs paid from other mana, Treasures, life, every non-mana cost of the
  `other` forms), a mana ability that neither taps nor sacrifices its permanent (an altar,
  Seton's "tap an untapped Druid") as many times as its costs can be paid, convoke with each of
  its colours, improvise, a tap cost, or nothing; every set of tapped, sacrificed, discarded,
  exiled, returned or delved objects; the pool; every order of the mana abilities (601.2g).

Choices the spec leaves open, as this reference reads them (each also in a comment below):
- `cast: auto` compares normal, flashback and the card's alternative costs; "without paying its
  mana cost" needs an effect, so it is only tried when the play names it (X is then 0, 107.3b).
  A spell is cast from the hand or the command zone, by flashback from the graveyard, by an
  alternative cost from its `zone` (default hand and command), by `without_paying` from anywhere.
- Increases apply before the reductions (601.2f lists them first); a reduction's `minimum` is a
  floor on the whole mana of the cost at the time that reduction applies; floors go last.
- Escalate (`per_mode`) is paid for each mode beyond the first, spree (`modes`) for each chosen
  mode, strive (`per_target`) for each target beyond the first: additional costs, paid with any
  method (118.9d), "without paying its mana cost" included.
- The commander tax (903.8: {2} for each earlier cast from the command zone, the object's
  `commander_casts`) is an additional cost of a cast from the command zone, whatever the
  method, "without paying its mana cost" included (118.9d): reductions can take it off, floors
  count it. It doesn't change the mana value, and it is never added to an ability's cost.
- A colored reduction ({W} less) takes a {W} pip (an announced hybrid's W half included); when the
  cost has no {W} it reduces the generic part by one instead (118.7c as this reference reads it).
- An object tapped and removed by the same payment (a Treasure; a creature tapped for mana then
  sacrificed) is charged the removal once. Tapping is charged by the first of land, creature,
  artifact in the object's types, else `tap_other`, however it is tapped: its own {T}, convoke,
  improvise, a tap cost of the spell or of a mana ability ("tap an untapped creature").
- Mana abilities are activated in 601.2g, before costs are paid (601.2h), in an order the player
  chooses: an object sacrificed or returned by a mana ability can't also be tapped for convoke,
  improvise or a tap cost; it may tap for mana (or be tapped by a mana ability's cost) first; a
  filter's mana cost is paid from mana made before it (never its own), and restricted mana never
  pays a mana ability's cost.
- A summoning-sick creature, a land creature included (302.6 restricts every creature's own
  {T} abilities, whatever its other types), can't use a {T} mana ability but can be tapped for
  convoke, improvise or a tap cost (a mana ability's "tap an untapped creature" included).
- Life: every point paid (Phyrexian, pay_life, a mana ability's life) comes out of one total that
  may reach exactly 0, never below. Mill (the spell's and the mana abilities') is at most the
  library.
- Filters: `type`, `color`, `not_type` any/none of, `tags` all of, `name` the card's name (its id
  when it has none); the objects and spells a cost or a restriction reads are yours, so
  `controller: opponent` there matches nothing. A grant's `controller` is relative to its object.
- An activated ability (`play.ability`, a permanent's `abilities` entry, 602.2): its total is
  601.2f's with the grants whose `applies_to` says `ability: activated` (and no others, and no
  affinity), matched against its permanent's types, colors, tags and name; its {T} is a tap cost
  of that one object (so it can't also tap for mana, and a tapped or summoning-sick creature
  can't activate it), "sacrifice this" a sacrifice of it (it may tap for mana first, 601.2g
  before 601.2h); no convoke, delve or improvise; mana restricted with `ability: activated` pays
  abilities only, other restricted mana spells only.
- The keys payplan adds (docs/mtg-format.md, "Keys payplan adds to `mtg/1`"): a card's colors decide
  `multicolored` (two or more) and `colorless` (none); `attacking` is a battlefield object's
  state (a spell, or a card in another zone, is never attacking); `chosen_type: true` reads the
  type chosen by the permanent holding the filter (a grant's, a mana ability's), none chosen
  matching nothing; `turn: caster` is your turn (you cast everything here), `not_caster` the
  opponent's. `play.targets` is read once per distinct target; `you` / `opponent` are players,
  other entries objects of either player in any zone. A target filter holding `player`
  matches player targets only, any other (`{}` included) object targets only. Undocumented and
  read here as their words say (never drawn): `self: false` is any object but the granting
  permanent, `chosen_type: false` a card without the chosen type.
- Granted keywords (`keyword:`) are the spell's while cast (never an ability's); a granted
  `flashback: mana_cost` gives a card of yours in the graveyard with no flashback of its own
  flashback for its mana cost (exiled as it resolves).
- A permanent is tapped at most once and leaves the battlefield at most once, each cost its own:
  one of its abilities that tap or sacrifice it is activated once; two such abilities both only
  when one taps it without sacrificing it and the other sacrifices it without tapping it (Eye of
  Ramos: tapped for {U}, then sacrificed for {U}; a second {T} ability would find it tapped, a
  second sacrifice find it gone); plus any number of activations of its other mana abilities.
- X in a non-mana cost: `{pay_life: X}` in an `other` list (a way to cast's, a
  mandatory additional cost's, an activated ability's `costs`; never an optional cost's) pays
  the announced X in life; a play whose only X is there still
  announces X, and `x: auto` is the largest X payable (life to exactly 0; bounded by the life
  total, not by X_CAP). 107.3b sets X to 0 only when the card's mana cost has {X} and it is
  cast without paying it: Toxic Deluge cast without paying its mana cost still chooses X.
- Counted reductions. A reduction's color key takes `{count: FILTER}`
  (Khalni Hydra): your permanents matching FILTER, counted on the battlefield as the cast begins
  (a permanent sacrificed to pay changes nothing; on an opponent's permanent's grant, the
  opponent's permanents: "you control" is its controller, as for `generic: {count}`), a fixed
  colored reduction of that many
  afterwards (a pip of that color, an announced hybrid's half; beyond them {1} less each while
  generic mana is left, as a fixed one does here); in a grant's reduction too; never
  `count_targets` or `per_paid`. An optional additional cost with a `count: any` part
  (Torgaar's "sacrifice any number of creatures"): `optional: {ID: N}` takes N objects (`yes` 1,
  `no` 0; `auto` every N from 0 to what matches, each charged as any object the payment loses,
  its benefit B per object); N = 0 is the cost not paid, N > 0 pays its mana and its other parts
  once; a named N above what matches leaves no payment (`unpayable`). `{per_paid: ID, each: N}`
  in the card's own reduction is N generic less per object ID took (0 unpaid), a generic
  reduction like any other (every order, its `minimum` its own, the floors after).
- Morph (702.37, 708): `play.cast: face_down` casts a card with `morph` from
  the hand as a 2/2 creature spell with no name, colors, tags, mana cost or abilities for {3}
  (an alternative cost), at sorcery speed whatever the card; no additional cost of the card,
  none of its own reductions; the grants that match such a spell apply (a creature-spell
  reduction does, a colored or named one doesn't); `cast: auto` never picks it. A battlefield
  object with `face_down: true` is that 2/2 for every reading (no mana abilities, no grants,
  colorless for counts and filters). `play.turn_face_up: ID` (116.2b, any time) pays the
  morph cost of your face-down permanent: no cost changer applies and no restricted mana pays
  it (a special action is neither a spell nor an ability).
"""

from __future__ import annotations

import itertools
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Iterator

from .mana import (
    COLOR_NAMES,
    COLORS,
    MANA,
    SLOT,
    ZERO,
    Symbol,
    Vec,
    announcements,
    parse_symbols,
    produced_options,
    vec_add,
    vec_text,
)

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

# Readings the rules forbid, each only to tell whether a disagreement with the planner is
# exactly that mistake (campaign --diagnose); never set otherwise.
# A filter land pays its own cost with its own mana (the cost is paid on activation, before the
# mana exists).
DIAGNOSE_SELF_PAYING_FILTERS = False
# A known wrong answer: a mana ability that neither taps nor sacrifices its permanent (an altar,
# Seton's "tap an untapped Druid") is activated at most once.
DIAGNOSE_ONCE_PER_ABILITY = False
# A known wrong answer: a creature tapped by a mana ability's cost ("tap an untapped creature")
# is charged nothing.
DIAGNOSE_FREE_MANA_TAPS = False
# Found by this reference: a mana ability's mill cost (it still may not mill more than the library)
# is charged nothing.
DIAGNOSE_FREE_MANA_MILL = False
# Found by this reference: a grant's `name` on activated abilities reads "NAME: ABILITY ID", not
# the name of the ability's permanent.
DIAGNOSE_ABILITY_STAND_IN_NAME = False
# Search shortcut (exact): equal activations of one object take their removals in one order
# only (`twins`). Off only in the test that checks it changes no answer.
TWIN_ORDER = True
# Wrong readings of the keys payplan adds, each set only by a test showing that generated casts tell
# it apart from the rules' (never otherwise), with `misreading(*names)`; the groups' names are
# listed beside their code (GROUP_A_MUTANTS, GROUP_B_MISREADINGS, GROUP_G1_MUTANTS, G2_MUTANTS).
MISREADINGS: frozenset[str] = frozenset()

# Counted reductions: `color_count_opponent` a colored reduction's
# count read on the opponent's permanents; `color_count_as_generic` a counted colored reduction
# taking generic mana; `per_paid_ignores_each` `{per_paid, each: N}` read as 1 per object;
# `count_any_capped_at_one` `count: any` taking at most one object.
GROUP_B_MISREADINGS = ("color_count_opponent", "color_count_as_generic", "per_paid_ignores_each",
                       "count_any_capped_at_one")

# Snow mana, `spend_only` and `life_for`: {S} taken off by a generic reduction; {S} paid by any
# mana; convoke, delve or improvise paying {S}; pool mana spent on a `spend_only` spell; `life_for`
# paying generic mana too; an opponent's `life_for` permanent helping you.
GROUP_A_MUTANTS = ("snow_reducible", "snow_any_mana", "snow_convoke", "spend_only_pool",
                   "life_for_generic", "life_for_opponent")

# One permanent's costs: at most one use that taps or sacrifices it (a permanent with an ability
# that only taps it and one that only sacrifices it, Eye of Ramos, pays once, not twice).
ONCE_MUTANTS = ("one_mana_use_per_permanent",)


@contextmanager
def misreading(*names: str) -> Iterator[None]:
    """The brute force under the wrong readings `names` (of any group), for a test's while."""
    global MISREADINGS
    known = (set(GROUP_A_MUTANTS) | set(GROUP_B_MISREADINGS) | set(GROUP_G1_MUTANTS)
             | set(G2_MUTANTS) | set(ONCE_MUTANTS))
    assert set(names) <= known, names
    before, MISREADINGS = MISREADINGS, frozenset(names)
    try:
        yield
    finally:
        MISREADINGS = before


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
                       **_counter_state(entry, zone, oid)))
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


def matches(card: dict[str, Any], flt: dict[str, Any] | None, obj_id: str = "",
            card_id: str = "", obj: Obj | None = None, holder: Obj | None = None) -> bool:
    """A filter on a card: type (any of), not_type (none of), color (any of), tags (all of),
    name (the card's name, else its id), multicolored (two colors or more) and colorless (none),
    a card's colors as `card_colors` reads them; `attacking` the state of `obj` (a permanent; a
    spell or a card in another zone is never attacking); `chosen_type: true` the card has among
    its tags the type `holder` (the permanent whose grant or mana ability holds the filter)
    chose, none when it chose none (`false`: the card doesn't have it). `ability`, `targets` and
    a grant's `controller` are read by the grant code; anywhere else the object is yours, so
    `controller: opponent` there matches nothing."""
    if not flt:
        return True
    if "attached" in flt:      # Read in a mana effect's `sources` only (`reaches`)
        raise BadScenario("filter key attached outside a mana effect's sources")
    types = set(card.get("types") or [])
    if "type" in flt and not types & set(_as_list(flt["type"])):
        return False
    if "not_type" in flt and types & set(_as_list(flt["not_type"])):
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
    if "object" in flt and obj_id != flt["object"]:      # this reference's own key: {T} / "sacrifice
        return False                                     # this" of an activated ability's object
    return True


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
    loyalty: int | None = None                   # `total.loyalty` of a loyalty ability
    life_for: frozenset[tuple[tuple[str, int], ...]] = frozenset()   # each optimal plan's K'rrik pips

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "objective": self.objective,
                "totals": sorted(self.totals), "scores": sorted(self.scores),
                "casts": sorted(self.casts), "destinations": sorted(self.destinations, key=str),
                "x": self.x, "reasons": list(self.reasons), "loyalty": self.loyalty}


@dataclass(slots=True)
class _Best:
    key: tuple[int, int, int] | None = None      # (-x, objective, total mana count)
    totals: set[tuple[str, int]] = field(default_factory=set)
    scores: set[int] = field(default_factory=set)
    casts: set[str] = field(default_factory=set)
    destinations: set[str | None] = field(default_factory=set)
    x: int | None = None
    objective: int | None = None
    life_for: set[tuple[tuple[str, int], ...]] = field(default_factory=set)

    def offer(self, key: tuple[int, int, int], total: tuple[str, int], score: int, cast: str,
              x: int | None, destination: str | None,
              life_for: tuple[tuple[str, int], ...] = ()) -> None:
        if self.key is None or key < self.key:
            self.key, self.totals, self.scores, self.casts = key, set(), set(), set()
            self.destinations = set()
            self.life_for = set()
            self.x, self.objective = x, key[1]
        if key == self.key:
            self.life_for.add(life_for)
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
    other: tuple[Part, ...]
    benefit: int
    buyback: bool = False
    optional: tuple[tuple[str, int], ...] = ()   # each optional cost paid, and how many times


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
    ability marked `cycling: true` only. A list matches when one of its words does."""
    if words is None:
        return not spell.get("_ability")
    if not spell.get("_ability"):
        return False
    wanted = {str(w) for w in _as_list(words)}
    return ("activated" in wanted or ("cycling" in wanted and bool(spell.get("_cycling")))
            or ("loyalty" in wanted and spell.get("_loyalty") is not None))


def _grants(data: dict[str, Any], you: list[Obj], opp: list[Obj], spell: dict[str, Any],
            spell_id: str, spell_card: str, spell_obj: Obj | None = None
            ) -> list[tuple[str, Any, Obj]]:
    """Every cost change granted to this spell: (kind, grant's change, granting object)."""
    out: list[tuple[str, Any, Obj]] = []
    for grant, obj in _applying(data, you, opp, spell, spell_id, spell_card, spell_obj):
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
    `{per_paid: ID, each: N}` (N per object the optional cost ID took, `paid`)."""
    if isinstance(amount, dict):
        if "per_paid" in amount:
            if paid is None:
                raise BadScenario("per_paid: only in the card's own reductions")
            each = 1 if "per_paid_ignores_each" in MISREADINGS else int(amount.get("each", 1))
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
    if "color_count_opponent" in MISREADINGS:
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
            if "color_count_as_generic" in MISREADINGS and isinstance(n, dict):
                generic += many
            else:
                colored += [key] * many
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
    if "snow_reducible" in MISREADINGS:         # wrong: 107.4h keeps {S} out of every reduction
        more = min(generic - take, v[7], room - take)
        v[7] -= more
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])


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
            return min(cap, 1) if "count_any_capped_at_one" in MISREADINGS else cap
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
            if name in any_parts and "count_any_capped_at_one" in MISREADINGS:
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
    if DIAGNOSE_ABILITY_STAND_IN_NAME:
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


# --- The payment (601.2g-h) --------------------------------------------------------------------

def tap_weight(card: dict[str, Any], w: dict[str, int]) -> int:
    types = set(card.get("types") or [])
    for t in ("land", "creature", "artifact"):
        if t in types:
            return w[f"tap_{t}"]
    return w["tap_other"]


def charge(obj: Obj, weight: int) -> int:
    """What losing `obj` costs: its `value`, else the weight of the way it is lost."""
    return obj.value if obj.value is not None else weight


@dataclass(frozen=True, slots=True)
class Activation:
    ability: int
    adds: tuple[str, ...]
    taps: bool
    sac_self: bool
    life: int
    mana_cost: tuple[Symbol, ...]            # paid from other mana (a filter land)
    parts: tuple[Part, ...]                  # the other non-mana costs (an altar's sacrifice)
    restricted: str | None                   # only_for filter as JSON, or None
    counters: tuple[tuple[str, int], ...] = ()   # Counters it removes from its own permanent
    have: tuple[tuple[str, int], ...] = ()       # the counters its permanent may spend on mana abilities
    once: bool = False                           # `per: removed`: X is chosen once, activated at most once
    snow: bool = False                       # made by a snow permanent
    eligible: bool = True                    # may be spent on a `spend_only` spell
    # The mana effects' part (`affected`): the replacement applied last (its
    # permanent's id) and the output before any (614.1a), and each trigger's mana (605.4a) as
    # (trigger permanent's id, mana, snow, eligible), unrestricted, never replaced.
    replaced_by: str | None = None
    was: tuple[str, ...] = ()
    triggers: tuple[tuple[str, tuple[str, ...], bool, bool], ...] = ()
    # `{untap: {count, filter}}` atoms as (count, filter JSON); `adds: untapped`:
    # the colors the untapped permanent must could-produce (one of); `adds: milled`: the
    # position in `library_top` of the card it mills (-1: none).
    untaps: tuple[tuple[int, str], ...] = ()
    untap_colors: frozenset[str] | None = None
    milled: int = -1

    @property
    def free(self) -> bool:
        """Neither taps nor sacrifices its permanent: activated as often as its costs allow."""
        return not self.taps and not self.sac_self


def ability_costs(costs: list[Any]) -> tuple[bool, bool, int, tuple[Symbol, ...], tuple[Part, ...]]:
    """A mana ability's `costs`: (taps, sacrifices itself, life, mana cost, other parts)."""
    taps = sac = False
    mana: list[Symbol] = []
    other: list[Any] = []
    for c in costs:
        if c == "tap":
            taps = True
        elif c == "sacrifice_self":
            sac = True
        elif isinstance(c, str):
            mana += parse_symbols(c)
        elif _is_remove_counters(c) or _is_untap(c):
            continue                      # Read by activations()
        else:
            other.append(c)
    if any(kind == "snow" for kind, _ in mana):
        raise BadScenario("a mana ability's costs hold {S} (refused)")
    parts, life = _parts(other)
    return taps, sac, life, tuple(mana), tuple(parts)


def activations(card: dict[str, Any]) -> list[Activation]:
    """Each option of each mana ability of a card (a mana ability's costs default to {T})."""
    out = []
    for i, ability in enumerate(card.get("mana") or []):
        if ability.get("_nothing"):
            continue                      # names no type (106.7): makes no mana, never activated
        taps, sac, life, mana_cost, parts = ability_costs(list(ability.get("costs", ["tap"])))
        restricted = None if ability.get("only_for") is None else _fj(ability["only_for"])
        untaps = untap_atoms(ability)
        if ability.get("adds") in ("untapped", "milled"):
            base = Activation(i, (), taps, sac, life, mana_cost, parts, restricted, untaps=untaps)
            out += g2_activations(ability, base)
            continue
        for adds, removes, once in counter_options(card, ability):
            out.append(Activation(i, adds, taps, sac, life, mana_cost, parts, restricted,
                                  removes, _have(card), once, untaps=untaps))
    return out


# Pools of mana (601.2g-h) are counted by kind: slot 4 * i + 2 * snow + eligible, i the index of
# the mana's type in W U B R G C, `snow` whether a snow source made it (tracked only while the
# total has {S}), `eligible` whether it may be spent on the spell (False only for mana a
# `spend_only` spell may not take: the pool's, another permanent's). A pool is a 24-tuple.
KINDS = 4
POOL_SIZE = 6 * KINDS
NO_POOL: tuple[int, ...] = (0,) * POOL_SIZE


def unit_slot(color: str, snow: bool, eligible: bool) -> int:
    return KINDS * MANA.index(color) + 2 * snow + eligible


_SLOTS = {(c, s, e): unit_slot(c, s, e) for c in MANA for s in (False, True) for e in (False, True)}
SNOW_SLOTS = tuple(KINDS * i + k for i in range(6) for k in (2, 3))


def pay_mana_cost(pool: tuple[int, ...], cost: tuple[Symbol, ...], any_color: bool = False
                  ) -> set[tuple[int, ...]]:
    """Every pool left after paying a mana ability's own cost from unrestricted mana (of any
    kind: a filter's cost is not spent on the spell, so neither snow nor `spend_only` binds).
    `any_color` (`spend_as_any_color`): a colored pip takes one mana of any type."""
    pools = {pool}

    def take(ps: set[tuple[int, ...]], slots: range | list[int]) -> set[tuple[int, ...]]:
        return {p[:i] + (p[i] - 1,) + p[i + 1:] for p in ps for i in slots if p[i] > 0}

    every = range(POOL_SIZE)
    for kind, arg in cost:
        if kind == "generic":
            for _ in range(arg):
                pools = take(pools, every)
            continue
        options = {"mana": lambda a: [a], "hybrid": lambda a: list(a), "phyrexian": lambda a: [a],
                   "hphyrexian": lambda a: list(a), "mono": lambda a: [a[1]]}[kind](arg)
        nxt: set[tuple[int, ...]] = set()
        for c in options:
            base = KINDS * MANA.index(c)
            nxt |= take(pools, list(every) if any_color and c in COLORS
                        else list(range(base, base + KINDS)))
        if kind == "mono":                    # {2/W}: two generic instead
            two = set(pools)
            for _ in range(arg[0]):
                two = take(two, every)
            nxt |= two
        pools = nxt
    return pools


def _add(pool: tuple[int, ...], adds: tuple[str, ...], snow: bool = False,
         eligible: bool = True) -> tuple[int, ...]:
    p = list(pool)
    for c in adds:
        p[_SLOTS[c, snow, eligible]] += 1
    return tuple(p)


def spell_can_pay(total: Vec, units: list[int], stuck: list[int], convoke: tuple[int, ...],
                  generic_only: int, left: tuple[int, ...] | None) -> bool:
    """601.2h: whether mana `units` (per slot; only the eligible slots spend) with the convoke
    creatures (by color) and `generic_only` generic payers pay `total`: each colored pip that
    color (or a convoke creature of it), each {C} pip colorless mana, each {S} one mana of any
    type a snow source made (never convoke, delve or improvise: 107.4h), generic anything. `stuck`
    (per type) is mana that can't be spent on it. With `left` (W U B R G C) exactly that much
    is left in the pool afterwards."""
    spare_snow = 0
    spare = generic_only
    consumed_total = 0
    for i in range(6):
        plain = units[KINDS * i + 1]
        snowy = units[KINDS * i + 3]
        pips = total[i + 1]
        conv = convoke[i] if i < 5 else 0
        spare += max(0, conv - pips)
        need = max(0, pips - conv)          # pips the mana pays
        if left is None:
            from_plain = min(plain, need)
            if need - from_plain > snowy:
                return False
            spare_snow += snowy - (need - from_plain)
            spare += plain - from_plain
            continue
        stays = stuck[i] + units[KINDS * i] + units[KINDS * i + 2]
        k = plain + snowy + stays - left[i]    # this type's mana spent on the spell
        if k < 0 or k > plain + snowy or k < need:
            return False
        consumed_total += k
        spare_snow += min(min(snowy, k), k - need)
    if left is not None:
        units_needed = sum(total) - sum(convoke) - generic_only
        return consumed_total == units_needed and spare_snow >= total[7]
    if "snow_convoke" in MISREADINGS:           # wrong: convoke, delve, improvise pay {S}
        free = generic_only + sum(max(0, convoke[i] - total[i + 1]) for i in range(5))
        return (spare_snow + free >= total[7]
                and spare_snow + spare - total[7] >= total[0])
    if spare_snow < total[7]:
        return False
    return spare_snow - total[7] + spare >= total[0]


def _spreads(n: int, parts: int) -> list[tuple[int, ...]]:
    """Every way of `n` pips among `parts` kinds."""
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _spreads(n - k, parts - 1)]


def any_color_can_pay(total: Vec, units: list[int], stuck: list[int], convoke: tuple[int, ...],
                      generic_only: int, left: tuple[int, ...] | None) -> bool:
    """`spend_as_any_color`: a colored pip convoke does not pay is paid by one mana of any type
    (W U B R G or C), tried as every spread of those pips over the six types (a pip spread to C
    wants colorless mana, as a {C} pip does); {C}, {S} and generic as `spell_can_pay`. Convoke
    pays its own color's pips first (as good as any use: generic is payable by more), the rest
    of it generic."""
    t = list(total)
    spare = 0
    for i in range(5):
        used = min(convoke[i], t[i + 1])
        spare += convoke[i] - used
        t[i + 1] -= used
    colored = sum(t[1:6])
    for spread in _spreads(colored, 6):
        trial = (t[0], *spread[:5], t[6] + spread[5], t[7])
        if spell_can_pay(trial, units, stuck, (0,) * 5, generic_only + spare, left):  # type: ignore[arg-type]
            return True
    return False


def mana_ok(total: Vec, acts: list[Activation], preds: list[frozenset[int]], pool0: tuple[int, ...],
            usable: Callable[[str], bool], convoke: tuple[int, ...] = (0,) * 5, generic_only: int = 0,
            left: tuple[int, ...] | None = None, any_color: bool = False) -> bool:
    """Whether the mana abilities `acts` can be activated in some order (601.2g: act j after every
    act in preds[j]; a filter's mana cost from unrestricted mana made before it) and the total then
    paid (601.2h) from the pool `pool0` (by slot, `Board.units`), the restricted mana `usable`
    allows (a filter JSON -> bool), and convoke creatures (by color; each may pay {1} instead) and
    `generic_only` generic payers. With `left`, the mana left in the pool afterwards must be
    exactly `left` (W U B R G C). An ability's mana is snow when its permanent is (tracked only
    while the total has {S}) and spendable unless `spend_only` rules its permanent out."""
    n = len(acts)
    seen: set[Any] = set()
    if "snow_any_mana" in MISREADINGS:          # wrong: {S} paid as generic mana
        total = vec_add(total, {"generic": total[7], "S": -total[7]})
    snow_on = total[7] > 0

    def final(pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]) -> bool:
        units = [pu[i] + pr[i] for i in range(POOL_SIZE)]
        stuck = [sum(dead[KINDS * i:KINDS * (i + 1)]) for i in range(6)]
        if any_color:
            return any_color_can_pay(total, units, stuck, convoke, generic_only, left)
        return spell_can_pay(total, units, stuck, convoke, generic_only, left)

    def made(a: Activation, pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]
             ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        snow = a.snow and snow_on
        for _, extra, extra_snow, extra_ok in a.triggers:    # triggered mana, unrestricted
            pu = _add(pu, extra, extra_snow and snow_on, extra_ok)
        if a.restricted is None:
            return _add(pu, a.adds, snow, a.eligible), pr, dead
        if usable(a.restricted):
            return pu, _add(pr, a.adds, snow, a.eligible), dead
        return pu, pr, _add(dead, a.adds, snow, a.eligible)

    def go(done: frozenset[int], pu: tuple[int, ...], pr: tuple[int, ...], dead: tuple[int, ...]) -> bool:
        # Abilities with no mana cost are activated as soon as they may be (more mana never hurts).
        progress = True
        while progress:
            progress = False
            for j in range(n):
                if j not in done and not acts[j].mana_cost and preds[j] <= done:
                    done = done | {j}
                    pu, pr, dead = made(acts[j], pu, pr, dead)
                    progress = True
        if len(done) == n:
            return final(pu, pr, dead)
        key = (done, pu, pr, dead)
        if key in seen:
            return False
        seen.add(key)
        for j in range(n):
            a = acts[j]
            if j in done or not preds[j] <= done:
                continue
            self_paying = DIAGNOSE_SELF_PAYING_FILTERS and a.restricted is None
            start = _add(pu, a.adds, a.snow and snow_on, a.eligible) if self_paying else pu
            for paid in sorted(pay_mana_cost(start, a.mana_cost, any_color)):
                if self_paying:
                    if go(done | {j}, paid, pr, dead):
                        return True
                    continue
                npu, npr, nd = made(a, paid, pr, dead)
                if go(done | {j}, npu, npr, nd):
                    return True
        return False

    start = tuple(pool0)
    if not snow_on and any(start[k] for k in SNOW_SLOTS):
        start = _no_snow(start)
    return go(frozenset(), start, NO_POOL, NO_POOL)


def _no_snow(pool: tuple[int, ...]) -> tuple[int, ...]:
    """The pool with its snow mana counted as any other (the total has no {S})."""
    p = list(pool)
    for i in range(6):
        for e in (0, 1):
            p[KINDS * i + e] += p[KINDS * i + 2 + e]
            p[KINDS * i + 2 + e] = 0
    return tuple(p)


@dataclass(frozen=True, slots=True)
class _Use:
    """One object's part in a payment: at most one use that taps or sacrifices it (or, with
    `then`, a mana ability tapping it and then one sacrificing it), plus activations of its mana
    abilities that neither tap it nor sacrifice it (an altar)."""
    kind: str                    # none | mana | convoke | improvise | tapcost
    act: Activation | None = None
    color: str | None = None     # convoke: the color it pays (None: {1})
    req: int = -1                # tapcost: which tap_untapped cost
    repeats: tuple[Activation, ...] = ()
    then: Activation | None = None   # mana: an ability sacrificing it without tapping it

    @property
    def acts(self) -> tuple[Activation, ...]:
        return self.repeats + ((self.act,) if self.act is not None else ()) + (
            (self.then,) if self.then is not None else ())

    @property
    def taps(self) -> bool:
        return self.kind in ("convoke", "improvise", "tapcost") or (
            self.kind == "mana" and self.act is not None and self.act.taps)


@dataclass(slots=True)
class Board:
    """What a payment may use: your permanents, cards in hand and graveyard (the played card
    left out), the pool, life, library, the weights; and the spell being paid."""
    cards: dict[str, Any]
    spell: dict[str, Any]
    cast_obj: Obj
    battlefield: list[Obj]
    hand: list[Obj]
    graveyard: list[Obj]
    pool0: tuple[int, ...]
    weights: dict[str, int]
    life_total: int
    library: int
    # What the activated ability's own counter costs remove (charged the
    # weight `counter` each), whether its permanent has too few counters for them, and a loyalty
    # ability's signed change after the cost changers (None: not a loyalty ability).
    ability_removes: int = 0
    counters_short: bool = False
    loyalty: int | None = None
    snow_pool: tuple[int, ...] = (0,) * 6            # the part of pool0 snow sources made
    spend_only: dict[str, Any] | None = None         # the cast card's `spend_only`
    life_for: dict[str, int] = field(default_factory=dict)   # color -> least life per pip
    effects: tuple[ManaEffect, ...] = ()             # both battlefields' mana effects
    # The opponent's battlefield (untap costs), what each of its permanents could
    # produce (106.7, by id), and how many cards on top of your library are known.
    opp_field: list[Obj] = field(default_factory=list)
    could: dict[str, frozenset[str]] = field(default_factory=dict)
    known_top: int = 0
    any_color: bool = False   # `state.you.spend_as_any_color`

    _units: tuple[int, ...] | None = None
    _matching: dict[str, list[int]] = field(default_factory=dict)

    def matching(self, fj: str) -> list[int]:
        """The battlefield objects (by index, in order) the filter (as JSON) matches, worked out
        once."""
        if fj not in self._matching:
            flt = json.loads(fj)
            self._matching[fj] = [i for i, o in enumerate(self.battlefield)
                                  if _matches_obj(self.cards, o, flt)]
        return self._matching[fj]

    def units(self) -> tuple[int, ...]:
        """The pool by slot (`unit_slot`): its snow part snow, none of it eligible for a
        `spend_only` spell (pool mana has no known producer)."""
        if self._units is None:
            self._units = self._pool_units()
        return self._units

    def _pool_units(self) -> tuple[int, ...]:
        p = [0] * POOL_SIZE
        eligible = self.spend_only is None or "spend_only_pool" in MISREADINGS
        for i, c in enumerate(MANA):
            p[unit_slot(c, True, eligible)] += self.snow_pool[i]
            p[unit_slot(c, False, eligible)] += self.pool0[i] - self.snow_pool[i]
        return tuple(p)

    def flagged(self, obj: Obj, acts: list[Activation]) -> list[Activation]:
        """`obj`'s activations with what their mana is: snow when its card is (`snow: true`, a
        filter ability's output too), eligible unless the cast card's `spend_only` filter rules
        `obj` out (the producer is the permanent whose ability made the mana)."""
        snow = bool(self.cards[obj.card].get("snow"))
        eligible = self.spend_only is None or _matches_obj(self.cards, obj, self.spend_only)
        if not snow and eligible:
            return acts
        return [replace(a, snow=snow, eligible=eligible) for a in acts]

    def affected(self, obj: Obj, acts: list[Activation], labels: bool = False) -> list[Activation]:
        """`obj`'s activations under the mana effects (`affected_activations`);
        `labels` keeps which effect did what (the checker's), else equal mana is one."""
        if not self.effects:
            return acts
        return affected_activations(self, obj, acts, labels)

    def usable(self, restricted: str) -> bool:
        """Mana `only_for: {ability: activated, ...}` pays abilities only, other restricted mana
        spells only, each matching the rest of its filter."""
        if self.spell.get("_special"):
            return False            # a special action is neither a spell nor an ability
        rest = dict(json.loads(restricted) or {})
        if not ability_word_ok(rest.pop("ability", None), self.spell):
            return False
        return matches(self.spell, rest, self.cast_obj.id, self.cast_obj.card)

    def available(self, kind: str, flt: Any) -> int:
        """How many objects a cost of `kind` could take at most."""
        if kind in REMOVALS:
            return sum(1 for o in self.battlefield if _matches_obj(self.cards, o, flt))
        if kind == "tap_untapped":
            return sum(1 for o in self.battlefield if not o.tapped and _matches_obj(self.cards, o, flt))
        if kind in HAND_KINDS:
            return sum(1 for o in self.hand if _matches_obj(self.cards, o, flt))
        if kind == "exile_from_graveyard":
            return sum(1 for o in self.graveyard if _matches_obj(self.cards, o, flt))
        return self.library                 # mill

    def untappable(self, fj: str) -> int:
        """How many of the opponent's permanents an untap cost with filter `fj` could take."""
        return sum(1 for o in self.opp_field if untap_candidate(self, o, fj, None))


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
        abilities = []
        for a in card.get("mana") or []:
            if isinstance(a, dict) and isinstance(a.get("per"), dict) and "counters" in a["per"]:
                n = have.get(str(a["per"]["counters"]), 0)
                options = ["".join("{" + c + "}" for c in opt) * n for opt in produced_options(a["adds"])]
                a = {k: v for k, v in a.items() if k != "per"}
                made = {"adds": "|".join(dict.fromkeys(options))} if n else {"adds": "{C}", "_nothing": True}
                a = a | made
            abilities.append(a)
        key = f"{o.card}#{o.id}"
        out[key] = {**card, "name": card.get("name", o.card), "mana": abilities}
        objs.append(replace(o, card=key))
    return out, objs


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
            if (not isinstance(a, dict) or "per" not in a or a["per"] == "removed"
                    or a.get("adds") in ("untapped", "milled")
                    or (isinstance(a["per"], dict) and "counters" in a["per"])):
                abilities.append(a)        # `per: removed`: counter_options()
                continue
            options = []
            for opt in produced_options(a["adds"]):
                if a["per"] == "devotion":
                    (color,) = opt
                    times = devotion_to(cards, you, color)
                else:
                    times = sum(1 for o in you if _matches_obj(cards, o, a["per"]["count"]))
                options.append("".join("{" + c + "}" for c in opt) * times)
            abilities.append({k: v for k, v in a.items() if k != "per"} | {"adds": "|".join(options)})
        out[cid] = {**card, "mana": abilities}
    return out


def board(data: dict[str, Any]) -> Board:
    you_p = (data.get("state") or {}).get("you") or {}
    cards, permanents = holders(reflect_cards(data, g2_cards(data)), _objects(you_p, "battlefield", "you"))
    cards, permanents = counter_holders(cards, permanents)
    cards = counted_cards(cards, permanents)
    obj = _find(data)
    if "turn_face_up" in data["play"]:
        spell = dict(TURN_FACE_UP)
    elif data["play"].get("cast") == "face_down":
        spell = dict(FACE_DOWN_SPELL)
    else:
        spell = ability_of(data, obj) if "ability" in data["play"] else cards[obj.card]
    spell = granted_keywords(data, spell, obj)
    counted = ability_counter_costs(data, obj, spell)
    cards, permanents = counter_cards(cards, permanents, obj, counted)
    pool0 = _pool_counts(you_p.get("mana_pool"), "mana_pool")
    snow_pool = _pool_counts(you_p.get("snow_pool"), "snow_pool")
    if any(s > m for s, m in zip(snow_pool, pool0)):
        raise BadScenario("state.you.snow_pool: not part of mana_pool")
    # `spend_only` binds casting the card (any method), never its activated abilities.
    spend_only = None if "ability" in data["play"] else spell.get("spend_only")
    if "spend_only" in data["cards"][obj.card] and "land" in (data["cards"][obj.card].get("types") or []):
        raise BadScenario("spend_only on a land card (refused)")
    # The played card leaves the hand as it is cast; a card whose ability is activated from the
    # hand stays there to pay its own `discard_self`.
    keep = "ability" in data["play"] and obj.zone == "hand"
    return Board(cards, spell, obj, permanents,
                 [o for o in _objects(you_p, "hand", "you") if keep or o.id != obj.id],
                 [o for o in _objects(you_p, "graveyard", "you") if o.id != obj.id],
                 pool0, {**WEIGHTS, **((data.get("objective") or {}).get("weights") or {})},
                 int(you_p.get("life", 20)), int(you_p.get("library", 0)),
                 counted.removed, counted.short, counted.loyalty, snow_pool,
                 None if spend_only is None else dict(spend_only), life_for_amounts(data),
                 effects=read_mana_effects(data),
                 any_color=_any_color(you_p),
                 **g2_board(data, spell))


def _any_color(you_p: dict[str, Any]) -> bool:
    """`state.you.spend_as_any_color`: true or false (default false)."""
    value = you_p.get("spend_as_any_color", False)
    if not isinstance(value, bool):
        raise BadScenario("state.you.spend_as_any_color: not true or false")
    return value


def _pool_counts(text: Any, key: str) -> tuple[int, ...]:
    """A pool string (`mana_pool`, `snow_pool`) by type W U B R G C: plain mana only."""
    pool = [0] * 6
    for kind, arg in parse_symbols(str(text or "")):
        if kind != "mana":
            raise BadScenario(f"state.you.{key}: plain mana only")
        pool[MANA.index(arg)] += 1
    return tuple(pool)


def life_for_amounts(data: dict[str, Any]) -> dict[str, int]:
    """K'rrik: each color some permanent on your battlefield has `life_for`, and
    the least life per pip among them (an opponent's permanent never helps you). A mana
    ability of yours with a pip of such a color in its own costs is refused (not built)."""
    cards = data["cards"]
    state = data.get("state") or {}
    you = _objects((state.get("you") or {}), "battlefield", "you")
    helpers = list(you)
    if "life_for_opponent" in MISREADINGS:      # wrong: an opponent's K'rrik helps you
        helpers += _objects((state.get("opponent") or {}), "battlefield", "opponent")
    out: dict[str, int] = {}
    for o in helpers:
        for color, amount in (cards[o.card].get("life_for") or {}).items():
            if color not in COLORS or isinstance(amount, bool) or not 1 <= int(amount) <= 20:
                raise BadScenario(f"cards.{o.card}.life_for: {color}: {amount!r}")
            out[color] = min(out.get(color, int(amount)), int(amount))
    if out:
        for o in you:
            for ability in cards[o.card].get("mana") or []:
                for c in ability.get("costs") or []:
                    if isinstance(c, str) and c.startswith("{") and any(
                            color in str(c).upper() for color in out):
                        raise BadScenario(f"cards.{o.card}.mana: a pip of a life_for color in "
                                          f"its costs (not built)")
    return out


def _repeat_bound(b: Board, act: Activation, potential: int) -> int:
    """How many times a free mana ability can be activated at most: each activation pays its
    costs again (a creature to sacrifice, an untapped creature to tap, life, mana, ...). The
    objects and the life bound it however far (rule 605: nothing else limits how often); only
    an ability whose costs are mana at most stops at REPEAT_CAP (the format's documented cut)."""
    bounds = [b.available(kind, json.loads(fj)) // n for kind, n, fj in act.parts]
    bounds += _counter_bounds(act)
    bounds += [b.untappable(fj) // n for n, fj in act.untaps]
    if act.life:
        bounds.append(b.life_total // act.life)
    k = min(bounds) if bounds else REPEAT_CAP
    if act.mana_cost:
        k = min(k, potential // max(1, len(act.mana_cost)))
    return k


def potential_mana(data: dict[str, Any]) -> int:
    """Every unit of mana any payment could bring, at most: a total above it can't be paid (each
    symbol of the total takes one unit)."""
    b = board(data)
    spell = b.spell
    base = sum(b.pool0) + len(b.graveyard) * bool(spell.get("delve"))
    frees: list[tuple[Activation, int]] = []
    for o in b.battlefield:
        acts = activations(b.cards[o.card])
        made = [(a, len(a.adds) + sum(len(t[1]) for t in a.triggers))
                for a in b.affected(o, acts) if not a.free]
        most = max([n for _, n in made] + [0])
        if "one_mana_use_per_permanent" not in MISREADINGS:
            # Tapped once and gone once: an ability that only taps it, then one that only
            # sacrifices it.
            most = max(most, max([n for a, n in made if not a.sac_self] + [-1])
                       + max([n for a, n in made if not a.taps] + [-1]))
        types = set(b.cards[o.card].get("types") or [])
        if (spell.get("convoke") and "creature" in types) or (spell.get("improvise") and "artifact" in types):
            most = max(most, 1)
        base += most
        frees += [(a, 1) for a in acts if a.free]
    total = base
    for a, _ in frees:
        if not a.mana_cost:
            total += len(a.adds) * _repeat_bound(b, a, 0)
    for a, _ in frees:
        if a.mana_cost:
            total += len(a.adds) * _repeat_bound(b, a, total)
    return total


def relevant_kinds(data: dict[str, Any]) -> str:
    """The kinds of mana (W U B R G C) some cost on the board names: any other kind can only pay
    generic mana, so two options of a mana ability that differ only in such kinds are one."""
    found: set[str] = set()

    def walk(v: Any, key: str = "") -> None:
        if key == "adds":
            return
        if isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and k in MANA:       # a reduction's `W: 1`
                    found.add(k)
                walk(x, str(k))
        elif isinstance(v, list):
            for x in v:
                walk(x, key)
        elif isinstance(v, str):
            for body in re.findall(r"\{([^{}]*)\}", v):
                found.update(ch for ch in body.upper() if ch in MANA)
    walk(data.get("cards"))
    return "".join(c for c in MANA if c in found)


def _pruned(acts: list[Activation], relevant: str) -> list[Activation]:
    stand_in = next((c for c in MANA if c not in relevant), None)
    if stand_in is None:
        return acts
    out: list[Activation] = []
    for a in acts:
        adds = tuple(c if c in relevant else stand_in for c in a.adds)
        triggers = tuple((t, tuple(c if c in relevant else stand_in for c in extra), snow, ok)
                         for t, extra, snow, ok in a.triggers)
        b = replace(a, adds=adds, triggers=triggers)
        if b.untap_colors is not None:
            # `adds: untapped`: one activation per kind it adds, untapping a permanent that
            # could produce any of the colors it stands for.
            plain = replace(b, untap_colors=None)
            at = next((k for k, o in enumerate(out) if replace(o, untap_colors=None) == plain), None)
            if at is not None:
                merged = (out[at].untap_colors or frozenset()) | b.untap_colors
                out[at] = replace(out[at], untap_colors=merged)
                continue
        if b not in out:
            out.append(b)
    return out


def _uses(b: Board, obj: Obj, tapcosts: list[tuple[int, Any]], relevant: str,
          potential: int) -> list[_Use]:
    card = b.cards[obj.card]
    spell = b.spell
    types = set(card.get("types") or [])
    sick = obj.sick and "creature" in types  # a land creature too (302.6: Dryad Arbor)
    once = [_Use("none")]
    free: list[Activation] = []
    for act in _pruned(b.affected(obj, b.flagged(obj, activations(card))), relevant):
        if act.free:
            free.append(act)
            continue
        if act.taps and (obj.tapped or sick):
            continue
        once.append(_Use("mana", act))
    if "one_mana_use_per_permanent" not in MISREADINGS:
        # Tapped once, gone once: an ability that only taps it, then one that only sacrifices
        # it (Eye of Ramos).
        taps = [u.act for u in once if u.act is not None and u.act.taps and not u.act.sac_self]
        goes = [u.act for u in once if u.act is not None and u.act.sac_self and not u.act.taps]
        once += [_Use("mana", t, then=g) for t in taps for g in goes]
    if not obj.tapped:
        if spell.get("convoke") and "creature" in types:
            once.append(_Use("convoke"))
            for c in sorted(card_colors(card)):
                if c in relevant:
                    once.append(_Use("convoke", color=c))
        if spell.get("improvise") and "artifact" in types:
            once.append(_Use("improvise"))
        for i, (_, flt) in enumerate(tapcosts):
            if _matches_obj(b.cards, obj, flt):
                once.append(_Use("tapcost", req=i))
    if not free:
        return [u for u in once if counters_fit(u.acts)]
    # The free abilities' activations: a count for each option, the options of one ability
    # together at most as often as its costs allow (once each under the class-12 reading).
    by_ability: dict[int, list[Activation]] = {}
    for a in free:
        by_ability.setdefault(a.ability, []).append(a)
    per_ability: list[list[tuple[Activation, ...]]] = []
    for options in by_ability.values():
        bound = 1 if DIAGNOSE_ONCE_PER_ABILITY else _repeat_bound(b, options[0], potential)
        per_ability.append([m for k in range(bound + 1)
                            for m in itertools.combinations_with_replacement(options, k)])
    repeats = [sum(combo, ()) for combo in itertools.product(*per_ability)]
    return [_Use(u.kind, u.act, u.color, u.req, r, u.then) for u in once for r in repeats
            if counters_fit(r + u.acts)]


def _pick(b: Board, reqs: list[tuple[int, str, int, str]], ok: Callable[[int, str, set[int]], bool],
          taken: set[int], twin_of: list[int] | None = None, chosen: tuple[tuple[int, ...], ...] = ()
          ) -> Iterator[tuple[tuple[int, str, tuple[int, ...]], ...]]:
    """Every way to give each (act, kind, count, filter as JSON) distinct battlefield objects (by index)
    that `ok(index, kind, taken)` allows. `twin_of[r]` (when not -1) names an earlier requirement
    of an interchangeable activation (`twins`): requirement r then takes objects after that one's
    (by sorted indices), one way for each set of activations instead of every permutation."""
    if not reqs:
        yield ()
        return
    (j, kind, n, fj), rest = reqs[0], reqs[1:]
    at = len(chosen)
    floor = chosen[twin_of[at]] if twin_of is not None and twin_of[at] >= 0 else None
    eligible = [i for i in b.matching(fj) if i not in taken and ok(i, kind, taken)]
    for pick in itertools.combinations(eligible, n):
        if floor is not None and pick <= floor:
            continue
        for more in _pick(b, rest, ok, taken | set(pick), twin_of, chosen + (pick,)):
            yield ((j, kind, pick),) + more


def twins(reqs: list[tuple[int, str, int, str]], owners: list[int], acts: list[Activation],
          loose: bool = False) -> list[int]:
    """For each requirement, the requirement of an earlier activation it is interchangeable with,
    else -1: both the first requirement of twin activations of one object. Equal activations are
    twins: swapping two whole (what each removes and taps, its place in the order) changes
    neither the score, nor the mana, nor which orders 601.2g allows, so their first picks may be
    taken in increasing order. With `loose` (no activation of the payment has a mana cost or
    mills for a Pendant: the pool is then the sum of what each makes, in any order) activations
    equal but for what they make are twins too: swapping what two of them remove and tap leaves
    the mana made, the objects removed and tapped, and the 601.2g order graph (the same graph,
    the two relabelled: they have one permanent) as they were."""
    keys = [_cost_side(a) for a in acts] if loose else acts
    first: dict[int, int] = {}
    for r, (j, *_rest) in enumerate(reqs):
        first.setdefault(j, r)
    out = [-1] * len(reqs)
    for j, r in first.items():
        earlier = [j0 for j0 in first
                   if j0 < j and owners[j0] == owners[j] and keys[j0] == keys[j]]
        if earlier:
            out[r] = first[max(earlier)]
    return out


@lru_cache(maxsize=4096)
def _cost_side(a: Activation) -> Activation:
    """An activation with what it makes left out: its costs, its permanent's and ability's part."""
    return replace(a, adds=(), was=(), replaced_by=None, triggers=())


def _hand_best(b: Board, reqs: tuple[Part, ...]) -> int | None:
    """The cheapest cards in hand for the discard and exile-from-hand costs."""
    best: int | None = None

    def ways(rest: tuple[Part, ...], taken: frozenset[str], cost: int) -> None:
        nonlocal best
        if not rest:
            best = cost if best is None else min(best, cost)
            return
        (kind, n, fj), more = rest[0], rest[1:]
        flt = json.loads(fj)
        eligible = [o for o in b.hand if o.id not in taken and _matches_obj(b.cards, o, flt)]
        for pick in itertools.combinations(eligible, n):
            ways(more, taken | {o.id for o in pick},
                 cost + sum(charge(o, b.weights[kind]) for o in pick))
    ways(reqs, frozenset(), 0)
    return best


def _grave_best(b: Board, grave: list[Obj], reqs: list[Part]) -> int | None:
    best: int | None = None

    def ways(rest: list[Part], taken: frozenset[str], cost: int) -> None:
        nonlocal best
        if not rest:
            best = cost if best is None else min(best, cost)
            return
        (_, n, fj), more = rest[0], rest[1:]
        flt = json.loads(fj)
        eligible = [g for g in grave if g.id not in taken and _matches_obj(b.cards, g, flt)]
        for pick in itertools.combinations(eligible, n):
            ways(more, taken | {g.id for g in pick},
                 cost + sum(charge(g, b.weights["exile_from_graveyard"]) for g in pick))
    ways(reqs, frozenset(), 0)
    return best


def precedence(owners: list[int], removers: dict[int, int], tappers: dict[int, list[int]]
               ) -> list[frozenset[int]]:
    """601.2g's order: an object's own activations, and the activations that tap it as their
    cost, come before the activation that sacrifices or returns it (`removers`: object -> act;
    `owners[j]`: the object of act j; `tappers`: object -> acts tapping it)."""
    preds: list[set[int]] = [set() for _ in owners]
    for o, j in removers.items():
        preds[j] |= {i for i, owner in enumerate(owners) if owner == o and i != j}
        preds[j] |= {i for i in tappers.get(o, []) if i != j}
    return [frozenset(p) for p in preds]


def score_of(b: Board, removed: dict[int, str], tapped: set[int], cost_tapped: set[int]) -> int:
    """The battlefield's part of a payment's score: each object removed charged once (its value or
    the weight of the way), each other object tapped its tap weight (`cost_tapped`: tapped only by
    a mana ability's cost, free under the class-13 reading)."""
    score = 0
    for i, kind in removed.items():
        score += charge(b.battlefield[i], b.weights[kind])
    for i in tapped | cost_tapped:
        if i in removed or (DIAGNOSE_FREE_MANA_TAPS and i in cost_tapped and i not in tapped):
            continue
        score += tap_weight(b.cards[b.battlefield[i].card], b.weights)
    return score


def _payments(p: Priced, b: Board, relevant: str, potential: int) -> int | None:
    """The least score of paying the total `p`: None when it can't be paid."""
    spell_parts = [(k, n, json.loads(fj)) for k, n, fj in p.other]
    tapcosts = [(n, flt) for k, n, flt in spell_parts if k == "tap_untapped"]
    spell_field = [(-1, k, n, fj) for k, n, fj in p.other if k in REMOVALS]
    spell_hand = tuple(part for part in p.other if part[0] in HAND_KINDS)
    spell_grave = [part for part in p.other if part[0] == "exile_from_graveyard"]
    spell_mill = sum(n for k, n, _ in spell_parts if k == "mill")
    if p.life > b.life_total or spell_mill > b.library or b.counters_short:
        return None
    uses = [_uses(b, o, tapcosts, relevant, potential) for o in b.battlefield]
    delve_sets: list[tuple[Obj, ...]] = [()] if not b.spell.get("delve") else [
        s for k in range(len(b.graveyard) + 1) for s in itertools.combinations(b.graveyard, k)]
    hand_cache: dict[tuple[Part, ...], int | None] = {}
    best: int | None = None
    for plan in itertools.product(*uses):
        # tap costs: exactly the count each asks for
        if any(sum(1 for u in plan if u.kind == "tapcost" and u.req == i) != n
               for i, (n, _) in enumerate(tapcosts)):
            continue
        owners = [i for i, u in enumerate(plan) for _ in u.acts]
        acts = [a for u in plan for a in u.acts]
        life = p.life + sum(a.life for a in acts)
        ability_mill = sum(n for a in acts for k, n, _ in a.parts if k == "mill")
        mill = spell_mill + ability_mill
        if life > b.life_total or mill > b.library:
            continue
        charged_mill = spell_mill if DIAGNOSE_FREE_MANA_MILL else mill
        hand_reqs = spell_hand + tuple(part for a in acts for part in a.parts if part[0] in HAND_KINDS)
        if hand_reqs not in hand_cache:
            hand_cache[hand_reqs] = _hand_best(b, hand_reqs)
        hand = hand_cache[hand_reqs]
        if hand is None:
            continue
        grave_reqs = spell_grave + [part for a in acts for part in a.parts
                                    if part[0] == "exile_from_graveyard"]
        tapped = {i for i, u in enumerate(plan) if u.taps}
        late = {i for i, u in enumerate(plan) if u.kind in ("convoke", "improvise", "tapcost")}
        self_gone = {owners[j]: j for j, a in enumerate(acts) if a.sac_self}
        convoke = [0] * 5
        generic_only = 0
        for u in plan:
            if u.kind == "convoke" and u.color is not None:
                convoke[COLORS.index(u.color)] += 1
            elif u.kind in ("convoke", "improvise"):
                generic_only += 1
        tap_reqs = [(j, k, n, fj) for j, a in enumerate(acts) for k, n, fj in a.parts
                    if k == "tap_untapped"]
        removal_reqs = [(j, k, n, fj) for j, a in enumerate(acts) for k, n, fj in a.parts
                        if k in REMOVALS]
        fixed = (charged_mill * b.weights["mill"] + hand + life * b.weights["life"]
                 + counters_charged(b, acts))
        # The opponent's permanents untapped (distinct, tapped, matching), and the
        # orders of the mana abilities that mill (each Pendant mills the card its turn finds).
        if any(a.untaps for a in acts):
            if not untaps_fit(b, acts):
                continue
            fixed += untap_charge(b, acts)
        orders = mill_orders(acts, spell_mill)
        if not orders:
            continue
        filters = any(a.mana_cost for a in acts)
        loose = not filters and all(a.milled < 0 and not a.untaps for a in acts)

        # 601.2g: a mana ability's tap cost takes untapped objects no other use taps; its
        # sacrifice or return takes objects not gone already and not to be tapped in 601.2h. An
        # object may be tapped by one ability's cost and then sacrificed by another's.
        def untapped(i: int, kind: str, taken: set[int], tapped: set[int] = tapped) -> bool:
            return not b.battlefield[i].tapped and i not in tapped

        def still_there(i: int, kind: str, taken: set[int], self_gone: dict[int, int] = self_gone,
                        late: set[int] = late) -> bool:
            return i not in self_gone and i not in late

        twin_of = twins(removal_reqs, owners, acts, loose) if TWIN_ORDER and removal_reqs else None
        picks = ((t + r) for t in _pick(b, tap_reqs, untapped, set())
                 for r in _pick(b, removal_reqs, still_there, set(), twin_of))
        for mana_pick in picks:
            removers = dict(self_gone)
            tappers: dict[int, list[int]] = {}
            cost_tapped: set[int] = set()
            removed = {i: "sacrifice" for i in self_gone}
            for j, kind, picked in mana_pick:
                for i in picked:
                    if kind == "tap_untapped":
                        tappers.setdefault(i, []).append(j)
                        cost_tapped.add(i)
                    else:
                        removers[i] = j
                        removed[i] = kind
            preds = precedence(owners, removers, tappers)
            for spell_pick in _pick(b, spell_field, lambda i, k, t: True, set(removed)):
                gone = dict(removed)
                for _, kind, picked in spell_pick:
                    for i in picked:
                        gone[i] = kind
                board_score = score_of(b, gone, tapped, cost_tapped)
                checked: dict[int, bool] = {}
                for delved in delve_sets:
                    delved_ids = {d.id for d in delved}
                    grave = _grave_best(b, [g for g in b.graveyard if g.id not in delved_ids], grave_reqs)
                    if grave is None:
                        continue
                    score = fixed + grave + board_score + sum(
                        charge(d, b.weights["exile_from_graveyard"]) for d in delved)
                    if best is not None and score >= best:
                        continue
                    n_delve = len(delved)
                    if n_delve not in checked:
                        if not filters and not removers:
                            checked[n_delve] = mana_ok(p.mana, [], [], _pool_after(b, acts), b.usable,
                                                       tuple(convoke), generic_only + n_delve,
                                                       any_color=b.any_color)
                        else:
                            checked[n_delve] = any(
                                mana_ok(p.mana, acts, chained(preds, order), b.units(), b.usable,
                                        tuple(convoke), generic_only + n_delve, any_color=b.any_color)
                                for order in orders)
                    if checked[n_delve]:
                        best = score
    return best


def _pool_after(b: Board, acts: list[Activation]) -> tuple[int, ...]:
    """The pool once abilities with no mana cost and no restriction are activated (the fast case
    of mana_ok: restricted mana goes in as its usable part)."""
    pool = list(b.units())
    for a in acts:
        if a.restricted is None or b.usable(a.restricted):
            for c in a.adds:
                pool[_SLOTS[c, a.snow, a.eligible]] += 1
        for _, extra, snow, eligible in a.triggers:
            for c in extra:
                pool[_SLOTS[c, snow, eligible]] += 1
    return tuple(pool)


# --- The search --------------------------------------------------------------------------------

def solve(data: dict[str, Any]) -> Outcome:
    """The optimum of the cast in `data` by exhaustion."""
    data = face_down_view(data)
    play = data["play"]
    b = board(data)
    spell = b.spell
    relevant = relevant_kinds(data)
    potential = potential_mana(data)
    has_x = (any(s[0] == "x" for text in _cost_texts(data) for s in parse_symbols(text))
             or _x_life_anywhere(data))
    x_setting = play.get("x", "auto")
    best = _Best()
    tried = 0
    cache: dict[Any, int | None] = {}

    def xs() -> list[int | None]:
        if not has_x:
            return [None]
        if x_setting == "auto":
            # X life (`{pay_life: X}`) is bounded by the life total only (to exactly 0).
            return list(range(max(X_CAP, b.life_total), -1, -1))
        return [int(x_setting)]

    if b.counters_short:
        # 606.6 (and a counter cost of the state alone): the ability can't be activated.
        return Outcome("illegal",
                       reasons=("counters: its permanent has too few counters for the cost (606.6)",))
    priced_any = False
    for x in xs():
        priced, why = priced_casts(data, x, potential)
        if why:
            return Outcome("illegal", reasons=tuple(why))
        priced_any = priced_any or bool(priced)
        for shown in priced:
            for p, life_paid in life_for_splits(shown, b):
                if sum(p.mana) > potential:
                    continue
                key = (p.mana, p.life, p.other)
                if key not in cache:
                    # A total with no payment at 0 life has none with more (X life: each X tried).
                    free = (p.mana, 0, p.other)
                    if free not in cache:
                        cache[free] = _payments(replace(p, life=0), b, relevant, potential)
                    cache[key] = None if cache[free] is None else _payments(p, b, relevant, potential)
                tried += 1
                score = cache[key]
                if score is None:
                    continue
                # Under x: auto the largest X comes first; a named X is just the play's X. The
                # total (its mana count the tie-break) is the one priced, whatever life paid.
                most_x = -(p.x or 0) if x_setting == "auto" else 0
                best.offer((most_x, score - p.benefit, sum(shown.mana)),
                           (vec_text(shown.mana), shown.life), score, p.cast, p.x,
                           destination(spell, p), life_paid)
        if best.key is not None and has_x and x_setting == "auto" and best.key[0] == -(x or 0):
            # X as large as any payment allows comes first: a payment at this X ends the search
            # (a method without X, found on the way, ranks as X = 0 and doesn't).
            break
    if best.key is None:
        if not priced_any:
            return Outcome("illegal", reasons=("no cast method",))
        return Outcome("unpayable", reasons=("no payment",) + hidden_reason(b), plans_tried=tried)
    return Outcome("ok", score=min(best.scores), objective=best.objective,
                   totals=frozenset(best.totals), scores=frozenset(best.scores),
                   casts=frozenset(best.casts), destinations=frozenset(best.destinations),
                   x=best.x, plans_tried=tried, loyalty=b.loyalty,
                   life_for=frozenset(best.life_for))


LifeFor = tuple[tuple[str, int], ...]       # ("{B}", pips paid with life), only those paid


def life_for_splits(p: Priced, b: Board) -> list[tuple[Priced, LifeFor]]:
    """K'rrik (601.2h): every way to pay some of the total's pips of each `life_for` color with
    that color's least amount of life each (the total after 601.2f and the announcements: a
    hybrid or Phyrexian pip announced as that color counts). Never generic mana, {C} or {S}.
    All life paid comes out of one total (to exactly 0, never below)."""
    amounts = dict(b.life_for)
    generic_too = "life_for_generic" in MISREADINGS and amounts
    colors = [c for c in COLORS if c in amounts and p.mana[SLOT[c]]]
    ranges = [range(p.mana[SLOT[c]] + 1) for c in colors]
    if generic_too:
        colors.append("generic")
        amounts["generic"] = min(amounts.values())
        ranges.append(range(min(p.mana[0], 2) + 1))     # a mutant: two are enough to tell
    if not colors:
        return [(p, ())]
    out: list[tuple[Priced, LifeFor]] = []
    for counts in itertools.product(*ranges):
        life = p.life + sum(k * amounts[c] for c, k in zip(colors, counts))
        if life > b.life_total:
            continue
        mana = vec_add(p.mana, {c: -k for c, k in zip(colors, counts)})
        paid = tuple((f"{{{c}}}" if c != "generic" else "{1}", k) for c, k in zip(colors, counts) if k)
        out.append((replace(p, mana=mana, life=life), paid))
    return out


def destination(spell: dict[str, Any], p: Priced) -> str | None:
    """Where the card goes when it resolves: flashback exiles it (702.34a), buyback returns
    it to hand (702.27a), a permanent spell enters the battlefield, others go to the graveyard."""
    if p.cast in ("ability", "turn_face_up"):
        return None                         # an ability or a special action moves no card
    if p.cast == "face_down":
        return "battlefield"
    if p.cast == "flashback":
        return "exile"
    if set(spell.get("types") or []) & PERMANENT_TYPES:
        return "battlefield"
    return "hand" if p.buyback else "graveyard"


# --- Counters removed as a cost; loyalty abilities ----------------------------
#
# Read from docs/mtg-format.md and rules 122, 605, 606, 601.2g-h as a player
# knows them, never from payplan's engine:
# - `counters: {KIND: N}` on a battlefield object (refused elsewhere); `{remove_counters: {kind,
#   count: N}}` in a mana ability's or an activated ability's `costs` removes N counters of KIND
#   from the ability's own permanent, payable only while it has N (after every earlier removal
#   of the same payment). A mana ability that taps or sacrifices nothing is activated as often
#   as its costs allow: the counters bound it (Druids' Repository: one mana per charge counter).
# - `per: removed` with `count: X` (storage lands): one activation at most, X from 1 to the
#   counters there, X mana each one of `adds`' options chosen independently; its mana cost ({1})
#   paid from other mana made before it (the land's own {T}: {C} included), as a filter's.
# - Each counter removed is charged the weight `counter` (default 1); a counter put on is free.
# - A loyalty ability (`loyalty: N` on an activated ability of a planeswalker): sorcery timing,
#   illegal when the object says `loyalty_activated: true` (606.3). Its cost is N plus every
#   matching grant's `loyalty` (Carth the Lion: -2 becomes -1, +1 becomes +2; two Carths add
#   2); a negative change needs that many loyalty counters (`counters.loyalty`, default 0), else
#   the ability can't be activated (606.6): `illegal`, as is an activated ability whose own
#   `remove_counters` finds too few counters (the state alone decides it; a mana ability short of
#   counters is just not used). The filter word `ability: loyalty`
#   matches loyalty abilities only.
# - The costs of one payment in order (601.2g then 601.2h): mana abilities remove their counters
#   first, from what the permanent has; then the ability's own cost puts on (+N) and removes
#   (-N, `remove_counters`) in the order the player likes, so additions first: the permanent
#   must have, after the mana abilities, at least the ability's removals less its additions.

@dataclass(frozen=True, slots=True)
class CounterCost:
    """An activated ability's own counter costs, on its permanent."""
    removed: int = 0                          # counters its cost removes (charged)
    short: bool = False                       # too few counters: the cost can't be paid
    loyalty: int | None = None                # the signed loyalty change (a loyalty ability)
    budget: tuple[tuple[str, int], ...] = ()  # what its permanent's mana abilities may remove


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


def _is_remove_counters(c: Any) -> bool:
    return isinstance(c, dict) and "remove_counters" in c


def _remove_counters(c: Any) -> tuple[str, int]:
    """`{remove_counters: {kind, count}}` as (kind, count); count X is -1 (read by `per: removed`)."""
    body = c["remove_counters"]
    count = body.get("count", 1)
    if str(count).upper() == "X":
        return str(body["kind"]), -1
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise BadScenario(f"remove_counters: count must be 1 or more, or X: {count!r}")
    return str(body["kind"]), count


def _loyalty_value(ability: dict[str, Any]) -> int | None:
    """`loyalty: N` of an activated ability (`+N` or `N` adds, `-N` removes), else None."""
    if "loyalty" not in ability:
        return None
    value = ability["loyalty"]
    if isinstance(value, bool):
        raise BadScenario(f"loyalty: not an integer: {value!r}")
    try:
        n = int(str(value).strip())
    except ValueError:
        raise BadScenario(f"loyalty: not an integer: {value!r}") from None
    if not -20 <= n <= 20:
        raise BadScenario(f"loyalty: -20 to +20: {value!r}")
    return n


def _loyalty_illegal(data: dict[str, Any], obj: Obj, ab: dict[str, Any]) -> str | None:
    """Why a loyalty ability can't be activated now (606.3), None when it can (timing aside)."""
    if ab.get("_loyalty") is None:
        return None
    if "planeswalker" not in ab["types"]:
        raise BadScenario(f"{obj.id}: a loyalty ability on a permanent that is no planeswalker")
    if obj.loyalty_activated:
        return f"loyalty: a loyalty ability of {obj.id} was activated this turn (606.3)"
    return None


def ability_counter_costs(data: dict[str, Any], obj: Obj, spell: dict[str, Any]) -> CounterCost:
    """The counters an activated ability's own cost puts on and removes (its `remove_counters`,
    its loyalty after the grants' `loyalty`), and what is left for its permanent's mana
    abilities (601.2g: they go first, then the ability's cost, additions before removals)."""
    if not spell.get("_ability"):
        return CounterCost()
    removes: dict[str, int] = {}
    for kind, n in spell.get("_removes") or []:
        if n < 0:
            raise BadScenario("remove_counters: count X only in a mana ability with per: removed")
        removes[kind] = removes.get(kind, 0) + n
    added: dict[str, int] = {}
    loyalty: int | None = spell.get("_loyalty")
    if loyalty is not None:
        state = data.get("state") or {}
        you = _objects(state.get("you") or {}, "battlefield", "you")
        opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
        for grant, _ in _applying(data, you, opp, spell, obj.id, obj.card, obj):
            if "loyalty" in grant:
                loyalty += _loyalty_value(grant) or 0
        if loyalty > 0:
            added["loyalty"] = loyalty
        elif loyalty < 0:
            removes["loyalty"] = removes.get("loyalty", 0) - loyalty
    have = dict(obj.counters) if obj.zone == "battlefield" else {}
    short = any(have.get(k, 0) + added.get(k, 0) < n for k, n in removes.items())
    budget = {k: max(0, min(n, n + added.get(k, 0) - removes.get(k, 0))) for k, n in have.items()}
    return CounterCost(sum(removes.values()), short, loyalty, tuple(sorted(budget.items())))


def counter_cards(cards: dict[str, Any], permanents: list[Obj], played: Obj, counted: CounterCost
                  ) -> tuple[dict[str, Any], list[Obj]]:
    """Each permanent whose mana abilities remove counters gets a card of its own (`CARD@ID`, its
    name kept) holding the counters it may spend (`_counters`; the played ability's permanent
    keeps what that ability's cost leaves, `counted.budget`)."""
    out = dict(cards)
    objs: list[Obj] = []
    for o in permanents:
        card = cards[o.card]
        if "remove_counters" not in json.dumps(card.get("mana") or []):
            objs.append(o)
            continue
        have = (dict(counted.budget) if o.id == played.id and played.zone == "battlefield"
                else dict(o.counters))
        key = f"{o.card}@{o.id}"
        out[key] = {**card, "name": card.get("name", o.card), "_counters": have}
        objs.append(replace(o, card=key))
    return out, objs


def _have(card: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((card.get("_counters") or {}).items()))


def counter_options(card: dict[str, Any], ability: dict[str, Any]
                    ) -> list[tuple[tuple[str, ...], tuple[tuple[str, int], ...], bool]]:
    """Each option of a mana ability as (mana added, counters removed, activated at most once):
    `per: removed` gives, for X from 1 to the counters its permanent has, each combination of X
    of `adds`' options (each chosen independently); otherwise `adds`' options, each removing
    the ability's fixed `remove_counters`."""
    fixed: dict[str, int] = {}
    x_kind: str | None = None
    for c in ability.get("costs") or []:
        if _is_remove_counters(c):
            kind, n = _remove_counters(c)
            if n < 0:
                x_kind = kind
            else:
                fixed[kind] = fixed.get(kind, 0) + n
    options = produced_options(ability["adds"])
    per_removed = ability.get("per") == "removed"
    if per_removed != (x_kind is not None):
        raise BadScenario("per: removed goes with a remove_counters count X, and only with it")
    if x_kind is None:
        removes = tuple(sorted(fixed.items()))
        return [(adds, removes, False) for adds in options]
    have = dict(_have(card))
    out = []
    for x in range(1, have.get(x_kind, 0) + 1):
        removes = tuple(sorted({**fixed, x_kind: fixed.get(x_kind, 0) + x}.items()))
        for combo in itertools.combinations_with_replacement(options, x):
            out.append((sum(combo, ()), removes, True))
    return out


def _counter_bounds(act: Activation) -> list[int]:
    """How often a free mana ability's counters let it be activated (`per: removed`: once)."""
    have = dict(act.have)
    bounds = [have.get(kind, 0) // n for kind, n in act.counters]
    return bounds + [1] if act.once else bounds


def counters_fit(acts: tuple[Activation, ...]) -> bool:
    """Whether one permanent's activations remove no more counters of a kind than it has."""
    spent: dict[str, int] = {}
    have: dict[str, int] = {}
    for a in acts:
        have.update(a.have)
        for kind, n in a.counters:
            spent[kind] = spent.get(kind, 0) + n
    return all(n <= have.get(kind, 0) for kind, n in spent.items())


def counters_charged(b: Board, acts: list[Activation]) -> int:
    """The weight `counter` for each counter the payment removes (mana abilities' and the
    activated ability's own cost, loyalty included)."""
    removed = b.ability_removes + sum(n for a in acts for _, n in a.counters)
    return removed * b.weights.get("counter", 1)


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
# - `attached_to: ID` on a battlefield object names a permanent on either battlefield, not itself.
# - Refused (not built, the contract's common part): a file with a `replace` effect beside an
#   `adds: untapped` mana ability.

@dataclass(frozen=True, slots=True)
class ManaEffect:
    kind: str                               # replace | trigger
    holder: Obj                             # the permanent with the effect
    sources: str                            # its filter as JSON
    at_least: int                           # replace only
    options: tuple[tuple[str, ...], ...]    # replace: one option; trigger: `adds`' options


# Wrong readings of mana effects (`misreading`): a replacement taking the triggered mana too
# (its count and its mana); a trigger silent when the output was replaced; `attached` ignored (every
# permanent matching the rest); the effect's `controller` ignored (read as any); an opponent's
# effects ignored; `at_least` ignored (every output replaced); at most one replacement per
# activation; replaced mana losing its `only_for`; triggered mana keeping the ability's `only_for`;
# a trigger firing on an activation that makes no mana (106.12a).
GROUP_G1_MUTANTS = ("replace_triggered", "trigger_not_under_replace", "attached_ignored",
                    "controller_ignored", "opponent_effects_ignored", "at_least_ignored",
                    "one_replacement", "replaced_loses_only_for", "trigger_keeps_only_for",
                    "trigger_on_no_mana")

EFFECT_KEYS = {"replace": {"sources", "at_least", "adds"}, "trigger": {"sources", "adds"}}


def _attached_to(entry: dict[str, Any], zone: str, oid: str) -> str | None:
    """A battlefield object's `attached_to` (checked against the battlefields by `read_mana_effects`)."""
    if entry.get("attached_to") is None:
        return None
    if zone != "battlefield":
        raise BadScenario(f"{oid}: attached_to on an object outside the battlefield")
    return str(entry["attached_to"])


def _effect_options(text: Any, where: str, one: bool) -> tuple[tuple[str, ...], ...]:
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
    ids = {o.id for o in field}
    out: list[ManaEffect] = []
    for o in field:
        if o.attached_to is not None and (o.attached_to not in ids or o.attached_to == o.id):
            raise BadScenario(f"{o.id}.attached_to: {o.attached_to!r} names no other permanent")
        if o.controller == "opponent" and "opponent_effects_ignored" in MISREADINGS:
            continue
        for kind, body in _effects_of(cards[o.card], o.card):
            out.append(ManaEffect(kind, o, _fj(body["sources"]), int(body.get("at_least", 2)),
                                  _effect_options(body["adds"], o.card, kind == "replace")))
    return tuple(out)


def reaches(cards: dict[str, Any], e: ManaEffect, o: Obj) -> bool:
    """Whether effect `e`'s `sources` matches the permanent `o`: `controller` relative to the
    effect's permanent's controller (default you), `attached` that permanent's `attached_to`."""
    flt = dict(json.loads(e.sources))
    controller = flt.pop("controller", "you")
    if "controller_ignored" in MISREADINGS:
        controller = "any"
    if controller != "any" and _relative(o.controller, e.holder.controller) != controller:
        return False
    if "attached" in flt:
        attached = flt.pop("attached")
        on_it = e.holder.attached_to is not None and e.holder.attached_to == o.id
        if bool(attached) != on_it and "attached_ignored" not in MISREADINGS:
            return False
    return _matches_obj(cards, o, flt)


def replacement_outcomes(adds: tuple[str, ...], reps: list[ManaEffect]
                         ) -> set[tuple[tuple[str, ...], str | None]]:
    """616.1: every (output, the replacement applied last) the replacements `reps` reach from
    `adds`, in every order: each once, each while the output so far has its `at_least`, one
    applied while any can."""
    out: set[tuple[tuple[str, ...], str | None]] = set()
    least_ignored = "at_least_ignored" in MISREADINGS

    def go(current: tuple[str, ...], used: frozenset[int], last: str | None) -> None:
        can = [k for k, e in enumerate(reps)
               if k not in used and (len(current) >= e.at_least or (least_ignored and current))]
        if not can or (last is not None and "one_replacement" in MISREADINGS):
            out.add((current, last))
            return
        for k in can:
            go(reps[k].options[0], used | {k}, reps[k].holder.id)

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
            if fired and ("replace_triggered" in MISREADINGS
                          or ("trigger_keeps_only_for" in MISREADINGS and a.restricted is not None)):
                # wrong: the triggered mana is part of the ability's output
                base = replace(a, adds=a.adds + sum((f[1] for f in fired), ()))
                fired = ()
            for adds, last in sorted(replacement_outcomes(base.adds, reps), key=repr):
                # 106.12a: "tapped for mana" triggers when the ability produces mana: an
                # activation that makes none (Gaea's Cradle with no creature) fires nothing.
                triggers = fired if adds or "trigger_on_no_mana" in MISREADINGS else ()
                if last is not None and "trigger_not_under_replace" in MISREADINGS:
                    triggers = ()
                restricted = a.restricted
                if last is not None and "replaced_loses_only_for" in MISREADINGS:
                    restricted = None
                v = replace(a, adds=adds, triggers=triggers, restricted=restricted)
                if labels:
                    v = replace(v, replaced_by=last, was=a.adds if last is not None else ())
                else:
                    v = replace(v, triggers=tuple(("", m, s, e) for _, m, s, e in triggers))
                if v not in out:
                    out.append(v)
    return out


# --- An opponent's permanent untapped as a cost; mana from a milled card ----
#
# Read from docs/mtg-format.md and rules 106.7, 605, 601.2g-h as a
# player knows them, never from payplan's engine:
# - `{untap: {count: N, filter}}` in a mana ability's costs (N 1..10, default 1; the filter holds
#   `controller: opponent`, relative to the ability's permanent: yours) untaps N distinct
#   permanents of the opponent that are tapped as the cast begins and match the rest of the
#   filter; one permanent is untapped at most once in a payment (by all abilities together).
#   Each permanent untapped is charged the weight `untap` (default 1; its `value` is not read:
#   untapping loses nothing). An ability that neither taps nor sacrifices its permanent repeats
#   while such permanents remain.
# - `adds: untapped` (Benthic Explorers): one mana of one type the untapped permanent could
#   produce (106.7): the types named by the options of its card's mana abilities, {C} included,
#   costs ignored (a tapped land still could produce; a storage land's `per: removed` names its
#   options whatever its counters), `per` counted on that permanent's controller's side (an
#   amount 0 names nothing), `adds: untapped` or `milled` naming nothing, a face-down
#   permanent nothing. The ability's costs hold exactly one untap atom of count 1.
# - `library_top: [CARD, ...]` (player key): the known cards on top of your library, top first;
#   each a key of `cards`, `library` at least as many. `adds: milled` (Charmed Pendant; its
#   costs hold `{mill: 1}`): the card it mills is the one at the position the mana abilities
#   activated before it (601.2g, in the order the player picks, one order with the filters')
#   have reached, each mana ability's mill counted; for each colored symbol of that card's
#   `cost` one mana: {W} W, {W/U} W or U, {2/W} W, {W/P} W, {G/W/P} G or W; generic, {C}, {X},
#   {S} nothing; a card without `cost` nothing. A Pendant reaching a card beyond `library_top`
#   is never activated (its mana is unknown). The spell's own mill (601.2h) comes after.

# Wrong readings of untap costs and milled mana (`misreading`): an untapped permanent untapped
# again (`untap_untapped`); one permanent untapped by two activations (`untap_twice`);
# could-produce without {C} (`untap_no_colorless`); untapping charged nothing (`untap_free`);
# a hybrid symbol giving both its colors (`hybrid_both`); a Phyrexian symbol giving nothing
# (`phyrexian_nothing`); a hidden card read as the last known one (`hidden_counted`); every
# Pendant milling the first known card (`mill_same_card`); the spell's own mill before the
# mana abilities' (`spell_mill_first`).
G2_MUTANTS = ("untap_untapped", "untap_twice", "untap_no_colorless", "untap_free", "hybrid_both",
              "phyrexian_nothing", "hidden_counted", "mill_same_card", "spell_mill_first")


def _is_untap(c: Any) -> bool:
    return isinstance(c, dict) and len(c) == 1 and "untap" in c


def untap_atoms(ability: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """A mana ability's `{untap: {count, filter}}` atoms as (count, filter JSON)."""
    out: list[tuple[int, str]] = []
    for c in ability.get("costs") or []:
        if not _is_untap(c):
            continue
        body = c["untap"]
        if not isinstance(body, dict) or set(body) - {"count", "filter"}:
            raise BadScenario(f"untap: {{count, filter}} expected: {body!r}")
        count = body.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
            raise BadScenario(f"untap: count must be 1 to 10: {count!r}")
        flt = body.get("filter")
        if not isinstance(flt, dict) or flt.get("controller") != "opponent":
            raise BadScenario("untap: the filter must hold controller: opponent (not built otherwise)")
        out.append((count, _fj(flt)))
    return tuple(out)


def library_top(data: dict[str, Any]) -> list[str]:
    """`state.you.library_top`, checked: card ids of `cards`, no more than `library`."""
    you = (data.get("state") or {}).get("you") or {}
    top = you.get("library_top")
    if top is None:
        return []
    if not isinstance(top, list) or any(str(t) not in data["cards"] for t in top):
        raise BadScenario(f"state.you.library_top: a list of card ids: {top!r}")
    if int(you.get("library", 0)) < len(top):
        raise BadScenario("state.you.library_top: more cards than the library has")
    return [str(t) for t in top]


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
        if a.get("adds") in ("untapped", "milled"):
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
            if times:
                out.update(option)
    if "untap_no_colorless" in MISREADINGS:
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


def milled_options(card: dict[str, Any]) -> list[tuple[str, ...]]:
    """What milling `card` makes a Pendant add: each choice of its colored symbols' colors
    (canonical W U B R G order), [()] when it has none."""
    choices: list[list[tuple[str, ...]]] = []
    for kind, arg in parse_symbols(str(card.get("cost") or "")):
        if kind == "mana" and arg in COLORS:
            choices.append([(arg,)])
        elif kind == "mono":
            choices.append([(arg[1],)])
        elif kind == "phyrexian" and "phyrexian_nothing" not in MISREADINGS:
            choices.append([(arg,)])
        elif kind in ("hybrid", "hphyrexian"):
            if kind == "hphyrexian" and "phyrexian_nothing" in MISREADINGS:
                continue
            if "hybrid_both" in MISREADINGS:
                choices.append([(arg[0], arg[1])])
            else:
                choices.append([(arg[0],), (arg[1],)])
    out: set[tuple[str, ...]] = set()
    for combo in itertools.product(*choices):
        out.add(tuple(sorted(sum(combo, ()), key=MANA.index)))
    return sorted(out)


def g2_cards(data: dict[str, Any]) -> dict[str, Any]:
    """The cards with each `adds: untapped` ability's candidate types written in (`_colors`:
    what the opponent's tapped permanents its filter matches could produce) and each `adds:
    milled` ability's mana per known card (`_milled`, by position in `library_top`)."""
    cards: dict[str, Any] = data["cards"]
    if '"untapped"' not in json.dumps(cards) and '"milled"' not in json.dumps(cards):
        return cards
    state = data.get("state") or {}
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    top = library_top(data)
    if "hidden_counted" in MISREADINGS and top:
        more = min(2, int((state.get("you") or {}).get("library", 0)) - len(top))
        top = top + [top[-1]] * more
    if "mill_same_card" in MISREADINGS:
        top = top[:1]
    out = dict(cards)
    for cid, card in cards.items():
        abilities = []
        for a in card.get("mana") or []:
            if a.get("adds") == "untapped":
                atoms = untap_atoms(a)
                if len(atoms) != 1 or atoms[0][0] != 1:
                    raise BadScenario(f"cards.{cid}: adds: untapped needs exactly one untap atom of count 1")
                flt = _untap_rest(atoms[0][1])
                colors: set[str] = set()
                for o in opp:
                    if (o.tapped or "untap_untapped" in MISREADINGS) and _matches_obj(cards, o, flt):
                        colors |= could_produce(data, o)
                a = {**a, "_colors": "".join(c for c in MANA if c in colors)}
            elif a.get("adds") == "milled":
                if not any(isinstance(c, dict) and c.get("mill") == 1 for c in a.get("costs") or []):
                    raise BadScenario(f"cards.{cid}: adds: milled needs {{mill: 1}} in its costs")
                a = {**a, "_milled": [milled_options(cards[t]) for t in top]}
            abilities.append(a)
        out[cid] = {**card, "mana": abilities} if card.get("mana") else card
    return out


def _untap_rest(fj: str) -> dict[str, Any]:
    """An untap filter without its `controller: opponent` (the objects read are the opponent's)."""
    return {k: v for k, v in (json.loads(fj) or {}).items() if k != "controller"}


def g2_board(data: dict[str, Any], spell: dict[str, Any]) -> dict[str, Any]:
    """The Board's fields for untap costs and milled mana; a Pendant of yours beside a played card
    with delve or an exile_from_graveyard cost is refused (not built)."""
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    top = library_top(data)
    pendant = any(a.get("adds") == "milled" for o in you for a in data["cards"][o.card].get("mana") or [])
    if pendant and (spell.get("delve") or "exile_from_graveyard" in json.dumps(
            data["cards"][_find(data).card])):
        raise BadScenario("adds: milled beside a played card with delve or exile_from_graveyard (not built)")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    if '"untap"' not in json.dumps(data["cards"]):
        return {"known_top": len(top)}
    return {"opp_field": opp, "could": {o.id: could_produce(data, o) for o in opp},
            "known_top": len(top)}


def g2_activations(ability: dict[str, Any], base: Activation) -> list[Activation]:
    """`adds: untapped`: one activation per type some candidate could produce; `adds: milled`:
    one per known card and choice of its symbols' colors."""
    if ability.get("adds") == "untapped":
        if "_colors" not in ability:
            raise BadScenario("adds: untapped is read in a cast's payment only")
        return [replace(base, adds=(c,), untap_colors=frozenset(c)) for c in ability["_colors"]]
    if "_milled" not in ability:
        raise BadScenario("adds: milled is read in a cast's payment only")
    return [replace(base, adds=option, milled=k)
            for k, options in enumerate(ability["_milled"]) for option in options]


def untap_candidate(b: Board, o: Obj, fj: str, colors: frozenset[str] | None) -> bool:
    """Whether an untap atom with filter `fj` may untap the opponent's `o` (tapped, matching;
    for `adds: untapped`, could produce one of `colors`)."""
    if not o.tapped and "untap_untapped" not in MISREADINGS:
        return False
    if not _matches_obj(b.cards, o, _untap_rest(fj)):
        return False
    return colors is None or bool(b.could.get(o.id, frozenset()) & colors)


def untaps_fit(b: Board, acts: list[Activation] | tuple[Activation, ...]) -> bool:
    """Whether the activations' untap atoms can each take their count of distinct permanents."""
    slots = [(fj, a.untap_colors) for a in acts for n, fj in a.untaps for _ in range(n)]
    twice = "untap_twice" in MISREADINGS

    def place(k: int, used: frozenset[str]) -> bool:
        if k == len(slots):
            return True
        fj, colors = slots[k]
        return any(place(k + 1, used if twice else used | {o.id}) for o in b.opp_field
                   if o.id not in used and untap_candidate(b, o, fj, colors))
    return place(0, frozenset())


def untap_charge(b: Board, acts: list[Activation] | tuple[Activation, ...]) -> int:
    """The weight `untap` for each permanent untapped."""
    if "untap_free" in MISREADINGS:
        return 0
    return sum(n for a in acts for n, _ in a.untaps) * b.weights.get("untap", 1)


def _mill_count(a: Activation) -> int:
    return sum(n for k, n, _ in a.parts if k == "mill")


def mill_orders(acts: list[Activation], spell_mill: int) -> list[tuple[int, ...]]:
    """The orders of the milling mana abilities (by index in `acts`) in which each Pendant mills
    the card at its position (the cards milled before it): [()] when no Pendant is used (no
    order is asked), [] when none fits."""
    pendants = [a.milled for a in acts if a.milled >= 0]
    if not pendants or "mill_same_card" in MISREADINGS:
        return [()]
    if len(set(pendants)) != len(pendants):
        return []
    millers = [j for j, a in enumerate(acts) if a.milled >= 0 or _mill_count(a)]
    start = spell_mill if "spell_mill_first" in MISREADINGS else 0
    out: list[tuple[int, ...]] = []
    for order in itertools.permutations(millers):
        at = start
        for j in order:
            if acts[j].milled >= 0 and acts[j].milled != at:
                break
            at += _mill_count(acts[j])
        else:
            out.append(order)
    return out


def chained(preds: list[frozenset[int]], order: tuple[int, ...]) -> list[frozenset[int]]:
    """601.2g's order with the milling abilities activated in `order`."""
    out = list(preds)
    for before, after in zip(order, order[1:]):
        out[after] = out[after] | {before}
    return out


def hidden_reason(b: Board) -> tuple[str, ...]:
    """An unpayable cast's reason when a Pendant of yours would mill a card beyond library_top."""
    pendants = sum(1 for o in b.battlefield for a in b.cards[o.card].get("mana") or []
                   if a.get("adds") == "milled")
    if pendants > b.known_top:
        return ("library_top: the top card of your library is hidden; a mana ability milling it "
                "makes unknown mana and is not used",)
    return ()
