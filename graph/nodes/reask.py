"""Ask an analyst for a step output until it validates, a bounded number of times."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import schemas
from ..analysts.base import Reask, StepOutput
from ..verdict import Usage


@dataclass(frozen=True)
class Validated:
    value: dict[str, Any] | None  # None: failed (``problem`` says why)
    usage: Usage
    problem: str | None
    attempts: int
    fatal: str | None = None  # a stop reason (deadline, unresponsive model): not asked again


async def ask_validated(
    kind: schemas.StepKind,
    ask: Callable[[Sequence[Reask]], Awaitable[StepOutput]],
    max_reasks: int,
) -> Validated:
    reasks: list[Reask] = []
    usage = Usage()
    problem: str | None = None
    for attempt in range(1, max_reasks + 2):
        out = await ask(tuple(reasks))
        usage = usage + out.usage
        if out.error is not None:
            return Validated(None, usage, f"model failure: {out.error}", attempt, out.fatal)
        value, problems = schemas.check(kind, out.raw)
        if value is not None:
            return Validated(value, usage, None, attempt)
        problem = "; ".join(problems)
        answer = out.raw if isinstance(out.raw, str) else json.dumps(out.raw)
        reasks.append(Reask(answer or "", tuple(problems)))
    return Validated(
        None, usage, f"invalid {kind} after {max_reasks + 1} attempts: {problem}", max_reasks + 1
    )
