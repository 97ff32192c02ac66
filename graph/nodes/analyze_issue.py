"""``analyze_issue``: the analyst's reading of the code gathered so far, validated against the schema.

An invalid answer is re-asked (``limits.max_reasks``); still invalid, it counts as an error and the
previous analysis (if any) stays. Always followed by ``comprehensive_evaluation``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state import InvestigationState, RunContext, usage_update
from .reask import ask_validated

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph


async def analyze_issue(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    result = await ask_validated(
        "analysis", lambda reasks: ctx.analyst.analyze(state, ctx, reasks), ctx.limits.max_reasks
    )
    update: dict[str, Any] = {"path_taken": ["analyze_issue"], **usage_update("analyze_issue", result.usage)}
    pending = state.get("pending_tool") or {}
    if result.value is None:
        update["error_recovery_attempts"] = state.get("error_recovery_attempts", 0) + 1
        update["errors"] = [f"analyze_issue: {result.problem}"]
        update["note"] = f"analysis failed: {result.problem}"
        content = json.dumps({"error": "analysis_failed", "message": result.problem})
    else:
        update["analysis"] = result.value
        label = result.value["investigation_result"]
        confidence = float(str(result.value["confidence"]))
        update["note"] = f"analyzed: {label} (confidence {confidence:.2f})"
        content = json.dumps(result.value)
    if ctx.analyst.wants_transcript and pending.get("name") == "analyze_issue":
        update["messages"] = [
            {"role": "tool", "tool_call_id": str(pending.get("id", "")), "content": content}
        ]
    update["pending_tool"] = None
    return update
