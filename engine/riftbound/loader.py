"""Read a scenario (format `payplan/1`) from JSON or YAML into frozen values.

The format is the public contract in `docs/payplan-format.md`; `engine.riftbound.dump` writes
it back. Reading checks everything it can without planning: every problem found is collected and
reported at once as a `ScenarioError`, one line per problem, each line starting with the path of
the bad value (`state.you.runes[3].domain: unknown domain 'firey' (did you mean 'fury'?)`). No
other exception escapes for any input, and a scenario is returned only when nothing is wrong.

Conventions the reader follows throughout:
- A `null` value for an optional key means the key is absent (YAML writes `hand:` as null).
- Whole numbers are ints (a boolean or a float is never a number); amounts are never negative,
  and a single amount above 1000 (1,000,000 for XP, cards played and objective values; 20 Power
  pips in one Power map, and Deflect 20) is rejected as absurd.
- `c` in a Power map is `[C]`: the domain of the card whose text it is (`any` with no domain or
  several). In `play.play_for` and `play.discounts` it is the played card; in the pool and in
  sources there is no card and `c` is an error.
- Ids the file leaves out are generated: rune `r{n}` (1-based position, or map order for the
  `{fury: 3}` shorthand), object `hand[0]`, `trash[2]`, ... Ids generated for the opponent get the
  prefix `opponent.` so that the two players' generated ids never clash.

The reader is split by the part of the file it reads: the card library and the words shared with
it (`card_keys`), the state (`state_keys`), `payplan check`'s payment and choices
(`check_keys`); this module reads the play, the objective and the turn, and holds the entry
points.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..problems import NOT_IN_ZONE, DataPath, Problem, ScenarioError
from ..reading import Fields, Limits, parse_json, parse_text, read_data
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import options_text as _options
from ..reading import show as _show
from ..turn import Turn, candidate_key
from .card_keys import PLAY_ZONES, REPEAT_NAME, normalise_optional, optional_names
from .cards import Card, repeat_name
from .check_keys import CHECK_KEYS, CHOICE_KEYS, CheckReader
from .cost import ANY, Zone
from .options import Chosen
from .payment import Payment
from .scenario import (
    DEFAULT_BENEFITS,
    DEFAULT_WEIGHTS,
    FORMAT,
    IGNORES,
    OPTIONAL_CHOICES,
    LeavesChain,
    Objective,
    Play,
    Scenario,
)
from .state import GameObject, PlayerState, State
from .state_keys import StateReader

__all__ = ["CHECK_KEYS", "Limits", "Problem", "ScenarioError", "check_from_data", "load_file",
           "load_text", "parse_json", "parse_text", "payment_from_data", "read_data",
           "scenario_from_data"]

TOP_KEYS = ("format", "cards", "state", "play", "objective", "turn")
CHECK_ONLY = {
    "payment": "a payment is read by `payplan check` only; this command plans the payment itself",
    **{key: "a choice of the payment `payplan check` reads; this command makes its own"
       for key in CHOICE_KEYS},
}
PLAY_KEYS = (
    "object",
    "card",
    "from",
    "base",
    "ignore",
    "play_for",
    "targets",
    "optional",
    "discounts",
    "permit",
    "leaves_chain",
    "ability",
    "hide",
)
ABILITY_PLAY_KEYS = ("object", "id")
LEAVES_CHAIN_KEYS = ("by", "to", "instructed_by")
OBJECTIVE_KEYS = ("weights", "benefits")
BASES = ("auto", "printed", "play_for")
LEAVES_BY = ("resolution", "counter", "effect")
LEAVES_TO = ("hand", "trash", "banishment", "board")
INSTRUCTED_BY = ("self", "other")


# --- Entry points -------------------------------------------------------------------------------


def load_file(path: str | Path, limits: Limits | None = None) -> Scenario:
    """Read a scenario file: JSON if its name ends in `.json`, else YAML (which also reads JSON)."""
    return scenario_from_data(read_data(path, limits))


def load_text(text: str, name: str = "<input>", limits: Limits | None = None) -> Scenario:
    """Read a scenario from YAML or JSON text; `name` is used in syntax error messages."""
    as_json = name.lower().endswith(".json")
    return scenario_from_data(parse_text(text, name, as_json=as_json, limits=limits))


def scenario_from_data(data: object, require_play: bool = False) -> Scenario:
    """Build a scenario from already-parsed data (dicts, lists, strings, ints, bools, None).

    With `require_play`, a missing `play` is a problem too (the commands that plan one play).
    The keys of `payplan check` (`CHECK_KEYS`) are problems here: `check_from_data` reads them.
    """
    reader = _Reader()
    scenario = reader.scenario(data, require_play)
    if reader.problems:
        raise ScenarioError(reader.problems)
    return scenario


def check_from_data(data: object) -> tuple[Scenario, Payment, Chosen]:
    """A scenario with a payment to check (`payplan check`): the scenario (its `play`
    required), its top-level `payment` in the shape `payplan plan --json` prints it, and the
    choices named beside it (`base`, `paid_optional`, `paid`, `discount_order`, also in the
    plan's shape; each one left out is left open). Every problem at once, as a ScenarioError:
    a payment of the wrong shape is a bad file; one that names runes or objects that are not
    there, or does not pay, is a payment `engine.chain.apply_payment` refuses."""
    reader = _Reader()
    scenario = reader.scenario(data, True, check=True)
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


class _Reader(StateReader, CheckReader):
    """The reader of a whole `payplan/1` scenario: the card library and the state (the bases'
    words), the play, the objective and the turn, and `payplan check`'s payment beside them.

    Every method returns a usable value even when the input is bad (a default in place of the bad
    part), so that reading can go on and find the other problems; `scenario_from_data` raises as
    soon as any problem was recorded, so such placeholder values never escape.
    """

    # --- the play

    def play(self, value: object, path: DataPath, state: State) -> Play:
        f = self.fields(value, path, PLAY_KEYS)
        if "ability" in f or "hide" in f:
            return self.ability_play(f, path, state)
        from_zone = f.word("from", None, PLAY_ZONES, "zone")
        if isinstance(value, dict) and "object" not in f and "card" not in f:
            self.problem(path, "the play names no object: give `object` (an id) or `card`")
        found = self.played_object(f, state.you, from_zone, state.opponent)
        zone, obj = found if found is not None else (from_zone or "hand", None)
        zone = from_zone or zone
        card = self.cards.get(obj.card) if obj is not None else None
        if card is not None and card.id in self.bad_cards:
            card = None  # its definition has problems already: don't pile more on
        c = card.own_domain if card is not None else ANY  # `c` is the played card's domain
        base = f.read("base", "auto", self.base, card)
        play_for = f.read("play_for", None, self.cost, c)
        if base == "play_for" and play_for is None:
            self.problem(f.at("base"), "`base: play_for` needs `play_for` (the cost)")
        return Play(
            object=obj.id if obj is not None else "",
            from_zone=zone,
            base=base,
            ignore=f.word("ignore", None, IGNORES, "ignore"),
            play_for=play_for,
            targets=f.read("targets", (), self.targets),
            optional=f.read("optional", (), self.optional, card),
            discounts=f.read("discounts", (), self.discounts, c),
            permit=f.read("permit", False, self.boolean),
            leaves_chain=f.read("leaves_chain", LeavesChain(), self.leaves_chain),
            from_given=from_zone is not None,
        )

    def ability_play(self, f: Fields, path: DataPath, state: State) -> Play:
        """`ability: {object, id}` (an ability of an object on your board) or `hide: ID` (hide a
        Hidden card from your hand: an ability play of cost [A])."""
        for key in ("object", "card", "from", "base", "play_for"):
            if key in f:
                self.problem(f.at(key), "an ability play names its object in `ability` or `hide`")
        if "ability" in f and "hide" in f:
            self.problem(path, "a play is one of `ability` and `hide`, not both")
        obj: GameObject | None = None
        ability = ""
        zone = "board"
        if "ability" in f:
            a = self.fields(f["ability"], f.at("ability"), ABILITY_PLAY_KEYS)
            ident = a.read("object", "", self.string)
            ability = a.read("id", "", self.string)
            for key, what in (("object", "the object"), ("id", "the ability's id")):
                if isinstance(f["ability"], dict) and key not in a:
                    a.require(key, what)
            if ident:
                found = state.you.find(ident)
                if found is None:
                    self.missing_object(ident, a.at("object"))
                else:
                    zone, obj = found
            card = self.cards.get(obj.card) if obj is not None else None
            if card is not None and ability and all(x.id != ability for x in card.abilities):
                names = [x.id for x in card.abilities]
                has = f" (it has: {_options(names)})" if names else " (it has none)"
                self.problem(a.at("id"), f"{_show(card.id)} has no ability {_show(ability)}"
                             f"{self.suggest(ability, names) or has}")
            elif card is not None and "discounts" in f and any(
                    x.id == ability and x.kind == "payment" for x in card.abilities):
                self.problem(f.at("discounts"), f"{_show(ability)} is a payment an effect asks for, "
                                                "not a play: no discount applies to it")
        else:
            ident = f.read("hide", "", self.string)
            zone = "hand"
            if ident:
                found = state.you.find(ident)
                if found is None:
                    self.missing_object(ident, f.at("hide"))
                else:
                    zone, obj = found
            ability = "hide"
        card = self.cards.get(obj.card) if obj is not None else None
        c = card.own_domain if card is not None else ANY
        return Play(
            object=obj.id if obj is not None else "",
            from_zone=zone,
            ignore=f.word("ignore", None, IGNORES, "ignore"),
            targets=f.read("targets", (), self.targets),
            optional=f.read("optional", (), self.optional, None),
            discounts=f.read("discounts", (), self.discounts, c),
            permit=f.read("permit", False, self.boolean),
            ability=ability,
        )

    def played_object(
        self, f: Fields, you: PlayerState, from_zone: Zone | None,
        opponent: PlayerState | None = None,
    ) -> tuple[Zone, GameObject] | None:
        """The zone and object `play.object` (or `play.card` + `play.from`) names, if any: one of
        yours, or a card of the opponent's (a legal file and an illegal play: you play only your
        own cards, and engine.legality answers it with `illegal`)."""
        found: tuple[Zone, GameObject] | None = None
        card_id = f.read("card", "", self.card_ref)
        object_id = f.read("object", "", self.string)
        if object_id:
            found = you.find(object_id)
            theirs = opponent.find(object_id) if opponent is not None and found is None else None
            if theirs is not None and theirs[1].card in self.cards:
                found = theirs
            elif found is None:
                self.missing_object(object_id, f.at("object"))
            # An object on the board, or in another zone than `from` says, is a legal file
            # and an illegal play: engine.legality answers it with `illegal` and a reason.
        if not card_id or card_id not in self.cards:
            return found
        if found is not None:
            if found[1].card != card_id:
                is_a = found[1].card
                self.problem(f.at("card"), f"{_show(object_id)} is a {_show(is_a)}, not a {_show(card_id)}")
            return found
        if "object" in f:
            return None
        zones = (from_zone,) if from_zone else PLAY_ZONES
        for zone in zones:
            for obj in you.zone(zone):
                if obj.card == card_id:
                    return zone, obj
        self.problems.append(Problem(f.at("card"), f"no {_show(card_id)} in your {' or '.join(zones)} "
                                     "to play", code=NOT_IN_ZONE))
        return None

    def missing_object(self, ident: str, path: DataPath) -> None:
        found = self.ids.where.get(ident)
        if found is None:
            where = self.ids.where
            candidates = (k for k, (who, zone) in where.items() if who == "you" and zone in PLAY_ZONES)
            self.problem(path, f"unknown object {_show(ident)}{self.suggest(ident, candidates)}")
        elif found[0] == "opponent":
            self.problem(path, f"{_show(ident)} is the opponent's; you can only play your own cards")
        elif found[0] == "battlefield":
            self.problem(path, f"{_show(ident)} is a battlefield, not a card you can play")
        else:
            self.problem(path, f"{_show(ident)} is a rune, not a card")

    def base(self, value: object, path: DataPath, card: Card | None) -> str | tuple[str, int]:
        """`auto`, `printed`, `play_for` or `{flow: N}` (checked against the card's Flow)."""
        if isinstance(value, str):
            return self.one_of(value, path, BASES, "base")
        if not isinstance(value, dict):
            expected = "auto, printed, play_for or {flow: N}"
            self.problem(path, f"expected {expected}, got {_kind(value)}")
            return "auto"
        f = self.fields(value, path, ("flow",))
        if "flow" not in f:
            self.problem(path, "expected {flow: N} (N: which Flow instance, from 0)")
            return "auto"
        before = len(self.problems)
        index = self.integer(f["flow"], f.at("flow"))
        have = len(card.keywords.flow) if card is not None else index + 1
        if len(self.problems) == before and index >= have and card is not None:
            flows = f"{have} (0 to {have - 1})" if have else "no Flow"
            self.problem(f.at("flow"), f"no Flow instance {index}: {_show(card.id)} has {flows}")
        return ("flow", index)

    def targets(self, value: object, path: DataPath) -> tuple[str, ...]:
        """Object or rune ids of either player; one may be listed more than once."""
        listed = [(path, value)] if isinstance(value, str) else list(self.each(value, path))
        out: list[str] = []
        for where, item in listed:
            ident = self.string(item, where)
            if ident and ident not in self.ids.where:
                hint = self.suggest(ident, self.ids.where)
                self.problem(where, f"unknown object {_show(ident)}{hint}")
            out.append(ident)
        return tuple(out)

    def optional(
        self, value: object, path: DataPath, card: Card | None
    ) -> tuple[tuple[str, str], ...]:
        """Optional cost name -> yes/no/auto, checked against the card's optional costs."""
        if not isinstance(value, dict):
            expected = "a mapping of optional cost to yes/no/auto"
            self.problem(path, f"expected {expected}, got {_kind(value)}")
            return ()
        names = optional_names(card) if card is not None else None
        if card is not None and names is not None:
            # A Repeat instance a grant may give (`keyword: {repeat: ...}`) is named after the
            # card's own: whether the grant reaches the play is the planner's to read.
            own = len(card.keywords.repeat)
            names = names + tuple(repeat_name(own + k) for k in range(self.granted_repeats()))
        out: dict[str, str] = {}
        for key, choice in value.items():
            where = _join(path, key)
            if not isinstance(key, str):
                self.problem(where, f"an optional cost name must be a string, got {_kind(key)}")
                continue
            name = normalise_optional(key)
            # A cost the card does not have is a legal file and an illegal play:
            # engine.legality answers it with `illegal` and the costs the card has.
            unknown = card is not None and names is not None and name not in names
            if unknown and card is not None and any(
                    a.id == name and a.mandatory for a in card.additional_costs):
                self.problem(where, f"{_show(key)} is a mandatory cost of {_show(card.id)}, not optional")
            elif name in out:
                self.problem(where, f"{_show(key)} is listed twice (as {_show(name)})")
            elif isinstance(choice, bool):  # YAML reads yes/no as booleans
                out[name] = "yes" if choice else "no"
            elif isinstance(choice, int):  # a repeatable cost: exactly that many times
                repeatable = card is not None and any(
                    a.id == name and a.repeatable for a in card.additional_costs)
                if card is not None and not repeatable and not unknown:
                    self.problem(where, f"{_show(key)} is not repeatable: give yes, no or auto")
                out[name] = str(self.integer(choice, where))
            else:
                out[name] = self.one_of(choice, where, OPTIONAL_CHOICES, "choice")
        return tuple(out.items())

    def leaves_chain(self, value: object, path: DataPath) -> LeavesChain:
        f = self.fields(value, path, LEAVES_CHAIN_KEYS)
        return LeavesChain(
            by=f.word("by", "resolution", LEAVES_BY, "way to leave the Chain"),
            to=f.word("to", None, LEAVES_TO, "zone"),
            instructed_by=f.word("instructed_by", "other", INSTRUCTED_BY, "instructor"),
        )

    # --- the objective

    def objective(self, value: object, path: DataPath) -> Objective:
        f = self.fields(value, path, OBJECTIVE_KEYS)
        return Objective(
            weights=f.read("weights", DEFAULT_WEIGHTS, self.weights),
            benefits=f.read("benefits", DEFAULT_BENEFITS, self.benefits),
        )

    def weights(self, value: object, path: DataPath) -> Mapping[str, int]:
        """The default weights, with the ones given replaced."""
        f = self.fields(value, path, tuple(DEFAULT_WEIGHTS))
        if not f.values:
            return DEFAULT_WEIGHTS
        given = {key: self.large(item, f.at(key)) for key, item in f.values.items()}
        return MappingProxyType({**DEFAULT_WEIGHTS, **given})

    def benefits(self, value: object, path: DataPath) -> Mapping[str, int]:
        """The default benefits, with the ones given replaced; keys are optional cost names."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to value, got {_kind(value)}")
            return DEFAULT_BENEFITS
        known = ["accelerate", "repeat"]
        for card in self.cards.values():
            known += [a.id for a in card.additional_costs if not a.mandatory]
        known_set = set(known)
        merged = dict(DEFAULT_BENEFITS)
        for key, item in value.items():
            where = _join(path, key)
            name = normalise_optional(key) if isinstance(key, str) else ""
            if name not in known_set and not REPEAT_NAME.fullmatch(name):
                self.problem(where, f"unknown optional cost {_show(key)}{self.suggest(key, known)}")
            elif item is not None:
                merged[name] = self.large(item, where)
        return MappingProxyType(merged) if merged != DEFAULT_BENEFITS else DEFAULT_BENEFITS

    # --- the whole scenario

    def scenario(self, data: object, require_play: bool, check: bool = False) -> Scenario:
        if not isinstance(data, dict):
            what = "an empty file" if data is None else _kind(data)
            self.problem((), f"expected a mapping with the keys {_options(TOP_KEYS)}, got {what}")
            return Scenario()
        if "plays" in data:  # payplan play's key: say which command reads it
            self.problem(("plays",), "a list of plays is read by `payplan play` only; this "
                                     "command plans one `play`")
            data = {k: v for k, v in data.items() if k != "plays"}
        if not check and any(key in data for key in CHECK_KEYS):  # payplan check's keys
            for key in (k for k in CHECK_KEYS if k in data):
                self.problem((key,), CHECK_ONLY[key])
        data = {k: v for k, v in data.items() if k not in CHECK_KEYS}
        f = self.fields(data, (), TOP_KEYS)
        if "format" not in f:
            f.require("format", f"required: {FORMAT}")
        elif f["format"] != FORMAT:
            self.problem(("format",), f"unknown format {_show(f['format'])} (expected {_show(FORMAT)})")
        if "cards" in f:
            self.card_library(f["cards"], ("cards",))
        state = f.read("state", State(), self.state)
        self.state_effects = state.you.effects
        play = f.read("play", None, self.play, state)
        turn = f.read("turn", None, self.turn, state)
        if play is not None and turn is not None:
            self.problem(("turn",), "give either `play` or `turn`, not both (`payplan turn` plans "
                                    "the turn; the other commands one play)")
        if play is None and require_play:
            f.require_play()
        objective = f.read("objective", Objective(), self.objective)
        for where in self.here_refs:  # outside a card: a source's `while`, a play's discount
            self.problem(where, "`here` is a battlefield's condition (a showdown there), read on "
                                "a battlefield's grant")
        self.here_refs.clear()
        self.triggers_under_ignore_deflect(state)
        return Scenario(MappingProxyType(dict(self.cards)), state, play, objective, turn)

    def triggers_under_ignore_deflect(self, state: State) -> None:
        """A triggered ability (a payment that chooses) is reached by no grant, so a grant
        ignoring Deflect for abilities (`ignore_deflect` on `ability: any` or `or_card`: Heisho's
        "spells and abilities choosing something here") could not reach its Deflect as the
        rules would have it: such a file is refused at each triggered ability."""
        grants = [g for card in self.cards.values()
                  for g in card.grants + tuple(e.grant for e in card.effect_creates)]
        grants += [e.grant for e in state.you.effects]
        if not any(g.ignore_deflect and g.applies_to.ability in ("any", "or_card")
                   for g in grants):
            return
        for key, card in self.cards.items():
            for i, ability in enumerate(card.abilities):
                if ability.triggered:
                    self.problem(("cards", key, "abilities", i, "kind"),
                                 "a triggered ability's Deflect beside a grant that ignores "
                                 "Deflect for abilities is not modelled (no grant reaches a "
                                 "triggered ability)")

    def turn(self, value: object, path: DataPath, state: State) -> Turn[Play]:
        """`turn: {candidates: auto | [PLAY, ...], values: {KEY: N}, max_plays: N}`
        (`docs/turns.md`). A value's key names a candidate: for `auto` an object
        of yours (a card play) or `OBJECT.ABILITY` (an ability of a card of yours), for a list
        one of its plays."""
        def auto_keys() -> set[str]:
            you = state.you
            mine = [*you.hand, *you.trash, *you.facedown, *you.board]
            keys = {o.id for o in mine}
            for o in mine:
                card = self.cards.get(o.card)
                if card is not None:
                    keys |= {candidate_key(o.id, a.id) for a in card.abilities
                             if a.kind != "payment"}
            return keys

        return self.read_turn(value, path, lambda entry, where: self.play(entry, where, state),
                              lambda p: candidate_key(p.object, p.ability), auto_keys)
