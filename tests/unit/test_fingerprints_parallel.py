"""Fingerprints computed over worker processes (a big triage run) are the ones computed in one
process: the findings are split by file, and a finding's base depends only on its own file."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.config import Config
from sastls.analyzers.findings.load import load_findings
from sastls.analyzers.fingerprints import assign_fingerprints, fingerprint_bases
from sastls.server.batch import TriageOptions
from sastls.server.batch_workers import Workers

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def test_parallel_bases_are_the_same() -> None:
    files = sorted(p for p in (CORPUS / "findings").iterdir() if p.is_file())
    here = load_findings(files, CORPUS / "cases")
    raw = [f.with_fingerprint("") for f in here.findings]
    assert len(raw) > 1000
    workers = Workers(TriageOptions(repo=CORPUS / "cases", config=Config(), processes=2), 2)
    try:
        parallel = workers.fingerprint_bases(raw, CORPUS / "cases")
    finally:
        workers.close()
    assert parallel == fingerprint_bases(raw, CORPUS / "cases")
    again = assign_fingerprints(raw, CORPUS / "cases", bases=lambda f, r: parallel)
    assert [f.fingerprint for f in again] == [f.fingerprint for f in here.findings]
