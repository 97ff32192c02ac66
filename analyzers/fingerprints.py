"""Gives findings their ``sastls/v1`` fingerprint, from the code they sit in.

The enclosing function comes from tree-sitter (``analyzers.code.enclosing``); with
no enclosing function (module level, unknown language, missing file) the context
is the +-3 lines around the region. Identical hashes within one file get an
occurrence suffix so two findings never share a fingerprint.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from .code.enclosing import enclosing_span
from .findings import fingerprint as fp
from .findings.model import Finding


def _read_lines(root: Path, rel: str, cache: dict[str, list[str] | None]) -> list[str] | None:
    if rel not in cache:
        try:
            data = (root / rel).read_bytes()
            cache[rel] = data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
        except OSError:
            cache[rel] = None
    return cache[rel]


def fingerprint_of(finding: Finding, lines: list[str] | None) -> str:
    region = finding.location.region
    if lines is None:
        context = finding.location.snippet or ""
        anchor = f"{region.start_line}"  # no code to anchor to: the line number is all we have
    else:
        span = enclosing_span(finding.path, "\n".join(lines), region.start_line)
        if span is not None:
            context = "\n".join(lines[span[0] - 1 : span[1]])
        else:
            context = fp.window(lines, region.start_line, region.last_line)
        anchor = "\n".join(lines[region.start_line - 1 : region.last_line])
    return fp.compute(finding.tool, finding.rule_id, finding.path, context, anchor)


def assign_fingerprints(findings: Iterable[Finding], workspace: str | Path) -> list[Finding]:
    root = Path(workspace)
    cache: dict[str, list[str] | None] = {}
    seen: Counter[str] = Counter()
    out: list[Finding] = []
    for f in findings:
        base = fingerprint_of(f, _read_lines(root, f.path, cache))
        n = seen[base]
        seen[base] += 1
        out.append(f.with_fingerprint(base if n == 0 else f"{base}-{n}"))
    return out
