"""gcc -fanalyzer run by the server on open and save for C files (scanners = ["gcc"]), end to end
through a real LSP client: its findings arrive as diagnostics with gcc's warning option as code."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import lsprotocol.types as lsp
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


async def test_scanner_enabled_later_scans_the_open_file(client: LanguageClient, cproj: Path, need) -> None:  # type: ignore[no-untyped-def]
    """A scanner switched on in the settings scans the files already open (no save needed)."""
    need("gcc")
    await start(client, cproj, {"scanners": [], "finding_globs": []})
    u = open_doc(client, cproj, "src/report.c")
    await asyncio.sleep(1.0)  # past the scan debounce: nothing is configured to scan this file
    assert not [d for d in diags(client, u) if d.source == "gcc"]
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"sastls": {"scanners": ["gcc"], "finding_globs": []}})
    )
    got = await until(
        lambda: [d for d in diags(client, u) if d.source == "gcc"], timeout=90, what="gcc's diagnostics"
    )
    assert ("-Wanalyzer-null-dereference", 57) in {(d.code, d.range.start.line + 1) for d in got}
