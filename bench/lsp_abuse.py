"""Language server under abuse and load: does every request get an answer, and how fast?

A raw JSON-RPC client of its own (it decodes only what it needs, so the figures time the
server, not the client) drives ``sastls serve`` on a generated workspace:

1. **malformed battery**: more than 50 kinds of malformed requests and frames (bad params of
   every kind, unknown and ``$/`` methods, invalid ids, stray responses such as
   ``{"jsonrpc":"2.0","id":9999901}``, garbage, wrong Content-Length, invalid UTF-8, batches,
   deep JSON...). Each request must get a response (a result or an error); after each case a
   canary hover must be answered.
2. **load**: a 10,000-``didChange`` storm while 8 investigations run all the time and malformed
   frames (stray responses among them) are mixed in; hover and codeAction latencies are
   sampled during the storm, RSS before and after; afterwards the server must still answer.
3. **big document**: RSS after a 20 MB ``didOpen`` (the server should not keep it, and say so).

The server's stderr is a pipe this client never reads (``--stderr unread``, the default):
that is how pygls' own loop went deaf (see server/lsp/transport.py).

Targets: 0 unanswered; hover/codeAction p95 < 50 ms during the storm; RSS growth < 100 MB.

Run: .venv/bin/python bench/lsp_abuse.py [--storm 10000] [--investigations 8] [--stderr unread|devnull]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_latency import SERVER, SERVER_ENV, load_text, make_workspace, pct, rss_mb, tree_rss_mb

CANARY_TIMEOUT = 15.0
STRAY = b'{"jsonrpc":"2.0","id":9999901}'
_METHOD = re.compile(rb'"method":\s*"([^"]+)"')


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def dumps(obj: Any) -> bytes:
    return json.dumps(obj).encode()


class Client:
    """JSON-RPC over the server's stdio; answers the server's own requests."""

    def __init__(self, stderr: str = "unread") -> None:
        self.stderr = stderr
        self.proc: asyncio.subprocess.Process | None = None
        self.pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.null_id_errors = 0
        self.notifications: dict[str, int] = {}
        self.messages: list[str] = []  # window/showMessage texts
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}
        self.want_diagnostics = True
        self.next_id = 0
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        err = asyncio.subprocess.PIPE if self.stderr == "unread" else asyncio.subprocess.DEVNULL
        self.proc = await asyncio.create_subprocess_exec(
            *SERVER, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=err,
            limit=2**27, env=SERVER_ENV,
        )  # fmt: skip
        self._reader = asyncio.ensure_future(self._read())

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def raw(self, data: bytes) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(data)

    async def drain(self) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        await self.proc.stdin.drain()

    def send(self, obj: Any) -> None:
        self.raw(frame(dumps(obj)))

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def expect(self, msg_id: Any) -> asyncio.Future[dict[str, Any]]:
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[json.dumps(msg_id)] = fut
        return fut

    async def request(
        self, method: str, params: Any, timeout: float = CANARY_TIMEOUT
    ) -> dict[str, Any] | None:
        msg_id = self.new_id()
        fut = self.expect(msg_id)
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            self.pending.pop(json.dumps(msg_id), None)
            return None

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        out = self.proc.stdout
        while True:
            length = 0
            while (line := await out.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            body = await out.readexactly(length)
            head = body[:120]
            m = _METHOD.search(head)
            method = m.group(1).decode() if m else None
            if method == "textDocument/publishDiagnostics" and not self.want_diagnostics:
                self.notifications[method] = self.notifications.get(method, 0) + 1
                continue  # counted, not decoded: this client must not be the bottleneck
            msg = json.loads(body)
            if "method" in msg and "id" in msg:
                self._answer(msg)
            elif "method" in msg:
                self.notifications[msg["method"]] = self.notifications.get(msg["method"], 0) + 1
                params = msg.get("params") or {}
                if msg["method"] == "textDocument/publishDiagnostics":
                    self.diagnostics[params["uri"]] = params["diagnostics"]
                elif msg["method"] == "window/showMessage":
                    self.messages.append(str(params.get("message")))
            elif msg.get("id") is None:
                self.null_id_errors += 1
            else:
                fut = self.pending.pop(json.dumps(msg["id"]), None)
                if fut is not None and not fut.done():
                    fut.set_result(msg)

    def _answer(self, msg: dict[str, Any]) -> None:
        method = msg["method"]
        result: Any = None
        if method == "workspace/configuration":
            result = [None for _ in (msg.get("params") or {}).get("items", [])]
        elif method == "window/showDocument":
            result = {"success": True}
        self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    async def stop(self) -> None:
        if self.alive():
            await self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            assert self.proc is not None
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
        if self._reader is not None:
            self._reader.cancel()


# ---- the session ----------------------------------------------------------------------------


@dataclass
class Session:
    client: Client
    root: Path
    target: str
    uri: str = ""
    diags: list[dict[str, Any]] = field(default_factory=list)
    version: int = 1

    def hover_params(self, k: int = 0) -> dict[str, Any]:
        d = self.diags[k % len(self.diags)]
        return {"textDocument": {"uri": self.uri}, "position": d["range"]["start"]}

    def action_params(self, k: int = 0) -> dict[str, Any]:
        d = self.diags[k % len(self.diags)]
        return {"textDocument": {"uri": self.uri}, "range": d["range"], "context": {"diagnostics": [d]}}

    async def canary(self) -> bool:
        """Answered (with a result or an error) in time."""
        got = await self.client.request("textDocument/hover", self.hover_params(), timeout=CANARY_TIMEOUT)
        return got is not None


async def open_session(client: Client, root: Path, target: str) -> Session:
    s = Session(client, root, target, uri=(root / target).as_uri())
    caps = {
        "window": {"workDoneProgress": True, "showDocument": {"support": True}},
        "textDocument": {
            "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}}
        },
        "workspace": {"configuration": True},
    }
    got = await client.request(
        "initialize",
        {
            "processId": None,
            "capabilities": caps,
            "rootUri": root.as_uri(),
            "initializationOptions": {"sastls": {"scanners": []}},
        },
        timeout=120,
    )
    if got is None:
        raise RuntimeError("initialize was not answered")
    client.notify("initialized", {})
    text = (root / target).read_text()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": s.uri, "languageId": "python", "version": 1, "text": text}},
    )
    start = time.perf_counter()
    while not client.diagnostics.get(s.uri):
        if time.perf_counter() - start > 180:
            raise RuntimeError("no diagnostics for the open file")
        await asyncio.sleep(0.05)
    s.diags = client.diagnostics[s.uri]
    return s


# ---- 1. the malformed battery ------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes  # the whole frame(s) to write
    expect: str  # "response" (its id), "null-id" (an error with id null), "none"
    msg_id: Any = None


def battery(s: Session) -> list[Case]:
    uri = s.uri
    hover = s.hover_params()
    action = s.action_params()
    cases: list[Case] = []
    n = [900_000]

    def req(
        name: str, method: Any, params: Any = ..., *, msg_id: Any = ..., extra: dict[str, Any] | None = None
    ) -> None:
        n[0] += 1
        rid = n[0] if msg_id is ... else msg_id
        obj: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not ...:
            obj["params"] = params
        obj.update(extra or {})
        cases.append(Case(name, frame(dumps(obj)), "response", rid))

    def note(name: str, data: bytes) -> None:
        cases.append(Case(name, data, "none"))

    pos = hover["position"]
    td = {"uri": uri}
    other = (s.root / "pkg0" / "mod_1.py").as_uri()  # not the canary's file: cattrs reads a text of 5 as "5"
    # requests with bad params: every one must be answered
    req("hover without position", "textDocument/hover", {"textDocument": td})
    req("hover with string params", "textDocument/hover", "x")
    req("hover with null params", "textDocument/hover", None)
    req("hover without params", "textDocument/hover")
    req("hover with array params", "textDocument/hover", [td, pos])
    req(
        "hover with a negative line",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": -1, "character": 0}},
    )
    req(
        "hover with a float line",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": 1.5, "character": 0}},
    )
    req(
        "hover with a string character",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": 1, "character": "a"}},
    )
    req(
        "hover with a huge line",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": 2**31 - 1, "character": 0}},
    )
    req(
        "hover with a line past uinteger",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": 2**40, "character": 0}},
    )
    req(
        "hover with a huge character",
        "textDocument/hover",
        {"textDocument": td, "position": {"line": pos["line"], "character": 2**31 - 1}},
    )
    req("hover without textDocument", "textDocument/hover", {"position": pos})
    req("hover with a numeric uri", "textDocument/hover", {"textDocument": {"uri": 5}, "position": pos})
    req(
        "hover with a uri that is not a uri",
        "textDocument/hover",
        {"textDocument": {"uri": "not a uri"}, "position": pos},
    )
    req(
        "hover outside the workspace",
        "textDocument/hover",
        {"textDocument": {"uri": "file:///etc/passwd"}, "position": pos},
    )
    req(
        "hover with a 1 MB uri",
        "textDocument/hover",
        {"textDocument": {"uri": "file:///" + "a" * 1_000_000}, "position": pos},
    )
    req("codeAction with null params", "textDocument/codeAction", None)
    req(
        "codeAction without range",
        "textDocument/codeAction",
        {"textDocument": td, "context": {"diagnostics": []}},
    )
    req(
        "codeAction with diagnostics not a list",
        "textDocument/codeAction",
        {**action, "context": {"diagnostics": 7}},
    )
    req(
        "codeAction with garbage diagnostics",
        "textDocument/codeAction",
        {**action, "context": {"diagnostics": [1, "x", {"data": [1]}]}},
    )
    req(
        "codeAction with only not a list",
        "textDocument/codeAction",
        {**action, "context": {"diagnostics": [], "only": "quickfix"}},
    )
    req(
        "codeAction with an inverted range",
        "textDocument/codeAction",
        {**action, "range": {"start": {"line": 9, "character": 0}, "end": {"line": 1, "character": 0}}},
    )
    req("diagnostic pull without params", "textDocument/diagnostic")
    req(
        "diagnostic pull for an unknown file",
        "textDocument/diagnostic",
        {"textDocument": {"uri": "file:///nowhere.py"}},
    )
    req("workspace diagnostic with bad previousResultIds", "workspace/diagnostic", {"previousResultIds": 7})
    req("unknown method", "foo/bar", {})
    req("unknown $/ request", "$/foo", {})
    req("unknown $/ request without params", "$/foo")
    req("completion (not offered)", "textDocument/completion", {"textDocument": td, "position": pos})
    req("definition (not offered)", "textDocument/definition", {"textDocument": td, "position": pos})
    req(
        "executeCommand unknown command",
        "workspace/executeCommand",
        {"command": "nope.nothing", "arguments": []},
    )
    req("executeCommand with a numeric command", "workspace/executeCommand", {"command": 5})
    req(
        "executeCommand with arguments as an object",
        "workspace/executeCommand",
        {"command": "sastls.investigate", "arguments": {"a": 1}},
    )
    req(
        "investigate without arguments",
        "workspace/executeCommand",
        {"command": "sastls.investigate", "arguments": []},
    )
    req(
        "investigate a number",
        "workspace/executeCommand",
        {"command": "sastls.investigate", "arguments": [42]},
    )
    req(
        "investigate an unknown fingerprint",
        "workspace/executeCommand",
        {"command": "sastls.investigate", "arguments": ["f" * 32]},
    )
    req(
        "judge with a bad verdict",
        "workspace/executeCommand",
        {"command": "sastls.judge", "arguments": [{"fingerprint": "x", "verdict": 3}]},
    )
    req(
        "showReport of nothing",
        "workspace/executeCommand",
        {"command": "sastls.showReport", "arguments": [None]},
    )
    req(
        "investigateFile with a numeric uri",
        "workspace/executeCommand",
        {"command": "sastls.investigateFile", "arguments": [{"uri": 7}]},
    )
    req(
        "cancel with odd arguments",
        "workspace/executeCommand",
        {"command": "sastls.cancel", "arguments": [[1, 2]]},
    )
    req("method that is not a string", 5, {})
    req("jsonrpc 1.0", "textDocument/hover", hover, extra={"jsonrpc": "1.0"})
    req("a string id", "textDocument/hover", hover, msg_id="abc-1")
    req("extra top-level fields", "textDocument/hover", hover, extra={"foo": [1, 2], "bar": None})
    for name, bad_id in (
        ("a float id", 1.5),
        ("a null id", None),
        ("an object id", {"a": 1}),
        ("a boolean id", True),
    ):
        obj = {"jsonrpc": "2.0", "id": bad_id, "method": "textDocument/hover", "params": hover}
        cases.append(Case(f"request with {name}", frame(dumps(obj)), "null-id"))
    no_version = {"id": 990_001, "method": "textDocument/hover", "params": hover}
    cases.append(Case("request without jsonrpc", frame(dumps(no_version)), "response", 990_001))
    truncated = b'{"jsonrpc":"2.0","id":990002,"method":"textDocument/hover","params":{"textDoc'
    cases.append(Case("request that is not JSON (id visible)", frame(truncated), "response", 990_002))
    deep = (
        b'{"jsonrpc":"2.0","id":990003,"method":"textDocument/hover","params":'
        + b"[" * 100_000
        + b"]" * 100_000
        + b"}"
    )
    cases.append(Case("request nested 100,000 deep", frame(deep), "response", 990_003))
    lower = dumps({"jsonrpc": "2.0", "id": 990_004, "method": "textDocument/hover", "params": hover})
    cases.append(
        Case(
            "lower-case header, LF only", b"content-length: %d\n\n" % len(lower) + lower, "response", 990_004
        )
    )
    short = dumps({"jsonrpc": "2.0", "id": 990_005, "method": "textDocument/hover", "params": hover})
    cases.append(
        Case("Content-Length longer than the body", frame(short, len(short) + 40), "response", 990_005)
    )
    # frames and notifications: nothing to answer, but the server must keep answering
    note("stray response without result", frame(STRAY))
    note("stray response with a result", frame(b'{"jsonrpc":"2.0","id":9999902,"result":{"x":1}}'))
    note("stray error response", frame(b'{"jsonrpc":"2.0","id":"nope","error":{"code":1,"message":"x"}}'))
    note(
        "response with neither result nor error for a string id", frame(b'{"jsonrpc":"2.0","id":"sastls-1"}')
    )
    note("garbage without a header", b"hello, world\r\n")
    note("header without Content-Length", b"X-Foo: bar\r\n\r\n")
    note("Content-Length shorter than the body", frame(STRAY, 10))
    note("Content-Length: 0", frame(b""))
    note("an absurd Content-Length", b"Content-Length: 999999999999\r\n\r\n{}")
    note("a batch (JSON array)", frame(b'[{"jsonrpc":"2.0","id":1,"method":"x"}]'))
    note("a JSON number", frame(b"42"))
    note("invalid UTF-8", frame(b'{"jsonrpc":"2.0","method":"x\xff\xfe"}'))
    note("neither method nor id", frame(b'{"jsonrpc":"2.0","params":{}}'))
    note(
        "didChange with string params",
        frame(dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": "x"})),
    )
    note(
        "didOpen with a numeric text",
        frame(
            dumps(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {
                        "textDocument": {"uri": other, "languageId": "python", "version": 1, "text": 5}
                    },
                }
            )
        ),
    )
    note(
        "didChange of a file that is not open",
        frame(
            dumps(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri + "x", "version": 9},
                        "contentChanges": [{"text": "x"}],
                    },
                }
            )
        ),
    )
    note(
        "didChange past the end of the file",
        frame(
            dumps(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": 2},
                        "contentChanges": [
                            {
                                "range": {
                                    "start": {"line": 10**6, "character": 5},
                                    "end": {"line": 10**6, "character": 9},
                                },
                                "text": "",
                            }
                        ],
                    },
                }
            )
        ),
    )
    note(
        "didClose of an unknown file",
        frame(
            dumps(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didClose",
                    "params": {"textDocument": {"uri": "file:///nowhere.py"}},
                }
            )
        ),
    )
    note("unknown notification", frame(dumps({"jsonrpc": "2.0", "method": "foo/bar", "params": {}})))
    note("unknown $/ notification", frame(dumps({"jsonrpc": "2.0", "method": "$/foo", "params": {}})))
    note(
        "$/cancelRequest without id",
        frame(dumps({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {}})),
    )
    note(
        "$/cancelRequest of an unknown id",
        frame(dumps({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 424242}})),
    )
    note(
        "$/setTrace with a bad value",
        frame(dumps({"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": 7}})),
    )
    note(
        "progress cancel of an unknown token",
        frame(dumps({"jsonrpc": "2.0", "method": "window/workDoneProgress/cancel", "params": {"token": []}})),
    )
    return cases


@dataclass
class BatteryResult:
    kinds: int = 0
    requests: int = 0
    unanswered: list[str] = field(default_factory=list)
    deaf_after: list[str] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)


async def run_battery(s: Session) -> BatteryResult:
    out = BatteryResult()
    c = s.client
    for case in battery(s):
        out.kinds += 1
        before_null = c.null_id_errors
        fut = c.expect(case.msg_id) if case.expect == "response" else None
        c.raw(case.data)
        await c.drain()
        if case.expect == "response":
            out.requests += 1
            assert fut is not None
            try:
                got = await asyncio.wait_for(fut, CANARY_TIMEOUT)
                code = (got.get("error") or {}).get("code")
                out.codes[case.name] = code if code is not None else 0
            except TimeoutError:
                out.unanswered.append(case.name)
        elif case.expect == "null-id":
            out.requests += 1
            start = time.perf_counter()
            while c.null_id_errors == before_null and time.perf_counter() - start < CANARY_TIMEOUT:
                await asyncio.sleep(0.01)
            if c.null_id_errors == before_null:
                out.unanswered.append(case.name)
        if not await s.canary():
            out.deaf_after.append(case.name)
    return out


# ---- 2. the load ------------------------------------------------------------------------------


@dataclass
class LoadResult:
    changes: int = 0
    storm_seconds: float = 0.0
    investigations_done: int = 0
    hover_ms: list[float] = field(default_factory=list)
    action_ms: list[float] = field(default_factory=list)
    unanswered: int = 0
    rss_before: float = 0.0  # the server's process, once its worker is up
    rss_mid: float = 0.0
    rss_after: float = 0.0
    tree_before: float = 0.0  # with its worker process
    tree_mid: float = 0.0  # half the storm sent and handled (a hover after it answered)
    tree_after: float = 0.0  # all of it sent and handled
    processes: int = 0
    load_before: str = ""
    load_after: str = ""
    after_storm_ms: list[float] = field(default_factory=list)
    publishes: int = 0


async def run_load(
    s: Session, *, storm: int = 10_000, investigations: int = 8, burst: int = 20, pause: float = 0.01
) -> LoadResult:
    c = s.client
    fingerprints = [d["data"] for d in s.diags if isinstance(d.get("data"), dict)]
    # The baseline is taken once the worker process is up: it starts after `initialized` and imports
    # the graph then; on a busy machine that is still going on when the session opens, and its
    # imports (tens of MB) were counted as growth under the storm.
    warm = await c.request(
        "workspace/executeCommand",
        {"command": "sastls.investigate", "arguments": [fingerprints[-1]]},
        timeout=300,
    )
    out = LoadResult(rss_before=rss_mb(c.pid)[0], tree_before=tree_rss_mb(c.pid)[0], load_before=load_text())
    out.unanswered += warm is None
    c.want_diagnostics = False
    publishes0 = c.notifications.get("textDocument/publishDiagnostics", 0)
    storming = True

    async def investigator(k: int) -> None:
        i = k
        while storming:
            got = await c.request(
                "workspace/executeCommand",
                {"command": "sastls.investigate", "arguments": [fingerprints[i % len(fingerprints)]]},
                timeout=300,
            )
            if got is None:
                out.unanswered += 1
            else:
                out.investigations_done += 1
            i += investigations

    async def prober() -> None:
        k = 0
        while storming:
            for method, params, into in (
                ("textDocument/hover", s.hover_params(k), out.hover_ms),
                ("textDocument/codeAction", s.action_params(k), out.action_ms),
            ):
                t0 = time.perf_counter()
                got = await c.request(method, params, timeout=60)
                if got is None:
                    out.unanswered += 1
                else:
                    into.append((time.perf_counter() - t0) * 1000)
            k += 1
            await asyncio.sleep(0.02)

    workers = [asyncio.ensure_future(investigator(k)) for k in range(investigations)]
    await asyncio.sleep(0.5)  # the investigations are under way
    probe = asyncio.ensure_future(prober())
    t0 = time.perf_counter()
    version = s.version
    junk = [
        frame(STRAY),
        b"garbage\r\n",
        frame(STRAY, 7),
        frame(b'{"jsonrpc":"2.0","id":"x"}'),
        frame(b"[1]"),
    ]
    for i in range(storm):
        version += 1
        if i % 2 == 0:  # insert a character on the first line, then take it out: the text stays the same
            change = {
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "text": "#",
            }
        else:
            change = {
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
                "text": "",
            }
        c.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": s.uri, "version": version}, "contentChanges": [change]},
        )
        if i % (storm // 10 or 1) == 0:
            c.raw(junk[(i // (storm // 10 or 1)) % len(junk)])
        if i % burst == burst - 1:
            await c.drain()
            await asyncio.sleep(pause)
        if i == storm // 2 - 1:  # half way: the memory once the server has handled what it was sent
            await c.drain()
            out.unanswered += not await s.canary()
            out.rss_mid, out.tree_mid = rss_mb(c.pid)[0], tree_rss_mb(c.pid)[0]
    s.version = version
    await c.drain()
    out.changes = storm
    out.storm_seconds = time.perf_counter() - t0
    storming = False
    await probe
    out.load_after = load_text()
    for k in range(20):  # deafness check: answered at once after the storm?
        t1 = time.perf_counter()
        got = await c.request("textDocument/hover", s.hover_params(k), timeout=CANARY_TIMEOUT)
        if got is None:
            out.unanswered += 1
        else:
            out.after_storm_ms.append((time.perf_counter() - t1) * 1000)
    out.rss_after = rss_mb(c.pid)[0]  # everything sent was handled (the hovers after it answered)
    out.tree_after, each = tree_rss_mb(c.pid)
    out.processes = len(each)
    await asyncio.gather(*workers)
    out.publishes = c.notifications.get("textDocument/publishDiagnostics", 0) - publishes0
    c.want_diagnostics = True
    return out


# ---- 3. a big document -----------------------------------------------------------------------------


async def run_big_document(s: Session, mb: int = 20) -> tuple[float, float, bool, bool]:
    """(RSS before, RSS after) a ``mb`` MB didOpen; whether the user was told; whether it answers."""
    c = s.client
    big = s.root / "big_generated.py"
    line = "value = 'x' * 40  # generated filler line\n"
    big.write_text(line * (mb * 1_000_000 // len(line)))
    before = rss_mb(c.pid)[0]
    told = len(c.messages)
    uri = big.as_uri()
    c.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": big.read_text()}},
    )
    answers = await s.canary()
    await asyncio.sleep(1.0)
    after = rss_mb(c.pid)[0]
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    big.unlink()
    return before, after, any("big_generated.py" in m for m in c.messages[told:]), answers


# ---- the run -------------------------------------------------------------------------------------------


def _line(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:<26} (no samples)"
    return (
        f"  {name:<26} p50 {pct(values, 50):7.1f} ms   p95 {pct(values, 95):7.1f} ms"
        f"   max {max(values):7.1f} ms"
        f"   (n={len(values)}, mean {statistics.fmean(values):.1f})"
    )


async def main_async(args: argparse.Namespace, say: Callable[[str], None] = print) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="sastls-abuse-") as tmp:
        root = Path(tmp)
        target, total = make_workspace(root, args.files, args.findings, args.big)
        client = Client(stderr=args.stderr)
        await client.start()
        figures: dict[str, Any] = {}
        try:
            s = await open_session(client, root, target)
            say(
                f"workspace: {total} findings in {args.files} files; {len(s.diags)} in the open file; "
                f"stderr {args.stderr}"
            )
            b = await run_battery(s)
            figures["battery"] = b
            say(
                f"\nmalformed battery: {b.kinds} kinds ({b.requests} requests), "
                f"{len(b.unanswered)} unanswered, deaf after {len(b.deaf_after)}"
            )
            for name in b.unanswered:
                say(f"  UNANSWERED: {name}")
            for name in b.deaf_after:
                say(f"  DEAF AFTER: {name}")
            load = await run_load(s, storm=args.storm, investigations=args.investigations)
            figures["load"] = load
            say(
                f"\nstorm: {load.changes} didChange in {load.storm_seconds:.1f} s with {args.investigations} "
                f"investigations running ({load.investigations_done} finished meanwhile), "
                "malformed frames mixed in; "
                f"{load.publishes} publishDiagnostics sent"
            )
            say(_line("hover during the storm", load.hover_ms))
            say(_line("codeAction during the storm", load.action_ms))
            say(_line("hover after the storm", load.after_storm_ms))
            say(
                f"  unanswered {load.unanswered}; "
                f"RSS with the worker ({load.processes} processes) {load.tree_before:.0f} MB -> "
                f"{load.tree_after:.0f} MB (growth {load.tree_after - load.tree_before:+.0f} MB: "
                f"{load.tree_mid - load.tree_before:+.0f} MB in the first half of the storm, "
                f"{load.tree_after - load.tree_mid:+.0f} MB in the second); "
                f"server process alone {load.rss_before:.0f} MB -> {load.rss_after:.0f} MB "
                f"({load.rss_mid - load.rss_before:+.0f} MB, then {load.rss_after - load.rss_mid:+.0f} MB)"
            )
            say(f"  machine: {load.load_before} before the storm, {load.load_after} after")
            if args.big_mb:
                before, after, told, answers = await run_big_document(s, args.big_mb)
                figures["big"] = (before, after, told, answers)
                say(
                    f"\n{args.big_mb} MB didOpen: "
                    f"RSS {before:.0f} MB -> {after:.0f} MB ({after - before:+.0f} MB); "
                    f"user told: {told}; still answering: {answers}"
                )
            figures["alive"] = client.alive()
        finally:
            await client.stop()
    return figures


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--findings", type=int, default=2000)
    ap.add_argument("--big", type=int, default=200, help="findings in the open file")
    ap.add_argument("--storm", type=int, default=10_000)
    ap.add_argument("--investigations", type=int, default=8)
    ap.add_argument("--stderr", choices=["unread", "devnull"], default="unread")
    ap.add_argument("--big-mb", type=int, default=20, help="size of the big didOpen (0: skip)")
    return ap.parse_args(argv)


def main() -> int:
    args = parse_args()
    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"machine: {load_text()}")
    figures = asyncio.run(main_async(args))
    b, load = figures["battery"], figures["load"]
    ok = not b.unanswered and not b.deaf_after and not load.unanswered and figures["alive"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
