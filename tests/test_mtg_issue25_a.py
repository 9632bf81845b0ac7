"""Issue 25, group A (`mtg/1`): "spend only mana produced by ..." (`spend_only`), snow mana
({S}, `snow`, `snow_pool`) and paying a colored pip with life (`life_for`, K'rrik). Each key is
worked by hand through plan (fast path on and off: `tests.test_mtg.plan`), check, hand, play and
dump, with the loader's refusals and the other side of each example (examples/mtg/56-)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from payplan.engine.loader import ScenarioError
from payplan.engine.mtg.dump import scenario_to_data
from payplan.engine.mtg.loader import mtg_from_data
from payplan.planner.mtg.check import check_data

from tests.test_mtg import plan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "mtg"


def example(name: str) -> dict[str, Any]:
    (path,) = EXAMPLES.glob(f"{name}-*.yaml")
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def problems(data: dict[str, Any], require_play: bool = True) -> list[str]:
    with pytest.raises(ScenarioError) as err:
        mtg_from_data(data, require_play=require_play)
    return [str(p) for p in err.value.problems]


def run(command: str, data: dict[str, Any], tmp_path: Path, code: int = 0) -> Any:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "payplan", command, str(path), "--json"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == code, out.stderr
    return json.loads(out.stdout) if code in (0, 1) else out.stderr


def checked(data: dict[str, Any], payment: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = check_data({**copy.deepcopy(data), "payment": payment}).to_json()
    return out


def round_trips(data: dict[str, Any]) -> None:
    s = mtg_from_data(data, require_play=True)
    assert mtg_from_data(scenario_to_data(s), require_play=True) == s


def tap(*ids: str, adds: str = "{G}") -> list[dict[str, Any]]:
    return [{"id": i, "adds": adds, "costs": ["tap"]} for i in ids]


# --- A2. spend_only (Myr Superion, Imperiosaur) ---------------------------------------------------


def test_myr_superion_spends_only_creatures_mana() -> None:
    data = example("56")
    p = plan(data)
    assert [s["id"] for s in p["payment"]["sources"]] == ["e1", "e2"]
    assert p["payment"]["pool"] == ""  # the pool's {G} has no known producer
    assert (p["score"], p["left_in_pool"]) == (4, "{G}")
    del data["cards"]["myr-superion"]["spend_only"]  # the other side: pool and a Forest
    p = plan(data)
    assert (p["score"], p["payment"]["pool"], p["left_in_pool"]) == (1, "{G}", "")
    round_trips(example("56"))


def test_myr_superion_unpayable_says_why() -> None:
    data = example("56")
    data["state"]["you"]["battlefield"][3]["tapped"] = True  # the Mystic is tapped
    p = plan(data)
    assert p["status"] == "unpayable"
    assert any("spend_only" in r and "e1" in r for r in p["reasons"]), p["reasons"]


def test_imperiosaur_spends_only_basic_lands_mana() -> None:
    data = example("57")
    p = plan(data)
    assert sorted(s["id"] for s in p["payment"]["sources"]) == ["f1", "f2", "m1", "p1"]
    assert p["score"] == 4
    data["state"]["you"]["battlefield"][3]["tapped"] = True  # the Mountain: three basics left
    assert plan(data)["status"] == "unpayable"  # the Treasure and Karplusan Forest can't help
    del data["cards"]["imperiosaur"]["spend_only"]
    assert plan(data)["score"] == 3  # the pool, two Forests and the Plains


def test_spend_only_whichever_way_it_is_cast() -> None:
    data = example("56")
    card = data["cards"]["myr-superion"]
    card["kicker"] = ["{1}"]
    data["play"]["optional"] = {"kicker": "yes"}
    assert plan(data)["status"] == "unpayable"  # {3}: two creatures make {G}{G}
    data["state"]["you"]["battlefield"][4]["sick"] = False  # the Birds may tap now
    p = plan(data)
    assert (p["status"], p["total"]["mana"], p["score"]) == ("ok", "{3}", 6)
    data["state"]["you"]["graveyard"] = [{"id": "g1", "card": "myr-superion"}]
    data["state"]["you"]["hand"] = []
    card["flashback"] = "{2}"
    data["play"] = {"object": "g1"}
    p = plan(data)
    assert (p["cast"], p["score"]) == ("flashback", 4)


def test_spend_only_reads_the_filter_permanent_not_its_cost() -> None:
    """A filter ability's output is made by its permanent; what pays its own cost is not spent
    on the spell, so the pool (and a land) may pay it."""
    data = example("56")
    data["cards"]["beast"] = {"types": ["creature"],
                              "mana": [{"adds": "{G}{G}", "costs": ["tap", "{1}"]}]}
    you = data["state"]["you"]
    you["battlefield"] = [{"id": "b2", "card": "beast"}]
    p = plan(data)  # the pool's {G} pays the beast's {1}; its {G}{G} pays Myr Superion
    assert (p["status"], p["payment"]["pool"], p["left_in_pool"], p["score"]) == ("ok", "{G}", "", 2)
    you["mana_pool"] = ""
    assert plan(data)["status"] == "unpayable"  # nothing pays the beast's {1}
    you["battlefield"].append({"id": "f1", "card": "forest"})
    p = plan(data)  # the Forest pays the beast's {1}: a land's mana never reaches the spell
    assert (p["status"], p["score"]) == ("ok", 3)
    # A filter land is no creature: its mana pays the beast's cost but never the spell.
    data["cards"]["gate"] = {"types": ["land"], "mana": [{"adds": "{G}{G}", "costs": ["tap", "{1}"]}]}
    you["battlefield"] = [{"id": "g1", "card": "gate"}, {"id": "f1", "card": "forest"}]
    assert plan(data)["status"] == "unpayable"


def test_spend_only_on_a_treasure_and_convoke() -> None:
    data = example("56")
    data["cards"]["myr-superion"]["spend_only"] = {"type": "artifact"}
    data["cards"]["treasure"] = {"types": ["artifact"], "tags": ["token"],
                                 "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}",
                                           "costs": ["tap", "sacrifice_self"]}]}
    data["state"]["you"]["battlefield"] += [{"id": "t1", "card": "treasure"},
                                            {"id": "t2", "card": "treasure"}]
    p = plan(data)
    assert sorted(s["id"] for s in p["payment"]["sources"]) == ["t1", "t2"]
    assert p["score"] == 10  # two sacrifices
    data["cards"]["myr-superion"]["convoke"] = True  # convoke spends no mana: it still pays
    p = plan(data)
    assert (p["score"], sorted(c["id"] for c in p["payment"]["convoke"])) == (4, ["e1", "e2"])


def test_spend_only_leaves_activated_abilities_alone() -> None:
    data = example("56")
    data["cards"]["myr-superion"]["abilities"] = [{"id": "pump", "costs": ["{1}"]}]
    data["state"]["you"]["battlefield"].append({"id": "s1", "card": "myr-superion"})
    data["play"] = {"ability": {"object": "s1", "id": "pump"}}
    p = plan(data)
    assert (p["status"], p["payment"]["pool"], p["score"]) == ("ok", "{G}", 0)


def test_check_names_the_source_spend_only_bars() -> None:
    data = example("56")
    bad = checked(data, {"pool": "{G}", "sources": tap("f1")})
    assert not bad["legal"]
    (problem,) = bad["problems"]
    assert "spend_only" in problem and "the pool, f1" in problem, problem
    good = checked(data, {"sources": tap("e1", "e2")})
    assert good["legal"] and good["score"] == 4 and good["gap"] == 0


def test_spend_only_in_hand_play_and_dump(tmp_path: Path) -> None:
    data = example("56")
    state = run("play", data, tmp_path)["state"]["you"]
    assert state["mana_pool"] == "{G}"
    assert {o["id"]: o.get("tapped", False) for o in state["battlefield"]}["e1"] is True
    del data["play"]
    hand = run("hand", data, tmp_path)["plays"]
    assert [(p["play"]["object"], p["score"]) for p in hand] == [("h1", 4)]


def test_spend_only_refusals(tmp_path: Path) -> None:
    data = example("56")
    data["cards"]["forest"]["spend_only"] = {"type": "creature"}
    assert problems(data) == ["cards.forest.spend_only: spend_only restricts the mana spent to "
                              "cast a spell; a land is played, not cast"]
    data = example("56")
    data["cards"]["myr-superion"]["spend_only"] = {"controller": "you", "ability": "activated"}
    assert len(problems(data)) == 2
    data["cards"]["myr-superion"]["spend_only"] = {"chosen_type": True}
    assert problems(data)[0].startswith("cards.myr-superion.spend_only.chosen_type: ")
    data = example("56")
    del data["play"]
    err = run("turn", data, tmp_path, code=2)
    assert err.strip().splitlines() == [
        "cards.myr-superion.spend_only: spend_only is not supported by `payplan turn` (plan "
        "each cast with `payplan plan`)"]


# --- A1. snow mana {S} (107.4h, 205.4f) --------------------------------------------------------


SNOW_SPELL = """
format: mtg/1
cards:
  rime: {name: Rime Spell, types: [sorcery], cost: "{2}{S}{S}{G}"}
  forest: {name: Forest, types: [land], mana: [{adds: "{G}"}]}
  snow-forest: {name: Snow-Covered Forest, types: [land], snow: true, mana: [{adds: "{G}"}]}
state:
  you:
    hand: [{id: h1, card: rime}]
    battlefield:
      - {id: f1, card: forest}
      - {id: f2, card: forest}
      - {id: f3, card: forest}
      - {id: s1, card: snow-forest}
      - {id: s2, card: snow-forest}
play: {object: h1}
"""


def test_scrying_sheets_pays_snow_with_snow_mana() -> None:
    data = example("58")
    p = plan(data)
    assert (p["total"]["mana"], p["score"]) == ("{1}{S}", 2)
    assert [s["id"] for s in p["payment"]["sources"]] == ["f2"]
    assert p["payment"]["pool"] == "{R}"
    del data["cards"]["snow-covered-forest"]["snow"]  # the other side: no snow source
    p = plan(data)
    assert p["status"] == "unpayable"
    assert p["reasons"] == ["needs {S}: 1 mana from a snow source, none can be made"]
    data["state"]["you"]["snow_pool"] = "{R}"  # the floating {R} was made by a snow source
    p = plan(data)
    assert (p["status"], p["payment"]["pool"], p["score"]) == ("ok", "{R}", 2)
    round_trips(example("58"))


def test_icehide_troll_spends_the_pools_snow_part(tmp_path: Path) -> None:
    data = example("59")
    p = plan(data)
    assert (p["score"], p["left_in_pool"]) == (1, "{G}")
    you = run("play", data, tmp_path)["state"]["you"]
    assert you["mana_pool"] == "{G}" and "snow_pool" not in you  # the snow {G} was spent
    data["state"]["you"]["snow_pool"] = "{G}{G}"
    p = plan(data)
    assert (p["score"], p["left_in_pool"], p["payment"]["sources"]) == (0, "", [])
    round_trips(data)


def test_snow_in_a_total_reductions_and_floors() -> None:
    data = yaml.safe_load(SNOW_SPELL)
    p = plan(data)
    assert (p["total"]["mana"], p["mana_value"], p["spent"]["mana"], p["score"]) == (
        "{2}{S}{S}{G}", 5, 5, 5)
    data["cards"]["rime"]["reductions"] = [{"generic": 5}]  # generic only: {S} stays (107.4h)
    assert plan(data)["total"]["mana"] == "{S}{S}{G}"
    data["cards"]["rime"]["reductions"] = [{"G": 2}]  # a colored one: the {G}, then generic
    assert plan(data)["total"]["mana"] == "{1}{S}{S}"
    data["cards"]["rime"]["reductions"] = [{"generic": 4, "minimum": 3}]  # {S} counts as mana
    assert plan(data)["total"]["mana"] == "{S}{S}{G}"
    data["cards"]["rime"]["reductions"] = [{"generic": 9}]
    data["cards"]["forest"]["grants"] = [{"at_least": 5, "applies_to": {}}]  # Trinisphere-like
    assert plan(data)["total"]["mana"] == "{2}{S}{S}{G}"
    # Each of the three Forests makes spells cost {1}{S} more: {S} stays {S}, the {3} goes.
    data["cards"]["forest"]["grants"] = [{"increase": "{1}{S}", "applies_to": {}}]
    p = plan(data)
    assert (p["status"], p["total"]["mana"]) == ("unpayable", "{S}{S}{S}{S}{S}{G}")
    assert "needs {S}{S}{S}{S}{S}: 5 mana from a snow source, at most 2 can be made" in p["reasons"]


def test_snow_is_never_convoked() -> None:
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["rime"].update(cost="{S}", convoke=True)
    data["cards"]["bear"] = {"types": ["creature"], "snow": True, "cost": "{G}"}
    data["state"]["you"]["battlefield"] = [{"id": "b1", "card": "bear"}]
    assert plan(data)["status"] == "unpayable"
    data["cards"]["bear"]["mana"] = [{"adds": "{G}"}]  # a snow creature's mana pays it
    assert plan(data)["status"] == "ok"


def test_check_refuses_snow_paid_with_other_mana() -> None:
    data = example("58")
    bad = checked(data, {"pool": "{R}", "sources": tap("f1"), "other": {"tap_untapped": ["s1"]}})
    assert not bad["legal"]
    assert "{S} only with mana from a snow source" in bad["problems"][0]
    good = checked(data, {"pool": "{R}", "sources": tap("f2"), "other": {"tap_untapped": ["s1"]}})
    assert good["legal"] and good["gap"] == 0


def test_snow_refusals(tmp_path: Path) -> None:
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["forest"]["mana"] = [{"adds": "{G}", "costs": ["tap", "{S}"]}]
    assert problems(data) == ["cards.forest.mana[0].costs[1]: a mana ability's mana cost takes "
                              "plain, generic and hybrid symbols only (no {X}, Phyrexian or {S})"]
    for key, value in (("cards.forest.mana", [{"adds": "{S}"}]),
                       ("cards.rime.reductions", [{"mana": "{S}"}]),
                       ("cards.rime.cost", "{S/G}"),
                       ("state.you.mana_pool", "{S}")):
        data = yaml.safe_load(SNOW_SPELL)
        where = data
        *parents, last = key.split(".")
        for k in parents:
            where = where[k]
        where[last] = value
        assert len(problems(data)) == 1, key
    data = yaml.safe_load(SNOW_SPELL)
    data["state"]["you"].update(mana_pool="{G}", snow_pool="{G}{G}")
    assert problems(data) == ["state.you.snow_pool: {G}{G} is not part of the mana pool {G}: "
                              "snow_pool is the part of mana_pool snow sources made"]
    data = yaml.safe_load(SNOW_SPELL)
    data["cards"]["rime"]["spend_only"] = {"type": "land"}
    assert problems(data) == ["cards.rime.spend_only: spend_only is not supported with {S} (snow "
                              "mana) in the card's costs"]
    data = yaml.safe_load(SNOW_SPELL)
    del data["play"]
    assert run("turn", data, tmp_path, code=2).strip().splitlines() == [
        "cards.rime: {S} (snow mana) is not supported by `payplan turn` (plan each cast with "
        "`payplan plan`)"]
