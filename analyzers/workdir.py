"""The workspace's own state folder, ``.sastls/`` (verdicts, checkpoints, reports).

sastls creates it on first use with a ``.gitignore`` of ``*``, so nothing it writes there lands in
the user's commits by accident. A ``.sastls/`` the user made (for findings or models they commit)
is left as it is.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

STATE_DIR = ".sastls"
GITIGNORE = "# created by sastls: its verdicts, checkpoints and reports stay out of git\n*\n"


def ensure_dir(path: Path) -> None:
    """``mkdir -p path``; a ``.sastls`` folder created on the way gets its ``.gitignore``."""
    created = [p for p in (path, *path.parents) if p.name == STATE_DIR and not p.exists()]
    path.mkdir(parents=True, exist_ok=True)
    for folder in created:
        with contextlib.suppress(OSError):  # a read-only corner: the folder still works without it
            (folder / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
