"""The `mtg` benchmark family: seeded `mtg/1` boards of 5 to 60 mana sources, a greedy baseline
that pays as the open-source engines do, and the measurements `benchmarks.suite` records.

Boards mix basic lands, dual and tri lands, filter lands, Sol Ring, Treasures, mana creatures
(some summoning sick), City of Brass (life), creatures for convoke and a graveyard for delve.
The spell is drawn from a fixed list covering X, hybrid, Phyrexian, kicker, convoke and delve,
and its cost grows with the board, so that most casts are payable but not trivially.

The greedy (`greedy_plan`) is what the engines' auto-payers do (the research file's table): cast
normally when it can, else the first alternative cost; X is probed from the largest down (Forge);
optional costs are not paid (XMage); a hybrid pip is announced as the first half some untapped
source can make, a Phyrexian pip as mana when a source makes its color, else life (Forge's AI);
delve exiles as many cards as it can first (Forge); then each pip in order taps the first
untapped source (state order) that can make it, floating the rest of what it adds; filter lands
are never used (Forge #7621); convoke taps creatures only for what the lands left unpaid. Its
score is the same charges the planner's scorer uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...engine.mtg.cards import Scenario
from ...engine.mtg.loader import scenario_from_data
from ...engine.mtg.mana import TYPES, Mana, mana_text, total
from ...engine.mtg.options import cast_options
from ...engine.mtg.resources import Permanent, resources
from ...engine.mtg.total_cost import Choices, price
from ..suite import BruteLimits, SuiteSpec, family_runs, timed
from .wide import wide_turn as wide_turn  # the turn suite's wide family (benchmarks/turns.py)

Data = dict[str, Any]

PLACE = 1  # after payplan/1's: its suite, plot and knobs second
CLIFFS = "payplan.benchmarks.mtg.cliffs"
# family, size: the typical single plan, a board the size of a turn's 10-12 lands
TYPICAL_PLAN = ("mtg", 12)

MTG = family_runs("mtg", {5: 20, 10: 20, 20: 20, 40: 10, 60: 10})
SUITES: dict[str, SuiteSpec] = {
    "mtg": SuiteSpec("mtg", MTG, brute=BruteLimits(sources=8, objects=16), budget=20.0,
                     brute_budget=20.0),
}
ALL = MTG
PLOTS: dict[str, tuple[str, bool]] = {"mtg": ("mtg/1 mana sources on the battlefield", False)}


def shape(data: Data) -> dict[str, int]:
    """The suite's case shape: mana sources count as sources."""
    you = data["state"]["you"]
    return {"discounts": 0, "runes": 0, "sources": len(you["battlefield"]),
            "hand": len(you["hand"]),
            "objects": len(you["battlefield"]) + len(you["hand"]) + len(you["graveyard"])}


# --- the greedy ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GreedyResult:
    status: str  # ok | failed | illegal
    score: int | None = None
    objective: int | None = None
    size: int | None = None
    reason: str = ""


def _makes(perm: Permanent, kind: int) -> bool:
    return any(m[kind] for o in perm.offers if not o.ability.mana.symbols for m in o.ability.adds)


def greedy_plan(scenario: Scenario) -> GreedyResult:
    play = scenario.play
    assert play is not None
    found = scenario.state.you.find(play.object)
    assert found is not None
    card = scenario.cards[found[1].card]
    res = resources(scenario, card, found[1].id)
    opts = cast_options(scenario, play, 0)
    if not opts.legal:
        return GreedyResult("illegal", reason="; ".join(opts.reasons))
    casts = ["normal"] + [a.id for a in card.alternative]
    x_cap = res.mana_cap() if card.cost.x_count and play.x is None else 0
    xs = range(x_cap, -1, -1) if card.cost.x_count and play.x is None else [play.x or 0]
    for cast in casts:
        if cast == "normal" and found[0] != "hand":
            continue
        for x in xs:
            symbols = card.cost.symbols if cast == "normal" else next(
                a.cost.mana.symbols for a in card.alternative if a.id == cast)
            halves = []
            for s in symbols:
                if not s.announced:
                    continue
                pick = s.halves()[0]
                for half in s.halves():
                    if half == "life":
                        continue
                    t = half.strip("{}")
                    if t.isdigit() or any(_makes(p, 1 + TYPES.index(t)) for p in res.permanents):
                        pick = half
                        break
                else:
                    pick = "life" if "life" in s.halves() else pick
                halves.append(pick)
            priced = price(scenario, card, play, Choices(cast, (), x, tuple(halves)))
            paid = _pay(scenario, res, priced.mana, priced.life)
            if paid is not None:
                return GreedyResult("ok", paid, paid, total(priced.mana))
    return GreedyResult("failed", reason="the greedy found no payment")


def _pay(scenario: Scenario, res: Any, need: Mana, life: int) -> int | None:
    """Pay `need` greedily; the score, or None when it gets stuck."""
    w = scenario.objective
    if life > res.life:
        return None
    score = life * w.weight("life")
    pool = list(res.pool)
    used: set[int] = set()
    pips = [1 + i for i in range(6) for _ in range(need[1 + i])]
    generic = need[0]
    if res.delve:
        grave = [c for c in res.cards if c.zone == "graveyard"]
        take = min(len(grave), generic)
        generic -= take
        score += take * w.weight("exile_from_graveyard")
    life_left = res.life - life

    def tap_for(kind: int | None) -> bool:
        """Tap the first untapped source that makes `kind` (None: anything); float the rest."""
        nonlocal score, life_left
        for p, perm in enumerate(res.permanents):
            if p in used:
                continue
            for offer in perm.offers:
                a = offer.ability
                if a.mana.symbols or offer.restricted or a.other or a.life > life_left:
                    continue
                for m in a.adds:
                    if kind is None or m[kind]:
                        used.add(p)
                        for i in range(1, 7):
                            pool[i] += m[i]
                        life_left -= a.life
                        score += a.life * w.weight("life")
                        score += (w.weight("sacrifice") if a.sacrifice_self else perm.tap_charge)
                        return True
        return False

    for kind in pips:
        while not pool[kind]:
            if not tap_for(kind):
                break
        if pool[kind]:
            pool[kind] -= 1
            continue
        # Convoke: a creature of that color, untouched.
        creature = next((p for p, perm in enumerate(res.permanents) if perm.convoker and p not in used
                         and TYPES[kind - 1] in perm.convoke), None)
        if creature is None:
            return None
        used.add(creature)
        score += res.permanents[creature].tap_charge
    while generic:
        i = next((i for i in range(1, 7) if pool[i]), None)
        if i is not None:
            pool[i] -= 1
            generic -= 1
            continue
        if tap_for(None):
            continue
        creature = next((p for p, perm in enumerate(res.permanents)
                         if (perm.convoker or perm.improviser) and p not in used), None)
        if creature is None:
            return None
        used.add(creature)
        score += res.permanents[creature].tap_charge
        generic -= 1
    return score


# --- measuring -----------------------------------------------------------------------------------


def _brute() -> Callable[[Data], Any]:
    """The independent brute force (`payplan.benchmarks.mtg.reference`), shipped with the suite."""
    from .reference.brute import solve

    return solve


def measure(method: str, data: Data, repeats: int, config: Any, budget: float = 1.0) -> Data:
    """One method on one `mtg/1` case, as `benchmarks.suite.measure` records it."""
    from ...planner.mtg.plan import plan

    scenario = scenario_from_data(data, require_play=True)
    run: Callable[[], Any]
    if method == "planner":
        def run() -> Any:
            return plan(scenario, config)
    elif method == "greedy":
        def run() -> Any:
            return greedy_plan(scenario)
    else:
        brute = _brute()

        def run() -> Any:
            return brute(data)
    times, result = timed(run, repeats, budget)
    out: Data = {"times": times, "status": result.status, "objective": result.objective,
                 "score": result.score}
    if method == "planner":
        out["size"] = total(result.total_mana) if result.status == "ok" else None
        out["optimal"] = result.optimal
        out["total"] = mana_text(result.total_mana) if result.status == "ok" else None
    elif method == "greedy":
        out["size"] = result.size
        out["reason"] = result.reason
    return out


