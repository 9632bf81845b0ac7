"""Counters removed as a cost (122, 602.1, 601.2h) and loyalty abilities (606): a
loyalty ability's cost, its once-per-turn and sorcery-speed limits, and a mana ability that
removes counters as a cost.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .grants import _applying
from .mana import produced_options
from .objects import BadScenario, _objects

if TYPE_CHECKING:
    from .activation import Activation
    from .board import Board
    from .objects import Obj


# --- Counters removed as a cost; loyalty abilities ----------------------------
#
# Read from docs/mtg-format.md and rules 122, 605, 606, 601.2g-h as a player
# knows them, never from payplan's engine:
# - `counters: {KIND: N}` on a battlefield object (refused elsewhere); `{remove_counters: {kind,
#   count: N}}` in a mana ability's or an activated ability's `costs` removes N counters of KIND
#   from the ability's own permanent, payable only while it has N (after every earlier removal
#   of the same payment). A mana ability that taps or sacrifices nothing is activated as often
#   as its costs allow: the counters bound it (Druids' Repository: one mana per charge counter).
# - `per: removed` with `count: X` (storage lands): one activation at most, X from 1 to the
#   counters there, X mana each one of `adds`' options chosen independently; its mana cost ({1})
#   paid from other mana made before it (the land's own {T}: {C} included), as a filter's.
# - Each counter removed is charged the weight `counter` (default 1); a counter put on is free.
# - A loyalty ability (`loyalty: N` on an activated ability of a planeswalker): sorcery timing,
#   illegal when the object says `loyalty_activated: true` (606.3). Its cost is N plus every
#   matching grant's `loyalty` (Carth the Lion: -2 becomes -1, +1 becomes +2; two Carths add
#   2); a negative change needs that many loyalty counters (`counters.loyalty`, default 0), else
#   the ability can't be activated (606.6): `illegal`, as is an activated ability whose own
#   `remove_counters` finds too few counters (the state alone decides it; a mana ability short of
#   counters is just not used). The filter word `ability: loyalty`
#   matches loyalty abilities only.
# - The costs of one payment in order (601.2g then 601.2h): mana abilities remove their counters
#   first, from what the permanent has; then the ability's own cost puts on (+N) and removes
#   (-N, `remove_counters`) in the order the player likes, so additions first: the permanent
#   must have, after the mana abilities, at least the ability's removals less its additions.

@dataclass(frozen=True, slots=True)
class CounterCost:
    """An activated ability's own counter costs, on its permanent."""
    removed: int = 0                          # counters its cost removes (charged)
    short: bool = False                       # too few counters: the cost can't be paid
    loyalty: int | None = None                # the signed loyalty change (a loyalty ability)
    budget: tuple[tuple[str, int], ...] = ()  # what its permanent's mana abilities may remove


def _is_remove_counters(c: Any) -> bool:
    return isinstance(c, dict) and "remove_counters" in c


def _remove_counters(c: Any) -> tuple[str, int]:
    """`{remove_counters: {kind, count}}` as (kind, count); count X is -1 (read by `per: removed`)."""
    body = c["remove_counters"]
    count = body.get("count", 1)
    if str(count).upper() == "X":
        return str(body["kind"]), -1
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise BadScenario(f"remove_counters: count must be 1 or more, or X: {count!r}")
    return str(body["kind"]), count


def _loyalty_value(ability: dict[str, Any]) -> int | None:
    """`loyalty: N` of an activated ability (`+N` or `N` adds, `-N` removes), else None."""
    if "loyalty" not in ability:
        return None
    value = ability["loyalty"]
    if isinstance(value, bool):
        raise BadScenario(f"loyalty: not an integer: {value!r}")
    try:
        n = int(str(value).strip())
    except ValueError:
        raise BadScenario(f"loyalty: not an integer: {value!r}") from None
    if not -20 <= n <= 20:
        raise BadScenario(f"loyalty: -20 to +20: {value!r}")
    return n


def _loyalty_illegal(data: dict[str, Any], obj: Obj, ab: dict[str, Any]) -> str | None:
    """Why a loyalty ability can't be activated now (606.3), None when it can (timing aside)."""
    if ab.get("_loyalty") is None:
        return None
    if "planeswalker" not in ab["types"]:
        raise BadScenario(f"{obj.id}: a loyalty ability on a permanent that is no planeswalker")
    if obj.loyalty_activated:
        return f"loyalty: a loyalty ability of {obj.id} was activated this turn (606.3)"
    return None


def ability_counter_costs(data: dict[str, Any], obj: Obj, spell: dict[str, Any]) -> CounterCost:
    """The counters an activated ability's own cost puts on and removes (its `remove_counters`,
    its loyalty after the grants' `loyalty`), and what is left for its permanent's mana
    abilities (601.2g: they go first, then the ability's cost, additions before removals)."""
    if not spell.get("_ability"):
        return CounterCost()
    removes: dict[str, int] = {}
    for kind, n in spell.get("_removes") or []:
        if n < 0:
            raise BadScenario("remove_counters: count X only in a mana ability with per: removed")
        removes[kind] = removes.get(kind, 0) + n
    added: dict[str, int] = {}
    loyalty: int | None = spell.get("_loyalty")
    if loyalty is not None:
        state = data.get("state") or {}
        you = _objects(state.get("you") or {}, "battlefield", "you")
        opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
        for grant, _ in _applying(data, you, opp, spell, obj.id, obj.card, obj):
            if "loyalty" in grant:
                loyalty += _loyalty_value(grant) or 0
        if loyalty > 0:
            added["loyalty"] = loyalty
        elif loyalty < 0:
            removes["loyalty"] = removes.get("loyalty", 0) - loyalty
    have = dict(obj.counters) if obj.zone == "battlefield" else {}
    short = any(have.get(k, 0) + added.get(k, 0) < n for k, n in removes.items())
    budget = {k: max(0, min(n, n + added.get(k, 0) - removes.get(k, 0))) for k, n in have.items()}
    return CounterCost(sum(removes.values()), short, loyalty, tuple(sorted(budget.items())))


def counter_cards(cards: dict[str, Any], permanents: list[Obj], played: Obj, counted: CounterCost
                  ) -> tuple[dict[str, Any], list[Obj]]:
    """Each permanent whose mana abilities remove counters gets a card of its own (`CARD@ID`, its
    name kept) holding the counters it may spend (`_counters`; the played ability's permanent
    keeps what that ability's cost leaves, `counted.budget`)."""
    out = dict(cards)
    objs: list[Obj] = []
    for o in permanents:
        card = cards[o.card]
        if "remove_counters" not in json.dumps(card.get("mana") or []):
            objs.append(o)
            continue
        have = (dict(counted.budget) if o.id == played.id and played.zone == "battlefield"
                else dict(o.counters))
        key = f"{o.card}@{o.id}"
        out[key] = {**card, "name": card.get("name", o.card), "_counters": have}
        objs.append(replace(o, card=key))
    return out, objs


def _have(card: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((card.get("_counters") or {}).items()))


def counter_options(card: dict[str, Any], ability: dict[str, Any]
                    ) -> list[tuple[tuple[str, ...], tuple[tuple[str, int], ...], bool]]:
    """Each option of a mana ability as (mana added, counters removed, activated at most once):
    `per: removed` gives, for X from 1 to the counters its permanent has, each combination of X
    of `adds`' options (each chosen independently); otherwise `adds`' options, each removing
    the ability's fixed `remove_counters`."""
    fixed: dict[str, int] = {}
    x_kind: str | None = None
    for c in ability.get("costs") or []:
        if _is_remove_counters(c):
            kind, n = _remove_counters(c)
            if n < 0:
                x_kind = kind
            else:
                fixed[kind] = fixed.get(kind, 0) + n
    options = produced_options(ability["adds"])
    per_removed = ability.get("per") == "removed"
    if per_removed != (x_kind is not None):
        raise BadScenario("per: removed goes with a remove_counters count X, and only with it")
    if x_kind is None:
        removes = tuple(sorted(fixed.items()))
        return [(adds, removes, False) for adds in options]
    have = dict(_have(card))
    out = []
    for x in range(1, have.get(x_kind, 0) + 1):
        removes = tuple(sorted({**fixed, x_kind: fixed.get(x_kind, 0) + x}.items()))
        for combo in itertools.combinations_with_replacement(options, x):
            out.append((sum(combo, ()), removes, True))
    return out


def _counter_bounds(act: Activation) -> list[int]:
    """How often a free mana ability's counters let it be activated (`per: removed`: once)."""
    have = dict(act.have)
    bounds = [have.get(kind, 0) // n for kind, n in act.counters]
    return bounds + [1] if act.once else bounds


def counters_fit(acts: tuple[Activation, ...]) -> bool:
    """Whether one permanent's activations remove no more counters of a kind than it has."""
    spent: dict[str, int] = {}
    have: dict[str, int] = {}
    for a in acts:
        have.update(a.have)
        for kind, n in a.counters:
            spent[kind] = spent.get(kind, 0) + n
    return all(n <= have.get(kind, 0) for kind, n in spent.items())


def counters_charged(b: Board, acts: list[Activation]) -> int:
    """The weight `counter` for each counter the payment removes (mana abilities' and the
    activated ability's own cost, loyalty included)."""
    removed = b.ability_removes + sum(n for a in acts for _, n in a.counters)
    return removed * b.weights.get("counter", 1)
