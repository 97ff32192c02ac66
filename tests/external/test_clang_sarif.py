"""Real clang SARIF as the SARIF reader and the C analyst get it (issue 17 §1).

clang comes from PyPI's ``ziglang`` wheel (clang_zig.py: pinned, installed once into the external
cache). At test time it analyses a small C file of our own, written here, with the static analyzer
(``--analyze -analyzer-output=sarif``) and compiles it with ``-fdiagnostics-format=sarif``; nothing
of its output is checked in. The analyzer's code flows must arrive as the finding's event path, its
checkers must reach the C families, and the real defects must never be judged FALSE_POSITIVE.

Skipped, saying why, when the registry cannot be reached to install ziglang. gcc 13's SARIF
(``-fdiagnostics-format=sarif-file``) is tested from real output too: test_gcc13_sarif.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

CODE = """\
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int value; };

int after_free(int n) {
    char *p = malloc(16);
    if (p == NULL)
        return -1;
    memset(p, 0, 16);
    free(p);
    return p[n];
}

int deref_after_check(int *q) {
    if (q == NULL) {
        /* nothing */
    }
    return *q;
}

void twice(int flag) {
    char *r = malloc(8);
    free(r);
    if (flag)
        free(r);
}

int sum(struct node *head) {
    int total = 0;
    for (struct node *n = head; n != NULL; n = n->next)
        total += n->value;
    return total;
}
"""


@pytest.fixture(scope="module")
def clang() -> list[str]:
    from clang_zig import ensure_clang
    from registry import Registry, RegistryError

    try:
        cmd, _ = ensure_clang()
    except RegistryError as exc:
        why = Registry().unreachable()
        pytest.skip(f"clang (PyPI's ziglang wheel) could not be installed: {why or exc}")
    return cmd


def _write(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "mem.c").write_text(CODE)
    return tmp_path


@pytest.mark.slow
def test_clang_analyzer_sarif_is_read_with_its_paths_and_judged(clang: list[str], tmp_path: Path) -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding
    from sastls.analyzers.code.taint.families import family_of
    from sastls.analyzers.findings.load import load_findings

    repo = _write(tmp_path)
    out = repo / "clang.sarif"
    done = subprocess.run(
        [*clang, "--analyze", "-Xanalyzer", "-analyzer-output=sarif", "-o", str(out), "src/mem.c"],
        cwd=repo, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text())
    assert doc["runs"][0]["tool"]["driver"]["name"] == "clang"
    loaded = load_findings([out], repo)
    assert not loaded.errors, loaded.errors
    by_line = {f.line: f for f in loaded.findings}
    lines = CODE.splitlines()

    def line_of(text: str, after: int = 0) -> int:
        return next(i + 1 for i, s in enumerate(lines) if i + 1 > after and text in s)

    uaf = by_line[line_of("return p[n];")]
    null = by_line[line_of("return *q;")]
    double = by_line[line_of("free(r);", after=line_of("if (flag)"))]
    assert {f.tool for f in loaded.findings} == {"clang"}
    rules = (uaf.rule_id, null.rule_id, double.rule_id)
    assert rules == ("unix.Malloc", "core.NullDereference", "unix.Malloc")
    assert not any(f.line > line_of("int sum(") for f in loaded.findings), "the loop is clean"
    # the analyzer's code flow is the finding's event path, in order, on our lines
    uaf_steps = [(s.location.region.start_line, s.message) for s in uaf.trace if s.kind == "flow"]
    assert uaf_steps[0] == (line_of("malloc(16)"), "Memory is allocated")
    assert (line_of("free(p);"), "Memory is released") in uaf_steps[1:-1]
    assert uaf_steps[-1][0] == uaf.line
    assert any("Assuming 'q' is equal to NULL" in s.message for s in null.trace)
    assert [s.location.region.start_line for s in double.trace if s.kind == "flow"][-1] == double.line
    families = (family_of(uaf), family_of(null), family_of(double))
    assert families == ("use_after_free", "null_deref", "double_free")
    index = WorkspaceIndex(repo)
    verdicts = {f.line: judge_finding(f, index) for f in (uaf, null, double)}
    for line, j in verdicts.items():
        assert j.verdict != "FALSE_POSITIVE", (line, j.reason)


@pytest.mark.slow
def test_clang_compiler_sarif_is_read(clang: list[str], tmp_path: Path) -> None:
    """``-fdiagnostics-format=sarif`` prints one SARIF document among clang's other stderr lines; the
    document, cut out as a user would, reads with the warnings on our lines."""
    from sastls.analyzers.findings.load import load_findings

    repo = _write(tmp_path)
    (repo / "src" / "fmt.c").write_text(
        "#include <stdio.h>\nint show(const char *s) {\n"
        "    int unset;\n    printf(s);\n    return unset;\n}\n"
    )
    done = subprocess.run(
        [*clang, "-fsyntax-only", "-Wall", "-Wformat-security", "-Wuninitialized",
         "-fdiagnostics-format=sarif", "src/fmt.c"],
        cwd=repo, capture_output=True, text=True, check=False,
    )  # fmt: skip
    doc = next(s for s in done.stderr.splitlines() if s.startswith("{"))
    out = repo / "clang-diag.sarif"
    out.write_text(doc)
    loaded = load_findings([out], repo)
    assert not loaded.errors, loaded.errors
    got = [(f.path, f.line, f.level, f.message) for f in loaded.findings if f.tool == "clang"]
    assert any(ln == 4 and "format string is not a string literal" in m for _, ln, _, m in got), got
    assert any(ln == 5 and "uninitialized" in m for _, ln, _, m in got), got
    assert all(p == "src/fmt.c" for p, *_ in got)
