"""Every cost option of one cast (601.2a-b: zone and timing; 601.2b announcements; 601.2f total).

For each legal way to cast (normal, flashback, an alternative cost, without paying its mana
cost), each set of optional additional costs (`auto` tried paid and unpaid; multikicker and
replicate each count from 0 to what the resources could ever pay, a `count: any` part from 0 to
the objects that could match it), each X (`x: auto`: 0 to what the resources could ever pay),
and each announcement of the hybrid and Phyrexian pips (as a multiset per kind of symbol:
interchangeable pips need not be told apart), one priced option.
Options with the same total are one; a total another option of the same cast, optional costs and
X beats on every part (no more mana of any kind, no more life, the same non-mana parts) is left
out: it can never pay less. Options come out in a deterministic order: cast (as `casts` lists
them), optional costs (fewer first), X, then the cheapest total first.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..discounts import NO_DEADLINE, Deadline
from ..problems import Problem
from ..reading import MAX_AMOUNT
from .cards import TURN_FACE_UP, ZONE_OF_KIND, Card, Obj, OtherCost, Play, Scenario
from .mana import NO_MANA, TYPES, Mana, Symbol, add, total
from .total_cost import (
    Changer,
    Choices,
    Priced,
    additional_costs,
    assembled,
    base_cost,
    changers,
    commander_casts,
    loyalty_cost,
    object_matches,
    played_card,
    prepared,
    price,
    reaching_grants,
    signed,
    summoning_sick,
)

MAX_ANNOUNCEMENTS = 4096  # distinct hybrid/Phyrexian announcements priced per cast
MAX_COUNT = 20  # multikicker / replicate counts tried under `auto`, at most
COMPACT_FROM = 100  # options past which `linear_choices` describes them instead of a list: past
# about this many the model deciding the choices beats the list (X on 120 sources, 112 options:
# 1.1 s against 2.3 s under load)


class TooManyChoices(Exception):
    """More announcements than the planner prices; a bad file, not a crash."""


@dataclass(frozen=True, slots=True)
class Part:
    """What a choice adds to the total each time it is made: plain mana, life, and how many
    announced (hybrid and Phyrexian) symbols of each kind, by the symbol's text."""

    mana: Mana
    life: int
    announced: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Way:
    """One way to cast with nothing optional paid and X = 0 (`base`, its announced symbols
    not yet announced, the increases included), its non-mana parts, and its X: `x_count` {X}
    symbols, `x_life` life per X (`{pay_life: X}`), X from `x_low` to `x_high`."""

    cast: str
    base: Part
    other: tuple[OtherCost, ...]
    x_count: int
    x_low: int
    x_high: int
    x_life: int = 0


@dataclass(frozen=True, slots=True)
class Counted:
    """One optional cost: paid from `low` to `high` times, each time adding `part`."""

    name: str
    low: int
    high: int
    part: Part


@dataclass(frozen=True, slots=True)
class Linear:
    """Every cost option of a cast, as choices whose parts add up (`linear_choices`): one way,
    a count of each optional cost, X, and how many pips of each announced kind take each half
    (`halves`: the kind's text and its halves, each half's mana and life). The total of a set
    of choices is the sum of its parts; `price` gives the same total (the planner checks)."""

    ways: tuple[Way, ...]
    counted: tuple[Counted, ...]
    halves: tuple[tuple[str, tuple[tuple[str, Mana, int], ...]], ...]


@dataclass(frozen=True, slots=True)
class CastOptions:
    card: Card
    obj: Obj
    zone: str
    reasons: tuple[str, ...]
    options: tuple[Priced, ...]
    auto: tuple[str, ...]  # the optional costs the planner decides (`auto`)
    x_auto: bool
    linear: Linear | None = None  # set instead of `options` when the list would be long
    play: Play | None = None  # the play `linear` describes
    cut: bool = False  # the deadline stopped the pricing: `options` may miss some

    @property
    def legal(self) -> bool:
        return not self.reasons


def permitted(scenario: Scenario, card: Card, zone: str) -> bool:
    """Whether a permanent's grant `cast_from: ZONE` lets `card` of yours be cast from `zone`
    (the graveyard or exile) as from the hand (Karador, Muldrotha; 601.2a's permission)."""
    return zone in ("graveyard", "exile") and any(
        g.cast_from == zone for *_, g in reaching_grants(scenario, card))


def casts(card: Card, zone: str, play: Play, sorcery_speed: bool, allowed: bool = False
          ) -> tuple[list[str], list[str]]:
    """The ways to cast `card` from `zone` that `play.cast` allows, and why the others can't.
    `allowed`: a permission (`permitted`) lets it be cast from `zone` as from the hand."""
    reasons: list[str] = []
    if "land" in card.types:
        return [], [f"{card.shown()} is a land: it is played, not cast (305.1)"]
    if not (card.flash or "instant" in card.types) and not sorcery_speed:
        reasons.append(f"{card.shown()} can be cast only at sorcery speed: in your main phase with "
                       f"an empty stack (307.1, 301)")
    ways: list[str] = []
    home = zone in ("hand", "command") or allowed
    if home:
        ways.append("normal")
    if zone == "graveyard" and card.flashback is not None:
        ways.append("flashback")
    for alt in card.alternative:
        if alt.zone == zone or (alt.zone is None and home):
            ways.append(alt.id)
    ways.append("without_paying")  # an effect's permission: only when the play asks for it
    wanted = play.cast
    if wanted == "auto":
        ways = [w for w in ways if w != "without_paying"]
    elif wanted in ways:
        ways = [wanted]
    else:
        if wanted == "flashback":
            reasons.append(f"flashback casts {card.shown()} from the graveyard only (702.34a); it is "
                           f"in the {zone}")
        elif wanted == "normal":
            reasons.append(f"{card.shown()} is in the {zone}: without an effect that allows it, a "
                           f"spell is cast from the hand (601.2a)")
        else:
            reasons.append(f"{wanted} can't be used to cast {card.shown()} from the {zone}")
        ways = []
    if not ways and not reasons:
        reasons.append(f"{card.shown()} can't be cast from the {zone} (601.2a): flashback casts from "
                       f"the graveyard, other spells from the hand")
    if reasons:
        return [], reasons
    return ways, []


def activations(card: Card, obj: Obj, scenario: Scenario) -> tuple[list[str], list[str]]:
    """Whether the ability `card` stands in for (`ability_card`) can be activated now: as a
    sorcery only at sorcery speed (602.5d); {T} only while its permanent is untapped, and for a
    creature not summoning sick (302.6). One way: `ability`."""
    if card.special:  # turning a face-down permanent face up: a special action, any time
        return [TURN_FACE_UP], []
    reasons: list[str] = []
    found = scenario.state.you.find(obj.id)
    if found is not None and found[0] != card.ability_zone:
        reasons.append(f"{card.title} is activated from your {card.ability_zone} and {obj.id} "
                       f"is in your {found[0]} (113.6)")
    if not card.flash and not scenario.state.sorcery_speed:
        reasons.append(f"{card.title} can be activated only as a sorcery: in your main phase with "
                       f"an empty stack (602.5d)")
    assert card.activation is not None
    taps = any(o.kind == "tap_untapped" and o.filter.object == obj.id for o in card.activation.other)
    if taps and obj.tapped:
        reasons.append(f"{card.title} costs {{T}} and {obj.id} is tapped (602.5a)")
    elif taps and summoning_sick(scenario, obj):
        reasons.append(f"{card.title} costs {{T}} and {obj.id} is a summoning-sick creature (302.6)")
    reasons += counter_reasons(card, obj, scenario)
    return ([], reasons) if reasons else (["ability"], [])


def counter_reasons(card: Card, obj: Obj, scenario: Scenario) -> list[str]:
    """Why the counters on `obj` can't pay the cost of the ability `card` stands in for: its
    `remove_counters` need that many there; a loyalty ability (606.3) once a turn per
    permanent, and a negative loyalty cost (after the changers, 606.4) that many loyalty
    counters (606.6)."""
    reasons: list[str] = []
    for kind, n in card.remove:
        if obj.counter(kind) < n:
            reasons.append(f"{card.title} removes {n} {kind} counter{'s' * (n != 1)} and {obj.id} "
                           f"has {obj.counter(kind)} (a cost is paid only in full, 601.2h)")
    loyalty = loyalty_cost(scenario, card)
    if loyalty is None:
        return reasons
    if obj.loyalty_activated:
        reasons.append(f"a loyalty ability of {obj.id} was activated this turn: one per "
                       f"permanent a turn (606.3)")
    have = obj.counter("loyalty")
    if loyalty < 0 and have < -loyalty:
        reasons.append(f"{card.title} costs {signed(loyalty)} loyalty and {obj.id} has {have} "
                       f"loyalty counter{'s' * (have != 1)} (606.6)")
    return reasons


def optional_sets(scenario: Scenario, card: Card, play: Play, cap: int
                  ) -> list[tuple[tuple[str, int], ...]]:
    """Every (name, times) set the play may pay: `yes` once (or the count given), `no` never,
    `auto` both; a counted cost under `auto` from 0 to `cap` times (its mana can't exceed what
    the resources could pay); a cost with a `count: any` part under `auto` from 0 to as many
    objects as could match it (`any_high`), one option per count (as multikicker's)."""
    per_name: list[list[tuple[str, int]]] = []
    for name in card.optional_names():
        choice = play.optional.get(name, "no")
        if isinstance(choice, int):
            per_name.append([(name, choice)])
        elif choice == "yes":
            per_name.append([(name, 1)])
        elif choice == "no":
            per_name.append([(name, 0)])
        elif card.takes_any(name):
            per_name.append([(name, k) for k in range(any_high(scenario, card, play, name) + 1)])
        elif card.counted(name):
            cost = card.optional_cost(name)
            each = max(1, total(cost.mana.plain()) + sum(s.kind != "x" and s.kind not in ("generic", "color")
                                                           for s in cost.mana.symbols))
            top = min(MAX_COUNT, cap // each if cost.mana.symbols else MAX_COUNT)
            per_name.append([(name, k) for k in range(top + 1)])
        else:
            per_name.append([(name, 0), (name, 1)])
    out = []
    for combo in itertools.product(*per_name):
        out.append(tuple((n, k) for n, k in combo if k))
    out.sort(key=lambda s: (sum(k for _, k in s), s))
    return out


def any_high(scenario: Scenario, card: Card, play: Play, name: str) -> int:
    """The most objects the `count: any` part of the optional cost `name` could take: your
    objects in its kind's zone matching its filter (untapped ones for `tap_untapped`; the card
    played is on the stack, not in a zone). Counts beyond can't be paid."""
    part = card.optional_cost(name).any_part
    assert part is not None
    objects = scenario.state.you.zone(ZONE_OF_KIND[part.kind])
    return sum(1 for o in objects if o.id != play.object
               and not (part.kind == "tap_untapped" and o.tapped)
               and object_matches(scenario, part.filter, o))


def announcements(symbols: tuple[Symbol, ...]) -> list[tuple[str, ...]]:
    """Every distinct announcement of the announced symbols, in cost order; pips of one kind
    are interchangeable, so only how many take each half matters."""
    kinds: dict[str, list[int]] = {}
    for i, s in enumerate(symbols):
        if s.announced:
            kinds.setdefault(s.text, []).append(i)
    per_kind = []
    count = 1
    for where in kinds.values():
        halves = symbols[where[0]].halves()
        combos = list(itertools.combinations_with_replacement(range(len(halves)), len(where)))
        count *= len(combos)
        if count > MAX_ANNOUNCEMENTS:
            raise TooManyChoices(f"more than {MAX_ANNOUNCEMENTS} ways to announce its hybrid and "
                                 f"Phyrexian pips")
        per_kind.append([(where, tuple(halves[h] for h in combo)) for combo in combos])
    out = []
    for pick in itertools.product(*per_kind):
        chosen: dict[int, str] = {}
        for where, halves in pick:
            chosen.update(zip(where, halves))
        out.append(tuple(chosen[i] for i in sorted(chosen)))
    return out


def cast_options(scenario: Scenario, play: Play, mana_cap: int,
                 compact: bool = False, deadline: Deadline = NO_DEADLINE,
                 card: Card | None = None) -> CastOptions:
    """All cost options of the cast `play` describes, or the reasons it is illegal.

    `mana_cap` bounds X and the counts under `auto`: the most mana (and convoke, delve,
    improvise) the resources could ever give, plus every reduction. With `compact`, a cast
    whose list would hold `COMPACT_FROM` options or more and whose total adds up from its
    choices (`linear_choices`) comes back as `linear`, its `options` empty. Past `deadline`
    the pricing stops (`cut`): the options priced so far come back. `card`: the caller's
    `played_card(scenario, play)`, when it has it."""
    return _options(scenario, play, mana_cap, None, compact, deadline, card)[0]


@dataclass(frozen=True, slots=True)
class Chosen:
    """The choices a payment the player chose names beside it (`payplan check`), in the plan's
    shape, each None where it leaves that choice open: the way cast (`cast`), X (`x`), the
    optional costs paid with how many times (`paid`), and the announced halves of the hybrid
    and of the Phyrexian pips (`announced.hybrid`, `announced.phyrexian`, each in cost order)."""

    cast: str | None = None
    x: int | None = None
    paid: tuple[tuple[str, int], ...] | None = None
    hybrid: tuple[str, ...] | None = None
    phyrexian: tuple[str, ...] | None = None


def chosen_casts(scenario: Scenario, play: Play, mana_cap: int, chosen: Chosen
                 ) -> tuple[CastOptions, tuple[Problem, ...]]:
    """The cost options of the cast that `chosen` allows, in `cast_options`' order, and the
    problems with the choices themselves (each at its key: `cast`, `x`, `paid`, `announced`).

    Every total is kept, one option per total: unlike `cast_options`, a total another beats on
    every part is not left out, as a payment of it (its life, its convoked pips) need not pay
    the other. The options always come as a list (never compact, `linear`) and are all priced
    (no deadline): `check` needs each total the choices allow, not the model's choices."""
    return _options(scenario, play, mana_cap, chosen, compact=False)


def _options(scenario: Scenario, play: Play, mana_cap: int, chosen: Chosen | None,
             compact: bool = False, deadline: Deadline = NO_DEADLINE, card: Card | None = None
             ) -> tuple[CastOptions, tuple[Problem, ...]]:
    """`cast_options` (`chosen` None) or `chosen_casts`, with the problems of `chosen`. The
    chosen path never compacts (its caller passes `compact` False): a payment is checked
    against listed totals."""
    found = scenario.state.played(play.object)
    assert found is not None, "the loader checked the played object"
    zone_found, obj = found
    zone = play.zone
    card = card if card is not None else played_card(scenario, play)
    auto = tuple(n for n in card.optional_names() if play.optional.get(n, "no") == "auto")
    if scenario.state.you.find(play.object) is None:
        why = (f"{obj.id} is in the opponent's {zone_found}: you cast only your own cards",)
        return CastOptions(card, obj, zone_found, why, (), auto, play.x is None), ()
    unknown = [n for n, choice in play.optional.items()
               if n not in card.optional_names() and choice != "no"]
    if unknown:
        has = card.optional_names()
        listed = f"it has: {', '.join(has)}" if has else "it has none"
        lacking = tuple(f"{card.shown()} has no optional cost {n} ({listed})" for n in unknown)
        return CastOptions(card, obj, zone, lacking, (), auto, play.x is None), ()
    if zone_found != zone:
        why = (f"{obj.id} is in your {zone_found}, not your {zone}",)
        return CastOptions(card, obj, zone, why, (), auto, play.x is None), ()
    if card.activation is not None:
        ways, problems = activations(card, obj, scenario)
    else:
        ways, problems = casts(card, zone, play, scenario.state.sorcery_speed,
                               permitted(scenario, card, zone))
    if problems:
        return CastOptions(card, obj, zone, tuple(problems), (), auto, play.x is None), ()
    wrong: list[Problem] = []
    x_auto = play.x is None
    fixed_set: tuple[tuple[str, int], ...] | None = None
    if chosen is not None:
        if chosen.cast is not None and chosen.cast not in ways:
            wrong.append(Problem(("cast",), f"{chosen.cast!r} is not a way to cast this play "
                                            f"(it may: {', '.join(ways)})"))
        ways = [w for w in ways if chosen.cast is None or w == chosen.cast]
        if chosen.x is not None:
            x_auto = False
        if chosen.paid is not None:
            fixed_set, named = _chosen_set(card, play, chosen.paid)
            wrong += named
    if wrong:
        return CastOptions(card, obj, zone, (), (), auto, x_auto), tuple(wrong)
    changing: tuple[Changer, ...] = changers(scenario, card, play.targets, play.object)
    reduction = sum(c.generic + total(c.colored) for c in changing) + sum(
        c.each * any_high(scenario, card, play, c.per_paid) for c in changing
        if c.per_paid is not None and card.takes_any(c.per_paid))
    x_auto = x_auto and any(any(x_parts(card, c)) for c in ways)
    # Never on the chosen path (`chosen_casts` passes False): check lists its totals. Where
    # `listed_most` bounds the list below `COMPACT_FROM`, `_listed` of any `linear_choices`
    # would too, so the list is priced without working the choices out.
    if compact and listed_most(card, play, ways, mana_cap,
                               scenario.state.you.life) >= COMPACT_FROM:
        linear = linear_choices(scenario, card, play, ways, changing, mana_cap)
        if linear is not None and _listed(linear) >= COMPACT_FROM:
            return CastOptions(card, obj, zone, (), (), auto, x_auto, linear, play), ()
    options: list[Priced] = []
    announced_any = False
    for cast in ways:
        base, _ = base_cost(card, cast)
        x_count, x_life = x_parts(card, cast)
        if not x_count and not x_life:
            xs = [0]
        elif play.x is not None:
            xs = [play.x]
        elif chosen is not None and chosen.x is not None:
            xs = [chosen.x]
        else:
            xs = list(range(x_high(x_count, x_life, mana_cap + reduction,
                                   scenario.state.you.life) + 1))
        if chosen is not None and chosen.x is not None:  # the X of this way: 0 if it has none
            xs = [x for x in xs if x == chosen.x]
            if not xs:
                continue
        sets = ([fixed_set] if fixed_set is not None
                else optional_sets(scenario, card, play, mana_cap + reduction))
        for optional in sets:
            symbols = list(base.mana.symbols)
            for _, cost in additional_costs(card, play, Choices(cast, optional)):
                symbols.extend(cost.mana.symbols)
            spoken = [halves for halves in announcements(tuple(symbols))
                      if chosen is None or _announces(tuple(symbols), halves, chosen)]
            announced_any = announced_any or bool(spoken)
            ready = prepared(scenario, card, play, cast, optional, changing) if spoken else None
            for x in xs:
                if deadline.passed():
                    return CastOptions(card, obj, zone, (), tuple(options), auto, x_auto,
                                       cut=True), tuple(wrong)
                priced = [price(scenario, card, play, Choices(cast, optional, x, halves), changing,
                                ready)
                          for halves in spoken]
                options.extend(_kept(priced) if chosen is None else _distinct(priced))
    if chosen is not None and chosen.x is not None and not options:
        said = (f"the play announces X = {play.x}" if play.x is not None else "the cost has no {X}")
        wrong.append(Problem(("x",), f"no way to cast it has X = {chosen.x}: {said}"))
    if chosen is not None and not announced_any and ways:
        wrong.append(Problem(("announced",), "not an announcement of this cost's hybrid and "
                                             "Phyrexian pips (each half, in cost order)"))
    return CastOptions(card, obj, zone, (), tuple(options), auto, x_auto), tuple(wrong)


def x_parts(card: Card, cast: str) -> tuple[int, int]:
    """What X is announced for in a way to cast: its {X} symbols (none without paying its mana
    cost) and its X life costs (`{pay_life: X}` in its cost and its mandatory additional
    costs, paid whichever way it is cast: Toxic Deluge cast without paying its mana cost still
    pays X life). A spell with {X} in its mana cost cast paying neither it nor a cost with {X}
    (without paying, an alternative cost without {X}) has X = 0 (107.3b), X life included (Bond
    of Agony). The loader refuses X life in an optional cost."""
    base, _ = base_cost(card, cast)
    mana_x = 0 if cast == "without_paying" else base.mana.x_count
    if card.activation is None and card.cost.x_count and not mana_x and not base.x_life:
        return 0, 0  # 107.3b: {X} in its mana cost, paying neither it nor a cost with X: X = 0
    life_x = base.x_life + sum(a.cost.x_life for a in card.additional if a.mandatory)
    return mana_x, life_x


MAX_X = MAX_AMOUNT
"""The largest X `x: auto` chooses: the most a play may name (`play.x`, `payplan check`'s `x`),
so that every X a plan answers can be named back."""


def x_high(x_count: int, x_life: int, mana: int, life: int) -> int:
    """The largest X worth pricing under `x: auto`: what `mana` (the most the resources and
    the reductions could ever give) pays for the {X} symbols, and what your `life` pays for
    the X life costs (119.4: life is paid only while your life total is at least the amount;
    paying to 0 is allowed), the smaller of the two where there are both; at most `MAX_X`."""
    bounds = [MAX_X]
    if x_count:
        bounds.append(mana // x_count)
    if x_life:
        bounds.append(life // x_life)
    return min(bounds) if x_count or x_life else 0


def _chosen_set(card: Card, play: Play, paid: tuple[tuple[str, int], ...]
                ) -> tuple[tuple[tuple[str, int], ...], list[Problem]]:
    """The optional set a payment's `paid` names, in canonical order, and what is wrong with it
    by what the card has and what the play says of each cost (`yes`, `no`, a count)."""
    names = card.optional_names()
    counts = dict(paid)
    wrong = []
    has = f" (it has: {', '.join(names)})" if names else " (it has none)"
    for name, n in paid:
        if name not in names:
            wrong.append(Problem(("paid", name), f"{card.shown()} has no optional cost {name!r}{has}"))
        elif n != 1 and not card.counted(name):
            wrong.append(Problem(("paid", name), f"{name} is paid once or not at all"))
    for name in names:
        said = play.optional.get(name, "no")
        n = counts.get(name, 0)
        if said == "yes" and n == 0:
            wrong.append(Problem(("paid",), f"the play says optional cost {name} is paid"))
        elif said == "no" and n:
            wrong.append(Problem(("paid", name), f"the play says optional cost {name} is not paid"))
        elif isinstance(said, int) and n != said:
            wrong.append(Problem(("paid",), f"the play pays optional cost {name} {said} times"))
    return tuple((n, counts[n]) for n in names if counts.get(n)), wrong


def _announces(symbols: tuple[Symbol, ...], halves: tuple[str, ...], chosen: Chosen) -> bool:
    """Whether an announcement is the one `chosen` names: per kind of pip (hybrid, Phyrexian),
    the halves it names in cost order, paired with the pips, as the same multiset (pips of one
    kind are interchangeable)."""
    pips = [s for s in symbols if s.announced]
    for named, phyrexian in ((chosen.hybrid, False), (chosen.phyrexian, True)):
        if named is None:
            continue
        mine = [(s.text, h) for s, h in zip(pips, halves) if (s.kind == "phyrexian") == phyrexian]
        kind = [s for s in pips if (s.kind == "phyrexian") == phyrexian]
        if len(named) != len(kind) or sorted(mine) != sorted(zip((s.text for s in kind), named)):
            return False
    return True


def _distinct(priced: list[Priced]) -> list[Priced]:
    """One option per total (the first), cheapest first; none left out."""
    by_total: dict[tuple[object, ...], Priced] = {}
    for p in priced:
        by_total.setdefault((p.mana, p.life, p.other), p)
    return sorted(by_total.values(), key=lambda p: (total(p.mana) + p.life, p.mana, p.life))



def _counts(card: Card, play: Play, name: str, cap: int) -> tuple[int, int]:
    """How many times the optional cost `name` may be paid (as `optional_sets` lists them)."""
    choice = play.optional.get(name, "no")
    if isinstance(choice, int):
        return choice, choice
    if choice in ("yes", "no"):
        return (1, 1) if choice == "yes" else (0, 0)
    if card.counted(name):
        cost = card.optional_cost(name)
        each = max(1, total(cost.mana.plain()) + sum(s.kind != "x" and s.kind not in ("generic", "color")
                                                       for s in cost.mana.symbols))
        return 0, min(MAX_COUNT, cap // each if cost.mana.symbols else MAX_COUNT)
    return 0, 1


def _part(symbols: tuple[Symbol, ...], other: tuple[OtherCost, ...]) -> Part:
    plain = NO_MANA
    kinds: dict[str, int] = {}
    for sym in symbols:
        if sym.kind == "generic":
            plain = add(plain, (sym.amount, 0, 0, 0, 0, 0, 0))
        elif sym.kind == "color":
            plain = add(plain, _pip(sym.colors[0]))
        elif sym.announced:
            kinds[sym.text] = kinds.get(sym.text, 0) + 1
    life = sum(o.count for o in other if o.kind == "pay_life")
    return Part(plain, life, tuple(sorted(kinds.items())))


def _pip(t: str) -> Mana:
    out = [0] * 7
    out[1 + TYPES.index(t)] = 1
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def linear_choices(scenario: Scenario, card: Card, play: Play, ways: list[str],
                   changing: tuple[Changer, ...], mana_cap: int) -> Linear | None:
    """The cast's options as choices whose parts add up, or None where they don't: a
    reduction or a floor applies (118.7: their effect depends on the rest of the total), or an
    optional cost has X or a non-mana part other than life. Otherwise `price` is a sum over the
    symbols (each generic, colored, X and announced half adding its own mana or life) plus the
    increases, so each choice adds the same part whatever the others are."""
    if any(c.increase is None for c in changing):
        return None
    if any(c.increase is not None and c.increase.snow for c in changing) or card.has_snow():
        return None  # {S}: the model pays it apart (`Priced.snow`), on listed options
    increase = NO_MANA
    for c in changing:
        assert c.increase is not None
        increase = add(increase, c.increase.plain())
    counted: list[Counted] = []
    symbols_of: dict[str, Symbol] = {}
    for name in card.optional_names():
        cost = card.optional_cost(name)
        if cost.mana.x_count or any(o.kind != "pay_life" for o in cost.other):
            return None
        low, high = _counts(card, play, name, mana_cap)
        counted.append(Counted(name, low, high, _part(cost.mana.symbols, cost.other)))
        symbols_of.update((sym.text, sym) for sym in cost.mana.symbols if sym.announced)
    out: list[Way] = []
    for cast in ways:
        symbols, other, _ = assembled(card, play, cast, (), commander_casts(scenario, play))
        symbols_of.update((sym.text, sym) for sym in symbols if sym.announced)
        x_count = sum(1 for sym in symbols if sym.kind == "x")
        x_life = x_parts(card, cast)[1]  # X life: one integer the model decides, as {X}'s
        if (not x_count or cast == "without_paying") and not x_life:
            low = high = 0
        elif play.x is not None:
            low = high = play.x
        else:
            low, high = 0, x_high(x_count, x_life, mana_cap, scenario.state.you.life)
        base = _part(symbols, other)  # (`{pay_life: X}` counts no life here: `x_life` does)
        out.append(Way(cast, Part(add(base.mana, increase), base.life, base.announced),
                       tuple(o for o in other if o.kind != "pay_life"), x_count, low, high,
                       x_life))
    halves = []
    for text, sym in sorted(symbols_of.items()):
        each = []
        for half in sym.halves():
            if half == "life":
                each.append((half, NO_MANA, 2))
            elif half.strip("{}").isdigit():
                each.append((half, (int(half.strip("{}")), 0, 0, 0, 0, 0, 0), 0))
            else:
                each.append((half, _pip(half.strip("{}")), 0))
        halves.append((text, tuple(each)))
    return Linear(tuple(out), tuple(counted), tuple(halves))


def _listed(linear: Linear) -> int:
    """How many options the list would price, at most (before totals are merged)."""
    sets = 1
    for c in linear.counted:
        sets *= c.high - c.low + 1
    n_halves = dict((text, len(each)) for text, each in linear.halves)
    out = 0
    for way in linear.ways:
        most: dict[str, int] = dict(way.base.announced)
        for c in linear.counted:
            for text, n in c.part.announced:
                most[text] = most.get(text, 0) + n * c.high
        ways_announced = 1
        for text, n in most.items():
            ways_announced *= _choose(n + n_halves[text] - 1, n)
        out += sets * (way.x_high - way.x_low + 1) * ways_announced
    return out


def listed_most(card: Card, play: Play, ways: list[str], mana_cap: int, life: int) -> int:
    """An upper bound on `_listed(linear_choices(...))` for these ways, from the symbols alone
    (cheaper than working the choices out). Each factor bounds `_listed`'s: the optional sets
    are the same product of `_counts`; a way's X range is the same (`linear_choices`: 0 to
    `x_high` of its {X} and X life, one value when the play names X, when it has neither (or is
    cast without paying and pays no X life); its {X} are those of its cost and of the additional
    costs paid whatever is chosen, as `assembled` gathers them, the commander tax adding none);
    and its announcements, a product over the announced kinds of the multisets of halves of that
    kind's pips, are at most the sequences: 3 ** pips (a symbol has at most 3 halves:
    `{G/W/P}`), its pips those of its cost, of the always-paid additional costs, and of each
    optional cost times its largest count."""
    sets = 1
    optional_pips = 0
    for name in card.optional_names():
        low, high = _counts(card, play, name, mana_cap)
        sets *= high - low + 1
        optional_pips += high * sum(1 for s in card.optional_cost(name).mana.symbols
                                    if s.announced)
    out = 0
    for cast in ways:
        symbols = list(_way_symbols(card, cast))
        for _, cost in additional_costs(card, play, Choices(cast, ())):
            symbols.extend(cost.mana.symbols)
        x_count = sum(1 for s in symbols if s.kind == "x")
        x_life = x_parts(card, cast)[1]
        xs = (1 if ((not x_count or cast == "without_paying") and not x_life) or play.x is not None
              else x_high(x_count, x_life, mana_cap, life) + 1)
        pips = optional_pips + sum(1 for s in symbols if s.announced)
        out += sets * xs * 3 ** pips
    return out


def _way_symbols(card: Card, cast: str) -> tuple[Symbol, ...]:
    """The mana symbols of the cost a way to cast starts from (`base_cost`'s, without its
    words)."""
    if card.activation is not None:
        return card.activation.mana.symbols
    if cast == "normal":
        return card.cost.symbols
    if cast == "flashback" and card.flashback is not None:
        return card.flashback.mana.symbols
    if cast == "without_paying":
        return ()
    return next(a for a in card.alternative if a.id == cast).cost.mana.symbols


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


SAMPLES = 64  # options `samples` prices, at most


def samples(scenario: Scenario, card: Card, play: Play, linear: Linear) -> list[Priced]:
    """A few options of `linear`, priced: each way with every optional cost at its fewest, X
    from its largest down, each announced kind's pips all on one half (each half in turn).
    What an incumbent is looked for among; not every option."""
    out: list[Priced] = []
    optional = tuple((k.name, k.low) for k in linear.counted if k.low)
    widest = max((len(each) for _, each in linear.halves), default=1)
    for way in linear.ways:
        for x in range(way.x_high, way.x_low - 1, -1):
            for j in range(widest):
                counts = {text: [0] * len(each) for text, each in linear.halves}
                symbols, _, _ = assembled(card, play, way.cast, optional)
                for sym in symbols:
                    if sym.announced:
                        per = counts[sym.text]
                        per[min(j, len(per) - 1)] += 1
                choices = announce(card, play, Choices(way.cast, optional, x), counts, linear)
                out.append(price(scenario, card, play, choices))
                if len(out) >= SAMPLES:
                    return out
    return out


def announce(card: Card, play: Play, choices: Choices, counts: dict[str, list[int]],
             linear: Linear) -> Choices:
    """`choices` with its halves: the announced symbols in cost order, each kind's pips taking
    its halves in order, as many of each as `counts` (kind text -> pips per half) says (the
    order `announcements` gives pips of one kind)."""
    symbols, _, _ = assembled(card, play, choices.cast, choices.optional)
    names = dict(linear.halves)
    queue = {text: [names[text][j][0] for j, n in enumerate(per) for _ in range(n)]
             for text, per in counts.items()}
    halves = []
    for sym in symbols:
        if sym.announced:
            halves.append(queue[sym.text].pop(0))
    return Choices(choices.cast, choices.optional, choices.x, tuple(halves))


def _kept(priced: list[Priced]) -> list[Priced]:
    """One option per total, cheapest first; totals another beats on every part left out."""
    if len(priced) == 1:
        return priced  # (one X of a cost without announced pips: nothing to merge or beat)
    by_total: dict[tuple[object, ...], Priced] = {}
    for p in priced:
        by_total.setdefault((p.mana, p.life, p.other), p)
    ranked = sorted(by_total.values(), key=lambda p: (total(p.mana) + p.life, p.mana, p.life))
    kept: list[Priced] = []
    for p in ranked:
        if any(k.other == p.other and k.life <= p.life and all(a <= b for a, b in zip(k.mana, p.mana))
               for k in kept):
            continue
        kept.append(p)
    return kept
