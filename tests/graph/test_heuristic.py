"""The heuristic analyst drives the same graph: a faithful, deterministic adapter over the offline
judgement (scripted judgements here; the real one end to end on the example projects)."""

from __future__ import annotations

import glob
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.analyzers.config import Config
from sastls.graph.analysts.heuristic import HeuristicAnalyst, is_conclusive, parse_key
from sastls.graph.run import StepEvent, ainvestigate, ainvestigate_with

PROJECTS = Path(__file__).resolve().parents[1] / "fixtures" / "projects"


@dataclass(frozen=True)
class Item:
    path: str
    start_line: int
    end_line: int
    why: str
    role: str


@dataclass(frozen=True)
class FakeJudgement:
    verdict: str
    confidence: float
    justification: str
    reason: str
    evidence: tuple[Item, ...]
    consulted: tuple[str, ...]


def _analyst(j: FakeJudgement, calls: list[str] | None = None) -> HeuristicAnalyst:
    def judge(finding: Any, index: Any) -> Any:
        if calls is not None:
            calls.append(finding.fingerprint)
        return j

    return HeuristicAnalyst(judge=judge)


async def test_fetches_what_the_judgement_consulted(project: Path, R: SimpleNamespace) -> None:
    j = FakeJudgement(
        "FALSE_POSITIVE",
        0.9,
        "normalize() returns a constant",
        "constant argument",
        (Item("app.py", 15, 16, "returns a constant", "constant"),),
        ("app.py:5-6", "app.py:15-16", "app.py:15-16"),
    )
    calls: list[str] = []
    events: list[StepEvent] = []
    v = await ainvestigate_with(
        _analyst(j, calls), R.finding(trace=()), project, Config(), on_event=events.append
    )
    assert v.verdict == "FALSE_POSITIVE" and v.analyst == "heuristic" and v.model is None
    assert v.reason == "constant argument" and v.evidence[0].role == "constant"
    # 5-6 was pre-fetched (enclosing function of line 6); 15-16 is fetched once
    assert v.path_taken == ("agent", "fetch_code", "agent", "analyze_issue", "comprehensive_evaluation")
    assert "fetching code: app.py:15-16" in [e.message for e in events]
    assert v.usage.model_calls == 0 and v.stop_reason is None
    assert len(set(calls)) == 1 and len(calls) == 1  # judged once per investigation


async def test_fetches_the_evidence_it_cites_outside_what_it_consulted(
    project: Path, R: SimpleNamespace
) -> None:
    """A FALSE_POSITIVE whose evidence lies in code the judgement did not list as consulted (a struct
    member's declaration judged by a write in another function) is fetched with the rest, so the
    verdict is not sent back and then downgraded for citing code the investigation never read."""
    j = FakeJudgement(
        "FALSE_POSITIVE",
        0.9,
        "every write fits",
        "writes fit",
        (Item("app.py", 15, 16, "bounded by its size", "guard"),),
        ("app.py:5-6",),
    )
    v = await ainvestigate_with(_analyst(j), R.finding(trace=()), project, Config())
    assert v.verdict == "FALSE_POSITIVE", v.justification
    assert v.path_taken == ("agent", "fetch_code", "agent", "analyze_issue", "comprehensive_evaluation")


async def test_needs_review_stays_needs_review(project: Path, R: SimpleNamespace) -> None:
    j = FakeJudgement("NEEDS_REVIEW", 0.3, "rule not modelled", "rule not modelled", (), ())
    v = await ainvestigate_with(_analyst(j), R.finding(), project, Config())
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason is None
    assert v.path_taken == ("agent", "analyze_issue", "comprehensive_evaluation")


async def test_false_positive_without_evidence_is_not_accepted(project: Path, R: SimpleNamespace) -> None:
    j = FakeJudgement("FALSE_POSITIVE", 0.9, "trust me", "none", (), ())
    v = await ainvestigate_with(_analyst(j), R.finding(), project, Config())
    assert v.verdict == "NEEDS_REVIEW"


async def test_unknown_evidence_role_becomes_note(project: Path, R: SimpleNamespace) -> None:
    j = FakeJudgement(
        "TRUE_POSITIVE", 0.9, "tainted", "tainted", (Item("app.py", 10, 10, "source", "origin"),), ()
    )
    v = await ainvestigate_with(_analyst(j), R.finding(), project, Config())
    assert v.verdict == "TRUE_POSITIVE" and v.evidence[0].role == "note"


async def test_a_failing_judge_ends_needs_review(project: Path, R: SimpleNamespace) -> None:
    def judge(finding: Any, index: Any) -> Any:
        raise RuntimeError("boom")

    v = await ainvestigate_with(HeuristicAnalyst(judge=judge), R.finding(), project, Config())
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason == "internal_error"


def test_conclusive_and_keys() -> None:
    assert is_conclusive(FakeJudgement("TRUE_POSITIVE", 0.8, "", "", (), ()))  # type: ignore[arg-type]
    assert not is_conclusive(FakeJudgement("TRUE_POSITIVE", 0.5, "", "", (), ()))  # type: ignore[arg-type]
    assert not is_conclusive(FakeJudgement("NEEDS_REVIEW", 1.0, "", "", (), ()))  # type: ignore[arg-type]
    assert parse_key("a/b:c.py:3-9") == ("a/b:c.py", 3, 9)
    assert parse_key("a.py:7") == ("a.py", 7, 7)
    assert parse_key("nonsense") is None


# ----------------------------------------------------------------------------- end to end, real judgement


def _project_findings(name: str) -> tuple[Path, list[Any]]:
    from sastls.analyzers.findings.load import load_findings

    root = PROJECTS / name
    files = sorted(glob.glob(str(root / "findings" / "*")))
    result = load_findings(files, root)
    assert result.findings, f"no findings loaded for {name}: {result.errors[:3]}"
    return root, result.findings


@pytest.mark.parametrize("name", ["pyapp", "cproj"])
async def test_end_to_end_on_example_projects(name: str) -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding

    root, findings = _project_findings(name)
    index = WorkspaceIndex(root)
    config = Config()
    for f in findings:
        v = await ainvestigate(f, root, config, index=index)
        expected = judge_finding(f, WorkspaceIndex(root))
        assert v.analyst == "heuristic" and v.usage.model_calls == 0
        assert v.stop_reason is None, (f.path, f.line, v.justification)
        assert v.path_taken[0] == "agent" and v.path_taken[-1] == "comprehensive_evaluation"
        if expected.verdict == "FALSE_POSITIVE" and expected.evidence:
            assert v.verdict == "FALSE_POSITIVE" and v.evidence, (f.path, f.line)
        else:
            assert v.verdict == expected.verdict or (
                expected.verdict == "FALSE_POSITIVE" and v.verdict == "NEEDS_REVIEW"
            )
        assert v.content_hash


async def test_cascade_decides_conclusive_findings_without_a_model(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding

    (project / "const.py").write_text(
        'import subprocess\n\n\ndef ls():\n    return subprocess.call("ls -l", shell=True)\n'
    )
    constant = R.finding(path="const.py", line=5, trace=())
    unmodelled = replace(R.finding(), rule_id="X-UNKNOWN-1", cwe=(), fingerprint="fp-unmodelled")
    index = WorkspaceIndex(project)
    assert is_conclusive(judge_finding(constant, index)), "the constant case must be conclusive offline"
    assert not is_conclusive(judge_finding(unmodelled, index))
    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    config = R.config(scripted_model, cascade=True)
    by_heuristic = await ainvestigate(constant, project, config, index=index)
    by_model = await ainvestigate(unmodelled, project, config, index=index)
    assert by_heuristic.analyst == "heuristic" and by_heuristic.usage.model_calls == 0
    assert by_model.analyst == "llm" and by_model.usage.model_calls == 3
    assert len(scripted_model.requests) == 3
