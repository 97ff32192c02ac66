"""Order of execution facts shared by the C rules: a loop around a node, a ``goto`` that jumps back,
and whether a local is read after a store into it."""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from .c_conditions import LOOPS
from .c_tree import text, walk


def loop_around(node: Node, func: Node) -> bool:
    """A loop of ``func`` encloses ``node`` (a later round runs it again)."""
    cur = node.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            return True
        cur = cur.parent
    return False


def backward_goto(func: Node, *, unknown_labels: bool = False) -> bool:
    """A ``goto`` to a label above it: the code after the label runs again (a loop by other
    means). With ``unknown_labels``, a ``goto`` to a label not found in ``func`` (or with no label
    the parser could read) counts too."""
    labels = {
        text(n.child_by_field_name("label")): n.start_byte
        for n in walk(func)
        if n.type == "labeled_statement" and n.child_by_field_name("label") is not None
    }
    for n in walk(func):
        if n.type != "goto_statement":
            continue
        if n.child_by_field_name("label") is None:
            if unknown_labels:
                return True
            continue
        where = labels.get(text(n.child_by_field_name("label")))
        if where is None and unknown_labels:
            return True
        if where is not None and where < n.start_byte:
            return True
    return False


def unread_after(func: Node, var: str, store: Node, written: Callable[[Node], bool]) -> bool:
    """No loop encloses ``store``, the address of ``var`` is never taken in ``func``, and every
    mention of ``var`` after ``store`` is a write (``written``), never a read."""
    if loop_around(store, func):
        return False
    for n in walk(func):
        if n.type != "identifier" or text(n) != var:
            continue
        p = n.parent
        if (
            p is not None
            and p.type == "pointer_expression"
            and text(p.child_by_field_name("operator")) == "&"
        ):
            return False
        if n.start_byte >= store.end_byte and not written(n):
            return False
    return True
