"""mtg/1's optional additional cost granted by another permanent (Defiler of Vigor: "As an
additional cost to cast green permanent spells, you may pay 2 life. Those spells cost {G} less
to cast if you paid life this way. This effect reduces only the amount of green mana you pay."):
grant key `additional`, the play's `OBJECT.ID` name, reduction key `color_only`
(examples/mtg/142); every command (`plan` with the fast path on and off, `hand`, `orders`,
`check`, `play`; `turn` and `plays` refuse it), the dump and the loader's refusals. Answers
worked by hand (a land tapped 1, a life point 1)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

from mtg_cases import example, plan, round_trips
from mtg_cases import problems as _problems

from payplan.planner.mtg.check import check_data
from payplan.planner.mtg.play import play_data


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "payplan", *args], capture_output=True,
                          text=True, check=False, input=stdin)


def _ml(p: dict[str, Any]) -> dict[str, Any]:
    return {"mana": p["total"]["mana"], "life": p["total"]["life"]}


def vigor(obj: str = "h1", choice: Any = "auto") -> dict[str, Any]:
    data = copy.deepcopy(example("142"))
    data["play"] = {"object": obj, "optional": {"d1.vigor": choice}}
    return data


def test_the_planner_pays_the_life_when_it_must() -> None:
    p = plan(vigor())
    assert p["status"] == "ok" and p["score"] == 3, p
    assert _ml(p) == {"mana": "{G}", "life": 2} and p["paid"] == {"d1.vigor": 1}
    assert plan(vigor(choice="yes"))["score"] == 3
    assert plan(vigor(choice="no"))["status"] == "unpayable"
    data = vigor()
    del data["play"]["optional"]  # not named: not paid, as every optional cost
    assert plan(data)["status"] == "unpayable"


def test_and_not_when_it_costs_more() -> None:
    p = plan(vigor("h2"))  # the Elves: {G} from the Forest (1) beats 2 life for {0} (2)
    assert p["score"] == 1 and p["paid"] == {} and _ml(p) == {"mana": "{G}", "life": 0}
    data = vigor("h2")
    data["objective"] = {"weights": {"life": 0}}
    p = plan(data)
    assert p["score"] == 0 and p["paid"] == {"d1.vigor": 1} and p["total"]["mana"] == "{0}"


def test_green_mana_only() -> None:
    """A green spell with no {G} pip left (colors given, cost {2}) gets nothing off for the
    life (`color_only`); read as 118.7c would, it would take {1}."""
    data = vigor(choice="yes")
    data["cards"]["tusker"].update(cost="{2}", colors=["G"])
    p = plan(data)
    assert _ml(p) == {"mana": "{2}", "life": 2} and p["score"] == 4, p
    data["cards"]["defiler"]["grants"][0]["reduction"].pop("color_only")
    assert plan(data)["total"]["mana"] == "{1}"
    hybrid = vigor(choice="yes")  # {G/U}{G/U}, Islands only: announced {G}{U}, the {G} taken
    hybrid["cards"]["tusker"]["cost"] = "{G/U}{G/U}"
    hybrid["state"]["you"]["battlefield"].pop(1)
    p = plan(hybrid)
    assert _ml(p) == {"mana": "{U}", "life": 2} and p["score"] == 3, p


def test_two_defilers_two_costs_and_who_they_reach() -> None:
    data = vigor(choice="yes")
    data["state"]["you"]["battlefield"].append({"id": "d2", "card": "defiler"})
    data["play"]["optional"]["d2.vigor"] = "yes"
    p = plan(data)
    assert _ml(p) == {"mana": "{0}", "life": 4} and p["score"] == 4, p
    blue = vigor(choice="yes")  # a blue spell has no such cost: illegal, not a bad file
    blue["cards"]["tusker"]["cost"] = "{1}{U}"
    p = plan(blue)
    assert p["status"] == "illegal" and "has no optional cost d1.vigor" in p["reasons"][0], p
    theirs = vigor(choice="yes")  # the opponent's Defiler grants its controller's spells
    theirs["state"]["opponent"] = {"battlefield": [theirs["state"]["you"]["battlefield"].pop(0)]}
    assert plan(theirs)["status"] == "illegal"


def test_check_orders_hand_and_play() -> None:
    data = vigor()
    p = plan(data)
    back = check_data({**data, "payment": p["payment"], "paid": p["paid"]})
    assert back.legal and back.score == 3, back.problems
    done = play_data(data).to_json()
    assert done["status"] == "ok" and done["state"]["you"]["life"] == 18, done
    done = run("orders", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    assert [t["total"]["mana"] for t in json.loads(done.stdout)["orders"]] == ["{G}"]
    del data["play"]
    done = run("hand", "-", "--json", stdin=json.dumps(data))
    assert done.returncode == 0, done.stderr
    plays = {q["play"]["object"]: q["status"] for q in json.loads(done.stdout)["plays"]}
    assert plays == {"h1": "unpayable", "h2": "ok"}, plays  # hand names no optional cost


def test_turn_and_plays_refuse_it() -> None:
    data = vigor()
    del data["play"]
    data["turn"] = {}
    done = run("turn", "-", stdin=json.dumps(data))
    assert done.returncode == 2 and done.stderr.strip().splitlines() == [
        "cards.defiler.grants[0].additional: a granted additional cost is not supported by "
        "`payplan turn` (nor `plays` paid together): plan each play with `payplan plan` or "
        "`play`"], done.stderr


def test_the_dump_and_the_refusals() -> None:
    round_trips(vigor())

    def grant(d: dict[str, Any]) -> dict[str, Any]:
        got: dict[str, Any] = d["cards"]["defiler"]["grants"][0]
        return got
    cases: list[tuple[Any, str, str]] = [
        (lambda d: grant(d)["additional"].pop("id"), "additional.id", "name"),
        (lambda d: grant(d)["additional"].update(id="a.b"), "additional.id", "dot"),
        (lambda d: grant(d)["additional"].update(mandatory=True), "additional.mandatory",
         "optional"),
        (lambda d: grant(d)["additional"].pop("other"), "grants[0].additional", "cost"),
        (lambda d: grant(d).update(increase="{1}"), "grants[0].additional", "increase"),
        (lambda d: grant(d)["applies_to"].update(ability="activated"), "applies_to", "ability"),
        (lambda d: grant(d).update(reduction={"generic": 1, "color_only": True}),
         "reduction.color_only", "colored"),
        (lambda d: grant(d)["additional"].update(other=[
            {"sacrifice": {"count": "any", "filter": {"type": "creature"}}}]), "count", "any"),
    ]
    for change, where, words in cases:
        data = vigor()
        change(data)
        problems = _problems(data)
        assert len(problems) == 1 and where in problems[0] and words in problems[0], problems


def test_a_granted_cost_that_pays_nothing_is_one_line() -> None:
    """`other: [{pay_life: 0}]` pays nothing: refused at the grant (its dump wrote no cost at all,
    which did not load again)."""
    data = {"format": "mtg/1", "cards": {"g": {"types": ["creature"], "grants": [
        {"reduction": {"G": 1}, "applies_to": {}, "additional": {"id": "vigor", "other": [{"pay_life": 0}]}}]}},
        "state": {"you": {"battlefield": [{"id": "a", "card": "g"}]}}}
    assert _problems(data, require_play=False) == [
        "cards.g.grants[0].additional: a granted additional cost needs `cost` or `other` that "
        "pays something"]
