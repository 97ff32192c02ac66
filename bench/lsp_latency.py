"""Language server latency: a workspace with 10k findings across 500 files.

Prints: initialize time (process start -> answer, and the request alone on a started
process), didOpen -> publishDiagnostics p50/p95 for a file with 200 findings,
codeAction and hover p50/p95, server RSS; then the same while investigations run
(the workspace queue, 4 at a time, heuristic analyst).
Targets: initialize < 0.5 s, didOpen->diagnostics p95 < 50 ms, codeAction p95 < 20 ms, RSS < 300 MB.

Run: .venv/bin/python bench/lsp_latency.py [--files 500] [--findings 10000] [--big 200] [--rounds 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SERVER = [sys.executable, "-m", "sastls.server.cli", "serve"]
# an installed package has its bytecode cached; with PYTHONDONTWRITEBYTECODE every start would
# recompile our modules, so the server writes its bytecode outside the tree instead
SERVER_ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "sastls-bench-pycache"),
}


def make_workspace(root: Path, files: int, findings: int, big: int) -> tuple[str, int]:
    """``files`` Python files; the first has ``big`` findings, the rest share the remainder."""
    rest = max(findings - big, 0)
    per, extra = divmod(rest, max(files - 1, 1))
    results: list[dict[str, Any]] = []
    for i in range(files):
        count = big if i == 0 else per + (1 if i <= extra else 0)
        rel = f"pkg{i // 50}/mod_{i}.py"
        lines = ['"""Generated module."""', "import subprocess", ""]
        for k in range(count):
            lines += ["", f"def handler_{k}(cmd_{k}):", f"    value = cmd_{k}.strip()"]
            lines.append(f"    return subprocess.call(value, shell=True)  # call {k}")
            line_no = len(lines)
            results.append(
                {
                    "ruleId": "B602",
                    "level": "error",
                    "message": {"text": "subprocess call with shell=True identified, security issue."},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": rel},
                                "region": {"startLine": line_no, "startColumn": 12, "endColumn": 46},
                            }
                        }
                    ],
                }
            )
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")
    sarif = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "bandit",
                        "rules": [
                            {
                                "id": "B602",
                                "name": "subprocess_popen_with_shell_equals_true",
                                "helpUri": "https://bandit.readthedocs.io/",
                                "properties": {"tags": ["CWE-78"]},
                            }
                        ],
                    }
                },
                "results": results,
            }
        ],
    }
    (root / "findings.sarif").write_text(json.dumps(sarif))
    return "pkg0/mod_0.py", len(results)


def _timed_import(module: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True, env=SERVER_ENV)
    return time.perf_counter() - t0


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def rss_mb(pid: int) -> tuple[float, float]:
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields.get("VmRSS", 0.0), fields.get("VmHWM", 0.0)


def children_of(pid: int) -> list[int]:
    """Every process below ``pid`` (the server's worker process, its scanners...)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                continue
            out += kids
            todo += kids
    return out


def tree_rss_mb(pid: int) -> tuple[float, dict[int, float]]:
    """RSS of ``pid`` and every process below it: (total MB, {pid: MB})."""
    each: dict[int, float] = {}
    for p in [pid, *children_of(pid)]:
        try:
            each[p] = rss_mb(p)[0]
        except OSError:
            continue
    return sum(each.values()), each


def load_text() -> str:
    """The machine's load (it is shared: every figure is read beside it)."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


class RawClient:
    """A minimal JSON-RPC client over the server's stdio: times what the server sends, not how
    fast a Python client can decode it (editors decode JSON natively)."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.on_notify: dict[str, Any] = {}
        self.next_id = 0
        self.reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            *SERVER,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            limit=2**26,
            env=SERVER_ENV,
        )
        self.reader = asyncio.ensure_future(self._read())

    def _send(self, msg: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params: Any) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = fut
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return await asyncio.wait_for(fut, 600)

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
            msg = json.loads(await out.readexactly(length))
            if "id" in msg and "method" in msg:  # a request from the server: accept it
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            elif "id" in msg:
                fut = self.pending.pop(msg["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(msg.get("result"))
            elif (handler := self.on_notify.get(msg.get("method", ""))) is not None:
                handler(msg.get("params"))

    async def stop(self) -> None:
        await self.request("shutdown", None)
        self.notify("exit", None)
        assert self.proc is not None
        await asyncio.wait_for(self.proc.wait(), 30)
        if self.reader is not None:
            self.reader.cancel()


class Bench:
    def __init__(self, root: Path, target: str) -> None:
        self.root = root
        self.uri = (root / target).as_uri()
        self.target = root / target
        self.client = RawClient()
        self.published: dict[str, int] = {}
        self.last: dict[str, list[dict[str, Any]]] = {}
        self.version = 0
        self.client.on_notify["textDocument/publishDiagnostics"] = self._on_diags
        self.client.on_notify["$/progress"] = self._on_progress
        self.investigated = 0

    def _on_progress(self, params: dict[str, Any]) -> None:
        message = str((params.get("value") or {}).get("message") or "")
        head = message.split("/", 1)[0]
        if head.isdigit():
            self.investigated = max(self.investigated, int(head))

    async def wait_investigated(self, at_least: int, timeout: float = 300.0) -> int:
        start = time.perf_counter()
        while self.investigated < at_least and time.perf_counter() - start < timeout:
            await asyncio.sleep(0.05)
        return self.investigated

    def _on_diags(self, params: dict[str, Any]) -> None:
        uri = params["uri"]
        self.published[uri] = self.published.get(uri, 0) + 1
        self.last[uri] = params["diagnostics"]

    async def wait_publish(self, before: int, timeout: float = 120.0) -> float:
        start = time.perf_counter()
        while self.published.get(self.uri, 0) <= before:
            if time.perf_counter() - start > timeout:
                raise TimeoutError("no publishDiagnostics")
            await asyncio.sleep(0.0005)
        return time.perf_counter()

    async def initialize(self) -> float:
        caps = {
            "window": {"workDoneProgress": True},
            "textDocument": {
                "codeAction": {
                    "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "source"]}},
                    "disabledSupport": True,
                }
            },
        }
        t0 = time.perf_counter()
        await self.client.request(
            "initialize",
            {
                "processId": None,
                "capabilities": caps,
                "rootUri": self.root.as_uri(),
                "initializationOptions": {"sastls": {"scanners": []}},
            },
        )
        took = time.perf_counter() - t0
        self.client.notify("initialized", {})
        return took

    def _did_open(self) -> None:
        self.version += 1
        item = {
            "uri": self.uri,
            "languageId": "python",
            "version": self.version,
            "text": self.target.read_text(),
        }
        self.client.notify("textDocument/didOpen", {"textDocument": item})

    async def open_close_round(self) -> float:
        before = self.published.get(self.uri, 0)
        t0 = time.perf_counter()
        self._did_open()
        t1 = await self.wait_publish(before)
        n = len(self.last.get(self.uri, []))
        before = self.published.get(self.uri, 0)
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": self.uri}})
        await self.wait_publish(before)
        if n == 0:
            raise RuntimeError("the big file published no diagnostics")
        return (t1 - t0) * 1000

    async def open(self) -> None:
        before = self.published.get(self.uri, 0)
        self._did_open()
        await self.wait_publish(before)

    async def close(self) -> None:
        before = self.published.get(self.uri, 0)
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": self.uri}})
        await self.wait_publish(before)

    async def code_action(self, d: dict[str, Any]) -> float:
        t0 = time.perf_counter()
        got = await self.client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": self.uri}, "range": d["range"], "context": {"diagnostics": [d]}},
        )
        took = (time.perf_counter() - t0) * 1000
        if not got:
            raise RuntimeError("no code actions")
        return took

    async def hover(self, d: dict[str, Any]) -> float:
        t0 = time.perf_counter()
        got = await self.client.request(
            "textDocument/hover", {"textDocument": {"uri": self.uri}, "position": d["range"]["start"]}
        )
        took = (time.perf_counter() - t0) * 1000
        if got is None:
            raise RuntimeError("no hover")
        return took


async def measure(b: Bench, rounds: int) -> dict[str, list[float]]:
    opens = [await b.open_close_round() for _ in range(rounds)]
    await b.open()
    ds = b.last[b.uri]
    actions: list[float] = []
    hovers: list[float] = []
    for i in range(rounds * 2):
        d = ds[(i * 7) % len(ds)]
        actions.append(await b.code_action(d))
        hovers.append(await b.hover(d))
    await b.close()
    return {"didOpen->publishDiagnostics": opens, "codeAction": actions, "hover": hovers}


def report(title: str, results: dict[str, list[float]], pid: int) -> None:
    print(f"\n{title}")
    for name, values in results.items():
        print(
            f"  {name:<28} p50 {pct(values, 50):7.1f} ms   p95 {pct(values, 95):7.1f} ms"
            f"   (n={len(values)}, mean {statistics.fmean(values):.1f})"
        )
    rss, hwm = rss_mb(pid)
    total, each = tree_rss_mb(pid)
    print(
        f"  server RSS {rss:.0f} MB (peak {hwm:.0f} MB); with its worker process: {total:.0f} MB "
        f"({len(each)} processes); {load_text()}"
    )


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=500)
    ap.add_argument("--findings", type=int, default=10_000)
    ap.add_argument("--big", type=int, default=200, help="findings in the measured file")
    ap.add_argument("--rounds", type=int, default=40)
    args = ap.parse_args()
    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"machine: {load_text()}")
    with tempfile.TemporaryDirectory(prefix="sastls-bench-") as tmp:
        root = Path(tmp)
        t0 = time.perf_counter()
        target, total = make_workspace(root, args.files, args.findings, args.big)
        print(
            f"workspace: {total} findings in {args.files} files "
            f"(generated in {time.perf_counter() - t0:.1f}s)"
        )

        # 1. process start -> initialize answered (the first start fills the bytecode cache)
        starts: list[float] = []
        for _ in range(3):
            b = Bench(root, target)
            t0 = time.perf_counter()
            await b.client.start()
            await b.initialize()
            starts.append(time.perf_counter() - t0)
            await b.client.stop()
        cold = min(starts[1:])
        baseline = min(_timed_import("pygls.lsp.server") for _ in range(3))

        # 2. the measured session: initialize once the process is up, then the rest
        b = Bench(root, target)
        await b.client.start()
        assert b.client.proc is not None
        pid = b.client.proc.pid
        await asyncio.sleep(3.0)  # let the interpreter finish importing before the request is timed
        warm = await b.initialize()
        print(
            f"initialize: {cold * 1000:.0f} ms from process start, {warm * 1000:.0f} ms for the request alone"
            f" (baseline now: python + `import pygls.lsp.server` = {baseline * 1000:.0f} ms)"
        )
        t0 = time.perf_counter()
        await b.wait_publish(0, timeout=600)
        print(f"findings loaded and first diagnostics of the big file after {time.perf_counter() - t0:.1f}s")
        report("idle", await measure(b, args.rounds), pid)

        batch = asyncio.ensure_future(
            b.client.request(
                "workspace/executeCommand", {"command": "sastls.investigateWorkspace", "arguments": [{}]}
            )
        )
        started = await b.wait_investigated(8)
        print(f"\n(the queue is running: {started} investigations done before measuring)")
        report("while investigations run (workspace queue, 4 at a time)", await measure(b, args.rounds), pid)
        await b.client.request("workspace/executeCommand", {"command": "sastls.cancel", "arguments": [{}]})
        print(f"  the queue, cancelled afterwards: {await batch}")
        await b.client.stop()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
