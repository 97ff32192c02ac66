"""gcc -fanalyzer run by the server on open and save for C files (a default scanner), end to end
through a real LSP client: its findings arrive as diagnostics with gcc's warning option as code; a
compile_commands.json gives gcc the project's flags; a missing gcc or a file that does not compile is
said once in the log, never as findings."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import lsprotocol.types as lsp
import pytest
import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from .conftest import SERVER, diags, open_doc, serving, start, until

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "cproj"


@pytest.fixture
def cproj(tmp_path: Path) -> Path:
    shutil.copytree(FIX / "src", tmp_path / "src")
    return tmp_path


def _gcc(client: LanguageClient, u: str) -> list[lsp.Diagnostic]:
    return [d for d in diags(client, u) if d.source == "gcc"]


def _save(client: LanguageClient, u: str) -> None:
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=u))
    )


def _logged(client: LanguageClient, text: str) -> list[str]:
    return [m.message for m in client.log_messages if text in m.message]


async def test_gcc_analyzer_findings_on_open(client: LanguageClient, cproj: Path, need) -> None:  # type: ignore[no-untyped-def]
    need("gcc")
    await start(client, cproj, {"scanners": ["gcc"], "finding_globs": []})
    u = open_doc(client, cproj, "src/report.c")
    got = await until(lambda: _gcc(client, u), timeout=90, what="gcc's diagnostics")
    codes = {(d.code, d.range.start.line + 1) for d in got}
    assert ("-Wanalyzer-null-dereference", 57) in codes, codes
    assert ("-Wanalyzer-use-of-uninitialized-value", 30) in codes, codes


async def test_scanner_enabled_later_scans_the_open_file(client: LanguageClient, cproj: Path, need) -> None:  # type: ignore[no-untyped-def]
    """A scanner switched on in the settings scans the files already open (no save needed)."""
    need("gcc")
    await start(client, cproj, {"scanners": [], "finding_globs": []})
    u = open_doc(client, cproj, "src/report.c")
    await asyncio.sleep(1.0)  # past the scan debounce: nothing is configured to scan this file
    assert not _gcc(client, u)
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"sastls": {"scanners": ["gcc"], "finding_globs": []}})
    )
    got = await until(lambda: _gcc(client, u), timeout=90, what="gcc's diagnostics")
    assert ("-Wanalyzer-null-dereference", 57) in {(d.code, d.range.start.line + 1) for d in got}


async def test_gcc_runs_by_default_with_offline_verdicts(client: LanguageClient, cproj: Path, need) -> None:  # type: ignore[no-untyped-def]
    """Default settings: gcc scans the C file (bandit, the other default, does not touch it), and the
    offline analyst's verdicts reach the diagnostics: the use after free is real, the uninitialised
    read under a flag nothing ever sets is a false positive, shown as a hint."""
    need("gcc")
    await start(client, cproj, defaults=True)
    u = open_doc(client, cproj, "src/cache.c")

    def judged() -> dict[int, lsp.Diagnostic] | None:
        got = {d.range.start.line + 1: d for d in _gcc(client, u) if d.message.endswith("]")}
        return got if {18, 28} <= set(got) else None

    got = await until(judged, timeout=90, what="gcc's diagnostics with verdicts")
    uaf = [d for d in _gcc(client, u) if d.code == "-Wanalyzer-use-after-free"]
    assert uaf and "[likely true positive" in uaf[0].message, uaf
    assert uaf[0].severity == lsp.DiagnosticSeverity.Warning
    assert got[28].code == "-Wanalyzer-use-of-uninitialized-value"
    assert "[likely false positive" in got[28].message and got[28].severity == lsp.DiagnosticSeverity.Hint
    assert not _logged(client, "scanner bandit"), client.log_messages


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=SERVER, server_env={**os.environ, "PATH": str(Path(sys.executable).parent)}
    )
)
async def client_without_gcc(lsp_client: LanguageClient) -> Any:
    async with serving(lsp_client):
        yield


async def test_a_missing_gcc_is_said_once(client_without_gcc: LanguageClient, cproj: Path) -> None:
    """gcc is a default scanner: on a machine without it, a Python file says nothing about it, and a C
    file gets no error per save, only one line in the log (the output panel), and no message box."""
    client = client_without_gcc
    assert shutil.which("gcc", path=str(Path(sys.executable).parent)) is None
    await start(client, cproj, defaults=True)
    (cproj / "tool.py").write_text("import subprocess\n")
    open_doc(client, cproj, "tool.py")  # gcc never runs on a Python file: nothing to say about it
    await asyncio.sleep(1.5)
    assert not _logged(client, "scanner gcc"), client.log_messages
    u = open_doc(client, cproj, "src/cache.c")
    said = await until(lambda: _logged(client, "scanner gcc"), timeout=30, what="the missing gcc in the log")
    assert "gcc not found on PATH" in said[0] and "said once" in said[0], said
    for _ in range(3):
        _save(client, u)
        await asyncio.sleep(0.8)  # past the scan's debounce: each save scans again
    await asyncio.sleep(1.5)
    assert len(_logged(client, "scanner gcc")) == 1, _logged(client, "scanner gcc")
    assert not client.messages, client.messages  # window/showMessage: nothing pops up
    assert not _gcc(client, u)


async def test_compile_commands_json_gives_gcc_the_projects_flags(
    client: LanguageClient, tmp_path: Path, need
) -> None:  # type: ignore[no-untyped-def]
    """A file whose header lives in include/ and which needs -DWITH_POOL does not compile with the default
    flags: one clear line in the log, no findings. With build/compile_commands.json (its flags only: the
    -fplugin and -o of the command are not taken), a save brings gcc's findings."""
    need("gcc")
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "pool.h").write_text("#define POOL_SIZE 16\n")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "pool.c").write_text(
        '#include <stdlib.h>\n#include <string.h>\n#include "pool.h"\n'
        "#ifndef WITH_POOL\n#error this file is built with -DWITH_POOL\n#endif\n"
        "char *pool_take(void)\n{\n    char *p = malloc(POOL_SIZE);\n"
        "    if (p == NULL)\n        return NULL;\n    free(p);\n    p[0] = 'x';\n    return p;\n}\n"
    )
    await start(client, tmp_path, {"scanners": ["gcc"], "finding_globs": []})
    u = open_doc(client, tmp_path, "lib/pool.c")
    said = await until(lambda: _logged(client, "does not compile"), timeout=60, what="the compile failure")
    assert len(said) == 1 and "lib/pool.c:3:10: fatal error: pool.h: No such file or directory" in said[0], (
        said
    )
    assert "compile_commands.json" in said[0]  # how to give gcc the project's flags
    assert not _gcc(client, u)

    (tmp_path / "build").mkdir()
    plugin = tmp_path / "evil.so"
    command = f"cc -Iinclude -DWITH_POOL=1 -fplugin={plugin} -o {tmp_path / 'pwned'} -c lib/pool.c"
    db = [{"directory": str(tmp_path), "file": "lib/pool.c", "command": command}]
    (tmp_path / "build" / "compile_commands.json").write_text(json.dumps(db))
    _save(client, u)
    got = await until(lambda: _gcc(client, u), timeout=90, what="gcc's diagnostics with the project's flags")
    assert 13 in {d.range.start.line + 1 for d in got if "use-after-free" in str(d.code)}, got
    assert not (tmp_path / "pwned").exists()
    assert len(_logged(client, "does not compile")) == 1
