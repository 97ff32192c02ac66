"""Ingest benchmark: parse a generated 100k-result SARIF with ``load_findings``.

    .venv/bin/python bench/ingest.py [--results N] [--files F]

Generates a workspace of F Python files and one SARIF log with N results spread over them
(in rule order, as scanners write them), then prints results/s and peak memory
(the process's max RSS before and after loading; ``--tracemalloc`` adds the peak of Python
allocations, at the price of a much slower run).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from sastls.analyzers.findings.load import load_findings

FUNC = """
def handler_{n}(request, db):
    name = request.args.get("name", "")
    query = "SELECT * FROM users WHERE name = '%s'" % name
    rows = db.execute(query).fetchall()
    if not rows:
        return None
    return rows[0]
"""


def make_workspace(root: Path, files: int, funcs: int) -> list[tuple[str, int]]:
    places: list[tuple[str, int]] = []
    for i in range(files):
        rel = f"pkg{i % 10}/mod{i}.py"
        text = '"""generated module"""\n\nimport os\n' + "".join(FUNC.format(n=n) for n in range(funcs))
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        n_lines = text.count("\n")
        places.extend((rel, line) for line in range(4, n_lines + 1))
    return places


def make_sarif(path: Path, places: list[tuple[str, int]], n: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    rules = [
        {
            "id": f"R{k:03d}",
            "name": f"rule-{k}",
            "properties": {"tags": ["security", f"external/cwe/cwe-{80 + k}"]},
        }
        for k in range(40)
    ]
    results = []
    for i in range(n):
        rel, line = places[rng.randrange(len(places))]
        k = i * len(rules) // n
        results.append(
            {
                "ruleId": rules[k]["id"],
                "ruleIndex": k,
                "level": "warning",
                "message": {"text": f"finding {i} of {rules[k]['id']}"},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": rel, "uriBaseId": "%SRCROOT%"},
                            "region": {"startLine": line, "startColumn": 5, "endColumn": 20},
                        }
                    }
                ],
            }
        )
    doc = {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [{"tool": {"driver": {"name": "benchscan", "rules": rules}}, "results": results}],
    }
    path.write_text(json.dumps(doc))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=int, default=100_000)
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--funcs", type=int, default=20, help="functions per generated file")
    ap.add_argument("--tracemalloc", action="store_true", help="also trace Python allocations (slow)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sastls-bench-") as tmp:
        root = Path(tmp) / "ws"
        root.mkdir()
        places = make_workspace(root, args.files, args.funcs)
        sarif = Path(tmp) / "big.sarif"
        make_sarif(sarif, places, args.results)
        size_mb = sarif.stat().st_size / 1e6
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if args.tracemalloc:
            tracemalloc.start()
        t0 = time.perf_counter()
        result = load_findings([sarif], root)
        seconds = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1] if args.tracemalloc else 0
        tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    loaded = len(result.findings)
    errors = sum(1 for e in result.errors if e.severity == "error")
    flags = " --tracemalloc" if args.tracemalloc else ""
    print(
        "command: .venv/bin/python bench/ingest.py "
        f"--results {args.results} --files {args.files} --funcs {args.funcs}{flags}"
    )
    print(
        f"input: {args.results} results, {size_mb:.1f} MB SARIF, {args.files} files x {args.funcs} functions"
    )
    distinct = len({f.fingerprint for f in result.findings})
    print(f"loaded: {loaded} findings, {errors} errors, {distinct} distinct fingerprints")
    print(f"time: {seconds:.2f} s  ->  {loaded / seconds:,.0f} results/s")
    traced = f", Python allocations peak {peak / 1e6:.0f} MB (tracemalloc)" if args.tracemalloc else ""
    print(f"peak memory: max RSS {rss_mb:.0f} MB (before loading: {rss_before:.0f} MB){traced}")
    return 0 if loaded == args.results and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
