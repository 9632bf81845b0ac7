"""Every cost option a play has (rule 352 announcements, 353 total cost).

For each legal base cost, each set of optional costs the play allows (a cost marked `auto` is
tried paid and unpaid), and each Pareto-best total that the orders and choices of its discounts
reach, one `CostOption` with the order and choices that reach it. A total that another total of
the same base and optional set beats on every component is left out: it can never be cheaper to
pay. Options come out in a deterministic order: by base (as `legality.base_choices` lists them),
then optional set (fewer first, in canonical name order), then total (smallest first).

Nothing here is enumerated as 2^n where a count does: identical "[1] or [A]" discounts are split
by count, and past `COLLAPSE_FROM` `auto` optional costs the sets are one per distinct total
they add (`_sets_by_total`, exact where it applies). From `FREE_FROM` `auto` costs on, where what
each adds does not depend on the others (`free_costs`), the planner asks for them as
`PlayOptions.free` instead: the options are listed without them and the payment model chooses
which to pay. A `Deadline` bounds the whole enumeration.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from ..discounts import (
    NO_DEADLINE,
    NO_POWER,
    Application,
    Deadline,
    Mod,
    Power,
    dominates,
    outcomes,
    pareto,
    pareto_front,
)
from ..problems import Problem
from .cards import AdditionalCost
from .cost import Cost, OtherCost
from .filters import object_matches
from .legality import checked
from .payment import PAYS_FROM, source_adds
from .scenario import Scenario
from .state import GameObject
from .total_cost import (
    BaseChoice,
    Choices,
    PlayContext,
    Priced,
    best_components,
    context,
    discount_reach,
    modifiers,
    optional_costs,
    price,
    total_discounts,
    victim_reads,
)

CostOption = Priced  # one option: a priced set of choices (base, optional costs, orders)


@dataclass(frozen=True, slots=True)
class FreeCost:
    """An `auto` optional cost left to the payment model (`PlayOptions.free`): what paying it
    adds to the total of any option, its component discounts applied as `path` does."""

    name: str
    adds: Cost
    path: tuple[Application, ...]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    ctx: PlayContext
    reasons: tuple[str, ...]
    options: tuple[CostOption, ...]
    auto: tuple[str, ...]
    exact: bool = True  # False: a deadline cut the search, the best option may be missing
    # `auto` optional costs the payment model chooses (`free_costs`): each option is then listed
    # without them, and paying a set of them adds their `adds` to its total (`with_free`).
    free: tuple[FreeCost, ...] = ()
    groups: tuple[int, ...] = ()  # per option: its base's place in `base_choices` (with `free`)

    @property
    def legal(self) -> bool:
        return not self.reasons


def optional_sets(ctx: PlayContext, base: BaseChoice | None = None,
                  deadline: Deadline = NO_DEADLINE) -> Iterable[tuple[str, ...]]:
    """The sets of optional costs the play may pay: `yes` always, `auto` either way; past
    `COLLAPSE_FROM` `auto` costs, one set per total they add (`_sets_by_total`) when that is
    exact for `base` (past the `deadline`, the sets it finds before the components' search is
    cut: each valid, `deadline.cut` set)."""
    if ctx.play.ignore == "all":
        return [()]  # "ignoring any and all costs": no additional cost is paid
    names = [name for name, _ in optional_costs(ctx.card)]
    required = [n for n in names if _required(ctx.play.optional_choice(n))]
    auto = [n for n in names if ctx.play.optional_choice(n) == "auto"]
    if base is not None and len(auto) >= COLLAPSE_FROM:
        collapsed = _sets_by_total(ctx, base, names, required, auto, deadline)
        if collapsed is not None:
            return collapsed
    return _every_set(names, required, auto)


def _every_set(names: list[str], required: list[str], auto: list[str]) -> Iterator[tuple[str, ...]]:
    """Every set, fewer `auto` costs first, then in canonical order; made as they are asked for
    (past the deadline, `play_options` asks for no more)."""
    for k in range(len(auto) + 1):
        for subset in itertools.combinations(auto, k):
            chosen = set(required) | set(subset)
            yield tuple(n for n in names if n in chosen)


def _required(choice: str) -> bool:
    """`yes`, or a repeatable cost's count above 0."""
    return choice == "yes" or (choice.isdigit() and int(choice) > 0)


def paid_variants(ctx: PlayContext, optional: tuple[str, ...], base: BaseChoice | None = None
                  ) -> list[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, Cost], ...]]]:
    """The choices made with an optional set that change the total: how many times each
    repeatable cost is paid (1..its bound, or the count the play gives), and for each
    additional cost whose object an unlock reads (Atakhan), which printed cost that object has.

    Exact and small: a count above what the state can pay is never payable (`repeat_bound`,
    with the discounts that apply with `base`), and objects whose cards print the same cost give
    the same total, so one variant per distinct printed cost among the objects that could pay
    it covers every choice of victim.
    """
    extras = {a.id: a for a in ctx.card.additional_costs}
    per_victim: list[list[tuple[str, Cost]]] = []
    for cost_id in victim_reads(ctx.card):
        extra = extras.get(cost_id)
        if extra is None or not (extra.id in optional or extra.mandatory):
            continue
        printed = victim_costs(ctx, extra.cost)
        if printed:
            per_victim.append([(cost_id, p) for p in printed])
    victim_sets = list(itertools.product(*per_victim))
    repeatable = [extras[name] for name in optional if name in extras and extras[name].repeatable]
    reach = (_reach(ctx, base, optional, victim_sets)
             if base is not None and any(not ctx.play.optional_choice(e.id).isdigit()
                                         for e in repeatable) else None)
    per_name: list[list[tuple[str, int]]] = []
    for extra in repeatable:
        choice = ctx.play.optional_choice(extra.id)
        if choice.isdigit():
            per_name.append([(extra.id, int(choice))])
            continue
        bound = repeat_bound(ctx, extra.cost, _others_reach(ctx, extra.id, repeatable, reach))
        if extra.max is not None:
            bound = min(bound, extra.max)
        per_name.append([(extra.id, k) for k in range(1, max(bound, 1) + 1)])
    out = []
    for counts in itertools.product(*per_name):
        for victims in victim_sets:
            out.append((tuple(c for c in counts if c[1] != 1), tuple(victims)))
    return out


def _reach(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
           victim_sets: list[tuple[tuple[str, Cost], ...]]) -> tuple[int, dict[str, int]]:
    """`total_cost.discount_reach` at its largest over the choices of victim."""
    fixed = 0
    per: dict[str, int] = {}
    for victims in victim_sets:
        f, p = discount_reach(ctx, base, optional, victims)
        fixed = max(fixed, f)
        for name, n in p.items():
            per[name] = max(per.get(name, 0), n)
    return fixed, per


def _others_reach(ctx: PlayContext, name: str, repeatable: list[AdditionalCost],
                  reach: tuple[int, dict[str, int]] | None) -> tuple[int, int] | None:
    """For the repeatable cost `name`: (what the discounts other than its own per-payment
    unlocks could take off, what those unlocks take per payment), or None when that is not
    bounded (another repeatable cost's per-payment unlock, with no bound but the resources).
    No discount at all: (0, 0)."""
    if reach is None:
        return (0, 0)
    fixed, per = reach
    for other in repeatable:
        took = per.get(other.id, 0)
        if other.id == name or not took:
            continue
        choice = ctx.play.optional_choice(other.id)
        times = int(choice) if choice.isdigit() else _object_bound(ctx, other.cost, other.max)
        if times is None:
            return None
        fixed += took * times
    return fixed, per.get(name, 0)


def _objects_for(ctx: PlayContext, need: OtherCost) -> list[GameObject]:
    """The objects that could pay one non-standard need (any of them, before others use them)."""
    owner = ctx.scenario.state.player(need.filter.controller or "you")
    zone = PAYS_FROM.get(need.kind, "board")
    return [o for o in owner.zone(zone)
            if not (o.id == ctx.obj.id and ctx.zone != "board")
            and object_matches(ctx.scenario, need.filter, o)
            and not (need.kind == "exhaust" and o.exhausted)]


def _object_bound(ctx: PlayContext, cost: Cost, most: int | None) -> int | None:
    """How many times the state's objects, buffs and XP (and `max`) let `cost` be paid; None
    where nothing of those bounds it."""
    you = ctx.scenario.state.you
    bounds = [] if most is None else [most]
    for need in cost.other:
        if need.kind == "spend_xp":
            have = you.xp
        elif need.kind == "spend_buff":
            have = sum(o.buffs for o in _objects_for(ctx, need))
        else:
            have = len(_objects_for(ctx, need))
        bounds.append(have // max(need.count, 1))
    return min(bounds) if bounds else None


def repeat_bound(ctx: PlayContext, cost: Cost,
                 reach: tuple[int, int] | None = (0, 0)) -> int:
    """An upper bound on how many times the state could pay `cost` (each payment needs its
    non-standard parts from distinct objects, buffs or XP; Energy and Power from the resources).

    `reach` is what the discounts could take off (`_others_reach`): those that count once,
    together, and the cost's own per-payment unlocks, per payment. Paying the cost k times adds
    k times its Energy and pips less k times what its unlocks take, and the other discounts
    take at most their part, so a count whose net exceeds the resources can't be paid; where
    each payment's unlocks take as much as it adds (356.4.f: a discount may make each payment
    free) or `reach` is None, the resources bound nothing. A cost nothing bounds is paid at most
    `MAX_FREE_REPEATS` times."""
    you = ctx.scenario.state.you
    bound = _object_bound(ctx, cost, None)
    bounds = [] if bound is None else [bound]
    size = cost.energy + cost.pips
    if size and reach is not None:
        fixed, each = reach
        if size > each:
            units = (2 * len(you.runes) + you.pool.energy + you.pool.pips
                     + sum(source_adds(ctx.scenario, s).size for s in you.sources))
            bounds.append((units + fixed) // (size - each))
    return min(bounds) if bounds else MAX_FREE_REPEATS


MAX_FREE_REPEATS = 20  # a repeatable cost nothing bounds (free, or made free): at most this often


def victim_costs(ctx: PlayContext, cost: Cost) -> list[Cost]:
    """The distinct printed costs (Energy and pips) of the objects that could pay `cost`'s
    first non-standard part, in order of first appearance."""
    if not cost.other:
        return []
    out: list[Cost] = []
    for obj in _objects_for(ctx, cost.other[0]):
        card = ctx.scenario.cards[obj.card]
        printed = Cost(card.cost.energy, (0,) * (len(card.cost.power) - 1) + (card.cost.pips,))
        if printed not in out:
            out.append(printed)
    return out


COLLAPSE_FROM = 7  # `auto` optional costs: from 2^7 = 128 sets on, one set per total they add


def _sets_by_total(ctx: PlayContext, base: BaseChoice, names: list[str], required: list[str],
                   auto: list[str], deadline: Deadline = NO_DEADLINE) -> list[tuple[str, ...]] | None:
    """One optional set per distinct total the `auto` costs add, the set the objective prefers;
    None where that is not exact (an `auto` cost that unlocks discounts, has a non-standard
    part, or has more than one best way to apply its component discounts).

    Why it is exact otherwise: each optional cost adds its own part, discounted by the discounts
    on its component alone (353.2.b), so what a set adds is the sum of its parts; two sets that
    add the same sum give the same running total before the discounts on the total, and (with
    no unlocks) the same discounts on the total, so the same totals and the same payments. The
    planner's objective (score minus the benefits of the `auto` costs paid, then total size,
    then score, then actions, then option order) then prefers, among them, the set with the
    most benefit, then the one listed first (fewer costs, then canonical order). Keeping that
    set per sum is a pass over the `auto` costs, keeping per sum so far the preferred set so
    far: (-benefit, size) add up, and among sets of one size over the first k costs, adding
    later costs to both keeps their order (the later ones sort after every earlier index).
    """
    extras = {extra.id: extra for extra in ctx.card.additional_costs}
    # A cost whose payment ignores the base cost (`ignore`) adds no fixed part: not a sum.
    if any(n in extras and (extras[n].unlocks or extras[n].repeatable or extras[n].ignore)
           for n in auto):
        return None
    if any(n in extras and extras[n].repeatable for n in required):
        return None
    if victim_reads(ctx.card) or ctx.play.ignore == "all":
        return None
    mods = modifiers(ctx, base, tuple(n for n in names if n in required))
    quiet = replace(mods, total=(), increases=())
    alone = price(ctx, Choices(base), quiet).total
    objective = ctx.scenario.objective
    Sum = tuple[int, Power]
    parts: list[tuple[list[Sum], int]] = []  # per `auto` cost: what it may add, its benefit
    for name in auto:
        adds: list[Sum] = []
        for components in best_components(ctx, (name,), mods, (), deadline, base):
            added = price(ctx, Choices(base, (name,), components), quiet).total
            if added.other != alone.other:
                return None
            one = (added.energy - alone.energy,
                   tuple(a - b for a, b in zip(added.power, alone.power)))
            if one not in adds:
                adds.append(one)
        parts.append((adds, objective.benefit(name)))
    # sum added -> ((-benefit, how many), the `auto` costs paid, by index). A cost whose
    # component discounts leave several results adds each of them; the set reaches them all
    # (`best_components` keeps every distinct result of the set's sum).
    best: dict[Sum, tuple[tuple[int, int], tuple[int, ...]]] = {(0, NO_POWER): ((0, 0), ())}
    for k, (adds, benefit) in enumerate(parts):
        nxt = dict(best)
        for (e, p), (rank, chosen) in best.items():
            offer = ((rank[0] - benefit, rank[1] + 1), chosen + (k,))
            for energy, power in adds:
                total = (e + energy, tuple(a + b for a, b in zip(p, power)))
                old = nxt.get(total)
                if old is None or offer < old:
                    nxt[total] = offer
        best = nxt
    kept = sorted((len(chosen), chosen) for _, chosen in best.values())
    return [tuple(n for n in names if n in required or n in {auto[k] for k in chosen})
            for _, chosen in kept]


def play_options(scenario: Scenario, deadline: Deadline = NO_DEADLINE,
                 free: bool = False) -> PlayOptions:
    """All cost options of the scenario's play, or the reasons it is illegal.

    With `free`, from `FREE_FROM` `auto` optional costs on, those whose choice the payment
    model can make (`free_costs`) are left to it: `PlayOptions.free` lists them and the options
    are the sets without them. Otherwise every set is listed (`optional_sets`).

    Past the `deadline`, the searches settle for what they have (see `discounts.Deadline`) and
    no further base or optional set is tried: every option listed is still a valid one, and
    `exact` is False. Then the option a fixed-order payer plays (`listed_option`) is listed
    too, last, unless a listed option of its choices is at least as easy to pay: so a play
    such a payer pays has an option the planner can pay, whatever the search had time for."""
    ctx = context(scenario)
    why, bases = checked(ctx)
    names = [name for name, _ in optional_costs(ctx.card)]
    auto = tuple(n for n in names if ctx.play.optional_choice(n) == "auto")
    if why:
        return PlayOptions(ctx, tuple(why), (), auto)
    chosen = (free_costs(ctx, bases, deadline) if free and FREE_FROM <= len(auto) <= MAX_FREE
              else None)
    required = tuple(n for n in names if _required(ctx.play.optional_choice(n)))
    options: list[CostOption] = []
    groups: list[int] = []
    for g, base in enumerate(bases):
        for optional in optional_sets(ctx, base, deadline) if chosen is None else [required]:
            found = _options_for(ctx, base, optional, deadline)
            options.extend(found)
            groups.extend([g] * len(found))
            if deadline.passed():
                break
        if deadline.passed():
            break
    if deadline.cut:
        plain = listed_option(ctx, bases[0])
        if not any(o.total.other == plain.total.other and o.base == plain.base
                   and o.paid == plain.paid and dominates(_pair(o), _pair(plain))
                   for o in options):
            options.append(plain)
            groups.append(0)
    if chosen is None:
        return PlayOptions(ctx, (), tuple(options), auto, exact=not deadline.cut)
    return PlayOptions(ctx, (), tuple(options), auto, not deadline.cut, chosen, tuple(groups))


def listed_option(ctx: PlayContext, base: BaseChoice) -> CostOption:
    """The option a payer with no search plays: `base`, the optional costs the play requires
    (`yes`, or a count) and no other, every discount in listed order with its first branch and
    canonical "[A] less" pips (application lists left empty: `total_cost.price`'s defaults)."""
    names = [name for name, _ in optional_costs(ctx.card)]
    required = tuple(n for n in names if _required(ctx.play.optional_choice(n))
                     and ctx.play.ignore != "all")
    counts = tuple((n, int(ctx.play.optional_choice(n))) for n in required
                   if ctx.play.optional_choice(n).isdigit()
                   and int(ctx.play.optional_choice(n)) != 1)
    return price(ctx, Choices(base, required, counts=counts))


def _pair(option: CostOption) -> tuple[int, Power]:
    return option.total.energy, option.total.power


# `auto` optional costs: from here on the model chooses them (measured: benchmarks/RESULTS.md)
FREE_FROM = 5
MAX_FREE = 40  # past this many, the model's order of sets outgrows its exact objective


def free_costs(ctx: PlayContext, bases: list[BaseChoice],
               deadline: Deadline = NO_DEADLINE) -> tuple[FreeCost, ...] | None:
    """The play's `auto` optional costs as choices the payment model can make, or None where
    that is not exact.

    Why it is exact where it applies: with no discount on the total, no unlock, no repeatable
    or victim-reading cost and no non-standard part among the `auto` costs, the total of a set
    is the total of its required part plus what each `auto` cost paid adds on its own (353.2.b:
    each optional cost is added with the discounts on its component alone; increases add the
    same to every set), and each adds one result (its component discounts leave no choice that
    a later step could tell apart). Paying a cost then adds the same to every option of the
    required set, so the options of each set are those of the required set shifted by one sum:
    the same order (by size, Energy, pips) and the same Pareto filter (`dominates` compares
    differences) as `optional_sets` then `_options_for` give. What a cost adds must be the same
    for every base. The model ranks the sets as `optional_sets` lists them (fewer first, then
    canonical order: `planner.model` documents how), so its answer is the enumeration's.
    """
    if ctx.play.ignore == "all" or victim_reads(ctx.card):
        return None
    names = [name for name, _ in optional_costs(ctx.card)]
    auto = [n for n in names if ctx.play.optional_choice(n) == "auto"]
    required = tuple(n for n in names if _required(ctx.play.optional_choice(n)))
    extras = {extra.id: extra for extra in ctx.card.additional_costs}
    if any(n in extras and (extras[n].unlocks or extras[n].repeatable or extras[n].ignore)
           for n in auto + list(required)):
        return None
    found: tuple[FreeCost, ...] | None = None
    for base in bases:
        mods = modifiers(ctx, base, required)
        if mods.total:
            return None
        quiet = replace(mods, increases=())
        alone = price(ctx, Choices(base), quiet).total
        costs = []
        for name in auto:
            results = best_components(ctx, (name,), mods, (), deadline, base)
            # Past the deadline, the first result stands for the cost (valid, not proved best).
            if len(results) != 1 and not deadline.passed():
                return None
            added = price(ctx, Choices(base, (name,), results[0]), quiet).total
            if added.other != alone.other:
                return None
            adds = Cost(added.energy - alone.energy,
                        tuple(a - b for a, b in zip(added.power, alone.power)))
            costs.append(FreeCost(name, adds, results[0][0]))
        if found is not None and tuple(costs) != found:
            return None
        found = tuple(costs)
    return found


def with_free(ctx: PlayContext, option: CostOption, paid: tuple[FreeCost, ...]) -> CostOption:
    """The option (listed without the free costs) with the free costs `paid` added, priced as
    the enumeration prices that set (`_options_for`)."""
    if not paid:
        return option
    names = [name for name, _ in optional_costs(ctx.card)]
    paths = dict(zip(option.choices.optional, option.choices.components))
    paths.update((cost.name, cost.path) for cost in paid)
    optional = tuple(n for n in names if n in paths)
    choices = replace(option.choices, optional=optional,
                      components=tuple(paths[n] for n in optional))
    return price(ctx, choices, modifiers(ctx, option.base, optional, choices.counts,
                                         choices.victims))


def _options_for(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
                 deadline: Deadline = NO_DEADLINE, chosen: Chosen | None = None
                 ) -> list[CostOption]:
    """The options of one base and optional set; with `chosen` (`chosen_options`), only those
    of its counts, and of its order of the discounts on the total (every choice the order
    leaves open tried) instead of the best orders."""
    found: dict[Cost, CostOption] = {}
    for counts, victims in paid_variants(ctx, optional, base):
        if found and deadline.passed():  # past the deadline: what is found (see `Deadline`)
            break
        if chosen is not None and chosen.counts is not None and dict(counts) != {
                name: n for name, n in chosen.counts if n != 1}:
            continue
        mods = modifiers(ctx, base, optional, counts, victims)
        order = None if chosen is None else chosen.order
        if order is not None and sorted(order) != sorted(m.label for m in mods.total):
            continue
        for components in best_components(ctx, optional, mods, counts, deadline, base):
            if found and deadline.passed():
                break
            if not mods.total:  # no discount on the total: one result
                priced = price(ctx, Choices(base, optional, components, (), counts, victims), mods)
                found.setdefault(priced.total, priced)
                continue
            # Price once without total discounts to learn where they start from, and finish
            # each order of them from there.
            start = price(ctx, Choices(base, optional, components, (), counts, victims),
                          replace(mods, total=()))
            pair = (start.total.energy, start.total.power)
            paths = (pareto_front(pair, list(mods.total), deadline) if order is None
                     else in_order(pair, list(mods.total), order))
            for _, path in paths:
                choices = Choices(base, optional, components, path, counts, victims)
                priced = total_discounts(start, choices, mods)
                if priced.total not in found:
                    found[priced.total] = priced
    ranked = sorted(found.values(), key=lambda o: (o.total.size, o.total.energy, o.total.power))
    return _pareto_options(ranked)


def _pareto_options(options: list[CostOption]) -> list[CostOption]:
    """The options no earlier option's total dominates (`discounts.pareto`), in their order.
    Only totals with the same non-standard part compare (a repeatable cost's counts or a
    victim's printed cost trade Energy and Power for objects)."""
    if len(options) < 2:
        return options
    by_other: dict[tuple[OtherCost, ...], list[int]] = {}
    for k, option in enumerate(options):
        by_other.setdefault(option.total.other, []).append(k)
    kept = {k for group in by_other.values()
            for _, k in pareto([((options[k].total.energy, options[k].total.power), k)
                                for k in group])}
    return [option for k, option in enumerate(options) if k in kept]


# --- The options a checked payment's choices allow (`payplan check`) ---------------------------


@dataclass(frozen=True, slots=True)
class ChosenBase:
    """The base cost a payment's choices name (`base`, in the plan's shape); a part left None
    matches any base."""

    kind: str | None = None
    index: int | None = None
    ignore: str | None = None
    cost: str | None = None  # the cost's JSON (`Cost.to_json`), zero entries left out, as text

    def matches(self, base: BaseChoice) -> bool:
        return ((self.kind is None or self.kind == base.kind)
                and (self.index is None or self.index == base.index)
                and (self.ignore is None or self.ignore == base.ignore)
                and (self.cost is None or self.cost == cost_key(base.cost.to_json())))


def cost_key(value: object) -> str:
    """A cost's JSON as comparable text: zero Energy and zero or empty entries left out (as
    `Cost.to_json` writes it), keys sorted."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items()
                 if v not in (0, None, {}, []) and not (k == "power" and isinstance(v, dict)
                                                        and not any(v.values()))}
        if isinstance(value.get("power"), dict):
            value["power"] = {k: n for k, n in value["power"].items() if n}
    return json.dumps(value, sort_keys=True)


@dataclass(frozen=True, slots=True)
class Chosen:
    """The choices a payment the player chose names beside it (`payplan check`), each None
    where it leaves that choice open: the base cost, the optional costs paid (`paid_optional`,
    or the names of `paid`), how many times each is paid (`paid`), and the order of the
    discounts on the total (`discount_order`: every discount, by its label)."""

    base: ChosenBase | None = None
    optional: tuple[str, ...] | None = None
    counts: tuple[tuple[str, int], ...] | None = None
    order: tuple[str, ...] | None = None


def in_order(start: tuple[int, Power], mods: list[Mod], order: tuple[str, ...]
             ) -> list[tuple[tuple[int, Power], tuple[Application, ...]]]:
    """Every distinct result of applying the discounts in the order their labels give, each
    with the first applications that reach it: what each discount may choose ("[1] or [A]",
    which pips "[A] less" takes) is every choice (`discounts.outcomes`)."""
    at = {mod.label: i for i, mod in enumerate(mods)}
    frontier: dict[tuple[int, Power], tuple[Application, ...]] = {start: ()}
    for label in order:
        i = at[label]
        reached: dict[tuple[int, Power], tuple[Application, ...]] = {}
        for pair, path in frontier.items():
            for after, app in outcomes(pair, mods[i], i):
                reached.setdefault(after, path + (app,))
        frontier = reached
    return list(frontier.items())


def chosen_options(scenario: Scenario, chosen: Chosen, deadline: Deadline = NO_DEADLINE
                   ) -> tuple[PlayOptions, tuple[Problem, ...]]:
    """The cost options of the scenario's play that `chosen` allows, in `play_options`' order
    (every optional set listed: no free costs), and the problems with the choices themselves
    (each at its key: `base`, `paid_optional`, `paid`, `discount_order`): a choice this play
    may not make, or one no option reaches. An illegal play has the reasons of `play_options`.

    Without an order, each set's best orders are listed as `play_options` lists them: a total
    another total of the same set dominates (`discounts.dominates`: no more Energy and no more
    pips, of any domain or in all) is paid by every payment that pays it, and ranks behind it,
    so leaving it out changes no payment's best option."""
    ctx = context(scenario)
    why, bases = checked(ctx)
    names = [name for name, _ in optional_costs(ctx.card)]
    auto = tuple(n for n in names if ctx.play.optional_choice(n) == "auto")
    if why:
        return PlayOptions(ctx, tuple(why), (), auto), ()
    problems: list[Problem] = []
    if chosen.base is not None:
        matching = [b for b in bases if chosen.base.matches(b)]
        if not matching:
            problems.append(Problem(("base",), "not a base cost this play may use (it may use: "
                                               f"{', '.join(b.text() for b in bases)})"))
        bases = matching
    if chosen.optional is not None:
        problems += _set_problems(ctx, names, chosen)
    if problems:
        return PlayOptions(ctx, (), (), auto), tuple(problems)
    options: list[CostOption] = []
    for base in bases:
        sets = ([tuple(n for n in names if n in chosen.optional)] if chosen.optional is not None
                else optional_sets(ctx, base, deadline))
        for optional in sets:
            options.extend(_options_for(ctx, base, optional, deadline, chosen))
            if deadline.passed():
                break
        if deadline.passed():
            break
    if not options and chosen.order is not None and bases:
        first = bases[0]
        optional = tuple(n for n in names if n in (chosen.optional or ())
                         or _required(ctx.play.optional_choice(n)))
        labels = [m.label for m in modifiers(ctx, first, optional).total]
        problems.append(Problem(("discount_order",), "not an order of the discounts on this "
                                "play's total (they are: " + (", ".join(labels) or "none") + ")"))
    elif not options and chosen.counts is not None:
        problems.append(Problem(("paid",), "no option pays the optional costs these numbers "
                                           "of times (more than the state could pay?)"))
    return PlayOptions(ctx, (), tuple(options), auto, exact=not deadline.cut), tuple(problems)


def _set_problems(ctx: PlayContext, names: list[str], chosen: Chosen) -> list[Problem]:
    """What is wrong with the optional costs a payment's choices name (`paid_optional`, `paid`),
    by what the card has and what the play says of each (`yes`, `no`, a count)."""
    assert chosen.optional is not None
    out: list[Problem] = []
    key = "paid_optional" if chosen.counts is None else "paid"
    extras = {extra.id: extra for extra in ctx.card.additional_costs}
    has = f" (it has: {', '.join(names)})" if names else " (it has none)"
    for i, name in enumerate(chosen.optional):
        if name not in names:
            out.append(Problem((key, i) if key == "paid_optional" else (key, name),
                               f"{ctx.card.name} has no optional cost {name!r}{has}"))
    if ctx.play.ignore == "all" and chosen.optional:
        out.append(Problem((key,), "the play ignores any and all costs: no additional cost is "
                                   "paid"))
        return out
    counts = dict(chosen.counts or ())
    for name in names if ctx.play.ignore != "all" else ():
        wanted = ctx.play.optional_choice(name)
        paid = name in chosen.optional
        if wanted == "yes" and not paid:
            out.append(Problem((key,), f"the play says optional cost {name} is paid"))
        elif wanted == "no" and paid:
            out.append(Problem((key,), f"the play says optional cost {name} is not paid"))
        elif wanted.isdigit() and (int(wanted) > 0) != paid:
            out.append(Problem((key,), f"the play pays optional cost {name} {wanted} times"))
        elif wanted.isdigit() and paid and name in counts and counts[name] != int(wanted):
            out.append(Problem(("paid", name), f"the play pays optional cost {name} {wanted} "
                                               f"times, not {counts[name]}"))
        if name in counts and counts[name] != 1 and not (name in extras and extras[name].repeatable):
            out.append(Problem(("paid", name), f"{name} is not repeatable: it is paid once"))
    return out
