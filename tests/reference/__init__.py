"""An independent reference pricing of rule 353 (issue 10), for tests only.

Written from the seeds (004 is rule 353, 000 is Flow), `shared/spec/scenario-format.md`,
`shared/spec/rules-notes.md` and the interpretations the README and issue 10 settle. It reads the
scenario's raw data (the dict a `payplan/1` file holds), not the loader's values, and shares no
code with `payplan.engine`: the engine is reached only through its public answers
(`payplan.plan(...).to_json()`, `payplan.orders(...).to_json()`).

- `pricing.reference_totals(data)`: legality and every reachable (base, paid optional set, total)
  by brute force over bases, optional sets, discount orders, pip and branch choices.
- `payer.cheapest(...)`: the cheapest payment of one total on the small boards the generators
  make (runes, pool, non-standard costs, sources), by brute force over every rune use, object
  choice and source activation count.
- `compare.check(data)`: the engine's plan (and orders) against the reference.
- `strategies.scenario_data()`: the Hypothesis generator; `strategies.real_scenario_data()`
  the real-card additions of issue 13 (`shared/spec/real-cards.md`).
- `campaign`: `python -m tests.reference.campaign --plays 20000`.
"""
