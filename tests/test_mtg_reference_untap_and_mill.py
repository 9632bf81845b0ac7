"""The mtg/1 brute force (benchmarks/mtg/reference) and its payment checker on mana that untaps or
mills, each case worked by hand from docs/mtg-format.md and the rules (106.7, 605, 601.2g-h),
without payplan's engine: Benthic Explorers ("{T}, untap a tapped land an opponent controls: add
one mana of any type that land could produce") and Charmed Pendant ("{T}, mill a card: for each
colored mana symbol in the milled card's mana cost, add one mana of that color"). Default
weights: a land or an artifact tapped 1, a creature tapped 2, a card milled 1, a permanent of
the opponent untapped 1 (the weight `untap`)."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference.brute import solve
from payplan.benchmarks.mtg.reference.knobs import G2_MUTANTS, misreading
from payplan.benchmarks.mtg.reference.objects import BadScenario
from payplan.benchmarks.mtg.reference.payment import check_payment

UNTAP_LAND = {"untap": {"count": 1, "filter": {"type": "land", "controller": "opponent"}}}
EXPLORERS = {"name": "Benthic Explorers", "types": ["creature"], "cost": "{3}{U}",
             "mana": [{"adds": "untapped", "costs": ["tap", UNTAP_LAND]}]}
PENDANT = {"name": "Charmed Pendant", "types": ["artifact"], "cost": "{4}",
           "mana": [{"adds": "milled", "costs": ["tap", {"mill": 1}]}]}
ISLAND = {"types": ["land"], "mana": [{"adds": "{U}"}]}
MOUNTAIN = {"types": ["land"], "mana": [{"adds": "{R}"}]}
WASTES = {"types": ["land"], "mana": [{"adds": "{C}"}]}
TUNDRA = {"name": "Tundra", "types": ["land"], "mana": [{"adds": "{W}|{U}"}]}
BEAR = {"types": ["creature"], "cost": "{1}{G}"}
# A card with every kind of symbol the contract reads: {1} nothing, {W/U} W or U, {2/B} B,
# {R/P} R, {G/W/P} G or W.
ODD = {"types": ["sorcery"], "cost": "{1}{W/U}{2/B}{R/P}{G/W/P}"}


def board(cost: str | None, mine: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]] | None = None,
          top: list[str] | None = None, library: int = 20, library_cards: dict[str, Any] | None = None,
          **spell: Any) -> dict[str, Any]:
    """An instant costing `cost` in hand (h1); `mine` / `theirs`: object id -> card (the card id is
    the object id without its digits), an object's own keys under `_obj`; `top`: library_top."""
    cards: dict[str, Any] = {"spell": {"types": ["instant"], "cost": cost, **spell}}
    cards.update(copy.deepcopy(library_cards or {}))
    state: dict[str, Any] = {"you": {"library": library, "battlefield": [], "hand": [{"id": "h1", "card": "spell"}]}}
    for who, objects in (("you", mine), ("opponent", theirs or {})):
        field = state.setdefault(who, {}).setdefault("battlefield", [])
        for ident, body in objects.items():
            body = copy.deepcopy(body)
            extra = body.pop("_obj", {})
            name = ident.rstrip("0123456789")
            cards[name] = body
            field.append({"id": ident, "card": name, **extra})
    if top is not None:
        state["you"]["library_top"] = top
    return {"format": "mtg/1", "cards": cards, "state": state, "play": {"object": "h1"}}


def tapped(card: dict[str, Any]) -> dict[str, Any]:
    return {**card, "_obj": {"tapped": True}}


def answer(data: dict[str, Any]) -> tuple[Any, ...]:
    got = solve(data)
    return got.status, got.score, got.totals


# --- Section 3: Benthic Explorers --------------------------------------------------------------

def test_explorers_untap_an_opponents_tapped_island() -> None:
    """{U} with Explorers and the opponent's tapped Island: tap Explorers (2), untap the Island
    (1), add {U}: score 3. {R}: the Island could produce only {U} (106.7): unpayable."""
    theirs = {"o1": tapped(ISLAND)}
    assert answer(board("{U}", {"explorers1": EXPLORERS}, theirs)) == ("ok", 3, {("{U}", 0)})
    assert solve(board("{R}", {"explorers1": EXPLORERS}, theirs)).status == "unpayable"
    # {1}: any type pays generic: 3 again.
    assert answer(board("{1}", {"explorers1": EXPLORERS}, theirs)) == ("ok", 3, {("{1}", 0)})


def test_a_dual_land_gives_the_choice_of_color() -> None:
    """The opponent's tapped Tundra ({W} or {U}) could produce W and U: {W} and {U} are each paid
    (score 3), {B} is not. A tapped Wastes could produce {C}: {C} is paid (106.7 counts {C})."""
    theirs = {"o1": tapped(TUNDRA)}
    for cost in ("{W}", "{U}"):
        assert answer(board(cost, {"explorers1": EXPLORERS}, theirs)) == ("ok", 3, {(cost, 0)}), cost
    assert solve(board("{B}", {"explorers1": EXPLORERS}, theirs)).status == "unpayable"
    assert answer(board("{C}", {"explorers1": EXPLORERS}, {"o1": tapped(WASTES)})) == ("ok", 3, {("{C}", 0)})


def test_a_summoning_sick_explorers_cant_tap() -> None:
    """Explorers entered this turn (sick): its {T} can't be activated (302.6): unpayable."""
    sick = {**EXPLORERS, "_obj": {"sick": True}}
    assert solve(board("{U}", {"explorers1": sick}, {"o1": tapped(ISLAND)})).status == "unpayable"


def test_no_tapped_land_of_the_opponent() -> None:
    """The opponent's Island untapped, a tapped Bear (not a land), or a tapped Island of yours:
    nothing qualifies (only tapped permanents matching, and only the opponent's): unpayable."""
    assert solve(board("{U}", {"explorers1": EXPLORERS}, {"o1": ISLAND})).status == "unpayable"
    assert solve(board("{U}", {"explorers1": EXPLORERS}, {"o1": tapped(BEAR)})).status == "unpayable"
    mine: dict[str, dict[str, Any]] = {"explorers1": EXPLORERS, "island1": tapped(ISLAND)}
    assert solve(board("{U}", mine)).status == "unpayable"


def test_two_explorers_one_tapped_land() -> None:
    """Two Explorers, one tapped Island of the opponent: {U} is paid once (score 3); {U}{U} would
    untap the Island twice: unpayable. With two tapped Islands, {U}{U}: 2 x (2 + 1) = 6."""
    mine = {"explorers1": EXPLORERS, "explorers2": EXPLORERS}
    assert answer(board("{U}", mine, {"o1": tapped(ISLAND)})) == ("ok", 3, {("{U}", 0)})
    assert solve(board("{U}{U}", mine, {"o1": tapped(ISLAND)})).status == "unpayable"
    two = {"island1": tapped(ISLAND), "island2": tapped(ISLAND)}
    assert answer(board("{U}{U}", mine, two)) == ("ok", 6, {("{U}{U}", 0)})


def test_the_untap_weight() -> None:
    """{U} with an Island of yours (tap 1) and Explorers with a tapped Island of the opponent (2 +
    untap): the Island, score 1. Lands charged 5: Explorers 3 < 5. With `untap: 4` too: 6 > 5,
    the Island again."""
    mine: dict[str, dict[str, Any]] = {"island1": ISLAND, "explorers1": EXPLORERS}
    theirs = {"o1": tapped(ISLAND)}
    assert solve(board("{U}", mine, theirs)).score == 1
    data = board("{U}", mine, theirs)
    data["objective"] = {"weights": {"tap_land": 5}}
    assert solve(data).score == 3
    data["objective"] = {"weights": {"tap_land": 5, "untap": 4}}
    assert solve(data).score == 5


def test_what_the_opponents_permanent_could_produce() -> None:
    """106.7, costs ignored, `per` counted on the opponent's side: a tapped Cradle-like land (G
    per creature its controller has) could produce {G} while the opponent has a creature, and
    nothing when it has none. A tapped filter land ({1}, {T}: {R}{R}) could produce R and C
    (its cost ignored)."""
    cradle = {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}
    theirs: dict[str, dict[str, Any]] = {"o1": tapped(cradle), "bear1": BEAR}          # card ids: o, bear
    assert answer(board("{G}", {"explorers1": EXPLORERS}, theirs)) == ("ok", 3, {("{G}", 0)})
    assert solve(board("{G}", {"explorers1": EXPLORERS}, {"o1": tapped(cradle)})).status == "unpayable"
    filter_land = {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{R}{R}", "costs": ["tap", "{1}"]}]}
    for cost in ("{R}", "{C}"):
        assert solve(board(cost, {"explorers1": EXPLORERS}, {"o1": tapped(filter_land)})).status == "ok"


def test_a_fixed_mana_ability_with_an_untap_cost() -> None:
    """"{T}, untap two tapped lands an opponent controls: add {C}{C}" (a made-up card): with two
    tapped lands of the opponent, {2} costs tap 1 + 2 untaps = 3; with one, unpayable."""
    rig = {"types": ["artifact"], "mana": [{"adds": "{C}{C}", "costs": [
        "tap", {"untap": {"count": 2, "filter": {"type": "land", "controller": "opponent"}}}]}]}
    assert answer(board("{2}", {"rig1": rig}, {"island1": tapped(ISLAND), "mountain2": tapped(MOUNTAIN)})) == ("ok", 3, {("{2}", 0)})
    assert solve(board("{2}", {"rig1": rig}, {"o1": tapped(ISLAND)})).status == "unpayable"


def test_untap_refusals() -> None:
    """An untap filter without `controller: opponent`, and `adds: untapped` with a count-2 atom,
    are bad scenarios (refused by the contract)."""
    mine_filter = {**EXPLORERS, "mana": [{"adds": "untapped", "costs": ["tap", {"untap": {"count": 1, "filter": {"type": "land"}}}]}]}
    with pytest.raises(BadScenario):
        solve(board("{U}", {"explorers1": mine_filter}, {"o1": tapped(ISLAND)}))
    two = {**EXPLORERS, "mana": [{"adds": "untapped", "costs": ["tap", {"untap": {"count": 2, "filter": {"type": "land", "controller": "opponent"}}}]}]}
    with pytest.raises(BadScenario):
        solve(board("{U}", {"explorers1": two}, {"island1": tapped(ISLAND), "island2": tapped(ISLAND)}))


# --- Section 4: Charmed Pendant ------------------------------------------------------------------

def test_pendant_reads_hybrid_phyrexian_and_mono_hybrid_symbols() -> None:
    """The known top card costs {1}{W/U}{2/B}{R/P}{G/W/P}: the Pendant adds (W or U), B, R and (G
    or W); {1} nothing. Each payable cast costs tap 1 + mill 1 = 2: {U}{B}{R}{G}, {W}{W}{B}{R}
    (both choices W), {4} (four mana of any type). {U}{U}: one U at most, unpayable; {C}: no {C};
    {5}: four mana only."""
    def cast(cost: str) -> dict[str, Any]:
        return board(cost, {"pendant1": PENDANT}, top=["odd"], library_cards={"odd": ODD})
    for cost in ("{U}{B}{R}{G}", "{W}{W}{B}{R}", "{4}", "{B}"):
        assert solve(cast(cost)).score == 2, cost
    for cost in ("{U}{U}", "{C}", "{5}", "{B}{B}"):
        assert solve(cast(cost)).status == "unpayable", cost


def test_two_pendants_two_known_cards() -> None:
    """library_top [bolt {R}, growth {G}{G}]: the two Pendants mill one each (which gets which
    is the planner's choice): {R}{G}{G} costs 2 x (1 + 1) = 4. {R}{R}: bolt is milled once, its
    one {R} only: unpayable. {G}{G}{G}: unpayable."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}, "growth": {"types": ["sorcery"], "cost": "{G}{G}"}}
    mine = {"pendant1": PENDANT, "pendant2": PENDANT}
    assert answer(board("{R}{G}{G}", mine, top=["bolt", "growth"], library_cards=cards)) == ("ok", 4, {("{R}{G}{G}", 0)})
    for cost in ("{R}{R}", "{G}{G}{G}"):
        assert solve(board(cost, mine, top=["bolt", "growth"], library_cards=cards)).status == "unpayable", cost
    # One Pendant, and the order [growth, bolt]: it mills growth: {G}{G} is 2, {R} unpayable.
    assert solve(board("{G}{G}", {"pendant1": PENDANT}, top=["growth", "bolt"], library_cards=cards)).score == 2
    assert solve(board("{R}", {"pendant1": PENDANT}, top=["growth", "bolt"], library_cards=cards)).status == "unpayable"


def test_a_hidden_top_card_is_never_milled_for_mana() -> None:
    """No library_top: the Pendant's mana is unknown, it is not used: {R} unpayable, a reason
    naming library_top. library_top [bolt] with two Pendants: the second would mill a hidden
    card: {R}{R} unpayable, {R} paid by one (2)."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}}
    got = solve(board("{R}", {"pendant1": PENDANT}, library_cards=cards))
    assert got.status == "unpayable" and any("library_top" in r for r in got.reasons)
    mine = {"pendant1": PENDANT, "pendant2": PENDANT}
    assert solve(board("{R}{R}", mine, top=["bolt"], library_cards=cards)).status == "unpayable"
    assert solve(board("{R}", mine, top=["bolt"], library_cards=cards)).score == 2


def test_the_spells_own_mill_comes_after() -> None:
    """{R} with "as an additional cost, mill a card" and library_top [bolt {R}, growth {G}{G}]:
    the Pendant (601.2g) mills bolt, then the spell mills growth (601.2h): tap 1 + 2 mills = 3.
    {G} the same way: the Pendant gets bolt's {R}: unpayable."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}, "growth": {"types": ["sorcery"], "cost": "{G}{G}"}}
    extra: dict[str, Any] = {"additional": [{"id": "mill", "mandatory": True, "other": [{"mill": 1}]}]}
    assert solve(board("{R}", {"pendant1": PENDANT}, top=["bolt", "growth"], library_cards=cards, **extra)).score == 3
    assert solve(board("{G}", {"pendant1": PENDANT}, top=["bolt", "growth"], library_cards=cards, **extra)).status == "unpayable"


def test_another_mana_abilitys_mill_comes_before_when_ordered_first() -> None:
    """A well ({T}, mill two: add {U}{U}) and a Pendant, library_top [bolt {R}, growth {G}{G},
    fiend {B}]: the Pendant first mills bolt; the well first, the Pendant mills fiend (the
    third); never growth. {B}{U}{U}: tap 2 + mill 3 = 5. {R}{U}{U}: 5 too. {G}{U}{U}: unpayable."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}, "growth": {"types": ["sorcery"], "cost": "{G}{G}"},
             "fiend": {"types": ["creature"], "cost": "{B}"}}
    well = {"types": ["artifact"], "mana": [{"adds": "{U}{U}", "costs": ["tap", {"mill": 2}]}]}
    mine: dict[str, dict[str, Any]] = {"well1": well, "pendant1": PENDANT}
    top = ["bolt", "growth", "fiend"]
    for cost in ("{B}{U}{U}", "{R}{U}{U}"):
        assert solve(board(cost, mine, top=top, library_cards=cards)).score == 5, cost
    assert solve(board("{G}{U}{U}", mine, top=top, library_cards=cards)).status == "unpayable"


def test_a_card_without_a_cost_adds_nothing() -> None:
    """library_top [a land]: the Pendant adds nothing: {R} unpayable; {0}-cost spell needs nothing."""
    cards = {"field": {"types": ["land"], "mana": [{"adds": "{G}"}]}}
    assert solve(board("{R}", {"pendant1": PENDANT}, top=["field"], library_cards=cards)).status == "unpayable"


def test_pendant_refusals() -> None:
    """`adds: milled` without {mill: 1}; library_top naming no card; library_top longer than the
    library; a Pendant beside a spell with delve: bad scenarios."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}}
    no_mill = {**PENDANT, "mana": [{"adds": "milled", "costs": ["tap"]}]}
    for data in (board("{R}", {"pendant1": no_mill}, top=["bolt"], library_cards=cards),
                 board("{R}", {"pendant1": PENDANT}, top=["nothing"], library_cards=cards),
                 board("{R}", {"pendant1": PENDANT}, top=["bolt", "bolt"], library=1, library_cards=cards),
                 board("{R}", {"pendant1": PENDANT}, top=["bolt"], library_cards=cards, delve=True)):
        with pytest.raises(BadScenario):
            solve(data)


# --- The checker reads `untapped` and `milled` -----------------------------------------------------

def plan(total: str, sources: list[dict[str, Any]], score: int, left: str = "", mill: int = 0) -> dict[str, Any]:
    return {"status": "ok", "cast": "normal", "x": None, "paid": {},
            "total": {"mana": total, "life": 0, "other": [{"mill": mill}] if mill else []},
            "payment": {"pool": "", "sources": sources, "convoke": [], "delve": [], "improvise": [],
                        "life": 0, "other": {"mill": mill} if mill else {}},
            "spent": {"mana": total.count("{"), "convoke": 0, "improvise": 0, "delve": 0,
                      "life": 0, "life_for": 0}, "left_in_pool": left, "score": score,
            "objective": score}


def explorer(oid: str, adds: str, untapped: str) -> dict[str, Any]:
    return {"id": oid, "adds": adds, "costs": ["tap", f"untap {untapped}"], "untapped": [untapped]}


def pendant(oid: str, adds: str, milled: str) -> dict[str, Any]:
    return {"id": oid, "adds": adds, "costs": ["tap", "mill 1"], "milled": [milled]}


def test_the_checker_reads_untapped() -> None:
    """Explorers untapping o1 (tapped Island) for {U}, score 3: legal. Wrong: the score 2 (untap
    not charged), {R} from an Island, untapping the untapped o2, the same o1 untapped by two
    Explorers, `untapped` naming another permanent than the cost."""
    mine = {"explorers1": EXPLORERS, "explorers2": EXPLORERS}
    theirs: dict[str, dict[str, Any]] = {"o1": tapped(ISLAND), "island2": ISLAND, "mountain3": tapped(MOUNTAIN)}
    data = board("{U}", mine, theirs)
    assert check_payment(data, plan("{U}", [explorer("explorers1", "{U}", "o1")], 3)) == []
    assert check_payment(data, plan("{U}", [explorer("explorers1", "{U}", "o1")], 2)) != []
    assert check_payment(board("{R}", mine, theirs), plan("{R}", [explorer("explorers1", "{R}", "o1")], 3)) != []
    assert check_payment(data, plan("{U}", [explorer("explorers1", "{U}", "island2")], 3)) != []
    data = board("{U}{U}", mine, theirs)
    twice = plan("{U}{U}", [explorer("explorers1", "{U}", "o1"), explorer("explorers2", "{U}", "o1")], 6)
    assert check_payment(data, twice) != []
    data = board("{1}{U}", mine, theirs)
    good = plan("{1}{U}", [explorer("explorers1", "{U}", "o1"), explorer("explorers2", "{R}", "mountain3")], 6)
    assert check_payment(data, good) == []
    mislabeled = plan("{U}", [{**explorer("explorers1", "{U}", "o1"), "untapped": ["mountain3"]}], 3)
    assert check_payment(board("{U}", mine, theirs), mislabeled) != []


def test_the_checker_reads_milled() -> None:
    """library_top [bolt, growth]: one Pendant milling bolt for {R}, score 2: legal; claiming
    growth (the second card) for {G}{G}: illegal (it mills the top card); two Pendants both
    claiming bolt: illegal; two Pendants, bolt and growth in either listing order: legal (4)."""
    cards = {"bolt": {"types": ["instant"], "cost": "{R}"}, "growth": {"types": ["sorcery"], "cost": "{G}{G}"}}
    mine = {"pendant1": PENDANT, "pendant2": PENDANT}
    top = ["bolt", "growth"]
    data = board("{R}", mine, top=top, library_cards=cards)
    assert check_payment(data, plan("{R}", [pendant("pendant1", "{R}", "bolt")], 2)) == []
    data = board("{G}{G}", mine, top=top, library_cards=cards)
    assert check_payment(data, plan("{G}{G}", [pendant("pendant1", "{G}{G}", "growth")], 2)) != []
    data = board("{R}{R}", mine, top=top, library_cards=cards)
    assert check_payment(data, plan("{R}{R}", [pendant("pendant1", "{R}", "bolt"),
                                               pendant("pendant2", "{R}", "bolt")], 4)) != []
    data = board("{R}{G}{G}", mine, top=top, library_cards=cards)
    for order in ((0, 1), (1, 0)):
        both = [pendant("pendant1", "{R}", "bolt"), pendant("pendant2", "{G}{G}", "growth")]
        assert check_payment(data, plan("{R}{G}{G}", [both[k] for k in order], 4)) == [], order
    # The hybrid card: {U}{B}{R}{G} from ODD is one reading of its symbols.
    data = board("{U}{B}{R}{G}", {"pendant1": PENDANT}, top=["odd"], library_cards={"odd": ODD})
    assert check_payment(data, plan("{U}{B}{R}{G}", [pendant("pendant1", "{U}{B}{R}{G}", "odd")], 2)) == []
    assert check_payment(data, plan("{U}{B}{R}{G}", [pendant("pendant1", "{U}{B}{R}{R}", "odd")], 2)) != []


# --- The generator tells each wrong reading apart ------------------------------------------------

# The card each wrong reading needs on the board (the other casts are not solved: quicker).
NEEDS = {"untap_untapped": "explorers", "untap_twice": "explorers", "untap_no_colorless": "explorers",
         "untap_free": "explorers", "hybrid_both": "pendant", "phyrexian_nothing": "pendant",
         "hidden_counted": "pendant", "mill_same_card": "pendant", "spell_mill_first": "pendant"}
REACH = 400         # themed casts of that kind at most, per wrong reading


@functools.cache
def themed_casts() -> tuple[tuple[int, str], ...]:
    """The casts of 6,000 from seed 25007 that draw G2's theme (both kinds drawn whatever the
    loader reads), as JSON."""
    from mtg_reference import strategies

    before = strategies.G2_THEMES, strategies.G1_DRAWN, strategies.GROUP_A_THEMES
    # The themes tried before G2's as they drew when G2's was written (group A without K'rrik,
    # no G1): the casts G2 draws are the same whatever the loader reads since
    strategies.G2_THEMES, strategies.G1_DRAWN = ("untap", "mill"), False
    strategies.GROUP_A_THEMES = ("snow", "spend_only")
    try:
        return tuple((seed, json.dumps(data)) for seed, data in strategies.casts(25_007, 6000)
                     if '"explorers"' in json.dumps(data) or '"pendant"' in json.dumps(data))
    finally:
        strategies.G2_THEMES, strategies.G1_DRAWN, strategies.GROUP_A_THEMES = before


@pytest.mark.slow
@pytest.mark.parametrize("mutant", G2_MUTANTS)
def test_generated_casts_tell_each_wrong_reading_apart(mutant: str) -> None:
    """Each wrong reading of G2 (`knobs.G2_MUTANTS`: an untapped permanent untapped, one untapped
    twice, could-produce without {C}, untapping free, hybrid giving both colors, Phyrexian giving
    nothing, a hidden card read as known, every Pendant milling the first card, the spell's mill
    first) answers some generated cast otherwise than the rules (status, score, totals or X)
    within REACH themed draws: the campaign would find an engine making it."""
    tried = 0
    for _, text in themed_casts():
        if f'"{NEEDS[mutant]}"' not in text:
            continue
        tried += 1
        data = json.loads(text)
        right = solve(data)
        with misreading(mutant):
            wrong = solve(data)
        if (right.status, right.score, right.totals, right.x) != (wrong.status, wrong.score, wrong.totals, wrong.x):
            return
        if tried >= REACH:
            break
    pytest.fail(f"{mutant}: no cast of {tried} tells it apart")


def test_the_generator_draws_g2_often() -> None:
    """Both kinds of G2 cast in at least 1 in 40 of the 3,000 casts, each key of G2 drawn."""
    from mtg_reference.keys import drawn

    seen: set[str] = set()
    kinds = {"explorers": 0, "pendant": 0}
    for _, text in themed_casts():
        seen |= drawn(json.loads(text))
        for kind in kinds:
            kinds[kind] += f'"{kind}"' in text
    assert min(kinds.values()) >= 3000 // 40, kinds
    assert {"cost_atom.untap", "adds.untapped", "adds.milled", "player_keys.library_top",
            "weight.untap", "untap.count", "untap.filter"} <= seen, sorted(seen)
