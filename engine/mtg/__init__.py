"""The second ruleset, `mtg/1`: seed 003's casting procedure (rules 601.2b-h, 118, 107.4, 702).

It lives beside `payplan/1`, not inside it: mana symbols (`mana`), cards, state and play
(`cards`), the reader of the format (`loader`, on top of `engine.loader`'s reader), the total cost
(`total_cost`, reusing `engine.discounts` for the order of reductions) and what can pay it
(`payment`). The optimiser is `planner.mtg_model` / `planner.mtg_plan`.
"""

FORMAT = "mtg/1"  # the `format:` of a file of this ruleset
