"""sastls/v1 fingerprints: stable across edits elsewhere in the file, changed by edits to
the enclosing function, both ways; one parse per file."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.analyzers.fingerprints import assign_fingerprints

PY = """import os


def helper(x):
    return x * 2


def run(cmd):
    os.system(cmd)
    return 0


def other():
    return 1
"""


def _fp(ws: Path, text: str, line: int, path: str = "m.py", rule: str = "B605") -> str:
    (ws / path).write_text(text)
    f = Finding(tool="bandit", rule_id=rule, message="m", location=Location(path, Region(line)))
    return assign_fingerprints([f], ws)[0].fingerprint


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_edits_elsewhere_keep_the_fingerprint(tmp_path: Path) -> None:
    base = _fp(tmp_path, PY, _line_of(PY, "os.system"))
    moved = "# a new header comment\nimport sys\n" + PY.replace("return x * 2", "return x * 3\n    # more")
    assert _fp(tmp_path, moved, _line_of(moved, "os.system")) == base  # line number shifted by 2
    reindented = PY.replace("def other():\n    return 1", "def other():\n        return 1\n\n\n")
    assert _fp(tmp_path, reindented, _line_of(reindented, "os.system")) == base


def test_edits_to_the_function_change_it_and_reverting_restores_it(tmp_path: Path) -> None:
    line = _line_of(PY, "os.system")
    base = _fp(tmp_path, PY, line)
    changed = PY.replace("    return 0\n", "    return 1\n", 1)
    assert changed != PY
    assert _fp(tmp_path, changed, line) != base  # a change to the enclosing function
    sanitized = PY.replace("os.system(cmd)", "os.system(shlex.quote(cmd))")
    assert _fp(tmp_path, sanitized, line) != base  # a change to the flagged line itself
    assert _fp(tmp_path, PY, line) == base  # and back


def test_whitespace_inside_the_function_does_not_matter(tmp_path: Path) -> None:
    line = _line_of(PY, "os.system")
    base = _fp(tmp_path, PY, line)
    assert _fp(tmp_path, PY.replace("os.system(cmd)", "os.system(cmd)   "), line) == base


def test_c_functions(tmp_path: Path) -> None:
    c = (
        "#include <stdlib.h>\n\nint a(void)\n{\n    return 1;\n}\n\n"
        "void b(const char *s)\n{\n    system(s);\n}\n"
    )
    line = _line_of(c, "system(s)")
    base = _fp(tmp_path, c, line, "x.c", "FF1044")
    assert _fp(tmp_path, c.replace("return 1;", "return 2;"), line, "x.c", "FF1044") == base
    assert _fp(tmp_path, c.replace("system(s);", "system(s);\n    s = 0;"), line, "x.c", "FF1044") != base


def test_identity_parts(tmp_path: Path) -> None:
    line = _line_of(PY, "os.system")
    base = _fp(tmp_path, PY, line)
    assert _fp(tmp_path, PY, line, rule="B602") != base
    assert _fp(tmp_path, PY, line, path="n.py") != base


def test_two_findings_in_one_function_stay_distinct(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(PY)
    fs = [
        Finding(
            tool="t", rule_id="r", message="m", location=Location("m.py", Region(_line_of(PY, "os.system")))
        ),
        Finding(
            tool="t", rule_id="r", message="m", location=Location("m.py", Region(_line_of(PY, "return 0")))
        ),
        Finding(
            tool="t", rule_id="r", message="m", location=Location("m.py", Region(_line_of(PY, "return 0")))
        ),
    ]
    out = assign_fingerprints(fs, tmp_path)
    assert len({f.fingerprint for f in out}) == 3
    assert out[2].fingerprint == out[1].fingerprint + "-1"


def test_missing_file_uses_the_snippet(tmp_path: Path) -> None:
    f = Finding(
        tool="t", rule_id="r", message="m", location=Location("gone.py", Region(3), snippet="eval(x)")
    )
    g = Finding(
        tool="t", rule_id="r", message="m", location=Location("gone.py", Region(3), snippet="eval(y)")
    )
    a, b = assign_fingerprints([f, g], tmp_path)
    assert a.fingerprint and b.fingerprint and a.fingerprint != b.fingerprint
