"""Fingerprints of findings in unchanged files, from the verdict store instead of a parse.

A finding's fingerprint base depends only on its file's bytes and on the finding's tool, rule,
path and lines (``analyzers.fingerprints.cache_key``). A run remembers the bases it computed under
that key; the next run hashes each file (cheap) and takes the bases of every file whose findings
are all known, so a rerun on unchanged code reaches the stored verdicts without parsing anything.
A file is known whole or not at all: occurrence suffixes (``-1``...) are given per file in input
order, which needs every base of the file.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path

from sastls.analyzers.findings.model import Finding
from sastls.analyzers.fingerprints import cache_key, content_hash, strip_suffix, with_suffixes

log = logging.getLogger(__name__)


def read_hashes(findings: Sequence[Finding], repo: Path, limit: int = 2_000_000) -> dict[str, str]:
    """The content hash of each regular file (up to ``limit`` bytes) that findings sit in."""
    out: dict[str, str] = {}
    for path in dict.fromkeys(f.path for f in findings):
        full = repo / path
        try:
            st = os.stat(full)
            if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
                continue
            out[path] = content_hash(full.read_bytes())
        except (OSError, ValueError):
            continue
    return out


def known_fingerprints(findings: Sequence[Finding], hashes: Mapping[str, str], store: object) -> list[str]:
    """The fingerprint of each finding whose file's findings all have a cached base ("" for the
    others), with the suffixes a full computation gives. ``store``: a ``graph.store.VerdictStore``
    (anything without ``fingerprint_bases`` knows nothing)."""
    known = [""] * len(findings)
    lookup = getattr(store, "fingerprint_bases", None)
    if lookup is None:
        return known
    keys = [cache_key(f, hashes[f.path]) if f.path in hashes else "" for f in findings]
    try:
        bases: dict[str, str] = lookup([k for k in keys if k])
    except Exception as exc:  # a broken cache costs a parse, never a finding
        log.warning("fingerprint cache lookup failed: %s", exc)
        return known
    by_file: dict[str, list[int]] = {}
    for i, f in enumerate(findings):
        by_file.setdefault(f.path, []).append(i)
    for idxs in by_file.values():
        got = [bases.get(keys[i]) if keys[i] else None for i in idxs]
        if all(got):
            for i, fp in zip(idxs, with_suffixes([b for b in got if b]), strict=True):
                known[i] = fp
    return known


def remember(
    findings: Sequence[Finding],
    fingerprints: Sequence[str],
    known: Sequence[str],
    digests: Mapping[str, str],
    store: object,
) -> None:
    """Keep the bases computed this run (``fingerprints`` where ``known`` had none), keyed by the
    content hash of the bytes they were computed from (``digests``: path -> hash)."""
    put = getattr(store, "put_fingerprint_bases", None)
    if put is None:
        return
    new = {
        cache_key(f, digests[f.path]): strip_suffix(fp)
        for i, (f, fp) in enumerate(zip(findings, fingerprints, strict=True))
        if fp and not (i < len(known) and known[i]) and f.path in digests
    }
    try:
        put(new)
    except Exception as exc:
        log.warning("could not remember fingerprints: %s", exc)
