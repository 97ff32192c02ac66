"""load_findings on bad input: a clear error naming the file and the JSON path or line,
the valid results still loaded, never an exception."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
import sastls.analyzers.fingerprints as fingerprints
from sastls.analyzers.findings.load import LoadError, load_findings

FIX = Path(__file__).resolve().parents[1] / "fixtures"
BAD = FIX / "findings"
PYAPP = FIX / "projects" / "pyapp"


def _errors(res: object, severity: str = "error") -> list[LoadError]:
    return [e for e in res.errors if e.severity == severity]  # type: ignore[attr-defined]


def test_truncated_sarif_keeps_the_complete_results() -> None:
    path = BAD / "bad-truncated.sarif"
    res = load_findings([path], PYAPP)
    errs = _errors(res)
    assert errs[0].file == str(path) and errs[0].where.startswith("line ")
    assert "truncated" in errs[0].message
    # the result being written when the file was cut is reported by its JSON path, not loaded
    cut = [e for e in errs if "cut off" in e.message]
    assert len(cut) == 1 and cut[0].where.startswith("$.runs[0].results[")
    n_cut = int(cut[0].where.rsplit("[", 1)[1].rstrip("]"))
    assert [f.result_index for f in res.findings] == list(range(n_cut))
    assert n_cut > 5
    full = load_findings([PYAPP / "findings" / "bandit.sarif"], PYAPP).findings
    assert [f.fingerprint for f in res.findings] == [f.fingerprint for f in full[:n_cut]]


def test_truncated_bandit_json() -> None:
    res = load_findings([BAD / "bad-truncated.json"], PYAPP)
    assert res.formats[str(BAD / "bad-truncated.json")] == "bandit"
    assert any("truncated" in e.message for e in _errors(res))
    assert len(res.findings) >= 5
    assert all(f.tool == "bandit" and f.path.startswith(("app/", "run.py", "scripts/")) for f in res.findings)


def test_truncated_beyond_repair(tmp_path: Path) -> None:
    p = tmp_path / "t.sarif"
    p.write_text('{"version": "2.1.0", "runs": [{"tool": {"driver": {"na')
    res = load_findings([p], tmp_path)
    assert res.findings == []
    assert [(e.file, e.where) for e in _errors(res)] == [(str(p), "$")]  # "$": the whole file failed
    assert "invalid JSON at line 1, column" in _errors(res)[0].message


def test_wrong_types() -> None:
    path = BAD / "bad-wrong-types.sarif"
    res = load_findings([path], PYAPP)
    where = {e.where: e.message for e in res.errors}
    assert "expected an array, got string" in where["$.runs[0].results[1].locations"]
    assert (
        "start line must be an integer" in where["$.runs[0].results[2].locations[0].physicalLocation.region"]
    )
    assert "expected an object, got integer" in where["$.runs[0].results[3]"]
    assert "expected a string, got integer" in where["$.runs[0].results[4].ruleId"]
    assert "no text" in where["$.runs[0].results[5].message"]
    assert (
        "expected a string"
        in where["$.runs[0].results[6].locations[0].physicalLocation.artifactLocation.uri"]
    )
    assert "expected an array, got object" in where["$.runs[1].results"]
    # valid results around the bad ones are loaded; a message without text falls back to the rule id
    assert [(f.rule_id, f.line) for f in res.findings] == [("R1", 17), ("R5", 44), ("R7", 11)]
    assert res.findings[2].location.region.start_column is None  # bad optional part dropped


def test_missing_required_sarif_fields() -> None:
    res = load_findings([BAD / "bad-missing-fields.sarif"], PYAPP)
    where = {e.where: e.message for e in _errors(res)}
    assert where["$.runs[0].tool"] == "missing required field"
    assert "ruleId" in where["$.runs[1].results[0]"]
    assert "missing required field" in where["$.runs[1].results[1].message"]
    assert "no location" in where["$.runs[1].results[2]"]
    assert "startLine" in where["$.runs[1].results[3].locations[0].physicalLocation.region"]
    assert "artifactLocation" in where["$.runs[1].results[4].locations[0].physicalLocation"]
    got = [(f.tool, f.rule_id, f.message) for f in res.findings]
    assert got == [
        ("unknown", "R1", "run without tool"),
        ("handmade", "R9", "rule text used as message"),
        ("handmade", "R13", "valid"),
    ]


def test_sarif_without_runs() -> None:
    res = load_findings([BAD / "bad-no-runs.sarif"], PYAPP)
    assert [(e.where, e.message) for e in _errors(res)] == [("$.runs", "missing required field")]


@pytest.mark.parametrize("name", ["bad-unknown.json", "bad-unknown.txt", "bad-empty.sarif"])
def test_unknown_format(name: str) -> None:
    res = load_findings([BAD / name, PYAPP / "findings" / "bandit.json"], PYAPP)
    errs = _errors(res)
    assert len(errs) == 1 and errs[0].file == str(BAD / name) and errs[0].where == "$"
    assert (
        errs[0].message.startswith(("unknown format", "empty file")) and "expected SARIF" in errs[0].message
    )
    assert str(BAD / name) not in res.formats
    assert len(res.findings) > 20  # the good file next to it is still loaded


def test_unreadable_files(tmp_path: Path) -> None:
    res = load_findings([tmp_path / "nope.sarif", tmp_path], tmp_path)
    assert [(e.file, e.where) for e in res.errors] == [
        (str(tmp_path / "nope.sarif"), "$"),
        (str(tmp_path), "$"),
    ]
    assert "cannot read" in res.errors[0].message and "directory" in res.errors[1].message


def test_not_utf8() -> None:
    res = load_findings([BAD / "bad-not-utf8.json"], PYAPP)
    warn = _errors(res, "warning")
    assert len(warn) == 1 and "not valid UTF-8" in warn[0].message and "0xe9" in warn[0].message
    assert len(res.findings) == 3
    assert "\ufffd" in res.findings[0].message


def test_utf16_with_bom(tmp_path: Path) -> None:
    """PowerShell's `>` writes UTF-16 with a BOM."""
    (tmp_path / "a.py").write_text("x = 1\n")
    p = tmp_path / "f.sarif"
    p.write_bytes(json.dumps(_log([_res("R", "a.py", 1, "caf\u00e9")]), ensure_ascii=False).encode("utf-16"))
    res = load_findings([p], tmp_path)
    assert res.errors == [] and [f.message for f in res.findings] == ["caf\u00e9"]


def test_paths_escaping_the_workspace(tmp_path: Path) -> None:
    res = load_findings([BAD / "bad-escape.sarif"], PYAPP)
    errs = {e.where: e.message for e in _errors(res)}
    assert "outside the workspace" in errs["$.runs[0].results[0].locations[0]"]
    assert "escapes the workspace" in errs["$.runs[0].results[1].locations[0]"]
    assert "outside the workspace" in errs["$.runs[0].results[2].locations[0]"]  # file:///etc/shadow
    assert "escapes the workspace" in errs["$.runs[0].results[3].locations[0]"]
    assert [(f.path, f.line) for f in res.findings] == [("app/db.py", 17)]  # "app/./db.py" normalized


def test_symlink_out_of_the_workspace(tmp_path: Path) -> None:
    outside = tmp_path / "outside.py"
    outside.write_text("secret = 1\n")
    ws = tmp_path / "ws"
    ws.mkdir()
    os.symlink(outside, ws / "link.py")
    p = tmp_path / "f.sarif"
    p.write_text(json.dumps(_log([_res("R", "link.py", 1)])))
    res = load_findings([p], ws)
    assert res.findings == []
    assert "symlink" in _errors(res)[0].message


def test_absolute_paths_inside_the_workspace_become_relative(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("x = 1\n")
    p = tmp_path / "f.sarif"
    p.write_text(
        json.dumps(
            _log(
                [_res("R", str(tmp_path / "src" / "a.py"), 1), _res("R", (tmp_path / "src/a.py").as_uri(), 1)]
            )
        )
    )
    res = load_findings([p], tmp_path)
    assert [f.path for f in res.findings] == ["src/a.py"]  # the second is a duplicate of the first
    assert "duplicate" in _errors(res, "warning")[0].message


def test_regions_past_the_end_of_file() -> None:
    res = load_findings([BAD / "bad-past-eof.sarif"], PYAPP)
    errs = _errors(res)
    assert len(errs) == 1 and errs[0].where == "$.runs[0].results[0]" and "line 999" in errs[0].message
    warns = _errors(res, "warning")
    assert warns[0].where == "$.runs[0].results[1]" and "clamped" in warns[0].message
    n_lines = len((PYAPP / "app" / "db.py").read_text().splitlines())
    assert [(f.rule_id, f.location.region.end_line) for f in res.findings] == [("R2", n_lines), ("R3", None)]


def test_region_one_line_past_the_end(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\ny = 2\n")
    p = tmp_path / "f.sarif"
    p.write_text(json.dumps(_log([_res("W391", "a.py", 3), _res("R", "a.py", 4)])))
    res = load_findings([p], tmp_path)
    assert [(f.rule_id, f.line) for f in res.findings] == [("W391", 2)]
    assert [(e.where, e.severity) for e in res.errors] == [
        ("$.runs[0].results[0]", "warning"),
        ("$.runs[0].results[1]", "error"),
    ]


def test_duplicate_results_are_loaded_once() -> None:
    res = load_findings([BAD / "bad-duplicates.sarif"], PYAPP)
    assert [(f.line, f.result_index) for f in res.findings] == [(17, 0), (31, 2)]
    assert [(e.where, e.severity) for e in res.errors] == [
        ("$.runs[0].results[1]", "warning"),
        ("$.runs[0].results[3]", "warning"),
    ]
    assert all("duplicate of $.runs[0].results[0]" in e.message for e in res.errors)


def test_missing_files_are_loaded_with_a_warning() -> None:
    res = load_findings([BAD / "bad-missing-file.json"], PYAPP)
    assert [f.path for f in res.findings] == ["app/calc.py", "app/gone.py"]
    assert [(e.where, e.severity) for e in res.errors] == [("$.results[1]", "warning")]
    assert "app/gone.py does not exist" in res.errors[0].message
    assert all(f.fingerprint for f in res.findings)


def test_bad_cppcheck_xml() -> None:
    # the file is cut inside its fifth <error>: the four complete ones are still read
    res = load_findings([BAD / "bad-cppcheck.xml"], FIX / "projects" / "cproj")
    assert [(f.rule_id, f.line) for f in res.findings] == [
        ("bufferAccessOutOfBounds", 39),
        ("bufferAccessOutOfBounds", 47),
        ("resourceLeak", 15),
        ("memleak", 27),
    ]
    first = _errors(res)[0]
    assert first.where.startswith("line ") and "invalid XML at line " in first.message
    assert "each <error> element is read on its own" in first.message


def test_broken_xml_without_errors_element(tmp_path: Path) -> None:
    p = tmp_path / "c.xml"
    p.write_text('<?xml version="1.0"?><results version="2"><cppcheck version="2.1"/><err')
    res = load_findings([p], tmp_path)
    assert res.findings == []
    assert _errors(res)[0].where == "$" and "invalid XML at line " in _errors(res)[0].message


def test_bad_csgrep_err() -> None:
    res = load_findings([BAD / "bad-csgrep.err"], FIX / "projects" / "cproj")
    assert [(f.rule_id, f.path, f.line) for f in res.findings] == [("COMPILER_WARNING", "src/main.c", 56)]
    by_where = {e.where: e for e in res.errors}
    assert by_where["line 1"].severity == "warning"
    assert "no events" in by_where["line 2"].message
    assert "no file/line" in by_where["line 6"].message


def test_workspace_must_exist(tmp_path: Path) -> None:
    res = load_findings([PYAPP / "findings" / "bandit.json"], tmp_path / "nope")
    assert res.findings == [] and "not a directory" in res.errors[0].message


@pytest.mark.slow
def test_100k_results_parse_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = 20
    for i in range(files):
        body = "".join(f"def f{k}(x):\n    y = x + {k}\n    return eval(y)\n\n" for k in range(50))
        (tmp_path / f"m{i}.py").write_text(body)
    results = [
        _res(f"R{n % 7}", f"m{n % files}.py", 3 + 4 * (n // files % 50), f"finding {n}")
        for n in range(100_000)
    ]
    p = tmp_path / "big.sarif"
    p.write_text(json.dumps(_log(results)))
    calls: list[tuple[str, int]] = []
    real = fingerprints.enclosing_span

    def counting(path: str, text: str, line: int) -> tuple[int, int] | None:
        calls.append((path, line))
        return real(path, text, line)

    monkeypatch.setattr(fingerprints, "enclosing_span", counting)
    t0 = time.monotonic()
    res = load_findings([p], tmp_path)
    seconds = time.monotonic() - t0
    assert res.errors == []
    assert len(res.findings) == 100_000
    assert len(calls) == len(set(calls)) == files * 50  # once per (file, line), never per result
    assert res.findings[4].location.path == "m4.py" and res.findings[4].message == "finding 4"
    assert seconds < 120  # about 10 s on a busy 2-core machine


def _res(rule: str, path: str, line: int, msg: str = "m") -> dict:
    return {
        "ruleId": rule,
        "message": {"text": msg},
        "locations": [
            {"physicalLocation": {"artifactLocation": {"uri": path}, "region": {"startLine": line}}}
        ],
    }


def _log(results: list[dict]) -> dict:
    return {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "t"}}, "results": results}]}
