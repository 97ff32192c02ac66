"""Scanners the server runs itself on open and save, one file at a time.

The work is ``sastls.analyzers.scanners.run_scanner`` (each scanner in its own
process, with a timeout), called from a worker thread so the server never blocks.
A scanner that is missing, fails or times out is logged and its previous findings
for the file are kept. A problem is logged when it first appears, not on every save:
a missing program (gcc not installed) once per session, a file's problem (it does not
compile) again only when it changes or after the file scanned cleanly.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding

if TYPE_CHECKING:
    from sastls.analyzers.scanners.base import ScanResult

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


class Told:
    """The scanner problems already logged: (scanner, file) -> the problem; (scanner, "") for a missing
    program. Used on the event loop only."""

    def __init__(self) -> None:
        self._said: dict[tuple[str, str], str] = {}

    def problems(self, name: str, rel: str, errors: list[str], *, missing: bool) -> None:
        key = (name, "" if missing else rel)
        text = "; ".join(errors[:5])
        if not errors:
            self._said.pop(key, None)  # scanned cleanly: a later problem is news again
        elif self._said.get(key) != text:
            self._said[key] = text
            if missing:
                log.warning("scanner %s cannot run here, so it is skipped (said once): %s", name, text)
            else:
                for err in errors[:5]:
                    log.warning("scanner %s on %s: %s", name, rel, err)


def _run(name: str, root: Path, rel: str, config: Config) -> ScanResult:
    from sastls.analyzers.scanners import run_scanner

    return run_scanner(name, [rel], root, config, timeout=TIMEOUT_SECONDS)


async def scan(root: Path, rel: str, config: Config, told: Told) -> list[Finding] | None:
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
            continue
        told.problems(name, rel, res.errors, missing=res.missing)
        if res.errors and not res.findings:
            continue  # it could not run on the file: its previous findings stay
        ran = True
        out.extend(f for f in res.findings if f.path == rel)
    return out if ran else None
