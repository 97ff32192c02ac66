"""A new user's first run in VS Code (code-server + Chromium), the packaged extension: settings as the
Settings UI writes them reach the server with no "invalid settings" message, changing sastls.findingGlobs
shows the findings without a restart, the diagnostics carry offline verdicts without a click, the
findings view lists them by verdict and file, and a report opens in a tab named after its finding.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import E2ERunner

pytestmark = pytest.mark.editor


def test_first_run_settings_offline_verdicts_findings_view_and_report_tab(
    run_e2e: E2ERunner, workspace: Path, output_dir: Path
) -> None:
    out = output_dir / "vscode-first-run"
    run_e2e("first-run.mjs", workspace, out)
    seen = json.loads((out / "first-run.json").read_text())
    assert seen["before"] == [] and len(seen["after"]) > 3
    assert "[likely true positive" in seen["verdictRow"]
    assert any(row.startswith("True positive (") for row in seen["tree"]), seen["tree"]
    # the view's filter, its rows' light-bulb actions, and the reason asked for and kept
    assert all("B602" not in row for row in seen["filtered"]["rows"]), seen["filtered"]
    assert any("Mark as false positive" in a for a in seen["rowActions"]), seen["rowActions"]
    assert any("Investigate" in a for a in seen["rowActions"]), seen["rowActions"]
    assert "learn" in seen["reasonQuestion"], seen["reasonQuestion"]
    assert seen["byReason"]["fp"] == 1 and seen["byReason"]["tp"] == 0, seen["byReason"]
    assert seen["reportTab"].startswith("sastls: ") and seen["reportTab"].endswith(" at app/shell.py:11")
    assert not [n for n in seen["notifications"] if "invalid settings" in n.lower()]
    shots = ("2-offline-verdicts.png", "3-findings-view.png", "3b-filtered-by-reason.png", "4-report-tab.png")
    for shot in shots:
        assert (out / shot).exists()
