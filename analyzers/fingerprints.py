"""Gives findings their ``sastls/v1`` fingerprint, from the code they sit in.

The enclosing function comes from tree-sitter (``analyzers.code.enclosing``); with
no enclosing function (module level, unknown language, missing file) the context
is the +-3 lines around the region. Identical hashes within one file get an
occurrence suffix so two findings never share a fingerprint.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .code.enclosing import enclosing_span
from .code.symbols import FUNCTION_KINDS, FileSummary
from .findings import fingerprint as fp
from .findings.model import Finding

Source = Callable[[str], "tuple[bytes, FileSummary | None] | None"]
"""A file's bytes and, when known, their tree-sitter summary (a workspace index that has parsed
the file already); None: read the file here."""


class _File:
    """One workspace file, read and parsed once however many findings it has."""

    __slots__ = ("contexts", "lines", "path", "spans", "summary", "text")

    def __init__(self, path: str, lines: list[str] | None, summary: FileSummary | None = None) -> None:
        self.path = path
        self.lines = lines
        self.text = "\n".join(lines) if lines is not None else ""
        self.spans: dict[int, tuple[int, int] | None] = {}
        self.contexts: dict[tuple[int, int], str] = {}
        self.summary = summary  # the summary of exactly ``text``, when one was given

    def span(self, line: int) -> tuple[int, int] | None:
        if line not in self.spans:
            if self.summary is not None:
                sym = self.summary.enclosing(line, FUNCTION_KINDS)
                self.spans[line] = (sym.start_line, sym.end_line) if sym is not None else None
            else:
                self.spans[line] = enclosing_span(self.path, self.text, line)
        return self.spans[line]

    def normalized(self, lo: int, hi: int) -> str:
        key = (lo, hi)
        if key not in self.contexts:
            assert self.lines is not None
            self.contexts[key] = fp.normalize_code("\n".join(self.lines[lo - 1 : hi]))
        return self.contexts[key]


def _read(root: Path, rel: str, cache: dict[str, _File], source: Source | None = None) -> _File:
    if rel not in cache:
        got = source(rel) if source is not None else None
        summary: FileSummary | None = None
        lines: list[str] | None
        if got is not None:
            data, summary = got
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                text = data.decode("utf-8", "replace")
                summary = None  # the text below is not these bytes: summarised from the text instead
            if "\r\n" in text:
                summary = None
            lines = text.replace("\r\n", "\n").split("\n")
        else:
            try:
                data = (root / rel).read_bytes()
                lines = data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
            except OSError:
                lines = None
        cache[rel] = _File(rel, lines, summary)
    return cache[rel]


def _fingerprint(finding: Finding, file: _File) -> str:
    region = finding.location.region
    if file.lines is None:
        context = fp.normalize_code(finding.location.snippet or "")
        anchor = f"{region.start_line}"  # no code to anchor to: the line number is all we have
    else:
        span = file.span(region.start_line)
        if span is not None:
            context = file.normalized(span[0], span[1])
        else:
            lo = max(1, region.start_line - fp.CONTEXT_LINES)
            hi = min(len(file.lines), max(region.start_line, region.last_line) + fp.CONTEXT_LINES)
            context = file.normalized(lo, hi)
        anchor = fp.normalize_code("\n".join(file.lines[region.start_line - 1 : region.last_line]))
    return fp.compute_normalized(finding.tool, finding.rule_id, finding.path, context, anchor)


def fingerprint_of(finding: Finding, lines: list[str] | None) -> str:
    return _fingerprint(finding, _File(finding.path, lines))


def fingerprint_bases(
    findings: Sequence[Finding], workspace: str | Path, *, source: Source | None = None
) -> list[str]:
    """The fingerprint of each finding before occurrence suffixes (same order). Each file is read
    and parsed once (``source``: where files and their summaries come from when not from disk).
    A finding's base depends only on its own file, so any split of the findings by file (e.g. over
    worker processes) gives the same bases."""
    root = Path(workspace)
    cache: dict[str, _File] = {}
    items = list(findings)
    bases: list[str] = [""] * len(items)
    # grouped by file so each file's parse is used for all its findings, then in input order
    for i in sorted(range(len(items)), key=lambda k: items[k].path):
        bases[i] = _fingerprint(items[i], _read(root, items[i].path, cache, source))
    return bases


BasesFn = Callable[[Sequence[Finding], Path], list[str]]


def with_suffixes(bases: Sequence[str]) -> list[str]:
    """Fingerprints from bases (in input order): a repeated base gets ``-1``, ``-2``... Bases of
    different files never repeat (the path is hashed in), so a file's findings can be given their
    fingerprints on their own, in their input order."""
    seen: Counter[str] = Counter()
    out: list[str] = []
    for base in bases:
        n = seen[base]
        seen[base] += 1
        out.append(base if n == 0 else f"{base}-{n}")
    return out


def assign_fingerprints(
    findings: Iterable[Finding], workspace: str | Path, *, bases: BasesFn | None = None
) -> list[Finding]:
    """Fingerprints for ``findings`` (same order). ``bases`` computes the bases (default:
    :func:`fingerprint_bases` here); identical bases within the input get occurrence suffixes."""
    items = list(findings)
    got = (bases or fingerprint_bases)(items, Path(workspace))
    return [f.with_fingerprint(fp) for f, fp in zip(items, with_suffixes(got), strict=True)]
