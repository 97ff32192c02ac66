"""Long work off the event loop: investigations and fixes as jobs, their progress bars and their cancellation.

A job is a task on the server's loop that awaits a call in the worker process (:mod:`.offload`),
so the loop keeps answering while the graph works. Callers cancel through :meth:`Jobs.cancel`
(from ``$/cancelRequest``, the progress UI or a command): the task is cancelled, and with it the
call in the worker.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class Job:
    key: str
    task: asyncio.Future[Any]
    cancel_ids: set[str] = field(default_factory=set)  # request ids and progress tokens that cancel it

    def cancel(self) -> None:
        self.task.cancel()


class Jobs:
    """Running jobs by finding key; cancellation by key, request id or progress token."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._cancellers: dict[str, Callable[[], None]] = {}  # token / request id -> cancel
        self.on_change: Callable[[], None] | None = None  # a job started or ended (status bars)

    def running(self, key: str) -> bool:
        return key in self._jobs

    def running_keys(self) -> set[str]:
        return set(self._jobs)

    async def run(
        self, key: str, coro: Coroutine[Any, Any, T], *, cancel_ids: Iterable[str | int | None] = ()
    ) -> T:
        """Run ``coro`` as the job for ``key``; cancelling this await, or the job, cancels it."""
        if key in self._jobs:
            coro.close()
            raise RuntimeError(f"an investigation of {key} is already running")
        task = asyncio.ensure_future(coro)
        job = Job(key, task, {str(i) for i in cancel_ids if i is not None})
        self._jobs[key] = job
        self._changed()
        try:
            return await task
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            self._jobs.pop(key, None)
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:
                log.debug("job change callback failed", exc_info=True)

    def on_cancel(self, ident: str | int, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` when ``ident`` (request id or progress token) is cancelled; returns the undo."""
        k = str(ident)
        self._cancellers[k] = fn
        return lambda: self._cancellers.pop(k, None) and None

    def cancel_ident(self, ident: str | int) -> bool:
        k = str(ident)
        hit = False
        if (fn := self._cancellers.pop(k, None)) is not None:
            fn()
            hit = True
        for job in list(self._jobs.values()):
            if k in job.cancel_ids:
                job.cancel()
                hit = True
        return hit

    def cancel(self, key: str) -> bool:
        job = self._jobs.get(key)
        if job is None:
            return False
        job.cancel()
        return True

    def cancel_all(self) -> None:
        for job in list(self._jobs.values()):
            job.cancel()
        for fn in list(self._cancellers.values()):
            fn()
        self._cancellers.clear()


_tokens = itertools.count(1)


class Progress:
    """One ``$/progress`` bar; silent when the client has no work-done progress."""

    def __init__(self, ls: LanguageServer, title: str, *, token: lsp.ProgressToken | None = None) -> None:
        self.ls = ls
        self.title = title
        self.token: lsp.ProgressToken | None = token
        self._active = False

    def _supported(self) -> bool:
        window = self.ls.client_capabilities.window
        return bool(window and window.work_done_progress)

    async def begin(self, message: str = "", *, cancellable: bool = True) -> None:
        if self.token is None:
            if not self._supported():
                return
            self.token = f"sastls-{next(_tokens)}"
            try:
                await asyncio.wait_for(self.ls.work_done_progress.create_async(self.token), 5)
            except Exception:  # the client refused or did not answer: no bar, the work goes on
                log.debug("work done progress create failed", exc_info=True)
                self.token = None
                return
        self.ls.work_done_progress.begin(
            self.token,
            lsp.WorkDoneProgressBegin(
                title=self.title, message=message, cancellable=cancellable, percentage=0
            ),
        )
        self._active = True

    def report(self, message: str, percentage: int | None = None) -> None:
        if self._active and self.token is not None:
            pct = None if percentage is None else max(0, min(100, percentage))
            self.ls.work_done_progress.report(
                self.token, lsp.WorkDoneProgressReport(message=message, percentage=pct)
            )

    def end(self, message: str) -> None:
        if self._active and self.token is not None:
            self._active = False
            self.ls.work_done_progress.end(self.token, lsp.WorkDoneProgressEnd(message=message))
            self.ls.work_done_progress.tokens.pop(self.token, None)


async def bounded(
    items: Iterable[T], worker: Callable[[T], Awaitable[None]], *, concurrency: int, queue_size: int
) -> None:
    """Run ``worker`` over ``items`` with at most ``concurrency`` at once through a bounded queue."""
    queue: asyncio.Queue[T | None] = asyncio.Queue(maxsize=max(queue_size, 1))
    n = max(concurrency, 1)

    async def consume() -> None:
        while (item := await queue.get()) is not None:
            try:
                await worker(item)
            except asyncio.CancelledError:
                raise
            except Exception:  # one finding's failure never stops the rest
                log.exception("job failed")

    consumers = [asyncio.ensure_future(consume()) for _ in range(n)]
    try:
        for item in items:
            await queue.put(item)
        for _ in range(n):
            await queue.put(None)
        await asyncio.gather(*consumers)
    finally:
        for c in consumers:
            c.cancel()
