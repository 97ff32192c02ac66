"""Intra-procedural def-use facts (analyzers.code.dataflow) for Python and C."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.code import dataflow
from sastls.analyzers.code.index import WorkspaceIndex

PY = """import os


def handler(user, limit=10, *rest):
    query = "SELECT * FROM t"
    query += " WHERE name = '" + user + "'"
    opts = {}
    opts["mode"] = "r"
    parts = []
    parts.append(user)
    parts.insert(0, "head")
    first, second = user, 2
    for item in rest:
        query = query + item
    with open(user) as fh:
        data = fh.read()
    if (size := len(data)) > limit:
        pass
    try:
        pass
    except ValueError as err:
        pass
    return query
"""

C = """#define N 16
int g(char *src, int n)
{
    char buf[N];
    int k = 60 * 60;
    k += n;
    strcpy(buf, src);
    buf[0] = 'x';
    n++;
    return k;
}
"""


def _index(tmp_path: Path) -> WorkspaceIndex:
    (tmp_path / "h.py").write_text(PY)
    (tmp_path / "g.c").write_text(C)
    return WorkspaceIndex(tmp_path)


def _kinds(defs: list[dataflow.Definition]) -> list[tuple[str, int]]:
    return [(d.kind, d.line) for d in defs]


def test_python_assignments_parameters_and_augmented(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("h.py")
    assert pf is not None
    query = dataflow.definitions(pf, 23, "query")
    assert _kinds(query) == [("assignment", 5), ("augmented", 6), ("assignment", 14)]
    assert query[0].constant and query[0].constant_repr == repr("SELECT * FROM t")
    assert not query[1].constant
    limit = dataflow.definitions(pf, 23, "limit")
    assert _kinds(limit) == [("parameter", 4)] and limit[0].constant_repr == "10"
    assert _kinds(dataflow.definitions(pf, 23, "rest")) == [("parameter", 4)]


def test_python_container_writes_with_constant_keys(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("h.py")
    assert pf is not None
    opts = dataflow.definitions(pf, 23, "opts")
    assert [(d.kind, d.key, d.constant) for d in opts] == [
        ("assignment", None, False),
        ("container_write", "'mode'", True),
    ]
    parts = dataflow.definitions(pf, 23, "parts")
    assert [(d.kind, d.key) for d in parts][1:] == [("container_write", None), ("container_write", "0")]
    assert parts[2].value == '"head"' and parts[2].constant


def test_python_unpacking_loops_with_walrus_except(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("h.py")
    assert pf is not None
    assert _kinds(dataflow.definitions(pf, 23, "first")) == [("unpack", 12)]
    assert _kinds(dataflow.definitions(pf, 23, "item")) == [("for_target", 13)]
    assert _kinds(dataflow.definitions(pf, 23, "fh")) == [("with_target", 15)]
    assert _kinds(dataflow.definitions(pf, 23, "size")) == [("walrus", 17)]
    assert _kinds(dataflow.definitions(pf, 23, "err")) == [("except", 21)]
    assert dataflow.definitions(pf, 23, "os") == []  # a module import, not in the function


def test_reaching_keeps_loop_definitions_and_drops_killed_ones(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("h.py")
    assert pf is not None
    at_loop = _kinds(dataflow.reaching(pf, 14, "query"))
    assert ("assignment", 14) in at_loop and ("assignment", 5) in at_loop
    before = _kinds(dataflow.reaching(pf, 6, "query"))
    assert before == [("assignment", 5)]


def test_uses_are_reads_only(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("h.py")
    assert pf is not None
    assert dataflow.uses(pf, 23, "user") == [6, 10, 12, 15]


def test_c_declarations_assignments_and_buffer_writes(tmp_path: Path) -> None:
    pf = _index(tmp_path).file("g.c")
    assert pf is not None
    k = dataflow.definitions(pf, 10, "k")
    assert _kinds(k) == [("declaration", 5), ("augmented", 6)]
    assert k[0].constant and k[0].constant_repr == "3600"
    buf = dataflow.definitions(pf, 10, "buf")
    assert [(d.kind, d.key) for d in buf] == [("container_write", "?"), ("container_write", "0")]
    assert _kinds(dataflow.definitions(pf, 10, "n")) == [("parameter", 2), ("augmented", 9)]
    assert _kinds(dataflow.definitions(pf, 10, "src")) == [("parameter", 2)]
