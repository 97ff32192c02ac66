"""Bandit JSON (``bandit -f json``): results with test_id, filename, line_number, issue_*."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..model import Finding, Level
from .base import (
    MAX_NAME_CHARS,
    Read,
    ReadContext,
    cwe_ids,
    get_list,
    get_str,
    level_of,
    opt_str,
    records,
    region,
    text,
    type_name,
)
from .jsonrepair import RecordSpec

RECORDS = (RecordSpec("$.results", frozenset({"test_id"})),)
_LEVELS: dict[str, Level] = {"high": "error", "medium": "warning", "low": "note", "undefined": "note"}
_NUMBERED = re.compile(r"^(\d{1,9})[ \t]?(.*)$", re.ASCII)


def _snippet(code: Any, line: int, last: int) -> str | None:
    """Bandit's ``code`` is numbered context lines; keep the flagged lines' text."""
    if not isinstance(code, str):
        return None
    kept = []
    for raw in code[:1_000_000].splitlines():
        m = _NUMBERED.match(raw)
        if m and line <= int(m.group(1)) <= last:
            kept.append(m.group(2))
    return "\n".join(kept)[:65536] if kept else None


def read(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if not isinstance(doc, dict):
        ctx.error("$", f"expected a bandit JSON object, got {type_name(doc)}")
        return
    for i, err in enumerate(get_list(ctx, doc, "errors", "$")):
        if isinstance(err, dict):
            name, reason = str(err.get("filename"))[:300], str(err.get("reason"))[:300]
            ctx.warn(f"$.errors[{i}]", f"bandit could not scan {name}: {reason}")

    def one(res: dict[str, Any], where: str, i: int) -> Finding | None:
        return _finding(ctx, res, where, i)

    yield from records(ctx, get_list(ctx, doc, "results", "$", required=True), "$.results", one)


def _finding(ctx: ReadContext, res: dict[str, Any], where: str, i: int) -> Finding | None:
    rid = get_str(ctx, res, "test_id", where, required=True)
    path = get_str(ctx, res, "filename", where, required=True)
    message = get_str(ctx, res, "issue_text", where)
    if rid is None or path is None:
        ctx.error(where, "result not loaded (see the errors above)")
        return None
    rid = text(ctx, rid, f"{where}.test_id", limit=MAX_NAME_CHARS)
    line_range = res.get("line_range")
    end_line = None
    if (
        isinstance(line_range, list)
        and line_range
        and all(isinstance(x, int) and not isinstance(x, bool) for x in line_range)
    ):
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
    sev = opt_str(ctx, res, "issue_severity", where, limit=MAX_NAME_CHARS)
    conf = opt_str(ctx, res, "issue_confidence", where, limit=MAX_NAME_CHARS)
    return Finding(
        tool="bandit",
        rule_id=rid,
        message=text(ctx, message, f"{where}.issue_text") if message else rid,
        location=loc,
        level=level_of(sev, _LEVELS),
        rule_name=opt_str(ctx, res, "test_name", where, limit=MAX_NAME_CHARS),
        help_uri=opt_str(ctx, res, "more_info", where, limit=MAX_NAME_CHARS * 4),
        cwe=cwe_ids(res.get("issue_cwe")),
        severity=sev,
        confidence=conf,
        source_file=ctx.file,
        result_index=i,
    )
