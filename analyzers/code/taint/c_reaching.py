"""Which definitions of a local variable may reach a point of a C function.

Definitions are initialisers, assignments, increments and the variable's address handed to a call
(``fscanf(f, "%d", &n)`` writes it). Those in branches that never run are left out. The last
definition that runs on every path to the point (no loop around it, no branch between them but the
one a constant condition always takes) hides every definition written before it; those after it may
reach the point, and so may every definition inside a loop around the point (a later round). A
function with ``goto``, or a variable that is not a local of the function, is not followed.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from .c_conditions import LOOPS, dead_branch, runs_before
from .c_context import Ctx
from .c_tree import (
    declared_name,
    enclosing_function,
    inside,
    param_names,
    strip_expr,
    stripped_text,
    text,
    walk,
)


@dataclass(frozen=True)
class Definition:
    """``node`` (an initialiser, assignment, update or call) gives the variable ``value`` (None:
    a value the definition does not show: ``n += k``, ``n++``, a call writing through ``&n``)."""

    node: Node
    value: Node | None


def reaching(ctx: Ctx, name: str, at: Node, func: Node) -> list[Definition] | None:
    """The definitions of the local ``name`` that may reach ``at``; None when not followed."""
    if any(n.type == "goto_statement" for n in walk(func)) or name in param_names(func):
        return None
    if not _local(func, name):
        return None
    defs = [d for d in _definitions(func, name) if dead_branch(ctx, d.node) is None]
    loops = _loops_around(at, func)
    before = [d for d in defs if d.node.end_byte <= at.start_byte]
    later = [
        d for d in defs if d.node.start_byte >= at.start_byte and any(inside(d.node, lp) for lp in loops)
    ]
    killers = [d.node for d in before if runs_before(ctx, d.node, at)]
    killers += [
        n
        for n in walk(func)
        if n.type == "if_statement"
        and n.end_byte <= at.start_byte
        and _assigns_on_every_branch(ctx, n, name)
        and runs_before(ctx, n, at)
    ]
    if killers:
        last = max(killers, key=lambda k: k.start_byte)
        before = [d for d in before if d.node.start_byte >= last.start_byte]
    return before + later


def _assigns_on_every_branch(ctx: Ctx, stmt: Node, name: str) -> bool:
    """Every way through ``stmt`` that goes on to the next statement assigns ``name``."""
    from .c_values import const_int

    t = stmt.type
    if t == "expression_statement":
        e = strip_expr(stmt.named_children[0]) if stmt.named_children else None
        return (
            e is not None
            and e.type == "assignment_expression"
            and stripped_text(e.child_by_field_name("left")) == name
        )
    if t == "compound_statement":
        return any(_assigns_on_every_branch(ctx, c, name) for c in stmt.named_children)
    if t == "else_clause":
        return any(_assigns_on_every_branch(ctx, c, name) for c in stmt.named_children)
    if t == "if_statement":
        cond = stmt.child_by_field_name("condition")
        then, other = stmt.child_by_field_name("consequence"), stmt.child_by_field_name("alternative")
        value = const_int(ctx, cond, enclosing_function(stmt)) if cond is not None else None
        if value is not None:
            taken = then if value else other
            return taken is not None and _assigns_on_every_branch(ctx, taken, name)
        return (
            then is not None
            and other is not None
            and _assigns_on_every_branch(ctx, then, name)
            and _assigns_on_every_branch(ctx, other, name)
        )
    return False


def _local(func: Node, name: str) -> bool:
    """``name`` is declared in the function's body (not a global, which other functions may write)."""
    body = func.child_by_field_name("body")
    if body is None:
        return False
    for n in walk(body):
        if n.type == "declaration":
            for d in n.children_by_field_name("declarator"):
                if declared_name(d) == name:
                    return True
    return False


def _definitions(func: Node, name: str) -> list[Definition]:
    out: list[Definition] = []
    for n in walk(func):
        if n.type == "init_declarator" and declared_name(n.child_by_field_name("declarator")) == name:
            out.append(Definition(n, n.child_by_field_name("value")))
        elif n.type == "assignment_expression" and stripped_text(n.child_by_field_name("left")) == name:
            plain = text(n.child_by_field_name("operator")) == "="
            out.append(Definition(n, n.child_by_field_name("right") if plain else None))
        elif n.type == "update_expression" and stripped_text(n.child_by_field_name("argument")) == name:
            out.append(Definition(n, None))
        elif (
            n.type == "pointer_expression"
            and text(n.child_by_field_name("operator")) == "&"
            and stripped_text(n.child_by_field_name("argument")) == name
        ):
            holder = n.parent
            while holder is not None and holder.type not in {"call_expression", "expression_statement"}:
                holder = holder.parent
            out.append(
                Definition(holder if holder is not None and holder.type == "call_expression" else n, None)
            )
    return out


def _loops_around(at: Node, func: Node) -> list[Node]:
    out: list[Node] = []
    cur = at.parent
    while cur is not None and cur != func:
        if cur.type in LOOPS:
            out.append(cur)
        cur = cur.parent
    return out


def address_call(d: Definition) -> Node | None:
    """The call a definition through ``&name`` hands the address to."""
    return d.node if d.node.type == "call_expression" else None


def plain_value(d: Definition) -> Node | None:
    return strip_expr(d.value) if d.value is not None else None
