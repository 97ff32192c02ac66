"""What the offline rewrites share: the parsed file with position helpers, and Python call helpers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .patch import Edit, line_edit

if TYPE_CHECKING:
    from tree_sitter import Node


@dataclass(frozen=True)
class Rewrite:
    description: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class NotFixable:
    reason: str


Result = list[Rewrite] | NotFixable
_SHELL_META = re.compile(r"[|&;<>$`*?(){}\[\]~!\\\"']")
_NON_SECURITY = re.compile(r"cache|etag|checksum|dedup|shard|bucket|partition|content_id|file_id", re.I)
_SQLITE = re.compile(r"^\s*(import sqlite3|from sqlite3 import)", re.M)


class _Src:
    """A parsed file with position helpers (tree-sitter byte columns -> character columns)."""

    def __init__(self, path: str, text: str, lang: str) -> None:
        from sastls.analyzers.code.languages import parse

        self.path, self.text, self.lang = path, text, lang
        self.data = text.encode("utf-8", "surrogateescape")
        self.lines = self.data.split(b"\n")
        self.tree = parse(self.data, lang)  # type: ignore[arg-type]

    def t(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")

    def _col(self, row: int, byte_col: int) -> int:
        return len(self.lines[row][:byte_col].decode("utf-8", "surrogateescape")) + 1

    def replace(self, node: Node, new: str) -> Edit:
        (r1, c1), (r2, c2) = node.start_point, node.end_point
        return Edit(self.path, r1 + 1, self._col(r1, c1), r2 + 1, self._col(r2, c2), new)

    def calls_at(self, line: int) -> list[Node]:
        kind = "call" if self.lang == "python" else "call_expression"
        out: list[Node] = []
        stack = [self.tree.root_node]
        while stack:
            node = stack.pop()
            if node.start_point[0] + 1 > line or node.end_point[0] + 1 < line:
                continue
            if node.type == kind:
                out.append(node)
            stack.extend(node.children)
        out.sort(key=lambda n: n.end_byte - n.start_byte)  # innermost first
        return out

    def indent(self, node: Node) -> str:
        line = self.lines[node.start_point[0]].decode("utf-8", "surrogateescape")
        return line[: len(line) - len(line.lstrip())]

    def function_of(self, node: Node) -> Node:
        kinds = {"function_definition"}
        cur: Node | None = node
        while cur is not None and cur.type not in kinds:
            cur = cur.parent
        return cur if cur is not None else self.tree.root_node

    def add_import(self, statement: str) -> Edit | None:
        """Insert ``statement`` after the last top-level import (None when it is already there)."""
        if re.search(rf"^{re.escape(statement)}\s*$", self.text, re.M):
            return None
        last = 0
        first_code = 0
        for child in self.tree.root_node.children:
            if child.type in (
                "import_statement",
                "import_from_statement",
                "preproc_include",
                "future_import_statement",
            ):
                last = child.end_point[0] + (
                    1 if child.end_point[1] > 0 else 0
                )  # #include ends past its newline
            elif (
                not first_code
                and child.type not in ("comment",)
                and not (
                    child.type == "expression_statement"
                    and child.children
                    and child.children[0].type == "string"
                )
            ):
                first_code = child.start_point[0] + 1
        at = last + 1 if last else (first_code or 1)
        return line_edit(self.path, self.text, at, at - 1, statement + "\n")


# ------------------------------------------------------------------ python helpers


def _args(src: _Src, call: Node) -> tuple[list[Node], dict[str, Node]]:
    arglist = call.child_by_field_name("arguments")
    pos: list[Node] = []
    kw: dict[str, Node] = {}
    if arglist is None:
        return pos, kw
    for a in arglist.named_children:
        if a.type == "keyword_argument":
            name = a.child_by_field_name("name")
            if name is not None:
                kw[src.t(name)] = a
        elif a.type != "comment":
            pos.append(a)
    return pos, kw


def _callee(src: _Src, call: Node) -> str:
    fn = call.child_by_field_name("function")
    return src.t(fn) if fn is not None else ""


def _aliases(text: str) -> dict[str, str]:
    """Local name -> qualified name, from top-level Python imports."""
    out: dict[str, str] = {}
    for m in re.finditer(r"^import\s+([\w.]+)(?:\s+as\s+(\w+))?\s*$", text, re.M):
        out[m.group(2) or m.group(1).split(".")[0]] = m.group(1) if m.group(2) else m.group(1).split(".")[0]
    for m in re.finditer(r"^from\s+([\w.]+)\s+import\s+\(?([^)\n]+)\)?", text, re.M):
        for part in m.group(2).split(","):
            bits = part.split()
            if bits:
                out[bits[-1] if len(bits) == 3 else bits[0]] = f"{m.group(1)}.{bits[0]}"
    return out


def _qualified(src: _Src, call: Node) -> str:
    name = _callee(src, call)
    head, _, rest = name.partition(".")
    full = _aliases(src.text).get(head, head)
    return f"{full}.{rest}" if rest else full


def _call_with_args(
    src: _Src, call: Node, pos: Sequence[str], kw: Sequence[str], callee: str | None = None
) -> str:
    return f"{callee if callee is not None else _callee(src, call)}({', '.join([*pos, *kw])})"


def _kw_texts(src: _Src, kw: dict[str, Node], drop: Sequence[str] = ()) -> list[str]:
    return [src.t(n) for k, n in kw.items() if k not in drop]
