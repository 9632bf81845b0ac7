"""The `mtg/1` shapes of the `cliffs` suite: each turns one knob of an mtg/1 cast up.

`cliff(knob, size)` returns mtg/1 data (deterministic: no randomness beyond the seeded board of
`engine.mtg.generate`); `KNOBS` lists them with the sizes their aims are read at:

- `mtg_kickers`: `{G}{W}` with kicker `{2}`, multikicker `{1}{G/W}` and replicate `{1}{U}`, all
  `auto` (benefits 2, 3, 3), on `size` permanents (mostly basic lands, a few of every other
  source: `_board`). Priced option by option, 3,000 to 6,000 options at 31 permanents.
- `mtg_x`: `{X}{R}{R}`, `x: auto`, on the mtg family's board of `size` sources (seed 0).
- `mtg_five_color`: `{25}{W}{U}{B}{R}{G}` on the mtg family's board of `size` sources.
- `mtg_hybrid`: twelve hybrid, mono-hybrid and Phyrexian pips (six kinds, two of each) on the
  mtg family's board of `size` sources: 1,458 announcements.
- `mtg_hand`: `payplan hand` with 60 spells of the mtg family's list in hand (their generic
  part growing by one every eight cards) on `size` permanents (`_board`).

Each is measured as a whole process (`benchmarks.process`: interpreter start, imports, loading
and the plan, the parent's wall time) and, inside it, the plan alone; against a typical CP-SAT
plan timed the same way in the same run (`typical_data`: the mtg family's 20-source board of
seed 3, which CP-SAT decides with the fast path off); and again under `--time-limit 2`, where
every cast the greedy (`bench.greedy_plan`) pays must answer `ok`. The aims: the whole process
within 5 times the typical CP-SAT plan's, and within 3 s under `--time-limit 2`.
"""

from __future__ import annotations

from typing import Any

from ...engine.mtg.generate import CARDS, SPELLS, generate_mtg

Data = dict[str, Any]

# knob -> (what it counts, the sizes its aims are read at, the command it times)
KNOBS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "mtg_kickers": ("mtg/1: multikicker + replicate + kicker, all auto; permanents", (31, 96), "plan"),
    "mtg_x": ("mtg/1: {X}{R}{R}, x auto; sources", (120,), "plan"),
    "mtg_five_color": ("mtg/1: {25}{W}{U}{B}{R}{G}; sources", (200,), "plan"),
    "mtg_hybrid": ("mtg/1: 12 hybrid/Phyrexian pips; sources", (60,), "plan"),
    "mtg_hand": ("mtg/1: hand of 60 spells; permanents", (60,), "hand"),
}
SWEEP: dict[str, tuple[int, ...]] = {
    "mtg_kickers": (8, 16, 31, 64, 96),
    "mtg_x": (20, 60, 120),
    "mtg_five_color": (50, 100, 200),
    "mtg_hybrid": (20, 40, 60),
    "mtg_hand": (10, 30, 60),
}
WHOLE = frozenset(KNOBS)  # every knob is timed as a whole process
TYPICAL_KEY = "mtg_typical"  # where results.json holds its typical CP-SAT plan's process
TYPICAL_SAID = "the mtg family's 20-source board of seed 3"
TYPICAL_CP_SAT = (20, 3)  # the mtg family's board CP-SAT decides (fast path off): size, seed


def _board(size: int) -> list[Data]:
    """`size` permanents: basic lands of the five colors in turn, every sixth of the first 72
    another kind of source."""
    extras = ["dual-wu", "dual-br", "dual-rg", "tri-gwu", "city-of-brass", "mystic-gate",
              "graven-cairns", "sol-ring", "treasure", "llanowar-elves", "birds", "bear-g"]
    basics = ["plains", "island", "swamp", "mountain", "forest"]
    return [{"id": f"p{i}", "card": extras[i // 6] if i % 6 == 5 and i // 6 < len(extras)
             else basics[(i - min(i // 6, len(extras))) % 5]} for i in range(size)]


def _family_board(size: int) -> list[Data]:
    board: list[Data] = generate_mtg(size, 0)["state"]["you"]["battlefield"]
    return board


def _mtg(spell: Data | None, board: list[Data], play: Data | None,
         benefits: Data | None = None) -> Data:
    cards = dict(CARDS)
    you: Data = {"life": 20, "library": 30, "battlefield": board, "hand": [], "graveyard": []}
    if spell is not None:
        cards["spell"] = spell
        you["hand"] = [{"id": "s1", "card": "spell"}]
    out: Data = {"format": "mtg/1", "cards": cards, "state": {"you": you}}
    if play is not None:
        out["play"] = play
    if benefits:
        out["objective"] = {"benefits": benefits}
    return out


def cliff(knob: str, size: int) -> Data:
    """The mtg/1 scenario of `knob` at `size`."""
    if knob == "mtg_kickers":
        spell = {"types": ["sorcery"], "cost": "{G}{W}", "kicker": ["{2}"],
                 "multikicker": "{1}{G/W}", "replicate": "{1}{U}"}
        return _mtg(spell, _board(size), {"object": "s1", "optional": {
            "kicker": "auto", "multikicker": "auto", "replicate": "auto"}},
            {"kicker": 2, "multikicker": 3, "replicate": 3})
    if knob == "mtg_x":
        return _mtg({"types": ["sorcery"], "cost": "{X}{R}{R}"}, _family_board(size),
                    {"object": "s1"})
    if knob == "mtg_five_color":
        return _mtg({"types": ["sorcery"], "cost": "{25}{W}{U}{B}{R}{G}"}, _family_board(size),
                    {"object": "s1"})
    if knob == "mtg_hybrid":
        cost = "{W/U}{W/U}{B/R}{B/R}{G/P}{G/P}{2/W}{2/W}{U/B/P}{U/B/P}{R/G}{R/G}"
        return _mtg({"types": ["sorcery"], "cost": cost}, _family_board(size), {"object": "s1"})
    if knob == "mtg_hand":
        data = _mtg(None, _board(size), None)
        for i in range(60):
            spell = SPELLS[i % len(SPELLS)]
            data["cards"][f"spell{i}"] = dict(spell, cost=f"{{{i // 8}}}{spell['cost']}")
        data["state"]["you"]["hand"] = [{"id": f"h{i}", "card": f"spell{i}"} for i in range(60)]
        return data
    raise ValueError(f"unknown mtg knob {knob!r} (one of: {', '.join(KNOBS)})")


def typical_data() -> Data:
    """The typical CP-SAT plan's scenario, what the shapes are timed against."""
    return generate_mtg(*TYPICAL_CP_SAT)


def greedy_status(scenario: Any) -> str:
    """The greedy baseline's status on a loaded scenario (imported here: its import is timed
    with it, apart from the plan's process)."""
    from .bench import greedy_plan

    status: str = greedy_plan(scenario).status
    return status


__all__ = ["KNOBS", "SWEEP", "TYPICAL_KEY", "TYPICAL_SAID", "WHOLE", "cliff", "greedy_status",
           "typical_data"]
