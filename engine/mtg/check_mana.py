"""Whether the mana of a payment the player chose pays (`engine.mtg.checker`): the pool spent and
the mana its abilities add against the total's pips and each filter ability's own mana cost, in
some order of the filter abilities (601.2g: one's mana pays another's cost only if it was
activated first; mana restricted to the spell pays the spell only, 106.6; `spend_only` mana
never pays the spell; {S} only snow mana, 107.4h). A transportation problem, solved as a max
flow.
"""

from __future__ import annotations

import itertools

from .mana import TYPES, Mana, mana_text, total_text
from .payment import Payment
from .resources import Resources, per_counter

MAX_OPEN = 4096  # the ways of the triggers a checked payment leaves out that are tried


def best_options(res: Resources, payment: Payment, activations: list[tuple[int, int, int]],
                 open_options: dict[int, list[int]], need: list[int], snow: int
                 ) -> tuple[list[tuple[int, int, int]], str | None]:
    """The activations with the options of the triggers the payment leaves out chosen so that
    its mana pays (the first way that does, of at most `MAX_OPEN`), and what it leaves unpaid
    (None: it pays)."""
    first = mana_short(res, payment, activations, need, snow)
    if first is None or not open_options:
        return activations, first
    at = sorted(open_options)
    for n, ks in enumerate(itertools.product(*(open_options[i] for i in at))):
        if n >= MAX_OPEN:
            break
        trial = list(activations)
        for i, k in zip(at, ks):
            p, a, _ = trial[i]
            trial[i] = (p, a, k)
        if mana_short(res, payment, trial, need, snow) is None:
            return trial, None
    return activations, first


def kept_off(res: Resources, payment: Payment,
             activations: list[tuple[int, int, int]]) -> str:
    """Under the spell's `spend_only`, the sources of the payment whose mana may not be spent
    on it (the pool, the permanents it does not match), in words; else nothing."""
    if res.spend_only is None:
        return ""
    named = ["the pool"] if any(payment.pool) else []
    named += list(dict.fromkeys(res.permanents[p].obj.id for p, a, _ in activations
                                if not res.permanents[p].offers[a].spendable))
    if not named:
        return ""
    return (f"; the spell's spend_only lets only mana made by a permanent matching it be spent "
            f"on it, not the mana of {', '.join(named)}")


def mana_short(res: Resources, payment: Payment, activations: list[tuple[int, int, int]],
               spell: list[int], snow: int = 0) -> str | None:
    """None when the pool spent and the mana the abilities add pay the spell's pips `spell`
    (generic first, then W U B R G C) and each activated filter ability's own mana cost, in
    some order of the filter abilities; else what is left unpaid, in words.

    A transportation problem (mana of a kind at a node to the pips that take it), solved as a
    max flow; the order of the filter abilities is searched, each partial order first tried with
    the abilities not yet placed free to feed one another (a relaxation: if that fails, no order
    that extends it can pay)."""
    perms = res.permanents
    # A filter ability (permanent, offer); (-1, 0) the base, (-2, 0) restricted, (-4, 0) mana
    # that pays nothing here (`Offer.pays`: it stays in the pool).
    Node = tuple[int, int]
    base: Node = (-1, 0)
    restricted: Node = (-2, 0)
    spell_node: Node = (-3, 0)
    floating: Node = (-4, 0)
    barred: Node = (-5, 0)  # mana `spend_only` keeps off the spell: it pays filters' costs only
    base_snow: Node = (-6, 0)  # snow mana (the pool's snow part, snow permanents'): pays {S}
    restricted_snow: Node = (-7, 0)
    snow_owner: Node = (-8, 0)  # the spell's {S}: only snow mana feeds it
    # The pool spent: its snow part first (a choice that never pays less).
    snowy = [min(p, s) for p, s in zip(payment.pool, res.snow_pool)]
    plain = [p - s for p, s in zip(payment.pool, snowy)]
    made: dict[Node, list[int]] = {base: plain if res.pool_spendable else [0] * 7,
                                   base_snow: snowy if res.pool_spendable else [0] * 7,
                                   restricted: [0] * 7, restricted_snow: [0] * 7,
                                   barred: [0] * 7 if res.pool_spendable else list(payment.pool)}
    snow_nodes = {base_snow, restricted_snow}
    activated: dict[Node, int] = {}
    kept_off = {barred}  # the nodes whose mana may not pay the spell
    for p, a, k in activations:
        offer = perms[p].offers[a]
        node = (p, a)
        activated[node] = activated.get(node, 0) + 1
        if not offer.spendable and offer.ability.mana.symbols:
            kept_off.add(node)
        snowy_perm = perms[p].card.snow
        if snowy_perm and offer.ability.mana.symbols:
            snow_nodes.add(node)
        into = (floating if not offer.pays
                else (restricted_snow if snowy_perm else restricted) if offer.restricted
                else node if offer.ability.mana.symbols
                else (base_snow if snowy_perm else base) if offer.spendable
                else barred)
        bucket = made.setdefault(into, [0] * 7)
        for i in range(1, 7):
            bucket[i] += offer.ability.adds[k][i]
    # What must be paid: (who pays it: the spell or an ability, the kinds that may, how much).
    Demand = tuple[Node, tuple[int, ...], int]
    every = tuple(range(1, 7))
    # `spend_as_any_color`: a colored pip (not {C}) takes mana of any type.
    def takes(i: int) -> tuple[int, ...]:
        return every if res.any_color and i != 6 else (i,)

    demands: list[Demand] = [(spell_node, takes(i), spell[i]) for i in range(1, 7) if spell[i]]
    if spell[0]:
        demands.append((spell_node, every, spell[0]))
    if snow:
        demands.append((snow_owner, every, snow))
    for node, times in activated.items():
        if per_counter(perms[node[0]].offers[node[1]].ability):
            times = 1  # a storage land's units are one activation: its cost is paid once
        for s in perms[node[0]].offers[node[1]].ability.mana.symbols:
            kinds = every if s.kind == "generic" else tuple(sorted({
                k for c in s.colors for k in takes(1 + TYPES.index(c))}))
            demands.append((node, kinds, (s.amount if s.kind == "generic" else 1) * times))
    filters = sorted(n for n in made if n[0] >= 0)
    restricted_costs = {n for n in activated if perms[n[0]].offers[n[1]].restricted}
    spell_only = {restricted, restricted_snow}

    def pays(placed: list[Node]) -> int:
        """How much of the demands the mana pays with this (partial) order of the filters."""
        def feeds(giver: Node, owner: Node) -> bool:
            if giver == floating:
                return False
            if owner == spell_node:
                return giver not in kept_off
            if owner == snow_owner:
                return giver in snow_nodes and giver not in kept_off
            if giver in spell_only or giver == owner:
                return False
            if giver in (base, barred, base_snow) or owner in restricted_costs:
                return True  # an ability whose mana pays the spell only may go last
            if giver in placed and owner in placed:
                return placed.index(giver) < placed.index(owner)
            return giver in placed or owner not in placed
        return _chosen_flow(made, demands, feeds)

    needed = sum(d[2] for d in demands)

    def search(placed: list[Node]) -> bool:
        if pays(placed) < needed:
            return False
        rest = [f for f in filters if f not in placed]
        return not rest or any(search(placed + [f]) for f in rest)

    if search([]):
        return None
    given = [sum(m[i] for n, m in made.items() if n != floating) for i in range(7)]
    idle = made.get(floating)
    return (f"{total_text(seven(spell), snow)} (the total after convoke, improvise and delve"
            + (", its {S} only with mana from a snow source" if snow else "") + ") and its "
            f"mana abilities' own costs: it gives {mana_text(seven(given), 'no mana')}"
            + (f" (and {mana_text(seven(idle))} restricted to what this spell is not)"
               if idle and any(idle) else ""))


def seven(m: list[int]) -> Mana:
    return (m[0], m[1], m[2], m[3], m[4], m[5], m[6])


def _chosen_flow(made: dict[tuple[int, int], list[int]],
                 demands: list[tuple[tuple[int, int], tuple[int, ...], int]],
                 feeds: object) -> int:
    """The most of the demands the mana made can pay: a max flow (augmenting paths) from the
    mana of each kind at each node to the demands whose kinds take it and whose owner that node
    `feeds`."""
    assert callable(feeds)
    supply = [(node, i, n) for node, bucket in made.items() for i, n in enumerate(bucket) if n]
    need = [d[2] for d in demands]
    edges = [[d for d, (owner, kinds, _) in enumerate(demands) if i in kinds and feeds(node, owner)]
             for node, i, _ in supply]
    left = [n for _, _, n in supply]
    flow: dict[tuple[int, int], int] = {}
    total_flow = 0
    while True:
        # Breadth-first: from supply with mana left, through demands, back along used edges.
        parent: dict[tuple[str, int], tuple[str, int] | None] = {}
        queue: list[tuple[str, int]] = []
        for s, n in enumerate(left):
            if n:
                parent[("s", s)] = None
                queue.append(("s", s))
        end: tuple[str, int] | None = None
        while queue and end is None:
            here = queue.pop(0)
            if here[0] == "s":
                for d in edges[here[1]]:
                    if ("d", d) not in parent:
                        parent[("d", d)] = here
                        if need[d]:
                            end = ("d", d)
                            break
                        queue.append(("d", d))
            else:
                for (s, d), f in flow.items():
                    if d == here[1] and f and ("s", s) not in parent:
                        parent[("s", s)] = here
                        queue.append(("s", s))
        if end is None:
            return total_flow
        path = [end]
        while parent[path[-1]] is not None:
            step = parent[path[-1]]
            assert step is not None
            path.append(step)
        path.reverse()
        amount = min([left[path[0][1]], need[end[1]]]
                     + [flow[(path[j + 1][1], path[j][1])] for j in range(1, len(path) - 1, 2)])
        left[path[0][1]] -= amount
        need[end[1]] -= amount
        for j in range(0, len(path) - 1):
            a, b = path[j], path[j + 1]
            if a[0] == "s":
                flow[(a[1], b[1])] = flow.get((a[1], b[1]), 0) + amount
            else:
                flow[(b[1], a[1])] -= amount
        total_flow += amount
