"""Shared fixtures: a copy of the fixture workspace and a real ``sastls serve`` over stdio."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, Union

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

FIXTURE_WS = Path(__file__).parent / "fixtures" / "ws"
SERVER = [sys.executable, "-m", "sastls.server.cli", "serve"]
TIMEOUT = 20.0


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    dest = tmp_path / "ws"
    shutil.copytree(FIXTURE_WS, dest)
    return dest


def _fix_code_action_decoding(client: LanguageClient) -> None:
    """pytest-lsp + lsprotocol 2025 decode a CodeAction carrying a command as a plain Command (STACK.md)."""
    conv = client.protocol._converter
    conv.register_structure_hook(
        Union[lsp.Command, lsp.CodeAction],  # noqa: UP007 - the hook is keyed on this exact typing object
        lambda o, _: conv.structure(o, lsp.Command if isinstance(o.get("command"), str) else lsp.CodeAction),
    )


@contextlib.asynccontextmanager
async def serving(lsp_client: LanguageClient) -> AsyncIterator[None]:
    """What every test client records (registrations, sastls/status), and its shutdown."""
    _fix_code_action_decoding(lsp_client)
    registrations: list[lsp.Registration] = []
    lsp_client.registrations = registrations  # type: ignore[attr-defined]
    statuses: list[dict[str, Any]] = []
    lsp_client.statuses = statuses  # type: ignore[attr-defined]

    @lsp_client.feature("sastls/status")
    def status(params: Any) -> None:
        statuses.append(_plain(params))

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    @lsp_client.feature(lsp.CLIENT_UNREGISTER_CAPABILITY)
    def unregister(params: lsp.UnregistrationParams) -> None:
        gone = {u.id for u in params.unregisterations}
        registrations[:] = [r for r in registrations if r.id not in gone]

    yield
    if lsp_client.capabilities is None:
        # Never initialized (a test skipped before start(), e.g. a missing tool): pytest-lsp sends nothing
        # then and waits for the process forever; the server only has to exit.
        lsp_client.exit(None)
        return
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient) -> Any:
    async with serving(lsp_client):
        yield


def _plain(value: Any) -> Any:
    """pygls hands custom notification params over as namedtuples: back to plain JSON values."""
    if hasattr(value, "_asdict"):
        value = value._asdict()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def uri(ws: Path, rel: str) -> str:
    return (ws / rel).as_uri()


async def start(
    client: LanguageClient,
    ws: Path,
    settings: dict[str, Any] | None = None,
    caps: str = "visual-studio-code",
    *,
    pull: bool = False,
    defaults: bool = False,
) -> lsp.InitializeResult:
    """Start a session. A client that pulls diagnostics gets none pushed, so by default the client's
    pull capability is removed and the tests read pushed diagnostics (``pull=True`` keeps it).
    No scanners and no auto-triage unless ``settings`` say so, or ``defaults``: the server's own."""
    opts: dict[str, Any] = {} if defaults else {"scanners": [], "auto_triage": "off"}
    opts.update(settings or {})
    capabilities = client_capabilities(caps)
    if not pull and capabilities.text_document is not None:
        capabilities.text_document.diagnostic = None
    if pull:  # what VS Code 1.100 announces (pytest-lsp's recorded capabilities predate pull)
        assert capabilities.text_document is not None and capabilities.workspace is not None
        capabilities.text_document.diagnostic = lsp.DiagnosticClientCapabilities(
            related_document_support=True
        )
        capabilities.workspace.diagnostics = lsp.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return await asyncio.wait_for(
        client.initialize_session(
            lsp.InitializeParams(
                capabilities=capabilities,
                root_uri=ws.as_uri(),
                workspace_folders=[lsp.WorkspaceFolder(uri=ws.as_uri(), name="ws")],
                initialization_options={"sastls": opts},
            )
        ),
        TIMEOUT,
    )


async def until(pred: Callable[[], Any], timeout: float = TIMEOUT, what: str = "condition") -> Any:
    async def poll() -> Any:
        while not (value := pred()):
            await asyncio.sleep(0.02)
        return value

    try:
        return await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def open_doc(client: LanguageClient, ws: Path, rel: str, version: int = 1) -> str:
    u = uri(ws, rel)
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(
                uri=u, language_id="python", version=version, text=(ws / rel).read_text()
            )
        )
    )
    return u


def diags(client: LanguageClient, u: str) -> Sequence[lsp.Diagnostic]:
    return client.diagnostics.get(u, [])


def by_line(ds: Sequence[lsp.Diagnostic], line: int) -> list[lsp.Diagnostic]:
    return [d for d in ds if d.range.start.line == line]
