"""The optimiser: a CP-SAT model over the engine's cost options and the player's resources."""

from payplan.planner.config import SolverConfig
from payplan.engine.payment import Payment
from payplan.planner.plan import Plan, plan

__all__ = ["Payment", "Plan", "SolverConfig", "plan"]
