"""Hypothesis generator of small `payplan/1` scenarios (raw data), for the reference checks.

It can produce, together in one play: every kind of discount (Energy, Power by domain, `any`,
minimum Energy and minimum Power, "[1] or [A]" `choice`, component total / optional / repeat /
accelerate, `if` conditions of every kind, amounts: max Might, count in a zone, per card played),
increases, grants with `applies_to` (type, domain, tags, keyword, from, controller) and `while`,
several Flow instances (one may discard), `play_for`, `ignore` cost / energy / power, Accelerate
(`true` or explicit), Repeat instances, Deflect with targets (chosen more than once too), printed
additional costs mandatory and optional with `unlocks`, one-shot discounts of the play, `permit`,
explicit bases, every `leaves_chain`, timing against phase and turn, and benefits for `auto`.
Sizes stay small (at most 6 runes, a few discounts) so the brute force stays fast.
"""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import strategies as st

DOMAINS = ("fury", "calm", "mind")
FLAGS = ("enemy_unit_died_this_turn", "hidden")
Draw = Callable[..., Any]

PLAYED = "played"


@st.composite
def power_maps(draw: Draw, max_pips: int = 2, allow_any: bool = True,
               allow_c: bool = False) -> dict[str, int]:
    keys = list(DOMAINS) + (["any", "any"] if allow_any else []) + (["c"] if allow_c else [])
    out: dict[str, int] = {}
    for _ in range(draw(st.integers(0, max_pips))):
        key = draw(st.sampled_from(keys))
        out[key] = out.get(key, 0) + 1
    return out


@st.composite
def costs(draw: Draw, max_energy: int = 3, max_pips: int = 2, allow_c: bool = False,
          discard: bool = False) -> dict[str, Any]:
    cost: dict[str, Any] = {}
    e = draw(st.integers(0, max_energy))
    if e:
        cost["energy"] = e
    power = draw(power_maps(max_pips, allow_c=allow_c))
    if power:
        cost["power"] = power
    if discard and draw(st.integers(0, 3)) == 0:
        cost["other"] = [{"discard": 1}]
    return cost


FILTERS: tuple[dict[str, Any], ...] = (
    {}, {"type": "unit"}, {"type": "spell"}, {"tags": ["poro"]}, {"domain": "fury"},
    {"type": "unit", "min_might": 2}, {"type": "unit", "max_might": 2}, {"type": ["unit", "gear"]},
)


@st.composite
def amounts(draw: Draw, allow_zero: bool = False) -> Any:
    kind = draw(st.sampled_from(("int", "int", "int", "max", "count", "per")))
    if kind == "int":
        return draw(st.integers(0 if allow_zero else 1, 3))
    if kind == "max":
        return {"max": "might", "of": draw(st.sampled_from(FILTERS))}
    if kind == "count":
        zone = draw(st.sampled_from(("board", "hand", "trash")))
        flt = dict(draw(st.sampled_from(FILTERS)))
        if zone == "board" and draw(st.booleans()):
            flt["location"] = "battlefield"
        out: dict[str, Any] = {"count": flt, "zone": zone}
        times = draw(st.integers(1, 2))
        if times != 1:
            out["times"] = times
        return out
    return {"per": "played_this_turn", "times": draw(st.integers(1, 2))}


@st.composite
def conditions(draw: Draw, granted: bool) -> Any:
    """One condition (or a list of two); `at` only where there is a granting object."""
    kinds = ["from", "not_from", "base", "printed_at_least", "flag", "phase", "targets"]
    if granted:
        kinds.append("at")

    def one() -> dict[str, Any]:
        kind = draw(st.sampled_from(kinds))
        if kind in ("from", "not_from"):
            return {kind: draw(st.sampled_from(("hand", "trash")))}
        if kind == "base":
            return {"base": "flow"}
        if kind == "printed_at_least":
            return {"printed_at_least": {"energy": draw(st.integers(1, 4))}}
        if kind == "flag":
            return {"flag": draw(st.sampled_from(FLAGS))}
        if kind == "phase":
            return {"phase": draw(st.sampled_from(("main", "showdown")))}
        if kind == "at":
            return {"at": draw(st.sampled_from(("battlefield", "base")))}
        return {"targets": draw(st.sampled_from(({"type": "unit"}, {"tags": ["poro"]},
                                                 {"type": "unit", "min_might": 3})))}

    if draw(st.integers(0, 4)) == 0:
        return [one(), one()]
    return one()


@st.composite
def discounts(draw: Draw, granted: bool = False, component: bool = True,
              label: str | None = None) -> dict[str, Any]:
    kind = draw(st.sampled_from(("energy", "energy", "domain", "domain", "any", "any", "both",
                                 "choice", "choice")))
    d: dict[str, Any] = {}
    if kind == "energy":
        d["energy"] = draw(amounts())
    elif kind == "domain":
        d["power"] = {draw(st.sampled_from(DOMAINS + ("fury",))): draw(st.integers(1, 2))}
    elif kind == "any":
        d["power"] = {"any": draw(st.integers(1, 2))}
    elif kind == "both":
        d["energy"] = draw(st.integers(1, 2))
        d["power"] = {draw(st.sampled_from(DOMAINS + ("any",))): 1}
    else:
        d["choice"] = [{"energy": draw(st.integers(1, 2))},
                       {"power": {draw(st.sampled_from(("any", "any", "fury"))): 1}}]
    if draw(st.integers(0, 2)) == 0:
        minimum: dict[str, Any] = {}
        if "power" not in d or draw(st.booleans()):
            minimum["energy"] = draw(st.integers(1, 2))
        if "energy" not in d or draw(st.booleans()):
            minimum["power"] = draw(st.integers(1, 2))
        d["minimum"] = minimum
    if component and draw(st.booleans()):
        d["component"] = draw(st.sampled_from(("optional", "repeat", "accelerate", "total")))
    if draw(st.integers(0, 3)) == 0:
        d["if"] = draw(conditions(granted))
    if label is not None:
        d["id"] = label
    return d


@st.composite
def increases(draw: Draw) -> dict[str, Any]:
    inc: dict[str, Any] = {}
    if draw(st.booleans()):
        inc["energy"] = draw(amounts())
    else:
        inc["power"] = {draw(st.sampled_from(DOMAINS + ("any",))): 1}
    if draw(st.integers(0, 3)) == 0:
        inc["if"] = draw(conditions(True))
    return inc


@st.composite
def grants(draw: Draw, label: str) -> dict[str, Any]:
    kind = draw(st.sampled_from(("discount", "discount", "discount", "increase", "ignore_deflect")))
    g: dict[str, Any] = {}
    if kind == "discount":
        g["discount"] = draw(discounts(granted=True, label=label))
    elif kind == "increase":
        g["increase"] = draw(increases())
    else:
        g["ignore_deflect"] = True
    applies: dict[str, Any] = dict(draw(st.sampled_from((
        {}, {}, {"type": "spell"}, {"type": "unit"}, {"domain": "fury"}, {"tags": ["poro"]},
        {"keyword": "accelerate"}, {"keyword": "flow"}, {"from": "trash"}))))
    if draw(st.integers(0, 3)) == 0:
        applies["controller"] = draw(st.sampled_from(("you", "opponent")))
    if applies:
        g["applies_to"] = applies
    if draw(st.integers(0, 3)) == 0:
        g["while"] = draw(conditions(True))
    return g


@st.composite
def played_cards(draw: Draw) -> dict[str, Any]:
    ctype = draw(st.sampled_from(("spell", "spell", "spell", "unit", "unit", "gear")))
    card: dict[str, Any] = {"name": "Played", "type": ctype}
    domains = draw(st.sampled_from(([], ["fury"], ["fury"], ["calm"], ["fury", "calm"])))
    if domains:
        card["domains"] = domains
    card["cost"] = draw(costs(4, 2, allow_c=True))
    timing = draw(st.sampled_from(("normal", "normal", "action", "reaction")))
    if timing != "normal":
        card["timing"] = timing
    if ctype == "unit":
        card["might"] = draw(st.integers(1, 4))
    if draw(st.booleans()):
        card["tags"] = ["poro"]
    kw: dict[str, Any] = {}
    if ctype == "spell":
        flows = draw(st.lists(costs(3, 2, discard=True), min_size=draw(st.integers(0, 1)),
                              max_size=2))
        if flows:
            kw["flow"] = flows
        repeats = draw(st.lists(costs(2, 2), max_size=2))
        if repeats:
            kw["repeat"] = repeats
    if ctype == "unit" and draw(st.booleans()):
        kw["accelerate"] = True if draw(st.booleans()) else draw(costs(2, 2, allow_c=True))
    if kw:
        card["keywords"] = kw
    adds = []
    for i in range(draw(st.integers(0, 2))):
        add: dict[str, Any] = {"id": f"extra{i}", "mandatory": draw(st.booleans()),
                               "cost": draw(costs(2, 2, discard=True))}
        if not add["mandatory"] and draw(st.booleans()):
            add["unlocks"] = [draw(discounts(label=f"unlock{i}"))]
        adds.append(add)
    if adds:
        card["additional_costs"] = adds
    own = [draw(discounts(label=f"own{i}")) for i in range(draw(st.integers(0, 2)))]
    if draw(st.integers(0, 5)) == 0:
        _tangle(draw, card, kw, adds, own)
    if own:
        card["discounts"] = own
    return card


def _tangle(draw: Draw, card: dict[str, Any], kw: dict[str, Any], adds: list[dict[str, Any]],
            own: list[dict[str, Any]]) -> None:
    """Issue 10's first wrong answer, with its details drawn: an optional cost holding an [A] pip
    and a domain pip, an "[A] less" (or "[1] or [A] less") discount on that component, and a
    discount on the total that removes only that domain's pip. Uniform draws make the three
    together about once in a thousand plays; this makes them common."""
    domain = draw(st.sampled_from(DOMAINS))
    cost: dict[str, Any] = {"power": {domain: 1, "any": 1}}
    if draw(st.booleans()):
        cost["energy"] = 1
    kinds = ["printed"] + (["accelerate"] if card["type"] == "unit" else []) + (
        ["repeat"] if card["type"] == "spell" else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "accelerate":
        kw["accelerate"] = cost
        card["keywords"] = kw
    elif kind == "repeat":
        kw["repeat"] = [cost] + list(kw.get("repeat") or [])[:1]
        card["keywords"] = kw
    else:
        adds.append({"id": "tangle", "mandatory": False, "cost": cost})
        card["additional_costs"] = adds
    component = draw(st.sampled_from(("optional", "repeat" if kind == "repeat" else
                                       "accelerate" if kind == "accelerate" else "optional")))
    if draw(st.booleans()):
        own.append({"power": {"any": 1}, "component": component, "id": "tangle-a"})
    else:
        own.append({"choice": [{"energy": 1}, {"power": {"any": 1}}], "component": component,
                    "id": "tangle-a"})
    own.append({"power": {domain: 1}, "id": "tangle-d"})


def _optional_names(card: dict[str, Any]) -> list[str]:
    kw = card.get("keywords") or {}
    names = ["accelerate"] if kw.get("accelerate") else []
    names += ["repeat" if i == 0 else f"repeat.{i}" for i in range(len(kw.get("repeat") or []))]
    names += [a["id"] for a in card.get("additional_costs") or [] if not a["mandatory"]]
    return names


@st.composite
def scenario_data(draw: Draw) -> dict[str, Any]:
    """One small scenario, as raw `payplan/1` data."""
    played = draw(played_cards())
    cards: dict[str, Any] = {
        PLAYED: played,
        "poro-unit": {"name": "Poro", "type": "unit", "domains": ["fury"], "cost": {"energy": 2},
                      "might": 2, "tags": ["poro"]},
        "calm-spell": {"name": "Calm Spell", "type": "spell", "domains": ["calm"],
                       "cost": {"energy": 1}},
        "sentinel": {"name": "Sentinel", "type": "unit", "domains": ["order"],
                     "cost": {"energy": 3}, "might": 4,
                     "keywords": {"deflect": draw(st.integers(1, 2))}},
    }
    you_board: list[dict[str, Any]] = []
    opp_board: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 3))):
        cid = f"granter{i}"
        cards[cid] = {"name": f"Granter {i}", "type": draw(st.sampled_from(("unit", "gear"))),
                      "cost": {"energy": 1}, "grants": [draw(grants(cid))]}
        if cards[cid]["type"] == "unit":
            cards[cid]["might"] = draw(st.integers(1, 4))
        entry = {"id": f"g{i}", "card": cid,
                 "location": draw(st.sampled_from(("base", "battlefield")))}
        (opp_board if draw(st.integers(0, 3)) == 0 else you_board).append(entry)
    for i in range(draw(st.integers(0, 2))):
        unit: dict[str, Any] = {"id": f"u{i}", "card": "poro-unit",
                                "location": draw(st.sampled_from(("base", "battlefield")))}
        if draw(st.booleans()):
            unit["might"] = draw(st.integers(0, 5))
        you_board.append(unit)
    for i in range(draw(st.integers(0, 2))):
        opp_board.append({"id": f"e{i}", "card": "sentinel"})

    zone = draw(st.sampled_from(("hand",) * 5 + ("trash",)))
    if played["type"] == "spell" and played.get("keywords", {}).get("flow"):
        zone = draw(st.sampled_from(("hand", "trash", "trash")))
    hand: list[dict[str, Any]] = []
    trash: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 2))):
        h: dict[str, Any] = {"id": f"h{i}", "card": draw(st.sampled_from(("poro-unit", "calm-spell",
                                                                           PLAYED)))}
        if draw(st.integers(0, 3)) == 0:
            h["value"] = draw(st.integers(1, 6))
        hand.append(h)
    for i in range(draw(st.integers(0, 2))):
        trash.append({"id": f"t{i}", "card": draw(st.sampled_from(("poro-unit", "calm-spell",
                                                                    PLAYED)))})
    (hand if zone == "hand" else trash).insert(draw(st.integers(0, 1)), {"id": "p1", "card": PLAYED})

    runes = [{"id": f"r{i}", "domain": draw(st.sampled_from(DOMAINS)),
              **({"exhausted": True} if draw(st.integers(0, 3)) == 0 else {})}
             for i in range(draw(st.sampled_from((0, 1, 2, 3, 4, 4, 5, 5, 6, 6))))]
    you: dict[str, Any] = {"runes": runes, "hand": hand, "trash": trash, "board": you_board}
    if draw(st.integers(0, 2)) == 0:
        you["pool"] = {"energy": draw(st.integers(0, 2)), "power": draw(power_maps(2, False))}
    state: dict[str, Any] = {
        "phase": draw(st.sampled_from(("main",) * 10 + ("showdown", "closed"))),
        "turn": draw(st.sampled_from(("you",) * 10 + ("opponent",))),
        "you": you,
        "opponent": {"board": opp_board},
    }
    flags = draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=2))
    if flags:
        state["flags"] = flags
    played_count = draw(st.integers(0, 2))
    if played_count:
        state["played_this_turn"] = played_count

    play: dict[str, Any] = {"object": "p1"}
    if draw(st.integers(0, 19)) == 0:
        play["from"] = draw(st.sampled_from(("hand", "trash")))
    flows = len((played.get("keywords") or {}).get("flow") or [])
    if draw(st.integers(0, 4)) == 0:
        play["play_for"] = draw(costs(2, 2))
    base_choices: list[Any] = ["auto", "printed"] + [{"flow": i} for i in range(flows)]
    if "play_for" in play:
        base_choices.append("play_for")
    if draw(st.integers(0, 3)) == 0:
        play["base"] = draw(st.sampled_from(base_choices))
    if draw(st.integers(0, 3)) == 0:
        play["ignore"] = draw(st.sampled_from(("cost", "energy", "power")))
    if played["type"] == "spell" and draw(st.booleans()):
        pool = [o["id"] for o in opp_board] + [o["id"] for o in you_board if o["id"].startswith("u")]
        if pool:
            play["targets"] = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    settings = {name: draw(st.sampled_from(("yes", "no", "auto", "auto")))
                for name in _optional_names(played)}
    settings = {k: v for k, v in settings.items() if v != "no" or draw(st.booleans())}
    if settings:
        play["optional"] = settings
    if draw(st.integers(0, 4)) == 0:
        play["discounts"] = [draw(discounts(label="instruction"))]
    if draw(st.integers(0, 4)) == 0:
        play["permit"] = True
    if draw(st.booleans()):
        by = draw(st.sampled_from(("resolution", "counter", "effect")))
        leaves: dict[str, Any] = {"by": by}
        if by == "effect" or (by == "resolution" and played["type"] == "spell"
                              and draw(st.booleans())):
            leaves["to"] = draw(st.sampled_from(("hand", "hand", "trash")))
            # `to` is followed whoever directs the move, except where Flow banishes the card.
            leaves["instructed_by"] = draw(st.sampled_from(("self", "self", "other")))
        play["leaves_chain"] = leaves
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": state, "play": play}
    names = [n for n, v in settings.items() if v == "auto" and not n.startswith("repeat")]
    if names and draw(st.integers(0, 2)) == 0:
        data["objective"] = {"benefits": {n: draw(st.integers(1, 4)) for n in names}}
    return data
