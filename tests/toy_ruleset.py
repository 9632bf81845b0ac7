"""A third ruleset that only the tests register: `toy/1`, a game of coins.

It shows that a game is one module plus one registration, and that every command, `serve` and
`batch` reach it with no edit of their own: the tests register it with the environment variable
`PAYPLAN_RULESETS=toy_ruleset:RULESET` (with this folder on `PYTHONPATH`), which serve's and
batch's worker processes inherit.

The game: you hold `coins` of a few colors; each card in hand costs `cost` coins and may name
a `color` (then only coins of that color pay it). Spending a coin is charged 1, a gold coin 2
(they are rarer). The plan picks how many coins of each color to spend with the shared solver
kernel (`planner.kernel`), so the kernel serves a third model too.

    format: toy/1
    coins: {copper: 3, gold: 1}
    hand: [{id: a, cost: 2}, {id: b, cost: 1, color: gold}]
    play: a
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from payplan.engine.problems import Problem, ScenarioError
from payplan.planner import answers, kernel
from payplan.planner.answers import Hand, Status
from payplan.planner.config import SolverConfig
from payplan.planner.rulesets import Family

FORMAT = "toy/1"
COLORS = ("copper", "silver", "gold")
CHARGE = {"copper": 1, "silver": 1, "gold": 2}


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    cost: int
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Toy:
    """A loaded `toy/1` scenario."""

    coins: Mapping[str, int]
    hand: tuple[Card, ...]
    play: str | None = None


def load(data: object, require_play: bool = False, check: bool = False) -> Toy:
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise ScenarioError([Problem((), "expected a mapping with format, coins, hand, play")])
    for key in data:
        if key == "payment" and not check:
            problems.append(Problem(("payment",), "a payment is read by `payplan check` only"))
        elif key not in ("format", "coins", "hand", "play") and not (check and key == "payment"):
            problems.append(Problem((str(key),), f"unknown key {key!r}"))
    coins: dict[str, int] = {}
    raw = data.get("coins", {})
    if not isinstance(raw, dict):
        problems.append(Problem(("coins",), "expected a mapping of color to count"))
        raw = {}
    for color, n in raw.items():
        if color not in COLORS:
            problems.append(Problem(("coins", str(color)), f"unknown color {color!r}"))
        elif not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 1000:
            problems.append(Problem(("coins", color), "expected a whole number from 0 to 1,000"))
        elif n:
            coins[color] = n
    hand: list[Card] = []
    for i, item in enumerate(data.get("hand", []) or []):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            problems.append(Problem(("hand", i), "expected {id, cost, color}"))
            continue
        cost, color = item.get("cost", 0), item.get("color")
        if not isinstance(cost, int) or isinstance(cost, bool) or not 0 <= cost <= 1000:
            problems.append(Problem(("hand", i, "cost"), "expected a whole number from 0 to 1,000"))
            continue
        if color is not None and color not in COLORS:
            problems.append(Problem(("hand", i, "color"), f"unknown color {color!r}"))
            continue
        hand.append(Card(item["id"], cost, color))
    play = data.get("play")
    if play is not None and play not in [c.id for c in hand]:
        problems.append(Problem(("play",), f"unknown card {play!r}"))
    if play is None and require_play:
        problems.append(Problem(("play",), "missing (this command plans one play)"))
    if problems:
        raise ScenarioError(problems)
    return Toy(MappingProxyType(dict(sorted(coins.items()))), tuple(hand), play)


def dump(s: Toy) -> dict[str, object]:
    out: dict[str, object] = {"format": FORMAT, "coins": dict(s.coins),
                              "hand": [{"id": c.id, "cost": c.cost} | (
                                  {"color": c.color} if c.color else {}) for c in s.hand]}
    if s.play is not None:
        out["play"] = s.play
    return out


@dataclass(frozen=True, slots=True)
class ToyPlan(answers.Plan):
    FORMAT = FORMAT

    status: Status
    play: dict[str, str]
    spent: tuple[tuple[str, int], ...] = ()
    cost: int = 0
    score: int | None = None
    objective: int | None = None
    destination: str | None = None
    reasons: tuple[str, ...] = ()
    optimal: bool = True
    steps: tuple[str, ...] = ()
    lacking: int = 0  # unpayable: the coins the state lacks

    def to_json(self) -> dict[str, object]:
        ok = self.status == "ok"
        unpaid = {"shortfall": {"coins": self.lacking}} if self.status == "unpayable" else {}
        return {"format": FORMAT, "status": self.status, "play": dict(self.play),
                "total": {"coins": self.cost} if ok or unpaid else None, **unpaid,
                "steps": [{"rule": "toy", "text": s, "total": {"coins": self.cost}}
                          for s in self.steps],
                "payment": {"coins": dict(self.spent)} if ok else None,
                "spent": {"coins": sum(n for _, n in self.spent)} if ok else None,
                "paid": {}, "score": self.score, "objective": self.objective,
                "destination": self.destination, "reasons": list(self.reasons),
                "optimal": self.optimal if ok else None}

    def render(self) -> str:
        if self.status != "ok":
            return f"{self.play['card']}: {self.status}: " + "; ".join(self.reasons)
        spent = ", ".join(f"{n} {c}" for c, n in self.spent) or "nothing"
        return f"{self.play['card']}: ok, pays {spent} (score {self.score})"

    @property
    def size(self) -> int:
        return self.cost if self.ok else 0


def plan(s: Toy, config: SolverConfig, play: str | None = None) -> ToyPlan:
    card_id = play if play is not None else s.play
    assert card_id is not None
    card = next(c for c in s.hand if c.id == card_id)
    header = {"object": card.id, "card": card.id, "from": "hand"}
    payers = [c for c in COLORS if s.coins.get(c) and (card.color is None or c == card.color)]
    have = sum(s.coins[c] for c in payers)
    if have < card.cost:
        return ToyPlan("unpayable", header, cost=card.cost, lacking=card.cost - have, reasons=(
            f"needs {card.cost} {card.color or ''} coins".replace("  ", " "),))
    cp = kernel.cp_model
    model = cp.CpModel()
    use = {c: model.new_int_var(0, s.coins[c], f"use[{c}]") for c in payers}
    model.add(sum(use.values()) == card.cost)
    terms = [kernel.Term(sum(CHARGE[c] * v for c, v in use.items())),
             kernel.Term(sum(i * v for i, v in enumerate(use.values())))]
    solved = kernel.solve(model, terms, config,
                          lambda solver: tuple((c, int(solver.value(v))) for c, v in use.items()
                                               if solver.value(v)),
                          list(use.values()))
    assert solved is not None
    score = sum(CHARGE[c] * n for c, n in solved.value)
    return ToyPlan("ok", header, solved.value, card.cost, score, score, "played", (),
                   solved.optimal, (f"cost {card.cost}",))


@dataclass(frozen=True, slots=True)
class ToyOrders(answers.Orders):
    FORMAT = FORMAT

    play: dict[str, str]
    reasons: tuple[str, ...] = ()
    cost: int = 0

    @property
    def legal(self) -> bool:
        return True

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "status": "ok", "play": dict(self.play),
                "orders": [{"total": {"coins": self.cost}, "order": [], "count": 1}],
                "payable": True, "start": {"coins": self.cost}, "discounts": [],
                "total_orders": 1, "reasons": list(self.reasons)}

    def render(self) -> str:
        return f"{self.play['card']}: one order, total {self.cost} coins"


@dataclass(frozen=True, slots=True)
class ToyPlayResult(answers.PlayResult):
    FORMAT = FORMAT

    steps: tuple[ToyPlan, ...]
    after: Toy
    stopped_at: int | None = None
    reason: str | None = None

    @property
    def plans(self) -> tuple[ToyPlan, ...]:
        return self.steps

    def to_json(self) -> dict[str, object]:
        out = self.steps[0].to_json()
        out["state"] = {"coins": dict(self.after.coins)}
        return out

    def render(self) -> str:
        return self.steps[0].render() + f"\ncoins left: {dict(self.after.coins)}"


def check(data: Mapping[str, object], config: SolverConfig, s: Toy | None = None) -> answers.Check:
    """A payment `{coins: {color: n}}` pays the card when the coins are there, of colors that
    may pay it, and add up to its cost; charged as the plan charges them."""
    s = load(data, require_play=True, check=True) if s is None else s
    raw = data.get("payment")
    if not isinstance(raw, dict) or not isinstance(raw.get("coins", {}), dict):
        raise ScenarioError([Problem(("payment",), "expected {coins: {color: count}}")])
    spent = {str(c): n for c, n in raw.get("coins", {}).items()}
    best = plan(s, config)
    card = next(c for c in s.hand if c.id == s.play)
    problems = []
    for color, n in spent.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ScenarioError([Problem(("payment", "coins", color), "expected a count")])
        if n > s.coins.get(color, 0):
            problems.append(f"payment.coins.{color}: {n} spent, {s.coins.get(color, 0)} held")
        if n and card.color is not None and color != card.color:
            problems.append(f"payment.coins.{color}: only {card.color} pays {card.id}")
    if sum(spent.values()) != card.cost:
        problems.append(f"payment: pays {sum(spent.values())} coins for a cost of {card.cost}")
    score = sum(CHARGE.get(c, 0) * n for c, n in spent.items())
    legal = not problems
    return answers.Check(FORMAT, dict(best.play), legal, tuple(problems), {},
                         {"coins": card.cost}, {"coins": card.cost} if legal else None,
                         score if legal else None, score if legal else None,
                         best.score, best.objective, best.optimal if best.ok else None)


def apply(s: Toy, p: ToyPlan) -> Toy:
    coins = dict(s.coins)
    for color, n in p.spent:
        coins[color] -= n
    hand = tuple(c for c in s.hand if c.id != p.play["object"])
    return Toy(MappingProxyType({c: n for c, n in coins.items() if n}), hand, None)


@dataclass(frozen=True, slots=True)
class ToyRuleset:
    format: str = FORMAT
    title: str = "a game of coins (the tests' own)"
    families: tuple[Family, ...] = (Family("coins", 3, (3, 6), "SIZE cards in hand"),)
    bench: str | None = None

    def owns(self, scenario: object) -> bool:
        return isinstance(scenario, Toy)

    def load(self, data: object, *, require_play: bool = False) -> Toy:
        return load(data, require_play)

    def plan(self, scenario: Toy, config: SolverConfig) -> answers.Plan:
        return plan(scenario, config)

    def hand(self, scenario: Toy, config: SolverConfig) -> Hand:
        plans = tuple(plan(scenario, config, c.id) for c in scenario.hand)
        return Hand(FORMAT, plans, lambda ps: "\n".join(p.render() for p in ps))

    def orders(self, scenario: Toy, config: SolverConfig) -> answers.Orders:
        p = plan(scenario, config)
        return ToyOrders(p.play, cost=p.cost)

    def play(self, data: Mapping[str, object], config: SolverConfig) -> answers.PlayResult:
        s = load(data, require_play=True)
        p = plan(s, config)
        if not p.ok:
            return ToyPlayResult((p,), s, 0, "; ".join(p.reasons))
        return ToyPlayResult((p,), apply(s, p))

    def check(self, data: Mapping[str, object], config: SolverConfig,
              scenario: Toy | None = None) -> answers.Check:
        return check(data, config, scenario)

    def turn(self, scenario: Toy, config: SolverConfig) -> answers.Answer:
        from payplan.engine.turn import Turn
        from payplan.planner.kernel import deadline
        from payplan.planner.turn import plan_turn

        return plan_turn(ToyMoves(), scenario, Turn(), FORMAT, deadline(config))

    def turn_moves(self, scenario: Toy, defer: bool = True) -> Any:
        return ToyMoves()

    def apply_play(self, scenario: Toy, plan: answers.Plan) -> Toy:
        assert isinstance(plan, ToyPlan)
        return apply(scenario, plan)

    def dump(self, scenario: Toy) -> dict[str, object]:
        return dump(scenario)

    def generate(self, family: str, size: int, seed: int) -> dict[str, object]:
        return {"format": FORMAT, "coins": {"copper": size, "gold": seed % 3},
                "hand": [{"id": f"c{i}", "cost": 1 + (i + seed) % 3} for i in range(size)],
                "play": "c0"}


class ToyMoves:
    """The turn planner's moves for toy/1: each card in hand, every split of its cost over the
    colors that may pay it."""

    def begin(self, scenario: Toy) -> Toy:
        return scenario

    def realize(self, start: Toy, steps: Any) -> tuple[list[Any], list[Toy]]:
        return [m.plan for _, m in steps], [m.after for _, m in steps]

    def candidates(self, scenario: Toy, turn: object) -> list[Any]:
        from payplan.planner.turn import Candidate

        return [Candidate(c.id, (i,), (c.id,), c.id) for i, c in enumerate(scenario.hand)]

    def moves(self, scenario: Toy, candidate: Any, limit: object) -> list[Any]:
        from payplan.planner.turn import Move

        card = next((c for c in scenario.hand if c.id == candidate.key), None)
        if card is None:
            return []
        payers = [c for c in COLORS if scenario.coins.get(c) and (card.color in (None, c))]
        out = []
        for split in _splits(card.cost, [scenario.coins[c] for c in payers]):
            spent = tuple((c, n) for c, n in zip(payers, split) if n)
            charge = sum(CHARGE[c] * n for c, n in spent)
            p = ToyPlan("ok", {"object": card.id, "card": card.id, "from": "hand"}, spent,
                        card.cost, charge, charge, "played", (), True, (f"cost {card.cost}",))
            out.append(Move(p, apply(scenario, p), charge, card.cost, (charge, len(out))))
        return sorted(out, key=lambda m: m.rank)

    def twin(self, scenario: Toy, candidate: Any) -> object:
        return None

    def universe(self, scenario: Toy, turn: object) -> list[Any]:
        return self.candidates(scenario, turn)

    def key(self, scenario: Toy) -> object:
        return (tuple(scenario.coins.items()), scenario.hand)

    def reason(self, scenario: Toy, candidate: Any) -> str:
        card = next((c for c in scenario.hand if c.id == candidate.key), None)
        if card is None:
            return "no longer in hand"
        return "; ".join(plan(scenario, SolverConfig(), card.id).reasons)

    def state_json(self, scenario: Toy) -> dict[str, object]:
        return {"coins": dict(scenario.coins)}

    def card_name(self, scenario: Toy, card: str) -> str:
        return card

    def left_json(self, scenario: Toy) -> dict[str, object]:
        return {"coins": dict(scenario.coins)}

    def pool_left(self, scenario: Toy) -> str | None:
        return None


def _splits(count: int, room: list[int]) -> list[tuple[int, ...]]:
    if not room:
        return [()] if count == 0 else []
    return [(first, *rest) for first in range(min(count, room[0]), -1, -1)
            for rest in _splits(count - first, room[1:])]


RULESET = ToyRuleset()
