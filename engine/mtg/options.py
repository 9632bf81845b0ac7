"""Every cost option of one cast (601.2a-b: zone and timing; 601.2b announcements; 601.2f total).

For each legal way to cast (normal, flashback, an alternative cost, without paying its mana
cost), each set of optional additional costs (`auto` tried paid and unpaid; multikicker and
replicate each count from 0 to what the resources could ever pay), each X (`x: auto`: 0 to what
the resources could ever pay), and each announcement of the hybrid and Phyrexian pips (as a
multiset per kind of symbol: interchangeable pips need not be told apart), one priced option.
Options with the same total are one; a total another option of the same cast, optional costs and
X beats on every part (no more mana of any kind, no more life, the same non-mana parts) is left
out: it can never pay less. Options come out in a deterministic order: cast (as `casts` lists
them), optional costs (fewer first), X, then the cheapest total first.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .cards import Card, MtgScenario, Obj, Play
from .mana import Symbol, total
from .total_cost import Changer, Choices, Priced, additional_costs, base_cost, changers, price

MAX_ANNOUNCEMENTS = 4096  # distinct hybrid/Phyrexian announcements priced per cast
MAX_COUNT = 20  # multikicker / replicate counts tried under `auto`, at most


class TooManyChoices(Exception):
    """More announcements than the planner prices; a bad file, not a crash."""


@dataclass(frozen=True, slots=True)
class CastOptions:
    card: Card
    obj: Obj
    zone: str
    reasons: tuple[str, ...]
    options: tuple[Priced, ...]
    auto: tuple[str, ...]  # the optional costs the planner decides (`auto`)
    x_auto: bool

    @property
    def legal(self) -> bool:
        return not self.reasons


def casts(card: Card, zone: str, play: Play, sorcery_speed: bool) -> tuple[list[str], list[str]]:
    """The ways to cast `card` from `zone` that `play.cast` allows, and why the others can't."""
    reasons: list[str] = []
    if "land" in card.types:
        return [], [f"{card.name} is a land: it is played, not cast (305.1)"]
    if not (card.flash or "instant" in card.types) and not sorcery_speed:
        reasons.append(f"{card.name} can be cast only at sorcery speed: in your main phase with "
                       f"an empty stack (307.1, 301)")
    ways: list[str] = []
    if zone in ("hand", "command"):
        ways.append("normal")
    if zone == "graveyard" and card.flashback is not None:
        ways.append("flashback")
    for alt in card.alternative:
        if alt.zone == zone or (alt.zone is None and zone in ("hand", "command")):
            ways.append(alt.id)
    ways.append("without_paying")  # an effect's permission: only when the play asks for it
    wanted = play.cast
    if wanted == "auto":
        ways = [w for w in ways if w != "without_paying"]
    elif wanted in ways:
        ways = [wanted]
    else:
        if wanted == "flashback":
            reasons.append(f"flashback casts {card.name} from the graveyard only (702.34a); it is "
                           f"in the {zone}")
        elif wanted == "normal":
            reasons.append(f"{card.name} is in the {zone}: without an effect that allows it, a "
                           f"spell is cast from the hand (601.2a)")
        else:
            reasons.append(f"{wanted} can't be used to cast {card.name} from the {zone}")
        ways = []
    if not ways and not reasons:
        reasons.append(f"{card.name} can't be cast from the {zone} (601.2a): flashback casts from "
                       f"the graveyard, other spells from the hand")
    if reasons:
        return [], reasons
    return ways, []


def activations(card: Card, obj: Obj, scenario: MtgScenario) -> tuple[list[str], list[str]]:
    """Whether the ability `card` stands in for (`ability_card`) can be activated now: as a
    sorcery only at sorcery speed (602.5d); {T} only while its permanent is untapped, and for a
    creature not summoning sick (302.6). One way: `ability`."""
    reasons: list[str] = []
    source = scenario.cards[obj.card]
    if not card.flash and not scenario.state.sorcery_speed:
        reasons.append(f"{card.title} can be activated only as a sorcery: in your main phase with "
                       f"an empty stack (602.5d)")
    assert card.activation is not None
    taps = any(o.kind == "tap_untapped" and o.filter.object == obj.id for o in card.activation.other)
    if taps and obj.tapped:
        reasons.append(f"{card.title} costs {{T}} and {obj.id} is tapped (602.5a)")
    elif taps and obj.sick and "creature" in source.types:
        reasons.append(f"{card.title} costs {{T}} and {obj.id} is a summoning-sick creature (302.6)")
    return ([], reasons) if reasons else (["ability"], [])


def optional_sets(card: Card, play: Play, cap: int) -> list[tuple[tuple[str, int], ...]]:
    """Every (name, times) set the play may pay: `yes` once (or the count given), `no` never,
    `auto` both; a counted cost under `auto` from 0 to `cap` times (its mana can't exceed what
    the resources could pay)."""
    per_name: list[list[tuple[str, int]]] = []
    for name in card.optional_names():
        choice = play.optional.get(name, "no")
        if isinstance(choice, int):
            per_name.append([(name, choice)])
        elif choice == "yes":
            per_name.append([(name, 1)])
        elif choice == "no":
            per_name.append([(name, 0)])
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


def announcements(symbols: tuple[Symbol, ...]) -> list[tuple[str, ...]]:
    """Every distinct announcement of the announced symbols, in cost order; pips of one kind
    are interchangeable, so only how many take each half matters."""
    kinds: dict[str, list[int]] = {}
    for i, s in enumerate(symbols):
        if s.announced:
            kinds.setdefault(s.text, []).append(i)
    per_kind = []
    count = 1
    for text, where in kinds.items():
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


def cast_options(scenario: MtgScenario, play: Play, mana_cap: int) -> CastOptions:
    """All cost options of the cast `play` describes, or the reasons it is illegal.

    `mana_cap` bounds X and the counts under `auto`: the most mana (and convoke, delve,
    improvise) the resources could ever give, plus every reduction."""
    found = scenario.state.you.find(play.object)
    assert found is not None, "the loader checked the played object"
    zone_found, obj = found
    zone = play.zone
    card = scenario.played_card(play)
    auto = tuple(n for n in card.optional_names() if play.optional.get(n, "no") == "auto")
    if zone_found != zone:
        why = (f"{obj.id} is in your {zone_found}, not your {zone}",)
        return CastOptions(card, obj, zone, why, (), auto, play.x is None)
    if card.activation is not None:
        ways, problems = activations(card, obj, scenario)
    else:
        ways, problems = casts(card, zone, play, scenario.state.sorcery_speed)
    if problems:
        return CastOptions(card, obj, zone, tuple(problems), (), auto, play.x is None)
    changing: tuple[Changer, ...] = changers(scenario, card)
    reduction = sum(c.generic + total(c.colored) for c in changing)
    options: list[Priced] = []
    for cast in ways:
        base, _ = base_cost(card, cast)
        x_count = base.mana.x_count
        if not x_count or cast == "without_paying":
            xs = [0]
        elif play.x is not None:
            xs = [play.x]
        else:
            xs = list(range((mana_cap + reduction) // x_count + 1))
        for optional in optional_sets(card, play, mana_cap + reduction):
            symbols = list(base.mana.symbols)
            for _, cost in additional_costs(card, play, Choices(cast, optional)):
                symbols.extend(cost.mana.symbols)
            for x in xs:
                priced = [price(scenario, card, play, Choices(cast, optional, x, halves), changing)
                          for halves in announcements(tuple(symbols))]
                options.extend(_kept(priced))
    return CastOptions(card, obj, zone, (), tuple(options), auto, play.x is None and any(
        base_cost(card, c)[0].mana.x_count for c in ways))


def _kept(priced: list[Priced]) -> list[Priced]:
    """One option per total, cheapest first; totals another beats on every part left out."""
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
