"""The investigation state (plain JSON-able data, checkpointed) and the per-run dependencies.

State fields follow DESIGN.md ("The investigation graph"). Lists marked append-only use
``operator.add`` reducers; ``context`` merges fetched code keyed by ``path:start-end`` so
the same chunk is stored once; ``usage`` sums model calls, tokens, cost and wall time.
Nothing here imports langgraph: the reducers are plain functions.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, TypedDict

from .verdict import Usage

if TYPE_CHECKING:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.findings.model import Finding

    from .analysts.base import Analyst

JSON = dict[str, Any]

USAGE_KEYS: tuple[str, ...] = ("model_calls", "prompt_tokens", "completion_tokens", "cost_usd", "seconds")


def merge_context(left: Mapping[str, JSON] | None, right: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """Fetched code, keyed and deduplicated: a key already present keeps its first value."""
    out = dict(left or {})
    for key, value in (right or {}).items():
        out.setdefault(key, value)
    return out


def add_usage(left: Mapping[str, float] | None, right: Mapping[str, float] | None) -> dict[str, float]:
    out = {k: float((left or {}).get(k, 0)) for k in USAGE_KEYS}
    for k in USAGE_KEYS:
        out[k] += float((right or {}).get(k, 0))
    return out


def empty_usage() -> dict[str, float]:
    return dict.fromkeys(USAGE_KEYS, 0.0)


class InvestigationState(TypedDict, total=False):
    finding: JSON  # Finding.to_dict()
    analyst: str  # "heuristic" | "llm": a checkpoint is resumed only by the same analyst
    model: str | None
    messages: Annotated[list[JSON], operator.add]  # the agent's transcript (OpenAI chat format)
    context: Annotated[dict[str, JSON], merge_context]  # key -> {path, start_line, end_line, text, origin}
    analysis: JSON | None  # last valid analyze_issue output
    evaluation: JSON | None  # last valid comprehensive_evaluation output
    is_final: bool
    verdict: JSON | None  # {verdict, confidence, justification, reason, evidence, stop_reason}
    iteration_count: int  # tool calls made
    error_recovery_attempts: int
    tool_call_history: Annotated[list[JSON], operator.add]  # {tool, args} with normalized args
    stop_reason: str | None
    usage: Annotated[dict[str, float], add_usage]
    step_usage: Annotated[list[JSON], operator.add]  # {node, model_calls, tokens, cost_usd, seconds}
    pending_tool: JSON | None  # the agent's decided call: {id, name, args}
    path_taken: Annotated[list[str], operator.add]
    errors: Annotated[list[str], operator.add]  # what each counted error was
    note: str  # progress line of the last step ("fetching code: escape_for_html()")
    stale_fetches: int  # fetch steps in a row that brought no new code
    progress_at: int  # iteration_count when new evidence last arrived (new code, a changed analysis)


@dataclass(frozen=True)
class Limits:
    max_iterations: int = 15
    max_error_recovery: int = 3
    max_reasks: int = 1  # an invalid answer is re-asked once with the exact validation error
    budget_usd: float | None = None
    max_stale_fetches: int = 2  # fetches in a row that bring no new code
    max_steps_without_evidence: int = 4  # tool calls in a row without new code or a changed analysis
    history_messages: int = 10  # transcript messages sent to the model after the finding and the code


@dataclass(frozen=True)
class RunContext:
    """What the nodes need that is not state (never checkpointed): passed as LangGraph's runtime context."""

    analyst: Analyst
    index: WorkspaceIndex
    finding: Finding
    limits: Limits = Limits()
    max_lines: int = 200
    max_chars: int = 20_000
    privacy_globs: Sequence[str] = ()  # applied to everything that may reach a model
    model_paths: Sequence[str] = ()  # the configuration's model files for the offline analyst
    deadline: float | None = None  # time.monotonic() instant by which the investigation ends


def usage_update(node: str, usage: Usage) -> dict[str, Any]:
    """State update recording one step's usage (added to the total, and listed per step)."""
    data = {k: float(getattr(usage, k)) for k in USAGE_KEYS}
    if not usage.model_calls:
        return {}
    return {"usage": data, "step_usage": [{"node": node, **data}]}


def initial_state(
    finding: JSON, analyst: str, model: str | None, context: Mapping[str, JSON]
) -> InvestigationState:
    return InvestigationState(
        finding=finding,
        analyst=analyst,
        model=model,
        messages=[],
        context=dict(context),
        analysis=None,
        evaluation=None,
        is_final=False,
        verdict=None,
        iteration_count=0,
        error_recovery_attempts=0,
        tool_call_history=[],
        stop_reason=None,
        usage=empty_usage(),
        step_usage=[],
        pending_tool=None,
        path_taken=[],
        errors=[],
        note="",
        stale_fetches=0,
        progress_at=0,
    )
