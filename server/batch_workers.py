"""Heuristic triage over worker processes: the offline analyst is CPU-bound, one event loop is one core.

The groups are cut into small chunks (neighbouring files together, so each worker's workspace
index parses a file once) handed out to ``processes`` workers as they free up. Each worker has
its own index, event loop and store connection (the store is safe across processes) and commits
every verdict itself, so a killed run loses nothing; the parent only counts. A worker whose
parent died stops before its next finding.
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
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
        self.queue.put((verdict, reused))

    def close(self) -> None:
        pass


@dataclass
class _Worker:
    options: TriageOptions
    store_path: Path
    queue: Any
    parent: int
    loop: asyncio.AbstractEventLoop
    index: Any
    store: Any


_state: list[_Worker] = []  # set by the initializer in each worker process (never at import)


def _watch_parent(parent: int) -> None:
    """Leave when the parent is gone (killed with -9): an idle worker would otherwise wait forever."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(3)


def _init(options: TriageOptions, store_path: Path, queue: Any, parent: int) -> None:
    from sastls.graph.store import VerdictStore

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides

    threading.Thread(target=_watch_parent, args=(parent,), name="sastls-parent-watch", daemon=True).start()

    _state.append(
        _Worker(
            options,
            store_path,
            queue,
            parent,
            asyncio.new_event_loop(),
            default_index(options.repo, options.config),
            VerdictStore(store_path),
        )
    )


def _chunk(groups: list[Group]) -> ChunkResult:
    w = _state[0]
    run = Runner(w.options, w.store, default_investigate(), w.index, _QueueProgress(w.queue))
    run.should_stop = lambda: os.getppid() != w.parent
    w.loop.run_until_complete(run.all(groups))
    return ChunkResult(run.verdicts, run.skipped, run.investigated, run.reused)


def chunks(groups: list[Group], processes: int) -> list[list[Group]]:
    """Groups cut into about CHUNKS_PER_PROCESS chunks per process, neighbouring files together."""
    ordered = sorted(groups, key=lambda g: (g.primary.path, g.primary.line))
    size = max(1, -(-len(ordered) // (processes * CHUNKS_PER_PROCESS)))
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


def run_in_processes(
    run: Runner, groups: list[Group], processes: int, store_path: Path, cancel: threading.Event
) -> None:
    """Investigate ``groups`` in ``processes`` workers; results are folded into ``run``.

    Setting ``cancel`` stops the workers at once (what they committed stays committed).
    """
    ctx = multiprocessing.get_context("spawn")  # no fork of a process holding threads and sqlite handles
    queue = ctx.Queue()
    pool = ProcessPoolExecutor(
        processes, mp_context=ctx, initializer=_init, initargs=(run.o, store_path, queue, os.getpid())
    )
    finished: list[Future[ChunkResult]] = []
    try:
        work = {pool.submit(_chunk, c): c for c in chunks(groups, processes)}
        pending: set[Future[ChunkResult]] = set(work)
        while pending and not cancel.is_set():
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            finished.extend(done)
            _drain(queue, run)
        _drain(queue, run)
    finally:
        if cancel.is_set():
            for child in multiprocessing.active_children():
                child.terminate()
        pool.shutdown(wait=not cancel.is_set(), cancel_futures=True)
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
