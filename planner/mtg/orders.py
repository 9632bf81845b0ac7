"""`payplan orders` on an `mtg/1` cast: each total the orders of its reductions reach.

601.2f: the player applies the reductions in any order (a minimum binds only its own
reduction), then floors such as Trinisphere raise the total. For the choices of the cheapest
plan (or the first option when it can't be paid) this lists each distinct total, one order
reaching it and how many orders do, counted by a memoised walk over (reductions left, running
mana), never by listing the orders.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.mtg import FORMAT
from ...engine.mtg.cards import Scenario
from ...engine.mtg.mana import Mana, total_text
from ...engine.mtg.options import cast_options
from ...engine.mtg.resources import resources
from ...engine.mtg.total_cost import (
    Changer,
    apply_reduction,
    changers,
    played_card,
    price,
    reductions_of,
    with_counts,
)
from ...engine.problems import ScenarioError
from .. import answers
from ..answers import Status
from ..config import DEFAULT_CONFIG, SolverConfig
from ..render import readable, table
from .plan import plan

MAX_ORDERED = 10  # reductions whose orders `orders` counts (memoised, not walked)


@dataclass(frozen=True, slots=True)
class OrderTotal:
    """One distinct total, an order of the reductions reaching it, and how many orders do."""

    mana: Mana
    order: tuple[str, ...]
    count: int
    snow: int = 0  # the total's {S}: no reduction takes it (107.4h)

    def to_json(self) -> dict[str, object]:
        return {"total": {"mana": total_text(self.mana, self.snow)}, "order": list(self.order),
                "count": self.count}


@dataclass(frozen=True, slots=True)
class Orders(answers.Orders):
    """The answer of `payplan orders` on an `mtg/1` cast: for the cheapest plan's choices (or
    the first option when it can't be paid), each distinct total the orders of the reductions
    reach, cheapest first (floors after every order, as 601.2f says)."""

    FORMAT = FORMAT

    play: dict[str, str]
    status: Status
    reasons: tuple[str, ...] = ()
    cast: str | None = None
    start: Mana | None = None
    orders: tuple[OrderTotal, ...] = ()
    labels: tuple[str, ...] = ()
    snow: int = 0  # the total's {S}, the same in every order

    @property
    def legal(self) -> bool:
        return self.status != "illegal"

    @property
    def total_orders(self) -> int:
        return sum(o.count for o in self.orders)

    def _chosen_json(self) -> dict[str, object]:
        return {"cast": self.cast}

    def _start_json(self) -> object:
        return {"mana": total_text(self.start, self.snow)} if self.start is not None else None

    def render(self) -> str:
        return readable(render_orders(self))


def discount_orders(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG
                     ) -> Orders:
    """Each distinct total the orders of the reductions reach, for the choices of the cheapest
    plan (or the first option when it can't be paid), with how many orders reach it. Floors
    apply after every order, as 601.2f says."""
    p = plan(scenario, config)
    play = scenario.play
    assert play is not None
    nothing = Orders(p.play, p.status, p.reasons)
    if p.status == "illegal":
        return nothing
    card = played_card(scenario, play)
    option = p.option
    if option is None:
        res = resources(scenario, card, play.object if play.ability is None else "",
                        holder=play.object if play.ability is not None else "")
        opts = cast_options(scenario, play, res.cast_cap())
        if not opts.options:
            return nothing
        option = opts.options[0]
    changing = with_counts(changers(scenario, card, play.targets, play.object),
                           option.choices.optional)
    reductions = reductions_of(changing)
    if len(reductions) > MAX_ORDERED:
        raise ScenarioError.at(("play",), f"more than {MAX_ORDERED} reductions apply; `orders` "
                                          f"counts the orders of at most {MAX_ORDERED}")
    increases = tuple(c for c in changing if c.increase is not None)
    floors = tuple(c for c in changing if c.at_least is not None)
    started = price(scenario, card, play, option.choices, increases)
    start, snow = started.mana, started.snow
    results = _walk(start, reductions, floors, snow)
    ranked = sorted(results.items(), key=lambda r: (sum(r[0]), r[0]))
    return replace(nothing, cast=option.choices.cast, start=start, snow=snow,
                   orders=tuple(OrderTotal(m, order, count, snow)
                                for m, (count, order) in ranked),
                   labels=tuple(c.name for c in reductions))


def _walk(start: Mana, reductions: tuple[Changer, ...], floors: tuple[Changer, ...],
          snow: int = 0) -> dict[Mana, tuple[int, tuple[str, ...]]]:
    memo: dict[tuple[int, Mana], dict[Mana, tuple[int, tuple[str, ...]]]] = {}

    def finish(m: Mana) -> Mana:
        for f in floors:
            assert f.at_least is not None
            short = f.at_least - sum(m) - snow
            if short > 0:
                m = (m[0] + short,) + m[1:]
        return m

    def go(left: int, m: Mana) -> dict[Mana, tuple[int, tuple[str, ...]]]:
        key = (left, m)
        if key in memo:
            return memo[key]
        result: dict[Mana, tuple[int, tuple[str, ...]]] = {}
        if not left:
            result[finish(m)] = (1, ())
        else:
            for i in range(len(reductions)):
                if left & (1 << i):
                    after = apply_reduction(m, reductions[i], snow)
                    for final, (count, order) in go(left & ~(1 << i), after).items():
                        old = result.get(final)
                        result[final] = ((old[0] if old else 0) + count,
                                         old[1] if old else (reductions[i].name,) + order)
        memo[key] = result
        return result

    return go((1 << len(reductions)) - 1, start)


def render_orders(result: Orders) -> str:
    play = result.play
    head = f"{play['card']} ({play['object']}): {result.status}"
    if not result.orders:
        return "\n".join([head] + [f"  - {r}" for r in result.reasons])
    rows = [(total_text(t.mana, t.snow), t.count, " -> ".join(t.order) or "(no reductions)")
            for t in result.orders]
    start = total_text(result.start, result.snow) if result.start is not None else ""
    return head + f"\nbefore reductions: {start}\n\n" + table(
        ["total", "orders", "one order"], rows)


__all__ = ["Orders", "OrderTotal", "discount_orders", "render_orders"]
