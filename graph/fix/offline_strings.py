"""Python strings built from pieces (concatenation, f-strings, ``%``, ``.format``) as literal and
expression parts: what the shell and SQL rewrites turn into argument lists and bound parameters."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .offline_src import _args, _Src

if TYPE_CHECKING:
    from tree_sitter import Node

_SHELL_META = re.compile(r"[|&;<>$`*?(){}\[\]~!\\\"']")


@dataclass(frozen=True)
class _Piece:
    literal: bool
    text: str  # literal: the string's value; else: the expression's source
    is_str: bool = False  # an expression known to be a str (an operand of str + str)


def _pieces(src: _Src, node: Node) -> list[_Piece] | None:
    """A string-building expression as literal and expression pieces (None: not understood)."""
    if node.type == "parenthesized_expression" and node.named_children:
        return _pieces(src, node.named_children[0])
    if node.type == "string":
        out: list[_Piece] = []
        prefix = src.t(node)[:2].lower()
        if "b" in prefix.split('"')[0].split("'")[0]:
            return None
        for ch in node.named_children:
            if ch.type == "string_content":
                raw = src.t(ch)
                try:
                    value = raw.encode().decode("unicode_escape") if "\\" in raw else raw
                except UnicodeDecodeError:
                    return None
                out.append(_Piece(True, value))
            elif ch.type == "interpolation":
                expr = ch.child_by_field_name("expression")
                if expr is None or any(
                    c.type in ("format_specifier", "type_conversion") for c in ch.named_children
                ):
                    return None
                out.append(_Piece(False, src.t(expr)))
            elif ch.type == "escape_sequence":
                try:
                    out.append(_Piece(True, src.t(ch).encode().decode("unicode_escape")))
                except UnicodeDecodeError:
                    return None
        return out
    if node.type == "concatenated_string":
        acc: list[_Piece] = []
        for ch in node.named_children:
            part = _pieces(src, ch)
            if part is None:
                return None
            acc += part
        return acc
    if node.type == "binary_operator":
        op = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if op is None or left is None or right is None:
            return None
        if src.t(op) == "+":
            a = _pieces(src, left)
            b = (
                _pieces(src, right)
                if right.type in ("string", "binary_operator", "concatenated_string")
                else [_Piece(False, src.t(right), is_str=True)]
            )
            if a is None and left.type not in ("string", "binary_operator"):
                a = [_Piece(False, src.t(left), is_str=True)]
            return None if a is None or b is None else a + b
        if src.t(op) == "%" and left.type == "string":
            fmt = _pieces(src, left)
            if fmt is None or any(not p.literal for p in fmt):
                return None
            values = [src.t(c) for c in right.named_children] if right.type == "tuple" else [src.t(right)]
            return _percent(("".join(p.text for p in fmt)), values)
        return None
    if node.type == "call":
        fn = node.child_by_field_name("function")
        if fn is not None and fn.type == "attribute" and src.t(fn).endswith(".format"):
            obj = fn.child_by_field_name("object")
            pos, kw = _args(src, node)
            if obj is None or obj.type != "string" or kw:
                return None
            fmt = _pieces(src, obj)
            if fmt is None or any(not p.literal for p in fmt):
                return None
            return _braces("".join(p.text for p in fmt), [src.t(a) for a in pos])
    return None


def _percent(fmt: str, values: list[str]) -> list[_Piece] | None:
    out: list[_Piece] = []
    parts = re.split(r"(%%|%[sdifr])", fmt)
    it = iter(values)
    for part in parts:
        if part == "%%":
            out.append(_Piece(True, "%"))
        elif re.fullmatch(r"%[sdifr]", part):
            value = next(it, None)
            if value is None:
                return None
            out.append(_Piece(False, value))
        elif part:
            if "%" in part:
                return None
            out.append(_Piece(True, part))
    return None if next(it, None) is not None else out


def _braces(fmt: str, values: list[str]) -> list[_Piece] | None:
    out: list[_Piece] = []
    it = iter(values)
    for part in re.split(r"(\{\{|\}\}|\{\})", fmt):
        if part in ("{{", "}}"):
            out.append(_Piece(True, part[0]))
        elif part == "{}":
            value = next(it, None)
            if value is None:
                return None
            out.append(_Piece(False, value))
        elif part:
            if "{" in part or "}" in part:
                return None
            out.append(_Piece(True, part))
    return None if next(it, None) is not None else out


def _py_str(value: str) -> str:
    return (
        '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    )


def _argv(pieces: list[_Piece]) -> str | None:
    """A command string's pieces as a Python list expression of arguments (None: needs a shell)."""
    tokens: list[list[_Piece]] = [[]]
    for p in pieces:
        if not p.literal:
            tokens[-1].append(p)
            continue
        if _SHELL_META.search(p.text):
            return None
        words = re.split(r"(\s+)", p.text)
        for w in words:
            if not w:
                continue
            if w.isspace():
                if tokens[-1]:
                    tokens.append([])
            else:
                tokens[-1].append(_Piece(True, w))
    items = []
    for tok in tokens:
        if not tok:
            continue
        if len(tok) == 1:
            p = tok[0]
            items.append(_py_str(p.text) if p.literal else p.text if p.is_str else f"str({p.text})")
        else:
            items.append(" + ".join(_py_str(p.text) if p.literal else f"str({p.text})" for p in tok))
    return f"[{', '.join(items)}]" if items else None
