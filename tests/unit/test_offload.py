"""The language server's worker process handle (server/lsp/offload.py): results, errors, step
events, cancellation reaching the child, a crash failing only the calls it ran (with the child's
last words) and a new child for the next call. The parent side is driven against a small child
that speaks the same wire; the real worker module is started once to check it answers and stops."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

import pytest
from sastls.server.lsp.offload import FrameReader, Step, Worker, WorkerCrashed, WorkerError, encode

CHILD = r"""
import os, sys
from sastls.server.lsp.offload import FrameReader, encode

out = os.fdopen(os.dup(1), "wb")
def send(m):
    out.write(encode(m)); out.flush()

send(("ready", os.getpid()))
cancelled = []
reader = FrameReader()
while data := os.read(0, 65536):
    for m in reader.feed(data):
        if m[0] == "call":
            _, ident, name, args, events = m
            if name == "echo":
                send(("result", ident, args))
            elif name == "steps":
                if events:
                    for i in range(3):
                        send(("event", ident, ("node", f"step {i}", i)))
                send(("result", ident, "done"))
            elif name == "fail":
                send(("error", ident, "ValueError", "no such finding"))
            elif name == "cancelled":
                send(("result", ident, list(cancelled)))
            elif name == "pid":
                send(("result", ident, os.getpid()))
            elif name == "die":
                print("the analyst ran out of memory", file=sys.stderr, flush=True)
                os._exit(3)
            # "hang": never answered
        elif m[0] == "cancel":
            cancelled.append(m[1])
"""


def fake() -> Worker:
    return Worker([sys.executable, "-c", CHILD])


def test_frames_survive_any_split() -> None:
    data = encode(("result", 1, {"a": [1, 2]})) + encode(("log", 20, "x", "é" * 1000))
    for cut in range(1, len(data)):
        r = FrameReader()
        got = r.feed(data[:cut]) + r.feed(data[cut:])
        assert got == [("result", 1, {"a": [1, 2]}), ("log", 20, "x", "é" * 1000)]
        assert not r.buf


async def test_results_errors_and_events() -> None:
    w = fake()
    try:
        assert await w.call("echo", 1, "two", {"three": 3}) == (1, "two", {"three": 3})
        steps: list[Step] = []
        assert await w.call("steps", on_event=steps.append) == "done"
        assert steps == [Step("node", f"step {i}", i) for i in range(3)]
        assert await w.call("steps") == "done"  # no callback: the child is told not to send steps
        with pytest.raises(WorkerError, match="ValueError: no such finding"):
            await w.call("fail")
        assert w.running == 0
    finally:
        w.stop()


async def test_cancelling_the_await_cancels_in_the_child() -> None:
    w = fake()
    try:
        task = asyncio.ensure_future(w.call("hang"))
        await asyncio.sleep(0.3)
        assert w.running == 1
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert w.running == 0
        assert await w.call("cancelled") == [1]  # the child heard the cancel of call 1
    finally:
        w.stop()


async def test_a_crash_fails_its_calls_and_the_next_call_starts_a_new_child() -> None:
    w = fake()
    told: list[str] = []
    w.on_crash = told.append
    try:
        first = await w.call("pid")
        hung = asyncio.ensure_future(w.call("hang"))
        await asyncio.sleep(0.2)
        with pytest.raises(WorkerCrashed, match="exited with status 3"):
            await w.call("die")
        with pytest.raises(WorkerCrashed, match="ran out of memory"):  # its last words are kept
            await hung
        assert w.crashes == 1 and len(told) == 1 and "status 3" in told[0]
        second = await w.call("pid")
        assert second != first and w.pid == second
        assert await w.call("echo", "again") == ("again",)
    finally:
        w.stop()


async def test_stop_ends_the_child_and_refuses_new_calls() -> None:
    w = fake()
    pid = await w.call("pid")
    w.stop()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(pid):
        await asyncio.sleep(0.05)
    assert not _alive(pid)
    with pytest.raises(WorkerCrashed, match="shutting down"):
        await w.call("echo")


async def test_the_real_worker_answers_an_unknown_call_and_stops() -> None:
    w = Worker()
    try:
        with pytest.raises(WorkerError, match="LookupError"):
            await w.call("no_such_call", 1)
        pid = w.pid
        assert pid is not None
        w.notify("invalidate", "a.py")  # before any index exists: nothing to do, no harm
        with pytest.raises(WorkerError, match="LookupError"):
            await w.call("no_such_call")  # still answering
    finally:
        w.stop()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(pid):
        await asyncio.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            state: Any = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return bool(state != "Z")  # a zombie has exited (reaped by the reaper thread soon)
