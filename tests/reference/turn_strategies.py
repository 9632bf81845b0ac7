"""A Hypothesis generator of small `payplan/1` turns (raw data), for the turn brute force
(`benchmarks/riftbound/reference/turn.py`), written from turn-format.md and the seeds, not the planner.

`turn_data()` draws 2 to 6 candidates (a hand of 2 to 5 cards, now and then a Flow card in the
trash) on 2 to 5 runes, from cards that make the order of the plays matter:

- a unit whose grant discounts the later plays (`[1]` less to a minimum, `[A]` less, a domain
  pip less; on spells, units or a domain), and an opponent's unit whose grant makes them cost
  more;
- Legion (`played_this_turn_at_least`: 1 or 2) and momentum (`{per: played_this_turn}`);
- a discard cost (mandatory, or optional with a benefit) next to Flow cards, which it may put in
  the trash for a later play from there, and a discount counting the cards in the trash;
- spells needing a domain pip, and `[A]` spells that may take the rune a later one needs;
- pool-adding effects (`effect: {adds: ...}`: Energy, a domain's Power, `any` Power), a pool to
  start with;
- Accelerate (a unit entering ready), exhausted runes, rune values, custom weights;
- effects for the turn (issue 24, section E): a card whose resolution creates a discount for
  the next matching plays (`effect: {discounts}` or `{grants}`, `uses` 1, 2 or `turn`) or a
  Repeat equal to the printed or base cost (Temporal Portal, with a benefit for `repeat` now
  and then) or Flow equal to the printed cost (Kennen, with a spell without Flow in the trash),
  effects already in `state.you.effects`, and the opponent's effects (which never
  reach your plays);
- `values` (0 to 5), `max_plays` (1 to 4), explicit candidate lists (some left out, some with
  optional settings, now and then one card listed twice), and `candidates: auto` written out;
- a Flow card in hand, played from the hand and then again from the trash (a card is played
  at most once from each zone it is in);
- a gear source (`[exhaust]: add` a domain's Power) and a unit returning a gear to hand as its
  cost: a payment that exhausts the gear for Power the unit does not need and then returns it
  floats that Power to a later play.

- where the loader reads them (`features`: the same generator serves a tree without them), the
  newest keys (`NEW_KINDS`): a Seal whose `source` pays the plays after it, a spell killing
  the targets an explicit entry names (the opponent's units, one with Deflect, now and then
  your own unit or a Gold token) before Spoils of War, a spell that scores before one cheaper
  near victory, a unit killing a friendly unit as its cost before one cheaper once a friendly
  unit died, deaths already counted this turn, play bans (`state.bans`) on some of the
  plays; a Repeat granted to a spell with an effect
  (its effect happens once per resolution).

Most turns have a payable play: the cards cost at most [3] and two pips, and there are at least
as many ready runes as the cheapest card needs.
"""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import strategies as st

from .features import has
from .strategies import play_triggers

DOMAINS = ("fury", "calm", "mind")
Draw = Callable[..., Any]


def _cost(draw: Draw, energy: tuple[int, int] = (0, 3), pips: int = 1) -> dict[str, Any]:
    out: dict[str, Any] = {}
    e = draw(st.integers(*energy))
    if e:
        out["energy"] = e
    power: dict[str, int] = {}
    for _ in range(draw(st.integers(0, pips))):
        key = draw(st.sampled_from(DOMAINS + ("any",)))
        power[key] = power.get(key, 0) + 1
    if power:
        out["power"] = power
    return out


@st.composite
def turn_card(draw: Draw, kind: str) -> dict[str, Any]:
    """One card of a kind that makes order matter."""
    domain = draw(st.sampled_from(DOMAINS))
    card: dict[str, Any] = {"type": "spell", "domains": [domain]}
    if kind == "plain":
        card["type"] = draw(st.sampled_from(("spell", "unit")))
        card["cost"] = _cost(draw, (1, 3), 1)
    elif kind == "domain":
        card["cost"] = {"energy": draw(st.integers(0, 2)),
                        "power": {domain: draw(st.integers(1, 2))}}
    elif kind == "wild":
        card["cost"] = {"energy": draw(st.integers(0, 1)), "power": {"any": 1}}
    elif kind == "granter":
        card["type"] = "unit"
        card["cost"] = _cost(draw, (1, 2), 0)
        discount = draw(st.sampled_from((
            {"energy": 1, "minimum": {"energy": 1}}, {"energy": 1}, {"power": {"any": 1}},
            {"power": {domain: 1}}, {"energy": 2, "minimum": {"energy": 1}})))
        applies = draw(st.sampled_from(({"type": "spell"}, {"type": "unit"}, {"domain": domain},
                                        {})))
        card["grants"] = [{"discount": dict(discount, id=f"grant-{domain}"),
                           "applies_to": applies}]
    elif kind == "legion":
        card["type"] = draw(st.sampled_from(("spell", "unit")))
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        n = draw(st.integers(1, 2))
        card["discounts"] = [{"id": "legion", "energy": draw(st.integers(1, 3)),
                              "if": {"played_this_turn_at_least": n}}]
    elif kind == "momentum":
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        card["discounts"] = [{"id": "momentum", "energy": {"per": "played_this_turn",
                                                          "times": 1}}]
    elif kind == "scavenger":
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        card["discounts"] = [{"id": "scavenger", "energy": {"count": {}, "zone": "trash",
                                                           "times": 1}}]
    elif kind == "offering":
        card["cost"] = _cost(draw, (0, 2), 0)
        mandatory = draw(st.booleans())
        flt = draw(st.sampled_from((None, {"type": "spell"})))
        discard: Any = 1 if flt is None else {"count": 1, "filter": flt}
        card["additional_costs"] = [{"id": "toss", "mandatory": mandatory,
                                     "cost": {"other": [{"discard": discard}]}}]
        if not mandatory:
            card["additional_costs"][0]["unlocks"] = [{"energy": 1}]
    elif kind == "flow":
        card["cost"] = {"energy": draw(st.integers(3, 5))}
        card["keywords"] = {"flow": [_cost(draw, (0, 2), 1)]}
    elif kind == "ritual":
        card["cost"] = _cost(draw, (0, 2), 0)
        adds = draw(st.sampled_from(({"energy": 2}, {"energy": 3}, {"power": {domain: 1}},
                                     {"power": {"any": 1}}, {"energy": 1, "power": {domain: 1}})))
        card["effect"] = {"adds": adds}
    elif kind == "accelerate":
        card["type"] = "unit"
        card["cost"] = {"energy": draw(st.integers(1, 2))}
        card["keywords"] = {"accelerate": True}
    elif kind == "coupon":
        # "Your next spell this turn costs [2] less" (issue 24, section E): an effect its
        # resolution creates, used by the next matching plays (`uses`), written as a discount
        # or as a grant giving a discount.
        card["type"] = draw(st.sampled_from(("spell", "unit")))
        card["cost"] = _cost(draw, (0, 2), draw(st.integers(0, 1)))
        entry = {"discount": dict(draw(st.sampled_from(EFFECT_DISCOUNTS)))}
        entry.update(_effect_reach(draw, domain))
        if draw(st.integers(0, 4)) == 0:
            card["effect"] = {"grants": [_flow_effect(draw)]}
        elif draw(st.integers(0, 4)) == 0:
            card["effect"] = {"grants": [_ignore_effect(draw, domain)]}
        elif draw(st.booleans()):
            card["effect"] = {"discounts": [entry]}
        else:
            card["effect"] = {"grants": [entry]}
        if draw(st.integers(0, 4)) == 0:
            card["effect"]["adds"] = {"energy": 1}
    elif kind == "portal":
        # Temporal Portal: "the next spell you play this turn gains Repeat equal to its cost".
        card["type"] = "unit"
        card["cost"] = _cost(draw, (0, 2), 0)
        card["effect"] = {"grants": [_repeat_effect(draw)]}
    elif kind in NEW_KINDS:
        _new_kind(draw, card, kind, domain)
    else:
        raise AssertionError(kind)
    if card["type"] == "unit":
        card["might"] = draw(st.integers(1, 3))
    return card


KINDS = ("plain", "domain", "wild", "granter", "legion", "momentum", "scavenger", "offering",
         "flow", "ritual", "accelerate", "coupon", "portal")
# The kinds of the newest keys (`features`: drawn only where the loader reads the key), each
# with the key it needs: a Seal (a card with `source`, a gear entering ready, now and then a
# unit with Accelerate) that pays for the plays after it; a spell killing its targets (the
# opponent's units, chosen in an explicit candidate list) and Spoils of War ("[2] less if an
# enemy unit died this turn"); a spell that scores and one cheaper near victory; a unit killing
# a friendly unit as its cost and one cheaper once a friendly unit died this turn.
NEW_KINDS = {"seal": "source", "killer": "kill", "spoils": "deaths", "scorer": "score",
             "closer": "score", "patron": "deaths", "avenger": "deaths"}


def drawn_kinds() -> tuple[str, ...]:
    """The kinds drawn on this tree: `KINDS` and the new kinds whose key the loader reads."""
    return KINDS + tuple(k for k, key in NEW_KINDS.items() if has(key))


def _new_kind(draw: Draw, card: dict[str, Any], kind: str, domain: str) -> None:
    """A card of one of `NEW_KINDS` (`card` has its type and domains already)."""
    if kind == "seal":
        card["type"] = draw(st.sampled_from(("gear", "gear", "unit")))
        card["cost"] = _cost(draw, (0, 2), 1)
        adds = draw(st.sampled_from(({"power": {domain: 1}}, {"energy": 1},
                                     {"power": {"any": 1}}, {"energy": 2})))
        card["source"] = {"adds": adds}
        if draw(st.integers(0, 3)) == 0:
            card["source"]["only_for"] = {"type": draw(st.sampled_from(("spell", "unit")))}
        if draw(st.integers(0, 4)) == 0:
            # Usable only once a card was played this turn (the Seal's own play counts).
            card["source"]["while"] = {"played_this_turn_at_least": draw(st.integers(1, 3))}
        if draw(st.integers(0, 4)) == 0:
            # Renata's Gold: an extra [1] while the condition holds.
            card["source"]["bonus"] = {"adds": {"energy": 1}, "while": {
                "played_this_turn_at_least": draw(st.integers(1, 3))}}
        if draw(st.integers(0, 3)) == 0:
            card["source"]["costs"] = ["exhaust"]  # the default, written out
        if draw(st.integers(0, 5)) == 0:
            card["source"]["repeatable"] = False  # not a converter, written out
        if card["type"] == "unit" and draw(st.booleans()):
            card["keywords"] = {"accelerate": True}  # enters ready when it is paid
    elif kind == "killer":
        card["cost"] = _cost(draw, (0, 2), 1)
        card["effect"] = {"kill": "targets"}
        if draw(st.booleans()):
            # A card that chooses: `auto` tries it on each object its filter accepts.
            card["targets"] = draw(st.sampled_from((
                {"type": "unit", "controller": "opponent"}, {"type": "unit"},
                {"type": "unit", "controller": "you"})))
    elif kind == "spoils":
        card["type"] = draw(st.sampled_from(("spell", "unit")))
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        card["discounts"] = [{"id": "spoils", "energy": 2,
                              "if": {"opponent_units_died_at_least": draw(st.integers(1, 2))}}]
    elif kind == "scorer":
        card["cost"] = _cost(draw, (0, 2), 1)
        card["effect"] = {"score": draw(st.integers(1, 2))}
    elif kind == "closer":
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        cond = draw(st.sampled_from(({"within_of_victory": 2}, {"score_at_least": 6},
                                     {"within_of_victory": 1})))
        card["discounts"] = [{"id": "closer", "energy": 2, "if": cond}]
    elif kind == "patron":
        card["type"] = "unit"
        card["cost"] = _cost(draw, (0, 1), 0)
        card["additional_costs"] = [{"id": "sacrifice", "mandatory": True, "cost": {
            "other": [{"kill": {"count": 1, "filter": {"type": "unit"}}}]}}]
    elif kind == "avenger":
        card["type"] = draw(st.sampled_from(("spell", "unit")))
        card["cost"] = {"energy": draw(st.integers(2, 4))}
        card["discounts"] = [{"id": "avenger", "energy": 2,
                              "if": {"units_died_at_least": 1}}]

EFFECT_DISCOUNTS: tuple[dict[str, Any], ...] = (
    {"energy": 1}, {"energy": 2}, {"energy": 2}, {"power": {"any": 1}},
    {"energy": 2, "minimum": {"energy": 1}}, {"energy": 1, "power": {"any": 1}})


def _effect_reach(draw: Draw, domain: str) -> dict[str, Any]:
    """An effect's `applies_to` (now and then none: every play) and `uses` (default 1 left
    out now and then; `turn`: every matching play this turn)."""
    out: dict[str, Any] = {}
    applies = draw(st.sampled_from(({"type": "spell"}, {"type": "spell"}, {"type": "unit"},
                                    {"domain": domain}, {})))
    if applies or draw(st.booleans()):
        out["applies_to"] = applies
    uses = draw(st.sampled_from((1, 1, 2, "turn", None)))
    if uses is not None:
        out["uses"] = uses
    return out


def _repeat_effect(draw: Draw) -> dict[str, Any]:
    """A Repeat granted for the turn, equal to the printed cost or to the base in use (a Flow
    card from the trash has a base of its own), on spells."""
    return {"keyword": {"repeat": draw(st.sampled_from(("printed", "base")))},
            "applies_to": {"type": "spell"}, "uses": draw(st.sampled_from((1, 1, 2)))}


def _flow_effect(draw: Draw) -> dict[str, Any]:
    """Kennen's Flow for the turn: the next spell has Flow equal to its printed cost (a spell
    in the trash becomes a candidate: one there from the start, one an earlier play put
    there)."""
    return {"keyword": {"flow": "printed"}, "applies_to": {"type": "spell"},
            "uses": draw(st.sampled_from((1, 1, 2)))}


def _ignore_effect(draw: Draw, domain: str) -> dict[str, Any]:
    """Jayce, Man of Progress's kind: the next matching play ignores part of its base cost
    (its Energy, its Power, or both)."""
    return {"ignore": draw(st.sampled_from(("energy", "energy", "power", "cost"))),
            **_effect_reach(draw, domain)}


def _state_effects(draw: Draw) -> list[dict[str, Any]]:
    """Effects already in the state: discounts (`uses` 1, 2 or `turn`), Repeat and Flow grants,
    some with an id given."""
    out = []
    for i in range(draw(st.integers(1, 2))):
        if draw(st.integers(0, 5)) == 0:
            e = _flow_effect(draw)
        elif draw(st.integers(0, 5)) == 0:
            e = _ignore_effect(draw, draw(st.sampled_from(DOMAINS)))
        elif draw(st.integers(0, 3)) == 0:
            e = _repeat_effect(draw)
        else:
            e = {"discount": dict(draw(st.sampled_from(EFFECT_DISCOUNTS)))}
            e.update(_effect_reach(draw, draw(st.sampled_from(DOMAINS))))
        if draw(st.booleans()):
            e = {"id": f"e{i + 1}", **e}
        out.append(e)
    return out


def _new_state(draw: Draw, cards: dict[str, Any], kinds: list[str], state: dict[str, Any]
               ) -> list[str]:
    """What the new kinds read on the board (`NEW_KINDS`): the opponent's units a kill spell
    may target (now and then with Deflect, charged per choice), your units a Patron may kill,
    the scores, the deaths already counted this turn. The targets an explicit entry of a kill
    spell may name: the opponent's units, now and then one of yours."""
    you = state["you"]
    targets: list[str] = []
    if {"killer", "spoils"} & set(kinds):
        cards["enemy"] = {"type": "unit", "might": 2, "cost": {"energy": 2}}
        cards["warden"] = {"type": "unit", "might": 3, "cost": {"energy": 3},
                           "keywords": {"deflect": 1}}
        board = state.setdefault("opponent", {}).setdefault("board", [])
        for i in range(draw(st.integers(1, 2))):
            board.append({"id": f"e{i + 1}",
                          "card": draw(st.sampled_from(("enemy", "enemy", "warden")))})
            targets.append(f"e{i + 1}")
    if {"patron", "avenger", "killer"} & set(kinds):
        cards["minion"] = {"type": "unit", "might": 1, "cost": {"energy": 1}}
        cards["gold"] = {"type": "gear", "tags": ["token"], "cost": {"energy": 0}}
        board = you.setdefault("board", [])
        for i in range(draw(st.integers(0, 2))):
            entry: dict[str, Any] = {"id": f"b{i + 1}", "card": "minion"}
            if draw(st.integers(0, 3)) == 0:
                entry["value"] = draw(st.integers(1, 6))
            board.append(entry)
            if draw(st.integers(0, 3)) == 0:
                targets.append(entry["id"])
        if draw(st.integers(0, 3)) == 0:
            board.append({"id": "b9", "card": "gold"})  # a token: killed, it goes nowhere
            targets.append("b9")
    if {"scorer", "closer"} & set(kinds) and draw(st.integers(0, 3)):
        you["score"] = draw(st.integers(3, 7))
    if has("bans") and draw(st.integers(0, 7)) == 0:
        # "Opponents can't play spells this turn" (Brynhir Thundersong's kind): a ban on some of
        # the plays, the others still open.
        state["bans"] = [{"applies_to": draw(st.sampled_from((
            {"type": "spell"}, {"type": "unit"}, {"from": "trash"}, {"domain": "fury"},
            {})))}]
    if has("deaths") and draw(st.integers(0, 5)) == 0:
        who = draw(st.sampled_from(("you", "opponent")))
        state.setdefault(who, {})["units_died_this_turn"] = draw(st.integers(1, 2))
    return targets


def _has_repeat_grant(cards: dict[str, Any], effects: list[dict[str, Any]]) -> bool:
    grants = [g for c in cards.values() for g in (c.get("effect") or {}).get("grants") or []]
    return any((g.get("keyword") or {}).get("repeat") for g in grants + effects)


def _has_flow_grant(cards: dict[str, Any], effects: list[dict[str, Any]]) -> bool:
    grants = [g for c in cards.values() for g in (c.get("effect") or {}).get("grants") or []]
    return any((g.get("keyword") or {}).get("flow") for g in grants + effects)


@st.composite
def turn_data(draw: Draw) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    hand: list[dict[str, Any]] = []
    trash: list[dict[str, Any]] = []
    n_hand = draw(st.integers(2, 5))
    # Order matters through these: the turn draws at least one of them most of the time.
    kinds = [draw(st.sampled_from(KINDS)) for _ in range(n_hand)]
    new = tuple(k for k in drawn_kinds() if k in NEW_KINDS)
    if new and draw(st.integers(0, 2)):
        # The newest keys, most of the time where the tree reads them: one new kind, and now
        # and then the card that reads what it leaves (a Seal alone, a kill before Spoils).
        first = draw(st.sampled_from(new))
        kinds[-1] = first
        partner = {"killer": "spoils", "scorer": "closer", "patron": "avenger",
                   "spoils": "killer", "avenger": "patron"}.get(first)
        if partner in new and n_hand > 2 and draw(st.integers(0, 3)):
            kinds[-2] = partner
    if draw(st.integers(0, 9)) < 8 and not set(kinds) & {"granter", "legion", "offering",
                                                         "ritual", "momentum", "coupon",
                                                         "portal"}:
        kinds[0] = draw(st.sampled_from(("granter", "legion", "offering", "ritual", "momentum",
                                         "coupon", "coupon", "portal")))
    if "offering" in kinds and "flow" not in kinds and draw(st.booleans()):
        kinds[-1] = "flow"
    for i, kind in enumerate(kinds):
        name = f"{kind}-{i}"
        cards[name] = draw(turn_card(kind))
        entry: dict[str, Any] = {"id": f"h{i + 1}", "card": name}
        if draw(st.integers(0, 9)) == 0:
            entry["value"] = draw(st.integers(1, 6))  # what discarding it costs
        hand.append(entry)
    board: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    if draw(st.integers(0, 4)) == 0:
        # A gear on the board that adds Power when exhausted (a source), and a unit that
        # returns a gear to hand as its additional cost: the payment may exhaust the gear for
        # Power the unit does not need, then return it; the Power floats to a later play,
        # which can't make it again (the gear costs too much to be played again).
        cards["seal"] = {"type": "gear", "cost": {"energy": 12}}
        board.append({"id": "g1", "card": "seal"})
        sources.append({"id": "g1", "adds": {"power": {draw(st.sampled_from(DOMAINS)): 1}},
                        "costs": ["exhaust"]})
        cards["quartermaster"] = {"type": "unit", "might": 2,
                                  "cost": {"energy": draw(st.integers(0, 2))},
                                  "additional_costs": [{"id": "return-gear", "mandatory": True,
                                                        "cost": {"other": [{"return_to_hand": {
                                                            "count": 1,
                                                            "filter": {"type": "gear"}}}]}}]}
        hand[0] = {"id": hand[0]["id"], "card": "quartermaster"}
    if draw(st.integers(0, 4)) == 0:
        # Lux, Illuminated's kind: triggers each card play names (at no cost), from a unit on
        # the board at the start or one played this turn (then it reads the plays after it).
        cards["lux"] = {"type": "unit", "might": 2, "cost": {"energy": draw(st.integers(0, 2))},
                        "triggers": draw(play_triggers())}
        if len(hand) < 3 or draw(st.booleans()):
            board.append({"id": "lx", "card": "lux"})
        else:  # in place of a card the draws above do not rely on: the hand stays as large
            hand[1] = {"id": hand[1]["id"], "card": "lux"}
    if n_hand < 6 and draw(st.integers(0, 3)) == 0:
        cards["flow-t"] = draw(turn_card("flow"))
        trash.append({"id": "t1", "card": "flow-t"})
    if "scavenger" in kinds and draw(st.booleans()):
        cards["dust"] = {"type": "spell", "cost": {"energy": 1}}
        trash.append({"id": "t2", "card": "dust"})
    runes = []
    n_runes = draw(st.integers(2, 5))
    for i in range(n_runes):
        rune: dict[str, Any] = {"id": f"r{i + 1}", "domain": draw(st.sampled_from(DOMAINS))}
        if i >= 2 and draw(st.integers(0, 4)) == 0:
            rune["exhausted"] = True
        if draw(st.integers(0, 7)) == 0:
            rune["value"] = draw(st.integers(1, 6))
        runes.append(rune)
    you: dict[str, Any] = {"runes": runes, "hand": hand}
    if trash:
        you["trash"] = trash
    if board:
        you["board"] = board
    if sources:
        you["sources"] = sources
    if draw(st.integers(0, 4)) == 0:
        pool: dict[str, Any] = {}
        if draw(st.booleans()):
            pool["energy"] = draw(st.integers(1, 2))
        if draw(st.booleans()) or not pool:
            pool["power"] = {draw(st.sampled_from(DOMAINS + ("any",))): 1}
        you["pool"] = pool
    state: dict[str, Any] = {"you": you}
    targets = _new_state(draw, cards, kinds, state)
    if draw(st.integers(0, 4)) == 0:
        state["played_this_turn"] = draw(st.integers(0, 2))
    effects = _state_effects(draw) if draw(st.integers(0, 3)) == 0 else []
    if effects:
        you["effects"] = effects
    if _has_flow_grant(cards, effects) and len(hand) + len(trash) < 6 and draw(st.booleans()):
        # A spell with no Flow of its own in the trash: a candidate once Flow is given.
        cards["verse"] = {"type": "spell", "cost": {"energy": draw(st.integers(1, 2))}}
        trash.append({"id": "t3", "card": "verse"})
        you["trash"] = trash
    # A Repeat granted to a spell with an effect: its effect happens once per resolution.
    repeat = _has_repeat_grant(cards, effects)
    if draw(st.integers(0, 5)) == 0:
        cards["taxer"] = {"type": "unit", "might": 2, "cost": {"energy": 2}, "grants": [
            {"increase": {"energy": 1}, "applies_to": {
                "controller": "opponent", "type": draw(st.sampled_from(("spell", "unit")))}}]}
        state.setdefault("opponent", {}).setdefault("board", []).append(
            {"id": "o1", "card": "taxer"})
    if draw(st.integers(0, 7)) == 0:
        # The opponent's effects reach only the opponent's plays (never yours).
        state.setdefault("opponent", {})["effects"] = [
            {"discount": {"energy": 2}, "applies_to": {}, "uses": 1}]
    data: dict[str, Any] = {"format": "payplan/1", "cards": cards, "state": state}
    ids = [e["id"] for e in hand] + [e["id"] for e in trash if e["card"] in ("flow-t", "verse")]
    spec: dict[str, Any] = {}
    how = draw(st.integers(0, 9))
    if targets and draw(st.integers(0, 3)):
        how = 1  # a kill spell kills only the targets an explicit entry names
    if how == 0:
        spec["candidates"] = "auto"
    elif how == 1:
        # An explicit list: some of the hand (and the trash's Flow card), in a drawn order,
        # each with its optional costs left out or set.
        chosen = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=len(ids),
                               unique=True))
        if draw(st.integers(0, 3)) == 0:
            # A card listed twice: each entry is one candidate (the second plays the card
            # again only from a new zone, a Flow card from the trash).
            chosen.append(draw(st.sampled_from(chosen)))
        listed = []
        for oid in chosen:
            entry = {"object": oid}
            card = cards[next(e["card"] for e in hand + trash if e["id"] == oid)]
            optional = [a["id"] for a in card.get("additional_costs") or []
                        if a.get("mandatory") is False]
            if (card.get("keywords") or {}).get("accelerate"):
                optional.append("accelerate")
            if optional and draw(st.booleans()):
                entry["optional"] = {optional[0]: draw(st.sampled_from(("yes", "no", "auto")))}
            if targets and (card.get("effect") or {}).get("kill") and draw(st.integers(0, 5)):
                entry["targets"] = draw(st.lists(st.sampled_from(targets), min_size=1,
                                                 max_size=2))
            listed.append(entry)
        spec["candidates"] = listed
        ids = chosen
    if draw(st.integers(0, 2)) == 0:
        spec["values"] = {oid: draw(st.integers(0, 5))
                          for oid in draw(st.lists(st.sampled_from(ids), max_size=3,
                                                   unique=True))}
    if draw(st.integers(0, 4)) == 0:
        spec["max_plays"] = draw(st.integers(1, 4))
    data["turn"] = spec
    if draw(st.integers(0, 5)) == 0:
        objective: dict[str, Any] = {"weights": {
            "exhaust": draw(st.integers(0, 3)), "recycle": draw(st.integers(0, 5)),
            "discard": draw(st.integers(0, 6))}}
        names = sorted({a["id"] for c in cards.values() for a in c.get("additional_costs") or []
                        if a.get("mandatory") is False} | {
            "accelerate" for c in cards.values() if (c.get("keywords") or {}).get("accelerate")})
        if names and draw(st.booleans()):
            objective["benefits"] = {n: draw(st.integers(0, 4)) for n in names}
        data["objective"] = objective
    if repeat and draw(st.integers(0, 2)):
        # A Repeat worth paying now and then: which spell takes the granted Repeat matters.
        data.setdefault("objective", {}).setdefault("benefits", {})["repeat"] = draw(
            st.integers(1, 4))
    return data
