"""The server's state and what happens to it: findings, open buffers, verdicts, jobs.

Everything here runs on the server's event loop; blocking work (reading findings
files and sources, SQLite, scanners, fingerprints) goes to worker threads and its
results are applied back on the loop, and investigations, offline verdicts and fixes
run in the worker process (:mod:`.offload`, as jobs of :mod:`.jobs`). Handlers in :mod:`.app`
are thin calls into this class.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import VERDICTS, Verdict

from . import logs, options, sources
from .autotriage import AutoTriage
from .diagnostics import diagnostic_for, verdict_for
from .documents import TrackedDocument, TrackedFinding, split_lines
from .fixes import AppliedFixes
from .jobs import Jobs
from .offload import Worker
from .positions import Encoding, from_client, normalize_encoding
from .scanning import Told
from .transport import send_json_text

if TYPE_CHECKING:
    from sastls.graph.store import VerdictStore

log = logging.getLogger(__name__)

POLL_SECONDS = 3.0  # findings files, when the client cannot watch files for us
REDISCOVER_EVERY = 10  # polls between two walks of the workspace
WATCHERS_ID = "sastls-findings-watchers"
STATUS_METHOD = "sastls/status"
STATUS_EVERY = 1.0  # seconds between two status notifications at most (a full count of the findings)
PUBLISH_COALESCE = 0.1  # seconds: verdicts of a batch reach the editor at most this often


class Session:
    def __init__(self, ls: LanguageServer) -> None:
        self.ls = ls
        self.root: Path | None = None
        self.settings: Mapping[str, Any] | None = None
        self.config = Config()
        self.encoding: Encoding = "utf-16"
        self.sources: dict[str, list[Finding]] = {}  # "file:<rel>" | "scan:<rel>" -> findings
        self.files: dict[str, list[TrackedFinding]] = {}  # rel -> findings of that file
        self.docs: dict[str, TrackedDocument] = {}  # uri -> open buffer
        self.verdicts: dict[str, Verdict] = {}  # fingerprint -> effective verdict
        self.keys: dict[str, TrackedFinding] = {}  # key and current fingerprint -> finding
        self.store: VerdictStore | None = None
        self.worker = Worker()  # investigations, offline verdicts, fixes: out of this process's GIL
        self.worker.on_crash = self._worker_crashed
        self.jobs = Jobs()
        self.loaded = asyncio.Event()
        self.configured = False  # the editor's settings are in force (a file opened before waits)
        self._mtimes: dict[str, float] = {}
        self._published: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._scan_timers: dict[str, asyncio.TimerHandle] = {}
        self._scan_told = Told()  # scanner problems already logged (a missing gcc: once)
        self._watching = False
        self._skipped: set[str] = set()  # documents too large to track (told once)
        self._load_lock = asyncio.Lock()
        self._log_handler: logging.Handler | None = None
        self._to_publish: set[str] = set()
        self._publish_timer: asyncio.TimerHandle | None = None
        self._last_flush = float("-inf")  # loop time of the last flush
        self._refresh_pending = False
        self.pull = False  # the client pulls diagnostics: never push (set by initialize)
        self._status_timer: asyncio.TimerHandle | None = None
        self._last_status: dict[str, Any] | None = None
        self.jobs.on_change = self.status_soon
        self.fixes = AppliedFixes()  # verified fixes handed to the client (re-check after apply)
        self.autotriage = AutoTriage(self)

    # ------------------------------------------------------------------ helpers

    def spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        """A tracked background task whose failure is logged, never lost."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)

        def done(t: asyncio.Task[Any]) -> None:
            self._tasks.discard(t)
            if not t.cancelled() and (exc := t.exception()) is not None:
                log.error("%s failed: %s", name, exc, exc_info=exc)

        task.add_done_callback(done)
        return task

    def rel_of(self, uri: str) -> str | None:
        if self.root is None:
            return None
        fs = to_fs_path(uri)
        if fs is None:
            return None
        try:
            return Path(fs).resolve().relative_to(self.root).as_posix()
        except ValueError:
            return None

    def uri_of(self, rel: str) -> str:
        if self.root is None:
            return rel
        for uri, doc in self.docs.items():
            if doc.rel == rel:
                return uri
        return from_fs_path(str(self.root / rel)) or (self.root / rel).as_uri()

    def doc_for_rel(self, rel: str) -> TrackedDocument | None:
        return next((d for d in self.docs.values() if d.rel == rel), None)

    def show(self, message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        self.ls.window_show_message(lsp.ShowMessageParams(type=kind, message=message))

    def find(self, ident: str) -> TrackedFinding | None:
        tf = self.keys.get(ident)
        if tf is not None and tf.alive:
            return tf
        for tracked in self.files.values():
            for t in tracked:
                if t.alive and (ident in (t.key, t.fingerprint) or ident in t.fingerprints):
                    return t
        return None

    def verdict_of(self, tf: TrackedFinding) -> Verdict | None:
        return verdict_for(tf, self.verdicts)

    # ------------------------------------------------------------------ start-up

    def initialize(self, params: lsp.InitializeParams) -> None:
        """Fast: remember where we are; everything slow waits for ``initialized``."""
        folder = None
        if params.workspace_folders:
            folder = params.workspace_folders[0].uri
        folder = folder or params.root_uri or (from_fs_path(params.root_path) if params.root_path else None)
        fs = to_fs_path(folder) if folder else None
        self.root = Path(fs).resolve() if fs else None
        self.settings = options.section_of(params.initialization_options)
        self.encoding = normalize_encoding(str(self.ls.workspace.position_encoding or "utf-16"))
        # A client that pulls diagnostics (and can be told to pull again) gets them only by pull:
        # VS Code keeps pushed and pulled diagnostics in two collections and would show each twice.
        td, ws = params.capabilities.text_document, params.capabilities.workspace
        self.pull = bool(td and td.diagnostic and ws and ws.diagnostics and ws.diagnostics.refresh_support)

    async def initialized(self) -> None:
        self._log_handler = logs.attach(self.ls)
        await self.configure(self.settings, first=True)
        self.spawn(self._start_worker(self.config.analyst), "worker start")
        await self.register_watchers()
        await self.reload_all()
        if not self._watching:
            self.spawn(self._poll(), "findings poll")

    async def configure(self, settings: Mapping[str, Any] | None, *, first: bool = False) -> None:
        self.settings = settings
        config, errors = await asyncio.to_thread(options.load, self.root, settings)
        if errors:
            self.show(options.describe(errors), lsp.MessageType.Warning)
            for e in errors:
                log.warning("settings: %s", e)
        from . import scanning

        old, self.config = self.config, config
        was_configured, self.configured = self.configured, True
        if self.store is None and self.root is not None:
            self.store = await asyncio.to_thread(self._open_store)
        if not was_configured or scanning.inputs(old) != scanning.inputs(config):
            # files opened before the settings arrived, or scanners that changed: scan what is open
            for doc in list(self.docs.values()):
                self.schedule_scan(doc.rel, doc.text)
        if first:
            return
        if (old.finding_globs, old.exclude_globs) != (config.finding_globs, config.exclude_globs):
            await self.register_watchers()
            await self.reload_all()
        else:
            self.publish_all()

    def _open_store(self) -> VerdictStore | None:
        try:
            from sastls.graph.store import VerdictStore

            assert self.root is not None
            return VerdictStore.for_workspace(self.root, self.config)
        except Exception as exc:
            log.error("verdict store unavailable (verdicts will not persist): %s", exc)
            return None

    async def _start_worker(self, analyst: str) -> None:
        """The worker process starts, and imports the graph, while the files load."""
        await self.worker.start()
        self.worker.notify("warm", analyst)

    def _worker_crashed(self, why: str) -> None:
        self.show(
            f"sastls: {why}; the running investigations failed (a new worker starts with the next one)",
            lsp.MessageType.Error,
        )

    async def register_watchers(self) -> None:
        caps = self.ls.client_capabilities.workspace
        dyn = caps and caps.did_change_watched_files and caps.did_change_watched_files.dynamic_registration
        if not dyn:
            return
        watchers = [lsp.FileSystemWatcher(glob_pattern=g) for g in self.config.finding_globs]
        try:
            if self._watching:
                await asyncio.wait_for(
                    self.ls.client_unregister_capability_async(
                        lsp.UnregistrationParams(
                            unregisterations=[
                                lsp.Unregistration(
                                    id=WATCHERS_ID, method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES
                                )
                            ]
                        )
                    ),
                    5,
                )
            await asyncio.wait_for(
                self.ls.client_register_capability_async(
                    lsp.RegistrationParams(
                        registrations=[
                            lsp.Registration(
                                id=WATCHERS_ID,
                                method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                register_options=lsp.DidChangeWatchedFilesRegistrationOptions(
                                    watchers=watchers
                                ),
                            )
                        ]
                    )
                ),
                5,
            )
            self._watching = True
        except Exception as exc:
            log.warning("cannot watch findings files (%s); polling instead", exc)
            self._watching = False

    # ------------------------------------------------------------------ findings files

    async def reload_all(self) -> None:
        """Find and load every findings file, then track, fetch verdicts and publish."""
        if self.root is None:
            self.loaded.set()
            return
        root, config = self.root, self.config
        async with self._load_lock:
            started = time.perf_counter()
            rels = await asyncio.to_thread(sources.discover, root, config)
            loaded = await asyncio.to_thread(self._load_many, root, rels)
            for key in [k for k in self.sources if k.startswith("file:")]:
                del self.sources[key]
            for rel, (findings, _errors) in loaded.items():
                self.sources[f"file:{rel}"] = findings
            self._report_load_errors(loaded)
            await self.rebuild(None)
            count = sum(len(v) for k, v in self.sources.items() if k.startswith("file:"))
            log.info(
                "loaded %d findings from %d files in %.2fs", count, len(rels), time.perf_counter() - started
            )
        self.loaded.set()

    def _load_many(self, root: Path, rels: Sequence[str]) -> dict[str, tuple[list[Finding], list[Any]]]:
        out: dict[str, tuple[list[Finding], list[Any]]] = {}
        for rel in rels:
            try:
                self._mtimes[rel] = (root / rel).stat().st_mtime
            except OSError:
                continue
            out[rel] = sources.load_file(root, rel)
        return out

    def _report_load_errors(self, loaded: Mapping[str, tuple[list[Finding], list[Any]]]) -> None:
        bad = [(rel, errs) for rel, (_f, errs) in loaded.items() if errs]
        for rel, errs in bad:
            for e in errs[:20]:
                log.warning("%s: %s: %s", rel, getattr(e, "where", ""), getattr(e, "message", e))
        broken = [rel for rel, (f, errs) in loaded.items() if errs and not f]
        if broken:
            self.show(
                f"sastls: could not read findings from {', '.join(broken[:3])}"
                + (f" (+{len(broken) - 3} more)" if len(broken) > 3 else "")
                + " — see the output log",
                lsp.MessageType.Warning,
            )

    async def reload_files(self, rels: Iterable[str], deleted: Iterable[str] = ()) -> None:
        if self.root is None:
            return
        root = self.root
        async with self._load_lock:
            for rel in deleted:
                self.sources.pop(f"file:{rel}", None)
                self._mtimes.pop(rel, None)
            loaded = await asyncio.to_thread(self._load_many, root, list(rels))
            for rel, (findings, _errors) in loaded.items():
                self.sources[f"file:{rel}"] = findings
            self._report_load_errors(loaded)
            await self.rebuild(None)

    async def watched_files_changed(self, params: lsp.DidChangeWatchedFilesParams) -> None:
        changed: list[str] = []
        deleted: list[str] = []
        for ev in params.changes:
            rel = self.rel_of(ev.uri)
            if rel is None or not sources.is_findings_file(rel, self.config):
                continue
            (deleted if ev.type == lsp.FileChangeType.Deleted else changed).append(rel)
        if changed or deleted:
            await self.reload_files(changed, deleted)

    async def _poll(self) -> None:
        """For clients that cannot watch files: notice changed, new and deleted findings files."""
        n = 0
        while True:
            await asyncio.sleep(POLL_SECONDS)
            if self.root is None:
                continue
            n += 1
            root = self.root
            known = dict(self._mtimes)
            if n % REDISCOVER_EVERY == 0:
                rels = set(await asyncio.to_thread(sources.discover, root, self.config))
            else:
                rels = set(known)
            current = await asyncio.to_thread(_mtimes, root, rels)
            changed = [r for r, m in current.items() if known.get(r) != m]
            deleted = [r for r in known if r not in current]
            if changed or deleted:
                log.info("findings files changed: %s", ", ".join(changed + deleted))
                await self.reload_files(changed, deleted)

    # ------------------------------------------------------------------ tracking

    async def rebuild(self, rels: Iterable[str] | None) -> None:
        """Re-track the findings of ``rels`` (None: every file) from the sources; keep known state."""
        if self.root is None:
            return
        root = self.root
        grouped = sources.by_path(self.sources)
        wanted = set(grouped) | set(self.files) if rels is None else set(rels)
        snapshot = {rel: list(grouped.get(rel, ())) for rel in wanted}
        tracked = await asyncio.to_thread(_track_all, root, snapshot)
        for rel, new in tracked.items():
            self._install(rel, new)
        await self.load_verdicts(tf for rel in tracked for tf in self.files.get(rel, ()))
        for rel in tracked:
            self.publish(rel)

    def _install(self, rel: str, new: list[TrackedFinding]) -> None:
        old = {tf.key: tf for tf in self.files.get(rel, ())}
        doc = self.doc_for_rel(rel)
        if doc is not None and doc.dirty:
            # the buffer differs from disk: carry positions of known findings, map the new ones in
            fresh = [tf for tf in new if tf.key not in old]
            if fresh:
                disk = sources.read_lines(self.root, rel) if self.root else None
                if disk is not None:
                    TrackedDocument(doc.uri, rel, list(disk), findings=fresh).apply_change(
                        None, None, doc.text
                    )
        for tf in new:
            prev = old.get(tf.key)
            if prev is not None:
                tf.span, tf.anchor, tf.alive = prev.span, prev.anchor, prev.alive
                tf.fingerprint, tf.line_texts = prev.fingerprint, prev.line_texts
        for tf in self.files.get(rel, ()):
            self.keys.pop(tf.key, None)
            self.keys.pop(tf.fingerprint, None)
        if new:
            self.files[rel] = new
        else:
            self.files.pop(rel, None)
        for tf in new:
            self.keys[tf.key] = tf
            self.keys.setdefault(tf.fingerprint, tf)
        if doc is not None:
            doc.findings = self.files.setdefault(rel, [])

    async def load_verdicts(self, tracked: Iterable[TrackedFinding]) -> None:
        store = self.store
        if store is None:
            return
        fps = {fp for tf in tracked for fp in tf.fingerprints if fp and fp not in self.verdicts}
        if not fps:
            return
        try:
            found = await asyncio.to_thread(store.get_many, sorted(fps))
        except Exception as exc:
            log.error("reading verdicts failed: %s", exc)
            return
        self.verdicts.update(found)

    # ------------------------------------------------------------------ documents

    def _too_big(self, uri: str, rel: str, size: int) -> bool:
        """Buffers larger than the analyst reads (``fetch.max_file_bytes``) are not kept: their
        findings stay where the file on disk has them, and the user is told once."""
        limit = self.config.fetch.max_file_bytes
        if size <= limit:
            return False
        if uri not in self._skipped:
            self._skipped.add(uri)
            self.show(
                f"sastls: {rel} is {size / 1e6:.1f} MB, larger than the {limit / 1e6:.1f} MB sastls analyses "
                "(setting fetch.max_file_bytes): edits to it are not followed, its findings stay where "
                "the saved file has them",
                lsp.MessageType.Warning,
            )
        log.warning("%s: %d characters open, over fetch.max_file_bytes (%d): not tracked", rel, size, limit)
        return True

    def did_open(self, params: lsp.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        rel = self.rel_of(item.uri)
        if rel is None:
            return
        if self._too_big(item.uri, rel, len(item.text)):
            self.docs.pop(item.uri, None)
            self.publish(rel)
            return
        lines = split_lines(item.text)
        doc = TrackedDocument(item.uri, rel, lines, version=item.version)
        self.docs[item.uri] = doc
        tracked = self.files.get(rel)
        if tracked is not None and self.root is not None:
            disk = sources.read_lines(self.root, rel)
            if disk is not None and disk != lines:
                TrackedDocument(item.uri, rel, disk, findings=tracked).apply_change(None, None, item.text)
                doc.dirty = True
            for tf in tracked:
                tf.remember_lines(lines)
            doc.findings = tracked
        self.publish(rel)
        self.schedule_scan(rel, item.text)

    def did_change(self, params: lsp.DidChangeTextDocumentParams) -> None:
        doc = self.docs.get(params.text_document.uri)
        if doc is None:
            return
        if any(self._too_big(doc.uri, doc.rel, len(c.text)) for c in params.content_changes):
            self.docs.pop(doc.uri, None)  # back to the file on disk, as if closed
            self.publish_soon(doc.rel)
            return
        for change in params.content_changes:
            if isinstance(change, lsp.TextDocumentContentChangePartial):
                r = change.range
                start = self._from_client(doc, r.start)
                end = self._from_client(doc, r.end)
                doc.apply_change(start, end, change.text)
            else:
                doc.apply_change(None, None, change.text)
        doc.version = params.text_document.version
        self.fixes.changed(self, doc)
        self.publish_soon(doc.rel)  # a burst of keystrokes is published once

    def _from_client(self, doc: TrackedDocument, pos: lsp.Position) -> tuple[int, int]:
        if pos.line >= len(doc.lines):
            return len(doc.lines), 0
        return pos.line, from_client(doc.lines[pos.line], pos.character, self.encoding)

    def did_save(self, params: lsp.DidSaveTextDocumentParams) -> None:
        """Synchronous, so it is applied in message order: the buffer is what was saved."""
        doc = self.docs.get(params.text_document.uri)
        if doc is None:
            return
        lines = split_lines(params.text) if params.text is not None else list(doc.lines)
        changed = doc.dirty or lines != doc.lines
        doc.reanchor(lines)
        self.fixes.saved(self, doc)
        rel = doc.rel
        self.worker.notify("invalidate", rel)
        self.publish(rel)
        self.spawn(self._after_save(doc, changed), f"save {rel}")

    async def _after_save(self, doc: TrackedDocument, changed: bool) -> None:
        if changed:
            await self._refingerprint(doc)
            self.publish(doc.rel)
        self.schedule_scan(doc.rel, doc.text)
        if not self._watching:
            await self._check_findings_files()

    async def _refingerprint(self, doc: TrackedDocument) -> None:
        live = [tf for tf in doc.findings if tf.alive]
        if not live:
            return
        version, lines = doc.version, list(doc.lines)
        # at the current place, with the loaded fingerprint as the reference for the occurrence suffix
        ref = [replace(tf.current_finding(), fingerprint=tf.primary.fingerprint) for tf in live]
        try:
            fps = await asyncio.to_thread(sources.refingerprint, ref, lines)
        except Exception as exc:
            log.warning("fingerprints not recomputed for %s: %s", doc.rel, exc)
            return
        if doc.version != version:
            return  # edited again meanwhile: the next save recomputes
        for tf, fp in zip(live, fps, strict=True):
            if fp != tf.fingerprint:
                self.keys.pop(tf.fingerprint, None)
                tf.fingerprint = fp
                self.keys.setdefault(fp, tf)
        await self.load_verdicts(live)

    async def _check_findings_files(self) -> None:
        if self.root is None:
            return
        known = dict(self._mtimes)
        current = await asyncio.to_thread(_mtimes, self.root, set(known))
        changed = [r for r, m in current.items() if known.get(r) != m]
        deleted = [r for r in known if r not in current]
        if changed or deleted:
            await self.reload_files(changed, deleted)

    def did_close(self, params: lsp.DidCloseTextDocumentParams) -> None:
        doc = self.docs.pop(params.text_document.uri, None)
        if doc is None:
            return
        timer = self._scan_timers.pop(doc.rel, None)
        if timer is not None:
            timer.cancel()
        if doc.dirty and self.root is not None:
            disk = sources.read_lines(self.root, doc.rel)
            if disk is not None:  # unsaved edits are gone: back to the text on disk
                doc.apply_change(None, None, "\n".join(disk))
                doc.revive(disk)  # code deleted in the discarded edits is back on disk
        self.publish(doc.rel)

    # ------------------------------------------------------------------ scanners

    def schedule_scan(self, rel: str, text: str) -> None:
        """Run the configured scanners on ``rel`` after a quiet moment (one timer per file)."""
        from . import scanning

        if self.root is None or not self.configured or not scanning.covers(self.config, rel):
            return  # before the settings arrive: configure() schedules the files open by then
        timer = self._scan_timers.pop(rel, None)
        if timer is not None:
            timer.cancel()
        loop = asyncio.get_running_loop()
        self._scan_timers[rel] = loop.call_later(
            scanning.DEBOUNCE_SECONDS, lambda: self.spawn(self._scan(rel), f"scan {rel}")
        )

    async def _scan(self, rel: str) -> None:
        from . import scanning

        self._scan_timers.pop(rel, None)
        if self.root is None:
            return
        findings = await scanning.scan(self.root, rel, self.config, self._scan_told)
        if findings is None:
            return  # the scanner could not run: keep what we had
        log.info("scanned %s: %d findings", rel, len(findings))
        key = f"scan:{rel}"
        if [f.fingerprint for f in findings] == [f.fingerprint for f in self.sources.get(key, ())]:
            return
        self.sources[key] = findings
        await self.rebuild([rel])

    # ------------------------------------------------------------------ diagnostics

    def _diagnostic(self, tf: TrackedFinding, lines: list[str] | None) -> tuple[lsp.Diagnostic, str] | None:
        """A finding's diagnostic and its JSON text, remade only when what it depends on changed
        (a verdict arriving, or an edit of its lines, remakes its own and no other)."""
        v = self.verdict_of(tf)
        if lines is None:
            texts: Any = None
        else:
            last = len(lines) - 1
            texts = (
                (lines[min(tf.span.start_line, last)], lines[min(tf.span.end_line, last)]) if lines else ()
            )
        key = (
            self.config,
            self.encoding,
            texts,
            tf.span,
            tf.alive,
            tf.fingerprint,
            tf.line_texts,
            None if v is None else (v.fingerprint, v.verdict, v.decided_at, v.human, v.confidence),
        )
        shown = tf.shown
        if shown is not None and shown[0] == key:
            made: tuple[lsp.Diagnostic, str] | None = shown[1]
            return made
        d = diagnostic_for(tf, v, self.config, uri_of=self.uri_of, encoding=self.encoding, lines=lines)
        made = (
            None if d is None else (d, json.dumps(self.ls.protocol._converter.unstructure(d, lsp.Diagnostic)))
        )
        tf.shown = (key, made)
        return made

    def _cached(self, rel: str) -> list[tuple[lsp.Diagnostic, str]]:
        doc = self.doc_for_rel(rel)
        lines = doc.lines if doc is not None else None
        return [made for tf in self.files.get(rel, ()) if (made := self._diagnostic(tf, lines)) is not None]

    def file_diagnostics(self, rel: str) -> list[lsp.Diagnostic]:
        return [d for d, _text in self._cached(rel)]

    def publish(self, rel: str) -> None:
        self.autotriage.consider(rel)  # offline verdicts for an open file's undecided findings
        if self.pull:
            self._refresh_pending = True
            self._schedule_flush()
            self.status_soon()
            return
        diags = self._cached(rel)
        if not diags and rel not in self._published:
            return
        doc = self.doc_for_rel(rel)
        version = f',"version":{int(doc.version)}' if doc is not None and doc.version is not None else ""
        # each diagnostic's JSON is kept with it: a publish is a join, not a pass of cattrs and json
        send_json_text(
            self.ls.protocol,
            f'{{"jsonrpc":"2.0","method":"{lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS}",'
            f'"params":{{"uri":{json.dumps(self.uri_of(rel))}{version},'
            f'"diagnostics":[{",".join(text for _d, text in diags)}]}}}}',
        )
        self.status_soon()
        if diags:
            self._published.add(rel)
        else:
            self._published.discard(rel)

    def status(self) -> dict[str, Any]:
        """The ``sastls/status`` payload (docs/contracts.md): counts for status bars."""
        counts: Counter[str] = Counter()
        for tracked in self.files.values():
            for tf in tracked:
                if tf.alive:
                    v = self.verdict_of(tf)
                    counts[v.verdict if v is not None else "UNDECIDED"] += 1
        return {
            "findings": sum(counts.values()),
            "by_verdict": {k: counts.get(k, 0) for k in (*VERDICTS, "UNDECIDED")},
            "running": len(self.jobs.running_keys()),
        }

    def status_soon(self) -> None:
        if self._status_timer is None:
            loop = asyncio.get_running_loop()
            self._status_timer = loop.call_later(STATUS_EVERY, self._send_status)

    def _send_status(self) -> None:
        self._status_timer = None
        payload = self.status()
        if payload != self._last_status:
            self._last_status = payload
            self.ls.protocol.notify(STATUS_METHOD, payload)

    def publish_soon(self, rel: str) -> None:
        """Coalesce bursts (a batch of verdicts): one publish per file per tick."""
        self._to_publish.add(rel)
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        """The next flush, when the last one is ``PUBLISH_COALESCE`` old."""
        if self._publish_timer is None:
            loop = asyncio.get_running_loop()
            wait = max(self._last_flush + PUBLISH_COALESCE - loop.time(), 0.0)
            self._publish_timer = loop.call_later(wait, self._flush)

    def _flush(self) -> None:
        if self._publish_timer is not None:
            self._publish_timer.cancel()
            self._publish_timer = None
        self._last_flush = asyncio.get_running_loop().time()
        rels, self._to_publish = self._to_publish, set()
        for rel in rels:
            self.publish(rel)
        if self._refresh_pending:
            self._refresh()

    def publish_all(self) -> None:
        for rel in set(self.files) | self._published:
            self.publish(rel)

    def verdicts_changed(self, rels: Iterable[str], *, soon: bool = False) -> None:
        """Verdicts of findings in ``rels`` changed: push them, and ask pull clients to refresh.

        ``soon``: at once when nothing was published for ``PUBLISH_COALESCE``, else with the next
        flush (verdicts arriving many a second, from a batch or concurrent investigations, cost one
        publish per file per ``PUBLISH_COALESCE``: a big file's diagnostics take milliseconds to send)."""
        if soon:
            self._refresh_pending = True
            self._to_publish.update(rels)
            quiet = asyncio.get_running_loop().time() - self._last_flush >= PUBLISH_COALESCE
            if self._publish_timer is None and quiet:
                self._flush()
            else:
                self._schedule_flush()
            return
        for rel in set(rels):
            self.publish(rel)
        self._refresh()

    def _refresh(self) -> None:
        self._refresh_pending = False
        caps = self.ls.client_capabilities.workspace
        if caps and caps.diagnostics and caps.diagnostics.refresh_support:
            self.ls.workspace_diagnostic_refresh(None)

    def rel_of_finding(self, tf: TrackedFinding) -> str:
        return tf.primary.path

    # ------------------------------------------------------------------ shutdown

    def shutdown(self) -> None:
        if self._log_handler is not None:
            logs.detach(self._log_handler)
            self._log_handler = None
        self.jobs.cancel_all()
        for timer in self._scan_timers.values():
            timer.cancel()
        for handle in (self._status_timer, self._publish_timer):
            if handle is not None:
                handle.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.worker.stop()
        if self.store is not None:
            try:
                self.store.close()
            except Exception:
                log.debug("closing the store failed", exc_info=True)


def _mtimes(root: Path, rels: Iterable[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for rel in rels:
        try:
            out[rel] = (root / rel).stat().st_mtime
        except OSError:
            continue
    return out


def _track_all(root: Path, findings_by_rel: Mapping[str, list[Finding]]) -> dict[str, list[TrackedFinding]]:
    out: dict[str, list[TrackedFinding]] = {}
    for rel, findings in findings_by_rel.items():
        if not findings:
            out[rel] = []
            continue
        try:
            out[rel] = sources.track_file(findings, sources.read_lines(root, rel))
        except Exception:
            log.exception("tracking findings of %s failed", rel)
            out[rel] = []
    return out
