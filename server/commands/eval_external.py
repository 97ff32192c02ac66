"""``sastls eval TRIAGED.sarif --external MANIFEST.toml [--json]``: score triage on an external corpus.

The manifest (tests/external/manifest.toml) labels scanner findings on public releases: a finding
on a statement the fix changed is real in the last vulnerable release; one the fix neutralised is
false in the first fixed release. The triaged SARIF's result paths start with the release folder
(``<package>-<version>/...``), as ``tests/external/materialise.py --triage`` writes them.
Prints per weakness class and overall: recall on real findings, the share of false findings
dropped, the NEEDS_REVIEW share, and the lists of lost real findings and kept false ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sastls.server.cli import EXIT_OK, EXIT_USAGE
from sastls.server.evaluate import observations
from sastls.server.evaluate_external import (
    ClassScore,
    ExternalEvaluation,
    Judged,
    parse_manifest,
    score,
    verdicts_of,
)

SHOW = 15


def _err(message: str) -> None:
    print(f"sastls eval: error: {message}", file=sys.stderr)


def _read(path: Path, what: str) -> str | None:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        _err(f"{what} {path}: no such file")
    except UnicodeDecodeError as exc:
        _err(f"{what} {path}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    except OSError as exc:
        _err(f"{what} {path}: cannot be read: {exc.strerror or exc}")
    return None


def load(args: argparse.Namespace) -> ExternalEvaluation | None:
    sarif_path, manifest_path = Path(args.triaged), Path(args.external)
    sarif_text = _read(sarif_path, "triaged SARIF")
    manifest_text = _read(manifest_path, "external manifest")
    if sarif_text is None or manifest_text is None:
        return None
    try:
        doc = json.loads(sarif_text)
    except json.JSONDecodeError as exc:
        _err(f"triaged SARIF {sarif_path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
        _err(f"triaged SARIF {sarif_path}: not a SARIF document ($.runs is missing or not an array)")
        return None
    manifest, errors = parse_manifest(manifest_text)
    errors = [f"{manifest_path}: {e}" for e in errors]
    if not manifest.advisories:
        for e in errors:
            _err(e)
        _err(f"external manifest {manifest_path}: no usable advisory")
        return None
    results, result_errors = observations(doc)
    verdicts, unlabelled, map_errors = verdicts_of(manifest, results)
    errors += [f"{sarif_path}: {e}" for e in (*result_errors, *map_errors)]
    return score(manifest, verdicts, unlabelled, errors)


def fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def row(name: str, s: ClassScore) -> list[str]:
    return [
        name,
        str(s.advisories),
        str(s.real),
        str(s.real_lost),
        fmt(s.recall),
        str(s.false),
        str(s.false_dropped),
        fmt(s.dropped),
        str(s.real_review + s.false_review),
        fmt(s.review_share),
        str(s.missing),
    ]


HEADERS = (
    "class",
    "advisories",
    "real",
    "lost",
    "recall",
    "fixed-code",
    "dropped",
    "dropped %",
    "needs review",
    "review %",
    "missing",
)


def describe(j: Judged) -> str:
    k = j.label.key
    return f"{j.label.advisory} {k.tree}/{k.file}:{k.line} {k.tool}:{k.rule} -> {j.verdict}"


def render(ev: ExternalEvaluation, source: str) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)
    table = Table(title=f"sastls eval (external corpus): {source}", title_justify="left")
    for h in HEADERS:
        table.add_column(h, justify="left" if h == "class" else "right", no_wrap=True)
    for name, s in sorted(ev.classes.items()):
        table.add_row(*row(name, s))
    table.add_section()
    table.add_row(*row("overall", ev.overall), style="bold")
    console.print(table)
    console.print(
        "real: findings on a line the fix changed, in the vulnerable release (lost = judged FALSE_POSITIVE); "
        "fixed-code: findings the fix neutralised, in the fixed release (dropped = judged FALSE_POSITIVE). "
        f"{ev.unlabelled_results} results carry no label.",
        highlight=False,
    )

    def listing(title: str, items: tuple[Judged, ...]) -> None:
        if not items:
            return
        console.print(f"{title} ({len(items)}):", highlight=False)
        for j in items[:SHOW]:
            console.print(f"  {describe(j)}", highlight=False)
        if len(items) > SHOW:
            console.print(f"  ... {len(items) - SHOW} more (--json lists all)", highlight=False)

    listing("Real findings lost (judged FALSE_POSITIVE)", ev.lost)
    listing("Fixed-code findings kept", ev.kept_false)
    listing("Labelled findings absent from the results", ev.missing)


def run(args: argparse.Namespace) -> int:
    ev = load(args)
    if ev is None:
        return EXIT_USAGE
    for e in ev.errors[:SHOW]:
        print(f"sastls eval: warning: {e}", file=sys.stderr)
    if len(ev.errors) > SHOW:
        print(f"sastls eval: warning: ... {len(ev.errors) - SHOW} more problems", file=sys.stderr)
    if args.json:
        data: dict[str, Any] = {"triaged": args.triaged, "external": args.external, **ev.to_dict()}
        print(json.dumps(data, indent=2))
    else:
        render(ev, args.triaged)
    return EXIT_OK
