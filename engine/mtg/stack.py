"""An `mtg/1` cast resolved (608): the state after its payment is made and it leaves the stack.

`resolve(scenario, cast)` takes the cast as decided (`Resolved`: the object, where it goes, the
named payment, the mana left in the pool) and gives the scenario after it: what paid is tapped,
sacrificed, returned, discarded, exiled or milled; life paid; the pool holds what was left; the
spell is where it goes (an ability moves no card). Tokens that a cost moves cease to exist
(111.7). A spell whose card says `effect: {adds: MANA}` (Dark Ritual) adds that mana to the pool
as it resolves (608.2): the casts after it may spend it; the rest of its effect (tokens, untaps,
effects lasting for the turn) and the effects of `state.you.effects` it uses are
`engine.mtg.effects.resolution`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import FACE_DOWN, TURN_FACE_UP, Card, Obj, Player, Scenario
from .effects import effects_used, resolution, spell_card
from .mana import NO_MANA, Mana, add
from .payment import Payment
from .restricted import pool_after

ZONES = ("hand", "graveyard", "exile", "command", "battlefield")


@dataclass(frozen=True, slots=True)
class Resolved:
    """One cast as decided: the object cast (or whose ability was activated), its destination
    (None for an ability), the payment, and the mana left in the pool after it."""

    object: str
    destination: str | None
    payment: Payment
    left_in_pool: Mana
    # An activation's own permanent: the counters its cost removes (kind, n) and a loyalty
    # ability's signed loyalty change (606.4; None: not a loyalty ability).
    counters: tuple[tuple[str, int], ...] = ()
    loyalty: int | None = None
    snow: int = 0  # the total's {S}: snow mana the payment took (`snow_left`)
    # Morph (702.37): `face_down` a card cast face down (it enters face down), `turn_face_up`
    # the face-down permanent `object` turned face up (its card shown again); "" otherwise.
    face: str = ""
    # A spell's `effect.untap`: the permanents it untaps (None: the first ones, `default_untap`).
    untap: tuple[str, ...] | None = None
    # The snow part of the pool after it, where the payer says which mana left is snow (the
    # turn's payments: snow mana a snow permanent made that floats stays snow); None:
    # `snow_left`'s reading of the payment.
    snow_pool: Mana | None = None
    # The spell or ability as played (an ability's stand-in card): which restricted mana of
    # the pool it may spend (None: a spell's own card, an ability meeting no restriction).
    card: Card | None = None


def counted(obj: Obj, change: dict[str, int], activated: bool = False) -> Obj:
    """`obj` with its counters changed by `change` (kind -> signed n); a kind at 0 is dropped.
    `activated`: a loyalty ability of it was activated (606.3: once a turn)."""
    if not change and not activated:
        return obj
    have = dict(obj.counters)
    for kind, n in change.items():
        have[kind] = have.get(kind, 0) + n
    return replace(obj, counters=tuple(sorted((k, n) for k, n in have.items() if n > 0)),
                   loyalty_activated=obj.loyalty_activated or activated)


def resolve(scenario: Scenario, cast: Resolved) -> Scenario:
    """The scenario after the cast resolves: what paid is tapped, sacrificed, returned,
    discarded, exiled or milled; life paid; the pool holds what was left; the card is where it
    goes (its `destination`; an ability moves no card). The play is cleared."""
    you = scenario.state.you
    pay = cast.payment
    tapped = {s.id for s in pay.sources if s.taps}
    tapped |= {i for i, _ in pay.convoke} | set(pay.improvise)
    lost_to: dict[str, str] = {}
    dests = {"sacrifice": "graveyard", "return_to_hand": "hand", "discard": "graveyard",
             "exile_from_hand": "exile", "exile_from_graveyard": "exile"}
    # What the mana abilities' costs took (601.2g), then the spell's (601.2h): a creature an
    # ability's cost taps is tapped, any other object goes where its cost sends it.
    took = [(kind, ids) for s in pay.sources for kind, ids in s.took]
    took += [(kind, ids) for kind, ids in pay.other if isinstance(ids, tuple)]
    for s in pay.sources:
        if s.sacrifices_self:
            lost_to[s.id] = "graveyard"
    for kind, ids in took:
        if kind == "tap_untapped":
            tapped |= set(ids)
            continue
        for i in ids:
            lost_to[i] = dests[kind]
    for i in pay.delve:
        lost_to[i] = "exile"
    # A spell leaves its zone for the stack and goes to its destination; an ability's
    # permanent stays (unless its cost sacrificed it: then it is in `lost_to`).
    played = cast.object if cast.destination is not None else ""
    zones: dict[str, list[Obj]] = {z: [] for z in ZONES}
    moved: dict[str, list[Obj]] = {z: [] for z in zones}
    for zone in zones:
        for obj in you.zone(zone):
            if obj.id == played:
                continue
            if obj.id in lost_to:
                if not scenario.cards[obj.card].tags or "token" not in scenario.cards[obj.card].tags:
                    moved[lost_to[obj.id]].append(replace(obj, tapped=False, sick=False))
                continue
            # An object this payment doesn't tap is kept as it is (a copy would be equal).
            zones[zone].append(obj if obj.tapped or obj.id not in tapped
                               else replace(obj, tapped=True))
    mill = sum(n for k, n in pay.other if k == "mill" and isinstance(n, int))
    mill += sum(s.mill for s in pay.sources)
    zones["graveyard"] += milled_cards(scenario, mill)  # milled while paying, before it resolves
    if cast.destination is not None:
        card_obj = you.find(played)
        assert card_obj is not None
        dest = cast.destination
        # A commander's casts from the command zone are counted there only (903.8): the state
        # after the play keeps no count on an object that left it.
        entering = card_obj[1]
        if cast.face == "face_down" and dest == "battlefield":  # it enters face down (702.37)
            entering = replace(entering, card=FACE_DOWN + entering.card)
        zones[dest].append(replace(entering, tapped=False, sick=dest == "battlefield"
                                   and "creature" in scenario.cards[entering.card].types,
                                   commander_casts=0))
    if cast.face == TURN_FACE_UP:  # 702.37e: the permanent is its card again (not sick anew)
        zones["battlefield"] = [
            replace(o, card=scenario.cards[o.card].face_down_of or o.card)
            if o.id == cast.object else o for o in zones["battlefield"]]
    for z in zones:
        zones[z] += moved[z]
    # Counters removed by the mana abilities and by the activation's cost, loyalty put on.
    change: dict[str, dict[str, int]] = {}
    for s in pay.sources:
        for kind, n in s.counters_removed:
            mine = change.setdefault(s.id, {})
            mine[kind] = mine.get(kind, 0) - n
    if cast.destination is None:
        mine = change.setdefault(cast.object, {})
        for kind, n in cast.counters:
            mine[kind] = mine.get(kind, 0) - n
        if cast.loyalty is not None:
            mine["loyalty"] = mine.get("loyalty", 0) + cast.loyalty
    zones["battlefield"] = [counted(o, change.get(o.id, {}), cast.destination is None
                                    and cast.loyalty is not None and o.id == cast.object)
                            for o in zones["battlefield"]]
    spell = spell_card(scenario, cast.object, cast.face) if cast.destination is not None else None
    # 106.6: restricted mana left stays restricted (`engine.mtg.restricted`).
    pool, restricted = pool_after(scenario, pay, cast.card or spell, cast.left_in_pool)
    if spell is not None:
        adds = spell.effect_adds
        if adds is not None:  # the spell resolves: its effect adds mana (608.2)
            pool = add(pool, adds)
    you_after = replace(  # what the play does not change stays (the player's permissions)
        you, life=you.life - pay.life, library=you.library - mill,
        hand=tuple(zones["hand"]),
        graveyard=tuple(zones["graveyard"]),
        exile=tuple(zones["exile"]), command=tuple(zones["command"]),
        battlefield=tuple(zones["battlefield"]), mana_pool=pool,
        snow_pool=snow_left(scenario, cast, pool) if cast.snow_pool is None else cast.snow_pool,
        library_top=you.library_top[mill:],
        effects=effects_used(scenario, spell) if spell is not None else you.effects,
        restricted_pool=restricted)
    if spell is not None:
        you_after = resolution(scenario, spell, you_after, cast.untap)
    state = replace(scenario.state, you=you_after,
                    opponent=untapped_after(scenario.state.opponent, pay))
    return replace(scenario, state=state, play=None)


def milled_cards(scenario: Scenario, mill: int) -> tuple[Obj, ...]:
    """The cards known on top of your library (`library_top`) among the `mill` milled (the
    mana abilities' mills, then the spell's: the top cards in turn), as objects for your
    graveyard, top first, each with a fresh id (`CARD-milled`, numbered when taken)."""
    you = scenario.state.you
    taken = {o.id for p in (you, scenario.state.opponent) for z in ZONES for o in p.zone(z)}
    out: list[Obj] = []
    for card in you.library_top[:mill]:
        ident, n = f"{card}-milled", 1
        while ident in taken:
            n += 1
            ident = f"{card}-milled-{n}"
        taken.add(ident)
        out.append(Obj(ident, card))
    return tuple(out)


def untapped_after(opponent: Player, pay: Payment) -> Player:
    """The opponent after the payment: each permanent an `untap` cost untapped is untapped
    (Benthic Explorers)."""
    untapped = {i for s in pay.sources for i in s.untapped}
    if not untapped:
        return opponent
    return replace(opponent, battlefield=tuple(replace(o, tapped=False) if o.id in untapped else o
                                               for o in opponent.battlefield))


def snow_left(scenario: Scenario, cast: Resolved, pool: Mana) -> Mana:
    """The snow part of the pool after the cast (within `pool`, what is left): the snow mana of
    the pool before it and the mana its snow permanents made; of each type the pips spend the
    mana that is not snow first, and the {S} (`cast.snow`) snow mana, taken where the most is
    left over (107.4h: what floats stays snow for a later {S})."""
    you = scenario.state.you
    cards = {o.id: scenario.cards[o.card] for o in you.battlefield}
    snow = list(you.snow_pool)
    made = [0] * 7
    for src in cast.payment.sources:
        made = [m + a for m, a in zip(made, src.adds)]
        if src.id in cards and cards[src.id].snow:
            snow = [n + a for n, a in zip(snow, src.adds)]
    if not any(snow):
        return NO_MANA
    had = [p + m for p, m in zip(you.mana_pool, made)]
    spent = [max(0, h - left) for h, left in zip(had, pool)]
    # Snow spent of each type: at least what the mana that is not snow could not pay, then
    # more where the {S} still want it.
    taken = [max(0, spent[i] - (had[i] - snow[i])) for i in range(7)]
    extra = cast.snow - sum(taken)
    for i in range(1, 7):
        more = max(0, min(extra, snow[i] - taken[i], spent[i] - taken[i]))
        taken[i] += more
        extra -= more
    left = [max(0, min(snow[i] - taken[i], pool[i])) for i in range(7)]
    return (0, left[1], left[2], left[3], left[4], left[5], left[6])


__all__ = ["Resolved", "ZONES", "resolve", "snow_left"]
