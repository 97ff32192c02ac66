"""Salvage a truncated JSON document: keep every complete value, close what was left open.

Scanners killed by a timeout or a full disk leave half-written files. Rather than losing
every result, the text is cut after the last complete value and the open containers are
closed; the JSON paths of the containers that were cut off are returned so readers skip
the record that was being written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]')


@dataclass(frozen=True)
class Repaired:
    doc: object
    incomplete: frozenset[str]  # JSON paths of the containers closed by the repair
    kept_chars: int


def _path(stack: list[list[object]]) -> str:
    out = "$"
    for frame in stack[1:]:
        key = frame[2]
        out += f"[{key}]" if isinstance(key, int) else f".{key}"
    return out


def repair(text: str) -> Repaired | None:
    """The salvaged document, or None when nothing complete can be kept."""
    # frame: [kind '{' or '[', index of the current element (arrays),
    #         key of this container in its parent, last key seen (objects)]
    stack: list[list[object]] = []
    last_cut = -1
    last_stack: list[list[object]] = []
    pending_key: object = None
    expect_key = False
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if tok in "{[":
            if stack:
                parent = stack[-1]
                key: object = parent[3] if parent[0] == "{" else parent[1]
            else:
                key = None
            stack.append([tok, 0, key, None])
            expect_key = tok == "{"
        elif tok in "}]":
            if not stack:
                return None
            stack.pop()
            last_cut = m.end()
            last_stack = [list(f) for f in stack]
            expect_key = False
        elif tok == ",":
            if stack and stack[-1][0] == "{":
                expect_key = True
            elif stack:
                stack[-1][1] = int(str(stack[-1][1])) + 1
        elif tok == ":":
            expect_key = False
        elif expect_key and stack and stack[-1][0] == "{":
            pending_key = json.loads(tok)
            stack[-1][3] = pending_key
    if last_cut < 0 or not last_stack:
        return None
    closing = "".join("}" if f[0] == "{" else "]" for f in reversed(last_stack))
    try:
        doc = json.loads(text[:last_cut] + closing)
    except ValueError:
        return None
    incomplete = frozenset(_path(last_stack[: depth + 1]) for depth in range(len(last_stack)))
    return Repaired(doc, incomplete, last_cut)
