"""The commands on an `mtg/1` file: `plan`, `hand`, `orders`, `play` (and `serve` requests).

`planner.cli` and `planner.serve` hand a file whose `format` is `mtg/1` to `run`; everything
else about them (flags, exit codes, JSON printing) is as for `payplan/1`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from ...engine.problems import ScenarioError
from ...engine.mtg.cards import MtgScenario, Obj, Play, Player
from ...engine.mtg.dump import state_to_data
from ...engine.mtg.loader import mtg_from_data
from ...engine.mtg.mana import Mana, mana_text
from ...engine.mtg.options import cast_options
from ...engine.mtg.payment import resources
from ...engine.mtg.total_cost import (
    Changer,
    apply_reduction,
    changers,
    price,
    reductions_of,
)
from ..config import DEFAULT_CONFIG, SolverConfig
from .plan import MtgPlan, plan_mtg, render_mtg
from ..render import table

MAX_ORDERED = 10  # reductions whose orders `orders` counts (memoised, not walked)


def load(data: object, require_play: bool) -> MtgScenario:
    return mtg_from_data(data, require_play=require_play)


# --- hand ---------------------------------------------------------------------------------------


def plan_hand(scenario: MtgScenario, config: SolverConfig = DEFAULT_CONFIG) -> list[MtgPlan]:
    """Every nonland card in hand, every card in the graveyard with flashback (or an
    alternative cost from the graveyard), then every activated ability of your permanents,
    planned with `cast: auto` and `x: auto`. The file's play settings carry over to that same
    object (and ability) only."""
    you = scenario.state.you
    out = []
    for zone in ("hand", "graveyard"):
        for obj in you.zone(zone):
            card = scenario.cards[obj.card]
            if "land" in card.types:
                continue
            if zone == "graveyard" and card.flashback is None and not any(
                    a.zone == "graveyard" for a in card.alternative):
                continue
            play = Play(obj.id, zone)
            if (scenario.play is not None and scenario.play.object == obj.id
                    and scenario.play.ability is None):
                play = replace(scenario.play, zone=zone)
            out.append(plan_mtg(scenario, config, play))
    for obj in you.battlefield:
        for ability in scenario.cards[obj.card].abilities:
            play = Play(obj.id, "battlefield", ability=ability.id)
            if (scenario.play is not None and scenario.play.object == obj.id
                    and scenario.play.ability == ability.id):
                play = scenario.play
            out.append(plan_mtg(scenario, config, play))
    return out


def render_hand(plans: list[MtgPlan]) -> str:
    rows = []
    for p in plans:
        total = mana_text(p.total_mana) + (f" + {p.total_life} life" if p.total_life else "")
        card = p.play["card"] + (f" ({p.play['ability']})" if "ability" in p.play else "")
        rows.append((p.play["object"], card, p.play["from"], p.status,
                     p.cast or "", total if p.status == "ok" else "",
                     "" if p.score is None else p.score))
    return table(["object", "card", "from", "status", "cast", "total", "score"], rows)


# --- orders -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OrderTotal:
    mana: Mana
    order: tuple[str, ...]
    count: int

    def to_json(self) -> dict[str, object]:
        return {"total": mana_text(self.mana), "order": list(self.order), "count": self.count}


def reduction_orders(scenario: MtgScenario, config: SolverConfig = DEFAULT_CONFIG
                     ) -> dict[str, object]:
    """Each distinct total the orders of the reductions reach, for the choices of the cheapest
    plan (or the first option when it can't be paid), with how many orders reach it. Floors
    apply after every order, as 601.2f says."""
    p = plan_mtg(scenario, config)
    play = scenario.play
    assert play is not None
    out: dict[str, object] = {"play": p.play, "status": p.status, "reasons": list(p.reasons)}
    if p.status == "illegal":
        out["totals"] = []
        return out
    card = scenario.played_card(play)
    option = p.option
    if option is None:
        res = resources(scenario, card, play.object if play.ability is None else "")
        opts = cast_options(scenario, play, res.mana_cap())
        if not opts.options:
            out["totals"] = []
            return out
        option = opts.options[0]
    changing = changers(scenario, card)
    reductions = reductions_of(changing)
    if len(reductions) > MAX_ORDERED:
        raise ScenarioError.at(("play",), f"more than {MAX_ORDERED} reductions apply; `orders` "
                                          f"counts the orders of at most {MAX_ORDERED}")
    increases = tuple(c for c in changing if c.increase is not None)
    floors = tuple(c for c in changing if c.at_least is not None)
    start = price(scenario, card, play, option.choices, increases).mana
    results = _walk(start, reductions, floors)
    ranked = sorted(results.items(), key=lambda r: (sum(r[0]), r[0]))
    out["cast"] = option.choices.cast
    out["start"] = mana_text(start)
    out["totals"] = [OrderTotal(m, order, count).to_json() for m, (count, order) in ranked]
    out["reductions"] = [c.name for c in reductions]
    return out


def _walk(start: Mana, reductions: tuple[Changer, ...], floors: tuple[Changer, ...]
          ) -> dict[Mana, tuple[int, tuple[str, ...]]]:
    memo: dict[tuple[int, Mana], dict[Mana, tuple[int, tuple[str, ...]]]] = {}

    def finish(m: Mana) -> Mana:
        for f in floors:
            assert f.at_least is not None
            short = f.at_least - sum(m)
            if short > 0:
                m = (m[0] + short,) + m[1:]
        return m

    def go(left: int, m: Mana) -> dict[Mana, tuple[int, tuple[str, ...]]]:
        key = (left, m)
        if key in memo:
            return memo[key]
        result: dict[Mana, tuple[int, tuple[str, ...]]] = {}
        if not left:
            result[finish(m)] = (1, ())
        else:
            for i in range(len(reductions)):
                if left & (1 << i):
                    after = apply_reduction(m, reductions[i])
                    for final, (count, order) in go(left & ~(1 << i), after).items():
                        old = result.get(final)
                        result[final] = ((old[0] if old else 0) + count,
                                         old[1] if old else (reductions[i].name,) + order)
        memo[key] = result
        return result

    return go((1 << len(reductions)) - 1, start)


def render_orders(result: dict[str, object]) -> str:
    play = result["play"]
    assert isinstance(play, dict)
    head = f"{play['card']} ({play['object']}): {result['status']}"
    totals = result.get("totals", [])
    assert isinstance(totals, list)
    if not totals:
        reasons = result.get("reasons", [])
        assert isinstance(reasons, list)
        return "\n".join([head] + [f"  - {r}" for r in reasons])
    rows = [(t["total"], t["count"], " -> ".join(t["order"]) or "(no reductions)") for t in totals]
    return head + f"\nbefore reductions: {result['start']}\n\n" + table(
        ["total", "orders", "one order"], rows)


# --- play ---------------------------------------------------------------------------------------


def apply_plan(scenario: MtgScenario, p: MtgPlan) -> MtgScenario:
    """The state after the cast resolves: what paid is tapped, sacrificed, returned, discarded,
    exiled or milled; life paid; the pool holds what was left; the card is where it goes."""
    assert p.payment is not None and (p.destination is not None or "ability" in p.play)
    you = scenario.state.you
    pay = p.payment
    tapped = {s.id for s in pay.sources if "tap" in s.costs}
    tapped |= {i for i, _ in pay.convoke} | set(pay.improvise)
    lost_to: dict[str, str] = {}
    for s in pay.sources:
        if "sacrifice_self" in s.costs:
            lost_to[s.id] = "graveyard"
        for c in s.costs:
            if c.startswith("sacrifice "):
                for i in c.split()[1:]:
                    lost_to[i] = "graveyard"
    for kind, ids in pay.other:
        if not isinstance(ids, tuple):
            continue
        if kind == "tap_untapped":
            tapped |= set(ids)
            continue
        dest = {"sacrifice": "graveyard", "return_to_hand": "hand", "discard": "graveyard",
                "exile_from_hand": "exile", "exile_from_graveyard": "exile"}[kind]
        for i in ids:
            lost_to[i] = dest
    for i in pay.delve:
        lost_to[i] = "exile"
    # A spell leaves its zone for the stack and goes to its destination; an ability's
    # permanent stays (unless its cost sacrificed it: then it is in `lost_to`).
    played = p.play["object"] if p.destination is not None else ""
    zones: dict[str, list[Obj]] = {z: [] for z in ("hand", "graveyard", "exile", "command", "battlefield")}
    moved: dict[str, list[Obj]] = {z: [] for z in zones}
    for zone in zones:
        for obj in you.zone(zone):
            if obj.id == played:
                continue
            if obj.id in lost_to:
                if not scenario.cards[obj.card].tags or "token" not in scenario.cards[obj.card].tags:
                    moved[lost_to[obj.id]].append(replace(obj, tapped=False, sick=False))
                continue
            zones[zone].append(replace(obj, tapped=obj.tapped or obj.id in tapped))
    if p.destination is not None:
        card_obj = you.find(played)
        assert card_obj is not None
        dest = p.destination
        zones[dest].append(replace(card_obj[1], tapped=False, sick=dest == "battlefield"
                                   and "creature" in scenario.cards[card_obj[1].card].types))
    for z in zones:
        zones[z] += moved[z]
    mill = sum(n for k, n in pay.other if k == "mill" and isinstance(n, int))
    you_after = Player(
        life=you.life - pay.life, library=you.library - mill,
        hand=tuple(zones["hand"]), graveyard=tuple(zones["graveyard"]),
        exile=tuple(zones["exile"]), command=tuple(zones["command"]),
        battlefield=tuple(zones["battlefield"]), mana_pool=p.left_in_pool)
    state = replace(scenario.state, you=you_after)
    return replace(scenario, state=state, play=None)


def run_play(scenario: MtgScenario, config: SolverConfig = DEFAULT_CONFIG
             ) -> tuple[list[MtgPlan], MtgScenario, bool]:
    plays = list(scenario.plays) or ([scenario.play] if scenario.play is not None else [])
    out: list[MtgPlan] = []
    for play in plays:
        if scenario.state.you.find(play.object) is None:
            p = MtgPlan("illegal", {"object": play.object, "card": "", "from": play.zone},
                        reasons=(f"{play.object} is no longer in your {play.zone}",))
            out.append(p)
            return out, scenario, False
        p = plan_mtg(scenario, config, play)
        out.append(p)
        if p.status != "ok":
            return out, scenario, False
        scenario = apply_plan(scenario, p)
    return out, scenario, True


# --- entry points for cli and serve --------------------------------------------------------------


def result_json(command: str, data: object, config: SolverConfig) -> tuple[object, int]:
    """The JSON a command prints for an mtg/1 scenario, and its exit code (0 ok, 1 not
    castable); a ScenarioError for a bad file."""
    scenario = load(data, require_play=command in ("plan", "orders", "play"))
    if command == "plan":
        p = plan_mtg(scenario, config)
        return p.to_json(), 0 if p.status == "ok" else 1
    if command == "hand":
        return {"plays": [p.to_json() for p in plan_hand(scenario, config)]}, 0
    if command == "orders":
        result = reduction_orders(scenario, config)
        return result, 0 if result["status"] != "illegal" else 1
    plans, after, ok = run_play(scenario, config)
    state = state_to_data(after.state)
    if len(plans) == 1 and not scenario.plays:
        body = plans[0].to_json()
        body["state"] = state
        return body, 0 if ok else 1
    return {"plays": [p.to_json() for p in plans], "state": state}, 0 if ok else 1


def run(command: str, data: object, config: SolverConfig, as_json: bool) -> int:
    """Run a command on an mtg/1 file's data, print its answer, return the exit code."""
    scenario = load(data, require_play=command in ("plan", "orders", "play"))
    if as_json:
        body, code = result_json(command, data, config)
        print(json.dumps(body, indent=2))
        return code
    if command == "plan":
        p = plan_mtg(scenario, config)
        print(render_mtg(p))
        return 0 if p.status == "ok" else 1
    if command == "hand":
        print(render_hand(plan_hand(scenario, config)))
        return 0
    if command == "orders":
        result = reduction_orders(scenario, config)
        print(render_orders(result))
        return 0 if result["status"] != "illegal" else 1
    plans, after, ok = run_play(scenario, config)
    for p in plans:
        print(render_mtg(p))
        print()
    you = after.state.you
    print(f"After: life {you.life}, library {you.library}, pool "
          f"{mana_text(you.mana_pool, '(empty)')}; battlefield "
          f"{' '.join(o.id + ('(T)' if o.tapped else '') for o in you.battlefield) or '(empty)'}")
    return 0 if ok else 1


__all__ = ["plan_hand", "reduction_orders", "result_json", "run"]
