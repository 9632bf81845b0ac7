"""The mtg/1 brute force alone (payplan.benchmarks.mtg.reference.brute) on colors, combat and
choices as state, costs that depend on the spell's targets, and keywords and flashback granted
by another permanent, worked by hand from docs/mtg-format.md and the cards' Oracle wording.
Tapping a land is charged 1, a creature 2."""

from __future__ import annotations

import copy
from typing import Any

from payplan.benchmarks.mtg.reference.brute import solve

MOUNTAIN = {"types": ["land"], "mana": [{"adds": "{R}"}]}
FOREST = {"types": ["land"], "mana": [{"adds": "{G}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
BEAR = {"types": ["creature"], "cost": "{1}{G}"}
STRIKE = {"types": ["instant"], "cost": "{1}{R}"}


def scenario(spell: dict[str, Any], mine: dict[str, dict[str, Any]],
             theirs: dict[str, dict[str, Any]] | None = None, **play: Any) -> dict[str, Any]:
    """The spell in hand (h1); `mine` / `theirs`: object id -> card (the card id is the object
    id without its digits), with an object's keys under `_obj`."""
    cards: dict[str, Any] = {"spell": spell}
    state: dict[str, Any] = {"you": {"battlefield": [], "hand": [{"id": "h1", "card": "spell"}]}}
    for who, objects in (("you", mine), ("opponent", theirs or {})):
        field = state.setdefault(who, {}).setdefault("battlefield", [])
        for ident, body in objects.items():
            body = dict(body)
            extra = body.pop("_obj", {})
            name = ident.rstrip("0123456789")
            cards[name] = body
            field.append({"id": ident, "card": name, **extra})
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1", **play}}


def total(data: dict[str, Any]) -> str:
    got = solve(data)
    assert got.status == "ok", got.reasons
    (mana, _), = got.totals
    return mana


# --- Colors, combat and choices as state -----------------------------------------------------------

def test_multicolored_mana_pays_only_a_multicolored_spell() -> None:
    """Pillar of the Paruns' mana pays Lightning Helix ({R}{W}, two colors: score 2), not
    Lightning Strike ({1}{R}); a hybrid {R/W} symbol is both colors."""
    pillar = {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "only_for": {"multicolored": True}}]}
    data = scenario({"types": ["instant"], "cost": "{R}{W}"}, {"pillar1": pillar, "mountain1": MOUNTAIN})
    assert solve(data).score == 2
    data["cards"]["spell"]["cost"] = "{1}{R}"
    assert solve(data).status == "unpayable"
    data["cards"]["spell"]["cost"] = "{R/W}{R}"
    assert solve(data).score == 2
    data["cards"]["pillar"]["mana"][0]["only_for"] = {"multicolored": False}
    data["cards"]["spell"]["cost"] = "{1}{R}"
    assert solve(data).score == 2


def test_colorless_spells_cost_less() -> None:
    """Ugin, the Ineffable: {6} colorless is {4}; a color indicator makes it colored; `colors:
    []` and {C} are colorless."""
    ugin = {"types": ["planeswalker"], "grants": [{"reduction": {"generic": 2}, "applies_to": {"colorless": True}}]}
    data = scenario({"types": ["artifact"], "cost": "{6}"}, {"ugin1": ugin, **{f"wastes{i}": WASTES for i in range(6)}})
    assert total(data) == "{4}"
    data["cards"]["spell"]["colors"] = ["green"]
    assert total(data) == "{6}"
    data["cards"]["spell"]["colors"] = []
    assert total(data) == "{4}"
    del data["cards"]["spell"]["colors"]
    data["cards"]["spell"]["cost"] = "{4}{C}"
    assert total(data) == "{2}{C}"
    data["cards"]["spell"]["cost"] = "{4}{2/G}"      # mono-hybrid: green
    assert total(data) in ("{6}", "{4}{G}")


def test_attacking_creatures_are_state() -> None:
    """Embercleave ({4}{R}{R}, {1} less per attacking creature you control): two of three
    creatures attack, {2}{R}{R}; `attacking: false` counts the one at home; the opponent's
    attacker is not yours."""
    goblin = {"types": ["creature"], "cost": "{R}"}
    cleave = {"types": ["artifact"], "cost": "{4}{R}{R}", "flash": True,
              "reductions": [{"generic": {"count": {"type": "creature", "attacking": True}}}]}
    mine = {**{f"mountain{i}": MOUNTAIN for i in range(6)},
            "goblin1": {**goblin, "_obj": {"attacking": True}}, "goblin2": {**goblin, "_obj": {"attacking": True}},
            "goblin3": goblin}
    data = scenario(cleave, mine, {"goblin9": {**goblin, "_obj": {"attacking": True}}})
    assert total(data) == "{2}{R}{R}" and solve(data).score == 4
    data["cards"]["spell"]["reductions"][0]["generic"]["count"]["attacking"] = False
    assert total(data) == "{3}{R}{R}"


def test_a_spell_is_never_attacking() -> None:
    """A grant for attacking spells reduces nothing; one for spells not attacking, every spell."""
    helper = {"types": ["artifact"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"attacking": True}}]}
    data = scenario(STRIKE, {"helper1": helper, "mountain1": MOUNTAIN, "mountain2": MOUNTAIN})
    assert total(data) == "{1}{R}"
    data["cards"]["helper"]["grants"][0]["applies_to"]["attacking"] = False
    assert total(data) == "{R}"


def test_each_permanent_reads_its_own_chosen_type() -> None:
    """Two Caverns of Souls, one naming Human and one Elf: a Human ({W}{W}) can use only one
    Cavern's colored mana, so it is unpayable; both naming Human pay it (score 2). Urza's
    Incubator naming Elf takes {2} off an Elf ({2}{G}: {G}), nothing off when none is chosen."""
    cavern = {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{W}|{U}|{B}|{R}|{G}",
                                                           "only_for": {"type": "creature", "chosen_type": True}}]}
    human = {"types": ["creature"], "tags": ["human"], "cost": "{W}{W}"}
    data = scenario(human, {"cavern1": {**cavern, "_obj": {"chosen_type": "human"}},
                            "cavern2": {**cavern, "_obj": {"chosen_type": "elf"}}})
    assert solve(data).status == "unpayable"
    data["state"]["you"]["battlefield"][1]["chosen_type"] = "human"
    assert solve(data).score == 2
    incubator = {"types": ["artifact"], "grants": [{"reduction": {"generic": 2}, "applies_to": {"type": "creature", "chosen_type": True}}]}
    elf = {"types": ["creature"], "tags": ["elf"], "cost": "{2}{G}"}
    data = scenario(elf, {"incubator1": {**incubator, "_obj": {"chosen_type": "elf"}}, "forest1": FOREST,
                          "forest2": FOREST, "forest3": FOREST})
    assert total(data) == "{G}"
    del data["state"]["you"]["battlefield"][0]["chosen_type"]
    assert total(data) == "{2}{G}"


def test_a_count_of_the_chosen_type() -> None:
    """A land adding {G} per permanent of its chosen type (Elf): two Elves, {G}{G}."""
    land = {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"chosen_type": True}}}]}
    elf = {"types": ["creature"], "tags": ["elf"]}
    data = scenario({"types": ["instant"], "cost": "{G}{G}"},
                    {"land1": {**land, "_obj": {"chosen_type": "elf"}}, "elf1": elf, "elf2": elf})
    assert solve(data).score == 1
    data["state"]["you"]["battlefield"][0]["chosen_type"] = "goblin"
    assert solve(data).status == "unpayable"


def test_defense_grid_only_outside_the_casters_turn() -> None:
    grid = {"types": ["artifact"], "grants": [{"increase": "{3}", "applies_to": {"controller": "any"}, "turn": "not_caster"}]}
    data = scenario(STRIKE, {f"mountain{i}": MOUNTAIN for i in range(5)}, {"grid1": grid})
    assert total(data) == "{1}{R}"
    data["state"]["turn"] = "opponent"
    assert total(data) == "{4}{R}"
    data["cards"]["grid"]["grants"][0]["turn"] = "caster"   # during your turn only
    assert total(data) == "{1}{R}"
    data["state"]["turn"] = "you"
    assert total(data) == "{4}{R}"


# --- Costs that depend on the targets ----------------------------------------------------------------

def test_boreal_elemental_taxes_spells_aimed_at_itself() -> None:
    """Two Boreal Elementals: a Strike at one costs {2} more (that one's tax, not the other's);
    at both, {4} more; at a Bear, or at your own Elemental, nothing more."""
    boreal = {"types": ["creature"], "grants": [{"increase": "{2}", "applies_to": {"controller": "opponent", "targets": {"self": True}}}]}
    data = scenario(STRIKE, {f"mountain{i}": MOUNTAIN for i in range(6)},
                    {"boreal1": boreal, "boreal2": boreal, "bear1": BEAR}, targets=["boreal1"])
    assert total(data) == "{3}{R}"
    data["play"]["targets"] = ["boreal1", "boreal2", "boreal1"]
    assert total(data) == "{5}{R}"
    data["play"]["targets"] = ["bear1", "opponent"]
    assert total(data) == "{1}{R}"
    data = scenario(STRIKE, {"boreal1": boreal, "mountain1": MOUNTAIN, "mountain2": MOUNTAIN}, targets=["boreal1"])
    assert total(data) == "{1}{R}"                     # yours taxes the opponent's spells


def test_a_curse_reads_the_player_from_its_controller() -> None:
    curse = {"types": ["enchantment"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"targets": {"player": "opponent"}}}]}
    data = scenario(STRIKE, {"curse1": curse, "mountain1": MOUNTAIN, "mountain2": MOUNTAIN}, targets=["opponent"])
    assert total(data) == "{R}"
    data["play"]["targets"] = ["you"]
    assert total(data) == "{1}{R}"
    data["play"]["targets"] = ["curse1"]               # an object is no player
    assert total(data) == "{1}{R}"
    # The opponent's Curse reaching your spells: its `player: opponent` is you.
    theirs = copy.deepcopy(curse)
    theirs["grants"][0]["applies_to"]["controller"] = "opponent"
    data = scenario(STRIKE, {"mountain1": MOUNTAIN, "mountain2": MOUNTAIN}, {"curse1": theirs}, targets=["you"])
    assert total(data) == "{R}"
    data["play"]["targets"] = ["opponent"]
    assert total(data) == "{1}{R}"


def test_count_targets_counts_each_matching_target_once() -> None:
    """Battlefield Thaumaturge: {1} less per creature target; a land, a player, a creature
    named twice count nothing more. On a card's own reduction `controller` is from your side;
    in a grant, from the granting permanent's."""
    thaum = {"types": ["creature"], "grants": [{"reduction": {"generic": {"count_targets": {"type": "creature"}}},
                                                "applies_to": {"type": ["instant", "sorcery"]}}]}
    arc = {"types": ["sorcery"], "cost": "{2}{R}"}
    data = scenario(arc, {"thaum1": thaum, "mountain1": MOUNTAIN, "mountain2": MOUNTAIN, "mountain3": MOUNTAIN,
                          "bear1": BEAR}, {"bear2": BEAR}, targets=["bear1", "bear2", "opponent"])
    assert total(data) == "{R}"
    data["play"]["targets"] = ["bear2", "bear2", "mountain1", "you"]
    assert total(data) == "{1}{R}"
    data["cards"]["thaum"]["grants"][0]["reduction"]["generic"]["count_targets"]["controller"] = "opponent"
    data["play"]["targets"] = ["bear1", "bear2"]
    assert total(data) == "{1}{R}"
    own = scenario({**arc, "reductions": [{"generic": {"count_targets": {"controller": "you"}}}]},
                   {"mountain1": MOUNTAIN, "mountain2": MOUNTAIN, "mountain3": MOUNTAIN, "bear1": BEAR},
                   {"bear2": BEAR}, targets=["bear1", "mountain1", "bear2"])
    assert total(own) == "{R}"


def test_a_targets_filter_reads_objects_in_any_zone() -> None:
    """A grant for spells that target a green card: a green card in your graveyard counts;
    the filter's chosen type is the granting permanent's."""
    helper = {"types": ["enchantment"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"targets": {"color": "green"}}}]}
    data = scenario(STRIKE, {"helper1": helper, "mountain1": MOUNTAIN, "mountain2": MOUNTAIN}, targets=["y1"])
    data["cards"]["bear"] = BEAR
    data["state"]["you"]["graveyard"] = [{"id": "y1", "card": "bear"}]
    assert total(data) == "{R}"
    data["cards"]["helper"]["grants"][0]["applies_to"]["targets"] = {"chosen_type": True}
    data["cards"]["bear"] = {**BEAR, "tags": ["bear"]}
    assert total(data) == "{1}{R}"
    data["state"]["you"]["battlefield"][0]["chosen_type"] = "bear"
    assert total(data) == "{R}"


# --- Keywords and flashback granted by another permanent -------------------------------------------

def test_a_granted_convoke() -> None:
    """Chief Engineer: artifact spells have convoke. {4} with two Wastes and two creatures (one
    summoning sick): 1 + 1 + 2 + 2 = 6; not an artifact, no convoke: unpayable."""
    engineer = {"types": ["creature"], "grants": [{"keyword": "convoke", "applies_to": {"type": "artifact"}}]}
    squire = {"types": ["creature"]}
    data = scenario({"types": ["artifact"], "cost": "{4}"},
                    {"engineer1": engineer, "squire1": {**squire, "_obj": {"sick": True}}, "wastes1": WASTES, "wastes2": WASTES})
    assert solve(data).score == 6
    data["cards"]["spell"]["types"] = ["sorcery"]
    assert solve(data).status == "unpayable"


def test_granted_delve_and_improvise() -> None:
    """Delve granted to instants: two graveyard cards and a Mountain pay {2}{R} (1 + 1 + 1);
    improvise only on your turn (`turn: caster`)."""
    granter = {"types": ["enchantment"], "grants": [{"keyword": "delve", "applies_to": {"type": "instant"}}]}
    data = scenario({"types": ["instant"], "cost": "{2}{R}"}, {"granter1": granter, "mountain1": MOUNTAIN})
    data["cards"]["chaff"] = {"types": ["sorcery"], "cost": "{B}"}
    data["state"]["you"]["graveyard"] = [{"id": "y1", "card": "chaff"}, {"id": "y2", "card": "chaff"}]
    assert solve(data).score == 3
    data["cards"]["granter"]["grants"][0] = {"keyword": "improvise", "applies_to": {}, "turn": "caster"}
    data["cards"]["rock"] = {"types": ["artifact"]}
    data["state"]["you"]["battlefield"] += [{"id": "r1", "card": "rock"}, {"id": "r2", "card": "rock"}]
    assert solve(data).score == 3
    data["state"]["turn"] = "opponent"
    assert solve(data).status == "unpayable"


def test_a_granted_flashback_is_the_mana_cost() -> None:
    """Lier: Lightning Bolt in the graveyard by flashback for {R}, exiled; a card's own
    flashback cost stands; the opponent's Lier (`controller` default: its controller's cards)
    gives yours nothing; a card in hand is cast as usual."""
    lier = {"types": ["creature"], "grants": [{"flashback": "mana_cost", "applies_to": {"type": ["instant", "sorcery"]}}]}
    data = scenario({"types": ["instant"], "cost": "{R}"}, {"lier1": lier, "mountain1": MOUNTAIN})
    data["state"]["you"]["graveyard"] = data["state"]["you"].pop("hand")
    got = solve(data)
    assert got.casts == {"flashback"} and got.destinations == {"exile"} and got.score == 1
    data["cards"]["spell"]["flashback"] = "{1}{R}"
    assert solve(data).status == "unpayable"
    del data["cards"]["spell"]["flashback"]
    data["state"]["opponent"] = {"battlefield": data["state"]["you"]["battlefield"][:1]}
    data["state"]["you"]["battlefield"] = data["state"]["you"]["battlefield"][1:]
    assert solve(data).status == "illegal"
    data = scenario({"types": ["instant"], "cost": "{R}"}, {"lier1": lier, "mountain1": MOUNTAIN})
    got = solve(data)
    assert got.casts == {"normal"} and got.destinations == {"graveyard"}
