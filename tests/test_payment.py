"""The one rule of which Power pays which pip (`engine.payment.pay_power`), checked against the
brute force's max flow (`benchmarks.brute_force.power_feasible`, written apart from it).

`pay_power` is a greedy: a domain pip takes its own domain, then flexible Power; `[A]` pips take
what is left, domain Power first. Its docstring argues it is exact (a domain pip has no other
choice; what remains for `[A]` pips is interchangeable); this test could refute that argument.
`unpaid_power` (what explanations report short) carries the same greedy on past a pip it can't
pay; it must leave unpaid exactly the pips no matching can pay, checked against a max flow here.
"""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped,unused-ignore]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payplan.benchmarks.riftbound.brute_force import power_feasible
from payplan.engine.riftbound.cost import ANY_INDEX, POWER_KEYS, Power
from payplan.engine.riftbound.payment import pay_power, unpaid_power

POWERS = st.tuples(*[st.integers(0, 3) for _ in POWER_KEYS])


def units(supply: Power) -> list[tuple[int, str, int]]:
    """The supply as holders, two per slot, so the order within a slot is exercised."""
    out = []
    for slot, n in enumerate(supply):
        out += [(slot, f"{POWER_KEYS[slot]}-a", n // 2), (slot, f"{POWER_KEYS[slot]}-b", n - n // 2)]
    return out


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(POWERS, POWERS)
def test_pay_power_pays_exactly_when_a_matching_exists(need: Power, supply: Power) -> None:
    paid = pay_power(need, units(supply))
    assert (paid is not None) == power_feasible(need, supply)
    if paid is None:
        return
    takes, left = paid
    # Every pip is paid once, by Power it may take, and what is left is what was not taken.
    assert sum(left) == sum(supply) - sum(need)
    for slot in range(len(POWER_KEYS)):
        assert sum(t.count for t in takes if t.pays == slot) == need[slot]
        assert sum(t.count for t in takes if t.slot == slot) == supply[slot] - left[slot]
    for t in takes:
        assert t.slot == t.pays or ANY_INDEX in (t.slot, t.pays)


def most_pips_paid(need: Power, supply: Power) -> int:
    """The most pips of `need` any matching pays from `supply` (a max flow, written here)."""
    graph = nx.DiGraph()
    graph.add_node("need")
    graph.add_node("have")
    for i, n in enumerate(need):
        graph.add_edge("need", ("pip", i), capacity=n)
        for j in range(len(supply)):
            if i == j or ANY_INDEX in (i, j):
                graph.add_edge(("pip", i), ("unit", j), capacity=n)
    for j, s in enumerate(supply):
        graph.add_edge(("unit", j), "have", capacity=s)
    return int(nx.maximum_flow_value(graph, "need", "have"))


@settings(max_examples=300, deadline=None)
@given(POWERS, POWERS)
def test_unpaid_power_is_what_no_matching_pays(need: Power, supply: Power) -> None:
    unpaid = unpaid_power(need, units(supply))
    assert unpaid == sum(need) - most_pips_paid(need, supply)
    assert (unpaid == 0) == (pay_power(need, units(supply)) is not None)
