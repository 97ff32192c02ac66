"""fetch_code: the investigation graph's one way to read code.

A request names a symbol (optionally with the file and line where it was seen),
a file range, the callers of a function, or the enclosing function of a
location. The answer is numbered source lines in bounded chunks, deduplicated
against what the investigation already holds. Every miss or refusal is a
structured :class:`FetchResult` (``ok=False`` and an ``error`` code); nothing
raises out of :func:`fetch_code`.

Sandbox: only files under the workspace root (no absolute paths, no ``..``, no
symlinks leaving the root); binary and oversized files are refused; files
matching ``privacy_globs`` are never returned (pass them when the reader is a
model).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from . import globs
from .index import FileProblem, WorkspaceIndex, sandbox_path
from .symbols import Symbol, SymbolMatch

log = logging.getLogger(__name__)

FetchKind = Literal["symbol", "range", "callers", "enclosing"]
ErrorCode = Literal[
    "outside_workspace", "not_found", "binary", "too_large", "privacy", "ambiguous", "bad_request"
]

#: Longest source line shown; longer lines are cut with a marker.
MAX_LINE_CHARS = 400
_HEAD_LINES = 6
_WINDOW_RADIUS = 6
_ENCLOSING_FALLBACK_RADIUS = 15
_AMBIGUITY_MARGIN = 0.05
_MAX_CANDIDATE_CHUNKS = 3
_KEY = re.compile(r"^(?P<path>.+):(?P<start>\d+)-(?P<end>\d+)$")


@dataclass(frozen=True)
class FetchRequest:
    kind: FetchKind
    symbol: str | None = None
    path: str | None = None
    start_line: int | None = None
    end_line: int | None = None


@dataclass(frozen=True)
class CodeChunk:
    key: str  # "path:start-end"
    path: str
    start_line: int
    end_line: int
    text: str  # numbered lines


@dataclass(frozen=True)
class FetchResult:
    """``ok`` with chunks (possibly none when all were already fetched); ``error`` set on refusals and
    misses. ``ok=True`` with ``error="ambiguous"`` means the chunks are the best-ranked candidates."""

    ok: bool
    chunks: tuple[CodeChunk, ...]
    strategy: str | None
    message: str
    error: str | None


def fetch_code(
    index: WorkspaceIndex,
    request: FetchRequest,
    *,
    already: Collection[str] = (),
    max_lines: int = 200,
    max_chars: int = 20_000,
    privacy_globs: Sequence[str] = (),
) -> FetchResult:
    """Serve ``request`` from ``index``; never raises."""
    try:
        fetcher = _Fetcher(index, already, max(max_lines, 1), max(max_chars, 200), tuple(privacy_globs))
        if request.kind == "symbol":
            return fetcher.symbol(request)
        if request.kind == "range":
            return fetcher.range(request)
        if request.kind == "callers":
            return fetcher.callers(request)
        if request.kind == "enclosing":
            return fetcher.enclosing(request)
        return _fail(
            "bad_request", f"unknown request kind {request.kind!r}; use symbol, range, callers or enclosing"
        )
    except Exception as exc:  # a tool must answer, whatever the input: report, never raise
        log.exception("fetch_code failed for %r", request)
        return _fail("bad_request", f"could not serve the request: {type(exc).__name__}: {exc}")


def _fail(code: str, message: str, strategy: str | None = None) -> FetchResult:
    return FetchResult(ok=False, chunks=(), strategy=strategy, message=message, error=code)


def parse_key(key: str) -> tuple[str, int, int] | None:
    """``"path:12-30"`` -> (path, 12, 30)."""
    m = _KEY.match(key)
    if m is None:
        return None
    return m["path"], int(m["start"]), int(m["end"])


def render_lines(
    lines: Sequence[str], start: int, end: int, *, focus: Sequence[int] = (), max_lines: int, max_chars: int
) -> tuple[str, bool]:
    """Numbered lines ``start..end`` (1-based, inclusive) of ``lines``; when over budget, keep the head and
    windows around ``focus`` lines and mark each gap. Returns (text, trimmed)."""
    end = min(end, len(lines))
    if end < start:
        return "", False
    width = len(str(end))
    keep = _choose_lines(start, end, focus, max_lines)
    out: list[str] = []
    used = 0
    prev = start - 1
    trimmed = False
    for n in keep:
        if n != prev + 1:
            out.append(_gap(prev + 1, n - 1, width))
            trimmed = True
        text = lines[n - 1]
        if len(text) > MAX_LINE_CHARS:
            text = text[:MAX_LINE_CHARS] + " …[line cut]"
        row = f"{n:>{width}} | {text}"
        if used + len(row) + 1 > max_chars:
            out.append(_gap(n, end, width))
            return "\n".join(out), True
        out.append(row)
        used += len(row) + 1
        prev = n
    if prev < end:
        out.append(_gap(prev + 1, end, width))
        trimmed = True
    return "\n".join(out), trimmed


def _gap(a: int, b: int, width: int) -> str:
    what = f"line {a}" if a == b else f"lines {a}-{b}"
    return f"{'':>{width}} … [{what} omitted; fetch a range to see them]"


def _choose_lines(start: int, end: int, focus: Sequence[int], budget: int) -> list[int]:
    total = end - start + 1
    if total <= budget:
        return list(range(start, end + 1))
    chosen: set[int] = set(range(start, min(end, start + min(_HEAD_LINES, budget) - 1) + 1))
    spots = sorted({f for f in focus if start <= f <= end})
    if spots:
        radius = _WINDOW_RADIUS
        while radius > 0:
            trial = set(chosen)
            for f in spots:
                trial.update(range(max(start, f - radius), min(end, f + radius) + 1))
            if len(trial) <= budget:
                chosen = trial
                break
            radius //= 2
        else:
            for f in spots:
                if len(chosen) >= budget:
                    break
                chosen.add(f)
    n = start
    while len(chosen) < budget and n <= end:  # fill the rest of the budget from the top
        chosen.add(n)
        n += 1
    return sorted(chosen)[:budget] if len(chosen) > budget else sorted(chosen)


class _Fetcher:
    def __init__(
        self,
        index: WorkspaceIndex,
        already: Collection[str],
        max_lines: int,
        max_chars: int,
        privacy: tuple[str, ...],
    ) -> None:
        self.index = index
        self.already = set(already)
        self.spans = [k for k in (parse_key(a) for a in already) if k is not None]
        self.lines_left = max_lines
        self.chars_left = max_chars
        self.privacy = privacy

    # ---- checks

    def _private(self, path: str) -> bool:
        return bool(self.privacy) and globs.matches(path, self.privacy)

    def _check(self, path: str | None) -> str | FetchResult:
        if not path:
            return _fail("bad_request", "this request needs a 'path' (workspace-relative)")
        norm = sandbox_path(self.index.root, path)
        if isinstance(norm, FileProblem):
            return _fail(norm.code, norm.message)
        if self._private(norm):
            return _fail("privacy", f"{norm} matches the privacy globs and is never shown to the model")
        return norm

    def _lines(self, path: str) -> list[str] | FetchResult:
        parsed = self.index.parsed_now(path)  # the lines of a file parsed a moment ago: no new read
        if parsed is not None:
            kept = parsed.lines
            return kept[:-1] if kept and kept[-1] == "" else list(kept)
        got = self.index.read(path)
        if isinstance(got, FileProblem):
            code = (
                got.code
                if got.code in ("outside_workspace", "not_found", "binary", "too_large")
                else "bad_request"
            )
            return _fail(code, got.message)
        text = got[1].decode("utf-8", "replace")
        if not text:
            return []
        lines = [ln.removesuffix("\r") for ln in text.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        return lines

    def _seen(self, path: str, start: int, end: int, *, exact_only: bool) -> str | None:
        key = f"{path}:{start}-{end}"
        if key in self.already:
            return key
        if not exact_only:
            for p, s, e in self.spans:
                if p == path and s <= start and end <= e:
                    return f"{p}:{s}-{e}"
        return None

    def _chunk(
        self, path: str, lines: list[str], start: int, end: int, *, focus: Sequence[int], share: int = 1
    ) -> CodeChunk | None:
        end = min(end, len(lines))
        if end < start or self.lines_left <= 0 or self.chars_left <= 0:
            return None
        budget_lines = max(self.lines_left // max(share, 1), 12) if share > 1 else self.lines_left
        budget_chars = max(self.chars_left // max(share, 1), 400) if share > 1 else self.chars_left
        text, _ = render_lines(
            lines,
            start,
            end,
            focus=focus,
            max_lines=min(budget_lines, self.lines_left),
            max_chars=min(budget_chars, self.chars_left),
        )
        if not text:
            return None
        self.lines_left -= text.count("\n") + 1
        self.chars_left -= len(text)
        key = f"{path}:{start}-{end}"
        self.already.add(key)
        self.spans.append((path, start, end))
        return CodeChunk(key=key, path=path, start_line=start, end_line=end, text=text)

    # ---- request kinds

    def range(self, req: FetchRequest) -> FetchResult:
        norm = self._check(req.path)
        if isinstance(norm, FetchResult):
            return norm
        lines = self._lines(norm)
        if isinstance(lines, FetchResult):
            return lines
        if not lines:
            return FetchResult(True, (), "range", f"{norm} is empty", None)
        start = req.start_line if req.start_line is not None else 1
        end = req.end_line if req.end_line is not None else start + self.lines_left - 1
        if start < 1 or end < start:
            return _fail("bad_request", f"bad line range {start}-{end}: lines are 1-based and start <= end")
        if start > len(lines):
            return _fail("not_found", f"{norm} has only {len(lines)} lines; asked for line {start}")
        end = min(end, len(lines))
        seen = self._seen(norm, start, end, exact_only=True)
        if seen is not None:
            return FetchResult(True, (), "range", f"{seen} is already in the context; not repeated", None)
        chunk = self._chunk(norm, lines, start, end, focus=())
        assert chunk is not None
        return FetchResult(True, (chunk,), "range", f"{norm} lines {start}-{end}", None)

    def enclosing(self, req: FetchRequest) -> FetchResult:
        norm = self._check(req.path)
        if isinstance(norm, FetchResult):
            return norm
        if req.start_line is None or req.start_line < 1:
            return _fail("bad_request", "an enclosing request needs 'path' and 'start_line' (1-based)")
        lines = self._lines(norm)
        if isinstance(lines, FetchResult):
            return lines
        line = req.start_line
        if line > len(lines):
            return _fail("not_found", f"{norm} has only {len(lines)} lines; asked for line {line}")
        last = max(line, req.end_line or line)
        sym = self.index.enclosing_function(norm, line) or self.index.enclosing(norm, line)
        if sym is not None:
            start, end, strategy = sym.start_line, sym.end_line, "enclosing"
            what = f"{sym.kind} {sym.qualified_name}"
        else:
            start = max(1, line - _ENCLOSING_FALLBACK_RADIUS)
            end = min(len(lines), last + _ENCLOSING_FALLBACK_RADIUS)
            strategy, what = "window", "no enclosing function (module level): the surrounding lines"
        seen = self._seen(norm, start, end, exact_only=False)
        if seen is not None:
            return FetchResult(True, (), strategy, f"{what} is already in the context as {seen}", None)
        chunk = self._chunk(norm, lines, start, end, focus=range(line, last + 1))
        if chunk is None:
            return _fail("too_large", "no output budget left for this request")
        return FetchResult(True, (chunk,), strategy, f"{what} at {norm}:{start}-{end}", None)

    def symbol(self, req: FetchRequest) -> FetchResult:
        if not req.symbol or not req.symbol.strip():
            return _fail(
                "bad_request", "a symbol request needs 'symbol' (a name such as func, Class.method, pkg.func)"
            )
        origin: str | None = None
        if req.path:
            checked = self._check(req.path)
            if isinstance(checked, FetchResult):
                return checked
            origin = checked
        matches = self.index.definitions(req.symbol, from_path=origin, line=req.start_line, limit=8)
        if not matches:
            return _fail(
                "not_found",
                f"no definition of {req.symbol!r} in the workspace "
                "(tried same file, imports, workspace, fuzzy); "
                "it may come from a library outside the workspace",
            )
        visible = [m for m in matches if not self._private(m.symbol.path)]
        if not visible:
            return _fail("privacy", f"{req.symbol!r} is defined only in files matching the privacy globs")
        top = visible[0]
        close = [m for m in visible[1:] if m.score >= top.score - _AMBIGUITY_MARGIN]
        picked = [top, *close[: _MAX_CANDIDATE_CHUNKS - 1]]
        chunks, notes = self._symbol_chunks(picked)
        listing = "; ".join(_describe(m) for m in visible)
        if len(picked) > 1:
            message = f"{len(picked)} equally ranked definitions of {req.symbol!r}: {listing}" + notes
            return FetchResult(True, tuple(chunks), top.strategy, message, "ambiguous")
        message = f"{_describe(top)}" + (
            f"; other candidates: {'; '.join(_describe(m) for m in visible[1:])}" if len(visible) > 1 else ""
        )
        return FetchResult(True, tuple(chunks), top.strategy, message + notes, None)

    def _symbol_chunks(self, picked: list[SymbolMatch]) -> tuple[list[CodeChunk], str]:
        chunks: list[CodeChunk] = []
        notes = ""
        for m in picked:
            sym = m.symbol
            seen = self._seen(sym.path, sym.start_line, sym.end_line, exact_only=False)
            if seen is not None:
                notes += f" ({sym.qualified_name} already in the context as {seen})"
                continue
            lines = self._lines(sym.path)
            if isinstance(lines, FetchResult):
                notes += f" ({sym.path}: {lines.message})"
                continue
            chunk = self._chunk(sym.path, lines, sym.start_line, sym.end_line, focus=(), share=len(picked))
            if chunk is not None:
                chunks.append(chunk)
        return chunks, notes

    def callers(self, req: FetchRequest) -> FetchResult:
        if not req.symbol or not req.symbol.strip():
            return _fail("bad_request", "a callers request needs 'symbol' (the called function's name)")
        sites = [s for s in self.index.callers(req.symbol, limit=40) if not self._private(s.path)]
        if not sites:
            return _fail("not_found", f"no calls to {req.symbol!r} found in the workspace")
        groups: dict[tuple[str, int, int], list[int]] = {}
        for site in sites:
            span = _caller_span(site.caller, site.line)
            groups.setdefault((site.path, span[0], span[1]), []).append(site.line)
        chunks: list[CodeChunk] = []
        skipped: list[str] = []
        repeated: list[str] = []
        share = min(len(groups), 4)
        for (path, first, last), call_lines in groups.items():
            seen = self._seen(path, first, last, exact_only=False)
            if seen is not None:
                repeated.append(seen)
                continue
            lines = self._lines(path)
            if isinstance(lines, FetchResult):
                skipped.append(f"{path}: {lines.message}")
                continue
            end = min(last, len(lines))
            start = max(1, min(first, end))
            chunk = self._chunk(path, lines, start, end, focus=call_lines, share=share)
            if chunk is None:
                skipped.extend(f"{path}:{n}" for n in call_lines)
                continue
            chunks.append(chunk)
        where = ", ".join(
            f"{s.path}:{s.line}" + (f" in {s.caller.qualified_name}" if s.caller else "") for s in sites
        )
        message = f"{len(sites)} call site(s) of {req.symbol!r}: {where}"
        if repeated:
            message += f"; already in the context: {', '.join(repeated)}"
        if skipped:
            message += f"; not shown (output budget): {', '.join(skipped)}"
        return FetchResult(True, tuple(chunks), "callers", message, None)


def _caller_span(caller: Symbol | None, line: int) -> tuple[int, int]:
    if caller is not None:
        return caller.start_line, caller.end_line
    return max(1, line - _WINDOW_RADIUS), line + _WINDOW_RADIUS


def _describe(m: SymbolMatch) -> str:
    s = m.symbol
    decl = " (declaration)" if s.declaration else ""
    where = f"{s.path}:{s.start_line}-{s.end_line}"
    return f"{s.kind} {s.qualified_name}{decl} at {where} [{m.strategy}, {m.score:.2f}]"
