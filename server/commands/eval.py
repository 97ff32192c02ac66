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
import json
import sys
from pathlib import Path
from typing import Any

from sastls.server.cli import EXIT_OK, EXIT_USAGE
from sastls.server.evaluate import Evaluation, Score, evaluate, observations, parse_expected

SHOW = 10  # names listed per problem kind in the table view


def _err(message: str) -> None:
    print(f"sastls eval: error: {message}", file=sys.stderr)


def _warn(message: str) -> None:
    print(f"sastls eval: warning: {message}", file=sys.stderr)


def _read_text(path: Path, what: str) -> str | None:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        _err(f"{what} {path}: no such file")
    except UnicodeDecodeError as exc:
        _err(f"{what} {path}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    except OSError as exc:
        _err(f"{what} {path}: cannot be read: {exc.strerror or exc}")
    return None


def load(args: argparse.Namespace) -> Evaluation | None:
    """Read both inputs and evaluate; None (after a message on stderr) when an input is unusable."""
    sarif_path, csv_path = Path(args.triaged), Path(args.expected)
    sarif_text = _read_text(sarif_path, "triaged SARIF")
    csv_text = _read_text(csv_path, "expected results")
    if sarif_text is None or csv_text is None:
        return None
    try:
        doc = json.loads(sarif_text)
    except json.JSONDecodeError as exc:
        _err(f"triaged SARIF {sarif_path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
        _err(f"triaged SARIF {sarif_path}: not a SARIF document ($.runs is missing or not an array)")
        return None
    cases, csv_errors = parse_expected(csv_text)
    errors = [f"{csv_path}: {e}" for e in csv_errors]
    if not cases:
        for e in errors:
            _err(e)
        _err(f"expected results {csv_path}: no test cases")
        return None
    results, result_errors = observations(doc)
    errors += [f"{sarif_path}: {e}" for e in result_errors]
    return evaluate(cases, results, errors)


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
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)
    table = Table(title=f"sastls eval: {source}", title_justify="left")
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
    for h in headers:
        table.add_column(h, justify="left" if h == "category" else "right", no_wrap=True)
    for name, score in sorted(ev.categories.items()):
        table.add_row(*_row(name, score))
    table.add_section()
    table.add_row(*_row("overall", ev.overall), style="bold")
    console.print(table)
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

        return eval_external.run(args)
    from sastls.server.evaluate_regions import looks_like_region_labels

    csv_text = _read_text(Path(args.expected), "expected results")
    if csv_text is not None and looks_like_region_labels(csv_text):
        sarif_text = _read_text(Path(args.triaged), "triaged SARIF")
        try:
            doc = json.loads(sarif_text) if sarif_text is not None else None
        except json.JSONDecodeError as exc:
            _err(f"triaged SARIF {args.triaged}: invalid JSON at line {exc.lineno}: {exc.msg}")
            return EXIT_USAGE
        if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
            _err(f"triaged SARIF {args.triaged}: not a SARIF document ($.runs is missing or not an array)")
            return EXIT_USAGE
        from sastls.server.commands.eval_regions import run_regions

        return run_regions(doc, csv_text, args)
    ev = load(args)
    if ev is None:
        return EXIT_USAGE
    for e in ev.errors[:SHOW]:
        _warn(e)
    if len(ev.errors) > SHOW:
        _warn(f"... {len(ev.errors) - SHOW} more problems (--json lists all)")
    if args.json:
        data: dict[str, Any] = {"triaged": args.triaged, "expected": args.expected, **ev.to_dict()}
        print(json.dumps(data, indent=2))
    else:
        render(ev, args.triaged)
    return EXIT_OK
