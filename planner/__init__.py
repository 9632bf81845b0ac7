"""The planner's spine: the ruleset registry, the commands, the turn search, the answers, serve
and batch. Each game's optimiser lives in a package of its own beside it (`planner.riftbound`,
`planner.mtg`); nothing here imports a game.

`plan`, `plan_hand`, `plan_turn`, `orders`, `check_payment` and `apply_play` take a scenario of
any registered ruleset (`payplan.planner.api`).
"""

from .answers import Plan
from .api import apply_play, check_payment, orders, plan, plan_hand, plan_turn
from .config import SolverConfig

__all__ = ["Plan", "SolverConfig", "apply_play", "check_payment", "orders", "plan", "plan_hand",
           "plan_turn"]
