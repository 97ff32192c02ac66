"""gcc's own JSON diagnostics (``-fdiagnostics-format=json``, gcc 10-13; ``json-file`` too).

gcc prints one JSON array of diagnostics per translation unit; a build of several files gives
one array per line (JSON Lines), which :mod:`..load` splits. Each diagnostic is
``{kind, message, option, option_url, locations: [{caret, start?, finish?}], path?: [{location,
description, depth, function}], children: [notes], metadata?: {cwe}}``. The caret of the first
location is where the finding is; ``-fanalyzer``'s event ``path`` becomes the trace (a code
flow), child notes become related locations. A top-level note right after a warning is that
warning's note (gcc 12 prints some notes of ``-Wstringop-*`` that way).

Also read: a wrapper object per file, ``{"file": ..., "diagnostics": [...]}`` (one per line), as
scripts that run gcc file by file often write.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model import Finding, Level, Location, Region, TraceStep
from .base import (
    MAX_LINE,
    MAX_NAME_CHARS,
    MAX_TEXT_CHARS,
    Read,
    ReadContext,
    as_dict,
    as_list,
    items,
    text,
    type_name,
)
from .jsonrepair import RecordSpec

_KEYS = frozenset({"kind", "message", "locations", "children", "option"})
RECORDS = (RecordSpec("$", _KEYS), RecordSpec("$[*]", _KEYS), RecordSpec("$.diagnostics", _KEYS))

_LEVELS: dict[str, Level] = {
    "error": "error",
    "fatal error": "error",
    "sorry, unimplemented": "error",
    "ice": "error",
    "warning": "warning",
    "pedwarn": "warning",
    "permerror": "error",
    "note": "note",
    "anachronism": "warning",
}


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and -MAX_LINE <= v <= MAX_LINE else None


def _point(loc: Any) -> tuple[str, int, int | None] | None:
    d = as_dict(loc)
    path, line = d.get("file"), _int(d.get("line"))
    if not isinstance(path, str) or not path or line is None or line < 1:
        return None
    col = _int(d.get("column"))
    if col is None:
        col = _int(d.get("display-column"))
    return path, line, col if col is not None and col > 0 else None


def _where(diag: dict[str, Any]) -> tuple[str, Region] | None:
    """The caret (or start) of the first location, with the finish as the end."""
    for loc in as_list(diag.get("locations")):
        d = as_dict(loc)
        start = _point(d.get("caret")) or _point(d.get("start"))
        if start is None:
            continue
        path, line, col = start
        end = _point(d.get("finish"))
        end_line = end[1] if end is not None and end[0] == path and end[1] >= line else None
        end_col = end[2] if end_line is not None and end is not None else None
        if end_line == line and col is not None and end_col is not None and end_col < col:
            end_col = None
        # gcc's finish is the last column of the range (inclusive): SARIF's endColumn is exclusive
        return path, Region(line, col, end_line, end_col + 1 if end_col is not None else None)
    return None


def _step(
    ctx: ReadContext, place: tuple[str, Region], message: str, kind: str, where: str
) -> TraceStep | None:
    path, region = place
    rel, why = ctx.paths.map(path)
    if rel is None:
        ctx.warn(where, f"trace step dropped: {why}")
        return None
    return TraceStep(Location(rel, region), message, "flow" if kind == "flow" else "related")


def _trace(ctx: ReadContext, diag: dict[str, Any], where: str) -> list[TraceStep]:
    steps: list[TraceStep] = []
    for i, raw in enumerate(as_list(diag.get("path"))):
        ev = as_dict(raw)
        pt = _point(ev.get("location"))
        if pt is None:
            continue
        desc = ev.get("description")
        label = desc[:MAX_TEXT_CHARS] if isinstance(desc, str) else ""
        func = ev.get("function")
        if isinstance(func, str) and func:
            label = f"{label} [in {func[:MAX_NAME_CHARS]}]" if label else f"in {func[:MAX_NAME_CHARS]}"
        step = _step(ctx, (pt[0], Region(pt[1], pt[2])), label, "flow", f"{where}.path[{i}]")
        if step is not None:
            steps.append(step)
    for i, child in items(ctx, as_list(diag.get("children")), f"{where}.children"):
        got = _where(child)
        if got is None:
            continue
        msg = child.get("message")
        kind = child.get("kind")
        label = f"{kind}: {msg}" if isinstance(kind, str) and isinstance(msg, str) else str(msg or "")
        step = _step(ctx, got, label[:MAX_TEXT_CHARS], "related", f"{where}.children[{i}]")
        if step is not None:
            steps.append(step)
    return steps


def _finding(
    ctx: ReadContext, diag: dict[str, Any], notes: list[dict[str, Any]], where: str, index: int
) -> Finding | None:
    kind = diag.get("kind")
    message = diag.get("message")
    if not isinstance(kind, str) or not isinstance(message, str):
        ctx.error(where, "a gcc diagnostic needs string fields kind and message: not loaded")
        return None
    got = _where(diag)
    if got is None:
        ctx.warn(where, f"{kind}: {message[:80]!r} has no location in the code: not loaded")
        return None
    path, region = got
    loc = ctx.location(path, region, f"{where}.locations[0]")
    if loc is None:
        return None
    message = text(ctx, message, f"{where}.message")
    option = diag.get("option")
    rule = (option if isinstance(option, str) and option else kind)[:MAX_NAME_CHARS]
    trace = _trace(ctx, diag, where)
    for j, note in enumerate(notes, start=1):
        ngot = _where(note)
        nmsg = note.get("message")
        if ngot is not None and isinstance(nmsg, str):
            step = _step(ctx, ngot, f"note: {nmsg[:MAX_TEXT_CHARS]}", "related", f"{where} (note {j})")
            if step is not None:
                trace.append(step)
    meta = as_dict(diag.get("metadata"))
    cwe = _int(meta.get("cwe"))
    props: dict[str, Any] = {}
    url = diag.get("option_url")
    if isinstance(url, str):
        props["option_url"] = url
    funcs = [as_dict(e).get("function") for e in as_list(diag.get("path"))]
    named = [f for f in funcs if isinstance(f, str) and f]
    if named:
        props["function"] = named[-1]
    return Finding(
        tool="gcc",
        rule_id=rule,
        message=message,
        location=loc,
        level=_LEVELS.get(kind, "warning"),
        rule_name=rule,
        help_uri=url[: MAX_NAME_CHARS * 4] if isinstance(url, str) else None,
        cwe=(cwe,) if cwe is not None and 0 < cwe < 1_000_000 else (),
        severity=kind[:MAX_NAME_CHARS],
        trace=tuple(trace),
        source_file=ctx.file,
        result_index=index,
        properties=props,
    )


def _diagnostics(ctx: ReadContext, doc: Any, where: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Every top-level diagnostic object with its JSON path, whatever the nesting."""
    if isinstance(doc, dict):
        diags = doc.get("diagnostics")
        if not isinstance(diags, list):
            ctx.error(f"{where}.diagnostics", f"expected an array, got {type_name(diags)}")
            return
        for i, d in items(ctx, diags, f"{where}.diagnostics"):
            yield d, f"{where}.diagnostics[{i}]"
        return
    if not isinstance(doc, list):
        ctx.error(where, f"expected gcc diagnostics (an array), got {type_name(doc)}")
        return
    for i, d in enumerate(doc):
        if f"{where}[{i}]" in ctx.dropped:
            ctx.cut_off(f"{where}[{i}]")
        elif isinstance(d, list) or (isinstance(d, dict) and "diagnostics" in d):
            yield from _diagnostics(ctx, d, f"{where}[{i}]")
        elif isinstance(d, dict):
            yield d, f"{where}[{i}]"
        else:
            ctx.error(f"{where}[{i}]", f"expected a diagnostic object, got {type_name(d)}")


def read(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    pending: tuple[dict[str, Any], str] | None = None
    notes: list[dict[str, Any]] = []
    index = 0

    def flush() -> Iterator[Read]:
        nonlocal index
        if pending is not None:
            try:
                f = _finding(ctx, pending[0], notes, pending[1], index)
            except Exception as exc:  # one record never stops the rest
                f = None
                ctx.error(pending[1], f"record could not be read ({type(exc).__name__}: {exc}): not loaded")
            index += 1
            if f is not None:
                yield f, pending[1]

    for diag, where in _diagnostics(ctx, doc, "$"):
        if ctx.cut_off(where):
            continue
        if diag.get("kind") == "note" and pending is not None:
            notes.append(diag)  # gcc 12 prints some notes of the warning before as separate diagnostics
            continue
        yield from flush()
        pending, notes = (diag, where), []
    yield from flush()
