"""WorkspaceIndex on the Python fixture project: symbols, resolution strategies, callers, references,
caching, overlays, invalidation, exclusion, and files that are broken, empty, huge, CRLF or not UTF-8."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from sastls.analyzers.code.index import FileProblem, WorkspaceIndex, sandbox_path, split_qualified
from sastls.analyzers.code.languages import LanguageName
from tree_sitter import Tree

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "code"


@pytest.fixture()
def py_root(tmp_path: Path) -> Path:
    root = tmp_path / "py"
    shutil.copytree(FIXTURES / "python", root)
    return root


@pytest.fixture()
def index(py_root: Path) -> WorkspaceIndex:
    return WorkspaceIndex(py_root, exclude_globs=(".venv/**", "**/node_modules/**", "build/**"))


def top(
    idx: WorkspaceIndex, name: str, path: str | None = None, line: int | None = None
) -> tuple[str, str, int, str]:
    m = idx.definitions(name, from_path=path, line=line)[0]
    return m.symbol.qualified_name, m.symbol.path, m.symbol.start_line, m.strategy


def test_symbols_methods_nested_and_decorated(index: WorkspaceIndex) -> None:
    syms = {(s.qualified_name, s.kind): (s.start_line, s.end_line) for s in index.symbols("helpers/utils.py")}
    assert syms[("escape_for_html", "function")] == (4, 5)
    assert syms[("render", "function")] == (8, 9)
    assert syms[("Formatter", "class")] == (12, 21)
    assert syms[("Formatter.render", "method")] == (16, 17)
    assert syms[("Formatter.plain", "method")] == (19, 21)  # the decorator belongs to the method
    views = {s.qualified_name: s for s in index.symbols("webapp/views.py")}
    assert views["route.decorator.wrapper"].kind == "function"
    assert views["index"].start_line == 19  # starts at @route("/")
    assert {s.qualified_name for s in index.symbols("webapp/db.py") if s.kind == "global"} == {"DEFAULT_PATH"}


def test_from_import_resolves_to_the_defining_file(index: WorkspaceIndex) -> None:
    assert top(index, "escape_for_html", "app.py", 9) == ("escape_for_html", "helpers/utils.py", 4, "import")


def test_relative_import_and_reexport_through_init(index: WorkspaceIndex) -> None:
    # views.py: ``from ..helpers import escape``;
    # helpers/__init__.py: ``from .utils import escape_for_html as escape``
    assert top(index, "escape", "webapp/views.py", 23) == ("escape_for_html", "helpers/utils.py", 4, "import")
    assert top(index, "query", "webapp/views.py", 22) == ("query", "webapp/db.py", 6, "import")


def test_module_alias_qualifier_prefers_module_function(index: WorkspaceIndex) -> None:
    # ``from . import db`` then ``db.query(...)``: the function, not Database.query
    assert top(index, "db.query", "webapp/views.py", 32) == ("query", "webapp/db.py", 6, "import")
    assert top(index, "views.index", "app.py", 14)[:2] == ("index", "webapp/views.py")


def test_method_call_on_a_variable_prefers_methods(index: WorkspaceIndex) -> None:
    assert top(index, "database.query", "webapp/views.py", 31)[:2] == ("Database.query", "webapp/db.py")


def test_same_file_wins_and_self_resolves_to_the_enclosing_class(index: WorkspaceIndex) -> None:
    assert top(index, "render", "app.py", 14) == ("render", "app.py", 7, "same_file")
    assert top(index, "self.render", "helpers/utils.py", 17)[0] == "Formatter.render"


def test_qualified_names_without_a_from_path(index: WorkspaceIndex) -> None:
    assert top(index, "Formatter.render")[0] == "Formatter.render"
    assert top(index, "helpers.utils.escape_for_html")[:2] == ("escape_for_html", "helpers/utils.py")
    assert top(index, "Formatter::render")[0] == "Formatter.render"


def test_ambiguous_names_are_ranked_not_arbitrary(index: WorkspaceIndex) -> None:
    ms = index.definitions("render", limit=10)
    assert [m.symbol.qualified_name for m in ms][:2] == [
        "render",
        "render",
    ]  # free functions before the method
    assert ms[-1].symbol.qualified_name == "Formatter.render"
    assert all(m.strategy == "workspace" for m in ms)
    assert index.definitions("render", limit=2) == ms[:2]


def test_overloads_and_nested_functions(index: WorkspaceIndex) -> None:
    parses = [m.symbol.start_line for m in index.definitions("parse", limit=10)]
    assert sorted(parses) == [4, 8, 12]
    # inside outer(), ``inner`` is the nested one; outside, the top-level one ranks first
    assert top(index, "inner", "overloads.py", 23)[0] == "outer.inner"
    assert top(index, "inner", "overloads.py", 28)[0] == "inner"


def test_fuzzy_only_when_nothing_else_matches(index: WorkspaceIndex) -> None:
    ms = index.definitions("escape_for_htm")
    assert ms and ms[0].strategy == "fuzzy" and ms[0].symbol.name == "escape_for_html"
    assert index.definitions("EscapeForHtml")[0].symbol.name == "escape_for_html"
    assert index.definitions("no_such_thing_anywhere_zzz") == []
    assert index.definitions("") == []


def test_enclosing(index: WorkspaceIndex) -> None:
    assert index.enclosing("helpers/utils.py", 17).qualified_name == "Formatter.render"  # type: ignore[union-attr]
    assert index.enclosing("helpers/utils.py", 15).qualified_name == "Formatter"  # type: ignore[union-attr]
    assert index.enclosing("helpers/utils.py", 1) is None
    assert index.enclosing_function("helpers/utils.py", 15) is None
    assert index.enclosing("webapp/views.py", 12).qualified_name == "route.decorator.wrapper"  # type: ignore[union-attr]
    assert index.enclosing("no/such.py", 1) is None


def test_callers_across_the_workspace(index: WorkspaceIndex) -> None:
    sites = index.callers("escape_for_html")
    assert [(s.path, s.line) for s in sites] == [("app.py", 9), ("helpers/utils.py", 17)]
    assert sites[0].caller is not None and sites[0].caller.qualified_name == "render"
    assert "escape_for_html(name)" in sites[0].text
    # a qualifier ranks matching receivers first
    q = index.callers("Database.query")
    assert (q[0].path, q[0].line) == ("webapp/views.py", 31)
    assert index.callers("query", limit=1) == index.callers("query")[:1]


def test_callers_use_the_inverted_index_without_reparsing(
    index: WorkspaceIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    index.callers("render")
    index.callers("escape_for_html")
    index.callers("query")
    index.definitions("Formatter")
    import sastls.analyzers.code.index as mod
    from sastls.analyzers.code.languages import parse

    calls: list[str] = []

    def counting_parse(data: bytes, lang: LanguageName) -> Tree:
        calls.append(lang)
        return parse(data, lang)

    monkeypatch.setattr(mod, "parse", counting_parse)
    index.callers("escape_for_html")
    index.callers("query")
    index.definitions("Formatter")
    assert calls == []


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the index parses from now on, in order."""
    import sastls.analyzers.code.index as mod

    paths: list[str] = []
    original = mod.WorkspaceIndex._parse

    def counting(self: WorkspaceIndex, norm: str, *args: Any, **kwargs: Any) -> Any:
        paths.append(norm)
        return original(self, norm, *args, **kwargs)

    monkeypatch.setattr(mod.WorkspaceIndex, "_parse", counting)
    return paths


def test_a_question_by_name_parses_only_the_files_that_contain_the_name(
    index: WorkspaceIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed = _parses(monkeypatch)
    sites = index.callers("escape_for_html")
    assert {s.path for s in sites} == {"app.py", "helpers/utils.py"}
    # the files whose text can call it, and no other (helpers/__init__.py only imports it)
    assert sorted(parsed) == ["app.py", "helpers/utils.py"]
    assert len(index.files()) > len(parsed)
    parsed.clear()
    index.definitions("nothing_like_this_anywhere", fuzzy=False)
    assert parsed == []  # no file has the word: nothing to parse
    index.definitions("nothing_like_this_anywhere")  # fuzzy matching needs every name: all files
    assert len(parsed) == len(index.files()) - 2


CORPUS_CASES = Path(__file__).resolve().parents[1] / "corpus" / "cases"


@pytest.mark.parametrize("root", [FIXTURES / "python", CORPUS_CASES], ids=["fixture", "corpus"])
def test_questions_by_name_answer_as_the_whole_index_does(root: Path) -> None:
    """The lazy tables answer every name exactly as tables over the whole tree: same definitions
    (scores, strategies, order) and the same callers, asked from every file that names it."""
    full = WorkspaceIndex(root)
    full.build()
    names: dict[str, set[str]] = {}
    for rel in full.files():
        summary = full.summary(rel)
        assert summary is not None
        for sym in summary.symbols:
            names.setdefault(sym.name, set()).add(rel)
        for call in summary.calls:
            names.setdefault(call.name, set()).add(rel)
    assert len(names) >= 40
    shared = WorkspaceIndex(root)  # answers one name after the other, its tables growing
    for n, (name, paths) in enumerate(sorted(names.items())):
        # every 25th name on a fresh index (nothing summarised beforehand), the rest on the shared one
        lazy = WorkspaceIndex(root) if n % 25 == 0 else shared
        assert lazy.callers(name, limit=50) == full.callers(name, limit=50), name
        for rel in sorted(paths)[:3]:
            got = lazy.definitions(name, from_path=rel, line=1, limit=8, fuzzy=False)
            assert got == full.definitions(name, from_path=rel, line=1, limit=8, fuzzy=False), (name, rel)
        assert lazy.definitions(name, limit=8) == full.definitions(name, limit=8), name


def test_references_within_a_function(index: WorkspaceIndex) -> None:
    # search(): term on 28 (def) and 30 (use); not in the string on 29 or other functions
    assert index.references("webapp/views.py", 30, "term") == [28, 30]
    assert index.references("webapp/views.py", 31, "sql") == [30, 31]
    assert index.references("helpers/utils.py", 14, "self.prefix") == [14]
    assert index.references("webapp/views.py", 30, "users") == []  # only inside strings
    assert index.references("no/such.py", 3, "x") == []


def test_update_text_overlays_the_disk_and_invalidate_restores_it(
    index: WorkspaceIndex, py_root: Path
) -> None:
    before = index.symbols("app.py")
    index.update_text("app.py", "def brand_new():\n    return escape_for_html('x')\n")
    assert [s.name for s in index.symbols("app.py")] == ["brand_new"]
    assert ("app.py", 2) in [(s.path, s.line) for s in index.callers("escape_for_html")]
    assert index.definitions("brand_new")[0].symbol.path == "app.py"
    index.invalidate("app.py")
    assert index.symbols("app.py") == before
    assert index.definitions("brand_new") == []


def test_disk_changes_are_noticed_and_new_files_found(index: WorkspaceIndex, py_root: Path) -> None:
    assert index.definitions("later_added") == []
    (py_root / "extra.py").write_text("def later_added():\n    return 1\n")
    index.invalidate("extra.py")
    assert index.definitions("later_added")[0].symbol.path == "extra.py"
    target = py_root / "helpers" / "utils.py"
    target.write_text(target.read_text() + "\n\ndef appended():\n    pass\n")
    st = target.stat()
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert any(s.name == "appended" for s in index.symbols("helpers/utils.py"))  # stat-checked on access
    (py_root / "extra.py").unlink()
    index.invalidate("extra.py")
    assert index.definitions("later_added") == []
    assert "extra.py" not in index.files()


def test_same_content_is_not_reparsed(
    index: WorkspaceIndex, py_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = index.file("app.py")
    assert first is not None
    import sastls.analyzers.code.index as mod
    from sastls.analyzers.code.symbols import FileSummary, summarize

    calls: list[str] = []

    def counting_summarize(
        path: str, lang: LanguageName, data: bytes, tree: Tree, digest: str
    ) -> FileSummary:
        calls.append(path)
        return summarize(path, lang, data, tree, digest)

    monkeypatch.setattr(mod, "summarize", counting_summarize)
    os.utime(py_root / "app.py", ns=(time.time_ns(), time.time_ns()))  # touched, not changed
    index.invalidate("app.py")
    assert index.file("app.py") is not None
    assert calls == []


def test_exclude_globs_and_always_skipped_dirs(py_root: Path) -> None:
    for d in (".venv/lib", "node_modules/pkg", "build", ".git", "src/node_modules/x"):
        (py_root / d).mkdir(parents=True, exist_ok=True)
        (py_root / d / "junk.py").write_text("def escape_for_html():\n    pass\n")
    idx = WorkspaceIndex(py_root, exclude_globs=(".venv/**", "**/node_modules/**", "build/**"))
    files = idx.files()
    assert not any(
        f.startswith((".venv", "node_modules", "build", ".git", "src/node_modules")) for f in files
    )
    assert [m.symbol.path for m in idx.definitions("escape_for_html")] == ["helpers/utils.py"]


def test_syntax_error_elsewhere_keeps_the_rest(index: WorkspaceIndex) -> None:
    names = {s.qualified_name for s in index.symbols("broken.py")}
    assert {"good_before", "Still", "Still.fine"} <= names
    assert index.enclosing("broken.py", 11).qualified_name == "Still.fine"  # type: ignore[union-attr]
    assert [(s.path, s.line) for s in index.callers("good_before")] == [("broken.py", 12)]


def test_empty_crlf_and_non_utf8_files(index: WorkspaceIndex) -> None:
    assert index.symbols("empty.py") == ()
    assert index.enclosing("empty.py", 1) is None
    empty = index.file("empty.py")
    assert empty is not None and empty.lines == []
    crlf = index.file("crlf.py")
    assert crlf is not None and b"\r\n" in crlf.source
    assert crlf.line_text(4) == "def crlf_function(path):"
    assert [(s.name, s.start_line, s.end_line) for s in crlf.summary.symbols] == [
        ("crlf_function", 4, 6),
        ("after_crlf", 9, 10),
    ]
    assert index.references("crlf.py", 5, "full") == [5, 6]
    latin = index.file("latin1.py")
    assert latin is not None and "\ufffd" in latin.text
    assert index.enclosing("latin1.py", 7).name == "latin_function"  # type: ignore[union-attr]


def test_huge_files(tmp_path: Path) -> None:
    body = "".join(f"def f{i}(x):\n    return g(x) + {i}\n\n" for i in range(8_000))
    (tmp_path / "big.py").write_text(body)
    (tmp_path / "huge.py").write_text("x = 1\n" * 400_000)
    idx = WorkspaceIndex(tmp_path, max_file_bytes=2_000_000)
    assert idx.enclosing("big.py", 3 * 7_500 + 2).name == "f7500"  # type: ignore[union-attr]
    assert len(idx.callers("g", limit=100_000)) == 8_000
    got = idx.load("huge.py")
    assert isinstance(got, FileProblem) and got.code == "too_large"
    assert idx.file("huge.py") is None and idx.symbols("huge.py") == ()


def test_binary_files_are_not_parsed(tmp_path: Path) -> None:
    (tmp_path / "blob.py").write_bytes(b"\x00\x01\x02def f(): pass")
    idx = WorkspaceIndex(tmp_path)
    got = idx.load("blob.py")
    assert isinstance(got, FileProblem) and got.code == "binary"


def test_sandbox_refuses_escapes(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (tmp_path / "secret.py").write_text("def secret(): pass\n")
    (root / "link.py").symlink_to(tmp_path / "secret.py")
    (root / "inside.py").write_text("def inside(): pass\n")
    (root / "alias.py").symlink_to(root / "inside.py")
    real = Path(os.path.realpath(root))
    for bad in (
        "/etc/passwd",
        "../secret.py",
        "a/../../secret.py",
        "link.py",
        "C:\\x.py",
        "~/x.py",
        "file:///etc/passwd",
    ):
        got = sandbox_path(real, bad)
        assert isinstance(got, FileProblem) and got.code == "outside_workspace", bad
    assert sandbox_path(real, "./inside.py") == "inside.py"
    assert sandbox_path(real, "alias.py") == "alias.py"  # a symlink that stays inside is fine
    assert isinstance(sandbox_path(real, ""), FileProblem)
    idx = WorkspaceIndex(root)
    assert "link.py" not in idx.files()
    assert idx.definitions("secret") == []
    assert idx.file("../secret.py") is None


def test_a_file_swapped_for_a_symlink_outside_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (tmp_path / "secret.py").write_text("def secret(): pass\n# a longer file than the one it replaces\n")
    (root / "mod.py").write_text("def mod(): pass\n")
    idx = WorkspaceIndex(root)
    assert [s.name for s in idx.symbols("mod.py")] == ["mod"]
    (root / "mod.py").unlink()
    (root / "mod.py").symlink_to(tmp_path / "secret.py")
    got = idx.load("mod.py")
    assert isinstance(got, FileProblem) and got.code == "outside_workspace"
    assert idx.symbols("mod.py") == ()


def test_split_qualified() -> None:
    assert split_qualified("obj.method") == ("method", ["obj"])
    assert split_qualified("ns::Class::method") == ("method", ["ns", "Class"])
    assert split_qualified("p->next") == ("next", ["p"])
    assert split_qualified("f(x, y)") == ("f", [])
    assert split_qualified("std::vector<int>::push_back") == ("push_back", ["std", "vector"])


def test_function_node_and_calls_in_for_dataflow(index: WorkspaceIndex) -> None:
    got = index.function_node("webapp/views.py", 30)
    assert got is not None
    parsed, node = got
    assert parsed.node_text(node).startswith('@route("/search")')
    sym = index.enclosing_function("webapp/views.py", 30)
    assert sym is not None
    assert [c.name for c in index.calls_in(sym)] == ["route", "get", "Database", "query", "query"]
    assert {i.module for i in index.imports("webapp/views.py")} == {"functools", "", "db", "helpers"}


def test_enclosing_span_for_fingerprints() -> None:
    from sastls.analyzers.code.enclosing import enclosing_span

    text = (
        "import os\n\n@deco\ndef f(x):\n    def g():\n        return x\n    return g\n\nclass C:\n    y = 1\n"
    )
    assert enclosing_span("m.py", text, 5) == (5, 6)  # innermost
    assert enclosing_span("m.py", text, 7) == (3, 7)  # decorator included
    assert enclosing_span("m.py", text, 10) is None  # class body: no function
    assert enclosing_span("m.py", text, 1) is None
    assert enclosing_span("notes.txt", text, 5) is None
    assert enclosing_span("m.c", "int f(void)\r\n{\r\n  return 0;\r\n}\r\n", 3) == (1, 4)
    assert enclosing_span("m.py", "", 1) is None


def test_concurrent_queries_from_threads(index: WorkspaceIndex) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def work(i: int) -> tuple[str, ...]:
        if i % 3 == 0:
            index.invalidate("app.py")
        ms = index.definitions("escape_for_html", from_path="app.py", line=9)
        sites = index.callers("escape_for_html")
        return (ms[0].symbol.path, *(s.path for s in sites))

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = set(pool.map(work, range(40)))
    assert results == {("helpers/utils.py", "app.py", "helpers/utils.py")}


def test_fuzzy_matches_follow_new_and_removed_definitions(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def unrelated():\n    return 1\n")
    idx = WorkspaceIndex(tmp_path)
    assert idx.definitions("handle_reqest") == []
    idx.update_text("b.py", "def handle_request(x):\n    return x\n")
    found = idx.definitions("handle_reqest")
    assert [m.symbol.name for m in found] == ["handle_request"]
    assert found[0].strategy == "fuzzy"
    idx.update_text("b.py", "def other(x):\n    return x\n")
    assert idx.definitions("handle_reqest") == []


def test_rulers_of_hash_signs_do_not_stall_the_word_index(tmp_path: Path) -> None:
    # "name ####...": the call pattern once tried every way of splitting the #s into comments
    ruler = "#" * 120
    (tmp_path / "a.py").write_text(f"x = 1  {ruler}\nVALUE {ruler}\n\ndef target():\n    return 1\n")
    (tmp_path / "b.py").write_text(f"from a import target\nresult = target  {ruler}\nagain = target()\n")
    ix = WorkspaceIndex(tmp_path)
    assert [s.path for s in ix.callers("target")] == ["b.py"]
    assert [d.symbol.path for d in ix.definitions("target")] == ["a.py"]


def test_word_index_finds_definitions_and_calls_across_blanks_and_comments(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "import os\nLIMIT : int = 3\nclass \\\n  Box:\n    pass\n"
        "def run(x):\n    return helper  # why (not a call)\n\n"
        "run  # a comment\n  (1)\nother \\\n(2)\nos.path.join('a', 'b')\n"
    )
    words = WorkspaceIndex(tmp_path).word_index()
    defs = {w for k, w in words if k == "def"}
    calls = {w for k, w in words if k == "call"}
    assert {"LIMIT", "Box", "run"} <= defs
    assert {"run", "other", "join"} <= calls
    assert "helper" not in calls  # a "(" in the comment after it is not its argument list


def test_word_index_parts_join_to_the_whole_and_can_be_adopted(tmp_path: Path) -> None:
    from sastls.analyzers.code.index import join_word_index

    for folder in (FIXTURES, Path(__file__).resolve().parents[1] / "corpus" / "cases"):
        whole = WorkspaceIndex(folder).word_index()
        assert whole
        for parts in (1, 2, 3, 7):
            index = WorkspaceIndex(folder)
            assert join_word_index([index.word_index_part(k, parts) for k in range(parts)]) == whole
    adopter = WorkspaceIndex(FIXTURES)
    adopter.adopt_word_index(WorkspaceIndex(FIXTURES).word_index())
    assert adopter.word_index() == WorkspaceIndex(FIXTURES).word_index()
    own = WorkspaceIndex(FIXTURES)
    mine = own.word_index()
    own.adopt_word_index({("def", "x"): ["nowhere.py"]})  # an index keeps the one it has
    assert own.word_index() is mine
