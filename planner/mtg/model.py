"""The CP-SAT model of an `mtg/1` cast: one option (way to cast, optional costs, X, the
announcement of every hybrid and Phyrexian pip) and the cheapest payment for it, all at once.

The engine supplies the options (`engine.mtg.options`) and what the resources can give and what
each use costs (`engine.mtg.payment`); this module turns them into variables, constraints and a
lexicographic objective and reads the answer back. It holds no game rule.

Variables (dicts keyed by the engine objects they stand for):
- `choose[o]`: option o is the one cast (exactly one);
- `act[p, a, k]`: permanent p activates its mana ability a, adding its option k;
- `convoke[p, t]`: creature p is tapped for convoke to pay a {t} pip (`1`: generic mana);
  `improvise[p]`: artifact p tapped to pay generic mana; `delve[c]`: card c exiled to pay it;
- `use[need, obj]`: object obj pays one of the non-mana cost `need` (a kind and filter, of the
  spell or of a mana ability such as an altar's);
- `pay[t, need]`: mana of kind t spent on a pip class (a spell pip of color t, the spell's
  generic mana, or a pip of a mana ability's own cost).

Objective, lexicographic: (with `x: auto`, the largest X first;) the score minus the benefits of
`auto` optional costs paid, then the smaller total mana, then fewer objects used, then state
order (earlier objects, then the earlier option). Levels are combined by weights only while the
product of their ranges stays far below 2^62; past that they are solved in stages, each stage
fixing the level it optimised, so no weight can overflow.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # imported where a model is built: fast-path casts never load OR-Tools
    from ..kernel import cp_model

from ...engine.mtg.cards import MtgScenario, OtherCost
from ...engine.mtg.mana import TYPES, total
from ...engine.mtg.payment import (LEAVES, REPEAT, Resources, can_pay_with, convoke_colors,
                                   leave_charge, repeatable)
from ...engine.mtg.total_cost import Priced
from .. import kernel
from ..config import SolverConfig
from ..kernel import Term

Need = tuple[str, str, object]  # (spell | ability, kind, filter)
Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index)


@dataclass(frozen=True, slots=True)
class MtgSolution:
    option: int
    activations: tuple[tuple[int, int, int], ...]  # (permanent, offer, add option), state
    # order; a repeatable ability once per activation
    convoke: tuple[tuple[int, str], ...]  # (permanent, "W".. or "1")
    improvise: tuple[int, ...]
    delve: tuple[int, ...]  # card indices
    uses: tuple[tuple[Need, tuple[Ref, ...]], ...]
    optimal: bool


def need_of(scope: str, o: OtherCost) -> Need:
    return (scope, o.kind, o.filter)


def solve_mtg(scenario: MtgScenario, options: tuple[Priced, ...], benefits: tuple[int, ...],
              res: Resources, config: SolverConfig, x_auto: bool) -> MtgSolution | None:
    """The best (option, payment), or None when nothing can pay any option; SolverStopped when
    the time limit ran out before either was known."""
    m = cp_model.CpModel()
    n_opt = len(options)
    objective = scenario.objective

    # One option is cast.
    choose = {o: m.new_bool_var(f"choose[{o}]") for o in range(n_opt)}
    m.add_exactly_one(choose.values())

    perms = res.permanents
    # Mana abilities: each permanent activates at most one, once, adding one of its options.
    # An ability that neither taps nor sacrifices its permanent (an altar's) may be activated
    # again and again, as often as the engine says its costs could be paid (`Offer.repeats`).
    act: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for p, perm in enumerate(perms):
        for a, offer in enumerate(perm.offers):
            for k in range(len(offer.ability.adds)):
                name = f"act[{perm.obj.id},{a},{k}]"
                act[(p, a, k)] = (m.new_int_var(0, offer.repeats, name) if repeatable(offer.ability)
                                  else m.new_bool_var(name))
    by_perm: dict[int, list[tuple[int, int, int]]] = {}
    for act_key in act:
        by_perm.setdefault(act_key[0], []).append(act_key)
    for keys in by_perm.values():
        once = [act[k] for k in keys if not repeatable(perms[k[0]].offers[k[1]].ability)]
        if len(once) > 1:
            m.add_at_most_one(once)

    # Convoke, improvise, delve.
    convoke = {(p, t): m.new_bool_var(f"convoke[{perm.obj.id},{t}]")
               for p, perm in enumerate(perms) if perm.convoker
               for t in convoke_colors(perm) + ("1",)}
    improvise = {p: m.new_bool_var(f"improvise[{perm.obj.id}]")
                 for p, perm in enumerate(perms) if perm.improviser}
    delve = {c: m.new_bool_var(f"delve[{card.obj.id}]")
             for c, card in enumerate(res.cards) if res.delve and card.zone == "graveyard"}

    # Non-mana needs: the spell's (per option) and the mana abilities' (per activation).
    demand: dict[Need, list[tuple[int, cp_model.IntVar]]] = {}
    samples: dict[Need, OtherCost] = {}
    for o, option in enumerate(options):
        for part in option.other:
            key = need_of("spell", part)
            samples.setdefault(key, part)
            demand.setdefault(key, []).append((part.count, choose[o]))
    for (p, a, k), var in act.items():
        for part in perms[p].offers[a].ability.other:
            key = need_of("ability", part)
            samples.setdefault(key, part)
            demand.setdefault(key, []).append((part.count, var))
    use: dict[tuple[Need, Ref], cp_model.IntVar] = {}
    # Everything milled, the spell's and the mana abilities', comes from one library (seed 003:
    # a cost can't mill more cards than the library holds).
    milled = [c * v for key, part in samples.items() if part.kind == "mill" for c, v in demand[key]]
    if milled:
        m.add(sum(milled) <= res.library)
    for key, part in samples.items():
        if part.kind == "mill":
            continue
        terms = []
        for p, perm in enumerate(perms):
            if can_pay_with(scenario, part, perm.obj, "battlefield"):
                if part.kind == "tap_untapped" and not perm.can_tap:
                    continue
                var = m.new_bool_var(f"use[{part.kind},{perm.obj.id}]")
                use[(key, ("p", p))] = var
                terms.append(var)
        for c, card in enumerate(res.cards):
            if can_pay_with(scenario, part, card.obj, card.zone):
                var = m.new_bool_var(f"use[{part.kind},{card.obj.id}]")
                use[(key, ("c", c))] = var
                terms.append(var)
        m.add(sum(terms) == sum(c * v for c, v in demand[key]))

    # Each permanent: tapped at most once (for mana, convoke, improvise or a tap cost), lost at
    # most once (sacrificed or returned); one sacrificed for mana is gone before 601.2h taps it
    # (convoke, improvise, the spell's tap cost); a mana ability's tap cost taps it in 601.2g,
    # before it is sacrificed for mana if the player orders them so (Springleaf Drum tapping a
    # creature that then sacrifices itself for mana).
    charges: list[cp_model.LinearExprT] = []
    used_objects: list[cp_model.LinearExprT] = []
    rank: list[cp_model.LinearExprT] = []
    for p, perm in enumerate(perms):
        mine = by_perm.get(p, [])
        tap_g = [act[k] for k in mine if perm.offers[k[1]].ability.tap]
        sac_g = [act[k] for k in mine if perm.offers[k[1]].ability.sacrifice_self]
        tap_h = [v for (pp, _), v in convoke.items() if pp == p]
        if p in improvise:
            tap_h.append(improvise[p])
        leave_g = list(sac_g)
        leave_h = []
        for (key, ref), var in use.items():
            if ref != ("p", p):
                continue
            if key[1] == "tap_untapped" and key[0] == "ability":
                tap_g.append(var)  # a mana ability's cost taps it in 601.2g: it may go later
            elif key[1] == "tap_untapped":
                tap_h.append(var)
            elif key[0] == "ability":
                leave_g.append(var)
            else:
                leave_h.append(var)
        tapped = sum(tap_g) + sum(tap_h)
        left = sum(leave_g) + sum(leave_h)
        if len(tap_g) + len(tap_h) > 1:
            m.add(tapped <= 1)
        if len(leave_g) + len(leave_h) > 1:
            m.add(left <= 1)
        if tap_h and leave_g:
            m.add(sum(tap_h) + sum(leave_g) <= 1)
        everything = tap_g + tap_h + leave_g + leave_h + [act[k] for k in mine]
        if not everything:
            continue
        # Tapping is charged only when the object is not also lost to the payment.
        if tap_g or tap_h:
            tap_only = m.new_bool_var(f"tap_only[{perm.obj.id}]")
            m.add(tap_only >= tapped - left)
            charges.append(perm.tap_charge * tap_only)
        for var in sac_g:
            charges.append(leave_charge(scenario, "sacrifice", perm.obj) * var)
        for (key, ref), var in use.items():
            if ref == ("p", p) and key[1] != "tap_untapped":
                charges.append(leave_charge(scenario, key[1], perm.obj) * var)
        touched = m.new_bool_var(f"used[{perm.obj.id}]")
        for var in everything:
            m.add(var <= REPEAT * touched)
        used_objects.append(touched)
        rank.append(perm.position * touched)
    for c, card in enumerate(res.cards):
        mine_c = [v for (key, ref), v in use.items() if ref == ("c", c)]
        if c in delve:
            mine_c.append(delve[c])
        if not mine_c:
            continue
        if len(mine_c) > 1:
            m.add(sum(mine_c) <= 1)
        for (key, ref), var in use.items():
            if ref == ("c", c):
                charges.append(leave_charge(scenario, key[1], card.obj) * var)
        if c in delve:
            charges.append(leave_charge(scenario, "exile_from_graveyard", card.obj) * delve[c])
        used_objects.append(sum(mine_c))
        rank.append((len(perms) + card.position) * sum(mine_c))

    # Life: Phyrexian pips, life costs and mana abilities' life, only up to the life total.
    life = sum(choose[o] * options[o].life for o in range(n_opt)) + sum(
        perms[p].offers[a].ability.life * var for (p, a, k), var in act.items())
    m.add(life <= res.life)
    charges.append(objective.weight("life") * life)
    for key, part in samples.items():
        if part.kind == "mill":
            charges.append(objective.weight("mill") * sum(c * v for c, v in demand[key]))

    # Mana made, by kind, at supply nodes: `base` (the pool and abilities with no mana cost),
    # `restricted` (mana that pays the spell only), and each filter ability (a mana ability
    # with a mana cost), whose mana may pay the spell or another filter ability's cost.
    cap = total(res.pool) + sum(max(total(x) for x in offer.ability.adds) * offer.repeats
                                for perm in perms for offer in perm.offers)
    Node = tuple[int, int]  # a filter ability: (permanent, offer); (-1, 0) base; (-2, 0) restricted
    base: Node = (-1, 0)
    restricted: Node = (-2, 0)
    made: dict[Node, dict[str, cp_model.LinearExprT]] = {
        base: {t: res.pool[1 + i] for i, t in enumerate(TYPES)},
        restricted: {t: 0 for t in TYPES}}
    # A restricted filter (its mana pays the spell only) is a filter node too: its own cost is
    # paid like any filter's.
    spell_only: set[Node] = {restricted}
    for (p, a, k), var in act.items():
        offer = perms[p].offers[a]
        node = (p, a) if offer.ability.mana.symbols else restricted if offer.restricted else base
        if offer.restricted:
            spell_only.add(node)
        bucket = made.setdefault(node, {t: 0 for t in TYPES})
        for i, t in enumerate(TYPES):
            if offer.ability.adds[k][1 + i]:
                bucket[t] = cp_model.LinearExpr.sum([bucket[t], var * offer.ability.adds[k][1 + i]])
    filters = [n for n in made if n[0] >= 0]
    # Demands: the spell's pips of each kind, its generic mana, each filter ability's own cost.
    spell: Node = (-3, 0)
    Demand = tuple[Node, tuple[str, ...]]  # (whose: the spell or a filter ability; kinds)
    demands: dict[Demand, cp_model.LinearExprT] = {}
    for i, t in enumerate(TYPES):
        demands[(spell, (t,))] = sum(choose[o] * options[o].mana[1 + i] for o in range(n_opt))
    demands[(spell, TYPES + ("generic",))] = sum(choose[o] * options[o].mana[0] for o in range(n_opt))
    for node in filters:
        p, a = node
        for s_ in perms[p].offers[a].ability.mana.symbols:
            kinds = TYPES if s_.kind == "generic" else tuple(s_.colors)
            count = s_.amount if s_.kind == "generic" else 1
            key_d = (node, kinds)
            demands[key_d] = cp_model.LinearExpr.sum([demands.get(key_d, 0), count * sum(
                var for (pp, aa, _), var in act.items() if (pp, aa) == node)])
    # A filter ability's mana pays another's cost only if it was activated first: an order.
    order = {n: m.new_int_var(0, len(filters), f"order[{perms[n[0]].obj.id}]") for n in filters} \
        if len(filters) > 1 else {}
    spend: dict[tuple[Node, str], list[cp_model.IntVar]] = {}
    for (owner, kinds), need in demands.items():
        flows: list[cp_model.LinearExprT] = []
        for node in made:
            if node == owner or (node in spell_only and owner != spell):
                continue
            edge = None
            if node in order and owner in order:
                edge = m.new_bool_var(f"feeds[{perms[node[0]].obj.id},{perms[owner[0]].obj.id}]")
                m.add(order[node] + 1 <= order[owner]).only_enforce_if(edge)
            for t in kinds:
                if t == "generic":
                    continue
                v = m.new_int_var(0, cap, f"pay[{node},{t},{owner},{'/'.join(kinds)}]")
                if edge is not None:
                    m.add(v <= cap * edge)
                spend.setdefault((node, t), []).append(v)
                flows.append(v)
        if owner == spell and kinds == (kinds[0],) and kinds[0] != "C":
            flows += [v for (p, c), v in convoke.items() if c == kinds[0]]
        if owner == spell and "generic" in kinds:
            flows += [v for (p, c), v in convoke.items() if c == "1"]
            flows += list(improvise.values()) + list(delve.values())
        m.add(sum(flows) == need)
    for (node, t), used in spend.items():
        m.add(sum(used) <= made[node][t])

    # The levels of the objective, most important first, each with the range of its values
    # (a level's value may be negative down to minus its range: its span is 2 * range + 1).
    score = cp_model.LinearExpr.sum(charges) if charges else 0
    benefit = sum(choose[o] * benefits[o] for o in range(n_opt))
    score_ub = _charge_bound(scenario, res, options) + 1
    levels: list[tuple[cp_model.LinearExprT, int]] = []
    if x_auto:
        x_ub = max(o.choices.x for o in options) + 1
        levels.append((-sum(choose[o] * options[o].choices.x for o in range(n_opt)), x_ub))
    levels.append((score - benefit, score_ub + max(benefits, default=0) + 1))
    levels.append((sum(choose[o] * options[o].size for o in range(n_opt)),
                   max(o.size for o in options) + 1))
    levels.append((sum(used_objects), len(perms) + len(res.cards) + 1))
    order_ub = sum(range(len(perms) + len(res.cards) + 1)) + 1
    levels.append((cp_model.LinearExpr.sum(rank) * n_opt
                   + cp_model.LinearExpr.weighted_sum(list(choose.values()), list(range(n_opt))),
                   order_ub * n_opt + n_opt))
    ranked = [Term(expr, 2 * size + 1) for expr, size in levels]

    def read_back(solver: cp_model.CpSolver) -> MtgSolution:
        chosen = next(o for o in range(n_opt) if solver.value(choose[o]))
        return MtgSolution(
            option=chosen,
            activations=tuple(sorted(k for k, v in act.items() for _ in range(solver.value(v)))),
            convoke=tuple(sorted(k for k, v in convoke.items() if solver.value(v))),
            improvise=tuple(sorted(p for p, v in improvise.items() if solver.value(v))),
            delve=tuple(sorted(c for c, v in delve.items() if solver.value(v))),
            uses=tuple((key, tuple(ref for (k, ref), v in sorted(use.items(),
                                                                  key=lambda i: i[0][1])
                                   if k == key and solver.value(v)))
                       for key in samples if samples[key].kind != "mill"),
            optimal=True,
        )

    solved = kernel.solve(m, ranked, config, read_back, [*choose.values(), *act.values()])
    if solved is None:
        return None
    return replace(solved.value, optimal=solved.optimal)


def _charge_bound(scenario: MtgScenario, res: Resources, options: tuple[Priced, ...]) -> int:
    """The largest score any payment could have."""
    w = scenario.objective
    biggest = max(list(w.weights.values()) + [1])
    values = [p.obj.value or 0 for p in res.permanents]
    values += [c.obj.value or 0 for c in res.cards]
    per_object = biggest * 2 + max(values + [0])
    mill = max((sum(p.count for p in o.other if p.kind == "mill") for o in options), default=0)
    return (per_object * (len(res.permanents) + len(res.cards)) + w.weight("life") * res.life
            + w.weight("mill") * mill + 1)


__all__ = ["LEAVES", "MtgSolution", "repeatable", "solve_mtg"]
