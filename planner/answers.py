"""The answers of the commands, one type per command for every ruleset.

Each command answers with one of these, whatever the game: `Plan` (`payplan plan`, and each
play of `hand`, `play` and `turn`), `Hand`, `Orders`, `PlayResult`, `Check` (`payplan check`).
A ruleset's own answer classes subclass them (`planner.riftbound.plan.Plan` for `payplan/1`,
`planner.mtg.plan.Plan` for `mtg/1`) and add what only their game has; what every answer has
is declared here, so code that handles answers (the command line, `serve`, `batch`, a game AI)
reads them the same way for both.

Every answer has `to_json()` (the JSON the command prints with `--json`, in the shape its schema
in `planner/schemas/` documents: its first key, `format`, names the ruleset, which decides the
form of the cost values inside), `render()` (the readable text) and `exit_code` (0, or 1 for a
play that can't be made). The JSON's envelope, the keys every ruleset's answer has and their
order, is written here once; a ruleset's answer class gives only its own keys, through the
`_..._json` hooks of its base class, each placed where the schema puts that game's keys.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, ClassVar, Literal, Protocol, Sequence

from .render import readable

Status = Literal["ok", "illegal", "unpayable"]
STATUSES: tuple[Status, ...] = ("ok", "illegal", "unpayable")
EXIT_OK, EXIT_NOT_PLAYABLE, EXIT_BAD_INPUT = 0, 1, 2


class _Json(Protocol):
    """A part of an answer that writes its own JSON."""

    def to_json(self) -> dict[str, object]: ...


class Answer(ABC):
    """What every command answers: its JSON, its text and its exit code."""

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> dict[str, object]:
        """The JSON the command prints with `--json`."""

    @abstractmethod
    def render(self) -> str:
        """The readable text the command prints without `--json`."""

    @property
    @abstractmethod
    def exit_code(self) -> int:
        """0, or 1 where the play (or a play) can't be made."""

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)


class _OfRuleset(Answer):
    """An answer whose class belongs to one ruleset: `FORMAT` is set by the subclass."""

    __slots__ = ()

    FORMAT: ClassVar[str]

    @property
    def format(self) -> str:
        """The `format` of the ruleset that answered."""
        return self.FORMAT


class Plan(_OfRuleset):
    """The plan of one play: `status` ok, illegal or unpayable; what was played (`play`); the
    priced `steps`; the `score` and `objective` (score less the benefits of `auto` optional
    costs paid) of its payment; where the card goes (`destination`); why it can't be made
    (`reasons`); whether the answer is proved (`optimal`). The total, the payment and what was
    spent are in the ruleset's own cost form (its subclass: `planner.riftbound.plan.Plan`,
    `planner.mtg.plan.Plan`)."""

    __slots__ = ()

    status: Status
    play: dict[str, str]
    score: int | None
    objective: int | None
    destination: str | None
    reasons: tuple[str, ...]
    optimal: bool

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.ok else EXIT_NOT_PLAYABLE

    @property
    @abstractmethod
    def size(self) -> int:
        """The total's size: Energy plus Power pips (mtg/1: each generic unit and each colored
        symbol of the mana counts one); 0 for a plan that is not ok."""

    def to_json(self) -> dict[str, object]:
        """The keys every plan has, in the order of `plan.schema.json`, with the game's own
        where its schema puts them: what it chose and pays after `play` (`_paid_json`), what
        resolving does after `objective` (`_resolved_json`), its marks last (`_marks_json`)."""
        return {"format": self.format, "status": self.status, "play": dict(self.play),
                **self._paid_json(), "score": self.score, "objective": self.objective,
                **self._resolved_json(), "destination": self.destination,
                "reasons": list(self.reasons), "optimal": self._optimal_json(),
                **self._marks_json()}

    def _paid_json(self) -> dict[str, object]:
        """The game's choices, the total (an unpayable play's `shortfall` after it), the
        payment, what it spent and the steps, in its cost form (none by default)."""
        return {}

    def _resolved_json(self) -> dict[str, object]:
        """What resolving the play does besides where the card goes (none by default)."""
        return {}

    def _optimal_json(self) -> bool | None:
        """`optimal` as the game's schema writes it."""
        return self.optimal

    def _marks_json(self) -> dict[str, object]:
        """Keys only some plans carry (none by default)."""
        return {}


@dataclass(frozen=True, slots=True)
class Hand(Answer):
    """`payplan hand`: every play you could make now, planned (`plans`, in the ruleset's order);
    `table` writes them as the ruleset's readable table."""

    format: str
    plans: tuple[Plan, ...]
    table: Callable[[Sequence[Plan]], str] = field(compare=False, repr=False,
                                                   default=lambda plans: "")

    def to_json(self) -> dict[str, object]:
        return {"format": self.format, "plays": [p.to_json() for p in self.plans]}

    def render(self) -> str:
        return readable(self.table(self.plans))

    @property
    def exit_code(self) -> int:
        return EXIT_OK


class Orders(_OfRuleset):
    """`payplan orders`: each distinct total the orders of the play's discounts (reductions)
    reach, one order reaching it and how many do, for the choices of the cheapest plan."""

    __slots__ = ()

    play: dict[str, str]
    reasons: tuple[str, ...]
    orders: Sequence[_Json]  # each distinct total, cheapest first
    labels: tuple[str, ...]  # the discounts ordered

    @property
    def status(self) -> Status:
        """The status of the play's plan: ok, unpayable (legal, no payment), or illegal (by
        default ok when legal)."""
        return "ok" if self.legal else "illegal"

    @property
    @abstractmethod
    def legal(self) -> bool:
        """Whether the play may be made at all (an illegal play has no orders)."""

    @property
    def total_orders(self) -> int | None:
        """How many orders there are (None, the default: not counted)."""
        return None

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.legal else EXIT_NOT_PLAYABLE

    def to_json(self) -> dict[str, object]:
        """The keys every answer of `orders` has, in the order of `orders.schema.json`, with
        the game's own where its schema puts them: the choices ordered for after `play`
        (`_chosen_json`), its explanation before `reasons` (`_why_json`), its marks last."""
        return {"format": self.format, "status": self.status,
                "orders": [o.to_json() for o in self.orders], "play": dict(self.play),
                **self._chosen_json(), "payable": self.status == "ok",
                "start": self._start_json(), "discounts": list(self.labels),
                "total_orders": self.total_orders, **self._why_json(),
                "reasons": list(self.reasons), **self._marks_json()}

    def _chosen_json(self) -> dict[str, object]:
        """The choices of the plan the orders are counted for (none by default)."""
        return {}

    def _start_json(self) -> object:
        """The total before any discount, in the game's cost form (None, the default: no
        total)."""
        return None

    def _why_json(self) -> dict[str, object]:
        """Why the orders are what they are, in words (none by default)."""
        return {}

    def _marks_json(self) -> dict[str, object]:
        """Keys only some answers carry (none by default)."""
        return {}


@dataclass(frozen=True, slots=True)
class Check(Answer):
    """`payplan check`: whether a payment the player chose (and the choices it names) is legal
    (`legal`; else `problems`, each `path: message`), what it pays for (`play`, the `choices`
    it was read with, in the plan's shape, and their `total`), what it spends and scores (the
    one scorer's `score`, and `objective`, the score less the benefits of `auto` optional costs
    paid), and how far it is from the best plan (`optimal_score`, `optimal_objective`, the
    plan's; `gap` is `score` minus `optimal_score`; `optimal` whether the plan is proved
    best). Cost values (`total`, `spent`) are in the ruleset's form, as in its plans."""

    format: str
    play: dict[str, str]
    legal: bool
    problems: tuple[str, ...] = ()
    choices: dict[str, object] = field(default_factory=dict)
    total: dict[str, object] | None = None
    spent: dict[str, object] | None = None
    score: int | None = None
    objective: int | None = None
    optimal_score: int | None = None
    optimal_objective: int | None = None
    optimal: bool | None = None
    summary: str = field(default="", compare=False)  # the total and choices, in words (render)

    @property
    def gap(self) -> int | None:
        """`score` minus `optimal_score` (None when either is unknown)."""
        if self.score is None or self.optimal_score is None:
            return None
        return self.score - self.optimal_score

    def to_json(self) -> dict[str, object]:
        return {"format": self.format, "legal": self.legal, "problems": list(self.problems),
                "play": dict(self.play), "choices": dict(self.choices), "total": self.total,
                "spent": self.spent, "score": self.score, "objective": self.objective,
                "optimal_score": self.optimal_score, "optimal_objective": self.optimal_objective,
                "gap": self.gap, "optimal": self.optimal}

    def render(self) -> str:
        what = self.play.get("card", "")
        if "ability" in self.play:
            what += f", ability {self.play['ability']}"
        head = f"{what} ({self.play.get('object', '')}): payment {'legal' if self.legal else 'illegal'}"
        lines = [head] + [f"  - {problem}" for problem in self.problems]
        if self.summary:
            lines.append(("Paid for: " if self.legal else "Checked against: ") + self.summary)
        if self.legal:
            best = ("no plan found" if self.optimal_score is None
                    else f"{self.optimal_score}{'' if self.optimal else ' (not proved best)'}")
            lines.append(f"Score {self.score}" + (f" (objective {self.objective})"
                                                   if self.objective != self.score else "")
                         + f"; the best plan's: {best}"
                         + (f"; gap {self.gap}" if self.gap is not None else ""))
        return readable("\n".join(lines))

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.legal else EXIT_NOT_PLAYABLE


class PlayResult(_OfRuleset):
    """`payplan play`: the plays made (`plans`), the state after them, and where and why the run
    stopped, if it did (`stopped_at`, the index of the first play not made, and `reason`)."""

    __slots__ = ()

    sequence: bool  # the file gave `plays` (else one `play`)
    stopped_at: int | None
    reason: str | None

    @property
    @abstractmethod
    def plans(self) -> Sequence[Plan]:
        """Each play's plan, in order, up to the one that stopped the run."""

    @property
    def ok(self) -> bool:
        return self.stopped_at is None

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.ok else EXIT_NOT_PLAYABLE

    def to_json(self) -> dict[str, object]:
        """One play: its plan's JSON, then the state after it; `plays`: each plan's, the
        state, and where and why the run stopped (`play.schema.json`)."""
        state = self._state_json()
        if not self.sequence:
            out = self.plans[0].to_json() | self._refused_json()
            out["state"] = state
            return out
        return {"format": self.format, "plays": [p.to_json() for p in self.plans],
                "state": state, "stopped_at": self.stopped_at, "reason": self.reason}

    def _state_json(self) -> dict[str, object]:
        """The state after the plays, in the game's format (empty by default)."""
        return {}

    def _refused_json(self) -> dict[str, object]:
        """One play's plan the engine refused to apply: why (none by default)."""
        return {}


__all__ = ["Answer", "Check", "EXIT_BAD_INPUT", "EXIT_NOT_PLAYABLE", "EXIT_OK", "Hand", "Orders",
           "Plan", "PlayResult", "STATUSES", "Status"]
