"""The language server end to end over stdio (pytest-lsp): diagnostics, actions, hover, edits."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, by_line, diags, open_doc, start, until

SHELL = "app/shell.py"


async def test_open_file_publishes_diagnostics_with_payload(client: LanguageClient, workspace: Path) -> None:
    result = await start(client, workspace)
    assert result.capabilities.code_action_provider
    u = open_doc(client, workspace, SHELL)
    ds = await until(lambda: len(diags(client, u)) >= 4 and diags(client, u), what="diagnostics")
    merged = by_line(ds, 10)
    assert len(merged) == 1, merged
    d = merged[0]
    assert d.source == "bandit, semgrep"
    assert d.code == "B602"
    assert d.severity == lsp.DiagnosticSeverity.Error
    assert d.code_description and d.code_description.href.startswith("https://")
    assert isinstance(d.data, dict) and d.data["fingerprint"]
    assert d.range.start.character == 11
    assert "also: semgrep" in d.message
    assert d.related_information and "semgrep" in d.related_information[0].message


def _range(sl: int, sc: int, el: int, ec: int) -> lsp.Range:
    return lsp.Range(start=lsp.Position(line=sl, character=sc), end=lsp.Position(line=el, character=ec))


def _merged(client: LanguageClient, u: str) -> lsp.Diagnostic:
    found = by_line(diags(client, u), 10)
    assert len(found) == 1, found
    return found[0]


async def _opened(client: LanguageClient, workspace: Path, **settings: object) -> str:
    await start(client, workspace, dict(settings))
    u = open_doc(client, workspace, SHELL)
    await until(lambda: len(diags(client, u)) >= 4, what="diagnostics")
    return u


async def _actions(client: LanguageClient, u: str, d: lsp.Diagnostic, only: list[str] | None = None) -> list:
    got = await asyncio.wait_for(
        client.text_document_code_action_async(
            lsp.CodeActionParams(
                text_document=lsp.TextDocumentIdentifier(uri=u),
                range=d.range,
                context=lsp.CodeActionContext(diagnostics=[d], only=only),
            )
        ),
        TIMEOUT,
    )
    return list(got or [])


async def _hover(client: LanguageClient, u: str, line: int, character: int) -> str:
    h = await asyncio.wait_for(
        client.text_document_hover_async(
            lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=u),
                position=lsp.Position(line=line, character=character),
            )
        ),
        TIMEOUT,
    )
    assert h is not None
    assert isinstance(h.contents, lsp.MarkupContent)
    return h.contents.value


async def _execute(client: LanguageClient, command: str, *args: object) -> object:
    return await asyncio.wait_for(
        client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command=command, arguments=list(args))
        ),
        60,
    )


async def test_code_actions_for_a_merged_finding(client: LanguageClient, workspace: Path) -> None:
    u = await _opened(client, workspace)
    d = _merged(client, u)
    actions = await _actions(client, u, d)
    titles = [a.title for a in actions]
    assert any(t.startswith("sastls: Investigate bandit B602") for t in titles), titles
    assert "sastls: Mark as false positive" in titles and "sastls: Confirm as real" in titles
    investigate = next(a for a in actions if a.title.startswith("sastls: Investigate bandit"))
    assert investigate.kind == "quickfix.sastls"
    assert investigate.command.command == "sastls.investigate"
    assert list(investigate.command.arguments) == [{"uri": u, "fingerprint": d.data["fingerprint"]}]
    # The human verdicts leave the reason to the client, which asks the person for it (a reason can teach).
    mark = next(a for a in actions if a.title == "sastls: Mark as false positive")
    assert mark.command.command == "sastls.judge"
    assert list(mark.command.arguments) == [
        {"uri": u, "fingerprint": d.data["fingerprint"], "verdict": "FALSE_POSITIVE"}
    ]
    assert d.data["verdict"] is None and d.data["fingerprint"] in d.data["fingerprints"]
    assert len(d.data["fingerprints"]) == 2  # bandit's and semgrep's
    nosec = next(a for a in actions if "Suppress bandit B602" in a.title)
    (edit,) = nosec.edit.changes[u]
    assert edit.new_text == "  # nosec B602" and edit.range.start == lsp.Position(line=10, character=43)
    nosemgrep = next(a for a in actions if "Suppress semgrep" in a.title)
    assert (
        "# nosemgrep: python.lang.security.audit.subprocess-shell-true"
        in nosemgrep.edit.changes[u][0].new_text
    )
    assert "sastls: Fix (verified) bandit B602" in titles
    source = await _actions(client, u, d, only=["source"])
    assert {a.command.command for a in source} == {"sastls.investigateFile", "sastls.investigateWorkspace"}
    assert all(a.kind == "source.sastls" for a in source)
    # the file on disk is untouched: suppression is an edit the user picks
    assert "nosec" not in (workspace / SHELL).read_text()


async def test_investigate_updates_diagnostic_hover_and_opens_a_report(
    client: LanguageClient, workspace: Path
) -> None:
    u = await _opened(client, workspace)
    d = _merged(client, u)
    before = await _hover(client, u, 10, 20)
    assert "bandit" in before and "semgrep" in before and "CWE-78" in before
    assert "Not investigated yet" in before
    result = await _execute(client, "sastls.investigate", d.data["fingerprint"])
    assert isinstance(result, dict) and result["status"] == "done", result
    assert result["verdict"] in ("TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW")
    after = await until(
        lambda: (m := _merged(client, u)).message != d.message and m, what="the diagnostic to change"
    )
    assert after.message.startswith(d.message) and after.message.endswith("]")
    assert after.data["verdict"] == result["verdict"]
    text = await _hover(client, u, 10, 20)
    assert "Decided by heuristic" in text and "confidence" in text
    assert client.progress_reports, "no $/progress"
    values = next(iter(client.progress_reports.values()))
    assert isinstance(values[0], lsp.WorkDoneProgressBegin) and values[0].cancellable
    assert isinstance(values[-1], lsp.WorkDoneProgressEnd)
    (shown,) = client.shown_documents
    report = Path(shown.uri.removeprefix("file://"))
    assert report.read_text().startswith("# ") and result["fingerprint"] in report.read_text()
    # the verdict persists: a fresh look at the store through the pull model sees it too
    pulled = await asyncio.wait_for(
        client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(text_document=lsp.TextDocumentIdentifier(uri=u))
        ),
        TIMEOUT,
    )
    assert any(x.message == after.message for x in pulled.items)


async def test_edit_above_moves_the_finding_and_deleting_its_line_removes_it(
    client: LanguageClient, workspace: Path
) -> None:
    u = await _opened(client, workspace)
    key = _merged(client, u).data["key"]
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=2),
            content_changes=[
                lsp.TextDocumentContentChangePartial(
                    range=_range(2, 0, 2, 0),
                    text="import os\nimport sys\n",
                )
            ],
        )
    )
    moved = await until(
        lambda: [d for d in diags(client, u) if d.data["key"] == key and d.range.start.line == 12],
        what="the finding to move down two lines",
    )
    assert moved[0].range.start.character == 11
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=3),
            content_changes=[
                lsp.TextDocumentContentChangePartial(
                    range=_range(12, 0, 13, 0),  # the whole flagged line
                    text="",
                )
            ],
        )
    )
    await until(
        lambda: not any(d.data["key"] == key for d in diags(client, u)) and len(diags(client, u)) == 3,
        what="the finding on the deleted line to disappear",
    )


async def test_saving_a_file_that_no_longer_has_the_finding(client: LanguageClient, workspace: Path) -> None:
    u = await _opened(client, workspace, scanners=["bandit"])
    path = workspace / SHELL
    gone = "def run_user(cmd):\n    return subprocess.call(cmd, shell=True)\n"
    new_text = path.read_text().replace(gone, "") + "\n\ndef evaluate():\n    return eval(input())\n"
    path.write_text(new_text)
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=new_text)],
        )
    )
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=u))
    )
    await until(lambda: not by_line(diags(client, u), 10), what="the removed finding to go")
    await asyncio.sleep(3)  # the scanner re-runs after the save: it must not bring it back
    assert not by_line(diags(client, u), 10)
    assert by_line(diags(client, u), 6), "the finding in the remaining code stays"
    new = await until(
        lambda: [d for d in diags(client, u) if d.code == "B307"], what="bandit on the new code"
    )
    assert new[0].range.start.line == 12 and new[0].source == "bandit"
    assert not by_line(diags(client, u), 10)


async def test_judge_false_positive_then_hide_by_configuration(
    client: LanguageClient, workspace: Path
) -> None:
    u = await _opened(client, workspace)
    d = _merged(client, u)
    result = await _execute(client, "sastls.judge", d.data["key"], "FALSE_POSITIVE", "only admins reach it")
    assert isinstance(result, dict) and result["verdict"] == "FALSE_POSITIVE"
    judged = await until(
        lambda: (m := _merged(client, u)).severity == lsp.DiagnosticSeverity.Hint and m, what="a hint"
    )
    assert "[false positive (confirmed)" in judged.message
    text = await _hover(client, u, 10, 20)
    assert "Decided by a person" in text
    titles = [a.title for a in await _actions(client, u, judged)]
    assert "sastls: Mark as false positive" not in titles and "sastls: Confirm as real" in titles
    client.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"sastls": {"false_positive_display": "hide"}})
    )
    await until(lambda: not by_line(diags(client, u), 10), what="the false positive to be hidden")


async def test_invalid_settings_are_reported_and_defaults_used(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, workspace, {"analyst": "oracle", "concurrency": "many"})
    u = open_doc(client, workspace, SHELL)
    await until(lambda: len(diags(client, u)) >= 4, what="diagnostics despite bad settings")
    msg = await until(
        lambda: [m for m in client.messages if "invalid settings" in m.message], what="a message"
    )
    assert "analyst" in msg[0].message and "concurrency" in msg[0].message
    assert msg[0].type == lsp.MessageType.Warning


async def test_findings_files_are_watched_and_reloaded(client: LanguageClient, workspace: Path) -> None:
    u = await _opened(client, workspace)
    reg = await until(lambda: client.registrations, what="a file watcher registration")  # type: ignore[attr-defined]
    assert reg[0].method == lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES
    (workspace / "semgrep.sarif").unlink()
    client.workspace_did_change_watched_files(
        lsp.DidChangeWatchedFilesParams(
            changes=[
                lsp.FileEvent(uri=(workspace / "semgrep.sarif").as_uri(), type=lsp.FileChangeType.Deleted)
            ]
        )
    )
    await until(lambda: _merged(client, u).source == "bandit", what="the semgrep finding to go")


async def test_bad_command_arguments_are_contained(client: LanguageClient, workspace: Path) -> None:
    u = await _opened(client, workspace)
    result = await _execute(client, "sastls.investigate", "no-such-fingerprint")
    assert isinstance(result, dict) and result["status"] == "error"
    result = await _execute(client, "sastls.judge", _merged(client, u).data["key"], "MAYBE")
    assert isinstance(result, dict) and result["status"] == "error"
    assert any("no finding" in m.message for m in client.messages)
    # still serving
    assert await _hover(client, u, 10, 20)


async def test_investigate_file_reports_status_and_the_report_command(
    client: LanguageClient, workspace: Path
) -> None:
    u = await _opened(client, workspace)
    status = await until(lambda: client.statuses, what="a sastls/status")  # type: ignore[attr-defined]
    assert status[-1]["findings"] == 4 and status[-1]["by_verdict"]["UNDECIDED"] == 4
    result = await _execute(client, "sastls.investigateFile", {"uri": u})
    assert isinstance(result, dict) and result["status"] == "done", result
    assert result["investigated"] == 4 and sum(result["by_verdict"].values()) == 4
    last = await until(
        lambda: (st := client.statuses[-1])["by_verdict"]["UNDECIDED"] == 0 and st,  # type: ignore[attr-defined]
        what="the status to count the verdicts",
    )
    assert last["running"] == 0 and last["findings"] == 4
    await until(lambda: all(d.data["verdict"] for d in diags(client, u)), what="verdicts on every diagnostic")
    again = await _execute(client, "sastls.investigateFile", {"uri": u})
    assert isinstance(again, dict) and again["investigated"] == 0 and again["skipped"] == 4
    d = _merged(client, u)
    text = await _execute(client, "sastls.showReport", {"uri": u, "fingerprint": d.data["fingerprint"]})
    assert isinstance(text, str) and text.startswith("# ") and "## Justification" in text


async def test_without_file_watching_findings_files_are_polled(
    client: LanguageClient, workspace: Path
) -> None:
    await start(client, workspace, caps="neovim@v0.7.0")  # no dynamic registration of file watchers
    u = open_doc(client, workspace, SHELL)
    await until(lambda: len(diags(client, u)) >= 4, what="diagnostics")
    assert not client.registrations  # type: ignore[attr-defined]
    (workspace / "semgrep.sarif").unlink()
    await until(lambda: _merged(client, u).source == "bandit", what="the poll to notice the deleted file")


async def test_an_edit_right_after_open_is_applied_in_order(client: LanguageClient, workspace: Path) -> None:
    await start(client, workspace)
    u = open_doc(client, workspace, SHELL)
    client.text_document_did_change(  # sent at once, before any answer
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=2),
            content_changes=[lsp.TextDocumentContentChangePartial(range=_range(0, 0, 0, 0), text="# one\n")],
        )
    )
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=u))
    )
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=u, version=3),
            content_changes=[lsp.TextDocumentContentChangePartial(range=_range(0, 0, 0, 0), text="# two\n")],
        )
    )
    await until(lambda: len(by_line(diags(client, u), 12)) == 1, what="the finding two lines down")
    assert len(diags(client, u)) == 4


async def test_a_client_that_pulls_diagnostics_gets_none_pushed(
    client: LanguageClient, workspace: Path
) -> None:
    """VS Code keeps pushed and pulled diagnostics apart and would list each finding twice: a client
    that pulls (and accepts refresh requests) gets diagnostics only by pull, and a refresh on change."""
    await start(client, workspace, pull=True)
    u = open_doc(client, workspace, SHELL)

    async def pulled() -> list[lsp.Diagnostic]:
        report = await asyncio.wait_for(
            client.text_document_diagnostic_async(
                lsp.DocumentDiagnosticParams(text_document=lsp.TextDocumentIdentifier(uri=u))
            ),
            TIMEOUT,
        )
        return list(report.items)

    items: list[lsp.Diagnostic] = []
    for _ in range(200):
        items = await pulled()
        if len(items) >= 4:
            break
        await asyncio.sleep(0.05)
    assert len(by_line(items, 10)) == 1, items
    workspace_report = await asyncio.wait_for(
        client.workspace_diagnostic_async(lsp.WorkspaceDiagnosticParams(previous_result_ids=[])), TIMEOUT
    )
    assert any(r.uri == u and r.items for r in workspace_report.items)
    d = by_line(items, 10)[0]
    seen = client.diagnostic_refresh_count
    result = await _execute(client, "sastls.investigate", d.data["fingerprint"])
    assert isinstance(result, dict) and result["status"] == "done", result
    await until(lambda: client.diagnostic_refresh_count > seen, what="a diagnostic refresh")
    after = by_line(await pulled(), 10)[0]
    assert after.data["verdict"] == result["verdict"]
    await asyncio.sleep(0.3)
    assert diags(client, u) == [], "diagnostics were pushed to a client that pulls them"
