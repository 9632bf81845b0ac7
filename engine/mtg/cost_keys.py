"""Reading the costs of `mtg/1` (601.2b-f): mana costs and plain mana (parsed strictly: a bad
symbol names its position, `cards.king.cost[3]: unknown mana symbol '{2/Q}'`), non-mana costs,
the filters they and reductions take, alternative and additional costs, and cost reductions."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Mapping

from ..problems import DataPath, path_text
from ..reading import Fields as _Fields
from ..reading import Reader
from ..reading import index as _index
from ..reading import join as _join
from ..reading import kind as _kind
from ..reading import show as _show
from .cards import (
    CARD_TYPES,
    OTHER_KINDS,
    Additional,
    Alternative,
    Amount,
    Card,
    Cost,
    Filter,
    OtherCost,
    Reduction,
)
from .keys import (
    ABILITY_KINDS,
    ADDITIONAL_KEYS,
    ALTERNATIVE_KEYS,
    AMOUNT_KEYS,
    ANY_REFUSED,
    CONTROLLERS,
    COST_KEYS,
    COUNT_ZONES,
    COUNTER_KIND,
    FILTER_KEYS,
    ONLY_FOR_ABILITY_KINDS,
    OTHER_LONG_KEYS,
    PLAY_ZONES,
    REDUCTION_KEYS,
    TARGET_FILTER_KEYS,
    TARGET_PLAYERS,
)
from .mana import COLORS, NAME_COLORS, NO_MANA, TYPES, Mana, ManaCost, ManaError, parse_options, parse_plain


class CostReader(Reader):
    """`engine.reading.Reader`, reading the `mtg/1` costs, filters and reductions."""

    def __init__(self) -> None:
        super().__init__()
        self.mtg_cards: dict[str, Card] = {}

    # --- mana and costs

    def mana_cost(self, value: object, path: DataPath) -> ManaCost:
        if not isinstance(value, str):
            self.problem(path, f"expected a mana cost like \"{{2}}{{W}}\", got {_kind(value)}")
            return ManaCost()
        try:
            return ManaCost.parse(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return ManaCost()

    def plain_mana(self, value: object, path: DataPath) -> Mana:
        if not isinstance(value, str):
            self.problem(path, f"expected mana like \"{{R}}{{R}}\", got {_kind(value)}")
            return NO_MANA
        try:
            return parse_plain(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return NO_MANA

    def adds(self, value: object, path: DataPath) -> tuple[Mana, ...]:
        if not isinstance(value, str):
            self.problem(path, f"expected mana like \"{{W}}|{{U}}\" or \"{{C}}{{C}}\", got {_kind(value)}")
            return ()
        try:
            return parse_options(value)
        except ManaError as err:
            self.problem(_index(path, err.index), err.message)
            return ()

    def full_cost(self, value: object, path: DataPath) -> Cost:
        """A mana string, or `{cost: MANA, other: [...]}`."""
        if isinstance(value, str):
            return Cost(self.mana_cost(value, path))
        f = self.fields(value, path, COST_KEYS)
        return Cost(f.read("cost", ManaCost(), self.mana_cost),
                    f.read("other", (), self.mtg_other_costs))

    def mtg_other_costs(self, value: object, path: DataPath, any_ok: bool = False
                        ) -> tuple[OtherCost, ...]:
        out: list[OtherCost] = []
        for where, item in self.each(value, path):
            one = self.mtg_other_cost(item, where, any_ok)
            if one is not None:
                out.append(one)
        return tuple(out)

    def mtg_other_cost(self, item: object, where: DataPath, any_ok: bool = False
                       ) -> OtherCost | None:
        """One non-mana cost (`{discard: 1}`, `{sacrifice: {count, filter}}`); None if it
        is bad (a problem is noted) or counts 0. `any_ok`: `count: any` may be read (an
        optional additional cost's part; Torgaar)."""
        if not isinstance(item, dict) or len(item) != 1:
            self.problem(where, f"expected one non-mana cost like {{discard: 1}} or "
                                f"{{sacrifice: {{count: 1, filter: ...}}}}, got {_kind(item)}")
            return None
        (kind, body), = item.items()
        at = _join(where, kind)
        if kind not in OTHER_KINDS:
            self.unknown(at, "cost kind", kind, OTHER_KINDS)
            return None
        if body == "X":
            if kind != "pay_life":
                self.problem(at, f"only pay_life takes X (X life, X the announced X); {kind} "
                                 f"takes a number")
                return None
            return OtherCost(kind, 0, x=True)
        if isinstance(body, dict) and body.get("count") == "any":
            f = self.fields(body, at, OTHER_LONG_KEYS)
            if kind in ANY_REFUSED:
                self.problem(f.at("count"), f"count: any chooses objects by a filter; {kind} "
                                            f"takes a number")
                return None
            if not any_ok:
                self.problem(f.at("count"), "count: any (as many as the play chooses) is read "
                                            "only in an optional additional cost (an "
                                            "`additional` entry without mandatory: true)")
                return None
            return OtherCost(kind, 0, f.read("filter", Filter(), self.filter), any=True)
        if isinstance(body, dict):
            f = self.fields(body, at, OTHER_LONG_KEYS)
            count = f.read("count", 1, self.integer)
            filt = f.read("filter", Filter(), self.filter)
        else:
            count, filt = self.integer(body, at), Filter()
        if kind in ("pay_life", "mill") and filt != Filter():
            self.problem(at, f"{kind} takes a number, not a filter")
        return OtherCost(kind, count, filt) if count else None

    def no_x_life(self, cost: Cost | None, path: DataPath, what: str) -> None:
        """Refuse `{pay_life: X}` in a cost where no X is announced for it."""
        if cost is not None and cost.x_life:
            self.problem(path, f"{{pay_life: X}} in {what}: X life is paid only in a spell's "
                               f"cost, its mandatory additional costs or an activated "
                               f"ability's cost, where the play announces X")

    def filter(self, value: object, path: DataPath, held: bool = False,
               inside: bool = False, grant: bool = False, effect: bool = False,
               spell: bool = False, counted: bool = False, only_for: bool = False) -> Filter:
        """A filter. `held`: it belongs to an object on the battlefield (a grant's `applies_to`
        and its reduction's count, a mana ability's `only_for` and `per` count), the only
        places `chosen_type` (that object's chosen creature type) can be read. `grant`: a
        grant's `applies_to`, the one place `targets` (the spell's targets) is read. `inside`:
        the filter of a spell's targets (`player`, `self`). `spell`: it is read on the spell or
        ability played (a grant's `applies_to`, a mana ability's `only_for`), the one place
        `ability` is read; any other filter is read on objects. `counted`: a count of your
        permanents, where `controller` is refused (the count reads one player's). `only_for`:
        restricted mana's filter, where `ability: any` (a spell or any activated ability) is
        read."""
        f = (self.fields(value, path, TARGET_FILTER_KEYS) if inside
             else self.fields(value, path, FILTER_KEYS))
        if "chosen_type" in f and not held:
            self.problem(f.at("chosen_type"), "chosen_type reads the chosen type of the object "
                                              "holding the filter: only in a grant's applies_to "
                                              "or count, or a mana ability's only_for or per")
        if "attached" in f and not effect:
            self.problem(f.at("attached"), "attached reads the permanent a mana effect's own "
                                           "permanent is attached to: only in a mana effect's "
                                           "sources")
        if "ability" in f and not (spell or inside):
            self.problem(f.at("ability"), "ability reads the kind of ability being played: only "
                                          "in a grant's applies_to or a mana ability's only_for "
                                          "(this filter is read on objects)")
        if "x_cost" in f and not spell:
            self.problem(f.at("x_cost"), "x_cost reads the mana cost of the spell or ability "
                                         "played: only in a grant's applies_to or an only_for "
                                         "(this filter is read on objects)")
        if "controller" in f and counted:
            self.problem(f.at("controller"), "a count reads the permanents of the player it "
                                             "belongs to: controller is not read here")
        if "targets" in f and not grant:
            self.problem(f.at("targets"), "targets reads the targets of the spell being cast: "
                                          "only in a grant's applies_to (a count of them is a "
                                          "reduction's {count_targets: FILTER})")
        for key in ("chosen_type", "self", "attached"):
            if f.read(key, True, self.boolean) is False:
                self.problem(f.at(key), f"`{key}` is `true` or left out (`false` would be "
                                        "nothing to check)")
        chosen = f.read("chosen_type", False, self.boolean)
        targets = f.read("targets", None, self.target_filter, held) if grant else None
        player = f.word("player", None, TARGET_PLAYERS, "player")
        if player == "enchanted" and not held:
            self.problem(f.at("player"), "player: enchanted is the player the permanent holding "
                                         "the filter is attached to: only in a permanent's grant")
        itself = f.read("self", False, self.boolean)
        if player is not None and len(f.values) > 1:
            self.problem(f.at("player"), "a player target has no other conditions: `player` "
                                         "stands alone in a targets filter")
        not_type = f.read("not_type", (), self.words, CARD_TYPES, "card type")
        all_types = f.read("all_types", (), self.words, CARD_TYPES, "card type")
        both = [t for t in all_types if t in not_type]
        if both:
            self.problem(f.at("all_types"), f"{both[0]} is in both all_types and not_type: "
                                            "the filter would match nothing")
        return Filter(
            type=f.read("type", (), self.words, CARD_TYPES, "card type"),
            not_type=not_type,
            all_types=tuple(dict.fromkeys(all_types)),
            tags=f.read("tags", (), self.strings),
            color=f.read("color", (), self.colors),
            name=f.read("name", None, self.string),
            controller=f.word("controller", None, CONTROLLERS, "controller"),
            ability=f.word("ability", None, ONLY_FOR_ABILITY_KINDS if only_for else ABILITY_KINDS,
                           "ability kind"),
            multicolored=f.read("multicolored", None, self.boolean),
            colorless=f.read("colorless", None, self.boolean),
            attacking=f.read("attacking", None, self.boolean),
            chosen_type=chosen and held,
            targets=targets,
            player=player,
            itself=itself and held,
            attached=f.read("attached", False, self.boolean) and effect,
            x_cost=f.read("x_cost", None, self.boolean) if spell else None,
        )

    def target_filter(self, value: object, path: DataPath, held: bool) -> Filter:
        """The filter of a spell's targets: an object's (`self: true` the holder itself, which
        only a permanent's filter has) or a player's (`player: you | opponent`)."""
        f = self.filter(value, path, held, inside=True)
        if isinstance(value, dict) and value.get("self") is True and not held:
            self.problem(_join(path, "self"), "self is the object holding the filter: only in a "
                                              "permanent's grant")
        return f

    def grant_filter(self, value: object, path: DataPath) -> Filter:
        """`filter` for a grant's `applies_to` (`chosen_type` and `targets` readable)."""
        return self.filter(value, path, True, grant=True, spell=True)

    def held_filter(self, value: object, path: DataPath) -> Filter:
        """`filter` for a filter an object on the battlefield holds (`chosen_type` readable), read
        on the spell or ability played (a mana ability's `only_for`)."""
        return self.filter(value, path, True, spell=True, only_for=True)

    def pool_filter(self, value: object, path: DataPath) -> Filter:
        """`filter` for a restricted pool entry's `only_for`: read on the spell or ability
        played, held by no object (`chosen_type` refused)."""
        return self.filter(value, path, spell=True, only_for=True)

    def count_filter(self, value: object, path: DataPath, held: bool = False) -> Filter:
        """`filter` for a count of your permanents (`chosen_type` readable where `held`)."""
        return self.filter(value, path, held, counted=True)

    def colors(self, value: object, path: DataPath) -> tuple[str, ...]:
        """Colors by letter (W) or name (white)."""
        names = tuple(NAME_COLORS) + COLORS
        words = self.words(value, path, names, "color")
        return tuple(NAME_COLORS.get(w, w) for w in words)

    def alternatives(self, value: object, path: DataPath) -> tuple[Alternative, ...]:
        out = []
        for i, (where, item) in enumerate(self.each(value, path)):
            f = self.fields(item, where, ALTERNATIVE_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a name for this alternative cost, such as evoke")
            out.append(Alternative(
                id=f.read("id", f"alternative{i}", self.string),
                cost=Cost(f.read("cost", ManaCost(), self.mana_cost),
                          f.read("other", (), self.mtg_other_costs)),
                zone=f.word("zone", None, PLAY_ZONES, "zone"),
            ))
        return tuple(out)

    def additionals(self, value: object, path: DataPath) -> tuple[Additional, ...]:
        out = []
        for i, (where, item) in enumerate(self.each(value, path)):
            f = self.fields(item, where, ADDITIONAL_KEYS)
            if isinstance(item, dict) and "id" not in f:
                f.require("id", "a name for this additional cost")
            mandatory = f.read("mandatory", False, self.boolean)
            out.append(Additional(
                id=f.read("id", f"additional{i}", self.string),
                cost=Cost(f.read("cost", ManaCost(), self.mana_cost),
                          f.read("other", (), self.mtg_other_costs, not mandatory)),
                mandatory=mandatory,
            ))
            if sum(o.any for o in out[-1].cost.other) > 1:
                self.problem(f.at("other"), "at most one part of an additional cost says "
                                            "count: any")
        return tuple(out)

    def granted_additional(self, value: object, path: DataPath) -> Additional:
        """A grant's `additional: {id, cost, other}`: an optional additional cost (the Defilers'
        "you may pay 2 life"); never mandatory, no `count: any` part."""
        f = self.fields(value, path, ADDITIONAL_KEYS)
        if isinstance(value, dict):
            if "id" not in f:
                f.require("id", "a name for this additional cost (a play names it OBJECT.ID)")
        if "mandatory" in f:
            self.problem(f.at("mandatory"), "a granted additional cost is optional (\"you may "
                                            "pay\"): mandatory is not taken here")
        ident = f.read("id", "additional", self.string)
        if "." in ident:
            self.problem(f.at("id"), f"a granted additional cost's id has no dot (a play names "
                                     f"it OBJECT.ID), got {_show(ident)}")
        before = len(self.problems)
        cost = Cost(f.read("cost", ManaCost(), self.mana_cost), f.read("other", (), self.mtg_other_costs))
        if isinstance(value, dict) and len(self.problems) == before and not cost.mana.symbols \
                and not cost.other:  # nothing to pay (`pay_life: 0`): a dump would drop it
            self.problem(path, "a granted additional cost needs `cost` or `other` that pays "
                               "something")
        return Additional(ident, cost)

    def mode_costs(self, value: object, path: DataPath) -> Mapping[str, ManaCost]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of mode to its cost, got {_kind(value)}")
            return MappingProxyType({})
        return MappingProxyType({str(k): self.mana_cost(v, _join(path, k)) for k, v in value.items()})

    def amount_of(self, value: object, path: DataPath, held: bool = False) -> Amount:
        if isinstance(value, dict):
            f = self.fields(value, path, AMOUNT_KEYS)
            kinds = sum(k in f for k in ("count", "count_targets", "per_paid", "counters",
                                         "player_counters"))
            if kinds != 1:
                self.problem(path, "an amount is a number, {count: FILTER} (your permanents, or "
                                   "your cards in a `zone`), {count_targets: FILTER} (the "
                                   "spell's targets), {per_paid: ID, each: N} (per object a cost "
                                   "took), {counters: KIND} (on the granting permanent) or "
                                   "{player_counters: experience} (the player's): one of them")
            if "zone" in f and "count" not in f and kinds == 1:
                self.problem(f.at("zone"), "zone is where a {count: FILTER} counts your cards")
            each = f.read("each", 1, self.integer)  # per unit counted
            if "counters" in f:
                return replace(self.counters_amount(f, held), each=each)
            if "player_counters" in f:
                kind = f.read("player_counters", None, self.string)
                if kind != "experience":
                    self.problem(f.at("player_counters"), f"a player's counters are `experience` "
                                                          f"(the only kind kept), got {_show(kind)}")
                return Amount(player_counters="experience", each=each)
            if "per_paid" in f:
                if held:
                    self.problem(f.at("per_paid"), "per_paid counts what this card's own "
                                                   "additional cost took: only in a card's own "
                                                   "reductions, not a grant's")
                return Amount(per_paid=f.read("per_paid", None, self.string), each=each)
            if "count_targets" in f:
                return Amount(count_targets=f.read("count_targets", Filter(), self.target_filter,
                                                   held), each=each)
            return Amount(count=f.read("count", Filter(), self.count_filter, held),
                          zone=f.word("zone", "battlefield", COUNT_ZONES, "zone"), each=each)
        return Amount(fixed=self.integer(value, path))

    def counters_amount(self, f: _Fields, held: bool) -> Amount:
        """`{counters: KIND}`: the counters of KIND on the permanent holding the grant (Animar,
        Soul of Elements); a card's own reduction has no permanent to read."""
        kind = f.read("counters", None, self.string)
        if kind is not None and not COUNTER_KIND.fullmatch(kind):
            self.problem(f.at("counters"), f"a counter kind is a lowercase word (a-z and _), "
                                           f"got {_show(kind)}")
        if not held:
            self.problem(f.at("counters"), "counters reads the permanent holding the grant: "
                                           "only in a grant's reduction, not a card's own")
        return Amount(counters=kind)

    def reduction(self, value: object, path: DataPath, label: str, held: bool = False
                  ) -> Reduction:
        f = self.fields(value, path, REDUCTION_KEYS)
        colors = [t for t in TYPES if t in f]
        if isinstance(value, dict) and "generic" not in f and "mana" not in f and not colors:
            self.problem(path, "a reduction needs `generic` (a number or {count: FILTER}), `mana` "
                               "(\"{W}\") or a count per color (W: 1)")
        if "minimum" in f and "generic" not in f and ("mana" in f or colors):
            # It was accepted and bound nothing (the brute force bound it: ref-b's finding).
            self.problem(f.at("minimum"), "a minimum binds a reduction's generic part only "
                                          "(\"can't reduce to less than N mana\"): a colored "
                                          "reduction has none")
        colored = f.read("mana", NO_MANA, self.plain_mana)
        counted: list[tuple[str, Filter]] = []
        for t in colors:
            if isinstance(f[t], dict):
                counted.append((t, self.colored_count(f[t], f.at(t), t, held)))
                continue
            i = 1 + TYPES.index(t)
            n = f.read(t, 0, self.integer)
            colored = colored[:i] + (colored[i] + n,) + colored[i + 1:]  # type: ignore[assignment]
        color_only = f.read("color_only", False, self.boolean)
        if color_only and not (any(colored) or counted):
            self.problem(f.at("color_only"), "color_only keeps a colored reduction off generic "
                                             "mana: it needs colored mana (mana: \"{G}\" or a "
                                             "color key)")
        return Reduction(
            label=f.read("id", label, self.string),
            generic=f.read("generic", Amount(), self.amount_of, held),
            minimum=f.read("minimum", 0, self.integer),
            colored=colored,
            colored_counts=tuple(counted),
            color_only=color_only,
        )

    def colored_count(self, value: object, path: DataPath, color: str, held: bool) -> Filter:
        """A color key's `{count: FILTER}` (Khalni Hydra's `G`): one of that color less per
        permanent of yours matching FILTER. {C} and the spell's targets are not counted."""
        f = self.fields(value, path, AMOUNT_KEYS)
        if color == "C":
            self.problem(path, "C takes a number: a count is read in the color keys W U B R G")
        elif "count_targets" in f:
            self.problem(f.at("count_targets"), "count_targets is not taken in a color key: a "
                                                "colored count is {count: FILTER} (your "
                                                "permanents)")
        elif "count" not in f:
            f.require("count", "a filter of your permanents to count")
        for key in ("zone", "counters", "each", "per_paid", "player_counters"):
            if key in f:
                self.problem(f.at(key), f"{key} is not taken in a color key: a colored count is "
                                        f"{{count: FILTER}} (your permanents, one pip each)")
        return f.read("count", Filter(), self.count_filter, held)

    def reductions(self, value: object, path: DataPath) -> tuple[Reduction, ...]:
        return tuple(self.reduction(item, where, path_text(where).rsplit(".", 1)[-1])
                     for where, item in self.each(value, path))
