"""Where findings come from: findings files in the workspace, and scanner runs.

Blocking work (walking the workspace, parsing findings files, reading sources)
lives here as plain functions the server calls in a worker thread; the results
are applied on the event loop.
"""

from __future__ import annotations

import logging
import os
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sastls.analyzers.code.globs import dir_excluded, matches
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding

from .documents import TrackedFinding, split_lines, track

if TYPE_CHECKING:
    from sastls.analyzers.findings.load import LoadError

log = logging.getLogger(__name__)

MAX_SOURCE_BYTES = 5_000_000


def is_findings_file(rel: str, config: Config) -> bool:
    return matches(rel, config.finding_globs) and not matches(rel, config.exclude_globs)


def discover(root: Path, config: Config) -> list[str]:
    """Workspace-relative paths of every findings file (globs, minus excluded directories)."""
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root).as_posix()
        rel_dir = "" if rel_dir == "." else rel_dir
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not dir_excluded(f"{rel_dir}/{d}" if rel_dir else d, config.exclude_globs)
            and not os.path.islink(os.path.join(dirpath, d))
        )
        for name in sorted(filenames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if is_findings_file(rel, config):
                out.append(rel)
    return out


def load_file(root: Path, rel: str) -> tuple[list[Finding], list[LoadError]]:
    """One findings file (never raises: problems come back as errors)."""
    from sastls.analyzers.findings.load import LoadError, load_findings  # readers load on first use

    try:
        result = load_findings([root / rel], root)
    except Exception as exc:  # a reader bug must not take the server down
        log.exception("loading %s failed", rel)
        return [], [LoadError(rel, "", f"cannot be loaded: {exc}")]
    return result.findings, result.errors


def read_lines(root: Path, rel: str) -> list[str] | None:
    try:
        path = root / rel
        if path.stat().st_size > MAX_SOURCE_BYTES:
            return None
        return split_lines(path.read_bytes().decode("utf-8", "replace"))
    except OSError:
        return None


def group(findings: Iterable[Finding]) -> list[tuple[Finding, ...]]:
    """Duplicates merged: one tuple per place, primary first; identical fingerprints kept once."""
    from sastls.analyzers.findings.merge import group_duplicates

    unique: dict[str, Finding] = {}
    rest: list[Finding] = []
    for f in findings:
        if not f.fingerprint:
            rest.append(f)
        elif f.fingerprint not in unique:
            unique[f.fingerprint] = f
    out: list[tuple[Finding, ...]] = []
    for g in group_duplicates([*unique.values(), *rest]):
        members = [m for m in g.members if m is not g.primary]
        out.append((g.primary, *members))
    return out


def by_path(sources: Mapping[str, Sequence[Finding]]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = defaultdict(list)
    for findings in sources.values():
        for f in findings:
            out[f.path].append(f)
    return out


def track_file(findings: Sequence[Finding], lines: Sequence[str] | None) -> list[TrackedFinding]:
    """Tracked findings of one file, against its text on disk (no text: regions taken as they are)."""
    if lines is None:  # missing or unreadable file: keep the reported lines, columns as given
        text = [""] * max((f.location.region.last_line for f in findings), default=1)
    else:
        text = list(lines)
    tracked = [track(g, text) for g in group(findings)]
    tracked.sort(key=lambda tf: (tf.span.start_line, tf.span.start_col))
    return tracked


def refingerprint(findings: Sequence[Finding], lines: Sequence[str]) -> list[str]:
    """``sastls/v1`` of each finding at its current place in ``lines`` (the canonical hash).

    An occurrence suffix (``-1``) of the loaded fingerprint is kept when the base hash is unchanged.
    """
    from sastls.analyzers.fingerprints import fingerprint_of

    out: list[str] = []
    seen: dict[str, int] = defaultdict(int)
    text = list(lines)
    for f in findings:
        base = fingerprint_of(f, text)
        old_base = f.fingerprint.split("-", 1)[0]
        if f.fingerprint and old_base == base:
            out.append(f.fingerprint)
            continue
        n = seen[base]
        seen[base] += 1
        out.append(base if n == 0 else f"{base}-{n}")
    return out
