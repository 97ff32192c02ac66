"""``sastls.investigate`` in the language server against a scripted model it was not written for.

The model (tests/graph/unseen.py) reads the callers in a Qwen-style text call whose JSON has a
trailing comma, then answers with a ``<think>`` block that holds a FALSE_POSITIVE draft before its
real TRUE_POSITIVE conclusion. The editor must show the model's own verdict, decided by llm.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import by_line, diags, open_doc, start, until


def _unseen() -> Any:
    name = "sastls_test_unseen"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "graph" / "unseen.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


U = _unseen()
DRAFT = {
    "name": "conclude",
    "arguments": {"verdict": "FALSE_POSITIVE", "justification": "x", "confidence": 0.9},
}
FINAL = {
    "name": "conclude",
    "arguments": {
        "verdict": "TRUE_POSITIVE",
        "justification": "run_user passes its cmd argument to a shell",
        "evidence": [{"path": "app/shell.py", "start_line": 11, "end_line": 11, "why": "shell=True sink"}],
        "confidence": 0.8,
    },
}


def _brain(req: Any) -> Any:
    if req.agent_turns() == 0:
        return U.say(
            "<tool_call>{'name': 'fetch_code', "
            "'arguments': {'kind': 'callers', 'symbol': 'run_user',},}</tool_call>"
        )
    return U.say(f"<think>{json.dumps(DRAFT)}</think>\n{json.dumps(FINAL)}")


@pytest.fixture
def model() -> Iterator[Any]:
    with U.Unseen(_brain) as m:
        yield m


async def test_investigate_against_an_unseen_model(
    client: LanguageClient, workspace: Path, model: Any
) -> None:
    settings = {
        "analyst": "llm",
        "model": "openai/unseen-lsp",
        "api_base": model.api_base,
        "cascade": False,
        "request_timeout": 30,
    }
    await start(client, workspace, settings)
    u = open_doc(client, workspace, "app/shell.py")
    d = (await until(lambda: by_line(diags(client, u), 10), what="diagnostics"))[0]
    params = lsp.ExecuteCommandParams(command="sastls.investigate", arguments=[d.data["fingerprint"]])
    result = await asyncio.wait_for(client.workspace_execute_command_async(params), 120)
    assert isinstance(result, dict) and result["status"] == "done", result
    assert result["verdict"] == "TRUE_POSITIVE"
    assert model.calls == 2  # the callers, then the conclusion
    after = await until(
        lambda: (x := by_line(diags(client, u), 10)) and x[0].data.get("verdict") == "TRUE_POSITIVE" and x[0],
        what="the diagnostic to show the verdict",
    )
    assert "TRUE_POSITIVE" in after.message or "true positive" in after.message.lower()
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=u), position=lsp.Position(line=10, character=20)
            )
        ),
        30,
    )
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "llm" in hover.contents.value and "shell=True sink" in hover.contents.value
    second = model.bodies[1]
    assert "def list_files" in json.dumps(second) or "run_user" in json.dumps(second)
    turn = next(m for m in second["messages"] if m.get("tool_calls"))
    assert turn.get("content") is None  # the text was the call
