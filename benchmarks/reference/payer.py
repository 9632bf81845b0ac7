"""The cheapest payment of one total on a small board, by brute force (spec, "The objective").

Written apart from `planner/` and `benchmarks/brute_force.py`: every use of every rune, every
activation count of every source and every choice of objects for the non-standard costs is
tried.

- Runes: a ready rune is left alone, exhausted (1 Energy, weight `exhaust`) or exhausted and
  recycled (1 Energy and 1 Power of its domain, weights `exhaust` + `recycle`: recycling a ready
  rune loses its Energy too, and recycling a rune the same payment exhausted counts the exhaust
  once). Recycling a ready rune without taking its Energy is never cheaper than taking it as
  well, so it is not a separate case. An exhausted rune is left alone or recycled (`recycle`).
  The pool is free.
- Non-standard costs (spec "The objective"; the README's real-card additions): `discard`,
  `kill`, `return_to_hand`, `recycle_from_trash` charge each object its `value` or the weight;
  `exhaust` charges `exhaust_unit` per ready object; `spend_buff`, `spend_xp` per buff or XP
  point; `banish_self` and `recycle_self` the `banish` weight (5), `disempower_self` the
  `disempower` weight (2, the object needs `empowered` >= 1). Cards come from your hand or
  trash other than the one played; objects from your board. One object pays one cost at most
  (the README: "one object can't be exhausted twice").
- Sources (real-cards.md section 5): each is activated at most once, a `repeatable` one
  (a converter) any number of times; each activation charges `source`, plus `exhaust` when it
  exhausts its object and the object's `value` or `kill` when it kills it (the README), pays its
  Energy/Power cost from the same payment and adds `adds`. An object a non-standard cost took
  can't also be exhausted or killed by its source. Power added as `any` pays a pip of any
  domain. What the payment has and needs is compared as sums: Energy; Power per domain, the
  `any` Power added covering what the domains lack, then `[A]` pips from whatever is left.
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Iterator, Mapping, Sequence

from .pricing import ANY, DOMAINS, Reference, Total, Unsupported, runes_of, zone_objects

DEFAULT_WEIGHTS = {"exhaust": 1, "recycle": 3, "discard": 4, "kill": 5, "exhaust_unit": 2,
                   "recycle_from_trash": 1, "return_to_hand": 2, "spend_buff": 2, "spend_xp": 1,
                   "source": 0, "banish": 5, "disempower": 2}


def _matches(data: Mapping[str, Any], entry: Any, flt: Mapping[str, Any]) -> bool:
    """A cost's filter on an object (the keys the generator writes in costs)."""
    card = data["cards"][entry.card]
    for key, want in flt.items():
        if key == "id":
            ok = entry.id == want
        elif key == "type":
            ok = card.get("type") in (want if isinstance(want, list) else [want])
        elif key == "tags":
            ok = set(want) <= set(card.get("tags") or [])
        elif key == "domain":
            ok = want in (card.get("domains") or [])
        elif key in ("printed_energy", "printed_power"):
            cost = card.get("cost") or {}
            power = sum((cost.get("power") or {}).values())
            ok = (int(cost.get("energy", 0)) if key == "printed_energy" else power) == want
        else:
            raise Unsupported(f"cost filter {key}")
        if not ok:
            return False
    return True


def _object_choices(data: Mapping[str, Any], total: Total, played: str | None,
                    weights: Mapping[str, int]) -> dict[frozenset[str], int]:
    """Every way to pay the non-standard part: the objects it takes -> the least charge."""
    state = data.get("state") or {}
    you = state.get("you") or {}
    hand = [o for o in zone_objects(you, "hand", "you") if o.id != played]
    trash = [o for o in zone_objects(you, "trash", "you") if o.id != played]
    board = zone_objects(you, "board", "you")
    per_item: list[list[tuple[frozenset[str], int]]] = []
    for kind, flt_text, n in total.other:
        flt = json.loads(flt_text) if flt_text else {}
        if kind == "spend_buff":
            ok = sum(o.buffs for o in board) >= n
            per_item.append([(frozenset(), n * weights["spend_buff"])] if ok else [])
            continue
        if kind == "spend_xp":
            ok = int(you.get("xp", 0)) >= n
            per_item.append([(frozenset(), n * weights["spend_xp"])] if ok else [])
            continue
        if kind == "discard":
            pool, weight = hand, weights["discard"]
        elif kind == "recycle_from_trash":
            pool, weight = trash, weights["recycle_from_trash"]
        elif kind in ("kill", "return_to_hand"):
            pool, weight = board, weights[kind]
        elif kind == "exhaust":
            pool, weight = [o for o in board if not o.exhausted], weights["exhaust_unit"]
        elif kind in ("banish_self", "recycle_self"):
            pool, weight = board, weights["banish"]
        elif kind == "disempower_self":
            pool, weight = [o for o in board if o.empowered >= 1], weights["disempower"]
        else:
            raise Unsupported(kind)
        candidates = [o for o in pool if _matches(data, o, flt)]
        ways = []
        for chosen in itertools.combinations(candidates, n):
            charge = sum(weight if (o.value is None or kind in ("exhaust", "disempower_self"))
                         else o.value for o in chosen)
            ways.append((frozenset(o.id for o in chosen), charge))
        per_item.append(ways)
    out: dict[frozenset[str], int] = {}
    for combo in itertools.product(*per_item):
        used: frozenset[str] = frozenset()
        charge = 0
        clash = False
        for ids, c in combo:
            if used & ids:
                clash = True
                break
            used |= ids
            charge += c
        if not clash and charge < out.get(used, charge + 1):
            out[used] = charge
    return out


def _rune_signatures(you: Mapping[str, Any], weights: Mapping[str, int]
                     ) -> dict[tuple[int, tuple[int, ...]], int]:
    """(Energy taken, Power recycled per domain) -> the least charge of rune uses giving it."""
    if any("value" in r for r in (you.get("runes") or []) if isinstance(r, dict)):
        raise Unsupported("rune value")
    uses = []
    for r in runes_of(you):
        d = DOMAINS.index(r.domain)
        if r.exhausted:
            uses.append([(0, 0, None), (weights["recycle"], 0, d)])
        else:
            uses.append([(0, 0, None), (weights["exhaust"], 1, None),
                         (weights["exhaust"] + weights["recycle"], 1, d)])
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


def _source_plans(ref: Reference | None, used: frozenset[str], weights: Mapping[str, int],
                  bound: int) -> Iterator[tuple[int, Total, Total]]:
    """Every activation count of every usable source: (charge, added, paid)."""
    sources = ref.sources if ref is not None else ()
    ranges = []
    for s in sources:
        if (s.exhaust or s.kill) and s.id in used:
            ranges.append([0])
        elif s.repeatable:
            if s.exhaust or s.kill or s.pays.size == 0:
                raise Unsupported("a repeatable source that exhausts, kills or costs nothing")
            top = 1 if ref is not None and "converter_once" in ref.mutants else bound
            ranges.append(list(range(top + 1)))
        else:
            ranges.append([0, 1])
    for counts in itertools.product(*ranges):
        charge, added, paid = 0, Total(), Total()
        for s, n in zip(sources, counts):
            if not n:
                continue
            each = weights["source"] + (weights["exhaust"] if s.exhaust else 0) + (
                (weights["kill"] if s.value is None else s.value) if s.kill else 0)
            charge += n * each
            added = Total(added.energy + n * s.adds.energy,
                          tuple(a + n * b for a, b in zip(added.pips, s.adds.pips)))
            paid = Total(paid.energy + n * s.pays.energy,
                         tuple(a + n * b for a, b in zip(paid.pips, s.pays.pips)))
        yield charge, added, paid


def _power_ok(supply: Sequence[int], wild: int, need: Sequence[int], need_any: int) -> bool:
    """Domain needs met from their domain first, then from `any` Power; `[A]` pips from what is
    left of either."""
    lack = sum(max(0, n - s) for s, n in zip(supply, need))
    if lack > wild:
        return False
    spare = sum(max(0, s - n) for s, n in zip(supply, need)) + wild - lack
    return spare >= need_any


def cheapest(data: Mapping[str, Any], total: Total, ref: Reference | None = None) -> int | None:
    """The least score that pays `total`, or None when nothing pays it. `ref` gives the object
    played (left out of hand and trash) and the sources usable for this play."""
    state = data.get("state") or {}
    you = state.get("you") or {}
    if you.get("sources") and ref is None:
        raise Unsupported("sources without the reference's reading of them")
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(((data.get("objective") or {}).get("weights") or {}))
    pool = you.get("pool") or {}
    pool_energy = int(pool.get("energy", 0))
    pool_power = [int((pool.get("power") or {}).get(d, 0)) for d in DOMAINS]
    pool_any = int((pool.get("power") or {}).get("any", 0))  # Power of a domain of your choice
    played = ref.played if ref is not None else (data.get("play") or {}).get("object")
    if ref is not None and ref.kind == "ability":
        played = None  # the ability's object stays where it is; atoms name it by id
    objects = _object_choices(data, total, played, weights)
    if not objects:
        return None
    signatures = _rune_signatures(you, weights)
    bound = len(runes_of(you)) + pool_energy + sum(pool_power) + pool_any + sum(
        s.adds.size for s in (ref.sources if ref else ()) if not s.repeatable) + 1
    best: int | None = None
    for used, other_charge in objects.items():
        for src_charge, added, paid in _source_plans(ref, used, weights, bound):
            fixed = other_charge + src_charge
            if best is not None and fixed >= best:
                continue
            need_energy = total.energy + paid.energy
            need = [total.pips[i] + paid.pips[i] for i in range(len(DOMAINS))]
            need_any = total.pips[ANY] + paid.pips[ANY]
            for (energy, rec), charge in signatures.items():
                if best is not None and fixed + charge >= best:
                    continue
                if energy + pool_energy + added.energy < need_energy:
                    continue
                supply = [rec[i] + pool_power[i] + added.pips[i] for i in range(len(DOMAINS))]
                if _power_ok(supply, added.pips[ANY] + pool_any, need, need_any):
                    best = fixed + charge
    return best
