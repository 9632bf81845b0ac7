"""mtg/1's colors, combat and choices as state: the other side of each example in
examples/mtg/41-46, and the loader's refusals. Answers worked by hand from the cards' Oracle
wording and the objective of docs/mtg-format.md (tap a land 1). Every plan is made with the fast
path on and off (`tests.test_mtg.plan`), and must agree."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from mtg_cases import example, plan
from mtg_cases import problems as _problems


def test_embercleave_counts_only_attacking_creatures() -> None:
    data = example("41")
    assert plan(data)["total"]["mana"] == "{2}{R}{R}"
    for obj in data["state"]["you"]["battlefield"]:
        obj.pop("attacking", None)
    assert plan(data)["total"]["mana"] == "{4}{R}{R}"  # nobody attacks: nothing off
    data["state"]["you"]["battlefield"][-1]["attacking"] = True
    assert plan(data)["total"]["mana"] == "{3}{R}{R}"


def test_pillar_pays_only_a_multicolored_spell() -> None:
    data = example("42")
    assert plan(data)["score"] == 2
    data["cards"]["helix"]["cost"] = "{1}{R}"  # Lightning Strike: mono-red
    assert plan(data)["status"] == "unpayable"
    data["cards"]["helix"]["cost"] = "{R/W}{R}"  # a hybrid symbol counts each of its colors
    assert plan(data)["status"] == "ok"


def test_ugin_reduces_only_colorless_spells() -> None:
    data = example("43")
    assert plan(data)["total"]["mana"] == "{4}"
    data["cards"]["wurmcoil"]["colors"] = ["green"]  # a color indicator makes it colored
    assert plan(data)["status"] == "unpayable"  # {6}, five Wastes
    data["cards"]["wurmcoil"]["colors"] = []  # an empty list: colorless again
    assert plan(data)["total"]["mana"] == "{4}"
    del data["cards"]["wurmcoil"]["colors"]
    data["cards"]["wurmcoil"]["cost"] = "{4}{C}"  # {C} is no color: still colorless
    assert plan(data)["total"]["mana"] == "{2}{C}"


def test_defense_grid_only_outside_the_casters_turn() -> None:
    data = example("44")
    assert plan(data)["total"]["mana"] == "{3}{U}{U}"
    data["state"]["turn"] = "you"
    assert plan(data)["total"]["mana"] == "{U}{U}"
    data["cards"]["defense-grid"]["grants"][0]["turn"] = "caster"
    assert plan(data)["total"]["mana"] == "{3}{U}{U}"


def test_incubator_reads_its_own_chosen_type() -> None:
    data = example("45")
    assert plan(data)["total"]["mana"] == "{G}{G}"
    data["state"]["you"]["battlefield"][0]["chosen_type"] = "goblin"
    assert plan(data)["total"]["mana"] == "{1}{G}{G}"
    del data["state"]["you"]["battlefield"][0]["chosen_type"]  # no type chosen: nothing off
    assert plan(data)["total"]["mana"] == "{1}{G}{G}"


def test_cavern_colors_only_its_chosen_type() -> None:
    data = example("46")
    assert plan(data)["score"] == 2
    data["state"]["you"]["battlefield"][0]["chosen_type"] = "elf"
    assert plan(data)["status"] == "unpayable"  # {C} and {R}: no {W}


def test_the_loader_refuses_what_cant_be() -> None:
    data = example("45")
    bad = copy.deepcopy(data)
    bad["state"]["you"]["hand"][0]["chosen_type"] = "elf"
    assert any("state.you.hand[0].chosen_type" in p and "battlefield" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["state"]["you"]["battlefield"][0]["attacking"] = True  # an artifact
    assert any("state.you.battlefield[0].attacking" in p and "creature" in p
               for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["archdruid"]["reductions"] = [{"generic": {"count": {"chosen_type": True}}}]
    assert any("chosen_type" in p and "holding" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["incubator"]["grants"][0]["turn"] = "yours"
    assert any("cards.incubator.grants[0].turn" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["incubator"]["grants"][0]["applies_to"]["multicolored"] = "yes"
    assert any("applies_to.multicolored" in p for p in _problems(bad))


# --- targets (examples 47-49) ---------------------------------------------------------------------


def test_boreal_elemental_taxes_only_spells_aimed_at_it() -> None:
    data = example("47")
    assert plan(data)["total"]["mana"] == "{3}{R}"
    data["play"]["targets"] = ["opponent"]
    assert plan(data)["total"]["mana"] == "{1}{R}"
    data["play"]["targets"] = ["b1", "b1"]  # one target named twice counts once
    assert plan(data)["total"]["mana"] == "{3}{R}"
    # Your own Elemental taxes the opponent's spells, not yours (`controller: opponent`).
    data["state"]["you"]["battlefield"].append(data["state"]["opponent"]["battlefield"].pop())
    assert plan(data)["total"]["mana"] == "{1}{R}"


def test_infectious_curse_reads_the_player_from_its_controller() -> None:
    data = example("48")
    assert plan(data)["total"]["mana"] == "{R}"
    data["play"]["targets"] = ["o1"]
    assert plan(data)["total"]["mana"] == "{1}{R}"
    data["play"]["targets"] = ["you"]
    assert plan(data)["total"]["mana"] == "{1}{R}"
    # The opponent's Curse: "spells you cast" is its controller's spells, not yours, whomever
    # they target.
    data["state"]["opponent"]["battlefield"].append(data["state"]["you"]["battlefield"].pop(0))
    assert plan(data)["total"]["mana"] == "{1}{R}"
    # With `controller: opponent` it reaches your spells, and `player: opponent` from its side
    # is you: aimed at yourself, {R}.
    data["cards"]["curse"]["grants"][0]["applies_to"]["controller"] = "opponent"
    assert plan(data)["total"]["mana"] == "{R}"


def test_thaumaturge_counts_each_creature_target() -> None:
    data = example("49")
    assert plan(data)["total"]["mana"] == "{R}"
    data["play"]["targets"] = ["o1", "opponent"]
    assert plan(data)["total"]["mana"] == "{1}{R}"
    data["play"]["targets"] = ["opponent", "m1"]  # a player and a land: no creature
    assert plan(data)["total"]["mana"] == "{2}{R}"


def test_the_loader_refuses_targets_where_no_spell_is_read() -> None:
    data = example("49")
    bad = copy.deepcopy(data)
    bad["cards"]["arc-lightning"]["reductions"] = [{"generic": {"count": {"targets": {}}}}]
    assert any("targets" in p and "applies_to" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["arc-lightning"]["reductions"] = [
        {"generic": {"count_targets": {"self": True}}}]
    assert any(".self" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["thaumaturge"]["grants"][0]["applies_to"]["targets"] = {
        "player": "opponent", "type": "creature"}
    assert any("player" in p and "alone" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["thaumaturge"]["grants"][0]["reduction"]["generic"] = {
        "count": {"type": "land"}, "count_targets": {"type": "creature"}}
    assert any("one of them" in p for p in _problems(bad))


# --- keywords granted by another permanent (examples 50-51) ----------------------------------------


def test_chief_engineer_gives_artifact_spells_convoke() -> None:
    data = example("50")
    p = plan(data)
    assert p["score"] == 10 and len(p["payment"]["convoke"]) == 4
    data["cards"]["engineer"]["grants"][0]["applies_to"] = {"type": ["instant"]}
    assert plan(data)["status"] == "unpayable"  # not an artifact spell: no convoke
    del data["cards"]["engineer"]["grants"]
    assert plan(data)["status"] == "unpayable"


def test_lier_gives_graveyard_spells_flashback() -> None:
    data = example("51")
    p = plan(data)
    assert (p["cast"], p["destination"]) == ("flashback", "exile")
    data["state"]["you"]["battlefield"].pop(0)  # Lier gone: no way from the graveyard
    assert plan(data)["status"] != "ok"
    data = example("51")
    data["cards"]["bolt"]["flashback"] = "{4}{R}"  # a flashback cost of its own stands
    assert plan(data)["status"] == "unpayable"  # one Mountain
    data["state"]["you"]["battlefield"] += [{"id": f"m{i}", "card": "mountain"} for i in range(2, 6)]
    assert plan(data)["total"]["mana"] == "{4}{R}"


def test_hand_and_play_see_the_granted_flashback(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    data = example("51")
    del data["play"]
    path = tmp_path / "lier.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "payplan", "hand", str(path), "--json"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert any(p["play"]["object"] == "g1" and p["status"] == "ok"
               for p in json.loads(out.stdout)["plays"])
    data["plays"] = [{"object": "g1", "from": "graveyard"}]
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "payplan", "play", str(path), "--json"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)["state"]["you"]
    assert [o["id"] for o in state.get("exile", [])] == ["g1"]
    assert not state.get("graveyard")


def test_the_loader_refuses_words_that_would_check_nothing() -> None:
    data = example("47")
    bad = copy.deepcopy(data)
    bad["cards"]["boreal"]["grants"][0]["applies_to"]["targets"]["self"] = False
    assert any("targets.self" in p and "true" in p for p in _problems(bad))
    data = example("45")
    bad = copy.deepcopy(data)
    bad["cards"]["incubator"]["grants"][0]["applies_to"]["chosen_type"] = False
    assert any("applies_to.chosen_type" in p and "true" in p for p in _problems(bad))
    data = example("50")
    bad = copy.deepcopy(data)
    bad["cards"]["engineer"]["grants"][0]["applies_to"] = {"ability": "activated"}
    assert any("grants[0].applies_to" in p and "spell's" in p for p in _problems(bad))
# --- X in a non-mana cost (example 52) ------------------------------------------------------------


def test_toxic_deluge_pays_the_announced_x_in_life() -> None:
    data = example("52")
    p = plan(data)
    assert (p["x"], p["total"]["life"], p["score"], p["mana_value"]) == (7, 7, 10, 3)
    data["play"]["x"] = 3
    p = plan(data)
    assert (p["x"], p["total"], p["score"]) == (3, {"mana": "{2}{B}", "life": 3, "other": []}, 6)
    data["play"]["x"] = 8  # more life than you have (119.4)
    assert plan(data)["status"] == "unpayable"
    data["play"]["x"] = "auto"
    data["state"]["you"]["life"] = 0  # X = 0 is still a cast
    assert (plan(data)["x"], plan(data)["total"]["life"]) == (0, 0)
    # Cast without paying its mana cost, X is still announced and X life paid (its ruling).
    data = example("52")
    data["play"]["cast"] = "without_paying"
    p = plan(data)
    assert (p["x"], p["total"], p["score"]) == (7, {"mana": "{0}", "life": 7, "other": []}, 7)
    # Two Swamps: the {2}{B} can't be paid whatever X is.
    data = example("52")
    data["state"]["you"]["battlefield"].pop()
    assert plan(data)["status"] == "unpayable"


def test_x_life_beside_an_x_in_the_mana_cost() -> None:
    # Bond of Agony ({X}{B}, "as an additional cost, pay X life"): X is bounded by both the mana
    # (three Swamps: X = 2) and the life (5).
    data = example("52")
    data["cards"]["toxic-deluge"]["cost"] = "{X}{B}"
    p = plan(data)
    assert (p["x"], p["total"], p["mana_value"]) == (2, {"mana": "{2}{B}", "life": 2, "other": []}, 1)
    data["state"]["you"]["life"] = 1
    assert (plan(data)["x"], plan(data)["total"]["mana"]) == (1, "{1}{B}")
    # Cast without paying its mana cost, X in that mana cost is 0 (107.3b): no life either,
    # whatever X the play names.
    data["state"]["you"]["life"] = 20
    data["play"]["cast"] = "without_paying"
    p = plan(data)
    assert (p["x"], p["total"]["life"], p["score"]) == (0, 0, 0)
    data["play"]["x"] = 1
    assert (plan(data)["x"], plan(data)["total"]["life"]) == (0, 0)


def test_x_life_in_an_activated_ability() -> None:
    data = example("52")
    data["cards"]["swamp"]["abilities"] = [{"id": "drain", "costs": ["{1}", {"pay_life": "X"}]}]
    data["play"] = {"ability": {"object": "s1", "id": "drain"}, "x": 4}
    p = plan(data)
    assert (p["x"], p["total"]["life"]) == (4, 4)


def test_the_loader_refuses_x_where_none_is_announced() -> None:
    data = example("52")
    bad = copy.deepcopy(data)
    bad["cards"]["toxic-deluge"]["additional"][0]["other"] = [{"mill": "X"}]
    assert any("additional[0].other[0].mill" in p and "only pay_life" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["toxic-deluge"]["additional"][0]["mandatory"] = False
    assert any("cards.toxic-deluge.additional[0]" in p and "optional" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["toxic-deluge"]["kicker"] = {"other": [{"pay_life": "X"}]}
    assert any("cards.toxic-deluge.kicker" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["swamp"]["mana"][0]["costs"] = ["tap", {"pay_life": "X"}]
    assert any("cards.swamp.mana[0].costs" in p and "mana ability" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["toxic-deluge"]["additional"][0]["other"] = [{"pay_life": "Y"}]
    assert any("pay_life" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    del bad["cards"]["toxic-deluge"]["additional"]
    assert any("play.x" in p and "no {X}" in p for p in _problems(bad))


# --- abilities activated from the hand: cycling (examples 53-55) ----------------------------------


def test_lonely_sandbar_cycles_from_the_hand() -> None:
    data = example("53")
    p = plan(data)
    assert (p["total"]["mana"], p["total"]["other"], p["score"]) == ("{U}", [{"discard": 1}], 5)
    assert p["payment"]["other"] == {"discard": ["h1"]}
    data["state"]["you"]["hand"][0]["value"] = 0  # a card worth nothing to keep: its value
    assert plan(data)["score"] == 1
    data["state"]["you"]["battlefield"][0]["tapped"] = True
    assert plan(data)["status"] == "unpayable"
    # On the battlefield, a card's cycling ability can't be activated (113.6, 702.29a).
    data = example("53")
    data["state"]["you"]["battlefield"].append(data["state"]["you"]["hand"].pop())
    assert any("is in your battlefield" in p and "activated from the hand" in p
               for p in _problems(data))


def test_fluctuator_takes_two_off_cycling_only() -> None:
    data = example("54")
    p = plan(data)
    assert (p["total"]["mana"], p["score"]) == ("{0}", 4)
    data["play"] = {"object": "h1"}  # the spell: Fluctuator reads cycling abilities only
    assert plan(data)["status"] == "unpayable"
    data = example("54")
    del data["state"]["you"]["battlefield"][0]
    assert plan(data)["status"] == "unpayable"  # {2}, no land
    # `ability: activated` reaches cycling abilities too (cycling is an activated ability).
    data = example("54")
    data["cards"]["fluctuator"]["grants"][0]["applies_to"] = {"ability": "activated"}
    assert plan(data)["total"]["mana"] == "{0}"
    # Not marked as cycling, the ability is an activated ability Fluctuator does not reach.
    data = example("54")
    data["cards"]["miscalculation"]["abilities"][0]["cycling"] = False
    assert plan(data)["status"] == "unpayable"


def test_fluctuator_leaves_the_colored_pip() -> None:
    data = example("55")
    p = plan(data)
    assert (p["total"]["mana"], p["score"], len(p["payment"]["sources"])) == ("{W}", 5, 1)
    data["state"]["you"]["battlefield"].pop(0)
    p = plan(data)
    assert (p["total"]["mana"], p["score"]) == ("{1}{W}", 6)
    # A battlefield permanent's {T} ability isn't cycling: Fluctuator leaves it alone.
    data = example("55")
    data["cards"]["plains"]["abilities"] = [{"id": "pray", "costs": ["{1}"]}]
    data["play"] = {"ability": {"object": "p1", "id": "pray"}}
    assert plan(data)["total"]["mana"] == "{1}"


def _run(command: str, data: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    import json
    import subprocess
    import sys

    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "payplan", command, str(path), "--json"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


@pytest.mark.slow
def test_hand_lists_and_play_discards_the_cycled_card(tmp_path: Path) -> None:
    data = example("55")
    del data["play"]
    plays = _run("hand", data, tmp_path)["plays"]
    cycled = [p for p in plays if p["play"].get("ability") == "cycling"]
    assert [(p["play"]["object"], p["play"]["from"], p["status"]) for p in cycled] == [
        ("h1", "hand", "ok")]
    data["play"] = {"ability": {"object": "h1", "id": "cycling"}}
    state = _run("play", data, tmp_path)["state"]["you"]
    assert [o["id"] for o in state["graveyard"]] == ["h1"]
    assert not state.get("hand")
    assert [o.get("tapped", False) for o in state["battlefield"]].count(True) == 1


def test_the_loader_refuses_what_cycling_cant_be() -> None:
    data = example("53")
    bad = copy.deepcopy(data)
    bad["cards"]["lonely-sandbar"]["abilities"][0]["costs"] = ["tap", "{U}", "discard_self"]
    assert any("cards.lonely-sandbar.abilities[0].costs" in p and "hand" in p
               for p in _problems(bad))
    bad = copy.deepcopy(data)
    del bad["cards"]["lonely-sandbar"]["abilities"][0]["zone"]
    assert any("abilities[0].costs" in p and "discard_self" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["lonely-sandbar"]["abilities"][0]["costs"] = ["{U}"]
    assert any("abilities[0].cycling" in p and "702.29a" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["lonely-sandbar"]["abilities"][0]["zone"] = "graveyard"
    assert any("abilities[0].zone" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["island"]["mana"][0]["costs"] = ["tap", "discard_self"]
    assert any("cards.island.mana[0].costs" in p and "discard_self" in p for p in _problems(bad))
    bad = copy.deepcopy(data)
    bad["cards"]["lonely-sandbar"]["abilities"][0]["cycling"] = "yes"
    assert any("abilities[0].cycling" in p for p in _problems(bad))
