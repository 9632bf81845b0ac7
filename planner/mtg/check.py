"""`payplan check` on an `mtg/1` cast: is a payment the player chose legal, what does it score,
and how far is it from the best plan?

The payment and the choices named beside it are read by `engine.mtg.loader.check_from_data`.
The options those choices allow are the engine's (`engine.mtg.options.chosen_casts`: every
total of the cast, narrowed to the way cast, X, the optional costs and the announcements
named; a choice left out is left open). The engine checks the payment against each
(`engine.mtg.payment.check_payment`, by the paying rules of `engine.mtg.payment`) and
`name_payment` scores it with the one scorer's charges. Of the options it pays, the one `plan`
would make for that payment is taken: the plan's objective (`planner.mtg.model`) on a fixed
payment, so with `x: auto` the largest X, then the least score less benefits, then the least
mana, then the option's place.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from ...engine.mtg import FORMAT
from ...engine.mtg.cards import Scenario
from ...engine.mtg.checker import check_payment
from ...engine.mtg.loader import check_from_data, payment_from_data
from ...engine.mtg.options import Chosen, TooManyChoices, chosen_casts
from ...engine.mtg.payment import Payment, name_payment
from ...engine.mtg.resources import resources
from ...engine.mtg.total_cost import Priced, played_card
from ...engine.problems import ScenarioError
from ..answers import Check
from ..config import DEFAULT_CONFIG, SolverConfig
from .plan import Plan, _other_counts, plan


def check_data(data: Mapping[str, object], config: SolverConfig = DEFAULT_CONFIG,
               scenario: Scenario | None = None) -> Check:
    """Check the payment of a file's parsed data (`payment`, and the choices beside it), or,
    given the `scenario`, of data holding only those; a ScenarioError for a bad file."""
    if scenario is None:
        scenario, payment, chosen = check_from_data(dict(data))
    else:
        payment, chosen = payment_from_data(dict(data))
    return check(scenario, payment, chosen, config)


def check(scenario: Scenario, payment: Payment, chosen: Chosen = Chosen(),
          config: SolverConfig = DEFAULT_CONFIG) -> Check:
    """Whether `payment` (with the choices `chosen`) pays the scenario's cast, its score, and
    the best plan's score (`plan`, with `config`)."""
    best = plan(scenario, config)
    known = best.status == "ok"
    base = Check(FORMAT, dict(best.play), False,
                 optimal_score=best.score if known else None,
                 optimal_objective=best.objective if known else None,
                 optimal=best.optimal if known else None)
    play = scenario.play
    assert play is not None, "the loader requires a play"
    card = played_card(scenario, play)
    # A mana ability restricted to what this spell is not may be activated (its mana floats).
    res = resources(scenario, card, play.object if play.ability is None else "", floating=True,
                    holder=play.object if play.ability is not None else "")
    try:
        opts, wrong = chosen_casts(scenario, play, res.cast_cap(), chosen)
    except TooManyChoices as err:
        raise ScenarioError.at(("cards", card.id, "cost"), str(err)) from None
    if not opts.legal:
        return replace(base, problems=tuple(f"play: {reason}" for reason in opts.reasons))
    if wrong:
        return replace(base, problems=tuple(str(problem) for problem in wrong))
    if not opts.options:
        return replace(base, problems=("play: no way to cast it",))
    refused: list[tuple[str, ...]] = []
    paid: list[tuple[tuple[int, ...], int, int, int]] = []  # (rank, option, score, benefit)
    for i, option in enumerate(opts.options):
        usage, problems = check_payment(scenario, option, res, payment)
        refused.append(problems)
        if usage is None:
            continue
        _, _, charged = name_payment(scenario, option, res, usage)
        benefit = sum(scenario.objective.benefit(n) * k for n, k in option.choices.optional
                      if n in opts.auto)
        rank = ((-option.choices.x,) if opts.x_auto else ()) + (charged - benefit, option.size, i)
        paid.append((rank, i, charged, benefit))
    if not paid:
        i = _closest(opts.options, refused, best)
        option = opts.options[i]
        return replace(base, problems=refused[i], choices=_choices(scenario, option),
                       total=_total(option), summary=_summary(option))
    _, i, charged, benefit = min(paid)
    option = opts.options[i]
    return replace(base, legal=True, choices=_choices(scenario, option), total=_total(option),
                   spent={"mana": option.size - payment.life_pips, "life": payment.life}, score=charged,
                   objective=charged - benefit, summary=_summary(option))


def _choices(scenario: Scenario, option: Priced) -> dict[str, object]:
    """The choices of an option, in the plan's shape (`x` null when the cost has no {X})."""
    play = scenario.play
    assert play is not None
    card = played_card(scenario, play)
    x_in_cost = card.shows_x()
    return {"cast": option.choices.cast, "x": option.choices.x if x_in_cost else None,
            "paid": {name: n for name, n in option.choices.optional},
            "announced": {"hybrid": [h for s, h in option.announced if s.kind != "phyrexian"],
                          "phyrexian": [h for s, h in option.announced if s.kind == "phyrexian"]}}


def _total(option: Priced) -> dict[str, object]:
    out: dict[str, object] = {"mana": option.text, "life": option.life,
                              "other": [{kind: n} for kind, n in _other_counts(option)]}
    if option.counters:  # an activation's own counters removed, its loyalty (issue 25)
        out["counters"] = dict(option.counters)
    if option.loyalty is not None:
        out["loyalty"] = option.loyalty
    return out


def _summary(option: Priced) -> str:
    """The total and the choices of an option, in words."""
    c = option.choices
    out = option.text + (f" + {option.life} life" if option.life else "")
    out += "".join(f" + {k} {n}" for k, n in _other_counts(option))
    out += f" (cast: {c.cast}" + (f"; X = {c.x}" if c.x else "")
    if c.optional:
        out += f"; optional: {', '.join(f'{n} x{k}' for n, k in c.optional)}"
    if option.announced:
        out += "; announced: " + ", ".join(f"{s.text} as {h}" for s, h in option.announced)
    return "total " + out + ")"


def _closest(options: tuple[Priced, ...], refused: list[tuple[str, ...]], best: Plan) -> int:
    """The option whose problems are reported when the payment pays none: the fewest problems,
    then the one the plan chose, then the first."""
    def key(i: int) -> tuple[int, bool, int]:
        chose = best.option is not None and (options[i].mana, options[i].life, options[i].other,
                                             options[i].choices) == (
            best.option.mana, best.option.life, best.option.other, best.option.choices)
        return (len(refused[i]), not chose, i)
    return min(range(len(options)), key=key)


__all__ = ["check", "check_data"]
