"""Read findings files of any supported format into one list of workspace-relative Findings.

``load_findings`` never raises for bad input: every problem becomes a :class:`LoadError`
naming the file and the JSON path (or line) and the valid results are still loaded.
Duplicate results (same tool, rule, location and message) in one file are loaded once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from .detect import Format, detect_format, detect_json, looks_like_json, sniff_encoding, sniff_json
from .model import Finding, Region
from .readers import bandit, cppcheck, csgrep, gcc, jsonrepair, sarif, semgrep
from .readers.base import LoadError, PathMapper, Read, ReadContext

__all__ = [
    "LoadError",
    "LoadResult",
    "decode_findings",
    "load_findings",
    "read_findings_bytes",
    "read_findings_file",
    "read_json_file",
]

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 512 * 1024 * 1024
# the arrays whose elements are records, for the JSON repair to cut a broken record out of
RECORDS: tuple[jsonrepair.RecordSpec, ...] = (
    *sarif.RECORDS,
    *semgrep.RECORDS,
    *bandit.RECORDS,
    *csgrep.RECORDS,
)


@dataclass
class LoadResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[LoadError] = field(default_factory=list)
    formats: dict[str, str] = field(default_factory=dict)  # file -> format
    documents: dict[str, Any] = field(default_factory=dict)  # file -> parsed JSON (keep_documents)

    @property
    def has_errors(self) -> bool:
        return any(e.severity == "error" for e in self.errors)


def decode_findings(data: bytes, ctx: ReadContext) -> str:
    """The text of a findings file: UTF-8, UTF-16 or UTF-32, with or without a byte order mark.

    Undecodable bytes become U+FFFD (reported with the line and offset of the first)."""
    encoding, bom = sniff_encoding(data)
    body = data[bom:]
    if encoding == "utf-8":
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = body.count(b"\n", 0, exc.start) + 1
            ctx.warn(
                f"line {line}",
                f"not valid UTF-8 (byte 0x{body[exc.start]:02x} at offset {exc.start}): "
                "undecodable bytes replaced with U+FFFD",
            )
            return body.decode("utf-8", "replace")
    if len(body) % (4 if encoding.startswith("utf-32") else 2):
        ctx.warn("$", f"{encoding.upper()} file with an odd number of bytes (cut short?)")
    try:
        return body.decode(encoding)
    except UnicodeDecodeError as exc:
        ctx.warn(
            "$", f"{encoding.upper()} file with invalid data at offset {exc.start}: replaced with U+FFFD"
        )
        return body.decode(encoding, "replace")


def _json_lines(text: str, ctx: ReadContext) -> list[Any] | None:
    """Every non-empty line parsed as JSON (JSON Lines): None unless at least two lines are
    whole documents; a line that does not parse is reported and read as null."""
    parsed = [
        (n, jsonrepair.parse(line, RECORDS)) for n, line in enumerate(text.splitlines(), 1) if line.strip()
    ]
    clean = [p for _n, p in parsed if p.doc is not None and not p.trailing and not p.notes]
    if len(clean) < 2:
        return None
    for n, p in parsed:
        for where, severity, message in p.notes:
            (ctx.error if severity == "error" else ctx.warn)(f"line {n}", f"{where}: {message}")
        if p.trailing:
            ctx.warn(f"line {n}", "text after the JSON document on this line ignored")
    return [p.doc for _n, p in parsed]


def _parse_json(text: str, ctx: ReadContext) -> Any:
    parsed = jsonrepair.parse(text, RECORDS)
    if parsed.trailing:
        lines = _json_lines(text, ctx)
        if lines is not None:
            return lines  # JSON Lines (gcc prints one array per translation unit)
    for where, severity, message in parsed.notes:
        (ctx.error if severity == "error" else ctx.warn)(where, message)
    ctx.incomplete = parsed.incomplete
    ctx.dropped = parsed.dropped
    return parsed.doc


_JSON_FORMATS: tuple[Format | None, ...] = (None, "sarif", "semgrep", "bandit", "csgrep-json", "gcc-json")
_XML_DECL_ENCODING = re.compile(r"""^(\s*<\?xml[^>]*?)\s+encoding\s*=\s*["'][^"']*["']""")


def _open(data: bytes, name: str, fmt: Format | None, ctx: ReadContext) -> tuple[Format | None, Any]:
    """The format and the parsed payload (JSON document, XML root, or text); JSON is parsed once."""
    scratch = ReadContext(ctx.file, ctx.paths)  # decoding problems count once the format is known
    text = decode_findings(data, scratch)
    utf8 = text.encode("utf-8", "surrogatepass") if sniff_encoding(data) != ("utf-8", 0) else data
    if looks_like_json(utf8) and fmt in _JSON_FORMATS:
        ctx.errors.extend(scratch.errors)
        doc = _parse_json(text, ctx)
        head = utf8.lstrip(b"\xef\xbb\xbf")[:65536]
        if doc is None:
            return fmt or sniff_json(head), None
        return fmt or detect_json(doc) or (sniff_json(head) if ctx.incomplete or ctx.dropped else None), doc
    fmt = fmt or detect_format(utf8, name)
    if fmt is None:
        return None, None
    ctx.errors.extend(scratch.errors)
    if fmt != "cppcheck-xml":
        return fmt, text
    return fmt, _parse_xml(_XML_DECL_ENCODING.sub(r"\1", text, count=1), ctx)


_XML_ERROR = re.compile(r"<error\b[^>]*/>|<error\b[^>]*>.*?</error\s*>", re.S)
_XML_VERSION = re.compile(r"""<results\b[^>]*\bversion\s*=\s*["']([^"']{0,20})["']""")
_XML_TOOL = re.compile(r"""<cppcheck\b[^>]*\bversion\s*=\s*["']([^"']{0,40})["']""")


def _parse_xml(text: str, ctx: ReadContext) -> ElementTree.Element | None:
    """The XML root; when the file does not parse, every ``<error>`` element that does, on its own."""
    try:
        # cppcheck output: expat refuses external entities and entity expansion bombs
        return ElementTree.fromstring(text)  # noqa: S314
    except ElementTree.ParseError as exc:
        line, col = exc.position
        problem = f"invalid XML at line {line}, column {col} ({exc})"
    chunks = list(_XML_ERROR.finditer(text))
    if not chunks or not re.search(r"<errors\b", text):
        ctx.error("$", f"{problem}: nothing loaded")
        return None
    ctx.error(f"line {line}", f"{problem}: each <error> element is read on its own")
    root = ElementTree.Element("results", version=(m.group(1) if (m := _XML_VERSION.search(text)) else "2"))
    if (m := _XML_TOOL.search(text)) is not None:
        ElementTree.SubElement(root, "cppcheck", version=m.group(1))
    errors = ElementTree.SubElement(root, "errors")
    for i, m in enumerate(chunks, start=1):
        try:
            errors.append(ElementTree.fromstring(m.group(0)))  # noqa: S314
        except ElementTree.ParseError as exc:
            ctx.error(f"/results/errors/error[{i}]", f"invalid XML ({exc}): not loaded")
            errors.append(ElementTree.Element("broken"))  # keeps the numbering of the others
    return root


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
    path: str | Path,
    repo: str | Path,
    *,
    mapper: PathMapper | None = None,
    lines: _Lines | None = None,
    documents: dict[str, Any] | None = None,
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
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return [], [LoadError(name, "$", f"cannot read: {why}")], None
    return read_findings_bytes(data, name, repo, mapper=mapper, lines=lines, documents=documents)


def read_findings_bytes(
    data: bytes,
    name: str,
    repo: str | Path,
    *,
    fmt: Format | None = None,
    mapper: PathMapper | None = None,
    lines: _Lines | None = None,
    documents: dict[str, Any] | None = None,
) -> tuple[list[Finding], list[LoadError], Format | None]:
    """Findings from the bytes of a findings file called ``name`` (not yet fingerprinted).

    Never raises: a problem the readers did not foresee is reported as an error of the file
    and the findings read before it are kept. ``documents`` receives the parsed SARIF."""
    root = Path(repo)
    mapper = mapper or PathMapper(root)
    lines = lines or _Lines(root)
    ctx = ReadContext(name, mapper)
    findings: list[Finding] = []
    detected: list[Format | None] = [fmt]
    try:
        _read(
            data, name, detected, root=root, mapper=mapper, lines=lines, ctx=ctx, out=findings, docs=documents
        )
    except Exception as exc:  # the last line of defence: keep what was read, say what happened
        log.exception("reading %s failed", name)
        ctx.error(
            "$",
            f"internal error while reading ({type(exc).__name__}: {str(exc)[:200]}); "
            f"{len(findings)} findings read before it are kept",
        )
    return findings, ctx.errors, detected[0]


def _read(
    data: bytes,
    name: str,
    detected: list[Format | None],
    *,
    root: Path,
    mapper: PathMapper,
    lines: _Lines,
    ctx: ReadContext,
    out: list[Finding],
    docs: dict[str, Any] | None,
) -> None:
    fmt, payload = _open(data, name, detected[0], ctx)
    detected[0] = fmt
    findings = out
    if fmt is None:
        if not any(e.severity == "error" for e in ctx.errors):
            what = "empty file" if not data.strip() else "unknown format"
            ctx.error(
                "$",
                f"{what}: expected SARIF 2.1.0, semgrep JSON, bandit JSON, csgrep JSON or .err text, "
                "cppcheck XML (version 2) or gcc JSON diagnostics",
            )
        return
    if payload is None:
        return
    if docs is not None and fmt == "sarif":
        docs[name] = payload
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


def read_json_file(path: str | Path) -> tuple[Any, list[LoadError]]:
    """A JSON document (a SARIF baseline, a shard's output) read as findings files are:
    any encoding, repaired when broken, bounded in depth; never raises."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except (OSError, ValueError) as exc:
        return None, [LoadError(name, "$", f"cannot read: {exc}")]
    ctx = ReadContext(name, PathMapper(Path(".")))
    try:
        doc = _parse_json(decode_findings(data, ctx), ctx)
    except Exception as exc:
        log.exception("reading %s failed", name)
        ctx.error("$", f"internal error while reading ({type(exc).__name__}: {str(exc)[:200]})")
        doc = None
    return doc, ctx.errors


def load_findings(
    paths: Sequence[str | Path],
    repo: str | Path,
    *,
    fingerprint_bases: Callable[[Sequence[Finding], Path], list[str]] | None = None,
    fingerprints: bool = True,
    keep_documents: bool = False,
) -> LoadResult:
    """Read every file, map paths to ``repo``, drop in-file duplicates, assign fingerprints
    (``fingerprint_bases``: how the bases are computed, e.g. over worker processes; with
    ``fingerprints=False`` none are assigned: the caller computes them).

    With ``keep_documents``, the parsed SARIF documents are kept in ``documents`` (the
    triaged SARIF is written from them)."""
    root = Path(repo)
    out = LoadResult()
    if not root.is_dir():
        out.errors.append(LoadError(str(root), "$", "workspace (--repo) is not a directory"))
        return out
    mapper = PathMapper(root)
    lines = _Lines(root)
    for path in paths:
        findings, errors, fmt = read_findings_file(
            path, root, mapper=mapper, lines=lines, documents=out.documents if keep_documents else None
        )
        out.findings.extend(findings)
        out.errors.extend(errors)
        if fmt is not None:
            out.formats[str(path)] = fmt
    if not fingerprints:
        return out
    try:
        from ..fingerprints import assign_fingerprints

        out.findings = assign_fingerprints(out.findings, root, bases=fingerprint_bases)
    except Exception as exc:  # a fingerprint failure must not lose the findings
        log.exception("fingerprinting failed")
        out.errors.append(LoadError(str(root), "$", f"fingerprints not assigned: {exc}"))
    return out
