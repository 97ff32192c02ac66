"""Figures the reports share: what a triage run did, and verdict counts by facet.

Pure data and pure functions of findings + verdicts; no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import VERDICTS, Verdict

UNTRIAGED = "UNTRIAGED"
"""Label of a finding that has no verdict (skipped by the budget, failed, or outside --only-new)."""

LABELS: tuple[str, ...] = (*VERDICTS, UNTRIAGED)


@dataclass(frozen=True)
class Skipped:
    """A finding the run did not decide, and why."""

    fingerprint: str
    reason: str


@dataclass(frozen=True)
class RunStats:
    """What one triage run did (shown in the reports' header)."""

    analyst: str = "heuristic"
    model: str | None = None
    total: int = 0  # findings in scope (after --shard / --only-new)
    investigated: int = 0  # groups investigated in this run
    reused: int = 0  # groups whose verdict came from the store (same code, already decided)
    redecided: Mapping[str, int] = field(default_factory=dict)  # stored verdicts that no longer stood, by why
    duplicates: int = 0  # findings merged into another finding's group
    wall_seconds: float = 0.0
    jobs: int = 1
    shard: str | None = None
    inputs: tuple[str, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    load_errors: tuple[str, ...] = ()
    generated_at: str = ""
    duplicate_of: Mapping[str, str] = field(default_factory=dict)  # member fingerprint -> primary's
    extra: Mapping[str, str] = field(default_factory=dict)


def label_of(finding: Finding, verdicts: Mapping[str, Verdict]) -> str:
    v = verdicts.get(finding.fingerprint)
    return v.verdict if v is not None else UNTRIAGED


def counts(findings: Iterable[Finding], verdicts: Mapping[str, Verdict]) -> Counter[str]:
    """Findings per verdict label (UNTRIAGED for those without one)."""
    return Counter(label_of(f, verdicts) for f in findings)


def cwe_key(finding: Finding) -> str:
    return ", ".join(f"CWE-{c}" for c in finding.cwe) if finding.cwe else "no CWE"


def rule_key(finding: Finding) -> str:
    return f"{finding.tool}: {finding.rule_id}"


def file_key(finding: Finding) -> str:
    return finding.path


def tool_key(finding: Finding) -> str:
    return finding.tool


def by_facet(
    findings: Iterable[Finding],
    verdicts: Mapping[str, Verdict],
    key: Callable[[Finding], str],
    limit: int | None = None,
) -> list[tuple[str, Counter[str]]]:
    """Verdict counts per facet value, the busiest first (ties by name)."""
    table: dict[str, Counter[str]] = {}
    for f in findings:
        table.setdefault(key(f), Counter())[label_of(f, verdicts)] += 1
    rows = sorted(table.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    return rows[:limit] if limit is not None else rows


def false_positive_rules(
    findings: Iterable[Finding], verdicts: Mapping[str, Verdict], limit: int = 10
) -> list[tuple[str, int, int]]:
    """Rules with the most FALSE_POSITIVE verdicts: (rule, false positives, all findings of the rule)."""
    rows = by_facet(findings, verdicts, rule_key)
    fp = [(name, c["FALSE_POSITIVE"], sum(c.values())) for name, c in rows if c["FALSE_POSITIVE"]]
    fp.sort(key=lambda r: (-r[1], -r[1] / r[2], r[0]))
    return fp[:limit]


def confidence_histogram(
    findings: Iterable[Finding], verdicts: Mapping[str, Verdict], bins: int = 10
) -> list[tuple[str, Counter[str]]]:
    """Verdict counts per confidence bin ("0.0–0.1" ... "0.9–1.0")."""
    hist: list[Counter[str]] = [Counter() for _ in range(bins)]
    for f in findings:
        v = verdicts.get(f.fingerprint)
        if v is None:
            continue
        i = min(bins - 1, max(0, int(v.confidence * bins)))
        hist[i][v.verdict] += 1
    return [(f"{i / bins:.1f}–{(i + 1) / bins:.1f}", c) for i, c in enumerate(hist)]


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def investigated_verdicts(
    findings: Iterable[Finding], verdicts: Mapping[str, Verdict], duplicate_of: Mapping[str, str]
) -> list[Verdict]:
    """One verdict per investigation: duplicates merged into another finding's group are left out."""
    return [
        v
        for f in findings
        if f.fingerprint not in duplicate_of and (v := verdicts.get(f.fingerprint)) is not None
    ]


# --- one finding per place and weakness ----------------------------------------------------------------
# A *finding* is one place and weakness; a *scanner report* is one result of one tool. Reports of the
# same place and weakness by several tools (or read twice) are merged into one finding, which the
# reports, the CLI summary and the progress line count; each report keeps its verdict in the SARIF.


@dataclass(frozen=True)
class Merged:
    """One finding: the reports merged into it, the investigated (primary) one first."""

    primary: Finding
    members: tuple[Finding, ...]

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.tool for m in self.members))

    @property
    def rules(self) -> tuple[str, ...]:
        """``tool: rule`` of every report, once each."""
        return tuple(dict.fromkeys(rule_key(m) for m in self.members))


def merged(findings: Iterable[Finding], duplicate_of: Mapping[str, str]) -> list[Merged]:
    """The findings as merged (input order of their primaries); a report whose primary is not among
    ``findings`` stands alone."""
    items = list(findings)
    present = {f.fingerprint for f in items}
    groups: dict[str, list[Finding]] = {}
    for f in items:
        head = duplicate_of.get(f.fingerprint, f.fingerprint)
        if head not in present:
            head = f.fingerprint
        groups.setdefault(head, []).append(f)
    out: list[Merged] = []
    for head, members in groups.items():
        primary = next((m for m in members if m.fingerprint == head), members[0])
        out.append(Merged(primary, (primary, *(m for m in members if m is not primary))))
    return out


def finding_counts(groups: Iterable[Merged], verdicts: Mapping[str, Verdict]) -> Counter[str]:
    """Findings (not reports) per verdict label."""
    return Counter(label_of(g.primary, verdicts) for g in groups)


def scope_text(findings: int, reports: int) -> str:
    """``35 findings`` and, when they differ, how many scanner reports were merged into them."""
    text = f"{findings} finding{'s' if findings != 1 else ''}"
    if reports != findings:
        text += f" from {reports} scanner reports ({reports - findings} merged: same place and weakness)"
    return text
