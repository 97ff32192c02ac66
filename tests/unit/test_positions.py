"""UTF-8 byte columns (tree-sitter) <-> code points (Python) <-> UTF-16 units (LSP)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sastls.analyzers.code import positions as pos
from sastls.analyzers.code.languages import parse
from tree_sitter import Node

LINE = "a = 'é😀'  # ü"


def test_ascii_is_identity() -> None:
    raw = b"def f(x):"
    assert [pos.byte_to_utf16(raw, i) for i in range(len(raw) + 1)] == list(range(len(raw) + 1))
    assert pos.utf16_to_byte(raw, 4) == 4


def test_utf16_length_counts_surrogate_pairs() -> None:
    assert pos.utf16_len("é") == 1
    assert pos.utf16_len("😀") == 2
    assert pos.utf16_len(LINE) == len(LINE) + 1


@pytest.mark.parametrize(
    ("char", "utf16"),
    [("a", 0), ("é", 5), ("😀", 6), ("'", 5 + 1 + 2), ("ü", pos.utf16_len(LINE) - 1)],
)
def test_byte_to_utf16_at_character_starts(char: str, utf16: int) -> None:
    raw = LINE.encode()
    cp = LINE.index(char) if char != "'" else LINE.index("'", 5)
    byte = len(LINE[:cp].encode())
    assert pos.byte_to_utf16(raw, byte) == utf16
    assert pos.utf16_to_byte(raw, utf16) == byte
    assert pos.byte_to_codepoint(raw, byte) == cp
    assert pos.codepoint_to_byte(raw, cp) == byte


def test_columns_inside_a_character_round_down() -> None:
    raw = "x😀y".encode()  # 😀 is bytes 1..4, UTF-16 units 1..2
    assert pos.byte_to_utf16(raw, 2) == 1
    assert pos.byte_to_utf16(raw, 5) == 3
    assert pos.utf16_to_byte(raw, 2) == 1  # between the surrogates: start of the emoji
    assert pos.utf16_to_codepoint("x😀y", 2) == 1


def test_invalid_utf8_counts_like_replace_decoding() -> None:
    raw = b"s = '\xe9t\xe9' + x"
    text = raw.decode("utf-8", "replace")
    x_byte = raw.index(b"x")
    assert pos.byte_to_codepoint(raw, x_byte) == text.index("x")
    assert pos.codepoint_to_byte(raw, text.index("x")) == x_byte
    assert pos.byte_to_utf16(raw, x_byte) == text.index("x")


def test_clamping_past_the_end() -> None:
    raw = "é".encode()
    assert pos.byte_to_utf16(raw, 99) == 1
    assert pos.utf16_to_byte(raw, 99) == 2
    assert pos.codepoint_to_utf16("é", -3) == 0


def test_tree_sitter_points_round_trip_through_lsp() -> None:
    source = "x = 1\r\ndef grüße(名前):\r\n    return 名前 + '😀' + y\n".encode()
    tree = parse(source, "python")
    ys = [n for n in _walk(tree.root_node) if n.type == "identifier" and n.text == b"y"]
    (y,) = ys
    row, col = y.start_point
    lsp = pos.ts_point_to_lsp(source, row, col)
    line_text = source.split(b"\n")[row].decode().rstrip("\r")
    assert lsp == pos.Position(2, pos.utf16_len(line_text[: line_text.index("y")]))
    assert pos.lsp_to_ts_point(source, lsp.line, lsp.character) == (row, col)
    name = next(n for n in _walk(tree.root_node) if n.type == "identifier" and n.text == "grüße".encode())
    assert pos.ts_point_to_lsp(source, *name.end_point) == pos.Position(1, len("def grüße"))


def test_line_bytes_strips_crlf_and_handles_out_of_range() -> None:
    src = b"a\r\nb\nc"
    assert [pos.line_bytes(src, i) for i in range(4)] == [b"a", b"b", b"c", b""]


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children:
        yield from _walk(child)
