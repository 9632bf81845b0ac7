"""An independent brute force for `mtg/1` casts: the optimum by exhaustion.

Written from the format's documentation (docs/mtg-format.md) and the comprehensive rules
(601.2b-h, 118, 107.3-4, 605, 702), never from payplan's engine or planner. It reads the
scenario's raw data (the dict `yaml.safe_load` gives) and tries:

- every cast method the play allows (normal, each alternative id, flashback from the graveyard;
  `without_paying` only when the play names it), every optional count (kicker yes/no, multikicker
  and replicate 0..bound), every X (0..bound, or the one the play names);
- every announcement of every hybrid, mono-hybrid, Phyrexian and hybrid Phyrexian pip;
- every order of the reductions; the floors (Trinisphere) last;
- every plan of every permanent you control: each option of each mana ability (several colours,
  two mana, filter costs paid from other mana, Treasures, life, every non-mana cost of the
  `other` forms), a mana ability that neither taps nor sacrifices its permanent (an altar,
  Seton's "tap an untapped Druid") as many times as its costs can be paid, convoke with each of
  its colours, improvise, a tap cost, or nothing; every set of tapped, sacrificed, discarded,
  exiled, returned or delved objects; the pool; every order of the mana abilities (601.2g).

Choices the spec leaves open, as this reference reads them (each also in a comment below):
- `cast: auto` compares normal, flashback and the card's alternative costs; "without paying its
  mana cost" needs an effect, so it is only tried when the play names it (X is then 0, 107.3b).
  A spell is cast from the hand or the command zone, by flashback from the graveyard, by an
  alternative cost from its `zone` (default hand and command), by `without_paying` from anywhere.
- Increases apply before the reductions (601.2f lists them first); a reduction's `minimum` is a
  floor on the whole mana of the cost at the time that reduction applies; floors go last.
- Escalate (`per_mode`) is paid for each mode beyond the first, spree (`modes`) for each chosen
  mode, strive (`per_target`) for each target beyond the first: additional costs, paid with any
  method (118.9d), "without paying its mana cost" included.
- The commander tax (903.8: {2} for each earlier cast from the command zone, the object's
  `commander_casts`) is an additional cost of a cast from the command zone, whatever the
  method, "without paying its mana cost" included (118.9d): reductions can take it off, floors
  count it. It doesn't change the mana value, and it is never added to an ability's cost.
- A colored reduction ({W} less) takes a {W} pip (an announced hybrid's W half included); when the
  cost has no {W} it reduces the generic part by one instead (118.7c as this reference reads it).
- An object tapped and removed by the same payment (a Treasure; a creature tapped for mana then
  sacrificed) is charged the removal once. Tapping is charged by the first of land, creature,
  artifact in the object's types, else `tap_other`, however it is tapped: its own {T}, convoke,
  improvise, a tap cost of the spell or of a mana ability ("tap an untapped creature").
- Mana abilities are activated in 601.2g, before costs are paid (601.2h), in an order the player
  chooses: an object sacrificed or returned by a mana ability can't also be tapped for convoke,
  improvise or a tap cost; it may tap for mana (or be tapped by a mana ability's cost) first; a
  filter's mana cost is paid from mana made before it (never its own), and restricted mana never
  pays a mana ability's cost.
- A summoning-sick creature, a land creature included (302.6 restricts every creature's own
  {T} abilities, whatever its other types), can't use a {T} mana ability but can be tapped for
  convoke, improvise or a tap cost (a mana ability's "tap an untapped creature" included).
- Life: every point paid (Phyrexian, pay_life, a mana ability's life) comes out of one total that
  may reach exactly 0, never below. Mill (the spell's and the mana abilities') is at most the
  library.
- Filters: `type`, `color`, `not_type` any/none of, `tags` all of, `name` the card's name (its id
  when it has none); the objects and spells a cost or a restriction reads are yours, so
  `controller: opponent` there matches nothing. A grant's `controller` is relative to its object.
- An activated ability (`play.ability`, a permanent's `abilities` entry, 602.2): its total is
  601.2f's with the grants whose `applies_to` says `ability: activated` (and no others, and no
  affinity), matched against its permanent's types, colors, tags and name; its {T} is a tap cost
  of that one object (so it can't also tap for mana, and a tapped or summoning-sick creature
  can't activate it), "sacrifice this" a sacrifice of it (it may tap for mana first, 601.2g
  before 601.2h); no convoke, delve or improvise; mana restricted with `ability: activated` pays
  abilities only, other restricted mana spells only.
- The keys payplan adds (docs/mtg-format.md, "Keys payplan adds to `mtg/1`"): a card's colors decide
  `multicolored` (two or more) and `colorless` (none); `attacking` is a battlefield object's
  state (a spell, or a card in another zone, is never attacking); `chosen_type: true` reads the
  type chosen by the permanent holding the filter (a grant's, a mana ability's), none chosen
  matching nothing; `turn: caster` is your turn (you cast everything here), `not_caster` the
  opponent's. `play.targets` is read once per distinct target; `you` / `opponent` are players,
  other entries objects of either player in any zone. A target filter holding `player`
  matches player targets only, any other (`{}` included) object targets only. Undocumented and
  read here as their words say (never drawn): `self: false` is any object but the granting
  permanent, `chosen_type: false` a card without the chosen type.
- Granted keywords (`keyword:`) are the spell's while cast (never an ability's); a granted
  `flashback: mana_cost` gives a card of yours in the graveyard with no flashback of its own
  flashback for its mana cost (exiled as it resolves).
- A permanent is tapped at most once and leaves the battlefield at most once, each cost its own:
  one of its abilities that tap or sacrifice it is activated once; two such abilities both only
  when one taps it without sacrificing it and the other sacrifices it without tapping it (Eye of
  Ramos: tapped for {U}, then sacrificed for {U}; a second {T} ability would find it tapped, a
  second sacrifice find it gone); plus any number of activations of its other mana abilities.
- X in a non-mana cost: `{pay_life: X}` in an `other` list (a way to cast's, a
  mandatory additional cost's, an activated ability's `costs`; never an optional cost's) pays
  the announced X in life; a play whose only X is there still
  announces X, and `x: auto` is the largest X payable (life to exactly 0; bounded by the life
  total, not by X_CAP). 107.3b sets X to 0 only when the card's mana cost has {X} and it is
  cast without paying it: Toxic Deluge cast without paying its mana cost still chooses X.
- Counted reductions. A reduction's color key takes `{count: FILTER}`
  (Khalni Hydra): your permanents matching FILTER, counted on the battlefield as the cast begins
  (a permanent sacrificed to pay changes nothing; on an opponent's permanent's grant, the
  opponent's permanents: "you control" is its controller, as for `generic: {count}`), a fixed
  colored reduction of that many
  afterwards (a pip of that color, an announced hybrid's half; beyond them {1} less each while
  generic mana is left, as a fixed one does here); in a grant's reduction too; never
  `count_targets` or `per_paid`. An optional additional cost with a `count: any` part
  (Torgaar's "sacrifice any number of creatures"): `optional: {ID: N}` takes N objects (`yes` 1,
  `no` 0; `auto` every N from 0 to what matches, each charged as any object the payment loses,
  its benefit B per object); N = 0 is the cost not paid, N > 0 pays its mana and its other parts
  once; a named N above what matches leaves no payment (`unpayable`). `{per_paid: ID, each: N}`
  in the card's own reduction is N generic less per object ID took (0 unpaid), a generic
  reduction like any other (every order, its `minimum` its own, the floors after).
- Mana read from what is sacrificed, and restricted mana already in the pool. `adds: sacrificed`
  (Squandered Resources, 106.7) sacrifices one of your permanents matching its one sacrifice
  cost's filter, adding one mana of a type it could produce (read as `any_type` reads it, on
  the board as the cast begins; a permanent that could produce nothing is never sacrificed for
  it); it neither taps nor sacrifices its own permanent. `state.you.restricted_pool` entries
  (106.6) pay the play their `only_for` admits, any part of its total, never a mana ability's
  cost, never {S}; the rest stays in the pool. Filters: `all_types` every listed type (205.2a);
  `x_cost` whether the mana cost paid for (the card's printed `cost`, an ability's mana costs)
  has {X}; `only_for: {ability: any}` admits spells and every activated ability.
- Morph (702.37, 708): `play.cast: face_down` casts a card with `morph` from
  the hand as a 2/2 creature spell with no name, colors, tags, mana cost or abilities for {3}
  (an alternative cost), at sorcery speed whatever the card; no additional cost of the card,
  none of its own reductions; the grants that match such a spell apply (a creature-spell
  reduction does, a colored or named one doesn't); `cast: auto` never picks it. A battlefield
  object with `face_down: true` is that 2/2 for every reading (no mana abilities, no grants,
  colorless for counts and filters). `play.turn_face_up: ID` (116.2b, any time) pays the
  morph cost of your face-down permanent: no cost changer applies and no restricted mana pays
  it (a special action is neither a spell nor an ability).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterator

from . import knobs
from .activation import _SLOTS, _Use, charge, mana_ok, tap_weight
from .board import _pruned, _repeat_bound, board, potential_mana, relevant_kinds
from .counters import counters_charged, counters_fit
from .mana import COLORS, SLOT, parse_symbols, vec_add, vec_text
from .mana_abilities import activations
from .objects import HAND_KINDS, PERMANENT_TYPES, REMOVALS, X_CAP, _matches_obj, card_colors
from .pricing import _cost_texts, _x_life_anywhere, priced_casts
from .spells import face_down_view
from .untap_mill import chained, hidden_reason, mill_orders, untap_charge, untaps_fit

if TYPE_CHECKING:
    from .activation import Activation
    from .board import Board
    from .objects import Obj, Part, Priced


# --- Results -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    """The optimum in the spec's output terms. Where several plans tie on the objective and the
    total mana, every total / score / cast among them is listed (the planner may print any)."""
    status: str                                  # ok | unpayable | illegal
    score: int | None = None                     # the smallest score among the optimal plans
    objective: int | None = None
    totals: frozenset[tuple[str, int]] = frozenset()   # (total.mana canonical, total.life)
    scores: frozenset[int] = frozenset()
    casts: frozenset[str] = frozenset()
    destinations: frozenset[str | None] = frozenset()
    x: int | None = None
    reasons: tuple[str, ...] = ()
    plans_tried: int = 0
    loyalty: int | None = None                   # `total.loyalty` of a loyalty ability
    life_for: frozenset[tuple[tuple[str, int], ...]] = frozenset()   # each optimal plan's K'rrik pips

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "score": self.score, "objective": self.objective,
                "totals": sorted(self.totals), "scores": sorted(self.scores),
                "casts": sorted(self.casts), "destinations": sorted(self.destinations, key=str),
                "x": self.x, "reasons": list(self.reasons), "loyalty": self.loyalty}


@dataclass(slots=True)
class _Best:
    key: tuple[int, int, int] | None = None      # (-x, objective, total mana count)
    totals: set[tuple[str, int]] = field(default_factory=set)
    scores: set[int] = field(default_factory=set)
    casts: set[str] = field(default_factory=set)
    destinations: set[str | None] = field(default_factory=set)
    x: int | None = None
    objective: int | None = None
    life_for: set[tuple[tuple[str, int], ...]] = field(default_factory=set)

    def offer(self, key: tuple[int, int, int], total: tuple[str, int], score: int, cast: str,
              x: int | None, destination: str | None,
              life_for: tuple[tuple[str, int], ...] = ()) -> None:
        if self.key is None or key < self.key:
            self.key, self.totals, self.scores, self.casts = key, set(), set(), set()
            self.destinations = set()
            self.life_for = set()
            self.x, self.objective = x, key[1]
        if key == self.key:
            self.life_for.add(life_for)
            self.totals.add(total)
            self.scores.add(score)
            self.casts.add(cast)
            self.destinations.add(destination)


def _uses(b: Board, obj: Obj, tapcosts: list[tuple[int, Any]], relevant: str,
          potential: int) -> list[_Use]:
    card = b.cards[obj.card]
    spell = b.spell
    types = set(card.get("types") or [])
    sick = obj.sick and "creature" in types  # a land creature too (302.6: Dryad Arbor)
    once = [_Use("none")]
    free: list[Activation] = []
    for act in _pruned(b.affected(obj, b.flagged(obj, activations(card))), relevant):
        if act.free:
            free.append(act)
            continue
        if act.taps and (obj.tapped or sick):
            continue
        once.append(_Use("mana", act))
    if "one_mana_use_per_permanent" not in knobs.MISREADINGS:
        # Tapped once, gone once: an ability that only taps it, then one that only sacrifices
        # it (Eye of Ramos).
        taps = [u.act for u in once if u.act is not None and u.act.taps and not u.act.sac_self]
        goes = [u.act for u in once if u.act is not None and u.act.sac_self and not u.act.taps]
        once += [_Use("mana", t, then=g) for t in taps for g in goes]
    if not obj.tapped:
        if spell.get("convoke") and "creature" in types:
            once.append(_Use("convoke"))
            for c in sorted(card_colors(card)):
                if c in relevant:
                    once.append(_Use("convoke", color=c))
        if spell.get("improvise") and "artifact" in types:
            once.append(_Use("improvise"))
        for i, (_, flt) in enumerate(tapcosts):
            if _matches_obj(b.cards, obj, flt):
                once.append(_Use("tapcost", req=i))
    if not free:
        return [u for u in once if counters_fit(u.acts)]
    # The free abilities' activations: a count for each option, the options of one ability
    # together at most as often as its costs allow (once each under the class-12 reading).
    by_ability: dict[int, list[Activation]] = {}
    for a in free:
        by_ability.setdefault(a.ability, []).append(a)
    per_ability: list[list[tuple[Activation, ...]]] = []
    for options in by_ability.values():
        bound = 1 if knobs.DIAGNOSE_ONCE_PER_ABILITY else _repeat_bound(b, options[0], potential)
        per_ability.append([m for k in range(bound + 1)
                            for m in itertools.combinations_with_replacement(options, k)])
    repeats = [sum(combo, ()) for combo in itertools.product(*per_ability)]
    return [_Use(u.kind, u.act, u.color, u.req, r, u.then) for u in once for r in repeats
            if counters_fit(r + u.acts)]


def _pick(b: Board, reqs: list[tuple[int, str, int, str]], ok: Callable[[int, str, set[int]], bool],
          taken: set[int], twin_of: list[int] | None = None, chosen: tuple[tuple[int, ...], ...] = ()
          ) -> Iterator[tuple[tuple[int, str, tuple[int, ...]], ...]]:
    """Every way to give each (act, kind, count, filter as JSON) distinct battlefield objects (by index)
    that `ok(index, kind, taken)` allows. `twin_of[r]` (when not -1) names an earlier requirement
    of an interchangeable activation (`twins`): requirement r then takes objects after that one's
    (by sorted indices), one way for each set of activations instead of every permutation."""
    if not reqs:
        yield ()
        return
    (j, kind, n, fj), rest = reqs[0], reqs[1:]
    at = len(chosen)
    floor = chosen[twin_of[at]] if twin_of is not None and twin_of[at] >= 0 else None
    eligible = [i for i in b.matching(fj) if i not in taken and ok(i, kind, taken)]
    for pick in itertools.combinations(eligible, n):
        if floor is not None and pick <= floor:
            continue
        for more in _pick(b, rest, ok, taken | set(pick), twin_of, chosen + (pick,)):
            yield ((j, kind, pick),) + more


def twins(reqs: list[tuple[int, str, int, str]], owners: list[int], acts: list[Activation],
          loose: bool = False) -> list[int]:
    """For each requirement, the requirement of an earlier activation it is interchangeable with,
    else -1: both the first requirement of twin activations of one object. Equal activations are
    twins: swapping two whole (what each removes and taps, its place in the order) changes
    neither the score, nor the mana, nor which orders 601.2g allows, so their first picks may be
    taken in increasing order. With `loose` (no activation of the payment has a mana cost or
    mills for a Pendant: the pool is then the sum of what each makes, in any order) activations
    equal but for what they make are twins too: swapping what two of them remove and tap leaves
    the mana made, the objects removed and tapped, and the 601.2g order graph (the same graph,
    the two relabelled: they have one permanent) as they were."""
    keys = [_cost_side(a) for a in acts] if loose else acts
    first: dict[int, int] = {}
    for r, (j, *_rest) in enumerate(reqs):
        first.setdefault(j, r)
    out = [-1] * len(reqs)
    for j, r in first.items():
        earlier = [j0 for j0 in first
                   if j0 < j and owners[j0] == owners[j] and keys[j0] == keys[j]]
        if earlier:
            out[r] = first[max(earlier)]
    return out


@lru_cache(maxsize=4096)
def _cost_side(a: Activation) -> Activation:
    """An activation with what it makes left out: its costs, its permanent's and ability's part."""
    return replace(a, adds=(), was=(), replaced_by=None, triggers=())


def _hand_best(b: Board, reqs: tuple[Part, ...]) -> int | None:
    """The cheapest cards in hand for the discard and exile-from-hand costs."""
    best: int | None = None

    def ways(rest: tuple[Part, ...], taken: frozenset[str], cost: int) -> None:
        nonlocal best
        if not rest:
            best = cost if best is None else min(best, cost)
            return
        (kind, n, fj), more = rest[0], rest[1:]
        flt = json.loads(fj)
        eligible = [o for o in b.hand if o.id not in taken and _matches_obj(b.cards, o, flt)]
        for pick in itertools.combinations(eligible, n):
            ways(more, taken | {o.id for o in pick},
                 cost + sum(charge(o, b.weights[kind]) for o in pick))
    ways(reqs, frozenset(), 0)
    return best


def _grave_best(b: Board, grave: list[Obj], reqs: list[Part]) -> int | None:
    best: int | None = None

    def ways(rest: list[Part], taken: frozenset[str], cost: int) -> None:
        nonlocal best
        if not rest:
            best = cost if best is None else min(best, cost)
            return
        (_, n, fj), more = rest[0], rest[1:]
        flt = json.loads(fj)
        eligible = [g for g in grave if g.id not in taken and _matches_obj(b.cards, g, flt)]
        for pick in itertools.combinations(eligible, n):
            ways(more, taken | {g.id for g in pick},
                 cost + sum(charge(g, b.weights["exile_from_graveyard"]) for g in pick))
    ways(reqs, frozenset(), 0)
    return best


def precedence(owners: list[int], removers: dict[int, int], tappers: dict[int, list[int]]
               ) -> list[frozenset[int]]:
    """601.2g's order: an object's own activations, and the activations that tap it as their
    cost, come before the activation that sacrifices or returns it (`removers`: object -> act;
    `owners[j]`: the object of act j; `tappers`: object -> acts tapping it)."""
    preds: list[set[int]] = [set() for _ in owners]
    for o, j in removers.items():
        preds[j] |= {i for i, owner in enumerate(owners) if owner == o and i != j}
        preds[j] |= {i for i in tappers.get(o, []) if i != j}
    return [frozenset(p) for p in preds]


def score_of(b: Board, removed: dict[int, str], tapped: set[int], cost_tapped: set[int]) -> int:
    """The battlefield's part of a payment's score: each object removed charged once (its value or
    the weight of the way), each other object tapped its tap weight (`cost_tapped`: tapped only by
    a mana ability's cost, free under the class-13 reading)."""
    score = 0
    for i, kind in removed.items():
        score += charge(b.battlefield[i], b.weights[kind])
    for i in tapped | cost_tapped:
        if i in removed or (knobs.DIAGNOSE_FREE_MANA_TAPS and i in cost_tapped and i not in tapped):
            continue
        score += tap_weight(b.cards[b.battlefield[i].card], b.weights)
    return score


def _payments(p: Priced, b: Board, relevant: str, potential: int) -> int | None:
    """The least score of paying the total `p`: None when it can't be paid."""
    spell_parts = [(k, n, json.loads(fj)) for k, n, fj in p.other]
    tapcosts = [(n, flt) for k, n, flt in spell_parts if k == "tap_untapped"]
    spell_field = [(-1, k, n, fj) for k, n, fj in p.other if k in REMOVALS]
    spell_hand = tuple(part for part in p.other if part[0] in HAND_KINDS)
    spell_grave = [part for part in p.other if part[0] == "exile_from_graveyard"]
    spell_mill = sum(n for k, n, _ in spell_parts if k == "mill")
    if p.life > b.life_total or spell_mill > b.library or b.counters_short:
        return None
    uses = [_uses(b, o, tapcosts, relevant, potential) for o in b.battlefield]
    delve_sets: list[tuple[Obj, ...]] = [()] if not b.spell.get("delve") else [
        s for k in range(len(b.graveyard) + 1) for s in itertools.combinations(b.graveyard, k)]
    hand_cache: dict[tuple[Part, ...], int | None] = {}
    best: int | None = None
    for plan in itertools.product(*uses):
        # tap costs: exactly the count each asks for
        if any(sum(1 for u in plan if u.kind == "tapcost" and u.req == i) != n
               for i, (n, _) in enumerate(tapcosts)):
            continue
        owners = [i for i, u in enumerate(plan) for _ in u.acts]
        acts = [a for u in plan for a in u.acts]
        life = p.life + sum(a.life for a in acts)
        ability_mill = sum(n for a in acts for k, n, _ in a.parts if k == "mill")
        mill = spell_mill + ability_mill
        if life > b.life_total or mill > b.library:
            continue
        charged_mill = spell_mill if knobs.DIAGNOSE_FREE_MANA_MILL else mill
        hand_reqs = spell_hand + tuple(part for a in acts for part in a.parts if part[0] in HAND_KINDS)
        if hand_reqs not in hand_cache:
            hand_cache[hand_reqs] = _hand_best(b, hand_reqs)
        hand = hand_cache[hand_reqs]
        if hand is None:
            continue
        grave_reqs = spell_grave + [part for a in acts for part in a.parts
                                    if part[0] == "exile_from_graveyard"]
        tapped = {i for i, u in enumerate(plan) if u.taps}
        late = {i for i, u in enumerate(plan) if u.kind in ("convoke", "improvise", "tapcost")}
        self_gone = {owners[j]: j for j, a in enumerate(acts) if a.sac_self}
        convoke = [0] * 5
        generic_only = 0
        for u in plan:
            if u.kind == "convoke" and u.color is not None:
                convoke[COLORS.index(u.color)] += 1
            elif u.kind in ("convoke", "improvise"):
                generic_only += 1
        tap_reqs = [(j, k, n, fj) for j, a in enumerate(acts) for k, n, fj in a.parts
                    if k == "tap_untapped"]
        removal_reqs = [(j, k, n, fj) for j, a in enumerate(acts) for k, n, fj in a.parts
                        if k in REMOVALS]
        fixed = (charged_mill * b.weights["mill"] + hand + life * b.weights["life"]
                 + counters_charged(b, acts))
        # The opponent's permanents untapped (distinct, tapped, matching), and the
        # orders of the mana abilities that mill (each Pendant mills the card its turn finds).
        if any(a.untaps for a in acts):
            if not untaps_fit(b, acts):
                continue
            fixed += untap_charge(b, acts)
        orders = mill_orders(acts, spell_mill)
        if not orders:
            continue
        filters = any(a.mana_cost for a in acts)
        loose = not filters and all(a.milled < 0 and not a.untaps for a in acts)

        # 601.2g: a mana ability's tap cost takes untapped objects no other use taps; its
        # sacrifice or return takes objects not gone already and not to be tapped in 601.2h. An
        # object may be tapped by one ability's cost and then sacrificed by another's.
        def untapped(i: int, kind: str, taken: set[int], tapped: set[int] = tapped) -> bool:
            return not b.battlefield[i].tapped and i not in tapped

        def still_there(i: int, kind: str, taken: set[int], self_gone: dict[int, int] = self_gone,
                        late: set[int] = late) -> bool:
            return i not in self_gone and i not in late

        twin_of = twins(removal_reqs, owners, acts, loose) if knobs.TWIN_ORDER and removal_reqs else None
        picks = ((t + r) for t in _pick(b, tap_reqs, untapped, set())
                 for r in _pick(b, removal_reqs, still_there, set(), twin_of))
        for mana_pick in picks:
            removers = dict(self_gone)
            tappers: dict[int, list[int]] = {}
            cost_tapped: set[int] = set()
            removed = {i: "sacrifice" for i in self_gone}
            for j, kind, picked in mana_pick:
                for i in picked:
                    if kind == "tap_untapped":
                        tappers.setdefault(i, []).append(j)
                        cost_tapped.add(i)
                    else:
                        removers[i] = j
                        removed[i] = kind
            preds = precedence(owners, removers, tappers)
            for spell_pick in _pick(b, spell_field, lambda i, k, t: True, set(removed)):
                gone = dict(removed)
                for _, kind, picked in spell_pick:
                    for i in picked:
                        gone[i] = kind
                board_score = score_of(b, gone, tapped, cost_tapped)
                checked: dict[int, bool] = {}
                for delved in delve_sets:
                    delved_ids = {d.id for d in delved}
                    grave = _grave_best(b, [g for g in b.graveyard if g.id not in delved_ids], grave_reqs)
                    if grave is None:
                        continue
                    score = fixed + grave + board_score + sum(
                        charge(d, b.weights["exile_from_graveyard"]) for d in delved)
                    if best is not None and score >= best:
                        continue
                    n_delve = len(delved)
                    if n_delve not in checked:
                        if not filters and not removers:
                            checked[n_delve] = mana_ok(p.mana, [], [], _pool_after(b, acts), b.usable,
                                                       tuple(convoke), generic_only + n_delve,
                                                       any_color=b.any_color)
                        else:
                            checked[n_delve] = any(
                                mana_ok(p.mana, acts, chained(preds, order), b.units(), b.usable,
                                        tuple(convoke), generic_only + n_delve, any_color=b.any_color,
                                        restricted0=b.restricted_units())
                                for order in orders)
                    if checked[n_delve]:
                        best = score
    return best


def _pool_after(b: Board, acts: list[Activation]) -> tuple[int, ...]:
    """The pool once abilities with no mana cost and no restriction are activated (the fast case
    of mana_ok: restricted mana goes in as its usable part, the pool's too)."""
    pool = [u + r for u, r in zip(b.units(), b.restricted_units()[0])]
    for a in acts:
        if a.restricted is None or b.usable(a.restricted):
            for c in a.adds:
                pool[_SLOTS[c, a.snow, a.eligible]] += 1
        for _, extra, snow, eligible in a.triggers:
            for c in extra:
                pool[_SLOTS[c, snow, eligible]] += 1
    return tuple(pool)


# --- The search --------------------------------------------------------------------------------

def solve(data: dict[str, Any]) -> Outcome:
    """The optimum of the cast in `data` by exhaustion."""
    data = face_down_view(data)
    play = data["play"]
    b = board(data)
    spell = b.spell
    relevant = relevant_kinds(data)
    potential = potential_mana(data)
    has_x = (any(s[0] == "x" for text in _cost_texts(data) for s in parse_symbols(text))
             or _x_life_anywhere(data))
    x_setting = play.get("x", "auto")
    best = _Best()
    tried = 0
    cache: dict[Any, int | None] = {}

    def xs() -> list[int | None]:
        if not has_x:
            return [None]
        if x_setting == "auto":
            # X life (`{pay_life: X}`) is bounded by the life total only (to exactly 0).
            return list(range(max(X_CAP, b.life_total), -1, -1))
        return [int(x_setting)]

    if b.counters_short:
        # 606.6 (and a counter cost of the state alone): the ability can't be activated.
        return Outcome("illegal",
                       reasons=("counters: its permanent has too few counters for the cost (606.6)",))
    priced_any = False
    for x in xs():
        priced, why = priced_casts(data, x, potential)
        if why:
            return Outcome("illegal", reasons=tuple(why))
        priced_any = priced_any or bool(priced)
        for shown in priced:
            for p, life_paid in life_for_splits(shown, b):
                if sum(p.mana) > potential:
                    continue
                key = (p.mana, p.life, p.other)
                if key not in cache:
                    # A total with no payment at 0 life has none with more (X life: each X tried).
                    free = (p.mana, 0, p.other)
                    if free not in cache:
                        cache[free] = _payments(replace(p, life=0), b, relevant, potential)
                    cache[key] = None if cache[free] is None else _payments(p, b, relevant, potential)
                tried += 1
                score = cache[key]
                if score is None:
                    continue
                # Under x: auto the largest X comes first; a named X is just the play's X. The
                # total (its mana count the tie-break) is the one priced, whatever life paid.
                most_x = -(p.x or 0) if x_setting == "auto" else 0
                best.offer((most_x, score - p.benefit, sum(shown.mana)),
                           (vec_text(shown.mana), shown.life), score, p.cast, p.x,
                           destination(spell, p), life_paid)
        if best.key is not None and has_x and x_setting == "auto" and best.key[0] == -(x or 0):
            # X as large as any payment allows comes first: a payment at this X ends the search
            # (a method without X, found on the way, ranks as X = 0 and doesn't).
            break
    if best.key is None:
        if not priced_any:
            return Outcome("illegal", reasons=("no cast method",))
        return Outcome("unpayable", reasons=("no payment",) + hidden_reason(b), plans_tried=tried)
    return Outcome("ok", score=min(best.scores), objective=best.objective,
                   totals=frozenset(best.totals), scores=frozenset(best.scores),
                   casts=frozenset(best.casts), destinations=frozenset(best.destinations),
                   x=best.x, plans_tried=tried, loyalty=b.loyalty,
                   life_for=frozenset(best.life_for))


LifeFor = tuple[tuple[str, int], ...]       # ("{B}", pips paid with life), only those paid


def life_for_splits(p: Priced, b: Board) -> list[tuple[Priced, LifeFor]]:
    """K'rrik (601.2h): every way to pay some of the total's pips of each `life_for` color with
    that color's least amount of life each (the total after 601.2f and the announcements: a
    hybrid or Phyrexian pip announced as that color counts). Never generic mana, {C} or {S}.
    All life paid comes out of one total (to exactly 0, never below)."""
    amounts = dict(b.life_for)
    generic_too = "life_for_generic" in knobs.MISREADINGS and amounts
    colors = [c for c in COLORS if c in amounts and p.mana[SLOT[c]]]
    ranges = [range(p.mana[SLOT[c]] + 1) for c in colors]
    if generic_too:
        colors.append("generic")
        amounts["generic"] = min(amounts.values())
        ranges.append(range(min(p.mana[0], 2) + 1))     # a mutant: two are enough to tell
    if not colors:
        return [(p, ())]
    out: list[tuple[Priced, LifeFor]] = []
    for counts in itertools.product(*ranges):
        life = p.life + sum(k * amounts[c] for c, k in zip(colors, counts))
        if life > b.life_total:
            continue
        mana = vec_add(p.mana, {c: -k for c, k in zip(colors, counts)})
        paid = tuple((f"{{{c}}}" if c != "generic" else "{1}", k) for c, k in zip(colors, counts) if k)
        out.append((replace(p, mana=mana, life=life), paid))
    return out


def destination(spell: dict[str, Any], p: Priced) -> str | None:
    """Where the card goes when it resolves: flashback exiles it (702.34a), buyback returns
    it to hand (702.27a), a permanent spell enters the battlefield, others go to the graveyard."""
    if p.cast in ("ability", "turn_face_up"):
        return None                         # an ability or a special action moves no card
    if p.cast == "face_down":
        return "battlefield"
    if p.cast == "flashback":
        return "exile"
    if set(spell.get("types") or []) & PERMANENT_TYPES:
        return "battlefield"
    return "hand" if p.buyback else "graveyard"
