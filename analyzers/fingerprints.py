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
from .findings import fingerprint as fp
from .findings.model import Finding


class _File:
    """One workspace file, read and parsed once however many findings it has."""

    __slots__ = ("contexts", "lines", "path", "spans", "text")

    def __init__(self, path: str, lines: list[str] | None) -> None:
        self.path = path
        self.lines = lines
        self.text = "\n".join(lines) if lines is not None else ""
        self.spans: dict[int, tuple[int, int] | None] = {}
        self.contexts: dict[tuple[int, int], str] = {}

    def span(self, line: int) -> tuple[int, int] | None:
        if line not in self.spans:
            self.spans[line] = enclosing_span(self.path, self.text, line)
        return self.spans[line]

    def normalized(self, lo: int, hi: int) -> str:
        key = (lo, hi)
        if key not in self.contexts:
            assert self.lines is not None
            self.contexts[key] = fp.normalize_code("\n".join(self.lines[lo - 1 : hi]))
        return self.contexts[key]


def _read(root: Path, rel: str, cache: dict[str, _File]) -> _File:
    if rel not in cache:
        try:
            data = (root / rel).read_bytes()
            lines: list[str] | None = data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
        except OSError:
            lines = None
        cache[rel] = _File(rel, lines)
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


def fingerprint_bases(findings: Sequence[Finding], workspace: str | Path) -> list[str]:
    """The fingerprint of each finding before occurrence suffixes (same order). Each file is read
    and parsed once. A finding's base depends only on its own file, so any split of the findings
    by file (e.g. over worker processes) gives the same bases."""
    root = Path(workspace)
    cache: dict[str, _File] = {}
    items = list(findings)
    bases: list[str] = [""] * len(items)
    # grouped by file so each file's parse is used for all its findings, then in input order
    for i in sorted(range(len(items)), key=lambda k: items[k].path):
        bases[i] = _fingerprint(items[i], _read(root, items[i].path, cache))
    return bases


BasesFn = Callable[[Sequence[Finding], Path], list[str]]


def assign_fingerprints(
    findings: Iterable[Finding], workspace: str | Path, *, bases: BasesFn | None = None
) -> list[Finding]:
    """Fingerprints for ``findings`` (same order). ``bases`` computes the bases (default:
    :func:`fingerprint_bases` here); identical bases within the input get occurrence suffixes."""
    items = list(findings)
    got = (bases or fingerprint_bases)(items, Path(workspace))
    seen: Counter[str] = Counter()
    out: list[Finding] = []
    for f, base in zip(items, got, strict=True):
        n = seen[base]
        seen[base] += 1
        out.append(f.with_fingerprint(base if n == 0 else f"{base}-{n}"))
    return out
