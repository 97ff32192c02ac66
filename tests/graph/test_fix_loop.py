"""The fix loop end to end: a scripted model on 127.0.0.1 proposes patches, the real bandit verifies."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.analyzers.config import Config, FixConfig
from sastls.analyzers.findings.model import Finding
from sastls.analyzers.scanners import run_scanner
from sastls.graph.fix_loop import afix, route_after_verify, stuck_reason
from sastls.graph.run import StepEvent
from sastls.graph.store import VerdictStore

APP = """\
import subprocess


def run(name):
    return subprocess.call("echo " + name, shell=True)
"""
GOOD = '    return subprocess.call(["echo", name])'
NO_PARSE = '    return subprocess.call(["echo", name]'
NO_PARSE_2 = '    return subprocess.call(["echo", name)'
LEAVES = '    return subprocess.call("echo  " + name, shell=True)'
LEAVES_2 = '    return subprocess.call("echo   " + name, shell=True)'
LEAVES_3 = '    return subprocess.call("echo    " + name, shell=True)'
ADDS = '    return subprocess.call(["echo", name]) or os.system("echo " + name)'
BREAKS = '    return subprocess.call(["false", name])'
TEST_CMD = "python -c \"import app, sys; sys.exit(0 if app.run('hi') == 0 else 1)\""


def patch(line: str, description: str = "use an argument list") -> dict[str, Any]:
    return {
        "description": description,
        "edits": [{"path": "app.py", "start_line": 5, "end_line": 5, "replacement": line + "\n"}],
    }


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "app.py").write_text(APP)
    return root


@pytest.fixture
def shadow_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Temporary directories go here, so the test can check that none is left behind."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    yield tmp
    assert list(tmp.iterdir()) == [], "temporary directories left behind"


@pytest.fixture
def finding(ws: Path) -> Finding:
    found = run_scanner("bandit", ["app.py"], ws)
    assert found.ok, found.errors
    (f,) = [f for f in found.findings if f.rule_id == "B602"]
    return f


def cfg(model: Any, R: SimpleNamespace, test_command: str | None = None) -> Config:
    config: Config = R.config(model)
    return replace(config, fix=FixConfig(test_command=test_command, test_timeout=60.0))


def answers(model: Any, R: SimpleNamespace, *lines: str) -> None:
    model.add(*(R.text(json.dumps(patch(line, f"patch {i}"))) for i, line in enumerate(lines, 1)))


async def test_success_after_one_retry(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, GOOD)
    events: list[StepEvent] = []
    fix = await afix(finding, ws, cfg(scripted_model, R), on_event=events.append)
    assert fix.verified and fix.stop_reason == "verified"
    assert [a.verified for a in fix.attempts] == [False, True]
    assert fix.attempts[0].error.startswith("parse: app.py no longer parses")
    assert '+    return subprocess.call(["echo", name])' in fix.diff
    assert [c["name"] for c in fix.verification["checks"]] == ["apply", "scope", "parse", "rescan", "tests"]
    assert fix.changes() == [("app.py", 5, 1, 6, 1, GOOD + "\n")]
    # the retry was shown the failure: the error, the failed patch and the code around it
    retry = scripted_model.prompts_text(1)
    assert "no longer parses" in retry and 'call(["echo", name]' in retry and "5 | " in retry
    assert "Correct it" in retry
    assert any(e.node == "verify" and "verified" in e.message for e in events)
    assert (ws / "app.py").read_text() == APP  # never the user's files


async def test_patch_that_leaves_the_finding(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert fix.attempts[0].error.startswith("rescan: bandit still reports B602 at app.py:5")
    assert "The scanner now reports" in scripted_model.prompts_text(1)


async def test_patch_that_adds_a_new_finding(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, ADDS, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert fix.attempts[0].error.startswith("rescan: the patch adds bandit B605 (HIGH) at app.py:5")


async def test_patch_that_breaks_a_test(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, BREAKS, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R, TEST_CMD))
    assert fix.verified
    assert fix.attempts[0].error.startswith("tests: the tests passed before the patch and fail after it")
    assert "The end of the test output" in scripted_model.prompts_text(1)
    tests = fix.verification["checks"][-1]
    assert tests["name"] == "tests" and tests["ok"] and tests["command"] == TEST_CMD


async def test_same_error_three_times_stops(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, LEAVES_2, LEAVES_3, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified and not fix.edits
    assert fix.stop_reason.startswith("stuck: the same verification error 3 times in a row")
    assert len(fix.attempts) == 3 and scripted_model.remaining == 1


async def test_oscillation_stops(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, NO_PARSE, LEAVES, NO_PARSE, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert fix.stop_reason.startswith("stuck: oscillating between two patches")
    assert [a.repeated for a in fix.attempts] == [False, False, True, True]


async def test_no_new_patch_content_stops(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, NO_PARSE, NO_PARSE, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert fix.stop_reason == "stuck: no new patch content in 2 attempts"


async def test_success_after_regeneration(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, LEAVES, NO_PARSE_2, LEAVES_2, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert [a.phase for a in fix.attempts] == ["propose"] * 4 + ["regenerate"]
    last = scripted_model.prompts_text(4)
    assert "explicitly DIFFERENT approach" in last
    assert all(f"Attempt {n}" in last for n in range(1, 5))  # every failed patch is shown


async def test_regeneration_that_fails_ends_with_the_reason(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, LEAVES, NO_PARSE_2, LEAVES_2, LEAVES_3)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified and len(fix.attempts) == 5
    assert fix.stop_reason.startswith("no verified fix after 5 attempts")
    assert "rescan: bandit still reports B602" in fix.stop_reason


async def test_invalid_output_is_retried_within_the_budget(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    scripted_model.add(
        R.text("Sure! Here is the fix: use a list."),
        R.text(json.dumps({"description": "x", "edits": [{"path": "app.py", "start_line": 5}]})),
        R.text(json.dumps(patch(GOOD))),
    )
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and len(fix.attempts) == 3
    assert fix.attempts[0].error.startswith("proposal: invalid patch from the model: not JSON")
    assert "'end_line' is a required property" in fix.attempts[1].error


async def test_patch_outside_the_function_is_refused(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    wide = {
        "description": "x",
        "edits": [
            {"path": "app.py", "start_line": 5, "end_line": 5, "replacement": GOOD + "\n"},
            {"path": "app.py", "start_line": 6, "end_line": 5, "replacement": "\nPATCHED = True\n"},
        ],
    }
    scripted_model.add(R.text(json.dumps(wide)), R.text(json.dumps(patch(GOOD))))
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and fix.attempts[0].error.startswith("scope: edit at lines 6")


async def test_known_fixes_are_recorded_and_shown(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path, tmp_path: Path
) -> None:
    store = VerdictStore(tmp_path / "store" / "verdicts.db")
    try:
        answers(scripted_model, R, NO_PARSE, GOOD)
        first = await afix(finding, ws, cfg(scripted_model, R), store=store)
        assert first.verified
        (known,) = store.known_fixes("B602")
        assert known["change"] == first.diff and known["error"].startswith("parse:")
        answers(scripted_model, R, GOOD)
        await afix(finding, ws, cfg(scripted_model, R), store=store)
        assert "verified before for this rule" in scripted_model.prompts_text(2)
        # the same change verified again, now at the first attempt (no error to learn from): its own row
        assert {(k["error"][:6], k["times_verified"]) for k in store.known_fixes("B602")} == {
            ("parse:", 1),
            ("", 1),
        }
    finally:
        store.close()


async def test_model_down_ends_without_a_fix(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    scripted_model.add(*[R.error(400)] * 3)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert "model call failed" in fix.stop_reason


def test_routing_is_pure() -> None:
    assert route_after_verify({"status": "verified", "phase": "propose"}) == "end"
    assert route_after_verify({"status": "running", "phase": "propose", "pending": {}}) == "propose"
    assert route_after_verify(
        {"status": "running", "phase": "propose", "pending": {"next": "regenerate"}}
    ) == ("regenerate")
    assert route_after_verify({"status": "running", "phase": "regenerate"}) == "end"
    assert stuck_reason(["a", "b", "a", "b"], 1, 2, "x") is not None
    assert stuck_reason(["a", "b", "c", "d"], 2, 0, "x") is None
    assert (
        stuck_reason(["a", "b", "c"], 3, 0, "e") == "stuck: the same verification error 3 times in a row (e)"
    )


async def test_code_is_fenced_and_private_files_never_reach_the_model(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, GOOD)
    await afix(finding, ws, cfg(scripted_model, R))
    first = scripted_model.prompts_text(0)
    assert '<untrusted-code path="app.py"' in first
    assert '5 |     return subprocess.call("echo " + name' in first
    private = replace(cfg(scripted_model, R), privacy_globs=("app.py",))
    answers(scripted_model, R, GOOD)
    fix = await afix(finding, ws, private)
    assert not fix.verified and "privacy_globs" in fix.stop_reason
    assert len(scripted_model.requests) == 1  # only the first run asked the model


async def test_offline_proposer_is_the_default(ws: Path, finding: Finding, shadow_root: Path) -> None:
    fix = await afix(finding, ws, Config())
    assert fix.verified and fix.proposer == "offline" and len(fix.attempts) == 1
    assert 'subprocess.call(["echo", name])' in fix.diff
