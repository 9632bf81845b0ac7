"""Rule 353: determine the total cost of one play, for one set of choices.

`price` is the one function that prices a play. The option enumerator (`engine.options`), the
legality check of a plan and the code that applies a plan (`engine.chain`) all call it, so no two
places can price the same play differently.

The steps, in rule order:
1. 353.1 base cost: the printed cost, a Flow instance, "play it for [cost]", or the printed cost
   with "ignoring its cost / Energy cost / Power cost" applied.
2. 353.2 additional costs: mandatory printed ones, Deflect once per choice of a Deflect target
   (735), and the optional ones the player chose (Accelerate, each Repeat instance, printed
   optional costs). A discount that names a component (optional, repeat, accelerate) applies to
   that part as it is added.
3. 353.3 increases.
4. 353.4 discounts on the total, in the order the player chooses, each minimum binding only its
   own discount (353.4.c), which may reduce additional costs to 0 (353.4.d).
5. 353.5 Energy and Power never go below 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator, Literal, TypeVar

from ..discounts import (
    ANY_INDEX,
    NO_DEADLINE,
    NO_POWER,
    Application,
    Deadline,
    Mod,
    Pair,
    Power,
    apply_mod,
    outcomes,
)
from ..objective import cost_family
from ..problems import ScenarioError
from .abilities import HIDE, ability_card, find_ability, hide_card
from .cards import Amount, Card, Discount, Effect, Grant, Increase, PrintedOf, repeat_name
from .cost import Cost, OtherCost, Player, Zone, power_add, power_text
from .filters import PlayFacts, controller_of, evaluate, holds, object_matches, play_matches
from .scenario import Play, Scenario
from .state import PLAYERS, GameObject

COMPONENT_OF = {"accelerate": "accelerate", "repeat": "repeat"}
T = TypeVar("T", Discount, Increase)


BaseKind = Literal["printed", "flow", "play_for", "ignore", "hidden", "alternative"]


@dataclass(frozen=True, slots=True)
class BaseChoice:
    """The base cost of a play (353.1): `printed`, `flow` (with its index), `play_for`, or
    `ignore` (the printed cost with the ignored part set to 0). `ignore` is set on every base
    the play's "ignoring its ..." zeroed (a Flow or `play_for` base keeps its kind)."""

    kind: BaseKind
    cost: Cost
    index: int | None = None
    ignore: str | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.index is not None:
            out["index"] = self.index
        if self.ignore is not None:
            out["ignore"] = self.ignore
        out["cost"] = self.cost.to_json()
        return out

    def text(self) -> str:
        ignoring = f" ignoring its {self.ignore}" if self.ignore is not None else ""
        if self.kind == "flow":
            return f"Flow{ignoring}: {self.cost}" if ignoring else f"Flow {self.cost}"
        if self.kind == "play_for":
            return f"play it for a cost{ignoring}: {self.cost}" if ignoring else f"play it for {self.cost}"
        if self.kind == "ignore":
            if self.ignore == "all":
                return f"ignoring any and all costs: {self.cost}"
            return f"printed cost ignoring its {self.ignore}: {self.cost}"
        if self.kind == "hidden":
            return f"hidden: played ignoring its base cost: {self.cost}"
        if self.kind == "alternative":
            return f"instead of the base cost: {self.cost}"
        return f"printed {self.cost}"


StepKind = Literal["base", "mandatory", "deflect", "optional", "component_discount", "increase",
                   "discount"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of rule 353 as data: its `kind` (and `rule`), the `label` of what it adds or takes
    (a cost's or a discount's name, a Deflect target), `effect` (what it adds or takes, as
    text), the running `total` after it. `times`: an optional cost paid that many times, or the
    Deflect number; `on`: the optional cost a component discount applies to; `note`: what a
    discount on the total did here (took nothing, stopped at 0, its minimum bound, which pips
    "[A] less" took). `binds`: for a discount on the total whose own minimum (353.4.c) held the
    total above what the discount alone would reach, that minimum (`[2]`, `of 1 Power`).

    `text` renders a step in English; it is the one place that does."""

    rule: str
    kind: StepKind
    label: str
    effect: str
    total: Cost
    times: int = 1
    on: str = ""
    note: str = ""
    binds: str | None = None

    @property
    def head(self) -> str:
        """What the step is: `discount eager-apprentice`, `optional cost repeat paid 2 times`."""
        if self.kind == "base":
            return "base cost"
        if self.kind == "mandatory":
            return f"mandatory additional cost {self.label}"
        if self.kind == "deflect":
            return f"Deflect {self.times} of {self.label}"
        if self.kind == "optional":
            return f"optional cost {self.label} paid" + (f" {self.times} times" if self.times != 1 else "")
        if self.kind == "component_discount":
            return f"discount {self.label} on {self.on}"
        if self.kind == "increase":
            return f"increase {self.label}"
        return f"discount {self.label}"

    @property
    def detail(self) -> str:
        """What the step did: `[1] less, to a minimum of [1] (its minimum binds: 353.4.c)`."""
        return self.effect + self.note

    @property
    def text(self) -> str:
        return f"{self.head}: {self.detail}"

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "text": self.text, "total": self.total.to_json()}


@dataclass(frozen=True, slots=True)
class Choices:
    """Every choice the player makes while determining the total cost.

    `optional` names the optional costs paid. `components` holds, per optional cost paid (in
    `optional`'s order), the applications of the discounts on that component; `total` the
    applications of the discounts on the total, in the order applied. Discounts an application
    list leaves out are applied after it in listed order, with canonical choices.
    """

    base: BaseChoice
    optional: tuple[str, ...] = ()
    components: tuple[tuple[Application, ...], ...] = ()
    total: tuple[Application, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()  # repeatable optional costs paid more than once
    victims: tuple[tuple[str, Cost], ...] = ()  # per additional cost: its object's printed cost

    def count(self, name: str) -> int:
        """How many times the optional cost `name` is paid (0 if it is not)."""
        if name not in self.optional:
            return 0
        return dict(self.counts).get(name, 1)


@dataclass(frozen=True, slots=True)
class Priced:
    """The total of a play for a set of choices, with its steps; a cost option of the play."""

    total: Cost
    steps: tuple[Step, ...]
    discount_order: tuple[str, ...]
    choices: Choices

    @property
    def base(self) -> BaseChoice:
        return self.choices.base

    @property
    def paid_optional(self) -> tuple[str, ...]:
        return self.choices.optional

    @property
    def paid(self) -> tuple[tuple[str, int], ...]:
        """Each optional cost paid with how many times (356.4.f.1: chosen is paid)."""
        return tuple((name, self.choices.count(name)) for name in self.choices.optional)


@dataclass(frozen=True, slots=True)
class Modifiers:
    """The discounts and increases that apply to one play with one base and optional set."""

    total: tuple[Mod, ...] = ()
    components: tuple[tuple[str, Mod], ...] = ()  # (component, discount)
    increases: tuple[tuple[str, int, tuple[int, ...]], ...] = ()  # (label, energy, power)
    ignore_deflect: bool = False
    # Battlefields whose chosen objects' Deflect is ignored (Heisho's `only_here`).
    deflect_ignored_at: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayContext:
    """One play read against its scenario: the card, the object, the zone it comes from."""

    scenario: Scenario
    play: Play
    card: Card
    obj: GameObject
    zone: Zone
    targets: tuple[GameObject, ...] = field(default=())


def context(scenario: Scenario) -> PlayContext:
    """The context of the scenario's play. A scenario built by hand (not by the loader) without
    a play, or whose play names an object or card that is not there, is a ScenarioError."""
    play = scenario.play
    if play is None:
        raise ScenarioError.at(("play",), "missing (the scenario has no play to plan)")
    # An opponent's card is a legal file and an illegal play (engine.legality says why).
    found = scenario.state.you.find(play.object) or scenario.state.opponent.find(play.object)
    if found is None:
        raise ScenarioError.at(("play", "object"), f"no object {play.object!r} in your zones")
    zone, obj = found
    if obj.card not in scenario.cards:
        raise ScenarioError.at(("play", "object"), f"{obj.id!r} is a card {obj.card!r} that "
                                                   "`cards` does not define")
    targets = tuple(t for t in (_find_any(scenario, tid) for tid in play.targets) if t is not None)
    card = scenario.card(obj.card)
    if play.ability == HIDE:
        card = hide_card(card)
    elif play.ability is not None:
        ability = find_ability(card, play.ability)
        assert ability is not None, f"no ability {play.ability!r}"
        card = ability_card(card, ability, obj)
    else:
        ctx = PlayContext(scenario, play, card, obj, zone, targets)
        grants = [g for _, _, g in granted(ctx)] + [e.grant for e in effects_reaching(ctx)]
        if zone == "trash" and any(g.flow_printed for g in grants):
            # Granted Flow equal to its printed cost (Kennen): one more Flow instance, last.
            card = replace(card, keywords=replace(card.keywords,
                                                  flow=card.keywords.flow + (card.cost,)))
        card = with_granted_repeat(card, [g.repeat for g in grants if g.repeat is not None])
    return PlayContext(scenario, play, card, obj, zone, targets)


def play_optional_names(scenario: Scenario, play: Play) -> tuple[str, ...]:
    """The names of the optional costs `play` has on this state, in canonical order: its card's
    own and the Repeat instances the grants that reach it give (`with_granted_repeat`). The
    play's object must be in your zones."""
    card = context(replace(scenario, play=play)).card
    return tuple(name for name, _ in optional_costs(card))


def granted_repeats(scenario: Scenario) -> int:
    """How many grants in the scenario give a Repeat instance (`keyword: {repeat: ...}`: the
    cards' grants, the effects their cards create, the effects in `state.you.effects`): the
    most instances a play may gain beyond its card's own."""
    grants = [g for card in scenario.cards.values()
              for g in card.grants + tuple(e.grant for e in card.effect_creates)]
    grants += [e.grant for e in scenario.state.you.effects]
    return sum(1 for g in grants if g.repeat is not None)


def with_granted_repeat(card: Card, kinds: list[str | Cost]) -> Card:
    """The card with one more Repeat instance per granted `keyword: {repeat: ...}` (Temporal
    Portal, The Academy, Syndra), after its own, in the grants' order: `printed`, equal to its
    printed cost (`cost`, without hybrid pips); `base`, equal to the base cost in use, resolved
    with the base (`optional_costs`; a placeholder here, its index in `repeat_base`); a Cost,
    that fixed cost."""
    if not kinds:
        return card
    repeat = list(card.keywords.repeat)
    at_base = list(card.keywords.repeat_base)
    for kind in kinds:
        if kind == "base":
            at_base.append(len(repeat))
        if isinstance(kind, Cost):
            repeat.append(kind)
        else:
            repeat.append(Cost(card.cost.energy, card.cost.power) if kind == "printed" else Cost())
    return replace(card, keywords=replace(card.keywords, repeat=tuple(repeat),
                                          repeat_base=tuple(at_base)))


def granted(ctx: PlayContext, facts: PlayFacts | None = None) -> Iterator[tuple[str, GameObject, Grant]]:
    """The grants of board objects (yours, then the opponent's) that apply to this play: the
    right controller, `applies_to` matching the card as played, `while` holding, and a
    once-per-turn grant not used this turn (`state.you.used_this_turn`)."""
    scenario = ctx.scenario
    if facts is None:
        facts = PlayFacts(ctx.card, ctx.zone, "printed", ctx.targets)
    used = scenario.state.you.used_this_turn
    # Named battlefields (no controller, `None`) come after the boards: their grants reach the
    # plays of the player making the play (the loader refuses `controller: opponent` and
    # `deflect` on them), read with the battlefield as the granting object.
    holders: list[tuple[Player | None, GameObject]] = [
        (owner, obj) for owner in PLAYERS for obj in scenario.state.player(owner).board]
    holders += [(None, obj) for obj in scenario.state.battlefields]
    for owner, obj in holders:
        granting = scenario.cards.get(obj.card)
        if granting is None:
            continue
        for grant in granting.grants:
            if grant.deflect:
                continue  # Deflect of board objects (`deflect_of`), not a play's modifier
            if owner is not None:
                if (grant.applies_to.controller or "you") != owner:
                    continue
                if grant.applies_to.self_ and ctx.obj.id != obj.id:
                    continue  # `self: true`: only a play of the granting object (its abilities)
            if not play_matches(scenario, grant.applies_to, ctx.card, ctx.zone, ctx.obj):
                continue
            if not holds(grant.while_, scenario, facts, obj):
                continue
            if grant.once_per_turn and grant.ident in used:
                continue
            yield granting.id, obj, grant


def effects_reaching(ctx: PlayContext) -> list[Effect]:
    """The effects that last for the turn (`state.you.effects`) that reach this play:
    those whose `applies_to` matches the card as played, as a grant's would (a filter naming
    `ability` reaches ability plays, one without it cards only). Each applies as its grant
    would from the board and is used once by the play (`engine.chain`), whatever it takes off.
    The opponent's effects (`state.opponent.effects`) reach the opponent's plays only: never
    one of yours."""
    return [e for e in ctx.scenario.state.you.effects
            if play_matches(ctx.scenario, e.grant.applies_to, ctx.card, ctx.zone, ctx.obj)]


def _find_any(scenario: Scenario, object_id: str) -> GameObject | None:
    for who in ("you", "opponent"):
        found = scenario.state.player(who).find(object_id)
        if found is not None:
            return found[1]
    return None


def target_controller(scenario: Scenario, object_id: str) -> str | None:
    return controller_of(scenario, object_id)


# --- Optional costs -----------------------------------------------------------------------------


def optional_costs(card: Card, base: BaseChoice | None = None) -> tuple[tuple[str, Cost], ...]:
    """Every optional additional cost the card has, by name, in canonical order: Accelerate,
    each Repeat instance (`repeat`, `repeat.1`, ...), then printed optional costs. A Repeat
    instance equal to the base cost in use (`Keywords.repeat_base`) costs `base.cost`, the base
    as 353.1 determined it (a Flow, `play_for` or alternative cost, a hybrid pip's half, what
    `play.ignore` zeroed; an optional cost's own `ignore` comes later and leaves it); without a
    base (names only) it is a placeholder."""
    out: list[tuple[str, Cost]] = []
    if card.keywords.accelerate is not None:
        out.append(("accelerate", card.keywords.accelerate))
    for i, cost in enumerate(card.keywords.repeat):
        if i in card.keywords.repeat_base and base is not None:
            cost = Cost(base.cost.energy, base.cost.power)
        out.append((repeat_name(i), cost))
    for extra in card.additional_costs:
        if not extra.mandatory:
            out.append((extra.id, extra.cost))
    return tuple(out)


def _component(name: str) -> str:
    return COMPONENT_OF.get(cost_family(name), "optional")


# --- Modifiers ----------------------------------------------------------------------------------


def modifiers(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
              counts: tuple[tuple[str, int], ...] = (),
              victims: tuple[tuple[str, Cost], ...] = ()) -> Modifiers:
    """Collect the discounts and increases that apply to this play, amounts evaluated.

    Sources, in this (documented, deterministic) order: the card's own discounts, grants of
    your board objects, grants of opponents' board objects that apply to your plays, the
    instructing effect's one-shot discounts, then discounts unlocked by the additional costs
    paid: each optional cost chosen, and each mandatory one (always paid, so its unlocks always
    apply, but under `ignore: all`, which pays none). A discount or increase with `tiers` is its
    last tier whose condition holds, alone; an unlock with `per_payment` counts once per payment
    of its (repeatable) cost. `ignore: all` leaves no increase (nothing is paid).
    """
    scenario = ctx.scenario
    discounts, increases, ignore_deflect, ignored_at = _applying(ctx, base, optional, counts)
    labels = _unique([label for label, _, _, _ in discounts])
    total: list[Mod] = []
    components: list[tuple[str, Mod]] = []
    victim_costs = dict(victims)
    played = on_chain(ctx)
    for label, (_, d, times, _) in zip(labels, discounts):
        mod = to_mod(label, d, scenario, played, times=times, targets=ctx.targets,
                     victims=victim_costs)
        if d.component == "total":
            total.append(mod)
        else:
            components.append((d.component, mod))
    inc_labels = _unique([label for label, _ in increases])
    evaluated = tuple(
        (label, evaluate(inc.energy, scenario, played, targets=ctx.targets), inc.power)
        for label, (_, inc) in zip(inc_labels, increases)
    )
    return Modifiers(tuple(total), tuple(components), evaluated, ignore_deflect, ignored_at)


def on_chain(ctx: PlayContext) -> str | None:
    """The id of the object that is on the Chain while the total is found, which no count
    counts: the card played (351: it leaves its zone first), or the card
    being hidden (it leaves your hand to go facedown). None for an ability play: its object
    stays on the board (rules notes), so its own "units you control" counts it."""
    if ctx.play.ability is not None and ctx.play.ability != HIDE:
        return None
    return ctx.obj.id


Applying = tuple[str, Discount, int, str | None]  # label, discount (its tier), times, per cost


def _applying(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
              counts: tuple[tuple[str, int], ...]
              ) -> tuple[list[Applying], list[tuple[str, Increase]], bool, tuple[str, ...]]:
    """The discounts (each with its label, how many times it counts and, for a per-payment
    unlock, the cost whose payments it counts), the increases, whether Deflect is ignored, and
    the battlefields whose chosen objects' Deflect is ignored (Heisho), in `modifiers`' order,
    before any amount is evaluated."""
    scenario = ctx.scenario
    facts = PlayFacts(ctx.card, ctx.zone, base.kind, ctx.targets)
    discounts: list[Applying] = []
    increases: list[tuple[str, Increase]] = []
    ignore_deflect = ctx.card.ignore_deflect  # Decree of Insight: its own play ignores Deflect
    ignored_at: list[str] = []
    paid_counts = dict(counts)

    # An ability's own discounts are its object's: "while this is Empowered" (and `at`) read
    # that object, as a grant's read the granting object (found by the reference campaign).
    own = ctx.obj if ctx.play.ability is not None and ctx.play.ability != HIDE else None
    for d in ctx.card.discounts:
        tier = _tier(d, scenario, facts, own)
        if tier is not None:
            discounts.append((d.id or ctx.card.id, tier, 1, None))
    for granting_id, obj, grant in granted(ctx, facts):
        if grant.ignore_deflect and grant.only_here:
            ignored_at.append(obj.id)  # Heisho: the chosen objects at this battlefield only
        elif grant.ignore_deflect:
            ignore_deflect = True
        if grant.discount is not None:
            tier = _tier(grant.discount, scenario, facts, obj)
            if tier is not None:
                discounts.append((grant.discount.id or granting_id, tier, 1, None))
        if grant.increase is not None:
            inc = _tier(grant.increase, scenario, facts, obj)
            if inc is not None:
                increases.append((grant.increase.id or granting_id, inc))
    # Effects that last for the turn: after the board's grants, before the
    # instructing effect's one-shot discounts; labelled by the discount's id or the effect's.
    for effect in effects_reaching(ctx):
        if effect.grant.ignore_deflect:
            ignore_deflect = True
        if effect.grant.discount is not None:
            tier = _tier(effect.grant.discount, scenario, facts)
            if tier is not None:
                discounts.append((effect.label, tier, 1, None))
    for i, d in enumerate(ctx.play.discounts):
        tier = _tier(d, scenario, facts)
        if tier is not None:
            discounts.append((d.id or f"play.discounts[{i}]", tier, 1, None))
    for extra in ctx.card.additional_costs:
        # A mandatory cost is always paid (but under `ignore: all`): its unlocks always apply.
        if extra.id in optional or (extra.mandatory and base.ignore != "all"):
            times = paid_counts.get(extra.id, 1)
            for i, d in enumerate(extra.unlocks):
                tier = _tier(d, scenario, facts)
                if tier is not None:
                    discounts.append((d.id or f"{extra.id}.unlocks[{i}]", tier,
                                      times if d.per_payment else 1,
                                      extra.id if d.per_payment else None))
    if base.ignore == "all":
        increases = []
    return discounts, increases, ignore_deflect, tuple(ignored_at)


def discount_reach(ctx: PlayContext, base: BaseChoice, optional: tuple[str, ...],
                   victims: tuple[tuple[str, Cost], ...] = ()) -> tuple[int, dict[str, int]]:
    """How much the discounts that apply with this base and optional set could take off at
    most, in Energy plus pips (each discount's largest branch, minimums left aside: a minimum
    only takes less): the discounts that count once, together, and per repeatable cost what
    its per-payment unlocks take per payment. `engine.options.repeat_bound` reads it: a
    payment a discount pays for is not bounded by the resources (356.4.f)."""
    discounts, _, _, _ = _applying(ctx, base, optional, ())
    fixed = 0
    per: dict[str, int] = {}
    played = on_chain(ctx)
    for label, d, _, cost_id in discounts:
        mod = to_mod(label, d, ctx.scenario, played, targets=ctx.targets, victims=dict(victims))
        reach = max([m.energy + sum(m.power) for m in (mod, *mod.branches)])
        if cost_id is None:
            fixed += reach
        else:
            per[cost_id] = per.get(cost_id, 0) + reach
    return fixed, per


def _tier(d: T, scenario: Scenario, facts: PlayFacts, source: GameObject | None = None) -> T | None:
    """The discount (or increase) that applies, or None: its own if it has no tiers and its
    condition holds; with tiers, the last tier whose condition holds, alone ("instead"), under
    the discount's own id, component and per_payment."""
    if not holds(d.conditions, scenario, facts, source):
        return None
    if not d.tiers:
        return d
    for tier in reversed(d.tiers):
        if holds(tier.conditions, scenario, facts, source):
            if isinstance(d, Discount):
                assert isinstance(tier, Discount)
                return replace(tier, id=d.id or tier.id, component=d.component,
                               per_payment=d.per_payment, conditions=(), tiers=())
            return replace(tier, id=d.id or tier.id, conditions=(), tiers=())
    return None


def victim_reads(card: Card) -> dict[str, bool]:
    """The additional costs whose paid object some unlock reads (Atakhan), by id."""
    out: dict[str, bool] = {}
    for extra in card.additional_costs:
        for d in extra.unlocks:
            for tier in (d,) + d.tiers:
                amounts = [tier.energy, tier.min_energy] + [a for _, a in tier.power_amounts]
                for a in amounts:
                    if isinstance(a, PrintedOf):
                        out[a.cost] = True
    return out


def to_mod(label: str, d: Discount, scenario: Scenario, played: str | None = None, *,
           times: int = 1, targets: tuple[GameObject, ...] = (),
           victims: dict[str, Cost] | None = None) -> Mod:
    """The discount with its amounts evaluated; `played` (the card being played) is not counted.
    `times`: a per-payment unlock of a cost paid that many times counts that many times."""
    def ev(a: Amount) -> int:
        return evaluate(a, scenario, played, targets=targets, victims=victims)

    power = d.power
    for slot, amount in d.power_amounts:
        power = power[:slot] + (power[slot] + ev(amount),) + power[slot + 1:]
    if times != 1:
        power = tuple(p * times for p in power)
    min_energy = ev(d.min_energy)
    branches = tuple(
        Mod(
            f"{label}:{i}",
            ev(b.energy) * times,
            tuple(p * times for p in b.power),
            max(min_energy, ev(b.min_energy)),
            max(d.min_power, b.min_power),
        )
        for i, b in enumerate(d.choice)
    )
    return Mod(label, ev(d.energy) * times, power, min_energy, d.min_power, branches,
               any_only=d.only_any_pips)


def _unique(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return out


def mod_text(mod: Mod, branch: int = -1) -> str:
    chosen = mod.branches[branch] if branch >= 0 else mod
    amount = (f"[{chosen.energy}]" if chosen.energy else "") + power_text(chosen.power)
    text = f"{amount or '[0]'} less"
    if chosen.any_only:
        text += " (from [A] pips only)"
    if chosen.min_energy:
        text += f", to a minimum of [{chosen.min_energy}]"
    if chosen.min_power:
        text += f", to a minimum of {chosen.min_power} Power"
    return text


# --- Pricing ------------------------------------------------------------------------------------


def base_cost(card: Card, kind: BaseKind, index: int | None, ignore: str | None,
              play_for: Cost | None) -> BaseChoice:
    """The base cost of one kind (353.1), with "ignoring its cost / Energy cost / Power cost"
    applied to the base cost in use: 353.1 sets the base cost to zero, and a Flow instance or
    "play it for [cost]" is the base cost of a play that uses it, so `ignore` zeroes
    that one. A printed cost with something ignored is kind `ignore`; a Flow or `play_for` base
    keeps its kind and records what was ignored."""
    if kind == "flow":
        assert index is not None
        return BaseChoice("flow", _ignoring(card.keywords.flow[index], ignore), index, ignore)
    if kind == "play_for":
        assert play_for is not None
        return BaseChoice("play_for", _ignoring(play_for, ignore), ignore=ignore)
    if ignore is None:
        return BaseChoice("printed", card.cost)
    return BaseChoice("ignore", _ignoring(card.cost, ignore), ignore=ignore)


def _ignoring(cost: Cost, ignore: str | None) -> Cost:
    """`cost` with the ignored part set to 0 (353.1.a, 353.1.b); non-standard parts stay, but
    for `all` ("ignoring any and all costs"), which leaves nothing."""
    if ignore is None:
        return cost
    if ignore == "all":
        return Cost()
    energy = 0 if ignore in ("cost", "energy") else cost.energy
    power = NO_POWER if ignore in ("cost", "power") else cost.power
    return Cost(energy, power, cost.other)


def price(ctx: PlayContext, choices: Choices, mods: Modifiers | None = None) -> Priced:
    """The total cost of the play for these choices, step by step (rule 353)."""
    base = choices.base
    if mods is None:
        mods = modifiers(ctx, base, choices.optional, choices.counts, choices.victims)
    steps: list[Step] = []
    running = base.cost
    steps.append(Step("353.1", "base", "", base.text(), running))
    # An optional cost whose payment has the play ignore its cost (Wallop, Call to Glory): a
    # change of the base cost (353.1), not a discount, so what comes after still applies.
    extras = {extra.id: extra for extra in ctx.card.additional_costs}
    for name in choices.optional:
        paid = extras.get(name)
        if paid is not None and paid.ignore is not None and base.ignore != "all":
            running = _ignoring(running, paid.ignore)
            steps.append(Step("353.1", "base", name, f"ignoring its {paid.ignore} (paid {name}): "
                              f"{running}", running))
    skip_additional = base.ignore == "all"  # "ignoring any and all costs": none is paid
    victims = dict(choices.victims)

    # 353.2.a: mandatory additional costs, printed, then Deflect per choice of a Deflect target.
    for extra in ctx.card.additional_costs:
        if extra.mandatory and not skip_additional:
            part = _with_victim(extra.cost, victims.get(extra.id))
            running = running + part
            steps.append(Step("353.2.a", "mandatory", extra.id, str(part), running))
    for target_id in ctx.play.targets:
        deflect = _deflect(ctx, target_id)
        if deflect and not mods.ignore_deflect and not skip_additional and not _ignored_here(
                ctx, mods, target_id):
            charge = Cost(0, NO_POWER[:-1] + (deflect,))
            running = running + charge
            steps.append(Step("353.2.a.2", "deflect", target_id, str(charge), running, times=deflect))

    # 353.2.b: optional additional costs chosen, each with the discounts on its component.
    available = dict(optional_costs(ctx.card, base))
    for k, name in enumerate(choices.optional):
        times = choices.count(name)
        part = _times(_with_victim(available[name], victims.get(name)), times)
        running = running + part
        steps.append(Step("353.2.b", "optional", name, str(part), running, times=times))
        component = _component(name)
        applicable = [m for c, m in mods.components if c == component or c == "optional"]
        if not applicable:
            continue
        apps = choices.components[k] if k < len(choices.components) else ()
        pair = (part.energy, part.power)
        for app, mod in _sequence(applicable, apps):
            before = pair
            pair = _apply(pair, mod, app)
            running = Cost(running.energy - before[0] + pair[0],
                           power_add(running.power, tuple(a - b for a, b in zip(pair[1], before[1]))),
                           running.other)
            steps.append(Step("353.4.d", "component_discount", mod.label, mod_text(mod, app.branch),
                              running, on=name))

    # 353.3: increases.
    for label, energy, power in mods.increases:
        running = running + Cost(energy, power)
        steps.append(Step("353.3", "increase", label, f"+{Cost(energy, power)}", running))

    return total_discounts(Priced(running, tuple(steps), (), choices), choices, mods)


def total_discounts(start: Priced, choices: Choices, mods: Modifiers) -> Priced:
    """`start` (the play priced up to the discounts on the total, by `price` with none) with
    the discounts on the total applied as `choices` orders them (353.4; 353.5: never below 0).
    Every step before them reads nothing of those discounts or their order, so pricing once
    without them and finishing each order from there gives what `price` gives for it."""
    running = start.total
    steps = list(start.steps)
    order: list[str] = []
    pair = (running.energy, running.power)
    for app, mod in _sequence(list(mods.total), choices.total):
        before = pair
        chosen: Mod = mod.branches[app.branch] if mod.branches else mod
        pair, removed = apply_mod(before, chosen, app.removed)
        order.append(mod.label)
        running = Cost(pair[0], pair[1], running.other)
        note = ""
        if before == pair:
            note = " (takes nothing here)"
        elif chosen.min_energy and pair[0] == chosen.min_energy and before[0] - chosen.energy < pair[0]:
            note = " (its minimum binds: 353.4.c)"
        elif chosen.energy and before[0] - chosen.energy < 0:
            note = " (not below 0: 353.5)"
        if chosen.power[ANY_INDEX] and before[1] != pair[1]:
            taken = tuple(b - a for b, a in zip(before[1], pair[1]))
            note += f" (takes {power_text(taken)})"
        steps.append(Step("353.4", "discount", mod.label, mod_text(mod, app.branch), running,
                          note=note, binds=_binds(before, chosen, removed, pair)))
    return Priced(running, tuple(steps), tuple(order), choices)


def _binds(before: Pair, chosen: Mod, removed: Power, after: Pair) -> str | None:
    """The minimum of a discount on the total that held the total up (353.4.c): `[N]` when the
    discount without its minimums would leave less Energy, `of N Power` when fewer pips."""
    if not chosen.min_energy and not chosen.min_power:
        return None  # without minimums it is itself: `free` would be `after`
    free, _ = apply_mod(before, replace(chosen, min_energy=0, min_power=0), removed)
    if free[0] < after[0]:
        return f"[{chosen.min_energy}]"
    if sum(free[1]) < sum(after[1]):
        return f"of {chosen.min_power} Power"
    return None


def _times(cost: Cost, times: int) -> Cost:
    """A repeatable cost paid `times` times: every part that many times (non-standard ones as
    one need of `count * times` objects)."""
    if times == 1:
        return cost
    return Cost(cost.energy * times, tuple(p * times for p in cost.power),
                tuple(OtherCost(o.kind, o.count * times, o.filter) for o in cost.other))


def _with_victim(cost: Cost, printed: Cost | None) -> Cost:
    """The cost with its object chosen by printed cost (Atakhan: which unit is killed decides
    the discount): each non-standard part keeps its filter and takes only objects whose card
    prints exactly that Energy and that many Power pips."""
    if printed is None:
        return cost
    other = tuple(OtherCost(o.kind, o.count, replace(o.filter, printed_energy=printed.energy,
                                                      printed_power=printed.pips))
                  for o in cost.other)
    return Cost(cost.energy, cost.power, other)


def _apply(pair: tuple[int, tuple[int, ...]], mod: Mod, app: Application) -> tuple[int, tuple[int, ...]]:
    """Apply one discount as `app` says (`_sequence` has made its branch valid)."""
    after, _ = apply_mod(pair, mod.branches[app.branch] if mod.branches else mod, app.removed)
    return after


def _sequence(mods: list[Mod], apps: tuple[Application, ...]) -> list[tuple[Application, Mod]]:
    """The applications given, then the discounts they leave out, in listed order."""
    out = []
    used = set()
    for app in apps:
        if 0 <= app.index < len(mods) and app.index not in used:
            used.add(app.index)
            choices = len(mods[app.index].branches)
            branch = app.branch if 0 <= app.branch < choices else (0 if choices else -1)
            out.append((Application(app.index, branch, app.removed), mods[app.index]))
    for i, mod in enumerate(mods):
        if i not in used:
            out.append((Application(i, 0 if mod.branches else -1), mod))
    return out


def _ignored_here(ctx: PlayContext, mods: Modifiers, target_id: str) -> bool:
    """Whether the chosen object is at a battlefield whose grant ignores the Deflect of what is
    chosen there (Heisho's `only_here`); a target elsewhere still charges its Deflect."""
    if not mods.deflect_ignored_at:
        return False
    found = _find_any(ctx.scenario, target_id)
    return found is not None and found.location in mods.deflect_ignored_at


def _deflect(ctx: PlayContext, target_id: str) -> int:
    """Deflect N of a target an opponent controls (735): you pay +N [A] per choice of it."""
    if target_controller(ctx.scenario, target_id) != "opponent":
        return 0
    found = ctx.scenario.state.opponent.find(target_id)
    if found is None:
        return 0
    facts = PlayFacts(ctx.card, ctx.zone, "printed", ctx.targets)
    return deflect_of(ctx.scenario, found[1], "opponent", on_board=found[0] == "board",
                      facts=facts)


def deflect_of(scenario: Scenario, obj: GameObject, controller: Player, *, on_board: bool = True,
               facts: PlayFacts | None = None) -> int:
    """The object's Deflect (809.2: the values stack): its card's `keywords.deflect`, plus its
    own `deflect` (gained from an effect), plus every `deflect` grant that reaches it while it is
    on the board. A grant reaches it when `applies_to` matches it read as a board object
    (`controller` relative to the granting object's controller, default the same player;
    `self: true` only the granting object itself) and `while` holds, read with the granting
    object, its player conditions (`level_at_least`, `controls`, `runes_at_most`) from the
    granting object's controller. `facts` is the play that chooses it (for `from`, `targets`
    and the like in a `while`)."""
    card = scenario.cards.get(obj.card)
    total = (card.keywords.deflect if card is not None else 0) + obj.deflect
    if not on_board:
        return total
    for owner in PLAYERS:
        for granter in scenario.state.player(owner).board:
            granting = scenario.cards.get(granter.card)
            if granting is None or not any(g.deflect for g in granting.grants):
                continue
            relation = "you" if owner == controller else "opponent"
            for grant in granting.grants:
                if not grant.deflect:
                    continue
                if (grant.applies_to.controller or "you") != relation:
                    continue
                if grant.applies_to.self_ and granter.id != obj.id:
                    continue
                if not object_matches(scenario, grant.applies_to, obj):
                    continue
                if grant.while_:
                    read = facts if facts is not None else PlayFacts(
                        card if card is not None else granting, "board", "printed", ())
                    if not holds(grant.while_, scenario, read, granter, owner):
                        continue
                total += grant.deflect
    return total


def best_components(ctx: PlayContext, optional: tuple[str, ...],
                    mods: Modifiers,
                    counts: tuple[tuple[str, int], ...] = (),
                    deadline: Deadline = NO_DEADLINE,
                    base: BaseChoice | None = None) -> list[tuple[tuple[Application, ...], ...]]:
    """Every way to apply the component discounts of the optional costs paid that a later step
    could tell apart: per optional cost paid, every distinct result (`component_results`); then
    every combination whose summed result differs, the least Energy kept for each sum.

    Only the sum matters later: the parts are added into one running total, and increases and
    the discounts on the total read only that total. For one sum, less Energy is never worse, by
    the argument in `component_results`.

    Past the `deadline` (see `discounts.Deadline`), each part searched from then on follows one
    order and choice, and each part combined from then on adds its first result only: every way
    returned is still a full, valid one, but some that a later step could prefer may be missing
    (`deadline.cut` says so).
    """
    if not optional:
        return [()]  # no part: the one (empty) way
    available = dict(optional_costs(ctx.card, base))
    per_part: list[list[tuple[Pair, tuple[Application, ...]]]] = []
    for name in optional:
        component = _component(name)
        applicable = [m for c, m in mods.components if c == component or c == "optional"]
        part = _times(available[name], dict(counts).get(name, 1))
        per_part.append(component_results((part.energy, part.power), applicable, deadline))
    combos: dict[Power, tuple[int, tuple[tuple[Application, ...], ...]]] = {NO_POWER: (0, ())}
    for results in per_part:
        if deadline.passed():
            results = results[:1]
        grown: dict[Power, tuple[int, tuple[tuple[Application, ...], ...]]] = {}
        for pips, (energy, paths) in combos.items():
            for (part_energy, part_pips), path in results:
                key = power_add(pips, part_pips)
                seen = grown.get(key)
                if seen is None or energy + part_energy < seen[0]:
                    grown[key] = (energy + part_energy, paths + (path,))
        combos = grown
    ranked = sorted(combos.items(), key=lambda kv: (kv[1][0] + sum(kv[0]), kv[1][0], kv[0]))
    return [paths for _, (_, paths) in ranked]


def component_results(start: Pair, mods: list[Mod],
                      deadline: Deadline = NO_DEADLINE) -> list[tuple[Pair, tuple[Application, ...]]]:
    """Every distinct result of applying all `mods` to one part in some order with some choices,
    keeping for each distinct pips only the least Energy, with one sequence of applications
    (every discount once) reaching it. Cheapest (Energy + pips, then Energy, then pips) first.

    No Pareto pruning between different pips, because a later step can tell any two apart: a
    total discount that names a domain ("[fury] less") takes a Fury pip and not an `[A]` one, so
    `[fury]` left can beat `[A]` left; a Power minimum counts pips, so more pips left
    can let a later discount take a pip that fewer would not.

    The one pruning, for the same pips the least Energy: from here on Energy and pips never
    mix. Every later step maps (Energy, pips) to (f(Energy), g(pips)) for each order and choice:
    an increase adds, a discount sets Energy to max(E - amount, min(E, minimum)) without reading
    the pips, and its pips part never reads Energy; which orders and choices are open does not
    depend on either. f is non-decreasing in E, so for every later order and choice, the result
    from less Energy has the same pips and no more Energy: at least as easy to pay.
    (tests/test_component_discounts.py checks this against an exhaustive search over every
    component choice and every order of the total discounts, domain-specific ones included.)

    The search walks every order and choice (memoised on the discounts left and the part's
    current cost); component discounts are few, one or two per part. Past the `deadline`, each
    state it reaches follows one discount and one outcome (every result is still reached by a
    full sequence; `deadline.cut` says some may be missing).
    """
    if not mods:
        return [(start, ())]
    memo: dict[tuple[int, Pair], dict[Power, tuple[int, tuple[Application, ...]]]] = {}

    def search(left: int, pair: Pair) -> dict[Power, tuple[int, tuple[Application, ...]]]:
        key = (left, pair)
        found = memo.get(key)
        if found is not None:
            return found
        result: dict[Power, tuple[int, tuple[Application, ...]]] = {}
        if not left:
            result[pair[1]] = (pair[0], ())
        else:
            hurry = deadline.passed()
            for i in range(len(mods)):
                if not left & (1 << i):
                    continue
                for after, app in outcomes(pair, mods[i], i)[:1 if hurry else None]:
                    for pips, (energy, path) in search(left & ~(1 << i), after).items():
                        seen = result.get(pips)
                        if seen is None or energy < seen[0]:
                            result[pips] = (energy, (app,) + path)
                if hurry:  # past the deadline: one move, one outcome (see `Deadline`)
                    break
        memo[key] = result
        return result

    found = search((1 << len(mods)) - 1, start)
    ranked = sorted(found.items(), key=lambda kv: (kv[1][0] + sum(kv[0]), kv[1][0], kv[0]))
    return [((energy, pips), path) for pips, (energy, path) in ranked]
