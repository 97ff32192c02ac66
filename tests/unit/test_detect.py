"""Format detection by content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sastls.analyzers.findings.detect import detect_format

FIX = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize(
    ("path", "fmt"),
    [
        ("projects/pyapp/findings/bandit.json", "bandit"),
        ("projects/pyapp/findings/bandit.sarif", "sarif"),
        ("projects/pyapp/findings/semgrep.json", "semgrep"),
        ("projects/pyapp/findings/semgrep.sarif", "sarif"),
        ("projects/cproj/findings/flawfinder.sarif", "sarif"),
        ("projects/cproj/findings/cppcheck.xml", "cppcheck-xml"),
        ("findings/csgrep.json", "csgrep-json"),
        ("findings/csgrep.err", "csgrep-err"),
        ("findings/multi-run.sarif", "sarif"),
    ],
)
def test_real_outputs(path: str, fmt: str) -> None:
    assert detect_format((FIX / path).read_bytes(), path) == fmt


def test_content_wins_over_the_name() -> None:
    data = (FIX / "projects/pyapp/findings/semgrep.json").read_bytes()
    assert detect_format(data, "report.sarif") == "semgrep"


@pytest.mark.parametrize(
    ("doc", "fmt"),
    [
        ({"results": [], "errors": [], "generated_at": "x", "metrics": {}}, "bandit"),  # bandit, no issues
        (
            {"results": [], "errors": [], "paths": {"scanned": []}, "version": "1.0"},
            "semgrep",
        ),  # semgrep, none
        ({"defects": []}, "csgrep-json"),
        ({"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0"}, "sarif"),
        ({"issues": []}, None),
        ([1, 2], None),
    ],
)
def test_empty_reports_and_unknown_json(doc: object, fmt: str | None) -> None:
    assert detect_format(json.dumps(doc).encode(), "x.json") == fmt


def test_utf8_bom_and_truncated_json() -> None:
    data = (FIX / "projects/pyapp/findings/bandit.sarif").read_bytes()
    assert detect_format(b"\xef\xbb\xbf" + data, "x") == "sarif"
    assert detect_format(data[: len(data) // 3], "x") == "sarif"  # sniffed from the head
    bandit = (FIX / "projects/pyapp/findings/bandit.json").read_bytes()
    assert detect_format(bandit[: len(bandit) // 3], "x") == "bandit"


def test_text_formats() -> None:
    assert detect_format(b"Error: UNINIT (CWE-457):\na.c:1: uninit_use: x\n", "scan.txt") == "csgrep-err"
    assert detect_format(b"", "empty.err") == "csgrep-err"  # a scan without defects
    assert detect_format(b"", "empty.json") is None
    assert detect_format(b"hello world\n", "notes.txt") is None
    assert detect_format(b"<html><body/></html>", "x.xml") is None
    assert detect_format(b'<?xml version="1.0"?><results version="2"><cppcheck version="2.1"/>', "x") == (
        "cppcheck-xml"
    )
