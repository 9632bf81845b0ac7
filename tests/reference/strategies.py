"""Hypothesis generators of small `payplan/1` scenarios (raw data), for the reference checks.

They draw every key the `payplan/1` loader accepts and every word of its enums (a test,
`tests/test_reference_keys.py`, lists the loader's keys and fails on one these never produce;
the few they leave out are on a closed list there, each with its reason), written from the spec
and the README, not from the engine: nothing here imports it.

- `scenario_data()`: the rule-353 mechanics together in one play: every kind of discount
  (Energy, Power by domain, `any`, minimum Energy and minimum Power, "[1] or [A]" `choice`,
  component total / optional / repeat / accelerate, `if` conditions of every kind, amounts: max
  Might, count in a zone, per card played), increases, grants with `applies_to` (type, domain,
  tags, keyword, from, location, controller) and `while`, granted alternative costs, several
  Flow instances (one may discard), `play_for`, `ignore`, Accelerate (`true` or explicit), Repeat
  instances, Deflect with targets (chosen more than once too), printed additional costs,
  mandatory (with `unlocks`, and without the `mandatory` key) and optional, of every
  non-standard kind, one-shot discounts of the play, `permit`, explicit bases, plays named by
  `card`, every `leaves_chain`, timing against phase and turn, buffs read as Might, rune values,
  custom weights and benefits for `auto`.
- `real_scenario_data()`: the real-card additions (`shared/spec/real-cards.md`): abilities
  (Equip, Empower, "[cost]: effect", payments) with target filters naming a controller and
  counts of their own object, grants reaching abilities (by kind, `location`, `or_card`,
  once per turn, tiers, granted Flow, alternatives for hiding), repeatable costs with
  per-payment discounts (some making each payment free), victim-reading costs (optional and
  mandatory), kill costs with one of the play's targets among the candidates, sources (Seals,
  Gold tokens, converters, bonus, `while`, `only_for`) whose objects other costs may take,
  Hidden cards played from facedown and hidden from hand; granted and conditional Deflect
  (issue 24, item 2: grants `deflect` reaching objects by a filter or `self: true`, while
  Empowered or Mighty (`might_at_least`), an object's own `deflect`, plays choosing them);
  issue 24: Repeat granted equal to the printed or base cost, effects for the turn in the
  state (yours and the opponent's).

Issue 20's situations are drawn on purpose, not left to chance: target controllers, grant
locations, mandatory unlocks, ability counts, per-payment discounts that reach zero, kill costs
with a targeted candidate, a source's object paying a non-standard cost, Might from buffs, an
Empower that may kill its own unit.

Sizes stay small (at most 6 runes, a few discounts) so the brute force stays fast. The draws are
weighted so that most plays are legal and pay something (enough ready runes, timing and zones
mostly right), while every illegal and unpayable case stays reachable.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from hypothesis import strategies as st

from .features import has

DOMAINS = ("fury", "calm", "mind")
# The other three domains of the format, drawn now and then (a domain no rune has makes a pip
# only `[A]`-like resources pay: such plays are mostly unpayable, so they stay rare).
RARE_DOMAINS = ("body", "chaos", "order")
ALL_DOMAINS = DOMAINS + RARE_DOMAINS
FLAGS = ("enemy_unit_died_this_turn", "hidden")
KEYWORDS = ("flow", "accelerate", "repeat", "deflect", "hidden")
WEIGHT_KEYS = ("exhaust", "recycle", "discard", "kill", "exhaust_unit", "recycle_from_trash",
               "return_to_hand", "spend_buff", "spend_xp", "source", "banish", "disempower")
Draw = Callable[..., Any]

PLAYED = "played"


def _domain(draw: Draw) -> str:
    return str(draw(st.sampled_from(DOMAINS * 4 + RARE_DOMAINS + DOMAINS * 4)))


@st.composite
def power_maps(draw: Draw, max_pips: int = 2, allow_any: bool = True,
               allow_c: bool = False) -> dict[str, int]:
    keys = list(DOMAINS * 4) + (["any"] * 3 if allow_any else []) + list(RARE_DOMAINS[:1]) + (
        ["c"] * 2 if allow_c else []) + list(RARE_DOMAINS[1:]) + (["any"] * 3 if allow_any else [])
    keys += list(DOMAINS * 2)
    out: dict[str, int] = {}
    for _ in range(draw(st.integers(0, max_pips))):
        key = draw(st.sampled_from(keys))
        out[key] = out.get(key, 0) + 1
    return out


@st.composite
def costs(draw: Draw, max_energy: int = 3, max_pips: int = 2, allow_c: bool = False,
          discard: bool = False, min_energy: int = 0) -> dict[str, Any]:
    cost: dict[str, Any] = {}
    e = draw(st.integers(min_energy, max_energy))
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
    {"type": "unit", "min_might": 3}, {"name": "Poro"}, {"printed_energy": 2},
    {"type": "unit", "printed_power": 0}, {"printed_power": 1}, {"max_might": 3},
    {"any_tags": ["poro", "dog"]},
)


@st.composite
def amounts(draw: Draw, allow_zero: bool = False) -> Any:
    kind = draw(st.sampled_from(("int", "int", "int", "max", "count", "count", "per")))
    if kind == "int":
        return draw(st.integers(0 if allow_zero else 1, 3))
    if kind == "max":
        return {"max": "might", "of": draw(st.sampled_from(FILTERS))}
    if kind == "count":
        zone = draw(st.sampled_from(("hand", "board", "board", "trash")))
        flt = dict(draw(st.sampled_from(FILTERS)))
        if zone == "board" and draw(st.booleans()):
            flt["location"] = draw(st.sampled_from(("battlefield", "base")))
        out: dict[str, Any] = {"count": flt, "zone": zone}
        times = draw(st.integers(1, 2))
        if times != 1 or draw(st.integers(0, 3)) == 0:
            out["times"] = times
        return out
    return {"per": "played_this_turn", "times": draw(st.integers(1, 2))}


TARGET_FILTERS: tuple[dict[str, Any], ...] = (
    {"type": "unit"}, {"tags": ["poro"]}, {"type": "unit", "min_might": 3},
    {"type": "unit", "controller": "you"}, {"type": "unit", "controller": "opponent"},
    {"controller": "you"}, {"id": "u0"}, {"id": "e0"}, {"type": "unit", "max_might": 2},
    {"name": "Sentinel"}, {"printed_power": 0},
)


@st.composite
def conditions(draw: Draw, granted: bool) -> Any:
    """One condition (or a list of two); `at` only where there is a granting object."""
    kinds = ["from", "not_from", "base", "printed_at_least", "flag", "phase", "targets",
             "targets"]
    if granted:
        kinds.append("at")

    def one() -> dict[str, Any]:
        kind = draw(st.sampled_from(kinds))
        if kind in ("from", "not_from"):
            return {kind: draw(st.sampled_from(("hand", "hand", "trash", "facedown")))}
        if kind == "base":
            return {"base": "flow"}
        if kind == "printed_at_least":
            # Energy only: with Power the engine compares the pips counted together and the
            # reference each domain (a reading the spec leaves open; left for the lead).
            return {"printed_at_least": {"energy": draw(st.integers(1, 4))}}
        if kind == "flag":
            return {"flag": draw(st.sampled_from(FLAGS))}
        if kind == "phase":
            return {"phase": draw(st.sampled_from(("main", "showdown")))}
        if kind == "at":
            return {"at": draw(st.sampled_from(("battlefield", "base")))}
        chosen = dict(draw(st.sampled_from(TARGET_FILTERS)))
        if granted and draw(st.integers(0, 2)) == 0:
            # "Spells that choose me" (Irelia - Graceful): the granting object is chosen.
            chosen = {"self": True, **draw(st.sampled_from(({}, {}, {"type": "unit"})))}
        return {"targets": chosen}

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
        d["power"] = {draw(st.sampled_from(DOMAINS + ("fury",) + RARE_DOMAINS[:1])):
                      draw(st.integers(1, 2))}
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
def applies(draw: Draw) -> dict[str, Any]:
    """A grant's `applies_to` on a card play: type, domain, tags, a keyword, the zone it comes
    from, where it is played (`location`: a card from hand or trash is at none, one played from
    facedown where it was hidden), and who plays it."""
    out: dict[str, Any] = dict(draw(st.sampled_from((
        {}, {}, {"type": "spell"}, {"type": "unit"}, {"domain": "fury"}, {"tags": ["poro"]},
        {"from": "trash"}, {"from": "hand"}))))
    if draw(st.integers(0, 2)) == 1:
        out["keyword"] = draw(st.sampled_from(KEYWORDS))
    if draw(st.integers(0, 7)) == 0:
        out["location"] = draw(st.sampled_from(("battlefield", "base")))
    if draw(st.integers(0, 3)) == 0:
        out["controller"] = draw(st.sampled_from(("you", "opponent")))
    if draw(st.integers(0, 9)) == 0:
        # One object: the played card's object, or another (a copy, or none).
        out["id"] = draw(st.sampled_from(("p1", "p2")))
    return out


@st.composite
def grants(draw: Draw, label: str) -> dict[str, Any]:
    kind = draw(st.sampled_from(("discount", "discount", "discount", "increase", "ignore_deflect",
                                 "discount", "alternative")))
    g: dict[str, Any] = {}
    if kind == "discount":
        g["discount"] = draw(discounts(granted=True, label=label))
    elif kind == "increase":
        g["increase"] = draw(increases())
    elif kind == "alternative":
        # "Pay [cost] instead of its base cost" (Teemo's, on cards here).
        g["alternative"] = draw(costs(2, 1))
    else:
        g["ignore_deflect"] = True
    flt = draw(applies())
    if flt:
        g["applies_to"] = flt
    if draw(st.integers(0, 3)) == 0:
        g["while"] = draw(conditions(True))
    return g


# Non-standard costs of printed additional costs: every kind, with filters that name what the
# loader accepts (type, tags, domain, might, location, controller, name, id, printed cost).
OTHER_COSTS: tuple[dict[str, Any], ...] = (
    {"discard": 1}, {"discard": {"count": 1, "filter": {"type": "unit"}}},
    {"discard": {"count": 1, "filter": {"name": "Calm Spell"}}},
    {"kill": {"count": 1, "filter": {"type": "unit"}}},
    {"kill": {"count": 1, "filter": {"type": "unit", "location": "base"}}},
    {"kill": {"count": 1, "filter": {"tags": ["poro"], "max_might": 3}}},
    {"kill": {"count": 1, "filter": {"id": "u0"}}},
    {"exhaust": {"count": 1, "filter": {"type": "unit"}}},
    {"exhaust": {"count": 1, "filter": {"type": ["unit", "gear"], "controller": "you"}}},
    {"return_to_hand": {"count": 1, "filter": {"type": ["unit", "gear"]}}},
    {"recycle_from_trash": 1}, {"recycle_from_trash": {"count": 1, "filter": {"type": "unit"}}},
    {"spend_buff": 1}, {"spend_xp": 1},
    {"kill": {"count": 1, "filter": {"type": "unit", "printed_energy": 2}}},
    {"discard": {"count": 1, "filter": {"printed_power": 0}}},
    # OR over tags (issue 24, item 7: Stalking Wolf's "a Bird, Cat, Dog, or Poro").
    {"kill": {"count": 1, "filter": {"any_tags": ["bird", "cat", "poro"]}}},
    {"discard": {"count": 1, "filter": {"any_tags": ["poro", "dog"]}}},
)


@st.composite
def additional_costs(draw: Draw, i: int) -> dict[str, Any]:
    """A printed additional cost: mandatory (sometimes with `unlocks`, which always apply; the
    `mandatory` key left out now and then, which means mandatory) or optional."""
    mandatory = draw(st.booleans())
    cost = draw(costs(1, 1))
    if draw(st.integers(0, 2)) == 0:
        cost["other"] = [dict(draw(st.sampled_from(OTHER_COSTS)))]
    add: dict[str, Any] = {"id": f"extra{i}", "cost": cost}
    if not mandatory or draw(st.integers(0, 3)):
        add["mandatory"] = mandatory
    if draw(st.integers(0, 2)) == 0 or (mandatory and draw(st.booleans())):
        add["unlocks"] = [draw(discounts(label=f"unlock{i}"))]
    if not mandatory and draw(st.integers(0, 3)) == 0:
        # Wallop / Call to Glory (issue 24, item 4): paying it ignores the base cost (or a part).
        add["ignore"] = draw(st.sampled_from(("cost", "cost", "energy", "power")))
    return add


@st.composite
def played_cards(draw: Draw) -> dict[str, Any]:
    ctype = draw(st.sampled_from(("spell", "spell", "spell", "unit", "unit", "gear")))
    card: dict[str, Any] = {"name": "Played", "type": ctype}
    domains = draw(st.sampled_from(([], ["fury"], ["fury"], ["calm"], ["fury", "calm"],
                                    ["chaos"])))
    if domains:
        card["domains"] = domains
    card["cost"] = draw(costs(3, 2, allow_c=True, min_energy=1))
    if draw(st.integers(0, 4)) == 0:
        # Hybrid pips (issue 24, item 5): one or two, each payable by either of two domains.
        card["hybrid"] = draw(st.lists(st.sampled_from((["fury", "calm"], ["fury", "chaos"],
                                                        ["calm", "mind"])),
                                       min_size=1, max_size=2))
    timing = draw(st.sampled_from(("normal",) * 5 + ("action", "reaction")))
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
    if draw(st.integers(0, 9)) == 0:
        kw["deflect"] = 1
    if draw(st.integers(0, 9)) == 0:
        kw["hidden"] = True
    if kw:
        card["keywords"] = kw
    adds = [draw(additional_costs(i)) for i in range(draw(st.integers(0, 2)))]
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
    names = ["accelerate"] if kw.get("accelerate") not in (None, False) else []
    names += ["repeat" if i == 0 else f"repeat.{i}" for i in range(len(kw.get("repeat") or []))]
    names += [a["id"] for a in card.get("additional_costs") or []
              if a.get("mandatory", True) is False]
    return names


def pip_domains(value: Any, card: dict[str, Any]) -> list[str]:
    """The domains of the Power pips written anywhere in `value` (`c` read as the card's)."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "power" and isinstance(item, dict):
                for k in item:
                    domains = card.get("domains") or []
                    k = (domains[0] if len(domains) == 1 else "any") if k == "c" else k
                    if k in ALL_DOMAINS and k not in found:
                        found.append(k)
            else:
                found += [d for d in pip_domains(item, card) if d not in found]
    elif isinstance(value, list):
        for item in value:
            found += [d for d in pip_domains(item, card) if d not in found]
    return found


@st.composite
def runes_of(draw: Draw, sizes: tuple[int, ...], wanted: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Runes, mostly ready, now and then of a domain beyond the three, with a `value`; most
    often the first ones of the domains the play's pips name (`wanted`), so that it can pay."""
    out = []
    first = wanted if draw(st.integers(0, 4)) != 2 else ()
    for i in range(max(draw(st.sampled_from(sizes)), min(len(first), 3))):
        domain = first[i] if i < len(first) else _domain(draw)
        rune: dict[str, Any] = {"id": f"r{i}", "domain": domain}
        if draw(st.integers(0, 7)) == 3:
            rune["exhausted"] = True
        if draw(st.integers(0, 9)) == 0:
            rune["value"] = draw(st.integers(1, 5))
        out.append(rune)
    return out


@st.composite
def weights(draw: Draw) -> dict[str, int]:
    """A few of the objective's weights changed."""
    keys = draw(st.lists(st.sampled_from(WEIGHT_KEYS), min_size=2, max_size=7, unique=True))
    return {k: draw(st.sampled_from((1, 2, 3, 0, 4, 5, 6))) for k in keys}


def _elsewhere(draw: Draw, you: dict[str, Any], cards: dict[str, Any]) -> None:
    """Now and then a banished card and a rune at the bottom of the rune deck: zones no play
    reads (nothing may be played or paid from them)."""
    if draw(st.integers(0, 7)) == 0:
        you["banishment"] = [{"id": "b0", "card": draw(st.sampled_from(sorted(cards)))}]
    if draw(st.integers(0, 7)) == 0:
        you["rune_deck"] = [{"id": "d0", "domain": _domain(draw)}]


def _leaves(draw: Draw, card_type: str) -> dict[str, Any]:
    by = draw(st.sampled_from(("effect", "resolution", "counter", "effect")))
    leaves: dict[str, Any] = {"by": by}
    if by == "effect" or (by == "resolution" and draw(st.booleans())):
        leaves["to"] = draw(st.sampled_from(("board", "hand", "trash", "banishment", "trash",
                                             "hand", "banishment")))
        # `to` is followed whoever directs the move, except where Flow banishes the card.
        leaves["instructed_by"] = draw(st.sampled_from(("other", "self", "self", "other")))
    return leaves


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
    for i in range(draw(st.integers(0, 3))):
        unit: dict[str, Any] = {"id": f"u{i}", "card": "poro-unit",
                                "location": draw(st.sampled_from(("base", "battlefield")))}
        if draw(st.integers(0, 2)) == 0:
            unit["might"] = draw(st.integers(0, 5))
        if draw(st.integers(0, 2)) == 0:
            unit["buffs"] = draw(st.integers(1, 2))  # +1 Might each where `might` is not given
        if draw(st.integers(0, 3)) == 0:
            unit["value"] = draw(st.integers(1, 6))
        you_board.append(unit)
    for i in range(draw(st.integers(0, 2))):
        opp_board.append({"id": f"e{i}", "card": "sentinel"})

    zone = draw(st.sampled_from(("hand",) * 9 + ("trash",)))
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

    you: dict[str, Any] = {"runes": draw(runes_of((5, 3, 4, 1, 5, 6, 2, 6, 4, 5),
                                             pip_domains(played, played))), "hand": hand,
                           "trash": trash, "board": you_board}
    if draw(st.integers(0, 4)) == 2:
        you["pool"] = {"energy": draw(st.integers(0, 2)), "power": draw(power_maps(2, False))}
    if draw(st.integers(0, 2)) == 0 or "spend_xp" in repr(played):
        you["xp"] = draw(st.integers(0, 3))
    _elsewhere(draw, you, cards)
    state: dict[str, Any] = {
        "phase": draw(st.sampled_from(("main",) * 16 + ("closed", "showdown", "showdown", "closed")
                                      + ("main",) * 16)),
        "turn": draw(st.sampled_from(("you",) * 18 + ("opponent",) + ("you",) * 18)),
        "you": you,
        "opponent": {"board": opp_board},
    }
    _showdown_theme(draw, state, played)
    flags = draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=2))
    if flags:
        state["flags"] = flags
    played_count = draw(st.integers(0, 2))
    if played_count:
        state["played_this_turn"] = played_count

    play: dict[str, Any] = {"object": "p1"}
    if draw(st.integers(0, 9)) == 0:
        # Named by card: the loader takes the first object of that card in `from` (or in hand,
        # trash, facedown order), which may be another copy than p1.
        play = {"card": PLAYED, "from": zone}
    elif draw(st.integers(0, 9)) == 0:
        play["from"] = draw(st.sampled_from((zone, zone, zone, "hand", "trash")))
    flows = len((played.get("keywords") or {}).get("flow") or [])
    if draw(st.integers(0, 4)) == 0:
        play["play_for"] = draw(costs(2, 2))
    base_choices: list[Any] = ["auto", "printed"] + [{"flow": i} for i in range(flows)]
    if "play_for" in play:
        base_choices.append("play_for")
    if "play_for" in play and draw(st.booleans()):
        play["base"] = "play_for"
    elif draw(st.integers(0, 4)) == 0:
        play["base"] = draw(st.sampled_from(base_choices))
    if draw(st.integers(0, 4)) == 3:
        play["ignore"] = draw(st.sampled_from(("energy", "power", "cost", "energy")))
    if draw(st.integers(0, 1)) == 0:
        pool = [o["id"] for o in opp_board] + [o["id"] for o in you_board if o["id"].startswith("u")]
        if pool:
            play["targets"] = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2))
    settings = {name: draw(st.sampled_from(("yes", "no", "auto", "auto")))
                for name in _optional_names(played)}
    settings = {k: v for k, v in settings.items() if v != "no" or draw(st.booleans())}
    if settings:
        play["optional"] = settings
    if draw(st.integers(0, 4)) == 0:
        play["discounts"] = [draw(discounts(label="instruction"))]
    if draw(st.integers(0, 4)) == 0 or (zone == "trash" and draw(st.booleans())):
        play["permit"] = True
    if draw(st.booleans()):
        play["leaves_chain"] = _leaves(draw, played["type"])
    _bans(draw, state)
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": state, "play": play}
    names = [n for n, v in settings.items() if v == "auto" and not n.startswith("repeat")]
    objective: dict[str, Any] = {}
    if names and draw(st.integers(0, 2)) == 0:
        objective["benefits"] = {n: draw(st.integers(1, 4)) for n in names}
    if draw(st.integers(0, 2)) == 1:
        objective["weights"] = draw(weights())
    if objective:
        data["objective"] = objective
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
REAL_CONDITIONS = ("level", "legion", "runes_at_most", "controls", "flag", "phase", "board",
                   "board")
# Issue 24, section D: board conditions read from the state (scores, the opponent's objects).
ENEMY_FILTERS: tuple[dict[str, Any], ...] = (
    {"type": "unit", "stunned": True}, {"type": "unit", "stunned": True}, {"type": "unit"},
    {"type": "unit", "stunned": False}, {"name": "sentinel"}, {"type": "gear"},
)


@st.composite
def board_conditions(draw: Draw) -> dict[str, Any]:
    """A board condition of issue 24, section D (players relative to the play's player, or
    to the granting object's controller)."""
    kind = draw(st.sampled_from(("score", "opponent_score", "within", "opponent_controls",
                                 "opponent_controls") + (("died", "opponent_died")
                                                         if has("deaths") else ())))
    if kind == "died":
        # Deaths this turn (a friendly unit died: Cruel Patron's payoffs), 0 holding always.
        return {"units_died_at_least": draw(st.integers(0, 2))}
    if kind == "opponent_died":
        # Spoils of War: "if an enemy unit died this turn".
        return {"opponent_units_died_at_least": draw(st.integers(1, 2))}
    if kind == "score":
        return {"score_at_least": draw(st.integers(0, 7))}
    if kind == "opponent_score":
        return {"opponent_score_at_least": draw(st.integers(1, 7))}
    if kind == "within":
        return {"within_of_victory": draw(st.integers(0, 3))}
    return {"opponent_controls": dict(draw(st.sampled_from(ENEMY_FILTERS)))}


@st.composite
def units_at(draw: Draw, granted: bool) -> dict[str, Any]:
    """`{units_at: {count: N, where: here|any}}` (issue 24, section D): `here` only where there
    is a granting object."""
    where = draw(st.sampled_from(("here", "any", "here", None))) if granted else \
        draw(st.sampled_from(("any", "any", None)))
    cond: dict[str, Any] = {"count": draw(st.sampled_from((0, 1, 2, 2, 2, 3)))}
    if where is not None:
        cond["where"] = where  # unset: `any` (the README's default)
    if has("control") and draw(st.integers(0, 2)) == 0:
        # Keeper of Law: "a battlefield you control with exactly two units there".
        cond["controller"] = draw(st.sampled_from(("you", "you", "opponent")))
    return {"units_at": cond}


@st.composite
def real_conditions(draw: Draw, granted: bool) -> dict[str, Any]:
    kinds = list(REAL_CONDITIONS) + (["empowered_at_least", "at", "might"] if granted else [])
    kinds += ["in_showdown"] if has("in_showdown") else []
    kind = draw(st.sampled_from(kinds + ["units_at"]))
    if kind == "in_showdown":
        # "While I'm in a showdown" (Syndra): the granting object at `showdown_at`; with no
        # granting object (a card's own discount) it never holds.
        return {"in_showdown": True}
    if kind == "might":
        # "While Mighty" (issue 24, item 2; Fiora - Victorious: at least 5): the granting
        # object's Might, buffs included; a gear has none (at least 0 does not hold for it).
        return {"might_at_least": draw(st.sampled_from((5, 5, 3, 4, 1, 0)))}
    if kind == "board":
        return dict(draw(board_conditions()))
    if kind == "units_at":
        return dict(draw(units_at(granted)))
    if kind == "level":
        return {"level_at_least": draw(st.integers(1, 6))}
    if kind == "legion":
        return {"played_this_turn_at_least": draw(st.integers(1, 2))}
    if kind == "runes_at_most":
        return {"runes_at_most": draw(st.integers(1, 4))}
    if kind == "controls":
        return {"controls": draw(st.sampled_from(({"type": "gear"}, {"name": "scorcher"},
                                                  {"tags": ["poro"]}, {"type": "token"},
                                                  {"printed_energy": 5}, {"printed_power": 1},
                                                  {"type": "unit", "stunned": False})))}
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
    target's Might or from the runes, `only_any_pips`; an ability's own count of the units (or
    gear) you control, which counts the ability's object (issue 20, class 4)."""
    kind = draw(st.sampled_from((("might",) if targets else ())
                                + ("plain", "plain", "tiers", "runes", "only_any")
                                + (("own_count", "own_count") if ability else ())))
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
    elif kind == "own_count":
        flt = dict(draw(st.sampled_from(({"type": "unit"}, {"type": "gear"},
                                         {"type": ["unit", "gear"]}))))
        d = {"energy": {"count": flt, "zone": "board"}}
        if draw(st.integers(0, 3)) == 1:
            d["energy"] = {"count": {}, "zone": draw(st.sampled_from(("hand", "trash")))}
    else:
        d = {"energy": {"might_of": "target"}}
    d["id"] = label
    return d


ABILITY_TARGETS: tuple[dict[str, Any], ...] = (
    {"type": "unit"}, {"type": "unit"}, {"type": "unit", "controller": "you"},
    {"type": "unit", "controller": "opponent"}, {"type": "unit", "min_might": 2},
)
ABILITY_OTHER: tuple[Any, ...] = (
    {"discard": 1}, {"spend_xp": 1}, {"spend_buff": 1},
    {"kill": {"count": 1, "filter": {"type": "unit"}}},
    {"kill": {"count": 1, "filter": {"type": "unit"}}},
    {"return_to_hand": {"count": 1, "filter": {"type": "gear"}}},
    {"recycle_from_trash": 1}, {"exhaust": {"count": 1, "filter": {"type": "unit"}}},
    {"kill_self": 1},
)


@st.composite
def alternative_costs(draw: Draw) -> dict[str, Any]:
    """One of an ability's `alternatives` (issue 24, item 11)."""
    kind = draw(st.sampled_from(("pip", "pip", "drawn", "drawn", "other", "self")))
    if kind == "pip":
        return {"power": {draw(st.sampled_from(DOMAINS + ("any",))): 1}}
    if kind == "drawn":
        cost = draw(costs(3, 2))
        return cost or {"energy": 1}
    if kind == "other":
        cost = {"other": [draw(st.sampled_from(ABILITY_OTHER))]}
        if draw(st.booleans()):
            cost["energy"] = draw(st.integers(1, 2))
        return cost
    return {"other": [draw(st.sampled_from(("exhaust_self", "exhaust_self", "disempower_self")))]}


@st.composite
def real_abilities(draw: Draw, oid: str) -> list[dict[str, Any]]:
    """One or two abilities of a board object: Equip (chooses a unit; it attaches to one you
    control), Empower (`times`), "[cost]: effect" with the atoms naming the object, or an
    effect's payment; target filters naming a controller; costs of every non-standard kind
    (an Empower that kills "a friendly unit" may kill its own unit: the tie-break keeps it)."""
    out = []
    for i in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(("equip", "equip", "empower", "empower", "activated",
                                     "activated", "payment")
                                    + (("triggered", "triggered") if has("triggered") else ())))
        if kind == "triggered":
            out.append(draw(_triggered(f"{kind}{i}")))
            continue
        cost = draw(costs(3, 2, min_energy=1))
        a: dict[str, Any] = {"id": f"{kind}{i}", "kind": kind}
        if kind in ("empower", "activated") and draw(st.booleans()):
            atom = draw(st.sampled_from(("exhaust_self", "exhaust_self", "kill_self",
                                         "banish_self", "disempower_self", "recycle_self")))
            cost["other"] = [atom]
        if kind != "payment" and draw(st.integers(0, 2)) == 0:
            cost.setdefault("other", []).append(draw(st.sampled_from(ABILITY_OTHER)))
        if kind == "payment" and draw(st.integers(0, 3)) == 0:
            cost.setdefault("other", []).append(draw(st.sampled_from(ABILITY_OTHER[:4])))
        a["cost"] = cost
        if kind == "equip":
            a["targets"] = dict(draw(st.sampled_from(ABILITY_TARGETS)))
        if kind == "activated" and draw(st.integers(0, 2)) == 0:
            a["targets"] = dict(draw(st.sampled_from(ABILITY_TARGETS)))
        if kind == "empower" and draw(st.booleans()):
            a["times"] = draw(st.integers(1, 3))
        if kind == "activated" and draw(st.integers(0, 3)) == 0:
            a["times"] = draw(st.integers(1, 2))
        if kind != "payment" and draw(st.integers(0, 3)) == 0:
            a["timing"] = draw(st.sampled_from(("normal", "action", "reaction")))
        if kind != "payment" and draw(st.integers(0, 1)) == 0:
            a["discounts"] = [draw(real_discounts(True, f"{oid}-{kind}{i}", True,
                                                  "targets" in a))]
        # Alternative costs (issue 24, item 11: Legion Marauder's Empower "[1] or [Body]"):
        # one or two, each a base of its own (a pip, a drawn cost, a non-standard part, now and
        # then the object's own exhaustion).
        if kind != "payment" and draw(st.integers(0, 2)) == 0:
            a["alternatives"] = [draw(alternative_costs()) for _ in range(draw(st.integers(1, 2)))]
        # "Use only while ..." (issue 24, item 1): at a battlefield (Renata Glasc -
        # Mastermind), or any real condition, read with the object itself.
        if kind != "payment" and draw(st.integers(0, 4)) == 0:
            a["while"] = (dict(draw(real_conditions(True)))
                          if draw(st.booleans()) else {"at": "battlefield"})
        out.append(a)
    return out


def _repeat_words() -> st.SearchStrategy[Any]:
    """What a granted Repeat equals: the printed cost, the base in use or, where the loader
    reads it, a fixed Cost (Syndra's [2][chaos])."""
    words: list[st.SearchStrategy[Any]] = [st.sampled_from(("printed", "base"))]
    if has("repeat_cost"):
        words.append(st.sampled_from(({"energy": 2, "power": {"chaos": 1}}, {"energy": 1},
                                      {"power": {"fury": 1}}, {"energy": 1, "power": {"any": 1}})))
    return st.one_of(*words)


@st.composite
def _triggered(draw: Draw, aid: str) -> dict[str, Any]:
    """A trigger that chooses (Riptide Rex: "deal 6 to an enemy unit"): its targets filter,
    a cost now and then ("you may pay X"); it owes the Deflect of what it chooses."""
    a: dict[str, Any] = {"id": aid, "kind": "triggered",
                         "targets": dict(draw(st.sampled_from(ABILITY_TARGETS)))}
    if draw(st.booleans()):
        a["cost"] = draw(costs(2, 1))
    return a


@st.composite
def real_grants(draw: Draw, label: str) -> dict[str, Any]:
    """Grants reaching abilities (Weaponmaster, Risen Altar "your units there", Piltovan Forge),
    once per turn, tiered increases (Helm of Suppression), granted Flow (Kennen), alternatives
    (Teemo's "[1] instead of [A]" to hide), `ignore_deflect`."""
    kind = draw(st.sampled_from(("discount", "discount", "discount", "increase", "flow",
                                 "ignore_deflect", "alternative", "deflect", "repeat")))
    g: dict[str, Any] = {}
    if kind == "deflect":
        return draw(deflect_grants())
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
    elif kind == "alternative":
        g["alternative"] = {"energy": 1}
    elif kind == "repeat":
        # The Academy, Temporal Portal (issue 24, section C): Repeat equal to the cost; Syndra,
        # Transcendent: a Repeat of a fixed cost "while I'm in a showdown".
        g["keyword"] = {"repeat": draw(_repeat_words())}
        if has("in_showdown") and draw(st.integers(0, 2)) == 0:
            g["while"] = {"in_showdown": True}
    else:
        g["ignore_deflect"] = True
    flt: dict[str, Any]
    if draw(st.integers(0, 2)) == 0:
        flt = dict(draw(st.sampled_from(({}, {"type": "spell"}, {"type": "unit"},
                                          {"type": "gear"}, {"type": "unit", "from": "facedown"}))))
        if draw(st.integers(0, 2)) == 1:
            flt["keyword"] = draw(st.sampled_from(KEYWORDS))
    else:
        # An ability kind (Weaponmaster's equip, Risen Altar's empower "of your units there"
        # with `location`, Piltovan Forge's gear abilities, Teemo's hide).
        flt = {"ability": draw(st.sampled_from(("equip", "empower", "activated", "any",
                                                "or_card", "hide")))}
        if flt["ability"] in ("activated", "or_card") and draw(st.booleans()):
            flt["type"] = "gear"
        if draw(st.integers(0, 2)) == 0:
            flt["location"] = draw(st.sampled_from(("battlefield", "base")))
        if flt["ability"] != "hide" and draw(st.integers(0, 4)) == 0:
            flt["self"] = True  # its own abilities only (the README, issue 24 item 2)
    if kind in ("flow", "repeat"):
        flt = {"type": "spell"}
    if kind == "alternative":
        flt = dict(draw(st.sampled_from(({"ability": "hide"}, {"ability": "hide"},
                                         {"type": "spell"}))))
    if kind == "increase" and draw(st.integers(0, 2)) == 0:
        flt["controller"] = "opponent"
    if kind in ("discount", "increase") and draw(st.integers(0, 5)) == 0:
        # The play's timing (issue 24, section B): a card's own, Reaction from facedown.
        flt["timing"] = draw(st.sampled_from(("normal", "action", "reaction")))
    if flt:
        g["applies_to"] = flt
    if draw(st.integers(0, 3)) == 0:
        g["id"] = label
        g["once_per_turn"] = True
    if draw(st.integers(0, 4)) == 0:
        g["while"] = draw(real_conditions(True))
    return g


# What a Deflect grant reaches (issue 24, item 2), a filter read on the board object:
# Petricite Monument's friendly units, the granting object itself (`self: true`: Solari
# Sunhawk, Fiora - Victorious), units at a battlefield, a Might, a name, a tag, the other
# player's objects (`controller: opponent`, relative to the granting object's controller).
DEFLECT_REACHES: tuple[dict[str, Any], ...] = (
    {"type": "unit"}, {"type": "unit"}, {}, {"self": True}, {"self": True},
    {"type": "unit", "location": "battlefield"}, {"type": "unit", "min_might": 3},
    {"name": "Sentinel"}, {"tags": ["poro"]}, {"controller": "opponent", "type": "unit"},
    {"controller": "you", "type": "unit"}, {"keyword": "deflect"},
)


@st.composite
def deflect_grants(draw: Draw, reach: dict[str, Any] | None = None) -> dict[str, Any]:
    """A grant of Deflect N (issue 24, item 2): what it reaches (`reach`, else drawn), now and
    then only while a condition on the granting object holds (Empowered, Mighty, at a
    battlefield) or another real condition."""
    g: dict[str, Any] = {"deflect": draw(st.sampled_from((1, 1, 2, 3)))}
    flt = dict(draw(st.sampled_from(DEFLECT_REACHES)) if reach is None else reach)
    if flt:
        g["applies_to"] = flt
    pick = draw(st.integers(0, 5))
    if pick in (0, 1):
        g["while"] = {"might_at_least": draw(st.sampled_from((5, 5, 4, 3, 0)))}
    elif pick == 2:
        g["while"] = {"empowered_at_least": 1}
    elif pick == 3:
        g["while"] = draw(real_conditions(True))
    return g


@st.composite
def real_effects(draw: Draw) -> list[dict[str, Any]]:
    """Effects for the turn already in the state (issue 24, section E): "your next spell this
    turn costs [2] less" and the like (a discount, now and then tiered or with a minimum),
    granted Flow or `ignore_deflect` for the turn, on spells, units, cards from the trash,
    abilities or everything; `uses` 1, 2, `turn` or left out; an id given now and then."""
    out = []
    for i in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(("discount", "discount", "discount", "discount", "flow",
                                     "ignore_deflect", "ignore")))
        e: dict[str, Any] = {}
        if draw(st.booleans()):
            e["id"] = f"effect{draw(st.integers(1, 3))}{'abc'[i]}"
        if kind == "discount":
            e["discount"] = draw(real_discounts(False, f"fx{i}"))
            applies = draw(st.sampled_from((
                {"type": "spell"}, {"type": "spell"}, {"type": "unit"}, {}, {"from": "trash"},
                {"ability": "any"}, {"ability": "activated"}, {"domain": "fury"})))
        elif kind == "flow":
            e["keyword"] = {"flow": "printed"}
            applies = {"type": "spell"}
        elif kind == "ignore":
            # Jayce, Man of Progress: "play a gear ... without paying its Energy cost"; the
            # played card's own `ignore` and a second such effect add up.
            e["ignore"] = draw(st.sampled_from(("energy", "energy", "power", "cost")))
            applies = draw(st.sampled_from(({"type": "gear"}, {"type": "spell"}, {},
                                            {"from": "trash"})))
        else:
            e["ignore_deflect"] = True
            applies = draw(st.sampled_from(({"type": "spell"}, {})))
        if applies or draw(st.booleans()):
            e["applies_to"] = applies
        uses = draw(st.sampled_from((1, 1, 2, "turn", None)))
        if uses is not None:
            e["uses"] = uses
        out.append(e)
    return out


@st.composite
def play_triggers(draw: Draw) -> list[dict[str, Any]]:
    """A card's `triggers` ("when you play ..."): one or two, each with an `id`, now and then
    an `applies_to` (spells, units, cards from the trash, Fury cards) and an `energy_at_least`
    (the printed Energy the played card must reach)."""
    out = []
    for i in range(draw(st.integers(1, 2))):
        t: dict[str, Any] = {"id": f"trig{i}"}
        if draw(st.integers(0, 3)):
            t["applies_to"] = draw(st.sampled_from(({"type": "spell"}, {"type": "unit"},
                                                    {"from": "trash"}, {"domain": "fury"})))
        if draw(st.integers(0, 2)):
            t["energy_at_least"] = draw(st.integers(0, 4))
        out.append(t)
    return out


@st.composite
def real_sources(draw: Draw, oid: str) -> dict[str, Any]:
    """A Seal, a Gold token (exhaust and kill), a converter (Hextech Anomaly, Ancient Henge),
    Renata's bonus, Diana's showdown-only source, an `only_for` (Lux, Renekton)."""
    kind = draw(st.sampled_from(("seal", "seal", "gold", "anomaly", "henge", "energy", "energy",
                                 "fanatic")))
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
    elif kind == "fanatic":
        return draw(killing_source(oid))
    else:
        s["adds"] = {"energy": draw(st.integers(1, 2))}
        if draw(st.booleans()):
            s["costs"] = ["exhaust"]
    if kind in ("anomaly", "henge") and draw(st.booleans()):
        # "[T]: pay any amount ..." (issue 24, item 3): exhausted once for all activations.
        s["costs"] = ["exhaust"] + s["costs"]
    if kind in ("seal", "gold", "energy") and draw(st.integers(0, 3)) == 0:
        s["bonus"] = {"adds": {"energy": 1},
                      "while": draw(real_conditions(True))}
    if draw(st.integers(0, 4)) == 0:
        s["while"] = {"phase": "showdown"}
    if draw(st.integers(0, 4)) == 0:
        s["only_for"] = dict(draw(st.sampled_from(({"type": "spell"}, {"type": "unit"},
                                                   {"type": "gear", "ability": "or_card"}))))
    return s


# What a source's `{kill: ...}` atom may kill (issue 24, item 6): Malzahar - Fanatic's "a
# friendly unit or gear" (which matches Malzahar himself), a unit, a gear, any object (no filter),
# a tag, a Might bound (Malzahar's 2 is out of it), a token.
KILL_FILTERS: tuple[dict[str, Any], ...] = (
    {"type": ["unit", "gear"]}, {"type": ["unit", "gear"]}, {"type": "unit"}, {"type": "gear"},
    {}, {"tags": ["poro"]}, {"max_might": 1}, {"tags": ["token"]})


@st.composite
def killing_source(draw: Draw, oid: str) -> dict[str, Any]:
    """Malzahar - Fanatic's source: "Kill a friendly unit or gear, [E]: Add [A][A]", its kill
    drawn as `{kill: {count, filter}}`, `{kill: {filter}}` (count 1) or `{kill: N}` (no filter),
    now and then killing two, without the exhaust, or beside the bare word `kill`."""
    flt = dict(draw(st.sampled_from(KILL_FILTERS)))
    count = draw(st.sampled_from((1, 1, 1, 1, 2)))
    form = draw(st.sampled_from(("full", "full", "filter", "number")))
    atom: dict[str, Any]
    if form == "number" or not flt:
        atom = {"kill": count} if draw(st.booleans()) else {"kill": {"count": count}}
    elif form == "filter" and count == 1:
        atom = {"kill": {"filter": flt}}
    else:
        atom = {"kill": {"count": count, "filter": flt}}
    costs: list[Any] = ["exhaust", atom]
    if draw(st.integers(0, 5)) == 0:
        costs = [atom]
    elif draw(st.integers(0, 7)) == 0:
        costs = ["exhaust", "kill", atom]
    if draw(st.integers(0, 5)) == 0:
        costs.append({"energy": 1})
    s: dict[str, Any] = {"id": oid, "adds": draw(st.sampled_from((
        {"power": {"any": 2}}, {"power": {"any": 2}}, {"power": {"any": 1}},
        {"energy": 2}, {"power": {"chaos": 1, "any": 1}}))), "costs": costs}
    if draw(st.integers(0, 5)) == 0:
        s["only_for"] = dict(draw(st.sampled_from(({"type": "spell"}, {"type": "unit"}))))
    return s


@st.composite
def real_played_card(draw: Draw) -> dict[str, Any]:
    """A card with the real additions: a repeatable optional cost with a per-payment discount
    (Commander Ledros, Kraken Hunter; now and then one its discount makes free, issue 20,
    class 5), a victim-reading one (Atakhan; optional or mandatory), a mandatory cost with
    `unlocks` (class 3), a kill or return-to-hand cost (classes 6, 7), tiered own discounts
    (Master Yi), Hidden, `ignore_deflect` (Decree of Insight)."""
    ctype = draw(st.sampled_from(("spell", "spell", "unit", "unit", "gear")))
    card: dict[str, Any] = {"name": "Played", "type": ctype}
    domains = draw(st.sampled_from(([], ["fury"], ["calm"], ["mind"])))
    if domains:
        card["domains"] = domains
    card["cost"] = draw(costs(3, 2, allow_c=True, min_energy=1))
    if ctype == "unit":
        card["might"] = draw(st.integers(1, 4))
    timing = draw(st.sampled_from(("normal",) * 5 + ("action", "reaction")))
    if timing != "normal":
        card["timing"] = timing
    kw: dict[str, Any] = {}
    if draw(st.integers(0, 1)) == 0:
        kw["hidden"] = True
    if ctype == "unit" and draw(st.integers(0, 2)) == 0:
        kw["accelerate"] = True
    if ctype == "spell" and draw(st.integers(0, 2)) == 0:
        kw["repeat"] = [draw(costs(2, 1))]
    if kw:
        card["keywords"] = kw
    adds: list[dict[str, Any]] = []
    extra = draw(st.sampled_from(("repeatable", "repeatable", "free_repeat", "victim", "victim",
                                  "mandatory", "mandatory", "takes", "none")))
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
    elif extra == "free_repeat":
        # A payment its own per-payment discount makes free (or better): paid as often as
        # `max` allows, whatever the resources (issue 20, class 5).
        adds.append({"id": "many", "mandatory": False, "repeatable": True,
                     "max": draw(st.integers(1, 3)),
                     "cost": draw(st.sampled_from(({"energy": 1}, {"power": {"any": 1}}))),
                     "unlocks": [{"energy": draw(st.integers(1, 2)), "per_payment": True}]})
    elif extra == "victim":
        unlock: dict[str, Any] = {}
        if draw(st.booleans()):
            unlock["energy"] = {"printed_energy_of": "paid", "cost": "offering"}
        if not unlock or draw(st.booleans()):
            unlock["power"] = {draw(st.sampled_from(DOMAINS + ("any",))): {
                "printed_power_of": "paid", "cost": "offering"}}
        adds.append({"id": "offering", "mandatory": draw(st.sampled_from((False, False, True))),
                     "cost": {"other": [{"kill": {"count": 1, "filter": dict(draw(st.sampled_from(
                         ({"type": "unit"}, {"type": "unit"}, {"tags": ["poro"]}))))}}]},
                     "unlocks": [unlock]})
    elif extra == "mandatory":
        must: dict[str, Any] = {"id": "must", "mandatory": True, "cost": draw(costs(1, 1))}
        if draw(st.booleans()):
            must["unlocks"] = [draw(real_discounts(False, "must-unlock"))]
        adds.append(must)
    elif extra == "takes":
        # A cost that takes a unit or a gear off the board: the play's own target among the
        # candidates (rule 357.3), a source's object among them (357.1.a, 357.2).
        other = draw(st.sampled_from(({"kill": {"count": 1, "filter": {"type": "unit"}}},
                                      {"return_to_hand": {"count": 1, "filter": {"type": "gear"}}},
                                      {"kill": {"count": 1, "filter": {"type": "gear"}}})))
        adds.append({"id": "takes", "mandatory": draw(st.booleans()),
                     "cost": {"other": [other]}})
    if draw(st.integers(0, 3)) == 0:
        adds.append({"id": "extra", "mandatory": False, "cost": draw(costs(1, 1))})
    if adds:
        card["additional_costs"] = adds
    own = [draw(real_discounts(False, f"own{i}")) for i in range(draw(st.integers(0, 2)))]
    if own:
        card["discounts"] = own
    if draw(st.integers(0, 6)) == 0:
        card["ignore_deflect"] = True
    if draw(st.integers(0, 7)) == 0:
        # What its resolution creates for the turn (issue 24, section E): `payplan play` puts
        # it in `state.you.effects` (not when countered).
        made = draw(real_effects())
        effect: dict[str, Any] = {}
        for e in made:
            e.pop("id", None)
            if "discount" in e and draw(st.booleans()):
                effect.setdefault("discounts", []).append(e)
            else:
                effect.setdefault("grants", []).append(e)
        card["effect"] = effect
    return card


@st.composite
def real_scenario_data(draw: Draw) -> dict[str, Any]:
    """One small scenario with the real-card additions, as raw `payplan/1` data: a card play
    (from hand, trash or facedown), an ability play of a board object, or hiding a card."""
    cards: dict[str, Any] = {k: dict(v) for k, v in REAL_UNITS.items()}
    cards["sentinel"] = {"name": "Sentinel", "type": "unit", "domains": ["order"],
                         "cost": {"energy": 3}, "might": 4,
                         "keywords": {"deflect": draw(st.integers(1, 2))}}
    cards["gold"] = {"name": "Gold", "type": draw(st.sampled_from(("token", "gear"))),
                     "tags": ["token"]}
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
        if draw(st.integers(0, 4)) == 0:
            entry["exhausted"] = True
        if draw(st.integers(0, 4)) == 2:
            entry["empowered"] = draw(st.integers(1, 3))
        if draw(st.integers(0, 4)) == 0 and gear.get("grants"):
            opp_board.append(entry)
            continue
        you_board.append(entry)
        if draw(st.integers(0, 1)) == 0:
            sources.append(draw(real_sources(f"g{i}")))
    # A Gold token on the board: a source that kills and exhausts it, a token when it leaves.
    if draw(st.integers(0, 3)) == 0:
        you_board.append({"id": "k1", "card": "gold"})
        sources.append({"id": "k1", "adds": {"power": {"any": 1}}, "costs": ["exhaust", "kill"]})
    # Malzahar - Fanatic (issue 24, item 6): a unit whose source kills another object (or him).
    if draw(st.integers(0, 2)) == 0:
        cards["malzahar"] = dict(MALZAHAR)
        mz: dict[str, Any] = {"id": "mz", "card": "malzahar"}
        if draw(st.integers(0, 5)) == 0:
            mz["exhausted"] = True
        if draw(st.integers(0, 2)) == 0:
            mz["value"] = draw(st.integers(1, 8))
        you_board.insert(draw(st.integers(0, len(you_board))), mz)
        sources.append(draw(killing_source("mz")))
    # Lux, Illuminated ("when you play a spell that costs 5 or more, give me +3 Might this
    # turn"): triggers a card play sets off, named in the plan; one on the opponent's board
    # now and then (it reads its own player's plays only).
    if draw(st.integers(0, 3)) == 0:
        cards["lux"] = {"name": "Lux", "type": "unit", "domains": ["mind"],
                        "cost": {"energy": 5}, "might": 4, "triggers": draw(play_triggers())}
        board = opp_board if draw(st.integers(0, 4)) == 0 else you_board
        board.insert(draw(st.integers(0, len(board))), {"id": "lx", "card": "lux"})
    # A unit with abilities (Empower on units: Kayle, Kharox).
    if draw(st.integers(0, 1)) == 0:
        cards["hero"] = {"name": "Hero", "type": "unit", "domains": ["mind"],
                         "cost": {"energy": 3}, "might": 3,
                         "abilities": draw(real_abilities("u9"))}
        hero: dict[str, Any] = {"id": "u9", "card": "hero",
                                "location": draw(st.sampled_from(("base", "battlefield")))}
        if draw(st.integers(0, 3)) == 2:
            hero["empowered"] = draw(st.integers(1, 3))
        if draw(st.integers(0, 2)) == 0:
            # Its Might read by `might_at_least` in its abilities' `while` and discounts.
            hero["buffs"] = draw(st.integers(1, 2))
        elif draw(st.integers(0, 5)) == 0:
            hero["might"] = draw(st.integers(4, 6))
        you_board.insert(draw(st.integers(0, len(you_board))), hero)
    for i in range(draw(st.integers(0, 3))):
        unit: dict[str, Any] = {"id": f"u{i}", "card": draw(st.sampled_from(sorted(REAL_UNITS)))}
        if draw(st.integers(0, 2)) == 0:
            unit["buffs"] = draw(st.integers(1, 2))
        if draw(st.integers(0, 3)) == 0:
            unit["value"] = draw(st.integers(1, 6))
        if draw(st.integers(0, 4)) == 0:
            unit["exhausted"] = True
        if draw(st.integers(0, 3)) == 0:
            unit["location"] = draw(st.sampled_from(("base", "battlefield")))
        if draw(st.integers(0, 5)) == 0:
            unit["stunned"] = draw(st.booleans())
        you_board.append(unit)
    for i in range(draw(st.integers(0, 2))):
        enemy: dict[str, Any] = {"id": f"e{i}",
                                 "card": draw(st.sampled_from(("sentinel", "recruit")))}
        if draw(st.integers(0, 3)) == 0:
            enemy["deflect"] = draw(st.integers(0, 2))  # gained from an effect (issue 24)
        if draw(st.integers(0, 3)) == 0:
            enemy["buffs"] = draw(st.integers(1, 2))
        if draw(st.integers(0, 2)) == 0:
            # A stunned enemy unit (issue 24, section D), or one said not to be.
            enemy["stunned"] = draw(st.sampled_from((True, True, False)))
        opp_board.append(enemy)

    hand: list[dict[str, Any]] = [{"id": f"h{i}", "card": draw(st.sampled_from(("recruit",
                                                                                  PLAYED)))}
                                  for i in range(draw(st.integers(0, 2)))]
    trash: list[dict[str, Any]] = [{"id": f"t{i}", "card": "recruit"}
                                   for i in range(draw(st.integers(0, 1)))]
    facedown: list[dict[str, Any]] = []
    abilities = [(o["id"], a) for o in you_board for a in cards[o["card"]].get("abilities") or []]
    kinds = ["card", "card", "card"] + (["ability", "ability", "ability"] if abilities else [])
    if (played.get("keywords") or {}).get("hidden"):
        kinds += ["hide", "facedown", "facedown", "hide", "facedown", "hide"]
    kind = draw(st.sampled_from(kinds))
    units = [o["id"] for o in you_board + opp_board
             if cards[o["card"]]["type"] == "unit"]
    play: dict[str, Any]
    ability: dict[str, Any] = {}
    if kind == "ability":
        oid, ability = draw(st.sampled_from(abilities))
        play = {"ability": {"object": oid, "id": ability["id"]}}
        if "targets" in ability and units:
            # Mostly one of your units (Equip takes only those); now and then any unit.
            mine = [u for u in units if any(o["id"] == u for o in you_board)]
            pool = mine if mine and draw(st.integers(0, 3)) else units
            play["targets"] = [draw(st.sampled_from(pool))]
        if "times" in ability and ability["kind"] != "empower" and draw(st.booleans()):
            used.append(f"{oid}.{ability['id']}")
        hand.append({"id": "p1", "card": PLAYED})
    elif kind == "facedown":
        facedown.append({"id": "p1", "card": PLAYED,
                         "location": draw(st.sampled_from(("base", "battlefield"))),
                         "hidden_turn": draw(st.sampled_from(("this", "earlier", "this",
                                                              "earlier")))})
        play = {"object": "p1"}
        if draw(st.integers(0, 2)) == 0:
            play["from"] = "facedown"
    elif kind == "hide":
        hand.insert(0, {"id": "p1", "card": PLAYED})
        play = {"hide": "p1"}
    else:
        zone = draw(st.sampled_from(("hand",) * 6 + ("trash",)))
        (hand if zone == "hand" else trash).insert(0, {"id": "p1", "card": PLAYED})
        play = {"object": "p1"}
        if played["type"] != "gear" and draw(st.integers(0, 3)) == 0:
            # A card that chooses (card key `targets`): its play names one target at least,
            # each one the filter accepts (else illegal); the targets below may miss it.
            played["targets"] = draw(st.sampled_from((
                {"type": "unit", "controller": "opponent"}, {"type": "unit"},
                {"type": "unit", "controller": "you"}, {"type": "gear"})))
        takes = any(a["id"] == "takes" for a in played.get("additional_costs") or [])
        chooses = "targets" in played
        flt = played.get("targets") or {}
        fitting = [o["id"] for side, objs in (("you", you_board), ("opponent", opp_board))
                   for o in objs if cards[o["card"]]["type"] == flt.get("type")
                   and flt.get("controller", side) == side]
        if chooses and fitting and draw(st.integers(0, 2)) > 0:
            # Mostly an object the filter takes (read here by its type and controller), so
            # the card's plays are priced, not only refused.
            play["targets"] = [draw(st.sampled_from(fitting))]
        elif units and (played["type"] == "spell" or takes or chooses) and (
                draw(st.integers(0, 3)) > 0 if chooses else draw(st.booleans())):
            # The play's targets; with a kill cost, one of your units among them (357.3); for
            # a card that chooses, now and then a gear (what its filter may or may not take).
            mine = [u for u in units if any(o["id"] == u for o in you_board)]
            objects = units + ([o["id"] for o in you_board + opp_board if o["id"] not in units]
                               if chooses and draw(st.booleans()) else [])
            if mine and takes and draw(st.booleans()):
                play["targets"] = [draw(st.sampled_from(mine))]
            else:
                play["targets"] = draw(st.lists(st.sampled_from(objects), min_size=1,
                                                max_size=2))
        settings: dict[str, Any] = {}
        for add in played.get("additional_costs") or []:
            if add.get("mandatory", True):
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
        if draw(st.integers(0, 4)) == 3:
            play["ignore"] = draw(st.sampled_from(("all", "power", "all", "cost", "energy",
                                                   "all")))
        if zone == "trash" and draw(st.integers(0, 1)) == 0:
            play["permit"] = True
        if draw(st.integers(0, 2)) == 1:
            play["leaves_chain"] = _leaves(draw, played["type"])
    if kind in ("ability", "hide") and draw(st.integers(0, 9)) == 4:
        play["ignore"] = "cost"

    you: dict[str, Any] = {"runes": draw(runes_of((4, 5, 3, 4, 1, 5, 2, 6, 4),
                                             pip_domains(ability if kind == "ability" else played, played))), "hand": hand,
                           "trash": trash, "board": you_board}
    if facedown:
        you["facedown"] = facedown
    if sources:
        you["sources"] = sources
    if draw(st.integers(0, 2)) == 0:
        you["xp"] = draw(st.integers(0, 6))
    if used:
        you["used_this_turn"] = used
    if draw(st.integers(0, 4)) == 2:
        you["pool"] = {"energy": draw(st.integers(0, 2)), "power": draw(power_maps(1, False))}
    _elsewhere(draw, you, cards)
    state: dict[str, Any] = {
        "phase": draw(st.sampled_from(("main",) * 16 + ("closed", "showdown", "showdown", "closed")
                                      + ("main",) * 16)),
        "turn": draw(st.sampled_from(("you",) * 18 + ("opponent",) + ("you",) * 18)),
        "you": you, "opponent": {"board": opp_board},
    }
    _showdown_theme(draw, state, played)
    if draw(st.integers(0, 3)) == 0:
        you["effects"] = draw(real_effects())
    if draw(st.integers(0, 9)) == 0:
        # The opponent's effects reach only the opponent's plays, never yours.
        state["opponent"]["effects"] = draw(real_effects())
    if draw(st.integers(0, 2)) == 0:
        state["flags"] = ["hidden"]
    if draw(st.booleans()):
        state["played_this_turn"] = draw(st.integers(1, 2))
    _scores(draw, state)
    _bans(draw, state)
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": state, "play": play}
    if draw(st.integers(0, 2)) == 1:
        data["objective"] = {"weights": draw(weights())}
    if draw(st.booleans()):
        _REAL_THEMES[draw(st.sampled_from(sorted(_REAL_THEMES)))](draw, data)
        # A theme that took a unit off the board (Malzahar among them) takes its source too.
        you = state["you"]
        mine = {o["id"] for zone in ("board", "hand", "trash", "facedown")
                for o in you.get(zone) or []} | {r["id"] for r in you.get("runes") or []}
        if you.get("sources"):
            you["sources"] = [s for s in you["sources"] if s["id"] in mine]
            if not you["sources"]:
                del you["sources"]
    if "battlefields" not in state and draw(st.integers(0, 2)) == 0:
        _named_battlefields(draw, data)
    _no_deflect_ignored_for_triggers(data)
    return data


def _no_deflect_ignored_for_triggers(data: dict[str, Any]) -> None:
    """A file with a triggered ability may not hold a grant ignoring Deflect for abilities
    (`ability: any|or_card`: refused, no grant reaches a trigger); such a grant is drawn for
    activated abilities instead."""
    cards = data["cards"]
    if not any(a.get("kind") == "triggered" for c in cards.values()
               for a in c.get("abilities") or []):
        return
    you = data["state"].get("you") or {}
    grants = [g for c in cards.values() for g in c.get("grants") or []] + list(
        you.get("effects") or [])
    for g in grants:
        applies = g.get("applies_to") or {}
        if g.get("ignore_deflect") and applies.get("ability") in ("any", "or_card"):
            applies["ability"] = "activated"


# --- Named battlefields (issue 24, section B; D's `units_at`) -----------------------------------

BATTLEFIELD_IDS = ("bf1", "bf2")


@st.composite
def battlefield_grants(draw: Draw) -> dict[str, Any]:
    """A battlefield's grant: Mystic Vortex ("Reaction cards cost [A] more during showdowns
    here"), Heisho ("ignore Deflect for anything that chooses something here", now and then
    without `only_here`), or a discount or increase reaching both players' plays with a `while`
    read at the battlefield (`here`, `units_at`, the phase, a board condition)."""
    kind = draw(st.sampled_from(("vortex", "vortex", "heisho", "heisho", "discount",
                                 "increase")))
    if kind == "vortex":
        g: dict[str, Any] = {"increase": {"id": "vortex", "power": {"any": 1}},
                             "applies_to": {"timing": draw(st.sampled_from(
                                 ("reaction", "reaction", "action")))},
                             "while": [{"phase": "showdown"}, {"here": True}]}
        if draw(st.integers(0, 3)) == 0:
            g["while"] = {"here": True}
        return g
    if kind == "heisho":
        g = {"ignore_deflect": True, "only_here": draw(st.sampled_from((True, True, True, False)))}
        if not g["only_here"]:
            del g["only_here"]
        if draw(st.integers(0, 3)):
            g["applies_to"] = {"ability": "or_card"}
        return g
    g = {kind: {"id": f"field-{kind}", "energy": 1}}
    flt = dict(draw(st.sampled_from(({}, {}, {"type": "spell"}, {"controller": "you"},
                                     {"timing": "normal"}, {"ability": "any"},
                                     {"ability": "or_card"}))))
    if flt:
        g["applies_to"] = flt
    g["while"] = draw(st.sampled_from(({"here": True}, {"phase": "showdown"}))) \
        if draw(st.integers(0, 2)) == 0 else draw(real_conditions(True))
    return g


@st.composite
def battlefield_cards(draw: Draw, label: str) -> dict[str, Any]:
    card: dict[str, Any] = {"name": f"Field {label}", "type": "battlefield"}
    if draw(st.integers(0, 4)):
        card["grants"] = [draw(battlefield_grants())]
    return card


def _named_battlefields(draw: Draw, data: dict[str, Any]) -> None:
    """Name the battlefields (`state.battlefields`, each with a `type: battlefield` card), put
    some board and facedown objects of either player at one of them, and in a showdown now and
    then name where it is (`showdown_at`)."""
    cards, state = data["cards"], data["state"]
    fields = []
    for bid in BATTLEFIELD_IDS[:draw(st.integers(1, 2))]:
        cards[f"field-{bid}"] = draw(battlefield_cards(bid))
        fields.append({"id": bid, "card": f"field-{bid}"})
        if has("control") and draw(st.integers(0, 2)):
            fields[-1]["controller"] = draw(st.sampled_from(("you", "opponent")))
    state["battlefields"] = fields
    ids = [f["id"] for f in fields]
    for player in ("you", "opponent"):
        side = state.get(player) or {}
        for zone in ("board", "facedown"):
            for entry in side.get(zone) or []:
                if isinstance(entry, dict) and draw(st.integers(0, 2)) == 0:
                    entry["location"] = draw(st.sampled_from(ids + ["battlefield", "base"]))
    if state.get("phase") == "showdown" and draw(st.integers(0, 2)):
        state["showdown_at"] = draw(st.sampled_from(ids))


def _theme_mystic_vortex(draw: Draw, data: dict[str, Any]) -> None:
    """Mystic Vortex: a showdown (at it, at another battlefield, or none named) and a Reaction,
    Action or normal card, from hand or (a Hidden card hidden at a battlefield) from facedown."""
    cards, state = data["cards"], data["state"]
    you = state["you"]
    cards["vortex"] = {"name": "Mystic Vortex", "type": "battlefield", "grants": [
        {"increase": {"id": "vortex", "power": {"any": 1}},
         "applies_to": {"timing": "reaction"}, "while": [{"phase": "showdown"}, {"here": True}]}]}
    cards["plains"] = {"name": "Plains", "type": "battlefield"}
    state["battlefields"] = [{"id": "bf1", "card": "vortex"}, {"id": "bf2", "card": "plains"}]
    _as_card_play(data)
    played = cards[PLAYED]
    played["timing"] = draw(st.sampled_from(("reaction", "reaction", "action", "normal")))
    state["phase"] = draw(st.sampled_from(("showdown", "showdown", "showdown", "main")))
    state["turn"] = draw(st.sampled_from(("you", "opponent", "you")))
    if state["phase"] == "showdown" and draw(st.integers(0, 3)):
        state["showdown_at"] = draw(st.sampled_from(("bf1", "bf1", "bf2")))
    if (played.get("keywords") or {}).get("hidden") and draw(st.booleans()):
        you["hand"] = [o for o in you["hand"] if o["id"] != "p1"]
        you["facedown"] = [{"id": "p1", "card": PLAYED,
                            "location": draw(st.sampled_from(("bf1", "bf2")))}]
        if draw(st.integers(0, 2)):
            # Played from facedown it has Reaction timing whatever its own (the reading the
            # Vortex tells apart): most often a card of another timing, in a showdown at it.
            played["timing"] = draw(st.sampled_from(("action", "normal")))
            state["phase"], state["showdown_at"] = "showdown", "bf1"


def _theme_heisho(draw: Draw, data: dict[str, Any]) -> None:
    """Heisho: a spell (or an ability that chooses) choosing the opponent's Deflect units, at
    Heisho, at the other battlefield or at their base, one or two of them."""
    cards, state = data["cards"], data["state"]
    cards["heisho"] = {"name": "Heisho, Shell of the World", "type": "battlefield", "grants": [
        {"ignore_deflect": True, "only_here": True, "applies_to": {"ability": "or_card"}}]}
    cards["plains"] = {"name": "Plains", "type": "battlefield"}
    state["battlefields"] = [{"id": "bf1", "card": "heisho"}, {"id": "bf2", "card": "plains"}]
    opp = state.setdefault("opponent", {})
    enemies = [{"id": f"q{i}", "card": "sentinel",
                "location": draw(st.sampled_from(("bf1", "bf1", "bf2", "base")))}
               for i in range(draw(st.integers(1, 2)))]
    opp["board"] = list(opp.get("board") or []) + enemies
    chosen = draw(st.lists(st.sampled_from([e["id"] for e in enemies]), min_size=1, max_size=2))
    if draw(st.integers(0, 2)):
        played = cards[PLAYED]
        played["type"] = "spell"
        played.pop("might", None)
        _as_card_play(data)
    else:
        cards["rod"] = {"name": "Rod", "type": "gear", "cost": {"energy": 1}, "abilities": [
            {"id": "zap", "kind": "activated", "cost": {"energy": draw(st.integers(0, 2))},
             "targets": {"type": "unit"}}]}
        state["you"].setdefault("board", []).append({"id": "o9", "card": "rod"})
        data["play"] = {"ability": {"object": "o9", "id": "zap"}}
        chosen = chosen[:1]
    data["play"]["targets"] = chosen


def _theme_crowded_battlefield(draw: Draw, data: dict[str, Any]) -> None:
    """`units_at`: "while there are exactly two units here" on a battlefield, or on a gear at
    one, or "a battlefield with exactly N units", with both players' units spread over the
    battlefields, the bare `battlefield` and the bases."""
    cards, state = data["cards"], data["state"]
    cond = dict(draw(units_at(True)))
    grant = {"discount": {"id": "crowd", "energy": draw(st.integers(1, 2))}, "while": cond}
    cards["plains"] = {"name": "Plains", "type": "battlefield"}
    on_field = draw(st.booleans())
    if on_field:
        cards["arena"] = {"name": "Arena", "type": "battlefield", "grants": [grant]}
        state["battlefields"] = [{"id": "bf1", "card": "arena"}, {"id": "bf2", "card": "plains"}]
    else:
        cards["banner"] = {"name": "Banner", "type": "gear", "grants": [grant]}
        state["battlefields"] = [{"id": "bf1", "card": "plains"}, {"id": "bf2", "card": "plains"}]
        state["you"].setdefault("board", []).append(
            {"id": "n9", "card": "banner", "location": draw(st.sampled_from(("bf1", "bf2",
                                                                             "base")))})
    # Both players' units, most often together at bf1: a count of one player's units alone
    # (the `units_at_own_only` reading) then differs from the count of both.
    where = ("bf1", "bf1", "bf1", "bf2", "battlefield", "base")
    for player, prefix in (("you", "y"), ("opponent", "z")):
        side = state.setdefault(player, {})
        side["board"] = list(side.get("board") or []) + [
            {"id": f"{prefix}{i}", "card": draw(st.sampled_from(("recruit", "sentinel"))),
             "location": draw(st.sampled_from(where))}
            for i in range(draw(st.sampled_from((0, 1, 1, 2))))]
    if state.get("phase") != "showdown":
        state.pop("showdown_at", None)


def _scores(draw: Draw, state: dict[str, Any]) -> None:
    """The players' scores and the points to win (issue 24, section D), most of the time."""
    for player in ("you", "opponent"):
        if draw(st.integers(0, 2)):
            state.setdefault(player, {})["score"] = draw(st.integers(0, 8))
    if draw(st.integers(0, 3)) == 0:
        state["victory_score"] = draw(st.integers(4, 11))
    if has("deaths"):
        for player in ("you", "opponent"):
            if draw(st.integers(0, 2)) == 0:
                state.setdefault(player, {})["units_died_this_turn"] = draw(st.integers(0, 2))


# Play bans ("opponents can't play cards this turn", Brynhir Thundersong; "can't play spells"):
# filters on the play, most of them reaching some plays and not others.
BAN_FILTERS: tuple[dict[str, Any], ...] = (
    {}, {"type": "spell"}, {"type": "unit"}, {"type": ["unit", "gear"]}, {"ability": "any"},
    {"ability": "equip"}, {"ability": "activated"}, {"ability": "hide"},
    {"ability": "or_card", "type": "gear"}, {"from": "trash"}, {"timing": "reaction"},
    {"domain": "fury"}, {"keyword": "hidden"})


def _bans(draw: Draw, state: dict[str, Any]) -> None:
    """`state.bans` now and then, where the loader reads it: one or two bans, ids given or
    left to their defaults (`ban1`, ... the first free number)."""
    if not has("bans") or draw(st.integers(0, 4)):
        return
    bans = []
    for i in range(draw(st.integers(1, 2))):
        ban: dict[str, Any] = {}
        if draw(st.integers(0, 2)) == 0:
            ban["id"] = draw(st.sampled_from(("brynhir", "ban2", f"b{i}")))
        flt = dict(draw(st.sampled_from(BAN_FILTERS)))
        if flt or draw(st.booleans()):
            ban["applies_to"] = flt
        bans.append(ban)
    ids = [b["id"] for b in bans if "id" in b]
    if len(ids) == len(set(ids)):
        state["bans"] = bans


# --- Issue 20's situations, set up on purpose ---------------------------------------------------
#
# Each ruling of issue 20 tells two readings apart only when several parts meet in one play (a
# grant naming a location and an ability of an object standing there; a payment made free by its
# own discount and too few resources to pay it otherwise; ...). Uniform draws make them meet a
# few times in ten thousand plays; a theme, drawn for about half the plays, sets one situation up
# over the drawn play, its details still drawn.

def _as_card_play(data: dict[str, Any], optional: dict[str, Any] | None = None) -> None:
    """Make the play a card play of p1 from hand (p1 moved there if it was facedown)."""
    you = data["state"]["you"]
    you["facedown"] = [o for o in you.get("facedown") or [] if o["id"] != "p1"]
    if not you["facedown"]:
        del you["facedown"]
    for zone in ("hand", "trash"):
        you[zone] = [o for o in you.get(zone) or [] if o["id"] != "p1"]
    you["hand"].insert(0, {"id": "p1", "card": PLAYED})
    data["play"] = {"object": "p1"}
    if optional:
        data["play"]["optional"] = optional
    data["state"]["phase"], data["state"]["turn"] = "main", "you"


def _theme_free_repeat(draw: Draw, data: dict[str, Any]) -> None:
    """Class 5: a repeatable [1] whose per-payment unlock takes [2] back, on a card that costs
    Energy, with one rune or none: paid twice or more it pays for itself."""
    played = data["cards"][PLAYED]
    played["cost"] = {"energy": draw(st.integers(1, 3))}
    played["additional_costs"] = [{"id": "many", "mandatory": False, "repeatable": True,
                                   "max": draw(st.integers(2, 3)), "cost": {"energy": 1},
                                   "unlocks": [{"energy": 2, "per_payment": True}]}]
    _as_card_play(data, {"many": draw(st.sampled_from(("auto", "yes")))})
    data["state"]["you"]["runes"] = data["state"]["you"]["runes"][:draw(st.integers(0, 1))]
    data["state"]["you"].pop("pool", None)


def _theme_location(draw: Draw, data: dict[str, Any]) -> None:
    """Class 2: Risen Altar's "Empower costs of your units there": a grant naming a location,
    and the Empowering unit standing there (or not)."""
    cards, you = data["cards"], data["state"]["you"]
    where = draw(st.sampled_from(("battlefield", "base")))
    cards["altar"] = {"name": "Altar", "type": "gear", "grants": [{
        "discount": {"id": "altar", "energy": draw(st.integers(1, 2))},
        "applies_to": {"ability": draw(st.sampled_from(("empower", "any"))), "location": where}}]}
    cards["champion"] = {"name": "Champion", "type": "unit", "might": 3, "cost": {"energy": 3},
                         "abilities": [{"id": "empower", "kind": "empower",
                                        "cost": {"energy": draw(st.integers(1, 3))}}]}
    at = where if draw(st.integers(0, 3)) else ("base" if where == "battlefield" else "battlefield")
    you["board"] += [{"id": "a1", "card": "altar"}, {"id": "c1", "card": "champion",
                                                       "location": at}]
    data["play"] = {"ability": {"object": "c1", "id": "empower"}}
    data["state"]["phase"], data["state"]["turn"] = "main", "you"


def _theme_kill_target(draw: Draw, data: dict[str, Any]) -> None:
    """Class 6 (357.3): a kill cost, the play's target one of your units and the cheaper one to
    lose; another unit to kill instead (or none)."""
    cards, you = data["cards"], data["state"]["you"]
    played = cards[PLAYED]
    played["additional_costs"] = [{"id": "takes", "mandatory": True, "cost": {"other": [
        {"kill": {"count": 1, "filter": {"type": "unit"}}}]}}]
    _as_card_play(data)
    you["board"] = [o for o in you["board"] if cards[o["card"]]["type"] != "unit"]
    you["board"].append({"id": "v1", "card": "recruit", "value": draw(st.integers(1, 3))})
    if draw(st.integers(0, 4)):
        you["board"].append({"id": "v2", "card": draw(st.sampled_from(sorted(REAL_UNITS)))})
    data["play"]["targets"] = ["v1"]


def _theme_source_pays(draw: Draw, data: dict[str, Any]) -> None:
    """Class 7 (357.1.a, 357.2): a gear that adds Energy by its own ability, and a cost of the
    same play that returns (or kills, or exhausts) a gear: that gear may pay both, unless the
    cost needs it ready."""
    cards, you = data["cards"], data["state"]["you"]
    cards["conduit"] = {"name": "Conduit", "type": "gear", "cost": {"energy": 2}}
    cards[PLAYED]["additional_costs"] = [{"id": "takes", "mandatory": True, "cost": {"other": [
        draw(st.sampled_from(({"return_to_hand": {"count": 1, "filter": {"type": "gear"}}},
                              {"kill": {"count": 1, "filter": {"type": "gear"}}},
                              {"return_to_hand": {"count": 1, "filter": {"type": "gear"}}},
                              {"exhaust": {"count": 1, "filter": {"type": "gear"}}})))]}}]
    cards[PLAYED]["cost"] = {"energy": draw(st.integers(1, 2))}
    _as_card_play(data)
    you["board"] = [o for o in you["board"] if cards[o["card"]]["type"] != "gear"]
    you["board"].append({"id": "w1", "card": "conduit"})
    you["sources"] = [{"id": "w1", "adds": {"energy": draw(st.integers(1, 2))}}]
    you["runes"] = [r for r in you["runes"] if not r.get("exhausted")][:draw(st.integers(0, 1))]
    you.pop("pool", None)


def _theme_own_count(draw: Draw, data: dict[str, Any]) -> None:
    """Class 4: an ability's own count of the units you control counts its own object."""
    cards, you = data["cards"], data["state"]["you"]
    cards["commander"] = {"name": "Commander", "type": "unit", "might": 3, "cost": {"energy": 3},
                          "abilities": [{"id": "empower", "kind": "empower",
                                         "cost": {"energy": draw(st.integers(3, 5))},
                                         "discounts": [{"id": "per-unit", "energy": {
                                             "count": {"type": "unit"}, "zone": "board"}}]}]}
    you["board"].insert(0, {"id": "c2", "card": "commander"})
    data["play"] = {"ability": {"object": "c2", "id": "empower"}}
    data["state"]["phase"], data["state"]["turn"] = "main", "you"


def _theme_tie_break(draw: Draw, data: dict[str, Any]) -> None:
    """The tie-break: an Empower that kills "a friendly unit", its own unit first in state
    order and another unit weighing the same (or not)."""
    cards, you = data["cards"], data["state"]["you"]
    cards["warlord"] = {"name": "Warlord", "type": "unit", "might": 3, "cost": {"energy": 3},
                        "abilities": [{"id": "empower", "kind": "empower", "cost": {
                            "energy": draw(st.integers(0, 1)),
                            "other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}}]}
    you["board"] = [o for o in you["board"] if cards[o["card"]]["type"] != "unit"]
    you["board"].insert(0, {"id": "w2", "card": "warlord"})
    if draw(st.integers(0, 3)):
        you["board"].append({"id": "v3", "card": "recruit",
                             **({"value": 4} if draw(st.integers(0, 3)) == 1 else {})})
    data["play"] = {"ability": {"object": "w2", "id": "empower"}}
    data["state"]["phase"], data["state"]["turn"] = "main", "you"


def _theme_mighty(draw: Draw, data: dict[str, Any]) -> None:
    """Class 11: Might read by a filter, from a buffed unit whose `might` is not given."""
    cards, you = data["cards"], data["state"]["you"]
    played = cards[PLAYED]
    amount = draw(st.sampled_from(({"count": {"type": "unit", "min_might": 3}, "zone": "board"},
                                   {"max": "might", "of": {"type": "unit"}})))
    played["discounts"] = [{"id": "mighty", "energy": amount}]
    played["cost"] = {"energy": draw(st.integers(3, 5))}
    _as_card_play(data)
    you["board"] = [o for o in you["board"] if cards[o["card"]]["type"] != "unit"]
    you["board"].append({"id": "m1", "card": "recruit", "buffs": 2})


def _theme_enemy_target(draw: Draw, data: dict[str, Any]) -> None:
    """Class 1: a target's controller: Equip aimed at the opponent's unit (it attaches to a unit
    you control), or a discount that holds only when the play chooses your own unit."""
    cards, you = data["cards"], data["state"]["you"]
    opp = data["state"].setdefault("opponent", {})
    opp.setdefault("board", []).append({"id": "e9", "card": "recruit"})
    you["board"].append({"id": "v4", "card": "recruit"})
    target = draw(st.sampled_from(("e9", "v4", "e9")))
    if draw(st.booleans()):
        cards["dirk"] = {"name": "Dirk", "type": "gear", "cost": {"energy": 1}, "abilities": [
            {"id": "equip", "kind": "equip", "cost": {"energy": draw(st.integers(0, 2))},
             "targets": dict(draw(st.sampled_from(({"type": "unit"},
                                                   {"type": "unit", "controller": "you"}))))}]}
        you["board"].append({"id": "d1", "card": "dirk"})
        data["play"] = {"ability": {"object": "d1", "id": "equip"}, "targets": [target]}
        data["state"]["phase"], data["state"]["turn"] = "main", "you"
    else:
        played = cards[PLAYED]
        played["type"] = "spell"
        played.pop("might", None)
        played["discounts"] = [{"id": "own-unit", "energy": draw(st.integers(1, 2)), "if": {
            "targets": {"type": "unit", "controller": draw(st.sampled_from(("you", "opponent")))}}}]
        _as_card_play(data)
        data["play"]["targets"] = [target]


def _theme_card_grant(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 13: a grant whose `applies_to` names no `ability` reaches cards only, not the
    abilities of the cards it matches (a gear's own ability, with a discount "for gear")."""
    cards, you = data["cards"], data["state"]["you"]
    cards["forge"] = {"name": "Forge", "type": "gear", "cost": {"energy": 1}, "grants": [
        {"discount": {"id": "forge", "energy": 1},
         "applies_to": dict(draw(st.sampled_from(({"type": "gear"}, {}))))}],
        "abilities": [{"id": "ping", "cost": {"energy": draw(st.integers(1, 3))}}]}
    you["board"].append({"id": "f2", "card": "forge"})
    data["play"] = {"ability": {"object": "f2", "id": "ping"}}


MALZAHAR: dict[str, Any] = {"name": "Malzahar - Fanatic", "type": "unit", "domains": ["chaos"],
                            "cost": {"energy": 3}, "might": 2}


def _theme_fanatic(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, item 6: Malzahar's source needed to pay (few runes), what it may kill one of
    the play's targets (rule 357.3), the object of an ability played (the tie-break), another
    source's object, a unit whose buff a cost spends, or a unit an exhaust cost needs."""
    cards, you = data["cards"], data["state"]["you"]
    cards["malzahar"] = dict(MALZAHAR)
    you["board"] = [o for o in you["board"] if o["id"] != "mz"]
    you["sources"] = [s for s in you.get("sources") or [] if s["id"] != "mz"]
    you["board"].insert(draw(st.integers(0, len(you["board"]))), {"id": "mz", "card": "malzahar"})
    you["sources"].append(draw(killing_source("mz")))
    for i in range(draw(st.integers(1, 2))):
        unit: dict[str, Any] = {"id": f"f{i}", "card": draw(st.sampled_from(sorted(REAL_UNITS)))}
        if draw(st.booleans()):
            unit["value"] = draw(st.integers(1, 6))
        if draw(st.integers(0, 3)) == 0:
            unit["buffs"] = 1
        you["board"].append(unit)
    if draw(st.integers(0, 2)):
        # A cheap gear with a source of its own: Malzahar may kill it, but not after its own
        # source was activated in the same payment.
        cards["seal"] = {"name": "Seal", "type": "gear", "cost": {"energy": 1}}
        you["board"].append({"id": "fs", "card": "seal", "value": 1})
        you["sources"].append({"id": "fs", "adds": {"power": {"any": 1}},
                               "costs": draw(st.sampled_from((["exhaust"], [])))})
    you["runes"] = [r for r in you["runes"] if not r.get("exhausted")][:draw(st.integers(0, 2))]
    you.pop("pool", None)
    if "ability" in data["play"] or draw(st.integers(0, 2)) == 0:
        return
    _as_card_play(data)
    played = cards[PLAYED]
    what = draw(st.sampled_from(("target", "target", "exhaust", "buff", "kill")))
    if what == "target":
        mine = [o["id"] for o in you["board"] if cards[o["card"]]["type"] == "unit"]
        data["play"]["targets"] = [draw(st.sampled_from(mine))]
    else:
        atom = {"exhaust": {"exhaust": {"count": 1, "filter": {"type": "unit"}}},
                "buff": {"spend_buff": 1},
                "kill": {"kill": {"count": 1, "filter": {"type": "unit"}}}}[what]
        played["additional_costs"] = [{"id": "takes", "mandatory": True,
                                       "cost": {"other": [atom]}}]


def _theme_marauder(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, item 11: Legion Marauder's Empower "[1] or [Body]" (or one more drawn
    alternative), the play's runes drawn ready or exhausted, a grant on Empower costs now and
    then (a discount on the pips, an increase), an enemy with Deflect to choose."""
    cards, you = data["cards"], data["state"]["you"]
    ability: dict[str, Any] = {"id": "empower", "kind": "empower", "cost": {"energy": 1},
                               "alternatives": [{"power": {"body": 1}}]}
    if draw(st.integers(0, 2)) == 0:
        ability["alternatives"].append(draw(alternative_costs()))
    if draw(st.integers(0, 3)) == 0:
        ability["targets"] = {"type": "unit"}
    cards["marauder"] = {"name": "Legion Marauder", "type": "unit", "domains": ["body"],
                         "cost": {"energy": 3}, "might": 3, "abilities": [ability]}
    entry: dict[str, Any] = {"id": "lm", "card": "marauder"}
    if draw(st.integers(0, 5)) == 0:
        entry["empowered"] = 1
    if draw(st.integers(0, 4)) == 0:
        entry["exhausted"] = True
    you["board"].append(entry)
    you["runes"] = [{"id": f"rm{i}", "domain": draw(st.sampled_from(("body", "body", "fury"))),
                     **({"exhausted": True} if draw(st.booleans()) else {})}
                    for i in range(draw(st.integers(0, 3)))]
    grant = draw(st.sampled_from((None, None, {"discount": {"id": "drill", "power": {"any": 1}}},
                                  {"discount": {"id": "drill", "energy": 1}},
                                  {"increase": {"id": "drill", "energy": 1}})))
    if grant is not None:
        cards["drill"] = {"name": "Drill", "type": "gear",
                          "grants": [dict(grant, applies_to={"ability": "empower"})]}
        you["board"].append({"id": "dr", "card": "drill"})
    data["play"] = {"ability": {"object": "lm", "id": "empower"}}
    if "targets" in ability:
        data["state"].setdefault("opponent", {}).setdefault("board", []).append(
            {"id": "ew", "card": "sentinel"})
        data["play"]["targets"] = [draw(st.sampled_from(("ew", "lm")))]
    data["state"]["phase"], data["state"]["turn"] = "main", "you"


# Issue 24, item 2's units: Solari Sunhawk ("I have Deflect 2 while I'm Empowered"), Fiora -
# Victorious (Deflect while Mighty), a Poro with Deflect of its own.
DEFLECT_UNITS: dict[str, dict[str, Any]] = {
    "sunhawk": {"name": "Solari Sunhawk", "type": "unit", "domains": ["order"],
                "cost": {"energy": 3}, "might": 3, "grants": [
                    {"deflect": 2, "applies_to": {"self": True},
                     "while": {"empowered_at_least": 1}}]},
    "fiora": {"name": "Fiora", "type": "unit", "domains": ["order"], "cost": {"energy": 4},
              "might": 4, "grants": [{"deflect": 1, "applies_to": {"self": True},
                                      "while": {"might_at_least": 5}}]},
    "pouty": {"name": "Pouty Poro", "type": "unit", "domains": ["calm"], "cost": {"energy": 1},
              "might": 1, "tags": ["poro"], "keywords": {"deflect": 1}},
    # Master Yi - Tempered: "[Level 6] I have Deflect", its controller's level (the README).
    "yi": {"name": "Master Yi", "type": "unit", "domains": ["body"], "cost": {"energy": 4},
           "might": 4, "grants": [{"deflect": 1, "applies_to": {"self": True},
                                   "while": {"level_at_least": 6}}]},
}


def _theme_deflect(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, item 2: a play choosing the opponent's units whose Deflect is granted (by the
    unit itself while Empowered or Mighty, by a Petricite Monument-like gear of either player,
    `controller` relative to it), gained (`deflect` on the object) and printed, stacking
    (809.2); chosen once or twice, now and then your own unit too (no Deflect charged), or
    under an `ignore_deflect`. The play is a spell from hand or an activated ability that
    chooses a unit."""
    cards, you, state = data["cards"], data["state"]["you"], data["state"]
    opp = state.setdefault("opponent", {})
    board = opp.setdefault("board", [])
    cards.update({k: dict(v) for k, v in DEFLECT_UNITS.items()})
    enemies = []
    for i in range(draw(st.integers(1, 3))):
        unit: dict[str, Any] = {"id": f"n{i}", "card": draw(st.sampled_from(
            ("sunhawk", "fiora", "sentinel", "pouty", "recruit", "fiora", "sunhawk", "yi")))}
        if draw(st.integers(0, 2)) == 0:
            unit["deflect"] = draw(st.integers(1, 2))
        if draw(st.booleans()):
            unit["buffs"] = draw(st.integers(1, 2))
        elif draw(st.integers(0, 3)) == 0:
            unit["might"] = draw(st.integers(3, 6))
        if draw(st.booleans()):
            unit["empowered"] = 1
        if draw(st.integers(0, 2)) == 0:
            unit["location"] = draw(st.sampled_from(("base", "battlefield")))
        board.append(unit)
        enemies.append(unit["id"])
    # A Deflect grant's player conditions read its controller's level, runes and objects.
    if draw(st.booleans()):
        opp["xp"] = draw(st.sampled_from((6, 6, 2, 0)))
    if draw(st.integers(0, 2)) == 0:
        you["xp"] = draw(st.sampled_from((6, 6, 2, 0)))
    if draw(st.integers(0, 3)) == 0:
        opp["runes"] = [{"id": f"o{i}", "domain": "order"} for i in range(draw(st.integers(1, 5)))]
    if draw(st.booleans()):
        # A gear granting Deflect: the opponent's (its units: default or `controller: you`;
        # yours: `controller: opponent`), or yours reaching your own units (never charged).
        owner = draw(st.sampled_from(("opponent", "opponent", "you", "you")))
        if owner == "opponent":
            reach = dict(draw(st.sampled_from(({"type": "unit"}, {}, {"controller": "you"},
                                               {"type": "unit", "location": "battlefield"},
                                               {"min_might": 4}, {"controller": "opponent"}))))
        else:
            reach = dict(draw(st.sampled_from(({"controller": "opponent", "type": "unit"},
                                               {"controller": "opponent"}, {"type": "unit"}))))
        cards["monument"] = {"name": "Monument", "type": "gear", "cost": {"energy": 2},
                             "grants": [draw(deflect_grants(reach))]}
        (board if owner == "opponent" else you["board"]).append({"id": "m9", "card": "monument"})
        if owner == "opponent" and draw(st.integers(0, 2)) == 0:
            enemies.append("m9")  # a gear chosen: its Deflect, if its grant reaches it
    mine = [o["id"] for o in you["board"] if cards[o["card"]]["type"] == "unit"]
    targets = draw(st.lists(st.sampled_from(enemies), min_size=1, max_size=2))
    if mine and draw(st.integers(0, 3)) == 0:
        targets.append(draw(st.sampled_from(mine)))
    if draw(st.integers(0, 2)) == 0:
        cards["zapper"] = {"name": "Zapper", "type": "gear", "cost": {"energy": 1}, "abilities": [
            {"id": "zap", "kind": "activated", "cost": draw(costs(1, 1, min_energy=1)),
             "targets": {"type": "unit"}}]}
        you["board"].append({"id": "z1", "card": "zapper"})
        data["play"] = {"ability": {"object": "z1", "id": "zap"}}
        state["phase"], state["turn"] = "main", "you"
    else:
        played = cards[PLAYED]
        played["type"] = "spell"
        played.pop("might", None)
        kw = dict(played.get("keywords") or {})
        kw.pop("accelerate", None)
        if kw:
            played["keywords"] = kw
        else:
            played.pop("keywords", None)
        _as_card_play(data)
    data["play"]["targets"] = targets
    if draw(st.integers(0, 5)) == 0:
        cards["decree"] = {"name": "Decree", "type": "gear", "cost": {"energy": 1},
                           "grants": [{"ignore_deflect": True}]}
        you["board"].append({"id": "x9", "card": "decree"})
    if len(you.get("runes") or []) < 4:
        you["runes"] = list(you.get("runes") or []) + [
            {"id": f"q{i}", "domain": draw(st.sampled_from(DOMAINS))} for i in range(3)]


def _theme_board_state(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, section D: a board condition read from the state, on the played card's own
    discount (read for you) and on an opponent's grant that reaches your plays (read for the
    opponent: "while I have 6 points" is the opponent's score, "while an opponent controls a
    stunned unit" yours), with the scores near the conditions' thresholds and a stunned unit
    on either board now and then."""
    cards, state = data["cards"], data["state"]
    you, opp = state["you"], state.setdefault("opponent", {})
    played = cards[PLAYED]
    if draw(st.booleans()):
        played["discounts"] = [{"id": "board", "energy": draw(st.integers(1, 2)),
                                "if": dict(draw(board_conditions()))}]
        played["cost"] = {"energy": draw(st.integers(1, 3))}
    if draw(st.integers(0, 2)):
        # A card play (the Warden's grant reaches cards only), in your main phase.
        _as_card_play(data)
    if draw(st.integers(0, 3)):
        cards["warden"] = {"name": "Warden", "type": "gear", "cost": {"energy": 2}, "grants": [
            {"increase": {"id": "warden", "energy": 1}, "applies_to": {"controller": "opponent"},
             "while": dict(draw(board_conditions()))}]}
        opp.setdefault("board", []).append({"id": "w9", "card": "warden"})
    for player, side in (("you", you), ("opponent", opp)):
        if draw(st.integers(0, 3)):
            side["score"] = draw(st.integers(0, 8))
        if draw(st.booleans()):
            side.setdefault("board", []).append(
                {"id": "s8" if player == "you" else "s9", "card": "recruit",
                 "stunned": draw(st.sampled_from((True, True, False)))})
    if draw(st.booleans()):
        state["victory_score"] = draw(st.integers(4, 11))
    else:
        state.pop("victory_score", None)


def _theme_repeat_equal(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, section C (The Academy, Temporal Portal): a spell that grants (on the board or,
    now and then, effects for the turn in the state) give one or two Repeat instances equal to
    its printed cost (`printed`, without its hybrid pips) or to its
    base cost in use (`base`), on a base that differs from the printed one now and then (hybrid
    halves, `play_for`, Flow from the trash, a granted alternative, `ignore`), a component
    discount on Repeat now and then, and the instances chosen `auto` (with a benefit), `yes` or
    `no`."""
    cards, you = data["cards"], data["state"]["you"]
    played = cards[PLAYED]
    played["type"] = "spell"
    played.pop("might", None)
    played["cost"] = draw(costs(3, 1, min_energy=1))
    kw = dict(played.get("keywords") or {})
    kw.pop("accelerate", None)
    kw.pop("hidden", None)
    if draw(st.integers(0, 3)) == 0:
        kw["repeat"] = [draw(costs(1, 1))]
    else:
        kw.pop("repeat", None)
    played["keywords"] = kw
    if not kw:
        del played["keywords"]
    words = [draw(_repeat_words()) for _ in range(draw(st.sampled_from((1, 1, 1, 2))))]
    grants: list[dict[str, Any]] = [{"keyword": {"repeat": w}, "applies_to": {"type": "spell"}}
                                    for w in words]
    how = draw(st.sampled_from(("printed", "hybrid", "play_for", "flow", "alternative",
                                "ignore")))
    zone = "hand"
    if how == "hybrid":
        played["hybrid"] = [list(draw(st.sampled_from((["fury", "calm"], ["calm", "mind"]))))]
    elif how == "flow":
        played.setdefault("keywords", {})["flow"] = [draw(costs(1, 1))]
        zone = "trash"
    elif how == "alternative":
        grants.append({"alternative": {"energy": draw(st.integers(0, 1))},
                       "applies_to": {"type": "spell"}})
    if draw(st.integers(0, 4)) == 0:
        grants.append({"discount": {"id": "repeat-less", "energy": 1, "component": "repeat"},
                       "applies_to": {"type": "spell"}})
    # An effect for the turn grants Repeat equal to a cost only (a fixed cost is a board grant's).
    portal = draw(st.integers(0, 2)) == 0 and all(isinstance(w, str) for w in words)
    if portal:
        # Temporal Portal's effect for the turn, in the state: the Repeat grants there (all of
        # them: the order of instances granted by the board and by effects is not settled).
        effects = you.setdefault("effects", [])
        for g in grants[:len(words)]:
            effects.append(dict(g, uses=draw(st.sampled_from((1, 2, "turn")))))
        grants = grants[len(words):]
    if grants:
        cards["academy"] = {"name": "Academy", "type": "gear", "cost": {"energy": 2},
                            "grants": grants}
    own = len(kw.get("repeat") or [])
    optional = {("repeat" if i == 0 else f"repeat.{i}"): draw(st.sampled_from(
        ("auto", "auto", "yes", "no"))) for i in range(own + len(words))}
    _as_card_play(data, optional)
    if zone == "trash":
        you["hand"] = [o for o in you["hand"] if o["id"] != "p1"]
        you.setdefault("trash", []).insert(0, {"id": "p1", "card": PLAYED})
    if grants:
        you["board"].append({"id": "a2", "card": "academy"})
    if how == "play_for":
        data["play"]["play_for"] = draw(costs(2, 1))
    elif how == "ignore":
        data["play"]["ignore"] = draw(st.sampled_from(("cost", "energy", "power")))
    if draw(st.booleans()):
        objective = data.setdefault("objective", {})
        objective["benefits"] = {"repeat": draw(st.integers(1, 4))}


def _theme_effect_order(draw: Draw, data: dict[str, Any]) -> None:
    """Issue 24, section E: an effect of the state ("your next spell this turn costs [2]
    less") among the discounts on the total, in the order the player chooses: beside a
    grant's "[1] less, to a minimum of [1]" the order changes the total."""
    cards, you = data["cards"], data["state"]["you"]
    played = cards[PLAYED]
    played["type"] = "spell"
    played.pop("might", None)
    played["cost"] = {"energy": draw(st.integers(2, 4)),
                      **({"power": {"fury": 1}} if draw(st.booleans()) else {})}
    cards["mentor"] = {"name": "Mentor", "type": "unit", "might": 1, "cost": {"energy": 2},
                       "grants": [{"discount": {"id": "mentor", "energy": 1,
                                                "minimum": {"energy": 1}},
                                   "applies_to": {"type": "spell"}}]}
    _as_card_play(data)
    you["board"].append({"id": "m2", "card": "mentor"})
    effect: dict[str, Any] = {"discount": {"energy": draw(st.integers(1, 2))},
                              "applies_to": {"type": "spell"}}
    if draw(st.booleans()):
        effect["uses"] = draw(st.sampled_from((1, 2, "turn")))
    you.setdefault("effects", []).insert(0, effect)


_REAL_THEMES: dict[str, Callable[[Draw, dict[str, Any]], None]] = {
    "fanatic": _theme_fanatic, "marauder": _theme_marauder, "deflect": _theme_deflect,
    "board_state": _theme_board_state,
    "mystic_vortex": _theme_mystic_vortex, "heisho": _theme_heisho,
    "crowded_battlefield": _theme_crowded_battlefield,
    "repeat_equal": _theme_repeat_equal, "effect_order": _theme_effect_order,
    "card_grant": _theme_card_grant,
    "enemy_target": _theme_enemy_target,
    "free_repeat": _theme_free_repeat, "location": _theme_location,
    "kill_target": _theme_kill_target, "source_pays": _theme_source_pays,
    "own_count": _theme_own_count, "tie_break": _theme_tie_break, "mighty": _theme_mighty,
}


def _showdown_theme(draw: Any, state: dict[str, Any], played: dict[str, Any]) -> None:
    """In a showdown, half the time the played card is an Action card: legal there (an Action
    card needs your main phase or a showdown), so that a checker refusing it is met (issue 20's
    second injected bug passed the fresh plays before: they drew no Action card in a showdown)."""
    if state["phase"] == "showdown" and "timing" not in played and draw(st.booleans()):
        played["timing"] = "action"

