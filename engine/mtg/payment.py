"""A named `mtg/1` payment (`Payment`: the pool spent, each mana ability activated, convoke,
delve, improvise, life, the objects each non-mana cost took) and the one scorer (`name_payment`):
the planner's choice, in indices into `Resources`, named in state order and charged.

Charges (the objective): each object tapped by its type (a land that is also a creature is a
land), each object sacrificed / exiled / discarded / returned the weight of that, or its
`value`, once (tapping it too adds nothing), each life point and each card milled their weight,
each counter removed and each opponent permanent untapped theirs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Obj, Scenario
from .effects import made_of
from .leftover import left_in_pool
from .mana import NO_MANA, TYPES, Mana, add, mana_text, total
from .resources import Offer, Resources, Usage, ability_scope, leave_charge, merged
from .restricted import kept as kept_restricted
from .total_cost import Priced


@dataclass(frozen=True, slots=True)
class SourceUse:
    """One activation of a mana ability: the permanent, the mana it added, and what paid its
    costs: whether it tapped (`taps`) or sacrificed (`sacrifices_self`) its permanent, and the
    objects each of its non-mana costs took (`took`: (kind, ids), an altar's sacrifice).
    `costs` is the words the plan's JSON lists for it (`tap`, `sacrifice c2`, ...)."""

    id: str
    adds: Mana
    costs: tuple[str, ...]
    taps: bool = False
    sacrifices_self: bool = False
    took: tuple[tuple[str, tuple[str, ...]], ...] = ()
    mill: int = 0  # cards its cost milled
    counters_removed: tuple[tuple[str, int], ...] = ()  # counters its cost removed, by kind
    untapped: tuple[str, ...] = ()  # the opponent's permanents its `untap` cost untapped
    milled: tuple[str, ...] = ()  # `adds: milled`: the card (a card id) it milled and read
    # Mana effects: `adds` is the ability's own output after replacement; `replaced`
    # (the permanent whose replacement was applied last, the output before any) and the mana
    # triggered mana abilities added on this activation ((their permanent, mana), 605.4a).
    replaced: tuple[str, Mana] | None = None
    triggered: tuple[tuple[str, Mana], ...] = ()

    @property
    def made(self) -> Mana:
        """All the mana this activation put in the pool: its own and the triggered."""
        out = self.adds
        for _, m in self.triggered:
            out = add(out, m)
        return out

    def to_json(self) -> dict[str, object]:
        # "" when it made no mana of its own (a Cradle counted to 0 tapped for its trigger).
        out: dict[str, object] = {"id": self.id, "adds": mana_text(self.adds, ""),
                                  "costs": list(self.costs)}
        if self.counters_removed:
            out["counters_removed"] = dict(self.counters_removed)
        if self.replaced is not None:
            out["replaced"] = {"by": self.replaced[0], "was": mana_text(self.replaced[1])}
        if self.triggered:
            out["triggered"] = [{"id": i, "adds": mana_text(m)} for i, m in self.triggered]
        if self.untapped:
            out["untapped"] = list(self.untapped)
        if self.milled:
            out["milled"] = list(self.milled)
        return out


@dataclass(frozen=True, slots=True)
class LifePaid:
    """Pips of one color of the total paid with life (K'rrik, `Resources.life_for`): how many,
    the life each, and the permanent whose `life_for` allowed it (id and name; empty in a
    payment read back from JSON, which names the pip and the count only)."""

    color: str
    count: int
    each: int = 0
    source: str = ""
    name: str = ""

    @property
    def pip(self) -> str:
        return f"{{{self.color}}}"


@dataclass(frozen=True, slots=True)
class Payment:
    """A named `mtg/1` payment: the pool spent, each mana ability activated (in order), the
    creatures convoked (each with the pip it paid), the cards delved, the artifacts improvised,
    the life paid, and the objects each non-mana cost took (`other`: kind -> ids; mill: a
    count)."""

    pool: Mana = NO_MANA
    sources: tuple[SourceUse, ...] = ()
    convoke: tuple[tuple[str, str], ...] = ()  # (creature id, "{G}" or "{1}")
    delve: tuple[str, ...] = ()
    improvise: tuple[str, ...] = ()
    life: int = 0
    other: tuple[tuple[str, tuple[str, ...] | int], ...] = ()  # kind -> ids (mill: a count)
    life_for: tuple[LifePaid, ...] = ()  # pips paid with life (in `life` too), W U B R G order
    # The pool's restricted mana (106.6) this play may not spend: it stays in the pool as it was
    # (not in the JSON: the plan's `left_in_pool` counts it).
    kept: Mana = NO_MANA

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "pool": mana_text(self.pool, ""),
            "sources": [s.to_json() for s in self.sources],
            "convoke": [{"id": i, "pays": pays} for i, pays in self.convoke],
            "delve": list(self.delve),
            "improvise": list(self.improvise),
            "life": self.life,
            "other": {kind: (list(ids) if isinstance(ids, tuple) else ids) for kind, ids in self.other},
        }
        if self.life_for:
            out["life_for"] = {p.pip: p.count for p in self.life_for}
        return out

    @property
    def life_pips(self) -> int:
        """The total's pips paid with life (`life_for`), not with mana."""
        return sum(p.count for p in self.life_for)

    def spent(self, size: int) -> dict[str, int]:
        """What the payment spends on a total of `size` mana symbols, each as the rules call it
        (601.2h): `mana`, the mana spent (from the pool and the mana abilities; a filter
        ability's own cost is spent on that ability, not here); the creatures tapped for
        convoke (702.51a) and the artifacts for improvise (702.126a), the cards exiled for delve
        (702.66a), none of them mana; `life`, all the life paid; `life_for`, the total's pips
        paid with life instead of mana (K'rrik: their life is in `life` too)."""
        convoke, improvise, delve = len(self.convoke), len(self.improvise), len(self.delve)
        return {"mana": size - convoke - improvise - delve - self.life_pips, "convoke": convoke,
                "improvise": improvise, "delve": delve, "life": self.life,
                "life_for": self.life_pips}


@dataclass(slots=True)
class _Charges:
    """The one scorer's running score while a payment is named, the life it pays, and the
    permanents it taps and the objects it removes (a permanent removed is not charged its tap)."""

    score: int
    life: int
    tapped: set[int] = field(default_factory=set)
    lost: set[tuple[str, int]] = field(default_factory=set)

    def remove(self, scenario: Scenario, res: Resources, kind: str, ref: tuple[str, int]) -> None:
        """`ref` taken by a cost of `kind`: removed, charged its value or the weight."""
        self.lost.add(ref)
        self.score += leave_charge(scenario, kind, _ref_obj(res, ref))


def name_payment(scenario: Scenario, option: Priced, res: Resources,
                 solution: Usage) -> tuple[Payment, Mana, int]:
    """Name what pays, in state order; return the payment, the mana left in the pool and the
    score (recomputed here from the one scorer's charges, never read from the solver)."""
    w = scenario.objective
    perms = res.permanents
    # The counters an activation's cost removes from its own permanent (a negative loyalty cost
    # included), each charged the `counter` weight; putting counters on charges nothing.
    charges = _Charges(w.weight("counter") * option.counters_removed(), option.life)
    uses = dict(solution.uses)
    activations = merged(res, solution.activations)
    sources, made, ability_mana = _name_sources(scenario, res, uses, activations, charges)
    convoke, improvise, delve = _name_taps(scenario, res, solution, charges)
    other = _name_other(scenario, res, option, uses, charges)
    for p in charges.tapped:
        if ("p", p) not in charges.lost:
            charges.score += perms[p].tap_charge
    # K'rrik: pips of the total paid with life (601.2h), each the least amount asked.
    by_life = tuple(LifePaid(t, n, *_life_source(scenario, res, t))
                    for t, n in solution.life_for if n)
    life = charges.life + sum(p.count * p.each for p in by_life)
    score = charges.score + w.weight("life") * life
    # Mana: the pool and what the abilities made, minus the abilities' own costs and the
    # spell's mana (less what convoke, improvise, delve and life paid), is left in the pool.
    paid_other = _paid_without_mana(solution)
    spell = _minus_generic(option.mana, paid_other)
    spell = _minus_generic(spell, (0, {p.color: p.count for p in by_life}))
    available = add(res.pool, made)
    left = left_in_pool(available, ability_mana, spell, scenario, solution, res, option.snow,
                        activations)
    payment = Payment(
        pool=_pool_spent(res, made, left, ability_mana),
        sources=sources,
        convoke=convoke,
        delve=delve,
        improvise=improvise,
        life=life,
        other=other,
        life_for=by_life,
        kept=kept_restricted(scenario, res.pool),
    )
    return payment, left, score


def _name_sources(scenario: Scenario, res: Resources,
                  uses: dict[tuple[str, str, object], tuple[tuple[str, int], ...]],
                  activations: list[tuple[int, int, Mana, int]], charges: _Charges
                  ) -> tuple[tuple[SourceUse, ...], Mana, Mana]:
    """The mana abilities activated, named in order: each one's `SourceUse`, the mana they
    made, and the mana their own costs (a filter's) take."""
    # Non-mana costs of mana abilities (an altar's sacrifice) take their objects in order.
    # A need of one ability's own (`ability_scope`) goes to that ability, the pooled ones
    # ("ability") to the abilities in activation order.
    ability_refs: dict[tuple[str, str, object], list[tuple[str, int]]] = {}
    for key, found in uses.items():
        if key[0].startswith("ability"):
            ability_refs[key] = list(found)
    made = NO_MANA
    ability_mana = NO_MANA
    sources: list[SourceUse] = []
    for p, a, adds, units in activations:
        made = add(made, adds)
        ability = res.permanents[p].offers[a].ability
        if ability.mana.symbols:  # a filter's cost
            ability_mana = add(ability_mana, ability.mana.plain())
        sources.append(_name_source(scenario, res, p, a, adds, units, ability_refs, charges))
    return tuple(sources), made, ability_mana


def _name_source(scenario: Scenario, res: Resources, p: int, a: int, adds: Mana, units: int,
                 ability_refs: dict[tuple[str, str, object], list[tuple[str, int]]],
                 charges: _Charges) -> SourceUse:
    """One activation of permanent p's offer a, named and charged: its cost words, the
    counters it removes, the objects its non-mana costs take, its life, and what it made."""
    w = scenario.objective
    perm = res.permanents[p]
    offer = perm.offers[a]
    ability = offer.ability
    costs = list(ability.cost_words())
    if offer.untaps:  # each opponent permanent untapped is charged the `untap` weight
        costs.append(f"untap {' '.join(offer.untaps)}")
        charges.score += w.weight("untap") * len(offer.untaps)
    removed = ability.remove
    if ability.removed is not None:  # a storage land: X counters for X mana, X = units
        removed = ((ability.removed, units),)
        costs.append(f"remove_counters {ability.removed} {units}")
    charges.score += w.weight("counter") * sum(n for _, n in removed)
    took: list[tuple[str, tuple[str, ...]]] = []
    for part in ability.other:
        if part.kind == "mill":
            # Milling is charged per card, the mana ability's as the spell's (its words
            # keep the count: "mill 2").
            charges.score += w.weight("mill") * part.count
            continue
        own = (ability_scope(p, a), part.kind, part.filter)
        need = own if own in ability_refs else ("ability", part.kind, part.filter)
        refs = ability_refs.get(need, [])
        taken = refs[:part.count]
        ability_refs[need] = refs[part.count:]
        taken_names = tuple(_ref_id(res, r) for r in taken)
        costs = [c for c in costs if not c.startswith(part.kind)]
        # Mill takes cards from the library, not objects: its word keeps its count.
        costs.append(f"mill {part.count}" if part.kind == "mill"
                     else f"{part.kind} {' '.join(taken_names)}")
        took.append((part.kind, taken_names))
        for r in taken:
            if part.kind == "tap_untapped":
                # "Tap an untapped creature" taps it: charged its tap weight (the format's
                # objective: each object tapped is charged by its type; once, and nothing
                # if the payment also removes it), not removed.
                charges.tapped.add(r[1])
                continue
            charges.remove(scenario, res, part.kind, r)
    if ability.tap:
        charges.tapped.add(p)
    if ability.sacrifice_self:
        charges.lost.add(("p", p))
        charges.score += leave_charge(scenario, "sacrifice", perm.obj)
    charges.life += ability.life
    way = made_of(ability, adds)
    return SourceUse(perm.obj.id, adds if way is None else way.own, tuple(costs),
                     taps=ability.tap, sacrifices_self=ability.sacrifice_self,
                     took=tuple(took),
                     mill=sum(o.count for o in ability.other if o.kind == "mill")
                     if ability.other else 0, counters_removed=removed,
                     replaced=None if way is None or way.by is None else (way.by, way.was),
                     triggered=() if way is None else way.triggered,
                     untapped=offer.untaps, milled=_milled_card(scenario, offer))


def _name_taps(scenario: Scenario, res: Resources, solution: Usage, charges: _Charges
               ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], tuple[str, ...]]:
    """The creatures convoked (each with the pip it paid) and the artifacts improvised, tapped;
    the cards delved, exiled and charged."""
    perms = res.permanents
    convoke = []
    for p, t in solution.convoke:
        charges.tapped.add(p)
        convoke.append((perms[p].obj.id, "{1}" if t == "1" else f"{{{t}}}"))
    improvise = []
    for p in solution.improvise:
        charges.tapped.add(p)
        improvise.append(perms[p].obj.id)
    delve = []
    for c in solution.delve:
        delve.append(res.cards[c].obj.id)
        charges.score += leave_charge(scenario, "exile_from_graveyard", res.cards[c].obj)
    return tuple(convoke), tuple(improvise), tuple(delve)


def _name_other(scenario: Scenario, res: Resources, option: Priced,
                uses: dict[tuple[str, str, object], tuple[tuple[str, int], ...]],
                charges: _Charges) -> tuple[tuple[str, tuple[str, ...] | int], ...]:
    """The objects each of the total's non-mana costs took (kind -> ids; mill: a count),
    tapped or removed and charged."""
    other: list[tuple[str, tuple[str, ...] | int]] = []
    for key, spell_refs in uses.items():
        if key[0] != "spell":
            continue
        kind = key[1]
        if kind == "tap_untapped":
            charges.tapped.update(r[1] for r in spell_refs if r[0] == "p")
        else:
            for r in spell_refs:
                charges.remove(scenario, res, kind, r)
        ids = tuple(_ref_id(res, r) for r in spell_refs)
        previous = dict(other).get(kind)
        if isinstance(previous, tuple):
            other = [(k, v + ids if k == kind and isinstance(v, tuple) else v) for k, v in other]
        else:
            other.append((kind, ids))
    mill = sum(o.count for o in option.other if o.kind == "mill")
    if mill:
        other.append(("mill", mill))
        charges.score += scenario.objective.weight("mill") * mill
    return tuple(other)


def _pool_spent(res: Resources, made: Mana, left: Mana, ability_mana: Mana) -> Mana:
    """What the payment takes from the pool: the pool is spent first (it is free), so what was
    consumed of a kind comes from it first; under `spend_only`, only up to what the filter
    abilities' costs take."""
    pool_spent = tuple(min(pool, pool + m - lft) for pool, m, lft in zip(res.pool, made, left))
    if not res.pool_spendable:
        # `spend_only`: the pool pays filter abilities' costs only (spent first, up to them).
        room = total(ability_mana)
        kept = list(pool_spent)
        for i in range(7):
            kept[i] = min(kept[i], room)
            room -= kept[i]
        pool_spent = tuple(kept)
    return (pool_spent[0], pool_spent[1], pool_spent[2], pool_spent[3], pool_spent[4],
            pool_spent[5], pool_spent[6])


def _milled_card(scenario: Scenario, offer: Offer) -> tuple[str, ...]:
    """The card an `adds: milled` offer mills (its card id in `library_top`), or ()."""
    if offer.milled_at is None:
        return ()
    return (scenario.state.you.library_top[offer.milled_at],)


def _life_source(scenario: Scenario, res: Resources, color: str) -> tuple[int, str, str]:
    """The life a pip of `color` costs paid with life, and the permanent allowing it."""
    for c, n, ident in res.life_for:
        if c == color:
            obj = next(o for o in scenario.state.you.battlefield if o.id == ident)
            return n, ident, scenario.cards[obj.card].name
    raise ValueError(f"no life_for {color} on your battlefield")


def _paid_without_mana(solution: Usage) -> tuple[int, dict[str, int]]:
    """What convoke, improvise and delve paid: generic count, and colored pips by color."""
    generic = len(solution.improvise) + len(solution.delve)
    colored: dict[str, int] = {}
    for _, t in solution.convoke:
        if t == "1":
            generic += 1
        else:
            colored[t] = colored.get(t, 0) + 1
    return generic, colored


def _minus_generic(m: Mana, paid: tuple[int, dict[str, int]]) -> Mana:
    generic, colored = paid
    out = list(m)
    out[0] -= generic
    for t, n in colored.items():
        out[1 + TYPES.index(t)] -= n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def _ref_obj(res: Resources, ref: tuple[str, int]) -> Obj:
    return res.permanents[ref[1]].obj if ref[0] == "p" else res.cards[ref[1]].obj


def _ref_id(res: Resources, ref: tuple[str, int]) -> str:
    obj = _ref_obj(res, ref)
    return str(obj.id)
