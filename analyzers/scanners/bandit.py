"""bandit, run as ``python -m bandit`` with the interpreter sastls runs under (bandit is a dependency)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from ..config import Config
from .base import Invocation, ScannerUnavailable


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    del workspace, config
    if importlib.util.find_spec("bandit") is None:
        raise ScannerUnavailable(f"bandit is not installed for {sys.executable}")
    out = tmp / "bandit.json"
    argv = [sys.executable, "-m", "bandit", "-q", "-r", "--exit-zero", "-f", "json", "-o", str(out), *targets]
    return Invocation(argv, "bandit", output_file=out)
