"""Cancelling a long investigation: by ``$/cancelRequest`` and from the progress UI.

The investigation is made long by a scripted OpenAI-compatible endpoint on 127.0.0.1
that holds every request until the test ends (no model is ever reached).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, by_line, diags, open_doc, start, until


class _Slow:
    def __init__(self) -> None:
        self.requests = 0
        self.release = threading.Event()


@pytest.fixture
def slow_model() -> Iterator[tuple[str, _Slow]]:
    state = _Slow()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            state.requests += 1
            self.rfile.read(int(self.headers.get("content-length", 0)))
            state.release.wait(60)
            self.send_response(500)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", state
    finally:
        state.release.set()
        server.shutdown()
        server.server_close()


def _settings(api_base: str) -> dict[str, object]:
    return {
        "analyst": "llm",
        "model": "openai/slow-test-model",
        "api_base": api_base,
        "cascade": False,
        "request_timeout": 60,
    }


async def _investigate_action(client: LanguageClient, u: str, d: lsp.Diagnostic) -> lsp.CodeAction:
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
        a
        for a in actions or []
        if isinstance(a, lsp.CodeAction) and a.title.startswith("sastls: Investigate")
    )


async def _setup(client: LanguageClient, workspace: Path, api_base: str) -> tuple[str, lsp.Diagnostic]:
    await start(client, workspace, _settings(api_base))
    u = open_doc(client, workspace, "app/shell.py")
    await until(lambda: by_line(diags(client, u), 10), what="diagnostics")
    return u, by_line(diags(client, u), 10)[0]


def _ended(client: LanguageClient) -> list[str]:
    return [
        v.message or ""
        for values in client.progress_reports.values()
        for v in values
        if isinstance(v, lsp.WorkDoneProgressEnd)
    ]


async def test_a_running_investigation_is_cancelled_by_request_and_by_progress_ui(
    client: LanguageClient, workspace: Path, slow_model: tuple[str, _Slow]
) -> None:
    api_base, model = slow_model
    u, d = await _setup(client, workspace, api_base)
    params = lsp.ExecuteCommandParams(command="sastls.investigate", arguments=[d.data["key"]])
    pending = asyncio.ensure_future(
        client.protocol.send_request_async(lsp.WORKSPACE_EXECUTE_COMMAND, params, msg_id="investigate-1")
    )
    await until(lambda: model.requests > 0, timeout=60, what="the model to be asked")
    running = await _investigate_action(client, u, d)
    assert running.disabled is not None and "running" in running.disabled.reason
    client.protocol.notify("$/cancelRequest", lsp.CancelParams(id="investigate-1"))
    with pytest.raises(Exception, match="cancel"):
        await asyncio.wait_for(pending, TIMEOUT)
    await until(lambda: "cancelled" in _ended(client), what="the progress bar to end as cancelled")
    again = await _investigate_action(client, u, d)
    assert again.disabled is None
    assert "[" not in by_line(diags(client, u), 10)[0].message  # no verdict was invented

    # another finding, cancelled from the progress UI this time (one server: litellm loads once)
    other = next(x for x in by_line(diags(client, u), 6) if x.code == "B602")
    result = asyncio.ensure_future(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="sastls.investigate", arguments=[{"uri": u, **other.data}])
        )
    )
    await until(lambda: model.requests > 1, timeout=60, what="the model to be asked again")
    token = list(client.progress_reports)[-1]
    client.window_work_done_progress_cancel(lsp.WorkDoneProgressCancelParams(token=token))
    done = await asyncio.wait_for(result, TIMEOUT)
    assert done["status"] == "cancelled"
    await until(lambda: _ended(client).count("cancelled") == 2, what="the second bar to end as cancelled")
    again = await _investigate_action(client, u, other)
    assert again.disabled is None


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


async def test_a_worker_that_dies_mid_investigation_fails_only_that_request(
    client: LanguageClient, workspace: Path, slow_model: tuple[str, _Slow]
) -> None:
    """Investigations run in the server's worker process: when it dies (OOM killer, a crash in a
    native parser), the request is answered with an error, the user is told, the server keeps
    answering, and the next investigation starts a new worker."""
    import os
    import signal

    api_base, model = slow_model
    u, d = await _setup(client, workspace, api_base)
    server = client._server
    assert server is not None
    pending = asyncio.ensure_future(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="sastls.investigate", arguments=[d.data["key"]])
        )
    )
    await until(lambda: model.requests > 0, timeout=60, what="the model to be asked")
    workers = _children(server.pid)
    assert len(workers) == 1, workers  # the worker, and no scanner (scanners are off)
    os.kill(workers[0], signal.SIGKILL)
    done = await asyncio.wait_for(pending, TIMEOUT)
    assert done["status"] == "error" and "worker process was killed by signal 9" in done["message"]
    await until(
        lambda: any("worker process was killed" in m.message for m in client.messages),
        what="the user to be told",
    )
    assert "[" not in by_line(diags(client, u), 10)[0].message  # no verdict was invented
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=u), position=d.range.start)
        ),
        TIMEOUT,
    )
    assert hover is not None  # the server answers as before

    asked = model.requests
    again = asyncio.ensure_future(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="sastls.investigate", arguments=[d.data["key"]])
        )
    )
    await until(lambda: model.requests > asked, timeout=60, what="a new worker to ask the model")
    now = _children(server.pid)
    assert len(now) == 1 and now != workers
    token = list(client.progress_reports)[-1]
    client.window_work_done_progress_cancel(lsp.WorkDoneProgressCancelParams(token=token))
    assert (await asyncio.wait_for(again, TIMEOUT))["status"] == "cancelled"
