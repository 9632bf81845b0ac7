"""The brute force's switches, each off except in a test: the wrong readings a test sets to
show that generated casts tell them apart from the rules' (`misreading(*names)`), the
`--diagnose` readings the campaign names a disagreement with, and the one search shortcut's
switch (`TWIN_ORDER`). Read as `knobs.NAME` so that a test's setting reaches every module.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

# Readings the rules forbid, each only to tell whether a disagreement with the planner is
# exactly that mistake (campaign --diagnose); never set otherwise.
# A filter land pays its own cost with its own mana (the cost is paid on activation, before the
# mana exists).
DIAGNOSE_SELF_PAYING_FILTERS = False
# A known wrong answer: a mana ability that neither taps nor sacrifices its permanent (an altar,
# Seton's "tap an untapped Druid") is activated at most once.
DIAGNOSE_ONCE_PER_ABILITY = False
# A known wrong answer: a creature tapped by a mana ability's cost ("tap an untapped creature")
# is charged nothing.
DIAGNOSE_FREE_MANA_TAPS = False
# Found by this reference: a mana ability's mill cost (it still may not mill more than the library)
# is charged nothing.
DIAGNOSE_FREE_MANA_MILL = False
# Found by this reference: a grant's `name` on activated abilities reads "NAME: ABILITY ID", not
# the name of the ability's permanent.
DIAGNOSE_ABILITY_STAND_IN_NAME = False
# Search shortcut (exact): equal activations of one object take their removals in one order
# only (`twins`). Off only in the test that checks it changes no answer.
TWIN_ORDER = True
# Wrong readings of the keys payplan adds, each set only by a test showing that generated casts tell
# it apart from the rules' (never otherwise), with `misreading(*names)`; the groups' names are
# listed beside their code (GROUP_A_MUTANTS, GROUP_B_MISREADINGS, GROUP_G1_MUTANTS, G2_MUTANTS).
MISREADINGS: frozenset[str] = frozenset()

# Counted reductions: `color_count_opponent` a colored reduction's
# count read on the opponent's permanents; `color_count_as_generic` a counted colored reduction
# taking generic mana; `per_paid_ignores_each` `{per_paid, each: N}` read as 1 per object;
# `count_any_capped_at_one` `count: any` taking at most one object.
GROUP_B_MISREADINGS = ("color_count_opponent", "color_count_as_generic", "per_paid_ignores_each",
                       "count_any_capped_at_one")

# Snow mana, `spend_only` and `life_for`: {S} taken off by a generic reduction; {S} paid by any
# mana; convoke, delve or improvise paying {S}; pool mana spent on a `spend_only` spell; `life_for`
# paying generic mana too; an opponent's `life_for` permanent helping you.
GROUP_A_MUTANTS = ("snow_reducible", "snow_any_mana", "snow_convoke", "spend_only_pool",
                   "life_for_generic", "life_for_opponent")

# One permanent's costs: at most one use that taps or sacrifices it (a permanent with an ability
# that only taps it and one that only sacrifices it, Eye of Ramos, pays once, not twice).
ONCE_MUTANTS = ("one_mana_use_per_permanent",)


@contextmanager
def misreading(*names: str) -> Iterator[None]:
    """The brute force under the wrong readings `names` (of any group), for a test's while."""
    global MISREADINGS
    known = (set(GROUP_A_MUTANTS) | set(GROUP_B_MISREADINGS) | set(GROUP_G1_MUTANTS)
             | set(G2_MUTANTS) | set(ONCE_MUTANTS))
    assert set(names) <= known, names
    before, MISREADINGS = MISREADINGS, frozenset(names)
    try:
        yield
    finally:
        MISREADINGS = before


# Wrong readings of mana effects (`misreading`): a replacement taking the triggered mana too
# (its count and its mana); a trigger silent when the output was replaced; `attached` ignored (every
# permanent matching the rest); the effect's `controller` ignored (read as any); an opponent's
# effects ignored; `at_least` ignored (every output replaced); at most one replacement per
# activation; replaced mana losing its `only_for`; triggered mana keeping the ability's `only_for`;
# a trigger firing on an activation that makes no mana (106.12a).
GROUP_G1_MUTANTS = ("replace_triggered", "trigger_not_under_replace", "attached_ignored",
                    "controller_ignored", "opponent_effects_ignored", "at_least_ignored",
                    "one_replacement", "replaced_loses_only_for", "trigger_keeps_only_for",
                    "trigger_on_no_mana")


# Wrong readings of untap costs and milled mana (`misreading`): an untapped permanent untapped
# again (`untap_untapped`); one permanent untapped by two activations (`untap_twice`);
# could-produce without {C} (`untap_no_colorless`); untapping charged nothing (`untap_free`);
# a hybrid symbol giving both its colors (`hybrid_both`); a Phyrexian symbol giving nothing
# (`phyrexian_nothing`); a hidden card read as the last known one (`hidden_counted`); every
# Pendant milling the first known card (`mill_same_card`); the spell's own mill before the
# mana abilities' (`spell_mill_first`).
G2_MUTANTS = ("untap_untapped", "untap_twice", "untap_no_colorless", "untap_free", "hybrid_both",
              "phyrexian_nothing", "hidden_counted", "mill_same_card", "spell_mill_first")
