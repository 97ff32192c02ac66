"""The HTML report: self-contained, complete, escaped — and rendered by a real Chromium."""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.verdict import Evidence, Usage, Verdict
from sastls.server.reports.html import SCRIPT, bar_chart, esc, excerpt, render_html
from sastls.server.reports.stats import RunStats, Skipped

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "reports_html"
XSS_CODE = 'q = "<img src=x onerror=document.title=\'PWNED\'>" + request.args["q"]'
XSS_TEXT = "</script><script>document.title='PWNED'</script>\"><svg onload=alert(1)>"

SOURCE = {
    "app/db.py": [
        "import sqlite3",
        "",
        "def find(conn, request):",
        '    name = request.args["name"]',
        "    sql = \"SELECT * FROM users WHERE name = '%s'\" % name",
        "    return conn.execute(sql).fetchall()",
        "",
        "def count(conn):",
        '    return conn.execute("SELECT count(*) FROM users").fetchone()',
    ],
    "app/web.py": ["from flask import request", "", "def page(request):", "    " + XSS_CODE, "    return q"],
}


def finding(
    n: int, path: str, line: int, rule: str, cwe: tuple[int, ...], tool: str = "bandit", **kw: object
) -> Finding:
    return Finding(
        tool=tool,
        rule_id=rule,
        message=str(kw.pop("message", f"{rule} issue number {n}")),
        location=Location(path, Region(line, 1, line, 10)),
        level=kw.pop("level", "error"),  # type: ignore[arg-type]
        cwe=cwe,
        fingerprint=f"fp{n:04d}" + "0" * 12,
    )


def sample() -> tuple[list[Finding], dict[str, Verdict], RunStats]:
    findings = [
        finding(1, "app/db.py", 5, "B608", (89,)),
        finding(2, "app/db.py", 9, "B608", (89,), level="warning"),
        finding(3, "app/web.py", 4, "xss", (79,), tool="semgrep", message=XSS_TEXT),
        finding(4, "app/db.py", 5, "sqli", (89,), tool="semgrep"),
        finding(5, "app/missing.py", 2, "B105", (259,), level="note"),
        finding(6, "app/db.py", 1, "B404", (78,), level="note"),
    ]
    verdicts = {
        "fp0001" + "0" * 12: Verdict(
            "fp0001" + "0" * 12,
            "TRUE_POSITIVE",
            0.92,
            "request.args['name'] flows into the SQL string unsanitized",
            "heuristic",
            evidence=(
                Evidence("app/db.py", 4, 4, "tainted by request.args", "source"),
                Evidence("app/db.py", 5, 6, "string-built SQL executed", "sink"),
            ),
            path_taken=("agent", "fetch_code", "agent", "analyze_issue", "comprehensive_evaluation"),
            usage=Usage(seconds=0.004),
        ),
        "fp0002" + "0" * 12: Verdict(
            "fp0002" + "0" * 12,
            "FALSE_POSITIVE",
            0.88,
            "the query is a constant string",
            "heuristic",
            evidence=(Evidence("app/db.py", 9, 9, "constant SQL", "constant"),),
            usage=Usage(seconds=0.002),
        ),
        "fp0003" + "0" * 12: Verdict(
            "fp0003" + "0" * 12,
            "NEEDS_REVIEW",
            0.4,
            XSS_TEXT,
            "llm",
            model="openai/test",
            evidence=(Evidence("app/web.py", 4, 4, XSS_TEXT, "sink", snippet=XSS_CODE),),
            stop_reason="max_iterations",
            usage=Usage(
                model_calls=3, prompt_tokens=4200, completion_tokens=300, cost_usd=0.012, seconds=2.5
            ),
        ),
        "fp0004" + "0" * 12: Verdict(
            "fp0004" + "0" * 12, "TRUE_POSITIVE", 0.92, "same as fp0001", "heuristic"
        ),
        "fp0006" + "0" * 12: Verdict(
            "fp0006" + "0" * 12,
            "FALSE_POSITIVE",
            0.75,
            "import only",
            "heuristic",
            usage=Usage(seconds=0.001),
        ),
    }
    stats = RunStats(
        analyst="heuristic",
        total=len(findings),
        investigated=4,
        duplicates=1,
        wall_seconds=0.05,
        jobs=4,
        inputs=("findings/bandit.sarif", "findings/semgrep.json"),
        skipped=(Skipped("fp0005" + "0" * 12, "budget of $1.00 reached"),),
        generated_at="2026-11-22T08:00:00+00:00",
        duplicate_of={"fp0004" + "0" * 12: "fp0001" + "0" * 12},
    )
    return findings, verdicts, stats


def read(path: str) -> list[str] | None:
    return SOURCE.get(path)


def test_self_contained_no_external_resources() -> None:
    page = render_html(*sample(), read_lines=read)
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert page.count("<svg") >= 6  # rule, CWE, file, tool, confidence, time (+ tokens)
    assert "Tokens per finding" in page


def test_every_finding_with_verdict_justification_and_numbered_evidence() -> None:
    findings, verdicts, stats = sample()
    page = render_html(findings, verdicts, stats, read_lines=read)
    # one place and weakness reported twice: one finding
    assert page.count('class="finding"') == len(findings) - 1
    assert "request.args[&#x27;name&#x27;] flows into the SQL string unsanitized" in page
    assert '<span class="ln hit"><i>5</i>' in page  # the cited sink line, numbered and marked
    assert '<span class="ln"><i>3</i>def find(conn, request):' in page  # context around it
    assert 'data-verdict="UNTRIAGED"' in page  # skipped by the budget: shown, not lost
    assert "budget of $1.00 reached" in page
    assert "2 scanner reports merged" in page
    assert "6 findings from" not in page and "5 findings from 6 scanner reports" in page
    for label in ("TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW", "UNTRIAGED"):
        assert f'data-filter="{label}"' in page


def test_untrusted_text_is_escaped_and_script_locked_by_csp() -> None:
    page = render_html(*sample(), read_lines=read)
    assert "PWNED'>" not in page and "<img" not in page and "<svg onload" not in page
    assert page.count("<script>") == 1 and page.count("</script>") == 1
    assert esc(XSS_TEXT) in page
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    assert f"script-src &#x27;sha256-{digest}&#x27;" in page
    assert "default-src &#x27;none&#x27;" in page


def test_excerpt_bounds_and_snippet_fallback() -> None:
    lines = [f"line {i}" for i in range(1, 501)]
    out = excerpt(lines, 10, 400)
    assert out.count('class="ln') <= 40
    assert excerpt(None, 3, 3) == ""
    assert "<i>7</i>x &lt; y" in excerpt(None, 7, 7, snippet="x < y")


def test_bar_chart_scales_to_the_largest_row() -> None:
    from collections import Counter

    svg = bar_chart("t", [("a", Counter({"TRUE_POSITIVE": 4})), ("b", Counter({"FALSE_POSITIVE": 2}))])
    widths = [float(w) for w in re.findall(r'<rect x="[\d.]+" y="\d+" width="([\d.]+)"', svg)]
    assert widths[0] == pytest.approx(2 * widths[1])


def test_empty_run_renders() -> None:
    page = render_html([], {}, None)
    assert "no true positives" in page and "<svg" not in page


FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def test_renders_in_headless_chromium(tmp_path: Path, need: Callable[[str], str]) -> None:
    chromium = need("chromium")
    findings, verdicts, stats = sample()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    report = OUTPUT / "report.html"
    report.write_text(render_html(findings, verdicts, stats, read_lines=read), encoding="utf-8")
    shot = OUTPUT / "report.png"
    shot.unlink(missing_ok=True)
    subprocess.run(
        [
            chromium,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'shot'}",
            f"--screenshot={shot}",
            "--window-size=1280,1600",
            report.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert shot.stat().st_size > 20_000  # a real picture, not a blank page
    # the filter script runs (the #hash selects a verdict) and nothing injected does
    dom = subprocess.run(
        [
            chromium,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'dom'}",
            "--dump-dom",
            report.as_uri() + "#FALSE_POSITIVE",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert "PWNED" not in dom.split("<body", 1)[0]  # the title was not rewritten by injected code
    shown = re.findall(r'<details class="finding"[^>]*data-verdict="(\w+)"[^>]*?(hidden="")?>', dom)
    assert shown, dom[:2000]
    visible = {v for v, hidden in shown if not hidden}
    assert visible == {"FALSE_POSITIVE"}
    assert re.search(r'<span id="shown">2</span>', dom)


def test_column_chart_axis_labels_are_whole_counts() -> None:
    from collections import Counter

    from sastls.server.reports.html import column_chart

    svg = column_chart("c", [("a", Counter({"TRUE_POSITIVE": 5})), ("b", Counter({"FALSE_POSITIVE": 2}))])
    labels = re.findall(r'class="num">(\d+)</text>', svg)
    assert labels == ["0", "3", "6"]
    single = column_chart("c", [("a", Counter({"TRUE_POSITIVE": 1}))])
    assert re.findall(r'class="num">(\d+)</text>', single) == ["0", "1"]
