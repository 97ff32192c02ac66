"""``sastls fix --all --analyst llm --budget-usd X`` as a user runs it (the console entry point in a
subprocess, real bandit), against a scripted model on 127.0.0.1 (tests/graph/unseen.py) that the fix
loop was not written for: a 429 with ``Retry-After`` first, then only stubs that never verify.

What is checked is what the server saw: the calls it served, the wait it asked for, and that the run's
budget (priced by litellm's local cost map for the model name) bounds the fix loop: the loop stops
within one call of the budget, and the findings after it get offline rewrites only, no model call.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

APP = """\
import os
import subprocess


def run(name):
    cmd = "echo " + name
    print(cmd, os.getcwd(), subprocess.DEVNULL)
    return subprocess.call(cmd, shell=True)
"""
SINK = 8
# A stub that keeps the call's text: it never runs (the semantic check rejects it, the scanner would not).
STUB = '    raise RuntimeError("disabled")\n    return subprocess.call(["echo", name])\n'


def _load_unseen() -> Any:
    name = "sastls_test_unseen"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("unseen.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


U = _load_unseen()


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "ws"
    root.mkdir()
    for name in ("a.py", "b.py"):
        (root / name).write_text(APP)
    out = root / "bandit.sarif"
    cmd = [sys.executable, "-m", "bandit", "-q", "a.py", "b.py", "-t", "B602", "-f", "sarif", "-o", str(out)]
    cmd += ["--exit-zero"]
    subprocess.run(cmd, cwd=root, check=True, capture_output=True, timeout=120)
    return root, out


def _stub_brain(req: Any) -> Any:
    """429 with Retry-After: 1 first; then a stub patch of whichever file the prompt is about."""
    if req.n == 1:
        return U.http_error(429, {"retry-after": "1"})
    path = re.findall(r"\b([ab]\.py)\b", req.text)[-1]
    edit = {"path": path, "start_line": SINK, "end_line": SINK, "replacement": STUB}
    return U.say(json.dumps({"description": "guard the command runner", "edits": [edit]}))


def _fix(root: Path, sarif: Path, api_base: str, budget: float) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "sastls.server.cli", "fix", str(sarif), "--repo", str(root), "--all"]
    cmd += ["--analyst", "llm", "--model", "openai/gpt-4o", "--api-base", api_base]
    cmd += ["--budget-usd", str(budget), "--json"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False, cwd=root)


def _call_cost(raw: bytes) -> float:
    """What litellm's cost map charges for one of the server's answers (it counts len(body) // 4)."""
    import litellm

    price = litellm.model_cost["gpt-4o"]
    return float(len(raw) // 4 * price["input_cost_per_token"] + 30 * price["output_cost_per_token"])


def test_the_budget_bounds_the_fix_loop_and_retry_after_is_honoured(project: tuple[Path, Path]) -> None:
    root, sarif = project
    with U.Unseen(_stub_brain) as model:
        budget = 0.006
        done = _fix(root, sarif, model.api_base, budget)
        assert done.returncode == 1, done.stderr  # no verified fix
        results = [json.loads(line) for line in done.stdout.splitlines()]
        assert [r["fix"]["path"] for r in results] == ["a.py", "b.py"]
        first, second = (r["fix"] for r in results)

        # the server's own count: the 429, then paid calls until the budget was reached
        paid = [_call_cost(raw) for raw in model.raw[1:]]
        assert model.calls == first["usage"]["model_calls"] >= 2  # the 429 is counted too
        assert second["usage"]["model_calls"] == 0  # the run's budget was spent: offline rewrites only
        assert second["stop_reason"].startswith("not auto-fixable") and "$-" not in done.stdout
        assert first["stop_reason"].startswith("budget exceeded"), first["stop_reason"]
        assert sum(paid) >= budget > sum(paid[:-1])  # it stopped at the first call past the budget
        assert first["usage"]["cost_usd"] == pytest.approx(sum(paid), rel=0.05)
        assert model.served_at[1] - model.served_at[0] >= 1.0  # Retry-After honoured
        assert not first["verified"] and all("never runs" in a["error"] for a in first["attempts"])
        assert (root / "a.py").read_text() == APP  # nothing written without --apply

        # a spent budget: no model call at all
        before = model.calls
        done = _fix(root, sarif, model.api_base, 0)
        assert done.returncode == 1, done.stderr
        assert model.calls == before
