"""A human verdict teaches, through the language server: after `sastls.judge` FALSE_POSITIVE with a
reason naming a function, the server asks (window/showMessageRequest); only a yes writes
.sastls/models/learned.toml, and the other finding through the function is then judged with it.
Bad model files are reported when the server starts."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, diags, open_doc, start, until

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "tests" / "fixtures" / "projects" / "learn"
VIEWS = "app/views.py"
LEARNED = Path(".sastls") / "models" / "learned.toml"


@pytest.fixture
def learn_ws(tmp_path: Path) -> Path:
    dest = tmp_path / "learn"
    shutil.copytree(PROJECT, dest)
    return dest


def _answer(client: LanguageClient, choice: str | None) -> list[lsp.ShowMessageRequestParams]:
    asked: list[lsp.ShowMessageRequestParams] = []

    @client.feature(lsp.WINDOW_SHOW_MESSAGE_REQUEST)
    def show(params: lsp.ShowMessageRequestParams) -> lsp.MessageActionItem | None:
        asked.append(params)
        for action in params.actions or []:
            if choice is not None and action.title.startswith(choice):
                return action
        return None

    return asked


def _verdict_word(d: lsp.Diagnostic) -> str:
    m = d.message.lower()
    return "fp" if "false positive" in m else "tp" if "true positive" in m else "?"


async def _judged(client: LanguageClient, ws: Path, choice: str | None) -> tuple[str, Any, list[Any]]:
    asked = _answer(client, choice)
    await start(client, ws, {"auto_triage": "offline"})
    u = open_doc(client, ws, VIEWS)
    ds = await until(
        lambda: (
            len(diags(client, u)) == 2
            and all(_verdict_word(d) == "tp" for d in diags(client, u))
            and diags(client, u)
        ),
        what="both findings judged true positive offline",
    )
    first = min(ds, key=lambda d: d.range.start.line)
    result = await asyncio.wait_for(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(
                command="sastls.judge",
                arguments=[{**first.data, "verdict": "FALSE_POSITIVE", "reason": "validated by check_name"}],
            )
        ),
        TIMEOUT,
    )
    await until(lambda: asked, what="the offer")
    return u, result, asked


async def test_an_accepted_offer_records_the_model_and_judges_the_other_finding(
    client: LanguageClient, learn_ws: Path
) -> None:
    u, result, asked = await _judged(client, learn_ws, "Record")
    assert result["verdict"] == "FALSE_POSITIVE" and result["human"]
    assert result["learn"]["name"] == "check_name" and result["learn"]["role"] == "validator"
    assert (
        "record check_name() as a validator for path traversal in .sastls/models/learned.toml"
        in asked[0].message
    )
    assert [a.title for a in asked[0].actions or []] == ["Record check_name() as a validator", "Not now"]
    await until((learn_ws / LEARNED).exists, what="learned.toml")
    assert 'names = ["check_name"]' in (learn_ws / LEARNED).read_text()
    await until(
        lambda: all(_verdict_word(d) == "fp" for d in diags(client, u)) and len(diags(client, u)) == 2,
        what="the other finding judged false positive with the new model",
    )
    await until(
        lambda: [m for m in client.messages if "recorded check_name()" in m.message], what="a message"
    )


async def test_a_declined_offer_writes_nothing(client: LanguageClient, learn_ws: Path) -> None:
    u, result, asked = await _judged(client, learn_ws, "Not now")
    assert result["learn"] is not None and len(asked) == 1
    await asyncio.sleep(1.0)
    assert not (learn_ws / LEARNED).exists()
    second = max(diags(client, u), key=lambda d: d.range.start.line)
    assert _verdict_word(second) == "tp"


async def test_a_bad_model_file_is_reported_and_the_defaults_stay(
    client: LanguageClient, learn_ws: Path
) -> None:
    (learn_ws / ".sastls" / "models").mkdir(parents=True)
    (learn_ws / ".sastls" / "models" / "mine.toml").write_text(
        'language = "python"\nlibrary = "x"\n[[validators]]\nfamily = "path"\nnmes = ["check_name"]\n'
    )
    await start(client, learn_ws, {"auto_triage": "offline"})
    msg = await until(lambda: [m for m in client.messages if "mine.toml" in m.message], what="a message")
    assert "validators[0].nmes" in msg[0].message and "$.validators[0].nmes" in msg[0].message
    assert msg[0].type == lsp.MessageType.Warning
    u = open_doc(client, learn_ws, VIEWS)
    await until(
        lambda: len(diags(client, u)) == 2 and all(_verdict_word(d) == "tp" for d in diags(client, u)),
        what="verdicts with the built-in models",
    )
