"""``analyze_issue``: the analyst's reading of the code gathered so far, validated against the schema.

An invalid answer is re-asked (``limits.max_reasks``, once by default, with the exact problems);
still invalid, it counts as an error and the previous analysis (if any) stays. After ``conclude``
the analysis is the conclusion's (already validated by the agent node): no model call. Always
followed by ``comprehensive_evaluation``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state import JSON, InvestigationState, RunContext, usage_update
from .reask import ask_validated

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph


def analysis_of(conclusion: JSON) -> JSON:
    """The analysis a conclusion carries. Its two labels are the analysis' own; a NEEDS_REVIEW
    conclusion is kept as TRUE_POSITIVE here (recall first) and stays NEEDS_REVIEW in the evaluation."""
    label = conclusion["verdict"]
    out: JSON = {
        "investigation_result": label if label in ("TRUE_POSITIVE", "FALSE_POSITIVE") else "TRUE_POSITIVE",
        "justification": conclusion["justification"],
        "evidence": list(conclusion.get("evidence", [])),
        "confidence": conclusion["confidence"],
    }
    if conclusion.get("reason"):
        out["reason"] = conclusion["reason"]
    return out


def _changed(before: JSON | None, after: JSON) -> bool:
    """New evidence: a first analysis, another label, or evidence not cited before."""
    if before is None or before.get("investigation_result") != after.get("investigation_result"):
        return True
    cited = {(e.get("path"), e.get("start_line"), e.get("end_line")) for e in before.get("evidence", [])}
    return any(
        (e.get("path"), e.get("start_line"), e.get("end_line")) not in cited for e in after["evidence"]
    )


async def analyze_issue(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    pending = state.get("pending_tool") or {}
    update: dict[str, Any] = {"path_taken": ["analyze_issue"]}
    if pending.get("name") == "conclude":
        analysis = analysis_of(pending["args"])
        update["analysis"] = analysis
        update["note"] = f"analyzed: {analysis['investigation_result']} (concluded)"
        if _changed(state.get("analysis"), analysis):
            update["progress_at"] = state.get("iteration_count", 0)
        return update  # the evaluation reads the same conclusion
    result = await ask_validated(
        "analysis", lambda reasks: ctx.analyst.analyze(state, ctx, reasks), ctx.limits.max_reasks
    )
    update.update(usage_update("analyze_issue", result.usage))
    if result.fatal is not None:
        update.update(
            stop_reason=result.fatal, errors=[f"analyze_issue: {result.problem}"], pending_tool=None
        )
        update["note"] = f"stopping: {result.fatal}"
        return update
    if result.value is None:
        update["error_recovery_attempts"] = state.get("error_recovery_attempts", 0) + 1
        update["errors"] = [f"analyze_issue: {result.problem}"]
        update["note"] = f"analysis failed: {result.problem}"
        content = json.dumps({"error": "analysis_failed", "message": result.problem})
    else:
        update["analysis"] = result.value
        if _changed(state.get("analysis"), result.value):
            update["progress_at"] = state.get("iteration_count", 0)
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
