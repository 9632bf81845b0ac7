"""The brute force the planner is checked against: every cost option, every payment, the optimum.

The planner (planner/) picks, for one play, the cost option and the payment with the smallest
objective. This module finds the same optimum by walking everything, on purpose without
cleverness, and shares no code with the engine's pricing, legality or paying:

- legality and cost options come from the independent reference
  (`benchmarks/reference/pricing.py`, written from the seeds and the spec): every legal base,
  every set and count of optional costs, every victim a cost's amount reads, every order and
  choice of the component discounts and of the discounts on the total. The reference reads the
  scenario's raw data; a loaded `Scenario` handed here is written back to that data with the
  format's writer (`engine.dump.scenario_to_data`, the loader's inverse: it writes what the
  loader read and decides nothing).
- payments are this module's own search, written apart from the planner and from the
  reference's payer (`benchmarks/reference/payer.py`, which only scores): every rune untouched /
  exhausted / recycled / both, every activation count of every source the reference finds usable
  (its `while`, `only_for`, `bonus`, a ready object where it exhausts), every choice of objects
  for each non-standard cost, the filters read as the reference reads them; Power feasibility is
  a bipartite matching solved as a max flow with networkx (two algorithms that must agree).

The tests check the planner against it, and the benchmark suite times it and scores and checks
the greedy baseline's payments with it. `brute_plan` is meant for small states only;
`payment_problems` and `score_payment` check and score a payment whoever made it, and `charges`
scores one without checking it.

Payment semantics (the format's objective and readings: docs/payplan-format.md):

- The Rune Pool is free and spent first; its `any` Power pays any pip.
- A ready rune may be exhausted (1 Energy) and/or recycled (1 Power of its domain); an exhausted
  rune may only be recycled. Charged: `exhaust` once for each rune that was ready and is exhausted
  or recycled; for each recycled rune its `value`, else `recycle`.
- A source activates at most once (a `repeatable` one, a converter, any number of times). Its
  costs: `exhaust` (its object must be ready; charged `exhaust`; a converter's once for all its
  activations), `kill` (charged its `value`,
  else `kill`), or an Energy/Power Cost added to what the other resources must pay. Each
  activation is also charged `source`. An object gives itself up (exhausted or killed) to one
  source at most. A `{kill: {count, filter}}` cost (Malzahar - Fanatic) kills that
  many objects of yours on the board matching the filter with each activation, chosen as a
  `kill` of an additional cost chooses them (charged alike, read by 357.3 and the tie-break
  alike): a victim pays nothing else (no other cost, no buff, no source of its own unless it is
  the killing source, which may exhaust and kill it in one activation, but not kill it twice
  with a bare `kill`). The payment names them in
  `source_kills: [{source, kill: [ids]}]`.
- Energy: the total's Energy plus the sources' Energy costs <= pool Energy + exhausted runes +
  the sources' Energy. Power: the total's pips plus the sources' Power costs are matched to pool
  Power, recycled runes and the sources' Power (a domain pip takes that domain or `any`; an [A]
  pip takes anything). And in time: some order of the activations pays each one's own Energy
  and Power cost from what the pool holds before it (the runes', the pool's, and what the
  activations before it added), the total after the last: a source never pays its own cost,
  and two never pay each other's (`_in_some_order`).
- Non-standard costs: each entry needs `count` distinct objects matching its filter, from your
  zones, or your opponent's with `controller: opponent`: `discard` from hand and
  `recycle_from_trash` from trash (never the card being played), `kill`, `return_to_hand`,
  `banish_self`, `recycle_self`, `disempower_self` (an object Empowered at least once) from the
  board, `exhaust` from the ready objects on the board. `spend_buff` takes N buffs from matching
  board objects (buffs are counters: spending them does not use up the object), `spend_xp` N XP.
  No object pays for two non-standard costs. Charged per object its `value`, else the kind's
  weight (`exhaust_unit` and `disempower` ignore `value`; `banish_self` and `recycle_self` weigh
  `banish`); per buff `spend_buff`; per XP point `spend_xp`.
- Energy and Power are paid first (357.1.a), the non-standard costs after (357.2): an object its
  source exhausted may still pay a non-standard cost that does not need it ready (not `exhaust`);
  one its source killed pays nothing more, its buffs included.
- Rule 357.3: a cost that takes an object off the board (`kill`, `return_to_hand`, or a source
  that kills its object: docs/payplan-format.md's reading) takes one other than the play's targets when it
  can: of the ways to pay, over every option and total (a repeatable "kill a unit" paid once
  may keep the target where paid twice it can't), only those taking the fewest targets are
  legal; this comes before the objective.
- The plan minimises, in order: the targets taken (357.3), the objective (score less the
  benefits of the `auto` optional costs paid), whether the play's kept objects leave the board
  (an ability's own object and the chosen targets: the tie-break of the objective), the
  total's Energy + pips, the score.

`mutants` (tests only): the reference's and this search's re-creations of an engine's wrong
readings (`pricing.ENGINE_MUTANTS`), so a test can tell a known, open wrong answer of the
planner from a new one.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping, Sequence

import networkx as nx  # type: ignore[import-untyped,unused-ignore]
from networkx.algorithms import flow  # type: ignore[import-untyped,unused-ignore]

from .reference.payer import DEFAULT_WEIGHTS
from .reference.pricing import (
    ANY,
    DOMAINS,
    Base,
    Context,
    Obj,
    Option,
    Reference,
    Source,
    Total,
    Unsupported,
    object_matches,
    reference_totals,
    runes_of,
    yaml_word,
    zone_objects,
)

Power = tuple[int, ...]  # pips by `pricing.PIP_KEYS` (the six domains, then `any`)

# Kinds of non-standard cost that choose objects, and the zone they choose from.
OBJECT_ZONES: Mapping[str, str] = {
    "discard": "hand",
    "recycle_from_trash": "trash",
    "kill": "board",
    "exhaust": "board",
    "return_to_hand": "board",
    "banish_self": "board",
    "disempower_self": "board",
    "recycle_self": "board",
    "spend_buff": "board",
}
# Kinds that take the object off the board (the tie-break), and those rule 357.3 reads.
OFF_THE_BOARD = ("kill", "return_to_hand", "banish_self", "recycle_self")
RULE_357_3 = ("kill", "return_to_hand")


# --- The scenario, as data ----------------------------------------------------------------------


def as_data(scenario: Any) -> dict[str, Any]:
    """The scenario's raw `payplan/1` data: a mapping as it is, a loaded `Scenario` written back
    by the format's writer (the loader's inverse; no rule is decided there)."""
    if isinstance(scenario, Mapping):
        return dict(scenario)
    from ...engine.riftbound.dump import scenario_to_data

    data: dict[str, Any] = scenario_to_data(scenario)
    return data


def total_of(cost: Any) -> Total:
    """A total as the reference writes it: a `Total`, or any cost read through its JSON (the
    engine's `Cost.to_json()`, the plan JSON's `total`)."""
    if isinstance(cost, Total):
        return cost
    if isinstance(cost, Mapping):
        return Total.from_json(cost)
    return Total.from_json(cost.to_json())


@dataclass(frozen=True)
class _Play:
    """One scenario read once: its data, the reference's reading of the play, the weights."""

    data: dict[str, Any]
    ref: Reference
    weights: Mapping[str, int]

    @property
    def ctx(self) -> Context:
        if self.ref.context is None:
            raise Unsupported("a payment for an illegal play")
        return self.ref.context


def _read(scenario: Any, mutants: Iterable[str] = (), price: bool = True) -> _Play:
    """The scenario read once; `price=False`: legality and the play's reading only (what a
    payment check needs), not every option."""
    data = as_data(scenario)
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(((data.get("objective") or {}).get("weights") or {}))
    return _Play(data, reference_totals(data, tuple(mutants), price), weights)


# --- Cost options -------------------------------------------------------------------------------


def _ordered(options: Iterable[Option]) -> list[Option]:
    return sorted(options, key=lambda o: (o.base.key(), sorted(o.paid), o.total.text()))


def brute_options(scenario: Any, mutants: Iterable[str] = ()) -> list[tuple[Option, Total]]:
    """Every (option, total) the play can reach, in a fixed order; empty when it is illegal."""
    ref = _read(scenario, mutants).ref
    return [(o, o.total) for o in _ordered(ref.options)] if ref.legal else []


def _benefit(data: Mapping[str, Any], option: Option) -> int:
    """The benefits of the `auto` optional costs the option pays (the objective subtracts them),
    each by its name, else by its family (`repeat` for `repeat.1`: docs/payplan-format.md's reading)."""
    play = data.get("play") or {}
    settings = play.get("optional") or {}
    benefits = (data.get("objective") or {}).get("benefits") or {}
    out = 0
    for paid in option.paid:
        name = paid.split("*")[0]
        if yaml_word(settings.get(name)) == "auto":
            out += int(benefits.get(name, benefits.get(name.split(".")[0], 0)))
    return out


# --- Payments -----------------------------------------------------------------------------------


# Not the engine's `engine.payment.Payment`, on purpose: that value lives beside the paying rules
# and the naming this module checks, and its `to_json` is part of what is checked. This one is
# read back from the plan's JSON (`from_json`), so a payment the engine names, scores or writes
# wrongly shows up here as a disagreement instead of being shared by checker and checked.
@dataclass(frozen=True, slots=True)
class Payment:
    """A payment, described generically so any planner's answer can be re-scored.

    `exhaust` / `recycle`: rune ids. `sources`: source ids (`state.you.sources[i].id`), a
    converter's once per activation. `other`: per non-standard cost, its kind and the object ids
    chosen; for `spend_buff` one id per buff spent (an id repeats to spend several buffs of one
    object). `xp`: XP spent.
    """

    exhaust: tuple[str, ...] = ()
    recycle: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    other: tuple[tuple[str, tuple[str, ...]], ...] = ()
    xp: int = 0
    source_kills: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (source id, its victims)

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
        kills = tuple((str(entry["source"]), tuple(str(i) for i in entry.get("kill") or ()))
                      for entry in data.get("source_kills") or ())  # type: ignore[attr-defined]
        return Payment(ids(data.get("exhaust"), "rune"), ids(data.get("recycle"), "rune"),
                       sources, tuple(other), xp, kills)


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


def _payment(payment: Payment | Mapping[str, object] | Any) -> Payment:
    if isinstance(payment, Payment):
        return payment
    if isinstance(payment, Mapping):
        return Payment.from_json(payment)
    return Payment.from_json(payment.to_json())


def score_payment(scenario: Any, option_total: Any, payment: Payment | Mapping[str, object] | Any,
                  mutants: Iterable[str] = ()) -> int | None:
    """The score of `payment` for a play whose total is `option_total`; None if it does not pay.

    Independent of the planner: it reads the description, checks that it pays the total exactly
    as the module docstring says, and sums the charges.
    """
    play = _read(scenario, mutants, price=False)
    payment = _payment(payment)
    if _problems(play, total_of(option_total), payment):
        return None
    return _charges(play, payment)


def payment_problems(scenario: Any, option_total: Any,
                     payment: Payment | Mapping[str, object] | Any) -> list[str]:
    """Why `payment` does not pay `option_total`; empty when it does."""
    return _problems(_read(scenario, price=False), total_of(option_total), _payment(payment))


def _problems(play: _Play, total: Total, payment: Payment) -> list[str]:
    if not play.ref.legal:
        return ["the play is illegal"]
    you = (play.data.get("state") or {}).get("you") or {}
    runes = {r.id: r for r in runes_of(you)}
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
    usable = {s.id: s for s in play.ref.sources}
    declared = [s["id"] for s in you.get("sources") or []]
    sources: list[Source] = []
    for sid in payment.sources:
        if declared.count(sid) != 1:
            problems.append(f"source {sid!r} is unknown or ambiguous")
        elif sid not in usable:
            problems.append(f"source {sid!r} can't be activated for this play")
        else:
            sources.append(usable[sid])
    once = [s.id for s in sources if not s.repeatable]
    if len(set(once)) != len(once):
        problems.append("a source is activated twice")
    if problems:
        return problems
    exhausted, killed = _given_up(sources)
    if exhausted is None or killed is None:
        return [f"sources {list(payment.sources)} give up one object twice"]

    need_energy, need_power = _resource_need(total, sources)
    have_energy, have_power = _resource_supply(play, len(payment.exhaust),
                                               tuple(runes[r].domain for r in payment.recycle),
                                               sources)
    if need_energy > have_energy:
        problems.append(f"needs {need_energy} Energy, the payment gives {have_energy}")
    if not power_feasible(need_power, have_power):
        problems.append(f"Power {need_power} can't be matched to {have_power}")
    elif need_energy <= have_energy and not _in_some_order(
            play, len(payment.exhaust), tuple(runes[r].domain for r in payment.recycle),
            sources, total):
        problems.append("no order of the sources pays each one's cost before it adds")
    owned = _source_needs(play, sources)
    listed = dict(payment.source_kills)
    owners = list(dict.fromkeys(o for o, _ in owned))
    picks: list[tuple[str, ...]] = []
    if sorted(listed) != sorted(owners) or len(listed) != len(payment.source_kills):
        return problems + [f"source_kills {list(payment.source_kills)} don't name the sources "
                           f"that kill other objects, {owners}"]
    for owner in owners:
        ids = listed[owner]
        atoms = [n for o, n in owned if o == owner]
        if len(ids) != sum(n for _, _, n in atoms):
            return problems + [f"source {owner} kills {sum(n for _, _, n in atoms)}, the "
                               f"payment names {list(ids)}"]
        at = 0
        for kind, flt, n in atoms:
            part = tuple(ids[at:at + n])
            at += n
            allowed = {o.id for o in candidates(play, kind, flt)}
            if not set(part) <= allowed:
                return problems + [f"source {owner} can't kill {sorted(set(part) - allowed)}"]
            picks.append(part)
    problems.extend(_other_problems(play, total, payment, exhausted, killed,
                                    sources, owned, picks))
    return problems


def charges(scenario: Any, payment: Payment | Mapping[str, object] | Any) -> int:
    """The score of a payment, the sum of the charges in the module docstring, without checking
    that it pays (`score_payment` checks first); every id in it must exist."""
    data = as_data(scenario)
    weights = dict(DEFAULT_WEIGHTS)
    weights.update(((data.get("objective") or {}).get("weights") or {}))
    return _charges_of(data, weights, _payment(payment))


def _charges(play: _Play, payment: Payment) -> int:
    return _charges_of(play.data, play.weights, payment)


def _charges_of(data: Mapping[str, Any], weights: Mapping[str, int], payment: Payment) -> int:
    state = data.get("state") or {}
    you = state.get("you") or {}
    runes = {r.id: r for r in runes_of(you)}
    values = {r["id"]: r["value"] for r in (you.get("runes") or [])
              if isinstance(r, dict) and r.get("value") is not None}
    objects = {o.id: o for who in ("you", "opponent")
               for zone in ("hand", "trash", "board", "facedown", "banishment")
               for o in zone_objects(state.get(who) or {}, zone, who)}
    score = 0
    for rid in set(payment.exhaust) | set(payment.recycle):
        if not runes[rid].exhausted:
            score += weights["exhaust"]
    for rid in payment.recycle:
        score += int(values.get(rid, weights["recycle"]))
    declared = {s["id"]: s for s in you.get("sources") or []}
    for i, sid in enumerate(payment.sources):
        score += _source_charge(weights, declared[sid], objects.get(sid),
                                again=sid in payment.sources[:i])
    for kind, ids in payment.other:
        for oid in ids:
            score += _object_charge(weights, kind, objects.get(oid))
    for _, ids in payment.source_kills:
        for oid in ids:
            score += _object_charge(weights, "kill", objects.get(oid))
    score += weights["spend_xp"] * payment.xp
    return score


def _source_charge(weights: Mapping[str, int], source: Mapping[str, Any],
                   obj: Obj | None, again: bool = False) -> int:
    """One activation's charge; `again`: a later activation of a converter in the same payment,
    whose exhaustion ("[T]: pay any amount ...") the first one charged."""
    score = weights["source"]
    for cost in source.get("costs", ["exhaust"]):
        if cost == "exhaust" and not again:
            score += weights["exhaust"]
        elif cost == "kill":
            assert obj is not None
            score += obj.value if obj.value is not None else weights["kill"]
    return score


def _object_charge(weights: Mapping[str, int], kind: str, obj: Obj | None) -> int:
    if kind == "spend_buff":
        return weights["spend_buff"]
    if kind == "exhaust":
        return weights["exhaust_unit"]
    if kind == "disempower_self":
        return weights["disempower"]  # the object stays: its value is not lost
    assert obj is not None
    if obj.value is not None:
        return obj.value
    return weights["banish" if kind in ("banish_self", "recycle_self") else kind]


# --- Sources and resources ----------------------------------------------------------------------


def _given_up(sources: Sequence[Source]) -> tuple[frozenset[str] | None, frozenset[str] | None]:
    """The objects the sources exhaust and those they kill; (None, None) when one object is
    given up to two sources."""
    # A converter that exhausts gives its object up once for all its activations.
    exhausted = [s.id for i, s in enumerate(sources) if s.exhaust and not s.kill
                 and not (s.repeatable and s in sources[:i])]
    killed = [s.id for s in sources if s.kill]
    given = exhausted + killed
    if len(set(given)) != len(given):
        return None, None
    return frozenset(exhausted), frozenset(killed)


def _kill_atoms(play: _Play, source_id: str) -> list[tuple[str, dict[str, Any], int]]:
    """The `{kill: ...}` atoms of a source's costs, as needs (`kill`, filter, count)."""
    you = (play.data.get("state") or {}).get("you") or {}
    declared = next(s for s in you.get("sources") or [] if s["id"] == source_id)
    out: list[tuple[str, dict[str, Any], int]] = []
    for cost in declared.get("costs", ["exhaust"]):
        if isinstance(cost, Mapping) and "kill" in cost:
            spec = cost["kill"]
            if isinstance(spec, Mapping):
                out.append(("kill", dict(spec.get("filter") or {}), int(spec.get("count", 1))))
            else:
                out.append(("kill", {}, int(spec)))
    return out


def _source_needs(play: _Play, active: Sequence[Source]
                  ) -> list[tuple[str, tuple[str, dict[str, Any], int]]]:
    """Every kill atom of the active sources, with the source it belongs to."""
    return [(s.id, need) for i, s in enumerate(active) if s not in active[:i]
            for need in _kill_atoms(play, s.id)]


def _victims_clash(play: _Play, active: Sequence[Source],
                   owned: Sequence[tuple[str, tuple[str, dict[str, Any], int]]],
                   picks: Sequence[tuple[str, ...]], needs: Sequence[tuple[str, dict[str, Any], int]],
                   chosen: Sequence[tuple[str, ...]]) -> bool:
    """Whether the sources' victims (`picks`, one per atom of `owned`) pay something else: a
    buff spent (`chosen` for `needs`), or a source activated, its own killing source aside
    where that one does not kill its object already (a bare `kill`)."""
    victims = {oid for ids in picks for oid in ids}
    for (kind, _, _), ids in zip(needs, chosen):
        if kind == "spend_buff" and victims & set(ids):
            return True
    for (owner, _), ids in zip(owned, picks):
        for oid in ids:
            for s in active:
                if s.id == oid and not (s.id == owner and not s.kill):
                    return True
    return False


def _named_victims(owned: Sequence[tuple[str, tuple[str, dict[str, Any], int]]],
                   picks: Sequence[tuple[str, ...]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The victims per source, its atoms' in their order (`Payment.source_kills`)."""
    out: dict[str, tuple[str, ...]] = {}
    for (owner, _), ids in zip(owned, picks):
        out[owner] = out.get(owner, ()) + tuple(ids)
    return tuple(out.items())


def _resource_need(total: Total, sources: Sequence[Source]) -> tuple[int, Power]:
    energy, power = total.energy, list(total.pips)
    for source in sources:
        energy += source.pays.energy
        power = [a + b for a, b in zip(power, source.pays.pips)]
    return energy, tuple(power)


def _resource_supply(play: _Play, exhausted: int, recycled_domains: tuple[str, ...],
                     sources: Sequence[Source]) -> tuple[int, Power]:
    you = (play.data.get("state") or {}).get("you") or {}
    pool = you.get("pool") or {}
    energy = int(pool.get("energy", 0)) + exhausted
    power = [0] * (len(DOMAINS) + 1)
    for key, n in (pool.get("power") or {}).items():
        power[ANY if key == "any" else DOMAINS.index(key)] += int(n)
    for domain in recycled_domains:
        power[DOMAINS.index(domain)] += 1
    for source in sources:
        energy += source.adds.energy
        power = [a + b for a, b in zip(power, source.adds.pips)]
    return energy, tuple(power)


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
            if n and s and (i == j or i == ANY or j == ANY):
                graph.add_edge(("pip", i), ("unit", j), capacity=n)
    flows = {nx.maximum_flow_value(graph, "need", "have", flow_func=algorithm)
             for algorithm in (flow.edmonds_karp, flow.preflow_push)}
    assert len(flows) == 1, f"two max-flow algorithms disagree: {flows}"
    return bool(flows.pop() == wanted)


def _in_some_order(play: _Play, exhausted: int, recycled_domains: tuple[str, ...],
                   active: Sequence[Source], total: Total) -> bool:
    """Whether the activations can be made one after another, each paying its own Energy and
    Power cost out of what is in the pool at that moment: the pool's and the runes' resources
    and what the activations made before it added (an activation's own output comes after its
    cost is paid). The total is paid after the last. Every order of the activations that cost
    something and every choice of the units paying each one is tried; those that cost nothing
    go first (they only add)."""
    costly = [s for s in active if s.pays.energy or any(s.pays.pips)]
    if not costly:
        return True
    free = [s for s in active if not (s.pays.energy or any(s.pays.pips))]
    energy, power = _resource_supply(play, exhausted, recycled_domains, free)

    def go(left: list[Source], energy: int, power: Power) -> bool:
        if not left:
            return energy >= total.energy and power_feasible(total.pips, power)
        tried: list[Source] = []
        for i, s in enumerate(left):
            if s in tried or energy < s.pays.energy:
                continue
            tried.append(s)
            rest = left[:i] + left[i + 1:]
            for spent in _spendings(power, s.pays.pips):
                after = tuple(p - n + a for p, n, a in zip(power, spent, s.adds.pips))
                if go(rest, energy - s.pays.energy + s.adds.energy, after):
                    return True
        return False

    return go(costly, energy, power)


def _spendings(power: Power, pips: Power) -> Iterator[Power]:
    """Every part of `power` (per slot, at most what it holds) that pays exactly `pips`."""
    wanted = sum(pips)
    for part in itertools.product(*(range(min(n, wanted) + 1) for n in power)):
        if sum(part) == wanted and power_feasible(pips, part):
            yield part


# --- Non-standard costs -------------------------------------------------------------------------


def _need_list(total: Total) -> list[tuple[str, dict[str, Any], int]]:
    return [(kind, json.loads(flt) if flt else {}, n) for kind, flt, n in total.other]


def candidates(play: _Play, kind: str, flt: Mapping[str, Any]) -> list[Obj]:
    """The objects one non-standard cost may choose, in state order (before objects used
    elsewhere): its zone, yours unless the filter says `controller: opponent`, the filter read
    as the reference reads it; never the card being played (it is on the Chain), while an
    ability's object may pay its own costs."""
    owner = str(flt.get("controller", "you"))
    state = play.data.get("state") or {}
    on_chain = play.ref.played if play.ref.kind != "ability" else None
    out = []
    for obj in zone_objects(state.get(owner) or {}, OBJECT_ZONES[kind], owner):
        if obj.id == on_chain or not object_matches(play.ctx, obj, flt):
            continue
        if kind == "disempower_self" and obj.empowered <= 0:
            continue
        if kind == "exhaust" and obj.exhausted:
            continue
        if kind == "spend_buff" and obj.buffs <= 0:
            continue
        out.append(obj)
    return out


def _other_choices(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]], k: int,
                   used: frozenset[str], buffs_spent: Counter[str]
                   ) -> Iterator[list[tuple[str, ...]]]:
    """Every assignment of objects to needs[k:] (`spend_xp` excluded), given the objects and
    buffs already used."""
    if k == len(needs):
        yield []
        return
    kind, flt, count = needs[k]
    eligible = candidates(play, kind, flt)
    if kind == "spend_buff":
        units = [obj.id for obj in eligible for _ in range(obj.buffs - buffs_spent[obj.id])]
        for pick in sorted(set(itertools.combinations(units, count))):
            for rest in _other_choices(play, needs, k + 1, used, buffs_spent + Counter(pick)):
                yield [pick] + rest
        return
    free = [obj.id for obj in eligible if obj.id not in used]
    for pick in itertools.combinations(free, count):
        for rest in _other_choices(play, needs, k + 1, used | set(pick), buffs_spent):
            yield [pick] + rest


def _assignments(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]]
                 ) -> list[list[tuple[str, ...]]]:
    """Every assignment of objects to `needs` (rule 357.3 is read by `_ranked`, over them all)."""
    return list(_other_choices(play, needs, 0, frozenset(), Counter()))


def _clashes(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]],
             chosen: list[tuple[str, ...]], exhausted: frozenset[str],
             killed: frozenset[str]) -> bool:
    """Whether an assignment needs an object the sources gave up: one a source killed pays
    nothing more, one a source exhausted no cost that needs it ready (357.1.a, 357.2)."""
    for (kind, _, _), ids in zip(needs, chosen):
        taken = set(ids)
        if "source_object_barred" in play.ref.mutants and kind != "spend_buff":
            if taken & (exhausted | killed):
                return True
        if taken & killed or (kind == "exhaust" and taken & exhausted):
            return True
    return False


def _other_problems(play: _Play, total: Total, payment: Payment, exhausted: frozenset[str],
                    killed: frozenset[str], active: Sequence[Source] = (),
                    owned: Sequence[tuple[str, tuple[str, dict[str, Any], int]]] = (),
                    picks: Sequence[tuple[str, ...]] = ()) -> list[str]:
    """Whether the payment's object choices pay the non-standard costs as allowed: per kind,
    its ids shared out among that kind's costs, each taking `count` objects its filter accepts
    (one buff per listing for `spend_buff`, no more than the object has); no object in two
    costs; none its source gave up (`_clashes`); and rule 357.3: no other way takes fewer of
    the play's targets off the board."""
    needs = _need_list(total)
    problems = []
    xp_needed = sum(n for kind, _, n in needs if kind == "spend_xp")
    xp_have = int(((play.data.get("state") or {}).get("you") or {}).get("xp", 0))
    if payment.xp != xp_needed:
        problems.append(f"spends {payment.xp} XP, the total asks {xp_needed}")
    if payment.xp > xp_have:
        problems.append(f"spends {payment.xp} XP, you have {xp_have}")
    objects = [n for n in needs if n[0] != "spend_xp"]
    given: dict[str, list[str]] = {}
    for kind, listed in payment.other:
        given.setdefault(kind, []).extend(listed)
    wanted = {kind for kind, _, n in objects if n}
    if set(k for k, v in given.items() if v) != wanted:
        return problems + [f"the objects {payment.other} don't pay {total.text()}"]
    chosen: list[tuple[str, ...]] = [()] * len(objects)
    for kind, ids in given.items():
        mine = [i for i, (k, _, _) in enumerate(objects) if k == kind]
        split = _share_out(play, [objects[i] for i in mine], ids)
        if split is None:
            return problems + [f"the objects {list(ids)} don't pay the {kind} costs of "
                               f"{total.text()}"]
        for i, part in zip(mine, split):
            chosen[i] = part
    plain = [oid for kind, ids in given.items() if kind != "spend_buff" for oid in ids]
    plain += [oid for ids in picks for oid in ids]
    if len(set(plain)) != len(plain):
        problems.append("an object pays two non-standard costs")
    every = list(objects) + [n for _, n in owned]
    both = list(chosen) + list(picks)
    if _clashes(play, every, both, exhausted, killed) or _victims_clash(
            play, active, owned, picks, objects, chosen):
        problems.append("an object pays a cost after its source gave it up")
    if _fewer_targets_taken(play, every, both):
        problems.append("a cost takes a target of the play off the board while it could take "
                        "another object (357.3)")
    return problems


def _share_out(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]],
               ids: Sequence[str]) -> list[tuple[str, ...]] | None:
    """The ids shared out among `needs` (all of one kind), each need taking `count` ids its
    filter accepts; None when no way does."""
    if len(ids) != sum(n for _, _, n in needs):
        return None
    kind = needs[0][0] if needs else ""
    accepted = [{o.id: o for o in candidates(play, k, flt)} for k, flt, _ in needs]
    if kind == "spend_buff":
        spent = Counter(ids)
        for oid, n in spent.items():
            obj = next((a[oid] for a in accepted if oid in a), None)
            if obj is None or n > obj.buffs:
                return None
    elif len(set(ids)) != len(ids):
        return None

    def go(k: int, left: tuple[str, ...]) -> list[tuple[str, ...]] | None:
        if k == len(needs):
            return [] if not left else None
        count = needs[k][2]
        for pick in sorted(set(itertools.combinations(left, count))):
            if all(oid in accepted[k] for oid in pick):
                rest = list(left)
                for oid in pick:
                    rest.remove(oid)
                after = go(k + 1, tuple(rest))
                if after is not None:
                    return [pick] + after
        return None

    return go(0, tuple(ids))


def _hits(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]],
          chosen: Sequence[tuple[str, ...]]) -> int:
    """How many of the play's targets an assignment takes off the board by the costs rule
    357.3 reads."""
    targets = set(play.ctx.play.get("targets") or [])
    return sum(len(set(ids) & targets) for (kind, _, _), ids in zip(needs, chosen)
               if kind in RULE_357_3)


def _fewer_targets_taken(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]],
                         chosen: Sequence[tuple[str, ...]]) -> bool:
    """Whether another assignment takes fewer targets off the board than `chosen` (rule 357.3).
    Only the costs that choose from the board can trade objects with the ones 357.3 reads, so
    the search walks those alone and stops at the first such assignment."""
    if "kill_target_allowed" in play.ref.mutants:
        return False
    taken = _hits(play, needs, chosen)
    if not taken:
        return False
    board = [(i, n) for i, n in enumerate(needs) if OBJECT_ZONES[n[0]] == "board"
             and n[0] != "spend_buff"]
    part = [n for _, n in board]
    for other in _other_choices(play, part, 0, frozenset(), Counter()):
        if _hits(play, part, other) < taken:
            return True
    return False


# --- The cheapest payment of one total ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _RuneUse:
    """One way to use the runes: which exhausted, which recycled, their domains, its charge."""

    exhaust: tuple[str, ...]
    recycle: tuple[str, ...]
    domains: tuple[str, ...]
    score: int


def _rune_uses(play: _Play) -> list[_RuneUse]:
    """Every way to use the runes, keeping the cheapest per (Energy given, Power given)."""
    runes = runes_of((play.data.get("state") or {}).get("you") or {})
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
                       _charges(play, Payment(exhaust=exhaust, recycle=recycle)))
        key = (len(exhaust), domains)
        if key not in best or use.score < best[key].score:
            best[key] = use
    return list(best.values())


def _activations(play: _Play, source: Source) -> int:
    """1 for a source; for a converter (`repeatable`), as many activations as the Energy and
    Power of the runes (2 each), the pool and the other sources could pay for (a cycle of
    converters feeding each other gains nothing and is never cheaper)."""
    if not source.repeatable:
        return 1
    you = (play.data.get("state") or {}).get("you") or {}
    pool = you.get("pool") or {}
    units = 2 * len(runes_of(you)) + int(pool.get("energy", 0)) + sum(
        int(n) for n in (pool.get("power") or {}).values()) + sum(
        s.adds.size for s in play.ref.sources if not s.repeatable)
    return units // max(1, source.pays.size)


def _keeps(play: _Play) -> frozenset[str]:
    return frozenset() if "tiebreak_size_first" in play.ref.mutants else play.ref.keep()


def _loses(play: _Play, needs: Sequence[tuple[str, dict[str, Any], int]],
           chosen: list[tuple[str, ...]], killed: frozenset[str]) -> bool:
    keep = _keeps(play)
    gone = set(killed)
    for (kind, _, _), ids in zip(needs, chosen):
        if kind in OFF_THE_BOARD:
            gone |= set(ids)
    return bool(gone & keep)


def cheapest_payment(scenario: Any, total: Any, mutants: Iterable[str] = ()
                     ) -> tuple[int, Payment] | None:
    """The smallest score paying `total`, with one payment reaching it (among those of that
    score, one that keeps the play's kept objects on the board where one does); None if none
    exists."""
    found = _cheapest(_read(scenario, mutants), total_of(total))
    return None if found is None else (found[0], found[2])


def best_payment(scenario: Any, total: Any, mutants: Iterable[str] = ()
                 ) -> tuple[int, bool, Payment] | None:
    """`cheapest_payment` with whether even that payment takes a kept object off the board."""
    return _cheapest(_read(scenario, mutants), total_of(total))


def _cheapest(play: _Play, total: Total) -> tuple[int, bool, Payment] | None:
    found = _ranked(play, total)
    return None if found is None else found[1:]


def _ranked(play: _Play, total: Total) -> tuple[int, int, bool, Payment] | None:
    """The payment of `total` taking the fewest of the play's targets off the board (rule
    357.3: by a `kill` or `return_to_hand` cost, or by a source that kills its object), then the
    smallest score, then one keeping the kept objects: (targets taken, score, loses, payment)."""
    if not play.ref.legal:
        return None
    uses = _rune_uses(play)
    needs = _need_list(total)
    xp = sum(n for kind, _, n in needs if kind == "spend_xp")
    if xp > int(((play.data.get("state") or {}).get("you") or {}).get("xp", 0)):
        return None
    objects = [n for n in needs if n[0] != "spend_xp"]
    sources = play.ref.sources
    allowed = "kill_target_allowed" in play.ref.mutants
    targets = frozenset(play.ctx.play.get("targets") or [])
    # Per set of activations, the assignments of objects to the total's costs and to the
    # sources' kill atoms (`_source_needs`). Rule 357.3 ranks first, over every set and (by
    # `_ranked`'s callers) every total: the payments taking the fewest of the play's targets
    # (a source's victim read as a kill of an additional cost is, a source killing its own
    # object counted too; keeping a target may need another set of sources).
    ways: list[tuple[list[Source], list[tuple[str, tuple[str, dict[str, Any], int]]],
                     list[list[tuple[str, ...]]]]] = []
    plain = _assignments(play, objects)
    for flags in itertools.product(*(range(_activations(play, s) + 1) for s in sources)):
        active = [s for s, times in zip(sources, flags) for _ in range(times)]
        owned = _source_needs(play, active)
        ways.append((active, owned, _assignments(play, objects + [n for _, n in owned])
                     if owned else plain))
    best: tuple[tuple[int, int, int], Payment] | None = None
    for active, owned, found in ways:
        exhausted, killed = _given_up(active)
        if exhausted is None or killed is None:
            continue
        src_score = _charges(play, Payment(sources=tuple(s.id for s in active)))
        need_energy, need_power = _resource_need(total, active)
        every = objects + [n for _, n in owned]
        for both in found:
            chosen, picks = both[:len(objects)], both[len(objects):]
            if _clashes(play, every, both, exhausted, killed) or _victims_clash(
                    play, active, owned, picks, objects, chosen):
                continue
            other = tuple((kind, ids) for (kind, _, _), ids in zip(objects, chosen))
            victims = _named_victims(owned, picks)
            partial = Payment(other=other, xp=xp, source_kills=victims)
            fixed = src_score + _charges(play, partial)
            lost = int(_loses(play, every, both, killed))
            hits = 0 if allowed else _hits(play, every, both) + len(killed & targets)
            if best is not None and (hits, fixed, lost) >= best[0]:
                continue
            for use in uses:
                key = (hits, fixed + use.score, lost)
                if best is not None and key >= best[0]:
                    continue
                have_energy, have_power = _resource_supply(play, len(use.exhaust), use.domains,
                                                           active)
                if have_energy < need_energy or not power_feasible(need_power, have_power):
                    continue
                if not _in_some_order(play, len(use.exhaust), use.domains, active, total):
                    continue
                best = (key, Payment(use.exhaust, use.recycle, tuple(s.id for s in active),
                                     other, xp, victims))
    if best is None:
        return None
    (hits, score, lost), payment = best
    return hits, score, bool(lost), payment


# --- The plan -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OracleResult:
    """The optimum found by brute force.

    `objective` is the score minus the benefits of the `auto` optional costs paid; `size` the
    Energy plus Power pips of the chosen total; `loses`: whether the optimum must take the
    play's kept objects off the board. `total`, `paid_optional` (names), `paid` (name -> times),
    `base` and `payment` are one optimal plan; `optimal_totals` lists every total some optimal
    plan has (ties are allowed to differ between the planner and the oracle). Totals are the
    reference's `Total` (`total_of` reads the engine's `Cost` the same way).
    """

    status: str
    objective: int | None = None
    score: int | None = None
    size: int | None = None
    total: Total | None = None
    paid_optional: tuple[str, ...] | None = None
    base: Base | None = None
    payment: Payment | None = None
    optimal_totals: tuple[Total, ...] = ()
    loses: bool | None = None
    paid: tuple[tuple[str, int], ...] = ()


def _paid(option: Option) -> tuple[tuple[str, int], ...]:
    out = []
    for name in option.paid:
        head, _, times = name.partition("*")
        out.append((head, int(times) if times else 1))
    return tuple(sorted(out))


def brute_plan(scenario: Any, mutants: Iterable[str] = ()) -> OracleResult:
    """The best (option, payment) pair by key (targets taken, objective, loses, size, score),
    by exhaustion: rule 357.3 reads across the options' totals (a payment taking a target is
    no choice while another option's payment takes fewer)."""
    play = _read(scenario, mutants)
    if not play.ref.legal:
        return OracleResult("illegal")
    payments: dict[Total, tuple[int, int, bool, Payment] | None] = {}
    best: tuple[tuple[int, int, int, int, int], Option, Payment] | None = None
    optimal: list[Total] = []
    for option in _ordered(play.ref.options):
        if option.total not in payments:
            payments[option.total] = _ranked(play, option.total)
        found = payments[option.total]
        if found is None:
            continue
        hits, score, lost, payment = found
        key = (hits, score - _benefit(play.data, option), int(lost), option.total.size, score)
        if best is None or key < best[0]:
            best = (key, option, payment)
            optimal = [option.total]
        elif key == best[0] and option.total not in optimal:
            optimal.append(option.total)
    if best is None:
        return OracleResult("unpayable")
    (_, objective, loses, size, score), option, payment = best
    rescored = _charges(play, payment)
    assert rescored == score and not _problems(play, option.total, payment), (
        f"the search scored {score}, the charges {rescored}: {payment}")
    paid = _paid(option)
    return OracleResult("ok", objective, score, size, option.total,
                        tuple(name for name, _ in paid), option.base, payment, tuple(optimal),
                        bool(loses), paid)
