"""A Markdown summary of a triage, sized for a pull-request comment.

Counts by verdict, the TRUE_POSITIVE list with links to the code, what needs review,
and the rules that produced the most false positives. A pure function of findings +
verdicts (+ run stats). Messages and justifications quote code under analysis, which
is untrusted: everything from the findings is escaped so it cannot add links, images,
HTML or formatting to the comment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from urllib.parse import quote

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict

from .stats import (
    UNTRIAGED,
    Merged,
    RunStats,
    false_positive_rules,
    finding_counts,
    investigated_verdicts,
    label_of,
    merged,
    scope_text,
)

ICONS = {"TRUE_POSITIVE": "🔴", "NEEDS_REVIEW": "🟡", "FALSE_POSITIVE": "🟢", UNTRIAGED: "⚪"}
TITLES = {
    "TRUE_POSITIVE": "true positive",
    "NEEDS_REVIEW": "needs review",
    "FALSE_POSITIVE": "false positive",
    UNTRIAGED: "not triaged",
}
_SPECIAL = re.compile(r"([\\`*_{}\[\]()!|~>$])")  # items never start a line: no # + - . needed


def escape(text: str, limit: int | None = 300) -> str:
    """Plain text safe inside a Markdown paragraph or table cell (one line, no markup, no HTML)."""
    one_line = " ".join(text.split())
    if limit is not None and len(one_line) > limit:
        one_line = one_line[: limit - 1].rstrip() + "…"
    html_safe = one_line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    no_mentions = html_safe.replace("@", "@\u200b")  # untrusted text must not ping people
    return _SPECIAL.sub(r"\\\1", no_mentions)


def code(text: str) -> str:
    """An inline code span that cannot be broken out of."""
    clean = " ".join(text.split()).replace("`", "ˋ")
    return f"`{clean}`" if clean else ""


def link_for(finding: Finding, link_base: str | None) -> str:
    """``path:line``, linked to the code when ``link_base`` (e.g. a GitHub blob URL) is known."""
    label = escape(f"{finding.path}:{finding.line}", None)
    if not link_base:
        return f"**{label}**"
    url = f"{link_base.rstrip('/')}/{quote(finding.path)}#L{finding.line}"
    if finding.location.region.end_line and finding.location.region.end_line > finding.line:
        url += f"-L{finding.location.region.end_line}"
    return f"[**{label}**]({url})"


PLURALS = {
    "TRUE_POSITIVE": "true positives",
    "NEEDS_REVIEW": "need review",
    "FALSE_POSITIVE": "false positives",
    UNTRIAGED: "not triaged",
}


def _headline(c: Mapping[str, int]) -> str:
    parts = []
    for label in ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", UNTRIAGED):
        n = c.get(label, 0)
        if n:
            parts.append(f"{n} {TITLES[label] if n == 1 else PLURALS[label]}")
    return ", ".join(parts) if parts else "no findings"


def _finding_line(g: Merged, v: Verdict | None, link_base: str | None) -> list[str]:
    f = g.primary
    cwes = sorted({c for m in g.members for c in m.cwe})
    cwe = f" ({escape(', '.join(f'CWE-{c}' for c in cwes))})" if cwes else ""
    conf = f" · confidence {v.confidence:.2f}" if v is not None else ""
    rules = ", ".join(code(r) for r in g.rules)
    lines = [f"- {link_for(f, link_base)} {rules}{cwe} — {escape(f.message, 160)}{conf}"]
    if v is not None and v.justification:
        lines.append(f"  <br>*{escape(v.justification, 400)}*")
    return lines


def render_markdown(
    findings: Sequence[Finding],
    verdicts: Mapping[str, Verdict],
    stats: RunStats | None = None,
    *,
    link_base: str | None = None,
    max_items: int = 30,
) -> str:
    """The summary as Markdown. ``link_base``: URL that ``/<path>#L<line>`` is appended to."""
    st = stats if stats is not None else RunStats(total=len(findings))
    groups = merged(findings, st.duplicate_of)
    c = finding_counts(groups, verdicts)
    out: list[str] = [f"## sastls triage: {_headline(c)}", ""]
    out += ["| Verdict | Findings |", "|---|---:|"]
    for label in ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", UNTRIAGED):
        if c.get(label, 0) or label != UNTRIAGED:
            out.append(f"| {ICONS[label]} {label} | {c.get(label, 0)} |")
    out.append(f"| **Total** | **{len(groups)}** |")
    out.append("")

    ran = investigated_verdicts(findings, verdicts, st.duplicate_of)
    tokens = sum(v.usage.prompt_tokens + v.usage.completion_tokens for v in ran)
    cost = sum(v.usage.cost_usd for v in ran)
    facts = [f"analyst **{escape(st.analyst)}**" + (f" ({code(st.model)})" if st.model else "")]
    if len(groups) != len(findings):
        facts.append(escape(scope_text(len(groups), len(findings)), None))
    if st.reused:
        facts.append(f"{st.reused} reused from earlier runs")
    if st.redecided:
        why = ", ".join(f"{n} {r}" for r, n in sorted(st.redecided.items(), key=lambda kv: -kv[1]))
        facts.append(escape(f"{sum(st.redecided.values())} decided again ({why})"))
    if st.shard:
        facts.append(f"shard {escape(st.shard)}")
    facts.append(f"{st.wall_seconds:.1f} s")
    if tokens:
        facts.append(f"{tokens:,} tokens, ${cost:.2f}")
    out += ["<sub>" + " · ".join(facts) + "</sub>", ""]

    def section(label: str, title: str) -> None:
        items = [g for g in groups if label_of(g.primary, verdicts) == label]
        if not items:
            return
        order = {"error": 0, "warning": 1, "note": 2, "none": 3}
        items.sort(key=lambda g: (order.get(g.primary.level, 4), g.primary.path, g.primary.line))
        out.append(f"### {ICONS[label]} {title} ({len(items)})")
        out.append("")
        for g in items[:max_items]:
            out.extend(_finding_line(g, verdicts.get(g.primary.fingerprint), link_base))
        if len(items) > max_items:
            out.append(f"- … and {len(items) - max_items} more (see the full report)")
        out.append("")

    section("TRUE_POSITIVE", "True positives")
    section("NEEDS_REVIEW", "Needs review")

    rules = false_positive_rules(findings, verdicts, limit=10)
    if rules:
        out += ["### 🟢 Rules with the most false positives", ""]
        out += ["| Rule | False positives | Share of the rule's findings |", "|---|---:|---:|"]
        for name, fp, total in rules:
            out.append(f"| {code(name)} | {fp} | {100 * fp / total:.0f}% of {total} |")
        out.append("")

    if st.skipped:
        reasons: dict[str, int] = {}
        for s in st.skipped:
            reasons[s.reason] = reasons.get(s.reason, 0) + 1
        out += [f"### {ICONS[UNTRIAGED]} Not triaged ({len(st.skipped)})", ""]
        out += [f"- {n} × {escape(r, 200)}" for r, n in sorted(reasons.items(), key=lambda kv: -kv[1])]
        out.append("")
    if st.load_errors:
        out += [f"<details><summary>{len(st.load_errors)} input problems</summary>", ""]
        out += [f"- {escape(e, 300)}" for e in st.load_errors[:50]]
        out += ["", "</details>", ""]
    return "\n".join(out).rstrip() + "\n"
