"""Heavy work in a worker process, so the server's own process only speaks the protocol.

Investigations, offline verdicts, fixes, re-checks after a fix and model proposals parse code
with tree-sitter, walk dataflow and drive langgraph: CPU work that, on a thread of the server's
process, holds the GIL the protocol needs (hover and codeAction waited 180-200 ms behind 8
investigations during a didChange storm, 18 ms without them). They run in one child process,
``python -P -m sastls.server.lsp.worker``, which owns the workspace index and its own connection
to the verdict store (safe across processes); the server's process keeps the open buffers, the
tracked findings and the verdicts it shows.

The child starts after ``initialized`` (never during ``initialize``) and imports the graph at
once, so the first investigation does not wait for it. A call that is cancelled in the server
(``$/cancelRequest``, the progress bar, ``sastls.cancel``) is cancelled in the child. A child
that dies fails every call it was running with :class:`WorkerCrashed` (the request is answered
with an error, the server goes on) and the next call starts a new one.

Wire, both ways: frames of a 4-byte big-endian length and a pickle (parent and child run the
same code; the child reads nothing but its parent's pipe).

- to the child: ``("call", id, name, args, events)``, ``("cancel", id)``, ``("notify", name, args)``
- from the child: ``("event", id, (node, message, iteration))``, ``("result", id, value)``,
  ``("error", id, kind, message)``, ``("log", level, logger, message)``, ``("ready", pid)``

Everything here reads and writes the pipes on threads of its own: a slow or stuck child never
blocks the server's event loop, and results are unpickled off the loop.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import logging
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

log = logging.getLogger(__name__)

WORKER_MODULE = "sastls.server.lsp.worker"
_HEADER = struct.Struct(">I")
STOP_SECONDS = 3.0  # a child asked to stop gets this long before it is killed
STDERR_TAIL = 20  # lines of the child's stderr kept to explain a crash


class Step(NamedTuple):
    """One step of a job in the child (what ``sastls.graph.run.StepEvent`` carries)."""

    node: str
    message: str
    iteration: int


class WorkerCrashed(RuntimeError):
    """The worker process died while it ran the call."""


class WorkerError(RuntimeError):
    """The call raised in the worker (its type and message; the traceback is in the log)."""


def encode(message: Any) -> bytes:
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(body)) + body


class FrameReader:
    """Length-prefixed pickles out of a byte stream."""

    def __init__(self) -> None:
        self.buf = bytearray()

    def feed(self, data: bytes) -> list[Any]:
        self.buf += data
        out: list[Any] = []
        while len(self.buf) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self.buf)
            end = _HEADER.size + size
            if len(self.buf) < end:
                break
            body = bytes(self.buf[_HEADER.size : end])
            del self.buf[:end]
            out.append(pickle.loads(body))  # noqa: S301 - our own process at the other end
        return out


@dataclass
class _Call:
    future: asyncio.Future[Any]
    on_event: Callable[[Step], None] | None
    child: _Child


class _Child:
    """One worker process and the three threads that own its pipes."""

    def __init__(
        self,
        proc: subprocess.Popen[bytes],
        deliver: Callable[[_Child, list[Any]], None],
        died: Callable[[_Child], None],
    ) -> None:
        self.proc = proc
        self.pid = proc.pid
        self.alive = True
        self.started = time.monotonic()
        self.tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self._out: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._deliver = deliver
        self._died = died
        for target, name in ((self._write, "in"), (self._read, "out"), (self._errors, "err")):
            threading.Thread(target=target, name=f"sastls-worker-{name}", daemon=True).start()

    def send(self, message: Any) -> None:
        if self.alive:
            self._out.put(encode(message))

    def close(self) -> None:
        """Ask the child to stop (end of its input); killed if it has not after a moment."""
        self._out.put(None)

        def reap() -> None:
            try:
                self.proc.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    self.proc.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(STOP_SECONDS)

        threading.Thread(target=reap, name="sastls-worker-reap", daemon=True).start()

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            while (data := self._out.get()) is not None:
                stdin.write(data)
                while not self._out.empty():
                    more = self._out.get()
                    if more is None:
                        return
                    stdin.write(more)
                stdin.flush()
        except (OSError, ValueError):
            pass  # the child is gone: its reader reports it
        finally:
            with contextlib.suppress(OSError, ValueError):
                stdin.close()

    def _read(self) -> None:
        stdout = self.proc.stdout
        assert stdout is not None
        frames = FrameReader()
        fd = stdout.fileno()
        try:
            while data := os.read(fd, 1 << 16):
                try:
                    batch = frames.feed(data)
                except Exception as exc:  # a frame we cannot read: the stream is lost
                    log.error("worker %d sent an unreadable frame: %s", self.pid, exc)
                    with contextlib.suppress(OSError):
                        self.proc.kill()
                    break
                if batch:
                    self._deliver(self, batch)
        except OSError:
            pass
        finally:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(STOP_SECONDS)
            self._died(self)

    def _errors(self) -> None:
        stderr = self.proc.stderr
        assert stderr is not None
        with contextlib.suppress(OSError, ValueError):
            for raw in stderr:
                line = raw.decode("utf-8", "replace").rstrip()
                if line:
                    self.tail.append(line)
                    log.warning("worker %d: %s", self.pid, line[:2000])

    def describe_exit(self) -> str:
        code = self.proc.poll()
        how = (
            "was killed"
            if code is None
            else (f"was killed by signal {-code}" if code < 0 else f"exited with status {code}")
        )
        last = next((line for line in reversed(self.tail) if line.strip()), "")
        return f"the sastls worker process {how}" + (f" ({last[:300]})" if last else "")


class Worker:
    """The server's handle on its worker process: calls with events, cancellation and restarts."""

    def __init__(self, argv: list[str] | None = None) -> None:
        self.argv = argv or [sys.executable, "-P", "-m", WORKER_MODULE]
        self._child: _Child | None = None
        self._starting: asyncio.Future[_Child] | None = None
        self._calls: dict[int, _Call] = {}
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self.crashes = 0
        self.on_crash: Callable[[str], None] | None = None  # tell the user (once per crash)

    @property
    def pid(self) -> int | None:
        child = self._child
        return child.pid if child is not None and child.alive else None

    @property
    def running(self) -> int:
        return len(self._calls)

    async def start(self) -> None:
        await self._ensure()

    async def _ensure(self) -> _Child:
        if self._closed:
            raise WorkerCrashed("the server is shutting down")
        child = self._child
        if child is not None and child.alive:
            return child
        if self._starting is None:
            self._loop = asyncio.get_running_loop()
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._spawn))
        starting = self._starting
        try:
            child = await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None
        return child

    def _spawn(self) -> _Child:
        proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            close_fds=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        child = _Child(proc, self._deliver, self._died)
        self._child = child
        log.info("worker process %d started", proc.pid)
        return child

    async def call(self, name: str, *args: Any, on_event: Callable[[Step], None] | None = None) -> Any:
        """Run ``name(*args)`` in the worker; cancelling this await cancels it there too."""
        child = await self._ensure()
        loop = asyncio.get_running_loop()
        ident = next(self._ids)
        future: asyncio.Future[Any] = loop.create_future()
        self._calls[ident] = _Call(future, on_event, child)
        child.send(("call", ident, name, args, on_event is not None))
        try:
            return await future
        except asyncio.CancelledError:
            # cancelling this task cancelled ``future`` too: the child is told unless it answered
            if future.cancelled() or not future.done():
                child.send(("cancel", ident))
            raise
        finally:
            self._calls.pop(ident, None)

    def notify(self, name: str, *args: Any) -> None:
        """Tell a running worker something (nothing happens when none runs)."""
        child = self._child
        if child is not None and child.alive:
            child.send(("notify", name, args))

    def stop(self) -> None:
        self._closed = True
        child, self._child = self._child, None
        if child is not None:
            child.close()

    # ---- from the reader threads

    def _deliver(self, child: _Child, batch: list[Any]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._handle, batch)

    def _died(self, child: _Child) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._lost, child)

    # ---- on the loop

    def _handle(self, batch: list[Any]) -> None:
        for message in batch:
            try:
                self._message(message)
            except Exception:
                log.exception("bad message from the worker: %.200r", message)

    def _message(self, message: Any) -> None:
        kind = message[0]
        if kind == "log":
            _, level, name, text = message
            logging.getLogger(name).log(level, "%s", text)
            return
        if kind == "ready":
            log.info("worker process %s ready", message[1])
            return
        call = self._calls.get(message[1])
        if call is None or call.future.done():
            return  # cancelled meanwhile
        if kind == "event":
            if call.on_event is not None:
                try:
                    call.on_event(Step(*message[2]))
                except Exception:
                    log.debug("event callback failed", exc_info=True)
        elif kind == "result":
            call.future.set_result(message[2])
        elif kind == "error":
            call.future.set_exception(WorkerError(f"{message[2]}: {message[3]}"))

    def _lost(self, child: _Child) -> None:
        child.alive = False
        if self._child is child:
            self._child = None
        if self._closed:
            return
        why = child.describe_exit()
        failed = [c for c in self._calls.values() if c.child is child and not c.future.done()]
        for c in failed:
            c.future.set_exception(WorkerCrashed(why))
        self.crashes += 1
        log.error("%s; %d call(s) failed; a new worker starts with the next one", why, len(failed))
        if self.on_crash is not None and failed:
            self.on_crash(why)
