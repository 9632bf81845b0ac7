"""`payplan check`, for every ruleset: is a payment the player chose legal, what does it score,
and how far is it from the best plan?

The steps are the same in every game, so they are written here once; each game gives its hooks
(`planner.riftbound.check`, `planner.mtg.check`):

1. read the payment and the choices named beside it (`read`, with the game's loaders);
2. list the options those choices allow (the game's engine: `Allowed`, a choice left out is
   left open), or say why there is none: the play is illegal, a choice can't be made;
3. pay each option with the payment (`Payments.pay`: the game's engine checks the payment by
   its paying rules, and scores it with the one scorer; no second checker lives here);
4. of the options it pays, take the one `plan` would make for that payment (the least
   `Paid.rank`: the game's plan ranking, on a fixed payment); when it pays none, report the
   problems of the closest option (`closest`);
5. compare with the best plan (its score and objective, and whether it is proved).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from .answers import Check, Plan

T = TypeVar("T")  # a game's cost option
T_contra = TypeVar("T_contra", contravariant=True)
S = TypeVar("S")  # its scenario
A = TypeVar("A")  # its payment
C = TypeVar("C")  # its choices

CUT = ("play: the time limit stopped the search of cost options: the choices this payment "
       "pays may not have been tried (raise --time-limit)")


@dataclass(frozen=True, slots=True)
class Allowed(Generic[T]):
    """The options a payment's choices allow on the play, as the game's engine lists them, in
    its order: none when the play is illegal (`reasons`) or a choice can't be made (`problems`,
    each `path: message`). `none` is the problem when no option is left otherwise; `exact`
    False says a time limit cut the search of options (the one paid may be missing)."""

    options: tuple[T, ...]
    none: str
    reasons: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    exact: bool = True


@dataclass(frozen=True, slots=True)
class Paid:
    """An option the payment pays: its rank among the options paid (the game's plan ranking,
    least first, the option's place last), its score, and the benefits of the `auto` optional
    costs it pays."""

    rank: tuple[int, ...]
    score: int
    benefit: int


class Payments(Protocol[T_contra]):
    """A game's hooks: the payment checked against one option, and the option in the plan's
    shape."""

    def pay(self, index: int, option: T_contra) -> Paid | tuple[str, ...]:
        """The payment paying the option (the `index`-th), or its problems (at least one)."""

    def spent(self, option: T_contra) -> dict[str, object]:
        """What the payment spends paying the option, in the game's cost form."""

    def planned(self, option: T_contra) -> bool:
        """Whether the option is the one the best plan chose."""

    def choices(self, option: T_contra) -> dict[str, object]:
        """The option's choices, in the plan's shape."""

    def total(self, option: T_contra) -> dict[str, object]:
        """The option's total, in the game's cost form."""

    def summary(self, option: T_contra) -> str:
        """The total and the choices of the option, in words."""


def read(data: Mapping[str, object], scenario: S | None,
         from_file: Callable[[dict[str, object]], tuple[S, A, C]],
         from_payment: Callable[[dict[str, object]], tuple[A, C]]) -> tuple[S, A, C]:
    """The scenario, the payment and the choices of a file's parsed data (`from_file`), or,
    given the `scenario` (the Python API), of data holding only the payment and the choices
    (`from_payment`); the loaders raise a ScenarioError for a bad file."""
    if scenario is None:
        return from_file(dict(data))
    payment, chosen = from_payment(dict(data))
    return scenario, payment, chosen


def check(fmt: str, best: Plan, allowed: Allowed[T], payments: Callable[[], Payments[T]]
          ) -> Check:
    """The check of a payment against the options `allowed` (steps 2 to 5 of the module
    docstring), compared with the `best` plan. `payments` makes the game's hooks; it is
    called only when some option is left to pay."""
    known = best.ok
    base = Check(fmt, dict(best.play), False,
                 optimal_score=best.score if known else None,
                 optimal_objective=best.objective if known else None,
                 optimal=best.optimal if known else None)
    if allowed.reasons:
        return replace(base, problems=tuple(f"play: {reason}" for reason in allowed.reasons))
    if allowed.problems:
        return replace(base, problems=allowed.problems)
    if not allowed.options:
        return replace(base, problems=(allowed.none,))
    hooks = payments()
    refused: list[tuple[str, ...]] = []
    paid: list[tuple[tuple[int, ...], int, Paid]] = []
    for i, option in enumerate(allowed.options):
        outcome = hooks.pay(i, option)
        refused.append(() if isinstance(outcome, Paid) else outcome)
        if isinstance(outcome, Paid):
            paid.append((outcome.rank, i, outcome))
    if not paid:
        i = closest(refused, [hooks.planned(option) for option in allowed.options])
        option = allowed.options[i]
        return replace(base, problems=refused[i] + (() if allowed.exact else (CUT,)),
                       choices=hooks.choices(option), total=hooks.total(option),
                       summary=hooks.summary(option))
    _, i, best_paid = min(paid, key=lambda entry: entry[:2])
    option = allowed.options[i]
    return replace(base, legal=True, choices=hooks.choices(option), total=hooks.total(option),
                   spent=hooks.spent(option), score=best_paid.score,
                   objective=best_paid.score - best_paid.benefit, summary=hooks.summary(option))


def closest(refused: Sequence[tuple[str, ...]], planned: Sequence[bool]) -> int:
    """The option whose problems are reported when the payment pays none: the fewest problems
    (the option the payment comes nearest to paying), then the one the best plan chose, then
    the first. (`payplan/1`'s engine refuses a payment at its first problem, so there each
    option has one, and this is the plan's option if the choices allow it, else the first.)"""
    return min(range(len(refused)), key=lambda i: (len(refused[i]), not planned[i], i))


__all__ = ["Allowed", "Paid", "Payments", "check", "closest", "read"]
