"""A human verdict teaches, through the real editor clients: mark a finding false positive with a reason
naming a function of its code, accept the server's offer where the editor shows it (Neovim's and Emacs'
prompts here; VS Code's notification in test_vscode_extension.py), and the other finding through that
function is judged false positive with the model recorded in .sastls/models/learned.toml."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "tests" / "fixtures" / "projects" / "learn"
LEARNED = Path(".sastls") / "models" / "learned.toml"
pytestmark = pytest.mark.editor


@pytest.fixture
def learn_ws(tmp_path: Path) -> Path:
    dest = tmp_path / "learn"
    shutil.copytree(PROJECT, dest)
    return dest


def _env(server_command: list[str], **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{Path(server_command[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        **extra,
    }


def _check(seen: dict[str, object], ws: Path, via: str) -> None:
    assert "error" not in seen, seen
    if via == "lightbulb":  # the client asked the person for the reason the code action left out
        assert any("learn" in p for p in seen["reason_prompts"]), seen  # type: ignore[attr-defined]
    assert seen["before"] == "tp,tp", seen  # the project's own check is unknown to the analyst
    assert seen["asked"], seen
    assert "check_name() as a validator for path traversal" in json.dumps(seen["prompts"]), seen
    assert seen["recorded"], seen
    assert 'names = ["check_name"]' in (ws / LEARNED).read_text()
    assert seen["after"] == "fp,fp", seen  # the judged finding (a person's) and the other one (the model's)


@pytest.mark.parametrize("via", ["command", "lightbulb"])
def test_neovim_offers_the_model_and_the_other_finding_benefits(
    learn_ws: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str], via: str
) -> None:
    nvim = need("nvim")
    result = tmp_path / "result.json"
    env = _env(
        server_command,
        SASTLS_PLUGIN=str(ROOT / "editors" / "neovim"),
        SASTLS_FILE=str(learn_ws / "app" / "views.py"),
        SASTLS_OUT=str(result),
        SASTLS_VIA=via,
    )
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {Path(__file__).with_name('nvim_learn.lua')}"],
        cwd=learn_ws, env=env, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert result.exists(), proc.stderr[-2000:]
    _check(json.loads(result.read_text()), learn_ws, via)


@pytest.mark.parametrize("via", ["command", "lightbulb"])
def test_emacs_offers_the_model_and_the_other_finding_benefits(
    learn_ws: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str], via: str
) -> None:
    emacs = need("emacs")
    result = tmp_path / "result.json"
    env = _env(
        server_command,
        SASTLS_EL=str(ROOT / "editors" / "emacs" / "sastls.el"),
        SASTLS_FILE=str(learn_ws / "app" / "views.py"),
        SASTLS_OUT=str(result),
        SASTLS_ROOT=str(learn_ws),
        SASTLS_VIA=via,
        HOME=str(tmp_path),
    )
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(Path(__file__).with_name("emacs_learn.el"))],
        cwd=learn_ws, env=env, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    assert result.exists(), proc.stderr[-2000:]
    _check(json.loads(result.read_text()), learn_ws, via)
