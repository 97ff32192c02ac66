"""Range tracking of findings in a live buffer (pure, no server)."""

from __future__ import annotations

from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.server.lsp.documents import Span, TrackedDocument, span_for, split_lines, track

SRC = "import os\n\n\ndef run(cmd):\n    os.system(cmd)\n    return 1\n"


def _doc(text: str = SRC, line: int = 5) -> TrackedDocument:
    lines = split_lines(text)
    f = Finding("bandit", "B605", "shell", Location("a.py", Region(line, 5, line, 19)), fingerprint="fp1")
    return TrackedDocument("file:///a.py", "a.py", lines, findings=[track([f], lines)])


def test_span_defaults_to_the_text_of_the_line() -> None:
    lines = split_lines(SRC)
    assert span_for(Region(5), lines) == Span(4, 4, 4, 18)
    assert span_for(Region(99), lines).start_line == len(lines) - 1


def test_lines_inserted_above_move_the_finding() -> None:
    doc = _doc()
    doc.apply_change((1, 0), (1, 0), "x = 1\ny = 2\n")
    tf = doc.findings[0]
    assert tf.alive and tf.span == Span(6, 4, 6, 18)
    assert doc.lines[6].strip() == "os.system(cmd)"


def test_lines_deleted_above_move_the_finding_up() -> None:
    doc = _doc()
    doc.apply_change((1, 0), (3, 0), "")
    assert doc.findings[0].span.start_line == 2
    assert doc.lines[2].strip() == "os.system(cmd)"


def test_typing_on_the_same_line_before_the_finding_shifts_columns() -> None:
    doc = _doc()
    doc.apply_change((4, 4), (4, 4), "x = ")
    assert doc.findings[0].span == Span(4, 8, 4, 22)


def test_deleting_the_flagged_line_kills_the_finding() -> None:
    doc = _doc()
    doc.apply_change((4, 0), (5, 0), "")
    assert not doc.findings[0].alive


def test_editing_inside_the_flagged_code_keeps_it() -> None:
    doc = _doc()
    doc.apply_change((4, 14), (4, 17), "command")
    tf = doc.findings[0]
    assert tf.alive and tf.span.start_line == 4


def test_full_replacement_maps_lines() -> None:
    doc = _doc()
    doc.apply_change(None, None, "# header\n" + SRC)
    assert doc.findings[0].span.start_line == 5
    doc.apply_change(None, None, "import os\n")
    assert not doc.findings[0].alive


def test_reanchor_on_save_finds_moved_code_and_drops_removed_code() -> None:
    doc = _doc()
    moved = split_lines("import os\n\ndef run(cmd):\n    pass\n    pass\n    os.system(cmd)\n")
    assert doc.reanchor(moved) and doc.findings[0].span.start_line == 5
    gone = split_lines("import os\n")
    doc.reanchor(gone)
    assert not doc.findings[0].alive


def test_closing_without_saving_brings_deleted_findings_back() -> None:
    doc = _doc()
    doc.apply_change((4, 0), (5, 0), "")
    assert not doc.findings[0].alive
    disk = split_lines(SRC)
    doc.apply_change(None, None, SRC)
    doc.revive(disk)
    assert doc.findings[0].alive and doc.findings[0].span.start_line == 4
