"""The second ruleset, `mtg/1`: Magic's casting procedure (rules 601.2b-h, 118, 107.4, 702).

It lives beside `payplan/1`, not inside it, with the same module names where the idea is the
same: mana symbols (`mana`), cards, state and play (`cards`), the reader of the format (`loader`,
on `engine.reading`'s reader), the total cost (`total_cost`, reusing `engine.discounts` for the
order of reductions), every cost option (`options`), what can pay it (`resources`, with the mana
effects of `effects`), the payment named and scored (`payment`, the pool left by `leftover`), a
payment the player chose checked (`checker`, `check_sources`, `check_mana`), what the state lacks
(`shortfall`), the state after a cast resolves (`stack`), writing a scenario back (`dump`), and
the benchmark scenarios (`generate`). The optimiser is `planner.mtg` (`model`, `fastpath`, `plan`).
"""

FORMAT = "mtg/1"  # the `format:` of a file of this ruleset
