"""mtg/1's whole turn where the casts do not interact (`planner/turn.py`'s `aim` and ordered
search): a *plain* turn, whose every card (yours and the opponent's, in every zone) is either
a land on your battlefield whose mana abilities each tap it for one mana of one color (rule
605; a basic land, 305.6), or an instant or sorcery with a cost of generic and colored mana
only (rule 601.2f: nothing reduces it, adds to it or offers another way to pay it: no X,
hybrid, Phyrexian, kicker, flashback, alternative or additional cost), no ability, grant or
effect; nothing in your graveyard, exile or command zone, no effect lasting for the turn in
your state (it reduces the first casts it matches); and the mana paid together (the
deferred mode, `planner/mtg/ledger.py`).

**Why the casts commute there.** A cast of such a card is offered on every state its card is
still in your hand, with the same moves (its payment is deferred: the ledger's), and what it
changes is the card's zone and the ledger's one epoch (no mana arrives during the turn: no
land is played, nothing adds mana), whose demand is the sum of the casts' mana in any order;
each move's objective is what its mana adds to the cheapest assignment of the ledger, so a
path's sum is the cheapest assignment of all its mana whatever the order. That is what the
ordered search asks (`planner/turn.py`'s `_Search`).

**The model** (`WholeTurn.aim`): which casts (each card at most once, at most `max_plays`),
their mana within what the lands (each one mana of one of its colors) and the pool give: each
color's pips from the lands tapped for that color and the pool's mana of it, the generic from
whatever is left. Only an incumbent (`planner/turn.py`'s `_aimed`): the turn is exact whatever
it answers.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Sequence

from ...engine.mtg.cards import Card, Scenario
from ...engine.mtg.mana import COLORS, TYPES, ManaCost
from ...engine.turn import Turn
from ..turn import Candidate
from ..whole_turn import solve, too_late

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
else:
    from ..kernel import cp_model

SPELLS = frozenset({"instant", "sorcery"})
# The fields a plain card may set (`Card`'s others must keep their defaults).
PLAIN_FIELDS = frozenset({"id", "name", "types", "cost", "colors", "tags", "mana"})


def _defaults(card: Card) -> bool:
    """Whether every field of the card but `PLAIN_FIELDS` keeps its default."""
    for f in dataclasses.fields(card):
        if f.name in PLAIN_FIELDS:
            continue
        if f.default is not dataclasses.MISSING:
            default: object = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            return False
        if getattr(card, f.name) != default:
            return False
    return True


def _land_colors(card: Card) -> tuple[str, ...] | None:
    """The colors a plain land taps for (one mana of one of them), None for any other card."""
    if set(card.types) != {"land"} or not card.mana or card.cost.symbols:
        return None
    colors: list[str] = []
    for ability in card.mana:
        if dataclasses.replace(ability, adds=()) != type(ability)(adds=()):
            return None  # a cost or a condition beyond {T}
        for mana in ability.adds:
            kinds = [i for i, n in enumerate(mana) if n]
            if len(kinds) != 1 or kinds[0] == 0 or mana[kinds[0]] != 1:
                return None
            colors.append(TYPES[kinds[0] - 1])
    return tuple(dict.fromkeys(colors))


def _spell_cost(card: Card) -> tuple[int, dict[str, int]] | None:
    """A plain spell's generic mana and colored pips, None for any other card."""
    if not set(card.types) <= SPELLS or not card.types or card.mana:
        return None
    return _plain_cost(card.cost)


def _plain_cost(cost: ManaCost) -> tuple[int, dict[str, int]] | None:
    generic = 0
    pips: dict[str, int] = {}
    for s in cost.symbols:
        if s.kind == "generic":
            generic += s.amount
        elif s.kind == "color" and len(s.colors) == 1 and s.colors[0] in COLORS:
            pips[s.colors[0]] = pips.get(s.colors[0], 0) + 1
        else:
            return None
    return generic, pips


class WholeTurn:
    """The plain turn's lands (the colors each taps for), pool and casts' costs."""

    def __init__(self, scenario: Scenario, turn: Turn[object]) -> None:
        self.turn = turn
        you = scenario.state.you
        self.lands: list[tuple[str, ...]] = []
        for obj in you.battlefield:
            colors = _land_colors(scenario.cards[obj.card])
            if colors is not None and not obj.tapped:
                self.lands.append(colors)
        self.pool = dict(zip(TYPES, you.mana_pool[1:]))
        self.pool_generic = you.mana_pool[0]
        self.costs: dict[str, tuple[int, dict[str, int]]] = {}
        for obj in you.hand:
            cost = _spell_cost(scenario.cards[obj.card])
            if cost is not None:
                self.costs[obj.id] = cost

    def aim(self, candidates: Sequence[Candidate], seconds: float) -> list[int] | None:
        """The indices of the candidates the model casts: the most value it finds within
        `seconds` (building it included; one worker), then the least mana; None when a
        candidate is not a plain cast from the hand or the time or the solver found
        nothing."""
        model = cp_model.CpModel()  # CP-SAT imported on first use: not in the budget
        until = time.monotonic() + seconds
        chosen: list[tuple[int, int, tuple[int, dict[str, int]], cp_model.IntVar]] = []
        for i, c in enumerate(candidates):
            if too_late(i, until):
                return None
            cost = self.costs.get(c.object_id) if c.object_id is not None else None
            if cost is None or c.card_object is None or not c.card_object.startswith("hand:"):
                return None
            value = self.turn.value(c.key)
            if value > 0:
                chosen.append((i, value, cost, model.new_bool_var("")))
        if not chosen:
            return None
        casts = [cast for *_, cast in chosen]
        model.add(cp_model.LinearExpr.sum(casts) <= self.turn.play_limit)
        tapped = [{color: model.new_bool_var(f"tap{j}{color}") for color in colors}
                  for j, colors in enumerate(self.lands)]
        for land in tapped:
            model.add(cp_model.LinearExpr.sum(list(land.values())) <= 1)
        for color in COLORS:
            pips = cp_model.LinearExpr.weighted_sum(
                casts, [cost[1].get(color, 0) for _, _, cost, _ in chosen])
            model.add(pips <= cp_model.LinearExpr.sum(
                [land[color] for land in tapped if color in land]) + self.pool.get(color, 0))
        sizes = [cost[0] + sum(cost[1].values()) for _, _, cost, _ in chosen]
        model.add(cp_model.LinearExpr.weighted_sum(casts, sizes)
                  <= len(self.lands) + self.pool_generic + sum(self.pool.values()))
        weight = sum(sizes) + 1  # the value first, then the least mana
        model.maximize(cp_model.LinearExpr.weighted_sum(
            casts, [value * weight - size for size, (_, value, _, _) in zip(sizes, chosen)]))
        return solve(model, casts, [i for i, *_ in chosen], until)


def whole_turn(scenario: Scenario, turn: Turn[object], deferred: bool) -> WholeTurn | None:
    """The whole-turn model of a plain turn (see the module docstring; `deferred`: whether its
    mana is paid together), None for any other."""
    state = scenario.state
    you = state.you
    if not deferred or you.graveyard or you.exile or you.command or you.effects:
        return None  # an effect for the turn reduces the first matching casts: order matters
    on_board = {o.id for o in you.battlefield}
    for card in scenario.cards.values():
        if not _defaults(card):
            return None
        if _land_colors(card) is None and _spell_cost(card) is None:
            return None
    for obj in (*you.battlefield, *state.opponent.battlefield):
        if _land_colors(scenario.cards[obj.card]) is None:
            return None  # a spell's card on a battlefield
    for obj in you.hand:
        if obj.id in on_board or _spell_cost(scenario.cards[obj.card]) is None:
            return None  # a land in hand is a land play: it adds mana during the turn
    return WholeTurn(scenario, turn)


__all__ = ["WholeTurn", "whole_turn"]
