"""``sastls.findings``: what the VS Code findings view shows."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import by_line, diags, open_doc, start, until

ROOT = Path(__file__).resolve().parents[2]
SHELL = "app/shell.py"


async def _execute(client: LanguageClient, command: str, *args: object) -> Any:
    return await asyncio.wait_for(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command=command, arguments=list(args))
        ),
        60,
    )


async def test_findings_lists_every_finding_with_its_verdict_false_positives_included(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, workspace, {"auto_triage": "offline", "false_positive_display": "hide"})
    u = open_doc(client, workspace, SHELL)
    await until(
        lambda: any("likely true positive" in d.message for d in by_line(diags(client, u), 10)),
        what="verdicts",
    )

    async def listed() -> dict[str, Any]:
        got: dict[str, Any] = await _execute(client, "sastls.findings", {})
        return got

    result = await listed()
    for _ in range(50):  # the constant command's verdict may come in the next batch
        if any(f["verdict"] == "FALSE_POSITIVE" for f in result["findings"]):
            break
        await asyncio.sleep(0.1)
        result = await listed()
    items = result["findings"]
    assert {f["path"] for f in items} == {SHELL}
    merged = [f for f in items if f["line"] == 11]
    assert (
        len(merged) == 1
        and merged[0]["tools"] == ["bandit", "semgrep"]
        and merged[0]["verdict"] == "TRUE_POSITIVE"
    )
    assert merged[0]["range"]["start"] == {"line": 10, "character": 11}
    assert merged[0]["uri"] == u and merged[0]["fingerprint"] and merged[0]["reason"]
    hidden = [f for f in items if f["verdict"] == "FALSE_POSITIVE"]
    assert hidden, items  # hidden from the Problems panel, still in the view
    assert not [d for d in diags(client, u) if "false positive" in d.message]
    counts = result["counts"]
    assert sum(counts.values()) == len(items) and counts["FALSE_POSITIVE"] == len(hidden)
