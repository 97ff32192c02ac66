"""``investigate`` end to end with the llm analyst against the scripted model server."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.graph.run import StepEvent, ainvestigate


async def test_normal_investigation(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    events: list[StepEvent] = []
    v = await ainvestigate(R.finding(), project, R.config(scripted_model), on_event=events.append)
    assert v.verdict == "TRUE_POSITIVE"
    assert v.analyst == "llm" and v.model == "openai/scripted"
    assert v.stop_reason is None
    assert v.path_taken == ("agent", "analyze_issue", "comprehensive_evaluation")
    assert v.usage.model_calls == 3 and v.usage.prompt_tokens > 0
    assert [e.path for e in v.evidence] == ["app.py"]
    assert len(scripted_model.requests) == 3 and scripted_model.remaining == 0
    # the pre-fetch put the enclosing function and the trace location in the first prompt
    first = scripted_model.prompts_text(0)
    assert "def run(cmd):" in first and "def handler():" in first
    assert "tools" in scripted_model.requests[0] and "tools" not in scripted_model.requests[1]
    assert [e.node for e in events] == ["agent", "analyze_issue", "comprehensive_evaluation", "end"]
    assert events[0].message == "analyzing" and events[-1].message == "verdict: TRUE_POSITIVE"


async def test_two_fetch_rounds(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.fetch("symbol", symbol="normalize", reason="what does it do to the input?"),
        R.fetch("callers", symbol="handler"),
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    events: list[StepEvent] = []
    v = await ainvestigate(R.finding(), project, R.config(scripted_model), on_event=events.append)
    assert v.verdict == "TRUE_POSITIVE", v.justification
    assert v.path_taken[:4] == ("agent", "fetch_code", "agent", "fetch_code")
    assert "fetching code: normalize()" in [e.message for e in events]
    # the second agent call carries the first tool result (a summary) and the fetched code, fenced,
    # once, in the first message with the rest of the code gathered
    tool_msgs = [m for m in scripted_model.requests[1]["messages"] if m["role"] == "tool"]
    assert len(tool_msgs) == 1 and "app.py:15-16" in tool_msgs[0]["content"]
    code = scripted_model.requests[1]["messages"][1]["content"]
    assert code.count("def normalize(value):") == 1
    assert '<untrusted-code path="app.py" lines="15-16">' in code
    assert json.dumps(scripted_model.requests[1]).count("def normalize(value):") == 1
    assert scripted_model.remaining == 0


async def test_evaluation_not_final_sends_the_agent_back(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    gap = [{"area": "origin of `value`", "reason": "unknown", "suggested_symbols": ["normalize"]}]
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation(
            "NEEDS_REVIEW", is_final=False, gaps=gap, required=[{"symbol": "normalize", "reason": "x"}]
        ),
        R.fetch("symbol", symbol="normalize"),
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    events: list[StepEvent] = []
    v = await ainvestigate(R.finding(), project, R.config(scripted_model), on_event=events.append)
    assert v.verdict == "TRUE_POSITIVE"
    assert "evaluating: gap — origin of `value`" in [e.message for e in events]
    feedback = scripted_model.prompts_text(3)
    assert "origin of `value`" in feedback and "normalize" in feedback


async def test_false_positive_needs_grounded_evidence(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    invented = [
        {"path": "nowhere.py", "start_line": 1, "end_line": 2, "why": "sanitized", "role": "sanitizer"}
    ]
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.analysis("FALSE_POSITIVE", evidence=invented),
        R.evaluation("FALSE_POSITIVE"),
        # sent back once to read the code it cites; it does not, and claims the same again
        R.fetch("symbol", symbol="normalize"),
        R.tool_call("analyze_issue"),
        R.analysis("FALSE_POSITIVE", evidence=invented),
        R.evaluation("FALSE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW"
    assert v.reason == "unsupported false positive"
    assert "has not read (nowhere.py:1-2)" in scripted_model.prompts_text(3)


async def test_false_positive_with_evidence_stands(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    ev = [{"path": "app.py", "start_line": 15, "end_line": 16, "why": "constant", "role": "constant"}]
    scripted_model.add(
        R.fetch("symbol", symbol="normalize"),  # the evidence is read before it is cited
        R.tool_call("analyze_issue"),
        R.analysis("FALSE_POSITIVE", evidence=ev),
        R.evaluation("FALSE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "FALSE_POSITIVE"
    assert v.evidence[0].role == "constant"


async def test_rate_limit_then_success(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.error(429, retry_after=0), R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE")
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.stop_reason is None
    assert len(scripted_model.requests) == 4
    assert v.usage.model_calls == 4  # the refused call is counted


async def test_server_errors_exhaust_retries_and_end_needs_review(
    project: Path, scripted_model: Any, R: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    scripted_model.add(*[R.error(500, retry_after=0)] * 12)
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert capsys.readouterr().out == ""  # litellm's help banner never reaches stdout
    assert v.verdict == "NEEDS_REVIEW"
    assert v.stop_reason == "model_error"
    assert "server" in v.justification
    assert len(scripted_model.requests) == 3  # one call and its 2 retries: then the run ends


async def test_timeout_then_success(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.slow(R.tool_call("analyze_issue"), 8.0), R.tool_call("analyze_issue"), R.analysis(), R.evaluation()
    )
    # the slow reply outlasts the timeout by far; the others stay well inside it on a loaded machine
    # (0.5 s failed once when a normal reply took longer under load and used up the script)
    v = await ainvestigate(R.finding(), project, R.config(scripted_model, request_timeout=2.0))
    assert v.verdict == "TRUE_POSITIVE"
    assert len(scripted_model.requests) == 4


async def test_verdict_lands_in_the_store(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    from sastls.graph.store import VerdictStore

    store = VerdictStore(project / ".sastls" / "verdicts.db")
    try:
        scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
        finding = R.finding()
        v = await ainvestigate(finding, project, R.config(scripted_model), store=store)
        stored = store.get(finding.fingerprint)
        assert stored is not None and stored.verdict == v.verdict == "TRUE_POSITIVE"
        assert stored.content_hash == v.content_hash
    finally:
        store.close()


async def test_llm_without_model_is_a_clear_needs_review(project: Path, R: SimpleNamespace) -> None:
    from dataclasses import replace

    from sastls.analyzers.config import Config

    v = await ainvestigate(R.finding(), project, replace(Config(), analyst="llm", model=None, cascade=False))
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason == "analyst_unavailable"
    assert "model" in v.justification


def test_sync_investigate(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    from sastls.graph.run import investigate

    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    v = investigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    assert json.loads(json.dumps(v.to_dict()))["verdict"] == "TRUE_POSITIVE"


async def test_cost_is_accounted_and_the_budget_breaks(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    # a priced model name (litellm's local cost map) served by the scripted endpoint
    scripted_model.add(R.fetch("symbol", symbol="normalize"), R.fetch("symbol", symbol="handler"))
    config = R.config(scripted_model, model="openai/gpt-4o", budget_usd_per_finding=0.000001)
    v = await ainvestigate(R.finding(), project, config)
    assert v.usage.cost_usd > 0
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason == "budget_exceeded"
    assert len(scripted_model.requests) == 1
