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

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:  # imported where a model is built: fast-path casts never load OR-Tools
    from ..kernel import cp_model

from ...engine.mtg.cards import OtherCost, Scenario
from ...engine.mtg.mana import TYPES, Mana, total
from ...engine.mtg.options import Linear
from ...engine.mtg.resources import (
    LEAVES,
    REPEAT,
    Resources,
    ability_scope,
    can_pay_with,
    convoke_colors,
    interchangeable,
    leave_charge,
    per_counter,
    removers,
    repeatable,
    taps_once,
)
from ...engine.mtg.total_cost import Choices, Priced
from .. import kernel
from ..config import SolverConfig
from ..kernel import Term

Need = tuple[str, str, object]  # (spell | ability | ability_scope(p, a), kind, filter)
Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index)
# Whether CP-SAT starts from the incumbent's values (`kernel.Incumbent.hint`) when the model
# decides the choices (`_decided`). A listed model gets none: measured on the 40 bench boards of
# 10 to 60 sources with the fast path off, the hint made no solve faster (0.68 s of CPU either
# way) but moved 28 answers to other payments of the same objective; there the incumbent is only
# the answer when the time limit strikes first.
HINT_DECIDED = True


@dataclass(frozen=True, slots=True)
class Solution:
    option: int
    activations: tuple[tuple[int, int, int], ...]  # (permanent, offer, add option), state
    # order; a repeatable ability once per activation
    convoke: tuple[tuple[int, str], ...]  # (permanent, "W".. or "1")
    improvise: tuple[int, ...]
    delve: tuple[int, ...]  # card indices
    uses: tuple[tuple[Need, tuple[Ref, ...]], ...]
    optimal: bool
    # Decided in the model from `Linear` choices (option -1): the choices (halves announced)
    # and the total (mana, life) the model paid, which `price` must give back.
    choices: Choices | None = None  # its halves not yet announced: see `halves`
    total: tuple[Mana, int] | None = None
    halves: tuple[tuple[str, tuple[int, ...]], ...] = ()  # kind -> pips taking each half
    life_for: tuple[tuple[str, int], ...] = ()  # (color, pips of it paid with life: K'rrik)


def need_of(scope: str, o: OtherCost) -> Need:
    return (scope, o.kind, o.filter)


@dataclass
class _Side:
    """The cast's side of the model: the total (mana by kind, life) and the objective's
    option terms as expressions of the option variables, the non-mana parts the cast demands,
    and how to read the choice back."""

    mana: list[cp_model.LinearExprT]  # generic, W U B R G C
    snow: cp_model.LinearExprT  # {S}: generic mana only snow mana pays
    life: cp_model.LinearExprT
    x: cp_model.LinearExprT
    x_ub: int
    benefit: cp_model.LinearExprT
    benefit_ub: int
    size: cp_model.LinearExprT
    size_ub: int
    mill_ub: int  # the most cards the cast's own parts mill
    other: list[tuple[OtherCost, cp_model.LinearExprT]]  # a part, demanded (count times) when set
    ties: list[tuple[cp_model.LinearExprT, int]]  # after the state order: (expr, its range)
    index: tuple[cp_model.LinearExprT, int] | None  # the listed option's index and count
    read: Callable[[cp_model.CpSolver], tuple[int, Choices | None]]
    halves: Callable[[cp_model.CpSolver], tuple[tuple[str, tuple[int, ...]], ...]]
    variables: list[cp_model.IntVar]
    hint: Callable[[Solution], list[tuple[cp_model.IntVar, int]]]  # a known solution's values


def _listed(m: cp_model.CpModel, options: tuple[Priced, ...], benefits: tuple[int, ...]) -> _Side:
    """One option of the list is cast: `choose[o]`, exactly one."""
    n_opt = len(options)
    choose = {o: m.new_bool_var(f"choose[{o}]") for o in range(n_opt)}
    m.add_exactly_one(choose.values())

    def read(solver: cp_model.CpSolver) -> tuple[int, Choices | None]:
        return next(o for o in range(n_opt) if solver.value(choose[o])), None

    return _Side(
        mana=[sum(choose[o] * options[o].mana[i] for o in range(n_opt)) for i in range(7)],
        snow=sum(choose[o] * options[o].snow for o in range(n_opt)),
        life=sum(choose[o] * options[o].life for o in range(n_opt)),
        x=sum(choose[o] * options[o].choices.x for o in range(n_opt)),
        x_ub=max(o.choices.x for o in options) + 1,
        benefit=sum(choose[o] * benefits[o] for o in range(n_opt)),
        benefit_ub=max(benefits, default=0),
        size=sum(choose[o] * options[o].size for o in range(n_opt)),
        size_ub=max(o.size for o in options) + 1,
        mill_ub=max((sum(p.count for p in o.other if p.kind == "mill") for o in options),
                    default=0),
        other=[(part, choose[o]) for o, option in enumerate(options) for part in option.other],
        ties=[],
        index=(cp_model.LinearExpr.weighted_sum(list(choose.values()), list(range(n_opt))), n_opt),
        read=read, halves=lambda solver: (), variables=list(choose.values()),
        hint=lambda known: [(v, int(o == known.option)) for o, v in choose.items()])


def _decided(m: cp_model.CpModel, linear: Linear, scenario: Scenario,
             auto: tuple[str, ...]) -> _Side:
    """Choices in the model (`engine.mtg.options.Linear`): `way[c]`, exactly one way to cast;
    `x[c]`, its X; `times[name]`, how often each optional cost is paid; `half[kind, j]`, how
    many of the announced pips of a kind take its half j (as many in all as the way and the
    optional costs hold of that kind). The total is the sum of the parts chosen. Ties after
    the state order: the earlier way, fewer optional costs paid, then each cost fewer times in
    the card's order, the smaller X, then fewer pips on each later half (kinds in text order)."""
    way = {c: m.new_bool_var(f"way[{w.cast}]") for c, w in enumerate(linear.ways)}
    m.add_exactly_one(way.values())
    x = {}
    for c, w in enumerate(linear.ways):
        if w.x_high:
            x[c] = m.new_int_var(0, w.x_high, f"x[{w.cast}]")
            m.add(x[c] <= w.x_high * way[c])
            m.add(x[c] >= w.x_low * way[c])
    times = {k.name: m.new_int_var(k.low, k.high, f"times[{k.name}]") for k in linear.counted}
    mana: list[cp_model.LinearExprT] = [
        sum(way[c] * w.base.mana[i] for c, w in enumerate(linear.ways))
        + sum(times[k.name] * k.part.mana[i] for k in linear.counted) for i in range(7)]
    mana[0] = cp_model.LinearExpr.sum(
        [mana[0], *(w.x_count * x[c] for c, w in enumerate(linear.ways) if c in x)])
    life: cp_model.LinearExprT = (sum(way[c] * w.base.life for c, w in enumerate(linear.ways))
                                  + sum(times[k.name] * k.part.life for k in linear.counted))
    life = cp_model.LinearExpr.sum(
        [life, *(w.x_life * x[c] for c, w in enumerate(linear.ways) if c in x and w.x_life)])
    half: dict[tuple[str, int], cp_model.IntVar] = {}
    half_most: dict[str, int] = {}  # each kind's pips at most (the `half` variables' range)
    size_ub = max(total(w.base.mana) + w.x_count * w.x_high for w in linear.ways) + sum(
        k.high * total(k.part.mana) for k in linear.counted)
    for text, each in linear.halves:
        most = max(dict(w.base.announced).get(text, 0) for w in linear.ways) + sum(
            k.high * dict(k.part.announced).get(text, 0) for k in linear.counted)
        half_most[text] = most
        pips = (sum(way[c] * dict(w.base.announced).get(text, 0) for c, w in enumerate(linear.ways))
                + sum(times[k.name] * dict(k.part.announced).get(text, 0) for k in linear.counted))
        for j, (name, adds, costs) in enumerate(each):
            half[(text, j)] = m.new_int_var(0, most, f"half[{text},{name}]")
            for i in range(7):
                if adds[i]:
                    mana[i] = cp_model.LinearExpr.sum([mana[i], adds[i] * half[(text, j)]])
            if costs:
                life = cp_model.LinearExpr.sum([life, costs * half[(text, j)]])
        m.add(sum(half[(text, j)] for j in range(len(each))) == pips)
        size_ub += most * max(total(adds) for _, adds, _ in each)
    benefit = sum(scenario.objective.benefit(k.name) * times[k.name]
                  for k in linear.counted if k.name in auto)
    benefit_ub = sum(max(0, scenario.objective.benefit(k.name)) * k.high
                     for k in linear.counted if k.name in auto)
    ties: list[tuple[cp_model.LinearExprT, int]] = []
    if len(way) > 1:
        ties.append((cp_model.LinearExpr.weighted_sum(list(way.values()), list(range(len(way)))),
                     len(way)))
    if len(times) > 1:
        ties.append((sum(times.values()), sum(k.high for k in linear.counted) + 1))
    ties += [(times[k.name], k.high + 1) for k in linear.counted if k.high > k.low]
    if x:
        ties.append((sum(x.values()), max(w.x_high for w in linear.ways) + 1))
    for text, each in linear.halves:
        # (an IntVar's proto domain does not index from the end: [-1] read 0 there, so these
        # ranges were 1 and a later tie could outweigh an earlier one)
        ties += [(half[(text, j)], half_most[text] + 1)
                 for j in range(1, len(each))]

    def read(solver: cp_model.CpSolver) -> tuple[int, Choices | None]:
        c = next(c for c in way if solver.value(way[c]))
        optional = tuple((k.name, solver.value(times[k.name])) for k in linear.counted
                         if solver.value(times[k.name]))
        return -1, Choices(linear.ways[c].cast, optional, solver.value(x[c]) if c in x else 0)

    return _Side(
        mana=mana, snow=0, life=life, x=sum(x.values()) if x else 0,  # (no {S}: `linear_choices`)
        x_ub=max(w.x_high for w in linear.ways) + 1, benefit=benefit, benefit_ub=benefit_ub,
        size=sum(mana), size_ub=size_ub + 1,
        mill_ub=max((sum(p.count for p in w.other if p.kind == "mill") for w in linear.ways),
                    default=0),
        other=[(part, way[c]) for c, w in enumerate(linear.ways) for part in w.other],
        ties=ties, index=None, read=read,
        halves=lambda solver: tuple((text, tuple(solver.value(half[(text, j)])
                                                 for j in range(len(each))))
                                    for text, each in linear.halves),
        variables=[*way.values(), *x.values(), *times.values(), *half.values()],
        hint=lambda known: _decided_hint(known, linear, way, x, times, half))


def _decided_hint(known: Solution, linear: Linear, way: dict[int, cp_model.IntVar],
                  x: dict[int, cp_model.IntVar], times: dict[str, cp_model.IntVar],
                  half: dict[tuple[str, int], cp_model.IntVar]) -> list[tuple[cp_model.IntVar, int]]:
    """The decided choices' values of a known solution (its `choices` and `halves`)."""
    assert known.choices is not None
    chosen = next(c for c, w in enumerate(linear.ways) if w.cast == known.choices.cast)
    out = [(v, int(c == chosen)) for c, v in way.items()]
    out += [(v, known.choices.x if c == chosen else 0) for c, v in x.items()]
    paid = dict(known.choices.optional)
    out += [(v, paid.get(name, 0)) for name, v in times.items()]
    counts = dict(known.halves)
    out += [(v, counts[text][j] if text in counts else 0) for (text, j), v in half.items()]
    return out


Node = tuple[int, int]  # a filter ability: (permanent, offer); or one of the supply nodes below
Demand = tuple[Node, tuple[str, ...]]  # (whose: the spell or a filter ability; kinds)
_BASE: Node = (-1, 0)  # the pool and the abilities with no mana cost
_RESTRICTED: Node = (-2, 0)  # mana that pays the spell only
_SPELL: Node = (-3, 0)  # the spell, as a demand's owner
# Under the spell's `spend_only`, `barred` holds the pool and the mana of the permanents it
# does not match (filter abilities of those are `kept_off` too): it pays filters' costs only.
_BARRED: Node = (-5, 0)
# Snow mana (the pool's snow part, a snow permanent's mana) is at nodes of its own: it alone
# pays the spell's {S} (`snow_nodes`).
_BASE_SNOW: Node = (-6, 0)
_RESTRICTED_SNOW: Node = (-7, 0)


@dataclass(slots=True)
class _Model:
    """A model as `solve` builds it, step by step: the cast's side, the permanents as classes
    (`groups`), every family of variables made so far, and the objective's terms gathered."""

    m: cp_model.CpModel
    scenario: Scenario
    res: Resources
    side: _Side
    members: dict[int, tuple[int, ...]]  # a class by its first member
    size: dict[int, int]
    act: dict[tuple[int, int, int], cp_model.IntVar] = field(default_factory=dict)
    by_perm: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    convoke: dict[tuple[int, str], cp_model.IntVar] = field(default_factory=dict)
    improvise: dict[int, cp_model.IntVar] = field(default_factory=dict)
    delve: dict[int, cp_model.IntVar] = field(default_factory=dict)
    demand: dict[Need, list[tuple[int, cp_model.LinearExprT]]] = field(default_factory=dict)
    samples: dict[Need, OtherCost] = field(default_factory=dict)
    removing: frozenset[tuple[int, int]] = frozenset()
    use: dict[tuple[Need, Ref], cp_model.IntVar] = field(default_factory=dict)
    by_life: dict[str, cp_model.IntVar] = field(default_factory=dict)
    charges: list[cp_model.LinearExprT] = field(default_factory=list)
    used_objects: list[cp_model.LinearExprT] = field(default_factory=list)
    rank: list[cp_model.LinearExprT] = field(default_factory=list)


def solve(scenario: Scenario, options: tuple[Priced, ...], benefits: tuple[int, ...],
              res: Resources, config: SolverConfig, x_auto: bool,
              start: Solution | None = None, linear: Linear | None = None,
              auto: tuple[str, ...] = ()) -> Solution | None:
    """The best (option, payment), or None when nothing can pay any option; SolverStopped when
    the time limit ran out before either was known. `start`, a feasible payment known
    beforehand (`fastpath.incumbent`), is the answer (not optimal) when the time limit strikes
    before CP-SAT found one. With `linear` (and `options` empty) the model decides the choices
    itself (`_decided`; `auto`: the optional costs whose benefits count).

    The steps build the model in a fixed order (CP-SAT's answer can depend on the order of its
    variables): the cast's side, the mana abilities, convoke, improvise and delve, the non-mana
    needs, what each object does, life and the other charges, the mana's flow, the objective."""
    m = cp_model.CpModel()
    # One option is cast (or one set of choices is made).
    side = _listed(m, options, benefits) if linear is None else _decided(m, linear, scenario, auto)
    b = _activations(m, scenario, res, side)
    _taps(b)
    _needs(b)
    for p in range(len(res.permanents)):
        if b.size.get(p, 1) > 1:
            _class_uses(b, p)
        elif p in b.members:
            _permanent_uses(b, p)
    _card_uses(b)
    _life_and_charges(b)
    _mana_flow(b)
    ranked = _levels(b, x_auto)
    known = None
    if start is not None:
        hint = _hint(b, start)
        known = kernel.Incumbent(start, hint if HINT_DECIDED and linear is not None else ())
    solved = kernel.solve(m, ranked, config, lambda solver: _read_back(b, solver),
                          [*side.variables, *b.act.values()], known)
    if solved is None:
        return None
    return replace(solved.value, optimal=solved.optimal)


# --- Variables and constraints, step by step -----------------------------------------------------


def _activations(m: cp_model.CpModel, scenario: Scenario, res: Resources, side: _Side) -> _Model:
    """The permanents' classes and their mana abilities: an ability that taps or sacrifices its
    permanent is activated at most once, adding one of its options (two of them on one
    permanent, Eye of Ramos's {T} and its sacrifice, are bounded by the permanent's own costs:
    it taps once and leaves once, `_permanent_uses`). An ability that neither taps nor
    sacrifices its permanent (an altar's) may be activated again and again, as often as the
    engine says its costs could be paid (`Offer.repeats`)."""
    perms = res.permanents
    # Counts, not copies: interchangeable permanents (`groups`) are one class, its variables
    # counts of its members used each way, keyed by its first member; a permanent alone is a
    # class of one, modelled as before.
    members = {g[0]: g for g in groups(scenario, res, [part for part, _ in side.other])}
    size = {p: len(g) for p, g in members.items()}
    b = _Model(m, scenario, res, side, members, size)
    act = b.act
    for p, perm in enumerate(perms):
        if p not in members:
            continue
        for a, offer in enumerate(perm.offers):
            for k in range(len(offer.ability.adds)):
                name = f"act[{perm.obj.id},{a},{k}]"
                act[(p, a, k)] = (m.new_int_var(0, offer.repeats, name) if repeatable(offer.ability)
                                  else m.new_int_var(0, size[p], name) if size[p] > 1
                                  else m.new_bool_var(name))
    for act_key in act:
        b.by_perm.setdefault(act_key[0], []).append(act_key)
    for keys in b.by_perm.values():
        # One ability, once: its options are one activation's choices.
        for (p, a) in dict.fromkeys((k[0], k[1]) for k in keys):
            once = [act[k] for k in keys if k[:2] == (p, a)
                    and not repeatable(perms[p].offers[a].ability)]
            if len(once) > 1 and size[p] == 1:
                m.add_at_most_one(once)
    _counters_bound(m, res, act, b.by_perm, size)
    _read_elsewhere_bound(m, res, act)
    return b


def _taps(b: _Model) -> None:
    """Convoke, improvise, delve: a count per class (a Boolean for a class of one)."""
    m, res, size = b.m, b.res, b.size

    def counted(p: int, name: str) -> cp_model.IntVar:
        return m.new_int_var(0, size[p], name) if size[p] > 1 else m.new_bool_var(name)

    b.convoke = {(p, t): counted(p, f"convoke[{perm.obj.id},{t}]")
                 for p, perm in enumerate(res.permanents) if perm.convoker and p in b.members
                 for t in convoke_colors(perm) + ("1",)}
    b.improvise = {p: counted(p, f"improvise[{perm.obj.id}]")
                   for p, perm in enumerate(res.permanents) if perm.improviser and p in b.members}
    b.delve = {c: m.new_bool_var(f"delve[{card.obj.id}]")
               for c, card in enumerate(res.cards) if res.delve and card.zone == "graveyard"}


def _needs(b: _Model) -> None:
    """The non-mana needs, the spell's (per option) and the mana abilities' (per activation),
    and `use`: the objects that pay them."""
    m, scenario, res = b.m, b.scenario, b.res
    demand, samples = b.demand, b.samples
    for part, chosen in b.side.other:
        key = need_of("spell", part)
        samples.setdefault(key, part)
        demand.setdefault(key, []).append((part.count, chosen))
    # A remover (`engine.mtg.payment.removers`) takes its objects under a need of its own, so
    # the order below knows which ability removed which permanent. All other abilities' needs
    # are pooled by kind and filter: any assignment of the pooled objects to them pays the same.
    # (A permanent a remover can take is a class of its own: `groups`.)
    b.removing = removing = removers(scenario, res)
    for (p, a, _k), var in b.act.items():
        for part in res.permanents[p].offers[a].ability.other:
            key = need_of(ability_scope(p, a) if (p, a) in removing else "ability", part)
            samples.setdefault(key, part)
            demand.setdefault(key, []).append((part.count, var))
    # Everything milled, the spell's and the mana abilities', comes from one library (a cost
    # can't mill more cards than the library holds).
    milled = [c * v for key, part in samples.items() if part.kind == "mill" for c, v in demand[key]]
    if milled:
        m.add(sum(milled) <= res.library)
    for key, part in samples.items():
        if part.kind == "mill":
            continue
        terms = []
        for p, perm in enumerate(res.permanents):
            if can_pay_with(scenario, part, perm.obj, "battlefield"):
                if part.kind == "tap_untapped" and not perm.can_tap:
                    continue
                var = m.new_bool_var(f"use[{part.kind},{perm.obj.id}]")
                b.use[(key, ("p", p))] = var
                terms.append(var)
        for c, card in enumerate(res.cards):
            if can_pay_with(scenario, part, card.obj, card.zone):
                var = m.new_bool_var(f"use[{part.kind},{card.obj.id}]")
                b.use[(key, ("c", c))] = var
                terms.append(var)
        m.add(sum(terms) == sum(c * v for c, v in demand[key]))


# Each permanent: tapped at most once (for mana, convoke, improvise or a tap cost), lost at most
# once (sacrificed or returned); one sacrificed for mana is gone before 601.2h taps it (convoke,
# improvise, the spell's tap cost); a mana ability's tap cost taps it in 601.2g, before it is
# sacrificed for mana if the player orders them so (Springleaf Drum tapping a creature that
# then sacrifices itself for mana).


def _class_uses(b: _Model, p: int) -> None:
    """A class of n: each member is used at most one way (`groups` takes only permanents whose
    every use taps it or sacrifices it), so the counts add up to at most n; each use charges
    what it does to one member (sacrificed: its loss, the tap included; else its tap); the
    members used are the first ones in state order (any others would pay the same and rank
    later), so the rank is a prefix sum of positions."""
    m, perms, act, convoke, improvise = b.m, b.res.permanents, b.act, b.convoke, b.improvise
    perm = perms[p]
    uses = [act[k] for k in b.by_perm.get(p, [])]
    uses += [v for (pp, _), v in convoke.items() if pp == p]
    if p in improvise:
        uses.append(improvise[p])
    if not uses:
        return
    used_here = sum(uses)
    m.add(used_here <= b.size[p])
    for key_a in b.by_perm.get(p, []):
        ability = perm.offers[key_a[1]].ability
        b.charges.append((leave_charge(b.scenario, "sacrifice", perm.obj)
                          if ability.sacrifice_self else perm.tap_charge) * act[key_a])
    b.charges.extend(perm.tap_charge * v for (pp, _), v in convoke.items() if pp == p)
    if p in improvise:
        b.charges.append(perm.tap_charge * improvise[p])
    n_used = m.new_int_var(0, b.size[p], f"used[{perm.obj.id}+]")
    m.add(n_used == used_here)
    prefix = [0]
    for q in b.members[p]:
        prefix.append(prefix[-1] + perms[q].position)
    ranked_at = m.new_int_var(0, prefix[-1], f"rank[{perm.obj.id}+]")
    m.add_element(n_used, prefix, ranked_at)
    b.used_objects.append(n_used)
    b.rank.append(ranked_at)


def _permanent_uses(b: _Model, p: int) -> None:
    """A permanent alone: tapped at most once, lost at most once, not tapped in 601.2h once a
    mana ability or its cost took it in 601.2g; its charges, and whether it is used at all."""
    m, scenario, act = b.m, b.scenario, b.act
    perm = b.res.permanents[p]
    mine = b.by_perm.get(p, [])
    tap_g = [act[k] for k in mine if perm.offers[k[1]].ability.tap
             and not taps_once(perm.offers[k[1]].ability)]
    for a in dict.fromkeys(k[1] for k in mine if taps_once(perm.offers[k[1]].ability)):
        # A storage land's {T} (Sand Silos): its X units are one activation, one tap.
        units = sum(act[k] for k in mine if k[1] == a)
        tap_g.append(_once(m, perm.obj.id, a, units, perm.offers[a].repeats))
    sac_g = [act[k] for k in mine if perm.offers[k[1]].ability.sacrifice_self]
    tap_h = [v for (pp, _), v in b.convoke.items() if pp == p]
    if p in b.improvise:
        tap_h.append(b.improvise[p])
    leave_g = list(sac_g)
    leave_h = []
    for (key, ref), var in b.use.items():
        if ref != ("p", p):
            continue
        if key[1] == "tap_untapped" and key[0].startswith("ability"):
            tap_g.append(var)  # a mana ability's cost taps it in 601.2g: it may go later
        elif key[1] == "tap_untapped":
            tap_h.append(var)
        elif key[0].startswith("ability"):
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
        return
    # Tapping is charged only when the object is not also lost to the payment.
    if tap_g or tap_h:
        tap_only = m.new_bool_var(f"tap_only[{perm.obj.id}]")
        m.add(tap_only >= tapped - left)
        b.charges.append(perm.tap_charge * tap_only)
    for var in sac_g:
        b.charges.append(leave_charge(scenario, "sacrifice", perm.obj) * var)
    for (key, ref), var in b.use.items():
        if ref == ("p", p) and key[1] != "tap_untapped":
            b.charges.append(leave_charge(scenario, key[1], perm.obj) * var)
    touched = m.new_bool_var(f"used[{perm.obj.id}]")
    most = max([REPEAT, *(o.repeats for o in perm.offers)])
    for var in everything:
        m.add(var <= most * touched)
    b.used_objects.append(touched)
    b.rank.append(perm.position * touched)


def _card_uses(b: _Model) -> None:
    """Each card (in hand, graveyard, ...): used one way at most, charged what it loses."""
    for c, card in enumerate(b.res.cards):
        mine_c = [v for (key, ref), v in b.use.items() if ref == ("c", c)]
        if c in b.delve:
            mine_c.append(b.delve[c])
        if not mine_c:
            continue
        if len(mine_c) > 1:
            b.m.add(sum(mine_c) <= 1)
        for (key, ref), var in b.use.items():
            if ref == ("c", c):
                b.charges.append(leave_charge(b.scenario, key[1], card.obj) * var)
        if c in b.delve:
            b.charges.append(leave_charge(b.scenario, "exile_from_graveyard", card.obj)
                             * b.delve[c])
        b.used_objects.append(sum(mine_c))
        b.rank.append((len(b.res.permanents) + card.position) * sum(mine_c))


def _life_and_charges(b: _Model) -> None:
    """Life paid, up to the life total, and the charges of life, mills, opponents' permanents
    untapped and counters removed."""
    m, res, act, objective = b.m, b.res, b.act, b.scenario.objective
    perms = res.permanents
    # K'rrik (`Resources.life_for`): `by_life[t]` pips of color t of the total are paid with
    # life (601.2h) instead of mana, each the least amount your permanents ask.
    for t, amount, _ in res.life_for:
        i = TYPES.index(t)
        b.by_life[t] = m.new_int_var(0, res.life // amount, f"by_life[{t}]")
        m.add(b.by_life[t] <= b.side.mana[1 + i])
    # Life: Phyrexian pips, life costs and mana abilities' life, only up to the life total.
    life = cp_model.LinearExpr.sum([b.side.life, *(
        perms[p].offers[a].ability.life * var for (p, a, _k), var in act.items()), *(
        res.life_for_of(t) * v for t, v in b.by_life.items())])
    m.add(life <= res.life)
    b.charges.append(objective.weight("life") * life)
    for key, part in b.samples.items():
        if part.kind == "mill":
            b.charges.append(objective.weight("mill") * sum(c * v for c, v in b.demand[key]))
    for (p, a, _k), var in act.items():  # each opponent permanent untapped (Benthic Explorers)
        if perms[p].offers[a].untaps:
            b.charges.append(objective.weight("untap") * len(perms[p].offers[a].untaps) * var)
    for (p, a, _k), var in act.items():  # each counter a mana ability removes (Druids' Repository)
        ability = perms[p].offers[a].ability
        removed = sum(ability.removes(kind) for kind in ability.counter_kinds())
        if removed:
            b.charges.append(objective.weight("counter") * removed * var)


# --- The mana's flow ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Supplies:
    """Mana made, by kind, at supply nodes: `_BASE` (the pool and abilities with no mana cost),
    `_RESTRICTED` (mana that pays the spell only), `_BARRED`, the snow nodes, and each filter
    ability (a mana ability with a mana cost), whose mana may pay the spell or another filter
    ability's cost; with the nodes whose mana pays the spell only, pays filters only, is snow."""

    made: dict[Node, dict[str, cp_model.LinearExprT]]
    spell_only: set[Node]
    kept_off: set[Node]
    snow_nodes: set[Node]


def _mana_flow(b: _Model) -> None:
    """The mana made pays every demand (the spell's pips, its generic mana and {S}, each filter
    ability's own cost), a filter's mana only what is activated after it."""
    perms = b.res.permanents
    cap = total(b.res.pool) + sum(max(total(x) for x in offer.ability.adds) * offer.repeats
                                  for perm in perms for offer in perm.offers)
    supplies = _supplies(b)
    filters = [n for n in supplies.made if n[0] >= 0]  # the filter abilities and the removers
    demands = _demands(b, filters)
    # A filter ability's mana pays another's cost only if it was activated first: an order.
    order = {n: b.m.new_int_var(0, len(filters), f"order[{perms[n[0]].obj.id}]")
             for n in filters} if len(filters) > 1 else {}
    _removers_last(b, order)
    _flows(b, supplies, demands, order, cap)


def _supplies(b: _Model) -> _Supplies:
    res = b.res
    spendable = res.pool_spendable
    made: dict[Node, dict[str, cp_model.LinearExprT]] = {
        _BASE: {t: res.pool[1 + i] - res.snow_pool[1 + i] if spendable else 0
                for i, t in enumerate(TYPES)},
        _BASE_SNOW: {t: res.snow_pool[1 + i] if spendable else 0 for i, t in enumerate(TYPES)},
        _RESTRICTED: {t: 0 for t in TYPES}, _RESTRICTED_SNOW: {t: 0 for t in TYPES},
        _BARRED: {t: 0 if spendable else res.pool[1 + i] for i, t in enumerate(TYPES)}}
    # A restricted filter (its mana pays the spell only) is a filter node too: its own cost is
    # paid like any filter's.
    spell_only: set[Node] = {_RESTRICTED, _RESTRICTED_SNOW}
    kept_off: set[Node] = {_BARRED}
    snow_nodes: set[Node] = {_BASE_SNOW, _RESTRICTED_SNOW}
    for (p, a, k), var in b.act.items():
        offer = res.permanents[p].offers[a]
        snowy = res.permanents[p].card.snow
        node = ((p, a) if offer.ability.mana.symbols or (p, a) in b.removing
                else (_RESTRICTED_SNOW if snowy else _RESTRICTED) if offer.restricted
                else (_BASE_SNOW if snowy else _BASE) if offer.spendable else _BARRED)
        if offer.restricted:
            spell_only.add(node)
        if not offer.spendable:
            kept_off.add(node)
        if snowy and node[0] >= 0:
            snow_nodes.add(node)
        bucket = made.setdefault(node, {t: 0 for t in TYPES})
        for i, t in enumerate(TYPES):
            if offer.ability.adds[k][1 + i]:
                bucket[t] = cp_model.LinearExpr.sum([bucket[t], var * offer.ability.adds[k][1 + i]])
    return _Supplies(made, spell_only, kept_off, snow_nodes)


def _demands(b: _Model, filters: list[Node]) -> dict[Demand, cp_model.LinearExprT]:
    """The spell's pips of each kind (less those paid with life), its generic mana and {S},
    each filter ability's own cost (once for a `per: removed` ability, `_once`)."""
    perms, side = b.res.permanents, b.side
    demands: dict[Demand, cp_model.LinearExprT] = {}
    for i, t in enumerate(TYPES):
        pips = side.mana[1 + i]
        demands[(_SPELL, _pip_kinds(b.res, t))] = (
            cp_model.LinearExpr.weighted_sum([pips, b.by_life[t]], [1, -1]) if t in b.by_life else pips)
    demands[(_SPELL, TYPES + ("generic",))] = side.mana[0]
    demands[(_SPELL, TYPES + ("snow",))] = side.snow
    for node in filters:
        p, a = node
        times: cp_model.LinearExprT = sum(var for (pp, aa, _), var in b.act.items()
                                          if (pp, aa) == node)
        if per_counter(perms[p].offers[a].ability):
            times = _once(b.m, perms[p].obj.id, a, times, perms[p].offers[a].repeats)
        for s_ in perms[p].offers[a].ability.mana.symbols:
            kinds = (TYPES if s_.kind == "generic"
                     else tuple(dict.fromkeys(k for c in s_.colors for k in _pip_kinds(b.res, c))))
            count = s_.amount if s_.kind == "generic" else 1
            key_d = (node, kinds)
            demands[key_d] = cp_model.LinearExpr.sum([demands.get(key_d, 0), count * times])
    return demands


def _pip_kinds(res: Resources, color: str) -> tuple[str, ...]:
    """The types of mana that pay a pip of `color` (a type): itself, or under
    `spend_as_any_color` a colored pip any type (its own first, so convoke finds it)."""
    if res.any_color and color != "C":
        return (color, *(t for t in TYPES if t != color))
    return (color,)


def _removers_last(b: _Model, order: dict[Node, cp_model.IntVar]) -> None:
    """A remover goes after every ordered ability of each permanent its cost removes (that
    ability was activated at all: 601.2g, a permanent gone can't be activated); with the
    feeding order, the remover's mana can't pay (even through other filters) the cost of an
    ability of what it removes. A class's (or a repeatable ability's) activations share one
    place in the order: a payment that needs them at different places is not found."""
    m, perms = b.m, b.res.permanents
    active: dict[Node, cp_model.IntVar] = {}  # an ordered ability activated at all

    def activated(node: Node) -> cp_model.IntVar:
        if node not in active:
            active[node] = m.new_bool_var(f"active[{perms[node[0]].obj.id},{node[1]}]")
            m.add(sum(v for (pp, aa, _), v in b.act.items() if (pp, aa) == node)
                  <= max(REPEAT, perms[node[0]].offers[node[1]].repeats)
                  * b.size.get(node[0], 1) * active[node])
        return active[node]

    for r in b.removing:
        if r not in order:
            continue
        for part in perms[r[0]].offers[r[1]].ability.other:
            if part.kind not in LEAVES:
                continue
            for node in order:
                taken = b.use.get((need_of(ability_scope(*r), part), ("p", node[0])))
                if node == r or taken is None:
                    continue
                m.add(order[node] + 1 <= order[r]).only_enforce_if([taken, activated(node)])


def _flows(b: _Model, supplies: _Supplies, demands: dict[Demand, cp_model.LinearExprT],
           order: dict[Node, cp_model.IntVar], cap: int) -> None:
    """`pay`: each demand met exactly by the mana of the nodes that may pay it (and convoke,
    improvise, delve for the spell), each node's mana of a kind spent at most as made."""
    m, perms, made = b.m, b.res.permanents, supplies.made
    spend: dict[tuple[Node, str], list[cp_model.IntVar]] = {}
    for (owner, kinds), need in demands.items():
        flows: list[cp_model.LinearExprT] = []
        for node in made:
            if node == owner or (node in supplies.spell_only and owner != _SPELL) or (
                    node in supplies.kept_off and owner == _SPELL) or (
                    "snow" in kinds and node not in supplies.snow_nodes):
                continue
            edge = None
            if node in order and owner in order:
                edge = m.new_bool_var(f"feeds[{perms[node[0]].obj.id},{perms[owner[0]].obj.id}]")
                m.add(order[node] + 1 <= order[owner]).only_enforce_if(edge)
            for t in kinds:
                if t in ("generic", "snow"):
                    continue
                v = m.new_int_var(0, cap, f"pay[{node},{t},{owner},{'/'.join(kinds)}]")
                if edge is not None:
                    m.add(v <= cap * edge)
                spend.setdefault((node, t), []).append(v)
                flows.append(v)
        if owner == _SPELL and kinds[0] != "C" and not {"generic", "snow"} & set(kinds):
            flows += [v for (p, c), v in b.convoke.items() if c == kinds[0]]
        if owner == _SPELL and "generic" in kinds:
            flows += [v for (p, c), v in b.convoke.items() if c == "1"]
            flows += list(b.improvise.values()) + list(b.delve.values())
        m.add(sum(flows) == need)
    for (node, t), used in spend.items():
        m.add(sum(used) <= made[node][t])


# --- Objective, hint, read back -----------------------------------------------------------------


def _levels(b: _Model, x_auto: bool) -> list[Term]:
    """The levels of the objective, most important first, each with the range of its values
    (a level's value may be negative down to minus its range: its span is 2 * range + 1)."""
    side, res = b.side, b.res
    perms = res.permanents
    score = cp_model.LinearExpr.sum(b.charges) if b.charges else 0
    score_ub = _charge_bound(b.scenario, res, side.mill_ub) + 1
    levels: list[tuple[cp_model.LinearExprT, int]] = []
    if x_auto:
        levels.append((-side.x, side.x_ub))
    levels.append((cp_model.LinearExpr.weighted_sum([score, side.benefit], [1, -1]),
                   score_ub + side.benefit_ub + 1))
    levels.append((side.size, side.size_ub))
    levels.append((sum(b.used_objects), len(perms) + len(res.cards) + 1))
    order_ub = sum(range(len(perms) + len(res.cards) + 1)) + 1
    if side.index is not None:
        index, n_opt = side.index
        levels.append((cp_model.LinearExpr.weighted_sum([cp_model.LinearExpr.sum(b.rank), index],
                                                        [n_opt, 1]), order_ub * n_opt + n_opt))
    else:
        levels.append((cp_model.LinearExpr.sum(b.rank), order_ub))
    levels += side.ties
    return [Term(expr, 2 * size + 1) for expr, size in levels]


def _hint(b: _Model, start: Solution) -> list[tuple[cp_model.IntVar, int]]:
    """A known payment's values for the cast and the payment's uses, counted by class; CP-SAT
    completes the rest (the flows, the objects used)."""
    rep = {q: p for p, g in b.members.items() for q in g}
    counts: dict[object, int] = {}
    for p, a, k in start.activations:
        counts[(rep[p], a, k)] = counts.get((rep[p], a, k), 0) + 1
    for p, t in start.convoke:
        counts[("convoke", rep[p], t)] = counts.get(("convoke", rep[p], t), 0) + 1
    for p in start.improvise:
        counts[("improvise", rep[p])] = counts.get(("improvise", rep[p]), 0) + 1
    hint = b.side.hint(start)
    hint += [(v, counts.get(key, 0)) for key, v in b.act.items()]
    hint += [(v, counts.get(("convoke", *key), 0)) for key, v in b.convoke.items()]
    hint += [(v, counts.get(("improvise", key), 0)) for key, v in b.improvise.items()]
    hint += [(v, int(c in start.delve)) for c, v in b.delve.items()]
    return hint


def _read_back(b: _Model, solver: cp_model.CpSolver) -> Solution:
    side, perms, size = b.side, b.res.permanents, b.size
    chosen, choices = side.read(solver)
    # A class's uses go to its first members in state order: its activations (by ability and
    # option), then convoke (by color), then improvise.
    acts: list[tuple[int, int, int]] = []
    convoked: list[tuple[int, str]] = []
    improvised: list[int] = []
    following = {p: iter(g) for p, g in b.members.items()}
    for (p, a, k), v in sorted(b.act.items()):
        for _ in range(solver.value(v)):
            acts.append((p if size[p] == 1 or repeatable(perms[p].offers[a].ability)
                         else next(following[p]), a, k))
    for (p, t), v in sorted(b.convoke.items()):
        convoked.extend((next(following[p]), t) for _ in range(solver.value(v)))
    for p, v in sorted(b.improvise.items()):
        improvised.extend(next(following[p]) for _ in range(solver.value(v)))
    return Solution(
        option=chosen,
        activations=tuple(sorted(acts)),
        convoke=tuple(sorted(convoked)),
        improvise=tuple(sorted(improvised)),
        delve=tuple(sorted(c for c, v in b.delve.items() if solver.value(v))),
        uses=tuple((key, tuple(ref for (k, ref), v in sorted(b.use.items(),
                                                              key=lambda i: i[0][1])
                               if k == key and solver.value(v)))
                   for key in b.samples if b.samples[key].kind != "mill"),
        optimal=True,
        choices=choices,
        halves=side.halves(solver),
        total=None if choices is None else (
            _mana_value(solver, side.mana), solver.value(side.life)),
        life_for=tuple((t, n) for t, v in b.by_life.items() if (n := solver.value(v))),
    )


def _once(m: cp_model.CpModel, name: str, a: int, units: cp_model.LinearExprT,
          most: int) -> cp_model.IntVar:
    """Whether a `per: removed` ability (a storage land) is activated at all: its units (one
    per mana, X in all) are one activation, whose mana cost is paid once."""
    on = m.new_bool_var(f"activated[{name},{a}]")
    m.add(units <= most * on)
    m.add(units >= on)
    return on


def _counters_bound(m: cp_model.CpModel, res: Resources,
                    act: dict[tuple[int, int, int], cp_model.IntVar],
                    by_perm: dict[int, list[tuple[int, int, int]]], size: dict[int, int]) -> None:
    """The counters a permanent's mana abilities remove, all activations together, are at most
    those on it (`Permanent.counters`). A class of several (`groups`: abilities that tap or
    sacrifice it) is used once per member, and each member's offers need counters enough."""
    for p, keys in by_perm.items():
        if size.get(p, 1) > 1:
            continue
        perm = res.permanents[p]
        have = dict(perm.counters)
        kinds = {kind for key in keys for kind in perm.offers[key[1]].ability.counter_kinds()}
        for kind in sorted(kinds):
            m.add(sum(act[key] * perm.offers[key[1]].ability.removes(kind) for key in keys)
                  <= have.get(kind, 0))


def _read_elsewhere_bound(m: cp_model.CpModel, res: Resources,
                          act: dict[tuple[int, int, int], cp_model.IntVar]) -> None:
    """Offers reading another object (`engine.mtg.produce`): each opponent permanent is untapped
    at most once in the payment. The cards known on top of the library (`library_top`) are
    milled by the mana abilities in the order the player activates them (601.2g), each mill of
    N cards one block of N (701.13a): an `adds: milled` offer reads the card at position j only
    when the blocks activated before it fill positions 0..j-1 exactly (`_milled_blocks`)."""
    untapping: dict[str, list[cp_model.IntVar]] = {}
    for (p, a, _k), var in act.items():
        for ident in res.permanents[p].offers[a].untaps:
            untapping.setdefault(ident, []).append(var)
    for _ident, used in sorted(untapping.items()):
        m.add(sum(used) <= 1)
    _milled_blocks(m, res, act)


def _milled_blocks(m: cp_model.CpModel, res: Resources,
                   act: dict[tuple[int, int, int], cp_model.IntVar]) -> None:
    """The mills of the mana abilities as blocks on the library's top cards: `read[j]`, card j
    of `library_top` milled and read by an `adds: milled` offer (a block of 1 at j, each j once);
    `placed[p, a, i]`, the i-th activation of another milling ability placed before the last
    card read (a block of its mill count). The placed blocks and the reads don't overlap and
    fill `covered` (positions 0.. up to the last card read) exactly: what is milled before a
    card read is a whole number of blocks. The other activations come after (unplaced)."""
    top = max([o.milled_at + 1 for perm in res.permanents for o in perm.offers
               if o.milled_at is not None], default=0)  # the positions an offer reads
    if not top:
        return
    intervals: list[cp_model.IntervalVar] = []
    lengths: list[cp_model.LinearExprT] = []
    ends: list[tuple[cp_model.LinearExprT, cp_model.IntVar]] = []
    reading: dict[int, list[cp_model.IntVar]] = {}
    units: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for (p, a, _k), var in act.items():
        offer = res.permanents[p].offers[a]
        if offer.milled_at is not None:
            reading.setdefault(offer.milled_at, []).append(var)
        elif any(part.kind == "mill" for part in offer.ability.other):
            units.setdefault((p, a), []).append(var)
    most_covered = len(reading)
    for j, used in sorted(reading.items()):
        on = m.new_bool_var(f"read[{j}]")
        m.add(sum(used) == on)
        intervals.append(m.new_optional_fixed_size_interval_var(j, 1, on, f"read_at[{j}]"))
        lengths.append(on)
        ends.append((j + 1, on))
    for (p, a), used in sorted(units.items()):
        offer = res.permanents[p].offers[a]
        size = sum(part.count for part in offer.ability.other if part.kind == "mill")
        name = res.permanents[p].obj.id
        # Its activations at most: a milling ability is never in a class (`groups`: a cost
        # part sets it apart), so one unless repeatable.
        most = min(top, offer.repeats if repeatable(offer.ability) else 1)
        placed = [m.new_bool_var(f"placed[{name},{a},{i}]") for i in range(most)]
        most_covered += size * most
        m.add(sum(placed) <= sum(used))
        for i, on in enumerate(placed):
            begin = m.new_int_var(0, top, f"block[{name},{a},{i}]")
            intervals.append(m.new_optional_fixed_size_interval_var(begin, size, on,
                                                                    f"block_at[{name},{a},{i}]"))
            lengths.append(size * on)
            ends.append((begin + size, on))
    covered = m.new_int_var(0, most_covered, "covered")
    m.add(covered == sum(lengths))
    for end, on in ends:
        m.add(end <= covered).only_enforce_if(on)
    m.add_no_overlap(intervals)


def _mana_value(solver: cp_model.CpSolver, mana: list[cp_model.LinearExprT]) -> Mana:
    v = [int(solver.value(e)) if isinstance(e, cp_model.LinearExpr) else int(e) for e in mana]
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6])


def groups(scenario: Scenario, res: Resources,
           spell_parts: list[OtherCost]) -> list[tuple[int, ...]]:
    """The permanents as classes of interchangeable ones, in state order (each class by its
    first member). Permanents are interchangeable when they pay the same way at the same
    charges (`engine.mtg.payment.interchangeable`) and no non-mana cost of the spell or of a
    mana ability can take them (a filter could tell them apart); all others are alone."""
    needs = list(spell_parts)
    needs += [part for perm in res.permanents for offer in perm.offers
              for part in offer.ability.other]
    out: list[tuple[int, ...]] = []
    for group in interchangeable(res):
        if len(group) > 1 and any(can_pay_with(scenario, part, res.permanents[p].obj, "battlefield")
                                  for part in needs for p in group):
            out.extend((p,) for p in group)
        else:
            out.append(group)
    return sorted(out)


def _charge_bound(scenario: Scenario, res: Resources, mill: int) -> int:
    """The largest score any payment could have."""
    w = scenario.objective
    biggest = max(list(w.weights.values()) + [1])
    values = [p.obj.value or 0 for p in res.permanents]
    values += [c.obj.value or 0 for c in res.cards]
    per_object = biggest * 2 + max(values + [0])
    counters = sum(n for p in res.permanents for _, n in p.counters)
    return (per_object * (len(res.permanents) + len(res.cards)) + w.weight("life") * res.life
            + w.weight("mill") * mill + w.weight("counter") * counters + 1)


__all__ = ["LEAVES", "Solution", "REPEAT", "repeatable", "solve"]
