"""Benchmark of ``sastls triage``: throughput, memory, model usage, concurrency, kill -9 and resume.

    .venv/bin/python bench/triage.py [--findings 5000] [--files 1200] [--skip-llm] [--keep DIR] [--only-many]

1. heuristic analyst over a generated workspace (default 5000 findings from two "tools", 10 %
   of them duplicates) and over the labelled corpus (tests/corpus) when it is there:
   findings/s (target >= 200/s on 2 cores) and peak memory (max RSS of the triage process);
1b. heuristic analyst over a many-files workspace (``bench/manyfiles.py``: default 1200 modules
   of realistic sizes, one finding location each, bandit + semgrep with duplicates), run as a user
   runs it (``--out`` triaged SARIF, ``--report`` HTML, ``--jsonl``): findings/s end to end
   (process start to exit) and for the triage phase alone (target >= 300/s end to end on 2 cores),
   CPU seconds of every process (the workers a triage leaves running are adopted and reaped here),
   peak RSS and PSS of the whole process tree and of its largest process, cold (no store) and warm
   (the same command again: every verdict reused), each with the machine's load average;
2. llm analyst against a scripted OpenAI-compatible server on 127.0.0.1 (no real model):
   model calls and prompt tokens per finding (median / p95) and wall time with --jobs 1, 4, 16
   while the server answers each call after a fixed latency, like a provider would;
3. kill -9 of a run at ~50 %, then the same command again: findings redone and model calls
   repeated (target 0 for both).

Every figure is printed with the command that produced it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import resource
import shlex
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SASTLS = [str(ROOT / ".venv" / "bin" / "sastls")]
if not Path(SASTLS[0]).exists():  # run from another environment: use this interpreter
    SASTLS = [sys.executable, "-m", "sastls.server.cli"]

# (rule, CWE, tainted template, safe template); {i} numbers the function
TEMPLATES: list[tuple[str, int, str, str]] = [
    (
        "B608",
        89,
        'def q_{i}(request, conn):\n    name = request.args["name"]\n'
        "    sql = \"SELECT * FROM t WHERE n = '%s'\" % name\n    return conn.execute(sql)\n",
        'def q_{i}(conn):\n    table = "users"\n'
        '    sql = "SELECT * FROM %s WHERE id = 1" % table\n    return conn.execute(sql)\n',
    ),
    (
        "B602",
        78,
        'def c_{i}(request):\n    target = request.args["host"]\n'
        '    cmd = "ping -c 1 " + target\n    return subprocess.call(cmd, shell=True)\n',
        'def c_{i}():\n    cmd = "ls -l /tmp"\n    flag = 1\n    return subprocess.call(cmd, shell=True)\n',
    ),
    (
        "B307",
        78,
        'def e_{i}(request):\n    expr = request.args["expr"]\n    value = expr.strip()\n'
        "    return eval(value)\n",
        'def e_{i}():\n    expr = "1 + 2"\n    value = expr.strip()\n    return eval(value)\n',
    ),
    (
        "B301",
        502,
        "def p_{i}(request):\n    blob = request.get_data()\n    data = bytes(blob)\n"
        "    return pickle.loads(data)\n",
        'def p_{i}():\n    blob = b"\\x80\\x04K\\x01."\n    data = bytes(blob)\n'
        "    return pickle.loads(data)\n",
    ),
]
RULES = {
    "B608": (
        "hardcoded_sql_expressions",
        "Possible SQL injection vector through string-based query construction.",
    ),
    "B602": ("subprocess_popen_with_shell_equals_true", "subprocess call with shell=True identified."),
    "B307": ("blacklist", "Use of possibly insecure function - consider using safer ast.literal_eval."),
    "B301": (
        "blacklist",
        "Pickle and modules that wrap it can be unsafe when used to deserialize untrusted data.",
    ),
}
SEMGREP_RULE = {89: "python.sqli", 78: "python.command-injection", 502: "python.insecure-deserialization"}
PER_FILE = 50


def _sarif(
    tool: str, rules: dict[str, tuple[str, int, str]], results: list[dict[str, Any]]
) -> dict[str, Any]:
    ids = sorted(rules)
    index = {r: n for n, r in enumerate(ids)}
    for res in results:
        res["ruleIndex"] = index[res["ruleId"]]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": tool,
                        "version": "1.0",
                        "rules": [
                            {
                                "id": r,
                                "name": rules[r][0],
                                "shortDescription": {"text": rules[r][2]},
                                "properties": {"tags": ["security", f"external/cwe/cwe-{rules[r][1]}"]},
                            }
                            for r in ids
                        ],
                    }
                },
                "results": results,
            }
        ],
    }


def generate(root: Path, total: int, duplicate_share: float = 0.1) -> list[Path]:
    """A Python workspace with ``total`` findings: half tainted, half provably safe; some reported twice."""
    (root / "src").mkdir(parents=True, exist_ok=True)
    (root / "findings").mkdir(exist_ok=True)
    dup_every = round(1 / duplicate_share) if duplicate_share else 0
    primary_count = total - (total // dup_every if dup_every else 0)
    bandit: list[dict[str, Any]] = []
    semgrep: list[dict[str, Any]] = []
    n = 0
    file_no = 0
    while n < primary_count:
        rel = f"src/mod_{file_no:04d}.py"
        lines = ["import pickle", "import subprocess", ""]
        for k in range(PER_FILE):
            if n >= primary_count:
                break
            rule, cwe, tainted, safe = TEMPLATES[n % len(TEMPLATES)]
            body = (tainted if (n // len(TEMPLATES)) % 2 == 0 else safe).format(i=n)
            func_lines = body.rstrip("\n").split("\n")
            sink_line = len(lines) + len(func_lines)  # the last line of each template is the sink
            lines += [*func_lines, ""]
            loc = {
                "physicalLocation": {
                    "artifactLocation": {"uri": rel},
                    "region": {"startLine": sink_line, "startColumn": 5, "snippet": {"text": func_lines[-1]}},
                }
            }
            bandit.append(
                {"ruleId": rule, "level": "error", "message": {"text": RULES[rule][1]}, "locations": [loc]}
            )
            if dup_every and n % (dup_every - 1) == 0 and len(semgrep) < total - primary_count:
                semgrep.append(
                    {
                        "ruleId": SEMGREP_RULE[cwe],
                        "level": "warning",
                        "message": {"text": f"{SEMGREP_RULE[cwe]}: untrusted data reaches a dangerous sink"},
                        "locations": [json.loads(json.dumps(loc))],
                    }
                )
            n += 1
            del k
        (root / rel).write_text("\n".join(lines) + "\n")
        file_no += 1
    b_rules = {r: (RULES[r][0], cwe, RULES[r][1]) for r, cwe, _, _ in TEMPLATES}
    s_rules = {name: (name, cwe, name) for cwe, name in SEMGREP_RULE.items()}
    files = [root / "findings" / "bandit.sarif", root / "findings" / "semgrep.sarif"]
    files[0].write_text(json.dumps(_sarif("Bandit", b_rules, bandit)))
    files[1].write_text(json.dumps(_sarif("Semgrep OSS", s_rules, semgrep)))
    return files


# --- running sastls -----------------------------------------------------------------------------------------


def cmdline(args: Sequence[str]) -> str:
    return " ".join(shlex.quote(a) for a in args)


def subreaper() -> bool:
    """Make this process adopt its orphaned descendants (Linux ``PR_SET_CHILD_SUBREAPER``): the
    workers a triage does not wait for stay in the tree that is measured and are reaped here, so
    their CPU time counts. False where that is not possible."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


REAPER = sys.platform == "linux" and subreaper()


def reap(timeout: float = 60.0) -> None:
    """Wait for every descendant left over (orphans adopted by ``subreaper``)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.01)


class TreeSampler:
    """Samples this process's descendants (Linux /proc): peak RSS and PSS summed over the tree (PSS
    counts a page shared by n processes as 1/n: forked workers share pages). Elsewhere: no figures.

    Sampling must not slow what it measures: RSS comes from ``/proc/PID/status`` every ``interval``
    seconds (a counter read), the tree from ``/proc/PID/task/TID/children``; PSS needs
    ``smaps_rollup``, which walks the process's page tables under its memory-map lock (at 50 Hz it
    made a triage 2.5 times slower), so PSS is read every ``pss_every`` seconds only, and the PSS
    peak is a lower bound at that resolution."""

    def __init__(self, interval: float = 0.05, pss_every: float = 0.5) -> None:
        import threading

        self.pid = os.getpid()
        self.interval = interval
        self.pss_every = pss_every
        self.last_pss = 0.0
        self.peak_rss = 0
        self.peak_pss = 0
        self.largest = 0  # the highest peak RSS (VmHWM) of any one process
        self.processes: set[int] = set()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _children(self, pid: int) -> list[int]:
        out: list[int] = []
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return out
        for tid in tasks:
            try:
                out += [int(c) for c in Path(f"/proc/{pid}/task/{tid}/children").read_text().split()]
            except (OSError, ValueError):
                continue
        return out

    def _tree(self) -> list[int]:
        tree, todo = [], self._children(self.pid)
        while todo:
            pid = todo.pop()
            tree.append(pid)
            todo += self._children(pid)
        return tree

    def _sample(self) -> None:
        rss = pss = 0
        now = time.monotonic()
        with_pss = now - self.last_pss >= self.pss_every
        for pid in self._tree():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
                rollup = Path(f"/proc/{pid}/smaps_rollup").read_text() if with_pss else ""
            except OSError:
                continue
            self.processes.add(pid)
            for line in status.splitlines():
                if line.startswith("VmHWM:"):
                    self.largest = max(self.largest, int(line.split()[1]))
                elif line.startswith("VmRSS:"):
                    rss += int(line.split()[1])
            for line in rollup.splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1])
        self.peak_rss = max(self.peak_rss, rss)
        if with_pss:
            self.last_pss = now
            self.peak_pss = max(self.peak_pss, pss)

    def _run(self) -> None:
        if not Path(f"/proc/{self.pid}/task/{self.pid}/children").exists():
            return
        while not self.done.is_set():
            self._sample()
            self.done.wait(self.interval)

    def stop(self) -> dict[str, float]:
        self.done.set()
        self.thread.join()
        return {
            "tree_rss_mb": self.peak_rss / 1024,
            "tree_pss_mb": self.peak_pss / 1024,
            "largest_mb": self.largest / 1024,
            "processes": len(self.processes),
        }


def bytecode(*, compile_first: bool) -> str:
    """Compile sastls's modules to bytecode the way an install does (``pip install`` of a wheel
    compiles every module; an editable install writes ``__pycache__`` on first import), so every
    process of a run imports bytecode, as on a user's machine. Without it, where
    ``PYTHONDONTWRITEBYTECODE`` is set (the line printed says whether it is), every process
    compiles the package from source, about 0.15 CPU s each. Says what was done."""
    if not compile_first:
        return "bytecode: not compiled first (--no-compile)"
    import compileall

    dirs = [ROOT / d for d in ("analyzers", "graph", "server", "prompts") if (ROOT / d).is_dir()]
    ok = all(compileall.compile_dir(str(d), quiet=1, force=False) for d in dirs)
    env = "set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "unset"
    return (
        f"bytecode: sastls compiled first, as an install does ({'ok' if ok else 'with errors'}; "
        f"PYTHONDONTWRITEBYTECODE {env})"
    )


def load() -> str:
    """The machine's load averages (1, 5, 15 min) and cores: the machine may be shared."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def run_triage(args: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run ``sastls triage`` to completion; wall time, peak RSS of the largest process and of the
    process tree, CPU seconds of the tree, its summary."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = usage.ru_maxrss
    load_before = load()
    started = time.perf_counter()
    sampler = TreeSampler()
    with subprocess.Popen(
        [*SASTLS, "triage", *args, "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as child:
        stdout, stderr = child.communicate()
    wall = time.perf_counter() - started
    if REAPER:
        reap()  # the workers it left running: their CPU time is part of the run's
    tree = sampler.stop()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak_kb = after.ru_maxrss
    cpu = (after.ru_utime + after.ru_stime) - (usage.ru_utime + usage.ru_stime)
    if child.returncode not in (0, 1):
        raise SystemExit(f"sastls triage failed ({child.returncode}):\n{stdout}\n{stderr[-3000:]}")
    m = re.search(r": (\d+) findings.*?, ([\d.]+) s with (\d+) jobs", stdout)
    inv = re.search(r"investigated (\d+), reused (\d+)", stdout)
    return {
        "wall": wall,
        "triage_seconds": float(m.group(2)) if m else wall,
        "findings": int(m.group(1)) if m else 0,
        "investigated": int(inv.group(1)) if inv else 0,
        "reused": int(inv.group(2)) if inv else 0,
        # the largest process's peak: sampled when /proc is there (getrusage's is the largest of
        # every child this process ever had, so only the first run's is its own)
        "peak_mb": tree.get("largest_mb") or (peak_kb if peak_kb > before else before) / 1024,
        "load": load_before,
        "cpu_seconds": cpu,
        "cpu_complete": REAPER,
        **tree,
        "stdout": stdout,
    }


def heuristic(root: Path, files: list[Path], jobs: int) -> None:
    args = [*map(str, files), "--repo", str(root), "--jobs", str(jobs), "--jsonl", str(root / "out.jsonl")]
    args += ["--fail-on", "never"]
    shutil_rm(root / ".sastls")
    r = run_triage(args)
    rate = r["findings"] / r["triage_seconds"] if r["triage_seconds"] else 0.0
    print(f"$ sastls triage {cmdline(args)}")
    print(
        f"  {r['findings']} findings ({r['investigated']} investigations) in {r['triage_seconds']:.2f} s "
        f"triage + load = {r['wall']:.2f} s wall: {rate:.0f} findings/s triage, "
        f"{r['findings'] / r['wall']:.0f} findings/s end to end; peak RSS {r['peak_mb']:.0f} MB"
    )
    again = run_triage(args)
    print(
        f"  rerun (everything decided): {again['reused']} reused, {again['investigated']} investigated, "
        f"{again['wall']:.2f} s wall"
    )


def many_files(root: Path, files: int, jobs: int | None) -> None:
    """The many-files workspace, triaged cold (no store) with every output a CI run writes."""
    from manyfiles import generate_many

    shutil_rm(root)
    inputs = generate_many(root, files)
    out = root / "out"
    args = [*map(str, inputs), "--repo", str(root), "--out", str(out / "triaged.sarif")]
    args += [
        "--report",
        str(out / "report.html"),
        "--jsonl",
        str(out / "verdicts.jsonl"),
        "--fail-on",
        "never",
    ]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    print(f"\n## many files: {files} modules, one finding location each (bench/manyfiles.py)")
    r = run_triage(args)
    print(f"$ sastls triage {cmdline(args)} --no-progress")
    print(
        f"  cold (no store): {r['findings']} findings ({r['investigated']} investigations): "
        f"{r['findings'] / r['wall']:.0f} findings/s end to end ({r['wall']:.2f} s from process start "
        f"to exit, outputs written), {r['findings'] / max(r['triage_seconds'], 1e-9):.0f} findings/s "
        f"triage phase ({r['triage_seconds']:.2f} s)"
    )
    print(f"  {tree_figures(r)}; peak RSS {r['peak_mb']:.0f} MB (largest process); {r['load']} before")
    again = run_triage(args)
    print(
        f"  warm (rerun, everything decided): {again['reused']} reused, "
        f"{again['investigated']} investigated, {again['wall']:.2f} s wall "
        f"({again['findings'] / again['wall']:.0f} findings/s); {tree_figures(again)}; {again['load']} before"
    )


def tree_figures(r: dict[str, Any]) -> str:
    if not r.get("processes"):
        return "process tree: not measured (no /proc)"
    what = "all processes" if r["cpu_complete"] else "the processes waited for"
    return (
        f"CPU {r['cpu_seconds']:.1f} s ({what}; {r['processes']} processes), peak process-tree RSS "
        f"{r['tree_rss_mb']:.0f} MB (PSS {r['tree_pss_mb']:.0f} MB)"
    )


def shutil_rm(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def corpus() -> None:
    import shutil

    base = ROOT / "tests" / "corpus"
    if not (base / "findings").is_dir() or not any(p.is_file() for p in (base / "findings").rglob("*")):
        print("corpus: tests/corpus/findings not present, skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "corpus"  # the store goes beside the copy, never into the source tree
        shutil.copytree(base, copy)
        files = sorted(str(p) for p in (copy / "findings").rglob("*") if p.is_file())
        args = [*files, "--repo", str(copy / "cases"), "--fail-on", "never"]
        r = run_triage(args)
        print(f"$ sastls triage {cmdline(args)}  (a copy of tests/corpus)")
        print(
            f"  corpus: {r['findings']} findings in {r['triage_seconds']:.2f} s "
            f"({r['findings'] / max(r['triage_seconds'], 1e-9):.0f}/s), {r['wall']:.2f} s wall, "
            f"peak RSS {r['peak_mb']:.0f} MB"
        )


# --- the llm analyst against a scripted model ---------------------------------------------------------------


class PolicyModel:
    """An OpenAI-compatible chat endpoint that answers like a decisive model would.

    Stateless per request (any number of findings in parallel): the agent's first decision asks
    for the analysis, the analysis says TRUE_POSITIVE citing the finding's line, the evaluation
    makes it final. Every answer comes after ``latency`` seconds. Request bodies are hashed so a
    resumed run can be checked for repeated calls.
    """

    def __init__(self, latency: float) -> None:
        import threading

        from sastls.graph import prompts

        self.latency = latency
        self.lock = threading.Lock()
        self.answered: list[str] = []  # body hashes of the requests that got a full answer
        self.answered_at: dict[str, float] = {}  # body hash -> when its answer was sent (monotonic)
        self.finding_of: dict[str, str] = {}  # body hash -> "path:line" of the finding it is about
        self.last_key = ""
        self.prompt_tokens: list[int] = []
        self.systems = {
            name: prompts.load(name).render("system")
            for name in ("analyze_issue", "comprehensive_evaluation")
        }
        self.port = 0

    def reply(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body.get("messages") or []
        system = str(messages[0].get("content")) if messages else ""
        user = "\n".join(str(m.get("content") or "") for m in messages if m.get("role") == "user")
        m = re.search(r'"path":\s*"([^"]+)"', user)
        n = re.search(r'"start_line":\s*(\d+)', user)
        path, line = (m.group(1) if m else "unknown.py"), int(n.group(1)) if n else 1
        self.last_key = f"{path}:{line}"
        if body.get("tools"):
            call = {
                "id": "call_1",
                "type": "function",
                "function": {"name": "analyze_issue", "arguments": "{}"},
            }
            return {"role": "assistant", "content": None, "tool_calls": [call]}
        if system == self.systems["analyze_issue"]:
            out = {
                "investigation_result": "TRUE_POSITIVE",
                "justification": "request data reaches the sink without a sanitizer",
                "evidence": [{"path": path, "start_line": line, "end_line": line, "why": "sink"}],
                "confidence": 0.8,
            }
        else:
            out = {
                "is_final": True,
                "verdict": "TRUE_POSITIVE",
                "confidence": 0.8,
                "exploration_gaps": [],
                "required_code": [],
                "justification": "the analysis holds",
            }
        return {"role": "assistant", "content": json.dumps(out)}

    def serve(self) -> Any:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                body = json.loads(raw or b"{}")
                time.sleep(model.latency)
                with model.lock:  # reply() records which finding the request is about
                    message = model.reply(body)
                    key = model.last_key
                prompt = len(raw) // 4
                payload = {
                    "id": "chatcmpl-bench",
                    "object": "chat.completion",
                    "created": 1700000000,
                    "model": "scripted",
                    "choices": [
                        {
                            "index": 0,
                            "message": message,
                            "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": prompt, "completion_tokens": 40, "total_tokens": prompt + 40},
                }
                data = json.dumps(payload).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return
                with model.lock:
                    digest = hashlib.sha256(raw).hexdigest()
                    model.answered.append(digest)
                    model.answered_at.setdefault(digest, time.monotonic())
                    model.finding_of[digest] = key
                    model.prompt_tokens.append(prompt)

        class Server(ThreadingHTTPServer):
            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client killed mid-request (the kill -9 run) is expected here

        server = Server(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        self.port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server

    def take(self) -> tuple[list[str], list[int]]:
        with self.lock:
            out = (self.answered, self.prompt_tokens)
            self.answered, self.prompt_tokens = [], []
            return out


def pct(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def llm_workspace(root: Path, n: int, cascade: bool) -> list[Path]:
    shutil_rm(root)
    files = generate(root, n, duplicate_share=0.0)
    (root / ".sastls.toml").write_text(f"cascade = {'true' if cascade else 'false'}\n")
    return files[:1]


def llm_figures(base: Path, n: int, latency: float) -> None:
    model = PolicyModel(latency)
    server = model.serve()
    api = f"http://127.0.0.1:{model.port}/v1"
    llm = ["--analyst", "llm", "--model", "openai/bench", "--api-base", api, "--fail-on", "never"]
    env = dict(os.environ, OPENAI_API_KEY="x")
    try:
        print(f"\n## llm analyst, scripted model on 127.0.0.1 answering after {latency * 1000:.0f} ms")
        for cascade in (True, False):
            root = base / f"llm-{'cascade' if cascade else 'model'}"
            files = llm_workspace(root, n, cascade)
            jsonl = root / "verdicts.jsonl"
            args = [*map(str, files), "--repo", str(root), "--jobs", "16", *llm, "--jsonl", str(jsonl)]
            r = run_triage(args, env)
            hashes, _ = model.take()
            records = [json.loads(x) for x in jsonl.read_text().splitlines()]
            usage = [rec["usage"] for rec in records if not rec.get("duplicate_of")]
            calls = [float(u["model_calls"]) for u in usage]
            tokens = [float(u["prompt_tokens"]) for u in usage]
            by = {a: sum(1 for rec in records if rec["analyst"] == a) for a in ("heuristic", "llm")}
            print(f"$ sastls triage {cmdline(args)}   (.sastls.toml: cascade = {str(cascade).lower()})")
            print(
                f"  {r['findings']} findings ({by['heuristic']} decided offline, {by['llm']} by the model); "
                f"{len(hashes)} model calls; per finding: calls median {pct(calls, 50):.0f} "
                f"p95 {pct(calls, 95):.0f}, prompt tokens median {pct(tokens, 50):.0f} "
                f"p95 {pct(tokens, 95):.0f}; wall {r['wall']:.1f} s"
            )
        root = base / "llm-model"
        files = [root / "findings" / "bandit.sarif"]
        for jobs in (1, 4, 16):
            shutil_rm(root / ".sastls")
            args = [*map(str, files), "--repo", str(root), "--jobs", str(jobs), *llm]
            r = run_triage(args, env)
            model.take()
            print(
                f"$ sastls triage {cmdline(args)}\n  --jobs {jobs:>2}: {r['findings']} findings in "
                f"{r['triage_seconds']:.1f} s "
                f"({r['findings'] / max(r['triage_seconds'], 1e-9):.1f} findings/s)"
            )
        kill_and_resume(root, files, llm, env, model)
    finally:
        server.shutdown()
        server.server_close()


def _decided(db: Path) -> int:
    try:
        with sqlite3.connect(db) as conn:
            return int(conn.execute("SELECT count(DISTINCT fingerprint) FROM verdicts").fetchone()[0])
    except sqlite3.Error:
        return 0


def kill_and_resume(
    root: Path, files: list[Path], llm: list[str], env: dict[str, str], model: PolicyModel
) -> None:
    shutil_rm(root / ".sastls")
    db = root / ".sastls" / "verdicts.db"
    args = [*map(str, files), "--repo", str(root), "--jobs", "4", *llm, "--no-progress"]
    total = len(json.loads(files[0].read_text())["runs"][0]["results"])
    proc = subprocess.Popen(
        [*SASTLS, "triage", *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    while proc.poll() is None and _decided(db) < total // 2:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(0.3)  # answers in flight at the kill
    first, _ = model.take()
    with sqlite3.connect(db) as conn:
        before = dict(
            conn.execute("SELECT fingerprint, count(*) FROM verdicts GROUP BY fingerprint").fetchall()
        )
    r = run_triage(args, env)
    second, _ = model.take()
    with sqlite3.connect(db) as conn:
        after = dict(
            conn.execute("SELECT fingerprint, count(*) FROM verdicts GROUP BY fingerprint").fetchall()
        )
    redone = sum(1 for fp, n in before.items() if after.get(fp, 0) > n)
    again = set(first) & set(second)
    repeated = len(again)
    from sastls.graph.store import VerdictStore

    store = VerdictStore(db)
    decided = {f"{f.path}:{f.line}" for fp in before if (f := store.finding(fp)) is not None}
    store.close()
    # which investigation each repeated call belongs to: one that had finished before the kill
    # (a real loss) or one in flight at the kill, whose last answer had not reached its checkpoint
    of_finished = sum(1 for h in again if model.finding_of.get(h) in decided)
    in_flight: dict[str, int] = {}
    for h in again:
        if model.finding_of.get(h) not in decided:
            key = model.finding_of.get(h, "?")
            in_flight[key] = in_flight.get(key, 0) + 1
    print(
        f"$ sastls triage {cmdline(args)}   killed with SIGKILL at {len(before)}/{total} decided, "
        "then run again"
    )
    print(
        f"  resume: {r['investigated']} investigated, {r['reused']} reused; findings redone: {redone}; "
        f"model calls before the kill {len(first)}, after {len(second)}, repeated: {repeated} "
        f"({of_finished} of finished investigations; {repeated - of_finished} of the {len(in_flight)} "
        f"investigations in flight at the kill, at most {max(in_flight.values(), default=0)} each)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--findings", type=int, default=5000)
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--files", type=int, default=1200, help="modules of the many-files workspace (0: skip)")
    ap.add_argument("--skip-llm", action="store_true")
    ap.add_argument("--llm-findings", type=int, default=200, help="findings for the llm runs")
    ap.add_argument("--latency", type=float, default=0.05, help="seconds the scripted model takes per call")
    ap.add_argument("--keep", metavar="DIR", help="generate into DIR and keep it")
    ap.add_argument("--only-many", action="store_true", help="only the many-files workspace (part 1b)")
    ap.add_argument(
        "--no-compile", action="store_true", help="do not compile sastls's bytecode first (see bytecode())"
    )
    a = ap.parse_args(argv)
    print(f"# {cmdline([sys.executable, *sys.argv])}  ({load()})")
    print(f"# {bytecode(compile_first=not a.no_compile)}")
    with tempfile.TemporaryDirectory() as tmp:
        if a.only_many:
            many_files(Path(tmp) / "many", a.files or 1200, None)
            return 0
        root = Path(a.keep) if a.keep else Path(tmp) / "ws"
        files = generate(root, a.findings)
        print(f"generated {a.findings} findings in {root}")
        heuristic(root, files, a.jobs)
        if a.files:
            many_files(Path(tmp) / "many", a.files, None)
        corpus()
        if not a.skip_llm:
            llm_figures(Path(tmp), a.llm_findings, a.latency)
    return 0


if __name__ == "__main__":
    sys.exit(main())
