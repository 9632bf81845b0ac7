"""The text form of a cost round-trips: `Cost.parse(str(cost)) == cost`, and `repr` reads as
the call that builds it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from payplan.engine.riftbound.cost import OTHER_KINDS, POWER_KEYS, Cost, Filter, OtherCost

filters = st.builds(
    Filter,
    type=st.lists(st.sampled_from(["unit", "spell", "gear", "token"]), max_size=2, unique=True).map(tuple),
    tags=st.lists(st.sampled_from(["poro", "mech"]), max_size=2, unique=True).map(tuple),
    max_might=st.none() | st.integers(0, 9),
    location=st.none() | st.sampled_from(["base", "battlefield"]),
)
costs = st.builds(
    Cost,
    energy=st.integers(0, 12),
    power=st.tuples(*[st.integers(0, 3)] * len(POWER_KEYS)),
    other=st.lists(st.builds(OtherCost, st.sampled_from(OTHER_KINDS), st.integers(1, 3), filters),
                   max_size=2).map(tuple),
)


@given(costs)
def test_text_form_round_trips(cost: Cost) -> None:
    assert Cost.parse(str(cost)) == cost
    assert eval(repr(cost), {"Cost": Cost}) == cost  # noqa: S307 - our own repr


def test_text_form_reads_as_the_rules_write_it() -> None:
    cost = Cost.of(2, {"fury": 2, "any": 1}, [OtherCost("discard", 1)])
    assert str(cost) == "[2][fury][fury][A]{discard 1}"
    assert str(Cost()) == "[0]"
    assert Cost.parse("[A][1][1]") == Cost.of(2, {"any": 1})


@pytest.mark.parametrize("text", ["", "[firey]", "[2]x", "{discard}", "{burn 1}", "[2]{kill 1 colour=red}"])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Cost.parse(text)
