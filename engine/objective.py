"""The objective every ruleset minimises: a weight for each kind of thing a payment uses, and a
benefit for each optional cost paid.

A payment's score is the sum of the weights of what it uses, less the benefits of the optional
costs it pays. A ruleset gives its own default weights (`defaults`, what a file leaves out); a
key no one names weighs 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

NOTHING: Mapping[str, int] = MappingProxyType({})


def cost_family(name: str) -> str:
    """The family of an optional cost's name, its part before the first dot: `repeat` for every
    Repeat instance (`repeat`, `repeat.1`, ...), `accelerate`, or an additional cost's id."""
    return name.split(".")[0]


@dataclass(frozen=True, slots=True)
class Objective:
    """The weights and benefits of a ruleset's objective."""

    weights: Mapping[str, int] = field(default_factory=lambda: NOTHING)
    benefits: Mapping[str, int] = field(default_factory=lambda: NOTHING)
    defaults: Mapping[str, int] = field(default_factory=lambda: NOTHING)

    def weight(self, key: str) -> int:
        return self.weights.get(key, self.defaults.get(key, 0))

    def benefit(self, name: str) -> int:
        """The benefit of paying an optional cost: by its full name, else its family (`repeat`)."""
        if name in self.benefits:
            return self.benefits[name]
        return self.benefits.get(cost_family(name), 0)


__all__ = ["Objective", "cost_family"]
