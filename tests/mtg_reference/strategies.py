"""Small generated `mtg/1` casts, as the raw scenario dicts a YAML file would hold.

`random_cast(rng)` draws one cast from a `random.Random`, so a seed replays it exactly;
`casts(seed, n)` is the derandomized stream the tests and the campaign use; `cast_strategy()`
wraps it for Hypothesis. Boards stay small (at most six permanents that can pay), so the brute
force (brute.py) finishes in milliseconds to a second.

Every feature of the spec appears: hybrid, mono-hybrid, Phyrexian, hybrid Phyrexian and X pips;
kicker (one or two), multikicker, replicate, buyback, mandatory extras; flashback, evoke, pitch
and "without paying its mana cost"; reductions (with minimums, affinity counts, colored ones that
can take a hybrid half), increases and Trinisphere floors; lands with several colours, sources
adding two mana, filter lands, Treasures, mana creatures (sick or not, tapped or not), City of
Brass life, restricted mana (`only_for`); convoke, delve, improvise; the pool; life, discard,
mill, sacrifice, exile from graveyard or hand, tap costs; sorcery timing. About 15% of the casts
become activations of a permanent's ability (`play.ability`: {T}, "sacrifice this", sorcery-only
timing, grants on abilities), drawn last so the other casts of a seed stay as they were.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

COLORS = "WUBRG"
NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _symbol(rng: random.Random) -> str:
    kind = rng.choices(["generic", "color", "hybrid", "mono", "phyrexian", "hphyrexian", "colorless"],
                       weights=[5, 6, 2, 1, 2, 1, 1])[0]
    a, b = rng.sample(COLORS, 2)
    return {"generic": f"{{{rng.randint(1, 3)}}}", "color": f"{{{a}}}", "hybrid": f"{{{a}/{b}}}",
            "mono": f"{{2/{a}}}", "phyrexian": f"{{{a}/P}}", "hphyrexian": f"{{{a}/{b}/P}}",
            "colorless": "{C}"}[kind]


def _cost(rng: random.Random, lo: int, hi: int) -> str:
    return "".join(_symbol(rng) for _ in range(rng.randint(lo, hi)))


# The permanents a board draws from: (card id, card, weight)
SOURCES: list[tuple[str, dict[str, Any], int]] = [
    *[(f"basic-{c}", {"types": ["land"], "mana": [{"adds": f"{{{c}}}"}]}, 6) for c in COLORS],
    ("wastes", {"types": ["land"], "mana": [{"adds": "{C}"}]}, 2),
    ("dual-wu", {"types": ["land"], "mana": [{"adds": "{W}|{U}"}]}, 2),
    ("dual-br", {"types": ["land"], "mana": [{"adds": "{B}|{R}"}]}, 2),
    ("tri-rgw", {"types": ["land"], "mana": [{"adds": "{R}|{G}|{W}"}]}, 1),
    ("city-of-brass", {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", {"pay_life": 1}]}]}, 1),
    ("sol-ring", {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]}, 1),
    ("mystic-gate", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{W}{W}|{W}{U}|{U}{U}", "costs": ["tap", "{W/U}"]}]}, 1),
    ("graven-cairns", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{B}{B}|{B}{R}|{R}{R}", "costs": ["tap", "{B/R}"]}]}, 1),
    ("treasure", {"types": ["artifact"], "tags": ["treasure"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]}, 2),
    ("llanowar-elves", {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{G}"}]}, 2),
    ("birds", {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}"}]}, 1),
    ("eldrazi-temple", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{C}{C}", "only_for": {"type": "creature", "tags": ["eldrazi"]}}]}, 1),
    ("bear-w", {"types": ["creature"], "cost": "{1}{W}"}, 1),
    ("bear-b", {"types": ["creature"], "cost": "{1}{B}"}, 1),
    ("bear-g", {"types": ["creature"], "cost": "{1}{G}"}, 1),
    ("ornament", {"types": ["artifact"], "cost": "{2}"}, 1),
]

GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("electromancer", {"types": ["creature"], "cost": "{1}{R}", "grants": [{"reduction": {"generic": 1}, "applies_to": {"type": ["instant", "sorcery"]}}]}),
    ("heartstone-like", {"types": ["artifact"], "grants": [{"reduction": {"generic": 2, "minimum": 1}, "applies_to": {}}]}),
    ("helm-like", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1, "minimum": 2}, "applies_to": {}}]}),
    ("white-less", {"types": ["enchantment"], "grants": [{"reduction": {"mana": "{W}"}, "applies_to": {}}]}),
    ("thalia", {"types": ["creature"], "cost": "{1}{W}", "grants": [{"increase": "{1}", "applies_to": {"not_type": "creature"}}]}),
    ("trinisphere", {"types": ["artifact"], "grants": [{"at_least": 3, "applies_to": {"controller": "any"}}]}),
    ("sphere-of-resistance", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"controller": "any"}}]}),
]

FILLER = {"chaff-u": {"types": ["instant"], "cost": "{U}"}, "chaff-r": {"types": ["sorcery"], "cost": "{1}{R}"},
          "chaff-a": {"types": ["artifact"], "cost": "{3}"}}


def random_cast(rng: random.Random) -> dict[str, Any]:
    cards: dict[str, Any] = dict(FILLER)
    spell: dict[str, Any] = {"types": [rng.choice(["instant", "instant", "sorcery", "creature", "artifact"])]}
    cost = _cost(rng, 0, 3)
    has_x = rng.random() < 0.15
    if has_x:
        cost = "{X}" * rng.choice([1, 1, 2]) + cost
    spell["cost"] = cost
    if "creature" in spell["types"] and rng.random() < 0.2:
        spell["tags"] = ["eldrazi"]
    play: dict[str, Any] = {"object": "s1"}
    zone = "hand"
    extra = rng.random()
    if extra < 0.12:
        spell["flashback"] = _cost(rng, 1, 3)
        if rng.random() < 0.8:
            zone = "graveyard"
    elif extra < 0.22:
        spell["alternative"] = [{"id": "evoke", "cost": _cost(rng, 0, 2)}]
    elif extra < 0.28:
        spell["alternative"] = [{"id": "pitch", "cost": "", "other": [
            {"pay_life": 1}, {"exile_from_hand": {"count": 1, "filter": {"color": rng.choice(list(NAMES.values()))}}}]}]
    optional: dict[str, Any] = {}
    r = rng.random()
    if r < 0.12:
        spell["kicker"] = [_cost(rng, 1, 2) for _ in range(rng.choice([1, 1, 2]))]
        for i in range(len(spell["kicker"])):
            optional["kicker" if i == 0 else f"kicker.{i}"] = rng.choice(["yes", "no", "auto"])
    elif r < 0.18:
        spell["multikicker"] = _cost(rng, 1, 1)
        optional["multikicker"] = rng.choice([0, 1, 2, "auto"])
    elif r < 0.24:
        spell["replicate"] = _cost(rng, 1, 1)
        optional["replicate"] = rng.choice([0, 1, 2])
    elif r < 0.30:
        spell["buyback"] = _cost(rng, 1, 1)
        optional["buyback"] = rng.choice(["yes", "no", "auto"])
    if optional:
        play["optional"] = optional
    other: list[Any] = []
    for kind, p in (("sacrifice", 0.08), ("discard", 0.08), ("mill", 0.08), ("pay_life", 0.08),
                    ("exile_from_graveyard", 0.06), ("tap_untapped", 0.06)):
        if rng.random() < p:
            if kind == "sacrifice":
                other.append({"sacrifice": {"count": 1, "filter": {"type": rng.choice(["creature", "artifact"])}}})
            elif kind == "tap_untapped":
                other.append({"tap_untapped": {"count": 1, "filter": {"type": "creature"}}})
            elif kind == "exile_from_graveyard":
                other.append({"exile_from_graveyard": {"count": 1, "filter": {"type": rng.choice(["instant", "sorcery"])}}})
            else:
                other.append({kind: rng.randint(1, 3)})
    if other:
        spell["additional"] = [{"id": "extra", "mandatory": True, "other": other}]
    for keyword, p in (("convoke", 0.12), ("delve", 0.1), ("improvise", 0.08)):
        if rng.random() < p:
            spell[keyword] = True
    if rng.random() < 0.07:
        spell["reductions"] = [{"generic": {"count": {"type": "artifact"}}}]
    cards["spell"] = spell

    battlefield: list[dict[str, Any]] = []
    names, weights = [s[0] for s in SOURCES], [s[2] for s in SOURCES]
    for name, card, _ in SOURCES:
        cards[name] = card
    for i in range(rng.randint(1, 6)):
        name = rng.choices(names, weights)[0]
        wanted = [c for c in COLORS if c in cost + spell.get("flashback", "")]
        if name.startswith("basic-") and wanted and rng.random() < 0.6:
            name = f"basic-{rng.choice(wanted)}"      # boards mostly fit the spell, as in play
        entry: dict[str, Any] = {"id": f"p{i}", "card": name}
        if rng.random() < 0.1:
            entry["tapped"] = True
        if "creature" in cards[name]["types"] and rng.random() < 0.35:
            entry["sick"] = True
        if rng.random() < 0.1:
            entry["value"] = rng.randint(1, 9)
        battlefield.append(entry)
    for j in range(rng.choice([0, 0, 0, 1, 1, 2])):
        name, card = rng.choice(GRANTS)
        cards[name] = card
        battlefield.append({"id": f"g{j}", "card": name})
    you: dict[str, Any] = {"life": rng.choice([20, 20, 20, 4, 2, 1]), "library": rng.choice([40, 40, 2, 0]),
                           "battlefield": battlefield}
    hand: list[dict[str, Any]] = [{"id": f"h{i}", "card": rng.choice(sorted(FILLER))} for i in range(rng.randint(0, 2))]
    for h in hand:
        if rng.random() < 0.2:
            h["value"] = rng.randint(1, 9)
    graveyard: list[dict[str, Any]] = [{"id": f"y{i}", "card": rng.choice(sorted(FILLER))} for i in range(rng.randint(0, 3))]
    if zone == "hand":
        hand.insert(0, {"id": "s1", "card": "spell"})
    else:
        graveyard.insert(0, {"id": "s1", "card": "spell"})
    you["hand"], you["graveyard"] = hand, graveyard
    if rng.random() < 0.15:
        you["mana_pool"] = "".join(f"{{{rng.choice(COLORS + 'C')}}}" for _ in range(rng.randint(1, 2)))
    state: dict[str, Any] = {"phase": "main" if rng.random() < 0.9 else "combat", "turn": "you", "you": you}
    if has_x:
        play["x"] = rng.choice(["auto", "auto", 0, 1, 2])
    methods = ["auto", "auto", "auto", "normal"] + [a["id"] for a in spell.get("alternative", [])]
    if rng.random() < 0.05:
        methods = ["without_paying"]
    play["cast"] = rng.choice(methods)
    if zone == "graveyard" and play["cast"] == "normal":
        play["cast"] = "flashback"
    scenario: dict[str, Any] = {"format": "mtg/1", "cards": cards, "state": state, "play": play}
    if rng.random() < 0.15:
        scenario["objective"] = {"weights": {"tap_creature": rng.randint(1, 4), "life": rng.randint(1, 3),
                                             "sacrifice": rng.randint(2, 8)}}
    if rng.random() < 0.15:
        _as_ability(rng, scenario)
    return scenario


ABILITY_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("heartstone", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1, "minimum": 1}, "applies_to": {"ability": "activated", "type": "creature"}}]}),
    ("training-grounds", {"types": ["enchantment"], "grants": [{"reduction": {"generic": 2, "minimum": 1}, "applies_to": {"ability": "activated"}}]}),
    ("suppression-like", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"ability": "activated", "type": "artifact"}}]}),
]


def _as_ability(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Turn the cast into the activation of an ability of a new permanent (`a1`): the spell's
    mana cost, {T} and/or "sacrifice this", maybe the spell's mandatory extras, maybe a mana
    ability of its own (which its {T} forbids and its sacrifice allows first), sometimes only
    as a sorcery; grants on abilities (and the spell grants, which must not apply) around it.
    Drawn after everything else, so the casts that stay casts are the same for a seed."""
    cards, you = scenario["cards"], scenario["state"]["you"]
    spell = cards["spell"]
    costs: list[Any] = [spell["cost"]] if spell["cost"] else []
    if rng.random() < 0.5:
        costs.append("tap")
    if rng.random() < 0.35:
        costs.append("sacrifice_self")
    for extra in spell.get("additional", []):
        costs += extra["other"]
    ability: dict[str, Any] = {"id": "act", "costs": costs}
    if rng.random() < 0.2:
        ability["timing"] = "sorcery"
    source: dict[str, Any] = {"types": rng.choice([["creature"], ["artifact"], ["artifact", "creature"]]),
                              "abilities": [ability]}
    if rng.random() < 0.4:
        source["mana"] = [{"adds": rng.choice(["{G}", "{R}|{W}", "{C}"])}]
    cards["relic"] = source
    entry: dict[str, Any] = {"id": "a1", "card": "relic"}
    if rng.random() < 0.2:
        entry["sick"] = True
    if rng.random() < 0.1:
        entry["tapped"] = True
    you["battlefield"].append(entry)
    for j in range(rng.choice([0, 1, 1, 2])):
        name, card = rng.choice(ABILITY_GRANTS)
        cards[name] = card
        you["battlefield"].append({"id": f"ag{j}", "card": name})
    play: dict[str, Any] = {"ability": {"object": "a1", "id": "act"}}
    if "X" in spell["cost"]:
        play["x"] = scenario["play"].get("x", "auto")
    scenario["play"] = play


def casts(seed: int, n: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(seed of the cast, cast) for n casts: cast i is random_cast(Random(seed * 1_000_003 + i))."""
    for i in range(n):
        s = seed * 1_000_003 + i
        yield s, random_cast(random.Random(s))


def cast_strategy() -> Any:
    """A Hypothesis strategy over the same casts (drawn from a seed Hypothesis picks)."""
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=2**32 - 1).map(lambda s: random_cast(random.Random(s)))
