"""The words of format `mtg/1` (`docs/mtg-format.md`): every key the reader accepts, in the
order the format lists them (the dump writes them in that order), and the vocabularies and bounds
of its values."""

from __future__ import annotations

import re

from .cards import OTHER_KINDS
from .mana import COLORS

TOP_KEYS = ("format", "cards", "state", "play", "plays", "objective", "turn")
# `payplan check` reads these beside the scenario: the payment, and the choices it names.
CHOICE_KEYS = ("cast", "x", "paid", "announced")
CHECK_KEYS = ("payment",) + CHOICE_KEYS
CHECK_ONLY = {
    "payment": "a payment is read by `payplan check` only; this command plans the payment itself",
    **{key: "a choice of the payment `payplan check` reads; this command makes its own (the "
            "play's own choices are in `play`)" for key in CHOICE_KEYS},
}
PAYMENT_KEYS = ("pool", "sources", "convoke", "delve", "improvise", "life", "other", "life_for")
LIFE_FOR_PIPS = tuple(f"{{{c}}}" for c in COLORS)  # a payment's `life_for` keys
PAID_KINDS = tuple(k for k in OTHER_KINDS if k != "pay_life")  # life is the payment's `life`
CONVOKE_PAYS = ("{1}",) + tuple(f"{{{c}}}" for c in COLORS)
CARD_KEYS = ("name", "types", "cost", "colors", "tags", "flash", "flashback", "kicker",
             "multikicker", "replicate", "buyback", "alternative", "additional", "per_mode",
             "per_target", "per_target_life", "modes", "convoke", "delve", "improvise", "reductions", "mana",
             "grants", "abilities", "effect", "enters_tapped", "spend_only", "snow",
             "mana_effects", "life_for", "morph", "haste", "power")
# Mana effects (`mana_effects: [{replace: {...}} | {trigger: {...}}]`).
MANA_EFFECT_KINDS = ("replace", "trigger")
REPLACE_KEYS = ("sources", "at_least", "adds", "times")
MAX_TIMES = 10  # a replacement's `times` (Mana Reflection 2, Nyxbloom Ancient 3)
TRIGGER_KEYS = ("sources", "adds")
# A trigger's `adds:` word: one mana of a type the activation produced (Dictate of Karametra).
TRIGGER_ADDS = ("produced",)
MANA_EFFECT_KEYS = {"replace": REPLACE_KEYS, "trigger": TRIGGER_KEYS}
MAX_AT_LEAST = 100
EFFECT_KEYS = ("adds", "tokens", "untap", "grants")
TOKEN_KEYS = ("card", "count")
MAX_TOKENS = 100
EFFECT_GRANT_KEYS = ("reduction", "applies_to", "uses")  # an effect lasting for the turn
STATE_EFFECT_KEYS = ("id",) + EFFECT_GRANT_KEYS  # `state.you.effects[i]`
MAX_EFFECT_USES = 1000
# The filter keys an effect reads (on a spell, or on your permanents for `untap`).
EFFECT_FILTER_KEYS = ("type", "not_type", "all_types", "tags", "color", "name", "multicolored",
                      "colorless")
COST_KEYS = ("cost", "other")
ALTERNATIVE_KEYS = ("id", "cost", "other", "zone")
ADDITIONAL_KEYS = ("id", "mandatory", "cost", "other")
OTHER_LONG_KEYS = ("count", "filter")
ANY_REFUSED = ("discard", "mill", "pay_life")  # kinds without a filter take no `count: any`
FILTER_KEYS = ("type", "not_type", "all_types", "tags", "color", "name", "controller", "ability",
               "multicolored", "colorless", "attacking", "chosen_type", "targets", "attached",
               "x_cost")
# A spell's targets' filter: an object's conditions (no `ability`, no nested `targets`), or a
# player's (`player`), `self` the object holding the filter.
TARGET_FILTER_KEYS = ("type", "not_type", "all_types", "tags", "color", "name", "controller",
                      "multicolored", "colorless", "attacking", "chosen_type", "player", "self")
REDUCTION_KEYS = ("id", "generic", "minimum", "mana", "W", "U", "B", "R", "G", "C", "color_only")
AMOUNT_KEYS = ("count", "count_targets", "per_paid", "each", "zone", "counters", "player_counters")
COUNT_ZONES = ("battlefield", "graveyard", "hand", "exile")  # an amount's `zone`
ABILITY_KEYS = ("adds", "costs", "only_for", "per", "of")
PER_KEYS = ("count", "counters", "greatest_power")
ABILITY_WORDS = ("tap", "sacrifice_self", "discard_self")
ACTIVATED_KEYS = ("id", "costs", "timing", "zone", "cycling", "loyalty")
ACTIVATED_ZONES = ("battlefield", "hand")
ABILITY_KINDS = ("activated", "cycling", "loyalty")  # a filter's `ability`
ACTIVATED_TIMINGS = ("instant", "sorcery")
ABILITY_PLAY_KEYS = ("object", "id")
GRANT_KEYS = ("increase", "reduction", "at_least", "keyword", "flashback", "applies_to", "turn",
              "loyalty", "haste", "cast_from", "additional")
CAST_FROM_ZONES = ("graveyard", "exile")  # a grant's `cast_from` (Karador's permission)
GRANT_KEYWORDS = ("convoke", "delve", "improvise")
GRANT_TURNS = ("caster", "not_caster")
STATE_KEYS = ("phase", "stack", "turn", "you", "opponent", "lands_played_this_turn")
PLAYER_KEYS = ("life", "library", "hand", "graveyard", "exile", "command", "battlefield",
               "mana_pool", "snow_pool", "library_top", "effects", "spend_as_any_color",
               "experience", "restricted_pool")
RESTRICTED_POOL_KEYS = ("mana", "only_for")  # `state.you.restricted_pool[i]`
ONLY_FOR_ABILITY_KINDS = ABILITY_KINDS + ("any",)  # `only_for`'s `ability`: `any` too
OBJECT_KEYS = ("id", "card", "tapped", "sick", "value", "commander_casts", "attacking",
               "chosen_type", "counters", "loyalty_activated", "face_down", "attached_to",
               "power")
REMOVE_KEYS = ("kind", "count")  # `{remove_counters: {kind: KIND, count: N or X}}`
UNTAP_KEYS = ("count", "filter")  # `{untap: {count: N, filter: FILTER}}` (Benthic Explorers)
MAX_UNTAP = 10
# `adds:` words: one mana of a type a permanent matching the ability's `of` could produce
# (106.7: Reflecting Pool's any type, Exotic Orchard's any color).
REFLECT_ADDS = ("any_type", "any_color")
# `adds:` words: the mana is read from another object.
READ_ADDS = ("untapped", "milled", "sacrificed", *REFLECT_ADDS)
MAX_COUNTERS = 1000  # counters of one kind on an object
MAX_POWER = 1000  # a card's or a permanent's power, -1000 to 1000 (`per: power`)
MAX_LOYALTY_COST = 20  # a loyalty ability's cost, -20 to +20
COUNTER_KIND = re.compile(r"[a-z][a-z_]*")
PLAY_KEYS = ("object", "card", "from", "cast", "x", "optional", "targets", "modes", "ability",
             "turn_face_up")
OBJECTIVE_KEYS = ("weights", "benefits")
PLAY_ZONES = ("hand", "graveyard", "exile", "command")
OBJECT_ZONES = ("hand", "graveyard", "exile", "command", "battlefield")
STACKS = ("empty", "nonempty")
PLAYERS = ("you", "opponent")
TARGET_PLAYERS = PLAYERS + ("enchanted",)  # a targets filter's `player` (enchanted: a Curse's)
CONTROLLERS = ("you", "opponent", "any")
CHOICES = ("yes", "no", "auto")
CASTS = ("auto", "normal", "flashback", "without_paying")
MAX_LIFE = 1_000_000
KICKER = re.compile(r"kicker\.([0-9]+)")
