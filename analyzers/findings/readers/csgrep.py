"""csgrep / OpenScanHub: ``csgrep --mode=json`` and the plain ``.err`` text.

A defect is a checker (``UNINIT``, ``COMPILER_WARNING``, ``SHELLCHECK_WARNING``...), an
optional CWE and a list of events ``path:line:col: event: message``; the key event is the
location, the other events become trace steps, ``#`` comment events join the snippet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..model import Finding, Level, Location, Region, TraceStep
from .base import (
    MAX_LINE,
    MAX_NAME_CHARS,
    MAX_TEXT_CHARS,
    Read,
    ReadContext,
    get_list,
    items,
    records,
    type_name,
)
from .jsonrepair import RecordSpec

RECORDS = (RecordSpec("$.defects", frozenset({"checker"})),)

# events that are never the key event, and trace events (csdiff's KeyEventDigger lists)
_DENY = {
    "another_instance", "comparison_remediation", "example_access", "example_assign",
    "example_checked", "example_comparison", "example_lock", "function_annotation",
    "included_from", "note", "remediation", "rounding_remediation", "scope_hint",
}  # fmt: skip
_TRACE = {
    "break", "caretline", "cond_false", "cond_true", "continue", "destructor", "else_branch",
    "end_of_path", "finally", "finally_jump", "for_loop", "goto", "if_end", "if_fallthrough",
    "label", "loop", "loop_begin", "loop_end", "path", "return", "switch", "switch_case",
    "switch_default", "switch_end", "try_end", "try_fallthrough",
}  # fmt: skip
_WARNING_KEYS = {"error", "warning", "fatal error"}
_SUFFIX = re.compile(r"^(.*)\[[^ \]]+\]$")


@dataclass
class _Event:
    path: str
    line: int
    column: int | None
    event: str
    message: str
    where: str


def _bare(event: str) -> str:
    m = _SUFFIX.match(event)
    return m.group(1) if m else event


def guess_key_event(checker: str, events: list[_Event]) -> int | None:
    """csdiff's rule: the last event named like the checker (or error/warning for *_WARNING
    checkers), else the last event that is not a comment, trace or deny-listed event."""
    keys = _WARNING_KEYS if checker.endswith("_WARNING") else {checker.lower()}
    for i in range(len(events) - 1, -1, -1):
        if _bare(events[i].event) in keys:
            return i
    for strict in (True, False):
        for i in range(len(events) - 1, -1, -1):
            ev = events[i].event
            if ev == "#" or (strict and (ev in _TRACE or ev in _DENY)):
                continue
            return i
    return None


_IMPLIED_TOOL = {"COMPILER_WARNING": "gcc", "CLANG_WARNING": "clang", "UNINIT": "coverity"}


def _tool_of(checker: str, tool: str | None) -> str:
    """The tool, when the defect does not say (csdiff's implied attributes)."""
    if tool:
        return tool
    if checker in _IMPLIED_TOOL:
        return _IMPLIED_TOOL[checker]
    if checker.endswith("_WARNING"):
        return checker[: -len("_WARNING")].lower().replace("_", "-")
    return "coverity"


def _level(event: str, imp: bool) -> Level:
    bare = _bare(event).lower()
    if imp or bare in ("error", "fatal error"):
        return "error"
    if bare == "note":
        return "note"
    return "warning"


@dataclass
class _Defect:
    checker: str
    cwe: int | None
    tool: str | None
    events: list[_Event]
    key_idx: int | None  # None: guess it
    where: str
    index: int
    extra: dict[str, Any]


def _finding(ctx: ReadContext, d: _Defect) -> Finding | None:
    checker, events, key_idx, where = d.checker, d.events, d.key_idx, d.where
    if key_idx is None or not (0 <= key_idx < len(events)) or events[key_idx].event == "#":
        guessed = guess_key_event(checker, events)
        if key_idx is not None:
            ctx.warn(where, f"key event index {key_idx} is not a located event: guessed {guessed}")
        key_idx = guessed
    if key_idx is None:
        ctx.error(where, "defect has no located event: not loaded")
        return None
    key = events[key_idx]
    if not key.path or not 1 <= key.line <= MAX_LINE:
        ctx.error(key.where, f"key event has no file/line ({key.path or '<unknown>'}:{key.line}): not loaded")
        return None
    comments: list[str] = []
    for ev in events[key_idx + 1 :]:
        if ev.event != "#":
            break
        comments.append(ev.message)
    loc = ctx.location(key.path, Region(key.line, key.column), key.where, "\n".join(comments) or None)
    if loc is None:
        return None
    trace: list[TraceStep] = []
    for i, ev in enumerate(events):
        if i == key_idx or ev.event == "#" or not ev.path or not 1 <= ev.line <= MAX_LINE:
            continue
        rel, why = ctx.paths.map(ev.path)
        if rel is None:
            ctx.warn(ev.where, f"event dropped: {why}")
            continue
        text = f"{ev.event}: {ev.message}" if ev.event else ev.message
        trace.append(TraceStep(Location(rel, Region(ev.line, ev.column)), text, "event"))
    return Finding(
        tool=_tool_of(checker, d.tool),
        rule_id=checker,
        message=key.message,
        location=loc,
        level=_level(key.event, bool(d.extra.get("imp"))),
        rule_name=key.event,
        cwe=(d.cwe,) if d.cwe else (),
        trace=tuple(trace),
        source_file=ctx.file,
        result_index=d.index,
        properties=d.extra,
    )


# ---- JSON --------------------------------------------------------------------------------


def read_json(doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if not isinstance(doc, dict):
        ctx.error("$", f"expected a csgrep JSON object, got {type_name(doc)}")
        return

    def one(d: dict[str, Any], where: str, i: int) -> Finding | None:
        return _json_defect(ctx, d, where, i)

    yield from records(ctx, get_list(ctx, doc, "defects", "$", required=True), "$.defects", one)


def _json_defect(ctx: ReadContext, d: dict[str, Any], where: str, i: int) -> Finding | None:
    checker = d.get("checker")
    if not isinstance(checker, str) or not checker:
        ctx.error(f"{where}.checker", "missing required field: not loaded")
        return None
    events: list[_Event] = []
    for j, ev in items(ctx, get_list(ctx, d, "events", where, required=True), f"{where}.events"):
        ew = f"{where}.events[{j}]"
        fname = ev.get("file_name", "")
        line = ev.get("line", 0)
        col = ev.get("column")
        if not isinstance(fname, str) or isinstance(line, bool) or not isinstance(line, int):
            ctx.error(ew, "file_name must be a string and line an integer: event dropped")
            continue
        events.append(
            _Event(
                fname,
                line,
                col if isinstance(col, int) and not isinstance(col, bool) and 0 < col <= MAX_LINE else None,
                str(ev.get("event", ""))[:MAX_NAME_CHARS],
                str(ev.get("message", ""))[:MAX_TEXT_CHARS],
                ew,
            )
        )
    cwe = d.get("cwe")
    key = d.get("key_event_idx")
    # the JSON's indices count every event; map to the kept ones
    key_idx = None
    if isinstance(key, int) and not isinstance(key, bool):
        target = f"{where}.events[{key}]"
        key_idx = next((k for k, e in enumerate(events) if e.where == target), -1)
    extra: dict[str, Any] = {
        k: d[k] for k in ("imp", "defect_id", "function", "language", "annotation", "hash_v1") if k in d
    }
    tool = d.get("tool")
    return _finding(
        ctx,
        _Defect(
            checker[:MAX_NAME_CHARS],
            cwe if isinstance(cwe, int) and not isinstance(cwe, bool) and 0 < cwe < 1_000_000 else None,
            tool[:MAX_NAME_CHARS] if isinstance(tool, str) else None,
            events,
            key_idx,
            where,
            i,
            extra,
        ),
    )


# ---- .err text ---------------------------------------------------------------------------

_CHECKER = re.compile(
    r"^Error: *([A-Za-z_][A-Za-z0-9_.]{0,200})( *\([^)]{1,200}\))? *:(?: \[#def[0-9]{1,12}\])?\s*$"
)
_CWE_ANNOT = re.compile(r"^ *\(CWE-([0-9]{1,6})\)$")
# bounded repetitions keep the match linear in the line's length (event names are short)
_EVENT = re.compile(
    r"^(.+?)(?::([0-9]{1,10}|<[Uu]nknown>))?(?::([0-9]{1,10}))?: "
    r"((?:[A-Za-z][\w \-]{0,80}|#)(?:\[[^\]]{1,200}\])?): (.*)$"
)
MAX_ERR_LINE = 65536


def read_err(text: str, ctx: ReadContext) -> Iterator[Read]:
    index = -1
    checker: str | None = None
    cwe: int | None = None
    annotation = ""
    events: list[_Event] = []
    start = 0

    def flush() -> Finding | None:
        if checker is None:
            return None
        if not events:
            ctx.error(f"line {start}", f"defect {checker} has no events: not loaded")
            return None
        extra = {"annotation": annotation.strip()} if annotation.strip() else {}
        try:
            return _finding(ctx, _Defect(checker, cwe, None, events, None, f"line {start}", index, extra))
        except Exception as exc:  # one record never stops the rest
            ctx.error(f"line {start}", f"defect could not be read ({type(exc).__name__}: {exc}): not loaded")
            return None

    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if len(line) > MAX_ERR_LINE:
            ctx.warn(f"line {n}", f"line of {len(line)} characters cut to {MAX_ERR_LINE}")
            line = line[:MAX_ERR_LINE]
        m = _CHECKER.match(line)
        if m:
            f = flush()
            if f is not None:
                yield f, f"line {start}"
            index += 1
            checker, start, events = m.group(1), n, []
            annotation = m.group(2) or ""
            cm = _CWE_ANNOT.match(annotation)
            cwe, annotation = (int(cm.group(1)), "") if cm else (None, annotation)
            continue
        if not line.strip():
            continue
        if checker is None:
            if not line.startswith("#"):
                ctx.warn(f"line {n}", "text outside a defect block (expected 'Error: CHECKER:'): ignored")
            continue
        if line.startswith("#"):
            events.append(_Event("", 0, None, "#", line[1:], f"line {n}"))
            continue
        em = _EVENT.match(line)
        if em:
            path = em.group(1)
            ln = em.group(2)
            events.append(
                _Event(
                    "" if path == "<unknown>" else path,
                    int(ln) if ln and ln.isdigit() and int(ln) <= MAX_LINE else 0,
                    int(em.group(3)) if em.group(3) and 0 < int(em.group(3)) <= MAX_LINE else None,
                    em.group(4),
                    em.group(5),
                    f"line {n}",
                )
            )
        elif events:  # a message continued on the next line
            if len(events[-1].message) < MAX_TEXT_CHARS:
                events[-1].message = (events[-1].message + "\n" + line)[:MAX_TEXT_CHARS]
        else:
            ctx.error(f"line {n}", f"expected an event 'path:line: event: message', got {line[:80]!r}")
    f = flush()
    if f is not None:
        yield f, f"line {start}"
