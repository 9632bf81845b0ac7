"""A card's mana abilities read into the activations the brute force tries
(605, 106.1): each option of each ability, its costs ({T}, sacrifice, mana, life, counters, the
other forms) and its repetitions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .activation import Activation
from .counters import _have, _is_remove_counters, counter_options
from .mana import Symbol, parse_symbols
from .objects import BadScenario, _fj, _parts
from .untap_mill import _is_untap, g2_activations, untap_atoms

if TYPE_CHECKING:
    from .objects import Part


def ability_costs(costs: list[Any]) -> tuple[bool, bool, int, tuple[Symbol, ...], tuple[Part, ...]]:
    """A mana ability's `costs`: (taps, sacrifices itself, life, mana cost, other parts)."""
    taps = sac = False
    mana: list[Symbol] = []
    other: list[Any] = []
    for c in costs:
        if c == "tap":
            taps = True
        elif c == "sacrifice_self":
            sac = True
        elif isinstance(c, str):
            mana += parse_symbols(c)
        elif _is_remove_counters(c) or _is_untap(c):
            continue                      # Read by activations()
        else:
            other.append(c)
    if any(kind == "snow" for kind, _ in mana):
        raise BadScenario("a mana ability's costs hold {S} (refused)")
    parts, life = _parts(other)
    return taps, sac, life, tuple(mana), tuple(parts)


def activations(card: dict[str, Any]) -> list[Activation]:
    """Each option of each mana ability of a card (a mana ability's costs default to {T})."""
    out = []
    for i, ability in enumerate(card.get("mana") or []):
        if ability.get("_nothing"):
            continue                      # names no type (106.7): makes no mana, never activated
        taps, sac, life, mana_cost, parts = ability_costs(list(ability.get("costs", ["tap"])))
        restricted = None if ability.get("only_for") is None else _fj(ability["only_for"])
        untaps = untap_atoms(ability)
        if ability.get("adds") in ("untapped", "milled"):
            base = Activation(i, (), taps, sac, life, mana_cost, parts, restricted, untaps=untaps)
            out += g2_activations(ability, base)
            continue
        for adds, removes, once in counter_options(card, ability):
            out.append(Activation(i, adds, taps, sac, life, mana_cost, parts, restricted,
                                  removes, _have(card), once, untaps=untaps))
    return out
