"""The agent node's breakers and error handling, driven through the scripted model."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sastls.graph.run import ainvestigate


async def test_no_tool_call_three_times_breaks(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(R.text("I think it is fine."), R.text("Really fine."), R.text("Let me think again."))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW"
    assert v.stop_reason == "max_error_recovery"
    assert v.path_taken == ("agent", "agent", "agent", "agent", "comprehensive_evaluation")
    assert len(scripted_model.requests) == 3
    # after each miss the model was told to make a tool call
    last = scripted_model.requests[2]["messages"]
    assert sum(1 for m in last if m["role"] == "user" and "did not contain a tool call" in m["content"]) == 2


async def test_duplicate_call_breaks(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.fetch("symbol", symbol="normalize", reason="first"),
        R.fetch("symbol", symbol=" normalize ", reason="asking again in other words"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW"
    assert v.stop_reason == "duplicate_tool_call"
    assert v.path_taken == ("agent", "fetch_code", "agent", "comprehensive_evaluation")
    assert scripted_model.remaining == 0


async def test_fifteen_tool_calls_break(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    calls = [R.fetch("range", path="app.py", start_line=i, end_line=i) for i in range(1, 16)]
    scripted_model.add(*calls, R.tool_call("analyze_issue"))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW"
    assert v.stop_reason == "max_iterations"
    assert len(scripted_model.requests) == 15  # the 16th decision is never asked for
    assert v.path_taken.count("fetch_code") == 15


async def test_lower_max_iterations_is_honoured(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(*[R.fetch("range", path="app.py", start_line=i, end_line=i) for i in range(1, 5)])
    v = await ainvestigate(R.finding(), project, R.config(scripted_model, max_iterations=3))
    assert v.stop_reason == "max_iterations" and len(scripted_model.requests) == 3


async def test_unknown_tool_is_a_structured_error(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("run_shell", {"cmd": "cat /etc/passwd"}),
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    tool_msgs = [m for m in scripted_model.requests[1]["messages"] if m["role"] == "tool"]
    err = json.loads(tool_msgs[0]["content"])
    assert err["error"] == "unknown_tool" and "fetch_code" in err["tools"]


async def test_malformed_tool_arguments_are_reported(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("fetch_code", '{"kind": "symbol", "symbol": '),
        R.tool_call("fetch_code", {"kind": "symbol"}),  # schema: symbol missing
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    errs = [json.loads(m["content"]) for m in scripted_model.requests[2]["messages"] if m["role"] == "tool"]
    assert [e["error"] for e in errs] == ["bad_arguments", "bad_arguments"]
    assert "not valid JSON" in errs[0]["message"] and "symbol" in errs[1]["message"]


async def test_errors_never_default_to_a_verdict(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(R.tool_call("nope"), R.tool_call("nope2"), R.tool_call("nope3"))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason == "max_error_recovery"


async def test_worst_case_path_ends_by_breaker_not_recursion_limit(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    """Every tool call an analysis (3 graph steps each) that stays inconclusive: still the breaker ends it."""
    gap = [{"area": "more", "reason": "unclear", "suggested_symbols": []}]
    for i in range(1, 9):
        scripted_model.add(
            R.fetch("range", path="app.py", start_line=i, end_line=i),
            R.tool_call("analyze_issue"),
            R.analysis(),
            R.evaluation("TRUE_POSITIVE", is_final=False, gaps=gap),
        )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.stop_reason == "max_iterations" and v.verdict == "NEEDS_REVIEW"
    assert scripted_model.remaining == 3  # the 16th tool call was never asked for
    assert "TRUE_POSITIVE" in v.justification  # the last analysis is reported, not turned into a verdict


async def test_a_tool_call_written_as_json_text_is_accepted(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    """Models without native tool calling (some local servers) write the call as JSON."""
    scripted_model.add(
        R.text(
            '```json\n{"name": "fetch_code", "arguments": {"kind": "symbol", "symbol": "normalize"}}\n```'
        ),
        R.text('{"name": "analyze_issue", "arguments": {}}'),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    assert v.path_taken[:2] == ("agent", "fetch_code")
    tool = next(m for m in scripted_model.requests[1]["messages"] if m["role"] == "tool")
    assert "app.py:15-16" in tool["content"]  # the result names what was fetched ...
    assert "def normalize(value):" in scripted_model.requests[1]["messages"][1]["content"]  # ... shown once
