"""The last byte of a byte array of static storage that nothing ever writes stays the terminator.

``static char ident[32] = "logd";`` then ``strncpy(ident, optarg, sizeof(ident) - 1)``: an array of
static storage duration (a global, or a ``static`` local) starts with every byte not given by its
initialiser zero, so ``ident[31]`` is 0. When every use of the array in the file is a read (printed,
measured, compared), the operand of ``sizeof``, or a copy into it that leaves its last byte alone
(at most ``sizeof - 1`` bytes, or a writer that terminates what it writes inside its bound), the last
byte is still 0 wherever the array is read: it is always a terminated string. The array must not be
named by another file of the program, nor its address kept in a pointer (aliases are not followed)."""

from __future__ import annotations

from tree_sitter import Node

from .c_context import Ctx
from .c_format import only_reads
from .c_spec import FORMAT_FUNCS, READ_ONLY_ARGS
from .c_strings import max_int
from .c_tree import call_args, enclosing_function, in_sizeof, in_static_declaration, strip_expr, text, walk
from .c_values import array_size, const_int, declared_in
from .values import Note

_TAIL_COPIES = frozenset({"strncpy", "memcpy", "memmove"})  # count: the third argument
_BOUNDED_TERMINATING = frozenset({"snprintf"})  # size: the second argument


def static_tail(ctx: Ctx, call: Node, dst: Node, func: Node) -> Note | None:
    """A note when the copy ``call`` into the array ``dst`` leaves a terminator that static
    initialisation put at its end and nothing in the file ever overwrites."""
    from .c_callers import named_in_program

    d = strip_expr(dst)
    if d.type != "identifier":
        return None
    name = text(d)
    local = declared_in(func, name)
    scope = func if local else ctx.parsed.tree.root_node
    size = array_size(ctx, name, func, d)
    if size is None or size < 1 or not _static_storage(scope, name, local=local):
        return None
    if not local and named_in_program(ctx, name):
        return None
    for n in walk(scope):
        if n.type != "identifier" or text(n) != name or _declares(n):
            continue
        if local is False and _shadowed(n, name):
            continue
        if not _keeps_tail(ctx, n, size):
            return None
    return ctx.note(
        call,
        f"`{name}` has static storage (its bytes start as zero) and nothing in the file writes its last "
        f"byte: `{name}[{size - 1}]` stays its terminator",
        "guard",
    )


def _static_storage(scope: Node, name: str, *, local: bool) -> bool:
    """``name`` is declared as an array at file scope (``scope`` the translation unit) or as a
    ``static`` local of ``scope``."""
    for n in walk(scope):
        if n.type == "array_declarator" and _declared_name_is(n, name):
            decl = n.parent
            while decl is not None and decl.type not in {"declaration", "function_definition"}:
                decl = decl.parent
            if decl is None or decl.type != "declaration":
                continue
            if local:
                return in_static_declaration(n)
            return enclosing_function(n) is None and not any(
                c.type == "storage_class_specifier" and text(c) == "extern" for c in decl.children
            )
    return False


def _declared_name_is(n: Node, name: str) -> bool:
    inner = n.child_by_field_name("declarator")
    return inner is not None and inner.type == "identifier" and text(inner) == name


def _declares(n: Node) -> bool:
    p = n.parent
    return p is not None and p.type == "array_declarator" and p.child_by_field_name("declarator") == n


def _shadowed(n: Node, name: str) -> bool:
    """A use inside a function that declares its own ``name`` (not the global)."""
    func = enclosing_function(n)
    return func is not None and declared_in(func, name)


def _keeps_tail(ctx: Ctx, n: Node, size: int) -> bool:
    """The use ``n`` of the array reads it, measures it, or copies into it at most ``size - 1``
    bytes (or with a writer that terminates inside ``size``)."""
    if in_sizeof(n):
        return True
    parent = n.parent
    while parent is not None and parent.type in {"parenthesized_expression", "cast_expression"}:
        parent = parent.parent
    if parent is None or parent.type != "argument_list":
        return False  # stored, indexed, assigned or compared: not followed
    call = parent.parent
    if call is None or call.type != "call_expression":
        return False
    callee = ctx.callee(call)
    args = call_args(call)
    pos = next((i for i, a in enumerate(args) if a.start_byte <= n.start_byte < a.end_byte), -1)
    if callee in READ_ONLY_ARGS or (callee in FORMAT_FUNCS and pos >= FORMAT_FUNCS[callee]):
        return True
    func = enclosing_function(call)
    if callee in _TAIL_COPIES and pos == 0 and len(args) >= 3:
        most = max_int(ctx, args[2], call, func)
        return most is not None and most <= size - 1
    if callee in _BOUNDED_TERMINATING and pos == 0 and len(args) >= 2:
        bound = const_int(ctx, args[1], func)
        return bound is not None and bound <= size
    if pos > 0 and callee in _TAIL_COPIES:
        return True  # the source of a copy: only read
    return only_reads(ctx, call)  # a function of the file that only reads what it is handed
