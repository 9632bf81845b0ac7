"""Card definitions and the modifiers they carry (rules 353.2-353.4, 360 passive abilities).

Everything here is a frozen value read from the `cards` section of a scenario: the card itself,
its keywords (Flow, Accelerate, Repeat, Deflect), its printed additional costs, its own discounts
and the grants it gives while on the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..discounts import NO_POWER, Power
from .cost import Cost, Filter, Zone

if TYPE_CHECKING:
    from .state import Source

CARD_TYPES: tuple[str, ...] = ("unit", "spell", "gear", "token", "battlefield")
TIMINGS: tuple[str, ...] = ("normal", "action", "reaction")
COMPONENTS: tuple[str, ...] = ("total", "optional", "repeat", "accelerate")


# --- Amount expressions -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MaxMight:
    """`{max: might, of: FILTER}`: the highest Might among your units matching, 0 if none."""

    of: Filter = field(default_factory=Filter)


@dataclass(frozen=True, slots=True)
class CountOf:
    """`{count: FILTER, zone: board|hand|trash|runes, times: N}`: N x your matching objects
    there; `runes` counts your runes (its filter may name only a `domain`)."""

    of: Filter = field(default_factory=Filter)
    zone: Zone | Literal["runes"] = "board"
    times: int = 1


@dataclass(frozen=True, slots=True)
class PerPlayed:
    """`{per: played_this_turn, times: N}`: N x the cards played this turn."""

    times: int = 1


@dataclass(frozen=True, slots=True)
class PrintedOf:
    """`{printed_energy_of: paid, cost: ID}` / `{printed_power_of: paid, cost: ID}`: the printed
    Energy (or Power pips) of the object paid for the additional cost ID (Atakhan's victim). The
    choice of that object is part of the optimisation (`Choices.victims`); 0 while it is unpaid."""

    part: str  # "energy" or "power"
    cost: str


@dataclass(frozen=True, slots=True)
class MightOfTarget:
    """`{might_of: target}`: the Might of the play's first target (Hextech Gauntlets), 0 if none."""


Amount = int | MaxMight | CountOf | PerPlayed | PrintedOf | MightOfTarget


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
    "level_at_least",
    "played_this_turn_at_least",
    "controls",
    "runes_at_most",
    "empowered_at_least",
    "might_at_least",
    "score_at_least",
    "opponent_score_at_least",
    "within_of_victory",
    "opponent_controls",
    "units_at",
    "here",
    "units_died_at_least",
    "opponent_units_died_at_least",
    "in_showdown",
)
UNITS_AT_WHERE: tuple[str, ...] = ("here", "any")


@dataclass(frozen=True, slots=True)
class UnitsAt:
    """`{units_at: {count: N, where: here|any, controller}}`: a battlefield with exactly N units
    (both players' units counted): `here` the granting battlefield or the granting object's own
    battlefield, `any` some battlefield of `state.battlefields`; with `controller` (you,
    opponent, relative to the player the condition reads for) only a battlefield that player
    controls (Keeper of Law: "a battlefield you control")."""

    count: int
    where: str = "any"
    controller: str | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition of an `if` or `while` list; all of a list must hold.

    `value` is a zone name (`from`, `not_from`), `"flow"` (`base`), a Cost (`printed_at_least`),
    a flag name, a phase, a location (`at`), a Filter (`targets`, `controls`) or a number
    (`level_at_least`, `played_this_turn_at_least`, `runes_at_most`: you control at most N runes,
    `empowered_at_least`: the granting object has been Empowered N or more times,
    `might_at_least`: the granting object's Might, buffs included, is N or more).

    Board conditions as state, read for the player making the play or, for a
    grant (or a source, or an ability's own discount), its object's controller:
    `score_at_least` / `opponent_score_at_least` (a number: that player's `score` is at least
    N), `within_of_victory` (a number: your score >= the state's `victory_score` - N),
    `opponent_controls` (a Filter: the opponent has a board object matching), `units_at` (a
    UnitsAt). `here` (true): the granting object is a battlefield and `state.showdown_at`
    names it (Mystic Vortex's "during showdowns here"). `units_died_at_least` /
    `opponent_units_died_at_least` (a number: that player's `units_died_this_turn` is at least
    N; read for the same player as the score conditions).
    names it (Mystic Vortex's "during showdowns here"). `in_showdown` (true): the granting
    object is at the battlefield `state.showdown_at` names (Syndra, Transcendent's "while I'm
    in a showdown").
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

    Real-card additions: `tiers` ("instead" tiers: the last tier whose `if` holds applies alone,
    in place of this discount's own amounts); `per_payment` (on an unlock of a repeatable cost:
    the amounts count once per payment); `only_any_pips` (Weaponmaster, 747.1.c.3: the `[A]` part
    takes only `[A]` pips); `power_amounts` (a domain's entry given as an amount expression, as
    `(slot, amount)`, added to `power` when evaluated).
    """

    id: str | None = None
    energy: Amount = 0
    power: Power = NO_POWER
    min_energy: Amount = 0
    min_power: int = 0
    component: str = "total"
    choice: tuple[Discount, ...] = ()
    conditions: tuple[Condition, ...] = ()
    tiers: tuple[Discount, ...] = ()
    per_payment: bool = False
    only_any_pips: bool = False
    power_amounts: tuple[tuple[int, Amount], ...] = ()


@dataclass(frozen=True, slots=True)
class Increase:
    """A cost increase (rule 353.3). `tiers`: "instead" tiers, the last whose `if` holds applies
    alone (as on a Discount)."""

    id: str | None = None
    energy: Amount = 0
    power: Power = NO_POWER
    conditions: tuple[Condition, ...] = ()
    tiers: tuple[Increase, ...] = ()


@dataclass(frozen=True, slots=True)
class Grant:
    """A static modifier an object on the board gives to plays that match `applies_to`.

    Exactly one of `discount`, `increase`, `ignore_deflect`, `flow_printed` (Kennen: a Flow
    instance equal to the printed cost), `repeat` (`printed` or `base`: a Repeat instance equal
    to the printed cost or to the base cost in use; Temporal Portal, The Academy; or a Cost: a
    Repeat instance of that fixed cost, Syndra, Transcendent's "[Repeat] [2][chaos]"),
    `alternative` (Teemo: "pay this instead of the base cost"), `deflect`, `ignore` (an
    effect's only) is set.
    `applies_to.controller` is relative to the granting object's controller (default: the same
    player). `once_per_turn`: it applies only while its id (`id`, else its discount's or
    increase's id) is not in `state.you.used_this_turn`.

    `deflect` N (809.2: values stack): every board object `applies_to` matches (read on the
    object, not on a play; `self: true` the granting object itself) has Deflect N more while
    `while` holds, read with the granting object (`engine.total_cost.deflect_of`).
    """

    discount: Discount | None = None
    increase: Increase | None = None
    ignore_deflect: bool = False
    applies_to: Filter = field(default_factory=Filter)
    while_: tuple[Condition, ...] = ()
    id: str | None = None
    once_per_turn: bool = False
    flow_printed: bool = False
    alternative: Cost | None = None
    deflect: int = 0
    # With `ignore_deflect`, on a battlefield's grant (Heisho): only the Deflect of the chosen
    # objects at this battlefield is ignored.
    only_here: bool = False
    repeat: str | Cost | None = None  # `keyword: {repeat: printed|base|COST}`
    # An effect's `ignore: energy|power|cost` (Jayce, Man of Progress: "the next gear you play
    # costs 0 Energy"): the play it reaches ignores that part of its base cost (353.1), as
    # `play.ignore` does. Effects only: a board grant has no `ignore`.
    ignore: str | None = None

    @property
    def ident(self) -> str | None:
        if self.id is not None:
            return self.id
        for part in (self.discount, self.increase):
            if part is not None and part.id is not None:
                return part.id
        return None


@dataclass(frozen=True, slots=True)
class Trigger:
    """A "when you play ..." trigger of a card on your board (Lux, Illuminated: "when you play a
    spell that costs 5 or more, give me +3 Might this turn"). A trigger is not a cost: it
    changes no price; a plan names the triggers its play sets off. It fires for a card play of
    yours (not an ability play) that `applies_to` matches (as a grant's `applies_to`) whose
    card prints at least `energy_at_least` Energy (130.4: the printed cost, whatever changes
    or ignores it as the card is played)."""

    id: str
    applies_to: Filter = field(default_factory=Filter)
    energy_at_least: int | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect that lasts for the turn: "your next spell this turn costs
    [2] less" (`grant.discount`), "the next spell you play this turn has Repeat equal to its
    cost" (`grant.repeat`). It reaches its player's plays that `grant.applies_to` matches, as
    its grant would from the board; each play it reaches uses it once (`uses`: how many plays
    it still reaches; None for `uses: turn`, every matching play this turn). `id`: `effect1`,
    `effect2`, ... unless the file gives one; empty on a card's `effect` (it gets one when the
    card's resolution creates it)."""

    grant: Grant
    uses: int | None = 1
    id: str = ""

    @property
    def label(self) -> str:
        """The label of its discount in a plan's steps: the discount's id, else the effect's."""
        if self.grant.discount is not None and self.grant.discount.id is not None:
            return self.grant.discount.id
        return self.id


# --- Cards --------------------------------------------------------------------------------------


def repeat_name(index: int) -> str:
    """The optional-cost name of the Repeat instance `index`: `repeat`, `repeat.1`, `repeat.2`..."""
    return "repeat" if index == 0 else f"repeat.{index}"


@dataclass(frozen=True, slots=True)
class Keywords:
    """Cost keywords. `accelerate` is already resolved to a Cost (true -> [1] plus [C]).

    `repeat_base`: the indices of the Repeat instances (granted, `keyword: {repeat: base}`)
    whose cost is the base cost in use, worked out with the base (`total_cost.optional_costs`);
    their entry in `repeat` is a placeholder."""

    flow: tuple[Cost, ...] = ()
    accelerate: Cost | None = None
    repeat: tuple[Cost, ...] = ()
    repeat_base: tuple[int, ...] = ()
    deflect: int = 0
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """Printed "as an additional cost" text (rule 353.2); `unlocks` apply only if it is paid.

    `repeatable`: it may be paid 0..`max` times (None: no limit); an unlock with `per_payment`
    counts once per payment. `ignore` (an optional cost only: Wallop, Call to Glory, "you may
    spend a buff; if you do, ignore this spell's cost"): paying it changes the base cost as
    `play.ignore` does (353.1: `cost`, `energy` or `power` of the base in use set to 0); the
    additional costs and increases after it still apply."""

    id: str
    mandatory: bool
    cost: Cost
    unlocks: tuple[Discount, ...] = ()
    repeatable: bool = False
    max: int | None = None
    ignore: str | None = None


# `payment`: "you may pay X to [effect]" asked by a trigger or a resolving effect. It is not a
# play (no rule 353 step prices it): no discount, increase or Deflect reaches it, any timing.
ABILITY_KINDS: tuple[str, ...] = ("equip", "empower", "activated", "payment")
TRIGGERED = "triggered"  # `kind: triggered`: read as a payment that chooses (`Ability.triggered`)
SELF_ATOMS: tuple[str, ...] = ("exhaust_self", "kill_self", "banish_self", "disempower_self",
                               "recycle_self")


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability of a card on the board, played like a card (Equip, Empower, "[cost]: effect").

    `cost` may hold the self atoms (`exhaust_self`, ...) as non-standard costs of that kind with
    count 1; `timing` defaults to normal for equip/empower, reaction for activated; `targets` is
    what it chooses (None: nothing); `times` how often it may be used (Empower: counted by the
    object's `empowered`, default 1; others: by `OBJECT.ID` entries in `used_this_turn`);
    `while_` the conditions it may be used under ("use only while I'm at a battlefield",
    377.2.b), read with its own object as the granting object (`at`, `empowered_at_least`).
    `alternatives`: costs the player may pay instead of `cost` (Legion Marauder's Empower "[1]
    or [Body]"), each a base cost of its own (kind `alternative`).

    `triggered` (written `kind: triggered`; its `kind` is `payment`): a triggered ability that
    chooses (Riptide Rex's "when you play me, deal 6 to an enemy unit"). Like an effect's
    payment it is no play the player starts, but it owes the Deflect of what it chooses
    (353.2.a.2) on top of its `cost`."""

    id: str
    kind: str = "activated"
    cost: Cost = Cost()
    timing: str = "reaction"
    targets: Filter | None = None
    times: int | None = None
    discounts: tuple[Discount, ...] = ()
    while_: tuple[Condition, ...] = ()
    alternatives: tuple[Cost, ...] = ()
    triggered: bool = False


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
    abilities: tuple[Ability, ...] = ()
    ability_kind: str | None = None  # set on the Card value that stands for an ability play
    ignore_deflect: bool = False  # Decree of Insight: Deflect is not paid for this card's play
    effect_adds: Cost | None = None  # `effect: {adds: ...}`: its resolution adds this to the pool
    # `effect: {discounts, grants}`: the effects its resolution creates, in that order
    effect_creates: tuple[Effect, ...] = ()
    # `effect: {kill: targets}`: its resolution kills the play's targets on a board (415)
    effect_kill: bool = False
    effect_score: int = 0  # `effect: {score: N}`: its resolution adds N to your score
    # `targets: FILTER`: what its play chooses (a kill spell's "a unit"): a play's targets must
    # match it (`filters.target_matches`, controller relative to you), one at least; the turn
    # planner tries each object it accepts. None: the play's targets are the file's, unchecked.
    targets: Filter | None = None
    # `triggers`: its "when you play ..." triggers, read while its object is on your board
    triggers: tuple[Trigger, ...] = ()
    # `source`: the source its object has once a play puts it on your board (`id` unset)
    source: Source | None = None
    # Pips of the printed cost each payable by either of two domains (a Fury-or-Chaos pip):
    # announced as one of its halves as the base cost is determined.
    hybrid: tuple[tuple[str, str], ...] = ()
    # An ability play's costs payable instead of its cost (`Ability.alternatives`):
    # each a base cost of kind `alternative` (set on the Card value of an ability play only).
    alternatives: tuple[Cost, ...] = ()

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
        if self.keywords.hidden:
            names.append("hidden")
        return tuple(names)
