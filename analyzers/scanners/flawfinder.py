"""flawfinder with its SARIF report on stdout."""

from __future__ import annotations

from pathlib import Path

from ..config import Config
from .base import Invocation, which


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    del workspace, config, tmp
    binary = which("flawfinder", "flawfinder")
    return Invocation([binary, "--quiet", "--columns", "--sarif", *targets], "sarif")
