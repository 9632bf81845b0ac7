"""Baselines the planner is measured against: a fixed-order greedy payer and the brute force.

The greedy payer does what the public Riftbound engines do, with no search and no choices:

- the first base cost the play may use (`engine.legality.base_choices`: printed from hand, else
  the first Flow instance), the optional costs marked `yes` and no others (`auto` is not paid);
- discounts applied in listing order with their first branch and canonical "[A] less" pips:
  `engine.total_cost.price` with `Choices` whose application lists are empty;
- Energy from the pool, then by exhausting the first ready runes in state order, then from the
  first usable sources that add Energy;
- Power pip by pip, domain pips first in domain order and `[A]` pips last: a domain pip from the
  pool's Power of that domain, else by recycling the first rune of that domain not yet recycled,
  else from the first usable source adding that domain, else from the pool's `[A]` Power, else a
  source adding `[A]`; an `[A]` pip from whatever the pool has left, else the first rune not yet
  recycled, else the first usable source adding Power. Sources whose own costs ask for Energy or
  Power are never used;
- non-standard costs with the first eligible objects in state order.

It scores what it paid with the objective of `payplan/1` (written here from the spec, not taken
from the planner), or reports that it failed. `check_payment` says whether a payment really pays
a total, again from the spec. The brute force (`brute_plan`) comes from `benchmarks.brute_force`;
`load_brute_force` finds it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.cost import ANY_INDEX, DOMAINS, NO_POWER, POWER_KEYS, Cost, OtherCost, Power
from engine.filters import card_matches, object_matches
from engine.legality import base_choices, reasons
from engine.scenario import Scenario
from engine.state import GameObject, Source
from engine.total_cost import Choices, PlayContext, context, optional_costs, price

# The zone each kind of non-standard cost chooses its objects from.
COST_ZONES: dict[str, str] = {
    "discard": "hand",
    "recycle_from_trash": "trash",
    "kill": "board",
    "exhaust": "board",
    "return_to_hand": "board",
    "spend_buff": "board",
}
# Kinds whose object is lost: its `value` replaces the weight.
LOSES_OBJECT: frozenset[str] = frozenset({"discard", "kill", "recycle_from_trash", "return_to_hand"})


@dataclass(frozen=True, slots=True)
class PaymentRecord:
    """A payment by names: runes exhausted and recycled (with the pip each recycled rune pays),
    sources activated, objects per non-standard cost, XP spent and what came from the pool."""

    pool_energy: int = 0
    pool_power: Power = NO_POWER
    exhaust: tuple[str, ...] = ()
    recycle: tuple[tuple[str, str], ...] = ()
    sources: tuple[str, ...] = ()
    other: tuple[tuple[str, tuple[str, ...]], ...] = ()
    xp: int = 0

    def to_json(self) -> dict[str, object]:
        """The spec's `payment` shape (what `payplan plan --json` prints)."""
        other: list[dict[str, object]] = [{kind: list(ids)} for kind, ids in self.other]
        if self.xp:
            other.append({"spend_xp": self.xp})
        return {
            "pool": {"energy": self.pool_energy,
                     "power": {k: n for k, n in zip(POWER_KEYS, self.pool_power) if n}},
            "exhaust": list(self.exhaust),
            "recycle": [{"rune": r, "pays": pays} for r, pays in self.recycle],
            "sources": list(self.sources),
            "other": other,
        }


@dataclass(frozen=True, slots=True)
class GreedyResult:
    """`status` is `ok`, `failed` (the greedy found no payment) or `illegal`."""

    status: str
    total: Cost | None = None
    payment: PaymentRecord | None = None
    score: int | None = None
    objective: int | None = None
    reason: str = ""
    paid_optional: tuple[str, ...] = field(default=())


# --- The greedy payer ---------------------------------------------------------------------------


def greedy_plan(scenario: Scenario) -> GreedyResult:
    """Price the play in listed order and pay it greedily; see the module docstring."""
    ctx = context(scenario)
    if reasons(ctx):
        return GreedyResult("illegal", reason="; ".join(reasons(ctx)))
    bases, _ = base_choices(ctx)
    names = [name for name, _ in optional_costs(ctx.card)]
    optional = tuple(n for n in names if ctx.play.optional_choice(n) == "yes")
    total = price(ctx, Choices(bases[0], optional)).total
    payment, why = greedy_payment(ctx, total)
    if payment is None:
        return GreedyResult("failed", total, reason=why, paid_optional=optional)
    score = score_payment(scenario, payment)
    benefits = sum(scenario.objective.benefit(n) for n in optional
                   if ctx.play.optional_choice(n) == "auto")
    return GreedyResult("ok", total, payment, score, score - benefits, paid_optional=optional)


def greedy_payment(ctx: PlayContext, total: Cost) -> tuple[PaymentRecord | None, str]:
    """The fixed-order payment of `total`, or None and what ran short."""
    you = ctx.scenario.state.you
    used_objects: set[str] = set()
    activated: list[Source] = []
    usable = [s for s in you.sources if _source_usable(ctx, s)]

    def activate(want: Callable[[Source], bool]) -> Source | None:
        for source in usable:
            if source not in activated and source.id not in used_objects and want(source):
                activated.append(source)
                if _gives_up_object(source):
                    used_objects.add(source.id)
                return source
        return None

    # Energy: the pool, the first ready runes, then sources adding Energy.
    energy = total.energy
    pool_energy = min(you.pool.energy, energy)
    energy -= pool_energy
    exhaust: list[str] = []
    for rune in you.runes:
        if energy <= 0:
            break
        if not rune.exhausted:
            exhaust.append(rune.id)
            energy -= 1
    while energy > 0:
        source = activate(lambda s: s.adds.energy > 0)
        if source is None:
            return None, f"Energy: {energy} short"
        energy -= source.adds.energy

    # Power: pip by pip, domain pips in domain order, then [A] pips.
    pool = list(you.pool.power)
    pool_used = [0] * len(POWER_KEYS)
    recycled: list[tuple[str, str]] = []
    source_power: list[list[int]] = [list(s.adds.power) for s in activated]

    def from_sources(slot: int | None) -> bool:
        """Take one pip of `slot` (None: any slot) from Power the sources already added."""
        for power in source_power:
            for i in range(len(power)) if slot is None else (slot,):
                if power[i]:
                    power[i] -= 1
                    return True
        return False

    def recycle_first(domain: str | None, pays: str) -> bool:
        taken = {r for r, _ in recycled}
        for rune in you.runes:
            if rune.id not in taken and (domain is None or rune.domain == domain):
                recycled.append((rune.id, pays))
                return True
        return False

    def new_source(slot: int | None) -> bool:
        def adds(s: Source) -> bool:
            return any(s.adds.power) if slot is None else s.adds.power[slot] > 0
        source = activate(adds)
        if source is None:
            return False
        power = list(source.adds.power)
        source_power.append(power)
        return from_sources(slot)

    for d, domain in enumerate(DOMAINS):
        for _ in range(total.power[d]):
            if pool[d]:
                pool[d] -= 1
                pool_used[d] += 1
            elif recycle_first(domain, domain):
                pass
            elif from_sources(d) or new_source(d):
                pass
            elif pool[ANY_INDEX]:
                pool[ANY_INDEX] -= 1
                pool_used[ANY_INDEX] += 1
            elif not (from_sources(ANY_INDEX) or new_source(ANY_INDEX)):
                return None, f"Power: no {domain.title()} Power left"
    for _ in range(total.power[ANY_INDEX]):
        slot = next((i for i, n in enumerate(pool) if n), None)
        if slot is not None:
            pool[slot] -= 1
            pool_used[slot] += 1
        elif not (recycle_first(None, "any") or from_sources(None) or new_source(None)):
            return None, "Power: no Power left for [A]"

    # Non-standard costs: the first eligible objects, in state order.
    other: list[tuple[str, tuple[str, ...]]] = []
    xp = 0
    buffs_spent: dict[str, int] = {}
    for need in total.other:
        if need.kind == "spend_xp":
            if xp + need.count > you.xp:
                return None, f"spend_xp: {need.count} XP needed"
            xp += need.count
            continue
        chosen: list[str] = []
        for obj in candidates(ctx, need):
            if len(chosen) == need.count:
                break
            if need.kind == "spend_buff":
                while len(chosen) < need.count and buffs_spent.get(obj.id, 0) < obj.buffs:
                    buffs_spent[obj.id] = buffs_spent.get(obj.id, 0) + 1
                    chosen.append(obj.id)
            elif obj.id not in used_objects:
                used_objects.add(obj.id)
                chosen.append(obj.id)
        if len(chosen) < need.count:
            return None, f"{need}: only {len(chosen)} eligible"
        other.append((need.kind, tuple(chosen)))

    payment = PaymentRecord(pool_energy, tuple(pool_used), tuple(exhaust), tuple(recycled),
                            tuple(s.id for s in activated), tuple(other), xp)
    return payment, ""


def candidates(ctx: PlayContext, need: OtherCost) -> list[GameObject]:
    """The objects a non-standard cost may choose, in state order (never the played card)."""
    owner = ctx.scenario.state.player(need.filter.controller or "you")
    out = []
    for obj in owner.zone(COST_ZONES.get(need.kind, "board")):
        if obj.id == ctx.obj.id or not object_matches(ctx.scenario, need.filter, obj):
            continue
        if need.kind == "exhaust" and obj.exhausted:
            continue
        if need.kind == "spend_buff" and obj.buffs <= 0:
            continue
        out.append(obj)
    return out


def _board_object(ctx: PlayContext, object_id: str) -> GameObject | None:
    return next((o for o in ctx.scenario.state.you.board if o.id == object_id), None)


def _gives_up_object(source: Source) -> bool:
    return "exhaust" in source.costs or "kill" in source.costs


def _source_usable(ctx: PlayContext, source: Source) -> bool:
    """Usable by the greedy: allowed for this play, its object able to pay its costs, and no
    Energy or Power of its own to pay."""
    if source.only_for is not None and not card_matches(source.only_for, ctx.card,
                                                         from_zone=ctx.zone):
        return False
    obj = _board_object(ctx, source.id)
    for cost in source.costs:
        if isinstance(cost, Cost):
            return False
        if cost == "exhaust" and (obj is None or obj.exhausted):
            return False
        if cost == "kill" and obj is None:
            return False
    return True


# --- The objective, from the spec ---------------------------------------------------------------


def score_payment(scenario: Scenario, payment: PaymentRecord) -> int:
    """The score of a payment under `scenario.objective` (format `payplan/1`, "The objective")."""
    weight = scenario.objective.weight
    you = scenario.state.you
    runes = {r.id: r for r in you.runes}
    score = 0
    recycled = [r for r, _ in payment.recycle]
    # exhaust: each rune that was ready and is not after (exhausted, recycled, or both: once).
    for rune_id in set(payment.exhaust) | set(recycled):
        if not runes[rune_id].exhausted:
            score += weight("exhaust")
    # recycle: each rune recycled, its value where it has one.
    for rune_id in recycled:
        value = runes[rune_id].value
        score += value if value is not None else weight("recycle")
    # sources: each activation, plus what its own costs do to its object.
    for source_id in payment.sources:
        source = next(s for s in you.sources if s.id == source_id)
        score += weight("source")
        obj = next((o for o in you.board if o.id == source_id), None)
        for cost in source.costs:
            if cost == "exhaust":
                score += weight("exhaust")
            elif cost == "kill":
                score += obj.value if obj is not None and obj.value is not None else weight("kill")
    # non-standard costs: each object (its value where it is lost), each buff.
    for kind, ids in payment.other:
        for object_id in ids:
            if kind == "spend_buff":
                score += weight("spend_buff")
            elif kind == "exhaust":
                score += weight("exhaust_unit")
            else:
                obj = _any_object(scenario, object_id)
                lost = kind in LOSES_OBJECT and obj is not None and obj.value is not None
                score += obj.value if lost and obj is not None and obj.value is not None \
                    else weight(kind)
    score += payment.xp * weight("spend_xp")
    return score


def _any_object(scenario: Scenario, object_id: str) -> GameObject | None:
    for who in ("you", "opponent"):
        found = scenario.state.player(who).find(object_id)
        if found is not None:
            return found[1]
    return None


def check_payment(scenario: Scenario, total: Cost, payment: PaymentRecord) -> list[str]:
    """Why `payment` does not pay `total` for the scenario's play; empty when it does."""
    ctx = context(scenario)
    you = scenario.state.you
    runes = {r.id: r for r in you.runes}
    problems: list[str] = []
    recycled = [r for r, _ in payment.recycle]
    for name, ids in (("exhaust", payment.exhaust), ("recycle", tuple(recycled))):
        if len(set(ids)) != len(ids):
            problems.append(f"{name}: a rune listed twice")
        problems += [f"{name}: no rune {i!r}" for i in ids if i not in runes]
    if problems:
        return problems
    problems += [f"exhaust: {i} is already exhausted" for i in payment.exhaust
                 if runes[i].exhausted]
    if payment.pool_energy > you.pool.energy or any(
            u > h for u, h in zip(payment.pool_power, you.pool.power)):
        problems.append("pool: takes more than the pool holds")
    sources = []
    for source_id in payment.sources:
        found = [s for s in you.sources if s.id == source_id]
        if len(found) != 1 or not _source_usable(ctx, found[0]):
            problems.append(f"sources: {source_id!r} can't be activated")
        else:
            sources.append(found[0])
    if len(set(payment.sources)) != len(payment.sources):
        problems.append("sources: one activated twice")

    # Energy and Power (Hall's condition: a domain pip takes its domain or [A] Power).
    supply_energy = payment.pool_energy + len(payment.exhaust) + sum(s.adds.energy for s in sources)
    if supply_energy < total.energy:
        problems.append(f"Energy: {supply_energy} given, {total.energy} needed")
    supply = list(payment.pool_power)
    for rune_id in recycled:
        supply[DOMAINS.index(runes[rune_id].domain)] += 1
    for s in sources:
        supply = [a + b for a, b in zip(supply, s.adds.power)]
    deficit = sum(max(0, total.power[d] - supply[d]) for d in range(len(DOMAINS)))
    if deficit > supply[ANY_INDEX] or sum(total.power) > sum(supply):
        problems.append(f"Power: {Cost(0, tuple(supply))} can't pay {Cost(0, total.power)}")

    # Non-standard costs: distinct eligible objects, none also given up to a source.
    used = {s.id for s in sources if _gives_up_object(s)}
    given = list(payment.other)
    for need in total.other:
        if need.kind == "spend_xp":
            continue
        match = next((g for g in given if g[0] == need.kind and len(g[1]) == need.count), None)
        if match is None:
            problems.append(f"{need}: not paid")
            continue
        given.remove(match)
        eligible = {o.id: o for o in candidates(ctx, need)}
        for object_id in match[1]:
            if object_id not in eligible:
                problems.append(f"{need}: {object_id!r} is not eligible")
            elif need.kind != "spend_buff":
                if object_id in used:
                    problems.append(f"{need}: {object_id!r} pays twice")
                used.add(object_id)
        if need.kind == "spend_buff":
            for object_id in set(match[1]):
                if object_id in eligible and match[1].count(object_id) > eligible[object_id].buffs:
                    problems.append(f"{need}: {object_id!r} has too few buffs")
    xp = sum(n.count for n in total.other if n.kind == "spend_xp")
    if payment.xp != xp or xp > you.xp:
        problems.append(f"spend_xp: {payment.xp} spent, {xp} needed, {you.xp} held")
    return problems


# --- The brute force ----------------------------------------------------------------------------


def load_brute_force() -> tuple[Callable[[Scenario], Any] | None, str]:
    """`brute_plan` and where it came from; (None, why) when it is not available.

    `benchmarks.brute_force` is the home of the brute force. Until it lands there, the same
    function is read from the repository's `tests/oracle.py` when that file exists.
    """
    try:
        module = importlib.import_module("benchmarks.brute_force")
        return module.brute_plan, "benchmarks.brute_force"
    except ImportError:
        pass
    path = Path(__file__).resolve().parent.parent / "tests" / "oracle.py"
    if not path.exists():
        return None, "benchmarks.brute_force is not installed"
    spec = importlib.util.spec_from_file_location("payplan_bench_oracle", path)
    if spec is None or spec.loader is None:
        return None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    try:
        spec.loader.exec_module(module)
    except ImportError as err:
        del sys.modules[spec.name]
        return None, f"{path}: {err}"
    return module.brute_plan, "tests/oracle.py"
