"""The fetch_code node: sandbox refusals reach the model as structured errors; privacy globs hold."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sastls.graph.run import ainvestigate


async def test_path_outside_workspace(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    (project.parent / "outside.py").write_text("SECRET = 'outside-the-root'\n")
    scripted_model.add(
        R.fetch("range", path="../outside.py", start_line=1, end_line=1),
        R.fetch("range", path="/etc/passwd", start_line=1, end_line=2),
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    errs = [json.loads(m["content"]) for m in scripted_model.requests[2]["messages"] if m["role"] == "tool"]
    assert [e["error"] for e in errs] == ["outside_workspace", "outside_workspace"]
    everything = json.dumps(scripted_model.requests)
    assert "outside-the-root" not in everything and "root:x:" not in everything


async def test_outside_paths_count_as_errors(project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(*[R.fetch("range", path=f"../{i}.py", start_line=1) for i in range(3)])
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.stop_reason == "max_error_recovery"


async def test_privacy_globs_keep_code_from_the_model(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.fetch("range", path="secret/keys.py", start_line=1, end_line=2),
        R.fetch("symbol", symbol="token"),
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    config = R.config(scripted_model, privacy_globs=("secret/**",))
    finding = R.finding(trace=(("app.py", 10), ("secret/keys.py", 2)))
    v = await ainvestigate(finding, project, config)
    assert v.verdict == "TRUE_POSITIVE"
    assert "hunter2" not in json.dumps(scripted_model.requests)


async def test_the_offline_facts_can_be_fetched(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.fetch("facts"), R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE")
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    tool = next(m for m in scripted_model.requests[1]["messages"] if m["role"] == "tool")
    assert "offline heuristic opinion" in tool["content"] and "<untrusted-code" in tool["content"]
