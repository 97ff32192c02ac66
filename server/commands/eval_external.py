"""``sastls eval TRIAGED.sarif --external MANIFEST.toml [--json]``: score triage on an external corpus.

The manifest (tests/external/manifest.toml) labels scanner findings on public releases: a finding
on a statement the fix changed is real in the last vulnerable release; one the fix neutralised is
false in the first fixed release. The triaged SARIF's result paths start with the release folder
(``<package>-<version>/...``), as ``tests/external/materialise.py --triage`` writes them.
Prints per weakness class and overall: recall on real findings, the share of false findings
dropped, the NEEDS_REVIEW share, and the lists of lost real findings and kept false ones.
"""

from __future__ import annotations

from sastls.server.commands import eval_io
from sastls.server.evaluate import observations
from sastls.server.evaluate_external import (
    ClassScore,
    ExternalEvaluation,
    Judged,
    parse_manifest,
    verdicts_of,
)
from sastls.server.evaluate_external import score as score_external

SHOW = 15


def score(inputs: eval_io.Inputs) -> ExternalEvaluation | None:
    """Score the triaged results against the manifest's labels; None when no advisory is usable."""
    manifest, manifest_errors = parse_manifest(inputs.labels)
    errors = [f"{inputs.labels_path}: {e}" for e in manifest_errors]
    if not manifest.advisories:
        for e in errors:
            eval_io.err(e)
        eval_io.err(f"external manifest {inputs.labels_path}: no usable advisory")
        return None
    results, result_errors = observations(inputs.doc)
    verdicts, unlabelled, map_errors = verdicts_of(manifest, results)
    errors += [f"{inputs.triaged_path}: {e}" for e in (*result_errors, *map_errors)]
    return score_external(manifest, verdicts, unlabelled, errors)


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
    rows = [row(name, s) for name, s in sorted(ev.classes.items())]
    title = f"sastls eval (external corpus): {source}"
    console = eval_io.print_table(title, HEADERS, [rows], row("overall", ev.overall))
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
