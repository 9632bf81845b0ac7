"""The engine's public answers against the reference.

`check(data)` loads the raw scenario with the loader (`scenario_from_data`), asks
`payplan.plan(...).to_json()` and, for an ok plan, `payplan.orders(...).to_json()`, and returns
the disagreements in words (an empty list when they agree):

- status: `illegal` exactly when the reference finds the play illegal; `unpayable` exactly when
  it is legal and no reachable total can be paid (payer.best);
- for `ok`: the plan's (base, paid optional set, total) is one the reference reaches; its score
  is the cheapest payment of that total; its objective (score minus the benefits of the `auto`
  optional costs paid) is the least over every reachable option; among the options of that
  objective, its payment keeps the play's kept objects on the board (an ability's own object,
  the chosen targets: `Reference.keep`) whenever one of them can at that objective (the
  tie-break of docs/payplan-format.md's objective), and then its total is the smallest (Energy
  plus pips); its destination and executions are the reference's for that option;
- orders: when the reference reaches one start (the running total before the discounts on the
  total) for the plan's base and optional set, the start and the set of distinct totals that
  `payplan orders` lists are the reference's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.riftbound.orders import discount_orders as orders  # `payplan.orders`
from payplan.planner.riftbound.plan import plan  # `payplan.plan`

from .payer import best as best_payment
from .payer import payment_loses, source_kills, target_hits
from .pricing import (
    Option,
    Reference,
    Total,
    accepted_targets,
    card_targets,
    effect_key,
    effects_after,
    find_object,
    has_flow,
    played_id,
    reference_totals,
    set_off,
    yaml_word,
    zone_objects,
)


def _benefit(data: Mapping[str, Any], option: Option) -> int:
    """The benefits of the `auto` optional costs the option pays, each by its name, else by its
    family (`repeat` for `repeat.1`)."""
    play = data.get("play") or {}
    settings = play.get("optional") or {}
    benefits = (data.get("objective") or {}).get("benefits") or {}
    names = [name.split("*")[0] for name in option.paid]
    return sum(int(benefits.get(name, benefits.get(name.split(".")[0], 0))) for name in names
               if yaml_word(settings.get(name)) == "auto")


def _paid(got: Mapping[str, Any], ref: Reference) -> frozenset[str]:
    """The plan's optional costs paid as the reference names them: a repeatable one with its
    count (`paid`), the others by name."""
    counts = got.get("paid")
    if counts is None:
        return frozenset(got["paid_optional"])
    return frozenset(n if n not in ref.repeatable else f"{n}*{c}" for n, c in counts.items())


def _matches(option: Option, base: Mapping[str, Any], paid: frozenset[str], total: Total,
             ignore: str | None) -> bool:
    """The engine's base JSON names the base of this option (`kind: ignore` names the base
    after ignoring, so any kind of ours matches it when the play, or an effect that reaches it,
    ignores something: the base then names the part)."""
    kind = base.get("kind")
    if kind == "ignore":
        if ignore is None and base.get("ignore") is None:
            return False
    elif kind == "hidden" and option.base.kind == "hidden":
        pass
    elif kind != option.base.kind or (kind == "flow" and base.get("index") != option.base.index):
        return False
    return (Total.from_json(base.get("cost")) == option.base.cost and option.paid == paid
            and option.total == total)


@dataclass(frozen=True, slots=True)
class Answer:
    """What the reference expects of a plan: the status, the least objective, whether the
    payments of that objective must take a kept object off the board (`loses`), the smallest
    total (Energy plus pips) among the options of that objective and `loses`, and the
    destinations and executions of those options. `priced` maps every payable option to its
    cheapest payment's (score, loses)."""

    status: str
    objective: int | None = None
    size: int | None = None
    winners: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    destinations: frozenset[str | None] = frozenset()
    executions: frozenset[int] = frozenset()
    loses: bool | None = None
    priced: Mapping[Option, tuple[int, bool]] = field(default_factory=dict, compare=False)


def reference_answer(data: Mapping[str, Any], ref: Reference) -> Answer:
    if not ref.legal:
        return Answer("illegal")
    priced: dict[Option, tuple[int, bool]] = {}
    cache: dict[Total, tuple[int, bool] | None] = {}
    for option in ref.options:
        if option.total not in cache:
            cache[option.total] = best_payment(data, option.total, ref)
        found = cache[option.total]
        if found is not None:
            priced[option] = found
    if not priced:
        return Answer("unpayable", priced=priced)
    # Rule 357.3 across totals: a victim's printed cost makes its own total, and a way taking
    # a target off the board is no choice while another total's way takes fewer.
    if "kill_target_allowed" not in ref.mutants:
        hits = {o: target_hits(data, o.total, ref) for o in priced}
        fewest = min(hits.values())
        priced = {o: found for o, found in priced.items() if hits[o] == fewest}
    # (objective, loses, size): the least objective; among those, a payment that keeps the
    # kept objects on the board; then the smallest total.
    keys = {o: (s - _benefit(data, o), lost, o.total.size) for o, (s, lost) in priced.items()}
    least = min(keys.values())
    won = [o for o, k in keys.items() if k == least]
    winners = tuple(sorted({(o.base.key(), tuple(sorted(o.paid)), o.total.text()) for o in won}))
    return Answer("ok", least[0], least[2], winners, frozenset(ref.destination(o) for o in won),
                  frozenset(ref.executions(o) for o in won), least[1], priced)


def check(data: Mapping[str, Any], with_orders: bool = True,
          mutants: Iterable[str] = ()) -> list[str]:
    """The disagreements of the engine with the reference (with `mutants`: with a reference that
    re-creates those wrong answers, to name which one a disagreement is)."""
    ref = reference_totals(data, tuple(mutants))
    scenario = scenario_from_data(dict(data))
    got: Mapping[str, Any] = plan(scenario).to_json()
    status = got["status"]
    expected = reference_answer(data, ref)
    if expected.status == "illegal":
        return [] if status == "illegal" else [f"engine {status}, reference illegal ({ref.reasons})"]
    if status == "illegal":
        return [f"engine illegal {got['reasons']}, reference legal"]
    if expected.status == "unpayable":
        if status == "unpayable":
            return []
        return [f"engine ok {got['total']} score {got['score']}, reference unpayable "
                f"(totals {sorted({o.total.text() for o in ref.options})})"]
    best, best_size, winners = expected.objective, expected.size, expected.winners
    if status != "ok":
        return [f"engine {status} {got['reasons']}, reference ok: objective {best} by {winners[:3]}"]
    if got.get("optimal") is False:
        return ["engine answer not proven optimal"]

    total = Total.from_json(got["total"])
    paid = _paid(got, ref)
    ignore = (data.get("play") or {}).get("ignore")
    mine = [o for o in ref.options if _matches(o, got["base"], paid, total, ignore)]
    problems = []
    if not mine:
        return [f"engine total {total.text()} (base {got['base']}, paid {sorted(paid)}) is not "
                f"reachable; reference best {best} by {winners[:3]}"]
    found = best_payment(data, total, ref)
    score = None if found is None else found[0]
    if got["score"] != score:
        problems.append(f"engine score {got['score']} for {total.text()}, reference payer {score}")
    objective = got["objective"] if got.get("objective") is not None else got["score"]
    loses = payment_loses(ref, got.get("payment") or {})
    if "tiebreak_size_first" in ref.mutants:
        loses = False
    if objective != best:
        problems.append(f"engine objective {objective} ({total.text()}, score {got['score']}), "
                        f"reference {best} by {winners[:3]}")
    elif loses != expected.loses:
        problems.append(f"engine payment {'takes' if loses else 'keeps'} "
                        f"{sorted(ref.keep())} off the board, reference "
                        f"{'must' if expected.loses else 'keeps them'} at objective {best} "
                        f"({winners[:3]})")
    elif total.size != best_size:
        problems.append(f"engine total {total.text()} is not the smallest of the best "
                        f"(reference {best_size}: {winners[:3]})")
    destinations = {ref.destination(o) for o in mine}
    if got["destination"] not in destinations:
        problems.append(f"engine destination {got['destination']}, reference {sorted(destinations, key=str)}")
    executions = {ref.executions(o) for o in mine}
    if got["executions"] not in executions:
        problems.append(f"engine executions {got['executions']}, reference {sorted(executions)}")
    problems += check_triggers(got, ref)
    if with_orders and not problems:
        problems += _check_orders(scenario, ref, mine)
    return problems


def check_triggers(got: Mapping[str, Any], ref: Reference) -> list[str]:
    """The triggers an ok plan's `play` names (`triggers: "OBJECT.ID ..."`, left out when none)
    against the ones the reference's play sets off (`pricing.set_off`), in their order."""
    named = (got.get("play") or {}).get("triggers")
    want = set_off(ref)
    if (named.split() if isinstance(named, str) else list(named or [])) != want:
        return [f"engine triggers {named!r}, reference {' '.join(want)!r}"]
    return []


def _check_orders(scenario: Any, ref: Reference, mine: list[Option]) -> list[str]:
    """`payplan orders` for the plan's base and optional set, where that is a clean comparison:
    the reference reaches one start for them (no component choice changes it)."""
    got: Mapping[str, Any] = orders(scenario).to_json()
    keys = {(o.base, o.paid) for o in mine}
    if len(keys) != 1:
        return []
    (key,) = keys
    by_start = ref.starts[key]
    if len(by_start) != 1:
        return []
    ((start, totals),) = by_start.items()
    problems = []
    if Total.from_json(got["start"]) != start:
        problems.append(f"orders start {got['start']}, reference {start.text()}")
    listed = {Total.from_json(o["total"]) for o in got["orders"]}
    if listed != set(totals):
        problems.append(f"orders totals {sorted(t.text() for t in listed)}, reference "
                        f"{sorted(t.text() for t in totals)}")
    return problems


# --- `payplan hand` and `payplan play` ------------------------

# Wrong answers an engine gave in `payplan hand` and `payplan play`, re-created (as
# `pricing.ENGINE_MUTANTS` does for `plan`): a trash card listed for its own Flow only; a
# Hidden card played from facedown put at base; a killed token gear sent to the trash.
HAND_PLAY_MUTANTS: dict[str, str] = {
    "hand_own_flow_only": "class 8",
    "hidden_played_to_base": "class 9",
    "token_to_trash": "class 10",
}


def _plays_of(data: Mapping[str, Any], oid: str) -> dict[str, Any]:
    """The play `payplan hand` plans for your object `oid`: the file's `play` settings
    (`optional`, `targets`, `permit`) carried over to that same object only (docs/payplan-format.md)."""
    given = data.get("play") or {}
    play: dict[str, Any] = {"object": oid}
    if "ability" not in given and "hide" not in given and played_id(data) == oid:
        for key in ("optional", "targets", "permit"):
            if key in given:
                play[key] = given[key]
    return play


def _card_plays(data: Mapping[str, Any], oid: str) -> list[dict[str, Any]]:
    """The plays `payplan hand` tries for a card: the one `_plays_of` gives, and for a card
    with the card key `targets` whose play the file does not give targets, that play on each
    object the filter accepts (none accepted: the play as it is, illegal)."""
    play = _plays_of(data, oid)
    accepted = card_targets(data, oid)
    if accepted is None or "targets" in play:
        return [play]
    return [dict(play, targets=[t]) for t in accepted] or [play]


def hand_entries(data: Mapping[str, Any], mutants: Iterable[str] = ()
                 ) -> list[tuple[tuple[str, str | None], list[dict[str, Any]]]]:
    """What `payplan hand` must list, each entry (object, ability) with the plays to try (the
    best is listed): every card in your hand; each card in your trash that has Flow, its own or
    granted, or that the file's `play` permits; each Hidden card facedown
    since an earlier turn; each ability of your board objects but an effect's payment, planned
    on each object it may choose (Equip: your units, class 1); hiding each Hidden card in hand."""
    state = data.get("state") or {}
    you = state.get("you") or {}
    cards = data["cards"]
    given = data.get("play") or {}
    out: list[tuple[tuple[str, str | None], list[dict[str, Any]]]] = []
    for h in zone_objects(you, "hand", "you"):
        out.append(((h.id, None), _card_plays(data, h.id)))
    own_only = "hand_own_flow_only" in tuple(mutants)
    for t in zone_objects(you, "trash", "you"):
        flow = (bool((cards[t.card].get("keywords") or {}).get("flow")) if own_only
                else has_flow(data, t.id))
        if flow or (played_id(data) == t.id and given.get("permit")):
            out.append(((t.id, None), _card_plays(data, t.id)))
    for f in zone_objects(you, "facedown", "you"):
        if (cards[f.card].get("keywords") or {}).get("hidden") and f.hidden_turn != "this":
            out.append(((f.id, None), _card_plays(data, f.id)))
    for b in zone_objects(you, "board", "you"):
        for ability in cards[b.card].get("abilities") or []:
            if ability.get("kind") in ("payment", "triggered"):
                continue  # an effect's "pay X", a trigger's cost: the effect or event says when
            play: dict[str, Any] = {"ability": {"object": b.id, "id": ability["id"]}}
            if "targets" not in ability:
                out.append(((b.id, ability["id"]), [play]))
                continue
            chosen = accepted_targets(data, b.id, ability["id"], mutants)
            out.append(((b.id, ability["id"]), [dict(play, targets=[t]) for t in chosen] or [play]))
    for h in zone_objects(you, "hand", "you"):
        if (cards[h.card].get("keywords") or {}).get("hidden"):
            out.append(((h.id, "hide"), [{"hide": h.id}]))
    return out


def _rank(answer: Answer) -> tuple[int, int, int, int]:
    if answer.status != "ok":
        return (1, 0, 0, 0)
    assert answer.objective is not None and answer.size is not None
    return (0, answer.objective, int(bool(answer.loses)), answer.size)


def check_hand(data: Mapping[str, Any], got: Mapping[str, Any],
               mutants: Iterable[str] = ()) -> list[str]:
    """`payplan hand`'s JSON (`{"plays": [PLAN, ...]}`) against the reference: the same entries
    (`hand_entries`), each with the reference's status and, when ok, its least objective over
    the plays tried (an ability that chooses: on an object the reference accepts); playable
    plans first, by score."""
    mutants = tuple(mutants)
    pricing_mutants = tuple(m for m in mutants if m not in HAND_PLAY_MUTANTS)
    plans = list(got.get("plays") or [])
    listed: dict[tuple[str, str | None], Mapping[str, Any]] = {}
    problems = []
    for p in plans:
        play = p.get("play") or {}
        key = (str(play.get("object")), play.get("ability"))
        if key in listed:
            problems.append(f"hand lists {key} twice")
        listed[key] = p
    expected = hand_entries(data, mutants)
    if sorted(listed, key=str) != sorted((k for k, _ in expected), key=str):
        problems.append(f"hand lists {sorted(listed, key=str)}, reference "
                        f"{sorted((k for k, _ in expected), key=str)}")
    for key, plays in expected:
        if key not in listed:
            continue
        p = listed[key]
        answers = []
        refs = []
        for play in plays:
            one = dict(data, play=play)
            refs.append(reference_totals(one, pricing_mutants))
            answers.append(reference_answer(one, refs[-1]))
        want = min(answers, key=_rank)
        if p["status"] == "ok" and want.status == "ok":
            if p.get("objective", p.get("score")) != want.objective:
                problems.append(f"hand {key}: objective {p.get('objective')}, reference "
                                f"{want.objective}")
            # What a play sets off reads no target: any legal play of the entry says it.
            problems += [f"hand {key}: {x}" for x in check_triggers(p, refs[answers.index(want)])]
            targets = (p.get("play") or {}).get("targets")
            if targets is not None and any("targets" in play for play in plays):
                chosen = [targets] if isinstance(targets, str) else list(targets)
                tried = [play.get("targets") for play in plays]
                if chosen not in tried:
                    problems.append(f"hand {key}: targets {chosen}, reference accepts {tried}")
        elif (p["status"], want.status) not in (("illegal", "illegal"), ("unpayable", "unpayable")):
            problems.append(f"hand {key}: engine {p['status']}, reference {want.status}")
    statuses = [p["status"] == "ok" for p in plans]
    if statuses != sorted(statuses, reverse=True):
        problems.append("hand lists a play that is not ok before one that is")
    scores = [p.get("score") for p in plans if p["status"] == "ok"]
    if scores != sorted(scores):
        problems.append(f"hand's playable plans are not by score: {scores}")
    return problems


def _is_token(card: Mapping[str, Any]) -> bool:
    return card.get("type") == "token" or "token" in (card.get("tags") or [])


def _effects_checked(data: Mapping[str, Any], got: Mapping[str, Any], ref: Reference
                     ) -> list[str]:
    """`state.you.effects` after the play (ids aside) against `pricing.effects_after`: the
    plan's executions say whether the card's `effect` was created (none when countered); a
    card with an effect that executed more than once (Repeat paid) is not checked (open)."""
    you = (data.get("state") or {}).get("you") or {}
    effect: Mapping[str, Any] = {}
    if ref.kind == "card" and ref.played is not None:
        obj = find_object(data, ref.played)
        effect = (data["cards"][obj.card].get("effect") or {}) if obj is not None else {}
    executions = int(got.get("executions", 1))
    if effect and executions > 1:
        return []
    want = sorted(effect_key(e) for e in effects_after(list(you.get("effects") or []),
                                                       ref.effects_used,
                                                       effect if executions > 0 else {}))
    after = ((got.get("state") or {}).get("you") or {}).get("effects") or []
    have = sorted(effect_key(e) for e in after)
    if want != have:
        return [f"effects after the play: {have}, the reference's {want}"]
    return []


def check_play(data: Mapping[str, Any], got: Mapping[str, Any],
               mutants: Iterable[str] = ()) -> list[str]:
    """`payplan play`'s JSON for one `play` (the plan with `state`, the state after) against the
    reference, where the plan is ok: a Hidden card played from facedown to the board stands at
    the battlefield where it was hidden (811.1.d.1); every object the payment
    killed (a kill cost, a source that kills) is in its owner's trash, or in no zone at all for
    a token (type `token` or tag `token`: 183.1, class 10); the effects for the turn after it
    are the reference's: those the play uses one use less (gone at 0),
    then those its resolution creates."""
    if got.get("status") != "ok":
        return []
    after = got.get("state") or {}
    cards = data["cards"]
    play = data.get("play") or {}
    problems = []

    def where(oid: str) -> tuple[str, str, Mapping[str, Any]] | None:
        for who in ("you", "opponent"):
            for zone in ("hand", "trash", "board", "banishment", "facedown"):
                for item in ((after.get(who) or {}).get(zone) or []):
                    entry = {"card": item} if isinstance(item, str) else dict(item)
                    if entry.get("id") == oid:
                        return who, zone, entry
        return None

    oid = played_id(data) if "ability" not in play and "hide" not in play else None
    if oid is not None:
        obj = find_object(data, oid)
        if obj is not None and obj.zone == "facedown" and got.get("destination") == "board":
            now = where(obj.id)
            at = None if now is None else now[2].get("location", "base")
            want = "base" if "hidden_played_to_base" in tuple(mutants) else obj.location
            if now is None or now[1] != "board" or at != want:
                problems.append(f"{obj.id} played from facedown at {obj.location} is now at "
                                f"{now and (now[1], at)}")
    payment = got.get("payment") or {}
    killed: list[str] = []
    for entry in payment.get("other") or []:
        for kind, ids in dict(entry).items():
            if kind in ("kill", "kill_self"):
                killed += [str(i) for i in ids]
    ref = reference_totals(data)  # priced: the effects the play used (`_effects_checked`)
    killed += sorted(source_kills(ref, payment))
    problems += _effects_checked(data, got, ref)
    for oid in killed:
        obj = find_object(data, oid)
        if obj is None:
            problems.append(f"the payment kills {oid}, which is nowhere")
            continue
        now = where(oid)
        token = _is_token(cards[obj.card])
        if "token_to_trash" in tuple(mutants):
            token = cards[obj.card].get("type") == "token"
        if token:
            if now is not None:
                problems.append(f"token {oid} killed is in {now[0]}'s {now[1]}, not gone (183.1)")
        elif now is None or now[:2] != (obj.controller, "trash"):
            problems.append(f"{oid} killed is in {now and now[:2]}, not in its owner's trash")
    return problems
