"""Is ``--repo`` the folder the scanner ran in? Checked before anything is written there."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sastls.analyzers.findings.model import Finding


class WrongRepo(Exception):
    """None of the files the findings name is inside ``--repo``."""


def wrong_repo(findings: Sequence[Finding], repo: Path) -> str | None:
    """A clear message when findings were read but none of their files is in ``repo``; else None."""
    paths = sorted({f.path for f in findings if f.path})
    if not paths:
        return None
    for p in paths:
        try:
            if (repo / p).is_file():
                return None
        except OSError:
            continue
    shown = ", ".join(paths[:3]) + (f" (+{len(paths) - 3} more)" if len(paths) > 3 else "")
    return (
        f"--repo {repo}: none of the {len(paths)} files the findings name is in it ({shown}); "
        "pass the folder the scanner ran in (nothing was written)"
    )
