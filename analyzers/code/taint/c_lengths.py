"""String lengths inside their arrays: ``len = strlen(buf)`` is below the elements from ``buf`` to
the end of its object (a string inside its own array is shorter than the array)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_objects import elem_of, room
from .c_tree import call_args, callee_of, plain_definitions, strip_expr, stripped_text

LENGTHS = frozenset({"strlen", "wcslen", "strnlen", "wcsnlen"})


def string_length_of(func: Node, name: str, pointers: set[str] | None) -> Node | None:
    """The first definition of ``name`` when every one is ``strlen(p)`` (of one of ``pointers``,
    when given) and nothing else ever writes ``name`` (or takes its address)."""
    defs = plain_definitions(func, name)
    if defs is None:
        return None
    found: Node | None = None
    for n, value in defs:
        v = strip_expr(value)
        if (
            v.type != "call_expression"
            or callee_of(v) not in LENGTHS
            or not call_args(v)
            or (pointers is not None and stripped_text(call_args(v)[0]) not in pointers)
        ):
            return None
        if pointers is None:
            pointers = {stripped_text(call_args(v)[0])}  # every measure of the same pointer
        found = found or n  # measured again later (after an append): still a length inside the array
    return found


def string_length_bound(ctx: Ctx, name: str, func: Node) -> int | None:
    """The largest value of ``name`` when it is only ever ``strlen(p)`` of a pointer into a known
    object: one less than the elements from ``p`` to the object's end, or less when every measured
    string is known to be shorter where it is measured (:func:`max_len`)."""
    from .c_strings import max_len

    found = string_length_of(func, name, None)
    if found is None:
        return None
    defs = plain_definitions(func, name) or []
    measured: list[int] = []
    for _n, each in defs:
        call = strip_expr(each)
        longest = max_len(ctx, call_args(call)[0], call, func)
        if longest is None:
            break
        measured.append(longest)
    longest_measured = max(measured) if measured and len(measured) == len(defs) else None
    value = found.child_by_field_name("value") or found.child_by_field_name("right")
    v = strip_expr(value) if value is not None else None
    if v is None or v.type != "call_expression" or not call_args(v):
        return longest_measured
    arg = call_args(v)[0]
    got = room(ctx, arg, func)
    elem = elem_of(ctx, stripped_text(arg), func) if strip_expr(arg).type == "identifier" else None
    if got is None or elem is None or got[0] < elem:
        return longest_measured
    inside = got[0] // elem - 1
    return inside if longest_measured is None else min(inside, longest_measured)
