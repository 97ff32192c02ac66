"""Every command an editor client calls is registered by the server (the bug behind issue 13: the
clients offered a fix through ``sastls.fix``, which no server registered).

The clients' sources are read for the command names they send (string literals ``sastls.<name>``,
and Emacs' ``(eql sastls.<name>)`` method specializers); the server's ``initialize`` answer lists the
commands it registered. A name that is not a command (a secret's key, a settings section) is listed
below with the reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytest_lsp import LanguageClient

from .conftest import start

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = {
    "vscode": sorted((ROOT / "editors" / "vscode" / "src").glob("*.ts")),
    "neovim": sorted((ROOT / "editors" / "neovim").rglob("*.lua")),
    "emacs": sorted((ROOT / "editors" / "emacs").glob("*.el")),
}
NOT_COMMANDS = {
    "sastls.apiKey": "VS Code secret storage key",
    "sastls.exe": "the server's file name on Windows",
    "sastls.server": "a settings section",
    "sastls.status": "the status bar item's id",
    "sastls.finding": "the findings view's context value of a finding (menus' viewItem)",
    "sastls.findingsFiltered": "a context key (the findings view has a filter)",
    "sastls.report": "the report webview's view type",
    "sastls.verdict": "the findings view's context value of a verdict group",
}
_LITERAL = re.compile(r"""["'](sastls\.[a-z][A-Za-z]*)["']""")
_EQL = re.compile(r"\(eql\s+(sastls\.[a-z][A-Za-z]*)\)")


def client_commands() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for client, files in CLIENTS.items():
        names: set[str] = set()
        for f in files:
            text = f.read_text()
            names |= set(_LITERAL.findall(text)) | set(_EQL.findall(text))
        out[client] = names - set(NOT_COMMANDS)
    return out


def test_the_clients_are_read() -> None:
    calls = client_commands()
    for client in CLIENTS:
        assert {"sastls.investigate", "sastls.fix"} <= calls[client], (client, calls[client])


async def test_every_command_a_client_calls_is_registered(client: LanguageClient, workspace: Path) -> None:
    result = await start(client, workspace)
    provider = result.capabilities.execute_command_provider
    registered = set(provider.commands if provider else [])
    from sastls.server.lsp import code_actions

    offered = {getattr(code_actions, n) for n in dir(code_actions) if n.startswith("CMD_")}
    assert offered <= registered, offered - registered  # what the code actions run
    missing = {c: sorted(names - registered) for c, names in client_commands().items() if names - registered}
    assert not missing, f"commands the clients call that the server does not register: {missing}"


def test_vscode_palette_commands_are_registered_by_the_extension() -> None:
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text())
    contributed = {c["command"] for c in package["contributes"]["commands"]}
    source = "\n".join(p.read_text() for p in sorted((ROOT / "editors" / "vscode" / "src").glob("*.ts")))
    name = r"""["'](sastls\.client\.[A-Za-z.]+)["']"""
    registered = set(re.findall(rf"""(?:reg|registerCommand)\(\s*{name}""", source))
    registered |= set(re.findall(rf"""\[\s*{name}\s*,""", source))
    assert contributed <= registered, contributed - registered
