"""Benchmark the investigation graph over a findings file, per analyst.

Prints, per analyst, findings/s, model calls and prompt tokens per finding (median, p95), how many
findings ended by each stop reason, the verdicts, which path decided, and the command that made
the figures:

- ``heuristic``: the offline analyst, repeated ``--repeat`` times on ``--jobs`` processes (one
  workspace index per process, graph compiled once per process); target >= 200 findings/s on 2 cores.
- ``llm``: a competent scripted model (the zoo's ``openai`` family: it fetches the offline facts,
  then concludes) on 127.0.0.1, every finding sent to it; targets: median <= 2 model calls and
  <= 4000 prompt tokens per finding (prompt tokens counted as the request body's length / 4).
- ``cascade``: the same in llm mode, conclusive offline verdicts accepted without a model call.
- ``zoo``: every family of tests/graph/zoo.py (the habits of real model families) over every
  finding; targets per family: >= 95 % TRUE_POSITIVE/FALSE_POSITIVE from the model's own answer,
  0 tracebacks, 0 FALSE_POSITIVE produced by a fault.
- ``hang``: a model that never answers, ``--hang-findings`` findings through the triage batch with
  ``--hang-jobs``; targets: each finding within the deadline, the run within two deadlines.

    .venv/bin/python bench/graph.py [FINDINGS...] [--repo DIR] [--analysts heuristic,llm,cascade,zoo,hang]
                                    [--repeat N] [--jobs N] [--families a,b] [--hang-deadline S]

Defaults: the example project tests/fixtures/projects/pyapp and its findings. The scripted models
answer at once, so the figures measure the graph's own overhead (litellm, SQLite checkpoints on a
temporary copy of the workspace) and prompt sizes, not a model.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REPO = ROOT / "tests" / "fixtures" / "projects" / "pyapp"


# ----------------------------------------------------------------------------- scripted models


def load_zoo() -> Any:
    """The model zoo of the tests (tests/graph/zoo.py): scripted families of real models' habits."""
    import importlib.util

    name = "sastls_test_zoo"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "graph" / "zoo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _serve(family: Any, ports: Any) -> None:
    server = load_zoo().ZooServer(family)
    ports.put(server.model.api_base)
    with server:
        threading.Event().wait()


def start_model_process(family: Any) -> tuple[Any, str]:
    """A zoo family in its own process, so it does not compete for this process' GIL."""
    ctx = mp.get_context("fork")
    ports = ctx.Queue()
    proc = ctx.Process(target=_serve, args=(family, ports), daemon=True)
    proc.start()
    return proc, ports.get(timeout=30)


def model_state(api_base: str) -> dict[str, Any]:
    """What the zoo server saw: calls, prompt tokens, and the verdict it meant per finding."""
    import urllib.request

    root = api_base.removesuffix("/v1")
    with urllib.request.urlopen(root + "/state", timeout=10) as answer:  # 127.0.0.1 only
        state: dict[str, Any] = json.loads(answer.read())
    return state


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


class _Tracebacks(logging.Handler):
    """Counts log records that carry a traceback (an exception the graph did not expect)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.count += 1


def run_llm(
    files: list[str], repo: Path, cascade: bool, family: Any, overrides: dict[str, Any] | None = None
) -> tuple[float, list[dict[str, Any]], dict[str, Any], int]:
    """(seconds, verdicts, what the server saw, tracebacks logged) for one family over the findings."""
    from sastls.analyzers.config import Config
    from sastls.graph.llm import reset_health, warm_up

    warm_up()
    reset_health()
    server, api_base = start_model_process(family)
    tmp = tempfile.TemporaryDirectory(prefix="sastls-bench-")
    tracebacks = _Tracebacks()
    logging.getLogger("sastls").addHandler(tracebacks)
    try:
        copy = Path(tmp.name) / repo.name  # checkpoints and verdicts are written in the workspace
        shutil.copytree(repo, copy)
        files = [str(copy / Path(f).relative_to(repo)) if Path(f).is_relative_to(repo) else f for f in files]
        repo = copy
        settings = {
            "analyst": "llm",
            "model": family.model,
            "api_base": api_base,
            "cascade": cascade,
            **(overrides or {}),
        }
        config = replace(Config(), **settings)
        findings = _load(files, repo)
        started = time.perf_counter()
        verdicts = asyncio.run(_investigate_all(findings, repo, config))
        seconds = time.perf_counter() - started
        return seconds, [v.to_dict() for v in verdicts], model_state(api_base), tracebacks.count
    finally:
        logging.getLogger("sastls").removeHandler(tracebacks)
        server.terminate()
        tmp.cleanup()


def _key(finding: Any) -> str:
    return f"{finding.rule_id}@{finding.path}:{finding.line}"


def report_zoo(files: list[str], repo: Path, names: list[str]) -> None:
    """Every family over the findings: real verdicts from its own answer, faults, calls, tokens."""
    zoo = load_zoo()
    findings = _load(files, repo)
    print(f"zoo: {len(findings)} findings per family, cascade off (every finding asks the model)")
    print(
        f"  {'family':15} {'real':>7} {'own':>7} {'tracebacks':>10} {'FP by fault':>11} "
        f"{'calls':>6} {'tokens':>7}  ended by"
    )
    for name in names:
        family = zoo.FAMILIES[name]
        if name == "slow":
            family = replace(family, delay=0.05)  # the habit, not the wait: the bench measures calls
        _, verdicts, state, tracebacks = run_llm(files, repo, False, family)
        intended = state["intended"]
        real = sum(1 for v in verdicts if v["verdict"] in ("TRUE_POSITIVE", "FALSE_POSITIVE"))
        own = sum(
            1
            for f, v in zip(findings, verdicts, strict=True)
            if v["verdict"] in ("TRUE_POSITIVE", "FALSE_POSITIVE") and intended.get(_key(f)) == v["verdict"]
        )
        faults = sum(
            1
            for f, v in zip(findings, verdicts, strict=True)
            if v["verdict"] == "FALSE_POSITIVE" and intended.get(_key(f)) != "FALSE_POSITIVE"
        )
        tracebacks += sum(1 for v in verdicts if v["stop_reason"] == "internal_error")
        calls = statistics.median(float(v["usage"]["model_calls"]) for v in verdicts)
        tokens = statistics.median(float(v["usage"]["prompt_tokens"]) for v in verdicts)
        stops = dict(Counter(v["stop_reason"] or "verdict" for v in verdicts))
        n = len(verdicts) or 1
        print(
            f"  {name:15} {100 * real / n:6.1f}% {100 * own / n:6.1f}% {tracebacks:>10} {faults:>11} "
            f"{calls:>6.1f} {tokens:>7.0f}  {stops}"
        )
    print("  targets: own >= 95% per family; 0 tracebacks; 0 FALSE_POSITIVE by a fault")


def report_hang(files: list[str], repo: Path, deadline: float, count: int, jobs: int) -> None:
    """A model that never answers: every finding must end within the deadline, the run within two."""
    from sastls.analyzers.config import Config
    from sastls.graph.llm import reset_health, warm_up

    warm_up()
    reset_health()
    zoo = load_zoo()
    server, api_base = start_model_process(zoo.HANGING)
    tmp = tempfile.TemporaryDirectory(prefix="sastls-bench-")
    try:
        copy = Path(tmp.name) / repo.name
        shutil.copytree(repo, copy)
        findings = _load([str(copy / Path(f).relative_to(repo)) for f in files], copy)
        picked = _distinct(findings)[:count]
        config = replace(
            Config(),
            analyst="llm",
            model=zoo.HANGING.model,
            api_base=api_base,
            cascade=False,
            deadline=deadline,
        )
        started = time.perf_counter()
        result = asyncio.run(_triage(picked, copy, config, jobs))
        wall = time.perf_counter() - started
        verdicts = list(result.verdicts.values())
        slowest = max((v.usage.seconds for v in verdicts), default=0.0)
        stops = dict(Counter(v.stop_reason for v in verdicts))
        print(
            f"hanging model: {len(verdicts)} findings, --jobs {jobs}, deadline {deadline:.0f}s "
            f"(request timeout {config.request_timeout:.0f}s): run {wall:.1f}s = "
            f"{wall / deadline:.2f} deadlines "
            f"(target <= 2); slowest finding {slowest:.1f}s (target <= {deadline:.0f}s); "
            f"server calls {model_state(api_base)['calls']}; ended by {stops}"
        )
    finally:
        server.terminate()
        tmp.cleanup()


def _distinct(findings: list[Any]) -> list[Any]:
    seen: set[tuple[str, int, str]] = set()
    out = []
    for f in findings:
        k = (f.path, f.line, f.rule_id)
        if k not in seen:
            seen.add(k)
            out.append(f)
    return out


async def _triage(findings: list[Any], repo: Path, config: Any, jobs: int) -> Any:
    from sastls.graph.llm import aclose
    from sastls.graph.store import VerdictStore
    from sastls.server.batch import TriageOptions, atriage_findings

    store = VerdictStore(repo / ".sastls" / "bench.db")
    try:
        return await atriage_findings(
            findings, TriageOptions(repo=repo, config=config, jobs=jobs), store=store
        )
    finally:
        store.close()
        await aclose()


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
    p.add_argument("--analysts", default="heuristic,llm,cascade,zoo,hang")
    p.add_argument("--families", default="", help="zoo: these families only (default: all)")
    p.add_argument("--hang-deadline", type=float, default=10.0, help="hang: the per-investigation deadline")
    p.add_argument("--hang-findings", type=int, default=20)
    p.add_argument("--hang-jobs", type=int, default=4)
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
            family = load_zoo().FAMILIES["openai"]  # a competent model: facts, then conclude
            seconds, verdicts, _, _ = run_llm(files, repo, name == "cascade", family)
            report(f"{name} (competent scripted model on 127.0.0.1: {family.model})", seconds, verdicts)
            if name == "llm":
                print("  targets: median <= 2 model calls and <= 4000 prompt tokens per finding")
        elif name == "zoo":
            report_zoo(
                files,
                repo,
                [f.strip() for f in args.families.split(",")] if args.families else list(load_zoo().FAMILIES),
            )
        elif name == "hang":
            report_hang(files, repo, args.hang_deadline, args.hang_findings, args.hang_jobs)
        else:
            p.error(f"unknown analyst {name!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
