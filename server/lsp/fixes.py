"""``sastls.fix``: the fix loop from the editor, and what happens after the user applies a fix.

The command runs ``afix`` on the graph thread (the server keeps answering), reports each attempt on a
``$/progress`` bar that can cancel it (``$/cancelRequest``, the bar, ``sastls.cancel``), and answers::

    {"status": "done" | "cancelled" | "running", "verified": bool, "level": "tested" | "scanner-clean" | "",
     "migration": str, "description": str, "stop_reason": str, "diff": str, "attempts": n,
     "verification": {...}, "edit": WorkspaceEdit | null, "usage": {...}, "notes": [...]}

The server never edits a file: the client shows the diff and applies ``edit`` only after the user
confirms. ``edit`` is there only for a verified fix of a file still as it was verified (a file with
unsaved changes is refused up front: fixes are verified against the file on disk); an unverified
result carries its last attempt as ``diff``, never as an edit.

After an apply: when an open buffer becomes the verified text, the finding is re-checked (its scanner
re-run on the buffer in a temporary copy) and, gone, its diagnostic is removed. Undoing the edit
brings it back. Saved with the fix, the fix becomes a known fix for its rule (a person applied it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp

from .commands import CommandError, _finding
from .documents import TrackedDocument, TrackedFinding, split_lines
from .jobs import Progress
from .positions import to_client

if TYPE_CHECKING:
    from sastls.analyzers.findings.model import Finding
    from sastls.graph.fix.patch import Edit
    from sastls.graph.fix_loop import VerifiedFix

    from .offload import Step
    from .session import Session

log = logging.getLogger(__name__)

# attempts of a full loop: a few offline rewrites, then 2 phases of 1 + max_retries
_EXPECTED_EXTRA = 3


def job_key(tf: TrackedFinding) -> str:
    """The job of a finding's fix (its investigation is ``tf.key``: both may run at once)."""
    return f"fix:{tf.key}"


@dataclass
class PendingFix:
    key: str  # the tracked finding
    rel: str
    original: list[str]  # the file's lines the fix was verified on
    patched: list[str]  # its lines with the fix
    fix: VerifiedFix
    finding: Finding
    applied: bool = False
    recorded: bool = False


class AppliedFixes:
    """Verified fixes handed to the client, until applied and saved (or replaced)."""

    def __init__(self) -> None:
        self.pending: dict[str, PendingFix] = {}  # rel -> the last verified fix for that file

    def offered(self, p: PendingFix) -> None:
        self.pending[p.rel] = p

    def changed(self, s: Session, doc: TrackedDocument) -> None:
        """A buffer changed: did it become (or stop being) the verified text?"""
        p = self.pending.get(doc.rel)
        if p is None:
            return
        if not p.applied and doc.lines == p.patched:
            log.info("the verified fix of %s was applied: re-checking", p.rel)
            p.applied = True
            s.spawn(_recheck(s, p), f"re-check {p.rel}")
        elif p.applied and doc.lines == p.original:
            p.applied = False  # undone: the finding is back where its code is
            doc.revive(p.original)
            s.publish(doc.rel)

    def saved(self, s: Session, doc: TrackedDocument) -> None:
        p = self.pending.get(doc.rel)
        if p is None or not p.applied or p.recorded or doc.lines != p.patched:
            return
        p.recorded = True
        store = s.store
        if store is not None:
            failed = next((a.error for a in reversed(p.fix.attempts) if not a.verified and a.error), "")
            s.spawn(
                asyncio.to_thread(store.record_fix, p.fix.rule_id, failed, p.fix.diff, "applied"),
                f"known fix {p.rel}",
            )


async def _recheck(s: Session, p: PendingFix) -> None:
    """Re-run the finding's scanner on the buffer; the finding's diagnostic goes when it is gone."""
    if s.root is None:
        return
    text = "\n".join(p.patched)
    try:  # in the worker process: the scanner's output is parsed there
        still, how = await s.worker.call("recheck", p.finding, s.root, s.config, {p.rel: text})
    except Exception as exc:
        log.warning("re-check of %s failed: %s", p.rel, exc)
        still, how = None, str(exc)
    log.info("re-check of %s: still reported: %s (%s)", p.rel, still, how)
    doc = s.doc_for_rel(p.rel)
    if doc is None or doc.lines != p.patched:
        return  # edited again meanwhile
    tf = s.keys.get(p.key)
    f = p.finding
    if still:
        s.show(
            f"sastls: after the fix, {f.tool} still reports {f.rule_id} in {p.rel} (re-checked: {how})",
            lsp.MessageType.Warning,
        )
        return
    # every report of this rule at this place is stale now (a findings file and an on-save scan may
    # both have made it): drop them from what the session shows, not from the files on disk
    place = tf.span.start_line if tf is not None else None
    stale = {f.fingerprint}
    for other in s.files.get(p.rel, ()):
        if other is tf or (place is not None and other.span.start_line == place):
            stale |= {g.fingerprint for g in other.findings if (g.tool, g.rule_id) == (f.tool, f.rule_id)}
    for key, found in list(s.sources.items()):
        kept = [g for g in found if g.path != p.rel or g.fingerprint not in stale or g.rule_id != f.rule_id]
        if len(kept) != len(found):
            s.sources[key] = kept
    await s.rebuild([p.rel])
    source = f"re-checked with {f.tool}" if still is False else "the verification's re-scan holds"
    s.show(f"sastls: fix applied; {f.tool} {f.rule_id} is gone from {p.rel} ({source})")
    s.verdicts_changed([p.rel])


# ------------------------------------------------------------------ the command


async def fix(
    s: Session, args: Sequence[Any], *, request_id: str | int | None, token: lsp.ProgressToken | None
) -> dict[str, Any]:
    if not args:
        raise CommandError("sastls.fix needs the finding's fingerprint")
    tf = _finding(s, args[0])
    verdict = s.verdict_of(tf)
    if verdict is not None and verdict.verdict == "FALSE_POSITIVE":
        raise CommandError(
            f"{tf.primary.tool} {tf.primary.rule_id} is judged a false positive: nothing to fix "
            "(confirm it as real first)"
        )
    if s.root is None:
        raise CommandError("no workspace folder: a fix is verified in a copy of the workspace")
    rel = tf.primary.path
    doc = s.doc_for_rel(rel)
    if doc is not None and doc.dirty:
        raise CommandError(f"save {rel} first: a fix is verified against the file on disk")
    key = job_key(tf)
    if s.jobs.running(key):
        return {"status": "running", "fingerprint": tf.fingerprint}
    title = f"{tf.primary.tool} {tf.primary.rule_id}"
    progress = Progress(s.ls, f"sastls: fixing {title}", token=token)
    await progress.begin(f"{rel}:{tf.span.start_line + 1}")
    finding = _rescannable(s, tf)
    expected = 2 * (s.config.fix.max_retries + 1) + _EXPECTED_EXTRA

    def on_event(ev: Step) -> None:
        text = f"{ev.node}: {ev.message}" if ev.message else ev.node
        pct = min(95, 100 * ev.iteration // max(expected, 1))
        progress.report(text, pct)

    try:
        result = await s.jobs.run(key, _run(s, finding, on_event), cancel_ids=[request_id, progress.token])
    except asyncio.CancelledError:
        progress.end("cancelled")
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise
        return {"status": "cancelled", "fingerprint": tf.fingerprint}
    except Exception as exc:
        log.exception("fix of %s failed", tf.fingerprint)
        progress.end(f"failed: {exc}")
        return {"status": "error", "fingerprint": tf.fingerprint, "message": str(exc)}
    answer = await _answer(s, tf, finding, result)
    if result.verified:
        progress.end(f"verified ({result.level}): {result.description}")
    else:
        progress.end(f"no verified fix: {result.stop_reason}")
    return answer


def _rescannable(s: Session, tf: TrackedFinding) -> Finding:
    """The finding at its current place, from the merged tool whose scanner can be re-run here (the
    fix is verified by re-running it): bandit rather than a semgrep that is not installed."""
    import shutil
    from dataclasses import replace

    from sastls.analyzers.scanners import SCANNERS

    def runnable(f: Finding) -> bool:
        if f.tool == "semgrep":
            return bool(s.config.semgrep_bin or shutil.which("semgrep"))
        return f.tool in SCANNERS

    current = tf.current_finding()
    member = next((f for f in tf.findings if runnable(f)), tf.primary)
    if member is tf.primary:
        return current
    return replace(member, location=replace(member.location, region=current.location.region))


async def _run(s: Session, finding: Finding, on_event: Callable[[Step], None]) -> VerifiedFix:
    """The fix loop, in the worker process."""
    assert s.root is not None
    fixed: VerifiedFix = await s.worker.call("fix", finding, s.root, s.config, on_event=on_event)
    return fixed


async def _answer(s: Session, tf: TrackedFinding, finding: Finding, fix: VerifiedFix) -> dict[str, Any]:
    out: dict[str, Any] = {
        "status": "done",
        "fingerprint": tf.fingerprint,
        "title": f"{finding.tool} {finding.rule_id}",
        "path": finding.path,
        "verified": fix.verified,
        "level": fix.level,
        "migration": fix.migration,
        "description": fix.description,
        "stop_reason": fix.stop_reason,
        "diff": fix.diff,
        "attempts": len(fix.attempts),
        "verification": fix.verification,
        "notes": list(fix.notes),
        "usage": {"model_calls": fix.usage.model_calls, "cost_usd": fix.usage.cost_usd},
        "edit": None,
    }
    if not fix.verified or s.root is None:
        return out
    try:
        current = await asyncio.to_thread(
            (s.root / finding.path).read_text, encoding="utf-8", errors="surrogateescape"
        )
    except OSError as exc:
        out.update(verified=False, stop_reason=f"cannot read {finding.path}: {exc}")
        return out
    patched = _patched(finding.path, current, fix)
    doc = s.doc_for_rel(finding.path)
    if patched is None or (doc is not None and (doc.dirty or doc.lines != split_lines(current))):
        out["stop_reason"] = f"{finding.path} changed while the fix was verified: run Fix again"
        out["verified"] = False
        return out
    edit = _workspace_edit(s, finding.path, split_lines(current), fix.edits, doc)
    out["edit"] = s.ls.protocol._converter.unstructure(edit)
    s.fixes.offered(
        PendingFix(tf.key, finding.path, split_lines(current), split_lines(patched), fix, finding)
    )
    return out


def _patched(path: str, current: str, fix: VerifiedFix) -> str | None:
    """The file with the fix, when the file is still what the fix was verified on."""
    from sastls.graph.fix.patch import PatchError, apply_all, unified_diff

    try:
        new = apply_all({path: current}, list(fix.edits))
    except PatchError:
        return None
    return new[path] if unified_diff({path: current}, new) == fix.diff else None


def _workspace_edit(
    s: Session, rel: str, lines: list[str], edits: Sequence[Edit], doc: TrackedDocument | None
) -> lsp.WorkspaceEdit:
    def pos(line: int, col: int) -> lsp.Position:
        row = min(max(line - 1, 0), len(lines) - 1)
        return lsp.Position(line=row, character=to_client(lines[row], col - 1, s.encoding))

    text_edits = [
        lsp.TextEdit(
            range=lsp.Range(start=pos(e.start_line, e.start_col), end=pos(e.end_line, e.end_col)),
            new_text=e.text,
        )
        for e in edits
    ]
    uri = s.uri_of(rel)
    caps = s.ls.client_capabilities.workspace
    versioned = bool(caps and caps.workspace_edit and caps.workspace_edit.document_changes)
    if versioned:
        ident = lsp.OptionalVersionedTextDocumentIdentifier(uri=uri, version=doc.version if doc else None)
        return lsp.WorkspaceEdit(
            document_changes=[lsp.TextDocumentEdit(text_document=ident, edits=list(text_edits))]
        )
    return lsp.WorkspaceEdit(changes={uri: text_edits})
