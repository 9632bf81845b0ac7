"""The reference's generators draw every key the `payplan/1` loader accepts (issue 20).

The loader's keys and words are listed from the loader itself (`tests/reference/vocabulary.py`:
every `*_KEYS` tuple of `engine/riftbound/loader*.py`, the condition kinds, the objective's weights, and
the words of each enum it reads), so a key added to the loader, by any change, is a key the
generators must draw. The plays drawn fresh for this run (`tests/reference/fresh.py`, both
families, the same plays the engine is checked on in `tests/test_reference.py`, and the turns
of the turn generator, `fresh.turns`, for the turn's keys) are loaded with
the loader recording what it reads. A key or word they do not meet is looked for in up to
`EXTRA` more batches of fresh draws (Hypothesis's draws vary from run to run: a word drawn in
3% of the plays may be met only a handful of times in one run), so the test fails on a key the
generators never produce in `(1 + EXTRA) * 2 * PLAYS` draws, but those on the closed list
below, each with its reason.
"""

from __future__ import annotations

import pytest
from reference import fresh
from reference.vocabulary import VOCABULARY, every_record, recording, used

from payplan.engine.riftbound import card_keys, check_keys, loader, state_keys

# Keys and words the generators never draw, each with its reason. Nothing else may be left out.
# Every key and word of the loader is drawn: the turn's keys (`turn`, `candidates`, `values`,
# `max_plays`, a card's `effect` and its `adds`) by the turn generator (`fresh.turns`). (A
# reading left open is drawn around, not left out: a `printed_at_least` condition is drawn with
# Energy only, because with Power the engine compares the pips counted together and the
# reference each domain, and the spec does not say; `power` is met in every other cost.)
_CHECK = ("read by `payplan check` only (a payment the player chose): the reference prices "
          "plays and has no payment checker for payplan/1; check is cross-checked in "
          "tests/test_check.py against the planner and the brute force's payment search")
NOT_DRAWN: dict[tuple[str, str, str], str] = {
    **{("keys", t, k): _CHECK for t, k in (
        ("CHECK_KEYS", "base"), ("CHECK_KEYS", "discount_order"), ("CHECK_KEYS", "paid"),
        ("CHECK_KEYS", "paid_optional"), ("CHECK_KEYS", "payment"),
        ("CHOICE_KEYS", "base"), ("CHOICE_KEYS", "discount_order"), ("CHOICE_KEYS", "paid"),
        ("CHOICE_KEYS", "paid_optional"), ("PAYMENT_KEYS", "exhaust"),
        ("PAYMENT_KEYS", "other"), ("PAYMENT_KEYS", "pool"), ("PAYMENT_KEYS", "recycle"),
        ("PAYMENT_KEYS", "sources"), ("PAYMENT_KEYS", "source_kills"))},
}


def test_every_loader_key_tuple_is_listed() -> None:
    """Every `*_KEYS` tuple of the loader is in the vocabulary, as the loader holds it."""
    tuples = {name for module in (card_keys, state_keys, check_keys, loader)
              for name, value in vars(module).items()
              if name.endswith("_KEYS") and isinstance(value, tuple) and name != "POWER_KEYS"}
    assert tuples <= {name for kind, name in VOCABULARY if kind == "keys"}
    for (kind, name), words in VOCABULARY.items():
        assert words, (kind, name)


EXTRA = 3


@pytest.mark.slow
def test_the_generators_draw_every_loader_key() -> None:
    drawn = used(list(fresh.plays("classic")) + list(fresh.plays("real")) + list(fresh.turns()))
    missing = every_record() - drawn - set(NOT_DRAWN)
    batch = 0
    while missing and batch < EXTRA:
        batch += 1
        drawn |= used(list(fresh.plays("classic", batch)) + list(fresh.plays("real", batch))
                      + list(fresh.turns(batch)))
        missing = every_record() - drawn - set(NOT_DRAWN)
    assert not missing, (f"keys or words of the loader that {(1 + batch) * 2 * fresh.PLAYS} "
                         f"fresh plays never use: {sorted(missing)}")
    # A key not drawn yet may turn up now and then (the generators draw it where another key's
    # theme brings it along): only the keys no generator may draw are held to never.
    assert not ({k for k, why in NOT_DRAWN.items() if why is _CHECK} & drawn), \
        "drawn now: take it off NOT_DRAWN"
    unnamed = {r for r in drawn if r[1].startswith("unnamed")}
    assert not unnamed, f"the loader reads words from tuples the vocabulary does not name: {unnamed}"


def test_the_recording_sees_what_the_loader_reads() -> None:
    """The recording itself: a file with a filter `controller` and a rune `value` records both,
    and a file without them records neither (so a met key is one the loader really read)."""
    base = {"format": "payplan/1",
            "cards": {"c": {"type": "spell", "cost": {"energy": 1}}},
            "state": {"you": {"runes": [{"id": "r1", "domain": "fury"}],
                              "hand": [{"id": "h1", "card": "c"}]}},
            "play": {"object": "h1"}}
    plain = used([base])
    assert ("keys", "RUNE_KEYS", "value") not in plain
    assert ("keys", "FILTER_KEYS", "controller") not in plain
    richer = {**base,
              "cards": {"c": {"type": "spell", "cost": {"energy": 1}, "discounts": [
                  {"energy": 1, "if": {"targets": {"controller": "you"}}}]}},
              "state": {"you": {"runes": [{"id": "r1", "domain": "fury", "value": 2}],
                                "hand": [{"id": "h1", "card": "c"}]}}}
    got: set[tuple[str, str, str]] = set()
    with recording(got):
        loader.scenario_from_data(richer)
    assert {("keys", "RUNE_KEYS", "value"), ("keys", "FILTER_KEYS", "controller"),
            ("words", "PLAYERS", "you")} <= got
