"""``agent``: checks the breakers, asks the analyst for the next tool call and vets it.

Every agent step ends in exactly one of: valid tool calls (counted in ``iteration_count``),
a counted error (no tool call, unknown tool, bad arguments, model failure: the model is told
what went wrong through a structured tool message), or a stop (a breaker fired, the deadline
passed, the model stopped answering). That is what lets ``routing.recursion_limit`` guarantee
breakers, not LangGraph, end runs.

Several calls in one message (a model that ignores ``parallel_tool_calls=false``, or cannot be
told): every ``fetch_code`` of it runs; the other calls are answered "not run" so the model asks
again after reading the code. ``conclude`` arguments are validated here (the exact problems go
back to the model) and carried to analyze_issue and comprehensive_evaluation, which accept them
without another model call.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import TYPE_CHECKING, Any

from .. import prompts, schemas
from ..analysts.base import Decision, ToolCall
from ..routing import breaker, is_cycle, is_duplicate, normalize_args
from ..state import InvestigationState, RunContext, usage_update

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph


def expired(ctx: RunContext) -> bool:
    return ctx.deadline is not None and time.monotonic() >= ctx.deadline


def _stop(reason: str) -> dict[str, Any]:
    return {"pending_tool": None, "stop_reason": reason, "note": f"stopping: {reason}"}


async def agent(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    stop = breaker(state, ctx.limits, expired=expired(ctx))
    if stop is not None:
        return {"path_taken": ["agent"], **_stop(stop)}
    decision = await ctx.analyst.decide(state, ctx)
    update = apply_decision(state, decision, transcript=ctx.analyst.wants_transcript)
    update["path_taken"] = ["agent"]
    update.update(usage_update("agent", decision.usage))
    return update


def _tool_error(call: ToolCall, code: str, message: str) -> dict[str, Any]:
    content = json.dumps({"error": code, "message": message, "tools": list(schemas.TOOL_NAMES)})
    return {"role": "tool", "tool_call_id": call.id, "content": content}


def _not_run(call: ToolCall, text: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call.id, "content": text}


def _assistant(decision: Decision, calls: list[ToolCall]) -> dict[str, Any]:
    """The model's turn as the transcript keeps it: ``content`` is null beside tool calls (an empty
    string makes litellm insert a placeholder sentence into Anthropic requests)."""
    from ..answers import clean

    text = clean(decision.content) or None
    msg: dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        msg["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in calls
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
    if name == "conclude":
        return f"concluding: {args.get('verdict')}"
    if name == "analyze_issue":
        return "analyzing"
    return "evaluating"


def _coerce_lines(args: dict[str, Any]) -> dict[str, Any]:
    """Spelling normalised (``"12"`` -> 12, ``"Symbol"`` -> ``"symbol"``), and a missing ``kind`` filled
    in when the other arguments name exactly one (a symbol alone, or a path with a line); anything else
    is left to the schema."""
    out = schemas.normalise_args("fetch_code", args)
    if "kind" not in out:  # the kind left out where the other arguments leave no doubt
        if out.get("symbol") and not out.get("start_line"):
            out["kind"] = "symbol"
        elif out.get("path") and out.get("start_line") and not out.get("symbol"):
            out["kind"] = "range"
        elif out.get("ranges") and not out.get("symbol") and not out.get("path"):
            out["kind"] = "ranges"
    return out


def _arguments(call: ToolCall) -> tuple[dict[str, Any] | None, str | None]:
    """The call's arguments, normalised and validated: (args, None) or (None, problem)."""
    from ..answers import json_objects

    text = call.arguments.strip()
    try:
        args = json.loads(text) if text else {}
    except json.JSONDecodeError as exc:
        found = json_objects(text)  # arguments wrapped in prose or a fence
        if len(found) != 1:
            return None, f"arguments are not valid JSON ({exc.msg} at column {exc.colno})"
        args = found[0]
    if isinstance(args, str):  # JSON text encoded twice
        with contextlib.suppress(json.JSONDecodeError):
            args = json.loads(args)
    if not isinstance(args, dict):
        return None, "arguments must be a JSON object"
    if call.name == "fetch_code":
        args = _coerce_lines(args)
        problems = schemas.validate("fetch_args", args)
        return (None, "; ".join(problems)) if problems else (args, None)
    if call.name == "conclude":
        value, problems = schemas.check("conclusion", args)
        return (None, "; ".join(problems)) if value is None else (value, None)
    return args, None


def _conflicting(calls: list[ToolCall]) -> bool:
    """Several ``conclude`` calls in one reply that disagree on the verdict: none of them is the answer."""
    verdicts = set()
    for c in calls:
        if c.name != "conclude":
            continue
        args, _problem = _arguments(c)
        verdicts.add(str((args or {}).get("verdict", "?")))
    return len(verdicts) > 1


def _is_json(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (json.JSONDecodeError, TypeError):
        return False


def apply_decision(state: InvestigationState, decision: Decision, *, transcript: bool) -> dict[str, Any]:
    """The state update for the analyst's decision (pure)."""
    if decision.fatal is not None:
        return {**_stop(decision.fatal), "errors": [f"model failure: {decision.error}"]}
    if decision.error is not None:
        return _error(state, f"model failure: {decision.error}", [], transcript)
    calls = [c for c in (decision.call, *decision.more) if c is not None]
    if not calls:
        nudge = {"role": "user", "content": prompts.load("agent").render("no_tool_call")}
        said = [_assistant(decision, [])] if (decision.content or "").strip() else []  # no empty turns
        return _error(state, "no tool call", [*said, nudge], transcript)
    turn = _assistant(decision, calls)
    if _conflicting(calls):  # e.g. a conclusion quoted from the code beside the model's own
        said = [_not_run(c, prompts.load("agent").render("ambiguous")) for c in calls]
        return _error(
            state, "ambiguous: several conclusions with different verdicts", [turn, *said], transcript
        )
    fetches = [c for c in calls if c.name == "fetch_code"]
    run = fetches or [next((c for c in calls if c.name == "conclude"), calls[0])]
    replies: list[dict[str, Any]] = []
    p = prompts.load("agent")
    for c in calls:
        if c in run:
            continue
        if fetches:
            replies.append(_not_run(c, p.render("deferred", name=c.name)))
        else:
            replies.append(_not_run(c, p.render("one_at_a_time", first=run[0].name)))
    batch: list[dict[str, Any]] = []
    problems: list[str] = []
    seen: set[str] = set()
    for c in run:
        same = normalize_args(json.loads(c.arguments)) if _is_json(c.arguments) else c.arguments
        if f"{c.name}:{same}" in seen:  # the same call twice in one message runs once
            replies.append(_not_run(c, p.render("one_at_a_time", first=c.name)))
            continue
        seen.add(f"{c.name}:{same}")
        if c.name not in schemas.TOOL_NAMES:
            msg = f"unknown tool {c.name!r}; use one of {', '.join(schemas.TOOL_NAMES)}"
            replies.append(_tool_error(c, "unknown_tool", msg))
            problems.append(f"unknown tool {c.name!r}")
            continue
        args, problem = _arguments(c)
        if args is None:
            replies.append(_tool_error(c, "bad_arguments", problem or "invalid arguments"))
            problems.append(f"bad arguments for {c.name}: {problem}")
            continue
        batch.append({"id": c.id, "name": c.name, "args": args})
    if not batch:
        return _error(state, problems[0], [turn, *replies], transcript)
    entries = [{"tool": b["name"], "args": normalize_args(b["args"])} for b in batch]
    history = [*state.get("tool_call_history", []), *entries]
    first = batch[0]
    pending: dict[str, Any] = {**first}
    if len(batch) > 1:
        pending["batch"] = batch
    notes = [describe(b["name"], b["args"]) for b in batch]
    update: dict[str, Any] = {
        "iteration_count": state.get("iteration_count", 0) + len(batch),
        "tool_call_history": entries,
        "messages": [turn, *replies] if transcript else [],
        "pending_tool": pending,
        "note": decision.note or "; ".join(notes),
    }
    if problems:  # some calls of the message were invalid: they count, the valid ones still run
        update["error_recovery_attempts"] = state.get("error_recovery_attempts", 0) + 1
        update["errors"] = problems
    if is_duplicate(history) or is_cycle(history):
        reason = "duplicate_tool_call" if is_duplicate(history) else "fetch_cycle"
        update.update(_stop(reason))
    return update
