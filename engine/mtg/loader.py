"""Read a scenario of format `mtg/1` (`docs/mtg-format.md`) into frozen values.

It is `engine.reading.Reader` with the words of `mtg/1` (`engine.mtg.keys`), read in layers: the
costs (`engine.mtg.cost_keys`), the cards (`engine.mtg.card_keys`), the state and the play
(`engine.mtg.state_keys`), a payment to check (`engine.mtg.check_keys`), and here the whole
scenario with the checks that span its parts and the turn. The same problems-with-paths
machinery as `payplan/1` (every problem collected, one line each, starting with the path of the
bad value), the same YAML/JSON parsing and the same `ScenarioError`."""

from __future__ import annotations

from types import MappingProxyType

from ..problems import DataPath, ScenarioError
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from ..turn import Turn, candidate_key
from .cards import Cost, Obj, Play, Scenario, State, mtg_objective
from .check_keys import CheckReader
from .effects import effect_reaches, mana_effects
from .keys import CHECK_KEYS, CHECK_ONLY, TOP_KEYS
from .options import Chosen
from .payment import Payment
from .restricted import refusals as restricted_refusals


class _Reader(CheckReader):
    """`engine.reading.Reader`, reading the `mtg/1` keys."""

    # --- the whole scenario

    def mtg_scenario(self, data: object, require_play: bool, check: bool = False) -> Scenario:
        if not isinstance(data, dict):
            self.problem((), f"expected a mapping with the keys {_options(TOP_KEYS)}, got {_kind(data)}")
            return Scenario(MappingProxyType({}), State(), None)
        if not check:  # payplan check's keys: say which command reads them
            for key in (k for k in CHECK_KEYS if k in data):
                self.problem((key,), CHECK_ONLY[key])
        data = {k: v for k, v in data.items() if k not in CHECK_KEYS}
        f = self.fields(data, (), TOP_KEYS)
        if "cards" in f:
            self.mtg_card_library(f["cards"], ("cards",))
        state = f.read("state", State(), self.mtg_state)
        self.life_for_filters(state)
        play = f.read("play", None, self.mtg_play, state)
        plays: tuple[Play, ...] = ()
        if "plays" in f:
            plays = tuple(self.mtg_play(item, where, state)
                          for where, item in self.each(f["plays"], ("plays",)))
        turn = f.read("turn", None, self.turn, state)
        if turn is not None:
            for other in ("play", "plays"):
                if other in f:
                    self.problem(("turn",), f"give either `{other}` or `turn`, not both "
                                            f"(`payplan turn` plans the turn; `payplan play` "
                                            f"the `{other}`)")
        if play is None and not plays and require_play:
            f.require_play()
        objective = f.read("objective", mtg_objective(), self.mtg_objective)
        scenario = Scenario(MappingProxyType(dict(self.mtg_cards)), state, play, objective,
                               plays, turn=turn)
        if not self.problems:
            self.mana_effect_checks(scenario)
        self.granted_additional_beside_turn(scenario)
        for path, why in restricted_refusals(scenario):
            self.problem(path, why)
        self.milled_beside_graveyard(scenario)
        self.milled_beside_milling_filter(scenario)
        return scenario

    def mana_effect_checks(self, scenario: Scenario) -> None:
        """The mana effects on a whole scenario: each `attached_to` names another
        permanent on a battlefield; the meetings not built are refused, one line each."""
        state = scenario.state
        ids = {o.id for o in (*state.you.battlefield, *state.opponent.battlefield)}
        for side, player in (("you", state.you), ("opponent", state.opponent)):
            for i, obj in enumerate(player.battlefield):
                if obj.attached_to is None:
                    continue
                at = ("state", side, "battlefield", i, "attached_to")
                if obj.attached_to == obj.id:
                    self.problem(at, f"{obj.id} can't be attached to itself (303.4d)")
                elif obj.attached_to in ("you", "opponent"):
                    self.aura_on_player(scenario, obj, at)
                elif obj.attached_to not in ids:
                    self.problem(at, f"{_show(obj.attached_to)} is not a permanent on a battlefield "
                                     f"(an Aura is attached to one: 303.4)")
        for path, why in mana_effect_refusals(scenario):
            self.problem(path, why)

    def aura_on_player(self, scenario: Scenario, obj: Obj, at: DataPath) -> None:
        """`attached_to: you | opponent`: an Aura enchanting a player (a Curse, 303.4, 702.5a);
        only an enchantment is attached to a player."""
        card = scenario.cards.get(obj.card)
        if card is not None and "enchantment" not in card.types:
            self.problem(at, f"only an Aura is attached to a player: {_show(obj.card)} is not an "
                             f"enchantment")

    def granted_additional_beside_turn(self, scenario: Scenario) -> None:
        """A granted optional additional cost (`grants[].additional`, the Defilers) is read by
        one payment's planner (`plan`, `hand`, `orders`, `check`, `play` of one play); a turn's
        candidates (and `plays`) do not choose it: refused there, one line at the first."""
        if scenario.turn is None and not scenario.plays:
            return
        for card_id, card in scenario.cards.items():
            for i, g in enumerate(card.grants):
                if g.additional is not None:
                    self.problem(("cards", card_id, "grants", i, "additional"),
                                 "a granted additional cost is not supported by `payplan turn` "
                                 "(nor `plays` paid together): plan each play with `payplan "
                                 "plan` or `play`")
                    return

    def milled_beside_milling_filter(self, scenario: Scenario) -> None:
        """Refuse (not built) a mana ability of yours with both a mana cost and a mill beside an
        `adds: milled` ability of yours: the order of the mills (which card the Pendant reads)
        and the order of the filters (whose mana pays whose cost) would be one order, which the
        planner does not couple. One line, at the first such filter's costs."""
        if self.problems:
            return
        mine = [(o.card, scenario.cards[o.card]) for o in scenario.state.you.battlefield
                if o.card in scenario.cards]
        if not any(m.reads == "milled" for _, card in mine for m in card.mana):
            return
        for card_id, card in mine:
            for i, m in enumerate(card.mana):
                if m.mana.symbols and any(o.kind == "mill" for o in m.other):
                    self.problem(("cards", card_id, "mana", i, "costs"),
                                 "a mana ability with a mana cost and a mill beside an adds: "
                                 "milled ability is not built (the order of the mills and of the "
                                 "filters' costs would be one order)")
                    return

    def milled_beside_graveyard(self, scenario: Scenario) -> None:
        """Refuse (not built) an `adds: milled` ability of a permanent of yours beside a played
        card with delve or an exile_from_graveyard cost: a card milled in 601.2g could feed
        them. One line, at the first such ability (read on a file with no other problem)."""
        if self.problems:
            return
        you = scenario.state.you
        feeds = False
        for play in (scenario.play, *scenario.plays):
            found = you.find(play.object) if play is not None else None
            if play is None or found is None or found[1].card not in scenario.cards:
                continue
            card = scenario.printed_card(play)
            costs = [Cost(), *(a.cost for a in card.alternative),
                     *(a.cost for a in card.additional), *card.kicker,
                     *(c for c in (card.flashback, card.multikicker, card.replicate,
                                   card.buyback, card.activation) if c is not None)]
            feeds = feeds or card.delve or any(o.kind == "exile_from_graveyard"
                                               for c in costs for o in c.other)
        feeds = feeds or any(g.keyword == "delve" for o in you.battlefield
                             if o.card in scenario.cards for g in scenario.cards[o.card].grants)
        if not feeds:
            return
        for obj in you.battlefield:
            mine = scenario.cards.get(obj.card)
            for i, ability in enumerate(mine.mana if mine is not None else ()):
                if ability.reads == "milled":
                    self.problem(("cards", obj.card, "mana", i, "adds"),
                                 "adds: milled beside a played card with delve or an "
                                 "exile_from_graveyard cost is not built (a card milled for "
                                 "mana could be exiled to pay it)")
                    return

    def life_for_filters(self, state: State) -> None:
        """A mana ability's own cost paid with life is not built: a permanent of yours with
        `life_for` a color beside a mana ability of a permanent of yours with a pip of that
        color in its costs is refused (one line, at the ability's costs)."""
        mine = [self.mtg_cards[o.card] for o in state.you.battlefield if o.card in self.mtg_cards]
        colors = {c: card.name for card in mine for c, _ in card.life_for}
        if not colors:
            return
        for card in dict.fromkeys(c.id for c in mine):
            for i, ability in enumerate(self.mtg_cards[card].mana):
                pips = [c for s in ability.mana.symbols for c in s.colors if c in colors]
                if pips:
                    self.problem(("cards", card, "mana", i, "costs"),
                                 f"a {{{pips[0]}}} pip in a mana ability's costs is not supported "
                                 f"with life_for {pips[0]} ({colors[pips[0]]} on your "
                                 f"battlefield): a mana ability's own cost is never paid with "
                                 f"life here")

    def turn(self, value: object, path: DataPath, state: State) -> Turn[Play]:
        """`turn: {candidates: auto | [PLAY, ...], values: {KEY: N}, max_plays: N}`
        (`docs/turns.md`). A value's key names a candidate: for `auto` a card of
        yours in hand or graveyard (a cast or a land play) or `OBJECT.ABILITY` (an activated
        ability of a card of yours in hand, graveyard or on the battlefield: it may be played
        this turn and then activated); for a list, one of its plays. A land play in a list is
        `{object: ID}` for a land in hand."""
        def auto_keys() -> set[str]:
            you = state.you
            keys = {o.id for o in you.hand}
            for o in you.graveyard:
                card = self.mtg_cards.get(o.card)
                if card is not None and (card.flashback is not None or self.grants_flashback()
                                         or any(alt.zone == "graveyard" for alt in card.alternative)):
                    keys.add(o.id)  # a card cast from the graveyard (702.34, an alternative)
            for o in (*you.hand, *you.graveyard, *you.battlefield):
                card = self.mtg_cards.get(o.card)
                if card is not None:
                    keys |= {candidate_key(o.id, a.id) for a in card.abilities}
            return keys

        return self.read_turn(value, path, lambda entry, where: self.mtg_play(entry, where, state),
                              lambda p: candidate_key(p.object, p.ability), auto_keys)


def mana_effect_refusals(scenario: Scenario) -> list[tuple[DataPath, str]]:
    """Where mana effects meet what the payment does not build (one line each):
    triggered mana reaching an `only_for` ability, a {S} payment where the tapped permanent's
    snow and the trigger's differ, or a spell's `spend_only` (the triggered mana has its own
    source and no restriction; the payment counts it with the activation's)."""
    effects = mana_effects(scenario)
    if not effects:
        return []
    out: list[tuple[DataPath, str]] = []
    snowy = bool(any(scenario.state.you.snow_pool)) or any(c.has_snow()
                                                           for c in scenario.cards.values())
    for obj in scenario.state.you.battlefield:
        card = scenario.cards[obj.card]
        for j, ability in enumerate(card.mana):
            if not ability.tap:
                continue
            for at in effects:
                if not effect_reaches(scenario, at, obj):
                    continue
                holder, _, effect = at
                where: DataPath = ("cards", obj.card, "mana", j)
                if effect.kind == "trigger" and ability.only_for is not None:
                    out.append(((*where, "only_for"), f"triggered mana ({holder.id}) on an "
                                                      f"only_for ability is not built"))
                elif (effect.kind == "trigger" and snowy
                      and scenario.cards[holder.card].snow != card.snow):
                    out.append((where, f"triggered mana ({holder.id}) whose snow differs from "
                                       f"{obj.id}'s, in a file with snow mana, is not built"))
    for obj in scenario.state.you.battlefield:  # untap costs and milled reads: not beside them
        for j, ability in enumerate(scenario.cards[obj.card].mana):
            if ability.reads is not None or ability.untap or (ability.removed and ability.tap):
                what = (f"adds: {ability.reads}" if ability.reads else "an untap cost"
                        if ability.untap else "per: removed with tap")
                out.append((("cards", obj.card, "mana", j),
                            f"{what} beside a mana effect ({effects[0][0].id}) is not built"))
    if any(e.kind == "trigger" for _, _, e in effects):
        for card_id, card in scenario.cards.items():
            if card.spend_only is not None:
                out.append((("cards", card_id, "spend_only"), "spend_only beside a trigger mana "
                                                              "effect is not built"))
    return list(dict.fromkeys(out))


def scenario_from_data(data: object, require_play: bool = False) -> Scenario:
    """Build an `mtg/1` scenario from parsed data; a ScenarioError lists every problem. The
    keys of `payplan check` (`CHECK_KEYS`) are problems here: `check_from_data` reads them."""
    reader = _Reader()
    scenario = reader.mtg_scenario(data, require_play)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario


def check_from_data(data: object) -> tuple[Scenario, Payment, Chosen]:
    """A scenario with a payment to check (`payplan check`): the scenario (its `play`
    required), its top-level `payment` in the shape `payplan plan --json` prints it, and the
    choices named beside it (`cast`, `x`, `paid`, `announced`, also in the plan's shape; each
    one left out, or null, is left open). Every problem at once, as a ScenarioError: a payment
    of the wrong shape is a bad file; one that names objects that are not there, or does not
    pay, is a payment `engine.mtg.checker.check_payment` refuses."""
    reader = _Reader()
    scenario = reader.mtg_scenario(data, True, check=True)
    payment, chosen = reader.submitted(data)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario, payment, chosen


def payment_from_data(data: object) -> tuple[Payment, Chosen]:
    """`check_from_data` for the payment and the choices alone (a mapping of the keys
    `CHECK_KEYS`), for a scenario already loaded."""
    reader = _Reader()
    payment, chosen = reader.submitted(data)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return payment, chosen
