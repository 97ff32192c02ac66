"""Hostile findings files (issue 16): each cause of a crash seen in the field, one case each.

Every case keeps the valid records of the file and reports the bad one as
``FILE: JSONPATH: error|warning: message``; none raises.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sastls.analyzers.findings.load import load_findings, read_json_file
from sastls.analyzers.findings.readers.jsonrepair import RecordSpec, parse, too_deep
from sastls.server.reports.sarif import validate_sarif
from sastls.server.reports.sarif_repair import repair_sarif

N = 5


def sarif_doc() -> dict[str, Any]:
    return {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "t", "rules": [{"id": "R0"}]}},
                "results": [
                    {
                        "ruleId": f"R{i}",
                        "message": {"text": f"m{i}"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "app/a.py"},
                                    "region": {"startLine": i + 1},
                                }
                            }
                        ],
                    }
                    for i in range(N)
                ],
            }
        ],
    }


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "app").mkdir(parents=True)
    (root / "app" / "a.py").write_text("x = 1\n" * 20)
    return root


def _load(ws: Path, data: bytes, name: str = "f.sarif") -> Any:
    path = ws.parent / name
    path.write_bytes(data)
    return load_findings([path], ws)


def _rules(res: Any) -> list[str]:
    return [f.rule_id for f in res.findings]


def _set(path: list[Any], value: Any) -> bytes:
    doc = sarif_doc()
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(doc).encode()


RESULT1 = ["runs", 0, "results", 1]


@pytest.mark.parametrize(
    ("field", "value"),
    [("relatedLocations", 7), ("codeFlows", True), ("taxa", 1.5), ("suppressions", True), ("fixes", "x")],
)
def test_a_scalar_where_an_array_belongs_is_ignored(ws: Path, field: str, value: Any) -> None:
    res = _load(ws, _set([*RESULT1, field], value))
    assert _rules(res) == [f"R{i}" for i in range(N)]
    assert all(e.severity == "warning" for e in res.errors)


def test_deep_nesting_is_cut_and_the_record_kept(ws: Path) -> None:
    text = json.dumps(sarif_doc()).replace('"m1"', "[" * 1000 + "]" * 1000)
    assert too_deep(text)
    res = _load(ws, text.encode())
    assert _rules(res) == [f"R{i}" for i in range(N)]
    assert any("nested more than 64 deep" in e.message for e in res.errors)
    assert not too_deep(json.dumps(sarif_doc()))


def test_deep_but_parseable_nesting_is_bounded_too(ws: Path) -> None:
    deep: Any = 1
    for _ in range(300):
        deep = {"k": deep}
    data = _set([*RESULT1, "properties"], {"blob": deep})
    res = _load(ws, data)
    assert _rules(res) == [f"R{i}" for i in range(N)]
    f = res.findings[1]
    depth, node = 0, f.properties["blob"]
    while isinstance(node, dict):
        depth, node = depth + 1, node["k"]
    assert depth < 64 and node is None


def test_a_path_longer_than_the_system_allows(ws: Path) -> None:
    data = _set([*RESULT1, "locations", 0, "physicalLocation", "artifactLocation", "uri"], "a" * 10_000)
    res = _load(ws, data)
    assert _rules(res) == ["R0", "R2", "R3", "R4"]
    (err,) = [e for e in res.errors if e.severity == "error"]
    assert err.where == "$.runs[0].results[1].locations[0]" and "10000 characters" in err.message


def test_a_lone_surrogate_is_replaced_and_printable(ws: Path) -> None:
    data = json.dumps(sarif_doc()).replace('"m1"', '"bad \\ud800 text"').encode()
    res = _load(ws, data)
    assert res.findings[1].message == "bad \ufffd text"
    res.findings[1].message.encode("utf-8")
    path = ws.parent / "s.sarif"
    path.write_bytes(data)
    out = subprocess.run(
        [sys.executable, "-m", "sastls.server.cli", "findings", str(path), "--repo", str(ws)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0 and "Traceback" not in out.stderr


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-16", "utf-32"])
def test_utf16_and_utf32_with_and_without_bom(ws: Path, encoding: str) -> None:
    res = _load(ws, json.dumps(sarif_doc(), indent=1).encode(encoding))
    assert _rules(res) == [f"R{i}" for i in range(N)] and not res.errors


def test_bad_escapes_and_control_characters_do_not_stop_the_repair(ws: Path) -> None:
    text = json.dumps(sarif_doc()).replace('"m1"', '"a\\qb\\u12 \x01"').replace('"m3"', '"\\x')
    res = _load(ws, text.encode())
    assert "R0" in _rules(res) and "R1" in _rules(res)


def test_a_broken_record_in_the_middle_costs_only_that_record(ws: Path) -> None:
    for indent in (None, 2):
        text = json.dumps(sarif_doc(), indent=indent)
        i = text.index('"R2"')
        broken = text[:i] + "#" + text[i + 1 :]
        res = _load(ws, broken.encode())
        assert _rules(res) == ["R0", "R1", "R3", "R4"], indent
        (err,) = [e for e in res.errors if e.severity == "error"]
        assert err.where == "$.runs[0].results[2]" and "invalid JSON" in err.message


def test_huge_numbers_and_nan() -> None:
    doc = parse('{"a": ' + "9" * 5000 + ', "b": NaN, "c": [1, 2,]}').doc
    assert doc == {"a": None, "b": None, "c": [1, 2]}


def test_salvage_keeps_siblings_by_record_keys() -> None:
    spec = (RecordSpec("$.results", frozenset({"check_id"})),)
    text = '{"results": [{"check_id": "a"}, {"check_id": "b", "x": [1 2]}, {"check_id": "c"}]}'
    got = parse(text, spec)
    assert got.doc == {"results": [{"check_id": "a"}, None, {"check_id": "c"}]}
    assert list(got.dropped) == ["$.results[1]"]


def test_read_json_file_never_raises(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("[" * 5000)
    doc, problems = read_json_file(p)
    assert doc is None and problems and problems[0].severity == "error"


def test_schema_repair_drops_what_breaks_the_schema() -> None:
    doc = sarif_doc()
    results = doc["runs"][0]["results"]
    results[0]["ruleId"] = None
    results[1]["suppressions"] = True
    results[2]["message"] = 7
    results.append(None)
    notes = repair_sarif(doc)
    assert validate_sarif(doc) == []
    assert any(
        n.startswith("$.runs[0].results[0].ruleId: None is not of type 'string': dropped") for n in notes
    )
    assert any("results[2]" in n and "added" in n for n in notes)
    assert len(doc["runs"][0]["results"]) == N
    assert repair_sarif(copy.deepcopy(doc)) == []


def test_triage_writes_everything_then_exits_2_on_a_rejected_record(ws: Path) -> None:
    doc = sarif_doc()
    doc["runs"][0]["results"][1]["ruleId"] = None  # rejected by the reader, passed through by the writer
    doc["runs"][0]["results"][2]["suppressions"] = True
    findings = ws.parent / "in.sarif"
    findings.write_text(json.dumps(doc))
    out = ws.parent / "out.sarif"
    proc = subprocess.run(
        [
            sys.executable, "-m", "sastls.server.cli", "triage", str(findings), "--repo", str(ws),
            "--out", str(out), "--store", str(ws.parent / "v.db"), "--fail-on", "never", "--no-progress",
        ],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"{findings}: $.runs[0].results[1]: error: missing required field ruleId" in proc.stderr
    written = json.loads(out.read_text())
    assert validate_sarif(written) == []
    verdicts = [
        r.get("properties", {}).get("sastls", {}).get("verdict") for r in written["runs"][0]["results"]
    ]
    assert sum(v is not None for v in verdicts) == N - 1
