"""cppcheck with the XML report (version 2) written to a file."""

from __future__ import annotations

from pathlib import Path

from ..config import Config
from .base import Invocation, which

CHECKS = "warning,style,portability,performance"


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    del workspace, config
    binary = which("cppcheck", "cppcheck")
    out = tmp / "cppcheck.xml"
    argv = [
        binary,
        "--quiet",
        f"--enable={CHECKS}",
        "--xml",
        "--xml-version=2",
        f"--output-file={out}",
        *targets,
    ]
    return Invocation(argv, "cppcheck-xml", output_file=out)
