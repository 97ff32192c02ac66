"""The README's C example, run as the README says: ujson 5.3.0 materialised from PyPI by sha256,
gcc -fanalyzer, cppcheck and flawfinder run on it, gcc's and cppcheck's defects written as csgrep's
`.err` and JSON, and `sastls triage` on them (tests/external/openscanhub_c.py). Checks that the
command reproduces what the README shows: the same findings (a function of the scanners, not of the
analyst), every one judged, the outputs written; the verdict counts are printed. Skipped, saying
why, when PyPI or a scanner is out of reach.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
README = HERE.parents[1] / "README.md"
sys.path.insert(0, str(HERE))


@pytest.mark.slow
def test_the_readme_c_example_reproduces(tmp_path: Path, need: Callable[[str], str]) -> None:
    import openscanhub_c
    from registry import Registry, RegistryError
    from sastls.analyzers.findings.load import load_findings

    for name in ("gcc", "cppcheck", "flawfinder"):
        need(name)  # skipped with the reason (how to get it), listed at the end of make test
        try:
            openscanhub_c.tool(name)
        except SystemExit:
            pytest.skip(f"missing tool: {name}")
    try:
        Registry().tree(openscanhub_c.PACKAGE, openscanhub_c.VERSION, sha256=openscanhub_c.SHA256)
    except RegistryError as exc:
        pytest.skip(f"PyPI cannot be reached to fetch {openscanhub_c.PACKAGE} {openscanhub_c.VERSION}: {exc}")
    out = tmp_path / "out"
    assert openscanhub_c.main(["--out", str(out)]) == 0
    err = (out / "scan-results.err").read_text()
    doc = json.loads((out / "scan-results.js").read_text())
    kinds = {d["checker"] for d in doc["defects"]}
    assert {"COMPILER_WARNING", "CPPCHECK_WARNING"} <= kinds, kinds
    assert err.count("\nError: ") + err.startswith("Error: ") == len(doc["defects"])
    tree = Registry().tree(openscanhub_c.PACKAGE, openscanhub_c.VERSION, sha256=openscanhub_c.SHA256)
    read = load_findings([out / "scan-results.err", out / "flawfinder.sarif"], tree)
    assert not [e for e in read.errors if e.severity == "error"]
    sarif = json.loads((out / "triaged.sarif").read_text())
    results = [r for run in sarif["runs"] for r in run["results"]]
    verdicts = [r["properties"]["sastls"]["verdict"] for r in results]
    assert len(results) == len(read.findings) and all(verdicts)
    assert (out / "summary.md").is_file() and (out / "verdicts.jsonl").is_file()
    counts = {v: verdicts.count(v) for v in ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE")}
    print(f"\nopenscanhub ujson 5.3.0: {len(results)} findings, {counts}")
    # the README shows this run: the same number of findings (what the scanners report)
    shown = re.search(
        r"sastls triage: (\d+) findings(?: from (\d+) scanner reports[^\n]*?)?, analyst heuristic",
        README.read_text(),
    )
    assert shown, "README's C example shows no triage line"
    assert int(shown.group(2) or shown.group(1)) == len(results), "README's C example shows another run"
    # and the same verdicts: the counts under that line are the ones this analyst gives today
    block = README.read_text()[shown.end() :]
    for verdict, n in counts.items():
        m = re.search(rf"^\s*{verdict}\s+(\d+)$", block, re.MULTILINE)
        assert m and int(m.group(1)) == n, f"README's C example shows another {verdict} count than {n}"
