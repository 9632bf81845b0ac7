"""An exact shortcut for the common `mtg/1` case: lands that tap for one mana of one kind, and
the pool; no non-mana cost, no convoke, delve or improvise.

Then every land tapped pays exactly one pip and charges the same weight, so the cheapest payment
of an option taps as few lands as possible:
- the pool is free and pays first: its mana of a kind on pips of that kind (never worse than on
  generic mana: a pip of that kind can take nothing else), the rest on generic mana;
- each kind's pips still unpaid need that many lands of that kind; the generic mana left needs
  that many of the other lands. It is payable exactly when those counts are there.
Among equal payments the earliest lands in state order are tapped: each kind's pips take its
earliest lands, generic mana the earliest of the rest (any other choice of the same size has a
larger sum of positions). Options are ranked by the model's lexicographic objective (X under
`x: auto`, score minus benefits, total mana, objects, state order, option order). The tests
check it against the CP-SAT model.
"""

from __future__ import annotations

from payplan.engine.mtg.cards import MtgScenario
from payplan.engine.mtg.mana import total
from payplan.engine.mtg.payment import Resources
from payplan.engine.mtg.total_cost import Priced
from payplan.planner.mtg_model import MtgSolution


def _basic_kind(res: Resources, p: int) -> int | None:
    """The kind of mana (index into Mana) a basic land adds, or None if it is not one."""
    perm = res.permanents[p]
    if len(perm.offers) != 1:
        return None
    offer = perm.offers[0]
    a = offer.ability
    if (not a.tap or a.sacrifice_self or a.life or a.mana.symbols or a.other or offer.restricted
            or len(a.adds) != 1 or total(a.adds[0]) != 1 or "land" not in perm.card.types):
        return None
    return next(i for i in range(1, 7) if a.adds[0][i])


def fast_applies(options: tuple[Priced, ...], res: Resources) -> bool:
    if res.delve and any(c.zone == "graveyard" for c in res.cards):
        return False
    if any(o.other for o in options):
        return False
    charges = set()
    for p, perm in enumerate(res.permanents):
        if perm.convoker or perm.improviser:
            return False
        if not perm.offers:
            continue
        if _basic_kind(res, p) is None:
            return False
        charges.add(perm.tap_charge)
    return len(charges) <= 1


def solve_fast(scenario: MtgScenario, options: tuple[Priced, ...], benefits: tuple[int, ...],
               res: Resources, x_auto: bool) -> MtgSolution | None:
    lands: dict[int, list[int]] = {i: [] for i in range(1, 7)}
    charge = 0
    for p, perm in enumerate(res.permanents):
        kind = _basic_kind(res, p) if perm.offers else None
        if kind is not None:
            lands[kind].append(p)
            charge = perm.tap_charge
    life_weight = scenario.objective.weight("life")
    best: tuple[tuple[int, ...], MtgSolution] | None = None
    for index, option in enumerate(options):
        if option.life > res.life:
            continue
        need = option.mana
        pool = list(res.pool)
        rest = [0] * 7
        for i in range(1, 7):
            from_pool = min(pool[i], need[i])
            pool[i] -= from_pool
            rest[i] = need[i] - from_pool
        generic = need[0] - min(sum(pool[1:]), need[0])
        if any(rest[i] > len(lands[i]) for i in range(1, 7)):
            continue
        chosen: list[int] = []
        for i in range(1, 7):
            chosen += lands[i][:rest[i]]
        spare = sorted(p for i in range(1, 7) for p in lands[i][rest[i]:])
        if generic > len(spare):
            continue
        chosen += spare[:generic]
        score = charge * len(chosen) + life_weight * option.life
        rank = sum(res.permanents[p].position for p in chosen) * len(options) + index
        key = ((-option.choices.x,) if x_auto else ()) + (
            score - benefits[index], option.size, len(chosen), rank)
        if best is None or key < best[0]:
            solution = MtgSolution(index, tuple(sorted((p, 0, 0) for p in chosen)), (), (), (),
                                   (), True)
            best = (key, solution)
    return best[1] if best is not None else None
