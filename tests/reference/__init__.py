"""The independent reference's generators and campaign (the reference itself ships as
`payplan.benchmarks.riftbound.reference`, so that `payplan bench` can use it).

- `strategies.scenario_data()`: the Hypothesis generator; `strategies.real_scenario_data()`
  the real-card additions (`shared/spec/real-cards.md`).
- `campaign`: `python -m tests.reference.campaign --plays 20000`.
"""
