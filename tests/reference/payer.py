"""The cheapest payment of one total on a small board, by brute force (spec, "The objective").

Written apart from `planner/` and `benchmarks/brute_force.py`: every use of every rune is tried.
A ready rune is left alone, exhausted (1 Energy, weight `exhaust`) or exhausted and recycled (1
Energy and 1 Power of its domain, weights `exhaust` + `recycle`: recycling a ready rune loses its
Energy too, and recycling a rune the same payment exhausted counts the exhaust once). Recycling a
ready rune without taking its Energy is never cheaper than taking it as well, so it is not a
separate case. An exhausted rune is left alone or recycled (`recycle`). The pool is free.
`discard: N` takes the N cheapest cards of your hand other than the played one (`discard` weight
or the card's `value`). Sources are not modelled (the generator makes none).
"""

from __future__ import annotations

import itertools
from typing import Any, Mapping

from .pricing import ANY, DOMAINS, Total, Unsupported, runes_of, zone_objects

DEFAULT_WEIGHTS = {"exhaust": 1, "recycle": 3, "discard": 4}


def cheapest(data: Mapping[str, Any], total: Total) -> int | None:
    """The least score that pays `total`, or None when nothing pays it."""
    state = data.get("state") or {}
    you = state.get("you") or {}
    if you.get("sources"):
        raise Unsupported("sources")
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(((data.get("objective") or {}).get("weights") or {}))
    pool = you.get("pool") or {}
    pool_energy = int(pool.get("energy", 0))
    pool_power = [int((pool.get("power") or {}).get(d, 0)) for d in DOMAINS]
    played = (data.get("play") or {}).get("object")

    other = 0
    for kind, n in total.other:
        if kind != "discard":
            raise Unsupported(kind)
        hand = sorted(weights["discard"] if o.value is None else o.value
                      for o in zone_objects(you, "hand", "you") if o.id != played)
        if len(hand) < n:
            return None
        other += sum(hand[:n])

    runes = runes_of(you)
    if any("value" in r for r in (you.get("runes") or []) if isinstance(r, dict)):
        raise Unsupported("rune value")
    # per rune: list of (charge, energy, power domain or None)
    uses = []
    for r in runes:
        if r.exhausted:
            uses.append([(0, 0, None), (weights["recycle"], 0, r.domain)])
        else:
            uses.append([(0, 0, None), (weights["exhaust"], 1, None),
                         (weights["exhaust"] + weights["recycle"], 1, r.domain)])
    best: int | None = None
    need_pips = total.pips
    for combo in itertools.product(*uses):
        charge = sum(c for c, _, _ in combo)
        if best is not None and charge >= best:
            continue
        energy = pool_energy + sum(e for _, e, _ in combo)
        if energy < total.energy:
            continue
        supply = list(pool_power)
        for _, _, dom in combo:
            if dom is not None:
                supply[DOMAINS.index(dom)] += 1
        spare = 0
        ok = True
        for i in range(len(DOMAINS)):
            if supply[i] < need_pips[i]:
                ok = False
                break
            spare += supply[i] - need_pips[i]
        if ok and spare >= need_pips[ANY]:
            best = charge
    return None if best is None else best + other
