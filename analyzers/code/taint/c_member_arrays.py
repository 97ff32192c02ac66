"""A character-array member that always holds a string: ``struct po { char po_no[11]; ... }``.

Every object of the struct starts zeroed (``= {0}``, ``calloc``, ``memset(.., 0, ..)``, static
storage: c_struct_made, which also rejects raw bytes poured over one), and every write into a member
of that name in the file leaves a terminator inside it:

- a bounded string writer: ``snprintf``/``strlcpy``/``strlcat``/``fgets`` with a size of at most the
  member's, a scanf-like ``%Ns``/``%N[`` with ``N`` below it;
- ``strcpy`` of a literal that fits, of another member of this kind no longer than it, or of a
  string whose ``strlen()`` checks holding at the copy keep below the size;
- a byte copy (``memcpy``, ``strncpy``) of a length of at most the member's size whose very next
  statement stores ``'\\0'`` into the same member at a place inside it (a constant, or the copy's
  length when checks holding at the copy keep it below the size);
- ``'\\0'`` stored into one of its elements, ``memset(.., 0, ..)``.

Anything else (another element store, a pointer into it that may be written through, a workspace
function handed it, a copy of unknown length, another file naming the member) leaves the invariant
unproven. Then ``strlen(p->po_no)`` is at most 10 wherever ``p`` points among objects of the type:
the string read (``%s``, ``strcpy`` source, ``strlen``) stays inside the member.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_context import Ctx
from .c_counter_bound import constant_checks
from .c_spec import COPY_FUNCS, FORMAT_FUNCS, MEMBER_READERS, READ_ONLY_ARGS, SCAN_FUNCS
from .c_struct_made import declaration_of, made_zero, type_names, typed
from .c_tree import (
    call_args,
    callee_of,
    declared_name,
    enclosing_function,
    param_names,
    plain_definitions,
    squash,
    strip_expr,
    text,
    walk,
)
from .c_values import const_int, literal_string

_TERMINATOR = re.compile(r"^(0|'\\0'|'\\x0*0')$")
_CHARS = frozenset({"char", "unsigned char", "signed char"})
_SIZED_WRITERS = {"snprintf": 1, "vsnprintf": 1, "strlcpy": 2, "strlcat": 2, "fgets": 1}
_BYTE_COPIES = frozenset({"memcpy", "memmove", "strncpy"})


def member_array_max(ctx: Ctx, expr: Node) -> int | None:
    """The longest string ``expr`` (``p->name``, ``tab[i].name``) may hold when it reads a member
    array the file keeps terminated (see the module's doc); None otherwise."""
    e = strip_expr(expr)
    if e.type != "field_expression":
        return None
    field = e.child_by_field_name("field")
    base = e.child_by_field_name("argument")
    if field is None or base is None or not _plain_base(ctx, strip_expr(base)):
        return None
    size = kept_terminated(ctx, text(field))
    return size - 1 if size is not None else None


def _plain_base(ctx: Ctx, base: Node) -> bool:
    """The object the member is read from is one object of the struct: a variable of the struct
    type, a parameter pointing to one, or a local pointer only ever set to the address of a variable
    or to what a call returns. An element of an array (``tab[i].name``) or a pointer moved along
    one may lie past its end, which is another question than the string's."""
    if base.type != "identifier":
        return False
    decl = declaration_of(base, ctx.parsed.tree.root_node)
    if decl is None:
        return False
    declarators = [d for d in decl.children_by_field_name("declarator") if declared_name(d) == text(base)]
    if not declarators or any(n.type == "array_declarator" for d in declarators for n in walk(d)):
        return False
    if decl.type == "parameter_declaration" or all(d.type == "identifier" for d in declarators):
        return True
    func = enclosing_function(base)
    if func is None:
        return False
    values = [v for _d, v in plain_definitions(func, text(base)) or []]
    ok = {"call_expression"}
    return (
        bool(values)
        and all(
            strip_expr(v).type in ok
            or (
                strip_expr(v).type == "pointer_expression"
                and text(strip_expr(v).child_by_field_name("operator")) == "&"
                and strip_expr(strip_expr(v).child_by_field_name("argument") or v).type == "identifier"
            )
            for v in values
        )
        and not _moved(func, text(base))
    )


def _moved(func: Node, name: str) -> bool:
    """``p++``, ``p += k``: the pointer moved from what it was set to."""
    for n in walk(func):
        if n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == name:
            return True
        if (
            n.type == "assignment_expression"
            and text(n.child_by_field_name("operator")) != "="
            and text(strip_expr(n.child_by_field_name("left") or n)) == name
        ):
            return True
    return False


def kept_terminated(ctx: Ctx, field: str) -> int | None:
    """The size of the member array ``field`` when the file keeps it terminated; None otherwise."""
    memo = ("member-arrays", ctx.path, ctx.parsed.content_hash, field)
    if memo not in ctx.memo:
        ctx.memo[memo] = None  # a member copied from itself proves nothing
        ctx.memo[memo] = _invariant(ctx, field)
    got = ctx.memo[memo]
    return got if isinstance(got, int) else None


def _invariant(ctx: Ctx, field: str) -> int | None:
    from .c_callers import named_in_program

    root = ctx.parsed.tree.root_node
    found = _declared(ctx, root, field)
    if found is None or named_in_program(ctx, field):
        return None
    body, size = found
    types = type_names(body)
    if not made_zero(ctx, root, field, types) or _reached_as_bytes(ctx, root, types):
        return None
    for n in walk(root):
        if n.type != "field_expression":
            continue
        f = n.child_by_field_name("field")
        if f is None or text(f) != field:
            continue
        if not _use_ok(ctx, n, size):
            return None
    return size


_FILLERS = frozenset({"fread", "read", "pread", "recv", "recvfrom", "memcpy", "memmove", "memset"})


def _reached_as_bytes(ctx: Ctx, root: Node, types: set[str]) -> bool:
    """The struct's bytes are reached other than through its members: ``offsetof()`` of it, a cast
    of an object of it to another pointer type (``(char *)t + off``), or bytes copied or read over
    an object of it that is not a plain member (``memcpy(&tab[i], ...)``, ``fread(rec, ...)``)."""
    for n in walk(root):
        if n.type == "offsetof_expression" or (n.type == "call_expression" and callee_of(n) == "offsetof"):
            if any(t in text(n) for t in types):
                return True
        elif n.type == "cast_expression":
            value = n.child_by_field_name("value")
            if value is not None and _of_types(ctx, value, types):
                return True
        elif n.type == "call_expression" and callee_of(n) in _FILLERS and call_args(n):
            args = call_args(n)
            dst = strip_expr(
                args[1]
                if callee_of(n) in {"read", "pread", "recv", "recvfrom"} and len(args) > 1
                else args[0]
            )
            while dst.type == "pointer_expression" and text(dst.child_by_field_name("operator")) == "&":
                dst = strip_expr(dst.child_by_field_name("argument") or dst)
            if dst.type != "field_expression" and _of_types(ctx, dst, types):
                if (
                    callee_of(n) == "memset"
                    and len(args) > 1
                    and const_int(ctx, args[1], enclosing_function(n)) == 0
                ):
                    continue
                return True
    return False


def _of_types(ctx: Ctx, e: Node, types: set[str]) -> bool:
    """An identifier in ``e`` (not a member name) is declared of one of ``types`` (or a pointer to
    or an array of it)."""
    root = ctx.parsed.tree.root_node
    for n in walk(e):
        if n.type != "identifier":
            continue
        decl = declaration_of(n, root)
        if decl is not None and typed(decl, types):
            return True
    return False


def _declared(ctx: Ctx, root: Node, field: str) -> tuple[Node, int] | None:
    """The one member list declaring ``field`` as a character array of constant size, and the size."""
    out: list[tuple[Node, int | None]] = []
    for body in walk(root):
        if body.type != "field_declaration_list":
            continue
        for decl in body.named_children:
            if decl.type != "field_declaration":
                continue
            for d in decl.children_by_field_name("declarator"):
                inner = d.child_by_field_name("declarator") if d.type == "array_declarator" else None
                if inner is None and d.type == "field_identifier" and text(d) == field:
                    return None  # a plain member of that name in some struct
                if inner is None or inner.type != "field_identifier" or text(inner) != field:
                    continue
                typ = decl.child_by_field_name("type")
                words = " ".join(
                    text(c) for c in decl.children if c.type in {"primitive_type", "sized_type_specifier"}
                )
                size_node = d.child_by_field_name("size")
                size = const_int(ctx, size_node, None) if size_node is not None else None
                if typ is None or " ".join(words.split()) not in _CHARS:
                    return None
                out.append((body, size))
    if len(out) != 1 or out[0][1] is None or out[0][1] < 1:
        return None
    body, size = out[0]
    return (body, size) if size is not None else None


def _use_ok(ctx: Ctx, member: Node, size: int) -> bool:
    """``member`` (a ``x->name`` node) only reads the string, or writes it as the module's doc allows."""
    cur, child = member.parent, member
    while cur is not None and cur.type == "parenthesized_expression":
        child, cur = cur, cur.parent
    if cur is None:
        return True
    if cur.type == "sizeof_expression":
        return True
    if cur.type == "subscript_expression" and cur.child_by_field_name("argument") == child:
        return _element_ok(cur)
    if cur.type == "argument_list":
        call = cur.parent
        if call is None or call.type != "call_expression":
            return False
        return _call_ok(ctx, call, call_args(call).index(child) if child in call_args(call) else -1, size)
    if cur.type in {"binary_expression", "field_expression"}:
        return cur.type == "binary_expression" and text(cur.child_by_field_name("operator")) in {
            "==",
            "!=",
        }  # compared as a pointer; `x->name + k` may be written through elsewhere
    if cur.type in {"return_statement", "init_declarator", "assignment_expression", "pointer_expression"}:
        return False  # a pointer into it kept or handed on, or its address taken
    return cur.type in {"expression_statement", "condition_clause", "parenthesized_expression"}


def _element_ok(sub: Node) -> bool:
    """``x->name[i]`` read, or ``x->name[i] = '\\0'``."""
    cur, child = sub.parent, sub
    while cur is not None and cur.type == "parenthesized_expression":
        child, cur = cur, cur.parent
    if cur is None:
        return True
    if cur.type == "assignment_expression" and cur.child_by_field_name("left") == child:
        value = cur.child_by_field_name("right")
        return (
            text(cur.child_by_field_name("operator")) == "="
            and value is not None
            and bool(_TERMINATOR.match(squash(text(strip_expr(value)))))
        )
    if cur.type == "update_expression":
        return False
    return not (cur.type == "pointer_expression" and text(cur.child_by_field_name("operator")) == "&")


def _call_ok(ctx: Ctx, call: Node, i: int, size: int) -> bool:
    callee = ctx.callee(call) or callee_of(call)
    args = call_args(call)
    func = enclosing_function(call)
    if i < 0:
        return False
    if callee in READ_ONLY_ARGS or callee in MEMBER_READERS:
        return True
    if callee in FORMAT_FUNCS and callee not in SCAN_FUNCS and i >= FORMAT_FUNCS[callee]:
        return True  # the format, or a printed argument
    if callee in COPY_FUNCS and COPY_FUNCS[callee][0] != i:
        return True  # the source of a copy
    if callee in _SIZED_WRITERS and i == 0:
        k = _SIZED_WRITERS[callee]
        n = const_int(ctx, args[k], func) if k < len(args) else None
        return n is not None and 1 <= n <= size
    if callee in SCAN_FUNCS:
        from .c_scan import scan_targets

        targets = scan_targets(ctx, call)
        here = [t for t in targets or [] if t[0] == args[i]]
        return bool(here) and all(
            conv in {"s", "["} and width is not None and width < size and not wide
            for _a, conv, width, wide in here
        )
    if callee == "memset" and i == 0:
        return len(args) > 1 and const_int(ctx, args[1], func) == 0
    if callee == "strcpy" and i == 0 and len(args) > 1:
        lit = literal_string(text(strip_expr(args[1])))
        if lit is not None:
            return len(lit) + 1 <= size
        other = member_array_max(ctx, args[1])
        if other is None:  # `if (strlen(s) > W) return -1; strcpy(p->name, s);`
            checks = constant_checks(ctx, f"strlen({squash(text(strip_expr(args[1])))})", call)
            tops = [k - 1 if op == "<" else k for op, k in checks if op in {"<", "<=", "=="}]
            other = min(tops) if tops else None
        return other is not None and other + 1 <= size
    if callee in _BYTE_COPIES and i == 0 and len(args) > 2:
        return _terminated_next(ctx, call, args[0], args[2], size)
    return not ctx.values and _writer_ok(ctx, call, i, size)


def _writer_ok(ctx: Ctx, call: Node, i: int, size: int) -> bool:
    """A function of this file handed the member as its parameter ``i`` (``copy_field(inv->cust, p,
    CUST_W)``) uses that parameter only as the rules above allow a use of the member, with the
    constants this call passes its other parameters (which it never changes): its writes leave a
    terminator inside ``size`` bytes. One call deep."""
    from dataclasses import replace

    from .c_callers import keeps_value
    from .c_provenance import definition_of

    found = definition_of(ctx, call)
    if found is None:
        return False
    octx, fdef = found
    params = param_names(fdef)
    if octx.path != ctx.path or i >= len(params):
        return False
    args = call_args(call)
    func = enclosing_function(call)
    values = {
        q: v
        for q, a in zip(params, args, strict=False)
        for v in [const_int(ctx, a, func)]
        if v is not None and keeps_value(fdef, q)
    }
    inner = replace(octx.unbound(), values=values or {"": 0})  # a non-empty mark: one call deep
    body = fdef.child_by_field_name("body")
    uses = (
        [n for n in walk(body) if n.type == "identifier" and text(n) == params[i]] if body is not None else []
    )
    return bool(uses) and all(_use_ok(inner, n, size) for n in uses)


def _terminated_next(ctx: Ctx, call: Node, dst: Node, n: Node, size: int) -> bool:
    """The statement after the copy ``call`` stores ``'\\0'`` into ``dst`` at a place inside it, and
    the copy's length is at most the size."""
    func = enclosing_function(call)
    stmt = call
    while stmt.parent is not None and stmt.type != "expression_statement":
        stmt = stmt.parent
    nxt = stmt.next_named_sibling if stmt.type == "expression_statement" else None
    if nxt is None or nxt.type != "expression_statement" or not nxt.named_children:
        return False
    assign = strip_expr(nxt.named_children[0])
    if assign.type != "assignment_expression" or text(assign.child_by_field_name("operator")) != "=":
        return False
    left = strip_expr(assign.child_by_field_name("left") or assign)
    value = assign.child_by_field_name("right")
    if left.type != "subscript_expression" or value is None:
        return False
    if not _TERMINATOR.match(squash(text(strip_expr(value)))):
        return False
    base = left.child_by_field_name("argument")
    idx = left.child_by_field_name("index")
    if base is None or idx is None or squash(text(strip_expr(base))) != squash(text(strip_expr(dst))):
        return False
    length = _at_most(ctx, n, call)
    if length is None or length > size:
        return False
    k = const_int(ctx, idx, func)
    if k is not None:
        return 0 <= k < size
    return squash(text(strip_expr(idx))) == squash(text(strip_expr(n))) and length < size


def _at_most(ctx: Ctx, n: Node, at: Node) -> int | None:
    """The largest value the length ``n`` may have at ``at`` (c_clamp.bounded_at: a constant, a clamp,
    a bound each of its definitions has where it is made, or checks holding there on a variable that
    cannot be negative)."""
    from .c_clamp import bounded_at, max_length

    func = enclosing_function(at)
    return bounded_at(ctx, n, at, func, members=False) if func is not None else max_length(ctx, n, at, None)


def kept_members_said(ctx: Ctx, args: list[Node]) -> str:
    """``" (`p->name` is a member array every write in this file keeps terminated: at most 10
    characters)"`` for the arguments that read such members, or ``""``."""
    said = [
        f"`{text(a)}` at most {got}"
        for a in args
        if strip_expr(a).type == "field_expression"
        for got in [member_array_max(ctx, a)]
        if got is not None
    ]
    if not said:
        return ""
    return (
        " (member arrays every write in this file keeps terminated, in objects that start zeroed: "
        + ", ".join(said)
        + " characters)"
    )
