"""Rule 353 by brute force, from the seeds and the spec only (no `payplan.engine` import).

The input is the raw data of a `payplan/1` scenario (a dict, as YAML or JSON reads it). The
reference supports what the generator in `strategies.py` makes plus the spec's shorthands; a key
it does not model (a non-standard cost other than `discard: N`, sources) raises `Unsupported`
rather than being guessed.

The procedure, as rule 353 and the Flow keyword give it:

1. Base cost (353.1): the printed cost, one Flow instance (from the trash only), or
   `play_for`. "Ignoring its cost" zeroes the base Energy and Power of the base in use, Flow
   included; "ignoring its Energy/Power cost" zeroes only that part.
2. Additional costs (353.2): the mandatory printed ones, Deflect (+N [A] per choice of an
   opponent's object with Deflect N, unless an `ignore_deflect` grant applies), and the optional
   ones the player pays (Accelerate, each Repeat instance, printed optional costs). A component
   discount (`component: optional|repeat|accelerate`) applies to its component as it is added,
   in any order among those on the same component, before any discount on the total.
3. Increases (353.3).
4. Discounts on the total (353.4), in every order the player may choose; each minimum binds its
   own discount only (353.4.c); "[A] less" removes pips of the player's choice; "[1] or [A]" is
   one branch of the player's choice. A discount always takes as much as it can.
5. Energy and Power never below 0 (353.5).

Readings where the spec is open (docs/payplan-format.md's, the settled ones, and these):

- Trash: the printed base needs `permit`; Flow is used from the trash only; `play_for` from
  either zone. An explicit `base` that is not among the zone's choices makes the play illegal.
- Amounts count your objects in that zone and never the played card (it is on
  the Chain); `max: might` reads your units on the board.
- Deflect charges for an opponent's object the play chooses, once per listing; an applying
  `ignore_deflect` grant removes it. `at` with no granting object (the card's own or the play's
  discounts) does not hold. `printed_at_least` compares Energy and each pip count.
- Destination: with a Flow base, banishment unless the card's own execution (`instructed_by:
  self`, never a counter) names `to`; without Flow, countered -> trash, else `to` when given,
  else trash for a spell and board for a unit or gear. Executions: 1 + Repeats paid, 0 when
  countered.

Every order of every set of discounts is walked (a memo on (running cost, discounts left) only
merges identical states, so nothing is pruned).

The real-card additions (docs/payplan-format.md and its "Real-card
additions", read there, not from the engine):

- Ability plays (section 1): the ability's cost is the base (kind `printed`), and each of its
  `alternatives` (Legion Marauder's "[1] or [Body]") a base of kind
  `alternative` beside it, priced alike (a base whose `exhaust_self` or `disempower_self` its
  object can't pay is left out; with none left the play is illegal); no additional
  cost but Deflect on the opponent's objects it chooses; its own `discounts` (its object grants
  them), `play.discounts`, and the grants whose `applies_to.ability` names it (`any`, its kind,
  `or_card` for equip/empower/activated); grants without `ability` reach cards only. Timing
  defaults: equip/empower normal, activated reaction. Empower's `times` (default 1) against
  `empowered`, another's against `OBJ.ID` in `used_this_turn`. An effect's payment (`kind:
  payment`) is its cost alone, any timing. An ability's `while` must hold, read
  with its own object as the granting object; outside it the play is illegal. Readings: an ability
  with `targets` needs targets it accepts; `exhaust_self` on an exhausted object and
  `disempower_self` on one not Empowered make the play illegal (docs/payplan-format.md says they "need" it).
  Hiding (section 6) is an ability play of cost [A] (`ability: hide`); a card hidden on an earlier
  turn plays from facedown with Reaction timing, base kind `hidden` of cost [0]; hidden this turn it
  can't.
- A card's `hybrid` pips (a Fury-or-Chaos pip) are announced as one of their two
  domains: the printed base is each choice of halves (an ability's or hiding's cost has none).
- An optional cost with `ignore` ("spend a buff; if you do, ignore this spell's
  cost"): paid, the base in use has that part zeroed as `play.ignore` does; additional costs,
  increases and discounts after it apply as usual.
- Repeatable optional costs (section 2): every count from 0 (`auto`) or 1 (`yes`) to what the
  state holds (objects, buffs, XP, cards; resources for Energy/Power; `max`), or the number
  given; a `per_payment` unlock's amounts times the count, as one discount.
- Victim-reading amounts (section 3): for each paid cost an amount reads, one option per
  distinct printed cost (Energy, Power pips) among your objects its kill filter matches; the
  total's kill names it (`printed_energy`, `printed_power` in its filter, as the plan does).
  `might_of: target` is the first target's Might; `{count: ..., zone: runes}` counts your
  runes, ready or not.
- `tiers` (section 4): the last tier whose `if` holds, alone; none, nothing. `once_per_turn`
  grants are skipped while their id is in `used_this_turn`. Granted Flow `printed`: one more
  Flow instance equal to the printed cost. `ignore: all`: base [0], no additional cost (Deflect
  included) and no increase. Card key `ignore_deflect`: no Deflect on its play.
- Granted and conditional Deflect (809.2): an object's Deflect is its card's
  `keywords.deflect`, plus its own `deflect` (gained from an effect), plus every grant
  `deflect: N` of a board object whose `applies_to` reaches it (read on the object, `controller`
  relative to the granting object's controller, `self: true` the granting object) while its
  `while` holds with the granting object; such a grant reaches objects, never a play. Condition
  `might_at_least`: the granting object's Might (none, or a gear's: it does not hold).
- Granted Repeat (The Academy, Temporal Portal): each active grant with
  `keyword: {repeat: printed|base}` that applies to a card play gives it one more Repeat
  instance, named after its own (`repeat.K`, K the next index; several grants in the order
  they are met), equal to the printed cost (`cost`, no hybrid pip) or to the base in use (the
  option's base, after the play's `ignore`; before an optional cost's own `ignore`).
- Sources (section 5) are read here (`while`, `only_for`, `bonus`, ready when they exhaust;
  the `{kill: {count, filter}}` cost atom that kills other objects) and paid in
  `payer.py`.

The board keys (board conditions and named battlefields):

- Scores (`state.you.score`, `state.opponent.score`, default 0; `state.victory_score`, default
  8), objects' `stunned` and the filter `stunned` (a card that is no board object is not
  stunned; an ability play reads its object). Conditions `score_at_least`,
  `opponent_score_at_least`, `within_of_victory` (your score >= victory_score - N) and
  `opponent_controls`: "you" is the player making the play (always `you` here) or, for a grant,
  the granting object's controller, so an opponent's grant reaching your plays reads the
  opponent's score as its own. `controls` keeps reading your board (the contract: "stays
  yours").
- Named battlefields (`state.battlefields: [{id, card}]`): objects of no player and at no
  location (`at` on a battlefield's grant does not hold); a board or facedown object whose
  `location` is a battlefield id is at that battlefield and so at `battlefield` (filters'
  `location`, the condition `at`). A battlefield's grants reach every play
  (`applies_to.controller` unset or `you`, read for the player making the play); their
  conditions read the player making the play. `here`: the
  granting battlefield (or the named battlefield the granting object stands at) is
  `state.showdown_at`. `units_at`: a named battlefield (`here`: that one; `any`: some one) with
  exactly N units of both players (`where` unset: `any`, docs/payplan-format.md's default); an object at
  the bare word `battlefield` is at none of them.
- Filter `timing` on a play: a card's own timing, Reaction from facedown; an ability's timing
  (its kind's default), hiding normal. On an object: its card's timing.
- `only_here` beside `ignore_deflect` (Heisho): only the Deflect of chosen objects at that
  battlefield is ignored; other chosen objects still charge theirs.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping, Sequence

DOMAINS: tuple[str, ...] = ("fury", "calm", "mind", "body", "chaos", "order")
PIP_KEYS: tuple[str, ...] = DOMAINS + ("any",)
ANY = len(DOMAINS)

Pips = tuple[int, ...]  # counts per PIP_KEYS
Part = tuple[int, Pips]  # (Energy, pips)
NO_PIPS: Pips = (0,) * len(PIP_KEYS)


class Unsupported(Exception):
    """The scenario uses something the reference does not model."""


@dataclass(frozen=True, slots=True)
class Total:
    """A cost: Energy, Power pips by PIP_KEYS, non-standard parts as sorted (kind, count)."""

    energy: int = 0
    pips: Pips = NO_PIPS
    other: tuple[tuple[str, str, int], ...] = ()

    @property
    def size(self) -> int:
        return self.energy + sum(self.pips)

    @property
    def power(self) -> Pips:
        """The pips, by PIP_KEYS (the six domains, then `any`)."""
        return self.pips

    def power_map(self) -> dict[str, int]:
        """The pips as a Power map: domain (or `any`) -> count, nonzero ones only."""
        return {key: n for key, n in zip(PIP_KEYS, self.pips) if n}

    def text(self) -> str:
        out = f"[{self.energy}]" if self.energy else ""
        for key, n in zip(PIP_KEYS, self.pips):
            out += f"[{'A' if key == 'any' else key}]" * n
        out += "".join(f"({k}{' ' + f if f else ''} {n})" for k, f, n in self.other)
        return out or "[0]"

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> Total:
        """The engine's JSON Cost shape (missing keys are 0)."""
        data = data or {}
        pips = [0] * len(PIP_KEYS)
        for key, n in (data.get("power") or {}).items():
            pips[PIP_KEYS.index(key)] += int(n)
        return Total(int(data.get("energy", 0)), tuple(pips), _other(data.get("other") or []))


# Non-standard costs (spec "Costs"; docs/payplan-format.md section 1 for the atoms naming the object
# itself). Counted kinds take a number; the others `{count, filter}` (a bare number is a count
# with no filter). An atom naming the object is that kind with filter `{id: OBJ}`: `exhaust_self`
# is an exhaust of the object itself (docs/payplan-format.md: "in the plan an `{exhaust 1 id=OBJ}`"),
# `kill_self` a kill of it; `banish_self`, `disempower_self`, `recycle_self` keep their names.
COUNTED = ("spend_buff", "spend_xp", "recycle_from_trash")
FILTERED = ("discard", "kill", "exhaust", "return_to_hand")
SELF_ATOMS = {"exhaust_self": "exhaust", "kill_self": "kill", "banish_self": "banish_self",
              "disempower_self": "disempower_self", "recycle_self": "recycle_self"}


def filter_key(flt: Mapping[str, Any] | None) -> str:
    """A filter as a canonical string (sorted keys, lists as given)."""
    return json.dumps(dict(flt or {}), sort_keys=True, separators=(",", ":")) if flt else ""


def _other(items: Iterable[Any], self_id: str | None = None) -> tuple[tuple[str, str, int], ...]:
    counts: dict[tuple[str, str], int] = {}
    for item in items:
        if isinstance(item, str):
            if item not in SELF_ATOMS:
                raise Unsupported(f"non-standard cost {item!r}")
            if self_id is None:
                raise Unsupported(f"{item} outside an ability")
            key = (SELF_ATOMS[item], filter_key({"id": self_id}))
            counts[key] = counts.get(key, 0) + 1
            continue
        ((kind, value),) = dict(item).items()
        if kind in SELF_ATOMS and isinstance(value, int):
            # `{kill_self: 1}`: the bare word's long form (its count is 1).
            if self_id is None:
                raise Unsupported(f"{kind} outside an ability")
            key = (SELF_ATOMS[kind], filter_key({"id": self_id}))
            counts[key] = counts.get(key, 0) + 1
            continue
        if kind in COUNTED and isinstance(value, int):
            key, n = (kind, ""), value
        elif kind in COUNTED + FILTERED or kind in SELF_ATOMS.values():
            if isinstance(value, int):
                key, n = (kind, ""), value
            else:
                value = dict(value)
                key, n = (kind, filter_key(value.get("filter"))), int(value.get("count", 1))
        else:
            raise Unsupported(f"non-standard cost {item!r}")
        counts[key] = counts.get(key, 0) + n
    return tuple(sorted((k, f, n) for (k, f), n in counts.items() if n))


def _add(a: Total, b: Total) -> Total:
    other: dict[tuple[str, str], int] = {}
    for k, f, n in a.other + b.other:
        other[(k, f)] = other.get((k, f), 0) + n
    return Total(a.energy + b.energy, tuple(x + y for x, y in zip(a.pips, b.pips)),
                 tuple(sorted((k, f, n) for (k, f), n in other.items() if n)))


def _times(t: Total, n: int) -> Total:
    return Total(t.energy * n, tuple(x * n for x in t.pips),
                 tuple((k, f, c * n) for k, f, c in t.other if c * n))


# --- Reading the raw scenario -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Obj:
    """An object in some zone, with its controller and zone."""

    id: str
    card: str
    controller: str  # "you" | "opponent"
    zone: str  # hand | trash | board
    location: str | None = None
    might: int | None = None
    value: int | None = None
    exhausted: bool = False
    empowered: int = 0
    buffs: int = 0
    hidden_turn: str = "earlier"
    # Deflect the object gained from an effect (`board[].deflect`).
    deflect: int = 0
    stunned: bool = False


@dataclass(frozen=True, slots=True)
class Rune:
    id: str
    domain: str
    exhausted: bool = False


def zone_objects(player: Mapping[str, Any], zone: str, controller: str) -> list[Obj]:
    """A zone list: dicts or card-id strings (ids `hand[0]`, `opponent.hand[0]`, ...)."""
    out = []
    prefix = "" if controller == "you" else "opponent."
    for i, item in enumerate(player.get(zone) or []):
        entry: dict[str, Any] = {"card": item} if isinstance(item, str) else dict(item)
        oid = entry.get("id", f"{prefix}{zone}[{i}]")
        location = entry.get("location", "base") if zone in ("board", "facedown") else None
        out.append(Obj(oid, entry["card"], controller, zone, location, entry.get("might"),
                       entry.get("value"), bool(entry.get("exhausted", False)),
                       int(entry.get("empowered", 0)), int(entry.get("buffs", 0)),
                       str(entry.get("hidden_turn", "earlier")), int(entry.get("deflect", 0)),
                       bool(entry.get("stunned", False))))
    return out


def battlefields_of(state: Mapping[str, Any]) -> list[Obj]:
    """The named battlefields (`state.battlefields: [{id, card}]`), as
    objects of no player (controller `battlefield`) at no location: a battlefield is where
    objects stand, not itself at one, so `{at: ...}` on its grant does not hold (the engine's
    reading too; the contract says nothing of it)."""
    return [Obj(str(b["id"]), str(b["card"]), "battlefield", "battlefield")
            for b in state.get("battlefields") or []]


def runes_of(player: Mapping[str, Any]) -> list[Rune]:
    runes = player.get("runes") or []
    if isinstance(runes, dict):
        out, n = [], 0
        for domain, count in runes.items():
            for _ in range(count):
                n += 1
                out.append(Rune(f"r{n}", domain))
        return out
    return [Rune(r["id"], r["domain"], bool(r.get("exhausted", False))) for r in runes]


def card_cost(cost: Mapping[str, Any] | None, card: Mapping[str, Any] | None,
              self_id: str | None = None) -> Total:
    """A Cost map; `c` is the card's domain, or [A] with none or several (spec, "Cards").
    `self_id`: the object whose ability this cost is (for `exhaust_self` and the like)."""
    cost = cost or {}
    pips = [0] * len(PIP_KEYS)
    for key, n in (cost.get("power") or {}).items():
        if key == "c":
            domains = (card or {}).get("domains") or []
            key = domains[0] if len(domains) == 1 else "any"
        pips[PIP_KEYS.index(key)] += int(n)
    return Total(int(cost.get("energy", 0)), tuple(pips), _other(cost.get("other") or [], self_id))


def yaml_word(value: Any) -> Any:
    """YAML 1.1 reads `yes`/`no` as booleans; the spec's words are `yes`/`no`."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return value


def as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


# --- The play's context --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Base:
    """One base cost choice: kind (printed | flow | play_for), Flow index, cost after `ignore`."""

    kind: str
    index: int
    cost: Total

    def key(self) -> str:
        return f"flow.{self.index}" if self.kind == "flow" else self.kind


@dataclass(frozen=True, slots=True)
class Option:
    """One reachable result: the base, the optional costs paid, the total."""

    base: Base
    paid: frozenset[str]
    total: Total


@dataclass
class Context:
    data: Mapping[str, Any]
    cards: Mapping[str, Mapping[str, Any]]
    state: Mapping[str, Any]
    play: Mapping[str, Any]
    obj: Obj
    card: Mapping[str, Any]
    zone: str
    board: list[Obj] = field(default_factory=list)  # both players' boards
    mutants: frozenset[str] = frozenset()
    # Real-card additions: what kind of play (card | ability | hide | hidden), the ability
    # played (its raw map), and the printed cost (Energy, pips) of the object paid for each
    # victim-reading additional cost.
    kind: str = "card"
    ability: Mapping[str, Any] | None = None
    victims: dict[str, tuple[int, int]] = field(default_factory=dict)
    # "Ignoring any and all costs" (`ignore: all`): no additional cost is paid.
    ignore_all: bool = False

    def card_of(self, obj: Obj) -> Mapping[str, Any]:
        return self.cards[obj.card]

    def battlefields(self) -> list[Obj]:
        """The named battlefields (`state.battlefields`)."""
        return battlefields_of(self.state)

    def battlefield_ids(self) -> set[str]:
        return {b.id for b in self.battlefields()}

    def might(self, obj: Obj) -> int | None:
        """The object's current Might: its `might` when given, else its printed Might plus its
        buffs (a buff is +1 Might). None for a card with no Might."""
        if obj.might is not None:
            return obj.might
        m = self.card_of(obj).get("might")
        if m is None:
            return None
        return int(m) + (0 if "might_ignores_buffs" in self.mutants else obj.buffs)


def at_location(ctx: Context, location: str | None, want: Any) -> bool:
    """An object's location against a filter's `location` or a condition's `at`: the same word
    or battlefield id, or the word `battlefield` for an object at a named battlefield (it is at a
    battlefield)."""
    if location is None:
        return False
    if location == want:
        return True
    if "battlefield_id_elsewhere" in ctx.mutants:
        return False
    return want == "battlefield" and location in ctx.battlefield_ids()


def object_matches(ctx: Context, obj: Obj, flt: Mapping[str, Any]) -> bool:
    """A filter on an object in a zone (spec: type, tags, domain, name, might, location; the
    docs/payplan-format.md's `id`, `printed_energy`, `printed_power`; `controller`: who controls it;
    `stunned`, on the object)."""
    card = ctx.card_of(obj)
    for key, want in flt.items():
        if key == "location":
            if not at_location(ctx, obj.location, want):
                return False
        elif key == "stunned":
            if obj.stunned != bool(want):
                return False
        elif key == "id":
            if obj.id != want:
                return False
        elif key == "controller":
            if obj.controller != want:
                return False
        elif not card_matches(ctx, card, key, want, ctx.might(obj)):
            return False
    return True


def target_matches(ctx: Context, obj: Obj, flt: Mapping[str, Any]) -> bool:
    """A filter on a chosen object (an ability's `targets`, a condition's `targets`): an object
    filter, its `controller` read as who controls the object."""
    if "target_controller_ignored" in ctx.mutants:
        flt = {k: v for k, v in flt.items() if k != "controller"}
    return object_matches(ctx, obj, flt)


def card_matches(ctx: Context, card: Mapping[str, Any], key: str, want: Any,
                 might: int | None) -> bool:
    if key == "type":
        return card.get("type") in as_list(want)
    if key == "tags":
        return set(as_list(want)) <= set(card.get("tags") or [])
    if key == "any_tags":
        # OR over tags ("a Bird, Cat, Dog, or Poro"): one of them will do.
        return bool(set(as_list(want)) & set(card.get("tags") or []))
    if key == "domain":
        return bool(set(as_list(want)) & set(card.get("domains") or []))
    if key == "name":
        # The card's name or its id in `cards` (the conformance examples write the id:
        # `{name: irelia-graceful}`, `{controls: {name: renata-glasc}}`).
        return bool(card.get("name") == want or ctx.cards.get(want) is card)
    if key == "max_might":
        return might is not None and might <= want
    if key == "min_might":
        return might is not None and might >= want
    if key in ("printed_energy", "printed_power"):
        printed = card_cost(card.get("cost"), card)
        return bool((printed.energy if key == "printed_energy" else sum(printed.pips)) == want)
    if key == "timing":
        # A card's timing; the play's timing is read in `_play_matches`.
        return card.get("timing", "normal") in as_list(want)
    if key == "stunned":
        # A card that is no board object is not stunned.
        return not want
    raise Unsupported(f"filter key {key}")


def keyword_names(card: Mapping[str, Any]) -> set[str]:
    kw = card.get("keywords") or {}
    names = {name for name in ("flow", "repeat", "deflect", "hidden") if kw.get(name)}
    # `accelerate: {}` is Accelerate for nothing: the card has the keyword.
    if kw.get("accelerate") not in (None, False):
        names.add("accelerate")
    return names


def amount(ctx: Context, value: Any) -> int:
    """An amount expression (spec, "Discounts and increases")."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    if "max" in value:
        # The highest Might among your units (on your board) matching the filter; 0 if none.
        mights = [ctx.might(o) or 0 for o in ctx.board
                  if o.controller == "you" and ctx.card_of(o).get("type") == "unit"
                  and object_matches(ctx, o, value.get("of") or {})]
        return max(mights, default=0)
    if "count" in value and value.get("zone") == "runes":
        # Your runes, ready or exhausted (docs/payplan-format.md: "counts your runes (of that domain)").
        flt = dict(value["count"] or {})
        domains = as_list(flt.pop("domain", None))
        if flt:
            raise Unsupported(f"rune filter {flt}")
        runes = runes_of(ctx.state.get("you") or {})
        return sum(1 for r in runes if not domains or r.domain in domains) * int(
            value.get("times", 1))
    if "count" in value:
        zone = value.get("zone", "board")
        you = ctx.state.get("you") or {}
        objs = zone_objects(you, zone, "you")
        # The played card is on the Chain, in none of your zones. An ability's
        # object stays on the board: its own count counts it (rules notes).
        on_chain = ctx.kind != "ability" or "ability_counts_exclude_self" in ctx.mutants
        n = sum(1 for o in objs
                if (o.id != ctx.obj.id or not on_chain or "counts_itself" in ctx.mutants)
                and object_matches(ctx, o, value["count"] or {}))
        return n * int(value.get("times", 1))
    if "per" in value:
        return int(ctx.state.get("played_this_turn", 0)) * int(value.get("times", 1))
    # Real-card amounts (docs/payplan-format.md section 3). The printed cost of the object paid for the
    # additional cost named: its Energy, or its Power pips counted together.
    if "printed_energy_of" in value or "printed_power_of" in value:
        victim = ctx.victims.get(value["cost"])
        if victim is None:
            raise Unsupported(f"amount {value!r} without a victim")
        return victim[0] if "printed_energy_of" in value else victim[1]
    if "might_of" in value:
        # The first target's Might (docs/payplan-format.md: "the first target's Might"); none chosen: 0.
        targets = ctx.play.get("targets") or []
        for o in ctx.board:
            if targets and o.id == targets[0]:
                return ctx.might(o) or 0
        return 0
    raise Unsupported(f"amount {value!r}")


def condition_holds(ctx: Context, base: Base, cond: Any, granter: Obj | None,
                    player: str = "you") -> bool:
    """`if` / `while`: a map (every key must hold) or a list of maps (all must hold).
    `player`: whose level, runes and objects the player conditions read (`level_at_least`,
    `runes_at_most`, `controls`): yours, but a Deflect grant's `while` reads its granting
    object's controller's (docs/payplan-format.md: an opponent's Master Yi - Tempered,
    "[Level 6] I have Deflect", reads `state.opponent.xp`)."""
    for c in as_list(cond):
        for key, value in dict(c).items():
            if not _one_condition(ctx, base, key, value, granter, player):
                return False
    return True


def _one_condition(ctx: Context, base: Base, key: str, value: Any, granter: Obj | None,
                   player: str = "you") -> bool:
    if key == "from":
        return bool(ctx.zone == value)
    if key == "not_from":
        return bool(ctx.zone != value)
    if key == "base":
        return value == "flow" and base.kind == "flow"
    if key == "printed_at_least":
        printed = card_cost(ctx.card.get("cost"), ctx.card)
        want = card_cost(value, ctx.card)
        return printed.energy >= want.energy and all(
            p >= w for p, w in zip(printed.pips, want.pips))
    if key == "flag":
        return value in (ctx.state.get("flags") or [])
    if key == "phase":
        return bool(ctx.state.get("phase", "main") == value)
    if key == "at":
        # The granting object is at that location; a discount with no granting object is not.
        # At a named battlefield it is at a battlefield too.
        return granter is not None and at_location(ctx, granter.location, value)
    if key == "here":
        # "During showdowns here" (Mystic Vortex): the showdown is at the
        # granting battlefield (or at the battlefield where the granting object stands).
        here = _here(ctx, granter)
        showdown = ctx.state.get("showdown_at")
        if "here_any_showdown" in ctx.mutants:
            return (showdown is not None) == bool(value)
        return (here is not None and showdown == here) == bool(value)
    if key == "units_at":
        return _units_at(ctx, granter, dict(value))
    if key == "in_showdown":
        # "While I'm in a showdown" (Syndra): the granting object stands at the battlefield
        # `state.showdown_at` names; no granting object, or none given: not.
        showdown = ctx.state.get("showdown_at")
        held = granter is not None and showdown is not None and granter.location == showdown
        return held == bool(value)
    if key == "targets":
        targets = ctx.play.get("targets") or []
        flt = dict(value or {})
        if flt.pop("self", False):
            # "Spells that choose me": the play chooses the granting object itself.
            targets = [t for t in targets if granter is not None and t == granter.id]
        return any(target_matches(ctx, o, flt) for o in ctx.board if o.id in targets)
    you = ctx.state.get(player) or {}
    # Real-card conditions (docs/payplan-format.md section 4 and its "Real-card additions").
    if key == "level_at_least":
        return int(you.get("xp", 0)) >= int(value)
    if key == "played_this_turn_at_least":
        return int(ctx.state.get("played_this_turn", 0)) >= int(value)
    if key == "controls":
        return any(o.controller == player and object_matches(ctx, o, value or {})
                   for o in ctx.board)
    if key == "runes_at_most":
        return len(runes_of(you)) <= int(value)
    if key == "empowered_at_least":
        # The granting object (or the source) has been Empowered that often; none: not.
        return granter is not None and granter.empowered >= int(value)
    if key == "might_at_least":
        # "While Mighty" (at least 5): the granting object's Might as Might
        # is read elsewhere (its `might`, else printed plus buffs); no granting object, or one
        # with no Might (a gear), does not hold.
        might = None if granter is None else ctx.might(granter)
        return might is not None and might >= int(value)
    # Board conditions as state: the players read relative to the player
    # making the play, or for a grant to the granting object's controller (a battlefield has
    # none: the player making the play).
    me = "you" if "grant_conditions_for_player" in ctx.mutants else _viewer(granter)
    them = "opponent" if me == "you" else "you"
    if key == "score_at_least":
        return _score(ctx, me) >= int(value)
    if key == "opponent_score_at_least":
        return _score(ctx, them) >= int(value)
    if key == "within_of_victory":
        return _score(ctx, me) >= int(ctx.state.get("victory_score", 8)) - int(value)
    if key == "opponent_controls":
        return any(o.controller == them and object_matches(ctx, o, value or {})
                   for o in ctx.board)
    # Deaths this turn (`state.PLAYER.units_died_this_turn`, default 0): read for the same
    # player the score conditions read (Spoils of War: an enemy unit died this turn).
    if key == "units_died_at_least":
        return _died(ctx, me) >= int(value)
    if key == "opponent_units_died_at_least":
        return _died(ctx, them) >= int(value)
    raise Unsupported(f"condition {key}")


def _viewer(granter: Obj | None) -> str:
    """Whose "you" a condition reads: the granting object's controller; with no granting object
    (the card's own discounts, the play's), or a battlefield's (no controller), the player
    making the play, who is always `you` here."""
    if granter is not None and granter.controller in ("you", "opponent"):
        return granter.controller
    return "you"


def _score(ctx: Context, player: str) -> int:
    return int((ctx.state.get(player) or {}).get("score", 0))


def _died(ctx: Context, player: str) -> int:
    """How many of `player`'s units died this turn (`units_died_this_turn`, default 0)."""
    if "deaths_never_read" in ctx.mutants:
        return 0
    return int((ctx.state.get(player) or {}).get("units_died_this_turn", 0))


def banned(ctx: Context) -> list[str]:
    """The ids of the bans (`state.bans`: "you can't play cards this turn") whose `applies_to`
    reaches this play, read as a grant's filter is read on a play (`_play_matches`: without
    `ability`, card plays only); a banned play is illegal (a "can't" forbids the action: it is
    no cost). Ids default to `ban1`, `ban2`, ... by place, the first free number."""
    if "bans_ignored" in ctx.mutants:
        return []
    bans = list(ctx.state.get("bans") or [])
    taken = {str(b["id"]) for b in bans if b.get("id") is not None}
    out, n = [], 0
    for b in bans:
        ident = b.get("id")
        if ident is None:
            n += 1
            while f"ban{n}" in taken:
                n += 1
            ident = f"ban{n}"
            taken.add(ident)
        if _play_matches(ctx, dict(b.get("applies_to") or {})):
            out.append(str(ident))
    return out


def _here(ctx: Context, granter: Obj | None) -> str | None:
    """The battlefield a `here` reads: the granting battlefield itself, or the named battlefield
    the granting object stands at; none otherwise."""
    if granter is None:
        return None
    if granter.controller == "battlefield":
        return granter.id
    if granter.location in ctx.battlefield_ids():
        return granter.location
    return None


def _units_at(ctx: Context, granter: Obj | None, value: Mapping[str, Any]) -> bool:
    """`{units_at: {count: N, where: here|any}}`: a battlefield with
    exactly N units, both players' counted: `here` the one `_here` names, `any` some named
    battlefield (`where` unset: `any`, as docs/payplan-format.md reads it; the contract gives no default).
    Only named battlefields (`state.battlefields`) are counted: an object at the bare word
    `battlefield` stands at no battlefield one could name."""
    want = int(value["count"])
    where = value.get("where", "any")
    if where == "here":
        here = _here(ctx, granter)
        places = [] if here is None else [here]
    else:
        places = sorted(ctx.battlefield_ids())
    if "controller" in value and "control_never_read" not in ctx.mutants:
        # Only the battlefields that player controls (`state.battlefields[].controller`),
        # the player relative to the one the condition reads for.
        me = _viewer(granter)
        who = me if value["controller"] == "you" else ("opponent" if me == "you" else "you")
        held = {str(b["id"]) for b in ctx.state.get("battlefields") or []
                if b.get("controller") == who}
        places = [b for b in places if b in held]
    own = "units_at_own_only" in ctx.mutants
    return any(sum(1 for o in ctx.board if o.location == b
                   and ctx.card_of(o).get("type") == "unit"
                   and (not own or o.controller == _viewer(granter))) == want for b in places)


@dataclass(frozen=True, slots=True)
class Disc:
    """A discount with its amounts read in the play's context."""

    label: str
    energy: int
    power: tuple[tuple[str, int], ...]
    min_energy: int
    min_power: int
    component: str
    branches: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]  # "[1] or [A]": (energy, power)
    # `only_any_pips` (Weaponmaster, core rules 747.1.c.3): its [A] part takes [A] pips only.
    only_any: bool = False


def read_discount(ctx: Context, d: Mapping[str, Any], label: str, times: int = 1) -> Disc:
    """One discount's amounts read now. A Power map's entries may be amounts (docs/payplan-format.md
    section 3). `times`: a `per_payment` unlock paid that often counts its amounts that many
    times, as one discount (docs/payplan-format.md: "its amounts times the count, as one discount")."""
    minimum = d.get("minimum") or {}
    branches = tuple((amount(ctx, b.get("energy")) * times,
                      tuple((k, amount(ctx, v) * times) for k, v in (b.get("power") or {}).items()))
                     for b in d.get("choice") or [])
    return Disc(label, amount(ctx, d.get("energy")) * times,
                tuple((k, amount(ctx, v) * times) for k, v in (d.get("power") or {}).items()),
                amount(ctx, minimum.get("energy")), int(minimum.get("power", 0)),
                d.get("component", "total"), branches, bool(d.get("only_any_pips", False)))


def apply_discount(part: Part, d: Disc) -> set[Part]:
    """Every result of one discount on (Energy, pips); several when it picks pips or a branch."""
    if d.branches:
        out: set[Part] = set()
        for energy, power in d.branches:
            out |= _apply(part, energy, power, d.min_energy, d.min_power, d.only_any)
        return out
    return _apply(part, d.energy, d.power, d.min_energy, d.min_power, d.only_any)


def _apply(part: Part, energy: int, power: Sequence[tuple[str, int]], min_energy: int,
           min_power: int, only_any: bool = False) -> set[Part]:
    e, pips = part
    if energy > 0 and e > min_energy:
        e = max(e - energy, min_energy, 0)
    results = {pips}
    # Domain pips first: `power: {fury: 1}` removes a Fury pip only, never an [A] pip.
    for key, n in sorted(power, key=lambda kv: kv[0] == "any"):
        nxt: set[Pips] = set()
        for p in results:
            room = max(0, sum(p) - min_power)
            if key == "any" and only_any:
                k = min(n, p[ANY], room)
                q = list(p)
                q[ANY] -= k
                nxt.add(tuple(q))
            elif key == "any":
                # "[A] less": n pips of the player's choice, of any domain or [A], as many as it can.
                k = min(n, sum(p), room)
                nxt |= set(_remove_any(p, k))
            else:
                i = PIP_KEYS.index(key)
                k = min(n, p[i], room)
                q = list(p)
                q[i] -= k
                nxt.add(tuple(q))
        results = nxt
    return {(e, p) for p in results}


def _remove_any(pips: Pips, k: int) -> Iterator[Pips]:
    if k == 0:
        yield pips
        return
    for i, n in enumerate(pips):
        if n:
            q = list(pips)
            q[i] -= 1
            yield from _remove_any(tuple(q), k - 1)


def every_order(start: Part, discs: Sequence[Disc]) -> frozenset[Part]:
    """Every result of applying all `discs`, in every order, with every choice."""

    @lru_cache(maxsize=None)
    def go(part: Part, left: frozenset[int]) -> frozenset[Part]:
        if not left:
            return frozenset({part})
        out: set[Part] = set()
        for i in left:
            for nxt in apply_discount(part, discs[i]):
                out |= go(nxt, left - {i})
        return frozenset(out)

    return go(start, frozenset(range(len(discs))))


# --- Legality ------------------------------------------------------------------------------------


def timing_ok(card: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    phase: str = state.get("phase", "main")
    turn: str = state.get("turn", "you")
    timing = card.get("timing", "normal")
    own_main = turn == "you" and phase == "main"
    if timing == "normal":
        return own_main
    if timing == "action":
        return own_main or phase == "showdown"
    return True  # reaction: any phase, `closed` included


# --- The reference ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Source:
    """A resource ability usable in this payment (spec "sources"; docs/payplan-format.md section 5):
    what one activation adds (its `bonus` included when that holds), what it costs (Energy and
    Power paid from the payment, exhausting and/or killing its object), and whether it may be
    activated any number of times (a converter)."""

    id: str
    adds: Total
    pays: Total
    exhaust: bool
    kill: bool
    repeatable: bool
    value: int | None
    # Costs that kill other objects (Malzahar - Fanatic's "kill a friendly
    # unit or gear"): (filter as `filter_key` gives it, count) per `{kill: ...}` atom, each
    # activation killing that many of your board objects its filter matches.
    kills: tuple[tuple[str, int], ...] = ()


@dataclass
class Reference:
    """Legality and every reachable option of the scenario's play."""

    legal: bool
    reasons: list[str]
    options: set[Option]
    # (base, paid) -> start before the discounts on the total -> totals reached from it
    starts: dict[tuple[Base, frozenset[str]], dict[Total, frozenset[Total]]]
    card_type: str = ""
    leaves: Mapping[str, Any] = field(default_factory=dict)
    mutants: frozenset[str] = frozenset()
    # Real-card additions: the play's kind, the id of the object played or whose ability is
    # played, the sources usable for it, the repeatable optional costs' names.
    kind: str = "card"
    played: str | None = None
    sources: tuple[Source, ...] = ()
    repeatable: frozenset[str] = frozenset()
    # The play's context (for the payer: filters read as the pricing reads them, the targets).
    context: Context | None = None
    # The payer's answers per total (payer._search: targets taken, score, loses), kept.
    payments: dict[Total, tuple[int, int, int] | None] = field(default_factory=dict,
                                                                compare=False, repr=False)
    # The indices of the effects in `state.you.effects` the play uses.
    effects_used: tuple[int, ...] = ()

    def keep(self) -> frozenset[str]:
        """The objects the tie-break keeps on the board where it can (docs/payplan-format.md, "The
        objective"): an ability's own object and the play's chosen targets."""
        if self.context is None:
            return frozenset()
        out = set(self.context.play.get("targets") or [])
        if self.kind == "ability" and self.played is not None:
            out.add(self.played)
        return frozenset(out)

    def executions(self, option: Option) -> int:
        """1, plus one per Repeat instance paid; 0 when countered."""
        if self.leaves.get("by", "resolution") == "counter" and (
                "countered_executes" not in self.mutants):
            return 0
        return 1 + sum(1 for name in option.paid if name.split(".")[0] == "repeat")

    def destination(self, option: Option) -> str | None:
        """Where the card goes when it leaves the Chain (the Flow keyword; spec "destination"). An
        ability play puts no card on the Chain: none (docs/payplan-format.md's plan JSON for abilities)."""
        if self.kind in ("ability", "hide"):
            return None
        by = self.leaves.get("by", "resolution")
        to = self.leaves.get("to")
        by_self = self.leaves.get("instructed_by", "other") == "self"
        if option.base.kind == "flow":
            # Seed 000: any departure is banishment unless the spell's own execution directs
            # the move; countering is never its own execution.
            if to is not None and by_self and by != "counter":
                return "trash" if "flow_self_to_trash" in self.mutants else str(to)
            return "banishment"
        if by == "counter":
            return "trash"
        if by == "resolution" and "resolution_ignores_to" in self.mutants:
            to = None
        if to is not None:
            return str(to)
        return "board" if self.card_type in ("unit", "gear") else "trash"


@dataclass(frozen=True, slots=True)
class Optional_:
    """An optional additional cost: name, component kind, cost of one payment, the raw entry
    (None for Accelerate and Repeat), and for a repeatable one its `max` (None: no limit)."""

    name: str
    kind: str
    cost: Total
    raw: Mapping[str, Any] | None = None
    repeatable: bool = False
    max: int | None = None
    # A granted Repeat equal to the base cost in use (`keyword: {repeat: base}`): its cost is
    # the option's base cost, set per base.
    base_cost: bool = False


def optional_names(card: Mapping[str, Any]) -> list[tuple[str, str, Total]]:
    """(name, component, cost) per optional additional cost of the card."""
    return [(o.name, o.kind, o.cost) for o in _optionals(card)]


def _mandatory(add: Mapping[str, Any]) -> bool:
    """An additional cost is mandatory unless it says `mandatory: false` (the loader's default:
    printed "as an additional cost" text without "may")."""
    return add.get("mandatory", True) is not False


def _additional_costs(ctx: Context) -> list[Mapping[str, Any]]:
    """The played card's printed additional costs; an ability play has none."""
    return list(ctx.card.get("additional_costs") or []) if ctx.kind == "card" else []


def _optionals(card: Mapping[str, Any]) -> list[Optional_]:
    kw = card.get("keywords") or {}
    out = []
    acc = kw.get("accelerate")
    if acc not in (None, False):
        if acc is True:
            domains = card.get("domains") or []
            dom = domains[0] if len(domains) == 1 else "any"
            pips = [0] * len(PIP_KEYS)
            pips[PIP_KEYS.index(dom)] = 1
            out.append(Optional_("accelerate", "accelerate", Total(1, tuple(pips))))
        else:
            out.append(Optional_("accelerate", "accelerate", card_cost(acc, card)))
    for i, rep in enumerate(kw.get("repeat") or []):
        out.append(Optional_(_repeat_name(i), "repeat", card_cost(rep, card)))
    for add in card.get("additional_costs") or []:
        if not _mandatory(add):
            out.append(Optional_(add["id"], "printed", card_cost(add.get("cost"), card), add,
                                 bool(add.get("repeatable", False)), add.get("max")))
    return out


def played_id(data: Mapping[str, Any]) -> str | None:
    """The id of the object a card play names: `object`, or the first of your objects of
    `card` in the zone `from` names (in hand, then trash, then facedown without `from`; the
    spec: "the first object of that card in `from`")."""
    play = data.get("play") or {}
    if "object" in play:
        return str(play["object"])
    if "card" not in play:
        return None
    you = (data.get("state") or {}).get("you") or {}
    zones = [play["from"]] if "from" in play else ["hand", "trash", "facedown"]
    for zone in zones:
        for o in zone_objects(you, zone, "you"):
            if o.card == play["card"]:
                return o.id
    return None


def find_object(data: Mapping[str, Any], oid: str) -> Obj | None:
    state = data.get("state") or {}
    for controller in ("you", "opponent"):
        player = state.get(controller) or {}
        for zone in ("hand", "trash", "board", "facedown"):
            for o in zone_objects(player, zone, controller):
                if o.id == oid:
                    return o
    return None


MUTANTS: tuple[str, ...] = ("pareto_components", "flow_self_to_trash", "ignore_dropped_on_flow")
# Settled points, re-created the same way to name what a campaign on an old engine
# finds: the played card counted in its own zone; a countered spell executed.
# The rules fix for `ignore` covers a `play_for` base as well (rule 353.1: the base cost in use).
SETTLED_MUTANTS: tuple[str, ...] = ("counts_itself", "countered_executes",
                                    "ignore_dropped_on_play_for", "resolution_ignores_to")
# Wrong readings of the real-card additions, each a plausible planner shortcut, to show the
# real-card generator reaches the choices it must get right: a per-payment discount counted
# once; only the first victim's printed cost tried; the first tier that holds instead of the
# last; a converter activated once at most; grants without `ability` reaching abilities; a
# repeatable cost paid 0 or 1 times only; an ability's `alternatives` left out; the
# objects a source's kill atom kills left free to pay the rest of the payment (another source,
# an exhaust or kill cost) and to stay for the tie-break; a source's kills left out of rule 357.3.
# Of granted Deflect: an object's Deflect its printed keyword only (no grant, nothing gained);
# a Deflect grant's `controller` read as a player (`you`: you) rather than relative to the
# granting object's controller; a grant never reaching its own granting object (so `self: true`
# reaches nothing).
REAL_MUTANTS: tuple[str, ...] = ("per_payment_once", "first_victim", "first_tier",
                                 "converter_once", "card_grants_reach_abilities",
                                 "repeat_at_most_once", "alternatives_ignored",
                                 "source_victims_untracked", "source_kills_outside_357_3",
                                 "deflect_printed_only", "deflect_controller_absolute",
                                 "deflect_granter_excluded")

# Wrong answers an engine gave (by class of wrong answer, and the tie-break that keeps objects
# on the board), each re-created as the reading it made, so that a disagreement
# on a generated play can be named by its class and the generator shown to reach each ruling:
# a target's `controller` ignored and Equip aimed at any unit; a grant's `applies_to.location`
# never matching; a mandatory cost's `unlocks` never applying; an ability's counts leaving out
# its own object; a repeatable cost capped by the resources before its per-payment discounts;
# a kill cost free to kill the play's target; a source's object barred from every non-standard
# cost of the play; Might read without buffs; equal scores ranked by the smaller total alone.
ENGINE_MUTANTS: dict[str, str] = {
    "target_controller_ignored": "class 1",
    "grant_location_never": "class 2",
    "mandatory_unlocks_ignored": "class 3",
    "ability_counts_exclude_self": "class 4",
    "repeat_capped_before_discounts": "class 5",
    "kill_target_allowed": "class 6",
    "source_object_barred": "class 7",
    "might_ignores_buffs": "class 11",
    "tiebreak_size_first": "tie-break",
}

# Wrong readings of the board keys, each a plausible shortcut, to show
# the real-card generator reaches the choice: an opponent's grant's conditions read for the
# player making the play; an object at a battlefield id not at `battlefield`; `here` holding
# in any showdown; `units_at` counting only the units of the player it is read for; a Hidden
# card played from facedown at its card's timing; Heisho's `only_here` ignoring all Deflect.
BOARD_MUTANTS: tuple[str, ...] = ("grant_conditions_for_player", "battlefield_id_elsewhere",
                                  "here_any_showdown", "units_at_own_only",
                                  "facedown_card_timing", "only_here_everywhere")
# Wrong readings of granted Repeat and the turn's effects, each a plausible shortcut, to show the
# generators reach what tells them apart: a granted Repeat `base` read as the printed cost, a
# `printed` one read as the base in use; the effects in the state left out of the play; the
# effects' discounts applied before every other discount on the total (not in the order the
# player chooses). The turn brute force's own: `turn.EFFECT_TURN_MUTANTS`.
EFFECT_MUTANTS: tuple[str, ...] = ("repeat_base_as_printed", "repeat_printed_as_base",
                                   "effects_ignored", "effects_first")
# Wrong readings of the play bans and the deaths counted this turn: the bans never read; the
# deaths never read (every `units_died_at_least` N > 0 false).
# Of the other card-pool keys: a granted Repeat's fixed cost read as the printed cost; a
# battlefield's control never read (`units_at.controller` ignored); a trigger's Deflect free.
POOL_MUTANTS: tuple[str, ...] = ("bans_ignored", "deaths_never_read", "repeat_cost_as_printed",
                                 "control_never_read", "trigger_deflect_free",
                                 "missing_optional_ignored", "card_targets_unchecked")

ABILITY_TIMING = {"equip": "normal", "empower": "normal", "activated": "reaction"}


def reference_totals(data: Mapping[str, Any], mutant: str | Iterable[str] | None = None,
                     price: bool = True) -> Reference:
    """Legality and every reachable (base, paid optional set, total) of the play in `data`;
    with `price=False` legality and the play's reading only (its context and sources: what a
    payment check needs), no option.

    `mutant` re-creates one of the settled wrong answers on purpose (tests only: it shows the
    generator reaches each of them, without an old engine): `pareto_components` keeps only the
    Pareto-best results of the component discounts on each optional cost, an [A] pip counted as
    at least as good as a domain pip; `flow_self_to_trash` sends a Flow spell its own execution
    moves to the trash; `ignore_dropped_on_flow` does not apply `ignore` to a Flow base,
    `ignore_dropped_on_play_for` to a `play_for` base; `resolution_ignores_to` sends a spell without
    Flow that its own execution moves (`by: resolution`) to the trash; `counts_itself` counts the
    played card in amounts; `countered_executes` gives a countered spell its executions. Several may
    be given at once.
    """
    mutants = frozenset([mutant] if isinstance(mutant, str) else mutant or ())
    assert mutants <= set(MUTANTS + SETTLED_MUTANTS + REAL_MUTANTS + tuple(ENGINE_MUTANTS)
                          + BOARD_MUTANTS + EFFECT_MUTANTS + POOL_MUTANTS), mutants
    cards = data["cards"]
    state = data.get("state") or {}
    play = data["play"]
    leaves = play.get("leaves_chain") or {}
    board = [o for c in ("you", "opponent")
             for o in zone_objects(state.get(c) or {}, "board", c)]
    if "ability" in play or "hide" in play:
        return _ability_totals(data, board, mutants, price)
    oid = played_id(data)
    if oid is None:
        raise Unsupported("a play naming no object")
    obj = find_object(data, oid)
    empty = Reference(False, [], set(), {}, leaves=leaves)
    if obj is None or obj.controller != "you" or obj.zone not in ("hand", "trash", "facedown"):
        empty.reasons.append("not in your hand or trash")
        return empty
    zone = obj.zone
    if play.get("from", zone) != zone:
        empty.reasons.append("not in the zone `from` names")
        return empty
    card = cards[obj.card]
    ctx = Context(data, cards, state, play, obj, card, zone, board, mutants)
    bans = banned(ctx)
    if bans:
        empty.reasons += [f"ban {b}" for b in bans]
        return empty
    # A card that chooses (card key `targets: FILTER`, read as an ability's `targets`): its
    # play names one target at least, each one the filter accepts; illegal otherwise.
    if "targets" in card and "card_targets_unchecked" not in mutants:
        chosen = play.get("targets") or []
        accepted = set(_accepted(ctx, {"targets": card["targets"]}))
        if not chosen or any(t not in accepted for t in chosen):
            empty.reasons.append("targets")
            return empty
    ignore = play.get("ignore")
    if zone == "facedown":
        # Hidden (docs/payplan-format.md section 6): hidden on an earlier turn, played with Reaction
        # timing, its base cost ignored (kind `hidden`: its Energy and Power; a non-standard
        # part stays, as under "ignoring its cost"); hidden this turn: not that way. A
        # `play_for` cost is a base too (docs/payplan-format.md: the effect's "play it for"); `base`
        # chooses among them (`printed` names the hidden base); `ignore` zeroes a `play_for`
        # base, and `ignore: all` leaves nothing of either.
        if not timing_ok({"timing": "reaction"}, state):
            empty.reasons.append("timing")
            return empty
        printed = card_cost(card.get("cost"), card)
        found: list[Base] = []
        if obj.hidden_turn == "earlier" and (card.get("keywords") or {}).get("hidden"):
            found.append(Base("hidden", 0, Total(0, NO_PIPS, printed.other)))
        if "play_for" in play:
            found.append(Base("play_for", 0, card_cost(play["play_for"], card)))
        want = play.get("base", "auto")
        kinds = {"auto": ("hidden", "play_for"), "printed": ("hidden",),
                 "play_for": ("play_for",)}.get(want, ()) if isinstance(want, str) else ()
        bases = [b for b in found if b.kind in kinds]
        bases = [b if b.kind == "hidden" and ignore != "all" else _ignored([b], ignore)[0]
                 for b in bases]
        if not bases:
            empty.reasons.append("hidden this turn")
            return empty
    else:
        if not timing_ok(card, state):
            empty.reasons.append("timing")
            return empty
        bases = _card_bases(ctx, mutants)
        if not bases:
            empty.reasons.append("no way to play it from there")
            return empty
    granted = _granted_repeats(ctx)
    own = _optionals(card)
    repeats = sum(1 for o in own if o.kind == "repeat")
    names = {o.name for o in own} | {_repeat_name(repeats + i) for i in range(len(granted))}
    asked = [n for n, v in (play.get("optional") or {}).items() if yaml_word(v) == "yes"]
    if any(n not in names for n in asked) and "missing_optional_ignored" not in mutants:
        # Paying an optional cost the play does not have on this state (a Repeat instance no
        # grant gives it here) is an illegal play.
        empty.reasons.append("an optional cost the play does not have")
        return empty
    ref = Reference(True, [], set(), {}, card.get("type", ""), leaves, mutants, "card", obj.id)
    ref.context = ctx
    ref.sources = _sources(ctx)
    ref.effects_used = effects_used(ctx)
    if price:
        _price(ctx, ref, bases, own, ignore == "all", granted)
    return ref


def _card_bases(ctx: Context, mutants: frozenset[str]) -> list[Base]:
    """Base cost choices (353.1; the Flow keyword for Flow; the spec's `base` and trash permissions)."""
    card, play, zone = ctx.card, ctx.play, ctx.zone
    printed = card_cost(card.get("cost"), card)
    flows = _flows(ctx)
    play_for = card_cost(play["play_for"], card) if "play_for" in play else None
    candidates: list[tuple[str, int, Total]] = []
    if zone == "hand" or play.get("permit", False):
        # Hybrid pips: each announced as one of its two domains, so one
        # printed base per choice of halves.
        for halves in itertools.product(*[list(pair) for pair in card.get("hybrid") or []]):
            with_halves = list(printed.pips)
            for domain in halves:
                with_halves[PIP_KEYS.index(domain)] += 1
            candidates.append(("printed", 0, Total(printed.energy, tuple(with_halves),
                                                   printed.other)))
        candidates += [(b.kind, b.index, b.cost) for b in _alternatives(ctx)]
    if zone == "trash":
        candidates += [("flow", i, f) for i, f in enumerate(flows)]
    if play_for is not None:
        candidates.append(("play_for", 0, play_for))
    want = play.get("base", "auto")
    if want != "auto":
        if isinstance(want, dict):
            kind, index = "flow", int(want["flow"])
        else:
            kind, index = str(want), 0
        candidates = [c for c in candidates if (c[0], c[1]) == (kind, index)]
    ignore = _play_ignore(ctx)
    bases = []
    for kind, index, cost in candidates:
        e, pips = cost.energy, cost.pips
        dropped = f"ignore_dropped_on_{kind}" in mutants
        if ignore in ("cost", "energy", "all") and not dropped:
            e = 0
        if ignore in ("cost", "power", "all") and not dropped:
            pips = NO_PIPS
        other = () if ignore == "all" and not dropped else cost.other
        bases.append(Base(kind, index, Total(e, pips, other)))
    return bases


def _accepted(ctx: Context, ability: Mapping[str, Any]) -> list[str]:
    """The board objects (both players', in state order) an ability's `targets` filter accepts.
    Equip attaches to a unit you control (rules notes), whatever its filter
    says of the controller; another ability's `controller` is who controls the chosen object."""
    accepts = dict(ability.get("targets") or {})
    if ability.get("kind") == "equip" and "target_controller_ignored" not in ctx.mutants:
        accepts["controller"] = "you"
    return [o.id for o in ctx.board if target_matches(ctx, o, accepts)]


def card_targets(data: Mapping[str, Any], oid: str) -> list[str] | None:
    """The board objects (yours first, then the opponent's, in state order) that the card of
    your object `oid` (in hand, trash or facedown) may choose by its card key `targets`; None
    when its card has no such key (its play names what the file gives, unchecked)."""
    obj = find_object(data, oid)
    if obj is None:
        raise Unsupported(f"no object {oid}")
    card = data["cards"][obj.card]
    if "targets" not in card:
        return None
    state = data.get("state") or {}
    board = [o for c in ("you", "opponent") for o in zone_objects(state.get(c) or {}, "board", c)]
    ctx = Context(data, data["cards"], state, {}, obj, card, obj.zone, board, frozenset())
    return _accepted(ctx, {"targets": card["targets"]})


def set_off(ref: Reference) -> list[str]:
    """The triggers a legal card play sets off (card key `triggers`: "when you play ..."), as
    `OBJECT.ID`: of each object on your board, in state order, each trigger of its card, in its
    order, whose `applies_to` the play matches (read as a grant's, on the card as printed) and
    whose `energy_at_least` the card's printed Energy reaches (130.4: a cost an effect reads is
    the printed one, whatever the play pays or ignores). An ability play or hiding sets off
    none. A trigger is no cost: nothing of the price reads it."""
    ctx = ref.context
    if ctx is None or ctx.kind != "card" or not ref.legal:
        return []
    printed = card_cost(ctx.card.get("cost"), ctx.card).energy
    out = []
    for o in ctx.board:
        if o.controller != "you":
            continue
        for t in ctx.card_of(o).get("triggers") or []:
            if "applies_to" in t and not play_matches(ctx, t["applies_to"]):
                continue
            if printed < int(t.get("energy_at_least", 0)):
                continue
            out.append(f"{o.id}.{t['id']}")
    return out


def accepted_targets(data: Mapping[str, Any], oid: str, ability_id: str,
                     mutants: Iterable[str] = ()) -> list[str]:
    """The objects ability `ability_id` of your object `oid` may choose (`payplan hand` plans
    it on each of them)."""
    state = data.get("state") or {}
    obj = find_object(data, oid)
    if obj is None:
        raise Unsupported(f"no object {oid}")
    card = data["cards"][obj.card]
    (ability,) = [a for a in card.get("abilities") or [] if a["id"] == ability_id]
    board = [o for c in ("you", "opponent") for o in zone_objects(state.get(c) or {}, "board", c)]
    ctx = Context(data, data["cards"], state, {}, obj, card, obj.zone, board, frozenset(mutants),
                  "ability", ability)
    return _accepted(ctx, ability)


def _flows(ctx: Context) -> list[Total]:
    """The card's Flow instances, then one per granted Flow "equal to its cost" that applies
    (docs/payplan-format.md section 6: the printed cost, after the card's own)."""
    card = ctx.card
    flows = [card_cost(f, card) for f in (card.get("keywords") or {}).get("flow") or []]
    for o, g in _every_grant(ctx):
        if (g.get("keyword") or {}).get("flow") == "printed" and _grant_active(ctx, o, g):
            flows.append(card_cost(card.get("cost"), card))
    return flows


def effects_after(effects: Sequence[Mapping[str, Any]], used: Sequence[int],
                   created: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The effects after a play that uses those at `used` (each one use
    less, dropped at 0; `uses: turn` never runs out) and whose resolution creates `created`
    (the card's `effect`: each `discounts` entry, then each `grants` entry, an effect of its
    own with `uses` default 1; ids `effect1`, `effect2`, ... unless given). Each is written as
    payplan/1 writes an effect (`written_effect`)."""
    out = []
    for i, e in enumerate(effects):
        if i in used and e.get("uses", 1) != "turn":
            left = int(e.get("uses", 1)) - 1
            if left <= 0:
                continue
            e = dict(e, uses=left)
        out.append(written_effect(e))
    new = [{"discount": d["discount"], **({"applies_to": d["applies_to"]}
                                          if "applies_to" in d else {}),
            "uses": d.get("uses", 1), **({"id": d["id"]} if "id" in d else {})}
           for d in created.get("discounts") or []]
    new += [dict(g, uses=g.get("uses", 1)) for g in created.get("grants") or []]
    taken = {str(e.get("id")) for e in out}
    n = 0
    for e in map(written_effect, new):
        if "id" not in e:
            n += 1
            while f"effect{n}" in taken:
                n += 1
            e["id"] = f"effect{n}"
        taken.add(str(e["id"]))
        out.append(e)
    return out


# The keys of a discount payplan/1 leaves out where their value is empty (a map or a list with
# nothing in it says nothing: `minimum: {}` binds nothing), as docs/payplan-format.md says for
# effects: the one form an effect is written in after a play.
_LEFT_OUT_EMPTY = ("minimum", "power", "choice", "if", "tiers")


def written_effect(effect: Mapping[str, Any]) -> dict[str, Any]:
    """An effect as payplan/1 writes it: an empty `applies_to` left out (it applies to every
    play), its discount written by `written_discount`."""
    out = {k: v for k, v in effect.items() if not (k == "applies_to" and not v)}
    if isinstance(out.get("discount"), Mapping):
        out["discount"] = written_discount(out["discount"])
    return out


def written_discount(discount: Mapping[str, Any]) -> dict[str, Any]:
    """A discount as payplan/1 writes it: `minimum`, `power`, `choice`, `if` and `tiers` left
    out where empty (each tier written alike)."""
    out = {k: v for k, v in discount.items() if not (k in _LEFT_OUT_EMPTY and not v)}
    if "tiers" in out:
        out["tiers"] = [written_discount(t) for t in out["tiers"]]
    return out


def effect_key(effect: Mapping[str, Any]) -> str:
    """An effect as a later play reads it: its grant and `applies_to` and uses left (not its
    id, which nothing reads)."""
    e = {k: v for k, v in effect.items() if k != "id"}
    if not e.get("applies_to"):
        e.pop("applies_to", None)
    e["uses"] = e.get("uses", 1)
    return json.dumps(_without_defaults(e), sort_keys=True)


def _without_defaults(value: Any) -> Any:
    """A map as written, the defaults `payplan play` writes out left out: an amount's
    `times: 1`, a `units_at` condition's `where: any` (docs/payplan-format.md's default)."""
    if isinstance(value, dict):
        return {k: _without_defaults(v) for k, v in value.items()
                if not (k == "times" and v == 1)
                and not (k == "where" and v == "any" and "count" in value)}
    if isinstance(value, list):
        return [_without_defaults(v) for v in value]
    return value


def play_optional_names(data: Mapping[str, Any], oid: str) -> list[str]:
    """The names of the optional costs a card play of your object `oid` has on the scenario's
    state: the card's own, then the Repeat instances grants give it (the
    boards' grants and your effects for the turn that apply to it)."""
    state = data.get("state") or {}
    obj = find_object(data, oid)
    if obj is None:
        raise Unsupported(f"no object {oid}")
    card = data["cards"][obj.card]
    board = [o for c in ("you", "opponent") for o in zone_objects(state.get(c) or {}, "board", c)]
    ctx = Context(data, data["cards"], state, {"object": oid}, obj, card, obj.zone, board)
    own = _optionals(card)
    repeats = sum(1 for o in own if o.kind == "repeat")
    return [o.name for o in own] + [_repeat_name(repeats + i)
                                    for i in range(len(_granted_repeats(ctx)))]


def has_flow(data: Mapping[str, Any], oid: str) -> bool:
    """Whether your object `oid` has a Flow instance, its own or granted, as the scenario stands
    (`payplan hand` lists such a card in the trash)."""
    state = data.get("state") or {}
    obj = find_object(data, oid)
    if obj is None:
        raise Unsupported(f"no object {oid}")
    board = [o for c in ("you", "opponent") for o in zone_objects(state.get(c) or {}, "board", c)]
    play = {"object": oid}
    ctx = Context(data, data["cards"], state, play, obj, data["cards"][obj.card], obj.zone, board)
    return bool(_flows(ctx))


def _ability_totals(data: Mapping[str, Any], board: list[Obj], mutants: frozenset[str],
                    price: bool = True) -> Reference:
    """An ability play (docs/payplan-format.md section 1) or a hide play (section 6): one base, the
    ability's cost (hiding: [A]), priced by rule 353 like a card with no additional costs but
    Deflect; an effect's payment (`kind: payment`) gets no rule-353 step at all (docs/payplan-format.md)."""
    cards, state, play = data["cards"], data.get("state") or {}, data["play"]
    empty = Reference(False, [], set(), {}, kind="ability")
    if "hide" in play:
        obj = find_object(data, play["hide"])
        if obj is None or obj.controller != "you" or obj.zone != "hand":
            empty.reasons.append("not in your hand")
            return empty
        card = cards[obj.card]
        if not (card.get("keywords") or {}).get("hidden"):
            raise Unsupported("hiding a card without Hidden")
        if not _hiding_place(state) and "control_never_read" not in mutants:
            empty.reasons.append("no battlefield you control without a facedown card")
            return empty
        ability: Mapping[str, Any] = {"id": "hide", "kind": "hide", "timing": "normal",
                                      "cost": {"power": {"any": 1}}}
    else:
        ref_ = play["ability"]
        obj = find_object(data, ref_["object"])
        if obj is None:
            raise Unsupported("no such object")
        card = cards[obj.card]
        found = [a for a in card.get("abilities") or [] if a["id"] == ref_["id"]]
        if not found:
            raise Unsupported("no such ability")
        ability = found[0]
    kind = ability.get("kind", "activated")
    started = kind not in ("payment", "triggered")  # a play the player starts
    if obj.controller != "you" or (started and obj.zone != ("hand" if kind == "hide"
                                                             else "board")):
        empty.reasons.append("not on your board")
        return empty
    ctx = Context(data, cards, state, play, obj, card, obj.zone, board, mutants, "ability",
                  ability)
    bans = banned(ctx)
    if bans:
        empty.reasons += [f"ban {b}" for b in bans]
        return empty
    # "Use only while ..." (377.2.b): the ability's `while`, read with its
    # own object as the granting object (its location, its Empowered count); outside: illegal.
    if not condition_holds(ctx, Base("printed", 0, Total()), ability.get("while"), obj):
        empty.reasons.append("while")
        return empty
    if started:
        timing = ability.get("timing", ABILITY_TIMING.get(kind, "normal"))
        if not timing_ok({"timing": timing}, state):
            empty.reasons.append("timing")
            return empty
    # An ability that chooses (`targets`, a filter) needs its targets, each one it accepts (an
    # Equip with nothing to equip does nothing: the engine refuses it, and so does this).
    if "targets" in ability:
        chosen = play.get("targets") or []
        accepted = set(_accepted(ctx, ability))
        ok = bool(chosen) and all(t in accepted for t in chosen)
        if not ok:
            empty.reasons.append("targets")
            return empty
    # How often it may be used: Empower by the object's `empowered` count (times default 1),
    # another ability with `times` by its `OBJ.ID` entries in `state.you.used_this_turn`.
    times = ability.get("times", 1 if kind == "empower" else None)
    if times is not None:
        if kind == "empower":
            used = obj.empowered
        else:
            used = list((state.get("you") or {}).get("used_this_turn") or []).count(
                f"{obj.id}.{ability['id']}")
        if used >= int(times):
            empty.reasons.append("used up")
            return empty
    cost = card_cost(ability.get("cost"), card, obj.id)
    # Alternative costs (Legion Marauder's Empower "[1] or [Body]"): each a
    # base of its own, kind `alternative`, priced by rule 353 like the printed one.
    own = [Base("alternative", 0, card_cost(alt, card, obj.id))
           for i, alt in enumerate(ability.get("alternatives") or [])] if kind != "payment" and (
               "alternatives_ignored" not in mutants) else []
    # docs/payplan-format.md: `exhaust_self` "the object must be ready", `disempower_self` "needs
    # `empowered` >= 1": read as conditions of activating (illegal, the engine's answer too),
    # not as costs nothing pays (unpayable). With alternatives, a base whose atom can't be met
    # is left out, and the play is illegal when every base is.
    self_filter = filter_key({"id": obj.id})

    def blocked(t: Total) -> str | None:
        if any(k == "disempower_self" for k, _, _ in t.other) and obj.empowered < 1:
            return "not Empowered"
        if any((k, f) == ("exhaust", self_filter) for k, f, _ in t.other) and obj.exhausted:
            return "exhausted"
        return None

    printed_ok = blocked(cost) is None
    own = [b for b in own if blocked(b.cost) is None]
    if not printed_ok and not own:
        empty.reasons.append(str(blocked(cost)))
        return empty
    ignore = _play_ignore(ctx)
    (base,) = _ignored([Base("printed", 0, cost)], ignore)
    ref = Reference(True, [], set(), {}, card.get("type", ""), {}, mutants,
                    "hide" if kind == "hide" else "ability", obj.id)
    ref.context = ctx
    ref.sources = _sources(ctx)
    ref.effects_used = effects_used(ctx)
    if kind == "triggered":
        # A trigger that chooses (Riptide Rex): its cost plus the Deflect of each chosen
        # object of the opponent's, [A] per point, once per choice (353.2.a.2); no grant,
        # discount, increase or effect reaches it.
        deflect = sum(deflect_of(ctx, base, o) for t in play.get("targets") or []
                      for o in board if o.id == t and o.controller == "opponent")
        if "trigger_deflect_free" in mutants:
            deflect = 0
        total = _add(base.cost, Total(0, NO_PIPS[:ANY] + (deflect,)))
        ref.options.add(Option(base, frozenset(), total))
        ref.starts[(base, frozenset())] = {total: frozenset({total})}
        return ref
    if kind == "payment":
        ref.options.add(Option(base, frozenset(), base.cost))
        ref.starts[(base, frozenset())] = {base.cost: frozenset({base.cost})}
        return ref
    if price:
        bases = ([base] if printed_ok else []) + _ignored(own + _alternatives(ctx), ignore)
        _price(ctx, ref, bases, [], ignore == "all")
    return ref


def _hiding_place(state: Mapping[str, Any]) -> bool:
    """Whether hiding has somewhere to put the card: a battlefield you control with no
    facedown card there (either player's; each of your facedown cards at the unnamed
    `battlefield` takes one more). Read only where the file states control (some battlefield
    has a `controller`)."""
    fields = list(state.get("battlefields") or [])
    if not any(b.get("controller") is not None for b in fields):
        return True
    mine = {str(b["id"]) for b in fields if b.get("controller") == "you"}
    facedown = [o for who in ("you", "opponent")
                for o in zone_objects(state.get(who) or {}, "facedown", who)]
    taken = len({o.location for o in facedown if o.location in mine}) + sum(
        1 for o in facedown if o.controller == "you" and o.location == "battlefield")
    return len(mine) > taken


def _alternatives(ctx: Context) -> list[Base]:
    """Base costs granted to pay instead of the base cost (docs/payplan-format.md's grant `alternative`:
    Teemo's "[1] instead of [A]" to hide), from the grants that apply to this play and are
    active; chosen only under `base: auto` (they are neither `printed` nor `play_for`)."""
    return [Base("alternative", 0, card_cost(g["alternative"], None))
            for o, g in _every_grant(ctx)
            if g.get("alternative") is not None and _grant_active(ctx, o, g)]


_IGNORED_PARTS = {"cost": {"energy", "power"}, "energy": {"energy"}, "power": {"power"}}


def _play_ignore(ctx: Context) -> Any:
    """The part of the base cost the play ignores: `play.ignore`, with the parts the effects of
    `state.you.effects` that reach the play add to it (an effect's `ignore`: Jayce, Man of
    Progress's "the next gear you play costs 0 Energy"); energy and power together are `cost`,
    and `all` (only `play.ignore` says it) stays `all`."""
    ignore = ctx.play.get("ignore")
    if ignore == "all":
        return ignore
    parts = set(_IGNORED_PARTS.get(ignore, set())) if ignore else set()
    effects = list((ctx.state.get("you") or {}).get("effects") or [])
    for i in _matching_effects(ctx):
        parts |= _IGNORED_PARTS.get(effects[i].get("ignore"), set())
    if parts == {"energy", "power"}:
        return "cost"
    return next(iter(parts)) if parts else None


def _ignored(bases: Sequence[Base], ignore: Any) -> list[Base]:
    """Bases with the play's `ignore` applied (353.1: the base cost in use); `all` ("ignoring
    any and all costs") leaves nothing, non-standard parts included."""
    out = []
    for b in bases:
        if ignore == "all":
            out.append(Base(b.kind, b.index, Total()))
            continue
        e, pips = b.cost.energy, b.cost.pips
        if ignore in ("cost", "energy", "all"):
            e = 0
        if ignore in ("cost", "power", "all"):
            pips = NO_PIPS
        out.append(Base(b.kind, b.index, Total(e, pips, b.cost.other)))
    return out


def _price(ctx: Context, ref: Reference, bases: Sequence[Base], optionals: Sequence[Optional_],
           ignore_all: bool, granted: Sequence[Any] = ()) -> None:
    """Every reachable option: each base, each count of each optional cost, each victim.

    `granted`: the Repeat instances grants give the card (`printed` or `base`), named after its own
    (`repeat.K`, K the next index), each an optional cost of kind `repeat` equal to the printed cost
    (`cost`, no hybrid pip) or to the base in use (the option's base: Flow, `play_for`, an
    alternative, hidden, after the play's `ignore`; before an optional cost's own `ignore`,
    discounts and increases)."""
    own = sum(1 for o in optionals if o.kind == "repeat")
    printed = card_cost(ctx.card.get("cost"), ctx.card)
    if "repeat_base_as_printed" in ctx.mutants:
        granted = ["printed" if w == "base" else w for w in granted]
    if "repeat_printed_as_base" in ctx.mutants:
        granted = ["base" if w == "printed" else w for w in granted]
    if "repeat_cost_as_printed" in ctx.mutants:
        granted = ["printed" if isinstance(w, Mapping) else w for w in granted]
    extra = [Optional_(_repeat_name(own + i), "repeat",
                       card_cost(word, None) if isinstance(word, Mapping) else printed, None,
                       False, None, word == "base") for i, word in enumerate(granted)]
    optionals = list(optionals) + extra
    settings = ctx.play.get("optional") or {}
    ctx.ignore_all = ignore_all
    ref.repeatable = frozenset(o.name for o in optionals if o.repeatable)
    choices: list[list[int]] = []
    for o in optionals:
        setting = yaml_word(settings.get(o.name, "no"))
        if ignore_all:
            # "Ignoring any and all costs": no additional cost is paid, whatever `optional` says.
            choices.append([0])
        elif not o.repeatable:
            choices.append([1] if setting == "yes" else [0] if setting == "no" else [1, 0])
        else:
            top = _repeat_bound(ctx, o)
            if isinstance(setting, int):
                choices.append([setting])
            else:
                low = 1 if setting == "yes" else 0
                top = min(top, 1) if "repeat_at_most_once" in ctx.mutants else top
                choices.append([0] if setting == "no" else list(range(low, top + 1)))
    everything = optionals
    for base in bases:
        optionals = [dataclasses.replace(o, cost=base.cost) if o.base_cost else o
                     for o in everything]
        for picks in itertools.product(*choices):
            counts = {o.name: n for o, n in zip(optionals, picks) if n}
            paid = frozenset(n if n not in ref.repeatable else f"{n}*{c}"
                             for n, c in counts.items())
            by_start: dict[Total, frozenset[Total]] = {}
            for victims in _victim_choices(ctx, counts):
                ctx.victims = dict((k, (e, p)) for k, (e, p, _) in victims.items())
                mods = _modifiers(ctx, base, ignore_all)
                # An optional cost whose payment ignores the cost (Wallop,
                # Call to Glory): the base in use with that part zeroed (353.1), then the rest.
                used = base
                for o in optionals:
                    if counts.get(o.name) and o.raw is not None and o.raw.get("ignore") \
                            and not ignore_all:
                        (used,) = _ignored([used], o.raw["ignore"])
                starts = _starts(ctx, used, counts, optionals, mods,
                                 "pareto_components" in ctx.mutants, victims, ignore_all)
                total_discs = mods.total + _unlocked(ctx, base, counts, "total")
                for start in starts:
                    parts: set[Part] = set()
                    for first in every_order((start.energy, start.pips), mods.first):
                        parts |= every_order(first, total_discs)
                    reached = frozenset(Total(e, p, start.other) for e, p in parts)
                    by_start[start] = by_start.get(start, frozenset()) | reached
                    for t in reached:
                        ref.options.add(Option(base, paid, t))
            ctx.victims = {}
            ref.starts[(base, paid)] = by_start


def _repeat_bound(ctx: Context, o: Optional_) -> int:
    """How many payments of a repeatable cost could be made at all here: its `max`, and never
    more than the state holds for one of its non-standard parts (objects, buffs, XP, cards).
    Every count up to it is tried; a larger one could not be paid.

    Its Energy and Power are capped by the resources *after* the discounts that reduce them
    (356.4.f): n payments add n times the cost's size (Energy plus pips) and
    its `per_payment` unlocks take at most n times their amounts back, every other discount at
    most its amounts (`_reduction_bound`), and what is left must be paid from at most the units
    the runes (2 each), the pool and the sources can give. So n * (size - per payment) <=
    resources + other reductions; a payment its own unlocks make free is not capped by the
    resources at all, only by `max` and the objects."""
    you = ctx.state.get("you") or {}
    caps = [] if o.max is None else [int(o.max)]
    cost = o.cost
    for kind, flt, n in cost.other:
        want = json.loads(flt) if flt else {}
        owner = want.get("controller", "you")
        if kind == "kill" or kind == "exhaust" or kind == "return_to_hand":
            have = sum(1 for b in ctx.board if b.controller == owner and b.id != ctx.obj.id
                       and object_matches(ctx, b, want))
        elif kind == "discard":
            have = sum(1 for h in zone_objects(ctx.state.get(owner) or {}, "hand", owner)
                       if h.id != ctx.obj.id and object_matches(ctx, h, want))
        elif kind == "spend_buff":
            have = sum(b.buffs for b in ctx.board if b.controller == "you")
        elif kind == "spend_xp":
            have = int(you.get("xp", 0))
        elif kind == "recycle_from_trash":
            have = sum(1 for t in zone_objects(you, "trash", "you") if t.id != ctx.obj.id)
        else:
            have = 1
        caps.append(have // n)
    if cost.energy or any(cost.pips):
        units = _resource_units(ctx)
        if "repeat_capped_before_discounts" in ctx.mutants:
            caps.append(units // max(1, cost.size))
        else:
            own = sum(_discount_bound(ctx, d) for d in (o.raw or {}).get("unlocks") or []
                      if d.get("per_payment"))
            if cost.size > own:
                caps.append((units + _reduction_bound(ctx, o.name)) // (cost.size - own))
    if not caps:
        raise Unsupported("a repeatable cost nothing caps")
    return min(caps)


def _resource_units(ctx: Context) -> int:
    """At most how many Energy and Power units a payment can use: 2 per rune, the pool, and
    each non-repeatable source's `adds` with its `bonus` (a converter gives back what it takes)."""
    you = ctx.state.get("you") or {}
    pool = you.get("pool") or {}
    units = len(runes_of(you)) * 2 + int(pool.get("energy", 0)) + sum(
        int(n) for n in (pool.get("power") or {}).values()) + len(you.get("pool_only") or ())
    for src in you.get("sources") or []:
        if not src.get("repeatable"):
            units += card_cost(src.get("adds"), None).size
            units += card_cost((src.get("bonus") or {}).get("adds"), None).size
    return units


def _reduction_bound(ctx: Context, name: str) -> int:
    """At most how much Energy plus pips every discount but `name`'s own per-payment unlocks can
    take off this play, whatever applies: each discount's amounts read at their largest."""
    found: list[Mapping[str, Any]] = []
    found += list(ctx.card.get("discounts") or []) if ctx.kind == "card" else []
    found += list((ctx.ability or {}).get("discounts") or [])
    found += list(ctx.play.get("discounts") or [])
    for b in ctx.board + ctx.battlefields():
        for g in ctx.card_of(b).get("grants") or []:
            if g.get("discount") is not None:
                found.append(g["discount"])
    for e in (ctx.state.get("you") or {}).get("effects") or []:
        if e.get("discount") is not None:
            found.append(e["discount"])
    for add in _additional_costs(ctx):
        for d in add.get("unlocks") or []:
            if d.get("per_payment") and add.get("repeatable"):
                if add["id"] != name:
                    raise Unsupported("two repeatable costs with per-payment unlocks")
                continue
            found.append(d)
    return sum(_discount_bound(ctx, d) for d in found)


def _discount_bound(ctx: Context, d: Mapping[str, Any]) -> int:
    """The most Energy plus pips one discount (its largest tier or branch) can take."""
    parts = [d] + list(d.get("tiers") or []) + list(d.get("choice") or [])
    return max(_amount_bound(ctx, p.get("energy")) + sum(
        _amount_bound(ctx, v) for v in (p.get("power") or {}).values()) for p in parts)


def _amount_bound(ctx: Context, value: Any) -> int:
    """The largest value an amount expression can have in this state, whatever it reads."""
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    you = ctx.state.get("you") or {}
    mights = [ctx.might(b) or 0 for b in ctx.board]
    printed = [card_cost(ctx.card_of(b).get("cost"), ctx.card_of(b)) for b in ctx.board]
    if "max" in value or "might_of" in value:
        return max(mights, default=0)
    if "count" in value:
        zone = value.get("zone", "board")
        n = len(runes_of(you)) if zone == "runes" else len(you.get(zone) or [])
        return n * int(value.get("times", 1))
    if "per" in value:
        return int(ctx.state.get("played_this_turn", 0)) * int(value.get("times", 1))
    if "printed_energy_of" in value:
        return max((t.energy for t in printed), default=0)
    if "printed_power_of" in value:
        return max((sum(t.pips) for t in printed), default=0)
    raise Unsupported(f"amount {value!r}")


def _victim_refs(value: Any, out: set[str]) -> None:
    if isinstance(value, dict):
        if "printed_energy_of" in value or "printed_power_of" in value:
            out.add(value["cost"])
        for v in value.values():
            _victim_refs(v, out)
    elif isinstance(value, list):
        for v in value:
            _victim_refs(v, out)


def _victim_choices(ctx: Context, counts: Mapping[str, int]
                    ) -> Iterator[dict[str, tuple[int, int, str]]]:
    """For each paid additional cost whose payment an amount reads (docs/payplan-format.md section 3),
    one choice per distinct printed cost (Energy, pips) among the objects that could pay it:
    (energy, pips, the cost's `kill` filter narrowed to that printed cost). A mandatory cost is
    always paid (but not under `ignore: all`), an optional one when `counts` names it."""
    names: set[str] = set()
    _victim_refs(ctx.card.get("additional_costs") or [], names)
    _victim_refs(ctx.card.get("discounts") or [], names)
    paid = set(counts) | ({a["id"] for a in _additional_costs(ctx) if _mandatory(a)}
                          if not ctx.ignore_all else set())
    names &= paid
    per_name: list[list[tuple[str, tuple[int, int, str]]]] = []
    for name in sorted(names):
        (add,) = [a for a in ctx.card.get("additional_costs") or [] if a["id"] == name]
        items = (add.get("cost") or {}).get("other") or []
        if add.get("repeatable") or len(items) != 1 or "kill" not in items[0] or (
                (add.get("cost") or {}).get("energy") or (add.get("cost") or {}).get("power")):
            raise Unsupported("a victim-reading cost other than one kill")
        spec = dict(items[0]["kill"])
        if int(spec.get("count", 1)) != 1:
            raise Unsupported("a victim-reading kill of several")
        flt = dict(spec.get("filter") or {})
        seen: dict[tuple[int, int], str] = {}
        for b in ctx.board:
            if b.controller == flt.get("controller", "you") and object_matches(ctx, b, flt):
                printed = card_cost(ctx.card_of(b).get("cost"), ctx.card_of(b))
                key = (printed.energy, sum(printed.pips))
                seen[key] = filter_key({**flt, "printed_energy": key[0], "printed_power": key[1]})
        choices = [(name, (e, p, f)) for (e, p), f in sorted(seen.items())]
        per_name.append(choices[:1] if "first_victim" in ctx.mutants else choices)
    for combo in itertools.product(*per_name):
        yield dict(combo)


def _sources(ctx: Context) -> tuple[Source, ...]:
    """The sources usable for this play: on your board, their `while` holding, the play
    matching their `only_for` (read against the ability as played), their object ready when
    they exhaust it; `bonus.adds` added while its conditions hold."""
    you = ctx.state.get("you") or {}
    out = []
    base = Base("printed", 0, Total())
    for s in you.get("sources") or []:
        # A source whose object is not on your board (a rune's, a card's in hand) can't exhaust
        # or kill it; one that does neither still pays.
        obj = next((b for b in ctx.board if b.id == s["id"] and b.controller == "you"), None)
        if obj is None and any(c in ("exhaust", "kill") for c in s.get("costs", ["exhaust"])):
            continue
        if not condition_holds(ctx, base, s.get("while"), obj):
            continue
        if "only_for" in s and not _play_matches(ctx, dict(s["only_for"])):
            continue
        adds = card_cost(s.get("adds"), None)
        bonus = s.get("bonus")
        if bonus and condition_holds(ctx, base, bonus.get("while"), obj):
            adds = _add(adds, card_cost(bonus.get("adds"), None))
        pays, exhaust, kill = Total(), False, False
        kills: list[tuple[str, int]] = []
        for c in s.get("costs", ["exhaust"]):
            if c == "exhaust":
                exhaust = True
            elif c == "kill":
                kill = True
            elif isinstance(c, dict) and "kill" in c:
                kills.append(_source_kill(c))
            else:
                pays = _add(pays, card_cost(c, None))
        if pays.other or adds.other:
            raise Unsupported("a source with non-standard parts")
        if exhaust and obj is not None and obj.exhausted:
            continue
        if kills and s.get("repeatable"):
            raise Unsupported("a repeatable source that kills")
        out.append(Source(str(s["id"]), adds, pays, exhaust, kill,
                          bool(s.get("repeatable", False)), None if obj is None else obj.value,
                          tuple(kills)))
    return tuple(out)


def _source_kill(atom: Mapping[str, Any]) -> tuple[str, int]:
    """A source's `{kill: {count: N, filter: FILTER}}` atom (the shape of the
    `other` atom `kill`: a bare number is a count with no filter, the count defaults to 1):
    (the filter as `filter_key` gives it, N). It kills objects of yours: a filter naming another
    controller is not modelled."""
    if len(atom) != 1:
        raise Unsupported("a source cost mixing a kill with something else")
    value = atom["kill"]
    if isinstance(value, int):
        n, flt = value, {}
    else:
        spec = dict(value or {})
        n, flt = int(spec.get("count", 1)), dict(spec.get("filter") or {})
    if flt.get("controller", "you") != "you":
        raise Unsupported("a source killing another player's objects")
    flt.pop("controller", None)
    if n < 1:
        raise Unsupported("a source kill of no object")
    return filter_key(flt), n


def play_matches(ctx: Context, flt: Mapping[str, Any]) -> bool:
    """Whether the play of `ctx` meets `flt` (a source's `only_for`): `_play_matches` on a copy."""
    return _play_matches(ctx, dict(flt))


def _play_matches(ctx: Context, flt: dict[str, Any]) -> bool:
    """A filter on the play (a source's `only_for`, a grant's `applies_to` without its
    `controller`/`from`/`keyword`): `ability` names the ability plays it reaches (equip,
    empower, activated, hide, any; `or_card`: the cards the rest matches and their
    equip/empower/activated abilities); without it, only card plays. The rest of the filter is
    read on the card played, or on the card whose ability it is."""
    want = flt.pop("ability", None)
    if ctx.kind == "ability" and (ctx.ability or {}).get("kind") in ("payment", "triggered"):
        # An effect's "pay X" and a trigger are not plays the player starts: no filter on a
        # play matches them (no grant, effect, ban or `only_for` reaches them).
        return False
    if "location" in flt:
        # Where the play is: an ability's object where it stands; a card
        # played from facedown at the battlefield where it was hidden (811.1.d.1); a card from
        # hand or trash at no location (it is on the Chain), so a `location` does not match it.
        location = flt.pop("location")
        at = ctx.obj.location if ctx.kind == "ability" or ctx.zone == "facedown" else None
        if "grant_location_never" in ctx.mutants or not at_location(ctx, at, location):
            return False
    if "timing" in flt and play_timing(ctx) not in as_list(flt.pop("timing")):
        return False
    if "from" in flt and flt.pop("from") != ctx.zone:
        return False
    if "stunned" in flt:
        # Board conditions: an ability's object as it stands; a card played is no board
        # object, so never stunned.
        stunned = ctx.obj.stunned if ctx.kind == "ability" else False
        if stunned != bool(flt.pop("stunned")):
            return False
    if "keyword" in flt and flt.pop("keyword") not in keyword_names(ctx.card):
        return False
    if "id" in flt and flt.pop("id") != ctx.obj.id:
        return False  # the one object named: the card played, or the object whose ability it is
    if ctx.kind == "card":
        if want not in (None, "or_card"):
            return False
    else:
        kind = (ctx.ability or {}).get("kind", "activated")
        if want is None:
            if "card_grants_reach_abilities" not in ctx.mutants:
                return False
        elif want == "or_card":
            if kind not in ("equip", "empower", "activated"):
                return False
        elif want == "activated" and kind in ("equip", "empower"):
            pass  # Equip and Empower are activated abilities (818.1)
        elif want != "any" and want != kind:
            return False
    return all(card_matches(ctx, ctx.card, k, v, _card_might(ctx.card)) for k, v in flt.items())


def play_timing(ctx: Context) -> str:
    """The play's timing (the filter `timing`): a card's own, Reaction for a
    Hidden card played from facedown; an ability's (its kind's default), hiding normal."""
    if ctx.kind == "ability":
        ability = ctx.ability or {}
        kind = ability.get("kind", "activated")
        return str(ability.get("timing", ABILITY_TIMING.get(kind, "normal")))
    if ctx.zone == "facedown" and "facedown_card_timing" not in ctx.mutants:
        return "reaction"
    return str(ctx.card.get("timing", "normal"))


@dataclass
class Mods:
    total: list[Disc]
    component: list[Disc]  # component != total
    increases: list[Total]
    ignore_deflect: bool
    # Heisho: the battlefields where a chosen object's Deflect is ignored.
    ignore_deflect_at: set[str] = field(default_factory=set)
    # The `effects_first` mutant's effect discounts, applied before the others.
    first: list[Disc] = field(default_factory=list)


def _grant_ident(g: Mapping[str, Any]) -> str | None:
    """A grant's id for `once_per_turn`: its `id`, else its discount's or increase's (the
    engine's documented reading; the spec names only the grant's `id`)."""
    for part in (g, g.get("discount") or {}, g.get("increase") or {}):
        if part.get("id") is not None:
            return str(part["id"])
    return None


def _grant_active(ctx: Context, o: Obj | None, g: Mapping[str, Any]) -> bool:
    """A grant's `while` holds and, once per turn, it has not been used this turn."""
    used = (ctx.state.get("you") or {}).get("used_this_turn") or []
    if g.get("once_per_turn") and _grant_ident(g) in used:
        return False
    return condition_holds(ctx, Base("printed", 0, Total()), g.get("while"), o)


def _grants(ctx: Context) -> Iterator[tuple[Obj, Mapping[str, Any]]]:
    """Grants of objects on either board that apply to this play (spec, "Grants"). A grant of
    Deflect reaches board objects, not plays (`deflect_of`)."""
    for o in ctx.board:
        for g in ctx.card_of(o).get("grants") or []:
            if g.get("deflect") is not None:
                continue
            applies = dict(g.get("applies_to") or {})
            controller = applies.pop("controller", "you")
            player = "you" if controller == "you" else "opponent"
            # `controller` is relative to the granting object's controller.
            if (o.controller == "you") != (player == "you"):
                continue
            # `self: true` on a grant to plays (docs/payplan-format.md): only plays of the
            # granting object itself, its abilities (a card played is not on the board).
            if "self" in applies and bool(applies.pop("self")) != (
                    ctx.kind == "ability" and ctx.obj.id == o.id):
                continue
            if not _play_matches(ctx, applies):
                continue
            yield o, g
    # A named battlefield's grants: it has no controller, so its
    # `applies_to.controller` is read relative to the player making the play (you): unset or
    # `you` reaches every player's plays, yours included; `opponent` would reach nobody's own.
    for b in ctx.battlefields():
        for g in ctx.card_of(b).get("grants") or []:
            applies = dict(g.get("applies_to") or {})
            if applies.pop("controller", "you") != "you":
                continue
            if _play_matches(ctx, applies):
                yield b, g


def deflect_of(ctx: Context, base: Base, obj: Obj) -> int:
    """An object's Deflect (809.2: values stack): its card's
    `keywords.deflect`, plus its own `deflect` (gained from an effect), plus N for every grant
    `deflect: N` of a board object (either player's) that reaches it while the grant's `while`
    holds, read with the granting object (and in the play's context, as other grants' `while`
    are; its player conditions from the granting object's controller, as docs/payplan-format.md reads it)."""
    n = int((ctx.card_of(obj).get("keywords") or {}).get("deflect", 0))
    if "deflect_printed_only" in ctx.mutants:
        return n
    n += obj.deflect
    for granter in ctx.board:
        for g in ctx.card_of(granter).get("grants") or []:
            if g.get("deflect") is None or not _deflect_reaches(ctx, granter, g, obj):
                continue
            if g.get("once_per_turn"):
                raise Unsupported("a Deflect grant once per turn")
            if condition_holds(ctx, base, g.get("while"), granter, granter.controller):
                n += int(g["deflect"])
    return n


def _deflect_reaches(ctx: Context, granter: Obj, g: Mapping[str, Any], obj: Obj) -> bool:
    """A Deflect grant's `applies_to`, read on the board object: `controller` relative to the
    granting object's controller (default the same player), `self: true` the granting object
    itself (the loader takes only `true`), the rest as an object filter (the granting object
    is matched like any other)."""
    flt = dict(g.get("applies_to") or {})
    controller = flt.pop("controller", "you")
    if "deflect_controller_absolute" in ctx.mutants:
        if obj.controller != controller:
            return False
    elif (obj.controller == granter.controller) != (controller == "you"):
        return False
    if obj.id == granter.id and "deflect_granter_excluded" in ctx.mutants:
        return False
    if "self" in flt and bool(flt.pop("self")) != (obj.id == granter.id):
        return False
    # `keyword`: the object's card has it printed (docs/payplan-format.md: a `keyword: deflect` filter
    # reads the card's printed keywords).
    if "keyword" in flt and flt.pop("keyword") not in keyword_names(ctx.card_of(obj)):
        return False
    for key in ("from", "ability"):
        if key in flt:
            raise Unsupported(f"a Deflect grant's applies_to.{key}")
    return object_matches(ctx, obj, flt)


def _every_grant(ctx: Context) -> Iterator[tuple[Obj | None, Mapping[str, Any]]]:
    """The grants that apply to this play, with their granting object: the boards' grants,
    then your effects for the turn (no granting object)."""
    yield from _grants(ctx)
    effects = list((ctx.state.get("you") or {}).get("effects") or [])
    if "effects_ignored" in ctx.mutants:
        return
    for i in _matching_effects(ctx):
        yield None, effects[i]


def _matching_effects(ctx: Context) -> list[int]:
    """The indices of the effects in `state.you.effects` whose
    `applies_to` matches this play (read as a grant's, on the play; a `controller` other than
    `you` reaches no play of yours). The opponent's effects (`state.opponent.effects`) never
    reach your plays. A matching play uses each of them, whatever its discount takes."""
    out = []
    for i, e in enumerate((ctx.state.get("you") or {}).get("effects") or []):
        applies = dict(e.get("applies_to") or {})
        if applies.pop("controller", "you") != "you":
            continue
        if _play_matches(ctx, applies):
            out.append(i)
    return out


def effects_used(ctx: Context) -> tuple[int, ...]:
    """The effects of `state.you.effects` the play uses (section E): those that apply to it
    and whose `while` (if any, read with no granting object) holds."""
    effects = list((ctx.state.get("you") or {}).get("effects") or [])
    return tuple(i for i in _matching_effects(ctx)
                 if condition_holds(ctx, Base("printed", 0, Total()), effects[i].get("while"),
                                    None))


def _granted_repeats(ctx: Context) -> list[Any]:
    """Granted Repeat (The Academy, Temporal Portal, Syndra): one per active grant that
    applies to this card play with `keyword: {repeat: printed|base|COST}` (the word, or the
    fixed Cost), in the order the grants are met (the boards' objects in state order)."""
    if ctx.kind != "card":
        return []
    out = []
    for o, g in _every_grant(ctx):
        word = (g.get("keyword") or {}).get("repeat")
        if word is not None and _grant_active(ctx, o, g):
            out.append(word if isinstance(word, Mapping) else str(word))
    return out


def _repeat_name(i: int) -> str:
    """The name of a card's Repeat instance number `i` (0: `repeat`, then `repeat.1`, ...)."""
    return "repeat" if i == 0 else f"repeat.{i}"


def _card_might(card: Mapping[str, Any]) -> int | None:
    m = card.get("might")
    return None if m is None else int(m)


def _tier(ctx: Context, base: Base, d: Mapping[str, Any], granter: Obj | None
          ) -> Mapping[str, Any] | None:
    """`tiers` (docs/payplan-format.md section 4): the last tier whose `if` holds applies alone, under
    the outer id; none holding, nothing applies. Without tiers, the entry itself when its `if`
    holds."""
    if not condition_holds(ctx, base, d.get("if"), granter):
        return None
    if "tiers" not in d:
        return d
    chosen = None
    for t in d["tiers"]:
        if condition_holds(ctx, base, t.get("if"), granter):
            chosen = t
            if "first_tier" in ctx.mutants:
                break
    return chosen


def _modifiers(ctx: Context, base: Base, ignore_all: bool = False) -> Mods:
    mods = Mods([], [], [], False)

    def add_discount(d: Mapping[str, Any], label: str, granter: Obj | None) -> None:
        t = _tier(ctx, base, d, granter)
        if t is None:
            return
        disc = read_discount(ctx, t, label)
        (mods.total if disc.component == "total" else mods.component).append(disc)

    if ctx.kind == "ability":
        # An ability's own discounts (Hextech Gauntlets): its object is the granting object.
        for i, d in enumerate((ctx.ability or {}).get("discounts") or []):
            add_discount(d, d.get("id", f"own.{i}"), ctx.obj)
    else:
        for i, d in enumerate(ctx.card.get("discounts") or []):
            add_discount(d, d.get("id", f"own.{i}"), None)
    for i, d in enumerate(ctx.play.get("discounts") or []):
        add_discount(d, d.get("id", f"play.{i}"), None)
    if ctx.kind == "card" and ctx.card.get("ignore_deflect"):
        mods.ignore_deflect = True
    for o, g in _every_grant(ctx):
        if not condition_holds(ctx, base, g.get("while"), o):
            continue
        used = (ctx.state.get("you") or {}).get("used_this_turn") or []
        if g.get("once_per_turn") and _grant_ident(g) in used:
            continue
        if g.get("alternative") is not None:
            continue  # a base cost (`_alternatives`), not a modifier
        if g.get("discount") is not None and o is None and "effects_first" in ctx.mutants:
            tier = _tier(ctx, base, g["discount"], o)
            if tier is not None:
                mods.first.append(read_discount(ctx, tier, str(g.get("id", "effect"))))
        elif g.get("discount") is not None:
            label = o.id if o is not None else str(g.get("id", "effect"))
            add_discount(g["discount"], g["discount"].get("id", label), o)
        if g.get("increase") is not None and not ignore_all:
            # "Ignoring any and all costs": no increase applies (docs/payplan-format.md).
            inc = _tier(ctx, base, g["increase"], o)
            if inc is not None:
                t = card_cost({"power": inc.get("power") or {}}, None)
                mods.increases.append(Total(amount(ctx, inc.get("energy")), t.pips))
        if g.get("ignore_deflect"):
            if g.get("only_here") and "only_here_everywhere" not in ctx.mutants:
                # Heisho: only the Deflect of chosen objects at this battlefield is ignored.
                here = _here(ctx, o)
                if here is not None:
                    mods.ignore_deflect_at.add(here)
            else:
                mods.ignore_deflect = True
    return mods


def _unlocked(ctx: Context, base: Base, counts: Mapping[str, int], component: str) -> list[Disc]:
    """Discounts a paid printed additional cost unlocks (`unlocks`), on `component` (or not
    total); a `per_payment` one counts once per payment of a repeatable cost. A mandatory cost is
    always paid, so its unlocks always apply; none under `ignore: all`,
    where no additional cost is paid."""
    out = []
    for add in _additional_costs(ctx):
        mandatory = _mandatory(add)
        if mandatory and ("mandatory_unlocks_ignored" in ctx.mutants or ctx.ignore_all):
            continue
        if not mandatory and add["id"] not in counts:
            continue
        for i, d in enumerate(add.get("unlocks") or []):
            t = _tier(ctx, base, d, None)
            if t is None:
                continue
            n = counts.get(add["id"], 1) if d.get("per_payment") else 1
            if "per_payment_once" in ctx.mutants:
                n = 1
            disc = read_discount(ctx, t, d.get("id", f"{add['id']}.unlock.{i}"), n)
            if (disc.component == "total") == (component == "total"):
                out.append(disc)
    return out


def _starts(ctx: Context, base: Base, counts: Mapping[str, int], optionals: Sequence[Optional_],
            mods: Mods, pareto: bool, victims: Mapping[str, tuple[int, int, str]] | None = None,
            ignore_all: bool = False) -> set[Total]:
    """Every running total before the discounts on the total (steps 1 to 3)."""
    victims = victims or {}
    fixed = base.cost
    if not ignore_all:
        # "Ignoring any and all costs" (Bone Skewer): no mandatory cost, no Deflect.
        for add in _additional_costs(ctx):
            if _mandatory(add):
                cost = card_cost(add.get("cost"), ctx.card)
                if add["id"] in victims:
                    cost = Total(cost.energy, cost.pips, (("kill", victims[add["id"]][2], 1),))
                fixed = _add(fixed, cost)
    if not mods.ignore_deflect and not ignore_all:
        deflect = 0
        for target in ctx.play.get("targets") or []:
            for chosen in ctx.board:
                if chosen.id == target and chosen.controller == "opponent" and (
                        chosen.location not in mods.ignore_deflect_at):
                    deflect += deflect_of(ctx, base, chosen)
        fixed = _add(fixed, Total(0, NO_PIPS[:ANY] + (deflect,)))
    for inc in mods.increases:
        fixed = _add(fixed, inc)
    component = mods.component + _unlocked(ctx, base, counts, "component")
    sums: set[Total] = {fixed}
    for o in optionals:
        n = counts.get(o.name, 0)
        if not n:
            continue
        cost = _times(o.cost, n)
        if o.name in victims:
            cost = Total(cost.energy, cost.pips, (("kill", victims[o.name][2], 1),))
        applicable = [d for d in component
                      if d.component == "optional" or d.component == o.kind]
        parts = every_order((cost.energy, cost.pips), applicable)
        if pareto:
            parts = frozenset(p for p in parts if not any(q != p and _dominates(q, p) for q in parts))
        sums = {_add(s, Total(e, p, cost.other)) for s in sums for e, p in parts}
    return sums


def _dominates(q: Part, p: Part) -> bool:
    """The mutant's wrong argument: q is at least as good as p when it has no more Energy, no
    more pips, and no more pips of each domain (an [A] pip in place of a domain pip)."""
    return (q[0] <= p[0] and sum(q[1]) <= sum(p[1])
            and all(a <= b for a, b in zip(q[1][:ANY], p[1][:ANY])))
