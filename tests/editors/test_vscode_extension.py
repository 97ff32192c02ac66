"""The VS Code extension, packaged as a .vsix and driven in a real VS Code workbench (code-server + Chromium).

Set-up (code-server 4.100.3 from npm, built once into ~/.cache/sastls/code-server) is part of the test so a
fresh machine needs nothing by hand; the extension's own lint, type check and unit tests run first.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT, E2ERunner

pytestmark = pytest.mark.editor


def test_vsix_contents(vsix: Path) -> None:
    with zipfile.ZipFile(vsix) as zf:  # a fresh machine has no `unzip`
        listing = zf.namelist()
    assert "extension/dist/extension.js" in listing
    assert "extension/package.json" in listing
    assert not [n for n in listing if "node_modules" in n]  # bundled by esbuild


def test_investigate_from_quick_fix_in_vscode(run_e2e: E2ERunner, workspace: Path, output_dir: Path) -> None:
    out = output_dir / "vscode"
    run_e2e("code-server.mjs", workspace, out, "--open", "app/shell.py")
    assert (out / "3-verdict.png").exists()


def test_fix_from_quick_fix_in_vscode(run_e2e: E2ERunner, workspace: Path, output_dir: Path) -> None:
    """Fix (verified) on a real finding (bandit B602, app/shell.py:11): the notification names the
    level, the diff opens, the file on disk changes only after Apply, and the problem goes away."""
    out = output_dir / "vscode-fix"
    target = workspace / "app" / "shell.py"
    before = target.read_text()
    run_e2e("code-server.mjs", workspace, out, "--open", "app/shell.py", "--scenario", "fix", "--line", "11",
            "--rule", "B602")  # fmt: skip
    seen = json.loads((out / "result.json").read_text())
    assert any("Fix (verified) bandit B602" in t for t in seen["quickfixes"]), seen["quickfixes"]
    assert "verified, scanner-clean" in seen["offered"]
    assert seen["before"] == before and seen["after"] == target.read_text() != before
    assert 'subprocess.run(["ping", "-c", "1", host], capture_output=True, text=True)' in seen["after"]
    assert 'subprocess.run(["ping", "-c", "1", host]' in seen["inserted"]  # the diff showed the fix


def test_a_false_positive_with_a_reason_teaches_a_model_in_vscode(
    run_e2e: E2ERunner, tmp_path: Path, output_dir: Path
) -> None:
    """Mark a finding false positive from the light bulb, answer the extension's question for the reason
    with "validated by check_name", click the offer's button, and the other finding through check_name is
    judged with the recorded model (editors/vscode/test/e2e/learn.mjs)."""
    workspace = tmp_path / "learn"
    shutil.copytree(ROOT / "tests" / "fixtures" / "projects" / "learn", workspace)
    out = output_dir / "vscode-learn"
    run_e2e("learn.mjs", workspace, out, "--open", "app/views.py")
    assert 'names = ["check_name"]' in (workspace / ".sastls" / "models" / "learned.toml").read_text()
    assert (out / "4-after.png").exists()
