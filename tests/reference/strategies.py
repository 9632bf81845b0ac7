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


# --- Real-card mechanics (issue 13; `shared/spec/real-cards.md`) --------------------------------

REAL_UNITS: dict[str, dict[str, Any]] = {
    # Victims and targets of several printed costs (Atakhan reads Energy and Power of the victim).
    "recruit": {"name": "Recruit", "type": "unit", "domains": ["fury"], "cost": {"energy": 1},
                "might": 1},
    "scorcher": {"name": "Scorcher", "type": "unit", "domains": ["fury"], "cost": {"energy": 5},
                 "might": 5},
    "ledros": {"name": "Ledros", "type": "unit", "domains": ["calm"],
               "cost": {"energy": 6, "power": {"calm": 4}}, "might": 8},
    "adept": {"name": "Adept", "type": "unit", "domains": ["mind"],
              "cost": {"energy": 2, "power": {"mind": 1}}, "might": 3, "tags": ["poro"]},
}
REAL_CONDITIONS = ("level", "legion", "runes_at_most", "controls", "flag", "phase")


@st.composite
def real_conditions(draw: Draw, granted: bool) -> dict[str, Any]:
    kinds = list(REAL_CONDITIONS) + (["empowered_at_least", "at"] if granted else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "level":
        return {"level_at_least": draw(st.integers(1, 6))}
    if kind == "legion":
        return {"played_this_turn_at_least": draw(st.integers(1, 2))}
    if kind == "runes_at_most":
        return {"runes_at_most": draw(st.integers(1, 4))}
    if kind == "controls":
        return {"controls": draw(st.sampled_from(({"type": "gear"}, {"name": "scorcher"},
                                                  {"tags": ["poro"]})))}
    if kind == "flag":
        return {"flag": "hidden"}
    if kind == "phase":
        return {"phase": "showdown"}
    if kind == "at":
        return {"at": "battlefield"}
    return {"empowered_at_least": draw(st.integers(1, 2))}


@st.composite
def real_discounts(draw: Draw, granted: bool, label: str, ability: bool = False,
                   targets: bool = False) -> dict[str, Any]:
    """A discount as real cards print them: plain, tiered ("instead"), amounts read from a
    target's Might or from the runes, `only_any_pips`."""
    kind = draw(st.sampled_from(("plain", "plain", "tiers", "runes", "only_any")
                                + (("might",) if targets else ())))
    d: dict[str, Any]
    if kind == "plain":
        d = draw(discounts(granted=False, component=False))
        d.pop("if", None)
        if draw(st.integers(0, 2)) == 0:
            d["if"] = draw(real_conditions(granted))
    elif kind == "tiers":
        tiers = []
        for _ in range(draw(st.integers(1, 3))):
            t = draw(discounts(granted=False, component=False))
            t.pop("if", None)
            if draw(st.integers(0, 3)):
                t["if"] = draw(real_conditions(granted))
            tiers.append(t)
        d = {"tiers": tiers}
    elif kind == "runes":
        flt = {"domain": draw(st.sampled_from(DOMAINS))} if draw(st.booleans()) else {}
        d = {"energy": {"count": flt, "zone": "runes"}}
    elif kind == "only_any":
        d = {"power": {"any": draw(st.integers(1, 2))}, "only_any_pips": True}
    else:
        d = {"energy": {"might_of": "target"}}
    d["id"] = label
    return d


@st.composite
def real_abilities(draw: Draw, oid: str) -> list[dict[str, Any]]:
    """One or two abilities of a board object: Equip (chooses a unit), Empower (`times`),
    "[cost]: effect" with the atoms naming the object, or an effect's payment."""
    out = []
    for i in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(("equip", "equip", "empower", "empower", "activated",
                                     "activated", "payment")))
        cost = draw(costs(3, 2))
        a: dict[str, Any] = {"id": f"{kind}{i}", "kind": kind}
        if kind in ("empower", "activated") and draw(st.booleans()):
            atom = draw(st.sampled_from(("exhaust_self", "exhaust_self", "kill_self",
                                         "banish_self", "disempower_self", "recycle_self")))
            cost["other"] = [atom]
        if kind in ("activated", "empower") and draw(st.integers(0, 3)) == 0:
            cost.setdefault("other", []).append(draw(st.sampled_from((
                {"discard": 1}, {"spend_xp": 1}, {"spend_buff": 1},
                {"kill": {"count": 1, "filter": {"type": "unit"}}}))))
        a["cost"] = cost
        if kind == "equip":
            a["targets"] = {"type": "unit"}
        if kind == "activated" and draw(st.integers(0, 2)) == 0:
            a["targets"] = {"type": "unit"}
        if kind == "empower" and draw(st.booleans()):
            a["times"] = draw(st.integers(1, 3))
        if kind == "activated" and draw(st.integers(0, 3)) == 0:
            a["times"] = draw(st.integers(1, 2))
        if kind != "payment" and draw(st.integers(0, 3)) == 0:
            a["timing"] = draw(st.sampled_from(("normal", "action", "reaction")))
        if kind != "payment" and draw(st.integers(0, 2)) == 0:
            a["discounts"] = [draw(real_discounts(True, f"{oid}-{kind}{i}", True,
                                                  "targets" in a))]
        out.append(a)
    return out


@st.composite
def real_grants(draw: Draw, label: str) -> dict[str, Any]:
    """Grants reaching abilities (Weaponmaster, Risen Altar, Piltovan Forge), once per turn,
    tiered increases (Helm of Suppression), granted Flow (Kennen), `ignore_deflect`."""
    kind = draw(st.sampled_from(("discount", "discount", "discount", "increase", "flow",
                                 "ignore_deflect")))
    g: dict[str, Any] = {}
    if kind == "discount":
        g["discount"] = draw(real_discounts(True, label))
    elif kind == "increase":
        if draw(st.booleans()):
            g["increase"] = {"id": label, "tiers": [
                {"energy": 1}, {"energy": 1, "power": {"any": 1},
                                "if": draw(real_conditions(True))}]}
        else:
            g["increase"] = {"id": label, "energy": 1}
    elif kind == "flow":
        g["keyword"] = {"flow": "printed"}
    else:
        g["ignore_deflect"] = True
    applies: dict[str, Any] = dict(draw(st.sampled_from((
        {}, {"type": "spell"}, {"type": "unit"}, {"type": "gear"}, {"ability": "equip"},
        {"ability": "empower"}, {"ability": "activated"}, {"ability": "any"},
        {"ability": "activated", "type": "gear"}, {"ability": "or_card", "type": "gear"}))))
    if kind == "flow":
        applies = {"type": "spell"}
    if kind == "increase" and draw(st.integers(0, 2)) == 0:
        applies["controller"] = "opponent"
    if applies:
        g["applies_to"] = applies
    if draw(st.integers(0, 3)) == 0:
        g["id"] = label
        g["once_per_turn"] = True
    if draw(st.integers(0, 4)) == 0:
        g["while"] = draw(real_conditions(True))
    return g


@st.composite
def real_sources(draw: Draw, oid: str) -> dict[str, Any]:
    """A Seal, a Gold token (exhaust and kill), a converter (Hextech Anomaly, Ancient Henge),
    Renata's bonus, Diana's showdown-only source, an `only_for` (Lux, Renekton)."""
    kind = draw(st.sampled_from(("seal", "seal", "gold", "anomaly", "henge", "energy")))
    s: dict[str, Any] = {"id": oid}
    if kind == "seal":
        s["adds"] = {"power": {draw(st.sampled_from(DOMAINS + ("any",))): 1}}
    elif kind == "gold":
        s["adds"] = {"power": {"any": 1}}
        s["costs"] = ["exhaust", "kill"]
    elif kind == "anomaly":
        s["adds"] = {"energy": 1}
        s["costs"] = [{"power": {"any": 1}}]
        s["repeatable"] = True
    elif kind == "henge":
        s["adds"] = {"power": {"any": 1}}
        s["costs"] = [{"energy": 1}]
        s["repeatable"] = True
    else:
        s["adds"] = {"energy": draw(st.integers(1, 2))}
    if kind in ("seal", "gold", "energy") and draw(st.integers(0, 3)) == 0:
        s["bonus"] = {"adds": {"energy": 1},
                      "while": draw(real_conditions(True))}
    if draw(st.integers(0, 4)) == 0:
        s["while"] = {"phase": "showdown"}
    if draw(st.integers(0, 4)) == 0:
        s["only_for"] = dict(draw(st.sampled_from(({"type": "spell"}, {"type": "unit"},
                                                   {"type": "gear", "ability": "or_card"}))))
    return s


@st.composite
def real_played_card(draw: Draw) -> dict[str, Any]:
    """A card with the real additions: a repeatable optional cost with a per-payment discount
    (Commander Ledros, Kraken Hunter), a victim-reading one (Atakhan), tiered own discounts
    (Master Yi), Hidden, `ignore_deflect` (Decree of Insight)."""
    ctype = draw(st.sampled_from(("spell", "spell", "unit", "unit", "gear")))
    card: dict[str, Any] = {"name": "Played", "type": ctype}
    domains = draw(st.sampled_from(([], ["fury"], ["calm"], ["mind"])))
    if domains:
        card["domains"] = domains
    card["cost"] = draw(costs(4, 2, allow_c=True))
    if ctype == "unit":
        card["might"] = draw(st.integers(1, 4))
    timing = draw(st.sampled_from(("normal", "normal", "action", "reaction")))
    if timing != "normal":
        card["timing"] = timing
    kw: dict[str, Any] = {}
    if draw(st.integers(0, 2)) == 0:
        kw["hidden"] = True
    if ctype == "unit" and draw(st.integers(0, 2)) == 0:
        kw["accelerate"] = True
    if ctype == "spell" and draw(st.integers(0, 2)) == 0:
        kw["repeat"] = [draw(costs(2, 1))]
    if kw:
        card["keywords"] = kw
    adds: list[dict[str, Any]] = []
    extra = draw(st.sampled_from(("repeatable", "repeatable", "victim", "victim", "mandatory",
                                  "none")))
    if extra == "repeatable":
        atom = draw(st.sampled_from(({"kill": {"count": 1, "filter": {"type": "unit"}}},
                                     {"spend_buff": 1}, {"discard": 1},
                                     {"exhaust": {"count": 1, "filter": {"type": "unit"}}},
                                     None)))
        cost: dict[str, Any] = {"other": [atom]} if atom else {"energy": 1}
        add: dict[str, Any] = {"id": "many", "mandatory": False, "cost": cost,
                               "repeatable": True}
        if atom is None or draw(st.integers(0, 2)) == 0:
            add["max"] = draw(st.integers(1, 3))
        unlock = dict(draw(st.sampled_from((
            {"power": {"calm": 1}}, {"power": {"fury": 1}}, {"power": {"any": 1}},
            {"energy": 1}, {"energy": 2}))))
        unlock["per_payment"] = True
        add["unlocks"] = [unlock]
        adds.append(add)
    elif extra == "victim":
        unlock = {}
        if draw(st.booleans()):
            unlock["energy"] = {"printed_energy_of": "paid", "cost": "offering"}
        if not unlock or draw(st.booleans()):
            unlock["power"] = {draw(st.sampled_from(DOMAINS + ("any",))): {
                "printed_power_of": "paid", "cost": "offering"}}
        adds.append({"id": "offering", "mandatory": False,
                     "cost": {"other": [{"kill": {"count": 1, "filter": dict(draw(st.sampled_from(
                         ({"type": "unit"}, {"type": "unit"}, {"tags": ["poro"]}))))}}]},
                     "unlocks": [unlock]})
    elif extra == "mandatory":
        adds.append({"id": "must", "mandatory": True, "cost": draw(costs(1, 1))})
    if draw(st.integers(0, 3)) == 0:
        adds.append({"id": "extra", "mandatory": False, "cost": draw(costs(1, 1))})
    if adds:
        card["additional_costs"] = adds
    own = [draw(real_discounts(False, f"own{i}")) for i in range(draw(st.integers(0, 2)))]
    if own:
        card["discounts"] = own
    if draw(st.integers(0, 6)) == 0:
        card["ignore_deflect"] = True
    return card


@st.composite
def real_scenario_data(draw: Draw) -> dict[str, Any]:
    """One small scenario with the real-card additions, as raw `payplan/1` data: a card play
    (from hand, trash or facedown), an ability play of a board object, or hiding a card."""
    cards: dict[str, Any] = {k: dict(v) for k, v in REAL_UNITS.items()}
    cards["sentinel"] = {"name": "Sentinel", "type": "unit", "domains": ["order"],
                         "cost": {"energy": 3}, "might": 4,
                         "keywords": {"deflect": draw(st.integers(1, 2))}}
    played = draw(real_played_card())
    cards[PLAYED] = played
    you_board: list[dict[str, Any]] = []
    opp_board: list[dict[str, Any]] = []
    used: list[str] = []
    sources: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 3))):
        cid = f"gear{i}"
        gear: dict[str, Any] = {"name": f"Gear {i}", "type": "gear",
                                "cost": {"energy": draw(st.integers(0, 2))}}
        if draw(st.booleans()):
            gear["abilities"] = draw(real_abilities(f"g{i}"))
        if draw(st.booleans()):
            gear["grants"] = [draw(real_grants(cid))]
            if gear["grants"][0].get("once_per_turn") and draw(st.integers(0, 2)) == 0:
                used.append(cid)
        cards[cid] = gear
        entry: dict[str, Any] = {"id": f"g{i}", "card": cid,
                                 "location": draw(st.sampled_from(("base", "battlefield")))}
        if draw(st.integers(0, 3)) == 0:
            entry["exhausted"] = True
        if draw(st.integers(0, 2)) == 0:
            entry["empowered"] = draw(st.integers(1, 3))
        if draw(st.integers(0, 4)) == 0 and gear.get("grants"):
            opp_board.append(entry)
            continue
        you_board.append(entry)
        if draw(st.integers(0, 2)) == 0:
            sources.append(draw(real_sources(f"g{i}")))
    # A unit with abilities (Empower on units: Kayle, Kharox).
    if draw(st.integers(0, 2)) == 0:
        cards["hero"] = {"name": "Hero", "type": "unit", "domains": ["mind"],
                         "cost": {"energy": 3}, "might": 3,
                         "abilities": draw(real_abilities("u9"))}
        you_board.append({"id": "u9", "card": "hero",
                          **({"empowered": draw(st.integers(1, 3))} if draw(st.booleans()) else {})})
    for i in range(draw(st.integers(0, 3))):
        unit: dict[str, Any] = {"id": f"u{i}", "card": draw(st.sampled_from(sorted(REAL_UNITS)))}
        if draw(st.integers(0, 2)) == 0:
            unit["buffs"] = draw(st.integers(1, 2))
        if draw(st.integers(0, 3)) == 0:
            unit["value"] = draw(st.integers(1, 6))
        if draw(st.integers(0, 4)) == 0:
            unit["exhausted"] = True
        you_board.append(unit)
    for i in range(draw(st.integers(0, 1))):
        opp_board.append({"id": f"e{i}", "card": "sentinel"})

    hand: list[dict[str, Any]] = [{"id": f"h{i}", "card": draw(st.sampled_from(("recruit",
                                                                                  PLAYED)))}
                                  for i in range(draw(st.integers(0, 2)))]
    trash: list[dict[str, Any]] = [{"id": f"t{i}", "card": "recruit"}
                                   for i in range(draw(st.integers(0, 1)))]
    facedown: list[dict[str, Any]] = []
    abilities = [(o["id"], a) for o in you_board for a in cards[o["card"]].get("abilities") or []]
    kinds = ["card", "card", "card"] + (["ability", "ability", "ability"] if abilities else [])
    if (played.get("keywords") or {}).get("hidden"):
        kinds += ["facedown", "hide"]
    kind = draw(st.sampled_from(kinds))
    play: dict[str, Any]
    if kind == "ability":
        oid, ability = draw(st.sampled_from(abilities))
        play = {"ability": {"object": oid, "id": ability["id"]}}
        if "targets" in ability:
            pool = [o["id"] for o in you_board if cards[o["card"]]["type"] == "unit"]
            pool += [o["id"] for o in opp_board if cards[o["card"]]["type"] == "unit"]
            if pool:
                play["targets"] = [draw(st.sampled_from(pool))]
        if "times" in ability and ability["kind"] != "empower" and draw(st.booleans()):
            used.append(f"{oid}.{ability['id']}")
        hand.append({"id": "p1", "card": PLAYED})
    elif kind == "facedown":
        facedown.append({"id": "p1", "card": PLAYED, "location": "base",
                         "hidden_turn": draw(st.sampled_from(("earlier", "earlier", "this")))})
        play = {"object": "p1"}
    elif kind == "hide":
        hand.insert(0, {"id": "p1", "card": PLAYED})
        play = {"hide": "p1"}
    else:
        zone = draw(st.sampled_from(("hand", "hand", "hand", "trash")))
        (hand if zone == "hand" else trash).insert(0, {"id": "p1", "card": PLAYED})
        play = {"object": "p1"}
        if played["type"] == "spell" and draw(st.booleans()):
            pool = [o["id"] for o in opp_board + you_board
                    if cards[o["card"]]["type"] == "unit"]
            if pool:
                play["targets"] = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2))
        settings: dict[str, Any] = {}
        for add in played.get("additional_costs") or []:
            if add["mandatory"]:
                continue
            if add.get("repeatable"):
                settings[add["id"]] = draw(st.sampled_from(("auto", "auto", "yes", "no", 0, 1, 2)))
            else:
                settings[add["id"]] = draw(st.sampled_from(("auto", "auto", "yes", "no")))
        kw = played.get("keywords") or {}
        if kw.get("accelerate"):
            settings["accelerate"] = draw(st.sampled_from(("auto", "yes", "no")))
        if kw.get("repeat"):
            settings["repeat"] = draw(st.sampled_from(("auto", "yes", "no")))
        if settings:
            play["optional"] = settings
        if draw(st.integers(0, 4)) == 0:
            play["ignore"] = draw(st.sampled_from(("all", "all", "cost", "energy")))
        if zone == "trash" and draw(st.integers(0, 2)) == 0:
            play["permit"] = True
    if kind in ("ability", "hide") and draw(st.integers(0, 6)) == 0:
        play["ignore"] = "cost"

    runes = [{"id": f"r{i}", "domain": draw(st.sampled_from(DOMAINS)),
              **({"exhausted": True} if draw(st.integers(0, 3)) == 0 else {})}
             for i in range(draw(st.sampled_from((0, 1, 2, 3, 3, 4, 4, 5))))]
    you: dict[str, Any] = {"runes": runes, "hand": hand, "trash": trash, "board": you_board}
    if facedown:
        you["facedown"] = facedown
    if sources:
        you["sources"] = sources
    if draw(st.integers(0, 2)) == 0:
        you["xp"] = draw(st.integers(0, 6))
    if used:
        you["used_this_turn"] = used
    if draw(st.integers(0, 3)) == 0:
        you["pool"] = {"energy": draw(st.integers(0, 2)), "power": draw(power_maps(1, False))}
    state: dict[str, Any] = {
        "phase": draw(st.sampled_from(("main",) * 8 + ("showdown", "closed"))),
        "turn": draw(st.sampled_from(("you",) * 8 + ("opponent",))),
        "you": you, "opponent": {"board": opp_board},
    }
    if draw(st.integers(0, 2)) == 0:
        state["flags"] = ["hidden"]
    if draw(st.booleans()):
        state["played_this_turn"] = draw(st.integers(1, 2))
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": state, "play": play}
    return data
