"""The optimiser and the commands of the second ruleset, `mtg/1` (seed 003's game).

The same module names as `planner/` holds for `payplan/1`: `model` (CP-SAT), `fastpath`, `plan`,
`hand`, `orders`, `play`, `explain`; `ruleset` registers it.
"""
