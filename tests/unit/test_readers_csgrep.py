"""csgrep / OpenScanHub reader: ``csgrep --mode=json`` and the ``.err`` text of the same defects."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.findings.load import load_findings

FIX = Path(__file__).resolve().parents[1] / "fixtures"
CPROJ = FIX / "projects" / "cproj"


def _view(path: Path) -> list[tuple]:
    res = load_findings([path], CPROJ)
    assert [e for e in res.errors if e.severity == "error"] == [], res.errors
    return [
        (
            f.tool,
            f.rule_id,
            f.cwe,
            f.path,
            f.line,
            f.location.region.start_column,
            f.message,
            [(s.location.path, s.location.region.start_line, s.message) for s in f.trace],
        )
        for f in res.findings
    ]


def test_csgrep_json() -> None:
    res = load_findings([FIX / "findings" / "csgrep.json"], CPROJ)
    assert res.formats == {str(FIX / "findings" / "csgrep.json"): "csgrep-json"}
    assert res.errors == []
    gcc, cov, cpp, ana = res.findings
    # the tarball prefix "cproj-1.0/" is mapped to the workspace by suffix
    assert (gcc.tool, gcc.rule_id, gcc.cwe, gcc.path, gcc.line) == (
        "gcc",
        "COMPILER_WARNING",
        (134,),
        "src/main.c",
        56,
    )
    assert gcc.rule_name == "warning[-Wformat-security]"
    assert gcc.location.snippet == "   56 |         printf(argv[2]);\n      |         ^~~~~~"
    # key_event_idx picks the location; the other events become the trace
    assert (cov.tool, cov.path, cov.line, cov.level) == ("coverity", "src/store.c", 45, "error")  # imp: 1
    assert [s.message.split(":")[0] for s in cov.trace] == ["cond_at_most", "loop"]
    assert all(s.kind == "event" for s in cov.trace)
    assert cov.properties["function"] == "store_get"
    assert (cpp.tool, cpp.line, cpp.level) == ("cppcheck", 27, "error")
    assert (ana.tool, ana.line, ana.cwe) == ("gcc-analyzer", 15, (775,))
    assert [s.location.region.start_line for s in ana.trace] == [11, 14, 15]


def test_csgrep_err_reads_like_the_json() -> None:
    """Same defects, same findings (the .err has no 'imp' flag, so Coverity's level differs)."""
    err = _view(FIX / "findings" / "csgrep.err")
    js = _view(FIX / "findings" / "csgrep.json")
    assert err == js


def test_err_key_event_is_guessed_like_csdiff(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text("int f(void)\n{\n  int x;\n  return x;\n}\n")
    (tmp_path / "r.err").write_text(
        "# Defect #1 (a comment before the defect)\n"
        "Error: UNINIT (CWE-457):\n"
        'a.c:3: var_decl: Declaring variable "x" without initializer.\n'
        'a.c:4: uninit_use: Using uninitialized value "x".\n'
        "a.c:4: note: the message of\n"
        "continues on the next line\n"
        "\n"
        "Error: SHELLCHECK_WARNING:\n"
        "a.c:1:1: warning[SC2148]: Tips depend on target shell.\n"
    )
    res = load_findings([tmp_path / "r.err"], tmp_path)
    assert res.errors == []
    uninit, sc = res.findings
    assert (uninit.tool, uninit.line, uninit.cwe, uninit.rule_name) == ("coverity", 4, (457,), "uninit_use")
    assert [s.message for s in uninit.trace] == [
        'var_decl: Declaring variable "x" without initializer.',
        "note: the message of\ncontinues on the next line",
    ]
    assert (sc.tool, sc.rule_id, sc.cwe, sc.location.region.start_column) == (
        "shellcheck",
        "SHELLCHECK_WARNING",
        (),
        1,
    )
