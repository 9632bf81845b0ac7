"""The optimiser and the commands of the second ruleset, `mtg/1` (Magic-style casting,
rule 601.2).

The same module names as `planner/riftbound/` holds for `payplan/1`: `model` (CP-SAT),
`fastpath` (with its search, `fastsearch`), `plan`, `hand`, `orders`, `play`, `explain`, `moves`
(the turn planner's, with `payments`, `ledger` and `flow`); `ruleset` registers it.
"""
