"""The mtg/1 brute force (benchmarks/mtg/reference) on reductions counted from the board, each case
worked by hand from docs/mtg-format.md and the rules, without payplan's engine: a reduction's
color key counted from the state (Khalni Hydra) and "sacrifice any number" with a reduction per
object (Torgaar, Famine Incarnate). Tapping a land is charged 1, a creature 2, a sacrifice 5 (the
default weights). The last part shows that generated casts tell each wrong reading of these keys
(`knobs.MISREADINGS`) apart from the reference's."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from payplan.benchmarks.mtg.reference import knobs
from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.objects import BadScenario

FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
PLAINS = {"types": ["land"], "mana": [{"adds": "{W}"}]}
SWAMP = {"types": ["land"], "mana": [{"adds": "{B}"}]}
ELF = {"types": ["creature"], "colors": ["green"]}              # no mana ability
GOBLIN = {"types": ["creature"], "colors": ["red"]}
TRINISPHERE = {"types": ["artifact"], "grants": [{"at_least": 3, "applies_to": {"controller": "any"}}]}


def scenario(spell: dict[str, Any], mine: list[tuple[str, dict[str, Any]]],
             theirs: tuple[tuple[str, dict[str, Any]], ...] = (), **play: Any) -> dict[str, Any]:
    """The spell in hand (h1); `mine` / `theirs`: (card id, card) per permanent, ids p0, p1, ...
    and o0, o1, ...; a card's `_obj` holds the object's own keys (`value`, `tapped`)."""
    cards: dict[str, Any] = {"spell": spell}
    state: dict[str, Any] = {"you": {"life": 20, "library": 40, "battlefield": [],
                                     "hand": [{"id": "h1", "card": "spell"}]}}
    for who, prefix, objects in (("you", "p", mine), ("opponent", "o", theirs)):
        if not objects:
            continue
        field = state.setdefault(who, {}).setdefault("battlefield", [])
        for i, (name, card) in enumerate(objects):
            card = dict(card)
            extra = card.pop("_obj", {})
            cards[name] = card
            field.append({"id": f"{prefix}{i}", "card": name, **extra})
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1", **play}}


def answer(data: dict[str, Any]) -> tuple[str, int | None, set[str]]:
    got = solve(data)
    return got.status, got.score, {mana for mana, _ in got.totals}


# --- B1: a colored reduction counted from the state (Khalni Hydra) -----------------------------

GREEN_CREATURES = {"count": {"type": "creature", "color": "green"}}


def hydra(**extra: Any) -> dict[str, Any]:
    return {"name": "Khalni Hydra", "types": ["creature"], "cost": "{G}" * 8,
            "reductions": [{"G": dict(GREEN_CREATURES)}], **extra}


def test_khalni_hydra_counts_your_green_creatures() -> None:
    """Three green creatures of yours: {G}x8 is {G}x5, paid by five Forests (score 5). The
    opponent's two green creatures and your red one count nothing."""
    mine = [("forest", FOREST)] * 5 + [("elf", ELF)] * 3 + [("goblin", GOBLIN)]
    data = scenario(hydra(), mine, (("elf", ELF),) * 2)
    assert answer(data) == ("ok", 5, {"{G}{G}{G}{G}{G}"})


def test_a_count_of_zero_reduces_nothing() -> None:
    """No green creature: {G}x8, eight Forests (score 8); seven Forests can't pay it."""
    data = scenario(hydra(), [("forest", FOREST)] * 8 + [("goblin", GOBLIN)])
    assert answer(data) == ("ok", 8, {"{G}" * 8})
    data["state"]["you"]["battlefield"].pop(0)
    assert solve(data).status == "unpayable"


def test_a_count_beyond_the_pips_is_what_a_fixed_one_does() -> None:
    """Ten green creatures: eight {G} off Khalni Hydra, the two left find no {G} and no generic:
    it is free (score 0). On {2}{G} a count of 3 takes the {G}, then {1} and {1} (the README's
    118.7c row: no pip of that color left, {1} less instead): free too, as a fixed `G: 3` is."""
    data = scenario(hydra(), [("elf", ELF)] * 10)
    assert answer(data) == ("ok", 0, {""})
    small = {"types": ["sorcery"], "cost": "{2}{G}", "reductions": [{"G": dict(GREEN_CREATURES)}]}
    data = scenario(small, [("elf", ELF)] * 3 + [("forest", FOREST)])
    assert answer(data) == ("ok", 0, {""})
    small["reductions"] = [{"G": 3}]
    assert answer(data) == ("ok", 0, {""})
    # Two creatures: {G} and one {1} off, {1} left (a Forest: score 1).
    data["state"]["you"]["battlefield"].pop(0)
    small["reductions"] = [{"G": dict(GREEN_CREATURES)}]
    assert answer(data) == ("ok", 1, {"{1}"})


def test_a_hybrid_pip_announced_as_the_reduced_color() -> None:
    """{1}{G/W}{G/W} with two green creatures and a Plains: both hybrids announced {G} are both
    reduced, {1} left (Plains, score 1); one announced {W}: {1}{G}{W} less {G} and (no {G}
    left) {1} is {W} (Plains, score 1, the same size); both {W}: {1}{W}{W} less {1} is {W}{W}
    (two mana, one Plains: unpayable). Optimal: {1} or {W}, score 1."""
    spell = {"types": ["instant"], "cost": "{1}{G/W}{G/W}", "reductions": [{"G": dict(GREEN_CREATURES)}]}
    data = scenario(spell, [("elf", ELF)] * 2 + [("plains", PLAINS)])
    assert answer(data) == ("ok", 1, {"{1}", "{W}"})
    # One green creature: {G}{G} announced is {1}{G}, {G}{W} is {1}{W}, {W}{W} is {W}{W} (the
    # {G} less takes {1}): two mana for one Plains, unpayable; a Forest added pays {1}{G} or
    # {1}{W} (score 2; {W}{W} still can't be paid).
    data["state"]["you"]["battlefield"].pop(0)
    assert solve(data).status == "unpayable"
    data["cards"]["forest"] = FOREST
    data["state"]["you"]["battlefield"].append({"id": "f1", "card": "forest"})
    assert answer(data) == ("ok", 2, {"{1}{G}", "{1}{W}"})


def test_a_granted_colored_count_and_its_minimum() -> None:
    """A grant "green creature spells cost {G} less for each creature you control" (minimum 2
    for the reduction): Khalni Hydra with five creatures (three green, two red) and no count of
    its own is {G}x3 (score 3 with three Forests). With a minimum of 6 the grant takes only two:
    {G}x6 (six Forests, score 6)."""
    grant = {"types": ["enchantment"], "grants": [{"reduction": {"G": {"count": {"type": "creature"}}, "minimum": 2},
                                                   "applies_to": {"type": "creature", "color": "green"}}]}
    spell = {"types": ["creature"], "cost": "{G}" * 8}
    mine = [("anthem", grant)] + [("elf", ELF)] * 3 + [("goblin", GOBLIN)] * 2 + [("forest", FOREST)] * 6
    data = scenario(spell, mine)
    assert answer(data) == ("ok", 3, {"{G}{G}{G}"})
    data["cards"]["anthem"]["grants"][0]["reduction"]["minimum"] = 6
    assert answer(data) == ("ok", 6, {"{G}" * 6})


def test_an_opponents_grant_counts_the_opponents_permanents() -> None:
    """The opponent's "spells your opponents cast cost {G} less for each green creature you
    control" (`controller: opponent`, relative to its controller): "you control" is the
    opponent, so its two green creatures count and your three don't: Khalni Hydra is {G}x6
    (six Forests, score 6)."""
    grant = {"types": ["enchantment"], "grants": [{"reduction": {"G": dict(GREEN_CREATURES)},
                                                   "applies_to": {"controller": "opponent"}}]}
    spell = {"types": ["creature"], "cost": "{G}" * 8}
    data = scenario(spell, [("elf", ELF)] * 3 + [("forest", FOREST)] * 6,
                    (("helper", grant), ("elf", ELF), ("elf", ELF)))
    assert answer(data) == ("ok", 6, {"{G}" * 6})


def test_counted_as_the_cast_begins() -> None:
    """Khalni Hydra with "sacrifice a creature" as a mandatory extra and three green
    creatures: the count is 3 (the sacrifice comes later, 601.2h), {G}x5 with five Forests and
    the sacrifice: 5 + 5 = 10."""
    spell = hydra(additional=[{"id": "extra", "mandatory": True,
                               "other": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}])
    data = scenario(spell, [("forest", FOREST)] * 5 + [("elf", ELF)] * 3)
    assert answer(data) == ("ok", 10, {"{G}" * 5})


def test_a_floor_after_the_counted_reduction() -> None:
    """Trinisphere: eight green creatures make Khalni Hydra free, the floor makes it {3}
    (three Forests, score 3)."""
    data = scenario(hydra(), [("elf", ELF)] * 8 + [("forest", FOREST)] * 3 + [("sphere", TRINISPHERE)])
    assert answer(data) == ("ok", 3, {"{3}"})


def test_count_targets_and_per_paid_are_no_color_amount() -> None:
    for amount in ({"count_targets": {"type": "creature"}}, {"per_paid": "x", "each": 1}):
        spell = {"types": ["instant"], "cost": "{G}", "reductions": [{"G": amount}]}
        with pytest.raises(BadScenario):
            solve(scenario(spell, [("forest", FOREST)]))


# --- B2: "sacrifice any number", a reduction per object (Torgaar) ------------------------------

def torgaar(each: int | None = 2, minimum: int | None = None) -> dict[str, Any]:
    amount: dict[str, Any] = {"per_paid": "sacrifice"}
    if each is not None:
        amount["each"] = each
    reduction: dict[str, Any] = {"generic": amount}
    if minimum is not None:
        reduction["minimum"] = minimum
    return {"name": "Torgaar, Famine Incarnate", "types": ["creature"], "cost": "{6}{B}{B}",
            "additional": [{"id": "sacrifice",
                            "other": [{"sacrifice": {"count": "any", "filter": {"type": "creature"}}}]}],
            "reductions": [reduction]}


def board(swamps: int, creatures: list[dict[str, Any]], spell: dict[str, Any] | None = None,
          **play: Any) -> dict[str, Any]:
    mine = [("swamp", SWAMP)] * swamps + [(f"c{i}", c) for i, c in enumerate(creatures)]
    return scenario(spell or torgaar(), mine, **play)


def test_torgaar_named_count() -> None:
    """Three creatures sacrificed (`optional: {sacrifice: 3}`): {6} less 3 x 2 is {B}{B}, two
    Swamps and three sacrifices: 2 + 15 = 17."""
    data = board(4, [GOBLIN] * 3, optional={"sacrifice": 3})
    assert answer(data) == ("ok", 17, {"{B}{B}"})
    # `yes` is one: {4}{B}{B}, six Swamps needed (four here): unpayable; with six, 6 + 5 = 11.
    data["play"]["optional"]["sacrifice"] = "yes"
    assert solve(data).status == "unpayable"
    data = board(6, [GOBLIN] * 3, optional={"sacrifice": "yes"})
    assert answer(data) == ("ok", 11, {"{4}{B}{B}"})


def test_torgaar_count_zero_is_not_paid() -> None:
    """`no` and 0: the whole {6}{B}{B}, eight Swamps (score 8), no creature lost."""
    for setting in ("no", 0):
        data = board(8, [GOBLIN] * 3, optional={"sacrifice": setting})
        assert answer(data) == ("ok", 8, {"{6}{B}{B}"})
    data = board(8, [GOBLIN] * 3)                  # `optional` left out: no
    assert answer(data) == ("ok", 8, {"{6}{B}{B}"})


def test_torgaar_auto_when_sacrificing_does_not_pay_off() -> None:
    """auto, eight Swamps, three goblins: k creatures cost 5k and save 2k Swamps (2 each): k = 0
    is best (8; k = 1: 6 + 5 = 11; k = 3: 2 + 15 = 17)."""
    data = board(8, [GOBLIN] * 3, optional={"sacrifice": "auto"})
    got = solve(data)
    assert (got.status, got.score, got.objective, {m for m, _ in got.totals}) == ("ok", 8, 8, {"{6}{B}{B}"})


def test_torgaar_auto_when_sacrificing_pays_off() -> None:
    """auto: (a) with a benefit of 4 per object, k creatures: score 8 - 2k + 5k, objective that
    less 4k, 8 - k: k = 3 (score 17, objective 5); (b) tokens worth 0 (`value: 0`): each saves
    two Swamps for nothing, k = 3 (score 2); (c) a sacrifice weight of 0 likewise; (d) only
    four Swamps and two goblins worth 1 and one worth 9: k = 0 and 1 can't be paid (8 and 6
    mana), k = 2 takes the two worth 1 (4 + 2 = 6), k = 3 would be 2 + 11 = 13: score 6."""
    data = board(8, [GOBLIN] * 3, optional={"sacrifice": "auto"})
    data["objective"] = {"benefits": {"sacrifice": 4}}
    got = solve(data)
    assert (got.score, got.objective, {m for m, _ in got.totals}) == (17, 5, {"{B}{B}"})
    token = {**GOBLIN, "_obj": {"value": 0}}
    data = board(8, [token] * 3, optional={"sacrifice": "auto"})
    assert answer(data) == ("ok", 2, {"{B}{B}"})
    data = board(8, [GOBLIN] * 3, optional={"sacrifice": "auto"})
    data["objective"] = {"weights": {"sacrifice": 0}}
    assert answer(data) == ("ok", 2, {"{B}{B}"})
    cheap, dear = {**GOBLIN, "_obj": {"value": 1}}, {**GOBLIN, "_obj": {"value": 9}}
    data = board(4, [cheap, dear, cheap], optional={"sacrifice": "auto"})
    assert answer(data) == ("ok", 6, {"{2}{B}{B}"})


def test_torgaar_count_above_what_matches() -> None:
    """Four creatures named with three on the battlefield (and a land, which is no creature):
    no payment (unpayable); auto never goes beyond three."""
    data = board(8, [GOBLIN] * 3, optional={"sacrifice": 4})
    assert solve(data).status == "unpayable"
    data["play"]["optional"]["sacrifice"] = "auto"
    data["objective"] = {"weights": {"sacrifice": 0}}
    assert answer(data) == ("ok", 2, {"{B}{B}"})


def test_per_paid_with_a_minimum_and_each_default() -> None:
    """`minimum: 3` on Torgaar's reduction: three creatures would take {6}, but the reduction
    stops at three mana: {1}{B}{B} (three Swamps and 15: 18). `each` left out is 1: three
    creatures take {3}: {3}{B}{B} (5 + 15 = 20)."""
    data = board(8, [GOBLIN] * 3, torgaar(minimum=3), optional={"sacrifice": 3})
    assert answer(data) == ("ok", 18, {"{1}{B}{B}"})
    data = board(8, [GOBLIN] * 3, torgaar(each=None), optional={"sacrifice": 3})
    assert answer(data) == ("ok", 20, {"{3}{B}{B}"})


def test_per_paid_then_a_floor() -> None:
    """Trinisphere after the reduction: three creatures make {B}{B}, the floor {1}{B}{B}
    (3 + 15 = 18); with auto and tokens worth 0, k = 2 gives {2}{B}{B} (4) and k = 3 the same
    {1}{B}{B} as before but 3: k = 3, score 3."""
    data = board(8, [GOBLIN] * 3, optional={"sacrifice": 3})
    data["cards"]["sphere"] = TRINISPHERE
    data["state"]["you"]["battlefield"].append({"id": "t1", "card": "sphere"})
    assert answer(data) == ("ok", 18, {"{1}{B}{B}"})
    token = {**GOBLIN, "_obj": {"value": 0}}
    data = board(8, [token] * 3, optional={"sacrifice": "auto"})
    data["cards"]["sphere"] = TRINISPHERE
    data["state"]["you"]["battlefield"].append({"id": "t1", "card": "sphere"})
    assert answer(data) == ("ok", 3, {"{1}{B}{B}"})


def test_a_mana_creature_taps_then_is_sacrificed() -> None:
    """A Llanowar Elves taps for {G} (601.2g) and is then sacrificed (601.2h), charged once
    (the sacrifice, 5): two creatures, {2}{B}{B} paid by three Swamps and the Elves' {G}:
    3 + 5 + 5 = 13 (a fourth Swamp is not there)."""
    elves = {"types": ["creature"], "colors": ["green"], "mana": [{"adds": "{G}"}]}
    data = board(3, [elves, GOBLIN], optional={"sacrifice": 2})
    assert answer(data) == ("ok", 13, {"{2}{B}{B}"})


def test_count_any_on_other_kinds() -> None:
    """Exile any number of cards from your graveyard, {1} less each (`each` 1): two instants
    exiled (1 each) make {3}{B} a {1}{B}: two Swamps + 2 = 4 with auto (none: four Swamps, 4;
    a tie on the score, the smaller total first: {1}{B})."""
    spell = {"types": ["sorcery"], "cost": "{3}{B}",
             "additional": [{"id": "delve-ish", "other": [{"exile_from_graveyard": {"count": "any", "filter": {"type": "instant"}}}]}],
             "reductions": [{"generic": {"per_paid": "delve-ish"}}]}
    data = scenario(spell, [("swamp", SWAMP)] * 4, optional={"delve-ish": "auto"})
    data["cards"]["bolt"] = {"types": ["instant"], "cost": "{R}"}
    data["state"]["you"]["graveyard"] = [{"id": "y0", "card": "bolt"}, {"id": "y1", "card": "bolt"}]
    assert answer(data) == ("ok", 4, {"{1}{B}"})


@pytest.mark.parametrize("change", [
    "mandatory", "discard", "two parts", "per_paid names no any cost", "per_paid in a grant",
])
def test_count_any_where_it_is_not_read(change: str) -> None:
    spell = torgaar()
    mine: list[tuple[str, dict[str, Any]]] = [("swamp", SWAMP)] * 8
    if change == "mandatory":
        spell["additional"][0]["mandatory"] = True
    elif change == "discard":
        spell["additional"][0]["other"] = [{"discard": {"count": "any"}}]
    elif change == "two parts":
        spell["additional"][0]["other"].append({"return_to_hand": {"count": "any", "filter": {"type": "land"}}})
    elif change == "per_paid names no any cost":
        spell["reductions"][0]["generic"]["per_paid"] = "kicker"
    else:
        spell["reductions"] = []
        mine.append(("helper", {"types": ["artifact"], "grants": [
            {"reduction": {"generic": {"per_paid": "sacrifice"}}, "applies_to": {}}]}))
    with pytest.raises(BadScenario):
        solve(scenario(spell, mine, optional={"sacrifice": 1}))


# --- The generator tells each wrong reading apart ----------------------------------------------

def _differs(misreading: str, marker: str) -> Callable[[dict[str, Any]], bool]:
    def differs(data: dict[str, Any]) -> bool:
        if marker not in json.dumps(data):
            return False
        right = solve(data)
        with knobs.misreading(misreading):
            wrong = solve(data)
        return bool(right.as_dict() != wrong.as_dict())
    return differs


@pytest.mark.slow
@pytest.mark.parametrize("misreading, marker", [
    ("color_count_opponent", '"count": {'),
    ("color_count_as_generic", '"count": {'),
    ("per_paid_ignores_each", '"per_paid"'),
    ("count_any_capped_at_one", '"any"'),
])
def test_the_generator_tells_each_wrong_reading_apart(misreading: str, marker: str) -> None:
    """Each wrong reading of B1 and B2 changes the reference's answer on some cast among the
    first 3,000 generated (the search stops at the first), so the campaign would find an engine
    reading a key so."""
    from mtg_reference.strategies import casts

    differs = _differs(misreading, marker)
    found = next((seed for seed, data in casts(25, 3000) if differs(data)), None)
    assert found is not None, f"no generated cast tells {misreading} apart"


# --- B3: morph, cast face down and turned face up ----------------------------------------------

WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
# A green creature with morph {1}{G} that taps for {G} (face up).
MORPHLING = {"name": "Morph Elf", "types": ["creature"], "cost": "{4}{G}", "morph": "{1}{G}",
             "mana": [{"adds": "{G}"}]}


def face_down_cast(lands: list[tuple[str, dict[str, Any]]], **extra: Any) -> dict[str, Any]:
    return scenario({**MORPHLING, **extra}, lands, cast="face_down")


def test_cast_face_down_for_three() -> None:
    """Cast face down: {3} (an alternative cost), three Wastes: score 3, onto the battlefield.
    `cast: auto` never picks it: {4}{G} with three Wastes can't be paid."""
    got = solve(face_down_cast([("wastes", WASTES)] * 3))
    assert (got.status, got.score, got.totals, got.casts, got.destinations) == (
        "ok", 3, {("{3}", 0)}, {"face_down"}, {"battlefield"})
    data = face_down_cast([("wastes", WASTES)] * 3)
    data["play"]["cast"] = "auto"
    assert solve(data).status == "unpayable"


def test_face_down_is_cast_at_sorcery_speed() -> None:
    """A face-down spell has no flash: on the opponent's turn it is illegal, even for a card
    with flash (or an instant's morph)."""
    data = face_down_cast([("wastes", WASTES)] * 3, flash=True)
    data["state"]["turn"] = "opponent"
    assert solve(data).status == "illegal"
    data["state"]["turn"] = "you"
    data["state"]["stack"] = "nonempty"
    assert solve(data).status == "illegal"


def test_grants_on_a_face_down_spell() -> None:
    """It is a colorless creature spell with no name: "creature spells cost {1} less" makes
    {2} (score 2); "green spells cost {1} less" and a grant naming the card reduce nothing ({3});
    Thalia ("noncreature spells cost {1} more") adds nothing, a Sphere adds {1} ({4}); a
    Trinisphere after the creature reduction puts it back at {3}."""
    def grant(change: dict[str, Any]) -> dict[str, Any]:
        return {"types": ["artifact"], "grants": [change]}

    cases = [
        ({"reduction": {"generic": 1}, "applies_to": {"type": "creature"}}, "{2}"),
        ({"reduction": {"generic": 1}, "applies_to": {"color": "green"}}, "{3}"),
        ({"reduction": {"generic": 1}, "applies_to": {"name": "Morph Elf"}}, "{3}"),
        ({"increase": "{1}", "applies_to": {"not_type": "creature"}}, "{3}"),
        ({"increase": "{1}", "applies_to": {}}, "{4}"),
    ]
    for change, want in cases:
        data = face_down_cast([("wastes", WASTES)] * 4 + [("helper", grant(change))])
        assert answer(data)[2] == {want}, change
    data = face_down_cast([("wastes", WASTES)] * 4 + [
        ("helper", grant(cases[0][0])), ("sphere", TRINISPHERE)])
    assert answer(data) == ("ok", 3, {"{3}"})


def test_face_down_takes_no_additional_cost() -> None:
    """The card's own reductions and its mandatory extra ("sacrifice a creature") are the face-up
    card's: face down it is {3} and takes nothing (score 3 with a creature on the battlefield
    left alone)."""
    spell = {"reductions": [{"generic": 3}],
             "additional": [{"id": "extra", "mandatory": True,
                             "other": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]}
    data = face_down_cast([("wastes", WASTES)] * 3 + [("goblin", GOBLIN)], **spell)
    assert answer(data) == ("ok", 3, {"{3}"})


def morph_on_battlefield(lands: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    data = scenario({"types": ["instant"], "cost": "{G}"}, [("morphling", MORPHLING)] + lands)
    data["state"]["you"]["battlefield"][0]["face_down"] = True
    data["play"] = {"turn_face_up": "p0"}
    return data


def test_turn_face_up_pays_the_morph_cost() -> None:
    """Turning it face up: {1}{G}, two Forests (score 2), no card moves; at any time (the
    opponent's turn, a spell on the stack)."""
    data = morph_on_battlefield([("forest", FOREST)] * 2)
    got = solve(data)
    assert (got.status, got.score, got.totals, got.casts, got.destinations) == (
        "ok", 2, {("{1}{G}", 0)}, {"turn_face_up"}, {None})
    data["state"].update({"turn": "opponent", "stack": "nonempty", "phase": "combat"})
    assert solve(data).score == 2


def test_no_cost_changer_reaches_turning_face_up() -> None:
    """A special action is neither a spell nor an ability: "activated abilities cost {1} less",
    "spells cost {1} less" and a Sphere change nothing ({1}{G}), a Trinisphere neither; mana
    spendable only on creature spells can't pay it (one Forest and that land: unpayable)."""
    helpers = [{"reduction": {"generic": 1}, "applies_to": {"ability": "activated"}},
               {"reduction": {"generic": 1}, "applies_to": {}},
               {"increase": "{1}", "applies_to": {"controller": "any"}},
               {"at_least": 3, "applies_to": {"controller": "any"}}]
    lands = [("forest", FOREST)] * 3
    lands += [(f"helper{i}", {"types": ["artifact"], "grants": [g]}) for i, g in enumerate(helpers)]
    assert answer(morph_on_battlefield(lands)) == ("ok", 2, {"{1}{G}"})
    temple = {"types": ["land"], "mana": [{"adds": "{C}", "only_for": {"type": "creature"}}]}
    assert solve(morph_on_battlefield([("forest", FOREST), ("temple", temple)])).status == "unpayable"


def test_a_face_down_permanent_has_no_abilities_and_no_color() -> None:
    """Face down, Morph Elf is a colorless 2/2 with no mana ability (708.2): it can't tap for
    {G} (a {G} instant it alone paid is unpayable); it is no green creature for Khalni Hydra
    (with a green Elf: {G}x6 face up, {G}x7 face down, seven Forests: 7); it is a creature for
    "{1} less per creature" ({3} is {2}, two Wastes: 2)."""
    data = scenario({"types": ["instant"], "cost": "{G}"}, [("morphling", MORPHLING)])
    assert solve(data).status == "ok"
    data["state"]["you"]["battlefield"][0]["face_down"] = True
    assert solve(data).status == "unpayable"
    data = scenario(hydra(), [("morphling", MORPHLING), ("elf", ELF)] + [("forest", FOREST)] * 7)
    assert answer(data)[2] == {"{G}" * 6}
    data["state"]["you"]["battlefield"][0]["face_down"] = True
    assert answer(data) == ("ok", 7, {"{G}" * 7})
    counted = {"types": ["sorcery"], "cost": "{3}", "reductions": [{"generic": {"count": {"type": "creature"}}}]}
    data = scenario(counted, [("morphling", MORPHLING), ("wastes", WASTES), ("wastes", WASTES)])
    data["state"]["you"]["battlefield"][0]["face_down"] = True
    assert answer(data) == ("ok", 2, {"{2}"})


def test_turn_face_up_needs_a_face_down_morph() -> None:
    """A face-up permanent can't be turned face up (illegal)."""
    data = morph_on_battlefield([("forest", FOREST)] * 2)
    data["state"]["you"]["battlefield"][0]["face_down"] = False
    assert solve(data).status == "illegal"


# --- Found on the way: X life under an alternative cost without X -------------------------------

def test_an_alternative_cost_without_x_makes_x_zero() -> None:
    """107.3b: {X}{B} with "pay X life" as a mandatory extra, cast by evoke ({B}, no X): X is 0,
    so no life (one Swamp: score 1, whatever `x` the play names); cast normally with x: 2,
    {2}{B} and 2 life (three Swamps: 3 + 2 = 5). Found by the campaign of 2026-12 (cast
    12000455): the reference paid X life under evoke."""
    spell = {"types": ["instant"], "cost": "{X}{B}",
             "alternative": [{"id": "evoke", "cost": "{B}"}],
             "additional": [{"id": "x-life", "mandatory": True, "other": [{"pay_life": "X"}]}]}
    data = scenario(spell, [("swamp", SWAMP)], cast="evoke", x=2)
    got = solve(data)
    assert (got.status, got.score, got.totals) == ("ok", 1, {("{B}", 0)})
    data = scenario(spell, [("swamp", SWAMP)] * 3, cast="normal", x=2)
    got = solve(data)
    assert (got.status, got.score, got.totals) == ("ok", 5, {("{2}{B}", 2)})
