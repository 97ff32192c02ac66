"""Benchmark the fix loop (offline proposer) over the real cases of the labelled corpus.

For every finding that bandit, flawfinder or cppcheck reports in a case labelled as a real
vulnerability (tests/corpus/expected.csv, findings in tests/corpus/findings/), runs the fix loop
with the offline rewrites and full verification (parse, re-scan with the real scanner, scope) in
shadow copies, and prints per rule: findings, verified fixes (share), not auto-fixable, attempts
per verified fix, seconds per fix (every finding) — and the command that made the figures.

    .venv/bin/python bench/fix.py [--corpus tests/corpus] [--rules B602,FF1001,...] [--limit N] [--json]

The corpus is never modified (verification runs on temporary copies, which are removed).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import shlex
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ("bandit.json", "flawfinder.sarif", "cppcheck.xml")


def real_cases(corpus: Path) -> set[str]:
    out = set()
    with (corpus / "expected.csv").open() as fh:
        for row in csv.reader(line for line in fh if not line.startswith("#")):
            if len(row) >= 3 and row[2].strip() == "true":
                out.add(row[0].strip())
    return out


async def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpus")
    p.add_argument("--rules", help="only these rule ids (comma-separated)")
    p.add_argument("--limit", type=int, help="at most N findings")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()

    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.load import load_findings
    from sastls.graph.fix_loop import afix

    cases = args.corpus / "cases"
    real = real_cases(args.corpus)
    loaded = load_findings([args.corpus / "findings" / r for r in REPORTS], cases)
    findings = [f for f in loaded.findings if Path(f.path).stem in real]
    if args.rules:
        wanted = set(args.rules.split(","))
        findings = [f for f in findings if f.rule_id in wanted]
    findings = findings[: args.limit] if args.limit else findings
    config = Config()
    rows: dict[tuple[str, str, str], list[dict[str, object]]] = defaultdict(list)
    t0 = time.monotonic()
    for f in findings:
        fix = await afix(f, cases, config)
        rows[(f.tool, f.rule_id, f.rule_name or "")].append(
            {
                "verified": fix.verified,
                "attempts": len(fix.attempts),
                "seconds": fix.seconds,
                "not_fixable": fix.stop_reason.startswith("not auto-fixable"),
                "stop_reason": fix.stop_reason,
            }
        )
    total = time.monotonic() - t0
    command = " ".join([".venv/bin/python", "bench/fix.py", *map(shlex.quote, sys.argv[1:])])
    summary = []
    for (tool, rule, name), rs in sorted(rows.items()):
        ok = [r for r in rs if r["verified"]]
        summary.append(
            {
                "tool": tool,
                "rule": rule,
                "name": name,
                "findings": len(rs),
                "verified": len(ok),
                "share": len(ok) / len(rs),
                "not_fixable": sum(1 for r in rs if r["not_fixable"]),
                "attempts_per_fix": statistics.mean(float(r["attempts"]) for r in ok) if ok else None,  # type: ignore[arg-type]
                "seconds_per_fix": statistics.mean(float(r["seconds"]) for r in rs),  # type: ignore[arg-type]
                "failures": sorted(
                    {str(r["stop_reason"])[:90] for r in rs if not r["verified"] and not r["not_fixable"]}
                ),
            }
        )
    if args.json:
        print(json.dumps({"rules": summary, "seconds": total, "command": command}, indent=2))
        return 0
    print(
        f"{'tool':<10} {'rule':<8} {'name':<40} {'n':>4} {'fixed':>5} {'share':>6} {'n/a':>4} "
        f"{'att/fix':>7} {'s/fix':>6}"
    )
    for s in summary:
        att = f"{s['attempts_per_fix']:.2f}" if s["attempts_per_fix"] is not None else "-"
        print(
            f"{s['tool']:<10} {s['rule']:<8} {str(s['name'])[:40]:<40} {s['findings']:>4} {s['verified']:>5} "
            f"{s['share']:>6.0%} {s['not_fixable']:>4} {att:>7} {s['seconds_per_fix']:>6.2f}"
        )
        for reason in s["failures"]:  # type: ignore[attr-defined]
            print(f"{'':>20} unverified: {reason}")
    n = sum(len(rs) for rs in rows.values())
    fixed = sum(s["verified"] for s in summary)  # type: ignore[misc]
    fixable = n - sum(s["not_fixable"] for s in summary)  # type: ignore[misc]
    print(
        f"\n{n} findings in real cases: {fixed} with a verified fix ({fixed / max(n, 1):.0%}); "
        f"{fixed}/{fixable} of those with an offline rewrite; {total:.1f}s total, "
        f"{total / max(n, 1):.2f}s per finding"
    )
    print(f"command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
