"""No filter key is accepted and ignored in any of the places a filter is read.

`tests/test_key_sensitivity.py` names a key by the tuple that holds it and shows one pair of
answers it changes. A filter is one tuple (`FILTER_KEYS`) read by one reader, but what its keys
mean depends on where the filter stands: an object filter (`controls`, a count, a cost's
objects) is read on an object by `object_matches`, a filter on the play (a grant's
`applies_to`, a source's `only_for`) on the card played by `play_matches` / `spell_matches`, a
target filter on the chosen objects. A key read by one of these and dropped by another passed
that test on the first: `applies_to: {id: h1}` was accepted and ignored while `controls: {id}`
showed `id` read.

So the filter keys are checked per role here. Each place a loader hands a value to a filter
reader (found in the loader's source with `ast`: the key read with it, or the condition it
reads) is a site, and each site has a role (`SITES`, by hand: the matcher that reads filters at
that site). A site the loader gains without a role fails the suite. For each role, every key
the filter reader accepts has a pair (two scenarios differing in that key, at the role's site,
whose answers differ), or is refused by the loader at that site (checked: the scenario does not
load), or has a reason on `CLOSED`.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

import pytest
from test_key_sensitivity import (
    BASE,
    MATTACK,
    MBASE,
    Data,
    Pair,
    built,
    discount,
    grant,
    mgrant,
    run,
    setup,
)

from payplan.engine.mtg import card_keys as mtg_card_keys
from payplan.engine.mtg import check_keys as mtg_check_keys
from payplan.engine.mtg import cost_keys as mtg_cost_keys
from payplan.engine.mtg import keys as mtg_words
from payplan.engine.mtg import loader as mtg_loader
from payplan.engine.mtg import state_keys as mtg_state_keys
from payplan.engine.problems import ScenarioError
from payplan.engine.riftbound import card_keys, check_keys, state_keys
from payplan.engine.riftbound import loader as payplan_loader

Site = tuple[str, str]  # (the reading method, the key or condition read), or (method, "")

# --- the sites, found in the loaders' source ---------------------------------------------------


def sites(modules: tuple[ModuleType, ...], readers: frozenset[str]) -> list[Site]:
    """Each place outside the filter readers that hands a value to one of them: `f.read("KEY",
    ..., self.READER)` (site: the method and KEY), a condition's `"KIND": lambda:
    self.READER(...)` (the method and KIND), or a direct `self.READER(...)` (the method)."""
    out: list[Site] = []
    for module in modules:
        tree = ast.parse(inspect.getsource(module))
        parent = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or fn.name in readers:
                continue
            for node in ast.walk(fn):
                if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "self" and node.attr in readers):
                    continue
                out.append((fn.name, _site_key(node, parent)))
    return sorted(set(out))


def _site_key(node: ast.Attribute, parent: dict[ast.AST, ast.AST]) -> str:
    call = parent[node]
    if (isinstance(call, ast.Call) and call.func is not node
            and isinstance(call.func, ast.Attribute) and call.func.attr == "read"
            and isinstance(call.args[0], ast.Constant)):
        return str(call.args[0].value)
    up: ast.AST = call
    while up in parent and not isinstance(up, ast.Lambda):
        up = parent[up]
    holder = parent.get(up)
    if isinstance(up, ast.Lambda) and isinstance(holder, ast.Dict):
        key = holder.keys[holder.values.index(up)]
        if isinstance(key, ast.Constant):
            return str(key.value)
    return ""


PAYPLAN_MODULES = (card_keys, state_keys, check_keys, payplan_loader)
PAYPLAN_READERS = frozenset({"filter", "held_filter"})
MTG_MODULES = (mtg_cost_keys, mtg_card_keys, mtg_state_keys, mtg_check_keys, mtg_loader)
MTG_READERS = frozenset({"filter", "grant_filter", "held_filter", "count_filter", "effect_filter",
                         "target_filter", "pool_filter"})

# Each site's role: the matcher that reads the filter there.
SITES: dict[str, dict[Site, str]] = {
    "payplan/1": {
        # `object_matches`: an object as it stands (its id, Might, location, stunned).
        ("amount", "of"): "object",
        ("amount", "count"): "object", ("condition", "controls"): "object",
        ("condition", "opponent_controls"): "object",
        # The objects a cost takes (`object_matches`), whose controller the payment reads.
        ("other_costs", "filter"): "cost", ("source_kill", "filter"): "cost",
        # `target_matches`: an object the play chooses, its controller relative to you.
        ("condition", "targets"): "target", ("card_abilities", "targets"): "target",
        ("card_fields", "targets"): "target",
        # `play_matches`: the play (the card played, or the ability's object).
        ("grant_fields", "applies_to"): "play", ("effect_entry", "applies_to"): "play",
        ("sources", "only_for"): "play", ("card_source", "only_for"): "play",
        ("bans", "applies_to"): "play", ("card_triggers", "applies_to"): "play",
    },
    "mtg/1": {
        # `object_matches`: a permanent or a card in a zone.
        ("mtg_other_cost", "filter"): "object", ("amount_of", "count"): "object",
        ("colored_count", "count"): "object", ("spend_only", ""): "object",
        ("mana_effect", "sources"): "object", ("untap_costs", "filter"): "object",
        ("per_amount", "count"): "object", ("per_amount", "greatest_power"): "object",
        # The permanents whose types of mana `adds: any_type | any_color` reads (Reflecting Pool).
        ("reflected_of", "of"): "object",
        # `spell_matches`: the spell or ability played.
        ("abilities", "only_for"): "spell", ("mtg_grants", "applies_to"): "spell",
        # `targeted`: the spell's targets (TARGET_FILTER_KEYS, in tests/test_key_sensitivity.py).
        ("amount_of", "count_targets"): "target",
        # A card's `effect` (the turn): `untap.filter` on your permanents, an effect's
        # `applies_to` on your spells; the keys they don't read are refused
        # (tests/test_mtg_turn_effects.py).
        ("untap_filter", ""): "object", ("effect_applies_to", ""): "spell",
        # Restricted mana in the pool (106.6): what it may pay, the spell or ability played.
        ("restricted_pool", "only_for"): "spell",
    },
}


@pytest.mark.parametrize("format_name, found", [
    ("payplan/1", lambda: sites(PAYPLAN_MODULES, PAYPLAN_READERS)),
    ("mtg/1", lambda: sites(MTG_MODULES, MTG_READERS))])
def test_every_filter_site_has_a_role(format_name: str, found: Any) -> None:
    here = found()
    assert set(here) == set(SITES[format_name]), (
        f"{format_name}: sites without a role {sorted(set(here) - set(SITES[format_name]))}, "
        f"roles of sites gone {sorted(set(SITES[format_name]) - set(here))}")


# --- each role's pairs -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Refused:
    """The loader refuses the key, with this value (one it takes elsewhere), at the role's
    site: checked below."""

    value: Any


def controls(key: str, value: Any) -> Pair:
    """bolt [1] less while you control an object matching the filter (u1, a brute: a unit of
    body, printed [2], Might 2, at base, not stunned)."""
    return Pair(discount(energy=1, **{"if": {"controls": {}}}),
                f"cards.bolt.discounts.0.if.controls.{key}", value)


def applies(key: str, value: Any) -> Pair:
    """u1 grants [1] less to the plays the filter matches (bolt h1 from hand: a fury spell with
    one Power pip); the opponent's brute (which would grant it too) is gone."""
    return Pair(setup(grant(applies_to={}), state__opponent__board=[]),
                f"cards.brute.grants.0.applies_to.{key}", value)


TARGETED = setup(discount(energy=1, **{"if": {"targets": {}}}), play__targets=["e1"])


def targets(key: str, value: Any) -> Pair:
    """bolt [1] less when it chooses an object matching the filter (e1: the opponent's brute)."""
    return Pair(TARGETED, f"cards.bolt.discounts.0.if.targets.{key}", value)


KILLING = setup(BASE, **{
    "cards__bolt__cost": {"energy": 0, "other": [{"kill": {"count": 1, "filter": {}}}]},
    "state__you__board": [{"id": "u1", "card": "brute"}]})


def kills(key: str, value: Any) -> Pair:
    """bolt costs "kill a unit" more, a filter choosing which (u1: your brute; e1: theirs)."""
    return Pair(KILLING, f"cards.bolt.cost.other.0.kill.filter.{key}", value)


# The objects every role's filter is read on (a brute: a unit of body, printed [2], Might 2, at
# base, not stunned), and a value of each key that the brute does not meet.
ON_OBJECT: dict[str, Any] = {
    "type": "gear", "tags": ["elite"], "any_tags": ["elite", "poro"], "domain": "fury",
    "name": "Titan", "max_might": 1, "min_might": 3, "location": "battlefield", "from": "trash",
    "keyword": "flow", "ability": "any", "printed_energy": 5, "printed_power": 1,
    "stunned": True, "timing": "reaction"}


def _payplan_roles() -> dict[tuple[str, str], Pair | Refused]:
    t: dict[tuple[str, str], Pair | Refused] = {}
    for key, value in ON_OBJECT.items():
        t["object", key] = controls(key, value)
        t["target", key] = targets(key, value)
        t["cost", key] = kills(key, value)
    t["object", "id"] = controls("id", "e1")
    t["target", "id"] = targets("id", "u1")
    t["cost", "id"] = kills("id", "e1")
    # `controls`, `opponent_controls` and the amounts read one player's objects.
    t["object", "controller"] = Refused("opponent")
    t["target", "controller"] = targets("controller", "you")
    t["cost", "controller"] = kills("controller", "opponent")
    for role in ("object", "target", "cost"):
        t[role, "self"] = Refused(True)
    on_play: dict[str, Any] = {
        "type": "unit", "tags": ["elite"], "any_tags": ["elite", "poro"], "domain": "calm",
        "name": "Zap", "max_might": 1, "min_might": 3, "location": "battlefield",
        "controller": "opponent", "from": "trash", "keyword": "flow", "ability": "any",
        "id": "h2", "printed_energy": 5, "printed_power": 2, "stunned": True,
        "timing": "reaction", "self": True}
    for key, value in on_play.items():
        t["play", key] = applies(key, value)
    return t


def mcount(key: str, value: Any) -> Pair:
    """bolt {1} less per creature of yours the count's filter matches (c1: a green bear)."""
    return Pair(MATTACK, f"cards.bolt.reductions.0.generic.count.{key}", value)


def mapplies(key: str, value: Any) -> Pair:
    """The bear grants {1} more to the spells the filter matches (bolt: a red instant)."""
    return Pair(mgrant(applies_to={}), f"cards.bear.grants.0.applies_to.{key}", value)


def _mtg_roles() -> dict[tuple[str, str], Pair | Refused]:
    t: dict[tuple[str, str], Pair | Refused] = {}
    on_object: dict[str, Any] = {
        "type": ["land"], "not_type": ["creature"], "tags": ["elf"], "color": ["R"],
        "name": "Zap", "multicolored": True, "colorless": True, "attacking": True,
        "all_types": ["creature", "artifact"]}
    for key, value in on_object.items():
        t["object", key] = mcount(key, value)
    t["object", "controller"] = Refused("opponent")
    t["object", "ability"] = Refused("activated")
    for key in ("chosen_type", "attached"):
        t["object", key] = Refused(True)
    t["object", "targets"] = Refused({"type": ["land"]})
    on_spell: dict[str, Any] = {
        "type": ["creature"], "not_type": ["instant"], "tags": ["burn"], "color": ["G"],
        "name": "Zap", "controller": "opponent", "multicolored": True, "colorless": True,
        "attacking": True, "targets": {"type": ["land"]}, "all_types": ["instant", "kindred"]}
    for key, value in on_spell.items():
        t["spell", key] = mapplies(key, value)
    t["spell", "ability"] = mapplies("ability", "activated")
    t["spell", "chosen_type"] = Pair(
        setup(mgrant(applies_to={}), **{"state__you__battlefield__3__chosen_type": "elf"}),
        "cards.bear.grants.0.applies_to.chosen_type", True)
    t["spell", "attached"] = Refused(True)
    # The shape of the cost (Rosheen Meanderer, Titans' Nest): read on the spell only.
    t["object", "x_cost"] = Refused(True)
    t["spell", "x_cost"] = mapplies("x_cost", True)
    return t


# Keys that can't change an answer at a role, each with its reason (none so far).
CLOSED: dict[tuple[str, str, str], str] = {}

ROLES: dict[str, tuple[tuple[str, ...], dict[tuple[str, str], Pair | Refused]]] = {
    "payplan/1": (card_keys.FILTER_KEYS, _payplan_roles()),
    "mtg/1": (mtg_words.FILTER_KEYS, _mtg_roles()),
}
# Where each role's filter is written in its pairs (and where a refused key is tried).
PROBES: dict[tuple[str, str], Callable[[str, Any], Pair]] = {
    ("payplan/1", "object"): controls, ("payplan/1", "target"): targets,
    ("payplan/1", "cost"): kills, ("payplan/1", "play"): applies,
    ("mtg/1", "object"): mcount, ("mtg/1", "spell"): mapplies,
}


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for name, (keys, _) in ROLES.items():
        for role in sorted({r for r in SITES[name].values() if r != "target" or name != "mtg/1"}):
            out += [(name, role, key) for key in keys]
    return out


def _loads(data: Data) -> bool:
    try:
        run("plan", data)
    except ScenarioError:
        return False
    return True


@pytest.mark.parametrize("format_name, role, key", _cases())
def test_every_filter_key_is_read_in_every_role(format_name: str, role: str, key: str) -> None:
    if (format_name, role, key) in CLOSED:
        return
    table = ROLES[format_name][1]
    assert (role, key) in table, (
        f"{format_name}: `{key}` in a filter read as {role!r} has no pair, is not refused and "
        f"has no reason on CLOSED")
    entry = table[role, key]
    if isinstance(entry, Refused):
        probe = PROBES[format_name, role](key, entry.value)
        assert not _loads(built(probe, entry.value)), (
            f"{format_name}: `{key}: {entry.value!r}` in a filter read as {role!r} loads: "
            f"it needs a pair")
        return
    assert entry.path.split(".")[-1] == key, entry
    a, b = (run(entry.command, built(entry, value)) for value in (entry.a, entry.b))
    assert a != b, f"{format_name}: `{key}` changes no answer in a filter read as {role!r}"


def test_the_bases_load() -> None:
    for data in (BASE, MBASE, TARGETED, KILLING, MATTACK):
        assert _loads(data)
