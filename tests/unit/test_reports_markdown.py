"""The Markdown summary for pull-request comments."""

from __future__ import annotations

from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.verdict import Usage, Verdict
from sastls.server.reports.markdown import code, escape, render_markdown
from sastls.server.reports.stats import RunStats, Skipped


def finding(n: int, rule: str, path: str = "app/db.py", line: int = 5, **kw: object) -> Finding:
    return Finding(
        tool=str(kw.pop("tool", "bandit")),
        rule_id=rule,
        message=str(kw.pop("message", f"{rule} message")),
        location=Location(path, Region(line, end_line=int(kw.pop("end_line", line)))),  # type: ignore[call-overload]
        level=kw.pop("level", "error"),  # type: ignore[arg-type]
        cwe=(89,),
        fingerprint=f"fp{n}",
    )


def verdict(n: int, label: str, justification: str = "because", cost: float = 0.0) -> Verdict:
    return Verdict(
        f"fp{n}",
        label,  # type: ignore[arg-type]
        0.9,
        justification,
        "heuristic",
        usage=Usage(prompt_tokens=100 if cost else 0, cost_usd=cost),
    )


def test_counts_true_positives_with_links_and_fp_rules() -> None:
    findings = [finding(1, "B608", line=12, end_line=14), finding(2, "B608", line=30)]
    findings += [finding(n, "B105", path="app/config.py", line=n) for n in range(3, 7)]
    verdicts = {"fp1": verdict(1, "TRUE_POSITIVE", "request.args reaches execute()")}
    verdicts |= {f"fp{n}": verdict(n, "FALSE_POSITIVE") for n in range(2, 7)}
    md = render_markdown(
        findings, verdicts, RunStats(total=6, wall_seconds=1.5), link_base="https://github.com/o/r/blob/abc"
    )
    assert md.startswith("## sastls triage: 1 true positive, 5 false positives")
    assert "| 🔴 TRUE_POSITIVE | 1 |" in md and "| 🟢 FALSE_POSITIVE | 5 |" in md
    assert "| **Total** | **6** |" in md
    assert "[**app/db.py:12**](https://github.com/o/r/blob/abc/app/db.py#L12-L14)" in md
    assert "request.args reaches execute\\(\\)" in md
    rules = md.split("Rules with the most false positives", 1)[1]
    assert rules.index("bandit: B105") < rules.index("bandit: B608")  # most false positives first
    assert "| `bandit: B105` | 4 | 100% of 4 |" in rules
    assert "| `bandit: B608` | 1 | 50% of 2 |" in rules


def test_without_link_base_locations_are_plain_and_untriaged_is_reported() -> None:
    findings = [finding(1, "B608"), finding(2, "B608", line=9)]
    stats = RunStats(total=2, skipped=(Skipped("fp2", "budget of $0.50 reached"),))
    md = render_markdown(findings, {"fp1": verdict(1, "NEEDS_REVIEW")}, stats)
    assert "**app/db.py:5**" in md and "](" not in md
    assert "Needs review (1)" in md
    assert "⚪ Not triaged (1)" in md and "1 × budget of \\$0.50 reached" in md


def test_untrusted_text_cannot_add_markup() -> None:
    evil = "![x](https://evil/p.png) <img src=x onerror=alert(1)> [click](javascript:alert(1)) `code` | cell"
    findings = [finding(1, "B608", message=evil)]
    md = render_markdown(findings, {"fp1": verdict(1, "TRUE_POSITIVE", evil)})
    assert "<img" not in md and "![x](" not in md and "[click](" not in md
    assert "\\| cell" in md  # a pipe cannot split a table cell
    assert escape("a\nb *c*") == "a b \\*c\\*"
    assert escape("cc @octocat") == "cc @\u200boctocat"
    assert code("a`b") == "`aˋb`"


def test_long_lists_are_cut() -> None:
    findings = [finding(n, "B608", line=n) for n in range(1, 51)]
    verdicts = {f"fp{n}": verdict(n, "TRUE_POSITIVE") for n in range(1, 51)}
    md = render_markdown(findings, verdicts, max_items=10)
    assert md.count("- **app/db") == 10
    assert "… and 40 more" in md


def test_tokens_and_cost_in_the_facts_line() -> None:
    md = render_markdown(
        [finding(1, "B608")],
        {"fp1": verdict(1, "TRUE_POSITIVE", cost=0.25)},
        RunStats(analyst="llm", model="openai/gpt-4o-mini", total=1),
    )
    assert "analyst **llm** (`openai/gpt-4o-mini`)" in md
    assert "100 tokens, $0.25" in md


def test_a_place_reported_by_two_tools_is_one_finding_with_both_named() -> None:
    """Issue 15: the summary listed a call flagged by bandit and semgrep twice; it counts findings, and
    says how many scanner reports were merged."""
    findings = [
        finding(1, "B608"),
        finding(2, "python-sqli", tool="semgrep"),  # same place and weakness: merged into fp1
        finding(3, "B608", line=30),
    ]
    verdicts = {"fp1": verdict(1, "TRUE_POSITIVE"), "fp3": verdict(3, "TRUE_POSITIVE")}
    md = render_markdown(findings, verdicts, RunStats(total=3, duplicate_of={"fp2": "fp1"}))
    assert md.startswith("## sastls triage: 2 true positives")
    assert "| **Total** | **2** |" in md
    assert md.count("**app/db.py:5**") == 1
    assert "`bandit: B608`, `semgrep: python-sqli`" in md
    assert "2 findings from 3 scanner reports" in md and "1 merged: same place and weakness" in md
