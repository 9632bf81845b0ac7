"""Writing scenarios back (engine.dump): resolved forms, and load(dump(s)) == s for any scenario."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.dump import dump_json, dump_yaml, scenario_to_data, state_to_data
from payplan.engine.riftbound.loader import load_file, load_text, scenario_from_data
from payplan.engine.riftbound.scenario import Scenario
from payplan.engine.riftbound.state import GameObject, PlayerState, Rune, State

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml")) + sorted((EXAMPLES / "cards").glob("*.yaml"))


def assert_round_trips(s: Scenario) -> None:
    data = scenario_to_data(s)
    assert scenario_from_data(data) == s
    assert json.loads(json.dumps(data)) == data  # plain JSON-able data
    assert load_text(dump_json(s), "s.json") == s
    assert load_text(dump_json(s)) == s
    assert load_text(dump_yaml(s), "s.yaml") == s
    assert scenario_to_data(scenario_from_data(data)) == data  # dumping is stable


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_examples_round_trip(path: Path) -> None:
    assert_round_trips(load_file(path))


def test_resolved_values_dump_resolved() -> None:
    data = scenario_to_data(load_file(EXAMPLES / "02-ignore-cost-accelerate.yaml"))
    cards: Any = data["cards"]
    assert cards["legion-rearguard"]["keywords"] == {"accelerate": {"energy": 1, "power": {"fury": 1}}}
    state: Any = data["state"]
    assert state["you"]["runes"] == [{"id": "r1", "domain": "fury"}, {"id": "r2", "domain": "fury"}]
    play: Any = data["play"]
    assert play["optional"] == {"accelerate": "yes"} and play["ignore"] == "cost"

    data = scenario_to_data(load_file(EXAMPLES / "03-optional-cost-discounted-to-zero.yaml"))
    cards = data["cards"]
    assert cards["clockwork-keeper"]["additional_costs"] == [
        {"id": "wind-up", "mandatory": False, "cost": {"power": {"calm": 1}}}
    ]


def test_generated_ids_are_written_out() -> None:
    s = load_text(
        "format: payplan/1\ncards: {x: {type: unit}}\n"
        "state: {you: {hand: [x, x]}, opponent: {runes: {fury: 1}, trash: [x]}}\n"
    )
    state: Any = scenario_to_data(s)["state"]
    assert state["you"]["hand"] == [{"id": "hand[0]", "card": "x"}, {"id": "hand[1]", "card": "x"}]
    assert state["opponent"]["runes"] == [{"id": "opponent.r1", "domain": "fury"}]
    assert state["opponent"]["trash"] == [{"id": "opponent.trash[0]", "card": "x"}]
    assert_round_trips(s)


def test_yaml_keeps_yes_and_no_strings() -> None:
    s = load_text(
        "format: payplan/1\n"
        "cards: {'yes': {type: spell, keywords: {repeat: [{energy: 1}]}}}\n"
        "state: {you: {hand: [{id: 'no', card: 'yes'}]}}\n"
        "play: {object: 'no', optional: {repeat: no}}\n"
    )
    text = dump_yaml(s)
    assert yaml.safe_load(text)["play"]["optional"] == {"repeat": "no"}
    assert_round_trips(s)


def test_banishment_and_rune_deck() -> None:
    you = PlayerState(
        runes=(Rune("r1", "fury"),),
        banishment=(GameObject("b1", "x", might=3),),
        rune_deck=(Rune("d1", "calm", exhausted=True, value=2),),
        pool=Cost(1),
    )
    base = scenario_from_data({"format": "payplan/1", "cards": {"x": {"type": "unit"}}})
    s = Scenario(base.cards, State(you=you))
    state: Any = state_to_data(s.state)
    assert state["you"]["banishment"] == [{"id": "b1", "card": "x", "might": 3}]
    assert state["you"]["rune_deck"] == [{"id": "d1", "domain": "calm", "exhausted": True, "value": 2}]
    assert_round_trips(s)


def test_state_section_alone() -> None:
    s = load_file(EXAMPLES / "05-flow-repeat-deflect.yaml")
    cards: Any = scenario_to_data(s)["cards"]
    again = scenario_from_data({"format": "payplan/1", "cards": cards, "state": state_to_data(s.state)})
    assert again.state == s.state


# --- Hypothesis: any scenario the loader accepts dumps and loads back unchanged ----------------

DOMAINS = ["fury", "calm", "mind", "body", "chaos", "order"]
CARD_IDS = ["bolt", "grunt", "seal", "yes", "123", "null", "a b"]
TYPES = ["unit", "spell", "gear", "token"]
OTHER_KINDS = ["discard", "kill", "exhaust", "recycle_from_trash", "return_to_hand", "spend_buff", "spend_xp"]
small = st.integers(0, 4)


def optional_dict(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional=fields)


def power(c: bool) -> st.SearchStrategy[dict[str, int]]:
    return st.dictionaries(st.sampled_from(DOMAINS + ["any"] + (["c"] if c else [])), small, max_size=3)


filters = optional_dict(
    type=st.sampled_from(TYPES) | st.lists(st.sampled_from(TYPES), min_size=1, max_size=2),
    tags=st.lists(st.sampled_from(["poro", "mech"]), max_size=2),
    domain=st.sampled_from(DOMAINS),
    name=st.sampled_from(["Bolt", "x"]),
    max_might=small,
    min_might=small,
    location=st.sampled_from(["base", "battlefield"]),
    controller=st.sampled_from(["you", "opponent"]),
    keyword=st.sampled_from(["flow", "accelerate", "repeat", "deflect"]),
    **{"from": st.sampled_from(["hand", "trash"])},
)
# Nested filters stay small so that generating a scenario stays quick; `filters` is complete.
some_filter = optional_dict(
    type=st.sampled_from(TYPES),
    max_might=small,
    controller=st.sampled_from(["you", "opponent"]),
)
# An amount's `of` reads one player's objects (the amount says whose): no `controller` there.
own_filter = optional_dict(type=st.sampled_from(TYPES), max_might=small)
other_entry = st.builds(
    lambda kind, spec: {kind: spec},
    st.sampled_from(OTHER_KINDS),
    small | optional_dict(count=small, filter=some_filter),
)


def costs(c: bool = True, other: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    fields: dict[str, st.SearchStrategy[Any]] = {"energy": small, "power": power(c)}
    if other:
        fields["other"] = st.lists(other_entry, max_size=2)
    return optional_dict(**fields)


amounts = (
    small
    | st.builds(lambda f: {"max": "might", "of": f}, own_filter)
    | optional_dict(zone=st.sampled_from(["board", "hand", "trash"]), times=small).map(
        lambda d: {"count": {"type": "unit"}, **d}
    )
    | optional_dict(times=small).map(lambda d: {"per": "played_this_turn", **d})
)
condition = optional_dict(
    not_from=st.sampled_from(["hand", "trash"]),
    base=st.just("flow"),
    printed_at_least=costs(other=False),
    flag=st.sampled_from(["died", "x"]),
    phase=st.sampled_from(["main", "showdown", "closed"]),
    at=st.sampled_from(["base", "battlefield"]),
    targets=some_filter,
    might_at_least=small,
    **{"from": st.sampled_from(["hand", "trash"])},
)
conditions = condition | st.lists(condition, max_size=3)
branch = optional_dict(energy=amounts, power=power(True))
discount = optional_dict(
    id=st.sampled_from(["d1", "d2"]),
    minimum=optional_dict(energy=amounts, power=small),
    component=st.sampled_from(["total", "optional", "repeat", "accelerate"]),
    **{"if": conditions},
).flatmap(
    lambda d: st.one_of(
        optional_dict(energy=amounts, power=power(True)).map(lambda a: {**d, **a}),
        st.lists(branch, min_size=1, max_size=3).map(lambda b: {**d, "choice": b}),
    )
)
increase = optional_dict(id=st.just("tax"), energy=amounts, power=power(True), **{"if": conditions})
grant = st.one_of(
    st.builds(lambda x: {"discount": x}, discount),
    st.builds(lambda x: {"increase": x}, increase),
    st.just({"ignore_deflect": True}),
    st.builds(lambda n: {"deflect": n}, st.integers(1, 4)),
).flatmap(lambda g: optional_dict(applies_to=filters | filters.map(lambda f: {**f, "self": True}),
                                  **{"while": conditions}).map(lambda o: {**g, **o}))
keywords = optional_dict(
    flow=st.lists(costs(), max_size=2) | costs(),
    accelerate=st.booleans() | costs(),
    repeat=st.lists(costs(), max_size=3),
    deflect=small,
)


card_fields = optional_dict(
    name=st.just("Bolt"),
    domains=st.lists(st.sampled_from(DOMAINS), max_size=2, unique=True),
    cost=costs(),
    timing=st.sampled_from(["normal", "action", "reaction"]),
    might=small,
    tags=st.lists(st.sampled_from(["poro", "mech"]), max_size=2),
    keywords=keywords,
    discounts=st.lists(discount, max_size=1),
    grants=st.lists(grant, max_size=1),
)
additional_cost_fields = optional_dict(
    mandatory=st.booleans(), cost=costs(), unlocks=st.lists(discount, max_size=1)
)
rune_fields = optional_dict(exhausted=st.booleans(), value=small)
object_fields = optional_dict(
    value=small,
    location=st.sampled_from(["base", "battlefield"]),
    might=small,
    exhausted=st.booleans(),
    buffs=small,
)
source_fields = optional_dict(
    costs=st.lists(st.sampled_from(["exhaust", "kill"]) | costs(c=False, other=False), max_size=2),
    only_for=filters,
)
player_fields = optional_dict(pool=costs(c=False, other=False), xp=st.integers(0, 50))
state_fields = optional_dict(
    phase=st.sampled_from(["main", "showdown", "closed"]),
    turn=st.sampled_from(["you", "opponent"]),
    flags=st.lists(st.sampled_from(["died", "x"]), max_size=2),
    played_this_turn=small,
)
play_fields = optional_dict(
    ignore=st.sampled_from(["cost", "energy", "power"]),
    discounts=st.lists(discount, max_size=2),
    permit=st.booleans(),
    leaves_chain=optional_dict(
        by=st.sampled_from(["resolution", "counter", "effect"]),
        to=st.sampled_from(["hand", "trash", "banishment", "board"]),
        instructed_by=st.sampled_from(["self", "other"]),
    ),
)
weights = st.dictionaries(
    st.sampled_from(["exhaust", "recycle", "discard", "kill", "source"]), st.integers(0, 9), max_size=3
)
choices = st.sampled_from(["yes", "no", "auto", True, False])


@st.composite
def cards(draw: st.DrawFn) -> dict[str, Any]:
    ids = draw(st.lists(st.sampled_from(CARD_IDS), min_size=1, max_size=3, unique=True))
    out: dict[str, Any] = {}
    for card_id in ids:
        card: dict[str, Any] = {"type": draw(st.sampled_from(TYPES)), **draw(card_fields)}
        extra_ids = draw(st.lists(st.sampled_from(["extra", "sac", "pay"]), max_size=2, unique=True))
        if extra_ids:
            card["additional_costs"] = [{"id": i, **draw(additional_cost_fields)} for i in extra_ids]
        out[card_id] = card
    return out


@st.composite
def player(draw: st.DrawFn, who: str, card_ids: list[str]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """A player's state and the ids the loader will give its objects, by zone."""
    prefix = "" if who == "you" else "opponent."
    w = who[0]
    out: dict[str, Any] = {}
    ids: dict[str, list[str]] = {}
    if draw(st.booleans()):
        shorthand = draw(st.dictionaries(st.sampled_from(DOMAINS), small, max_size=3))
        out["runes"] = shorthand
        ids["runes"] = [f"{prefix}r{i + 1}" for i in range(sum(shorthand.values()))]
    else:
        runes = []
        ids["runes"] = []
        for i, domain in enumerate(draw(st.lists(st.sampled_from(DOMAINS), max_size=4))):
            rune: dict[str, Any] = {"domain": domain, **draw(rune_fields)}
            if draw(st.booleans()):
                rune["id"] = f"{w}rune{i}"
            runes.append(rune)
            ids["runes"].append(rune.get("id", f"{prefix}r{i + 1}"))
        out["runes"] = runes
    for zone in ("hand", "trash", "board", "banishment"):
        objects: list[Any] = []
        ids[zone] = []
        for i, card in enumerate(draw(st.lists(st.sampled_from(card_ids), max_size=3))):
            if draw(st.booleans()):
                objects.append(card)  # the string shorthand
                ids[zone].append(f"{prefix}{zone}[{i}]")
                continue
            obj: dict[str, Any] = {"card": card, **draw(object_fields)}
            if zone == "board" and draw(st.booleans()):
                obj["deflect"] = draw(small)  # Deflect from an effect: board objects only
            if draw(st.booleans()):
                obj["id"] = f"{w}{zone}{i}"
            objects.append(obj)
            ids[zone].append(obj.get("id", f"{prefix}{zone}[{i}]"))
        write_empty: bool = draw(st.booleans())
        if objects or write_empty:
            out[zone] = objects
    deck = draw(st.lists(st.sampled_from(DOMAINS), max_size=2))
    if deck:
        out["rune_deck"] = [{"id": f"{w}deck{i}", "domain": d} for i, d in enumerate(deck)]
    ids["rune_deck"] = [f"{w}deck{i}" for i in range(len(deck))]
    out.update(draw(player_fields))
    own = [i for zone_ids in ids.values() for i in zone_ids]
    if own:
        out["sources"] = [
            {"id": i, "adds": draw(costs(c=False, other=False)), **draw(source_fields)}
            for i in draw(st.lists(st.sampled_from(own), max_size=2, unique=True))  # one entry an object
        ]
    return out, ids


def optional_names(card: dict[str, Any]) -> list[str]:
    k = card.get("keywords", {})
    names = ["accelerate"] if k.get("accelerate") not in (None, False) else []
    repeat = k.get("repeat", [])
    names += ["repeat" if i == 0 else f"repeat.{i}" for i in range(len(repeat))]
    names += [a["id"] for a in card.get("additional_costs", []) if not a.get("mandatory", True)]
    return names


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """Scenario data the loader must accept, using every shorthand the format has."""
    library = draw(cards())
    card_ids = list(library)
    you, you_ids = draw(player("you", card_ids))
    opponent, opp_ids = draw(player("opponent", card_ids))
    state: dict[str, Any] = {"you": you, "opponent": opponent, **draw(state_fields)}
    data: dict[str, Any] = {"format": "payplan/1", "cards": library, "state": state}
    playable = [(zone, i) for zone in ("hand", "trash") for i in range(len(you_ids[zone]))]
    if playable:
        zone, i = draw(st.sampled_from(playable))
        entry = you[zone][i]
        card = library[entry if isinstance(entry, str) else entry["card"]]
        play: dict[str, Any] = {"object": you_ids[zone][i], **draw(play_fields)}
        if draw(st.booleans()):
            play["from"] = zone
        flow = card.get("keywords", {}).get("flow", [])
        flows = len(flow) if isinstance(flow, list) else 1
        play["base"] = draw(
            st.sampled_from(["auto", "printed", "play_for"] + [{"flow": n} for n in range(flows)])
        )
        if play["base"] == "play_for" or draw(st.booleans()):
            play["play_for"] = draw(costs())
        every_id = [x for ids in (you_ids, opp_ids) for v in ids.values() for x in v]
        if every_id:
            play["targets"] = draw(st.lists(st.sampled_from(every_id), max_size=3))
        names = optional_names(card)
        if names:
            chosen = draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
            play["optional"] = {n: draw(choices) for n in chosen}
        data["play"] = play
    optional_ids = [
        a["id"]
        for c in library.values()
        for a in c.get("additional_costs", [])
        if not a.get("mandatory", True)
    ]
    benefits = st.dictionaries(
        st.sampled_from(["accelerate", "repeat", "repeat.2"] + optional_ids),
        st.integers(0, 9),
        max_size=3,
    )
    data["objective"] = draw(optional_dict(weights=weights, benefits=benefits))
    return data


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_any_valid_scenario_round_trips(data: dict[str, Any]) -> None:
    s = scenario_from_data(data)
    assert_round_trips(s)
