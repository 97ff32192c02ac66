"""Struct members as objects of their own: ``s.a`` is initialised by an assignment to ``s.a`` or
to ``s`` (or an initialiser of ``s``), is only partly initialised by one to ``s.a.x`` or
``s.a[i]``, and may be initialised by anything that gets the address of ``s``, ``s.a`` or a part
of it. :mod:`.c_states` tracks a member path with these relations; only ``.`` chains on a plain
variable are member paths (``p->a`` names memory a pointer leads to: not followed).
"""

from __future__ import annotations

import re
from typing import Final, Literal

from tree_sitter import Node

from .c_tree import call_args, callee_of, squash, strip_expr, text, walk

MEMBER_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
Relation = Literal["same", "whole", "part"]
# library calls that write their first argument's object, and the position of the size they write:
# the whole object when that size is the object's
WRITERS: Final[dict[str, int]] = {
    "memset": 2, "memcpy": 2, "memmove": 2, "bzero": 1, "explicit_bzero": 1, "memset_s": 3, "memcpy_s": 3,
}  # fmt: skip


def is_member(name: str) -> bool:
    return MEMBER_PATH.fullmatch(name) is not None


def base_of(name: str) -> str:
    return name.split(".", 1)[0]


def path_of(node: Node | None) -> str | None:
    """``s.a.b`` for the expression ``s.a.b`` (or ``s``, or ``(s).a``); None for anything else."""
    if node is None:
        return None
    n = strip_expr(node)
    if n.type == "identifier":
        return text(n)
    if n.type == "field_expression" and text(n.child_by_field_name("operator")) == ".":
        inner = path_of(n.child_by_field_name("argument"))
        field = n.child_by_field_name("field")
        return f"{inner}.{text(field)}" if inner is not None and field is not None else None
    return None


def written_path(lhs: Node | None) -> tuple[str, bool] | None:
    """The object an assignment's left side writes, and whether it writes only part of it:
    ``s.a`` → ("s.a", False); ``s.a[i]`` → ("s.a", True); None through a pointer (``p->a``, ``*p``)."""
    if lhs is None:
        return None
    n = strip_expr(lhs)
    part = False
    while n.type == "subscript_expression":
        arg = n.child_by_field_name("argument")
        if arg is None:
            return None
        n, part = strip_expr(arg), True
    path = path_of(n)
    return (path, part) if path is not None else None


def relation(path: str, name: str) -> Relation | None:
    """How writing ``path`` touches the object ``name``: "same" object, the "whole" that holds it,
    a "part" of it, or None (neither)."""
    if path == name:
        return "same"
    if name.startswith(path + "."):
        return "whole"
    if path.startswith(name + "."):
        return "part"
    return None


def full_size(size: Node | None, path: str, func: Node) -> bool:
    """``sizeof(s)`` / ``sizeof s`` / ``sizeof(struct S)`` for the object ``path``: the write covers
    the whole object (a type only for a plain variable declared in ``func`` with that very type)."""
    if size is None:
        return False
    n = strip_expr(size)
    if n.type != "sizeof_expression":
        return False
    inner = n.child_by_field_name("value") or n.child_by_field_name("type")
    if inner is None:
        return False
    if inner.type == "type_descriptor":
        declared = _plain_type(func, path)
        return declared is not None and squash(text(inner)) == declared
    if inner.type == "parenthesized_expression" and inner.named_children:
        inner = inner.named_children[0]
    return path_of(inner) == path


def _plain_type(func: Node, name: str) -> str | None:
    """The type written in the declaration of the plain (not pointer, not array) local ``name``."""
    for n in walk(func):
        if n.type != "declaration":
            continue
        for d in n.named_children:
            target = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
            if target is not None and target.type == "identifier" and text(target) == name:
                kind = n.child_by_field_name("type")
                return squash(text(kind)) if kind is not None else None
    return None


def filled_by(call: Node, func: Node) -> str | None:
    """The object a memset/memcpy-like ``call`` writes over its whole size (``memset(&s, 0,
    sizeof s)`` → "s"); None when it is not such a call or the size is not the object's."""
    at = WRITERS.get(callee_of(call))
    args = call_args(call)
    if at is None or len(args) <= at:
        return None
    dest = strip_expr(args[0])
    if dest.type == "pointer_expression" and text(dest.child_by_field_name("operator")) == "&":
        arg = dest.child_by_field_name("argument")
        dest = strip_expr(arg) if arg is not None else dest
    path = path_of(dest)
    return path if path is not None and full_size(args[at], path, func) else None


def apart(func: Node, root: Node, name: str) -> bool:
    """Whether the members along ``name`` (``s.a.b``) are known to occupy storage of their own, so
    that writing a sibling (``s.n``, ``s.a.c``) leaves ``name`` untouched: ``s`` is declared in
    ``func`` as ``struct T`` and every struct on the path is defined in this file with ``struct``
    members down to ``name``, in a file that declares no union at all (a union's members share
    storage; a type defined elsewhere may be one)."""
    if any(n.type == "union_specifier" for n in walk(root)):
        return False
    bodies = {
        text(n.child_by_field_name("name")): body
        for n in walk(root)
        if n.type == "struct_specifier"
        and n.child_by_field_name("name") is not None
        and (body := n.child_by_field_name("body")) is not None
    }
    parts = name.split(".")
    kind = _struct_tag(func, parts[0])
    for field in parts[1:-1]:
        body = bodies.get(kind or "")
        if body is None:
            return False
        kind = next(
            (
                text(t.child_by_field_name("name"))
                for d in body.named_children
                if d.type == "field_declaration"
                and any(c.type == "field_identifier" and text(c) == field for c in d.named_children)
                and (t := d.child_by_field_name("type")) is not None
                and t.type == "struct_specifier"
                and t.child_by_field_name("name") is not None
            ),
            None,
        )
    return kind is not None and kind in bodies


def _struct_tag(func: Node, name: str) -> str | None:
    """``T`` when the plain local ``name`` is declared ``struct T name``."""
    for n in walk(func):
        if n.type != "declaration":
            continue
        for d in n.named_children:
            target = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
            if target is not None and target.type == "identifier" and text(target) == name:
                kind = n.child_by_field_name("type")
                if kind is not None and kind.type == "struct_specifier":
                    tag = kind.child_by_field_name("name")
                    return text(tag) if tag is not None else None
                return None
    return None
