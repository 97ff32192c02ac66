"""The Analyst protocol: what drives the graph's decisions. Same graph, two implementations.

The nodes own the control flow (breakers, validation, re-asks, counting); an analyst only
answers: which tool next (``decide``), what does the code show (``analyze``), is the
investigation complete and what is the verdict (``evaluate``). Answers are raw (text or a
dict); the nodes validate them against ``graph.schemas``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..verdict import AnalystName, Usage

if TYPE_CHECKING:
    from ..state import InvestigationState, RunContext


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # JSON text as produced (models can produce invalid JSON)


@dataclass(frozen=True)
class Decision:
    """The agent's next move: a tool call (``more``: the other calls of the same message), or none
    (an error the node counts)."""

    call: ToolCall | None
    content: str | None = None  # text the model wrote alongside (or instead of) a call
    usage: Usage = field(default_factory=Usage)
    error: str | None = None  # the model could not be reached / failed after retries
    note: str | None = None  # progress line override ("fetching code: helper()")
    more: tuple[ToolCall, ...] = ()
    fatal: str | None = None  # a stop reason: asking again cannot help ("deadline", "model_unresponsive")


@dataclass(frozen=True)
class Reask:
    """A previous invalid answer and what was wrong with it."""

    answer: str
    problems: tuple[str, ...]


@dataclass(frozen=True)
class StepOutput:
    raw: str | dict[str, Any] | None
    usage: Usage = field(default_factory=Usage)
    error: str | None = None  # model failure (not a schema problem)
    fatal: str | None = None  # a stop reason: asking again cannot help ("deadline", "model_unresponsive")


class Analyst(Protocol):
    @property
    def name(self) -> AnalystName: ...

    @property
    def model(self) -> str | None: ...

    @property
    def wants_transcript(self) -> bool:
        """True when tool results must carry the code (a model reads them)."""
        ...

    @property
    def synchronous(self) -> bool:
        """True when no method ever suspends (pure computation): the graph may then run them
        on its synchronous compilation, without an event loop."""
        ...

    async def decide(self, state: InvestigationState, ctx: RunContext) -> Decision: ...

    async def analyze(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput: ...

    async def evaluate(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput: ...
