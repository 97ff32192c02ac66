"""Column conversions between tree-sitter, Python strings and LSP.

tree-sitter reports columns as UTF-8 byte offsets, Python slices strings by code
points, and LSP positions count UTF-16 code units. Lines are the same in all
three (0-based here, as in tree-sitter and LSP). Bytes that are not valid UTF-8
count as one U+FFFD each, matching ``bytes.decode("utf-8", "replace")``.
Pure functions; nothing here imports tree-sitter.
"""

from __future__ import annotations

import bisect
import codecs
from typing import NamedTuple


class Position(NamedTuple):
    """An LSP position: 0-based line, UTF-16 code units into the line."""

    line: int
    character: int


def utf16_len(text: str) -> int:
    """UTF-16 code units of ``text`` (characters outside the BMP take two)."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def codepoint_to_utf16(line: str, col: int) -> int:
    """Code point column -> UTF-16 column (clamped to the line)."""
    col = max(0, min(col, len(line)))
    return utf16_len(line[:col])


def utf16_to_codepoint(line: str, col: int) -> int:
    """UTF-16 column -> code point column; a column inside a surrogate pair rounds down."""
    if col <= 0:
        return 0
    units = 0
    for i, ch in enumerate(line):
        width = 2 if ord(ch) > 0xFFFF else 1
        if units + width > col:
            return i
        units += width
    return len(line)


def byte_to_codepoint(line: bytes, col: int) -> int:
    """UTF-8 byte column -> code point column (a column inside a character rounds down)."""
    col = max(0, min(col, len(line)))
    if line.isascii():
        return col
    return _chars_after(line)[col]


def codepoint_to_byte(line: bytes, col: int) -> int:
    """Code point column -> UTF-8 byte column of ``line`` (raw bytes, possibly invalid UTF-8)."""
    if col <= 0:
        return 0
    if line.isascii():
        return min(col, len(line))
    counts = _chars_after(line)
    return bisect.bisect_left(counts, col)  # first byte boundary after ``col`` characters


def byte_to_utf16(line: bytes, col: int) -> int:
    """UTF-8 byte column (tree-sitter) -> UTF-16 column (LSP)."""
    text = line.decode("utf-8", "replace")
    return codepoint_to_utf16(text, byte_to_codepoint(line, col))


def utf16_to_byte(line: bytes, col: int) -> int:
    """UTF-16 column (LSP) -> UTF-8 byte column (tree-sitter)."""
    text = line.decode("utf-8", "replace")
    return codepoint_to_byte(line, utf16_to_codepoint(text, col))


def ts_point_to_lsp(source: bytes, row: int, byte_col: int) -> Position:
    """A tree-sitter point (row, byte column) in ``source`` -> LSP position."""
    return Position(row, byte_to_utf16(line_bytes(source, row), byte_col))


def lsp_to_ts_point(source: bytes, line: int, character: int) -> tuple[int, int]:
    """An LSP position -> tree-sitter point (row, byte column) in ``source``."""
    return line, utf16_to_byte(line_bytes(source, line), character)


def line_bytes(source: bytes, row: int) -> bytes:
    """Bytes of 0-based line ``row`` without its line ending ("" past the end)."""
    start = 0
    for _ in range(row):
        nl = source.find(b"\n", start)
        if nl < 0:
            return b""
        start = nl + 1
    end = source.find(b"\n", start)
    out = source[start:] if end < 0 else source[start:end]
    return out[:-1] if out.endswith(b"\r") else out


def _chars_after(line: bytes) -> list[int]:
    """``out[i]`` = characters decoded from ``line[:i]``, counted as ``decode("utf-8", "replace")`` does."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    out = [0]
    total = 0
    for i in range(len(line)):
        total += len(decoder.decode(line[i : i + 1]))
        out.append(total)
    out[-1] += len(decoder.decode(b"", final=True))
    return out
