"""Read JSON that is not quite JSON, keeping every record that can be kept. Never raises.

Scanners killed by a timeout or a full disk leave half-written files; files pass through
tools that flip bytes, double-escape, or write control characters raw. :func:`parse` reads
such a document in steps, each reported:

- control characters inside strings are accepted (``strict=False``);
- an invalid escape (``\\q``, ``\\u12``) is read as the literal text;
- values nested deeper than :data:`MAX_DEPTH` are replaced by ``null`` (deep documents
  exhaust the recursion of every later reader, copier and validator);
- a record that does not parse is cut out of its array (replaced by ``null`` so the
  other records keep their indices) and reading resumes at the next record; the records
  are the elements of the arrays named by ``records`` (JSON path patterns), else of the
  innermost array around the error;
- a truncated file keeps its complete records and closes what was left open;
- lone UTF-16 surrogates (``"\\ud800"``, which no encoder accepts) become U+FFFD.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_DEPTH = 64
MAX_ROUNDS = 64  # records cut out of one document at most (each costs a re-parse)
MAX_CANDIDATES = 2000  # places tried where the next record may start

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+')
_FIRST_KEY = re.compile(r'\{\s*("(?:[^"\\]|\\.)*")')
_OBJECT_START = re.compile(r'\{\s*"')
_STRINGS_B = re.compile(rb'"[^"]*"')
_SURROGATE_HINT = re.compile(r"\\u[dD][89a-fA-F]")
MAX_DIGITS = 4000  # Python refuses to convert longer integers (sys.get_int_max_str_digits)


def _int(digits: str) -> int | None:
    return int(digits) if len(digits) <= MAX_DIGITS else None


def _constant(_name: str) -> None:
    return None  # NaN and Infinity are not JSON, and break every JSON writer downstream


_LENIENT = json.JSONDecoder(strict=False, parse_int=_int, parse_constant=_constant)
_NON_FINITE = re.compile(r"(?<![\w\"])-?(?:NaN|Infinity)(?![\w\"])")


@dataclass(frozen=True)
class RecordSpec:
    """Arrays whose elements are records: ``path`` matches its JSON path with ``[*]`` for
    indices (``$.runs[*].results``); a record is an object with one of ``keys``."""

    path: str
    keys: frozenset[str] = frozenset()


@dataclass
class Parsed:
    """The document (None when nothing could be read) and what was done to read it."""

    doc: Any = None
    notes: list[tuple[str, str, str]] = field(default_factory=list)  # (where, severity, message)
    dropped: dict[str, str] = field(default_factory=dict)  # record JSON path -> why it was not read
    incomplete: frozenset[str] = frozenset()  # containers closed where the file was cut
    truncated_at: int | None = None  # characters kept when the file was cut
    trailing: bool = False  # text followed a complete document (JSON Lines, or junk)


@dataclass
class _Frame:
    kind: str  # "{" or "["
    start: int
    key: object  # key or index of this container in its parent
    index: int = 0  # arrays: the current element
    elem_start: int | None = None  # arrays: where the current element starts
    first_obj: int | None = None  # arrays: where the first element that is an object starts
    last_key: object = None  # objects: the last key read
    expect_key: bool = False


def _path(stack: Sequence[_Frame], upto: int | None = None) -> str:
    out = "$"
    for frame in stack[1 : (len(stack) if upto is None else upto + 1)]:
        key = frame.key
        out += f"[{key}]" if isinstance(key, int) else f".{key}"
    return out


def _pattern(path: str) -> str:
    return re.sub(r"\[\d+\]", "[*]", path)


@dataclass
class _Scan:
    stack: list[_Frame]  # the containers open at the end of the scan, outermost first
    last_close: int = -1  # offset just after the last container closed
    close_stack: list[_Frame] = field(default_factory=list)  # what was open right after it


def _scan(text: str, end: int) -> _Scan:
    stack: list[_Frame] = []
    out = _Scan(stack)
    for m in _TOKEN.finditer(text, 0, end):
        tok = m.group(0)
        top = stack[-1] if stack else None
        if top is not None and top.kind == "[" and top.elem_start is None and tok not in ",]":
            top.elem_start = m.start()
            if tok == "{" and top.first_obj is None:
                top.first_obj = m.start()
        if tok in ("{", "["):
            key: object = None
            if top is not None:
                key = top.last_key if top.kind == "{" else top.index
            stack.append(_Frame(tok, m.start(), key, expect_key=tok == "{"))
        elif tok in ("}", "]"):
            if stack:
                stack.pop()
            out.last_close = m.end()
            out.close_stack = [_Frame(f.kind, f.start, f.key) for f in stack]
        elif tok == ",":
            if top is not None and top.kind == "{":
                top.expect_key = True
            elif top is not None:
                top.index += 1
                top.elem_start = None
        elif tok == ":":
            if top is not None:
                top.expect_key = False
        elif top is not None and top.kind == "{" and top.expect_key and tok.startswith('"'):
            try:
                top.last_key = _LENIENT.decode(tok)
            except ValueError:
                top.last_key = tok.strip('"')
    return out


# ---- depth ---------------------------------------------------------------------------


_KEEP = b'[]{}"'
_DELETE = bytes(c for c in range(256) if c not in _KEEP)


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether some value is nested more than ``limit`` containers deep.

    Fast (about a tenth of the time ``json.loads`` takes): escapes and everything but quotes and
    brackets are dropped in C, then strings, then innermost bracket pairs are peeled ``limit``
    times. On broken text the answer is approximate; :func:`flatten` is exact."""
    if text.count("[") + text.count("{") <= limit:
        return False
    data = text.encode("utf-8", "replace").replace(b"\\\\", b"").replace(b'\\"', b"")
    s = data.translate(None, _DELETE).replace(b'""', b"")
    if b'"' in s:
        s = _STRINGS_B.sub(b"", s).replace(b'"', b"")
    for _ in range(limit):
        peeled = s.replace(b"[]", b"").replace(b"{}", b"")
        if len(peeled) == len(s):
            return False  # what is left does not nest (unbalanced leftovers of a broken file)
        s = peeled
        if not s:
            return False
    return b"[]" in s or b"{}" in s


def flatten(text: str, limit: int = MAX_DEPTH) -> tuple[str, list[str]]:
    """``text`` with every value nested deeper than ``limit`` replaced by ``null``; the JSON paths."""
    out: list[str] = []
    paths: list[str] = []
    stack: list[_Frame] = []
    pos = 0
    skip_from: int | None = None
    skip_depth = 0
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        top = stack[-1] if stack else None
        if tok in ("{", "["):
            key: object = None
            if top is not None:
                key = top.last_key if top.kind == "{" else top.index
            stack.append(_Frame(tok, m.start(), key, expect_key=tok == "{"))
            if skip_from is None and len(stack) > limit:
                skip_from, skip_depth = m.start(), len(stack)
                if len(paths) < 20:
                    paths.append(_path(stack))
        elif tok in ("}", "]"):
            if skip_from is not None and len(stack) == skip_depth:
                out.append(text[pos:skip_from])
                out.append("null")
                pos = m.end()
                skip_from = None
            if stack:
                stack.pop()
        elif skip_from is not None:
            continue
        elif tok == ",":
            if top is not None and top.kind == "{":
                top.expect_key = True
            elif top is not None:
                top.index += 1
        elif tok == ":":
            if top is not None:
                top.expect_key = False
        elif top is not None and top.kind == "{" and top.expect_key and tok.startswith('"'):
            top.last_key = tok[1:-1]
    if skip_from is not None:  # cut off inside the deep part: the truncation repair takes it from here
        out.append(text[pos:skip_from])
        pos = len(text)
    out.append(text[pos:])
    return "".join(out), paths


# ---- surrogates ------------------------------------------------------------------------


def _clean_str(s: str) -> str:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in s)
    return s


def fix_surrogates(doc: Any) -> tuple[Any, int]:
    """``doc`` with lone surrogates in strings and keys replaced by U+FFFD; how many strings changed."""
    fixed = 0

    def clean(s: str) -> str:
        nonlocal fixed
        c = _clean_str(s)
        if c is not s:
            fixed += 1
        return c

    # iterative walk: depth is bounded already, but a walk never needs the stack
    root: list[Any] = [doc]
    todo: list[tuple[Any, Any]] = [(root, 0)]
    while todo:
        holder, key = todo.pop()
        value = holder[key]
        if isinstance(value, str):
            holder[key] = clean(value)
        elif isinstance(value, list):
            todo.extend((value, i) for i in range(len(value)))
        elif isinstance(value, dict):
            if any(isinstance(k, str) and _clean_str(k) is not k for k in value):
                items = [(clean(k), v) for k, v in value.items()]
                value.clear()
                value.update(items)
            todo.extend((value, k) for k in value)
    return root[0], fixed


# ---- salvage ---------------------------------------------------------------------------


def _choose(stack: Sequence[_Frame], records: Sequence[RecordSpec]) -> tuple[int, RecordSpec | None] | None:
    """The array whose element is cut out: the innermost record array, else the innermost array."""
    arrays = [i for i, f in enumerate(stack) if f.kind == "["]
    for i in reversed(arrays):
        pat = _pattern(_path(stack, i))
        keys = [spec.keys for spec in records if spec.path == pat]
        if keys:  # formats may share a path ($.results): a record of any of them
            return i, RecordSpec(pat, frozenset().union(*keys))
    return (arrays[-1], None) if arrays else None


def _column(text: str, pos: int) -> int | None:
    """The column of ``pos`` when only blanks precede it on its line (pretty-printed), else None."""
    nl = text.rfind("\n", 0, pos)
    head = text[nl + 1 : pos]
    return len(head) if nl >= 0 and not head.strip() else None


def _next_record(text: str, after: int, frame: _Frame, spec: RecordSpec | None) -> int | None:
    """Where the element after the broken one starts: an object that parses, is followed by
    ``,`` or ``]``, and looks like its siblings (the same first key, the same indentation, one
    of the record keys)."""
    first_key: str | None = None
    column: int | None = None
    if frame.first_obj is not None and frame.first_obj < (frame.elem_start or after):
        m = _FIRST_KEY.match(text, frame.first_obj)
        first_key = m.group(1) if m else None
        column = _column(text, frame.first_obj)
    if first_key is None and (spec is None or not spec.keys):
        return None  # nothing tells a sibling from a part of the broken element
    finder = re.compile(r"\{\s*" + re.escape(first_key)) if first_key else _OBJECT_START
    # first a candidate followed by another element, then one that ends the array: an object
    # nested in the broken element (gcc's child notes) more often ends an inner array
    for enders in ((",",), ("]",)):
        for tried, m in enumerate(finder.finditer(text, after)):
            if tried >= MAX_CANDIDATES:
                break
            c = m.start()
            if column is not None and _column(text, c) != column:
                continue
            try:
                value, end = _LENIENT.raw_decode(text, c)
            except (ValueError, RecursionError):
                continue
            if not isinstance(value, dict) or (
                spec is not None and spec.keys and not spec.keys & value.keys()
            ):
                continue
            if text[end : end + 4096].lstrip()[:1] in enders:
                return c
    return None


def _closing(stack: Sequence[_Frame]) -> str:
    return "".join("}" if f.kind == "{" else "]" for f in reversed(stack))


def _nothing(out: Parsed, err: json.JSONDecodeError) -> None:
    out.doc = None
    out.notes.append(
        ("$", "error", f"invalid JSON at line {err.lineno}, column {err.colno} ({err.msg}): nothing loaded")
    )


def _fix_escape(text: str, err: json.JSONDecodeError) -> str | None:
    """An invalid escape read as literal text (the backslash doubled)."""
    at = err.pos if err.msg.startswith("Invalid \\escape") else err.pos - 1
    if 0 <= at < len(text) and text[at] == "\\":
        return text[:at] + "\\" + text[at:]
    return None


def parse(text: str, records: Sequence[RecordSpec] = ()) -> Parsed:
    """The document in ``text``, read as far as it can be (see the module docstring)."""
    out = Parsed()
    try:
        if too_deep(text):
            text, paths = flatten(text)
            shown = ", ".join(p if len(p) < 80 else p[:40] + "..." + p[-30:] for p in paths[:3])
            out.notes.append(
                (
                    "$",
                    "warning",
                    f"values nested more than {MAX_DEPTH} deep replaced by null "
                    f"({len(paths)}{'+' if len(paths) >= 20 else ''} places: {shown})",
                )
            )
        try:
            out.doc = json.loads(text, parse_constant=_constant)
        except (ValueError, RecursionError) as exc:
            if str(exc).startswith("Invalid control character"):
                out.notes.append(("$", "warning", "control characters inside strings accepted"))
            elif "digits" in str(exc):
                out.notes.append(("$", "warning", f"integers of more than {MAX_DIGITS} digits read as null"))
            _salvage(text, records, out)
        else:
            _finish(text, out)
    except (RecursionError, MemoryError, ValueError, IndexError, TypeError) as exc:  # never raise
        out.doc = None
        out.notes.append(("$", "error", f"the JSON could not be read ({type(exc).__name__}): nothing loaded"))
    return out


def _salvage(text: str, records: Sequence[RecordSpec], out: Parsed) -> None:
    escapes = commas = 0
    incomplete: set[str] = set()
    for _ in range(MAX_ROUNDS * 4):
        try:
            out.doc = _LENIENT.decode(text)
            break
        except json.JSONDecodeError as exc:
            err = exc
        except RecursionError:
            out.notes.append(("$", "error", "nested too deep to read: nothing loaded"))
            return
        if err.msg.startswith(("Invalid \\escape", "Invalid \\uXXXX escape")):
            fixed = _fix_escape(text, err)
            if fixed is not None:
                text, escapes = fixed, escapes + 1
                continue
        if err.msg == "Extra data":
            out.doc = _LENIENT.raw_decode(text, len(text) - len(text.lstrip()))[0]
            out.trailing = True
            out.notes.append((f"line {err.lineno}", "warning", "text after the end of the document ignored"))
            break
        head = text[: err.pos].rstrip()
        closer = text[err.pos : err.pos + 1]
        if closer in ("]", "}") and head.endswith(",") and _closes(text, err.pos, closer):  # a trailing comma
            text, commas = head[:-1] + text[err.pos :], commas + 1
            continue
        scan = _scan(text, err.pos)
        chosen = _choose(scan.stack, records)
        if chosen is not None:
            depth, spec = chosen
            frame = scan.stack[depth]
            start = frame.elem_start if frame.elem_start is not None else err.pos
            where = f"{_path(scan.stack, depth)}[{frame.index}]"
            at_end = not text[err.pos :].strip()
            nxt = None if at_end else _next_record(text, max(err.pos, start + 1), frame, spec)
            if nxt is not None and len(out.dropped) < MAX_ROUNDS:
                out.dropped[where] = (
                    f"invalid JSON at line {err.lineno}, column {err.colno} ({err.msg}): record not loaded"
                )
                text = text[:start] + "null, " + text[nxt:]
                continue
            try:  # the element was complete, the cut came after it: keep it
                _value, done = _LENIENT.raw_decode(text, start)
            except (ValueError, RecursionError):
                done = -1
            if 0 < done <= err.pos and at_end:
                kept = scan.stack[: depth + 1]
                incomplete.update(_path(scan.stack, i) for i in range(depth + 1))
                out.truncated_at = done
                out.notes.append(_truncated(err, done))
                text = text[:done] + _closing(kept)
                continue
            if any(f.kind == "[" and f.index > 0 for f in scan.stack[: depth + 1]):
                # nothing parses after the error: the file was cut (or broken for good) here
                kept = scan.stack[: depth + 1]
                incomplete.update(_path(scan.stack, i) for i in range(depth + 1))
                out.truncated_at = start
                out.notes.append(_truncated(err, start))
                if text[start:].strip():
                    out.notes.append(
                        (where, "error", "record cut off where the file is truncated: not loaded")
                    )
                cut = text[:start].rstrip()
                text = (cut[:-1] if cut.endswith(",") else cut) + _closing(kept)
                continue
        if scan.last_close > 0 and scan.close_stack:
            # no record array to cut in: keep everything up to the last complete value
            incomplete.update(_path(scan.close_stack, i) for i in range(len(scan.close_stack)))
            out.truncated_at = scan.last_close
            out.notes.append(_truncated(err, scan.last_close))
            text = text[: scan.last_close] + _closing(scan.close_stack)
            continue
        _nothing(out, err)
        return
    else:
        out.notes.append(("$", "error", "too many broken records: nothing loaded"))
        out.doc = None
        return
    out.incomplete = frozenset(incomplete)
    if escapes:
        out.notes.append(("$", "warning", f"{escapes} invalid escape sequences read as literal text"))
    if commas:
        out.notes.append(("$", "warning", f"{commas} trailing commas ignored"))
    _finish(text, out)


def _closes(text: str, pos: int, closer: str) -> bool:
    """Whether ``closer`` at ``pos`` closes the innermost open container (a trailing comma)."""
    stack = _scan(text, pos).stack
    return bool(stack) and stack[-1].kind == ("[" if closer == "]" else "{")


def _truncated(err: json.JSONDecodeError, kept: int) -> tuple[str, str, str]:
    return (
        f"line {err.lineno}",
        "error",
        f"invalid JSON ({err.msg}, column {err.colno}): the file looks truncated; "
        f"the {kept} characters before the cut were read",
    )


def _finish(text: str, out: Parsed) -> None:
    if ("NaN" in text or "Infinity" in text) and _NON_FINITE.search(text):
        out.notes.append(("$", "warning", "NaN or Infinity (not JSON) read as null"))
    if _SURROGATE_HINT.search(text):
        out.doc, n = fix_surrogates(out.doc)
        if n:
            out.notes.append(
                ("$", "warning", f"{n} strings with lone UTF-16 surrogates: replaced with U+FFFD")
            )
