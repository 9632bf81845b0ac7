"""The independent reference (`benchmarks/reference/`) on issue 24's sections C (Repeat equal to
a cost: The Academy, Temporal Portal) and E (effects that last for the turn), each scenario
worked by hand from the contract's text, the reference alone (no engine answer is read here).

Section C: a grant `keyword: {repeat: printed|base}` gives the card it applies to one more
Repeat instance, an optional additional cost named as the next `repeat.K` after its own
instances, equal to its printed cost (`cost`, without hybrid pips) or to the base cost in use
(after Flow, `play_for`, an alternative; before discounts and increases).
"""

from __future__ import annotations

from typing import Any

import pytest

from payplan.benchmarks.reference.pricing import reference_totals


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
    # On units only; an opponent's Academy (its own player's spells); a `while` that fails.
    you = {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
           "board": [{"id": "g1", "card": "academy"}]}
    play = {"object": "h1", "optional": {"repeat": "yes"}}
    data = scenario({"academy": academy("printed", {"type": "unit"}), "bolt": BOLT}, you, play)
    assert totals(data) == {(): {"[2][fury]"}}
    data = scenario({"academy": academy("printed"), "bolt": BOLT},
                    {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}]}, play,
                    state={"opponent": {"board": [{"id": "o1", "card": "academy"}]}})
    assert totals(data) == {(): {"[2][fury]"}}
    data = scenario({"academy": academy("printed", None, **{"while": {"phase": "showdown"}}),
                     "bolt": BOLT}, you, play)
    assert totals(data) == {(): {"[2][fury]"}}


def test_ignoring_any_and_all_costs_pays_no_granted_repeat() -> None:
    data = scenario({"academy": academy("printed"), "bolt": BOLT},
                    {"runes": RUNES, "hand": [{"id": "h1", "card": "bolt"}],
                     "board": [{"id": "g1", "card": "academy"}]},
                    {"object": "h1", "ignore": "all", "optional": {"repeat": "yes"}})
    assert totals(data) == {(): {"[0]"}}
