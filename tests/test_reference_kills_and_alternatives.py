"""payplan/1's sources that kill another object (Malzahar - Fanatic) and abilities with
alternative costs (Legion Marauder), priced by the independent reference alone
(`benchmarks/riftbound/reference`), each answer worked by hand from the rules in a comment.

Weights are the defaults (docs/payplan-format.md): exhaust 1, recycle 3, kill 5, exhaust_unit 2,
spend_buff 2, source 0; an object's `value` replaces the weight for losing it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.benchmarks.riftbound.reference.compare import Answer, reference_answer
from payplan.benchmarks.riftbound.reference.payer import best, payment_loses
from payplan.benchmarks.riftbound.reference.pricing import Total, Unsupported, reference_totals

# --- A. Source costs that kill another object ----------------------------------------------------

# Malzahar - Fanatic: "Kill a friendly unit or gear, [E]: Add [A][A]."
MALZAHAR_SOURCE: dict[str, Any] = {
    "id": "m1", "adds": {"power": {"any": 2}},
    "costs": ["exhaust", {"kill": {"count": 1, "filter": {"type": ["unit", "gear"]}}}]}

CARDS: dict[str, Any] = {
    "malzahar": {"name": "Malzahar - Fanatic", "type": "unit", "domains": ["chaos"],
                 "cost": {"energy": 3}, "might": 2},
    "recruit": {"name": "Recruit", "type": "unit", "cost": {"energy": 1}, "might": 1},
    "relic": {"name": "Relic", "type": "gear", "cost": {"energy": 1}},
    "seal": {"name": "Seal", "type": "gear", "cost": {"energy": 1}},
    "bolt": {"name": "Bolt", "type": "spell", "cost": {"power": {"any": 2}}},
    "surge": {"name": "Surge", "type": "spell", "cost": {"energy": 1, "power": {"any": 2}}},
}


def scenario(board: list[dict[str, Any]], sources: list[dict[str, Any]], card: str = "bolt",
             runes: Any = None, **play: Any) -> dict[str, Any]:
    you: dict[str, Any] = {"hand": [{"id": "h1", "card": card}], "board": board,
                           "sources": sources}
    if runes is not None:
        you["runes"] = runes
    return {"format": "payplan/1", "cards": copy.deepcopy(CARDS),
            "state": {"phase": "main", "turn": "you", "you": you},
            "play": {"object": "h1", **play}}


def answer(data: dict[str, Any]) -> Answer:
    return reference_answer(data, reference_totals(data))


def test_the_source_kills_the_cheapest_other_object() -> None:
    # Surge [1][A][A], one Fury rune: exhaust it for [1] (1); Malzahar adds [A][A]: exhaust him
    # (1), source 0, kill a friendly unit or gear: u1 (value 2) rather than himself (kill 5).
    # Score 1 + 1 + 2 = 4.
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit", "value": 2}],
                    [MALZAHAR_SOURCE], card="surge", runes={"fury": 1})
    got = answer(data)
    assert (got.status, got.objective, got.winners) == ("ok", 4, (("printed", (), "[1][A][A]"),))


def test_the_source_may_kill_its_own_object_when_the_filter_matches_it() -> None:
    # Nothing else to kill: Malzahar (a unit, matched by "unit or gear") kills himself, after
    # exhausting himself: exhaust 1 + kill 5 = 6 for Bolt's [A][A].
    data = scenario([{"id": "m1", "card": "malzahar"}], [MALZAHAR_SOURCE])
    assert answer(data).objective == 6


def test_the_filter_decides_what_it_may_kill() -> None:
    # "Kill a friendly gear": Malzahar is a unit, the only other object a unit: nothing to
    # kill, so the source can't be activated and Bolt's [A][A] can't be paid (no runes).
    source = dict(MALZAHAR_SOURCE, costs=["exhaust", {"kill": {"filter": {"type": "gear"}}}])
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit"}], [source])
    assert answer(data).status == "unpayable"
    # A gear there (default count 1): exhaust 1 + kill it 5 = 6.
    data["state"]["you"]["board"].append({"id": "g1", "card": "relic"})
    assert answer(data).objective == 6


def test_the_bare_word_still_kills_the_source_itself() -> None:
    # A Gold-like source ([exhaust, kill]) beside Malzahar: each kills its own object. Bolt
    # [A][A]: Malzahar alone (kill u1, value 1: 1 + 1 = 2) is cheaper than Gold (exhaust 1 +
    # kill 5) plus anything.
    gold = {"id": "g1", "adds": {"power": {"any": 1}}, "costs": ["exhaust", "kill"]}
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "g1", "card": "relic"},
                     {"id": "u1", "card": "recruit", "value": 1}], [MALZAHAR_SOURCE, gold])
    assert answer(data).objective == 2


def test_a_count_kills_that_many_objects() -> None:
    # "Kill two friendly units": u1 (value 1) and u2 (value 3) rather than Malzahar himself
    # (kill 5): exhaust 1 + 1 + 3 = 5.
    source = dict(MALZAHAR_SOURCE,
                  costs=["exhaust", {"kill": {"count": 2, "filter": {"type": "unit"}}}])
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit", "value": 1},
                     {"id": "u2", "card": "recruit", "value": 3}], [source])
    assert answer(data).objective == 5
    # A bare number is a count with no filter: any two of your objects, Malzahar included.
    source["costs"] = ["exhaust", {"kill": 2}]
    assert answer(data).objective == 5


def test_an_object_it_kills_pays_no_other_cost() -> None:
    # Bolt with a mandatory "exhaust a friendly unit" (exhaust_unit 2). Board: Malzahar, u1.
    # Malzahar exhausts himself, so he can't pay the exhaust cost; killing u1 leaves no ready
    # unit for it. So he kills himself (he may: 357.1.a, then the unit pays 357.2) and u1 is
    # exhausted: exhaust 1 + kill 5 + exhaust_unit 2 = 8.
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit", "value": 1}],
                    [MALZAHAR_SOURCE])
    data["cards"]["bolt"]["additional_costs"] = [
        {"id": "tap", "cost": {"other": [{"exhaust": {"count": 1, "filter": {"type": "unit"}}}]}}]
    assert answer(data).objective == 8


def test_an_object_it_kills_gives_no_other_source() -> None:
    # Cost [chaos][A][A], no runes. A Seal g1 (value 1) adds [chaos] by exhausting itself (1);
    # Malzahar adds [A][A]. Were g1 killable after its own activation, kill g1 (1) would make
    # 1 + 1 + 1 = 3; the contract says an object killed this way gives no other source, so
    # Malzahar kills himself: 1 + 1 + 5 = 7.
    seal = {"id": "g1", "adds": {"power": {"chaos": 1}}}
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "g1", "card": "seal", "value": 1}],
                    [MALZAHAR_SOURCE, seal])
    data["cards"]["bolt"]["cost"] = {"power": {"chaos": 1, "any": 2}}
    assert answer(data).objective == 7


def test_two_sources_do_not_kill_the_same_object() -> None:
    # Two Malzahars (m1, m2), Bolt needs [A][A][A][A] (no runes): both activate (exhaust 1
    # each), each kills one object: u1 (value 1) and then the cheapest other one, u2 (value 4),
    # not u1 twice: 1 + 1 + 1 + 4 = 7.
    second = dict(MALZAHAR_SOURCE, id="m2")
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "m2", "card": "malzahar"},
                     {"id": "u1", "card": "recruit", "value": 1},
                     {"id": "u2", "card": "recruit", "value": 4}], [MALZAHAR_SOURCE, second])
    data["cards"]["bolt"]["cost"] = {"power": {"any": 4}}
    assert answer(data).objective == 7


def test_a_killed_object_s_buffs_are_not_spent() -> None:
    # Bolt with a mandatory "spend a buff" (2); only u1 (value 1) has a buff. Killing u1 takes
    # its buff with it, so Malzahar kills himself: exhaust 1 + kill 5 + buff 2 = 8 (not 1 + 1 +
    # 2 = 4).
    data = scenario([{"id": "m1", "card": "malzahar"},
                     {"id": "u1", "card": "recruit", "value": 1, "buffs": 1}], [MALZAHAR_SOURCE])
    data["cards"]["bolt"]["additional_costs"] = [{"id": "buff", "cost": {"other": [
        {"spend_buff": 1}]}}]
    assert answer(data).objective == 8


def test_rule_357_3_keeps_the_target_even_at_a_higher_score() -> None:
    # Bolt targets u1 (value 1); u2 is worth 4, Malzahar himself kill 5. Killing the target
    # would score 1 + 1 = 2, but a payment keeping it exists (357.3 comes before the
    # objective): kill u2, 1 + 4 = 5.
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit", "value": 1},
                     {"id": "u2", "card": "recruit", "value": 4}], [MALZAHAR_SOURCE],
                    targets=["u1"])
    got = answer(data)
    assert (got.objective, got.loses) == (5, False)
    # No other object (Malzahar himself aside, worth 8): he kills himself (1 + 8 = 9), the
    # target stays.
    data["state"]["you"]["board"] = [{"id": "m1", "card": "malzahar", "value": 8},
                                     {"id": "u1", "card": "recruit", "value": 1}]
    got = answer(data)
    assert (got.objective, got.loses) == (9, False)
    # The target as the only victim the filter allows ("kill a friendly unit with Might 1 or
    # less"; Malzahar has 2): no payment keeps it, so it is killed: 1 + 1 = 2, and lost.
    source = dict(MALZAHAR_SOURCE, costs=["exhaust", {"kill": {"filter": {"max_might": 1}}}])
    data["state"]["you"]["sources"] = [source]
    got = answer(data)
    assert (got.objective, got.loses) == (2, True)


def test_357_3_over_the_whole_payment() -> None:
    # Bolt targets u1 and has a mandatory "kill a fodder" (u1 or the gear g1 are fodder);
    # Malzahar's source here kills a gear only (g1), and is needed (no runes). The kill cost
    # alone could keep u1 (kill g1), but then the source has nothing to kill and nothing pays:
    # so the only payments kill u1 with the cost (5) and g1 with the source (exhaust 1 + 5):
    # 11, the target lost. (Reading rule 357.3 on the kill cost alone would answer unpayable.)
    source = dict(MALZAHAR_SOURCE, costs=["exhaust", {"kill": {"filter": {"type": "gear"}}}])
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit"},
                     {"id": "g1", "card": "relic"}], [source], targets=["u1"])
    data["cards"]["recruit"]["tags"] = data["cards"]["relic"]["tags"] = ["fodder"]
    data["cards"]["bolt"]["additional_costs"] = [{"id": "offer", "cost": {"other": [
        {"kill": {"count": 1, "filter": {"tags": ["fodder"]}}}]}}]
    got = answer(data)
    assert (got.status, got.objective, got.loses) == ("ok", 11, True)
    # A second gear for the source: the cost kills g1 and the source g2, the target stays.
    data["state"]["you"]["board"].append({"id": "g2", "card": "relic"})
    got = answer(data)
    assert (got.status, got.objective, got.loses) == ("ok", 11, False)


def test_an_ability_s_own_object_is_kept_by_the_tie_break() -> None:
    # The recruit u1's ability costs [A][A]; Malzahar kills u1 or u2 (both weigh kill 5):
    # exhaust 1 + kill 5 = 6 either way, and the tie-break keeps the ability's own object.
    data = scenario([{"id": "m1", "card": "malzahar", "value": 9},
                     {"id": "u1", "card": "recruit"}, {"id": "u2", "card": "recruit"}],
                    [MALZAHAR_SOURCE])
    data["cards"]["recruit"]["abilities"] = [{"id": "go", "cost": {"power": {"any": 2}}}]
    data["play"] = {"ability": {"object": "u1", "id": "go"}}
    ref = reference_totals(data)
    assert best(data, Total(0, (0, 0, 0, 0, 0, 0, 2)), ref) == (6, False)
    # A payment that kills u1 with the source takes the kept object off the board.
    assert payment_loses(ref, {"sources": ["m1"], "source_kills": [{"source": "m1", "kill": ["u1"]}]})
    assert not payment_loses(ref, {"sources": ["m1"],
                                   "source_kills": [{"source": "m1", "kill": ["u2"]}]})


def test_an_exhausted_malzahar_adds_nothing() -> None:
    # [E] needs him ready: exhausted, his source is not usable; Bolt [A][A] with no runes is
    # unpayable.
    data = scenario([{"id": "m1", "card": "malzahar", "exhausted": True},
                     {"id": "u1", "card": "recruit"}], [MALZAHAR_SOURCE])
    assert answer(data).status == "unpayable"


def test_a_converter_that_kills_is_not_modelled() -> None:
    # The loader refuses `{kill: ...}` on a repeatable source: the reference does not guess.
    source = {"id": "m1", "adds": {"energy": 1}, "repeatable": True,
              "costs": [{"power": {"any": 1}}, {"kill": {"filter": {"type": "unit"}}}]}
    data = scenario([{"id": "m1", "card": "malzahar"}, {"id": "u1", "card": "recruit"}], [source])
    with pytest.raises(Unsupported):
        reference_totals(data)


# --- C. Abilities with alternative costs ---------------------------------------------------------

# Legion Marauder: Empower "[1] or [Body]".
MARAUDER: dict[str, Any] = {
    "name": "Legion Marauder", "type": "unit", "domains": ["body"], "cost": {"energy": 3},
    "might": 3, "abilities": [{"id": "empower", "kind": "empower", "cost": {"energy": 1},
                               "alternatives": [{"power": {"body": 1}}]}]}


def marauder(runes: Any, **extra: Any) -> dict[str, Any]:
    you: dict[str, Any] = {"runes": runes, "board": [{"id": "u1", "card": "marauder"}]}
    return {"format": "payplan/1", "cards": {"marauder": copy.deepcopy(MARAUDER)},
            "state": {"phase": "main", "turn": "you", "you": you},
            "play": {"ability": {"object": "u1", "id": "empower"}, **extra}}


def test_the_printed_cost_when_it_is_cheaper() -> None:
    # A ready Body rune: [1] by exhausting it (1); [Body] by exhausting and recycling it (1 + 3).
    got = answer(marauder([{"id": "r1", "domain": "body"}]))
    assert (got.status, got.objective, got.winners) == ("ok", 1, (("printed", (), "[1]"),))


def test_the_alternative_when_only_it_is_payable() -> None:
    # The Body rune is exhausted: no Energy for [1]; [Body] by recycling it: 3.
    got = answer(marauder([{"id": "r1", "domain": "body", "exhausted": True}]))
    assert (got.status, got.objective, got.winners) == ("ok", 3, (("alternative", (), "[body]"),))
    # A Fury rune instead: neither [1] (exhausted) nor [Body] can be paid.
    got = answer(marauder([{"id": "r1", "domain": "fury", "exhausted": True}]))
    assert got.status == "unpayable"


def test_rule_353_prices_each_alternative() -> None:
    # A gear's grant "Empower costs [A] less" (applies to empower abilities): [1] stays [1]
    # (no pip to take), [Body] becomes [0]: the alternative at 0 beats exhausting the rune (1).
    data = marauder([{"id": "r1", "domain": "body"}])
    data["cards"]["banner"] = {"name": "Banner", "type": "gear", "grants": [
        {"discount": {"id": "banner", "power": {"any": 1}}, "applies_to": {"ability": "empower"}}]}
    data["state"]["you"]["board"].append({"id": "g1", "card": "banner"})
    got = answer(data)
    assert (got.objective, got.winners) == (0, (("alternative", (), "[0]"),))
    # An increase "[1] more" on it instead, a Body and a Fury rune: [2] by exhausting both (2);
    # [1][Body] needs the Body rune recycled (exhausted and recycled, 1 + 3, at least 4): [2].
    data["cards"]["banner"]["grants"] = [{"increase": {"id": "tax", "energy": 1},
                                          "applies_to": {"ability": "empower"}}]
    data["state"]["you"]["runes"] = [{"id": "r1", "domain": "body"}, {"id": "r2", "domain": "fury"}]
    got = answer(data)
    assert (got.objective, got.winners) == (2, (("printed", (), "[2]"),))
    # Deflect: targeting an enemy with Deflect 1 adds [A] to each base: [1][A] or [Body][A].
    # With one exhausted Body rune and one exhausted Fury rune, [1][A] can't be paid (no
    # Energy), [Body][A] by recycling both: 3 + 3 = 6.
    data = marauder([{"id": "r1", "domain": "body", "exhausted": True},
                     {"id": "r2", "domain": "fury", "exhausted": True}], targets=["e1"])
    data["cards"]["marauder"]["abilities"][0]["targets"] = {"type": "unit"}
    data["cards"]["wall"] = {"name": "Wall", "type": "unit", "cost": {"energy": 2}, "might": 2,
                             "keywords": {"deflect": 1}}
    data["state"]["opponent"] = {"board": [{"id": "e1", "card": "wall"}]}
    got = answer(data)
    assert (got.objective, got.winners) == (6, (("alternative", (), "[body][A]"),))


def test_several_alternatives_and_ignoring_the_cost() -> None:
    # Two alternatives, [Body] and [A][A] beside [1]: with two exhausted Fury runes only [A][A]
    # can be paid, by recycling both: 6.
    data = marauder([{"id": "r1", "domain": "fury", "exhausted": True},
                     {"id": "r2", "domain": "fury", "exhausted": True}])
    data["cards"]["marauder"]["abilities"][0]["alternatives"].append({"power": {"any": 2}})
    got = answer(data)
    assert (got.objective, got.winners) == (6, (("alternative", (), "[A][A]"),))
    # "Ignoring its cost" zeroes every base: [0] from each, 0.
    data["play"]["ignore"] = "cost"
    got = answer(data)
    assert got.objective == 0 and {w[2] for w in got.winners} == {"[0]"}


def test_an_alternative_without_the_atom_the_object_cannot_pay() -> None:
    # "[E]: ..." or "[2]": exhausted, the object can't pay [E], so only the alternative is a
    # base (with two ready runes: 2); with no alternative the play is illegal, as before.
    data = marauder([{"id": "r1", "domain": "body"}, {"id": "r2", "domain": "body"}])
    ability = data["cards"]["marauder"]["abilities"][0]
    ability.update(kind="activated", id="go", cost={"other": ["exhaust_self"]},
                   alternatives=[{"energy": 2}])
    data["play"] = {"ability": {"object": "u1", "id": "go"}}
    data["state"]["you"]["board"][0]["exhausted"] = True
    got = answer(data)
    assert (got.objective, got.winners) == (2, (("alternative", (), "[2]"),))
    del ability["alternatives"]
    assert answer(data).status == "illegal"
    # Ready, [E] (exhaust_unit 2 for the object itself) ties with [2] (two runes exhausted, 2);
    # the smaller total wins: [E], the printed base.
    ability["alternatives"] = [{"energy": 2}]
    data["state"]["you"]["board"][0]["exhausted"] = False
    got = answer(data)
    assert (got.objective, got.winners) == (2, (("printed", (), '(exhaust {"id":"u1"} 1)'),))


def test_empower_used_up_is_illegal_whatever_the_base() -> None:
    data = marauder([{"id": "r1", "domain": "body"}])
    data["state"]["you"]["board"][0]["empowered"] = 1
    assert answer(data).status == "illegal"
