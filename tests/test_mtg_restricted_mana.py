"""Restricted mana (106.6: "spend this mana only on ..."), mtg/1: restricted mana already in the
pool (`state.you.restricted_pool`), restrictions that read the cost's shape (`x_cost`,
`only_for`'s `ability: any`), and restricted mana a play leaves carried with its restriction to
the plays after it (`payplan play` with `plays`, `payplan turn`)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from helpers import answer_json

from payplan.benchmarks.mtg.reference.turn import solve_turn
from payplan.engine.mtg.cards import Filter, RestrictedMana
from payplan.engine.mtg.loader import scenario_from_data
from payplan.engine.mtg.mana import parse_plain
from payplan.engine.mtg.payment import Payment
from payplan.engine.mtg.restricted import merge, pool_after
from payplan.engine.problems import ScenarioError
from payplan.planner.commands import answer

Data = dict[str, Any]

# A Forest and an Island; in hand an Eldrazi creature ({2}{C}), Divination ({2}{U}) and Grizzly
# Bears ({1}{G}).
BASE: Data = yaml.safe_load("""
format: mtg/1
cards:
  reshaper: {types: [creature], tags: [eldrazi], cost: "{2}{C}"}
  divination: {types: [sorcery], cost: "{2}{U}"}
  bears: {types: [creature], cost: "{1}{G}"}
  forest: {types: [land], mana: [{adds: "{G}"}]}
  island: {types: [land], mana: [{adds: "{U}"}]}
state:
  you:
    battlefield: [{id: f1, card: forest}, {id: i1, card: island}]
    hand: [{id: h1, card: reshaper}, {id: h2, card: divination}, {id: h3, card: bears}]
play: {object: h1}
""")


def with_(base: Data, **parts: Any) -> Data:
    out = copy.deepcopy(base)
    for path, value in parts.items():
        holder = out
        keys = path.split("__")
        for key in keys[:-1]:
            holder = holder.setdefault(key, {})
        holder[keys[-1]] = value
    return out


def plan(data: Data) -> Data:
    got = answer("plan", data).to_json()
    assert isinstance(got, dict)
    return got


def refused(data: Data, command: str = "plan") -> list[str]:
    with pytest.raises(ScenarioError) as err:
        answer(command, data)
    return str(err.value).splitlines()


ELDRAZI = {"mana": "{C}{C}", "only_for": {"tags": ["eldrazi"]}}


def test_restricted_pool_pays_the_play_it_admits() -> None:
    """{C}{C} for Eldrazi and {G} floating pay the Eldrazi's {2}{C}: no land tapped."""
    got = plan(with_(BASE, state__you__mana_pool="{G}", state__you__restricted_pool=[ELDRAZI]))
    assert (got["status"], got["score"], got["payment"]["sources"]) == ("ok", 0, [])
    assert parse_plain(got["payment"]["pool"]) == parse_plain("{G}{C}{C}")


def test_restricted_pool_pays_nothing_else() -> None:
    """Divination may not spend the Eldrazi's {C}{C}: the lands and {G} pay it; the {C}{C} stays
    in the pool (`left_in_pool`)."""
    got = plan(with_(BASE, state__you__mana_pool="{G}", state__you__restricted_pool=[ELDRAZI],
                     play={"object": "h2"}))
    assert (got["status"], got["score"], got["left_in_pool"]) == ("ok", 2, "{C}{C}")
    assert got["payment"]["pool"] == "{G}"
    bare = plan(with_(BASE, state__you__restricted_pool=[ELDRAZI], play={"object": "h2"}))
    assert bare["status"] == "unpayable"


def test_restricted_pool_entry_for_abilities_only() -> None:
    """`ability: activated` mana pays an activated ability, never a spell; `ability: any` both."""
    ability = with_(BASE, cards__bears__abilities=[{"id": "pump", "costs": ["{2}"]}],
                    state__you__battlefield=[{"id": "b1", "card": "bears"}],
                    play={"ability": {"object": "b1", "id": "pump"}})
    for kind, ok in (("activated", True), ("any", True), (None, False)):
        only = {"ability": kind} if kind else {}
        got = plan(with_(ability, state__you__restricted_pool=[{"mana": "{C}{C}", "only_for": only}]))
        assert (got["status"] == "ok") == ok, (kind, got["status"])
    spell = with_(BASE, state__you__restricted_pool=[{"mana": "{C}{C}{C}",
                                                      "only_for": {"ability": "activated"}}])
    assert plan(spell)["status"] == "unpayable"
    spell["state"]["you"]["restricted_pool"][0]["only_for"] = {"ability": "any"}
    assert plan(spell)["status"] == "ok"


def test_x_cost_reads_the_mana_cost() -> None:
    """Rosheen-like {C}{C}{C}{C} for costs with {X}: a Fireball with X pays, Divination does not;
    Titans' Nest-like `x_cost: false` the other way round."""
    fire = with_(BASE, cards__fireball={"types": ["sorcery"], "cost": "{X}{U}"},
                 state__you__hand=[{"id": "h4", "card": "fireball"}],
                 play={"object": "h4", "x": 3})
    for x_cost, ok in ((True, True), (False, False)):
        pool = [{"mana": "{C}{C}{C}", "only_for": {"x_cost": x_cost}}]
        assert (plan(with_(fire, state__you__restricted_pool=pool))["status"] == "ok") == ok
    div = with_(BASE, play={"object": "h2"}, state__you__battlefield=[{"id": "i1", "card": "island"}])
    for x_cost, ok in ((True, False), (False, True)):
        pool = [{"mana": "{C}{C}", "only_for": {"x_cost": x_cost}}]
        assert (plan(with_(div, state__you__restricted_pool=pool))["status"] == "ok") == ok


@pytest.mark.parametrize("entry, path", [
    ({"mana": "{C}"}, "state.you.restricted_pool[0].only_for"),
    ({"only_for": {}}, "state.you.restricted_pool[0].mana"),
    ({"mana": "", "only_for": {}}, "state.you.restricted_pool[0].mana"),
    ({"mana": "{Q}", "only_for": {}}, "state.you.restricted_pool[0].mana"),
    ({"mana": "{C}", "only_for": {"chosen_type": True}}, "state.you.restricted_pool[0].only_for.chosen_type"),
    ({"mana": "{C}", "only_for": {}, "why": 1}, "state.you.restricted_pool[0].why"),
])
def test_bad_entries_are_refused_at_their_path(entry: Data, path: str) -> None:
    lines = refused(with_(BASE, state__you__restricted_pool=[entry]))
    assert any(line.startswith(path) for line in lines), lines


def test_x_cost_and_ability_any_are_refused_where_they_cannot_be_read() -> None:
    objects = with_(BASE, cards__divination__reductions=[{"generic": {"count": {"x_cost": True}}}])
    assert any("x_cost" in line for line in refused(objects))
    grant = with_(BASE, cards__forest__grants=[{"increase": "{1}", "applies_to": {"ability": "any"}}])
    assert any("ability" in line for line in refused(grant))


def test_restricted_pool_beside_a_filter_land_is_refused() -> None:
    """A filter land's cost is paid from the pool, which restricted mana never pays: not built."""
    data = with_(BASE, state__you__restricted_pool=[ELDRAZI], cards__filter={
        "types": ["land"], "mana": [{"adds": "{G}{G}", "costs": ["{1}", "tap"]}]})
    assert plan(data)["status"] == "ok"  # a card of the library only: none of yours
    data["state"]["you"]["battlefield"].append({"id": "x1", "card": "filter"})
    lines = refused(data)
    assert lines[0].startswith("state.you.restricted_pool"), lines


WORKSHOP: Data = yaml.safe_load("""
format: mtg/1
cards:
  workshop: {types: [land], mana: [{adds: "{C}{C}{C}", only_for: {type: artifact}}]}
  mountain: {types: [land], mana: [{adds: "{R}"}]}
  millstone: {types: [artifact], cost: "{2}"}
  spellbomb: {types: [artifact], cost: "{1}"}
  strike: {types: [instant], cost: "{1}{R}"}
state:
  you:
    battlefield: [{id: w1, card: workshop}, {id: m1, card: mountain}]
    hand: [{id: h1, card: millstone}, {id: h2, card: spellbomb}, {id: h3, card: strike}]
""")


def test_plays_carry_restricted_mana_with_its_restriction() -> None:
    """Millstone from the Workshop leaves {C} for artifacts: Lightning Strike can't spend it
    (the play stops there), Aether Spellbomb can."""
    strike = answer("play", with_(WORKSHOP, plays=[{"object": "h1"}, {"object": "h3"}])).to_json()
    assert isinstance(strike, dict)
    assert [p["status"] for p in strike["plays"]] == ["ok", "unpayable"], strike
    bomb = answer("play", with_(WORKSHOP, plays=[{"object": "h1"}, {"object": "h2"}])).to_json()
    assert isinstance(bomb, dict)
    assert [p["status"] for p in bomb["plays"]] == ["ok", "ok"]
    assert bomb["plays"][1]["payment"]["sources"] == []  # the floating {C} paid it
    one = answer("play", with_(WORKSHOP, play={"object": "h1"})).to_json()
    assert isinstance(one, dict)
    you = one["state"]["you"]
    assert you["mana_pool"] == "" and you["restricted_pool"] == [
        {"mana": "{C}", "only_for": {"type": ["artifact"]}}]


def test_the_turn_keeps_the_restriction() -> None:
    """The turn casts Millstone and Aether Spellbomb (value 3), never Lightning Strike with the
    Workshop's third {C} (value 5 if it floated as plain mana)."""
    data = with_(WORKSHOP, turn={"candidates": "auto", "values": {"h1": 2, "h2": 1, "h3": 3}})
    got = answer("turn", data).to_json()
    assert isinstance(got, dict)
    assert (got["value"], got["order"]) == (3, ["h1", "h2"])
    assert got["after"][0]["restricted_pool"] == [{"mana": "{C}", "only_for": {"type": ["artifact"]}}]
    assert "restricted_pool" not in got["after"][1]


def test_restricted_mana_beside_a_filter_land_is_refused_in_a_turn() -> None:
    data = with_(WORKSHOP, turn={"candidates": "auto"}, cards__filter={
        "types": ["land"], "mana": [{"adds": "{R}{R}", "costs": ["{1}", "tap"]}]})
    assert answer("turn", data).to_json()["value"] == 2  # a card of the library only
    data["state"]["you"]["hand"].append({"id": "x1", "card": "filter"})
    lines = refused(data, "turn")
    assert lines[0].startswith("cards.workshop.mana[0].only_for"), lines


def test_pool_after_spends_restricted_mana_first() -> None:
    """Plain {R} and {R} for creatures in the pool; a creature spending one {R} spends the
    restricted one, so the plain {R} is left for anything."""
    data = with_(BASE, cards__goblin={"types": ["creature"], "cost": "{R}"},
                 state__you__hand=[{"id": "h9", "card": "goblin"}], play={"object": "h9"},
                 state__you__mana_pool="{R}",
                 state__you__restricted_pool=[{"mana": "{R}", "only_for": {"type": ["creature"]}},
                                              {"mana": "{G}", "only_for": {"type": ["land"]}}])
    scenario = scenario_from_data(data)
    card = scenario.cards["goblin"]
    spent = Payment(pool=parse_plain("{R}"))
    plain, entries = pool_after(scenario, spent, card, parse_plain("{R}"))
    assert plain == parse_plain("{R}")
    assert entries == (RestrictedMana(parse_plain("{G}"), Filter(type=("land",))),)


def test_merge_joins_one_restriction() -> None:
    f = Filter(type=("artifact",))
    assert merge([RestrictedMana(parse_plain("{C}"), f), RestrictedMana(parse_plain(""), Filter()),
                  RestrictedMana(parse_plain("{C}"), f)]) == (RestrictedMana(parse_plain("{C}{C}"), f),)


def test_hand_reads_each_cards_own_restricted_pool() -> None:
    """`payplan hand` (whose spells share the permanents they see alike) prices each card as
    `plan` does: Divination may not spend the Eldrazi's {C}{C} though the Eldrazi shares its
    permanents."""
    data = with_(BASE, state__you__mana_pool="{G}", state__you__restricted_pool=[ELDRAZI])
    hand = answer("hand", data).to_json()
    assert isinstance(hand, dict)
    scores = {p["play"]["object"]: p["score"] for p in hand["plays"]}
    for ident in ("h1", "h2", "h3"):
        assert scores[ident] == plan(with_(data, play={"object": ident}))["score"], ident
    assert (scores["h1"], scores["h2"]) == (0, 2)


def test_check_takes_only_the_pool_mana_the_play_may_spend() -> None:
    data = with_(BASE, state__you__mana_pool="{G}", state__you__restricted_pool=[ELDRAZI])
    eldrazi = answer("check", {**data, "payment": {"pool": "{G}{C}{C}"}}).to_json()
    assert isinstance(eldrazi, dict) and eldrazi["legal"] is True
    lands = [{"id": "f1", "adds": "{G}", "costs": ["tap"]}, {"id": "i1", "adds": "{U}", "costs": ["tap"]}]
    sorcery = with_(data, play={"object": "h2"})
    taken = answer("check", {**sorcery, "payment": {"pool": "{G}{C}", "sources": lands}}).to_json()
    assert isinstance(taken, dict) and taken["legal"] is False
    assert any(r.startswith("payment.pool") for r in taken["problems"]), taken["problems"]
    fair = answer("check", {**sorcery, "payment": {"pool": "{G}", "sources": lands}}).to_json()
    assert isinstance(fair, dict) and fair["legal"] is True


# Known and not yet fixed (the mtg/1 turn campaign's seed 13000591, made small): paying the
# untapper's {1} with the rock, tap the Cavern too (605.3a) for its creature-only {G}{G}, which
# floats (106.6); the untapper untaps the Cavern; the Knight's {4}{W} is then the pool's {G}{G},
# the Cavern's {G}{G} again and the dual's {W}. Both plays, four taps: value 2, objective 4.
# The turn makes restricted mana only in a payment it may pay, so it plays the untapper alone.
CAVERN_TWICE: dict[str, Any] = {
    "format": "mtg/1",
    "cards": {
        "cavern": {"types": ["land"], "mana": [{"adds": "{G}{G}", "only_for": {"type": "creature"}}]},
        "dual": {"types": ["land"], "mana": [{"adds": "{G}|{W}"}]},
        "rock": {"types": ["artifact"], "mana": [{"adds": "{C}"}]},
        "untapper": {"types": ["instant"], "cost": "{1}",
                     "effect": {"untap": {"count": 1, "filter": {"type": ["land"]}}}},
        "knight": {"types": ["creature"], "cost": "{4}{W}"}},
    "state": {"you": {"battlefield": [{"id": "c1", "card": "cavern"}, {"id": "d1", "card": "dual"},
                                      {"id": "r1", "card": "rock"}],
                      "hand": [{"id": "h1", "card": "untapper"}, {"id": "h2", "card": "knight"}]}},
    "turn": {}}


def test_the_turn_reference_taps_the_cavern_twice() -> None:
    out = solve_turn(copy.deepcopy(CAVERN_TWICE))
    assert (out.value, out.objective, tuple(out.order)) == (2, 4, ("h1", "h2"))


@pytest.mark.xfail(strict=True, reason="restricted mana is made only in a payment it may pay "
                                       "(README: known and not yet fixed)")
def test_the_turn_taps_the_cavern_for_a_later_creature_before_untapping_it() -> None:
    out = answer_json("turn", copy.deepcopy(CAVERN_TWICE))
    assert (out["value"], out["objective"]) == (2, 4)
