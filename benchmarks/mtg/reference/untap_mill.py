"""An opponent's permanent untapped as a cost (106.7, 605, 601.2g-h) and mana from a
milled card (Pendant of Prosperity's kind): the hidden library, the orders of the mills, and
the pips of a card's mana cost read as mana it could add.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import knobs
from .mana import COLORS, MANA, parse_symbols
from .objects import BadScenario, _find, _fj, _matches_obj, _objects
from .reflect import could_produce

if TYPE_CHECKING:
    from .activation import Activation
    from .board import Board
    from .objects import Obj


# --- An opponent's permanent untapped as a cost; mana from a milled card ----
#
# Read from docs/mtg-format.md and rules 106.7, 605, 601.2g-h as a
# player knows them, never from payplan's engine:
# - `{untap: {count: N, filter}}` in a mana ability's costs (N 1..10, default 1; the filter holds
#   `controller: opponent`, relative to the ability's permanent: yours) untaps N distinct
#   permanents of the opponent that are tapped as the cast begins and match the rest of the
#   filter; one permanent is untapped at most once in a payment (by all abilities together).
#   Each permanent untapped is charged the weight `untap` (default 1; its `value` is not read:
#   untapping loses nothing). An ability that neither taps nor sacrifices its permanent repeats
#   while such permanents remain.
# - `adds: untapped` (Benthic Explorers): one mana of one type the untapped permanent could
#   produce (106.7): the types named by the options of its card's mana abilities, {C} included,
#   costs ignored (a tapped land still could produce; a storage land's `per: removed` names its
#   options whatever its counters), `per` counted on that permanent's controller's side (an
#   amount 0 names nothing), `adds: untapped` or `milled` naming nothing, a face-down
#   permanent nothing. The ability's costs hold exactly one untap atom of count 1.
# - `library_top: [CARD, ...]` (player key): the known cards on top of your library, top first;
#   each a key of `cards`, `library` at least as many. `adds: milled` (Charmed Pendant; its
#   costs hold `{mill: 1}`): the card it mills is the one at the position the mana abilities
#   activated before it (601.2g, in the order the player picks, one order with the filters')
#   have reached, each mana ability's mill counted; for each colored symbol of that card's
#   `cost` one mana: {W} W, {W/U} W or U, {2/W} W, {W/P} W, {G/W/P} G or W; generic, {C}, {X},
#   {S} nothing; a card without `cost` nothing. A Pendant reaching a card beyond `library_top`
#   is never activated (its mana is unknown). The spell's own mill (601.2h) comes after.



def _is_untap(c: Any) -> bool:
    return isinstance(c, dict) and len(c) == 1 and "untap" in c


def untap_atoms(ability: dict[str, Any]) -> tuple[tuple[int, str], ...]:
    """A mana ability's `{untap: {count, filter}}` atoms as (count, filter JSON)."""
    out: list[tuple[int, str]] = []
    for c in ability.get("costs") or []:
        if not _is_untap(c):
            continue
        body = c["untap"]
        if not isinstance(body, dict) or set(body) - {"count", "filter"}:
            raise BadScenario(f"untap: {{count, filter}} expected: {body!r}")
        count = body.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
            raise BadScenario(f"untap: count must be 1 to 10: {count!r}")
        flt = body.get("filter")
        if not isinstance(flt, dict) or flt.get("controller") != "opponent":
            raise BadScenario("untap: the filter must hold controller: opponent (not built otherwise)")
        out.append((count, _fj(flt)))
    return tuple(out)


def library_top(data: dict[str, Any]) -> list[str]:
    """`state.you.library_top`, checked: card ids of `cards`, no more than `library`."""
    you = (data.get("state") or {}).get("you") or {}
    top = you.get("library_top")
    if top is None:
        return []
    if not isinstance(top, list) or any(str(t) not in data["cards"] for t in top):
        raise BadScenario(f"state.you.library_top: a list of card ids: {top!r}")
    if int(you.get("library", 0)) < len(top):
        raise BadScenario("state.you.library_top: more cards than the library has")
    return [str(t) for t in top]


def milled_options(card: dict[str, Any]) -> list[tuple[str, ...]]:
    """What milling `card` makes a Pendant add: each choice of its colored symbols' colors
    (canonical W U B R G order), [()] when it has none."""
    choices: list[list[tuple[str, ...]]] = []
    for kind, arg in parse_symbols(str(card.get("cost") or "")):
        if kind == "mana" and arg in COLORS:
            choices.append([(arg,)])
        elif kind == "mono":
            choices.append([(arg[1],)])
        elif kind == "phyrexian" and "phyrexian_nothing" not in knobs.MISREADINGS:
            choices.append([(arg,)])
        elif kind in ("hybrid", "hphyrexian"):
            if kind == "hphyrexian" and "phyrexian_nothing" in knobs.MISREADINGS:
                continue
            if "hybrid_both" in knobs.MISREADINGS:
                choices.append([(arg[0], arg[1])])
            else:
                choices.append([(arg[0],), (arg[1],)])
    out: set[tuple[str, ...]] = set()
    for combo in itertools.product(*choices):
        out.add(tuple(sorted(sum(combo, ()), key=MANA.index)))
    return sorted(out)


def g2_cards(data: dict[str, Any]) -> dict[str, Any]:
    """The cards with each `adds: untapped` ability's candidate types written in (`_colors`:
    what the opponent's tapped permanents its filter matches could produce) and each `adds:
    milled` ability's mana per known card (`_milled`, by position in `library_top`)."""
    cards: dict[str, Any] = data["cards"]
    if '"untapped"' not in json.dumps(cards) and '"milled"' not in json.dumps(cards):
        return cards
    state = data.get("state") or {}
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    top = library_top(data)
    if "hidden_counted" in knobs.MISREADINGS and top:
        more = min(2, int((state.get("you") or {}).get("library", 0)) - len(top))
        top = top + [top[-1]] * more
    if "mill_same_card" in knobs.MISREADINGS:
        top = top[:1]
    out = dict(cards)
    for cid, card in cards.items():
        abilities = []
        for a in card.get("mana") or []:
            if a.get("adds") == "untapped":
                atoms = untap_atoms(a)
                if len(atoms) != 1 or atoms[0][0] != 1:
                    raise BadScenario(f"cards.{cid}: adds: untapped needs exactly one untap atom of count 1")
                flt = _untap_rest(atoms[0][1])
                colors: set[str] = set()
                for o in opp:
                    if (o.tapped or "untap_untapped" in knobs.MISREADINGS) and _matches_obj(cards, o, flt):
                        colors |= could_produce(data, o)
                a = {**a, "_colors": "".join(c for c in MANA if c in colors)}
            elif a.get("adds") == "milled":
                if not any(isinstance(c, dict) and c.get("mill") == 1 for c in a.get("costs") or []):
                    raise BadScenario(f"cards.{cid}: adds: milled needs {{mill: 1}} in its costs")
                a = {**a, "_milled": [milled_options(cards[t]) for t in top]}
            abilities.append(a)
        out[cid] = {**card, "mana": abilities} if card.get("mana") else card
    return out


def _untap_rest(fj: str) -> dict[str, Any]:
    """An untap filter without its `controller: opponent` (the objects read are the opponent's)."""
    return {k: v for k, v in (json.loads(fj) or {}).items() if k != "controller"}


def g2_board(data: dict[str, Any], spell: dict[str, Any]) -> dict[str, Any]:
    """The Board's fields for untap costs and milled mana; a Pendant of yours beside a played card
    with delve or an exile_from_graveyard cost is refused (not built)."""
    state = data.get("state") or {}
    you = _objects(state.get("you") or {}, "battlefield", "you")
    top = library_top(data)
    pendant = any(a.get("adds") == "milled" for o in you for a in data["cards"][o.card].get("mana") or [])
    if pendant and (spell.get("delve") or "exile_from_graveyard" in json.dumps(
            data["cards"][_find(data).card])):
        raise BadScenario("adds: milled beside a played card with delve or exile_from_graveyard (not built)")
    opp = _objects(state.get("opponent") or {}, "battlefield", "opponent")
    if '"untap"' not in json.dumps(data["cards"]):
        return {"known_top": len(top)}
    return {"opp_field": opp, "could": {o.id: could_produce(data, o) for o in opp},
            "known_top": len(top)}


def g2_activations(ability: dict[str, Any], base: Activation) -> list[Activation]:
    """`adds: untapped`: one activation per type some candidate could produce; `adds: milled`:
    one per known card and choice of its symbols' colors."""
    if ability.get("adds") == "untapped":
        if "_colors" not in ability:
            raise BadScenario("adds: untapped is read in a cast's payment only")
        return [replace(base, adds=(c,), untap_colors=frozenset(c)) for c in ability["_colors"]]
    if "_milled" not in ability:
        raise BadScenario("adds: milled is read in a cast's payment only")
    return [replace(base, adds=option, milled=k)
            for k, options in enumerate(ability["_milled"]) for option in options]


def untap_candidate(b: Board, o: Obj, fj: str, colors: frozenset[str] | None) -> bool:
    """Whether an untap atom with filter `fj` may untap the opponent's `o` (tapped, matching;
    for `adds: untapped`, could produce one of `colors`)."""
    if not o.tapped and "untap_untapped" not in knobs.MISREADINGS:
        return False
    if not _matches_obj(b.cards, o, _untap_rest(fj)):
        return False
    return colors is None or bool(b.could.get(o.id, frozenset()) & colors)


def untaps_fit(b: Board, acts: list[Activation] | tuple[Activation, ...]) -> bool:
    """Whether the activations' untap atoms can each take their count of distinct permanents."""
    slots = [(fj, a.untap_colors) for a in acts for n, fj in a.untaps for _ in range(n)]
    twice = "untap_twice" in knobs.MISREADINGS

    def place(k: int, used: frozenset[str]) -> bool:
        if k == len(slots):
            return True
        fj, colors = slots[k]
        return any(place(k + 1, used if twice else used | {o.id}) for o in b.opp_field
                   if o.id not in used and untap_candidate(b, o, fj, colors))
    return place(0, frozenset())


def untap_charge(b: Board, acts: list[Activation] | tuple[Activation, ...]) -> int:
    """The weight `untap` for each permanent untapped."""
    if "untap_free" in knobs.MISREADINGS:
        return 0
    return sum(n for a in acts for n, _ in a.untaps) * b.weights.get("untap", 1)


def _mill_count(a: Activation) -> int:
    return sum(n for k, n, _ in a.parts if k == "mill")


def mill_orders(acts: list[Activation], spell_mill: int) -> list[tuple[int, ...]]:
    """The orders of the milling mana abilities (by index in `acts`) in which each Pendant mills
    the card at its position (the cards milled before it): [()] when no Pendant is used (no
    order is asked), [] when none fits."""
    pendants = [a.milled for a in acts if a.milled >= 0]
    if not pendants or "mill_same_card" in knobs.MISREADINGS:
        return [()]
    if len(set(pendants)) != len(pendants):
        return []
    millers = [j for j, a in enumerate(acts) if a.milled >= 0 or _mill_count(a)]
    start = spell_mill if "spell_mill_first" in knobs.MISREADINGS else 0
    out: list[tuple[int, ...]] = []
    for order in itertools.permutations(millers):
        at = start
        for j in order:
            if acts[j].milled >= 0 and acts[j].milled != at:
                break
            at += _mill_count(acts[j])
        else:
            out.append(order)
    return out


def chained(preds: list[frozenset[int]], order: tuple[int, ...]) -> list[frozenset[int]]:
    """601.2g's order with the milling abilities activated in `order`."""
    out = list(preds)
    for before, after in zip(order, order[1:]):
        out[after] = out[after] | {before}
    return out


def hidden_reason(b: Board) -> tuple[str, ...]:
    """An unpayable cast's reason when a Pendant of yours would mill a card beyond library_top."""
    pendants = sum(1 for o in b.battlefield for a in b.cards[o.card].get("mana") or []
                   if a.get("adds") == "milled")
    if pendants > b.known_top:
        return ("library_top: the top card of your library is hidden; a mana ability milling it "
                "makes unknown mana and is not used",)
    return ()
