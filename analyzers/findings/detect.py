"""Which reader a findings file needs, decided by its content (the name only breaks ties)."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

Format = Literal["sarif", "semgrep", "bandit", "csgrep-json", "csgrep-err", "cppcheck-xml", "gcc-json"]
FORMATS: tuple[Format, ...] = (
    "sarif",
    "semgrep",
    "bandit",
    "csgrep-json",
    "csgrep-err",
    "cppcheck-xml",
    "gcc-json",
)

_ERR_HEADER = re.compile(rb"^Error: *[A-Za-z_][A-Za-z0-9_.]*( *\([^)]+\))? *:", re.M)
_HEAD = 65536


def is_gcc_json(doc: Any) -> bool:
    """gcc's ``-fdiagnostics-format=json``: an array of diagnostics (``kind``, ``message``,
    ``locations``), several of them (JSON Lines), or ``{"file", "diagnostics": [...]}`` wrappers."""
    if isinstance(doc, dict):
        return isinstance(doc.get("diagnostics"), list) and not ("runs" in doc or "defects" in doc)
    if not isinstance(doc, list):
        return False
    if not doc:  # what gcc writes for a translation unit with no diagnostic (no other format is an array)
        return True
    if all(isinstance(d, list) for d in doc):
        return any(is_gcc_json(d) for d in doc if d) or not any(doc)
    first = next((d for d in doc if isinstance(d, dict)), None)
    if first is None:
        return False
    if isinstance(first.get("diagnostics"), list):
        return True
    return isinstance(first.get("kind"), str) and ("locations" in first or "message" in first)


def detect_json(doc: Any) -> Format | None:
    """The format of an already parsed JSON document."""
    if is_gcc_json(doc):
        return "gcc-json"
    if not isinstance(doc, dict):
        return None
    if "runs" in doc or "sarif" in str(doc.get("$schema", "")).lower():
        return "sarif"
    if "defects" in doc:
        return "csgrep-json"
    results = doc.get("results")
    first = results[0] if isinstance(results, list) and results and isinstance(results[0], dict) else None
    if first is not None:
        if "check_id" in first:
            return "semgrep"
        if "test_id" in first or "issue_text" in first:
            return "bandit"
    if "generated_at" in doc and "metrics" in doc:
        return "bandit"
    if "results" in doc and ("paths" in doc or "skipped_rules" in doc or "engine_requested" in doc):
        return "semgrep"
    return None


def sniff_json(head: bytes) -> Format | None:
    """Guess a JSON format from the start of the text (for files that do not parse)."""
    if re.search(rb'"runs"\s*:', head) and (
        re.search(rb'"\$schema"\s*:\s*"[^"]*sarif', head, re.I) or b'"version"' in head
    ):
        return "sarif"
    if re.search(rb'"defects"\s*:', head):
        return "csgrep-json"
    if b'"check_id"' in head:
        return "semgrep"
    if b'"test_id"' in head or (b'"generated_at"' in head and b'"metrics"' in head):
        return "bandit"
    if re.search(rb'"runs"\s*:', head):
        return "sarif"
    if re.search(rb'"kind"\s*:', head) and re.search(rb'"caret"\s*:', head):
        return "gcc-json"
    return None


def looks_like_json(data: bytes) -> bool:
    return strip_bom(data)[:_HEAD].lstrip().startswith((b"{", b"["))


def strip_bom(data: bytes) -> bytes:
    return data[3:] if data.startswith(b"\xef\xbb\xbf") else data


_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),  # before UTF-16 LE, whose BOM it starts with
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xff\xfe", "utf-16-le"),
)


def sniff_encoding(data: bytes) -> tuple[str, int]:
    """The encoding of a findings file and the length of its byte order mark.

    With a BOM, the BOM says; without, the zero bytes around the first character do (every
    format starts with an ASCII character: ``{``, ``[``, ``<``, ``E``, ``#``, a blank), as
    RFC 4627 section 3 describes for JSON."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    head = data[:4]
    if len(head) < 4:
        return "utf-8", 0
    ascii_at = [0 < b < 0x80 for b in head]
    if head[:3] == b"\0\0\0" and ascii_at[3]:
        return "utf-32-be", 0
    if ascii_at[0] and head[1:] == b"\0\0\0":
        return "utf-32-le", 0
    if head[0] == 0 == head[2] and ascii_at[1] and ascii_at[3]:
        return "utf-16-be", 0
    if head[1] == 0 == head[3] and ascii_at[0] and ascii_at[2]:
        return "utf-16-le", 0
    return "utf-8", 0


def detect_format(data: bytes, name: str) -> Format | None:
    """The format of a findings file, or None when it is none of the known ones."""
    data = strip_bom(data)
    head = data[:_HEAD].lstrip()
    lower = name.lower()
    if head.startswith(b"<"):
        return "cppcheck-xml" if re.search(rb"<results\b", head) and b"<cppcheck" in head else None
    if head.startswith((b"{", b"[")):
        try:
            doc = json.loads(data)
        except (ValueError, RecursionError):
            return sniff_json(head)
        return detect_json(doc)
    if _ERR_HEADER.search(head):
        return "csgrep-err"
    if lower.endswith(".err") and (not head or head.startswith(b"#")):
        return "csgrep-err"
    return None
