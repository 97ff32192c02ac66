"""Bandit JSON (``bandit -f json``): results with test_id, filename, line_number, issue_*."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..model import Finding, Level
from .base import Read, ReadContext, cwe_ids, get_list, get_str, items, level_of, region, type_name

_LEVELS: dict[str, Level] = {"high": "error", "medium": "warning", "low": "note", "undefined": "note"}
_NUMBERED = re.compile(r"^(\d+)[ \t]?(.*)$")


def _snippet(code: Any, line: int, last: int) -> str | None:
    """Bandit's ``code`` is numbered context lines; keep the flagged lines' text."""
    if not isinstance(code, str):
        return None
    kept = []
    for raw in code.splitlines():
        m = _NUMBERED.match(raw)
        if m and line <= int(m.group(1)) <= last:
            kept.append(m.group(2))
    return "\n".join(kept) if kept else None


def read(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if not isinstance(doc, dict):
        ctx.error("$", f"expected a bandit JSON object, got {type_name(doc)}")
        return
    for i, err in enumerate(get_list(ctx, doc, "errors", "$")):
        if isinstance(err, dict):
            ctx.warn(f"$.errors[{i}]", f"bandit could not scan {err.get('filename')}: {err.get('reason')}")
    for i, res in items(ctx, get_list(ctx, doc, "results", "$", required=True), "$.results"):
        where = f"$.results[{i}]"
        if ctx.cut_off(where):
            continue
        f = _finding(ctx, res, where, i)
        if f is not None:
            yield f, where


def _finding(ctx: ReadContext, res: dict[str, Any], where: str, i: int) -> Finding | None:
    rid = get_str(ctx, res, "test_id", where, required=True)
    path = get_str(ctx, res, "filename", where, required=True)
    text = get_str(ctx, res, "issue_text", where)
    if rid is None or path is None:
        ctx.error(where, "result not loaded (see the errors above)")
        return None
    line_range = res.get("line_range")
    end_line = None
    if isinstance(line_range, list) and line_range and all(isinstance(x, int) for x in line_range):
        end_line = max(line_range)
    col = res.get("col_offset")
    end_col = res.get("end_col_offset")
    reg = region(
        ctx,
        res.get("line_number"),
        where,
        start_column=col + 1 if isinstance(col, int) and not isinstance(col, bool) else None,
        end_line=end_line,
        end_column=end_col + 1 if isinstance(end_col, int) and not isinstance(end_col, bool) else None,
    )
    if reg is None:
        return None
    loc = ctx.location(path, reg, where, _snippet(res.get("code"), reg.start_line, reg.last_line))
    if loc is None:
        return None
    sev = res.get("issue_severity") if isinstance(res.get("issue_severity"), str) else None
    conf = res.get("issue_confidence") if isinstance(res.get("issue_confidence"), str) else None
    return Finding(
        tool="bandit",
        rule_id=rid,
        message=text or rid,
        location=loc,
        level=level_of(sev, _LEVELS),
        rule_name=res.get("test_name") if isinstance(res.get("test_name"), str) else None,
        help_uri=res.get("more_info") if isinstance(res.get("more_info"), str) else None,
        cwe=cwe_ids(res.get("issue_cwe")),
        severity=sev,
        confidence=conf,
        source_file=ctx.file,
        result_index=i,
    )
