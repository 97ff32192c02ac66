"""Semgrep JSON (``semgrep --json``): results with check_id, path, start/end, extra."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model import Finding, Level, Location, Region, TraceStep
from .base import (
    MAX_LINE,
    MAX_NAME_CHARS,
    Read,
    ReadContext,
    as_list,
    cwe_ids,
    get_list,
    get_obj,
    get_str,
    level_of,
    opt_obj,
    opt_str,
    records,
    region,
    text,
    type_name,
)
from .jsonrepair import RecordSpec

RECORDS = (RecordSpec("$.results", frozenset({"check_id"})),)

_LEVELS: dict[str, Level] = {
    "error": "error",
    "high": "error",
    "critical": "error",
    "warning": "warning",
    "medium": "warning",
    "info": "note",
    "low": "note",
    "inventory": "note",
    "experiment": "note",
}
_HIDDEN = "requires login"  # what semgrep writes instead of code without a login


def read(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if not isinstance(doc, dict):
        ctx.error("$", f"expected a semgrep JSON object, got {type_name(doc)}")
        return
    version = doc.get("version") if isinstance(doc.get("version"), str) else None
    for i, err in enumerate(get_list(ctx, doc, "errors", "$")):
        if isinstance(err, dict):
            msg = err.get("message") or err.get("type")
            ctx.warn(f"$.errors[{i}]", f"semgrep reported: {str(msg)[:300]}")

    def one(res: dict[str, Any], where: str, i: int) -> Finding | None:
        return _finding(ctx, res, where, i, version)

    yield from records(ctx, get_list(ctx, doc, "results", "$", required=True), "$.results", one)


def _finding(
    ctx: ReadContext, res: dict[str, Any], where: str, i: int, version: str | None
) -> Finding | None:
    rid = get_str(ctx, res, "check_id", where, required=True)
    path = get_str(ctx, res, "path", where, required=True)
    start = get_obj(ctx, res, "start", where, required=True)
    if rid is None or path is None or start is None:
        ctx.error(where, "result not loaded (see the errors above)")
        return None
    rid = text(ctx, rid, f"{where}.check_id", limit=MAX_NAME_CHARS)
    end = opt_obj(ctx, res, "end", where)
    reg = region(
        ctx,
        start.get("line"),
        f"{where}.start",
        start_column=start.get("col"),
        end_line=end.get("line"),
        end_column=end.get("col"),
    )
    if reg is None:
        return None
    extra = get_obj(ctx, res, "extra", where) or {}
    lines = opt_str(ctx, extra, "lines", f"{where}.extra")
    snippet = lines if lines != _HIDDEN else None
    loc = ctx.location(path, reg, where, snippet)
    if loc is None:
        return None
    message = get_str(ctx, extra, "message", f"{where}.extra")
    if message is None:
        ctx.error(f"{where}.extra.message", "missing: the rule id is used as message")
        message = rid
    message = text(ctx, message, f"{where}.extra.message")
    meta = opt_obj(ctx, extra, "metadata", f"{where}.extra")
    sev = opt_str(ctx, extra, "severity", f"{where}.extra", limit=MAX_NAME_CHARS)
    fp = extra.get("fingerprint")
    refs = meta.get("references")
    help_uri = meta.get("source") or (refs[0] if isinstance(refs, list) and refs else None)
    trace: list[TraceStep] = []
    dataflow = opt_obj(ctx, extra, "dataflow_trace", f"{where}.extra")
    if dataflow:
        trace.extend(_dataflow(ctx, dataflow))
    return Finding(
        tool="semgrep",
        rule_id=rid,
        message=message,
        location=loc,
        level=level_of(sev, _LEVELS),
        tool_version=version,
        rule_name=rid.rsplit(".", 1)[-1],
        rule_help=None,
        help_uri=help_uri[: MAX_NAME_CHARS * 4] if isinstance(help_uri, str) else None,
        cwe=cwe_ids(meta.get("cwe")),
        severity=sev,
        confidence=str(meta["confidence"])[:MAX_NAME_CHARS]
        if isinstance(meta.get("confidence"), str)
        else None,
        trace=tuple(trace),
        tool_fingerprints=(
            {"semgrep/fingerprint": fp[:MAX_NAME_CHARS]} if isinstance(fp, str) and fp != _HIDDEN else {}
        ),
        source_file=ctx.file,
        run_index=None,
        result_index=i,
        properties={"metadata": meta} if meta else {},
    )


def _dataflow(ctx: ReadContext, trace: dict[str, Any]) -> list[TraceStep]:
    """Taint traces: taint_source / intermediate_vars / taint_sink, each ["CliLoc", [loc, text]]."""
    out: list[TraceStep] = []

    def add(node: Any, label: str) -> None:
        if isinstance(node, list) and len(node) == 2 and node[0] == "CliLoc" and isinstance(node[1], list):
            loc, text = (node[1] + [None, None])[:2]
            if (
                isinstance(loc, dict)
                and isinstance(loc.get("start"), dict)
                and isinstance(loc.get("path"), str)
            ):
                rel, _why = ctx.paths.map(loc["path"])
                s = loc["start"]
                line, col = s.get("line"), s.get("col")
                if rel is not None and _in_range(line):
                    reg = Region(line, col if _in_range(col) else None)
                    code = text[:4096] if isinstance(text, str) else None
                    out.append(TraceStep(Location(rel, reg, code), label))
        elif isinstance(node, list) and len(node) == 2 and node[0] == "CliCall" and isinstance(node[1], list):
            add(node[1][0] if node[1] else None, label)

    add(trace.get("taint_source"), "taint source")
    for v in as_list(trace.get("intermediate_vars")):
        if isinstance(v, dict) and isinstance(v.get("location"), dict):
            add(["CliLoc", [v["location"], v.get("content")]], "intermediate variable")
    add(trace.get("taint_sink"), "taint sink")
    return out


def _in_range(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_LINE
