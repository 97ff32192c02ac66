"""A pointer member that only ever holds terminated strings: every store into ``x->name`` /
``x.name`` in the file is a string literal, NULL, a fresh copy (``strdup``: c_spec.STRING_DUPLICATORS),
a local only ever set to one of those, or a program argument; nothing writes through the member
or hands it to code that may, other than code that stores only NULs (c_nul_writer: ``rtrim()``); no
other file of the program names the member; and no struct that has it is filled with raw bytes
(``fread(&s, ...)``; ``memset(&s, 0, ...)`` makes it NULL). Then a read of ``p->name`` as a string stays in
its string (or the pointer is NULL, which is no over-read)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_nul_writer import nul_only_writer
from .c_spec import COPY_FUNCS, MEMBER_READERS, READ_ONLY_ARGS, STRING_DUPLICATORS
from .c_tree import (
    ancestors,
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    plain_definitions,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int
from .values import Note

_NULLS = frozenset({"NULL", "0", "nullptr"})
_RAW_FILLERS = frozenset({"fread", "read", "recv", "recvfrom", "memcpy", "memmove", "memset"})


def member_string(ctx: Ctx, arg: Node, at: Node) -> list[Note] | None:
    """Notes when ``arg`` (``p->name``) reads a pointer member that only holds terminated strings."""
    a = strip_expr(arg)
    if a.type != "field_expression":
        return None
    name = text(a.child_by_field_name("field") or a)
    memo = ("member-strings", ctx.path, ctx.parsed.content_hash, name)
    if memo not in ctx.memo:
        ctx.memo[memo] = _stores(ctx, name)
    stores = ctx.memo[memo]
    if not isinstance(stores, list) or _may_be_released(ctx, a, at):
        return None
    return [
        ctx.note(
            at,
            f"the member `{name}` only ever holds terminated strings or NULL "
            f"({len(stores)} store{'s' if len(stores) != 1 else ''} in this file)",
            "guard",
        ),
        *(ctx.note(s, f"`{text(s)}` stores a terminated string", "constant") for s in stores[:3]),
    ]


def _stores(ctx: Ctx, name: str) -> list[Node] | None:
    """The stores into the member ``name`` when every one keeps a terminated string; None otherwise."""
    from .c_callers import named_in_program

    if named_in_program(ctx, name):
        return None  # another file of the program may store into it
    root = ctx.parsed.tree.root_node
    holders = _structs_with(root, name)
    if not holders:
        return None
    stores: list[Node] = []
    for n in walk(root):
        if n.type == "field_expression" and text(n.child_by_field_name("field") or n) == name:
            use = _use(ctx, n)
            if use is None:
                return None
            if not isinstance(use, str):
                stores.append(use)
        elif n.type == "initializer_list" and not _of_pointers(n) and not _initialiser_ok(ctx, n, name):
            return None
        elif (
            n.type == "call_expression"
            and callee_of(n) in _RAW_FILLERS
            and call_args(n)
            and not _zero_fill(ctx, n)
        ):
            dst = strip_expr(call_args(n)[0])
            base = dst.child_by_field_name("argument") if dst.type == "pointer_expression" else dst
            if base is not None and base.type == "identifier":
                typ = _type_text(text(base), enclosing_function(n), root)
                if typ is None or any(h in typ.split() for h in holders):
                    return None  # raw bytes over a struct holding the member (or of a type not found)
    return stores


def _of_pointers(init: Node) -> bool:
    """The initialiser of a declaration of pointers or numbers (``struct node *stack[N] = { root };``,
    ``int v[4] = { -1 };``): it sets no member of a struct."""
    cur = init.parent
    if cur is None or cur.type != "init_declarator":
        return False
    decl = cur.parent
    typ = decl.child_by_field_name("type") if decl is not None else None
    if typ is not None and typ.type in {"primitive_type", "sized_type_specifier"}:
        return True
    d = cur.child_by_field_name("declarator")
    while d is not None and d.type == "array_declarator":
        d = d.child_by_field_name("declarator")
    return d is not None and d.type == "pointer_declarator"


def _zero_fill(ctx: Ctx, call: Node) -> bool:
    """``memset(rec, 0, sizeof(*rec))``: every pointer member becomes NULL (all bits zero), no string."""
    args = call_args(call)
    return (
        callee_of(call) == "memset"
        and len(args) >= 2
        and const_int(ctx, args[1], enclosing_function(call)) == 0
    )


def _structs_with(root: Node, name: str) -> set[str]:
    """The names of the struct types (and typedefs of them) that declare a pointer member ``name``."""
    out: set[str] = set()
    for n in walk(root):
        if n.type != "field_declaration":
            continue
        if not any(d.type == "pointer_declarator" and declared_name(d) == name for d in n.named_children):
            continue
        spec = n.parent.parent if n.parent is not None else None
        if spec is not None and spec.type == "struct_specifier":
            tag = spec.child_by_field_name("name")
            if tag is not None:
                out.add(text(tag))
            holder = spec.parent
            if holder is not None and holder.type == "type_definition":
                for d in holder.children_by_field_name("declarator"):
                    out.add(text(d))
    return out


def _use(ctx: Ctx, member: Node) -> Node | str | None:
    """How ``member`` (a ``x->name`` node) is used: "read", the store that writes it (when what it
    stores is a terminated string), or None (a store of something else, a write through it, or a
    call that may write it)."""
    cur, child = member.parent, member
    while cur is not None and cur.type in {"parenthesized_expression", "cast_expression"}:
        child, cur = cur, cur.parent
    if cur is None:
        return "read"
    if cur.type == "assignment_expression" and cur.child_by_field_name("left") == child:
        if text(cur.child_by_field_name("operator")) != "=":
            return None
        value = cur.child_by_field_name("right")
        return cur if value is not None and _terminated_source(ctx, value, cur) else None
    if cur.type in {"subscript_expression", "pointer_expression"} and _stored_through(cur):
        return None
    if cur.type == "update_expression":
        return None  # moved along its string: still inside it, but not at a known start
    if cur.type == "argument_list":
        call = cur.parent
        callee = callee_of(call) if call is not None else ""
        if callee in READ_ONLY_ARGS or callee in MEMBER_READERS or callee in STRING_DUPLICATORS:
            return "read"
        if (
            callee in COPY_FUNCS
            and call is not None
            and call_args(call).index(child) != COPY_FUNCS[callee][0]
        ):
            return "read"  # the source of a copy
        if call is not None and (_read_by_callee(ctx, call) or nul_only_writer(ctx, call)):
            return "read"  # (a NUL stored inside keeps the string terminated)
        return None
    if cur.type == "pointer_expression" and text(cur.child_by_field_name("operator")) == "&":
        return None
    return "read"


def _stored_through(n: Node) -> bool:
    """``x->name[i] = v`` or ``*x->name = v``: a store through the member."""
    cur, child = n.parent, n
    while cur is not None and cur.type in {
        "parenthesized_expression",
        "subscript_expression",
        "pointer_expression",
    }:
        child, cur = cur, cur.parent
    return (
        cur is not None
        and cur.type in {"assignment_expression", "update_expression"}
        and (cur.child_by_field_name("left") == child or cur.type == "update_expression")
    )


def _terminated_source(ctx: Ctx, value: Node, at: Node, depth: int = 0) -> bool:
    from .c_argv import program_argument

    v = strip_expr(value)
    if v.type in {"string_literal", "concatenated_string", "null"} or text(v) in _NULLS:
        return True
    if v.type == "call_expression" and callee_of(v) in STRING_DUPLICATORS:
        return True
    if v.type == "conditional_expression":
        arms = [v.child_by_field_name("consequence"), v.child_by_field_name("alternative")]
        return all(a is not None and _terminated_source(ctx, a, at, depth + 1) for a in arms)
    if v.type == "assignment_expression" and text(v.child_by_field_name("operator")) == "=":
        right = v.child_by_field_name("right")
        return right is not None and _terminated_source(ctx, right, at, depth + 1)
    func = enclosing_function(at)
    if v.type == "subscript_expression":
        return program_argument(ctx, v, at, func) is not None
    if v.type == "identifier" and func is not None and depth < 2:
        defs = plain_definitions(func, text(v))
        return bool(defs) and all(_terminated_source(ctx, d, d, depth + 1) for _n, d in defs or [])
    return False


def _initialiser_ok(ctx: Ctx, init: Node, name: str) -> bool:
    """An initialiser list gives the member (by designator, or by position: any element) only
    literals, NULL or numbers, or nested lists judged the same way."""
    for e in init.named_children:
        if e.type == "initializer_pair":
            value = e.child_by_field_name("value")
            if value is None:
                continue
            if value.type == "initializer_list":
                if not _initialiser_ok(ctx, value, name):
                    return False
                continue
            designators = [text(d) for d in e.children_by_field_name("designator")]
            if f".{name}" in designators and not _terminated_source(ctx, value, value):
                return False
            continue
        if e.type == "initializer_list":
            if not _initialiser_ok(ctx, e, name):
                return False
            continue
        v = strip_expr(e)
        if v.type not in {
            "string_literal",
            "concatenated_string",
            "number_literal",
            "null",
            "char_literal",
        } and (text(v) not in _NULLS and const_int(ctx, v, enclosing_function(v)) is None):
            return False  # by position it may be the member: only literals and numbers are known
    return True


def _read_by_callee(ctx: Ctx, call: Node) -> bool:
    """A workspace function that writes memory only through its own arrays."""
    from .c_callers import quiet_callee

    return quiet_callee(ctx, call)


def _type_text(name: str, func: Node | None, root: Node) -> str | None:
    """The type written in the declaration of ``name`` (the function's first, then the file's)."""
    for scope in ([func] if func is not None else []) + [root]:
        for n in walk(scope):
            if n.type in {"declaration", "parameter_declaration"} and any(
                declared_name(d) == name or (d.type == "identifier" and text(d) == name)
                for d in n.children_by_field_name("declarator")
            ):
                t = n.child_by_field_name("type")
                return text(t) if t is not None else None
    return None


_RELEASERS = frozenset({"free", "realloc", "reallocarray"})


def _may_be_released(ctx: Ctx, member: Node, at: Node) -> bool:
    """Before ``at`` in its function (or anywhere in a loop around it), a call handed the struct
    pointer may release the member's string: ``free``/``realloc`` of it, a workspace function that
    releases anything (followed one call deeper), or a function the analyst cannot see."""
    from .c_defs import definition_of
    from .c_tree import aliases_of, pointer_bases

    base = strip_expr(member.child_by_field_name("argument") or member)
    func = enclosing_function(at)
    if func is None or base.type not in {"identifier", "field_expression"}:
        return True
    names = aliases_of(func, text(base)) if base.type == "identifier" else {text(base)}
    loops = [p for p in ancestors(at, func) if p.type in {"for_statement", "while_statement", "do_statement"}]
    for n in walk(func):
        if n.type != "call_expression" or n.id == at.id:
            continue
        early = n.end_byte <= at.start_byte or any(
            lp.start_byte <= n.start_byte < lp.end_byte for lp in loops
        )
        if not early:
            continue
        handed = any(
            pointer_bases(x, fields=False) & names or text(strip_expr(x)).startswith(tuple(names))
            for x in call_args(n)
        )
        if not handed:
            continue
        callee = callee_of(n)
        if callee in _RELEASERS:
            return True
        if callee in READ_ONLY_ARGS or callee in MEMBER_READERS:
            continue
        found = definition_of(ctx, n)
        if found is None or _releases(ctx, found[1], 1):
            return True
    return False


def _releases(ctx: Ctx, fdef: Node, depth: int) -> bool:
    from .c_defs import definition_of

    for n in walk(fdef):
        if n.type != "call_expression":
            continue
        callee = callee_of(n)
        if callee in _RELEASERS:
            return True
        if callee in READ_ONLY_ARGS or callee in MEMBER_READERS:
            continue
        found = definition_of(ctx, n)
        if found is None:
            continue  # a library call handed something else: not this struct's strings (judged above)
        if depth > 0 and _releases(ctx, found[1], depth - 1):
            return True
    return False
