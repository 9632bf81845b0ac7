"""`plan(scenario)`: the cheapest way to cast one spell under `mtg/1`, with its JSON form.

The engine lists the cost options (`engine.mtg.options`) and the resources
(`engine.mtg.payment`); the fast path (`planner.mtg.fastpath`, basic lands and the pool) or the
CP-SAT model (`planner.mtg.model`) picks the option and the payment; `engine.mtg.payment`
names what pays (in state order, so equal inputs give equal plans byte for byte) and scores it
with the one scorer's charges; `planner.mtg.explain` says in a player's words why a cast can't
be paid.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...engine.discounts import Deadline
from ...engine.mtg import FORMAT
from ...engine.mtg.cards import TURN_FACE_UP, Card, Play, Scenario
from ...engine.mtg.mana import NO_MANA, Mana, add, mana_text, total, total_text
from ...engine.mtg.options import CastOptions, TooManyChoices, announce, cast_options, samples
from ...engine.mtg.payment import Payment, SourceUse, name_payment
from ...engine.mtg.resources import Resources, SharedResources, resources
from ...engine.mtg.shortfall import shortfall
from ...engine.mtg.total_cost import Priced, Step, destination, played_card, price, signed
from ...engine.problems import ScenarioError
from .. import answers
from ..answers import Status
from ..config import DEFAULT_CONFIG, SolverConfig
from ..kernel import SolverStopped, deadline, solver_config
from ..render import readable
from .explain import names_no_lack, unpayable_reasons
from .fastpath import Board, GaveUp, fast_board, incumbent
from .fastsearch import solve_fast
from .model import Solution, solve


@dataclass(frozen=True, slots=True)
class Plan(answers.Plan):
    """An `mtg/1` plan: the way cast, X, the optional costs paid and the announcements, the
    total (mana, life, other), its steps (601.2f), and the payment of pool, mana abilities,
    convoke, delve, improvise, life and objects."""

    FORMAT = FORMAT

    status: Status
    play: dict[str, str]
    cast: str | None = None
    x: int | None = None
    optional: tuple[tuple[str, int], ...] = ()
    announced_hybrid: tuple[str, ...] = ()
    announced_phyrexian: tuple[str, ...] = ()
    total_mana: Mana = NO_MANA
    total_snow: int = 0  # the total's {S} (107.4h), apart from `total_mana`
    total_life: int = 0
    total_other: tuple[tuple[str, int], ...] = ()
    mana_value: int | None = 0  # None: an ability (it has no mana value)
    payment: Payment | None = None
    left_in_pool: Mana = NO_MANA
    steps: tuple[Step, ...] = ()
    score: int | None = None
    objective: int | None = None
    destination: str | None = None
    reasons: tuple[str, ...] = ()
    optimal: bool = True
    option: Priced | None = field(default=None, compare=False)
    # An unpayable cast: what the state lacks (mana, life, non-mana costs by kind) to pay the
    # total (then the least mana the options reach: `cheapest`), `engine.mtg.payment.shortfall`.
    shortfall: tuple[Mana, int, tuple[tuple[str, int], ...]] | None = None
    land: bool = False  # a land played (305), not cast: no total, no payment (`payplan turn`)
    # An activation's counters on its own permanent: removed by its cost (kind, n), and a
    # loyalty ability's signed loyalty change (606.4, after Carth-like changers).
    total_counters: tuple[tuple[str, int], ...] = ()
    total_loyalty: int | None = None

    # The plan's JSON is `answers.Plan.to_json` with these keys; an unpayable cast has the
    # total of least mana its options reach as `total`, and `shortfall` after it.

    def _paid_json(self) -> dict[str, object]:
        priced = self.ok or (self.status == "unpayable" and self.shortfall is not None)
        out: dict[str, object] = {
            "cast": self.cast,
            "x": self.x,
            "paid": {name: n for name, n in self.optional},
            "announced": {"hybrid": list(self.announced_hybrid),
                          "phyrexian": list(self.announced_phyrexian)},
            "total": ({"mana": total_text(self.total_mana, self.total_snow),
                       "life": self.total_life,
                       "other": [{k: n} for k, n in self.total_other], **self._counters()}
                      if priced else None),
        }
        if self.status == "unpayable":
            out["shortfall"] = None if self.shortfall is None else {
                "mana": mana_text(self.shortfall[0]), "life": self.shortfall[1],
                "other": [{k: n} for k, n in self.shortfall[2]]}
        return out | {
            "mana_value": self.mana_value,
            "payment": self.payment.to_json() if self.payment is not None else None,
            "spent": (self.payment.spent(total(self.total_mana) + self.total_snow)
                      if self.payment is not None else None),
            "left_in_pool": mana_text(self.pool_left, ""),
            "steps": [s.to_json() for s in self.steps],
        }

    @property
    def pool_left(self) -> Mana:
        """All the mana in the pool after the play: what it left of what it could spend, and
        the restricted mana it may not spend (106.6), which stays."""
        if self.payment is None or not any(self.payment.kept):
            return self.left_in_pool
        return add(self.left_in_pool, self.payment.kept)

    def _marks_json(self) -> dict[str, object]:
        return {"land": True} if self.land else {}

    def _counters(self) -> dict[str, object]:
        """`total.counters` (what an activation's cost removes from its permanent) and
        `total.loyalty` (a loyalty ability's change), each only when there is one."""
        out: dict[str, object] = {}
        if self.total_counters:
            out["counters"] = dict(self.total_counters)
        if self.total_loyalty is not None:
            out["loyalty"] = self.total_loyalty
        return out

    def render(self) -> str:
        return readable(render_plan(self))

    @property
    def size(self) -> int:
        return total(self.total_mana) + self.total_snow if self.ok else 0


def plan(scenario: Scenario, config: SolverConfig = DEFAULT_CONFIG,
             play: Play | None = None, shared: SharedResources | None = None) -> Plan:
    """The cheapest plan for the scenario's play (or `play`), per `mtg/1`'s objective.
    `shared`: this scenario's resources for several spells (`payplan hand`)."""
    play = play if play is not None else scenario.play
    assert play is not None, "the loader requires a play"
    found = scenario.state.played(play.object)  # the opponent's: an illegal play
    assert found is not None
    obj = found[1]
    card = played_card(scenario, play)
    header = {"object": obj.id, "card": card.face_down_of or card.id, "from": play.zone}
    if play.ability is not None and play.cast != TURN_FACE_UP:
        header["ability"] = play.ability
    # An ability's source stays where it is and may pay (601.2g-h); a spell is on the stack.
    limit = deadline(config)  # the time limit bounds the whole plan, the pricing included
    if shared is not None and play.ability is None:
        res = shared.of(card, obj.id)
    else:
        res = resources(scenario, card, obj.id if play.ability is None else "",
                        holder=obj.id if play.ability is not None else "")
    try:
        opts = cast_options(scenario, play, res.cast_cap(), compact=True, deadline=limit,
                            card=card)
    except TooManyChoices as err:
        raise ScenarioError.at(("cards", card.id, "cost"), str(err)) from None
    if not opts.legal:
        return Plan("illegal", header, reasons=opts.reasons, mana_value=_mana_value(card))
    return plan_options(scenario, opts, res, config, header, limit)


def plan_options(scenario: Scenario, opts: CastOptions, res: Resources, config: SolverConfig,
                 header: dict[str, str], limit: Deadline | None = None) -> Plan:
    """Plan the cast from its options: the fast path where it applies, else the CP-SAT model
    (started from an incumbent where one is found), within what is left of `limit`."""
    card = opts.card
    benefits = tuple(sum(scenario.objective.benefit(n) * k for n, k in o.choices.optional
                         if n in opts.auto) for o in opts.options)
    solution: Solution | None
    if opts.linear is not None:
        assert opts.play is not None
        tried = tuple(samples(scenario, card, opts.play, opts.linear))
        start = None if model_only(res, tried) else incumbent(scenario, tried, res, opts.x_auto)
        if start is not None:  # as decided choices, announced already
            sample = tried[start.option]
            halves = {text: [0] * len(each) for text, each in opts.linear.halves}
            for sym, half in sample.announced:
                names = [name for name, _, _ in dict(opts.linear.halves)[sym.text]]
                halves[sym.text][names.index(half)] += 1
            start = replace(start, choices=sample.choices, option=-1,
                            halves=tuple((text, tuple(n)) for text, n in halves.items()))
        try:  # CP-SAT's limit: what is left of the plan's when it starts (`solver_config`)
            solution = solve(scenario, (), (), res, solver_config(config, limit), opts.x_auto,
                                 start, opts.linear, opts.auto)
        except SolverStopped as stopped:
            return _unpayable(scenario, opts, res, header, (str(stopped),), optimal=False)
    elif not opts.options:
        solution = None
    elif config.fast_path and not model_only(res, opts.options) \
            and (board := fast_board(scenario, opts.options, res)) is not None \
            and (solution := _fast(scenario, opts, benefits, res, board)) is not _GAVE_UP:
        pass
    else:
        start = (None if model_only(res, opts.options)
                 else incumbent(scenario, opts.options, res, opts.x_auto))
        try:
            solution = solve(scenario, opts.options, benefits, res,
                                 solver_config(config, limit), opts.x_auto, start)
        except SolverStopped as stopped:
            return _unpayable(scenario, opts, res, header, (str(stopped),), optimal=False)
    if solution is None and opts.cut:  # the time limit struck in the pricing
        return _unpayable(scenario, opts, res, header, (str(SolverStopped(config.time_limit)),),
                          optimal=False)
    if solution is None:
        return _unpayable(scenario, opts, res, header, tuple(_reasons(scenario, opts, res)))
    if solution.choices is not None:
        option = _decided_option(scenario, opts, solution)
        benefit = sum(scenario.objective.benefit(n) * k for n, k in option.choices.optional
                      if n in opts.auto)
    else:
        option = opts.options[solution.option]
        benefit = benefits[solution.option]
    payment, left, score = name_payment(scenario, option, res, solution)
    return plan_of(card, header, option, payment, left, score, benefit,
                   solution.optimal and not opts.cut)


def model_only(res: Resources, options: tuple[Priced, ...] = ()) -> bool:
    """Whether only the CP-SAT model pays this cast: the fast path (and its incumbent) knows
    no `spend_only` (mana a spell may not be spent), no {S} (snow mana), no pip paid with
    life (`life_for`, K'rrik) and no mana effects (an activation's options folded
    from its replacements and triggers)."""
    return (res.spend_only is not None or any(o.snow for o in options) or bool(res.life_for)
            or any(o.ability.made for p in res.permanents for o in p.offers))


def plan_of(card: Card, header: dict[str, str], option: Priced, payment: Payment, left: Mana,
            score: int, benefit: int, optimal: bool = True) -> Plan:
    """The ok plan of casting `card` (or activating the ability it stands in for) with `option`
    and this named payment: what `plan` answers for the payment it chose, and what the turn
    planner answers for the payment a turn needs."""
    hybrid = tuple(half for s, half in option.announced if s.kind != "phyrexian")
    phyrexian = tuple(half for s, half in option.announced if s.kind == "phyrexian")
    x_in_cost = card.shows_x()
    return Plan(
        status="ok",
        play=header,
        cast=option.choices.cast,
        x=option.choices.x if x_in_cost else None,
        optional=option.choices.optional,
        announced_hybrid=hybrid,
        announced_phyrexian=phyrexian,
        total_mana=option.mana,
        total_snow=option.snow,
        total_life=option.life,
        total_other=_other_counts(option),
        total_counters=option.counters,
        total_loyalty=option.loyalty,
        mana_value=_mana_value(card),
        payment=payment,
        left_in_pool=left,
        steps=option.steps + mana_effect_steps(payment, option) + life_steps(option, payment),
        score=score,
        objective=score - benefit,
        destination=(None if card.activation is not None
                     else destination(card, option.choices.cast, option.choices.optional)),
        optimal=optimal,
        option=option,
    )


def mana_effect_steps(payment: Payment, option: Priced) -> tuple[Step, ...]:
    """The steps the mana effects took in the payment: each replaced output (614.1a)
    and each triggered mana (605.4a), in the payment's order; the total is unchanged."""
    mana, life, snow = ((option.steps[-1].mana, option.steps[-1].life, option.steps[-1].snow)
                        if option.steps else (option.mana, option.life, option.snow))
    out: list[Step] = []
    for s in payment.sources:
        if s.replaced is not None:
            by, was = s.replaced
            out.append(Step("614.1a", f"{by} replaces the mana {s.id} is tapped for: "
                                      f"{mana_text(was)} becomes {mana_text(s.adds)}",
                            mana, life, snow))
        for ident, m in s.triggered:
            out.append(Step("605.4a", f"{ident}'s triggered mana ability adds {mana_text(m)} as "
                                      f"{s.id} is tapped for mana", mana, life, snow))
    return tuple(out)
def life_steps(option: Priced, payment: Payment) -> tuple[Step, ...]:
    """601.2h for the pips paid with life (K'rrik): which permanent allowed it. The total is
    unchanged (only the payment differs)."""
    return tuple(Step("601.2h", f"{p.name} ({p.source}, life_for {p.color}): {p.pip} x{p.count} "
                                f"paid with {p.each} life each ({p.count * p.each} life)",
                      option.mana, option.life, option.snow)
                 for p in payment.life_for)


def cheapest(options: tuple[Priced, ...]) -> Priced | None:
    """The option of least mana (each generic unit and each colored symbol counts one), the
    first of them in the options' order (the plan's last tie-break); None when there is none."""
    return min(options, key=lambda o: o.size, default=None)


def _unpayable(scenario: Scenario, opts: CastOptions, res: Resources, header: dict[str, str],
               reasons: tuple[str, ...], optimal: bool = True) -> Plan:
    """Not paid: the cheapest total the options reach and what the state lacks to pay it. For
    choices decided in the model, the cheapest of the options with nothing optional paid and
    X = 0 (`_listed`: the parts add up, so none of the others has less mana, nor comes first
    among those with as little). None where the pricing was cut (the list is partial)."""
    listed = None if opts.cut else _listed(scenario, opts, res)
    least = None if listed is None else cheapest(listed.options)
    if least is None:
        return Plan("unpayable", header, reasons=reasons, optimal=optimal,
                       mana_value=_mana_value(opts.card))
    mana, life, other = shortfall(scenario, least, res)
    lacking: dict[str, int] = {}
    for o in other:
        lacking[o.kind] = lacking.get(o.kind, 0) + o.count
    return Plan("unpayable", header, reasons=reasons, optimal=optimal,
                   mana_value=_mana_value(opts.card), total_mana=least.mana,
                   total_snow=least.snow,
                   total_life=least.life, total_other=_other_counts(least),
                   shortfall=(mana, life, tuple(lacking.items())))


def land_plan(card: Card, header: dict[str, str]) -> Plan:
    """A land played (305): status ok, `land: true`, an empty total and payment, score 0."""
    step = Step("305.2", f"play the land {card.name}: no cost (one land a turn)", NO_MANA, 0)
    return Plan("ok", header, total_mana=NO_MANA, mana_value=_mana_value(card),
                   payment=Payment(), steps=(step,), score=0, objective=0,
                   destination="battlefield", land=True)


_GAVE_UP = Solution(-1, (), (), (), (), (), False)  # the fast path's search outgrew its budget


def _fast(scenario: Scenario, opts: CastOptions, benefits: tuple[int, ...], res: Resources,
          board: Board) -> Solution | None:
    """The fast path's answer, or `_GAVE_UP` (the model decides instead)."""
    try:
        return solve_fast(scenario, opts.options, benefits, res, opts.x_auto, board)
    except GaveUp:
        return _GAVE_UP


def _decided_option(scenario: Scenario, opts: CastOptions, solution: Solution) -> Priced:
    """The option the model decided (`Linear` choices), priced by the one pricing function;
    its total must be the one the model paid (the parts add up: `linear_choices`)."""
    assert solution.choices is not None and opts.linear is not None and opts.play is not None
    play = opts.play
    choices = solution.choices
    if solution.halves:
        choices = announce(opts.card, play, choices,
                           {text: list(per) for text, per in solution.halves}, opts.linear)
    option = price(scenario, opts.card, play, choices)
    if solution.total is not None and (option.mana, option.life) != solution.total:
        raise AssertionError(f"the model's total {solution.total} is not the price "
                             f"{(option.mana, option.life)} of {choices}")
    return option


def _listed(scenario: Scenario, opts: CastOptions, res: Resources) -> CastOptions | None:
    """`opts` as a list: as they are, or for choices decided in the model, the options with
    nothing optional paid and X = 0 (the cheapest there are); None where those have too many
    announcements to price."""
    if opts.linear is not None and opts.play is not None:
        fixed = {k.name: k.low for k in opts.linear.counted}
        play = replace(opts.play, x=0 if opts.x_auto else opts.play.x,
                       optional={**opts.play.optional, **fixed})
        try:
            return cast_options(scenario, play, res.cast_cap())
        except TooManyChoices:
            return None
    return opts


def _reasons(scenario: Scenario, opts: CastOptions, res: Resources) -> list[str]:
    """Why no option can be paid (`explain`); for choices decided in the model, said of the
    options with nothing optional paid and X = 0 (the cheapest there are)."""
    listed = _listed(scenario, opts, res)
    if listed is None:
        return ["no announcement of its hybrid and Phyrexian pips can be paid"]
    return unpayable_reasons(scenario, listed, res)


def _mana_value(card: Card) -> int | None:
    """The card's mana value (202.3, from its mana cost alone); an ability has none."""
    return None if card.activation is not None else card.cost.mana_value()


def _other_counts(option: Priced) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for o in option.other:
        out[o.kind] = out.get(o.kind, 0) + o.count
    return tuple(out.items())


def _total_text(p: Plan) -> str:
    return (total_text(p.total_mana, p.total_snow)
            + (f" + {p.total_life} life" if p.total_life else "")
            + "".join(f" + {k} {n}" for k, n in p.total_other)
            + "".join(f" + remove {n} {k} counter{'s' * (n != 1)}" for k, n in p.total_counters)
            + (f" + loyalty {signed(p.total_loyalty)}" if p.total_loyalty is not None else ""))


def _read_words(s: SourceUse) -> str:
    """The card an `adds: milled` source milled and read; the opponent's
    permanent an untap cost untapped is in its costs (`untap o2`)."""
    return "".join(f"; milled {card}" for card in s.milled)


def render_plan(p: Plan) -> str:
    """A readable table of the plan."""
    from ..render import table

    if "ability" in p.play:
        head = f"{p.play['card']} ({p.play['object']}), ability {p.play['ability']}: {p.status}"
    else:
        head = f"{p.play['card']} ({p.play['object']}, from {p.play['from']}): {p.status}"
    if p.status != "ok" or p.payment is None:
        lines = [head] + [f"  - {r}" for r in p.reasons]
        if p.status == "unpayable" and p.shortfall is not None:
            mana, life, other = p.shortfall
            lacks = (mana_text(mana, "") + (f" + {life} life" if life else "")
                     + "".join(f" + {k} {n}" for k, n in other)).removeprefix(" + ")
            line = f"Cheapest total: {_total_text(p)}"
            if lacks:
                line += f"; the state lacks {lacks}"
            elif names_no_lack(p.reasons):  # else a reason above names what is lacking
                line += ("; the state lacks nothing part by part: each part could be paid alone "
                         "(its mana abilities' own costs aside); they compete for the same "
                         "sources and objects")
            lines.append(line)
        return "\n".join(lines)
    if p.land:
        return f"{p.play['card']} ({p.play['object']}, from {p.play['from']}): land played " \
               f"(305.2: no cost, one a turn); it enters the battlefield"
    out = [head, ""]
    out.append(table(["rule", "step", "total"],
                     [(s.rule, s.text, total_text(s.mana, s.snow)
                       + (f" + {s.life} life" if s.life else ""))
                      for s in p.steps]))
    out.append("")
    total_words = _total_text(p)
    out.append(f"Cast: {p.cast}" + (f"   X = {p.x}" if p.x is not None else "")
               + (f"   optional: {', '.join(f'{n} x{k}' for n, k in p.optional)}" if p.optional else ""))
    out.append(f"Total: {total_words}" + ("" if p.mana_value is None
                                          else f"   (mana value {p.mana_value})"))
    out.append("")
    pay = p.payment
    rows: list[tuple[str, str]] = []
    if any(pay.pool):
        rows.append(("from the pool", mana_text(pay.pool)))
    for s in pay.sources:
        how = f"adds {mana_text(s.adds, 'no mana')} ({', '.join(s.costs) or 'free'})"
        if s.replaced is not None:
            how += f", replaced by {s.replaced[0]} (was {mana_text(s.replaced[1])})"
        how += "".join(f", + {mana_text(m)} from {i}" for i, m in s.triggered)
        rows.append((s.id, how + _read_words(s)))
    for i, pays in pay.convoke:
        rows.append((i, f"convoke: pays {pays}"))
    for i in pay.improvise:
        rows.append((i, "improvise: pays {1}"))
    for i in pay.delve:
        rows.append((i, "delve: exiled, pays {1}"))
    if pay.life:
        rows.append(("life", str(pay.life) + "".join(
            f"; {lp.pip} x{lp.count} paid with life ({lp.source})" for lp in pay.life_for)))
    for kind, ids in pay.other:
        rows.append((kind.replace("_", " "), " ".join(ids) if isinstance(ids, tuple) else str(ids)))
    if not rows:
        rows.append(("nothing to pay", ""))
    out.append(table(["pays", "how"], rows))
    out.append("")
    tail = f"Score {p.score}"
    if p.objective != p.score:
        tail += f" (objective {p.objective} after benefits)"
    if any(p.pool_left):
        tail += f"; left in pool {mana_text(p.pool_left)}"
    if p.destination is not None:
        tail += f"; leaves the stack to: {p.destination}"
    if not p.optimal:
        tail += "; NOT proven optimal (time limit)"
    out.append(tail)
    return "\n".join(out)


__all__ = ["Plan", "Payment", "cheapest", "land_plan", "plan", "plan_of", "render_plan"]
