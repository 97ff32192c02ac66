"""Columns at the protocol boundary: code points inside, the negotiated encoding outside.

The server keeps every column as a code-point index into the line (Python ``str``
indexing); LSP positions count UTF-16 code units unless the client negotiated
``utf-8`` or ``utf-32``. These helpers convert one line at a time.
"""

from __future__ import annotations

from typing import Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]


def normalize_encoding(name: str | None) -> Encoding:
    if name in ("utf-8", "utf-32"):
        return name  # type: ignore[return-value]
    return "utf-16"


def _units(ch: str, encoding: Encoding) -> int:
    cp = ord(ch)
    if encoding == "utf-16":
        return 2 if cp > 0xFFFF else 1
    if encoding == "utf-8":
        return 1 if cp < 0x80 else 2 if cp < 0x800 else 3 if cp < 0x10000 else 4
    return 1


def to_client(line: str, column: int, encoding: Encoding) -> int:
    """Code-point ``column`` of ``line`` as client units (clamped to the line)."""
    column = max(0, min(column, len(line)))
    if encoding == "utf-32" or line.isascii():
        return column
    return sum(_units(ch, encoding) for ch in line[:column])


def from_client(line: str, units: int, encoding: Encoding) -> int:
    """Client ``units`` into ``line`` as a code-point column (clamped; a split pair rounds up)."""
    if units <= 0:
        return 0
    if encoding == "utf-32" or line.isascii():
        return min(units, len(line))
    seen = 0
    for i, ch in enumerate(line):
        if seen >= units:
            return i
        seen += _units(ch, encoding)
    return len(line)
