"""A "hard-coded password" (bandit B105/B106/B107, CWE-259/798) whose value is ``None``: nothing
secret is written in the code (``{'username': None, 'password': None}``, ``def f(token=None)``).
Every password-like name the statement gives a value must be given ``None``; an empty string or any
other literal stays a finding."""

from __future__ import annotations

import re

from tree_sitter import Node

from ..values import Note
from .syntax import line_of, text

# bandit's own candidates (its hardcoded_password plugin)
SECRET_NAME = re.compile(r"pas+wo?r?d|pass(phrase)?|pwd|token|secrete?", re.IGNORECASE)


def _statement(root: Node, line: int) -> Node | None:
    """The innermost statement (or definition) that holds ``line``."""
    row = line - 1
    found: Node | None = None
    stack = [root]
    while stack:
        n = stack.pop()
        if n.start_point[0] > row or n.end_point[0] < row:
            continue
        if n.type.endswith("statement") or n.type == "function_definition":
            found = n
        if n.type == "function_definition" and n.start_point[0] != row:
            body = n.child_by_field_name("body")
            stack.extend([body] if body is not None else [])
            continue
        stack.extend(n.named_children)
    return found


def _name(node: Node | None) -> str:
    if node is None:
        return ""
    if node.type == "string":
        return text(node).strip("'\"bfru")
    if node.type == "attribute":
        return text(node.child_by_field_name("attribute"))
    if node.type == "subscript":
        return _name(node.child_by_field_name("subscript"))
    return text(node)


def _pairs(stmt: Node) -> list[tuple[str, Node]]:
    """(name, value) for what the statement gives a value: assignments, keyword arguments, dict
    entries, parameter defaults and comparisons."""
    out: list[tuple[str, Node]] = []
    stack = [stmt]
    while stack:
        n = stack.pop()
        stack.extend(n.named_children)
        if n.type == "assignment":
            left, right = n.child_by_field_name("left"), n.child_by_field_name("right")
            if right is not None and right.type != "assignment":
                out.append((_name(left), right))
        elif n.type == "keyword_argument" or n.type in {"default_parameter", "typed_default_parameter"}:
            value = n.child_by_field_name("value")
            if value is not None:
                out.append((_name(n.child_by_field_name("name")), value))
        elif n.type == "pair":
            value = n.child_by_field_name("value")
            if value is not None:
                out.append((_name(n.child_by_field_name("key")), value))
        elif n.type == "comparison_operator" and len(n.named_children) == 2:
            left, right = n.named_children
            out.append((_name(left), right))
    return out


def none_secret(root: Node, path: str, line: int) -> Note | None:
    """Evidence that every password-like name on the reported statement is given None."""
    stmt = _statement(root, line)
    if stmt is None:
        return None
    secrets = [(name, value) for name, value in _pairs(stmt) if SECRET_NAME.search(name)]
    if not secrets or any(value.type != "none" for _, value in secrets):
        return None
    names = ", ".join(sorted({name for name, _ in secrets}))
    return Note(
        path,
        line_of(stmt),
        stmt.end_point[0] + 1,
        f"{names} is given None: no secret is in the code",
        "constant",
    )
