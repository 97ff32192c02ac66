"""gcc's JSON diagnostics (``-fdiagnostics-format=json``): real gcc 12 ``-fanalyzer`` output of the
cproj fixture (one array per translation unit, JSON Lines), and the shapes gcc and scripts write."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.analyzers.findings.detect import detect_format
from sastls.analyzers.findings.load import load_findings

FIX = Path(__file__).resolve().parents[1] / "fixtures"
CPROJ = FIX / "projects" / "cproj"
GCC = CPROJ / "findings" / "gcc.json"


def test_real_gcc_json_lines_are_detected_and_read() -> None:
    assert detect_format(GCC.read_bytes(), "gcc.json") == "gcc-json"
    res = load_findings([GCC], CPROJ)
    assert res.formats == {str(GCC): "gcc-json"}
    assert [e for e in res.errors if e.severity == "error"] == []
    rules = {(f.rule_id, f.path, f.line) for f in res.findings}
    assert ("-Wanalyzer-null-dereference", "src/report.c", 57) in rules
    assert ("-Wanalyzer-use-of-uninitialized-value", "src/report.c", 30) in rules
    assert all(f.tool == "gcc" for f in res.findings)
    deref = next(f for f in res.findings if f.rule_id == "-Wanalyzer-null-dereference")
    assert deref.cwe == (476,) and deref.message == "dereference of NULL ‘p’"
    # the analyzer's event path is the code flow, in order, with its function
    assert [s.kind for s in deref.trace] == ["flow"] * len(deref.trace) and deref.trace
    assert deref.trace[-1].message.startswith("dereference of NULL") and "[in " in deref.trace[-1].message
    assert deref.help_uri and "Static-Analyzer-Options" in deref.help_uri


def test_a_top_level_note_joins_the_warning_before_it() -> None:
    res = load_findings([GCC], CPROJ)
    over = next(f for f in res.findings if f.rule_id == "-Wstringop-overflow=")
    assert any(s.kind == "related" and "destination object" in s.message for s in over.trace)
    assert not any(f.level == "note" for f in res.findings)


def _write(tmp_path: Path, doc: object, lines: bool = False) -> Path:
    (tmp_path / "a.c").write_text("int main(void) {\n  int *p = 0;\n  return *p;\n}\n")
    out = tmp_path / "diag.json"
    out.write_text(
        "\n".join(json.dumps(d) for d in doc) if lines and isinstance(doc, list) else json.dumps(doc)
    )
    return out


def _diag(line: int, option: str = "-Wanalyzer-null-dereference", **extra: object) -> dict[str, object]:
    caret = {"file": "a.c", "line": line, "column": 10, "display-column": 10, "byte-column": 10}
    finish = {**caret, "column": 11}
    return {
        "kind": "warning",
        "message": "dereference of NULL ‘p’",
        "option": option,
        "locations": [{"caret": caret, "finish": finish}],
        "children": [],
        **extra,
    }


def test_one_array_per_file_and_per_file_wrappers(tmp_path: Path) -> None:
    path = _write(tmp_path, [_diag(3, metadata={"cwe": 476})])
    res = load_findings([path], tmp_path)
    (f,) = res.findings
    assert (f.rule_id, f.line, f.location.region.start_column, f.location.region.end_column) == (
        "-Wanalyzer-null-dereference",
        3,
        10,
        12,
    )
    wrapped = _write(tmp_path, [{"file": "a.c", "returncode": 0, "diagnostics": [_diag(3)]}], lines=True)
    res = load_findings([wrapped], tmp_path)
    assert res.formats[str(wrapped)] == "gcc-json" and len(res.findings) == 1


def test_bad_diagnostics_are_reported_and_the_rest_loaded(tmp_path: Path) -> None:
    bad = {"kind": "warning", "message": "no place", "locations": []}
    path = _write(tmp_path, [[_diag(3)], [bad, 7, {"kind": 3}]], lines=True)
    res = load_findings([path], tmp_path)
    assert len(res.findings) == 1
    problems = " ".join(e.message for e in res.errors)
    assert "no location" in problems and "expected a diagnostic object" in problems
    assert "kind and message" in problems


def _sarif_location(line: int, text: str | None = None) -> dict[str, object]:
    loc: dict[str, object] = {
        "physicalLocation": {
            "artifactLocation": {"uri": "a.c", "uriBaseId": "PWD"},
            "region": {"startLine": line, "startColumn": 3, "endColumn": 10},
        },
        "logicalLocations": [{"name": "main", "fullyQualifiedName": "main", "kind": "function"}],
    }
    if text is not None:
        loc["message"] = {"text": text}
    return loc


def test_gcc_13_sarif_file(tmp_path: Path) -> None:
    """The shape gcc >= 13 writes with -fdiagnostics-format=sarif-file (per its docs and testsuite):
    the driver is named after the language, CWEs are result taxa, the event path is a thread flow."""
    (tmp_path / "a.c").write_text("int main(void) {\n  int *p = 0;\n  return *p;\n}\n")
    doc = {
        "$schema": "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "GNU C17",
                        "fullName": "GNU C17 (GCC) version 13.2.0 (x86_64-pc-linux-gnu)",
                        "version": "13.2.0",
                        "rules": [{"id": "-Wanalyzer-null-dereference", "helpUri": "https://gcc.gnu.org/x"}],
                    }
                },
                "taxonomies": [{"name": "CWE", "version": "4.7", "taxa": [{"id": "476"}]}],
                "originalUriBaseIds": {"PWD": {"uri": tmp_path.as_uri() + "/"}},
                "results": [
                    {
                        "ruleId": "-Wanalyzer-null-dereference",
                        "taxa": [{"id": "476", "toolComponent": {"name": "cwe"}}],
                        "level": "warning",
                        "message": {"text": "dereference of NULL ‘p’"},
                        "locations": [_sarif_location(3)],
                        "codeFlows": [
                            {
                                "threadFlows": [
                                    {
                                        "id": "main",
                                        "locations": [
                                            {
                                                "location": _sarif_location(2, "‘p’ is NULL"),
                                                "kinds": ["acquire"],
                                                "nestingLevel": 1,
                                                "executionOrder": 1,
                                            },
                                            {
                                                "location": _sarif_location(3, "dereference of NULL ‘p’"),
                                                "kinds": ["danger"],
                                                "nestingLevel": 1,
                                                "executionOrder": 2,
                                            },
                                        ],
                                    }
                                ]
                            }
                        ],
                    }
                ],
            }
        ],
    }
    path = tmp_path / "a.c.sarif"
    path.write_text(json.dumps(doc))
    res = load_findings([path], tmp_path)
    (f,) = res.findings
    assert (f.tool, f.rule_id, f.cwe, f.path, f.line) == (
        "gcc",
        "-Wanalyzer-null-dereference",
        (476,),
        "a.c",
        3,
    )
    assert [(s.location.region.start_line, s.message) for s in f.trace] == [
        (2, "‘p’ is NULL"),
        (3, "dereference of NULL ‘p’"),
    ]


def test_a_clean_translation_unit_is_an_empty_array(tmp_path: Path) -> None:
    """gcc -fdiagnostics-format=json writes ``[]`` for a file with no diagnostic; a build log of
    clean files is lines of ``[]``. Both are gcc's output with no finding, not an unknown format."""
    one, many = tmp_path / "one.json", tmp_path / "many.json"
    one.write_text("[]\n")
    many.write_text("[]\n[]\n[]\n")
    res = load_findings([one, many], tmp_path)
    assert res.errors == [] and res.findings == []
