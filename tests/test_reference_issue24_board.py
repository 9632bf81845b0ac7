"""The independent reference alone on issue 24's board keys (items 9 and 11), worked by hand from
the contract (README, issue 24: sections D and B's battlefields): scores and the points to win,
stunned objects, the board conditions read as state, named battlefields, showdowns there,
the `timing` filter, battlefield grants reaching both players, and Heisho's `only_here`.

Each test prices one small play with `pricing.reference_totals` (and, where the payment
matters, `compare.reference_answer`) and compares it with the answer worked out in its
docstring; nothing here asks the engine.
"""

from __future__ import annotations

import copy
from typing import Any

from payplan.benchmarks.reference.compare import reference_answer
from payplan.benchmarks.reference.pricing import reference_totals

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
