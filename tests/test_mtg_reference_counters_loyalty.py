"""The mtg/1 brute force (benchmarks/mtg/reference) on counters and loyalty, each case worked by
hand from docs/mtg-format.md and the rules (122, 605, 606), without payplan's engine: counters on
permanents removed as a cost (Druids' Repository, storage lands, the weight `counter`) and
loyalty abilities with their cost changers (Carth the Lion, `ability: loyalty`,
`loyalty_activated`). Tapping a land is charged 1, each counter removed 1 (the weight
`counter`), putting a counter on 0."""

from __future__ import annotations

import copy
import importlib
from dataclasses import replace
from typing import Any

import pytest
from mtg_reference.keys import drawn
from mtg_reference.strategies import casts

from payplan.benchmarks.mtg.reference import counters as ref_counters
from payplan.benchmarks.mtg.reference import grants as ref_grants
from payplan.benchmarks.mtg.reference import knobs
from payplan.benchmarks.mtg.reference import objects as ref_objects
from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
PLAINS = {"types": ["land"], "mana": [{"adds": "{W}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
REPOSITORY = {"name": "Druids' Repository", "types": ["enchantment"],
              "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [{"remove_counters": {"kind": "charge", "count": 1}}]}]}
POOLS = {"name": "Calciform Pools", "types": ["land"],
         "mana": [{"adds": "{C}"},
                  {"adds": "{W}|{U}", "costs": ["{1}", {"remove_counters": {"kind": "storage", "count": "X"}}],
                   "per": "removed"}]}
CARTH = {"name": "Carth the Lion", "types": ["creature"],
         "grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty"}}]}
WALKER = {"name": "Walker", "types": ["planeswalker"],
          "abilities": [{"id": "plus", "loyalty": 1}, {"id": "minus", "loyalty": -2},
                        {"id": "ult", "loyalty": -3, "costs": ["{1}"]}, {"id": "tap", "costs": ["{1}"]}]}


def board(mine: dict[str, dict[str, Any]], spell: dict[str, Any] | None = None,
          theirs: dict[str, dict[str, Any]] | None = None, **play: Any) -> dict[str, Any]:
    """`mine` / `theirs`: object id -> card (the card id is the object id without its digits),
    an object's keys under `_obj`. With `spell`, the play casts it from the hand (h1);
    otherwise `play` names an ability."""
    cards: dict[str, Any] = {}
    state: dict[str, Any] = {"you": {"battlefield": [], "hand": []}}
    for who, objects in (("you", mine), ("opponent", theirs or {})):
        field = state.setdefault(who, {}).setdefault("battlefield", [])
        for ident, body in objects.items():
            body = copy.deepcopy(body)
            extra = body.pop("_obj", {})
            name = ident.rstrip("0123456789")
            cards[name] = body
            field.append({"id": ident, "card": name, **extra})
    if spell is not None:
        cards["spell"] = copy.deepcopy(spell)
        state["you"]["hand"] = [{"id": "h1", "card": "spell"}]
        play = {"object": "h1", **play}
    return {"format": "mtg/1", "cards": cards, "state": state, "play": play}


def instant(cost: str) -> dict[str, Any]:
    return {"types": ["instant"], "cost": cost}


def result(data: dict[str, Any]) -> tuple[str, int | None, list[str]]:
    got = solve(data)
    return got.status, got.score, sorted(mana for mana, _ in got.totals)


def walker(ability: str, loyalty: int, more: dict[str, dict[str, Any]] | None = None,
           **obj: Any) -> dict[str, Any]:
    return board({"walker1": {**WALKER, "_obj": {"counters": {"loyalty": loyalty}, **obj}},
                  "wastes1": WASTES, **(more or {})},
                 ability={"object": "walker1", "id": ability})


# --- C1: counters removed as a cost ------------------------------------------------------------

def test_repository_counters_bound_the_repeated_ability() -> None:
    """Druids' Repository with 3 charge counters: {G}{U}{B} takes all three (score 3); {G}{U}{B}{R}
    would need a fourth activation: unpayable; a Forest makes it payable (1 + 3 = 4)."""
    data = board({"repository1": {**REPOSITORY, "_obj": {"counters": {"charge": 3}}}}, instant("{G}{U}{B}"))
    assert result(data) == ("ok", 3, ["{U}{B}{G}"])
    data["cards"]["spell"]["cost"] = "{G}{U}{B}{R}"
    assert result(data)[0] == "unpayable"
    data["cards"]["forest"] = FOREST
    data["state"]["you"]["battlefield"].append({"id": "forest1", "card": "forest"})
    assert result(data) == ("ok", 4, ["{U}{B}{R}{G}"])


def test_counters_of_another_kind_or_none_pay_nothing() -> None:
    """The Repository removes charge counters: with 3 storage counters, or `charge: 0`, or no
    `counters` at all, {G} is unpayable."""
    for counters in ({"storage": 3}, {"charge": 0}, None):
        obj = {} if counters is None else {"counters": counters}
        data = board({"repository1": {**REPOSITORY, "_obj": obj}}, instant("{G}"))
        assert result(data)[0] == "unpayable", counters


def test_the_counter_weight() -> None:
    """{1}{G} with the Repository (2 charge) and a Forest and Wastes: the lands cost 1 + 1 = 2, two
    counters 2 too (default weight 1: score 2); `counter: 3` keeps the lands (2); `counter: 0`
    takes both counters (0); `counter: 2` mixes nothing cheaper than the lands (2)."""
    data = board({"repository1": {**REPOSITORY, "_obj": {"counters": {"charge": 2}}},
                  "forest1": FOREST, "wastes1": WASTES}, instant("{1}{G}"))
    assert result(data)[:2] == ("ok", 2)
    for weight, score in ((3, 2), (0, 0), (2, 2)):
        data["objective"] = {"weights": {"counter": weight}}
        assert result(data)[:2] == ("ok", score), weight


def test_storage_land_any_combination() -> None:
    """Calciform Pools with 3 storage counters taps for {C} to pay its own {1} (a mana ability
    made before the storage one), then removes X: {W}{U} is X = 2 (1 + 2 = 3), {W}{W}{U} X = 3
    (4), and {W}{W}{U}{U} is more than one activation gives (X at most 3): unpayable; with a
    Plains, {W}{W}{U}{U} is 1 + 1 + 3 = 5 (Plains {W}, the Pools' {C} for {1}, X = 3 for W U U)."""
    data = board({"pools1": {**POOLS, "_obj": {"counters": {"storage": 3}}}}, instant("{W}{U}"))
    assert result(data) == ("ok", 3, ["{W}{U}"])
    data["cards"]["spell"]["cost"] = "{W}{W}{U}"
    assert result(data) == ("ok", 4, ["{W}{W}{U}"])
    data["cards"]["spell"]["cost"] = "{U}{U}{U}"
    assert result(data) == ("ok", 4, ["{U}{U}{U}"])
    data["cards"]["spell"]["cost"] = "{W}{W}{U}{U}"
    assert result(data)[0] == "unpayable"
    data["cards"]["plains"] = PLAINS
    data["state"]["you"]["battlefield"].append({"id": "plains1", "card": "plains"})
    assert result(data) == ("ok", 5, ["{W}{W}{U}{U}"])


def test_storage_land_one_is_paid_by_other_mana() -> None:
    """A tapped Calciform Pools can't make its own {C}; its {1} must come from other mana: with
    a Wastes, {W}{U} is 1 + 2 = 3; without, unpayable; from the pool ({C}), 0 + 2 = 2; the
    storage mana never pays its own {1} (the {1} is paid as it is activated)."""
    pools = {**POOLS, "_obj": {"counters": {"storage": 4}, "tapped": True}}
    data = board({"pools1": pools, "wastes1": WASTES}, instant("{W}{U}"))
    assert result(data) == ("ok", 3, ["{W}{U}"])
    data = board({"pools1": pools}, instant("{W}{U}"))
    assert result(data)[0] == "unpayable"
    data = board({"pools1": pools}, instant("{U}"))
    assert result(data)[0] == "unpayable"        # X = 2 would pay {1} with its own mana: no
    data["state"]["you"]["mana_pool"] = "{C}"
    assert result(data) == ("ok", 1, ["{U}"])


def test_storage_land_x_from_one_to_the_counters() -> None:
    """Fireball-like {X}{U} with Calciform Pools (3 storage) alone, x: auto: {C} pays the {1},
    X = 3 removed gives 3 mana: X = 2, {2}{U}, score 1 + 3 = 4; x: 1 takes X = 2 (score 3); x: 3
    needs 4 mana from one activation of at most 3: unpayable; 1 counter: x: auto is 0 ({U}: the
    {C} for {1}, X = 1: score 2)."""
    data = board({"pools1": {**POOLS, "_obj": {"counters": {"storage": 3}}}}, instant("{X}{U}"), x="auto")
    got = solve(data)
    assert (got.status, got.x, got.score, sorted(got.totals)) == ("ok", 2, 4, [("{2}{U}", 0)])
    data["play"]["x"] = 1
    assert result(data) == ("ok", 3, ["{1}{U}"])
    data["play"]["x"] = 3
    assert result(data)[0] == "unpayable"
    data["play"]["x"] = "auto"
    data["state"]["you"]["battlefield"][0]["counters"] = {"storage": 1}
    got = solve(data)
    assert (got.status, got.x, got.score) == ("ok", 0, 2)


def test_remove_counters_in_an_activated_ability() -> None:
    """An artifact "{1}, Remove a charge counter: draw": with 1 charge counter and a Wastes, score
    1 + 1 = 2; with none, illegal (the state alone forbids it); with `count: 2` and 2 counters, 1 + 2 = 3."""
    battery = {"types": ["artifact"], "abilities": [
        {"id": "draw", "costs": ["{1}", {"remove_counters": {"kind": "charge", "count": 1}}]}]}
    data = board({"battery1": {**battery, "_obj": {"counters": {"charge": 1}}}, "wastes1": WASTES},
                 ability={"object": "battery1", "id": "draw"})
    assert result(data) == ("ok", 2, ["{1}"])
    data["state"]["you"]["battlefield"][0]["counters"] = {}
    assert result(data)[0] == "illegal"
    data["cards"]["battery"]["abilities"][0]["costs"][1]["remove_counters"]["count"] = 2
    data["state"]["you"]["battlefield"][0]["counters"] = {"charge": 2}
    assert result(data) == ("ok", 3, ["{1}"])


def test_one_permanent_spends_its_counters_once() -> None:
    """A Repository-like artifact with 2 charge counters and an ability "{G}{G}, Remove a charge
    counter": its mana ability may take only the 1 counter the ability leaves (601.2g first,
    but the ability's cost must still find its own), so a Forest pays the other {G}: 1 + 1 + 1 =
    3; without the Forest, unpayable."""
    engine = {**REPOSITORY, "abilities": [{"id": "grow", "costs": ["{G}{G}", {"remove_counters": {"kind": "charge", "count": 1}}]}]}
    data = board({"engine1": {**engine, "_obj": {"counters": {"charge": 2}}}, "forest1": FOREST},
                 ability={"object": "engine1", "id": "grow"})
    assert result(data) == ("ok", 3, ["{G}{G}"])
    del data["state"]["you"]["battlefield"][1]
    assert result(data)[0] == "unpayable"


def test_counters_outside_the_battlefield_are_refused() -> None:
    data = board({"forest1": FOREST}, instant("{G}"))
    data["state"]["you"]["hand"][0]["counters"] = {"charge": 1}
    with pytest.raises(BadScenario):
        solve(data)


# --- C2: loyalty abilities and Carth the Lion ----------------------------------------------------

def test_plus_and_minus_loyalty() -> None:
    """+1 with 0 loyalty: nothing to pay, score 0, total.loyalty +1; -2 with 2: two counters
    removed (score 2, -2); -3 with {1}: 1 + 3 = 4."""
    got = solve(walker("plus", 0))
    assert (got.status, got.score, got.loyalty, sorted(got.totals)) == ("ok", 0, 1, [("", 0)])
    got = solve(walker("minus", 2))
    assert (got.status, got.score, got.loyalty) == ("ok", 2, -2)
    got = solve(walker("ult", 3))
    assert (got.status, got.score, got.loyalty, sorted(got.totals)) == ("ok", 4, -3, [("{1}", 0)])


def test_minus_with_too_few_counters() -> None:
    """606.6: -2 with 1 loyalty (or none: `counters` absent) can't be activated: illegal, with
    the reason; -3 with 2 likewise, even with the mana."""
    got = solve(walker("minus", 1))
    assert got.status == "illegal" and "606.6" in " ".join(got.reasons)
    data = walker("minus", 0)
    del data["state"]["you"]["battlefield"][0]["counters"]
    assert solve(data).status == "illegal"
    assert solve(walker("ult", 2)).status == "illegal"


def test_carth_turns_minus_two_into_minus_one_and_plus_one_into_plus_two() -> None:
    """Carth the Lion: -2 costs -1 (1 loyalty is enough: score 1, total.loyalty -1); +1 costs
    +2 (score 0); -3 with {1} costs -2 (1 + 2 = 3)."""
    carth = {"carth1": CARTH}
    got = solve(walker("minus", 1, carth))
    assert (got.status, got.score, got.loyalty) == ("ok", 1, -1)
    got = solve(walker("plus", 0, carth))
    assert (got.status, got.score, got.loyalty) == ("ok", 0, 2)
    got = solve(walker("ult", 2, carth))
    assert (got.status, got.score, got.loyalty) == ("ok", 3, -2)


def test_two_carths() -> None:
    """Two Carths add +1 each: -2 costs 0 (score 0, nothing removed, 0 loyalty is enough), -3
    costs -1 (1 + 1 = 2), +1 costs +3."""
    carths = {"carth1": CARTH, "carth2": CARTH}
    got = solve(walker("minus", 0, carths))
    assert (got.status, got.score, got.loyalty) == ("ok", 0, 0)
    got = solve(walker("ult", 1, carths))
    assert (got.status, got.score, got.loyalty) == ("ok", 2, -1)
    assert solve(walker("plus", 0, carths)).loyalty == 3


def test_carth_changes_loyalty_abilities_only() -> None:
    """The Walker's `tap` ability ({1}, no loyalty) is no loyalty ability: Carth does nothing to
    it (score 1, no total.loyalty), and it is not held to sorcery timing; a grant `increase:
    {1}` for `ability: loyalty` taxes -2 ({1} more: 1 + 2 = 3) and not `tap` (1); one for
    `ability: activated` taxes both."""
    data = walker("tap", 0, {"carth1": CARTH})
    got = solve(data)
    assert (got.status, got.score, got.loyalty) == ("ok", 1, None)
    data["state"]["turn"] = "opponent"
    assert solve(data).status == "ok"
    tax = {"types": ["enchantment"], "grants": [{"increase": "{1}", "applies_to": {"ability": "loyalty"}}]}
    data = walker("minus", 2, {"tax1": tax})
    assert result(data) == ("ok", 3, ["{1}"])
    data["play"]["ability"]["id"] = "tap"
    data["cards"]["wastes2"] = WASTES
    data["state"]["you"]["battlefield"].append({"id": "wastes2", "card": "wastes2"})
    assert result(data) == ("ok", 1, ["{1}"])
    data["cards"]["tax"]["grants"][0]["applies_to"]["ability"] = "activated"
    assert result(data) == ("ok", 2, ["{2}"])
    data["play"]["ability"]["id"] = "minus"
    assert result(data) == ("ok", 3, ["{1}"])


def test_an_opponents_carth_or_a_non_planeswalker_filter() -> None:
    """The opponent's Carth helps its controller's planeswalkers, not yours: -2 with 1 loyalty
    stays illegal; a Carth-like grant for creatures only (`type: creature`) misses the Walker."""
    data = walker("minus", 1)
    data["cards"]["carth"] = CARTH
    data["state"]["opponent"]["battlefield"].append({"id": "carth1", "card": "carth"})
    assert solve(data).status == "illegal"
    narrow = {"types": ["creature"], "grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty", "type": "creature"}}]}
    assert solve(walker("minus", 1, {"narrow1": narrow})).status == "illegal"


def test_loyalty_activated_and_timing() -> None:
    """606.3: once per turn (`loyalty_activated: true`: illegal, with the reason), and only as a
    sorcery: on the opponent's turn, in combat or with a nonempty stack, illegal."""
    got = solve(walker("plus", 3, loyalty_activated=True))
    assert got.status == "illegal" and "606.3" in " ".join(got.reasons)
    for key, value in (("turn", "opponent"), ("phase", "combat"), ("stack", "nonempty")):
        data = walker("plus", 3)
        data["state"][key] = value
        assert solve(data).status == "illegal", key


def test_the_counter_weight_on_loyalty() -> None:
    """`counter: 5`: -2 costs 10; +1 still 0 (a counter put on is free)."""
    data = walker("minus", 4)
    data["objective"] = {"weights": {"counter": 5}}
    assert solve(data).score == 10
    data["play"]["ability"]["id"] = "plus"
    assert solve(data).score == 0


def test_a_mana_ability_removing_loyalty_goes_first() -> None:
    """A planeswalker whose mana ability removes a loyalty counter for {C}: its -2 ability with a
    {1} cost and 3 loyalty takes 1 for the mana (601.2g) and 2 for the cost: score 3; with 2
    loyalty the mana ability would leave 1: the Wastes pays instead (1 + 2 = 3); without the
    Wastes and 2 loyalty, unpayable."""
    walker_mana = {**WALKER, "mana": [{"adds": "{C}", "costs": [{"remove_counters": {"kind": "loyalty", "count": 1}}]}]}
    data = board({"walker1": {**walker_mana, "_obj": {"counters": {"loyalty": 3}}}},
                 ability={"object": "walker1", "id": "ult"})
    data["cards"]["walker"]["abilities"][2]["loyalty"] = -2
    assert result(data) == ("ok", 3, ["{1}"])
    data["state"]["you"]["battlefield"][0]["counters"] = {"loyalty": 2}
    assert result(data)[0] == "unpayable"
    data["cards"]["wastes"] = WASTES
    data["state"]["you"]["battlefield"].append({"id": "wastes1", "card": "wastes"})
    assert result(data) == ("ok", 3, ["{1}"])


def _checked(data: dict[str, Any], cast: str, total: str, sources: list[dict[str, Any]],
             score: int, left: str, loyalty: int | None = None) -> list[str]:
    """The reference's check of a payment whose sources are written by hand."""
    from payplan.benchmarks.mtg.reference.mana import parse_plain
    from payplan.benchmarks.mtg.reference.payment import check_payment

    plan = {"status": "ok", "cast": cast, "x": None, "paid": {},
            "total": {"mana": total, "life": 0, "other": [],
                      **({} if loyalty is None else {"loyalty": loyalty})},
            "payment": {"pool": "", "sources": sources, "convoke": [], "delve": [],
                        "improvise": [], "life": 0, "other": {}},
            "spent": {"mana": sum(parse_plain(total)), "convoke": 0, "improvise": 0, "delve": 0,
                      "life": 0, "life_for": 0}, "left_in_pool": left,
            "score": score, "objective": score}
    return check_payment(data, plan)


def test_the_check_reads_remove_counters_words_without_counters_removed() -> None:
    """A source's `counters_removed` stands for its `remove_counters KIND N` words; a payment
    written by hand may give the words alone (docs/mtg-format.md). {1}{G} with the Repository
    (2 charge counters) and its two activations, the second's entry without `counters_removed`:
    legal (two counters, one each: 122, 605.3a), score 2; a third activation finds no counter
    left (118.3): refused, with or without the key."""
    data = board({"repository1": {**REPOSITORY, "_obj": {"counters": {"charge": 2}}}}, instant("{1}{G}"))
    words = ["remove_counters charge 1"]
    given = {"id": "repository1", "adds": "{G}", "costs": words, "counters_removed": {"charge": 1}}
    bare = {"id": "repository1", "adds": "{B}", "costs": words}
    assert _checked(data, "normal", "{1}{G}", [given, bare], 2, "") == []
    assert _checked(data, "normal", "{1}{G}", [bare, {**bare, "adds": "{G}"}], 2, "") == []
    for third in (given, bare):
        problems = _checked(data, "normal", "{1}{G}", [given, bare, third], 3, "{B}")
        assert any("remove more counters than it has" in p for p in problems), problems


def test_a_plus_ability_lets_the_mana_ability_take_the_last_loyalty_counter() -> None:
    """Walker with 1 loyalty counter and a mana ability "remove a loyalty counter: add {C}",
    Carth on the battlefield: +1 costs +2 (606.4), put on in 601.2h, after the mana abilities of
    601.2g, so the mana ability may take the one counter there ({C} left in the pool, score 1,
    with or without `counters_removed`); a second activation finds none (refused). -2 with 3
    counters costs -1 under Carth: the mana ability has 2 to spare, not 3."""
    mana = {**WALKER, "mana": [{"adds": "{C}", "costs": [
        {"remove_counters": {"kind": "loyalty", "count": 1}}]}]}
    data = board({"walker1": {**mana, "_obj": {"counters": {"loyalty": 1}}}, "carth1": CARTH},
                 ability={"object": "walker1", "id": "plus"})
    bare = {"id": "walker1", "adds": "{C}", "costs": ["remove_counters loyalty 1"]}
    given = {**bare, "counters_removed": {"loyalty": 1}}
    for source in (bare, given):
        assert _checked(data, "ability", "{0}", [source], 1, "{C}", loyalty=2) == []
    problems = _checked(data, "ability", "{0}", [bare, given], 2, "{C}{C}", loyalty=2)
    assert any("remove more counters than it has" in p for p in problems), problems
    data["play"]["ability"]["id"] = "minus"
    data["state"]["you"]["battlefield"][0]["counters"] = {"loyalty": 3}
    assert _checked(data, "ability", "{0}", [bare, bare], 3, "{C}{C}", loyalty=-1) == []
    problems = _checked(data, "ability", "{0}", [bare, bare, bare], 4, "{C}{C}{C}", loyalty=-1)
    assert any("remove more counters than it has" in p for p in problems), problems


def test_a_loyalty_ability_needs_a_planeswalker() -> None:
    data = walker("plus", 0)
    data["cards"]["walker"]["types"] = ["creature"]
    with pytest.raises(BadScenario):
        solve(data)


# --- The generator tells wrong readings apart ------------------------------------------------------
#
# Each mutant is a deliberately wrong reading of C1 or C2, patched into the brute force; the
# generator (tests/mtg_reference/strategies.py, `_issue25_c`) must draw, within a bounded number of
# casts, one whose answer (status, score, totals, X, total.loyalty) the mutant gets wrong.

# The modules of the one-cast brute force: a wrong reading replaces a function in every one that
# calls it (the turn reference and the payment checker keep the rules' reading).
_SPLIT = tuple(importlib.import_module(f"payplan.benchmarks.mtg.reference.{name}") for name in (
    "activation", "board", "brute", "counted", "counters", "effects", "grants", "mana_abilities",
    "objects", "pricing", "reflect", "spells", "untap_mill"))


def _everywhere(mp: pytest.MonkeyPatch, name: str, value: Any) -> None:
    for module in _SPLIT:
        if hasattr(module, name):
            mp.setattr(module, name, value)


def _unbounded(mp: pytest.MonkeyPatch) -> None:
    """Counters don't bound a repeated mana ability (nor a tapping one): here up to one more
    activation than the counters allow (unbounded would be too many plans to exhaust)."""
    _everywhere(mp, "_counter_bounds", lambda act: [1] if act.once else [
        dict(act.have).get(kind, 0) // n + 1 for kind, n in act.counters])
    _everywhere(mp, "counters_fit", lambda acts: True)


def _one_color(mp: pytest.MonkeyPatch) -> None:
    """`per: removed` adds X mana of one option for all, not any combination."""
    real = ref_counters.counter_options
    _everywhere(mp, "counter_options", lambda card, ability: [
        o for o in real(card, ability) if not o[2] or len(set(o[0])) <= 1])


def _carth_everywhere(mp: pytest.MonkeyPatch) -> None:
    """Carth's `loyalty` (and `ability: loyalty`) reach abilities without a loyalty cost."""
    real = ref_counters.ability_counter_costs

    def costs(data: dict[str, Any], obj: Any, spell: dict[str, Any]) -> Any:
        if spell.get("_ability") and spell.get("_loyalty") is None:
            spell = {**spell, "_loyalty": 0}
        return real(data, obj, spell)
    _everywhere(mp, "ability_counter_costs", costs)
    word = ref_grants.ability_word_ok
    _everywhere(mp, "ability_word_ok", lambda words, spell: word(
        ["activated" if w == "loyalty" else w for w in ref_objects._as_list(words)] if words is not None else None, spell))


def _free_counters(mp: pytest.MonkeyPatch) -> None:
    """Removing a counter is charged nothing (the weight `counter` ignored)."""
    _everywhere(mp, "counters_charged", lambda b, acts: 0)


def _minus_without_counters(mp: pytest.MonkeyPatch) -> None:
    """A -N loyalty cost (or remove_counters of an activated ability) needs no counters."""
    real = ref_counters.ability_counter_costs
    _everywhere(mp, "ability_counter_costs", lambda data, obj, spell: replace(real(data, obj, spell), short=False))


def _twice_a_turn(mp: pytest.MonkeyPatch) -> None:
    """`loyalty_activated` ignored."""
    real = ref_counters._loyalty_illegal
    _everywhere(mp, "_loyalty_illegal", lambda data, obj, ab: real(data, replace(obj, loyalty_activated=False), ab))


def _carth_subtracts(mp: pytest.MonkeyPatch) -> None:
    """Carth read as "costs one more counter": -2 becomes -3, +1 becomes 0."""
    real = ref_counters._loyalty_value
    _everywhere(mp, "_loyalty_value", lambda a: (
        -real(a) if "applies_to" in a and real(a) is not None else real(a)))  # type: ignore[operator]


def _storage_pays_itself(mp: pytest.MonkeyPatch) -> None:
    """A storage land's {1} paid with the mana its own counters make."""
    mp.setattr(knobs, "DIAGNOSE_SELF_PAYING_FILTERS", True)


MUTANTS = {"counters_do_not_bound": _unbounded, "per_removed_one_color": _one_color,
           "carth_on_every_ability": _carth_everywhere, "counters_free": _free_counters,
           "minus_without_counters": _minus_without_counters, "loyalty_twice_a_turn": _twice_a_turn,
           "carth_subtracts": _carth_subtracts, "storage_pays_itself": _storage_pays_itself}
GROUP_C = {"object.counters", "cost_atom.remove_counters", "activated.loyalty", "grant.loyalty",
           "object.loyalty_activated", "per.removed"}
REACH = 1500


def _answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score, got.totals, got.x, got.loyalty


@pytest.mark.slow
@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_the_generator_tells_each_wrong_reading_apart(mutant: str) -> None:
    for _seed, data in casts(25_003, REACH):
        if not drawn(data) & GROUP_C:
            continue
        right = _answer(data)
        with pytest.MonkeyPatch.context() as mp:
            MUTANTS[mutant](mp)
            wrong = _answer(data)
        if wrong != right:
            return
    pytest.fail(f"{REACH} casts from seed 25003 never tell {mutant} apart")


def test_the_generator_draws_group_c_often() -> None:
    """Every key of group C within 400 casts; counters and loyalty plays each in at least 1 in 20."""
    counts: dict[str, int] = {}
    for _, data in casts(7, 400):
        for key in drawn(data):
            counts[key] = counts.get(key, 0) + 1
    for key in ("object.counters", "object.loyalty_activated", "counter_kind.loyalty",
                "cost_atom.remove_counters", "remove_counters.count_x", "per.removed", "weight.counter",
                "activated.loyalty", "grant.loyalty", "ability_kind.loyalty"):
        assert counts.get(key, 0) >= 1, key
    assert counts["object.counters"] >= 20 and counts["activated.loyalty"] >= 20
