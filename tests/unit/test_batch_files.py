"""A big heuristic triage fingerprints and decides each file's findings in one worker process
(``batch.atriage_files``): the fingerprints, groups and verdicts are the ones of a run in one
process, and a worker that fails loses no fingerprint."""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from sastls.analyzers.config import Config
from sastls.graph.store import VerdictStore
from sastls.graph.verdict import Verdict
from sastls.server.batch import TriageOptions, TriageResult, atriage, atriage_files
from sastls.server.batch_workers import file_chunks

BODY = """import subprocess
from flask import request


def handler_{n}():
    cmd = request.args["cmd"]
    subprocess.call(cmd, shell=True)
    eval(cmd)
    eval(cmd)


def safe_{n}():
    subprocess.call("ls -l", shell=True)
"""


def _result(rule: str, path: str, line: int) -> dict[str, Any]:
    loc = {"physicalLocation": {"artifactLocation": {"uri": path}, "region": {"startLine": line}}}
    return {"ruleId": rule, "level": "error", "message": {"text": rule}, "locations": [loc]}


def _sarif(tool: str, rules: dict[str, int], results: list[dict[str, Any]]) -> dict[str, Any]:
    driver = {
        "name": tool,
        "rules": [{"id": r, "properties": {"tags": [f"external/cwe/cwe-{c}"]}} for r, c in rules.items()],
    }
    return {"version": "2.1.0", "runs": [{"tool": {"driver": driver}, "results": results}]}


def workspace(root: Path, files: int = 24) -> list[Path]:
    """Per file: shell injection (both tools: one group), two identical evals (one fingerprint base:
    the second gets a suffix), a constant command; plus a finding in a file that is missing."""
    bandit: list[dict[str, Any]] = []
    semgrep: list[dict[str, Any]] = []
    for n in range(files):
        rel = f"app/p{n % 3}/m{n:03d}.py"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(BODY.format(n=n))
        bandit += [_result("B602", rel, 7), _result("B307", rel, 8), _result("B307", rel, 9)]
        bandit.append(_result("B602", rel, 13))
        semgrep.append(_result("python.command-injection", rel, 7))
    bandit.append(_result("B602", "app/gone.py", 3))
    out = [root / "bandit.sarif", root / "semgrep.sarif"]
    out[0].write_text(json.dumps(_sarif("Bandit", {"B602": 78, "B307": 78}, bandit)))
    out[1].write_text(json.dumps(_sarif("Semgrep OSS", {"python.command-injection": 78}, semgrep)))
    return out


class _Shown:
    """A display that keeps what it was shown."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, bool]] = []

    def start(self, total: int) -> None:
        pass

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        self.shown.append((verdict.verdict if verdict is not None else "-", reused))

    def close(self) -> None:
        pass


def _run(root: Path, processes: int, progress: _Shown | None = None) -> TriageResult:
    opts = TriageOptions(repo=root, config=Config(), processes=processes)
    with VerdictStore(root / f"v{processes}.db") as store:
        return asyncio.run(atriage(workspace_files(root), opts, store=store, progress=progress))


def workspace_files(root: Path) -> list[Path]:
    return [root / "bandit.sarif", root / "semgrep.sarif"]


def _labels(result: TriageResult) -> list[tuple[str, str, int, str, str, str]]:
    return [
        (
            f.fingerprint,
            f.path,
            f.line,
            f.rule_id,
            result.verdicts[f.fingerprint].verdict,
            result.verdicts[f.fingerprint].justification,
        )
        for f in result.scope
    ]


def test_files_over_processes_decide_as_one_process(tmp_path: Path) -> None:
    workspace(tmp_path)
    shown = [_Shown(), _Shown()]
    one = _run(tmp_path, 1, shown[0])
    two = _run(tmp_path, 2, shown[1])
    assert sorted(shown[1].shown) == sorted(shown[0].shown)  # the workers' progress reached the display
    assert len(shown[1].shown) == two.stats.total - two.stats.duplicates
    assert [f.fingerprint for f in two.findings] == [f.fingerprint for f in one.findings]
    assert len({f.fingerprint for f in one.findings}) == len(one.findings)
    assert any(f.fingerprint.endswith("-1") for f in one.findings)  # identical evals in one function
    assert _labels(two) == _labels(one)
    assert two.stats.duplicates == one.stats.duplicates == 24
    assert two.stats.duplicate_of == one.stats.duplicate_of
    assert (two.stats.investigated, two.stats.reused, two.stats.total) == (
        one.stats.investigated,
        one.stats.reused,
        one.stats.total,
    )
    again = _run(tmp_path, 2)  # everything decided: reused from the store, nothing investigated
    assert again.stats.investigated == 0 and again.stats.reused == one.stats.investigated
    assert _labels(again) == _labels(one)


class _FailingPool:
    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        fut.set_exception(RuntimeError("worker died"))
        return fut


class _FailingWorkers:
    processes = 2
    pool = _FailingPool()
    queue: queue.Queue[Any] = queue.Queue()
    lock = threading.Lock()
    closed = False

    def word_index(self) -> bytes:
        return b""

    def close(self, *, now: bool = False) -> None:
        pass


def test_a_failed_worker_loses_no_fingerprint(tmp_path: Path) -> None:
    workspace(tmp_path, files=6)
    one = _run(tmp_path, 1)
    from sastls.analyzers.findings.load import load_findings

    raw = load_findings(workspace_files(tmp_path), tmp_path, fingerprints=False).findings
    opts = TriageOptions(repo=tmp_path, config=Config(), processes=2)
    with VerdictStore(tmp_path / "f.db") as store:
        got = asyncio.run(atriage_files(raw, opts, store=store, workers=_FailingWorkers()))  # type: ignore[arg-type]
    assert [f.fingerprint for f in got.findings] == [f.fingerprint for f in one.findings]
    assert got.verdicts == {}
    assert {s.fingerprint for s in got.stats.skipped} == {f.fingerprint for f in got.scope}
    assert all("worker process failed" in s.reason for s in got.stats.skipped)


def test_file_chunks_keep_files_whole_and_in_input_order(tmp_path: Path) -> None:
    workspace(tmp_path, files=9)
    from sastls.analyzers.findings.load import load_findings
    from sastls.server.batch import group_findings, merge_repeats

    raw = load_findings(workspace_files(tmp_path), tmp_path, fingerprints=False).findings
    groups = merge_repeats(group_findings(raw))
    at = {id(f): i for i, f in enumerate(raw)}
    plan = [(at[id(g.primary)], tuple(at[id(m)] for m in g.members)) for g in groups]
    chunks = file_chunks(raw, plan, 2)
    assert len(chunks) > 1
    seen: list[int] = []
    for positions, chunk in chunks:
        seen += positions
        assert [raw[p] for p in positions] == chunk.findings
        for path in {f.path for f in chunk.findings}:
            mine = [p for p in positions if raw[p].path == path]
            assert mine == sorted(i for i, f in enumerate(raw) if f.path == path)  # whole, in order
        assert sorted(m for _, members in chunk.groups for m in members) == list(range(len(positions)))
    assert sorted(seen) == list(range(len(raw)))


def _sarif_text(result: TriageResult, root: Path) -> str:
    """The triaged SARIF, without what differs between two runs of the same decisions (when a
    verdict was reached and how long it took)."""
    import re

    from sastls.server.batch import triaged_document

    text = json.dumps(triaged_document(result, workspace=root), sort_keys=True, indent=1)
    return re.sub(r'"(decided_at|seconds)": ("[^"]*"|[0-9.e-]+)', r'"\1": X', text)


def test_triaged_sarif_over_processes_is_the_one_of_one_process(tmp_path: Path) -> None:
    workspace(tmp_path, files=30)
    one = _run(tmp_path, 1)
    two = _run(tmp_path, 2)
    assert two.stats.investigated == one.stats.investigated > 0
    assert _sarif_text(two, tmp_path) == _sarif_text(one, tmp_path)


def test_a_rerun_on_unchanged_files_parses_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    """The fingerprints of unchanged files come from the store's cache (no parse), the verdicts
    are reused; a changed file is fingerprinted again, to the fingerprints a fresh store gives."""
    workspace(tmp_path, files=8)
    first = _run(tmp_path, 1)
    import sastls.analyzers.code.languages as languages

    def no_parse(*args: Any) -> Any:
        raise AssertionError("a file was parsed")

    with monkeypatch.context() as m:
        m.setattr(languages, "parse", no_parse)
        m.setattr("sastls.analyzers.code.index.parse", no_parse)
        m.setattr("sastls.analyzers.code.enclosing.parse", no_parse)
        again = _run(tmp_path, 1)
    assert again.stats.investigated == 0 and again.stats.reused == first.stats.investigated
    assert [f.fingerprint for f in again.findings] == [f.fingerprint for f in first.findings]
    assert _sarif_text(again, tmp_path) == _sarif_text(first, tmp_path)

    changed = tmp_path / "app/p1/m004.py"
    changed.write_text(changed.read_text().replace('request.args["cmd"]', 'request.args["command"]'))
    third = _run(tmp_path, 1)
    (tmp_path / "v1.db").unlink()
    fresh = _run(tmp_path, 1)
    assert [f.fingerprint for f in third.findings] == [f.fingerprint for f in fresh.findings]
    moved = {f.fingerprint for f in third.findings} - {f.fingerprint for f in first.findings}
    assert moved and all(f.path == "app/p1/m004.py" for f in third.findings if f.fingerprint in moved)
    in_file = [f for f in third.scope if f.path == "app/p1/m004.py"]
    groups = {third.stats.duplicate_of.get(f.fingerprint, f.fingerprint) for f in in_file}
    assert third.stats.investigated == len(groups)  # verdicts are tied to the file's content
