"""The worker process of the language server (``python -P -m sastls.server.lsp.worker``).

It runs what :mod:`.offload` hands it on one asyncio loop (litellm wants one loop per process):
investigations, offline verdicts, fixes, re-checks and model proposals, with the workspace
index and a verdict-store connection of its own. Its stdout carries only the wire (fd 1 is
pointed at stderr, so nothing a library prints can corrupt it); its log records travel to the
server as messages, and whatever reaches its stderr is relayed to the server's log. It stops
when its input ends (the server stopped or died).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .offload import FrameReader, encode

if TYPE_CHECKING:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.learn import Proposal
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.model import Finding
    from sastls.graph.fix_loop import VerifiedFix
    from sastls.graph.run import StepEvent
    from sastls.graph.store import VerdictStore
    from sastls.graph.verdict import Verdict

log = logging.getLogger(__name__)

EXIT_GRACE = 5.0  # seconds between the end of input and a forced exit
Emit = Callable[["StepEvent"], None] | None


class Wire:
    """The pipe to the server: whole frames, from any thread."""

    def __init__(self, out: IO[bytes]) -> None:
        self._out = out
        self._lock = threading.RLock()

    def send(self, message: Any) -> None:
        data = encode(message)
        with self._lock:
            self._out.write(data)
            self._out.flush()


class WireLogHandler(logging.Handler):
    def __init__(self, wire: Wire) -> None:
        super().__init__(logging.INFO)
        self.wire = wire

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
            if record.exc_info:
                text += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
            self.wire.send(("log", record.levelno, record.name, text))
        except Exception:
            self.handleError(record)


class Workspace:
    """What the jobs share: the code index and the store connections (made on first use)."""

    def __init__(self) -> None:
        self._index: WorkspaceIndex | None = None
        self._index_key: tuple[Any, ...] | None = None
        self._stores: dict[Path, VerdictStore | None] = {}

    def index(self, root: Path, config: Config) -> WorkspaceIndex:
        key = (root, tuple(config.exclude_globs), config.fetch.max_file_bytes)
        if self._index is None or self._index_key != key:
            from sastls.analyzers.code.index import WorkspaceIndex

            self._index = WorkspaceIndex(
                root, exclude_globs=config.exclude_globs, max_file_bytes=config.fetch.max_file_bytes
            )
            self._index_key = key
        return self._index

    def invalidate(self, rel: str) -> None:
        if self._index is not None:
            self._index.invalidate(rel)

    def store(self, root: Path, config: Config) -> VerdictStore | None:
        path = Path(config.store_path).expanduser()
        path = path if path.is_absolute() else root / path
        if path not in self._stores:
            try:
                from sastls.graph.store import VerdictStore

                self._stores[path] = VerdictStore(path)
            except Exception as exc:
                log.error("verdict store unavailable in the worker (verdicts will not persist): %s", exc)
                self._stores[path] = None
        return self._stores[path]

    def close(self) -> None:
        for store in self._stores.values():
            if store is not None:
                try:
                    store.close()
                except Exception:
                    log.debug("closing a store failed", exc_info=True)
        self._stores.clear()


# ---- the calls ------------------------------------------------------------------------------


async def investigate(ws: Workspace, emit: Emit, finding: Finding, root: Path, config: Config) -> Verdict:
    """One investigation with the configured analyst; the verdict is stored."""
    from sastls.graph.run import ainvestigate

    return await ainvestigate(
        finding, root, config, index=ws.index(root, config), store=ws.store(root, config), on_event=emit
    )


async def judge(
    ws: Workspace, _emit: Emit, findings: Sequence[Finding], root: Path, config: Config
) -> list[Verdict | None]:
    """Offline verdicts (the heuristic analyst, no checkpoint), stored; None where nothing was judged."""
    from sastls.graph.run import ainvestigate

    config = replace(config, analyst="heuristic")
    index, store = ws.index(root, config), ws.store(root, config)
    out: list[Verdict | None] = []
    for f in findings:
        try:
            v = await ainvestigate(f, root, config, index=index, store=store, checkpoint=False)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # one finding's failure never stops the rest
            log.warning("offline verdict of %s failed: %s", f.fingerprint, exc)
            v = None
        if v is not None and v.stop_reason in ("internal_error", "analyst_unavailable"):
            v = None  # nothing was judged: leave the finding undecided (Investigate still works)
        out.append(v)
        await asyncio.sleep(0)  # a user's investigation gets its turn
    return out


async def fix(ws: Workspace, emit: Emit, finding: Finding, root: Path, config: Config) -> VerifiedFix:
    from sastls.graph.fix_loop import afix

    return await afix(finding, root, config, store=ws.store(root, config), on_event=emit)


async def recheck(
    _ws: Workspace, _emit: Emit, finding: Finding, root: Path, config: Config, texts: Mapping[str, str]
) -> tuple[bool | None, str]:
    """Is ``finding`` still reported with ``texts`` (an editor's buffers)? (see ``Verifier.recheck``)"""
    from sastls.graph.fix.verify import Verifier

    return await asyncio.to_thread(Verifier(finding, root, config).recheck, dict(texts))


async def propose(
    ws: Workspace, _emit: Emit, finding: Finding, reason: str, root: Path, config: Config
) -> Proposal | None:
    from sastls.analyzers.code.learn import propose as learn

    return learn(finding, reason, ws.index(root, config), model_paths=tuple(config.models))


CALLS: dict[str, Callable[..., Awaitable[Any]]] = {
    "investigate": investigate,
    "judge": judge,
    "fix": fix,
    "recheck": recheck,
    "propose": propose,
}


def warm_up(analyst: str) -> None:
    """Import and build the graph (and litellm for the llm analyst) before the first call."""
    started = time.perf_counter()
    try:
        from sastls.graph.builder import compiled_graph

        compiled_graph()
        if analyst == "llm":
            from sastls.graph.llm import warm_up as llm_warm_up

            llm_warm_up()
    except Exception as exc:
        log.warning("warm-up failed (the first investigation will be slower): %s", exc)
        return
    log.info("graph ready in the worker in %.2fs", time.perf_counter() - started)


# ---- the loop -------------------------------------------------------------------------------


class Server:
    def __init__(self, wire: Wire, loop: asyncio.AbstractEventLoop) -> None:
        self.wire = wire
        self.loop = loop
        self.ws = Workspace()
        self.tasks: dict[int, asyncio.Task[Any]] = {}
        self.done = asyncio.Event()

    def handle(self, batch: list[Any]) -> None:
        for message in batch:
            try:
                self._message(message)
            except Exception:
                log.exception("bad message from the server: %.200r", message)

    def _message(self, message: Any) -> None:
        kind = message[0]
        if kind == "call":
            _, ident, name, args, events = message
            self.tasks[ident] = asyncio.ensure_future(self._run(ident, name, args, events))
        elif kind == "cancel":
            task = self.tasks.get(message[1])
            if task is not None:
                task.cancel()
        elif kind == "notify":
            _, name, args = message
            if name == "warm":
                self.loop.run_in_executor(None, warm_up, *args)
            elif name == "invalidate":
                self.ws.invalidate(*args)
            else:
                log.warning("unknown notification %r", name)

    async def _run(self, ident: int, name: str, args: tuple[Any, ...], events: bool) -> None:
        emit: Emit = None
        if events:

            def emit(ev: StepEvent) -> None:
                self.wire.send(("event", ident, (str(ev.node), str(ev.message or ""), int(ev.iteration))))

        try:
            fn = CALLS.get(name)
            if fn is None:
                raise LookupError(f"no call {name!r} in the worker")
            result = await fn(self.ws, emit, *args)
        except asyncio.CancelledError:
            return  # the server stopped waiting for it
        except Exception as exc:
            log.error("%s failed in the worker: %s", name, exc, exc_info=True)
            self.wire.send(("error", ident, type(exc).__name__, str(exc)[:2000]))
        else:
            try:
                self.wire.send(("result", ident, result))
            except Exception as exc:  # an unpicklable result must still answer
                log.error("the result of %s could not be sent: %s", name, exc, exc_info=True)
                self.wire.send(("error", ident, type(exc).__name__, str(exc)[:2000]))
        finally:
            self.tasks.pop(ident, None)

    def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.done.set()


def _read(stdin: int, server: Server) -> None:
    frames = FrameReader()
    try:
        while data := os.read(stdin, 1 << 16):
            batch = frames.feed(data)
            if batch:
                server.loop.call_soon_threadsafe(server.handle, batch)
    except Exception as exc:
        log.error("reading from the server failed: %s", exc)
    finally:
        # the server is gone (or stopping): finish now, and surely soon
        timer = threading.Timer(EXIT_GRACE, os._exit, args=(0,))
        timer.daemon = True
        timer.start()
        try:
            server.loop.call_soon_threadsafe(server.stop)
        except RuntimeError:
            os._exit(0)


async def _serve(wire: Wire, stdin: int) -> None:
    server = Server(wire, asyncio.get_running_loop())
    threading.Thread(target=_read, args=(stdin, server), name="sastls-worker-in", daemon=True).start()
    wire.send(("ready", os.getpid()))
    try:
        await server.done.wait()
    finally:
        server.ws.close()


def main() -> int:
    # the wire gets its own descriptor; fd 1 (what print() and libraries write to) goes to stderr
    wire = Wire(os.fdopen(os.dup(1), "wb"))
    os.dup2(2, 1)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    handler = WireLogHandler(wire)
    root = logging.getLogger()
    root.handlers[:] = [handler]  # records travel to the server; stderr is for what is not a record
    root.setLevel(logging.WARNING)
    logging.getLogger("sastls").setLevel(logging.INFO)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(wire, sys.stdin.fileno()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
