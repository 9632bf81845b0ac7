"""Abilities played like cards: Equip, Empower, "[cost]: effect" (rules 7xx), and hiding a card
with Hidden (811): what each play costs before rule 353 prices it.

An ability play is priced by the same pipeline as a card (rule 353, `engine.total_cost`): it
stands as a `Card` value with the ability's cost and timing and `ability_kind` set, so grants
and discounts that name `ability` in their filter find it, and no grant for cards does. The
atoms that name the object itself (`exhaust_self`, `kill_self`, ...) become non-standard costs
on that one object (filter `id`): `exhaust_self` an `exhaust` of it (it must be ready, and one
object can't be exhausted twice), `kill_self` a `kill` of it; the others keep their kind.

A `payment` ability is an effect's "you may pay X to ..." (a trigger or a resolving spell asks
for it): not a play, so no grant, discount, increase or Deflect reaches it (no filter matches
it, and it has no discounts or targets), it has no timing, and its card may be in any zone.
"""

from __future__ import annotations

from dataclasses import replace

from .cards import Ability, Card, Keywords
from .cost import ANY, Cost, Filter, OtherCost, power_from_map
from .filters import controller_of, play_matches, target_matches
from .scenario import Scenario
from .state import GameObject

HIDE = "hide"
HIDE_COST = Cost(0, power_from_map({ANY: 1}))  # 811: hiding a card costs [A]
RESOLVED_KIND = {"exhaust_self": "exhaust", "kill_self": "kill"}


def find_ability(card: Card, ident: str) -> Ability | None:
    return next((a for a in card.abilities if a.id == ident), None)


def accepts_target(scenario: Scenario, ability: Ability, target: GameObject) -> bool:
    """Whether `ability` may choose `target`: its `targets` filter accepts it, `controller`
    included (`filters.target_matches`). Equip attaches to a unit you control (rules notes): it
    chooses your units only, whatever its filter says of the controller."""
    if ability.targets is None:
        return False
    if ability.kind == "equip":
        return (controller_of(scenario, target.id) == "you"
                and target_matches(scenario, replace(ability.targets, controller=None), target))
    return target_matches(scenario, ability.targets, target)


def resolve_self(cost: Cost, obj: GameObject) -> Cost:
    """The cost with each self atom turned into a cost on `obj` itself."""
    other = tuple(
        OtherCost(RESOLVED_KIND.get(o.kind, o.kind), 1, Filter(id=obj.id))
        if o.kind.endswith("_self") else o
        for o in cost.other
    )
    return Cost(cost.energy, cost.power, other)


def ability_card(card: Card, ability: Ability, obj: GameObject) -> Card:
    """The Card value an ability play of `obj` is priced as."""
    return replace(
        card,
        name=f"{card.name} ({ability.id})",
        cost=resolve_self(ability.cost, obj),
        timing=ability.timing,
        keywords=Keywords(deflect=card.keywords.deflect),
        additional_costs=(),
        discounts=ability.discounts,
        grants=(),
        abilities=(),
        ability_kind=ability.kind,
        ignore_deflect=False,
        hybrid=(),
        alternatives=tuple(resolve_self(alt, obj) for alt in ability.alternatives),
        targets=None,  # what the ability chooses is its own `targets` (`accepts_target`)
    )


def triggers_set_off(scenario: Scenario, zone: str, obj: GameObject,
                     ability: str | None) -> tuple[str, ...]:
    """The "when you play ..." triggers (`OBJECT.TRIGGER`) a card play of yours sets off, on the
    state it is made on: each trigger of each object on your board, in state order, whose
    `applies_to` matches the play (the card as printed, from `zone`) and whose
    `energy_at_least` the card's printed Energy meets (130.4: the printed cost, whatever
    changes or ignores it). None for an ability play (hiding included). No cost."""
    played = scenario.cards.get(obj.card)
    if ability is not None or played is None:
        return ()
    out = []
    for board_obj in scenario.state.you.board:
        card = scenario.cards.get(board_obj.card)
        for trigger in card.triggers if card is not None else ():
            if (trigger.energy_at_least is None or played.cost.energy >= trigger.energy_at_least) \
                    and play_matches(scenario, trigger.applies_to, played, zone, obj):
                out.append(f"{board_obj.id}.{trigger.id}")
    return tuple(out)


def hide_card(card: Card) -> Card:
    """The Card value hiding `card` is priced as: [A], normal timing (a player hides a card on
    their own turn, outside showdowns)."""
    return replace(
        card,
        name=f"{card.name} (hide)",
        cost=HIDE_COST,
        timing="normal",
        keywords=Keywords(),
        additional_costs=(),
        discounts=(),
        grants=(),
        abilities=(),
        ability_kind=HIDE,
        ignore_deflect=False,
        hybrid=(),
    )


def ability_reasons(card: Card, ability: Ability | None, ability_id: str, obj: GameObject,
                    zone: str, used_this_turn: tuple[str, ...]) -> list[str]:
    """Why this ability can't be activated now (beside timing and targets), or nothing."""
    if ability_id == HIDE:
        out = []
        if zone != "hand":
            out.append(f"zone: only a card in your hand can be hidden ({obj.id} is in {zone})")
        if not card.keywords.hidden:
            out.append(f"hide: {card.name} has no Hidden")
        return out
    if ability is None:
        return [f"ability: {card.name} has no ability {ability_id!r}"]
    if zone != "board" and ability.kind != "payment":
        return [f"zone: {obj.id} is in {zone}: its abilities are used from the board"]
    out = []
    if ability.times is not None:
        used = obj.empowered if ability.kind == "empower" else used_this_turn.count(
            f"{obj.id}.{ability.id}")
        if used >= ability.times:
            what = "Empowered" if ability.kind == "empower" else "used this turn"
            out.append(f"times: {obj.id} has been {what} {used} time(s); {ability.id} may be "
                       f"used {ability.times} time(s)")
    # A cost that exhausts or disempowers the object itself can't be paid when it is exhausted
    # or not Empowered; with alternatives, only when none of the costs can be.
    blocked = []
    for cost in (ability.cost, *ability.alternatives):
        kinds = [o.kind for o in cost.other]
        why = []
        if "exhaust_self" in kinds and obj.exhausted:
            why.append(f"cost: {ability.id} exhausts {obj.id}, which is exhausted")
        if "disempower_self" in kinds and obj.empowered <= 0:
            why.append(f"cost: {ability.id} disempowers {obj.id}, which is not Empowered")
        blocked.append(why)
    if all(blocked):
        out.extend(blocked[0])
    return out
