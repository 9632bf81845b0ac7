"""The turn planner's moves for `payplan/1` (`planner.turn.Moves`): the candidates of a state and
every payment of each.

**Candidates** (`auto`), in candidate order: the cards `payplan hand` would plan (your hand, the
cards in your trash with Flow, Hidden cards facedown since an earlier turn), then every ability of
your board's objects (each object in state order, each card's abilities in its order; not
hiding, not effects' payments). Each is tried with every optional cost `auto` and `base: auto`
(the planner chooses), on every choice of targets an ability's filter accepts, and a card's with
`targets` (`hand.target_plays`: one object each). The candidate
order is fixed on the start state (an object that moves keeps its place; objects that come to
the board during the turn bring their abilities after those of the start's board). A card is
played at most once from each zone it is in (`planner.turn.played_mark`): a spell played from
the hand and then, with Flow, from the trash is two plays. A listed entry that names no zone is
played from where its object is when it is tried.

**Moves.** A move is one option of the play (`engine.options.play_options`: every base,
optional set and distinct total) with one payment, applied by `engine.chain.apply_payment`,
which re-prices and checks it (a payment it refuses is not a move). The payments are every
*minimal* payment of the option's total, named canonically (`planner.riftbound.turn_payments`
says which, and why no other payment can do better).

Two payments whose states are equal (after canonical naming) are one move: the better by
`plan`'s tie-break (objective, total size, score, fewer resource uses, the order found). The
moves of a candidate come sorted by that rank, each with its plan as `payplan plan` would
print it for that payment.

**The runes, paid together (the deferred mode).** Where nothing in the scenario reads the runes
(no amount counting them, no `runes_at_most`), no source can be activated (none in the state,
no card with `source` that a play could bring) and no card's effect adds Power to the pool,
the runes and the pool are one fungible supply for the whole turn: a rune exhausted or
recycled for one play could have been for another at the same charge, and
nothing but the payment looks at them. The search then leaves them out of its states (a state
is the scenario without runes, with a pool that pays anything, and the Energy and Power the
plays so far need from the real runes and pool), and a move's objective is its non-standard
part plus what its Energy and Power add to the cheapest payment of the summed need
(`planner.fastpath.pay_runes`, exact): the summed objective of a path is then exactly its
structural charges plus the cheapest rune payment of everything it plays, and a move whose need
the runes can no longer meet is not made. `realize` pays the best path from the real runes:
that cheapest payment, split over the plays in order (domain pips first, then `[A]` pips, each
taking the pool's Power, then recycled runes, in state order; Energy from the pool, which also
holds what earlier plays' recycled ready runes gave, then exhausted runes in state order), each
play's payment applied and checked by `engine.chain.apply_payment`. Elsewhere (runes read,
sources, pool-adding effects) every payment is a move of its own, as above.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, replace
from typing import Any, Hashable, Sequence

from ...engine.discounts import ANY_INDEX, Deadline
from ...engine.riftbound.abilities import triggers_set_off
from ...engine.riftbound.card_keys import optional_names
from ...engine.riftbound.cards import Effect, repeat_name
from ...engine.riftbound.chain import (
    Applied,
    PlanRefused,
    apply_payment,
    apply_unchecked,
    destination,
    executions,
)
from ...engine.riftbound.cost import DOMAINS, POWER_KEYS, Cost, Player
from ...engine.riftbound.dump import state_to_data
from ...engine.riftbound.options import CostOption, play_options
from ...engine.riftbound.payment import (
    NeedKey,
    Payment,
    Resources,
    resources,
    score,
)
from ...engine.riftbound.scenario import Play, Scenario
from ...engine.riftbound.state import PLAYERS, PlayerState, State
from ...engine.riftbound.total_cost import granted_repeats, optional_costs, play_optional_names
from ...engine.turn import Turn, candidate_key
from ..turn import Candidate, Move, evolve, played_mark
from .fastpath import pay_runes, runes_of
from .hand import ability_candidates, flow_granted_anywhere, target_plays
from .hand import candidates as card_candidates
from .plan import Plan
from .turn_payments import Choice, deaths_read, name, open_payments, payments

BIG = 10**6  # the deferred mode's pool: it pays any play's Energy and Power
OPEN_POOL = Cost(BIG, (0,) * len(DOMAINS) + (BIG,))


@dataclass(frozen=True, slots=True)
class Entry:
    """A play of `payplan play`'s `plays` as the file gives it: it is read against the state
    each time it is tried (its object may reach its zone through an earlier play)."""

    data: dict[str, object]  # the file without `plays`
    entry: object

    def read(self, scenario: Scenario) -> Play | None:
        """The play on this state, or None when it can't be read here."""
        from ...engine.problems import ScenarioError
        from ...engine.riftbound.loader import scenario_from_data

        state = scenario.state  # read with the runes and pool left out: the play names neither
        state = replace(state, you=replace(state.you, runes=(), pool=Cost()))
        try:
            here = scenario_from_data({**self.data, "state": state_to_data(state),
                                       "play": self.entry}, require_play=True)
        except ScenarioError:
            return None
        return here.play

    def __hash__(self) -> int:
        return hash(repr(self.entry))


@dataclass(frozen=True, slots=True)
class Deferred:
    """A search state of the deferred mode: the scenario without its runes, with a pool that
    pays anything; the Power the plays so far need from the real runes and pool (`demand`, its
    Energy unused), and their Energy: `net`, what they need less what their effects added, and
    `peak`, the most the runes and the real pool had to have given by any play (the Energy a
    play's own effect adds comes after it is paid)."""

    scenario: Scenario
    demand: Cost
    net: int = 0
    peak: int = 0

    @property
    def need(self) -> Cost:
        """What the real runes and pool must pay: the peak Energy and the Power."""
        return Cost(self.peak, self.demand.power)


@dataclass(frozen=True, slots=True)
class _Usage:
    """A payment in group counts (`engine.payment.Usage`), for the one scorer."""

    exhaust: tuple[int, ...]
    recycle: tuple[int, ...]
    activate: tuple[bool, ...]
    use: tuple[tuple[NeedKey, tuple[int, ...]], ...]


class Moves:
    """`planner.turn.Moves` for `payplan/1` (see the module docstring)."""

    chooses_x = False  # payplan/1 has no X

    def __init__(self, start: Scenario, defer: bool = True) -> None:
        self.start = start
        you = start.state.you
        # The candidate order: every object of yours in zone order, as the start state holds it.
        self.place = {obj.id: i for i, obj in enumerate(
            [*you.hand, *you.trash, *you.facedown, *you.board])}
        self.deferred = defer and deferrable(start)
        self.runes = resources(start, None, objects=False)
        self.tables = runes_of(self.runes)
        self.costs: dict[Cost, int | None] = {}
        self.turn_values: dict[str, int] = {}
        self.reads = Reads.of(start)
        self.deaths = deaths_read(start)  # a card reads the units that died this turn
        self.no_granted_repeats = granted_repeats(start) == 0
        self._state_parts: dict[int, tuple[State, tuple[Hashable, ...]]] = {}
        self.optional_names: dict[str, tuple[str, ...]] = {}
        # Whether the order of the boards can be left out of the search's keys but for the
        # granting objects' order (`key`): no card of the scenario, held or not, reads a board.
        self.board_unread = self.deferred and _board_unread(start)
        self.board_granters = frozenset(card_id for card_id, card in start.cards.items()
                                        if card.grants or card.triggers)
        # The deferred mode's moves of a candidate on a state do not depend on the need so far:
        # worked out once per (state, candidate).
        self.raw: dict[Hashable, list[tuple[Move[Scenario], _Diff]]] = {}

    def begin(self, scenario: Scenario) -> Scenario | Deferred:
        if not self.deferred:
            return scenario
        you = scenario.state.you
        open_state = replace(scenario.state, you=replace(you, runes=(), pool=OPEN_POOL))
        return Deferred(replace(scenario, state=open_state), Cost())

    def _signature(self, scenario: Scenario, candidate: Candidate) -> Hashable:
        """What the moves of `candidate` on this state depend on (the deferred mode's cache
        key; see `Reads`): the played object and its zone, the granting objects of both
        players, and the parts of the state the scenario's cards read (whole zones where a
        count or a cost reads them). A state with the same signature offers the same options
        and payments; `_apply_diff` checks that the objects a cached move takes are there."""
        state = scenario.state
        you = state.you
        mine = []
        cards: set[str] = set()
        for given in candidate.plays:
            found = you.find(given.object) if isinstance(given, Play) else None
            mine.append((given, found))
            cards.add(found[1].card if found is not None else "")
        reads = self.reads
        what = frozenset().union(*(reads.of_card(c) for c in cards)) if cards else frozenset()
        # The parts read of the state alone, whatever the candidate: worked out once per state
        # (the search asks for every candidate of a state; the state is kept with them, so its
        # id is not reused while they are).
        kept = self._state_parts.get(id(state))
        if kept is not None and kept[0] is state:
            common = kept[1]
        else:
            # In board order, not sorted: the discounts a play meets are listed in the order of
            # their granting objects, and a move's choices name them by that place
            # (`Application.index`): a move made on one order is not a move of another.
            granting = tuple(
                (who, o.card, o.location, o.exhausted, o.empowered, o.buffs, o.might, o.stunned,
                 o.id)
                for who in ("you", "opponent") for o in state.player(who).board
                if o.card in reads.granters)
            # The effects that last for the turn price the play as grants do, and
            # the move uses them: the same effects, the same moves and the same effects after.
            common = (granting, state.phase, state.turn, state.flags,
                      tuple(sorted(you.used_this_turn)), you.score, state.opponent.score,
                      state.victory_score, state.battlefields, state.showdown_at, you.effects,
                      you.units_died_this_turn, state.opponent.units_died_this_turn)
            self._state_parts[id(state)] = (state, common)
        parts: list[Hashable] = [candidate.key, tuple(mine), *common]
        if "played" in what:
            parts.append(state.played_this_turn)
        if "xp" in what:
            parts.append(you.xp)
        for zone in ("hand", "trash", "board", "facedown", "banishment"):
            if zone in what:
                parts.append((zone, _by_id(you.zone(zone)),
                              _by_id(state.opponent.zone(zone)) if zone == "board" else ()))
        return tuple(parts)

    def rune_cost(self, demand: Cost) -> int | None:
        """The cheapest payment of `demand` from the real runes and pool (None: they can't)."""
        if demand not in self.costs:
            found = pay_runes(demand, self.runes, self.tables)
            self.costs[demand] = None if found is None else score(
                self.start, demand, self.runes, _Usage(found[0], found[1], (), ()))
        return self.costs[demand]

    # --- candidates

    def candidates(self, state: Scenario | Deferred, turn: Turn[Any]) -> list[Candidate]:
        scenario = state.scenario if isinstance(state, Deferred) else state
        if turn.candidates is not None:
            return [self._listed(scenario, play, i) for i, play in enumerate(turn.candidates)]
        out = []
        for cand in card_candidates(evolve(scenario, play=None)):
            # A card that chooses (`targets`) is tried on each object it accepts, as abilities.
            tries = tuple(self._auto(scenario, p)
                          for p in target_plays(scenario, Play(cand.obj.id, cand.zone)))
            out.append(Candidate(cand.obj.id, (0, self._place(cand.obj.id)), tries,
                                 played_mark(cand.zone, cand.obj.id)))
        for obj, plays in ability_candidates(evolve(scenario, play=None)):
            if plays[0].ability == "hide" or plays[0].from_zone != "board":
                continue
            card = scenario.cards[obj.card]
            index = next(i for i, a in enumerate(card.abilities) if a.id == plays[0].ability)
            ability = plays[0].ability
            assert ability is not None
            out.append(Candidate(candidate_key(obj.id, ability),
                                 (1, self._place(obj.id), index),
                                 tuple(self._auto(scenario, p) for p in plays), None))
        return sorted(out, key=lambda c: c.order)

    def twin(self, state: Scenario | Deferred, candidate: Candidate) -> Hashable:
        """A card in hand, trash or facedown is the twin of another of the same card, in the
        same zone and condition, worth the same (`auto` only); abilities have none."""
        if candidate.listed is not None or candidate.object_id is None:
            return None
        scenario = state.scenario if isinstance(state, Deferred) else state
        found = scenario.state.you.find(candidate.object_id)
        if found is None:
            return None
        zone, obj = found
        return (zone, obj.card, obj.value, obj.location, obj.might, obj.exhausted, obj.buffs,
                obj.empowered, obj.hidden_turn, obj.stunned, candidate.plays[0].from_zone,
                self.turn_values.get(candidate.key))

    def universe(self, state: Scenario | Deferred, turn: Turn[Any]) -> list[Candidate]:
        """Every object of yours once from its zone (as a card), and once more from the trash
        for a card in hand or facedown that could have Flow there (its own, or one a grant or
        effect of the scenario gives: a card is played at most once from each zone it is in);
        every ability of every card of yours."""
        self.turn_values = dict(turn.values)
        if turn.candidates is not None:
            return self.candidates(state, turn)
        scenario = state.scenario if isinstance(state, Deferred) else state
        you = scenario.state.you
        granted = flow_granted_anywhere(scenario)
        out = []
        for zone in ("hand", "trash", "facedown", "board"):
            for obj in you.zone(zone):
                out.append(Candidate(obj.id, (0, self._place(obj.id)), (), played_mark(zone, obj.id)))
                card = scenario.cards.get(obj.card)
                if zone in ("hand", "facedown") and card is not None and (
                        card.keywords.flow or granted):
                    out.append(Candidate(obj.id, (0, self._place(obj.id)), (),
                                         played_mark("trash", obj.id)))
        for obj in [*you.hand, *you.trash, *you.facedown, *you.board]:
            card = scenario.cards.get(obj.card)
            for ability in card.abilities if card is not None else ():
                out.append(Candidate(candidate_key(obj.id, ability.id), (1,), (), None))
        return out

    def _place(self, object_id: str) -> int:
        return self.place.get(object_id, len(self.place))

    def supply(self, state: Scenario | Deferred) -> int | None:
        """No bound on what the plays can spend (discounts change the costs). So no bound of
        payplan/1's search assumes that costs never fall: an effect that lasts for the turn
        makes a later play cheaper, or gives it a Repeat instance, and the bounds
        stay valid: the value bound reads only `values` (no cost), and `floor` takes off the
        benefit of every optional cost a play could pay, a Repeat an effect or grant may give
        it included (the score is never below 0, whatever a discount takes off). The memo and
        the deferred mode's move cache key the state with its effects (`canonical`,
        `_signature`): two states with different effects are two futures."""
        return None

    def usage(self, candidate: Candidate) -> tuple[int, int, int] | None:
        return None

    def spend(self, state: Scenario | Deferred) -> tuple[int, int] | None:
        return None

    def floor(self, candidate: Candidate) -> int | None:
        """The least objective a move of this `universe` candidate can have: its score is never
        below 0 (weights are never negative; in the deferred mode what a move adds to the
        runes' cheapest payment is not either, the need only grows), less the benefits of the
        optional costs it pays that are `auto` (each named once in `paid_optional`); None for
        a repeatable one with a benefit (paid a chosen number of times)."""
        objective = self.start.objective
        if candidate.plays:  # a listed play: its own `auto` names
            names = [name for play in candidate.plays if isinstance(play, Play)
                     for name, choice in play.optional if choice == "auto"]
            card = None
            if isinstance(candidate.plays[0], Play):
                found = self.start.state.you.find(candidate.plays[0].object)
                card = self.start.cards.get(found[1].card) if found is not None else None
        elif candidate.object_id is None:
            return 0  # an `auto` ability play: no optional cost of it is `auto`
        else:
            found = self.start.state.you.find(candidate.object_id)
            card = self.start.cards.get(found[1].card) if found is not None else None
            names = list(optional_names(card)) if card is not None else []
        if card is not None:
            # A Repeat instance a grant may give later in the turn (`keyword: {repeat: ...}`,
            # from the board or an effect): its benefit is taken off too (a lower floor is
            # still a floor).
            own = len(card.keywords.repeat)
            names += [repeat_name(own + k) for k in range(granted_repeats(self.start))]
        repeatable = {extra.id for extra in card.additional_costs
                      if extra.repeatable} if card is not None else set()
        if any(objective.benefit(n) and (n in repeatable or card is None) for n in names):
            return None
        return -sum(objective.benefit(n) for n in set(names))


    def _auto(self, scenario: Scenario, play: Play) -> Play:
        """The play with every optional cost `auto` (the planner chooses them)."""
        if play.ability is not None:
            return play
        found = scenario.state.you.find(play.object)
        if found is None:
            return play
        card_id = found[1].card
        if self.no_granted_repeats and card_id in scenario.cards:
            # No grant or effect of the scenario gives a Repeat instance (`granted_repeats`):
            # a play's optional costs are its card's own (`play_optional_names` adds only the
            # granted Repeat instances to them), the same on every state.
            names = self.optional_names.get(card_id)
            if names is None:
                names = self.optional_names[card_id] = tuple(
                    name for name, _ in optional_costs(scenario.cards[card_id]))
        else:
            names = play_optional_names(scenario, play)
        return evolve(play, optional=tuple((n, "auto") for n in names))

    def _listed(self, scenario: Scenario, play: Play, i: int) -> Candidate:
        key = candidate_key(play.object, play.ability)
        if play.ability is None:
            # What the entry leaves out is chosen as for `auto` (`docs/turns.md`): an optional
            # cost it does not name is `auto`, not "not paid".
            found = scenario.state.you.find(play.object)
            if found is not None and found[1].card in scenario.cards:
                given = {name for name, _ in play.optional}
                rest = tuple((n, "auto") for n in play_optional_names(scenario, play)
                             if n not in given)
                play = replace(play, optional=play.optional + rest)
        if play.ability is not None:
            return Candidate(key, (i,), (play,), None, i)
        # Played from where its object is now unless the entry names the zone.
        now = scenario.state.you.find(play.object)
        zone = play.from_zone if play.from_given or now is None else now[0]
        return Candidate(key, (i,), (play,), played_mark(zone, play.object), i)

    # --- moves

    def moves(self, state: Scenario | Deferred, candidate: Candidate,
              limit: Deadline) -> list[Move[Any]]:
        if isinstance(state, Deferred):
            scenario = state.scenario
            key = self._signature(scenario, candidate)
            cached = self.raw.get(key)
            if cached is None:
                fresh = self._moves(scenario, candidate, limit, open_=True)
                cached = self.raw[key] = [(m, _diff(scenario.state, m.after.state)) for m in fresh]
                raw = [m for m, _ in cached]
            else:
                raw = []
                for move, diff in cached:
                    after = _apply_diff(scenario.state, diff)
                    if after is None:  # not the objects the cached move took: work it out
                        raw = self._moves(scenario, candidate, limit, open_=True)
                        break
                    raw.append(evolve(move, after=evolve(scenario, state=after)))
            out = [m for m in (self._deferred(state, move) for move in raw) if m is not None]
            return sorted(out, key=lambda m: m.rank)
        return self._moves(state, candidate, limit, open_=False)

    def _moves(self, scenario: Scenario, candidate: Candidate, limit: Deadline,
               open_: bool) -> list[Move[Scenario]]:
        found: dict[Hashable, Move[Scenario]] = {}
        for given in candidate.plays:
            play = given.read(scenario) if isinstance(given, Entry) else given
            if play is None:
                continue
            if not play.from_given and play.ability is None:
                # A listed play that names no zone is played from where its object is now
                # (`docs/turns.md`: what an entry leaves out is chosen as for `auto`).
                now = scenario.state.you.find(play.object)
                if now is not None and now[0] != play.from_zone:
                    play = replace(play, from_zone=now[0])
            here = evolve(scenario, play=play)
            if scenario.state.you.find(play.object) is None:
                continue
            opts = play_options(here, limit)
            if not opts.legal:
                continue
            ctx = opts.ctx
            res = resources(here, ctx.obj, ctx.card if play.ability is not None else None)
            for option in opts.options:
                benefit = sum(here.objective.benefit(n) for n in option.paid_optional
                              if n in opts.auto)
                choices = (open_payments(here, option.total, res) if open_
                           else payments(here, option.total, res, self.deaths))
                for n, choice in enumerate(choices):
                    move = self._move(here, option, res, choice, benefit, n, open_)
                    if move is None:
                        continue
                    key = canonical(move.after.state)
                    if key not in found or move.rank < found[key].rank:
                        found[key] = move
        return sorted(found.values(), key=lambda m: m.rank)

    def _move(self, here: Scenario, option: CostOption, res: Resources, choice: Choice,
              benefit: int, n: int, open_: bool) -> Move[Scenario] | None:
        play = here.play
        assert play is not None
        payment, spent = name(here, option.total, res, choice)
        applied = Applied(play.object, option.choices, option.total, payment)
        try:
            # The open pool pays any Energy and Power: the runes are checked when `realize`
            # applies the best path's payments with `apply_payment`.
            after = apply_unchecked(here, applied) if open_ else apply_payment(here, applied)
        except PlanRefused:
            return None
        usage = _Usage(choice.exhaust, choice.recycle, choice.activate, choice.use)
        paid_score = score(here, option.total, res, usage)
        found = here.state.you.find(play.object)
        assert found is not None
        zone, obj = found
        card = here.cards[obj.card]
        header = {"object": obj.id, "card": card.id, "from": zone}
        if play.ability is not None:
            header["ability"] = play.ability
            if play.targets:
                header["targets"] = " ".join(play.targets)
        elif card.targets is not None and play.targets:  # a card that chooses: on what
            header["targets"] = " ".join(play.targets)
        triggers = triggers_set_off(here, zone, obj, play.ability)
        if triggers:  # "when you play ..." on your board (Lux): no cost, named
            header["triggers"] = " ".join(triggers)
        plan = Plan(
            status="ok", play=header, base=option.base, paid_optional=option.paid_optional,
            paid=option.paid, total=option.total, steps=option.steps,
            discount_order=option.discount_order, payment=payment, spent=spent,
            score=paid_score, objective=paid_score - benefit,
            executions=executions(option.paid_optional, play.leaves_chain),
            destination=(destination(card, option.base.kind, play.leaves_chain)
                         if play.ability is None else None),
            option=option)
        objective = paid_score - benefit
        rank = (objective, option.total.size, paid_score, choice.actions, n)
        return Move(plan, evolve(here, state=after, play=None), objective, option.total.size,
                    rank, play)

    def _deferred(self, state: Deferred, move: Move[Scenario]) -> Move[Deferred] | None:
        """The move of the deferred mode: its state keeps the pool open and adds the play's
        Energy and Power to the need; its objective adds what they add to the runes' cost."""
        assert isinstance(move.plan, Plan) and move.plan.total is not None
        total = move.plan.total
        card = self.start.cards.get(move.plan.play["card"])
        adds = card.effect_adds if card is not None and "ability" not in move.plan.play else None
        added = adds.energy if adds is not None and _resolves(move.play) else 0
        peak = max(state.peak, state.net + total.energy)
        nxt = Deferred(state.scenario, state.demand + Cost(0, total.power),
                       state.net + total.energy - added, peak)
        need = nxt.need
        before, after = self.rune_cost(state.need), self.rune_cost(need)
        if after is None:
            return None
        assert before is not None
        you = move.after.state.you
        # A move made again from the cache (`_apply_diff`) keeps the open pool it met.
        reopened = move.after if you.pool == OPEN_POOL else evolve(
            move.after, state=evolve(move.after.state, you=evolve(you, pool=OPEN_POOL)))
        extra = after - before
        rank = (move.rank[0] + extra, move.rank[1], move.rank[2] + extra, *move.rank[3:])
        return Move(move.plan, evolve(nxt, scenario=reopened), move.objective + extra,
                    move.size, rank, move.play)

    def key(self, state: Scenario | Deferred) -> Hashable:
        if isinstance(state, Deferred):
            if self.board_unread:
                return (canonical(state.scenario.state, self.board_granters, self.place),
                        state.demand.power, state.net, state.peak)
            return (canonical(state.scenario.state), state.demand.power, state.net, state.peak)
        return canonical(state.state)

    def realize(self, start: Scenario, steps: Sequence[tuple[Candidate, Move[Any]]]
                ) -> tuple[list[Plan], list[Scenario]]:
        if not self.deferred:
            plans = [move.plan for _, move in steps]
            assert all(isinstance(p, Plan) for p in plans)
            assert all(isinstance(move.after, Scenario) for _, move in steps)
            return plans, [move.after for _, move in steps]  # type: ignore[return-value]
        return _pay_runes_together(self, start, [(move.plan, move.play) for _, move in steps])

    def reason(self, scenario: Scenario, candidate: Candidate) -> str:
        from .plan import plan

        play = candidate.plays[0]
        if scenario.state.you.find(play.object) is None:
            return f"{play.object} is no longer in your zones"
        p = plan(replace(scenario, play=play))
        return "; ".join(p.reasons)

    def state_json(self, scenario: Scenario) -> dict[str, object]:
        return state_to_data(scenario.state)

    def card_name(self, scenario: Scenario, card: str) -> str:
        found = scenario.cards.get(card)
        return found.name if found is not None else card

    def left_json(self, scenario: Scenario) -> dict[str, object]:
        """Your ready runes' ids (in rune order) and your pool (Energy, and Power by domain;
        zero entries left out, as in `state`)."""
        you = scenario.state.you
        return {"ready": [r.id for r in you.runes if not r.exhausted],
                "pool": you.pool.to_json()}

    def pool_left(self, scenario: Scenario) -> str | None:
        pool = scenario.state.you.pool
        return str(pool) if pool != Cost() else ""


def canonical(state: State, granters: frozenset[str] | None = None,
              place: dict[str, int] | None = None) -> Hashable:
    """The state with every zone but the board in id order: two states that differ only in the
    order of a hand or trash have the same future (nothing but naming reads those orders, and
    the names are the same objects'). The board keeps its order: the discounts its objects
    grant are listed in that order and a play's choices name them by their place, so a path
    found on one board order is not a path of another (two granting units played in either
    order are two states).

    With `granters` and `place` (the deferred mode's search key where no card reads a board,
    `Moves.board_unread`), each board is its objects in id order, the ids of its
    granting objects (cards in `granters`: every card of the library with grants or triggers) in board
    order, and the ids of its objects with no place in the candidate order (`place`: tokens
    made this turn) in board order. Two deferred states that differ only in the order of the
    other objects have one future, move for move:
    - the candidates are the same, in the same order: the hand, trash and facedown cards are
      read in id order, the abilities are sorted by their object's place (fixed on the start
      state) and only objects with no place fall back on the board order, which is kept;
    - the moves of a candidate are the same plans, payments and ranks: with no card reading a
      board (no count, filter, target or cost on one: `Reads`), a play's pricing and payment
      read the board only through the discounts its granting objects give, listed in their
      board order, which is kept (`_signature` is the same for both states, so they share one
      cached list of moves);
    - each move leaves two states that again differ only so: it takes objects out or changes
      them by id, and appends what it puts on a board at its end, on both (`engine.chain`,
      `_apply_diff`).
    So `best` on one is `best` on the other, ties included, and the deferred `realize` pays the
    path from the real start, reading only each move's plan and play."""
    if granters is not None and place is not None:
        return (state.phase, state.turn, tuple(sorted(state.flags)), state.played_this_turn,
                state.victory_score, state.battlefields, state.showdown_at,
                _player_key(state.you, granters, place),
                _player_key(state.opponent, granters, place))
    return (state.phase, state.turn, tuple(sorted(state.flags)), state.played_this_turn,
            state.victory_score, state.battlefields, state.showdown_at,
            _player_key(state.you), _player_key(state.opponent))


def _player_key(p: PlayerState, granters: frozenset[str] | None = None,
                place: dict[str, int] | None = None) -> Hashable:
    by_id = _by_id
    board: Hashable = p.board
    if granters is not None and place is not None and len(p.board) > 1:
        board = (by_id(p.board), tuple(o.id for o in p.board if o.card in granters),
                 tuple(o.id for o in p.board if o.id not in place))
    return (by_id(p.runes), p.pool, by_id(p.hand), by_id(p.trash), board, p.xp,
            p.sources, by_id(p.banishment), by_id(p.rune_deck), by_id(p.facedown),
            tuple(sorted(p.used_this_turn)), p.score, p.effects, p.units_died_this_turn)


def _board_unread(scenario: Scenario) -> bool:
    """Whether no card of the scenario (every card of its library, held or not) reads a board:
    nothing `Reads` counts as reading the board in its definition, its grants included."""
    from ...engine.riftbound.dump import card_to_data

    for card in scenario.cards.values():
        found: set[str] = set()
        _scan(card_to_data(card), found)
        if "board" in found:
            return False
    return True


def _by_id(objects: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(sorted(objects, key=_ID)) if len(objects) > 1 else objects


_ID = operator.attrgetter("id")


@dataclass(frozen=True, slots=True)
class Reads:
    """What of a state pricing and paying a play can read, found in the card definitions
    (conservatively: any key that reads a zone counts for the whole zone): the cards that grant
    (their objects on either board); and, for every modifier a play can meet (every grant of a
    card in the scenario's zones) and, per card, for its own costs, discounts and abilities
    (`own`): whether the cards played this turn, XP or which zones (a count, `controls` or a
    cost taking from a zone; the Might filters, victims and targets read the board) are read.
    Only cards some object of the state holds are read: a card of the library no object has
    can't be played or grant."""

    granters: frozenset[str]
    common: frozenset[str]  # what the grants read: `played`, `xp`, zone names
    own: dict[str, frozenset[str]]  # per card id: what its own definition reads

    @staticmethod
    def of(scenario: Scenario) -> Reads:
        from ...engine.riftbound.dump import card_to_data

        state = scenario.state
        held = {o.card for who in ("you", "opponent") for p in [state.player(who)]
                for zone in ("hand", "trash", "board", "banishment", "facedown")
                for o in p.zone(zone)} | {b.card for b in state.battlefields}
        common: set[str] = set()
        own: dict[str, frozenset[str]] = {}
        granters = set()
        for card_id in sorted(held):
            card = scenario.cards.get(card_id)
            if card is None:
                continue
            data = card_to_data(card)
            grants = data.pop("grants", None)
            if grants:
                granters.add(card_id)
                _scan(grants, common)
            if card.triggers:  # its objects name the triggers a play sets off (the plan's)
                granters.add(card_id)
            found: set[str] = set()
            _scan(data, found)
            own[card_id] = frozenset(found)
        return Reads(frozenset(granters), frozenset(common), own)

    def of_card(self, card_id: str) -> frozenset[str]:
        return self.common | self.own.get(card_id, frozenset(("played", "xp", "hand", "trash",
                                                               "board", "facedown")))


_ZONE_KEYS = {"discard": "hand", "recycle_from_trash": "trash", "kill": "board",
              "exhaust": "board", "return_to_hand": "board", "spend_buff": "board",
              "controls": "board", "max_might": "board", "min_might": "board",
              "might_of": "board", "printed_energy_of": "board", "printed_power_of": "board",
              "targets": "board", "exile_from_hand": "hand", "opponent_controls": "board",
              "units_at": "board", "stunned": "board"}


def _scan(data: object, found: set[str]) -> None:
    """What a card definition's part reads (`Reads`): `played`, `xp`, zone names."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("played_this_turn_at_least",) or value == "played_this_turn":
                found.add("played")
            if key in ("level_at_least", "spend_xp"):
                found.add("xp")
            if key in _ZONE_KEYS:
                found.add(_ZONE_KEYS[key])
            if key == "max" and value == "might":
                found.add("board")
            if key == "count" and isinstance(data.get("zone", "board"), str):
                found.add(str(data.get("zone", "board")))
            _scan(value, found)
    elif isinstance(data, list):
        for value in data:
            if isinstance(value, str) and value in _ZONE_KEYS:
                found.add(_ZONE_KEYS[value])
            if value in ("exhaust_self", "kill_self", "banish_self", "recycle_self",
                         "disempower_self"):
                found.add("board")
            _scan(value, found)


_ZONES = ("runes", "hand", "trash", "board", "banishment", "rune_deck", "facedown")


@dataclass(frozen=True, slots=True)
class _Diff:
    """What one move changed in a state, to make again on another state with the same
    signature: per player and zone, the objects it took out (as they were), put in, and
    changed (from, to); the sources it took out and put in; XP and the cards played this turn
    it added; the once-per-turn entries it recorded."""

    played: int
    players: tuple[tuple[Player, tuple[tuple[str, tuple[Any, ...], tuple[Any, ...],
                                           tuple[tuple[Any, Any], ...]], ...],
                         tuple[Any, ...], tuple[Any, ...], int, tuple[str, ...]], ...]
    # Per player, the effects after the move where it changed them: the signature
    # holds the effects before, so the move leaves the same ones on every state it is made on.
    effects: tuple[tuple[Player, tuple[Effect, ...]], ...] = ()
    # Per player, the score and the units died this turn after the move where it changed them
    # (the signature holds both before, as it holds the effects).
    counts: tuple[tuple[Player, int, int], ...] = ()


def _diff(before: State, after: State) -> _Diff:
    players = []
    for who in PLAYERS:
        old, new = before.player(who), after.player(who)
        zones = []
        for zone in _ZONES:
            was = {o.id: o for o in getattr(old, zone)}
            now = {o.id: o for o in getattr(new, zone)}
            out = tuple(o for i, o in was.items() if i not in now)
            into = tuple(o for i, o in now.items() if i not in was)
            changed = tuple((was[i], now[i]) for i in was if i in now and was[i] != now[i])
            if out or into or changed:
                zones.append((zone, out, into, changed))
        src_was = {s.id: s for s in old.sources}
        src_now = {s.id: s for s in new.sources}
        players.append((who, tuple(zones),
                        tuple(s for i, s in src_was.items() if i not in src_now),
                        tuple(s for i, s in src_now.items() if i not in src_was),
                        new.xp - old.xp,
                        new.used_this_turn[len(old.used_this_turn):]))
    effects = tuple((who, after.player(who).effects) for who in PLAYERS
                    if after.player(who).effects != before.player(who).effects)
    counts = tuple((who, after.player(who).score, after.player(who).units_died_this_turn)
                   for who in PLAYERS
                   if (after.player(who).score, after.player(who).units_died_this_turn)
                   != (before.player(who).score, before.player(who).units_died_this_turn))
    return _Diff(after.played_this_turn - before.played_this_turn, tuple(players), effects,
                 counts)


def _apply_diff(state: State, diff: _Diff) -> State | None:
    """`state` with the move's changes, or None when the objects it took or changed are not
    there as they were (then the move is worked out again on this state)."""
    players: dict[str, PlayerState] = {}
    for who, zones, src_out, src_in, xp, used in diff.players:
        p = state.player(who)
        changes: dict[str, Any] = {}
        for zone, out, into, changed in zones:
            held = getattr(p, zone)
            by_id = {o.id: o for o in held}
            for o in out:
                if by_id.get(o.id) != o:
                    return None
            for o, _ in changed:
                if by_id.get(o.id) != o:
                    return None
            for o in into:
                if o.id in by_id:
                    return None
            gone = {o.id for o in out}
            swap = {o.id: n for o, n in changed}
            changes[zone] = tuple(swap.get(o.id, o) for o in held if o.id not in gone) + into
        if src_out or src_in:
            have = {s.id: s for s in p.sources}
            if any(have.get(s.id) != s for s in src_out):
                return None
            gone_src = {s.id for s in src_out}
            changes["sources"] = tuple(s for s in p.sources if s.id not in gone_src) + src_in
        if xp:
            changes["xp"] = p.xp + xp
        if used:
            changes["used_this_turn"] = p.used_this_turn + used
        for whose, effects in diff.effects:
            if whose == who:
                changes["effects"] = effects
        for whose, points, died in diff.counts:
            if whose == who:
                changes["score"] = points
                changes["units_died_this_turn"] = died
        players[who] = evolve(p, **changes) if changes else p
    return evolve(state, played_this_turn=state.played_this_turn + diff.played,
                   you=players["you"], opponent=players["opponent"])


# --- The deferred mode: runes read by nothing but the payment -----------------------------------


def deferrable(scenario: Scenario) -> bool:
    """Whether the turn can pay its runes together at the end (the module docstring): nothing
    reads the runes, no source, no card whose effect adds Power to the pool (Energy an effect
    adds is fungible: it is counted in `Deferred.net` and `peak`)."""
    from ...engine.riftbound.dump import scenario_to_data

    if scenario.state.you.sources or any(card.source is not None
                                         for card in scenario.cards.values()):
        return False  # a source, or a card that becomes one when played
    if any(card.effect_adds is not None and any(card.effect_adds.power)
           for card in scenario.cards.values()):
        return False
    return not _reads_runes(scenario_to_data(scenario).get("cards"))


def _resolves(play: Play | None) -> bool:
    """Whether the card's effect happens: it resolves unless countered (`engine.chain`)."""
    return play is None or play.leaves_chain.by != "counter"


def _reads_runes(data: object) -> bool:
    if isinstance(data, dict):
        if data.get("zone") == "runes" or "runes_at_most" in data:
            return True
        return any(_reads_runes(v) for v in data.values())
    if isinstance(data, list):
        return any(_reads_runes(v) for v in data)
    return False


def _pay_runes_together(moves: Moves, start: Scenario,
                        made: list[tuple[Any, Play]]) -> tuple[list[Plan], list[Scenario]]:
    """The deferred mode's `realize` (the module docstring): the cheapest payment of the plays'
    summed Energy and Power from the real runes and pool, split over the plays in order, and
    the scenario after each."""
    plans: list[Plan] = [p for p, _ in made]
    demand = Cost()
    net = peak = 0
    for p, play in made:
        assert p.total is not None
        demand = demand + Cost(0, p.total.power)
        peak = max(peak, net + p.total.energy)
        card = start.cards.get(p.play["card"])
        adds = card.effect_adds if card is not None and "ability" not in p.play else None
        net += p.total.energy - (adds.energy if adds is not None and _resolves(play) else 0)
    demand = Cost(peak, demand.power)
    res = moves.runes
    found = pay_runes(demand, res, moves.tables)
    assert found is not None, "the search paid every play it made"
    exhaust, recycle = found
    energy_runes: list[str] = []  # runes whose Energy the payment uses, not recycled
    recycled: list[tuple[str, int, bool]] = []  # (rune id, domain, ready)
    for g, group in enumerate(res.runes):
        energy_runes += group.ids[:exhaust[g]]
        recycled += [(i, group.domain, group.ready) for i in group.ids[exhaust[g]:exhaust[g] + recycle[g]]]
    order = {rune.id: k for k, rune in enumerate(start.state.you.runes)}
    energy_runes.sort(key=order.__getitem__)
    recycled.sort(key=lambda r: order[r[0]])
    # Power: each play's pips matched to the pool's Power and the recycled runes, domain pips of
    # every play first, then [A] pips (the aggregate's own matching, made per play).
    units: list[list[tuple[str, object]]] = [[("pool", slot)] * n
                                             for slot, n in enumerate(res.pool_power)]
    supply: dict[int, list[tuple[str, object]]] = {slot: list(u) for slot, u in enumerate(units)}
    for rune_id, d, _ in recycled:
        supply[d].append(("rune", rune_id))
    takes: list[list[tuple[tuple[str, object], int, int]]] = [[] for _ in plans]
    for i, p in enumerate(plans):
        assert p.total is not None
        for d in range(len(DOMAINS)):
            for _ in range(p.total.power[d]):
                slot = d if supply[d] else ANY_INDEX
                takes[i].append((supply[slot].pop(0), slot, d))
    for i, p in enumerate(plans):
        assert p.total is not None
        for _ in range(p.total.power[ANY_INDEX]):
            slot = next(s for s in [*range(len(DOMAINS)), ANY_INDEX] if supply[s])
            takes[i].append((supply[slot].pop(0), slot, ANY_INDEX))
    # Each play in order: its payment named, applied and checked from the real scenario.
    out: list[Plan] = []
    states: list[Scenario] = []
    scenario = start
    exhausted: set[str] = set()
    ready = {rune_id for rune_id, _, is_ready in recycled if is_ready}
    for i, p in enumerate(plans):
        assert p.total is not None and p.payment is not None and p.option is not None
        pool = scenario.state.you.pool
        pool_power = [0] * len(POWER_KEYS)
        recycle_now: list[tuple[str, str]] = []
        spent = [0] * len(POWER_KEYS)
        for unit, slot, pays in takes[i]:
            kind, which = unit
            if kind == "pool":
                pool_power[slot] += 1
            else:
                recycle_now.append((str(which), POWER_KEYS[pays]))
            spent[pays if pays != ANY_INDEX else slot] += 1
        exhaust_now = [r for r, _ in recycle_now if r in ready and r not in exhausted]
        from_pool = min(pool.energy, p.total.energy)
        short = p.total.energy - from_pool - len(exhaust_now)
        later = [r for r in energy_runes + [r for r, _, is_ready in recycled if is_ready]
                 if r not in exhausted and r not in exhaust_now]
        later.sort(key=order.__getitem__)
        exhaust_now += later[:max(0, short)]
        exhausted.update(exhaust_now)
        runes_in_order = [r.id for r in scenario.state.you.runes]
        payment = Payment(
            pool_energy=from_pool, pool_power=tuple(pool_power),
            exhaust=tuple(r for r in runes_in_order if r in exhaust_now),
            recycle=tuple(recycle_now), sources=(), other=p.payment.other)
        here = replace(scenario, play=made[i][1])
        after = apply_payment(here, Applied(p.play["object"], p.option.choices, p.total, payment))
        here_res = resources(here, None, objects=False)
        counts_e = [0] * len(here_res.runes)
        counts_r = [0] * len(here_res.runes)
        recycled_ids = {r for r, _ in recycle_now}
        for g, group in enumerate(here_res.runes):
            counts_e[g] = sum(1 for r in group.ids if r in exhaust_now and r not in recycled_ids)
            counts_r[g] = sum(1 for r in group.ids if r in recycled_ids)
        rune_score = score(here, Cost(), here_res, _Usage(tuple(counts_e), tuple(counts_r), (), ()))
        assert p.score is not None and p.objective is not None
        paid = p.score + rune_score  # the plan's own score held its non-standard part
        out.append(replace(p, payment=payment, spent=Cost(p.total.energy, tuple(spent)),
                           score=paid, objective=paid - (p.score - p.objective)))
        scenario = replace(scenario, state=after, play=None)
        states.append(scenario)
    return out, states


__all__ = ["Deferred", "Entry", "Moves", "deferrable", "name", "open_payments", "payments"]
