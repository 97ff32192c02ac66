"""Heuristic triage over worker processes: the offline analyst is CPU-bound, one event loop is one core.

The groups are cut into small chunks (neighbouring files together, so each worker's workspace
index parses a file once) handed out to ``processes`` workers as they free up. Each worker has
its own index, event loop and store connection (the store is safe across processes) and commits
every verdict itself, so a killed run loses nothing; the parent only counts. A worker whose
parent died stops before its next finding.

A big run starts its workers while its findings are read (``Workers``), and first uses them to
fingerprint the findings (parsing every file they sit in is the largest part of loading), file by
file in parallel; the same processes then investigate.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import pickle
import queue as queue_mod
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .progress import NullProgress
from .reports.stats import Skipped
from .runner import GC_THRESHOLD, Group, Runner, TriageOptions, default_index, default_investigate

CHUNKS_PER_PROCESS = 8
"""Fingerprint-only work is cut into about this many chunks per process."""


def chunk_sizes(total: int, processes: int) -> list[int]:
    """Sizes of the chunks ``total`` items are cut into, largest first (guided self-scheduling):
    each is a share of what is left, so the work starts in big chunks (neighbouring files stay
    together) and ends in small ones (the workers finish together, none waits on a long last one)."""
    smallest = max(1, -(-total // (processes * 4 * CHUNKS_PER_PROCESS)))
    sizes: list[int] = []
    left = total
    while left > 0:
        size = min(left, max(smallest, -(-left // (2 * processes))))
        sizes.append(size)
        left -= size
    return sizes


log = logging.getLogger(__name__)


@dataclass
class ChunkResult:
    verdicts: dict[str, Verdict]
    skipped: list[Skipped]
    investigated: list[str]
    reused: int
    progress: list[tuple[Verdict | None, bool]] = field(default_factory=list)  # not yet sent by the queue


PROGRESS_EVERY = 0.1
"""Seconds between two progress messages of a worker (one per finding cost a thread hand-off each)."""


class _QueueProgress:
    """Forwards finished findings to the parent's display, a batch every ``PROGRESS_EVERY`` seconds
    (``flush`` sends the rest: at the end of each chunk)."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue
        self.pending: list[tuple[Verdict | None, bool]] = []
        self.sent = time.monotonic()

    def start(self, total: int) -> None:
        pass

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        # what a display reads (label, usage); the verdict itself comes back with its chunk
        slim = replace(verdict, evidence=(), justification="", path_taken=()) if verdict is not None else None
        self.pending.append((slim, reused))
        if time.monotonic() - self.sent >= PROGRESS_EVERY:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            self.queue.put(self.pending)
            self.pending = []
        self.sent = time.monotonic()

    def rest(self) -> list[tuple[Verdict | None, bool]]:
        """What was not sent yet (it goes back with the chunk's result: nothing overtakes it)."""
        rest, self.pending = self.pending, []
        return rest

    def close(self) -> None:
        self.flush()


@dataclass
class _Worker:
    options: TriageOptions
    queue: Any
    parent: int
    loop: asyncio.AbstractEventLoop
    index: Any
    stores: dict[Path, Any]
    words: bool = False  # the index has the workspace's word index

    def store(self, path: Path) -> Any:
        if path not in self.stores:
            from sastls.graph.store import VerdictStore

            self.stores[path] = VerdictStore(path)
        return self.stores[path]


_state: list[_Worker] = []  # set by the initializer in each worker process (never at import)

COMMIT_EVERY = 0.1
"""Seconds a worker keeps offline verdicts before committing them together (``BufferedStore``)."""


class BufferedStore:
    """A worker's store: the verdicts of offline investigations are committed together, at most
    ``COMMIT_EVERY`` seconds after the first of them and at the end of each chunk (one transaction
    instead of one per verdict). A worker killed meanwhile loses at most that much offline work
    (milliseconds a finding, redone by the next run); model verdicts never run in workers."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.path = store.path
        self.pending: list[tuple[Verdict, Finding | None]] = []
        self.since = 0.0

    def _settle(self, fingerprint: str) -> None:
        """Commit first when ``fingerprint`` has a verdict waiting: the store answers as if it were in."""
        if any(v.fingerprint == fingerprint for v, _ in self.pending):
            self.flush()

    def decided(self, fingerprint: str, content_hash: str) -> Verdict | None:
        self._settle(fingerprint)
        got: Verdict | None = self.store.decided(fingerprint, content_hash)
        return got

    def get(self, fingerprint: str) -> Verdict | None:
        self._settle(fingerprint)
        got: Verdict | None = self.store.get(fingerprint)
        return got

    def put(self, verdict: Verdict, finding: Finding | None = None) -> None:
        if not self.pending:
            self.since = time.monotonic()
        self.pending.append((verdict, finding))
        if time.monotonic() - self.since >= COMMIT_EVERY:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            pending, self.pending = self.pending, []
            self.store.put_many(pending)


def _watch_parent(parent: int) -> None:
    """Leave when the parent is gone (killed with -9): an idle worker would otherwise wait forever."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(3)


def _init(options: TriageOptions, queue: Any, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides
    gc.set_threshold(*GC_THRESHOLD)

    threading.Thread(target=_watch_parent, args=(parent,), name="sastls-parent-watch", daemon=True).start()

    _state.append(
        _Worker(
            options,
            queue,
            parent,
            asyncio.new_event_loop(),
            default_index(options.repo, options.config),
            {},
        )
    )


def _bases(findings: list[Finding], repo: Path) -> tuple[list[str], dict[str, str]]:
    from sastls.analyzers.fingerprints import fingerprint_bases

    digests: dict[str, str] = {}
    return fingerprint_bases(findings, repo, digests=digests), digests


@dataclass
class FileChunk:
    """Whole files' findings (not yet fingerprinted; a file's findings in input order) and their
    groups, as (primary, members) positions in ``findings``, in the run's group order. ``known``:
    fingerprints already known (from the store's cache; "" for the others, a file is known whole
    or not at all), ``hashes``: the content hashes of the known files."""

    findings: list[Finding]
    groups: list[tuple[int, tuple[int, ...]]]
    words: bytes = b""  # the workspace's word index (``WorkspaceIndex.word_index``), pickled once
    known: list[str] = field(default_factory=list)
    hashes: dict[str, str] = field(default_factory=dict)
    report: bool = True  # send progress (False: the parent shows none)


@dataclass
class FileChunkResult:
    fingerprints: list[str]  # one per finding of the chunk
    result: ChunkResult
    redecided: dict[str, str]
    digests: dict[str, str] = field(default_factory=dict)  # path -> hash the new fingerprints come from


def _source(index: Any) -> Any:
    """Files for the fingerprints, read and parsed by the worker's index (kept for the judge)."""
    from sastls.analyzers.code.index import ParsedFile

    def source(rel: str) -> tuple[bytes, Any] | None:
        got = index.load(rel)
        if isinstance(got, ParsedFile) and got.path == rel:
            return got.source, got.summary
        return None

    return source


async def decide_files(  # noqa: PLR0917
    run: Runner,
    findings: Sequence[Finding],
    groups: Sequence[tuple[int, tuple[int, ...]]],
    known: Sequence[str],
    hashes: dict[str, str],
    digests: dict[str, str],
) -> list[str]:
    """Fingerprint each file's findings (unless ``known``) and decide its groups at once, while its
    parse is fresh: one parse per file serves both (the judge finds it in ``run.index``'s cache).
    Returns the fingerprints (one per finding; "" for files not reached when ``run`` stopped);
    ``digests`` receives the content hash each new fingerprint was computed from."""
    from sastls.analyzers.fingerprints import fingerprint_bases, with_suffixes

    source = _source(run.index)
    by_file: dict[str, list[int]] = {}
    for i, f in enumerate(findings):
        by_file.setdefault(f.path, []).append(i)
    groups_of: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for g in groups:
        groups_of.setdefault(findings[g[0]].path, []).append(g)
    fps = [known[i] if i < len(known) else "" for i in range(len(findings))]
    for path, idxs in by_file.items():
        if run.should_stop():
            break
        if all(fps[i] for i in idxs):
            if path in hashes:
                run.hashes.known(path, hashes[path])
        else:
            bases = fingerprint_bases([findings[i] for i in idxs], run.o.repo, source=source, digests=digests)
            for i, fp in zip(idxs, with_suffixes(bases), strict=True):
                fps[i] = fp
            parsed = run.index.file(path)
            if parsed is not None and parsed.path == path:
                run.hashes.known(path, parsed.content_hash)
        for primary, members in groups_of.get(path, ()):
            group = Group(
                findings[primary].with_fingerprint(fps[primary]),
                tuple(findings[m].with_fingerprint(fps[m]) for m in members),
            )
            await run.one(group)
    return fps


def _files(chunk: FileChunk, store_path: Path) -> FileChunkResult:
    """``decide_files`` in a worker."""
    w = _state[0]
    _adopt_words(chunk.words)
    progress = _QueueProgress(w.queue) if chunk.report else None
    store = BufferedStore(w.store(store_path))
    run = Runner(w.options, store, default_investigate(), w.index, progress or NullProgress())
    run.should_stop = lambda: os.getppid() != w.parent
    digests: dict[str, str] = {}
    try:
        fps = w.loop.run_until_complete(
            decide_files(run, chunk.findings, chunk.groups, chunk.known, chunk.hashes, digests)
        )
    finally:
        store.flush()
    rest = progress.rest() if progress is not None else []
    result = ChunkResult(run.verdicts, run.skipped, run.investigated, run.reused, rest)
    return FileChunkResult(fps, result, run.redecided, digests)


def _word_part(part: int, parts: int) -> dict[tuple[str, str], list[str]]:
    """This worker's share of the word index; meanwhile loads what every investigation needs."""
    from sastls.analyzers.code.judge import judge_finding
    from sastls.graph.run import ainvestigate

    del judge_finding, ainvestigate
    words: dict[tuple[str, str], list[str]] = _state[0].index.word_index_part(part, parts)
    return words


def _adopt_words(words: bytes) -> None:
    w = _state[0]
    if words and not w.words:
        w.index.adopt_word_index(pickle.loads(words))  # noqa: S301 (our own parent's pickle)
        w.words = True


def _chunk(groups: list[Group], store_path: Path, words: bytes = b"") -> ChunkResult:
    w = _state[0]
    _adopt_words(words)
    progress = _QueueProgress(w.queue)
    run = Runner(w.options, w.store(store_path), default_investigate(), w.index, progress)
    run.should_stop = lambda: os.getppid() != w.parent
    w.loop.run_until_complete(run.all(groups))
    return ChunkResult(run.verdicts, run.skipped, run.investigated, run.reused, progress.rest())


class Workers:
    """``processes`` spawned workers (started at once, in the background), used first for
    fingerprints, then for investigations; ``close`` ends them."""

    def __init__(self, options: TriageOptions, processes: int) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process holding threads and sqlite
        self.processes = processes
        self.queue = ctx.Queue()
        # Reads of the progress queue and the ending of the workers exclude each other: a worker
        # terminated while writing leaves half a message in the pipe, and a read of it blocks for
        # ever (Ctrl-C hung `sastls triage` that way once). No read starts after ``close``.
        self.lock = threading.Lock()
        self.closed = False
        self.pool = ProcessPoolExecutor(
            processes, mp_context=ctx, initializer=_init, initargs=(options, self.queue, os.getpid())
        )
        # When the workers die before taking every task (Ctrl-C reaches the whole process group), the
        # pool's manager thread joins the feeder thread of its task queue, which waits forever to write
        # a task into a pipe no worker reads, and interpreter exit waits on that thread: Debian 12's
        # Python 3.11.2 then hangs after "interrupted" (a CPython bug; 3.11.7 does not hang). No task
        # left in that queue is wanted once the pool is closed (results are awaited before): never join it.
        call_queue = getattr(self.pool, "_call_queue", None)
        if call_queue is not None:
            call_queue.cancel_join_thread()
        # a spawned pool starts a process per task waiting: start them all now, each building its
        # share of the workspace's word index (every worker needs all of it: ``word_index``)
        self._word_parts = [self.pool.submit(_word_part, k, processes) for k in range(processes)]
        self._words: bytes | None = None

    def word_index(self) -> bytes:
        """The workspace's word index (``WorkspaceIndex.word_index``), pickled for the workers."""
        if self._words is None:
            from sastls.analyzers.code.index import join_word_index

            try:
                words = join_word_index([f.result() for f in self._word_parts])
                self._words = pickle.dumps(words, pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # each worker then builds its own when it needs one
                log.warning("the word index could not be built over the workers: %s", exc)
                self._words = b""
        return self._words

    def fingerprint_bases(
        self, findings: Sequence[Finding], repo: Path, digests: dict[str, str] | None = None
    ) -> list[str]:
        """``analyzers.fingerprints.fingerprint_bases`` over the workers: the findings split by
        file (a file's findings stay together, so each file is parsed once), bases in input order;
        ``digests`` receives the content hash of each file they come from."""
        order = sorted(range(len(findings)), key=lambda k: findings[k].path)
        parts: list[list[int]] = []
        size = max(1, -(-len(order) // (self.processes * CHUNKS_PER_PROCESS)))
        for k in order:
            same_file = parts and findings[parts[-1][-1]].path == findings[k].path
            if parts and (len(parts[-1]) < size or same_file):
                parts[-1].append(k)
            else:
                parts.append([k])
        futures = [self.pool.submit(_bases, [findings[k] for k in part], repo) for part in parts]
        out = [""] * len(findings)
        for part, fut in zip(parts, futures, strict=True):
            bases, hashes = fut.result()
            for k, base in zip(part, bases, strict=True):
                out[k] = base
            if digests is not None:
                digests.update(hashes)
        return out

    def close(self, *, now: bool = False) -> None:
        """End the workers; without waiting for them to exit (they have nothing left to commit:
        every verdict was committed before its chunk returned), so the outputs are written meanwhile.
        They are terminated rather than left to stop: one still starting (started early for a run that
        turned out small) would otherwise read its start-up arguments after this process released the
        queue's semaphore, and print a FileNotFoundError traceback."""
        with self.lock:  # not while a progress message is being read (see ``lock``)
            self.closed = True
            processes = dict(getattr(self.pool, "_processes", None) or {})
            if now:
                for child in multiprocessing.active_children():
                    child.terminate()
            self.pool.shutdown(wait=False, cancel_futures=True)
            for proc in processes.values():
                if proc.is_alive():
                    proc.terminate()


def chunks(groups: list[Group], processes: int) -> list[list[Group]]:
    """Groups cut into chunks (``chunk_sizes``), neighbouring files together."""
    ordered = sorted(groups, key=lambda g: (g.primary.path, g.primary.line))
    out: list[list[Group]] = []
    at = 0
    for size in chunk_sizes(len(ordered), processes):
        out.append(ordered[at : at + size])
        at += size
    return out


def run_in_processes(  # noqa: PLR0917
    run: Runner,
    groups: list[Group],
    processes: int,
    store_path: Path,
    cancel: threading.Event,
    workers: Workers | None = None,
) -> None:
    """Investigate ``groups`` in ``processes`` workers (``workers`` when already started, else new
    ones, ended here); results are folded into ``run``.

    Setting ``cancel`` stops the workers at once (what they committed stays committed).
    """
    own = workers is None
    pool = workers if workers is not None else Workers(run.o, processes)
    finished: list[Future[ChunkResult]] = []
    try:
        words = pool.word_index()
        work = {pool.pool.submit(_chunk, c, store_path, words): c for c in chunks(groups, pool.processes)}
        pending: set[Future[ChunkResult]] = set(work)
        while pending and not cancel.is_set():
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            finished.extend(done)
            _drain(pool, run)
        if not cancel.is_set():
            _drain(pool, run)
    finally:
        if own or cancel.is_set():
            pool.close(now=cancel.is_set())
    if cancel.is_set():
        return
    for fut in finished:
        try:
            result = fut.result()
        except Exception as exc:  # a worker died (out of memory, killed): its chunk is reported, not lost
            log.warning("a triage worker failed: %s", exc)
            for group in work[fut]:
                for m in group.members:
                    if m.fingerprint not in run.verdicts:
                        run.skipped.append(Skipped(m.fingerprint, f"error: worker process failed: {exc}"))
            continue
        _advance(run, result.progress)
        run.verdicts.update(result.verdicts)
        run.skipped.extend(result.skipped)
        run.investigated.extend(result.investigated)
        run.reused += result.reused


def file_chunks(
    findings: Sequence[Finding], groups: Sequence[tuple[int, tuple[int, ...]]], processes: int
) -> list[tuple[list[int], FileChunk]]:
    """Whole files cut into chunks of about ``chunk_sizes``, neighbouring files together; each
    with the positions of its findings in ``findings``."""
    by_file: dict[str, list[int]] = {}
    for i, f in enumerate(findings):
        by_file.setdefault(f.path, []).append(i)
    group_at: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for g in groups:  # a group's members share its primary's file (same place)
        group_at.setdefault(findings[g[0]].path, []).append(g)
    sizes = iter(chunk_sizes(len(findings), processes))
    size = next(sizes, 1)
    out: list[tuple[list[int], FileChunk]] = []
    positions: list[int] = []
    for path in sorted(by_file):
        positions.extend(by_file[path])
        if len(positions) >= size:
            out.append((positions, _file_chunk(findings, positions, group_at)))
            size = max(1, next(sizes, 1) - (len(positions) - size))  # a whole file may overshoot
            positions = []
    if positions:
        out.append((positions, _file_chunk(findings, positions, group_at)))
    return out


def _file_chunk(
    findings: Sequence[Finding],
    positions: list[int],
    group_at: dict[str, list[tuple[int, tuple[int, ...]]]],
) -> FileChunk:
    local = {p: k for k, p in enumerate(positions)}
    paths = dict.fromkeys(findings[p].path for p in positions)
    groups = [
        (local[primary], tuple(local[m] for m in members))
        for path in paths
        for primary, members in group_at.get(path, ())
    ]
    return FileChunk([findings[p] for p in positions], groups)


def run_files(  # noqa: PLR0917
    run: Runner,
    findings: Sequence[Finding],
    groups: Sequence[tuple[int, tuple[int, ...]]],
    workers: Workers,
    store_path: Path,
    cancel: threading.Event,
    known: Sequence[str] = (),
    hashes: dict[str, str] | None = None,
    digests: dict[str, str] | None = None,
) -> list[str] | None:
    """Fingerprint ``findings`` (those not ``known``) and decide ``groups`` (positions in
    ``findings``) in the workers, file by file (``_files``); results are folded into ``run``.
    Returns the fingerprints of every finding (those of a chunk whose worker failed are computed
    here, and its groups reported as skipped), or None when ``cancel`` was set. ``hashes``: content
    hashes of the known files; ``digests`` receives those the new fingerprints were computed from."""
    from sastls.analyzers.fingerprints import fingerprint_bases, with_suffixes

    words = workers.word_index()
    have = hashes or {}
    report = not isinstance(run.progress, NullProgress)
    work = {}
    for positions, chunk in file_chunks(findings, groups, workers.processes):
        mine = [known[p] if p < len(known) else "" for p in positions]
        own = {f.path: have[f.path] for f in chunk.findings if f.path in have}
        task = replace(chunk, words=words, known=mine, hashes=own, report=report)
        work[workers.pool.submit(_files, task, store_path)] = (positions, task)
    finished: list[Future[FileChunkResult]] = []
    pending: set[Future[FileChunkResult]] = set(work)
    try:
        while pending and not cancel.is_set():
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            finished.extend(done)
            _drain(workers, run)
        if not cancel.is_set():
            _drain(workers, run)
    finally:
        if cancel.is_set():
            workers.close(now=True)
    if cancel.is_set():
        return None
    fps = [""] * len(findings)
    for fut in finished:
        positions, chunk = work[fut]
        try:
            got = fut.result()
        except Exception as exc:  # a worker died: its files are fingerprinted here, its groups reported
            log.warning("a triage worker failed: %s", exc)
            by_file: dict[str, list[int]] = {}
            for k, f in enumerate(chunk.findings):
                by_file.setdefault(f.path, []).append(k)
            local = list(chunk.known) if chunk.known else [""] * len(chunk.findings)
            for ks in by_file.values():
                if all(local[k] for k in ks):
                    continue
                bases = fingerprint_bases([chunk.findings[k] for k in ks], run.o.repo, digests=digests)
                for k, fp in zip(ks, with_suffixes(bases), strict=True):
                    local[k] = fp
            for k, p in enumerate(positions):
                fps[p] = local[k]
            for _, members in chunk.groups:
                for m in members:
                    if local[m] not in run.verdicts:
                        run.skipped.append(Skipped(local[m], f"error: worker process failed: {exc}"))
            continue
        for k, p in enumerate(positions):
            fps[p] = got.fingerprints[k]
        if digests is not None:
            digests.update(got.digests)
        _advance(run, got.result.progress)
        run.verdicts.update(got.result.verdicts)
        run.skipped.extend(got.result.skipped)
        run.investigated.extend(got.result.investigated)
        run.reused += got.result.reused
        run.redecided.update(got.redecided)
    return fps


def _drain(workers: Workers, run: Runner) -> None:
    """Fold the progress the workers reported so far into ``run``; nothing once they are closed."""
    while True:
        with workers.lock:
            if workers.closed:
                return
            try:
                batch = workers.queue.get_nowait()
            except queue_mod.Empty:
                return
        _advance(run, batch)


def _advance(run: Runner, batch: Sequence[tuple[Verdict | None, bool]]) -> None:
    for verdict, reused in batch:
        run.progress.advance(verdict, reused=reused)
