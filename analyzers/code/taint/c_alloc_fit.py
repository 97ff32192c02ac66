"""A copy of ``L`` bytes into a block allocated in the same function for ``L`` (or ``L + k``) bytes:
``p = malloc(n + 1); memcpy(p, s, n);``, ``p = malloc(len); memcpy(p, data, len);``,
``p = malloc(n * sizeof *p); memcpy(p, q, n * sizeof *p);``. The length is the allocated size
when both are the same expression of variables that do not change between the allocation and the
copy (the same value, even if the product wrapped); ``L + k`` more when ``L`` cannot be so large
that the sum wraps (a string's length, or a non-negative value with a known upper bound). A struct
member's block (``img->data = xmalloc(img->len); fread(img->data, 1, img->len, fp)``) counts the same
way when nothing between the store and the copy may change the member, the length or the struct."""

from __future__ import annotations

import re

from tree_sitter import Node

from .c_alloc_calls import allocation
from .c_conditions import LOOPS, dominating_store, reaching_value
from .c_context import Ctx
from .c_flow import backward_goto
from .c_tree import ancestors, call_args, callee_of, plain_definitions, squash, strip_expr, text, walk
from .c_values import const_int, declared_in, declared_type
from .values import Note

_MEASURES = frozenset({"strlen", "wcslen", "strnlen"})
_MAX_SUM = 1 << 30  # a bounded length this small plus a constant does not wrap in int or size_t


def allocated_for_length(ctx: Ctx, call: Node, dst: Node, length: Node, func: Node | None) -> Note | None:
    """A note when ``dst`` holds a block this function allocated for at least ``length`` bytes."""
    d = strip_expr(dst)
    if func is not None and d.type == "field_expression":
        return _member_allocated(ctx, call, d, length, func)
    if func is None or d.type != "identifier":
        return None
    # `p = NULL; ... p = malloc(n);` the last; `if ((p = malloc(n)) == NULL)` too
    reaching = reaching_value(ctx, text(d), call, func, in_conditions=True)
    if reaching is None:
        return None
    alloc = strip_expr(reaching)
    size = _allocated(ctx, alloc, func)
    if size is None:
        return None
    want = squash(text(strip_expr(length)))
    extra = _excess(ctx, size, want, func)
    if extra is None:
        return None
    span = (alloc.end_byte, call.start_byte)
    if not _steady(ctx, strip_expr(length), func, span, call) or backward_goto(func, unknown_labels=True):
        return None
    if extra and not _bounded(ctx, strip_expr(length), call, func) and not _source_pair(call, length, func):
        return None  # `n + 1` may wrap to a small block when n is huge
    room = f"{text(size)}" if not extra else f"{text(size)} ({extra} more than the copy)"
    return ctx.note(
        alloc,
        f"`{text(d)}` is allocated here with {room} bytes, and `{text(length)}` does not change "
        "before the copy",
        "guard",
    )


def _member_allocated(ctx: Ctx, call: Node, d: Node, length: Node, func: Node) -> Note | None:
    """``img->data = xmalloc(img->len); fread(img->data, 1, img->len, fp)``: the last store into the
    member before the copy is an allocation of exactly the copy's length (or more by a constant, when
    the length is bounded), it runs before the copy, and between the two nothing stores into the
    member, the length's parts, the struct's variable or through a pointer, and no function of the
    workspace runs (a library call handed none of them changes none of them)."""
    member = squash(text(d))
    store = dominating_store(ctx, member, call, func)
    if store is None:
        return None
    alloc = strip_expr(store.child_by_field_name("right") or store)
    size = _allocated(ctx, alloc, func)
    if size is None:
        return None
    want = strip_expr(length)
    extra = _excess(ctx, size, squash(text(want)), func)
    if extra is None or (extra and not _bounded(ctx, want, call, func)):
        return None
    if any(p.type in LOOPS for p in ancestors(call, func)) or backward_goto(func, unknown_labels=True):
        return None  # a later round may store into the member first
    field = d.child_by_field_name("field")
    names = {member, *(squash(text(n)) for n in walk(want) if n.type in {"field_expression", "identifier"})}
    bases = {text(n) for n in walk(d) if n.type == "identifier"} - {text(field) if field is not None else ""}
    fields = {text(n) for n in (*walk(d), *walk(want)) if n.type == "field_identifier"}
    for n in walk(func):
        if n.start_byte < store.end_byte or n.end_byte > call.start_byte:
            continue
        if n.type in {"assignment_expression", "update_expression"}:
            changed = n.child_by_field_name("left") or n.child_by_field_name("argument") or n
            target = squash(text(strip_expr(changed)))
            if target in names or target in bases or strip_expr(changed).type == "pointer_expression":
                return None
            if target.rsplit("->", 1)[-1].rsplit(".", 1)[-1] in fields:
                return None  # the same member through another pointer to the struct
        if (
            n.type == "call_expression"
            and n != call
            and _may_change(ctx, n, bases, {member, squash(text(want))})
        ):
            return None
    room = f"{text(size)}" if not extra else f"{text(size)} ({extra} more than the copy)"
    return ctx.note(
        alloc,
        f"`{text(d)}` is allocated here with {room} bytes, and nothing changes `{text(d)}` or "
        f"`{text(length)}` before the copy",
        "guard",
    )


def _may_change(ctx: Ctx, call: Node, bases: set[str], handed: set[str]) -> bool:
    """A call between the allocation and the copy that may store into the struct: a function of the
    workspace, or one handed the struct's variable other than as ``handed`` (the block or the length
    itself, whose values it gets)."""
    from .c_defs import definition_of

    if definition_of(ctx, call) is not None:
        return True
    for a in call_args(call):
        used = {text(x) for x in walk(a) if x.type == "identifier"}
        if used & bases and squash(text(strip_expr(a))) not in handed:
            return True
    return False


def _allocated(ctx: Ctx, alloc: Node, func: Node) -> Node | None:
    """The byte count an allocation call reserves, as an expression (calloc's count when each
    element is at least one byte, or its element size when the count is 1), through a wrapper of
    the file (c_alloc_calls)."""
    got = allocation(ctx, alloc)
    if got is None:
        return None
    kind, args = got
    if kind == "malloc":
        return strip_expr(args[0])
    if kind == "realloc":
        return strip_expr(args[1])
    each, count = const_int(ctx, args[1], func), const_int(ctx, args[0], func)
    if each is not None and each >= 1:
        return strip_expr(args[0])
    return strip_expr(args[1]) if count == 1 else None


def _excess(ctx: Ctx, size: Node, want: str, func: Node) -> int | None:
    """How many bytes ``size`` exceeds the length spelled ``want`` by (0: the same expression).
    ``n ? n : 1`` (``malloc`` of at least one byte) is ``n`` whenever ``n`` is not 0, and then the
    length is 0: it exceeds the length by as much as its first arm does."""
    if squash(text(size)) == want:
        return 0
    if size.type == "conditional_expression":
        cond = strip_expr(size.child_by_field_name("condition") or size)
        first, other = size.child_by_field_name("consequence"), size.child_by_field_name("alternative")
        inner = want.removeprefix("(size_t)")
        if first is not None and other is not None and squash(text(cond)) in {want, inner}:
            extra = _excess(ctx, strip_expr(first), want, func)
            k = const_int(ctx, other, func)
            return extra if extra is not None and k is not None and k >= 0 else None
        return None
    if size.type != "binary_expression" or text(size.child_by_field_name("operator")) != "+":
        return None
    left, right = size.child_by_field_name("left"), size.child_by_field_name("right")
    if left is None or right is None:
        return None
    for same, other in ((left, right), (right, left)):
        k = const_int(ctx, other, func)
        if squash(text(strip_expr(same))) == want and k is not None and k >= 0:
            return k
    return None


def _steady(ctx: Ctx, length: Node, func: Node, span: tuple[int, int], call: Node) -> bool:
    """Every part of ``length`` has the same value at the copy as at the allocation: local
    variables nothing else may write (no address taken) that are not assigned in between or in a
    loop around the copy, constants, ``sizeof``, and string lengths of strings nothing changes."""
    from .c_callers import quiet_between

    loops = [p for p in ancestors(call, func) if p.type in LOOPS and p.start_byte > span[0]]
    spans = [span, *((lp.start_byte, lp.end_byte) for lp in loops)]
    for n in walk(length):
        if n.type in {"sizeof_expression", "number_literal", "char_literal"}:
            continue
        if n.type == "call_expression":
            args = call_args(n)
            if callee_of(n) not in _MEASURES or not args or strip_expr(args[0]).type != "identifier":
                return False
            if not quiet_between(ctx, func, span, set()):
                return False
            continue
        if n.type == "field_expression":
            return False  # other code may store into the member between
        if n.type != "identifier" or _inside_sizeof(n, length):
            continue
        name = text(n)
        if const_int(ctx, n, func) is not None and not declared_in(func, name):
            continue  # a macro or an enumerator
        if not declared_in(func, name) or plain_definitions(func, name) is None:
            return False
        if any(_assigned_in(func, name, s) for s in spans):
            return False
    return True


def _inside_sizeof(n: Node, top: Node) -> bool:
    cur = n.parent
    while cur is not None and cur != top.parent:
        if cur.type == "sizeof_expression":
            return True
        cur = cur.parent
    return False


def _assigned_in(func: Node, name: str, span: tuple[int, int]) -> bool:
    for n in walk(func):
        if n.end_byte <= span[0] or n.start_byte >= span[1]:
            continue
        if n.type == "assignment_expression" and text(strip_expr(n.child_by_field_name("left") or n)) == name:
            return True
        if n.type == "update_expression" and text(strip_expr(n.child_by_field_name("argument") or n)) == name:
            return True
        if n.type == "init_declarator" and text(n.child_by_field_name("declarator") or n) == name:
            return True
    return False


def _bounded(ctx: Ctx, length: Node, call: Node, func: Node) -> bool:
    """``length`` plus a small constant cannot wrap: a string length, or a value known to be
    non-negative and at most :data:`_MAX_SUM`."""
    from .c_paths import cannot_be_negative, upper_bound
    from .c_strings import max_int

    if length.type == "call_expression" and callee_of(length) in _MEASURES:
        return True
    if length.type == "identifier":
        defs = plain_definitions(func, text(length))
        if defs and len(defs) == 1:
            value = strip_expr(defs[0][1])
            if value.type == "call_expression" and callee_of(value) in _MEASURES:
                return True
    top = max_int(ctx, length, call, func)
    if top is None and length.type == "identifier":
        checked = upper_bound(ctx, length, call, func)
        top = checked[0] if checked is not None else None
    return top is not None and top <= _MAX_SUM and cannot_be_negative(ctx, length, call, func)


def _source_pair(call: Node, length: Node, func: Node) -> bool:
    """The copy reads ``length`` bytes from a pointer parameter and ``length`` is another parameter,
    neither changed in the function: a (pointer, length) pair, whose length is the caller's object's
    (the same contract the read of the copy rests on), so it is far below the size that would wrap."""
    from .c_callers import keeps_value
    from .c_spec import COPY_FUNCS
    from .c_tree import param_names

    name = callee_of(call)
    args = call_args(call)
    if name not in COPY_FUNCS or COPY_FUNCS[name][1] < 0 or COPY_FUNCS[name][1] >= len(args):
        return False
    src, n = strip_expr(args[COPY_FUNCS[name][1]]), strip_expr(length)
    params = param_names(func)
    typ = declared_type(text(n), func, func) or ""
    if not re.search(r"\bsize_t\b|\bunsigned long\b|\buint64_t\b", typ):
        return False  # a narrower count wraps within the sizes an object can have
    return (
        src.type == "identifier"
        and n.type == "identifier"
        and text(src) in params
        and text(n) in params
        and keeps_value(func, text(src))
        and keeps_value(func, text(n))
    )
