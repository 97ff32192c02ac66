"""The edits model of the fix loop: a change is a list of ``Edit`` (file, range, replacement).

Positions are 1-based lines and 1-based character columns; the end column is exclusive
(SARIF's convention, so ``sarif_fix`` takes them as they are). ``start == end`` inserts.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any


class PatchError(ValueError):
    """An edit does not fit the text it is applied to (out of range, overlapping, unknown file)."""


@dataclass(frozen=True)
class Edit:
    path: str  # workspace-relative, POSIX
    start_line: int
    start_col: int
    end_line: int
    end_col: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Edit:
        return Edit(
            str(data["path"]),
            int(data["start_line"]),
            int(data["start_col"]),
            int(data["end_line"]),
            int(data["end_col"]),
            str(data["text"]),
        )

    def as_change(self) -> tuple[str, int, int, int, int, str]:
        """The tuple ``sastls.server.reports.sarif.sarif_fix`` takes."""
        return (self.path, self.start_line, self.start_col, self.end_line, self.end_col, self.text)


def line_edit(path: str, text: str, start_line: int, end_line: int, replacement: str) -> Edit:
    """Replace whole lines ``start_line..end_line`` (inclusive) of ``text`` by ``replacement``.

    ``end_line == start_line - 1`` inserts before ``start_line``. A replacement gets the
    line break the replaced lines had when it lacks one.
    """
    lines = text.splitlines(keepends=True)
    n = len(lines)
    if start_line < 1 or start_line > n + 1 or end_line < start_line - 1 or end_line > n:
        raise PatchError(f"{path}: lines {start_line}-{end_line} outside 1-{n}")
    if (
        end_line >= start_line
        and replacement
        and not replacement.endswith("\n")
        and lines[end_line - 1].endswith("\n")
    ):
        replacement += "\n"
    if end_line == start_line - 1 and replacement and not replacement.endswith("\n"):
        replacement += "\n"
    if end_line < n or (end_line == n and n and lines[-1].endswith("\n")):
        return Edit(path, start_line, 1, end_line + 1, 1, replacement)
    # the last line has no line break: end at its end
    last = lines[end_line - 1].rstrip("\r\n") if end_line >= 1 else ""
    return Edit(path, start_line, 1, max(end_line, start_line), len(last) + 1, replacement)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _offset(text: str, starts: list[int], line: int, col: int, what: str) -> int:
    if line == len(starts) + 1 and col == 1 and text.endswith("\n"):
        return len(text)
    if line < 1 or line > len(starts):
        raise PatchError(f"{what}: line {line} outside 1-{len(starts)}")
    begin = starts[line - 1]
    end = starts[line] - 1 if line < len(starts) else len(text)  # position of the line break
    if col < 1 or begin + col - 1 > end + 1:
        raise PatchError(f"{what}: column {col} outside line {line}")
    return min(begin + col - 1, len(text))


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """``text`` with ``edits`` (all of one file) applied; PatchError when they overlap or do not fit."""
    starts = _line_starts(text)
    spans: list[tuple[int, int, str]] = []
    for e in edits:
        a = _offset(text, starts, e.start_line, e.start_col, e.path)
        b = _offset(text, starts, e.end_line, e.end_col, e.path)
        if b < a:
            raise PatchError(f"{e.path}: edit ends before it starts ({e.start_line}:{e.start_col})")
        spans.append((a, b, e.text))
    spans.sort(key=lambda s: (s[0], s[1]))
    for (_a1, b1, _), (a2, _b2, _) in itertools.pairwise(spans):
        if a2 < b1:
            raise PatchError("edits overlap")
    out = text
    for a, b, new in reversed(spans):
        out = out[:a] + new + out[b:]
    return out


def by_file(edits: Iterable[Edit]) -> dict[str, list[Edit]]:
    out: dict[str, list[Edit]] = {}
    for e in edits:
        out.setdefault(e.path, []).append(e)
    return out


def apply_all(originals: Mapping[str, str], edits: Sequence[Edit]) -> dict[str, str]:
    """New texts of every file ``edits`` touch (``originals``: path -> current text)."""
    out: dict[str, str] = {}
    for path, file_edits in by_file(edits).items():
        if path not in originals:
            raise PatchError(f"{path}: no such file in the workspace")
        out[path] = apply_edits(originals[path], file_edits)
    return out


def unified_diff(originals: Mapping[str, str], patched: Mapping[str, str], context: int = 3) -> str:
    """A ``git apply``/``patch -p1`` compatible diff of ``patched`` against ``originals``."""
    parts: list[str] = []
    for path in sorted(patched):
        before = originals.get(path, "")
        after = patched[path]
        if before == after:
            continue
        lines = difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            f"a/{path}",
            f"b/{path}",
            n=context,
        )
        for line in lines:
            parts.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(parts)


def patch_hash(edits: Sequence[Edit]) -> str:
    """Content hash of a patch (order-independent): what the loop's stuck detection compares."""
    data = sorted(json.dumps(e.to_dict(), sort_keys=True) for e in edits)
    return hashlib.sha256("\n".join(data).encode()).hexdigest()[:16]


def replaced_span(edit: Edit) -> tuple[int, int]:
    """The original lines an edit touches, inclusive; an insertion at a line start: ``(L, L - 1)``."""
    if (edit.start_line, edit.start_col) == (edit.end_line, edit.end_col):
        return (edit.start_line, edit.start_line - 1) if edit.start_col == 1 else (edit.start_line,) * 2
    last = edit.end_line - 1 if edit.end_col == 1 and edit.end_line > edit.start_line else edit.end_line
    return (edit.start_line, last)
