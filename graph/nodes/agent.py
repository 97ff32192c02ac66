"""``agent``: checks the breakers, asks the analyst for the next tool call and vets it.

Every agent step ends in exactly one of: a valid tool call (counted in ``iteration_count``),
a counted error (no tool call, unknown tool, bad arguments, model failure: the model is told
what went wrong through a structured tool message), or a stop (a breaker fired). That is what
lets ``routing.recursion_limit`` guarantee breakers, not LangGraph, end runs.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import prompts, schemas
from ..analysts.base import Decision, ToolCall
from ..routing import breaker, is_duplicate, normalize_args
from ..state import InvestigationState, RunContext, usage_update

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph


async def agent(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    stop = breaker(state, ctx.limits)
    if stop is not None:
        return {
            "path_taken": ["agent"],
            "pending_tool": None,
            "stop_reason": stop,
            "note": f"stopping: {stop}",
        }
    decision = await ctx.analyst.decide(state, ctx)
    update = apply_decision(state, decision, transcript=ctx.analyst.wants_transcript)
    update["path_taken"] = ["agent"]
    update.update(usage_update("agent", decision.usage))
    return update


def _tool_error(call: ToolCall, code: str, message: str) -> dict[str, Any]:
    content = json.dumps({"error": code, "message": message, "tools": list(schemas.TOOL_NAMES)})
    return {"role": "tool", "tool_call_id": call.id, "content": content}


def _assistant(decision: Decision, call: ToolCall | None) -> dict[str, Any]:
    msg: dict[str, Any] = {"role": "assistant", "content": decision.content or ""}
    if call is not None:
        msg["tool_calls"] = [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
        ]
    return msg


def _error(
    state: InvestigationState, what: str, messages: list[dict[str, Any]], transcript: bool
) -> dict[str, Any]:
    return {
        "pending_tool": None,
        "error_recovery_attempts": state.get("error_recovery_attempts", 0) + 1,
        "errors": [what],
        "messages": messages if transcript else [],
        "note": f"agent error: {what}",
    }


def _span(path: object, start: object, end: object) -> str:
    return f"{path}:{start}" + (f"-{end}" if end and end != start else "")


def describe(name: str, args: dict[str, Any]) -> str:
    """The progress line of a tool call."""
    if name == "fetch_code":
        kind = args.get("kind")
        if kind in ("symbol", "callers") and args.get("symbol"):
            what = f"{args['symbol']}()" if kind == "symbol" else f"callers of {args['symbol']}()"
        elif kind == "facts":
            what = "dataflow facts"
        elif kind == "ranges":
            what = ", ".join(
                _span(r.get("path"), r.get("start_line"), r.get("end_line")) for r in args.get("ranges", [])
            )
        else:
            what = _span(args.get("path"), args.get("start_line"), args.get("end_line"))
        return f"fetching code: {what}"
    if name == "analyze_issue":
        return "analyzing"
    return "evaluating"


def _coerce_lines(args: dict[str, Any]) -> dict[str, Any]:
    """Line numbers written as strings ("12") become integers, and a missing ``kind`` is filled in when
    the other arguments name exactly one (a symbol alone, or a path with a line); anything else is left
    to the schema."""

    def fix(d: dict[str, Any]) -> dict[str, Any]:
        return {
            k: int(v) if k in ("start_line", "end_line") and isinstance(v, str) and v.strip().isdigit() else v
            for k, v in d.items()
        }

    out = fix(args)
    if isinstance(out.get("ranges"), list):
        out["ranges"] = [fix(r) if isinstance(r, dict) else r for r in out["ranges"]]
    if "kind" not in out:  # the kind left out where the other arguments leave no doubt
        if out.get("symbol") and not out.get("start_line"):
            out["kind"] = "symbol"
        elif out.get("path") and out.get("start_line") and not out.get("symbol"):
            out["kind"] = "range"
        elif out.get("ranges") and not out.get("symbol") and not out.get("path"):
            out["kind"] = "ranges"
    return out


def apply_decision(state: InvestigationState, decision: Decision, *, transcript: bool) -> dict[str, Any]:
    """The state update for the analyst's decision (pure)."""
    if decision.error is not None:
        return _error(state, f"model failure: {decision.error}", [], transcript)
    call = decision.call
    if call is None:
        nudge = {"role": "user", "content": prompts.load("agent").render("no_tool_call")}
        said = [_assistant(decision, None)] if (decision.content or "").strip() else []  # no empty turns
        return _error(state, "no tool call", [*said, nudge], transcript)
    if call.name not in schemas.TOOL_NAMES:
        msg = f"unknown tool {call.name!r}; use one of {', '.join(schemas.TOOL_NAMES)}"
        return _error(
            state,
            f"unknown tool {call.name!r}",
            [_assistant(decision, call), _tool_error(call, "unknown_tool", msg)],
            transcript,
        )
    problem: str | None
    try:
        args = json.loads(call.arguments) if call.arguments.strip() else {}
    except json.JSONDecodeError as exc:
        args, problem = None, f"arguments are not valid JSON ({exc.msg} at column {exc.colno})"
    else:
        problem = None if isinstance(args, dict) else "arguments must be a JSON object"
    if problem is None and isinstance(args, dict) and call.name == "fetch_code":
        args = _coerce_lines(args)
        problems = schemas.validate("fetch_args", args)
        problem = "; ".join(problems) if problems else None
    if problem is not None or not isinstance(args, dict):
        problem = problem or "arguments must be a JSON object"
        return _error(
            state,
            f"bad arguments for {call.name}: {problem}",
            [_assistant(decision, call), _tool_error(call, "bad_arguments", problem)],
            transcript,
        )
    entry = {"tool": call.name, "args": normalize_args(args)}
    history = [*state.get("tool_call_history", []), entry]
    update: dict[str, Any] = {
        "iteration_count": state.get("iteration_count", 0) + 1,
        "tool_call_history": [entry],
        "messages": [_assistant(decision, call)] if transcript else [],
        "pending_tool": {"id": call.id, "name": call.name, "args": args},
        "note": decision.note or describe(call.name, args),
    }
    if is_duplicate(history):
        update["pending_tool"] = None
        update["stop_reason"] = "duplicate_tool_call"
        update["note"] = "stopping: duplicate_tool_call"
    return update
