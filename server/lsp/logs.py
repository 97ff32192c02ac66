"""Logging for the server: stderr, plus ``window/logMessage`` to the client. Never stdout."""

from __future__ import annotations

import asyncio
import contextlib
import logging

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
