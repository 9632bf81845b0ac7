"""Paying a total: what the player's resources can give and what each use costs (rules notes:
resources and paying; the objective of `payplan/1`).

This module holds the rules of paying, as data the planner optimises over without knowing any
game rule:

- the Rune Pool, spent first and free;
- runes: a ready rune may be exhausted for 1 Energy and recycled for 1 Power of its domain, both
  in one payment; an exhausted rune may only be recycled;
- sources ("add" abilities of other objects), each activated at most once, with their own costs
  and `only_for` restrictions; an `exhaust` or `kill` cost needs the object on your board (ready,
  to exhaust it);
- non-standard costs, each paid with distinct objects that match its filter, never the card
  being played; an object pays for one thing once.

Interchangeable runes and objects are grouped, so a 1,000-card hand is a handful of groups.
Every charge is the objective's weight, or an object's `value` where it loses the object.
"""

from __future__ import annotations

from dataclasses import dataclass

from payplan.engine.cost import DOMAINS, Cost, OtherCost, Power
from payplan.engine.filters import card_matches, object_matches
from payplan.engine.scenario import Scenario
from payplan.engine.state import GameObject

LOSES_OBJECT = {"discard", "kill", "recycle_from_trash", "return_to_hand"}


@dataclass(frozen=True, slots=True)
class RuneGroup:
    """Runes of one domain, readiness and value, in state order."""

    domain: int  # index into DOMAINS
    ready: bool
    ids: tuple[str, ...]
    exhaust_charge: int  # charged once for a ready rune that is exhausted and/or recycled
    recycle_charge: int  # the recycle weight, or the runes' value


@dataclass(frozen=True, slots=True)
class SourceOffer:
    """One usable source: activating it adds `adds`, needs `needs` paid, and charges `charge`."""

    id: str
    adds: Cost
    needs: Cost
    charge: int
    uses_object: bool  # exhausting or killing its object uses it up for other costs


@dataclass(frozen=True, slots=True)
class ObjectGroup:
    """Interchangeable objects (same zone, card, value, Might, location, readiness, buffs)."""

    zone: str
    owner: str
    ids: tuple[str, ...]
    sample: GameObject


@dataclass(frozen=True, slots=True)
class Resources:
    pool_energy: int
    pool_power: Power
    runes: tuple[RuneGroup, ...]
    sources: tuple[SourceOffer, ...]
    objects: tuple[ObjectGroup, ...]
    xp: int


def resources(scenario: Scenario, played: GameObject | None) -> Resources:
    """Everything that can pay for a play of `played` (None: for no card in particular)."""
    you = scenario.state.you
    objective = scenario.objective
    groups: dict[tuple[int, bool, int | None], list[str]] = {}
    for rune in you.runes:
        groups.setdefault((DOMAINS.index(rune.domain), not rune.exhausted, rune.value), []).append(rune.id)
    runes = tuple(
        RuneGroup(domain, ready, tuple(ids), objective.weight("exhaust"),
                  value if value is not None else objective.weight("recycle"))
        for (domain, ready, value), ids in groups.items()
    )

    source_objects: set[str] = set()
    offers = []
    played_card = scenario.cards.get(played.card) if played is not None else None
    played_zone = _zone_of(scenario, played)
    for source in you.sources:
        obj = next((o for o in you.board if o.id == source.id), None)
        if source.only_for is not None:
            if played_card is None or not card_matches(source.only_for, played_card, from_zone=played_zone):
                continue
        charge = objective.weight("source")
        needs = Cost()
        uses = False
        usable = True
        for c in source.costs:
            if c == "exhaust":
                if obj is None or obj.exhausted:
                    usable = False
                charge += objective.weight("exhaust")
                uses = True
            elif c == "kill":
                if obj is None:
                    usable = False
                charge += obj.value if obj is not None and obj.value is not None else objective.weight("kill")
                uses = True
            elif isinstance(c, Cost):
                needs = needs + c
        if usable:
            offers.append(SourceOffer(source.id, source.adds, needs, charge, uses))
            if uses:
                source_objects.add(source.id)

    objects: dict[tuple[object, ...], list[GameObject]] = {}
    owners: dict[tuple[object, ...], tuple[str, str]] = {}
    for owner in ("you", "opponent"):
        player = scenario.state.player(owner)
        for zone in ("hand", "trash", "board"):
            if owner == "opponent" and zone != "board":
                continue
            for obj in player.zone(zone):
                if played is not None and obj.id == played.id:
                    continue
                object_key = (owner, zone, obj.card, obj.value, obj.might, obj.location, obj.exhausted,
                       obj.buffs, obj.id if obj.id in source_objects else None)
                objects.setdefault(object_key, []).append(obj)
                owners[object_key] = (owner, zone)
    object_groups = tuple(
        ObjectGroup(owners[key][1], owners[key][0], tuple(o.id for o in objs), objs[0])
        for key, objs in objects.items()
    )
    return Resources(you.pool.energy, you.pool.power, runes, tuple(offers), object_groups, you.xp)


def _zone_of(scenario: Scenario, played: GameObject | None) -> str | None:
    if played is None:
        return None
    found = scenario.state.you.find(played.id)
    return found[0] if found is not None else None


def eligible(scenario: Scenario, group: ObjectGroup, need: OtherCost) -> bool:
    """Whether objects of `group` can pay the non-standard cost `need`."""
    wanted_owner = need.filter.controller or "you"
    if group.owner != wanted_owner:
        return False
    kind = need.kind
    if kind == "discard" and group.zone != "hand":
        return False
    if kind == "recycle_from_trash" and group.zone != "trash":
        return False
    if kind in ("kill", "exhaust", "return_to_hand", "spend_buff") and group.zone != "board":
        return False
    if kind == "exhaust" and group.sample.exhausted:
        return False
    if kind == "spend_buff" and group.sample.buffs <= 0:
        return False
    return object_matches(scenario, need.filter, group.sample)


def object_charge(scenario: Scenario, group: ObjectGroup, kind: str) -> int:
    """What paying `kind` with one object of the group charges (per buff for spend_buff)."""
    weight = scenario.objective.weight("exhaust_unit" if kind == "exhaust" else kind)
    if kind in LOSES_OBJECT and group.sample.value is not None:
        return group.sample.value
    return weight


def need_key(need: OtherCost) -> tuple[str, object]:
    """Non-standard costs with the same kind and filter draw on the same objects."""
    return (need.kind, need.filter)
