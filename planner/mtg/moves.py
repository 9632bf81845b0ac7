"""The turn planner's moves for `mtg/1` (`planner.turn.Moves`): the candidates of a state and
every payment of each (`shared/spec/turn-format.md`; `planner/moves.py` is payplan/1's).

**Candidates** (`auto`), in candidate order: the cards in your hand (a nonland card is cast, a
land is played, rule 305), the cards in your graveyard that can be cast from there (flashback,
an alternative cost with `zone: graveyard`), then every activated ability of your permanents
(each object in state order, each card's abilities in its order). A cast is tried with
`cast: auto`, `x: auto` and every optional cost `auto`. The candidate order is fixed on the
start state: an object keeps its place when it moves (a card cast from hand keeps its hand
place on the battlefield). A listed candidate is tried as the file gives it; `{object: ID}` for
a land in hand is a land play.

**A land play** (`engine.mtg.lands`) is one move: no payment, objective 0, size 0; the land is
on the battlefield (untapped unless `enters_tapped`) and `lands_played_this_turn` counts it.

**Moves of a cast.** A move is one cost option (`engine.mtg.options.cast_options`: each way to
cast, optional set, X and announcement; a total another beats on every part is left out, as
`plan` leaves it: its payments pay the other with mana to spare, which stays in the pool) with
one payment, named (`engine.mtg.payment.name_payment`, the one scorer) and resolved
(`engine.mtg.stack.resolve`, as `payplan play` applies a plan). With `x: auto`, X is the one
`plan_cast` chooses on the state the cast meets (the largest payable there); only that X's
options are moves. The payments are every *minimal* payment of the option's total, named
canonically (the first objects of each group of interchangeable ones, in state order: same
card, tapped, sick, value and the same eligibility for the costs; an object that is itself a
candidate, a card in hand or a permanent with an activated ability, is a group of its own):
every choice of the objects the non-mana costs take, and every set of mana abilities
activated (with the add option), creatures convoked (each with the pip it pays), artifacts
improvised and cards delved, with every split of what is left in the pool, such that

  no mana ability activated could be left out with the rest paying the same spending: its
  mana would have been left over in full (for a one-mana ability: another unit of the same
  kind floats and could take its place).

Why no other payment can do better. Mana stays in the pool between the plays of a turn, and a
mana ability charges the same whenever it is activated; what a permanent can do only shrinks
during a turn (it is tapped or leaves, never untaps; summoning sickness does not end). So take
any turn and a payment in it that activates an ability whose mana is all left over: activate
it instead within the first later payment that would run short without that mana (or never:
then the turn is cheaper), where the permanent is still untapped and there (nothing used it
in between: it was tapped), and the pools in between hold what they held less that mana,
which nothing in between spent. Every payment then has the same charges, the same plays are
legal, and the turn ranks the same or better; repeating this ends with minimal payments only.
Three exceptions are kept as moves, because the argument fails for them: an ability of a
permanent this payment also loses (sacrificed or returned by a cost: tapping it first is its
last chance, 601.2g before 601.2h, and costs nothing more when it is free), an ability whose
mana is restricted (`only_for`: it can be made only for the spell it is restricted to, and
the engine's pool keeps what is left of it unrestricted), and every convoke, improvise and
delve use (these are not mana: a creature convoked is not a unit that floats; paying with the
pool instead can strand a later play). Mana already in the pool is never "left out": which of
its kinds pays generic mana is a choice of its own, every split kept (paying {1} with the
pool's {G} can strand a later {G}). The non-mana costs are paid as the option says, with every
choice of objects up to interchangeable ones. Two payments that leave the same state (after
canonical naming) are one move, the better by `plan`'s tie-break (objective, total size,
objects used, state order).

**The mana, paid together (the deferred mode).** Where every mana ability that can be used
this turn is a *unit* (it taps for one mana of one of its kinds, sacrificing its permanent or
not, with no other cost, no restriction, no life: basic and dual lands, mana creatures that are
not sick, Treasures), nothing but the payment touches those permanents (no convoke, improvise
or delve, no cost that taps, sacrifices or returns a permanent with a mana ability, no amount
counting permanents where a unit leaves when used), and no candidate has `x: auto` (X is
chosen on the state each cast meets, which the deferred mode leaves open), a unit is one mana
that can be made at any time of the turn after its permanent is there, at its charge, and the
whole turn's mana is one assignment of units and free mana (the start pool, what a Dark Ritual
adds) to the pips of the casts: a unit or free mana pays only casts after it arrived (a land
played, a mana artifact that entered, a ritual that resolved). The search then leaves the
mana out of its states: a state is the scenario with every unit untouched and an empty pool,
and a `Ledger` of the turn's mana so far (per *epoch*, the stretch between two arrivals: what
arrived and the mana the casts in it need). A move's objective is its non-mana part plus what
its mana adds to the cheapest assignment of the ledger (`cheapest`, exact: the assignments are
the bases of a transversal matroid, and taking units in order of charge, each kept while the
chosen ones still match, is a least-charge basis), so a path's summed objective is its non-mana
charges plus the cheapest payment of all its mana; a move whose mana can't be assigned is not
made. `realize` pays the best path from the real permanents: that cheapest assignment, split
over the casts in order, each cast's payment named, scored and resolved as a move above.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Iterator, Sequence

from ...engine.discounts import Deadline
from ...engine.mtg.cards import Card, Obj, OtherCost, Play, Reduction, Scenario
from ...engine.mtg.dump import state_to_data
from ...engine.mtg.lands import land_play_reasons, play_land
from ...engine.mtg.mana import NO_MANA, TYPES, Mana, add, total
from ...engine.mtg.options import TooManyChoices, cast_options
from ...engine.mtg.payment import Payment, name_payment
from ...engine.mtg.resources import (
    Permanent,
    Resources,
    ability_scope,
    can_pay_with,
    leave_charge,
    removers,
    repeatable,
    resources,
    tap_weight_key,
)
from ...engine.mtg.stack import Resolved, resolve
from ...engine.mtg.total_cost import Choices, Priced, destination, played_card, with_grants
from ...engine.problems import ScenarioError
from ...engine.turn import Turn, candidate_key
from ..config import DEFAULT_CONFIG, SolverConfig
from ..turn import Candidate, Move, evolve
from .plan import Plan, land_plan, plan_of
from .plan import plan as plan_cast

KINDS = tuple(range(1, 7))  # W U B R G C as indices into Mana
GENERIC = 0
NeedKey = tuple[str, str, object]  # (spell | ability, kind, filter), as the model's
Ref = tuple[str, int]  # ("p", permanent index) | ("c", card index), into Resources


def _mana(values: Sequence[int]) -> Mana:
    return (values[0], values[1], values[2], values[3], values[4], values[5], values[6])


def _unit(kind: int) -> Mana:
    out = [0] * 7
    out[kind] = 1
    return _mana(out)


# --- Search states ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class UnitClass:
    """Mana units that are one and the same to a payment: the kinds one of them can make, and
    what making it charges (its tap, or its sacrifice for a Treasure)."""

    charge: int
    kinds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Epoch:
    """A stretch of the turn between two arrivals of mana (the deferred mode): what arrived as it
    began (free mana: the start pool, a ritual's; unit sources: their class and object), and the
    mana the casts made in it need (generic first, then W U B R G C)."""

    free: Mana = NO_MANA
    units: tuple[tuple[UnitClass, str], ...] = ()
    demand: Mana = NO_MANA


class Ledger:
    """The turn's mana so far (the deferred mode): its epochs, in order. Hashed once (the
    search looks it up often)."""

    __slots__ = ("epochs", "_hash")

    def __init__(self, epochs: tuple[Epoch, ...]) -> None:
        self.epochs = epochs
        self._hash = hash(epochs)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ledger) and self._hash == other._hash
                and self.epochs == other.epochs)

    def __repr__(self) -> str:
        return f"Ledger({self.epochs!r})"

    def need(self, mana: Mana) -> Ledger:
        last = self.epochs[-1]
        return Ledger(self.epochs[:-1] + (evolve(last, demand=add(last.demand, mana)),))

    def arrive(self, free: Mana, units: tuple[tuple[UnitClass, str], ...]) -> Ledger:
        if free == NO_MANA and not units:
            return self
        last = self.epochs[-1]
        if last.demand == NO_MANA:  # nothing was cast since the last arrival: the same epoch
            merged = evolve(last, free=add(last.free, free),
                             units=tuple(sorted(last.units + units)))
            return Ledger(self.epochs[:-1] + (merged,))
        return Ledger(self.epochs + (Epoch(free, tuple(sorted(units))),))


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


@dataclass(frozen=True, slots=True)
class _Usage:
    """A payment in indices into `Resources` (`engine.mtg.payment.Usage`, what the model and the
    fast path answer), for `name_payment`."""

    activations: tuple[tuple[int, int, int], ...] = ()
    convoke: tuple[tuple[int, str], ...] = ()
    improvise: tuple[int, ...] = ()
    delve: tuple[int, ...] = ()
    uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...] = ()
    life_for: tuple[tuple[str, int], ...] = ()  # never: `life_for` is refused here


def counter_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first key of counters as costs, loyalty or life_for (issue 25) a card of the file has, with
    why the turn's own payment enumeration does not plan it (its path and the one line), or
    None: `payplan turn` (and `play`'s `plays`, paid together) refuse such a file."""
    why = ("is not supported by `payplan turn` (nor `plays` paid together): counters as costs "
           "and loyalty abilities are planned one play at a time (`payplan plan`, `play`)")
    for card_id, card in scenario.cards.items():
        if card.morph is not None:  # issue 25, B3: face-down casts are planned one at a time
            return ("cards", card_id, "morph"), (
                "morph is not supported by `payplan turn` (nor `plays` paid together): cast face "
                "down and turn face up one play at a time (`payplan plan`, `play`)")
        if card.life_for:  # K'rrik (issue 25, A3): pips paid with life are planned one at a time
            return ("cards", card_id, "life_for"), (
                "life_for is not supported by `payplan turn` (nor `plays` paid together): pips "
                "paid with life are planned one play at a time (`payplan plan`, `play`)")
        for i, m in enumerate(card.mana):
            if m.counter_kinds():
                return ("cards", card_id, "mana", i, "costs"), f"remove_counters {why}"
        for i, a in enumerate(card.abilities):
            if a.remove:
                return ("cards", card_id, "abilities", i, "costs"), f"remove_counters {why}"
            if a.loyalty is not None:
                return ("cards", card_id, "abilities", i, "loyalty"), f"loyalty {why}"
        for i, g in enumerate(card.grants):
            if g.loyalty is not None:
                return ("cards", card_id, "grants", i, "loyalty"), f"loyalty {why}"
    return None


def mana_effect_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first key of issue 25's mana effects (`mana_effects`, `attached_to`) the file has,
    with why the turn's own payments do not plan it, or None: `payplan turn` (and `play`'s
    `plays`, paid together) refuse such a file."""
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


def read_elsewhere_keys(scenario: Scenario) -> tuple[tuple[str | int, ...], str] | None:
    """The first key of issue 25's group G2 the file has (an `untap` cost, `adds: untapped` or
    `adds: milled`, `library_top`), with the one line refusing it, or None: `payplan turn` (and
    `play`'s `plays`, paid together) don't plan an opponent's permanent untapped or a known
    card milled for mana."""
    why = ("is not supported by `payplan turn` (nor `plays` paid together): plan the play "
           "with `payplan plan` or `play`")
    for card_id, card in scenario.cards.items():
        for i, m in enumerate(card.mana):
            if m.reads is not None:
                return ("cards", card_id, "mana", i, "adds"), f"adds: {m.reads} {why}"
            if m.untap:
                return ("cards", card_id, "mana", i, "costs"), f"an untap cost {why}"
    for who, player in (("you", scenario.state.you), ("opponent", scenario.state.opponent)):
        if player.library_top:
            return ("state", who, "library_top"), f"library_top {why}"
    return None


class Moves:
    """`planner.turn.Moves` for `mtg/1` (see the module docstring)."""

    def __init__(self, start: Scenario, config: SolverConfig = DEFAULT_CONFIG,
                 listed: Sequence[Play] | None = None, deferred: bool | None = None,
                 prune: bool = True) -> None:
        """`listed`: the turn's candidates when the file lists them; `deferred`: False plans
        every payment as a move even where the deferred mode applies (a check of one mode
        against the other), None chooses; `prune` False tries every payment, minimal or not,
        and every twin (a check of the prunings: small turns only)."""
        refused = counter_keys(start) or mana_effect_keys(start) or read_elsewhere_keys(start)
        if refused is not None:
            raise ScenarioError.at(*refused)
        self.start = start
        self.config = config
        you = start.state.you
        # The candidate order: every object of yours in zone order, as the start state holds it.
        self.place = {obj.id: i for i, obj in enumerate(
            [*you.hand, *you.graveyard, *you.battlefield, *you.exile, *you.command])}
        self.listed = listed
        self.prune = prune
        self.deferred = deferrable(start, listed) if deferred is None else (
            deferred and deferrable(start, listed))
        mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
        self.lands_early = prune and listed is None and not _x_auto(start, None) and not any(
            "land" in start.cards[o.card].types and start.cards[o.card].grants for o in mine)
        self.cheap: dict[Ledger, _Assignment | None] = {}
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
            for o in mine if start.cards[o.card].mana]
        # Whether every cast costs at least its printed mana (`supply`): no reduction anywhere.
        objects = [o for who in (start.state.you, start.state.opponent)
                   for zone in ("hand", "graveyard", "battlefield", "exile", "command")
                   for o in who.zone(zone)]
        self.fixed_costs = not any(
            card.reductions or any(g.reduction is not None for g in card.grants)
            for card in (start.cards[o.card] for o in objects))

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
            return [Candidate(candidate_key(p.object, p.ability), (i,), (p,),
                              p.object if p.ability is None else None, i)
                    for i, p in enumerate(turn.candidates)]
        you = scenario.state.you
        out = []
        for zone in ("hand", "graveyard"):
            for obj in you.zone(zone):
                card = scenario.cards[obj.card]
                if zone == "graveyard" and not castable_from_graveyard(
                        with_grants(scenario, card, zone)):
                    continue
                out.append(Candidate(obj.id, (0, self._place(obj.id)), (auto_play(card, obj, zone),),
                                     obj.id))
        for zone in ("battlefield", "hand"):
            for obj in you.zone(zone):
                for index, ability in enumerate(scenario.cards[obj.card].abilities):
                    if ability.zone != zone:
                        continue  # a cycling ability of a permanent, a {T} one of a card in hand
                    out.append(Candidate(candidate_key(obj.id, ability.id),
                                         (1, self._place(obj.id), index),
                                         (Play(obj.id, zone, ability=ability.id),), None))
        return sorted(out, key=lambda c: c.order)

    def _place(self, object_id: str) -> int:
        return self.place.get(object_id, len(self.place))

    def supply(self, state: TurnState) -> int | None:
        """The mana the turn can still spend from this state, before what later plays add (the
        deferred mode): the ledger's free mana and units, less what its casts need. Each unit
        makes one mana (the deferred mode takes only those), so no sequence of plays from here
        spends more than this and what they add (`weight`). None outside the deferred mode, or
        where a cost can be reduced (a card's `reductions`, a grant's `reduction`: its cost
        is then not known before it is cast)."""
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
        if candidate.card_object is None:
            return None
        found = self.start.state.you.find(candidate.card_object)
        if found is None:
            return None
        card = self.start.cards[found[1].card]
        units = 1 if card.mana else 0
        if "land" in card.types:
            return 0, 0, units
        costs = [card.cost, *(c.mana for c in (card.flashback, *(a.cost for a in card.alternative))
                              if c is not None)]
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
        elif candidate.card_object is None:
            return 0  # an `auto` ability play: no optional cost of it is `auto`
        else:
            found = self.start.state.you.find(candidate.card_object)
            if found is None:
                return None
            names = list(self.start.cards[found[1].card].optional_names())
        if any(objective.benefit(n) and n in ("multikicker", "replicate") for n in names):
            return None
        return -sum(objective.benefit(n) for n in set(names))


    def moves(self, state: TurnState, candidate: Candidate, limit: Deadline) -> list[Move[Any]]:
        play = candidate.plays[0]
        scenario = state.scenario
        found = scenario.state.you.find(play.object)
        if found is None:
            return []
        zone, obj = found
        card = scenario.cards[obj.card]
        if play.ability is None and "land" in card.types:
            if self.lands_early and (state.abilities or any(
                    self._place(o) > self._place(obj.id) for o in state.played)):
                return []  # the land rule (`_land`)
            return self._land(state, obj, card)
        if state.ledger is not None:
            return self._deferred(state, play, limit)
        return self._explicit(state, play, limit)

    def key(self, state: TurnState) -> Hashable:
        return (state.sid, state.played, state.ledger, state.abilities)

    def realize(self, start: Scenario, steps: Sequence[tuple[Candidate, Move[Any]]]
                ) -> tuple[list[Plan], Scenario]:
        if not steps:
            return [], start
        if not self.deferred:
            plans = [move.plan for _, move in steps]
            assert all(isinstance(p, Plan) for p in plans)
            last = steps[-1][1].after
            assert isinstance(last, TurnState)
            return plans, last.scenario  # type: ignore[return-value]
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

    # --- twins and the universe

    def twin(self, state: TurnState, candidate: Candidate) -> Hashable:
        """Candidates with one twin key are interchangeable (`auto` only; the search tries the
        first not yet played): their objects are in the same zone with the same card, tapped,
        sick and value, played as a card or not alike, and each candidate of one is worth what
        the other's same candidate is (a card play, each ability). The state is then symmetric
        under swapping the two objects, so every turn that plays the later one has a twin that
        plays the earlier one in its place, the same in value, objective and size and earlier
        in candidate order (rule 4)."""
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
        return (zone, obj.card, obj.tapped, obj.sick, obj.value, obj.id in state.played, worth,
                play.zone, play.ability)

    def universe(self, state: TurnState, turn: Turn[Any]) -> list[Candidate]:
        """Every candidate the turn could offer (for the search's bound on the value): every
        card of yours in hand or graveyard once (of the lands in hand only the one worth most,
        one land a turn, none when a land was played), every ability of every card of yours."""
        self._values = turn.value
        if turn.candidates is not None:
            return self.candidates(state, turn)
        scenario = state.scenario
        you = scenario.state.you
        out = []
        lands = []
        for obj in [*you.hand, *you.graveyard]:
            card = scenario.cards[obj.card]
            one = Candidate(obj.id, (0, self._place(obj.id)), (), obj.id)
            if "land" not in card.types:
                out.append(one)
            elif obj in you.hand and scenario.state.lands_played_this_turn == 0:
                lands.append(one)
        if lands:
            out.append(max(lands, key=lambda c: turn.value(c.key)))
        for obj in [*you.hand, *you.graveyard, *you.battlefield]:
            for ability in scenario.cards[obj.card].abilities:
                out.append(Candidate(candidate_key(obj.id, ability.id), (1,), (), None))
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
        after_state = TurnState(after, state.played | {obj.id}, ledger, self.sid(canonical(after)),
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
        played = state.played | {obj.id} if play.ability is None else state.played
        found_moves: dict[Hashable, Move[Any]] = {}
        for i, option in enumerate(options):
            benefit = sum(scenario.objective.benefit(n) * k for n, k in option.choices.optional
                          if n in opts.auto)
            dest = (None if card.activation is not None
                    else destination(card, option.choices.cast, option.choices.optional))
            payer = _Payer(scenario, option, res, self.alone, mana=True, minimal=self.prune)
            for n, (usage, left) in enumerate(payer.payments()):
                payment, _, score = name_payment(scenario, option, res, usage)
                payment = replace(payment, pool=_pool_spent(res, usage, left))
                after = resolve(scenario, Resolved(obj.id, dest, payment, left))
                plan = plan_of(card, header, option, payment, left, score, benefit)
                objective = score - benefit
                objects, position = _usage_rank(res, usage)
                key = canonical(after)
                move = Move(plan, TurnState(after, played, sid=self.sid(key),
                                            abilities=state.abilities or play.ability is not None),
                            objective, option.size,
                            (objective, option.size, objects, position, i, n),
                            Made(play, choices=option.choices))
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
        played = state.played | {play.object} if play.ability is None else state.played
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
        if play.ability is not None or any(o.kind != "pay_life" or o.x for o in _costs_of(card)):
            # X life: `x: auto`'s range reads your life total
            return None
        return (_play_key(play), zone, obj.card, obj.tapped, obj.sick,
                tuple(sorted(o.card for o in scenario.state.you.battlefield)))

    def _after(self, scenario: Scenario, play: Play, r: _Raw) -> _After | None:
        """The move `r` made on `scenario`: None when its life or mill is more than there is."""
        you = scenario.state.you
        mill = sum(n for k, n in r.payment.other if k == "mill" and isinstance(n, int))
        if r.payment.life > you.life or mill > you.library:
            return None
        after = resolve(evolve(scenario, play=None),
                        Resolved(play.object, r.dest, r.payment, NO_MANA))
        you = after.state.you
        free = you.mana_pool  # what its effect added (Dark Ritual)
        units: tuple[tuple[UnitClass, str], ...] = ()
        if r.dest == "battlefield":
            entered = next(o for o in you.battlefield if o.id == play.object)
            cls = unit_class(after, entered)
            if cls is not None:
                units = ((cls, play.object),)
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
            if option.other:
                if res is None:
                    res = resources(scenario, card, obj.id if play.ability is None else "")
                open_res = replace(res, pool=option.mana)  # the mana is the ledger's: paid later
                payer = _Payer(scenario, option, open_res, self.alone, mana=False)
                paid = [(usage, *name_payment(scenario, option, open_res, usage))
                        for usage, _ in payer.payments()]
            else:  # life at most: what `name_payment` names for no object used
                paid = [(_Usage(), Payment(life=option.life), NO_MANA,
                         scenario.objective.weight("life") * option.life)]
            for n, (usage, payment, _, score) in enumerate(paid):
                plan = plan_of(card, header, option, payment, NO_MANA, score, benefit)
                objects, position = 0, 0
                uses: tuple[tuple[NeedKey, tuple[str, ...]], ...] = ()
                if res is not None:
                    objects, position = _usage_rank(res, usage)
                    uses = tuple((key, tuple(_ref_id(res, r) for r in refs))
                                 for key, refs in usage.uses)
                out.append(_Raw(plan, dest, replace(payment, pool=NO_MANA), score - benefit,
                                (score - benefit, option.size, objects, position, i, n),
                                Made(play, choices=option.choices, uses=uses)))
        return out

    def cheapest(self, ledger: Ledger) -> _Assignment | None:
        if ledger not in self.cheap:
            self.cheap[ledger] = cheapest(ledger)
        return self.cheap[ledger]


# --- Helpers ------------------------------------------------------------------------------------


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


def _made(res: Resources, usage: _Usage) -> Mana:
    out = NO_MANA
    for p, a, k in usage.activations:
        out = add(out, res.permanents[p].offers[a].ability.adds[k])
    return out


def _pool_spent(res: Resources, usage: _Usage, left: Mana) -> Mana:
    """What the payment took from the pool: of each kind consumed, the pool's first (as
    `name_payment` reports it), for the mana `left` over."""
    made = _made(res, usage)
    return _mana([min(p, p + m - lft) if i else 0
                  for i, (p, m, lft) in enumerate(zip(res.pool, made, left))])


def _refs(usage: _Usage) -> tuple[set[int], set[int]]:
    perms = {p for p, _, _ in usage.activations} | {p for p, _ in usage.convoke}
    perms |= set(usage.improvise)
    cards = set(usage.delve)
    for _, refs in usage.uses:
        for kind, i in refs:
            (perms if kind == "p" else cards).add(i)
    return perms, cards


def _usage_rank(res: Resources, usage: _Usage) -> tuple[int, int]:
    """`plan`'s last tie-breaks: the objects used, and their state-order positions summed."""
    perms, cards = _refs(usage)
    position = sum(res.permanents[p].position for p in perms)
    position += sum(len(res.permanents) + res.cards[c].position for c in cards)
    return len(perms) + len(cards), position


def _ref_id(res: Resources, ref: Ref) -> str:
    kind, i = ref
    return res.permanents[i].obj.id if kind == "p" else res.cards[i].obj.id


# --- The deferred mode: when it applies, and its units -------------------------------------------

TAKES_PERMANENT = ("sacrifice", "return_to_hand", "tap_untapped")


def _simple(ability: Any) -> bool:
    """A unit's mana ability: {T} (and sacrificing itself, or not) for one mana of one of its
    kinds, nothing else."""
    return (ability.tap and not ability.life and not ability.mana.symbols and not ability.other
            and ability.only_for is None and ability.per is None
            and all(total(m) == 1 for m in ability.adds))


def unit_class(scenario: Scenario, obj: Obj) -> UnitClass | None:
    """The unit `obj` (a permanent of yours) is now, or None when none of its mana abilities can
    be activated (tapped, or a summoning-sick creature) or it has none."""
    card = scenario.cards[obj.card]
    usable = [a for a in card.mana
              if not (a.tap and (obj.tapped or (obj.sick and "creature" in card.types)))]
    if not usable:
        return None
    assert all(_simple(a) for a in usable), "the deferred mode takes units only"
    from ...engine.mtg.resources import tap_weight_key

    charges = {leave_charge(scenario, "sacrifice", obj) if a.sacrifice_self
               else scenario.objective.weight(tap_weight_key(card)) for a in usable}
    assert len(charges) == 1, "the deferred mode takes units of one charge only"
    kinds = sorted({k for a in usable for m in a.adds for k in KINDS if m[k]})
    return UnitClass(charges.pop(), tuple(kinds))


def _costs_of(card: Card) -> Iterator[OtherCost]:
    """Every non-mana cost part the card can ask for, as a spell or through its abilities."""
    for cost in (card.flashback, card.multikicker, card.replicate, card.buyback, *card.kicker,
                 *(a.cost for a in card.alternative), *(a.cost for a in card.additional)):
        if cost is not None:
            yield from cost.other
    for ability in card.abilities:
        yield from ability.cost.other


def deferrable(scenario: Scenario, listed: Sequence[Play] | None) -> bool:
    """Whether the turn's mana can be paid together (the module docstring's deferred mode)."""
    you = scenario.state.you
    mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
    on_board = {o.id for o in you.battlefield}
    units_leave = False
    counts = False
    for obj in mine:
        card = scenario.cards[obj.card]
        if card.convoke or card.delve or card.improvise:
            return False
        if any(o.kind in TAKES_PERMANENT for o in _costs_of(card)):
            return False
        if card.mana and any(a.tap or a.sacrifice_self for a in card.abilities):
            return False  # its own {T} or sacrifice would compete with its mana
        # A creature's {T} abilities are dead this turn unless it is on the battlefield and
        # not summoning sick (one that enters is sick).
        live = [a for a in card.mana if not (a.tap and "creature" in card.types
                                             and (obj.id not in on_board or obj.sick))]
        if not all(_simple(a) for a in live):
            return False
        if len({a.sacrifice_self for a in live}) > 1:
            return False
        units_leave = units_leave or any(a.sacrifice_self for a in live)
        counts = counts or any(_counted(r) for r in card.reductions) or any(
            g.reduction is not None and _counted(g.reduction) for g in card.grants)
    if units_leave and counts:
        return False  # a Treasure used would leave the count it is in
    return not _x_auto(scenario, listed)  # X is chosen on the state the play meets


def _counted(r: Reduction) -> bool:
    """Whether a reduction's amount counts objects (of the board, or the spell's targets): its
    generic amount or a counted color key (Khalni Hydra)."""
    return r.generic.count is not None or r.generic.count_targets is not None or bool(
        r.colored_counts)


def _x_auto(scenario: Scenario, listed: Sequence[Play] | None) -> bool:
    """Whether a candidate may have `x: auto` and an {X} to choose."""
    you = scenario.state.you
    mine = [*you.hand, *you.graveyard, *you.exile, *you.command, *you.battlefield]
    # Any ability of a card of yours may be played (`auto`: it may enter this turn first).
    plays = listed if listed is not None else [Play(o.id, "hand") for o in mine] + [
        Play(o.id, a.zone, ability=a.id) for o in mine
        for a in scenario.cards[o.card].abilities]
    for play in plays:
        found = you.find(play.object)
        if found is None or play.x is not None:
            continue
        card = scenario.cards[found[1].card]
        if play.ability is not None:
            ability = next((a for a in card.abilities if a.id == play.ability), None)
            if ability is not None and ability.cost.has_x:
                return True
        elif card.has_x():
            return True
    return False


# --- Payments: every minimal payment of one option ------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Need:
    """A non-mana cost to pay with objects: the spell's (a fixed count) or a mana ability's (its
    activations decide how many); whether it taps its objects (else it takes them)."""

    key: NeedKey
    part: OtherCost
    count: int | None
    tap: bool


@dataclass(frozen=True, slots=True)
class _Profile:
    """What one object does in a payment. A permanent: the mana ability it activates (one
    (offer, option), or several alternatives of one cost when `wild`: a one-mana ability whose
    kind the flow picks), what else taps it (convoke with the pip it pays, improvise, a tap
    cost), the cost that takes it, and its repeatable abilities' activations. A card: delved
    (`taph`) or taken by a cost."""

    mana: tuple[tuple[int, int], ...] = ()
    wild: bool = False
    taph: tuple[str, object] | None = None
    lose: int | None = None
    repeats: tuple[tuple[int, int, int], ...] = ()  # (offer, option or -1: wild, times)


@dataclass(frozen=True, slots=True)
class _Supply:
    """Mana made at once: the pool, or one explicit activation (`times` over)."""

    made: Mana
    restricted: bool = False
    activation: tuple[int, int, int] | None = None  # (permanent, offer, option)
    times: int = 1
    exempt: bool = True  # never left out (the pool; an object lost to the payment; restricted)
    # Ordered: its ability costs mana, or it is a remover (`_Payer.removers`): its mana pays
    # later filters' costs only.
    filter: bool = False


@dataclass(frozen=True, slots=True)
class _Unit:
    """A supply that pays one pip: a one-mana ability (`kinds`), convoke, improvise, delve."""

    use: str  # wild | convoke | improvise | delve
    ref: int  # permanent (or card, for delve) index
    kinds: tuple[int, ...] = ()  # wild: what it can make; convoke: its pip's kind (() for {1})
    alternatives: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class _Demand:
    """Mana to pay: the spell's pips of one kind or its generic mana (`owner` -1), or part of a
    filter ability's cost (`owner`: the supply index); `accepts` None: any kind."""

    owner: int
    accepts: frozenset[int] | None
    count: int


class _Payer:
    """Every minimal payment of one option from `res` (the module docstring), or with
    `mana=False` (the deferred mode) every way to pay its non-mana costs only."""

    def __init__(self, scenario: Scenario, option: Priced, res: Resources,
                 alone: frozenset[str], mana: bool, minimal: bool = True) -> None:
        self.scenario = scenario
        self.minimal = minimal
        self.option = option
        self.res = res
        self.with_mana = mana
        self.mill = sum(o.count for o in option.other if o.kind == "mill")
        needs: dict[NeedKey, _Need] = {}
        for o in option.other:
            if o.kind == "mill":
                continue
            key: NeedKey = ("spell", o.kind, o.filter)
            had = needs.get(key)
            needs[key] = _Need(key, o, (had.count or 0) + o.count if had else o.count,
                               o.kind == "tap_untapped")
        # A remover (`engine.mtg.payment.removers`) takes its objects under a need of its own
        # (`ability_scope`, as in the model): its mana is an ordered supply, after every
        # ordered supply of what it removes (601.2g).
        self.removers = removers(scenario, res) if mana else frozenset()
        if mana:
            for p, perm in enumerate(res.permanents):
                for a, offer in enumerate(perm.offers):
                    for part in offer.ability.other:
                        key = (ability_scope(p, a) if (p, a) in self.removers else "ability",
                               part.kind, part.filter)
                        if key not in needs and part.kind != "mill":
                            needs[key] = _Need(key, part, None, part.kind == "tap_untapped")
        self.needs = list(needs.values())
        self.index = {n.key: i for i, n in enumerate(self.needs)}
        self.budget = total(option.mana) + sum(
            max([len(o.ability.mana.symbols) + total(o.ability.mana.plain())
                 for o in perm.offers] + [0]) * max([1, *(o.repeats for o in perm.offers
                                                          if repeatable(o.ability))])
            for perm in res.permanents)
        if not minimal:
            self.budget = 10**6  # every payment: as many mana abilities as there are
        # Groups of interchangeable objects, each with what one of them may do.
        groups: dict[Hashable, list[tuple[str, int]]] = {}
        sign: Hashable
        for p, perm in enumerate(res.permanents):
            eligible = tuple(self._eligible_perm(perm, n) for n in self.needs)
            sign = ("p", perm.obj.card, perm.obj.tapped, perm.obj.sick, perm.obj.value,
                    eligible, perm.obj.id if perm.obj.id in alone else None)
            groups.setdefault(sign, []).append(("p", p))
        for c, held in enumerate(res.cards):
            eligible = tuple(can_pay_with(scenario, n.part, held.obj, held.zone) for n in self.needs)
            sign = ("c", held.zone, held.obj.card, held.obj.value, eligible,
                    held.obj.id if held.obj.id in alone else None)
            groups.setdefault(sign, []).append(("c", c))
        self.groups: list[tuple[list[tuple[str, int]], list[_Profile]]] = []
        for members in groups.values():
            kind, first = members[0]
            profiles = (self._perm_profiles(first) if kind == "p" else self._card_profiles(first))
            if profiles:
                self.groups.append((members, profiles + [_Profile()]))  # the idle one last

    def _eligible_perm(self, perm: Permanent, need: _Need) -> bool:
        if not can_pay_with(self.scenario, need.part, perm.obj, "battlefield"):
            return False
        return perm.can_tap if need.tap else True

    def _perm_profiles(self, p: int) -> list[_Profile]:
        perm = self.res.permanents[p]
        mana: list[tuple[tuple[tuple[int, int], ...], bool]] = [((), False)]
        repeat_keys: list[tuple[int, int]] = []  # (offer, option or -1: one mana, kind open)
        if self.with_mana:
            wild: dict[tuple[object, ...], list[tuple[int, int]]] = {}
            for a, offer in enumerate(perm.offers):
                ab = offer.ability
                one = (all(total(m) == 1 for m in ab.adds) and not ab.mana.symbols
                       and not offer.restricted and (p, a) not in self.removers)
                if repeatable(ab):
                    repeat_keys += [(a, -1)] if one else [(a, k) for k in range(len(ab.adds))]
                    continue
                if one:
                    wild.setdefault((ab.tap, ab.sacrifice_self, ab.life, ab.other), []).extend(
                        (a, k) for k in range(len(ab.adds)))
                mana += [(((a, k),), False) for k in range(len(ab.adds))]
            mana += [(tuple(alts), True) for alts in wild.values()]
        taps: list[tuple[str, object] | None] = [None]
        if self.with_mana and perm.convoker:
            taps += [("convoke", c) for c in (*[c for c in "WUBRG" if c in perm.convoke], "1")]
        if self.with_mana and perm.improviser:
            taps.append(("improvise", None))
        loses: list[int | None] = [None]
        for i, need in enumerate(self.needs):
            if need.part.kind in ("discard", "exile_from_hand", "exile_from_graveyard"):
                continue
            if not self._eligible_perm(perm, need):
                continue
            if need.tap:
                taps.append(("tap", i))
            else:
                loses.append(i)
        repeats: list[tuple[tuple[int, int, int], ...]] = [()]
        if repeat_keys:
            top = min(max(perm.offers[a].repeats for a, _ in repeat_keys), self.budget)
            for counts in _compositions(len(repeat_keys), top):
                if sum(counts):
                    repeats.append(tuple((a, k, n) for (a, k), n in zip(repeat_keys, counts) if n))
        out = []
        for (alts, is_wild), taph, lose, rep in itertools.product(mana, taps, loses, repeats):
            profile = _Profile(alts, is_wild, taph, lose, rep)
            if profile != _Profile() and self._valid(perm, profile):
                out.append(profile)
        return out

    def _valid(self, perm: Permanent, profile: _Profile) -> bool:
        """The model's rules for one permanent (`planner.mtg.model`): tapped at most once, lost
        at most once, not tapped in 601.2h after a mana ability sacrificed it; a one-mana
        ability named with its kind only where it is never left out."""
        lost_for_mana = (profile.lose is not None
                         and self.needs[profile.lose].key[0].startswith("ability"))
        if profile.mana:
            offer = perm.offers[profile.mana[0][0]]
            ab = offer.ability
            if ab.tap and profile.taph is not None:
                return False
            if ab.sacrifice_self and (profile.lose is not None or profile.taph is not None):
                return False
            if self.minimal and not profile.wild and not offer.restricted and (
                    profile.lose is None) and all(total(m) == 1 for m in ab.adds) and (
                    not ab.mana.symbols):
                return False  # the wild profile pays it; named only when kept though unused
        if lost_for_mana and profile.taph is not None:
            return False
        if profile.wild and profile.lose is not None:
            return False  # named with its kind: its mana may be left over (the docstring)
        return True

    def _card_profiles(self, c: int) -> list[_Profile]:
        held = self.res.cards[c]
        out = []
        if self.with_mana and self.res.delve and held.zone == "graveyard":
            out.append(_Profile(taph=("delve", None)))
        for i, need in enumerate(self.needs):
            if can_pay_with(self.scenario, need.part, held.obj, held.zone):
                out.append(_Profile(lose=i))
        return out

    # --- the search over profiles

    def _paying(self, p: int | None, profile: _Profile) -> int:
        """How many pips this profile must pay at least (each use not left out pays one)."""
        n = 0
        if profile.mana and p is not None:
            offer = self.res.permanents[p].offers[profile.mana[0][0]]
            if profile.lose is None and not offer.restricted:
                n += 1
        if profile.taph is not None and profile.taph[0] in ("convoke", "improvise", "delve"):
            n += 1
        return n + sum(times for _, _, times in profile.repeats)

    def payments(self) -> Iterator[tuple[_Usage, Mana]]:
        if self.mill > self.res.library:
            return
        spell_counts = [n.count if n.count is not None else -1 for n in self.needs]
        chosen: list[list[tuple[tuple[str, int], _Profile]]] = []

        def go(g: int, filled: list[int], paying: int) -> Iterator[tuple[_Usage, Mana]]:
            if g == len(self.groups):
                if all(c < 0 or f == c for f, c in zip(filled, spell_counts)):
                    yield from self._leaf([x for part in chosen for x in part])
                return
            members, profiles = self.groups[g]
            idle = len(profiles) - 1
            kind = members[0][0]
            for combo in itertools.combinations_with_replacement(range(len(profiles)), len(members)):
                used = [(members[j], profiles[i]) for j, i in enumerate(combo) if i != idle]
                more = sum(self._paying(ref[1] if kind == "p" else None, prof)
                           for ref, prof in used)
                if paying + more > self.budget:
                    continue
                now = list(filled)
                for _, prof in used:
                    if prof.lose is not None:
                        now[prof.lose] += 1
                    if prof.taph is not None and prof.taph[0] == "tap":
                        now[int(prof.taph[1])] += 1  # type: ignore[call-overload]
                if any(c >= 0 and f > c for f, c in zip(now, spell_counts)):
                    continue
                chosen.append(used)
                yield from go(g + 1, now, paying + more)
                chosen.pop()

        yield from go(0, [0] * len(self.needs), 0)

    def _leaf(self, used: list[tuple[tuple[str, int], _Profile]]) -> Iterator[tuple[_Usage, Mana]]:
        res = self.res
        # The abilities' non-mana costs: exactly what the activations ask for.
        asked = [0] * len(self.needs)
        life = self.option.life
        for (kind, i), prof in used:
            if kind != "p":
                continue
            perm = res.permanents[i]
            acts = [(a, 1) for a, _ in prof.mana[:1]] + [(a, n) for a, _, n in prof.repeats]
            for a, times in acts:
                ab = perm.offers[a].ability
                life += ab.life * times
                scope = ability_scope(i, a) if (i, a) in self.removers else "ability"
                for part in ab.other:
                    if part.kind != "mill":
                        asked[self.index[(scope, part.kind, part.filter)]] += part.count * times
        filled = [0] * len(self.needs)
        for _, prof in used:
            if prof.lose is not None:
                filled[prof.lose] += 1
            if prof.taph is not None and prof.taph[0] == "tap":
                filled[int(prof.taph[1])] += 1  # type: ignore[call-overload]
        for i, need in enumerate(self.needs):
            if need.count is None and filled[i] != asked[i]:
                return
        if life > res.life:
            return
        uses = self._uses(used)
        if not self.with_mana:
            yield _Usage(uses=uses), NO_MANA
            return
        yield from self._mana(used, uses)

    def _uses(self, used: list[tuple[tuple[str, int], _Profile]]) -> tuple[tuple[NeedKey, tuple[Ref, ...]], ...]:
        out = []
        for i, need in enumerate(self.needs):
            refs: list[Ref] = []
            for ref, prof in used:
                if prof.lose == i or prof.taph == ("tap", i):
                    refs.append(ref)
            if refs or need.count is not None:
                out.append((need.key, tuple(sorted(refs))))
        return tuple(out)

    # --- the mana

    def _mana(self, used: list[tuple[tuple[str, int], _Profile]],
              uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...]) -> Iterator[tuple[_Usage, Mana]]:
        res = self.res
        supplies = [_Supply(res.pool)]
        units: list[_Unit] = []
        for (kind, i), prof in used:
            if kind == "c":
                if prof.taph is not None:
                    units.append(_Unit("delve", i))
                continue
            perm = res.permanents[i]
            if prof.mana and prof.wild:
                kinds = sorted({k for a, o in prof.mana for k in KINDS
                                if perm.offers[a].ability.adds[o][k]})
                units.append(_Unit("wild", i, tuple(kinds), prof.mana))
            elif prof.mana:
                (a, o), = prof.mana
                offer = perm.offers[a]
                supplies.append(_Supply(offer.ability.adds[o], offer.restricted, (i, a, o), 1,
                                        exempt=offer.restricted or prof.lose is not None,
                                        filter=bool(offer.ability.mana.symbols)
                                        or (i, a) in self.removers))
            for a, o, times in prof.repeats:
                offer = perm.offers[a]
                if o < 0:  # one mana a time, its kind open: a unit per activation
                    alts = tuple((a, k) for k in range(len(offer.ability.adds)))
                    made = tuple(sorted({k for m in offer.ability.adds for k in KINDS if m[k]}))
                    units += [_Unit("wild", i, made, alts)] * times
                    continue
                supplies.append(_Supply(offer.ability.adds[o], offer.restricted, (i, a, o), times,
                                        exempt=offer.restricted,
                                        filter=bool(offer.ability.mana.symbols)
                                        or (i, a) in self.removers))
            if prof.taph is not None and prof.taph[0] == "convoke":
                c = str(prof.taph[1])
                units.append(_Unit("convoke", i, () if c == "1" else (1 + TYPES.index(c),)))
            if prof.taph is not None and prof.taph[0] == "improvise":
                units.append(_Unit("improvise", i))
        free = [0] * 7
        for sup in supplies:
            for k in KINDS:
                free[k] += sup.made[k] * sup.times
        demands = self._demands(supplies)
        need = sum(d.count for d in demands)
        spend = need - len(units)
        if spend < 0 or spend > sum(free):
            return
        filters = [j for j, sup in enumerate(supplies) if sup.filter]
        orders = list(itertools.permutations(filters)) if len(filters) > 1 else [tuple(filters)]
        if self.removers:
            pairs = self._removals(supplies, used)
            orders = [o for o in orders if all(o.index(v) < o.index(r) for v, r in pairs)]
            if not orders:
                return
        for left in _leftovers(free, sum(free) - spend):
            caps = [f - lft for f, lft in zip(free, left)]
            flows = None
            for order in orders:
                flows = _pays(supplies, units, demands, caps, order, True)
                if flows is not None:
                    break
            if flows is None or (self.minimal
                                 and self._removable(supplies, units, left, caps, orders)):
                continue
            yield self._usage(supplies, units, flows, uses), _mana(left)

    def _removals(self, supplies: list[_Supply], used: list[tuple[tuple[str, int], _Profile]]
                  ) -> list[tuple[int, int]]:
        """The (victim, remover) pairs of ordered supplies an order must keep: each remover's
        supplies after the ordered supplies of each permanent its cost removes (a permanent
        gone can't be activated, 601.2g)."""
        ordered = {j: (sup.activation[0], ability_scope(*sup.activation[:2]))
                   for j, sup in enumerate(supplies) if sup.filter and sup.activation is not None}
        pairs = []
        for ref, prof in used:
            if ref[0] != "p" or prof.lose is None:
                continue
            scope = self.needs[prof.lose].key[0]
            victims = [j for j, (p, _) in ordered.items() if p == ref[1]]
            pairs += [(v, r) for r, (_, s) in ordered.items() if s == scope
                      for v in victims if v != r]
        return pairs

    def _demands(self, supplies: list[_Supply]) -> list[_Demand]:
        out = [_Demand(-1, frozenset({k}), self.option.mana[k]) for k in KINDS if self.option.mana[k]]
        if self.option.mana[GENERIC]:
            out.append(_Demand(-1, None, self.option.mana[GENERIC]))
        for j, sup in enumerate(supplies):
            if not sup.filter or sup.activation is None:
                continue
            p, a, _ = sup.activation
            parts: dict[frozenset[int] | None, int] = {}
            for sym in self.res.permanents[p].offers[a].ability.mana.symbols:
                if sym.kind == "generic":
                    parts[None] = parts.get(None, 0) + sym.amount * sup.times
                else:
                    accepts = frozenset(1 + TYPES.index(c) for c in sym.colors)
                    parts[accepts] = parts.get(accepts, 0) + sup.times
            out += [_Demand(j, accepts, n) for accepts, n in parts.items() if n]
        return out

    def _removable(self, supplies: list[_Supply], units: list[_Unit], left: Sequence[int],
                   caps: Sequence[int], orders: list[tuple[int, ...]]) -> bool:
        """Whether a mana ability of the payment could be left out, the rest paying the same
        spending with its mana left over (the minimality of the module docstring)."""
        for j, sup in enumerate(supplies):
            if sup.exempt or any(left[k] < sup.made[k] for k in KINDS):
                continue
            fewer = list(supplies)
            if sup.times > 1:
                fewer[j] = replace(sup, times=sup.times - 1)
                rest = fewer
            else:
                rest = fewer[:j] + fewer[j + 1:]
            demands = self._demands(rest)
            kept = [tuple(x if x < j else x - 1 for x in o if x != j) if sup.times == 1 else o
                    for o in orders]
            if any(_pays(rest, units, demands, caps, order, False) is not None
                   for order in dict.fromkeys(kept)):
                return True
        for u, unit in enumerate(units):
            if unit.use != "wild":
                continue
            rest_units = units[:u] + units[u + 1:]
            demands = self._demands(supplies)
            for k in unit.kinds:
                if left[k] < 1:
                    continue
                more = list(caps)
                more[k] += 1
                if any(_pays(supplies, rest_units, demands, more, order, False) is not None
                       for order in orders):
                    return True
        return False

    def _usage(self, supplies: list[_Supply], units: list[_Unit],
               flows: dict[int, tuple[int, ...]], uses: tuple[tuple[NeedKey, tuple[Ref, ...]], ...]
               ) -> _Usage:
        res = self.res
        activations: list[tuple[int, int, int]] = []
        for sup in supplies:
            if sup.activation is not None:
                activations += [sup.activation] * sup.times
        convoke, improvise, delve = [], [], []
        demands = self._demands(supplies)
        for u, unit in enumerate(units):
            if unit.use == "wild":
                d = demands[flows[u][0]]
                kinds = [k for k in unit.kinds if d.accepts is None or k in d.accepts]
                kind = kinds[0]
                perm = res.permanents[unit.ref]
                a, o = next((a, o) for a, o in unit.alternatives
                            if perm.offers[a].ability.adds[o][kind])
                activations.append((unit.ref, a, o))
            elif unit.use == "convoke":
                convoke.append((unit.ref, "1" if not unit.kinds else TYPES[unit.kinds[0] - 1]))
            elif unit.use == "improvise":
                improvise.append(unit.ref)
            else:
                delve.append(unit.ref)
        return _Usage(tuple(sorted(activations)), tuple(sorted(convoke)), tuple(sorted(improvise)),
                      tuple(sorted(delve)), uses)


def _compositions(parts: int, top: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of `parts` counts summing to at most `top`."""
    if parts == 0:
        yield ()
        return
    for first in range(top + 1):
        for rest in _compositions(parts - 1, top - first):
            yield (first, *rest)


def _leftovers(free: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every vector of mana kinds within `free` of `size` units in all (generic 0)."""
    def go(k: int, room: int) -> Iterator[list[int]]:
        if k == 7:
            if room == 0:
                yield []
            return
        rest = sum(free[k + 1:])
        for n in range(min(free[k], room), -1, -1):
            if room - n <= rest:
                for tail in go(k + 1, room - n):
                    yield [n, *tail]

    for tail in go(1, size):
        yield (0, *tail)


def _pays(supplies: Sequence[_Supply], units: Sequence[_Unit], demands: Sequence[_Demand],
          caps: Sequence[int], order: tuple[int, ...], exact: bool
          ) -> dict[int, tuple[int, ...]] | None:
    """Whether the supplies pay every demand, spending at most `caps[k]` of each kind of their
    mana (`exact`: exactly, every unit used), filters fed only by earlier ones in `order`; the
    demands each unit paid (by index), or None."""
    found = _pays_shaped(tuple((s.made, s.times, s.restricted, s.filter) for s in supplies),
                         tuple((u.use, u.kinds) for u in units), tuple(demands), tuple(caps),
                         order, exact)
    return None if found is None else dict(enumerate(found))


@functools.lru_cache(maxsize=1 << 16)
def _pays_shaped(supplies: tuple[tuple[Mana, int, bool, bool], ...],
                 units: tuple[tuple[str, tuple[int, ...]], ...], demands: tuple[_Demand, ...],
                 caps: tuple[int, ...], order: tuple[int, ...], exact: bool
                 ) -> tuple[tuple[int, ...], ...] | None:
    """`_pays` on what decides it (which objects they are does not): memoised, as many
    payments of a turn have the same shape."""
    rank = {j: r for r, j in enumerate(order)}
    net = _Net()
    source, sink = net.node(), net.node()
    kind_node = {}
    for k in KINDS:
        if caps[k] > 0:
            kind_node[k] = net.node()
            net.edge(source, kind_node[k], caps[k])
    demand_node = [net.node() for _ in demands]
    for d, dem in enumerate(demands):
        net.edge(demand_node[d], sink, dem.count)
    for j, (made, times, restricted, is_filter) in enumerate(supplies):
        for k in KINDS:
            amount = made[k] * times
            if not amount or k not in kind_node:
                continue
            node = net.node()
            net.edge(kind_node[k], node, amount)
            for d, dem in enumerate(demands):
                if dem.accepts is not None and k not in dem.accepts:
                    continue
                if dem.owner >= 0:
                    if restricted or dem.owner == j:
                        continue
                    if is_filter and not rank.get(j, -1) < rank.get(dem.owner, -1):
                        continue
                net.edge(node, demand_node[d], amount)
    unit_edges: list[list[tuple[int, int]]] = []
    for use, kinds in units:
        node = net.node()
        net.edge(source, node, 1)
        mine = []
        for d, dem in enumerate(demands):
            if use == "wild":
                ok = dem.accepts is None or bool(set(kinds) & dem.accepts)
            elif use == "convoke" and kinds:
                ok = dem.owner < 0 and dem.accepts == frozenset(kinds)
            else:  # convoke for {1}, improvise, delve: the spell's generic mana
                ok = dem.owner < 0 and dem.accepts is None
            if ok:
                mine.append((d, net.edge(node, demand_node[d], 1)))
        unit_edges.append(mine)
    need = sum(dem.count for dem in demands)
    if net.flow(source, sink) != need:
        return None
    out: list[tuple[int, ...]] = []
    for mine in unit_edges:
        paid = tuple(d for d, e in mine if net.used(e))
        if exact and not paid:
            return None
        out.append(paid)
    return tuple(out)


class _Net:
    """A small flow network (augmenting paths, breadth first)."""

    def __init__(self) -> None:
        self.adj: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []
        self.base: list[int] = []

    def node(self) -> int:
        self.adj.append([])
        return len(self.adj) - 1

    def edge(self, u: int, v: int, cap: int) -> int:
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(cap)
        self.base.append(cap)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)
        self.base.append(0)
        return len(self.to) - 2

    def used(self, e: int) -> bool:
        return self.cap[e] < self.base[e]

    def flow(self, s: int, t: int) -> int:
        total_flow = 0
        while True:
            parent = [-1] * len(self.adj)
            parent[s] = -2
            queue = [s]
            for u in queue:
                if u == t:
                    break
                for e in self.adj[u]:
                    v = self.to[e]
                    if self.cap[e] > 0 and parent[v] == -1:
                        parent[v] = e
                        queue.append(v)
            if parent[t] == -1:
                return total_flow
            push = None
            v = t
            while v != s:
                e = parent[v]
                push = self.cap[e] if push is None else min(push, self.cap[e])
                v = self.to[e ^ 1]
            assert push is not None
            v = t
            while v != s:
                e = parent[v]
                self.cap[e] -= push
                self.cap[e ^ 1] += push
                v = self.to[e ^ 1]
            total_flow += push


# --- The deferred mode: the cheapest assignment of the turn's mana --------------------------------


@dataclass(frozen=True, slots=True)
class _Source:
    """Mana of one kind that arrived in one epoch for free, or units of one class that did."""

    epoch: int
    charge: int
    kinds: tuple[int, ...]
    count: int
    objects: tuple[str, ...] = ()  # a unit class: its permanents (none: free mana)


@dataclass(frozen=True, slots=True)
class _Assignment:
    """The cheapest assignment of a ledger's mana: its charge, the sources, and how much each
    source pays of each (epoch, kind) demand (kind 0: generic)."""

    cost: int
    sources: tuple[_Source, ...]
    flows: tuple[tuple[int, int, int, int], ...]  # (source, epoch, kind, amount)


def cheapest(ledger: Ledger) -> _Assignment | None:
    """The least-charge assignment of units and free mana to the ledger's demands, a source
    paying only demands of its epoch or later; None when there is none.

    Exact: the sets of sources that can be matched into the demands are the independent sets
    of a transversal matroid, and an assignment covers the demands exactly when its sources are
    a basis of the demands' size. Sources taken cheapest first (free mana, then units by
    charge), each kept as far as the matched ones stay matched (max-flow augmenting: a source
    once matched stays matched), give a least-charge basis: the matroid greedy."""
    sources: list[_Source] = []
    for e, epoch in enumerate(ledger.epochs):
        for k in KINDS:
            if epoch.free[k]:
                sources.append(_Source(e, 0, (k,), epoch.free[k]))
        by_class: dict[UnitClass, list[str]] = {}
        for cls, obj in epoch.units:
            by_class.setdefault(cls, []).append(obj)
        for cls, objects in by_class.items():
            sources.append(_Source(e, cls.charge, cls.kinds, len(objects), tuple(objects)))
    sources.sort(key=lambda s: (s.charge, s.epoch, s.kinds))
    net = _Net()
    source, sink = net.node(), net.node()
    demand_nodes: list[tuple[int, int, int]] = []  # (epoch, kind, node)
    need = 0
    for e, epoch in enumerate(ledger.epochs):
        for k in range(7):
            if epoch.demand[k]:
                node = net.node()
                net.edge(node, sink, epoch.demand[k])
                demand_nodes.append((e, k, node))
                need += epoch.demand[k]
    cost = 0
    flowed = 0
    edges: list[tuple[int, int, int, int]] = []  # (source, epoch, kind, edge)
    for i, src in enumerate(sources):
        if flowed == need:
            break
        node = net.node()
        net.edge(source, node, src.count)
        for e, k, d in demand_nodes:
            if e >= src.epoch and (k == GENERIC or k in src.kinds):
                edges.append((i, e, k, net.edge(node, d, src.count)))
        more = net.flow(source, sink)
        flowed += more
        cost += more * src.charge
    if flowed < need:
        return None
    flows = tuple((i, e, k, net.base[edge] - net.cap[edge]) for i, e, k, edge in edges
                  if net.base[edge] > net.cap[edge])
    return _Assignment(cost, tuple(sources), flows)


def _pay_deferred(moves: Moves, start: Scenario,
                  steps: Sequence[tuple[Candidate, Move[Any]]]) -> tuple[list[Plan], Scenario]:
    """The deferred mode's `realize` (the module docstring): the cheapest assignment of the
    final ledger, split over the casts in order, each cast's payment named, scored and
    resolved from the real permanents and pool."""
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
    cur = start
    for _, move in steps:
        made = move.play
        assert isinstance(made, Made)
        if made.land:
            assert isinstance(move.plan, Plan)
            plans.append(move.plan)
            cur = play_land(cur, made.play.object)
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
        usage = _Usage(tuple(sorted(activations)), uses=uses)
        payment, _, score = name_payment(cur, option, res, usage)
        spent = _mana(pool_spent)
        pool = cur.state.you.mana_pool
        assert all(s <= p for s, p in zip(spent, pool)), "free mana is in the pool by then"
        left = _mana([p - s for p, s in zip(pool, spent)])
        payment = replace(payment, pool=spent)
        dest = (None if card.activation is not None
                else destination(card, option.choices.cast, option.choices.optional))
        benefit = sum(cur.objective.benefit(n) * c for n, c in option.choices.optional
                      if n in opts.auto)
        plans.append(plan_of(card, _header(obj, card, play), option, payment, left, score, benefit))
        cur = resolve(cur, Resolved(obj.id, dest, payment, left))
    return plans, cur
