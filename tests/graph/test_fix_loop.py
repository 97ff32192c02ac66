"""The fix loop end to end: a scripted model on 127.0.0.1 proposes patches, the real bandit verifies.

The finding (B602, a command built in one place and reused) has no offline rewrite, so the loop goes
from its local phase to the model; the cases where the offline rewrite holds are tested too (no model
call at all). Scripted models propose stubs, behaviour changes, oscillating pairs, weak password
hashes; none of them may end "verified".
"""

from __future__ import annotations

import json
import shlex
import sys
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
from sastls.graph.fix.patch import line_edit, patch_hash
from sastls.graph.fix_loop import afix, instruction_for, next_phase, route_after_verify, stuck_reason
from sastls.graph.run import StepEvent
from sastls.graph.store import VerdictStore

# the tests' commands run this interpreter: a fresh machine may have no `python` on PATH (Debian has python3)
PY = shlex.quote(sys.executable)

APP = """\
import os
import subprocess


def run(name):
    cmd = "echo " + name
    print(cmd, os.getcwd(), subprocess.DEVNULL)
    return subprocess.call(cmd, shell=True)
"""
SINK = 8
GOOD = '    return subprocess.call(["echo", name])'
NO_PARSE = '    return subprocess.call(["echo", name]'
NO_PARSE_2 = '    return subprocess.call(["echo", name)'
LEAVES = '    return subprocess.call("echo  " + name, shell=True)'
LEAVES_2 = '    return subprocess.call("echo   " + name, shell=True)'
LEAVES_3 = '    return subprocess.call("echo    " + name, shell=True)'
LEAVES_4 = '    return subprocess.call("echo     " + name, shell=True)'


def leaves(n: int) -> str:
    return f'    return subprocess.call("echo{" " * n}" + name, shell=True)'


ADDS = '    return subprocess.call(["echo", name]) or os.system("echo " + name)'
BREAKS = '    return subprocess.call(["false", name])'
STUB = "    return 0  # removed: unsafe"
DROPS_DATA = '    return subprocess.call(["echo"])'
SHELL_FALSE = "    return subprocess.call(cmd, shell=False)"
UNDEFINED = '    return subprocess.call(shlex.split("echo " + name))'
TEST_CMD = f"{PY} -c \"import app, sys; sys.exit(0 if app.run('hi') == 0 else 1)\""


def patch(line: str, description: str = "use an argument list", at: int = SINK) -> dict[str, Any]:
    return {
        "description": description,
        "edits": [{"path": "app.py", "start_line": at, "end_line": at, "replacement": line + "\n"}],
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


def _bandit(ws: Path, rule: str, path: str = "app.py") -> Finding:
    found = run_scanner("bandit", [path], ws)
    assert found.ok, found.errors
    (f,) = [f for f in found.findings if f.rule_id == rule]
    return f


@pytest.fixture
def finding(ws: Path) -> Finding:
    return _bandit(ws, "B602")


def cfg(server: Any, R: SimpleNamespace, test_command: str | None = None, **overrides: Any) -> Config:
    config: Config = R.config(server, **overrides)
    return replace(config, fix=FixConfig(test_command=test_command, test_timeout=60.0))


def answers(model: Any, R: SimpleNamespace, *lines: str) -> None:
    model.add(*(R.text(json.dumps(patch(line, f"patch {i}"))) for i, line in enumerate(lines, 1)))


async def test_success_after_one_retry(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, GOOD)
    events: list[StepEvent] = []
    fix = await afix(finding, ws, cfg(scripted_model, R), on_event=events.append)
    assert fix.verified and fix.stop_reason == "verified" and fix.level == "scanner-clean"
    assert [a.verified for a in fix.attempts] == [False, True]
    assert [a.phase for a in fix.attempts] == ["propose", "propose"]
    assert fix.attempts[0].error.startswith("parse: app.py no longer parses")
    assert '+    return subprocess.call(["echo", name])' in fix.diff
    names = [c["name"] for c in fix.verification["checks"]]
    assert names == ["apply", "scope", "parse", "names", "semantics", "rescan", "tests"]
    assert fix.verification["level"] == "scanner-clean" and fix.migration == ""
    assert fix.changes() == [("app.py", SINK, 1, SINK + 1, 1, GOOD + "\n")]
    # the retry was shown the failure: the error, the failed patch and the ORIGINAL code around it
    retry = scripted_model.prompts_text(1)
    assert "no longer parses" in retry and 'call(["echo", name]' in retry
    assert f"{SINK} |     return subprocess.call(cmd, shell=True)" in retry
    assert "Correct it" in retry
    assert any(e.node == "verify" and "verified (scanner-clean)" in e.message for e in events)
    assert fix.notes and fix.notes[0].startswith("local phase over: not auto-fixable")
    assert fix.usage.model_calls == 2 == len(scripted_model.requests)
    assert (ws / "app.py").read_text() == APP  # never the user's files


async def test_failure_context_is_numbered_by_the_original_file(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    """Three lines inserted above the sink, which stays: the scanner's line is mapped back."""
    inserted = {
        "description": "validate first",
        "edits": [
            {
                "path": "app.py",
                "start_line": SINK,
                "end_line": SINK - 1,
                "replacement": "    if not name:\n        raise ValueError(name)\n    name = name.strip()\n",
            }
        ],
    }
    scripted_model.add(R.text(json.dumps(inserted)), R.text(json.dumps(patch(GOOD))))
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    error = fix.attempts[0].error
    assert error.startswith(
        f"rescan: bandit still reports B602 at app.py:{SINK} (line {SINK + 3} after the patch)"
    )
    retry = scripted_model.prompts_text(1)
    assert f"line {SINK} of the original app.py (line {SINK + 3} of your patched file)" in retry
    assert f'<untrusted-code path="app.py" lines="1-{SINK}">' in retry  # the label is the block shown
    assert f"app.py:{SINK}: subprocess call with shell=True" in retry  # scanner output, original lines
    assert (
        "raise ValueError" not in retry.split("The ORIGINAL code around it")[1].split("</untrusted-code>")[0]
    )


async def test_patch_that_adds_a_new_finding(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, ADDS, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert fix.attempts[0].error.startswith("rescan: the patch adds bandit B605 (HIGH) at app.py:8")


async def test_undefined_names_are_caught_by_pyflakes(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, UNDEFINED, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert fix.attempts[0].error.startswith("names: undefined name 'shlex' at app.py:8")


async def test_tested_level_needs_the_tests_to_run_and_pass(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, BREAKS, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R, TEST_CMD))
    assert fix.verified and fix.level == "tested"
    assert fix.attempts[0].error.startswith("tests: the tests passed before the patch and fail after it")
    assert "The end of the test output" in scripted_model.prompts_text(1)
    tests = fix.verification["checks"][-1]
    assert tests["name"] == "tests" and tests["ok"] and tests["command"] == TEST_CMD
    # a test command that selects no test is not a pass: the fix is only scanner-clean
    answers(scripted_model, R, GOOD)
    none = await afix(finding, ws, cfg(scripted_model, R, f"{PY} -m pytest -q -p no:cacheprovider"))
    assert none.verified and none.level == "scanner-clean"
    assert "ran no test" in none.verification["checks"][-1]["detail"]


async def test_stubs_are_never_a_fix(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    """Deleting the call, or keeping it without its data, silences the scanner and is rejected."""
    answers(scripted_model, R, STUB, DROPS_DATA, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and len(fix.attempts) == 3
    assert fix.attempts[0].error.startswith("semantics: sink: the call subprocess.call() at line 8 is gone")
    assert fix.attempts[1].error.startswith("semantics: sink: subprocess.call() no longer receives name")


# Stubs that keep the sink's text in a safe form with its inputs: pyflakes, the scanner (B602 gone, only
# low-severity B603/B607 left) and the sink/signature checks all pass them; they never run the command,
# or run it on a constant.
DISGUISED = [
    '    raise RuntimeError("command runner disabled")\n    return subprocess.call(["echo", name])',
    '    return subprocess.call(["echo", name]) if 0 else 0',
    '    name = "-n"\n    return subprocess.call(["echo", name])',
    '    def go():\n        return subprocess.call(["echo", name])\n    return 0',
]


async def test_disguised_stubs_are_never_a_fix(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    """A sink kept where it never runs, or fed a constant, is rejected by the semantic check."""
    answers(scripted_model, R, *DISGUISED, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and fix.level == "scanner-clean" and len(fix.attempts) == 5
    for a in fix.attempts[:4]:
        assert a.error.startswith("semantics: sink: subprocess.call() "), a.error
        assert "never runs" in a.error or "no longer does its work" in a.error, a.error
    assert '["echo", name]' in fix.diff and "raise" not in fix.diff


async def test_shell_false_on_a_string_is_never_a_fix(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, SHELL_FALSE, SHELL_FALSE.replace(", shell=False", ""), GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and len(fix.attempts) == 3
    for a in fix.attempts[:2]:
        assert a.error.startswith("semantics: behaviour: subprocess.call() now gets a string command"), (
            a.error
        )


async def test_only_stubs_and_behaviour_changes_end_unverified(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    """A model that only ever proposes bad patches: both phases run out, nothing is offered."""
    bad = [STUB, DROPS_DATA, SHELL_FALSE, "    return None"]
    answers(scripted_model, R, *bad, *[b + "  # again" for b in bad])
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified and not fix.edits and fix.level == ""
    assert [a.phase for a in fix.attempts] == ["propose"] * 4 + ["regenerate"] * 4
    assert fix.stop_reason.startswith("no verified fix after 8 attempts")
    assert all(a.error.startswith("semantics:") for a in fix.attempts)


async def test_same_error_three_times_moves_to_regeneration(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, LEAVES_2, LEAVES_3, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert [a.phase for a in fix.attempts] == ["propose"] * 3 + ["regenerate"]
    assert fix.notes[-1].startswith("propose phase over: stuck: the same verification error 3 times")
    assert "explicitly DIFFERENT approach" in scripted_model.prompts_text(3)


async def test_stuck_in_the_last_phase_ends(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, LEAVES_2, LEAVES_3, NO_PARSE, leaves(10), leaves(11), leaves(12), GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert [a.phase for a in fix.attempts] == ["propose"] * 3 + ["regenerate"] * 4
    assert fix.stop_reason.startswith("stuck: the same verification error 3 times in a row")
    assert scripted_model.remaining == 1


async def test_oscillating_pair_moves_on_then_regeneration_fixes(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, NO_PARSE, LEAVES, NO_PARSE, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert [a.repeated for a in fix.attempts] == [False, False, True, True, False]
    assert fix.notes[-1].startswith("propose phase over: stuck: oscillating between two patches")
    last = scripted_model.prompts_text(4)
    assert "explicitly DIFFERENT approach" in last
    assert all(f"Attempt {n}" in last for n in range(1, 5))  # every failed patch is shown


async def test_oscillating_in_both_phases_ends(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, LEAVES, NO_PARSE, LEAVES, NO_PARSE, LEAVES_2, NO_PARSE_2, LEAVES_2, NO_PARSE_2)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert fix.stop_reason.startswith("stuck: oscillating between two patches")
    assert len(fix.attempts) == 8 and fix.usage.model_calls == 8


async def test_no_new_patch_content_moves_on(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, NO_PARSE, NO_PARSE, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert fix.notes[-1].startswith("propose phase over: stuck: no new patch content in 2 attempts (the last")


async def test_regeneration_gets_its_own_retries(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, NO_PARSE, LEAVES, NO_PARSE_2, LEAVES_2, LEAVES_3, NO_PARSE, GOOD)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified
    assert [a.phase for a in fix.attempts] == ["propose"] * 4 + ["regenerate"] * 3
    assert "explicitly DIFFERENT approach" in scripted_model.prompts_text(4)
    assert "Correct it" in scripted_model.prompts_text(5) and "Correct it" in scripted_model.prompts_text(6)


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
            {"path": "app.py", "start_line": SINK, "end_line": SINK, "replacement": GOOD + "\n"},
            {"path": "app.py", "start_line": SINK + 1, "end_line": SINK, "replacement": "\nPATCHED = True\n"},
        ],
    }
    scripted_model.add(R.text(json.dumps(wide)), R.text(json.dumps(patch(GOOD))))
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert fix.verified and fix.attempts[0].error.startswith("scope: edit at lines 9")


async def test_only_tested_fixes_become_known_fixes(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path, tmp_path: Path
) -> None:
    store = VerdictStore(tmp_path / "store" / "verdicts.db")
    try:
        answers(scripted_model, R, NO_PARSE, GOOD)
        clean = await afix(finding, ws, cfg(scripted_model, R), store=store)
        assert clean.verified and clean.level == "scanner-clean"
        assert store.known_fixes("B602") == []  # no test ran: not trusted
        answers(scripted_model, R, BREAKS, GOOD)
        tested = await afix(finding, ws, cfg(scripted_model, R, TEST_CMD), store=store)
        assert tested.level == "tested"
        (known,) = store.known_fixes("B602")
        assert known["change"] == tested.diff and known["trust"] == "tested"
        assert known["error"].startswith("tests: the tests passed before the patch")
        answers(scripted_model, R, GOOD)
        await afix(finding, ws, cfg(scripted_model, R), store=store)
        shown = scripted_model.prompts_text(len(scripted_model.requests) - 1)
        assert "trusted before" in shown and "passed the project's tests (1 time(s))" in shown
        assert "An attempt before it failed with: tests: the tests passed before the patch" in shown
    finally:
        store.close()


async def test_model_down_ends_without_a_fix(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    scripted_model.add(*[R.error(400)] * 3)
    fix = await afix(finding, ws, cfg(scripted_model, R))
    assert not fix.verified
    assert "model call failed" in fix.stop_reason
    assert fix.usage.model_calls == 1 == len(scripted_model.requests)


async def test_every_model_call_counts_against_the_budget(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    # a priced model name (litellm's local cost map) served by the scripted endpoint
    answers(scripted_model, R, NO_PARSE, LEAVES, GOOD)
    config = cfg(scripted_model, R, model="openai/gpt-4o", budget_usd_per_finding=0.000001)
    fix = await afix(finding, ws, config)
    assert not fix.verified and fix.stop_reason.startswith("budget exceeded")
    assert fix.usage.model_calls == 1 == len(scripted_model.requests) and fix.usage.cost_usd > 0


async def test_code_is_fenced_and_private_files_never_reach_the_model(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    answers(scripted_model, R, GOOD)
    await afix(finding, ws, cfg(scripted_model, R))
    first = scripted_model.prompts_text(0)
    assert '<untrusted-code path="app.py" lines="1-8">' in first
    assert f"{SINK} |     return subprocess.call(cmd, shell=True)" in first
    private = replace(cfg(scripted_model, R), privacy_globs=("app.py",))
    answers(scripted_model, R, GOOD)
    fix = await afix(finding, ws, private)
    assert not fix.verified and "privacy_globs" in fix.stop_reason
    assert len(scripted_model.requests) == 1  # only the first run asked the model


def test_routing_is_pure() -> None:
    assert route_after_verify({"status": "verified", "next": "propose"}) == "end"
    assert route_after_verify({"status": "running", "next": "local"}) == "local"
    assert route_after_verify({"status": "running", "next": "regenerate"}) == "regenerate"
    assert route_after_verify({"status": "running"}) == "end"
    assert next_phase("local", has_model=False) is None
    assert next_phase("local", has_model=True) == "propose"
    assert next_phase("propose", has_model=True) == "regenerate"
    assert next_phase("regenerate", has_model=True) is None
    assert [instruction_for("propose", n) for n in (0, 1)] == ["first", "retry"]
    assert [instruction_for("regenerate", n) for n in (0, 1)] == ["regenerate", "retry"]
    assert stuck_reason(["a", "b", "a", "b"], 1, 2, "x") is not None
    assert stuck_reason(["a", "b", "c", "d"], 2, 0, "x") is None
    assert (
        stuck_reason(["a", "b", "c"], 3, 0, "e") == "stuck: the same verification error 3 times in a row (e)"
    )


# ------------------------------------------------------------------ local repair first


SIMPLE = 'import subprocess\n\n\ndef run(name):\n    return subprocess.call("echo " + name, shell=True)\n'


async def test_llm_mode_uses_a_verified_offline_rewrite_without_a_model_call(
    tmp_path: Path, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    ws = tmp_path / "simple"
    ws.mkdir()
    (ws / "app.py").write_text(SIMPLE)
    answers(scripted_model, R, GOOD)
    fix = await afix(_bandit(ws, "B602"), ws, cfg(scripted_model, R))
    assert fix.verified and fix.proposer == "offline" and [a.phase for a in fix.attempts] == ["local"]
    assert scripted_model.requests == [] and fix.usage.model_calls == 0


async def test_offline_proposer_is_the_default(tmp_path: Path, shadow_root: Path) -> None:
    ws = tmp_path / "simple"
    ws.mkdir()
    (ws / "app.py").write_text(SIMPLE)
    fix = await afix(_bandit(ws, "B602"), ws, Config())
    assert fix.verified and fix.proposer == "offline" and len(fix.attempts) == 1
    assert 'subprocess.call(["echo", name])' in fix.diff


# ------------------------------------------------------------------ password hashes

PASSWORDS = """\
import hashlib
import os


def store_password(password):
    digest = hashlib.md5(password.encode("utf-8")).hexdigest()
    return digest
"""
FAST = '    digest = hashlib.sha256(password.encode("utf-8")).hexdigest()'
CONSTANT_SALT = (
    '    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), b"pepper", 600_000).hex()'
)
SALTED = (
    "    salt = os.urandom(16)\n"
    '    digest = salt.hex() + "$" + '
    'hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1).hex()'
)


async def test_password_hash_needs_a_salted_kdf_and_a_migration(
    tmp_path: Path, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    ws = tmp_path / "pw"
    ws.mkdir()
    (ws / "users.py").write_text(PASSWORDS)
    finding = _bandit(ws, "B324", "users.py")
    scripted_model.add(
        *(
            R.text(
                json.dumps(
                    {
                        "description": d,
                        "edits": [
                            {"path": "users.py", "start_line": 6, "end_line": 6, "replacement": t + "\n"}
                        ],
                    }
                )
            )
            for d, t in (("sha256", FAST), ("pbkdf2, constant salt", CONSTANT_SALT), ("scrypt", SALTED))
        )
    )
    # the offline rewrite (PBKDF2) would hold: this test is about what the model proposes
    fix = await afix(finding, ws, cfg(scripted_model, R), proposer=None)
    assert fix.verified and fix.proposer == "offline" and "pbkdf2_hmac" in fix.diff
    assert "stored password hashes" in fix.migration
    (ws / "users.py").write_text(PASSWORDS.replace("digest = hashlib.md5", "digest =  hashlib.md5"))
    finding = _bandit(ws, "B324", "users.py")
    from sastls.graph.fix.llm import LlmProposer

    model_only = LlmProposer.from_config(cfg(scripted_model, R))
    fix = await _model_only(finding, ws, cfg(scripted_model, R), model_only)
    assert fix.verified and fix.proposer == "llm", fix.stop_reason
    errors = [a.error for a in fix.attempts if a.phase != "local"]
    assert errors[0].startswith("semantics: data-format: hashlib.md5() hashes a password")
    assert "not a constant one" in errors[1]
    assert "scrypt" in fix.diff and "stored password hashes are in the old format" in fix.migration


async def _model_only(finding: Finding, ws: Path, config: Config, proposer: Any) -> Any:
    """The loop with its local phase emptied (the offline rewrite is what the first half tested)."""
    from sastls.graph.fix import proposer as proposer_mod

    class NoLocal:
        name = "offline"

        async def propose(self, request: Any) -> Any:
            return proposer_mod.Proposal(
                (), "", "offline", error="not auto-fixable: disabled", exhausted=True
            )

    original = proposer_mod.OfflineProposer
    import sastls.graph.fix_loop as loop_mod

    loop_mod.OfflineProposer = NoLocal  # type: ignore[assignment,misc]
    try:
        return await afix(finding, ws, config, proposer=proposer)
    finally:
        loop_mod.OfflineProposer = original  # type: ignore[misc]


async def test_a_spent_budget_still_tries_every_offline_rewrite(
    ws: Path, finding: Finding, scripted_model: Any, R: SimpleNamespace, shadow_root: Path
) -> None:
    """The budget bounds model calls; offline rewrites cost nothing and are all tried (``sastls fix
    --budget-usd`` gives the findings after a spent budget a budget of 0)."""
    from sastls.graph.fix import proposer as proposer_mod

    class TwoRewrites:
        name = "offline"

        async def propose(self, request: Any) -> Any:
            for line in (DISGUISED[0], GOOD):
                made = line_edit("app.py", APP, SINK, SINK, line + "\n")
                if patch_hash((made,)) not in request.tried:
                    return proposer_mod.Proposal((made,), "rewrite", "offline")
            return proposer_mod.Proposal((), "", "offline", error="no other", exhausted=True)

    import sastls.graph.fix_loop as loop_mod

    original = loop_mod.OfflineProposer
    loop_mod.OfflineProposer = TwoRewrites  # type: ignore[assignment,misc]
    try:
        answers(scripted_model, R, GOOD)
        fix = await afix(finding, ws, cfg(scripted_model, R, budget_usd_per_finding=0.0))
    finally:
        loop_mod.OfflineProposer = original  # type: ignore[misc]
    assert fix.verified and fix.proposer == "offline", fix.stop_reason
    assert [a.phase for a in fix.attempts] == ["local", "local"]
    assert scripted_model.requests == [] and fix.usage.model_calls == 0
