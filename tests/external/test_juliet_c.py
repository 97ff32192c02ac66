"""The offline analyst measured on a C corpus nobody here wrote: 420 cases of the NIST Juliet C/C++ 1.3
suite, names and comments stripped, labelled per function (bad / good), with the findings of
cppcheck (XML), flawfinder (SARIF) and gcc -fanalyzer (JSON lines) the corpus ships.

The corpus is read where it lies, never copied into the project: ``$SASTLS_JULIET_C``, else
``shared/corpora/juliet-c`` beside the checkout (where CI's copy of shared/ is), else
``/work/shared/corpora/juliet-c``. Absent, the test skips and says so.

Scored by :mod:`sastls.server.evaluate_regions` (the same code as ``sastls eval``): a finding in a
bad function with a CWE of the case's weakness is real; every finding in a good function is
false. Figures go to ``test-output/juliet-c-metrics.json`` and are printed; the floors below are
the figures measured when they were set (the targets of issue 17 are higher: recall 0.99, 70 % of
false findings dropped; the README says where the analyst stands).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
METRICS_OUT = REPO / "test-output" / "juliet-c-metrics.json"
FINDINGS = ("cppcheck.xml", "flawfinder.sarif", "gcc-fanalyzer.jsonl")

# measured floors (a regression fails; raise them when the analyst improves). Measured 2026-11-28:
# recall 1.0 (553/553), false dropped 0.7619, same-weakness false dropped 0.7902, NEEDS_REVIEW 0.0537.
MIN_RECALL = 1.0
MIN_FALSE_DROPPED = 0.76
MIN_FAMILY_FALSE_DROPPED = 0.79
MAX_NEEDS_REVIEW = 0.055
# No real finding is dropped. The 33 dropped before 2026-11-28 were all flawfinder's FF1013 on the
# declaration of an array the function never overruns: 24 input buffers whose text becomes (atoi) the
# number that overflows an allocation, an index or a copy -- in the function, in a helper it is handed
# to or in the caller it is returned to -- and 9 buffers declared beside the one the function overruns.
# "Every access to it stays inside it" is still true of each; such a declaration is now left for review
# (c_decls.py: the outside text becomes a number reaching a use the analyst keeps, or another array of
# the function is kept), so these 33 are NEEDS_REVIEW. DECLARATION_RULES lists the rules whose dropped
# real findings were tolerated as such declarations: none now (any dropped real finding fails).
DECLARATION_RULES: frozenset[str] = frozenset()


def corpus() -> Path | None:
    candidates = [
        os.environ.get("SASTLS_JULIET_C"),
        str(REPO.parent / "shared" / "corpora" / "juliet-c"),
        "/work/shared/corpora/juliet-c",
    ]
    for c in candidates:
        if (
            c
            and (Path(c) / "labels.csv").is_file()
            and all((Path(c) / "findings" / f).is_file() for f in FINDINGS)
        ):
            return Path(c)
    return None


@pytest.fixture(scope="module")
def juliet() -> Path:
    found = corpus()
    if found is None:
        pytest.skip(
            "Juliet C corpus not found ($SASTLS_JULIET_C, shared/corpora/juliet-c beside the checkout): "
            "nothing to measure"
        )
    return found


@pytest.mark.slow
def test_the_analyst_on_the_juliet_c_corpus(juliet: Path) -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import Judge
    from sastls.analyzers.findings.load import load_findings
    from sastls.server.evaluate import Observation
    from sastls.server.evaluate_regions import evaluate_regions, parse_region_labels

    regions, errors = parse_region_labels((juliet / "labels.csv").read_text())
    assert regions and not errors, errors[:5]
    loaded = load_findings([juliet / "findings" / f for f in FINDINGS], juliet)
    assert len(loaded.findings) > 2000, [str(e) for e in loaded.errors if e.severity == "error"][:5]
    judge = Judge(WorkspaceIndex(juliet))
    started = time.perf_counter()
    observed = []
    for i, f in enumerate(loaded.findings):
        j = judge.judge(f)
        observed.append(Observation(f.path, f.cwe, f.rule_id, j.verdict, f"#{i}", f.line, f.tool))
    seconds = time.perf_counter() - started
    ev = evaluate_regions(regions, observed)
    data = {
        "corpus": str(juliet),
        "findings": len(loaded.findings),
        "judge_seconds": round(seconds, 1),
        **ev.to_dict(),
    }
    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    METRICS_OUT.write_text(json.dumps(data, indent=2) + "\n")

    def row(name: str, t: dict[str, object]) -> str:
        return (
            f"{name:<18}{t['real']:>6}{t['recall']!s:>9}{t['false']:>7}{t['false_dropped_share']!s:>9}"
            f"{t['family_false']:>7}{t['family_false_dropped_share']!s:>9}{t['needs_review_share']!s:>9}"
        )

    print(
        f"\n{'scope':<18}{'real':>6}{'recall':>9}{'false':>7}{'dropped':>9}{'fam':>7}{'fam_drop':>9}{'review':>9}"
    )
    for name, t in data["by_cwe"].items():
        print(row(name, t))
    for name, t in data["by_tool"].items():
        print(row(f"tool {name}", t))
    overall = data["overall"]
    print(row("overall", overall))
    print(f"{len(loaded.findings)} findings judged in {seconds:.1f} s; details in {METRICS_OUT}")

    assert overall["recall"] >= MIN_RECALL, f"recall {overall['recall']}; lost: {data['lost'][:10]}"
    other = [x for x in data["lost"] if x.split()[-1] not in DECLARATION_RULES]
    assert not other, f"real findings dropped that are not array declarations: {other}"
    assert overall["false_dropped_share"] >= MIN_FALSE_DROPPED
    assert overall["family_false_dropped_share"] >= MIN_FAMILY_FALSE_DROPPED
    assert overall["needs_review_share"] <= MAX_NEEDS_REVIEW
