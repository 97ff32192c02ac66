"""``fetch_code``: runs the agent's fetch through the workspace index; also the deterministic pre-fetch.

Fetched chunks go into ``context`` keyed ``path:start-end`` (deduplicated). The model sees
them as fenced, labelled untrusted data in the tool result. Refusals (outside the workspace,
bad request) come back as structured tool errors and count as errors; "not found" is an
ordinary answer. Privacy globs are applied to everything a model may read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from sastls.analyzers.code import fetch as code_fetch
from sastls.analyzers.code.globs import matches
from sastls.analyzers.findings.model import Finding

from .. import prompts
from ..state import JSON, InvestigationState, RunContext

if TYPE_CHECKING:
    from langgraph.runtime import Runtime  # typing only: the synchronous driver never imports LangGraph

# Fetch refusals that mean the call itself was wrong (counted as errors).
COUNTED_ERRORS = frozenset({"outside_workspace", "bad_request"})
MAX_TRACE_PREFETCH = 6
WINDOW = 5  # lines either side of a location outside any function


def chunk_entry(chunk: code_fetch.CodeChunk, origin: str) -> JSON:
    return {
        "path": chunk.path,
        "start_line": chunk.start_line,
        "end_line": chunk.end_line,
        "text": chunk.text,
        "origin": origin,
    }


def render_chunk(entry: JSON) -> str:
    return prompts.fence(
        entry["text"], path=entry["path"], start_line=entry["start_line"], end_line=entry["end_line"]
    )


def _request(args: dict[str, Any]) -> code_fetch.FetchRequest:
    return code_fetch.FetchRequest(
        kind=args["kind"],
        symbol=args.get("symbol"),
        path=args.get("path"),
        start_line=args.get("start_line"),
        end_line=args.get("end_line"),
    )


def facts_text(j: Any) -> str:
    """The offline judgement as the facts shown to a model (code it quotes stays data: the fence tags
    are defused so nothing in it can open or close an ``<untrusted-code>`` block)."""
    lines = [
        f"opinion: {j.verdict} (confidence {j.confidence:.2f}): {j.reason}",
        f"justification: {j.justification}",
        *(f"- {e.role} at {e.path}:{e.start_line}-{e.end_line}: {e.why}" for e in j.evidence),
    ]
    return prompts.defuse("\n".join(lines))


def _facts(ctx: RunContext) -> tuple[JSON | None, str]:
    """The offline judgement's summary as a context entry (the finding's own file must be shareable)."""
    finding = ctx.finding
    if ctx.privacy_globs and matches(finding.path, ctx.privacy_globs):
        return None, "privacy: the finding's file is private; its facts are not shared"
    try:
        from sastls.analyzers.code.judge import judge_finding

        j = judge_finding(finding, ctx.index, model_paths=ctx.model_paths)
    except Exception as exc:  # a tool answers, whatever happens
        return None, f"the offline facts are unavailable: {type(exc).__name__}: {exc}"
    entry: JSON = {
        "path": finding.path,
        "start_line": finding.line,
        "end_line": finding.location.region.last_line,
        "text": facts_text(j),
        "origin": "facts",
        # the files the offline analyzer read to state these facts: evidence there is grounded
        "cites": sorted({e.path for e in j.evidence}),
        "cited_ranges": [[e.path, e.start_line, max(e.start_line, e.end_line)] for e in j.evidence],
    }
    return entry, "the offline analyzer's facts"


def _run_one(
    ctx: RunContext, args: dict[str, Any], known: list[str], new: dict[str, JSON]
) -> tuple[str, str | None, bool]:
    """One fetch into ``new``: (message, error, nothing found)."""
    if args.get("kind") == "facts":
        entry, message = _facts(ctx)
        if entry is None:
            return message, "privacy" if message.startswith("privacy") else "unavailable", False
        key = f"facts:{ctx.finding.fingerprint}"
        if key not in known:
            new[key] = entry
        return message, None, False
    requests = (
        [_request({"kind": "range", **r}) for r in args.get("ranges") or ()]
        if args.get("kind") == "ranges"
        else [_request(args)]
    )
    messages: list[str] = []
    errors: list[str] = []
    for request in requests:
        result = code_fetch.fetch_code(
            ctx.index,
            request,
            already=[*known, *new.keys()],
            max_lines=ctx.max_lines,
            max_chars=ctx.max_chars,
            privacy_globs=ctx.privacy_globs,
        )
        messages.append(result.message)
        if not result.ok:
            errors.append(result.error or "not_found")
        for chunk in result.chunks:
            new[chunk.key] = chunk_entry(chunk, "fetch")
    message = "; ".join(m for m in messages if m)
    counted = [e for e in errors if e in COUNTED_ERRORS]
    error = counted[0] if counted else (errors[0] if errors and len(errors) == len(requests) else None)
    return message, error, bool(errors) and len(errors) == len(requests)


def _tool_message(call_id: str, added: list[JSON], message: str, error: str | None) -> JSON:
    """The tool result kept in the transcript: a summary (the code itself is in the context, which
    every prompt shows once under "Code gathered so far"), or a structured error."""
    if added:
        where = ", ".join(
            "offline analyzer facts" if e.get("origin") == "facts" else _where(e) for e in added
        )
        summary = f"{message} ({where})" if message else where
        content = prompts.load("agent").render("fetched", summary=summary).strip()
    elif error:
        content = json.dumps({"error": error, "message": message})
    else:
        content = message or "nothing new: that code is already in the conversation"
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def _where(entry: JSON) -> str:
    return f"{entry['path']}:{entry['start_line']}-{entry['end_line']}"


async def fetch_code(state: InvestigationState, runtime: Runtime[RunContext]) -> dict[str, Any]:
    ctx = runtime.context
    pending = state.get("pending_tool") or {}
    calls = [c for c in pending.get("batch") or [pending] if c.get("name", "fetch_code") == "fetch_code"]
    known = list(state.get("context", {}).keys())
    new: dict[str, JSON] = {}
    messages: list[JSON] = []
    counted: list[str] = []
    stale = True  # nothing new, and no call failed for a reason of its own
    for call in calls:
        before = set(new)
        message, error, missing = _run_one(ctx, dict(call.get("args") or {}), known, new)
        added = [new[k] for k in new if k not in before]
        messages.append(_tool_message(str(call.get("id", "")), added, message, error))
        if error in COUNTED_ERRORS:
            counted.append(f"fetch_code {error}: {message}")
        if added or error is not None or missing:
            stale = False
    update: dict[str, Any] = {"path_taken": ["fetch_code"], "pending_tool": None, "context": new}
    if ctx.analyst.wants_transcript:
        update["messages"] = messages
    if counted:
        update["error_recovery_attempts"] = state.get("error_recovery_attempts", 0) + 1
        update["errors"] = counted
    if new:
        update["stale_fetches"] = 0
        update["progress_at"] = state.get("iteration_count", 0)
    elif stale:
        update["stale_fetches"] = state.get("stale_fetches", 0) + 1
    update["note"] = f"fetched {len(new)} chunk(s)" if new else "fetch: nothing new"
    return update


def prefetch(finding: Finding, ctx: RunContext) -> dict[str, JSON]:
    """The enclosing function of the finding and of its trace locations (or a window around them)."""
    places: list[tuple[str, int]] = [(finding.path, finding.line)]
    for step in finding.trace:
        place = (step.location.path, step.location.region.start_line)
        if place not in places and len(places) <= MAX_TRACE_PREFETCH:
            places.append(place)
    out: dict[str, JSON] = {}
    for path, line in places:
        if any(e["path"] == path and e["start_line"] <= line <= e["end_line"] for e in out.values()):
            continue
        for request in (
            code_fetch.FetchRequest(kind="enclosing", path=path, start_line=line),
            code_fetch.FetchRequest(
                kind="range", path=path, start_line=max(1, line - WINDOW), end_line=line + WINDOW
            ),
        ):
            result = code_fetch.fetch_code(
                ctx.index,
                request,
                already=out.keys(),
                max_lines=ctx.max_lines,
                max_chars=ctx.max_chars,
                privacy_globs=ctx.privacy_globs,
            )
            for chunk in result.chunks:
                out.setdefault(chunk.key, chunk_entry(chunk, "prefetch"))
            if result.ok and result.chunks:
                break
    return out
