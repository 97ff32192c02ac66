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
import logging
import multiprocessing
import os
import queue as queue_mod
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .batch import Group, Runner, TriageOptions, default_index, default_investigate
from .reports.stats import Skipped

CHUNKS_PER_PROCESS = 8
log = logging.getLogger(__name__)


@dataclass
class ChunkResult:
    verdicts: dict[str, Verdict]
    skipped: list[Skipped]
    investigated: list[str]
    reused: int


class _QueueProgress:
    """Forwards each finished finding to the parent's display."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue

    def start(self, total: int) -> None:
        pass

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        # what a display reads (label, usage); the verdict itself comes back with its chunk
        slim = replace(verdict, evidence=(), justification="", path_taken=()) if verdict is not None else None
        self.queue.put((slim, reused))

    def close(self) -> None:
        pass


@dataclass
class _Worker:
    options: TriageOptions
    queue: Any
    parent: int
    loop: asyncio.AbstractEventLoop
    index: Any
    stores: dict[Path, Any]

    def store(self, path: Path) -> Any:
        if path not in self.stores:
            from sastls.graph.store import VerdictStore

            self.stores[path] = VerdictStore(path)
        return self.stores[path]


_state: list[_Worker] = []  # set by the initializer in each worker process (never at import)


def _watch_parent(parent: int) -> None:
    """Leave when the parent is gone (killed with -9): an idle worker would otherwise wait forever."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(3)


def _init(options: TriageOptions, queue: Any, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides

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


def _bases(findings: list[Finding], repo: Path) -> list[str]:
    from sastls.analyzers.fingerprints import fingerprint_bases

    return fingerprint_bases(findings, repo)


def _chunk(groups: list[Group], store_path: Path) -> ChunkResult:
    w = _state[0]
    run = Runner(w.options, w.store(store_path), default_investigate(), w.index, _QueueProgress(w.queue))
    run.should_stop = lambda: os.getppid() != w.parent
    w.loop.run_until_complete(run.all(groups))
    return ChunkResult(run.verdicts, run.skipped, run.investigated, run.reused)


class Workers:
    """``processes`` spawned workers (started at once, in the background), used first for
    fingerprints, then for investigations; ``close`` ends them."""

    def __init__(self, options: TriageOptions, processes: int) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process holding threads and sqlite
        self.processes = processes
        self.queue = ctx.Queue()
        self.pool = ProcessPoolExecutor(
            processes, mp_context=ctx, initializer=_init, initargs=(options, self.queue, os.getpid())
        )

    def fingerprint_bases(self, findings: Sequence[Finding], repo: Path) -> list[str]:
        """``analyzers.fingerprints.fingerprint_bases`` over the workers: the findings split by
        file (a file's findings stay together, so each file is parsed once), bases in input order."""
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
            for k, base in zip(part, fut.result(), strict=True):
                out[k] = base
        return out

    def close(self, *, now: bool = False) -> None:
        """End the workers; without waiting for them to exit (they have nothing left to commit:
        every verdict was committed before its chunk returned), so the outputs are written meanwhile."""
        if now:
            for child in multiprocessing.active_children():
                child.terminate()
        self.pool.shutdown(wait=False, cancel_futures=True)


def chunks(groups: list[Group], processes: int) -> list[list[Group]]:
    """Groups cut into about CHUNKS_PER_PROCESS chunks per process, neighbouring files together."""
    ordered = sorted(groups, key=lambda g: (g.primary.path, g.primary.line))
    size = max(1, -(-len(ordered) // (processes * CHUNKS_PER_PROCESS)))
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


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
        work = {pool.pool.submit(_chunk, c, store_path): c for c in chunks(groups, pool.processes)}
        pending: set[Future[ChunkResult]] = set(work)
        while pending and not cancel.is_set():
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            finished.extend(done)
            _drain(pool.queue, run)
        _drain(pool.queue, run)
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
        run.verdicts.update(result.verdicts)
        run.skipped.extend(result.skipped)
        run.investigated.extend(result.investigated)
        run.reused += result.reused


def _drain(queue: Any, run: Runner) -> None:
    while True:
        try:
            verdict, reused = queue.get_nowait()
        except queue_mod.Empty:
            return
        run.progress.advance(verdict, reused=reused)
