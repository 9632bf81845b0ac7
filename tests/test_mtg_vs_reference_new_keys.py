"""The mtg/1 brute force (benchmarks/mtg/reference) on the keys of the mana, cost and restricted-mana
contracts, each case worked by hand from the contract's words and the rules (106.6, 106.7, 205.2a,
601.2g-h), without payplan's engine or planner: `adds: sacrificed` (Squandered Resources),
the filter key `all_types` (Mycosynth Golem), `state.you.restricted_pool`, the filter key
`x_cost` and `only_for: {ability: any}` (Rosheen Meanderer, Titans' Nest). Default weights: a
land or an artifact tapped 1, a creature tapped 2, a sacrifice 5; the pool is free.

The planner's side of each key is compared on generated casts (tests/test_mtg_vs_reference.py,
the campaign); these check the reference alone, so they hold whether or not payplan reads the key.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.mana import parse_plain
from payplan.benchmarks.mtg.reference.objects import BadScenario
from payplan.benchmarks.mtg.reference.payment import check_payment

SQUANDERED = {"name": "Squandered Resources", "types": ["enchantment"], "cost": "{B}{G}",
              "mana": [{"adds": "sacrificed", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "land"}}}]}]}
SEA = {"name": "Underground Sea", "types": ["land"], "mana": [{"adds": "{U}|{B}"}]}
FOREST = {"name": "Forest", "types": ["land"], "mana": [{"adds": "{G}"}]}
MOUNTAIN = {"name": "Mountain", "types": ["land"], "mana": [{"adds": "{R}"}]}
ISLAND = {"name": "Island", "types": ["land"], "mana": [{"adds": "{U}"}]}
BEARS = {"name": "Grizzly Bears", "types": ["creature"], "cost": "{1}{G}"}
DESERT = {"name": "Barren Land", "types": ["land"]}
SEAT = {"name": "Seat of the Synod", "types": ["artifact", "land"], "mana": [{"adds": "{U}"}]}
GOLEM = {"name": "Mycosynth Golem", "types": ["artifact", "creature"], "cost": "{11}",
         "reductions": [{"generic": {"count": {"type": "artifact"}}}],
         "grants": [{"reduction": {"generic": {"count": {"type": "artifact"}}},
                     "applies_to": {"all_types": ["artifact", "creature"]}}]}
ROSHEEN = {"name": "Rosheen Meanderer", "types": ["creature"], "cost": "{3}{R/G}",
           "mana": [{"adds": "{C}{C}{C}{C}", "only_for": {"ability": "any", "x_cost": True}}]}
NEST = {"name": "Titans' Nest", "types": ["enchantment"], "cost": "{1}{B}{G}{U}",
        "mana": [{"adds": "{C}", "costs": [{"exile_from_graveyard": {"count": 1}}],
                  "only_for": {"colorless": False, "x_cost": False}}]}


def board(spell: dict[str, Any], mine: dict[str, dict[str, Any]], **play: Any) -> dict[str, Any]:
    """`spell` in hand (h1); object id -> card (card id: the id without its digits); an object's
    own keys under `_obj`."""
    cards: dict[str, Any] = {"spell": spell}
    state: dict[str, Any] = {"you": {"battlefield": [], "hand": [{"id": "h1", "card": "spell"}]}}
    for ident, body in mine.items():
        body = copy.deepcopy(body)
        extra = body.pop("_obj", {})
        name = ident.rstrip("0123456789")
        cards[name] = body
        state["you"]["battlefield"].append({"id": ident, "card": name, **extra})
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1", **play}}


def instant(cost: str) -> dict[str, Any]:
    return {"types": ["instant"], "cost": cost}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score


def plan(score: int, total: str, sources: list[dict[str, Any]], pool: str = "",
         left: str = "") -> dict[str, Any]:
    """A plan in `plan --json`'s terms: a normal cast, no life, no convoke, delve or improvise."""
    for s in sources:
        s.setdefault("costs", ["tap"])
    return {"status": "ok", "cast": "normal", "x": None, "paid": {},
            "total": {"mana": total, "life": 0, "other": []},
            "payment": {"pool": pool, "sources": sources, "convoke": [], "delve": [], "improvise": [],
                        "life": 0, "other": {}},
            "spent": {"mana": sum(parse_plain(total)), "convoke": 0, "improvise": 0, "delve": 0, "life": 0,
                      "life_for": 0},
            "left_in_pool": left, "score": score, "objective": score}


# --- adds: sacrificed (Squandered Resources, 106.7) ---------------------------------------------

def test_squandered_the_contracts_worked_example() -> None:
    """Sea tapped for {U}, Forest tapped for {G}, the tapped Sea sacrificed for {B}: 1 + 5 = 6
    (the Sea is charged its sacrifice alone). Without the Sea only {G} can be made: unpayable."""
    mine = {"squandered1": SQUANDERED, "sea1": SEA, "forest1": FOREST}
    assert answer(board(instant("{B}{G}{U}"), mine)) == ("ok", 6)
    alone = {"squandered1": SQUANDERED, "forest1": FOREST, "forest2": FOREST}
    assert solve(board(instant("{B}{G}{U}"), alone)).status == "unpayable"


def test_squandered_makes_only_what_the_land_could_produce() -> None:
    """A Mountain gives {R}, tapped or sacrificed, never {G}: with a Forest and a Mountain,
    {G}{G}{G} is unpayable and {G}{G}{R} takes the Forest tapped then sacrificed (5) and the
    Mountain (1): 6; {G}{R}: the two tapped, score 2; {R}{R}: the Mountain tapped, then
    sacrificed, 5; a tapped Mountain (costs ignored, 106.7) still gives {R} when sacrificed: 5."""
    mine = {"squandered1": SQUANDERED, "forest1": FOREST, "mountain1": MOUNTAIN}
    assert solve(board(instant("{G}{G}{G}"), mine)).status == "unpayable"
    assert answer(board(instant("{G}{G}{R}"), mine)) == ("ok", 6)
    assert answer(board(instant("{G}{R}"), mine)) == ("ok", 2)
    assert answer(board(instant("{R}{R}"), mine)) == ("ok", 5)
    tapped = {"squandered1": SQUANDERED, "mountain1": {**MOUNTAIN, "_obj": {"tapped": True}}}
    assert answer(board(instant("{R}"), tapped)) == ("ok", 5)


def test_squandered_never_sacrifices_what_produces_nothing() -> None:
    """A land with no mana ability could produce no type: it is never sacrificed for mana
    (the activation would make none), and the filter keeps creatures out: {1} unpayable."""
    mine = {"squandered1": SQUANDERED, "desert1": DESERT, "bears1": {**BEARS, "mana": [{"adds": "{G}"}],
                                                                   "_obj": {"tapped": True}}}
    assert solve(board(instant("{1}"), mine)).status == "unpayable"


def test_squandered_each_land_once() -> None:
    """Two Forests: each tapped and each sacrificed once: {G}x4 costs 1 + 1 + ... charged as two
    sacrifices (10); a fifth {G} is unpayable."""
    mine = {"squandered1": SQUANDERED, "forest1": FOREST, "forest2": FOREST}
    assert answer(board(instant("{G}{G}{G}{G}"), mine)) == ("ok", 10)
    assert solve(board(instant("{G}{G}{G}{G}{G}"), mine)).status == "unpayable"


def test_squandered_payment_checked() -> None:
    """The checker: the Sea sacrificed for {B} is legal; for {G} (a type it could not produce)
    it is not."""
    data = board(instant("{B}{G}{U}"), {"squandered1": SQUANDERED, "sea1": SEA, "forest1": FOREST})
    good = [{"id": "sea1", "adds": "{U}"}, {"id": "forest1", "adds": "{G}"},
            {"id": "squandered1", "adds": "{B}", "costs": ["sacrifice sea1"]}]
    assert check_payment(data, plan(6, "{B}{G}{U}", good)) == []
    data = board(instant("{G}{G}{U}"), {"squandered1": SQUANDERED, "sea1": SEA, "forest1": FOREST})
    bad = [{"id": "sea1", "adds": "{U}"}, {"id": "forest1", "adds": "{G}"},
           {"id": "squandered1", "adds": "{G}", "costs": ["sacrifice sea1"]}]
    assert check_payment(data, plan(6, "{G}{G}{U}", bad)) != []


@pytest.mark.parametrize("costs", [
    [{"sacrifice": {"count": 2, "filter": {"type": "land"}}}],
    ["tap", {"sacrifice": {"count": 1, "filter": {"type": "land"}}}],
    [{"sacrifice": {"count": 1, "filter": {"type": "land", "controller": "you"}}}],
])
def test_squandered_other_costs_refused(costs: list[Any]) -> None:
    card = {**SQUANDERED, "mana": [{"adds": "sacrificed", "costs": costs}]}
    with pytest.raises(BadScenario):
        solve(board(instant("{G}"), {"squandered1": card, "forest1": FOREST}))


# --- all_types (Mycosynth Golem, 205.2a) --------------------------------------------------------

def test_all_types_the_contracts_worked_example() -> None:
    """The Golem and two Seats (3 artifacts): Myr Enforcer ({7}, affinity) {3} less by itself
    and {3} by the Golem's grant (an artifact creature spell): {1}, one Seat, score 1. Cranial
    Plating (an artifact, no creature): no grant, {2}, both Seats, score 2."""
    mine = {"golem1": GOLEM, "seat1": SEAT, "seat2": SEAT}
    enforcer = {"name": "Myr Enforcer", "types": ["artifact", "creature"], "cost": "{7}",
                "reductions": [{"generic": {"count": {"type": "artifact"}}}]}
    assert answer(board(enforcer, mine)) == ("ok", 1)
    plating = {"name": "Cranial Plating", "types": ["artifact"], "cost": "{2}"}
    assert answer(board(plating, mine)) == ("ok", 2)
    creature = {"name": "Bear", "types": ["creature"], "cost": "{2}"}
    assert answer(board(creature, mine)) == ("ok", 2)


def test_all_types_beside_not_type_of_the_same_type_refused() -> None:
    golem = copy.deepcopy(GOLEM)
    golem["grants"][0]["applies_to"] = {"all_types": ["artifact"], "not_type": ["artifact"]}
    with pytest.raises(BadScenario):
        solve(board({"types": ["artifact"], "cost": "{2}"}, {"golem1": golem, "seat1": SEAT, "seat2": SEAT}))


# --- restricted_pool (106.6) --------------------------------------------------------------------

def _pooled(spell: dict[str, Any]) -> dict[str, Any]:
    data = board(spell, {"forest1": FOREST, "island1": ISLAND})
    data["state"]["you"]["mana_pool"] = "{G}"
    data["state"]["you"]["restricted_pool"] = [{"mana": "{C}{C}", "only_for": {"type": "creature"}}]
    return data


def test_restricted_pool_the_contracts_worked_example() -> None:
    """Pool {G} and {C}{C} for creatures only. Grizzly Bears: the pool pays all, score 0.
    Divination ({2}{U}): the {C}{C} can't pay it; {G} from the pool, the Forest and the Island:
    score 2."""
    assert answer(_pooled(BEARS)) == ("ok", 0)
    assert answer(_pooled({"types": ["sorcery"], "cost": "{2}{U}"})) == ("ok", 2)


def test_restricted_pool_payment_checked() -> None:
    """The checker: Bears from the pool leaving {C} is legal; Divination taking {C} from the
    pool is not (the entry does not admit it), nor is Bears taking a third mana."""
    assert check_payment(_pooled(BEARS), plan(0, "{1}{G}", [], pool="{G}{C}", left="{C}")) == []
    sorcery = _pooled({"types": ["sorcery"], "cost": "{2}{U}"})
    bad = [{"id": "island1", "adds": "{U}"}]
    assert check_payment(sorcery, plan(1, "{2}{U}", bad, pool="{G}{C}", left="{C}")) != []
    good = [{"id": "island1", "adds": "{U}"}, {"id": "forest1", "adds": "{G}"}]
    assert check_payment(sorcery, plan(2, "{2}{U}", good, pool="{G}", left="{C}{C}")) == []
    # left_in_pool is all the pool holds after the play, the entry it does not meet included.
    assert check_payment(sorcery, plan(2, "{2}{U}", good, pool="{G}")) != []


def test_restricted_pool_never_pays_a_filter_cost() -> None:
    """A filter land's {1} is a mana ability's cost, not the spell: restricted mana can't pay it
    (106.6), so {R}{R} with a creature-only {C} and a filter land alone is unpayable; with {C}
    unrestricted it is paid (the land tapped, score 1)."""
    filt = {"types": ["land"], "mana": [{"adds": "{R}{R}", "costs": ["tap", "{1}"]}]}
    data = board({"types": ["creature"], "cost": "{R}{R}"}, {"filter1": filt})
    data["state"]["you"]["restricted_pool"] = [{"mana": "{C}", "only_for": {"type": "creature"}}]
    assert solve(data).status == "unpayable"
    data["state"]["you"]["mana_pool"] = "{C}"
    assert answer(data) == ("ok", 1)


@pytest.mark.parametrize("entries", [
    "{C}", [{"mana": "{C}"}], [{"mana": "", "only_for": {}}],
    [{"mana": "{C}", "only_for": {"chosen_type": True}}], [{"mana": "{C}", "only_for": {}, "x": 1}],
])
def test_restricted_pool_bad_entries_refused(entries: Any) -> None:
    data = board(BEARS, {"forest1": FOREST})
    data["state"]["you"]["restricted_pool"] = entries
    with pytest.raises(BadScenario):
        solve(data)


# --- x_cost and ability: any (Rosheen Meanderer, Titans' Nest) ----------------------------------

def test_rosheen_pays_costs_with_x_only() -> None:
    """Fireball ({X}{R}, x 4): Rosheen's {C}x4 pays {4} (a creature tapped, 2) and a Mountain {R}
    (1): score 3. Lightning Bolt ({R}) with Rosheen alone: unpayable; with a Mountain: 1."""
    fireball = {"types": ["sorcery"], "cost": "{X}{R}"}
    mine = {"rosheen1": ROSHEEN, "mountain1": MOUNTAIN}
    assert answer(board(fireball, mine, x=4)) == ("ok", 3)
    assert solve(board(instant("{R}"), {"rosheen1": ROSHEEN})).status == "unpayable"
    assert answer(board(instant("{R}"), mine)) == ("ok", 1)


def test_rosheen_pays_an_ability_with_x() -> None:
    """`ability: any`: an activated ability whose mana costs hold {X} takes Rosheen's mana
    ({X}{X} with x 2 for 4 colorless: Rosheen, 2); one without {X} ({4}) doesn't: unpayable."""
    relic = {"name": "Relic", "types": ["artifact"],
             "abilities": [{"id": "a", "costs": ["{X}{X}"]}, {"id": "b", "costs": ["{4}"]}]}
    data = board(instant("{R}"), {"rosheen1": ROSHEEN, "relic1": relic}, x=2)
    data["play"] = {"ability": {"object": "relic1", "id": "a"}, "x": 2}
    assert answer(data) == ("ok", 2)
    data["play"] = {"ability": {"object": "relic1", "id": "b"}}
    assert solve(data).status == "unpayable"


def test_titans_nest_pays_colored_spells_without_x() -> None:
    """Titans' Nest's {C} (a card exiled from the graveyard, 1): a colored spell without {X}
    only. Blue {1}{U} with an Island: 1 + 1 = 2; with the Nest alone an artifact {1}
    (colorless) is unpayable, a blue {1} costs 1; blue {X}{U} with x 1 and the Island:
    unpayable."""
    def nest_board(spell: dict[str, Any], mine: dict[str, dict[str, Any]], **play: Any) -> dict[str, Any]:
        data = board(spell, mine, **play)
        data["state"]["you"]["graveyard"] = [{"id": "g1", "card": "spell"}]
        return data
    assert answer(nest_board({"types": ["sorcery"], "cost": "{1}{U}"}, {"nest1": NEST, "island1": ISLAND})) == ("ok", 2)
    assert solve(nest_board({"types": ["artifact"], "cost": "{1}"}, {"nest1": NEST})).status == "unpayable"
    assert answer(nest_board({"types": ["artifact"], "cost": "{1}", "colors": ["blue"]}, {"nest1": NEST})) == ("ok", 1)
    x_spell = {"types": ["sorcery"], "cost": "{X}{U}"}
    assert solve(nest_board(x_spell, {"nest1": NEST, "island1": ISLAND}, x=1)).status == "unpayable"


# --- a trigger's adds: produced (Dictate of Karametra, 106.12a, 605.1b) --------------------------

DICTATE = {"name": "Dictate of Karametra", "types": ["enchantment"], "cost": "{3}{G}{G}", "flash": True,
           "mana_effects": [{"trigger": {"sources": {"type": "land", "controller": "any"}, "adds": "produced"}}]}
SPHERE = {"name": "Damping Sphere", "types": ["artifact"],
          "mana_effects": [{"replace": {"sources": {"type": "land", "controller": "any"}, "adds": "{C}"}}]}
TOMB = {"name": "Ancient Tomb", "types": ["land"], "mana": [{"adds": "{C}{C}"}]}
KARAKAS = {"name": "Azorius Chancery", "types": ["land"], "mana": [{"adds": "{W}{U}"}]}


def test_dictate_the_contracts_worked_example() -> None:
    """Sea tapped for {U} (+{U}), Forest for {G} (+{G}): Mystic Snake {1}{G}{U}{U}, two lands,
    score 2. Sultai Charm {B}{G}{U}: the Sea makes {U}{U} or {B}{B}, never {U}{B}: unpayable."""
    mine = {"dictate1": DICTATE, "sea1": SEA, "forest1": FOREST}
    assert answer(board(instant("{1}{G}{U}{U}"), mine)) == ("ok", 2)
    assert solve(board(instant("{B}{G}{U}"), mine)).status == "unpayable"


def test_dictate_reads_the_output_after_replacement() -> None:
    """Ancient Tomb's {C}{C} under a Damping Sphere is {C}: the Dictate adds {C}, so {C}{C} from
    the Tomb alone is paid (1); a bounce land's {W}{U} adds {W} or {U}: {W}{W}{U} (1), {W}{U}{U} (1);
    two Dictates each add one of the Sea's {U}: {U}{U}{U} (1)."""
    assert answer(board(instant("{C}{C}"), {"dictate1": DICTATE, "sphere1": SPHERE, "tomb1": TOMB})) == ("ok", 1)
    assert solve(board(instant("{C}{C}{C}"), {"dictate1": DICTATE, "sphere1": SPHERE,
                                               "tomb1": TOMB})).status == "unpayable"
    bounce = {"dictate1": DICTATE, "karakas1": KARAKAS}
    assert answer(board(instant("{W}{W}{U}"), bounce)) == ("ok", 1)
    assert answer(board(instant("{W}{U}{U}"), bounce)) == ("ok", 1)
    assert solve(board(instant("{W}{W}{U}{U}"), bounce)).status == "unpayable"
    two = {"dictate1": DICTATE, "dictate2": DICTATE, "sea1": SEA}
    assert answer(board(instant("{U}{U}{U}"), two)) == ("ok", 1)
    assert solve(board(instant("{U}{U}{B}"), two)).status == "unpayable"


def test_dictate_payment_checked() -> None:
    """The checker: the Sea tapped for {U} with the Dictate's {U} is legal; with {B} it is not."""
    data = board(instant("{U}{U}"), {"dictate1": DICTATE, "sea1": SEA})
    good = [{"id": "sea1", "adds": "{U}", "triggered": [{"id": "dictate1", "adds": "{U}"}]}]
    assert check_payment(data, plan(1, "{U}{U}", good)) == []
    bad = [{"id": "sea1", "adds": "{U}", "triggered": [{"id": "dictate1", "adds": "{B}"}]}]
    assert check_payment(data, plan(1, "{U}{U}", bad, left="{B}")) != []


def test_produced_refused_in_a_replacement() -> None:
    sphere = {**SPHERE, "mana_effects": [{"replace": {"sources": {"type": "land"}, "adds": "produced"}}]}
    with pytest.raises(BadScenario):
        solve(board(instant("{G}"), {"sphere1": sphere, "forest1": FOREST}))


# --- The generator's contract themes, and the comparison's skip ---------------------------------

CONTRACT_WORDS = {"sacrificed": "adds.sacrificed", "all_types": "filter.all_types",
                  "restricted_pool": "player_keys.restricted_pool", "x_cost": "filter.x_cost",
                  "produced": "trigger_adds.produced", "power": "per.power", "removed_tap": "per.removed_tap",
                  "each": "amount.each_count", "defiler": "grant.additional",
                  "times": "mana_effect_replace.times", "curse": "attached_to.player"}


def _forced(monkeypatch: pytest.MonkeyPatch, keys: frozenset[str]) -> Any:
    from mtg_reference import strategies
    monkeypatch.setattr(strategies, "CONTRACT_KEYS", keys)
    return strategies


def test_the_generator_draws_each_contract_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every contract key read, 400 casts meet each key at least twice (about 1 cast in
    35 each), `ability: any` too; with none read they meet none (main refuses them until each
    builder's branch is merged: the generator never draws what the loader refuses)."""
    from mtg_reference.keys import drawn
    strategies = _forced(monkeypatch, frozenset(CONTRACT_WORDS))
    met: dict[str, int] = {}
    for _, data in strategies.casts(17, 400):
        for word in drawn(data) & (set(CONTRACT_WORDS.values()) | {"ability_kind.any"}):
            met[word] = met.get(word, 0) + 1
    assert all(met.get(w, 0) >= 2 for w in [*CONTRACT_WORDS.values(), "ability_kind.any"]), met
    _forced(monkeypatch, frozenset())
    for _, data in strategies.casts(17, 200):
        assert not drawn(data) & set(CONTRACT_WORDS.values())


@pytest.mark.slow
@pytest.mark.parametrize("seed", [17, 18])
def test_the_brute_force_answers_the_contract_casts(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The first 4 casts drawing each contract key: the brute force answers each (no refusal,
    within 30 s each) and the answers are not all of one status."""
    import signal

    from mtg_reference.keys import drawn
    strategies = _forced(monkeypatch, frozenset(CONTRACT_WORDS))
    left = {w: 4 for w in CONTRACT_WORDS.values()}
    statuses: set[str] = set()

    def overtime(signum: int, frame: Any) -> None:
        raise TimeoutError

    signal.signal(signal.SIGALRM, overtime)
    for cast_seed, data in strategies.casts(seed, 1000):
        words = [w for w in drawn(data) & set(left) if left[w] > 0]
        if not words:
            continue
        for w in words:
            left[w] -= 1
        signal.setitimer(signal.ITIMER_REAL, 30)
        try:
            statuses.add(solve(data).status)
        except TimeoutError:
            pytest.fail(f"cast {cast_seed}: the brute force ran past 30 s")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if not any(left.values()):
            break
    assert not any(left.values()), left
    assert {"ok", "unpayable"} <= statuses, statuses


def test_a_refusal_naming_a_contract_key_is_skipped() -> None:
    """Until a builder's branch is merged main refuses its keys: a cast every planner refuses
    with lines that each name one is skipped, any other refusal is a disagreement."""
    from mtg_reference.campaign import refused_for_contract_keys
    key_line = "cards.g.grants[0].applies_to.all_types: unknown key all_types\n"
    assert refused_for_contract_keys({"plan": (2, None, key_line), "model": (2, None, key_line)})
    other = key_line + "state.you.life: not a number\n"
    assert not refused_for_contract_keys({"plan": (2, None, other)})
    assert not refused_for_contract_keys({"plan": (2, None, key_line), "model": (0, {"status": "ok"}, "")})
    assert not refused_for_contract_keys({"plan": (2, None, "")})
    value = "cards.sq.mana[0].adds: expected a mana string, got 'sacrificed'\n"
    assert refused_for_contract_keys({"plan": (2, None, value)})
    assert not refused_for_contract_keys({"plan": (2, None, "cards.x.mana[0].adds: expected a mana string\n")})


# --- per: power (Marwyn, the Nurturer) and per: removed with tap (Sand Silos) ----------------------

MARWYN = {"name": "Marwyn, the Nurturer", "types": ["creature"], "cost": "{2}{G}", "power": 1,
          "mana": [{"adds": "{G}", "per": "power"}]}
WURM = {"name": "Pelakka Wurm", "types": ["creature"], "cost": "{4}{G}{G}{G}"}


def test_power_the_contracts_worked_example() -> None:
    """Marwyn (power 4) and two Forests: six mana for Pelakka Wurm's seven: unpayable; power 5:
    Marwyn (a creature tapped, 2) and the Forests (1 + 1): score 4; sick: unpayable."""
    def marwyn(**obj: Any) -> dict[str, Any]:
        return board(WURM, {"marwyn1": {**MARWYN, "_obj": obj}, "forest1": FOREST, "forest2": FOREST})
    assert solve(marwyn(power=4)).status == "unpayable"
    assert answer(marwyn(power=5)) == ("ok", 4)
    assert solve(marwyn(power=5, sick=True)).status == "unpayable"


def test_power_printed_zero_and_options() -> None:
    """Without an object `power` the card's: 1 {G}. Power 0 or less makes nothing (107.1b), and
    a Dictate sees no mana to add to (106.12a); `{R}|{G}` with power 2 gives {R}{R} or {G}{G}."""
    assert answer(board(instant("{G}"), {"marwyn1": MARWYN})) == ("ok", 2)
    assert solve(board(instant("{G}"), {"marwyn1": {**MARWYN, "_obj": {"power": -1}}})).status == "unpayable"
    zero = {"marwyn1": {**MARWYN, "power": 0}, "dictate1": DICTATE}
    assert solve(board(instant("{G}"), zero)).status == "unpayable"
    joiner = {**MARWYN, "mana": [{"adds": "{R}|{G}", "per": "power"}]}
    assert answer(board(instant("{R}{R}"), {"joiner1": {**joiner, "_obj": {"power": 2}}})) == ("ok", 2)
    assert solve(board(instant("{R}{G}"), {"joiner1": {**joiner, "_obj": {"power": 2}}})).status == "unpayable"


def test_power_refusals() -> None:
    no_power = {k: v for k, v in MARWYN.items() if k != "power"}
    with pytest.raises(BadScenario):
        solve(board(instant("{G}"), {"marwyn1": no_power}))
    with pytest.raises(BadScenario):
        solve(board(instant("{G}"), {"marwyn1": {**MARWYN, "_obj": {"power": 1001}}}))
    data = board(instant("{G}"), {"forest1": FOREST})
    data["state"]["you"]["hand"].append({"id": "h2", "card": "marwyn", "power": 3})
    data["cards"]["marwyn"] = MARWYN
    with pytest.raises(BadScenario):
        solve(data)


SILOS = {"name": "Sand Silos", "types": ["land"],
         "mana": [{"adds": "{U}", "costs": ["tap", {"remove_counters": {"kind": "storage", "count": "X"}}],
                   "per": "removed"}]}
CRYPTIC = {"name": "Cryptic Command", "types": ["instant"], "cost": "{1}{U}{U}{U}"}


def test_storage_with_tap_the_contracts_worked_example() -> None:
    """Sand Silos (3 storage) and an Island: {U}{U}{U} (the land tapped 1, three counters 3) and
    the Island's {U} for {1}: score 5. Two counters: unpayable; the Silos tapped: unpayable.
    Calciform Pools as printed ({T} on both abilities), 3 storage, a Plains: the storage ability
    (the Plains paying its {1}) makes {U}{U}{U} and its "{T}: Add {C}" can't also be activated:
    unpayable."""
    def silos(**obj: Any) -> dict[str, Any]:
        return board(CRYPTIC, {"silos1": {**SILOS, "_obj": {"counters": {"storage": 3}, **obj}},
                               "island1": ISLAND})
    assert answer(silos()) == ("ok", 5)
    assert solve(silos(counters={"storage": 2})).status == "unpayable"
    assert solve(silos(tapped=True)).status == "unpayable"
    pools = {"name": "Calciform Pools", "types": ["land"], "mana": [
        {"adds": "{C}"},
        {"adds": "{W}|{U}", "costs": ["{1}", "tap", {"remove_counters": {"kind": "storage", "count": "X"}}],
         "per": "removed"}]}
    plains = {"name": "Plains", "types": ["land"], "mana": [{"adds": "{W}"}]}
    data = board(CRYPTIC, {"pools1": {**pools, "_obj": {"counters": {"storage": 3}}}, "plains1": plains})
    assert solve(data).status == "unpayable"
    data["cards"]["spell"] = instant("{U}{U}{U}")
    assert answer(data) == ("ok", 5)


def test_storage_with_tap_beside_a_mana_effect_refused() -> None:
    mine = {"silos1": {**SILOS, "_obj": {"counters": {"storage": 3}}}, "dictate1": DICTATE}
    with pytest.raises(BadScenario):
        solve(board(instant("{U}"), mine))


# --- each with a counted amount (The Cauldron of Eternity) ---------------------------------------

CAULDRON = {"name": "The Cauldron of Eternity", "types": ["artifact"], "cost": "{10}{B}{B}",
            "reductions": [{"generic": {"count": {"type": "creature"}, "zone": "graveyard", "each": 2}}]}
SWAMP = {"name": "Swamp", "types": ["land"], "mana": [{"adds": "{B}"}]}


def _cauldron(creatures: int, cauldron: dict[str, Any] = CAULDRON) -> dict[str, Any]:
    data = board(cauldron, {f"swamp{i}": SWAMP for i in range(1, 5)})
    data["cards"]["dead-bear"] = {"types": ["creature"], "cost": "{1}{G}"}
    data["cards"]["dead-bolt"] = {"types": ["instant"], "cost": "{R}"}
    data["state"]["you"]["graveyard"] = ([{"id": f"g{i}", "card": "dead-bear"} for i in range(creatures)]
                                         + [{"id": "gi", "card": "dead-bolt"}])
    return data


def test_each_the_contracts_worked_example() -> None:
    """Four creature cards in the graveyard: {8} less, {2}{B}{B}, the four Swamps: score 4 (read
    as 1 each it would be {6}{B}{B}: unpayable). Six: {12} less, only {10} to take: {B}{B}, 2."""
    assert answer(_cauldron(4)) == ("ok", 4)
    assert answer(_cauldron(6)) == ("ok", 2)
    assert solve(_cauldron(3)).status == "unpayable"


def test_each_in_a_grant_and_its_refusals() -> None:
    """A grant's counted reduction takes `each` too ({1} less per Swamp, each 2: three Swamps
    make {6} less of {7}{B}); `each` alone, out of range, or in a color key is refused."""
    helper = {"types": ["artifact"], "grants": [{"reduction": {"generic": {"count": {"name": "Swamp"}, "each": 2}},
                                                "applies_to": {}}]}
    data = board({"types": ["sorcery"], "cost": "{7}{B}"}, {"helper1": helper, "swamp1": SWAMP,
                                                           "swamp2": SWAMP, "swamp3": SWAMP})
    assert answer(data) == ("ok", 2)
    for amount in ({"each": 2}, {"count": {"type": "creature"}, "zone": "graveyard", "each": 1001}):
        with pytest.raises(BadScenario):
            solve(_cauldron(4, {**CAULDRON, "reductions": [{"generic": amount}]}))
    with pytest.raises(BadScenario):
        solve(_cauldron(4, {**CAULDRON, "reductions": [{"B": {"count": {"type": "land"}, "each": 2}}]}))


# --- An optional additional cost granted by a permanent (the Defilers, 118.8, 601.2b-f) ----------

DEFILER = {"name": "Defiler of Vigor", "types": ["creature"], "cost": "{3}{G}{G}",
           "grants": [{"additional": {"id": "vigor", "other": [{"pay_life": 2}]},
                       "reduction": {"mana": "{G}", "color_only": True},
                       "applies_to": {"color": "G", "type": ["artifact", "battle", "creature", "enchantment",
                                                             "planeswalker"]}}]}
TUSKER = {"name": "Kalonian Tusker", "types": ["creature"], "cost": "{G}{G}"}
ELVES = {"name": "Llanowar Elves", "types": ["creature"], "cost": "{G}"}


def _defiler(spell: dict[str, Any], setting: Any, **objective: Any) -> dict[str, Any]:
    data = board(spell, {"d1": DEFILER, "forest1": FOREST, "island1": ISLAND, "island2": ISLAND},
                 optional={"d1.vigor": setting})
    if objective:
        data["objective"] = objective
    return data


def test_defiler_the_contracts_worked_example() -> None:
    """The Tusker ({G}{G}) with one Forest: unpaid, unpayable; paid, {G} and 2 life: 1 + 2 = 3
    (`auto` and `yes`); `no`: unpayable. The Elves ({G}): unpaid 1 beats paid 2 (2 life, {0});
    with the life weight 0, paid wins (0)."""
    got = solve(_defiler(TUSKER, "auto"))
    assert (got.status, got.score, sorted(got.totals)) == ("ok", 3, [("{G}", 2)])
    assert answer(_defiler(TUSKER, "yes")) == ("ok", 3)
    assert solve(_defiler(TUSKER, "no")).status == "unpayable"
    assert answer(_defiler(ELVES, "auto")) == ("ok", 1)
    assert answer(_defiler(ELVES, "auto", weights={"life": 0})) == ("ok", 0)


def test_defiler_reduces_only_green_pips() -> None:
    """A blue spell naming vigor `yes` is illegal (it has no such cost); `no` is simply not
    there. A green creature costing {1}{U} (no {G} pip) with vigor paid: nothing reduced
    (color_only: never {1} less), {1}{U} and 2 life: two Islands and the life, 4. {G/U}{1} with
    no Forest: announced {G}, the Defiler takes it: {1} and 2 life, 3."""
    blue = {"types": ["creature"], "cost": "{1}{U}"}
    assert solve(_defiler(blue, "yes")).status == "illegal"
    assert answer(_defiler(blue, "no")) == ("ok", 2)
    assert answer(_defiler({**blue, "colors": ["green"]}, "yes")) == ("ok", 4)
    hybrid = {"types": ["creature"], "cost": "{G/U}{1}"}
    data = _defiler(hybrid, "yes")
    del data["state"]["you"]["battlefield"][1]          # no Forest
    assert answer(data) == ("ok", 3)


def test_color_only_refused_beside_generic() -> None:
    defiler = copy.deepcopy(DEFILER)
    defiler["grants"][0]["reduction"] = {"mana": "{1}{G}", "color_only": True}
    with pytest.raises(BadScenario):
        solve(board(TUSKER, {"d1": defiler, "forest1": FOREST}, optional={"d1.vigor": "yes"}))


# --- A replacement's times: N (Mana Reflection, 614.1a, 616.1e) ----------------------------------

REFLECTION = {"name": "Mana Reflection", "types": ["enchantment"], "cost": "{4}{G}{G}",
              "mana_effects": [{"replace": {"sources": {}, "times": 2}}]}


def test_times_the_contracts_worked_example() -> None:
    """Mana Reflection, a Forest and an Island: {U}{U}{G}{G} pays Mystic Snake: score 2; without
    the Reflection, unpayable."""
    assert answer(board(instant("{1}{G}{U}{U}"), {"refl1": REFLECTION, "forest1": FOREST, "island1": ISLAND})) == ("ok", 2)
    assert solve(board(instant("{1}{G}{U}{U}"), {"forest1": FOREST, "island1": ISLAND})).status == "unpayable"


def test_times_with_other_effects() -> None:
    """Two Reflections: a Forest makes four {G} (1). A Reflection and a Damping Sphere: the Sphere
    can't apply to {G}, the Reflection makes {G}{G}, then the Sphere {C}: {G} unpayable, {C} paid.
    A Dictate adds one {G} after, never multiplied: {G}x3 from one Forest, not {G}x4."""
    two = {"refl1": REFLECTION, "refl2": REFLECTION, "forest1": FOREST}
    assert answer(board(instant("{G}{G}{G}{G}"), two)) == ("ok", 1)
    sphere = {"refl1": REFLECTION, "sphere1": SPHERE, "forest1": FOREST}
    assert solve(board(instant("{G}"), sphere)).status == "unpayable"
    assert answer(board(instant("{C}"), sphere)) == ("ok", 1)
    dictate = {"refl1": REFLECTION, "dictate1": DICTATE, "forest1": FOREST}
    assert answer(board(instant("{G}{G}{G}"), dictate)) == ("ok", 1)
    assert solve(board(instant("{G}{G}{G}{G}"), dictate)).status == "unpayable"


@pytest.mark.parametrize("body", [{"sources": {}, "times": 1}, {"sources": {}, "times": 2, "adds": "{C}"},
                                  {"sources": {}, "times": 2, "at_least": 1}, {"sources": {}, "times": True}])
def test_times_refusals(body: dict[str, Any]) -> None:
    bad = {**REFLECTION, "mana_effects": [{"replace": body}]}
    with pytest.raises(BadScenario):
        solve(board(instant("{G}"), {"refl1": bad, "forest1": FOREST}))


# --- An Aura attached to a player (Curses, 303.4) ------------------------------------------------

CURSE = {"name": "Infectious Curse", "types": ["enchantment"], "cost": "{3}{B}", "tags": ["aura", "curse"],
         "grants": [{"reduction": {"generic": 1}, "applies_to": {"targets": {"player": "enchanted"}}}]}
LAVA_AXE = {"name": "Lava Axe", "types": ["sorcery"], "cost": "{4}{R}"}


def _cursed(on: str, target: str) -> dict[str, Any]:
    mine = {"curse1": {**CURSE, "_obj": {"attached_to": on}}, **{f"mountain{i}": MOUNTAIN for i in range(1, 6)}}
    return board(LAVA_AXE, mine, targets=[target])


def test_curse_the_contracts_worked_example() -> None:
    """The Curse on the opponent: Lava Axe at the opponent {3}{R}, four Mountains (4); at you
    {4}{R} (5). On you: at you 4, at the opponent 5."""
    assert answer(_cursed("opponent", "opponent")) == ("ok", 4)
    assert answer(_cursed("opponent", "you")) == ("ok", 5)
    assert answer(_cursed("you", "you")) == ("ok", 4)
    assert answer(_cursed("you", "opponent")) == ("ok", 5)


def test_curse_refusals_and_attached_to_a_permanent() -> None:
    """A creature attached to a player is refused; `player: enchanted` in a card's own
    `count_targets` too; a Curse attached to a permanent enchants no player: no reduction."""
    data = _cursed("opponent", "opponent")
    data["cards"]["curse"] = {**CURSE, "types": ["creature"]}
    with pytest.raises(BadScenario):
        solve(data)
    own = {**LAVA_AXE, "reductions": [{"generic": {"count_targets": {"player": "enchanted"}}}]}
    with pytest.raises(BadScenario):
        solve(board(own, {"mountain1": MOUNTAIN}, targets=["opponent"]))
    assert answer(_cursed("mountain1", "opponent")) == ("ok", 5)
