"""A human verdict teaches: after a person marks a finding FALSE_POSITIVE with a reason that names a
function of its code ("validated by check_name"), the server offers to record that function as a
validator or sanitizer model in ``.sastls/models/learned.toml`` (``window/showMessageRequest``: a
notification with buttons in VS Code, a prompt in Neovim and Emacs). The file changes only when the
person accepts; the open files' offline verdicts are then decided again with the new model."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from .documents import TrackedFinding

if TYPE_CHECKING:
    from sastls.analyzers.code.learn import Proposal

    from .session import Session

log = logging.getLogger(__name__)

NOT_NOW = "Not now"


def record_title(p: Proposal) -> str:
    return f"Record {p.name}() as a {p.role}"


async def offer(s: Session, tf: TrackedFinding, reason: str, user: str | None) -> dict[str, Any] | None:
    """Propose a model from a FALSE_POSITIVE's reason and ask the person (in the background);
    what was offered, or None when the reason names no function of the finding's code. The
    proposal is made in the worker process (its code index)."""
    if s.root is None or not reason.strip():
        return None
    try:
        proposal: Proposal | None = await s.worker.call(
            "propose", tf.current_finding(), reason, s.root, s.config
        )
    except Exception as exc:  # an offer is a courtesy: the verdict is recorded whatever happens here
        log.warning("no model offered for %s: %s", tf.fingerprint, exc)
        return None
    if proposal is None:
        return None
    s.spawn(_ask(s, proposal, user), "learning offer")
    return {**proposal.to_dict(), "title": record_title(proposal)}


async def _ask(s: Session, proposal: Proposal, user: str | None) -> None:
    title = record_title(proposal)
    params = lsp.ShowMessageRequestParams(
        type=lsp.MessageType.Info,
        message=f"sastls: record {proposal.describe()} in {proposal.file}? "
        "Every other finding through it is then judged with it (you can review or delete the row).",
        actions=[lsp.MessageActionItem(title=title), lsp.MessageActionItem(title=NOT_NOW)],
    )
    answer = await s.ls.window_show_message_request_async(params)
    if answer is None or answer.title != title:
        log.info("model not recorded (%s): %s", answer.title if answer else "no answer", proposal.describe())
        return
    from sastls.analyzers.code.learn import LearnError, record
    from sastls.graph.verdict import now_iso

    assert s.root is not None
    try:
        path = await asyncio.to_thread(record, proposal, s.root, user=user, when=now_iso()[:10])
    except LearnError as exc:
        s.show(f"sastls: {exc}", lsp.MessageType.Error)
        return
    log.info("recorded %s in %s", proposal.describe(), path)
    s.show(f"sastls: recorded {proposal.describe()} in {proposal.file}; judging the open files again")
    s.autotriage.redo()
