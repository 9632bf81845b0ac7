"""`payplan hand`: the cheapest plan for every card you could play now.

The cards planned are every object in your hand, every object in your trash whose card has a
way to be played from there without an instructing effect (a Flow instance, its own or one a
grant gives it), and the trash
object the file's `play` names when it gives `permit: true` (a permission comes only with a
file's `play`, for that object; "play it for" is not carried over). Each card is planned as
`payplan plan` would plan it alone: object id, the zone it is in, `base: auto`, every other field
of the play at its default. Where the file has a `play`, its `optional`, `targets` and `permit`
are reused for that same object, and for no other.

Work shared across the plays is done once:

- cost options (`engine.options.play_options`) depend on the object, the zone and the play's
  fields, never on the object id (a count leaves out the played object, and twins count the
  same): objects equal but for their id in one zone share one enumeration. Cards that differ
  only in their id and name share it too when nothing else in the file names them and their
  own discounts have ids (`Anonymous`): then swapping the two cards everywhere changes nothing
  any rule reads, so each one's options are the other's. Where the fast path pays such shared
  options from the same runes and pool, with no source and no non-standard cost, the plan is
  the same too but for the object and card it names (`_paid_key`), and is made once;
- what can pay (`engine.payment.resources`) depends on the played object only through the object
  it leaves out and the sources whose `only_for` it filters. It is gathered once per scan for
  each set of `only_for` sources that admit the play (almost always one), with no object left
  out; each play then takes its own object out of its group (the group dropped when it empties,
  moved when its first object goes), which gives exactly what `resources(scenario, obj)` gives,
  in the same order, so every plan here is the plan `payplan plan` makes for that play, byte for
  byte. 1,000 distinct cards cost one gathering, not 1,000.

Besides cards (and Hidden cards facedown since an earlier turn), every ability that could be
activated now is planned (real cards: Equip, Empower, "[cost]: effect", hiding a Hidden card from
hand): each ability of each object on your board, and `hide` for each Hidden card in hand. An
ability that chooses (`targets`) is planned for each object of either board it may choose
(`engine.abilities.accepts_target`: its filter, `controller` included; Equip chooses only your
units), and the cheapest payable plan is listed (objective, then total size, then state order).
Equivalent targets are one branch (`distinct_targets`): objects of one board equal but for an
id that nothing else in the file names are told apart by no rule, so each plan of the ability
on one is, renamed, a plan on the other, with the same objective and total; the first in state
order wins every tie, so planning the first of each class lists what planning all of them
lists. 200 board objects with Equip on 101 units of three kinds: 4 plans per Equip, not 101.
Illegal abilities (exhausted, Empowered already, no target) are listed with their reasons.
A card with `targets` (what its play chooses) whose play names none is planned the same way on
each object its filter accepts (`target_plays`), the best listed.

Order of the result: playable plans first, by score, then by state order (hand, then trash,
facedown, then abilities); then the plans that are unpayable or illegal, in state order.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from ...engine.riftbound.abilities import accepts_target
from ...engine.riftbound.cards import Card, Grant
from ...engine.riftbound.cost import Cost
from ...engine.riftbound.filters import play_matches, target_matches
from ...engine.riftbound.options import PlayOptions, play_options
from ...engine.riftbound.payment import ObjectGroup, Payment, Resources, paying_objects, resources
from ...engine.riftbound.scenario import Play, Scenario
from ...engine.riftbound.state import GameObject
from ...engine.riftbound.total_cost import context
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import deadline
from ..render import table
from .fastpath import applies
from .plan import Plan, plan_options

__all__ = ["candidates", "flow_granted_anywhere", "plan_hand", "render_hand"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One card that may be played: its zone, the object, its position in state order."""

    zone: str
    obj: GameObject
    index: int


def candidates(scenario: Scenario) -> list[Candidate]:
    """Your hand, then the cards in your trash that have Flow (their own, or granted: Kennen's
    Flow equal to the printed cost, from a grant on a board or battlefield or from an effect
    in `state.you.effects`, one an earlier play of the turn created included) or that the
    file's `play` permits (`permit: true` on that object), in state order."""
    you = scenario.state.you
    given = scenario.play
    permitted = given.object if given is not None and given.permit else None
    found = [("hand", obj) for obj in you.hand]
    flow_granted = any(grant.flow_printed for on_board in (
        *scenario.state.you.board, *scenario.state.opponent.board, *scenario.state.battlefields)
        for grant in _grants_of(scenario, on_board.card)) or any(
        effect.grant.flow_printed for effect in you.effects)
    for obj in you.trash:
        card = scenario.cards.get(obj.card)
        if card is not None and (card.keywords.flow or obj.id == permitted or (
                flow_granted and _has_granted_flow(scenario, obj))):
            found.append(("trash", obj))
    for obj in you.facedown:
        card = scenario.cards.get(obj.card)
        if card is not None and card.keywords.hidden and obj.hidden_turn != "this":
            found.append(("facedown", obj))
    return [Candidate(zone, obj, i) for i, (zone, obj) in enumerate(found)]


def flow_granted_anywhere(scenario: Scenario) -> bool:
    """Whether a grant or an effect of the scenario may give a card Flow equal to its printed
    cost (Kennen): a card's grant, an effect a card's resolution creates, or an effect in
    `state.you.effects`."""
    grants = [g for card in scenario.cards.values()
              for g in (*card.grants, *(e.grant for e in card.effect_creates))]
    grants += [e.grant for e in scenario.state.you.effects]
    return any(g.flow_printed for g in grants)


def _grants_of(scenario: Scenario, card_id: str) -> tuple[Grant, ...]:
    card = scenario.cards.get(card_id)
    return card.grants if card is not None else ()


def _has_granted_flow(scenario: Scenario, obj: GameObject) -> bool:
    """Whether a grant gives the trash card `obj` a Flow instance, as the engine reads its play
    from the trash (`engine.total_cost.context`: a grant's `applies_to` and `while`)."""
    return bool(context(replace(scenario, play=Play(obj.id, "trash"))).card.keywords.flow)


def play_for_object(scenario: Scenario, zone: str, obj: GameObject) -> Play:
    """The play `payplan hand` plans for one object (see the module docstring)."""
    given = scenario.play
    if given is not None and given.object == obj.id:
        return Play(obj.id, zone, optional=given.optional, targets=given.targets,
                    permit=given.permit)
    return Play(obj.id, zone)


def plan_hand(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG) -> list[Plan]:
    """The cheapest plan of every card in hand and every Flow card in the trash; playable first."""
    shared = SharedResources(scenario)
    anonymous = Anonymous(scenario)
    options: dict[tuple[object, ...], PlayOptions] = {}
    paid: dict[tuple[object, ...], Plan] = {}  # see `_paid_key`
    planned: list[tuple[Candidate, Plan]] = []
    for cand in candidates(scenario):
        play = play_for_object(scenario, cand.zone, cand.obj)
        tries = target_plays(scenario, play)
        if tries != [play]:  # a card that chooses: its best target (`_best_of`), uncached
            planned.append((cand, _best_of(scenario, tries, config)))
            continue
        # The object but for its id (and its card, when the card is anonymous: then the card
        # but for its id and name), and the play but for the object.
        card = anonymous.stripped(cand.obj.card)
        obj_key = _but(cand.obj, ("id", "card") if card is not None else ("id",))
        key = (obj_key, _but(play, ("object",)), card)
        cached = options.get(key)
        res: Resources | None = None
        if cached is not None:
            res = shared.for_object(cand.zone, cand.obj, play.targets)
            same = _paid_key(key, cached, res, config)
            earlier = paid.get(same) if same is not None else None
            if earlier is not None:
                planned.append((cand, replace(earlier, play=dict(
                    earlier.play, object=cand.obj.id, card=scenario.cards[cand.obj.card].id))))
                continue
        here = replace(scenario, play=play)
        limit = deadline(config)  # the time limit bounds each card's plan, search included
        if cached is None:
            opts = play_options(here, limit, free=True)
            if opts.legal and opts.exact:  # an illegal play is cheap to recheck, and its
                options[key] = opts  # reasons may name it; a cut search is not shared
        else:
            own = scenario.cards[cand.obj.card]
            opts = replace(cached, ctx=replace(cached.ctx, scenario=here, play=play, obj=cand.obj,
                                               card=replace(cached.ctx.card, id=own.id,
                                                            name=own.name)))
        if res is None and opts.legal:
            res = shared.for_object(cand.zone, cand.obj, play.targets)
        got = plan_options(here, opts, config, res, limit)
        same = _paid_key(key, opts, res, config) if res is not None else None
        if same is not None and got.optimal:
            paid[same] = got
        planned.append((cand, got))
    index = len(planned)
    for obj, plays in ability_candidates(scenario, anonymous):
        planned.append((Candidate("board", obj, index), _best_of(scenario, plays, config)))
        index += 1
    playable = sorted(
        ((c, p) for c, p in planned if p.status == "ok"),
        key=lambda cp: (cp[1].score if cp[1].score is not None else 0, cp[0].index),
    )
    rest = [(c, p) for c, p in planned if p.status != "ok"]
    return [p for _, p in playable + rest]


def target_plays(scenario: Scenario, play: Play) -> list[Play]:
    """The plays to try for a card play that names no targets: one per object on a board (yours
    first, each board in state order) its card's `targets` accepts (as an ability's targets are
    tried: `ability_candidates`); the play itself where the card chooses nothing, names its
    targets, or no object is accepted (then it is illegal, with the reason)."""
    found = scenario.state.you.find(play.object)
    card = scenario.cards.get(found[1].card) if found is not None else None
    if card is None or card.targets is None or play.targets or play.ability is not None:
        return [play]
    plays = [replace(play, targets=(t.id,)) for who in ("you", "opponent")
             for t in scenario.state.player(who).board
             if target_matches(scenario, card.targets, t)]
    return plays or [play]


def ability_candidates(scenario: Scenario, anonymous: Anonymous | None = None
                       ) -> list[tuple[GameObject, list[Play]]]:
    """Each ability that could be activated now, with the plays to try (one per target its
    filter accepts, or one without targets; with `anonymous`, one per class of equivalent
    targets: `distinct_targets`): abilities of your board objects in state order, then hiding
    each Hidden card in your hand."""
    you = scenario.state.you
    out: list[tuple[GameObject, list[Play]]] = []
    for obj in you.board:
        card = scenario.cards.get(obj.card)
        if card is None:
            continue
        for ability in card.abilities:
            if ability.kind == "payment":
                continue  # an effect's "pay X": the effect says when, not the player
            if ability.targets is None:
                out.append((obj, [Play(obj.id, "board", ability=ability.id)]))
                continue
            targets = [(who, t) for who in ("you", "opponent")
                       for t in scenario.state.player(who).board
                       if accepts_target(scenario, ability, t)]
            if anonymous is not None:
                targets = distinct_targets(targets, obj, anonymous)
            plays = [Play(obj.id, "board", targets=(t.id,), ability=ability.id)
                     for _, t in targets]
            out.append((obj, plays or [Play(obj.id, "board", ability=ability.id)]))
    for obj in you.hand:
        card = scenario.cards.get(obj.card)
        if card is not None and card.keywords.hidden:
            out.append((obj, [Play(obj.id, "hand", ability="hide")]))
    return out


def distinct_targets(targets: list[tuple[str, GameObject]], played: GameObject,
                     anonymous: Anonymous) -> list[tuple[str, GameObject]]:
    """The first target (owner, object), in state order, of each class of equivalent ones:
    objects of one player equal in every field but their id, none of them the object whose
    ability is played, whose ids no other string of the file holds (`Anonymous`).

    Why one stands for its class: no rule reads an object's id but to compare it with a string
    of the file (a filter's `id`, a play's targets), and none of those names these, so renaming
    the two objects into each other maps the scenario onto one that differs only in the order
    of two equal objects, and a plan of the ability on one onto a plan on the other: same
    legality, total and score, hence the same objective and size, all `_better` compares.
    The first of them wins that tie, so it is the one listed either way."""
    if not anonymous.sure:
        return targets
    out: list[tuple[str, GameObject]] = []
    seen: set[tuple[object, ...]] = set()
    for owner, target in targets:
        if target.id == played.id or target.id in anonymous.mentioned:
            out.append((owner, target))
            continue
        key = (owner, _but(target, ("id",)))
        if key not in seen:
            seen.add(key)
            out.append((owner, target))
    return out


def _best_of(scenario: Scenario, plays: list[Play], config: SolverConfig) -> Plan:
    """The plan listed for one object tried on several targets: the best by `_better`, the
    first of equals."""
    best: Plan | None = None
    for play in plays:
        here = replace(scenario, play=play)
        limit = deadline(config)  # the time limit bounds each plan, search included
        got = plan_options(here, play_options(here, limit, free=True), config, limit=limit)
        if best is None or _better(got, best):
            best = got
    assert best is not None
    return best


def _better(a: Plan, b: Plan) -> bool:
    """Whether plan `a` (of one ability on another target) is listed rather than `b`."""
    if (a.status == "ok") != (b.status == "ok"):
        return a.status == "ok"
    if a.status != "ok" or a.objective is None or b.objective is None:
        return False
    size_a = a.total.size if a.total is not None else 0
    size_b = b.total.size if b.total is not None else 0
    return (a.objective, size_a) < (b.objective, size_b)


def _paid_key(key: tuple[object, ...], opts: PlayOptions, res: Resources,
              config: SolverConfig) -> tuple[object, ...] | None:
    """What the plan of a play whose options are shared under `key` depends on besides them,
    when the fast path pays it: the runes and the pool (it reads nothing else of the resources,
    and naming the payment reads the objects only for non-standard costs, which these options
    lack). Two plays with one such key get one plan but for the object and card they name.
    None where that does not hold (sources, non-standard costs, the model, a cut search)."""
    if not (opts.legal and opts.exact and config.fast_path and not opts.free and not res.sources
            and all(not o.total.other for o in opts.options) and applies(opts.options, res)):
        return None
    return (key, res.runes, res.pool_energy, res.pool_power)


class Anonymous:
    """Which cards nothing in the scenario tells apart from a card equal to them but for their
    id and name: their id and name appear nowhere else (every string of the scenario is read,
    all but the cards' own ids and names and the objects' ids and card ids), and their own
    discounts have ids (a discount without one is labelled with the card's id). Such a card can
    be swapped with its twin everywhere and no rule reads a difference: no filter, condition
    or amount names it, and every other field is equal."""

    def __init__(self, scenario: Scenario) -> None:
        self.cards = scenario.cards
        self.sure, self.mentioned = _strings(scenario)
        self._stripped: dict[str, tuple[object, ...] | None] = {}

    def stripped(self, card_id: str) -> tuple[object, ...] | None:
        """The card but for its id and name (`_but`) when it is anonymous, else None."""
        if card_id in self._stripped:
            return self._stripped[card_id]
        card = self.cards.get(card_id)
        out = None
        if (self.sure and card is not None and card.id not in self.mentioned
                and card.name not in self.mentioned and all(d.id for d in card.discounts)):
            out = _but(card, ("id", "name"))
        self._stripped[card_id] = out
        return out


_IDENTITY = {Card: ("id", "name"), GameObject: ("id", "card")}
_NAMES: dict[tuple[type, tuple[str, ...]], tuple[str, ...]] = {}


def _but(value: Any, skip: tuple[str, ...]) -> tuple[object, ...]:
    """A dataclass value's type and fields, all but `skip`: equal exactly when the values are
    equal but for those fields (cheaper than `replace` with blanks)."""
    names = _NAMES.get((type(value), skip))
    if names is None:
        names = _NAMES[(type(value), skip)] = tuple(
            f.name for f in fields(value) if f.name not in skip)
    return (type(value), *(getattr(value, name) for name in names))


_ATOMS = (bool, int, float, type(None))


def _strings(scenario: Scenario) -> tuple[bool, set[str]]:
    """Every string the scenario holds but the cards' ids and names and the objects' ids and
    card ids (the keys of `cards` are card ids too); False if some value is of a kind not read
    here (then no card counts as anonymous).

    A tuple, or a frozen dataclass whose every field compares, equal to one already read holds
    the same strings (equal values have equal parts), so it is read once: the many equal costs
    and keywords of a large file are not walked again."""
    out: set[str] = set()
    seen: set[int] = set()  # values read, by identity
    equal: set[object] = set()  # values read, by value (`_by_value`)
    names: dict[type, tuple[str, ...]] = {}
    by_value: dict[type, bool] = {tuple: True}
    stack: list[object] = [getattr(scenario, f.name) for f in fields(scenario) if f.name != "cards"]
    stack.extend(scenario.cards.values())
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
            continue
        if isinstance(x, _ATOMS) or id(x) in seen:
            continue
        seen.add(id(x))
        kind = type(x)
        valued = by_value.get(kind)
        if valued is None:
            valued = by_value[kind] = _by_value(kind)
        if valued:
            try:
                if x in equal:
                    continue
                equal.add(x)
            except TypeError:  # a tuple holding something unhashable: read it
                pass
        read = names.get(kind)
        if read is not None:
            stack.extend(getattr(x, name) for name in read)
        elif isinstance(x, (tuple, list, frozenset, set)):
            stack.extend(x)
        elif isinstance(x, Mapping):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif is_dataclass(x) and not isinstance(x, type):
            skip = _IDENTITY.get(kind, ())
            read = names[kind] = tuple(f.name for f in fields(x) if f.name not in skip)
            stack.extend(getattr(x, name) for name in read)
        else:
            return False, out
    return True, out


def _by_value(kind: type) -> bool:
    """Whether values of this type that are equal hold the same strings: tuples, and frozen
    dataclasses whose fields all take part in equality."""
    if kind is tuple:
        return True
    if not is_dataclass(kind):
        return False
    params = getattr(kind, "__dataclass_params__", None)
    return bool(params is not None and params.frozen and params.eq
                and all(f.compare for f in fields(kind)))


class SharedResources:
    """`engine.payment.resources(scenario, obj)` for many played objects, gathered by the engine
    once per set of `only_for` sources that admit the play (see the module docstring).

    Objects that are themselves sources, and every object when a source has a `while`, are
    computed by the engine every time: the engine keeps such an object in a group of its own,
    which taking it out would not reproduce, and a `while` may read the played card.
    """

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        you = scenario.state.you
        self._source_ids = frozenset(s.id for s in you.sources)
        self._restricted = [s for s in you.sources if s.only_for is not None]
        # A source with a `while` reads the played card in ways not shared here: the engine
        # then gathers for every play.
        self._conditional = any(s.while_ for s in you.sources)
        walk = [obj for _, _, obj in paying_objects(scenario)]  # the order `resources` groups in
        self._position = {o.id: k for k, o in enumerate(walk)}
        self._objects = {o.id: o for o in walk}
        # admitted sources -> (resources with nothing left out, group of each object id,
        # position of each group's first object)
        self._gathered: dict[tuple[bool, ...], tuple[Resources, dict[str, int], list[int]]] = {}

    def for_object(self, zone: str, obj: GameObject, targets: tuple[str, ...] = ()) -> Resources:
        """What can pay for a play of `obj` (from `zone`) choosing `targets`, equal to
        `resources(scenario, obj, targets=targets)` (a play with targets has them in groups of
        their own: the engine gathers for it)."""
        if obj.id in self._source_ids or self._conditional or targets:
            return resources(self.scenario, obj, targets=targets)
        card = self.scenario.cards.get(obj.card)
        admitted = tuple(card is not None and s.only_for is not None
                         and play_matches(self.scenario, s.only_for, card, zone, obj)
                         for s in self._restricted)
        known = self._gathered.get(admitted)
        if known is None:
            res = resources(self.scenario, obj, leave_out=False)
            group_of = {i: g for g, group in enumerate(res.objects) for i in group.ids}
            firsts = [self._position[group.ids[0]] for group in res.objects]
            known = self._gathered[admitted] = (res, group_of, firsts)
        res, group_of, firsts = known
        g = group_of.get(obj.id)
        if g is None:  # not expected: the engine knows best
            return resources(self.scenario, obj)
        return self._without(res, g, firsts, obj)

    def _without(self, res: Resources, g: int, firsts: list[int], out: GameObject) -> Resources:
        """`res` (nothing left out) without `out`, which is in group g: as the engine would
        group what is left, each group in the order its first object is met."""
        group = res.objects[g]
        groups = list(res.objects)
        del groups[g]
        ids = tuple(i for i in group.ids if i != out.id)
        if ids:
            sample = group.sample if group.sample.id != out.id else self._objects[ids[0]]
            patched = ObjectGroup(group.zone, group.owner, ids, sample)
            at = g
            if group.ids[0] == out.id:  # its first object went: it moves to its next one's place
                rest = firsts[:g] + firsts[g + 1:]
                at = bisect.bisect_left(rest, self._position[ids[0]])
            groups.insert(at, patched)
        return replace(res, objects=tuple(groups))


# --- Text ---------------------------------------------------------------------------------------


def payment_text(pay: Payment) -> str:
    """One line a player follows: what to spend, in the order of the plan's payment."""
    parts: list[str] = []
    if pay.pool_energy or any(pay.pool_power):
        parts.append(f"pool {Cost(pay.pool_energy, pay.pool_power)}")
    if pay.exhaust:
        parts.append("exhaust " + " ".join(pay.exhaust))
    if pay.recycle:
        parts.append("recycle " + " ".join(f"{r}->{pays}" for r, pays in pay.recycle))
    if pay.sources:
        parts.append("use " + " ".join(pay.sources))
    for source, ids in pay.source_kills:
        parts.append(f"kill {' '.join(ids)} for {source}")
    for kind, ids in pay.other:
        parts.append(kind.replace("_", " ") + " " + " ".join(ids))
    return "; ".join(parts) if parts else "nothing (free)"


def _name(p: Plan) -> str:
    """The card, and the ability for an ability play (`serrated-dirk: equip -> u1`)."""
    if "ability" not in p.play:
        return p.play["card"]
    target = f" -> {p.play['targets']}" if p.play.get("targets") else ""
    return f"{p.play['card']}: {p.play['ability']}{target}"


def render_hand(plans: list[Plan]) -> str:
    """A table of every card you could play, cheapest first, then why the others can't be."""
    if not plans:
        return "Nothing to plan: your hand is empty and no card in your trash has Flow."
    ok = [p for p in plans if p.status == "ok"]
    head = f"{len(plans)} card{'s' * (len(plans) != 1)} to play: {len(ok)} playable"
    if len(ok) != len(plans):
        head += f", {len(plans) - len(ok)} not"
    rows: list[tuple[object, ...]] = []
    for p in plans:
        where = p.play["from"]
        if p.base is not None and p.base.kind == "flow":
            where += f" (Flow {p.base.cost})"
        if p.status == "ok" and p.total is not None and p.payment is not None:
            total = str(p.total)
            if p.paid_optional:
                total += " with " + ", ".join(p.paid_optional)
            rows.append((_name(p), p.play["object"], where, p.status, total, p.score,
                         payment_text(p.payment)))
        else:
            rows.append((_name(p), p.play["object"], where, p.status, "-", "-", "see below"))
    columns = ["card", "object", "from", "status", "total", "score", "pay with"]
    out = [head + "; each row plans that card alone, with everything you have now.", "",
           table(columns, rows)]
    blocked = [p for p in plans if p.status != "ok"]
    if blocked:
        out += ["", "Not playable now:"]
        for p in blocked:
            out.append(f"  {_name(p)} ({p.play['object']}, from {p.play['from']}): {p.status}")
            out += [f"    - {reason}" for reason in p.reasons]
    return "\n".join(out)
