"""Benchmark of the offline analyst: findings judged per second over the labelled corpus, and peak memory.

Run: .venv/bin/python bench/triage_heuristic.py [--repeat N] [--shared]
Loads every scanner output under tests/corpus/findings/, builds a WorkspaceIndex over
tests/corpus/cases/ and calls judge_finding on every finding (one fresh judgement per
finding, as the graph does). ``--shared`` reuses one Judge (per-file analyses cached across
findings, as a batch over unchanged files can). Prints the figures and the command.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "corpus" / "cases"
FINDINGS = ROOT / "tests" / "corpus" / "findings"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes over the findings (best is reported)")
    parser.add_argument("--shared", action="store_true", help="reuse one Judge across findings")
    args = parser.parse_args(argv)

    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import Judge, judge_finding
    from sastls.analyzers.findings.load import load_findings

    sources = sorted(p for p in FINDINGS.iterdir() if p.suffix in (".sarif", ".json", ".xml"))
    loaded = load_findings(sources, repo=CASES)
    findings = loaded.findings
    t0 = time.perf_counter()
    index = WorkspaceIndex(CASES)
    index.build()
    index_s = time.perf_counter() - t0

    best = float("inf")
    verdicts: Counter[str] = Counter()
    for _ in range(max(args.repeat, 1)):
        verdicts.clear()
        shared = Judge(index) if args.shared else None
        start = time.perf_counter()
        for f in findings:
            j = shared.judge(f) if shared is not None else judge_finding(f, index)
            verdicts[j.verdict] += 1
        best = min(best, time.perf_counter() - start)
    # memory in a separate pass: tracemalloc slows Python down several times
    tracemalloc.start()
    for f in findings:
        judge_finding(f, index)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    rate = len(findings) / best if best > 0 else float("inf")
    print(
        f"findings judged      {len(findings)} ({', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))})"
    )
    print(f"index build          {index_s:.2f} s ({len(index.files())} files)")
    print(f"judgement time       {best:.2f} s (best of {max(args.repeat, 1)})")
    mode = "shared Judge" if args.shared else "fresh judgement per finding"
    print(f"throughput           {rate:.0f} findings/s ({mode})")
    print(f"peak traced memory   {peak / 1e6:.1f} MB (Python allocations during one pass)")
    print(f"peak RSS             {rss_mb:.0f} MB (whole process: interpreter, grammars, index)")
    cmd = " ".join(["bench/triage_heuristic.py", *(argv if argv is not None else sys.argv[1:])])
    print(f"command              .venv/bin/python {cmd}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
