"""flawfinder's misc/fopen (CWE-362: can another user redirect the file opened?) judged by the path
(c_open.py): a fixed path only root may change is FALSE_POSITIVE, a fixed name in /tmp is
TRUE_POSITIVE, anything else (input, relative, other directories, a macro with two values, `..`)
needs a human look. Also: the flawfinder SARIF rule name selects the family. Code written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region

HEAD = "#include <stdio.h>\n#include <fcntl.h>\n"
MSG = (
    "misc/fopen:Check when opening files - can an attacker redirect it (via symlinks), force the opening "
    "of special file type (e.g., device files), move things around to create a race condition, control "
    "its ancestors, or change its contents? (CWE-362)."
)

CASES = {
    "etc": ('FILE *f = fopen("/etc/app/app.conf", "r"); /* <- */', "FALSE_POSITIVE"),
    "proc-and-devnull": (
        'int fd = open("/proc/self/status", O_RDONLY); FILE *n = fopen("/dev/null", "w"); /* <- */',
        "FALSE_POSITIVE",
    ),
    "tmp": ('FILE *f = fopen("/tmp/app.lock", "w"); /* <- */', "TRUE_POSITIVE"),
    "dotdot": ('FILE *f = fopen("/etc/../tmp/x", "w"); /* <- */', "NEEDS_REVIEW"),
    "relative": ('FILE *f = fopen("data.txt", "r"); /* <- */', "NEEDS_REVIEW"),
    "input": ('FILE *f = fopen(argv[1], "r"); /* <- */', "NEEDS_REVIEW"),
    "home": ('FILE *f = fopen("/home/app/x.conf", "r"); /* <- */', "NEEDS_REVIEW"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fopen_by_path(tmp_path: Path, case: str) -> None:
    stmt, want = CASES[case]
    code = HEAD + "int main(int argc, char **argv)\n{\n    " + stmt + "\n    return argc;\n}\n"
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1040",
        rule_name="misc/fopen",
        message=MSG,
        location=Location("main.c", Region(line)),
        cwe=(362,),
    )
    assert family_of(finding) == "file_open"
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == want, (case, got.justification)


def test_a_macro_with_two_values_is_no_fixed_path(tmp_path: Path) -> None:
    code = (
        '#include <stdio.h>\n#ifdef _WIN32\n#define NAME "C:\\\\temp\\\\x"\n'
        '#else\n#define NAME "/etc/x"\n#endif\n'
        'int main(void) { FILE *f = fopen(NAME, "r"); /* <- */\n return f != 0; }\n'
    )
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1040",
        rule_name="misc/fopen",
        message=MSG,
        location=Location("main.c", Region(7)),
        cwe=(362,),
    )
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict != "FALSE_POSITIVE"
