"""Strings read out of a constant table of the file: ``opt_table[i].long_name`` of
``static const struct opt_def opt_table[] = { { "help", ... }, { "verbose", ... } };`` or
``names[i]`` of ``static const char *const names[] = { "a", "b" };``. Whichever element is read
(its index is judged on its own), the string is one of the literals written in the table: at most
the longest of them.

Only a table nothing can change: a file-scope array with an initialiser, declared ``const`` where its
elements are (a struct's members, ``* const`` pointers), or ``static`` with ``const`` characters and
no assignment to an element anywhere in the file; every element must give the member a literal (a
``NULL`` sentinel, or a missing initialiser, gives no bound)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import declared_name, store_target, strip_expr, stripped_text, text, walk
from .c_values import literal_string


def table_string_max(ctx: Ctx, expr: Node) -> int | None:
    """The longest string ``expr`` (``T[i].m``, ``T[i]->m`` is not one, ``T[i]``) may be, when it
    reads a member or element of a constant table of this file; None otherwise. Whether the index
    lies inside the table is the caller's question (:func:`table_index`)."""
    e = strip_expr(expr)
    member: str | None = None
    if e.type == "field_expression" and text(e.child_by_field_name("operator")) == ".":
        member = text(e.child_by_field_name("field"))
        e = strip_expr(e.child_by_field_name("argument") or e)
    if e.type != "subscript_expression":
        return None
    table = strip_expr(e.child_by_field_name("argument") or e)
    if table.type != "identifier":
        return None
    root = ctx.parsed.tree.root_node
    found = _table(root, text(table))
    if found is None:
        return None
    decl, init = found
    if not _unchanging(decl, root, text(table), member is not None):
        return None
    lengths: list[int] = []
    position = _member_position(root, decl, member) if member is not None else None
    if member is not None and position is None:
        return None
    for element in init.named_children:
        value = _member_value(element, member, position) if member is not None else element
        s = (
            literal_string(text(value))
            if value is not None and value.type in {"string_literal", "concatenated_string"}
            else None
        )
        if s is None:
            return None
        lengths.append(len(s))
    return max(lengths) if lengths else None


def table_index(expr: Node) -> Node | None:
    """The subscript that picks the element of a table read (``T[i]`` of ``T[i].m``)."""
    e = strip_expr(expr)
    if e.type == "field_expression" and text(e.child_by_field_name("operator")) == ".":
        e = strip_expr(e.child_by_field_name("argument") or e)
    return e if e.type == "subscript_expression" else None


def _table(root: Node, name: str) -> tuple[Node, Node] | None:
    """The file-scope declaration of the array ``name`` and its initialiser list."""
    for d in root.named_children:
        if d.type != "declaration":
            continue
        for init in d.named_children:
            if (
                init.type == "init_declarator"
                and declared_name(init.child_by_field_name("declarator")) == name
                and (value := init.child_by_field_name("value")) is not None
                and value.type == "initializer_list"
                and any(
                    x.type == "array_declarator" for x in walk(init.child_by_field_name("declarator") or init)
                )
            ):
                return d, value
    return None


def _unchanging(decl: Node, root: Node, name: str, of_struct: bool) -> bool:
    """The table's elements cannot change: ``const`` on what they are (a pointer to one, ``&T[i]``,
    only reads them), and no store into them."""
    quals = {text(c) for c in decl.children if c.type == "type_qualifier"}
    static = any(c.type == "storage_class_specifier" and text(c) == "static" for c in decl.children)
    if "const" not in quals:
        return False
    if not of_struct:
        declarator = next((c for c in decl.named_children if c.type == "init_declarator"), None)
        pointer = declarator.child_by_field_name("declarator") if declarator is not None else None
        const_pointer = (
            pointer is not None
            and pointer.type == "pointer_declarator"
            and any(c.type == "type_qualifier" and text(c) == "const" for c in pointer.children)
        )
        if not (const_pointer or static):
            return False
    for n in walk(root):
        target = store_target(n)
        if target is not None and name in {text(i) for i in walk(target) if i.type == "identifier"}:
            return False
    return True


def _member_position(root: Node, decl: Node, member: str) -> int | None:
    """The position of ``member`` among the members of the table's struct type."""
    typ = decl.child_by_field_name("type")
    if typ is None or typ.type != "struct_specifier":
        return None
    name = text(typ.child_by_field_name("name"))
    body = typ.child_by_field_name("body")
    if body is None:
        for n in walk(root):
            if n.type == "struct_specifier" and text(n.child_by_field_name("name")) == name:
                body = n.child_by_field_name("body") or body
    if body is None:
        return None
    names: list[str] = []
    for field in body.named_children:
        if field.type != "field_declaration":
            continue
        for d in field.named_children:
            if d.type in {
                "field_identifier",
                "pointer_declarator",
                "array_declarator",
                "function_declarator",
            }:
                names.append(declared_name(d) if d.type != "field_identifier" else text(d))
    return names.index(member) if member in names else None


def _member_value(element: Node, member: str | None, position: int | None) -> Node | None:
    """What one element's initialiser gives ``member`` (designated or by position)."""
    if element.type != "initializer_list":
        return None
    values = element.named_children
    if any(v.type == "initializer_pair" for v in values):
        for v in values:
            if (
                v.type == "initializer_pair"
                and stripped_text(v.child_by_field_name("designator")).lstrip(".") == member
            ):
                return v.child_by_field_name("value")
        return None
    return values[position] if position is not None and position < len(values) else None
