"""``sastls eval TRIAGED.sarif --expected labels.csv`` when the CSV labels code regions
(``file,cwe,start_line,end_line,label``, as the Juliet C/C++ suite is labelled per function):
recall on findings in bad regions, the share of findings in good regions triage dropped, and the
share left NEEDS_REVIEW, per CWE, per tool and overall."""

from __future__ import annotations

from pathlib import Path

from sastls.server.commands import eval_io
from sastls.server.evaluate import observations
from sastls.server.evaluate_regions import RegionEvaluation, Tally, evaluate_regions, parse_region_labels

SHOW = 10


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:.1f}% ({num}/{den})" if den else "—"


def score(inputs: eval_io.Inputs) -> RegionEvaluation | None:
    """Score the triaged results against labelled code regions; None when no region is usable."""
    regions, errors = parse_region_labels(inputs.labels)
    if not regions:
        for e in errors:
            eval_io.err(f"{inputs.labels_path}: {e}")
        eval_io.err(f"{inputs.labels_path}: no labelled regions")
        return None
    results, result_errors = observations(inputs.doc)
    return evaluate_regions(regions, results, [*errors, *result_errors])


def _row(name: str, t: Tally) -> list[str]:
    return [
        name,
        _pct(t.real_kept, t.real),
        _pct(t.false_dropped, t.false),
        _pct(t.family_false_dropped, t.family_false),
        _pct(t.review, t.scored),
    ]


def render(ev: RegionEvaluation, source: str) -> None:
    headers = ("scope", "recall (real kept)", "false dropped", "same-weakness false dropped", "NEEDS_REVIEW")
    by_cwe = [_row(name, t) for name, t in sorted(ev.by_cwe.items(), key=lambda kv: int(kv[0].split("-")[1]))]
    by_tool = [_row(f"tool {name}", t) for name, t in sorted(ev.by_tool.items())]
    title = f"sastls eval (labelled regions): {Path(source).name}"
    console = eval_io.print_table(title, headers, [by_cwe, by_tool], _row("overall", ev.overall))
    console.print(
        f"Real: findings in a bad region with a CWE of its weakness; false: findings in a good region "
        f"(same-weakness: with a CWE of the region's weakness). {ev.unscored} findings were not scored "
        "(outside every region, or of another weakness in a bad one).",
        highlight=False,
    )
    if ev.overall.lost:
        more = f" (+{len(ev.overall.lost) - SHOW} more)" if len(ev.overall.lost) > SHOW else ""
        console.print(f"Real findings dropped: {', '.join(ev.overall.lost[:SHOW])}{more}", highlight=False)
