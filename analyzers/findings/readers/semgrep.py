"""Semgrep JSON (``semgrep --json``): results with check_id, path, start/end, extra."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model import Finding, Level, Location, Region, TraceStep
from .base import (
    Read,
    ReadContext,
    as_dict,
    cwe_ids,
    get_list,
    get_obj,
    get_str,
    items,
    level_of,
    region,
    type_name,
)

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
    for i, res in items(ctx, get_list(ctx, doc, "results", "$", required=True), "$.results"):
        where = f"$.results[{i}]"
        if ctx.cut_off(where):
            continue
        f = _finding(ctx, res, where, i, version)
        if f is not None:
            yield f, where


def _finding(
    ctx: ReadContext, res: dict[str, Any], where: str, i: int, version: str | None
) -> Finding | None:
    rid = get_str(ctx, res, "check_id", where, required=True)
    path = get_str(ctx, res, "path", where, required=True)
    start = get_obj(ctx, res, "start", where, required=True)
    if rid is None or path is None or start is None:
        ctx.error(where, "result not loaded (see the errors above)")
        return None
    end = as_dict(res.get("end"))
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
    lines = extra.get("lines")
    snippet = lines if isinstance(lines, str) and lines != _HIDDEN else None
    loc = ctx.location(path, reg, where, snippet)
    if loc is None:
        return None
    message = get_str(ctx, extra, "message", f"{where}.extra")
    if message is None:
        ctx.error(f"{where}.extra.message", "missing: the rule id is used as message")
        message = rid
    meta = as_dict(extra.get("metadata"))
    sev = extra.get("severity") if isinstance(extra.get("severity"), str) else None
    fp = extra.get("fingerprint")
    refs = meta.get("references")
    help_uri = meta.get("source") or (refs[0] if isinstance(refs, list) and refs else None)
    trace: list[TraceStep] = []
    dataflow = extra.get("dataflow_trace")
    if isinstance(dataflow, dict):
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
        help_uri=help_uri if isinstance(help_uri, str) else None,
        cwe=cwe_ids(meta.get("cwe")),
        severity=sev,
        confidence=str(meta["confidence"]) if isinstance(meta.get("confidence"), str) else None,
        trace=tuple(trace),
        tool_fingerprints={"semgrep/fingerprint": fp} if isinstance(fp, str) and fp != _HIDDEN else {},
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
                if rel is not None and isinstance(s.get("line"), int) and s["line"] >= 1:
                    reg = Region(s["line"], s.get("col") if isinstance(s.get("col"), int) else None)
                    out.append(TraceStep(Location(rel, reg, text if isinstance(text, str) else None), label))
        elif isinstance(node, list) and len(node) == 2 and node[0] == "CliCall" and isinstance(node[1], list):
            add(node[1][0] if node[1] else None, label)

    add(trace.get("taint_source"), "taint source")
    for v in trace.get("intermediate_vars") or []:
        if isinstance(v, dict) and isinstance(v.get("location"), dict):
            add(["CliLoc", [v["location"], v.get("content")]], "intermediate variable")
    add(trace.get("taint_sink"), "taint sink")
    return out
