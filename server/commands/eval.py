"""``sastls eval TRIAGED.sarif --expected CASES.csv [--json]``: score triage against labelled cases.

(``--external MANIFEST.toml`` scores an external corpus instead: see ``eval_external``.)

A CSV with ``file,cwe,start_line,end_line,label`` columns labels code regions instead (bad / good
functions, as the Juliet C/C++ suite): :mod:`.eval_regions` scores it.

The CSV is in the OWASP Benchmark expected-results format
(``# test name, category, real vulnerability, cwe`` then ``CaseName00001,sqli,true,89``).
Prints, per category and overall, TP/FP/FN/TN, precision, recall, F1 and the OWASP
score before and after triage, the false positives triage removed and the true
positives it lost (a rich table; ``--json`` for machine output). Exit 0, or 2 when an
input cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sastls.server.commands import eval_io
from sastls.server.commands.eval_io import err
from sastls.server.evaluate import Evaluation, Score, evaluate, observations, parse_expected

SHOW = 10  # names listed per problem kind in the table view


def score(inputs: eval_io.Inputs) -> Evaluation | None:
    """Score the triaged results against OWASP-style expected results; None when no case is usable."""
    cases, csv_errors = parse_expected(inputs.labels)
    errors = [f"{inputs.labels_path}: {e}" for e in csv_errors]
    if not cases:
        for e in errors:
            err(e)
        err(f"expected results {inputs.labels_path}: no test cases")
        return None
    results, result_errors = observations(inputs.doc)
    return evaluate(cases, results, [*errors, *(f"{inputs.triaged_path}: {e}" for e in result_errors)])


def _fmt(value: float | None, pct: bool = False) -> str:
    if value is None:
        return "—"
    return f"{value * 100:.1f}%" if pct else f"{value:.3f}"


def _row(name: str, s: Score) -> list[str]:
    b, a = s.before, s.after
    removed = f"{s.fp_removed}" + (f" ({_fmt(s.fp_removed_pct, pct=True)})" if s.before.fp else "")
    return [
        name,
        str(s.cases),
        f"{b.tp}/{b.fp}/{b.fn}/{b.tn}",
        _fmt(b.precision),
        _fmt(b.recall),
        _fmt(b.f1),
        _fmt(s.score_before),
        f"{a.tp}/{a.fp}/{a.fn}/{a.tn}",
        _fmt(a.precision),
        _fmt(a.recall),
        _fmt(a.f1),
        _fmt(s.score_after),
        removed,
        str(s.tp_lost),
    ]


def render(ev: Evaluation, source: str) -> None:
    headers = [
        "category",
        "cases",
        "before TP/FP/FN/TN",
        "prec",
        "recall",
        "F1",
        "score",
        "after TP/FP/FN/TN",
        "prec",
        "recall",
        "F1",
        "score",
        "FP removed",
        "TPs lost",
    ]
    rows = [_row(name, score) for name, score in sorted(ev.categories.items())]
    console = eval_io.print_table(f"sastls eval: {source}", headers, [rows], _row("overall", ev.overall))
    console.print(
        f"{ev.results} results: {ev.matched_results} in a case's file, "
        f"{ev.unmatched_results} in no case's file; "
        f"{len(ev.mismatches)} with a CWE other than their case's. "
        "Score = mean TPR − mean FPR over categories (OWASP Benchmark).",
        highlight=False,
    )

    def listing(title: str, names: tuple[str, ...]) -> None:
        if names:
            more = f" (+{len(names) - SHOW} more)" if len(names) > SHOW else ""
            console.print(f"{title} ({len(names)}): {', '.join(names[:SHOW])}{more}", highlight=False)

    listing("TPs lost by triage", ev.lost)
    listing("Real cases no result detected", ev.missed)
    listing("False cases still flagged after triage", ev.kept_false)
    for m in ev.mismatches[:SHOW]:
        found = ", ".join(f"CWE-{n}" for n in m.found_cwes) or "no CWE"
        console.print(
            f"CWE mismatch: {m.case} expects CWE-{m.expected_cwe}, "
            f"{m.rule_id or 'a result'} at {m.where} has {found}",
            highlight=False,
        )
    if len(ev.mismatches) > SHOW:
        console.print(
            f"... {len(ev.mismatches) - SHOW} more CWE mismatches (--json lists all)", highlight=False
        )


def run(args: argparse.Namespace) -> int:
    if getattr(args, "external", None):
        from sastls.server.commands import eval_external

        return eval_io.evaluate(
            args, "external", "external manifest", eval_external.score, eval_external.render
        )
    from sastls.server.evaluate_regions import looks_like_region_labels

    csv_text = eval_io.read_text(Path(args.expected), "expected results")
    if csv_text is not None and looks_like_region_labels(csv_text):
        from sastls.server.commands import eval_regions

        return eval_io.evaluate(args, "expected", "expected results", eval_regions.score, eval_regions.render)
    return eval_io.evaluate(args, "expected", "expected results", score, render)
