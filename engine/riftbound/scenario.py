"""A scenario: the card library, the state, one play and the objective (format `payplan/1`).

The loader (`engine.riftbound.loader`) builds these values from JSON or YAML and
`engine.riftbound.dump` writes them back in the same format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .. import objective
from ..turn import Turn
from . import FORMAT as FORMAT  # re-exported: the format of this module's scenarios
from .cards import Card, Discount
from .cost import Cost
from .state import State

OPTIONAL_CHOICES: tuple[str, ...] = ("yes", "no", "auto")
IGNORES: tuple[str, ...] = ("cost", "energy", "power", "all")

DEFAULT_WEIGHTS: Mapping[str, int] = MappingProxyType(
    {
        "exhaust": 1,
        "recycle": 3,
        "discard": 4,
        "kill": 5,
        "exhaust_unit": 2,
        "recycle_from_trash": 1,
        "return_to_hand": 2,
        "spend_buff": 2,
        "spend_xp": 1,
        "source": 0,
        "banish": 5,
        "disempower": 2,
    }
)
DEFAULT_BENEFITS: Mapping[str, int] = MappingProxyType({"accelerate": 0, "repeat": 0})


@dataclass(frozen=True, slots=True)
class LeavesChain:
    """How the played card leaves the Chain: `resolution`, `counter` or `effect`."""

    by: str = "resolution"
    to: str | None = None
    instructed_by: str = "other"


@dataclass(frozen=True, slots=True)
class Play:
    """One play to plan.

    `base` is "auto", "printed", "play_for" or ("flow", index). `optional` maps each optional
    cost name (`accelerate`, `repeat`, `repeat.1`, or an additional cost's id) to yes/no/auto,
    or for a repeatable cost a count as digits ("3": exactly 3 times); names not listed are "no".
    `ability` makes it the play of an ability of `object` (an ability id, or `hide`).
    """

    object: str
    from_zone: str
    base: str | tuple[str, int] = "auto"
    ignore: str | None = None
    play_for: Cost | None = None
    targets: tuple[str, ...] = ()
    optional: tuple[tuple[str, str], ...] = ()
    discounts: tuple[Discount, ...] = ()
    permit: bool = False
    leaves_chain: LeavesChain = LeavesChain()
    ability: str | None = None  # an ability play of `object` (its id, or `hide`)
    # Whether the file named `from` (a turn's listed play that does not is played from where
    # its object is when it is tried: an earlier play may have put it in the trash)
    from_given: bool = True

    def optional_choice(self, name: str) -> str:
        for key, choice in self.optional:
            if key == name:
                return choice
        return "no"


@dataclass(frozen=True, slots=True)
class Objective(objective.Objective):
    """payplan/1's objective: `engine.objective.Objective` with this game's default weights
    (`DEFAULT_WEIGHTS`) and benefits (`DEFAULT_BENEFITS`)."""

    weights: Mapping[str, int] = field(default_factory=lambda: DEFAULT_WEIGHTS)
    benefits: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BENEFITS)
    defaults: Mapping[str, int] = field(default_factory=lambda: DEFAULT_WEIGHTS)


@dataclass(frozen=True, slots=True)
class Scenario:
    cards: Mapping[str, Card] = field(default_factory=lambda: MappingProxyType({}))
    state: State = State()
    play: Play | None = None
    objective: Objective = field(default_factory=Objective)
    turn: Turn[Play] | None = None  # `payplan turn`'s `turn:` (`docs/turns.md`)

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]
