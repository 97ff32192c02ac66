"""Shared set-up for the editor-client tests: a copy of the example project and the server command."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "projects" / "pyapp"


@pytest.fixture()
def workspace(tmp_path: Path) -> Path:
    """A private copy of the example project (its findings included): verdict stores do not leak
    between tests."""
    dest = tmp_path / "pyapp"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns(".sastls", "__pycache__"))
    return dest


@pytest.fixture()
def server_command() -> list[str]:
    exe = Path(sys.executable).with_name("sastls")
    return [str(exe), "serve"]


@pytest.fixture()
def output_dir() -> Path:
    out = ROOT / "test-output" / "editors"
    out.mkdir(parents=True, exist_ok=True)
    return out
