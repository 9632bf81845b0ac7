"""mtg/1's mana of a type the sacrificed permanent could produce (106.7): Squandered Resources'
"Sacrifice a land: Add one mana of any type that land could produce", `adds: sacrificed` with
one `{sacrifice: {count: 1, filter: FILTER}}` cost. The other side of examples/mtg/130: `plan`
(fast path on and off), `hand`, `orders`, `check`, `play`, `turn`'s refusal, the dump and the
loader's refusals. Answers worked by hand from the cards' wording and the objective of
docs/mtg-format.md (a land tapped 1, a permanent sacrificed 5, its tap then free)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import payplan_cli as run
from mtg_cases import checked_sources as checked
from mtg_cases import example, on_battlefield, plan, round_trips, turn_and_plays_refuse
from mtg_cases import problems as _problems

from payplan.planner.mtg.play import play_data

FOREST = {"name": "Forest", "types": ["land"], "mana": [{"adds": "{G}"}]}
ISLAND = {"name": "Island", "types": ["land"], "mana": [{"adds": "{U}"}]}
POOL = {"name": "Reflecting Pool", "types": ["land"],
        "mana": [{"adds": "any_type", "of": {"type": "land"}}]}
BEAR = {"name": "Bear", "types": ["creature"], "cost": "{1}{G}"}


def squandered(cost: str, *others: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """Example 130 with `others` (id, card) beside Squandered Resources, the spell costing
    `cost`."""
    data = example("130")
    data["cards"]["sultai-charm"]["cost"] = cost
    field: list[dict[str, Any]] = [{"id": "sr1", "card": "squandered-resources"}]
    return on_battlefield(data, field, others)


def test_the_sea_is_tapped_then_sacrificed_for_its_other_color() -> None:
    p = plan(example("130"))
    assert p["status"] == "ok" and p["score"] == 6, p
    sources = p["payment"]["sources"]
    assert {"id": "sr1", "adds": "{U}", "costs": ["sacrifice us1"]} in sources \
        or {"id": "sr1", "adds": "{B}", "costs": ["sacrifice us1"]} in sources, sources


def test_a_land_gives_only_what_it_could_produce() -> None:
    """Two Forests: {G}{G}{G}{G} is paid (each tapped, then each sacrificed: 5 + 5), {U}{G} is
    not (a Forest could produce {G} alone)."""
    two = (("forest1", FOREST), ("forest2", FOREST))
    p = plan(squandered("{G}{G}{G}{G}", *two))
    assert p["status"] == "ok" and p["score"] == 10, p
    assert plan(squandered("{U}{G}", *two))["status"] == "unpayable"


def test_a_permanent_that_could_produce_nothing_is_never_sacrificed() -> None:
    """The filter takes any non-enchantment: a Bear matches but could produce no mana, so
    {G}{G} is the Forest tapped and sacrificed (5) and {G}{G}{G} is unpayable."""
    data = squandered("{G}{G}", ("bear1", BEAR), ("forest1", FOREST))
    data["cards"]["squandered-resources"]["mana"][0]["costs"][0]["sacrifice"]["filter"] = {
        "not_type": ["enchantment"]}
    p = plan(data)
    assert p["status"] == "ok" and p["score"] == 5, p
    data["cards"]["sultai-charm"]["cost"] = "{G}{G}{G}"
    assert plan(data)["status"] == "unpayable"


def test_a_reflecting_pool_sacrificed_gives_what_it_reads() -> None:
    """A Reflecting Pool beside an Island could produce {U} (106.7, read as the cast begins):
    {U}{U}{U} is the Island and the Pool tapped, the Pool then sacrificed: 1 + 5."""
    p = plan(squandered("{U}{U}{U}", ("island1", ISLAND), ("pool1", POOL)))
    assert p["status"] == "ok" and p["score"] == 6, p
    assert {"id": "sr1", "adds": "{U}", "costs": ["sacrifice pool1"]} in p["payment"]["sources"]


def test_check_reads_the_sacrificed_permanent() -> None:
    data = example("130")
    tap = [{"id": "us1", "adds": "{B}", "costs": ["tap"]}, {"id": "f1", "adds": "{G}",
                                                          "costs": ["tap"]}]
    good = checked(data, [{"id": "sr1", "adds": "{U}", "costs": ["sacrifice us1"]}, *tap])
    assert good.legal and good.score == 6, good.problems
    wrong = checked(data, [{"id": "sr1", "adds": "{U}", "costs": ["sacrifice f1"]}, *tap])
    assert not wrong.legal
    assert any("sacrificing f1 adds {G}" in p and "not {U}" in p for p in wrong.problems), \
        wrong.problems
    itself = checked(data, [{"id": "sr1", "adds": "{U}", "costs": ["sacrifice sr1"]}, *tap])
    assert not itself.legal and any("can't sacrifice it" in p for p in itself.problems)
    twice = checked(data, [{"id": "sr1", "adds": "{U}", "costs": ["sacrifice us1"]},
                           {"id": "sr1", "adds": "{B}", "costs": ["sacrifice us1"]}, tap[1]])
    assert not twice.legal and any("twice" in p for p in twice.problems), twice.problems


def test_play_sends_the_land_to_the_graveyard() -> None:
    out = play_data(example("130")).to_json()
    assert out["status"] == "ok"
    you = out["state"]["you"]
    assert [o["id"] for o in you["battlefield"]] == ["sr1", "f1"]
    assert "us1" in [o["id"] for o in you["graveyard"]]


def test_hand_and_orders(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(yaml.safe_dump(example("130")))
    hand = json.loads(run("hand", "--json", str(path)).stdout)["plays"]
    assert [(p["play"]["object"], p["status"], p["score"]) for p in hand] == [("h1", "ok", 6)]
    orders = run("orders", "--json", str(path))
    assert orders.returncode == 0, orders.stderr
    assert json.loads(orders.stdout)["status"] == "ok"


def test_the_example_dumps_and_loads_back() -> None:
    round_trips(example("130"))


def test_turn_and_plays_refuse_the_key(tmp_path: Path) -> None:
    line = ("cards.squandered-resources.mana[0].adds: adds: sacrificed is not supported by "
            "`payplan turn` (nor `plays` paid together): plan each cast with `payplan plan` or "
            "`play`")
    turn_and_plays_refuse(example("130"), line, tmp_path)


@pytest.mark.parametrize("costs, at", [
    ([], "adds"),
    (["tap", {"sacrifice": {"count": 1, "filter": {"type": "land"}}}], "adds"),
    (["{1}", {"sacrifice": {"count": 1, "filter": {"type": "land"}}}], "adds"),
    ([{"sacrifice": {"count": 2, "filter": {"type": "land"}}}], "adds"),
    ([{"sacrifice": {"count": 1, "filter": {"type": "land"}}}, {"pay_life": 1}], "adds"),
    ([{"sacrifice": {"count": 1, "filter": {"type": "land"}}},
      {"sacrifice": {"count": 1, "filter": {"type": "creature"}}}], "adds"),
    (["sacrifice_self"], "adds"),
])
def test_the_loader_refuses_other_costs_beside_it(costs: list[Any], at: str) -> None:
    data = example("130")
    data["cards"]["squandered-resources"]["mana"][0]["costs"] = costs
    problems = _problems(data)
    assert problems == [f"cards.squandered-resources.mana[0].{at}: adds: sacrificed reads the "
                        f"permanent its cost sacrifices: its costs are exactly one {{sacrifice: "
                        f"{{count: 1, filter: FILTER}}}} (other costs beside it are not built)"], \
        problems


def test_the_loader_refuses_per_and_of_beside_it() -> None:
    data = example("130")
    data["cards"]["squandered-resources"]["mana"][0]["per"] = "devotion"
    assert [p for p in _problems(data) if "mana[0].per" in p], _problems(data)
    data = example("130")
    data["cards"]["squandered-resources"]["mana"][0]["of"] = {"type": "land"}
    assert [p for p in _problems(data) if "mana[0].of" in p], _problems(data)
