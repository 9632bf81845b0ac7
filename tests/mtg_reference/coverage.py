"""The loader's keys and enum words as `PLACE.NAME` (keys.drawn's terms), read from the loader's
own tuples: the list the generator must meet. Test code: it imports the engine's loader, which
the reference never does."""

from __future__ import annotations


def loader_words() -> set[str]:
    from payplan.engine.mtg import keys as L
    from payplan.engine.mtg.cards import CARD_TYPES, DEFAULT_WEIGHTS, OTHER_KINDS
    from payplan.engine.mtg.mana import COLORS, NAME_COLORS

    places: dict[str, tuple[str, ...]] = {
        "top": L.TOP_KEYS, "card": L.CARD_KEYS, "cost": L.COST_KEYS,
        "alternative": L.ALTERNATIVE_KEYS, "additional": L.ADDITIONAL_KEYS,
        "other_long": L.OTHER_LONG_KEYS, "filter": L.FILTER_KEYS, "reduction": L.REDUCTION_KEYS,
        "amount": L.AMOUNT_KEYS, "ability": L.ABILITY_KEYS, "ability_word": L.ABILITY_WORDS,
        "activated": L.ACTIVATED_KEYS, "timing": L.ACTIVATED_TIMINGS,
        "ability_play": L.ABILITY_PLAY_KEYS, "grant": L.GRANT_KEYS, "state": L.STATE_KEYS,
        "player_keys": L.PLAYER_KEYS, "object": L.OBJECT_KEYS, "play": L.PLAY_KEYS,
        "objective": L.OBJECTIVE_KEYS, "play_zone": L.PLAY_ZONES, "zone": L.OBJECT_ZONES,
        "stack": L.STACKS, "player": L.PLAYERS, "controller": L.CONTROLLERS, "choice": L.CHOICES,
        "cast": L.CASTS, "card_type": CARD_TYPES, "other_kind": OTHER_KINDS,
        "weight": tuple(DEFAULT_WEIGHTS), "color": tuple(COLORS) + tuple(NAME_COLORS),
        # Written inline in the loader (`filter`'s `ability` word), and the shapes it reads:
        # an optional cost's true/false and count, an object as its card id alone.
        "ability_kind": ("activated",),
        # Issue 25's words, as the README lists them (the loader writes them inline): a grant's
        # `turn`, `keyword` and `flashback`; a target filter's keys (an object's conditions,
        # `self`, or `player` alone) and its players; `play.targets` naming each player and an
        # object.
        "grant_turn": ("caster", "not_caster"), "keyword": ("convoke", "delve", "improvise"),
        "grant_flashback": ("mana_cost",),
        "targets_filter": ("type", "not_type", "tags", "color", "name", "multicolored", "colorless",
                           "attacking", "chosen_type", "controller", "self", "player"),
        "target_player": L.PLAYERS, "target": L.PLAYERS + ("object",),
        # Issue 25, group G2: the untap atom's keys and the `adds:` words read from another
        # object (absent from a loader without them).
        "untap": getattr(L, "UNTAP_KEYS", ()), "adds": getattr(L, "READ_ADDS", ()),
    }
    words = {f"{place}.{name}" for place, names in places.items() for name in names}
    # Read by the turn command only (turn-format.md): a single cast never reads them, so the
    # single-cast generator draws none (the key-sensitivity test pairs them on `turn`).
    turn_only = {"top.turn", "card.effect", "card.enters_tapped", "state.lands_played_this_turn"}
    # Issue 25 (spec25 M2): the one non-mana cost that takes X, `{pay_life: X}`.
    # Abilities activated from the hand: `abilities[].zone` (`hand`; `battlefield`, the default,
    # is not drawn), `cycling`, the cost word `discard_self`, the filter word `ability: cycling`.
    issue25_costs = {"x_cost.pay_life", "ability_zone.hand", "activated.zone", "activated.cycling",
                     "ability_word.discard_self", "ability_kind.cycling"}
    # Issue 25, group B: a reduction's color key counted (`{count: FILTER}`, Khalni Hydra);
    # `count: any` on each kind that takes it and `per_paid` with `each` (Torgaar).
    issue25_b = {"color_amount.count", "amount.per_paid", "amount.each",
                 *(f"count_any.{kind}" for kind in ("sacrifice", "exile_from_graveyard", "exile_from_hand",
                                                    "tap_untapped", "return_to_hand"))}
    # Issue 25, group C: counters on permanents removed as a cost (storage lands, Druids'
    # Repository; the weight `counter`) and loyalty abilities (Carth the Lion's grant `loyalty`,
    # the filter word `ability: loyalty`), as the contract names them.
    issue25_c = {"object.counters", "object.loyalty_activated", "counter_kind.loyalty",
                 "cost_atom.remove_counters", "remove_counters.count_x", "per.removed",
                 "weight.counter", "activated.loyalty", "grant.loyalty", "ability_kind.loyalty"}
    # Issue 25, group G1: a card's `mana_effects` (replace, trigger) and each effect's keys, as
    # the loader names them (its MANA_EFFECT_KEYS), once the loader reads them.
    effects: dict[str, tuple[str, ...]] = getattr(L, "MANA_EFFECT_KEYS", {})
    issue25_g1 = {f"mana_effect.{kind}" for kind in effects} | {
        f"mana_effect_{kind}.{key}" for kind, keys in effects.items() for key in keys}
    # Issue 25, group G2: the untap cost atom (its count and filter) and `adds: untapped`
    # (Benthic Explorers) once the loader has the weight `untap`; `adds: milled` (Charmed
    # Pendant) once it reads `library_top` (the player key and the weight come from its tuples).
    issue25_g2: set[str] = set()
    if "untap" in DEFAULT_WEIGHTS:
        issue25_g2 |= {"cost_atom.untap", "untap.count", "untap.filter", "adds.untapped"}
    if "library_top" in L.PLAYER_KEYS:
        issue25_g2.add("adds.milled")
    # The round's contracts, once the loader reads them (their tuples bring `filter.all_types`,
    # `filter.x_cost`, `player_keys.restricted_pool`, `adds.sacrificed`): the words it reads
    # inline, found by probing it (tests.mtg_reference.strategies.contract_reads).
    from .strategies import _probe_loads
    contracts: set[str] = set()
    if _probe_loads("x_cost"):
        contracts.add("ability_kind.any")
    if _probe_loads("restricted_pool"):
        contracts |= {"restricted_entry.mana", "restricted_entry.only_for"}
    if _probe_loads("produced"):
        contracts.add("trigger_adds.produced")
    if _probe_loads("power"):
        contracts |= {"per.power", "object.power", "card.power"}
    if _probe_loads("greatest_power"):
        contracts.add("per.greatest_power")
    if _probe_loads("removed_tap"):
        contracts.add("per.removed_tap")
    if _probe_loads("each"):
        contracts.add("amount.each_count")
    if _probe_loads("times"):
        contracts.add("mana_effect_replace.times")
    if _probe_loads("curse"):
        contracts |= {"attached_to.player", "target_player.enchanted"}
    if _probe_loads("defiler"):
        contracts |= {"grant_additional.id", "grant_additional.other", "reduction.color_only"}
    return ((words - turn_only) | {"choice.true_or_false", "choice.count", "object.shorthand"}
            | issue25_costs | issue25_b | issue25_c | issue25_g1 | issue25_g2 | contracts)
