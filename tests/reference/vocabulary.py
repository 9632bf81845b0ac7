"""Which keys and words of the `payplan/1` loader a set of raw scenarios uses, as the loader
reads them (test code: it imports the loader, which the generators and the reference never do).

`used(datas)` loads each scenario with `payplan.engine.riftbound.loader.scenario_from_data` while
recording, for every mapping the loader reads with its `fields`, the key tuple it checks and
the keys present; for every word it reads with `one_of` (and `words`), the tuple of words and
the word; the kinds of non-standard cost (`other_costs`) and the keys of Power maps (`power`,
read by membership). Each record is (kind, tuple name, word), the tuple named as
`VOCABULARY` names it (`("keys", "CARD_KEYS", "might")`, `("words", "LOCATIONS", "base")`).

`VOCABULARY` is every tuple the loader reads keys or words from, by name, as the loader holds
them: a loader change that adds a key to one of them, or a tuple, shows up here by itself.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterable, Iterator, Sequence

from payplan.engine import turn
from payplan.engine.riftbound import card_keys, check_keys, state_keys
from payplan.engine.riftbound import loader as L

from . import features

# The loader's names, from each of its modules (the card library's, the state's, the payment's to
# check, and the play's), and the turn's keys (`engine.turn`, read by the shared reader), as one
# namespace.
_NAMES: dict[str, Any] = {**vars(turn), **vars(card_keys), **vars(state_keys),
                          **vars(check_keys), **vars(L)}
# (kind, name) -> the tuple, as the loader holds it. `keys`: read with `fields`; `words`: with
# `one_of`; `kinds`: non-standard cost kinds; `power`: the keys of a Power map.
VOCABULARY: dict[tuple[str, str], tuple[str, ...]] = {
    **{("keys", name): tuple(value) for name, value in _NAMES.items()
       if name.endswith("_KEYS") and isinstance(value, tuple) and name != "POWER_KEYS"},
    ("keys", "CONDITION_KINDS"): tuple(_NAMES["CONDITION_KINDS"]),
    ("keys", "WEIGHTS"): tuple(_NAMES["DEFAULT_WEIGHTS"]),
    ("keys", "GRANTED_KEYWORD"): ("flow", "repeat"),
    ("keys", "FLOW_BASE"): ("flow",),
    **{("words", name): tuple(_NAMES[name]) for name in (
        "CARD_TYPES", "COMPONENTS", "TIMINGS", "ABILITY_KINDS", "IGNORES", "OPTIONAL_CHOICES",
        "LOCATIONS", "PHASES", "HIDDEN_TURNS", "PLAYERS", "SOURCE_COSTS", "BASES", "PLAY_ZONES",
        "COUNT_ZONES", "LEAVES_BY", "LEAVES_TO", "INSTRUCTED_BY", "CONDITION_BASES",
        "FILTER_ABILITIES", "DOMAINS", "KEYWORD_KEYS", "PAID_IGNORES", "UNITS_AT_WHERE",
        "USES_WORDS")
       if name in _NAMES},
    ("words", "MAX_WORD"): ("might",),
    ("words", "PER_WORD"): ("played_this_turn",),
    ("words", "PRINTED_OF_WORD"): ("paid",),
    ("words", "MIGHT_OF_WORD"): ("target",),
    ("words", "GRANTED_FLOW"): ("printed",),
    ("words", "GRANTED_REPEAT"): ("printed", "base"),
    # `effect: {kill: targets}`, where the loader reads it (`features`).
    **({("words", "KILL_WORD"): ("targets",)} if features.has("kill") else {}),
    ("kinds", "OTHER_KINDS"): tuple(_NAMES["OTHER_KINDS"]) + tuple(_NAMES["SELF_KINDS"]),
    ("power", "POWER_KEYS"): tuple(_NAMES["POWER_KEYS"]) + ("c",),
}

# Tuples the loader builds where it reads (equal to one above, not the same object), by value.
_BY_VALUE = {("flow",): "FLOW", tuple(_NAMES["DEFAULT_WEIGHTS"]): "WEIGHTS", ("might",): "MAX_WORD",
             ("played_this_turn",): "PER_WORD", ("paid",): "PRINTED_OF_WORD",
             ("target",): "MIGHT_OF_WORD", ("printed",): "GRANTED_FLOW",
             ("flow", "repeat"): "GRANTED_KEYWORD", ("printed", "base"): "GRANTED_REPEAT",
             ("targets",): "KILL_WORD"}

Record = tuple[str, str, str]


def _name(kind: str, options: Sequence[str]) -> str:
    """The names of `options` in `VOCABULARY`, joined by `/` (Python may make two equal tuple
    constants of one module one object: `BRANCH_KEYS` and `MINIMUM_KEYS` are both read so)."""
    same = [name for (k, name), value in VOCABULARY.items() if k == kind and value is options]
    if same:
        return "/".join(same)
    found = _BY_VALUE.get(tuple(options))
    if kind == "words" and found is None and len(options) > len(_NAMES["LOCATIONS"]) and \
            tuple(options[:len(_NAMES["LOCATIONS"])]) == tuple(_NAMES["LOCATIONS"]):
        # A location read in a file with named battlefields (issue 24): the words and the
        # file's battlefield ids, built where it is read.
        return "LOCATIONS"
    if kind == "words" and tuple(options) == (*_NAMES["ABILITY_KINDS"], "triggered"):
        return "ABILITY_KINDS"  # the kinds a card's ability is read with: a trigger's beside them
    if found == "FLOW":
        return "FLOW_BASE"
    if found is not None:
        return found
    equal = [name for (k, name), value in VOCABULARY.items()
             if k == kind and tuple(value) == tuple(options)]
    return "/".join(equal) if equal else f"unnamed {tuple(options)}"


@contextlib.contextmanager
def recording(out: set[Record]) -> Iterator[None]:
    """While active, every scenario the loader reads adds its records to `out`."""
    reader = L._Reader
    saved = {name: getattr(reader, name) for name in ("fields", "one_of", "other_costs", "power")}

    def fields(self: Any, value: object, path: Any, keys: Sequence[str]) -> Any:
        if isinstance(value, dict):
            name = _name("keys", keys)
            for key, item in value.items():
                if item is not None and isinstance(key, str) and key in keys:
                    for n in name.split("/"):
                        out.add(("keys", n, key))
        return saved["fields"](self, value, path, keys)

    def one_of(self: Any, value: object, path: Any, options: Sequence[str], what: str) -> Any:
        if isinstance(value, str) and value in options:
            for n in _name("words", options).split("/"):
                out.add(("words", n, value))
        return saved["one_of"](self, value, path, options, what)

    def other_costs(self: Any, value: object, path: Any) -> Any:
        for entry in value if isinstance(value, list) else []:
            for kind in [entry] if isinstance(entry, str) else list(dict(entry)):
                out.add(("kinds", "OTHER_KINDS", str(kind)))
        return saved["other_costs"](self, value, path)

    def power(self: Any, value: object, path: Any, c: str | None) -> Any:
        for key in value if isinstance(value, dict) else {}:
            out.add(("power", "POWER_KEYS", str(key)))
        return saved["power"](self, value, path, c)

    try:
        reader.fields = fields  # type: ignore[method-assign]
        reader.one_of = one_of  # type: ignore[method-assign]
        reader.other_costs = other_costs  # type: ignore[method-assign]
        reader.power = power  # type: ignore[method-assign]
        yield
    finally:
        for name, method in saved.items():
            setattr(reader, name, method)


def used(datas: Iterable[dict[str, Any]]) -> set[Record]:
    """The records of every scenario in `datas` (each must load)."""
    out: set[Record] = set()
    with recording(out):
        for data in datas:
            L.scenario_from_data(data)
    return out


def every_record() -> set[Record]:
    """Every (kind, name, word) of `VOCABULARY`."""
    return {(kind, name, word) for (kind, name), words in VOCABULARY.items() for word in words}
