"""gcc -fanalyzer's ``use of uninitialized value 'f[2]'`` after a loop that sets every element it
counts over (c_loop_filled): dropped when the loop starts at 0, runs while ``i < N`` with ``N`` above
the element, sets ``f[i]`` first in every round and leaves only by returning. A loop that may stop
early (``break``), sets the element under a condition, counts over fewer elements, changes its
counter, or an inner array of the same name keep the finding. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

from .c_snippet import marked_line

HEAD = "#include <stdlib.h>\n#include <string.h>\nchar *next_field(char **cur);\n"


def parse(loop: str, read: str = "return (int)strtoul(f[2], NULL, 10); /* <- */") -> str:
    return (
        HEAD
        + "int parse(char *line) {\n"
        + "    char *cur = line;\n"
        + "    char *f[7];\n"
        + "    int i;\n"
        + f"{loop}"
        + f"    {read}\n"
        + "}\n"
    )


FILL = (
    "    for (i = 0; i < 7; i++) {\n"
    "        f[i] = next_field(&cur);\n"
    "        if (f[i] == NULL)\n"
    "            return -1;\n"
    "    }\n"
)
SAFE = {
    "every-round": FILL,
    "declared-counter": FILL.replace("for (i = 0; i < 7; i++)", "for (int j = 0; j < 7; j++)").replace(
        "f[i]", "f[j]"
    ),
    "no-braces": "    for (i = 0; i < 7; i++)\n        f[i] = next_field(&cur);\n",
}
KEPT = {
    "may-break": FILL.replace("return -1;", "break;"),
    "set-under-a-condition": (
        "    for (i = 0; i < 7; i++) {\n        if (cur)\n            f[i] = next_field(&cur);\n    }\n"
    ),
    "fewer-rounds": FILL.replace("i < 7", "i < 2"),
    "counter-changed": FILL.replace("return -1;", "i++;"),
    "inner-array": FILL,  # read from another array of the same name, below
}


def judge(tmp_path: Path, code: str, element: str = "f[2]") -> str:
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="gcc",
        rule_id="-Wanalyzer-use-of-uninitialized-value",
        message=f"use of uninitialized value ‘{element}’",
        location=Location("main.c", Region(marked_line(code))),
        cwe=(457,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    return f"{got.verdict}: {got.justification}"


@pytest.mark.parametrize("case", sorted(SAFE))
def test_an_element_every_round_sets_is_set(tmp_path: Path, case: str) -> None:
    got = judge(tmp_path, parse(SAFE[case]))
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_an_element_not_shown_set_is_kept(tmp_path: Path, case: str) -> None:
    read = "return (int)strtoul(f[2], NULL, 10); /* <- */"
    if case == "inner-array":
        read = "{ char *f[7]; return (int)strtoul(f[2], NULL, 10); /* <- */ }"
    got = judge(tmp_path, parse(KEPT[case], read))
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
