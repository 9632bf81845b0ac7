"""The turn planner's moves for `mtg/1` (`planner.turn.Moves`): the candidates of a state and
every payment of each (`docs/turns.md`; `planner/riftbound/moves.py` is payplan/1's).

**Candidates** (`auto`), in candidate order: the cards in your hand (a nonland card is cast, a
land is played, rule 305), the cards in your graveyard that can be cast from there (flashback,
an alternative cost with `zone: graveyard`), then every activated ability of your permanents
(each object in state order, each card's abilities in its order). A cast is tried with
`cast: auto`, `x: auto` and every optional cost `auto`. The candidate order is fixed on the
start state: an object keeps its place when it moves (a card cast from hand keeps its hand
place on the battlefield). A listed candidate is tried as the file gives it; `{object: ID}` for
a land in hand is a land play. A card is played at most once from each zone it is in
(`planner.turn.played_mark`): an instant cast from the hand and then flashed back from the
graveyard (400.7: a new object) is two plays. A listed card play that names no zone (`from`)
is made from where its object is when it is played (a card an earlier play discarded is cast
from the graveyard).

**A land play** (`engine.mtg.lands`) is one move: no payment, objective 0, size 0; the land is
on the battlefield (untapped unless `enters_tapped`) and `lands_played_this_turn` counts it.

**Moves of a cast.** A move is one cost option (`engine.mtg.options.cast_options`: each way to
cast, optional set, X and announcement; a total another beats on every part is left out, as
`plan` leaves it: its payments pay the other with mana to spare, which stays in the pool) with
one payment, named (`engine.mtg.payment.name_payment`, the one scorer) and resolved
(`engine.mtg.stack.resolve`, as `payplan play` applies a plan). With `x: auto`, X is the one
`plan_cast` chooses on the state the cast meets (the largest payable there); only that X's
options are moves. The payments are every *minimal* payment of the option's total, named
canonically (`planner.mtg.payments`, which says why no other payment can do better). Two
payments that leave the same state (after canonical naming) are one move, the better by
`plan`'s tie-break (objective, total size, objects used, state order).

**The mana, paid together (the deferred mode).** Where every mana ability that can be used this
turn is a *unit* and nothing but the payment touches those permanents (`planner.mtg.ledger`
says when, and why it is exact), the search leaves the mana out of its states: a state is the
scenario with every unit untouched and an empty pool, and a `Ledger` of the turn's mana so
far. A move's objective is its non-mana part plus what its mana adds to the cheapest
assignment of the ledger, so a path's summed objective is its non-mana charges plus the
cheapest payment of all its mana; a move whose mana can't be assigned is not made. `realize`
pays the best path from the real permanents: that cheapest assignment, split over the casts in
order, each cast's payment named, scored and resolved as a move above.

**What a cast leaves** (`engine.mtg.effects`, resolved by `engine.mtg.stack.resolve`): the
effects of `state.you.effects` it used, its tokens on your battlefield (their activated
abilities candidates of the states after it), the effects it grants, and the permanents its
`effect.untap` untaps. The untap is the player's choice: as many as it can of your tapped
permanents its filter matches (untapping one more never makes a later cast costlier nor
illegal: a tapped permanent pays nothing an untapped one can't), and each choice of which is a
move of its own (`resolutions`; the same state is one move), so the search finds the one the
best turn needs; ties go to the choice first in battlefield order (the last part of a move's
rank). An untap breaks the minimality argument (`planner.mtg.payments`: a permanent tapped
for mana that floats, then untapped, makes its mana twice: Frantic Search cast with lands
tapped for more than it costs), so while a card of yours with `effect.untap` can still be cast
(`untap_ahead`) every payment, minimal or not, is a move; once none can, nothing untaps for the
rest of the turn and the minimal payments are enough again. A haste grant's creatures and a
hasty creature cast are not summoning sick (`engine.mtg.total_cost.summoning_sick`). The
deferred mode takes what it can say and leaves the rest to the moves above
(`planner.mtg.ledger`, its docstring).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Sequence

from ...engine.discounts import Deadline
from ...engine.mtg.cards import ZONES, Card, Obj, Play, Scenario
from ...engine.mtg.dump import restricted_to_data, state_to_data
from ...engine.mtg.effects import spell_card, untap_choices, untapped
from ...engine.mtg.lands import land_play_reasons, play_land
from ...engine.mtg.mana import NO_MANA, Mana, add, mana_text, total
from ...engine.mtg.options import TooManyChoices, cast_options
from ...engine.mtg.payment import Payment, name_payment
from ...engine.mtg.produce import unplanned_mana_keys
from ...engine.mtg.resources import Resources, resources, tap_weight_key
from ...engine.mtg.stack import Resolved, milled_cards, resolve
from ...engine.mtg.total_cost import Choices, destination, played_card, summoning_sick, with_grants
from ...engine.problems import ScenarioError
from ...engine.turn import Turn, candidate_key
from ..config import DEFAULT_CONFIG, SolverConfig
from ..turn import Candidate, Move, evolve, played_mark
from .ledger import (
    Assignment,
    Epoch,
    Ledger,
    UnitClass,
    cheapest,
    costs_of,
    deferrable,
    made_tokens,
    token_units,
    unit_class,
    x_auto,
)
from .payments import (
    GENERIC,
    KINDS,
    NeedKey,
    Payer,
    Ref,
    Usage,
    as_mana,
    pool_spent,
    ref_id,
    resolved,
    usage_rank,
)
from .plan import Plan, land_plan, plan_of
from .plan import plan as plan_cast


@dataclass(frozen=True, slots=True)
class TurnState:
    """A state of the search: the scenario (in the deferred mode: its mana sources untouched and
    its pool empty, the mana being in `ledger`), and the objects played as cards so far."""

    scenario: Scenario
    played: frozenset[str] = frozenset()
    ledger: Ledger | None = None
    sid: int = -1  # the scenario's number among the canonical scenarios met (`Moves.sid`)
    abilities: bool = False  # an ability was activated this turn (the land rule reads it)


@dataclass(frozen=True, slots=True)
class Made:
    """What a move did, for `realize`: the play, and for a cast the option's choices, the objects
    its non-mana costs took (by id) and the epoch it was made in."""

    play: Play
    land: bool = False
    choices: Choices | None = None
    uses: tuple[tuple[NeedKey, tuple[str, ...]], ...] = ()
    epoch: int = 0


@dataclass(frozen=True, slots=True)
class _Raw:
    """A deferred move as what its pricing and paying read decides it: its plan (the mana not
    paid yet), where the card goes and the payment of its non-mana part, its non-mana
    objective and rank, and what `realize` needs."""

    plan: Plan
    dest: str | None
    payment: Payment
    objective: int
    rank: tuple[int, ...]
    made: Made


@dataclass(frozen=True, slots=True)
class _After:
    """A deferred move made on one scenario: the scenario after it (pool emptied), its number,
    and the mana and units it makes arrive."""

    scenario: Scenario
    sid: int
    free: Mana
    units: tuple[tuple[UnitClass, str], ...]


def counter_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first key of morph (or of {S} beside a filter: `snow_keys`) a card of the file has,
    with why the turn's own payment enumeration does not plan it (its path and the one line),
    or None: `payplan turn` (and `play`'s `plays`, paid together) refuse such a file.
    (Counters removed as costs and loyalty abilities are planned: each play's state carries its
    permanent's counters; so are pips paid with life, `life_for`: each play's state carries
    the life left.)"""
    for card_id, card in scenario.cards.items():
        if card.morph is not None:  # face-down casts are planned one at a time
            return ("cards", card_id, "morph"), (
                "morph is not supported by `payplan turn` (nor `plays` paid together): cast face "
                "down and turn face up one play at a time (`payplan plan`, `play`)")
    return snow_keys(scenario)


def in_play(scenario: Scenario) -> list[Card]:
    """The cards of the objects in either player's zones, and of the tokens your effects can
    make this turn, each once in file order: what a turn can meet."""
    ids = {o.card for who in (scenario.state.you, scenario.state.opponent)
           for zone in ZONES for o in who.zone(zone)}
    ids |= {card.id for card in made_tokens(scenario)}
    return [card for card_id, card in scenario.cards.items() if card_id in ids]


def snow_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """`{S}` (snow mana) beside a mana ability with a mana cost (a filter), restricted mana
    (`only_for`) or a card's `spend_only`: its path (the first card with {S}) and the one line,
    or None. The payments take the {S} apart from the flow that matches the other pips
    (`planner.mtg.payments`), which holds while every mana of a kind pays what any other of
    that kind pays; a filter's cost, a restriction or `spend_only` ties mana to one use."""
    used = in_play(scenario)
    snowy = [card.id for card in used if card.has_snow()]
    if not snowy:
        return None
    tied = [card.id for card in used if card.spend_only is not None
            or any(m.mana.symbols or m.only_for is not None for m in card.mana)]
    if not tied:
        return None
    return ("cards", snowy[0]), (
        f"{{S}} (snow mana) beside a mana ability with a mana cost, restricted mana or "
        f"spend_only (cards.{tied[0]}) is not supported by `payplan turn` (nor `plays` paid together): "
        "plan each cast with `payplan plan` or `play`")


def mana_effect_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first key of the mana effects (`mana_effects`, `attached_to`) the file has, with why
    the turn's own payments do not plan it, or None: `payplan turn` (and `play`'s `plays`, paid
    together) refuse such a file. (Mana of a type another permanent could produce, `adds:
    any_type | any_color`, is planned: each play reads the types on the state it meets.)"""
    why = ("is not supported by `payplan turn` (nor `plays` paid together): mana effects are "
           "planned one play at a time (`payplan plan`, `play`)")
    for card_id, card in scenario.cards.items():
        if card.mana_effects:
            return ("cards", card_id, "mana_effects"), f"mana_effects {why}"
    for side in ("you", "opponent"):
        player = scenario.state.you if side == "you" else scenario.state.opponent
        for i, obj in enumerate(player.battlefield):
            if obj.attached_to is not None:
                return ("state", side, "battlefield", i, "attached_to"), f"attached_to {why}"
    return None


def read_elsewhere_keys(scenario: Scenario) -> bool:
    """Whether a mana ability of the file reads or changes more than its permanent's being
    tapped or sacrificed: it removes counters (Druids' Repository, a storage land), untaps an
    opponent's permanent (Benthic Explorers), reads a milled card (Charmed Pendant), or a
    `library_top` is known (the cards milled are objects after), or a card says which mana it
    may be paid with (`spend_only`: a unit's mana is not any mana), or your mana may be spent as
    though it were any color (`spend_as_any_color`: the ledger's assignment matches mana to
    pips by type), or a pip may be paid with life (`life_for`: the ledger knows no life), or
    snow mana is read (`{S}`, `snow_pool`: the ledger's mana is not told snow apart). The
    deferred mode's units
    (`planner.mtg.ledger`) make one mana for a tap alone, so the turn then pays each play
    with its own payments (`deferred` off); each play's state carries the counters left, the
    opponent's permanents untapped and the cards milled."""
    if any(player.library_top for player in (scenario.state.you, scenario.state.opponent)):
        return True
    if scenario.state.you.spend_as_any_color or any(
            c.life_for for c in scenario.cards.values()) or any(c.has_snow() for c in in_play(scenario)):
        return True
    if any(scenario.state.you.snow_pool):
        return True
    return any(card.spend_only is not None or any(  # `reads`: milled, any_type, any_color
        m.counter_kinds() or m.untap or m.reads is not None for m in card.mana)
        for card in scenario.cards.values())


class Moves:
    """`planner.turn.Moves` for `mtg/1` (see the module docstring)."""

    def __init__(self, start: Scenario, config: SolverConfig = DEFAULT_CONFIG,
                 listed: Sequence[Play] | None = None, deferred: bool | None = None,
                 prune: bool = True) -> None:
        """`listed`: the turn's candidates when the file lists them; `deferred`: False plans
        every payment as a move even where the deferred mode applies (a check of one mode
        against the other), None chooses; `prune` False tries every payment, minimal or not,
        and every twin (a check of the prunings: small turns only)."""
        refused = counter_keys(start) or mana_effect_keys(start) or unplanned_mana_keys(start)
        if refused is not None:
            raise ScenarioError.at(*refused)
        if read_elsewhere_keys(start):
            deferred = False
        self.start = start
        self.config = config
        # Snow mana matters somewhere in the turn: each payment tells which mana left is snow.
        self.snowy = any(c.has_snow() for c in in_play(start)) or any(start.state.you.snow_pool)
        you = start.state.you
        # The candidate order: every object of yours in zone order, as the start state holds it.
        self.place = {obj.id: i for i, obj in enumerate(
            [*you.hand, *you.graveyard, *you.battlefield, *you.exile, *you.command])}
        self.listed = listed
        self.prune = prune
        # A card of yours that untaps permanents (`effect.untap`): a permanent tapped for mana
        # that floats before it resolves may be untapped and tapped again, so payments are not
        # only the minimal ones (the module docstring).
        self.untaps = any(
            card.effect is not None and card.effect.untap is not None
            for card in (start.cards[o.card] for o in (*you.hand, *you.graveyard, *you.exile,
                                                         *you.command, *you.battlefield)))
        self.deferred = deferrable(start, listed) if deferred is None else (
            deferred and deferrable(start, listed))
        mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
        self.chooses_x = x_auto(start, listed)  # `Move.x` counts (the turn's rule 2)
        self.lands_early = prune and listed is None and not x_auto(start, None) and not any(
            "land" in start.cards[o.card].types and start.cards[o.card].grants for o in mine)
        self.cheap: dict[Ledger, Assignment | None] = {}
        self.raw: dict[Hashable, list[_Raw]] = {}
        self.ids: dict[Hashable, int] = {}
        self.afters: dict[Hashable, list[_After | None]] = {}
        # All the mana a turn could have in the deferred mode (for counts under `auto`): the
        # pool, every card's effect, a unit for every card of yours with a mana ability.
        self.turn_cap = total(you.mana_pool) + sum(
            total(start.cards[o.card].effect_adds or NO_MANA)
            for o in (*you.hand, *you.graveyard, *you.exile, *you.command))
        self.turn_cap += sum(1 for o in (*you.hand, *you.graveyard, *you.exile, *you.command,
                                         *you.battlefield) if start.cards[o.card].mana)
        self.turn_cap += sum(token_units(start, start.cards[o.card])
                             for o in (*you.hand, *you.graveyard, *you.exile, *you.command))
        self._values: Callable[[str], int] = lambda key: 1  # the turn's (`candidates` sets them)
        # The objects that are candidates themselves: never grouped with others in a payment.
        alone = {o.id for o in you.hand}
        alone |= {o.id for o in you.graveyard
                  if castable_from_graveyard(with_grants(start, start.cards[o.card], "graveyard"))}
        alone |= {o.id for o in you.battlefield if start.cards[o.card].abilities}
        if listed is not None:
            alone = {p.object for p in listed}
        self.alone = frozenset(alone)
        # The least charge a unit a card of yours brings could have (`spend`).
        self.unit_charges = [
            min([start.objective.weight("sacrifice"), *([o.value] if o.value is not None else [])])
            if any(a.sacrifice_self for a in start.cards[o.card].mana)
            else start.objective.weight(tap_weight_key(start.cards[o.card]))
            for o in mine if start.cards[o.card].mana] + [
            start.objective.weight("sacrifice") if any(a.sacrifice_self for a in token.mana)
            else start.objective.weight(tap_weight_key(token))
            for token in made_tokens(start) if token.mana]
        # Whether every cast costs at least its printed mana (`supply`): no reduction anywhere.
        objects = [o for who in (start.state.you, start.state.opponent)
                   for zone in ("hand", "graveyard", "battlefield", "exile", "command")
                   for o in who.zone(zone)]
        self.fixed_costs = not any(
            card.reductions or any(g.reduction is not None for g in card.grants)
            or (card.effect is not None and card.effect.grants)
            for card in (start.cards[o.card] for o in objects)) and not start.state.you.effects
        # And the units a play brings are its own (`usage`): no haste grant, which makes the
        # creatures already there units when its permanent enters.
        self.fixed_costs = self.fixed_costs and not any(
            g.haste for c in start.cards.values() for g in c.grants)

    # --- the protocol

    def begin(self, scenario: Scenario) -> TurnState:
        if not self.deferred:
            return TurnState(scenario, sid=self.sid(canonical(scenario)))
        you = scenario.state.you
        units = tuple((cls, obj.id) for obj in you.battlefield
                      if (cls := unit_class(scenario, obj)) is not None)
        open_ = replace(scenario, state=replace(scenario.state, you=replace(you, mana_pool=NO_MANA)),
                        play=None)
        return TurnState(open_, frozenset(), Ledger((Epoch(you.mana_pool, tuple(sorted(units))),)),
                         self.sid(canonical(open_)))

    def sid(self, key: Hashable) -> int:
        """A number for a canonical scenario: the search's keys hash it once."""
        return self.ids.setdefault(key, len(self.ids))

    def candidates(self, state: TurnState, turn: Turn[Any]) -> list[Candidate]:
        scenario = state.scenario
        self._values = turn.value
        if turn.candidates is not None:
            return [self._listed(scenario, p, i) for i, p in enumerate(turn.candidates)]
        you = scenario.state.you
        out = []
        for zone in ("hand", "graveyard"):
            for obj in you.zone(zone):
                card = scenario.cards[obj.card]
                if zone == "graveyard" and not castable_from_graveyard(
                        with_grants(scenario, card, zone)):
                    continue
                out.append(Candidate(obj.id, (0, self._place(obj.id)), (auto_play(card, obj, zone),),
                                     played_mark(zone, obj.id)))
        for zone in ("battlefield", "hand"):
            for obj in you.zone(zone):
                for index, ability in enumerate(scenario.cards[obj.card].abilities):
                    if ability.zone != zone:
                        continue  # a cycling ability of a permanent, a {T} one of a card in hand
                    out.append(Candidate(candidate_key(obj.id, ability.id),
                                         (1, self._place(obj.id), index),
                                         (Play(obj.id, zone, ability=ability.id),), None))
        return sorted(out, key=lambda c: c.order)

    def _listed(self, scenario: Scenario, play: Play, i: int) -> Candidate:
        """A listed entry: a card play is made from where its object is when it is played
        (`_resolved`)."""
        key = candidate_key(play.object, play.ability)
        if play.ability is not None:
            return Candidate(key, (i,), (play,), None, i)
        return Candidate(key, (i,), (play,), played_mark(_resolved(scenario, play).zone,
                                                          play.object), i)

    def _place(self, object_id: str) -> int:
        return self.place.get(object_id, len(self.place))

    def supply(self, state: TurnState) -> int | None:
        """The mana the turn can still spend from this state, before what later plays add (the
        deferred mode): the ledger's free mana and units, less what its casts need. Each unit
        makes one mana (the deferred mode takes only those), so no sequence of plays from here
        spends more than this and what they add (`weight`). None outside the deferred mode, or
        where a cost can be reduced (a card's `reductions`, a grant's `reduction`, an effect
        lasting for the turn: its cost is then not known before it is cast), or where a haste
        grant can make units of creatures that no play brings."""
        ledger = state.ledger
        if ledger is None or not self.fixed_costs:
            return None
        return sum(total(e.free) + len(e.units) - total(e.demand) for e in ledger.epochs)

    def usage(self, candidate: Candidate) -> tuple[int, int, int] | None:
        """What a play of this `universe` candidate spends of `supply` at least, the free mana
        it adds at most and the units it brings at most: a cast's least mana of any way to cast
        it (X 0, a hybrid pip 1, a Phyrexian pip 0: life can pay it; optional costs not paid),
        its effect's mana, one unit for a permanent with a mana ability (a unit makes one
        mana); a land play spends nothing. None for an ability (its costs are not bounded
        here)."""
        if candidate.object_id is None:
            return None
        found = self.start.state.you.find(candidate.object_id)
        if found is None:
            return None
        card = self.start.cards[found[1].card]
        units = 1 if card.mana else 0
        if "land" in card.types:
            return 0, 0, units
        costs = [card.cost, *(c.mana for c in (card.flashback, *(a.cost for a in card.alternative))
                              if c is not None)]
        units += token_units(self.start, card)
        return min(c.least_mana() for c in costs), total(card.effect_adds or NO_MANA), units

    def spend(self, state: TurnState) -> tuple[int, int] | None:
        """The free mana the turn has had by this state (the start pool, what resolved effects
        added) and the least charge of a unit it has or a play of it could bring: every mana
        a play spends beyond the free mana is a unit's, charged at least that (None outside
        the deferred mode, as `supply`)."""
        ledger = state.ledger
        if ledger is None or not self.fixed_costs:
            return None
        charges = [cls.charge for e in ledger.epochs for cls, _ in e.units] + self.unit_charges
        return sum(total(e.free) for e in ledger.epochs), min(charges, default=0)

    def floor(self, candidate: Candidate) -> int | None:
        """The least objective a move of this `universe` candidate can have: its score is never
        below 0 (weights are never negative; in the deferred mode what a move adds to the
        cheapest assignment is not either: the need only grows, and mana arriving pays only
        later casts), less the benefits of the optional costs it pays that are `auto`; None
        for one paid a chosen number of times (multikicker, replicate) with a benefit."""
        objective = self.start.objective
        if candidate.plays:  # a listed play: its own `auto` names
            names = [name for play in candidate.plays
                     for name, choice in play.optional.items() if choice == "auto"]
        elif candidate.object_id is None:
            return 0  # an `auto` ability play: no optional cost of it is `auto`
        else:
            found = self.start.state.you.find(candidate.object_id)
            if found is None:
                return None
            names = list(self.start.cards[found[1].card].optional_names())
        if any(objective.benefit(n) and n in ("multikicker", "replicate") for n in names):
            return None
        return -sum(objective.benefit(n) for n in set(names))


    def moves(self, state: TurnState, candidate: Candidate, limit: Deadline) -> list[Move[Any]]:
        scenario = state.scenario
        play = _resolved(scenario, candidate.plays[0])
        found = scenario.state.you.find(play.object)
        if found is None:
            return []
        zone, obj = found
        card = scenario.cards[obj.card]
        if play.ability is None and "land" in card.types:
            if self.lands_early and (state.abilities or any(
                    self._place(o.split(":", 1)[1]) > self._place(obj.id) for o in state.played)):
                return []  # the land rule (`_land`)
            return self._land(state, obj, card)
        if state.ledger is not None:
            return self._deferred(state, play, limit)
        return self._explicit(state, play, limit)

    def key(self, state: TurnState) -> Hashable:
        return (state.sid, state.played, state.ledger, state.abilities)

    def realize(self, start: Scenario, steps: Sequence[tuple[Candidate, Move[Any]]]
                ) -> tuple[list[Plan], list[Scenario]]:
        if not steps:
            return [], []
        if not self.deferred:
            plans = [move.plan for _, move in steps]
            assert all(isinstance(p, Plan) for p in plans)
            afters = [move.after for _, move in steps]
            assert all(isinstance(a, TurnState) for a in afters)
            return plans, [a.scenario for a in afters]  # type: ignore[return-value]
        return _pay_deferred(self, start, steps)

    def reason(self, scenario: Scenario, candidate: Candidate) -> str:
        play = candidate.plays[0]
        found = scenario.state.you.find(play.object)
        if found is None:
            return f"{play.object} is no longer in your zones"
        card = scenario.cards[found[1].card]
        if play.ability is None and "land" in card.types:
            return "; ".join(land_play_reasons(scenario, play.object))
        return "; ".join(plan_cast(replace(scenario, play=None), self.config, play).reasons)

    def state_json(self, scenario: Scenario) -> dict[str, object]:
        return state_to_data(scenario.state)

    def card_name(self, scenario: Scenario, card: str) -> str:
        found = scenario.cards.get(card)
        return found.name if found is not None else card

    def left_json(self, scenario: Scenario) -> dict[str, object]:
        """Your untapped mana sources' ids (battlefield order: untapped permanents with a mana
        ability, but a summoning-sick creature whose every mana ability taps) and your mana
        pool (as in `state`)."""
        you = scenario.state.you
        untapped = []
        for obj in you.battlefield:
            card = scenario.cards[obj.card]
            sick = summoning_sick(scenario, obj)
            if not obj.tapped and any(not (a.tap and sick) for a in card.mana):
                untapped.append(obj.id)
        restricted = {"restricted_pool": restricted_to_data(you)} if you.restricted_pool else {}
        return {"untapped": untapped, "mana_pool": mana_text(you.mana_pool, ""), **restricted}

    def pool_left(self, scenario: Scenario) -> str | None:
        you = scenario.state.you  # the restricted mana too (106.6: it is in the pool)
        return mana_text(functools.reduce(add, (e.mana for e in you.restricted_pool),
                                          you.mana_pool), "")

    # --- twins and the universe

    def twin(self, state: TurnState, candidate: Candidate) -> Hashable:
        """Candidates with one twin key are interchangeable (`auto` only; the search tries the
        first not yet played): their objects are in the same zone with the same card, tapped,
        sick, value, counters and loyalty activated or not, played as a card or not alike, and
        each candidate of one is worth what the other's same candidate is (a card play, each
        ability). The state is then symmetric under swapping the two objects, so every turn
        that plays the later one has a twin that plays the earlier one in its place, the same
        in value, objective and size and earlier in candidate order (rule 4)."""
        if not self.prune or candidate.listed is not None:
            return None
        play = candidate.plays[0]
        scenario = state.scenario
        found = scenario.state.you.find(play.object)
        if found is None:
            return None
        zone, obj = found
        card = scenario.cards[obj.card]
        worth = tuple(self._values(candidate_key(obj.id, k))
                      for k in (None, *(a.id for a in card.abilities)))
        played = frozenset(z for z in ZONES if played_mark(z, obj.id) in state.played)
        return (zone, obj.card, obj.tapped, obj.sick, obj.value, obj.counters,
                obj.loyalty_activated, played, worth, play.zone, play.ability)

    def universe(self, state: TurnState, turn: Turn[Any]) -> list[Candidate]:
        """Every candidate the turn could offer (for the search's bound on the value): every
        card of yours in hand or graveyard once from its zone, and a card in hand that can be
        cast from the graveyard once more from there (of the lands in hand only the one worth
        most, one land a turn, none when a land was played), a known card of the library's top
        that could be milled and cast from the graveyard, every ability of every card of
        yours."""
        self._values = turn.value
        if turn.candidates is not None:
            return self.candidates(state, turn)
        scenario = state.scenario
        you = scenario.state.you
        out = []
        lands = []
        # A grant of flashback may come to the battlefield later in the turn.
        granted = any(g.flashback for c in scenario.cards.values() for g in c.grants)
        for zone in ("hand", "graveyard"):
            for obj in you.zone(zone):
                card = scenario.cards[obj.card]
                one = Candidate(obj.id, (0, self._place(obj.id)), (), played_mark(zone, obj.id))
                if "land" not in card.types:
                    out.append(one)
                    # Cast from the hand, it may be cast again from the graveyard.
                    if zone == "hand" and (castable_from_graveyard(card) or granted):
                        out.append(evolve(one, card_object=played_mark("graveyard", obj.id)))
                elif zone == "hand" and scenario.state.lands_played_this_turn == 0:
                    lands.append(one)
        if lands:
            out.append(max(lands, key=lambda c: turn.value(c.key)))
        # A card known on top of the library may be milled this turn (a mana ability's or a
        # spell's cost, 701.13a) and then cast from the graveyard (flashback, 702.34a), under
        # the id the mill gives it.
        for obj in milled_cards(scenario, len(you.library_top)):
            card = scenario.cards[obj.card]
            if "land" not in card.types and (granted or castable_from_graveyard(
                    with_grants(scenario, card, "graveyard"))):
                out.append(Candidate(obj.id, (0, self._place(obj.id)), (),
                                     played_mark("graveyard", obj.id)))
        for obj in [*you.hand, *you.graveyard, *you.battlefield]:
            for ability in scenario.cards[obj.card].abilities:
                out.append(Candidate(candidate_key(obj.id, ability.id), (1,), (), None))
        for token in made_tokens(self.start):  # a token made this turn brings its abilities
            for ability in token.abilities:
                out.append(Candidate(candidate_key(f"{token.id}-token", ability.id), (1,), (),
                                     None))
        return out

    # --- moves

    def _land(self, state: TurnState, obj: Obj, card: Card) -> list[Move[Any]]:
        """The land play's one move. The land rule (`lands_early`: `auto` candidates, no card of
        yours with `x: auto`, no land card of yours with grants): a land is played only before
        every play of a later candidate. For a turn that plays a land L after some play of a
        later candidate, play L just before the first such play instead: every play stays
        legal (L is played in your main phase with an empty stack whenever it is legal at all,
        and nothing else reads it but as a permanent), each later cast's total is the same or
        less (L grants nothing; an amount counting permanents only grows, and it only
        reduces), and each payment of the turn is still there (L adds a permanent, untapped
        unless it enters tapped); so value, objective and size are the same or better, and
        the candidate-order positions are first where L moved (L is earlier than that play in
        candidate order). No best turn is lost. (With `x: auto` it fails: an X spell after L
        meets more mana, and X, being the largest payable, costs more.)"""
        scenario = state.scenario
        if land_play_reasons(scenario, obj.id):
            return []
        after = play_land(scenario, obj.id)
        ledger = state.ledger
        if ledger is not None:
            entered = next(o for o in after.state.you.battlefield if o.id == obj.id)
            cls = unit_class(after, entered)
            if cls is not None:
                ledger = ledger.arrive(NO_MANA, ((cls, obj.id),))
        plan = land_plan(card, {"object": obj.id, "card": card.id, "from": "hand"})
        made = Made(Play(obj.id, "hand"), land=True)
        after_state = TurnState(after, state.played | {played_mark("hand", obj.id)}, ledger,
                                self.sid(canonical(after)),
                                state.abilities)
        return [Move(plan, after_state, 0, 0, (0,), made)]

    def _options(self, scenario: Scenario, play: Play, card: Card,
                 cap: int) -> Any:
        try:
            return cast_options(scenario, play, cap)
        except TooManyChoices as err:
            raise ScenarioError.at(("cards", card.id, "cost"), str(err)) from None

    def _explicit(self, state: TurnState, play: Play, limit: Deadline) -> list[Move[Any]]:
        """Every minimal payment of every option, each resolved (the module docstring)."""
        scenario = replace(state.scenario, play=None)
        found = scenario.state.you.find(play.object)
        assert found is not None
        obj = found[1]
        card = played_card(scenario, play)
        res = resources(scenario, card, obj.id if play.ability is None else "")
        opts = self._options(scenario, play, card, res.mana_cap())
        if not opts.legal:
            return []
        options = opts.options
        if opts.x_auto:
            # X is the largest payable on this state, as `plan` chooses it.
            chosen = plan_cast(scenario, self.config, play)
            if chosen.status != "ok" or chosen.option is None:
                return []
            options = tuple(o for o in options if o.choices.x == chosen.option.choices.x)
        header = _header(obj, card, play)
        played = (state.played | {played_mark(play.zone, obj.id)} if play.ability is None
                  else state.played)
        # Only the minimal payments, but while a card that untaps can still be cast.
        minimal = self.prune and not (self.untaps and untap_ahead(scenario))
        found_moves: dict[Hashable, Move[Any]] = {}
        for i, option in enumerate(options):
            benefit = sum(scenario.objective.benefit(n) * k for n, k in option.choices.optional
                          if n in opts.auto)
            dest = (None if card.activation is not None
                    else destination(card, option.choices.cast, option.choices.optional))
            payer = Payer(scenario, option, res, self.alone, mana=True, minimal=minimal,
                          snow=self.snowy)
            for n, (usage, left) in enumerate(payer.payments()):
                payment, _, score = name_payment(scenario, option, res, usage)
                payment = replace(payment, pool=pool_spent(res, usage, left))
                plan = plan_of(card, header, option, payment, left, score, benefit)
                objective = score - benefit
                objects, position = usage_rank(res, usage)
                cast = replace(resolved(obj.id, dest, payment, left, option, usage.snow_pool),
                               face="face_down" if option.choices.cast == "face_down" else "",
                               card=card)
                for u, after in enumerate(resolutions(scenario, cast)):
                    key = canonical(after)
                    move = Move(plan, TurnState(after, played, sid=self.sid(key),
                                                abilities=state.abilities or play.ability is not None),
                                objective, option.size,
                                (objective, option.size, objects, position, i, n, u),
                                Made(play, choices=option.choices),
                                option.choices.x or 0 if opts.x_auto else 0)
                    if key not in found_moves or move.rank < found_moves[key].rank:
                        found_moves[key] = move
        return sorted(found_moves.values(), key=lambda m: m.rank)

    def _deferred(self, state: TurnState, play: Play, limit: Deadline) -> list[Move[Any]]:
        """The moves of the deferred mode: the non-mana part of every option paid every way,
        its mana added to the ledger (the module docstring)."""
        ledger = state.ledger
        assert ledger is not None
        base = self.cheapest(ledger)
        assert base is not None, "the search reaches only states whose mana can be paid"
        scenario = state.scenario
        # What a cast does does not depend on the ledger, and its price and payment only on
        # what they read (`_reads`): worked out once for every state that reads the same, and
        # made again on each scenario (`_after`).
        played_key = _play_key(play)
        reads = self._reads(scenario, play)
        raw_key = reads if reads is not None else (state.sid, played_key)
        raw = self.raw.get(raw_key)
        if raw is None:
            raw = self.raw[raw_key] = self._raw(scenario, play)
        afters = self.afters.get((state.sid, played_key))
        if afters is None:
            afters = self.afters[(state.sid, played_key)] = [
                self._after(scenario, play, r) for r in raw]
        played = (state.played | {played_mark(play.zone, play.object)} if play.ability is None
                  else state.played)
        found_moves: dict[Hashable, Move[Any]] = {}
        epoch = len(ledger.epochs) - 1
        for r, a in zip(raw, afters):
            if a is None:
                continue
            later = ledger.need(r.plan.total_mana).arrive(a.free, a.units)
            cost = self.cheapest(later)
            if cost is None:
                continue
            objective = r.objective + cost.cost - base.cost
            rank = (objective, *r.rank[1:])
            key = (a.sid, later)
            if key not in found_moves or rank < found_moves[key].rank:
                after = TurnState(a.scenario, played, later, a.sid,
                                  state.abilities or play.ability is not None)
                found_moves[key] = Move(r.plan, after, objective,
                                        r.plan.size, rank, evolve(r.made, epoch=epoch))
        return sorted(found_moves.values(), key=lambda m: m.rank)

    def _reads(self, scenario: Scenario, play: Play) -> Hashable:
        """What a cast's price and non-mana payment read of the scenario, when the card asks
        for no non-mana cost but life (so its payment takes no object): the play, where its
        object is and how (tapped, sick), and the cards on your battlefield (the grants and
        counts that price it; the opponent's do not change in a turn). None: the card can ask
        for objects (the whole scenario is read)."""
        found = scenario.state.you.find(play.object)
        assert found is not None
        zone, obj = found
        card = scenario.cards[obj.card]
        if play.ability is not None or any(o.kind != "pay_life" or o.x for o in costs_of(card)):
            # X life: `x: auto`'s range reads your life total
            return None
        return (_play_key(play), zone, obj.card, obj.tapped, obj.sick,
                tuple(sorted(o.card for o in scenario.state.you.battlefield)),
                scenario.state.you.effects)

    def _after(self, scenario: Scenario, play: Play, r: _Raw) -> _After | None:
        """The move `r` made on `scenario`: None when its life or mill is more than there is."""
        you = scenario.state.you
        mill = sum(n for k, n in r.payment.other if k == "mill" and isinstance(n, int))
        if r.payment.life > you.life or mill > you.library:
            return None
        after = resolve(evolve(scenario, play=None),
                        resolved(play.object, r.dest, r.payment, NO_MANA, r.plan.option))
        you = after.state.you
        free = you.mana_pool  # what its effect added (Dark Ritual)
        # The units that arrived: the permanent cast, the tokens its effect made, a creature
        # a haste grant that entered reaches.
        before = {o.id: o for o in scenario.state.you.battlefield}
        units = tuple((cls, o.id) for o in you.battlefield
                      if (cls := unit_class(after, o)) is not None and (
                          o.id not in before or unit_class(scenario, before[o.id]) is None))
        after = evolve(after, state=evolve(after.state, you=evolve(you, mana_pool=NO_MANA)))
        return _After(after, self.sid(canonical(after)), free, units)

    def _raw(self, scenario: Scenario, play: Play) -> list[_Raw]:
        scenario = replace(scenario, play=None)
        found = scenario.state.you.find(play.object)
        assert found is not None
        obj = found[1]
        card = played_card(scenario, play)
        # Counts under `auto` (multikicker) up to what every unit and all the free mana of the
        # turn could pay.
        opts = self._options(scenario, play, card, self.turn_cap)
        if not opts.legal:
            return []
        header = _header(obj, card, play)
        out = []
        res: Resources | None = None
        for i, option in enumerate(opts.options):
            benefit = sum(scenario.objective.benefit(n) * k for n, k in option.choices.optional
                          if n in opts.auto)
            dest = (None if card.activation is not None
                    else destination(card, option.choices.cast, option.choices.optional))
            if option.other or option.counters_removed():  # counters removed are charged
                if res is None:
                    res = resources(scenario, card, obj.id if play.ability is None else "")
                open_res = replace(res, pool=option.mana)  # the mana is the ledger's: paid later
                payer = Payer(scenario, option, open_res, self.alone, mana=False)
                paid = [(usage, *name_payment(scenario, option, open_res, usage))
                        for usage, _ in payer.payments()]
            else:  # life at most: what `name_payment` names for no object or counter used
                paid = [(Usage(), Payment(life=option.life), NO_MANA,
                         scenario.objective.weight("life") * option.life)]
            for n, (usage, payment, _, score) in enumerate(paid):
                plan = plan_of(card, header, option, payment, NO_MANA, score, benefit)
                objects, position = 0, 0
                uses: tuple[tuple[NeedKey, tuple[str, ...]], ...] = ()
                if res is not None:
                    objects, position = usage_rank(res, usage)
                    uses = tuple((key, tuple(ref_id(res, r) for r in refs))
                                 for key, refs in usage.uses)
                out.append(_Raw(plan, dest, replace(payment, pool=NO_MANA), score - benefit,
                                (score - benefit, option.size, objects, position, i, n),
                                Made(play, choices=option.choices, uses=uses)))
        return out

    def cheapest(self, ledger: Ledger) -> Assignment | None:
        if ledger not in self.cheap:
            self.cheap[ledger] = cheapest(ledger)
        return self.cheap[ledger]


# --- Helpers ------------------------------------------------------------------------------------


def untap_ahead(scenario: Scenario) -> bool:
    """Whether a card of yours that untaps permanents (`effect.untap`) can still be cast: one in
    your hand, exile or command zone, or in your graveyard with a way to be cast from there.
    Once none can, no permanent untaps for the rest of the turn, and the minimal payments are
    enough again (`planner.mtg.payments`)."""
    you = scenario.state.you
    for zone in ("hand", "graveyard", "exile", "command"):
        for obj in you.zone(zone):
            card = scenario.cards[obj.card]
            if card.effect is None or card.effect.untap is None:
                continue
            if zone != "graveyard" or castable_from_graveyard(with_grants(scenario, card, zone)):
                return True
    return False


def resolutions(scenario: Scenario, cast: Resolved) -> list[Scenario]:
    """The scenarios `cast` can leave (`engine.mtg.stack.resolve`): one, or for a spell whose
    effect untaps ("untap up to N lands") one per choice of the permanents it untaps
    (`engine.mtg.effects.untap_choices`, in battlefield order): the planner chooses."""
    spell = spell_card(scenario, cast.object, cast.face) if cast.destination is not None else None
    if spell is None or spell.effect is None or spell.effect.untap is None:
        return [resolve(scenario, cast)]
    base = resolve(scenario, replace(cast, untap=()))
    you = base.state.you
    return [evolve(base, state=evolve(base.state, you=untapped(you, ids)))
            for ids in untap_choices(base, spell)]


def _resolved(scenario: Scenario, play: Play) -> Play:
    """A listed card play that names no zone is made from where its object is now (an earlier
    play of the turn may have moved it: a card discarded, then cast by flashback); one that
    names its zone (`from`), or an ability, as given."""
    if play.ability is not None or play.from_given:
        return play
    found = scenario.state.you.find(play.object)
    if found is None or found[0] == play.zone:
        return play
    return replace(play, zone=found[0])


def castable_from_graveyard(card: Card) -> bool:
    """Whether `card` has a way to be cast from a graveyard (702.34 flashback, an alternative
    cost with `zone: graveyard`)."""
    return card.flashback is not None or any(a.zone == "graveyard" for a in card.alternative)


def auto_play(card: Card, obj: Obj, zone: str) -> Play:
    """The `auto` candidate's play of a card: `cast: auto`, `x: auto`, every optional cost
    `auto` (a land: played as it is)."""
    if "land" in card.types:
        return Play(obj.id, zone)
    return Play(obj.id, zone, optional={name: "auto" for name in card.optional_names()})


def _play_key(play: Play) -> Hashable:
    return (play.object, play.zone, play.cast, play.x, tuple(sorted(play.optional.items())),
            play.targets, play.modes, play.ability)


def _header(obj: Obj, card: Card, play: Play) -> dict[str, str]:
    header = {"object": obj.id, "card": card.id, "from": play.zone}
    if play.ability is not None:
        header["ability"] = play.ability
    return header


def canonical(scenario: Scenario) -> Hashable:
    """The state with every zone in id order: two states that differ only in the order of a
    zone (two creatures cast in either order) have the same future (nothing but naming reads a
    zone's order, and the names are the same objects')."""
    state = scenario.state

    def player(p: Any) -> Any:
        def by_id(objects: tuple[Obj, ...]) -> tuple[Obj, ...]:
            return tuple(sorted(objects, key=lambda o: o.id))
        return evolve(p, hand=by_id(p.hand), graveyard=by_id(p.graveyard), exile=by_id(p.exile),
                       command=by_id(p.command), battlefield=by_id(p.battlefield))
    return evolve(state, you=player(state.you), opponent=player(state.opponent))


def _pay_deferred(moves: Moves, start: Scenario,
                  steps: Sequence[tuple[Candidate, Move[Any]]]
                  ) -> tuple[list[Plan], list[Scenario]]:
    """The deferred mode's `realize` (the module docstring): the cheapest assignment of the
    final ledger, split over the casts in order, each cast's payment named, scored and
    resolved from the real permanents and pool; and the scenario after each."""
    last = steps[-1][1].after
    assert isinstance(last, TurnState) and last.ledger is not None
    found = moves.cheapest(last.ledger)
    assert found is not None, "the search paid every play it made"
    # What each (epoch, kind) demand is paid with, source by source, in source order.
    pays: dict[tuple[int, int], list[list[int]]] = {}
    for i, e, k, amount in sorted(found.flows):
        pays.setdefault((e, k), []).append([i, amount])
    taken: set[str] = set()  # unit objects used so far
    plans: list[Plan] = []
    states: list[Scenario] = []
    cur = start
    for _, move in steps:
        made = move.play
        assert isinstance(made, Made)
        if made.land:
            assert isinstance(move.plan, Plan)
            plans.append(move.plan)
            cur = play_land(cur, made.play.object)
            states.append(cur)
            continue
        play = made.play
        obj_found = cur.state.you.find(play.object)
        assert obj_found is not None and made.choices is not None
        obj = obj_found[1]
        card = played_card(cur, play)
        res = resources(cur, card, obj.id if play.ability is None else "")
        opts = cast_options(cur, play, 10**3)  # as many counts as the search priced
        option = next(o for o in opts.options if o.choices == made.choices)
        assert isinstance(move.plan, Plan) and option.mana == move.plan.total_mana
        pool_spent = [0] * 7
        activations: list[tuple[int, int, int]] = []
        for k in (*KINDS, GENERIC):
            for _ in range(option.mana[k]):
                queue = pays[(made.epoch, k)]
                while not queue[0][1]:
                    queue.pop(0)
                queue[0][1] -= 1
                src = found.sources[queue[0][0]]
                kind = k if k != GENERIC else src.kinds[0]
                if not src.objects:
                    pool_spent[kind] += 1
                    continue
                # The first of its objects in state order not used yet (canonical naming).
                p = next(p for p, perm in enumerate(res.permanents)
                         if perm.obj.id in src.objects and perm.obj.id not in taken)
                taken.add(res.permanents[p].obj.id)
                perm = res.permanents[p]
                a, o = next((a, o) for a, offer in enumerate(perm.offers)
                            for o, m in enumerate(offer.ability.adds) if m[kind])
                activations.append((p, a, o))
        refs: dict[str, Ref] = {perm.obj.id: ("p", p) for p, perm in enumerate(res.permanents)}
        refs.update({held.obj.id: ("c", c) for c, held in enumerate(res.cards)})
        uses = tuple((key, tuple(refs[i] for i in ids)) for key, ids in made.uses)
        usage = Usage(tuple(sorted(activations)), uses=uses)
        payment, _, score = name_payment(cur, option, res, usage)
        spent = as_mana(pool_spent)
        pool = cur.state.you.mana_pool
        assert all(s <= p for s, p in zip(spent, pool)), "free mana is in the pool by then"
        left = as_mana([p - s for p, s in zip(pool, spent)])
        payment = replace(payment, pool=spent)
        dest = (None if card.activation is not None
                else destination(card, option.choices.cast, option.choices.optional))
        benefit = sum(cur.objective.benefit(n) * c for n, c in option.choices.optional
                      if n in opts.auto)
        plans.append(plan_of(card, _header(obj, card, play), option, payment, left, score, benefit))
        cur = resolve(cur, replace(resolved(obj.id, dest, payment, left, option), card=card))
        states.append(cur)
    return plans, states
