"""The cheapest payment of one total on a small board, by brute force (spec, "The objective").

Written apart from `planner/` and `benchmarks/brute_force.py`: every use of every rune, every
activation count of every source and every choice of objects for the non-standard costs is
tried. `best` answers the least (score, loses) of a total: the score, and then whether even the
cheapest payments must take the play's kept objects off the board (the tie-break of
docs/payplan-format.md's objective: among payments of equal score, the one that keeps the played
object, for an ability its own object, and the chosen targets on the board wins).

- Runes: a ready rune is left alone, exhausted (1 Energy, weight `exhaust`) or exhausted and
  recycled (1 Energy and 1 Power of its domain, weights `exhaust` + `recycle`: recycling a ready
  rune loses its Energy too, and recycling a rune the same payment exhausted counts the exhaust
  once). Recycling a ready rune without taking its Energy is never cheaper than taking it as
  well, so it is not a separate case. An exhausted rune is left alone or recycled (`recycle`).
  A rune's `value` replaces the `recycle` weight for losing it. The pool is free.
- Non-standard costs (spec "The objective"; docs/payplan-format.md's real-card additions): `discard`,
  `kill`, `return_to_hand`, `recycle_from_trash` charge each object its `value` or the weight;
  `exhaust` charges `exhaust_unit` per ready object; `spend_buff`, `spend_xp` per buff or XP
  point; `banish_self` and `recycle_self` the `banish` weight (5) or the object's `value`,
  `disempower_self` the `disempower` weight (2, the object needs `empowered` >= 1). Cards come
  from the hand or trash other than the one played; objects from the board, yours unless the
  filter says `controller: opponent`. The filters are read as the pricing reads them
  (`pricing.object_matches`: Might with buffs, location, name or id, printed cost). One object
  pays one non-standard cost at most (docs/payplan-format.md: "one object can't be exhausted twice").
- Rule 357.3: a cost that takes an object off the board (`kill`,
  `return_to_hand`, a source's kill) takes one other than the play's targets when it can: of
  the complete payments, only those that take the fewest targets are legal (read over the whole
  payment, since a source may kill other objects: the way that keeps a target with its
  kill cost may leave a source nothing to kill).
- Sources (docs/payplan-format.md section 5): each is activated at most once, a `repeatable` one
  (a converter) any number of times; each activation charges `source`, plus `exhaust` when it
  exhausts its object (a converter that exhausts: `exhaust` once for all its
  activations, and only when it is ready) and the object's `value` or `kill` when it kills it
  (docs/payplan-format.md), pays its
  Energy/Power cost from the same payment and adds `adds`. An object gives itself up (exhausted
  or killed) to one source at most. Energy and Power are paid first (357.1.a), the non-standard
  costs after (357.2): an object its source exhausted may still pay a non-standard cost, unless
  that cost needs it ready (`exhaust`); one its source killed pays nothing more. A source's `{kill:
  {count, filter}}` atom (Malzahar - Fanatic) kills that many of your board objects its filter
  matches per activation, its own object among them only if the filter matches it, each charged as a
  kill cost charges it (`value`, else the `kill` weight); such an object pays nothing else: no
  exhaust, no other cost, and no other source of it is activated, no other source kills it; its
  buffs go with it. What the payment has and needs is compared as sums: Energy; Power per domain,
  the `any` Power added covering what the domains lack, then `[A]` pips from whatever is left.
  And one activation at a time: a source's own Energy/Power cost is paid from what the pool
  holds before it adds (the runes', the pool's, what earlier activations added), so a source
  never pays for itself (`_one_at_a_time`, every order and every way of paying tried).
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Iterator, Mapping, Sequence

from .pricing import (
    ANY,
    DOMAINS,
    Context,
    Obj,
    Reference,
    Source,
    Total,
    Unsupported,
    object_matches,
    reference_totals,
    runes_of,
    zone_objects,
)

DEFAULT_WEIGHTS = {"exhaust": 1, "recycle": 3, "discard": 4, "kill": 5, "exhaust_unit": 2,
                   "recycle_from_trash": 1, "return_to_hand": 2, "spend_buff": 2, "spend_xp": 1,
                   "source": 0, "banish": 5, "disempower": 2}

# The zone each kind of non-standard cost takes its objects from.
ZONE_OF = {"discard": "hand", "recycle_from_trash": "trash", "kill": "board", "exhaust": "board",
           "return_to_hand": "board", "banish_self": "board", "recycle_self": "board",
           "disempower_self": "board"}
# Kinds that take the object off the board (for the tie-break), and those rule 357.3 reads.
REMOVES = ("kill", "return_to_hand", "banish_self", "recycle_self")
RULE_357_3 = ("kill", "return_to_hand")

# One way to pay the non-standard costs: (the board objects taken ready, every board object
# taken, whether a kept object leaves the board, the buffs needed per filter, how many of the
# play's targets it takes off the board as rule 357.3 reads it) -> least charge.
WayKey = tuple[frozenset[str], frozenset[str], bool, tuple[tuple[str, int], ...], int]
# One item's choice of objects: (ids, taken ready, taken off the board, taken off the board as
# rule 357.3 reads it, charge).
Choice = tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str], int]


def weights_of(data: Mapping[str, Any]) -> dict[str, int]:
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(((data.get("objective") or {}).get("weights") or {}))
    return weights


def _charge(kind: str, obj: Obj, weights: Mapping[str, int]) -> int:
    if kind == "exhaust":
        return weights["exhaust_unit"]
    if kind == "disempower_self":
        return weights["disempower"]  # the object stays: its value is not lost
    if obj.value is not None:
        return obj.value
    return weights["banish" if kind in ("banish_self", "recycle_self") else kind]


def _object_ways(data: Mapping[str, Any], ref: Reference, total: Total,
                 weights: Mapping[str, int]) -> dict[WayKey, int]:
    return _ways_and_hits(data, ref, total, weights)[0]


def target_hits(data: Mapping[str, Any], total: Total, ref: Reference) -> int:
    """The fewest of the play's targets a payment of `total` takes off the board (rule 357.3:
    its non-standard costs' kills and returns, and the objects its sources kill); 0 when nothing
    pays it. Across totals (a victim's printed cost makes its own total), a payment taking more
    targets than another total's is no choice the player may make either:
    `compare.reference_answer` keeps the totals taking the fewest."""
    got = _search(data, total, ref)
    return 0 if got is None else got[0]


def _ways_and_hits(data: Mapping[str, Any], ref: Reference, total: Total,
                   weights: Mapping[str, int]) -> tuple[dict[WayKey, int], int]:
    """Every way to pay the non-standard part, merged by what it means for the sources, the
    tie-break and rule 357.3 (the targets it takes), each with its least charge; and the fewest
    targets a way takes. Spending XP is checked here; spending buffs is left to the caller (a
    source that kills an object takes its buffs with it). Rule 357.3 is the caller's too: a
    way that takes more targets is legal when no complete payment takes fewer (a source may
    need the object the way with fewer would take)."""
    ctx = ref.context
    assert ctx is not None
    state = data.get("state") or {}
    you = state.get("you") or {}
    on_chain = ref.played if ref.kind != "ability" else None  # an ability's object stays put
    targets = set(ctx.play.get("targets") or [])
    keep = ref.keep()
    buffs: dict[str, int] = {}
    xp = 0
    per_item: list[list[Choice]] = []
    for kind, flt_text, n in total.other:
        flt = json.loads(flt_text) if flt_text else {}
        if kind == "spend_buff":
            buffs[flt_text] = buffs.get(flt_text, 0) + n
            continue
        if kind == "spend_xp":
            if flt:
                raise Unsupported("spend_xp with a filter")
            xp += n
            continue
        if kind not in ZONE_OF:
            raise Unsupported(kind)
        owner = flt.get("controller", "you")
        pool = [o for o in zone_objects(state.get(owner) or {}, ZONE_OF[kind], owner)
                if o.id != on_chain and object_matches(ctx, o, flt)]
        if kind == "exhaust":
            pool = [o for o in pool if not o.exhausted]
        if kind == "disempower_self":
            pool = [o for o in pool if o.empowered >= 1]
        none: frozenset[str] = frozenset()
        per_item.append([(ids, ids if kind == "exhaust" else none,
                          ids if kind in REMOVES else none, ids if kind in RULE_357_3 else none,
                          sum(_charge(kind, o, weights) for o in chosen))
                         for chosen in itertools.combinations(pool, n)
                         for ids in [frozenset(o.id for o in chosen)]])
    if xp > int(you.get("xp", 0)):
        return {}, 0
    need_buffs = tuple(sorted(buffs.items()))
    found: list[tuple[frozenset[str], frozenset[str], frozenset[str], int, int]] = []
    for combo in itertools.product(*per_item):
        used: frozenset[str] = frozenset()
        ready: frozenset[str] = frozenset()
        removed: frozenset[str] = frozenset()
        hits = 0
        charge = xp * weights["spend_xp"] + sum(buffs.values()) * weights["spend_buff"]
        clash = False
        for ids, needs_ready, gone, by_357_3, c in combo:
            if used & ids:
                clash = True
                break
            used |= ids
            ready |= needs_ready
            removed |= gone
            hits += len(by_357_3 & targets)
            charge += c
        if not clash:
            found.append((used, ready, removed, hits, charge))
    if not found:
        return {}, 0
    least = min(f[3] for f in found)
    out: dict[WayKey, int] = {}
    board_ids = {o.id for who in ("you", "opponent")
                 for o in zone_objects(state.get(who) or {}, "board", who)}
    for used, ready, removed, hits, charge in found:
        loses = bool(removed & keep) and "tiebreak_size_first" not in ref.mutants
        if "kill_target_allowed" in ref.mutants:
            hits = 0
        key = (ready, used & board_ids, loses, need_buffs, hits)
        if charge < out.get(key, charge + 1):
            out[key] = charge
    return out, least


def _rune_signatures(you: Mapping[str, Any], weights: Mapping[str, int]
                     ) -> dict[tuple[int, tuple[int, ...]], int]:
    """(Energy taken, Power recycled per domain) -> the least charge of rune uses giving it."""
    values = {r["id"]: r["value"] for r in (you.get("runes") or [])
              if isinstance(r, dict) and r.get("value") is not None}
    uses = []
    for r in runes_of(you):
        d: int | None = DOMAINS.index(r.domain)
        recycle = int(values.get(r.id, weights["recycle"]))
        if r.exhausted:
            uses.append([(0, 0, None), (recycle, 0, d)])
        else:
            uses.append([(0, 0, None), (weights["exhaust"], 1, None),
                         (weights["exhaust"] + recycle, 1, d)])
    out: dict[tuple[int, tuple[int, ...]], int] = {}
    for combo in itertools.product(*uses):
        energy = sum(e for _, e, _ in combo)
        rec = [0] * len(DOMAINS)
        for _, _, d in combo:
            if d is not None:
                rec[d] += 1
        key = (energy, tuple(rec))
        charge = sum(c for c, _, _ in combo)
        if charge < out.get(key, charge + 1):
            out[key] = charge
    return out


def _victims(ref: Reference, s: Source, weights: Mapping[str, int]
             ) -> list[tuple[frozenset[str], int]]:
    """The ways one activation of `s` pays its `{kill: ...}` atoms: each
    atom N of your board objects its filter matches, its own object among them only when the
    filter matches it (and not when the bare word `kill` already kills it), no object killed
    twice; each (the objects killed, their charge: each its `value`, else the `kill` weight,
    as a kill cost of the play charges it)."""
    ctx = ref.context
    assert ctx is not None
    mine = [o for o in ctx.board if o.controller == "you" and not (s.kill and o.id == s.id)]
    per_atom = []
    for flt_text, n in s.kills:
        flt = json.loads(flt_text) if flt_text else {}
        pool = [o for o in mine if object_matches(ctx, o, flt)]
        per_atom.append([(frozenset(o.id for o in chosen),
                          sum(_charge("kill", o, weights) for o in chosen))
                         for chosen in itertools.combinations(pool, n)])
    out = []
    for combo in itertools.product(*per_atom):
        ids: frozenset[str] = frozenset()
        charge = 0
        for chosen, c in combo:
            if ids & chosen:
                break
            ids |= chosen
            charge += c
        else:
            out.append((ids, charge))
    return out


def _source_plans(ref: Reference, weights: Mapping[str, int], bound: int
                  ) -> Iterator[tuple[int, Total, Total, frozenset[str], frozenset[str],
                                  tuple[tuple[Source, int], ...]]]:
    """Every activation count of every usable source, and for each activated source that
    kills other objects every choice of them: (charge, added, paid, the objects exhausted, the
    objects killed: by a source's bare `kill` or by its `{kill: ...}` atoms, each source
    activated with its count). An object gives
    itself up to one source at most; an object a source's atom kills pays nothing else: no
    other source of it is activated and no other source kills it."""
    sources = ref.sources
    ranges = []
    for s in sources:
        if s.repeatable:
            if s.kill or s.kills or s.pays.size == 0:
                raise Unsupported("a repeatable source that kills or costs nothing")
            top = 1 if "converter_once" in ref.mutants else bound
            ranges.append(list(range(top + 1)))
        else:
            ranges.append([0, 1])
    choices = {s.id: _victims(ref, s, weights) for s in sources if s.kills}
    for counts in itertools.product(*ranges):
        active = [s for s, n in zip(sources, counts) if n]
        killers = [s for s in active if s.kills]
        for picks in itertools.product(*[choices[s.id] for s in killers]):
            victims: frozenset[str] = frozenset()
            extra = 0
            clash = False
            for s, (ids, c) in zip(killers, picks):
                others = {t.id for t in active if t is not s}
                if "source_victims_untracked" in ref.mutants:
                    others = set()
                if victims & ids or ids & others:
                    clash = True
                    break
                victims |= ids
                extra += c
            if clash:
                continue
            plan = _plain_plan(sources, counts, weights)
            if plan is None:
                continue
            charge, added, paid, exhausted, killed = plan
            if victims & killed:
                continue
            if "source_victims_untracked" in ref.mutants:
                victims = frozenset()
            made = tuple((s, n) for s, n in zip(sources, counts) if n)
            yield charge + extra, added, paid, exhausted, killed | victims, made


def _plain_plan(sources: Sequence[Source], counts: Sequence[int], weights: Mapping[str, int]
                ) -> tuple[int, Total, Total, frozenset[str], frozenset[str]] | None:
    """One activation count per source, its kills of other objects aside: (charge, added,
    paid, the objects exhausted, the objects killed), or None when an object would give itself
    up to two sources."""
    charge, added, paid = 0, Total(), Total()
    exhausted: list[str] = []
    killed: list[str] = []
    for s, n in zip(sources, counts):
        if not n:
            continue
        if s.exhaust or s.kill:
            (killed if s.kill else exhausted).append(s.id)
        each = weights["source"] + (
            (weights["kill"] if s.value is None else s.value) if s.kill else 0)
        # Exhausting is once for the activations together: a converter that exhausts
        # ("[E]: pay any amount of ...") converts any amount in one exhaustion.
        charge += n * each + (weights["exhaust"] if s.exhaust else 0)
        added = Total(added.energy + n * s.adds.energy,
                      tuple(a + n * b for a, b in zip(added.pips, s.adds.pips)))
        paid = Total(paid.energy + n * s.pays.energy,
                     tuple(a + n * b for a, b in zip(paid.pips, s.pays.pips)))
    given = exhausted + killed
    if len(set(given)) != len(given):
        return None
    return charge, added, paid, frozenset(exhausted), frozenset(killed)


def _power_ok(supply: Sequence[int], wild: int, need: Sequence[int], need_any: int) -> bool:
    """Domain needs met from their domain first, then from `any` Power; `[A]` pips from what is
    left of either."""
    lack = sum(max(0, n - s) for s, n in zip(supply, need))
    if lack > wild:
        return False
    spare = sum(max(0, s - n) for s, n in zip(supply, need)) + wild - lack
    return spare >= need_any


def _one_at_a_time(start: tuple[int, ...], made: Sequence[tuple[Source, int]], total: Total) -> bool:
    """Whether the activations `made` (each source with its count) can be made one at a time,
    each paying its own Energy and Power cost from the pool as it is then (`start`: Energy, the
    six domains' Power, Power of any domain, from the pool and the runes; then what each earlier
    activation added, less what it paid), and `total` paid after them all. What a source adds
    comes after its cost is paid: it can't pay for itself. Sources that cost nothing go first;
    the others are tried in every order, each cost paid in every way."""
    pool = list(start)
    left: dict[int, int] = {}
    for k, (s, n) in enumerate(made):
        if s.pays.size:
            left[k] = n
        else:
            pool[0] += n * s.adds.energy
            for i in range(len(DOMAINS) + 1):
                pool[1 + i] += n * s.adds.pips[i]
    if not left:
        return True

    def go(pool: tuple[int, ...]) -> bool:
        if not any(left.values()):
            return (pool[0] >= total.energy and _power_ok(
                pool[1:1 + len(DOMAINS)], pool[-1], total.pips[:len(DOMAINS)], total.pips[ANY]))
        for k in [k for k, n in left.items() if n]:
            s = made[k][0]
            left[k] -= 1
            for after in _paid_ways(pool, s.pays):
                added = (after[0] + s.adds.energy, *(a + b for a, b in zip(after[1:], s.adds.pips)))
                if go(added):
                    left[k] += 1
                    return True
            left[k] += 1
        return False

    return go(tuple(pool))


def _paid_ways(pool: tuple[int, ...], cost: Total) -> Iterator[tuple[int, ...]]:
    """Every pool left after paying `cost` from `pool` (Energy; a domain pip from its domain or
    Power of any domain; an [A] pip from any Power)."""
    if pool[0] < cost.energy:
        return
    wild_slot = len(pool) - 1
    per_domain = [[(cost.pips[d] - w, w) for w in range(cost.pips[d] + 1)] for d in range(len(DOMAINS))]
    for split in itertools.product(*per_domain):
        rest = [pool[0] - cost.energy, *(pool[1 + d] - own for d, (own, _) in enumerate(split)),
                pool[wild_slot] - sum(w for _, w in split)]
        if min(rest) < 0:
            continue
        for taken in itertools.product(*(range(n + 1) for n in rest[1:])):
            if sum(taken) == cost.pips[ANY]:
                yield (rest[0], *(n - t for n, t in zip(rest[1:], taken)))


def _buffs_ok(ctx: Context, data: Mapping[str, Any], need: tuple[tuple[str, int], ...],
              killed: frozenset[str]) -> bool:
    """Enough buffs on your board objects (matching each cost's filter) that no source killed."""
    if not need:
        return True
    if len(need) > 1:
        raise Unsupported("buffs spent under two filters")
    ((flt_text, n),) = need
    flt = json.loads(flt_text) if flt_text else {}
    board = zone_objects((data.get("state") or {}).get("you") or {}, "board", "you")
    return sum(o.buffs for o in board if o.id not in killed and object_matches(ctx, o, flt)) >= n


def best(data: Mapping[str, Any], total: Total, ref: Reference | None = None
         ) -> tuple[int, bool] | None:
    """The least (score, loses) of the payments of `total` that rule 357.3 allows (those taking
    the fewest of the play's targets off the board), or None when nothing pays it. `loses`: the
    play's kept objects (`Reference.keep`) can't all stay on the board at that score. `ref`
    gives the play's reading (left out of hand and trash, sources, targets)."""
    if ref is None:
        ref = reference_totals(data)
    got = _search(data, total, ref)
    return None if got is None else (got[1], bool(got[2]))


def _search(data: Mapping[str, Any], total: Total, ref: Reference
            ) -> tuple[int, int, int] | None:
    """The least (targets taken, score, loses) over every payment of `total`: rule 357.3 first
    (no payment takes a target off the board while another payment of it takes fewer; its
    non-standard costs and the objects its sources kill count alike), then the score, then the
    tie-break. Kept on `ref` per total."""
    if total in ref.payments:
        return ref.payments[total]
    ctx = ref.context
    if ctx is None:
        raise Unsupported("a payment for an illegal play")
    state = data.get("state") or {}
    you = state.get("you") or {}
    weights = weights_of(data)
    pool = you.get("pool") or {}
    pool_energy = int(pool.get("energy", 0))
    pool_power = [int((pool.get("power") or {}).get(d, 0)) for d in DOMAINS]
    pool_any = int((pool.get("power") or {}).get("any", 0))  # Power of a domain of your choice
    ways = _object_ways(data, ref, total, weights)
    if not ways:
        ref.payments[total] = None
        return None
    signatures = _rune_signatures(you, weights)
    bound = len(runes_of(you)) + pool_energy + sum(pool_power) + pool_any + sum(
        s.adds.size for s in ref.sources if not s.repeatable) + 1
    keep = ref.keep()
    targets = frozenset(ctx.play.get("targets") or [])
    barred = "source_object_barred" in ref.mutants
    counts_hits = not {"kill_target_allowed", "source_kills_outside_357_3"} & ref.mutants
    plans = list(_source_plans(ref, weights, bound))
    found: tuple[int, int, int] | None = None
    for (ready, touched, loses, need_buffs, way_hits), other_charge in ways.items():
        for src_charge, added, paid, exhausted, killed, made in plans:
            # 357.1.a then 357.2: a source's object pays Energy or Power first; exhausted, it
            # may still pay a cost that does not need it ready; killed (by its own source or by
            # another's kill atom), nothing more.
            if barred and (exhausted | killed) & touched:
                continue
            if exhausted & ready or killed & touched:
                continue
            if not _buffs_ok(ctx, data, need_buffs, killed):
                continue
            lost = int((loses or bool(killed & keep)) and "tiebreak_size_first" not in ref.mutants)
            hits = way_hits + (len(killed & targets) if counts_hits else 0)
            fixed = other_charge + src_charge
            if found is not None and (hits, fixed, lost) >= found:
                continue
            need_energy = total.energy + paid.energy
            need = [total.pips[i] + paid.pips[i] for i in range(len(DOMAINS))]
            need_any = total.pips[ANY] + paid.pips[ANY]
            for (energy, rec), charge in signatures.items():
                if found is not None and (hits, fixed + charge, lost) >= found:
                    continue
                if energy + pool_energy + added.energy < need_energy:
                    continue
                supply = [rec[i] + pool_power[i] + added.pips[i] for i in range(len(DOMAINS))]
                if not _power_ok(supply, added.pips[ANY] + pool_any, need, need_any):
                    continue
                start = (energy + pool_energy, *(rec[i] + pool_power[i] for i in range(len(DOMAINS))),
                         pool_any)
                if _one_at_a_time(start, made, total):
                    found = (hits, fixed + charge, lost)
    ref.payments[total] = found
    return found


def payment_loses(ref: Reference, payment: Mapping[str, Any]) -> bool:
    """Whether a payment (the plan JSON's `payment`) takes a kept object off the board: one its
    non-standard costs kill, return to hand, banish or recycle, or a source kills."""
    taken: set[str] = set()
    for entry in payment.get("other") or []:
        for kind, ids in dict(entry).items():
            if kind in REMOVES:
                taken |= {str(i) for i in ids}
    taken |= source_kills(ref, payment)
    return bool(taken & ref.keep())


def source_kills(ref: Reference, payment: Mapping[str, Any]) -> set[str]:
    """The objects a payment's sources kill: the object of each source activated that kills
    it (the bare word `kill`), and the objects its `{kill: ...}` atoms killed, which the plan
    JSON lists apart (docs/payplan-format.md: `payment.source_kills: [{source: ID, kill: [IDS]}]`)."""
    killing = {s.id for s in ref.sources if s.kill}
    out: set[str] = set()
    for item in payment.get("sources") or []:
        sid = str(item["id"] if isinstance(item, Mapping) else item)
        if sid in killing:
            out.add(sid)
    for entry in payment.get("source_kills") or []:
        out |= {str(i) for i in dict(entry).get("kill") or []}
    return out
