"""Benchmark of the verdict store and the triaged-SARIF writer.

    .venv/bin/python bench/store_sarif.py [--verdicts 5000] [--results 20000] [--validate 5000]

1. VerdictStore: put() (one transaction each, WAL, synchronous=NORMAL), get(), get_many();
   and two processes writing at once (verdicts/s across both);
2. triaged_sarif(): results/s for a converted run with verdicts, evidence and suppressions;
3. validate_sarif(): results/s through the official SARIF 2.1.0 schema (jsonschema, draft 4).

Every figure is printed with the command that produced it.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.store import VerdictStore
from sastls.graph.verdict import Evidence, Usage, Verdict
from sastls.server.reports.sarif import triaged_sarif, validate_sarif

WRITER = """
import sys
from sastls.graph.store import VerdictStore
from sastls.graph.verdict import Verdict
store = VerdictStore(sys.argv[1])
for n in range(int(sys.argv[3])):
    store.put(Verdict(f"{sys.argv[2]}-{n}", "TRUE_POSITIVE", 0.5, "x" * 200, "heuristic"))
store.close()
"""


def verdict(fp: str, n: int) -> Verdict:
    return Verdict(
        fingerprint=fp,
        verdict="FALSE_POSITIVE" if n % 3 == 0 else "TRUE_POSITIVE",
        confidence=0.8,
        justification="the query is built from a literal " * 4,
        analyst="heuristic",
        evidence=(Evidence("app/db.py", 10, 12, "literal query", "constant", "q = 'SELECT 1'"),),
        usage=Usage(1, 900, 100, 0.001, 0.2),
        content_hash="h",
    )


def bench_store(count: int, command: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = VerdictStore(Path(tmp) / "v.db")
        t = time.perf_counter()
        for n in range(count):
            store.put(verdict(f"fp{n}", n))
        put_s = time.perf_counter() - t
        t = time.perf_counter()
        for n in range(count):
            store.get(f"fp{n}")
        get_s = time.perf_counter() - t
        t = time.perf_counter()
        got = store.get_many(f"fp{n}" for n in range(count))
        many_s = time.perf_counter() - t
        assert len(got) == count
        store.close()

        db = Path(tmp) / "shared.db"
        VerdictStore(db).close()
        t = time.perf_counter()
        procs = [
            subprocess.Popen([sys.executable, "-c", WRITER, str(db), tag, str(count // 2)])
            for tag in ("a", "b")
        ]
        for p in procs:
            p.wait()
        two_s = time.perf_counter() - t
        with VerdictStore(db) as s:
            assert len(s.fingerprints()) == 2 * (count // 2)
    print(f"$ {command}")
    print(f"  store put:      {count / put_s:8.0f} verdicts/s ({count} one-transaction puts)")
    print(f"  store get:      {count / get_s:8.0f} lookups/s")
    print(f"  store get_many: {count / many_s:8.0f} verdicts/s")
    print(f"  two processes:  {2 * (count // 2) / two_s:8.0f} verdicts/s together (incl. start-up)")


def bench_sarif(results: int, validate: int, command: str) -> None:
    findings = [
        Finding(
            tool="bandit",
            tool_version="1.9.4",
            rule_id=f"B6{n % 10:02d}",
            message="subprocess call with shell=True identified",
            location=Location(f"pkg/mod{n % 200}.py", Region(n % 400 + 1, 5, n % 400 + 1, 40)),
            cwe=(78,),
            source_file="bandit.json",
            fingerprint=f"fp{n}",
        )
        for n in range(results)
    ]
    verdicts = {f.fingerprint: verdict(f.fingerprint, n) for n, f in enumerate(findings)}
    t = time.perf_counter()
    doc = triaged_sarif(findings, verdicts, {})
    write_s = time.perf_counter() - t
    small = triaged_sarif(findings[:validate], verdicts, {})
    validate_sarif({"version": "2.1.0", "runs": []})  # load the schema outside the timing
    t = time.perf_counter()
    errors = validate_sarif(small)
    check_s = time.perf_counter() - t
    assert errors == [], errors[:3]
    assert len(doc["runs"][0]["results"]) == results
    print(f"$ {command}")
    print(f"  triaged_sarif:  {results / write_s:8.0f} results/s ({results} results)")
    print(f"  validate_sarif: {validate / check_s:8.0f} results/s ({validate} results, jsonschema draft 4)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak RSS:       {peak:8.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verdicts", type=int, default=5000)
    parser.add_argument("--results", type=int, default=20000)
    parser.add_argument("--validate", type=int, default=5000)
    args = parser.parse_args()
    command = " ".join([".venv/bin/python", "bench/store_sarif.py", *sys.argv[1:]])
    bench_store(args.verdicts, command)
    bench_sarif(args.results, args.validate, command)


if __name__ == "__main__":
    main()
