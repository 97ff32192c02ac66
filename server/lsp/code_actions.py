"""Code actions for findings, from a list of providers.

Each provider turns one finding (with its verdict and state) into actions; a new
kind of action (such as the fix loop's ``sastls.fix``) plugs in by adding a provider to
``FINDING_PROVIDERS`` — nothing else changes. Actions carry commands, or a
``WorkspaceEdit`` the user picks (inline suppression); nothing is applied unasked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lsprotocol import types as lsp
from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .documents import TrackedFinding
from .positions import Encoding, to_client

QUICKFIX = "quickfix.sastls"
SOURCE = "source.sastls"

CMD_INVESTIGATE = "sastls.investigate"
CMD_INVESTIGATE_FILE = "sastls.investigateFile"
CMD_INVESTIGATE_WORKSPACE = "sastls.investigateWorkspace"
CMD_JUDGE = "sastls.judge"
CMD_CANCEL = "sastls.cancel"
CMD_SHOW_REPORT = "sastls.showReport"
CMD_FIX = "sastls.fix"


@dataclass(frozen=True)
class FindingContext:
    """Everything a provider may read about one finding under the cursor."""

    uri: str
    finding: TrackedFinding
    verdict: Verdict | None
    running: bool  # an investigation of this finding is under way
    lines: Sequence[str]
    encoding: Encoding
    disabled_support: bool  # the client shows disabled actions (else they are left out)
    fixing: bool = False  # a fix of this finding is being verified


Provider = Callable[[FindingContext], list[lsp.CodeAction]]


def _ref(ctx: FindingContext) -> dict[str, Any]:
    """The one object argument of the finding commands (docs/contracts.md)."""
    return {"uri": ctx.uri, "fingerprint": ctx.finding.fingerprint}


def _title_rule(f: Finding) -> str:
    return f"{f.tool} {f.rule_id}"


def investigate_actions(ctx: FindingContext) -> list[lsp.CodeAction]:
    tf = ctx.finding
    action = lsp.CodeAction(
        title=f"sastls: Investigate {_title_rule(tf.primary)}",
        kind=QUICKFIX,
        command=lsp.Command(title="Investigate", command=CMD_INVESTIGATE, arguments=[_ref(ctx)]),
        data={"key": tf.key, "fingerprint": tf.fingerprint},
    )
    if ctx.running:
        if not ctx.disabled_support:
            return [
                lsp.CodeAction(
                    title="sastls: Cancel the running investigation",
                    kind=QUICKFIX,
                    command=lsp.Command(title="Cancel", command=CMD_CANCEL, arguments=[_ref(ctx)]),
                )
            ]
        action.disabled = lsp.CodeActionDisabled(reason="an investigation of this finding is running")
    return [action]


def judge_actions(ctx: FindingContext) -> list[lsp.CodeAction]:
    """The human verdicts. Their argument carries no ``reason``: the clients ask the person for it
    before they send the command (VS Code: an input box; Neovim: ``vim.ui.input``; Emacs: the
    minibuffer), as SonarLint and Semgrep ask when an issue is marked; a reason naming a check of the
    code is what lets the server offer a learned model (learning.py)."""
    v = ctx.verdict
    out: list[lsp.CodeAction] = []
    if not (v and v.human and v.verdict == "FALSE_POSITIVE"):
        out.append(
            lsp.CodeAction(
                title="sastls: Mark as false positive",
                kind=QUICKFIX,
                command=lsp.Command(
                    title="Mark as false positive",
                    command=CMD_JUDGE,
                    arguments=[{**_ref(ctx), "verdict": "FALSE_POSITIVE"}],
                ),
            )
        )
    if not (v and v.human and v.verdict == "TRUE_POSITIVE"):
        out.append(
            lsp.CodeAction(
                title="sastls: Confirm as real",
                kind=QUICKFIX,
                command=lsp.Command(
                    title="Confirm as real",
                    command=CMD_JUDGE,
                    arguments=[{**_ref(ctx), "verdict": "TRUE_POSITIVE"}],
                ),
            )
        )
    return out


def fix_actions(ctx: FindingContext) -> list[lsp.CodeAction]:
    """ "Fix (verified)" on findings that are real, in doubt or not yet investigated. The command
    answers with the diff and an edit the client applies only after the user confirms."""
    v = ctx.verdict
    if v is not None and v.verdict == "FALSE_POSITIVE":
        return []
    tf = ctx.finding
    action = lsp.CodeAction(
        title=f"sastls: Fix (verified) {_title_rule(tf.primary)}",
        kind=QUICKFIX,
        command=lsp.Command(title="Fix (verified)", command=CMD_FIX, arguments=[_ref(ctx)]),
        data={"key": tf.key, "fingerprint": tf.fingerprint},
    )
    if ctx.fixing:
        if not ctx.disabled_support:
            return [
                lsp.CodeAction(
                    title="sastls: Cancel the running fix",
                    kind=QUICKFIX,
                    command=lsp.Command(
                        title="Cancel", command=CMD_CANCEL, arguments=[{**_ref(ctx), "job": "fix"}]
                    ),
                )
            ]
        action.disabled = lsp.CodeActionDisabled(reason="a fix of this finding is being verified")
    return [action]


_HASH_COMMENT = (".py", ".pyw", ".rb", ".sh", ".bash", ".pl", ".yaml", ".yml", ".r", ".tf")


def _comment(path: str) -> str:
    return "#" if path.lower().endswith(_HASH_COMMENT) else "//"


def suppression_for(f: Finding, line: str) -> tuple[str, str] | None:
    """(where, text): where is "eol" (append to the flagged line) or "above" (a new line before it)."""
    tool = f.tool.lower()
    if "bandit" in tool:
        if "# nosec" in line:
            return ("eol", f", {f.rule_id}") if f.rule_id not in line else None
        return "eol", f"  # nosec {f.rule_id}"
    if "semgrep" in tool:
        return "eol", f"  {_comment(f.path)} nosemgrep: {f.rule_id}"
    if "cppcheck" in tool:
        return "above", f"// cppcheck-suppress {f.rule_id}"
    if "flawfinder" in tool:
        return "eol", "  // flawfinder: ignore"
    return None


def suppress_actions(ctx: FindingContext) -> list[lsp.CodeAction]:
    tf = ctx.finding
    line_no = tf.span.start_line
    if line_no >= len(ctx.lines):
        return []
    line = ctx.lines[line_no]
    out: list[lsp.CodeAction] = []
    for f in tf.findings:
        made = suppression_for(f, line)
        if made is None:
            continue
        where, text = made
        if where == "eol":
            end = lsp.Position(line=line_no, character=to_client(line, len(line), ctx.encoding))
            edit = lsp.TextEdit(range=lsp.Range(start=end, end=end), new_text=text)
        else:
            indent = line[: len(line) - len(line.lstrip())]
            start = lsp.Position(line=line_no, character=0)
            edit = lsp.TextEdit(range=lsp.Range(start=start, end=start), new_text=f"{indent}{text}\n")
        out.append(
            lsp.CodeAction(
                title=f"sastls: Suppress {f.tool} {f.rule_id} on this line",
                kind=QUICKFIX,
                edit=lsp.WorkspaceEdit(changes={ctx.uri: [edit]}),
            )
        )
    return out


FINDING_PROVIDERS: tuple[Provider, ...] = (investigate_actions, fix_actions, judge_actions, suppress_actions)


def source_actions(uri: str, count: int) -> list[lsp.CodeAction]:
    out: list[lsp.CodeAction] = []
    if count:
        out.append(
            lsp.CodeAction(
                title=f"sastls: Investigate all findings in this file ({count})",
                kind=SOURCE,
                command=lsp.Command(
                    title="Investigate file", command=CMD_INVESTIGATE_FILE, arguments=[{"uri": uri}]
                ),
            )
        )
    out.append(
        lsp.CodeAction(
            title="sastls: Investigate all findings in the workspace",
            kind=SOURCE,
            command=lsp.Command(
                title="Investigate workspace", command=CMD_INVESTIGATE_WORKSPACE, arguments=[{}]
            ),
        )
    )
    return out


def wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Does ``kind`` match the client's ``context.only`` filter (hierarchical kinds)?"""
    if not only:
        return True
    return any(kind == o or kind.startswith(o + ".") for o in only)


def actions_for(
    contexts: Sequence[FindingContext],
    *,
    uri: str,
    file_count: int,
    only: Sequence[str] | None,
    providers: Sequence[Provider] = FINDING_PROVIDERS,
) -> list[lsp.CodeAction]:
    out: list[lsp.CodeAction] = []
    for ctx in contexts:
        for provider in providers:
            out.extend(a for a in provider(ctx) if wanted(a.kind or "", only))
    out.extend(a for a in source_actions(uri, file_count) if wanted(a.kind or "", only))
    return out
