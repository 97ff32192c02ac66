"""Hover text for a finding: what flagged it, and what the investigation concluded."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sastls.graph.verdict import Verdict

from .diagnostics import cwe_url, help_href
from .documents import TrackedFinding

_LABEL = {
    "TRUE_POSITIVE": "True positive",
    "FALSE_POSITIVE": "False positive",
    "NEEDS_REVIEW": "Needs review",
}


def _fence(text: str) -> str:
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return f"{ticks}\n{text}\n{ticks}"


def finding_markdown(
    tf: TrackedFinding,
    verdict: Verdict | None,
    *,
    uri_of: Callable[[str], str],
    snippet_of: Callable[[str, int, int], str | None],
    running: bool = False,
) -> str:
    parts: list[str] = []
    for f in tf.findings:
        rule = f"`{f.rule_id}`" + (f" ({f.rule_name})" if f.rule_name and f.rule_name != f.rule_id else "")
        href = help_href(f)
        if href and not (f.cwe and href == cwe_url(f.cwe[0])):
            rule = f"{rule} — [rule help]({href})"
        line = f"**{f.tool}** {rule}"
        if f.cwe:
            line += " · " + ", ".join(f"[CWE-{c}]({cwe_url(c)})" for c in f.cwe)
        level = f.severity or f.level
        line += f" · {level}" + (f", tool confidence {f.confidence}" if f.confidence else "")
        parts.append(line + f"  \n{f.message.strip()}")
    if running:
        parts.append("_Investigation running…_")
    if verdict is None:
        parts.append("_Not investigated yet: use the code action “sastls: Investigate”._")
        return "\n\n".join(parts)
    who = "a person" if verdict.human else verdict.analyst + (f" ({verdict.model})" if verdict.model else "")
    head = f"### {_LABEL.get(verdict.verdict, verdict.verdict)} · confidence {verdict.confidence:.0%}"
    parts.append(head + f"\n\nDecided by {who} on {verdict.decided_at}.")
    if verdict.justification:
        parts.append(verdict.justification.strip())
    if verdict.stop_reason:
        parts.append(f"Stopped early: {verdict.stop_reason}")
    if verdict.evidence:
        items = ["**Evidence**"]
        for ev in verdict.evidence[:10]:
            where = f"{ev.path}:{ev.start_line}" + (f"-{ev.end_line}" if ev.end_line > ev.start_line else "")
            items.append(f"- [{where}]({uri_of(ev.path)}#L{ev.start_line}) ({ev.role}): {ev.why}")
            code = ev.snippet or snippet_of(ev.path, ev.start_line, ev.end_line)
            if code:
                items.append(_indent(_fence(code)))
        parts.append("\n".join(items))
    return "\n\n".join(parts)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))


def at_position(findings: Sequence[TrackedFinding], line: int, col: int) -> list[TrackedFinding]:
    """Live findings on ``line`` (code-point ``col``); the ones whose span contains the column first."""
    on_line = [tf for tf in findings if tf.alive and tf.span.contains_line(line)]

    def inside(tf: TrackedFinding) -> bool:
        s, e = tf.span, tf.span
        return (s.start_line, s.start_col) <= (line, col) <= (e.end_line, e.end_col)

    return sorted(on_line, key=lambda tf: not inside(tf))
