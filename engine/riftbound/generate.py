"""Seeded generators of benchmark scenarios, as plain data in the `payplan/1` format.

`generate(family, size, seed)` returns a dict that `engine.riftbound.loader.scenario_from_data`
reads (and that `payplan gen` writes as YAML or JSON, so other suites can run the very same cases). The same
(family, size, seed) always gives the same data: every random draw comes from one
`random.Random` seeded with the string `"{family}:{size}:{seed}"`.

Families, and what `size` means for each:

- `typical` (size: hand size, default 7): one turn as it usually is: a 7-card hand, 8 to 12 runes
  of two domains (a few exhausted), a small board, and up to 3 modifiers (Eager Apprentice-style
  grants with a minimum, Sky Splitter-style "costs less by the highest Might", an opponent's tax,
  a "[1] or [A] less" effect, Accelerate left to the planner, "discard a card and a spell" as an
  additional cost); about 29% of turns carry a real-card mechanic instead, at its frequency in
  the card pool (`_real_cards`: abilities, effects' payments, Hidden, tiers, ...).
- `hand` (size: 50, 200, 1000 cards in hand): a card with mandatory additional costs that discard
  (any card, and spells only) and kill a unit, over a large hand and board whose objects have
  different `value`s.
- `modifiers` (size: 4 to 24 discounts): a big printed cost over 6 runes and a little pool, and
  `size` discounts on the total: Energy with minimums, domain and `[A]` pips, both parts at once,
  "[1] or [A]" through `choice`, component discounts on Accelerate and Repeat (left `auto`), and
  conditions that hold or don't (`from`, `flag`, `phase`, `printed_at_least`).
- `sources` (size: 12 to 60 runes): a play with many Power pips, paid from runes (some exhausted,
  some with a `value`), Seals (exhaust: add one Power of their domain), Gold tokens (kill and
  exhaust: add [A]), and sources restricted with `only_for`.

`payplan gen` (`benchmarks.generate`) writes them as files.
"""

from __future__ import annotations

import random
from typing import Any

Data = dict[str, Any]

FAMILIES: tuple[str, ...] = ("typical", "hand", "modifiers", "sources", "turn")
DEFAULT_SIZE: dict[str, int] = {"typical": 7, "hand": 200, "modifiers": 8, "sources": 24,
                                "turn": 7}
SIZES: dict[str, tuple[int, ...]] = {
    "typical": (7,),
    "hand": (50, 200, 1000),
    "modifiers": (4, 6, 8, 12, 16, 20, 24),
    "sources": (12, 24, 36, 48, 60),
    "turn": (4, 7, 12),
}
ABOUT: dict[str, str] = {"typical": "a usual turn: 7 cards, 8-12 runes, a few modifiers",
                         "hand": "a large hand paying discard and kill costs",
                         "modifiers": "SIZE discounts on the total",
                         "sources": "SIZE runes with Seals, Gold tokens and restricted sources",
                         "turn": "a turn of SIZE cards in hand, 10-12 runes, plays whose order "
                                 "matters"}
DOMAINS: tuple[str, ...] = ("fury", "calm", "mind", "body", "chaos", "order")

# The card library every scenario starts from; each family adds the cards it needs.
BASE_CARDS: Data = {
    "grunt": {"name": "Grunt", "type": "unit", "domains": ["fury"], "cost": {"energy": 2},
              "might": 2, "tags": ["poro"]},
    "warden": {"name": "Warden", "type": "unit", "domains": ["calm"], "cost": {"energy": 3},
               "might": 3},
    "sage": {"name": "Sage", "type": "unit", "domains": ["mind"], "cost": {"energy": 1},
             "might": 1},
    "brute": {"name": "Brute", "type": "unit", "domains": ["body"], "cost": {"energy": 5},
              "might": 5},
    "colossus": {"name": "Stone Colossus", "type": "unit", "domains": ["body"],
                 "cost": {"energy": 7}, "might": 7},
    "spark": {"name": "Spark", "type": "spell", "domains": ["chaos"], "cost": {"energy": 1}},
    "bolt": {"name": "Bolt", "type": "spell", "domains": ["fury"],
             "cost": {"energy": 2, "power": {"fury": 1}}},
    "insight": {"name": "Insight", "type": "spell", "domains": ["mind"],
                "cost": {"energy": 3, "power": {"mind": 1}}},
    "relic": {"name": "Relic", "type": "gear", "domains": ["order"], "cost": {"energy": 2}},
}
FILLER: tuple[str, ...] = ("grunt", "warden", "sage", "brute", "spark", "bolt", "insight", "relic")
UNITS: tuple[str, ...] = ("grunt", "warden", "sage", "brute", "colossus")
FLAG = "rallied"


def generate(family: str, size: int | None = None, seed: int = 0) -> Data:
    """One scenario of `family` at `size` (the family's default when None), as plain data."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r} (one of: {', '.join(FAMILIES)})")
    if size is None:
        size = DEFAULT_SIZE[family]
    if size < 0:
        raise ValueError(f"size must be at least 0, got {size}")
    rng = random.Random(f"{family}:{size}:{seed}")
    build = {"typical": _typical, "hand": _hand, "modifiers": _modifiers, "sources": _sources,
             "turn": _turn}
    data = build[family](rng, size)
    data["format"] = "payplan/1"
    return {key: data[key] for key in ("format", "cards", "state", "play", "objective", "turn")
            if key in data}


# --- Pieces -------------------------------------------------------------------------------------


def _runes(rng: random.Random, count: int, domains: list[str], exhausted: float = 0.15,
           valued: float = 0.0) -> list[Data]:
    out: list[Data] = []
    for i in range(count):
        rune: Data = {"id": f"r{i + 1}", "domain": rng.choice(domains)}
        if rng.random() < exhausted:
            rune["exhausted"] = True
        if rng.random() < valued:
            rune["value"] = rng.randint(1, 6)
        out.append(rune)
    return out


def _objects(rng: random.Random, prefix: str, count: int, cards: tuple[str, ...],
             valued: float = 0.0, board: bool = False) -> list[Data]:
    out: list[Data] = []
    for i in range(count):
        obj: Data = {"id": f"{prefix}{i + 1}", "card": rng.choice(cards)}
        if rng.random() < valued:
            obj["value"] = rng.randint(1, 9)
        if board:
            obj["location"] = rng.choice(["base", "battlefield"])
        out.append(obj)
    return out


def _played_card(rng: random.Random, name: str, domains: list[str], energy: int,
                 power: dict[str, int], card_type: str = "spell") -> Data:
    card: Data = {"name": name, "type": card_type, "domains": domains,
                  "cost": {"energy": energy, "power": power} if power else {"energy": energy}}
    if card_type == "unit":
        card["might"] = rng.randint(2, 6)
    return card


def _grant_unit(name: str, domain: str, grant: Data, might: int = 2) -> Data:
    return {"name": name, "type": "unit", "domains": [domain], "cost": {"energy": 2},
            "might": might, "grants": [grant]}


# --- typical ------------------------------------------------------------------------------------


def _typical(rng: random.Random, size: int) -> Data:
    """A usual turn: a hand of `size` (7), 8-12 runes, a small board, up to 3 modifiers."""
    cards: Data = dict(BASE_CARDS)
    domains = rng.sample(DOMAINS[:4], 2)
    card_type = rng.choice(["spell", "spell", "unit"])
    power = {domains[0]: rng.randint(0, 2)} if rng.random() < 0.8 else {}
    power = {k: v for k, v in power.items() if v}
    if rng.random() < 0.3:
        power["any"] = 1
    card = _played_card(rng, "Gambit", [domains[0]], rng.randint(2, 7), power, card_type)
    runes = _runes(rng, rng.randint(8, 12), domains, exhausted=0.2)
    hand = [{"id": "h1", "card": "gambit"}] + _objects(rng, "h", max(0, size - 1), FILLER)
    for i, obj in enumerate(hand[1:], start=2):
        obj["id"] = f"h{i}"
    board = _objects(rng, "u", rng.randint(1, 3), UNITS, board=True)
    enemy = _objects(rng, "e", rng.randint(0, 2), UNITS, board=True)
    trash = _objects(rng, "t", rng.randint(0, 4), FILLER)
    play: Data = {"object": "h1"}
    flags: list[str] = []
    kinds = ["apprentice", "splitter", "tax", "either", "accelerate", "per_played", "rally",
             "offering"]
    for kind in rng.sample(kinds, rng.randint(0, 3)):
        if kind == "apprentice":  # Eager Apprentice: [1] less to a minimum of [1], at a battlefield
            cards["apprentice"] = _grant_unit("Eager Apprentice", "mind", {
                "discount": {"id": "apprentice", "energy": 1, "minimum": {"energy": 1}},
                "applies_to": {"type": card_type}, "while": {"at": "battlefield"}})
            board.append({"id": "u-apprentice", "card": "apprentice",
                          "location": rng.choice(["battlefield", "battlefield", "base"])})
        elif kind == "splitter":  # Sky Splitter: costs less by the highest Might among your units
            card["discounts"] = [{"id": "splitter", "energy": {"max": "might",
                                                               "of": {"type": "unit"}}}]
        elif kind == "tax":  # an opponent's unit: your spells cost [1] more
            cards["taxer"] = _grant_unit("Taxer", "order", {
                "increase": {"id": "tax", "energy": 1},
                "applies_to": {"controller": "opponent"}})
            enemy.append({"id": "e-taxer", "card": "taxer", "location": "base"})
        elif kind == "either":  # the instructing effect: "[1] or [A] less"
            play["discounts"] = [{"id": "either", "choice": [{"energy": 1},
                                                             {"power": {"any": 1}}]}]
        elif kind == "accelerate":
            card.setdefault("keywords", {})["accelerate"] = True
            play["optional"] = {"accelerate": "auto"}
        elif kind == "per_played":
            card.setdefault("discounts", []).append(
                {"id": "momentum", "energy": {"per": "played_this_turn", "times": 1},
                 "minimum": {"energy": 1}})
        elif kind == "offering":  # as an additional cost, discard a card and discard a spell
            card["additional_costs"] = [{"id": "offering", "mandatory": True, "cost": {"other": [
                {"discard": 1}, {"discard": {"count": 1, "filter": {"type": "spell"}}}]}}]
        else:  # a rallied discount on Power, only when the flag is set
            cards["herald"] = _grant_unit("Herald", domains[0], {
                "discount": {"id": "herald", "power": {"any": 1}, "if": {"flag": FLAG}},
                "applies_to": {}})
            board.append({"id": "u-herald", "card": "herald", "location": "base"})
            if rng.random() < 0.6:
                flags.append(FLAG)
    cards["gambit"] = card
    you: Data = {"runes": runes, "hand": hand, "board": board, "trash": trash}
    if rng.random() < 0.3:
        you["pool"] = {"energy": rng.randint(1, 2)}
    state: Data = {"phase": "main", "turn": "you", "played_this_turn": rng.randint(0, 3),
                   "you": you}
    if flags:
        state["flags"] = flags
    if enemy:
        state["opponent"] = {"board": enemy}
    objective: Data = {"benefits": {"accelerate": rng.randint(0, 5)}}
    data: Data = {"cards": cards, "state": state, "play": play, "objective": objective}
    _real_cards(random.Random(rng.random()), data, domains)
    return data


def _real_cards(rng: random.Random, data: Data, domains: list[str]) -> None:
    """The real-card mechanics, at about their frequency in the real card pool: an ability instead
    of a card (about 150 of the 930 cards have a paid ability: Equip with a domain pip, Empower,
    "[1], [E]: ..."), a Hidden card played from facedown (39), a once-per-turn gear discount
    (Ornn's Forge), Level tiers (Master Yi, Concentrate), "any number" costs (Ledros, Kraken
    Hunter), a victim's printed cost (Atakhan), an effect's "you may pay X" (about 28: Power
    Nexus), an Empower [1] less per rune (3 of the 38 Empower cards: Frostcoat Mother) and an [A]
    for gear or gear abilities (Ornn, Renekton: 2). Drawn from their own stream, so the rest of the
    turn is as before."""
    cards, state, play = data["cards"], data["state"], data["play"]
    you = state["you"]
    card = cards["gambit"]
    roll = rng.random()
    if roll < 0.15:  # an ability of a gear on the board
        cards["blade"] = {"type": "gear", "domains": [domains[0]], "cost": {"energy": 2},
                          "abilities": [
                              {"id": "equip", "kind": "equip", "cost": {"power": {domains[0]: 1}},
                               "targets": {"type": "unit"}},
                              {"id": "empower", "kind": "empower", "cost": {"energy": 3}},
                              {"id": "strike", "cost": {"energy": 1, "other": ["exhaust_self"]}}]}
        you["board"].append({"id": "g-blade", "card": "blade", "location": "base"})
        ability = rng.choice(["equip", "empower", "strike"])
        data["play"] = {"ability": {"object": "g-blade", "id": ability}}
        if ability == "empower" and rng.random() < 0.08:  # Frostcoat Mother: [1] less per rune
            cards["blade"]["abilities"][1] = {
                "id": "empower", "kind": "empower", "cost": {"energy": 12},
                "discounts": [{"id": "frostcoat", "energy": {"count": {}, "zone": "runes"}}]}
        if rng.random() < 0.02:  # Ornn's legend: [A] for gear or gear abilities
            cards["ornn"] = {"type": "unit", "domains": [domains[1]], "cost": {"energy": 0}}
            you["board"].append({"id": "l-ornn", "card": "ornn"})
            you.setdefault("sources", []).append({
                "id": "l-ornn", "adds": {"power": {"any": 1}}, "costs": ["exhaust"],
                "only_for": {"type": "gear", "ability": "or_card"}})
        if ability == "equip":
            data["play"]["targets"] = [you["board"][0]["id"]]
        if rng.random() < 0.3:  # a Weaponmaster unit: Equip costs [domain] less
            cards["weaponmaster"] = _grant_unit("Weaponmaster", domains[0], {
                "discount": {"id": "weaponmaster", "power": {domains[0]: 1}},
                "applies_to": {"ability": "equip"}})
            you["board"].append({"id": "u-weaponmaster", "card": "weaponmaster"})
        return
    if roll < 0.18:  # an effect's "you may pay X" (Power Nexus: [A] x4 to score)
        pips = rng.choice([1, 2, 4])
        cards["nexus"] = {"type": "gear", "abilities": [
            {"id": "pay", "kind": "payment", "cost": {"power": {"any": pips}}}]}
        you["board"].append({"id": "g-nexus", "card": "nexus"})
        data["play"] = {"ability": {"object": "g-nexus", "id": "pay"}}
        return
    if roll < 0.23:  # a Hidden card hidden on an earlier turn, played as a reaction
        card.setdefault("keywords", {})["hidden"] = True
        you["hand"] = [o for o in you["hand"] if o["id"] != "h1"]
        you["facedown"] = [{"id": "h1", "card": "gambit", "location": "battlefield"}]
        return
    if roll < 0.25:  # Ornn's Forge: the first gear each turn costs [1] less
        cards["forge"] = {"type": "gear", "grants": [{"id": "forge", "once_per_turn": True,
                                                      "discount": {"energy": 1}}]}
        you["board"].append({"id": "g-forge", "card": "forge"})
        if rng.random() < 0.5:
            you["used_this_turn"] = ["forge"]
    elif roll < 0.27:  # Level tiers, each instead of the lower one
        you["xp"] = rng.choice([0, 3, 6, 11])
        card.setdefault("discounts", []).append({"id": "level", "tiers": [
            {"energy": 1, "if": {"level_at_least": 3}},
            {"energy": 2, "if": {"level_at_least": 6}},
            {"energy": 4, "if": {"level_at_least": 11}}]})
    elif roll < 0.28:  # kill any number of friendly units, a pip less for each
        card.setdefault("additional_costs", []).append({
            "id": "sacrifice", "mandatory": False, "repeatable": True,
            "cost": {"other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]},
            "unlocks": [{"power": {"any": 1}, "per_payment": True}]})
        play.setdefault("optional", {})["sacrifice"] = "auto"
    elif roll < 0.29:  # kill a unit: its printed Energy less
        card.setdefault("additional_costs", []).append({
            "id": "victim", "mandatory": False,
            "cost": {"other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]},
            "unlocks": [{"energy": {"printed_energy_of": "paid", "cost": "victim"}}]})
        play.setdefault("optional", {})["victim"] = "auto"


# --- hand ---------------------------------------------------------------------------------------


def _hand(rng: random.Random, size: int) -> Data:
    """A card that discards and kills as additional costs, over a hand of `size` cards."""
    cards: Data = dict(BASE_CARDS)
    domain = rng.choice(DOMAINS[:4])
    cards["ritual"] = {
        "name": "Dark Ritual", "type": "spell", "domains": [domain],
        "cost": {"energy": rng.randint(2, 5), "power": {domain: 1}},
        "additional_costs": [
            {"id": "offering", "mandatory": True,
             "cost": {"other": [{"discard": rng.randint(1, 3)},
                                {"discard": {"count": rng.randint(1, 2),
                                             "filter": {"type": "spell"}}}]}},
            {"id": "sacrifice", "mandatory": True,
             "cost": {"other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}},
        ],
    }
    hand = [{"id": "h1", "card": "ritual"}] + _objects(rng, "h", max(0, size - 1), FILLER,
                                                       valued=0.5)
    for i, obj in enumerate(hand[1:], start=2):
        obj["id"] = f"h{i}"
    board = _objects(rng, "u", max(3, size // 20), UNITS, valued=0.6, board=True)
    runes = _runes(rng, 10, [domain, rng.choice(DOMAINS[:4])], exhausted=0.1)
    you: Data = {"runes": runes, "hand": hand, "board": board,
                 "trash": _objects(rng, "t", rng.randint(0, 10), FILLER)}
    return {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you},
            "play": {"object": "h1"}}


# --- modifiers ----------------------------------------------------------------------------------


def _modifiers(rng: random.Random, size: int) -> Data:
    """`size` discounts over a big cost: minimums, pips, both parts, choices, conditions."""
    cards: Data = dict(BASE_CARDS)
    d1, d2 = rng.sample(DOMAINS[:3], 2)
    cards["design"] = {
        "name": "Grand Design", "type": "spell", "domains": [d1, d2],
        "cost": {"energy": 6 + size // 2 + rng.randint(0, 2),
                 "power": {d1: 1 + size // 12, d2: 1, "any": 1 + size // 8}},
        "keywords": {"accelerate": {"energy": 1, "power": {d1: 1}},
                     "repeat": [{"energy": 2, "power": {"any": 1}}]},
    }
    flags = [FLAG] if rng.random() < 0.5 else []
    board: list[Data] = []
    one_shot: list[Data] = []
    for i in range(size):
        discount = _random_discount(rng, f"m{i + 1}", (d1, d2))
        if rng.random() < 0.4:
            one_shot.append(discount)
        else:
            card_id = f"mod-{i + 1}"
            cards[card_id] = _grant_unit(f"Patron {i + 1}", rng.choice(DOMAINS),
                                         {"discount": discount, "applies_to": {"type": "spell"}})
            board.append({"id": f"u{i + 1}", "card": card_id, "location": "base"})
    runes: list[Data] = [{"id": f"r{i + 1}", "domain": d}
                         for i, d in enumerate([d1, d1, d1, d2, d2, d1])]
    runes[-1]["exhausted"] = True
    you: Data = {"runes": runes, "pool": {"energy": rng.randint(0, 2)},
                 "hand": [{"id": "h1", "card": "design"}, {"id": "h2", "card": "spark"}],
                 "board": board}
    play: Data = {"object": "h1", "optional": {"accelerate": "auto", "repeat": "auto"}}
    if one_shot:
        play["discounts"] = one_shot
    state: Data = {"phase": "main", "turn": "you", "you": you}
    if flags:
        state["flags"] = flags
    objective: Data = {"benefits": {"accelerate": 2, "repeat": 4}}
    return {"cards": cards, "state": state, "play": play, "objective": objective}


def _random_discount(rng: random.Random, ident: str, domains: tuple[str, str]) -> Data:
    shape = rng.choice(["energy", "energy", "energy", "domain", "any", "both", "choice",
                        "component"])
    d: Data = {"id": ident}
    if shape == "energy":
        d["energy"] = rng.randint(1, 3)
        if rng.random() < 0.6:
            d["minimum"] = {"energy": rng.randint(1, 4)}
    elif shape == "domain":
        d["power"] = {rng.choice(domains): 1}
        if rng.random() < 0.4:
            d["minimum"] = {"power": 1}
    elif shape == "any":
        d["power"] = {"any": rng.randint(1, 2)}
        if rng.random() < 0.4:
            d["minimum"] = {"power": rng.randint(1, 2)}
    elif shape == "both":
        d["energy"] = rng.randint(1, 2)
        d["power"] = {rng.choice((*domains, "any")): 1}
        if rng.random() < 0.5:
            d["minimum"] = {"energy": rng.randint(1, 3)}
    elif shape == "choice":  # "[1] or [A] less"
        d["choice"] = [{"energy": rng.randint(1, 2)}, {"power": {"any": 1}}]
        if rng.random() < 0.4:
            d["minimum"] = {"energy": rng.randint(1, 2)}
    else:  # a discount on one optional part: Accelerate, Repeat, or any optional cost
        d["component"] = rng.choice(["accelerate", "repeat", "optional"])
        d["energy"] = 1
    if rng.random() < 0.3:
        d["if"] = rng.choice([{"from": "hand"}, {"flag": FLAG}, {"phase": "showdown"},
                              {"printed_at_least": {"energy": 5}}, {"not_from": "hand"}])
    return d


# --- sources ------------------------------------------------------------------------------------


def _sources(rng: random.Random, size: int) -> Data:
    """`size` runes plus Seals, Gold tokens and restricted sources, for a Power-heavy play."""
    cards: Data = dict(BASE_CARDS)
    domains = rng.sample(DOMAINS[:4], 3)
    pips = max(3, size // 5)
    power: dict[str, int] = {}
    for _ in range(pips):
        key = rng.choice([*domains, domains[0], "any"])
        power[key] = power.get(key, 0) + 1
    card_type = rng.choice(["spell", "unit"])
    cards["invocation"] = _played_card(rng, "Invocation", [domains[0]],
                                       max(2, size // 3 + rng.randint(-2, 2)), power, card_type)
    for d in DOMAINS:
        cards[f"{d}-seal"] = {"name": f"{d.title()} Seal", "type": "gear", "domains": [d],
                              "cost": {"energy": 1}}
    cards["gold"] = {"name": "Gold", "type": "token"}
    cards["battery"] = {"name": "Battery", "type": "gear", "domains": ["order"],
                        "cost": {"energy": 2}}
    board: list[Data] = []
    sources: list[Data] = []
    for i in range(max(1, size // 6)):  # Seals: exhaust: add one Power of the Seal's domain
        d = rng.choice(domains)
        obj: Data = {"id": f"s{i + 1}", "card": f"{d}-seal", "location": "base"}
        if rng.random() < 0.15:
            obj["exhausted"] = True
        board.append(obj)
        source: Data = {"id": obj["id"], "adds": {"power": {d: 1}}, "costs": ["exhaust"]}
        if rng.random() < 0.3:
            source["only_for"] = {"type": rng.choice(["spell", "unit"])}
        sources.append(source)
    for i in range(max(1, size // 10)):  # Gold tokens: kill, exhaust: add [A]
        obj = {"id": f"g{i + 1}", "card": "gold", "location": "base"}
        if rng.random() < 0.4:
            obj["value"] = rng.randint(1, 6)
        board.append(obj)
        sources.append({"id": obj["id"], "adds": {"power": {"any": 1}},
                        "costs": ["kill", "exhaust"]})
    for i in range(max(1, size // 12)):  # Batteries: exhaust: add [1], for one card type only
        obj = {"id": f"b{i + 1}", "card": "battery", "location": "base"}
        board.append(obj)
        sources.append({"id": obj["id"], "adds": {"energy": 1}, "costs": ["exhaust"],
                        "only_for": {"type": rng.choice(["spell", "unit"])}})
    rng.shuffle(board)
    runes = _runes(rng, size, domains, exhausted=0.25, valued=0.2)
    you: Data = {"runes": runes, "hand": [{"id": "h1", "card": "invocation"}],
                 "board": board, "sources": sources}
    if rng.random() < 0.3:
        you["pool"] = {"power": {rng.choice(domains): 1}}
    return {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you},
            "play": {"object": "h1"}}


# --- The command --------------------------------------------------------------------------------


# --- turn ---------------------------------------------------------------------------------------

TURN_CARDS: Data = {
    # Plays whose order matters (`docs/turns.md`): a unit whose grant discounts the
    # spells after it, a Legion card, a discard that feeds a Flow card in the trash, a ritual
    # that adds Energy for the plays after it, an [A] spell and domain spells competing for
    # the one rune of a domain, a once-per-turn discount.
    "apprentice": {"name": "Eager Apprentice", "type": "unit", "domains": ["mind"],
                   "cost": {"energy": 2}, "might": 1,
                   "grants": [{"discount": {"id": "apprentice", "energy": 1,
                                            "minimum": {"energy": 1}},
                               "applies_to": {"type": "spell"}}]},
    "legionnaire": {"name": "Noxus Hopeful", "type": "unit", "domains": ["fury"],
                    "cost": {"energy": 4}, "might": 3,
                    "discounts": [{"id": "legion", "energy": 2,
                                   "if": {"played_this_turn_at_least": 1}}]},
    "offering": {"name": "Dark Offering", "type": "spell", "domains": ["chaos"],
                 "cost": {"energy": 1},
                 "additional_costs": [{"id": "toss", "mandatory": True,
                                       "cost": {"other": [{"discard": 1}]}}]},
    "echo": {"name": "Echoing Strike", "type": "spell", "domains": ["chaos"],
             "cost": {"energy": 5}, "keywords": {"flow": [{"energy": 1}]}},
    "ritual": {"name": "Blood Ritual", "type": "spell", "domains": ["body"],
               "cost": {"energy": 1}, "effect": {"adds": {"energy": 3}}},
    "wild": {"name": "Wild Bolt", "type": "spell", "domains": ["fury"],
             "cost": {"energy": 1, "power": {"any": 1}}},
    "forge": {"name": "Ornn's Forge", "type": "gear", "domains": ["order"],
              "cost": {"energy": 2},
              "grants": [{"id": "forge", "once_per_turn": True,
                          "discount": {"energy": 1}, "applies_to": {"type": "gear"}}]},
    "relic": {"name": "Relic", "type": "gear", "domains": ["order"], "cost": {"energy": 2}},
}


def _turn(rng: random.Random, size: int) -> Data:
    """A turn to plan: `size` cards in hand (7), 10-12 runes of two domains, a few board units;
    the hand mixes filler cards with plays whose order matters (`TURN_CARDS`), a domain spell
    per rune domain, and values that make some plays worth more. No `play`: a `turn:` instead."""
    cards: Data = dict(BASE_CARDS)
    cards.update(TURN_CARDS)
    domains = rng.sample(DOMAINS[:4], 2)
    for d in domains:
        cards[f"{d}-spell"] = {"name": f"{d.title()} Spell", "type": "spell", "domains": [d],
                               "cost": {"energy": rng.randint(1, 3), "power": {d: 1}}}
    runes = _runes(rng, rng.randint(10, 12), domains, exhausted=0.35)
    interesting = ["apprentice", "legionnaire", "offering", "echo", "ritual", "wild", "forge",
                   "relic", f"{domains[0]}-spell", f"{domains[1]}-spell"]
    picks = rng.sample(interesting, min(len(interesting), max(1, size * 2 // 3)))
    if "offering" in picks and "echo" not in picks and rng.random() < 0.7:
        picks.append("echo")
    fillers = [rng.choice(FILLER) for _ in range(max(0, size - len(picks)))]
    chosen = (picks + fillers)[:size]
    rng.shuffle(chosen)
    hand = [{"id": f"h{i + 1}", "card": card} for i, card in enumerate(chosen)]
    board = _objects(rng, "u", rng.randint(0, 2), UNITS, board=True)
    turn: Data = {"candidates": "auto"}
    values = {h["id"]: rng.choice([1, 1, 1, 2, 3]) for h in hand if rng.random() < 0.4}
    if values:
        turn["values"] = values
    you: Data = {"runes": runes, "hand": hand, "board": board}
    if rng.random() < 0.3:
        you["pool"] = {"energy": rng.randint(1, 2)}
    return {"cards": cards, "state": {"phase": "main", "turn": "you", "you": you},
            "turn": turn}
