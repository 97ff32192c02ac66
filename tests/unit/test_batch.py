"""Batch triage: scope, duplicates, resume, failures, budget, concurrency, gate, outputs."""

from __future__ import annotations

import asyncio
import io
import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.store import VerdictStore
from sastls.graph.verdict import Usage, Verdict
from sastls.server.batch import (
    Shard,
    TriageOptions,
    TriageResult,
    atriage_findings,
    gate_failures,
    jsonl_text,
    nofp_path,
    select,
    set_baseline_state,
    source_reader,
)
from sastls.server.progress import NullProgress, PlainProgress, make_progress
from sastls.server.reports.stats import RunStats


def make_finding(
    n: int, path: str, line: int, *, tool: str = "bandit", rule: str = "B608", **kw: object
) -> Finding:
    return Finding(
        tool=tool,
        rule_id=rule,
        message=f"finding {n}",
        location=Location(path, Region(line)),
        level=kw.pop("level", "error"),  # type: ignore[arg-type]
        cwe=tuple(kw.pop("cwe", (89,))),  # type: ignore[arg-type]
        fingerprint=f"{n:04d}" + "ab" * 10,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "app").mkdir(parents=True)
    for i in range(10):
        (root / "app" / f"m{i}.py").write_text("".join(f"x{j} = {j}\n" for j in range(40)))
    return root


@pytest.fixture
def store(tmp_path: Path) -> VerdictStore:
    s = VerdictStore(tmp_path / "verdicts.db")
    yield s  # type: ignore[misc]
    s.close()


class FakeAnalyst:
    """Scripted investigations: label by finding, optional failure, cost and delay; counts calls."""

    def __init__(self, *, fail: set[str] = frozenset(), cost: float = 0.0, delay: float = 0.0) -> None:
        self.fail = fail
        self.cost = cost
        self.delay = delay
        self.calls: list[str] = []
        self.configs: list[Config] = []
        self.running = 0
        self.peak = 0

    async def __call__(
        self, finding: Finding, workspace: Path, config: Config, *, index: object, checkpoint: bool
    ) -> Verdict:
        self.calls.append(finding.fingerprint)
        self.configs.append(config)
        self.running += 1
        self.peak = max(self.peak, self.running)
        try:
            await asyncio.sleep(self.delay)
            if finding.fingerprint in self.fail:
                raise RuntimeError("scripted failure")
            label = "TRUE_POSITIVE" if finding.line % 2 else "FALSE_POSITIVE"
            if config.analyst == "heuristic" and finding.line % 3 == 0:
                label = "NEEDS_REVIEW"  # inconclusive offline
            cost = self.cost if config.analyst == "llm" else 0.0
            return Verdict(
                finding.fingerprint,
                label,  # type: ignore[arg-type]
                0.8,
                "scripted",
                config.analyst,
                usage=Usage(model_calls=1 if cost else 0, prompt_tokens=10, cost_usd=cost),
            )
        finally:
            self.running -= 1


def findings_in(n: int) -> list[Finding]:
    return [make_finding(i, f"app/m{i % 10}.py", 1 + i // 10) for i in range(n)]


def options(repo: Path, **kw: object) -> TriageOptions:
    return TriageOptions(repo=repo, config=kw.pop("config", Config()), **kw)  # type: ignore[arg-type]


def run(
    findings: list[Finding], opts: TriageOptions, store: VerdictStore, analyst: FakeAnalyst, **kw: object
) -> TriageResult:
    return asyncio.run(
        atriage_findings(findings, opts, store=store, investigate=analyst, index=object(), **kw)  # type: ignore[arg-type]
    )


# --- shards -------------------------------------------------------------------------------------------


def test_shard_parse() -> None:
    assert Shard.parse("0/4") == Shard(0, 4)
    assert str(Shard.parse("3/4")) == "3/4"
    for bad in ("4/4", "-1/4", "1", "a/b", "0/0", "1/2/3"):
        with pytest.raises(ValueError, match="shard"):
            Shard.parse(bad)


def test_shards_partition_the_work_deterministically() -> None:
    fps = [f"{i:08x}" * 4 for i in range(2000)]
    owners = [[s for s in range(4) if Shard(s, 4).owns(fp)] for fp in fps]
    assert all(len(o) == 1 for o in owners)
    sizes = Counter(o[0] for o in owners)
    assert min(sizes.values()) > 400  # balanced within reason
    assert owners == [[s for s in range(4) if Shard(s, 4).owns(fp)] for fp in fps]


# --- the run --------------------------------------------------------------------------------------------


def test_every_finding_decided_and_stored(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(30)
    analyst = FakeAnalyst()
    result = run(findings, options(repo, jobs=4), store, analyst)
    assert sorted(analyst.calls) == sorted(f.fingerprint for f in findings)
    assert set(result.verdicts) == {f.fingerprint for f in findings}
    assert result.stats.investigated == 30 and result.stats.reused == 0
    for f in findings:
        stored = store.get(f.fingerprint)
        assert (
            stored is not None
            and stored.content_hash
            and stored.verdict == result.verdicts[f.fingerprint].verdict
        )
    assert all(v.usage.seconds > 0 for v in result.verdicts.values())


def test_duplicates_across_tools_are_investigated_once(repo: Path, store: VerdictStore) -> None:
    a = make_finding(1, "app/m1.py", 5, tool="bandit", rule="B608", cwe=(89,))
    b = make_finding(2, "app/m1.py", 5, tool="semgrep", rule="sqli", cwe=(89,), level="warning")
    c = make_finding(3, "app/m1.py", 9, tool="semgrep", rule="sqli", cwe=(89,))
    analyst = FakeAnalyst()
    result = run([a, b, c], options(repo), store, analyst)
    assert len(analyst.calls) == 2
    assert result.verdicts[a.fingerprint].verdict == result.verdicts[b.fingerprint].verdict
    assert result.stats.duplicates == 1
    dup, primary = next(iter(result.stats.duplicate_of.items()))
    assert {dup, primary} == {a.fingerprint, b.fingerprint}
    assert result.verdicts[dup].usage == Usage()  # the cost is counted once, on the primary
    assert store.get(dup) is not None


def test_rerun_skips_decided_findings_and_redoes_changed_code(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(20)
    first = FakeAnalyst()
    run(findings, options(repo), store, first)
    again = FakeAnalyst()
    result = run(findings, options(repo), store, again)
    assert again.calls == []
    assert result.stats.reused == 20 and len(result.verdicts) == 20
    (repo / "app" / "m3.py").write_text("changed = 1\n")
    third = FakeAnalyst()
    run(findings, options(repo), store, third)
    assert sorted(third.calls) == sorted(f.fingerprint for f in findings if f.path == "app/m3.py")


def test_other_analyst_does_not_reuse_but_human_verdicts_always_stand(
    repo: Path, store: VerdictStore
) -> None:
    findings = findings_in(4)
    run(findings, options(repo), store, FakeAnalyst())
    store.judge(findings[0].fingerprint, "FALSE_POSITIVE", "checked by hand")
    llm = FakeAnalyst()
    cfg = Config(analyst="llm", model="openai/x", cascade=False)
    result = run(findings, options(repo, config=cfg), store, llm)
    assert sorted(llm.calls) == sorted(f.fingerprint for f in findings[1:])
    assert result.verdicts[findings[0].fingerprint].human


def test_one_failure_never_stops_the_rest(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(10)
    bad = findings[3].fingerprint
    result = run(findings, options(repo, jobs=3), store, FakeAnalyst(fail={bad}))
    assert len(result.verdicts) == 9 and bad not in result.verdicts
    assert [(s.fingerprint, s.reason) for s in result.stats.skipped] == [
        (bad, "error: RuntimeError: scripted failure")
    ]
    assert store.get(bad) is None  # retried on the next run
    retry = FakeAnalyst()
    run(findings, options(repo), store, retry)
    assert retry.calls == [bad]


def test_budget_stops_new_model_work(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(10)
    cfg = Config(analyst="llm", model="openai/x", budget_usd_per_finding=5.0, cascade=False)
    analyst = FakeAnalyst(cost=0.4)
    result = run(findings, options(repo, config=cfg, jobs=1, budget_usd=1.0), store, analyst)
    assert len(analyst.calls) == 3  # 0.4, 0.8, 1.2: the third started with budget left
    assert [c.budget_usd_per_finding for c in analyst.configs] == pytest.approx([1.0, 0.6, 0.2])
    assert len(result.stats.skipped) == 7
    assert all(s.reason == "budget of $1.00 reached" for s in result.stats.skipped)
    assert gate_failures(result, "error")  # findings left without a verdict do not pass the gate


def test_over_budget_the_cascade_still_gives_free_verdicts(repo: Path, store: VerdictStore) -> None:
    findings = [make_finding(i, "app/m1.py", i + 1) for i in range(9)]  # lines 1..9
    cfg = Config(analyst="llm", model="openai/x")
    analyst = FakeAnalyst(cost=0.6)
    result = run(findings, options(repo, config=cfg, jobs=1, budget_usd=1.0), store, analyst)
    assert [c.analyst for c in analyst.configs] == ["llm", "llm"] + ["heuristic"] * 7
    offline = findings[2:]
    conclusive = [f for f in offline if f.line % 3]
    assert {s.fingerprint for s in result.stats.skipped} == {f.fingerprint for f in offline if not f.line % 3}
    assert all(result.verdicts[f.fingerprint].analyst == "heuristic" for f in conclusive)
    assert all(store.get(f.fingerprint) is not None for f in conclusive)
    # a later run with money left gives the inconclusive ones to the model and reuses the rest
    later = FakeAnalyst(cost=0.01)
    run(findings, options(repo, config=cfg, jobs=1, budget_usd=10.0), store, later)
    assert sorted(later.calls) == sorted(f.fingerprint for f in offline if not f.line % 3)


def test_concurrency_is_bounded_by_jobs(repo: Path, store: VerdictStore) -> None:
    analyst = FakeAnalyst(delay=0.01)
    run(findings_in(20), options(repo, jobs=4), store, analyst)
    assert analyst.peak == 4
    serial = FakeAnalyst(delay=0.001)
    run(findings_in(20), options(repo, jobs=1), VerdictStore(repo / "other.db"), serial)
    assert serial.peak == 1


def test_shard_and_baseline_select_the_scope(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(40)
    groups, state, _ = select(findings, Shard(1, 3), None)
    assert state == {}
    assert all(Shard(1, 3).owns(g.primary.fingerprint) for g in groups)
    all_groups = [select(findings, Shard(i, 3), None)[0] for i in range(3)]
    assert sorted(g.primary.fingerprint for gs in all_groups for g in gs) == sorted(
        f.fingerprint for f in findings
    )
    baseline = {f.fingerprint for f in findings[:30]}
    groups, state, _ = select(findings, None, baseline)
    assert {g.primary.fingerprint for g in groups} == {f.fingerprint for f in findings[30:]}
    assert Counter(state.values()) == {"unchanged": 30, "new": 10}
    analyst = FakeAnalyst()
    result = run(findings, options(repo), store, analyst, baseline=baseline)
    assert len(analyst.calls) == 10 and len(result.scope) == 10


def test_gate_levels(repo: Path, store: VerdictStore) -> None:
    findings = [
        make_finding(1, "app/m1.py", 1, level="error"),  # odd line: TRUE_POSITIVE
        make_finding(2, "app/m1.py", 3, level="warning"),  # TRUE_POSITIVE
        make_finding(3, "app/m1.py", 2, level="error"),  # FALSE_POSITIVE
        make_finding(4, "app/m1.py", 5, level="note"),  # TRUE_POSITIVE, never gates
    ]
    result = run(findings, options(repo), store, FakeAnalyst())
    assert [f.fingerprint for f in gate_failures(result, "error")] == [findings[0].fingerprint]
    assert len(gate_failures(result, "warning")) == 2
    assert gate_failures(result, "never") == []
    no_tp = replace(
        result, verdicts={k: replace(v, verdict="FALSE_POSITIVE") for k, v in result.verdicts.items()}
    )
    assert gate_failures(no_tp, "warning") == []


# --- outputs --------------------------------------------------------------------------------------------


def test_jsonl_one_verdict_per_line(repo: Path, store: VerdictStore) -> None:
    findings = findings_in(5)
    result = run(findings, options(repo), store, FakeAnalyst())
    lines = jsonl_text(result).splitlines()
    assert len(lines) == 5
    rec = json.loads(lines[0])
    assert {
        "fingerprint",
        "verdict",
        "confidence",
        "justification",
        "evidence",
        "path",
        "line",
        "rule_id",
    } <= set(rec)


def test_baseline_state_set_on_results() -> None:
    doc = {
        "runs": [
            {
                "results": [
                    {"fingerprints": {"sastls/v1": "a"}},
                    {"fingerprints": {"sastls/v1": "b"}},
                    {"message": {"text": "no fingerprint"}},
                ]
            }
        ]
    }
    set_baseline_state(doc, {"a": "new", "b": "unchanged"})
    assert [r.get("baselineState") for r in doc["runs"][0]["results"]] == ["new", "unchanged", None]


def test_nofp_path() -> None:
    assert nofp_path(Path("out/t.sarif")) == Path("out/t.nofp.sarif")
    assert nofp_path(Path("out/t")) == Path("out/t.nofp.sarif")


def test_source_reader_stays_in_the_workspace(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("secret\n")
    (repo / "link.py").symlink_to(tmp_path / "secret.txt")
    (repo / "blob.bin").write_bytes(b"\0\1\2")
    read = source_reader(repo)
    assert read("app/m1.py") is not None
    assert read("../secret.txt") is None
    assert read("link.py") is None
    assert read(str(tmp_path / "secret.txt")) is None
    assert read("blob.bin") is None


# --- progress -------------------------------------------------------------------------------------------


def test_plain_progress_prints_periodic_lines() -> None:
    now = [0.0]
    out = io.StringIO()
    p = PlainProgress(out, every=10, clock=lambda: now[0])
    p.start(100)
    v = Verdict(
        "x",
        "TRUE_POSITIVE",
        0.9,
        "",
        "llm",
        usage=Usage(prompt_tokens=900, completion_tokens=100, cost_usd=0.01),
    )
    for i in range(50):
        now[0] = i * 0.5
        p.advance(v)
    p.advance(None)
    p.close()
    lines = out.getvalue().splitlines()
    assert lines[0] == "sastls triage: 100 findings to judge"
    assert len(lines) == 1 + 2 + 1  # start, at 10 s and 20 s, close
    assert lines[-1].startswith(
        "sastls triage: 51/100 findings (51%) 2.1/s ETA 24s | TRUE_POSITIVE 50, SKIPPED 1 | "
        "50,000 tokens, $0.5000"
    )


def test_make_progress_picks_the_display() -> None:
    assert isinstance(make_progress(enabled=False), NullProgress)
    assert isinstance(make_progress(stream=io.StringIO()), PlainProgress)


def test_rich_progress_on_a_terminal() -> None:
    import pty

    from sastls.server.progress import RichProgress

    master, slave = pty.openpty()
    with os.fdopen(slave, "w") as tty:
        p = make_progress(stream=tty)
        assert isinstance(p, RichProgress)
        p.start(2)
        p.advance(Verdict("x", "FALSE_POSITIVE", 0.9, "", "heuristic"))
        p.advance(None)
        p.close()
    os.close(master)


def test_stats_survive_an_empty_run(repo: Path, store: VerdictStore) -> None:
    result = run([], options(repo), store, FakeAnalyst())
    assert result.verdicts == {} and isinstance(result.stats, RunStats) and result.stats.total == 0


def test_same_report_read_from_two_files_is_investigated_once(repo: Path, store: VerdictStore) -> None:
    a = replace(make_finding(1, "app/m1.py", 5, tool="Bandit"), source_file="bandit.sarif")
    b = replace(make_finding(2, "app/m1.py", 5, tool="bandit"), source_file="bandit.json")
    c = replace(make_finding(3, "app/m1.py", 5, tool="bandit", rule="B105"), source_file="bandit.json")
    same_file = replace(make_finding(4, "app/m1.py", 5, tool="bandit"), source_file="bandit.json")
    analyst = FakeAnalyst()
    result = run([a, b, c, same_file], options(repo), store, analyst)
    assert sorted(analyst.calls) == sorted([a.fingerprint, c.fingerprint, same_file.fingerprint])
    assert result.stats.duplicate_of == {b.fingerprint: a.fingerprint}


def test_worker_processes_only_for_big_heuristic_runs(repo: Path) -> None:
    from sastls.server.batch import PROCESS_THRESHOLD, worker_processes
    from sastls.server.batch_workers import chunks

    heuristic = options(repo, jobs=4)
    assert worker_processes(heuristic, PROCESS_THRESHOLD - 1) == 1
    assert worker_processes(heuristic, 10_000) == min(os.cpu_count() or 1, 4)
    assert worker_processes(options(repo, jobs=1), 10_000) == 1
    assert worker_processes(options(repo, processes=3), 2) == 2
    llm = options(repo, jobs=16, config=Config(analyst="llm", model="openai/x"))
    assert worker_processes(llm, 10_000) == 1  # model-bound: one event loop, --jobs concurrent calls
    groups, _, _ = select(findings_in(100), None, None)
    parts = chunks(groups, 2)
    assert 8 <= len(parts) <= 16 and sum(len(p) for p in parts) == 100
    flat = [g.primary.path for p in parts for g in p]
    assert flat == sorted(flat)  # neighbouring files together: each worker parses a file once
