"""Writing `mtg/1` scenarios back (engine.mtg.dump): mtg_from_data(scenario_to_data(s)) == s on
every example, every size of the mtg benchmark's boards, the reference's generated casts and a
generator of its own that draws every key of the format (the casts' generator leaves out modes,
opponents, the exile and command zones, `plays`, ...), in the forms a file may write them
(a single word for a list, color names, a kicker that is not a list, `W: 1` reductions, ...)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_reference.strategies import cast_strategy, casts

from payplan.engine.mtg import keys as mtg_keys
from payplan.engine.mtg.cards import DEFAULT_WEIGHTS
from payplan.engine.mtg.cards import Scenario as MtgScenario
from payplan.engine.mtg.dump import dump_json, dump_yaml, scenario_to_data, state_to_data
from payplan.engine.mtg.generate import generate_mtg
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.problems import ScenarioError
from payplan.engine.reading import parse_text, read_data

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "mtg"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def assert_round_trips(s: MtgScenario) -> None:
    data = scenario_to_data(s)
    assert mtg_from_data(data) == s
    assert json.loads(json.dumps(data)) == data  # plain JSON-able data
    assert mtg_from_data(parse_text(dump_json(s), "s.json", as_json=True)) == s
    assert mtg_from_data(parse_text(dump_yaml(s), "s.yaml", as_json=False)) == s
    assert scenario_to_data(mtg_from_data(data)) == data  # dumping is stable
    assert_in_format_order(data)


def load(data: object) -> MtgScenario:
    return mtg_from_data(data)


# --- Keys in the format's order -----------------------------------------------------------------

# Where each mapping of the format sits, and the order of its keys (the loader's key lists are
# the format's keys in the spec's order). A list in the path stands for each of its items.
Check = Callable[[object], None]


def _in_order(keys: tuple[str, ...], where: str) -> Check:
    def check(value: object) -> None:
        assert isinstance(value, dict), where
        listed = [k for k in value]
        assert all(k in keys for k in listed), (where, listed)
        assert listed == sorted(listed, key=keys.index), (where, listed)
    return check


def assert_in_format_order(data: dict[str, Any]) -> None:
    _in_order(mtg_keys.TOP_KEYS, "top")(data)
    for card in data["cards"].values():
        _in_order(mtg_keys.CARD_KEYS, "card")(card)
        for key in ("flashback", "multikicker", "replicate", "buyback"):
            _cost_in_order(card.get(key))
        for k in card.get("kicker", []):
            _cost_in_order(k)
        for a in card.get("alternative", []):
            _in_order(mtg_keys.ALTERNATIVE_KEYS, "alternative")(a)
            _others_in_order(a.get("other", []))
        for a in card.get("additional", []):
            _in_order(mtg_keys.ADDITIONAL_KEYS, "additional")(a)
            _others_in_order(a.get("other", []))
        for r in card.get("reductions", []):
            _reduction_in_order(r)
        for m in card.get("mana", []):
            _in_order(mtg_keys.ABILITY_KEYS, "mana")(m)
            _others_in_order([c for c in m.get("costs", []) if isinstance(c, dict)])
            if "only_for" in m:
                _in_order(mtg_keys.FILTER_KEYS, "filter")(m["only_for"])
        for g in card.get("grants", []):
            _in_order(mtg_keys.GRANT_KEYS, "grant")(g)
            if "reduction" in g:
                _reduction_in_order(g["reduction"])
            if "additional" in g:
                _in_order(mtg_keys.ADDITIONAL_KEYS, "additional")(g["additional"])
            if "applies_to" in g:
                _in_order(mtg_keys.FILTER_KEYS, "filter")(g["applies_to"])
                if "targets" in g["applies_to"]:
                    _in_order(mtg_keys.TARGET_FILTER_KEYS, "filter")(g["applies_to"]["targets"])
        for e in card.get("mana_effects", []):  # issue 25, G1
            (kind, body), = e.items()
            _in_order(mtg_keys.MANA_EFFECT_KEYS[kind], "mana effect")(body)
            _in_order(mtg_keys.FILTER_KEYS, "filter")(body["sources"])
        for a in card.get("abilities", []):
            _in_order(mtg_keys.ACTIVATED_KEYS, "ability")(a)
            _others_in_order([c for c in a.get("costs", []) if isinstance(c, dict)])
    state = data["state"]
    _in_order(mtg_keys.STATE_KEYS, "state")(state)
    for who in ("you", "opponent"):
        if who in state:
            _in_order(mtg_keys.PLAYER_KEYS, who)(state[who])
            for zone in mtg_keys.OBJECT_ZONES:
                for o in state[who].get(zone, []):
                    _in_order(mtg_keys.OBJECT_KEYS, zone)(o)
    for play in ([data["play"]] if "play" in data else []) + data.get("plays", []):
        _in_order(mtg_keys.PLAY_KEYS, "play")(play)
    if "objective" in data:
        _in_order(mtg_keys.OBJECTIVE_KEYS, "objective")(data["objective"])


def _cost_in_order(value: object) -> None:
    if isinstance(value, dict):
        _in_order(mtg_keys.COST_KEYS, "cost")(value)
        _others_in_order(value["other"])


def _others_in_order(items: list[Any]) -> None:
    for item in items:
        (body,) = item.values()
        if "remove_counters" in item:  # counters removed as a cost (issue 25, C1)
            _in_order(mtg_keys.REMOVE_KEYS, "remove_counters")(body)
        elif "untap" in item:  # an opponent's permanents untapped (issue 25, G2)
            _in_order(mtg_keys.UNTAP_KEYS, "untap")(body)
            _in_order(mtg_keys.FILTER_KEYS, "filter")(body["filter"])
        elif isinstance(body, dict):
            _in_order(mtg_keys.OTHER_LONG_KEYS, "other")(body)
            # `count: any` over every object leaves its empty filter out
            _in_order(mtg_keys.FILTER_KEYS, "filter")(body.get("filter", {}))


def _reduction_in_order(r: dict[str, Any]) -> None:
    _in_order(mtg_keys.REDUCTION_KEYS, "reduction")(r)
    if isinstance(r.get("generic"), dict) and "per_paid" in r["generic"]:
        _in_order(mtg_keys.AMOUNT_KEYS, "amount")(r["generic"])  # per_paid, each (issue 25, B2)
    elif isinstance(r.get("generic"), dict) and ("zone" in r["generic"] or "each" in r["generic"]
                                                 or "counters" in r["generic"]
                                                 or "player_counters" in r["generic"]):
        _in_order(mtg_keys.AMOUNT_KEYS, "amount")(r["generic"])  # count, zone; counters (38)
        _in_order(mtg_keys.FILTER_KEYS, "filter")(r["generic"].get("count", {}))
    elif isinstance(r.get("generic"), dict):
        (key, body), = r["generic"].items()
        _in_order(mtg_keys.FILTER_KEYS if key == "count" else mtg_keys.TARGET_FILTER_KEYS,
                  "filter")(body)
    for c in "WUBRG":
        if isinstance(r.get(c), dict):  # a counted color key (issue 25, B1)
            _in_order(mtg_keys.AMOUNT_KEYS, "amount")(r[c])
            _in_order(mtg_keys.FILTER_KEYS, "filter")(r[c]["count"])


# --- The corpora --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_examples_round_trip(path: Path) -> None:
    assert_round_trips(load(read_data(path)))


def test_there_are_examples() -> None:
    assert len(EXAMPLE_FILES) >= 30


@pytest.mark.parametrize("size", range(5, 61, 5))
def test_benchmark_boards_round_trip(size: int) -> None:
    for seed in range(4):
        assert_round_trips(load(generate_mtg(size, seed)))


@pytest.mark.slow
def test_generated_casts_round_trip() -> None:
    n = 0
    for _, data in casts(31, 300):
        assert_round_trips(load(data))
        n += 1
    assert n == 300


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cast_strategy())
def test_any_generated_cast_round_trips(data: dict[str, Any]) -> None:
    assert_round_trips(load(data))


# --- A generator of every key -------------------------------------------------------------------

Draw = Callable[..., Any]
COLORS = "WUBRG"
NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
TYPES = ["land", "creature", "artifact", "enchantment", "planeswalker", "instant", "sorcery",
         "battle", "kindred"]


def _symbol(draw: Draw, plain_only: bool = False) -> str:
    """A mana symbol, sometimes written as a file may (lower case, a leading zero)."""
    kinds = ["generic", "color", "colorless", "hybrid", "mono"]
    if not plain_only:
        kinds += ["phyrexian", "hphyrexian", "x"]
    kind = draw(st.sampled_from(kinds))
    a, b = draw(st.permutations(COLORS))[:2]
    text = {"generic": f"{{{draw(st.sampled_from(['0', '1', '2', '03', '12']))}}}",
            "color": f"{{{a}}}", "colorless": "{C}", "hybrid": f"{{{a}/{b}}}",
            "mono": f"{{{draw(st.integers(1, 3))}/{a}}}", "phyrexian": f"{{{a}/P}}",
            "hphyrexian": f"{{{a}/{b}/P}}", "x": "{X}"}[kind]
    return text.lower() if draw(st.integers(0, 9)) == 0 else text


def _mana_cost(draw: Draw, lo: int = 0, hi: int = 3, plain_only: bool = False) -> str:
    return "".join(_symbol(draw, plain_only) for _ in range(draw(st.integers(lo, hi))))


def _plain(draw: Draw, lo: int = 1) -> str:
    """Plain mana in any order (`{U}{W}`), as a source adds or a pool holds."""
    return "".join(f"{{{c}}}" for c in draw(st.lists(st.sampled_from(COLORS + "C"),
                                                       min_size=lo, max_size=3)))


def _one_or_list(draw: Draw, items: list[str]) -> object:
    return items[0] if len(items) == 1 and draw(st.booleans()) else items


def _filter(draw: Draw, spell: bool = False, counted: bool = False) -> dict[str, object]:
    """A filter as the loader takes it where it is read: `ability` only where it is read on the
    spell or ability played (`spell`), no `controller` in a count of your permanents (`counted`)."""
    out: dict[str, object] = {}
    if draw(st.booleans()):
        out["type"] = _one_or_list(draw, draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=2)))
    if draw(st.integers(0, 3)) == 0:
        out["not_type"] = _one_or_list(draw, draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=2)))
    if draw(st.integers(0, 3)) == 0:
        out["tags"] = _one_or_list(draw, draw(st.lists(st.sampled_from(["treasure", "eldrazi", "token"]),
                                                       min_size=1, max_size=2)))
    if draw(st.integers(0, 3)) == 0:
        colors = draw(st.lists(st.sampled_from(COLORS), min_size=1, max_size=2))
        out["color"] = _one_or_list(draw, [NAMES[c] if draw(st.booleans()) else c for c in colors])
    if draw(st.integers(0, 4)) == 0:
        out["name"] = draw(st.sampled_from(["Bear", "Island"]))
    if not counted and draw(st.integers(0, 3)) == 0:
        out["controller"] = draw(st.sampled_from(["you", "opponent", "any"]))
    if spell and draw(st.integers(0, 4)) == 0:
        out["ability"] = "activated"
    if draw(st.integers(0, 3)) == 0:  # every one of these types, none of them refused by not_type
        refused = out.get("not_type", [])
        allowed = [t for t in TYPES if t not in ([refused] if isinstance(refused, str) else refused)]
        out["all_types"] = _one_or_list(draw, draw(st.lists(st.sampled_from(allowed), min_size=1,
                                                            max_size=2)))
    return out


def _other(draw: Draw) -> dict[str, object]:
    kind = draw(st.sampled_from(["sacrifice", "discard", "mill", "pay_life", "exile_from_graveyard",
                                 "exile_from_hand", "tap_untapped", "return_to_hand"]))
    count = draw(st.integers(0, 3))  # 0: the loader drops it
    form = draw(st.integers(0, 2))
    if form == 0:
        return {kind: count}
    body: dict[str, object] = {} if form == 1 and draw(st.booleans()) else {"count": count}
    if kind not in ("pay_life", "mill"):
        body["filter"] = _filter(draw)
    return {kind: body}


def _others(draw: Draw) -> list[object]:
    return [_other(draw) for _ in range(draw(st.integers(0, 2)))]


def _full_cost(draw: Draw) -> object:
    """A mana string, or `{cost, other}` (either part left out)."""
    if draw(st.booleans()):
        return _mana_cost(draw)
    out: dict[str, object] = {}
    if draw(st.booleans()):
        out["cost"] = _mana_cost(draw)
    if draw(st.booleans()):
        out["other"] = _others(draw)
    return out


def _reduction(draw: Draw, with_id: bool) -> dict[str, object]:
    out: dict[str, object] = {}
    if with_id and draw(st.integers(0, 2)) == 0:
        out["id"] = draw(st.sampled_from(["affinity", "reductions[0]", "grants[1]", "r"]))
    generic = draw(st.integers(0, 2))
    if generic == 0 or draw(st.booleans()):
        out["generic"] = {"count": _filter(draw, counted=True)} if generic == 2 else draw(st.integers(0, 3))
    if "generic" in out and draw(st.booleans()):  # a minimum binds the generic part only
        out["minimum"] = draw(st.integers(0, 2))
    if draw(st.integers(0, 2)) == 0:
        out["mana"] = _plain(draw, lo=0)
    for c in COLORS + "C":
        if draw(st.integers(0, 7)) == 0:  # a color key counted from the state (issue 25, B1)
            out[c] = ({"count": _filter(draw, counted=True)} if c != "C" and draw(st.integers(0, 2)) == 0
                      else draw(st.integers(0, 2)))
    if not any(k in out for k in ("generic", "mana", *COLORS, "C")):
        out["generic"] = generic  # a reduction says at least one of them
    if isinstance(out.get("generic"), dict) and draw(st.integers(0, 3)) == 0:
        out["generic"]["each"] = draw(st.integers(0, 3))  # type: ignore[index]
    colored = out.get("mana") or any(out.get(c) for c in COLORS + "C")
    if colored and draw(st.integers(0, 3)) == 0:  # green mana only (the Defilers)
        out["color_only"] = True
    return out


def _removal(draw: Draw, loyalty: bool = True) -> dict[str, object]:
    """A `remove_counters` cost atom; of kind loyalty only where `loyalty` allows it (the loader
    refuses it beside an ability's own `loyalty: N`, which already says what the ability
    removes)."""
    kinds = ["charge", "storage", "loyalty"] if loyalty else ["charge", "storage"]
    return {"remove_counters": {"kind": draw(st.sampled_from(kinds)),
                                "count": draw(st.integers(1, 3))}}


def _untap(draw: Draw, count: int | None = None) -> dict[str, object]:
    """An `untap` cost atom (issue 25, G2): its filter says controller: opponent."""
    body: dict[str, object] = {}
    n = count if count is not None else draw(st.sampled_from([None, 1, 2, 10]))
    if n is not None:
        body["count"] = n
    body["filter"] = {**{k: v for k, v in _filter(draw).items() if k != "controller"},
                      "controller": "opponent"}
    return {"untap": body}


def _mana_ability(draw: Draw) -> dict[str, object]:
    read = draw(st.integers(0, 12))
    if read == 0:  # Benthic Explorers (issue 25, G2)
        atom = _untap(draw, 1)
        if draw(st.booleans()):  # count 1 is the default
            del atom["untap"]["count"]  # type: ignore[attr-defined]
        return {"adds": "untapped", "costs": [*draw(st.sampled_from([[], ["tap"]])), atom]}
    if read == 1:  # Charmed Pendant (issue 25, G2)
        return {"adds": "milled", "costs": [*draw(st.sampled_from([[], ["tap"]])), {"mill": 1}]}
    if draw(st.integers(0, 6)) == 0:  # a storage land's ability (issue 25, C1)
        return {"adds": draw(st.sampled_from(["{W}|{U}", "{R}"])), "per": "removed",
                "costs": [_mana_cost(draw, 1, 1, plain_only=True),
                          {"remove_counters": {"kind": "storage", "count": "X"}}]}
    out: dict[str, object] = {"adds": "|".join(_plain(draw) for _ in range(draw(st.integers(1, 3))))}
    if draw(st.booleans()):
        costs: list[object] = []
        for _ in range(draw(st.integers(0, 4))):
            part = draw(st.integers(0, 6))
            if part == 6:
                costs.append(_untap(draw))
            elif part == 5:
                costs.append(_removal(draw))
            elif part == 0:
                costs.append(draw(st.sampled_from(["tap", "sacrifice_self"])))
            elif part == 1:
                costs.append(_mana_cost(draw, 1, 2, plain_only=True))  # the last one stands
            elif part == 2:
                costs.append({"pay_life": draw(st.sampled_from([1, 2, 700, 1000]))})  # summed
            else:
                costs.append(_other(draw))
        out["costs"] = costs
    if draw(st.integers(0, 3)) == 0:
        out["only_for"] = _filter(draw, spell=True)
    return out


def _activated(draw: Draw, ident: str, walker: bool = False) -> dict[str, object]:
    out: dict[str, object] = {"id": ident}
    zone = draw(st.sampled_from([None, "battlefield", "hand"]))  # hand: cycling (issue 25)
    if walker and zone != "hand" and draw(st.booleans()):  # a loyalty ability (issue 25, C2)
        out["loyalty"] = draw(st.sampled_from([1, -2, "+2", "-3", "0", 0]))
    costs: list[object] = []
    if draw(st.booleans()):
        words = ["discard_self"] if zone == "hand" else ["tap", "sacrifice_self"]
        for _ in range(draw(st.integers(0, 4))):
            part = draw(st.integers(0, 4))
            if part == 4:
                costs.append(_removal(draw, loyalty="loyalty" not in out))
            elif part == 0:
                costs.append(draw(st.sampled_from(words)))
            elif part == 1:
                costs.append(_mana_cost(draw, 1, 2))  # joined in order
            else:
                costs.append(_other(draw))
        out["costs"] = costs
    if draw(st.booleans()):
        out["timing"] = draw(st.sampled_from(["instant", "sorcery"]))
    if zone is not None:
        out["zone"] = zone
    if zone == "hand" and "discard_self" in costs and draw(st.booleans()):
        out["cycling"] = draw(st.booleans())
    return out


def _grant(draw: Draw) -> dict[str, object]:
    kind = draw(st.sampled_from(["increase", "reduction", "at_least", "loyalty"]))
    out: dict[str, object] = {}
    if kind == "loyalty":  # Carth the Lion (issue 25, C2)
        return {"loyalty": draw(st.sampled_from([1, -1, 2])), "applies_to": {"ability": "loyalty"}}
    if kind == "increase":
        out["increase"] = _mana_cost(draw)
    elif kind == "reduction":
        out["reduction"] = _reduction(draw, with_id=True)
    else:
        out["at_least"] = draw(st.integers(0, 4))
    if draw(st.booleans()):
        out["applies_to"] = _filter(draw, spell=True)
    if kind != "increase" and kind != "at_least" and draw(st.integers(0, 3)) == 0:
        out["additional"] = {"id": "vigor", "other": [{"pay_life": draw(st.integers(1, 3))}]}
        if isinstance(out.get("applies_to"), dict):
            out["applies_to"].pop("ability", None)  # type: ignore[union-attr]
    return out


def _card(draw: Draw, card_id: str) -> dict[str, object]:
    out: dict[str, object] = {}

    def maybe(n: int = 2) -> bool:
        return bool(draw(st.integers(0, n)) == 0)

    if maybe():
        out["name"] = draw(st.sampled_from([card_id, "Some Card", "Bear"]))
    out["types"] = _one_or_list(draw, draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=2)))
    if draw(st.booleans()):
        out["cost"] = _mana_cost(draw)
    if maybe(3):
        out["colors"] = [NAMES[c] if draw(st.booleans()) else c
                         for c in draw(st.lists(st.sampled_from(COLORS), max_size=2))]
    if maybe(3):
        out["tags"] = _one_or_list(draw, draw(st.lists(st.sampled_from(["treasure", "token", "eldrazi"]),
                                                       min_size=1, max_size=2)))
    for key in ("flash", "convoke", "delve", "improvise"):
        if maybe(3):
            out[key] = draw(st.booleans())
    for key in ("flashback", "multikicker", "replicate", "buyback"):
        if maybe(3):
            out[key] = _full_cost(draw)
    if maybe(3):
        kickers = [_full_cost(draw) for _ in range(draw(st.integers(1, 2)))]
        out["kicker"] = kickers[0] if len(kickers) == 1 and draw(st.booleans()) else kickers
    if maybe(3):
        alternatives: list[object] = []
        for ident in draw(st.lists(st.sampled_from(["evoke", "pitch", "dash"]), unique=True, max_size=2)):
            a: dict[str, object] = {"id": ident}
            if draw(st.booleans()):
                a["cost"] = _mana_cost(draw)
            if draw(st.booleans()):
                a["other"] = _others(draw)
            if draw(st.booleans()):
                a["zone"] = draw(st.sampled_from(["hand", "graveyard", "exile", "command"]))
            alternatives.append(a)
        out["alternative"] = alternatives
    if maybe(3):
        additional: list[object] = []
        for ident in draw(st.lists(st.sampled_from(["sac", "extra", "entwine"]), unique=True, max_size=2)):
            a = {"id": ident}
            if draw(st.booleans()):
                a["mandatory"] = draw(st.booleans())
            if draw(st.booleans()):
                a["cost"] = _mana_cost(draw)
            if draw(st.booleans()):
                a["other"] = _others(draw)
            if not a.get("mandatory") and draw(st.integers(0, 2)) == 0:  # issue 25, B2
                a["other"] = [*a.get("other", []), {draw(st.sampled_from(
                    ["sacrifice", "exile_from_graveyard", "tap_untapped"])): {
                        "count": "any", "filter": _filter(draw)}}]
            additional.append(a)
        out["additional"] = additional
    for key in ("per_mode", "per_target"):
        if maybe(4):
            out[key] = _mana_cost(draw)
    if maybe(4):
        out["modes"] = {m: _mana_cost(draw) for m in draw(st.lists(st.sampled_from(["a", "b", "c"]),
                                                                     unique=True, max_size=3))}
    if maybe(3):
        out["reductions"] = [_reduction(draw, with_id=True) for _ in range(draw(st.integers(0, 2)))]
    takes_any = [a["id"] for a in out.get("additional", [])  # type: ignore[attr-defined]
                 if any(isinstance(o, dict) and isinstance(next(iter(o.values())), dict)
                        and next(iter(o.values())).get("count") == "any" for o in a.get("other", []))]
    if takes_any and draw(st.booleans()):  # a reduction per object it took (issue 25, B2)
        out.setdefault("reductions", []).append(  # type: ignore[attr-defined]
            {"generic": {"per_paid": draw(st.sampled_from(takes_any)),
                         "each": draw(st.integers(0, 3))}})
    if maybe(2):
        out["mana"] = [_mana_ability(draw) for _ in range(draw(st.integers(0, 2)))]
    if maybe(3):
        out["grants"] = [_grant(draw) for _ in range(draw(st.integers(0, 2)))]
    if maybe(3):
        idents = draw(st.lists(st.sampled_from(["act", "pump", "draw"]), unique=True, max_size=2))
        walker = "planeswalker" in (out["types"] if isinstance(out["types"], list) else [out["types"]])
        out["abilities"] = [_activated(draw, ident, walker) for ident in idents]
    types = out["types"] if isinstance(out["types"], list) else [out["types"]]
    if "land" not in types and maybe(4):  # issue 25: the permanents whose mana may be spent
        only = _filter(draw)
        only.pop("controller", None)
        only.pop("ability", None)
        out["spend_only"] = only
    if maybe(3):
        out["snow"] = draw(st.booleans())
    if "spend_only" not in out and maybe(3):  # {S} in the cost (not with spend_only)
        out["cost"] = str(out.get("cost", "")) + "{S}" * draw(st.integers(1, 2))
    if any(t in PERMANENT for t in types) and maybe(3):  # issue 25, G1: mana effects
        out["mana_effects"] = [_mana_effect(draw) for _ in range(draw(st.integers(0, 2)))]
    if "land" not in types and maybe(4):  # morph (issue 25, B3)
        out["morph"] = draw(st.sampled_from(["{0}", "{1}", "{2}{G}", "{1}{B}{B}", "{S}"]))
    return out


PERMANENT = ("land", "creature", "artifact", "enchantment", "planeswalker", "battle")


def _mana_effect(draw: Draw) -> dict[str, object]:
    """`{replace: {sources, at_least, adds}}` or `{trigger: {sources, adds}}` (issue 25, G1)."""
    sources = _filter(draw)
    sources.pop("ability", None)
    if draw(st.integers(0, 2)) == 0:
        sources["attached"] = True
    if draw(st.booleans()):
        body: dict[str, object] = {"sources": sources, "adds": _plain(draw)}
        if draw(st.booleans()):
            body["at_least"] = draw(st.integers(1, 4))
        return {"replace": body}
    options = "|".join(_plain(draw) for _ in range(draw(st.integers(1, 3))))
    return {"trigger": {"sources": sources, "adds": options}}


@st.composite
def every_key_scenario(draw: Draw) -> dict[str, Any]:
    """Raw `mtg/1` data the loader accepts, drawing every key of the format in its forms."""
    card_ids = [f"card-{i}" for i in range(draw(st.integers(1, 4)))]
    cards = {c: _card(draw, c) for c in card_ids}
    # K'rrik's life_for (issue 25, A3), in colors no mana ability's cost has a pip of (the
    # loader refuses that pair; a pip may be written in lower case, `{w}`).
    in_costs = {letter for body in cards.values() for m in body.get("mana", [])
                if isinstance(m, dict) for c in m.get("costs", [])
                if isinstance(c, str) and c.startswith("{") for letter in "WUBRG"
                if letter in c.upper()}
    free = [c for c in "WUBRG" if c not in in_costs]
    if free and draw(st.integers(0, 3)) == 0:
        body = cards[draw(st.sampled_from(card_ids))]
        body["life_for"] = draw(st.dictionaries(st.sampled_from(free), st.integers(1, 20),
                                                min_size=1, max_size=2))
    counter = iter(range(10_000))
    state: dict[str, object] = {}
    if draw(st.booleans()):
        state["phase"] = draw(st.sampled_from(["main", "combat", "end"]))
    if draw(st.booleans()):
        state["stack"] = draw(st.sampled_from(["empty", "nonempty"]))
    if draw(st.booleans()):
        state["turn"] = draw(st.sampled_from(["you", "opponent"]))
    for who in ("you", "opponent"):
        if draw(st.integers(0, 3)) == 0:
            continue
        player: dict[str, object] = {}
        if draw(st.booleans()):
            player["life"] = draw(st.sampled_from([0, 1, 20, 1_000_000]))
        if draw(st.booleans()):
            player["library"] = draw(st.sampled_from([0, 3, 40, 1_000_000]))
            if player["library"] and draw(st.integers(0, 2)) == 0:  # issue 25, G2
                player["library_top"] = draw(st.lists(st.sampled_from(card_ids), max_size=3))
        for zone in ("hand", "graveyard", "exile", "command", "battlefield"):
            if draw(st.booleans()):
                continue
            objects: list[object] = []
            for _ in range(draw(st.integers(0, 3))):
                card = draw(st.sampled_from(card_ids))
                if draw(st.integers(0, 3)) == 0:
                    objects.append(card)  # shorthand: the id is generated
                    continue
                obj: dict[str, object] = {"card": card}
                if draw(st.integers(0, 3)):
                    obj["id"] = f"o{next(counter)}"
                for key in ("tapped", "sick"):
                    if draw(st.integers(0, 2)) == 0:
                        obj[key] = draw(st.booleans())
                if draw(st.integers(0, 3)) == 0:
                    obj["value"] = draw(st.integers(0, 9))
                if zone == "battlefield" and draw(st.integers(0, 3)) == 0:  # issue 25, C1-C2
                    obj["counters"] = draw(st.dictionaries(
                        st.sampled_from(["charge", "storage", "loyalty"]), st.integers(0, 5),
                        max_size=2))
                if zone == "battlefield" and draw(st.integers(0, 5)) == 0:
                    obj["loyalty_activated"] = draw(st.booleans())
                if zone == "battlefield" and "morph" in cards[card] and draw(st.booleans()):
                    obj["face_down"] = draw(st.booleans())  # issue 25, B3
                objects.append(obj)
            player[zone] = objects
        if draw(st.integers(0, 2)) == 0:
            player["mana_pool"] = _plain(draw, lo=0)
            if draw(st.booleans()):  # its snow part: some of its symbols (issue 25)
                symbols = str(player["mana_pool"]).replace("}", "}\n").split()
                player["snow_pool"] = "".join(draw(st.lists(st.sampled_from(symbols), unique=True)
                                                  if symbols else st.just([])))
        state[who] = player
    data: dict[str, Any] = {"format": "mtg/1", "cards": cards, "state": state}
    _attach(draw, data)
    try:
        scenario = mtg_from_data(data)  # the state as loaded: ids, zones and cards to play
    except ScenarioError:  # a mana effect meets what is not built (`engine.mtg.loader.mana_effect_refusals`)
        for card in cards.values():
            card.pop("mana_effects", None)
        scenario = mtg_from_data(data)
    plays = [_play(draw, scenario) for _ in range(draw(st.integers(0, 2)))]
    plays = [p for p in plays if p is not None]
    if plays and draw(st.booleans()):
        data["play"] = plays.pop()
    if plays:
        data["plays"] = plays
    try:
        mtg_from_data(data)
    except ScenarioError as err:  # what `plays` (or a play) meets that is not built: adds:
        # milled beside a delve play; what `plays` paid together refuse (each line names them)
        assert all("adds: milled beside" in str(p) or "`plays`" in str(p)
                   for p in err.problems), err.problems
        data.pop("play", None)
        data.pop("plays", None)
    if draw(st.booleans()):
        objective: dict[str, object] = {}
        if draw(st.booleans()):  # defaults' values too: the loader keeps what the file gave
            objective["weights"] = draw(st.dictionaries(st.sampled_from(list(DEFAULT_WEIGHTS)),
                                                        st.integers(0, 6), max_size=4))
        if draw(st.booleans()):
            objective["benefits"] = draw(st.dictionaries(
                st.sampled_from(["kicker", "kicker.1", "buyback", "sac"]), st.integers(0, 6), max_size=3))
        data["objective"] = objective
    return data


def _attach(draw: Draw, data: dict[str, Any]) -> None:
    """Some objects on a battlefield attached to another one with an id there (issue 25, G1:
    `attached_to`, what a mana effect's `attached: true` reads)."""
    on = [o for who in ("you", "opponent")
          for o in data["state"].get(who, {}).get("battlefield", []) if isinstance(o, dict)]
    named = [o["id"] for o in on if "id" in o]
    for o in on:
        others = [i for i in named if i != o.get("id")]
        if others and draw(st.integers(0, 2)) == 0:
            o["attached_to"] = draw(st.sampled_from(others))


def _targets(s: MtgScenario) -> list[str]:
    """Targets that name something (an id naming nothing is refused): the opponent, then your
    battlefield's objects, then you."""
    return ["opponent"] + [o.id for o in s.state.you.zone("battlefield")] + ["you"]


def _play(draw: Draw, s: MtgScenario) -> dict[str, object] | None:
    you = s.state.you
    # An ability is activated from where it says (a cycling ability from the hand).
    able = [(o, a) for zone in ("battlefield", "hand") for o in you.zone(zone)
            for a in s.cards[o.card].abilities if a.zone == zone]
    castable = [(z, o) for z in ("hand", "graveyard", "exile", "command") for o in you.zone(z)]
    down = [o for o in you.battlefield if o.face_down]
    if down and draw(st.integers(0, 2)) == 0:  # issue 25, B3: turned face up
        return {"turn_face_up": draw(st.sampled_from(down)).id}
    hidden = [o for o in you.hand if s.cards[o.card].morph is not None]
    if hidden and draw(st.integers(0, 2)) == 0:  # cast face down: no X, optional costs, modes
        face: dict[str, object] = {"object": draw(st.sampled_from(hidden)).id, "cast": "face_down"}
        if draw(st.booleans()):
            face["targets"] = _one_or_list(draw, _targets(s)[:draw(st.integers(1, 2))])
        return face
    if able and (not castable or draw(st.booleans())):
        obj, ability = draw(st.sampled_from(able))
        play: dict[str, object] = {"ability": {"object": obj.id, "id": ability.id}}
        if ability.cost.mana.x_count and draw(st.booleans()):
            play["x"] = draw(st.sampled_from(["auto", 0, 3]))
        if draw(st.booleans()):
            play["targets"] = _one_or_list(draw, _targets(s)[:draw(st.integers(1, 2))])
        return play
    if not castable:
        return None
    zone, obj = draw(st.sampled_from(castable))
    card = s.cards[obj.card]
    play = {"object": obj.id} if draw(st.integers(0, 3)) else {"card": obj.card, "from": zone}
    if "object" in play and draw(st.booleans()):
        play["from"] = draw(st.sampled_from(["hand", "graveyard", "exile", "command"]))
    if draw(st.booleans()):
        casts_ = ["auto", "normal", "without_paying"] + [a.id for a in card.alternative]
        play["cast"] = draw(st.sampled_from(casts_ + (["flashback"] if card.flashback else [])))
    if card.cost.x_count and draw(st.booleans()):
        play["x"] = draw(st.sampled_from(["auto", 0, 2]))
    names = card.optional_names()
    if names and draw(st.booleans()):
        optional: dict[str, object] = {}
        for name in draw(st.lists(st.sampled_from(names), unique=True, max_size=3)):
            choices: list[object] = ["yes", "no", "auto", True, False]
            if card.counted(name):
                choices += [0, 2]
            key = "kicker.0" if name == "kicker" and draw(st.booleans()) else name
            optional[key] = draw(st.sampled_from(choices))
        play["optional"] = optional
    if draw(st.integers(0, 2)) == 0:
        play["targets"] = _one_or_list(draw, _targets(s)[:draw(st.integers(1, 2))])
    if draw(st.integers(0, 2)) == 0:
        modes = list(card.mode_costs) or ["m1", "m2"]
        play["modes"] = draw(st.lists(st.sampled_from(modes), min_size=1, max_size=3))
    return play


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(every_key_scenario())
def test_every_key_round_trips(data: dict[str, Any]) -> None:
    assert_round_trips(load(data))


# --- Forms and defaults -------------------------------------------------------------------------

KITCHEN = """
format: mtg/1
cards:
  spell:
    name: Big Spell
    types: sorcery
    cost: "{x}{02}{U/W}{2/b}{G/W/P}"
    colors: [blue, R]
    tags: eldrazi
    flash: false
    flashback: {cost: "{2}{U}", other: [{discard: 1}, {mill: {count: 2}}]}
    kicker: "{4}"
    multikicker: "{1}"
    replicate: {other: [{pay_life: 2}]}
    buyback: "{3}"
    alternative: [{id: pitch, cost: "", other: [{exile_from_hand: {count: 1, filter: {color: blue}}}]},
                  {id: evoke, cost: "{2}{U}", zone: graveyard}]
    additional: [{id: sac, mandatory: true, other: [{sacrifice: {filter: {type: creature}}}]},
                 {id: extra, mandatory: false, cost: "{1}"}]
    per_mode: "{1}"
    per_target: ""
    modes: {a: "{R}", b: ""}
    convoke: true
    reductions: [{generic: {count: {type: artifact}}}, {id: mine, W: 1, U: 0, mana: "{G}"},
                 {generic: 0, minimum: 1}]
  gate:
    types: [land]
    mana: [{adds: "{C}"},
           {adds: "{U}{W}|{W}{W}", costs: [tap, "{1}", "{W/U}", {pay_life: 700}, {pay_life: 700}]},
           {adds: "{G}", costs: [], only_for: {}}]
    abilities: [{id: pump, costs: ["{1}", tap, "{R}", {pay_life: 2}], timing: sorcery},
                {id: free, timing: instant}]
    grants: [{reduction: {generic: 1}, applies_to: {ability: activated}},
             {reduction: {id: "grants[1]", mana: "{W}"}}, {at_least: 3, applies_to: {controller: any}}]
state:
  you:
    hand: [spell]
    battlefield: [{id: l1, card: gate, tapped: true, sick: false, value: 3}]
    mana_pool: "{G}{R}"
  opponent: {life: 20}
play: {card: spell, optional: {kicker.0: true, multikicker: 2}}
objective: {weights: {sacrifice: 5, life: 2}, benefits: {}}
"""


def test_the_forms_written() -> None:
    s = mtg_from_data(yaml.safe_load(KITCHEN))
    data: Any = scenario_to_data(s)
    assert data["cards"]["spell"] == {
        "name": "Big Spell",
        "types": ["sorcery"],
        "cost": "{X}{2}{U/W}{2/B}{G/W/P}",  # the symbols in order, each as the format writes it
        "colors": ["U", "R"],
        "tags": ["eldrazi"],
        "flashback": {"cost": "{2}{U}", "other": [{"discard": 1}, {"mill": 2}]},
        "kicker": ["{4}"],
        "multikicker": "{1}",
        "replicate": {"other": [{"pay_life": 2}]},
        "buyback": "{3}",
        "alternative": [{"id": "pitch", "other": [{"exile_from_hand": {"count": 1, "filter": {"color": ["U"]}}}]},
                        {"id": "evoke", "cost": "{2}{U}", "zone": "graveyard"}],
        "additional": [{"id": "sac", "mandatory": True,
                        "other": [{"sacrifice": {"count": 1, "filter": {"type": ["creature"]}}}]},
                       {"id": "extra", "cost": "{1}"}],
        "per_mode": "{1}",
        "per_target": "",
        "modes": {"a": "{R}", "b": ""},
        "convoke": True,
        "reductions": [{"generic": {"count": {"type": ["artifact"]}}},
                       {"id": "mine", "mana": "{W}{G}"},  # colors in canonical order
                       {"generic": 0, "minimum": 1}],  # `generic: 0`: a reduction says something
    }
    assert data["cards"]["gate"] == {
        "types": ["land"],
        "mana": [{"adds": "{C}"},  # costs [tap], the default, left out
                 {"adds": "{W}{U}|{W}{W}", "costs": ["tap", {"pay_life": 1000}, {"pay_life": 400},
                                                     "{W/U}"]},  # life summed; the last mana stands
                 {"adds": "{G}", "costs": [], "only_for": {}}],
        "grants": [{"reduction": {"generic": 1}, "applies_to": {"ability": "activated"}},
                   {"reduction": {"mana": "{W}"}},  # its id is the one by position
                   {"at_least": 3, "applies_to": {"controller": "any"}}],
        "abilities": [{"id": "pump", "costs": ["tap", "{1}{R}", {"pay_life": 2}], "timing": "sorcery"},
                      {"id": "free"}],
    }
    assert data["state"] == {"you": {"hand": [{"id": "hand[0]", "card": "spell"}],
                                     "battlefield": [{"id": "l1", "card": "gate", "tapped": True,
                                                      "value": 3}],
                                     "mana_pool": "{R}{G}"}}
    assert data["play"] == {"object": "hand[0]", "from": "hand",
                            "optional": {"kicker": "yes", "multikicker": 2}}
    # What the file gave, a default's value too: the loader keeps it so (Objective.defaults
    # fill in the rest), and {} is not the default benefits.
    assert data["objective"] == {"weights": {"sacrifice": 5, "life": 2}, "benefits": {}}
    assert_round_trips(s)


def test_defaults_are_left_out() -> None:
    s = mtg_from_data({"format": "mtg/1", "cards": {"forest": {"types": ["land"], "mana": [{"adds": "{G}"}]}},
                       "state": {"you": {"battlefield": ["forest"]}},
                       "objective": {"weights": dict(DEFAULT_WEIGHTS)}})
    assert scenario_to_data(s) == {
        "format": "mtg/1",
        "cards": {"forest": {"types": ["land"], "mana": [{"adds": "{G}"}]}},
        "state": {"you": {"battlefield": [{"id": "battlefield[0]", "card": "forest"}]}},
    }


def test_an_ability_play_and_a_play_from_the_battlefield() -> None:
    s = mtg_from_data(yaml.safe_load("""
format: mtg/1
cards:
  relic: {types: [artifact], cost: "{1}", abilities: [{id: act, costs: ["{X}", tap]}]}
state: {turn: opponent, stack: nonempty, phase: combat,
        you: {life: 0, library: 5, battlefield: [{id: a1, card: relic}]},
        opponent: {exile: [relic], command: [relic]}}
plays: [{ability: {object: a1, id: act}, x: 2, targets: a1}, {object: a1}]
"""))
    data: Any = scenario_to_data(s)
    assert data["plays"] == [{"x": 2, "targets": ["a1"], "ability": {"object": "a1", "id": "act"}},
                             {"object": "a1"}]  # `from` can't say battlefield: left to the loader
    assert data["state"]["phase"] == "combat" and data["state"]["turn"] == "opponent"
    assert data["state"]["opponent"] == {
        "exile": [{"id": "opponent.exile[0]", "card": "relic"}],
        "command": [{"id": "opponent.command[0]", "card": "relic"}]}
    assert_round_trips(s)


def test_the_state_after_a_play_has_every_key() -> None:
    """`payplan play --json` prints `state_to_data` of the state after the play: every key, each
    zone even when empty (a reader finds every zone where it looks)."""
    s = mtg_from_data({"format": "mtg/1", "cards": {"bolt": {"types": ["instant"], "cost": "{R}"}},
                       "state": {"you": {"hand": [{"id": "h1", "card": "bolt"}], "mana_pool": "{R}"}}})
    empty = {"life": 20, "library": 0, "hand": [], "graveyard": [], "exile": [], "command": [],
             "battlefield": [], "mana_pool": ""}
    assert state_to_data(s.state) == {
        "phase": "main", "stack": "empty", "turn": "you",
        "you": {**empty, "hand": [{"id": "h1", "card": "bolt"}], "mana_pool": "{R}"},
        "opponent": empty}
    assert mtg_from_data({"format": "mtg/1", "cards": scenario_to_data(s)["cards"],
                          "state": state_to_data(s.state)}) == s
