"""The answers of the commands, one type per command for every ruleset.

Each command answers with one of these, whatever the game: `Plan` (`payplan plan`, and each play
of `hand`, `play` and `turn`), `Hand`, `Orders`, `PlayResult`. A ruleset's own answer classes
subclass them (`planner.plan.Plan` for `payplan/1`, `planner.mtg.plan.MtgPlan` for `mtg/1`) and
add what only their game has; what every answer has is declared here, so code that handles
answers (the command line, `serve`, `batch`, a game AI) reads them the same way for both.

Every answer has `to_json()` (the JSON the command prints with `--json`, in the shape its schema
in `planner/schemas/` documents: its first key, `format`, names the ruleset, which decides the
form of the cost values inside), `render()` (the readable text) and `exit_code` (0, or 1 for a
play that can't be made).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, ClassVar, Literal, Sequence

Status = Literal["ok", "illegal", "unpayable"]
STATUSES: tuple[Status, ...] = ("ok", "illegal", "unpayable")
EXIT_OK, EXIT_NOT_PLAYABLE, EXIT_BAD_INPUT = 0, 1, 2


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
    spent are in the ruleset's own cost form (its subclass: `planner.plan.Plan`,
    `planner.mtg.plan.MtgPlan`)."""

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
        return self.table(self.plans)

    @property
    def exit_code(self) -> int:
        return EXIT_OK


class Orders(_OfRuleset):
    """`payplan orders`: each distinct total the orders of the play's discounts (reductions)
    reach, one order reaching it and how many do, for the choices of the cheapest plan."""

    __slots__ = ()

    play: dict[str, str]
    reasons: tuple[str, ...]

    @property
    @abstractmethod
    def legal(self) -> bool:
        """Whether the play may be made at all (an illegal play has no orders)."""

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.legal else EXIT_NOT_PLAYABLE


class PlayResult(_OfRuleset):
    """`payplan play`: the plays made (`plans`), the state after them, and where and why the run
    stopped, if it did (`stopped_at`, the index of the first play not made, and `reason`)."""

    __slots__ = ()

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


__all__ = ["Answer", "EXIT_BAD_INPUT", "EXIT_NOT_PLAYABLE", "EXIT_OK", "Hand", "Orders", "Plan",
           "PlayResult", "STATUSES", "Status"]
