"""Offline verdicts on open: the findings of an opened file are judged in the background, without a click."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, by_line, diags, open_doc, start, until

SHELL = "app/shell.py"
VERDICT_WORDS = ("likely true positive", "likely false positive", "needs review")


async def _hover(client: LanguageClient, u: str, line: int, col: int) -> str:
    h = await asyncio.wait_for(
        client.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=u),
                position=lsp.Position(line=line, character=col),
            )
        ),
        TIMEOUT,
    )
    assert h is not None and isinstance(h.contents, lsp.MarkupContent)
    return h.contents.value


async def test_opened_files_get_offline_verdicts_without_a_click(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, workspace, {"auto_triage": "offline"})
    u = open_doc(client, workspace, SHELL)
    judged = await until(
        lambda: (
            (m := by_line(diags(client, u), 10)) and any(w in m[0].message for w in VERDICT_WORDS) and m[0]
        ),
        what="an offline verdict on the diagnostic",
    )
    assert "[likely true positive" in judged.message  # cmd comes from the caller: real
    assert isinstance(judged.data, dict) and judged.data["verdict"] == "TRUE_POSITIVE"
    text = await _hover(client, u, 10, 20)
    assert "True positive" in text and "Decided by heuristic" in text
    # the constant command on line 7 is a false positive: a hint by default (falsePositiveDisplay)
    constant = await until(
        lambda: [
            d for d in by_line(diags(client, u), 6) if d.code == "B602" and "false positive" in d.message
        ],
        what="the constant command judged",
    )
    assert constant[0].severity == lsp.DiagnosticSeverity.Hint
    # nothing ran as a job (no spinner) and the verdicts are stored like any other
    assert not any(st.get("running") for st in client.statuses)  # type: ignore[attr-defined]
    db = sqlite3.connect(workspace / ".sastls" / "verdicts.db")
    try:
        (n,) = db.execute("select count(*) from verdicts").fetchone()
    finally:
        db.close()
    assert n >= 3
    assert (workspace / ".sastls" / ".gitignore").exists()


async def test_false_positives_follow_the_display_setting(client: LanguageClient, workspace: Path) -> None:
    await start(client, workspace, {"auto_triage": "offline", "falsePositiveDisplay": "hide"})
    u = open_doc(client, workspace, SHELL)
    await until(
        lambda: any("likely true positive" in d.message for d in by_line(diags(client, u), 10)),
        what="the verdicts",
    )
    await until(
        lambda: not [d for d in by_line(diags(client, u), 6) if d.code == "B602"], what="the FP hidden"
    )


async def test_off_judges_nothing_until_asked(client: LanguageClient, workspace: Path) -> None:
    await start(client, workspace, {"autoTriage": "off"})
    u = open_doc(client, workspace, SHELL)
    await until(lambda: len(diags(client, u)) >= 4, what="diagnostics")
    await asyncio.sleep(1.5)
    assert not any(w in d.message for d in diags(client, u) for w in VERDICT_WORDS)
    assert not (workspace / ".sastls" / "verdicts.db").exists() or _count(workspace) == 0
    # turned on live: the open file is judged
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"sastls": {"autoTriage": "offline"}})
    )
    await until(
        lambda: any("likely true positive" in d.message for d in by_line(diags(client, u), 10)),
        what="verdicts after turning auto-triage on",
    )


def _count(workspace: Path) -> int:
    db = sqlite3.connect(workspace / ".sastls" / "verdicts.db")
    try:
        return int(db.execute("select count(*) from verdicts").fetchone()[0])
    finally:
        db.close()
