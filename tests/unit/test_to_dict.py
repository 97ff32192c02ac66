"""The written-out ``to_dict`` of findings and verdicts is exactly ``dataclasses.asdict`` (the store,
the graph state and the JSON-lines output read it; it is written out only for speed)."""

from __future__ import annotations

from dataclasses import asdict

from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep
from sastls.graph.verdict import Evidence, Usage, Verdict


def _same(a: object, b: object) -> None:
    assert a == b
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert list(a) == list(b)  # type: ignore[arg-type]
        for k in a:
            _same(a[k], b[k])  # type: ignore[index]
    elif isinstance(a, list | tuple):
        for x, y in zip(a, b, strict=True):  # type: ignore[call-overload]
            _same(x, y)


def test_finding_to_dict_is_asdict() -> None:
    rich = Finding(
        tool="semgrep",
        rule_id="python.sqli",
        message="m",
        location=Location("app/x.py", Region(3, 5, 4, 9), snippet="q(x)"),
        level="error",
        tool_version="1.0",
        rule_name="sqli",
        rule_help="help",
        help_uri="https://example.com",
        cwe=(89, 564),
        severity="ERROR",
        confidence="HIGH",
        trace=(TraceStep(Location("app/y.py", Region(1)), "source", "related"),),
        tool_fingerprints={"matchBasedId/v1": "abc"},
        source_file="f.sarif",
        run_index=0,
        result_index=7,
        properties={"tags": ["a", {"b": (1, 2)}], "n": None, "f": 1.5},
        fingerprint="f" * 32,
    )
    for f in (rich, Finding("bandit", "B1", "m", Location("a.py", Region(1)))):
        got = f.to_dict()
        _same(got, asdict(f))
        assert got["properties"] is not f.properties  # a copy, as asdict makes
        assert Finding.from_dict(got) == f


def test_verdict_to_dict_is_asdict() -> None:
    v = Verdict(
        "fp",
        "TRUE_POSITIVE",
        0.85,
        "why",
        "heuristic",
        evidence=(Evidence("a.py", 1, 2, "source", "source", "x = y"), Evidence("b.py", 3, 3, "sink")),
        reason="tainted",
        path_taken=("agent", "analyze_issue"),
        usage=Usage(1, 2, 3, 0.5, 1.25),
        content_hash="h",
        analyst_version="0.1",
        models_digest="d",
    )
    for x in (v, Verdict("fp", "NEEDS_REVIEW", 0.0, "", "llm")):
        _same(x.to_dict(), asdict(x))
        assert Verdict.from_dict(x.to_dict()) == x
