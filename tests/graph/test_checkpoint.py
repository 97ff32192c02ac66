"""Resume: an investigation interrupted by a SIGKILL or an exception continues from its checkpoint
without redoing finished nodes (the scripted model sees every call exactly once)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.graph.run import ainvestigate, checkpoint_path

CHILD = """
import asyncio, json, sys
from dataclasses import replace
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.run import ainvestigate

ws, api = sys.argv[1], sys.argv[2]
finding = Finding(tool="bandit", rule_id="B602", message="shell=True", location=Location("app.py", Region(6)),
                  fingerprint="fp-resume")
config = replace(Config(), analyst="llm", model="openai/scripted", api_base=api, cascade=False,
                 request_timeout=120)
verdict = asyncio.run(ainvestigate(finding, ws, config))
print(json.dumps(verdict.to_dict()))
"""


def _first_agent_calls(requests: list[dict[str, Any]]) -> int:
    """Requests that are the very first agent decision (tools offered, no tool result yet)."""
    return sum(1 for r in requests if "tools" in r and not any(m["role"] == "tool" for m in r["messages"]))


def _child(tmp_path: Path, project: Path, api_base: str) -> subprocess.Popen[str]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    return subprocess.Popen(
        [sys.executable, str(script), str(project), api_base],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def test_resume_after_sigkill(tmp_path: Path, project: Path, scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(
        R.fetch("symbol", symbol="normalize"),
        R.slow(R.tool_call("analyze_issue"), 120.0),  # the process is killed while waiting for this one
        R.tool_call("analyze_issue", call_id="call_after_resume"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    proc = _child(tmp_path, project, scripted_model.api_base)
    deadline = time.monotonic() + 90
    while len(scripted_model.requests) < 2:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(
                f"child ended or stalled before the second model call: {proc.communicate()[1][-2000:]}"
            )
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert checkpoint_path(project, R.config(scripted_model), "fp-resume").exists()

    rerun = _child(tmp_path, project, scripted_model.api_base)
    out, err = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, err[-3000:]
    verdict = json.loads(out.strip().splitlines()[-1])
    assert verdict["verdict"] == "TRUE_POSITIVE"
    # the first, completed agent call and the fetch were not redone
    assert _first_agent_calls(scripted_model.requests) == 1
    assert len(scripted_model.requests) == 5 and scripted_model.remaining == 0
    assert verdict["path_taken"] == [
        "agent",
        "fetch_code",
        "agent",
        "analyze_issue",
        "comprehensive_evaluation",
    ]


async def test_resume_after_exception(
    project: Path, scripted_model: Any, R: SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sastls.graph.analysts.llm import LlmAnalyst

    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    original = LlmAnalyst.analyze

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(LlmAnalyst, "analyze", broken)
    first = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert first.verdict == "NEEDS_REVIEW" and first.stop_reason == "internal_error"
    assert "disk on fire" in first.justification
    assert len(scripted_model.requests) == 1

    monkeypatch.setattr(LlmAnalyst, "analyze", original)
    second = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert second.verdict == "TRUE_POSITIVE"
    assert len(scripted_model.requests) == 3  # the agent's decision was not asked again
    assert _first_agent_calls(scripted_model.requests) == 1

    # a finished investigation leaves no checkpoint: the next one starts afresh
    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    third = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert third.verdict == "TRUE_POSITIVE" and _first_agent_calls(scripted_model.requests) == 2


async def test_a_resume_that_fails_again_starts_afresh_next_time(
    project: Path, scripted_model: Any, R: SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sastls.graph.analysts.llm import LlmAnalyst

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("still broken")

    monkeypatch.setattr(LlmAnalyst, "analyze", broken)
    scripted_model.add(R.tool_call("analyze_issue"))
    assert (
        await ainvestigate(R.finding(), project, R.config(scripted_model))
    ).stop_reason == "internal_error"
    assert (
        await ainvestigate(R.finding(), project, R.config(scripted_model))
    ).stop_reason == "internal_error"
    assert len(scripted_model.requests) == 1  # the second run resumed (no new agent call) and failed
    monkeypatch.undo()
    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(), R.evaluation("TRUE_POSITIVE"))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and _first_agent_calls(scripted_model.requests) == 2


async def test_cancelled_investigation_resumes(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    import asyncio

    scripted_model.add(
        R.fetch("symbol", symbol="normalize"),
        R.slow(R.tool_call("analyze_issue"), 30.0),  # cancelled while waiting for this answer
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.evaluation("TRUE_POSITIVE"),
    )
    task = asyncio.create_task(
        ainvestigate(R.finding(), project, R.config(scripted_model, request_timeout=60))
    )
    for _ in range(600):
        if len(scripted_model.requests) >= 2:
            break
        await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert checkpoint_path(project, R.config(scripted_model), R.finding().fingerprint).exists()
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    assert _first_agent_calls(scripted_model.requests) == 1
    assert v.path_taken == ("agent", "fetch_code", "agent", "analyze_issue", "comprehensive_evaluation")
