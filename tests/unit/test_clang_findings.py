"""clang static analyzer findings as csgrep shows them (checker CLANG_WARNING, the clang checker in the
key event: ``warning[core.NullDereference]``) reach the C analyst's families and are judged like
gcc's: FALSE_POSITIVE only with proof on the code, otherwise kept or reviewed. The documents are
written here in csgrep's JSON shape (csgrep does not install on this machine)."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.load import load_findings

CODE = """#include <stdlib.h>
#include <string.h>

void checked(void) {
    char *p = malloc(16);
    if (p == NULL)
        return;
    memset(p, 0, 16);
    free(p);
}

void unchecked(void) {
    char *q = malloc(16);
    q[0] = 'x';
    free(q);
}

void twice(void) {
    char *r = malloc(16);
    free(r);
    free(r);
}
"""


def _defect(line: int, checker: str, message: str) -> dict[str, object]:
    return {
        "checker": "CLANG_WARNING",
        "language": "c/c++",
        "key_event_idx": 0,
        "events": [
            {
                "file_name": "pkg-1.0/src/mem.c",
                "line": line,
                "column": 5,
                "event": f"warning[{checker}]",
                "message": message,
                "verbosity_level": 0,
            }
        ],
    }


def _load(tmp_path: Path) -> list[tuple[str, str | None, str]]:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "mem.c").write_text(CODE)
    doc = {
        "scan": {"tool": "csmock", "enabled-plugins": "clang"},
        "defects": [
            _defect(8, "core.NullDereference", "Dereference of null pointer (loaded from variable 'p')"),
            _defect(
                14,
                "core.NullDereference",
                "Array access (from variable 'q') results in a null pointer dereference",
            ),
            _defect(21, "unix.Malloc", "Attempt to free released memory"),
            _defect(21, "deadcode.DeadStores", "Value stored to 'r' is never read"),
        ],
    }
    (tmp_path / "scan-results.js").write_text(json.dumps(doc))
    res = load_findings([tmp_path / "scan-results.js"], tmp_path)
    assert res.errors == []
    index = WorkspaceIndex(tmp_path)
    out = []
    for f in res.findings:
        assert f.tool == "clang" and f.path == "src/mem.c"
        out.append((f.rule_name or "", family_of(f), judge_finding(f, index).verdict))
    return out


def test_clang_checkers_reach_the_c_families_and_are_judged(tmp_path: Path) -> None:
    got = _load(tmp_path)
    assert got == [
        ("warning[core.NullDereference]", "null_deref", "FALSE_POSITIVE"),  # checked just before
        ("warning[core.NullDereference]", "null_deref", "TRUE_POSITIVE"),  # malloc never checked
        ("warning[unix.Malloc]", "double_free", "TRUE_POSITIVE"),
        ("warning[deadcode.DeadStores]", None, "NEEDS_REVIEW"),  # not a security family
    ]


def test_clang_sarif_names_the_checker_bare_as_its_rule_id() -> None:
    """clang's own SARIF (``--analyze -analyzer-output=sarif``) has ruleId "unix.Malloc", no brackets;
    the memory error is in the message. (Real clang output: tests/external/test_clang_sarif.py.)"""
    from sastls.analyzers.findings.model import Finding, Location, Region

    def f(rule: str, message: str) -> Finding:
        return Finding(tool="clang", rule_id=rule, message=message, location=Location("a.c", Region(3)))

    assert family_of(f("unix.Malloc", "Use of memory after it is released")) == "use_after_free"
    assert family_of(f("unix.Malloc", "Attempt to release already released memory")) == "double_free"
    assert family_of(f("core.NullDereference", "Dereference of null pointer")) == "null_deref"
    assert family_of(f("deadcode.DeadStores", "Value stored to 'r' is never read")) is None
    assert family_of(f("7024", "unused variable 'x'")) is None  # compiler SARIF: numeric ids
