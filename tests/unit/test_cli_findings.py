"""``sastls findings`` as a user runs it: the console script in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIX = Path(__file__).resolve().parents[1] / "fixtures"
PYAPP = FIX / "projects" / "pyapp"
CPROJ = FIX / "projects" / "cproj"
SASTLS = Path(sys.executable).parent / "sastls"


def _run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SASTLS), "findings", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )


def test_table_of_every_format() -> None:
    files = sorted((PYAPP / "findings").iterdir())
    out = _run(*files, "--repo", PYAPP)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["tool", "rule", "CWE", "level", "location", "fingerprint"]
    row = next(line for line in lines if " B608 " in line and "app/db.py:17 " in line)
    assert row.split()[0] == "bandit" and "CWE-89" in row and "warning (MEDIUM)" in row
    n_bandit = len(json.loads((PYAPP / "findings" / "bandit.json").read_text())["results"])
    n_semgrep = len(json.loads((PYAPP / "findings" / "semgrep.json").read_text())["results"])
    total = 2 * (n_bandit + n_semgrep)
    counts = f"bandit {2 * n_bandit}, semgrep {2 * n_semgrep}"
    assert lines[-1] == f"{total} findings ({counts}) from 4/4 files; 0 errors, 0 warnings"
    assert len(lines) == total + 2


def test_json_lines_from_the_project_dir() -> None:
    out = _run("findings/cppcheck.xml", "findings/flawfinder.sarif", "--json", cwd=CPROJ)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {r["tool"] for r in rows} == {"cppcheck", "flawfinder"}
    assert all(len(r["fingerprint"]) >= 32 and r["location"]["path"].startswith("src/") for r in rows)
    assert "findings (cppcheck" in out.stderr  # the summary goes to stderr with --json


def test_csgrep_outputs() -> None:
    out = _run(FIX / "findings" / "csgrep.json", FIX / "findings" / "csgrep.err", "--repo", CPROJ, "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) == 8
    assert {(r["tool"], r["location"]["path"], r["location"]["region"]["start_line"]) for r in rows} == {
        ("gcc", "src/main.c", 56),
        ("coverity", "src/store.c", 45),
        ("cppcheck", "src/report.c", 27),
        ("gcc-analyzer", "src/report.c", 15),
    }


def test_input_errors_exit_2_and_name_file_and_place() -> None:
    bad = FIX / "findings" / "bad-wrong-types.sarif"
    out = _run(bad, PYAPP / "findings" / "bandit.json", "--repo", PYAPP)
    assert out.returncode == 2
    assert f"{bad}: $.runs[0].results[3]: error: expected an object, got integer" in out.stderr
    assert "Traceback" not in out.stderr
    assert "app/db.py:17" in out.stdout  # what could be read is still shown


def test_unknown_format_and_no_readable_file(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\xff\xfe garbage")
    out = _run(junk, tmp_path / "missing.sarif", "--repo", tmp_path)
    assert out.returncode == 2
    assert f"{junk}: $: error: unknown format" in out.stderr
    assert f"{tmp_path / 'missing.sarif'}: $: error: cannot read" in out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout.strip() == "0 findings (none) from 0/2 files; 2 errors, 0 warnings"


def test_warnings_only_exit_0() -> None:
    out = _run(FIX / "findings" / "bad-duplicates.sarif", "--repo", PYAPP)
    assert out.returncode == 0
    assert "warning: duplicate of $.runs[0].results[0]" in out.stderr


def test_usage_errors(tmp_path: Path) -> None:
    assert _run().returncode == 2  # no FILE
    out = _run(PYAPP / "findings" / "bandit.json", "--repo", tmp_path / "nope")
    assert out.returncode == 2 and "not a directory" in out.stderr
