"""The card after it is paid: executions and leaving the Chain (seed 000: Flow; Repeat).

- Repeat paid adds an execution per instance; it is not another play, and the total is paid once.
- A spell leaving the Chain goes to the trash; a unit or gear goes to the board.
- Flow: once a Flow play is finalized, the card is banished whenever it leaves the Chain (after
  resolving, when countered, when an outside effect tries to send it elsewhere), unless its own
  execution directs the move (it returns itself to hand): then that instruction is followed.
"""

from __future__ import annotations

from engine.cards import Card
from engine.scenario import LeavesChain


def executions(paid_optional: tuple[str, ...]) -> int:
    """1, plus one per Repeat instance paid."""
    return 1 + sum(1 for name in paid_optional if name.split(".")[0] == "repeat")


def destination(card: Card, base_kind: str, leaves: LeavesChain) -> str:
    """Where the card goes when it leaves the Chain: trash, hand, banishment or board."""
    if leaves.by == "effect" and leaves.to is not None:
        wanted = leaves.to
    elif leaves.by == "counter":
        wanted = leaves.to or "trash"
    else:
        wanted = "trash" if card.type == "spell" else "board"
    if base_kind == "flow":
        own_instruction = leaves.instructed_by == "self" and leaves.by != "counter"
        if not (own_instruction and leaves.to is not None):
            return "banishment"
    return wanted
