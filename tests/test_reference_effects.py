"""The independent reference (`benchmarks/riftbound/reference/`) on Repeat equal to a cost (The
Academy, Temporal Portal) and effects that last for the turn, each scenario worked by hand from
docs/payplan-format.md and docs/turns.md, the reference alone (no engine answer is read here).

Repeat equal to a cost: a grant `keyword: {repeat: printed|base}` gives the card it applies to
one more Repeat instance, an optional additional cost named as the next `repeat.K` after its own
instances, equal to its printed cost (`cost`, without hybrid pips) or to the base cost in use
(after Flow, `play_for`, an alternative; before discounts and increases).

Effects that last for the turn: an effect in `state.you.effects` applies to a matching play of
yours as a discount of the total (or as its grant), in the order the player chooses; the turn
brute force creates a card's `effect` discounts and grants at its resolution, the later matching
plays use them (`uses`), and the opponent's effects never reach your plays.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, settings
from reference.strategies import real_scenario_data
from reference.turn_strategies import turn_data

from payplan.benchmarks.riftbound.reference import turn as ref_turn
from payplan.benchmarks.riftbound.reference.compare import reference_answer
from payplan.benchmarks.riftbound.reference.pricing import (
    EFFECT_MUTANTS,
    Unsupported,
    effects_after,
    reference_totals,
)


def scenario(cards: dict[str, Any], you: dict[str, Any], play: dict[str, Any],
             **extra: Any) -> dict[str, Any]:
    return {"format": "payplan/1", "cards": cards,
            "state": {"you": you, **extra.pop("state", {})}, "play": play, **extra}


def options(data: dict[str, Any]) -> set[tuple[str, tuple[str, ...], str]]:
    """(base kind, optional costs paid, total) of every option the reference reaches."""
    ref = reference_totals(data)
    assert ref.legal, ref.reasons
    return {(o.base.kind, tuple(sorted(o.paid)), o.total.text()) for o in ref.options}


def totals(data: dict[str, Any]) -> dict[tuple[str, ...], set[str]]:
    """Optional costs paid -> the totals reached with them."""
    out: dict[tuple[str, ...], set[str]] = {}
    for _, paid, total in options(data):
        out.setdefault(paid, set()).add(total)
    return out


def academy(word: str, applies: dict[str, Any] | None = None, **grant: Any) -> dict[str, Any]:
    return {"type": "gear", "cost": {"energy": 2},
            "grants": [{"keyword": {"repeat": word}, "applies_to": applies or {"type": "spell"},
                        **grant}]}


BOLT = {"type": "spell", "domains": ["fury"], "cost": {"energy": 2, "power": {"fury": 1}}}
RUNES = {"fury": 6}


# --- Section C: Repeat equal to a cost ----------------------------------------------------------


@pytest.mark.parametrize("word", ["printed", "base"])
def test_a_spell_without_repeat_gains_repeat_equal_to_its_cost(word: str) -> None:
    # Bolt [2][fury], no Repeat of its own: the grant's instance is `repeat`, [2][fury]; paid,
    # [4][fury][fury] (printed and base are the same here: the printed base).
    data = scenario({"academy": academy(word), "bolt": BOLT},
                    {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                     "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "optional": {"repeat": "auto"}})
    assert totals(data) == {(): {"[2][fury]"}, ("repeat",): {"[4][fury][fury]"}}
    ref = reference_totals(data)
    paid = next(o for o in ref.options if o.paid)
    assert ref.executions(paid) == 2


def test_the_granted_instance_is_named_after_the_cards_own() -> None:
    # Bolt with Repeat [1]: its own is `repeat` ([1]), the granted one `repeat.1` ([2][fury]).
    bolt = dict(BOLT, keywords={"repeat": [{"energy": 1}]})
    data = scenario({"academy": academy("printed"), "bolt": bolt},
                    {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                     "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "optional": {"repeat": "auto", "repeat.1": "auto"}})
    assert totals(data) == {(): {"[2][fury]"}, ("repeat",): {"[3][fury]"},
                            ("repeat.1",): {"[4][fury][fury]"},
                            ("repeat", "repeat.1"): {"[5][fury][fury]"}}
    ref = reference_totals(data)
    both = next(o for o in ref.options if len(o.paid) == 2)
    assert ref.executions(both) == 3


def test_two_grants_give_two_instances_in_board_order() -> None:
    # The Academy (printed) then a Portal-like gear (base) on the board; Bolt played for [1] by
    # `play_for`: `repeat` is the printed [2][fury], `repeat.1` the base [1].
    cards = {"academy": academy("printed"), "portal": academy("base"), "bolt": BOLT}
    data = scenario(cards, {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                            "board": [{"id": "g1", "card": "academy"},
                                      {"id": "g2", "card": "portal"}]},
                    {"object": "h1", "play_for": {"energy": 1},
                     "optional": {"repeat": "yes", "repeat.1": "yes"}, "base": "play_for"})
    assert totals(data) == {("repeat", "repeat.1"): {"[4][fury]"}}


def test_base_follows_play_for_and_printed_does_not() -> None:
    # Echo [4] played for [1]: Repeat equal to the base is [1] (total [2]); equal to the
    # printed cost, [4] (total [5]).
    echo = {"type": "spell", "cost": {"energy": 4}}
    for word, want in (("base", "[2]"), ("printed", "[5]")):
        data = scenario({"academy": academy(word), "echo": echo},
                        {"runes": RUNES, "hand": [{"id": "h1", "card": "echo"}],
                         "board": [{"id": "g1", "card": "academy"}]},
                        {"object": "h1", "play_for": {"energy": 1}, "base": "play_for",
                         "optional": {"repeat": "yes"}})
        assert totals(data) == {("repeat",): {want}}, word


def test_base_follows_flow_from_the_trash() -> None:
    # Surge [5], Flow [1][calm], in the trash: the Flow base; Repeat base [1][calm] (total
    # [2][calm][calm]), printed [5] (total [6][calm]).
    surge = {"type": "spell", "domains": ["calm"], "cost": {"energy": 5},
             "keywords": {"flow": [{"energy": 1, "power": {"calm": 1}}]}}
    for word, want in (("base", "[2][calm][calm]"), ("printed", "[6][calm]")):
        data = scenario({"academy": academy(word), "surge": surge},
                        {"runes": {"calm": 8}, "trash": [{"id": "t1", "card": "surge"}],
                         "board": [{"id": "g1", "card": "academy"}]},
                        {"object": "t1", "optional": {"repeat": "yes"}})
        assert options(data) == {("flow", ("repeat",), want)}, word


def test_printed_leaves_hybrid_pips_out_and_base_keeps_the_half_announced() -> None:
    # Rift [1] and a Fury-or-Calm pip: the printed cost is [1]; the base is [1][fury] or
    # [1][calm] as announced, and its Repeat the same.
    rift = {"type": "spell", "cost": {"energy": 1}, "hybrid": [["fury", "calm"]]}
    data = scenario({"academy": academy("printed"), "rift": rift},
                    {"runes": {"fury": 3, "calm": 3}, "hand": [{"id": "h1", "card": "rift"}],
                     "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "optional": {"repeat": "yes"}})
    assert totals(data) == {("repeat",): {"[2][fury]", "[2][calm]"}}
    data["cards"]["academy"] = academy("base")
    assert totals(data) == {("repeat",): {"[2][fury][fury]", "[2][calm][calm]"}}


def test_base_follows_a_granted_alternative_and_ignore() -> None:
    # Bolt [2][fury]; a grant lets spells be played for [0] instead: under `base`, Repeat of
    # the alternative is [0] (total [0]), of the printed base [2][fury] (total [4][fury][fury]).
    cards = {"bolt": BOLT, "academy": academy("base"),
             "shortcut": {"type": "gear", "grants": [{"alternative": {"energy": 0},
                                                      "applies_to": {"type": "spell"}}]}}
    you = {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
           "board": [{"id": "g1", "card": "academy"}, {"id": "g2", "card": "shortcut"}]}
    data = scenario(cards, you, {"object": "h1", "optional": {"repeat": "yes"}})
    assert options(data) == {("printed", ("repeat",), "[4][fury][fury]"),
                             ("alternative", ("repeat",), "[0]")}
    # Ignoring its Energy cost: the base in use is [fury], and so is the Repeat (base); the
    # printed Repeat stays [2][fury].
    data = scenario({"bolt": BOLT, "academy": academy("base")}, dict(you, board=you["board"][:1]),
                    {"object": "h1", "ignore": "energy", "optional": {"repeat": "yes"}})
    assert totals(data) == {("repeat",): {"[fury][fury]"}}
    data["cards"]["academy"] = academy("printed")
    assert totals(data) == {("repeat",): {"[2][fury][fury]"}}


def test_discounts_reach_the_granted_instance_as_a_repeat_cost() -> None:
    # A component discount on Repeat ([1] less) takes [1] off the instance ([2][fury] ->
    # [1][fury]), then a discount on the total [1] less: [2][fury][fury] - [1] = [1][fury][fury].
    cards = {"bolt": BOLT, "academy": {"type": "gear", "grants": [
        {"keyword": {"repeat": "printed"}, "applies_to": {"type": "spell"}},
        {"discount": {"id": "less", "energy": 1, "component": "repeat"},
         "applies_to": {"type": "spell"}},
        {"discount": {"id": "total", "energy": 1}, "applies_to": {"type": "spell"}}]}}
    data = scenario(cards, {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                            "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "optional": {"repeat": "auto"}})
    assert totals(data) == {(): {"[1][fury]"}, ("repeat",): {"[2][fury][fury]"}}


def test_a_grant_that_does_not_apply_gives_no_instance() -> None:
    """On units only; an opponent's Academy (its own player's spells); a `while` that fails:
    no instance, so `auto` pays none and `yes` asks for a cost the play does not have, an
    illegal play (docs/payplan-format.md; the reference once read it as not paid)."""
    you = {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
           "board": [{"id": "g1", "card": "academy"}]}
    for word in ("auto", "yes"):
        play = {"object": "h1", "optional": {"repeat": word}}
        datas = [
            scenario({"academy": academy("printed", {"type": "unit"}), "bolt": BOLT}, you, play),
            scenario({"academy": academy("printed"), "bolt": BOLT},
                     {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}]}, play,
                     state={"opponent": {"board": [{"id": "o1", "card": "academy"}]}}),
            scenario({"academy": academy("printed", None, **{"while": {"phase": "showdown"}}),
                      "bolt": BOLT}, you, play)]
        for data in datas:
            if word == "auto":
                assert totals(data) == {(): {"[2][fury]"}}
            else:
                assert not reference_totals(data).legal


def test_ignoring_any_and_all_costs_pays_no_granted_repeat() -> None:
    data = scenario({"academy": academy("printed"), "bolt": BOLT},
                    {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                     "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "ignore": "all", "optional": {"repeat": "yes"}})
    assert totals(data) == {(): {"[0]"}}


# --- Section E: effects for the turn, one play -------------------------------------------------

SPELL3 = {"type": "spell", "cost": {"energy": 3}}
NEXT_SPELL_2_LESS = {"id": "effect1", "discount": {"energy": 2}, "applies_to": {"type": "spell"},
                     "uses": 1}


def with_effects(card: dict[str, Any], effects: list[dict[str, Any]], **state: Any
                 ) -> dict[str, Any]:
    cards = {"c": card, **state.pop("cards", {})}
    you = {"runes": {"fury": 4}, "hand": [{"id": "h1", "card": "c"}], "effects": effects,
           **state.pop("you", {})}
    return scenario(cards, you, {"object": "h1", **state.pop("play", {})}, state=state)


def test_an_effect_in_the_state_discounts_a_matching_play() -> None:
    data = with_effects(SPELL3, [NEXT_SPELL_2_LESS])
    assert totals(data) == {(): {"[1]"}}
    assert reference_totals(data).effects_used == (0,)


def test_an_effect_reaches_only_the_plays_its_applies_to_matches() -> None:
    unit = {"type": "unit", "cost": {"energy": 3}, "might": 2}
    data = with_effects(unit, [NEXT_SPELL_2_LESS])
    assert totals(data) == {(): {"[3]"}}
    assert reference_totals(data).effects_used == ()


def test_two_effects_stack() -> None:
    # [2] less and [1] less on a [3][fury] spell: [0][fury]; both used.
    bolt = {"type": "spell", "cost": {"energy": 3, "power": {"fury": 1}}}
    data = with_effects(bolt, [NEXT_SPELL_2_LESS, {"id": "effect2", "discount": {"energy": 1},
                                                  "applies_to": {}, "uses": "turn"}])
    assert totals(data) == {(): {"[fury]"}}
    assert reference_totals(data).effects_used == (0, 1)


def test_an_effect_is_a_discount_on_the_total_in_the_order_the_player_chooses() -> None:
    # A [3] spell, an effect [2] less and a grant [1] less to a minimum of [1]: the grant first,
    # [3] -> [2] -> [0]; the effect first, [3] -> [1], and the grant takes nothing: [0] or [1].
    cards = {"mentor": {"type": "unit", "might": 1, "grants": [
        {"discount": {"id": "mentor", "energy": 1, "minimum": {"energy": 1}},
         "applies_to": {"type": "spell"}}]}}
    data = with_effects(SPELL3, [NEXT_SPELL_2_LESS], cards=cards,
                        you={"board": [{"id": "u1", "card": "mentor"}]})
    assert totals(data) == {(): {"[0]", "[1]"}}


def test_a_matching_play_uses_an_effect_its_discount_takes_nothing_from() -> None:
    # [2] less on a [fury] spell takes nothing; the play still uses the effect.
    data = with_effects({"type": "spell", "cost": {"power": {"fury": 1}}}, [NEXT_SPELL_2_LESS])
    assert totals(data) == {(): {"[fury]"}}
    assert reference_totals(data).effects_used == (0,)


def test_the_opponents_effects_never_reach_your_plays() -> None:
    data = with_effects(SPELL3, [], opponent={"effects": [dict(NEXT_SPELL_2_LESS, applies_to={})]})
    assert totals(data) == {(): {"[3]"}}


def test_a_granted_effect_gives_its_grant() -> None:
    # Temporal Portal's effect in the state: Repeat equal to the printed cost, `repeat`, on a
    # [3] spell: [6] paid; an effect granting a discount is a discount like the others.
    portal = {"id": "effect1", "keyword": {"repeat": "printed"}, "applies_to": {"type": "spell"},
              "uses": 1}
    data = with_effects(SPELL3, [portal], play={"optional": {"repeat": "auto"}})
    assert totals(data) == {(): {"[3]"}, ("repeat",): {"[6]"}}
    assert reference_totals(data).effects_used == (0,)
    granted = {"id": "effect1", "discount": {"energy": 1}, "applies_to": {"type": "spell"},
               "uses": 2}
    assert totals(with_effects(SPELL3, [granted, portal],
                               play={"optional": {"repeat": "yes"}})) == {("repeat",): {"[5]"}}


def test_an_effect_reaches_an_ability_only_when_its_applies_to_names_it() -> None:
    gear = {"type": "gear", "abilities": [{"id": "tap", "kind": "activated",
                                           "cost": {"energy": 3}}]}
    for applies, want in (({}, "[3]"), ({"ability": "activated"}, "[1]")):
        data = scenario({"g": gear}, {"runes": {"fury": 4}, "board": [{"id": "b1", "card": "g"}],
                                      "effects": [dict(NEXT_SPELL_2_LESS, applies_to=applies)]},
                        {"ability": {"object": "b1", "id": "tap"}})
        assert totals(data) == {(): {want}}, applies


# --- Section E: effects in the turn brute force -------------------------------------------------


def turn(cards: dict[str, Any], you: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "payplan/1", "cards": cards,
            "state": {"you": you, **extra.pop("state", {})}, "turn": extra.pop("spec", {}),
            **extra}


def coupon(uses: Any = 1, cost: int = 1, kind: str = "discounts") -> dict[str, Any]:
    """"Your next spell this turn costs [2] less" on a card of cost [cost]."""
    entry = {"discount": {"energy": 2}, "applies_to": {"type": "spell"}, "uses": uses}
    return {"type": "spell", "cost": {"energy": cost}, "effect": {kind: [entry]}}


def hand(*cards: str) -> list[dict[str, Any]]:
    return [{"id": f"h{i + 1}", "card": c} for i, c in enumerate(cards)]


# (turn, (value, objective, size)), worked by hand (default weights: exhaust 1).
TURNS: dict[str, tuple[dict[str, Any], tuple[int, int, int]]] = {
    # Coupon [1] first: Bolt [3] costs [1]; 2 runes. Bolt first: [3] + [1] > 3 runes.
    "coupon-first": (turn({"coupon": coupon(), "bolt": SPELL3},
                          {"runes": {"fury": 3}, "hand": hand("bolt", "coupon")}), (2, 2, 2)),
    # The same as a grant giving a discount.
    "coupon-as-a-grant": (turn({"coupon": coupon(kind="grants"), "bolt": SPELL3},
                               {"runes": {"fury": 3}, "hand": hand("bolt", "coupon")}),
                          (2, 2, 2)),
    # `uses: 1`: only the first Bolt after it is discounted: [1] + [1] + [3] on 5 runes.
    "one-use": (turn({"coupon": coupon(), "bolt": SPELL3},
                     {"runes": {"fury": 5}, "hand": hand("bolt", "coupon", "bolt")}), (3, 5, 5)),
    # `uses: 2`: both: [1] + [1] + [1].
    "two-uses": (turn({"coupon": coupon(2), "bolt": SPELL3},
                      {"runes": {"fury": 5}, "hand": hand("bolt", "coupon", "bolt")}), (3, 3, 3)),
    # `uses: turn`: every spell after it: [1] + [1] + [1] on 3 runes.
    "this-turn": (turn({"coupon": coupon("turn"), "bolt": SPELL3},
                       {"runes": {"fury": 3}, "hand": hand("bolt", "coupon", "bolt")}), (3, 3, 3)),
    # The play that creates it is not reached by it: Coupon [2] pays [2], then Bolt [1].
    "not-its-own": (turn({"coupon": coupon(cost=2), "bolt": SPELL3},
                         {"runes": {"fury": 3}, "hand": hand("coupon", "bolt")}), (2, 3, 3)),
    # An effect in the state goes to the first matching play: Bolt first ([1]), then Spark [1]
    # on 2 runes; Spark first would use it up and leave Bolt at [3].
    "state-effect-order": (turn({"spark": {"type": "spell", "cost": {"energy": 1}},
                                 "bolt": SPELL3},
                                {"runes": {"fury": 2}, "hand": hand("spark", "bolt"),
                                 "effects": [NEXT_SPELL_2_LESS]}), (2, 2, 2)),
    # The opponent's effects never reach your plays: Bolt [3] on 3 runes.
    "opponents-effect": (turn({"bolt": SPELL3}, {"runes": {"fury": 3}, "hand": hand("bolt")},
                              state={"opponent": {"effects": [NEXT_SPELL_2_LESS]}}), (1, 3, 3)),
    # Temporal Portal (a unit [1] here) then Spark [1] with the granted Repeat [1] (benefit
    # 3): 1 + 2 - 3 = 0 on 3 runes, size 3; Spark first gets no Repeat (objective 2).
    "portal": (turn({"portal": {"type": "unit", "might": 1, "cost": {"energy": 1}, "effect": {
        "grants": [{"keyword": {"repeat": "printed"}, "applies_to": {"type": "spell"},
                    "uses": 1}]}}, "spark": {"type": "spell", "cost": {"energy": 1}}},
        {"runes": {"fury": 3}, "hand": hand("spark", "portal")},
        objective={"benefits": {"repeat": 3}}), (2, 0, 3)),
    # Repeat equal to the base: Echo [4], Flow [1], in the trash, after the Portal (base):
    # Repeat [1]; [1] + [1] + [1] - 3 = 0 on 3 runes.
    "portal-base-flow": (turn({"portal": {"type": "unit", "might": 1, "cost": {"energy": 1},
                                          "effect": {"grants": [
                                              {"keyword": {"repeat": "base"},
                                               "applies_to": {"type": "spell"}}]}},
                               "echo": {"type": "spell", "cost": {"energy": 4},
                                        "keywords": {"flow": [{"energy": 1}]}}},
                              {"runes": {"fury": 3}, "hand": hand("portal"),
                               "trash": [{"id": "t1", "card": "echo"}]},
                              objective={"benefits": {"repeat": 3}}), (2, 0, 3)),
}


@pytest.mark.parametrize("name", sorted(TURNS))
def test_the_turn_brute_force_carries_effects(name: str) -> None:
    data, want = TURNS[name]
    assert ref_turn.best_turn(data) == want
    assert ref_turn.best_turn(data, minimal=True) == want


def test_effects_after_a_play() -> None:
    """Used ones lose a use and go at 0 (`turn` never does); the resolution's new ones follow,
    ids `effect1`, ... (skipping ids taken), `uses` default 1."""
    effects = [{"id": "effect1", "discount": {"energy": 1}, "uses": 1},
               {"id": "b", "discount": {"energy": 1}, "uses": 2},
               {"id": "c", "discount": {"energy": 1}, "uses": "turn"},
               {"id": "d", "discount": {"energy": 1}, "uses": 1}]
    created = {"discounts": [{"discount": {"energy": 2}, "applies_to": {"type": "spell"}}],
               "grants": [{"keyword": {"repeat": "printed"}, "uses": 2}]}
    after = effects_after(effects, (0, 1, 2), created)
    assert after == [{"id": "b", "discount": {"energy": 1}, "uses": 1},
                     {"id": "c", "discount": {"energy": 1}, "uses": "turn"},
                     {"id": "d", "discount": {"energy": 1}, "uses": 1},
                     {"id": "effect1", "discount": {"energy": 2},
                      "applies_to": {"type": "spell"}, "uses": 1},
                     {"id": "effect2", "keyword": {"repeat": "printed"}, "uses": 2}]
    # Countered (no execution): nothing is created, the used ones are still used.
    assert effects_after(effects, (3,), {}) == effects[:3]


def test_a_repeated_card_adds_and_creates_its_effect_once() -> None:
    """What a card's resolution does happens once per resolution, whatever Repeat adds to its
    executions (docs/turns.md). Bolt [1] with the Academy's Repeat [1] paid (benefit 5): two
    runes, 2 - 5; it adds [2] and creates "[1] less" once, so the [4] spell costs [3]: the
    pool's 2 and one rune, 1. Per execution it would add [4] and two discounts: [2] from the
    pool, free."""
    data = turn({"bolt": {"type": "spell", "cost": {"energy": 1}, "effect": {
                     "adds": {"energy": 2}, "discounts": [{"discount": {"energy": 1}}]}},
                 "big": {"type": "spell", "cost": {"energy": 4}},
                 "academy": {"type": "gear", "grants": [{"keyword": {"repeat": "printed"},
                                                        "applies_to": {"type": "spell"}}]}},
                {"runes": {"fury": 3}, "hand": hand("bolt", "big"),
                 "board": [{"id": "g1", "card": "academy"}]},
                objective={"benefits": {"repeat": 5}})
    assert ref_turn.best_turn(data) == (2, -2, 5)
    assert ref_turn.compare(data) == []


# --- The generators reach each wrong reading ----------------------------------------------------


def _one_play_differs(mutant: str) -> Any:
    def differs(data: dict[str, Any]) -> bool:
        text = json.dumps(data)
        if ('"repeat": "' if mutant.startswith("repeat") else '"effects"') not in text:
            return False
        try:
            right = reference_answer(data, reference_totals(data))
            wrong = reference_answer(data, reference_totals(data, mutant))
        except Unsupported:
            return False
        return right != wrong
    return differs


@pytest.mark.slow
@pytest.mark.parametrize("mutant", EFFECT_MUTANTS)
def test_the_real_generator_reaches_each_wrong_reading(mutant: str) -> None:
    """A granted Repeat `base` read as printed (and the other way), the state's effects left
    out, the effects' discounts applied first: each told apart on a generated play, so the
    checks on fresh plays and the campaign would find an engine reading it so."""
    found = find(real_scenario_data(), _one_play_differs(mutant),
                 settings=settings(max_examples=12000, database=None, phases=[Phase.generate],
                                   suppress_health_check=list(HealthCheck)))
    assert _one_play_differs(mutant)(found)


def _turn_differs(mutant: str) -> Any:
    def differs(data: dict[str, Any]) -> bool:
        you = data["state"]["you"]
        if not you.get("effects") and not any(
                set(c.get("effect") or {}) - {"adds"} for c in data["cards"].values()):
            return False
        try:
            return bool(ref_turn.best_turn(data, True) != ref_turn.best_turn(data, True,
                                                                             [mutant]))
        except Unsupported:
            return False
    return differs


@pytest.mark.slow
@pytest.mark.parametrize("mutant", ref_turn.EFFECT_TURN_MUTANTS)
def test_the_turn_generator_reaches_each_wrong_reading(mutant: str) -> None:
    """Effects never used up, never created, used by every play: each changes the best turn
    of a generated turn (order matters through the effects)."""
    found = find(turn_data(), _turn_differs(mutant),
                 settings=settings(max_examples=1500, database=None, phases=[Phase.generate],
                                   suppress_health_check=list(HealthCheck)))
    assert _turn_differs(mutant)(found)
