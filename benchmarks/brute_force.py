"""The brute force the planner is checked against: every cost option, every payment, the optimum.

The planner (planner/) picks, for one play, the cost option and the payment with the smallest
objective. This module, written apart from the planner, finds the same optimum by walking
everything, on purpose without cleverness. The tests check the planner against it, and the benchmark
suite times it and scores and checks the greedy baseline's payments with it:

- options: every legal base cost (`engine.legality.base_choices`), every set of optional costs
  (`yes` always, `auto` both ways), every order of the component discounts and of the discounts on
  the total (`itertools.permutations`), with every "[1] or [A]" branch and every "[A] less" pip
  choice (`engine.discounts.outcomes` lists the distinct results of one application). Each total
  is replayed step by step here and checked against `engine.total_cost.price`, the one function
  that prices a play.
- payments: every rune untouched / exhausted / recycled / both, every subset of sources, every
  choice of objects for each non-standard cost; Power feasibility is a bipartite matching solved
  as a max flow with networkx.

It imports nothing from planner/ and does not call `engine.options` or
`engine.discounts.pareto_front`: those are what it checks. `brute_plan` is meant for small states
only; `payment_problems` and `score_payment` check and score a payment whoever made it, and
`charges` scores one without checking it.

Payment semantics (the planner implements the same):

- The Rune Pool is free and spent first; its `any` Power pays any pip.
- A ready rune may be exhausted (1 Energy) and/or recycled (1 Power of its domain); an exhausted
  rune may only be recycled. Charged: `exhaust` once for each rune that was ready and is exhausted
  or recycled; for each recycled rune its `value`, else `recycle`.
- A source activates at most once, only where its `only_for` matches the played card (`from` is
  the zone played from). Its costs: `exhaust` (its object must be a ready object on your board;
  charged `exhaust`), `kill` (its object must be on your board; charged its `value`, else `kill`),
  or an Energy/Power Cost added to what the other resources must pay. Each activation is also
  charged `source`. An object given up to a source (exhausted or killed) serves one source only;
  one a source killed serves nothing else (its buffs neither), and one a source exhausted may
  still pay any non-standard cost but `exhaust`, which needs it ready (357.1.a, then 357.2).
- Energy: the total's Energy plus the sources' Energy costs <= pool Energy + exhausted runes +
  the sources' Energy. Power: the total's pips plus the sources' Power costs are matched to pool
  Power, recycled runes and the sources' Power (a domain pip takes that domain or `any`; an [A]
  pip takes anything).
- Non-standard costs: each entry needs `count` distinct objects matching its filter, from your
  zones, or your opponent's with `controller: opponent`: `discard` from hand and
  `recycle_from_trash` from trash (never the card being played), `kill` and `return_to_hand` from
  the board, `exhaust` from the ready objects on the board. `spend_buff` takes N buffs from matching
  board objects (buffs are counters: spending them does not use up the object), `spend_xp` N XP.
  No object pays for two non-standard costs.
  Charged per object its `value`, else the kind's weight (`exhaust_unit` ignores `value`); per buff
  `spend_buff`; per XP point `spend_xp`.
- The plan minimises, in this order: how many of the play's targets the payment takes from their
  zone (a discard, kill, recycle, return to hand or banish cost, or a source that kills its
  object: 357.3, a player may not pay costs that make later choices illegal unless there is no
  other choice), score - benefits of the optional costs paid, how many of the targets and the
  object whose ability is played it takes (among equal scores, the one that keeps them), total
  Energy + pips, score.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterator, Mapping, Sequence

import networkx as nx  # type: ignore[import-untyped,unused-ignore]
from networkx.algorithms import flow  # type: ignore[import-untyped,unused-ignore]

from ..engine.cards import PrintedOf
from ..engine.cost import ANY_INDEX, NO_POWER, Cost, OtherCost, Power, Zone, power_add
from ..engine.discounts import Application, Mod, outcomes
from ..engine.filters import PlayFacts, card_matches, holds, object_matches
from ..engine.legality import base_choices, reasons
from ..engine.scenario import Scenario
from ..engine.state import GameObject, PlayerState, Source
from ..engine.total_cost import (
    BaseChoice,
    Choices,
    Modifiers,
    PlayContext,
    context,
    modifiers,
    optional_costs,
    price,
)

Pair = tuple[int, Power]  # (Energy, Power pips)
Walk = tuple[Pair, tuple[Application, ...]]

# Kinds of non-standard cost that choose objects, and the zone they choose from.
OBJECT_ZONES: Mapping[str, Zone] = {
    "discard": "hand",
    "recycle_from_trash": "trash",
    "kill": "board",
    "exhaust": "board",
    "return_to_hand": "board",
    "banish_self": "board",
    "disempower_self": "board",
    "recycle_self": "board",
}


# --- Cost options -------------------------------------------------------------------------------


def brute_options(scenario: Scenario) -> list[tuple[Choices, Cost]]:
    """Every (choices, total) the play can reach; empty when the play is illegal.

    Walks every legal base, every optional set, every order and choice of the component discounts
    and of the discounts on the total. Each total is replayed here step by step and asserted equal
    to what `price` computes for the same choices.
    """
    ctx = context(scenario)
    if reasons(ctx):
        return []
    bases, _ = base_choices(ctx)
    out: list[tuple[Choices, Cost]] = []
    for base in bases:
        # "Ignoring any and all costs": no additional cost is paid, whatever `optional` says.
        for optional in [()] if base.ignore == "all" else _optional_sets(ctx):
            for counts, victims in _paid_choices(ctx, optional):
                mods = modifiers(ctx, base, optional, counts, victims)
                if ctx.card.ability_kind == "payment":
                    # An effect's "pay X" is not a play: rule 353 does not price it, so no
                    # discount, increase or Deflect applies; the engine must have found none.
                    assert not (mods.total or mods.components or mods.increases), mods
                    mods = Modifiers()
                for components, parts in _component_walks(ctx, optional, mods, counts):
                    before = _before_total_discounts(ctx, base, optional, parts, mods, counts,
                                                     victims)
                    start = (before.energy, before.power)
                    for (energy, power), apps in _every_order(start, mods.total):
                        replayed = Cost(energy, power, before.other)
                        choices = Choices(base, optional, components, apps, counts, victims)
                        priced = price(ctx, choices, mods).total
                        assert priced == replayed, (
                            f"price() says {priced}, the replay says {replayed} for {choices}"
                        )
                        out.append((choices, replayed))
    return out


Counts = tuple[tuple[str, int], ...]
Victims = tuple[tuple[str, Cost], ...]


def _paid_choices(ctx: PlayContext, optional: tuple[str, ...]) -> list[tuple[Counts, Victims]]:
    """Every count of each repeatable optional cost paid (1 up to its `max`, or up to every
    object, buff, XP point and rune unit there is: more can't be paid) and every object that
    could be the victim of a cost an unlock reads (`printed_*_of`), one by one."""
    you = ctx.scenario.state.you
    everything = (sum(len(p.hand) + len(p.trash) + len(p.board)
                      for p in (you, ctx.scenario.state.opponent))
                  + sum(o.buffs for o in you.board) + you.xp + 2 * len(you.runes)
                  + you.pool.energy + you.pool.pips
                  + sum(_adds(ctx.scenario, s).size for s in you.sources))
    per_name: list[list[tuple[str, int]]] = []
    for extra in ctx.card.additional_costs:
        if extra.id not in optional or not extra.repeatable:
            continue
        wanted = ctx.play.optional_choice(extra.id)
        if wanted.isdigit():
            per_name.append([(extra.id, int(wanted))])
            continue
        # A payment one of its own per-payment unlocks pays for needs no resource (356.4.f):
        # then 20 more counts (the planner's documented cap for a cost nothing bounds).
        most = everything + (20 if any(u.per_payment for u in extra.unlocks) else 0)
        top = most if extra.max is None else min(extra.max, most)
        per_name.append([(extra.id, k) for k in range(1, max(top, 1) + 1)])
    per_victim: list[list[tuple[str, Cost]]] = []
    for extra in ctx.card.additional_costs:
        if not (extra.mandatory or extra.id in optional) or not _read_by_unlock(ctx, extra.id):
            continue
        if not extra.cost.other:
            continue
        seen: list[tuple[str, Cost]] = []
        for obj in candidates(ctx, extra.cost.other[0]):
            card = ctx.scenario.cards[obj.card]
            printed = Cost(card.cost.energy, NO_POWER[:ANY_INDEX] + (card.cost.pips,))
            if (extra.id, printed) not in seen:
                seen.append((extra.id, printed))
        if seen:
            per_victim.append(seen)
    out = []
    for counts in itertools.product(*per_name):
        for victims in itertools.product(*per_victim):
            out.append((tuple(c for c in counts if c[1] != 1), tuple(victims)))
    return out


def _read_by_unlock(ctx: PlayContext, cost_id: str) -> bool:
    for extra in ctx.card.additional_costs:
        for d in extra.unlocks:
            for part in (d,) + d.tiers:
                amounts = [part.energy, part.min_energy] + [a for _, a in part.power_amounts]
                if any(isinstance(a, PrintedOf) and a.cost == cost_id for a in amounts):
                    return True
    return False


def _scaled(cost: Cost, times: int, printed: Cost | None) -> Cost:
    """A cost paid `times` times, its objects restricted to the victim's printed cost."""
    other = []
    for o in cost.other:
        f = o.filter
        if printed is not None:
            f = replace(f, printed_energy=printed.energy, printed_power=printed.pips)
        other.append(OtherCost(o.kind, o.count * times, f))
    return Cost(cost.energy * times, tuple(p * times for p in cost.power), tuple(other))


def _optional_sets(ctx: PlayContext) -> list[tuple[str, ...]]:
    """`yes` names always, `auto` names both ways, every other name never; canonical order."""
    names = [name for name, _ in optional_costs(ctx.card)]
    out: list[tuple[str, ...]] = []
    for flags in itertools.product((False, True), repeat=len(names)):
        chosen = []
        for name, paid in zip(names, flags):
            choice = ctx.play.optional_choice(name)
            must = choice == "yes" or (choice.isdigit() and choice != "0")
            never = choice in ("no", "0")
            if (must and not paid) or (never and paid):
                break
            if paid:
                chosen.append(name)
        else:
            out.append(tuple(chosen))
    return out


def _component_of(name: str) -> str:
    """The component a discount must name to apply to this optional cost (besides `optional`)."""
    family = name.split(".")[0]
    return family if family in ("accelerate", "repeat") else "optional"


def _every_order(start: Pair, mods: Sequence[Mod]) -> Iterator[Walk]:
    """Every permutation of `mods`, each with every distinct outcome of every application."""
    for order in itertools.permutations(range(len(mods))):
        yield from _walk(start, mods, order, ())


def _walk(pair: Pair, mods: Sequence[Mod], order: tuple[int, ...],
          done: tuple[Application, ...]) -> Iterator[Walk]:
    if not order:
        yield pair, done
        return
    index = order[0]
    for after, app in outcomes(pair, mods[index], index):
        yield from _walk(after, mods, order[1:], done + (app,))


def _component_walks(
    ctx: PlayContext, optional: tuple[str, ...], mods: Modifiers, counts: Counts = ()
) -> Iterator[tuple[tuple[tuple[Application, ...], ...], tuple[Pair, ...]]]:
    """Per optional cost paid, every way its component discounts apply; all combinations."""
    available = dict(optional_costs(ctx.card))
    per_part: list[list[Walk]] = []
    for name in optional:
        part = _scaled(available[name], dict(counts).get(name, 1), None)
        applicable = [m for c, m in mods.components if c in (_component_of(name), "optional")]
        per_part.append(list(_every_order((part.energy, part.power), applicable)))
    for combo in itertools.product(*per_part):
        yield tuple(apps for _, apps in combo), tuple(pair for pair, _ in combo)


def _before_total_discounts(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
                            parts: tuple[Pair, ...], mods: Modifiers, counts: Counts = (),
                            victims: Victims = ()) -> Cost:
    """Base + mandatory costs + Deflect + optional costs (as discounted) + increases; nothing
    but the base under `ignore: all` ("ignoring any and all costs")."""
    running = base.cost
    if base.ignore == "all":
        return running
    victim = dict(victims)
    for extra in ctx.card.additional_costs:
        if extra.mandatory:
            running = running + _scaled(extra.cost, 1, victim.get(extra.id))
    # Deflect is not paid under a grant that ignores it, nor for a card that ignores it on its
    # own play (Decree of Insight, card key `ignore_deflect`).
    if not mods.ignore_deflect and not ctx.card.ignore_deflect:
        for target_id in ctx.play.targets:
            pips = _deflect_of(ctx.scenario, target_id)
            running = running + Cost(0, NO_POWER[:ANY_INDEX] + (pips,))
    available = dict(optional_costs(ctx.card))
    for name, (energy, power) in zip(optional, parts):
        whole = _scaled(available[name], dict(counts).get(name, 1), victim.get(name))
        running = running + Cost(energy, power, whole.other)
    for _, energy, power in mods.increases:
        running = running + Cost(energy, power)
    return running


def _deflect_of(scenario: Scenario, target_id: str) -> int:
    """Deflect of a chosen object your opponent controls; 0 for your own or unknown objects."""
    if scenario.state.you.find(target_id) is not None:
        return 0
    found = scenario.state.opponent.find(target_id)
    if found is None:
        return 0
    card = scenario.cards.get(found[1].card)
    return card.keywords.deflect if card is not None else 0


# --- Payments -----------------------------------------------------------------------------------


# Not the engine's `engine.payment.Payment`, on purpose: that value lives beside the paying rules
# and the naming this module checks, and its `to_json` is part of what is checked. This one is
# read back from the plan's JSON (`from_json`), so a payment the engine names, scores or writes
# wrongly shows up here as a disagreement instead of being shared by checker and checked.
@dataclass(frozen=True, slots=True)
class Payment:
    """A payment, described generically so any planner's answer can be re-scored.

    `exhaust` / `recycle`: rune ids. `sources`: source ids (`state.you.sources[i].id`).
    `other`: per non-standard cost, its kind and the object ids chosen; for `spend_buff` one id per
    buff spent (an id repeats to spend several buffs of one object). `xp`: XP spent.
    """

    exhaust: tuple[str, ...] = ()
    recycle: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    other: tuple[tuple[str, tuple[str, ...]], ...] = ()
    xp: int = 0

    @staticmethod
    def from_json(data: Mapping[str, object]) -> Payment:
        """Read the spec's `payment` JSON: `exhaust: [id]`, `recycle: [id | {rune: id}]`,
        `sources: [id | {id: id}]`, `other: [{kind: [id]}]` or `{kind: [id]}`, where XP is
        written `{spend_xp: 3}` or `{spend_xp: ["3 XP"]}`. `pool` is not read: the pool is free
        and always spent first."""
        def ids(items: object, key: str) -> tuple[str, ...]:
            out = []
            for item in items or ():  # type: ignore[attr-defined]
                out.append(str(item[key] if isinstance(item, Mapping) else item))
            return tuple(out)

        raw_other = data.get("other") or ()
        entries: list[tuple[str, object]] = []
        if isinstance(raw_other, Mapping):
            entries.extend(raw_other.items())
        else:
            for entry in raw_other:  # type: ignore[attr-defined]
                entries.extend(entry.items())
        other: list[tuple[str, tuple[str, ...]]] = []
        xp = 0
        for kind, chosen in entries:
            if kind == "spend_xp":
                xp += _xp_amount(chosen)
            else:
                other.append((kind, tuple(str(c) for c in chosen)))  # type: ignore[attr-defined]
        sources = ids(data.get("sources"), "id")
        return Payment(ids(data.get("exhaust"), "rune"), ids(data.get("recycle"), "rune"),
                       sources, tuple(other), xp)


def _xp_amount(chosen: object) -> int:
    """XP spent as written: `3`, `[3]` or `["3 XP"]` (one entry per cost)."""
    if isinstance(chosen, int):
        return chosen
    if isinstance(chosen, str):
        match = re.match(r"\s*(\d+)", chosen)
        if match is None:
            raise ValueError(f"cannot read an XP amount from {chosen!r}")
        return int(match.group(1))
    if isinstance(chosen, (list, tuple)):
        return sum(_xp_amount(c) for c in chosen)
    raise ValueError(f"cannot read an XP amount from {chosen!r}")


def score_payment(scenario: Scenario, option_total: Cost,
                  payment: Payment | Mapping[str, object]) -> int | None:
    """The score of `payment` for a play whose total is `option_total`; None if it does not pay.

    Independent of the planner: it reads the description, checks that it pays the total exactly
    as the module docstring says, and sums the charges.
    """
    if not isinstance(payment, Payment):
        payment = Payment.from_json(payment)
    if payment_problems(scenario, option_total, payment):
        return None
    return charges(scenario, payment)


def payment_problems(scenario: Scenario, option_total: Cost, payment: Payment) -> list[str]:
    """Why `payment` does not pay `option_total`; empty when it does."""
    ctx = context(scenario)
    you = scenario.state.you
    runes = {r.id: r for r in you.runes}
    problems: list[str] = []
    for rid in payment.exhaust + payment.recycle:
        if rid not in runes:
            problems.append(f"no rune {rid!r}")
    for name, ids in (("exhaust", payment.exhaust), ("recycle", payment.recycle)):
        if len(set(ids)) != len(ids):
            problems.append(f"a rune is listed twice in {name}")
    for rid in payment.exhaust:
        if rid in runes and runes[rid].exhausted:
            problems.append(f"rune {rid!r} is already exhausted")

    by_id: dict[str, list[Source]] = {}
    for source in you.sources:
        by_id.setdefault(source.id, []).append(source)
    sources: list[Source] = []
    for sid in payment.sources:
        if len(by_id.get(sid, [])) != 1:
            problems.append(f"source {sid!r} is unknown or ambiguous")
        else:
            sources.append(by_id[sid][0])
    once = [sid for sid in payment.sources if not any(s.repeatable for s in by_id.get(sid, []))]
    if len(set(once)) != len(once):
        problems.append("a source is activated twice")
    if problems:
        return problems
    if not _sources_usable(ctx, tuple(sources)):
        problems.append(f"sources {list(payment.sources)} can't all be activated")
        return problems

    need_energy, need_power = _resource_need(option_total, tuple(sources))
    have_energy, have_power = _resource_supply(
        scenario, you, len(payment.exhaust), tuple(runes[r].domain for r in payment.recycle),
        tuple(sources))
    if need_energy > have_energy:
        problems.append(f"needs {need_energy} Energy, the payment gives {have_energy}")
    if not power_feasible(need_power, have_power):
        problems.append(f"Power {need_power} can't be matched to {have_power}")

    problems.extend(_other_problems(ctx, option_total.other, payment, _killed(tuple(sources)),
                                    _exhausted(tuple(sources))))
    return problems


def charges(scenario: Scenario, payment: Payment) -> int:
    """The score of a payment, the sum of the charges in the module docstring, without checking
    that it pays (`score_payment` checks first); every id in it must exist."""
    you = scenario.state.you
    weight = scenario.objective.weight
    runes = {r.id: r for r in you.runes}
    score = 0
    for rid in set(payment.exhaust) | set(payment.recycle):
        if not runes[rid].exhausted:
            score += weight("exhaust")
    for rid in payment.recycle:
        value = runes[rid].value
        score += value if value is not None else weight("recycle")
    for sid in payment.sources:
        source = next(s for s in you.sources if s.id == sid)
        score += _source_charge(scenario, source)
    for kind, ids in payment.other:
        for oid in ids:
            score += _object_charge(scenario, kind, _find_object(scenario, oid))
    score += weight("spend_xp") * payment.xp
    return score


def _source_charge(scenario: Scenario, source: Source) -> int:
    weight = scenario.objective.weight
    score = weight("source")
    for cost in source.costs:
        if cost == "exhaust":
            score += weight("exhaust")
        elif cost == "kill":
            obj = _board_object(scenario.state.you, source.id)
            assert obj is not None
            score += obj.value if obj.value is not None else weight("kill")
    return score


def _object_charge(scenario: Scenario, kind: str, obj: GameObject | None) -> int:
    weight = scenario.objective.weight
    if kind == "spend_buff":
        return weight("spend_buff")
    if kind == "exhaust":
        return weight("exhaust_unit")
    if kind == "disempower_self":
        return weight("disempower")  # the object stays: its value is not lost
    assert obj is not None
    if obj.value is not None:
        return obj.value
    return weight("banish" if kind in ("banish_self", "recycle_self") else kind)


def _find_object(scenario: Scenario, oid: str) -> GameObject | None:
    for who in ("you", "opponent"):
        found = scenario.state.player(who).find(oid)
        if found is not None:
            return found[1]
    return None


def _board_object(player: PlayerState, oid: str) -> GameObject | None:
    return next((o for o in player.board if o.id == oid), None)


# --- Sources and resources ----------------------------------------------------------------------


def source_usable(ctx: PlayContext, source: Source) -> bool:
    """Whether the source may be activated for this play on its own: `only_for` matches the
    played card (an ability play: the ability), its `while` holds, and its object can pay its
    `exhaust` / `kill` costs."""
    if source.only_for is not None and not card_matches(source.only_for, ctx.card,
                                                         from_zone=ctx.zone):
        return False
    if source.while_ and not holds(source.while_, ctx.scenario,
                                   PlayFacts(ctx.card, ctx.zone, "printed", ()),
                                   _board_object(ctx.scenario.state.you, source.id)):
        return False
    obj = _board_object(ctx.scenario.state.you, source.id)
    for cost in source.costs:
        if cost == "exhaust" and (obj is None or obj.exhausted):
            return False
        if cost == "kill" and obj is None:
            return False
        if isinstance(cost, Cost) and cost.other:
            raise NotImplementedError("a source whose cost has non-standard parts")
    return True


def gives_up_object(source: Source) -> bool:
    """Whether the source exhausts or kills its board object (which then serves nothing else)."""
    return "exhaust" in source.costs or "kill" in source.costs


def _consumed(sources: tuple[Source, ...]) -> list[str]:
    """The board objects the sources give up (exhausted or killed), one entry per source."""
    return [s.id for s in sources if gives_up_object(s)]


def _killed(sources: tuple[Source, ...]) -> frozenset[str]:
    """The objects the sources kill: they pay nothing else."""
    return frozenset(s.id for s in sources if "kill" in s.costs)


def _exhausted(sources: tuple[Source, ...]) -> frozenset[str]:
    """The objects the sources exhaust: no `exhaust` cost can take them after."""
    return frozenset(s.id for s in sources if "exhaust" in s.costs)


def _sources_usable(ctx: PlayContext, sources: tuple[Source, ...]) -> bool:
    consumed = _consumed(sources)
    return len(set(consumed)) == len(consumed) and all(source_usable(ctx, s) for s in sources)


def _resource_need(total: Cost, sources: tuple[Source, ...]) -> tuple[int, Power]:
    energy, power = total.energy, total.power
    for source in sources:
        for cost in source.costs:
            if isinstance(cost, Cost):
                energy += cost.energy
                power = power_add(power, cost.power)
    return energy, power


def _resource_supply(scenario: Scenario, you: PlayerState, exhausted: int,
                     recycled_domains: tuple[str, ...],
                     sources: tuple[Source, ...]) -> tuple[int, Power]:
    energy = you.pool.energy + exhausted
    power = you.pool.power
    for domain in recycled_domains:
        power = power_add(power, Cost.of(power={domain: 1}).power)
    for source in sources:
        adds = _adds(scenario, source)
        energy += adds.energy
        power = power_add(power, adds.power)
    return energy, power


def _adds(scenario: Scenario, source: Source) -> Cost:
    """One activation's `adds`, with its `bonus` while the bonus's conditions hold."""
    if source.bonus is None:
        return source.adds
    obj = _board_object(scenario.state.you, source.id)
    facts = PlayFacts(next(iter(scenario.cards.values())), "hand", "printed", ())
    return source.adds + source.bonus if holds(source.bonus_while, scenario, facts, obj) \
        else source.adds


@lru_cache(maxsize=1 << 16)
def power_feasible(need: Power, supply: Power) -> bool:
    """Whether every needed pip can take its own unit of supply (a max flow over the bipartite
    graph: a domain pip takes that domain or `any`; an [A] pip takes any unit). Two max-flow
    algorithms must agree."""
    wanted = sum(need)
    if wanted == 0:
        return True
    if sum(supply) < wanted:
        return False
    graph = nx.DiGraph()
    for i, n in enumerate(need):
        if n:
            graph.add_edge("need", ("pip", i), capacity=n)
    for j, s in enumerate(supply):
        if s:
            graph.add_edge(("unit", j), "have", capacity=s)
    for i, n in enumerate(need):
        for j, s in enumerate(supply):
            if n and s and (i == j or i == ANY_INDEX or j == ANY_INDEX):
                graph.add_edge(("pip", i), ("unit", j), capacity=n)
    flows = {nx.maximum_flow_value(graph, "need", "have", flow_func=algorithm)
             for algorithm in (flow.edmonds_karp, flow.preflow_push)}
    assert len(flows) == 1, f"two max-flow algorithms disagree: {flows}"
    return bool(flows.pop() == wanted)


# --- The cheapest payment of one total ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _RuneUse:
    """One way to use the runes: how many exhausted, which domains recycled, its charge."""

    exhaust: tuple[str, ...]
    recycle: tuple[str, ...]
    domains: tuple[str, ...]
    score: int


def _rune_uses(scenario: Scenario) -> list[_RuneUse]:
    """Every way to use the runes, keeping the cheapest per (Energy given, Power given)."""
    runes = scenario.state.you.runes
    per_rune: list[list[tuple[bool, bool]]] = [
        [(False, False), (False, True)] if r.exhausted
        else [(False, False), (True, False), (False, True), (True, True)]
        for r in runes
    ]
    best: dict[tuple[int, tuple[str, ...]], _RuneUse] = {}
    for combo in itertools.product(*per_rune):
        exhaust = tuple(r.id for r, (e, _) in zip(runes, combo) if e)
        recycle = tuple(r.id for r, (_, c) in zip(runes, combo) if c)
        domains = tuple(sorted(r.domain for r, (_, c) in zip(runes, combo) if c))
        use = _RuneUse(exhaust, recycle, domains,
                       charges(scenario, Payment(exhaust=exhaust, recycle=recycle)))
        key = (len(exhaust), domains)
        if key not in best or use.score < best[key].score:
            best[key] = use
    return list(best.values())


def cheapest_payment(scenario: Scenario, total: Cost) -> tuple[int, Payment] | None:
    """The best payment of `total` (by `payment_rank`), with its score; None if none exists."""
    found = _best_payment(scenario, total)
    return None if found is None else (found[0][1], found[1])


def _best_payment(scenario: Scenario,
                  total: Cost) -> tuple[tuple[int, int, int], Payment] | None:
    """The payment of `total` with the least (targets taken, score, targets and own object
    taken), and that key."""
    ctx = context(scenario)
    you = scenario.state.you
    uses = _rune_uses(scenario)
    best: tuple[tuple[int, int, int], Payment] | None = None
    for flags in itertools.product(*(range(_activations(scenario, s) + 1) for s in you.sources)):
        sources = tuple(s for s, times in zip(you.sources, flags) for _ in range(times))
        if not _sources_usable(ctx, sources):
            continue
        other = _cheapest_other(ctx, total.other, _killed(sources), _exhausted(sources))
        if other is None:
            continue
        (other_targets, other_score, other_kept), other_payment = other
        src_targets, src_kept = _taken(ctx, Payment(sources=tuple(s.id for s in sources)))
        fixed = other_score + sum(_source_charge(scenario, s) for s in sources)
        need_energy, need_power = _resource_need(total, sources)
        for use in uses:
            key = (other_targets + src_targets, fixed + use.score, other_kept + src_kept)
            if best is not None and key >= best[0]:
                continue
            have_energy, have_power = _resource_supply(scenario, you, len(use.exhaust), use.domains,
                                                       sources)
            if have_energy < need_energy or not power_feasible(need_power, have_power):
                continue
            best = (key, Payment(use.exhaust, use.recycle, tuple(s.id for s in sources),
                                 other_payment.other, other_payment.xp))
    return best


# The non-standard costs that take their object from its zone.
TAKES_OBJECT = frozenset({"discard", "kill", "recycle_from_trash", "return_to_hand", "banish_self",
                          "recycle_self"})


def _taken(ctx: PlayContext, payment: Payment) -> tuple[int, int]:
    """How many of the play's targets the payment takes from their zone (a cost above, or a
    source that kills its object), and how many of the targets and of the object whose ability
    is played (it stays on the board)."""
    targets = set(ctx.play.targets)
    own = {ctx.obj.id} if ctx.zone == "board" else set()
    gone = {oid for kind, ids in payment.other if kind in TAKES_OBJECT for oid in ids}
    you = ctx.scenario.state.you
    gone |= {sid for sid in payment.sources
             if any(s.id == sid and "kill" in s.costs for s in you.sources)}
    return len(gone & targets), len(gone & (targets | own))


def _activations(scenario: Scenario, source: Source) -> int:
    """1 for a source; for a converter (`repeatable`), as many activations as the Energy and
    Power of the runes (2 each), the pool and the other sources could pay for (a cycle of
    converters feeding each other gains nothing and is never cheaper)."""
    if not source.repeatable:
        return 1
    you = scenario.state.you
    per = sum(c.energy + c.pips for c in source.costs if isinstance(c, Cost))
    units = 2 * len(you.runes) + you.pool.energy + you.pool.pips + sum(
        _adds(scenario, s).energy + _adds(scenario, s).pips for s in you.sources
        if not s.repeatable)
    return units // per


def candidates(ctx: PlayContext, cost: OtherCost) -> list[GameObject]:
    """The objects one non-standard cost may choose, in state order (before objects used
    elsewhere)."""
    owner = ctx.scenario.state.player(cost.filter.controller or "you")
    zone = OBJECT_ZONES.get(cost.kind, "board")
    out = []
    for obj in owner.zone(zone):
        # The card being played pays nothing; an object whose ability is played may pay its
        # own costs (exhaust_self, kill_self, ...).
        if (obj.id == ctx.obj.id and ctx.zone != "board") or not object_matches(
                ctx.scenario, cost.filter, obj):
            continue
        if cost.kind == "disempower_self" and obj.empowered <= 0:
            continue
        if cost.kind == "exhaust" and obj.exhausted:
            continue
        if cost.kind == "spend_buff" and obj.buffs <= 0:
            continue
        out.append(obj)
    return out


def _cheapest_other(ctx: PlayContext, costs: tuple[OtherCost, ...], killed: frozenset[str],
                    exhausted: frozenset[str]) -> tuple[tuple[int, int, int], Payment] | None:
    """The best choice of objects (buffs, XP) for every non-standard cost by (targets taken,
    score, targets and own object taken), with that key, or None."""
    best: tuple[tuple[int, int, int], Payment] | None = None
    for chosen in _other_choices(ctx, costs, 0, killed, Counter(), 0, killed, exhausted):
        other = tuple((cost.kind, ids) for cost, ids in zip(costs, chosen)
                      if cost.kind != "spend_xp")
        xp = sum(c.count for c in costs if c.kind == "spend_xp")
        payment = Payment(other=other, xp=xp)
        targets, kept = _taken(ctx, payment)
        key = (targets, charges(ctx.scenario, payment), kept)
        if best is None or key < best[0]:
            best = (key, payment)
    return best


def _other_choices(ctx: PlayContext, costs: tuple[OtherCost, ...], k: int, used: frozenset[str],
                   buffs_spent: Counter[str], xp_spent: int,
                   killed: frozenset[str] = frozenset(),
                   exhausted: frozenset[str] = frozenset()) -> Iterator[list[tuple[str, ...]]]:
    """Every assignment of objects to costs[k:], given the objects and buffs already used; the
    objects a source `killed` pay nothing (their buffs neither), those it `exhausted` pay no
    `exhaust` cost."""
    if k == len(costs):
        yield []
        return
    cost = costs[k]
    if cost.kind == "spend_xp":
        if xp_spent + cost.count <= ctx.scenario.state.you.xp:
            for rest in _other_choices(ctx, costs, k + 1, used, buffs_spent, xp_spent + cost.count,
                                       killed, exhausted):
                yield [()] + rest
        return
    eligible = [obj for obj in candidates(ctx, cost) if obj.id not in killed
                and not (cost.kind == "exhaust" and obj.id in exhausted)]
    if cost.kind == "spend_buff":
        units = [obj.id for obj in eligible for _ in range(obj.buffs - buffs_spent[obj.id])]
        for pick in sorted(set(itertools.combinations(units, cost.count))):
            spent = buffs_spent + Counter(pick)
            for rest in _other_choices(ctx, costs, k + 1, used, spent, xp_spent, killed,
                                       exhausted):
                yield [pick] + rest
        return
    free = [obj.id for obj in eligible if obj.id not in used]
    for pick in itertools.combinations(free, cost.count):
        for rest in _other_choices(ctx, costs, k + 1, used | set(pick), buffs_spent, xp_spent,
                                   killed, exhausted):
            yield [pick] + rest


def _other_problems(ctx: PlayContext, costs: tuple[OtherCost, ...], payment: Payment,
                    killed: frozenset[str], exhausted: frozenset[str]) -> list[str]:
    """Whether the payment's object choices are one of the assignments `_other_choices` allows.

    The description lists ids per kind; an assignment of them to the costs of that kind (in any
    order) must exist, with nothing left over.
    """
    given: dict[str, Counter[str]] = {}
    for kind, ids in payment.other:
        given.setdefault(kind, Counter()).update(ids)
    problems = []
    xp_needed = sum(c.count for c in costs if c.kind == "spend_xp")
    if payment.xp != xp_needed:
        problems.append(f"spends {payment.xp} XP, the total asks {xp_needed}")
    if payment.xp > ctx.scenario.state.you.xp:
        problems.append(f"spends {payment.xp} XP, you have {ctx.scenario.state.you.xp}")
    object_costs = tuple(c for c in costs if c.kind != "spend_xp")
    for chosen in _other_choices(ctx, object_costs, 0, killed, Counter(), 0, killed, exhausted):
        offered: dict[str, Counter[str]] = {}
        for cost, ids in zip(object_costs, chosen):
            offered.setdefault(cost.kind, Counter()).update(ids)
        if {k: v for k, v in offered.items() if v} == {k: v for k, v in given.items() if v}:
            return problems
    problems.append(f"the objects {payment.other} don't pay {[str(c) for c in costs]}")
    return problems


# --- The plan -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OracleResult:
    """The optimum found by brute force.

    `objective` is the score minus the benefits of the optional costs paid; `size` the Energy
    plus Power pips of the chosen total. `total`, `paid_optional`, `base` and `payment` are one
    optimal plan; `optimal_totals` lists every total some optimal plan has (ties are allowed to
    differ between the planner and the oracle).
    """

    status: str
    objective: int | None = None
    score: int | None = None
    size: int | None = None
    total: Cost | None = None
    paid_optional: tuple[str, ...] | None = None
    base: BaseChoice | None = None
    payment: Payment | None = None
    optimal_totals: tuple[Cost, ...] = ()


def brute_plan(scenario: Scenario) -> OracleResult:
    """The best (option, payment) pair by key (targets taken, objective, targets and own object
    taken, size, score), by exhaustion."""
    if reasons(context(scenario)):
        return OracleResult("illegal")
    payments: dict[Cost, tuple[tuple[int, int, int], Payment] | None] = {}
    best: tuple[tuple[int, int, int, int, int], Choices, Cost, Payment] | None = None
    optimal: list[Cost] = []
    seen: set[tuple[BaseChoice, tuple[str, ...], Cost]] = set()
    for choices, total in brute_options(scenario):
        if (choices.base, choices.optional, total) in seen:
            continue
        seen.add((choices.base, choices.optional, total))
        if total not in payments:
            payments[total] = _best_payment(scenario, total)
        found = payments[total]
        if found is None:
            continue
        (targets, score, kept), payment = found
        benefits = sum(scenario.objective.benefit(name) for name in choices.optional)
        key = (targets, score - benefits, kept, total.size, score)
        if best is None or key < best[0]:
            best = (key, choices, total, payment)
            optimal = [total]
        elif key == best[0] and total not in optimal:
            optimal.append(total)
    if best is None:
        return OracleResult("unpayable")
    (_, objective, _, size, score), choices, total, payment = best
    rescored = score_payment(scenario, total, payment)
    assert rescored == score, f"the search scored {score}, score_payment {rescored}: {payment}"
    return OracleResult("ok", objective, score, size, total, choices.optional, choices.base,
                        payment, tuple(optimal))
