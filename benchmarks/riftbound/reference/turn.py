"""A turn by brute force (`payplan/1`; docs/turns.md), written apart from the planner.

Every sequence of the candidates (each object played as a card at most once from each zone it is
in: a spell played from the hand and then, Flow given, from the trash is two plays; an explicit
list's entries each at most once), each play priced by the reference (`pricing.reference_totals` on the
state the play meets: every base, optional set and total it reaches) and paid every way the rules
allow on that state (`payments`: every use of every rune, every way the pool and the recycled
Power cover the pips, every choice of the cards a discard cost takes), the state evolving between
plays by this module's own model of the rules (`apply`). Ranked as the spec ranks turns: the
largest summed value, then the smallest summed objective, then the smallest summed size.

The model of a play (docs/turns.md, "Between plays", and the seeds):
- The card leaves its zone (hand or trash) and goes where the reference says it goes
  (`Reference.destination`: a Flow play to banishment, a spell to the trash, a unit or gear to
  the board at base; a unit exhausted unless Accelerate was paid).
- Runes: a ready rune left alone, exhausted (1 Energy), or exhausted and recycled (1 Energy and
  1 Power of its domain); an exhausted rune left alone or recycled (1 Power). Recycled runes
  leave the board (to the rune deck). What the runes make joins the pool; the play's total is
  taken from the pool; what is left stays (Energy, and Power as the pip matching leaves it:
  domain pips from their domain or from `any` Power, `[A]` pips from anything left; every
  matching is tried, so every leftover the rules allow is reached).
- A discard cost moves the chosen cards (from hand, not the played one) to the trash, where a
  card with Flow becomes a candidate; a `return_to_hand` cost moves the chosen objects of your
  board to your hand.
- Sources `[exhaust]: add COST` (`state.you.sources`, their object on your board and ready):
  each payment may exhaust any of them, what they add joining the pool (what the play does
  not need floats to the plays after it). What a source with `only_for` adds keeps that
  restriction in the pool: it pays only the plays its filter accepts, then or later.
- A card whose play puts it onto your board (a unit or gear that resolves) with a `source`
  makes its object a source, at the end of `state.you.sources` (an entry for that id gone
  first: a new object, 109): a gear enters ready (147.1) and pays the plays after it, a unit
  exhausted unless Accelerate was paid (731). The usable sources are the pricing's (`while`,
  `only_for`, `bonus` read there); each this module models exhausts its object and costs
  nothing else.
- What the card's resolution does, once per resolution whatever Repeat adds (none when it is
  countered), in this order: `effect.adds`, its `discounts`/`grants` created, `effect.kill:
  targets` (each distinct target of the play still on a board is killed: 415, to its owner's
  trash as a new object, a token to no zone, 183.1, its source gone), `effect.score` (your
  score + N, at most 1,000); then the card leaves the Chain.
- Deaths: each unit killed (by the effect, or as a `kill` cost) adds 1 to its owner's
  `units_died_this_turn`, which the conditions `units_died_at_least` and
  `opponent_units_died_at_least` read (the pricing); a `kill` cost takes objects of your
  board, rule 357.3 keeping the play's targets where a payment can; an object returned to
  hand is a new object (its source gone), a token returned ceases to exist.
- `played_this_turn` + 1 for each card play (Legion's `played_this_turn_at_least`, `per:
  played_this_turn` amounts read it).
- A card's `effect: {adds: COST}` adds COST to the pool when it resolves.
- Effects for the turn: a play uses every effect of `state.you.effects`
  that applies to it (the reference prices it with them: `Reference.effects_used`), each one use
  less and dropped at 0 (`uses: turn` stays); its resolution then creates its card's
  `effect.discounts` and `effect.grants`, each an effect of its own (`pricing.effects_after`).
  Granted Repeat instances (section C) are optional costs the turn chooses (`auto`).
- Grants of a unit played earlier apply to the later plays (the reference prices each play on
  the state it meets, boards included).

The score of a payment is the objective's weights (`payer.weights_of`): each rune exhausted
`exhaust`, recycled `recycle` (or the rune's `value`), each card discarded `discard` (or its
`value`); the pool is free. A play's objective is its score minus the benefits of the `auto`
optional costs it pays.

What the model does not cover raises `Unsupported` (abilities, sources other than `[exhaust]:
add` (with `only_for`, `while`, `bonus`), facedown cards, once-per-turn grants, alternative
bases granted, non-standard costs other than discard, kill and return to hand, a card's own
Repeat, `leaves_chain`), so a turn it can't read is never silently mis-answered.

`compare(data)` asks the planner (`payplan turn --json`: the command table's `answer("turn",
data)`), checks its value, objective and size against the brute force, and replays its plays on
the reference: each legal, its total one the reference reaches, its payment legal on the state it
meets, its score the payment's, the summed objective and value the answer's, and the state after
the last play the answer's (your usable sources, both players' scores and deaths, the
opponent's board and trash included), and each `after` entry's `sources` (where the planner
writes the key) the usable sources of the state after that play.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import itertools
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable, Iterator, Mapping, Sequence

from payplan.planner.commands import answer  # `payplan turn --json`

from .payer import weights_of
from .pricing import (
    ANY,
    DOMAINS,
    PIP_KEYS,
    Option,
    Reference,
    Source,
    Total,
    Unsupported,
    card_cost,
    card_targets,
    effect_key,
    effects_after,
    find_object,
    has_flow,
    object_matches,
    play_matches,
    play_optional_names,
    reference_totals,
    set_off,
    yaml_word,
    zone_objects,
)

State = dict[str, Any]
DEFAULT_MAX_PLAYS = 16
# Seconds the planner gets when its answer under the default limit was cut and disagrees.
RETRY_TIME_LIMIT = 300.0
ZONES = ("hand", "trash", "board", "banishment")


# --- Reading -----------------------------------------------------------------------------------


def normal_state(data: Mapping[str, Any]) -> State:
    """The state as this module keeps it: runes as a list of {id, domain, exhausted}, zones as
    lists of {id, card, ...}, the pool as {energy, power: {key: n}} (keys of PIP_KEYS)."""
    state = copy.deepcopy(dict(data.get("state") or {}))
    state.setdefault("phase", "main")
    state.setdefault("turn", "you")
    state["played_this_turn"] = int(state.get("played_this_turn", 0))
    you = dict(state.get("you") or {})
    if you.get("facedown"):
        raise Unsupported("the turn reference does not model facedown")
    you["sources"] = [_source(s) for s in you.get("sources") or []]
    for card in data["cards"].values():
        if card.get("source") is not None:
            _source({"id": "card", **card["source"]})
    if you.get("used_this_turn"):
        raise Unsupported("used_this_turn")
    runes = you.get("runes") or []
    if isinstance(runes, dict):
        out, n = [], 0
        for domain, count in runes.items():
            for _ in range(count):
                n += 1
                out.append({"id": f"r{n}", "domain": domain, "exhausted": False})
        runes = out
    you["runes"] = [{"id": r["id"], "domain": r["domain"], "exhausted": bool(r.get("exhausted")),
                     **({"value": r["value"]} if r.get("value") is not None else {})}
                    for r in runes]
    for zone in ZONES:
        items = []
        for item in you.get(zone) or []:
            if isinstance(item, str) or "id" not in item:
                raise Unsupported("a zone entry without an id")
            items.append(dict(item))
        you[zone] = items
    pool = you.get("pool") or {}
    you["pool"] = {"energy": int(pool.get("energy", 0)),
                   "power": {k: int(v) for k, v in (pool.get("power") or {}).items() if v}}
    you["pool_only"] = []  # restricted resources a play left in the pool: `Bound`
    # Effects for the turn, each a grant-shaped map with `uses`.
    you["effects"] = [dict(e) for e in you.get("effects") or []]
    state["you"] = you
    # The opponent's board and trash (an effect's kill moves their objects), both players'
    # scores and deaths this turn (what the conditions read).
    them = dict(state.get("opponent") or {})
    for zone in ("board", "trash"):
        items = []
        for item in them.get(zone) or []:
            if isinstance(item, str) or "id" not in item:
                raise Unsupported("a zone entry without an id")
            items.append(dict(item))
        them[zone] = items
    state["opponent"] = them
    for player in (you, them):
        player["score"] = int(player.get("score", 0))
        player["units_died_this_turn"] = int(player.get("units_died_this_turn", 0))
    cards = data["cards"]
    for who in ("you", "opponent"):
        for o in zone_objects(state.get(who) or {}, "board", who):
            if who == "you" and cards[o.card].get("abilities"):
                raise Unsupported("abilities on your board")
    for card in cards.values():
        for g in card.get("grants") or []:
            if g.get("once_per_turn") or g.get("alternative") is not None:
                raise Unsupported("a once-per-turn or alternative grant")
        if (card.get("keywords") or {}).get("repeat"):
            raise Unsupported("Repeat")
    return state


def _source(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A source this module models: `{id, adds, costs: [exhaust]}` (`costs` left out is
    `[exhaust]`), with `only_for`, `while` and `bonus` (read by the pricing's sources), its
    object on your board (exhausting it adds `adds` to the pool, once per payment)."""
    costs = entry.get("costs", ["exhaust"])
    if set(entry) - {"id", "adds", "costs", "only_for", "while", "bonus", "repeatable"} or (
            costs not in (["exhaust"], "exhaust") or entry.get("repeatable")):
        raise Unsupported(f"a source other than [exhaust]: add ({entry})")
    return {**{k: v for k, v in entry.items() if k != "repeatable"}, "id": str(entry["id"]),
            "adds": dict(entry.get("adds") or {}), "costs": ["exhaust"]}


@dataclass(frozen=True, slots=True)
class Candidate:
    key: str  # the candidate key: the object's id
    position: int  # candidate order
    play: Mapping[str, Any]  # the PLAY mapping tried (optional costs filled in)
    listed: bool  # an entry of an explicit list (tried at most once, as given)
    zone: str = "hand"  # the zone it is played from (a card: at most once from each zone)

    @property
    def played(self) -> str:
        """The card play, as `played` records it: the zone and the object."""
        return f"{self.zone}:{self.key}"


def _with_auto(data: Mapping[str, Any], play: Mapping[str, Any]) -> dict[str, Any]:
    """The play with every optional cost it leaves out set to `auto` (docs/turns.md)."""
    obj = find_object(data, str(play["object"]))
    out = dict(play)
    if obj is None:
        return out
    given = dict(out.get("optional") or {})
    for name in play_optional_names(data, obj.id):
        given.setdefault(name, "auto")
    out["optional"] = given
    return out


def candidates(data: Mapping[str, Any], state: State, played: frozenset[str]
               ) -> list[Candidate]:
    """`auto`: your hand in state order, then your trash cards with Flow, none already played
    from the zone it is in now (`played`: "zone:id"; docs/turns.md: a card is played at most
    once from each zone it is in); an explicit list: its entries, each from the zone it names
    or else from where its object is now (the caller drops the used entries and the cards
    played from that zone already)."""
    spec = data.get("turn") or {}
    listed = spec.get("candidates", "auto")
    now = dict(data, state=state)
    if listed != "auto":
        out = []
        for i, entry in enumerate(listed):
            entry = dict(entry)
            if "object" not in entry or set(entry) - {"object", "optional", "base", "targets"}:
                raise Unsupported(f"candidate entry {entry}")
            oid = str(entry["object"])
            zone = entry.get("from") or next(
                (z for z in ZONES if any(o["id"] == oid for o in state["you"][z])), "hand")
            out.append(Candidate(oid, i, _with_auto(now, entry), True, str(zone)))
        return out
    you = state["you"]
    out = []
    pos = 0
    for zone in ("hand", "trash"):
        for item in you[zone]:
            oid = item["id"]
            pos += 1
            if f"{zone}:{oid}" in played:
                continue
            if zone == "trash" and not has_flow(now, oid):
                continue
            # A card that chooses (card key `targets`) is tried on each object its filter
            # accepts on this state, one target each (the best kept: one candidate).
            accepted = card_targets(now, oid)
            tries: list[list[str]] = [[t] for t in accepted or []] or [[]]
            for targets in tries:
                play = {"object": oid, **({"targets": targets} if targets else {})}
                out.append(Candidate(oid, pos, _with_auto(now, play), False, zone))
    return out


def value_of(data: Mapping[str, Any], key: str) -> int:
    return int(((data.get("turn") or {}).get("values") or {}).get(key, 1))


# --- Payments ----------------------------------------------------------------------------------


# One unit of a restricted resource in the pool: (its source's `only_for` as sorted JSON, what it
# is: "energy" or a key of PIP_KEYS). A source's `only_for` binds what it adds wherever that
# goes: what a play leaves of it in the pool pays only the later plays the filter accepts
# (rules notes: "a restriction on a source"; the resource keeps it while it floats).
Bound = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay a total: the runes exhausted and recycled, the objects its non-standard
    costs take (`(kind, id)`: a card discarded, a board object returned to hand), the pool left
    after the play (Energy, Power by PIP_KEYS: what anything may spend; `pool_only`: the
    restricted units, sorted), its score, and the sources exhausted (by object id)."""

    exhaust: frozenset[str]
    recycle: frozenset[str]
    taken: tuple[tuple[str, str], ...]
    pool_energy: int
    pool_power: tuple[int, ...]
    score: int
    sources: frozenset[str] = frozenset()
    pool_only: tuple[Bound, ...] = ()


def _pool_of(you: Mapping[str, Any]) -> tuple[int, list[int]]:
    pool = you["pool"]
    power = [int(pool["power"].get(k, 0)) for k in PIP_KEYS]
    return int(pool["energy"]), power


def _power_left(supply: Sequence[int], wild: int, need: Sequence[int], need_any: int
                ) -> Iterator[tuple[int, ...]]:
    """Every Power left (by PIP_KEYS) after paying `need` (domain pips) and `need_any` ([A]
    pips) from `supply` (by domain) and `wild` (`any` Power): x[d] of each domain and w of the
    `any` Power spent, the domain pips each from its domain or from `any`, the [A] pips from
    the rest."""
    want = sum(need) + need_any
    ranges = [range(0, s + 1) for s in supply]
    for xs in itertools.product(*ranges):
        for w in range(0, wild + 1):
            if sum(xs) + w != want:
                continue
            if sum(max(0, n - x) for x, n in zip(xs, need)) > w:
                continue
            yield tuple(s - x for s, x in zip(supply, xs)) + (wild - w,)


# The zone each non-standard cost this module models takes its objects from.
TAKES_FROM = {"discard": "hand", "return_to_hand": "board", "kill": "board"}


def _discard_ways(data: Mapping[str, Any], state: State, ref: Reference, total: Total
                  ) -> list[tuple[tuple[tuple[str, str], ...], int]]:
    """Every choice of the objects the total's non-standard costs take, `(kind, id)` sorted,
    with its charge (the kind's weight, or the object's `value`): a discard takes cards from
    your hand (not the played card), a `return_to_hand` or a `kill` objects of your board (a
    source's object among them: 357, a source may also pay a non-standard cost); one object
    pays one cost. Rule 357.3: a way that takes one of the play's targets is legal only when
    every way does (no payment could keep it)."""
    ctx = ref.context
    assert ctx is not None
    you = state["you"]
    weights = weights_of(data)
    ways: list[tuple[tuple[tuple[str, str], ...], int]] = [((), 0)]
    for kind, flt_text, n in total.other:
        if kind not in TAKES_FROM:
            raise Unsupported(f"non-standard cost {kind}")
        flt = json.loads(flt_text) if flt_text else {}
        pool = [o for o in zone_objects(you, TAKES_FROM[kind], "you")
                if o.id != ref.played and object_matches(ctx, o, flt)]
        nxt = []
        for taken, charge in ways:
            ids = {oid for _, oid in taken}
            for chosen in itertools.combinations([o for o in pool if o.id not in ids], n):
                nxt.append((tuple(sorted(taken + tuple((kind, o.id) for o in chosen))),
                            charge + sum(weights[kind] if o.value is None else o.value
                                         for o in chosen)))
        ways = sorted(set(nxt))
    targets = set(ctx.play.get("targets") or [])
    keeps = [w for w in ways if not targets & {oid for _, oid in w[0]}]
    return keeps or ways


def _usable_sources(ref: Reference) -> list[Source]:
    """The sources usable for the play (the pricing reads them: their object on your board and
    ready, `while` holding, the play matching `only_for`, `bonus` added while it holds); each
    one this module models exhausts its object and costs nothing else."""
    for src in ref.sources:
        if not src.exhaust or src.kill or src.kills or src.repeatable or src.pays.size:
            raise Unsupported(f"source {src.id}")
    return list(ref.sources)


def usable_source_ids(state: State) -> list[str]:
    """The ids of your `sources` entries, in their order, but those whose object is exhausted
    or not on your board (each source this module models exhausts its object): the turn's
    `after[].sources`."""
    ready = {o["id"] for o in state["you"]["board"] if not o.get("exhausted")}
    return [s["id"] for s in state["you"]["sources"] if s["id"] in ready]


def payments(data: Mapping[str, Any], state: State, ref: Reference, total: Total,
             minimal: bool = False) -> Iterator[Payment]:
    """Every payment of `total` on `state` (`ref` is the play's reading there).

    `minimal`: only the payments (with what they leave) in which no single rune's use can be cut
    (exhausted and recycled to exhausted; exhausted, or recycled, to left alone) for the same
    matching, the part cut being left over (`_cuttable`). Exact
    for the turn, by this argument: a cut rune stays on the board ready (or exhausted), and any
    later play that would have used what the uncut use floated to it (its Energy, its Power)
    can make the cut part of the use then, in its own payment, for the same charge (exhausting
    later charges `exhaust`, recycling an exhausted rune `recycle`, a ready one both, and
    gives its Energy too); a sequence that never uses it is cheaper by the cut part. Nothing
    this module models reads the runes otherwise (a `{count: ..., zone: runes}` amount would:
    the turn generator draws none), and the totals, so the sizes, do not depend on the
    payment. The planner's minimal payments are its own; this mode exists to run campaigns of
    thousands of turns, and the exhaustive mode (the default) checks the claim itself.

    Sources (`[exhaust]: add ...`, their object on your board and ready): every subset is
    exhausted, in both modes (never cut: a cost of the same play may return a source's object
    to hand, and then no later play can make what it floats), each charged `exhaust` and
    `source`; what they add joins the pool before the runes pay.

    Restricted resources (what a source with `only_for` adds, and the units of it earlier plays
    left in the pool, `pool_only`): those whose filter accepts this play may pay it, every
    choice of which of them it spends (the rest stays restricted, with the units no filter of
    this play accepts); a payment counts for a choice only when it spends every unit chosen (of
    each kind, the pool it leaves holds no more than the unrestricted resources gave: units of
    one kind pay the same pips whoever made them)."""
    you = state["you"]
    weights = weights_of(data)
    discard_ways = _discard_ways(data, state, ref, total)
    if not discard_ways:
        return
    energy0, power0 = _pool_of(you)
    sources = _usable_sources(ref)
    accepts, held = _restricted_here(state, ref)
    restriction = {str(s["id"]): json.dumps(s["only_for"], sort_keys=True)
                   for s in you["sources"] if s.get("only_for") is not None}
    for chosen in itertools.product((False, True), repeat=len(sources)):
        used = [src for src, on in zip(sources, chosen) if on]
        adds = [src.adds for src in used if src.id not in restriction]
        free = (energy0 + sum(a.energy for a in adds),
                [p + sum(a.pips[k] for a in adds) for k, p in enumerate(power0)])
        bound = sorted(accepts + [u for src in used if src.id in restriction
                                  for u in _units(restriction[src.id], src.adds)])
        charge = len(used) * (weights["exhaust"] + weights["source"])
        for spent, rest in _spends(bound):
            pool = (free[0] + sum(k == "energy" for _, k in spent),
                    [p + sum(k == key for _, k in spent) for p, key in zip(free[1], PIP_KEYS)])
            for pay in _rune_payments(you, weights, total, pool, discard_ways, minimal):
                if not _spends_all(you, free, pay):
                    continue
                yield Payment(pay.exhaust, pay.recycle, pay.taken, pay.pool_energy,
                              pay.pool_power, pay.score + charge,
                              frozenset(src.id for src in used), tuple(sorted(held + rest)))


def _restricted_here(state: State, ref: Reference) -> tuple[list[Bound], list[Bound]]:
    """The restricted units of your pool: (those whose filter accepts the play of `ref`, the
    others)."""
    ctx = ref.context
    accepts: list[Bound] = []
    held: list[Bound] = []
    for unit in state["you"].get("pool_only") or ():
        ok = ctx is not None and play_matches(ctx, json.loads(unit[0]))
        (accepts if ok else held).append((str(unit[0]), str(unit[1])))
    return accepts, held


def _units(flt: str, adds: Total) -> list[Bound]:
    """What a restricted source adds, as units bound by its filter."""
    return [(flt, "energy")] * adds.energy + [(flt, key) for key, n in zip(PIP_KEYS, adds.pips)
                                              for _ in range(n)]


def _spends(bound: Sequence[Bound]) -> Iterator[tuple[list[Bound], list[Bound]]]:
    """Every choice of the restricted units a payment spends (as multisets: units alike are
    one choice): (spent, kept)."""
    kinds = sorted(set(bound))
    counts = [bound.count(u) for u in kinds]
    for took in itertools.product(*(range(c + 1) for c in counts)):
        spent = [u for u, n in zip(kinds, took) for _ in range(n)]
        kept = [u for u, n, c in zip(kinds, took, counts) for _ in range(c - n)]
        yield spent, kept


def _spends_all(you: Mapping[str, Any], free: tuple[int, list[int]], pay: Payment) -> bool:
    """Whether `pay` leaves no more of each kind than the unrestricted resources gave (the pool
    and unrestricted sources, `free`, and the runes it uses): then every restricted unit it
    was given is spent."""
    domains = {r["id"]: r["domain"] for r in you["runes"]}
    power = list(free[1])
    for rid in pay.recycle:
        power[DOMAINS.index(domains[rid])] += 1
    return pay.pool_energy <= free[0] + len(pay.exhaust) and all(
        left <= have for left, have in zip(pay.pool_power, power))


def _rune_payments(you: Mapping[str, Any], weights: Mapping[str, int], total: Total,
                   pool: tuple[int, list[int]],
                   discard_ways: list[tuple[tuple[tuple[str, str], ...], int]], minimal: bool
                   ) -> Iterator[Payment]:
    """The payments of `payments` with the pool `pool` (what the sources used added in)."""
    energy0, power0 = pool
    uses = []
    for r in you["runes"]:
        recycle = int(r.get("value", weights["recycle"]))
        if r["exhausted"]:
            uses.append([(0, "", 0), (recycle, "r", 0)])
        else:
            uses.append([(0, "", 0), (weights["exhaust"], "e", 1),
                         (weights["exhaust"] + recycle, "er", 1)])
    need = list(total.pips[:ANY])
    for combo in itertools.product(*uses):
        energy = energy0 + sum(e for _, _, e in combo)
        if energy < total.energy:
            continue
        supply = list(power0[:ANY])
        exhausted: list[str] = []
        recycled: list[str] = []
        for r, (_, how, _) in zip(you["runes"], combo):
            if "e" in how:
                exhausted.append(r["id"])
            if "r" in how:
                recycled.append(r["id"])
                supply[DOMAINS.index(r["domain"])] += 1
        rune_charge = sum(c for c, _, _ in combo)
        lefts = set(_power_left(supply, power0[ANY], need, total.pips[ANY]))
        for left in sorted(lefts):
            if minimal and _cuttable(you["runes"], combo, energy - total.energy, left):
                continue
            for ids, charge in discard_ways:
                yield Payment(frozenset(exhausted), frozenset(recycled), ids,
                              energy - total.energy, left, rune_charge + charge)


def _cuttable(runes: Sequence[Mapping[str, Any]], combo: Sequence[tuple[int, str, int]],
              spare_energy: int, left: Sequence[int]) -> bool:
    """Whether one rune's use makes something the payment leaves over, so that it can be cut
    (to the lesser use) for the same matching: its Power (recycled, and Power of its domain
    left, `left` by DOMAINS then `any`) or its Energy (exhausted alone, and Energy left). Read
    per leftover: the pool's Power taking the place of a rune's is no cut (the pool's `any`, or
    another domain on an [A] pip, is not what the rune makes later)."""
    for r, (_, how, _) in zip(runes, combo):
        if "r" in how and left[DOMAINS.index(r["domain"])] >= 1:
            return True
        if how == "e" and spare_energy >= 1:
            return True
    return False


# --- Applying a play ---------------------------------------------------------------------------


def _move(you: dict[str, Any], oid: str) -> dict[str, Any]:
    for zone in ZONES:
        for i, item in enumerate(you[zone]):
            if item["id"] == oid:
                return dict(you[zone].pop(i))
    raise Unsupported(f"no object {oid}")


# Wrong readings of the turn's effects (`state.you.effects`), each a plausible shortcut, to show the
# turn generator reaches what tells them apart: effects never used up, effects never created,
# every play using every effect (matching or not).
EFFECT_TURN_MUTANTS = ("effects_never_used_up", "effects_not_created",
                       "effects_used_by_every_play")
# Wrong readings of what a play leaves behind: a card's `source` never made a source, an
# effect's kill killing nothing, its score not kept, a token returned to hand kept there.
LEFT_BEHIND_MUTANTS = ("played_sources_ignored", "effect_kills_nothing", "score_not_kept",
                       "tokens_kept")


def apply(data: Mapping[str, Any], state: State, ref: Reference, option: Option,
          pay: Payment, mutants: frozenset[str] = frozenset()) -> State:
    """The state after the play of `ref` with `option`, paid by `pay`: the payment, then (the
    card resolving: not countered) its effect in its order (`adds` to the pool, `discounts` and
    `grants` created, `kill` of its targets, `score`), then the card leaves the Chain (to the
    board: its card's `source` becomes a source of its object)."""
    # A new state sharing the entries it does not change (entries are never changed in place).
    new = dict(state)
    you = dict(state["you"])
    new["you"] = you
    new["opponent"] = them = dict(state["opponent"])
    for zone in ZONES:
        you[zone] = list(you[zone])
    for zone in ("board", "trash"):
        them[zone] = list(them[zone])
    you["sources"] = list(you["sources"])
    runes = []
    for r in you["runes"]:
        if r["id"] in pay.recycle:
            continue
        if r["id"] in pay.exhaust:
            r = dict(r, exhausted=True)
        runes.append(r)
    you["runes"] = runes
    if pay.sources:
        you["board"] = [dict(o, exhausted=True) if o["id"] in pay.sources else o
                        for o in you["board"]]
    for kind, oid in pay.taken:
        if kind == "kill":
            _kill(data, new, oid)
            continue
        gone = _move(you, oid)
        if kind == "discard":
            you["trash"].append({"id": oid, "card": gone["card"]})
            continue
        # Returned to hand: a new object (109), its source gone; a card in hand again, its
        # value kept, but a token, which ceases to exist when it leaves the board (183.1).
        you["sources"] = [s for s in you["sources"] if s["id"] != oid]
        if not _is_token(data["cards"][gone["card"]]) or "tokens_kept" in mutants:
            you["hand"].append({"id": oid, "card": gone["card"],
                                **({"value": gone["value"]} if "value" in gone else {})})
    assert ref.played is not None
    item = _move(you, ref.played)  # on the Chain until it leaves it
    card = data["cards"][item["card"]]
    energy, power = pay.pool_energy, list(pay.pool_power)
    effect = card.get("effect") or {}
    # What the card's resolution does happens once per resolution, whatever Repeat adds to
    # its executions; a countered card (0 executions) does none of it.
    resolves = ref.executions(option) > 0
    used: Sequence[int] = ref.effects_used
    if "effects_never_used_up" in mutants:
        used = ()
    elif "effects_used_by_every_play" in mutants:
        used = range(len(you["effects"]))
    you["effects"] = effects_after(you["effects"], used,
                                    effect if resolves and "effects_not_created"
                                    not in mutants else {})
    adds = effect.get("adds")
    if adds is not None and resolves:
        add = card_cost(adds, card)
        energy += add.energy
        power = [a + b for a, b in zip(power, add.pips)]
    you["pool"] = {"energy": energy, "power": {k: n for k, n in zip(PIP_KEYS, power) if n}}
    you["pool_only"] = list(pay.pool_only)
    if effect.get("kill") == "targets" and resolves and "effect_kills_nothing" not in mutants:
        for oid in dict.fromkeys(str(t) for t in ref.context.play.get("targets") or []
                                 ) if ref.context is not None else ():
            if any(o["id"] == oid for p in (you, them) for o in p["board"]):
                _kill(data, new, oid)
    if effect.get("score") is not None and resolves and "score_not_kept" not in mutants:
        you["score"] = min(1000, int(you["score"]) + int(effect["score"]))
    _leave_chain(data, you, ref, option, item, card, mutants)
    new["played_this_turn"] = int(new["played_this_turn"]) + 1
    return new


def _leave_chain(data: Mapping[str, Any], you: dict[str, Any], ref: Reference, option: Option,
                 item: Mapping[str, Any], card: Mapping[str, Any], mutants: frozenset[str]
                 ) -> None:
    """The played card leaves the Chain to where the reference says (a unit exhausted unless
    Accelerate was paid, a gear ready); on your board, its card's `source` becomes the source
    of its object, at the end of `sources` (an entry held for that id gone first: 109)."""
    entry: dict[str, Any] = {"id": item["id"], "card": item["card"]}
    if "value" in item:
        entry["value"] = item["value"]
    where = ref.destination(option)
    if where == "board":
        entry["location"] = "base"
        if card.get("type") == "unit" and "accelerate" not in option.paid:
            entry["exhausted"] = True
        you["board"].append(entry)
        if card.get("source") is not None and "played_sources_ignored" not in mutants:
            you["sources"] = [s for s in you["sources"] if s["id"] != entry["id"]]
            you["sources"].append(_source({**card["source"], "id": entry["id"]}))
    elif where in ("trash", "banishment", "hand"):
        you[where].append(entry)
    else:
        raise Unsupported(f"destination {where}")


def _is_token(card: Mapping[str, Any]) -> bool:
    """A token: a card of type `token` or tagged `token` (a Gold gear)."""
    return card.get("type") == "token" or "token" in (card.get("tags") or [])


def _kill(data: Mapping[str, Any], state: State, oid: str) -> None:
    """Kill a board object (415): to its owner's trash as a new object (its id, card and value
    kept), a token (type or tag `token`) to no zone (183.1); its `sources` entry gone; a unit's
    death counted for its owner (`units_died_this_turn`)."""
    for who in ("you", "opponent"):
        player = state[who]
        for i, o in enumerate(player["board"]):
            if o["id"] != oid:
                continue
            del player["board"][i]
            card = data["cards"][o["card"]]
            if not _is_token(card):
                player["trash"].append({"id": oid, "card": o["card"],
                                        **({"value": o["value"]} if "value" in o else {})})
            if who == "you":
                player["sources"] = [s for s in player["sources"] if s["id"] != oid]
            if card.get("type") == "unit":
                player["units_died_this_turn"] = int(player["units_died_this_turn"]) + 1
            return
    raise Unsupported(f"no board object {oid}")


def state_key(state: State) -> Hashable:
    """What of the state a later play can read (the entries' other keys never change)."""
    you, them = state["you"], state["opponent"]
    return (state["played_this_turn"], tuple((r["id"], r["exhausted"]) for r in you["runes"]),
            tuple(tuple((o["id"], bool(o.get("exhausted"))) for o in you[z]) for z in ZONES),
            you["pool"]["energy"], tuple(sorted(you["pool"]["power"].items())),
            tuple(you["pool_only"]),
            tuple(effect_key(e) for e in you["effects"]),
            tuple(json.dumps(s, sort_keys=True) for s in you["sources"]),
            tuple(o["id"] for o in them["board"]), tuple(o["id"] for o in them["trash"]),
            you["score"], you["units_died_this_turn"], them["units_died_this_turn"])


def _benefit(data: Mapping[str, Any], play: Mapping[str, Any], option: Option) -> int:
    settings = play.get("optional") or {}
    benefits = (data.get("objective") or {}).get("benefits") or {}
    names = [name.split("*")[0] for name in option.paid]
    return sum(int(benefits.get(name, benefits.get(name.split(".")[0], 0))) for name in names
               if yaml_word(settings.get(name)) == "auto")


def priced(data: Mapping[str, Any], state: State, play: Mapping[str, Any]) -> Reference:
    one = {k: v for k, v in data.items() if k not in ("turn", "play", "plays")}
    one["state"] = state
    one["play"] = dict(play)
    return reference_totals(one)


def moves(data: Mapping[str, Any], state: State, cand: Candidate, minimal: bool = False,
          mutants: frozenset[str] = frozenset()
          ) -> Iterator[tuple[int, int, State]]:
    """Every move of a candidate on `state`: (objective, size, the state after), the least
    (objective, size) kept for each state after (what follows depends on that state only)."""
    ref = priced(data, state, cand.play)
    if not ref.legal:
        return
    best: dict[Hashable, tuple[int, int, State]] = {}
    for option in sorted(ref.options, key=lambda o: (o.base.key(), sorted(o.paid),
                                                     o.total.text())):
        benefit = _benefit(data, cand.play, option)
        for pay in payments(data, state, ref, option.total, minimal):
            after = apply(data, state, ref, option, pay, mutants)
            key = state_key(after)
            got = (pay.score - benefit, option.total.size, after)
            if key not in best or got[:2] < best[key][:2]:
                best[key] = got
    yield from best.values()


# --- The search --------------------------------------------------------------------------------

Rank = tuple[int, int, int]  # (-value, objective, size): the least is the best


def best_turn(data: Mapping[str, Any], minimal: bool = False, mutants: Sequence[str] = ()
              ) -> tuple[int, int, int]:
    """(value, objective, size) of the best turn, by the spec's rules 1 to 3 (`minimal`: over
    the minimal payments only, see `payments`; `mutants`: of `EFFECT_TURN_MUTANTS`, tests
    only; and `LEFT_BEHIND_MUTANTS`)."""
    wrong = frozenset(mutants)
    assert wrong <= set(EFFECT_TURN_MUTANTS + LEFT_BEHIND_MUTANTS), wrong
    start = normal_state(data)
    max_plays = int((data.get("turn") or {}).get("max_plays", DEFAULT_MAX_PLAYS))
    memo: dict[tuple[Hashable, frozenset[str], int], Rank] = {}

    def go(state: State, used: frozenset[str], made: int) -> Rank:
        key = (state_key(state), used, made)
        if key in memo:
            return memo[key]
        best: Rank = (0, 0, 0)
        if made < max_plays:
            played = frozenset(u for u in used if not u.startswith("#"))
            for cand in candidates(data, state, played):
                if (cand.listed and f"#{cand.position}" in used) or cand.played in played:
                    continue
                value = value_of(data, cand.key)
                marks = {cand.played} | ({f"#{cand.position}"} if cand.listed else set())
                for objective, size, after in moves(data, state, cand, minimal, wrong):
                    rest = go(after, used | marks, made + 1)
                    got = (rest[0] - value, rest[1] + objective, rest[2] + size)
                    if got < best:
                        best = got
        memo[key] = best
        return best

    v, o, s = go(start, frozenset(), 0)
    return -v, o, s


# --- Against the planner -----------------------------------------------------------------------


def _total_of(plan: Mapping[str, Any]) -> Total:
    return Total.from_json(plan.get("total"))


def replay(data: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """The planner's plays replayed on the reference: each legal on the state it meets, its
    total reached, its payment legal there and scored as it says; the sums and the state after
    the answer's."""
    problems: list[str] = []
    state = normal_state(data)
    weights = weights_of(data)
    objective = value = 0
    spec = data.get("turn") or {}
    listed = spec.get("candidates", "auto")
    spent_entries: set[int] = set()  # the listed entries played so far
    for i, p in enumerate(got.get("plays") or []):
        where = f"play {i} ({got['order'][i] if i < len(got.get('order') or []) else '?'})"
        play = dict(p.get("play") or {})
        oid = str(play.get("object"))
        if listed == "auto":
            # The targets the planner chose (one id is written as a string).
            chose = play.get("targets")
            chose = chose.split() if isinstance(chose, str) else chose
            entries: list[tuple[int, dict[str, Any]]] = [(-1, {"object": oid, **(
                {"targets": list(chose)} if chose else {})})]
        else:
            # The entries of that object not played yet (a card listed twice is two entries):
            # the first whose reading reaches the play's total and paid set.
            entries = [(k, dict(e)) for k, e in enumerate(listed)
                       if str(e.get("object")) == oid and k not in spent_entries]
            if not entries:
                problems.append(f"{where}: {oid} is not a listed candidate left")
                return problems
        total = _total_of(p)
        paid = frozenset((p.get("paid") or {}).keys()) | frozenset(p.get("paid_optional") or [])
        found = None
        for k, entry in entries:
            tried = _with_auto(dict(data, state=state), entry)
            ref = priced(data, state, tried)
            options = [o for o in ref.options if o.total == total and o.paid == paid]
            if ref.legal and options:
                found = (k, tried, ref, options[0])
                break
        if found is None or p.get("status") != "ok":
            problems.append(f"{where}: status {p.get('status')}, no listed entry's reading "
                            f"reaches total {total.text()} with {sorted(paid)}")
            return problems
        k, tried, ref, option = found
        spent_entries.add(k)
        payment = p.get("payment") or {}
        you = state["you"]
        runes = {r["id"]: r for r in you["runes"]}
        exhaust = [str(r) for r in payment.get("exhaust") or []]
        recycle = [str(r["rune"]) for r in payment.get("recycle") or []]
        taken: list[tuple[str, str]] = []
        for item in payment.get("other") or []:
            for kind, ids in dict(item).items():
                if kind not in TAKES_FROM:
                    problems.append(f"{where}: pays {kind}, which the turn reference does not "
                                    f"model")
                    return problems
                taken += [(kind, str(x)) for x in ids]
        usable = {src.id: src for src in _usable_sources(ref)}
        used_sources = [str(x) for x in payment.get("sources") or []]
        if any(x not in usable for x in used_sources) or len(set(used_sources)) < len(
                used_sources):
            problems.append(f"{where}: sources {used_sources}, usable {sorted(usable)}")
            return problems
        bad = [r for r in exhaust if r not in runes or runes[r]["exhausted"]] + [
            r for r in recycle if r not in runes] + [
            r for r in exhaust if exhaust.count(r) > 1] + [
            r for r in recycle if recycle.count(r) > 1]
        if bad:
            problems.append(f"{where}: rune uses {bad} not open on the state it meets")
            return problems
        legal_takes = {ids for ids, _ in _discard_ways(data, state, ref, total)}
        if tuple(sorted(taken)) not in legal_takes:
            problems.append(f"{where}: takes {taken}, legal {sorted(legal_takes)}")
            return problems
        score = sum(weights["exhaust"] for _ in exhaust) + sum(
            int(runes[r].get("value", weights["recycle"])) for r in recycle) + sum(
            weights[kind] if (o := find_object(dict(data, state=state), d)) is None
            or o.value is None else o.value for kind, d in taken) + len(used_sources) * (
            weights["exhaust"] + weights["source"])
        if score != p.get("score"):
            problems.append(f"{where}: score {p.get('score')}, its payment scores {score}")
        # What the runes make joins the pool; the Power spent (`spent`) and the total leave it.
        energy0, power0 = _pool_of(you)
        energy = energy0 + len(exhaust) - total.energy
        power = list(power0)
        restriction = {str(s["id"]): json.dumps(s["only_for"], sort_keys=True)
                       for s in you["sources"] if s.get("only_for") is not None}
        accepts, held = _restricted_here(state, ref)
        for src in used_sources:  # what the sources add joins the pool
            add = usable[src].adds
            if src in restriction:
                accepts += _units(restriction[src], add)
                continue
            energy += add.energy
            power = [a + b for a, b in zip(power, add.pips)]
        for r in recycle:
            power[DOMAINS.index(runes[r]["domain"])] += 1
        free = (energy + total.energy, list(power))  # what anything may spend, before the play
        energy += sum(k == "energy" for _, k in accepts)
        power = [n + sum(k == key for _, k in accepts) for n, key in zip(power, PIP_KEYS)]
        spent = p.get("spent") or {}
        if int(spent.get("energy", 0)) != total.energy:
            problems.append(f"{where}: spends {spent.get('energy')} Energy of a total "
                            f"{total.text()}")
        used = [0] * len(PIP_KEYS)
        for k, n in (spent.get("power") or {}).items():
            used[PIP_KEYS.index(k)] += int(n)
        if sum(used) != sum(total.pips) or any(n < 0 for n in used):
            problems.append(f"{where}: spends Power {spent.get('power')} of a total "
                            f"{total.text()}")
        power = [a - b for a, b in zip(power, used)]
        # `spent` names the domain a pool `any` Power paid as (the chosen domain): a domain
        # spent beyond what the pool and the recycled runes had of it came from `any` Power.
        for d in range(ANY):
            if power[d] < 0:
                power[ANY] += power[d]
                power[d] = 0
        # Each domain pip from its domain or from `any` Power: what the domains spent lack of
        # their pips, the `any` Power spent must cover.
        short = sum(max(0, total.pips[d] - used[d]) for d in range(ANY))
        if energy < 0 or any(n < 0 for n in power) or short > used[ANY]:
            problems.append(f"{where}: the payment does not cover {total.text()} (pool after "
                            f"{energy}, {power})")
            return problems
        energy, power, kept = _restricted_left(free, energy, power, accepts)
        pay = Payment(frozenset(exhaust), frozenset(recycle), tuple(sorted(taken)), energy,
                      tuple(power), score, frozenset(used_sources), tuple(sorted(held + kept)))
        state = apply(data, state, ref, option, pay)
        after = (got.get("after") or [])[i:i + 1]
        if after and _writes_after_sources() and after[0].get("sources", []) != (
                usable_source_ids(state)):
            problems.append(f"{where}: after.sources {after[0].get('sources')}, the reference "
                            f"{usable_source_ids(state)}")
        named = play.get("triggers")
        if (named.split() if isinstance(named, str) else list(named or [])) != set_off(ref):
            problems.append(f"{where}: triggers {named!r}, the reference "
                            f"{' '.join(set_off(ref))!r}")
        objective += score - _benefit(data, tried, option)
        value += value_of(data, oid)
    if objective != got.get("objective"):
        problems.append(f"objective {got.get('objective')}, the replayed plays make {objective}")
    if value != got.get("value"):
        problems.append(f"value {got.get('value')}, the replayed plays make {value}")
    mine, theirs = _summary(state), _summary(normal_state({**data, "state": got.get("state")}))
    if mine != theirs:
        problems.append(f"state after: reference {mine}, planner {theirs}")
    return problems


def _restricted_left(free: tuple[int, Sequence[int]], energy: int, power: Sequence[int],
                     bound: Sequence[Bound]) -> tuple[int, list[int], list[Bound]]:
    """What a replayed payment leaves, split: the restricted units it was given are spent
    first (a payment names no unit: this is the leftover the player keeps most of), so of each
    kind the pool keeps unrestricted at most what `free` had of it, and the rest left of that
    kind stays restricted (its units in their sorted order). (Energy, Power, restricted)."""
    kept: list[Bound] = []
    left = [energy] + list(power)
    have = [free[0]] + list(free[1])
    for i, key in enumerate(("energy",) + PIP_KEYS):
        over = max(0, left[i] - have[i])
        units = sorted(u for u in bound if u[1] == key)[:over]
        kept += units
        left[i] -= len(units)
    return left[0], left[1:], kept


def _summary(state: State) -> dict[str, Any]:
    you, them = state["you"], state["opponent"]
    return {"runes": sorted((r["id"], r["exhausted"]) for r in you["runes"]),
            **{z: sorted((o["id"], bool(o.get("exhausted"))) for o in you[z]) for z in ZONES},
            "pool": you["pool"], "restricted pool": sorted(you["pool_only"]),
            "played_this_turn": state["played_this_turn"],
            "effects": sorted(effect_key(e) for e in you["effects"]),
            "usable sources": usable_source_ids(state),
            "opponent": {z: sorted(o["id"] for o in them[z]) for z in ("board", "trash")},
            "scores": (you["score"], them["score"]),
            "died": (you["units_died_this_turn"], them["units_died_this_turn"])}


@lru_cache(maxsize=None)
def _writes_after_sources() -> bool:
    """Whether the planner's `after` entries name the usable sources (`after[].sources`): asked
    once, of a turn with one Seal on the board (a planner that does not write the key is not
    held to it)."""
    data = {"format": "payplan/1", "cards": {"seal": {"type": "gear", "cost": {"energy": 9}},
                                             "bolt": {"type": "spell", "cost": {"energy": 0}}},
            "state": {"you": {"runes": [{"id": "r1", "domain": "fury"}],
                              "board": [{"id": "g1", "card": "seal"}],
                              "sources": [{"id": "g1", "adds": {"energy": 1}}],
                              "hand": [{"id": "h1", "card": "bolt"}]}},
            "turn": {"candidates": [{"object": "h1"}]}}
    got: Mapping[str, Any] = answer("turn", data).to_json()
    return any("sources" in a for a in got.get("after") or [])


def _longer_limit() -> Any:
    """The command table's default solver settings with `RETRY_TIME_LIMIT` (read from
    `answer`'s own default: the checker imports the entry point only)."""
    default = inspect.signature(answer).parameters["config"].default
    return dataclasses.replace(default, time_limit=RETRY_TIME_LIMIT)


def compare(data: Mapping[str, Any], expected: tuple[int, int, int] | None = None) -> list[str]:
    """The disagreements of the planner's turn with the brute force (an empty list: they agree
    on value, objective and size, and the planner's plays replay as it says). `expected`: the
    brute force's `best_turn(data)`, when the caller has it already."""
    value, objective, size = best_turn(data) if expected is None else expected
    try:
        got: Mapping[str, Any] = answer("turn", dict(copy.deepcopy(dict(data)))).to_json()
        if not got.get("optimal", True) and (got.get("value"), got.get("objective")) != (
                value, objective):
            # Cut by its time limit (a loaded machine): asked again with a longer one, so a
            # disagreement is the planner's answer, not the clock's.
            got = answer("turn", dict(copy.deepcopy(dict(data))), _longer_limit()).to_json()
    except Exception as error:  # a valid turn must be answered, never raise
        return [f"planner raised: {type(error).__name__}: {error}"]
    problems = []
    if got.get("status") != "ok":
        return [f"status {got.get('status')}"]
    got_size = sum(_total_of(p).size for p in got.get("plays") or [])
    if (got["value"], got["objective"]) != (value, objective):
        problems.append(f"value/objective: planner {got['value']}/{got['objective']}, brute "
                        f"force {value}/{objective} (order {got.get('order')})")
    elif got_size != size:
        problems.append(f"size: planner {got_size}, brute force {size}")
    if problems and not got.get("optimal", True):
        # A search the time limit cut (a loaded machine) may answer less than the best.
        problems.append("the planner's answer is not proven optimal (its time limit)")
    problems += replay(data, got)
    return problems
