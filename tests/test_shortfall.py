"""The cost of a play you can't afford (issue 21): an `unpayable` answer's `total` (the cheapest
total the options reach) and `shortfall` (what the state lacks to pay it, per resource), for
both games, against brute forces written here on small boards.

- payplan/1 Power: the least Power (by domain, or of any domain) added to the pool that lets the
  pips be paid, found by trying every addition and every matching of pips to Power;
- payplan/1 Energy and non-standard costs: the most the state could give each, by trying every
  subset of runes and sources, and counting the objects that qualify;
- mtg/1 mana on basic lands and the pool: the least mana added to the pool that pays the total,
  by trying every addition and every matching of pips to mana;
- and end to end: the plan of such a play is unpayable with that total and shortfall, and the
  same play with the shortfall added to the pool is paid.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_cases import scenario as mtg_scenario
from test_rulesets import check_shape

import payplan
from payplan.engine.mtg.mana import ManaCost
from payplan.engine.riftbound.cost import ANY_INDEX, POWER_KEYS, Cost, Filter, OtherCost
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.engine.riftbound.payment import resources, shortfall
from payplan.planner.commands import answer

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
DOMAINS = ("fury", "calm", "mind")


# --- payplan/1: Power, against every addition and every matching --------------------------------


def pays(need: list[str], supply: list[str]) -> bool:
    """Whether the pips `need` (domains, or `any` for [A]) can each take one unit of `supply`
    (Power of a domain, or `any`: Power of any domain), by trying every matching."""
    if not need:
        return True
    pip, rest = need[0], need[1:]
    for i, unit in enumerate(supply):
        if pip == "any" or unit in (pip, "any"):
            if pays(rest, supply[:i] + supply[i + 1:]):
                return True
    return False


def least_additions(need: list[str], supply: list[str]) -> int:
    """The fewest units of Power (of a domain or of any domain) that, added, let `need` be paid."""
    kinds = DOMAINS + ("any",)
    for n in range(len(need) + 1):
        for added in itertools.combinations_with_replacement(kinds, n):
            if pays(need, supply + list(added)):
                return n
    raise AssertionError("adding a unit per pip always pays")


@st.composite
def power_boards(draw: st.DrawFn) -> dict[str, Any]:
    runes = draw(st.lists(st.sampled_from(DOMAINS), max_size=4))
    pool = {d: draw(st.integers(0, 1)) for d in DOMAINS + ("any",)}
    seals = draw(st.lists(st.sampled_from(DOMAINS + ("any",)), max_size=2))
    need = draw(st.lists(st.sampled_from(DOMAINS + ("any",)), min_size=1, max_size=5))
    return {"runes": runes, "pool": pool, "seals": seals, "need": need}


def rift_state(runes: list[str], pool: dict[str, int], seals: list[str],
               extra: dict[str, Any] | None = None) -> dict[str, Any]:
    you: dict[str, Any] = {
        "runes": [{"id": f"r{i}", "domain": d, "exhausted": i % 2 == 1} for i, d in enumerate(runes)],
        "pool": {"energy": pool.get("energy", 0), "power": {k: n for k, n in pool.items()
                                                             if k != "energy" and n}},
        "board": [{"id": f"s{i}", "card": "seal"} for i in range(len(seals))],
        "sources": [{"id": f"s{i}", "adds": {"power": {d: 1}}, "costs": ["exhaust"]}
                    for i, d in enumerate(seals)],
    }
    you.update(extra or {})
    return you


CARDS = {"seal": {"type": "gear", "domains": ["calm"], "cost": {"energy": 1}},
         "grunt": {"type": "unit", "domains": ["fury"], "cost": {"energy": 1}, "might": 1},
         "relic": {"type": "gear", "domains": ["mind"], "cost": {"energy": 1}}}


@SETTINGS
@given(power_boards())
def test_payplan_power_shortfall_is_the_least_addition(board: dict[str, Any]) -> None:
    data = {"format": "payplan/1", "cards": CARDS,
            "state": {"you": rift_state(board["runes"], board["pool"], board["seals"])}}
    scenario = scenario_from_data(data)
    need = board["need"]
    total = Cost(0, tuple(Counter(need).get(k, 0) for k in POWER_KEYS))
    lack = shortfall(scenario, total, resources(scenario, None))
    supply = (board["runes"] + board["seals"]
              + [k for k, n in board["pool"].items() for _ in range(n)])
    assert sum(lack.power) == least_additions(need, supply)
    added = [k for k, n in zip(POWER_KEYS, lack.power) for _ in range(n)]
    assert pays(need, supply + added)
    # A domain's part is what its pips lack even with all the Power of any domain.
    for d, key in enumerate(POWER_KEYS[:ANY_INDEX]):
        if key in DOMAINS:
            own = [p for p in need if p == key]
            assert lack.power[d] == least_additions(own, [u for u in supply if u in (key, "any")])


@st.composite
def energy_boards(draw: st.DrawFn) -> dict[str, Any]:
    return {"runes": draw(st.lists(st.sampled_from(DOMAINS), max_size=4)),
            "pool": {"energy": draw(st.integers(0, 2))},
            "conduits": draw(st.integers(0, 2)),
            "energy": draw(st.integers(0, 8)),
            "kills": draw(st.integers(0, 3)), "exhausts": draw(st.integers(0, 3)),
            "board": draw(st.lists(st.sampled_from(["grunt", "grunt-tired", "relic"]), max_size=4)),
            "xp": draw(st.integers(0, 3)), "spend_xp": draw(st.integers(0, 4))}


@SETTINGS
@given(energy_boards())
def test_payplan_energy_and_non_standard_shortfall(board: dict[str, Any]) -> None:
    objects = [{"id": f"u{i}", "card": c.split("-")[0], "exhausted": c.endswith("tired")}
               for i, c in enumerate(board["board"])]
    conduits = [{"id": f"c{i}", "card": "relic"} for i in range(board["conduits"])]
    you = rift_state(board["runes"], board["pool"], [], {
        "board": objects + conduits, "xp": board["xp"],
        "sources": [{"id": c["id"], "adds": {"energy": 2}, "costs": ["exhaust", {"energy": 1}]}
                    for c in conduits]})
    scenario = scenario_from_data({"format": "payplan/1", "cards": CARDS, "state": {"you": you}})
    unit = Filter(type=("unit",))
    other = tuple(o for o in (OtherCost("kill", board["kills"], unit),
                              OtherCost("exhaust", board["exhausts"], unit),
                              OtherCost("spend_xp", board["spend_xp"])) if o.count)
    total = Cost(board["energy"], (0,) * len(POWER_KEYS), other)
    lack = shortfall(scenario, total, resources(scenario, None))
    # Energy: the most any subset of ready runes and conduits gives (their own cost aside).
    ready = [i for i in range(len(board["runes"])) if i % 2 == 0]
    most = max(board["pool"]["energy"] + len(runes) + 2 * n
               for k in range(len(ready) + 1) for runes in itertools.combinations(ready, k)
               for n in range(board["conduits"] + 1))
    assert lack.energy == max(0, board["energy"] - most)
    units = [o for o in objects if o["card"] == "grunt"]
    ready_units = [o for o in units if not o["exhausted"]]
    want = {"kill": max(0, board["kills"] - len(units)),
            "exhaust": max(0, board["exhausts"] - len(ready_units)),
            "spend_xp": max(0, board["spend_xp"] - board["xp"])}
    assert {o.kind: o.count for o in lack.other} == {k: n for k, n in want.items() if n}


def rift_play(cost: dict[str, Any], you: dict[str, Any]) -> dict[str, Any]:
    cards = {**CARDS, "spell": {"type": "spell", "domains": ["fury"], "cost": cost}}
    return {"format": "payplan/1", "cards": cards,
            "state": {"you": {**you, "hand": [{"id": "h1", "card": "spell"}]}},
            "play": {"object": "h1"}}


@SETTINGS
@given(power_boards(), st.integers(0, 5))
def test_payplan_unpayable_plan_adding_its_shortfall_pays(board: dict[str, Any],
                                                          energy: int) -> None:
    need = Counter(board["need"])
    cost = {"energy": energy, "power": {k: n for k, n in need.items() if n}}
    you = rift_state(board["runes"], board["pool"], board["seals"])
    p = answer("plan", rift_play(cost, you)).to_json()
    check_shape("plan", p)
    if p["status"] == "ok":
        assert "shortfall" not in p
        return
    assert p["status"] == "unpayable"
    assert p["total"] == Cost.of(energy, dict(need)).to_json()
    lack = p["shortfall"]
    assert lack and (lack.get("energy", 0) or lack.get("power"))  # nothing competes here
    pool = dict(board["pool"])
    pool["energy"] = pool.get("energy", 0) + lack.get("energy", 0)
    for key, n in lack.get("power", {}).items():
        pool[key] = pool.get(key, 0) + n
    after = answer("plan", rift_play(cost, rift_state(board["runes"], pool, board["seals"])))
    assert after.to_json()["status"] == "ok"


# --- mtg/1: mana on basic lands and the pool ------------------------------------------------------

KINDS = ("W", "U", "B", "R", "G", "C")
BASICS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest",
          "C": "wastes"}


def mana_pays(pips: list[str], generic: int, supply: list[str]) -> bool:
    """Colored pips each take one unit of their kind, then generic mana any units left."""
    left = list(supply)
    for pip in pips:
        if pip not in left:
            return False
        left.remove(pip)
    return len(left) >= generic


def least_mana(pips: list[str], generic: int, supply: list[str]) -> int:
    for n in range(len(pips) + generic + 1):
        for added in itertools.combinations_with_replacement(KINDS, n):
            if mana_pays(pips, generic, supply + list(added)):
                return n
    raise AssertionError("adding a unit per pip always pays")


@st.composite
def mana_boards(draw: st.DrawFn) -> dict[str, Any]:
    return {"lands": draw(st.lists(st.sampled_from(KINDS), max_size=4)),
            "pool": draw(st.lists(st.sampled_from(KINDS), max_size=2)),
            "pips": draw(st.lists(st.sampled_from(KINDS[:5]), min_size=0, max_size=3)),
            "generic": draw(st.integers(0, 3)),
            "life": draw(st.integers(0, 3)), "life_cost": draw(st.integers(0, 3))}


def mtg_play(board: dict[str, Any], pool: list[str]) -> dict[str, Any]:
    cost = (f"{{{board['generic']}}}" if board["generic"] else "") + "".join(
        f"{{{p}}}" for p in board["pips"])
    spell: dict[str, Any] = {"types": ["instant"], "cost": cost}
    if board["life_cost"]:
        spell["additional"] = [{"id": "blood", "mandatory": True,
                                "other": [{"pay_life": board["life_cost"]}]}]
    return mtg_scenario(battlefield=[{"id": f"l{i}", "card": BASICS[k]}
                                     for i, k in enumerate(board["lands"])],
                        hand=[{"id": "h1", "card": "spell"}], cards={"spell": spell},
                        play={"object": "h1"}, life=board["life"],
                        mana_pool="".join(f"{{{k}}}" for k in pool))


@SETTINGS
@given(mana_boards())
def test_mtg_shortfall_is_the_least_mana_and_adding_it_pays(board: dict[str, Any]) -> None:
    p = answer("plan", mtg_play(board, board["pool"])).to_json()
    check_shape("plan", p)
    supply = board["lands"] + board["pool"]
    payable = (mana_pays(board["pips"], board["generic"], supply)
               and board["life_cost"] <= board["life"])
    assert (p["status"] == "ok") == payable, p
    if payable:
        assert "shortfall" not in p
        return
    lack = p["shortfall"]
    want_mana = least_mana(board["pips"], board["generic"], supply)
    mana = ManaCost.parse(lack["mana"]).plain()
    assert sum(mana) == want_mana
    assert lack["life"] == max(0, board["life_cost"] - board["life"])
    # The kinds it names, and generic mana as {C}, added to the pool: paid.
    added = [k for k, n in zip(KINDS, mana[1:]) for _ in range(n)] + ["C"] * mana[0]
    richer = {**board, "life": board["life"] + lack["life"]}
    after = answer("plan", mtg_play(richer, board["pool"] + added)).to_json()
    assert after["status"] == "ok", (p, after)


def test_mtg_cheapest_total_is_the_least_mana_and_non_mana_costs_lack_objects() -> None:
    # Gitaxian Probe-like {U/P} with no blue source and 1 life: 2 life is the least mana ({0}).
    probe = payplan.load_file(ROOT / "examples" / "mtg" / "24-phyrexian-life-below.yaml")
    p = payplan.plan(probe).to_json()
    assert p["status"] == "unpayable" and p["total"]["mana"] == "{0}"
    assert p["shortfall"] == {"mana": "{0}", "life": 1, "other": []}
    rites = mtg_scenario(battlefield=[{"id": "s1", "card": "swamp"}],
                         hand=[{"id": "h1", "card": "village-rites"}], play={"object": "h1"})
    q = answer("plan", rites).to_json()
    assert q["shortfall"] == {"mana": "{0}", "life": 0, "other": [{"sacrifice": 1}]}


def test_payplan_cheapest_total_ties_go_to_the_first_option() -> None:
    # Two Flow costs of one size: [2] and [fury][fury] from the trash, and no rune: the first.
    data = {"format": "payplan/1",
            "cards": {"bolt": {"type": "spell", "domains": ["fury"], "cost": {"energy": 5},
                               "keywords": {"flow": [{"energy": 2}, {"power": {"fury": 2}}]}}},
            "state": {"you": {"trash": [{"id": "t1", "card": "bolt"}]}},
            "play": {"object": "t1"}}
    p = answer("plan", data).to_json()
    assert p["status"] == "unpayable" and p["total"] == {"energy": 2}
    assert p["shortfall"] == {"energy": 2}
    text = answer("plan", data).render()
    assert "Cheapest total: [2]; the state lacks [2]" in text


def test_every_kind_a_cost_takes_from_a_zone_has_its_reason_words() -> None:
    """`payplan plan`'s reasons name every non-standard kind the payment reads (a kind missing
    here was a KeyError, a traceback, on an ability whose alternative disempowers its own
    unEmpowered object: found by the reference's Legion Marauder theme)."""
    from payplan.engine.riftbound.payment import PAYS_FROM
    from payplan.planner.riftbound.explain import NOUNS

    assert set(PAYS_FROM) | {"spend_xp"} <= set(NOUNS)
    data = {"format": "payplan/1",
            "cards": {"smith": {"type": "unit", "domains": ["body"], "cost": {"energy": 2},
                                "might": 2, "abilities": [{"id": "hit", "kind": "activated",
                                                           "cost": {"energy": 3},
                                                           "alternatives": [{"other": [
                                                               "disempower_self"]}]}]}},
            "state": {"phase": "main", "turn": "you",
                      "you": {"runes": [{"id": "r0", "domain": "body"}],
                              "board": [{"id": "g0", "card": "smith"}]}},
            "play": {"ability": {"object": "g0", "id": "hit"}}}
    p = payplan.plan(scenario_from_data(data))
    assert p.status == "unpayable"
    assert any("disempower" in r for r in p.reasons)
