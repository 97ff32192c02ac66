"""``sastls.fix`` through a real ``sastls serve``: the code action, progress, the answer (diff, level,
WorkspaceEdit), the file untouched until the client applies the edit, the re-check that removes the
diagnostic, a fix that does not verify (a scripted model on 127.0.0.1 that only proposes stubs), and
cancel (a model that never answers).
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, by_line, diags, open_doc, start, until

SHELL = "app/shell.py"
CONSTANT = 6  # 0-based: subprocess.call("ls -l", shell=True): the offline rewrite holds
FROM_CALLER = 10  # 0-based: subprocess.call(cmd, shell=True), cmd from the caller: no offline rewrite


class _Model:
    """An OpenAI-compatible endpoint answering from a script (or holding every request)."""

    def __init__(self, answers: list[str], hold: bool = False) -> None:
        self.answers = answers
        self.hold = hold
        self.requests = 0
        self.release = threading.Event()

    def reply(self) -> bytes:
        self.requests += 1
        if self.hold:
            self.release.wait(60)
        text = self.answers.pop(0) if self.answers else "{}"
        body = {
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": "scripted",
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }
        return json.dumps(body).encode()


def _serve(model: _Model) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", 0)))
            data = model.reply()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        model.release.set()
        server.shutdown()
        server.server_close()


def _stub(n: int) -> str:
    line = f"    return {n}  # subprocess disabled\n"
    return json.dumps(
        {
            "description": f"stub {n}",
            "edits": [{"path": SHELL, "start_line": 11, "end_line": 11, "replacement": line}],
        }
    )


@pytest.fixture
def stub_model() -> Iterator[tuple[str, _Model]]:
    model = _Model([_stub(n) for n in range(10)])
    for url in _serve(model):
        yield url, model


@pytest.fixture
def silent_model() -> Iterator[tuple[str, _Model]]:
    model = _Model([], hold=True)
    for url in _serve(model):
        yield url, model


def _llm(api_base: str) -> dict[str, object]:
    return {"analyst": "llm", "model": "openai/scripted", "api_base": api_base, "cascade": False}


async def _fix_action(client: LanguageClient, u: str, d: lsp.Diagnostic) -> lsp.CodeAction:
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=lsp.TextDocumentIdentifier(uri=u),
                range=d.range,
                context=lsp.CodeActionContext(diagnostics=[d]),
            )
        ),
        TIMEOUT,
    )
    return next(
        a for a in actions or [] if isinstance(a, lsp.CodeAction) and a.title.startswith("sastls: Fix")
    )


async def _run(client: LanguageClient, action: lsp.CodeAction, timeout: float = 120) -> dict[str, Any]:
    assert action.command is not None
    result = await asyncio.wait_for(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command=action.command.command, arguments=action.command.arguments)
        ),
        timeout,
    )
    assert isinstance(result, dict), result
    return result


def _apply(text: str, edit: dict[str, Any], u: str) -> str:
    """What an editor does with the WorkspaceEdit (documentChanges or changes, LSP positions)."""
    changes = edit.get("documentChanges")
    edits = changes[0]["edits"] if changes else edit["changes"][u]
    if changes:
        assert changes[0]["textDocument"]["uri"] == u
    lines = text.split("\n")

    def offset(p: dict[str, int]) -> int:
        return sum(len(line) + 1 for line in lines[: p["line"]]) + p["character"]

    for e in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        a, b = offset(e["range"]["start"]), offset(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text


def _b602(client: LanguageClient, u: str, line: int) -> list[lsp.Diagnostic]:
    return [d for d in by_line(diags(client, u), line) if d.data and d.data.get("rule_id") == "B602"]


def _ended(client: LanguageClient) -> list[str]:
    return [
        v.message or ""
        for values in client.progress_reports.values()
        for v in values
        if isinstance(v, lsp.WorkDoneProgressEnd)
    ]


async def test_fix_verified_then_applied_by_the_client_and_rechecked(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, workspace)
    u = open_doc(client, workspace, SHELL)
    await until(lambda: _b602(client, u, CONSTANT), what="diagnostics")
    before = (workspace / SHELL).read_text()
    action = await _fix_action(client, u, _b602(client, u, CONSTANT)[0])
    assert action.title == "sastls: Fix (verified) bandit B602" and action.kind == "quickfix.sastls"
    result = await _run(client, action)
    assert result["status"] == "done" and result["verified"] is True, result
    assert result["level"] == "scanner-clean" and result["migration"] == ""
    assert '+    return subprocess.call(["ls", "-l"])' in result["diff"]
    assert [c["name"] for c in result["verification"]["checks"]][3:5] == ["names", "semantics"]
    assert result["edit"] is not None
    assert (workspace / SHELL).read_text() == before  # the server never writes the file
    await until(
        lambda: any(m.startswith("verified (scanner-clean)") for m in _ended(client)), what="progress end"
    )

    # a fix is refused while the file has unsaved changes (it is verified against the file on disk)
    patched = _apply(before, result["edit"], u)
    assert patched != before and 'subprocess.call(["ls", "-l"])' in patched
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=patched)],
        )
    )
    # applied: the finding is re-checked (bandit on the buffer) and its diagnostic goes away
    await until(
        lambda: not _b602(client, u, CONSTANT), timeout=60, what="the fixed finding's diagnostic to go"
    )
    assert _b602(client, u, FROM_CALLER), "the other finding stays"
    refused = await _run(client, await _fix_action(client, u, _b602(client, u, FROM_CALLER)[0]))
    assert refused["status"] == "error" and "save app/shell.py first" in refused["message"]

    # saved with the fix: a person applied and kept it, so it is a known fix for the rule
    (workspace / SHELL).write_text(patched)
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=u))
    )
    from sastls.graph.store import VerdictStore

    def known() -> list[dict[str, Any]]:
        with VerdictStore(workspace / ".sastls" / "verdicts.db") as store:
            return store.known_fixes("B602")

    rows = await until(known, what="the applied fix to be recorded")
    assert rows[0]["trust"] == "applied" and rows[0]["change"] == result["diff"]


async def test_a_fix_that_does_not_verify_is_shown_never_offered_as_an_edit(
    client: LanguageClient, workspace: Path, stub_model: tuple[str, _Model]
) -> None:
    api_base, model = stub_model
    await start(client, workspace, _llm(api_base))
    u = open_doc(client, workspace, SHELL)
    await until(lambda: _b602(client, u, FROM_CALLER), what="diagnostics")
    before = (workspace / SHELL).read_text()
    result = await _run(client, await _fix_action(client, u, _b602(client, u, FROM_CALLER)[0]))
    assert result["status"] == "done" and result["verified"] is False
    assert result["edit"] is None and result["level"] == ""
    assert result["stop_reason"].startswith("stuck: the same verification error 3 times"), result
    assert "semantics: sink: the call subprocess.call() at line 11 is gone" in result["stop_reason"]
    assert "+    return" in result["diff"] and "subprocess disabled" in result["diff"]  # the last attempt
    assert result["usage"]["model_calls"] == model.requests == 6
    assert (workspace / SHELL).read_text() == before
    assert _b602(client, u, FROM_CALLER)  # nothing changed
    await until(lambda: any(m.startswith("no verified fix") for m in _ended(client)), what="progress end")


async def test_a_running_fix_is_cancelled(
    client: LanguageClient, workspace: Path, silent_model: tuple[str, _Model]
) -> None:
    api_base, model = silent_model
    await start(client, workspace, _llm(api_base))
    u = open_doc(client, workspace, SHELL)
    await until(lambda: _b602(client, u, FROM_CALLER), what="diagnostics")
    d = _b602(client, u, FROM_CALLER)[0]
    action = await _fix_action(client, u, d)
    pending = asyncio.ensure_future(_run(client, action, timeout=TIMEOUT * 3))
    await until(lambda: model.requests > 0, timeout=60, what="the model to be asked")
    running = await _fix_action(client, u, d)
    assert running.disabled is not None and "being verified" in running.disabled.reason
    cancelled = await asyncio.wait_for(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="sastls.cancel", arguments=[{"uri": u, **d.data, "job": "fix"}])
        ),
        TIMEOUT,
    )
    assert cancelled["status"] == "cancelled"
    result = await asyncio.wait_for(pending, TIMEOUT)
    assert result["status"] == "cancelled"
    await until(lambda: "cancelled" in _ended(client), what="the progress bar to end as cancelled")
    again = await _fix_action(client, u, d)
    assert again.disabled is None
