"""fetch_code: requests by symbol, range, callers and enclosing; bounds, dedup, sandbox, privacy."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from sastls.analyzers.code.fetch import FetchRequest, FetchResult, fetch_code, parse_key, render_lines
from sastls.analyzers.code.index import WorkspaceIndex

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "code"


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    shutil.copytree(FIXTURES / "python", ws)
    (tmp_path / "outside.py").write_text("def outside_secret():\n    return 'TOKEN'\n")
    return ws


@pytest.fixture()
def index(root: Path) -> WorkspaceIndex:
    return WorkspaceIndex(root)


def fetch(index: WorkspaceIndex, **kw: object) -> FetchResult:
    opts = {k: kw.pop(k) for k in ("already", "max_lines", "max_chars", "privacy_globs") if k in kw}
    return fetch_code(index, FetchRequest(**kw), **opts)  # type: ignore[arg-type]


def test_symbol_seen_in_a_file_resolves_through_its_import(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="symbol", symbol="escape_for_html", path="app.py", start_line=9)
    assert r.ok and r.error is None and r.strategy == "import"
    (chunk,) = r.chunks
    assert (chunk.path, chunk.start_line, chunk.end_line, chunk.key) == (
        "helpers/utils.py",
        4,
        5,
        "helpers/utils.py:4-5",
    )
    assert chunk.text.splitlines() == [
        "4 | def escape_for_html(text):",
        "5 |     return html.escape(text, quote=True)",
    ]
    assert "helpers/utils.py:4-5" in r.message


def test_symbol_without_context_uses_the_workspace(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="symbol", symbol="Formatter.render")
    assert r.ok and r.strategy == "workspace" and r.chunks[0].key == "helpers/utils.py:16-17"


def test_ambiguous_symbol_returns_the_best_few_ranked(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="symbol", symbol="parse")
    assert r.ok and r.error == "ambiguous"
    assert [c.start_line for c in r.chunks] == [4, 8, 12]
    assert "3 equally ranked definitions" in r.message


def test_fuzzy_match_says_so(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="symbol", symbol="escape_for_htm")
    assert r.ok and r.strategy == "fuzzy" and r.chunks[0].path == "helpers/utils.py"


def test_unknown_symbol_is_a_structured_miss(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="symbol", symbol="zzz_not_defined_anywhere")
    assert not r.ok and r.error == "not_found" and r.chunks == ()
    assert fetch(index, kind="symbol").error == "bad_request"
    assert fetch(index, kind="symbol", symbol="   ").error == "bad_request"


def test_range_with_numbered_lines(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="range", path="webapp/views.py", start_line=27, end_line=29)
    assert r.ok and r.strategy == "range"
    assert r.chunks[0].text.splitlines() == [
        "27 | def search(request):",
        '28 |     term = request.get("q", "")',
        "29 |     database = Database()",
    ]
    whole = fetch(index, kind="range", path="app.py")
    assert whole.ok and whole.chunks[0].start_line == 1 and whole.chunks[0].end_line == 18
    clamped = fetch(index, kind="range", path="app.py", start_line=15, end_line=999)
    assert clamped.chunks[0].key == "app.py:15-18"


def test_range_errors(index: WorkspaceIndex) -> None:
    assert fetch(index, kind="range", path="app.py", start_line=500).error == "not_found"
    assert fetch(index, kind="range", path="app.py", start_line=5, end_line=2).error == "bad_request"
    assert fetch(index, kind="range", path="missing.py").error == "not_found"
    assert fetch(index, kind="range").error == "bad_request"
    empty = fetch(index, kind="range", path="empty.py")
    assert empty.ok and empty.chunks == () and "empty" in empty.message


def test_non_code_text_files_can_be_read(index: WorkspaceIndex, root: Path) -> None:
    (root / "settings.toml").write_text("debug = true\nsecret_key = 'x'\n")
    r = fetch(index, kind="range", path="settings.toml", start_line=1, end_line=2)
    assert r.ok and "debug = true" in r.chunks[0].text


def test_callers_show_each_calling_function_trimmed_around_the_call(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="callers", symbol="escape_for_html")
    assert r.ok and r.strategy == "callers"
    assert [c.key for c in r.chunks] == ["app.py:7-9", "helpers/utils.py:16-17"]
    assert "app.py:9 in render" in r.message
    assert fetch(index, kind="callers", symbol="never_called_zzz").error == "not_found"


def test_enclosing_function_of_a_location(index: WorkspaceIndex) -> None:
    r = fetch(index, kind="enclosing", path="webapp/views.py", start_line=31)
    assert r.ok and r.strategy == "enclosing" and r.chunks[0].key == "webapp/views.py:26-33"
    assert "function search" in r.message
    top = fetch(index, kind="enclosing", path="app.py", start_line=17)
    assert top.ok and top.strategy == "window" and top.chunks[0].start_line == 2
    assert fetch(index, kind="enclosing", path="app.py").error == "bad_request"
    crlf = fetch(index, kind="enclosing", path="crlf.py", start_line=5)
    assert crlf.chunks[0].text.splitlines()[0] == "4 | def crlf_function(path):"  # no stray \r


def test_dedup_against_already_fetched(index: WorkspaceIndex) -> None:
    first = fetch(index, kind="symbol", symbol="escape_for_html", path="app.py", start_line=9)
    again = fetch(
        index,
        kind="symbol",
        symbol="escape_for_html",
        path="app.py",
        start_line=9,
        already=[first.chunks[0].key],
    )
    assert again.ok and again.chunks == () and "already in the context" in again.message
    # a chunk inside a larger one already fetched is not repeated either
    wide = "helpers/utils.py:1-21"
    assert fetch(index, kind="enclosing", path="helpers/utils.py", start_line=17, already=[wide]).chunks == ()
    # an explicit range is served unless the very same range was fetched
    assert fetch(
        index, kind="range", path="helpers/utils.py", start_line=4, end_line=5, already=[wide]
    ).chunks
    assert (
        fetch(
            index,
            kind="range",
            path="helpers/utils.py",
            start_line=4,
            end_line=5,
            already=["helpers/utils.py:4-5"],
        ).chunks
        == ()
    )


def test_long_functions_are_trimmed_around_the_lines_that_matter(root: Path) -> None:
    body = "\n".join(f"    step_{i} = {i}" for i in range(300))
    (root / "long.py").write_text(f"def long_function(arg):\n{body}\n    sink(arg)\n    return arg\n")
    idx = WorkspaceIndex(root)
    r = fetch_code(idx, FetchRequest(kind="enclosing", path="long.py", start_line=302), max_lines=40)
    text = r.chunks[0].text
    assert r.chunks[0].key == "long.py:1-303"
    assert "1 | def long_function(arg):" in text.splitlines()[0]
    assert "302 |     sink(arg)" in text
    assert "omitted; fetch a range to see them" in text
    assert sum(1 for ln in text.splitlines() if " | " in ln) <= 40


def test_output_is_bounded_by_chars_and_long_lines_are_cut(root: Path) -> None:
    (root / "wide.py").write_text("def wide():\n" + "".join(f"    x{i} = '{'a' * 900}'\n" for i in range(50)))
    idx = WorkspaceIndex(root)
    r = fetch_code(idx, FetchRequest(kind="range", path="wide.py", start_line=1, end_line=51), max_chars=3000)
    text = r.chunks[0].text
    assert len(text) <= 3000 + 200
    assert "…[line cut]" in text and "omitted" in text


def test_render_lines_focus_and_budget() -> None:
    lines = [f"l{i}" for i in range(1, 101)]
    text, trimmed = render_lines(lines, 1, 100, focus=[50], max_lines=20, max_chars=10_000)
    assert trimmed
    shown = [int(ln.split("|")[0]) for ln in text.splitlines() if "|" in ln]
    assert 50 in shown and 1 in shown and len(shown) <= 20
    assert render_lines(lines, 5, 7, max_lines=20, max_chars=10_000) == ("5 | l5\n6 | l6\n7 | l7", False)
    assert render_lines(lines, 98, 101, max_lines=20, max_chars=10_000)[0].splitlines()[0] == " 98 | l98"


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd",
        "../outside.py",
        "webapp/../../outside.py",
        "..\\outside.py",
        "C:\\Windows\\win.ini",
        "~/.ssh/id_rsa",
    ],
)
def test_paths_leaving_the_workspace_are_refused(index: WorkspaceIndex, path: str) -> None:
    for kind in ("range", "enclosing"):
        r = fetch(index, kind=kind, path=path, start_line=1)
        assert not r.ok and r.error == "outside_workspace" and r.chunks == ()
        assert "TOKEN" not in r.message


def test_symlinks_out_of_the_root_are_refused(root: Path, index: WorkspaceIndex) -> None:
    (root / "escape.py").symlink_to(root.parent / "outside.py")
    (root / "linked_dir").symlink_to(root.parent, target_is_directory=True)
    for path in ("escape.py", "linked_dir/outside.py"):
        r = fetch(index, kind="range", path=path)
        assert r.error == "outside_workspace", path
    assert fetch(index, kind="symbol", symbol="outside_secret").error == "not_found"


def test_binary_and_oversized_files_are_refused(root: Path) -> None:
    (root / "data.bin").write_bytes(b"\x7fELF\x00\x00\x01" * 100)
    (root / "big.py").write_text("x = 1\n" * 10_000)
    idx = WorkspaceIndex(root, max_file_bytes=20_000)
    assert fetch(idx, kind="range", path="data.bin").error == "binary"
    assert fetch(idx, kind="range", path="big.py").error == "too_large"


def test_privacy_globs_are_never_returned(index: WorkspaceIndex) -> None:
    globs = ["helpers/**"]
    assert fetch(index, kind="range", path="helpers/utils.py", privacy_globs=globs).error == "privacy"
    r = fetch(index, kind="symbol", symbol="escape_for_html", path="app.py", privacy_globs=globs)
    assert not r.ok and r.error == "privacy" and r.chunks == ()
    callers = fetch(index, kind="callers", symbol="escape_for_html", privacy_globs=globs)
    assert [c.path for c in callers.chunks] == ["app.py"]
    assert "helpers/" not in callers.message
    # without privacy globs (the heuristic analyst) the same file is served
    assert fetch(index, kind="range", path="helpers/utils.py").ok


def test_bad_requests_never_raise(index: WorkspaceIndex) -> None:
    weird = [
        FetchRequest(kind="nonsense"),  # type: ignore[arg-type]
        FetchRequest(kind="range", path="app.py\x00.py"),
        FetchRequest(kind="range", path="app.py", start_line=0),
        FetchRequest(kind="callers", symbol=""),
        FetchRequest(kind="symbol", symbol="()::.->"),
        FetchRequest(kind="enclosing", path="app.py", start_line=10_000),
    ]
    for req in weird:
        r = fetch_code(index, req)
        assert isinstance(r, FetchResult) and not r.ok and r.error in ("bad_request", "not_found"), req


def test_parse_key() -> None:
    assert parse_key("a/b.py:3-9") == ("a/b.py", 3, 9)
    assert parse_key("c:/x.py:1-2") == ("c:/x.py", 1, 2)
    assert parse_key("nonsense") is None


def test_symlink_inside_the_root_is_served(root: Path) -> None:
    os.symlink(root / "app.py", root / "app_link.py")
    idx = WorkspaceIndex(root)
    assert fetch(idx, kind="range", path="app_link.py", start_line=1, end_line=1).ok
