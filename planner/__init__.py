"""The optimiser: a CP-SAT model over the engine's cost options and the player's resources."""

from .config import SolverConfig
from ..engine.payment import Payment
from .plan import Plan, plan

__all__ = ["Payment", "Plan", "SolverConfig", "plan"]
