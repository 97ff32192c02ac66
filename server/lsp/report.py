"""The markdown report of one investigation, opened in the editor when it ends (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .diagnostics import cwe_url, short_reason

_LABEL = {
    "TRUE_POSITIVE": "True positive",
    "FALSE_POSITIVE": "False positive",
    "NEEDS_REVIEW": "Needs review",
}


def summary(finding: Finding, verdict: Verdict) -> str:
    """One line for ``window/showMessage``."""
    reason = short_reason(verdict)
    where = f"{finding.path}:{finding.line}"
    label = _LABEL.get(verdict.verdict, verdict.verdict).lower()
    return f"sastls: {finding.tool} {finding.rule_id} at {where}: {label} ({verdict.confidence:.0%})" + (
        f" — {reason}" if reason else ""
    )


def title(finding: Finding) -> str:
    """What a report is called (its heading, and its tab in VS Code): ``sastls: B602 at app/shell.py:11``."""
    return f"sastls: {finding.rule_id} at {finding.path}:{finding.line}"


def file_name(finding: Finding, verdict: Verdict) -> str:
    """A readable, safe file name for the report: ``B602-app_shell.py-11-53263d5e.md``."""
    raw = f"{finding.rule_id}-{finding.path.replace('/', '_')}-{finding.line}"
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", raw)[:120]
    return f"{safe}-{verdict.fingerprint[:8]}.md"


def investigation_markdown(finding: Finding, verdict: Verdict, *, uri_of: Callable[[str], str]) -> str:
    lines = [
        f"# {title(finding)}",
        "",
        f"**{_LABEL.get(verdict.verdict, verdict.verdict)}** — {finding.tool} `{finding.rule_id}`",
        "",
        f"- **Where:** [{finding.path}:{finding.line}]({uri_of(finding.path)}#L{finding.line})",
        f"- **Finding:** {finding.message.strip()}",
    ]
    if finding.cwe:
        lines.append("- **CWE:** " + ", ".join(f"[CWE-{c}]({cwe_url(c)})" for c in finding.cwe))
    who = "a person" if verdict.human else verdict.analyst + (f" ({verdict.model})" if verdict.model else "")
    lines += [
        f"- **Verdict:** {verdict.verdict} — confidence {verdict.confidence:.0%}",
        f"- **Decided by:** {who}, {verdict.decided_at}",
        f"- **Fingerprint:** `{verdict.fingerprint}`",
    ]
    if verdict.stop_reason:
        lines.append(f"- **Stopped early:** {verdict.stop_reason}")
    lines += ["", "## Justification", "", verdict.justification.strip() or "_none given_"]
    if verdict.evidence:
        lines += ["", "## Evidence", ""]
        for ev in verdict.evidence:
            span = f"{ev.start_line}" + (f"-{ev.end_line}" if ev.end_line > ev.start_line else "")
            lines.append(f"- [{ev.path}:{span}]({uri_of(ev.path)}#L{ev.start_line}) ({ev.role}): {ev.why}")
            if ev.snippet:
                fence = "````" if "```" in ev.snippet else "```"
                lines += ["", f"  {fence}", *("  " + s for s in ev.snippet.split("\n")), f"  {fence}"]
    if verdict.path_taken:
        lines += ["", "## Path taken", "", " → ".join(verdict.path_taken)]
    u = verdict.usage
    lines += [
        "",
        "## Cost",
        "",
        f"{u.model_calls} model calls, {u.prompt_tokens} prompt + {u.completion_tokens} completion tokens, "
        f"${u.cost_usd:.4f}, {u.seconds:.1f}s",
        "",
    ]
    return "\n".join(lines)
