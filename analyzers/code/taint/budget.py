"""The work one judgement may do: a deterministic count of steps, so that a runaway rule ends the
finding as NEEDS_REVIEW instead of holding a batch or an editor's auto-triage.

The C analyst spends steps where its work grows (each tree walk and every 1,024 nodes it visits,
each statement the memory-state interpreter runs); the Python engine counts its own statements.
Counting steps rather than seconds keeps verdicts the same on a slow or busy machine."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

MAX_C_STEPS = 20_000_000


class AnalysisBudgetExceeded(Exception):
    """The interpretation of one finding took more steps than allowed."""


_state = threading.local()


@contextmanager
def steps_budget(limit: int | None) -> Iterator[None]:
    """Within the block, this thread may spend ``limit`` steps (None: no limit); nests by keeping
    the tighter of the two."""
    before = getattr(_state, "left", None)
    left = limit if before is None else (before if limit is None else min(before, limit))
    _state.left = left
    try:
        yield
    finally:
        _state.left = before


def spend(n: int = 1) -> None:
    left = getattr(_state, "left", None)
    if left is None:
        return
    left -= n
    _state.left = left
    if left < 0:
        raise AnalysisBudgetExceeded("the analysis step budget ran out")


def spent_left() -> int | None:
    """Steps left in this thread's budget (None outside one)."""
    left = getattr(_state, "left", None)
    return left if isinstance(left, int) else None
