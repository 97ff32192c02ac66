"""``sastls eval``: the table, --json, and clear errors for unusable input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sastls.server.cli import main

CSV = """# test name, category, real vulnerability, cwe
Case001,sqli,true,89
Case002,sqli,false,89
Case003,sqli,false,89
Case004,cmdi,true,78
Case005,cmdi,false,78
"""


def result(path: str, rule: int, verdict: str | None) -> dict[str, Any]:
    r: dict[str, Any] = {
        "ruleId": ["B608", "B602"][rule],
        "ruleIndex": rule,
        "message": {"text": "m"},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": path}, "region": {"startLine": 3}}}],
    }
    if verdict:
        r["properties"] = {"sastls": {"verdict": verdict}}
    return r


def triaged() -> dict[str, Any]:
    return {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "bandit",
                        "rules": [
                            {"id": "B608", "properties": {"tags": ["security", "external/cwe/cwe-89"]}},
                            {"id": "B602", "properties": {"tags": ["security", "external/cwe/cwe-78"]}},
                        ],
                    }
                },
                "results": [
                    result("cases/Case001.py", 0, "TRUE_POSITIVE"),
                    result("cases/Case002.py", 0, "FALSE_POSITIVE"),
                    result("cases/Case003.py", 0, "NEEDS_REVIEW"),
                    result("cases/Case004.py", 1, "FALSE_POSITIVE"),
                    result("cases/Case005.py", 0, "TRUE_POSITIVE"),  # CWE-89 in a CWE-78 case: mismatch
                ],
            }
        ],
    }


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    sarif = tmp_path / "triaged.sarif"
    sarif.write_text(json.dumps(triaged()))
    csv = tmp_path / "expected.csv"
    csv.write_text(CSV)
    return sarif, csv


def test_json_output(inputs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    sarif, csv = inputs
    assert main(["eval", str(sarif), "--expected", str(csv), "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    # sqli: Case001 TP kept; Case002 FP removed; Case003 FP kept (NEEDS_REVIEW)
    assert data["categories"]["sqli"]["before"] == {
        "tp": 1,
        "fp": 2,
        "fn": 0,
        "tn": 0,
        "precision": pytest.approx(1 / 3),
        "recall": 1.0,
        "fpr": 1.0,
        "f1": pytest.approx(0.5),
        "score": 0.0,
    }
    assert data["categories"]["sqli"]["after"]["fp"] == 1 and data["categories"]["sqli"]["fp_removed"] == 1
    # cmdi: Case004 TP lost by triage; Case005's only result has the wrong CWE -> TN
    cmdi = data["categories"]["cmdi"]
    assert (cmdi["before"]["tp"], cmdi["before"]["tn"], cmdi["after"]["fn"], cmdi["tp_lost"]) == (1, 1, 1, 1)
    assert data["overall"]["before"]["score"] == pytest.approx(0.5)  # mean TPR 1 - mean FPR (1 + 0) / 2
    # mean TPR (1 + 0) / 2 - mean FPR (0.5 + 0) / 2
    assert data["overall"]["after"]["score"] == pytest.approx(0.25)
    assert data["tps_lost"] == ["Case004"]
    assert data["cwe_mismatches"] == [
        {
            "case": "Case005",
            "expected_cwe": 78,
            "found_cwes": [89],
            "rule_id": "B608",
            "where": "$.runs[0].results[4]",
        }
    ]
    assert out.err == ""


def test_table_output(inputs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    sarif, csv = inputs
    assert main(["eval", str(sarif), "--expected", str(csv)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    overall = next(line for line in lines if "overall" in line)
    assert "2/2/0/1" in overall and "1/1/1/2" in overall  # before / after TP/FP/FN/TN
    assert "1 (50.0%)" in overall  # FP removed
    sqli = next(line for line in lines if "sqli" in line)
    assert "1/2/0/0" in sqli and "0.333" in sqli
    assert "TPs lost by triage (1): Case004" in out
    assert "CWE mismatch: Case005 expects CWE-78" in out


@pytest.mark.parametrize(
    ("sarif_text", "csv_text", "message"),
    [
        ("{not json", CSV, "invalid JSON at line 1"),
        ('{"version": "2.1.0"}', CSV, "not a SARIF document"),
        (json.dumps(triaged()), "# only a header\n", "no test cases"),
        (json.dumps(triaged()), b"Case\xff,sqli,true,89\n", "not UTF-8"),
    ],
)
def test_unusable_input_exits_2_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sarif_text: str, csv_text: str | bytes, message: str
) -> None:
    sarif = tmp_path / "t.sarif"
    sarif.write_text(sarif_text)
    csv = tmp_path / "e.csv"
    if isinstance(csv_text, bytes):
        csv.write_bytes(csv_text)
    else:
        csv.write_text(csv_text)
    assert main(["eval", str(sarif), "--expected", str(csv)]) == 2
    out = capsys.readouterr()
    assert message in out.err and out.out == ""


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(tmp_path / "nope.sarif"), "--expected", str(tmp_path / "nope.csv")]) == 2
    err = capsys.readouterr().err
    assert "nope.sarif: no such file" in err and "nope.csv: no such file" in err


def test_bad_rows_are_warnings(inputs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    sarif, csv = inputs
    csv.write_text(CSV + "Broken,sqli\n")
    assert main(["eval", str(sarif), "--expected", str(csv), "--json"]) == 0
    out = capsys.readouterr()
    assert "line 7: expected 4 fields" in out.err
    assert json.loads(out.out)["overall"]["cases"] == 5


def test_console_script(inputs: tuple[Path, Path]) -> None:
    sarif, csv = inputs
    exe = Path(sys.executable).with_name("sastls")
    proc = subprocess.run(
        [str(exe), "eval", str(sarif), "--expected", str(csv), "--json"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["overall"]["tp_lost"] == 1
