"""Small generated `mtg/1` turns (docs/turns.md), as raw scenario dicts, for the turn brute
force (payplan.benchmarks.mtg.reference.turn).

`random_turn(rng)` draws one turn from a `random.Random` (a seed replays it exactly): the base
format's turns, a stream other suites replay by seed (kept byte for byte);
`random_turn(rng, every_key=True)` draws every key the turn reads as well (TURN_KEYS, each met
in a few hundred turns); `turns(seed, n)` is the stream the tests and the campaign use (every
key). At most 6 candidates (hand cards, flashback cards in the graveyard, permanents' activated
abilities; `most` fewer) and at most 4 permanents that make mana (the larger hands get fewer),
so the brute force answers most in well under a second.

What makes order matter is drawn on purpose:
- colors a later cast needs: lands of two or three colors, several casts sharing a color, hybrid
  pips; a land that makes either of two colors;
- land drops (a land in hand, sometimes entering tapped, sometimes the turn's land already played);
- rituals (`effect: {adds}`) whose mana pays the casts after them;
- creatures and artifacts that make mana: an artifact played first taps for a later cast, a
  creature played first is summoning sick (its {T} can't pay, 302.6) but can convoke;
- cost reducers played first (a grant discounting instants and sorceries), convoke, delve (a cast
  discarding to the graveyard feeds a later delve), improvise, Treasures, a life-paying land,
  discard and sacrifice costs, kicker (`auto`, with a benefit), X (the largest payable on the
  state it meets), flashback from the graveyard, activated abilities ({T} and a mana cost);
- values, max_plays, mana already in the pool, another phase (no land play, no sorcery);
- with `every_key`: mana abilities with every kind of cost (a filter land, Ashnod's Altar,
  Seton's tap of another creature, a land paying life only, Eye of Ramos tapped then
  sacrificed, Druids' Repository and a storage land removing counters, Benthic Explorers
  untapping an opponent's land, Charmed Pendant milling known cards, restricted mana,
  Reflecting Pool and Exotic Orchard reading the types on the state each play meets);
  Serrated Arrows' counters, a planeswalker's loyalty abilities, Torgaar's "sacrifice any
  number", cycling from the hand; what a cast leaves (Treasures or creature tokens, Frantic
  Search's untap, a "next spell costs less" effect, effects already in `state.you.effects`),
  haste and Goblin Warchief's haste grant; Mycosynth Lattice's `spend_as_any_color`, K'rrik's
  `life_for` (in play or cast first), restricted mana already in the pool, snow (a snow land,
  {S} pips, the pool's snow part).
"""

from __future__ import annotations

import random
from typing import Any, Iterator

COLORS = "WUBRG"
MAX_CANDIDATES = 6

# Every turn key the generator draws (tests/test_mtg_turn_reference.py checks each is met).
TURN_KEYS = ("turn.candidates", "turn.values", "turn.max_plays", "state.lands_played_this_turn",
             "card.effect.adds", "card.enters_tapped", "card.mana.costs.mana",
             "card.mana.costs.sacrifice", "card.mana.costs.tap_untapped",
             "card.mana.costs.pay_life", "card.mana.free", "card.mana.costs.remove_counters",
             "card.mana.per.removed", "card.abilities.costs.remove_counters",
             "card.abilities.loyalty", "object.counters", "object.loyalty_activated",
             "card.additional.count.any", "card.reductions.per_paid", "card.abilities.zone.hand",
             "card.abilities.cycling", "card.effect.tokens", "card.effect.untap",
             "card.effect.grants", "card.haste", "card.grants.haste", "state.you.effects",
             "card.mana.costs.untap", "card.mana.adds.untapped", "card.mana.only_for",
             "card.mana.adds.milled", "card.mana.costs.mill", "state.you.library_top",
             "card.spend_only", "state.you.spend_as_any_color", "card.life_for",
             "state.you.restricted_pool", "card.mana.adds.any_type", "card.mana.adds.any_color",
             "card.snow", "card.cost.snow", "state.you.snow_pool")


def _pip(rng: random.Random, colors: str) -> str:
    kind = rng.choices(["color", "generic", "hybrid", "phyrexian"], weights=[6, 5, 1, 1])[0]
    a = rng.choice(colors)
    if kind == "generic":
        return f"{{{rng.randint(1, 2)}}}"
    if kind == "hybrid":
        b = rng.choice([c for c in COLORS if c != a])
        return f"{{{a}/{b}}}"
    if kind == "phyrexian":
        return f"{{{a}/P}}"
    return f"{{{a}}}"


def _cost(rng: random.Random, colors: str, lo: int = 1, hi: int = 3) -> str:
    pips = [_pip(rng, colors) for _ in range(rng.randint(lo, hi))]
    generic = sum(int(p[1:-1]) for p in pips if p[1:-1].isdigit())
    rest = [p for p in pips if not p[1:-1].isdigit()]
    return (f"{{{generic}}}" if generic else "") + "".join(rest)


# The one permanent besides the lands that makes mana (a draw decides which): the base kinds,
# then the kinds `every_key` adds, with their weights.
EXTRAS = {"none": 4, "treasure": 2, "brass": 1, "rock": 2, "elf": 2, "sol": 1}
NEW_EXTRAS = {"filter": 2, "altar": 1, "seton": 1, "lifeland": 1, "eye": 1, "repository": 1,
              "storage": 1, "explorer": 2, "cavern": 2, "pendant": 2, "reflect": 2}


def _extra_body(rng: random.Random, extra: str, a: str, b: str) -> dict[str, Any]:
    """The card of the extra mana permanent, `a` and `b` the turn's first two colors."""
    if extra == "treasure":
        return {"types": ["artifact"], "tags": ["treasure", "token"],
                "mana": [{"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]}
    if extra == "brass":
        return {"types": ["land"], "mana": [{"adds": f"{{{a}}}|{{{b}}}", "costs": ["tap", {"pay_life": 1}]}]}
    if extra == "rock":
        return {"types": ["artifact"], "mana": [{"adds": "{C}"}]}
    if extra == "elf":
        return {"types": ["creature"], "colors": ["green"], "mana": [{"adds": f"{{{a}}}"}]}
    if extra == "sol":
        return {"types": ["artifact"], "mana": [{"adds": "{C}{C}"}]}
    if extra == "filter":       # a filter land (Sunken Ruins): its cost paid from mana made before
        return {"types": ["land"], "mana": [{"adds": f"{{{a}}}{{{a}}}|{{{a}}}{{{b}}}|{{{b}}}{{{b}}}",
                                             "costs": ["tap", rng.choice([f"{{{a}/{b}}}", "{1}"])]}]}
    if extra == "altar":        # Ashnod's Altar: neither taps nor sacrifices itself
        return {"types": ["artifact"], "mana": [{"adds": "{C}{C}", "costs": [
            {"sacrifice": {"count": 1, "filter": {"type": "creature"}}}]}]}
    if extra == "seton":        # "tap an untapped creature": a sick one may be tapped so
        return {"types": ["creature"], "mana": [{"adds": f"{{{a}}}", "costs": [
            {"tap_untapped": {"count": 1, "filter": {"type": "creature"}}}]}]}
    if extra == "lifeland":     # pays life only, as often as the life allows
        return {"types": ["land"], "mana": [{"adds": f"{{{b}}}", "costs": [{"pay_life": 1}]}]}
    if extra == "eye":          # Eye of Ramos: tapped for mana, then sacrificed for more
        return {"types": ["artifact"], "mana": [{"adds": f"{{{a}}}"},
                                                {"adds": f"{{{a}}}", "costs": ["sacrifice_self"]}]}
    if extra == "repository":   # Druids' Repository: a charge counter a mana
        return {"types": ["enchantment"], "mana": [{"adds": f"{{{a}}}|{{{b}}}", "costs": [
            {"remove_counters": {"kind": "charge", "count": 1}}]}]}
    if extra == "storage":      # a storage land (Calciform Pools): {1}, remove X: X mana
        return {"types": ["land"], "mana": [{"adds": f"{{{a}}}|{{{b}}}", "per": "removed", "costs": [
            "{1}", {"remove_counters": {"kind": "storage", "count": "X"}}]}]}
    if extra == "explorer":     # Benthic Explorers: untap an opponent's tapped land
        return {"types": ["creature"], "mana": [{"adds": rng.choice(["untapped", f"{{{b}}}"]), "costs": [
            "tap", {"untap": {"count": 1, "filter": {"type": "land", "controller": "opponent"}}}]}]}
    if extra == "reflect":      # 106.7: Reflecting Pool (your lands), Exotic Orchard (theirs)
        if rng.random() < 0.6:
            return {"types": ["land"], "mana": [{"adds": "any_type", "of": {"type": "land"}}]}
        return {"types": ["land"], "mana": [{"adds": "any_color",
                                             "of": {"type": "land", "controller": "opponent"}}]}
    if extra == "pendant":      # Charmed Pendant: {T}, mill a card: its colored symbols' mana
        return {"types": ["artifact"], "mana": [{"adds": "milled", "costs": ["tap", {"mill": 1}]}]}
    # Restricted mana (106.6): it keeps its restriction in the pool, for later casts too.
    return {"types": ["land"], "mana": [{"adds": rng.choice([f"{{{a}}}{{{a}}}", f"{{{a}}}"]),
                                         "only_for": rng.choice([{"type": "creature"},
                                                                 {"type": ["instant", "sorcery"]},
                                                                 {"ability": "activated"}])}]}


# The permanents whose turns the planner answers wrongly today (tests/test_mtg_turn_reference.py's
# PLANNER_BUGS, none now): the fast lane's fresh turns leave them out (`avoid`) until the planner
# is fixed; the campaign draws them.
PLANNER_BUG_SOURCES: tuple[str, ...] = ()


# The refusals the turn keeps (each line exactly as the loader words it, after its path; the
# turn-keys contracts' lists): a turn the planner refuses with these lines only is skipped by the
# comparison (the tests and the campaign); any other refusal is a disagreement.
STILL_REFUSED = {
    "morph is not supported by `payplan turn` (plan each cast face down and each turn_face_up "
    "with `payplan plan`)",
    "life_for is not supported by `payplan turn` (plan each cast with `payplan plan`)",
    "mana_effects is not supported by `payplan turn` (nor `plays` paid together): mana effects "
    "are planned one play at a time (`payplan plan`, `play`)",
    "attached_to is not supported by `payplan turn` (nor `plays` paid together): mana effects "
    "are planned one play at a time (`payplan plan`, `play`)",
    "spend_only is not supported by `payplan turn` (plan each cast with `payplan plan`)",
    "{S} (snow mana) is not supported by `payplan turn` (plan each cast with `payplan plan`)",
    "spend_as_any_color is not supported by `payplan turn` (nor `plays` paid together): plan each "
    "play with `payplan plan` or `play`",
    "adds: any_type is not supported by `payplan turn` (nor `plays` paid together): plan each "
    "cast with `payplan plan` or `play`",
    "adds: any_color is not supported by `payplan turn` (nor `plays` paid together): plan each "
    "cast with `payplan plan` or `play`",
}


def still_refused(problems: list[Any]) -> bool:
    """Whether a refusal (a ScenarioError's problems) names only keys the turn still refuses."""
    return bool(problems) and all(p.message in STILL_REFUSED for p in problems)


def random_turn(rng: random.Random, every_key: bool = False, avoid: tuple[str, ...] = (),
                most: int = MAX_CANDIDATES) -> dict[str, Any]:
    """One turn. `every_key` draws every key the turn reads (TURN_KEYS: the mana abilities'
    costs, counters, loyalty, effects, haste, ...); without it, the base format's turns only
    (the stream other suites replay by seed). `most`: at most that many candidates (a smaller
    search, for the fast lane)."""
    colors = "".join(rng.sample(COLORS, rng.choice([2, 2, 3])))
    cards: dict[str, Any] = {}
    you: dict[str, Any] = {"hand": [], "graveyard": [], "battlefield": []}
    state: dict[str, Any] = {"you": you}
    counter = [0]

    def new_id(prefix: str) -> str:
        counter[0] += 1
        return f"{prefix}{counter[0]}"

    def card(name: str, body: dict[str, Any]) -> str:
        cards[name] = body
        return name

    # Lands that make one color, one that makes either of two.
    for c in colors:
        card(f"land-{c}", {"types": ["land"], "mana": [{"adds": f"{{{c}}}"}]})
    dual = card("dual", {"types": ["land"], "mana": [{"adds": f"{{{colors[0]}}}|{{{colors[1]}}}"}]})
    # Six candidates with four sources make tens of thousands of states for the brute force: the
    # larger hands get fewer sources.
    n_candidates = rng.randint(1, most)
    sources = 0
    for _ in range(rng.randint(1, 3 if n_candidates <= 4 else 2)):
        name = dual if rng.random() < 0.2 else f"land-{rng.choice(colors)}"
        you["battlefield"].append({"id": new_id("l"), "card": name, "tapped": rng.random() < 0.1})
        sources += 1
    if every_key:
        extra = rng.choices(list(EXTRAS) + list(NEW_EXTRAS),
                            weights=list(EXTRAS.values()) + list(NEW_EXTRAS.values()))[0]
    else:
        extra = rng.choices(list(EXTRAS), weights=list(EXTRAS.values()))[0]
    if extra in avoid:
        extra = "none"
    if extra != "none" and (n_candidates <= 4 or rng.random() < 0.3):
        card(extra, _extra_body(rng, extra, colors[0], colors[1]))
        entry: dict[str, Any] = {"id": new_id("p"), "card": extra}
        if extra in ("elf", "seton") and rng.random() < 0.4:
            entry["sick"] = True
        if extra in ("explorer", "reflect"):
            card("opp-island", {"types": ["land"], "mana": [{"adds": "{U}"}]})
            card("opp-sea", {"types": ["land"], "mana": [{"adds": "{U}|{B}"}]})
            card("opp-wastes", {"types": ["land"], "mana": [{"adds": "{C}"}]})
            state["opponent"] = {"battlefield": [
                {"id": f"o{k + 1}", "card": rng.choice(["opp-island", "opp-sea", "opp-wastes"]),
                 "tapped": rng.random() < 0.7} for k in range(rng.randint(0, 2))]}
        if extra in ("repository", "storage"):
            entry["counters"] = {"charge" if extra == "repository" else "storage": rng.randint(0, 3)}
        if rng.random() < 0.15:
            entry["value"] = rng.randint(0, 6)
        you["battlefield"].append(entry)
        sources += 1
        if extra in ("altar", "seton"):
            card("bear", {"types": ["creature"]})
            for _ in range(rng.randint(0, 2)):
                you["battlefield"].append({"id": new_id("b"), "card": "bear",
                                           "sick": rng.random() < 0.5})
    # The hand and the graveyard: at most MAX_CANDIDATES candidates in all.
    kinds = ["spell", "spell", "spell", "creature", "land", "ritual", "mana-creature",
             "mana-rock", "reducer", "convoke", "delve", "improvise", "kicker", "x", "discard",
             "sacrifice", "flashback", "ability"]
    if every_key:
        kinds += ["arrows", "walker", "torgaar", "cycler", "tokens", "untapper", "discounter",
                  "hasty", "warchief", "superion"]
    made = 0
    has_ability = False
    while made < n_candidates:
        kind = rng.choice(kinds)
        if kind == "delve" and "pendant" in cards:
            kind = "spell"      # a Pendant beside delve is not built (the loader refuses it)
        if kind == "superion" and "cavern" in cards:
            kind = "creature"   # restricted mana on a spend_only spell: the reference spends none
        cost = _cost(rng, colors)
        oid = new_id("h")
        zone = "hand"
        if kind == "spell":
            body: dict[str, Any] = {"types": [rng.choice(["instant", "sorcery"])], "cost": cost}
        elif kind == "creature":
            body = {"types": ["creature"], "cost": cost}
        elif kind == "land":
            c = rng.choice(colors)
            body = {"types": ["land"], "mana": [{"adds": f"{{{c}}}"}]}
            if rng.random() < 0.35:
                body["enters_tapped"] = True
        elif kind == "ritual":
            c = rng.choice(colors)
            body = {"name": "Ritual", "types": ["instant"], "cost": f"{{{c}}}",
                    "effect": {"adds": f"{{{c}}}" * rng.choice([2, 3]) if rng.random() < 0.7
                               else f"{{{c}}}{{{rng.choice(colors)}}}"}}
        elif kind == "mana-creature":
            c = rng.choice(colors)
            body = {"types": ["creature"], "cost": f"{{{c}}}", "mana": [{"adds": f"{{{c}}}"}]}
        elif kind == "mana-rock":
            body = {"types": ["artifact"], "cost": rng.choice(["{1}", "{2}", "{0}"]),
                    "mana": [{"adds": rng.choice(["{C}", f"{{{rng.choice(colors)}}}"])}]}
        elif kind == "reducer":
            body = {"types": ["creature"], "cost": _cost(rng, colors, 1, 2),
                    "grants": [{"reduction": {"generic": 1},
                                "applies_to": {"type": ["instant", "sorcery"]}}]}
        elif kind == "convoke":
            body = {"types": ["instant"], "cost": "{2}" + f"{{{rng.choice(colors)}}}", "convoke": True}
        elif kind == "delve":
            body = {"types": ["sorcery"], "cost": "{3}" + f"{{{rng.choice(colors)}}}", "delve": True}
        elif kind == "improvise":
            body = {"types": ["artifact"], "cost": "{2}", "improvise": True}
        elif kind == "kicker":
            body = {"types": ["instant"], "cost": f"{{{rng.choice(colors)}}}",
                    "kicker": [rng.choice(["{1}", "{2}", f"{{{rng.choice(colors)}}}"])]}
        elif kind == "x":
            body = {"types": ["sorcery"], "cost": f"{{X}}{{{rng.choice(colors)}}}"}
        elif kind == "discard":
            body = {"types": ["sorcery"], "cost": f"{{{rng.choice(colors)}}}",
                    "additional": [{"id": "discard", "mandatory": True, "other": [{"discard": 1}]}]}
        elif kind == "sacrifice":
            body = {"types": ["instant"], "cost": f"{{{rng.choice(colors)}}}",
                    "additional": [{"id": "sac", "mandatory": True,
                                    "other": [{"sacrifice": {"count": 1,
                                                             "filter": {"type": ["artifact", "creature"]}}}]}]}
        elif kind == "flashback":
            body = {"types": ["instant"], "cost": "{1}" + f"{{{rng.choice(colors)}}}",
                    "flashback": "{2}" + f"{{{rng.choice(colors)}}}"}
            zone = rng.choice(["hand", "graveyard", "graveyard"])
        elif kind == "tokens":
            # Strike It Rich: Treasures (or a creature token) for the casts after it.
            token = rng.choice(["treasure", "treasure", "goblin-token"])
            if "seton" in cards or "altar" in cards:
                token = "treasure"  # creature tokens feeding Seton or an altar: too many states
            if token == "treasure":
                card("treasure", {"types": ["artifact"], "tags": ["treasure", "token"], "mana": [
                    {"adds": "{W}|{U}|{B}|{R}|{G}", "costs": ["tap", "sacrifice_self"]}]})
            else:
                card("goblin-token", {"types": ["creature"], "tags": ["goblin", "token"],
                                      "mana": [{"adds": f"{{{rng.choice(colors)}}}"}]})
            body = {"types": [rng.choice(["instant", "sorcery"])], "cost": _cost(rng, colors, 1, 1),
                    "effect": {"tokens": [{"card": token, "count": rng.choice([1, 1, 2])}]}}
            if rng.random() < 0.3:
                body["flashback"] = "{1}" + f"{{{rng.choice(colors)}}}"
        elif kind == "untapper":
            # Frantic Search: untap up to N lands.
            body = {"types": ["instant"], "cost": _cost(rng, colors, 1, 3),
                    "effect": {"untap": {"count": rng.randint(1, 3), "filter": {"type": ["land"]}}}}
        elif kind == "discounter":
            # The next instant or sorcery (or every one this turn) costs less.
            red: dict[str, Any] = rng.choice([{"generic": rng.randint(1, 2)},
                                              {"generic": 2, "minimum": 1},
                                              {rng.choice(colors): 1}])
            grant: dict[str, Any] = {"reduction": red,
                                     "applies_to": rng.choice([{"type": ["instant", "sorcery"]}, {}])}
            if rng.random() < 0.4:
                grant["uses"] = rng.choice([2, "turn"])
            body = {"types": ["sorcery"], "cost": _cost(rng, colors, 1, 1), "effect": {"grants": [grant]}}
            if rng.random() < 0.3:
                body["effect"]["adds"] = f"{{{rng.choice(colors)}}}"
        elif kind == "hasty":
            body = {"types": ["creature"], "cost": _cost(rng, colors, 1, 1), "haste": True,
                    "mana": [{"adds": f"{{{rng.choice(colors)}}}"}]}
        elif kind == "warchief":
            # Goblin Warchief: Goblins cost {1} less and have haste.
            body = {"types": ["creature"], "tags": ["goblin"], "cost": _cost(rng, colors, 1, 2),
                    "grants": [{"reduction": {"generic": 1}, "applies_to": {"tags": ["goblin"]}},
                               {"haste": True, "applies_to": {"tags": ["goblin"]}}]}
            if rng.random() < 0.5:
                body["mana"] = [{"adds": f"{{{rng.choice(colors)}}}"}]
        elif kind == "superion":
            # Myr Superion: spend only mana produced by creatures (or, drawn too, by lands).
            body = {"types": ["creature"], "cost": _cost(rng, colors, 1, 2),
                    "spend_only": rng.choice([{"type": "creature"}, {"type": "land"}])}
        elif kind == "torgaar":
            # Torgaar: sacrifice any number of creatures, {2} less each.
            body = {"types": ["creature"], "cost": "{4}" + f"{{{rng.choice(colors)}}}",
                    "additional": [{"id": "sac", "other": [{"sacrifice": {
                        "count": "any", "filter": {"type": "creature"}}}]}],
                    "reductions": [{"generic": {"per_paid": "sac", "each": 2}}]}
        elif kind == "cycler":
            # Cycling (702.29): activated from the hand, discarding the card.
            body = {"types": ["land"], "mana": [{"adds": f"{{{rng.choice(colors)}}}"}],
                    "abilities": [{"id": "cycling", "zone": "hand", "cycling": True,
                                   "costs": [rng.choice(["{1}", f"{{{rng.choice(colors)}}}"]),
                                             "discard_self"]}]}
        elif kind in ("arrows", "walker"):
            if has_ability:
                continue
            has_ability = True
            if kind == "arrows":    # Serrated Arrows: a counter each activation, {T} or not
                name = card("arrows", {"types": ["artifact"], "abilities": [
                    {"id": "shoot", "costs": [{"remove_counters": {"kind": "arrowhead", "count": 1}}]
                     + rng.choice([[], ["tap"], ["{1}"]])}]})
                entry = {"id": new_id("a"), "card": name,
                         "counters": {"arrowhead": rng.randint(0, 3)}}
            else:                   # a planeswalker: one loyalty ability a turn (606.3)
                name = card("walker", {"types": ["planeswalker"], "abilities": [
                    {"id": "plus", "loyalty": rng.choice(["+1", "+2", 0])},
                    {"id": "minus", "loyalty": rng.choice([-1, -2, -3]),
                     "costs": rng.choice([[], [f"{{{rng.choice(colors)}}}"]])}]})
                entry = {"id": new_id("a"), "card": name,
                         "counters": {"loyalty": rng.randint(1, 4)}}
                if rng.random() < 0.15:
                    entry["loyalty_activated"] = True
            you["battlefield"].append(entry)
            made += 1
            continue
        else:                   # an activated ability of a permanent on the battlefield
            if has_ability:
                continue
            has_ability = True
            name = card("pinger", {"types": ["creature"], "abilities": [
                {"id": "ping", "costs": ["tap", rng.choice(["{1}", f"{{{rng.choice(colors)}}}"])]}]})
            you["battlefield"].append({"id": new_id("a"), "card": name,
                                       "sick": rng.random() < 0.2})
            made += 1
            continue
        name = card(f"c-{oid}", body)
        you[zone].append({"id": oid, "card": name})
        made += 1
    # Cards in the graveyard for delve, and a Treasure's sacrifice target: a few plain cards.
    if any(b.get("delve") for b in cards.values()):
        card("filler", {"types": ["sorcery"], "cost": "{1}"})
        for _ in range(rng.randint(0, 3)):
            you["graveyard"].append({"id": new_id("g"), "card": "filler"})
    if rng.random() < 0.2:
        you["mana_pool"] = f"{{{rng.choice(colors)}}}"
    if every_key and rng.random() < 0.12:
        you["effects"] = [{"reduction": rng.choice([{"generic": rng.randint(1, 2)},
                                                    {rng.choice(colors): 1}]),
                           "applies_to": rng.choice([{}, {"type": ["creature"]},
                                                     {"type": ["instant", "sorcery"]}]),
                           "uses": rng.choice([1, 1, 2, "turn"])}]
        if rng.random() < 0.5:
            you["effects"][0]["id"] = "e1"
    if every_key:
        _turn_keys(rng, cards, you, colors, avoid)
    if rng.random() < 0.3 or "lifeland" in cards:
        you["life"] = rng.randint(1, 4)
    you["library"] = rng.randint(0, 20)
    if "pendant" in cards:
        # The cards known on top of the library, for the Pendant (a flashback one may be cast
        # from the graveyard once milled).
        a, b = colors[0], colors[1]
        card("lib-gold", {"types": ["sorcery"], "cost": f"{{1}}{{{a}}}{{{b}}}"})
        card("lib-hybrid", {"types": ["instant"], "cost": f"{{{a}/{b}}}{{{a}}}"})
        card("lib-colorless", {"types": ["artifact"], "cost": "{2}"})
        card("lib-flashback", {"types": ["instant"], "cost": f"{{{b}}}", "flashback": f"{{{b}}}"})
        you["library_top"] = [rng.choice(["lib-gold", "lib-hybrid", "lib-colorless", "lib-flashback"])
                              for _ in range(rng.randint(0, 3))]
        you["library"] = max(you["library"], len(you["library_top"]))
    if rng.random() < 0.15:
        state["lands_played_this_turn"] = 1
    if rng.random() < 0.08:
        state["phase"] = rng.choice(["combat", "end"])
    spec: dict[str, Any] = {}
    if rng.random() < 0.2:
        spec["candidates"] = "auto"
    keys = [o["id"] for o in you["hand"]] + [
        o["id"] for o in you["graveyard"] if cards[o["card"]].get("flashback")] + [
        f"{o['id']}.{ab['id']}" for zone in ("battlefield", "hand") for o in you[zone]
        for ab in cards[o["card"]].get("abilities") or []]
    if rng.random() < 0.5:
        spec["values"] = {k: rng.randint(0, 5) for k in keys if rng.random() < 0.6}
    if rng.random() < 0.3:
        spec["max_plays"] = rng.randint(1, 3)
    data: dict[str, Any] = {"format": "mtg/1", "cards": cards, "state": state, "turn": spec}
    if rng.random() < 0.15:
        data["objective"] = {"weights": {"tap_land": rng.randint(1, 3), "tap_creature": rng.randint(0, 3),
                                         "sacrifice": rng.randint(1, 6)},
                             "benefits": {"kicker": rng.randint(0, 3)}}
    elif any("kicker" in b for b in cards.values()) and rng.random() < 0.5:
        data["objective"] = {"benefits": {"kicker": rng.randint(1, 3)}}
    return data


def _turn_keys(rng: random.Random, cards: dict[str, Any], you: dict[str, Any], colors: str,
               avoid: tuple[str, ...]) -> None:
    """The player's and the state's keys a turn reads in every payment: Mycosynth Lattice's
    `spend_as_any_color`; K'rrik's `life_for` (on the battlefield, or in hand to be cast first:
    a pip of its color paid with life from then on; never beside a mana ability whose own cost
    has a pip, which the format refuses); restricted mana already in the pool
    (`restricted_pool`, 106.6: it pays only what its `only_for` admits, for every play; never
    beside a mana ability with a mana cost, which the format refuses); snow
    (107.4h: a snow land, {S} in a cast's cost, the pool's snow part; never beside a filter,
    restricted mana or `spend_only`, which the turn refuses or the format does not build)."""
    if rng.random() < 0.07:
        you["spend_as_any_color"] = True
    filters = any(isinstance(c, str) and c.startswith("{") for body in cards.values()
                  for m in body.get("mana") or [] for c in m.get("costs") or [])
    if rng.random() < 0.08 and not filters:
        body: dict[str, Any] = {"name": "K'rrik", "types": ["creature"],
                                "life_for": {rng.choice(colors[:2]): rng.choice([1, 2, 2])}}
        if rng.random() < 0.3 and len(you["hand"]) < 4:
            body["cost"] = _cost(rng, colors, 1, 2)
            you["hand"].append({"id": "k1", "card": "krrik"})
        else:
            you["battlefield"].append({"id": "k1", "card": "krrik"})
        cards["krrik"] = body
    if rng.random() < 0.08 and "restricted_pool" not in avoid and not filters:
        kind = rng.choice([*colors, "C"])
        you["restricted_pool"] = [{"mana": f"{{{kind}}}" * rng.choice([1, 2]),
                                   "only_for": rng.choice([{"type": "creature"},
                                                           {"type": ["instant", "sorcery"]}, {},
                                                           {"ability": "activated"}])}]
    spend_only = any("spend_only" in body for body in cards.values())
    restricted = "restricted_pool" in you or any(
        "only_for" in m for body in cards.values() for m in body.get("mana") or [])
    if rng.random() < 0.1 and not (filters or restricted or spend_only):
        kind = rng.choice([*colors, "C"])
        cards["snow-land"] = {"types": ["land"], "snow": True, "mana": [{"adds": f"{{{kind}}}"}]}
        you["battlefield"].append({"id": "s1", "card": "snow-land", "tapped": rng.random() < 0.1})
        spells = [o for o in you["hand"] if cards[o["card"]].get("cost")]
        for o in rng.sample(spells, min(len(spells), rng.choice([1, 1, 2]))):
            cards[o["card"]]["cost"] += "{S}"
        if you.get("mana_pool") and rng.random() < 0.5:
            you["snow_pool"] = you["mana_pool"]


def keys_drawn(data: dict[str, Any]) -> set[str]:
    """Which of TURN_KEYS a generated turn holds."""
    out: set[str] = set()
    spec = data.get("turn") or {}
    for k in ("candidates", "values", "max_plays"):
        if k in spec:
            out.add(f"turn.{k}")
    if "lands_played_this_turn" in data["state"]:
        out.add("state.lands_played_this_turn")
    for body in data["cards"].values():
        for k in ("adds", "tokens", "untap", "grants"):
            if k in (body.get("effect") or {}):
                out.add(f"card.effect.{k}")
        if "haste" in body:
            out.add("card.haste")
        if "spend_only" in body:
            out.add("card.spend_only")
        if any("haste" in g for g in body.get("grants") or []):
            out.add("card.grants.haste")
        if "enters_tapped" in body:
            out.add("card.enters_tapped")
        for ability in body.get("abilities") or []:
            for k in ("loyalty", "cycling"):
                if k in ability:
                    out.add(f"card.abilities.{k}")
            if ability.get("zone") == "hand":
                out.add("card.abilities.zone.hand")
            if "remove_counters" in str(ability.get("costs")):
                out.add("card.abilities.costs.remove_counters")
        if "'count': 'any'" in str(body.get("additional")):
            out.add("card.additional.count.any")
        if "per_paid" in str(body.get("reductions")):
            out.add("card.reductions.per_paid")
        for ability in body.get("mana") or []:
            if ability.get("per") == "removed":
                out.add("card.mana.per.removed")
            if ability.get("adds") == "untapped":
                out.add("card.mana.adds.untapped")
            if "only_for" in ability:
                out.add("card.mana.only_for")
            if ability.get("adds") == "milled":
                out.add("card.mana.adds.milled")
            if ability.get("adds") in ("any_type", "any_color"):
                out.add(f"card.mana.adds.{ability['adds']}")
            costs = ability.get("costs", ["tap"])
            if not any(c in ("tap", "sacrifice_self") for c in costs):
                out.add("card.mana.free")
            for c in costs:
                if isinstance(c, str) and c.startswith("{"):
                    out.add("card.mana.costs.mana")
                elif isinstance(c, dict):
                    out.add(f"card.mana.costs.{next(iter(c))}")
    for body in data["cards"].values():
        if "life_for" in body:
            out.add("card.life_for")
        if body.get("snow"):
            out.add("card.snow")
        if "{S}" in str(body.get("cost") or ""):
            out.add("card.cost.snow")
    for k in ("effects", "library_top", "spend_as_any_color", "restricted_pool", "snow_pool"):
        if data["state"]["you"].get(k):
            out.add(f"state.you.{k}")
    for zone in ("hand", "graveyard", "battlefield"):
        for o in data["state"]["you"].get(zone) or []:
            out |= {f"object.{k}" for k in ("counters", "loyalty_activated") if k in o}
    return out


def turns(seed: int, n: int, every_key: bool = True) -> Iterator[tuple[int, dict[str, Any]]]:
    """n turns: turn i is random_turn(Random(seed * 1_000_003 + i), every_key), with its seed."""
    for i in range(n):
        s = seed * 1_000_003 + i
        yield s, random_turn(random.Random(s), every_key)
