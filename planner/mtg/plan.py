"""`plan_mtg(scenario)`: the cheapest way to cast one spell under `mtg/1`, with its JSON form.

The engine lists the cost options (`engine.mtg.options`) and the resources
(`engine.mtg.payment`); the fast path (`planner.mtg_fastpath`, basic lands and the pool) or the
CP-SAT model (`planner.mtg_model`) picks the option and the payment; this module names what
pays (in state order, so equal inputs give equal plans byte for byte), scores it with the one
scorer's charges, and says in a player's words why a cast can't be paid.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field

from ...engine.mtg.cards import Card, MtgScenario, Play
from ...engine.mtg.mana import COLOR_NAMES, NO_MANA, TYPES, Mana, add, mana_text, total
from ...engine.mtg.options import CastOptions, TooManyChoices, cast_options
from ...engine.mtg.payment import Resources, leave_charge, resources
from ...engine.mtg.total_cost import Priced, Step, destination
from ...engine.problems import ScenarioError
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import SolverStopped
from .fastpath import fast_board, solve_fast
from .model import MtgSolution, solve_mtg


@dataclass(frozen=True, slots=True)
class SourceUse:
    id: str
    adds: Mana
    costs: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "adds": mana_text(self.adds), "costs": list(self.costs)}


@dataclass(frozen=True, slots=True)
class MtgPayment:
    pool: Mana = NO_MANA
    sources: tuple[SourceUse, ...] = ()
    convoke: tuple[tuple[str, str], ...] = ()  # (creature id, "{G}" or "{1}")
    delve: tuple[str, ...] = ()
    improvise: tuple[str, ...] = ()
    life: int = 0
    other: tuple[tuple[str, tuple[str, ...] | int], ...] = ()  # kind -> ids (mill: a count)

    def to_json(self) -> dict[str, object]:
        return {
            "pool": mana_text(self.pool, ""),
            "sources": [s.to_json() for s in self.sources],
            "convoke": [{"id": i, "pays": pays} for i, pays in self.convoke],
            "delve": list(self.delve),
            "improvise": list(self.improvise),
            "life": self.life,
            "other": {kind: (list(ids) if isinstance(ids, tuple) else ids) for kind, ids in self.other},
        }


@dataclass(frozen=True, slots=True)
class MtgPlan:
    status: str
    play: dict[str, str]
    cast: str | None = None
    x: int | None = None
    optional: tuple[tuple[str, int], ...] = ()
    announced_hybrid: tuple[str, ...] = ()
    announced_phyrexian: tuple[str, ...] = ()
    total_mana: Mana = NO_MANA
    total_life: int = 0
    total_other: tuple[tuple[str, int], ...] = ()
    mana_value: int | None = 0  # None: an ability (it has no mana value)
    payment: MtgPayment | None = None
    left_in_pool: Mana = NO_MANA
    steps: tuple[Step, ...] = ()
    score: int | None = None
    objective: int | None = None
    destination: str | None = None
    reasons: tuple[str, ...] = ()
    optimal: bool = True
    option: Priced | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        ok = self.status == "ok"
        return {
            "status": self.status,
            "play": dict(self.play),
            "cast": self.cast,
            "x": self.x,
            "optional": {name: n for name, n in self.optional},
            "announced": {"hybrid": list(self.announced_hybrid),
                          "phyrexian": list(self.announced_phyrexian)},
            "total": ({"mana": mana_text(self.total_mana), "life": self.total_life,
                       "other": [{k: n} for k, n in self.total_other]} if ok else None),
            "mana_value": self.mana_value,
            "payment": self.payment.to_json() if self.payment is not None else None,
            "spent": ({"mana": total(self.total_mana), "life": self.payment.life}
                      if self.payment is not None else None),
            "left_in_pool": mana_text(self.left_in_pool, ""),
            "steps": [s.to_json() for s in self.steps],
            "score": self.score,
            "objective": self.objective,
            "destination": self.destination,
            "reasons": list(self.reasons),
            "optimal": self.optimal,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)


def plan_mtg(scenario: MtgScenario, config: SolverConfig = DEFAULT_CONFIG,
             play: Play | None = None) -> MtgPlan:
    """The cheapest plan for the scenario's play (or `play`), per `mtg/1`'s objective."""
    play = play if play is not None else scenario.play
    assert play is not None, "the loader requires a play"
    found = scenario.state.you.find(play.object)
    assert found is not None
    obj = found[1]
    card = scenario.played_card(play)
    header = {"object": obj.id, "card": card.id, "from": play.zone}
    if play.ability is not None:
        header["ability"] = play.ability
    # An ability's source stays where it is and may pay (601.2g-h); a spell is on the stack.
    res = resources(scenario, card, obj.id if play.ability is None else "")
    try:
        opts = cast_options(scenario, play, res.mana_cap())
    except TooManyChoices as err:
        raise ScenarioError.at(("cards", card.id, "cost"), str(err)) from None
    if not opts.legal:
        return MtgPlan("illegal", header, reasons=opts.reasons, mana_value=_mana_value(card))
    return plan_options(scenario, opts, res, config, header)


def plan_options(scenario: MtgScenario, opts: CastOptions, res: Resources, config: SolverConfig,
                 header: dict[str, str]) -> MtgPlan:
    card = opts.card
    benefits = tuple(sum(scenario.objective.benefit(n) * k for n, k in o.choices.optional
                         if n in opts.auto) for o in opts.options)
    solution: MtgSolution | None
    if not opts.options:
        solution = None
    elif config.fast_path and (board := fast_board(scenario, opts.options, res)) is not None:
        solution = solve_fast(scenario, opts.options, benefits, res, opts.x_auto, board)
    else:
        try:
            solution = solve_mtg(scenario, opts.options, benefits, res, config, opts.x_auto)
        except SolverStopped as stopped:
            return MtgPlan("unpayable", header, reasons=(str(stopped),), optimal=False,
                           mana_value=_mana_value(card))
    if solution is None:
        return MtgPlan("unpayable", header, reasons=tuple(unpayable_reasons(scenario, opts, res)),
                       mana_value=_mana_value(card))
    option = opts.options[solution.option]
    payment, left, score = name_payment(scenario, option, res, solution)
    hybrid = tuple(half for s, half in option.announced if s.kind != "phyrexian")
    phyrexian = tuple(half for s, half in option.announced if s.kind == "phyrexian")
    x_in_cost = any(s.kind == "x" for s in card.cost.symbols) or (
        card.flashback is not None and card.flashback.mana.x_count > 0)
    return MtgPlan(
        status="ok",
        play=header,
        cast=option.choices.cast,
        x=option.choices.x if x_in_cost else None,
        optional=option.choices.optional,
        announced_hybrid=hybrid,
        announced_phyrexian=phyrexian,
        total_mana=option.mana,
        total_life=option.life,
        total_other=_other_counts(option),
        mana_value=_mana_value(card),
        payment=payment,
        left_in_pool=left,
        steps=option.steps,
        score=score,
        objective=score - benefits[solution.option],
        destination=(None if card.activation is not None
                     else destination(card, option.choices.cast, option.choices.optional)),
        optimal=solution.optimal,
        option=option,
    )


def _mana_value(card: Card) -> int | None:
    """The card's mana value (202.3, from its mana cost alone); an ability has none."""
    return None if card.activation is not None else card.cost.mana_value()


def _other_counts(option: Priced) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for o in option.other:
        out[o.kind] = out.get(o.kind, 0) + o.count
    return tuple(out.items())


def name_payment(scenario: MtgScenario, option: Priced, res: Resources,
                 solution: MtgSolution) -> tuple[MtgPayment, Mana, int]:
    """Name what pays, in state order; return the payment, the mana left in the pool and the
    score (recomputed here from the one scorer's charges, never read from the solver)."""
    w = scenario.objective
    perms = res.permanents
    score = 0
    uses = dict(solution.uses)
    # Non-mana costs of mana abilities (an altar's sacrifice) take their objects in order.
    ability_refs: dict[tuple[str, object], list[tuple[str, int]]] = {}
    for key, found in uses.items():
        if key[0] == "ability":
            ability_refs[(key[1], key[2])] = list(found)
    made = NO_MANA
    ability_mana = NO_MANA
    sources: list[SourceUse] = []
    tapped: set[int] = set()
    lost: set[tuple[str, int]] = set()
    life = option.life
    for p, a, k in solution.activations:
        perm = perms[p]
        ability = perm.offers[a].ability
        adds = ability.adds[k]
        made = add(made, adds)
        costs = list(ability.cost_words())
        for part in ability.other:
            refs = ability_refs.get((part.kind, part.filter), [])
            taken = refs[:part.count]
            ability_refs[(part.kind, part.filter)] = refs[part.count:]
            taken_names = [_ref_id(res, r) for r in taken]
            costs = [c for c in costs if not c.startswith(part.kind)]
            costs.append(f"{part.kind} {' '.join(taken_names)}")
            for r in taken:
                lost.add(r)
                score += leave_charge(scenario, part.kind, _ref_obj(res, r))
        if ability.tap:
            tapped.add(p)
        if ability.sacrifice_self:
            lost.add(("p", p))
            score += leave_charge(scenario, "sacrifice", perm.obj)
        life += ability.life
        ability_mana = add(ability_mana, ability.mana.plain())
        sources.append(SourceUse(perm.obj.id, adds, tuple(costs)))
    convoke = []
    for p, t in solution.convoke:
        tapped.add(p)
        convoke.append((perms[p].obj.id, "{1}" if t == "1" else f"{{{t}}}"))
    improvise = []
    for p in solution.improvise:
        tapped.add(p)
        improvise.append(perms[p].obj.id)
    delve = []
    for c in solution.delve:
        delve.append(res.cards[c].obj.id)
        score += leave_charge(scenario, "exile_from_graveyard", res.cards[c].obj)
    other: list[tuple[str, tuple[str, ...] | int]] = []
    for key, spell_refs in uses.items():
        if key[0] != "spell":
            continue
        kind = key[1]
        if kind == "tap_untapped":
            tapped.update(r[1] for r in spell_refs if r[0] == "p")
        else:
            for r in spell_refs:
                lost.add(r)
                score += leave_charge(scenario, kind, _ref_obj(res, r))
        ids = tuple(_ref_id(res, r) for r in spell_refs)
        previous = dict(other).get(kind)
        if isinstance(previous, tuple):
            other = [(k, v + ids if k == kind and isinstance(v, tuple) else v) for k, v in other]
        else:
            other.append((kind, ids))
    mill = sum(o.count for o in option.other if o.kind == "mill")
    if mill:
        other.append(("mill", mill))
        score += w.weight("mill") * mill
    for p in tapped:
        if ("p", p) not in lost:
            score += perms[p].tap_charge
    score += w.weight("life") * life
    # Mana: the pool and what the abilities made, minus the abilities' own costs and the
    # spell's mana (less what convoke, improvise and delve paid), is left in the pool.
    paid_other = _paid_without_mana(solution)
    spell = _minus_generic(option.mana, paid_other)
    available = add(res.pool, made)
    left = _left(available, ability_mana, spell, scenario, solution, res)
    # The pool is spent first (it is free): what was consumed of a kind comes from it first.
    pool_spent = tuple(min(pool, pool + m - lft) for pool, m, lft in zip(res.pool, made, left))
    payment = MtgPayment(
        pool=(pool_spent[0], pool_spent[1], pool_spent[2], pool_spent[3], pool_spent[4],
              pool_spent[5], pool_spent[6]),
        sources=tuple(sources),
        convoke=tuple(convoke),
        delve=tuple(delve),
        improvise=tuple(improvise),
        life=life,
        other=tuple(other),
    )
    return payment, left, score


def _paid_without_mana(solution: MtgSolution) -> tuple[int, dict[str, int]]:
    """What convoke, improvise and delve paid: generic count, and colored pips by color."""
    generic = len(solution.improvise) + len(solution.delve)
    colored: dict[str, int] = {}
    for _, t in solution.convoke:
        if t == "1":
            generic += 1
        else:
            colored[t] = colored.get(t, 0) + 1
    return generic, colored


def _minus_generic(m: Mana, paid: tuple[int, dict[str, int]]) -> Mana:
    generic, colored = paid
    out = list(m)
    out[0] -= generic
    for t, n in colored.items():
        out[1 + TYPES.index(t)] -= n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def _left(available: Mana, ability_mana: Mana, spell: Mana, scenario: MtgScenario,
          solution: MtgSolution, res: Resources) -> Mana:
    """What stays in the pool: pips of a kind take that kind; the hybrid pips of the abilities'
    costs each take one of their halves, then generic mana (the abilities' and the spell's)
    takes W U B R G C in that order.

    This is computed here, after the solve, on purpose: mana left in the pool is in no level of
    the objective, so every split of generic mana (and of a filter's hybrid pip) over the kinds
    made is the same payment to the model, and its flows pick one arbitrarily; the fast path
    has no flows at all. One fixed rule here makes the plan the same whichever found it. Each
    hybrid pip takes the kind most left over; if that greedy leaves a kind negative (two
    filters whose halves overlap), the first split in product order that leaves none negative
    is taken (one exists: the payment was feasible)."""
    left = list(available)
    for i in range(1, 7):
        left[i] -= spell[i] + ability_mana[i]
    hybrids = [tuple(1 + TYPES.index(c) for c in s.colors)
               for p, a, _ in solution.activations
               for s in res.permanents[p].offers[a].ability.mana.symbols if s.kind == "hybrid"]
    generic = spell[0] + ability_mana[0]
    greedy = list(left)
    for kinds in hybrids:
        i = max(kinds, key=lambda j: (greedy[j], -j))
        greedy[i] -= 1
    if min(greedy[1:]) >= 0 or not hybrids:
        left = greedy
    else:
        for split in itertools.product(*hybrids):
            trial = list(left)
            for i in split:
                trial[i] -= 1
            if min(trial[1:]) >= 0 and sum(trial[1:]) >= generic:
                left = trial
                break
    for i in range(1, 7):
        take = min(left[i], generic)
        left[i] -= take
        generic -= take
    left[0] = 0
    return (0, left[1], left[2], left[3], left[4], left[5], left[6])


def _ref_obj(res: Resources, ref: tuple[str, int]):  # type: ignore[no-untyped-def]
    return res.permanents[ref[1]].obj if ref[0] == "p" else res.cards[ref[1]].obj


def _ref_id(res: Resources, ref: tuple[str, int]) -> str:
    obj = _ref_obj(res, ref)
    return str(obj.id)


# --- why a cast can't be paid --------------------------------------------------------------------

NOUNS = {
    "sacrifice": ("to sacrifice", "you control"),
    "return_to_hand": ("to return to hand", "you control"),
    "tap_untapped": ("untapped to tap", "you control"),
    "discard": ("to discard", "in your hand"),
    "exile_from_hand": ("to exile from your hand", "in your hand"),
    "exile_from_graveyard": ("to exile from your graveyard", "in your graveyard"),
}


def unpayable_reasons(scenario: MtgScenario, opts: CastOptions, res: Resources) -> list[str]:
    """Why no option can be paid, in words a player knows, for the option that came closest."""
    from ...engine.mtg.payment import can_pay_with

    best: list[str] | None = None
    for option in opts.options:
        found: list[str] = []
        for i, t in enumerate(TYPES):
            need = option.mana[1 + i]
            if not need:
                continue
            direct = res.pool[1 + i] + sum(
                max(m[1 + i] for m in o.ability.adds) for p in res.permanents for o in p.offers
                if not o.ability.mana.symbols)
            filtered = [p for p in res.permanents for o in p.offers
                        if o.ability.mana.symbols and any(m[1 + i] for m in o.ability.adds)]
            convoke = sum(1 for p in res.permanents if p.convoker and t in p.convoke)
            if direct + convoke < need:
                name = COLOR_NAMES[t]
                text = (f"needs {mana_text(_only(i, need))}: {_count(direct + convoke, name + ' source')}"
                        if direct + convoke else f"needs {mana_text(_only(i, need))}: no {name} source")
                if filtered:
                    f = filtered[0]
                    cost = next(o.ability.mana for o in f.offers if o.ability.mana.symbols)
                    text += (f", and the filter land {f.obj.id} needs {cost} from another source")
                sick = [p.obj.id for p in res.permanents if not p.offers and p.obj.sick and
                        any(any(m[1 + i] for m in a.adds) for a in p.card.mana)]
                sick += [o.id for o in scenario.state.you.battlefield if o.sick and o.id not in sick
                         and any(any(m[1 + i] for m in a.adds) for a in scenario.cards[o.card].mana)
                         and "creature" in scenario.cards[o.card].types]
                if sick:
                    text += f" ({', '.join(sorted(set(sick)))} summoning sick: can't tap for mana)"
                found.append(text)
        cap = res.mana_cap()
        if total(option.mana) > cap:
            ways = ["untapped sources", "the pool"] + [w for w, on in (
                ("convoke", opts.card.convoke), ("delve", opts.card.delve),
                ("improvise", opts.card.improvise)) if on]
            found.append(f"needs {total(option.mana)} mana in all ({mana_text(option.mana)}): at "
                         f"most {cap} can be made ({', '.join(ways)})")
        if option.life > res.life:
            found.append(f"needs {option.life} life and you have {res.life} (life is paid only "
                         f"while your life total is at least the amount, 119.4)")
        for part in option.other:
            if part.kind == "mill":
                if part.count > res.library:
                    found.append(f"needs to mill {part.count} and your library has "
                                 f"{res.library} card{'s' * (res.library != 1)} (701.13b)")
                continue
            eligible = sum(1 for p in res.permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                           and (part.kind != "tap_untapped" or p.can_tap))
            eligible += sum(1 for c in res.cards if can_pay_with(scenario, part, c.obj, c.zone))
            if eligible < part.count:
                verb, where = NOUNS.get(part.kind, (part.kind, "available"))
                found.append(f"needs {part.count} {_what(part)} {verb}: {eligible} {where}")
        if not found:
            found.append(f"{mana_text(option.mana)}"
                         f"{f' and {option.life} life' if option.life else ''}"
                         f"{' and ' + ', '.join(f'{o.kind} {o.count}' for o in option.other) if option.other else ''}"
                         f": each part could be paid alone, but they compete for the same sources "
                         f"and objects, and no one payment covers them all")
        if best is None or len(found) < len(best):
            best = found
    return best or ["no way to cast it"]


def _only(i: int, n: int) -> Mana:
    out = [0] * 7
    out[1 + i] = n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def _count(n: int, noun: str) -> str:
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(n, str(n))} {noun}{'s' * (n != 1)}"


def _what(part: object) -> str:
    f = getattr(part, "filter")
    types = "/".join(f.type) if f.type else ("card" if part.kind in ("discard", "exile_from_hand", "exile_from_graveyard") else "permanent")  # type: ignore[attr-defined]
    return types + ("s" if part.count != 1 else "")  # type: ignore[attr-defined]


def render_mtg(p: MtgPlan) -> str:
    """A readable table of the plan."""
    from ..render import table

    if "ability" in p.play:
        head = f"{p.play['card']} ({p.play['object']}), ability {p.play['ability']}: {p.status}"
    else:
        head = f"{p.play['card']} ({p.play['object']}, from {p.play['from']}): {p.status}"
    if p.status != "ok" or p.payment is None:
        return "\n".join([head] + [f"  - {r}" for r in p.reasons])
    out = [head, ""]
    out.append(table(["rule", "step", "total"],
                     [(s.rule, s.text, mana_text(s.mana) + (f" + {s.life} life" if s.life else ""))
                      for s in p.steps]))
    out.append("")
    total_text = mana_text(p.total_mana) + (f" + {p.total_life} life" if p.total_life else "")
    total_text += "".join(f" + {k} {n}" for k, n in p.total_other)
    out.append(f"Cast: {p.cast}" + (f"   X = {p.x}" if p.x is not None else "")
               + (f"   optional: {', '.join(f'{n} x{k}' for n, k in p.optional)}" if p.optional else ""))
    out.append(f"Total: {total_text}" + ("" if p.mana_value is None
                                          else f"   (mana value {p.mana_value})"))
    out.append("")
    pay = p.payment
    rows: list[tuple[str, str]] = []
    if any(pay.pool):
        rows.append(("from the pool", mana_text(pay.pool)))
    for s in pay.sources:
        rows.append((s.id, f"adds {mana_text(s.adds)} ({', '.join(s.costs) or 'free'})"))
    for i, pays in pay.convoke:
        rows.append((i, f"convoke: pays {pays}"))
    for i in pay.improvise:
        rows.append((i, "improvise: pays {1}"))
    for i in pay.delve:
        rows.append((i, "delve: exiled, pays {1}"))
    if pay.life:
        rows.append(("life", str(pay.life)))
    for kind, ids in pay.other:
        rows.append((kind.replace("_", " "), " ".join(ids) if isinstance(ids, tuple) else str(ids)))
    if not rows:
        rows.append(("nothing to pay", ""))
    out.append(table(["pays", "how"], rows))
    out.append("")
    tail = f"Score {p.score}"
    if p.objective != p.score:
        tail += f" (objective {p.objective} after benefits)"
    if any(p.left_in_pool):
        tail += f"; left in pool {mana_text(p.left_in_pool)}"
    if p.destination is not None:
        tail += f"; leaves the stack to: {p.destination}"
    if not p.optimal:
        tail += "; NOT proven optimal (time limit)"
    out.append(tail)
    return "\n".join(out)


__all__ = ["MtgPlan", "MtgPayment", "plan_mtg", "render_mtg"]
