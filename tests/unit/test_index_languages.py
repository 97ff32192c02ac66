"""WorkspaceIndex on the C, C++, Java, JavaScript, TypeScript and Go fixture projects."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "code"


@pytest.fixture(scope="module")
def c() -> WorkspaceIndex:
    return WorkspaceIndex(FIXTURES / "c")


@pytest.fixture(scope="module")
def cpp() -> WorkspaceIndex:
    return WorkspaceIndex(FIXTURES / "cpp")


def best(
    idx: WorkspaceIndex, name: str, path: str | None = None, line: int | None = None
) -> tuple[str, str, int, str]:
    m = idx.definitions(name, from_path=path, line=line)[0]
    return m.symbol.qualified_name, m.symbol.path, m.symbol.start_line, m.strategy


def kinds(idx: WorkspaceIndex, path: str) -> dict[str, str]:
    return {s.qualified_name: s.kind for s in idx.symbols(path) if not s.declaration}


# ---------------------------------------------------------------- C


def test_c_symbols_macros_structs_typedefs_globals(c: WorkspaceIndex) -> None:
    k = kinds(c, "include/util.h")
    assert k["MAX_LEN"] == "macro" and k["CLAMP"] == "macro"
    assert k["buffer"] == "struct" and k["buffer_t"] == "typedef"
    decls = {s.name for s in c.symbols("include/util.h") if s.declaration}
    assert decls == {"copy_input", "dup_string", "log_message"}
    assert kinds(c, "src/util.c")["g_count"] == "global"
    assert "n" not in kinds(c, "src/util.c")  # locals are not globals
    assert kinds(c, "src/parse.c")["debug_level"] == "global"  # inside #ifdef
    assert kinds(c, "src/parse.c")["handler_fn"] == "typedef"


def test_c_header_impl_split_prefers_the_body(c: WorkspaceIndex) -> None:
    ms = c.definitions("copy_input", from_path="src/main.c", line=12)
    assert (ms[0].symbol.path, ms[0].symbol.start_line, ms[0].strategy) == ("src/util.c", 14, "import")
    assert ms[1].symbol.path == "include/util.h" and ms[1].symbol.declaration
    assert best(c, "CLAMP", "src/main.c", 15) == ("CLAMP", "include/util.h", 7, "import")


def test_c_static_functions_with_the_same_name(c: WorkspaceIndex) -> None:
    assert best(c, "helper", "src/main.c", 20)[:2] == ("helper", "src/main.c")
    assert best(c, "helper", "src/util.c", 17)[:2] == ("helper", "src/util.c")


def test_c_syntax_error_does_not_hide_later_functions(c: WorkspaceIndex) -> None:
    assert best(c, "parse_number")[:3] == ("parse_number", "src/parse.c", 19)
    assert c.enclosing("src/parse.c", 23).name == "parse_number"  # type: ignore[union-attr]
    assert c.enclosing("src/parse.c", 31).name == "pick_handler"  # type: ignore[union-attr]


def test_c_callers_and_enclosing(c: WorkspaceIndex) -> None:
    sites = c.callers("copy_input")
    assert [(s.path, s.line, s.caller.name if s.caller else None) for s in sites] == [
        ("src/main.c", 12, "process")
    ]
    assert [(s.path, s.line) for s in c.callers("helper")] == [("src/main.c", 20), ("src/util.c", 17)]
    assert [s.line for s in c.callers("CLAMP")] == [15]  # macro uses parse as calls
    assert c.enclosing("src/main.c", 14).name == "process"  # type: ignore[union-attr]
    assert c.references("src/main.c", 14, "buf") == [11, 12, 14]


# ---------------------------------------------------------------- C++


def test_cpp_qualified_methods_overloads_and_namespaces(cpp: WorkspaceIndex) -> None:
    body = {(s.qualified_name, s.start_line) for s in cpp.symbols("shape.cpp")}
    assert ("geo::Circle::area", 7) in body
    assert ("geo::Circle::scale", 12) in body and ("geo::Circle::scale", 17) in body
    assert ("geo::make_circle", 22) in body and ("area", 29) in body
    assert kinds(cpp, "shape.hpp")["geo::Circle"] == "class"
    assert kinds(cpp, "shape.hpp")["geo::Circle::name"] == "method"
    assert best(cpp, "Circle::area")[:3] == ("geo::Circle::area", "shape.cpp", 7)
    assert best(cpp, "geo::Circle::area")[:3] == ("geo::Circle::area", "shape.cpp", 7)
    assert best(cpp, "area", "main.cpp", 9)[:3] == ("area", "shape.cpp", 29)  # free function
    assert best(cpp, "c->area", "main.cpp", 8)[0] == "geo::Circle::area"  # method call on a pointer
    scales = [m.symbol.start_line for m in cpp.definitions("Circle::scale", limit=3)]
    assert sorted(scales[:2]) == [12, 17]
    assert best(cpp, "geo::make_circle", "main.cpp", 6) == ("geo::make_circle", "shape.cpp", 22, "import")


def test_cpp_callers(cpp: WorkspaceIndex) -> None:
    sites = cpp.callers("scale")
    assert [(s.path, s.line) for s in sites] == [("main.cpp", 7), ("shape.cpp", 19)]
    assert sites[1].caller is not None and sites[1].caller.qualified_name == "geo::Circle::scale"
    assert cpp.enclosing("shape.cpp", 9).qualified_name == "geo::Circle::area"  # type: ignore[union-attr]


# ---------------------------------------------------------------- Java


def test_java_overloads_imports_and_inner_classes() -> None:
    idx = WorkspaceIndex(FIXTURES / "java")
    app = "src/main/java/com/example/App.java"
    handles = [m.symbol.start_line for m in idx.definitions("App.handle", limit=5)]
    assert sorted(handles) == [14, 20]
    assert best(idx, "Sanitizer.clean", app, 15)[:2] == (
        "Sanitizer.clean",
        "src/main/java/com/example/util/Sanitizer.java",
    )
    assert best(idx, "Sanitizer.clean", app, 15)[3] == "import"
    assert kinds(idx, app)["App.Inner.clean"] == "method"
    assert kinds(idx, app)["App.App"] == "method"  # constructor
    assert idx.enclosing(app, 17).qualified_name == "App.handle"  # type: ignore[union-attr]
    assert [(s.line, s.caller.qualified_name if s.caller else "") for s in idx.callers("handle")] == [
        (21, "App.handle")
    ]
    assert idx.summary(app).package == "com.example"  # type: ignore[union-attr]


# ---------------------------------------------------------------- JavaScript / TypeScript


def test_javascript_require_and_methods() -> None:
    idx = WorkspaceIndex(FIXTURES / "javascript")
    assert best(idx, "sanitize", "server.js", 8) == ("sanitize", "lib/sanitize.js", 1, "import")
    assert best(idx, "helpers.sanitize", "server.js", 13)[:2] == ("sanitize", "lib/sanitize.js")
    assert kinds(idx, "lib/sanitize.js")["Cleaner.sanitize"] == "method"
    assert [(s.path, s.line) for s in idx.callers("sanitize")] == [
        ("lib/sanitize.js", 7),
        ("server.js", 8),
        ("server.js", 13),
    ]
    assert idx.enclosing("server.js", 9).name == "handler"  # type: ignore[union-attr]


def test_typescript_overload_signatures_interfaces_and_tsx() -> None:
    idx = WorkspaceIndex(FIXTURES / "typescript")
    ms = idx.definitions("escapeHtml", from_path="src/index.ts", line=5)
    assert (ms[0].symbol.start_line, ms[0].symbol.declaration, ms[0].strategy) == (3, False, "import")
    assert {m.symbol.start_line for m in ms[1:3]} == {1, 2}  # the overload signatures, ranked after
    k = kinds(idx, "src/util.ts")
    assert k["Renderer"] == "interface" and k["Html"] == "typedef"
    assert best(idx, "escapeHtml", "src/view.tsx", 6)[:2] == ("escapeHtml", "src/util.ts")
    assert idx.enclosing("src/view.tsx", 7).name == "View"  # type: ignore[union-attr]
    assert kinds(idx, "src/index.ts")["handle"] == "function"
    assert sorted((s.path, s.line) for s in idx.callers("escapeHtml")) == [
        ("src/index.ts", 5),
        ("src/view.tsx", 6),
    ]


# ---------------------------------------------------------------- Go


def test_go_methods_vs_functions_and_package_imports() -> None:
    idx = WorkspaceIndex(FIXTURES / "go")
    assert kinds(idx, "store/store.go") == {
        "Store": "struct",
        "New": "function",
        "Store.Get": "method",
        "Store.Put": "method",
    }
    assert best(idx, "store.New", "main.go", 15) == ("New", "store/store.go", 7, "import")
    assert best(idx, "Get", "main.go", 16) == ("Get", "main.go", 10, "same_file")
    assert best(idx, "s.Get", "main.go", 16)[0] == "Store.Get"
    assert best(idx, "Store.Get")[0] == "Store.Get"
    assert idx.summary("main.go").package == "main"  # type: ignore[union-attr]
    assert [(s.path, s.line) for s in idx.callers("Get")] == [("main.go", 16), ("main.go", 16)]


def test_function_node_behind_a_syntax_error_is_a_clean_tree(c: WorkspaceIndex) -> None:
    got = c.function_node("src/parse.c", 23)
    assert got is not None
    parsed, node = got
    assert node.type == "function_definition" and not node.has_error
    assert (node.start_point[0] + 1, node.end_point[0] + 1) == (19, 27)
    assert parsed.node_text(node).startswith("int parse_number(const char *s)")
