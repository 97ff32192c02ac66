"""cppcheck ``--xml`` (XML format version 2): <error id severity msg cwe> with <location>s.

The first <location> is where cppcheck reports the error; the others are its error path
(trace steps). Errors without a location (``missingInclude``...) concern no code: skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from xml.etree.ElementTree import Element

from ..model import Finding, Level, Location, Region, TraceStep
from .base import MAX_LINE, MAX_NAME_CHARS, MAX_TEXT_CHARS, Read, ReadContext, int_of, region

_LEVELS: dict[str, Level] = {
    "error": "error",
    "warning": "warning",
    "style": "note",
    "performance": "note",
    "portability": "note",
    "information": "note",
    "debug": "none",
}


def _int(value: str | None) -> int | None:
    return int_of(value)


def read(root: Element, ctx: ReadContext) -> Iterator[Read]:
    if root.tag != "results":
        ctx.error("$", f"expected <results>, got <{root.tag}>")
        return
    if root.get("version") != "2":
        ctx.warn("/results", f"cppcheck XML version {root.get('version')!r}: read as version 2")
    cpp = root.find("cppcheck")
    version = cpp.get("version") if cpp is not None else None
    errors = root.find("errors")
    if errors is None:
        ctx.error("/results", "missing required element <errors>")
        return
    for i, err in enumerate(errors.findall("error"), start=1):
        where = f"/results/errors/error[{i}]"
        try:
            f = _finding(ctx, err, where, i - 1, version)
        except Exception as exc:  # one record never stops the rest
            ctx.error(where, f"record could not be read ({type(exc).__name__}: {str(exc)[:200]}): not loaded")
            continue
        if f is not None:
            yield f, where


def _finding(ctx: ReadContext, err: Element, where: str, index: int, version: str | None) -> Finding | None:
    rid = err.get("id")
    if not rid:
        ctx.error(where, "missing required attribute id: not loaded")
        return None
    rid = rid[:MAX_NAME_CHARS]
    locs = err.findall("location")
    if not locs:
        if err.get("severity") not in ("information", "debug"):
            ctx.warn(where, f"{rid}: no location in the code: not loaded")
        return None
    first = locs[0]
    lwhere = f"{where}/location[1]"
    path = first.get("file")
    if not path:
        ctx.error(lwhere, "missing attribute file: not loaded")
        return None
    reg = region(ctx, _int(first.get("line")), lwhere, start_column=_int(first.get("column")))
    if reg is None:
        return None
    loc = ctx.location(path, reg, lwhere)
    if loc is None:
        return None
    trace: list[TraceStep] = []
    for k, other in enumerate(locs[1:], start=2):
        rel, why = ctx.paths.map(other.get("file") or "")
        line = _int(other.get("line"))
        if rel is None or line is None or not 1 <= line <= MAX_LINE:
            ctx.warn(f"{where}/location[{k}]", f"error-path step dropped: {why or 'bad line'}")
            continue
        col = _int(other.get("column"))
        col = col if col is not None and 1 <= col <= MAX_LINE else None
        trace.append(TraceStep(Location(rel, Region(line, col)), other.get("info", "")[:MAX_TEXT_CHARS]))
    sev = err.get("severity")
    cwe = _int(err.get("cwe"))
    cwe = cwe if cwe is not None and 0 < cwe < 1_000_000 else None
    props: dict[str, Any] = {}
    if err.get("inconclusive") == "true":
        props["inconclusive"] = True
    sym = [s.text for s in err.findall("symbol") if s.text]
    if sym:
        props["symbols"] = sym
    return Finding(
        tool="cppcheck",
        rule_id=rid,
        message=(err.get("msg") or rid)[:MAX_TEXT_CHARS],
        location=loc,
        level=_LEVELS.get(sev or "", "warning"),
        tool_version=version,
        rule_help=(err.get("verbose") or "")[:MAX_TEXT_CHARS] or None
        if err.get("verbose") != err.get("msg")
        else None,
        cwe=(cwe,) if cwe and cwe > 0 else (),
        severity=sev[:MAX_NAME_CHARS] if sev else sev,
        confidence="inconclusive" if err.get("inconclusive") == "true" else None,
        trace=tuple(trace),
        source_file=ctx.file,
        result_index=index,
        properties=props,
    )
