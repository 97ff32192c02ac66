"""``comprehensive_evaluation``: is the investigation complete, and what is the verdict?

It is the only node that sets ``is_final`` (and writes ``verdict``): from a valid evaluation,
or, when a breaker stopped the run, as NEEDS_REVIEW with the ``stop_reason``. Recall guard:
a FALSE_POSITIVE stands only on evidence the analysis cited in code the investigation read (the
file and at least one of the cited lines: a place nobody fetched is a claim, not evidence);
otherwise it becomes NEEDS_REVIEW (or, with no analysis yet, the agent is sent to analyze).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import prompts
from ..state import JSON, InvestigationState, RunContext, usage_update
from .reask import ask_validated

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph


Spans = dict[str, list[tuple[int, int]]]


def read_spans(state: InvestigationState) -> Spans:
    """The lines of each file the investigation has read: the code fetched (pre-fetch included), the
    places the offline analyzer's facts cite, and the finding's own lines and trace steps."""
    finding = state.get("finding", {})
    out: Spans = {}

    def add(path: object, start: object, end: object) -> None:
        if isinstance(path, str) and path and isinstance(start, int) and isinstance(end, int):
            out.setdefault(path, []).append((start, max(start, end)))

    for e in state.get("context", {}).values():
        if e.get("origin") != "facts":
            add(e.get("path"), e.get("start_line"), e.get("end_line"))
        elif "cited_ranges" in e:  # read by the offline analyzer
            for path, start, end in e["cited_ranges"]:
                add(path, start, end)
        else:  # facts checkpointed before their ranges were kept: the files they cite
            for path in e.get("cites", ()):
                add(path, 1, 10**9)
    region = finding.get("location", {}).get("region", {})
    start = region.get("start_line")
    add(finding.get("location", {}).get("path"), start, region.get("end_line") or start)
    for step in finding.get("trace", ()):
        line = step.get("location", {}).get("region", {}).get("start_line")
        add(step.get("location", {}).get("path"), line, line)
    return out


def _is_read(spans: Spans, e: JSON) -> bool:
    """Evidence lies in code the investigation read: its file, and at least one of its lines."""
    start, end = e.get("start_line"), e.get("end_line")
    if not isinstance(start, int) or not isinstance(end, int):
        return False
    return any(lo <= end and start <= hi for lo, hi in spans.get(str(e.get("path")), ()))


def grounded_evidence(state: InvestigationState, analysis: JSON | None) -> list[JSON]:
    """The analysis' evidence that points into code the investigation actually read."""
    if not analysis:
        return []
    spans = read_spans(state)
    out = []
    for e in analysis.get("evidence", []):
        if _is_read(spans, e):
            out.append({k: e[k] for k in ("path", "start_line", "end_line", "why", "role") if k in e})
    return out


def stopped_verdict(state: InvestigationState) -> JSON:
    reason = state.get("stop_reason") or "stopped"
    analysis = state.get("analysis")
    errors = state.get("errors", [])
    text = f"The investigation stopped ({reason}) before a verdict could be trusted."
    if analysis:
        text += f" Last analysis: {analysis['investigation_result']}: {analysis['justification']}"
    if errors:
        text += f" Last error: {errors[-1]}"
    return {
        "verdict": "NEEDS_REVIEW",
        "confidence": 0.0,
        "justification": text,
        "reason": f"investigation stopped: {reason}",
        "evidence": grounded_evidence(state, analysis),
        "stop_reason": reason,
    }


UNREAD = "asked_to_read"  # marks an evaluation whose FALSE_POSITIVE was sent back to read its evidence


def unread_places(state: InvestigationState, analysis: JSON | None) -> list[str]:
    """``path:start-end`` of the analysis' evidence in code the investigation has not read."""
    spans = read_spans(state)
    return [
        f"{e.get('path')}:{e.get('start_line')}-{e.get('end_line')}"
        for e in (analysis or {}).get("evidence", [])
        if not _is_read(spans, e)
    ]


def final_verdict(state: InvestigationState, evaluation: JSON) -> tuple[JSON | None, str | None]:
    """The verdict for a final evaluation, after the recall guard; ``(None, why)`` when the agent
    must first analyze, or first read the code its FALSE_POSITIVE cites (once per investigation)."""
    analysis = state.get("analysis")
    label = evaluation["verdict"]
    evidence = grounded_evidence(state, analysis)
    justification = str(evaluation["justification"])
    confidence = float(evaluation["confidence"])
    reason = evaluation.get("reason") or (analysis or {}).get("reason")
    if label == "FALSE_POSITIVE":
        if analysis is None:
            return None, "a FALSE_POSITIVE needs an analysis citing evidence: call analyze_issue first"
        unread = unread_places(state, analysis)
        asked = bool((state.get("evaluation") or {}).get(UNREAD))
        if analysis["investigation_result"] == "FALSE_POSITIVE" and not evidence and unread and not asked:
            places = ", ".join(unread[:4])
            return None, (
                f"the FALSE_POSITIVE cites code the investigation has not read ({places}): "
                "fetch it (kind ranges), then conclude again"
            )
        if analysis["investigation_result"] != "FALSE_POSITIVE" or not evidence:
            why = (
                "the analysis found it a TRUE_POSITIVE"
                if analysis["investigation_result"] != "FALSE_POSITIVE"
                else "no cited evidence lies in the code read"
            )
            label = "NEEDS_REVIEW"
            justification = f"False positive claimed but not supported ({why}). {justification}"
            reason = "unsupported false positive"
            confidence = min(confidence, 0.5)
    return {
        "verdict": label,
        "confidence": confidence,
        "justification": justification,
        "reason": reason,
        "evidence": evidence,
        "stop_reason": None,
    }, None


def evaluation_of(conclusion: JSON) -> JSON:
    """The (final) evaluation a ``conclude`` call carries."""
    out: JSON = {
        "is_final": True,
        "verdict": conclusion["verdict"],
        "confidence": conclusion["confidence"],
        "exploration_gaps": [],
        "required_code": [],
        "justification": conclusion["justification"],
    }
    if conclusion.get("reason"):
        out["reason"] = conclusion["reason"]
    return out


def _feedback(evaluation: JSON | None, problem: str | None, invalid: bool) -> str:
    if invalid:
        return prompts.load("agent").render("evaluation_invalid", problem=problem or "invalid")
    if problem is not None:
        gaps, required = problem, "-"
    else:
        assert evaluation is not None
        gaps = "; ".join(f"{g['area']}: {g['reason']}" for g in evaluation.get("exploration_gaps", [])) or "-"
        required = (
            ", ".join(
                f"{r['symbol']}" + (f" ({r['path']})" if r.get("path") else "") + f": {r['reason']}"
                for r in evaluation.get("required_code", [])
            )
            or "-"
        )
    return prompts.load("agent").render("evaluation_feedback", gaps=gaps, required=required)


async def comprehensive_evaluation(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    update: dict[str, Any] = {"path_taken": ["comprehensive_evaluation"], "pending_tool": None}
    if state.get("stop_reason"):
        stopped = stopped_verdict(state)
        return {**update, "is_final": True, "verdict": stopped, "note": f"stopped: {stopped['stop_reason']}"}
    pending = state.get("pending_tool") or {}
    if pending.get("name") == "conclude":
        evaluation: JSON | None = evaluation_of(pending["args"])
        problem: str | None = None
    else:
        result = await ask_validated(
            "evaluation", lambda reasks: ctx.analyst.evaluate(state, ctx, reasks), ctx.limits.max_reasks
        )
        update.update(usage_update("comprehensive_evaluation", result.usage))
        if result.fatal is not None:
            stopped = stopped_verdict({**state, "stop_reason": result.fatal})
            return {
                **update,
                "stop_reason": result.fatal,
                "errors": [f"comprehensive_evaluation: {result.problem}"],
                "is_final": True,
                "verdict": stopped,
                "note": f"stopped: {result.fatal}",
            }
        evaluation, problem = result.value, result.problem
    messages: list[JSON] = []
    invalid = evaluation is None
    if evaluation is None:
        update["error_recovery_attempts"] = state.get("error_recovery_attempts", 0) + 1
        update["errors"] = [f"comprehensive_evaluation: {problem}"]
        update["is_final"] = False
        update["note"] = f"evaluation failed: {problem}"
    else:
        update["evaluation"] = evaluation
        verdict: JSON | None = None
        not_yet: str | None = None
        if evaluation["is_final"]:
            verdict, not_yet = final_verdict(state, evaluation)
        if verdict is not None:
            update["is_final"] = True
            update["verdict"] = verdict
            update["note"] = f"verdict: {verdict['verdict']} ({verdict['confidence']:.2f})"
        else:
            problem = not_yet
            update["is_final"] = False
            if evaluation["is_final"]:  # sent back to read the code its FALSE_POSITIVE cites
                update["evaluation"] = {**evaluation, UNREAD: True}
            gaps = [g["area"] for g in evaluation.get("exploration_gaps", [])]
            update["note"] = "evaluating: gap — " + (
                "; ".join(gaps) if gaps else (not_yet or "more code needed")
            )
    if ctx.analyst.wants_transcript and not update.get("is_final"):
        if pending.get("name") == "comprehensive_evaluation":
            content = json.dumps(evaluation) if evaluation is not None else json.dumps({"error": problem})
            messages.append({"role": "tool", "tool_call_id": str(pending.get("id", "")), "content": content})
        elif pending.get("name") == "conclude":  # every call of the transcript has its answer
            content = json.dumps({"error": "not_final", "message": problem})
            messages.append({"role": "tool", "tool_call_id": str(pending.get("id", "")), "content": content})
        messages.append(
            {"role": "user", "content": _feedback(evaluation if problem is None else None, problem, invalid)}
        )
        update["messages"] = messages
    return update
