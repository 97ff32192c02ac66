"""Fix (verified) from Neovim and Emacs on a fresh project: no findings file (the server runs bandit itself
on open), the project's own tests as ``fix.test_command`` in its ``.sastls.toml``. The fix the user is
asked about is ``tested`` (the tests ran, passed, and run the fixed function), the file changes only
after the user agrees, the project's tests pass on the applied fix, and the finding's diagnostic goes.
The example-project flow is in test_fix_in_editors.py (scanner-clean: it has no tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.editor

TOOLS = """\
import subprocess


def greet(name: str) -> str:
    out = subprocess.run("echo hello " + name, shell=True, capture_output=True, text=True)
    return out.stdout
"""
LINE = 5
TEST = """\
from net.tools import greet


def test_greet() -> None:
    assert greet("world") == "hello world\\n"
"""
FIXED = 'out = subprocess.run(["echo", "hello", name], capture_output=True, text=True)'


@pytest.fixture
def fresh(tmp_path: Path) -> Path:
    root = tmp_path / "fresh"
    (root / "net").mkdir(parents=True)
    (root / "net" / "__init__.py").write_text("")
    (root / "net" / "tools.py").write_text(TOOLS)
    (root / "tests").mkdir()
    (root / "tests" / "test_tools.py").write_text(TEST)
    command = f"{sys.executable} -m pytest -q -p no:cacheprovider tests"
    (root / ".sastls.toml").write_text(f"[fix]\ntest_command = {json.dumps(command)}\n")
    return root


def _env(root: Path, result: Path, tmp_path: Path) -> dict[str, str]:
    import os

    server = Path(sys.executable).with_name("sastls")
    return {
        **os.environ,
        "SASTLS_PLUGIN": str(ROOT / "editors" / "neovim"),
        "SASTLS_EL": str(ROOT / "editors" / "emacs" / "sastls.el"),
        "SASTLS_CMD": f"{server} serve",
        "SASTLS_FILE": str(root / "net" / "tools.py"),
        "SASTLS_ROOT": str(root),
        "SASTLS_LINE": str(LINE),
        "SASTLS_RULE": "B602",
        "SASTLS_OUT": str(result),
        "HOME": str(tmp_path),
    }


def _check(seen: dict[str, object], root: Path) -> None:
    assert "error" not in seen, seen
    assert seen["unchanged_when_asked"] is True, "the file changed before the user agreed"
    asked = str(seen["asked"])
    assert "verified, tested" in asked and "Apply" in asked, asked
    assert f"+    {FIXED}" in str(seen["diff_shown"]), seen
    after = (root / "net" / "tools.py").read_text()
    assert FIXED in after and seen["after"] == after
    assert seen["gone"] is True, "the fixed finding's diagnostic stayed"
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert tests.returncode == 0, tests.stdout[-2000:]  # the project's tests pass on the applied fix


def test_neovim_fix_on_a_fresh_project(fresh: Path, tmp_path: Path, need: Callable[[str], str]) -> None:
    nvim = need("nvim")
    result = tmp_path / "result.json"
    script = Path(__file__).with_name("nvim_fix.lua")
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {script}"],
        cwd=fresh,
        env=_env(fresh, result, tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert seen["picked"] == "sastls: Fix (verified) bandit B602", seen
    _check(seen, fresh)


def test_emacs_fix_on_a_fresh_project(fresh: Path, tmp_path: Path, need: Callable[[str], str]) -> None:
    emacs = need("emacs")
    result = tmp_path / "result.json"
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(Path(__file__).with_name("emacs_fix.el"))],
        cwd=fresh,
        env=_env(fresh, result, tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.exists(), proc.stderr[-2000:]
    _check(json.loads(result.read_text()), fresh)
