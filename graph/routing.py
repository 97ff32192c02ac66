"""Pure routing: which node runs next, and which breaker (if any) ends the run.

No I/O, no langgraph import; every branch is unit-tested (tests/unit/test_routing.py).
Breakers, in order: tool calls >= max_iterations; the last two tool calls identical
(tool + normalized arguments); the last four calls an A/B/A/B cycle; fetches that brought no
new code ``max_stale_fetches`` times in a row; ``max_steps_without_evidence`` tool calls without
new code or a changed analysis; error recovery attempts >= max_error_recovery; the per-finding
budget spent; the investigation's deadline passed (the caller says so: time is not state).
A breaker ends the run as NEEDS_REVIEW with that ``stop_reason``, never FALSE_POSITIVE.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from .state import InvestigationState, Limits

AgentRoute = Literal["fetch_code", "analyze_issue", "comprehensive_evaluation", "agent"]
EvaluationRoute = Literal["agent", "__end__"]
StopReason = Literal[
    "max_iterations",
    "duplicate_tool_call",
    "fetch_cycle",
    "no_new_code",
    "no_new_evidence",
    "max_error_recovery",
    "budget_exceeded",
    "deadline",
    "model_unresponsive",
    "model_error",
]

TOOL_ROUTES: tuple[AgentRoute, ...] = ("fetch_code", "analyze_issue", "comprehensive_evaluation")
# Tools that run through another node: ``conclude`` is analyze_issue + comprehensive_evaluation in one
# answer, so it passes through both nodes (the graph and its state stay the same).
TOOL_ALIASES: dict[str, AgentRoute] = {"conclude": "analyze_issue"}
END: Literal["__end__"] = "__end__"

# Free-text fields that do not change what a call does.
_IGNORED_ARGS = frozenset({"reason", "focus"})


def normalize_args(args: Mapping[str, Any] | None) -> str:
    """Canonical text of tool arguments: sorted keys, trimmed strings, numeric strings as ints,
    empty values and free-text fields dropped."""
    out: dict[str, Any] = {}
    for key, raw in sorted((args or {}).items()):
        if key in _IGNORED_ARGS or raw is None or raw == "":
            continue
        value = raw
        if isinstance(raw, str):
            value = raw.strip()
            if value.isdigit():
                value = int(value)
        out[key] = value
    return json.dumps(out, sort_keys=True, separators=(",", ":"), default=str)


def is_duplicate(history: list[dict[str, Any]]) -> bool:
    return len(history) >= 2 and history[-1] == history[-2]


def is_cycle(history: list[dict[str, Any]]) -> bool:
    """The last four calls alternate between two different calls (A, B, A, B)."""
    if len(history) < 4:
        return False
    a, b, c, d = history[-4:]
    return a == c and b == d and a != b


def breaker(state: InvestigationState, limits: Limits, *, expired: bool = False) -> StopReason | None:
    """The breaker that ends the run now, checked in order, or None (``expired``: the deadline passed)."""
    history = state.get("tool_call_history", [])
    iterations = state.get("iteration_count", 0)
    if iterations >= limits.max_iterations:
        return "max_iterations"
    if is_duplicate(history):
        return "duplicate_tool_call"
    if is_cycle(history):
        return "fetch_cycle"
    if state.get("stale_fetches", 0) >= limits.max_stale_fetches:
        return "no_new_code"
    if iterations - state.get("progress_at", 0) >= limits.max_steps_without_evidence:
        return "no_new_evidence"
    if state.get("error_recovery_attempts", 0) >= limits.max_error_recovery:
        return "max_error_recovery"
    if limits.budget_usd is not None and state.get("usage", {}).get("cost_usd", 0.0) >= limits.budget_usd:
        return "budget_exceeded"
    if expired:
        return "deadline"
    return None


def route_agent_decision(state: InvestigationState) -> AgentRoute:
    """After ``agent``: run the chosen tool; a stopped run goes to the evaluation that ends it;
    no (valid) tool call goes back to ``agent`` (the agent node counted the error)."""
    if state.get("stop_reason"):
        return "comprehensive_evaluation"
    pending = state.get("pending_tool")
    if not pending:
        return "agent"
    name = pending.get("name")
    if name in TOOL_ALIASES:
        return TOOL_ALIASES[name]
    for route in TOOL_ROUTES:
        if name == route:
            return route
    return "agent"


def route_after_evaluation(state: InvestigationState) -> EvaluationRoute:
    """The only router that reads ``is_final``."""
    return END if state.get("is_final") else "agent"


def recursion_limit(limits: Limits) -> int:
    """A LangGraph recursion limit the breakers always reach first.

    Every agent step either makes a tool call (at most ``max_iterations``; each costs at most
    3 steps: agent, analyze_issue, comprehensive_evaluation), counts an error (at most
    ``max_error_recovery`` steps), or stops (agent + comprehensive_evaluation: 2 steps)."""
    return 3 * limits.max_iterations + limits.max_error_recovery + 2 + 10
