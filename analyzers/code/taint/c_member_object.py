"""A plain struct member reached without indexes (``&in->dy``, ``&st->hdr``): the object it names and
its size. ``&in->dy`` points to the member's own bytes; when every member of that name in the file
is declared as a plain (not array, pointer or function) member of one type, the member's size is that
type's size. An index or pointer arithmetic on the way (``&e[i].x``) is not such a member: whether
that element exists is the index's question."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import strip_expr, text, walk
from .c_values import ELEM_SIZES, struct_size, type_size

_TYPE_PARTS = {
    "primitive_type",
    "sized_type_specifier",
    "type_identifier",
    "struct_specifier",
    "union_specifier",
}


def plain_member_path(e: Node) -> bool:
    """``e`` is a chain of ``.``/``->`` members over a variable (``a->b.c``), with no index, call or
    pointer arithmetic on the way."""
    cur = strip_expr(e)
    if cur.type != "field_expression":
        return False
    while cur.type == "field_expression":
        inner = cur.child_by_field_name("argument")
        if inner is None:
            return False
        cur = strip_expr(inner)
    return cur.type == "identifier"


def member_type(ctx: Ctx, field: str) -> str | None:
    """The one type every member called ``field`` in the file is declared with, when each is a plain
    member (no array, pointer, function or bit-field declarator); None otherwise."""
    types: set[str] = set()
    for n in walk(ctx.parsed.tree.root_node):
        if n.type != "field_declaration":
            continue
        for d in n.named_children:
            if d.type == "field_identifier" and text(d) == field:
                if any(c.type == "bitfield_clause" for c in n.children):
                    return None
                parts = [c for c in n.children if c.type in _TYPE_PARTS]
                if len(parts) != 1:
                    return None
                types.add(" ".join(text(parts[0]).split()))
            elif d.type != "field_identifier" and _declares(d, field):
                return None
    return types.pop() if len(types) == 1 else None


def _declares(d: Node, field: str) -> bool:
    cur: Node | None = d
    while cur is not None and cur.type != "field_identifier":
        cur = cur.child_by_field_name("declarator")
    return cur is not None and text(cur) == field


def member_object_size(ctx: Ctx, e: Node) -> int | None:
    """Bytes of the plain member ``e`` names (``in->dy`` of ``int16_t dx, dy;``: 2)."""
    if not plain_member_path(e):
        return None
    field = strip_expr(e).child_by_field_name("field")
    typ = member_type(ctx, text(field)) if field is not None else None
    if typ is None:
        return None
    if typ.startswith("struct ") and "{" not in typ:
        return struct_size(ctx, typ[7:].strip())
    if "{" in typ or typ.startswith("union "):
        return None
    return ELEM_SIZES.get(typ) or type_size(ctx, typ)
