"""An exact shortcut for the common `mtg/1` cases: every payment is a matching of one-mana
supplies to pips, and a greedy over a matroid finds the cheapest.

When it applies (`fast_applies`; else the CP-SAT model decides):
- no option has a non-mana cost (sacrifice, discard, tap, ... of the spell);
- every permanent that can pay is a *unit* or a *fixed* source (never one with an ability that
  only taps it and one that only sacrifices it: Eye of Ramos may pay twice). A unit pays at most
  one pip, in one of several ways that all charge the same (a land or creature tapping for one mana of
  one of several kinds, a Treasure sacrificed for one, City of Brass with its life, convoke
  for {1} or one of its colors, improvise for {1}). A fixed source has at least one ability
  adding two mana or more or costing mana (Sol Ring, a filter land): it is enumerated (off or
  a unit, or each ability and mana option), and for the filters among them each order of
  activation: at most `MAX_MODES` such choices, and `MAX_WORK` over all the options (past that
  the model is the faster exact answer);
- no ability repeats (an altar), none has a non-mana cost, and life can't bind: every option's
  life plus every life any ability could cost stays within the life total (or the option's own
  life already exceeds it);
- delve's graveyard cards are units too (each pays {1} of the spell).

Why it is exact. Fix the option and the fixed sources' modes and order. The demands are the
spell's pips (one per pip: a color or {C}, or generic) and each active filter's cost symbols;
the supplies are the pool's mana and the fixed sources' mana (free: already charged by the
mode), and the units. A supply may pay a demand as the rules allow: mana of that kind (any kind
for generic); convoke, improvise and delve only the spell; restricted mana only the spell; a
filter's cost never from its own mana nor from a filter activated after it. A payment is a set
of supplies matched one to one onto all demands; charges and objects count only the units in
it. The sets of supplies that can be matched into the demands are the independent sets of a
transversal matroid, and the payments are its bases of size = the number of demands (all bases
have that size when one exists). Give each unit the weight (charge, 1, position) and free mana
(0, 0, 0): a basis of least total weight, compared lexicographically, is one of least
(charges, objects, state-order rank), which is the model's objective after the option's own
terms (X, benefits, total size are fixed by the option; a mode adds its own charge, object and
position). The matroid greedy (supplies by weight, each kept if the set stays matchable) finds
a least-weight basis; a supply once rejected stays rejected (a superset of a dependent set is
dependent), so all later supplies of the same compatibility are skipped. Matchability is kept
by augmenting paths over the demand classes (one class per kind of pip, generic, and each filter
cost symbol), which is max-flow reachability. Options, modes and orders are compared by the
model's key: (-X under `x: auto`, score - benefits, total size, objects, rank * options + index).
The tests check it against the CP-SAT model; the reference campaign against the brute force.

What keeps it fast, each exact (the answers are the same byte for byte): identical permanents
(same card, tapped and sick state, `value`) are worked out once per board (`_ways`); a
combination of modes is summed once for all options (`fastsearch.Sums`) and each option's bounds over all
combinations in one loop; what a unit can pay is kept per shape of the demands for the whole
search; a combination failing Hall's condition on the colored pips is not paid (`_hall`); only
the best payment is named (`_solution`).
"""

from __future__ import annotations

import functools
import itertools
import operator
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any, Callable, NamedTuple

from ...engine.mtg.cards import Scenario
from ...engine.mtg.mana import TYPES, Mana, total
from ...engine.mtg.resources import Permanent, Resources, convoke_colors, kind_of, leave_charge, repeatable
from ...engine.mtg.total_cost import Priced
from .model import Solution

MAX_MODES = 96  # combinations of fixed sources' modes (times filter orders) tried, at most
MAX_WORK = 300  # options times mode choices, at most (each a greedy of ~0.1-0.5 ms)
KINDS = tuple(range(1, 7))  # W U B R G C as indices into Mana

# A demand class: ("spell", k, ()) a spell pip of kind k (0: generic); ("cost", p, kinds) a
# symbol of fixed source p's filter cost, paid by any of `kinds`.
Demand = tuple[str, int, tuple[int, ...]]


# The search's own records (Way, Unit, Mode, and the board's templates and sums) are named
# tuples, not frozen dataclasses: as immutable, and built several times faster (a plan builds
# thousands of them; a frozen dataclass sets each field through `object.__setattr__`).


class Way(NamedTuple):
    """One way a supply pays one pip: mana of one of `kinds` (an activation (offer, option)
    per kind), or convoke / improvise / delve (spell only)."""

    kinds: tuple[int, ...]
    spell_only: bool
    label: str  # mana | convoke | improvise | delve
    made_by: tuple[int, int, int] | None = None  # a filter's mana: (permanent, offer, option)
    acts: tuple[tuple[int, int], ...] = ()  # per kind in `kinds`: (offer, option) of its unit's permanent


class Unit(NamedTuple):
    ref: tuple[str, int]  # ("p", permanent) | ("c", card) | ("pool", i) | ("made", i)
    ways: tuple[Way, ...]
    weight: tuple[int, int, int]  # (charge, objects, position)
    life: int
    key: tuple[object, ...] = ()  # what decides which demands it can pay (`_unit` sets it)


_weight = attrgetter("weight")


def _unit(ref: tuple[str, int], ways: tuple[Way, ...], weight: tuple[int, int, int],
          life: int) -> Unit:
    return Unit(ref, ways, weight, life,
                tuple((w.kinds, w.spell_only, w.label, w.made_by) for w in ways))


class Mode(NamedTuple):
    permanent: int
    offer: int
    option: int
    charge: int
    life: int
    filter: bool  # its ability costs mana: its mana pays only filters activated after it
    # `flex` (a wide board's): the ability adds `size` mana, each of any of these kinds in any
    # mix (its options are every such mix), `option` -1 until the payment picks the mix.
    flex: tuple[int, ...] = ()
    size: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    units: tuple[Unit, ...]  # permanents and delve cards, sorted by weight
    fixed: tuple[tuple[int, tuple[Mode, ...], Unit | None], ...]  # (permanent, modes, unit-or-off)
    # A wide board (`_wide`): every combination of modes to try, and each fixed permanent's
    # class of identical ones (which identical filters in one mode may be ordered by).
    choices: tuple[tuple[Mode, ...], ...] = ()
    class_of: tuple[tuple[int, int], ...] = ()
    wide: bool = False
    # The units and the fixed permanents' units together, sorted by weight (weights differ:
    # each holds its object's position), which `_pay_in_order` filters for the active modes.
    everyone: tuple[Unit, ...] = ()
    # A wide board's `choices` as the product of its classes' picks (each pick the modes it
    # puts on the class's members): `choices` is that product, each pick's modes in a row.
    factors: tuple[tuple[tuple[Mode, ...], ...], ...] = ()


def _board(scenario: Scenario, res: Resources, lenient: bool = False,
           wide: bool = False) -> Board | None:
    boards = _boards(scenario, res, lenient)
    return None if boards is None else boards[1]() if wide else boards[0]


def _boards(scenario: Scenario, res: Resources, lenient: bool = False
            ) -> tuple[Board, Callable[[], Board]] | None:
    """The units and fixed sources, or None when the shortcut does not apply. `lenient`
    (`incumbent`'s board): what does not fit is left out instead (an ability with a non-mana
    cost, a repeatable one, one costing life or adding more than one mana, a permanent whose
    ways charge differently), so every payment on it is one the full board has too. `wide`:
    the board `_wide` finishes (flexible modes). `_boards` makes the two in one pass: the board
    and the wide one, sorted when asked (lenient: the same twice), or None.

    Each class of identical permanents (same card, tapped and sick state and `value`: the same
    usable abilities, charges and convoke colors, `engine.mtg.payment.interchangeable`) is
    worked out once, on its first member (`_ways`); the others get its ways and modes with
    their own index and position (`_as_member`), which is what working each out alone gives."""
    life_w = scenario.objective.weight("life")
    units: list[Unit] = []
    fixed: list[tuple[int, tuple[Mode, ...], Unit | None]] = []
    wide_units: list[Unit] = []
    wide_fixed: list[tuple[int, tuple[Mode, ...], Unit | None]] = []
    done: dict[tuple[object, ...], _Template | None] = {}
    for p, perm in enumerate(res.permanents):
        if not perm.offers and not perm.convoker and not perm.improviser:
            continue  # it can pay nothing (tapped, or a creature without convoke)
        key = kind_of(perm)
        if key in done:
            template = done[key]
        elif any(o.ability.remove or o.ability.removed is not None or o.reads_other
                 for o in perm.offers):
            # Counters removed as a cost (`counter_kinds`), an opponent's permanent
            # untapped or a known card milled (`reads_other`): the model decides. Asked of each
            # class's first member: its members have the same offers (`kind_of`), and a
            # permanent skipped above has none.
            return None
        else:
            template = done[key] = _ways(scenario, perm, p, lenient, life_w)
        if template is None:
            return None
        if template.skip:
            continue
        if not template.modes and not template.wide_modes:  # a unit alone, the most common
            alone = Unit(("p", p), template.ways, (template.charge, 1, perm.position),
                         template.life, template.unit_key)
            units.append(alone)
            wide_units.append(alone)
            continue
        unit, modes, wide_modes = _as_member(template, p, perm.position)
        if modes:
            fixed.append((p, modes, unit))
        elif unit is not None:
            units.append(unit)
        if wide_modes:
            wide_fixed.append((p, wide_modes, unit))
        elif unit is not None:
            wide_units.append(unit)
    if res.delve:
        for c, card in enumerate(res.cards):
            if card.zone == "graveyard":
                delve = _unit(("c", c), (Way((), True, "delve"),),
                              (leave_charge(scenario, "exile_from_graveyard", card.obj), 1,
                               len(res.permanents) + card.position), 0)
                units.append(delve)
                wide_units.append(delve)
    # The wide board is sorted only when asked (`fast_board` asks past `MAX_MODES`).
    return (_board_of(units, fixed), lambda: _board_of(wide_units, wide_fixed))


def _board_of(units: list[Unit], fixed: list[tuple[int, tuple[Mode, ...], Unit | None]]) -> Board:
    everyone = units + [u for _, _, u in fixed if u is not None]
    return Board(tuple(sorted(units, key=_weight)), tuple(fixed),
                 everyone=tuple(sorted(everyone, key=_weight)))


class _Template(NamedTuple):
    """What a permanent (index `p`) brings to the board: its unit (ways, charge, life), its
    fixed modes (on the wide board: `wide_modes`), or nothing (`skip`: a lenient board leaves
    it out)."""

    p: int
    ways: tuple[Way, ...] = ()
    unit_key: tuple[object, ...] = ()
    charge: int = 0
    life: int = 0
    modes: tuple[Mode, ...] = ()
    skip: bool = False
    wide_modes: tuple[Mode, ...] = ()


def _ways(scenario: Scenario, perm: Permanent, p: int, lenient: bool,
          life_w: int) -> _Template | None:
    """Permanent `p`'s ways and modes, on the board and on the wide one (`_boards`: where an
    ability is one flexible mode, `_flex`, its options are no modes of their own); None when
    the shortcut does not apply."""
    # Its one-mana abilities as one mana way per restriction (unrestricted first): per kind the
    # first activation (offer, option) that makes it; then convoke and improvise.
    acts: tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]] = ({}, {})
    ways: list[Way] = []
    modes: list[Mode] = []
    wide_modes: list[Mode] = []
    profiles: set[tuple[int, int]] = set()  # (charge, life) of the unit ways
    if not lenient and _taps_then_leaves(perm):
        return None  # it may pay twice, tapped then sacrificed (Eye of Ramos): no unit
    for a, offer in enumerate(perm.offers):
        ab = offer.ability
        if ab.other or repeatable(ab) or (lenient and ab.life):
            if lenient:
                continue
            return None
        charge = (leave_charge(scenario, "sacrifice", perm.obj) if ab.sacrifice_self
                  else perm.tap_charge) + life_w * ab.life
        filters = bool(ab.mana.symbols)
        # A flexible mode is one only when it costs mana or adds two or more (`_flex`'s n).
        flex = (_flex(ab.adds) if not lenient and ab.adds
                and (filters or sum(ab.adds[0]) > 1) else None)
        if flex is not None and (filters or flex[1] > 1):
            wide_modes.append(Mode(p, a, -1, charge, ab.life, filters, *flex))
        made = acts[offer.restricted]
        for k, adds in enumerate(ab.adds):
            size = sum(adds)
            if size == 0:
                continue
            if size == 1 and not filters:
                kind = adds.index(1, 1)  # its one mana's kind (KINDS: W U B R G C)
                if kind not in made:
                    made[kind] = (a, k)
                profiles.add((charge, ab.life))
            elif not lenient:
                modes.append(Mode(p, a, k, charge, ab.life, filters))
                if flex is None:
                    wide_modes.append(modes[-1])
    for restricted in (False, True):
        made = acts[restricted]
        if made:
            kinds = tuple(sorted(made))
            ways.append(Way(kinds, restricted, "mana", None, tuple(map(made.__getitem__, kinds))))
    if perm.convoker:
        colors = tuple(1 + TYPES.index(c) for c in convoke_colors(perm))
        ways.append(Way(colors, True, "convoke"))
        profiles.add((perm.tap_charge, 0))
    if perm.improviser:
        ways.append(Way((), True, "improvise"))
        profiles.add((perm.tap_charge, 0))
    if len(profiles) > 1:
        if lenient:
            return _Template(p, skip=True)
        return None  # its ways charge differently: not one unit
    if not ways:
        return _Template(p, modes=tuple(modes), skip=not modes and not wide_modes,
                         wide_modes=tuple(wide_modes))
    charge, life = next(iter(profiles))
    merged = tuple(ways)
    key = tuple([(w.kinds, w.spell_only, w.label, w.made_by) for w in merged])  # `_unit`'s
    return _Template(p, merged, key, charge, life, tuple(modes), False, tuple(wide_modes))


def _taps_then_leaves(perm: Permanent) -> bool:
    """Whether one of the permanent's mana abilities taps it without sacrificing it and another
    sacrifices it without tapping it: it taps once and leaves once, so both may be used."""
    abilities = [o.ability for o in perm.offers]
    return (any(ab.tap and not ab.sacrifice_self for ab in abilities)
            and any(ab.sacrifice_self and not ab.tap for ab in abilities))


def _as_member(template: _Template, p: int, position: int
               ) -> tuple[Unit | None, tuple[Mode, ...], tuple[Mode, ...]]:
    """The template's unit, modes and wide modes for the identical permanent `p` at
    `position`: the same, with `p` for the template's own index (the unit's ref and the modes
    name it; its ways, the same objects, name no permanent)."""
    ways = template.ways
    modes = template.modes
    wide_modes = template.wide_modes
    if p != template.p:
        modes = tuple(_moved(m, p) for m in modes)
        wide_modes = tuple(_moved(m, p) for m in wide_modes)
    unit = (Unit(("p", p), ways, (template.charge, 1, position), template.life,
                 template.unit_key) if ways else None)
    return unit, modes, wide_modes


def _moved(m: Mode, p: int) -> Mode:
    """Mode `m` of an identical permanent, `p`."""
    return Mode(p, m.offer, m.option, m.charge, m.life, m.filter, m.flex, m.size)


@functools.lru_cache(maxsize=1024)
def _flex(adds: tuple[Mana, ...]) -> tuple[tuple[int, ...], int] | None:
    """(kinds, n) when `adds` is every mix of n mana of those kinds (Mystic Gate's {W}{W},
    {W}{U}, {U}{U}; Sol Ring's {C}{C}): then it adds n mana, each of any of the kinds, and the
    option is the mix the payment uses (an exact restatement: every mix is an option). A
    function of `adds` alone, so each is worked out once."""
    sizes = {total(m) for m in adds}
    if len(sizes) != 1 or any(m[0] for m in adds):
        return None
    n = sizes.pop()
    kinds = tuple(k for k in KINDS if any(m[k] for m in adds))
    if n < 1 or not kinds:
        return None
    every = set()
    for combo in itertools.combinations_with_replacement(kinds, n):
        mix = [0] * 7
        for k in combo:
            mix[k] += 1
        every.add(tuple(mix))
    return (kinds, n) if every == {tuple(m) for m in adds} and len(adds) == len(every) else None


WIDE_WORK = 600  # matchings a wide board's search runs, at most, before CP-SAT decides instead
MAX_ORDERS = 120  # filter orders tried for one combination of modes, at most


class GaveUp(Exception):
    """The wide fast path's search grew past its budget: the model is the faster exact answer."""


def _wide(board: Board, res: Resources) -> Board | None:
    """The board for fixed sources in numbers (CP-SAT's cases before): each multi-mana ability
    whose options are every mix of its kinds is one flexible mode (`_flex`), and identical
    fixed permanents (same card and state) are a class whose members are used in state order:
    its combinations are how many members take each mode, on its first members. Exact: the
    members are interchangeable but for their positions, so any payment can give the roles to
    the first members, which ranks no later. None when the combinations exceed `MAX_MODES`.
    `board` is `_boards`' wide board."""
    if not board.fixed:
        return None
    classes: dict[tuple[object, ...], list[tuple[int, tuple[Mode, ...], Unit | None]]] = {}
    for entry in board.fixed:
        obj = res.permanents[entry[0]].obj
        classes.setdefault((obj.card, obj.tapped, obj.sick, obj.value), []).append(entry)
    per_class: list[list[tuple[Mode, ...]]] = []
    class_of: list[tuple[int, int]] = []
    count = 1
    for c, entries in enumerate(classes.values()):
        modes = entries[0][1]
        members = [p for p, _, _ in entries]
        class_of += [(p, c) for p in members]
        picks: list[tuple[Mode, ...]] = []
        for j in range(len(members) + 1):
            for combo in itertools.combinations_with_replacement(range(len(modes)), j):
                picks.append(tuple(_moved(modes[i], members[n]) for n, i in enumerate(combo)))
        count *= len(picks)
        if count > MAX_MODES:
            return None
        per_class.append(picks)
    choices = tuple(tuple(m for pick in combo for m in pick)
                    for combo in itertools.product(*per_class))
    return replace(board, choices=choices, class_of=tuple(class_of), wide=True,
                   factors=tuple(tuple(picks) for picks in per_class))


def _orders(filters: list[Mode], board: Board, res: Resources) -> list[tuple[Mode, ...]]:
    """The orders of the active filters worth trying. On a wide board, filters of one class in
    one mode are interchangeable, so they go in state order; and where no filter's mana can pay
    a filter of another (class, mode) (its kinds meet no symbol of that cost), one order is
    enough: only a filter's own kind of filter could use it. Else every order."""
    if len(filters) <= 1:
        return [tuple(filters)]
    if not board.wide:
        return list(itertools.permutations(filters))
    class_of = dict(board.class_of)

    def label(m: Mode) -> tuple[int, int, int]:
        return (class_of[m.permanent], m.offer, m.option)

    labels = sorted({label(m) for m in filters})
    if len(labels) == 1 or not any(
            _feeds(a, b, filters, res, label) for a in labels for b in labels if a != b):
        return [tuple(sorted(filters, key=lambda m: (label(m), m.permanent)))]
    by_label = {lab: sorted((m for m in filters if label(m) == lab), key=lambda m: m.permanent)
                for lab in labels}
    sequences = set(itertools.permutations([label(m) for m in filters]))
    if len(sequences) > MAX_ORDERS:
        raise GaveUp
    out = []
    for seq in sorted(sequences):
        taken = {lab: iter(ms) for lab, ms in by_label.items()}
        out.append(tuple(next(taken[lab]) for lab in seq))
    return out


def _feeds(a: tuple[int, int, int], b: tuple[int, int, int], filters: list[Mode],
           res: Resources, label: Any) -> bool:
    """Whether a filter labelled `a` adds mana a filter labelled `b` could spend on its cost."""
    ma = next(m for m in filters if label(m) == a)
    mb = next(m for m in filters if label(m) == b)
    ability = res.permanents[ma.permanent].offers[ma.offer].ability
    made = set(ma.flex) if ma.flex else {k for k in KINDS if ability.adds[ma.option][k]}
    cost = res.permanents[mb.permanent].offers[mb.offer].ability.mana
    for sym in cost.symbols:
        if sym.kind == "generic" or made & {1 + TYPES.index(c) for c in sym.colors}:
            return True
    return False


def fast_board(scenario: Scenario, options: tuple[Priced, ...], res: Resources) -> Board | None:
    """The board `solve_fast` works on, or None when the shortcut does not apply (also under
    `spend_as_any_color`: its pips match mana by type; the model pays them)."""
    if res.any_color or any(o.other for o in options):
        return None
    boards = _boards(scenario, res)
    if boards is None:
        return None
    board = boards[0]
    count = _mode_count(board)
    if count > MAX_MODES or len(options) * count > MAX_WORK:
        # Past these the enumeration is slower than the model, unless fixed sources in numbers
        # make it small again (`_wide`); its search keeps its own budget (`WIDE_WORK`).
        wide = _wide(boards[1](), res)
        if wide is None:
            return None
        board = wide
    most_life = sum(u.life for u in board.units) + sum(
        max([m.life for m in modes] + [unit.life if unit else 0]) for _, modes, unit in board.fixed)
    if most_life and any(o.life <= res.life < o.life + most_life for o in options):
        return None
    return board


def fast_applies(scenario: Scenario, options: tuple[Priced, ...], res: Resources) -> bool:
    return fast_board(scenario, options, res) is not None


def _mode_count(board: Board) -> int:
    """How many (modes, filter order) pairs `solve_fast` tries per option."""
    count = 1
    for _, modes, _ in board.fixed:
        count *= len(modes) + 1
    if count > MAX_MODES:
        return count
    # Each combination (`_mode_choices`) counts the orders of its active filters: the
    # combinations counted by how many filters they hold, factor by factor, without listing them.
    by_filters = {0: 1}
    for _, modes, _ in board.fixed:
        grown: dict[int, int] = {}
        for k, n in by_filters.items():
            grown[k] = grown.get(k, 0) + n  # off (or its unit)
            for m in modes:
                grown[k + m.filter] = grown.get(k + m.filter, 0) + n
        by_filters = grown
    return sum(n * max(1, _factorial(k)) for k, n in by_filters.items())


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


class Reach(NamedTuple):
    """What `_hall` needs of a board: the pool's mana and every unit (the fixed permanents'
    too) as counts by the kinds each can make (a bit mask of KINDS), each fixed permanent's
    unit's kinds, and (filled as asked, `_reached`) per set S of kinds the supplies of those
    that can make some kind of S."""

    masks: dict[int, int]
    unit_mask: dict[int, int]
    of: dict[int, int]


def _mask(u: Unit) -> int:
    return sum(1 << k for k in {k for w in u.ways for k in w.kinds})


def _reach(board: Board, res: Resources) -> Reach:
    masks: dict[int, int] = {}
    for supply in [1 << k for k in KINDS for _ in range(res.pool[k])] + [
            _mask(u) for u in board.everyone]:
        masks[supply] = masks.get(supply, 0) + 1
    return Reach(masks, {p: _mask(u) for p, _, u in board.fixed if u is not None}, {})


def _reached(reach: Reach, S: int) -> int:
    """The pool's mana and the units that can make some kind of S."""
    got = reach.of.get(S)
    if got is None:
        got = reach.of[S] = sum(n for mask, n in reach.masks.items() if mask & S)
    return got


def _needs(mana: Mana) -> tuple[tuple[int, int], ...]:
    """`_hall`'s sets of kinds for a spell's mana: each nonempty set S (a bit mask) of the
    kinds it has pips of, with how many pips of S it has."""
    colored = [k for k in KINDS if mana[k]]
    out = []
    for n in range(1, 1 << len(colored)):
        S = sum(1 << k for i, k in enumerate(colored) if n >> i & 1)
        out.append((S, sum(mana[k] for k in colored if S >> k & 1)))
    return tuple(out)


def _hall(needs: tuple[tuple[int, int], ...], chosen: tuple[Mode, ...], reach: Reach,
          res: Resources, deltas: dict[int, int]) -> bool:
    """Hall's condition on the spell's colored pips with these modes: for every set S of the kinds
    it has pips of (`needs`, `_needs`), those pips are at most the supplies that can each make
    some kind of S (the pool's mana, the modes' mana, the units still free: an active fixed
    permanent is no unit). It is necessary (each pip takes a supply of its own, and the filters'
    costs only take more), so a combination failing it can't pay: `_pay` would find no payment
    (tests/test_mtg_fastpath.py checks this). `deltas` keeps, per S, what the modes change of
    `reach` (the caller's, one per combination)."""
    for S, need in needs:
        delta = deltas.get(S) if chosen else 0
        if delta is None:
            delta = 0
            for m in chosen:
                delta -= 1 if reach.unit_mask.get(m.permanent, 0) & S else 0
                if m.flex:
                    delta += m.size if any(S >> k & 1 for k in m.flex) else 0
                else:
                    adds = res.permanents[m.permanent].offers[m.offer].ability.adds[m.option]
                    delta += sum(adds[k] for k in KINDS if S >> k & 1)
            deltas[S] = delta
        if need > _reached(reach, S) + delta:
            return False
    return True


def _factors(board: Board) -> tuple[tuple[tuple[Mode, ...], ...], ...]:
    """The combinations `solve_fast` tries (`_mode_choices`, a wide board's `choices`) as a
    product of factors, each a tuple of picks (a pick: the modes it adds, in a row): per fixed
    permanent, off or one of its modes; per class of a wide board, its picks."""
    if board.wide:
        return board.factors
    return tuple(((),) + tuple((m,) for m in modes) for _, modes, _ in board.fixed)


def product_sums(factors: tuple[tuple[tuple[Mode, ...], ...], ...],
                 vector: Any, width: int) -> list[tuple[int, ...]]:
    """For each combination of the product of `factors` (in `itertools.product`'s order), the
    sum of `vector(m)` (a tuple of `width - 1` numbers) over its modes, followed by how many
    modes it has. Each pick is summed once and each prefix of the product once, so a
    combination costs about one addition instead of one per mode (sums of integers: the
    order they are added in changes nothing)."""
    zero = (0,) * width
    sums = [zero]
    for factor in factors:
        picks = []
        for pick in factor:
            v = zero
            for m in pick:
                v = tuple(map(operator.add, v, vector(m) + (1,)))
            picks.append(None if not pick else v)
        sums = [a if v is None else tuple(map(operator.add, a, v)) for a in sums for v in picks]
    return sums


def _mode_choices(board: Board) -> list[tuple[Mode, ...]]:
    """Every combination of the fixed sources' modes (None: off, or as a unit); `_pay` tries
    each order of the active filters (a filter's mana pays only filters activated after it)."""
    out: list[tuple[Mode, ...]] = []
    for pick in itertools.product(*[(None,) + modes for _, modes, _ in board.fixed]):
        active = tuple(m for m in pick if m is not None)
        out.append(active)
    return out


# What each unit of the board or the pool can pay (the indices of the demand classes it can
# pay), by the demand classes of a payment (a filter's cost by its kinds, not its permanent) and
# the unit's key: it depends on nothing else (their ways are made by no filter, so no order of
# the filters matters), so one search's payments share it (`_pay_in_order`).
Signatures = dict[tuple[Demand, ...], dict[tuple[object, ...], tuple[int, ...]]]


def _pay(option: Priced, chosen: tuple[Mode, ...], board: Board, pool: list[Unit],
         res: Resources, sigs: Signatures | None = None
         ) -> tuple[list[Unit], dict[tuple[str, int], tuple[Demand, Way]]] | None:
    """The least-weight payment of `option` with these fixed modes (in the best filter order),
    or None. Returns the units used and what each supply pays."""
    filters = [m for m in chosen if m.filter]
    orders = _orders(filters, board, res)
    best: tuple[tuple[int, int, int], list[Unit], dict[tuple[str, int], tuple[Demand, Way]]] | None = None
    for order in orders:
        found = _pay_in_order(option, chosen, order, board, pool, res, sigs)
        if found is not None:
            weight = (sum(u.weight[0] for u in found[0]), sum(u.weight[1] for u in found[0]),
                      sum(u.weight[2] for u in found[0]))
            if best is None or weight < best[0]:
                best = (weight, found[0], found[1])
    return None if best is None else (best[1], best[2])


def _pay_in_order(option: Priced, chosen: tuple[Mode, ...], order: tuple[Mode, ...], board: Board,
                  pool: list[Unit], res: Resources, sigs: Signatures | None = None
                  ) -> tuple[list[Unit], dict[tuple[str, int], tuple[Demand, Way]]] | None:
    """The least-weight payment of `option` with these fixed modes, their filters activated in
    `order`, or None: the matroid greedy (the module docstring) over the supplies, the pool,
    the modes' mana (free), then the units by weight. Returns the units used and what each
    supply pays."""
    cap = _demand_caps(option, chosen, res)
    rank_of = {m.permanent: i for i, m in enumerate(order)}
    need = sum(cap.values())
    if not need:
        return [], {}
    made = _made_mana(chosen, res)
    active = {m.permanent for m in chosen}
    units = ([u for u in board.everyone if u.ref[0] != "p" or u.ref[1] not in active] if active
             else list(board.everyone))
    supplies = pool + made + units
    if len(supplies) < need:
        return None
    # The demand classes by their index in `demands`; a supply's signature is the indices of
    # those it can pay, in that order.
    demands = list(cap)
    matched = _greedy(supplies, list(cap.values()), need, _signatures(demands, rank_of, sigs))
    if matched is None:
        return None
    taken, assigned = matched
    # What each supply pays (a demand and one way that can).
    what: dict[tuple[str, int], tuple[Demand, Way]] = {}
    for d, by_sig in zip(demands, assigned):
        for items in by_sig.values():
            for i in items:
                u = supplies[i]
                ways = u.ways
                way = ways[0] if len(ways) == 1 else next(w for w in ways
                                                          if _compatible(w, d, rank_of))
                what[u.ref] = (d, way)
    return [supplies[i] for i in taken if supplies[i].ref[0] in ("p", "c")], what


def _demand_caps(option: Priced, chosen: tuple[Mode, ...], res: Resources) -> dict[Demand, int]:
    """The demand classes and their pips: the spell's of each kind and its generic mana, then
    each active filter's cost symbols (generic by any kind)."""
    cap: dict[Demand, int] = {}
    for k in KINDS:
        if option.mana[k]:
            cap[("spell", k, ())] = option.mana[k]
    if option.mana[0]:
        cap[("spell", 0, ())] = option.mana[0]
    for m in chosen:
        for s in res.permanents[m.permanent].offers[m.offer].ability.mana.symbols:
            if s.kind == "generic":
                key: Demand = ("cost", m.permanent, KINDS)
                cap[key] = cap.get(key, 0) + s.amount
            else:
                key = ("cost", m.permanent, tuple(sorted(1 + TYPES.index(c) for c in s.colors)))
                cap[key] = cap.get(key, 0) + 1
    return cap


def _made_mana(chosen: tuple[Mode, ...], res: Resources) -> list[Unit]:
    """The fixed modes' mana, one supply per mana (free: the mode is charged already)."""
    made: list[Unit] = []
    for m in chosen:
        restricted = res.permanents[m.permanent].offers[m.offer].restricted
        if m.flex:  # each of its mana any of its kinds: the payment picks the mix
            by = (m.permanent, m.offer, m.option) if m.filter else None
            for _ in range(m.size):
                made.append(_unit(("made", len(made)), (Way(m.flex, restricted, "mana", made_by=by),),
                                  (0, 0, 0), 0))
            continue
        adds = res.permanents[m.permanent].offers[m.offer].ability.adds[m.option]
        for kind in KINDS:
            for _ in range(adds[kind]):
                # Only a filter's mana is ordered; other sources' mana pays any filter's cost.
                by = (m.permanent, m.offer, m.option) if m.filter else None
                made.append(_unit(("made", len(made)), (Way((kind,), restricted, "mana", made_by=by),),
                                  (0, 0, 0), 0))
    return made


def _compatible(way: Way, d: Demand, rank_of: dict[int, int]) -> bool:
    """Whether `way` may pay demand `d`: mana of its kind (any kind for generic); convoke,
    improvise, delve and restricted mana only the spell; a filter's mana only the cost of a
    filter activated after it (`rank_of`: the filters' order)."""
    if d[0] == "spell":
        if d[1] == 0:
            return True
        return d[1] in way.kinds
    if way.spell_only or not set(way.kinds) & set(d[2]):
        return False
    if way.made_by is not None:
        src = way.made_by[0]
        return src != d[1] and src in rank_of and d[1] in rank_of and rank_of[src] < rank_of[d[1]]
    return True


def _signatures(demands: list[Demand], rank_of: dict[int, int], sigs: Signatures | None
                ) -> Callable[[Unit], tuple[int, ...]]:
    """A supply's signature: the indices of the demand classes it can pay, kept per unit key
    (a filter's made mana for this order alone, the others' for the whole search, `sigs`)."""
    sig_cache: dict[tuple[object, ...], tuple[int, ...]] = {}  # the made mana's
    # The others' (a unit pays a filter's cost by its kinds alone, whichever filter it is).
    shared = {} if sigs is None else sigs.setdefault(
        tuple(d if d[0] == "spell" else ("cost", -1, d[2]) for d in demands), {})

    def signature(u: Unit) -> tuple[int, ...]:
        key = u.key
        # A mode's mana is paired by its order only when a filter makes it.
        cache = sig_cache if u.ref[0] == "made" and u.ways[0].made_by is not None else shared
        sig = cache.get(key)
        if sig is None:
            out = []
            for j, d in enumerate(demands):
                if d[0] == "spell":  # `_compatible`'s first case, for every way at once
                    if d[1] == 0 or any(d[1] in w.kinds for w in u.ways):
                        out.append(j)
                elif any(_compatible(w, d, rank_of) for w in u.ways):
                    out.append(j)
            sig = cache[key] = tuple(out)
        return sig

    return signature


def _greedy(supplies: list[Unit], caps: list[int], need: int,
            signature: Callable[[Unit], tuple[int, ...]]
            ) -> tuple[list[int], list[dict[tuple[int, ...], list[int]]]] | None:
    """The supplies taken in order, each kept if the demand classes (their pips `caps`) can
    still take it (an augmenting path), until `need` are matched; a signature once rejected
    stays rejected. The supplies taken and, per demand class, those paying it by signature;
    or None when the demands can't all be met."""
    used = [0] * len(caps)
    # assigned[j][signature] = supplies of that compatibility now paying demand j
    assigned: list[dict[tuple[int, ...], list[int]]] = [{} for _ in caps]
    dead: set[tuple[int, ...]] = set()
    taken: list[int] = []

    def augment(sig: tuple[int, ...], item: int, seen: list[bool]) -> bool:
        for j in sig:
            if seen[j]:
                continue
            seen[j] = True
            if used[j] < caps[j]:
                used[j] += 1
                assigned[j].setdefault(sig, []).append(item)
                return True
            for other, items in list(assigned[j].items()):
                if items and augment(other, items[-1], seen):
                    items.pop()
                    assigned[j].setdefault(sig, []).append(item)
                    return True
        return False

    for i, u in enumerate(supplies):
        sig = signature(u)
        if not sig or sig in dead:
            continue
        if augment(sig, i, [False] * len(caps)):
            taken.append(i)
            if len(taken) == need:
                break
        else:
            dead.add(sig)
    if len(taken) < need:
        return None
    return taken, assigned


INCUMBENT_TRIES = 64  # options `incumbent` tries to pay, at most


def incumbent(scenario: Scenario, options: tuple[Priced, ...], res: Resources,
              x_auto: bool) -> Solution | None:
    """A feasible payment of one of `options`, found greedily before CP-SAT runs (the kernel's
    `Incumbent`): the first of them, by (-X under `x: auto`, total mana, index), that the
    one-mana units alone pay (no ability with a mana, life or non-mana cost, no ability adding
    two mana: `_board(lenient=True)`), matched by `_pay`'s augmenting paths, so every pip is
    paid by mana of its kind (any for generic) and every object is used once. Not optimal in
    general (`optimal` False); None when no option tried is paid so (the model still decides)."""
    board = _board(scenario, res, lenient=True)
    if board is None:
        return None
    pool = [_unit(("pool", i), (Way((kind,), False, "mana"),), (0, 0, 0), 0)
            for i, kind in enumerate(k for k in KINDS for _ in range(res.pool[k]))]
    supply = len(pool) + len(board.units)
    order = sorted((o for o in range(len(options))
                    if not options[o].other and options[o].life <= res.life
                    and total(options[o].mana) <= supply),
                   key=lambda o: ((-options[o].choices.x if x_auto else 0), options[o].size, o))
    for index in order[:INCUMBENT_TRIES]:
        found = _pay(options[index], (), board, pool, res)
        if found is not None:
            solution = _solution(index, (), found[1])
            return Solution(solution.option, solution.activations, solution.convoke,
                               solution.improvise, solution.delve, (), False)
    return None


def _pips(res: Resources, m: Mode) -> int:
    """How many pips the mode's own mana cost holds (generic mana counted by its amount)."""
    return sum(s.amount if s.kind == "generic" else 1
               for s in res.permanents[m.permanent].offers[m.offer].ability.mana.symbols)


def _adds(res: Resources, m: Mode) -> int:
    """How much mana the mode adds."""
    if m.flex:
        return m.size
    return total(res.permanents[m.permanent].offers[m.offer].ability.adds[m.option])


def _mix(m: Mode, first: int, what: dict[tuple[str, int], tuple[Demand, Way]],
         res: Resources) -> int:
    """The option of a flexible mode whose mana made from supply `first` on paid `what` says:
    each of its mana of the kind it paid (generic: its first kind; unspent: its first kind)."""
    mix = [0] * 7
    for i in range(first, first + m.size):
        d, way = what.get(("made", i), (("spell", 0, ()), Way(m.flex, False, "mana")))
        if d[0] == "spell" and d[1] != 0:
            mix[d[1]] += 1
        elif d[0] == "cost":
            mix[next(k for k in m.flex if k in d[2])] += 1
        else:
            mix[m.flex[0]] += 1
    adds = res.permanents[m.permanent].offers[m.offer].ability.adds
    return next(k for k, a in enumerate(adds) if list(a) == mix)


def _solution(index: int, chosen: tuple[Mode, ...],
              what: dict[tuple[str, int], tuple[Demand, Way]],
              res: Resources | None = None) -> Solution:
    acts = []
    first = 0  # the made supplies come in `chosen`'s order, `_adds` of them per mode
    for m in chosen:
        if m.flex:
            assert res is not None
            acts.append((m.permanent, m.offer, _mix(m, first, what, res)))
        else:
            acts.append((m.permanent, m.offer, m.option))
        first += m.size if m.flex else 0 if res is None else _adds(res, m)
    convoke: list[tuple[int, str]] = []
    improvise: list[int] = []
    delve: list[int] = []
    for ref, (d, way) in what.items():
        if ref[0] not in ("p", "c"):
            continue
        if way.label == "mana":
            wanted = d[1] if d[0] == "spell" and d[1] != 0 else (
                next(k for k in way.kinds if k in d[2]) if d[0] == "cost" else way.kinds[0])
            offer, option = way.acts[way.kinds.index(wanted)]
            acts.append((ref[1], offer, option))
        elif way.label == "convoke":
            convoke.append((ref[1], "1" if d[1] == 0 else TYPES[d[1] - 1]))
        elif way.label == "improvise":
            improvise.append(ref[1])
        else:
            delve.append(ref[1])
    return Solution(index, tuple(sorted(acts)), tuple(sorted(convoke)), tuple(sorted(improvise)),
                       tuple(sorted(delve)), (), True)
