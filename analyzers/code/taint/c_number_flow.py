"""Where a number parsed from input goes besides arithmetic and indexes: the variables it is copied
into, the places the analyst cannot follow, and the loops it bounds.

A parsed number (``n = atoi(s)``) is judged by every use of it (:mod:`c_overflow`). Those uses
include the variables it flows into: ``m = n``, ``int m = n * 2``, ``m = n > 9 ? 9 : n`` make ``m``
carry it too, and ``m``'s uses are judged the same way (a call's result, ``m = f(n)``, is followed
where ``f`` returns it, or the call is kept). It escapes the analysis when it is stored
where other code can read it (a struct member, an array element, through a pointer, a variable that
is not a local of the function, a local whose address is taken) or when its address is handed out
(``f(&n)``): the finding is then kept. A loop whose condition compares a counter with the number
(``for (i = 0; i < n; i++) buf[i] = 0``) indexes or copies as many times as the input says: when
its body indexes an array, each index is judged as an index; a dereference or a call there that
uses the loop's variables keeps the finding.
"""

from __future__ import annotations

from tree_sitter import Node

from .c_conditions import LOOPS
from .c_tree import declared_name, idents, param_names, strip_expr, text, walk


def is_local(func: Node, name: str) -> bool:
    """``name`` is a parameter of ``func`` or declared in its body (not a global)."""
    if name in param_names(func):
        return True
    body = func.child_by_field_name("body")
    for n in walk(body) if body is not None else []:
        if n.type == "declaration" and not any(
            c.type == "storage_class_specifier" and text(c) == "static" for c in n.children
        ):
            for d in n.children_by_field_name("declarator"):
                if declared_name(d) == name:
                    return True
    return False


def address_taken(func: Node, name: str) -> Node | None:
    """The first ``&name`` in ``func``."""
    for n in walk(func):
        if (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and text(strip_expr(n.child_by_field_name("argument") or n)) == name
        ):
            return n
    return None


def _computed_from(expr: Node, name: str) -> bool:
    """``expr`` computes its value from ``name`` itself, not only through a call's argument (a
    call's result is judged where the callee returns it: :func:`c_overflow._returned_uses`)."""
    if expr.type == "identifier":
        return text(expr) == name
    if expr.type == "call_expression":
        return False
    return any(_computed_from(c, name) for c in expr.named_children)


def carried_into(node: Node, name: str) -> tuple[str, Node] | None:
    """When ``node`` stores a value computed from ``name`` somewhere: ``(target, node)`` with the
    target's text (``m``, ``s.f``, ``*p``, ``a[i]``). ``name = ...`` itself, compound assignments of
    ``name`` (arithmetic, judged elsewhere) and comparisons are not copies."""
    if node.type == "init_declarator":
        value = node.child_by_field_name("value")
        if value is not None and _computed_from(value, name):
            return declared_name(node.child_by_field_name("declarator")), node
        return None
    if node.type != "assignment_expression":
        return None
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or not _computed_from(right, name):
        return None
    target = text(strip_expr(left))
    if target == name:
        return None
    return target, node


def loop_work(node: Node, name: str) -> tuple[list[Node], Node | None] | None:
    """For a loop whose condition mentions ``name``: the array indexes in its body (to be judged
    as indexes) and the first dereference or call in it that uses a variable of the condition
    (a copy or a write the number drives, which is kept). None for anything else."""
    if node.type not in LOOPS:
        return None
    cond = node.child_by_field_name("condition")
    if cond is None or name not in idents(cond):
        return None
    body = node.child_by_field_name("body")
    if body is None:
        return None
    counters = set(idents(cond))
    subscripts: list[Node] = []
    driven: Node | None = None
    for n in walk(body):
        if n.type == "subscript_expression":
            subscripts.append(n)
        elif driven is None and counters & set(idents(n)):
            deref = n.type == "pointer_expression" and text(n.child_by_field_name("operator")) == "*"
            if deref or n.type == "call_expression":
                driven = n
    return subscripts, driven
