"""The mtg/1 brute force (benchmarks/mtg/reference) and its payment checker on mana effects, each
case worked by hand from docs/mtg-format.md and the rules (106.12, 605.1b, 605.4a, 614.1a,
616.1), without payplan's engine: Damping Sphere's replacement of a source's mana, Crypt Ghast's
and Market Festival's triggered mana, `attached_to` and the filter key `attached`. Scores use
the default weights: a land tapped 1, a creature tapped 2, an artifact tapped 1, a point of
life 1."""

from __future__ import annotations

import json
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.knobs import GROUP_G1_MUTANTS, misreading
from payplan.benchmarks.mtg.reference.mana import parse_plain
from payplan.benchmarks.mtg.reference.objects import BadScenario
from payplan.benchmarks.mtg.reference.payment import check_payment

FOREST = {"types": ["land"], "tags": ["basic", "forest"], "mana": [{"adds": "{G}"}]}
PLAINS = {"types": ["land"], "tags": ["basic", "plains"], "mana": [{"adds": "{W}"}]}
ISLAND = {"types": ["land"], "tags": ["basic", "island"], "mana": [{"adds": "{U}"}]}
SWAMP = {"types": ["land"], "tags": ["basic", "swamp"], "mana": [{"adds": "{B}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
BEAR = {"types": ["creature"], "colors": ["green"]}
# Ancient Tomb's 2 damage written as its mana ability's life cost (as examples/mtg/03 does).
TOMB = {"name": "Ancient Tomb", "types": ["land"],
        "mana": [{"adds": "{C}{C}", "costs": ["tap", {"pay_life": 2}]}]}
SOL_RING = {"name": "Sol Ring", "types": ["artifact"], "mana": [{"adds": "{C}{C}"}]}
CRADLE = {"name": "Gaea's Cradle", "types": ["land"],
          "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}
MYSTIC_GATE = {"name": "Mystic Gate", "types": ["land"],
               "mana": [{"adds": "{C}"}, {"adds": "{W}{W}|{W}{U}|{U}{U}", "costs": ["tap", "{W/U}"]}]}
SPHERE = {"name": "Damping Sphere", "types": ["artifact"], "mana_effects": [
    {"replace": {"sources": {"type": "land", "controller": "any"}, "at_least": 2, "adds": "{C}"}}]}
GHAST = {"name": "Crypt Ghast", "types": ["creature"], "colors": ["black"], "mana_effects": [
    {"trigger": {"sources": {"type": "land", "tags": ["swamp"]}, "adds": "{B}"}}]}
PAIRS = "|".join(f"{{{a}}}{{{b}}}" for i, a in enumerate("WUBRG") for b in "WUBRG"[i:])
FESTIVAL = {"name": "Market Festival", "types": ["enchantment"], "tags": ["aura"], "mana_effects": [
    {"trigger": {"sources": {"attached": True, "controller": "any"}, "adds": PAIRS}}]}


def scenario(cost: str, board: list[tuple[str, dict[str, Any]]],
             theirs: list[tuple[str, dict[str, Any]]] | None = None,
             spell: dict[str, Any] | None = None, **objects: dict[str, Any]) -> dict[str, Any]:
    """An instant costing `cost` in hand (h1); `board` your battlefield (ids p0, p1, ...),
    `theirs` the opponent's (o0, o1, ...); `objects` more keys of an object by id."""
    cards: dict[str, Any] = {"spell": spell or {"types": ["instant"], "cost": cost}}

    def field(entries: list[tuple[str, dict[str, Any]]], prefix: str) -> list[dict[str, Any]]:
        out = []
        for i, (name, card) in enumerate(entries):
            cards[name] = card
            oid = f"{prefix}{i}"
            out.append({"id": oid, "card": name, **objects.get(oid, {})})
        return out

    state: dict[str, Any] = {"you": {"life": 20, "library": 40, "battlefield": field(board, "p"),
                                      "hand": [{"id": "h1", "card": "spell"}]}}
    if theirs:
        state["opponent"] = {"battlefield": field(theirs, "o")}
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1"}}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return (got.status, got.score) if got.status != "ok" else (got.status, got.score, got.totals)


def test_pairs_are_the_fifteen_two_color_combinations() -> None:
    assert len(PAIRS.split("|")) == 15


# --- 1. Replacement (Damping Sphere) -----------------------------------------------------------

def test_damping_sphere_makes_ancient_tomb_add_one_colorless() -> None:
    """{2} with Ancient Tomb and a Forest. No Sphere: the Tomb's {C}{C} pays it (1 for the land,
    2 life): score 3. Damping Sphere: the Tomb's {C}{C} is 2 mana, at least 2, so it makes {C}
    (still 2 life); the Forest's {G} is 1 mana, unchanged: both pay {2}, score 1 + 2 + 1 = 4.
    Without the Forest: unpayable."""
    board = [("tomb", TOMB), ("forest", FOREST)]
    assert answer(scenario("{2}", board)) == ("ok", 3, {("{2}", 0)})
    assert answer(scenario("{2}", board + [("sphere", SPHERE)])) == ("ok", 4, {("{2}", 0)})
    assert answer(scenario("{2}", [("tomb", TOMB), ("sphere", SPHERE)]))[0] == "unpayable"


def test_the_filter_reads_lands_only() -> None:
    """Sphere's sources are lands: Sol Ring (an artifact) still adds {C}{C}: {2} for 1."""
    assert answer(scenario("{2}", [("ring", SOL_RING), ("sphere", SPHERE)])) == ("ok", 1, {("{2}", 0)})


def test_an_opponents_damping_sphere() -> None:
    """The opponent's Sphere with `controller: any` reaches your Tomb ({2} with the Tomb and a
    Forest: 4, as with yours). Its filter with the default `controller: you` reads the
    opponent's lands (relative to the Sphere's controller): your Tomb is free of it (score 3)."""
    board = [("tomb", TOMB), ("forest", FOREST)]
    assert answer(scenario("{2}", board, [("sphere", SPHERE)])) == ("ok", 4, {("{2}", 0)})
    own_lands = {**SPHERE, "mana_effects": [{"replace": {"sources": {"type": "land"}, "adds": "{C}"}}]}
    assert answer(scenario("{2}", board, [("sphere", own_lands)])) == ("ok", 3, {("{2}", 0)})
    # The same Sphere on your side (controller you = you): yours are reached.
    assert answer(scenario("{2}", board + [("sphere", own_lands)])) == ("ok", 4, {("{2}", 0)})


def test_gaeas_cradle_is_counted_after_per() -> None:
    """{G}{G}, Gaea's Cradle, two Forests. Three Bears: the Cradle would add {G}{G}{G} (3 >= 2),
    Sphere makes it {C}: the two Forests pay (score 2; without Sphere the Cradle alone, 1). One
    Bear: the Cradle adds {G} (1 < 2, unchanged): the Cradle and a Forest (score 2)."""
    lands = [("cradle", CRADLE), ("forest", FOREST), ("forest2", FOREST)]
    three = [("bear", BEAR), ("bear2", BEAR), ("bear3", BEAR)]
    assert answer(scenario("{G}{G}", lands + three)) == ("ok", 1, {("{G}{G}", 0)})
    assert answer(scenario("{G}{G}", lands + three + [("sphere", SPHERE)])) == ("ok", 2, {("{G}{G}", 0)})
    data = scenario("{G}{G}", lands[:2] + [("bear", BEAR), ("sphere", SPHERE)])
    assert answer(data) == ("ok", 2, {("{G}{G}", 0)})


def test_mystic_gates_filter_is_replaced() -> None:
    """{W}{W}, Mystic Gate and a Plains. No Sphere: the Plains' {W} pays the Gate's {W/U}, the
    Gate adds {W}{W} (score 2). Sphere: the Gate's filter would add 2 mana, so it adds {C}: no
    way to two {W}, unpayable. With a second Plains the Plains pay (score 2)."""
    board = [("gate", MYSTIC_GATE), ("plains", PLAINS)]
    assert answer(scenario("{W}{W}", board)) == ("ok", 2, {("{W}{W}", 0)})
    assert answer(scenario("{W}{W}", board + [("sphere", SPHERE)]))[0] == "unpayable"
    data = scenario("{W}{W}", board + [("plains2", PLAINS), ("sphere", SPHERE)])
    assert answer(data) == ("ok", 2, {("{W}{W}", 0)})


def test_replaced_mana_keeps_its_restriction() -> None:
    """A land adding {C}{C} spendable only on creature spells, under Sphere: {C}, still only for
    creatures. A {1} instant: it can't pay, unpayable; a {1} creature spell: score 1."""
    temple = {"types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"type": "creature"}}]}
    board = [("temple", temple), ("sphere", SPHERE)]
    assert answer(scenario("{1}", board))[0] == "unpayable"
    creature = {"types": ["creature"], "cost": "{1}"}
    assert answer(scenario("", board, spell=creature)) == ("ok", 1, {("{1}", 0)})


def test_only_a_tap_ability_is_replaced() -> None:
    """An altar-like artifact ("sacrifice a creature: add {C}{C}", no {T}) is not tapped for
    mana: Sphere leaves it: {2} with a Bear to sacrifice, score 5. Sol Ring made a land
    ({T}: {C}{C}) is replaced: {2} unpayable with it alone."""
    altar = {"types": ["artifact"], "mana": [
        {"adds": "{C}{C}", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]}
    sphere = {**SPHERE, "mana_effects": [{"replace": {"sources": {"type": ["land", "artifact"]}, "adds": "{C}"}}]}
    assert answer(scenario("{2}", [("altar", altar), ("bear", BEAR), ("sphere", sphere)])) == ("ok", 5, {("{2}", 0)})
    land_ring = {"types": ["land"], "mana": [{"adds": "{C}{C}"}]}
    assert answer(scenario("{2}", [("ring", land_ring), ("sphere", sphere)]))[0] == "unpayable"


def test_several_replacements_in_the_best_order() -> None:
    """Sphere (2 or more: {C}) and a made-up "Flux" (lands: 1 or more mana makes {R}{R}).
    The Tomb's {C}{C}: Sphere first ({C}), then Flux ({C} is 1 mana: {R}{R}), Sphere used; or
    Flux first ({R}{R}), then Sphere ({C}). The player picks: {R}{R} pays {R}{R} (1 + 2 life =
    3). A Forest's {G}: only Flux can apply first ({R}{R}), then Sphere must ({C}): {R}{R} with
    Forests alone is unpayable, {C} with one Forest is 1."""
    flux = {"types": ["enchantment"], "mana_effects": [
        {"replace": {"sources": {"type": "land"}, "at_least": 1, "adds": "{R}{R}"}}]}
    effects = [("sphere", SPHERE), ("flux", flux)]
    assert answer(scenario("{R}{R}", [("tomb", TOMB)] + effects)) == ("ok", 3, {("{R}{R}", 0)})
    assert answer(scenario("{C}", [("tomb", TOMB)] + effects)) == ("ok", 3, {("{C}", 0)})
    forests = [("forest", FOREST), ("forest2", FOREST)]
    assert answer(scenario("{R}{R}", forests + effects))[0] == "unpayable"
    assert answer(scenario("{C}", forests + effects)) == ("ok", 1, {("{C}", 0)})


def test_bad_replacements_are_refused() -> None:
    """`adds` with `|`, `at_least` 0, `chosen_type` in sources, a non-permanent card: bad."""
    for body in ({"sources": {"type": "land"}, "adds": "{C}|{G}"},
                 {"sources": {"type": "land"}, "at_least": 0, "adds": "{C}"},
                 {"sources": {"type": "land", "chosen_type": True}, "adds": "{C}"}):
        bad = {**SPHERE, "mana_effects": [{"replace": body}]}
        with pytest.raises(BadScenario):
            solve(scenario("{1}", [("forest", FOREST), ("sphere", bad)]))
    spell = {"types": ["instant"], "cost": "{G}", "mana_effects": SPHERE["mana_effects"]}
    with pytest.raises(BadScenario):
        solve(scenario("", [("forest", FOREST)], spell=spell))


# --- 2. Triggered mana (Crypt Ghast, Market Festival) ------------------------------------------

def test_crypt_ghast_doubles_swamps() -> None:
    """{B}{B}{B}{B}, two Swamps and Crypt Ghast: each Swamp adds {B} and the Ghast {B}: 4 mana,
    score 2. Without the Ghast: unpayable. {B}{B}{B}: still both Swamps (one makes 2), score 2,
    the fourth {B} left in the pool. A basic Swamp without the tag `swamp` is not a Swamp here."""
    swamps = [("swamp", SWAMP), ("swamp2", SWAMP)]
    assert answer(scenario("{B}{B}{B}{B}", swamps + [("ghast", GHAST)])) == ("ok", 2, {("{B}{B}{B}{B}", 0)})
    assert answer(scenario("{B}{B}{B}{B}", swamps))[0] == "unpayable"
    assert answer(scenario("{B}{B}{B}", swamps + [("ghast", GHAST)])) == ("ok", 2, {("{B}{B}{B}", 0)})
    untagged = {"types": ["land"], "mana": [{"adds": "{B}"}]}
    assert answer(scenario("{B}{B}", [("swamp", untagged), ("ghast", GHAST)]))[0] == "unpayable"


def test_ghast_mana_pays_a_filter_and_is_not_restricted() -> None:
    """A Swamp whose {B}{B} is only for creature spells ({T}: {B}{B}, only creatures) under the
    Ghast: the Ghast's {B} is not restricted: a {B} instant is paid by tapping it (score 1)."""
    swamp = {"types": ["land"], "tags": ["swamp"], "mana": [{"adds": "{B}{B}", "only_for": {"type": "creature"}}]}
    assert answer(scenario("{B}", [("swamp", swamp), ("ghast", GHAST)])) == ("ok", 1, {("{B}", 0)})
    assert answer(scenario("{B}", [("swamp", swamp)]))[0] == "unpayable"


def test_market_festival_on_a_land() -> None:
    """{W}{U}{G}, a Forest enchanted by Market Festival: the Forest's {G} and two mana of any
    colors ({W}{U}): score 1. The Festival attached to nothing, or to another permanent: the
    Forest alone can't. The opponent's Festival (controller: any) on your Forest: the same 1.
    The opponent's Festival on the opponent's land: nothing for you."""
    data = scenario("{W}{U}{G}", [("forest", FOREST), ("festival", FESTIVAL)], p1={"attached_to": "p0"})
    assert answer(data) == ("ok", 1, {("{W}{U}{G}", 0)})
    data = scenario("{W}{U}{G}", [("forest", FOREST), ("festival", FESTIVAL)])
    assert answer(data)[0] == "unpayable"
    data = scenario("{W}{U}{G}", [("forest", FOREST), ("bear", BEAR), ("festival", FESTIVAL)],
                    p2={"attached_to": "p1"})
    assert answer(data)[0] == "unpayable"
    data = scenario("{W}{U}{G}", [("forest", FOREST)], [("festival", FESTIVAL)], o0={"attached_to": "p0"})
    assert answer(data) == ("ok", 1, {("{W}{U}{G}", 0)})
    data = scenario("{W}{U}{G}", [("forest", FOREST)], [("festival", FESTIVAL), ("island", ISLAND)],
                    o0={"attached_to": "o1"})
    assert answer(data)[0] == "unpayable"


def test_the_trigger_does_not_fire_on_a_land_adding_nothing() -> None:
    """Gaea's Cradle with no creature makes no mana, and a "tapped for mana" trigger fires only
    when the ability produces mana (106.12a): the Festival on it adds nothing, {G}{G} is
    unpayable."""
    data = scenario("{G}{G}", [("cradle", CRADLE), ("festival", FESTIVAL)], p1={"attached_to": "p0"})
    assert answer(data)[0] == "unpayable"


def test_the_trigger_is_not_convoke() -> None:
    """A Forest creature (a land creature, not sick) under the Festival, a {G}{G}{G} spell with
    convoke: tapped for mana it adds {G} and the Festival {G}{G} (score 1, the land's weight);
    convoked it pays one {G} and nothing triggers."""
    dryad = {"types": ["land", "creature"], "colors": ["green"], "mana": [{"adds": "{G}"}]}
    spell = {"types": ["instant"], "cost": "{G}{G}{G}", "convoke": True}
    data = scenario("", [("dryad", dryad), ("festival", FESTIVAL)], spell=spell, p1={"attached_to": "p0"})
    assert answer(data) == ("ok", 1, {("{G}{G}{G}", 0)})


def test_bad_attachments_are_refused() -> None:
    """attached_to naming no permanent, or itself; `attached: false`; `attached` outside a
    mana effect."""
    with pytest.raises(BadScenario):
        solve(scenario("{G}", [("forest", FOREST), ("festival", FESTIVAL)], p1={"attached_to": "nope"}))
    with pytest.raises(BadScenario):
        solve(scenario("{G}", [("forest", FOREST), ("festival", FESTIVAL)], p1={"attached_to": "p1"}))
    unattached = {**FESTIVAL, "mana_effects": [{"trigger": {"sources": {"attached": False}, "adds": "{G}"}}]}
    with pytest.raises(BadScenario):
        solve(scenario("{G}", [("forest", FOREST), ("festival", unattached)]))
    spell = {"types": ["instant"], "cost": "{G}", "spend_only": {"attached": True}}
    with pytest.raises(BadScenario):
        solve(scenario("", [("forest", FOREST)], spell=spell))


# --- Both together -----------------------------------------------------------------------------

def test_sphere_and_ghast() -> None:
    """Sphere and the Ghast, {B}{B} with one Swamp: the Swamp's {B} is 1 mana (no replacement),
    the Ghast adds {B}, never counted toward at_least nor replaced: score 1."""
    board = [("swamp", SWAMP), ("sphere", SPHERE), ("ghast", GHAST)]
    assert answer(scenario("{B}{B}", board)) == ("ok", 1, {("{B}{B}", 0)})


def test_festival_on_a_replaced_tomb() -> None:
    """Market Festival on Ancient Tomb under Sphere, {C}{W}{W}: the Tomb's {C}{C} is replaced by
    {C}, the Festival still adds {W}{W} (not replaced, never counted): 1 + 2 life = 3."""
    data = scenario("{C}{W}{W}", [("tomb", TOMB), ("sphere", SPHERE), ("festival", FESTIVAL)],
                    p2={"attached_to": "p0"})
    assert answer(data) == ("ok", 3, {("{W}{W}{C}", 0)})


# --- The checker -------------------------------------------------------------------------------

def plan(total: str, sources: list[dict[str, Any]], score: int, life: int = 0, left: str = "") -> dict[str, Any]:
    return {"status": "ok", "cast": "normal", "x": None, "paid": {},
            "total": {"mana": total, "life": 0, "other": []},
            "payment": {"pool": "", "sources": sources, "convoke": [], "delve": [], "improvise": [],
                        "life": life, "other": {}},
            "spent": {"mana": sum(parse_plain(total)), "convoke": 0, "improvise": 0, "delve": 0,
                      "life": life, "life_for": 0}, "left_in_pool": left,
            "score": score, "objective": score}


def test_the_checker_reads_replaced() -> None:
    """{2} with the Tomb and a Forest under the opponent's Sphere (o0): the Tomb's entry adds
    {C} with `replaced: {by: o0, was: {C}{C}}` (score 4) is legal; claiming {C}{C} is illegal,
    naming o0; `replaced` left out is a plan JSON problem (not with listed=False); a wrong `was`
    or `by`, or `replaced` on the Forest, is a problem."""
    data = scenario("{2}", [("tomb", TOMB), ("forest", FOREST)], [("sphere", SPHERE)])
    tomb = {"id": "p0", "adds": "{C}", "costs": ["tap", "pay_life 2"], "replaced": {"by": "o0", "was": "{C}{C}"}}
    forest = {"id": "p1", "adds": "{G}", "costs": ["tap"]}
    assert check_payment(data, plan("{2}", [tomb, forest], 4, life=2)) == []
    unreplaced = {"id": "p0", "adds": "{C}{C}", "costs": ["tap", "pay_life 2"]}
    problems = check_payment(data, plan("{2}", [unreplaced], 3, life=2))
    assert problems and "o0" in problems[0], problems
    bare = {k: v for k, v in tomb.items() if k != "replaced"}
    assert check_payment(data, plan("{2}", [bare, forest], 4, life=2)) != []
    assert check_payment(data, plan("{2}", [bare, forest], 4, life=2), listed=False) == []
    for wrong in ({"by": "o0", "was": "{C}"}, {"by": "p1", "was": "{C}{C}"}):
        assert check_payment(data, plan("{2}", [{**tomb, "replaced": wrong}, forest], 4, life=2)) != []
    odd = {**forest, "replaced": {"by": "o0", "was": "{G}"}}
    assert check_payment(data, plan("{2}", [tomb, odd], 4, life=2)) != []


def test_the_checker_reads_triggered() -> None:
    """{B}{B} with a Swamp under the Ghast (p1): the Swamp's entry adds {B} with `triggered:
    [{id: p1, adds: {B}}]` (score 1) is legal. Without `triggered` it is a plan JSON problem;
    with listed=False the Ghast's {B} is added anyway and the payment is legal. A triggered
    {G} (not one of the options), or naming the Swamp itself, is illegal."""
    data = scenario("{B}{B}", [("swamp", SWAMP), ("ghast", GHAST)])
    swamp = {"id": "p0", "adds": "{B}", "costs": ["tap"], "triggered": [{"id": "p1", "adds": "{B}"}]}
    assert check_payment(data, plan("{B}{B}", [swamp], 1)) == []
    bare = {"id": "p0", "adds": "{B}", "costs": ["tap"]}
    assert check_payment(data, plan("{B}{B}", [bare], 1)) != []
    assert check_payment(data, plan("{B}{B}", [bare], 1), listed=False) == []
    for wrong in ([{"id": "p1", "adds": "{G}"}], [{"id": "p0", "adds": "{B}"}],
                  [{"id": "p1", "adds": "{B}"}, {"id": "p1", "adds": "{B}"}]):
        assert check_payment(data, plan("{B}{B}", [{**swamp, "triggered": wrong}], 1)) != []
    # A {B} spell: the Swamp's {B} pays it and the Ghast's {B} is left in the pool, legal only
    # when left_in_pool says {B}.
    data = scenario("{B}", [("swamp", SWAMP), ("ghast", GHAST)])
    assert check_payment(data, plan("{B}", [swamp], 1, left="{B}")) == []
    assert check_payment(data, plan("{B}", [swamp], 1)) != []


def test_the_checker_reads_the_festivals_choice() -> None:
    """The Festival on the Tomb under Sphere, {C}{W}{W}: the Tomb's entry `adds: {C}`, replaced
    from {C}{C} by p1, `triggered: [{id: p2, adds: {W}{W}}]`, 2 life, score 3: legal; the
    Festival's {W}{U} instead can't pay {W}{W}."""
    data = scenario("{C}{W}{W}", [("tomb", TOMB), ("sphere", SPHERE), ("festival", FESTIVAL)],
                    p2={"attached_to": "p0"})
    tomb = {"id": "p0", "adds": "{C}", "costs": ["tap", "pay_life 2"],
            "replaced": {"by": "p1", "was": "{C}{C}"}, "triggered": [{"id": "p2", "adds": "{W}{W}"}]}
    assert check_payment(data, plan("{W}{W}{C}", [tomb], 3, life=2)) == []
    off = {**tomb, "triggered": [{"id": "p2", "adds": "{W}{U}"}]}
    assert check_payment(data, plan("{W}{W}{C}", [off], 3, life=2)) != []


# --- The generator tells each wrong reading apart ----------------------------------------------

# A hand-worked cast per wrong reading, each answered otherwise under it (the generated casts'
# reach is the test below; these pin what each reading is).
MUTANT_CASES = {
    "replace_triggered": lambda: scenario("{B}{B}", [("swamp", SWAMP), ("sphere", SPHERE), ("ghast", GHAST)]),
    "trigger_not_under_replace": lambda: scenario(
        "{C}{W}{W}", [("tomb", TOMB), ("sphere", SPHERE), ("festival", FESTIVAL)], p2={"attached_to": "p0"}),
    "attached_ignored": lambda: scenario("{W}{U}{G}", [("forest", FOREST), ("festival", FESTIVAL)]),
    "controller_ignored": lambda: scenario(
        "{2}", [("tomb", TOMB), ("forest", FOREST)],
        [("sphere", {**SPHERE, "mana_effects": [{"replace": {"sources": {"type": "land"}, "adds": "{C}"}}]})]),
    "opponent_effects_ignored": lambda: scenario("{2}", [("tomb", TOMB), ("forest", FOREST)], [("sphere", SPHERE)]),
    "at_least_ignored": lambda: scenario("{G}", [("forest", FOREST), ("sphere", SPHERE)]),
    "one_replacement": lambda: scenario("{R}{R}", [("forest", FOREST), ("sphere", SPHERE), ("flux", {
        "types": ["enchantment"], "mana_effects": [{"replace": {"sources": {"type": "land"}, "at_least": 1, "adds": "{R}{R}"}}]})]),
    "replaced_loses_only_for": lambda: scenario("{1}", [("temple", {
        "types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"type": "creature"}}]}), ("sphere", SPHERE)]),
    "trigger_on_no_mana": lambda: scenario(
        "{G}{G}", [("cradle", CRADLE), ("festival", FESTIVAL)], p1={"attached_to": "p0"}),
    "trigger_keeps_only_for": lambda: scenario("{B}", [("swamp", {
        "types": ["land"], "tags": ["swamp"], "mana": [{"adds": "{B}{B}", "only_for": {"type": "creature"}}]}),
        ("ghast", GHAST)]),
}


@pytest.mark.parametrize("mutant", GROUP_G1_MUTANTS)
def test_each_wrong_reading_changes_a_hand_worked_cast(mutant: str) -> None:
    data = MUTANT_CASES[mutant]()
    right = answer(data)
    with misreading(mutant):
        wrong = answer(data)
    assert right != wrong, (mutant, right)


@pytest.mark.slow
@pytest.mark.parametrize("mutant", GROUP_G1_MUTANTS)
def test_generated_casts_tell_each_wrong_reading_apart(mutant: str, monkeypatch: Any) -> None:
    """Each wrong reading of group G1 (`knobs.GROUP_G1_MUTANTS`) answers some cast of the
    generator's G1 theme otherwise than the rules (status, score, totals or X), within a bounded
    number of draws: the campaign would find an engine making it. The reference alone, the
    theme drawn whatever the loader reads."""
    from mtg_reference import strategies

    monkeypatch.setattr(strategies, "G1_DRAWN", True)
    monkeypatch.setattr(strategies, "G1_UNBUILT", True)
    tried = 0
    for _, data in strategies.casts(4100, 4000):
        text = json.dumps(data)
        if "mana_effects" not in text or "{X}" in text:     # X: many payments, slow to exhaust
            continue
        tried += 1
        try:
            right = solve(data)
            with misreading(mutant):
                wrong = solve(data)
        except BadScenario:
            continue
        if (right.status, right.score, right.totals, right.x) != (wrong.status, wrong.score, wrong.totals, wrong.x):
            return
        if tried >= 80:
            break
    pytest.fail(f"{mutant}: no cast of {tried} tells it apart")
