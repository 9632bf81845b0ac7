"""The independent reference alone on payplan/1's board keys, worked by hand from
docs/payplan-format.md: scores and the points to win, stunned objects, the board conditions read
as state, named battlefields, showdowns there, the `timing` filter, battlefield grants reaching
both players, and Heisho's `only_here`.

Each test prices one small play with `pricing.reference_totals` (and, where the payment
matters, `compare.reference_answer`) and compares it with the answer worked out in its
docstring; nothing here asks the engine.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from reference.strategies import real_scenario_data

from payplan.benchmarks.riftbound.reference.compare import reference_answer
from payplan.benchmarks.riftbound.reference.pricing import BOARD_MUTANTS, Unsupported, reference_totals

SPELL = {"name": "Bolt", "type": "spell", "domains": ["fury"], "cost": {"energy": 4}}
RECRUIT = {"name": "Recruit", "type": "unit", "domains": ["fury"], "cost": {"energy": 1},
           "might": 1}


def scenario(card: dict[str, Any], **state: Any) -> dict[str, Any]:
    """Your spell `p1` in hand, four Fury runes, the rest of the state as given."""
    cards = {"bolt": card, "recruit": RECRUIT}
    cards.update(state.pop("cards", {}))
    you = {"runes": {"fury": 4}, "hand": [{"id": "p1", "card": "bolt"}]}
    you.update(state.pop("you", {}))
    st = {"phase": "main", "turn": "you", "you": you}
    st.update(state)
    return {"format": "payplan/1", "cards": cards, "state": st,
            "play": {"object": "p1"}}


def totals(data: dict[str, Any]) -> set[str]:
    ref = reference_totals(data)
    assert ref.legal, ref.reasons
    return {o.total.text() for o in ref.options}


def with_if(cond: dict[str, Any], energy: int = 2) -> dict[str, Any]:
    """Bolt ([4]) with "[energy] less if COND"."""
    card = copy.deepcopy(SPELL)
    card["discounts"] = [{"id": "cond", "energy": energy, "if": cond}]
    return card


# --- Section D: scores, stunned, board conditions ------------------------------------------------


def test_score_at_least_reads_your_score() -> None:
    """[2] less if you have 5 points: at 5 points [4] - [2] = [2]; at 4 points (or none given,
    0) the discount does not apply, [4]."""
    card = with_if({"score_at_least": 5})
    assert totals(scenario(card, you={"score": 5})) == {"[2]"}
    assert totals(scenario(card, you={"score": 4})) == {"[4]"}
    assert totals(scenario(card)) == {"[4]"}


def test_opponent_score_at_least_reads_the_opponents_score() -> None:
    """[2] less if the opponent has 6 points: your own 6 points do not make it hold."""
    card = with_if({"opponent_score_at_least": 6})
    assert totals(scenario(card, opponent={"score": 6})) == {"[2]"}
    assert totals(scenario(card, opponent={"score": 7}, you={"score": 0})) == {"[2]"}
    assert totals(scenario(card, you={"score": 6}, opponent={"score": 5})) == {"[4]"}


def test_within_of_victory_reads_the_points_to_win() -> None:
    """Within 2 of victory: your score >= victory_score - 2. Default victory score 8: 6 holds,
    5 does not; with `victory_score: 11`, 9 holds and 8 does not; within 0 is the score itself."""
    card = with_if({"within_of_victory": 2})
    assert totals(scenario(card, you={"score": 6})) == {"[2]"}
    assert totals(scenario(card, you={"score": 5})) == {"[4]"}
    assert totals(scenario(card, you={"score": 9}, victory_score=11)) == {"[2]"}
    assert totals(scenario(card, you={"score": 8}, victory_score=11)) == {"[4]"}
    # The opponent's score is not yours.
    assert totals(scenario(card, opponent={"score": 7})) == {"[4]"}
    exact = with_if({"within_of_victory": 0})
    assert totals(scenario(exact, you={"score": 8})) == {"[2]"}
    assert totals(scenario(exact, you={"score": 7})) == {"[4]"}


def test_opponent_controls_a_stunned_enemy_unit() -> None:
    """[2] less while an opponent controls a stunned unit: the opponent's stunned Recruit makes
    it hold; a ready one (`stunned: false` or not given) does not, nor does your own stunned
    unit."""
    card = with_if({"opponent_controls": {"type": "unit", "stunned": True}})
    stunned = {"board": [{"id": "e1", "card": "recruit", "stunned": True}]}
    assert totals(scenario(card, opponent=stunned)) == {"[2]"}
    assert totals(scenario(card, opponent={"board": [
        {"id": "e1", "card": "recruit", "stunned": False}]})) == {"[4]"}
    assert totals(scenario(card, opponent={"board": [{"id": "e1", "card": "recruit"}]})) \
        == {"[4]"}
    assert totals(scenario(card, you={"board": [
        {"id": "u1", "card": "recruit", "stunned": True}]})) == {"[4]"}
    # `stunned: false` in the filter matches the units that are not stunned.
    ready = with_if({"opponent_controls": {"type": "unit", "stunned": False}})
    assert totals(scenario(ready, opponent=stunned)) == {"[4]"}
    assert totals(scenario(ready, opponent={"board": [{"id": "e1", "card": "recruit"}]})) \
        == {"[2]"}


def test_controls_stays_yours() -> None:
    """`controls` keeps reading your board: the opponent's unit does not make it hold."""
    card = with_if({"controls": {"type": "unit", "stunned": True}})
    assert totals(scenario(card, you={"board": [
        {"id": "u1", "card": "recruit", "stunned": True}]})) == {"[2]"}
    assert totals(scenario(card, opponent={"board": [
        {"id": "e1", "card": "recruit", "stunned": True}]})) == {"[4]"}


def test_the_stunned_filter_in_a_count() -> None:
    """[1] less for each stunned unit you control: two of your three units are stunned,
    [4] - [2] = [2] (the opponent's stunned unit is not yours)."""
    card = copy.deepcopy(SPELL)
    card["discounts"] = [{"id": "per", "energy": {"count": {"type": "unit", "stunned": True},
                                                  "zone": "board"}}]
    data = scenario(card, you={"board": [
        {"id": "u1", "card": "recruit", "stunned": True},
        {"id": "u2", "card": "recruit"},
        {"id": "u3", "card": "recruit", "stunned": True}]},
        opponent={"board": [{"id": "e1", "card": "recruit", "stunned": True}]})
    assert totals(data) == {"[2]"}


def test_an_opponents_grant_reads_the_board_from_the_opponents_side() -> None:
    """The opponent's Warden: "your opponents' spells cost [1] more while I have 6 points"
    (`applies_to: {controller: opponent}`, `while: {score_at_least: 6}`): the condition reads
    the granting object's controller, the opponent. Their 6 points: [4] + [1] = [5]; your 6
    points and their 0: [4]. `opponent_score_at_least` there is your score, and
    `opponent_controls` your board."""
    def warden(cond: dict[str, Any]) -> dict[str, Any]:
        return {"name": "Warden", "type": "gear", "cost": {"energy": 2}, "grants": [
            {"increase": {"id": "warden", "energy": 1}, "applies_to": {"controller": "opponent"},
             "while": cond}]}

    def play(cond: dict[str, Any], **state: Any) -> set[str]:
        opp = dict(state.pop("opponent", {}))
        opp["board"] = [{"id": "w1", "card": "warden"}] + list(opp.get("board", []))
        return totals(scenario(SPELL, cards={"warden": warden(cond)}, opponent=opp, **state))

    assert play({"score_at_least": 6}, opponent={"score": 6}) == {"[5]"}
    assert play({"score_at_least": 6}, you={"score": 6}) == {"[4]"}
    assert play({"opponent_score_at_least": 6}, you={"score": 6}) == {"[5]"}
    assert play({"opponent_score_at_least": 6}, opponent={"score": 6}) == {"[4]"}
    assert play({"within_of_victory": 1}, opponent={"score": 7}) == {"[5]"}
    assert play({"within_of_victory": 1}, you={"score": 7}) == {"[4]"}
    stunned_unit = {"type": "unit", "stunned": True}
    assert play({"opponent_controls": stunned_unit},
                you={"board": [{"id": "u1", "card": "recruit", "stunned": True}]}) == {"[5]"}
    assert play({"opponent_controls": stunned_unit},
                opponent={"board": [{"id": "e1", "card": "recruit", "stunned": True}]}) \
        == {"[4]"}


def test_an_abilitys_while_reads_your_score() -> None:
    """An ability "use only while you have 4 points or more": illegal at 3 points, its [1] at 4."""
    card = {"name": "Banner", "type": "gear", "cost": {"energy": 1}, "abilities": [
        {"id": "rally", "kind": "activated", "cost": {"energy": 1},
         "while": {"score_at_least": 4}}]}
    data = scenario(SPELL, cards={"banner": card},
                    you={"board": [{"id": "g1", "card": "banner"}], "score": 3})
    data["play"] = {"ability": {"object": "g1", "id": "rally"}}
    assert not reference_totals(data).legal
    data["state"]["you"]["score"] = 4
    assert totals(data) == {"[1]"}


def test_a_board_condition_on_a_paid_total() -> None:
    """The whole answer: Bolt [4] with [2] less while an opponent controls a stunned unit, four
    Fury runes: ok, paying [2] by exhausting two runes (score 2)."""
    card = with_if({"opponent_controls": {"type": "unit", "stunned": True}})
    data = scenario(card, opponent={"board": [{"id": "e1", "card": "recruit", "stunned": True}]})
    got = reference_answer(data, reference_totals(data))
    assert (got.status, got.objective) == ("ok", 2)


# --- Section B's battlefields: Mystic Vortex, Heisho, locations, `timing`; D's `units_at` ------

VORTEX = {"name": "Mystic Vortex", "type": "battlefield", "grants": [
    {"increase": {"id": "vortex", "power": {"any": 1}}, "applies_to": {"timing": "reaction"},
     "while": [{"phase": "showdown"}, {"here": True}]}]}
HEISHO = {"name": "Heisho, Shell of the World", "type": "battlefield", "grants": [
    {"ignore_deflect": True, "only_here": True, "applies_to": {"ability": "or_card"}}]}
SENTINEL = {"name": "Sentinel", "type": "unit", "domains": ["order"], "cost": {"energy": 3},
            "might": 4, "keywords": {"deflect": 2}}
PLAIN = {"name": "Plains", "type": "battlefield"}


def fields(first: str = "vortex", second: str = "plain") -> list[dict[str, Any]]:
    return [{"id": "bf1", "card": first}, {"id": "bf2", "card": second}]


def vortex_play(timing: str | None, showdown_at: str | None = "bf1",
                phase: str = "showdown") -> set[str]:
    card = {**SPELL, "cost": {"energy": 2}}
    if timing is not None:
        card["timing"] = timing
    state: dict[str, Any] = {"cards": {"vortex": VORTEX, "plain": PLAIN},
                             "battlefields": fields(), "phase": phase}
    if showdown_at is not None:
        state["showdown_at"] = showdown_at
    return totals(scenario(card, **state))


def test_mystic_vortex_taxes_reaction_plays_in_showdowns_there() -> None:
    """Mystic Vortex: Reaction cards cost [A] more during showdowns here. A Reaction spell of
    [2] in a showdown at Mystic Vortex: [2][A]; an Action spell there: [2]; the showdown at
    the other battlefield, or no showdown (a Reaction spell in your main phase): [2]. The
    battlefield has no controller: its grant reaches your plays without naming one."""
    assert vortex_play("reaction") == {"[2][A]"}
    assert vortex_play("action") == {"[2]"}
    assert vortex_play("reaction", "bf2") == {"[2]"}
    assert vortex_play("reaction", None) == {"[2]"}
    assert vortex_play("reaction", None, "main") == {"[2]"}


def test_mystic_vortex_reaches_hidden_plays() -> None:
    """A Hidden card played from facedown has Reaction timing, whatever its own timing: its
    base is ignored ([0]) and Mystic Vortex adds [A] in a showdown there; hiding a card has
    normal timing (and is not legal in a showdown anyway)."""
    card = {**SPELL, "cost": {"energy": 2}, "keywords": {"hidden": True}}
    data = scenario(card, cards={"vortex": VORTEX, "plain": PLAIN}, battlefields=fields(),
                    phase="showdown", showdown_at="bf1")
    data["state"]["you"]["hand"] = []
    data["state"]["you"]["facedown"] = [{"id": "p1", "card": "bolt", "location": "bf1"}]
    assert totals(data) == {"[A]"}
    data["state"]["showdown_at"] = "bf2"
    assert totals(data) == {"[0]"}


def test_here_reads_the_granting_battlefield() -> None:
    """Two Mystic Vortexes: the showdown at the second taxes a Reaction play once (the first
    one's `here` does not hold)."""
    card = {**SPELL, "cost": {"energy": 2}, "timing": "reaction"}
    data = scenario(card, cards={"vortex": VORTEX}, battlefields=fields("vortex", "vortex"),
                    phase="showdown", showdown_at="bf2")
    assert totals(data) == {"[2][A]"}


def heisho_play(locations: list[str], grant: dict[str, Any] | None = None) -> set[str]:
    """Your spell ([2]) choosing one opponent's Sentinel (Deflect 2) per location given."""
    heisho = HEISHO if grant is None else {**HEISHO, "grants": [grant]}
    card = {**SPELL, "cost": {"energy": 2}}
    board = [{"id": f"e{i}", "card": "sentinel", "location": where}
             for i, where in enumerate(locations)]
    data = scenario(card, cards={"heisho": heisho, "plain": PLAIN, "sentinel": SENTINEL},
                    battlefields=fields("heisho", "plain"), opponent={"board": board})
    data["play"]["targets"] = [f"e{i}" for i in range(len(locations))]
    return totals(data)


def test_heisho_ignores_deflect_of_what_is_chosen_there() -> None:
    """Heisho: ignore Deflect for anything that chooses something here. A Sentinel at Heisho:
    [2]; at the other battlefield, at the bare `battlefield` or at its base: [2][A][A]; one at
    Heisho and one elsewhere: [2][A][A] (only the one there is ignored). Without `only_here`
    the grant ignores all of the play's Deflect, as before."""
    assert heisho_play(["bf1"]) == {"[2]"}
    assert heisho_play(["bf2"]) == {"[2][A][A]"}
    assert heisho_play(["battlefield"]) == {"[2][A][A]"}
    assert heisho_play(["base"]) == {"[2][A][A]"}
    assert heisho_play(["bf1", "bf2"]) == {"[2][A][A]"}
    assert heisho_play(["bf1", "bf1"]) == {"[2]"}
    everywhere = {"ignore_deflect": True, "applies_to": {"ability": "or_card"}}
    assert heisho_play(["bf1", "bf2"], everywhere) == {"[2]"}


def test_heisho_reaches_abilities_that_choose() -> None:
    """An ability of yours choosing the opponent's Sentinel at Heisho pays no Deflect ([1]);
    at the other battlefield [1][A][A]."""
    rod = {"name": "Rod", "type": "gear", "cost": {"energy": 1}, "abilities": [
        {"id": "zap", "kind": "activated", "cost": {"energy": 1}, "targets": {"type": "unit"}}]}
    for where, want in (("bf1", "[1]"), ("bf2", "[1][A][A]")):
        data = scenario(SPELL, cards={"heisho": HEISHO, "plain": PLAIN, "sentinel": SENTINEL,
                                      "rod": rod},
                        battlefields=fields("heisho", "plain"),
                        you={"board": [{"id": "g1", "card": "rod"}]},
                        opponent={"board": [{"id": "e1", "card": "sentinel", "location": where}]})
        data["play"] = {"ability": {"object": "g1", "id": "zap"}, "targets": ["e1"]}
        assert totals(data) == {want}, where


def test_a_battlefield_id_is_at_a_battlefield() -> None:
    """An object at a named battlefield matches `location: battlefield` and `{at: battlefield}`:
    Renata's ability "use only while I'm at a battlefield" is legal at bf1, illegal at base;
    a grant "[1] less for abilities of objects at a battlefield" applies at bf2."""
    renata = {"name": "Renata", "type": "unit", "cost": {"energy": 3}, "might": 3, "abilities": [
        {"id": "scheme", "kind": "activated", "cost": {"energy": 2},
         "while": {"at": "battlefield"}}]}
    altar = {"name": "Altar", "type": "gear", "grants": [
        {"discount": {"id": "altar", "energy": 1},
         "applies_to": {"ability": "any", "location": "battlefield"}}]}

    def play(where: str, with_altar: bool = False) -> Any:
        board = [{"id": "u1", "card": "renata", "location": where}]
        if with_altar:
            board.append({"id": "g1", "card": "altar"})
        data = scenario(SPELL, cards={"renata": renata, "altar": altar, "plain": PLAIN},
                        battlefields=fields("plain", "plain"), you={"board": board})
        data["play"] = {"ability": {"object": "u1", "id": "scheme"}}
        return reference_totals(data)

    assert play("bf1").legal and {o.total.text() for o in play("bf1").options} == {"[2]"}
    assert not play("base").legal
    assert {o.total.text() for o in play("bf2", True).options} == {"[1]"}
    assert not play("base", True).legal


def test_the_timing_filter() -> None:
    """A grant "[1] less for your Action cards": an Action spell [4] -> [3]; a normal one [4];
    the same grant on `timing: normal` reaches the normal one only; a hidden card played from
    facedown is a Reaction play, not a normal one."""
    def grant(timing: str) -> dict[str, Any]:
        return {"name": "Drum", "type": "gear", "grants": [
            {"discount": {"id": "drum", "energy": 1}, "applies_to": {"timing": timing}}]}

    def play(card_timing: str | None, timing: str, facedown: bool = False) -> set[str]:
        card = copy.deepcopy(SPELL)
        if card_timing is not None:
            card["timing"] = card_timing
        if facedown:
            card["keywords"] = {"hidden": True}
        data = scenario(card, cards={"drum": grant(timing)},
                        you={"board": [{"id": "g1", "card": "drum"}]})
        if facedown:
            data["state"]["you"]["hand"] = []
            data["state"]["you"]["facedown"] = [{"id": "p1", "card": "bolt"}]
            data["play"]["play_for"] = {"energy": 3}
            data["play"]["base"] = "play_for"
        return totals(data)

    assert play("action", "action") == {"[3]"}
    assert play(None, "action") == {"[4]"}
    assert play(None, "normal") == {"[3]"}
    assert play("reaction", "reaction") == {"[3]"}
    # From facedown ("play it for [3]"): Reaction timing, whatever the card says.
    assert play(None, "reaction", facedown=True) == {"[2]"}
    assert play(None, "normal", facedown=True) == {"[3]"}


def units_at_play(cond: dict[str, Any], places: list[tuple[str, str]],
                  granter: str = "battlefield") -> set[str]:
    """Bolt [4] under a grant "[2] less while COND": on the battlefield bf1's card (`granter`
    `battlefield`) or on a gear of yours at bf1 (`gear`). `places`: (controller, location) of
    one Recruit each."""
    grant = {"discount": {"id": "crowd", "energy": 2}, "while": cond}
    cards: dict[str, Any] = {"plain": PLAIN}
    you_board: list[dict[str, Any]] = []
    if granter == "battlefield":
        cards["arena"] = {"name": "Arena", "type": "battlefield", "grants": [grant]}
        bfs = fields("arena", "plain")
    else:
        cards["flag"] = {"name": "Flag", "type": "gear", "grants": [grant]}
        bfs = fields("plain", "plain")
        you_board.append({"id": "g1", "card": "flag", "location": "bf1"})
    opp_board: list[dict[str, Any]] = []
    for i, (who, where) in enumerate(places):
        entry = {"id": f"x{i}", "card": "recruit", "location": where}
        (you_board if who == "you" else opp_board).append(entry)
    return totals(scenario(SPELL, cards=cards, battlefields=bfs, you={"board": you_board},
                           opponent={"board": opp_board}))


def test_units_at_here_counts_both_players_units_there() -> None:
    """"While there are exactly two units here": one of yours and one of the opponent's at bf1
    hold ([2]); two at bf1 and one more at bf1: three, no ([4]); two units at bf2: no; units at
    the bare `battlefield` or a base are at no named battlefield. A gear at bf1 reads bf1 as
    its `here`."""
    two = {"units_at": {"count": 2, "where": "here"}}
    assert units_at_play(two, [("you", "bf1"), ("opponent", "bf1")]) == {"[2]"}
    assert units_at_play(two, [("you", "bf1"), ("opponent", "bf1"), ("you", "bf1")]) == {"[4]"}
    assert units_at_play(two, [("you", "bf2"), ("opponent", "bf2")]) == {"[4]"}
    assert units_at_play(two, [("you", "battlefield"), ("opponent", "bf1")]) == {"[4]"}
    assert units_at_play(two, [("you", "base"), ("opponent", "bf1"),
                               ("opponent", "bf1")]) == {"[2]"}
    assert units_at_play(two, [("you", "bf1"), ("opponent", "bf1")], "gear") == {"[2]"}
    assert units_at_play(two, [("you", "bf2"), ("opponent", "bf2")], "gear") == {"[4]"}
    zero = {"units_at": {"count": 0, "where": "here"}}
    assert units_at_play(zero, [("you", "bf2")]) == {"[2]"}


def test_units_at_any_battlefield() -> None:
    """"While a battlefield has exactly two units": two at bf2 hold; one at each do not; the
    gear (no unit) at bf1 is not counted."""
    two = {"units_at": {"count": 2, "where": "any"}}
    assert units_at_play(two, [("you", "bf2"), ("opponent", "bf2")], "gear") == {"[2]"}
    assert units_at_play(two, [("you", "bf1"), ("opponent", "bf2")], "gear") == {"[4]"}
    assert units_at_play(two, [("you", "bf1"), ("opponent", "bf1")], "gear") == {"[2]"}
    # `where` unset is `any` (the README's default).
    bare = {"units_at": {"count": 2}}
    assert units_at_play(bare, [("you", "bf2"), ("opponent", "bf2")], "gear") == {"[2]"}
    assert units_at_play(bare, [("you", "bf1"), ("opponent", "bf2")], "gear") == {"[4]"}


# --- The generator reaches each of these readings ------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("mutant", BOARD_MUTANTS)
def test_the_generator_tells_each_wrong_board_reading_apart(mutant: str) -> None:
    """Each wrong reading of the board keys (`pricing.BOARD_MUTANTS`) gives another answer than
    the reference on some play `real_scenario_data` draws, so the fresh plays and the campaign
    would find an engine making it. Randomized, as the generator is; the reference alone."""
    def differs(data: dict[str, Any]) -> bool:
        try:
            right, wrong = reference_totals(data), reference_totals(data, mutant)
            if (right.legal, right.options) == (wrong.legal, wrong.options):
                return False  # the same options: the same answer (the cheap test first)
            return reference_answer(data, right) != reference_answer(data, wrong)
        except Unsupported:
            return False

    find(real_scenario_data(), differs,
         settings=settings(max_examples=20000, database=None, phases=[Phase.generate],
                           suppress_health_check=list(HealthCheck)))


def test_a_battlefield_is_not_at_a_battlefield() -> None:
    """A battlefield's grant "[1] more for spells while at a battlefield": the battlefield is
    where objects stand, at no location itself, so `at` does not hold: Bolt stays [4]."""
    odd = {"name": "Odd Field", "type": "battlefield", "grants": [
        {"increase": {"id": "odd", "energy": 1}, "applies_to": {"type": "spell"},
         "while": {"at": "battlefield"}}]}
    data = scenario(SPELL, cards={"odd": odd}, battlefields=[{"id": "bf1", "card": "odd"}])
    assert totals(data) == {"[4]"}
