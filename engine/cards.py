"""Card definitions and the modifiers they carry (rules 353.2-353.4, 360 passive abilities).

Everything here is a frozen value read from the `cards` section of a scenario: the card itself,
its keywords (Flow, Accelerate, Repeat, Deflect), its printed additional costs, its own discounts
and the grants it gives while on the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from payplan.engine.cost import NO_POWER, Cost, Filter, Power

CARD_TYPES: tuple[str, ...] = ("unit", "spell", "gear", "token")
TIMINGS: tuple[str, ...] = ("normal", "action", "reaction")
COMPONENTS: tuple[str, ...] = ("total", "optional", "repeat", "accelerate")


# --- Amount expressions -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MaxMight:
    """`{max: might, of: FILTER}`: the highest Might among your units matching, 0 if none."""

    of: Filter = field(default_factory=Filter)


@dataclass(frozen=True, slots=True)
class CountOf:
    """`{count: FILTER, zone: board|hand|trash, times: N}`: N x your matching objects there."""

    of: Filter = field(default_factory=Filter)
    zone: str = "board"
    times: int = 1


@dataclass(frozen=True, slots=True)
class PerPlayed:
    """`{per: played_this_turn, times: N}`: N x the cards played this turn."""

    times: int = 1


Amount = int | MaxMight | CountOf | PerPlayed


# --- Conditions ---------------------------------------------------------------------------------

CONDITION_KINDS: tuple[str, ...] = (
    "from",
    "not_from",
    "base",
    "printed_at_least",
    "flag",
    "phase",
    "at",
    "targets",
)


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition of an `if` or `while` list; all of a list must hold.

    `value` is a zone name (`from`, `not_from`), `"flow"` (`base`), a Cost (`printed_at_least`),
    a flag name, a phase, a location (`at`) or a Filter (`targets`).
    """

    kind: str
    value: object


# --- Discounts, increases, grants ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Discount:
    """A cost reduction (rule 353.4).

    `energy` may be an amount expression; `power` removes pips of one domain, or pips of the
    player's choice in the `[A]` slot. `min_energy` / `min_power` bind this discount only
    (353.4.c). `choice` holds the branches of "[1] or [A] less": the player picks exactly one,
    each branch keeping this discount's minimums.
    """

    id: str | None = None
    energy: Amount = 0
    power: Power = NO_POWER
    min_energy: Amount = 0
    min_power: int = 0
    component: str = "total"
    choice: tuple[Discount, ...] = ()
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True, slots=True)
class Increase:
    """A cost increase (rule 353.3)."""

    id: str | None = None
    energy: Amount = 0
    power: Power = NO_POWER
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True, slots=True)
class Grant:
    """A static modifier an object on the board gives to plays that match `applies_to`.

    Exactly one of `discount`, `increase`, `ignore_deflect` is set. `applies_to.controller` is
    relative to the granting object's controller (default: the same player).
    """

    discount: Discount | None = None
    increase: Increase | None = None
    ignore_deflect: bool = False
    applies_to: Filter = field(default_factory=Filter)
    while_: tuple[Condition, ...] = ()


# --- Cards --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keywords:
    """Cost keywords. `accelerate` is already resolved to a Cost (true -> [1] plus [C])."""

    flow: tuple[Cost, ...] = ()
    accelerate: Cost | None = None
    repeat: tuple[Cost, ...] = ()
    deflect: int = 0


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """Printed "as an additional cost" text (rule 353.2); `unlocks` apply only if it is paid."""

    id: str
    mandatory: bool
    cost: Cost
    unlocks: tuple[Discount, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    domains: tuple[str, ...] = ()
    cost: Cost = Cost()
    timing: str = "normal"
    might: int | None = None
    tags: tuple[str, ...] = ()
    keywords: Keywords = Keywords()
    additional_costs: tuple[AdditionalCost, ...] = ()
    discounts: tuple[Discount, ...] = ()
    grants: tuple[Grant, ...] = ()

    @property
    def own_domain(self) -> str:
        """What `[C]` means on this card: its domain, or `any` with none or several."""
        return self.domains[0] if len(self.domains) == 1 else "any"

    def keyword_names(self) -> tuple[str, ...]:
        names = []
        if self.keywords.flow:
            names.append("flow")
        if self.keywords.accelerate is not None:
            names.append("accelerate")
        if self.keywords.repeat:
            names.append("repeat")
        if self.keywords.deflect:
            names.append("deflect")
        return tuple(names)
