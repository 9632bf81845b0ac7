"""An independent brute force for `mtg/1` turns (docs/turns.md), on the raw data.

Written from the turn format (docs/turns.md), the format's documentation and the comprehensive
rules, apart from payplan's planner: it reuses only this reference's own pricing of one cast
(`pricing.priced_casts`, the single-cast optimum `brute.solve` for the X a cast announces) and its
charges. It tries every sequence of the candidates (each object cast or played as a card at most
once from each zone it is in; an activated ability as often as it can be paid), every payment of
each cast, and ranks them by the spec's rules: the largest summed value, then the largest summed
X (each X chosen: the largest payable on the state the cast meets), then the smallest summed
objective, then the smallest summed size (the mana of each cast's total).

A move is one candidate with one payment, on the state it meets:
- a cast (a nonland card in hand; a card in the graveyard with flashback or an alternative cost
  from the graveyard), an activated ability of a permanent, or one activated from the hand
  (cycling, 702.29): each total `pricing.priced_casts` prices for it (`cast: auto`, every
  optional cost `auto`, `count: any` every count, X the largest payable on that state alone,
  as `plan` chooses it); for each, every use of every permanent (none; each option of each
  mana ability it may activate: {T} only untapped and, for a creature, not summoning sick
  unless it has haste, 302.6, 702.10; sacrifice itself; tapped for one ability, then
  sacrificed for another, Eye of Ramos; the abilities that neither tap nor sacrifice it as
  often as their costs allow, an altar; convoke with {1} or one of its colors, improvise, a tap
  cost of the spell), the mana abilities' costs (601.2g: a filter's mana cost paid from mana
  made before it in some order, never its own; their sacrifices, "tap an untapped creature",
  life, counters removed, the opponent's lands untapped for Benthic Explorers), every choice
  of the objects the spell's other costs take, every delve, and every way the pool and the
  mana made pay the total: what is not spent stays in the pool (a payment may make more than
  it needs, and that mana floats to the casts after it); restricted mana (`only_for`) pays
  only what it is restricted to and keeps its restriction in the pool (106.6);
- a land play (305.2): a land in hand, when `state.lands_played_this_turn` is 0 and it is your
  main phase with an empty stack; it enters tapped when its card says `enters_tapped: true`.

Between moves the state changes as the rules say (608.2n, 601.2h): what paid is tapped,
sacrificed (to the graveyard), returned, discarded, exiled, milled; life paid; counters removed
(a loyalty ability's change made, and the permanent `loyalty_activated`, 606.3-4); the pool
holds what was left; a cast uses each effect of `state.you.effects` that reaches it (one use;
`uses: turn` stays), goes to its destination (a permanent enters the battlefield summoning
sick), then its card's `effect` resolves in order: `adds` to the pool, `tokens` onto your
battlefield, `untap` (every choice of which permanents), `grants` to the effects; a token that
leaves the battlefield ceases to exist (111.7). An effect reduces a matching spell as one of the
card's own reductions would (every order, its minimum its own).

The player's keys hold for every payment of the turn: `spend_as_any_color` (a colored pip, the
spell's or a filter's own cost's, takes mana of any type; {C} colorless only; convoke as
before), `life_for` (each pip of the color, after 601.2f and the announcements, paid with its
life instead of mana while the permanent is on your battlefield: every split, the total and
its size unchanged, 601.2h), restricted mana already in the pool
(`state.you.restricted_pool`: each unit held with its `only_for`, as a restricted ability's
mana left in the pool is), and snow (107.4h): each {S} of a total paid, every way, by snow
mana of any type (the pool's `snow_pool` part, the mana its snow permanents' abilities make),
never by convoke, delve or improvise; the pool left keeps as snow, of each type, as much of
the snow mana not spent on {S} as it can (the plain mana of a type spent first: snow mana can
do all that plain mana can). `adds: any_type | any_color` read the types on the state each
play meets (the single-cast board's reading of 106.7).

What this reference does not model, raising `Unsupported`: an explicit candidate list (`auto`
only); nor does it read morph or mana effects (`mana_effects`, `attached_to`): the generator
draws none of them, nor {S} beside a filter, restricted mana or `spend_only`.
"""

from __future__ import annotations

import copy
import itertools
import json
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from . import brute
from .activation import Activation, charge, tap_weight
from .board import Board, _pruned, board, relevant_kinds
from .brute import destination, life_for_splits
from .counters import _counter_bounds, counters_charged, counters_fit
from .mana import COLORS, MANA, parse_plain, parse_symbols
from .mana_abilities import activations
from .objects import (
    HAND_KINDS,
    REMOVALS,
    REPEAT_CAP,
    Priced,
    _fj,
    _matches_obj,
    card_colors,
    matches,
)
from .pricing import _cost_texts, priced_casts
from .turn_state import (
    ZONES,
    Candidate,
    Restricted,
    _obj,
    apply,
    effect_reaches,
    pool_of,
    pool_text,
    read_effects,
    snow_left,
    snow_made,
    snow_takes,
    state_key,
    takes,
)
from .untap_mill import mill_orders, untap_candidate, untap_charge

DEFAULT_MAX_PLAYS = 16
class Unsupported(ValueError):
    """A scenario this reference does not model (the module docstring)."""


# --- The state ---------------------------------------------------------------------------------

def normalized(data: dict[str, Any]) -> dict[str, Any]:
    """The scenario with every object of yours written out ({id, card, tapped, sick, value}),
    ids as the single-cast reference gives them, and `turn`, `play`, `plays` left out."""
    out = {k: copy.deepcopy(v) for k, v in data.items() if k not in ("turn", "play", "plays")}
    state = out.setdefault("state", {}) or {}
    out["state"] = state
    you = state.setdefault("you", {}) or {}
    state["you"] = you
    for zone in ZONES:
        objs = []
        for i, entry in enumerate(you.get(zone) or []):
            if isinstance(entry, str):
                entry = {"card": entry}
            obj = {k: copy.deepcopy(v) for k, v in entry.items() if v is not None}
            obj.update({"id": str(entry.get("id", f"{zone}[{i}]")), "card": str(entry["card"]),
                        "tapped": bool(entry.get("tapped", False)),
                        "sick": bool(entry.get("sick", False))})
            if entry.get("value") is not None:
                obj["value"] = int(entry["value"])
            if not obj.get("counters"):
                obj.pop("counters", None)
            objs.append(obj)
        you[zone] = objs
    you["mana_pool"] = pool_text(pool_of(str(you.get("mana_pool") or "")))
    snow = pool_text(pool_of(str(you.pop("snow_pool", None) or "")))
    if snow:
        you["snow_pool"] = snow
    # Restricted mana already in the pool (106.6): each unit with its restriction, as the mana a
    # restricted ability leaves in the pool is held between moves.
    held = [[_fj(e["only_for"]), col] for e in you.pop("restricted_pool", None) or []
            for col, n in zip(MANA, pool_of(str(e["mana"]))) for _ in range(n)]
    if held:
        you["_restricted"] = sorted(held)
    effects = read_effects(you.get("effects") or [])
    you.pop("effects", None)
    if effects:
        you["effects"] = effects
    you.setdefault("life", 20)
    you.setdefault("library", 0)
    state.setdefault("lands_played_this_turn", 0)
    out["_relevant"] = relevant_kinds(out)
    return out


@dataclass(frozen=True, slots=True)
class Move:
    candidate: Candidate
    score: int
    objective: int
    size: int
    after: str                  # the state after the move, as canonical JSON
    x: int | None = None
    cast: str | None = None


def _sorcery_speed(state: dict[str, Any]) -> bool:
    return bool(state.get("phase", "main") == "main" and state.get("turn", "you") == "you"
                and state.get("stack", "empty") == "empty")


def candidates(data: dict[str, Any], played: frozenset[str]) -> list[Candidate]:
    """The candidates on this state, in candidate order: your hand (casts and land plays), your
    graveyard's cards with a way to be cast from there, then your permanents' activated
    abilities. A card is played at most once from each zone it is in (`played`: "zone:id"): an
    instant cast from the hand and then flashed back from the graveyard (400.7: a new object)
    is two plays."""
    cards = data["cards"]
    you = data["state"]["you"]
    out: list[Candidate] = []
    for o in you["hand"]:
        if f"hand:{o['id']}" in played:
            continue
        kind = "land" if "land" in (cards[o["card"]].get("types") or []) else "cast"
        out.append(Candidate(o["id"], kind, o["id"], "hand"))
    for o in you["graveyard"]:
        card = cards[o["card"]]
        if f"graveyard:{o['id']}" in played or "land" in (card.get("types") or []):
            continue
        if card.get("flashback") is not None or any(
                a.get("zone") == "graveyard" for a in card.get("alternative") or []):
            out.append(Candidate(o["id"], "cast", o["id"], "graveyard"))
    for zone in ("battlefield", "hand"):
        for o in you[zone]:
            for ab in cards[o["card"]].get("abilities") or []:
                if str(ab.get("zone") or "battlefield") == zone:
                    out.append(Candidate(f"{o['id']}.{ab['id']}", "ability", o["id"], zone,
                                         str(ab["id"])))
    return out


def _play_of(data: dict[str, Any], c: Candidate) -> dict[str, Any]:
    if c.kind == "ability":
        return {"ability": {"object": c.object, "id": c.ability}}
    card = data["cards"][_obj(data, c.object)[1]["card"]]
    optional: dict[str, Any] = {}
    kickers = card.get("kicker")
    if kickers is not None:
        for i in range(len(kickers) if isinstance(kickers, list) else 1):
            optional["kicker" if i == 0 else f"kicker.{i}"] = "auto"
    for name in ("multikicker", "replicate", "buyback"):
        if card.get(name) is not None:
            optional[name] = "auto"
    for add in card.get("additional") or []:
        if not add.get("mandatory", False):
            optional[str(add["id"])] = "auto"
    return {"object": c.object, "from": c.zone, "cast": "auto", "optional": optional}


# --- Moves -------------------------------------------------------------------------------------

def moves(data: dict[str, Any], c: Candidate) -> list[Move]:
    """Every move of the candidate on this state (each with a distinct resulting state and
    charge; a payment reaching the same state for the same charge is one move)."""
    state = data["state"]
    if c.kind == "land":
        if not _sorcery_speed(state) or int(state.get("lands_played_this_turn", 0)) >= 1:
            return []
        landed = copy.deepcopy(data)
        _, obj = _obj(landed, c.object)
        landed["state"]["you"]["hand"].remove(obj)
        card = data["cards"][obj["card"]]
        entered = {**obj, "tapped": bool(card.get("enters_tapped", False)),
                   "sick": True}
        landed["state"]["you"]["battlefield"].append(entered)
        landed["state"]["lands_played_this_turn"] = int(state.get("lands_played_this_turn", 0)) + 1
        return [Move(c, 0, 0, 0, state_key(landed["state"]))]
    here = dict(data)
    here["play"] = _play_of(data, c)
    view = priced_view(here, c)
    x_value: int | None = None
    if _has_x(view):
        single = brute.solve(with_held(view))
        if single.status != "ok":
            return []
        x_value = single.x
        here["play"] = view["play"] = {**here["play"], "x": x_value}
    priced, why = priced_casts(view, x_value)
    if why:
        return []
    b = board(view)
    if b.counters_short:
        return []
    seen: dict[tuple[str, int], Move] = {}
    for whole in priced:
        size = sum(whole.mana)          # the total's, pips paid with life included
        for p, _ in life_for_splits(whole, b):
            for score, after in payments(here, b, p, c):
                m = Move(c, score, score - p.benefit, size, after, p.x, p.cast)
                k = (after, m.objective)
                if k not in seen or (m.size, m.score) < (seen[k].size, seen[k].score):
                    seen[k] = m
    return list(seen.values())


def priced_view(here: dict[str, Any], c: Candidate) -> dict[str, Any]:
    """The scenario the single-cast reference prices and pays on: each effect of
    `state.you.effects` whose `applies_to` matches the cast card is one more reduction of the
    card's own (an effect reduces a spell as a reduction of its own would: in every order with
    the others, its minimum its own; never an ability), and each creature of yours with haste
    (its card's `haste: true`, or a haste grant of a permanent of yours matching it) is not
    summoning sick (702.10b, 302.6). The state the moves leave is read from `here`, not this."""
    you = here["state"]["you"]
    cards = here["cards"]
    view = here
    if c.kind == "cast":
        card_id = _obj(here, c.object)[1]["card"]
        extra = [e["reduction"] for e in you.get("effects") or []
                 if effect_reaches(cards, e, card_id, c.object)]
        if extra:
            card = cards[card_id]
            view = {**here, "cards": {**cards, card_id: {
                **card, "reductions": list(card.get("reductions") or []) + extra}}}
    hasty = _hasty(cards, you["battlefield"])
    if hasty:
        field_now = [{**o, "sick": False} if o["id"] in hasty else o for o in you["battlefield"]]
        view = {**view, "state": {**here["state"], "you": {**you, "battlefield": field_now}}}
    return view


def with_held(view: dict[str, Any], every: bool = False) -> dict[str, Any]:
    """The view with the restricted mana held in the pool that this play may spend (`every`:
    all of it) counted as pool mana, for the single-cast reference, which reads one pool: its X
    (what may be spent), its payment check (the pool as the planner states it, plain; what the
    restricted mana may pay is `_split_restricted`'s check)."""
    held = view["state"]["you"].get("_restricted") or []
    if not held:
        return view
    b = board(view)
    pool = list(pool_of(view["state"]["you"]["mana_pool"]))
    for flt, col in held:
        if every or b.usable(flt):
            pool[MANA.index(col)] += 1
    you = {**view["state"]["you"], "mana_pool": pool_text(tuple(pool))}
    return {**view, "state": {**view["state"], "you": you}}


def _hasty(cards: dict[str, Any], field_now: list[dict[str, Any]]) -> set[str]:
    """Your creatures with haste: their card's `haste: true`, or a `{haste: true, applies_to}`
    grant of a permanent of yours (itself included) that matches them."""
    grants = [g.get("applies_to") or {} for o in field_now for g in cards[o["card"]].get("grants") or []
              if g.get("haste") is True]
    out: set[str] = set()
    for o in field_now:
        card = cards[o["card"]]
        if "creature" not in (card.get("types") or []) or not o.get("sick"):
            continue
        if card.get("haste") is True or any(
                matches(card, {k: v for k, v in flt.items() if k != "controller"},
                              o["id"], o["card"])
                for flt in grants if flt.get("controller", "you") in ("you", "any")):
            out.add(o["id"])
    return out


def _has_x(here: dict[str, Any]) -> bool:
    return any(s[0] == "x" for text in _cost_texts(here) for s in parse_symbols(text))


@dataclass(frozen=True, slots=True)
class _Use:
    """One permanent's part in a payment: at most one use that taps or sacrifices it (a mana
    ability, convoke, improvise, a tap cost of the spell; or a mana ability tapping it and then,
    `then`, one sacrificing it without tapping it: Eye of Ramos), plus the activations of its
    mana abilities that neither tap nor sacrifice it (`repeats`: an altar, as often as their
    costs allow)."""
    kind: str                       # none | mana | convoke | improvise | tapcost
    act: Activation | None = None
    then: Activation | None = None
    repeats: tuple[Activation, ...] = ()
    color: str | None = None        # convoke: the color it pays, None for {1}
    req: int = -1

    @property
    def acts(self) -> tuple[Activation, ...]:
        return ((self.act,) if self.act is not None else ()) + (
            (self.then,) if self.then is not None else ()) + self.repeats

    @property
    def taps(self) -> bool:
        return self.kind in ("convoke", "improvise", "tapcost") or (
            self.act is not None and self.act.taps)

    @property
    def sac(self) -> bool:
        return any(a.sac_self for a in self.acts)


def _uses(b: Board, i: int, tapcosts: list[tuple[int, Any]], relevant: str) -> list[_Use]:
    """The uses of permanent i; a mana ability's options that differ only in kinds of mana no
    cost names (`board.relevant_kinds`: they can only pay generic mana) are one, made in the
    first such kind (`_folded` compares states so)."""
    o = b.battlefield[i]
    card = b.cards[o.card]
    types = set(card.get("types") or [])
    sick = o.sick and "creature" in types       # 302.6: its own {T} abilities only
    once = [_Use("none")]
    free: list[Activation] = []
    for a in b.flagged(o, _pruned(activations(card), relevant)):
        if a.free:
            free.append(a)
        elif not (a.taps and (o.tapped or sick)):
            once.append(_Use("mana", a))
    taps_only = [u.act for u in once if u.act is not None and u.act.taps and not u.act.sac_self]
    sacs_only = [u.act for u in once if u.act is not None and u.act.sac_self and not u.act.taps]
    once += [_Use("mana", t, g) for t in taps_only for g in sacs_only]
    if not o.tapped:
        spell = b.spell
        if spell.get("convoke") and not spell.get("_ability") and "creature" in types:
            once.append(_Use("convoke"))
            once += [_Use("convoke", color=col) for col in sorted(card_colors(card))]
        if spell.get("improvise") and not spell.get("_ability") and "artifact" in types:
            once.append(_Use("improvise"))
        for r, (_, flt) in enumerate(tapcosts):
            if _matches_obj(b.cards, o, flt):
                once.append(_Use("tapcost", req=r))
    once = [u for u in dict.fromkeys(once) if counters_fit(u.acts)]
    if not free:
        return once
    by_ability: dict[int, list[Activation]] = {}
    for a in free:
        by_ability.setdefault(a.ability, []).append(a)
    per_ability = [[m for k in range(_repeat_bound(b, opts[0]) + 1)
                    for m in itertools.combinations_with_replacement(opts, k)]
                   for opts in by_ability.values()]
    repeats = list(dict.fromkeys(sum(combo, ()) for combo in itertools.product(*per_ability)))
    return [replace(u, repeats=r) for u in once for r in repeats if counters_fit(r + u.acts)]


def _repeat_bound(b: Board, a: Activation) -> int:
    """How often a mana ability that neither taps nor sacrifices its permanent can be activated
    (605: only its costs limit it): the objects its other costs take, the counters it removes
    (`per: removed` once), the life it pays, the mana
    its cost takes out of everything the board could make; an ability with no cost but mana at
    most stops at the format's cut (REPEAT_CAP)."""
    bounds = [b.available(kind, json.loads(fj)) // n for kind, n, fj in a.parts]
    bounds += _counter_bounds(a)
    if a.life:
        bounds.append(b.life_total // a.life)
    k = min(bounds) if bounds else REPEAT_CAP
    if a.mana_cost:
        potential = sum(b.pool0) + sum(max((len(x.adds) for x in activations(b.cards[o.card])),
                                           default=0) for o in b.battlefield)
        k = min(k, potential // max(1, len(a.mana_cost)))
    return k


def payments(here: dict[str, Any], b: Board, p: Priced, c: Candidate) -> Iterator[tuple[int, str]]:
    """Every payment of the total `p`: (score, the state after the cast resolves). 601.2g comes
    before 601.2h: the mana abilities are activated first, in an order the player chooses (a
    filter's mana cost paid from mana made before it, never its own), their other costs paid
    then (a permanent they sacrifice can no longer convoke, improvise or pay the spell's tap
    cost; one tapped for mana first may still be sacrificed); then the spell's costs."""
    parts = [(k, n, json.loads(fj)) for k, n, fj in p.other]
    tapcosts = [(n, flt) for k, n, flt in parts if k == "tap_untapped"]
    if sum(n for k, n, _ in parts if k == "mill") > b.library or p.life > b.life_total:
        return
    relevant = here.get("_relevant")
    if relevant is None:
        relevant = relevant_kinds(here)
    uses = [_uses(b, i, tapcosts, relevant) for i in range(len(b.battlefield))]
    for plan in itertools.product(*uses):
        if any(sum(1 for u in plan if u.kind == "tapcost" and u.req == r) != n
               for r, (n, _) in enumerate(tapcosts)):
            continue
        acts = [a for u in plan for a in u.acts]
        life = p.life + sum(a.life for a in acts)
        if life > b.life_total:
            continue
        convoke = [0] * 5
        generic_payers = 0
        for u in plan:
            if u.kind == "convoke" and u.color is not None:
                convoke[COLORS.index(u.color)] += 1
            elif u.kind in ("convoke", "improvise"):
                generic_payers += 1
        if any(convoke[k] > p.mana[1 + k] for k in range(5)):
            continue
        ab_parts = [(k, n, json.loads(fj)) for a in acts for k, n, fj in a.parts]
        every = ab_parts + parts
        mill = sum(n for k, n, _ in every if k == "mill")
        if mill > b.library or not mill_orders(acts, mill - sum(n for k, n, _ in ab_parts
                                                                if k == "mill")):
            continue
        start = (tuple(b.pool0) + (0,) * 6 if b.spend_only is None
                 else (0,) * 6 + tuple(b.pool0))
        pools = _filter_pools(_made_first(start, acts), tuple(a for a in acts if a.mana_cost),
                              b.any_color)
        if not pools:
            continue
        restricted = _restricted_made(here, acts)
        snow = snow_made(here, acts)
        change = _counter_change(b, c, plan)
        charged = counters_charged(b, acts) + untap_charge(b, acts)
        for untapped in _untap_picks(b, [(fj, a.untap_colors) for a in acts for n, fj in a.untaps
                                         for _ in range(n)], frozenset()):
            for score, after in _picks(here, b, p, c, plan, every, ab_parts, mill, life, convoke,
                                       generic_payers, pools, change, untapped, restricted, snow):
                yield score + charged, after


def _restricted_made(here: dict[str, Any], acts: list[Activation]) -> Restricted:
    """The restricted mana the pool holds from before (`_restricted`) and the payment's
    `only_for` abilities make (106.6: it keeps its restriction in the pool, for later casts
    too; it never pays a mana ability's cost)."""
    held = [tuple(x) for x in here["state"]["you"].get("_restricted") or []]
    made = [(a.restricted, col) for a in acts if a.restricted is not None for col in a.adds]
    return tuple(sorted(held + made))


def _any_color(b: Board, total: tuple[int, ...], convoke: list[int]
               ) -> tuple[tuple[int, ...], list[int]]:
    """`spend_as_any_color`: the colored pips convoke does not pay are paid by mana of any type,
    as generic mana is (the {C} pips still by colorless mana only; convoke's colored creatures
    pay their own pips, checked before): they join the generic part. Without it, as given."""
    if not b.any_color:
        return total, convoke
    colored = sum(total[1 + k] - convoke[k] for k in range(5))
    return (total[0] + colored, 0, 0, 0, 0, 0, *total[6:]), [0] * 5


def _pay_restricted(b: Board, total: tuple[int, ...], convoke: list[int], generic_paid: int,
                    plain: tuple[int, ...], restricted: Restricted
                    ) -> Iterator[tuple[tuple[int, ...], Restricted]]:
    """Every (plain pool, restricted mana) left after paying the total's mana from the plain
    pool and the restricted mana this spell may spend (`Board.usable`); the rest of the
    restricted mana stays."""
    usable = [r for r in restricted if b.usable(r[0]) and b.spend_only is None]
    stays = [r for r in restricted if r not in usable]
    if not usable:
        for left in _pay(total, convoke, generic_paid, plain):
            yield left, restricted
        return
    kinds = sorted(set(usable))
    colors = list(MANA) + [col for _, col in kinds]
    start = tuple(plain) + tuple(usable.count(k) for k in kinds)
    states = {start}
    for k, c in enumerate(MANA):
        need = total[1 + k] - (convoke[k] if k < 5 else 0)
        idxs = [i for i, col in enumerate(colors) if col == c]
        states = {t for s in states for t in takes(s, idxs, need)}
    everything = list(range(len(colors)))
    states = {t for s in states for t in takes(s, everything, total[0] - generic_paid)}
    for s in sorted(states):
        left_r = [kinds[j] for j in range(len(kinds)) for _ in range(s[6 + j])]
        yield s[:6], tuple(sorted(stays + left_r))


def _untap_picks(b: Board, slots: list[tuple[str, frozenset[str] | None]], used: frozenset[str]
                 ) -> Iterator[tuple[str, ...]]:
    """Distinct tapped permanents of the opponent for the mana abilities' untap costs, each
    matching its filter (and, for `adds: untapped`, able to produce the mana it makes, 106.7)."""
    if not slots:
        yield ()
        return
    (fj, colors), rest = slots[0], slots[1:]
    for o in b.opp_field:
        if o.id not in used and untap_candidate(b, o, fj, colors):
            for more in _untap_picks(b, rest, used | {o.id}):
                yield (o.id,) + more


def _counter_change(b: Board, c: Candidate, plan: tuple[_Use, ...]) -> dict[str, dict[str, int]]:
    """The counters the payment takes off each permanent (its mana abilities' costs) and, for an
    activated ability, its own cost's (606.4: a loyalty cost's sign; +N puts counters on)."""
    change: dict[str, dict[str, int]] = {}
    for i, u in enumerate(plan):
        for a in u.acts:
            for kind, n in a.counters:
                mine = change.setdefault(b.battlefield[i].id, {})
                mine[kind] = mine.get(kind, 0) - n
    if c.kind == "ability":
        mine = change.setdefault(c.object, {})
        for kind, n in b.spell.get("_removes") or []:
            mine[kind] = mine.get(kind, 0) - n
        if b.loyalty is not None:
            mine["loyalty"] = mine.get("loyalty", 0) + b.loyalty
    return change


def _made_first(pool0: tuple[int, ...], acts: list[Activation]) -> tuple[int, ...]:
    """The pool after every mana ability without a mana cost (activated first: more mana never
    hurts a filter). A pool is 12 counts: W U B R G C the spell may spend, then W U B R G C it
    may not (`spend_only`: the pool's and other permanents' mana, which still pays filters)."""
    made = list(pool0)
    for a in acts:
        if not a.mana_cost and a.restricted is None:
            _add(made, a)
    return tuple(made)


def _add(pool: list[int], a: Activation) -> None:
    for col in a.adds:
        pool[MANA.index(col) + (0 if a.eligible else 6)] += 1


def _filter_pools(pool: tuple[int, ...], filters: tuple[Activation, ...], any_color: bool = False
                  ) -> set[tuple[int, ...]]:
    """Every pool the filters reach, activated in every order, each paying its mana cost every
    way from the mana made before it (never its own; `any_color`: `spend_as_any_color`)."""
    if not filters:
        return {pool}
    out: set[tuple[int, ...]] = set()
    for j, a in enumerate(filters):
        if j and a == filters[j - 1]:
            continue
        rest = filters[:j] + filters[j + 1:]
        for paid in _pay_symbols(pool, a.mana_cost, any_color):
            after = list(paid)
            if a.restricted is None:
                _add(after, a)
            out |= _filter_pools(tuple(after), rest, any_color)
    return out


def _pay_symbols(pool: tuple[int, ...], cost: tuple[Any, ...], any_color: bool = False
                 ) -> set[tuple[int, ...]]:
    """Every pool (`_made_first`'s 12 counts) left after paying a mana ability's own mana cost
    (from any of its mana); with `any_color` (`spend_as_any_color`) a colored pip takes mana of
    any type, {C} still colorless only."""
    pools = {pool}

    def take(ps: set[tuple[int, ...]], kinds: list[int]) -> set[tuple[int, ...]]:
        return {q[:i] + (q[i] - 1,) + q[i + 1:] for q in ps for i in kinds if q[i] > 0}

    def of(*colors: str) -> list[int]:
        if any_color and any(c in COLORS for c in colors):
            return list(range(12))
        return [MANA.index(c) + half for c in colors for half in (0, 6)]

    for kind, arg in cost:
        if kind == "generic":
            for _ in range(arg):
                pools = take(pools, list(range(12)))
        elif kind == "mana" or kind == "phyrexian":
            pools = take(pools, of(arg))
        elif kind in ("hybrid", "hphyrexian"):
            pools = take(pools, of(arg[0], arg[1]))
        elif kind == "mono":
            two = set(pools)
            for _ in range(arg[0]):
                two = take(two, list(range(12)))
            pools = take(pools, of(arg[1])) | two
        else:
            raise Unsupported(f"a mana ability's cost symbol {kind}")
    return pools


def _picks(here: dict[str, Any], b: Board, p: Priced, c: Candidate, plan: tuple[_Use, ...],
           every: list[tuple[str, int, Any]], ab_parts: list[tuple[str, int, Any]], mill: int,
           life: int, convoke: list[int], generic_payers: int, pools: set[tuple[int, ...]],
           change: dict[str, dict[str, int]], untapped: tuple[str, ...], restricted: Restricted,
           snow: tuple[int, ...]) -> Iterator[tuple[int, str]]:
    """The objects the mana abilities' and the spell's other costs take, then the delve and the
    pool's split: every payment of one plan of uses."""
    self_gone = {i for i, u in enumerate(plan) if u.sac}
    used = {i for i, u in enumerate(plan) if u.taps}
    busy = {i for i, u in enumerate(plan) if u.kind in ("convoke", "improvise", "tapcost")}
    ab_field = [(k, n, f) for k, n, f in ab_parts if k in REMOVALS]
    ab_taps = [(k, n, f) for k, n, f in ab_parts if k == "tap_untapped"]
    field_reqs = [r for r in _minus(every, ab_parts) if r[0] in REMOVALS]
    hand_reqs = [r for r in every if r[0] in HAND_KINDS]
    grave_reqs = [r for r in every if r[0] == "exile_from_graveyard"]
    for ab_removal in _field_picks(b, ab_field, self_gone | busy):
        gone = self_gone | {i for i, _ in ab_removal}
        for tap_pick in _tap_picks(b, ab_taps, used):
            tapped = used | set(tap_pick)
            for removal in _field_picks(b, field_reqs, gone):
                removed = {i: "sacrifice" for i in self_gone}
                removed.update(dict(ab_removal + removal))
                for hand_pick in _card_picks(b, b.hand, hand_reqs, set()):
                    for grave_pick in _card_picks(b, b.graveyard, grave_reqs, set()):
                        grave_ids = {oid for _, oid in grave_pick}
                        rest_grave = [g for g in b.graveyard if g.id not in grave_ids]
                        delves: list[tuple[Any, ...]] = [()]
                        if b.spell.get("delve") and not b.spell.get("_ability"):
                            delves = [s for k in range(len(rest_grave) + 1)
                                      for s in itertools.combinations(rest_grave, k)]
                        for delved in delves:
                            generic = generic_payers + len(delved)
                            if generic > p.mana[0]:
                                continue
                            score = _score(b, removed, tapped, hand_pick, grave_pick, delved,
                                           mill, life)
                            for pool in sorted(pools):
                                for plain, snowy, total in snow_takes(p.mana, pool[:6], snow):
                                    for spent, held in _pay_restricted(
                                            b, *_any_color(b, total, convoke), generic, plain,
                                            restricted):
                                        left = tuple(x + y for x, y in zip(spent, pool[6:]))
                                        for after in _resolve(here, b, p, c, removed, tapped,
                                                              hand_pick, grave_pick, delved, mill,
                                                              life, left, change, untapped, held,
                                                              snow_left(snowy, left)):
                                            yield score, after


def _minus(every: list[Any], some: list[Any]) -> list[Any]:
    """`every` without one copy of each of `some` (a list's multiset difference)."""
    out = list(every)
    for x in some:
        out.remove(x)
    return out


def _field_picks(b: Board, reqs: list[tuple[str, int, Any]], gone: set[int]
                 ) -> Iterator[tuple[tuple[int, str], ...]]:
    """Distinct battlefield objects for sacrifice and return costs (not ones removed already);
    one tapped for mana or convoke may still be sacrificed by the spell's cost."""
    if not reqs:
        yield ()
        return
    (kind, n, flt), rest = reqs[0], reqs[1:]
    eligible = [i for i, o in enumerate(b.battlefield)
                if i not in gone and _matches_obj(b.cards, o, flt)]
    for pick in itertools.combinations(eligible, n):
        for more in _field_picks(b, rest, gone | set(pick)):
            yield tuple((i, kind) for i in pick) + more


def _tap_picks(b: Board, reqs: list[tuple[str, int, Any]], tapped: set[int]
               ) -> Iterator[tuple[int, ...]]:
    """Distinct untapped battlefield objects a mana ability's "tap an untapped ..." taps (a
    summoning-sick creature may be tapped so: 302.6 restricts its own {T} abilities only)."""
    if not reqs:
        yield ()
        return
    (_, n, flt), rest = reqs[0], reqs[1:]
    eligible = [i for i, o in enumerate(b.battlefield)
                if i not in tapped and not o.tapped and _matches_obj(b.cards, o, flt)]
    for pick in itertools.combinations(eligible, n):
        for more in _tap_picks(b, rest, tapped | set(pick)):
            yield pick + more


def _card_picks(b: Board, zone: list[Any], reqs: list[tuple[str, int, Any]], taken: set[str]
                ) -> Iterator[tuple[tuple[str, str], ...]]:
    if not reqs:
        yield ()
        return
    (kind, n, flt), rest = reqs[0], reqs[1:]
    eligible = [o for o in zone if o.id not in taken and _matches_obj(b.cards, o, flt)]
    for pick in itertools.combinations(eligible, n):
        for more in _card_picks(b, zone, rest, taken | {o.id for o in pick}):
            yield tuple((kind, o.id) for o in pick) + more


def _pay(total: tuple[int, ...], convoke: list[int], generic_paid: int, have: tuple[int, ...]
         ) -> Iterator[tuple[int, ...]]:
    """Every pool left after paying the total's mana from `have` (W U B R G C), convoke having
    paid `convoke` colored pips and `generic_paid` generic ones."""
    rest = list(have)
    for k in range(5):
        need = total[1 + k] - convoke[k]
        if rest[k] < need:
            return
        rest[k] -= need
    if rest[5] < total[6]:
        return
    rest[5] -= total[6]
    generic = total[0] - generic_paid
    if generic < 0 or sum(rest) < generic:
        return

    def split(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == 6:
            if left == 0:
                yield ()
            return
        for take in range(min(rest[i], left) + 1):
            for tail in split(i + 1, left - take):
                yield (rest[i] - take,) + tail
    yield from split(0, generic)


def _score(b: Board, removed: dict[int, str], tapped: set[int],
           hand_pick: tuple[tuple[str, str], ...], grave_pick: tuple[tuple[str, str], ...],
           delved: tuple[Any, ...], mill: int, life: int) -> int:
    """The reference's charges: each object removed its value or the way's weight, once; each
    other object tapped its tap weight (however it is tapped); cards lost from hand or
    graveyard; mill; life."""
    w = b.weights
    score = sum(charge(b.battlefield[i], w[kind]) for i, kind in removed.items())
    score += sum(tap_weight(b.cards[b.battlefield[i].card], w) for i in tapped if i not in removed)
    hand = {o.id: o for o in b.hand}
    grave = {o.id: o for o in b.graveyard}
    score += sum(charge(hand[oid], w[kind]) for kind, oid in hand_pick)
    score += sum(charge(grave[oid], w["exile_from_graveyard"]) for _, oid in grave_pick)
    score += sum(charge(g, w["exile_from_graveyard"]) for g in delved)
    return score + mill * w["mill"] + life * w["life"]


def _resolve(here: dict[str, Any], b: Board, p: Priced, c: Candidate, removed: dict[int, str],
             tapped: set[int], hand_pick: tuple[tuple[str, str], ...],
             grave_pick: tuple[tuple[str, str], ...], delved: tuple[Any, ...], mill: int,
             life: int, left: tuple[int, ...], change: dict[str, dict[str, int]],
             untapped: tuple[str, ...], held: Restricted, snow: tuple[int, ...] = ()) -> list[str]:
    lost = {oid: kind for kind, oid in hand_pick}
    exiled = {oid for _, oid in grave_pick} | {g.id for g in delved}
    dest = destination(b.spell, p) if c.kind == "cast" else None
    return apply(here, c, {b.battlefield[i].id for i in tapped},
                 {b.battlefield[i].id: kind for i, kind in removed.items()}, lost, exiled, mill,
                 life, left, dest, change, b.loyalty is not None, opp_untapped=set(untapped),
                 restricted=held, snow=snow)


def _folded(here: dict[str, Any], pool: list[int]) -> tuple[int, ...]:
    """The pool with every color no cost of the file names (`board.relevant_kinds`) counted as
    the first such color: such mana can only ever pay generic mana, so pools that differ only in
    those colors are the same state for the search (`_Search.best` memoizes on the folded
    state; the states themselves, which `replay` compares, keep the real pool)."""
    relevant = here.get("_relevant")
    if relevant is None:
        relevant = relevant_kinds(here)
    stand_in = next((c for c in MANA if c not in relevant), None)
    if stand_in is None:
        return tuple(pool)
    out = [n if MANA[i] in relevant else 0 for i, n in enumerate(pool)]
    out[MANA.index(stand_in)] += sum(n for i, n in enumerate(pool) if MANA[i] not in relevant)
    return tuple(out)


# --- The search --------------------------------------------------------------------------------

Rank = tuple[int, int, int, int]     # (value, X, -objective, -size): the largest is the best


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    value: int
    objective: int
    size: int
    order: tuple[str, ...]
    states: int = 0
    x: int = 0                  # the summed X of the casts (each chosen: x auto)

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "x": self.x, "objective": self.objective, "size": self.size,
                "order": list(self.order)}


@dataclass(slots=True)
class _Search:
    base: dict[str, Any]
    values: dict[str, int]
    memo: dict[tuple[str, frozenset[str], int], tuple[Rank, tuple[str, ...]]] = field(
        default_factory=dict)
    moves_memo: dict[tuple[str, Candidate], list[Move]] = field(default_factory=dict)
    folds: dict[str, str] = field(default_factory=dict)

    def fold(self, state_json: str) -> str:
        if state_json not in self.folds:
            state = json.loads(state_json)
            pool = list(pool_of(state["you"]["mana_pool"]))
            state["you"]["mana_pool"] = pool_text(_folded(self.base, pool))
            if state["you"].get("snow_pool"):
                snow = list(pool_of(state["you"]["snow_pool"]))
                state["you"]["snow_pool"] = pool_text(_folded(self.base, snow))
            if state["you"].get("_restricted"):
                relevant = self.base.get("_relevant") or ""
                stand_in = next((c for c in MANA if c not in relevant), None)
                state["you"]["_restricted"] = sorted(
                    [flt, col if col in relevant or stand_in is None else stand_in]
                    for flt, col in state["you"]["_restricted"])
            self.folds[state_json] = state_key(state)
        return self.folds[state_json]

    def at(self, state_json: str) -> dict[str, Any]:
        return {**self.base, "state": json.loads(state_json)}

    def moves_of(self, state_json: str, played: frozenset[str]) -> list[Move]:
        data = self.at(state_json)
        out: list[Move] = []
        for c in candidates(data, played):
            k = (state_json, c)
            if k not in self.moves_memo:
                self.moves_memo[k] = moves(data, c)
            out += self.moves_memo[k]
        return out

    def best(self, state_json: str, played: frozenset[str], left: int) -> tuple[Rank, tuple[str, ...]]:
        k = (self.fold(state_json), played, left)
        if k in self.memo:
            return self.memo[k]
        result: tuple[Rank, tuple[str, ...]] = ((0, 0, 0, 0), ())
        if left > 0:
            for m in self.moves_of(state_json, played):
                # The spec's rule 2: after the value, the most summed X of the casts whose X
                # is chosen (every X here: the candidates are `auto`).
                now = (self.values.get(m.candidate.key, 1), m.x or 0, -m.objective, -m.size)
                more = (played | {f"{m.candidate.zone}:{m.candidate.object}"}
                        if m.candidate.kind != "ability" else played)
                (v, x, o, s), order = self.best(m.after, more, left - 1)
                rank = (now[0] + v, now[1] + x, now[2] + o, now[3] + s)
                if rank > result[0]:
                    result = (rank, (m.candidate.key,) + order)
        self.memo[k] = result
        return result


def solve_turn(data: dict[str, Any]) -> TurnOutcome:
    """The best turn by exhaustion: value, objective and size (and one best order)."""
    base = normalized(data)
    spec = data.get("turn") or {}
    if spec.get("candidates", "auto") != "auto":
        raise Unsupported("an explicit candidate list")
    search = _Search(base, {str(k): int(v) for k, v in (spec.get("values") or {}).items()})
    left = int(spec["max_plays"]) if spec.get("max_plays") is not None else DEFAULT_MAX_PLAYS
    (value, x_sum, neg_objective, neg_size), order = search.best(state_key(base["state"]), frozenset(),
                                                              left)
    return TurnOutcome(value, -neg_objective, -neg_size, order, len(search.memo), x_sum)


# --- The planner's turn, replayed --------------------------------------------------------------

def replay(data: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The planner's sequence replayed by the reference: each play a move the reference finds on
    the state it meets (the same resulting state for the same objective), its value and
    objective summing to what the answer claims; each cast's payment also checked by the
    single-cast reference (`payment.check_payment`)."""
    from .payment import check_payment

    base = normalized(data)
    spec = data.get("turn") or {}
    values = {str(k): int(v) for k, v in (spec.get("values") or {}).items()}
    search = _Search(base, values)
    state_json = state_key(base["state"])
    played: frozenset[str] = frozenset()
    problems: list[str] = []
    value = objective = 0
    plays = answer.get("plays") or []
    order = answer.get("order") or []
    limit = int(spec["max_plays"]) if spec.get("max_plays") is not None else DEFAULT_MAX_PLAYS
    if len(plays) > limit:
        problems.append(f"{len(plays)} plays, max_plays {limit}")
    for n, p in enumerate(plays):
        where = f"plays[{n}]"
        here = search.at(state_json)
        key = p["play"]["object"] if "ability" not in p["play"] else \
            f"{p['play']['object']}.{p['play']['ability']}"
        if n < len(order) and order[n] != key:
            problems.append(f"{where}: order says {order[n]}, the play is {key}")
        cands = [c for c in candidates(here, played) if c.key == key]
        if not cands:
            problems.append(f"{where}: {key} is not a candidate on the state it meets")
            break
        c = cands[0]
        found = search.moves_of(state_json, played)
        mine = [m for m in found if m.candidate == c]
        if c.kind == "land" or p.get("land"):
            if c.kind != "land" or not p.get("land") or not mine:
                problems.append(f"{where}: {key}: not a land play the reference allows here")
                break
            after = mine[0].after
            obj_score = 0
        else:
            single = dict(here)
            single["play"] = _play_of(here, c)     # every optional cost auto, as the turn's
            single = with_held(priced_view(single, c), every=True)  # effects, haste, the pool
            problems += [f"{where}: payment: {q}" for q in check_payment(single, p)]
            try:
                after_n = (answer.get("after") or [])[n] if n < len(answer.get("after") or []) else {}
                afters = _applied(here, c, p, after_n.get("untapped"))
            except (KeyError, ValueError, TypeError, IndexError) as bad:
                problems.append(f"{where}: unreadable payment ({type(bad).__name__}: {bad})")
                break
            obj_score = int(p.get("objective", p.get("score", 0)))
            reached = {search.fold(m.after) for m in mine if m.objective == obj_score}
            after = next((a for a in afters if search.fold(a) in reached), afters[0])
            same = search.fold(after)
            match = [m for m in mine if search.fold(m.after) == same and m.objective == obj_score]
            if not match:
                near = sorted({m.objective for m in mine if search.fold(m.after) == same})
                problems.append(f"{where}: {key}: the reference finds no move reaching the "
                                f"state this payment leaves for objective {obj_score}"
                                + (f" (it charges {near})" if near else
                                   f" ({len(mine)} moves, none reaching that state)"))
                break
            if mine and match[0].x != p.get("x"):
                problems.append(f"{where}: x {p.get('x')}, the reference's {match[0].x}")
        value += values.get(key, 1)
        objective += obj_score
        if c.kind != "ability":
            played = played | {f"{c.zone}:{c.object}"}
        state_json = after
    else:
        if answer.get("value") != value:
            problems.append(f"value: the answer says {answer.get('value')}, its plays sum to {value}")
        if answer.get("objective") != objective:
            problems.append(f"objective: the answer says {answer.get('objective')}, the "
                            f"reference's replay sums to {objective}")
    return problems


def _applied(here: dict[str, Any], c: Candidate, p: dict[str, Any],
             listed: list[str] | None = None) -> list[str]:
    """The states a plan's payment may leave, read from its JSON (`listed`: the untapped sources
    the answer's `after` gives for it, which say what an untap effect untapped): one, or one for
    each snow part of the pool left its {S} payment allows (`_snow_choices`)."""
    pay = p["payment"]
    tapped: set[str] = set()
    removed: dict[str, str] = {}
    lost: dict[str, str] = {}
    exiled: set[str] = set()
    mill = 0
    change: dict[str, dict[str, int]] = {}
    opp_untapped: set[str] = set()
    for s in pay.get("sources") or []:
        costs = [str(x) for x in s.get("costs") or []]
        opp_untapped.update(str(i) for i in s.get("untapped") or [])
        removes = s.get("counters_removed") or {
            w[1]: int(w[2]) for w in (c.split() for c in costs) if w[0] == "remove_counters"}
        for kind, n in removes.items():
            mine = change.setdefault(str(s["id"]), {})
            mine[kind] = mine.get(kind, 0) - int(n)
        if "tap" in costs:
            tapped.add(str(s["id"]))
        if "sacrifice_self" in costs:
            removed[str(s["id"])] = "sacrifice"
        for cost in costs:
            words = cost.split()
            if words[0] in REMOVALS:
                removed.update({w: words[0] for w in words[1:]})
            elif words[0] == "tap_untapped":
                tapped.update(words[1:])
            elif words[0] in HAND_KINDS:
                lost.update({w: words[0] for w in words[1:]})
            elif words[0] == "exile_from_graveyard":
                exiled.update(words[1:])
            elif words[0] == "mill":
                mill += int(words[1])
    tapped |= {str(x["id"]) for x in pay.get("convoke") or []}
    tapped |= {str(x) for x in pay.get("improvise") or []}
    exiled |= {str(x) for x in pay.get("delve") or []}
    for kind, ids in (pay.get("other") or {}).items():
        if kind == "mill":
            mill += int(ids)
        elif kind in REMOVALS:
            removed.update({str(i): kind for i in ids})
        elif kind == "tap_untapped":
            tapped.update(str(i) for i in ids)
        elif kind in HAND_KINDS:
            lost.update({str(i): kind for i in ids})
        elif kind == "exile_from_graveyard":
            exiled.update(str(i) for i in ids)
    left_vec = parse_plain(str(p.get("left_in_pool") or ""))
    if left_vec[0]:
        raise ValueError(f"left_in_pool {p.get('left_in_pool')!r} holds generic mana")
    dest = p.get("destination") if c.kind == "cast" else None
    total = p.get("total") or {}
    if c.kind == "ability":
        mine = change.setdefault(c.object, {})
        for kind, n in (total.get("counters") or {}).items():
            mine[kind] = mine.get(kind, 0) - int(n)
        if total.get("loyalty") is not None:
            mine["loyalty"] = mine.get("loyalty", 0) + int(total["loyalty"])
    plain, held = _split_restricted(here, c, pay, tuple(left_vec[1:7]))
    out = []
    for snow in _snow_choices(here, pay, int(parse_plain(str(total.get("mana") or ""))[7]), plain):
        states = apply(here, c, tapped, removed, lost, exiled, mill, int(pay.get("life", 0)),
                       plain, dest, change, total.get("loyalty") is not None,
                       opp_untapped=opp_untapped, restricted=held, snow=snow)
        out.append(_pick_untap(states, None if listed is None else set(listed)))
    return out


def _snow_choices(here: dict[str, Any], pay: dict[str, Any], n: int, left: tuple[int, ...]
                  ) -> list[tuple[int, ...]]:
    """The snow part of the pool a payment may leave: the pool's snow and what its snow
    permanents' sources made, less the n {S} it paid (of any types: each way), the non-snow
    mana of a type spent first (`_snow_left`)."""
    cards = here["cards"]
    you = here["state"]["you"]
    snow = list(pool_of(str(you.get("snow_pool") or "")))
    for s in pay.get("sources") or []:
        obj = next((o for o in you["battlefield"] if o["id"] == str(s["id"])), None)
        if obj is not None and cards[obj["card"]].get("snow"):
            for _, col in parse_symbols(str(s.get("adds") or "")):
                snow[MANA.index(col)] += 1
    rests = sorted(set(takes(tuple(snow), list(range(6)), n))) or [tuple(snow)]
    return sorted({snow_left(r, left) for r in rests})


def _split_restricted(here: dict[str, Any], c: Candidate, pay: dict[str, Any],
                      left: tuple[int, ...]) -> tuple[tuple[int, ...], Restricted]:
    """The planner's `left_in_pool` split into plain and restricted mana (106.6): the restricted
    mana this spell may spend is spent before plain mana of its color (what is left is then the
    most useful), the rest stays restricted. A source is restricted when every mana ability
    of its card has one `only_for`. Spending restricted mana the spell may not spend leaves
    less than that: a ValueError (the replay reports it)."""
    cards = here["cards"]
    held = [tuple(x) for x in here["state"]["you"].get("_restricted") or []]
    made = [0] * 6
    for s in pay.get("sources") or []:
        obj = next((o for o in here["state"]["you"]["battlefield"] if o["id"] == str(s["id"])), None)
        kinds = {json.dumps(a.get("only_for"), sort_keys=True) if a.get("only_for") is not None
                 else None for a in (cards[obj["card"]].get("mana") or [])} if obj else {None}
        for _, col in parse_symbols(str(s.get("adds") or "")):
            if len(kinds) == 1 and None not in kinds:
                held.append((next(iter(kinds)), col))
            else:
                made[MANA.index(col)] += 1
    if not held:
        return left, ()
    single = {**here, "play": _play_of(here, c)}
    b = board(priced_view(single, c))
    stays = sorted(r for r in held if not b.usable(r[0]))
    usable = sorted(r for r in held if b.usable(r[0]))
    prior = pool_of(here["state"]["you"]["mana_pool"])
    plain = list(left)
    kept: list[tuple[str, str]] = list(stays)
    for k, col in enumerate(MANA):
        mine = [r for r in usable if r[1] == col]
        unusable = sum(1 for r in stays if r[1] == col)
        spent = prior[k] + made[k] + len(mine) + unusable - left[k]
        keep = mine[max(0, spent):] if spent < len(mine) else []
        kept += keep
        plain[k] = left[k] - len(keep) - unusable
        if plain[k] < 0:
            raise ValueError(f"left_in_pool {pool_text(left)}: spends restricted {col} mana "
                             f"this play may not spend (106.6)")
    return tuple(plain), tuple(sorted(kept))


def _pick_untap(states: list[str], listed: set[str] | None) -> str:
    """Of the states an untap effect's choices leave, the one whose untapped permanents are the
    planner's (`after[i].untapped`, the untapped mana sources after the play)."""
    if len(states) == 1 or listed is None:
        return states[0]
    fields = [{o["id"]: o["tapped"] for o in json.loads(s)["you"]["battlefield"]} for s in states]
    varying = {i for i in fields[0] if len({f.get(i) for f in fields}) > 1}
    for s, f in zip(states, fields):
        if all((not f[i]) == (i in listed) for i in varying):
            return s
    return states[0]


def compare(data: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The planner's turn JSON against the brute force: value, objective and size equal, the
    answer proven optimal, and its sequence replayed by the reference."""
    ref = solve_turn(data)
    problems: list[str] = []
    if answer.get("status") != "ok":
        return [f"status {answer.get('status')}"]
    if answer.get("value") != ref.value:
        problems.append(f"value: planner {answer.get('value')}, reference {ref.value} "
                        f"(reference order {list(ref.order)})")
    elif sum(int(p.get("x") or 0) for p in answer.get("plays") or []) != ref.x:
        problems.append(f"summed X: planner {sum(int(p.get('x') or 0) for p in answer['plays'])}, "
                        f"reference {ref.x} (reference order {list(ref.order)})")
    elif answer.get("objective") != ref.objective:
        problems.append(f"objective: planner {answer.get('objective')}, reference "
                        f"{ref.objective} (reference order {list(ref.order)})")
    else:
        size = sum(_size(p) for p in answer.get("plays") or [])
        if size != ref.size:
            problems.append(f"size: planner {size}, reference {ref.size} "
                            f"(reference order {list(ref.order)})")
    if answer.get("optimal") is not True:
        problems.append("planner says optimal: false")
    problems += replay(data, answer)
    return problems


def _size(p: dict[str, Any]) -> int:
    if p.get("land"):
        return 0
    return sum(parse_plain(str((p.get("total") or {}).get("mana") or "")))


def planner_answer(data: dict[str, Any], config: Any = None) -> dict[str, Any]:
    """payplan's `turn` answer (the entry point this reference compares against); `config` a
    `SolverConfig` (a longer time limit for a loaded machine), else the default."""
    from payplan.planner.commands import answer

    got = answer("turn", data) if config is None else answer("turn", data, config)
    out: dict[str, Any] = got.to_json()
    return out


__all__ = ["Candidate", "Move", "TurnOutcome", "Unsupported", "candidates", "compare", "moves",
           "planner_answer", "replay", "solve_turn"]
