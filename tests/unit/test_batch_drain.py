"""The parent's reads of the workers' progress queue and the ending of the workers exclude each other
(server/batch_workers.py): a worker terminated while writing leaves half a message in the pipe, and a
read of it blocks for ever. This hung ``sastls triage`` after Ctrl-C once (a fresh-clone CI run on
2026-11-30): the main thread closed the workers while the thread folding their progress was reading.
So no read starts once the workers are closed, and closing waits for a read in progress."""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from sastls.server.batch_workers import Workers, _drain


class _Refusing:
    """A queue that must not be read."""

    def get_nowait(self) -> Any:
        raise AssertionError("read after the workers were closed")


class _Slow:
    """A queue whose one message takes a while to read, then is empty."""

    def __init__(self) -> None:
        self.reads = 0

    def get_nowait(self) -> Any:
        self.reads += 1
        if self.reads > 1:
            raise queue.Empty
        time.sleep(0.3)
        return []


@dataclass
class _Workers:
    queue: Any
    lock: threading.Lock = field(default_factory=threading.Lock)
    closed: bool = False


class _Run:
    progress = None


def test_no_read_after_close() -> None:
    w = _Workers(_Refusing(), closed=True)
    _drain(w, _Run())  # type: ignore[arg-type]


def test_close_waits_for_a_read_in_progress() -> None:
    w = _Workers(_Slow())
    reader = threading.Thread(target=_drain, args=(w, _Run()))
    reader.start()
    time.sleep(0.05)  # the read has started and holds the lock
    started = time.monotonic()
    with w.lock:  # what Workers.close takes before it terminates anything
        waited = time.monotonic() - started
        w.closed = True
    reader.join()
    assert waited > 0.15, waited


class _Pool:
    def __init__(self) -> None:
        self.shut = False
        self._processes: dict[int, Any] = {}

    def shutdown(self, wait: bool, cancel_futures: bool) -> None:
        self.shut = True


def test_workers_close_waits_for_the_reader_then_marks_them_closed() -> None:
    w = _Workers(_Refusing())
    pool = _Pool()
    w.pool = pool  # type: ignore[attr-defined]
    w.lock.acquire()  # a read in progress
    releaser = threading.Timer(0.3, w.lock.release)
    releaser.start()
    started = time.monotonic()
    Workers.close(w)  # type: ignore[arg-type]
    assert time.monotonic() - started > 0.2
    assert w.closed and pool.shut
    _drain(w, _Run())  # type: ignore[arg-type]  # and nothing is read any more
