"""Hypothesis strategies for small, valid scenarios (built from the engine's dataclasses).

Small enough that the brute-force oracle (benchmarks/riftbound/brute_force.py) finishes in milliseconds: at most 4
runes, 2 sources, 5 discounts on the total and 4 optional costs. Most generated plays are legal;
some are not (wrong timing, played from the trash without a way to be), which is part of what is
tested.

`scenarios()` is the entry point; the smaller strategies are exported for focused tests.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import MappingProxyType

from hypothesis import strategies as st

from payplan.engine.riftbound.cards import (
    Ability,
    AdditionalCost,
    Amount,
    Card,
    Condition,
    CountOf,
    Discount,
    Grant,
    Increase,
    Keywords,
    MaxMight,
    PerPlayed,
    PrintedOf,
)
from payplan.engine.riftbound.cost import ANY_INDEX, Cost, Filter, OtherCost, Power, power_add
from payplan.engine.riftbound.scenario import DEFAULT_WEIGHTS, Objective, Play, Scenario
from payplan.engine.riftbound.state import GameObject, PlayerState, Rune, Source, State

# Three domains are enough to exercise domain matching, and keep most plays payable.
DOMAINS: tuple[str, ...] = ("fury", "calm", "mind")
PLAYED = "played"
FLAG = "rallied"
UNIT = Filter(type=("unit",))
BASES: list[str | tuple[str, int]] = ["auto", "auto", "auto", "printed", ("flow", 0)]

# The card library besides the played card. `patron` and `hexer` get their grants per example.
LIBRARY: dict[str, Card] = {
    "grunt": Card("grunt", "Grunt", "unit", ("fury",), Cost.of(2), might=2, tags=("poro",)),
    "brute": Card("brute", "Brute", "unit", ("body",), Cost.of(5), might=5),
    "seal": Card("seal", "Seal", "gear", ("calm",), Cost.of(1)),
    "gold": Card("gold", "Gold", "token"),
    "spark": Card("spark", "Spark", "spell", ("chaos",), Cost.of(1)),
}


def power_of(keys: list[str]) -> Power:
    return Cost.of(power=Counter(keys)).power


@st.composite
def pips(draw: st.DrawFn, max_pips: int = 2, domains: tuple[str, ...] = DOMAINS) -> Power:
    """Up to `max_pips` Power pips among `domains` and `any`."""
    keys = draw(st.lists(st.sampled_from(domains + ("any",)), max_size=max_pips))
    return power_of(keys)


@st.composite
def small_costs(draw: st.DrawFn, max_energy: int = 3, max_pips: int = 1,
                discard: bool = False) -> Cost:
    other = (OtherCost("discard", 1),) if discard and draw(st.integers(0, 2)) == 0 else ()
    return Cost(draw(st.integers(0, max_energy)), draw(pips(max_pips)), other)


conditions: st.SearchStrategy[tuple[Condition, ...]] = st.one_of(
    st.just(()),
    st.just(()),
    st.sampled_from([
        (Condition("from", "hand"),),
        (Condition("from", "trash"),),
        (Condition("not_from", "hand"),),
        (Condition("base", "flow"),),
        (Condition("flag", FLAG),),
        (Condition("phase", "showdown"),),
        (Condition("printed_at_least", Cost(3)),),
        (Condition("targets", UNIT),),
    ]),
)

amounts: st.SearchStrategy[Amount] = st.one_of(
    st.integers(1, 3),
    st.integers(1, 3),
    st.sampled_from([MaxMight(UNIT), CountOf(UNIT, "board"), CountOf(Filter(), "hand"),
                     CountOf(Filter(), "trash", 2), PerPlayed(1), CountOf(Filter(), "runes"),
                     CountOf(Filter(domain="calm"), "runes")]),
)


@st.composite
def discounts(draw: st.DrawFn, component: str = "total", label: str | None = None) -> Discount:
    """One discount: Energy (fixed or an amount), a domain pip, "[A] less", or "[1] or [A]"."""
    shape = draw(st.sampled_from(["energy", "energy", "domain", "any", "choice", "mixed"]))
    min_energy = draw(st.sampled_from([0, 0, 1, 2]))
    min_power = draw(st.sampled_from([0, 0, 0, 1]))
    base = Discount(id=label, min_energy=min_energy, min_power=min_power, component=component,
                    conditions=draw(conditions))
    if shape == "energy":
        return replace(base, energy=draw(amounts))
    if shape == "domain":
        return replace(base, power=power_of([draw(st.sampled_from(DOMAINS))]))
    if shape == "any":
        return replace(base, power=power_of(["any"] * draw(st.integers(1, 2))))
    if shape == "mixed":
        return replace(base, energy=draw(st.integers(1, 2)),
                       power=power_of([draw(st.sampled_from(DOMAINS + ("any",)))]))
    branches = (Discount(energy=draw(st.integers(1, 2))), Discount(power=power_of(["any"])))
    return replace(base, choice=branches)


increases: st.SearchStrategy[Increase] = st.builds(
    Increase,
    id=st.just("tax"),
    energy=st.integers(0, 2),
    power=pips(1),
    conditions=conditions,
)

other_costs: st.SearchStrategy[OtherCost] = st.one_of(
    st.builds(OtherCost, st.sampled_from(["discard", "kill", "exhaust", "recycle_from_trash",
                                          "return_to_hand", "spend_buff", "spend_xp"]),
              st.integers(1, 2)),
    st.builds(OtherCost, st.sampled_from(["kill", "exhaust", "return_to_hand", "spend_buff"]),
              st.just(1), st.sampled_from([UNIT, Filter(type=("gear", "token")),
                                           Filter(type=("unit",), max_might=3),
                                           Filter(controller="opponent")])),
)


@st.composite
def played_cards(draw: st.DrawFn) -> Card:
    """The card being played: a printed cost, keywords, additional costs, its own discounts."""
    card_type = draw(st.sampled_from(["spell", "spell", "unit", "gear"]))
    domains = tuple(draw(st.lists(st.sampled_from(DOMAINS), max_size=2, unique=True)))
    own = domains[0] if len(domains) == 1 else "any"
    cost = Cost(draw(st.integers(0, 5)), draw(pips(2, domains or DOMAINS)))
    accelerate = None
    if draw(st.booleans()):
        accelerate = Cost(1, power_of([own]))
    keywords = Keywords(
        flow=tuple(draw(st.lists(small_costs(3, 1, discard=True), max_size=2))),
        accelerate=accelerate,
        repeat=tuple(draw(st.lists(small_costs(2, 1), max_size=2))),
    )
    additional: list[AdditionalCost] = []
    if draw(st.integers(0, 4)) == 0:
        additional.append(AdditionalCost("toll", True, Cost(other=(draw(other_costs),))))
    if draw(st.booleans()):
        unlocks = tuple(draw(st.lists(discounts(), max_size=1)))
        additional.append(AdditionalCost("extra", False, draw(small_costs(2, 1)), unlocks))
    own_discounts = tuple(draw(st.lists(discounts(label="self"), max_size=1)))
    return Card(
        PLAYED, "Played", card_type, domains, cost,
        timing=draw(st.sampled_from(["normal", "normal", "normal", "action", "reaction"])),
        might=draw(st.integers(1, 6)) if card_type == "unit" else None,
        keywords=keywords,
        additional_costs=tuple(additional),
        discounts=own_discounts,
    )


@st.composite
def objects(draw: st.DrawFn, prefix: str, cards: list[str],
            max_size: int) -> tuple[GameObject, ...]:
    chosen = draw(st.lists(st.sampled_from(cards), max_size=max_size))
    out = []
    for i, card in enumerate(chosen):
        out.append(GameObject(
            f"{prefix}{i}", card,
            value=draw(st.one_of(st.none(), st.none(), st.integers(0, 8))),
            location=draw(st.sampled_from([None, "base", "battlefield"])),
            might=draw(st.one_of(st.none(), st.none(), st.integers(0, 7))),
            exhausted=draw(st.integers(0, 3)) == 0,
            buffs=draw(st.sampled_from([0, 0, 1, 2])),
        ))
    return tuple(out)


@st.composite
def sources(draw: st.DrawFn, board: tuple[GameObject, ...]) -> tuple[Source, ...]:
    """0-2 sources, each on its own board object (so source ids are unique)."""
    if not board:
        return ()
    owners = draw(st.lists(st.sampled_from([o.id for o in board]), max_size=2, unique=True))
    out = []
    for oid in owners:
        costs = draw(st.sampled_from([
            ("exhaust",), ("exhaust",), ("kill",), ("exhaust", "kill"),
            ("exhaust", Cost(1)), (Cost(1),), (Cost(0, power_of(["any"])),),
        ]))
        adds = draw(st.sampled_from([
            Cost(1), Cost(2), Cost(0, power_of(["any"])),
            Cost(0, power_of([draw(st.sampled_from(DOMAINS))])),
        ]))
        only_for = draw(st.sampled_from([None, None, Filter(type=("spell",)), UNIT,
                                         Filter(from_zone="trash")]))
        out.append(Source(oid, adds, costs, only_for))
    return tuple(out)


@st.composite
def runes(draw: st.DrawFn) -> tuple[Rune, ...]:
    domains = draw(st.lists(st.sampled_from(DOMAINS), min_size=1, max_size=4))
    return tuple(
        Rune(f"r{i + 1}", d,
             exhausted=draw(st.integers(0, 3)) == 0,
             value=draw(st.one_of(st.none(), st.none(), st.none(), st.integers(0, 6))))
        for i, d in enumerate(domains)
    )


def _grant_card(card_id: str, grant: Grant) -> Card:
    return Card(card_id, card_id.title(), "unit", ("order",), Cost.of(3), might=3, grants=(grant,))


@st.composite
def objectives(draw: st.DrawFn) -> Objective:
    if draw(st.integers(0, 2)):
        weights = DEFAULT_WEIGHTS
    else:
        weights = MappingProxyType({k: draw(st.integers(0, 6)) for k in DEFAULT_WEIGHTS})
    benefits = MappingProxyType({k: draw(st.integers(0, 6))
                                 for k in ("accelerate", "repeat", "extra")})
    return Objective(weights, benefits)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """A small scenario with one play (mostly legal)."""
    card = draw(played_cards())
    cards = dict(LIBRARY)
    cards[PLAYED] = card

    # Board cards that grant: `patron` (yours) a discount, `hexer` (the opponent's) an increase.
    patron = draw(st.one_of(st.none(), st.builds(
        Grant, discount=discounts(label="patron"),
        applies_to=st.sampled_from([Filter(), Filter(type=("spell",)), UNIT]),
        while_=st.sampled_from([(), (Condition("at", "battlefield"),)]))))
    if patron is not None:
        cards["patron"] = _grant_card("patron", patron)
    hexer = draw(st.one_of(st.none(), st.builds(
        Grant, increase=increases, applies_to=st.just(Filter(controller="opponent")))))
    if hexer is not None:
        cards["hexer"] = _grant_card("hexer", hexer)
    deflect = draw(st.integers(0, 2))
    cards["warden"] = Card("warden", "Warden", "unit", ("order",), Cost.of(3), might=3,
                           keywords=Keywords(deflect=deflect))

    # At most one patron, so at most 5 discounts on the total reach the play.
    board = draw(objects("b", ["grunt", "brute", "seal", "gold"], 2 if patron else 3))
    if patron is not None:
        location = draw(st.sampled_from(["base", "battlefield"]))
        board += (GameObject(f"b{len(board)}", "patron", location=location),)
    hand = draw(objects("h", ["grunt", "spark", "seal"], 3))
    trash = draw(objects("t", ["spark", "grunt"], 2))
    enemy_cards = ["warden", "brute"] + (["hexer"] if hexer else [])
    enemy = draw(objects("e", enemy_cards, 2))

    from_zone = draw(st.sampled_from(["hand", "hand", "trash"]))
    played = GameObject("p", PLAYED)
    if from_zone == "hand":
        hand = (played,) + hand
    else:
        trash = (played,) + trash

    you = PlayerState(
        runes=draw(runes()),
        pool=Cost(draw(st.sampled_from([0, 0, 0, 1, 2])), draw(pips(1))),
        hand=hand,
        trash=trash,
        board=board,
        xp=draw(st.integers(0, 3)),
        sources=draw(sources(board)),
    )
    state = State(
        phase=draw(st.sampled_from(["main"] * 6 + ["showdown", "closed"])),
        turn=draw(st.sampled_from(["you"] * 6 + ["opponent"])),
        flags=draw(st.sampled_from([(), (FLAG,)])),
        played_this_turn=draw(st.integers(0, 2)),
        you=you,
        opponent=PlayerState(board=enemy),
    )

    names = (["accelerate"] if card.keywords.accelerate else []) + \
        ["repeat" if i == 0 else f"repeat.{i}" for i in range(len(card.keywords.repeat))] + \
        [extra.id for extra in card.additional_costs if not extra.mandatory]
    optional = tuple((name, draw(st.sampled_from(["yes", "no", "auto"]))) for name in names)
    total_discounts = draw(st.lists(discounts(), max_size=2))
    component = draw(st.lists(
        st.sampled_from(["optional", "repeat", "accelerate"]).flatmap(
            lambda c: discounts(component=c)), max_size=1))
    target_ids = [o.id for o in enemy] + [o.id for o in board[:1]]
    targets = tuple(draw(st.lists(st.sampled_from(target_ids), max_size=2))) if target_ids else ()
    play = Play(
        object="p",
        from_zone=from_zone,
        base=draw(st.sampled_from(BASES)),
        ignore=draw(st.sampled_from([None, None, None, "cost", "energy", "power"])),
        play_for=draw(st.one_of(st.none(), st.none(), st.none(), small_costs(2, 1))),
        targets=targets,
        optional=optional,
        discounts=tuple(total_discounts + component),
        permit=draw(st.integers(0, 3)) == 0,
    )
    return Scenario(MappingProxyType(cards), state, play, draw(objectives()))


# --- Real-card mechanics (shared/spec/real-cards.md) --------------------------------------------

# The library the real-card scenarios add: units of different printed costs (victims), a gear
# with abilities, a Hidden spell.
REAL_LIBRARY: dict[str, Card] = {
    "cub": Card("cub", "Cub", "unit", ("calm",), Cost(1), might=1),
    "ogre": Card("ogre", "Ogre", "unit", ("fury",), Cost(3, power_of(["fury"])), might=4),
    "dirk": Card("dirk", "Dirk", "gear", ("fury",), Cost(1), abilities=(
        Ability("equip", "equip", Cost(0, power_of(["fury"])), "normal", UNIT),
        Ability("ping", "activated", Cost(1, other=(OtherCost("exhaust_self", 1),))),
        Ability("burn", "activated", Cost(0, power_of(["any"]), (OtherCost("kill_self", 1),))),
        Ability("tome", "empower", Cost(1, power_of(["any"])), "normal", None, 2),
        # Frostcoat Mother: [1] less per rune you control; Baccai: [2] less with <= 2 runes.
        Ability("frost", "empower", Cost(5), "normal", None, 3,
                (Discount(energy=CountOf(Filter(), "runes")),
                 Discount(energy=2, conditions=(Condition("runes_at_most", 2),)))),
        # Power Nexus: an effect's "pay [A][A]" (no modifier reaches it).
        Ability("nexus", "payment", Cost(0, power_of(["any", "any"]))),
    )),
    "fae": Card("fae", "Fae", "spell", ("mind",), Cost(2, power_of(["mind"])),
                keywords=Keywords(hidden=True)),
}


@st.composite
def real_card_scenarios(draw: st.DrawFn) -> Scenario:
    """A small scenario (`scenarios()`) with the real-card mechanics added at random: a
    repeatable optional cost with a per-payment unlock (Ledros, Kraken Hunter), a cost whose
    victim's printed cost sets a discount (Atakhan), tiered and Level/Legion discounts, a
    once-per-turn grant, `ignore: all`, a Hidden card played from facedown, and ability plays
    (exhaust_self, kill_self, Empower with `times`, a rune-counting Empower, an effect's payment,
    a source for gear or gear abilities), a card that ignores Deflect on its own play."""
    s = draw(scenarios())
    assert s.play is not None
    cards = dict(s.cards) | REAL_LIBRARY
    card = cards[PLAYED]
    you = s.state.you
    play = s.play
    extra_board = tuple(GameObject(f"v{i}", c, buffs=draw(st.sampled_from([0, 1, 2])))
                        for i, c in enumerate(draw(st.lists(st.sampled_from(["cub", "ogre"]),
                                                            max_size=3))))
    you = replace(you, board=you.board + extra_board, xp=draw(st.sampled_from([0, 3, 6])))
    kind = draw(st.sampled_from(["repeat_kill", "repeat_buff", "victim", "tiers", "once",
                                 "ignore_all", "hidden", "ability", "bonus", "converter",
                                 "decree", "malzahar", "plain"]))
    if kind in ("repeat_kill", "repeat_buff"):
        need = (OtherCost("kill", 1, UNIT) if kind == "repeat_kill"
                else OtherCost("spend_buff", 1))
        domain = draw(st.sampled_from(DOMAINS))
        unlock = Discount(power=power_of([draw(st.sampled_from([domain, "any"]))]),
                          energy=draw(st.sampled_from([0, 0, 1])), per_payment=True)
        extra = AdditionalCost("many", False, Cost(other=(need,)), (unlock,), repeatable=True,
                               max=draw(st.sampled_from([None, 2])))
        card = replace(card, cost=Cost(card.cost.energy, power_add(card.cost.power,
                                                                 power_of([domain]))),
                       additional_costs=card.additional_costs + (extra,))
        choice = draw(st.sampled_from(["auto", "auto", "yes", "no", "0", "1", "2"]))
        play = replace(play, optional=play.optional + (("many", choice),))
    elif kind == "victim":
        unlock = Discount(energy=PrintedOf("energy", "victim"),
                          power_amounts=((ANY_INDEX, PrintedOf("power", "victim")),))
        extra = AdditionalCost("victim", draw(st.booleans()), Cost(other=(OtherCost("kill", 1, UNIT),)),
                               (unlock,))
        card = replace(card, cost=Cost(card.cost.energy + 1, power_add(card.cost.power,
                                                                     power_of(["any"]))),
                       additional_costs=card.additional_costs + (extra,))
        if not extra.mandatory:
            play = replace(play, optional=play.optional + (("victim", "auto"),))
    elif kind == "tiers":
        tiers = (Discount(energy=1, conditions=(Condition("level_at_least", 3),)),
                 Discount(energy=2, power=power_of(["any"]),
                          conditions=(Condition("level_at_least", 6),)),
                 Discount(energy=3, conditions=(Condition("played_this_turn_at_least", 2),)))
        card = replace(card, discounts=card.discounts + (Discount(id="tiered", tiers=tiers),))
    elif kind == "once":
        grant = Grant(discount=Discount(id="forge", energy=1), once_per_turn=True)
        cards["forge"] = _grant_card("forge", grant)
        you = replace(you, board=you.board + (GameObject("forge1", "forge"),),
                      used_this_turn=draw(st.sampled_from([(), ("forge",)])))
    elif kind == "ignore_all":
        play = replace(play, ignore="all")
    elif kind == "decree":  # Decree of Insight: its own play pays no Deflect
        card = replace(card, ignore_deflect=True)
    elif kind == "hidden":
        card = replace(card, keywords=replace(card.keywords, hidden=True))
        hidden = GameObject("p", PLAYED, location="battlefield",
                            hidden_turn=draw(st.sampled_from(["earlier", "earlier", "this"])))
        you = replace(you, hand=tuple(o for o in you.hand if o.id != "p"),
                      trash=tuple(o for o in you.trash if o.id != "p"), facedown=(hidden,))
        play = replace(play, from_zone="facedown", base="auto", play_for=None, permit=False)
    elif kind == "ability":
        dirk = GameObject("d1", "dirk", exhausted=draw(st.integers(0, 3)) == 0,
                          empowered=draw(st.sampled_from([0, 0, 1, 2])))
        you = replace(you, board=you.board + (dirk,))
        ability = draw(st.sampled_from(["equip", "ping", "burn", "tome", "frost", "nexus"]))
        targets = tuple(o.id for o in you.board[:1]) if ability == "equip" else ()
        # An effect's payment takes no discount (the loader refuses one on its play).
        play = Play("d1", "board", targets=targets, ability=ability,
                    discounts=() if ability == "nexus" else play.discounts[:1])
        if draw(st.booleans()):
            grant = Grant(discount=Discount(id="smith", power=power_of(["any"]),
                                            only_any_pips=draw(st.booleans())),
                          applies_to=Filter(ability=draw(st.sampled_from(["equip", "any"]))))
            cards["smith"] = _grant_card("smith", grant)
            you = replace(you, board=you.board + (GameObject("smith1", "smith"),))
        if draw(st.booleans()):  # Ornn: [A] for gear or gear abilities; Kai'Sa: spells only
            only = draw(st.sampled_from([Filter(type=("gear",), ability="or_card"),
                                         Filter(type=("spell",))]))
            you = replace(you, board=you.board + (GameObject("ornn1", "cub"),),
                          sources=you.sources + (Source("ornn1", Cost(0, power_of(["any"])),
                                                        only_for=only),))
    if kind == "bonus":  # Renata's Gold: adds an extra [1] while you control a Cub
        gold = GameObject("gold1", "gold")
        bonus = Source("gold1", Cost(0, power_of(["any"])), ("exhaust", "kill"), None,
                       (Condition("phase", "main"),) if draw(st.booleans()) else (),
                       Cost(1), (Condition("controls", Filter(name="cub")),))
        you = replace(you, board=you.board + (gold,), sources=you.sources + (bonus,))
    if kind == "converter":  # Hextech Anomaly / Ancient Henge: any amount of one into the other
        anomaly = GameObject("anomaly1", "seal")
        pays, adds = draw(st.sampled_from([(Cost(0, power_of(["any"])), Cost(1)),
                                           (Cost(1), Cost(0, power_of(["any"]))),
                                           (Cost(1), Cost(0, power_of(["calm"])))]))
        converter = Source("anomaly1", adds, (pays,), repeatable=True)
        you = replace(you, board=you.board + (anomaly,), sources=you.sources + (converter,),
                      pool=you.pool + Cost(draw(st.integers(0, 2)),
                                           power_of(["any"] * draw(st.integers(0, 2)))))
    if kind == "malzahar":  # Malzahar - Fanatic: kill another friendly unit or gear, add [A][A]
        malz = GameObject("malz1", "ogre", exhausted=draw(st.integers(0, 4)) == 0)
        costs = draw(st.sampled_from([
            ("exhaust", OtherCost("kill", 1, Filter(type=("unit", "gear")))),
            ("exhaust", OtherCost("kill", 1, Filter(type=("unit", "gear")))),
            (OtherCost("kill", 1, UNIT),),  # no exhaust: it may be its own victim
            ("exhaust", OtherCost("kill", 2, Filter())),
            (Cost(1), OtherCost("kill", 1, Filter(name="cub"))),
        ]))
        you = replace(you, board=you.board + (malz,),
                      sources=you.sources + (Source("malz1", Cost(0, power_of(["any", "any"])),
                                                    costs),))
        if draw(st.booleans()):  # a Gold token beside it: its own source, or a victim
            you = replace(you, board=you.board + (GameObject("gold2", "gold"),),
                          sources=you.sources + (Source("gold2", Cost(0, power_of(["any"])),
                                                        ("exhaust", "kill")),))
    cards[PLAYED] = card
    state = replace(s.state, you=you)
    return Scenario(MappingProxyType(cards), state, play, s.objective)
