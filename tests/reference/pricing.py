"""Rule 353 by brute force, from the seeds and the spec only (no `payplan.engine` import).

The input is the raw data of a `payplan/1` scenario (a dict, as YAML or JSON reads it). The
reference supports what the generator in `strategies.py` makes plus the spec's shorthands; a key
it does not model (a non-standard cost other than `discard: N`, sources) raises `Unsupported`
rather than being guessed.

The procedure, as seed 004 (rule 353) and seed 000 (Flow) give it:

1. Base cost (353.1): the printed cost, one Flow instance (from the trash only, seed 000), or
   `play_for`. "Ignoring its cost" zeroes the base Energy and Power of the base in use, Flow
   included (issue 10, item 3); "ignoring its Energy/Power cost" zeroes only that part.
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

Readings where the spec is open (the README's and issue 10's, and these):

- Trash: the printed base needs `permit`; Flow is used from the trash only; `play_for` from
  either zone. An explicit `base` that is not among the zone's choices makes the play illegal.
- Amounts count your objects in that zone and never the played card (issue 10, item 4; it is on
  the Chain); `max: might` reads your units on the board.
- Deflect charges for an opponent's object the play chooses, once per listing; an applying
  `ignore_deflect` grant removes it. `at` with no granting object (the card's own or the play's
  discounts) does not hold. `printed_at_least` compares Energy and each pip count.
- Destination: with a Flow base, banishment unless the card's own execution (`instructed_by:
  self`, never a counter) names `to`; without Flow, countered -> trash, else `to` when given,
  else trash for a spell and board for a unit or gear. Executions: 1 + Repeats paid, 0 when
  countered (issue 10, item 5).

Every order of every set of discounts is walked (a memo on (running cost, discounts left) only
merges identical states, so nothing is pruned).
"""

from __future__ import annotations

import itertools
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
    other: tuple[tuple[str, int], ...] = ()

    @property
    def size(self) -> int:
        return self.energy + sum(self.pips)

    def text(self) -> str:
        out = f"[{self.energy}]" if self.energy else ""
        for key, n in zip(PIP_KEYS, self.pips):
            out += f"[{'A' if key == 'any' else key}]" * n
        out += "".join(f"({k} {n})" for k, n in self.other)
        return out or "[0]"

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> Total:
        """The engine's JSON Cost shape (missing keys are 0)."""
        data = data or {}
        pips = [0] * len(PIP_KEYS)
        for key, n in (data.get("power") or {}).items():
            pips[PIP_KEYS.index(key)] += int(n)
        return Total(int(data.get("energy", 0)), tuple(pips), _other(data.get("other") or []))


def _other(items: Iterable[Any]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for item in items:
        ((kind, value),) = dict(item).items()
        if kind != "discard" or not isinstance(value, int):
            raise Unsupported(f"non-standard cost {item!r}")
        counts[kind] = counts.get(kind, 0) + value
    return tuple(sorted((k, n) for k, n in counts.items() if n))


def _add(a: Total, b: Total) -> Total:
    other = dict(a.other)
    for k, n in b.other:
        other[k] = other.get(k, 0) + n
    return Total(a.energy + b.energy, tuple(x + y for x, y in zip(a.pips, b.pips)),
                 tuple(sorted(other.items())))


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
        location = entry.get("location", "base") if zone == "board" else None
        out.append(Obj(oid, entry["card"], controller, zone, location, entry.get("might"),
                       entry.get("value")))
    return out


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


def card_cost(cost: Mapping[str, Any] | None, card: Mapping[str, Any] | None) -> Total:
    """A Cost map; `c` is the card's domain, or [A] with none or several (spec, "Cards")."""
    cost = cost or {}
    pips = [0] * len(PIP_KEYS)
    for key, n in (cost.get("power") or {}).items():
        if key == "c":
            domains = (card or {}).get("domains") or []
            key = domains[0] if len(domains) == 1 else "any"
        pips[PIP_KEYS.index(key)] += int(n)
    return Total(int(cost.get("energy", 0)), tuple(pips), _other(cost.get("other") or []))


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

    def card_of(self, obj: Obj) -> Mapping[str, Any]:
        return self.cards[obj.card]

    def might(self, obj: Obj) -> int | None:
        if obj.might is not None:
            return obj.might
        m = self.card_of(obj).get("might")
        return None if m is None else int(m)


def object_matches(ctx: Context, obj: Obj, flt: Mapping[str, Any]) -> bool:
    """A filter on an object in a zone (spec: type, tags, domain, name, might, location)."""
    card = ctx.card_of(obj)
    for key, want in flt.items():
        if key == "location":
            if obj.location != want:
                return False
        elif key == "controller":
            if obj.controller != want:
                return False
        elif not card_matches(ctx, card, key, want, ctx.might(obj)):
            return False
    return True


def card_matches(ctx: Context, card: Mapping[str, Any], key: str, want: Any,
                 might: int | None) -> bool:
    if key == "type":
        return card.get("type") in as_list(want)
    if key == "tags":
        return set(as_list(want)) <= set(card.get("tags") or [])
    if key == "domain":
        return bool(set(as_list(want)) & set(card.get("domains") or []))
    if key == "name":
        return bool(card.get("name") == want)
    if key == "max_might":
        return might is not None and might <= want
    if key == "min_might":
        return might is not None and might >= want
    raise Unsupported(f"filter key {key}")


def keyword_names(card: Mapping[str, Any]) -> set[str]:
    kw = card.get("keywords") or {}
    names = set()
    for name in ("flow", "repeat"):
        if kw.get(name):
            names.add(name)
    if kw.get("accelerate"):
        names.add("accelerate")
    if kw.get("deflect"):
        names.add("deflect")
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
    if "count" in value:
        zone = value.get("zone", "board")
        you = ctx.state.get("you") or {}
        objs = zone_objects(you, zone, "you")
        # Issue 10, item 4: the played card is on the Chain, in none of your zones.
        n = sum(1 for o in objs if (o.id != ctx.obj.id or "counts_itself" in ctx.mutants)
                and object_matches(ctx, o, value["count"] or {}))
        return n * int(value.get("times", 1))
    if "per" in value:
        return int(ctx.state.get("played_this_turn", 0)) * int(value.get("times", 1))
    raise Unsupported(f"amount {value!r}")


def condition_holds(ctx: Context, base: Base, cond: Any, granter: Obj | None) -> bool:
    """`if` / `while`: a map (every key must hold) or a list of maps (all must hold)."""
    for c in as_list(cond):
        for key, value in dict(c).items():
            if not _one_condition(ctx, base, key, value, granter):
                return False
    return True


def _one_condition(ctx: Context, base: Base, key: str, value: Any, granter: Obj | None) -> bool:
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
        return granter is not None and granter.location == value
    if key == "targets":
        targets = ctx.play.get("targets") or []
        return any(object_matches(ctx, o, value or {}) for o in ctx.board if o.id in targets)
    raise Unsupported(f"condition {key}")


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


def read_discount(ctx: Context, d: Mapping[str, Any], label: str) -> Disc:
    minimum = d.get("minimum") or {}
    branches = tuple((amount(ctx, b.get("energy")), tuple((b.get("power") or {}).items()))
                     for b in d.get("choice") or [])
    return Disc(label, amount(ctx, d.get("energy")), tuple((d.get("power") or {}).items()),
                amount(ctx, minimum.get("energy")), int(minimum.get("power", 0)),
                d.get("component", "total"), branches)


def apply_discount(part: Part, d: Disc) -> set[Part]:
    """Every result of one discount on (Energy, pips); several when it picks pips or a branch."""
    if d.branches:
        out: set[Part] = set()
        for energy, power in d.branches:
            out |= _apply(part, energy, power, d.min_energy, d.min_power)
        return out
    return _apply(part, d.energy, d.power, d.min_energy, d.min_power)


def _apply(part: Part, energy: int, power: Sequence[tuple[str, int]], min_energy: int,
           min_power: int) -> set[Part]:
    e, pips = part
    if energy > 0 and e > min_energy:
        e = max(e - energy, min_energy, 0)
    results = {pips}
    # Domain pips first: `power: {fury: 1}` removes a Fury pip only, never an [A] pip.
    for key, n in sorted(power, key=lambda kv: kv[0] == "any"):
        nxt: set[Pips] = set()
        for p in results:
            room = max(0, sum(p) - min_power)
            if key == "any":
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

    def executions(self, option: Option) -> int:
        """1, plus one per Repeat instance paid; 0 when countered (issue 10, item 5)."""
        if self.leaves.get("by", "resolution") == "counter" and (
                "countered_executes" not in self.mutants):
            return 0
        return 1 + sum(1 for name in option.paid if name.split(".")[0] == "repeat")

    def destination(self, option: Option) -> str:
        """Where the card goes when it leaves the Chain (seed 000; spec "destination")."""
        by = self.leaves.get("by", "resolution")
        to = self.leaves.get("to")
        by_self = self.leaves.get("instructed_by", "other") == "self"
        if option.base.kind == "flow":
            # Seed 000: any departure is banishment unless the spell's own execution directs
            # the move; countering is never its own execution (issue 10, item 2).
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


def optional_names(card: Mapping[str, Any]) -> list[tuple[str, str, Total]]:
    """(name, component, cost) per optional additional cost of the card."""
    kw = card.get("keywords") or {}
    out = []
    acc = kw.get("accelerate")
    if acc:
        if acc is True:
            domains = card.get("domains") or []
            dom = domains[0] if len(domains) == 1 else "any"
            pips = [0] * len(PIP_KEYS)
            pips[PIP_KEYS.index(dom)] = 1
            out.append(("accelerate", "accelerate", Total(1, tuple(pips))))
        else:
            out.append(("accelerate", "accelerate", card_cost(acc, card)))
    for i, rep in enumerate(kw.get("repeat") or []):
        out.append(("repeat" if i == 0 else f"repeat.{i}", "repeat", card_cost(rep, card)))
    for add in card.get("additional_costs") or []:
        if not add.get("mandatory", False):
            out.append((add["id"], "printed", card_cost(add.get("cost"), card)))
    return out


def find_object(data: Mapping[str, Any], oid: str) -> Obj | None:
    state = data.get("state") or {}
    for controller in ("you", "opponent"):
        player = state.get(controller) or {}
        for zone in ("hand", "trash", "board"):
            for o in zone_objects(player, zone, controller):
                if o.id == oid:
                    return o
    return None


MUTANTS: tuple[str, ...] = ("pareto_components", "flow_self_to_trash", "ignore_dropped_on_flow")
# Issue 10's settled points, re-created the same way to name what a campaign on an old engine
# finds: the played card counted in its own zone; a countered spell executed.
# The rules fix for `ignore` covers a `play_for` base as well (rule 353.1: the base cost in use).
SETTLED_MUTANTS: tuple[str, ...] = ("counts_itself", "countered_executes",
                                    "ignore_dropped_on_play_for", "resolution_ignores_to")


def reference_totals(data: Mapping[str, Any], mutant: str | Iterable[str] | None = None
                     ) -> Reference:
    """Legality and every reachable (base, paid optional set, total) of the play in `data`.

    `mutant` re-creates one of issue 10's wrong answers on purpose (tests only: it shows the
    generator reaches each of them, without an old engine): `pareto_components` keeps only the
    Pareto-best results of the component discounts on each optional cost, an [A] pip counted as
    at least as good as a domain pip; `flow_self_to_trash` sends a Flow spell its own execution
    moves to the trash; `ignore_dropped_on_flow` does not apply `ignore` to a Flow base,
    `ignore_dropped_on_play_for` to a `play_for` base; `resolution_ignores_to` sends a spell
    without Flow that its own execution moves (`by: resolution`) to the trash; `counts_itself` counts the played card in amounts; `countered_executes` gives a
    countered spell its executions. Several may be given at once.
    """
    mutants = frozenset([mutant] if isinstance(mutant, str) else mutant or ())
    assert mutants <= set(MUTANTS + SETTLED_MUTANTS), mutants
    cards = data["cards"]
    state = data.get("state") or {}
    play = data["play"]
    if "object" not in play:
        raise Unsupported("play by card")
    obj = find_object(data, play["object"])
    leaves = play.get("leaves_chain") or {}
    empty = Reference(False, [], set(), {}, leaves=leaves)
    if obj is None or obj.controller != "you" or obj.zone not in ("hand", "trash"):
        empty.reasons.append("not in your hand or trash")
        return empty
    zone = obj.zone
    if play.get("from", zone) != zone:
        empty.reasons.append("not in the zone `from` names")
        return empty
    card = cards[obj.card]
    if not timing_ok(card, state):
        empty.reasons.append("timing")
        return empty
    board = [o for c in ("you", "opponent")
             for o in zone_objects(state.get(c) or {}, "board", c)]
    ctx = Context(data, cards, state, play, obj, card, zone, board, mutants)

    # 1. Base cost choices (353.1; seed 000 for Flow; the spec's `base` and trash permissions).
    printed = card_cost(card.get("cost"), card)
    flows = [card_cost(f, card) for f in (card.get("keywords") or {}).get("flow") or []]
    play_for = card_cost(play["play_for"], card) if "play_for" in play else None
    candidates: list[tuple[str, int, Total]] = []
    if zone == "hand" or play.get("permit", False):
        candidates.append(("printed", 0, printed))
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
    if not candidates:
        empty.reasons.append("no way to play it from there")
        return empty
    ignore = play.get("ignore")
    bases = []
    for kind, index, cost in candidates:
        e, pips = cost.energy, cost.pips
        dropped = f"ignore_dropped_on_{kind}" in mutants
        if ignore in ("cost", "energy") and not dropped:
            e = 0
        if ignore in ("cost", "power") and not dropped:
            pips = NO_PIPS
        bases.append(Base(kind, index, Total(e, pips, cost.other)))

    ref = Reference(True, [], set(), {}, card.get("type", ""), leaves, mutants)
    optionals = optional_names(card)
    settings = play.get("optional") or {}
    choices = []
    for name, _, _ in optionals:
        setting = yaml_word(settings.get(name, "no"))
        choices.append([True] if setting == "yes" else [False] if setting == "no" else [True, False])
    for base in bases:
        mods = _modifiers(ctx, base)
        for picks in itertools.product(*choices):
            paid = frozenset(n for (n, _, _), p in zip(optionals, picks) if p)
            starts = _starts(ctx, base, paid, optionals, mods, "pareto_components" in mutants)
            total_discs = mods.total + _unlocked(ctx, base, paid, "total")
            by_start: dict[Total, frozenset[Total]] = {}
            for start in starts:
                parts = every_order((start.energy, start.pips), total_discs)
                by_start[start] = frozenset(Total(e, p, start.other) for e, p in parts)
                for t in by_start[start]:
                    ref.options.add(Option(base, paid, t))
            ref.starts[(base, paid)] = by_start
    return ref


@dataclass
class Mods:
    total: list[Disc]
    component: list[Disc]  # component != total
    increases: list[Total]
    ignore_deflect: bool


def _grants(ctx: Context) -> Iterator[tuple[Obj, Mapping[str, Any]]]:
    """Grants of objects on either board that apply to this play (spec, "Grants")."""
    for o in ctx.board:
        for g in ctx.card_of(o).get("grants") or []:
            applies = dict(g.get("applies_to") or {})
            controller = applies.pop("controller", "you")
            player = "you" if controller == "you" else "opponent"
            # `controller` is relative to the granting object's controller.
            if (o.controller == "you") != (player == "you"):
                continue
            if "from" in applies and applies.pop("from") != ctx.zone:
                continue
            if "keyword" in applies and applies.pop("keyword") not in keyword_names(ctx.card):
                continue
            if not all(card_matches(ctx, ctx.card, k, v, _card_might(ctx.card))
                       for k, v in applies.items()):
                continue
            yield o, g


def _card_might(card: Mapping[str, Any]) -> int | None:
    m = card.get("might")
    return None if m is None else int(m)


def _modifiers(ctx: Context, base: Base) -> Mods:
    mods = Mods([], [], [], False)

    def add_discount(d: Mapping[str, Any], label: str, granter: Obj | None) -> None:
        if not condition_holds(ctx, base, d.get("if"), granter):
            return
        disc = read_discount(ctx, d, label)
        (mods.total if disc.component == "total" else mods.component).append(disc)

    for i, d in enumerate(ctx.card.get("discounts") or []):
        add_discount(d, d.get("id", f"own.{i}"), None)
    for i, d in enumerate(ctx.play.get("discounts") or []):
        add_discount(d, d.get("id", f"play.{i}"), None)
    for o, g in _grants(ctx):
        if not condition_holds(ctx, base, g.get("while"), o):
            continue
        if g.get("discount") is not None:
            add_discount(g["discount"], g["discount"].get("id", o.id), o)
        if g.get("increase") is not None:
            inc = g["increase"]
            if condition_holds(ctx, base, inc.get("if"), o):
                t = card_cost({"power": inc.get("power") or {}}, None)
                mods.increases.append(Total(amount(ctx, inc.get("energy")), t.pips))
        if g.get("ignore_deflect"):
            mods.ignore_deflect = True
    return mods


def _unlocked(ctx: Context, base: Base, paid: frozenset[str], component: str) -> list[Disc]:
    """Discounts a paid printed optional cost unlocks (`unlocks`), on `component` (or not total)."""
    out = []
    for add in ctx.card.get("additional_costs") or []:
        if add.get("mandatory", False) or add["id"] not in paid:
            continue
        for i, d in enumerate(add.get("unlocks") or []):
            if not condition_holds(ctx, base, d.get("if"), None):
                continue
            disc = read_discount(ctx, d, d.get("id", f"{add['id']}.unlock.{i}"))
            if (disc.component == "total") == (component == "total"):
                out.append(disc)
    return out


def _starts(ctx: Context, base: Base, paid: frozenset[str],
            optionals: Sequence[tuple[str, str, Total]], mods: Mods, pareto: bool) -> set[Total]:
    """Every running total before the discounts on the total (steps 1 to 3)."""
    fixed = base.cost
    for add in ctx.card.get("additional_costs") or []:
        if add.get("mandatory", False):
            fixed = _add(fixed, card_cost(add.get("cost"), ctx.card))
    if not mods.ignore_deflect:
        deflect = 0
        for target in ctx.play.get("targets") or []:
            for o in ctx.board:
                if o.id == target and o.controller == "opponent":
                    deflect += int((ctx.card_of(o).get("keywords") or {}).get("deflect", 0))
        fixed = _add(fixed, Total(0, NO_PIPS[:ANY] + (deflect,)))
    for inc in mods.increases:
        fixed = _add(fixed, inc)
    component = mods.component + _unlocked(ctx, base, paid, "component")
    sums: set[Total] = {fixed}
    for name, kind, cost in optionals:
        if name not in paid:
            continue
        applicable = [d for d in component
                      if d.component == "optional" or d.component == kind]
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
