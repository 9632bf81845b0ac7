"""The 10 suggested golden cases at the end of the real-card catalog
(shared/research/card-mechanics.md, section 12), each with the answer the catalog gives.

Card numbers are the real cards' (names and amounts are facts); each case is written in the
`payplan/1` format with its real-card additions (shared/spec/real-cards.md). Where the catalog
gives only the answer, the test checks that answer and the plan's `paid` flags.
"""

from __future__ import annotations

import textwrap

from payplan.engine.riftbound.cost import Cost
from payplan.engine.riftbound.loader import load_text
from payplan.planner.riftbound.orders import discount_orders
from payplan.planner.riftbound.plan import plan


def scenario(text: str):  # type: ignore[no-untyped-def]
    return load_text("format: payplan/1\n" + textwrap.dedent(text))


def test_1_sky_splitter_eager_apprentice_order() -> None:
    """Energy 0 in the best order (Apprentice first), 1 in the other; [Fury] still owed."""
    s = scenario("""
        cards:
          sky-splitter: {type: spell, domains: [fury], cost: {energy: 8, power: {fury: 1}},
                         discounts: [{id: splitter, energy: {max: might, of: {type: unit}}}]}
          apprentice:
            type: unit
            domains: [mind]
            might: 1
            grants: [{discount: {id: apprentice, energy: 1, minimum: {energy: 1}},
                      applies_to: {type: spell}, while: {at: battlefield}}]
          brute: {type: unit, domains: [body], might: 7}
        state:
          you:
            runes: [{domain: fury}, {domain: fury}]
            hand: [{id: h1, card: sky-splitter}]
            board: [{id: u1, card: apprentice, location: battlefield}, {id: u2, card: brute}]
        play: {object: h1}
    """)
    p = plan(s)
    assert p.status == "ok" and p.total == Cost.parse("[fury]")
    assert p.discount_order == ("apprentice", "splitter")
    totals = {str(t.total) for t in discount_orders(s).orders}
    assert totals == {"[fury]", "[1][fury]"}


def test_2_legion_rearguard_ignoring_cost_with_accelerate() -> None:
    s = scenario("""
        cards:
          legion-rearguard: {type: unit, domains: [fury], cost: {energy: 2, power: {fury: 1}},
                             keywords: {accelerate: true}}
        state: {you: {runes: {fury: 3}, hand: [{id: h1, card: legion-rearguard}]}}
        play: {object: h1, ignore: cost, optional: {accelerate: yes}}
    """)
    p = plan(s)
    assert p.total == Cost.parse("[1][fury]")
    assert dict(p.paid) == {"accelerate": 1}


def test_3_clockwork_keeper_optional_cost_discounted_to_zero_still_paid() -> None:
    s = scenario("""
        cards:
          clockwork-keeper:
            type: unit
            domains: [calm]
            cost: {energy: 2}
            additional_costs: [{id: wind-up, mandatory: false, cost: {power: {calm: 1}}}]
          ezreal-prodigy:
            type: unit
            domains: [mind]
            grants: [{discount: {id: ezreal, component: optional,
                                 choice: [{energy: 1}, {power: {any: 1}}]}}]
        state:
          you:
            runes: {calm: 3}
            hand: [{id: h1, card: clockwork-keeper}]
            board: [{id: u1, card: ezreal-prodigy}]
        play: {object: h1, optional: {wind-up: yes}}
    """)
    p = plan(s)
    assert p.total == Cost.parse("[2]")
    assert dict(p.paid) == {"wind-up": 1}
    assert p.to_json()["paid"] == {"wind-up": 1}


def test_4_ezreal_reduces_repeat_component_first() -> None:
    s = scenario("""
        cards:
          frigid-touch: {type: spell, domains: [calm], cost: {energy: 2},
                         keywords: {repeat: {energy: 2}}}
          ezreal-prodigy:
            type: unit
            domains: [mind]
            grants: [{discount: {id: ezreal, component: optional,
                                 choice: [{energy: 1}, {power: {any: 1}}]}}]
        state:
          you:
            runes: {calm: 4}
            hand: [{id: h1, card: frigid-touch}]
            board: [{id: u1, card: ezreal-prodigy}]
        play: {object: h1, optional: {repeat: yes}}
    """)
    p = plan(s)
    assert p.total == Cost.parse("[3]")
    assert dict(p.paid) == {"repeat": 1}
    assert any("discount ezreal on repeat" in step.text for step in p.steps)


def test_5_cruel_patron_kill_is_paid() -> None:
    """The kill is a cost and is paid (what replaces the death afterwards does not undo it)."""
    s = scenario("""
        cards:
          cruel-patron:
            type: unit
            domains: [chaos]
            cost: {energy: 3}
            additional_costs: [{id: kill, cost: {other: [{kill: {count: 1, filter: {type: unit}}}]}}]
          zhonyas-hourglass: {type: gear, domains: [mind]}
          grunt: {type: unit, domains: [fury], cost: {energy: 2}, might: 2}
        state:
          you:
            runes: {chaos: 3}
            hand: [{id: h1, card: cruel-patron}]
            board: [{id: u1, card: grunt}, {id: g1, card: zhonyas-hourglass}]
        play: {object: h1}
    """)
    p = plan(s)
    assert p.status == "ok"
    assert p.total == Cost.parse("[3]{kill 1 type=unit}")
    assert p.payment is not None and p.payment.other == (("kill", ("u1",)),)


LEDROS = textwrap.dedent("""
    cards:
      commander-ledros:
        type: unit
        domains: [order]
        cost: {energy: 6, power: {order: 4}}
        additional_costs:
          - id: sacrifice
            mandatory: false
            repeatable: true
            cost: {other: [{kill: {count: 1, filter: {type: unit}}}]}
            unlocks: [{power: {order: 1}, per_payment: true}]
      grunt: {type: unit, domains: [fury], cost: {energy: 2}, might: 2}
    state:
      you:
        runes: {order: 6}
        hand: [{id: h1, card: commander-ledros}]
        board: [{id: u1, card: grunt}, {id: u2, card: grunt}, {id: u3, card: grunt},
                {id: u4, card: grunt}, {id: u5, card: grunt}]
""")


def test_6_commander_ledros_killing_four() -> None:
    p = plan(scenario(LEDROS + "play: {object: h1, optional: {sacrifice: 4}}\n"))
    assert p.status == "ok"
    assert p.total == Cost.parse("[6]{kill 4 type=unit}")
    assert dict(p.paid) == {"sacrifice": 4}
    assert p.payment is not None and len(p.payment.other[0][1]) == 4


def test_6_commander_ledros_count_chosen_with_the_payment() -> None:
    """With 6 Order runes, recycling 4 of them for Power costs 4 x (exhaust 1 + recycle 3) and
    killing 4 grunts 4 x 5; each kill saves an Order pip worth 4: paying the pips is cheaper, so
    `auto` kills none. With 2 Order runes only 2 pips can be recycled: it kills exactly 2."""
    p = plan(scenario(LEDROS + "play: {object: h1, optional: {sacrifice: auto}}\n"))
    assert p.status == "ok" and p.paid == ()
    assert p.total == Cost.parse("[6][order][order][order][order]")
    p = plan(scenario(LEDROS.replace("runes: {order: 6}", "runes: {order: 2, fury: 4}")
                      + "play: {object: h1, optional: {sacrifice: auto}}\n"))
    assert p.status == "ok"
    assert dict(p.paid) == {"sacrifice": 2}
    assert p.total == Cost.parse("[6][order][order]{kill 2 type=unit}")


def test_7_kraken_hunter_two_buffs_with_accelerate() -> None:
    s = scenario("""
        cards:
          kraken-hunter:
            type: unit
            domains: [body]
            cost: {energy: 3, power: {body: 2}}
            keywords: {accelerate: true}
            additional_costs:
              - id: buffs
                mandatory: false
                repeatable: true
                cost: {other: [{spend_buff: 1}]}
                unlocks: [{power: {body: 1}, per_payment: true}]
          grunt: {type: unit, domains: [fury], might: 2}
        state:
          you:
            runes: {body: 5}
            hand: [{id: h1, card: kraken-hunter}]
            board: [{id: u1, card: grunt, buffs: 2}]
        play: {object: h1, optional: {accelerate: yes, buffs: 2}}
    """)
    p = plan(s)
    assert p.status == "ok"
    assert p.total == Cost.parse("[4][body]{spend_buff 2}")
    assert dict(p.paid) == {"accelerate": 1, "buffs": 2}


def test_8_master_yi_at_eleven_xp() -> None:
    s = scenario("""
        cards:
          master-yi:
            type: unit
            domains: [calm]
            cost: {energy: 12, power: {calm: 3}}
            discounts:
              - id: level
                tiers:
                  - {energy: 2, power: {c: 1}, if: {level_at_least: 3}}
                  - {energy: 4, power: {c: 2}, if: {level_at_least: 6}}
                  - {energy: 6, power: {c: 3}, if: {level_at_least: 11}}
        state: {you: {xp: 11, runes: {calm: 8}, hand: [{id: h1, card: master-yi}]}}
        play: {object: h1}
    """)
    p = plan(s)
    assert p.total == Cost.parse("[6]")
    lower = plan(load_text(s_text := "format: payplan/1\n" + textwrap.dedent("""
        cards:
          master-yi:
            type: unit
            domains: [calm]
            cost: {energy: 12, power: {calm: 3}}
            discounts:
              - id: level
                tiers:
                  - {energy: 2, power: {c: 1}, if: {level_at_least: 3}}
                  - {energy: 4, power: {c: 2}, if: {level_at_least: 6}}
                  - {energy: 6, power: {c: 3}, if: {level_at_least: 11}}
        state: {you: {xp: 7, runes: {calm: 8}, hand: [{id: h1, card: master-yi}]}}
        play: {object: h1}
    """)))
    assert s_text and lower.total == Cost.parse("[8][calm]")  # level 6 tier alone, not 3 + 6


def test_9_battering_ram_under_vaults_of_helia() -> None:
    s = scenario("""
        cards:
          battering-ram:
            type: unit
            domains: [fury]
            cost: {energy: 5}
            discounts: [{id: ram, energy: {per: played_this_turn}, minimum: {energy: 1}}]
          vaults-of-helia:
            type: gear
            grants: [{increase: {id: vaults, energy: 1}, applies_to: {type: unit}}]
        state:
          played_this_turn: 6
          you:
            runes: {fury: 2}
            hand: [{id: h1, card: battering-ram}]
            board: [{id: b1, card: vaults-of-helia}]
        play: {object: h1}
    """)
    assert plan(s).total == Cost.parse("[1]")


DEFLECT = textwrap.dedent("""
    cards:
      ornn-forge-god: {type: unit, domains: [fury], might: 5, keywords: {deflect: 2}}
      heisho: {type: gear, grants: [{ignore_deflect: true,
                                     while: {targets: {location: battlefield}}}]}
      bolt: {type: spell, domains: [fury], cost: {energy: 1}}
    state:
      you:
        runes: {fury: 4}
        hand: [{id: h1, card: bolt}]
        board: [{id: b1, card: heisho}]
      opponent:
        board: [{id: e1, card: ornn-forge-god, location: LOCATION}]
    play: {object: h1, targets: [e1]}
""")


def test_10_deflect_two_and_heisho() -> None:
    """A spell choosing Ornn, Forge God (Deflect 2) costs [A][A] more; choosing a unit at
    Heisho (which ignores Deflect for anything choosing there) costs nothing more."""
    at_base = plan(scenario(DEFLECT.replace("LOCATION", "base")))
    assert at_base.total == Cost.parse("[1][A][A]")
    at_heisho = plan(scenario(DEFLECT.replace("LOCATION", "battlefield")))
    assert at_heisho.total == Cost.parse("[1]")


def test_10_decree_of_insight_ignores_deflect() -> None:
    """Decree of Insight ignores Deflect on its own cost (the card key `ignore_deflect`):
    choosing Ornn, Forge God at a base adds nothing, while the same spell without the key,
    choosing the same unit, pays [A][A] more."""
    decree = DEFLECT.replace("LOCATION", "base").replace(
        "bolt: {type: spell, domains: [fury], cost: {energy: 1}}",
        "bolt: {type: spell, domains: [fury], cost: {energy: 1}, ignore_deflect: true}")
    assert "ignore_deflect: true}" in decree
    assert plan(scenario(decree)).total == Cost.parse("[1]")
