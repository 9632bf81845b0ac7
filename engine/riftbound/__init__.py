"""The first game, `payplan/1`: a Riftbound-style game (rule 353's total cost, Flow, the real
card pool's cost mechanics).

Its modules: costs and pips (`cost`), cards, effects and grants (`cards`), the game state
(`state`), a scenario and its play (`scenario`), the reader of the format (`loader`, on
`engine.reading`'s reader, with its parts for the cards, the state and a payment to check:
`card_keys`, `state_keys`, `check_keys`) and its writer (`dump`), which objects a filter
matches (`filters`), who may play what and how (`legality`), rule 353's total cost (`total_cost`,
on the shared discount order search `engine.discounts`), every cost option of a play (`options`),
what can pay it and the payment named (`payment`), activated abilities (`abilities`), the Chain and
the state after a play (`chain`), and the benchmark scenarios (`generate`). Its optimiser is
`planner.riftbound`.
"""

FORMAT = "payplan/1"  # the `format:` of a file of this ruleset
