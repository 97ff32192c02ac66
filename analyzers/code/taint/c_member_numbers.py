"""A parsed number stored in a struct member (``cfg->port = atoi(v)``) whose every read in the file
is harmless: compared, tested for truth, or printed as a number. Then no size, index, allocation or
arithmetic is computed from it, which is what CWE-190's "unless checked" is about. The member must be
declared in this file (a library's struct may be read by the library) and named by no other file of
the program (another file could compute with it)."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_spec import FORMAT_FUNCS
from .c_tree import call_args, callee_of, text, walk
from .values import Note

_ACCESS = re.compile(r"^[A-Za-z_]\w*(?:->|\.)([A-Za-z_]\w*)$")
_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">="})
_TRUTH = frozenset({"&&", "||"})


def member_only_compared(ctx: Ctx, stored: str, store: Node) -> list[Note] | None:
    """Notes when the member ``stored`` (``cfg->port``) is read only harmlessly anywhere in the file."""
    from .c_callers import named_in_program

    m = _ACCESS.match(stored.replace(" ", ""))
    if m is None:
        return None
    member = m.group(1)
    root = ctx.parsed.tree.root_node
    declared = any(
        n.type == "field_declaration"
        and any(c.type == "field_identifier" and text(c) == member for c in n.named_children)
        for n in walk(root)
    )
    if not declared:
        return None
    if named_in_program(ctx, member):
        return None
    reads: list[Node] = []
    for n in walk(root):
        if n.type != "field_expression" or text(n.child_by_field_name("field") or n) != member:
            continue
        use = _use(n)
        if use is None:
            return None
        if use:
            reads.append(n)
    shown = ", ".join(str(r.start_point[0] + 1) for r in reads[:6])
    return [
        ctx.note(
            store,
            f"the member `{member}` is only ever compared, tested or printed as a number"
            + (f" (lines {shown})" if reads else " (never read)"),
            "guard",
        )
    ]


def _use(n: Node) -> bool | None:
    """True for a harmless read, False for a plain store into it, None for anything else."""
    child, cur = n, n.parent
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        child, cur = cur, cur.parent
    if cur is None:
        return None
    if cur.type == "assignment_expression" and cur.child_by_field_name("left") == child:
        return False if text(cur.child_by_field_name("operator")) == "=" else None
    if cur.type == "binary_expression":
        op = text(cur.child_by_field_name("operator"))
        if op in _COMPARE or op in _TRUTH:
            return True
        return None
    if cur.type == "unary_expression" and text(cur.child_by_field_name("operator")) == "!":
        return True
    if cur.type in {"if_statement", "while_statement", "do_statement", "condition_clause"}:
        return True
    if cur.type == "argument_list":
        call = cur.parent
        name = callee_of(call) if call is not None else ""
        if call is not None and name in FORMAT_FUNCS:
            args = call_args(call)
            at = next((i for i, a in enumerate(args) if a.id == child.id), -1)
            return True if at > FORMAT_FUNCS[name] else None
        return None
    return None


def member_range_checked(ctx: Ctx, stored: str, store: Node) -> list[Note] | None:
    """Notes when the statement after the store into ``stored`` (``rt->prefix = atoi(s);``) that
    first mentions it is an early exit whose condition, when it does not leave, keeps the member
    between two constants (``if (rt->prefix < 0 || rt->prefix > 32) return -1;``): the number is
    range-checked before any use of it."""
    from .c_conditions import comparisons, terminates
    from .c_tree import squash
    from .c_values import const_int

    statement = store
    while statement.parent is not None and statement.parent.type != "compound_statement":
        statement = statement.parent
    block = statement.parent
    if block is None or statement.type != "expression_statement":
        return None
    want = squash(stored)
    later = [c for c in block.named_children if c.start_byte >= statement.end_byte and c.type != "comment"]
    for stmt in later:
        if not any(n.type == "field_expression" and squash(text(n)) == want for n in walk(stmt)):
            continue
        cond = stmt.child_by_field_name("condition") if stmt.type == "if_statement" else None
        cons = stmt.child_by_field_name("consequence") if cond is not None else None
        if cond is None or cons is None or not terminates(cons) or stmt.child_by_field_name("alternative"):
            return None
        low = high = None
        for var, op, other in comparisons(cond, False):  # what holds when the check does not leave
            k = const_int(ctx, other, None) if squash(var) == want else None
            if k is None:
                continue
            if op in {">=", ">"}:
                low = k + (op == ">")
            elif op in {"<=", "<"}:
                high = k - (op == "<")
        if low is None or high is None:
            return None
        return [
            ctx.note(
                stmt,
                f"line {stmt.start_point[0] + 1} leaves unless `{stored}` lies between {low} and {high}, "
                "before any use of it",
                "guard",
            )
        ]
    return None
