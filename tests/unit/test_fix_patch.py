"""The fix loop's edits model: apply, line edits, diffs, content hashes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from sastls.graph.fix.patch import (
    Edit,
    PatchError,
    apply_all,
    apply_edits,
    line_edit,
    patch_hash,
    replaced_span,
    unified_diff,
)

TEXT = "one\ntwo\nthree\n"


def test_apply_replaces_ranges_and_inserts() -> None:
    edits = [Edit("a", 2, 1, 2, 4, "TWO"), Edit("a", 1, 1, 1, 1, "zero\n"), Edit("a", 3, 6, 3, 6, "!")]
    assert apply_edits(TEXT, edits) == "zero\none\nTWO\nthree!\n"


def test_character_columns_not_bytes() -> None:
    assert apply_edits("é = 1\n", [Edit("a", 1, 5, 1, 6, "2")]) == "é = 2\n"


@pytest.mark.parametrize(
    "edit",
    [Edit("a", 9, 1, 9, 1, "x"), Edit("a", 1, 9, 1, 9, "x"), Edit("a", 2, 1, 1, 1, "x")],
)
def test_out_of_range_or_reversed(edit: Edit) -> None:
    with pytest.raises(PatchError):
        apply_edits(TEXT, [edit])


def test_overlapping_edits_are_refused() -> None:
    with pytest.raises(PatchError, match="overlap"):
        apply_edits(TEXT, [Edit("a", 1, 1, 2, 2, "x"), Edit("a", 2, 1, 2, 3, "y")])


def test_line_edit_replaces_whole_lines_and_keeps_the_newline() -> None:
    e = line_edit("a", TEXT, 2, 2, "deux")
    assert (e.start_line, e.start_col, e.end_line, e.end_col) == (2, 1, 3, 1)
    assert apply_edits(TEXT, [e]) == "one\ndeux\nthree\n"
    assert apply_edits(TEXT, [line_edit("a", TEXT, 2, 1, "new")]) == "one\nnew\ntwo\nthree\n"
    assert apply_edits(TEXT, [line_edit("a", TEXT, 1, 3, "")]) == ""
    assert apply_edits("a\nb", [line_edit("a", "a\nb", 2, 2, "c")]) == "a\nc"
    assert replaced_span(line_edit("a", TEXT, 2, 1, "new")) == (2, 1)
    assert replaced_span(e) == (2, 2)
    with pytest.raises(PatchError):
        line_edit("a", TEXT, 5, 5, "x")


def test_apply_all_unknown_file() -> None:
    with pytest.raises(PatchError, match="no such file"):
        apply_all({"a": TEXT}, [Edit("b", 1, 1, 1, 1, "x")])


def test_diff_applies_with_git(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_text(TEXT)
    new = apply_all({"src/m.py": TEXT}, [line_edit("src/m.py", TEXT, 2, 2, "TWO")])
    diff = unified_diff({"src/m.py": TEXT}, new)
    assert diff.startswith("--- a/src/m.py\n+++ b/src/m.py\n")
    (tmp_path / "fix.diff").write_text(diff)
    subprocess.run(["git", "apply", "fix.diff"], cwd=tmp_path, check=True)
    assert (tmp_path / "src" / "m.py").read_text() == "one\nTWO\nthree\n"


def test_patch_hash_ignores_order_but_not_content() -> None:
    a, b = Edit("a", 1, 1, 1, 1, "x"), Edit("a", 2, 1, 2, 1, "y")
    assert patch_hash([a, b]) == patch_hash([b, a])
    assert patch_hash([a]) != patch_hash([Edit("a", 1, 1, 1, 1, "z")])
    assert Edit.from_dict(a.to_dict()) == a and a.as_change() == ("a", 1, 1, 1, 1, "x")
