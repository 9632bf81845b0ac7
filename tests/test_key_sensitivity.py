"""No key is accepted and ignored (issue 20): for every key a format's loader accepts, a pair of
scenarios differing only in that key whose answers differ, for the command that reads it.

The keys are generated from the loader itself, never listed by hand: for `payplan/1`, every key
tuple `engine.loader` passes to `_Reader.fields` (found in its source, so a key added there, or a
new mapping read with its own tuple, is met here), plus what it reads as keys without
`fields`: the non-standard cost kinds (`{discard: 1}`), the Power map's domains (`any`, `c`),
the runes shorthand's domains (`{fury: 3}`), and the top-level keys `payplan check` reads
beside the scenario (`CHECK_KEYS`: the payment and its choices). A key is named by the tuple
that holds it (`CARD_KEYS.cost`), or, for a tuple written inline, by the reading method
(`granted_keyword.flow`).

Each key has a `Pair` (the command, a scenario, the path of the key, its two values: `MISSING`
leaves it out) or a place on the format's closed list, with the reason no pair can exist. A
key the loader accepts with neither fails the suite, and so does a table entry for a key the
loader no longer accepts. Both scenarios of a pair must load; the answers compared are the
command's JSON.

The table is per format (`FORMATS`): `payplan/1`, then `mtg/1` (every key tuple
`engine.mtg.loader` passes to `fields`, plus the non-mana cost kinds and the weights it reads as
keys); each format has its own key finder, pairs, closed list and runner, and the same tests run
over both.
"""

from __future__ import annotations

import ast
import copy
import inspect
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest
import yaml

from payplan.engine import reading as payplan_reading
from payplan.engine import turn as engine_turn
from payplan.engine.mtg import card_keys as mtg_card_keys
from payplan.engine.mtg import check_keys as mtg_check_keys
from payplan.engine.mtg import cost_keys as mtg_cost_keys
from payplan.engine.mtg import keys as mtg_words
from payplan.engine.mtg import loader as mtg_loader
from payplan.engine.mtg import state_keys as mtg_state_keys
from payplan.engine.riftbound import card_keys, check_keys, state_keys
from payplan.engine.riftbound import loader as payplan_loader
from payplan.engine.riftbound.cost import DOMAINS, OTHER_KINDS, POWER_KEYS, SELF_KINDS
from payplan.planner.commands import answer

Data = dict[str, Any]
Key = tuple[str, str]  # (the tuple or reading method, the key)


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Pair:
    """Two scenarios: `base` with the key at `path` (dotted; list indices as numbers) set to `a`
    and to `b` (`MISSING`: left out). Where the key is the only content of a list entry (a
    grant that gives one thing), `path` ends at the entry's index and `b` is the entry."""

    base: Data
    path: str
    b: Any
    a: Any = MISSING
    command: str = "plan"


@dataclass(frozen=True)
class Format:
    """One format's table: how to find its loader's keys, each key's pair or reason, and how
    to run a command on its data."""

    keys: Callable[[], list[Key]]
    pairs: dict[Key, Pair]
    closed: dict[Key, str]
    run: Callable[[str, Data], object]
    turn_only: dict[Key, str] = field(default_factory=dict)  # closed until the turn planner


# --- Scenarios ----------------------------------------------------------------------------------


def y(text: str) -> Any:
    return yaml.safe_load(textwrap.dedent(text))


BASE = y("""
    format: payplan/1
    cards:
      bolt: {type: spell, domains: [fury], cost: {energy: 2, power: {fury: 1}}}
      brute: {type: unit, domains: [body], cost: {energy: 2}, might: 2}
    state:
      you:
        runes: [{id: r1, domain: fury}, {id: r2, domain: fury}, {id: r3, domain: calm}]
        hand: [{id: h1, card: bolt}]
        board: [{id: u1, card: brute}]
      opponent:
        board: [{id: e1, card: brute}]
    play: {object: h1}
""")


def _walk(data: Any, path: str) -> tuple[Any, Any]:
    """The container holding the last step of `path`, and that step (a key or an index)."""
    steps: list[Any] = [int(s) if s.isdigit() else s for s in path.split(".")]
    here = data
    for step in steps[:-1]:
        here = here[step]
    return here, steps[-1]


def setup(base: Data, **sets: Any) -> Data:
    """`base` with each dotted path (`__` for `.`) set to its value (`MISSING`: taken out)."""
    out = copy.deepcopy(base)
    for path, value in sets.items():
        holder, last = _walk(out, path.replace("__", "."))
        if value is MISSING:
            del holder[last]
        else:
            holder[last] = value
    return out


def built(pair: Pair, value: Any) -> Data:
    out = copy.deepcopy(pair.base)
    holder, last = _walk(out, pair.path)
    if isinstance(last, int):  # a list entry holding only the key
        if value is not MISSING:
            holder.insert(last, value)
    elif value is MISSING:
        holder.pop(last, None)
    else:
        holder[last] = value
    return out


def P(path: str, b: Any, a: Any = MISSING, command: str = "plan", **sets: Any) -> Pair:
    return Pair(setup(BASE, **sets), path, b, a, command)


# An ability on the board, played.
ABILITY = setup(BASE, **{
    "cards__brute__abilities": [{"id": "strike", "cost": {"energy": 1}}],
    "play": {"ability": {"object": "u1", "id": "strike"}}})
# A card in the trash with Flow.
FLOW = setup(BASE, **{
    "cards__bolt__keywords": {"flow": [{"energy": 1}]},
    "state__you__hand": [], "state__you__trash": [{"id": "t1", "card": "bolt"}],
    "play": {"object": "t1"}})
# A spell with a repeatable optional cost.
REPEAT = setup(BASE, **{
    "cards__bolt__additional_costs": [{"id": "tithe", "mandatory": False, "repeatable": True,
                                       "cost": {"energy": 1},
                                       "unlocks": [{"energy": 2, "per_payment": True}]}],
    "cards__bolt__cost": {"energy": 4}, "play__optional": {"tithe": "auto"}})
# A spell choosing the opponent's unit e1, which has Deflect 1.
DEFLECT = setup(BASE, **{
    "cards__warden": {"type": "unit", "domains": ["order"], "might": 1,
                      "keywords": {"deflect": 1}},
    "state__opponent__board": [{"id": "e1", "card": "warden"}], "play__targets": ["e1"]})


def grant(**parts: Any) -> Data:
    """BASE with u1's card granting `parts` (a discount on spells by default)."""
    g = {"discount": {"energy": 1}, "applies_to": {"type": "spell"}}
    g.update(parts)
    return setup(BASE, cards__brute__grants=[g])


def discount(**parts: Any) -> Data:
    """BASE with bolt's own discount `parts` (index 0 of its `discounts`)."""
    return setup(BASE, cards__bolt__discounts=[parts])


def cost_of(kind: str, count: int = 1) -> Data:
    """BASE where bolt costs `{kind: count}` more, with one object of each zone to pay it."""
    return setup(BASE, **{
        "cards__bolt__cost": {"energy": 0, "other": [{kind: count}]},
        "state__you__hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bolt"}],
        "state__you__trash": [{"id": "t2", "card": "bolt"}],
        "state__you__board": [{"id": "u1", "card": "brute", "buffs": 1}],
        "state__you__xp": 2})


def self_cost(kind: str) -> Data:
    """ABILITY where the ability costs `{kind: 1}` more (the object itself)."""
    return setup(ABILITY, **{
        "cards__brute__abilities": [{"id": "strike", "cost": {"energy": 0, "other": [{kind: 1}]}}],
        "state__you__board": [{"id": "u1", "card": "brute", "empowered": 1}]})


CONDITION_FALSE: dict[str, Any] = {
    "from": "trash", "not_from": "hand", "base": "flow", "printed_at_least": {"energy": 5},
    "flag": "storm", "phase": "showdown", "at": "battlefield",
    "targets": {"type": "unit"}, "level_at_least": 3, "played_this_turn_at_least": 2,
    "controls": {"type": "gear"}, "runes_at_most": 1, "empowered_at_least": 1,
    "score_at_least": 1, "opponent_score_at_least": 1, "within_of_victory": 3,
    "opponent_controls": {"type": "gear"}, "units_at": {"count": 1},
    "units_died_at_least": 1, "opponent_units_died_at_least": 1}


# A named battlefield b1 whose grant raises every play by [1] (`while` empty), in a showdown
# (bolt with Action timing, so it may be played there); no `showdown_at`.
VORTEX = setup(BASE, **{
    "cards__vortex": {"type": "battlefield", "grants": [
        {"increase": {"energy": 1}, "while": {}}]},
    "cards__plain": {"type": "battlefield"},
    "cards__bolt__timing": "action", "state__phase": "showdown",
    "state__battlefields": [{"id": "b1", "card": "vortex"}]})


def condition(kind: str) -> Pair:
    """A discount of [1] on bolt with `if: {}` against `if: {kind: ...}`, which is false here."""
    return Pair(discount(energy=1, **{"if": {}}), f"cards.bolt.discounts.0.if.{kind}",
                CONDITION_FALSE[kind])


WEIGHED: dict[str, Data] = {
    "exhaust": BASE, "recycle": BASE, "source": setup(BASE, **{
        "state__you__runes": [], "cards__bolt__cost": {"energy": 1},
        "state__you__sources": [{"id": "u1", "adds": {"energy": 1}}]}),
    "discard": cost_of("discard"), "kill": cost_of("kill"), "exhaust_unit": cost_of("exhaust"),
    "recycle_from_trash": cost_of("recycle_from_trash"),
    "return_to_hand": cost_of("return_to_hand"), "spend_buff": cost_of("spend_buff"),
    "spend_xp": cost_of("spend_xp"), "banish": self_cost("banish_self"),
    "disempower": self_cost("disempower_self")}

HIDE = setup(BASE, **{
    "cards__bolt__keywords": {"hidden": True},
    "cards__teemo": {"type": "unit", "domains": ["chaos"],
                     "grants": [{"alternative": {"energy": 0}, "applies_to": {"ability": "hide"}}]},
    "state__you__board": [{"id": "u1", "card": "teemo"}], "play": {"hide": "h1"}})

FACEDOWN = setup(BASE, **{
    "cards__bolt__keywords": {"hidden": True}, "state__phase": "closed",
    "state__you__hand": [], "state__you__facedown": [{"id": "f1", "card": "bolt",
                                                      "location": "battlefield"}],
    "play": {"object": "f1"}})

SOURCE = setup(BASE, **{
    "state__you__runes": [], "cards__bolt__cost": {"energy": 1},
    "cards__seal": {"type": "gear"},
    "state__you__board": [{"id": "u1", "card": "brute"}, {"id": "g1", "card": "seal"}],
    "state__you__sources": [{"id": "u1", "adds": {"energy": 1}}]})

CONVERTER = setup(SOURCE, **{
    "cards__bolt__cost": {"power": {"any": 2}},
    "state__you__runes": [{"id": "r1", "domain": "calm"}, {"id": "r2", "domain": "calm"}],
    "state__you__sources": [{"id": "g1", "adds": {"power": {"any": 1}},
                             "costs": [{"energy": 1}]}]})

KILL = setup(BASE, **{
    "cards__bolt__cost": {"energy": 0, "other": [{"kill": {"count": 1, "filter": {}}}]},
    "state__you__board": [{"id": "u1", "card": "brute"}, {"id": "u2", "card": "brute"}]})

VICTIM = setup(BASE, **{
    "cards__giant": {"type": "unit", "domains": ["body"], "cost": {"energy": 5}, "might": 5},
    "cards__bolt__cost": {"energy": 5},
    "cards__bolt__additional_costs": [{
        "id": "offering", "cost": {"other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]},
        "unlocks": [{"energy": {"printed_energy_of": "paid", "cost": "offering"}}]}],
    "state__you__board": [{"id": "u1", "card": "giant"}],
    "state__you__runes": [{"id": f"r{i}", "domain": "fury"} for i in range(1, 6)]})


def _pairs() -> dict[Key, Pair]:
    t: dict[Key, Pair] = {}

    # Top level.
    t["TOP_KEYS", "cards"] = P("cards", setup(BASE, cards__bolt__cost={"energy": 1})["cards"],
                               BASE["cards"])
    t["TOP_KEYS", "state"] = P("state", setup(BASE, state__phase="closed")["state"],
                               BASE["state"])
    t["TOP_KEYS", "play"] = Pair(setup(BASE, **{"state__you__hand": [
        {"id": "h1", "card": "bolt"}, {"id": "h2", "card": "brute"}]}), "play",
        {"object": "h2"}, {"object": "h1"})
    t["TOP_KEYS", "objective"] = P("objective", {"weights": {"exhaust": 9}})

    # Cards.
    t["CARD_KEYS", "name"] = Pair(grant(applies_to={"name": "Zap"}), "cards.bolt.name", "Zap")
    t["CARD_KEYS", "type"] = P("cards.bolt.type", "unit", "spell")
    t["CARD_KEYS", "domains"] = P("cards.bolt.domains", ["calm"], ["fury"],
                                  cards__bolt__cost={"power": {"c": 1}})
    t["CARD_KEYS", "cost"] = P("cards.bolt.cost", {"energy": 1})
    t["CARD_KEYS", "timing"] = P("cards.bolt.timing", "reaction", state__phase="closed")
    t["CARD_KEYS", "might"] = Pair(discount(energy={"max": "might", "of": {}}),
                                   "cards.brute.might", 1, 2)
    t["CARD_KEYS", "tags"] = Pair(discount(energy=1, **{"if": {"controls": {"tags": ["elite"]}}}),
                                  "cards.brute.tags", ["elite"])
    t["CARD_KEYS", "keywords"] = Pair(DEFLECT, "cards.warden.keywords", {"deflect": 2},
                                      {"deflect": 1})
    t["CARD_KEYS", "additional_costs"] = P("cards.bolt.additional_costs",
                                           [{"id": "tax", "cost": {"energy": 1}}])
    t["CARD_KEYS", "discounts"] = P("cards.bolt.discounts", [{"energy": 1}])
    t["CARD_KEYS", "grants"] = P("cards.brute.grants", [{"discount": {"energy": 1}}])
    t["CARD_KEYS", "abilities"] = P("cards.brute.abilities", [{"id": "strike"}], command="hand")
    t["CARD_KEYS", "ignore_deflect"] = Pair(DEFLECT, "cards.bolt.ignore_deflect", True)
    # "When you play a spell" on u1's brute (Lux's trigger): the bolt's plan names it or not.
    fires = {"id": "t", "applies_to": {"type": "spell"}}
    lux = setup(BASE, cards__brute__triggers=[fires])
    t["CARD_KEYS", "triggers"] = Pair(BASE, "cards.brute.triggers", [fires])
    t["TRIGGER_KEYS", "id"] = Pair(lux, "cards.brute.triggers.0.id", "other", "t")
    t["TRIGGER_KEYS", "applies_to"] = Pair(lux, "cards.brute.triggers.0.applies_to",
                                           {"type": "unit"}, {"type": "spell"})
    t["TRIGGER_KEYS", "energy_at_least"] = Pair(lux, "cards.brute.triggers.0.energy_at_least",
                                                3, 2)  # the bolt prints [2]
    # What the card's play chooses: e1 is the opponent's (legal), not yours (illegal).
    t["CARD_KEYS", "targets"] = Pair(
        setup(BASE, play__targets=["e1"], cards__bolt__targets={"controller": "opponent"}),
        "cards.bolt.targets", {"controller": "you"}, {"controller": "opponent"})

    # Keywords.
    t["KEYWORD_KEYS", "flow"] = Pair(FLOW, "cards.bolt.keywords.flow", [{"energy": 2}],
                                     [{"energy": 1}])
    for kw, value in (("accelerate", True), ("repeat", [{"energy": 1}])):
        t["KEYWORD_KEYS", kw] = Pair(setup(grant(applies_to={"keyword": kw}),
                                           cards__bolt__keywords={}),
                                     f"cards.bolt.keywords.{kw}", value)
    t["KEYWORD_KEYS", "deflect"] = Pair(DEFLECT, "cards.warden.keywords.deflect", 2, 1)
    t["KEYWORD_KEYS", "hidden"] = Pair(FACEDOWN, "cards.bolt.keywords.hidden", False, True)

    # Additional costs.
    extra = setup(BASE, cards__bolt__additional_costs=[{"id": "tax", "cost": {"energy": 1}}])
    t["ADDITIONAL_COST_KEYS", "id"] = Pair(extra, "cards.bolt.additional_costs.0.id", "levy",
                                           "tax")
    t["ADDITIONAL_COST_KEYS", "mandatory"] = Pair(extra, "cards.bolt.additional_costs.0.mandatory",
                                                  False)
    t["ADDITIONAL_COST_KEYS", "cost"] = Pair(extra, "cards.bolt.additional_costs.0.cost",
                                             {"energy": 2})
    t["ADDITIONAL_COST_KEYS", "unlocks"] = Pair(extra, "cards.bolt.additional_costs.0.unlocks",
                                                [{"energy": 2}])
    t["ADDITIONAL_COST_KEYS", "repeatable"] = Pair(
        setup(REPEAT, play__optional={"tithe": "yes"}),
        "cards.bolt.additional_costs.0.repeatable", False, True)
    t["ADDITIONAL_COST_KEYS", "max"] = Pair(REPEAT, "cards.bolt.additional_costs.0.max", 1)
    t["ADDITIONAL_COST_KEYS", "ignore"] = Pair(
        setup(extra, cards__bolt__additional_costs=[
            {"id": "tax", "mandatory": False, "cost": {"energy": 1}}], play__optional={"tax": "yes"}),
        "cards.bolt.additional_costs.0.ignore", "cost")

    # Abilities.
    t["ABILITY_KEYS", "id"] = P("cards.brute.abilities.0.id", "smash", "strike",
                                cards__brute__abilities=[{"id": "strike"}], command="hand")
    t["ABILITY_KEYS", "kind"] = Pair(setup(ABILITY, state__phase="closed"),
                                     "cards.brute.abilities.0.kind", "empower")
    t["ABILITY_KEYS", "cost"] = Pair(ABILITY, "cards.brute.abilities.0.cost", {"energy": 2})
    t["ABILITY_KEYS", "timing"] = Pair(setup(ABILITY, state__phase="closed"),
                                       "cards.brute.abilities.0.timing", "normal")
    t["ABILITY_KEYS", "targets"] = Pair(ABILITY, "cards.brute.abilities.0.targets",
                                        {"type": "unit"})
    t["ABILITY_KEYS", "times"] = Pair(setup(ABILITY, state__you__used_this_turn=["u1.strike"]),
                                      "cards.brute.abilities.0.times", 1)
    t["ABILITY_KEYS", "discounts"] = Pair(ABILITY, "cards.brute.abilities.0.discounts",
                                          [{"energy": 1}])
    t["FILTER_KEYS", "any_tags"] = Pair(grant(applies_to={"type": "spell"}),
                                        "cards.brute.grants.0.applies_to.any_tags", ["bird", "cat"])
    t["CARD_KEYS", "hybrid"] = P("cards.bolt.hybrid", [["calm", "mind"]])
    t["ABILITY_KEYS", "while"] = Pair(ABILITY, "cards.brute.abilities.0.while", {"flag": "storm"})

    # Costs and non-standard costs.
    t["COST_KEYS", "energy"] = P("cards.bolt.cost.energy", 1)
    t["COST_KEYS", "power"] = P("cards.bolt.cost.power", {"calm": 1})
    t["COST_KEYS", "other"] = Pair(setup(cost_of("discard"), cards__bolt__cost={"energy": 0}),
                                   "cards.bolt.cost.other", [{"discard": 1}])
    long = setup(cost_of("discard"), cards__bolt__cost={"other": [{"discard": {}}]})
    t["OTHER_LONG_KEYS", "count"] = Pair(long, "cards.bolt.cost.other.0.discard.count", 2)
    t["OTHER_LONG_KEYS", "filter"] = Pair(
        setup(long, state__you__hand=[{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "brute"}]),
        "cards.bolt.cost.other.0.discard.filter", {"type": "spell"})
    for kind in OTHER_KINDS + SELF_KINDS:
        base = self_cost(kind) if kind in SELF_KINDS else cost_of(kind)
        where = "cards.brute.abilities.0.cost.other" if kind in SELF_KINDS else "cards.bolt.cost.other"
        t["other_costs", kind] = Pair(setup(base, **{where.replace(".", "__"): []}),
                                      where + ".0", {kind: 1})

    # Filters: an object filter in `controls`, a play filter in a grant's `applies_to`.
    def controls(**f: Any) -> Pair:
        key = next(iter(f))
        return Pair(discount(energy=1, **{"if": {"controls": {}}}),
                    f"cards.bolt.discounts.0.if.controls.{key}", f[key])

    def applies(key: str, value: Any, base: Data | None = None) -> Pair:
        data = base if base is not None else grant(applies_to={})
        return Pair(data, f"cards.brute.grants.0.applies_to.{key}", value)

    t["FILTER_KEYS", "type"] = controls(type="gear")
    t["FILTER_KEYS", "tags"] = controls(tags=["elite"])
    t["FILTER_KEYS", "domain"] = controls(domain="fury")
    t["FILTER_KEYS", "name"] = controls(name="Titan")
    t["FILTER_KEYS", "max_might"] = controls(max_might=1)
    t["FILTER_KEYS", "min_might"] = controls(min_might=3)
    t["FILTER_KEYS", "location"] = controls(location="battlefield")
    t["FILTER_KEYS", "id"] = controls(id="e1")
    t["FILTER_KEYS", "printed_energy"] = controls(printed_energy=5)
    t["FILTER_KEYS", "printed_power"] = controls(printed_power=1)
    t["FILTER_KEYS", "stunned"] = controls(stunned=True)
    t["FILTER_KEYS", "timing"] = applies("timing", "reaction")
    t["FILTER_KEYS", "from"] = applies("from", "trash")
    t["FILTER_KEYS", "keyword"] = applies("keyword", "flow")
    t["FILTER_KEYS", "ability"] = applies("ability", "any")
    t["FILTER_KEYS", "controller"] = Pair(
        setup(ABILITY, **{"cards__brute__abilities": [{"id": "strike", "targets": {}}],
                          "play__targets": ["e1"]}),
        "cards.brute.abilities.0.targets.controller", "you")

    # Discounts and their parts.
    t["DISCOUNT_KEYS", "id"] = Pair(discount(energy=1), "cards.bolt.discounts.0.id", "rebate")
    t["DISCOUNT_KEYS", "energy"] = Pair(discount(), "cards.bolt.discounts.0.energy", 1)
    t["DISCOUNT_KEYS", "power"] = Pair(discount(), "cards.bolt.discounts.0.power", {"fury": 1})
    t["DISCOUNT_KEYS", "minimum"] = Pair(discount(energy=1), "cards.bolt.discounts.0.minimum",
                                         {"energy": 2})
    t["DISCOUNT_KEYS", "component"] = Pair(discount(energy=1), "cards.bolt.discounts.0.component",
                                           "accelerate")
    t["DISCOUNT_KEYS", "choice"] = Pair(discount(), "cards.bolt.discounts.0.choice",
                                        [{"energy": 1}, {"power": {"any": 1}}])
    t["DISCOUNT_KEYS", "if"] = Pair(discount(energy=1), "cards.bolt.discounts.0.if",
                                    {"flag": "storm"})
    t["DISCOUNT_KEYS", "tiers"] = Pair(discount(), "cards.bolt.discounts.0.tiers", [{"energy": 1}])
    t["DISCOUNT_KEYS", "per_payment"] = Pair(
        REPEAT, "cards.bolt.additional_costs.0.unlocks.0.per_payment", False, True)
    t["DISCOUNT_KEYS", "only_any_pips"] = Pair(discount(power={"any": 1}),
                                               "cards.bolt.discounts.0.only_any_pips", True)
    choice = discount(choice=[{}, {}])
    t["BRANCH_KEYS", "energy"] = Pair(choice, "cards.bolt.discounts.0.choice.0.energy", 2)
    t["BRANCH_KEYS", "power"] = Pair(choice, "cards.bolt.discounts.0.choice.1.power", {"any": 1})
    t["MINIMUM_KEYS", "energy"] = Pair(discount(energy=1, minimum={}),
                                       "cards.bolt.discounts.0.minimum.energy", 2)
    t["MINIMUM_KEYS", "power"] = Pair(discount(power={"any": 1}, minimum={}),
                                      "cards.bolt.discounts.0.minimum.power", 1)

    # Increases, granted by u1 to spells.
    increase = grant(discount=None, increase={"energy": 1})
    del increase["cards"]["brute"]["grants"][0]["discount"]
    t["INCREASE_KEYS", "id"] = Pair(increase, "cards.brute.grants.0.increase.id", "tax")
    t["INCREASE_KEYS", "energy"] = Pair(increase, "cards.brute.grants.0.increase.energy", 0, 1)
    t["INCREASE_KEYS", "power"] = Pair(increase, "cards.brute.grants.0.increase.power", {"fury": 1})
    t["INCREASE_KEYS", "if"] = Pair(increase, "cards.brute.grants.0.increase.if", {"flag": "storm"})
    t["INCREASE_KEYS", "tiers"] = Pair(increase, "cards.brute.grants.0.increase.tiers",
                                       [{"energy": 2}])

    # Grants.
    t["GRANT_KEYS", "discount"] = Pair(grant(), "cards.brute.grants.0.discount", {"energy": 2},
                                       {"energy": 1})
    t["GRANT_KEYS", "increase"] = Pair(increase, "cards.brute.grants.0.increase", {"energy": 2},
                                       {"energy": 1})
    t["GRANT_KEYS", "ignore_deflect"] = Pair(setup(DEFLECT, cards__brute__grants=[]),
                                             "cards.brute.grants.0", {"ignore_deflect": True})
    t["GRANT_KEYS", "applies_to"] = Pair(grant(), "cards.brute.grants.0.applies_to",
                                         {"type": "unit"}, {"type": "spell"})
    t["GRANT_KEYS", "while"] = Pair(grant(), "cards.brute.grants.0.while", {"flag": "storm"})
    once = setup(grant(once_per_turn=True), state__you__used_this_turn=["forge"])
    t["GRANT_KEYS", "id"] = Pair(once, "cards.brute.grants.0.id", "forge")
    t["GRANT_KEYS", "once_per_turn"] = Pair(setup(grant(id="forge"),
                                                  state__you__used_this_turn=["forge"]),
                                            "cards.brute.grants.0.once_per_turn", True)
    t["GRANT_KEYS", "keyword"] = Pair(
        setup(FLOW, cards__bolt__keywords={}, cards__brute__grants=[]),
        "cards.brute.grants.0", {"keyword": {"flow": "printed"}})
    # A granted Repeat instance (issue 24, item 11): equal to the printed cost ([2][fury]) or
    # to the base cost in use (the Flow cost, [1]).
    t["granted_keyword", "repeat"] = Pair(
        setup(FLOW, cards__brute__grants=[{"keyword": {"repeat": "printed"},
                                           "applies_to": {"type": "spell"}}],
              play__optional={"repeat": "yes"}),
        "cards.brute.grants.0.keyword.repeat", "base", "printed")
    t["GRANT_KEYS", "alternative"] = Pair(HIDE, "cards.teemo.grants.0.alternative",
                                          {"energy": 3}, {"energy": 0})

    # The state.
    t["STATE_KEYS", "phase"] = P("state.phase", "closed")
    t["STATE_KEYS", "turn"] = P("state.turn", "opponent")
    t["STATE_KEYS", "flags"] = Pair(discount(energy=1, **{"if": {"flag": "storm"}}),
                                    "state.flags", ["storm"])
    t["STATE_KEYS", "played_this_turn"] = Pair(
        discount(energy={"per": "played_this_turn", "times": 1}), "state.played_this_turn", 1)
    t["STATE_KEYS", "you"] = P("state.you", setup(BASE, state__you__pool={"energy": 3})[
        "state"]["you"], BASE["state"]["you"])
    t["STATE_KEYS", "victory_score"] = Pair(discount(energy=1, **{"if": {"within_of_victory": 3}}),
                                            "state.victory_score", 3)
    t["STATE_KEYS", "battlefields"] = Pair(setup(VORTEX, state__battlefields=MISSING),
                                           "state.battlefields", [{"id": "b1", "card": "vortex"}])
    here = setup(VORTEX, cards__vortex__grants__0__while={"here": True})
    t["STATE_KEYS", "showdown_at"] = Pair(here, "state.showdown_at", "b1")
    t["CONDITION_KINDS", "here"] = Pair(VORTEX, "cards.vortex.grants.0.while.here", True)
    t["BATTLEFIELD_KEYS", "id"] = Pair(VORTEX, "state.battlefields.0.id", "b2", "b1",
                                       command="play")
    t["BATTLEFIELD_KEYS", "card"] = Pair(VORTEX, "state.battlefields.0.card", "plain", "vortex")
    at_b1 = setup(discount(energy=1, **{"if": {"units_at": {"count": 1}}}), **{
        "cards__plain": {"type": "battlefield"},
        "state__battlefields": [{"id": "b1", "card": "plain"}],
        "state__opponent__board": [{"id": "e1", "card": "brute", "location": "b1"}]})
    t["UNITS_AT_KEYS", "count"] = Pair(at_b1, "cards.bolt.discounts.0.if.units_at.count", 2, 1)
    t["UNITS_AT_KEYS", "where"] = Pair(
        setup(at_b1, cards__bolt__discounts=[],
              cards__brute__grants=[{"discount": {"energy": 1}, "applies_to": {"type": "spell"},
                                     "while": {"units_at": {"count": 1}}}]),
        "cards.brute.grants.0.while.units_at.where", "here")
    t["GRANT_KEYS", "only_here"] = Pair(
        setup(DEFLECT, **{"cards__heisho": {"type": "battlefield",
                                            "grants": [{"ignore_deflect": True}]},
                          "state__battlefields": [{"id": "b1", "card": "heisho"}]}),
        "cards.heisho.grants.0.only_here", True)
    t["STATE_KEYS", "opponent"] = Pair(
        setup(BASE, **{"cards__taxer": {"type": "unit", "domains": ["chaos"], "grants": [
            {"increase": {"energy": 1}, "applies_to": {"controller": "opponent"}}]}}),
        "state.opponent", {"board": [{"id": "e1", "card": "taxer"}]})

    # A player.
    t["PLAYER_KEYS", "runes"] = P("state.you.runes", {"fury": 1, "calm": 2})
    t["PLAYER_KEYS", "pool"] = P("state.you.pool", {"energy": 2})
    t["PLAYER_KEYS", "hand"] = Pair(
        discount(energy={"count": {}, "zone": "hand"}), "state.you.hand",
        [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bolt"}], [{"id": "h1", "card": "bolt"}])
    t["PLAYER_KEYS", "trash"] = Pair(discount(energy={"count": {}, "zone": "trash"}),
                                     "state.you.trash", [{"id": "t1", "card": "bolt"}])
    t["PLAYER_KEYS", "board"] = P("state.you.board", [{"id": "u1", "card": "brute"}],
                                  cards__brute__grants=[{"discount": {"energy": 1}}],
                                  state__you__board=[])
    t["PLAYER_KEYS", "xp"] = Pair(discount(energy=1, **{"if": {"level_at_least": 3}}),
                                  "state.you.xp", 3)
    t["PLAYER_KEYS", "sources"] = Pair(setup(SOURCE, **{"state__you__sources": []}),
                                       "state.you.sources", [{"id": "u1", "adds": {"energy": 1}}])
    t["PLAYER_KEYS", "banishment"] = P("state.you.banishment", [{"id": "b1", "card": "bolt"}],
                                       command="play")
    t["PLAYER_KEYS", "rune_deck"] = P("state.you.rune_deck", [{"id": "d1", "domain": "mind"}],
                                      command="play")
    t["PLAYER_KEYS", "facedown"] = Pair(setup(FACEDOWN, state__you__facedown=[], play=MISSING),
                                        "state.you.facedown",
                                        [{"id": "f1", "card": "bolt", "location": "battlefield"}],
                                        command="hand")
    t["PLAYER_KEYS", "score"] = Pair(discount(energy=1, **{"if": {"score_at_least": 2}}),
                                     "state.you.score", 2)
    t["PLAYER_KEYS", "used_this_turn"] = Pair(setup(grant(id="forge", once_per_turn=True)),
                                              "state.you.used_this_turn", ["forge"])

    # Runes and objects.
    t["RUNE_KEYS", "id"] = P("state.you.runes.0.id", "x1", "r1")
    t["RUNE_KEYS", "domain"] = P("state.you.runes.0.domain", "calm", "fury",
                                 state__you__runes=[{"id": "r1", "domain": "fury"}],
                                 cards__bolt__cost={"power": {"fury": 1}})
    t["RUNE_KEYS", "exhausted"] = P("state.you.runes.0.exhausted", True)
    t["RUNE_KEYS", "value"] = P("state.you.runes.1.value", 0)
    t["OBJECT_KEYS", "id"] = Pair(KILL, "state.you.board.0.id", "u9", "u1")
    t["OBJECT_KEYS", "card"] = Pair(setup(discount(energy={"max": "might", "of": {}}),
                                          cards__giant={"type": "unit", "might": 5}),
                                    "state.you.board.0.card", "giant", "brute")
    t["OBJECT_KEYS", "value"] = Pair(KILL, "state.you.board.0.value", 9)
    t["OBJECT_KEYS", "location"] = Pair(grant(**{"while": {"at": "battlefield"}}),
                                        "state.you.board.0.location", "battlefield")
    t["OBJECT_KEYS", "might"] = Pair(discount(energy={"max": "might", "of": {}}),
                                     "state.you.board.0.might", 0)
    t["OBJECT_KEYS", "exhausted"] = Pair(SOURCE, "state.you.board.0.exhausted", True)
    t["OBJECT_KEYS", "buffs"] = Pair(discount(energy={"max": "might", "of": {}}),
                                     "state.you.board.0.buffs", 1)
    t["OBJECT_KEYS", "empowered"] = Pair(
        setup(ABILITY, cards__brute__abilities=[{"id": "strike", "kind": "empower"}]),
        "state.you.board.0.empowered", 1)
    t["OBJECT_KEYS", "stunned"] = Pair(
        discount(energy=1, **{"if": {"opponent_controls": {"stunned": True}}}),
        "state.opponent.board.0.stunned", True)
    t["OBJECT_KEYS", "hidden_turn"] = Pair(FACEDOWN, "state.you.facedown.0.hidden_turn", "this")

    # Sources.
    t["SOURCE_KEYS", "id"] = Pair(SOURCE, "state.you.sources.0.id", "g1", "u1")
    t["SOURCE_KEYS", "adds"] = Pair(SOURCE, "state.you.sources.0.adds", {"power": {"fury": 1}},
                                    {"energy": 1})
    t["SOURCE_KEYS", "costs"] = Pair(SOURCE, "state.you.sources.0.costs", ["kill"])
    t["SOURCE_KEYS", "only_for"] = Pair(SOURCE, "state.you.sources.0.only_for", {"type": "unit"})
    t["SOURCE_KEYS", "while"] = Pair(SOURCE, "state.you.sources.0.while", {"flag": "storm"})
    t["SOURCE_KEYS", "bonus"] = Pair(setup(SOURCE, cards__bolt__cost={"energy": 2}),
                                     "state.you.sources.0.bonus", {"adds": {"energy": 1}})
    t["SOURCE_KEYS", "repeatable"] = Pair(CONVERTER, "state.you.sources.0.repeatable", True)
    # An ability's alternative cost (issue 24: Legion Marauder's "[1] or [Body]"): strike's [1]
    # or, with it, [0].
    t["ABILITY_KEYS", "alternatives"] = Pair(ABILITY, "cards.brute.abilities.0.alternatives", [{}])
    # A source whose cost kills another object (issue 24, item 6: Malzahar - Fanatic): with
    # it, u1's [1] also kills the seal (5); without it, only u1's exhaustion (1).
    killer = setup(SOURCE, state__you__sources__0__costs=["exhaust"])
    t["SOURCE_KILL_KEYS", "kill"] = Pair(killer, "state.you.sources.0.costs.1",
                                         {"kill": {"count": 1, "filter": {"type": "gear"}}})
    bonus = setup(SOURCE, **{"cards__bolt__cost": {"energy": 2},
                             "state__you__sources__0__bonus": {"adds": {"energy": 1}}})
    t["BONUS_KEYS", "adds"] = Pair(bonus, "state.you.sources.0.bonus.adds", {"power": {"fury": 1}},
                                   {"energy": 1})
    t["BONUS_KEYS", "while"] = Pair(bonus, "state.you.sources.0.bonus.while", {"flag": "storm"})

    # The play.
    two = setup(BASE, state__you__hand=[{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "brute"}])
    t["PLAY_KEYS", "object"] = Pair(two, "play.object", "h2", "h1")
    t["PLAY_KEYS", "card"] = Pair(setup(two, play={"card": "bolt"}), "play.card", "brute", "bolt")
    t["PLAY_KEYS", "from"] = Pair(setup(FLOW, **{
        "state__you__hand": [{"id": "h1", "card": "bolt"}], "play": {"card": "bolt"}}),
        "play.from", "trash")
    t["PLAY_KEYS", "base"] = Pair(setup(FLOW, play__permit=True), "play.base", "printed")
    t["PLAY_KEYS", "ignore"] = P("play.ignore", "cost")
    t["PLAY_KEYS", "play_for"] = P("play.play_for", {"energy": 0})
    t["PLAY_KEYS", "targets"] = Pair(DEFLECT, "play.targets", ["e1", "e1"], ["e1"])
    t["PLAY_KEYS", "optional"] = Pair(setup(extra, **{
        "cards__bolt__additional_costs__0__mandatory": False}), "play.optional", {"tax": "yes"})
    t["PLAY_KEYS", "discounts"] = P("play.discounts", [{"energy": 1}])
    t["PLAY_KEYS", "permit"] = Pair(setup(FLOW, cards__bolt__keywords={}), "play.permit", True)
    t["PLAY_KEYS", "leaves_chain"] = P("play.leaves_chain", {"by": "counter"})
    t["PLAY_KEYS", "ability"] = Pair(setup(ABILITY, cards__brute__abilities=[
        {"id": "strike", "cost": {"energy": 1}}, {"id": "smash", "cost": {"energy": 2}}]),
        "play.ability", {"object": "u1", "id": "smash"}, {"object": "u1", "id": "strike"})
    t["PLAY_KEYS", "hide"] = Pair(setup(HIDE, state__you__hand=[
        {"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bolt"}]), "play.hide", "h2", "h1")
    t["ABILITY_PLAY_KEYS", "object"] = Pair(setup(ABILITY, state__you__board=[
        {"id": "u1", "card": "brute"}, {"id": "u2", "card": "brute", "exhausted": True}],
        cards__brute__abilities=[{"id": "strike", "cost": {"other": ["exhaust_self"]}}]),
        "play.ability.object", "u2", "u1")
    t["ABILITY_PLAY_KEYS", "id"] = Pair(t["PLAY_KEYS", "ability"].base, "play.ability.id",
                                        "smash", "strike")
    t["base", "flow"] = Pair(setup(FLOW, **{
        "cards__bolt__keywords": {"flow": [{"energy": 1}, {"energy": 3}]},
        "play__base": {"flow": 0}}), "play.base.flow", 1, 0)
    t["LEAVES_CHAIN_KEYS", "by"] = P("play.leaves_chain.by", "counter", play__leaves_chain={})
    t["LEAVES_CHAIN_KEYS", "to"] = P("play.leaves_chain.to", "hand", play__leaves_chain={})
    t["LEAVES_CHAIN_KEYS", "instructed_by"] = Pair(
        setup(FLOW, play__leaves_chain={"to": "hand"}), "play.leaves_chain.instructed_by", "self")

    # The objective.
    t["OBJECTIVE_KEYS", "weights"] = P("objective.weights", {"recycle": 0}, objective={})
    t["OBJECTIVE_KEYS", "benefits"] = Pair(setup(REPEAT, objective={}, **{
        "cards__bolt__cost": {"energy": 1}, "cards__bolt__additional_costs__0__unlocks": [],
        "cards__bolt__additional_costs__0__repeatable": False,
        "play__optional": {"tithe": "auto"}}), "objective.benefits", {"tithe": 5})
    for weight, base in WEIGHED.items():
        t["weights", weight] = Pair(setup(base, objective={"weights": {}}),
                                    f"objective.weights.{weight}", 9)

    # Amounts.
    t["MAX_MIGHT_KEYS", "of"] = Pair(discount(energy={"max": "might"}),
                                     "cards.bolt.discounts.0.energy.of", {"type": "gear"})
    count = discount(energy={"count": {}})
    t["COUNT_OF_KEYS", "count"] = Pair(count, "cards.bolt.discounts.0.energy.count",
                                       {"type": "gear"}, {})
    t["COUNT_OF_KEYS", "zone"] = Pair(count, "cards.bolt.discounts.0.energy.zone", "trash")
    t["COUNT_OF_KEYS", "times"] = Pair(count, "cards.bolt.discounts.0.energy.times", 2)
    t["PER_PLAYED_KEYS", "times"] = Pair(
        setup(discount(energy={"per": "played_this_turn"}), state__played_this_turn=1),
        "cards.bolt.discounts.0.energy.times", 2)
    t["PRINTED_OF_KEYS", "cost"] = Pair(setup(VICTIM, **{
        "cards__bolt__additional_costs": VICTIM["cards"]["bolt"]["additional_costs"] + [
            {"id": "tribute", "cost": {"energy": 1}}]}),
        "cards.bolt.additional_costs.0.unlocks.0.energy.cost", "tribute", "offering")

    # `payplan check`: the payment the player chose and the choices beside it (the loader reads
    # them for `check` only). BASE's bolt costs [2][fury]; PAID pays it (r1 and r2 exhausted,
    # r2 recycled for [fury]). A payment may pay more Energy than it needs (it stays in the pool).
    def C(data: Data, path: str, b: Any, a: Any = MISSING, **choices: Any) -> Pair:
        return Pair({**data, **choices}, path, b, a, command="check")

    paid = {"exhaust": ["r1", "r2"], "recycle": [{"rune": "r2", "pays": "fury"}]}
    fury = {"recycle": [{"rune": "r2", "pays": "fury"}]}
    t["CHECK_KEYS", "payment"] = C(setup(BASE, payment=paid), "payment", {}, paid)
    t["PAYMENT_KEYS", "pool"] = C(setup(BASE, state__you__pool={"energy": 2}, payment=fury),
                                  "payment.pool", {"energy": 2})
    t["PAYMENT_KEYS", "exhaust"] = C(setup(BASE, payment=fury), "payment.exhaust", ["r1", "r3"])
    t["PAYMENT_KEYS", "recycle"] = C(setup(BASE, payment={"exhaust": ["r1", "r2"]}),
                                     "payment.recycle", [{"rune": "r2", "pays": "fury"}])
    t["payment", "rune"] = C(setup(BASE, payment={"exhaust": ["r1", "r2"],
                                                  "recycle": [{"rune": "r2"}]}),
                             "payment.recycle.0.rune", "r3", "r2")
    t["payment", "pays"] = C(setup(BASE, payment=paid), "payment.recycle.0.pays", "calm", "fury")
    t["PAYMENT_KEYS", "sources"] = C(setup(SOURCE, payment={}), "payment.sources", ["u1"])
    kills = setup(SOURCE, state__you__sources__0__costs=["exhaust", {"kill": 1}])
    t["PAYMENT_KEYS", "source_kills"] = C(setup(kills, payment={"sources": ["u1"]}),
                                          "payment.source_kills",
                                          [{"source": "u1", "kill": ["g1"]}])
    named = setup(kills, payment={"sources": ["u1"],
                                  "source_kills": [{"source": "u1", "kill": ["g1"]}]})
    t["payment", "source"] = C(named, "payment.source_kills.0.source", "g1", "u1")
    t["payment", "kill"] = C(named, "payment.source_kills.0.kill", ["g1", "u1"], ["g1"])
    t["PAYMENT_KEYS", "other"] = C(setup(cost_of("discard"), payment={}), "payment.other",
                                   [{"discard": ["h2"]}])
    # Two Flow costs, [1] and [2], paid with [1]; the base named.
    flows = setup(FLOW, cards__bolt__keywords={"flow": [{"energy": 1}, {"energy": 2}]},
                  payment={"exhaust": ["r1"]})
    t["CHECK_KEYS", "base"] = C(flows, "base", {"kind": "printed"})
    t["chosen_base", "kind"] = C(flows, "base.kind", "printed", "flow", base={})
    t["chosen_base", "index"] = C(flows, "base.index", 1, 0, base={})
    t["chosen_base", "cost"] = C(flows, "base.cost", {"energy": 2}, {"energy": 1}, base={})
    t["chosen_base", "ignore"] = C(setup(BASE, play__ignore="energy", payment=fury),
                                   "base.ignore", "power", "energy", base={})
    # An optional [1] (paid when `paid_optional` names it): `paid` pays [2][fury] only.
    t["CHECK_KEYS", "paid_optional"] = C(setup(
        BASE, cards__bolt__additional_costs=[{"id": "tax", "mandatory": False,
                                              "cost": {"energy": 1}}],
        play__optional={"tax": "auto"}, payment=paid), "paid_optional", ["tax"])
    # REPEAT's tithe: [4], [1] more and [2] less per payment: twice [2], three times [1].
    t["CHECK_KEYS", "paid"] = C(setup(REPEAT, payment={"exhaust": ["r1", "r2"]}), "paid",
                                {"tithe": 3}, {"tithe": 2})
    # [3][fury] less [2] (big) and [1] to a minimum of [1] (small): small then big leaves
    # [fury], big then small [1][fury]; the payment pays [fury].
    t["CHECK_KEYS", "discount_order"] = C(setup(
        BASE, cards__bolt__cost={"energy": 3, "power": {"fury": 1}},
        cards__bolt__discounts=[{"id": "big", "energy": 2},
                                {"id": "small", "energy": 1, "minimum": {"energy": 1}}],
        payment={"recycle": [{"rune": "r1", "pays": "fury"}]}),
        "discount_order", ["big", "small"], ["small", "big"])

    # The turn (`turn-format.md`), read by the `turn` command.
    turn = setup(BASE, **{"cards__bolt__cost": {"energy": 1},
                          "state__you__hand": [{"id": "h1", "card": "bolt"},
                                               {"id": "h2", "card": "bolt"}],
                          "state__you__runes": [{"id": "r1", "domain": "fury"},
                                                {"id": "r2", "domain": "fury"}],
                          "play": MISSING, "turn": {"candidates": "auto"}})
    t["TOP_KEYS", "turn"] = Pair(setup(turn, turn=MISSING), "turn", {"max_plays": 1},
                                 command="turn")
    t["TURN_KEYS", "candidates"] = Pair(turn, "turn.candidates", [{"object": "h2"}], "auto",
                                        command="turn")
    t["TURN_KEYS", "values"] = Pair(turn, "turn.values", {"h2": 5}, command="turn")
    t["TURN_KEYS", "max_plays"] = Pair(turn, "turn.max_plays", 1, command="turn")
    ritual = setup(turn, **{"cards__ritual": {"type": "spell", "cost": {"energy": 1},
                                              "effect": {"adds": {"energy": 1}}},
                            "cards__bolt__cost": {"energy": 2},
                            "state__you__runes": [{"id": "r1", "domain": "fury"}],
                            "state__you__hand": [{"id": "h1", "card": "ritual"},
                                                 {"id": "h2", "card": "bolt"}]})
    t["CARD_KEYS", "effect"] = Pair(ritual, "cards.ritual.effect", {"adds": {"energy": 2}},
                                    command="turn")
    t["EFFECT_KEYS", "adds"] = Pair(ritual, "cards.ritual.effect.adds", {"energy": 2},
                                    {"energy": 1}, command="turn")

    # Effects that last for the turn (issue 24, item 10). A charm ([1]) whose resolution makes
    # the next spell cost [2] less; then two bolts ([2][fury]): three runes.
    spell = {"type": "spell"}
    charm = setup(turn, **{
        "cards__charm": {"type": "spell", "cost": {"energy": 1}, "effect": {
            "discounts": [{"discount": {"energy": 2}, "applies_to": spell}]}},
        "cards__bolt__cost": {"energy": 2, "power": {"fury": 1}},
        "state__you__runes": [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": "fury"},
                              {"id": "r3", "domain": "calm"}],
        "state__you__hand": [{"id": "h2", "card": "charm"}, {"id": "h1", "card": "bolt"},
                             {"id": "h3", "card": "bolt"}]})
    t["EFFECT_KEYS", "discounts"] = Pair(charm, "cards.charm.effect.discounts",
                                         [{"discount": {"energy": 2}, "applies_to": spell}],
                                         [], command="turn")
    t["EFFECT_ENTRY_KEYS", "discount"] = Pair(charm, "cards.charm.effect.discounts.0.discount",
                                              {"energy": 1}, {"energy": 2}, command="turn")
    t["EFFECT_ENTRY_KEYS", "applies_to"] = Pair(
        charm, "cards.charm.effect.discounts.0.applies_to", {"type": "unit"}, spell,
        command="turn")
    t["EFFECT_ENTRY_KEYS", "uses"] = Pair(charm, "cards.charm.effect.discounts.0.uses", 2,
                                          command="turn")
    # A granted Repeat worth 10 (a benefit) the next spell gains, or Flow (nothing from hand).
    graced = setup(charm, **{"cards__charm__effect": {"grants": [
        {"keyword": {"repeat": "printed"}, "applies_to": spell}]},
        "objective": {"benefits": {"repeat": 10}},
        "state__you__runes": [{"id": f"r{i}", "domain": "fury"} for i in range(1, 9)]})
    t["EFFECT_KEYS", "grants"] = Pair(graced, "cards.charm.effect.grants",
                                      [{"keyword": {"repeat": "printed"}, "applies_to": spell}],
                                      [], command="turn")
    t["EFFECT_ENTRY_KEYS", "keyword"] = Pair(graced, "cards.charm.effect.grants.0.keyword",
                                             {"repeat": "printed"}, {"flow": "printed"},
                                             command="turn")
    # The charm, then a bolt choosing e1 (Deflect 1), paid together (`payplan play`).
    shield = setup(DEFLECT, **{
        "cards__charm": {"type": "spell", "cost": {"energy": 1}, "effect": {
            "grants": [{"ignore_deflect": True, "applies_to": spell}]}},
        "state__you__runes": [{"id": f"r{i}", "domain": "fury"} for i in range(1, 6)],
        "state__you__hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "charm"}],
        "play": MISSING, "plays": [{"object": "h2"}, {"object": "h1", "targets": ["e1"]}]})
    t["EFFECT_ENTRY_KEYS", "ignore_deflect"] = Pair(
        shield, "cards.charm.effect.grants.0.ignore_deflect", True, False, command="play")
    # An effect already in the state: the next spell costs [1] less.
    fx = setup(BASE, state__you__effects=[{"id": "fx", "discount": {"energy": 1},
                                           "applies_to": spell}])
    t["PLAYER_KEYS", "effects"] = Pair(fx, "state.you.effects",
                                       [{"discount": {"energy": 1}, "applies_to": spell}], [])
    t["STATE_EFFECT_KEYS", "id"] = Pair(fx, "state.you.effects.0.id", "fx")  # the step's label
    t["STATE_EFFECT_KEYS", "discount"] = Pair(fx, "state.you.effects.0.discount", {"energy": 2},
                                              {"energy": 1})
    t["STATE_EFFECT_KEYS", "applies_to"] = Pair(fx, "state.you.effects.0.applies_to",
                                                {"type": "unit"}, spell)
    t["STATE_EFFECT_KEYS", "uses"] = Pair(fx, "state.you.effects.0.uses", 2, command="play")
    t["STATE_EFFECT_KEYS", "keyword"] = Pair(
        setup(FLOW, state__you__effects=[{"keyword": {"repeat": "printed"}, "applies_to": spell}],
              play__optional={"repeat": "yes"}),
        "state.you.effects.0.keyword", {"repeat": "base"}, {"repeat": "printed"})
    t["STATE_EFFECT_KEYS", "ignore_deflect"] = Pair(
        setup(DEFLECT, state__you__effects=[{"ignore_deflect": True, "applies_to": spell}]),
        "state.you.effects.0.ignore_deflect", False, True)
    # The next spell ignores its Energy (Jayce's "without paying its Energy cost") or its Power:
    # the bolt's [2][fury] is [fury] or [2].
    t["STATE_EFFECT_KEYS", "ignore"] = Pair(
        setup(BASE, state__you__effects=[{"ignore": "energy", "applies_to": spell}]),
        "state.you.effects.0.ignore", "power", "energy")
    ignoring = setup(BASE, **{
        "cards__charm": {"type": "spell", "cost": {"energy": 1}, "effect": {
            "grants": [{"ignore": "energy", "applies_to": {"name": "bolt"}}]}},
        "cards__bolt__name": "bolt",
        "state__you__runes": [{"id": f"r{i}", "domain": "fury"} for i in range(1, 5)],
        "state__you__hand": [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "charm"}],
        "play": MISSING, "plays": [{"object": "h2"}, {"object": "h1"}]})
    t["EFFECT_ENTRY_KEYS", "ignore"] = Pair(
        ignoring, "cards.charm.effect.grants.0.ignore", "power", "energy", command="play")

    # Conditions, the Power map, the runes shorthand.
    for kind in CONDITION_FALSE:
        t["CONDITION_KINDS", kind] = condition(kind)
    # The granting object's Might (issue 24, item 2): u1's brute, Might 2, is not Mighty.
    t["CONDITION_KINDS", "might_at_least"] = Pair(grant(**{"while": {}}),
                                                  "cards.brute.grants.0.while.might_at_least", 3)

    # Deflect from grants and effects (issue 24, item 2), on DEFLECT's e1 (its card Deflect 1).
    # A gear of the opponent's, `monument`, grants Deflect 1 to every object of theirs.
    monument = setup(DEFLECT, **{
        "cards__monument": {"type": "gear", "domains": ["body"],
                            "grants": [{"deflect": 1, "applies_to": {}}]},
        "state__opponent__board": [{"id": "e1", "card": "warden"},
                                   {"id": "g9", "card": "monument"}]})
    t["GRANT_KEYS", "deflect"] = Pair(monument, "cards.monument.grants.0.deflect", 2, 1)
    t["FILTER_KEYS", "self"] = Pair(monument, "cards.monument.grants.0.applies_to.self", True)
    t["OBJECT_KEYS", "deflect"] = Pair(DEFLECT, "state.opponent.board.0.deflect", 1)
    for key in POWER_KEYS + ("c",):
        t["power", key] = P(f"cards.bolt.cost.power.{key}", 1, cards__bolt__cost={"power": {}},
                            state__you__runes={d: 1 for d in DOMAINS})
    for domain in DOMAINS:
        t["runes", domain] = P(f"state.you.runes.{domain}", 1, cards__bolt__cost={"energy": 1},
                               state__you__runes={})
    # What a play leaves behind (issue 37, item 8). A Calm Seal played this turn becomes a
    # source for the spell after it (`turn`); a spell that kills its targets or scores
    # (`play` with `plays:`); the units that died this turn, read by a condition.
    seal_turn = y("""
        format: payplan/1
        cards:
          seal:
            type: gear
            domains: [calm]
            cost: {power: {calm: 1}}
            source: {adds: {power: {calm: 1}}}
          word: {type: spell, domains: [calm], cost: {power: {calm: 1}}}
        state:
          you:
            runes: [{id: r1, domain: calm}, {id: r2, domain: fury}, {id: r3, domain: fury}]
            hand: [{id: h1, card: seal}, {id: h2, card: word}]
        turn: {candidates: auto}
    """)
    t["CARD_KEYS", "source"] = Pair(seal_turn, "cards.seal.source",
                                    {"adds": {"power": {"calm": 1}}}, command="turn")
    t["CARD_SOURCE_KEYS", "adds"] = Pair(seal_turn, "cards.seal.source.adds", {"energy": 1},
                                         {"power": {"calm": 1}}, command="turn")
    t["CARD_SOURCE_KEYS", "costs"] = Pair(seal_turn, "cards.seal.source.costs", ["kill"],
                                          command="turn")
    t["CARD_SOURCE_KEYS", "only_for"] = Pair(seal_turn, "cards.seal.source.only_for",
                                             {"type": "unit"}, command="turn")
    t["CARD_SOURCE_KEYS", "while"] = Pair(seal_turn, "cards.seal.source.while",
                                          {"flag": "storm"}, command="turn")
    t["CARD_SOURCE_KEYS", "bonus"] = Pair(seal_turn, "cards.seal.source.bonus",
                                          {"adds": {"energy": 1}}, command="turn")
    bonus_turn = setup(seal_turn, cards__seal__source__bonus={"adds": {"energy": 1},
                                                              "while": {}})
    t["CARD_SOURCE_BONUS_KEYS", "adds"] = Pair(bonus_turn, "cards.seal.source.bonus.adds",
                                               {"energy": 2}, {"energy": 1}, command="turn")
    t["CARD_SOURCE_BONUS_KEYS", "while"] = Pair(bonus_turn, "cards.seal.source.bonus.while",
                                                {"flag": "storm"}, {}, command="turn")
    # A converter: [1] and [exhaust] for each [calm]; the word needs two.
    converter_turn = setup(seal_turn, cards__word__cost={"power": {"calm": 2}},
                           cards__seal__source={"adds": {"power": {"calm": 1}},
                                                "costs": ["exhaust", {"energy": 1}]})
    t["CARD_SOURCE_KEYS", "repeatable"] = Pair(converter_turn, "cards.seal.source.repeatable",
                                               True, command="turn")
    killing = setup(BASE, cards__bolt__effect={}, play=MISSING,
                    plays=[{"object": "h1", "targets": ["e1"]}])
    t["EFFECT_KEYS", "kill"] = Pair(killing, "cards.bolt.effect.kill", "targets",
                                    command="play")
    t["EFFECT_KEYS", "score"] = Pair(killing, "cards.bolt.effect.score", 1, command="play")
    t["PLAYER_KEYS", "units_died_this_turn"] = Pair(
        discount(energy=1, **{"if": {"units_died_at_least": 1}}),
        "state.you.units_died_this_turn", 1)
    # Play bans (issue 38): bolt, a spell, under a ban on spells is illegal.
    ban = setup(BASE, state__bans=[{"id": "hush", "applies_to": {"type": "spell"}}])
    t["STATE_KEYS", "bans"] = P("state.bans", [{"applies_to": {"type": "spell"}}])
    t["BAN_KEYS", "id"] = Pair(ban, "state.bans.0.id", "silence")  # the reason names it
    t["BAN_KEYS", "applies_to"] = Pair(ban, "state.bans.0.applies_to", {"type": "unit"})
    # "While I'm in a showdown" (Syndra, issue 38): false on a card's own discount (no granting
    # object), so bolt's [1] less is lost.
    t["CONDITION_KINDS", "in_showdown"] = Pair(discount(energy=1, **{"if": {}}),
                                               "cards.bolt.discounts.0.if.in_showdown", True)
    # Battlefield control (issue 38): b1 has one unit (e1); bolt's [1] less needs a battlefield
    # you control with exactly one unit there.
    held = setup(BASE, **{
        "cards__bolt__discounts": [{"energy": 1, "if": {"units_at": {"count": 1,
                                                                     "controller": "you"}}}],
        "cards__plain": {"type": "battlefield"},
        "state__battlefields": [{"id": "b1", "card": "plain", "controller": "you"}],
        "state__opponent__board": [{"id": "e1", "card": "brute", "location": "b1"}]})
    t["BATTLEFIELD_KEYS", "controller"] = Pair(held, "state.battlefields.0.controller",
                                               "opponent", "you")
    t["UNITS_AT_KEYS", "controller"] = Pair(held, "cards.bolt.discounts.0.if.units_at.controller",
                                            "opponent", "you")
    return t


PAYPLAN_CLOSED: dict[Key, str] = {
    ("TOP_KEYS", "format"): "required, and `payplan/1` is its one value here: no two scenarios "
                            "this loader reads differ in it",
    ("granted_keyword", "flow"): "one of the two keys a grant's `keyword` requires, and `printed` "
                                 "is its one value: the pair of GRANT_KEYS.keyword shows the "
                                 "grant read",
    ("MAX_MIGHT_KEYS", "max"): "names the expression (`{max: might, of}`): `might` is its one "
                               "value, and without it the mapping is no such amount",
    ("PER_PLAYED_KEYS", "per"): "names the expression (`{per: played_this_turn}`): one value",
    ("PRINTED_OF_KEYS", "printed_energy_of"): "names the expression (`{printed_energy_of: "
                                              "paid}`): one value",
    ("PRINTED_OF_KEYS", "printed_power_of"): "names the expression (`{printed_power_of: "
                                             "paid}`): one value",
    ("MIGHT_OF_KEYS", "might_of"): "names the expression (`{might_of: target}`): one value",
}

# Keys only the turn planner reads (`turn-format.md`) have their pairs above, on the `turn`
# command; none waits for it.
PAYPLAN_TURN_ONLY: dict[Key, str] = {}


def payplan_keys() -> list[Key]:
    """Every key `engine.riftbound.loader` accepts: each key tuple its modules pass to
    `Reader.fields` (read from their source with `ast`; a tuple written inline is named by the
    method that reads it), and the vocabularies it reads as keys without `fields`: non-standard
    cost kinds (`other_costs`), Power map domains (`power`), runes shorthand domains (`runes`)."""
    keys: list[Key] = []
    # The loader's modules, and the shared reader, which holds `read_turn`.
    for source in (card_keys, state_keys, check_keys, payplan_loader, payplan_reading):
        _fields_keys(source, keys)
    return _payplan_vocabularies(keys)


def _fields_keys(module: Any, keys: list[Key]) -> None:
    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "fields" and len(call.args) == 3):
                arg = call.args[2]
                name = arg.id if isinstance(arg, ast.Name) else node.name
                value = eval(compile(ast.Expression(arg), "<loader>", "eval"),  # noqa: S307
                             vars(module))
                keys += [(name, key) for key in value if (name, key) not in keys]


def _payplan_vocabularies(keys: list[Key]) -> list[Key]:
    # Read as keys, but not through `fields`: the names come from what the loader reads them
    # against (`other_costs`: OTHER_KINDS + SELF_KINDS; `power`: POWER_KEYS and `c`; `runes`).
    assert "OTHER_KINDS + SELF_KINDS" in inspect.getsource(card_keys.CardReader.other_costs)
    assert "POWER_KEYS" in inspect.getsource(card_keys.CardReader.power)
    assert "DOMAINS" in inspect.getsource(state_keys.StateReader.runes)
    keys += [("other_costs", kind) for kind in OTHER_KINDS + SELF_KINDS]
    keys += [("power", key) for key in POWER_KEYS + ("c",)]
    keys += [("runes", domain) for domain in DOMAINS]
    # `payplan check`'s top-level keys (the payment and the choices beside it), read beside the
    # scenario's own (`_Reader.submitted` and `_Reader.chosen`, not through `fields`).
    assert "CHECK_KEYS" in inspect.getsource(payplan_loader._Reader.scenario)
    assert "CHOICE_KEYS" in inspect.getsource(check_keys.CheckReader.chosen)
    keys += [("CHECK_KEYS", key) for key in check_keys.CHECK_KEYS]
    return keys


def run(command: str, data: Data) -> object:
    """The JSON the command prints for this scenario, through the command table every ruleset
    answers by (a scenario that does not load raises: both scenarios of a pair must load)."""
    return answer(command, data).to_json()


# --- mtg/1 ------------------------------------------------------------------------------------------

MBASE = y("""
    format: mtg/1
    cards:
      bolt: {types: [instant], cost: "{1}{R}"}
      mountain: {types: [land], mana: [{adds: "{R}"}]}
      bear: {types: [creature], cost: "{1}{G}"}
    state:
      you:
        library: 10
        battlefield: [{id: m1, card: mountain}, {id: m2, card: mountain}, {id: m3, card: mountain},
                      {id: c1, card: bear}]
        hand: [{id: h1, card: bolt}, {id: h2, card: bear}]
        graveyard: [{id: g1, card: bear}]
    play: {object: h1}
""")


def M(path: str, b: Any, a: Any = MISSING, command: str = "plan", **sets: Any) -> Pair:
    return Pair(setup(MBASE, **sets), path, b, a, command)


def mgrant(**parts: Any) -> Data:
    """MBASE with the bear (c1) granting `parts` ({1} more on your spells by default)."""
    g = {"increase": "{1}"}
    g.update(parts)
    return setup(MBASE, cards__bear__grants=[g])


# bolt with a non-mana cost, and a card of each zone (and an untapped creature) to pay it.
def mcost(kind: str, body: Any = 1) -> Data:
    return setup(MBASE, **{"cards__bolt__cost": "",
                           "cards__bolt__additional": [{"id": "extra", "mandatory": True,
                                                        "other": [{kind: body}]}]})


# An activated ability of the bear, played.
MABILITY = setup(MBASE, **{"cards__bear__abilities": [{"id": "act", "costs": ["{1}"]}],
                           "play": {"ability": {"object": "c1", "id": "act"}}})
# A mana ability that costs what varies: the Mountains gone, an altar-like artifact.
MSOURCE = setup(MBASE, **{
    "cards__altar": {"types": ["artifact"], "mana": [{"adds": "{R}{R}", "costs": []}]},
    "state__you__battlefield": [{"id": "a1", "card": "altar"}, {"id": "c1", "card": "bear"}]})
# bolt costing {1} less for each of your creatures the count's filter matches (Embercleave).
MATTACK = setup(MBASE, cards__bolt__reductions=[{"generic": {"count": {"type": "creature"}}}])
# The bear card in hand cycled (issue 25): `{1}`, discard it; the Mountains' grant takes {1}
# off cycling abilities.
MCYCLE = setup(MBASE, **{
    "cards__bear__abilities": [{"id": "act", "zone": "hand", "costs": ["{1}", "discard_self"]}],
    "cards__mountain__grants": [{"reduction": {"generic": 1}, "applies_to": {"ability": "cycling"}}],
    "play": {"ability": {"object": "h2", "id": "act"}}})
# bolt with X and a kicker.
MX = setup(MBASE, **{"cards__bolt__cost": "{X}{R}", "play__x": "auto"})
# Counters as costs (issue 25, C1): a Druids' Repository-like enchantment, its two charge
# counters each paying one {R}; bolt ({1}{R}) needs both.
MCOUNT = setup(MBASE, **{
    "cards__repo": {"types": ["enchantment"], "mana": [
        {"adds": "{R}", "costs": [{"remove_counters": {"kind": "charge", "count": 1}}]}]},
    "state__you__battlefield": [{"id": "r1", "card": "repo", "counters": {"charge": 2}}]})
# A loyalty ability (issue 25, C2): the walker's -2 with 1 loyalty; the bear on the
# battlefield grants loyalty abilities an additional [+1] (Carth the Lion), so it costs -1.
MLOYAL = setup(MBASE, **{
    "cards__walker": {"types": ["planeswalker"], "abilities": [{"id": "down", "loyalty": -2}]},
    "cards__bear__grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty"}}],
    "state__you__battlefield": [{"id": "w1", "card": "walker", "counters": {"loyalty": 1}},
                                {"id": "c1", "card": "bear"}],
    "play": {"ability": {"object": "w1", "id": "down"}}})
# An opponent's permanent untapped (issue 25, G2): a Benthic Explorers-like creature untaps the
# opponent's tapped Mountain for {R}; bolt ({1}{R}) takes it and m1. MUNTAP_R: the same cost
# atom beside a plain `adds: "{R}"`, where the count may be 2.
MUNTAP = setup(MBASE, **{
    "cards__explorer": {"types": ["creature"], "mana": [{"adds": "untapped", "costs": [
        "tap", {"untap": {"count": 1, "filter": {"type": "land", "controller": "opponent"}}}]}]},
    "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "x1", "card": "explorer"}],
    "state__opponent": {"battlefield": [{"id": "o1", "card": "mountain", "tapped": True}]}})
MUNTAP_R = setup(MUNTAP, cards__explorer__mana__0__adds="{R}")
# Mana of any type a permanent could produce (issue 38; Reflecting Pool): p1 adds a type the
# lands its `of` matches could produce; with m1 ({R}) it pays bolt ({1}{R}). MREFLECT_C: a Wastes
# ({C}) beside it and a {C}{C} bolt: `any_type` names C, `any_color` never does.
MREFLECT = setup(MBASE, **{
    "cards__pool": {"types": ["land"], "mana": [{"adds": "any_type", "of": {"type": "land"}}]},
    "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "p1", "card": "pool"}]})
MREFLECT_C = setup(MREFLECT, **{
    "cards__wastes": {"types": ["land"], "mana": [{"adds": "{C}"}]}, "cards__bolt__cost": "{C}{C}",
    "state__you__battlefield": [{"id": "w1", "card": "wastes"}, {"id": "p1", "card": "pool"}]})
# A milled card's mana (issue 25, G2): a Charmed Pendant-like artifact mills the known top card
# (bolt: one {R}); bolt takes it and m1.
MPEND = setup(MBASE, **{
    "cards__pendant": {"types": ["artifact"], "mana": [{"adds": "milled",
                                                        "costs": ["tap", {"mill": 1}]}]},
    "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "p1", "card": "pendant"}],
    "state__you__library_top": ["bolt"]})
# Mana equal to a power (Marwyn, the Nurturer, issue 38): the elf's power 2 makes {R}{R} for
# bolt's {1}{R}; at power 1, one {R}: unpayable.
MPOWER = setup(MBASE, **{
    "cards__elf": {"types": ["creature"], "power": 2, "mana": [{"adds": "{R}", "per": "power"}]},
    "state__you__battlefield": [{"id": "e1", "card": "elf"}]})
# A sacrificed permanent's mana (Squandered Resources, issue 38): bolt {R}{R} takes m1 tapped
# and m1 sacrificed for its {R}; a fixed {G} can't pay it.
MSQUANDER = setup(MBASE, **{
    "cards__squander": {"types": ["enchantment"], "mana": [
        {"adds": "sacrificed", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "land"}}}]}]},
    "cards__bolt__cost": "{R}{R}",
    "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "s1", "card": "squander"}]})


def _mtg_pairs() -> dict[Key, Pair]:
    t: dict[Key, Pair] = {}

    # Top level.
    t["TOP_KEYS", "cards"] = M("cards", setup(MBASE, cards__bolt__cost="{R}")["cards"],
                               MBASE["cards"])
    t["TOP_KEYS", "state"] = M("state", setup(MBASE, state__you__mana_pool="{R}{R}")["state"],
                               MBASE["state"])
    t["TOP_KEYS", "play"] = M("play", {"object": "h2"}, {"object": "h1"})
    t["TOP_KEYS", "plays"] = M("plays", [{"object": "h1"}, {"object": "h2"}], command="play")
    t["TOP_KEYS", "objective"] = M("objective", {"weights": {"tap_land": 9}})

    # Cards.
    t["CARD_KEYS", "name"] = Pair(mgrant(applies_to={"name": "Zap"}), "cards.bolt.name", "Zap")
    t["CARD_KEYS", "types"] = M("cards.bolt.types", ["sorcery"], ["instant"], state__phase="combat")
    t["CARD_KEYS", "cost"] = M("cards.bolt.cost", "{R}")
    t["CARD_KEYS", "colors"] = Pair(mgrant(applies_to={"color": ["W"]}), "cards.bolt.colors", ["W"])
    t["CARD_KEYS", "tags"] = Pair(mgrant(applies_to={"tags": ["burn"]}), "cards.bolt.tags", ["burn"])
    t["CARD_KEYS", "flash"] = M("cards.bolt.flash", True, cards__bolt__types=["sorcery"],
                                state__phase="combat")
    t["CARD_KEYS", "flashback"] = M("cards.bolt.flashback", "{R}", play={"object": "g2"},
                                    state__you__graveyard=[{"id": "g2", "card": "bolt"}])
    t["CARD_KEYS", "kicker"] = M("cards.bolt.kicker", ["{1}"], ["{R}"],
                                 play__optional={"kicker": "yes"})
    t["CARD_KEYS", "multikicker"] = M("cards.bolt.multikicker", "{R}", "{1}",
                                      play__optional={"multikicker": 1})
    t["CARD_KEYS", "replicate"] = M("cards.bolt.replicate", "{R}", "{1}",
                                    play__optional={"replicate": 1})
    t["CARD_KEYS", "buyback"] = M("cards.bolt.buyback", "{R}", "{1}", play__optional={"buyback": "yes"})
    t["CARD_KEYS", "alternative"] = M("cards.bolt.alternative", [{"id": "pitch", "cost": "{R}"}])
    t["CARD_KEYS", "additional"] = M("cards.bolt.additional",
                                     [{"id": "tax", "mandatory": True, "cost": "{1}"}])
    t["CARD_KEYS", "per_mode"] = M("cards.bolt.per_mode", "{1}", play__modes=["a", "b"])
    t["CARD_KEYS", "per_target"] = M("cards.bolt.per_target", "{1}", play__targets=["c1", "m1"])
    t["CARD_KEYS", "modes"] = M("cards.bolt.modes", {"a": "{1}"}, {"a": "{R}"}, play__modes=["a"])
    t["CARD_KEYS", "convoke"] = M("cards.bolt.convoke", True, state__you__battlefield=[
        {"id": "m1", "card": "mountain"}, {"id": "c1", "card": "bear"}])
    t["CARD_KEYS", "delve"] = M("cards.bolt.delve", True, state__you__battlefield=[
        {"id": "m1", "card": "mountain"}])
    t["CARD_KEYS", "improvise"] = M("cards.bolt.improvise", True, **{
        "cards__relic": {"types": ["artifact"]},
        "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "r1", "card": "relic"}]})
    t["CARD_KEYS", "reductions"] = M("cards.bolt.reductions", [{"generic": 1}])
    t["CARD_KEYS", "mana"] = M("cards.mountain.mana", [{"adds": "{R}{R}"}])
    t["CARD_KEYS", "grants"] = M("cards.bear.grants", [{"increase": "{1}"}])
    t["CARD_KEYS", "abilities"] = M("cards.bear.abilities", [{"id": "act"}], command="hand")
    # Issue 25 group A: bolt may be paid only with a creature's mana (the Mountains are lands).
    t["CARD_KEYS", "spend_only"] = M("cards.bolt.spend_only", {"type": "creature"})
    # Snow (issue 25): bolt costs {S}{R}; a snow Mountain pays its {S}, a snow pool's {R} too.
    t["CARD_KEYS", "snow"] = M("cards.mountain.snow", True, False, cards__bolt__cost="{S}{R}")
    # Morph (issue 25, B3): the bear face down on the battlefield, turned face up for its morph.
    t["CARD_KEYS", "morph"] = M("cards.bear.morph", "{3}", "{1}", play={"turn_face_up": "c1"},
                                state__you__battlefield=[
                                    {"id": "m1", "card": "mountain"},
                                    {"id": "m2", "card": "mountain"},
                                    {"id": "c1", "card": "bear", "face_down": True}])
    # K'rrik (issue 25, A3): one Mountain and the bear, which lets 1 life pay bolt's {R}.
    t["CARD_KEYS", "life_for"] = M("cards.bear.life_for", {"R": 1}, state__you__battlefield=[
        {"id": "m1", "card": "mountain"}, {"id": "c1", "card": "bear"}])

    # Costs: a full cost, non-mana parts and their long form.
    t["COST_KEYS", "cost"] = M("cards.bolt.flashback.cost", "{R}", "{1}{R}",
                               cards__bolt__flashback={"cost": "{1}{R}"}, play={"object": "g2"},
                               state__you__graveyard=[{"id": "g2", "card": "bolt"}])
    t["COST_KEYS", "other"] = M("cards.bolt.flashback.other", [{"pay_life": 2}],
                                cards__bolt__flashback={"cost": "{R}"}, play={"object": "g2"},
                                state__you__graveyard=[{"id": "g2", "card": "bolt"}])
    for kind, body in (("sacrifice", 1), ("discard", 1), ("mill", 1), ("pay_life", 1),
                       ("exile_from_graveyard", 1), ("exile_from_hand", 1), ("tap_untapped", 1),
                       ("return_to_hand", 1)):
        t["mtg_other_cost", kind] = M("cards.bolt.additional.0.other.0", {kind: body},
                                      cards__bolt__additional=[{"id": "extra", "mandatory": True,
                                                                "other": []}])
    t["OTHER_LONG_KEYS", "count"] = Pair(mcost("mill", {"count": 1}),
                                         "cards.bolt.additional.0.other.0.mill.count", 2)
    t["OTHER_LONG_KEYS", "filter"] = Pair(mcost("sacrifice", {"count": 1}),
                                          "cards.bolt.additional.0.other.0.sacrifice.filter",
                                          {"type": "creature"})

    # Alternative and additional costs.
    alt = setup(MBASE, cards__bolt__alternative=[{"id": "pitch", "cost": "{R}"}])
    t["ALTERNATIVE_KEYS", "id"] = Pair(alt, "cards.bolt.alternative.0.id", "evoke", "pitch")
    t["ALTERNATIVE_KEYS", "cost"] = Pair(alt, "cards.bolt.alternative.0.cost", "{1}{R}{R}")
    t["ALTERNATIVE_KEYS", "other"] = Pair(alt, "cards.bolt.alternative.0.other", [{"pay_life": 9}])
    t["ALTERNATIVE_KEYS", "zone"] = Pair(alt, "cards.bolt.alternative.0.zone", "graveyard")
    add = setup(MBASE, cards__bolt__additional=[{"id": "tax", "mandatory": True, "cost": "{1}"}])
    t["ADDITIONAL_KEYS", "id"] = Pair(add, "cards.bolt.additional.0.id", "levy", "tax")
    t["ADDITIONAL_KEYS", "mandatory"] = Pair(add, "cards.bolt.additional.0.mandatory", False, True)
    t["ADDITIONAL_KEYS", "cost"] = Pair(add, "cards.bolt.additional.0.cost", "{R}", "{1}")
    t["ADDITIONAL_KEYS", "other"] = Pair(add, "cards.bolt.additional.0.other", [{"pay_life": 2}])

    # Filters (read here through a grant's applies_to; `ability` through an ability play).
    t["FILTER_KEYS", "type"] = Pair(mgrant(applies_to={}), "cards.bear.grants.0.applies_to.type",
                                    ["creature"])
    t["FILTER_KEYS", "not_type"] = Pair(mgrant(applies_to={}),
                                        "cards.bear.grants.0.applies_to.not_type", ["instant"])
    # A granted optional additional cost (the Defilers): the play pays it, and the reduction
    # then costs a life; the reduction of green mana only takes no generic from bolt.
    t["GRANT_KEYS", "additional"] = Pair(
        setup(MBASE, cards__bear__grants=[{"reduction": {"mana": "{R}"}}],
              play__optional={"c1.x": "yes"}),
        "cards.bear.grants.0.additional", {"id": "x", "other": [{"pay_life": 1}]})
    t["REDUCTION_KEYS", "color_only"] = Pair(
        setup(MBASE, cards__bear__grants=[{"reduction": {"mana": "{G}"}}]),
        "cards.bear.grants.0.reduction.color_only", True)
    t["FILTER_KEYS", "all_types"] = Pair(mgrant(applies_to={}),
                                         "cards.bear.grants.0.applies_to.all_types",
                                         ["instant", "kindred"])
    t["FILTER_KEYS", "tags"] = Pair(mgrant(applies_to={}), "cards.bear.grants.0.applies_to.tags",
                                    ["burn"])
    t["FILTER_KEYS", "color"] = Pair(mgrant(applies_to={}), "cards.bear.grants.0.applies_to.color",
                                     ["G"])
    t["FILTER_KEYS", "name"] = Pair(mgrant(applies_to={}), "cards.bear.grants.0.applies_to.name",
                                    "Zap")
    t["FILTER_KEYS", "controller"] = Pair(mgrant(applies_to={}),
                                          "cards.bear.grants.0.applies_to.controller", "opponent")
    t["FILTER_KEYS", "ability"] = Pair(setup(MABILITY, cards__bear__grants=[
        {"increase": "{1}", "applies_to": {}}]), "cards.bear.grants.0.applies_to.ability",
        "activated")
    # Colors (bolt is mono-red: neither multicolored nor colorless), combat and the chosen type
    # (issue 25): the bear's increase stops applying.
    t["FILTER_KEYS", "multicolored"] = Pair(mgrant(applies_to={}),
                                            "cards.bear.grants.0.applies_to.multicolored", True)
    t["FILTER_KEYS", "colorless"] = Pair(mgrant(applies_to={}),
                                         "cards.bear.grants.0.applies_to.colorless", True)
    t["FILTER_KEYS", "attacking"] = Pair(MATTACK, "cards.bolt.reductions.0.generic.count.attacking",
                                         True)
    t["FILTER_KEYS", "chosen_type"] = Pair(
        setup(mgrant(applies_to={}), **{"state__you__battlefield__3__chosen_type": "elf"}),
        "cards.bear.grants.0.applies_to.chosen_type", True)

    # A grant on spells that target the bear c1 (green, a creature, yours; issue 25): each key of
    # the targets' filter makes c1 no longer match, and the increase stops applying.
    aimed = setup(mgrant(applies_to={"targets": {}}), play__targets=["c1"])
    for key, value in (("type", ["land"]), ("not_type", ["creature"]), ("tags", ["x"]),
                       ("color", ["R"]), ("name", "Zap"), ("controller", "opponent"),
                       ("multicolored", True), ("colorless", True), ("attacking", True),
                       ("chosen_type", True), ("player", "opponent"),
                       ("all_types", ["creature", "artifact"])):
        t["TARGET_FILTER_KEYS", key] = Pair(aimed, f"cards.bear.grants.0.applies_to.targets.{key}",
                                            value)
    t["TARGET_FILTER_KEYS", "self"] = Pair(setup(aimed, play__targets=["m1"]),
                                           "cards.bear.grants.0.applies_to.targets.self", True)
    t["FILTER_KEYS", "targets"] = Pair(setup(mgrant(applies_to={}), play__targets=["m1"]),
                                       "cards.bear.grants.0.applies_to.targets", {"type": ["land"]},
                                       {"type": ["creature"]})
    t["AMOUNT_KEYS", "count_targets"] = Pair(
        setup(MBASE, cards__bear__grants=[{"reduction": {"generic": {"count_targets": {}}}}],
              play__targets=["c1"]),
        "cards.bear.grants.0.reduction.generic.count_targets", {"type": ["creature"]},
        {"type": ["land"]})

    # Reductions and amounts.
    red = setup(MBASE, cards__bolt__cost="{2}{R}", cards__bolt__reductions=[{"generic": 1}])
    t["REDUCTION_KEYS", "id"] = Pair(red, "cards.bolt.reductions.0.id", "affinity")
    t["REDUCTION_KEYS", "generic"] = Pair(red, "cards.bolt.reductions.0.generic", 2, 1)
    t["REDUCTION_KEYS", "minimum"] = Pair(red, "cards.bolt.reductions.0.minimum", 3)
    t["REDUCTION_KEYS", "mana"] = Pair(red, "cards.bolt.reductions.0.mana", "{R}")
    for color in ("W", "U", "B", "R", "G", "C"):
        t["REDUCTION_KEYS", color] = Pair(
            setup(red, cards__bolt__cost="{2}{W}{U}{B}{R}{G}{C}", state__you__mana_pool="{W}{U}{B}{G}{C}"),
            f"cards.bolt.reductions.0.{color}", 1)
    # Counted in a zone (Karador; issue 38): the bear card in your graveyard takes {1} off; the
    # exile is empty.
    t["AMOUNT_KEYS", "zone"] = Pair(
        setup(red, cards__bolt__reductions=[{"generic": {"count": {"type": "creature"},
                                                         "zone": "graveyard"}}]),
        "cards.bolt.reductions.0.generic.zone", "graveyard", "exile")
    # The counters on the granting permanent (Animar; issue 38): c1's one charge counter, or
    # none of the kind named.
    t["AMOUNT_KEYS", "counters"] = Pair(
        setup(red, cards__bear__grants=[{"reduction": {"generic": {"counters": "charge"}}}],
              state__you__battlefield=[{"id": "m1", "card": "mountain"},
                                       {"id": "m2", "card": "mountain"},
                                       {"id": "c1", "card": "bear", "counters": {"charge": 1}}]),
        "cards.bear.grants.0.reduction.generic.counters", "charge", "plus_one")
    t["AMOUNT_KEYS", "count"] = Pair(
        setup(red, cards__bolt__reductions=[{"generic": {"count": {"type": "artifact"}}}]),
        "cards.bolt.reductions.0.generic.count", {"type": "land"}, {"type": "artifact"})

    # "Sacrifice any number" and a reduction per object (Torgaar; issue 25, B2): bolt at {2}{R}
    # with two such costs, `sac` paid with the bear c1; the reduction counts `sac` ({1} less
    # per creature, or `each: 2`) or `sac2` (not paid: nothing less).
    torgaar = setup(MBASE, cards__bolt__cost="{2}{R}", cards__bolt__additional=[
        {"id": i, "other": [{"sacrifice": {"count": "any", "filter": {"type": "creature"}}}]}
        for i in ("sac", "sac2")], cards__bolt__reductions=[
        {"generic": {"per_paid": "sac2", "each": 1}}], play__optional={"sac": 1})
    t["AMOUNT_KEYS", "per_paid"] = Pair(torgaar, "cards.bolt.reductions.0.generic.per_paid",
                                        "sac", "sac2")
    t["AMOUNT_KEYS", "each"] = Pair(
        setup(torgaar, cards__bolt__reductions=[{"generic": {"per_paid": "sac"}}]),
        "cards.bolt.reductions.0.generic.each", 2)

    # Mana abilities.
    t["ABILITY_KEYS", "adds"] = Pair(MBASE, "cards.mountain.mana.0.adds", "{G}", "{R}")
    t["ABILITY_KEYS", "costs"] = Pair(MBASE, "cards.mountain.mana.0.costs", ["tap", {"pay_life": 1}])
    t["ABILITY_KEYS", "only_for"] = Pair(MBASE, "cards.mountain.mana.0.only_for", {"type": "creature"})
    # Counted mana (Cabal Coffers): one Mountain adds {R} per land, so one tap pays bolt.
    t["ABILITY_KEYS", "per"] = Pair(MBASE, "cards.mountain.mana.0.per", {"count": {"type": "land"}})
    # `of` (Reflecting Pool; issue 38): the lands give p1 {R}; the creatures (the bear, no mana
    # ability) give it nothing, and bolt is unpayable.
    t["ABILITY_KEYS", "of"] = Pair(MREFLECT, "cards.pool.mana.0.of", {"type": "land"},
                                   {"type": "creature"})
    t["PER_KEYS", "count"] = Pair(
        setup(MBASE, cards__mountain__mana=[{"adds": "{R}", "per": {"count": {"type": "creature"}}}]),
        "cards.mountain.mana.0.per.count", {"type": "land"}, {"type": "creature"})
    # Everflowing Chalice (issue 38): m1 adds {R} per charge counter on it (2: bolt from m1 alone),
    # or per loyalty counter (none: m1 adds nothing).
    t["PER_KEYS", "counters"] = Pair(
        setup(MBASE, cards__mountain__mana=[{"adds": "{R}", "per": {"counters": "charge"}}],
              state__you__battlefield=[{"id": "m1", "card": "mountain",
                                        "counters": {"charge": 2}}]),
        "cards.mountain.mana.0.per.counters", "charge", "loyalty")

    # Activated abilities and the ability play.
    t["ACTIVATED_KEYS", "id"] = Pair(setup(MABILITY, play=MISSING), "cards.bear.abilities.0.id",
                                     "swing", "act", command="hand")
    t["ACTIVATED_KEYS", "costs"] = Pair(MABILITY, "cards.bear.abilities.0.costs", ["{2}"], ["{1}"])
    t["ACTIVATED_KEYS", "timing"] = Pair(setup(MABILITY, state__phase="combat"),
                                         "cards.bear.abilities.0.timing", "sorcery")
    # An ability of the bear card in hand (h2), activated from there (cycling; issue 25): `hand`
    # lists the battlefield bear's ability or the one in hand; `cycling` lets the Mountains'
    # "cycling abilities cost {1} less" reach it.
    t["ACTIVATED_KEYS", "zone"] = Pair(setup(MABILITY, play=MISSING), "cards.bear.abilities.0.zone",
                                       "hand", "battlefield", command="hand")
    t["ACTIVATED_KEYS", "cycling"] = Pair(MCYCLE, "cards.bear.abilities.0.cycling", True, False)
    t["ACTIVATED_KEYS", "loyalty"] = Pair(MLOYAL, "cards.walker.abilities.0.loyalty", -3, -2)
    t["REMOVE_KEYS", "kind"] = Pair(MCOUNT, "cards.repo.mana.0.costs.0.remove_counters.kind",
                                    "storage", "charge")
    t["REMOVE_KEYS", "count"] = Pair(MCOUNT, "cards.repo.mana.0.costs.0.remove_counters.count",
                                     2, 1)
    two = setup(MABILITY, **{"state__you__battlefield": MBASE["state"]["you"]["battlefield"] + [
        {"id": "c2", "card": "bear", "tapped": True}],
        "cards__bear__abilities": [{"id": "act", "costs": ["tap"]}]})
    t["ABILITY_PLAY_KEYS", "object"] = Pair(two, "play.ability.object", "c2", "c1")
    t["ABILITY_PLAY_KEYS", "id"] = Pair(setup(MABILITY, cards__bear__abilities=[
        {"id": "act", "costs": ["{1}"]}, {"id": "big", "costs": ["{3}"]}]),
        "play.ability.id", "big", "act")

    # Grants.
    t["GRANT_KEYS", "increase"] = Pair(mgrant(), "cards.bear.grants.0.increase", "{2}", "{1}")
    t["GRANT_KEYS", "reduction"] = Pair(setup(MBASE, cards__bear__grants=[{"reduction": {"generic": 1}}]),
                                        "cards.bear.grants.0.reduction", {"generic": 0}, {"generic": 1})
    t["GRANT_KEYS", "at_least"] = Pair(setup(MBASE, cards__bear__grants=[{"at_least": 1}]),
                                       "cards.bear.grants.0.at_least", 3, 1)
    t["GRANT_KEYS", "applies_to"] = Pair(mgrant(), "cards.bear.grants.0.applies_to",
                                         {"type": ["creature"]})
    # Granted keywords (issue 25): convoke lets the bear pay bolt's {1} with two Mountains
    # tapped elsewhere; flashback lets the graveyard's bolt be cast.
    t["GRANT_KEYS", "keyword"] = Pair(setup(MBASE, **{
        "cards__bear__grants": [{"keyword": "delve"}],
        "state__you__battlefield": [{"id": "m1", "card": "mountain"}, {"id": "c1", "card": "bear"}]}),
        "cards.bear.grants.0.keyword", "convoke", "delve")
    t["GRANT_KEYS", "flashback"] = Pair(setup(MBASE, play={"object": "g2", "from": "graveyard"},
                                              cards__bear__grants=[],
                                              state__you__graveyard=[{"id": "g2", "card": "bolt"}]),
                                        "cards.bear.grants.0", {"flashback": "mana_cost"})
    # Karador's permission (issue 38): bolt in the graveyard is cast from there (the Mountains
    # pay it), or not at all (the grant names exile).
    t["GRANT_KEYS", "cast_from"] = Pair(
        setup(MBASE, play={"object": "g2", "from": "graveyard"},
              cards__bear__grants=[{"cast_from": "graveyard", "applies_to": {}}],
              state__you__graveyard=[{"id": "g2", "card": "bolt"}]),
        "cards.bear.grants.0.cast_from", "graveyard", "exile")
    # Defense Grid's "except during its controller's turn": not on your own turn (issue 25).
    t["GRANT_KEYS", "turn"] = Pair(mgrant(), "cards.bear.grants.0.turn", "not_caster")
    t["GRANT_KEYS", "loyalty"] = Pair(MLOYAL, "cards.bear.grants.0.loyalty", -1, 1)

    # State, players, objects.
    t["STATE_KEYS", "phase"] = M("state.phase", "combat", cards__bolt__types=["sorcery"])
    t["STATE_KEYS", "stack"] = M("state.stack", "nonempty", cards__bolt__types=["sorcery"])
    t["STATE_KEYS", "turn"] = M("state.turn", "opponent", cards__bolt__types=["sorcery"])
    t["STATE_KEYS", "you"] = M("state.you", {**MBASE["state"]["you"], "mana_pool": "{R}{R}"},
                               MBASE["state"]["you"])
    t["STATE_KEYS", "opponent"] = Pair(mgrant(applies_to={"controller": "opponent"}),
                                       "state.opponent",
                                       {"battlefield": [{"id": "e1", "card": "bear"}]})
    t["PLAYER_KEYS", "life"] = M("state.you.life", 1, 20, cards__bolt__cost="{R/P}",
                                 state__you__battlefield=[])
    t["PLAYER_KEYS", "library"] = Pair(mcost("mill"), "state.you.library", 0, 10)
    t["PLAYER_KEYS", "hand"] = Pair(mcost("discard"), "state.you.hand",
                                    [{"id": "h1", "card": "bolt"}],
                                    [{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bear"}])
    t["PLAYER_KEYS", "graveyard"] = Pair(mcost("exile_from_graveyard"), "state.you.graveyard",
                                         [{"id": "g1", "card": "bear"}])
    t["PLAYER_KEYS", "exile"] = M("state.you.exile", [{"id": "x1", "card": "bolt"}],
                                  [{"id": "x1", "card": "bear"}], play={"object": "x1"},
                                  cards__bolt__alternative=[{"id": "free", "cost": "", "zone": "exile"}])
    t["PLAYER_KEYS", "command"] = M("state.you.command", [{"id": "k1", "card": "bolt"}],
                                    [{"id": "k1", "card": "bear"}], play={"object": "k1"})
    t["PLAYER_KEYS", "battlefield"] = M("state.you.battlefield", [{"id": "m1", "card": "mountain"}],
                                        MBASE["state"]["you"]["battlefield"])
    t["PLAYER_KEYS", "mana_pool"] = M("state.you.mana_pool", "{R}")
    t["PLAYER_KEYS", "library_top"] = Pair(MPEND, "state.you.library_top", ["bolt"], ["bear"])
    t["UNTAP_KEYS", "count"] = Pair(MUNTAP_R, "cards.explorer.mana.0.costs.1.untap.count", 2, 1)
    t["UNTAP_KEYS", "filter"] = Pair(MUNTAP, "cards.explorer.mana.0.costs.1.untap.filter",
                                     {"type": "creature", "controller": "opponent"},
                                     {"type": "land", "controller": "opponent"})
    t["PLAYER_KEYS", "snow_pool"] = M("state.you.snow_pool", "{R}", "", cards__bolt__cost="{S}",
                                      state__you__mana_pool="{R}")
    t["CARD_KEYS", "per_target_life"] = M("cards.bolt.per_target_life", 3,
                                          play={"object": "h1", "targets": ["c1"]})
    t["PLAYER_KEYS", "experience"] = Pair(
        setup(MBASE, cards__bear__grants=[{"reduction": {"generic": {"player_counters": "experience"}}}]),
        "state.you.experience", 1, 0)
    # Restricted mana in the pool (106.6): {R}{R} that bolt may spend pays it (no Mountain
    # tapped); restricted to creatures, or green, it pays nothing.
    t["PLAYER_KEYS", "restricted_pool"] = M("state.you.restricted_pool",
                                            [{"mana": "{R}{R}", "only_for": {}}])
    rpool = setup(MBASE, state__you__restricted_pool=[{"mana": "{R}{R}", "only_for": {}}])
    t["RESTRICTED_POOL_KEYS", "mana"] = Pair(rpool, "state.you.restricted_pool.0.mana", "{R}{R}",
                                             "{G}{G}")
    t["RESTRICTED_POOL_KEYS", "only_for"] = Pair(rpool, "state.you.restricted_pool.0.only_for",
                                                 {}, {"type": ["creature"]})
    # The shape of the cost (Rosheen Meanderer): bolt has no {X}, so the increase stops applying.
    t["FILTER_KEYS", "x_cost"] = Pair(mgrant(applies_to={}), "cards.bear.grants.0.applies_to.x_cost",
                                      True)
    t["PLAYER_KEYS", "spend_as_any_color"] = M("state.you.spend_as_any_color", True,
                                               cards__bolt__cost="{1}{G}")
    t["OBJECT_KEYS", "id"] = M("state.you.hand.0.id", "h9", "h1", play={"card": "bolt"})
    t["OBJECT_KEYS", "card"] = M("state.you.hand.0.card", "bear", "bolt")
    t["OBJECT_KEYS", "tapped"] = M("state.you.battlefield.0.tapped", True)
    t["OBJECT_KEYS", "sick"] = Pair(setup(MBASE, **{"cards__bear__mana": [{"adds": "{R}"}],
                                                    "state__you__battlefield": [
                                                        {"id": "m1", "card": "mountain"},
                                                        {"id": "c1", "card": "bear"}]}),
                                    "state.you.battlefield.1.sick", True)
    t["OBJECT_KEYS", "value"] = Pair(mcost("sacrifice", {"count": 1, "filter": {"type": "creature"}}),
                                     "state.you.battlefield.3.value", 9)
    # Cast from the command zone: {1}{R} is paid by the three Mountains, {3}{R} (one earlier
    # cast, 903.8) is not.
    # The bear attacking: bolt's "{1} less for each attacking creature" takes the {1}.
    t["OBJECT_KEYS", "attacking"] = Pair(setup(MATTACK, **{
        "cards__bolt__reductions__0__generic__count__attacking": True}),
        "state.you.battlefield.3.attacking", True)
    # The bear's chosen type is the bolt's tag: its increase reaches the bolt.
    t["OBJECT_KEYS", "chosen_type"] = Pair(
        setup(mgrant(applies_to={"chosen_type": True}), cards__bolt__tags=["goblin"]),
        "state.you.battlefield.3.chosen_type", "goblin")
    t["OBJECT_KEYS", "commander_casts"] = M(
        "state.you.command.0.commander_casts", 1, play={"object": "k1"},
        state__you__command=[{"id": "k1", "card": "bolt"}])
    t["OBJECT_KEYS", "counters"] = Pair(MCOUNT, "state.you.battlefield.0.counters",
                                        {"charge": 1}, {"charge": 2})
    t["OBJECT_KEYS", "loyalty_activated"] = Pair(MLOYAL, "state.you.battlefield.0.loyalty_activated",
                                                 True)

    # Face down (issue 25, B3), the bear has no abilities: its grant ({1} more) is gone.
    t["OBJECT_KEYS", "face_down"] = Pair(setup(mgrant(), cards__bear__morph="{1}"),
                                         "state.you.battlefield.3.face_down", True)

    # The play.
    t["PLAY_KEYS", "object"] = M("play.object", "h2", "h1")
    # Turning face up (issue 25, B3) one face-down permanent or the other: {1} or {3}.
    t["PLAY_KEYS", "turn_face_up"] = M(
        "play.turn_face_up", "c2", "c1", play={"turn_face_up": "c1"},
        cards__bear__morph="{1}", cards__ogre={"types": ["creature"], "morph": "{3}"},
        state__you__battlefield=[{"id": "m1", "card": "mountain"}, {"id": "m2", "card": "mountain"},
                                 {"id": "m3", "card": "mountain"},
                                 {"id": "c1", "card": "bear", "face_down": True},
                                 {"id": "c2", "card": "ogre", "face_down": True}])
    t["PLAY_KEYS", "card"] = M("play.card", "bear", "bolt", play={"card": "bolt"})
    t["PLAY_KEYS", "from"] = M("play.from", "graveyard", play={"card": "bear"},
                               cards__bear__flashback="{G}")
    t["PLAY_KEYS", "cast"] = M("play.cast", "normal", "auto",
                               cards__bolt__alternative=[{"id": "pitch", "cost": "{R}"}])
    t["PLAY_KEYS", "x"] = Pair(MX, "play.x", 1, "auto")
    t["PLAY_KEYS", "optional"] = M("play.optional", {"kicker": "yes"}, cards__bolt__kicker=["{1}"])
    t["PLAY_KEYS", "targets"] = M("play.targets", ["c1", "m1"], cards__bolt__per_target="{1}")
    t["PLAY_KEYS", "modes"] = M("play.modes", ["a", "b"], cards__bolt__per_mode="{1}")
    t["PLAY_KEYS", "ability"] = Pair(setup(MABILITY, cards__bear__abilities=[
        {"id": "act", "costs": ["{1}"]}, {"id": "big", "costs": ["{3}"]}]),
        "play.ability", {"object": "c1", "id": "big"}, {"object": "c1", "id": "act"})

    # Objective.
    t["OBJECTIVE_KEYS", "weights"] = M("objective.weights", {"tap_land": 9}, objective={})
    t["OBJECTIVE_KEYS", "benefits"] = M("objective.benefits", {"kicker": 5}, objective={},
                                        cards__bolt__kicker=["{1}"], play__optional={"kicker": "auto"})
    weighed = {
        "tap_land": MBASE,
        "tap_creature": setup(MBASE, cards__bolt__convoke=True, cards__bolt__cost="{1}",
                              state__you__battlefield=[{"id": "c1", "card": "bear"}]),
        "tap_artifact": setup(MBASE, cards__bolt__improvise=True, cards__bolt__cost="{1}",
                              cards__relic={"types": ["artifact"]},
                              state__you__battlefield=[{"id": "r1", "card": "relic"}]),
        "tap_other": setup(mcost("tap_untapped", {"count": 1, "filter": {"type": "enchantment"}}), **{
            "cards__aura": {"types": ["enchantment"]},
            "state__you__battlefield": [{"id": "e1", "card": "aura"}]}),
        "sacrifice": mcost("sacrifice", {"count": 1, "filter": {"type": "creature"}}),
        "discard": mcost("discard"), "mill": mcost("mill"),
        "exile_from_graveyard": mcost("exile_from_graveyard"),
        "exile_from_hand": mcost("exile_from_hand"), "life": mcost("pay_life"),
        "return_to_hand": mcost("return_to_hand", {"count": 1, "filter": {"type": "creature"}}),
        "counter": MCOUNT,
        "untap": MUNTAP,
    }
    for weight, base in weighed.items():
        t["weights", weight] = Pair(setup(base, objective={"weights": {}}),
                                    f"objective.weights.{weight}", 9)

    # The turn (`turn-format.md`), read by the `turn` command: a Swamp on the battlefield, a
    # Swamp, Dark Ritual and a {3}{B} creature in hand.
    mturn = y("""
        format: mtg/1
        cards:
          swamp: {types: [land], mana: [{adds: "{B}"}]}
          ritual: {types: [instant], cost: "{B}", effect: {adds: "{B}{B}{B}"}}
          horror: {types: [creature], cost: "{3}{B}"}
        state:
          you:
            battlefield: [{id: s1, card: swamp}]
            hand: [{id: h1, card: swamp}, {id: h2, card: ritual}, {id: h3, card: horror}]
        turn: {candidates: auto, values: {h3: 3}}
    """)
    t["TOP_KEYS", "turn"] = Pair(mturn, "turn", {"max_plays": 1}, {"candidates": "auto"},
                                 command="turn")
    t["TURN_KEYS", "candidates"] = Pair(setup(mturn, turn__values={}), "turn.candidates",
                                        [{"object": "h2"}], "auto", command="turn")
    t["TURN_KEYS", "values"] = Pair(mturn, "turn.values", {"h2": 5}, {"h3": 3}, command="turn")
    t["TURN_KEYS", "max_plays"] = Pair(mturn, "turn.max_plays", 1, command="turn")
    t["CARD_KEYS", "effect"] = Pair(mturn, "cards.ritual.effect", {"adds": "{B}"},
                                    {"adds": "{B}{B}{B}"}, command="turn")
    t["EFFECT_KEYS", "adds"] = Pair(mturn, "cards.ritual.effect.adds", "{B}", "{B}{B}{B}",
                                    command="turn")
    t["CARD_KEYS", "enters_tapped"] = Pair(mturn, "cards.swamp.enters_tapped", True,
                                           command="turn")
    t["STATE_KEYS", "lands_played_this_turn"] = Pair(mturn, "state.lands_played_this_turn", 1,
                                                     command="turn")
    _mtg_effect_pairs(t)

    # `payplan check`: the payment the player chose (in the plan's JSON shape) and the choices
    # beside it, read for `check` only. MBASE's bolt costs {1}{R}; `mpaid` pays it with m1 and m2.
    def MC(data: Data, path: str, b: Any, a: Any = MISSING, **top: Any) -> Pair:
        return Pair({**data, **top}, path, b, a, command="check")

    tap = {"id": "m1", "adds": "{R}", "costs": ["tap"]}
    mpaid = {"sources": [tap, {"id": "m2", "adds": "{R}", "costs": ["tap"]}]}
    t["PAYMENT_KEYS", "sources"] = MC(MBASE, "payment.sources", mpaid["sources"], [tap],
                                      payment=mpaid)
    t["mtg_payment", "id"] = MC(MBASE, "payment.sources.1.id", "c1", "m2", payment=mpaid)
    t["mtg_payment", "adds"] = MC(MBASE, "payment.sources.1.adds", "{G}", "{R}", payment=mpaid)
    t["mtg_payment", "costs"] = MC(MBASE, "payment.sources.1.costs", [], ["tap"], payment=mpaid)
    # A source's counters removed (issue 25, C1): a Druids' Repository with two charge
    # counters pays {R} removing one; a payment saying it removed three is refused.
    repository = setup(MBASE, **{
        "cards__repository": {"types": ["enchantment"], "mana": [
            {"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [{"remove_counters": {"kind": "charge",
                                                                            "count": 1}}]}]},
        "state__you__battlefield": [{"id": "m1", "card": "mountain"},
                                    {"id": "d1", "card": "repository",
                                     "counters": {"charge": 2}}]})
    drawn = {"id": "d1", "adds": "{R}", "costs": ["remove_counters charge 1"],
             "counters_removed": {"charge": 1}}
    t["mtg_payment", "counters_removed"] = MC(
        repository, "payment.sources.1.counters_removed", {"charge": 3}, {"charge": 1},
        payment={"sources": [tap, drawn]})
    # A source's untapped opponent permanent and milled card (issue 25, G2): left out, the
    # source names no such choice (illegal).
    t["mtg_payment", "untapped"] = MC(
        MUNTAP, "payment.sources.1.untapped", ["o1"], payment={"sources": [
            tap, {"id": "x1", "adds": "{R}", "costs": ["tap"]}]})
    t["mtg_payment", "milled"] = MC(
        MPEND, "payment.sources.1.milled", ["bolt"], payment={"sources": [
            tap, {"id": "p1", "adds": "{R}", "costs": ["tap", "mill 1"]}]})
    t["PAYMENT_KEYS", "pool"] = MC(setup(MBASE, state__you__mana_pool="{R}"), "payment.pool",
                                   "{R}", payment={"sources": [tap]})
    convoke = setup(MBASE, cards__bolt__convoke=True)
    t["PAYMENT_KEYS", "convoke"] = MC(convoke, "payment.convoke", [{"id": "c1", "pays": "{1}"}],
                                      payment={"sources": [tap]})
    t["mtg_payment", "pays"] = MC(convoke, "payment.convoke.0.pays", "{G}", "{1}",
                                  payment={"sources": [tap], "convoke": [{"id": "c1"}]})
    t["PAYMENT_KEYS", "delve"] = MC(setup(MBASE, cards__bolt__delve=True), "payment.delve",
                                    ["g1"], payment={"sources": [tap]})
    t["PAYMENT_KEYS", "improvise"] = MC(setup(MBASE, **{
        "cards__bolt__improvise": True, "cards__relic": {"types": ["artifact"]},
        "state__you__battlefield": [{"id": "m1", "card": "mountain"},
                                    {"id": "r1", "card": "relic"}]}),
        "payment.improvise", ["r1"], payment={"sources": [tap]})
    phyrexian = setup(MBASE, cards__bolt__cost="{R/P}")
    t["PAYMENT_KEYS", "life"] = MC(phyrexian, "payment.life", 2, payment={})
    t["mtg_chosen", "phyrexian"] = MC(phyrexian, "announced.phyrexian", ["{R}"], ["life"],
                                      payment={"life": 2}, announced={"phyrexian": ["life"]})
    t["mtg_chosen", "hybrid"] = MC(setup(MBASE, cards__bolt__cost="{R/G}"), "announced.hybrid",
                                   ["{G}"], ["{R}"], payment={"sources": [tap]},
                                   announced={"hybrid": ["{R}"]})
    t["PAYMENT_KEYS", "other"] = MC(mcost("sacrifice"), "payment.other", {"sacrifice": ["c1"]},
                                    payment={})
    # K'rrik (issue 25, A3): the bear lets 1 life pay bolt's {R}; m1 pays the {1}.
    krrik = setup(MBASE, cards__bear__life_for={"R": 1}, state__you__battlefield=[
        {"id": "m1", "card": "mountain"}, {"id": "c1", "card": "bear"}])
    t["PAYMENT_KEYS", "life_for"] = MC(krrik, "payment.life_for", {"{R}": 1},
                                       payment={"sources": [tap], "life": 1})

    # Issue 25, G1: mana effects on the bear (c1). A trigger adding {R} whenever a land is
    # tapped for mana: one Mountain pays bolt's {1}{R}; a replacement of 1 mana or more by {C}:
    # no Mountain makes {R}.
    def effect(kind: str, **body: Any) -> Data:
        return {kind: {"sources": {"type": "land"}, "adds": "{R}" if kind == "trigger" else "{C}",
                       **({"at_least": 1} if kind == "replace" else {}), **body}}

    trig = setup(MBASE, cards__bear__mana_effects=[effect("trigger")])
    repl = setup(MBASE, cards__bear__mana_effects=[effect("replace")])
    t["CARD_KEYS", "mana_effects"] = M("cards.bear.mana_effects", [effect("trigger")])
    t["MANA_EFFECT_KINDS", "replace"] = Pair(setup(MBASE, cards__bear__mana_effects=[]),
                                             "cards.bear.mana_effects.0", effect("replace"))
    t["MANA_EFFECT_KINDS", "trigger"] = Pair(setup(MBASE, cards__bear__mana_effects=[]),
                                             "cards.bear.mana_effects.0", effect("trigger"))
    t["REPLACE_KEYS", "sources"] = Pair(repl, "cards.bear.mana_effects.0.replace.sources",
                                        {"type": "creature"}, {"type": "land"})
    t["REPLACE_KEYS", "at_least"] = Pair(repl, "cards.bear.mana_effects.0.replace.at_least", 2, 1)
    t["REPLACE_KEYS", "adds"] = Pair(repl, "cards.bear.mana_effects.0.replace.adds", "{R}", "{C}")
    # `times` (Mana Reflection, issue 38): a Mountain makes {R}{R} (bolt paid, nothing left) or
    # {R}{R}{R} ({R} left in the pool).
    times = setup(MBASE, cards__bear__mana_effects=[
        {"replace": {"sources": {"type": "land"}, "times": 2}}])
    t["REPLACE_KEYS", "times"] = Pair(times, "cards.bear.mana_effects.0.replace.times", 3, 2)
    t["TRIGGER_KEYS", "sources"] = Pair(trig, "cards.bear.mana_effects.0.trigger.sources",
                                        {"type": "creature"}, {"type": "land"})
    t["TRIGGER_KEYS", "adds"] = Pair(trig, "cards.bear.mana_effects.0.trigger.adds", "{G}", "{R}")
    # `attached`: only the permanent the bear is attached to (none here), else every land.
    t["FILTER_KEYS", "attached"] = Pair(trig, "cards.bear.mana_effects.0.trigger.sources.attached",
                                        True)
    t["OBJECT_KEYS", "attached_to"] = Pair(
        setup(trig, cards__bear__mana_effects=[effect("trigger", sources={"attached": True})]),
        "state.you.battlefield.3.attached_to", "m1")
    # check: a source's triggered mana (each entry's id and mana) and its replaced output.
    fired = {"id": "m1", "adds": "{R}", "costs": ["tap"], "triggered": [{"id": "c1", "adds": "{R}"}]}
    t["mtg_payment", "triggered"] = MC(trig, "payment.sources.0.triggered",
                                       [{"id": "c1", "adds": "{G}"}], payment={"sources": [
                                           {"id": "m1", "adds": "{R}", "costs": ["tap"]}]})
    t["triggered_entries", "id"] = MC(trig, "payment.sources.0.triggered.0.id", "m2", "c1",
                                      payment={"sources": [fired]})
    t["triggered_entries", "adds"] = MC(trig, "payment.sources.0.triggered.0.adds", "{G}", "{R}",
                                        payment={"sources": [fired]})
    cheap = setup(repl, cards__bolt__cost="{1}")
    damped = {"id": "m1", "adds": "{C}", "costs": ["tap"], "replaced": {"by": "c1", "was": "{R}"}}
    t["mtg_payment", "replaced"] = MC(cheap, "payment.sources.0.replaced",
                                      {"by": "c1", "was": "{G}"}, payment={"sources": [
                                          {"id": "m1", "adds": "{C}", "costs": ["tap"]}]})
    t["replaced_entry", "by"] = MC(cheap, "payment.sources.0.replaced.by", "m2", "c1",
                                   payment={"sources": [damped]})
    t["replaced_entry", "was"] = MC(cheap, "payment.sources.0.replaced.was", "{G}", "{R}",
                                    payment={"sources": [damped]})

    # Mana equal to a power (Marwyn, issue 38): the card's printed power, the object's now.
    t["CARD_KEYS", "power"] = Pair(MPOWER, "cards.elf.power", 1, 2)
    t["OBJECT_KEYS", "power"] = Pair(MPOWER, "state.you.battlefield.0.power", 1)
    # The greatest power among your creatures (Bighorner Rancher): the elf's 2 makes {R}{R};
    # among artifacts (none), nothing.
    t["PER_KEYS", "greatest_power"] = Pair(
        setup(MPOWER, cards__elf__mana__0__per={"greatest_power": {"type": "creature"}}),
        "cards.elf.mana.0.per.greatest_power", {"type": "artifact"}, {"type": "creature"})
    return t


def _mtg_effect_pairs(t: dict[Key, Pair]) -> None:
    """What a cast leaves for the casts after it (`docs/turns.md`, tests/test_mtg_turn_effects.py):
    haste, effects lasting for the turn, tokens, untaps."""
    # A summoning-sick mana creature: Giant Growth is paid only when it has haste.
    mhaste = y("""
        format: mtg/1
        cards:
          elf: {types: [creature], mana: [{adds: "{G}"}]}
          chief: {types: [enchantment], grants: []}
          growth: {types: [instant], cost: "{G}"}
        state:
          you:
            battlefield: [{id: e1, card: elf, sick: true}, {id: c1, card: chief}]
            hand: [{id: h1, card: growth}]
        play: {object: h1}
    """)
    t["CARD_KEYS", "haste"] = Pair(mhaste, "cards.elf.haste", True)
    t["GRANT_KEYS", "haste"] = Pair(mhaste, "cards.chief.grants.0", {"haste": True})
    # One Mountain and a {2}{R} instant: paid only with an effect taking {2} off.
    meff = y("""
        format: mtg/1
        cards:
          mountain: {types: [land], mana: [{adds: "{R}"}]}
          bolt: {types: [instant], cost: "{2}{R}"}
        state:
          you:
            battlefield: [{id: m1, card: mountain}]
            hand: [{id: h1, card: bolt}]
        play: {object: h1}
    """)
    effect = {"id": "e1", "reduction": {"generic": 2}, "applies_to": {"type": ["instant"]}}
    t["PLAYER_KEYS", "effects"] = Pair(meff, "state.you.effects", [effect])
    meff1 = setup(meff, state__you__effects=[effect])
    t["STATE_EFFECT_KEYS", "id"] = Pair(meff1, "state.you.effects.0.id", "e2", "e1")
    t["STATE_EFFECT_KEYS", "reduction"] = Pair(meff1, "state.you.effects.0.reduction",
                                               {"generic": 1}, {"generic": 2})
    t["STATE_EFFECT_KEYS", "applies_to"] = Pair(meff1, "state.you.effects.0.applies_to",
                                                {"type": ["sorcery"]})
    t["STATE_EFFECT_KEYS", "uses"] = Pair(meff1, "state.you.effects.0.uses", 2, command="play")
    # Two Mountains; a {R} sorcery whose resolution adds {C} and takes {2} off the next instant
    # or sorcery, and a {2}{R} sorcery (`trick`, a {2} sorcery, only in `mgrants2`).
    mgrants = y("""
        format: mtg/1
        cards:
          mountain: {types: [land], mana: [{adds: "{R}"}]}
          boost: {types: [sorcery], cost: "{R}", effect: {adds: "{C}", grants: [
            {reduction: {generic: 2}, applies_to: {type: [instant, sorcery]}}]}}
          big: {types: [sorcery], cost: "{2}{R}"}
          trick: {types: [sorcery], cost: "{2}"}
        state:
          you:
            battlefield: [{id: m1, card: mountain}, {id: m2, card: mountain}]
            hand: [{id: h1, card: boost}, {id: h2, card: big}]
        turn: {candidates: auto}
    """)
    t["EFFECT_KEYS", "grants"] = Pair(mgrants, "cards.boost.effect.grants",
                                      [{"reduction": {"generic": 2}}], command="turn")
    t["EFFECT_GRANT_KEYS", "reduction"] = Pair(mgrants, "cards.boost.effect.grants.0.reduction",
                                               {"generic": 0}, {"generic": 2}, command="turn")
    t["EFFECT_GRANT_KEYS", "applies_to"] = Pair(
        mgrants, "cards.boost.effect.grants.0.applies_to", {"type": ["creature"]},
        command="turn")
    mgrants2 = setup(mgrants, state__you__hand=[{"id": "h1", "card": "boost"},
                                                {"id": "h2", "card": "big"},
                                                {"id": "h3", "card": "trick"}])
    t["EFFECT_GRANT_KEYS", "uses"] = Pair(mgrants2, "cards.boost.effect.grants.0.uses", "turn",
                                          command="turn")
    # One Mountain; a {R} sorcery adding {R} and making a Treasure, and three {R} instants.
    mtokens = y("""
        format: mtg/1
        cards:
          mountain: {types: [land], mana: [{adds: "{R}"}]}
          treasure: {types: [artifact], tags: [token], mana: [{adds: "{R}",
                     costs: [tap, sacrifice_self]}]}
          rock: {types: [artifact], tags: [token]}
          strike: {types: [sorcery], cost: "{R}", effect: {adds: "{R}",
                   tokens: [{card: treasure}]}}
          shock: {types: [instant], cost: "{R}"}
        state:
          you:
            battlefield: [{id: m1, card: mountain}]
            hand: [{id: h1, card: strike}, {id: h2, card: shock}, {id: h3, card: shock},
                   {id: h4, card: shock}]
        turn: {candidates: auto}
    """)
    t["EFFECT_KEYS", "tokens"] = Pair(mtokens, "cards.strike.effect.tokens",
                                      [{"card": "treasure"}], command="turn")
    t["TOKEN_KEYS", "card"] = Pair(mtokens, "cards.strike.effect.tokens.0.card", "rock",
                                   "treasure", command="turn")
    t["TOKEN_KEYS", "count"] = Pair(mtokens, "cards.strike.effect.tokens.0.count", 2,
                                    command="turn")
    # Three Islands; Frantic Search ({2}{U}, adds {C} here) untapping up to three lands, and a
    # {2}{U} sorcery: cast after it only when the lands are untapped.
    muntap = y("""
        format: mtg/1
        cards:
          island: {types: [land], mana: [{adds: "{U}"}]}
          frantic: {types: [instant], cost: "{2}{U}", effect: {adds: "{C}"}}
          divination: {types: [sorcery], cost: "{2}{U}"}
        state:
          you:
            battlefield: [{id: i1, card: island}, {id: i2, card: island},
                          {id: i3, card: island}]
            hand: [{id: h1, card: frantic}, {id: h2, card: divination}]
        turn: {candidates: auto}
    """)
    t["EFFECT_KEYS", "untap"] = Pair(muntap, "cards.frantic.effect.untap",
                                     {"count": 3, "filter": {"type": ["land"]}}, command="turn")


MTG_CLOSED: dict[Key, str] = {
    ("TOP_KEYS", "format"): "required, and `mtg/1` is its one value here: no two scenarios this "
                            "loader reads differ in it",
    ("AMOUNT_KEYS", "player_counters"): "`experience` is its one value (no two scenarios this "
                                        "loader reads differ in it); the PLAYER_KEYS `experience` "
                                        "pair, whose grant reads it, shows the count changes answers",
}


# The modules of mtg/1's reader, layer by layer (`engine.mtg.loader` is the last).
MTG_READERS = (mtg_cost_keys, mtg_card_keys, mtg_state_keys, mtg_check_keys, mtg_loader)


def mtg_keys() -> list[Key]:
    """Every key `engine.mtg.loader` accepts: each key tuple it passes to `fields` (read from its
    source with `ast`), and the vocabularies it reads as keys without `fields`: the non-mana cost
    kinds (`mtg_other_cost`: OTHER_KINDS) and the weights (`number_map` with DEFAULT_WEIGHTS)."""
    keys: list[Key] = []
    for source in MTG_READERS + (payplan_reading,):  # the shared reader holds `read_turn`
        _fields_keys(source, keys)
    assert "read_turn" in inspect.getsource(mtg_loader._Reader.turn)
    assert "OTHER_KINDS" in inspect.getsource(mtg_cost_keys.CostReader.mtg_other_cost)
    assert "tuple(DEFAULT_WEIGHTS)" in inspect.getsource(mtg_state_keys.StateReader.mtg_objective)
    keys += [("mtg_other_cost", kind) for kind in mtg_cost_keys.OTHER_KINDS]
    keys += [("weights", w) for w in mtg_state_keys.DEFAULT_WEIGHTS]
    return keys


FORMATS: dict[str, Format] = {
    "payplan/1": Format(payplan_keys, _pairs(), PAYPLAN_CLOSED, run, PAYPLAN_TURN_ONLY),
    "mtg/1": Format(mtg_keys, _mtg_pairs(), MTG_CLOSED, run),
}


# --- mtg/1: the keys the turn planner added to its loader ------------------------------------------
# mtg/1's own table (every key `engine/mtg/loader.py` accepts, found in its source) slots into
# FORMATS with issue 20's mtg/1 part; until it does, the keys the turn added to the mtg/1 loader
# (`turn-format.md`: `turn` and its keys, a card's `effect` and its `adds`, `enters_tapped`,
# `state.lands_played_this_turn`) have their pairs here, for that table to take in, each run as
# the table runs a pair and checked to name a key of the tuple the loader reads it with.

MTG_CARDS: Data = {
    "swamp": {"types": ["land"], "mana": [{"adds": "{B}"}]},
    "forest": {"types": ["land"], "mana": [{"adds": "{G}"}]},
    "shock": {"types": ["instant"], "cost": "{B}"},
    "ritual": {"types": ["instant"], "cost": "{B}", "effect": {"adds": "{B}{B}{B}"}},
    "horror": {"types": ["creature"], "cost": "{2}{B}"},
    "bear": {"types": ["creature"], "cost": "{1}{G}"},
}


def mtg_turn(battlefield: list[str], hand: list[str], **turn: Any) -> Data:
    """An mtg/1 turn: lands `l1..` on the battlefield and cards `h1..` in hand."""
    return {"format": "mtg/1", "cards": copy.deepcopy(MTG_CARDS),
            "state": {"phase": "main", "you": {
                "battlefield": [{"id": f"l{i + 1}", "card": c} for i, c in enumerate(battlefield)],
                "hand": [{"id": f"h{i + 1}", "card": c} for i, c in enumerate(hand)]}},
            "turn": {"candidates": "auto", **turn}}


def _mtg_turn_pairs() -> dict[Key, Pair]:
    t: dict[Key, Pair] = {}
    two = mtg_turn(["swamp", "swamp"], ["shock", "shock"])
    untold = copy.deepcopy(two)
    del untold["turn"]
    t["TOP_KEYS", "turn"] = Pair(untold, "turn", {"max_plays": 1}, command="turn")
    t["TURN_KEYS", "candidates"] = Pair(two, "turn.candidates", [{"object": "h2"}], "auto",
                                        command="turn")
    t["TURN_KEYS", "values"] = Pair(two, "turn.values", {"h2": 5}, command="turn")
    t["TURN_KEYS", "max_plays"] = Pair(two, "turn.max_plays", 1, command="turn")
    # One Swamp: the Horror ({2}{B}) is paid only by the Ritual's mana.
    ritual = mtg_turn(["swamp"], ["ritual", "horror"])
    t["CARD_KEYS", "effect"] = Pair(ritual, "cards.ritual.effect", {"adds": "{B}{B}{B}"},
                                    command="turn")
    t["EFFECT_KEYS", "adds"] = Pair(ritual, "cards.ritual.effect.adds", "{B}{B}{B}", "{B}",
                                    command="turn")
    # One Forest: the Bear ({1}{G}) is paid only with the Forest in hand played first.
    drop = mtg_turn(["forest"], ["forest", "bear"])
    t["CARD_KEYS", "enters_tapped"] = Pair(drop, "cards.forest.enters_tapped", True,
                                           command="turn")
    t["STATE_KEYS", "lands_played_this_turn"] = Pair(drop, "state.lands_played_this_turn", 1,
                                                     command="turn")
    return t


MTG_TURN_PAIRS = _mtg_turn_pairs()


@pytest.mark.parametrize("key", list(MTG_TURN_PAIRS), ids=".".join)
def test_the_mtg_turn_keys_change_an_answer(key: Key) -> None:
    words = engine_turn if key[0] == "TURN_KEYS" else mtg_words
    assert key[1] in getattr(words, key[0]), f"mtg/1's loader reads no {'.'.join(key)}"
    pair = MTG_TURN_PAIRS[key]
    assert pair.path.split(".")[-1] == key[1], pair
    a, b = (run(pair.command, built(pair, value)) for value in (pair.a, pair.b))
    assert a != b, f"mtg/1: {'.'.join(key)} changes no answer of `{pair.command}` here"


# --- mtg/1: words the loader reads as values (issue 25) ----------------------------------------------
# Values that are words of a vocabulary, not keys, added with issue 25: each changes an answer.


def _mtg_word_pairs() -> dict[Key, Pair]:
    t: dict[Key, Pair] = {}
    # `{pay_life: X}` (Toxic Deluge): X life, X auto the largest payable (your 20 life), not 1.
    t["pay_life", "X"] = Pair(mcost("pay_life", 1), "cards.bolt.additional.0.other.0.pay_life",
                              "X", 1)
    # `adds: untapped` / `adds: milled` (issue 25, G2): the mana read from the permanent
    # untapped / the card milled ({R}), or a fixed {G} that bolt's {R} can't take.
    t["READ_ADDS", "untapped"] = Pair(MUNTAP, "cards.explorer.mana.0.adds", "{G}", "untapped")
    t["READ_ADDS", "milled"] = Pair(MPEND, "cards.pendant.mana.0.adds", "{G}", "milled")
    t["READ_ADDS", "sacrificed"] = Pair(MSQUANDER, "cards.squander.mana.0.adds", "{G}",
                                        "sacrificed")
    # A trigger's `adds: produced` (Dictate of Karametra, issue 38): a Mountain's {R} gives {R}
    # more, so bolt's {R}{R} takes one land; a fixed {G} needs two.
    produced = setup(MBASE, cards__bolt__cost="{R}{R}", cards__bear__mana_effects=[
        {"trigger": {"sources": {"type": "land"}, "adds": "produced"}}])
    t["TRIGGER_ADDS", "produced"] = Pair(produced, "cards.bear.mana_effects.0.trigger.adds",
                                         "{G}", "produced")
    # `adds: any_type` / `any_color` (issue 38): the Wastes' C for the {C}{C} bolt, or no C.
    t["READ_ADDS", "any_type"] = Pair(MREFLECT_C, "cards.pool.mana.0.adds", "any_type",
                                      "any_color")
    t["READ_ADDS", "any_color"] = Pair(MREFLECT_C, "cards.pool.mana.0.adds", "any_color",
                                       "any_type")
    # `discard_self` (cycling's "discard this card"): the bear in hand is discarded, or not.
    t["ABILITY_WORDS", "discard_self"] = Pair(MCYCLE, "cards.bear.abilities.0.costs",
                                              ["{1}", "discard_self"], ["{1}"])
    # `ability: cycling` reaches the cycling ability only; `activated` every activated ability.
    t["ABILITY_KINDS", "cycling"] = Pair(setup(MCYCLE, cards__bear__abilities__0__cycling=False),
                                         "cards.mountain.grants.0.applies_to.ability", "cycling",
                                         "activated")
    # A color key counted from the state (Khalni Hydra; issue 25, B1): {R} less per creature
    # of yours (the bear) makes bolt's {R}{R}{R}{R} payable by the three Mountains; 0 does not.
    t["REDUCTION_KEYS.R", "count"] = Pair(
        setup(MBASE, cards__bolt__cost="{R}{R}{R}{R}", cards__bolt__reductions=[{"R": 0}]),
        "cards.bolt.reductions.0.R", {"count": {"type": "creature"}}, 0)
    # `count: any` (Torgaar; issue 25, B2): with 6 per object taken, auto sacrifices both
    # creatures (c1, c2), where `count: 1` takes one.
    t["OTHER_LONG_KEYS.count", "any"] = Pair(
        setup(MBASE, cards__bolt__additional=[{"id": "sac", "other": [
            {"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}],
            play__optional={"sac": "auto"}, objective={"benefits": {"sac": 6}},
            state__you__battlefield=[*MBASE["state"]["you"]["battlefield"],
                                     {"id": "c2", "card": "bear"}]),
        "cards.bolt.additional.0.other.0.sacrifice.count", "any", 1)
    return t


MTG_WORD_PAIRS = _mtg_word_pairs()


@pytest.mark.parametrize("key", list(MTG_WORD_PAIRS), ids=".".join)
def test_the_mtg_words_change_an_answer(key: Key) -> None:
    pair = MTG_WORD_PAIRS[key]
    a, b = (run(pair.command, built(pair, value)) for value in (pair.a, pair.b))
    assert a != b, f"mtg/1: the word {'.'.join(key)} changes no answer of `{pair.command}` here"


def _cases() -> list[tuple[str, Key]]:
    return [(name, key) for name, f in FORMATS.items() for key in f.keys()]


@pytest.mark.parametrize("format_name, key", _cases(), ids=lambda v: ".".join(v)
                         if isinstance(v, tuple) else v)
def test_every_key_changes_an_answer(format_name: str, key: Key) -> None:
    f = FORMATS[format_name]
    if key in f.closed or key in f.turn_only:
        return
    assert key in f.pairs, (f"{format_name}: the loader accepts {'.'.join(key)}, and no pair "
                            f"shows an answer it changes: add one to the table, or the key to "
                            f"the closed list with the reason no answer can depend on it")
    pair = f.pairs[key]
    last = pair.path.split(".")[-1]
    if last.isdigit():
        assert isinstance(pair.b, dict) and list(pair.b) == [key[1]], pair
    else:
        assert last == key[1], f"the pair for {key} varies {pair.path}"
    a, b = (f.run(pair.command, built(pair, value)) for value in (pair.a, pair.b))
    assert a != b, f"{format_name}: {'.'.join(key)} changes no answer of `{pair.command}` here"


@pytest.mark.parametrize("format_name", list(FORMATS))
def test_the_table_names_only_keys_the_loader_accepts(format_name: str) -> None:
    f = FORMATS[format_name]
    accepted = set(f.keys())
    stale = sorted((set(f.pairs) | set(f.closed) | set(f.turn_only)) - accepted)
    assert not stale, f"{format_name}: the table names keys the loader does not accept: {stale}"
    assert not set(f.closed) & set(f.pairs), "a closed key has a pair"
