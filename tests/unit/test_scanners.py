"""run_scanner: real bandit / cppcheck / flawfinder runs, semgrep's command line through a
stand-in binary, and every failure mode as an error instead of an exception."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
from pathlib import Path

import pytest
from sastls.analyzers.config import Config
from sastls.analyzers.scanners import applies_to, run_scanner
from sastls.analyzers.scanners.base import tool_path

FIX = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def pyapp(tmp_path: Path) -> Path:
    dest = tmp_path / "pyapp"
    shutil.copytree(FIX / "projects" / "pyapp", dest, ignore=shutil.ignore_patterns("findings"))
    return dest


def test_bandit_live(pyapp: Path) -> None:
    res = run_scanner("bandit", ["app/shell.py", "app/db.py"], pyapp)
    assert res.errors == []
    assert res.seconds > 0 and "-m" in res.command and "bandit" in res.command
    assert {f.path for f in res.findings} == {"app/shell.py", "app/db.py"}
    assert ("B602", "app/shell.py", 11) in {(f.rule_id, f.path, f.line) for f in res.findings}
    assert all(f.fingerprint and f.tool == "bandit" for f in res.findings)
    # the same findings as the committed scan of the whole project, fingerprints included
    from sastls.analyzers.findings.load import load_findings

    committed = load_findings(
        [FIX / "projects" / "pyapp" / "findings" / "bandit.json"], FIX / "projects" / "pyapp"
    )
    want = {
        (f.rule_id, f.path, f.line, f.fingerprint)
        for f in committed.findings
        if f.path in {"app/shell.py", "app/db.py"}
    }
    assert {(f.rule_id, f.path, f.line, f.fingerprint) for f in res.findings} == want


def test_bandit_on_a_directory_and_absolute_paths(pyapp: Path) -> None:
    res = run_scanner("bandit", [pyapp / "scripts"], pyapp)
    assert res.errors == [] and {f.path for f in res.findings} == {"scripts/manage.py"}


@pytest.mark.skipif(tool_path("cppcheck") is None, reason="missing tool: cppcheck (make venv installs it)")
def test_cppcheck_live(tmp_path: Path) -> None:
    shutil.copytree(FIX / "projects" / "cproj" / "src", tmp_path / "src")
    res = run_scanner("cppcheck", ["src"], tmp_path)
    assert res.errors == []
    assert ("arrayIndexOutOfBounds", "src/store.c", 45) in {(f.rule_id, f.path, f.line) for f in res.findings}


@pytest.mark.skipif(tool_path("flawfinder") is None, reason="missing tool: flawfinder (make venv)")
def test_flawfinder_live(tmp_path: Path) -> None:
    shutil.copytree(FIX / "projects" / "cproj" / "src", tmp_path / "src")
    res = run_scanner("flawfinder", ["src/main.c"], tmp_path)
    assert res.errors == []
    assert {(f.rule_id, f.line) for f in res.findings if f.rule_id == "FF1044"} == {
        ("FF1044", 12),
        ("FF1044", 17),
    }
    assert all(f.path == "src/main.c" for f in res.findings)


# the reason tests/conftest.py's need("gcc") gives: listed with the other missing tools at the end of the run
NO_GCC = (
    "missing tool: gcc (apt-get install gcc (gcc >= 10 for -fanalyzer); "
    "`make test` installs it when run as root)"
)


@pytest.mark.skipif(tool_path("gcc") is None, reason=NO_GCC)
def test_gcc_analyzer_live(tmp_path: Path) -> None:
    shutil.copytree(FIX / "projects" / "cproj" / "src", tmp_path / "src")
    res = run_scanner("gcc", ["src/report.c"], tmp_path)
    assert res.errors == []
    got = {(f.rule_id, f.path, f.line) for f in res.findings}
    assert ("-Wanalyzer-null-dereference", "src/report.c", 57) in got
    assert all(f.tool == "gcc" and f.fingerprint for f in res.findings)
    deref = next(f for f in res.findings if f.rule_id == "-Wanalyzer-null-dereference")
    assert deref.trace, "the analyzer's event path is the finding's code flow"
    whole = run_scanner("gcc", ["src"], tmp_path)
    assert {f.path for f in whole.findings} == {"src/cache.c", "src/report.c", "src/store.c"}


def _fake_semgrep(tmp_path: Path, report: dict, exit_code: int = 0, sleep: float = 0) -> Path:
    """A stand-in for semgrep that records its argv and writes ``report`` where -o says."""
    script = tmp_path / "fake-semgrep"
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, sys, time\n"
        f"time.sleep({sleep})\n"
        "args = sys.argv[1:]\n"
        f"open({str(tmp_path / 'argv.json')!r}, 'w').write(json.dumps(args))\n"
        f"open(args[args.index('-o') + 1], 'w').write(json.dumps({report!r}))\n"
        f"sys.exit({exit_code})\n"
    )
    script.chmod(0o755)
    return script


def test_semgrep_command_line_and_output(pyapp: Path, tmp_path: Path) -> None:
    report = json.loads((FIX / "projects" / "pyapp" / "findings" / "semgrep.json").read_text())
    report["results"] = [r for r in report["results"] if r["path"] == "app/db.py"]
    binary = _fake_semgrep(tmp_path, report)
    rules = FIX / "semgrep" / "rules.yml"
    cfg = dataclasses.replace(Config(), semgrep_bin=str(binary), semgrep_rules=str(rules))
    res = run_scanner("semgrep", ["app/db.py"], pyapp, cfg)
    assert res.errors == []
    assert len(res.findings) == len(report["results"]) > 0
    argv = json.loads((tmp_path / "argv.json").read_text())
    assert argv[0] == "scan" and "--metrics=off" in argv and "--disable-version-check" in argv
    assert argv[argv.index("--config") + 1] == str(rules) and argv[-1] == "app/db.py"


def test_semgrep_needs_a_binary_and_local_rules(pyapp: Path, tmp_path: Path) -> None:
    cfg = dataclasses.replace(Config(), semgrep_bin=str(tmp_path / "no-such-semgrep"), semgrep_rules="r.yml")
    res = run_scanner("semgrep", ["app"], pyapp, cfg)
    assert res.findings == [] and "semgrep not found" in res.errors[0]
    binary = _fake_semgrep(tmp_path, {"results": []})
    res = run_scanner("semgrep", ["app"], pyapp, dataclasses.replace(Config(), semgrep_bin=str(binary)))
    assert "no local rules" in res.errors[0]


def test_timeout_kills_the_scanner(pyapp: Path, tmp_path: Path) -> None:
    binary = _fake_semgrep(tmp_path, {"results": []}, sleep=30)
    cfg = dataclasses.replace(
        Config(), semgrep_bin=str(binary), semgrep_rules=str(FIX / "semgrep" / "rules.yml")
    )
    res = run_scanner("semgrep", ["app"], pyapp, cfg, timeout=0.5)
    assert res.findings == [] and "timed out after 0.5 s" in res.errors[0]
    assert res.seconds < 10


def test_crash_and_garbage_output(pyapp: Path, tmp_path: Path) -> None:
    binary = _fake_semgrep(tmp_path, {"results": [{"check_id": 1}]}, exit_code=2)
    cfg = dataclasses.replace(
        Config(), semgrep_bin=str(binary), semgrep_rules=str(FIX / "semgrep" / "rules.yml")
    )
    res = run_scanner("semgrep", ["app"], pyapp, cfg)
    assert any("exit status 2" in e for e in res.errors)
    assert any("$.results[0].check_id" in e for e in res.errors)


def test_unknown_scanner_and_paths_outside(pyapp: Path, tmp_path: Path) -> None:
    assert "unknown scanner" in run_scanner("pylint", ["app"], pyapp).errors[0]
    assert "outside the workspace" in run_scanner("bandit", [tmp_path], pyapp).errors[0]
    assert "does not exist" in run_scanner("bandit", ["nope.py"], pyapp).errors[0]


def test_missing_binary(pyapp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(pyapp))  # nothing executable there
    monkeypatch.setattr(sys, "executable", str(pyapp / "python"))  # nor beside the interpreter
    res = run_scanner("flawfinder", ["app"], pyapp)
    assert res.findings == [] and "flawfinder not found on PATH" in res.errors[0]
    assert res.missing  # the program is missing: no file would do better (the server says it once)
    assert not run_scanner("bandit", ["nope.py"], pyapp).missing  # a problem of that file only


@pytest.mark.skipif(tool_path("gcc") is None, reason=NO_GCC)
def test_gcc_file_that_does_not_compile_is_one_problem_and_no_findings(tmp_path: Path) -> None:
    """gcc's errors (a missing header, a syntax error) are not findings: the unit is not analysed, and
    says so in one line with gcc's first error; the other units of the run are analysed as usual."""
    shutil.copytree(FIX / "projects" / "cproj" / "src", tmp_path / "src")
    (tmp_path / "src" / "broken.c").write_text('#include "gone.h"\nint f(void) { return 0; }\n')
    (tmp_path / "src" / "typo.c").write_text("int g(void) { return 1 }\n")
    res = run_scanner("gcc", ["src/broken.c", "src/typo.c", "src/cache.c"], tmp_path)
    assert {f.path for f in res.findings} == {"src/cache.c"}
    assert all(f.level != "error" for f in res.findings)
    broken, typo = res.errors
    assert broken.startswith("gcc: src/broken.c does not compile, not analysed: ")
    assert "src/broken.c:1:10: fatal error: gone.h: No such file or directory" in broken
    assert "gcc ran with -I. -Isrc" in broken and "compile_commands.json" in broken
    assert "src/typo.c:1:23: error: expected ';'" in typo
    assert "\n" not in broken + typo
    assert not res.missing


def _fake_gcc(tmp_path: Path, version_line: str) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "gcc"
    fake.write_text(f"#!/bin/sh\necho '{version_line}'\n")
    fake.chmod(0o755)
    return bin_dir


@pytest.mark.parametrize(
    ("version_line", "why"),
    [
        ("Apple clang version 15.0.0 (clang-1500.1.0.2.5)", "is clang"),
        ("gcc (GCC) 9.4.0", "-fanalyzer needs gcc >= 10"),
    ],
)
def test_gcc_that_cannot_run_the_analyzer_is_a_missing_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version_line: str, why: str
) -> None:
    """macOS's `gcc` is clang; gcc < 10 has no -fanalyzer: unavailable (said once), not a per-file error."""
    monkeypatch.setenv("PATH", f"{_fake_gcc(tmp_path, version_line)}:/usr/bin:/bin")
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    res = run_scanner("gcc", ["a.c"], tmp_path)
    assert res.missing and res.findings == [] and why in res.errors[0], res.errors


def test_default_scanners_each_on_their_own_files() -> None:
    """The defaults are bandit and gcc: a C file gets gcc only, a Python file bandit only, a header neither
    (gcc analyses translation units), so a C-only or a Python-only workspace runs one of them."""
    from sastls.server.lsp.scanning import scanners_for

    assert Config().scanners == ("bandit", "gcc")
    assert scanners_for(Config(), "src/cache.c") == ["gcc"]
    assert scanners_for(Config(), "app/shell.py") == ["bandit"]
    assert scanners_for(Config(), "src/cache.h") == []
    assert scanners_for(Config(), "Makefile") == []


def test_a_target_named_like_an_option_stays_a_file(tmp_path: Path) -> None:
    """No scanner gets a workspace file "--addon=x.c" or "-fplugin=x.c" as an option (cppcheck runs addons,
    gcc loads plugins): targets that start with "-" are passed as "./-..."."""
    from sastls.analyzers.scanners.base import relative_targets

    for name in ("--addon=x.c", "-fplugin=x.c", "ok.c"):
        (tmp_path / name).write_text("int x;\n")
    got = relative_targets(["--addon=x.c", tmp_path / "-fplugin=x.c", "ok.c"], tmp_path)
    assert got == ["./--addon=x.c", "./-fplugin=x.c", "ok.c"]


def test_applies_to() -> None:
    assert applies_to("bandit", "a/b.py") and not applies_to("bandit", "a/b.c")
    assert applies_to("cppcheck", "x.h") and applies_to("flawfinder", "src")
