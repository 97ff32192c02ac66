"""The server's stdio transport: frames read on a thread, every request answered, nothing blocks.

pygls 2.1.1's own loop (``pygls.io_.run_async``) has three ways to leave a client waiting forever:

- **It wedges on stderr.** Every frame it cannot structure (a response without ``result``, such as
  ``{"jsonrpc":"2.0","id":9999901}``, a request without ``params``, a hover with string params)
  is logged twice with a full traceback (about 4 KB). Logging writes to stderr on the event
  loop's thread; a client that pipes stderr but does not drain it (test harnesses, some
  editors while busy) fills the 64 KB pipe, the next write blocks, and the server stops
  reading and answering for good while the process stays alive. Under load (investigations
  and a didChange storm log too) a handful of such frames is enough; on an idle server it
  takes about sixteen, which is why a fresh server did not show it.
- **It never answers what it cannot structure.** Those frames raise inside ``json.loads``'s
  object hook, so no response is sent: hover without ``position``, ``codeAction`` with null
  params, a ``$/`` request without params, all wait forever.
- **One wrong Content-Length desynchronises it for good.** Headers are matched only at the
  start of a line, and a JSON body does not end with a newline, so after one mis-sized
  frame every following header is glued to the previous body and never recognised.

This transport replaces that loop. A reader thread parses frames (case-insensitive headers,
resynchronising on the next ``Content-Length`` after garbage or a mis-sized frame) and
decodes JSON; the event loop dispatches: requests are structured here and answered with
``InvalidParams`` (saying what was wrong), ``MethodNotFound``, ``InvalidRequest`` or
``ServerNotInitialized`` when they cannot be served; notifications that cannot be structured,
unknown ``$/`` notifications, stray responses and garbage are logged in one line and dropped.
A writer thread owns stdout, so a slow client never blocks the loop; logging goes through
:func:`.logs.nonblocking_stderr`, so a stuck stderr drops log records instead of the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import logging
import os
import queue
import re
import select
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

import cattrs
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

if TYPE_CHECKING:
    from pygls.protocol import JsonRPCProtocol

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 256 * 1024 * 1024  # a larger frame is skipped (and reported), never buffered
MAX_HEADER_BYTES = 64 * 1024
STALE_SECONDS = 0.25  # no byte for this long while a frame is incomplete: is it only mis-sized?
MAX_PENDING = 256  # batches of frames read but not yet dispatched: the reader waits beyond this
_CONTENT_LENGTH = re.compile(rb"(?i)content-length[ \t]*:[ \t]*(\d{1,12})[ \t]*(?:\r?\n|$)")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_NEXT_HEADER = re.compile(rb"(?i)content-length[ \t]*:[ \t]*\d{1,12}[ \t]*\r?\n")
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")')
_METHOD = re.compile(rb'"method"\s*:\s*"')

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002


@dataclass(frozen=True)
class Broken:
    """A frame that could not be read as a JSON object: why, and the request id if one shows."""

    why: str
    request_id: int | str | None = None


Item = dict[str, Any] | Broken


# ---- reading ------------------------------------------------------------------------------


class FrameParser:
    """Bytes in, frame bodies (or problems) out; never loses sync for more than one frame."""

    def __init__(self, max_body: int = MAX_FRAME_BYTES) -> None:
        self.buf = bytearray()
        self.max_body = max_body
        self.skip = 0  # bytes of an oversized frame still to discard
        self.pending_garbage: Broken | None = None
        self.scanned = 0  # how far the pending body was searched for a misplaced header

    def feed(self, data: bytes) -> None:
        self.buf += data

    def next(self) -> bytes | Broken | None:
        """The next frame body (or problem), None when more bytes are needed.

        A JSON body never holds a raw line break after ``Content-Length: N`` (line breaks in
        JSON strings are escaped), so finding one inside a body proves its declared length was
        wrong: the frame is dropped there and reading resumes at that header, at once, rather
        than after the client has sent the missing bytes (which it never will)."""
        while True:
            if self.skip:
                nxt = _NEXT_HEADER.search(self.buf)
                # keep a tail: a header may be arriving in pieces
                n = min(self.skip, max(len(self.buf) - 64, 0) if nxt is None else nxt.start())
                del self.buf[:n]
                self.skip = 0 if nxt is not None else self.skip - n
                if self.skip:
                    return None
            end = _HEADER_END.search(self.buf)
            if end is None:
                if len(self.buf) > MAX_HEADER_BYTES:
                    return self._garbage(len(self.buf) - 32)
                return None
            header = bytes(self.buf[: end.start()])
            matches = list(_CONTENT_LENGTH.finditer(header + b"\n"))
            if not matches:
                del self.buf[: end.end()]
                self.scanned = 0
                return Broken(f"header without Content-Length dropped: {header[:80]!r}")
            m = matches[-1]
            head = header[: m.start()]
            size = int(m.group(1))
            start = end.end()
            have = min(len(self.buf), start + size)
            nxt = _NEXT_HEADER.search(self.buf, max(start, self.scanned - 64), have)
            if nxt is not None:
                body = bytes(self.buf[start : nxt.start()])
                del self.buf[: nxt.start()]
                self.scanned = 0
                stripped = body.rstrip()
                if _is_json_object(stripped):  # only the length was wrong: keep the message
                    self.pending_garbage = Broken(f"declared {size} bytes, sent {len(stripped)}: read anyway")
                    return stripped
                why = f"declared {size} bytes, but the next header starts after {len(body)}: frame dropped"
                return Broken(why, _request_id(body))
            self.scanned = have
            if len(self.buf) < start + size and size <= self.max_body:
                return None  # wait for the body
            del self.buf[:start]
            self.scanned = 0
            if size > self.max_body:
                self.skip = size
                return Broken(f"frame of {size} bytes is larger than {self.max_body}: skipped")
            body = bytes(self.buf[:size])
            del self.buf[:size]
            if head.strip() and not _is_header_block(head):
                self.pending_garbage = Broken(
                    f"{len(head)} bytes of garbage before a header dropped: {head[:60]!r}"
                )
            return body

    def stale(self) -> bytes | None:
        """Called when no byte came for a while: a frame whose declared length is longer than its
        body waits forever for bytes that will not come. If what came is a whole JSON object,
        nothing valid can follow it but blanks, so it is the message: take it."""
        end = _HEADER_END.search(self.buf)
        if end is None:
            return None
        body = bytes(self.buf[end.end() :]).rstrip()
        if not body.endswith(b"}") or not _is_json_object(body):
            return None
        size = _CONTENT_LENGTH.search(bytes(self.buf[: end.start()]) + b"\n")
        self.pending_garbage = Broken(
            f"declared {int(size.group(1)) if size else '?'} bytes, sent {len(body)}: read anyway"
        )
        self.buf.clear()
        self.scanned = 0
        return body

    def garbage(self) -> Broken | None:
        """Garbage found before the last frame's header, once."""
        got, self.pending_garbage = self.pending_garbage, None
        return got

    def push_back(self, data: bytes) -> None:
        self.buf[0:0] = data

    def _garbage(self, upto: int) -> Broken:
        cut = self.buf.rfind(b"Content-Length", 0, upto)
        cut = upto if cut <= 0 else cut
        dropped = bytes(self.buf[:cut])
        del self.buf[:cut]
        return Broken(f"{len(dropped)} bytes without a header dropped: {dropped[:60]!r}")


def _is_json_object(body: bytes) -> bool:
    try:
        return isinstance(json.loads(body), dict)
    except (ValueError, RecursionError):
        return False


def _is_header_block(head: bytes) -> bool:
    return all(re.fullmatch(rb"[A-Za-z][A-Za-z0-9-]*[ \t]*:.*", line) for line in head.splitlines() if line)


def decode(body: bytes, parser: FrameParser) -> Item:
    """A frame body as a JSON object; a body that is not one may hide the next frame (its
    Content-Length was too large): that part goes back to the parser."""
    try:
        value = json.loads(body)
    except (ValueError, RecursionError) as exc:
        nxt = re.search(rb"(?i)content-length[ \t]*:", body)
        if nxt is not None and nxt.start() > 0:
            parser.push_back(body[nxt.start() :])
            body = body[: nxt.start()]
        why = f"not JSON ({type(exc).__name__}: {str(exc)[:120]})"
        return Broken(why, _request_id(body))
    if not isinstance(value, dict):
        return Broken(f"a JSON {type(value).__name__}, not a message object")
    return value


def _request_id(body: bytes) -> int | str | None:
    """The id of a broken request, when it can be seen (so that it still gets an answer)."""
    if _METHOD.search(body) is None:
        return None
    m = _ID.search(body)
    if m is None:
        return None
    raw = m.group(1)
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, int | str) else None


def read_frames(stdin: BinaryIO, deliver: Callable[[list[Item]], None], closed: Callable[[], None]) -> None:
    """The reader thread: frames from ``stdin`` to ``deliver``, a batch per read, until end of file.

    One hand-over per batch, not per frame: every hand-over wakes the event loop, and a thread
    that wakes often waits for the GIL each time while an investigation holds it."""
    parser = FrameParser()
    read = getattr(stdin, "read1", None) or stdin.read
    fd: int | None = None
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        fd = stdin.fileno()
    try:
        while True:
            if fd is not None and parser.buf:
                # a frame is incomplete: wait a little, then see whether it is only mis-sized
                ready, _, _ = select.select([fd], [], [], STALE_SECONDS)
                if not ready:
                    body = parser.stale()
                    if body is not None:
                        junk = parser.garbage()
                        deliver([*(j for j in (junk,) if j is not None), decode(body, parser)])
                    continue
            try:
                data = os.read(fd, 65536) if fd is not None else read(65536)
            except (OSError, ValueError):
                break
            if not data:
                break
            parser.feed(data)
            batch: list[Item] = []
            while (got := parser.next()) is not None:
                if (junk := parser.garbage()) is not None:
                    batch.append(junk)
                batch.append(got if isinstance(got, Broken) else decode(got, parser))
            if batch:
                deliver(batch)
    finally:
        closed()


# ---- writing ------------------------------------------------------------------------------


class ThreadWriter:
    """pygls' writer interface over a thread that owns stdout: ``write`` never blocks the loop."""

    def __init__(self, stdout: BinaryIO) -> None:
        self._out = stdout
        self._queue: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="sastls-stdout", daemon=True)
        self._thread.start()
        self.broken = False

    def _run(self) -> None:
        while (data := self._queue.get()) is not None:
            try:
                self._out.write(data)
                while not self._queue.empty():  # write what else is there before one flush
                    more = self._queue.get()
                    if more is None:
                        self._out.flush()
                        return
                    self._out.write(more)
                self._out.flush()
            except (OSError, ValueError):
                self.broken = True  # the client went away: nothing more to write
                return

    def write(self, data: bytes) -> None:
        if not self.broken:
            self._queue.put(data)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)
        with contextlib.suppress(OSError, ValueError):
            self._out.flush()


def send_json_text(protocol: JsonRPCProtocol, body: str) -> None:
    """Send a message already serialised as JSON text (pygls' ``_send_data`` would encode it again)."""
    data = body.encode("utf-8")
    writer = getattr(protocol, "writer", None)
    if writer is None:
        log.error("cannot send: no transport")
        return
    writer.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)


# ---- dispatching --------------------------------------------------------------------------


def params_error(exc: BaseException) -> str:
    """What was wrong with a message's params, for humans: ``line: must be >= 0 @ $.params.position``."""

    def describe(e: BaseException, _type: Any) -> str:
        if isinstance(e, KeyError):
            return "required field missing"
        text = str(e).strip()
        if isinstance(e, TypeError) and "indices must be integers" in text:
            return "expected an object"
        return text[:160] or type(e).__name__

    if isinstance(exc, cattrs.errors.BaseValidationError):
        try:
            lines = cattrs.transform_error(exc, format_exception=describe)
        except Exception:  # the error of an error: say what we can
            lines = [str(exc)]
        return "; ".join(
            line.replace("$.params.", "params.").replace("$.params", "params") for line in lines[:5]
        )
    return f"{type(exc).__name__}: {str(exc)[:200]}"


class Dispatcher:
    """Turns decoded frames into pygls messages, and answers what pygls could not."""

    def __init__(self, protocol: JsonRPCProtocol) -> None:
        self.protocol = protocol
        self.initialized = False
        self.ignored: set[str] = set()

    def send_error(self, msg_id: Any, code: int, message: str) -> None:
        self.protocol._send_data(
            {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}
        )

    def __call__(self, item: Item) -> None:
        try:
            self._dispatch(item)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception:
            log.exception("message dispatch failed")
            if isinstance(item, dict) and "method" in item and _answerable(item.get("id")):
                self.send_error(item["id"], INTERNAL_ERROR, "internal error while handling the request")

    def _dispatch(self, item: Item) -> None:
        if isinstance(item, Broken):
            log.warning("dropped a frame: %s", item.why)
            if item.request_id is not None:
                self.send_error(item.request_id, PARSE_ERROR, f"the request could not be read: {item.why}")
            return
        method = item.get("method")
        has_id = "id" in item
        if method is None:
            if has_id:
                self._response(item)
            else:
                log.warning("dropped a message with neither method nor id: %.120s", _short(item))
            return
        msg_id = item.get("id")
        request = has_id
        if request and not _answerable(msg_id):
            log.warning("request with an invalid id %.40r: answered with id null", msg_id)
            self.send_error(None, INVALID_REQUEST, f"invalid request id {str(msg_id)[:40]!r}")
            return
        if item.get("jsonrpc") != "2.0" or not isinstance(method, str):
            why = "method must be a string" if not isinstance(method, str) else 'jsonrpc must be "2.0"'
            if request:
                self.send_error(msg_id, INVALID_REQUEST, f"invalid request: {why}")
            else:
                log.warning("dropped a notification: %s", why)
            return
        self._message(item, method, msg_id if request else None, request)

    def _message(self, item: dict[str, Any], method: str, msg_id: Any, request: bool) -> None:
        p = self.protocol
        if getattr(p, "_shutdown", False) and method != lsp.EXIT:
            if request:
                self.send_error(msg_id, INVALID_REQUEST, "the server is shutting down")
            return
        if method == lsp.INITIALIZE:
            self.initialized = True
        elif not self.initialized and method != lsp.EXIT:
            if request:
                self.send_error(msg_id, SERVER_NOT_INITIALIZED, "the server is not initialized yet")
            return
        known = method in p.fm.builtin_features or method in p.fm.features
        if not known and method != lsp.CANCEL_REQUEST:
            if request:
                self.send_error(msg_id, METHOD_NOT_FOUND, f"unknown method {method[:100]!r}")
            elif not method.startswith("$/") and method not in self.ignored:
                self.ignored.add(method)  # once per method: a client may send it often
                log.info("ignoring notification %s (not supported)", method[:100])
            return
        data = dict(item)
        data.setdefault("params", None)
        mtype = p.get_message_type(method) or (JsonRPCRequestMessage if request else JsonRPCNotification)
        try:
            message = p._converter.structure(data, mtype)
        except Exception as exc:
            why = params_error(exc)
            if request:
                self.send_error(msg_id, INVALID_PARAMS, f"invalid params for {method}: {why}")
            else:
                log.warning("dropped %s notification with invalid params: %s", method, why)
            return
        # what pygls' handle_message does, without its isinstance checks against runtime
        # Protocol classes (slow: they dominated a didChange storm); each in its own context
        ctx = contextvars.copy_context()
        if request:
            ctx.run(p._handle_request, msg_id, method, message.params)
        else:
            ctx.run(p._handle_notification, method, message.params)

    def _response(self, item: dict[str, Any]) -> None:
        p = self.protocol
        msg_id = item.get("id")
        if not _answerable(msg_id) or msg_id not in p._result_types:
            # never ours: must not touch pygls' futures (it keeps the client's requests there too)
            log.warning("dropped a response to unknown id %.40r", msg_id)
            return
        future = p._request_futures.get(msg_id)
        if "error" in item:
            p._result_types.pop(msg_id, None)
            try:
                message = p._converter.structure(item, lsp.ResponseErrorMessage)
            except Exception as exc:
                self._fail(msg_id, f"malformed error response ({params_error(exc)})")
                return
            p._handle_response(msg_id, None, message.error)
            return
        if "result" not in item:
            log.warning("response to %s without result: read as null", msg_id)
        rtype = p._result_types.pop(msg_id, None) or JsonRPCResponseMessage
        data = {"jsonrpc": "2.0", "id": msg_id, "result": item.get("result")}
        try:
            message = p._converter.structure(data, rtype)
        except Exception as exc:
            self._fail(msg_id, f"malformed response ({params_error(exc)})")
            return
        if future is not None:
            p._handle_response(msg_id, message.result)

    def _fail(self, msg_id: Any, why: str) -> None:
        log.warning("response to %s: %s", msg_id, why)
        self.protocol._result_types.pop(msg_id, None)
        future = self.protocol._request_futures.pop(msg_id, None)
        if future is not None and not future.done():
            future.set_exception(JsonRpcException(why))


def _answerable(msg_id: Any) -> bool:
    return isinstance(msg_id, str) or (isinstance(msg_id, int) and not isinstance(msg_id, bool))


def _short(item: dict[str, Any]) -> str:
    try:
        return json.dumps(item)[:120]
    except (TypeError, ValueError):
        return repr(item)[:120]


# ---- the loop -------------------------------------------------------------------------------


async def serve(protocol: JsonRPCProtocol, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Serve ``protocol`` on stdin/stdout until end of input (or ``exit``)."""
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    dispatch = Dispatcher(protocol)
    writer = ThreadWriter(stdout)
    protocol.set_writer(writer)
    slots = threading.BoundedSemaphore(MAX_PENDING)

    def run(batch: list[Item]) -> None:
        slots.release()
        for item in batch:
            dispatch(item)

    def deliver(batch: list[Item]) -> None:
        slots.acquire()
        loop.call_soon_threadsafe(run, batch)

    def closed() -> None:
        with contextlib.suppress(RuntimeError):  # the loop is already gone
            loop.call_soon_threadsafe(done.set)

    reader = threading.Thread(
        target=read_frames, args=(stdin, deliver, closed), name="sastls-stdin", daemon=True
    )
    reader.start()
    try:
        await done.wait()
    finally:
        writer.close()
