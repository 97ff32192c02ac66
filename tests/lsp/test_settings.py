"""Editor settings as editors send them (VS Code's camelCase section with its `server.*` group), read live."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import diags, open_doc, start, until

ROOT = Path(__file__).resolve().parents[2]
SHELL = "app/shell.py"


def vscode_section(**changed: Any) -> dict[str, Any]:
    """What ``workspace.getConfiguration("sastls")`` holds: every contributed setting, nested by dots."""
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    values = {k: v["default"] for k, v in package["contributes"]["configuration"]["properties"].items()}
    values.update({f"sastls.{k}": v for k, v in changed.items()})
    out: dict[str, Any] = {}
    for name, value in values.items():
        *parents, leaf = name.removeprefix("sastls.").split(".")
        node = out
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = value
    return out


async def test_vscode_settings_are_accepted_and_finding_globs_change_live(
    client: LanguageClient, workspace: Path
) -> None:
    section = vscode_section(findingGlobs=["nothing-here/*.sarif"], scanners=[], autoTriage="off")
    section["server"]["path"] = "/opt/sastls/bin/sastls"
    await start(client, workspace, section)
    u = open_doc(client, workspace, SHELL)
    await asyncio.sleep(1.0)
    assert diags(client, u) == []
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(
            settings={"sastls": vscode_section(findingGlobs=["**/*.sarif"], scanners=[], autoTriage="off")}
        )
    )
    found = await until(
        lambda: len(diags(client, u)) >= 4 and diags(client, u), what="findings after the change"
    )
    assert any(d.code == "B602" for d in found)
    assert not [m.message for m in client.messages if "settings" in m.message]


async def test_a_setting_the_server_does_not_know_is_named(client: LanguageClient, workspace: Path) -> None:
    await start(client, workspace, {"findingGlobs": ["**/*.sarif"], "noSuchSetting": True})
    msg = await until(
        lambda: [m for m in client.messages if "invalid settings" in m.message], what="a message"
    )
    assert "noSuchSetting" in msg[0].message and "findingGlobs" not in msg[0].message
