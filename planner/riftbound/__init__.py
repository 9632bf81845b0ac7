"""The optimiser and the commands of the first game, `payplan/1`.

The same module names as `planner.mtg` for the same roles: `model` (CP-SAT), `fastpath`, `plan`,
`hand`, `orders`, `play`, `check`, `explain`, `moves` (the turn's moves); `ruleset` registers it.
"""
