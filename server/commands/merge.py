"""``sastls merge OUT.sarif SHARD...``: join the triaged SARIF of several shards into one.

Results are deduplicated by ``sastls/v1`` fingerprint (the copy with a verdict wins), so
shards of one backlog (``sastls triage --shard I/N``) merge into the file a single run
would have written. Optionally writes the reports and gates like ``sastls triage``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Evidence, Verdict
from sastls.server.batch import (
    GATE_LABELS,
    GATE_LEVELS,
    nofp_path,
    read_json,
    select,
    source_reader,
    validate,
    write_text,
)
from sastls.server.cli import EXIT_GATE, EXIT_OK, EXIT_USAGE
from sastls.server.reports.stats import RunStats, finding_counts, scope_text
from sastls.server.reports.stats import merged as merged_findings


def _err(message: str) -> None:
    print(f"sastls merge: error: {message}", file=sys.stderr)


def verdict_from_result(result: dict[str, Any]) -> Verdict | None:
    """The verdict a triaged SARIF result carries in ``properties.sastls``, if any."""
    fp = (result.get("fingerprints") or {}).get("sastls/v1")
    ours = (result.get("properties") or {}).get("sastls")
    if not isinstance(fp, str) or not isinstance(ours, dict) or "verdict" not in ours:
        return None
    try:
        return Verdict(
            fingerprint=fp,
            verdict=ours["verdict"],
            confidence=float(ours.get("confidence") or 0.0),
            justification=str(ours.get("justification") or ""),
            analyst=ours.get("analyst") or "heuristic",
            evidence=tuple(
                Evidence(
                    path=str(e["path"]),
                    start_line=int(e["start_line"]),
                    end_line=int(e.get("end_line") or e["start_line"]),
                    why=str(e.get("why") or ""),
                    role=e.get("role") or "note",
                )
                for e in ours.get("evidence") or ()
            ),
            model=ours.get("model"),
            reason=ours.get("reason"),
            stop_reason=ours.get("stop_reason"),
            decided_at=str(ours.get("decided_at") or ""),
            human=bool(ours.get("human")),
        )
    except (KeyError, TypeError, ValueError):
        return None


def findings_and_verdicts(
    path: Path, doc: dict[str, Any], repo: Path
) -> tuple[list[Finding], dict[str, Verdict]]:
    """The findings of a triaged SARIF (skipping results unchanged since a baseline) and their verdicts."""
    from sastls.analyzers.findings.load import load_findings

    loaded = load_findings([path], repo)
    runs = doc.get("runs") or []
    findings: list[Finding] = []
    verdicts: dict[str, Verdict] = {}
    for f in loaded.findings:
        try:
            result = runs[f.run_index or 0]["results"][f.result_index or 0]
        except (IndexError, KeyError, TypeError):
            findings.append(f)
            continue
        if result.get("baselineState") == "unchanged":
            continue
        fp = (result.get("fingerprints") or {}).get("sastls/v1")
        finding = f.with_fingerprint(fp) if isinstance(fp, str) else f
        findings.append(finding)
        v = verdict_from_result(result)
        if v is not None:
            verdicts[finding.fingerprint] = v
    return findings, verdicts


def run(args: argparse.Namespace) -> int:
    from sastls.server.reports.sarif import drop_false_positives, merge_sarif, sarif_text

    docs: list[dict[str, Any]] = []
    for shard in args.shards:
        doc = read_json(Path(shard))
        if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
            _err(f"{shard}: not a readable SARIF file")
            return EXIT_USAGE
        docs.append(doc)
    repo = Path(args.repo)
    if not repo.is_dir():
        _err(f"--repo {args.repo}: not a directory")
        return EXIT_USAGE
    merged = merge_sarif(docs)
    for problem in validate(merged)[:5]:
        print(f"sastls merge: warning: merged SARIF: {problem}", file=sys.stderr)
    out = Path(args.out)
    written: list[tuple[str, Path]] = []
    try:
        write_text(out, sarif_text(merged))
        written.append(("merged SARIF", out))
        if args.drop_false_positives:
            nofp = nofp_path(out)
            write_text(nofp, sarif_text(drop_false_positives(merged)))
            written.append(("SARIF without false positives", nofp))
        findings, verdicts = findings_and_verdicts(out, merged, repo)
        _groups, _state, duplicates = select(findings, None, None)
        stats = RunStats(
            analyst="merged",
            total=len(findings),
            inputs=tuple(args.shards),
            duplicates=len(duplicates),
            duplicate_of=duplicates,
        )
        if args.markdown:
            from sastls.server.reports.markdown import render_markdown

            write_text(
                Path(args.markdown), render_markdown(findings, verdicts, stats, link_base=args.link_base)
            )
            written.append(("Markdown summary", Path(args.markdown)))
        if args.report:
            from sastls.server.reports.html import render_html

            page = render_html(findings, verdicts, stats, read_lines=source_reader(repo))
            write_text(Path(args.report), page)
            written.append(("HTML report", Path(args.report)))
    except OSError as exc:
        _err(f"cannot write output: {exc}")
        return EXIT_USAGE
    duplicate_of: Mapping[str, str] = stats.duplicate_of
    groups = merged_findings(findings, duplicate_of)
    c = finding_counts(groups, verdicts)
    print(
        f"sastls merge: {len(docs)} files, {scope_text(len(groups), len(findings))}: "
        + ", ".join(
            f"{k} {c[k]}" for k in ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", "UNTRIAGED") if c[k]
        )
    )
    print("Written:")
    w = max(len(what) for what, _ in written)
    for what, path in written:
        print(f"  {what.ljust(w)}  {path}")
    levels = GATE_LEVELS[args.fail_on]
    failing = [
        f
        for f in findings
        if f.level in levels
        and (f.fingerprint not in verdicts or verdicts[f.fingerprint].verdict in GATE_LABELS)
    ]
    if args.fail_on != "never":
        n = len({duplicate_of.get(f.fingerprint, f.fingerprint) for f in failing})
        print(f"Gate (--fail-on {args.fail_on}): {n} findings need attention")
    return EXIT_GATE if failing else EXIT_OK
