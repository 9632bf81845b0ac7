"""The mtg/1 brute force's one search shortcut (benchmarks/mtg/reference/brute.py, `twins`):
equal activations of one object (an altar activated three times for the same color) take what
they sacrifice or return in one order only. It must change no answer: generated casts with such
activations are solved with it and without it, and must come out the same in every field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from payplan.benchmarks.mtg.reference import activation, brute, knobs
from tests.mtg_reference.strategies import random_cast

REMOVING = ("sacrifice", "return_to_hand")


def _removing_mana_ability(data: dict[str, Any]) -> bool:
    """A permanent with a mana ability whose costs sacrifice or return other objects."""
    cards = data["cards"]
    for obj in data["state"]["you"].get("battlefield") or []:
        if not isinstance(obj, dict):        # a battlefield given as card names
            continue
        for ability in cards[obj["card"]].get("mana") or []:
            if not isinstance(ability, dict):
                continue
            if any(isinstance(c, dict) and set(c) & set(REMOVING) for c in ability.get("costs") or []):
                return True
    return False


def _small_casts(n: int, seed: int) -> list[dict[str, Any]]:
    """The first n generated casts with a removing mana ability and at most 9 permanents (the
    search without the shortcut stays short on them)."""
    found = []
    for i in range(20_000):
        data = random_cast(random.Random(seed * 7919 + i))
        if _removing_mana_ability(data) and len(data["state"]["you"].get("battlefield") or []) <= 9:
            found.append(data)
            if len(found) == n:
                break
    return found


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_twin_order_changes_no_answer(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    used = []
    plain_twins = brute.twins

    def counting(*args: Any) -> list[int]:
        out = plain_twins(*args)
        used.append(any(r >= 0 for r in out))
        return out

    monkeypatch.setattr(brute, "twins", counting)
    for data in _small_casts(25, seed):
        with_shortcut = brute.solve(data).as_dict()
        monkeypatch.setattr(knobs, "TWIN_ORDER", False)
        try:
            without = brute.solve(data).as_dict()
        finally:
            monkeypatch.setattr(knobs, "TWIN_ORDER", True)
        assert with_shortcut == without, data
    assert any(used), "no cast had equal activations removing objects: the test checked nothing"


def test_twins_pairs_only_equal_activations_of_one_object() -> None:
    sac = (("sacrifice", 1, '{"type": "creature"}'),)
    red = activation.Activation(0, ("R",), False, False, 0, (), sac, None)
    green = activation.Activation(0, ("G",), False, False, 0, (), sac, None)
    acts = [red, red, green, red, red]
    owners = [0, 0, 0, 0, 1]
    reqs = [(j, "sacrifice", 1, '{"type": "creature"}') for j in range(5)]
    # act 1 follows act 0 (equal, same object); act 2 differs; act 3 follows act 1; act 4 is
    # another object's.
    assert brute.twins(reqs, owners, acts) == [-1, 0, -1, 1, -1]


def test_loose_twins_differ_only_in_what_they_make() -> None:
    sac = (("sacrifice", 1, '{"type": "creature"}'),)
    red = activation.Activation(0, ("R",), False, False, 0, (), sac, None)
    green = activation.Activation(0, ("G",), False, False, 0, (), sac, None)
    other_ability = activation.Activation(1, ("G",), False, False, 0, (), sac, None)
    acts = [red, green, other_ability, red]
    owners = [0, 0, 0, 0]
    reqs = [(j, "sacrifice", 1, '{"type": "creature"}') for j in range(4)]
    assert brute.twins(reqs, owners, acts) == [-1, -1, -1, 0]
    # loose: green follows red (another color, one ability); the other ability stands apart
    assert brute.twins(reqs, owners, acts, loose=True) == [-1, 0, -1, 1]
