"""A workspace function that writes nothing through pointers but NUL bytes (``rtrim(s)``: ``s[--n] =
'\\0'``), and calls only library functions that read strings (c_spec.READ_ONLY_ARGS) or characters
(CHAR_USERS), or print with a literal format: a string handed to it stays terminated inside its
object, since a NUL stored anywhere in an object leaves a terminator there (whether each store is in
bounds is that store's own question).
Stores into its own locals are free; stores into members, other calls, or a release are not."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_defs import definition_of
from .c_spec import CHAR_USERS, PRINTERS, READ_ONLY_ARGS
from .c_tree import call_args, callee_of, strip_expr, text, walk
from .c_values import const_int


def nul_only_writer(ctx: Ctx, call: Node) -> bool:
    """``call`` is of such a function of the workspace."""

    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    body = fdef.child_by_field_name("body")
    if body is None:
        return False
    for n in walk(body):
        if n.type == "assignment_expression":
            left = strip_expr(n.child_by_field_name("left") or n)
            if left.type in {"pointer_expression", "subscript_expression"}:
                if (
                    text(n.child_by_field_name("operator")) != "="
                    or const_int(octx, n.child_by_field_name("right"), fdef) != 0
                ):
                    return False
            elif left.type != "identifier":
                return False  # a member, or anything else other code may read
        elif n.type == "call_expression":
            name = callee_of(n)
            if name not in READ_ONLY_ARGS and name not in CHAR_USERS and not _prints(n):
                return False
    return True


def _prints(call: Node) -> bool:
    """A printer (``printf``, ``fprintf``...) with a literal format that has no ``%n``: it only reads."""
    name = callee_of(call)
    if name not in PRINTERS:
        return False
    args = call_args(call)
    at = 0 if name in {"printf", "perror"} else 1
    fmt = strip_expr(args[at]) if at < len(args) else None
    return fmt is not None and fmt.type == "string_literal" and "%n" not in text(fmt)
