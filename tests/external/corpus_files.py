"""The external corpora's manifests and status lines, as their tests read and write them."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any


@functools.cache
def read_manifest(path: Path) -> Any:
    """The parsed manifest at ``path`` (read once per run; its dataclasses are frozen)."""
    from sastls.server.evaluate_external import parse_manifest

    manifest, errors = parse_manifest(path.read_text(encoding="utf-8"))
    assert not errors, f"{path.name}: {errors}"
    return manifest


def write_status(path: Path, line: str) -> None:
    """The one status line ``make test`` prints at the end for a corpus (ran with figures, or why not)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(line.rstrip() + "\n")
