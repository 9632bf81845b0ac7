"""An independent reference pricing of rule 353 (`payplan/1`), shipped so that `payplan bench`
can check its answers with it.

Written from rule 353, the Flow keyword, the format's documentation (docs/payplan-format.md:
the scenario format, the real-card additions, the rules notes) and the interpretations the
docs/payplan-format.md settles. It reads the scenario's raw data (the dict a `payplan/1` file
holds), not the loader's values, and shares no code with `payplan.engine` or
`payplan.planner`: the engine is reached only through its public answers, in `compare`
(`payplan.plan(...).to_json()`, `payplan.orders(...).to_json()`).

- `pricing.reference_totals(data)`: legality and every reachable (base, paid optional set, total)
  by brute force over bases, optional sets, discount orders, pip and branch choices.
- `payer.best(...)`: the cheapest payment of one total on the small boards the generators
  make (runes, pool, non-standard costs, sources), by brute force over every rune use, object
  choice and source activation count.
- `compare.check(data)`: the engine's plan (and orders) against the reference.

The Hypothesis generators and the campaign are test code: `tests/reference/`.
"""
