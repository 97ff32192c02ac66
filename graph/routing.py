"""Pure routing: which node runs next, and which breaker (if any) ends the run.

No I/O, no langgraph import; every branch is unit-tested (tests/unit/test_routing.py).
Breakers, in order: tool calls >= max_iterations; the last two tool calls identical
(tool + normalized arguments); error recovery attempts >= max_error_recovery; the
per-finding budget spent. A breaker ends the run as NEEDS_REVIEW, never FALSE_POSITIVE.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from .state import InvestigationState, Limits

AgentRoute = Literal["fetch_code", "analyze_issue", "comprehensive_evaluation", "agent"]
EvaluationRoute = Literal["agent", "__end__"]
StopReason = Literal["max_iterations", "duplicate_tool_call", "max_error_recovery", "budget_exceeded"]

TOOL_ROUTES: tuple[AgentRoute, ...] = ("fetch_code", "analyze_issue", "comprehensive_evaluation")
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


def breaker(state: InvestigationState, limits: Limits) -> StopReason | None:
    """The breaker that ends the run now, checked in order, or None."""
    if state.get("iteration_count", 0) >= limits.max_iterations:
        return "max_iterations"
    if is_duplicate(state.get("tool_call_history", [])):
        return "duplicate_tool_call"
    if state.get("error_recovery_attempts", 0) >= limits.max_error_recovery:
        return "max_error_recovery"
    if limits.budget_usd is not None and state.get("usage", {}).get("cost_usd", 0.0) >= limits.budget_usd:
        return "budget_exceeded"
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
