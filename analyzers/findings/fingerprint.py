"""The ``sastls/v1`` fingerprint: a verdict belongs to a finding, not to a line number.

It hashes tool, rule id, workspace-relative path and the normalized text of the
code around the finding (the enclosing function, or +-3 lines when there is none).
This module is pure: the caller supplies the context text (see
``sastls.analyzers.fingerprints`` for the tree-sitter side).
"""

from __future__ import annotations

import hashlib
import re

FINGERPRINT_KEY = "sastls/v1"
CONTEXT_LINES = 3

_WS = re.compile(r"\s+")


def normalize_code(text: str) -> str:
    """Whitespace-insensitive form of code: edits to indentation or blank lines keep the hash."""
    lines = (_WS.sub(" ", line).strip() for line in text.replace("\r\n", "\n").split("\n"))
    return "\n".join(line for line in lines if line)


def window(lines: list[str], start_line: int, end_line: int, radius: int = CONTEXT_LINES) -> str:
    """Lines [start-radius, end+radius] (1-based, clamped) joined: the fallback context."""
    lo = max(1, start_line - radius)
    hi = min(len(lines), max(start_line, end_line) + radius)
    return "\n".join(lines[lo - 1 : hi])


def compute(tool: str, rule_id: str, path: str, context: str, anchor: str = "") -> str:
    """The hash. ``anchor`` is the normalized text of the flagged line(s), so two findings of one
    rule in one function stay distinct while a line-number shift keeps both."""
    return compute_normalized(tool, rule_id, path, normalize_code(context), normalize_code(anchor))


def compute_normalized(tool: str, rule_id: str, path: str, norm_context: str, norm_anchor: str) -> str:
    """``compute`` for callers that cache ``normalize_code`` results (one function, many findings)."""
    h = hashlib.sha256()
    for part in (tool.lower(), rule_id, path, norm_context, norm_anchor):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()[:32]
