"""``sastls eval TRIAGED.sarif --expected labels.csv`` when the CSV labels code regions
(``file,cwe,start_line,end_line,label``, as the Juliet C/C++ suite is labelled per function):
recall on findings in bad regions, the share of findings in good regions triage dropped, and the
share left NEEDS_REVIEW, per CWE, per tool and overall."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sastls.server.evaluate import observations
from sastls.server.evaluate_regions import RegionEvaluation, Tally, evaluate_regions, parse_region_labels

SHOW = 10


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:.1f}% ({num}/{den})" if den else "—"


def run_regions(doc: dict[str, Any], csv_text: str, args: Any) -> int:
    regions, errors = parse_region_labels(csv_text)
    if not regions:
        for e in errors:
            print(f"sastls eval: error: {args.expected}: {e}", file=sys.stderr)
        print(f"sastls eval: error: {args.expected}: no labelled regions", file=sys.stderr)
        return 2
    results, result_errors = observations(doc)
    ev = evaluate_regions(regions, results, [*errors, *result_errors])
    for e in ev.errors[:SHOW]:
        print(f"sastls eval: warning: {e}", file=sys.stderr)
    if args.json:
        print(json.dumps({"triaged": args.triaged, "expected": args.expected, **ev.to_dict()}, indent=2))
    else:
        render(ev, Path(args.triaged).name)
    return 0


def _row(name: str, t: Tally) -> list[str]:
    return [
        name,
        _pct(t.real_kept, t.real),
        _pct(t.false_dropped, t.false),
        _pct(t.family_false_dropped, t.family_false),
        _pct(t.review, t.scored),
    ]


def render(ev: RegionEvaluation, source: str) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)
    table = Table(title=f"sastls eval (labelled regions): {source}", title_justify="left")
    for h in ("scope", "recall (real kept)", "false dropped", "same-weakness false dropped", "NEEDS_REVIEW"):
        table.add_column(h, justify="left" if h == "scope" else "right", no_wrap=True)
    for name, t in sorted(ev.by_cwe.items(), key=lambda kv: int(kv[0].split("-")[1])):
        table.add_row(*_row(name, t))
    table.add_section()
    for name, t in sorted(ev.by_tool.items()):
        table.add_row(*_row(f"tool {name}", t))
    table.add_section()
    table.add_row(*_row("overall", ev.overall), style="bold")
    console.print(table)
    console.print(
        f"Real: findings in a bad region with a CWE of its weakness; false: findings in a good region "
        f"(same-weakness: with a CWE of the region's weakness). {ev.unscored} findings were not scored "
        "(outside every region, or of another weakness in a bad one).",
        highlight=False,
    )
    if ev.overall.lost:
        more = f" (+{len(ev.overall.lost) - SHOW} more)" if len(ev.overall.lost) > SHOW else ""
        console.print(f"Real findings dropped: {', '.join(ev.overall.lost[:SHOW])}{more}", highlight=False)
