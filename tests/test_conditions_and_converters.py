"""payplan/1's conditions on activated abilities and converters that exhaust, each pinned by
scenarios worked by hand from the rules and docs/payplan-format.md, on the fast path and the
CP-SAT model alike; each test failed before its addition.

- Conditions on activated abilities (`abilities[].while`, 377.2.b).
- Converters that exhaust (`sources[].costs: [exhaust, ...]` with `repeatable`): exhausted once.
"""

from __future__ import annotations

import pytest
from helpers import payplan_text as load

from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound.chain import apply_payment
from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.payment import resources
from payplan.engine.riftbound.scenario import Scenario
from payplan.planner import SolverConfig
from payplan.planner.riftbound.hand import plan_hand
from payplan.planner.riftbound.plan import plan
from payplan.planner.riftbound.play import applied_of
from payplan.planner.riftbound.turn_payments import _source_choices

FAST = SolverConfig()
MODEL = SolverConfig(fast_path=False)
BOTH = pytest.mark.parametrize("config", [FAST, MODEL], ids=["fast", "model"])


# --- 1. Conditions on activated abilities --------------------------------------------------------

RENATA = """
    cards:
      renata: {type: unit, domains: [chaos], might: 3, abilities: [{id: scheme,
               cost: {energy: 1, other: [exhaust_self]}, while: WHILE}]}
    state:
      you:
        runes: {chaos: 2}
        board: [{id: u1, card: renata, location: WHERE}]
    play: {ability: {object: u1, id: scheme}}
"""


def renata(where: str, cond: str = "{at: battlefield}") -> Scenario:
    return load(RENATA.replace("WHERE", where).replace("WHILE", cond))


@BOTH
def test_an_ability_used_only_at_a_battlefield(config: SolverConfig) -> None:
    p = plan(renata("battlefield"), config)
    assert p.status == "ok" and p.total == Cost.parse("[1]{exhaust 1 id=u1}")
    p = plan(renata("base"), config)
    assert p.status == "illegal"
    assert any(r.startswith("while: scheme of u1") for r in p.reasons), p.reasons


@BOTH
def test_an_ability_condition_on_the_state(config: SolverConfig) -> None:
    """A condition not about the object (a flag: "only if unattached", written as a flag)."""
    assert plan(renata("base", "{flag: unattached}"), config).status == "illegal"
    with_flag = RENATA.replace("WHERE", "base").replace("WHILE", "{flag: unattached}").replace(
        "    state:\n", "    state:\n      flags: [unattached]\n")
    assert plan(load(with_flag), config).status == "ok"


def test_hand_leaves_out_an_ability_outside_its_condition() -> None:
    def listed(where: str) -> list[str]:
        data = RENATA.replace("WHERE", where).replace("WHILE", "{at: battlefield}")
        data = data.replace("    play: {ability: {object: u1, id: scheme}}\n", "")
        return [p.status for p in plan_hand(load(data)) if p.play.get("ability") == "scheme"]
    assert listed("battlefield") == ["ok"]
    assert listed("base") in ([], ["illegal"])


def test_a_payment_takes_no_while() -> None:
    data = RENATA.replace("WHILE", "{at: battlefield}").replace(
        "{id: scheme,", "{id: scheme, kind: payment,").replace("WHERE", "base")
    with pytest.raises(ScenarioError, match="while"):
        load(data)


# --- 3. Converters that exhaust -------------------------------------------------------------------

ANOMALY = """
    cards:
      scorcher: {type: unit, domains: [fury], cost: {energy: 5}, might: 5}
      anomaly: {type: gear, domains: [mind]}
    state:
      you:
        runes: {fury: 3}
        pool: {energy: 0, power: {fury: 2}}
        hand: [{id: h1, card: scorcher}]
        board: [{id: g1, card: anomaly, exhausted: EXHAUSTED}]
        sources: [{id: g1, adds: {energy: 1}, costs: [exhaust, {power: {any: 1}}],
                   repeatable: true}]
    play: {object: h1}
"""


@BOTH
def test_a_converter_that_exhausts_charges_it_once(config: SolverConfig) -> None:
    """Two activations, one exhaustion: 3 runes exhausted (3) + the Anomaly once (1)."""
    scenario = load(ANOMALY.replace("EXHAUSTED", "false"))
    p = plan(scenario, config)
    assert p.status == "ok" and p.score == 4, (p.status, p.score)
    assert p.payment is not None and p.payment.sources == ("g1", "g1")
    state = apply_payment(scenario, applied_of(p))
    assert [o.exhausted for o in state.you.board if o.id == "g1"] == [True]


@BOTH
def test_an_exhausted_converter_does_not_convert(config: SolverConfig) -> None:
    assert plan(load(ANOMALY.replace("EXHAUSTED", "true")), config).status == "unpayable"


def test_the_turn_planner_takes_an_exhausting_converter_s_activations_together() -> None:
    """The turn planner's source choices: a later activation is never taken without the first
    (it would convert without the exhaustion being charged)."""
    scenario = load(ANOMALY.replace("EXHAUSTED", "false"))
    res = resources(scenario, scenario.state.you.hand[0])
    assert [o.follows for o in res.sources][:2] == [False, True]
    for flags in _source_choices(res):
        assert all(not on or flags[i - 1] for i, on in enumerate(flags) if res.sources[i].follows)


# --- 4. "Ignore this spell's cost" bought by an optional cost --------------------------------------

GLORY = """
    cards:
      glory: {type: spell, domains: [order], cost: {energy: 3, power: {order: 1}},
              additional_costs: [{id: buff, mandatory: false, cost: {other: [{spend_buff: 1}]},
                                  ignore: IGNORE}]}
      helm: {type: gear, grants: [{increase: {energy: 1}, applies_to: {type: spell,
                                                                      controller: opponent}}]}
      soldier: {type: unit, domains: [order], might: 2}
    state:
      you:
        runes: {order: 4}
        hand: [{id: h1, card: glory}]
        board: [{id: u1, card: soldier, buffs: 1}]
      opponent:
        board: [{id: e1, card: helm}]
    play: {object: h1, optional: {buff: CHOICE}}
"""


def glory(ignore: str, choice: str) -> Scenario:
    return load(GLORY.replace("IGNORE", ignore).replace("CHOICE", choice))


@BOTH
@pytest.mark.parametrize("ignore, total", [
    ("cost", "[1]{spend_buff 1}"),           # the base [0], then Helm's +[1] (356.1.b)
    ("energy", "[1][order]{spend_buff 1}"),  # only the Energy ignored
    ("power", "[4]{spend_buff 1}"),          # only the Power ignored
])
def test_paying_the_option_ignores_the_base_and_increases_still_apply(
        config: SolverConfig, ignore: str, total: str) -> None:
    p = plan(glory(ignore, "yes"), config)
    assert p.status == "ok" and p.total == Cost.parse(total), (p.status, p.total)


@BOTH
def test_not_paying_the_option_keeps_the_printed_cost(config: SolverConfig) -> None:
    p = plan(glory("cost", "no"), config)
    assert p.status == "ok" and p.total == Cost.parse("[4][order]")


@BOTH
def test_auto_chooses_the_option_with_the_payment(config: SolverConfig) -> None:
    """`auto`: spending the buff (2) and one rune (1) beats four runes and a recycle (4 + 3)."""
    p = plan(glory("cost", "auto"), config)
    assert p.status == "ok" and p.total == Cost.parse("[1]{spend_buff 1}") and p.score == 3


def test_ignore_is_on_an_optional_cost_only() -> None:
    with pytest.raises(ScenarioError, match="optional cost"):
        load(GLORY.replace("mandatory: false", "mandatory: true").replace("IGNORE", "cost")
             .replace("    play: {object: h1, optional: {buff: CHOICE}}\n", "    play: {object: h1}\n"))
    with pytest.raises(ScenarioError, match="ignore"):
        glory("all", "yes")


# --- 5. A pip payable by either of two domains ----------------------------------------------------

RAIDER = """
    cards:
      raider: {type: unit, domains: [fury, chaos], cost: {energy: 2}, hybrid: [[fury, chaos]],
               might: 2, discounts: DISCOUNTS}
    state:
      you:
        runes: RUNES
        hand: [{id: h1, card: raider}]
    play: {object: h1}
"""


def raider(runes: str, discounts: str = "[]") -> Scenario:
    return load(RAIDER.replace("RUNES", runes).replace("DISCOUNTS", discounts))


@BOTH
@pytest.mark.parametrize("runes, total", [
    ("{chaos: 3}", "[2][chaos]"), ("{fury: 3}", "[2][fury]"),
])
def test_either_domain_pays_the_pip(config: SolverConfig, runes: str, total: str) -> None:
    p = plan(raider(runes), config)
    assert p.status == "ok" and p.total == Cost.parse(total), (p.status, p.total)


@BOTH
def test_the_pip_is_announced_before_the_discounts(config: SolverConfig) -> None:
    """Announced as Fury, a "[fury] less" takes it: [2] (exhaust two), not [2][chaos] (5)."""
    p = plan(raider("{chaos: 3}", "[{power: {fury: 1}}]"), config)
    assert p.status == "ok" and p.total == Cost.parse("[2]") and p.score == 2


@BOTH
def test_neither_domain_leaves_it_unpayable(config: SolverConfig) -> None:
    assert plan(raider("{calm: 3}"), config).status == "unpayable"


def test_a_hybrid_pip_names_two_domains() -> None:
    for bad in ("[[fury, fury]]", "[[fury]]", "[[fury, void]]"):
        with pytest.raises(ScenarioError, match="hybrid"):
            load(RAIDER.replace("[[fury, chaos]]", bad).replace("RUNES", "{fury: 1}")
                 .replace("DISCOUNTS", "[]"))


# --- 7. OR over tags in filters --------------------------------------------------------------------

WOLF = """
    cards:
      wolf: {type: unit, domains: [body], cost: {energy: 1}, might: 3, additional_costs: [
             {id: prey, cost: {other: [{kill: {count: 1, filter: FILTER}}]}}]}
      poro: {type: unit, tags: [poro], might: 1}
      both: {type: unit, tags: [poro, cat], might: 1}
      yordle: {type: unit, tags: [yordle], might: 1}
    state:
      you:
        runes: {body: 1}
        hand: [{id: h1, card: wolf}]
        board: BOARD
    play: {object: h1}
"""


@BOTH
@pytest.mark.parametrize("flt, board, killed", [
    ("{any_tags: [bird, cat, dog, poro]}", "[{id: u1, card: yordle}, {id: u2, card: poro}]", "u2"),
    ("{any_tags: [bird, cat]}", "[{id: u1, card: poro}, {id: u2, card: both}]", "u2"),
    ("{tags: [poro], any_tags: [cat, dog]}", "[{id: u1, card: poro}, {id: u2, card: both}]", "u2"),
    ("{any_tags: [bird, dog]}", "[{id: u1, card: poro}, {id: u2, card: yordle}]", None),
])
def test_any_tags_needs_one_of_them(config: SolverConfig, flt: str, board: str,
                                    killed: str | None) -> None:
    p = plan(load(WOLF.replace("FILTER", flt).replace("BOARD", board)), config)
    if killed is None:
        assert p.status == "unpayable"
        return
    assert p.status == "ok" and p.payment is not None
    assert [i for k, ids in p.payment.other if k == "kill" for i in ids] == [killed]


# --- 8. Equip and Empower are activated abilities ------------------------------------------------

FORGE = """
    cards:
      dirk: {type: gear, domains: [fury], keywords: {hidden: true}, abilities: [
             {id: equip, kind: equip, cost: {energy: 2}, targets: {type: unit}},
             {id: empower, kind: empower, cost: {energy: 2}},
             {id: ping, cost: {energy: 2}}]}
      forge: {type: gear, grants: [{discount: {energy: 1}, applies_to: {ability: activated}}]}
      recruit: {type: unit, domains: [fury], might: 1}
    state:
      you:
        runes: {fury: 3}
        hand: [{id: h1, card: dirk}]
        board: [{id: g1, card: dirk}, {id: b1, card: forge}, {id: u1, card: recruit}]
    play: PLAY
"""


@BOTH
@pytest.mark.parametrize("play, total", [
    ("{ability: {object: g1, id: equip}, targets: [u1]}", "[1]"),
    ("{ability: {object: g1, id: empower}}", "[1]"),
    ("{ability: {object: g1, id: ping}}", "[1]"),
    ("{hide: h1}", "[A]"),  # hiding is not an ability (rules notes): no discount
])
def test_activated_reaches_equip_and_empower_not_hiding(config: SolverConfig, play: str,
                                                        total: str) -> None:
    p = plan(load(FORGE.replace("PLAY", play)), config)
    assert p.status == "ok" and p.total == Cost.parse(total), (p.status, p.total)
