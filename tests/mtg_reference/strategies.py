"""Small generated `mtg/1` casts, as the raw scenario dicts a YAML file would hold.

`random_cast(rng)` draws one cast from a `random.Random`, so a seed replays it exactly;
`casts(seed, n)` is the derandomized stream the tests and the campaign use; `cast_strategy()`
wraps it for Hypothesis. Boards stay small (at most about seven permanents that can pay), so the
brute force (payplan.benchmarks.mtg.reference.brute) finishes in milliseconds to a second.

Every key the mtg/1 loader accepts is drawn (tests/test_mtg_reference.py lists the loader's keys
and enum words and fails on any never drawn), and every feature of the spec appears: hybrid,
mono-hybrid, Phyrexian, hybrid Phyrexian and X pips; kicker (one or two, strings or
{cost, other}), multikicker, replicate, buyback, mandatory and optional extras; escalate
(`per_mode`), spree (`modes`), strive (`per_target`) with `play.modes` and `play.targets`;
flashback, evoke, pitch, alternative costs from a `zone`, "without paying its mana cost", casts
from the command zone (a commander's `commander_casts`, the tax of 903.8, in about 1 cast in
15) and exile; reductions (ids, minimums, affinity counts, colored ones by
`mana` or per color) and increases and Trinisphere floors, from your permanents and the
opponent's (`controller`); lands with several colours, sources adding two mana, filter lands
(hybrid and generic costs), Treasures and Lotus Petals, mana creatures (sick or not, tapped or
not), City of Brass life, restricted mana (`only_for` by type, tags, name, color, not_type or
`ability: activated`); mana abilities that neither tap nor sacrifice their permanent (Ashnod's
and Phyrexian Altars, Seton's "tap an untapped Druid"), Springleaf Drum's tapped creature, and
mana abilities paying every other cost kind (mill, discard, exile from hand or graveyard,
return to hand, sacrifice themselves without tapping), mana counted from the state (`per`:
Gaea's Cradle's creatures, Cabal Coffers' Swamps, Nykthos's devotion); issue 25's state and
grants (`_issue25`: attacking creatures and Embercleave's count, chosen creature types on an
Incubator, a Cavern or a counting land, multicolored and colorless filters, Defense Grid's
`turn`, target filters with `self` and `player`, `count_targets`, granted convoke, delve,
improvise and flashback, `play.targets` naming players and objects of any zone); convoke, delve, improvise; the pool;
life, discard, mill, sacrifice, exile from graveyard or hand, tap and return costs; timing
(phase, stack, turn, flash); every weight and benefits; `plays` beside `play` (which `plan`
ignores). About 15% of the casts become activations of a permanent's ability (`play.ability`:
{T}, "sacrifice this", sorcery-only timing, grants on abilities). Issue 25's costs
(`_issue25_costs`): `{pay_life: X}` (Toxic Deluge) in a mandatory extra, an alternative or
flashback cost or an ability's costs, with `x`; about 1 cast in 12 gives the played card a hand
ability (`zone: hand`, `discard_self`, mostly `cycling: true`) and most of those activate it
from the hand, beside Fluctuator (`ability: cycling`), taxes and mana restricted to cycling.
Issue 25's group A (`_group_a`, about 1 cast in 7): snow mana {S} in the costs with snow lands,
creatures and filter lands, a snow part of the pool, generic reductions, floors and convoke
beside it; `spend_only` on the played card (creatures, basic lands, artifacts) with the pool,
filter lands and Treasures around; K'rrik's `life_for` on your battlefield (one or two) or the
opponent's, with pips of its color, hybrid, mono-hybrid and Phyrexian ones, and low life.
Issue 25's group G1 (`_g1_mana_effects`, about 1 cast in 14, while the loader reads
`mana_effects`): Damping Sphere and other replacements (its filter's controller, `at_least`, a
second replacement), Crypt Ghast, Market Festival and a Sprawl-like Aura (`attached_to`, the
filter key `attached`), on your battlefield or the opponent's, over Swamps, Ancient Tomb, Gaea's
Cradle, Mystic Gate, Sol Ring and restricted {C}{C} lands, mostly with a plain spell whose cost
the board's sources make.

Draws are weighted so that about half the casts are payable.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any, Iterator

COLORS = "WUBRG"
NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SPELL_TYPES = [["instant"], ["instant"], ["sorcery"], ["creature"], ["artifact"], ["enchantment"],
               ["planeswalker"], ["battle"], ["kindred", "instant"], ["artifact", "creature"],
               ["land"]]
SPELL_TYPE_WEIGHTS = [8, 4, 5, 5, 3, 2, 1, 1, 1, 1, 1]


def _symbol(rng: random.Random) -> str:
    kind = rng.choices(["generic", "color", "hybrid", "mono", "phyrexian", "hphyrexian", "colorless"],
                       weights=[5, 6, 2, 1, 2, 1, 1])[0]
    a, b = rng.sample(COLORS, 2)
    return {"generic": f"{{{rng.randint(1, 3)}}}", "color": f"{{{a}}}", "hybrid": f"{{{a}/{b}}}",
            "mono": f"{{2/{a}}}", "phyrexian": f"{{{a}/P}}", "hphyrexian": f"{{{a}/{b}/P}}",
            "colorless": "{C}"}[kind]


def _cost(rng: random.Random, lo: int, hi: int) -> str:
    return "".join(_symbol(rng) for _ in range(rng.randint(lo, hi)))


def _plain(rng: random.Random) -> str:
    """A cheap cost of plain symbols (for costs paid many times: no announcements to multiply)."""
    return rng.choice(["{1}", "{R}", "{G}", "{W}", "{U}", "{B}", "{2}", "{C}"])


def _full(rng: random.Random, text: str, other: list[Any] | None = None) -> Any:
    """A cost as a string or, sometimes, as {cost, other}."""
    if other or rng.random() < 0.25:
        full: dict[str, Any] = {"cost": text}
        if other:
            full["other"] = other
        return full
    return text


def _color_word(rng: random.Random, c: str) -> str:
    return NAMES[c] if rng.random() < 0.6 else c


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
    ("signet-like", {"types": ["artifact"], "mana": [{"adds": "{R}{G}", "costs": ["tap", "{1}"]}]}, 1),
    ("treasure", {"types": ["artifact"], "tags": ["treasure"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]}, 2),
    ("lotus-petal", {"types": ["artifact"], "name": "Lotus Petal", "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]}, 1),
    ("llanowar-elves", {"types": ["creature"], "cost": "{G}", "tags": ["elf", "druid"], "mana": [{"adds": "{G}"}]}, 2),
    ("birds", {"types": ["creature"], "cost": "{G}", "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}"}]}, 1),
    ("blood-pet", {"types": ["creature"], "colors": ["black"], "mana": [{"adds": "{B}", "costs": ["sacrifice_self"]}]}, 1),
    ("eldrazi-temple", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{C}{C}", "only_for": {"type": "creature", "tags": ["eldrazi"]}}]}, 1),
    ("monument-like", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{R}{R}", "only_for": {"not_type": ["creature", "land"]}}]}, 1),
    ("pillar-like", {"types": ["land"], "mana": [{"adds": "{G}{G}", "only_for": {"ability": "activated"}}, {"adds": "{C}"}]}, 1),
    ("boseiju-like", {"types": ["land"], "name": "Boseiju", "mana": [{"adds": "{G}"}, {"adds": "{U}{U}", "only_for": {"color": ["blue", "G"]}}]}, 1),
    ("named-vault", {"types": ["land"], "mana": [{"adds": "{B}{B}{B}", "only_for": {"name": "Big Spell"}}, {"adds": "{B}"}]}, 1),
    ("bounce-land", {"types": ["land"], "mana": [{"adds": "{G}{U}", "costs": ["tap", {"return_to_hand": {"count": 1, "filter": {"type": "land"}}}]}]}, 1),
    ("library-well", {"types": ["artifact"], "mana": [{"adds": "{U}{U}", "costs": ["tap", {"mill": 2}]}]}, 1),
    ("rift-ritual", {"types": ["enchantment"], "mana": [{"adds": "{R}{R}", "costs": ["tap", {"discard": 1}]}]}, 1),
    ("crypt-engine", {"types": ["artifact"], "mana": [{"adds": "{B}{B}", "costs": ["tap", {"exile_from_graveyard": {"count": 1, "filter": {"type": ["instant", "sorcery"]}}}]}]}, 1),
    ("tide-pitcher", {"types": ["artifact"], "mana": [{"adds": "{U}{U}", "costs": ["tap", {"exile_from_hand": {"count": 1, "filter": {"color": "blue"}}}]}]}, 1),
    ("bear-w", {"types": ["creature"], "cost": "{1}{W}", "colors": ["W"]}, 1),
    ("bear-b", {"types": ["creature"], "cost": "{1}{B}", "colors": ["B", "black"]}, 1),
    ("merfolk", {"types": ["creature"], "cost": "{U}", "colors": ["U"], "tags": ["merfolk"]}, 1),
    ("bear-g", {"types": ["creature"], "cost": "{1}{G}", "tags": ["druid"]}, 1),
    ("goblin", {"types": ["creature"], "colors": ["R"], "tags": ["goblin"]}, 1),
    ("ornament", {"types": ["artifact"], "cost": "{2}"}, 1),
    ("totem", {"types": ["planeswalker"]}, 1),
]

EYE_OF_RAMOS: dict[str, Any] = {"types": ["artifact"], "name": "Eye of Ramos", "mana": [
    {"adds": "{U}"}, {"adds": "{U}", "costs": ["sacrifice_self"]}]}

# Mana counted from the state (issue 25), drawn by a side generator (`random_cast`): Gaea's
# Cradle, Cabal Coffers (basic Swamps), Nykthos.
COUNTED: list[tuple[str, dict[str, Any]]] = [
    ("gaeas-cradle", {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}),
    ("cabal-coffers", {"types": ["land"], "mana": [{"adds": "{B}", "costs": ["{2}", "tap"], "per": {"count": {"name": "basic-B"}}}]}),
    ("nykthos", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "{2}"], "per": "devotion"}]}),
]

# Engines drawn as a group (so that each one has what it needs): (cards, objects)
ENGINES: list[list[tuple[str, dict[str, Any]]]] = [
    [("ashnods-altar", {"types": ["artifact"], "name": "Ashnod's Altar",
                        "mana": [{"adds": "{C}{C}", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]})],
    [("phyrexian-altar", {"types": ["artifact"], "name": "Phyrexian Altar",
                          "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]})],
    [("seton", {"types": ["creature"], "name": "Seton, Krosan Protector", "tags": ["druid"], "colors": ["green"],
                "mana": [{"adds": "{G}", "costs": [{"tap_untapped": {"count": 1, "filter": {"tags": ["druid"]}}}]}]})],
    [("springleaf-drum", {"types": ["artifact"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", {"tap_untapped": {"count": 1, "filter": {"type": "creature"}}}]}]})],
    [("blood-fountain", {"types": ["enchantment"], "mana": [{"adds": "{B}{B}", "costs": [{"pay_life": 2}, {"sacrifice": {"count": 1, "filter": {"type": "artifact"}}}]}]})],
]
ENGINE_FODDER = [("druid", {"types": ["creature"], "tags": ["druid"], "colors": ["G"]}),
                 ("goblin", {"types": ["creature"], "colors": ["red"], "tags": ["goblin"]}),
                 ("clue", {"types": ["artifact"], "tags": ["token", "clue"]})]

GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("electromancer", {"types": ["creature"], "cost": "{1}{R}", "grants": [{"reduction": {"generic": 1}, "applies_to": {"type": ["instant", "sorcery"]}}]}),
    ("heartstone-like", {"types": ["artifact"], "grants": [{"reduction": {"id": "heart", "generic": 2, "minimum": 1}, "applies_to": {}}]}),
    ("helm-like", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1, "minimum": 2}, "applies_to": {}}]}),
    ("white-less", {"types": ["enchantment"], "grants": [{"reduction": {"mana": "{W}"}, "applies_to": {}}]}),
    ("red-less", {"types": ["enchantment"], "grants": [{"reduction": {"R": 1, "C": 1}, "applies_to": {"color": "red"}}]}),
    ("affinity-helper", {"types": ["artifact"], "grants": [{"reduction": {"generic": {"count": {"type": "artifact"}}, "minimum": 1}, "applies_to": {"tags": ["eldrazi"]}}]}),
    ("thalia", {"types": ["creature"], "cost": "{1}{W}", "grants": [{"increase": "{1}", "applies_to": {"not_type": "creature"}}]}),
    ("named-tax", {"types": ["enchantment"], "grants": [{"increase": "{2}", "applies_to": {"name": "Big Spell"}}]}),
    ("trinisphere", {"types": ["artifact"], "grants": [{"at_least": 3, "applies_to": {"controller": "any"}}]}),
    ("sphere-of-resistance", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"controller": "any"}}]}),
    ("kindred-helper", {"types": ["kindred", "enchantment"], "grants": [{"reduction": {"G": 1, "U": 1, "W": 1, "B": 1}, "applies_to": {"controller": "you", "type": "kindred"}}]}),
]
# Cost changers an opponent controls (their `controller` is relative to the opponent).
OPPONENT_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("opp-thalia", {"types": ["creature"], "grants": [{"increase": "{1}", "applies_to": {"controller": "opponent", "not_type": "creature"}}]}),
    ("opp-sphere", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"controller": "any"}}]}),
    ("opp-own-helper", {"types": ["artifact"], "grants": [{"reduction": {"generic": 2}, "applies_to": {"controller": "you"}}]}),
]

FILLER = {"chaff-u": {"types": ["instant"], "cost": "{U}"}, "chaff-r": {"types": ["sorcery"], "cost": "{1}{R}"},
          "chaff-a": {"types": ["artifact"], "cost": "{3}"}, "chaff-w": {"types": ["instant"], "cost": "{W}"},
          "chaff-b": {"types": ["sorcery"], "cost": "{B}"}, "chaff-g": {"types": ["instant"], "cost": "{G}"}}
# A card in hand of each color (what a pitch cost or an exile-from-hand cost looks for).
OF_COLOR = {"white": "chaff-w", "blue": "chaff-u", "black": "chaff-b", "red": "chaff-r", "green": "chaff-g"}
# A permanent each cost filter the generator writes accepts.
FEED = [({"type": "creature"}, "goblin"), ({"type": "artifact"}, "ornament"), ({"type": ["creature", "land"]}, "bear-g"),
        ({"tags": ["goblin"]}, "goblin"), ({"name": "Lotus Petal"}, "lotus-petal"), ({"type": "land"}, "wastes"),
        ({"type": "creature", "color": "green"}, "bear-g")]


def _other_cost(rng: random.Random, kind: str) -> dict[str, Any]:
    if kind == "sacrifice":
        return {"sacrifice": {"count": 1, "filter": rng.choice([{"type": "creature"}, {"type": "artifact"}, {"type": ["creature", "land"]},
                                                                  {"tags": ["goblin"]}, {"name": "Lotus Petal"}])}}
    if kind == "tap_untapped":
        return {"tap_untapped": {"count": 1, "filter": rng.choice([{"type": "creature"}, {"type": "creature", "color": "green"}])}}
    if kind == "return_to_hand":
        return {"return_to_hand": {"count": 1, "filter": {"type": rng.choice(["land", "artifact", "creature"])}}}
    if kind == "exile_from_graveyard":
        return {"exile_from_graveyard": {"count": 1, "filter": {"type": rng.choice(["instant", "sorcery"])}}}
    if kind == "exile_from_hand":
        return {"exile_from_hand": {"count": 1, "filter": {"color": rng.choice(list(NAMES.values()))}}}
    if kind == "discard" and rng.random() < 0.3:
        return {"discard": {"count": 1, "filter": {"not_type": "artifact"}}}
    return {kind: rng.randint(1, 3) if kind != "discard" else rng.randint(1, 2)}


def random_cast(rng: random.Random) -> dict[str, Any]:
    # Keys added after the fixed slices were drawn come from a side generator seeded by `rng`'s
    # state, so every cast drawn before them keeps its draws (tests/test_mtg_vs_reference.py's
    # slice and its KNOWN list stay what they were).
    side = random.Random(repr(rng.getstate()))
    side_b = random.Random("issue25-b" + repr(rng.getstate()))   # issue 25's group B (`_issue25_b`)
    side_j = random.Random("any-color" + repr(rng.getstate()))   # `spend_as_any_color`
    cards: dict[str, Any] = dict(FILLER)
    spell: dict[str, Any] = {"types": list(rng.choices(SPELL_TYPES, SPELL_TYPE_WEIGHTS)[0])}
    cost = _cost(rng, 0, 3)
    has_x = rng.random() < 0.15
    if has_x:
        cost = "{X}" * rng.choice([1, 1, 2]) + cost
    spell["cost"] = cost
    if rng.random() < 0.1:
        spell["name"] = "Big Spell"
    if "creature" in spell["types"] and rng.random() < 0.2:
        spell["tags"] = ["eldrazi"] if rng.random() < 0.7 else ["eldrazi", "titan"]
    if rng.random() < 0.06:
        spell["colors"] = [_color_word(rng, c) for c in rng.sample(COLORS, rng.randint(1, 2))]
    if "instant" not in spell["types"] and rng.random() < 0.1:
        spell["flash"] = True
    play: dict[str, Any] = {"object": "s1"}
    zone = "hand"
    extra = rng.random()
    if extra < 0.12:
        fb_other = [_other_cost(rng, "pay_life")] if rng.random() < 0.2 else None
        spell["flashback"] = _full(rng, _cost(rng, 1, 3), fb_other)
        if rng.random() < 0.8:
            zone = "graveyard"
    elif extra < 0.22:
        spell["alternative"] = [{"id": "evoke", "cost": _cost(rng, 0, 2)}]
    elif extra < 0.28:
        spell["alternative"] = [{"id": "pitch", "cost": "", "other": [
            {"pay_life": 1}, {"exile_from_hand": {"count": 1, "filter": {"color": rng.choice(list(NAMES.values()))}}}]}]
    elif extra < 0.34:
        where = rng.choice(["graveyard", "exile", "command", "hand"])
        spell["alternative"] = [{"id": "escape", "cost": _cost(rng, 1, 2), "zone": where,
                                 "other": [{"exile_from_graveyard": {"count": 1}}]}]
        zone = where if rng.random() < 0.8 else "hand"
    elif extra < 0.38:
        zone = rng.choice(["command", "exile"])
    optional: dict[str, Any] = {}
    r = rng.random()
    if r < 0.12:
        spell["kicker"] = [_full(rng, _cost(rng, 1, 2), [_other_cost(rng, "discard")] if rng.random() < 0.15 else None)
                           for _ in range(rng.choice([1, 1, 2]))]
        if len(spell["kicker"]) == 1 and rng.random() < 0.3:
            spell["kicker"] = spell["kicker"][0]
        for i in range(len(spell["kicker"]) if isinstance(spell["kicker"], list) else 1):
            optional["kicker" if i == 0 else f"kicker.{i}"] = rng.choice(["yes", "no", "auto", True, False])
    elif r < 0.18:
        spell["multikicker"] = _full(rng, _plain(rng))
        optional["multikicker"] = rng.choice([0, 1, 2, "auto", "yes"])
    elif r < 0.24:
        spell["replicate"] = _full(rng, _plain(rng))
        optional["replicate"] = rng.choice([0, 1, 2, "auto"])
    elif r < 0.30:
        spell["buyback"] = _full(rng, _cost(rng, 1, 1))
        optional["buyback"] = rng.choice(["yes", "no", "auto"])
    elif r < 0.36:
        extra_other = [_other_cost(rng, rng.choice(["sacrifice", "discard", "pay_life", "return_to_hand"]))]
        spell["additional"] = [{"id": "bargain", "mandatory": False, "cost": _cost(rng, 0, 1), "other": extra_other}]
        optional["bargain"] = rng.choice(["yes", "no", "auto"])
    if optional:
        play["optional"] = optional
    r = rng.random()
    if r < 0.05:
        spell["per_mode"] = _plain(rng)
        play["modes"] = rng.sample(["a", "b", "c"], rng.randint(1, 3))
    elif r < 0.10:
        spell["modes"] = {"a": "{1}", "b": _plain(rng), "c": "{R}{R}"}
        play["modes"] = rng.sample(["a", "b", "c"], rng.randint(1, 2))
    elif r < 0.14:
        spell["per_target"] = _plain(rng)
    other: list[Any] = []
    for kind, p in (("sacrifice", 0.05), ("discard", 0.05), ("mill", 0.05), ("pay_life", 0.05),
                    ("exile_from_graveyard", 0.04), ("tap_untapped", 0.04), ("exile_from_hand", 0.03),
                    ("return_to_hand", 0.03)):
        if rng.random() < p:
            other.append(_other_cost(rng, kind))
    if other:
        extra_cost: dict[str, Any] = {"id": "extra", "mandatory": True, "other": other}
        if rng.random() < 0.3:
            extra_cost["cost"] = _plain(rng)
        spell.setdefault("additional", []).append(extra_cost)
    for keyword, p in (("convoke", 0.12), ("delve", 0.1), ("improvise", 0.08)):
        if rng.random() < p:
            spell[keyword] = True
    if rng.random() < 0.07:
        spell["reductions"] = [{"generic": {"count": {"type": "artifact"}}}]
    elif rng.random() < 0.04:
        spell["reductions"] = [{"id": "own", "generic": 1, "minimum": 1}]
    cards["spell"] = spell

    battlefield: list[Any] = []
    names, weights = [s[0] for s in SOURCES], [s[2] for s in SOURCES]
    for name, card, _ in SOURCES:
        cards[name] = card
    wanted = [c for c in COLORS if c in cost + str(spell.get("flashback", ""))]
    for i in range(rng.choice([1, 2, 3, 3, 4, 4, 5, 5, 6, 6])):
        name = rng.choices(names, weights)[0]
        if name.startswith("basic-") and wanted and rng.random() < 0.85:
            name = f"basic-{rng.choice(wanted)}"      # boards mostly fit the spell, as in play
        entry: dict[str, Any] = {"id": f"p{i}", "card": name}
        if rng.random() < 0.1:
            entry["tapped"] = True
        if "creature" in cards[name]["types"] and rng.random() < 0.35:
            entry["sick"] = True
        if rng.random() < 0.1:
            entry["value"] = rng.randint(1, 9)
        battlefield.append(entry)
    if rng.random() < 0.18:                           # an engine and what it feeds on
        for name, card in rng.choice(ENGINES):
            cards[name] = card
            battlefield.append({"id": f"e{len(battlefield)}", "card": name})
        for k in range(rng.randint(1, 3)):
            name, card = rng.choice(ENGINE_FODDER)
            cards[name] = card
            entry = {"id": f"f{k}", "card": name}
            if rng.random() < 0.3:
                entry["sick"] = True
            if rng.random() < 0.2:
                entry["value"] = rng.randint(1, 9)
            battlefield.append(entry)
    for j in range(rng.choice([0, 0, 0, 1, 1, 2])):
        name, card = rng.choice(GRANTS)
        cards[name] = card
        battlefield.append({"id": f"g{j}", "card": name})
    if rng.random() < 0.05:                           # the shorthand: a card id, its id generated
        battlefield.append("ornament")
    you: dict[str, Any] = {"life": rng.choice([20, 20, 20, 20, 20, 4, 2, 1]), "library": rng.choice([40, 40, 40, 40, 2, 0]),
                           "battlefield": battlefield}
    hand: list[Any] = [{"id": f"h{i}", "card": rng.choice(sorted(FILLER))} for i in range(rng.randint(0, 2))]
    for h in hand:
        if rng.random() < 0.2:
            h["value"] = rng.randint(1, 9)
    graveyard: list[Any] = [{"id": f"y{i}", "card": rng.choice(sorted(FILLER))} for i in range(rng.randint(0, 3))]
    for y in graveyard:
        if rng.random() < 0.1:
            y["value"] = rng.randint(1, 9)
    exile: list[Any] = []
    command: list[Any] = []
    if rng.random() < 0.05:
        exile.append({"id": "x0", "card": "chaff-r"})
    if rng.random() < 0.05:
        command.append("chaff-a")
    _feed(rng, spell, battlefield, hand, graveyard)
    own = {"id": "s1", "card": "spell"}
    {"hand": hand, "graveyard": graveyard, "exile": exile, "command": command}[zone].insert(0, own)
    you["hand"], you["graveyard"] = hand, graveyard
    if exile:
        you["exile"] = exile
    if command:
        you["command"] = command
    if rng.random() < 0.15:
        you["mana_pool"] = "".join(f"{{{rng.choice(COLORS + 'C')}}}" for _ in range(rng.randint(1, 2)))
    if side_j.random() < 0.06:
        you["spend_as_any_color"] = True  # Chromatic Orrery's permission
    if side_j.random() < 0.05:  # Mizzix: experience counters read by a reduction
        you["experience"] = side_j.randint(0, 3)
        spell.setdefault("reductions", []).append({"generic": {"player_counters": "experience"}})
    state: dict[str, Any] = {"phase": rng.choices(["main", "combat", "end"], [18, 1, 1])[0],
                             "turn": rng.choices(["you", "opponent"], [19, 1])[0], "you": you}
    if rng.random() < 0.05:
        state["stack"] = rng.choice(["empty", "nonempty"])
    if rng.random() < 0.15:
        state["opponent"] = _opponent(rng, cards)
        if rng.random() < 0.3:
            play["targets"] = [o["id"] for o in state["opponent"]["battlefield"]
                               if isinstance(o, dict)][:rng.randint(1, 3)]
    if side_j.random() < 0.05:
        spell["per_target_life"] = side_j.choice([1, 3])  # Phyrexian Purge
    if ("per_target" in spell or "per_target_life" in spell) and "targets" not in play:
        # Up to three distinct targets that name something (the loader refuses an id naming
        # nothing): the players, then your battlefield's objects.
        named = ["opponent", "you"] + [o["id"] for o in you.get("battlefield") or []
                                       if isinstance(o, dict) and "id" in o]
        play["targets"] = named[:rng.randint(1, 3)]
    if has_x:
        play["x"] = rng.choice(["auto", "auto", 0, 1, 2])
    methods = ["auto", "auto", "auto", "normal"] + [a["id"] for a in spell.get("alternative", [])]
    if rng.random() < 0.05:
        methods = ["without_paying"]
    play["cast"] = rng.choice(methods)
    if zone == "graveyard" and play["cast"] == "normal":
        play["cast"] = "flashback" if "flashback" in spell else "auto"
    if rng.random() < 0.1:                            # the card, not the object (and maybe its zone)
        del play["object"]
        play["card"] = "spell"
        if rng.random() < 0.5:
            play["from"] = zone
    elif rng.random() < 0.08:
        play["from"] = zone if rng.random() < 0.8 else rng.choice(["hand", "graveyard", "exile", "command"])
    if side.random() < 0.12:                          # a land whose mana is counted
        name, card = side.choice(COUNTED)
        cards[name] = card
        state["you"]["battlefield"].append({"id": f"n{len(state['you']['battlefield'])}",
                                            "card": name, "tapped": side.random() < 0.1})
    if side.random() < 1 / 15:                        # a commander, cast from the command zone
        _to_command_zone(side, spell, state["you"], play, own, zone)
    _issue25(side, cards, spell, state, play, own)
    # Its own stream, so that the draws above are as before: Eye of Ramos, tapped for {U} and then
    # sacrificed for another (a permanent taps once and leaves once, each cost its own).
    eye = random.Random("tap-then-sacrifice" + repr(rng.getstate()))
    if eye.random() < 0.06:
        cards["eye-of-ramos"] = json.loads(json.dumps(EYE_OF_RAMOS))
        state["you"]["battlefield"].append({"id": f"eye{len(state['you']['battlefield'])}",
                                            "card": "eye-of-ramos",
                                            "tapped": eye.random() < 0.2})
    scenario: dict[str, Any] = {"format": "mtg/1", "cards": cards, "state": state, "play": play}
    if rng.random() < 0.2:
        objective: dict[str, Any] = {"weights": {}}
        keys = ["tap_land", "tap_creature", "tap_artifact", "tap_other", "sacrifice", "discard", "mill",
                "exile_from_graveyard", "exile_from_hand", "life", "return_to_hand"]
        for key in rng.sample(keys, rng.randint(1, 4)):
            objective["weights"][key] = rng.randint(0, 6)
        if optional and rng.random() < 0.5:
            objective["benefits"] = {name.split(".")[0]: rng.randint(1, 8) for name in optional}
        scenario["objective"] = objective
    if rng.random() < 0.15:
        _as_ability(rng, scenario)
    if rng.random() < 0.03:
        scenario["plays"] = [dict(scenario["play"])]  # read by `payplan play` only
        scenario["state"]["you"].pop("spend_as_any_color", None)  # refused beside `plays`
    _issue25_costs(side, scenario)
    # At most one of issue 25's themes of this round per cast, the first that draws: each was
    # written to keep its casts small enough for the brute force, and two together (a `count:
    # any` sacrifice beside an altar, X life, convoke and snow lands) made casts it took many
    # minutes on. The themes' own draws are unchanged where they draw.
    before = json.dumps(scenario, sort_keys=True)
    _contract_theme(random.Random("contracts" + repr(rng.getstate())), scenario)
    themes = () if json.dumps(scenario, sort_keys=True) != before else (
                  lambda: _issue25_b(side_b, scenario),
                  lambda: _issue25_c(random.Random(f"issue25-c:{side.random()}"), scenario),
                  lambda: _group_a(side, scenario),
                  lambda: _g1_mana_effects(random.Random("issue25-g1" + repr(rng.getstate())), scenario),
                  lambda: _g2_untap_mill(random.Random(f"issue25-g2:{side.random()}"), scenario),
                  lambda: _morph(random.Random(f"issue25-morph:{side.random()}"), scenario),
                  lambda: _reflect(random.Random(f"issue38-reflect:{side.random()}"), scenario),
                  lambda: _zone_counts(random.Random(f"issue38-zones:{side.random()}"), scenario),
                  lambda: _permission(random.Random(f"issue38-permission:{side.random()}"), scenario),
                  lambda: _counter_mana(random.Random(f"issue38-counter-mana:{side.random()}"), scenario))
    for theme in themes:
        theme()
        if json.dumps(scenario, sort_keys=True) != before:
            break
    _drop_unused_cards(scenario)
    if "plays" in scenario and contract_reads("restricted_pool") and _only_for_beside_filter(scenario):
        del scenario["plays"]       # refused beside `plays` (restricted mana carried, not built)
    return scenario


# Issue 25: colors, combat and choices as state; costs that depend on the targets; keywords
# and flashback granted by another permanent. Drawn by `_issue25` from the side generator.
CHOSEN_TYPES = ["eldrazi", "goblin", "druid", "elf", "merfolk"]
TARGET_FILTERS: list[dict[str, Any]] = [
    {"type": "creature"}, {"type": "creature", "controller": "opponent"}, {"controller": "you"},
    {"not_type": "land", "color": "green"}, {"tags": ["goblin"], "attacking": True},
    {"multicolored": False, "controller": "any"}, {"colorless": True}, {"name": "Lotus Petal"},
    {"chosen_type": True}, {"self": True}, {"player": "opponent"}, {"player": "you"},
    {"attacking": False, "type": ["creature", "artifact"]}, {},
]
ISSUE25_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("ugin-like", {"types": ["planeswalker"], "grants": [{"reduction": {"generic": 2}, "applies_to": {"colorless": True}}]}),
    ("gold-tax", {"types": ["enchantment"], "grants": [{"increase": "{1}", "applies_to": {"multicolored": True}}]}),
    ("mono-helper", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"multicolored": False, "colorless": False}}]}),
    ("incubator-like", {"types": ["artifact"], "grants": [{"reduction": {"generic": 2}, "applies_to": {"type": "creature", "chosen_type": True}}]}),
    ("herald-like", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"chosen_type": True}}]}),
    ("warchief-like", {"types": ["creature"], "colors": ["red"], "tags": ["goblin"], "grants": [{"reduction": {"generic": {"count": {"type": "creature", "attacking": True}}, "minimum": 1}, "applies_to": {}}]}),
    ("my-turn-helper", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1}, "applies_to": {}, "turn": "caster"}]}),
    ("curse-like", {"types": ["enchantment"], "tags": ["aura", "curse"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"targets": {"player": "opponent"}}}]}),
    ("thaumaturge-like", {"types": ["creature"], "cost": "{1}{U}", "grants": [{"reduction": {"generic": {"count_targets": {"type": "creature"}}}, "applies_to": {"type": ["instant", "sorcery"]}}]}),
    ("engineer-like", {"types": ["creature"], "cost": "{1}{U}", "grants": [{"keyword": "convoke", "applies_to": {"type": "artifact"}}]}),
    ("convoke-all", {"types": ["enchantment"], "grants": [{"keyword": "convoke", "applies_to": {}}]}),
    ("delve-granter", {"types": ["creature"], "colors": ["black"], "grants": [{"keyword": "delve", "applies_to": {"type": ["instant", "sorcery"]}}]}),
    ("improvise-granter", {"types": ["artifact"], "grants": [{"keyword": "improvise", "applies_to": {}, "turn": "caster"}]}),
    ("lier-like", {"types": ["creature"], "cost": "{3}{U}{U}", "grants": [{"flashback": "mana_cost", "applies_to": {"type": ["instant", "sorcery"]}}]}),
]
ISSUE25_OPPONENT: list[tuple[str, dict[str, Any]]] = [
    ("defense-grid", {"types": ["artifact"], "grants": [{"increase": "{2}", "applies_to": {"controller": "any"}, "turn": "not_caster"}]}),
    ("boreal-like", {"types": ["creature"], "cost": "{4}{U}", "grants": [{"increase": "{2}", "applies_to": {"controller": "opponent", "targets": {"self": True}}}]}),
    ("opp-curse", {"types": ["enchantment"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"controller": "opponent", "targets": {"player": "opponent"}}}]}),
    ("opp-lier", {"types": ["creature"], "grants": [{"flashback": "mana_cost", "applies_to": {"controller": "opponent"}}]}),
    ("opp-bear", {"types": ["creature"], "cost": "{1}{G}", "tags": ["goblin"]}),
]
ISSUE25_SOURCES: list[tuple[str, dict[str, Any]]] = [
    ("pillar-of-paruns", {"types": ["land"], "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "only_for": {"multicolored": True}}]}),
    ("colorless-vault", {"types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"colorless": True}}, {"adds": "{C}"}]}),
    ("cavern-like", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{W}|{U}|{B}|{R}|{G}", "only_for": {"type": "creature", "chosen_type": True}}]}),
    ("tribal-cradle", {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"chosen_type": True}}}]}),
    ("war-cradle", {"types": ["land"], "mana": [{"adds": "{R}", "per": {"count": {"type": "creature", "attacking": True}}}]}),
]


def _issue25(rng: random.Random, cards: dict[str, Any], spell: dict[str, Any],
             state: dict[str, Any], play: dict[str, Any], own: dict[str, Any]) -> None:
    """Issue 25's keys: `attacking` and `chosen_type` on permanents, the filters `multicolored`,
    `colorless`, `attacking`, `chosen_type`, grants with `turn`, `targets` (`self`, `player`),
    `count_targets`, `keyword` and `flashback: mana_cost`, and `play.targets` naming objects of
    any zone and the players."""
    you = state["you"]
    field: list[Any] = you["battlefield"]
    if rng.random() < 0.25:                           # some creatures attack
        for entry in field:
            if isinstance(entry, dict) and "creature" in cards[entry["card"]]["types"] and rng.random() < 0.5:
                entry["attacking"] = rng.random() < 0.8
    if rng.random() < 0.06:                           # Embercleave's own reduction
        spell["reductions"] = [{"generic": {"count": {"type": "creature", "attacking": rng.random() < 0.85}}}]
        for k in range(rng.randint(1, 2)):
            cards["goblin"] = dict(next(c for n, c, _ in SOURCES if n == "goblin"))
            field.append({"id": f"at{k}", "card": "goblin", "attacking": rng.random() < 0.8})
    chosen_holders = 0
    for k in range(rng.choice([0, 0, 0, 0, 1, 1, 2])):
        name, card = rng.choice(ISSUE25_GRANTS)
        engine = any(isinstance(e, dict) and str(e["id"]).startswith("e") for e in field)
        if engine and "keyword" in str(card):
            continue                                  # an altar's board with convoke: too slow to exhaust
        cards[name] = card
        entry: dict[str, Any] = {"id": f"i{k}", "card": name}
        if "chosen_type" in str(card) or rng.random() < 0.1:
            entry["chosen_type"] = rng.choice(CHOSEN_TYPES)
            chosen_holders += 1
        if "creature" in card["types"] and rng.random() < 0.2:
            entry["attacking"] = True
        field.append(entry)
        if name == "lier-like" and own in you["hand"] and "flashback" not in spell and play.get("cast") in ("auto", "normal"):
            you["hand"].remove(own)
            you["graveyard"].insert(0, own)
            play["cast"] = rng.choice(["auto", "flashback"])
            if "from" in play:
                play["from"] = "graveyard"
    if rng.random() < 0.1:                            # a source whose mana is restricted or counted by issue 25's filters
        name, card = rng.choice(ISSUE25_SOURCES)
        cards[name] = card
        entry = {"id": f"iz{len(field)}", "card": name}
        if "chosen_type" in str(card):
            if rng.random() < 0.85:
                entry["chosen_type"] = rng.choice(CHOSEN_TYPES)
            chosen_holders += 1
        field.append(entry)
    if chosen_holders and "creature" in spell["types"] and rng.random() < 0.6:
        spell["tags"] = sorted(set(spell.get("tags") or []) | {rng.choice(CHOSEN_TYPES)})
    if rng.random() < 0.08:                           # the opponent's cost changers and permanents
        opponent = state.setdefault("opponent", {"battlefield": []})
        opp_field = opponent.setdefault("battlefield", [])
        for k in range(rng.randint(1, 2)):
            name, card = rng.choice(ISSUE25_OPPONENT)
            cards[name] = card
            entry = {"id": f"oi{k}", "card": name}
            if "creature" in card["types"] and rng.random() < 0.3:
                entry["attacking"] = True
            opp_field.append(entry)
        if rng.random() < 0.4:
            state["turn"] = "opponent"
    if rng.random() < 0.08:                           # a target filter of issue 25 on a grant of yours
        flt = dict(rng.choice(TARGET_FILTERS))
        if "player" not in flt and rng.random() < 0.3:
            flt.update(rng.choice(TARGET_FILTERS[:9]))
        grant: dict[str, Any] = {"reduction": {"generic": 1}, "applies_to": {"targets": flt}}
        if rng.random() < 0.4 and "player" not in flt:
            grant = {"reduction": {"generic": {"count_targets": flt}}, "applies_to": {}}
        elif rng.random() < 0.3:
            grant = {"increase": "{1}", "applies_to": {"targets": flt}}
        cards["target-helper"] = {"types": ["enchantment"], "tags": ["goblin"], "grants": [grant]}
        entry = {"id": "tg0", "card": "target-helper"}
        if rng.random() < 0.6:
            entry["chosen_type"] = rng.choice(CHOSEN_TYPES)
        field.append(entry)
    if rng.random() < 0.04:                           # a card's own reduction per target
        flt = dict(rng.choice([f for f in TARGET_FILTERS if "self" not in f and "chosen_type" not in f]))
        spell["reductions"] = [{"generic": {"count_targets": flt}}]
    reads_targets = "targets" in str(cards) or "count_targets" in str(spell)
    if reads_targets and rng.random() < 0.85 or rng.random() < 0.04:
        pool: list[str] = ["you", "opponent"]
        for who in ("you", "opponent"):
            player = state.get(who) or {}
            for zone in ("battlefield", "hand", "graveyard"):
                for o in player.get(zone) or []:
                    if isinstance(o, dict) and o.get("id") and o is not own:
                        pool.append(str(o["id"]))
        chosen = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
        if rng.random() < 0.1 and "per_target" not in spell:
            chosen.append(chosen[0])                  # one target named twice is one target
        play["targets"] = chosen


def _to_command_zone(rng: random.Random, spell: dict[str, Any], you: dict[str, Any],
                     play: dict[str, Any], own: dict[str, Any], zone: str) -> None:
    """The played card as a commander: in the command zone (moved there when the play's method
    can cast it from there), cast from there 0..3 times before (`commander_casts`, each time {2}
    more, 903.8). Most of the time a Sol Ring for each earlier cast pays the tax, so these casts
    stay about as payable as the others."""
    cast = play.get("cast", "auto")
    alternatives = {a["id"]: a.get("zone") for a in spell.get("alternative") or []}
    from_command = cast in ("auto", "normal", "without_paying") or (
        cast in alternatives and alternatives[cast] in (None, "command"))
    if zone != "command" and from_command:
        you[zone].remove(own)
        if not you[zone] and zone in ("exile", "command"):
            del you[zone]
        you.setdefault("command", []).insert(0, own)
        if play.get("from") == zone:
            play["from"] = "command"
    if "command" not in you or own not in you["command"]:
        return
    own["commander_casts"] = casts = rng.randint(0, 3)
    battlefield = you["battlefield"]
    for k in range(casts):
        if rng.random() < 0.8:
            battlefield.append({"id": f"cz{k}", "card": "sol-ring"})


def _drop_unused_cards(scenario: dict[str, Any]) -> None:
    """Keep the cards some object is (a smaller file, quicker for both sides to read)."""
    used = {"spell"}
    for player in (scenario["state"].get("you") or {}, scenario["state"].get("opponent") or {}):
        for zone in ("hand", "graveyard", "exile", "command", "battlefield"):
            for o in player.get(zone) or []:
                used.add(o if isinstance(o, str) else o["card"])
        used.update(str(c) for c in player.get("library_top") or [])     # issue 25 G2
    scenario["cards"] = {k: v for k, v in scenario["cards"].items() if k in used}


def _feed(rng: random.Random, spell: dict[str, Any], battlefield: list[Any], hand: list[Any],
          graveyard: list[Any]) -> None:
    """Most of the time, give the spell's non-mana costs something to take (else most casts with
    one would be unpayable): a permanent its filter accepts, cards in hand or in the graveyard."""
    parts = [part for extra in spell.get("additional") or [] for part in extra.get("other") or []]
    parts += [part for alt in spell.get("alternative") or [] for part in alt.get("other") or []]
    for part in parts:
        if rng.random() < 0.25:
            continue
        (kind, body), = part.items()
        flt = body.get("filter") if isinstance(body, dict) else None
        if kind in ("sacrifice", "tap_untapped", "return_to_hand"):
            card = next((c for f, c in FEED if f == flt), "goblin")
            battlefield.append({"id": f"n{len(battlefield)}", "card": card})
        elif kind == "discard":
            hand += [{"id": f"hd{len(hand) + k}", "card": rng.choice(sorted(FILLER))} for k in range(2)]
        elif kind == "exile_from_hand" and flt:
            hand.append({"id": f"hd{len(hand)}", "card": OF_COLOR[flt["color"]]})
        elif kind == "exile_from_graveyard":
            graveyard.append({"id": f"yd{len(graveyard)}", "card": rng.choice(["chaff-u", "chaff-r"])})


def _opponent(rng: random.Random, cards: dict[str, Any]) -> dict[str, Any]:
    battlefield: list[Any] = []
    for j in range(rng.randint(1, 2)):
        name, card = rng.choice(OPPONENT_GRANTS)
        cards[name] = card
        entry: dict[str, Any] = {"id": f"o{j}", "card": name}
        if rng.random() < 0.3:
            entry["tapped"] = True
        battlefield.append(entry)
    if rng.random() < 0.3:
        battlefield.append("basic-R")
    player: dict[str, Any] = {"battlefield": battlefield}
    if rng.random() < 0.5:
        player.update({"life": rng.randint(1, 20), "library": rng.randint(0, 30)})
    if rng.random() < 0.5:
        player.update({"hand": ["chaff-u"], "graveyard": [{"id": "oy0", "card": "chaff-r"}],
                       "exile": ["chaff-a"], "command": ["chaff-u"], "mana_pool": "{R}"})
    return player


ABILITY_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("heartstone", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1, "minimum": 1}, "applies_to": {"ability": "activated", "type": "creature"}}]}),
    ("training-grounds", {"types": ["enchantment"], "grants": [{"reduction": {"generic": 2, "minimum": 1}, "applies_to": {"ability": "activated"}}]}),
    ("suppression-like", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"ability": "activated", "type": "artifact"}}]}),
    ("relic-tax", {"types": ["enchantment"], "grants": [{"increase": "{1}", "applies_to": {"ability": "activated", "name": "Relic"}}]}),
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
        if extra.get("mandatory"):
            costs += extra["other"]
    ability: dict[str, Any] = {"id": "act", "costs": costs}
    if rng.random() < 0.2:
        ability["timing"] = "sorcery"
    elif rng.random() < 0.1:
        ability["timing"] = "instant"
    source: dict[str, Any] = {"types": rng.choice([["creature"], ["artifact"], ["artifact", "creature"]]),
                              "abilities": [ability]}
    if rng.random() < 0.3:
        source["name"] = "Relic"
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
    if "targets" in scenario["play"]:
        play["targets"] = scenario["play"]["targets"]
    scenario["play"] = play


def cast_seeds(seed: int, n: int) -> list[int]:
    """The seeds of n casts of a run seeded `seed` (cast i: seed * 1,000,003 + i)."""
    return [seed * 1_000_003 + i for i in range(n)]


def casts(seed: int, n: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(seed of the cast, cast) for n casts: cast i is random_cast(Random(its cast seed))."""
    for s in cast_seeds(seed, n):
        yield s, random_cast(random.Random(s))


def cast_strategy() -> Any:
    """A Hypothesis strategy over the same casts (drawn from a seed Hypothesis picks)."""
    from hypothesis import strategies as st

    return st.integers(min_value=0, max_value=2**32 - 1).map(lambda s: random_cast(random.Random(s)))


# Issue 25, "costs the format can't say" (spec25 M2 parts 1-2), drawn by `_issue25_costs` from
# the side generator once everything else is drawn (so the casts that don't draw them keep theirs).

def _issue25_costs(rng: random.Random, scenario: dict[str, Any]) -> None:
    """X in a non-mana cost: `{pay_life: X}` (Toxic Deluge) in a spell's mandatory additional
    cost, an alternative or flashback cost, or an activated ability's costs (never an optional
    cost: the loader refuses it there), the play announcing `x` (`auto` or a number)."""
    cards, play = scenario["cards"], scenario["play"]
    you = scenario["state"]["you"]
    _cycling(rng, scenario)
    play = scenario["play"]
    if rng.random() >= 0.08:
        return
    x_life = {"pay_life": "X"}
    if "ability" in play:
        source = cards[_ability_card(scenario)]
        ability = next(a for a in source.get("abilities") or [] if a.get("id") == play["ability"]["id"])
        ability["costs"] = list(ability.get("costs") or []) + [x_life]
    else:
        spell = cards["spell"]
        # Never in an optional cost (the README: X would be announced for a cost not paid).
        where = rng.choices(["additional", "other"], [6, 2])[0]
        if where == "other" and spell.get("alternative"):
            spell["alternative"][0]["other"] = list(spell["alternative"][0].get("other") or []) + [x_life]
        elif where == "other" and isinstance(spell.get("flashback"), dict):
            spell["flashback"]["other"] = list(spell["flashback"].get("other") or []) + [x_life]
        elif where == "other" and spell.get("flashback") is not None:
            spell["flashback"] = {"cost": spell["flashback"], "other": [x_life]}
        else:
            extra: dict[str, Any] = {"id": "pay-x-life", "mandatory": True, "other": [x_life]}
            if rng.random() < 0.2:
                extra["cost"] = _plain(rng)
            spell.setdefault("additional", []).append(extra)
    play["x"] = rng.choice(["auto", "auto", "auto", 0, 1, 3, 6]) if "x" not in play else play["x"]
    if rng.random() < 0.4:
        you["life"] = rng.choice([0, 1, 2, 5, 7, 12])


def _ability_card(scenario: dict[str, Any]) -> str:
    """The card of the object whose ability the play activates."""
    oid = scenario["play"]["ability"]["object"]
    you = scenario["state"]["you"]
    for zone in ("battlefield", "hand"):
        for o in you.get(zone) or []:
            if isinstance(o, dict) and o.get("id") == oid:
                return str(o["card"])
    raise KeyError(oid)


CYCLING_COSTS: list[list[Any]] = [
    ["{2}", "discard_self"], ["{2}", "discard_self"], ["{1}{U}", "discard_self"], ["{R}", "discard_self"],
    [{"pay_life": 2}, "discard_self"], ["{B/P}", "discard_self"], ["{1}", "discard_self", {"discard": 1}],
    ["{X}{G}", "discard_self"], ["{3}", "discard_self"],
]
HAND_ABILITY_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("fluctuator", {"types": ["artifact"], "name": "Fluctuator",
                    "grants": [{"reduction": {"generic": 2}, "applies_to": {"ability": "cycling"}}]}),
    ("fluctuator", {"types": ["artifact"], "name": "Fluctuator",
                    "grants": [{"reduction": {"generic": 2}, "applies_to": {"ability": "cycling"}}]}),
    ("cycling-tax", {"types": ["enchantment"], "grants": [{"increase": "{1}", "applies_to": {"ability": "cycling"}}]}),
    ("ability-tax", {"types": ["artifact"], "grants": [{"increase": "{1}", "applies_to": {"ability": "activated"}}]}),
    ("cycle-pillar", {"types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"ability": "cycling"}}, {"adds": "{C}"}]}),
]


def _cycling(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Abilities activated from the hand (issue 25): the played card gets a hand ability
    (`zone: hand`, most often `cycling: true`, costs with `discard_self`), and the play, most of
    the time, activates it (`play.ability` on the card in hand); Fluctuator (`ability:
    cycling`) and other grants and restricted mana around it."""
    cards, play = scenario["cards"], scenario["play"]
    you = scenario["state"]["you"]
    own = next((o for o in you.get("hand") or [] if isinstance(o, dict) and o.get("id") == "s1"), None)
    if own is None or "ability" in play or rng.random() >= 0.1:
        return
    spell = cards["spell"]
    costs = [dict(c) if isinstance(c, dict) else c for c in rng.choice(CYCLING_COSTS)]
    ability: dict[str, Any] = {"id": "cycle", "zone": "hand", "costs": costs}
    if rng.random() < 0.85:
        ability["cycling"] = True
    if rng.random() < 0.1:
        ability["timing"] = rng.choice(["sorcery", "instant"])
    spell["abilities"] = list(spell.get("abilities") or []) + [ability]
    for k in range(rng.choice([0, 1, 1, 2])):
        name, card = rng.choice(HAND_ABILITY_GRANTS)
        cards[name] = card
        you["battlefield"].append({"id": f"hc{k}", "card": name})
    if "discard" in str(costs[1:]) and rng.random() < 0.8:
        you["hand"].append({"id": "hd-c", "card": rng.choice(sorted(FILLER))})
    if rng.random() < 0.8:
        new: dict[str, Any] = {"ability": {"object": "s1", "id": "cycle"}}
        if "{X}" in "".join(c for c in costs if isinstance(c, str)):
            new["x"] = rng.choice(["auto", "auto", 0, 1, 2])
        if play.get("targets"):
            new["targets"] = play["targets"]
        scenario["play"] = new


# Issue 25, group B (the contract's B1 and B2), drawn by `_issue25_b` from a generator of its own
# (seeded by the cast's seed), so that every other draw of a cast stays what it was.

# (filter, a permanent it matches): what a colored count counts.
COLOR_COUNTS: list[tuple[dict[str, Any], str]] = [
    ({"type": "creature", "color": "green"}, "llanowar-elves"), ({"type": "creature", "color": "green"}, "bear-g"),
    ({"type": "creature"}, "goblin"), ({"tags": ["goblin"]}, "goblin"), ({"type": "artifact"}, "ornament"),
    ({"type": "creature", "color": "red"}, "goblin"), ({"tags": ["druid"]}, "bear-g"),
]
# (kind, filter, what matches it: a permanent, or a card for the hand or the graveyard)
ANY_PARTS: list[tuple[str, dict[str, Any], str]] = [
    ("sacrifice", {"type": "creature"}, "goblin"), ("sacrifice", {"type": "creature"}, "goblin"),
    ("sacrifice", {"type": "artifact"}, "ornament"), ("tap_untapped", {"type": "creature"}, "goblin"),
    ("return_to_hand", {"type": "land"}, "wastes"), ("exile_from_graveyard", {"type": "instant"}, "chaff-u"),
    ("exile_from_hand", {"color": "red"}, "chaff-r"),
]


def _issue25_b(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 8 (never an activation): B1, a reduction whose color key counts your
    permanents (`{G: {count: FILTER}}`, Khalni Hydra), on the card or in a grant of yours, over a
    cost with pips (and hybrids) of that color, with matching permanents of yours and of the
    opponent's; or B2, Torgaar: an optional additional cost with a `count: any` part (sacrifice,
    tap, return, exile from graveyard or hand) and the card's `{generic: {per_paid: ID, each:
    N}}` (sometimes a `minimum`), `optional` a count, yes, no or auto, objects to take (some
    with a `value`), sometimes a benefit per object or a Trinisphere."""
    cards, play, state = scenario["cards"], scenario["play"], scenario["state"]
    if "ability" in play or rng.random() >= 0.16:
        return
    spell = cards["spell"]
    you = state["you"]
    field = you["battlefield"]
    # Room for the theme's objects: the brute force tries every use of every permanent, and
    # every count `auto` may take; the permanents the play targets stay.
    named = {str(t) for t in play.get("targets") or []}

    def kept(o: Any) -> bool:
        """A target of the play, or a permanent granting flashback (the play's `cast` may be it)."""
        card = cards[o if isinstance(o, str) else o["card"]]
        return (isinstance(o, dict) and o.get("id") in named) or '"flashback"' in json.dumps(card.get("grants") or [])

    while len(field) > 3:
        spare = [o for o in field if not kept(o)]
        if not spare:
            break
        field.remove(rng.choice(spare))
    if rng.random() < 0.5:
        _colored_count(rng, scenario, spell, field)
    else:
        # No altar beside `count: any`: the brute force tries every set of creatures for both
        # (with X life and four Goblins one cast took it 96 s).
        field[:] = [o for o in field if kept(o) or not any(
            isinstance(c, dict) and "sacrifice" in c
            for m in cards[o if isinstance(o, str) else o["card"]].get("mana") or []
            for c in m.get("costs") or [])]
        _any_number(rng, scenario, spell, field)
    if rng.random() < 0.12:
        cards["trinisphere"] = next(c for n, c in GRANTS if n == "trinisphere")
        field.append({"id": "b-floor", "card": "trinisphere"})


def _colored_count(rng: random.Random, scenario: dict[str, Any], spell: dict[str, Any],
                   field: list[Any]) -> None:
    cards, state = scenario["cards"], scenario["state"]
    color = rng.choice(COLORS + "GG")
    flt, match = rng.choice(COLOR_COUNTS)
    pips = rng.choice([f"{{{color}}}" * rng.randint(2, 5), f"{{{color}}}" * rng.randint(1, 2),
                       f"{{{color}/{rng.choice([c for c in COLORS if c != color])}}}{{{color}}}"])
    spell["cost"] = rng.choice(["", "", "{1}", "{2}"]) + str(spell.get("cost") or "") + pips
    # No `minimum` beside the color key: the engine ignores a colored reduction's minimum while
    # the reference binds it (a question older than these keys, fixed colored reductions too,
    # reported to the lead), left out of the draws until it is settled.
    reduction: dict[str, Any] = {color: {"count": dict(flt)}}
    if rng.random() < 0.3:                            # a grant instead of the card's own
        if rng.random() < 0.3:                        # the opponent's: it counts the opponent's
            cards["color-helper"] = {"types": ["enchantment"], "grants": [
                {"reduction": reduction, "applies_to": {"controller": rng.choice(["opponent", "any"])}}]}
            opponent = state.setdefault("opponent", {"battlefield": []})
            opponent.setdefault("battlefield", []).append({"id": "b-helper", "card": "color-helper"})
        else:
            cards["color-helper"] = {"types": ["enchantment"], "grants": [{"reduction": reduction, "applies_to": {}}]}
            field.append({"id": "b-helper", "card": "color-helper"})
    else:
        spell["reductions"] = list(spell.get("reductions") or []) + [reduction]
    for k in range(rng.choice([0, 1, 2, 2, 3, 4])):
        field.append({"id": f"b-m{k}", "card": match})
    for k in range(rng.choice([0, 1, 2, 2])):         # lands of the color to pay with
        field.append({"id": f"b-l{k}", "card": f"basic-{color}"})
    if rng.random() < 0.7:                            # the opponent's, never counted
        opponent = state.setdefault("opponent", {"battlefield": []})
        theirs = opponent.setdefault("battlefield", [])
        for k in range(rng.randint(1, 3)):
            theirs.append({"id": f"b-o{k}", "card": match})


def _any_number(rng: random.Random, scenario: dict[str, Any], spell: dict[str, Any],
                field: list[Any]) -> None:
    play, you = scenario["play"], scenario["state"]["you"]
    kind, flt, match = rng.choice(ANY_PARTS)
    name = rng.choice(["sacrifice", "any-number"])
    if any(a.get("id") == name for a in spell.get("additional") or []):
        name = "any-number-2"
    extra: dict[str, Any] = {"id": name, "other": [{kind: {"count": "any", "filter": dict(flt)}}]}
    if rng.random() < 0.15:
        extra["cost"] = _plain(rng)
    if rng.random() < 0.15:
        extra["mandatory"] = False
    spell["additional"] = list(spell.get("additional") or []) + [extra]
    amount: dict[str, Any] = {"per_paid": name}
    if rng.random() < 0.8:
        amount["each"] = rng.choice([1, 2, 2, 3])
    reduction: dict[str, Any] = {"generic": amount}
    if rng.random() < 0.25:
        reduction["minimum"] = rng.randint(1, 3)
    spell["reductions"] = list(spell.get("reductions") or []) + [reduction]
    spell["cost"] = rng.choice(["{4}", "{5}", "{6}", "{3}", "{2}"]) + str(spell.get("cost") or "")
    optional = play.setdefault("optional", {})
    optional[name] = rng.choice(["auto", "auto", "auto", "auto", 0, 1, 2, 2, 3, 3, "yes", "no", 5])
    values = rng.random() < 0.5
    for k in range(rng.choice([0, 1, 2, 2, 3, 3, 4])):
        entry: dict[str, Any] = {"id": f"b-a{k}", "card": match}
        if values and rng.random() < 0.6:
            entry["value"] = rng.choice([0, 0, 0, 1, 2, 9])
        if kind == "exile_from_graveyard":
            you.setdefault("graveyard", []).append(entry)
        elif kind == "exile_from_hand":
            you.setdefault("hand", []).append(entry)
        else:
            if kind == "tap_untapped" and rng.random() < 0.2:
                entry["tapped"] = True
            field.append(entry)
    # Mana for the rest: a basic for each colored pip of the cost (mostly), Wastes for generic.
    lands = [f"basic-{c}" for c in str(spell["cost"]) if c in COLORS and rng.random() < 0.85]
    lands += ["wastes"] * rng.choice([0, 1, 1, 2, 3])
    for k, land in enumerate(lands[:5]):
        field.append({"id": f"b-l{k}", "card": land})
    if rng.random() < 0.3:
        objective = scenario.setdefault("objective", {})
        objective.setdefault("benefits", {})[name] = rng.randint(1, 6)
    elif rng.random() < 0.15:
        objective = scenario.setdefault("objective", {})
        # the weight the part is charged (a tapped creature's, not a weight of its own)
        weight = "tap_creature" if kind == "tap_untapped" else kind
        objective.setdefault("weights", {})[weight] = rng.randint(0, 2)
    for card in (match, "wastes", *(f"basic-{c}" for c in COLORS)):
        scenario["cards"].setdefault(card, _library_card(card))


def _library_card(name: str) -> dict[str, Any]:
    """A card of the generator's lists by its id (SOURCES, FILLER)."""
    for n, card, _ in SOURCES:
        if n == name:
            return card
    return FILLER[name]

# Issue 25, group C: counters removed as a cost (Druids' Repository, storage lands, Gemstone
# Mine) and loyalty abilities with Carth the Lion, drawn by `_issue25_c` from a generator of its
# own (seeded by the side generator's next draw), so the casts that don't draw them keep theirs.

def _remove(kind: str, count: Any) -> dict[str, Any]:
    return {"remove_counters": {"kind": kind, "count": count}}


C_SOURCES: list[tuple[str, dict[str, Any], str]] = [
    ("druids-repository", {"types": ["enchantment"], "name": "Druids' Repository",
                           "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": [_remove("charge", 1)]}]}, "charge"),
    ("calciform-pools", {"types": ["land"], "name": "Calciform Pools",
                         "mana": [{"adds": "{C}"}, {"adds": "{W}|{U}", "costs": ["{1}", _remove("storage", "X")], "per": "removed"}]}, "storage"),
    ("dreadship-reef", {"types": ["land"], "name": "Dreadship Reef",
                        "mana": [{"adds": "{C}"}, {"adds": "{U}|{B}", "costs": ["{1}", _remove("storage", "X")], "per": "removed"}]}, "storage"),
    ("fungal-reaches", {"types": ["land"], "name": "Fungal Reaches",
                        "mana": [{"adds": "{C}"}, {"adds": "{R}|{G}", "costs": ["{1}", _remove("storage", "X")], "per": "removed"}]}, "storage"),
    ("gemstone-mine", {"types": ["land"], "name": "Gemstone Mine",
                       "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", _remove("mining", 1)]}]}, "mining"),
    ("charged-battery", {"types": ["artifact"], "mana": [{"adds": "{C}{C}", "costs": [_remove("charge", 2)]}]}, "charge"),
]
C_GRANTS: list[tuple[str, dict[str, Any]]] = [
    ("carth", {"types": ["creature"], "name": "Carth the Lion", "colors": ["black", "green"],
               "grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty"}}]}),
    ("carth", {"types": ["creature"], "name": "Carth the Lion", "colors": ["black", "green"],
               "grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty"}}]}),
    ("loyalty-tax", {"types": ["enchantment"], "grants": [{"increase": "{1}", "applies_to": {"ability": "loyalty"}}]}),
    ("walker-helper", {"types": ["artifact"], "grants": [{"reduction": {"generic": 1}, "applies_to": {"ability": "activated", "type": "planeswalker"}}]}),
    ("creature-carth", {"types": ["creature"], "grants": [{"loyalty": 1, "applies_to": {"ability": "loyalty", "type": "creature"}}]}),
]


def _issue25_c(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Counters (`counters` on permanents, `remove_counters` in mana and activated abilities,
    `per: removed`, the weight `counter`) and loyalty abilities (`loyalty` on an activated
    ability of a planeswalker, `loyalty_activated`, Carth's grant `loyalty`, the filter word
    `ability: loyalty`)."""
    cards, play, you = scenario["cards"], scenario["play"], scenario["state"]["you"]
    field: list[Any] = you["battlefield"]
    themed = False
    engine = any(isinstance(e, dict) and str(e["id"]).startswith("e") for e in field)
    small = len(field) <= 6                           # a filter-like source on a big board is slow to exhaust
    if rng.random() < (0.2 if small else 0) and not engine:   # sources that spend their counters
        for k in range(rng.choice([1, 1, 1, 2])):
            name, card, kind = rng.choice(C_SOURCES)
            cards[name] = card
            entry: dict[str, Any] = {"id": f"cc{k}", "card": name}
            r = rng.random()
            if r < 0.8:
                entry["counters"] = {kind: rng.randint(0, 3)}
            elif r < 0.9:
                entry["counters"] = {"charge" if kind != "charge" else "storage": rng.randint(1, 3)}
            if rng.random() < 0.15:
                entry["tapped"] = True
            field.append(entry)
        themed = True
    if "ability" in play and play["ability"].get("object") == "a1" and rng.random() < 0.25:
        relic = next(e for e in field if isinstance(e, dict) and e.get("id") == "a1")
        ability = cards["relic"]["abilities"][0]
        ability["costs"] = list(ability.get("costs") or []) + [_remove("charge", rng.randint(1, 2))]
        relic["counters"] = {"charge": rng.randint(0, 3)}
        themed = True
    if rng.random() < 0.09:
        _loyalty_play(rng, scenario)
        themed = True
    if themed and rng.random() < 0.3:
        weights = scenario.setdefault("objective", {}).setdefault("weights", {})
        weights["counter"] = rng.randint(0, 4)


def _loyalty_play(rng: random.Random, scenario: dict[str, Any]) -> None:
    """The play becomes an ability of a planeswalker (`w1`): a loyalty ability (+N, 0, -N, with
    or without mana) most of the time, else one without loyalty (a mana cost, or removing
    loyalty counters with `remove_counters`); Carths and other grants around it."""
    cards, you = scenario["cards"], scenario["state"]["you"]
    field: list[Any] = you["battlefield"]
    abilities: list[dict[str, Any]] = [
        {"id": "plus", "loyalty": rng.choice([0, 1, 1, 2])},
        {"id": "minus", "loyalty": rng.choice([-1, -2, -2, -3, -5])},
        {"id": "paid", "loyalty": rng.choice([-1, -2, 1]), "costs": [_plain(rng)]},
        {"id": "plain", "costs": [_plain(rng)]},
        {"id": "drain", "costs": [_remove("loyalty", rng.randint(1, 2))]},
    ]
    walker: dict[str, Any] = {"types": ["planeswalker"], "name": "Walker", "abilities": abilities}
    if rng.random() < 0.1:
        walker["mana"] = [{"adds": "{C}", "costs": [_remove("loyalty", 1)]}]
    cards["walker"] = walker
    entry: dict[str, Any] = {"id": "w1", "card": "walker"}
    if rng.random() < 0.9:
        entry["counters"] = {"loyalty": rng.choice([0, 1, 2, 2, 3, 4, 6])}
    if rng.random() < 0.1:
        entry["loyalty_activated"] = rng.random() < 0.8
    field.append(entry)
    for k in range(rng.choice([0, 1, 1, 2])):
        name, card = rng.choice(C_GRANTS)
        cards[name] = card
        field.append({"id": f"cg{k}", "card": name})
    if rng.random() < 0.1:                            # the opponent's Carth helps the opponent only
        name, card = C_GRANTS[0]
        cards[name] = card
        scenario["state"].setdefault("opponent", {}).setdefault("battlefield", []).append({"id": "ocg", "card": name})
    chosen = rng.choices([a["id"] for a in abilities], [3, 4, 3, 2, 2])[0]
    scenario["play"] = {"ability": {"object": "w1", "id": chosen}}
# Issue 25, group A (the contract's A1-A3), drawn by `_group_a` from the side generator once
# everything else is drawn (the casts that don't draw it keep theirs).

SPEND_FILTERS: list[dict[str, Any]] = [
    {"type": "creature"}, {"type": "creature"}, {"tags": ["basic"]}, {"tags": ["basic"]},
    {"type": "artifact"}, {"not_type": "land"}, {"type": ["creature", "artifact"]},
]
KRRIK = {"name": "K'rrik, Son of Yawgmoth", "types": ["creature"], "cost": "{4}{B/P}{B/P}{B/P}",
         "colors": ["black"]}


# Which of group A's themes are drawn: None, those whose keys payplan's loader reads (the engine
# side is built beside this reference; a key it does not read yet is not drawn, so the campaign
# compares only what both sides read); the generator-reach tests set all three.
GROUP_A_THEMES: tuple[str, ...] | None = None
GROUP_A_KEYS = {"snow": ("snow", "snow_pool"), "spend_only": ("spend_only",), "life_for": ("life_for",)}


@functools.lru_cache(maxsize=None)
def _loader_keys() -> frozenset[str]:
    from payplan.engine.mtg import keys as mtg_keys
    from payplan.engine.mtg.cards import DEFAULT_WEIGHTS
    return frozenset(mtg_keys.CARD_KEYS) | frozenset(mtg_keys.PLAYER_KEYS) | frozenset(DEFAULT_WEIGHTS)


def loader_reads(*keys: str) -> bool:
    """Whether payplan's loader reads every one of `keys` (card keys, player keys, weights): a
    theme is drawn only then (the engine side was built beside this reference, and the campaign
    compares only what both sides read)."""
    return set(keys) <= _loader_keys()


def group_a_themes() -> tuple[str, ...]:
    if GROUP_A_THEMES is not None:
        return GROUP_A_THEMES
    return tuple(t for t, needs in GROUP_A_KEYS.items() if loader_reads(*needs))


def _group_a(rng: random.Random, scenario: dict[str, Any]) -> None:
    r = rng.random()
    themes = group_a_themes()
    if r < 0.06:
        if "snow" in themes:
            _snow(rng, scenario)
    elif r < 0.10:
        if "spend_only" in themes:
            _spend_only(rng, scenario)
    elif r < 0.145:
        if "life_for" in themes:
            _life_for(rng, scenario)


def _morph(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Morph (B3, 702.37), drawn only when payplan's loader reads `morph` (about 1 cast in 12):
    the played spell from the hand cast face down (its x, optional costs and modes dropped: a
    face-down spell has none), or a face-down creature of yours turned face up (`turn_face_up`),
    sometimes tapped or sick, sometimes beside a second face-down one whose card grants (a face-
    down permanent has no abilities)."""
    if not loader_reads("morph") or rng.random() >= 0.08:
        return
    cards, play, you = scenario["cards"], scenario["play"], scenario["state"]["you"]
    morph = rng.choice(["{0}", "{1}", "{2}{G}", "{1}{B}{B}", "{3}{R}", "{W}{U}", "{2}"])
    in_hand = {o if isinstance(o, str) else o.get("id") for o in you.get("hand") or []}
    spell = cards.get("spell", {})
    if ("ability" not in play and play.get("object") in in_hand and play.get("from", "hand") == "hand"
            and "land" not in spell.get("types", []) and rng.random() < 0.5):
        spell["morph"] = morph
        play["cast"] = "face_down"
        for key in ("x", "optional", "modes"):
            play.pop(key, None)
        if land_morph_read() and rng.random() < 0.2:      # issue 38: Zoetic Cavern, a land card
            spell.update(types=["land"], mana=[{"adds": "{C}"}])
            spell.pop("cost", None)
        return
    cards["morpher"] = {"name": "Morpher", "types": ["creature"], "cost": "{3}{G}", "morph": morph}
    face_down: dict[str, Any] = {"id": "mf0", "card": "morpher", "face_down": True}
    if rng.random() < 0.3:
        face_down["tapped"] = True
    if rng.random() < 0.3:
        face_down["sick"] = True
    you.setdefault("battlefield", []).append(face_down)
    if rng.random() < 0.3:
        cards["morph-lord"] = {"name": "Morph Lord", "types": ["creature"], "morph": "{1}",
                               "grants": [{"reduction": {"generic": 1}, "applies_to": {}}]}
        you["battlefield"].append({"id": "mf1", "card": "morph-lord", "face_down": True})
    scenario["play"] = {"turn_face_up": "mf0"}
    if land_morph_read() and rng.random() < 0.2:          # issue 38: a face-down Zoetic Cavern
        cards["morpher"] = {"name": "Zoetic Cavern", "types": ["land"], "mana": [{"adds": "{C}"}],
                            "morph": morph}


@functools.lru_cache(maxsize=1)
def land_morph_read() -> bool:
    """Whether payplan's loader takes `morph` on a land card (Zoetic Cavern; issue 38)."""
    from payplan.engine.mtg.loader import scenario_from_data
    from payplan.engine.problems import ScenarioError
    try:
        scenario_from_data({"format": "mtg/1", "cards": {"z": {"types": ["land"], "morph": "{2}"}},
                            "state": {"you": {}}})
    except ScenarioError:
        return False
    return True


def _played_costs(scenario: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The dict holding the mana cost the play pays and its key: the spell's `cost`, or the
    activated ability's `costs` list (as `costs`)."""
    cards, play = scenario["cards"], scenario["play"]
    if "ability" in play:
        source = cards[_ability_card(scenario)]
        ability = next(a for a in source.get("abilities") or [] if a.get("id") == play["ability"]["id"])
        return ability, "costs"
    return cards["spell"], "cost"


def _add_mana(holder: dict[str, Any], key: str, text: str) -> None:
    """`text` added to the mana cost: a spell's `cost`, or the mana string of an ability's
    `costs` (one string; put first when it has none)."""
    if key != "costs":
        holder[key] = str(holder.get(key) or "") + text
        return
    costs = list(holder.get("costs") or [])
    at = next((i for i, c in enumerate(costs) if isinstance(c, str) and c.startswith("{")), None)
    if at is None:
        costs.insert(0, text)
    else:
        costs[at] += text
    holder["costs"] = costs


def _copy_card(cards: dict[str, Any], name: str, new: str, **keys: Any) -> None:
    """A copy of card `name` as `new`, with `keys` (the generator's cards are shared dicts)."""
    cards[new] = {**cards[name], **keys}


def _snow(rng: random.Random, scenario: dict[str, Any]) -> None:
    """{S} (A1): one or two in the played cost (or in a flashback, kicker or per-mode cost, or a
    grant's increase), snow copies of some of your lands and mana creatures (filter lands among
    them), a snow part of the pool, and around them generic and colored reductions, a floor and
    convoke, the wrong readings' ground."""
    cards, you = scenario["cards"], scenario["state"]["you"]
    holder, key = _played_costs(scenario)
    spell = cards["spell"]
    where = rng.random()
    if where < 0.15 and isinstance(spell.get("flashback"), str) and "ability" not in scenario["play"]:
        spell["flashback"] += "{S}"
    elif where < 0.25 and isinstance(spell.get("kicker"), str) and "ability" not in scenario["play"]:
        spell["kicker"] += "{S}"
    elif where < 0.3 and spell.get("per_mode") and "ability" not in scenario["play"]:
        spell["per_mode"] += "{S}"
    else:
        for _ in range(rng.choice([1, 1, 2])):
            _add_mana(holder, key, "{S}")
    if rng.random() < 0.2:
        _add_mana(holder, key, rng.choice(["{1}", "{2}"]))
    snowy = ("basic-", "wastes", "dual-", "mystic-gate", "graven-cairns", "llanowar-elves", "treasure",
             "sol-ring", "signet-like", "birds")
    battlefield = you["battlefield"]
    for entry in battlefield:
        if not isinstance(entry, dict) or not str(entry["card"]).startswith(snowy):
            continue
        if rng.random() < 0.45:
            new = f"snow-{entry['card']}"
            _copy_card(cards, entry["card"], new, snow=True)
            entry["card"] = new
    if rng.random() < 0.5:
        name = rng.choice(["basic-G", "basic-U", "wastes", "mystic-gate", "llanowar-elves"])
        cards.setdefault(name, next(c for n, c, _ in SOURCES if n == name))
        _copy_card(cards, name, f"snow-{name}", snow=True)
        battlefield.append({"id": f"sn{len(battlefield)}", "card": f"snow-{name}"})
    if rng.random() < 0.3:
        pool = "".join(f"{{{rng.choice(COLORS + 'C')}}}" for _ in range(rng.randint(1, 2)))
        you["mana_pool"] = str(you.get("mana_pool") or "") + pool
    if you.get("mana_pool") and rng.random() < 0.6:
        symbols = [f"{{{c}}}" for c in str(you["mana_pool"]).strip("{}").split("}{")]
        you["snow_pool"] = "".join(rng.sample(symbols, rng.randint(1, len(symbols))))
    r = rng.random()
    if r < 0.35:
        cards["snow-helper"] = {"types": ["enchantment"], "grants": [
            {"reduction": {"generic": rng.choice([1, 2, 3])}, "applies_to": {"controller": "you"}}]}
        battlefield.append({"id": "sg0", "card": "snow-helper"})
    elif r < 0.45:
        cards["snow-green-less"] = {"types": ["enchantment"], "grants": [
            {"reduction": {rng.choice(COLORS): 1}, "applies_to": {}}]}
        battlefield.append({"id": "sg0", "card": "snow-green-less"})
    elif r < 0.55:
        cards["trinisphere"] = next(c for n, c in GRANTS if n == "trinisphere")
        battlefield.append({"id": "sg0", "card": "trinisphere"})
    elif r < 0.62:
        cards["snow-tax"] = {"types": ["enchantment"], "grants": [{"increase": "{S}", "applies_to": {}}]}
        battlefield.append({"id": "sg0", "card": "snow-tax"})
    if "ability" not in scenario["play"] and rng.random() < 0.3:
        spell[rng.choice(["convoke", "convoke", "delve", "improvise"])] = True
        cards["bear-g"] = next(c for n, c, _ in SOURCES if n == "bear-g")
        battlefield.append({"id": f"sc{len(battlefield)}", "card": "bear-g"})


def _spend_only(rng: random.Random, scenario: dict[str, Any]) -> None:
    """`spend_only` (A2) on the played card (a cast, never a land): basic lands tagged `basic`,
    mana creatures, Treasures, a filter land and the pool around it."""
    cards, you = scenario["cards"], scenario["state"]["you"]
    spell = cards["spell"]
    if "land" in spell["types"]:
        return
    spell["spend_only"] = dict(rng.choice(SPEND_FILTERS))
    battlefield = you["battlefield"]
    for entry in battlefield:
        if isinstance(entry, dict) and str(entry["card"]).startswith("basic-") and rng.random() < 0.8:
            new = f"tagged-{entry['card']}"
            _copy_card(cards, entry["card"], new, tags=["basic"])
            entry["card"] = new
    for _ in range(rng.choice([0, 1, 1, 2])):
        name = rng.choice(["llanowar-elves", "birds", "treasure", "sol-ring", "mystic-gate", "graven-cairns",
                           "basic-G"])
        card = next(c for n, c, _ in SOURCES if n == name)
        if name == "basic-G":
            name, card = "tagged-basic-G", {**card, "tags": ["basic"]}
        cards[name] = card
        battlefield.append({"id": f"so{len(battlefield)}", "card": name})
    if rng.random() < 0.35:
        you["mana_pool"] = str(you.get("mana_pool") or "") + "".join(
            f"{{{rng.choice(COLORS + 'C')}}}" for _ in range(rng.randint(1, 2)))


def _life_for(rng: random.Random, scenario: dict[str, Any]) -> None:
    """K'rrik (A3): `life_for` on a creature of yours (sometimes two, sometimes only the
    opponent's), its color's pips in the played cost (plain, hybrid, {2/C}, Phyrexian), and
    sometimes low life. A color that a mana ability of yours has in its costs is not drawn (the
    loader refuses that file)."""
    cards, state = scenario["cards"], scenario["state"]
    you = state["you"]
    costs = "".join(str(a.get("costs")) for o in you["battlefield"]
                    for a in cards[o if isinstance(o, str) else o["card"]].get("mana") or [])
    free = [c for c in COLORS if f"{c}/" not in costs and f"/{c}" not in costs and f"{{{c}}}" not in costs]
    if not free:
        return
    color = "B" if "B" in free and rng.random() < 0.6 else rng.choice(free)
    other = rng.choice([c for c in COLORS if c != color])
    holder, key = _played_costs(scenario)
    for _ in range(rng.choice([0, 1, 1, 2])):
        _add_mana(holder, key, rng.choice([f"{{{color}}}", f"{{{color}}}", f"{{{color}/{other}}}",
                                           f"{{2/{color}}}", f"{{{color}/P}}"]))
    amount = rng.choice([2, 2, 2, 1, 3])
    cards["krrik"] = {**KRRIK, "life_for": {color: amount}}
    where = rng.random()
    if where < 0.8:
        you["battlefield"].append({"id": "kr0", "card": "krrik", "sick": rng.random() < 0.5})
        if rng.random() < 0.15:
            cards["krrik-2"] = {**KRRIK, "life_for": {color: rng.choice([1, 2, 4])}}
            you["battlefield"].append({"id": "kr1", "card": "krrik-2"})
    if where >= 0.65:
        opponent = state.setdefault("opponent", {})
        opponent.setdefault("battlefield", []).append({"id": "okr", "card": "krrik"})
    if rng.random() < 0.35:
        you["life"] = rng.choice([1, 2, 3, 4, 5, 6])
    if rng.random() < 0.3:                            # generic beside the pips
        _add_mana(holder, key, rng.choice(["{1}", "{2}"]))
    if rng.random() < 0.25:                           # life as cheap as a land, or cheaper
        objective = scenario.setdefault("objective", {})
        objective.setdefault("weights", {})["life"] = rng.choice([0, 0, 1])


# Issue 25, group G1 (the contract's sections 1 and 2): mana effects, drawn by `_g1_mana_effects`
# from a generator of its own (seeded by the cast's state), last of the round's themes, only
# while payplan's loader reads `mana_effects` (`G1_DRAWN` None) or a test says so.

G1_DRAWN: bool | None = None
# Meetings the engine refuses as not built (groupG1.md, eng-g1's R6): a trigger reaching an
# `only_for` ability; drawn only when a test of the reference alone says so.
G1_UNBUILT = False
G1_RESTRICTED = ("creature-vault", "creature-swamp")


def g1_drawn() -> bool:
    """Whether the G1 theme draws: `G1_DRAWN`, else whether the loader reads `mana_effects`."""
    return G1_DRAWN if G1_DRAWN is not None else loader_reads("mana_effects")


G1_PAIRS = "|".join(f"{{{a}}}{{{b}}}" for i, a in enumerate(COLORS) for b in COLORS[i:])
# (card id, card, weight): the sources the theme puts on your battlefield.
G1_SOURCES: list[tuple[str, dict[str, Any], int]] = [
    ("g1-swamp", {"types": ["land"], "tags": ["basic", "swamp"], "mana": [{"adds": "{B}"}]}, 5),
    ("g1-forest", {"types": ["land"], "tags": ["basic", "forest"], "mana": [{"adds": "{G}"}]}, 3),
    ("g1-plains", {"types": ["land"], "tags": ["basic", "plains"], "mana": [{"adds": "{W}"}]}, 2),
    ("ancient-tomb", {"types": ["land"], "name": "Ancient Tomb",
                      "mana": [{"adds": "{C}{C}", "costs": ["tap", {"pay_life": 2}]}]}, 4),
    ("g1-cradle", {"types": ["land"], "name": "Gaea's Cradle",
                   "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}, 2),
    ("mystic-gate", next(c for n, c, _ in SOURCES if n == "mystic-gate"), 2),
    ("sol-ring", next(c for n, c, _ in SOURCES if n == "sol-ring"), 1),
    ("creature-vault", {"types": ["land"], "mana": [{"adds": "{C}{C}", "only_for": {"type": "creature"}}]}, 2),
    ("creature-swamp", {"types": ["land"], "tags": ["swamp"],
                        "mana": [{"adds": "{B}{B}", "only_for": {"type": "creature"}}]}, 2),
    ("g1-bear", {"types": ["creature"], "colors": ["green"]}, 2),
    ("g1-elf", {"types": ["creature"], "colors": ["green"], "mana": [{"adds": "{G}"}]}, 1),
]


def _replace(sources: dict[str, Any], adds: str, at_least: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"sources": sources, "adds": adds}
    if at_least is not None:
        body["at_least"] = at_least
    return {"replace": body}


# (card id, card, weight): the effects' permanents.
G1_EFFECTS: list[tuple[str, dict[str, Any], int]] = [
    ("damping-sphere", {"types": ["artifact"], "name": "Damping Sphere", "mana_effects": [
        _replace({"type": "land", "controller": "any"}, "{C}", 2)]}, 6),
    ("own-sphere", {"types": ["artifact"], "mana_effects": [_replace({"type": "land"}, "{C}")]}, 3),
    ("big-sphere", {"types": ["artifact"], "mana_effects": [
        _replace({"type": ["land", "artifact"], "controller": "any"}, "{C}", 3)]}, 1),
    ("flux", {"types": ["enchantment"], "mana_effects": [
        _replace({"type": "land", "controller": "any"}, "{R}{R}", 1)]}, 2),
    ("crypt-ghast", {"types": ["creature"], "name": "Crypt Ghast", "colors": ["black"], "mana_effects": [
        {"trigger": {"sources": {"type": "land", "tags": ["swamp"]}, "adds": "{B}"}}]}, 5),
    ("market-festival", {"types": ["enchantment"], "name": "Market Festival", "tags": ["aura"], "mana_effects": [
        {"trigger": {"sources": {"attached": True, "controller": "any"}, "adds": G1_PAIRS}}]}, 4),
    ("sprawl", {"types": ["enchantment"], "tags": ["aura"], "mana_effects": [
        {"trigger": {"sources": {"attached": True}, "adds": "{G}|{W}"}}]}, 2),
    ("opposed-sphere", {"types": ["artifact"], "mana_effects": [
        _replace({"type": "land", "controller": "opponent"}, "{C}")]}, 2),
]
# Pairs of effects drawn together now and then (each reading of two effects at once).
G1_PAIRINGS = [("damping-sphere", "flux"), ("damping-sphere", "crypt-ghast"), ("damping-sphere", "market-festival"),
               ("big-sphere", "flux"), ("own-sphere", "crypt-ghast")]
# What each source or effect is likely to pay: a cost is drawn from the board's pieces.
G1_PIECES = {"g1-swamp": ["{B}"], "g1-forest": ["{G}"], "g1-plains": ["{W}"], "ancient-tomb": ["{C}{C}", "{2}", "{1}"],
             "g1-cradle": ["{G}{G}", "{G}"], "mystic-gate": ["{W}{W}", "{W}{U}", "{1}"], "sol-ring": ["{2}", "{C}"],
             "creature-vault": ["{2}", "{C}{C}"], "creature-swamp": ["{B}{B}", "{B}"], "g1-elf": ["{G}"],
             "crypt-ghast": ["{B}"], "market-festival": ["{W}{U}", "{G}{G}", "{R}{B}"], "sprawl": ["{G}", "{W}"],
             "flux": ["{R}{R}", "{R}"]}
G1_COSTS = ["{B}{B}", "{B}{B}{B}", "{1}{B}{B}", "{2}", "{3}", "{C}{W}{W}", "{G}{G}", "{W}{U}{G}",
            "{R}{R}", "{1}", "{C}", "{2}{G}", "{B}{B}{B}{B}"]


def _g1_mana_effects(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 8: one or two mana effects (Damping Sphere and variants of its filter,
    `at_least` and mana, a second replacement, Crypt Ghast, Market Festival and a Sprawl-like
    Aura with `attached_to`), each on your battlefield or the opponent's, over a small board of
    Swamps, Ancient Tomb, Gaea's Cradle, Mystic Gate, Sol Ring and lands whose {C}{C} or
    {B}{B} is only for creatures; often a cost those effects decide."""
    if not g1_drawn() or rng.random() >= 0.13:
        return
    cards, play, state = scenario["cards"], scenario["play"], scenario["state"]
    field: list[Any] = state["you"]["battlefield"]
    named = {str(t) for t in play.get("targets") or []}
    if "ability" in play:
        named.add(str(play["ability"].get("object")))
    spare = [o for o in field if not (isinstance(o, dict) and o.get("id") in named)
             and '"flashback"' not in json.dumps(cards[o if isinstance(o, str) else o["card"]].get("grants") or [])]
    while len(field) > 2 and spare:
        o = rng.choice(spare)
        spare.remove(o)
        field.remove(o)
    if rng.random() < 0.35:
        chosen = list(rng.choice(G1_PAIRINGS))
    else:
        chosen = [rng.choices(G1_EFFECTS, [w for _, _, w in G1_EFFECTS])[0][0] for _ in range(rng.choice([1, 1, 2]))]
    triggers = any("trigger" in json.dumps(c) for n, c, _ in G1_EFFECTS if n in chosen)
    lands: dict[str, str] = {}
    for k in range(rng.choice([1, 2, 2, 3, 3, 4])):
        name, card, _ = rng.choices(G1_SOURCES, [w for _, _, w in G1_SOURCES])[0]
        if triggers and name in G1_RESTRICTED and not G1_UNBUILT:
            name, card = "g1-swamp", G1_SOURCES[0][1]
        cards[name] = card
        entry: dict[str, Any] = {"id": f"g1s{k}", "card": name}
        if rng.random() < 0.08:
            entry["tapped"] = True
        field.append(entry)
        lands[entry["id"]] = name
    opponent = state.setdefault("opponent", {"battlefield": []})
    theirs: list[Any] = opponent.setdefault("battlefield", [])
    if rng.random() < 0.3:
        cards["g1-island"] = {"types": ["land"], "tags": ["basic", "island"], "mana": [{"adds": "{U}"}]}
        theirs.append({"id": "g1o-land", "card": "g1-island"})
    for k, name in enumerate(chosen):
        card = next(c for n, c, _ in G1_EFFECTS if n == name)
        cards[name] = card
        mine = rng.random() < 0.6
        entry = {"id": f"g1e{k}" if mine else f"g1o{k}", "card": name}
        if "attached" in json.dumps(card):
            r = rng.random()
            if r < 0.75 and lands:
                entry["attached_to"] = rng.choice(sorted(lands))
            elif r < 0.85 and theirs:
                entry["attached_to"] = str(theirs[0]["id"]) if isinstance(theirs[0], dict) else None
            elif r < 0.92:
                entry["attached_to"] = f"g1e{k}-host"
                field.append({"id": f"g1e{k}-host", "card": "g1-bear"})
                cards["g1-bear"] = next(c for n, c, _ in G1_SOURCES if n == "g1-bear")
            if entry.get("attached_to") is None:
                entry.pop("attached_to", None)
        (field if mine else theirs).append(entry)
    if not theirs:
        del state["opponent"]["battlefield"]
        if not state["opponent"]:
            del state["opponent"]
    r = rng.random()
    if r < 0.85 and "ability" not in play:
        spell = cards["spell"]
        if r < 0.65:        # what the board's sources and effects make, one piece more or less
            pieces = [rng.choice(G1_PIECES[o["card"]]) for o in field + theirs
                      if isinstance(o, dict) and o["card"] in G1_PIECES and not o.get("tapped")]
            rng.shuffle(pieces)
            if pieces and rng.random() < 0.4:
                pieces.pop()
            elif rng.random() < 0.4:
                pieces.append(rng.choice(["{1}", "{B}", "{C}", "{G}", "{R}"]))
            spell["cost"] = "".join(pieces) or "{1}"
        else:
            spell["cost"] = rng.choice(G1_COSTS)
        if rng.random() < 0.25:
            spell["types"] = ["creature"]
        if rng.random() < 0.8:
            _g1_plain_cast(scenario, spell["cost"], spell["types"])
        scenario.pop("plays", None)               # a copy of the play as it was drawn
        if "{X}" not in spell["cost"]:
            scenario["play"].pop("x", None)


def _g1_plain_cast(scenario: dict[str, Any], cost: str, types: list[str]) -> None:
    """The played card made a plain spell of `types` costing `cost`, cast from the hand in your
    main phase (the effects decide the answer, not the rest of the cast's draws)."""
    you = scenario["state"]["you"]
    for zone in ("hand", "graveyard", "exile", "command"):
        you[zone] = [o for o in you.get(zone) or [] if not (isinstance(o, dict) and o.get("id") == "s1")]
        if not you[zone] and zone != "hand":
            del you[zone]
    you["hand"].insert(0, {"id": "s1", "card": "spell"})
    scenario["cards"]["spell"] = {"types": list(types), "cost": cost}
    scenario["play"] = {"object": "s1"}
    state = scenario["state"]
    state["phase"], state["turn"] = "main", "you"
    state.pop("stack", None)


# Issue 25, group G2 (the contract's sections 3 and 4), drawn by `_g2_untap_mill` when no other
# theme of this round drew: Benthic Explorers untapping the opponent's tapped permanents, and
# Charmed Pendant milling the known cards on top of your library.

EXPLORERS = {"name": "Benthic Explorers", "types": ["creature"], "cost": "{3}{U}",
             "mana": [{"adds": "untapped", "costs": ["tap", {"untap": {"count": 1, "filter": {
                 "type": "land", "controller": "opponent"}}}]}]}
PENDANT = {"name": "Charmed Pendant", "types": ["artifact"], "cost": "{4}",
           "mana": [{"adds": "milled", "costs": ["tap", {"mill": 1}]}]}
# The opponent's permanents an untap cost may find (a land of each kind, and two that are not).
G2_OPPONENT: list[tuple[str, dict[str, Any]]] = [
    *[(f"opp-basic-{c}", {"types": ["land"], "mana": [{"adds": f"{{{c}}}"}]}) for c in COLORS],
    ("opp-wastes", {"types": ["land"], "mana": [{"adds": "{C}"}]}),
    ("opp-dual-wu", {"types": ["land"], "mana": [{"adds": "{W}|{U}"}]}),
    ("opp-tri-brg", {"types": ["land"], "mana": [{"adds": "{B}|{R}|{G}"}]}),
    ("opp-filter-land", {"types": ["land"], "mana": [{"adds": "{C}"}, {"adds": "{R}{R}|{R}{G}", "costs": ["tap", "{1}"]}]}),
    ("opp-cradle", {"types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}),
    ("opp-barren", {"types": ["land"]}),
    ("opp-sol-ring", {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]}),
    ("opp-elf", {"types": ["creature"], "mana": [{"adds": "{G}"}]}),
]
# Cards a Pendant may mill: plain pips, hybrid, mono-hybrid, Phyrexian, hybrid Phyrexian, generic
# only, {C}/{X}/{S} (nothing), a land (no cost).
MILL_CARDS: dict[str, dict[str, Any]] = {
    "lib-bolt": {"types": ["instant"], "cost": "{R}"},
    "lib-growth": {"types": ["sorcery"], "cost": "{1}{G}{G}"},
    "lib-hybrid": {"types": ["creature"], "cost": "{1}{W/U}{W/U}"},
    "lib-mono": {"types": ["sorcery"], "cost": "{2/B}{2/B}"},
    "lib-phyrexian": {"types": ["instant"], "cost": "{R/P}{U}"},
    "lib-hphyrexian": {"types": ["creature"], "cost": "{G/W/P}{G/W/P}"},
    "lib-mixed": {"types": ["sorcery"], "cost": "{1}{W/U}{2/B}{R/P}{G/W/P}"},
    "lib-generic": {"types": ["artifact"], "cost": "{3}"},
    "lib-odd": {"types": ["instant"], "cost": "{X}{C}{S}"},
    "lib-land": {"types": ["land"], "mana": [{"adds": "{G}"}]},
}
MILL_COLORS = {"lib-bolt": "R", "lib-growth": "GG", "lib-hybrid": "WU", "lib-mono": "BB", "lib-phyrexian": "RU",
               "lib-hphyrexian": "GW", "lib-mixed": "WUBRG", "lib-generic": "", "lib-odd": "", "lib-land": ""}

# Which of G2's themes are drawn: None, those whose keys payplan's loader reads (the weight
# `untap` for Explorers, the player key `library_top` for Pendants); the reach tests set both.
G2_THEMES: tuple[str, ...] | None = None
G2_KEYS = {"untap": ("untap",), "mill": ("library_top",)}


def g2_themes() -> tuple[str, ...]:
    if G2_THEMES is not None:
        return G2_THEMES
    return tuple(t for t, needs in G2_KEYS.items() if loader_reads(*needs))


def _g2_untap_mill(rng: random.Random, scenario: dict[str, Any]) -> None:
    themes = g2_themes()
    field = scenario["state"]["you"]["battlefield"]
    engine = any(isinstance(e, dict) and str(e["id"]).startswith("e") for e in field)
    r = rng.random()
    if engine or len(field) > 7:                      # an altar, or a big board: slow to exhaust
        return
    if r < 0.12:
        if "untap" in themes:
            _g2_untap(rng, scenario)
    elif r < 0.24:
        if "mill" in themes:
            _g2_mill(rng, scenario)


def _g2_pips(rng: random.Random, scenario: dict[str, Any], colors: str, most: int) -> None:
    """Up to `most` pips of `colors` (or {C} for "C") added to the played cost."""
    holder, key = _played_costs(scenario)
    for _ in range(rng.randint(0, most)):
        if colors:
            _add_mana(holder, key, f"{{{rng.choice(colors)}}}")


def _g2_untap(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Benthic Explorers (one or two, sometimes sick or tapped) and the opponent's permanents,
    most tapped; now and then an ability adding fixed mana with an untap cost of count 1 or 2
    (tapping its permanent or not), a filter on any permanent of the opponent, the weight
    `untap`; pips of the colors the opponent's permanents make in the played cost."""
    cards, state = scenario["cards"], scenario["state"]
    field: list[Any] = state["you"]["battlefield"]
    for k in range(rng.choice([1, 1, 1, 2])):
        entry: dict[str, Any] = {"id": f"bx{k}", "card": "explorers"}
        if rng.random() < 0.12:
            entry["sick"] = True
        elif rng.random() < 0.08:
            entry["tapped"] = True
        field.append(entry)
    explorers = json.loads(json.dumps(EXPLORERS))
    if rng.random() < 0.15:                          # any permanent of the opponent
        explorers["mana"][0]["costs"][1]["untap"]["filter"] = {"controller": "opponent"}
    cards["explorers"] = explorers
    if rng.random() < 0.15:
        n = rng.choice([1, 2])
        costs: list[Any] = ([] if rng.random() < 0.4 else ["tap"]) + [
            {"untap": {"count": n, "filter": {"type": "land", "controller": "opponent"}}}]
        cards["untap-rig"] = {"types": ["artifact"], "mana": [{"adds": rng.choice(["{C}", "{C}{C}", "{R}"]), "costs": costs}]}
        field.append({"id": "bx9", "card": "untap-rig"})
    opponent = state.setdefault("opponent", {})
    theirs: list[Any] = opponent.setdefault("battlefield", [])
    colors = ""
    for k in range(rng.choice([0, 1, 1, 2, 2, 3])):
        name, card = rng.choice(G2_OPPONENT)
        cards[name] = card
        entry = {"id": f"ox{k}", "card": name}
        if rng.random() < 0.65:
            entry["tapped"] = True
        colors += "".join(c for c in str(card.get("mana")) if c in "WUBRGC")
        theirs.append(entry)
    if rng.random() < 0.3:
        cards["opp-bear"] = {"types": ["creature"], "cost": "{1}{G}"}
        theirs.append({"id": "oxb", "card": "opp-bear"})
    _g2_pips(rng, scenario, "".join(sorted(set(colors))), 2)
    if rng.random() < 0.3:
        weights = scenario.setdefault("objective", {}).setdefault("weights", {})
        weights["untap"] = rng.randint(0, 4)


def _g2_mill(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Charmed Pendant (one or two) with 0 to 3 known cards on top of the library (sometimes
    fewer than the Pendants: a hidden card), the spell's own `{mill: 1}` now and then, a well
    milling two for mana, the weight `mill`; pips of the known cards' colors in the played cost.
    Never beside delve or an exile_from_graveyard cost (refused, or a milled card could feed it)."""
    cards, you, play = scenario["cards"], scenario["state"]["you"], scenario["play"]
    used = [o if isinstance(o, str) else o["card"] for o in you["battlefield"]]
    text = json.dumps([cards[c] for c in used] + [cards["spell"]])
    if '"delve"' in text or "exile_from_graveyard" in text or "ability" in play or play.get("cast") == "face_down":
        return
    if play.get("x", "auto") == "auto" and "X" in text:   # every X a search: slow
        return
    field: list[Any] = you["battlefield"]
    for k in range(rng.choice([1, 1, 2, 2])):
        entry: dict[str, Any] = {"id": f"cp{k}", "card": "pendant"}
        if rng.random() < 0.08:
            entry["tapped"] = True
        field.append(entry)
    cards["pendant"] = PENDANT
    top = [rng.choice(sorted(MILL_CARDS)) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]
    for name in top:
        cards[name] = MILL_CARDS[name]
    you["library_top"] = top
    you["library"] = max(int(you.get("library", 0)), len(top) + rng.choice([0, 1, 3, 10]))
    colors = "".join(MILL_COLORS[name] for name in top[:2])
    _g2_pips(rng, scenario, colors, 3)
    if rng.random() < 0.2:
        cards["spell"].setdefault("additional", []).append({"id": "mill-one", "mandatory": True, "other": [{"mill": 1}]})
    if rng.random() < 0.15:
        cards["library-well"] = next(c for n, c, _ in SOURCES if n == "library-well")
        field.append({"id": "cpw", "card": "library-well"})
    if rng.random() < 0.2:
        weights = scenario.setdefault("objective", {}).setdefault("weights", {})
        weights["mill"] = rng.randint(0, 3)


# Issue 38 (contract mtg-pool, section 1), drawn by `_reflect` when no other theme drew: mana of
# any type (Reflecting Pool) or any color (Exotic Orchard, Fellwar Stone) that a permanent
# matching the ability's `of` filter could produce (106.7), on your side and the opponent's.
REFLECTORS: list[tuple[str, dict[str, Any]]] = [
    ("reflecting-pool", {"name": "Reflecting Pool", "types": ["land"],
                         "mana": [{"adds": "any_type", "of": {"type": "land"}}]}),
    ("exotic-orchard", {"name": "Exotic Orchard", "types": ["land"],
                        "mana": [{"adds": "any_color", "of": {"type": "land", "controller": "opponent"}}]}),
    ("fellwar-stone", {"name": "Fellwar Stone", "types": ["artifact"], "cost": "{2}",
                       "mana": [{"adds": "any_color", "of": {"type": "land", "controller": "opponent"}}]}),
    ("any-mirror", {"types": ["artifact"], "mana": [{"adds": "any_type", "of": {"controller": "any", "not_type": "creature"}}]}),
    ("forest-mirror", {"types": ["land"], "mana": [{"adds": "any_color", "of": {"tags": ["forest"], "controller": "any"}},
                                                   {"adds": "{C}"}]}),
    ("creature-mirror", {"types": ["creature"], "mana": [{"adds": "any_type", "of": {"type": "creature"}}]}),
    ("filtered-mirror", {"types": ["land"], "mana": [{"adds": "any_type", "of": {"type": "land", "color": "green",
                                                                                 "controller": "any"}, "costs": ["tap", "{1}"]}]}),
]
REFLECT_THEIRS: list[tuple[str, dict[str, Any]]] = [
    *G2_OPPONENT,
    ("opp-forest", {"types": ["land"], "tags": ["forest"], "mana": [{"adds": "{G}"}]}),
    ("opp-green-land", {"types": ["land"], "colors": ["green"], "mana": [{"adds": "{B}"}]}),
    ("reflecting-pool", REFLECTORS[0][1]),
    ("exotic-orchard", REFLECTORS[1][1]),
]


def _reflect(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 6 that no other theme drew, while the loader reads `of`: one to three
    reflecting sources of yours (sometimes tapped, sick or restricted with `only_for`), the
    opponent's permanents (tapped or not, their own Pools and Orchards among them), now and then
    your other lands removed, and pips of every type in the played cost."""
    if "of" not in _ability_keys() or rng.random() > 0.17:
        return
    cards, state = scenario["cards"], scenario["state"]
    you = state["you"]
    field: list[Any] = you["battlefield"]
    text = json.dumps(cards)
    engine = any(isinstance(e, dict) and str(e["id"]).startswith("e") for e in field)
    if engine or len(field) > 6 or "mana_effects" in text:
        return
    if rng.random() < 0.3:                             # the reflectors alone, with a land or two
        # The played ability's permanent stays, and so does every permanent with grants (a
        # flashback grant the play's `cast: flashback` may need).
        named = json.dumps(scenario["play"])
        field[:] = [o for o in field if rng.random() < 0.3 or (isinstance(o, dict) and (
            f'"{o.get("id")}"' in named or cards.get(o.get("card"), {}).get("grants")))]
    for k in range(rng.choice([1, 1, 2, 2, 3])):
        name, card = rng.choice(REFLECTORS)
        card = json.loads(json.dumps(card))
        if rng.random() < 0.1:
            card["mana"][0]["only_for"] = {"type": rng.choice(["creature", "instant", "artifact"])}
            name += "-restricted"
        cards[name] = card
        entry: dict[str, Any] = {"id": f"rf{k}", "card": name}
        if rng.random() < 0.1:
            entry["tapped"] = True
        elif "creature" in card["types"] and rng.random() < 0.3:
            entry["sick"] = True
        field.append(entry)
    if rng.random() < 0.3:
        cards["your-forest"] = {"name": "Forest", "types": ["land"], "tags": ["forest"], "mana": [{"adds": "{G}"}]}
        field.append({"id": "rff", "card": "your-forest", "tapped": rng.random() < 0.5})
    if rng.random() < 0.8:
        theirs: list[Any] = state.setdefault("opponent", {}).setdefault("battlefield", [])
        for k in range(rng.choice([1, 1, 2, 2, 3])):
            name, card = rng.choice(REFLECT_THEIRS)
            cards[name] = card
            theirs.append({"id": f"orf{k}", "card": name, "tapped": rng.random() < 0.5})
    _g2_pips(rng, scenario, "WUBRGC", 2)


def _ability_keys() -> frozenset[str]:
    from payplan.engine.mtg import keys as mtg_keys
    return frozenset(mtg_keys.ABILITY_KEYS)


# Issue 38 (contract mtg-pool, section 2), drawn by `_zone_counts` when no other theme drew:
# reductions counted in a zone of a player (Karador's creature cards in your graveyard) or from
# the counters on the granting permanent (Animar's +1/+1 counters).
ZONE_FILTERS: list[dict[str, Any]] = [{"type": "creature"}, {"type": "instant"}, {},
                                      {"color": "red"}, {"not_type": "land"}, {"name": "Chaff"}]
ZONE_CARDS = ["chaff-u", "chaff-r", "chaff-a", "zone-bear", "zone-bear"]


def _zone_counts(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 6 that no other theme drew, while the loader reads a reduction's `zone`:
    the played card's own `{count: FILTER, zone: Z}` reduction (sometimes a second copy of the
    card in that zone), or a permanent's grant counting a zone of its controller or its own
    counters (`{counters: KIND}`, the permanent holding 0 to 4 of them), on your side or the
    opponent's; zero to four cards in each zone."""
    if "zone" not in _amount_keys() or rng.random() > 0.17:
        return
    cards, state, play = scenario["cards"], scenario["state"], scenario["play"]
    if "ability" in play or play.get("cast") == "face_down" or "turn_face_up" in play:
        return
    cards["zone-bear"] = {"name": "Chaff", "types": ["creature"], "cost": "{1}{G}"}
    you = state["you"]
    for zone in ("graveyard", "hand", "exile"):
        if rng.random() < 0.7:
            have = you.setdefault(zone, [])
            have += [{"id": f"zc-{zone}{k}", "card": rng.choice(ZONE_CARDS)}
                     for k in range(rng.randint(0, 4))]
    for k in range(rng.randint(0, 2)):
        you.setdefault("graveyard", []).append({"id": f"zc-copy{k}", "card": "spell"})
    amount: dict[str, Any] = {"count": rng.choice(ZONE_FILTERS),
                              "zone": rng.choice(["graveyard", "graveyard", "hand", "exile",
                                                  "battlefield"])}
    played = next((zone for zone in ("hand", "graveyard", "exile") for o in you.get(zone) or []
                   if isinstance(o, dict) and o.get("id") == play.get("object")), None)
    if played is not None and rng.random() < 0.5:   # the zone the card is cast from: never counted
        amount = {"count": rng.choice([{}, {"not_type": "land"}]), "zone": played}
    r = rng.random()
    if r < 0.45:
        cards["spell"].setdefault("reductions", []).append({"generic": amount})
        cards["spell"]["cost"] = f"{{{rng.randint(1, 4)}}}" + str(cards["spell"].get("cost") or "")
        return
    grant: dict[str, Any] = {"applies_to": rng.choice([{}, {"type": "creature"}, {"type": "instant"}])}
    counters: dict[str, int] = {}
    if r < 0.75:
        kind = rng.choice(["plus_one", "charge"])
        grant["reduction"] = {"generic": {"counters": rng.choice([kind, kind, "charge"])}}
        counters = {kind: rng.randint(0, 4)} if rng.random() < 0.85 else {}
    else:
        grant["reduction"] = {"generic": amount}
    if rng.random() < 0.5:
        grant["reduction"]["minimum"] = rng.randint(0, 2)
    cards["zone-granter"] = {"name": "Animar", "types": ["creature"], "cost": "{U}{R}{G}",
                             "grants": [grant]}
    entry: dict[str, Any] = {"id": "zg1", "card": "zone-granter"}
    if counters:
        entry["counters"] = counters
    if rng.random() < 0.25:
        grant["applies_to"]["controller"] = "opponent"
        state.setdefault("opponent", {}).setdefault("battlefield", []).append(entry)
        theirs = state["opponent"]
        theirs.setdefault("graveyard", []).extend(
            {"id": f"zc-opp{k}", "card": "zone-bear"} for k in range(rng.randint(0, 3)))
    else:
        you["battlefield"].append(entry)


def _amount_keys() -> frozenset[str]:
    from payplan.engine.mtg import keys as mtg_keys
    return frozenset(mtg_keys.AMOUNT_KEYS)


# Issue 38 (contract mtg-pool, section 3), drawn by `_permission` when no other theme drew: a
# permanent's grant letting cards of yours be cast from the graveyard or exile (Karador,
# Muldrotha), the played card moved there.
PERMISSION_FILTERS: list[dict[str, Any]] = [
    {"type": "creature"}, {"type": ["artifact", "creature", "enchantment", "planeswalker"]}, {},
    {"type": "instant"}, {"color": "green"}, {"not_type": "creature"}]


def _permission(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 6 that no other theme drew, while the loader reads `cast_from`: the
    played card moved to your graveyard or exile (or left where it is), and a Karador-like
    grant `cast_from` (a zone, `applies_to`, now and then `turn: caster` or the opponent's side
    with `controller: opponent`), sometimes two, sometimes none."""
    if "cast_from" not in _grant_keys() or rng.random() > 0.17:
        return
    cards, state, play = scenario["cards"], scenario["state"], scenario["play"]
    if ("ability" in play or "object" not in play or play.get("cast") == "face_down"
            or "turn_face_up" in play):
        return
    you = state["you"]
    if rng.random() < 0.85:
        zone = rng.choice(["graveyard", "graveyard", "exile"])
        for z in ("hand", "graveyard", "exile", "command"):
            you[z] = [o for o in you.get(z) or [] if not (isinstance(o, dict) and o.get("id") == play["object"])]
            if not you[z] and z != "hand":
                del you[z]
        you.setdefault(zone, []).append({"id": play["object"], "card": "spell"})
        play.pop("from", None)
        if rng.random() < 0.3:
            play["from"] = zone
        if play.get("cast") not in (None, "auto", "without_paying") and rng.random() < 0.7:
            play["cast"] = "auto"
    for k in range(rng.choice([0, 1, 1, 1, 2])):
        grant: dict[str, Any] = {"cast_from": rng.choice(["graveyard", "graveyard", "exile"]),
                                 "applies_to": dict(rng.choice(PERMISSION_FILTERS))}
        if rng.random() < 0.4:
            grant["turn"] = "caster"
        name = f"permitter{k}"
        cards[name] = {"name": "Karador", "types": ["creature"], "cost": "{5}{W}{B}{G}", "grants": [grant]}
        entry = {"id": f"pm{k}", "card": name}
        if rng.random() < 0.2:
            grant["applies_to"]["controller"] = "opponent"
            state.setdefault("opponent", {}).setdefault("battlefield", []).append(entry)
        else:
            you["battlefield"].append(entry)


def _grant_keys() -> frozenset[str]:
    from payplan.engine.mtg import keys as mtg_keys
    return frozenset(mtg_keys.GRANT_KEYS)


# Issue 38 (contract mtg-pool, section 4), drawn by `_counter_mana` when no other theme drew: mana
# abilities adding once per counter on their own permanent (Everflowing Chalice, Empowered
# Autogenerator).
COUNTER_SOURCES: list[tuple[str, dict[str, Any]]] = [
    ("chalice", {"name": "Everflowing Chalice", "types": ["artifact"], "cost": "{0}",
                 "mana": [{"adds": "{C}", "per": {"counters": "charge"}}]}),
    ("autogenerator", {"name": "Empowered Autogenerator", "types": ["artifact"], "cost": "{4}",
                       "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "per": {"counters": "charge"}}]}),
    ("storage-bowl", {"types": ["land"], "mana": [{"adds": "{G}{G}|{B}", "per": {"counters": "storage"}},
                                                  {"adds": "{C}"}]}),
    ("filter-jar", {"types": ["artifact"], "mana": [{"adds": "{U}", "costs": ["tap", "{1}"],
                                                     "per": {"counters": "charge"}}]}),
]


def _counter_mana(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 1 cast in 6 that no other theme drew, while the loader reads `per: {counters}`: one
    or two such sources of yours with 0 to 4 counters (of their kind, or another), sometimes
    tapped; pips of C and the colors in the played cost."""
    if "counters" not in _per_keys() or rng.random() > 0.17:
        return
    cards, field = scenario["cards"], scenario["state"]["you"]["battlefield"]
    if len(field) > 7:
        return
    for k in range(rng.choice([1, 1, 2])):
        name, card = rng.choice(COUNTER_SOURCES)
        cards[name] = card
        kind = str(card["mana"][0]["per"]["counters"])
        entry: dict[str, Any] = {"id": f"cm{k}", "card": name}
        if rng.random() < 0.85:
            entry["counters"] = {kind if rng.random() < 0.85 else "loyalty": rng.randint(0, 4)}
        if rng.random() < 0.1:
            entry["tapped"] = True
        field.append(entry)
    _g2_pips(rng, scenario, "CCUGRB", 3)


def _per_keys() -> frozenset[str]:
    from payplan.engine.mtg import keys as mtg_keys
    return frozenset(mtg_keys.PER_KEYS)


# The keys of this round's mana, cost and restricted-mana contracts, each drawn by its own theme
# when no other theme drew and while payplan's loader accepts it (`contract_reads`: a probe
# scenario per key; until a builder's work is merged, main refuses its keys and they are not
# drawn, so the generator never draws what the loader refuses).
CONTRACT_PROBES: dict[str, dict[str, Any]] = {
    "sacrificed": {"cards": {"sq": {"types": ["enchantment"], "mana": [
        {"adds": "sacrificed", "costs": [{"sacrifice": {"count": 1, "filter": {"type": "land"}}}]}]}},
                   "state": {"you": {"battlefield": [{"id": "a", "card": "sq"}]}}},
    "all_types": {"cards": {"g": {"types": ["artifact"], "grants": [
        {"reduction": {"generic": 1}, "applies_to": {"all_types": ["artifact", "creature"]}}]}},
                  "state": {"you": {"battlefield": [{"id": "a", "card": "g"}]}}},
    "restricted_pool": {"cards": {}, "state": {"you": {"restricted_pool": [
        {"mana": "{C}", "only_for": {"type": "creature"}}]}}},
    "x_cost": {"cards": {"r": {"types": ["creature"], "mana": [
        {"adds": "{C}{C}{C}{C}", "only_for": {"ability": "any", "x_cost": True}}]}},
               "state": {"you": {"battlefield": [{"id": "a", "card": "r"}]}}},
    "produced": {"cards": {"d": {"types": ["enchantment"], "mana_effects": [
        {"trigger": {"sources": {"type": "land", "controller": "any"}, "adds": "produced"}}]}},
                 "state": {"you": {"battlefield": [{"id": "a", "card": "d"}]}}},
    "power": {"cards": {"m": {"types": ["creature"], "power": 1, "mana": [{"adds": "{G}", "per": "power"}]}},
              "state": {"you": {"battlefield": [{"id": "a", "card": "m", "power": 3}]}}},
    "greatest_power": {"cards": {"m": {"types": ["creature"], "power": 1, "mana": [
        {"adds": "{G}", "per": {"greatest_power": {"type": "creature"}}}]}},
                       "state": {"you": {"battlefield": [{"id": "a", "card": "m"}]}}},
    "removed_tap": {"cards": {"s": {"types": ["land"], "mana": [
        {"adds": "{U}", "costs": ["tap", {"remove_counters": {"kind": "storage", "count": "X"}}], "per": "removed"}]}},
                    "state": {"you": {"battlefield": [{"id": "a", "card": "s", "counters": {"storage": 2}}]}}},
    "each": {"cards": {"c": {"types": ["artifact"], "grants": [
        {"reduction": {"generic": {"count": {"type": "land"}, "each": 2}}, "applies_to": {}}]}},
             "state": {"you": {"battlefield": [{"id": "a", "card": "c"}]}}},
    "defiler": {"cards": {"d": {"types": ["creature"], "grants": [
        {"additional": {"id": "vigor", "other": [{"pay_life": 2}]}, "reduction": {"mana": "{G}", "color_only": True},
         "applies_to": {"color": "G", "type": ["creature"]}}]}},
                "state": {"you": {"battlefield": [{"id": "d1", "card": "d"}]}}},
    "times": {"cards": {"r": {"types": ["enchantment"], "mana_effects": [{"replace": {"sources": {}, "times": 2}}]}},
              "state": {"you": {"battlefield": [{"id": "a", "card": "r"}]}}},
    "curse": {"cards": {"c": {"types": ["enchantment"], "grants": [
        {"reduction": {"generic": 1}, "applies_to": {"targets": {"player": "enchanted"}}}]}},
              "state": {"you": {"battlefield": [{"id": "a", "card": "c", "attached_to": "opponent"}]}}},
}
# Set by the tests that check the themes on the reference alone (whatever the loader reads).
CONTRACT_KEYS: frozenset[str] | None = None


def contract_reads(key: str) -> bool:
    """Whether payplan's loader accepts the probe of `key` (CONTRACT_PROBES) beside a plain
    instant: the key is drawn only then (or when CONTRACT_KEYS names it)."""
    if CONTRACT_KEYS is not None:
        return key in CONTRACT_KEYS
    return _probe_loads(key)


@functools.lru_cache(maxsize=None)
def _probe_loads(key: str) -> bool:
    from payplan.engine.mtg.loader import scenario_from_data
    from payplan.engine.problems import ScenarioError
    probe = json.loads(json.dumps(CONTRACT_PROBES[key]))
    probe["cards"]["bolt"] = {"types": ["instant"], "cost": "{R}"}
    probe["state"]["you"]["hand"] = [{"id": "h", "card": "bolt"}]
    try:
        scenario_from_data({"format": "mtg/1", "play": {"object": "h"}, **probe})
    except ScenarioError:
        return False
    return True


def _contract_field(rng: random.Random, scenario: dict[str, Any], most: int,
                    effects: bool = False) -> list[Any] | None:
    """Your battlefield for a contract theme to add to, cut to at most `most` permanents (the
    played ability's permanent and every permanent with grants stay); None beside a mana effect
    unless `effects` (the contracts leave reading mana from other objects beside one unbuilt),
    and, with `effects`, beside mana read from another object. `plays` is dropped."""
    field: list[Any] = scenario["state"]["you"]["battlefield"]
    text = json.dumps(scenario["cards"])
    if "mana_effects" in text and not effects:
        return None
    if effects and any(f'"adds": "{w}"' in text for w in ("untapped", "milled", "any_type", "any_color")):
        return None
    named = json.dumps(scenario["play"])
    kept = [o for o in field if isinstance(o, dict) and (
        f'"{o.get("id")}"' in named or scenario["cards"].get(o.get("card"), {}).get("grants"))]
    rest = [o for o in field if not any(o is k for k in kept)]
    rng.shuffle(rest)
    field[:] = [o for o in field if any(o is k for k in kept + rest[:max(0, most - len(kept))])]
    scenario.pop("plays", None)
    return field


SQUANDERED_FILTERS: list[dict[str, Any]] = [{"type": "land"}, {"type": "land"}, {"not_type": "creature"},
                                            {"type": ["land", "artifact"]}, {"type": "land", "tags": ["forest"]}]
SACRIFICE_FODDER: list[tuple[str, dict[str, Any]]] = [
    ("sq-sea", {"name": "Underground Sea", "types": ["land"], "mana": [{"adds": "{U}|{B}"}]}),
    ("sq-forest", {"name": "Forest", "types": ["land"], "tags": ["forest"], "mana": [{"adds": "{G}"}]}),
    ("sq-mountain", {"name": "Mountain", "types": ["land"], "mana": [{"adds": "{R}"}]}),
    ("sq-barren", {"name": "Barren Moor", "types": ["land"]}),
    ("sq-wastes", {"name": "Wastes", "types": ["land"], "mana": [{"adds": "{C}"}]}),
    ("sq-elf", {"name": "Llanowar Elves", "types": ["creature"], "mana": [{"adds": "{G}"}]}),
    ("sq-signet", {"name": "Dimir Signet", "types": ["artifact"], "mana": [{"adds": "{U}{B}", "costs": ["tap", "{1}"]}]}),
    ("sq-cradle", {"name": "Gaea's Cradle", "types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}),
]


def _sacrificed(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `adds: sacrificed`:
    Squandered Resources (now and then two, or restricted with `only_for`) over one to three
    permanents of every kind (lands of one or two types, a land with no mana ability, Gaea's
    Cradle, a mana creature, a Signet), some tapped; pips of their colors in the played cost."""
    if not contract_reads("sacrificed"):
        return
    cards = scenario["cards"]
    field = _contract_field(rng, scenario, 3)     # small: each land's sacrifice is tried apart
    if field is None:
        return
    for k in range(rng.choice([1, 1, 1, 2])):
        flt = rng.choice(SQUANDERED_FILTERS)
        ability: dict[str, Any] = {"adds": "sacrificed", "costs": [{"sacrifice": {"count": 1, "filter": flt}}]}
        if rng.random() < 0.1:
            ability["only_for"] = {"type": rng.choice(["creature", "instant", "sorcery"])}
        cards[f"squandered{k}"] = {"name": "Squandered Resources", "types": ["enchantment"], "cost": "{B}{G}",
                                   "mana": [ability]}
        field.append({"id": f"sq{k}", "card": f"squandered{k}"})
    for k in range(rng.choice([1, 1, 2, 2, 3])):
        name, card = rng.choice(SACRIFICE_FODDER)
        cards[name] = card
        entry: dict[str, Any] = {"id": f"sqf{k}", "card": name}
        if rng.random() < 0.25:
            entry["tapped"] = True
        elif "creature" in card["types"] and rng.random() < 0.3:
            entry["sick"] = True
        field.append(entry)
    _g2_pips(rng, scenario, "UBGRC", 2)


ALL_TYPES = [["artifact", "creature"], ["artifact", "creature"], ["artifact", "land"], ["creature"],
             ["enchantment", "creature"], ["kindred", "instant"]]


def _all_types(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `all_types`: Mycosynth
    Golem's grant ("artifact creature spells you cast have affinity for artifacts", its
    `applies_to` and its count), an artifact land's `only_for`, or a reduction's count reading
    every type; the played card made an artifact creature now and then; Seats of the Synod."""
    if not contract_reads("all_types"):
        return
    cards = scenario["cards"]
    field = _contract_field(rng, scenario, 6)
    if field is None:
        return
    every = rng.choice(ALL_TYPES)
    count = {"all_types": rng.choice(ALL_TYPES[:3])} if rng.random() < 0.5 else {"type": "artifact"}
    kind = rng.random()
    if kind < 0.5:
        cards["golem"] = {"name": "Mycosynth Golem", "types": ["artifact", "creature"], "cost": "{11}",
                          "grants": [{"reduction": {"generic": {"count": count}},
                                      "applies_to": {"all_types": every}}]}
        field.append({"id": "gol", "card": "golem"})
    elif kind < 0.75:
        cards["seat-only"] = {"name": "Foundry Seat", "types": ["artifact", "land"],
                              "mana": [{"adds": "{R}{R}", "only_for": {"all_types": every}}]}
        field.append({"id": "sto", "card": "seat-only", "tapped": rng.random() < 0.1})
    elif "ability" not in scenario["play"]:
        cards["spell"] = {**cards["spell"],
                          "reductions": [{"generic": {"count": {"all_types": rng.choice(ALL_TYPES[:3])}}}]}
    for k in range(rng.choice([0, 1, 2])):
        cards["seat"] = {"name": "Seat of the Synod", "types": ["artifact", "land"], "mana": [{"adds": "{U}"}]}
        field.append({"id": f"seat{k}", "card": "seat"})
    if "ability" not in scenario["play"] and rng.random() < 0.4:
        spell = cards["spell"]
        cards["spell"] = {**spell, "types": list(rng.choice(ALL_TYPES[:3]))}
        if "land" in cards["spell"]["types"]:
            cards["spell"]["types"] = ["artifact", "creature"]


RESTRICTIONS: list[dict[str, Any]] = [
    {"type": "creature"}, {"type": ["instant", "sorcery"]}, {}, {"ability": "activated"},
    {"color": "red"}, {"not_type": "creature"}, {"tags": ["eldrazi"]}, {"colorless": True},
]


def _restricted_pool(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads
    `state.you.restricted_pool`: one or two entries (one to three mana, {C} most often) with
    restrictions of every kind (`x_cost`, `ability: any` and `all_types` too once read), now and
    then beside unrestricted mana (never beside a filter land: refused), and pips of their types
    in the played cost."""
    if not contract_reads("restricted_pool"):
        return
    you = scenario["state"]["you"]
    if _contract_field(rng, scenario, 7) is None or _filter_ability_used(scenario):
        return
    extra: list[dict[str, Any]] = []
    if contract_reads("x_cost"):
        extra += [{"x_cost": True, "ability": "any"}, {"ability": "any"}, {"x_cost": False}]
    if contract_reads("all_types"):
        extra.append({"all_types": ["artifact", "creature"]})
    entries = []
    for _ in range(rng.choice([1, 1, 2])):
        mana = "".join(rng.choice("CCCWUBRG") for _ in range(rng.randint(1, 3)))
        entries.append({"mana": "".join("{" + c + "}" for c in mana),
                        "only_for": dict(rng.choice(RESTRICTIONS + extra))})
    you["restricted_pool"] = entries
    if rng.random() < 0.3:
        you["mana_pool"] = str(you.get("mana_pool") or "") + rng.choice(["{G}", "{C}", "{R}"])
    _g2_pips(rng, scenario, "CCRG", 2)


def _only_for_beside_filter(scenario: dict[str, Any]) -> bool:
    """A card an object of the file stands for has a mana ability with `only_for` while one has a
    mana ability with a mana cost (payplan refuses the two beside `plays`)."""
    cards, state = scenario["cards"], scenario["state"]
    used = {o["card"] if isinstance(o, dict) else o
            for side in state.values() if isinstance(side, dict)
            for zone in side.values() if isinstance(zone, list) for o in zone}
    return _filter_ability_used(scenario) and any(
        isinstance(a, dict) and "only_for" in a
        for name in used if name in cards for a in cards[name].get("mana") or [])


def _filter_ability_used(scenario: dict[str, Any]) -> bool:
    """Some card an object of the file stands for has a mana ability with a mana cost (a filter
    land): the restricted pool is refused beside one (its cost is paid from the pool)."""
    cards, state = scenario["cards"], scenario["state"]
    used = {o["card"] if isinstance(o, dict) else o
            for side in state.values() if isinstance(side, dict)
            for zone in side.values() if isinstance(zone, list) for o in zone}
    return any(isinstance(c, str) and c.startswith("{")
               for name in used if name in cards
               for a in cards[name].get("mana") or [] for c in a.get("costs") or [])


def _x_cost(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `x_cost` and
    `ability: any`: Rosheen Meanderer (sometimes sick or tapped), Titans' Nest with cards in the
    graveyard, or a grant whose `applies_to` reads `x_cost`; the played cost given {X} half the
    time (X named or `auto`)."""
    if not contract_reads("x_cost"):
        return
    cards, you = scenario["cards"], scenario["state"]["you"]
    field = _contract_field(rng, scenario, 4)
    if field is None:
        return
    kind = rng.random()
    if kind < 0.55:
        cards["rosheen"] = {"name": "Rosheen Meanderer", "types": ["creature"], "cost": "{3}{R/G}",
                            "mana": [{"adds": "{C}{C}{C}{C}", "only_for": {"ability": "any", "x_cost": True}}]}
        entry: dict[str, Any] = {"id": "ros", "card": "rosheen"}
        if rng.random() < 0.15:
            entry["sick"] = True
        field.append(entry)
    elif kind < 0.85:
        costs: list[Any] = [{"exile_from_graveyard": {"count": 1}}]
        if rng.random() < 0.3:
            costs.insert(0, "tap")
        cards["titans-nest"] = {"name": "Titans' Nest", "types": ["enchantment"], "cost": "{1}{B}{G}{U}",
                                "mana": [{"adds": "{C}", "costs": costs,
                                          "only_for": {"colorless": False, "x_cost": False}}]}
        field.append({"id": "nest", "card": "titans-nest"})
        cards["nest-chaff"] = {"types": ["sorcery"], "cost": "{1}"}
        you.setdefault("graveyard", []).extend(
            {"id": f"nc{k}", "card": "nest-chaff"} for k in range(rng.randint(0, 2)))
    else:
        cards["x-helper"] = {"types": ["artifact"], "grants": [
            {"reduction": {"generic": 1}, "applies_to": {"x_cost": rng.random() < 0.7}}]}
        field.append({"id": "xh", "card": "x-helper"})
    if rng.random() < 0.5:
        holder, key = _played_costs(scenario)
        text = str(holder.get(key) or "") if key == "cost" else ""
        if key == "cost" and "{X}" not in text:
            holder[key] = "{X}" + text
            scenario["play"]["x"] = rng.choice([1, 2, 3, "auto"])
    _g2_pips(rng, scenario, "CRGU", 1)


def _effects_may_reach(scenario: dict[str, Any], field: list[Any]) -> bool:
    """Your permanents a mana effect would reach and payplan refuses it beside (not built: an
    `only_for` ability, an untap cost, `per: removed` with {T}) leave the battlefield; False
    (nothing changed) when the play names one."""
    cards = scenario["cards"]
    unbuilt = [o for o in field if isinstance(o, dict) and any(
        isinstance(a, dict) and ("only_for" in a or "untap" in json.dumps(a.get("costs") or [])
                                 or a.get("per") == "removed")
        for a in cards[o["card"]].get("mana") or [])]
    if any(f'"{o.get("id")}"' in json.dumps(scenario["play"]) for o in unbuilt):
        return False
    field[:] = [o for o in field if not any(o is u for u in unbuilt)]
    return True


DICTATE_LANDS: list[tuple[str, dict[str, Any]]] = [
    ("pr-sea", {"name": "Underground Sea", "types": ["land"], "mana": [{"adds": "{U}|{B}"}]}),
    ("pr-forest", {"name": "Forest", "types": ["land"], "mana": [{"adds": "{G}"}]}),
    ("pr-chancery", {"name": "Azorius Chancery", "types": ["land"], "mana": [{"adds": "{W}{U}"}]}),
    ("pr-tomb", {"name": "Ancient Tomb", "types": ["land"], "mana": [{"adds": "{C}{C}"}]}),
    ("pr-cradle", {"name": "Gaea's Cradle", "types": ["land"], "mana": [{"adds": "{G}", "per": {"count": {"type": "creature"}}}]}),
    ("pr-elf", {"name": "Llanowar Elves", "types": ["creature"], "mana": [{"adds": "{G}"}]}),
]
DICTATES: list[tuple[str, dict[str, Any]]] = [
    ("dictate", {"name": "Dictate of Karametra", "types": ["enchantment"], "cost": "{3}{G}{G}", "flash": True,
                 "mana_effects": [{"trigger": {"sources": {"type": "land", "controller": "any"}, "adds": "produced"}}]}),
    ("zhur-taa", {"name": "Zhur-Taa Ancient", "types": ["creature"], "cost": "{3}{R}{G}",
                  "mana_effects": [{"trigger": {"sources": {"type": "land", "controller": "any"}, "adds": "produced"}}]}),
    ("my-dictate", {"name": "Dictate of your lands", "types": ["enchantment"],
                    "mana_effects": [{"trigger": {"sources": {"type": "land"}, "adds": "produced"}}]}),
    ("damping-sphere", {"name": "Damping Sphere", "types": ["artifact"], "mana_effects": [
        {"replace": {"sources": {"type": "land", "controller": "any"}, "adds": "{C}"}}]}),
    ("wild-growth", {"name": "Wild Growth", "types": ["enchantment"], "mana_effects": [
        {"trigger": {"sources": {"type": "land"}, "adds": "{G}"}}]}),
]


def _produced(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads a trigger's `adds:
    produced`: Dictate of Karametra, Zhur-Taa Ancient or Heartbeat of Spring (one or two, yours
    or the opponent's), now and then a Damping Sphere or a Wild Growth beside them, over lands
    of one type, two types, two mana (a bounce land, Ancient Tomb), Gaea's Cradle and a mana
    creature; pips of their colors in the played cost."""
    if not contract_reads("produced"):
        return
    cards, state = scenario["cards"], scenario["state"]
    if "{S}" in json.dumps(scenario) or "spend_only" in json.dumps(cards):
        return                       # refused beside a trigger (snow; spend_only)
    field = _contract_field(rng, scenario, 2, effects=True)
    if field is None:
        return
    if not _effects_may_reach(scenario, field):
        return
    for k in range(rng.choice([1, 1, 2])):
        name, card = rng.choice(DICTATES[:3] if k == 0 else DICTATES)
        cards[name] = card
        if rng.random() < 0.2 and "controller" in json.dumps(card):
            state.setdefault("opponent", {}).setdefault("battlefield", []).append({"id": f"opr{k}", "card": name})
        else:
            field.append({"id": f"pr{k}", "card": name})
    for k in range(rng.choice([1, 2, 2, 3])):
        name, card = rng.choice(DICTATE_LANDS)
        cards[name] = card
        entry: dict[str, Any] = {"id": f"prl{k}", "card": name}
        if rng.random() < 0.15:
            entry["tapped"] = True
        field.append(entry)
    _g2_pips(rng, scenario, "UBGWC", 3)


POWER_CARDS: list[tuple[str, dict[str, Any]]] = [
    ("marwyn", {"name": "Marwyn, the Nurturer", "types": ["creature"], "cost": "{2}{G}", "power": 1,
                "mana": [{"adds": "{G}", "per": "power"}]}),
    ("joiner", {"name": "Viridian Joiner", "types": ["creature"], "cost": "{2}{G}", "power": 1,
                "mana": [{"adds": "{G}", "per": "power"}]}),
    ("power-dork", {"name": "Power Dork", "types": ["artifact", "creature"], "power": 2,
                    "mana": [{"adds": "{R}|{C}", "per": "power"}, {"adds": "{C}"}]}),
]
# Bighorner Rancher: "{T}: Add an amount of {G} equal to the greatest power among creatures you
# control" (drawn beside the cards above while the loader reads `greatest_power`).
RANCHER = ("rancher", {"name": "Bighorner Rancher", "types": ["creature"], "cost": "{4}{G}",
                       "power": 2, "mana": [{"adds": "{G}", "per": {"greatest_power": {"type": "creature"}}}]})


def _power(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `per: power`: Marwyn, Viridian Joiner or
    a two-ability creature (one or two), with an object `power` from -1 to 6 or the card's
    printed one, sometimes sick or tapped; now and then a Forest; green pips in the played
    cost."""
    if not contract_reads("power"):
        return
    cards = scenario["cards"]
    field = _contract_field(rng, scenario, 5)
    if field is None:
        return
    choices = POWER_CARDS + ([RANCHER] if contract_reads("greatest_power") else [])
    for k in range(rng.choice([1, 1, 2])):
        name, card = rng.choice(choices)
        cards[name] = card
        entry: dict[str, Any] = {"id": f"pw{k}", "card": name}
        if rng.random() < 0.75:
            entry["power"] = rng.randint(-1, 6)
        if rng.random() < 0.15:
            entry[rng.choice(["sick", "tapped"])] = True
        field.append(entry)
    if rng.random() < 0.4:
        cards["pw-forest"] = {"name": "Forest", "types": ["land"], "mana": [{"adds": "{G}"}]}
        field.append({"id": "pwf", "card": "pw-forest"})
    _g2_pips(rng, scenario, "GGRC", 3)


STORAGE_TAP: list[tuple[str, dict[str, Any]]] = [
    ("sand-silos", {"name": "Sand Silos", "types": ["land"], "mana": [
        {"adds": "{U}", "costs": ["tap", {"remove_counters": {"kind": "storage", "count": "X"}}], "per": "removed"}]}),
    ("mage-ring", {"name": "Mage-Ring Network", "types": ["land"], "mana": [
        {"adds": "{C}"},
        {"adds": "{C}", "costs": ["tap", {"remove_counters": {"kind": "storage", "count": "X"}}], "per": "removed"}]}),
    ("calciform", {"name": "Calciform Pools", "types": ["land"], "mana": [
        {"adds": "{C}"},
        {"adds": "{W}|{U}", "costs": ["{1}", "tap", {"remove_counters": {"kind": "storage", "count": "X"}}],
         "per": "removed"}]}),
]


def _storage_tap(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `per: removed` beside `tap`: Sand
    Silos, Mage-Ring Network or Calciform Pools as printed (one or two) with 0 to 4 storage
    counters, sometimes tapped, beside a Plains or an Island; pips of their colors."""
    if not contract_reads("removed_tap"):
        return
    cards = scenario["cards"]
    field = _contract_field(rng, scenario, 4)
    if field is None:
        return
    for k in range(rng.choice([1, 1, 2])):
        name, card = rng.choice(STORAGE_TAP)
        cards[name] = card
        entry: dict[str, Any] = {"id": f"st{k}", "card": name, "counters": {"storage": rng.randint(0, 4)}}
        if rng.random() < 0.15:
            entry["tapped"] = True
        field.append(entry)
    if rng.random() < 0.6:
        name = rng.choice(["st-plains", "st-island"])
        cards[name] = {"types": ["land"], "mana": [{"adds": "{W}" if name == "st-plains" else "{U}"}]}
        field.append({"id": "stl", "card": name})
    _g2_pips(rng, scenario, "UUWC", 3)


EACH_AMOUNTS: list[dict[str, Any]] = [
    {"count": {"type": "creature"}, "zone": "graveyard"}, {"count": {"type": "artifact"}},
    {"count": {"type": "land"}}, {"count_targets": {"type": "creature"}}, {"count": {}, "zone": "hand"},
]


def _each_count(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `each` beside a count: the played card's
    own reduction ("{2} less for each creature card in your graveyard": The Cauldron of
    Eternity), or a permanent's grant, counting with `each` 0 to 3, a floor now and then;
    creature cards in the graveyard; generic mana in the played cost."""
    if not contract_reads("each"):
        return
    cards, you, play = scenario["cards"], scenario["state"]["you"], scenario["play"]
    field = _contract_field(rng, scenario, 5)
    if field is None:
        return
    amount = {**rng.choice(EACH_AMOUNTS), "each": rng.choice([0, 2, 2, 2, 3])}
    reduction: dict[str, Any] = {"generic": amount}
    if rng.random() < 0.15:
        reduction["minimum"] = rng.randint(1, 3)
    if "ability" in play or rng.random() < 0.4:
        cards["each-helper"] = {"types": ["artifact"], "grants": [{"reduction": reduction, "applies_to": {}}]}
        field.append({"id": "eh", "card": "each-helper"})
    else:
        cards["spell"] = {**cards["spell"], "reductions": [reduction]}
        holder, key = _played_costs(scenario)
        _add_mana(holder, key, "{" + str(rng.randint(2, 6)) + "}")
    if "count_targets" in amount and not play.get("targets"):
        play["targets"] = [o["id"] for o in field if isinstance(o, dict)][:rng.randint(0, 2)]
    cards["each-dead"] = {"types": ["creature"], "cost": "{1}{B}"}
    you.setdefault("graveyard", []).extend({"id": f"ed{k}", "card": "each-dead"} for k in range(rng.randint(0, 4)))


DEFILER_COLORS = {"W": "Faith", "U": "Dreams", "B": "Flesh", "R": "Instinct", "G": "Vigor"}
PERMANENT_SPELL_TYPES = ["artifact", "battle", "creature", "enchantment", "planeswalker"]


def _defiler(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads a grant's `additional` and
    `color_only`: a Defiler (one or two, of one or two colors; its colored reduction
    `color_only`, now and then plain, now and then with no reduction), the played card a
    permanent spell of its color half the time (its own pip, a hybrid one or none), the cost
    named in `optional` (`auto`, `yes`, `no`; a name no permanent grants now and then), life low
    or the life weight 0 sometimes."""
    if not contract_reads("defiler") or "ability" in scenario["play"]:
        return
    cards, you, play = scenario["cards"], scenario["state"]["you"], scenario["play"]
    field = _contract_field(rng, scenario, 5)
    if field is None:
        return
    names = []
    for k in range(rng.choice([1, 1, 2])):
        c = rng.choice("WUBRGG")
        grant: dict[str, Any] = {"additional": {"id": DEFILER_COLORS[c].lower(), "other": [{"pay_life": 2}]},
                                 "applies_to": {"color": c, "type": PERMANENT_SPELL_TYPES}}
        if rng.random() < 0.9:
            grant["reduction"] = {"mana": "{" + c + "}"}
            if rng.random() < 0.85:
                grant["reduction"]["color_only"] = True
        name = f"defiler-{c}{k}"
        cards[name] = {"name": f"Defiler of {DEFILER_COLORS[c]}", "types": ["creature"], "cost": "{3}{" + c + "}{" + c + "}",
                       "grants": [grant]}
        field.append({"id": f"df{k}", "card": name})
        names.append((f"df{k}.{DEFILER_COLORS[c].lower()}", c))
    name, c = rng.choice(names)
    spell = dict(cards["spell"])
    if rng.random() < 0.6:
        spell["types"] = [rng.choice(PERMANENT_SPELL_TYPES)]
        pip = rng.choice(["{" + c + "}", "{" + c + "/" + rng.choice([x for x in "WUBRG" if x != c]) + "}", ""])
        spell["cost"] = str(spell.get("cost") or "") + pip
        if not pip:
            spell["colors"] = [NAMES[c]]
    cards["spell"] = spell
    optional = play.setdefault("optional", {})
    optional[name if rng.random() < 0.9 else "df9.vigor"] = rng.choice(["auto", "auto", "yes", "no"])
    if rng.random() < 0.2:
        you["life"] = rng.randint(1, 3)
    if rng.random() < 0.2:
        scenario.setdefault("objective", {}).setdefault("weights", {})["life"] = 0


MULTIPLIERS: list[tuple[str, dict[str, Any]]] = [
    ("mana-reflection", {"name": "Mana Reflection", "types": ["enchantment"], "cost": "{4}{G}{G}",
                         "mana_effects": [{"replace": {"sources": {}, "times": 2}}]}),
    ("nyxbloom", {"name": "Nyxbloom Ancient", "types": ["creature"], "cost": "{4}{G}{G}{G}",
                  "mana_effects": [{"replace": {"sources": {}, "times": 3}}]}),
    ("land-doubler", {"name": "Land Doubler", "types": ["enchantment"],
                      "mana_effects": [{"replace": {"sources": {"type": "land", "controller": "any"}, "times": 2}}]}),
]


def _times(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads a replacement's `times`: Mana Reflection,
    Nyxbloom Ancient or a land-only doubler (yours; the opponent's now and then, reaching only
    their own), with a Damping Sphere, a Dictate or a second multiplier beside it at times, over
    one to three lands and creatures of the Dictate theme's; pips in the played cost."""
    if not contract_reads("times"):
        return
    cards, state = scenario["cards"], scenario["state"]
    if "{S}" in json.dumps(scenario) or "spend_only" in json.dumps(cards):
        return
    field = _contract_field(rng, scenario, 2, effects=True)
    if field is None or not _effects_may_reach(scenario, field):
        return
    name, card = rng.choice(MULTIPLIERS)
    cards[name] = card
    if rng.random() < 0.15:
        state.setdefault("opponent", {}).setdefault("battlefield", []).append({"id": "omx", "card": name})
    else:
        field.append({"id": "mx", "card": name})
    if rng.random() < 0.3:
        other, card = rng.choice(MULTIPLIERS + DICTATES)
        if not (other in ("dictate", "zhur-taa", "my-dictate") and not contract_reads("produced")):
            cards[other] = card
            field.append({"id": "mx2", "card": other})
    for k in range(rng.choice([1, 1, 2, 3])):
        land, card = rng.choice(DICTATE_LANDS)
        cards[land] = card
        field.append({"id": f"mxl{k}", "card": land, "tapped": rng.random() < 0.1})
    _g2_pips(rng, scenario, "UBGWC", 4)


def _curse(rng: random.Random, scenario: dict[str, Any]) -> None:
    """Drawn by `_contract_theme` while the loader reads `attached_to: you | opponent` and
    `player: enchanted`: one or two Curses (a reduction or an increase for spells targeting the
    enchanted player; yours, the opponent's now and then) attached to a player (now and then to
    a permanent); the play targets you, the opponent, both or neither."""
    if not contract_reads("curse") or "ability" in scenario["play"]:
        return
    cards, state, play = scenario["cards"], scenario["state"], scenario["play"]
    field = _contract_field(rng, scenario, 6)
    if field is None:
        return
    for k in range(rng.choice([1, 1, 2])):
        change = rng.choice([{"reduction": {"generic": rng.randint(1, 2)}}, {"reduction": {"generic": 1}},
                             {"increase": "{1}"}])
        name = f"curse{k}"
        cards[name] = {"name": "Infectious Curse", "types": ["enchantment"], "tags": ["aura", "curse"],
                       "grants": [{**change, "applies_to": {"targets": {"player": "enchanted"}}}]}
        on = rng.choice(["opponent", "opponent", "you"])
        if rng.random() < 0.1 and field:
            on = str(field[0]["id"]) if isinstance(field[0], dict) and "id" in field[0] else on
        entry = {"id": f"cu{k}", "card": name, "attached_to": on}
        if rng.random() < 0.2:
            state.setdefault("opponent", {}).setdefault("battlefield", []).append({**entry, "id": f"ocu{k}"})
        else:
            field.append(entry)
    play["targets"] = rng.choice([["opponent"], ["opponent"], ["you"], ["you", "opponent"], []])
    if not play["targets"]:
        del play["targets"]


CONTRACT_THEMES = (_sacrificed, _all_types, _restricted_pool, _x_cost, _produced, _power, _storage_tap,
                   _each_count, _defiler, _times, _curse)


def _contract_theme(rng: random.Random, scenario: dict[str, Any]) -> None:
    """About 3 casts in 10: one of the contracts' themes, each as often (its key drawn in about
    1 cast in 50 once the loader reads it; a cast it changed takes no other theme). Its own
    stream, so every other draw is as before."""
    if rng.random() < 0.3:
        rng.choice(CONTRACT_THEMES)(rng, scenario)
