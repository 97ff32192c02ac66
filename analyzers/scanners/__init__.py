"""Scanners sastls runs itself (on save in the language server, and in the fix loop's
re-scan): ``run_scanner(name, paths, workspace, config) -> ScanResult``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..config import Config
from .base import DEFAULT_TIMEOUT, CommandBuilder, ScanResult, execute

SCANNERS: tuple[str, ...] = ("bandit", "semgrep", "cppcheck", "flawfinder", "gcc")

# which files each scanner reads (the server runs only the relevant ones on save)
SUFFIXES: dict[str, tuple[str, ...]] = {
    "bandit": (".py", ".pyw"),
    "semgrep": (".py", ".js", ".ts", ".tsx", ".jsx", ".java", ".go", ".c", ".h", ".cc", ".cpp", ".hpp"),
    "cppcheck": (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh"),
    "flawfinder": (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh"),
    "gcc": (".c",),  # gcc -fanalyzer: C translation units
}


def _builder(name: str) -> CommandBuilder:
    if name == "bandit":
        from .bandit import command
    elif name == "semgrep":
        from .semgrep import command
    elif name == "cppcheck":
        from .cppcheck import command
    elif name == "gcc":
        from .gcc import command
    else:
        from .flawfinder import command
    return command


def applies_to(name: str, path: str | Path) -> bool:
    """Whether scanner ``name`` reads files like ``path`` (a directory: always)."""
    p = Path(path)
    return p.suffix == "" or p.suffix.lower() in SUFFIXES.get(name, ())


def run_scanner(
    name: str,
    paths: Sequence[str | Path],
    workspace: str | Path,
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> ScanResult:
    """Run scanner ``name`` on ``paths`` (files or directories inside ``workspace``).

    Never raises for scanner problems: an unknown name, a missing binary or rules, a timeout,
    a crash or an unreadable report end up in ``ScanResult.errors``. Findings carry
    workspace-relative paths and their ``sastls/v1`` fingerprints.
    """
    if name not in SCANNERS:
        return ScanResult(name, [], [f"unknown scanner {name!r} (known: {', '.join(SCANNERS)})"], 0.0)
    return execute(name, _builder(name), paths, workspace, config, timeout=timeout)


__all__ = ["SCANNERS", "SUFFIXES", "ScanResult", "applies_to", "run_scanner"]
