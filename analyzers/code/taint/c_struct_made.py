"""How the objects of a struct type are made in a file: whether every one starts with a member at
zero (``= {0}``, ``calloc``, ``memset(.., 0, ..)``, an object of static storage) or is made by code
that stores into that member first, and no raw bytes are poured over one (``fread(&s, ...)``).
Shared by the rules that rest on a file-wide invariant of a member (c_capacity: a buffer's capacity;
c_member_count: a count kept below an array's size)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_tree import (
    assigned_to,
    call_args,
    callee_of,
    enclosing_function,
    func_name,
    param_names,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, declared_type


def type_names(body: Node) -> set[str]:
    """``struct strbuf`` and the typedef names of the struct whose member list is ``body``."""
    spec = body.parent
    names: set[str] = set()
    if spec is None:
        return names
    tag = spec.child_by_field_name("name")
    if tag is not None:
        names.add(f"struct {text(tag)}")
    outer = spec.parent
    if outer is not None and outer.type == "type_definition":
        for d in outer.children_by_field_name("declarator"):
            names.add(text(d))
    if tag is not None:
        for n in ctx_root(body).named_children:
            if (
                n.type == "type_definition"
                and squash(text(n.child_by_field_name("type"))) == f"struct{text(tag)}"
            ):
                names.update(text(d) for d in n.children_by_field_name("declarator"))
    return names


def ctx_root(n: Node) -> Node:
    while n.parent is not None:
        n = n.parent
    return n


def declaration_of(name_node: Node, root: Node) -> Node | None:
    """The declaration of the variable ``name_node`` names: its function's, else the file's."""
    name = text(name_node)
    func = enclosing_function(name_node)
    for scope in ([func] if func is not None else []) + [root]:
        for n in walk(scope):
            if n.type not in {"declaration", "parameter_declaration"}:
                continue
            if scope == root and enclosing_function(n) is not None:
                continue
            for d in n.children_by_field_name("declarator"):
                inner: Node | None = d
                while inner is not None and inner.type in {
                    "init_declarator",
                    "pointer_declarator",
                    "array_declarator",
                }:
                    inner = inner.child_by_field_name("declarator")
                if inner is not None and text(inner) == name:
                    return n
    return None


def made_zero(ctx: Ctx, root: Node, cap: str, types: set[str], *, depth: int = 0) -> bool:
    """Every object of the struct's types made in the file starts with both members zero, or the
    function that makes it stores into its capacity member (or hands it to code that does); a struct
    holding one as a member is checked the same way for that member."""
    if depth > 2:
        return False
    for n in walk(root):
        if n.type == "call_expression" and _raw_fill(ctx, n, types, root):
            return False
        if n.type == "field_declaration" and typed(n, types):
            if any(d.type != "pointer_declarator" for d in n.children_by_field_name("declarator")):
                body = n.parent
                outer = type_names(body) if body is not None else set()
                field = next((text(d) for d in n.children_by_field_name("declarator")), "")
                if not outer or not made_zero(ctx, root, f"{field}.{cap}", outer, depth=depth + 1):
                    return False
            continue
        if n.type == "call_expression" and callee_of(n) in {"malloc", "realloc", "reallocarray"}:
            if _allocates(n, types, root):
                target = assigned_to(n)
                if (
                    callee_of(n) != "malloc"
                    or target is None
                    or not _sets_member(ctx, enclosing_function(n), target, cap)
                ):
                    return False
            continue
        if n.type != "declaration" or not typed(n, types):
            continue
        static = n.parent == root or any(text(c) == "static" for c in n.children)
        for d in n.children_by_field_name("declarator"):
            if d.type == "pointer_declarator":
                continue  # a pointer: what it points to is made elsewhere (allocations are checked)
            if d.type == "init_declarator":
                inner = d.child_by_field_name("declarator")
                if inner is not None and inner.type == "pointer_declarator":
                    continue
                value = d.child_by_field_name("value")
                if value is None or not _all_zero(value):
                    return False
                continue
            if d.type == "array_declarator" and not static:
                return False  # an array of them: each would need its own start
            if static:
                continue
            func = enclosing_function(n)
            if func is None or not _sets_member(ctx, func, text(d), cap):
                return False
    return True


_RAW_FILLERS = frozenset({"fread", "read", "recv", "recvfrom", "pread", "memcpy", "memmove", "memset"})


def _raw_fill(ctx: Ctx, call: Node, types: set[str], root: Node) -> bool:
    """Bytes poured over a struct of ``types`` (``fread(&sb, sizeof sb, 1, fp)``, ``memset(b, 0xff,
    ..)``): its capacity is whatever they were. ``memset(.., 0, ..)`` makes both members zero."""
    if callee_of(call) not in _RAW_FILLERS:
        return False
    args = call_args(call)
    if not args:
        return False
    if (
        callee_of(call) == "memset"
        and len(args) > 1
        and const_int(ctx, args[1], enclosing_function(call)) == 0
    ):
        return False
    dst = strip_expr(
        args[0]
        if callee_of(call) not in {"read", "recv", "recvfrom", "pread"}
        else args[min(1, len(args) - 1)]
    )
    if dst.type == "pointer_expression" and text(dst.child_by_field_name("operator")) == "&":
        dst = strip_expr(dst.child_by_field_name("argument") or dst)
    if dst.type != "identifier":
        return False
    decl = declaration_of(dst, root)
    return decl is not None and typed(decl, types)


def typed(decl: Node, types: set[str]) -> bool:
    typ = squash(text(decl.child_by_field_name("type")))
    return any(squash(t) == typ for t in types)


def _allocates(call: Node, types: set[str], root: Node) -> bool:
    """The allocation is sized by one of ``types`` (``sizeof(struct strbuf)``, ``sizeof *sb`` with
    ``sb`` declared a pointer to one)."""
    for n in walk(call):
        if n.type != "sizeof_expression":
            continue
        inner = squash(text(n)).removeprefix("sizeof").strip("()")
        if any(squash(t) == inner for t in types):
            return True
        name = inner.lstrip("*").split("[")[0].strip("()")
        if inner.startswith("*") or "[" in inner:
            t = declared_type(name, enclosing_function(call), root)
            if t is not None and any(squash(x) == squash(t.replace("*", "")) for x in types):
                return True
    return False


def _zeroed_allocation(ctx: Ctx, value: Node, decl: Node) -> bool:
    v = strip_expr(value)
    return v.type == "call_expression" and callee_of(v) == "calloc"


def _all_zero(value: Node) -> bool:
    """An initialiser list of zeros and NULLs only (``{0}``, ``{ NULL, 0, 0 }``, ``{ .s = NULL }``,
    ``{}``): members not named start at zero too."""
    if value.type != "initializer_list":
        return False
    for c in value.named_children:
        v = c.child_by_field_name("value") if c.type == "initializer_pair" else c
        if v is None:
            return False
        if v.type == "initializer_list":
            if not _all_zero(v):
                return False
        elif not (text(v) in {"0", "NULL", "0UL", "0U", "false"} or v.type == "null"):
            return False
    return True


def _sets_member(ctx: Ctx, func: Node | None, name: str, cap: str) -> bool:
    """The first use of the object ``name`` in ``func`` zeroes it (``memset(&name, 0, ..)``), stores
    into its capacity member (``name.cap = ..``, ``name->cap = ..``), or hands it to a function of
    this file that does so to its parameter (``sb_init(&sb)``)."""
    if func is None:
        return False
    uses = [
        n
        for n in walk(func)
        if n.type == "identifier"
        and text(n) == name
        and (
            n.parent is None or n.parent.type not in {"init_declarator", "declaration", "pointer_declarator"}
        )
    ]
    if not uses:
        return False
    first = min(uses, key=lambda n: n.start_byte)
    cur: Node | None = first
    while cur is not None and cur != func:
        if cur.type == "call_expression":
            args = call_args(cur)
            if callee_of(cur) == "memset":
                if (
                    args
                    and squash(text(args[0])).lstrip("&") == name
                    and len(args) > 1
                    and text(args[1]) == "0"
                ):
                    return True
            elif any(
                squash(text(a)).lstrip("&") == name and _init_function(ctx, callee_of(cur), i, cap)
                for i, a in enumerate(args)
            ):
                return True
        if cur.type == "assignment_expression":
            left = squash(text(strip_expr(cur.child_by_field_name("left") or cur)))
            if left in {f"{name}.{cap}", f"{name}->{cap}"}:
                return True
            if (
                left == name
                and strip_expr(cur.child_by_field_name("right") or cur).type == "compound_literal_expression"
            ):
                return True
        if cur.type in {"expression_statement", "declaration"}:
            break
        cur = cur.parent
    return False


def _init_function(ctx: Ctx, callee: str, i: int, cap: str) -> bool:
    """The function ``callee`` starts by zeroing its parameter ``i`` or storing into its members, the
    capacity among them, before anything else reads it (``sb->buf = NULL; sb->len = sb->cap = 0;``)."""
    for f in ctx.parsed.tree.root_node.named_children:
        if f.type != "function_definition" or func_name(f) != callee:
            continue
        params = param_names(f)
        body = f.child_by_field_name("body")
        if i >= len(params) or body is None:
            return False
        p = params[i]
        for st in body.named_children:
            if not any(n.type == "identifier" and text(n) == p for n in walk(st)):
                continue
            e = st.named_children[0] if st.type == "expression_statement" and st.named_children else None
            if e is None:
                return False
            if e.type == "call_expression" and callee_of(e) == "memset":
                args = call_args(e)
                return bool(args) and squash(text(args[0])) == p and len(args) > 1 and text(args[1]) == "0"
            stores: list[str] = []
            while e is not None and e.type == "assignment_expression":
                stores.append(squash(text(strip_expr(e.child_by_field_name("left") or e))))
                e = strip_expr(e.child_by_field_name("right") or e)
            if not stores or any(not x.startswith(f"{p}->") for x in stores):
                return False
            if e is not None and any(n.type == "identifier" and text(n) == p for n in walk(e)):
                return False
            if f"{p}->{cap}" in stores:
                return True
        return False
    return False
