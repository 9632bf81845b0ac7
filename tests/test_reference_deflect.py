"""The independent reference alone on granted and conditional Deflect, each answer worked by hand
from the rules (809.1.c, 809.2) and docs/payplan-format.md:

- a grant `deflect: N` gives every board object its `applies_to` reaches (read on the object,
  `controller` relative to the granting object's controller, default the same player) N more
  Deflect while its `while` holds, read with the granting object; `self: true` is the granting
  object itself, which is matched like any other;
- a board object's own `deflect: N` (gained from an effect) adds to it;
- `{might_at_least: N}`: the granting object's Might (its `might`, else printed plus buffs);
- the values stack: printed keyword + every grant reaching it + its own;
- as before, only a play of the object's opponent that chooses it pays it, [A] per point, once
  per choice; `ignore_deflect` removes all of it.
"""

from __future__ import annotations

from typing import Any

import pytest

from payplan.benchmarks.riftbound.reference.compare import reference_answer
from payplan.benchmarks.riftbound.reference.pricing import reference_totals

SUNHAWK = {"name": "Solari Sunhawk", "type": "unit", "domains": ["order"], "cost": {"energy": 3},
           "might": 3, "grants": [{"deflect": 2, "applies_to": {"self": True},
                                   "while": {"empowered_at_least": 1}}]}
FIORA = {"name": "Fiora - Victorious", "type": "unit", "domains": ["order"],
         "cost": {"energy": 4}, "might": 4,
         "grants": [{"deflect": 1, "applies_to": {"self": True}, "while": {"might_at_least": 5}}]}
MONUMENT = {"name": "Petricite Monument", "type": "gear", "cost": {"energy": 2},
            "grants": [{"deflect": 1, "applies_to": {"type": "unit"}}]}
SENTINEL = {"name": "Sentinel", "type": "unit", "cost": {"energy": 3}, "might": 4,
            "keywords": {"deflect": 1}}
RECRUIT = {"name": "Recruit", "type": "unit", "cost": {"energy": 1}, "might": 1}
BOLT = {"name": "Bolt", "type": "spell", "domains": ["fury"], "cost": {"energy": 1}}


def scenario(opponent: list[dict[str, Any]], targets: list[str],
             you: list[dict[str, Any]] | None = None, cards: dict[str, Any] | None = None,
             play: dict[str, Any] | None = None, runes: int = 6) -> dict[str, Any]:
    library = {"bolt": BOLT, "sunhawk": SUNHAWK, "fiora": FIORA, "monument": MONUMENT,
               "sentinel": SENTINEL, "recruit": RECRUIT, **(cards or {})}
    return {"format": "payplan/1", "cards": library,
            "state": {"you": {"runes": [{"id": f"r{i}", "domain": "fury"} for i in range(runes)],
                              "hand": [{"id": "p1", "card": "bolt"}], "board": you or []},
                      "opponent": {"board": opponent}},
            "play": {**(play or {"object": "p1"}), "targets": targets}}


def totals(data: dict[str, Any]) -> set[str]:
    ref = reference_totals(data)
    assert ref.legal, ref.reasons
    return {o.total.text() for o in ref.options}


def test_sunhawk_has_deflect_2_only_while_empowered() -> None:
    """"I have Deflect 2 while I'm Empowered": Bolt [1] on it costs [1][A][A] Empowered, [1]
    not."""
    empowered = scenario([{"id": "s1", "card": "sunhawk", "empowered": 1}], ["s1"])
    assert totals(empowered) == {"[1][A][A]"}
    assert reference_answer(empowered, reference_totals(empowered)).status == "ok"
    assert totals(scenario([{"id": "s1", "card": "sunhawk"}], ["s1"])) == {"[1]"}


def test_self_is_the_granting_object_only() -> None:
    """`self: true` reaches the Sunhawk granting it, not another Sunhawk (its own grant is off:
    not Empowered) nor a Recruit beside it."""
    opp = [{"id": "s1", "card": "sunhawk", "empowered": 1}, {"id": "s2", "card": "sunhawk"},
           {"id": "e1", "card": "recruit"}]
    assert totals(scenario(opp, ["s2"])) == {"[1]"}
    assert totals(scenario(opp, ["e1"])) == {"[1]"}
    assert totals(scenario(opp, ["s1", "s2", "e1"])) == {"[1][A][A]"}


@pytest.mark.parametrize("unit, deflect", [
    ({}, 0),  # Might 4: not Mighty
    ({"buffs": 1}, 1),  # 4 + a buff = 5 (buffs are Might)
    ({"buffs": 2}, 1),
    ({"might": 5}, 1),  # the state's Might
    ({"might": 4, "buffs": 3}, 0),  # `might` given: the buffs are in it
    ({"might": 7}, 1),
])
def test_fiora_has_deflect_while_mighty(unit: dict[str, Any], deflect: int) -> None:
    """Fiora - Victorious: Deflect while Mighty (`might_at_least: 5`), her Might read as Might
    is elsewhere."""
    data = scenario([{"id": "f1", "card": "fiora", **unit}], ["f1"])
    assert totals(data) == {"[1]" + "[A]" * deflect}


def test_values_stack() -> None:
    """809.2: a Sentinel (Deflect 1) with a Deflect token (`deflect: 2`) beside a Monument
    (friendly units have Deflect 1) has Deflect 4; chosen twice, [8]; the Monument reaches the
    opponent's units only (its own controller's), so the spell's caster's Recruit has none."""
    opp = [{"id": "m1", "card": "monument"}, {"id": "e1", "card": "sentinel", "deflect": 2}]
    assert totals(scenario(opp, ["e1"])) == {"[1]" + "[A]" * 4}
    assert totals(scenario(opp, ["e1", "e1"])) == {"[1]" + "[A]" * 8}
    two = opp + [{"id": "m2", "card": "monument"}]
    assert totals(scenario(two, ["e1"])) == {"[1]" + "[A]" * 5}
    mine = [{"id": "u1", "card": "recruit"}]
    assert totals(scenario(opp, ["u1"], you=mine)) == {"[1]"}


def test_an_objects_own_deflect_alone() -> None:
    """`board[].deflect` on a card with no Deflect (Kato the Arm gave it his keywords)."""
    assert totals(scenario([{"id": "e1", "card": "recruit", "deflect": 2}], ["e1"])) == {
        "[1][A][A]"}
    assert totals(scenario([{"id": "e1", "card": "recruit", "deflect": 0}], ["e1"])) == {"[1]"}


def test_the_granting_object_is_matched_like_any_other() -> None:
    """A unit granting "friendly units have Deflect 1" has it itself."""
    captain = {"name": "Captain", "type": "unit", "cost": {"energy": 2}, "might": 2,
               "grants": [{"deflect": 1, "applies_to": {"type": "unit"}}]}
    data = scenario([{"id": "c1", "card": "captain"}], ["c1"], cards={"captain": captain})
    assert totals(data) == {"[1][A]"}


def test_controller_is_relative_to_the_granting_object() -> None:
    """Your gear granting `controller: opponent` reaches the opponent's units (so your play on
    them pays it); the opponent's gear with `controller: opponent` reaches your units (your
    play on them pays nothing); `controller: you` on the opponent's gear is its own units."""
    jinx = {"name": "Jinx", "type": "gear", "cost": {"energy": 1},
            "grants": [{"deflect": 2, "applies_to": {"controller": "opponent", "type": "unit"}}]}
    own = {"name": "Own", "type": "gear", "cost": {"energy": 1},
           "grants": [{"deflect": 1, "applies_to": {"controller": "you"}}]}
    lib = {"jinx": jinx, "own": own}
    enemy = [{"id": "e1", "card": "recruit"}]
    mine = [{"id": "u1", "card": "recruit"}]
    assert totals(scenario(enemy, ["e1"], you=[{"id": "j1", "card": "jinx"}] + mine,
                           cards=lib)) == {"[1][A][A]"}
    assert totals(scenario(enemy + [{"id": "j1", "card": "jinx"}], ["u1"], you=mine,
                           cards=lib)) == {"[1]"}
    assert totals(scenario(enemy + [{"id": "j1", "card": "jinx"}], ["e1"], you=mine,
                           cards=lib)) == {"[1]"}
    assert totals(scenario(enemy + [{"id": "o1", "card": "own"}], ["e1"], cards=lib)) == {
        "[1][A]"}
    # Your own "friendly units have Deflect" reaches your units: your play never pays it.
    assert totals(scenario(enemy, ["u1"], you=[{"id": "o1", "card": "own"}] + mine,
                           cards=lib)) == {"[1]"}


def test_applies_to_reads_the_object() -> None:
    """The filter is read on the board object: its location, its Might (buffs included)."""
    bastion = {"name": "Bastion", "type": "gear", "cost": {"energy": 1}, "grants": [
        {"deflect": 1, "applies_to": {"type": "unit", "location": "battlefield"}},
        {"deflect": 1, "applies_to": {"min_might": 3}}]}
    lib = {"bastion": bastion}
    opp = [{"id": "b1", "card": "bastion"}, {"id": "e1", "card": "recruit", "location": "base"},
           {"id": "e2", "card": "recruit", "location": "battlefield"},
           {"id": "e3", "card": "recruit", "location": "battlefield", "buffs": 2}]
    assert totals(scenario(opp, ["e1"], cards=lib)) == {"[1]"}
    assert totals(scenario(opp, ["e2"], cards=lib)) == {"[1][A]"}
    assert totals(scenario(opp, ["e3"], cards=lib)) == {"[1][A][A]"}


def test_while_is_read_with_the_granting_object() -> None:
    """A Monument whose grant holds only while it (a gear, no Might) is Mighty never holds, not
    even at least 0 (a gear has no Might, as a Might filter never matches it); one
    whose grant holds while it is at a battlefield holds there."""
    mighty = {"name": "M", "type": "gear", "cost": {"energy": 1}, "grants": [
        {"deflect": 1, "applies_to": {"type": "unit"}, "while": {"might_at_least": 1}},
        {"deflect": 1, "applies_to": {"type": "unit"}, "while": {"might_at_least": 0}}]}
    there = {"name": "T", "type": "gear", "cost": {"energy": 1}, "grants": [
        {"deflect": 1, "applies_to": {"type": "unit"}, "while": {"at": "battlefield"}}]}
    lib = {"mighty": mighty, "there": there}
    enemy = {"id": "e1", "card": "recruit"}
    assert totals(scenario([{"id": "g1", "card": "mighty"}, enemy], ["e1"], cards=lib)) == {"[1]"}
    assert totals(scenario([{"id": "g1", "card": "there", "location": "battlefield"}, enemy],
                           ["e1"], cards=lib)) == {"[1][A]"}
    assert totals(scenario([{"id": "g1", "card": "there", "location": "base"}, enemy],
                           ["e1"], cards=lib)) == {"[1]"}


def test_ignore_deflect_removes_granted_deflect_too() -> None:
    """Decree of Insight (card `ignore_deflect`) and an `ignore_deflect` grant remove all of
    it; `ignore: all` too."""
    opp = [{"id": "m1", "card": "monument"}, {"id": "e1", "card": "sentinel", "deflect": 1}]
    decree = {**BOLT, "ignore_deflect": True}
    assert totals(scenario(opp, ["e1"], cards={"bolt": decree})) == {"[1]"}
    seal = {"name": "Seal", "type": "gear", "cost": {"energy": 1},
            "grants": [{"ignore_deflect": True}]}
    assert totals(scenario(opp, ["e1"], you=[{"id": "x1", "card": "seal"}],
                           cards={"seal": seal})) == {"[1]"}
    assert totals(scenario(opp, ["e1"], play={"object": "p1", "ignore": "all"})) == {"[0]"}


def test_an_ability_choosing_it_pays_it() -> None:
    """An activated ability that chooses the Empowered Sunhawk pays its Deflect 2."""
    zapper = {"name": "Zapper", "type": "gear", "cost": {"energy": 1}, "abilities": [
        {"id": "zap", "kind": "activated", "cost": {"energy": 1}, "targets": {"type": "unit"}}]}
    data = scenario([{"id": "s1", "card": "sunhawk", "empowered": 1}], ["s1"],
                    you=[{"id": "z1", "card": "zapper"}], cards={"zapper": zapper},
                    play={"ability": {"object": "z1", "id": "zap"}})
    assert totals(data) == {"[1][A][A]"}


def test_might_at_least_elsewhere() -> None:
    """`might_at_least` in a discount grant's `while` (the granting unit's Might) and in an
    ability's `while` (its own object's); a card's own discount has no granting object: it
    never holds there."""
    leader = {"name": "Leader", "type": "unit", "cost": {"energy": 2}, "might": 4,
              "grants": [{"discount": {"id": "lead", "energy": 1}, "applies_to": {"type": "spell"},
                          "while": {"might_at_least": 5}}]}
    lib = {"leader": leader}
    assert totals(scenario([], [], you=[{"id": "l1", "card": "leader"}], cards=lib)) == {"[1]"}
    assert totals(scenario([], [], you=[{"id": "l1", "card": "leader", "buffs": 1}],
                           cards=lib)) == {"[0]"}
    own = {**BOLT, "cost": {"energy": 2},
           "discounts": [{"id": "own", "energy": 1, "if": {"might_at_least": 1}}]}
    assert totals(scenario([], [], cards={"bolt": own})) == {"[2]"}
    brute = {"name": "Brute", "type": "unit", "cost": {"energy": 2}, "might": 4, "abilities": [
        {"id": "smash", "kind": "activated", "cost": {"energy": 1},
         "while": {"might_at_least": 5}}]}
    weak = scenario([], [], you=[{"id": "b1", "card": "brute"}], cards={"brute": brute},
                    play={"ability": {"object": "b1", "id": "smash"}})
    assert not reference_totals(weak).legal
    strong = scenario([], [], you=[{"id": "b1", "card": "brute", "buffs": 1}],
                      cards={"brute": brute}, play={"ability": {"object": "b1", "id": "smash"}})
    assert totals(strong) == {"[1]"}


def test_unpayable_when_the_deflect_is_more_than_the_runes() -> None:
    """Deflect 4 on a [1] spell: [1][A][A][A][A] needs four recycled runes (a rune recycled
    pays one Power; one of them may be exhausted first for the [1]): three runes can't pay it,
    four can."""
    opp = [{"id": "m1", "card": "monument"}, {"id": "e1", "card": "sentinel", "deflect": 2}]
    few = scenario(opp, ["e1"], runes=3)
    assert reference_answer(few, reference_totals(few)).status == "unpayable"
    enough = scenario(opp, ["e1"], runes=4)
    assert reference_answer(enough, reference_totals(enough)).status == "ok"


@pytest.mark.parametrize("mutant, want", [
    # The printed keyword alone: the Sentinel's 1.
    ("deflect_printed_only", "[1][A]"),
    # `controller` read as a player: the opponent's Monument and the Sunhawk's own grant
    # (no `controller`: "you") would reach your units instead: 1 + 2.
    ("deflect_controller_absolute", "[1][A][A][A]"),
    # The granting object not matched: the Sunhawk's own grant would reach nothing: 1 + 4.
    ("deflect_granter_excluded", "[1][A][A][A][A][A]"),
])
def test_the_wrong_readings_differ_here(mutant: str, want: str) -> None:
    """The reference's mutants of item 2 (each a wrong reading, `pricing.REAL_MUTANTS`) on one
    play: Bolt on an Empowered Sunhawk (its own Deflect 2) beside a Monument (1) and on a
    Sentinel (1) with a token (2): the right answer is (2 + 1) + (1 + 2 + 1) = [A] x7."""
    opp = [{"id": "m1", "card": "monument"}, {"id": "s1", "card": "sunhawk", "empowered": 1},
           {"id": "e1", "card": "sentinel", "deflect": 2}]
    data = scenario(opp, ["s1", "e1"])
    assert totals(data) == {"[1]" + "[A]" * 7}
    got = {o.total.text() for o in reference_totals(data, mutant).options}
    assert got == {want}


YI = {"name": "Master Yi - Tempered", "type": "unit", "domains": ["body"], "cost": {"energy": 4},
      "might": 4, "grants": [{"deflect": 1, "applies_to": {"self": True},
                              "while": {"level_at_least": 6}}]}


@pytest.mark.parametrize("opponent_xp, your_xp, deflect", [(6, 0, 1), (5, 6, 0), (0, 0, 0)])
def test_player_conditions_read_the_granting_objects_controller(
        opponent_xp: int, your_xp: int, deflect: int) -> None:
    """A Deflect grant's `while` reads its level from the granting object's controller (the
    README's reading: the opponent's Master Yi - Tempered has Deflect at the opponent's Level 6,
    whatever yours is)."""
    data = scenario([{"id": "y1", "card": "yi"}], ["y1"], cards={"yi": YI})
    data["state"]["opponent"]["xp"] = opponent_xp
    data["state"]["you"]["xp"] = your_xp
    assert totals(data) == {"[1]" + "[A]" * deflect}


def test_controls_and_runes_read_the_granting_objects_controller() -> None:
    """`controls` is the granting object's controller's board, `runes_at_most` its runes."""
    ward = {"name": "Ward", "type": "gear", "cost": {"energy": 1}, "grants": [
        {"deflect": 1, "applies_to": {"type": "unit"}, "while": {"controls": {"name": "Sentinel"}}},
        {"deflect": 1, "applies_to": {"type": "unit"}, "while": {"runes_at_most": 2}}]}
    lib = {"ward": ward}
    enemy = [{"id": "w1", "card": "ward"}, {"id": "e1", "card": "recruit"}]
    # The opponent controls no Sentinel (yours doesn't count); the opponent has no runes (<= 2).
    data = scenario(enemy, ["e1"], you=[{"id": "s1", "card": "sentinel"}], cards=lib)
    assert totals(data) == {"[1][A]"}
    # The opponent's Sentinel; four runes of theirs.
    data = scenario(enemy + [{"id": "s2", "card": "sentinel"}], ["e1"], cards=lib)
    data["state"]["opponent"]["runes"] = [{"id": f"o{i}", "domain": "order"} for i in range(4)]
    assert totals(data) == {"[1][A]"}
    data["state"]["opponent"]["runes"] = data["state"]["opponent"]["runes"][:2]
    assert totals(data) == {"[1][A][A]"}


def test_self_on_a_grant_to_plays_is_its_own_abilities() -> None:
    """The README: `self: true` in a grant to plays reaches only plays of the granting object,
    its abilities: a gear's "my abilities cost [1] less" reaches its own, not another gear's,
    and no card."""
    tinker = {"name": "Tinker", "type": "gear", "cost": {"energy": 1},
              "grants": [{"discount": {"id": "mine", "energy": 1},
                          "applies_to": {"ability": "any", "self": True}}],
              "abilities": [{"id": "tick", "kind": "activated", "cost": {"energy": 2}}]}
    other = {"name": "Other", "type": "gear", "cost": {"energy": 1},
             "abilities": [{"id": "tock", "kind": "activated", "cost": {"energy": 2}}]}
    lib = {"tinker": tinker, "other": other}
    board = [{"id": "g1", "card": "tinker"}, {"id": "g2", "card": "other"}]
    assert totals(scenario([], [], you=board, cards=lib,
                           play={"ability": {"object": "g1", "id": "tick"}})) == {"[1]"}
    assert totals(scenario([], [], you=board, cards=lib,
                           play={"ability": {"object": "g2", "id": "tock"}})) == {"[2]"}
    assert totals(scenario([], [], you=board, cards=lib)) == {"[1]"}  # Bolt: no discount


def test_a_keyword_filter_reads_the_printed_keywords() -> None:
    """"Your units with Deflect have Deflect 1 more": `keyword: deflect` is the card's printed
    keyword (the README), so a unit with Deflect gained only (`deflect` on the object) is not
    reached."""
    ward = {"name": "Ward", "type": "gear", "cost": {"energy": 1},
            "grants": [{"deflect": 1, "applies_to": {"keyword": "deflect"}}]}
    lib = {"ward": ward}
    opp = [{"id": "w1", "card": "ward"}, {"id": "e1", "card": "sentinel"},
           {"id": "e2", "card": "recruit", "deflect": 1}]
    assert totals(scenario(opp, ["e1"], cards=lib)) == {"[1][A][A]"}
    assert totals(scenario(opp, ["e2"], cards=lib)) == {"[1][A]"}
