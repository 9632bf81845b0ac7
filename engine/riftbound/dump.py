"""Write a scenario back in the `payplan/1` format (the inverse of `engine.riftbound.loader`).

The output is plain JSON-able data: dicts, lists, strings, ints and bools. Values are written in
their resolved form (a `[C]` pip as its domain, `accelerate: true` as its Cost), every object and
rune with an explicit id, runes as a list; keys at their default value are left out. For every
scenario the loader produces, `scenario_from_data(scenario_to_data(s)) == s`.

Two player keys go beyond the spec: `banishment` (a list of objects) and `rune_deck` (a list of
runes), so that a state after a play (which may banish a card or recycle a rune) can be fed back in.
"""

from __future__ import annotations

import json

import yaml

from ..discounts import NO_POWER
from ..turn import turn_to_data
from .cards import (
    Ability,
    AdditionalCost,
    Amount,
    Card,
    Condition,
    CountOf,
    Discount,
    Effect,
    Grant,
    Increase,
    Keywords,
    MaxMight,
    MightOfTarget,
    PerPlayed,
    PrintedOf,
    Trigger,
    UnitsAt,
)
from .cost import POWER_KEYS, Cost, Filter, OtherCost, filter_to_json, other_to_json, power_to_map
from .scenario import (
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FORMAT,
    LeavesChain,
    Objective,
    Play,
    Scenario,
)
from .state import DEFAULT_VICTORY_SCORE, Ban, GameObject, PlayerState, Rune, Source, State

__all__ = ["scenario_to_data", "state_to_data", "dump_json", "dump_yaml"]

Data = dict[str, object]


def dump_json(s: Scenario) -> str:
    """The scenario as JSON text (indented, ending in a newline)."""
    return json.dumps(scenario_to_data(s), indent=2) + "\n"


def dump_yaml(s: Scenario) -> str:
    """The scenario as YAML text, keys in the spec's order."""
    # yaml.safe_dump with the C emitter when libyaml is there (same output, several times faster).
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(scenario_to_data(s), Dumper=dumper, sort_keys=False, allow_unicode=True)


def scenario_to_data(s: Scenario) -> Data:
    out: Data = {"format": FORMAT}
    out["cards"] = {card_id: card_to_data(card) for card_id, card in s.cards.items()}
    out["state"] = state_to_data(s.state)
    if s.play is not None:
        out["play"] = play_to_data(s.play)
    objective = objective_to_data(s.objective)
    if objective:
        out["objective"] = objective
    if s.turn is not None:
        out["turn"] = turn_to_data(s.turn, play_to_data)
    return out


# --- Values shared by every section -------------------------------------------------------------


def amount_to_data(amount: Amount) -> object:
    if isinstance(amount, MaxMight):
        return {"max": "might", "of": filter_to_json(amount.of)}
    if isinstance(amount, CountOf):
        return {"count": filter_to_json(amount.of), "zone": amount.zone, "times": amount.times}
    if isinstance(amount, PerPlayed):
        return {"per": "played_this_turn", "times": amount.times}
    if isinstance(amount, PrintedOf):
        return {f"printed_{amount.part}_of": "paid", "cost": amount.cost}
    if isinstance(amount, MightOfTarget):
        return {"might_of": "target"}
    return amount


def conditions_to_data(conditions: tuple[Condition, ...]) -> object:
    """One mapping for one condition, else a list of one-key mappings (a kind may repeat)."""
    items = [{c.kind: _condition_value(c)} for c in conditions]
    return items[0] if len(items) == 1 else items


def _condition_value(c: Condition) -> object:
    if isinstance(c.value, Cost):
        return c.value.to_json()
    if isinstance(c.value, Filter):
        return filter_to_json(c.value)
    if isinstance(c.value, UnitsAt):
        out: dict[str, object] = {"count": c.value.count, "where": c.value.where}
        if c.value.controller is not None:
            out["controller"] = c.value.controller
        return out
    return c.value


def discount_to_data(d: Discount) -> Data:
    out: Data = {}
    if d.id is not None:
        out["id"] = d.id
    if d.energy != 0:
        out["energy"] = amount_to_data(d.energy)
    if d.power != NO_POWER or d.power_amounts:
        power: dict[str, object] = dict(power_to_map(d.power))
        for slot, amount in d.power_amounts:
            power[POWER_KEYS[slot]] = amount_to_data(amount)
        out["power"] = power
    minimum: Data = {}
    if d.min_energy != 0:
        minimum["energy"] = amount_to_data(d.min_energy)
    if d.min_power:
        minimum["power"] = d.min_power
    if minimum:
        out["minimum"] = minimum
    if d.component != "total":
        out["component"] = d.component
    if d.choice:
        out["choice"] = [_branch_to_data(b) for b in d.choice]
    if d.conditions:
        out["if"] = conditions_to_data(d.conditions)
    if d.tiers:
        out["tiers"] = [discount_to_data(t) for t in d.tiers]
    if d.per_payment:
        out["per_payment"] = True
    if d.only_any_pips:
        out["only_any_pips"] = True
    return out


def _branch_to_data(d: Discount) -> Data:
    out: Data = {}
    if d.energy != 0:
        out["energy"] = amount_to_data(d.energy)
    if d.power != NO_POWER:
        out["power"] = power_to_map(d.power)
    return out


def increase_to_data(inc: Increase) -> Data:
    out: Data = {}
    if inc.id is not None:
        out["id"] = inc.id
    if inc.energy != 0:
        out["energy"] = amount_to_data(inc.energy)
    if inc.power != NO_POWER:
        out["power"] = power_to_map(inc.power)
    if inc.conditions:
        out["if"] = conditions_to_data(inc.conditions)
    if inc.tiers:
        out["tiers"] = [increase_to_data(t) for t in inc.tiers]
    return out


def grant_to_data(g: Grant) -> Data:
    out: Data = {}
    if g.discount is not None:
        out["discount"] = discount_to_data(g.discount)
    if g.increase is not None:
        out["increase"] = increase_to_data(g.increase)
    if g.ignore_deflect:
        out["ignore_deflect"] = True
    if g.only_here:
        out["only_here"] = True
    if g.applies_to != Filter():
        out["applies_to"] = filter_to_json(g.applies_to)
    if g.while_:
        out["while"] = conditions_to_data(g.while_)
    if g.id is not None:
        out["id"] = g.id
    if g.once_per_turn:
        out["once_per_turn"] = True
    if g.flow_printed:
        out["keyword"] = {"flow": "printed"}
    if g.repeat is not None:
        out["keyword"] = {"repeat": g.repeat.to_json() if isinstance(g.repeat, Cost)
                          else g.repeat}
    if g.alternative is not None:
        out["alternative"] = g.alternative.to_json()
    if g.deflect:
        out["deflect"] = g.deflect
    return out


# --- Cards --------------------------------------------------------------------------------------


def card_to_data(card: Card) -> Data:
    out: Data = {}
    if card.name != card.id:
        out["name"] = card.name
    out["type"] = card.type
    if card.domains:
        out["domains"] = list(card.domains)
    if card.cost != Cost():
        out["cost"] = card.cost.to_json()
    if card.timing != "normal":
        out["timing"] = card.timing
    if card.might is not None:
        out["might"] = card.might
    if card.tags:
        out["tags"] = list(card.tags)
    keywords = keywords_to_data(card.keywords)
    if keywords:
        out["keywords"] = keywords
    if card.additional_costs:
        out["additional_costs"] = [additional_cost_to_data(a) for a in card.additional_costs]
    if card.discounts:
        out["discounts"] = [discount_to_data(d) for d in card.discounts]
    if card.grants:
        out["grants"] = [grant_to_data(g) for g in card.grants]
    if card.abilities:
        out["abilities"] = [ability_to_data(a) for a in card.abilities]
    if card.ignore_deflect:
        out["ignore_deflect"] = True
    effect: Data = {}
    if card.effect_adds is not None:
        effect["adds"] = card.effect_adds.to_json()
    discounts = [e for e in card.effect_creates if e.grant.discount is not None]
    if discounts:
        effect["discounts"] = [effect_to_data(e) for e in discounts]
    grants = [e for e in card.effect_creates if e.grant.discount is None]
    if grants:
        effect["grants"] = [effect_to_data(e) for e in grants]
    if card.effect_kill:
        effect["kill"] = "targets"
    if card.effect_score:
        effect["score"] = card.effect_score
    if effect:
        out["effect"] = effect
    if card.hybrid:
        out["hybrid"] = [list(pair) for pair in card.hybrid]
    if card.source is not None:
        source = source_to_data(card.source)
        del source["id"]  # a card's source is its object's
        out["source"] = source
    if card.targets is not None:
        out["targets"] = filter_to_json(card.targets)
    if card.triggers:
        out["triggers"] = [trigger_to_data(t) for t in card.triggers]
    return out


def trigger_to_data(t: Trigger) -> Data:
    """A card's "when you play ..." trigger: empty keys left out."""
    out: Data = {"id": t.id}
    if t.applies_to != Filter():
        out["applies_to"] = filter_to_json(t.applies_to)
    if t.energy_at_least is not None:
        out["energy_at_least"] = t.energy_at_least
    return out


def effect_to_data(e: Effect) -> Data:
    """An effect that lasts for the turn (a card's `effect` entry, or one of `state.*.effects`
    with its `id`), in its one written form: empty keys left out (an empty `applies_to`, and
    the discount's empty `minimum`, `power`, `if`, `choice`, `tiers`: `discount_to_data`)."""
    out: Data = {"id": e.id} if e.id else {}
    g = e.grant
    if g.discount is not None:
        out["discount"] = discount_to_data(g.discount)
    if g.ignore_deflect:
        out["ignore_deflect"] = True
    if g.flow_printed:
        out["keyword"] = {"flow": "printed"}
    if g.repeat is not None:
        out["keyword"] = {"repeat": g.repeat}
    if g.ignore is not None:
        out["ignore"] = g.ignore
    if g.applies_to != Filter():
        out["applies_to"] = filter_to_json(g.applies_to)
    out["uses"] = "turn" if e.uses is None else e.uses
    return out


def ability_to_data(a: Ability) -> Data:
    out: Data = {"id": a.id, "kind": "triggered" if a.triggered else a.kind,
                 "cost": a.cost.to_json()}
    if a.kind != "payment":  # a payment has no timing (the loader refuses one)
        out["timing"] = a.timing
    if a.targets is not None:
        out["targets"] = filter_to_json(a.targets)
    if a.times is not None:
        out["times"] = a.times
    if a.discounts:
        out["discounts"] = [discount_to_data(d) for d in a.discounts]
    if a.while_:
        out["while"] = conditions_to_data(a.while_)
    if a.alternatives:
        out["alternatives"] = [c.to_json() for c in a.alternatives]
    return out


def keywords_to_data(k: Keywords) -> Data:
    out: Data = {}
    if k.flow:
        out["flow"] = [c.to_json() for c in k.flow]
    if k.accelerate is not None:
        out["accelerate"] = k.accelerate.to_json()
    if k.repeat:
        out["repeat"] = [c.to_json() for c in k.repeat]
    if k.deflect:
        out["deflect"] = k.deflect
    if k.hidden:
        out["hidden"] = True
    return out


def additional_cost_to_data(a: AdditionalCost) -> Data:
    out: Data = {"id": a.id, "mandatory": a.mandatory, "cost": a.cost.to_json()}
    if a.unlocks:
        out["unlocks"] = [discount_to_data(d) for d in a.unlocks]
    if a.repeatable:
        out["repeatable"] = True
    if a.max is not None:
        out["max"] = a.max
    if a.ignore is not None:
        out["ignore"] = a.ignore
    return out


# --- State --------------------------------------------------------------------------------------


def state_to_data(state: State) -> Data:
    """The `state` section of a scenario."""
    out: Data = {"phase": state.phase, "turn": state.turn}
    if state.flags:
        out["flags"] = list(state.flags)
    if state.played_this_turn:
        out["played_this_turn"] = state.played_this_turn
    if state.victory_score != DEFAULT_VICTORY_SCORE:
        out["victory_score"] = state.victory_score
    if state.battlefields:
        out["battlefields"] = [{"id": b.id, "card": b.card} | (
            {"controller": b.controller} if b.controller is not None else {})
            for b in state.battlefields]
    if state.showdown_at is not None:
        out["showdown_at"] = state.showdown_at
    if state.bans:
        out["bans"] = [ban_to_data(b) for b in state.bans]
    out["you"] = player_to_data(state.you)
    opponent = player_to_data(state.opponent)
    if opponent:
        out["opponent"] = opponent
    return out


def ban_to_data(b: Ban) -> Data:
    """A ban in its one written form: an empty `applies_to` left out."""
    out: Data = {"id": b.id}
    applies_to = filter_to_json(b.applies_to)
    if applies_to:
        out["applies_to"] = applies_to
    return out


def player_to_data(p: PlayerState) -> Data:
    out: Data = {}
    if p.runes:
        out["runes"] = [rune_to_data(r) for r in p.runes]
    if p.pool != Cost():
        out["pool"] = p.pool.to_json()
    for zone, objects in (("hand", p.hand), ("trash", p.trash), ("board", p.board)):
        if objects:
            out[zone] = [object_to_data(o) for o in objects]
    if p.xp:
        out["xp"] = p.xp
    if p.sources:
        out["sources"] = [source_to_data(s) for s in p.sources]
    if p.banishment:
        out["banishment"] = [object_to_data(o) for o in p.banishment]
    if p.rune_deck:
        out["rune_deck"] = [rune_to_data(r) for r in p.rune_deck]
    if p.facedown:
        out["facedown"] = [object_to_data(o) for o in p.facedown]
    if p.used_this_turn:
        out["used_this_turn"] = list(p.used_this_turn)
    if p.score:
        out["score"] = p.score
    if p.effects:
        out["effects"] = [effect_to_data(e) for e in p.effects]
    if p.units_died_this_turn:
        out["units_died_this_turn"] = p.units_died_this_turn
    return out


def rune_to_data(r: Rune) -> Data:
    out: Data = {"id": r.id, "domain": r.domain}
    if r.exhausted:
        out["exhausted"] = True
    if r.value is not None:
        out["value"] = r.value
    return out


def object_to_data(o: GameObject) -> Data:
    out: Data = {"id": o.id, "card": o.card}
    if o.value is not None:
        out["value"] = o.value
    if o.location is not None:
        out["location"] = o.location
    if o.might is not None:
        out["might"] = o.might
    if o.exhausted:
        out["exhausted"] = True
    if o.buffs:
        out["buffs"] = o.buffs
    if o.empowered:
        out["empowered"] = o.empowered
    if o.hidden_turn is not None:
        out["hidden_turn"] = o.hidden_turn
    if o.deflect:
        out["deflect"] = o.deflect
    if o.stunned:
        out["stunned"] = True
    return out


def source_to_data(s: Source) -> Data:
    out: Data = {
        "id": s.id,
        "adds": s.adds.to_json(),
        "costs": [c.to_json() if isinstance(c, Cost)
                  else other_to_json(c) if isinstance(c, OtherCost) else c for c in s.costs],
    }
    if s.only_for is not None:
        out["only_for"] = filter_to_json(s.only_for)
    if s.while_:
        out["while"] = conditions_to_data(s.while_)
    if s.bonus is not None:
        bonus: Data = {"adds": s.bonus.to_json()}
        if s.bonus_while:
            bonus["while"] = conditions_to_data(s.bonus_while)
        out["bonus"] = bonus
    if s.repeatable:
        out["repeatable"] = True
    return out


# --- Play and objective -------------------------------------------------------------------------


def play_to_data(p: Play) -> Data:
    out: Data = {"object": p.object, "from": p.from_zone}
    if not p.from_given:
        del out["from"]  # read again where the object is (a turn's listed play)
    if p.ability == "hide":
        out = {"hide": p.object}
    elif p.ability is not None:
        out = {"ability": {"object": p.object, "id": p.ability}}
    if p.base != "auto":
        out["base"] = {p.base[0]: p.base[1]} if isinstance(p.base, tuple) else p.base
    if p.ignore is not None:
        out["ignore"] = p.ignore
    if p.play_for is not None:
        out["play_for"] = p.play_for.to_json()
    if p.targets:
        out["targets"] = list(p.targets)
    if p.optional:
        out["optional"] = {k: int(v) if v.isdigit() else v for k, v in p.optional}
    if p.discounts:
        out["discounts"] = [discount_to_data(d) for d in p.discounts]
    if p.permit:
        out["permit"] = True
    if p.leaves_chain != LeavesChain():
        leaves: Data = {"by": p.leaves_chain.by}
        if p.leaves_chain.to is not None:
            leaves["to"] = p.leaves_chain.to
        leaves["instructed_by"] = p.leaves_chain.instructed_by
        out["leaves_chain"] = leaves
    return out


def objective_to_data(o: Objective) -> Data:
    """Only the weights and benefits that differ from the defaults."""
    out: Data = {}
    weights = {k: v for k, v in o.weights.items() if DEFAULT_WEIGHTS.get(k) != v}
    if weights:
        out["weights"] = weights
    benefits = {k: v for k, v in o.benefits.items() if DEFAULT_BENEFITS.get(k) != v}
    if benefits:
        out["benefits"] = benefits
    return out
