"""Fix (verified) from Neovim and Emacs on a fresh project: no findings file (the server runs bandit itself
on open), the project's own tests as ``fix.test_command`` in its ``.sastls.toml``. The fix the user is
asked about is ``tested`` (the tests ran, passed, and run the fixed function), the file changes only
after the user agrees, the project's tests pass on the applied fix, and the finding's diagnostic goes.
The example-project flow is in test_fix_in_editors.py (scanner-clean: it has no tests).

A fix that does not verify, from Neovim: a scripted model on 127.0.0.1 (tests/graph/unseen.py) that only
proposes a stub keeping the call's text (it never runs): the user is told why, sees the last attempt as
a diff labelled NOT verified, is never asked to apply it, and the file stays as it was."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
    assert not seen.get("server_edits"), "the server asked the editor to edit a file (workspace/applyEdit)"
    # Never asked means never applied (the file is compared below): say what the server answered instead.
    told = seen.get("told") or seen.get("notes")
    assert "asked" in seen, f"the user was not asked to apply a fix: {seen.get('answer')}; told {told}"
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


def _unseen() -> Any:
    name = "sastls_test_unseen"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "graph" / "unseen.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


RUNNER = """\
import subprocess


def run(cmd: str) -> int:
    return subprocess.call(cmd, shell=True)
"""
STUB = '    raise RuntimeError("disabled")\n    return subprocess.call(["true", cmd])\n'


def _stub_brain(req: Any) -> Any:
    U = _unseen()
    if "smallest correct patch" not in req.system:  # an investigation: a real finding
        args = {"verdict": "TRUE_POSITIVE", "justification": "cmd reaches a shell", "confidence": 0.8}
        return U.native(U.call("conclude", args))
    edit = {"path": "ops/runner.py", "start_line": 5, "end_line": 5, "replacement": STUB}
    return U.say(json.dumps({"description": "guard the runner", "edits": [edit]}))


@pytest.fixture
def stub_model() -> Iterator[Any]:
    with _unseen().Unseen(_stub_brain) as model:
        yield model


def test_neovim_fix_that_does_not_verify_is_shown_never_applied(
    tmp_path: Path, stub_model: Any, need: Callable[[str], str]
) -> None:
    nvim = need("nvim")
    root = tmp_path / "runner"
    (root / "ops").mkdir(parents=True)
    (root / "ops" / "runner.py").write_text(RUNNER)
    config = {"analyst": "llm", "model": "openai/unseen-nvim", "api_base": stub_model.api_base}
    (root / ".sastls.toml").write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in config.items()))
    result = tmp_path / "result.json"
    env = {
        **_env(root, result, tmp_path),
        "SASTLS_FILE": str(root / "ops" / "runner.py"),
        "SASTLS_LINE": "5",
        "SASTLS_FIX_EXPECT": "unverified",
    }
    script = Path(__file__).with_name("nvim_fix.lua")
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {script}"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=360,
        check=False,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert "error" not in seen, seen
    assert seen["picked"] == "sastls: Fix (verified) bandit B602", seen
    assert "told" in seen and "never runs" in seen["told"], seen["notes"]
    assert "asked" not in seen, "an unverified fix was offered for applying"
    (shown,) = [b for b in seen["buffers"] if "NOT verified" in b["name"]]
    assert '+    raise RuntimeError("disabled")' in shown["text"]
    assert seen["unchanged"] is True and seen["still_reported"] is True
    assert (root / "ops" / "runner.py").read_text() == RUNNER
    assert stub_model.calls >= 2
