"""Benchmark of the offline analyst on C: `sastls triage` over the Juliet C corpus's findings.

Run: .venv/bin/python bench/triage_c.py [--jobs N] [--corpus DIR]
Runs the CLI as a user does (``sastls triage`` on the corpus's cppcheck XML, flawfinder SARIF and
gcc -fanalyzer JSON lines, ``--repo`` the corpus, a fresh verdict store so nothing is reused) and
prints findings judged per second, wall time and the peak resident memory of the triage process.
The corpus is read where it lies (``$SASTLS_JULIET_C``, ``shared/corpora/juliet-c`` beside the
checkout, or ``/work/shared/corpora/juliet-c``); it is never copied into the project.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FINDINGS = ("cppcheck.xml", "flawfinder.sarif", "gcc-fanalyzer.jsonl")


def _corpus(given: str | None) -> Path | None:
    for c in (given, os.environ.get("SASTLS_JULIET_C"), str(ROOT.parent / "shared" / "corpora" / "juliet-c")):
        if c and (Path(c) / "findings").is_dir():
            return Path(c)
    fallback = Path("/work/shared/corpora/juliet-c")
    return fallback if (fallback / "findings").is_dir() else None


def _verdicts(sarif: Path) -> Counter[str]:
    out: Counter[str] = Counter()
    for run in json.loads(sarif.read_text())["runs"]:
        for r in run.get("results", []):
            out[(r.get("properties") or {}).get("sastls", {}).get("verdict", "none")] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="parallel judges (sastls triage --jobs)")
    parser.add_argument("--corpus", help="the juliet-c folder (default: found as the docstring says)")
    args = parser.parse_args(argv)
    corpus = _corpus(args.corpus)
    if corpus is None:
        print("Juliet C corpus not found ($SASTLS_JULIET_C, shared/corpora/juliet-c): skipped")
        return 0
    sastls = str(Path(sys.executable).parent / "sastls")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "triaged.sarif"
        cmd = [
            sastls,
            "triage",
            *(str(corpus / "findings" / f) for f in FINDINGS),
            "--repo",
            str(corpus),
            "--out",
            str(out),
            "--store",
            str(Path(tmp) / "verdicts.db"),
            "--jobs",
            str(args.jobs),
            "--fail-on",
            "never",
        ]
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            print(done.stderr[-2000:], file=sys.stderr)
            return done.returncode
        verdicts = _verdicts(out)
    total = sum(verdicts.values())
    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    load = os.getloadavg()[0]
    print(f"findings judged      {total} ({', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))})")
    print(f"wall time            {wall:.1f} s with --jobs {args.jobs} (load average {load:.1f} at the end)")
    print(f"throughput           {total / wall:.1f} findings/s")
    print(f"peak RSS             {rss_mb:.0f} MB (largest triage process: CLI or one of its workers)")
    shown = " ".join(["bench/triage_c.py", *(argv if argv is not None else sys.argv[1:])])
    print(f"command              .venv/bin/python {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
