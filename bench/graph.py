"""Benchmark the investigation graph over a findings file, per analyst.

Prints, per analyst (heuristic; llm against a local scripted model server; cascade = llm mode
accepting conclusive heuristic verdicts): findings/s, model calls and prompt tokens per finding
(median, p95), how many findings ended by each stop reason, the verdicts, which path decided
(cascade), and the command that made the figures.

    .venv/bin/python bench/graph.py [FINDINGS...] [--repo DIR] [--analysts heuristic,llm,cascade]
                                    [--repeat N] [--jobs N]

Defaults: the example project tests/fixtures/projects/pyapp and its findings. The heuristic run
is repeated ``--repeat`` times over the findings (one workspace index per process, graph compiled
once per process) on ``--jobs`` processes; target: >= 200 findings/s on 2 cores. The scripted
model answers instantly (a fetch of the offline facts, then analyze_issue, then the analysis and
the evaluation), so llm figures measure the graph's own overhead (litellm, SQLite checkpoints on a
temporary copy of the workspace) and prompt sizes, not a model.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import shlex
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REPO = ROOT / "tests" / "fixtures" / "projects" / "pyapp"


# ----------------------------------------------------------------------------- scripted model


def _reply(body: dict[str, Any]) -> dict[str, Any]:
    messages = body.get("messages", [])
    if body.get("tools"):
        tool_results = sum(1 for m in messages if m.get("role") == "tool")
        name, args = ("fetch_code", {"kind": "facts"}) if tool_results == 0 else ("analyze_issue", {})
        call = {
            "id": f"c{tool_results}",
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(args)},
        }
        message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
        finish = "tool_calls"
    else:
        system = str(messages[0].get("content", "")) if messages else ""
        user = str(messages[1].get("content", "")) if len(messages) > 1 else ""
        path, line = _location(user)
        if '"is_final"' in system:
            answer: dict[str, Any] = {
                "is_final": True,
                "verdict": "TRUE_POSITIVE",
                "confidence": 0.7,
                "exploration_gaps": [],
                "required_code": [],
                "justification": "scripted",
            }
        else:
            answer = {
                "investigation_result": "TRUE_POSITIVE",
                "justification": "scripted",
                "evidence": [{"path": path, "start_line": line, "end_line": line, "why": "sink"}],
                "confidence": 0.7,
            }
        message, finish = {"role": "assistant", "content": json.dumps(answer)}, "stop"
    return {
        "id": "bench",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
    }


def _location(user: str) -> tuple[str, int]:
    start = user.find("```json\n")
    end = user.find("\n```", start + 8)
    try:
        data = json.loads(user[start + 8 : end])
        return str(data["path"]), int(data["start_line"])
    except (ValueError, KeyError, TypeError):
        return "unknown", 1


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
        payload = _reply(json.loads(raw or b"{}"))
        prompt = len(raw) // 4
        payload["usage"] = {"prompt_tokens": prompt, "completion_tokens": 30, "total_tokens": prompt + 30}
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def start_model() -> tuple[ThreadingHTTPServer, str]:
    """The scripted model in this process (a thread)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"


def _serve(ports: Any) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    ports.put(server.server_address[1])
    server.serve_forever()


def start_model_process() -> tuple[Any, str]:
    """The scripted model in its own process, so it does not compete for this process' GIL."""
    ctx = mp.get_context("fork")
    ports = ctx.Queue()
    proc = ctx.Process(target=_serve, args=(ports,), daemon=True)
    proc.start()
    return proc, f"http://127.0.0.1:{ports.get(timeout=30)}/v1"


# ----------------------------------------------------------------------------- runs


def _load(files: list[str], repo: Path) -> list[Any]:
    from sastls.analyzers.findings.load import load_findings

    result = load_findings(files, repo)
    for e in result.errors:
        print(f"  load: {e}", file=sys.stderr)
    return result.findings


async def _investigate_all(findings: list[Any], repo: Path, config: Any) -> list[Any]:
    """Sequentially, as ``sastls investigate`` would, with the default checkpointing (llm only)."""
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.graph.llm import aclose
    from sastls.graph.run import ainvestigate

    index = WorkspaceIndex(repo, exclude_globs=config.exclude_globs)
    try:
        return [await ainvestigate(f, repo, config, index=index) for f in findings]
    finally:
        await aclose()


def _heuristic_worker(
    args: tuple[list[str], str, int, int, int],
) -> tuple[float, float, list[dict[str, Any]]]:
    files, repo, repeat, shard, shards = args
    from sastls.analyzers.config import Config
    from sastls.graph.builder import compiled_graph

    compiled_graph()  # per-process setup, outside the timed part (as in a long-running server)
    findings = _load(files, Path(repo))
    work = [f for _ in range(repeat) for f in findings][shard::shards]
    asyncio.run(_investigate_all(findings[:1], Path(repo), Config()))  # warm caches of imports
    started, cpu = time.perf_counter(), time.process_time()
    verdicts = asyncio.run(_investigate_all(work, Path(repo), Config()))
    return time.perf_counter() - started, time.process_time() - cpu, [v.to_dict() for v in verdicts]


def run_heuristic(
    files: list[str], repo: Path, repeat: int, jobs: int
) -> tuple[float, float, list[dict[str, Any]]]:
    """(wall seconds of the slowest worker, CPU seconds of all workers, verdicts)."""
    if jobs <= 1:
        wall, cpu, verdicts = _heuristic_worker((files, str(repo), repeat, 0, 1))
        return wall, cpu, verdicts
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs) as pool:
        parts = pool.map(_heuristic_worker, [(files, str(repo), repeat, i, jobs) for i in range(jobs)])
    wall = max(w for w, _, _ in parts)  # the slowest worker's timed section
    return wall, sum(c for _, c, _ in parts), [v for _, _, vs in parts for v in vs]


def run_llm(files: list[str], repo: Path, cascade: bool) -> tuple[float, list[dict[str, Any]]]:
    from sastls.analyzers.config import Config
    from sastls.graph.llm import warm_up

    warm_up()
    server, api_base = start_model_process()
    tmp = tempfile.TemporaryDirectory(prefix="sastls-bench-")
    try:
        copy = Path(tmp.name) / repo.name  # checkpoints and verdicts are written in the workspace
        shutil.copytree(repo, copy)
        files = [str(copy / Path(f).relative_to(repo)) if Path(f).is_relative_to(repo) else f for f in files]
        repo = copy
        config = replace(Config(), analyst="llm", model="openai/scripted", api_base=api_base, cascade=cascade)
        findings = _load(files, repo)
        started = time.perf_counter()
        verdicts = asyncio.run(_investigate_all(findings, repo, config))
        return time.perf_counter() - started, [v.to_dict() for v in verdicts]
    finally:
        server.terminate()
        tmp.cleanup()


def _loadavg() -> str:
    try:
        return "load average " + Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "load unknown"


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(name: str, seconds: float, verdicts: list[dict[str, Any]]) -> None:
    n = len(verdicts)
    calls = [float(v["usage"]["model_calls"]) for v in verdicts]
    tokens = [float(v["usage"]["prompt_tokens"]) for v in verdicts]
    stops = Counter(v["stop_reason"] or "verdict" for v in verdicts)
    labels = Counter(v["verdict"] for v in verdicts)
    decided = Counter(v["analyst"] for v in verdicts)
    print(f"{name}: {n} findings in {seconds:.2f}s = {n / seconds if seconds else 0:.1f} findings/s")
    med_calls = statistics.median(calls) if calls else 0
    med_tokens = statistics.median(tokens) if tokens else 0
    print(f"  model calls/finding   median {med_calls:.1f}  p95 {_pct(calls, 0.95):.1f}")
    print(f"  prompt tokens/finding median {med_tokens:.0f}  p95 {_pct(tokens, 0.95):.0f}")
    print(f"  ended by: {dict(sorted(stops.items()))}")
    print(f"  verdicts: {dict(sorted(labels.items()))}")
    print(f"  decided by: {dict(sorted(decided.items()))}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("findings", nargs="*", help="findings files (default: the example project's)")
    p.add_argument("--repo", type=Path, default=DEFAULT_REPO)
    p.add_argument("--analysts", default="heuristic,llm,cascade")
    p.add_argument("--repeat", type=int, default=20, help="heuristic: passes over the findings")
    p.add_argument("--jobs", type=int, default=2, help="heuristic: processes")
    args = p.parse_args(argv)
    repo = args.repo.resolve()
    files = args.findings or sorted(str(f) for f in (repo / "findings").iterdir() if f.is_file())
    print(
        "command: " + " ".join(shlex.quote(a) for a in [".venv/bin/python", "bench/graph.py", *sys.argv[1:]])
    )
    print(f"workspace: {repo}; findings files: {len(files)}")
    for name in (a.strip() for a in args.analysts.split(",")):
        if name == "heuristic":
            seconds, cpu, verdicts = run_heuristic(files, repo, args.repeat, args.jobs)
            report(f"heuristic ({args.jobs} processes, {args.repeat} passes)", seconds, verdicts)
            per_cpu = len(verdicts) / cpu if cpu else 0.0
            print(
                f"  CPU time: {cpu:.2f}s = {1000 / per_cpu if per_cpu else 0:.2f} ms/finding; "
                f"{per_cpu:.0f} findings per CPU-second = {per_cpu * args.jobs:.0f}/s on {args.jobs} "
                f"dedicated cores (wall figures depend on the machine's load: {_loadavg()})"
            )
        elif name in ("llm", "cascade"):
            seconds, verdicts = run_llm(files, repo, cascade=name == "cascade")
            report(f"{name} (scripted model on 127.0.0.1)", seconds, verdicts)
        else:
            p.error(f"unknown analyst {name!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
