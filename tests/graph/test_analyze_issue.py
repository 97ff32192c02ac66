"""analyze_issue / comprehensive_evaluation outputs are validated; invalid ones are re-asked, then counted."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sastls.graph.run import ainvestigate


async def test_malformed_json_then_recovery(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.text('{"investigation_result": "TRUE_POSITIVE", "justification": "x", '),  # truncated JSON
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.stop_reason is None
    assert v.path_taken == ("agent", "analyze_issue", "comprehensive_evaluation")
    # the re-ask shows the model its answer and exactly what was wrong with it
    reask = scripted_model.requests[2]["messages"]
    assert reask[-2]["role"] == "assistant" and reask[-2]["content"].startswith('{"investigation_result"')
    assert reask[-1]["role"] == "user" and "not JSON" in reask[-1]["content"]
    assert v.usage.model_calls == 4


async def test_an_invalid_label_is_reasked_with_the_schema_error(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.text("```json\n" + json.dumps({"investigation_result": "MAYBE", "justification": "x"}) + "\n```"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    reask = scripted_model.requests[2]["messages"][-1]["content"]
    assert "investigation_result: 'MAYBE' is not one of" in reask and "confidence" in reask


async def test_invalid_analysis_after_reasks_counts_an_error(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("analyze_issue"),
        *[R.text("I cannot tell yet.")] * 2,  # 1 + max_reasks (1) attempts
        R.evaluation("TRUE_POSITIVE", is_final=False),
        R.text("no tool call"),
    )
    config = R.config(scripted_model, max_error_recovery=2)
    v = await ainvestigate(R.finding(), project, config)
    assert v.verdict == "NEEDS_REVIEW" and v.stop_reason == "max_error_recovery"
    assert "invalid analysis" in v.justification or "tool call" in v.justification


async def test_evaluation_reasked_when_invalid(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.text(json.dumps({"is_final": "yes", "verdict": "TRUE_POSITIVE"})),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    reask = scripted_model.requests[3]["messages"][-1]["content"]
    assert "'confidence' is a required property" in reask and "is_final" not in reask  # "yes" is true


async def test_an_analysis_sent_as_a_function_call_is_read(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    result = {
        "investigation_result": "TRUE_POSITIVE",
        "justification": "x",
        "evidence": [],
        "confidence": 0.8,
    }
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.tool_call("submit_analysis", result),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 3
