"""Scanners the server runs itself on open and save, one file at a time.

The work is ``sastls.analyzers.scanners.run_scanner`` (each scanner in its own
process, with a timeout), called from a worker thread so the server never blocks.
A scanner that is missing, fails or times out is logged and its previous findings
for the file are kept.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding

log = logging.getLogger(__name__)

DEBOUNCE_SECONDS = 0.4
TIMEOUT_SECONDS = 120.0


def scanners_for(config: Config, rel: str) -> list[str]:
    from sastls.analyzers.scanners import SCANNERS, applies_to

    names = [n for n in config.scanners if n in SCANNERS and applies_to(n, rel) and Path(rel).suffix]
    if "semgrep" in names and not config.semgrep_rules:
        names.remove("semgrep")  # semgrep runs only with the user's local rules
    return names


def inputs(config: Config) -> tuple[object, ...]:
    """The settings a scan depends on: when they change, open files are scanned again."""
    return (config.scanners, config.semgrep_rules, config.semgrep_bin)


def covers(config: Config, rel: str) -> bool:
    return bool(scanners_for(config, rel))


def _run(name: str, root: Path, rel: str, config: Config) -> list[Finding] | None:
    from sastls.analyzers.scanners import run_scanner

    result = run_scanner(name, [rel], root, config, timeout=TIMEOUT_SECONDS)
    if result.errors:
        for err in result.errors[:5]:
            log.warning("scanner %s on %s: %s", name, rel, err)
        if not result.findings:
            return None
    return [f for f in result.findings if f.path == rel]


async def scan(root: Path, rel: str, config: Config) -> list[Finding] | None:
    """Findings of every configured scanner covering ``rel`` (None when none could run)."""
    names = scanners_for(config, rel)
    if not names:
        return None
    results = await asyncio.gather(
        *(asyncio.to_thread(_run, n, root, rel, config) for n in names), return_exceptions=True
    )
    out: list[Finding] = []
    ran = False
    for name, res in zip(names, results, strict=True):
        if isinstance(res, BaseException):
            log.warning("scanner %s on %s failed: %s", name, rel, res)
        elif res is not None:
            ran = True
            out.extend(res)
    return out if ran else None
