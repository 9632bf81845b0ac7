"""Paying a total in `mtg/1` (601.2g-h, 605, 702.51 convoke, 702.66 delve, 702.126 improvise):
what your permanents, cards, life and pool can give, and what each use costs (the one scorer).

- The pool is spent first and free; mana left in it stays there (and is reported).
- Each permanent activates at most one of its mana abilities that tap or sacrifice it, once (a
  second would find it tapped or gone). A mana ability that does neither (Ashnod's Altar,
  Phyrexian Altar, Seton's "tap an untapped Druid") may be activated again and again in the same
  payment, as long as each activation's costs can be paid (601.2g: the player activates the
  mana abilities they wish, 605; only a cost limits how often, and {T} or sacrificing the
  permanent can be paid once): `Offer.repeats`, at most `REPEAT`. A {T} ability needs the permanent untapped, and a creature not summoning sick
  (302.6); it pays the ability's other costs: life, sacrificing itself, mana from other sources
  (a filter land), non-mana costs such as sacrificing another creature to an altar. Restricted mana (`only_for`) can be made only when
  the spell is what it is restricted to, and then pays only the spell.
- Convoke taps an untapped creature (summoning sick or not) to pay {1} or one mana of one of its
  colors; improvise taps an untapped artifact to pay {1}; delve exiles a card from your graveyard
  to pay {1}. They pay the spell's total only, never a mana ability's cost.
- Non-mana costs take distinct objects matching their filter: sacrifice / return_to_hand /
  tap_untapped from your battlefield, discard / exile_from_hand from your hand (not the card
  being cast), exile_from_graveyard from your graveyard; mill takes cards from the library, never
  more than it holds; life only while the life total is at least the amount (to 0 is allowed).
- Order within the payment (601.2g then 601.2h): a permanent tapped for mana may then be
  sacrificed or returned by a cost; one sacrificed for mana (its own ability, or an altar's) is
  gone before convoke, improvise or a tap cost could tap it.

Charges (the objective): each object tapped by its type (a land that is also a creature is a
land), each object sacrificed / exiled / discarded / returned the weight of that, or its
`value`, once (tapping it too adds nothing), each life point and each card milled their weight.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Protocol

from .cards import Card, Filter, ManaAbility, MtgScenario, Obj, OtherCost
from .mana import COLORS, NO_MANA, TYPES, Mana, add, mana_text, total
from .total_cost import Priced, object_matches, spell_matches

LEAVES = ("sacrifice", "return_to_hand")  # what takes a permanent away in 601.2h
REPEAT = 20  # activations of one repeatable mana ability in one payment, at most


def repeatable(ability: ManaAbility) -> bool:
    """Neither taps nor sacrifices its permanent: activated as often as its costs can be paid."""
    return not ability.tap and not ability.sacrifice_self


@dataclass(frozen=True, slots=True)
class Offer:
    """One usable mana ability of a permanent: index in the card's `mana` list."""

    index: int
    ability: ManaAbility
    restricted: bool  # its mana pays the spell only
    repeats: int = 1  # activations at most in one payment (`repeat_bound`; 1 unless repeatable)


@dataclass(frozen=True, slots=True)
class Permanent:
    """One of your permanents, as the payment sees it."""

    obj: Obj
    card: Card
    position: int  # state order
    offers: tuple[Offer, ...]
    tap_charge: int
    can_tap: bool  # untapped (for convoke, improvise, tap costs)
    convoke: tuple[str, ...]  # colors it can pay by convoke ({1} always); () and not convoker: no
    convoker: bool
    improviser: bool


@dataclass(frozen=True, slots=True)
class CardInZone:
    obj: Obj
    card: Card
    zone: str  # hand | graveyard
    position: int


@dataclass(frozen=True, slots=True)
class Resources:
    pool: Mana
    permanents: tuple[Permanent, ...]
    cards: tuple[CardInZone, ...]
    life: int
    library: int
    delve: bool

    def mana_cap(self) -> int:
        """The most the resources could ever pay toward a total (for X and counts): per
        permanent its best ability that taps or sacrifices it (or convoke, improvise), plus
        every activation its repeatable abilities could make, each less the mana it costs."""
        out = total(self.pool)
        for p in self.permanents:
            best = max((max(total(m) for m in o.ability.adds) for o in p.offers
                        if not repeatable(o.ability)), default=0)
            out += max(best, 1 if (p.convoker or p.improviser) else 0)
            for o in p.offers:
                if repeatable(o.ability):
                    gain = max(total(m) for m in o.ability.adds) - _mana_size(o.ability)
                    out += max(0, gain) * o.repeats
        if self.delve:
            out += sum(1 for c in self.cards if c.zone == "graveyard")
        return out


def _mana_size(ability: ManaAbility) -> int:
    """The mana a filter ability's own cost takes (a hybrid pip one)."""
    return sum(s.amount if s.kind == "generic" else 1 for s in ability.mana.symbols)


def repeat_bound(scenario: MtgScenario, ability: ManaAbility, permanents: tuple[Permanent, ...],
                 cards: tuple[CardInZone, ...], life: int, library: int) -> int:
    """How many times a repeatable mana ability can be activated in one payment: each
    activation pays all its costs again (601.2g, 605), so at most the objects its non-mana costs can
    take (distinct objects: an untapped one for a tap cost) over the count each takes, the life
    total over its life (119.4), the library over its mill (seed 003: no cost mills more than
    the library holds), and `REPEAT`."""
    k = REPEAT
    for part in ability.other:
        if part.kind == "mill":
            k = min(k, library // part.count)
            continue
        eligible = sum(1 for p in permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                       and (part.kind != "tap_untapped" or p.can_tap))
        eligible += sum(1 for c in cards if can_pay_with(scenario, part, c.obj, c.zone))
        k = min(k, eligible // part.count)
    if ability.life:
        k = min(k, life // ability.life)
    return k


def tap_weight_key(card: Card) -> str:
    if "land" in card.types:
        return "tap_land"
    if "creature" in card.types:
        return "tap_creature"
    if "artifact" in card.types:
        return "tap_artifact"
    return "tap_other"


def resources(scenario: MtgScenario, spell: Card, spell_id: str) -> Resources:
    """Everything that can pay for casting `spell` (object `spell_id`, which pays nothing)."""
    you = scenario.state.you
    objective = scenario.objective
    permanents = []
    for pos, obj in enumerate(you.battlefield):
        card = scenario.cards[obj.card]
        offers = []
        for i, ability in enumerate(card.mana):
            if ability.tap and (obj.tapped or (obj.sick and "creature" in card.types)):
                continue
            restricted = ability.only_for is not None
            if ability.only_for is not None and not spell_matches(ability.only_for, spell):
                continue
            if ability.per is not None:
                ability = counted_ability(scenario, ability)
                if not ability.adds:
                    continue  # it would add nothing (601.2g): never part of a payment
            offers.append(Offer(i, ability, restricted))
        convoker = spell.convoke and "creature" in card.types and not obj.tapped
        permanents.append(Permanent(
            obj, card, pos, tuple(offers), objective.weight(tap_weight_key(card)),
            not obj.tapped, card.card_colors() if convoker else (), convoker,
            spell.improvise and "artifact" in card.types and not obj.tapped))
    cards = []
    for zone in ("hand", "graveyard"):
        for pos, obj in enumerate(you.zone(zone)):
            if obj.id != spell_id:
                cards.append(CardInZone(obj, scenario.cards[obj.card], zone, pos))
    perms, zone_cards = tuple(permanents), tuple(cards)
    perms = tuple(replace(p, offers=tuple(
        replace(o, repeats=repeat_bound(scenario, o.ability, perms, zone_cards, you.life, you.library))
        if repeatable(o.ability) else o for o in p.offers)) for p in perms)
    return Resources(you.mana_pool, perms, zone_cards, you.life, you.library, spell.delve)


def devotion(scenario: MtgScenario, color: str) -> int:
    """Your devotion to `color` (700.5): its mana symbols among the mana costs of your
    permanents; a hybrid symbol counts for each of its colors, a Phyrexian one for its own."""
    out = 0
    for obj in scenario.state.you.battlefield:
        card = scenario.cards.get(obj.card)
        if card is not None:
            out += sum(1 for s in card.cost.symbols if color in s.colors)
    return out


def counted_ability(scenario: MtgScenario, ability: ManaAbility) -> ManaAbility:
    """A `per` mana ability with its amounts worked out from the state when the cast begins:
    each option of `adds` times its count (options that would add nothing are left out)."""
    per = ability.per
    assert per is not None
    options: list[Mana] = []
    for option in ability.adds:
        if per.devotion:
            n = devotion(scenario, next(c for i, c in enumerate(COLORS) if option[1 + i]))
        else:
            assert per.count is not None
            n = sum(1 for o in scenario.state.you.battlefield
                    if object_matches(scenario, per.count, o))
        scaled: Mana = (option[0] * n, option[1] * n, option[2] * n, option[3] * n,
                        option[4] * n, option[5] * n, option[6] * n)
        if n and scaled not in options:
            options.append(scaled)
    return replace(ability, adds=tuple(options), per=None)


def interchangeable(res: Resources) -> list[tuple[int, ...]]:
    """Your permanents as classes of ones that pay alike (indices, in state order): the same
    card, tapped and sick state and `value` (so the same usable abilities, tap charge, convoke
    colors and losses), where every use taps or sacrifices the permanent: each ability adds
    mana without costing mana or a non-mana cost and is not repeatable (it taps or sacrifices
    it), so each member is used at most one way. Any other permanent is a class of its own.
    Members differ only in their position (state order)."""
    classes: dict[tuple[object, ...], list[int]] = {}
    out: list[list[int]] = []
    for p, perm in enumerate(res.permanents):
        simple = all((o.ability.tap or o.ability.sacrifice_self) and not o.ability.mana.symbols
                     and not o.ability.other for o in perm.offers)
        if not simple:
            out.append([p])
            continue
        key = (perm.obj.card, perm.obj.tapped, perm.obj.sick, perm.obj.value)
        if key not in classes:
            classes[key] = []
            out.append(classes[key])
        classes[key].append(p)
    return [tuple(g) for g in out]


def can_pay_with(scenario: MtgScenario, need: OtherCost, obj: Obj, zone: str) -> bool:
    """Whether `obj` (yours, in `zone`) can pay one of the non-mana cost `need`."""
    wanted = {"sacrifice": "battlefield", "return_to_hand": "battlefield",
              "tap_untapped": "battlefield", "discard": "hand", "exile_from_hand": "hand",
              "exile_from_graveyard": "graveyard"}.get(need.kind)
    if wanted != zone:
        return False
    if need.filter.controller == "opponent":
        return False
    f = need.filter
    return object_matches(scenario, Filter(f.type, f.not_type, f.tags, f.color, f.name,
                                           object=f.object), obj)


def leave_charge(scenario: MtgScenario, kind: str, obj: Obj) -> int:
    """What losing `obj` to a cost of `kind` charges: its value, else the weight."""
    if obj.value is not None and kind != "tap_untapped":
        return obj.value
    key = "sacrifice" if kind == "sacrifice_self" else kind
    return scenario.objective.weight(key)


def convoke_colors(p: Permanent) -> tuple[str, ...]:
    return tuple(c for c in COLORS if c in p.convoke)


# --- Naming a payment ---------------------------------------------------------------------------


class Usage(Protocol):
    """A payment chosen by the planner, in indices into `Resources` (the model's and the fast
    path's solutions both have this shape): mana abilities activated (permanent, ability, the
    add option), creatures convoked (permanent, the color paid or "1"), artifacts improvised,
    graveyard cards delved, and the objects each non-mana need took."""

    @property
    def activations(self) -> tuple[tuple[int, int, int], ...]: ...

    @property
    def convoke(self) -> tuple[tuple[int, str], ...]: ...

    @property
    def improvise(self) -> tuple[int, ...]: ...

    @property
    def delve(self) -> tuple[int, ...]: ...

    @property
    def uses(self) -> tuple[tuple[tuple[str, str, object], tuple[tuple[str, int], ...]], ...]: ...


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

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "adds": mana_text(self.adds), "costs": list(self.costs)}


@dataclass(frozen=True, slots=True)
class MtgPayment:
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

    def to_json(self) -> dict[str, object]:
        return {
            "pool": mana_text(self.pool, ""),
            "sources": [s.to_json() for s in self.sources],
            "convoke": [{"id": i, "pays": pays} for i, pays in self.convoke],
            "delve": list(self.delve),
            "improvise": list(self.improvise),
            "life": self.life,
            "other": {kind: (list(ids) if isinstance(ids, tuple) else ids) for kind, ids in self.other},
        }


def name_payment(scenario: MtgScenario, option: Priced, res: Resources,
                 solution: Usage) -> tuple[MtgPayment, Mana, int]:
    """Name what pays, in state order; return the payment, the mana left in the pool and the
    score (recomputed here from the one scorer's charges, never read from the solver)."""
    w = scenario.objective
    perms = res.permanents
    score = 0
    uses = dict(solution.uses)
    # Non-mana costs of mana abilities (an altar's sacrifice) take their objects in order.
    ability_refs: dict[tuple[str, object], list[tuple[str, int]]] = {}
    for key, found in uses.items():
        if key[0] == "ability":
            ability_refs[(key[1], key[2])] = list(found)
    made = NO_MANA
    ability_mana = NO_MANA
    sources: list[SourceUse] = []
    tapped: set[int] = set()
    lost: set[tuple[str, int]] = set()
    life = option.life
    for p, a, k in solution.activations:
        perm = perms[p]
        ability = perm.offers[a].ability
        adds = ability.adds[k]
        made = add(made, adds)
        costs = list(ability.cost_words())
        took: list[tuple[str, tuple[str, ...]]] = []
        for part in ability.other:
            if part.kind == "mill":
                # Milling is charged per card, the mana ability's as the spell's (its words
                # keep the count: "mill 2").
                score += w.weight("mill") * part.count
                continue
            refs = ability_refs.get((part.kind, part.filter), [])
            taken = refs[:part.count]
            ability_refs[(part.kind, part.filter)] = refs[part.count:]
            taken_names = tuple(_ref_id(res, r) for r in taken)
            costs = [c for c in costs if not c.startswith(part.kind)]
            costs.append(f"{part.kind} {' '.join(taken_names)}")
            took.append((part.kind, taken_names))
            for r in taken:
                if part.kind == "tap_untapped":
                    # "Tap an untapped creature" taps it: charged its tap weight (mtg-format's
                    # objective: each object tapped is charged by its type; once, and nothing
                    # if the payment also removes it), not removed.
                    tapped.add(r[1])
                    continue
                lost.add(r)
                score += leave_charge(scenario, part.kind, _ref_obj(res, r))
        if ability.tap:
            tapped.add(p)
        if ability.sacrifice_self:
            lost.add(("p", p))
            score += leave_charge(scenario, "sacrifice", perm.obj)
        life += ability.life
        ability_mana = add(ability_mana, ability.mana.plain())
        sources.append(SourceUse(perm.obj.id, adds, tuple(costs), taps=ability.tap,
                                 sacrifices_self=ability.sacrifice_self, took=tuple(took),
                                 mill=sum(o.count for o in ability.other if o.kind == "mill")))
    convoke = []
    for p, t in solution.convoke:
        tapped.add(p)
        convoke.append((perms[p].obj.id, "{1}" if t == "1" else f"{{{t}}}"))
    improvise = []
    for p in solution.improvise:
        tapped.add(p)
        improvise.append(perms[p].obj.id)
    delve = []
    for c in solution.delve:
        delve.append(res.cards[c].obj.id)
        score += leave_charge(scenario, "exile_from_graveyard", res.cards[c].obj)
    other: list[tuple[str, tuple[str, ...] | int]] = []
    for key, spell_refs in uses.items():
        if key[0] != "spell":
            continue
        kind = key[1]
        if kind == "tap_untapped":
            tapped.update(r[1] for r in spell_refs if r[0] == "p")
        else:
            for r in spell_refs:
                lost.add(r)
                score += leave_charge(scenario, kind, _ref_obj(res, r))
        ids = tuple(_ref_id(res, r) for r in spell_refs)
        previous = dict(other).get(kind)
        if isinstance(previous, tuple):
            other = [(k, v + ids if k == kind and isinstance(v, tuple) else v) for k, v in other]
        else:
            other.append((kind, ids))
    mill = sum(o.count for o in option.other if o.kind == "mill")
    if mill:
        other.append(("mill", mill))
        score += w.weight("mill") * mill
    for p in tapped:
        if ("p", p) not in lost:
            score += perms[p].tap_charge
    score += w.weight("life") * life
    # Mana: the pool and what the abilities made, minus the abilities' own costs and the
    # spell's mana (less what convoke, improvise and delve paid), is left in the pool.
    paid_other = _paid_without_mana(solution)
    spell = _minus_generic(option.mana, paid_other)
    available = add(res.pool, made)
    left = _left(available, ability_mana, spell, scenario, solution, res)
    # The pool is spent first (it is free): what was consumed of a kind comes from it first.
    pool_spent = tuple(min(pool, pool + m - lft) for pool, m, lft in zip(res.pool, made, left))
    payment = MtgPayment(
        pool=(pool_spent[0], pool_spent[1], pool_spent[2], pool_spent[3], pool_spent[4],
              pool_spent[5], pool_spent[6]),
        sources=tuple(sources),
        convoke=tuple(convoke),
        delve=tuple(delve),
        improvise=tuple(improvise),
        life=life,
        other=tuple(other),
    )
    return payment, left, score


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


def _left(available: Mana, ability_mana: Mana, spell: Mana, scenario: MtgScenario,
          solution: Usage, res: Resources) -> Mana:
    """What stays in the pool: pips of a kind take that kind; the hybrid pips of the abilities'
    costs each take one of their halves, then generic mana (the abilities' and the spell's)
    takes W U B R G C in that order.

    This is computed here, after the solve, on purpose: mana left in the pool is in no level of
    the objective, so every split of generic mana (and of a filter's hybrid pip) over the kinds
    made is the same payment to the model, and its flows pick one arbitrarily; the fast path
    has no flows at all. One fixed rule here makes the plan the same whichever found it. Each
    hybrid pip takes the kind most left over, and the generic mana W U B R G C in order. That
    split must be one some order of the mana abilities reaches (601.2g): a filter's cost is paid
    from mana made before it, never its own (the cost is paid as it is activated) nor restricted
    mana. When it is not (the greedy took a filter's own kind for its {1}), the mana left is the
    least W, then the least U, ..., that some order reaches (`_reachable`; one exists: the
    payment was feasible)."""
    left = list(available)
    for i in range(1, 7):
        left[i] -= spell[i] + ability_mana[i]
    hybrids = [tuple(1 + TYPES.index(c) for c in s.colors)
               for p, a, _ in solution.activations
               for s in res.permanents[p].offers[a].ability.mana.symbols if s.kind == "hybrid"]
    generic = spell[0] + ability_mana[0]
    greedy = list(left)
    for kinds in hybrids:
        i = max(kinds, key=lambda j: (greedy[j], -j))
        greedy[i] -= 1
    if min(greedy[1:]) >= 0 or not hybrids:
        left = greedy
    else:
        for split in itertools.product(*hybrids):
            trial = list(left)
            for i in split:
                trial[i] -= 1
            if min(trial[1:]) >= 0 and sum(trial[1:]) >= generic:
                left = trial
                break
    for i in range(1, 7):
        take = min(left[i], generic)
        left[i] -= take
        generic -= take
    out: Mana = (0, left[1], left[2], left[3], left[4], left[5], left[6])
    filters = [(p, a, k) for p, a, k in solution.activations
               if res.permanents[p].offers[a].ability.mana.symbols]
    if not filters:
        return out  # no cost is paid with made mana: every split is reached
    reach = _Reach(res, solution, spell)
    if reach.fits({i: out[i] for i in range(1, 7)}) or not reach.fits({}):
        return out  # (no order tried fits at all: past MAX_ORDERS, the rule's split stands)
    fixed: dict[int, int] = {}
    for i in range(1, 7):
        fixed[i] = next((v for v in range(out[i] + sum(out[1:]) + 1)
                         if reach.fits({**fixed, i: v})), 0)
    return (0, fixed[1], fixed[2], fixed[3], fixed[4], fixed[5], fixed[6])


class _Reach:
    """Which mana left in the pool some order of the filter abilities reaches (601.2g): the
    pool and the mana of abilities that cost no mana are there from the start; a filter's
    cost (its pips, hybrid halves and generic mana) is paid from the start's mana and the
    mana of filters activated before it, never restricted mana; the spell's pips and generic
    mana and what is left take any mana. A max flow per order of the filters (orders of
    identical activations counted once, at most `MAX_ORDERS`)."""

    MAX_ORDERS = 720

    def __init__(self, res: Resources, solution: Usage, spell: Mana) -> None:
        self.start = [res.pool[i] for i in range(7)]
        self.restricted = [0] * 7
        self.filters: list[tuple[Mana, bool, ManaAbility]] = []
        for p, a, k in solution.activations:
            offer = res.permanents[p].offers[a]
            adds = offer.ability.adds[k]
            if offer.ability.mana.symbols:
                self.filters.append((adds, offer.restricted, offer.ability))
            else:
                bucket = self.restricted if offer.restricted else self.start
                for i in range(1, 7):
                    bucket[i] += adds[i]
        self.spell = spell
        self.orders = _distinct_orders([(p, a, k) for p, a, k in solution.activations
                                        if res.permanents[p].offers[a].ability.mana.symbols],
                                       self.MAX_ORDERS)

    def fits(self, fixed: dict[int, int]) -> bool:
        """Whether some order leaves `fixed[i]` of each kind i listed (and the rest of what is
        left in the kinds not listed)."""
        return any(self._fits(order, fixed) for order in self.orders)

    def _fits(self, order: tuple[int, ...], fixed: dict[int, int]) -> bool:
        # Supplies: (stage, kind): stage 0 the start, 1.. the filters in this order, -1 the
        # restricted mana (and restricted filters' mana).
        supply: dict[tuple[int, int], int] = {}
        for i in range(1, 7):
            supply[(0, i)] = self.start[i]
            supply[(-1, i)] = self.restricted[i]
        demands: list[tuple[int, tuple[int, ...], int]] = []  # (stage that may be fed, kinds, n)
        everything = tuple(range(1, 7))
        for position, f in enumerate(order, start=1):
            adds, restricted, ability = self.filters[f]
            for i in range(1, 7):
                key = (-1 if restricted else position, i)
                supply[key] = supply.get(key, 0) + adds[i]
            for s in ability.mana.symbols:
                if s.kind == "generic":
                    demands.append((position, everything, s.amount))
                else:
                    demands.append((position, tuple(1 + TYPES.index(c) for c in s.colors), 1))
        last = len(order) + 1
        for i in range(1, 7):
            if self.spell[i]:
                demands.append((last, (i,), self.spell[i]))
        if self.spell[0]:
            demands.append((last, everything, self.spell[0]))
        rest = sum(supply.values()) - sum(n for _, _, n in demands)
        for i, n in fixed.items():
            demands.append((last, (i,), n))
            rest -= n
        if rest < 0:
            return False
        if rest:
            demands.append((last, tuple(i for i in everything if i not in fixed), rest))
        return _max_flow(supply, demands) == sum(supply.values())


def _distinct_orders(items: list[tuple[int, int, int]], limit: int) -> list[tuple[int, ...]]:
    """The orders of `items` (as indices), identical items kept in their given order; at most
    `limit` of them."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], rest: list[int]) -> None:
        if len(out) >= limit:
            return
        if not rest:
            out.append(prefix)
            return
        seen: set[tuple[int, int, int]] = set()
        for j, i in enumerate(rest):
            if items[i] in seen:
                continue
            seen.add(items[i])
            extend(prefix + (i,), rest[:j] + rest[j + 1:])

    extend((), list(range(len(items))))
    return out


def _max_flow(supply: dict[tuple[int, int], int],
              demands: list[tuple[int, tuple[int, ...], int]]) -> int:
    """The most mana the supplies give the demands: a supply (stage, kind) feeds a demand
    (stage, kinds, n) of a later stage that takes its kind (restricted mana, stage -1, feeds
    only the last stage: the spell and the pool). Augmenting paths, small graphs."""
    last = max([st for st, _, _ in demands] + [0])
    sources = [key for key, n in supply.items() if n > 0]
    edges = {(si, di) for si, (st, kind) in enumerate(sources)
             for di, (dst, kinds, _) in enumerate(demands)
             if kind in kinds and (st < dst if st >= 0 else dst == last)}
    flow: dict[tuple[int, int], int] = {}
    out_left = [supply[key] for key in sources]
    in_left = [n for _, _, n in demands]

    def augment(si: int, seen: set[int]) -> bool:
        for di in range(len(demands)):
            if (si, di) not in edges or di in seen:
                continue
            seen.add(di)
            if in_left[di] > 0:
                in_left[di] -= 1
                flow[(si, di)] = flow.get((si, di), 0) + 1
                return True
            for sj in range(len(sources)):
                if flow.get((sj, di), 0) > 0 and sj != si and augment(sj, seen):
                    flow[(sj, di)] -= 1
                    flow[(si, di)] = flow.get((si, di), 0) + 1
                    return True
        return False

    total_flow = 0
    for si in range(len(sources)):
        while out_left[si] > 0 and augment(si, set()):
            out_left[si] -= 1
            total_flow += 1
    return total_flow


def _ref_obj(res: Resources, ref: tuple[str, int]) -> Obj:
    return res.permanents[ref[1]].obj if ref[0] == "p" else res.cards[ref[1]].obj


def _ref_id(res: Resources, ref: tuple[str, int]) -> str:
    obj = _ref_obj(res, ref)
    return str(obj.id)


