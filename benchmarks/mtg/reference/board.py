"""The board a cast is paid from: your permanents, hand and graveyard, the pool, life and
library (601.2g-h), the activations of every permanent, and the bounds on repeated
activations and on the mana the whole board could make (X under `x: auto`, 107.3).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import knobs
from .activation import POOL_SIZE, unit_slot
from .counted import counted_cards, counter_holders, holders, power_holders
from .counters import _counter_bounds, ability_counter_costs, counter_cards
from .effects import affected_activations, read_mana_effects
from .grants import ability_word_ok, granted_keywords
from .mana import COLORS, MANA, parse_symbols
from .mana_abilities import activations
from .objects import (
    HAND_KINDS,
    REMOVALS,
    REPEAT_CAP,
    WEIGHTS,
    BadScenario,
    _find,
    _fj,
    _matches_obj,
    _objects,
    matches,
)
from .reflect import reflect_cards, sacrificed_cards
from .spells import FACE_DOWN_SPELL, TURN_FACE_UP, ability_of
from .untap_mill import g2_board, g2_cards, untap_candidate

if TYPE_CHECKING:
    from .activation import Activation
    from .effects import ManaEffect
    from .objects import Obj


@dataclass(slots=True)
class Board:
    """What a payment may use: your permanents, cards in hand and graveyard (the played card
    left out), the pool, life, library, the weights; and the spell being paid."""
    cards: dict[str, Any]
    spell: dict[str, Any]
    cast_obj: Obj
    battlefield: list[Obj]
    hand: list[Obj]
    graveyard: list[Obj]
    pool0: tuple[int, ...]
    weights: dict[str, int]
    life_total: int
    library: int
    # What the activated ability's own counter costs remove (charged the
    # weight `counter` each), whether its permanent has too few counters for them, and a loyalty
    # ability's signed change after the cost changers (None: not a loyalty ability).
    ability_removes: int = 0
    counters_short: bool = False
    loyalty: int | None = None
    snow_pool: tuple[int, ...] = (0,) * 6            # the part of pool0 snow sources made
    spend_only: dict[str, Any] | None = None         # the cast card's `spend_only`
    life_for: dict[str, int] = field(default_factory=dict)   # color -> least life per pip
    effects: tuple[ManaEffect, ...] = ()             # both battlefields' mana effects
    # The opponent's battlefield (untap costs), what each of its permanents could
    # produce (106.7, by id), and how many cards on top of your library are known.
    opp_field: list[Obj] = field(default_factory=list)
    could: dict[str, frozenset[str]] = field(default_factory=dict)
    known_top: int = 0
    any_color: bool = False   # `state.you.spend_as_any_color`
    # `state.you.restricted_pool`: each entry's `only_for` (as JSON) and its mana (W U B R G C).
    restricted_pool: tuple[tuple[str, tuple[int, ...]], ...] = ()

    _units: tuple[int, ...] | None = None
    _matching: dict[str, list[int]] = field(default_factory=dict)

    def matching(self, fj: str) -> list[int]:
        """The battlefield objects (by index, in order) the filter (as JSON) matches, worked out
        once."""
        if fj not in self._matching:
            flt = json.loads(fj)
            self._matching[fj] = [i for i, o in enumerate(self.battlefield)
                                  if _matches_obj(self.cards, o, flt)]
        return self._matching[fj]

    def units(self) -> tuple[int, ...]:
        """The pool by slot (`unit_slot`): its snow part snow, none of it eligible for a
        `spend_only` spell (pool mana has no known producer)."""
        if self._units is None:
            self._units = self._pool_units()
        return self._units

    def _pool_units(self) -> tuple[int, ...]:
        p = [0] * POOL_SIZE
        eligible = self.spend_only is None or "spend_only_pool" in knobs.MISREADINGS
        for i, c in enumerate(MANA):
            p[unit_slot(c, True, eligible)] += self.snow_pool[i]
            p[unit_slot(c, False, eligible)] += self.pool0[i] - self.snow_pool[i]
        return tuple(p)

    def restricted_units(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The restricted mana already in the pool by slot (`unit_slot`), as (what the played
        spell or ability may spend: its entries' `only_for` admit it, what it may not: left in
        the pool, and in `left_in_pool`). Never snow; as the unrestricted pool, none of it
        eligible for a `spend_only` spell (no known producer)."""
        usable, dead = [0] * POOL_SIZE, [0] * POOL_SIZE
        eligible = self.spend_only is None or "spend_only_pool" in knobs.MISREADINGS
        for fj, mana in self.restricted_pool:
            into = usable if self.usable(fj) else dead
            for i, c in enumerate(MANA):
                into[unit_slot(c, False, eligible)] += mana[i]
        return tuple(usable), tuple(dead)

    def flagged(self, obj: Obj, acts: list[Activation]) -> list[Activation]:
        """`obj`'s activations with what their mana is: snow when its card is (`snow: true`, a
        filter ability's output too), eligible unless the cast card's `spend_only` filter rules
        `obj` out (the producer is the permanent whose ability made the mana)."""
        snow = bool(self.cards[obj.card].get("snow"))
        eligible = self.spend_only is None or _matches_obj(self.cards, obj, self.spend_only)
        if not snow and eligible:
            return acts
        return [replace(a, snow=snow, eligible=eligible) for a in acts]

    def affected(self, obj: Obj, acts: list[Activation], labels: bool = False) -> list[Activation]:
        """`obj`'s activations under the mana effects (`affected_activations`);
        `labels` keeps which effect did what (the checker's), else equal mana is one."""
        if not self.effects:
            return acts
        return affected_activations(self, obj, acts, labels)

    def usable(self, restricted: str) -> bool:
        """Mana `only_for: {ability: activated, ...}` pays abilities only, other restricted mana
        spells only, each matching the rest of its filter."""
        if self.spell.get("_special"):
            return False            # a special action is neither a spell nor an ability
        rest = dict(json.loads(restricted) or {})
        if not ability_word_ok(rest.pop("ability", None), self.spell):
            return False
        return matches(self.spell, rest, self.cast_obj.id, self.cast_obj.card)

    def available(self, kind: str, flt: Any) -> int:
        """How many objects a cost of `kind` could take at most."""
        if kind in REMOVALS:
            return sum(1 for o in self.battlefield if _matches_obj(self.cards, o, flt))
        if kind == "tap_untapped":
            return sum(1 for o in self.battlefield if not o.tapped and _matches_obj(self.cards, o, flt))
        if kind in HAND_KINDS:
            return sum(1 for o in self.hand if _matches_obj(self.cards, o, flt))
        if kind == "exile_from_graveyard":
            return sum(1 for o in self.graveyard if _matches_obj(self.cards, o, flt))
        return self.library                 # mill

    def untappable(self, fj: str) -> int:
        """How many of the opponent's permanents an untap cost with filter `fj` could take."""
        return sum(1 for o in self.opp_field if untap_candidate(self, o, fj, None))


def board(data: dict[str, Any]) -> Board:
    you_p = (data.get("state") or {}).get("you") or {}
    cards = sacrificed_cards(data, reflect_cards(data, g2_cards(data)))
    cards, permanents = holders(cards, _objects(you_p, "battlefield", "you"))
    cards, permanents = counter_holders(cards, permanents)
    cards, permanents = power_holders(cards, permanents)
    cards = counted_cards(cards, permanents)
    obj = _find(data)
    if "turn_face_up" in data["play"]:
        spell = dict(TURN_FACE_UP)
    elif data["play"].get("cast") == "face_down":
        spell = dict(FACE_DOWN_SPELL)
    else:
        spell = ability_of(data, obj) if "ability" in data["play"] else cards[obj.card]
    spell = granted_keywords(data, spell, obj)
    counted = ability_counter_costs(data, obj, spell)
    cards, permanents = counter_cards(cards, permanents, obj, counted)
    pool0 = _pool_counts(you_p.get("mana_pool"), "mana_pool")
    snow_pool = _pool_counts(you_p.get("snow_pool"), "snow_pool")
    if any(s > m for s, m in zip(snow_pool, pool0)):
        raise BadScenario("state.you.snow_pool: not part of mana_pool")
    # `spend_only` binds casting the card (any method), never its activated abilities.
    spend_only = None if "ability" in data["play"] else spell.get("spend_only")
    if "spend_only" in data["cards"][obj.card] and "land" in (data["cards"][obj.card].get("types") or []):
        raise BadScenario("spend_only on a land card (refused)")
    # The played card leaves the hand as it is cast; a card whose ability is activated from the
    # hand stays there to pay its own `discard_self`.
    keep = "ability" in data["play"] and obj.zone == "hand"
    return Board(cards, spell, obj, permanents,
                 [o for o in _objects(you_p, "hand", "you") if keep or o.id != obj.id],
                 [o for o in _objects(you_p, "graveyard", "you") if o.id != obj.id],
                 pool0, {**WEIGHTS, **((data.get("objective") or {}).get("weights") or {})},
                 int(you_p.get("life", 20)), int(you_p.get("library", 0)),
                 counted.removed, counted.short, counted.loyalty, snow_pool,
                 None if spend_only is None else dict(spend_only), life_for_amounts(data),
                 effects=read_mana_effects(data),
                 any_color=_any_color(you_p), restricted_pool=_restricted_pool(you_p),
                 **g2_board(data, spell))


def _any_color(you_p: dict[str, Any]) -> bool:
    """`state.you.spend_as_any_color`: true or false (default false)."""
    value = you_p.get("spend_as_any_color", False)
    if not isinstance(value, bool):
        raise BadScenario("state.you.spend_as_any_color: not true or false")
    return value


def _restricted_pool(you_p: dict[str, Any]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """`state.you.restricted_pool: [{mana, only_for}]` (106.6: mana already in the pool that may
    be spent only as `only_for` says, read as a mana ability's `only_for`), default none."""
    entries = you_p.get("restricted_pool") or []
    if not isinstance(entries, list):
        raise BadScenario("state.you.restricted_pool: not a list")
    out = []
    for i, e in enumerate(entries):
        where = f"state.you.restricted_pool[{i}]"
        if not isinstance(e, dict) or set(e) != {"mana", "only_for"} or not isinstance(e["only_for"], dict):
            raise BadScenario(f"{where}: an entry is {{mana, only_for: FILTER}}")
        if "chosen_type" in e["only_for"]:
            raise BadScenario(f"{where}.only_for.chosen_type: no permanent holds the filter")
        mana = _pool_counts(e["mana"], f"restricted_pool[{i}].mana")
        if not sum(mana):
            raise BadScenario(f"{where}.mana: empty")
        out.append((_fj(e["only_for"]), mana))
    return tuple(out)


def _pool_counts(text: Any, key: str) -> tuple[int, ...]:
    """A pool string (`mana_pool`, `snow_pool`) by type W U B R G C: plain mana only."""
    pool = [0] * 6
    for kind, arg in parse_symbols(str(text or "")):
        if kind != "mana":
            raise BadScenario(f"state.you.{key}: plain mana only")
        pool[MANA.index(arg)] += 1
    return tuple(pool)


def life_for_amounts(data: dict[str, Any]) -> dict[str, int]:
    """K'rrik: each color some permanent on your battlefield has `life_for`, and
    the least life per pip among them (an opponent's permanent never helps you). A mana
    ability of yours with a pip of such a color in its own costs is refused (not built)."""
    cards = data["cards"]
    state = data.get("state") or {}
    you = _objects((state.get("you") or {}), "battlefield", "you")
    helpers = list(you)
    if "life_for_opponent" in knobs.MISREADINGS:      # wrong: an opponent's K'rrik helps you
        helpers += _objects((state.get("opponent") or {}), "battlefield", "opponent")
    out: dict[str, int] = {}
    for o in helpers:
        for color, amount in (cards[o.card].get("life_for") or {}).items():
            if color not in COLORS or isinstance(amount, bool) or not 1 <= int(amount) <= 20:
                raise BadScenario(f"cards.{o.card}.life_for: {color}: {amount!r}")
            out[color] = min(out.get(color, int(amount)), int(amount))
    if out:
        for o in you:
            for ability in cards[o.card].get("mana") or []:
                for c in ability.get("costs") or []:
                    if isinstance(c, str) and c.startswith("{") and any(
                            color in str(c).upper() for color in out):
                        raise BadScenario(f"cards.{o.card}.mana: a pip of a life_for color in "
                                          f"its costs (not built)")
    return out


def _repeat_bound(b: Board, act: Activation, potential: int) -> int:
    """How many times a free mana ability can be activated at most: each activation pays its
    costs again (a creature to sacrifice, an untapped creature to tap, life, mana, ...). The
    objects and the life bound it however far (rule 605: nothing else limits how often); only
    an ability whose costs are mana at most stops at REPEAT_CAP (the format's documented cut)."""
    bounds = [b.available(kind, json.loads(fj)) // n for kind, n, fj in act.parts]
    bounds += _counter_bounds(act)
    bounds += [b.untappable(fj) // n for n, fj in act.untaps]
    if act.life:
        bounds.append(b.life_total // act.life)
    k = min(bounds) if bounds else REPEAT_CAP
    if act.mana_cost:
        k = min(k, potential // max(1, len(act.mana_cost)))
    return k


def potential_mana(data: dict[str, Any]) -> int:
    """Every unit of mana any payment could bring, at most: a total above it can't be paid (each
    symbol of the total takes one unit)."""
    b = board(data)
    spell = b.spell
    base = (sum(b.pool0) + sum(sum(m) for _, m in b.restricted_pool)
            + len(b.graveyard) * bool(spell.get("delve")))
    frees: list[tuple[Activation, int]] = []
    for o in b.battlefield:
        acts = activations(b.cards[o.card])
        made = [(a, len(a.adds) + sum(len(t[1]) for t in a.triggers))
                for a in b.affected(o, acts) if not a.free]
        most = max([n for _, n in made] + [0])
        if "one_mana_use_per_permanent" not in knobs.MISREADINGS:
            # Tapped once and gone once: an ability that only taps it, then one that only
            # sacrifices it.
            most = max(most, max([n for a, n in made if not a.sac_self] + [-1])
                       + max([n for a, n in made if not a.taps] + [-1]))
        types = set(b.cards[o.card].get("types") or [])
        if (spell.get("convoke") and "creature" in types) or (spell.get("improvise") and "artifact" in types):
            most = max(most, 1)
        base += most
        frees += [(a, 1) for a in acts if a.free]
    total = base
    for a, _ in frees:
        if not a.mana_cost:
            total += len(a.adds) * _repeat_bound(b, a, 0)
    for a, _ in frees:
        if a.mana_cost:
            total += len(a.adds) * _repeat_bound(b, a, total)
    return total


def relevant_kinds(data: dict[str, Any]) -> str:
    """The kinds of mana (W U B R G C) some cost on the board names: any other kind can only pay
    generic mana, so two options of a mana ability that differ only in such kinds are one."""
    found: set[str] = set()

    def walk(v: Any, key: str = "") -> None:
        if key == "adds":
            return
        if isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and k in MANA:       # a reduction's `W: 1`
                    found.add(k)
                walk(x, str(k))
        elif isinstance(v, list):
            for x in v:
                walk(x, key)
        elif isinstance(v, str):
            for body in re.findall(r"\{([^{}]*)\}", v):
                found.update(ch for ch in body.upper() if ch in MANA)
    walk(data.get("cards"))
    return "".join(c for c in MANA if c in found)


def _pruned(acts: list[Activation], relevant: str) -> list[Activation]:
    stand_in = next((c for c in MANA if c not in relevant), None)
    if stand_in is None:
        return acts
    out: list[Activation] = []
    for a in acts:
        adds = tuple(c if c in relevant else stand_in for c in a.adds)
        triggers = tuple((t, tuple(c if c in relevant else stand_in for c in extra), snow, ok)
                         for t, extra, snow, ok in a.triggers)
        b = replace(a, adds=adds, triggers=triggers)
        if b.untap_colors is not None:
            # `adds: untapped`: one activation per kind it adds, untapping a permanent that
            # could produce any of the colors it stands for.
            plain = replace(b, untap_colors=None)
            at = next((k for k, o in enumerate(out) if replace(o, untap_colors=None) == plain), None)
            if at is not None:
                merged = (out[at].untap_colors or frozenset()) | b.untap_colors
                out[at] = replace(out[at], untap_colors=merged)
                continue
        if b not in out:
            out.append(b)
    return out
