"""The ``sastls.*`` commands: investigate (one, a file, the workspace), judge, cancel.

Arguments are plain JSON (what code actions put in their command), checked here;
a bad argument gets a clear message, never a traceback.
"""

from __future__ import annotations

import asyncio
import getpass
import logging
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from lsprotocol import types as lsp
from sastls.analyzers.findings.model import Finding
from sastls.analyzers.workdir import ensure_dir
from sastls.graph.verdict import Verdict

from . import learning
from .documents import TrackedFinding
from .jobs import Progress, bounded
from .report import file_name, investigation_markdown, summary

if TYPE_CHECKING:
    from .offload import Step
    from .session import Session

log = logging.getLogger(__name__)

REPORTS_DIR = ".sastls/reports"

Human = Literal["TRUE_POSITIVE", "FALSE_POSITIVE"]
_ALIASES: dict[str, Human] = {
    "TRUE_POSITIVE": "TRUE_POSITIVE",
    "TP": "TRUE_POSITIVE",
    "REAL": "TRUE_POSITIVE",
    "FALSE_POSITIVE": "FALSE_POSITIVE",
    "FP": "FALSE_POSITIVE",
}


class CommandError(Exception):
    """A user-facing problem with a command's arguments or target."""


def _key_of(arg: Any) -> str:
    """A finding reference: its key/fingerprint, or a diagnostic-like ``{"fingerprint"|"key": ...}``."""
    if isinstance(arg, str) and arg:
        return arg
    if isinstance(arg, dict):
        inner = arg.get("data")
        data: dict[str, Any] = inner if isinstance(inner, dict) else arg
        for name in ("key", "fingerprint"):
            value = data.get(name)
            if isinstance(value, str) and value:
                return value
    raise CommandError(f"expected a finding fingerprint, got {arg!r}")


def _finding(s: Session, arg: Any) -> TrackedFinding:
    key = _key_of(arg)
    tf = s.find(key)
    if tf is None:
        raise CommandError(f"no finding {key} (it may have been fixed, deleted or reloaded)")
    return tf


async def _run_graph(s: Session, finding: Finding, on_event: Callable[[Step], None] | None) -> Verdict:
    """The investigation, in the worker process (it stores the verdict, and never raises for
    analysis problems)."""
    assert s.root is not None
    verdict: Verdict = await s.worker.call("investigate", finding, s.root, s.config, on_event=on_event)
    return verdict


def _percent(iteration: int, s: Session) -> int:
    return min(95, int(100 * iteration / max(s.config.max_iterations, 1)))


async def _investigate_one(
    s: Session,
    tf: TrackedFinding,
    progress: Progress | None,
    *,
    request_id: str | int | None = None,
) -> Verdict:
    finding = tf.current_finding()

    def on_event(ev: Step) -> None:
        if progress is not None:
            text = f"{ev.node}: {ev.message}" if ev.message else ev.node
            progress.report(text, _percent(ev.iteration, s))

    ids = [request_id, progress.token if progress else None]
    events = on_event if progress is not None else None
    verdict = await s.jobs.run(tf.key, _run_graph(s, finding, events), cancel_ids=ids)
    s.verdicts[verdict.fingerprint] = verdict
    if verdict.fingerprint != tf.fingerprint:
        s.verdicts[tf.fingerprint] = verdict
    return verdict


async def investigate(
    s: Session, args: Sequence[Any], *, request_id: str | int | None, token: lsp.ProgressToken | None
) -> dict[str, Any]:
    if not args:
        raise CommandError("sastls.investigate needs the finding's fingerprint")
    tf = _finding(s, args[0])
    if s.jobs.running(tf.key):
        return {"status": "running", "fingerprint": tf.fingerprint}
    rel = tf.primary.path
    progress = Progress(s.ls, f"sastls: investigating {tf.primary.tool} {tf.primary.rule_id}", token=token)
    await progress.begin(f"{rel}:{tf.span.start_line + 1}")
    try:
        verdict = await _investigate_one(s, tf, progress, request_id=request_id)
    except asyncio.CancelledError:
        progress.end("cancelled")
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise
        return {"status": "cancelled", "fingerprint": tf.fingerprint}
    except Exception as exc:
        log.exception("investigation of %s failed", tf.fingerprint)
        progress.end(f"failed: {exc}")
        s.show(f"sastls: the investigation failed: {exc}", lsp.MessageType.Error)
        return {"status": "error", "fingerprint": tf.fingerprint, "message": str(exc)}
    progress.end(f"{verdict.verdict} ({verdict.confidence:.0%})")
    s.verdicts_changed([rel], soon=True)  # at once, unless other verdicts were published just now
    await show_report(s, tf.current_finding(), verdict)
    return {**verdict.to_dict(), "status": "done"}


async def report(s: Session, args: Sequence[Any]) -> str:
    """``sastls.showReport``: the markdown report of a decided finding, opened and returned."""
    if not args:
        raise CommandError("sastls.showReport needs a finding")
    tf = _finding(s, args[0])
    verdict = s.verdict_of(tf)
    if verdict is None:
        raise CommandError(f"{tf.primary.tool} {tf.primary.rule_id} has not been investigated yet")
    finding = tf.current_finding()
    await show_report(s, finding, verdict, fallback=False)
    return investigation_markdown(finding, verdict, uri_of=s.uri_of)


async def show_report(s: Session, finding: Finding, verdict: Verdict, *, fallback: bool = True) -> None:
    """The markdown report in an editor tab (``window/showDocument``), else a one-line message."""
    caps = s.ls.client_capabilities.window
    if s.root is not None and caps and caps.show_document and caps.show_document.support:
        text = investigation_markdown(finding, verdict, uri_of=s.uri_of)
        path = s.root / REPORTS_DIR / file_name(finding, verdict)
        try:
            await asyncio.to_thread(_write, path, text)
            await asyncio.wait_for(
                s.ls.window_show_document_async(lsp.ShowDocumentParams(uri=path.as_uri(), take_focus=False)),
                10,
            )
            return
        except Exception as exc:
            log.warning("cannot show the report: %s", exc)
    if fallback:
        s.show(summary(finding, verdict))


def _write(path: Path, text: str) -> None:
    ensure_dir(path.parent)
    path.write_text(text, encoding="utf-8")


async def investigate_many(
    s: Session,
    tracked: Sequence[TrackedFinding],
    title: str,
    *,
    request_id: str | int | None,
    token: lsp.ProgressToken | None,
) -> dict[str, Any]:
    """Every not yet decided finding through a bounded queue, one progress bar; answers when done.

    Cancelled by ``$/cancelRequest``, the progress UI or ``sastls.cancel``: what finished is kept."""
    from sastls.server.batch import reusable

    def decided(tf: TrackedFinding) -> bool:
        """Its verdict stands for the configured analyst (an offline one does not, for a model)."""
        v = s.verdict_of(tf)
        return v is not None and reusable(v, s.config, s.root)

    todo = [tf for tf in tracked if tf.alive and not s.jobs.running(tf.key) and not decided(tf)]
    skipped = len(tracked) - len(todo)
    if not todo:
        s.show(f"sastls: nothing to investigate ({skipped} already decided or running)")
        return {"status": "done", "investigated": 0, "by_verdict": {}, "skipped": skipped}
    progress = Progress(s.ls, title, token=token)
    await progress.begin(f"0/{len(todo)}")
    state = _BatchState(total=len(todo))
    task = s.spawn(_batch(s, todo, progress, state), title)

    def stop() -> None:
        task.cancel()

    undo = [s.jobs.on_cancel(ident, stop) for ident in (request_id, progress.token) if ident is not None]
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        task.cancel()
        current = asyncio.current_task()
        if current is not None and current.cancelling():
            raise
    finally:
        for u in undo:
            u()
    return {
        "status": "cancelled" if task.cancelled() else "done",
        "investigated": state.done,
        "by_verdict": dict(state.counts),
        "skipped": skipped,
    }


@dataclass
class _BatchState:
    total: int
    done: int = 0
    counts: Counter[str] = field(default_factory=Counter)


async def _batch(s: Session, todo: Sequence[TrackedFinding], progress: Progress, state: _BatchState) -> None:
    async def work(tf: TrackedFinding) -> None:
        try:
            verdict = await _investigate_one(s, tf, None)
            state.counts[verdict.verdict] += 1
            s.verdicts_changed([tf.primary.path], soon=True)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            state.counts["failed"] += 1
            log.warning("investigation of %s failed: %s", tf.fingerprint, exc)
        state.done += 1
        where = f"{tf.primary.path}:{tf.span.start_line + 1}"
        progress.report(f"{state.done}/{state.total}: {where}", 100 * state.done // state.total)

    concurrency = max(1, s.config.concurrency)
    try:
        await bounded(todo, work, concurrency=concurrency, queue_size=concurrency * 2)
    except asyncio.CancelledError:
        for tf in todo:
            s.jobs.cancel(tf.key)
        progress.end(f"cancelled after {state.done}/{state.total}")
        raise
    text = ", ".join(f"{n} {k}" for k, n in sorted(state.counts.items())) or "nothing"
    progress.end(f"{state.total} investigated: {text}")
    s.show(f"sastls: {state.total} findings investigated: {text}")


def _obj(args: Sequence[Any]) -> dict[str, Any]:
    """The one object argument (docs/contracts.md); positional strings are accepted too."""
    return args[0] if args and isinstance(args[0], dict) else {}


def file_findings(s: Session, args: Sequence[Any]) -> list[TrackedFinding]:
    uri = _obj(args).get("uri") if _obj(args) else (args[0] if args else None)
    if not isinstance(uri, str) or not uri:
        raise CommandError("sastls.investigateFile needs the file's URI")
    rel = s.rel_of(uri)
    if rel is None:
        raise CommandError(f"{uri} is not in the workspace")
    return [tf for tf in s.files.get(rel, ()) if tf.alive]


def workspace_findings(s: Session) -> list[TrackedFinding]:
    return [tf for tracked in s.files.values() for tf in tracked if tf.alive]


async def judge(s: Session, args: Sequence[Any]) -> dict[str, Any]:
    obj = _obj(args)
    if obj:
        raw_label, raw_reason = obj.get("verdict"), obj.get("reason")
    elif len(args) >= 2:
        raw_label, raw_reason = args[1], args[2] if len(args) > 2 else None
    else:
        raise CommandError("sastls.judge needs a finding and a verdict (TRUE_POSITIVE or FALSE_POSITIVE)")
    tf = _finding(s, args[0])
    label = _ALIASES.get(str(raw_label).upper())
    if label is None:
        raise CommandError(f"a verdict is TRUE_POSITIVE or FALSE_POSITIVE, not {raw_label!r}")
    reason = str(raw_reason) if raw_reason is not None else ""
    user = _user()
    if s.store is not None:
        verdict = await asyncio.to_thread(s.store.judge, tf.fingerprint, label, reason, user)
    else:
        s.show(
            "sastls: the verdict store is unavailable; this verdict lasts until restart",
            lsp.MessageType.Warning,
        )
        verdict = Verdict(
            fingerprint=tf.fingerprint,
            verdict=label,
            confidence=1.0,
            justification=reason or f"judged by {user or 'a user'}",
            analyst="human",
            reason=f"judged by {user or 'a user'}" + (f": {reason}" if reason else ""),
            human=True,
        )
    s.verdicts[tf.fingerprint] = verdict
    s.verdicts_changed([tf.primary.path])
    learn = await learning.offer(s, tf, reason, user) if label == "FALSE_POSITIVE" else None
    return {**verdict.to_dict(), "status": "done", "learn": learn}


def _user() -> str | None:
    try:
        return getpass.getuser()
    except Exception:
        return None


def cancel(s: Session, args: Sequence[Any]) -> dict[str, Any]:
    if not args or args[0] in ({}, None, ""):
        s.jobs.cancel_all()
        return {"status": "cancelled", "all": True}
    tf = _finding(s, args[0])
    what = args[0].get("job") if isinstance(args[0], dict) else None
    keys = {"fix": [f"fix:{tf.key}"], "investigate": [tf.key]}.get(str(what), [tf.key, f"fix:{tf.key}"])
    hit = [k for k in keys if s.jobs.cancel(k)]
    return {"status": "cancelled" if hit else "not_running", "fingerprint": tf.fingerprint}
