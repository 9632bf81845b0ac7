"""Write an `mtg/1` scenario back in its format (the inverse of `engine.mtg.loader`).

The output is plain JSON-able data: dicts, lists, strings, ints and bools, keys in the order the
format lists them (`docs/mtg-format.md`). Mana costs are their text (`str(ManaCost)`: the
symbols as printed, in order), plain mana (what a source adds, a pool, a colored reduction) its
canonical text (`mana_text`: W U B R G C). Keys whose value the loader's default gives back are
left out; every object keeps its id. For every scenario the loader produces,
`scenario_from_data(scenario_to_data(s)) == s`.

Where the loader keeps a value in a form of its own, the dump writes that form:

- A mana ability's life costs are one sum (`ManaAbility.life`): written as one `{pay_life: N}`
  (several when N is over what one cost may say). Its mana cost is the last one the file gave
  (the others are not kept).
- An activated ability's mana costs are joined into one (`Activated.cost.mana`): written as one
  mana string, which reads back as the same symbols.
- `objective.weights` and `.benefits` hold what the file gave, not the defaults merged in (the
  defaults apply through `Objective.defaults`): written as held, unless they equal the defaults.
- A reduction's label is its `id`, or `reductions[N]` / `grants[N]` by position: `id` is
  written only where the label is not the positional one.
- A play's `from` is where the object is unless the file said otherwise; it is written wherever
  the format can say it (not `battlefield`, where an ability play's object is).

What only the engine makes, never the loader (`Card.activation` and `Filter.object`, set on the
stand-in of an activated ability, `engine.mtg.cards.ability_card`), is not part of the format.
"""

from __future__ import annotations

import json

import yaml

from ..reading import MAX_AMOUNT
from ..turn import turn_to_data
from . import FORMAT
from .cards import (
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FACE_DOWN,
    TURN_FACE_UP,
    Activated,
    Additional,
    Alternative,
    Amount,
    Card,
    Cost,
    Filter,
    Grant,
    ManaAbility,
    ManaEffect,
    Obj,
    OtherCost,
    Play,
    Player,
    Reduction,
    Scenario,
    State,
    TurnEffect,
)
from .mana import NO_MANA, mana_text

__all__ = ["dump_json", "dump_yaml", "restricted_to_data", "scenario_to_data", "state_to_data"]

Data = dict[str, object]

PLAY_ZONES = ("hand", "graveyard", "exile", "command")  # the zones `play.from` can name


def dump_json(s: Scenario) -> str:
    """The scenario as JSON text (indented, ending in a newline)."""
    return json.dumps(scenario_to_data(s), indent=2) + "\n"


def dump_yaml(s: Scenario) -> str:
    """The scenario as YAML text, keys in the format's order."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(scenario_to_data(s), Dumper=dumper, sort_keys=False, allow_unicode=True)


def scenario_to_data(s: Scenario) -> Data:
    out: Data = {"format": FORMAT}
    out["cards"] = {card_id: card_to_data(card) for card_id, card in s.cards.items()
                    if card.face_down_of is None}  # a face-down stand-in: the loader's own
    out["state"] = state_to_data(s.state, complete=False)
    if s.play is not None:
        out["play"] = play_to_data(s.play)
    if s.plays:
        out["plays"] = [play_to_data(p) for p in s.plays]
    objective: Data = {}
    if s.objective.weights != DEFAULT_WEIGHTS:
        objective["weights"] = dict(s.objective.weights)
    if s.objective.benefits != DEFAULT_BENEFITS:
        objective["benefits"] = dict(s.objective.benefits)
    if objective:
        out["objective"] = objective
    if s.turn is not None:
        out["turn"] = turn_to_data(s.turn, _candidate_to_data)
    return out


# --- Costs and filters --------------------------------------------------------------------------


def filter_to_data(f: Filter) -> Data:
    out: Data = {}
    if f.type:
        out["type"] = list(f.type)
    if f.not_type:
        out["not_type"] = list(f.not_type)
    if f.all_types:
        out["all_types"] = list(f.all_types)
    if f.tags:
        out["tags"] = list(f.tags)
    if f.color:
        out["color"] = list(f.color)
    if f.name is not None:
        out["name"] = f.name
    if f.controller is not None:
        out["controller"] = f.controller
    if f.ability is not None:
        out["ability"] = f.ability
    for key in ("multicolored", "colorless", "attacking"):
        if getattr(f, key) is not None:
            out[key] = getattr(f, key)
    if f.chosen_type:
        out["chosen_type"] = True
    if f.targets is not None:
        out["targets"] = filter_to_data(f.targets)
    if f.player is not None:
        out["player"] = f.player
    if f.itself:
        out["self"] = True
    if f.attached:
        out["attached"] = True
    if f.x_cost is not None:
        out["x_cost"] = f.x_cost
    return out


def other_cost_to_data(o: OtherCost) -> Data:
    """`{discard: 1}`, or `{sacrifice: {count: 1, filter: {...}}}` where there is a filter."""
    if o.x:
        return {o.kind: "X"}
    if o.any:  # Torgaar's "any number"
        return {o.kind: {"count": "any", **({"filter": filter_to_data(o.filter)}
                                           if o.filter != Filter() else {})}}
    if o.filter == Filter():
        return {o.kind: o.count}
    return {o.kind: {"count": o.count, "filter": filter_to_data(o.filter)}}


def cost_to_data(c: Cost) -> object:
    """A mana string, or `{cost: MANA, other: [...]}` where there are non-mana parts."""
    if not c.other:
        return str(c.mana)
    out: Data = {}
    if c.mana.symbols:
        out["cost"] = str(c.mana)
    out["other"] = [other_cost_to_data(o) for o in c.other]
    return out


def _cost_keys(out: Data, c: Cost) -> None:
    """An alternative's or an additional cost's `cost` and `other`, as keys of its own mapping."""
    if c.mana.symbols:
        out["cost"] = str(c.mana)
    if c.other:
        out["other"] = [other_cost_to_data(o) for o in c.other]


def _life(amount: int) -> list[object]:
    """`{pay_life: N}` costs summing to `amount`, each within what one cost may say."""
    out: list[object] = []
    while amount > 0:
        out.append({"pay_life": min(amount, MAX_AMOUNT)})
        amount -= MAX_AMOUNT
    return out


# --- Cards --------------------------------------------------------------------------------------


def card_to_data(card: Card) -> Data:
    out: Data = {}
    if card.name != card.id:
        out["name"] = card.name
    out["types"] = list(card.types)
    if card.cost.symbols:
        out["cost"] = str(card.cost)
    if card.colors is not None:
        out["colors"] = list(card.colors)
    if card.tags:
        out["tags"] = list(card.tags)
    if card.flash:
        out["flash"] = True
    if card.flashback is not None:
        out["flashback"] = cost_to_data(card.flashback)
    if card.kicker:
        out["kicker"] = [cost_to_data(k) for k in card.kicker]
    for key, cost in (("multikicker", card.multikicker), ("replicate", card.replicate),
                      ("buyback", card.buyback)):
        if cost is not None:
            out[key] = cost_to_data(cost)
    if card.alternative:
        out["alternative"] = [alternative_to_data(a) for a in card.alternative]
    if card.additional:
        out["additional"] = [additional_to_data(a) for a in card.additional]
    for key, mana_cost in (("per_mode", card.per_mode), ("per_target", card.per_target)):
        if mana_cost is not None:
            out[key] = str(mana_cost)
    if card.per_target_life:
        out["per_target_life"] = card.per_target_life
    if card.mode_costs:
        out["modes"] = {mode: str(c) for mode, c in card.mode_costs.items()}
    for key, on in (("convoke", card.convoke), ("delve", card.delve),
                    ("improvise", card.improvise)):
        if on:
            out[key] = True
    if card.reductions:
        out["reductions"] = [reduction_to_data(r, f"reductions[{i}]")
                             for i, r in enumerate(card.reductions)]
    if card.mana:
        out["mana"] = [mana_ability_to_data(m) for m in card.mana]
    if card.grants:
        out["grants"] = [grant_to_data(g, f"grants[{i}]") for i, g in enumerate(card.grants)]
    if card.abilities:
        out["abilities"] = [activated_to_data(a) for a in card.abilities]
    if card.effect_adds is not None or card.effect is not None:
        out["effect"] = effect_to_data(card)
    if card.enters_tapped:
        out["enters_tapped"] = True
    if card.spend_only is not None:
        out["spend_only"] = filter_to_data(card.spend_only)
    if card.snow:
        out["snow"] = True
    if card.mana_effects:
        out["mana_effects"] = [mana_effect_to_data(e) for e in card.mana_effects]
    if card.life_for:
        out["life_for"] = dict(card.life_for)
    if card.morph is not None:
        out["morph"] = str(card.morph)
    if card.haste:
        out["haste"] = True
    if card.power is not None:
        out["power"] = card.power
    return out


def effect_to_data(card: Card) -> Data:
    """A card's `effect`: `adds`, `tokens`, `untap`, `grants` (as the loader reads them)."""
    out: Data = {}
    if card.effect_adds is not None:
        out["adds"] = mana_text(card.effect_adds, "")
    e = card.effect
    if e is not None:
        if e.tokens:
            out["tokens"] = [{"card": c, "count": n} if n != 1 else {"card": c}
                             for c, n in e.tokens]
        if e.untap is not None:
            out["untap"] = {"count": e.untap[0], **(
                {"filter": filter_to_data(e.untap[1])} if e.untap[1] != Filter() else {})}
        if e.grants:
            out["grants"] = [turn_effect_to_data(g) for g in e.grants]
    return out


def turn_effect_to_data(e: TurnEffect, ident: bool = False) -> Data:
    """An effect lasting for the turn: `{id, reduction, applies_to, uses}` (`id` in a state's
    `effects`; `applies_to: {}` and `uses: 1` left out)."""
    out: Data = {"id": e.id} if ident else {}
    out["reduction"] = reduction_to_data(e.reduction, "")
    if e.applies_to != Filter():
        out["applies_to"] = filter_to_data(e.applies_to)
    if e.uses != 1:
        out["uses"] = "turn" if e.uses is None else e.uses
    return out


def mana_effect_to_data(e: ManaEffect) -> Data:
    """`{replace: {sources, at_least, adds}}` or `{trigger: {sources, adds}}`."""
    body: Data = {"sources": filter_to_data(e.sources)}
    if e.times:  # Mana Reflection
        body["times"] = e.times
        return {e.kind: body}
    if e.kind == "replace":
        body["at_least"] = e.at_least
    body["adds"] = "produced" if e.produced else "|".join(mana_text(m) for m in e.adds)
    return {e.kind: body}


def alternative_to_data(a: Alternative) -> Data:
    out: Data = {"id": a.id}
    _cost_keys(out, a.cost)
    if a.zone is not None:
        out["zone"] = a.zone
    return out


def additional_to_data(a: Additional) -> Data:
    out: Data = {"id": a.id}
    if a.mandatory:
        out["mandatory"] = True
    _cost_keys(out, a.cost)
    return out


def amount_to_data(a: Amount) -> object:
    """A number, or `{count: FILTER}` (affinity: the count of your permanents matching it) and
    the other counted amounts, with `each` where it is not 1."""
    out: Data
    if a.counters is not None:
        out = {"counters": a.counters}
    elif a.player_counters is not None:
        out = {"player_counters": a.player_counters}
    elif a.count is not None and a.zone != "battlefield":
        out = {"count": filter_to_data(a.count), "zone": a.zone}
    elif a.count is not None:
        out = {"count": filter_to_data(a.count)}
    elif a.count_targets is not None:
        out = {"count_targets": filter_to_data(a.count_targets)}
    elif a.per_paid is not None:
        return {"per_paid": a.per_paid, "each": a.each}
    else:
        return a.fixed
    if a.each != 1:  # in the format's order: before `zone`
        out = {k: v for k, v in [*out.items(), ("each", a.each)] if k != "zone"} | (
            {"zone": out["zone"]} if "zone" in out else {})
    return out


def reduction_to_data(r: Reduction, label: str) -> Data:
    """`label` is the one the loader gives a reduction without an `id` at that place."""
    out: Data = {}
    if r.label != label:
        out["id"] = r.label
    # A reduction says at least one of generic and mana: `generic: 0` where it says nothing else,
    # and beside a minimum (which the loader reads only with `generic`).
    if r.generic != Amount() or r.minimum or (r.colored == NO_MANA and not r.colored_counts):
        out["generic"] = amount_to_data(r.generic)
    if r.minimum:
        out["minimum"] = r.minimum
    if r.colored != NO_MANA:
        out["mana"] = mana_text(r.colored, "")
    for t, f in r.colored_counts:  # a counted color key (Khalni Hydra's `G`)
        out[t] = {"count": filter_to_data(f)}
    if r.color_only:
        out["color_only"] = True
    return out


def mana_ability_to_data(m: ManaAbility) -> Data:
    out: Data = {"adds": m.reads if m.reads is not None
                 else "|".join(mana_text(option) for option in m.adds)}
    costs: list[object] = ["tap"] if m.tap else []
    if m.sacrifice_self:
        costs.append("sacrifice_self")
    costs += _life(m.life)
    if m.mana.symbols:
        costs.append(str(m.mana))
    costs += [other_cost_to_data(o) for o in m.other]
    costs += _removals(m.remove)
    if m.removed is not None:
        costs.append({"remove_counters": {"kind": m.removed, "count": "X"}})
    costs += [_untap(n, f) for n, f in m.untap]
    if costs != ["tap"]:  # `costs` left out is {T}
        out["costs"] = costs
    if m.only_for is not None:
        out["only_for"] = filter_to_data(m.only_for)
    if m.per is not None:
        out["per"] = ("devotion" if m.per.devotion else "power" if m.per.power
                      else {"greatest_power": filter_to_data(m.per.greatest_power)}
                      if m.per.greatest_power is not None
                      else {"counters": m.per.counters} if m.per.counters is not None
                      else {"count": filter_to_data(m.per.count or Filter())})
    if m.removed is not None:
        out["per"] = "removed"
    if m.of is not None:
        out["of"] = filter_to_data(m.of)
    return out


def _untap(count: int, f: Filter) -> Data:
    """An `{untap: {count, filter}}` cost atom (the count left out at its default, 1)."""
    body: Data = {"count": count} if count != 1 else {}
    body["filter"] = filter_to_data(f)
    return {"untap": body}


def _removals(remove: tuple[tuple[str, int], ...]) -> list[object]:
    """`{remove_counters: {kind, count}}` cost atoms (counters removed from its permanent)."""
    return [{"remove_counters": {"kind": kind, "count": n}} for kind, n in remove]


def activated_to_data(a: Activated) -> Data:
    out: Data = {"id": a.id}
    costs: list[object] = ["tap"] if a.tap else []
    if a.sacrifice_self:
        costs.append("sacrifice_self")
    if a.discard_self:
        costs.append("discard_self")
    if a.cost.mana.symbols:
        costs.append(str(a.cost.mana))
    costs += [other_cost_to_data(o) for o in a.cost.other]
    costs += _removals(a.remove)
    if costs:
        out["costs"] = costs
    if a.sorcery and a.loyalty is None:  # a loyalty ability is a sorcery's timing (606.3)
        out["timing"] = "sorcery"
    if a.zone != "battlefield":
        out["zone"] = a.zone
    if a.cycling:
        out["cycling"] = True
    if a.loyalty is not None:
        out["loyalty"] = a.loyalty
    return out


def grant_to_data(g: Grant, label: str) -> Data:
    """`label` is the one the loader gives this grant's reduction without an `id`."""
    out: Data = {}
    if g.increase is not None:
        out["increase"] = str(g.increase)
    if g.reduction is not None:
        out["reduction"] = reduction_to_data(g.reduction, label)
    if g.at_least is not None:
        out["at_least"] = g.at_least
    if g.keyword is not None:
        out["keyword"] = g.keyword
    if g.flashback:
        out["flashback"] = "mana_cost"
    if g.applies_to != Filter():
        out["applies_to"] = filter_to_data(g.applies_to)
    if g.turn is not None:
        out["turn"] = g.turn
    if g.loyalty is not None:
        out["loyalty"] = g.loyalty
    if g.haste:
        out["haste"] = True
    if g.cast_from is not None:
        out["cast_from"] = g.cast_from
    if g.additional is not None:
        out["additional"] = additional_to_data(g.additional)
    return out


# --- State --------------------------------------------------------------------------------------


def state_to_data(state: State, *, complete: bool = True) -> Data:
    """The `state` section. `complete` (the default, what `payplan play --json` prints after a
    play): every key, each zone even when empty. Else (how `scenario_to_data` writes it) the keys
    at the loader's default are left out, but for `you`."""
    if complete:
        out: Data = {"phase": state.phase, "stack": state.stack, "turn": state.turn,
                     "you": player_to_data(state.you),
                     "opponent": player_to_data(state.opponent)}
    else:
        out = {}
        if state.phase != "main":
            out["phase"] = state.phase
        if state.stack != "empty":
            out["stack"] = state.stack
        if state.turn != "you":
            out["turn"] = state.turn
        out["you"] = player_to_data(state.you, complete=False)
        if state.opponent != Player():
            out["opponent"] = player_to_data(state.opponent, complete=False)
    if state.lands_played_this_turn:  # as payplan/1's played_this_turn: written when not 0
        out["lands_played_this_turn"] = state.lands_played_this_turn
    return out


def player_to_data(p: Player, *, complete: bool = True) -> Data:
    if complete:
        return {"life": p.life, "library": p.library, "hand": objects_to_data(p.hand),
                "graveyard": objects_to_data(p.graveyard), "exile": objects_to_data(p.exile),
                "command": objects_to_data(p.command),
                "battlefield": objects_to_data(p.battlefield),
                "mana_pool": mana_text(p.mana_pool, ""),
                **({"snow_pool": mana_text(p.snow_pool, "")} if p.snow_pool != NO_MANA else {}),
                **({"library_top": list(p.library_top)} if p.library_top else {}),
                **({"effects": _effects(p)} if p.effects else {}),
                **({"spend_as_any_color": True} if p.spend_as_any_color else {}),
                **({"experience": p.experience} if p.experience else {}),
                **({"restricted_pool": restricted_to_data(p)} if p.restricted_pool else {})}
    out: Data = {}
    if p.life != 20:
        out["life"] = p.life
    if p.library:
        out["library"] = p.library
    for zone, objects in (("hand", p.hand), ("graveyard", p.graveyard), ("exile", p.exile),
                          ("command", p.command), ("battlefield", p.battlefield)):
        if objects:
            out[zone] = objects_to_data(objects)
    if p.mana_pool != NO_MANA:
        out["mana_pool"] = mana_text(p.mana_pool, "")
    if p.snow_pool != NO_MANA:
        out["snow_pool"] = mana_text(p.snow_pool, "")
    if p.library_top:
        out["library_top"] = list(p.library_top)
    if p.effects:
        out["effects"] = _effects(p)
    if p.spend_as_any_color:
        out["spend_as_any_color"] = True
    if p.experience:
        out["experience"] = p.experience
    if p.restricted_pool:
        out["restricted_pool"] = restricted_to_data(p)
    return out


def restricted_to_data(p: Player) -> list[Data]:
    """`restricted_pool`: each entry's mana and restriction."""
    return [{"mana": mana_text(e.mana, ""), "only_for": filter_to_data(e.only_for)}
            for e in p.restricted_pool]


def _effects(p: Player) -> list[Data]:
    return [turn_effect_to_data(e, ident=True) for e in p.effects]


def objects_to_data(objects: tuple[Obj, ...]) -> list[Data]:
    return [object_to_data(o) for o in objects]


def object_to_data(o: Obj) -> Data:
    out: Data = {"id": o.id, "card": o.card.removeprefix(FACE_DOWN)}
    if o.tapped:
        out["tapped"] = True
    if o.sick:
        out["sick"] = True
    if o.value is not None:
        out["value"] = o.value
    if o.commander_casts:
        out["commander_casts"] = o.commander_casts
    if o.attacking:
        out["attacking"] = True
    if o.chosen_type is not None:
        out["chosen_type"] = o.chosen_type
    if o.counters:
        out["counters"] = dict(o.counters)
    if o.loyalty_activated:
        out["loyalty_activated"] = True
    if o.face_down:
        out["face_down"] = True
    if o.attached_to is not None:
        out["attached_to"] = o.attached_to
    if o.power is not None:
        out["power"] = o.power
    return out


# --- Plays --------------------------------------------------------------------------------------


def _candidate_to_data(p: Play) -> Data:
    """A turn's listed play: its `from` only where the file named it (one that does not is
    made from where its object is when it is played)."""
    out = play_to_data(p)
    if not p.from_given:
        out.pop("from", None)
    return out


def play_to_data(p: Play) -> Data:
    """A cast (`object`, `from`, ...) or an ability play (`ability: {object, id}`, `x`,
    `targets`)."""
    out: Data = {}
    if p.cast == TURN_FACE_UP:
        return {"turn_face_up": p.object}
    if p.ability is None:
        out["object"] = p.object
        if p.zone in PLAY_ZONES:
            out["from"] = p.zone
        if p.cast != "auto":
            out["cast"] = p.cast
    if p.x is not None:
        out["x"] = p.x
    if p.optional:
        out["optional"] = dict(p.optional)
    if p.targets:
        out["targets"] = list(p.targets)
    if p.modes:
        out["modes"] = list(p.modes)
    if p.ability is not None:
        out["ability"] = {"object": p.object, "id": p.ability}
    return out

