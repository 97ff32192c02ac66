"""gcc -fanalyzer run by the server on open and save for C files (scanners = ["gcc"]), end to end
through a real LSP client: its findings arrive as diagnostics with gcc's warning option as code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytest_lsp import LanguageClient

from .conftest import diags, open_doc, start, until

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "cproj"


@pytest.fixture
def cproj(tmp_path: Path) -> Path:
    shutil.copytree(FIX / "src", tmp_path / "src")
    return tmp_path


async def test_gcc_analyzer_findings_on_open(client: LanguageClient, cproj: Path, need) -> None:  # type: ignore[no-untyped-def]
    need("gcc")
    await start(client, cproj, {"scanners": ["gcc"], "finding_globs": []})
    u = open_doc(client, cproj, "src/report.c")
    got = await until(
        lambda: [d for d in diags(client, u) if d.source == "gcc"], timeout=90, what="gcc's diagnostics"
    )
    codes = {(d.code, d.range.start.line + 1) for d in got}
    assert ("-Wanalyzer-null-dereference", 57) in codes, codes
    assert ("-Wanalyzer-use-of-uninitialized-value", 30) in codes, codes
