"""Offline verdicts for the findings of opened files, in the background (``auto_triage = "offline"``).

When a file is open and its findings have no verdict yet, they are queued and judged by the
heuristic analyst in the worker process (never in the server's process), a batch at a time; the
verdicts are stored like any other and reach the editor in a second, coalesced publish: the first
publish (the scanner's findings) never waits for them. The model is never called from here: with
``analyst = "llm"`` the model still runs only when the user asks (Investigate). A finding whose
buffer has unsaved edits waits for the save (its code on disk is what the analyst reads).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sastls.analyzers.findings.model import Finding
from sastls.graph.provenance import models_digest, stale_reason
from sastls.graph.verdict import Verdict

from .documents import TrackedFinding

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger(__name__)

BATCH = 32  # findings judged per trip to the worker process (each takes milliseconds)


class AutoTriage:
    def __init__(self, session: Session) -> None:
        self.s = session
        self._pending: dict[str, TrackedFinding] = {}  # key -> finding waiting for its offline verdict
        self._tried: set[str] = set()  # fingerprints judged (or failed) already: never queued twice
        self._worker: asyncio.Task[None] | None = None

    @property
    def enabled(self) -> bool:
        return self.s.config.auto_triage == "offline" and self.s.root is not None

    def consider(self, rel: str) -> None:
        """Queue the undecided findings of ``rel`` when it is open (cheap: called on every publish)."""
        if not self.enabled:
            return
        doc = self.s.doc_for_rel(rel)
        if doc is None or doc.dirty:
            return
        s = self.s
        stands = self._stands()
        for tf in s.files.get(rel, ()):
            if (
                tf.alive
                and tf.key not in self._pending
                and tf.fingerprint not in self._tried
                and not s.jobs.running(tf.key)
                and not stands(s.verdict_of(tf))
            ):
                self._pending[tf.key] = tf
        if self._pending and (self._worker is None or self._worker.done()):
            self._worker = s.spawn(self._drain(), "offline verdicts")

    def _stands(self) -> Callable[[Verdict | None], bool]:
        """Whether a verdict stands for the offline analyst now: a person's always; an analyst's only
        when reached by this version of it with these model files (else it is decided again)."""
        s = self.s
        config = replace(s.config, analyst="heuristic")
        try:
            digest = models_digest(s.root, config.models)
        except Exception:
            digest = None

        def stands(v: Verdict | None) -> bool:
            if v is None:
                return False
            if v.human or v.analyst != "heuristic":
                return True  # a person's, or a model's the user asked for: not the offline analyst's to redo
            return digest is None or stale_reason(v, config, s.root, digest=digest) is None

        return stands

    def redo(self) -> None:
        """The models changed (a model file was recorded): judge the open files' findings again."""
        self._tried.clear()
        for doc in list(self.s.docs.values()):
            self.consider(doc.rel)

    @property
    def pending(self) -> int:
        return len(self._pending)

    async def _drain(self) -> None:
        s = self.s
        while self._pending and self.enabled:
            keys = list(self._pending)[:BATCH]
            batch = [self._pending.pop(k) for k in keys]
            stands = self._stands()
            todo = [
                tf for tf in batch if tf.alive and not stands(s.verdict_of(tf)) and not s.jobs.running(tf.key)
            ]
            if not todo:
                continue
            findings = [tf.current_finding() for tf in todo]
            for tf in todo:
                self._tried.add(tf.fingerprint)
            try:
                verdicts = await _judge(s, findings)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("offline verdicts failed for %d findings: %s", len(todo), exc)
                continue
            rels: set[str] = set()
            stands = self._stands()
            for tf, verdict in zip(todo, verdicts, strict=True):
                if verdict is None or stands(s.verdict_of(tf)):
                    continue  # failed, or someone decided meanwhile (a person, an investigation)
                s.verdicts[verdict.fingerprint] = verdict
                if verdict.fingerprint != tf.fingerprint:
                    s.verdicts[tf.fingerprint] = verdict
                rels.add(tf.primary.path)
            if rels:
                s.verdicts_changed(rels, soon=True)


async def _judge(s: Session, findings: Sequence[Finding]) -> list[Verdict | None]:
    """In the worker process: the heuristic analyst on each finding, stored; None where it failed."""
    assert s.root is not None
    verdicts: list[Verdict | None] = await s.worker.call("judge", list(findings), s.root, s.config)
    return verdicts
