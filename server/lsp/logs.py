"""Logging for the server: stderr, plus ``window/logMessage`` to the client. Never stdout."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import queue
import sys
import threading
from typing import TextIO

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

_TYPES = (
    (logging.ERROR, lsp.MessageType.Error),
    (logging.WARNING, lsp.MessageType.Warning),
    (logging.INFO, lsp.MessageType.Info),
)


class ClientLogHandler(logging.Handler):
    """Forwards records to the client; safe from any thread (sent from the server's loop)."""

    def __init__(
        self, ls: LanguageServer, loop: asyncio.AbstractEventLoop, level: int = logging.INFO
    ) -> None:
        super().__init__(level)
        self.ls = ls
        self.loop = loop

    def emit(self, record: logging.LogRecord) -> None:
        try:
            kind = next((t for lvl, t in _TYPES if record.levelno >= lvl), lsp.MessageType.Log)
            params = lsp.LogMessageParams(type=kind, message=self.format(record))
            if self.loop.is_closed():
                return
            self.loop.call_soon_threadsafe(self._send, params)
        except Exception:  # logging must never raise
            self.handleError(record)

    def _send(self, params: lsp.LogMessageParams) -> None:
        with contextlib.suppress(Exception):  # the client went away: nothing to tell
            self.ls.window_log_message(params)


def attach(ls: LanguageServer) -> ClientLogHandler:
    """Forward the ``sastls`` loggers to the client (call on the server's running loop)."""
    handler = ClientLogHandler(ls, asyncio.get_running_loop())
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger("sastls").addHandler(handler)
    return handler


def detach(handler: logging.Handler) -> None:
    logging.getLogger("sastls").removeHandler(handler)


class NonBlockingStream(io.TextIOBase):
    """A text stream that never blocks its writer: a thread copies to ``target``; when ``target``
    does not keep up (a client that does not read the server's stderr), text is dropped and
    counted instead of stopping the server."""

    def __init__(self, target: TextIO, *, max_pending: int = 4096) -> None:
        super().__init__()
        self.target = target
        self.dropped = 0
        self._queue: queue.Queue[str | None] = queue.Queue(maxsize=max_pending)
        self._thread = threading.Thread(target=self._run, name="sastls-stderr", daemon=True)
        self._thread.start()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        try:
            self._queue.put_nowait(text)
        except queue.Full:
            self.dropped += 1
        return len(text)

    def flush(self) -> None:
        pass  # the thread flushes; waiting here is what must never happen

    def fileno(self) -> int:
        return self.target.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.target, "encoding", "utf-8") or "utf-8"

    def _run(self) -> None:
        while (text := self._queue.get()) is not None:
            try:
                if self.dropped:
                    n, self.dropped = self.dropped, 0
                    self.target.write(f"[sastls: {n} log writes dropped: stderr was not being read]\n")
                self.target.write(text)
                self.target.flush()
            except (OSError, ValueError):
                return


def nonblocking_stderr() -> NonBlockingStream:
    """Route stderr (and the logging handlers writing to it) through a :class:`NonBlockingStream`.

    The language server's event loop must never wait on stderr: pygls logs a traceback for every
    frame it cannot read, and a client that does not drain the pipe would freeze the server."""
    stream = NonBlockingStream(sys.stderr)
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.StreamHandler) and handler.stream in (sys.stderr, sys.__stderr__):
            handler.setStream(stream)
    logging.captureWarnings(True)
    sys.stderr = stream
    return stream
