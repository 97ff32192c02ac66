"""cppcheck's ``missingInclude`` / ``missingIncludeSystem``: notices about cppcheck's own
configuration (a header it was not given), not about the code. Checked against the tree:

- confirmed (TRUE_POSITIVE, said to be a notice about the scan) when the ``#include`` on the line
  names a header that no file of the workspace provides (a system or third-party header: what it
  declares was not seen by cppcheck);
- refuted (FALSE_POSITIVE) when a file of that name is in the workspace: cppcheck was not given its
  folder (``-I``), the file itself is there;
- open when the line holds no such ``#include``.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import line_of, on_lines, text
from .outcome import Outcome
from .values import Note

_HEADER = re.compile(r"Include file: [<\"]([^>\"]+)[>\"] not found")


def judge_missing_include(ctx: Ctx, root: Node, lo: int, hi: int) -> Outcome:
    m = _HEADER.search(ctx.finding.message)
    if m is None:
        return _open("The notice names no header.")
    header = m.group(1)
    includes = [
        n
        for n in on_lines(root, lo, hi, {"preproc_include"})
        if text(n.child_by_field_name("path")).strip('<>"') == header
    ]
    if not includes:
        return _open(f"No `#include` of `{header}` was found at line {lo}.")
    inc = includes[0]
    found = _in_workspace(ctx, header)
    if found is not None:
        why = f"`{header}` is in the workspace ({found}): cppcheck was not given its folder (-I)"
        return Outcome(
            "FALSE_POSITIVE",
            0.8,
            "header is in the workspace",
            f"The header exists: {why}.",
            [ctx.note(inc, f"#include of `{header}`", "sink"), _at(found, why)],
        )
    why = (
        f"no file of the workspace is `{header}` (line {line_of(inc)} includes it): cppcheck did not see "
        "what it declares, which may hide or invent findings that depend on it"
    )
    return Outcome(
        "TRUE_POSITIVE",
        0.85,
        "scan configuration notice confirmed",
        f"The notice is accurate: {why}. "
        "(A notice about the scan's configuration, not a defect of the code.)",
        [ctx.note(inc, why, "sink")],
    )


def _in_workspace(ctx: Ctx, header: str) -> str | None:
    try:
        files = ctx.index.files()
    except Exception:
        return None
    tail = "/" + header.lstrip("./")
    for f in files:
        if f == header or ("/" + f).endswith(tail):
            return f
    return None


def _at(path: str, why: str) -> Note:
    return Note(path, 1, 1, why, "constant")


def _open(why: str) -> Outcome:
    return Outcome("NEEDS_REVIEW", 0.3, "scan notice not decided", why, [])
