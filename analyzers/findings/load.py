"""Read findings files of any supported format into one list of workspace-relative Findings.

``load_findings`` never raises for bad input: every problem becomes a :class:`LoadError`
naming the file and the JSON path (or line) and the valid results are still loaded.
Duplicate results (same tool, rule, location and message) in one file are loaded once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from .detect import Format, detect_format, detect_json, looks_like_json, sniff_json, strip_bom
from .model import Finding, Region
from .readers import bandit, cppcheck, csgrep, gcc, sarif, semgrep
from .readers.base import LoadError, PathMapper, Read, ReadContext
from .readers.jsonrepair import repair

__all__ = ["LoadError", "LoadResult", "load_findings", "read_findings_bytes", "read_findings_file"]

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 512 * 1024 * 1024


@dataclass
class LoadResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[LoadError] = field(default_factory=list)
    formats: dict[str, str] = field(default_factory=dict)  # file -> format

    @property
    def has_errors(self) -> bool:
        return any(e.severity == "error" for e in self.errors)


def _utf16_to_utf8(data: bytes, ctx: ReadContext) -> bytes:
    """UTF-16 with a BOM (PowerShell's ``>`` writes it) as UTF-8 bytes."""
    if not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data
    try:
        return data.decode("utf-16").encode("utf-8")
    except UnicodeDecodeError as exc:
        ctx.warn("$", f"UTF-16 file with invalid data at offset {exc.start}: replaced with U+FFFD")
        return data.decode("utf-16", "replace").encode("utf-8")


def _decode(data: bytes, ctx: ReadContext) -> str:
    data = strip_bom(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        ctx.warn(
            f"line {line}",
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}): "
            "undecodable bytes replaced with U+FFFD",
        )
        return data.decode("utf-8", "replace")


def _json_lines(text: str) -> list[Any] | None:
    """Every non-empty line parsed as JSON (JSON Lines), or None when one does not parse."""
    docs: list[Any] = []
    for line in text.splitlines():
        if line.strip():
            try:
                docs.append(json.loads(line))
            except ValueError:
                return None
    return docs if len(docs) > 1 else None


def _parse_json(text: str, ctx: ReadContext) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        if getattr(exc, "msg", "") == "Extra data":
            lines = _json_lines(text)
            if lines is not None:
                return lines  # JSON Lines (gcc prints one array per translation unit)
        lineno = getattr(exc, "lineno", None)
        col = getattr(exc, "colno", None)
        msg = getattr(exc, "msg", str(exc))
        where = f"line {lineno}" if lineno else "$"
        fixed = repair(text)
        if fixed is None:
            ctx.error("$", f"invalid JSON at {where}, column {col} ({msg}): nothing loaded")
            return None
        ctx.error(
            where,
            f"invalid JSON ({msg}, column {col}): the file looks truncated; "
            f"the {fixed.kept_chars} characters before the cut were read",
        )
        ctx.incomplete = fixed.incomplete
        return fixed.doc


_JSON_FORMATS: tuple[Format | None, ...] = (None, "sarif", "semgrep", "bandit", "csgrep-json", "gcc-json")


def _open(data: bytes, name: str, fmt: Format | None, ctx: ReadContext) -> tuple[Format | None, Any]:
    """The format and the parsed payload (JSON document, XML root, or text); JSON is parsed once."""
    data = _utf16_to_utf8(data, ctx)
    if looks_like_json(data) and fmt in _JSON_FORMATS:
        doc = _parse_json(_decode(data, ctx), ctx)
        head = strip_bom(data)[:65536]
        if doc is None:
            return fmt or sniff_json(head), None
        return fmt or detect_json(doc) or (sniff_json(head) if ctx.incomplete else None), doc
    fmt = fmt or detect_format(data, name)
    if fmt is None:
        return None, None
    text = _decode(data, ctx)
    if fmt != "cppcheck-xml":
        return fmt, text
    try:
        # cppcheck output: expat refuses external entities and entity expansion bombs
        return fmt, ElementTree.fromstring(text)  # noqa: S314
    except ElementTree.ParseError as exc:
        line, col = exc.position
        ctx.error("$", f"invalid XML at line {line}, column {col} ({exc}): nothing loaded")
        return fmt, None


def _reads(fmt: Format, payload: Any, ctx: ReadContext) -> Iterator[Read]:
    if fmt == "csgrep-err":
        yield from csgrep.read_err(payload, ctx)
    elif fmt == "cppcheck-xml":
        yield from cppcheck.read(payload, ctx)
    else:
        yield from _read_json(fmt, payload, ctx)


def _read_json(fmt: Format, doc: Any, ctx: ReadContext) -> Iterator[Read]:
    if fmt == "sarif":
        yield from sarif.read(doc, ctx)
    elif fmt == "semgrep":
        yield from semgrep.read(doc, ctx)
    elif fmt == "bandit":
        yield from bandit.read(doc, ctx)
    elif fmt == "csgrep-json":
        yield from csgrep.read_json(doc, ctx)
    elif fmt == "gcc-json":
        yield from gcc.read(doc, ctx)


@dataclass
class _Lines:
    """Line counts of workspace files, read once each."""

    root: Path
    counts: dict[str, int | None] = field(default_factory=dict)

    def count(self, rel: str) -> int | None:
        if rel not in self.counts:
            try:
                data = (self.root / rel).read_bytes()
            except OSError:
                self.counts[rel] = None
            else:
                n = data.count(b"\n")
                self.counts[rel] = n + (1 if data and not data.endswith(b"\n") else 0)
        return self.counts[rel]


def _check_region(f: Finding, where: str, lines: _Lines, ctx: ReadContext) -> Finding | None:
    n = lines.count(f.path)
    if n is None:
        return f
    reg = f.location.region
    if n >= 1 and reg.start_line == n + 1:  # "no newline at end of file" style findings
        ctx.warn(
            where, f"region starts at line {reg.start_line}, just past the end of {f.path}: moved to line {n}"
        )
        return replace(f, location=replace(f.location, region=Region(n)))
    if reg.start_line > max(n, 1):
        ctx.error(
            where,
            f"region starts at line {reg.start_line} but {f.path} has {n} lines "
            "(stale findings file or wrong --repo?): not loaded",
        )
        return None
    if reg.end_line is not None and reg.end_line > n:
        ctx.warn(where, f"region ends at line {reg.end_line} past the end of {f.path} ({n} lines): clamped")
        return replace(f, location=replace(f.location, region=replace(reg, end_line=n, end_column=None)))
    return f


def read_findings_file(
    path: str | Path, repo: str | Path, *, mapper: PathMapper | None = None, lines: _Lines | None = None
) -> tuple[list[Finding], list[LoadError], Format | None]:
    """One file: its findings (not yet fingerprinted), its problems, its format."""
    p = Path(path)
    name = str(path)
    try:
        if p.is_dir():
            return [], [LoadError(name, "$", "is a directory, not a findings file")], None
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            return (
                [],
                [LoadError(name, "$", f"file is too large ({size} bytes > {MAX_FILE_BYTES}): not read")],
                None,
            )
        data = p.read_bytes()
    except OSError as exc:
        return [], [LoadError(name, "$", f"cannot read: {exc.strerror or exc}")], None
    return read_findings_bytes(data, name, repo, mapper=mapper, lines=lines)


def read_findings_bytes(
    data: bytes,
    name: str,
    repo: str | Path,
    *,
    fmt: Format | None = None,
    mapper: PathMapper | None = None,
    lines: _Lines | None = None,
) -> tuple[list[Finding], list[LoadError], Format | None]:
    """Findings from the bytes of a findings file called ``name`` (not yet fingerprinted)."""
    root = Path(repo)
    mapper = mapper or PathMapper(root)
    lines = lines or _Lines(root)
    ctx = ReadContext(name, mapper)
    fmt, payload = _open(data, name, fmt, ctx)
    if fmt is None:
        if not any(e.severity == "error" for e in ctx.errors):
            what = "empty file" if not data.strip() else "unknown format"
            ctx.error(
                "$",
                f"{what}: expected SARIF 2.1.0, semgrep JSON, bandit JSON, csgrep JSON or .err text, "
                "cppcheck XML (version 2) or gcc JSON diagnostics",
            )
        return [], ctx.errors, None
    if payload is None:
        return [], ctx.errors, fmt
    findings: list[Finding] = []
    seen: dict[tuple[Any, ...], str] = {}
    missing: dict[str, int] = {}
    first_missing: dict[str, str] = {}
    for finding, where in _reads(fmt, payload, ctx):
        reg = finding.location.region
        key = (finding.tool, finding.rule_id, finding.path, reg, finding.message)
        if key in seen:
            ctx.warn(where, f"duplicate of {seen[key]} (same tool, rule, location and message): loaded once")
            continue
        seen[key] = where
        if not mapper.exists(finding.path):
            missing[finding.path] = missing.get(finding.path, 0) + 1
            first_missing.setdefault(finding.path, where)
        else:
            checked = _check_region(finding, where, lines, ctx)
            if checked is None:
                continue
            findings.append(checked)
            continue
        findings.append(finding)
    for rel, count in missing.items():
        more = f" ({count} findings)" if count > 1 else ""
        ctx.warn(
            first_missing[rel], f"file {rel} does not exist in the workspace {root}{more}: loaded anyway"
        )
    return findings, ctx.errors, fmt


def load_findings(
    paths: Sequence[str | Path],
    repo: str | Path,
    *,
    fingerprint_bases: Callable[[Sequence[Finding], Path], list[str]] | None = None,
) -> LoadResult:
    """Read every file, map paths to ``repo``, drop in-file duplicates, assign fingerprints
    (``fingerprint_bases``: how the bases are computed, e.g. over worker processes)."""
    root = Path(repo)
    out = LoadResult()
    if not root.is_dir():
        out.errors.append(LoadError(str(root), "$", "workspace (--repo) is not a directory"))
        return out
    mapper = PathMapper(root)
    lines = _Lines(root)
    for path in paths:
        findings, errors, fmt = read_findings_file(path, root, mapper=mapper, lines=lines)
        out.findings.extend(findings)
        out.errors.extend(errors)
        if fmt is not None:
            out.formats[str(path)] = fmt
    try:
        from ..fingerprints import assign_fingerprints

        out.findings = assign_fingerprints(out.findings, root, bases=fingerprint_bases)
    except Exception as exc:  # a fingerprint failure must not lose the findings
        log.exception("fingerprinting failed")
        out.errors.append(LoadError(str(root), "$", f"fingerprints not assigned: {exc}"))
    return out
